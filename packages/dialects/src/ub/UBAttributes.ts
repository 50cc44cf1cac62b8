import { DialectAttr, type Attribute, type Context, type OpAsmParser, type OpAsmPrinter } from '@tilepass/ir'

const interned = new WeakMap<Context, PoisonAttr>()

/** `#ub.poison`: the value of a fully poisoned constant (the default value of `ub.poison`). */
export class PoisonAttr extends DialectAttr {
  readonly dialectNamespace: string = 'ub'
  /** Marks an implementation of MLIR's `PoisonAttrInterface`. */
  readonly isPoisonAttr = true as const
  /** @internal Use `PoisonAttr.get`. */
  constructor(context: Context) {
    super(context)
  }
  /** The interned `#ub.poison` of `context`. */
  static get(context: Context): PoisonAttr {
    let attr = interned.get(context)
    if (attr === undefined) {
      attr = new PoisonAttr(context)
      interned.set(context, attr)
    }
    return attr
  }
}

/**
 * Whether `attr` implements the poison attribute interface (MLIR's `PoisonAttrInterface`):
 * `#ub.poison`, or an attribute of another dialect with `isPoisonAttr === true`.
 */
export function isPoisonAttr(attr: Attribute | null | undefined): boolean {
  return attr !== null && attr !== undefined && (attr as { isPoisonAttr?: unknown }).isPoisonAttr === true
}

/** Parses a `#ub` attribute after the dialect name: `poison` (or `<poison>`). */
export function parseUBAttribute(parser: OpAsmParser): Attribute | undefined {
  const bracketed = parser.parseOptionalLess()
  const loc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  if (mnemonic === undefined) {
    return undefined
  }
  if (mnemonic !== 'poison') {
    parser.emitError(loc, `unknown attribute \`${mnemonic}\` in dialect \`ub\``).report()
    return undefined
  }
  if (bracketed && !parser.parseGreater()) {
    return undefined
  }
  return PoisonAttr.get(parser.context)
}

/** Prints the body of a `#ub` attribute (after `#ub.`). */
export function printUBAttribute(attr: Attribute, printer: OpAsmPrinter): void {
  if (attr instanceof PoisonAttr) {
    printer.print('poison')
  }
}
