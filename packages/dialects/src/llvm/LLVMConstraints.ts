/**
 * ODS constraints of the `llvm` dialect (with upstream's summaries, so verifier
 * messages match mlir-opt) and the attribute constraints of its enum properties.
 */
import {
  AnySignlessInteger,
  FloatType,
  I1,
  IntegerAttr,
  IntegerType,
  VectorType,
  attrConstraint,
  defaultValuedAttr,
  typeConstraint,
  typeToString,
  type AttrConstraint,
  type AttrModifier,
  type OpAsmParser,
  type OpAsmPrinter,
  type Type,
  type TypeConstraint,
} from '@tilepass/ir'
import {
  CConvAttr,
  LLVMFastmathFlagsAttr,
  LinkageAttr,
  TailCallKindAttr,
  enumIntAttr,
  stringifyLLVMOverflowFlags,
} from './LLVMAttributes.ts'
import { LLVMArrayType, LLVMPointerType, LLVMStructType, isCompatibleFloatingPointType, isCompatibleType } from './LLVMTypes.ts'

/** `LLVM_Type`: any type the LLVM dialect accepts (`isCompatibleType`). */
export const LLVMTypeC: TypeConstraint = typeConstraint('LLVM dialect-compatible type', isCompatibleType)

/** `LLVM_AnyPointer`: `!llvm.ptr` in any address space. */
export const LLVMAnyPointer: TypeConstraint = typeConstraint('LLVM pointer type', (t) => t instanceof LLVMPointerType)

/** `LLVM_AnyFloat`: the builtin float types LLVM has. */
export const LLVMAnyFloat: TypeConstraint = typeConstraint('floating point LLVM type', isCompatibleFloatingPointType)

/** `LLVM_AnyAggregate`: `!llvm.struct` or `!llvm.array`. */
export const LLVMAnyAggregate: TypeConstraint = typeConstraint(
  'LLVM aggregate type',
  (t) => t instanceof LLVMStructType || t instanceof LLVMArrayType,
)

/** `LLVM_AnyVector`: an LLVM-compatible 1-D vector. */
export const LLVMAnyVector: TypeConstraint = {
  ...typeConstraint('LLVM dialect-compatible vector type', (t) => t instanceof VectorType && isCompatibleType(t)),
  // Its storage class is the builtin vector type: formats parse `type(...)` as one.
  parse: parseVectorType,
  print: (t: Type, p: OpAsmPrinter) => p.printType(t),
}

/**
 * Parses a type that must be a builtin `vector` (else "invalid kind of type specified",
 * as upstream's typed `parseType` reports).
 */
export function parseVectorType(parser: OpAsmParser): VectorType | undefined {
  const loc = parser.getCurrentLocation()
  const t = parser.parseType()
  if (t === undefined) {
    return undefined
  }
  if (!(t instanceof VectorType)) {
    parser.emitError(loc, `invalid kind of type specified: expected builtin.vector, but found '${typeToString(t)}'`).report()
    return undefined
  }
  return t
}

/** `LLVM_ScalarOrVectorOf<T>`: a `T`, or an LLVM-compatible vector of `T`. */
export function scalarOrVectorOf(base: TypeConstraint): TypeConstraint {
  return typeConstraint(`${base.summary} or LLVM dialect-compatible vector of ${base.summary}`, (t: Type) => {
    if (t instanceof VectorType) {
      return isCompatibleType(t) && base.check(t.elementType)
    }
    return base.check(t)
  })
}

/** Integers or vectors of integers. */
export const IntOrVector: TypeConstraint = scalarOrVectorOf(AnySignlessInteger)
/** LLVM floats or vectors of them. */
export const FloatOrVector: TypeConstraint = scalarOrVectorOf(LLVMAnyFloat)
/** Pointers or vectors of pointers. */
export const PtrOrVector: TypeConstraint = scalarOrVectorOf(LLVMAnyPointer)
/** `i1` or vectors of `i1`. */
export const I1OrVector: TypeConstraint = scalarOrVectorOf(I1)

/** The `i1` type with the shape of `t` (a vector of `i1` for vectors). */
export function getI1SameShape(t: Type): Type {
  const i1 = IntegerType.get(t.context, 1)
  return t instanceof VectorType ? VectorType.get(t.shape, i1, t.scalableDims) : i1
}

// ---- attribute constraints -------------------------------------------------------------

function isIntAttrOfWidth(a: unknown, width: number): a is IntegerAttr {
  return a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === width
}

/** Parses the `<nsw, nuw>` body after `overflow`. */
function parseOverflowBody(parser: OpAsmParser, lessParsed = false): IntegerAttr | undefined {
  if (!lessParsed && !parser.parseLess()) {
    return undefined
  }
  let value = 0
  for (;;) {
    const loc = parser.getCurrentLocation()
    const kw = parser.parseOptionalKeywordAny()
    const bit = kw === 'none' ? 0 : kw === 'nsw' ? 1 : kw === 'nuw' ? 2 : undefined
    if (bit === undefined) {
      parser.emitError(loc, "expected one of 'nsw', 'nuw', or 'none'").report()
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
  return enumIntAttr(parser.context, 32, value)
}

/** The `overflowFlags` property (`IntegerOverflowFlags`, stored as `N : i32`), spelled `<nsw, nuw>` after `overflow`. */
export const OverflowFlagsAttrC: AttrConstraint = attrConstraint('LLVM integer overflow flags', (a) => isIntAttrOfWidth(a, 32), {
  parse: (parser) => parseOverflowBody(parser),
  parseOptional: (parser) => (parser.parseOptionalLess() ? parseOverflowBody(parser, true) : null),
  print: (attr: unknown, printer: OpAsmPrinter) => printer.print(`<${stringifyLLVMOverflowFlags(Number((attr as IntegerAttr).value))}>`),
})

/** `overflowFlags` defaulting to none. */
export const DefaultOverflowFlags: AttrModifier = defaultValuedAttr(OverflowFlagsAttrC, (c) => enumIntAttr(c, 32, 0))

/** `LLVM_FastmathFlagsAttr`. */
export const FastmathFlagsAttrC: AttrConstraint = attrConstraint('LLVM fastmath flags', (a) => a instanceof LLVMFastmathFlagsAttr)

/** `fastmathFlags` defaulting to `#llvm.fastmath<none>`. */
export const DefaultFastmathFlags: AttrModifier = defaultValuedAttr(FastmathFlagsAttrC, (c) => LLVMFastmathFlagsAttr.get(c, 0))

/** `LinkageAttr`. */
export const LinkageAttrC: AttrConstraint = attrConstraint('LLVM Linkage specification', (a) => a instanceof LinkageAttr)

/** `CConvAttr`. */
export const CConvAttrC: AttrConstraint = attrConstraint('LLVM Calling Convention specification', (a) => a instanceof CConvAttr)

/** `TailCallKindAttr`. */
export const TailCallKindAttrC: AttrConstraint = attrConstraint('LLVM Calling Convention specification', (a) => a instanceof TailCallKindAttr)

/** An `i64` enum property (`visibility_`, `ordering`, predicates) stored as `N : i64`. */
export function i64EnumAttrC(summary: string, count: number): AttrConstraint {
  return attrConstraint(summary, (a) => isIntAttrOfWidth(a, 64) && a.value >= 0n && a.value < BigInt(count))
}

/** True when `t` is an LLVM-compatible float type (re-exported for ops). */
export function isLLVMFloat(t: Type): boolean {
  return t instanceof FloatType && isCompatibleFloatingPointType(t)
}
