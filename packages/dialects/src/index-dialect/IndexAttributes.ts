import { DialectAttr, type Attribute, type Context, type OpAsmParser, type OpAsmPrinter } from '@tilepass/ir'

/** `index.cmp` predicates in enum order (`IndexCmpPredicate`). */
export const IndexCmpPredicateNames: readonly string[] = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge']

const interned = new WeakMap<Context, IndexCmpPredicateAttr[]>()

/** `#index<cmp_predicate slt>`: the predicate of an `index.cmp` (an index into `IndexCmpPredicateNames`). */
export class IndexCmpPredicateAttr extends DialectAttr {
  readonly dialectNamespace: string = 'index'
  /** @internal Use `IndexCmpPredicateAttr.get`. */
  constructor(
    context: Context,
    readonly value: number,
  ) {
    super(context)
  }
  /** The interned attribute for predicate `value` (0 to 9). */
  static get(context: Context, value: number): IndexCmpPredicateAttr {
    let table = interned.get(context)
    if (table === undefined) {
      table = []
      interned.set(context, table)
    }
    let attr = table[value]
    if (attr === undefined) {
      attr = new IndexCmpPredicateAttr(context, value)
      table[value] = attr
    }
    return attr
  }
  /** The predicate's keyword (`slt`). */
  get keyword(): string {
    return IndexCmpPredicateNames[this.value]!
  }
}

/** Parses a predicate keyword (`slt`) as an `IndexCmpPredicateAttr`; undefined after a diagnostic. */
export function parseIndexCmpPredicate(parser: OpAsmParser): IndexCmpPredicateAttr | undefined {
  const loc = parser.getCurrentLocation()
  const kw = parser.parseOptionalKeywordAny() ?? parser.parseOptionalString()
  const value = kw === undefined ? -1 : IndexCmpPredicateNames.indexOf(kw)
  if (value < 0) {
    parser.emitError(loc, `expected ::mlir::index::IndexCmpPredicate to be one of: ${IndexCmpPredicateNames.join(', ')}`).report()
    return undefined
  }
  return IndexCmpPredicateAttr.get(parser.context, value)
}

/** Parses an `#index` attribute after the dialect name: `<cmp_predicate slt>`. */
export function parseIndexAttribute(parser: OpAsmParser): Attribute | undefined {
  const bracketed = parser.parseOptionalLess()
  const loc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  if (mnemonic === undefined) {
    return undefined
  }
  if (mnemonic !== 'cmp_predicate') {
    parser.emitError(loc, `unknown attribute \`${mnemonic}\` in dialect \`index\``).report()
    return undefined
  }
  const attr = parseIndexCmpPredicate(parser)
  if (attr === undefined || (bracketed && !parser.parseGreater())) {
    return undefined
  }
  return attr
}

/** Prints the body of an `#index<...>` attribute. */
export function printIndexAttribute(attr: Attribute, printer: OpAsmPrinter): void {
  if (attr instanceof IndexCmpPredicateAttr) {
    printer.print(`cmp_predicate ${attr.keyword}`)
  }
}
