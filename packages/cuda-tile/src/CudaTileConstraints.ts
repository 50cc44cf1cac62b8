/**
 * ODS constraints of the cuda_tile dialect, keyed by the names the op table uses
 * (`CudaTile_IntTileType`, `Variadic<CudaTile_TileType>`, `OptionalAttr<...>`, ...), with
 * ODS's summaries so that verifier messages read as cuda-tile-opt's
 * ("must be tile of i1 or i8 or i16 or i32 or i64 values").
 */
import {
  ArrayAttrC,
  BoolAttrC,
  DenseElementsAttr,
  DenseI32ArrayAttr,
  DictArrayAttr,
  FlatSymbolRefAttr,
  FloatType,
  FunctionTypeAttr,
  I32Attr,
  I64Attr,
  IntegerAttr,
  IntegerType,
  StrAttr,
  StringAttr,
  SymbolNameAttr,
  UnitAttrC,
  attrConstraint,
  defaultValuedAttr,
  intEnumAttr,
  optional,
  optionalAttr,
  typeConstraint,
  variadic,
  type AttrConstraint,
  type AttrSpec,
  type Context,
  type Attribute,
  type OperandConstraint,
  type OpAsmParser,
  type Type,
  type TypeConstraint,
} from '@tilepass/ir'
import {
  BoundedAttr,
  CudaTileEnumAttr,
  DivByAttr,
  OptimizationHintsAttr,
  SameElementsAttr,
  parseOptimizationHintsBody,
  printOptimizationHintsBody,
} from './CudaTileAttributes.ts'
import { AtomicRMWModeNames, EnumAttrCases, MemoryOrderingNames, MemoryScopeNames } from './CudaTileEnums.ts'
import {
  GatherScatterViewType,
  PartitionViewType,
  PointerType,
  StridedViewType,
  TensorViewType,
  TileType,
  TileViewType,
  TokenType,
  CudaTileType,
} from './CudaTileTypes.ts'

// ---- element types --------------------------------------------------------------------

interface ElementKind {
  readonly summary: string
  check(t: Type): boolean
}

const intElem = (w: number): ElementKind => ({ summary: `i${w}`, check: (t) => t instanceof IntegerType && t.isSignless && t.width === w })
const floatElem = (k: string): ElementKind => ({ summary: k, check: (t) => t instanceof FloatType && t.kind === k })
const ptrElem: ElementKind = { summary: 'Pointer type', check: (t) => t instanceof PointerType }

const E: Readonly<Record<string, ElementKind>> = {
  CudaTile_Int1: intElem(1),
  CudaTile_Int4: intElem(4),
  CudaTile_Int8: intElem(8),
  CudaTile_Int16: intElem(16),
  CudaTile_Int32: intElem(32),
  CudaTile_Int64: intElem(64),
  CudaTile_Float16: floatElem('f16'),
  CudaTile_BFloat16: floatElem('bf16'),
  CudaTile_Float32: floatElem('f32'),
  CudaTile_TFloat32: floatElem('tf32'),
  CudaTile_Float64: floatElem('f64'),
  CudaTile_Float8E4M3FN: floatElem('f8E4M3FN'),
  CudaTile_Float8E5M2: floatElem('f8E5M2'),
  CudaTile_Float8E8M0FNU: floatElem('f8E8M0FNU'),
  CudaTile_Float4E2M1FN: floatElem('f4E2M1FN'),
  CudaTile_PointerType: ptrElem,
}

const INTS = ['CudaTile_Int1', 'CudaTile_Int8', 'CudaTile_Int16', 'CudaTile_Int32', 'CudaTile_Int64']
const BASE_FLOATS = ['CudaTile_Float16', 'CudaTile_BFloat16', 'CudaTile_Float32', 'CudaTile_Float64']
const FLOATS = [...BASE_FLOATS, 'CudaTile_TFloat32', 'CudaTile_Float8E4M3FN', 'CudaTile_Float8E5M2', 'CudaTile_Float8E8M0FNU', 'CudaTile_Float4E2M1FN']
const NUMBERS = [...INTS, ...FLOATS]

/** Named element lists (`CudaTile_TileOf<[...]>` instances of the spec). */
const TILE_OF: Readonly<Record<string, { elems: readonly string[]; summary?: string }>> = {
  CudaTile_IntTileType: { elems: INTS },
  CudaTile_IntTileInt64Type: { elems: ['CudaTile_Int64'] },
  CudaTile_BaseFloatTileType: { elems: BASE_FLOATS },
  CudaTile_FloatTileType: { elems: FLOATS },
  CudaTile_NumberTileType: { elems: NUMBERS },
  CudaTile_PointerTileType: { elems: ['CudaTile_PointerType'] },
  CudaTile_FmaTile: { elems: BASE_FLOATS },
  ExtIOp_IntegerType: { elems: [...INTS, 'CudaTile_Int4'] },
  TruncIOp_IntegerType: { elems: [...INTS, 'CudaTile_Int4'] },
  PackOp_UnpackedType: { elems: [...NUMBERS, 'CudaTile_Int4'] },
  UnpackOp_UnpackedType: { elems: [...NUMBERS, 'CudaTile_Int4'] },
  MmaFOp_OperandTileType: {
    elems: ['CudaTile_Float16', 'CudaTile_BFloat16', 'CudaTile_Float32', 'CudaTile_Float64', 'CudaTile_TFloat32', 'CudaTile_Float8E4M3FN', 'CudaTile_Float8E5M2'],
    summary: 'mmaf operand tile type',
  },
  MmaFOp_ResultTileType: { elems: ['CudaTile_Float16', 'CudaTile_Float32', 'CudaTile_Float64'], summary: 'mmaf acc/result tile type' },
  MmaFScaledOp_OperandTileType: { elems: ['CudaTile_Float8E4M3FN', 'CudaTile_Float8E5M2', 'CudaTile_Float4E2M1FN'], summary: 'mmaf_scaled operand tile type' },
  MmaFScaledOp_ScaleTileType: { elems: ['CudaTile_Float8E4M3FN', 'CudaTile_Float8E8M0FNU'], summary: 'mmaf_scaled scale tile type' },
  MmaFScaledOp_ResultTileType: { elems: ['CudaTile_Float32'], summary: 'mmaf_scaled result tile type' },
  MmaIOp_OperandTileType: { elems: ['CudaTile_Int8'], summary: 'mmai operand tile type' },
}

/** `CudaTile_TileOf<[...]>` (optionally restricted to `ranks`). */
export function tileOf(elems: readonly string[], ranks?: readonly number[], summaryPrefix?: string, build?: (context: Context) => Type): TypeConstraint {
  const kinds = elems.map((e) => E[e]!)
  const prefix = summaryPrefix ?? (ranks !== undefined ? ranks.map((r) => `${r}D`).join('/') + ' tile' : 'tile')
  const summary = `${prefix} of ${kinds.map((k) => k.summary).join(' or ')} values`
  return typeConstraint(summary, (t) => t instanceof TileType && (ranks === undefined || ranks.includes(t.rank)) && kinds.some((k) => k.check(t.elementType)), build)
}

/** The buildable scalar element types (`CudaTile_ScalarTileOf<CudaTile_Int32>` is buildable). */
const BUILD_ELEM: Readonly<Record<string, (context: Context) => Type>> = {
  CudaTile_Int1: (c) => IntegerType.get(c, 1),
  CudaTile_Int8: (c) => IntegerType.get(c, 8),
  CudaTile_Int16: (c) => IntegerType.get(c, 16),
  CudaTile_Int32: (c) => IntegerType.get(c, 32),
  CudaTile_Int64: (c) => IntegerType.get(c, 64),
}

const TileTypeC = typeConstraint('Tile type', (t) => t instanceof TileType)
const TokenTypeC = typeConstraint('cuda tile token type', (t) => t instanceof TokenType, (c) => TokenType.get(c))
const AnyTypeC = typeConstraint('any type', () => true)
const CudaTileAnyTypeC = typeConstraint(
  [...NUMBERS.map((n) => E[n]!.summary), 'CudaTileType'].join(' or '),
  (t) => t instanceof CudaTileType || t instanceof TileType || NUMBERS.some((n) => E[n]!.check(t)),
)

function scalarTileOf(inner: string): TypeConstraint {
  if (inner === 'CudaTile_AnyInt') {
    return tileOf(INTS, [0])
  }
  const b = BUILD_ELEM[inner]
  return tileOf([inner], [0], undefined, b === undefined ? undefined : (c) => TileType.get([], b(c)))
}

/** The type constraint named `name` in the op table. */
export function typeConstraintNamed(name: string): OperandConstraint {
  const v = /^Variadic<(.*)>$/.exec(name)
  if (v !== null) {
    return variadic(typeConstraintNamed(v[1]!) as TypeConstraint)
  }
  const o = /^Optional<(.*)>$/.exec(name)
  if (o !== null) {
    return optional(typeConstraintNamed(o[1]!) as TypeConstraint)
  }
  const s = /^CudaTile_ScalarTileOf<(\w+)>$/.exec(name)
  if (s !== null) {
    return scalarTileOf(s[1]!)
  }
  const t = /^CudaTile_TileOf<\[([^\]]*)\](?:, \[[^\]]*\], "([^"]*)")?>$/.exec(name)
  if (t !== null) {
    return tileOf(t[1]!.split(',').map((x) => x.trim()), undefined, t[2])
  }
  const named = TILE_OF[name]
  if (named !== undefined) {
    return tileOf(named.elems, undefined, named.summary)
  }
  switch (name) {
    case 'AnyType':
      return AnyTypeC
    case 'CudaTile_AnyType':
      return CudaTileAnyTypeC
    case 'CudaTile_TileType':
      return TileTypeC
    case 'CudaTile_TokenType':
      return TokenTypeC
    case 'CudaTile_TileView':
      return typeConstraint('TileView instance', (x) => x instanceof TileViewType)
    case 'CudaTile_TensorViewType':
      return typeConstraint('tensor view type', (x) => x instanceof TensorViewType)
    case 'CudaTile_PartitionViewType':
      return typeConstraint('partition view type', (x) => x instanceof PartitionViewType)
    case 'CudaTile_StridedViewType':
      return typeConstraint('strided view type', (x) => x instanceof StridedViewType)
    case 'CudaTile_GatherScatterViewType':
      return typeConstraint('gather/scatter view type', (x) => x instanceof GatherScatterViewType)
    default:
      throw new Error(`cuda_tile: unknown type constraint ${name}`)
  }
}

// ---- attributes -----------------------------------------------------------------------

/** An enum attribute (`#cuda_tile.<mnemonic><case>`), spelled `<case>` in formats. */
export function cudaTileEnumAttrC(mnemonic: string, summary: string): AttrConstraint {
  const cases = EnumAttrCases[mnemonic]!
  const parse = (parser: OpAsmParser): Attribute | undefined => {
    if (!parser.parseLess()) {
      return undefined
    }
    const loc = parser.getCurrentLocation()
    const kw = parser.parseKeywordOrUndefined()
    if (kw === undefined) {
      return undefined
    }
    const v = cases.indexOf(kw)
    if (v < 0) {
      parser.emitError(loc, `expected ${mnemonic} to be one of: ${cases.map((c) => `'${c}'`).join(', ')}`).report()
      return undefined
    }
    if (!parser.parseGreater()) {
      return undefined
    }
    return CudaTileEnumAttr.get(parser.context, mnemonic, v)
  }
  return attrConstraint(summary, (a) => a instanceof CudaTileEnumAttr && a.mnemonic === mnemonic, {
    parse,
    parseOptional: (parser) => (parser.parseOptionalLess() ? reparseEnum(parser, mnemonic, cases) : null),
    print: (attr, printer) => printer.print(`<${(attr as CudaTileEnumAttr).caseName}>`),
  })
}

function reparseEnum(parser: OpAsmParser, mnemonic: string, cases: readonly string[]): Attribute | undefined {
  const kw = parser.parseKeywordOrUndefined()
  if (kw === undefined) {
    return undefined
  }
  const v = cases.indexOf(kw)
  if (v < 0 || !parser.parseGreater()) {
    return undefined
  }
  return CudaTileEnumAttr.get(parser.context, mnemonic, v)
}

/** `CudaTile_OptimizationHintsAttr`, spelled `<...>` in formats. */
export const OptimizationHintsAttrC: AttrConstraint = attrConstraint('', (a) => a instanceof OptimizationHintsAttr, {
  parse: (parser) => parseOptimizationHintsBody(parser),
  print: (attr, printer) => printOptimizationHintsBody(attr as OptimizationHintsAttr, printer),
})

const enumCases = (names: readonly string[]): { keyword: string; value: number }[] => names.map((keyword, value) => ({ keyword, value }))

/** The I32 enums stored as integer attributes. */
export const MemoryOrderingAttrC: AttrConstraint = intEnumAttr(32, enumCases(MemoryOrderingNames))
export const MemoryScopeAttrC: AttrConstraint = intEnumAttr(32, enumCases(MemoryScopeNames))
export const AtomicRMWModeAttrC: AttrConstraint = intEnumAttr(32, enumCases(AtomicRMWModeNames))

const denseTypedElements = attrConstraint('dense typed elements attribute', (a) => a instanceof DenseElementsAttr)
const assumePredicate = attrConstraint(
  'AssumePredicateAttrInterface instance',
  (a) => a instanceof DivByAttr || a instanceof SameElementsAttr || a instanceof BoundedAttr,
)

/** `StrAttr` as ODS formats read it: a string literal without a trailing `: type`. */
const StrAttrNoType: AttrConstraint = attrConstraint(StrAttr.summary, (a) => StrAttr.check(a), {
  parse(parser) {
    const v = parser.parseOptionalString()
    // Not a string: parsed as any attribute (then reported by the constraint), as ODS does.
    return v === undefined ? parser.parseAttribute() : StringAttr.get(parser.context, v)
  },
  parseOptional(parser) {
    const v = parser.parseOptionalString()
    return v === undefined ? null : StringAttr.get(parser.context, v)
  },
  print: (attr, printer) => printer.printString((attr as StringAttr).value),
})

function baseAttr(name: string): AttrConstraint {
  switch (name) {
    case 'CudaTile_SignednessAttr':
      return cudaTileEnumAttrC('signedness', 'signedness')
    case 'CudaTile_IntegerOverflowAttr':
      return cudaTileEnumAttrC('overflow', 'Integer overflow behavior')
    case 'CudaTile_RoundingModeAttr':
      return cudaTileEnumAttrC('rounding', 'rounding mode')
    case 'CudaTile_ComparisonOrderingAttr':
      return cudaTileEnumAttrC('comparison_ordering', 'comparison_ordering')
    case 'CudaTile_ComparisonPredicateAttr':
      return cudaTileEnumAttrC('comparison_predicate', 'cmp_predicate')
    case 'CudaTile_SymbolVisibilityAttr':
      return cudaTileEnumAttrC('symbol_visibility', 'symbol visibility')
    case 'CudaTile_MemoryOrderingSemanticsAttr':
      return MemoryOrderingAttrC
    case 'CudaTile_MemoryScopeAttr':
      return MemoryScopeAttrC
    case 'CudaTile_AtomicRMWModeAttr':
      return AtomicRMWModeAttrC
    case 'CudaTile_OptimizationHintsAttr':
      return OptimizationHintsAttrC
    case 'CudaTile_AssumePredicateAttrInterface':
      return assumePredicate
    case 'CudaTile_BytecodeTestPriorityAttr':
    case 'CudaTile_BytecodeTestValueAttr':
      return attrConstraint('test attribute', (a) => a instanceof IntegerAttr || a instanceof CudaTileEnumAttr)
    case 'Builtin_DenseTypedElementsAttr':
      return denseTypedElements
    case 'UnitAttr':
      return UnitAttrC
    case 'BoolAttr':
      return BoolAttrC
    case 'StrAttr':
      return StrAttrNoType
    case 'ArrayAttr':
      return ArrayAttrC
    case 'SymbolNameAttr':
      return SymbolNameAttr
    case 'FlatSymbolRefAttr':
      return FlatSymbolRefAttr
    case 'TypeAttrOf<FunctionType>':
      return FunctionTypeAttr
    case 'DictArrayAttr':
      return DictArrayAttr
    case 'I32Attr':
      return I32Attr
    case 'I64Attr':
      return I64Attr
    case 'DenseI32ArrayAttr':
      return DenseI32ArrayAttr
    case 'ConfinedAttr<I32Attr, [IntNonNegative]>':
      return attrConstraint(
        '32-bit signless integer attribute whose value is non-negative',
        (a) => I32Attr.check(a) && (a as IntegerAttr).value >= 0n,
        { valueType: (c) => IntegerType.get(c, 32) },
      )
    case 'ConfinedAttr<I64Attr, [IntMinValue<0>]>':
      return attrConstraint(
        '64-bit signless integer attribute whose minimum value is 0',
        (a) => I64Attr.check(a) && (a as IntegerAttr).value >= 0n,
        { valueType: (c) => IntegerType.get(c, 64) },
      )
    default:
      throw new Error(`cuda_tile: unknown attribute constraint ${name}`)
  }
}

/** Whether the table entry `name` is an attribute (rather than an operand). */
export function isAttrConstraintName(name: string): boolean {
  return /Attr\b|Attr<|AttrInterface|^UnitAttr|^ArrayAttr|^TypeAttrOf/.test(name)
}

/** The attribute spec named `name` in the op table (`OptionalAttr<...>`, `DefaultValuedAttr<..., "v">`, ...). */
export function attrSpecNamed(name: string): AttrSpec {
  if (name === 'UnitAttr') {
    return optionalAttr(UnitAttrC)
  }
  const o = /^OptionalAttr<(.*)>$/.exec(name)
  if (o !== null) {
    return optionalAttr(baseAttr(o[1]!))
  }
  const d = /^DefaultValuedAttr<(.*), "(.*)">$/.exec(name)
  if (d !== null) {
    const base = baseAttr(d[1]!)
    const dv = d[2]!
    if (/^-?\d+$/.test(dv)) {
      const width = d[1] === 'I32Attr' ? 32 : 64
      return defaultValuedAttr(base, (c) => IntegerAttr.get(IntegerType.get(c, width), BigInt(dv)))
    }
    const caseName = dv.replace(/^.*::/, '')
    const mnemonic = d[1]!.includes('Overflow')
      ? 'overflow'
      : d[1]!.includes('Rounding')
        ? 'rounding'
        : d[1]!.includes('SymbolVisibility')
          ? 'symbol_visibility'
          : ''
    const cases = EnumAttrCases[mnemonic]!
    const upper = cases.map((c) => c.toUpperCase())
    const alias: Record<string, string> = { NONE: 'none', NSW: 'no_signed_wrap', NUW: 'no_unsigned_wrap', NW: 'no_wrap', PUBLIC: 'public', PRIVATE: 'private' }
    const want = alias[caseName.toUpperCase()] ?? caseName
    let idx = cases.indexOf(want)
    if (idx < 0) {
      idx = upper.indexOf(caseName.toUpperCase())
    }
    return defaultValuedAttr(base, (c) => CudaTileEnumAttr.get(c, mnemonic, idx))
  }
  return baseAttr(name)
}
