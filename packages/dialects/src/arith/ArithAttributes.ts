import { type Attribute, DialectAttr, IntegerAttr, IntegerType, type Context, type OpAsmParser, type OpAsmPrinter } from '@tilepass/ir'

/**
 * The flag attributes of one context, indexed by their bits: every arith op of a parsed
 * module asks for one, so the lookup is two array reads, with no key built or closure made.
 * Dialect attributes are interned here, per context, since the core uniquer is internal to
 * @tilepass/ir.
 */
class FlagAttrs {
  readonly fastmath: (FastMathFlagsAttr | null)[] = new Array<FastMathFlagsAttr | null>(128).fill(null)
  readonly overflow: (IntegerOverflowFlagsAttr | null)[] = [null, null, null, null]
}

const flagAttrs = new WeakMap<Context, FlagAttrs>()

function flagAttrsOf(context: Context): FlagAttrs {
  let attrs = flagAttrs.get(context)
  if (attrs === undefined) {
    attrs = new FlagAttrs()
    flagAttrs.set(context, attrs)
  }
  return attrs
}

/** Bits of `#arith.fastmath<...>`, as `arith::FastMathFlags`. */
export const FastMathFlags = {
  none: 0,
  reassoc: 1,
  nnan: 2,
  ninf: 4,
  nsz: 8,
  arcp: 16,
  contract: 32,
  afn: 64,
  fast: 127,
} as const

/** Bits of `#arith.overflow<...>`, as `arith::IntegerOverflowFlags`. */
export const IntegerOverflowFlags = { none: 0, nsw: 1, nuw: 2 } as const

const FASTMATH_BITS: readonly (readonly [string, number])[] = [
  ['reassoc', 1],
  ['nnan', 2],
  ['ninf', 4],
  ['nsz', 8],
  ['arcp', 16],
  ['contract', 32],
  ['afn', 64],
]
const FASTMATH_NAMES: readonly string[] = ['none', 'reassoc', 'nnan', 'ninf', 'nsz', 'arcp', 'contract', 'afn', 'fast']
const OVERFLOW_BITS: readonly (readonly [string, number])[] = [
  ['nsw', 1],
  ['nuw', 2],
]
const OVERFLOW_NAMES: readonly string[] = ['none', 'nsw', 'nuw']

/** `#arith.fastmath<nnan,ninf>`: fast-math flags of a floating-point op (a bit set of `FastMathFlags`). */
export class FastMathFlagsAttr extends DialectAttr {
  readonly dialectNamespace: string = 'arith'
  /** @internal Use `FastMathFlagsAttr.get`. */
  constructor(
    context: Context,
    readonly value: number,
  ) {
    super(context)
  }
  /** The interned attribute for the flag bits `value`. */
  static get(context: Context, value: number): FastMathFlagsAttr {
    const v = value & FastMathFlags.fast
    const table = flagAttrsOf(context).fastmath
    return (table[v] ??= new FastMathFlagsAttr(context, v))
  }
  /** True when every bit of `flags` is set. */
  has(flags: number): boolean {
    return (this.value & flags) === flags
  }
}

/** `#arith.overflow<nsw, nuw>`: no-wrap flags of an integer op (a bit set of `IntegerOverflowFlags`). */
export class IntegerOverflowFlagsAttr extends DialectAttr {
  readonly dialectNamespace: string = 'arith'
  /** @internal Use `IntegerOverflowFlagsAttr.get`. */
  constructor(
    context: Context,
    readonly value: number,
  ) {
    super(context)
  }
  /** The interned attribute for the flag bits `value`. */
  static get(context: Context, value: number): IntegerOverflowFlagsAttr {
    const v = value & 3
    const table = flagAttrsOf(context).overflow
    return (table[v] ??= new IntegerOverflowFlagsAttr(context, v))
  }
  /** True when every bit of `flags` is set. */
  has(flags: number): boolean {
    return (this.value & flags) === flags
  }
}

function bitsToString(value: number, all: number, bits: readonly (readonly [string, number])[], sep: string): string {
  if (value === 0) {
    return 'none'
  }
  if (all !== 0 && value === all) {
    return 'fast'
  }
  let out = ''
  for (const [name, bit] of bits) {
    if ((value & bit) !== 0) {
      out += out.length === 0 ? name : sep + name
    }
  }
  return out
}

/** The body of `#arith.fastmath<...>` between the angle brackets: `fast`, `none`, or `nnan,ninf`. */
export function stringifyFastMathFlags(value: number): string {
  return bitsToString(value, FastMathFlags.fast, FASTMATH_BITS, ',')
}

/** The body of `#arith.overflow<...>` between the angle brackets: `none`, `nsw` or `nsw, nuw`. */
export function stringifyOverflowFlags(value: number): string {
  return bitsToString(value, 0, OVERFLOW_BITS, ', ')
}

function parseBitEnum(
  parser: OpAsmParser,
  names: readonly string[],
  lookup: (name: string) => number | undefined,
  cppName: string,
  attrName: string,
): number | undefined {
  if (!parser.parseLess()) {
    return undefined
  }
  return parseBitEnumAfterLess(parser, names, lookup, cppName, attrName)
}

function parseBitEnumAfterLess(
  parser: OpAsmParser,
  names: readonly string[],
  lookup: (name: string) => number | undefined,
  cppName: string,
  attrName: string,
): number | undefined {
  let value = 0
  for (;;) {
    const loc = parser.getCurrentLocation()
    const word = parser.parseOptionalKeywordAny() ?? parser.parseOptionalString()
    if (word === undefined) {
      parser.emitError(loc, 'expected valid keyword or string').report()
      parser.emitError(parser.getCurrentLocation(), `failed to parse ${attrName} parameter 'value' which is to be a \`${cppName}\``).report()
      return undefined
    }
    const bit = lookup(word)
    if (bit === undefined) {
      parser.emitError(loc, `expected ${cppName} to be one of: ${names.join(', ')}`).report()
      parser.emitError(parser.getCurrentLocation(), `failed to parse ${attrName} parameter 'value' which is to be a \`${cppName}\``).report()
      return undefined
    }
    value |= bit
    if (!parser.parseOptionalComma()) {
      break
    }
  }
  if (!parser.parseGreater()) {
    return undefined
  }
  return value
}

function fastMathBit(name: string): number | undefined {
  return Object.prototype.hasOwnProperty.call(FastMathFlags, name) ? FastMathFlags[name as keyof typeof FastMathFlags] : undefined
}

function overflowBit(name: string): number | undefined {
  return Object.prototype.hasOwnProperty.call(IntegerOverflowFlags, name) ? IntegerOverflowFlags[name as keyof typeof IntegerOverflowFlags] : undefined
}

/** Parses `<nnan,ninf>` (the form used after the `fastmath` keyword in custom op syntax). */
export function parseFastMathFlagsBody(parser: OpAsmParser): FastMathFlagsAttr | undefined {
  const v = parseBitEnum(parser, FASTMATH_NAMES, fastMathBit, '::mlir::arith::FastMathFlags', 'Arith_FastMathAttr')
  return v === undefined ? undefined : FastMathFlagsAttr.get(parser.context, v)
}

/** Parses `<nnan,ninf>` if the next token is `<`: null when absent, undefined on error. */
export function parseOptionalFastMathFlagsBody(parser: OpAsmParser): FastMathFlagsAttr | null | undefined {
  if (!parser.parseOptionalLess()) {
    return null
  }
  const v = parseBitEnumAfterLess(parser, FASTMATH_NAMES, fastMathBit, '::mlir::arith::FastMathFlags', 'Arith_FastMathAttr')
  return v === undefined ? undefined : FastMathFlagsAttr.get(parser.context, v)
}

/** Prints `<nnan,ninf>` for `attr`. */
export function printFastMathFlagsBody(attr: FastMathFlagsAttr, printer: OpAsmPrinter): void {
  printer.print(`<${stringifyFastMathFlags(attr.value)}>`)
}

/** Parses `<nsw, nuw>` (the form used after the `overflow` keyword in custom op syntax). */
export function parseOverflowFlagsBody(parser: OpAsmParser): IntegerOverflowFlagsAttr | undefined {
  const v = parseBitEnum(parser, OVERFLOW_NAMES, overflowBit, '::mlir::arith::IntegerOverflowFlags', 'Arith_IntegerOverflowAttr')
  return v === undefined ? undefined : IntegerOverflowFlagsAttr.get(parser.context, v)
}

/** Parses `<nsw, nuw>` if the next token is `<`: null when absent, undefined on error. */
export function parseOptionalOverflowFlagsBody(parser: OpAsmParser): IntegerOverflowFlagsAttr | null | undefined {
  if (!parser.parseOptionalLess()) {
    return null
  }
  const v = parseBitEnumAfterLess(parser, OVERFLOW_NAMES, overflowBit, '::mlir::arith::IntegerOverflowFlags', 'Arith_IntegerOverflowAttr')
  return v === undefined ? undefined : IntegerOverflowFlagsAttr.get(parser.context, v)
}

/** Prints `<nsw, nuw>` for `attr`. */
export function printOverflowFlagsBody(attr: IntegerOverflowFlagsAttr, printer: OpAsmPrinter): void {
  printer.print(`<${stringifyOverflowFlags(attr.value)}>`)
}

/** Parses the body of an `#arith.` attribute (after `#arith.`): `fastmath<...>` or `overflow<...>`. */
export function parseArithAttribute(parser: OpAsmParser): Attribute | undefined {
  const loc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  if (mnemonic === undefined) {
    return undefined
  }
  if (mnemonic === 'fastmath') {
    return parseFastMathFlagsBody(parser)
  }
  if (mnemonic === 'overflow') {
    return parseOverflowFlagsBody(parser)
  }
  parser.emitError(loc, `unknown attribute \`${mnemonic}\` in dialect \`arith\``).report()
  return undefined
}

/** Prints the body of an `#arith.` attribute (after `#arith.`). */
export function printArithAttribute(attr: Attribute, printer: OpAsmPrinter): void {
  if (attr instanceof FastMathFlagsAttr) {
    printer.print('fastmath')
    printFastMathFlagsBody(attr, printer)
  } else if (attr instanceof IntegerOverflowFlagsAttr) {
    printer.print('overflow')
    printOverflowFlagsBody(attr, printer)
  }
}

// ---- Integer enums (stored as plain integer attributes, spelled as keywords in custom syntax) ----

/** `arith.cmpi` predicates in enum order (the stored `predicate = N : i64` is the index). */
export const CmpIPredicateNames: readonly string[] = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge']

/** `arith.cmpf` predicates in enum order (the stored `predicate = N : i64` is the index). */
export const CmpFPredicateNames: readonly string[] = [
  'false',
  'oeq',
  'ogt',
  'oge',
  'olt',
  'ole',
  'one',
  'ord',
  'ueq',
  'ugt',
  'uge',
  'ult',
  'ule',
  'une',
  'uno',
  'true',
]

/** `arith.truncf` rounding modes in enum order (stored as `roundingmode = N : i32`). */
export const RoundingModeNames: readonly string[] = ['to_nearest_even', 'downward', 'upward', 'toward_zero', 'to_nearest_away']

/** `arith::CmpIPredicate` values. */
export const CmpIPredicate = { eq: 0, ne: 1, slt: 2, sle: 3, sgt: 4, sge: 5, ult: 6, ule: 7, ugt: 8, uge: 9 } as const

/** `arith::CmpFPredicate` values. */
export const CmpFPredicate = {
  AlwaysFalse: 0,
  OEQ: 1,
  OGT: 2,
  OGE: 3,
  OLT: 4,
  OLE: 5,
  ONE: 6,
  ORD: 7,
  UEQ: 8,
  UGT: 9,
  UGE: 10,
  ULT: 11,
  ULE: 12,
  UNE: 13,
  UNO: 14,
  AlwaysTrue: 15,
} as const

/** The `N : i64` attribute storing an I64 enum case. */
export function getI64EnumAttr(context: Context, value: number): IntegerAttr {
  return IntegerAttr.get(IntegerType.get(context, 64), value)
}

/** True when `attr` is an `i64` integer attribute holding a case of an enum with `count` cases. */
export function isI64EnumCase(attr: Attribute, count: number): attr is IntegerAttr {
  return (
    attr instanceof IntegerAttr &&
    attr.type instanceof IntegerType &&
    attr.type.width === 64 &&
    attr.type.isSignless &&
    attr.value >= 0n &&
    attr.value < BigInt(count)
  )
}

/** True when `attr` is an `i32` integer attribute holding a case of an enum with `count` cases. */
export function isI32EnumCase(attr: Attribute, count: number): attr is IntegerAttr {
  return (
    attr instanceof IntegerAttr &&
    attr.type instanceof IntegerType &&
    attr.type.width === 32 &&
    attr.type.isSignless &&
    attr.value >= 0n &&
    attr.value < BigInt(count)
  )
}
