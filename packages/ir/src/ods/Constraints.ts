/**
 * ODS constraint library: type, attribute, region and successor constraints with the
 * summaries mlir-tblgen uses in verifier messages, plus the hooks formats need to
 * parse and print attributes (enums as keywords, symbol names, type attributes).
 */
import {
  ArrayAttr,
  type Attribute,
  DenseArrayAttr,
  DictionaryAttr,
  FloatAttr,
  IntegerAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
} from '../Attributes.ts'
import type { Block } from '../Block.ts'
import type { Context } from '../Context.ts'
import type { OpAsmParser, OpAsmPrinter } from '../OpAsm.ts'
import type { Region } from '../Region.ts'
import {
  ComplexType,
  FloatType,
  FunctionType,
  IndexType,
  IntegerType,
  MemRefType,
  NoneType,
  RankedTensorType,
  ShapedType,
  Signedness,
  TupleType,
  UnrankedMemRefType,
  UnrankedTensorType,
  VectorType,
  type FloatKind,
  type Type,
} from '../Types.ts'

// ---- type constraints -----------------------------------------------------------------

/**
 * A predicate on types with ODS's summary (used verbatim in verifier messages). A
 * buildable constraint (`build`) names exactly one type, so formats may omit it.
 */
export interface TypeConstraint {
  readonly kind: 'type'
  readonly summary: string
  check(type: Type): boolean
  /** For buildable types (`I1`, `Index`, ...): the one type satisfying the constraint. */
  build?(context: Context): Type
  /** For dialect types: parses the stripped spelling used by `type(...)` in formats. */
  parse?(parser: OpAsmParser): Type | undefined
  /** For dialect types: prints the stripped spelling used by `type(...)` in formats. */
  print?(type: Type, printer: OpAsmPrinter): void
}

/** A variadic (`Variadic<T>`) or optional (`Optional<T>`) operand/result constraint. */
export interface VariableLengthTypeConstraint {
  readonly kind: 'variadic' | 'optional'
  readonly base: TypeConstraint
  /** The summary used in messages: "variadic of X" for variadic, X for optional. */
  readonly summary: string
  /**
   * `VariadicOfVariadic<T, "attr">`: the name of the `array<i32: ...>` attribute that splits
   * the group into sub-groups; absent for plain variadic and optional values.
   */
  readonly segmentAttr?: string
}

/** What an operand or result declaration accepts: a single, variadic or optional type constraint. */
export type OperandConstraint = TypeConstraint | VariableLengthTypeConstraint

/** Builds a type constraint from a summary and a predicate. */
export function typeConstraint(summary: string, check: (type: Type) => boolean, build?: (context: Context) => Type): TypeConstraint {
  return build === undefined ? { kind: 'type', summary, check } : { kind: 'type', summary, check, build }
}

/** `Variadic<T>`: zero or more values of `base`. */
export function variadic(base: TypeConstraint): VariableLengthTypeConstraint {
  return { kind: 'variadic', base, summary: `variadic of ${base.summary}` }
}

/**
 * `VariadicOfVariadic<T, "segmentAttr">`: a variadic operand group split into sub-groups by
 * the sizes in the op's `segmentAttr` attribute (declare it, e.g. as a dense i32 array
 * attribute); formats print it as `(%a, %b), (), (%c)` and its types as `(i32, i32), (), (f32)`.
 */
export function variadicOfVariadic(base: TypeConstraint, segmentAttr: string): VariableLengthTypeConstraint {
  return { kind: 'variadic', base, summary: `variadic of ${base.summary}`, segmentAttr }
}

/** `Optional<T>`: zero or one value of `base`. */
export function optional(base: TypeConstraint): VariableLengthTypeConstraint {
  return { kind: 'optional', base, summary: base.summary }
}

/** `AnyTypeOf<[...]>`: any of `options`; the summary joins theirs with " or " unless given. */
export function anyTypeOf(options: readonly TypeConstraint[], summary?: string): TypeConstraint {
  const opts = [...options]
  // A plain loop: a check makes no closure.
  return typeConstraint(summary ?? opts.map((o) => o.summary).join(' or '), (t) => {
    for (let i = 0; i < opts.length; i++) {
      if (opts[i]!.check(t)) {
        return true
      }
    }
    return false
  })
}

/** `AnyType`: any type. */
export const AnyType: TypeConstraint = typeConstraint('any type', () => true)
/** `NoneType`. */
export const NoneTypeC: TypeConstraint = typeConstraint('none type', (t) => t instanceof NoneType, (c) => NoneType.get(c))

/** `I<width>`: a signless integer of `width` bits. */
export function I(width: number): TypeConstraint {
  return typeConstraint(
    `${width}-bit signless integer`,
    (t) => t instanceof IntegerType && t.isSignless && t.width === width,
    (c) => IntegerType.get(c, width),
  )
}
/** `SI<width>`: a signed integer of `width` bits. */
export function SI(width: number): TypeConstraint {
  return typeConstraint(
    `${width}-bit signed integer`,
    (t) => t instanceof IntegerType && t.isSigned && t.width === width,
    (c) => IntegerType.get(c, width, Signedness.Signed),
  )
}
/** `UI<width>`: an unsigned integer of `width` bits. */
export function UI(width: number): TypeConstraint {
  return typeConstraint(
    `${width}-bit unsigned integer`,
    (t) => t instanceof IntegerType && t.isUnsigned && t.width === width,
    (c) => IntegerType.get(c, width, Signedness.Unsigned),
  )
}
/** `AnyI<width>`: an integer of `width` bits of any signedness. */
export function AnyI(width: number): TypeConstraint {
  return typeConstraint(`${width}-bit integer`, (t) => t instanceof IntegerType && t.width === width)
}
/** `I1`. */
export const I1: TypeConstraint = I(1)
/** `I8`. */
export const I8: TypeConstraint = I(8)
/** `I16`. */
export const I16: TypeConstraint = I(16)
/** `I32`. */
export const I32: TypeConstraint = I(32)
/** `I64`. */
export const I64: TypeConstraint = I(64)
/** `Index`. */
export const Index: TypeConstraint = typeConstraint('index', (t) => t instanceof IndexType, (c) => IndexType.get(c))
/** `AnyInteger`: an integer of any width and signedness. */
export const AnyInteger: TypeConstraint = typeConstraint('integer', (t) => t instanceof IntegerType)
/** `AnySignlessInteger`. */
export const AnySignlessInteger: TypeConstraint = typeConstraint('signless integer', (t) => t instanceof IntegerType && t.isSignless)
/** `AnySignedInteger`. */
export const AnySignedInteger: TypeConstraint = typeConstraint('signed integer', (t) => t instanceof IntegerType && t.isSigned)
/** `AnyUnsignedInteger`. */
export const AnyUnsignedInteger: TypeConstraint = typeConstraint('unsigned integer', (t) => t instanceof IntegerType && t.isUnsigned)
/** `AnySignlessIntegerOrIndex`. */
export const AnySignlessIntegerOrIndex: TypeConstraint = typeConstraint(
  'signless integer or index',
  (t) => t instanceof IndexType || (t instanceof IntegerType && t.isSignless),
)
/** `AnyFloat`: any builtin floating-point type. */
export const AnyFloat: TypeConstraint = typeConstraint('floating-point', (t) => t instanceof FloatType)

function floatOf(kind: FloatKind, summary: string): TypeConstraint {
  return typeConstraint(summary, (t) => t instanceof FloatType && t.kind === kind, (c) => FloatType.get(c, kind))
}
/** `F16`. */
export const F16: TypeConstraint = floatOf('f16', '16-bit float')
/** `F32`. */
export const F32: TypeConstraint = floatOf('f32', '32-bit float')
/** `F64`. */
export const F64: TypeConstraint = floatOf('f64', '64-bit float')
/** `F80`. */
export const F80: TypeConstraint = floatOf('f80', '80-bit float')
/** `F128`. */
export const F128: TypeConstraint = floatOf('f128', '128-bit float')
/** `BF16`. */
export const BF16: TypeConstraint = floatOf('bf16', 'bfloat16 type')
/** `TF32`. */
export const TF32: TypeConstraint = floatOf('tf32', 'tf32 type')
/** `AnyComplex`. */
export const AnyComplex: TypeConstraint = typeConstraint('complex-type', (t) => t instanceof ComplexType)
/** `FunctionType`: any function type. */
export const FunctionTypeC: TypeConstraint = typeConstraint('function type', (t) => t instanceof FunctionType)
/** `AnyTuple`. */
export const AnyTuple: TypeConstraint = typeConstraint('tuple', (t) => t instanceof TupleType)

function isValueSemanticsContainer(t: Type): t is ShapedType {
  return t instanceof VectorType || t instanceof RankedTensorType || t instanceof UnrankedTensorType
}

/** `ShapedContainerType`: `pred` on the container, and the element type one of `allowed`. */
export function shapedContainerOf(
  allowed: readonly TypeConstraint[],
  pred: (t: Type) => boolean,
  descr: string,
): TypeConstraint {
  const elem = anyTypeOf(allowed)
  return typeConstraint(`${descr} of ${elem.summary} values`, (t) => pred(t) && elem.check((t as ShapedType).elementType))
}

/** `TypeOrValueSemanticsContainer<T, name>`: T, or a vector/tensor of T. */
export function typeOrContainer(allowed: TypeConstraint, name: string): TypeConstraint {
  return typeConstraint(name, (t) => allowed.check(t) || (isValueSemanticsContainer(t) && allowed.check(t.elementType)))
}

/** `SignlessIntegerLike`: signless integers or index, or vectors/tensors of them. */
export const SignlessIntegerLike: TypeConstraint = typeOrContainer(AnySignlessIntegerOrIndex, 'signless-integer-like')
/** `SignlessIntegerOrIndexLike` (same predicate and summary as ODS's `SignlessIntegerLike`). */
export const SignlessIntegerOrIndexLike: TypeConstraint = SignlessIntegerLike
/** `BoolLike`: i1 or vectors/tensors of i1. */
export const BoolLike: TypeConstraint = typeOrContainer(I1, 'bool-like')
/** `FloatLike`: floats or vectors/tensors of floats. */
export const FloatLike: TypeConstraint = typeOrContainer(AnyFloat, 'floating-point-like')
/** `SignlessIntegerOrFloatLike`. */
export const SignlessIntegerOrFloatLike: TypeConstraint = typeConstraint(
  'signless-integer-like or floating-point-like',
  (t) => SignlessIntegerLike.check(t) || FloatLike.check(t),
)

/** `VectorOfAnyRankOf<[...]>`. */
export function vectorOf(allowed: readonly TypeConstraint[]): TypeConstraint {
  return shapedContainerOf(allowed, (t) => t instanceof VectorType, 'vector')
}
/** `VectorOfNonZeroRankOf<[...]>`. */
export function vectorOfNonZeroRank(allowed: readonly TypeConstraint[]): TypeConstraint {
  return shapedContainerOf(allowed, (t) => t instanceof VectorType && t.shape.length > 0, 'vector')
}
/** `TensorOf<[...]>`: ranked or unranked tensors. */
export function tensorOf(allowed: readonly TypeConstraint[]): TypeConstraint {
  return shapedContainerOf(allowed, (t) => t instanceof RankedTensorType || t instanceof UnrankedTensorType, 'tensor')
}
/** `RankedTensorOf<[...]>`. */
export function rankedTensorOf(allowed: readonly TypeConstraint[]): TypeConstraint {
  return shapedContainerOf(allowed, (t) => t instanceof RankedTensorType, 'ranked tensor')
}
/** `MemRefOf<[...]>`: ranked memrefs. */
export function memRefOf(allowed: readonly TypeConstraint[]): TypeConstraint {
  return shapedContainerOf(allowed, (t) => t instanceof MemRefType, 'memref')
}
/** `RankedOrUnrankedMemRefOf<[...]>`. */
export function rankedOrUnrankedMemRefOf(allowed: readonly TypeConstraint[]): TypeConstraint {
  return shapedContainerOf(allowed, (t) => t instanceof MemRefType || t instanceof UnrankedMemRefType, 'ranked or unranked memref')
}
/** `AnyVectorOfAnyRank`. */
export const AnyVectorOfAnyRank: TypeConstraint = vectorOf([AnyType])
/** `AnyVectorOfNonZeroRank`. */
export const AnyVectorOfNonZeroRank: TypeConstraint = vectorOfNonZeroRank([AnyType])
/** `AnyTensor`. */
export const AnyTensor: TypeConstraint = tensorOf([AnyType])
/** `AnyRankedTensor`. */
export const AnyRankedTensor: TypeConstraint = rankedTensorOf([AnyType])
/** `AnyUnrankedTensor`. */
export const AnyUnrankedTensor: TypeConstraint = shapedContainerOf([AnyType], (t) => t instanceof UnrankedTensorType, 'unranked tensor')
/** `AnyMemRef`. */
export const AnyMemRef: TypeConstraint = memRefOf([AnyType])
/** `AnyUnrankedMemRef`. */
export const AnyUnrankedMemRef: TypeConstraint = shapedContainerOf([AnyType], (t) => t instanceof UnrankedMemRefType, 'unranked.memref')
/** `AnyRankedOrUnrankedMemRef`. */
export const AnyRankedOrUnrankedMemRef: TypeConstraint = rankedOrUnrankedMemRefOf([AnyType])
/** `AnyShaped`. */
export const AnyShaped: TypeConstraint = shapedContainerOf([AnyType], (t) => t instanceof ShapedType, 'shaped')
/** `AnyStaticShapeTensor`. */
export const AnyStaticShapeTensor: TypeConstraint = shapedContainerOf(
  [AnyType],
  (t) => t instanceof RankedTensorType && t.hasStaticShape,
  'statically shaped tensor',
)

// ---- attribute constraints ------------------------------------------------------------

/**
 * A predicate on attributes with ODS's summary. The optional hooks say how the
 * attribute appears in an assembly format: `valueType` (a buildable value type, so
 * the attribute is printed without its type), or `parse`/`print` for attributes
 * with a custom spelling (enums as keywords, symbol names, stripped dialect attrs).
 */
export interface AttrConstraint {
  readonly kind: 'attr'
  readonly summary: string
  check(attr: Attribute): boolean
  /** The type the attribute is parsed with and printed without (ODS `valueType` with a builder). */
  valueType?(context: Context): Type
  /** Parses the attribute `attrName`'s spelling in an assembly format; undefined on failure (diagnosed). */
  parse?(parser: OpAsmParser, attrName?: string): Attribute | undefined
  /** Parses the spelling if present: null when absent, undefined on error. */
  parseOptional?(parser: OpAsmParser, attrName?: string): Attribute | null | undefined
  /** Prints the attribute's spelling in an assembly format. */
  print?(attr: Attribute, printer: OpAsmPrinter): void
  /** True for `UnitAttr`: an optional-group anchor that is not printed. */
  readonly isUnit?: boolean
  /**
   * The attribute class the constraint is stored as (ODS `storageType`), checked when an
   * assembly format parses a generic attribute: another kind is "invalid kind of attribute
   * specified" at parse time, before the constraint itself is verified.
   */
  isStorageKind?(attr: Attribute): boolean
}

/** An attribute that may be absent (`OptionalAttr`) or has a default (`DefaultValuedAttr`). */
export interface AttrModifier {
  readonly kind: 'optionalAttr' | 'defaultValuedAttr'
  readonly base: AttrConstraint
  /** For `defaultValuedAttr`: builds the default value. */
  readonly defaultValue: ((context: Context) => Attribute) | null
  /** False for `DefaultValuedOptionalAttr`: the default is not added to the properties of a new op. */
  readonly populateDefault?: boolean
}

/** What an attribute declaration accepts. */
export type AttrSpec = AttrConstraint | AttrModifier

/** Builds an attribute constraint from a summary and a predicate (and optional format hooks). */
export function attrConstraint(
  summary: string,
  check: (attr: Attribute) => boolean,
  hooks?: Omit<AttrConstraint, 'kind' | 'summary' | 'check'>,
): AttrConstraint {
  return { kind: 'attr', summary, check, ...hooks }
}

/** `OptionalAttr<C>`. */
export function optionalAttr(base: AttrConstraint): AttrModifier {
  return { kind: 'optionalAttr', base, defaultValue: null }
}

/** `DefaultValuedAttr<C, value>`: absent means `value`; equal values are elided when printing. */
export function defaultValuedAttr(base: AttrConstraint, value: (context: Context) => Attribute): AttrModifier {
  return { kind: 'defaultValuedAttr', base, defaultValue: value }
}

/**
 * `DefaultValuedOptionalAttr<C, value>`: absent means `value` to the getter and equal values
 * are elided when printing, but an absent value stays absent (not populated).
 */
export function defaultValuedOptionalAttr(base: AttrConstraint, value: (context: Context) => Attribute): AttrModifier {
  return { kind: 'defaultValuedAttr', base, defaultValue: value, populateDefault: false }
}

// Told by constructor first: in the cold code that verifies a parsed module, an `instanceof`
// costs several loads and calls, and these run for every function's name and every callee.
const isStringAttr = (a: Attribute): boolean => a.constructor === StringAttr || a instanceof StringAttr
const isSymbolRefAttr = (a: Attribute): a is SymbolRefAttr => a.constructor === SymbolRefAttr || a instanceof SymbolRefAttr
const isIntegerAttr = (a: Attribute): boolean => a instanceof IntegerAttr
const isFloatAttr = (a: Attribute): boolean => a instanceof FloatAttr
const isArrayAttr = (a: Attribute): boolean => a instanceof ArrayAttr

/** `AnyAttr`. */
export const AnyAttr: AttrConstraint = attrConstraint('any attribute', () => true)
/** `TypedAttrInterface`: an attribute with a type. */
export const TypedAttrConstraint: AttrConstraint = attrConstraint('TypedAttr instance', (a) => (a as { type?: unknown }).type instanceof Object)
/** `StrAttr`. */
export const StrAttr: AttrConstraint = attrConstraint('string attribute', isStringAttr, { isStorageKind: isStringAttr })
/** `SymbolNameAttr`: printed and parsed as `@name` in formats. */
export const SymbolNameAttr: AttrConstraint = attrConstraint('string attribute', isStringAttr, {
  parse(parser) {
    const name = parser.parseSymbolName()
    return name === undefined ? undefined : StringAttr.get(parser.context, name)
  },
  parseOptional(parser) {
    const name = parser.parseOptionalSymbolName()
    return name === undefined ? null : StringAttr.get(parser.context, name)
  },
  print(attr, printer) {
    printer.printSymbolName((attr as StringAttr).value)
  },
})
/** `SymbolRefAttr`. */
export const SymbolRefAttrC: AttrConstraint = attrConstraint('symbol reference attribute', isSymbolRefAttr, {
  isStorageKind: isSymbolRefAttr,
})
/** `FlatSymbolRefAttr`. */
export const FlatSymbolRefAttr: AttrConstraint = attrConstraint(
  'flat symbol reference attribute',
  (a) => isSymbolRefAttr(a) && a.isFlat,
  { isStorageKind: (a) => isSymbolRefAttr(a) && a.isFlat },
)
/** `UnitAttr`. */
export const UnitAttrC: AttrConstraint = attrConstraint('unit attribute', (a) => a instanceof UnitAttr, { isUnit: true, isStorageKind: (a) => a instanceof UnitAttr })
/** `BoolAttr`. */
export const BoolAttrC: AttrConstraint = attrConstraint(
  'bool attribute',
  (a) => a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === 1 && a.type.isSignless,
  { valueType: (c) => IntegerType.get(c, 1), isStorageKind: (a) => a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === 1 },
)
/** `TypeAttr`. */
export const TypeAttrC: AttrConstraint = typeAttrOf(AnyType, 'any type attribute')
/** `TypeAttrOf<T>`: a type attribute whose type satisfies `c` (printed as the bare type in formats). */
export function typeAttrOf(c: TypeConstraint, summary = `type attribute of ${c.summary}`): AttrConstraint {
  return attrConstraint(summary, (a) => a instanceof TypeAttr && c.check(a.value), {
    isStorageKind: (a) => a instanceof TypeAttr,
    parse(parser) {
      const t = parser.parseType()
      return t === undefined ? undefined : TypeAttr.get(t)
    },
    parseOptional(parser) {
      const t = parser.parseOptionalType()
      return t === undefined ? null : TypeAttr.get(t)
    },
    print(attr, printer) {
      printer.printType((attr as TypeAttr).value)
    },
  })
}
/** `TypeAttrOf<FunctionType>`. */
export const FunctionTypeAttr: AttrConstraint = typeAttrOf(FunctionTypeC)

function signlessIntAttr(width: number): AttrConstraint {
  return attrConstraint(
    `${width}-bit signless integer attribute`,
    (a) => a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.isSignless && a.type.width === width,
    { valueType: (c) => IntegerType.get(c, width), isStorageKind: isIntegerAttr },
  )
}
/** `I32Attr`. */
export const I32Attr: AttrConstraint = signlessIntAttr(32)
/** `I64Attr`. */
export const I64Attr: AttrConstraint = signlessIntAttr(64)
/** `I16Attr`. */
export const I16Attr: AttrConstraint = signlessIntAttr(16)
/** `I8Attr`. */
export const I8Attr: AttrConstraint = signlessIntAttr(8)
/** `I1Attr`. */
export const I1Attr: AttrConstraint = signlessIntAttr(1)
/** `IndexAttr`. */
export const IndexAttr: AttrConstraint = attrConstraint('index attribute', (a) => a instanceof IntegerAttr && a.type instanceof IndexType, {
  valueType: (c) => IndexType.get(c),
  isStorageKind: isIntegerAttr,
})
/** `AnyIntegerAttr`. */
export const AnyIntegerAttr: AttrConstraint = attrConstraint('arbitrary integer attribute', (a) => a instanceof IntegerAttr, { isStorageKind: isIntegerAttr })
/** `F32Attr`. */
export const F32Attr: AttrConstraint = attrConstraint(
  '32-bit float attribute',
  (a) => a instanceof FloatAttr && a.type instanceof FloatType && a.type.kind === 'f32',
  { valueType: (c) => FloatType.get(c, 'f32'), isStorageKind: isFloatAttr },
)
/** `F64Attr`. */
export const F64Attr: AttrConstraint = attrConstraint(
  '64-bit float attribute',
  (a) => a instanceof FloatAttr && a.type instanceof FloatType && a.type.kind === 'f64',
  { valueType: (c) => FloatType.get(c, 'f64'), isStorageKind: isFloatAttr },
)
/** `ArrayAttr`. */
export const ArrayAttrC: AttrConstraint = attrConstraint('array attribute', (a) => a instanceof ArrayAttr, { isStorageKind: isArrayAttr })
/** `DictionaryAttr`. */
export const DictionaryAttrC: AttrConstraint = attrConstraint('dictionary of named attribute values', (a) => a instanceof DictionaryAttr, {
  isStorageKind: (a) => a instanceof DictionaryAttr,
})
/** `TypedArrayAttrBase<C>`: an array whose elements satisfy `c`. */
export function arrayAttrOf(c: AttrConstraint, summary: string): AttrConstraint {
  return attrConstraint(summary, (a) => a instanceof ArrayAttr && everyElement(a.elements, c), { isStorageKind: isArrayAttr })
}
/** Whether every element of `elements` satisfies `c` (no closure made per check). */
function everyElement(elements: readonly Attribute[], c: AttrConstraint): boolean {
  for (let i = 0; i < elements.length; i++) {
    if (!c.check(elements[i]!)) {
      return false
    }
  }
  return true
}
/** `DictArrayAttr`: an array of dictionaries. */
export const DictArrayAttr: AttrConstraint = arrayAttrOf(DictionaryAttrC, 'Array of dictionary attributes')
/** `TypeArrayAttr`. */
export const TypeArrayAttr: AttrConstraint = arrayAttrOf(TypeAttrC, 'type array attribute')
/** `StrArrayAttr`. */
export const StrArrayAttr: AttrConstraint = arrayAttrOf(StrAttr, 'string array attribute')
/** `I64ArrayAttr`. */
export const I64ArrayAttr: AttrConstraint = arrayAttrOf(I64Attr, '64-bit integer array attribute')

function denseArrayOf(width: number, summary: string): AttrConstraint {
  const parseBody = (parser: OpAsmParser): Attribute | undefined => {
    if (!parser.parseLSquare()) {
      return undefined
    }
    const values: bigint[] = []
    if (!parser.parseOptionalRSquare()) {
      do {
        const v = parser.parseInteger()
        if (v === undefined) {
          return undefined
        }
        values.push(v)
      } while (parser.parseOptionalComma())
      if (!parser.parseRSquare()) {
        return undefined
      }
    }
    return DenseArrayAttr.get(IntegerType.get(parser.context, width), values)
  }
  return attrConstraint(
    summary,
    (a) => a instanceof DenseArrayAttr && a.elementType instanceof IntegerType && a.elementType.width === width,
    {
      // ODS prints a DenseArrayAttr in formats in its stripped form: `[1, 2]`.
      parse: parseBody,
      parseOptional(parser) {
        if (!parser.parseOptionalLSquare()) {
          return null
        }
        const values: bigint[] = []
        if (!parser.parseOptionalRSquare()) {
          do {
            const v = parser.parseInteger()
            if (v === undefined) {
              return undefined
            }
            values.push(v)
          } while (parser.parseOptionalComma())
          if (!parser.parseRSquare()) {
            return undefined
          }
        }
        return DenseArrayAttr.get(IntegerType.get(parser.context, width), values)
      },
      print(attr, printer) {
        const vals = (attr as DenseArrayAttr).values
        let s = '['
        for (let i = 0; i < vals.length; i++) {
          s += (i > 0 ? ', ' : '') + String(width === 1 ? (vals[i] ? 'true' : 'false') : vals[i])
        }
        printer.print(s + ']')
      },
    },
  )
}

/** `DenseI32ArrayAttr`. */
export const DenseI32ArrayAttr: AttrConstraint = denseArrayOf(32, 'i32 dense array attribute')
/** `DenseI64ArrayAttr`. */
export const DenseI64ArrayAttr: AttrConstraint = denseArrayOf(64, 'i64 dense array attribute')
/** `DenseBoolArrayAttr`. */
export const DenseBoolArrayAttr: AttrConstraint = denseArrayOf(1, 'i1 dense array attribute')

/** One case of an integer enum: its keyword and value. */
export interface EnumCase {
  readonly keyword: string
  readonly value: number
}

/** An integer-backed enum attribute constraint with its cases (e.g. `arith.cmpi` predicates). */
export interface EnumAttrConstraint extends AttrConstraint {
  readonly cases: readonly EnumCase[]
  /** The case keyword of `attr`, or undefined. */
  symbolize(attr: Attribute): string | undefined
  /** The attribute for the case `keyword`. */
  get(context: Context, keyword: string): IntegerAttr
}

function isKeywordSpelling(s: string): boolean {
  if (s.length === 0) {
    return false
  }
  const c0 = s.charCodeAt(0)
  if (!((c0 >= 65 && c0 <= 90) || (c0 >= 97 && c0 <= 122) || c0 === 95)) {
    return false
  }
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i)
    const ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c === 46
    if (!ok) {
      return false
    }
  }
  return true
}

/**
 * `I32EnumAttr`/`I64EnumAttr`: an integer attribute of `width` bits whose value is one
 * of `cases`; in formats it reads and prints as the case keyword (quoted when it is
 * not a valid keyword). The summary is ODS's "allowed N-bit signless integer cases: ...".
 */
export function intEnumAttr(width: 32 | 64, cases: readonly EnumCase[], summary?: string): EnumAttrConstraint {
  const cs = [...cases]
  const byValue = new Map<number, string>()
  const byKeyword = new Map<string, number>()
  for (const c of cs) {
    byValue.set(c.value, c.keyword)
    byKeyword.set(c.keyword, c.value)
  }
  const isOk = (a: Attribute): a is IntegerAttr =>
    a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.isSignless && a.type.width === width && byValue.has(Number(a.value))
  const keywords = cs.map((c) => c.keyword)
  // The attribute of each case, per context: a parsed predicate (every `arith.cmpi`) is then
  // two lookups rather than the integer type's and attribute's uniquing with its BigInt
  // conversions. Weakly keyed, so a context the caller drops is not kept.
  const byContext = new WeakMap<Context, Map<string, IntegerAttr>>()
  const get = (context: Context, keyword: string): IntegerAttr => {
    let attrs = byContext.get(context)
    if (attrs === undefined) {
      attrs = new Map()
      byContext.set(context, attrs)
    }
    let attr = attrs.get(keyword)
    if (attr === undefined) {
      const v = byKeyword.get(keyword)
      if (v === undefined) {throw new Error(`unknown enum case '${keyword}'`)}
      attr = IntegerAttr.get(IntegerType.get(context, width), v)
      attrs.set(keyword, attr)
    }
    return attr
  }
  return {
    kind: 'attr',
    summary: summary ?? `allowed ${width}-bit signless integer cases: ${cs.map((c) => c.value).join(', ')}`,
    cases: cs,
    check: isOk,
    valueType: (c) => IntegerType.get(c, width),
    isStorageKind: (a) => a instanceof IntegerAttr,
    symbolize: (a) => (isOk(a) ? byValue.get(Number(a.value)) : undefined),
    get,
    parse(parser, attrName) {
      const offset = parser.getCurrentOffset()
      const kw = parser.parseOptionalKeywordOneOf(keywords) ?? parser.parseOptionalString()
      if (kw === undefined || !byKeyword.has(kw)) {
        const list = keywords.join(', ')
        parser.emitError(parser.getLocationAt(offset), `expected string or keyword containing one of the following enum values for attribute '${attrName ?? ''}' [${list}]`).report()
        return undefined
      }
      return get(parser.context, kw)
    },
    parseOptional(parser, attrName) {
      const offset = parser.getCurrentOffset()
      const kw = parser.parseOptionalKeywordOneOf(keywords) ?? parser.parseOptionalString()
      if (kw === undefined) {
        return null
      }
      if (!byKeyword.has(kw)) {
        parser.emitError(parser.getLocationAt(offset), `invalid ${attrName ?? ''} attribute specification: "${kw}"`).report()
        return undefined
      }
      return get(parser.context, kw)
    },
    print(attr, printer) {
      const kw = byValue.get(Number((attr as IntegerAttr).value)) ?? ''
      if (isKeywordSpelling(kw)) { printer.print(kw) }
      else { printer.printString(kw) }
    },
  }
}

// ---- region and successor constraints -------------------------------------------------

/** A predicate on a region with ODS's summary. */
export interface RegionConstraint {
  readonly kind: 'region'
  readonly summary: string
  check(region: Region): boolean
  /** True for `VariadicRegion<C>`. */
  readonly variadic: boolean
}

/** `AnyRegion`. */
export const AnyRegion: RegionConstraint = { kind: 'region', summary: 'any region', check: () => true, variadic: false }
/** `SizedRegion<n>`: a region with exactly `n` blocks. */
export function SizedRegion(n: number): RegionConstraint {
  return { kind: 'region', summary: `region with ${n} blocks`, check: (r) => blockCountUpTo(r, n + 1) === n, variadic: false }
}
/** `MaxSizedRegion<n>`: a region with at most `n` blocks. */
export function MaxSizedRegion(n: number): RegionConstraint {
  return { kind: 'region', summary: `region with at most ${n} blocks`, check: (r) => blockCountUpTo(r, n + 1) <= n, variadic: false }
}
/** The number of blocks of `r`, counted up to `limit` (no array of the blocks is built). */
function blockCountUpTo(r: Region, limit: number): number {
  let count = 0
  for (let b = r.firstBlock; b !== null && count < limit; b = b.nextBlock) {
    count++
  }
  return count
}
/** `VariadicRegion<C>`. */
export function variadicRegion(base: RegionConstraint): RegionConstraint {
  return { kind: 'region', summary: base.summary, check: (r) => base.check(r), variadic: true }
}

/** A successor declaration. */
export interface SuccessorConstraint {
  readonly kind: 'successor'
  readonly summary: string
  check(block: Block): boolean
  /** True for `VariadicSuccessor<C>`. */
  readonly variadic: boolean
}

/** `AnySuccessor`. */
export const AnySuccessor: SuccessorConstraint = { kind: 'successor', summary: 'any successor', check: () => true, variadic: false }
/** `VariadicSuccessor<AnySuccessor>`. */
export const VariadicSuccessor: SuccessorConstraint = { kind: 'successor', summary: 'any successor', check: () => true, variadic: true }
