/** Attributes of the `vector` dialect: `#vector.kind<add>` (`CombiningKind`). */
import { DialectAttr, attrConstraint, type Attribute, type AttrConstraint, type Context, type OpAsmParser, type OpAsmPrinter } from '@tilepass/ir'

/** The cases of `vector::CombiningKind`, in enum order. */
export const CombiningKinds: readonly string[] = ['add', 'mul', 'minui', 'minsi', 'minnumf', 'maxui', 'maxsi', 'maxnumf', 'and', 'or', 'xor', 'maximumf', 'minimumf']

const interned = new WeakMap<Context, CombiningKindAttr[]>()

/** `#vector.kind<add>`: how a reduction or contraction combines elements (a case of `CombiningKinds`). */
export class CombiningKindAttr extends DialectAttr {
  readonly dialectNamespace: string = 'vector'
  /** @internal Use `CombiningKindAttr.get`. */
  constructor(
    context: Context,
    readonly kind: string,
  ) {
    super(context)
  }
  /** The interned attribute of `kind` (one of `CombiningKinds`). */
  static get(context: Context, kind: string): CombiningKindAttr {
    let table = interned.get(context)
    if (table === undefined) {
      table = []
      interned.set(context, table)
    }
    const i = CombiningKinds.indexOf(kind)
    return (table[i] ??= new CombiningKindAttr(context, kind))
  }
}

/** Parses `<add>` (the attribute's parameters, as an op's assembly format spells it). */
function parseKindBody(parser: OpAsmParser): CombiningKindAttr | undefined {
  if (!parser.parseLess()) {
    return undefined
  }
  const loc = parser.getCurrentLocation()
  const kw = parser.parseOptionalKeywordAny()
  if (kw === undefined || !CombiningKinds.includes(kw)) {
    parser.emitError(loc, `expected ::mlir::vector::CombiningKind to be one of: ${CombiningKinds.join(', ')}`).report()
    parser.emitError(parser.getCurrentLocation(), "failed to parse Vector_CombiningKindAttr parameter 'value' which is to be a `::mlir::vector::CombiningKind`").report()
    return undefined
  }
  return parser.parseGreater() ? CombiningKindAttr.get(parser.context, kw) : undefined
}

/** `Vector_CombiningKindAttr`, spelled `<add>` in assembly formats. */
export const CombiningKindAttrC: AttrConstraint = attrConstraint('Kind of combining function for contractions and reductions', (a) => a instanceof CombiningKindAttr, {
  parse: (parser) => parseKindBody(parser),
  print: (attr, printer) => printer.print(`<${(attr as CombiningKindAttr).kind}>`),
})

/** Parses a `#vector` attribute after the dialect name: `.kind<add>`. */
export function parseVectorAttribute(parser: OpAsmParser): Attribute | undefined {
  const loc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  if (mnemonic === undefined) {
    return undefined
  }
  if (mnemonic !== 'kind') {
    parser.emitError(loc, `unknown attribute \`${mnemonic}\` in dialect \`vector\``).report()
    return undefined
  }
  return parseKindBody(parser)
}

/** Prints the body of a `#vector` attribute (`kind<add>`). */
export function printVectorAttribute(attr: Attribute, printer: OpAsmPrinter): void {
  if (attr instanceof CombiningKindAttr) {
    printer.print(`kind<${attr.kind}>`)
  }
}
