/**
 * The core ops of the `llvm` dialect: arithmetic, comparisons, casts, memory,
 * aggregates, constants, control flow and the intrinsics the standard lowerings emit.
 * `llvm.func`, `llvm.call` and `llvm.return` live in LLVMFuncOps.ts.
 */
import {
  AnyAttr,
  ArrayAttr,
  DenseElementsAttr,
  FloatAttr,
  StringAttr,
  SymbolRefAttr,
  SymbolTable,
  FloatType,
  IndexType,
  RankedTensorType,
  SparseElementsAttr,
  UnrankedTensorType,
  FunctionType,
  AnyInteger,
  AnySuccessor,
  AnyType,
  BranchOpInterface,
  type BranchOpInterfaceImpl,
  DenseArrayAttr,
  DenseI32ArrayAttr,
  DenseI64ArrayAttr,
  DenseIntOrFPElementsAttr,
  FlatSymbolRefAttr,
  StrAttr,
  I1,
  I64Attr,
  IntegerAttr,
  IntegerType,
  Trait,
  TypeAttr,
  TypeAttrC,
  UnitAttr,
  UnitAttrC,
  VariadicSuccessor,
  VectorType,
  attrConstraint,
  AnySignlessInteger,
  AnyIntegerAttr,
  I1Attr,
  type AttrConstraint,
  defaultValuedAttr,
  defineOp,
  optionalAttr,
  resolveOperandList,
  typeToString,
  variadic,
  type Attribute,
  type Block,
  type Context,
  type LogicalResult,
  type MemoryEffect,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type OpSpec,
  type Operation,
  type OperationState,
  type Type,
  type TypeConstraint,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { LLVMLoopAttr } from './LLVMLoopAttributes.ts'
import { LLVMScopeAttr } from './LLVMScopeAttributes.ts'
import { getAliasAddrSpace } from './LLVMAliasOps.ts'
import { appendSwitchOperandsOf, eraseSwitchOperandOf, parseSuccessorWithOperands, switchOperandsOf } from '../cf/CfOps.ts'
import { verifyBranchSuccessorOperands } from '../cf/index.ts'
import { FCmpPredicateNames, ICmpPredicateNames, LLVMPoisonAttr, LLVMUndefAttr, LLVMZeroAttr, enumIntAttr } from './LLVMAttributes.ts'
import { foldCastChain, foldCommutative, foldExtractValue, foldGEP, foldICmp, foldOr, foldShl, foldZExt, type LLVMFoldResult } from './LLVMFolders.ts'
import {
  DefaultFastmathFlags,
  DefaultOverflowFlags,
  FloatOrVector,
  I1OrVector,
  IntOrVector,
  LLVMAnyAggregate,
  LLVMAnyPointer,
  LLVMAnyVector,
  LLVMTypeC,
  PtrOrVector,
  getI1SameShape,
  parseVectorType,
  i64EnumAttrC,
} from './LLVMConstraints.ts'
import {
  LLVMArrayType,
  LLVMFunctionType,
  LLVMLabelType,
  LLVMMetadataType,
  LLVMPointerType,
  LLVMStructType,
  LLVMTargetExtType,
  LLVMTokenType,
  LLVMVoidType,
  getVectorElementType,
  isCompatibleFloatingPointType,
  isCompatibleType,
} from './LLVMTypes.ts'

function quoted(t: Type): string {
  return `'${typeToString(t)}'`
}

// ---- integer and float arithmetic ------------------------------------------------------

interface IntArithOptions {
  readonly fold?: (op: Operation, operands: readonly (Attribute | null)[]) => LLVMFoldResult
  readonly commutative?: boolean
  readonly overflow?: boolean
  readonly exact?: boolean
  readonly disjoint?: boolean
}

function intArith(mnemonic: string, opts: IntArithOptions = {}): OdsOp {
  const attributes: Record<string, OpSpec['attributes'] extends infer A ? (A extends Readonly<Record<string, infer V>> ? V : never) : never> = {}
  let prefix = ''
  let suffix = ''
  if (opts.overflow === true) {
    attributes.overflowFlags = DefaultOverflowFlags
    suffix = ' (`overflow` `` $overflowFlags^)?'
  }
  if (opts.exact === true) {
    attributes.isExact = optionalAttr(UnitAttrC)
    prefix = '(`exact` $isExact^)? '
  }
  if (opts.disjoint === true) {
    attributes.isDisjoint = optionalAttr(UnitAttrC)
    prefix = '(`disjoint` $isDisjoint^)? '
  }
  return defineOp({
    name: `llvm.${mnemonic}`,
    operands: { lhs: IntOrVector, rhs: IntOrVector },
    results: { res: IntOrVector },
    attributes,
    traits: Trait.Pure | Trait.SameOperandsAndResultType | (opts.commutative === true ? Trait.Commutative : 0),
    ...(opts.fold !== undefined ? { fold: opts.fold } : opts.commutative === true ? { fold: foldCommutative } : {}),
    assemblyFormat: `${prefix}$lhs \`,\` $rhs${suffix} attr-dict \`:\` type($res)`,
  })
}

/** `llvm.add`. */
export const LLVMAddOp: OdsOp = intArith('add', { commutative: true, overflow: true })
/** `llvm.sub`. */
export const LLVMSubOp: OdsOp = intArith('sub', { overflow: true })
/** `llvm.mul`. */
export const LLVMMulOp: OdsOp = intArith('mul', { commutative: true, overflow: true })
/** `llvm.udiv`. */
export const LLVMUDivOp: OdsOp = intArith('udiv', { exact: true })
/** `llvm.sdiv`. */
export const LLVMSDivOp: OdsOp = intArith('sdiv', { exact: true })
/** `llvm.urem`. */
export const LLVMURemOp: OdsOp = intArith('urem')
/** `llvm.srem`. */
export const LLVMSRemOp: OdsOp = intArith('srem')
/** `llvm.and`. */
export const LLVMAndOp: OdsOp = intArith('and')
/** `llvm.or` (with the `disjoint` flag). */
export const LLVMOrOp: OdsOp = intArith('or', { disjoint: true, fold: foldOr })
/** `llvm.xor`. */
export const LLVMXOrOp: OdsOp = intArith('xor')
/** `llvm.shl`. */
export const LLVMShlOp: OdsOp = intArith('shl', { overflow: true, fold: foldShl })
/** `llvm.lshr`. */
export const LLVMLShrOp: OdsOp = intArith('lshr', { exact: true })
/** `llvm.ashr`. */
export const LLVMAShrOp: OdsOp = intArith('ashr', { exact: true })

function floatArith(mnemonic: string): OdsOp {
  return defineOp({
    name: `llvm.${mnemonic}`,
    operands: { lhs: FloatOrVector, rhs: FloatOrVector },
    results: { res: FloatOrVector },
    attributes: { fastmathFlags: DefaultFastmathFlags },
    traits: Trait.Pure | Trait.SameOperandsAndResultType,
    assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($res)',
  })
}

/** `llvm.fadd`. */
export const LLVMFAddOp: OdsOp = floatArith('fadd')
/** `llvm.fsub`. */
export const LLVMFSubOp: OdsOp = floatArith('fsub')
/** `llvm.fmul`. */
export const LLVMFMulOp: OdsOp = floatArith('fmul')
/** `llvm.fdiv`. */
export const LLVMFDivOp: OdsOp = floatArith('fdiv')
/** `llvm.frem`. */
export const LLVMFRemOp: OdsOp = floatArith('frem')
/** `llvm.fneg`. */
export const LLVMFNegOp: OdsOp = defineOp({
  name: 'llvm.fneg',
  operands: { operand: FloatOrVector },
  results: { res: FloatOrVector },
  attributes: { fastmathFlags: DefaultFastmathFlags },
  traits: Trait.Pure | Trait.SameOperandsAndResultType,
  assemblyFormat: '$operand attr-dict `:` type($res)',
})

// ---- comparisons and select ------------------------------------------------------------

const IntOrPtrOrVector: TypeConstraint = {
  kind: 'type',
  summary: 'signless integer or LLVM dialect-compatible vector of signless integer or LLVM pointer type or LLVM dialect-compatible vector of LLVM pointer type',
  check: (t) => IntOrVector.check(t) || PtrOrVector.check(t),
}

function cmpParse(names: readonly string[]) {
  return (parser: OpAsmParser, state: OperationState): LogicalResult => {
    const predLoc = parser.getCurrentLocation()
    const predAttr = parser.parseAttribute()
    if (predAttr === undefined) {
      return false
    }
    if (!(predAttr instanceof StringAttr)) {
      return parser.emitError(predLoc, 'invalid kind of attribute specified').fail()
    }
    const pred = predAttr.value
    const idx = names.indexOf(pred)
    if (idx < 0) {
      return parser.emitError(predLoc, `'${pred}' is an incorrect value of the 'predicate' attribute`).fail()
    }
    state.addProperty('predicate', enumIntAttr(parser.context, 64, idx))
    const loc = parser.getCurrentLocation()
    const lhs = parser.parseOperand()
    if (lhs === undefined || !parser.parseComma()) {
      return false
    }
    const rhs = parser.parseOperand()
    if (rhs === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    const type = parser.parseColonType()
    if (type === undefined) {
      return false
    }
    if (!parser.resolveOperands([lhs, rhs], type, loc, state.operands)) {
      return false
    }
    state.addTypes([getI1SameShape(type)])
    return true
  }
}

function cmpPrint(names: readonly string[]) {
  return (op: Operation, p: OpAsmPrinter): void => {
    const pred = op.getAttr('predicate')
    const idx = pred instanceof IntegerAttr ? Number(pred.value) : 0
    p.print(' ')
    p.printString(names[idx] ?? '')
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print(', ')
    p.printOperand(op.getOperand(1))
    const fmf = op.getAttr('fastmathFlags')
    const elided = ['predicate']
    if (fmf !== undefined && fmf === DefaultFastmathFlags.defaultValue!(op.context)) {
      elided.push('fastmathFlags')
    }
    p.printOptionalAttrDict(op.getAttrs(), elided)
    p.print(' : ')
    p.printType(op.getOperand(0).type)
  }
}

const cmpTypesMatch = [
  {
    from: 'lhs',
    to: 'res',
    summary: 'result type has i1 element type and same shape as operands',
    transform: getI1SameShape,
  },
]

/** `llvm.icmp "slt" %a, %b : i32`. */
export const LLVMICmpOp: OdsOp = defineOp({
  name: 'llvm.icmp',
  operands: { lhs: IntOrPtrOrVector, rhs: IntOrPtrOrVector },
  results: { res: I1OrVector },
  attributes: { predicate: i64EnumAttrC('llvm.icmp comparison predicate', ICmpPredicateNames.length) },
  traits: Trait.Pure,
  sameTypeOperands: true,
  typesMatchWith: cmpTypesMatch,
  parse: cmpParse(ICmpPredicateNames),
  print: cmpPrint(ICmpPredicateNames),
  fold: foldICmp,
})

/** `llvm.fcmp "olt" %a, %b : f32`. */
export const LLVMFCmpOp: OdsOp = defineOp({
  name: 'llvm.fcmp',
  operands: { lhs: FloatOrVector, rhs: FloatOrVector },
  results: { res: I1OrVector },
  attributes: {
    predicate: i64EnumAttrC('llvm.fcmp comparison predicate', FCmpPredicateNames.length),
    fastmathFlags: DefaultFastmathFlags,
  },
  traits: Trait.Pure,
  sameTypeOperands: true,
  typesMatchWith: cmpTypesMatch,
  parse: cmpParse(FCmpPredicateNames),
  print: cmpPrint(FCmpPredicateNames),
})

/** `llvm.select %c, %a, %b : i1, i32`. */
export const LLVMSelectOp: OdsOp = defineOp({
  name: 'llvm.select',
  operands: { condition: I1OrVector, trueValue: LLVMTypeC, falseValue: LLVMTypeC },
  results: { res: LLVMTypeC },
  attributes: { fastmathFlags: DefaultFastmathFlags },
  traits: Trait.Pure,
  allTypesMatch: [['trueValue', 'falseValue', 'res']],
  assemblyFormat: 'operands attr-dict `:` type($condition) `,` type($res)',
})

/** `llvm.freeze`. */
export const LLVMFreezeOp: OdsOp = defineOp({
  name: 'llvm.freeze',
  operands: { val: LLVMTypeC },
  results: { res: LLVMTypeC },
  traits: Trait.Pure | Trait.SameOperandsAndResultType,
  assemblyFormat: '$val attr-dict `:` type($val)',
})

// ---- casts -----------------------------------------------------------------------------

interface CastOptions {
  readonly fold?: (op: Operation, operands: readonly (Attribute | null)[]) => LLVMFoldResult
  readonly nneg?: boolean
  readonly overflow?: boolean
  readonly verify?: (op: Operation) => LogicalResult
}

function cast(mnemonic: string, from: TypeConstraint, to: TypeConstraint, opts: CastOptions = {}): OdsOp {
  let prefix = ''
  let suffix = ''
  const attributes: Record<string, typeof DefaultOverflowFlags  > = {}
  if (opts.nneg === true) {
    attributes.nonNeg = optionalAttr(UnitAttrC)
    prefix = '(`nneg` $nonNeg^)? '
  }
  if (opts.overflow === true) {
    attributes.overflowFlags = DefaultOverflowFlags
    suffix = ' (`overflow` `` $overflowFlags^)?'
  }
  return defineOp({
    name: `llvm.${mnemonic}`,
    operands: { arg: from },
    results: { res: to },
    attributes,
    traits: Trait.Pure,
    assemblyFormat: `${prefix}$arg${suffix} attr-dict \`:\` type($arg) \`to\` type($res)`,
    ...(opts.verify !== undefined ? { verify: opts.verify } : {}),
    ...(opts.fold !== undefined ? { fold: opts.fold } : {}),
  })
}

function intWidth(t: Type): number {
  const e = getVectorElementType(t)
  return e instanceof IntegerType ? e.width : 0
}

/** `llvm.sext`/`llvm.zext`: matching vector shapes (scalable dims included), then a wider result. */
function verifyExt(op: Operation): LogicalResult {
  const from = op.getOperand(0).type
  const to = op.getResult(0).type
  if (from instanceof VectorType && to instanceof VectorType) {
    const same = from.shape.length === to.shape.length && from.shape.every((d, i) => d === to.shape[i] && from.scalableDims[i] === to.scalableDims[i])
    if (!same) {
      return op.emitError('input and output vectors are of incompatible shape').fail()
    }
  } else if (from instanceof VectorType) {
    return op.emitError('input type is a vector but output type is an integer').fail()
  } else if (to instanceof VectorType) {
    return op.emitError('input type is an integer but output type is a vector').fail()
  }
  if (intWidth(op.getOperand(0).type) >= intWidth(op.getResult(0).type)) {
    return op.emitError('integer width of the output type is smaller or equal to the integer width of the input type').fail()
  }
  return true
}

/**
 * `llvm.bitcast`: pointers (or vectors of pointers) cast only to pointers of the same
 * address space and vector-ness.
 */
function verifyBitcast(op: Operation): LogicalResult {
  const from = op.getOperand(0).type
  const to = op.getResult(0).type
  const fromPtr = getVectorElementType(from)
  const toPtr = getVectorElementType(to)
  if ((fromPtr instanceof LLVMPointerType) !== (toPtr instanceof LLVMPointerType)) {
    return op.emitOpError('can only cast pointers from and to pointers').fail()
  }
  if (!(fromPtr instanceof LLVMPointerType) || !(toPtr instanceof LLVMPointerType)) {
    return true
  }
  if (to instanceof VectorType && !(from instanceof VectorType)) {
    return op.emitOpError('cannot cast pointer to vector of pointers').fail()
  }
  if (!(to instanceof VectorType) && from instanceof VectorType) {
    return op.emitOpError('cannot cast vector of pointers to pointer').fail()
  }
  if (fromPtr.addressSpace !== toPtr.addressSpace) {
    return op.emitOpError("cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead").fail()
  }
  return true
}

/** `LLVM_AnyNonAggregate`: LLVM-compatible types that are not structs or arrays. */
const LLVMNonAggregate: TypeConstraint = {
  kind: 'type',
  summary: 'LLVM-compatible non-aggregate type',
  check: (t) => isCompatibleType(t) && !(t instanceof LLVMStructType || t instanceof LLVMArrayType),
}

/** `llvm.sext`. */
export const LLVMSExtOp: OdsOp = cast('sext', IntOrVector, IntOrVector, { verify: verifyExt })
/** `llvm.zext` (with `nneg`). */
export const LLVMZExtOp: OdsOp = cast('zext', IntOrVector, IntOrVector, { nneg: true, verify: verifyExt, fold: foldZExt })
/** `llvm.trunc` (with overflow flags). */
export const LLVMTruncOp: OdsOp = cast('trunc', IntOrVector, IntOrVector, { overflow: true })
/** `llvm.sitofp`. */
export const LLVMSIToFPOp: OdsOp = cast('sitofp', IntOrVector, FloatOrVector)
/** `llvm.uitofp` (with `nneg`). */
export const LLVMUIToFPOp: OdsOp = cast('uitofp', IntOrVector, FloatOrVector, { nneg: true })
/** `llvm.fptosi`. */
export const LLVMFPToSIOp: OdsOp = cast('fptosi', FloatOrVector, IntOrVector)
/** `llvm.fptoui`. */
export const LLVMFPToUIOp: OdsOp = cast('fptoui', FloatOrVector, IntOrVector)
/** `llvm.fpext`. */
export const LLVMFPExtOp: OdsOp = cast('fpext', FloatOrVector, FloatOrVector)
/** `llvm.fptrunc`. */
export const LLVMFPTruncOp: OdsOp = cast('fptrunc', FloatOrVector, FloatOrVector)
/** `llvm.bitcast`. */
export const LLVMBitcastOp: OdsOp = cast('bitcast', LLVMNonAggregate, LLVMNonAggregate, { fold: foldCastChain, verify: verifyBitcast })
/** `llvm.ptrtoint`. */
export const LLVMPtrToIntOp: OdsOp = cast('ptrtoint', PtrOrVector, IntOrVector)
/** `llvm.inttoptr`. */
export const LLVMIntToPtrOp: OdsOp = cast('inttoptr', IntOrVector, PtrOrVector)
/** `llvm.addrspacecast`. */
export const LLVMAddrSpaceCastOp: OdsOp = cast('addrspacecast', PtrOrVector, PtrOrVector, { fold: foldCastChain })

// ---- constants -------------------------------------------------------------------------

/** The number of scalars in a (nested) vector/array type; anything else counts as one. */
function constantNumElements(t: Type): number {
  if (t instanceof VectorType) {
    return t.numElements * constantNumElements(t.elementType)
  }
  if (t instanceof LLVMArrayType) {
    return t.numElements * constantNumElements(t.elementType)
  }
  return 1
}

/** The scalar type under nested arrays and one vector/tensor level. */
function constantElementType(t: Type): Type {
  while (t instanceof LLVMArrayType) {
    t = t.elementType
  }
  if (t instanceof VectorType || t instanceof RankedTensorType || t instanceof UnrankedTensorType) {
    return t.elementType
  }
  return t
}

function hasScalableVector(t: Type): boolean {
  if (t instanceof VectorType) {
    return t.isScalable || hasScalableVector(t.elementType)
  }
  return t instanceof LLVMArrayType && hasScalableVector(t.elementType)
}

function isZeroOrUndef(a: Attribute): boolean {
  return a instanceof LLVMZeroAttr || a instanceof LLVMUndefAttr
}

/** Checks an array attribute against the (nested) array type of an `llvm.mlir.constant`. */
function verifyArrayConstant(op: Operation, arrayType: LLVMArrayType, arrayAttr: ArrayAttr, dim: number): LogicalResult {
  const elements = arrayAttr.elements
  if (arrayType.numElements !== elements.length) {
    return op.emitOpError(`array attribute size does not match array type size in dimension ${dim}: ${elements.length} vs. ${arrayType.numElements}`).fail()
  }
  const elementType = arrayType.elementType
  if (!(elementType instanceof LLVMArrayType) && !(elementType instanceof LLVMStructType)) {
    return op.emitOpError('for array with an array attribute must have a struct element type').fail()
  }
  // Each distinct element that is not zero/undef must be a nested array attribute.
  const seen = new Set<Attribute>()
  const where = elementType instanceof LLVMArrayType ? `sub-array in dimension ${dim}` : 'struct element'
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i]!
    if (seen.has(e)) {
      continue
    }
    seen.add(e)
    if (isZeroOrUndef(e)) {
      continue
    }
    if (!(e instanceof ArrayAttr)) {
      return op.emitOpError(`nested attribute for ${where} at index ${i} must be a zero, or undef, or array attribute`).fail()
    }
    if (elementType instanceof LLVMArrayType) {
      if (!verifyArrayConstant(op, elementType, e, dim + 1)) {
        return false
      }
    } else if (e.elements.length !== elementType.body.length) {
      return op.emitOpError(`nested array attribute size for struct element at index ${i} must match struct size: ${e.elements.length} vs. ${elementType.body.length}`).fail()
    }
  }
  return true
}

/**
 * Whether a float attribute of type `attrType` may initialize `elementType`: the same
 * float type, or an integer of the float's width (other types are left alone).
 */
function verifyConstantFloat(op: Operation, attrType: FloatType, elementType: Type): LogicalResult {
  if (elementType instanceof FloatType) {
    if (elementType.kind !== attrType.kind) {
      return op.emitOpError('attribute and type have different float semantics').fail()
    }
    return true
  }
  if (elementType instanceof IntegerType && !(elementType.isSignless && elementType.width === attrType.width)) {
    return op.emitOpError(`expected integer type of width ${attrType.width}`).fail()
  }
  return true
}

/** `llvm.mlir.constant` verification, in upstream's order. */
function verifyConstant(op: Operation): LogicalResult {
  const value = op.getAttr('value')
  const type = op.getResult(0).type
  if (value instanceof StringAttr) {
    const n = new TextEncoder().encode(value.value).length
    if (!(type instanceof LLVMArrayType) || type.numElements !== n || !(type.elementType instanceof IntegerType && type.elementType.isSignless && type.elementType.width === 8)) {
      return op.emitOpError(`expected array type of ${n} i8 elements for the string constant`).fail()
    }
    return true
  }
  if (type instanceof LLVMTargetExtType) {
    return op.emitOpError('does not support target extension type.').fail()
  }
  if (type instanceof LLVMStructType) {
    if (!(value instanceof ArrayAttr)) {
      return op.emitOpError('expected array attribute for struct type').fail()
    }
    const fields = type.body
    if (value.elements.length !== fields.length) {
      return op.emitOpError(`expected array attribute of size ${fields.length}`).fail()
    }
    for (let i = 0; i < fields.length; i++) {
      const ft = fields[i]!
      const a = value.elements[i]!
      if (!((ft instanceof IntegerType && ft.isSignless) || ft instanceof IndexType || ft instanceof FloatType)) {
        return op.emitOpError('expected struct element types to be floating point type or integer type').fail()
      }
      if (!(a instanceof FloatAttr || a instanceof IntegerAttr)) {
        return op.emitOpError('expected element of array attribute to be floating point or integer').fail()
      }
      if (a.type !== ft) {
        return op.emitOpError(`struct element at index ${i} is of wrong type`).fail()
      }
    }
    return true
  }
  if (value instanceof IntegerAttr) {
    if (!(type instanceof IntegerType)) {
      return op.emitOpError('expected integer type').fail()
    }
    return true
  }
  if (value instanceof FloatAttr) {
    return verifyConstantFloat(op, value.type as FloatType, type)
  }
  if (value instanceof DenseElementsAttr || value instanceof SparseElementsAttr) {
    if (hasScalableVector(type)) {
      if (!(value instanceof DenseElementsAttr && value.isSplat)) {
        return op.emitOpError('scalable vector type requires a splat attribute').fail()
      }
      return true
    }
    if (!(type instanceof VectorType || type instanceof LLVMArrayType)) {
      return op.emitOpError('expected vector or array type').fail()
    }
    const typeCount = constantNumElements(type)
    if (typeCount !== value.numElements) {
      return op.emitOpError(`type and attribute have a different number of elements: ${typeCount} vs. ${value.numElements}`).fail()
    }
    const attrElt = constantElementType(value.type)
    const resElt = constantElementType(type)
    if (attrElt instanceof FloatType) {
      return verifyConstantFloat(op, attrElt, resElt)
    }
    if (attrElt instanceof IntegerType && !(resElt instanceof IntegerType)) {
      return op.emitOpError('expected integer element type for integer elements attribute').fail()
    }
    return true
  }
  if (value instanceof ArrayAttr) {
    if (!(type instanceof LLVMArrayType)) {
      return op.emitOpError('expected array or struct type for array attribute').fail()
    }
    return verifyArrayConstant(op, type, value, 0)
  }
  return op.emitOpError('only supports integer, float, string or elements attributes').fail()
}

/** `llvm.mlir.constant(42 : i32) : i32`. */
export const LLVMConstantOp: OdsOp = defineOp({
  name: 'llvm.mlir.constant',
  results: { res: LLVMTypeC },
  attributes: { value: AnyAttr },
  traits: Trait.Pure | Trait.ConstantLike,
  assemblyFormat: '`(` $value `)` attr-dict `:` type($res)',
  verify: verifyConstant,
  fold(op: Operation): readonly Attribute[] {
    return [op.getAttr('value')!]
  },
})

/** `llvm.mlir.undef : T`. */
export const LLVMUndefOp: OdsOp = defineOp({
  name: 'llvm.mlir.undef',
  results: { res: LLVMTypeC },
  traits: Trait.Pure | Trait.ConstantLike,
  assemblyFormat: 'attr-dict `:` type($res)',
  fold(op: Operation): readonly Attribute[] {
    return [LLVMUndefAttr.get(op.context)]
  },
})

/** `llvm.mlir.poison : T`. */
export const LLVMPoisonOp: OdsOp = defineOp({
  name: 'llvm.mlir.poison',
  results: { res: LLVMTypeC },
  traits: Trait.Pure | Trait.ConstantLike,
  assemblyFormat: 'attr-dict `:` type($res)',
  fold(op: Operation): readonly Attribute[] {
    return [LLVMPoisonAttr.get(op.context)]
  },
})

/** `llvm.mlir.zero : T`. */
export const LLVMZeroOp: OdsOp = defineOp({
  name: 'llvm.mlir.zero',
  results: { res: LLVMTypeC },
  traits: Trait.Pure | Trait.ConstantLike,
  assemblyFormat: 'attr-dict `:` type($res)',
  verify(op: Operation): LogicalResult {
    const type = op.getResult(0).type
    if (type instanceof LLVMTargetExtType && !type.hasZeroInit) {
      return op.emitOpError('target extension type does not support zero-initializer').fail()
    }
    return true
  },
  fold(op: Operation): readonly Attribute[] {
    return [LLVMZeroAttr.get(op.context)]
  },
})

/** `llvm.mlir.addressof @sym : !llvm.ptr`. */
export const LLVMAddressOfOp: OdsOp = defineOp({
  name: 'llvm.mlir.addressof',
  results: { res: LLVMAnyPointer },
  attributes: { global_name: FlatSymbolRefAttr },
  traits: Trait.Pure | Trait.ConstantLike,
  fold(op: Operation): readonly Attribute[] {
    return [op.getAttr('global_name')!]
  },
  assemblyFormat: '$global_name attr-dict `:` qualified(type($res))',
  verifySymbolUses(op: Operation): LogicalResult {
    const name = op.getAttr('global_name')
    const target = name instanceof SymbolRefAttr ? SymbolTable.lookupNearestSymbolFrom(op, name) : undefined
    const kind = target?.name.name
    if (kind !== 'llvm.mlir.global' && kind !== 'llvm.func' && kind !== 'llvm.mlir.alias' && kind !== 'llvm.mlir.ifunc') {
      return op
        .emitOpError("must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'")
        .fail()
    }
    const resType = op.getResult(0).type
    if ((kind === 'llvm.mlir.global' || kind === 'llvm.mlir.alias') && resType instanceof LLVMPointerType) {
      const as = target!.getAttr('addr_space')
      const globalSpace = as instanceof IntegerAttr ? Number(as.value) : 0
      const space = kind === 'llvm.mlir.alias' ? getAliasAddrSpace(target!) : globalSpace
      if (space !== resType.addressSpace) {
        return op.emitOpError('pointer address space must match address space of the referenced global or alias').fail()
      }
    }
    return true
  },
})

// ---- memory ----------------------------------------------------------------------------

const ATOMIC_ORDERINGS: readonly (readonly [string, number])[] = [
  ['not_atomic', 0],
  ['unordered', 1],
  ['monotonic', 2],
  ['acquire', 4],
  ['release', 5],
  ['acq_rel', 6],
  ['seq_cst', 7],
]

function atomicOrderingKeyword(parser: OpAsmParser): number | undefined {
  const kw = parser.parseOptionalKeywordOneOf(ATOMIC_ORDERINGS.map((o) => o[0]))
  return kw === undefined ? undefined : ATOMIC_ORDERINGS.find((o) => o[0] === kw)![1]
}

/** `AtomicOrdering` (stored as `ordering = N : i64`), spelled as its keyword (`monotonic`). */
const AtomicOrderingAttrC = attrConstraint('Atomic ordering for LLVM\'s memory model', (a) => a instanceof IntegerAttr && ATOMIC_ORDERINGS.some((o) => BigInt(o[1]) === a.value), {
  parse(parser: OpAsmParser): Attribute | undefined {
    const loc = parser.getCurrentLocation()
    const v = atomicOrderingKeyword(parser)
    if (v === undefined) {
      parser.emitError(loc, `expected keyword for Atomic ordering for LLVM's memory model`).report()
      return undefined
    }
    return enumIntAttr(parser.context, 64, v)
  },
  parseOptional(parser: OpAsmParser): Attribute | null {
    const v = atomicOrderingKeyword(parser)
    return v === undefined ? null : enumIntAttr(parser.context, 64, v)
  },
  print(attr: Attribute, p: OpAsmPrinter): void {
    const v = Number((attr as IntegerAttr).value)
    p.print(ATOMIC_ORDERINGS.find((o) => o[1] === v)?.[0] ?? '')
  },
})

const DefaultAtomicOrdering = defaultValuedAttr(AtomicOrderingAttrC, (c) => enumIntAttr(c, 64, 0))

/**
 * The effects of `llvm.load`/`llvm.store`: the access itself, plus an unknown read and
 * write for volatile accesses and atomics stronger than `unordered` (as upstream).
 */
function accessEffects(op: Operation, access: MemoryEffect): readonly MemoryEffect[] {
  const ordering = op.getAttr('ordering')
  const o = ordering instanceof IntegerAttr ? Number(ordering.value) : 0
  if (op.getAttr('volatile_') !== undefined || o > 1) {
    return [access, { kind: 'write' }, { kind: 'read' }]
  }
  return [access]
}

const LoadableType: TypeConstraint = {
  kind: 'type',
  summary: 'LLVM type with size',
  check: (t) =>
    isCompatibleType(t) &&
    !(t instanceof LLVMVoidType || t instanceof LLVMFunctionType || t instanceof LLVMLabelType || t instanceof LLVMMetadataType || t instanceof LLVMTokenType) &&
    !(t instanceof LLVMStructType && t.isOpaque) &&
    !(t instanceof LLVMTargetExtType && !t.supportsMemOps),
}

/**
 * Whether `type` may be accessed atomically: an integer, pointer or LLVM float type whose
 * size is a power of two of at least 8 bits (pointers take the default 64-bit layout).
 */
export function isAtomicAccessType(type: Type): boolean {
  let bits: number
  if (type instanceof IntegerType) {
    bits = type.width
  } else if (type instanceof LLVMPointerType) {
    bits = 64
  } else if (isCompatibleFloatingPointType(type)) {
    bits = (type as FloatType).width
  } else {
    return false
  }
  return bits >= 8 && (bits & (bits - 1)) === 0
}

/**
 * The checks of an atomic `llvm.load`/`llvm.store` (`valueType` is the accessed type), in
 * upstream's order: the type, the ordering, the alignment; a non-atomic access must not
 * name a syncscope.
 */
function verifyAtomic(op: Operation, valueType: Type, forbidden: readonly number[]): LogicalResult {
  const ordering = op.getAttr('ordering')
  const o = ordering instanceof IntegerAttr ? Number(ordering.value) : 0
  if (o === 0) {
    if (op.getAttr('syncscope') !== undefined) {
      return op.emitOpError('expected syncscope to be null for non-atomic access').fail()
    }
    return true
  }
  if (!isAtomicAccessType(valueType)) {
    return op.emitOpError(`unsupported type ${quoted(valueType)} for atomic access`).fail()
  }
  if (forbidden.includes(o)) {
    const name = ATOMIC_ORDERINGS.find((c) => c[1] === o)?.[0] ?? ''
    return op.emitOpError(`unsupported ordering '${name}'`).fail()
  }
  if (op.getAttr('alignment') === undefined) {
    return op.emitOpError('expected alignment for atomic access').fail()
  }
  return true
}

function isScopeAttrArray(a: Attribute, mnemonic: string): boolean {
  return a instanceof ArrayAttr && a.elements.every((e) => e instanceof LLVMScopeAttr && e.mnemonic === mnemonic)
}

/** @internal `LLVM_AccessGroupArrayAttr`: an array of `#llvm.access_group` attributes. */
export const AccessGroupArrayAttrC: AttrConstraint = attrConstraint('LLVM dialect access group metadata array', (a) => isScopeAttrArray(a, 'access_group'))
/** @internal `LLVM_AliasScopeArrayAttr`: an array of `#llvm.alias_scope` attributes. */
export const AliasScopeArrayAttrC: AttrConstraint = attrConstraint('LLVM dialect alias scope array', (a) => isScopeAttrArray(a, 'alias_scope'))

/** `llvm.load %p : !llvm.ptr -> i32`. */
export const LLVMLoadOp: OdsOp = defineOp({
  name: 'llvm.load',
  operands: { addr: LLVMAnyPointer },
  results: { res: LoadableType },
  attributes: {
    alignment: optionalAttr(I64Attr),
    volatile_: optionalAttr(UnitAttrC),
    nontemporal: optionalAttr(UnitAttrC),
    invariant: optionalAttr(UnitAttrC),
    invariantGroup: optionalAttr(UnitAttrC),
    ordering: DefaultAtomicOrdering,
    syncscope: optionalAttr(StrAttr),
    access_groups: optionalAttr(AccessGroupArrayAttrC),
    alias_scopes: optionalAttr(AliasScopeArrayAttrC),
    noalias_scopes: optionalAttr(AliasScopeArrayAttrC),
  },
  memoryEffects: (op) => accessEffects(op, { kind: 'read', value: op.getOperand(0) }),
  verify: (op) => verifyAtomic(op, op.getResult(0).type, [5, 6]),
  assemblyFormat:
    '(`volatile` $volatile_^)? $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? (`invariant` $invariant^)? (`invariant_group` $invariantGroup^)? attr-dict `:` type($addr) `->` type($res)',
})

/** `llvm.store %v, %p : i32, !llvm.ptr`. */
export const LLVMStoreOp: OdsOp = defineOp({
  name: 'llvm.store',
  operands: { value: LoadableType, addr: LLVMAnyPointer },
  attributes: {
    alignment: optionalAttr(I64Attr),
    volatile_: optionalAttr(UnitAttrC),
    nontemporal: optionalAttr(UnitAttrC),
    invariantGroup: optionalAttr(UnitAttrC),
    ordering: DefaultAtomicOrdering,
    syncscope: optionalAttr(StrAttr),
    access_groups: optionalAttr(AccessGroupArrayAttrC),
    alias_scopes: optionalAttr(AliasScopeArrayAttrC),
    noalias_scopes: optionalAttr(AliasScopeArrayAttrC),
  },
  memoryEffects: (op) => accessEffects(op, { kind: 'write', value: op.getOperand(1) }),
  verify: (op) => verifyAtomic(op, op.getOperand(0).type, [4, 6]),
  assemblyFormat:
    '(`volatile` $volatile_^)? $value `,` $addr (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)? (`invariant_group` $invariantGroup^)? attr-dict `:` type($value) `,` type($addr)',
})

/** `llvm.alloca %n x i32 : (i64) -> !llvm.ptr`. */
export const LLVMAllocaOp: OdsOp = defineOp({
  name: 'llvm.alloca',
  operands: { arraySize: AnyInteger },
  results: { res: LLVMAnyPointer },
  attributes: { alignment: optionalAttr(I64Attr), elem_type: TypeAttrC, inalloca: optionalAttr(UnitAttrC) },
  memoryEffects: (op) => [{ kind: 'allocate', value: op.getResult(0), resource: 'AutomaticAllocationScope' }],
  verify(op: Operation): LogicalResult {
    const elemType = op.getAttr('elem_type')
    if (elemType instanceof TypeAttr && elemType.value instanceof LLVMTargetExtType && !elemType.value.supportsMemOps) {
      return op.emitOpError('this target extension type cannot be used in alloca').fail()
    }
    return true
  },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    if (parser.parseOptionalKeyword('inalloca')) {
      state.addProperty('inalloca', UnitAttr.get(parser.context))
    }
    const size = parser.parseOperand()
    if (size === undefined || !parser.parseKeyword('x')) {
      return false
    }
    const elemType = parser.parseType()
    if (elemType === undefined || !parser.parseOptionalAttrDict(state.attributes) || !parser.parseColon()) {
      return false
    }
    const fnLoc = parser.getCurrentLocation()
    const fnType = parser.parseType()
    if (fnType === undefined) {
      return false
    }
    const alignIdx = state.attributes.findIndex((a) => a.name === 'alignment')
    if (alignIdx >= 0) {
      const alignment = state.attributes[alignIdx]!.value
      if (!(alignment instanceof IntegerAttr)) {
        return parser.emitError(parser.getNameLoc(), 'expected integer alignment').fail()
      }
      if (alignment.value === 0n) {
        state.attributes.splice(alignIdx, 1)
      }
    }
    const ft = fnType as { inputs?: readonly Type[]; results?: readonly Type[] }
    if (ft.inputs === undefined || ft.results === undefined || ft.inputs.length !== 1 || ft.results.length !== 1) {
      return parser.emitError(fnLoc, 'expected trailing function type with one argument and one result').fail()
    }
    state.addProperty('elem_type', TypeAttr.get(elemType))
    if (!parser.resolveOperand(size, ft.inputs[0]!, state.operands)) {
      return false
    }
    state.addTypes([ft.results[0]!])
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    if (op.getAttr('inalloca') !== undefined) {
      p.print(' inalloca')
    }
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print(' x ')
    const et = op.getAttr('elem_type')
    if (et instanceof TypeAttr) {
      p.printType(et.value)
    }
    const align = op.getAttr('alignment')
    const elided = ['elem_type', 'inalloca']
    if (!(align instanceof IntegerAttr) || align.value === 0n) {
      elided.push('alignment')
    }
    p.printOptionalAttrDict(op.getAttrs(), elided)
    p.print(' : ')
    p.printFunctionalType([op.getOperand(0).type], [op.getResult(0).type])
  },
})

/** `kDynamicIndex` of `llvm.getelementptr`'s `rawConstantIndices`: the index is the next dynamic operand. */
export const GEP_DYNAMIC_INDEX: number = -2147483648

/** `GEPNoWrapFlags` keywords by value, as `llvm.getelementptr` prints them. */
const GEP_NOWRAP: readonly (readonly [string, number])[] = [
  ['inbounds_flag', 1],
  ['nusw', 2],
  ['nuw', 4],
  ['inbounds', 3],
]

function stringifyGepFlags(v: number): string {
  if (v === 0) {
    return ''
  }
  const parts: string[] = []
  let rest = v
  if ((rest & 3) === 3) {
    parts.push('inbounds')
    rest &= ~3
  }
  for (const [name, bit] of GEP_NOWRAP) {
    if (bit !== 3 && (rest & bit) !== 0) {
      parts.push(name)
    }
  }
  return parts.join('|')
}

/** `verifyStructIndices`: struct indices must be constant and in bounds; scalars cannot be indexed. */
function verifyStructIndices(op: Operation, elemType: Type, raw: readonly number[]): LogicalResult {
  let t = elemType
  for (let pos = 1; pos < raw.length; pos++) {
    if (t instanceof LLVMStructType) {
      const idx = raw[pos]!
      if (idx === GEP_DYNAMIC_INDEX) {
        return op.emitOpError(`expected index ${pos} indexing a struct to be constant`).fail()
      }
      if (idx < 0 || idx >= t.body.length) {
        return op.emitOpError(`index ${pos} indexing a struct is out of bounds`).fail()
      }
      t = t.body[idx]!
    } else if (t instanceof VectorType || t instanceof LLVMArrayType) {
      t = t.elementType
    } else {
      return op.emitOpError(`type ${quoted(t)} cannot be indexed (index #${pos})`).fail()
    }
  }
  return true
}

/** `llvm.getelementptr inbounds %p[%i, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<...>`. */
export const LLVMGEPOp: OdsOp = defineOp({
  name: 'llvm.getelementptr',
  operands: { base: PtrOrVector, dynamicIndices: variadic(IntOrVector) },
  results: { res: PtrOrVector },
  attributes: {
    rawConstantIndices: DenseI32ArrayAttr,
    elem_type: TypeAttrC,
    noWrapFlags: defaultValuedAttr(
      attrConstraint('LLVM GEP no-wrap flags', (a) => a instanceof IntegerAttr),
      (c) => enumIntAttr(c, 32, 0),
    ),
  },
  traits: Trait.Pure,
  fold: foldGEP,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    let flags = 0
    for (;;) {
      const kw = parser.parseOptionalKeywordOneOf(['inbounds', 'inbounds_flag', 'nusw', 'nuw'])
      if (kw === undefined) {
        break
      }
      flags |= kw === 'inbounds' ? 3 : kw === 'inbounds_flag' ? 1 : kw === 'nusw' ? 2 : 4
      if (!parser.parseOptionalVerticalBar()) {
        break
      }
    }
    const loc = parser.getCurrentLocation()
    const base = parser.parseOperand()
    if (base === undefined || !parser.parseLSquare()) {
      return false
    }
    const dyn: UnresolvedOperand[] = []
    const raw: number[] = []
    if (!parser.parseOptionalRSquare()) {
      do {
        const c = parser.parseOptionalInteger()
        if (c !== undefined) {
          raw.push(Number(BigInt.asIntN(32, c)))
          continue
        }
        const o = parser.parseOperand()
        if (o === undefined) {
          return false
        }
        dyn.push(o)
        raw.push(GEP_DYNAMIC_INDEX)
      } while (parser.parseOptionalComma())
      if (!parser.parseRSquare()) {
        return false
      }
    }
    if (!parser.parseOptionalAttrDict(state.attributes) || !parser.parseColon()) {
      return false
    }
    const fnLoc = parser.getCurrentLocation()
    const fnType = parser.parseType()
    if (fnType === undefined) {
      return false
    }
    if (!(fnType instanceof FunctionType)) {
      return parser.emitError(fnLoc, `invalid kind of type specified: expected builtin.function, but found ${quoted(fnType)}`).fail()
    }
    if (!parser.parseComma()) {
      return false
    }
    const elemType = parser.parseType()
    if (elemType === undefined) {
      return false
    }
    if (!resolveOperandList(parser, [base, ...dyn], fnType.inputs, loc, state.operands)) {
      return false
    }
    state.addProperty('rawConstantIndices', DenseArrayAttr.getI32(parser.context, raw))
    state.addProperty('elem_type', TypeAttr.get(elemType))
    state.addProperty('noWrapFlags', enumIntAttr(parser.context, 32, flags))
    state.addTypes([...fnType.results])
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const flags = op.getAttr('noWrapFlags')
    const fs = stringifyGepFlags(flags instanceof IntegerAttr ? Number(flags.value) : 0)
    if (fs !== '') {
      p.print(' ' + fs)
    }
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print('[')
    const raw = op.getAttr('rawConstantIndices')
    let dynIdx = 1
    if (raw instanceof DenseArrayAttr) {
      for (let i = 0; i < raw.values.length; i++) {
        if (i > 0) {
          p.print(', ')
        }
        const v = Number(raw.values[i])
        if (v === GEP_DYNAMIC_INDEX) {
          p.printOperand(op.getOperand(dynIdx++))
        } else {
          p.print(String(v))
        }
      }
    }
    p.print(']')
    p.printOptionalAttrDict(op.getAttrs(), ['rawConstantIndices', 'elem_type', 'noWrapFlags'])
    p.print(' : ')
    p.printFunctionalType(op.operandTypes, op.resultTypes)
    p.print(', ')
    const et = op.getAttr('elem_type')
    if (et instanceof TypeAttr) {
      p.printType(et.value)
    }
  },
  verify(op: Operation): LogicalResult {
    const raw = op.getAttr('rawConstantIndices')
    if (raw instanceof DenseArrayAttr) {
      const numDyn = raw.values.filter((v) => Number(v) === GEP_DYNAMIC_INDEX).length
      if (numDyn !== op.operands.length - 1) {
        return op.emitOpError('expected as many dynamic indices as specified in \'rawConstantIndices\'').fail()
      }
      // `inbounds_flag` alone (without `nusw`, which `inbounds` adds) is not a valid flag set.
      const flags = op.getAttr('noWrapFlags')
      if (flags instanceof IntegerAttr && flags.value === 1n) {
        return op.emitOpError("'inbounds_flag' cannot be used directly.").fail()
      }
      const et = op.getAttr('elem_type')
      if (et instanceof TypeAttr) {
        return verifyStructIndices(op, et.value, raw.values.map((v) => Number(v)))
      }
    }
    return true
  },
})

// ---- aggregates and vectors ------------------------------------------------------------

/** As `getInsertExtractValueElementType`, first requiring an LLVM-compatible container (as the parser does). */
function parseInsertExtractValueElementType(container: Type, position: readonly number[]): Type | string {
  if (!isCompatibleType(container)) {
    return `expected LLVM IR Dialect type, got ${quoted(container)}`
  }
  return getInsertExtractValueElementType(container, position)
}

/** The element type at `position` inside `container`, or an error message. */
export function getInsertExtractValueElementType(container: Type, position: readonly number[]): Type | string {
  let t: Type = container
  for (const idx of position) {
    if (t instanceof LLVMArrayType) {
      if (idx < 0 || idx >= t.numElements) {
        return `position out of bounds: ${idx}`
      }
      t = t.elementType
    } else if (t instanceof LLVMStructType) {
      if (idx < 0 || idx >= t.body.length) {
        return `position out of bounds: ${idx}`
      }
      t = t.body[idx]!
    } else {
      return `expected LLVM IR structure/array type, got: ${quoted(t)}`
    }
  }
  return t
}

function positionOf(op: Operation): number[] {
  const a = op.getAttr('position')
  return a instanceof DenseArrayAttr ? a.values.map((v) => Number(v)) : []
}

function parsePositionList(parser: OpAsmParser): number[] | undefined {
  if (!parser.parseLSquare()) {
    return undefined
  }
  const out: number[] = []
  if (parser.parseOptionalRSquare()) {
    return out
  }
  do {
    const v = parser.parseInteger()
    if (v === undefined) {
      return undefined
    }
    out.push(Number(v))
  } while (parser.parseOptionalComma())
  return parser.parseRSquare() ? out : undefined
}

function printPositionList(p: OpAsmPrinter, pos: readonly number[]): void {
  p.print(`[${pos.join(', ')}]`)
}

function i64Array(op: { context: Context }, values: readonly number[]): DenseArrayAttr {
  return DenseArrayAttr.get(IntegerType.get(op.context, 64), values.map((v) => BigInt(v)))
}

/** `llvm.extractvalue %s[0, 1] : !llvm.struct<...>`. */
export const LLVMExtractValueOp: OdsOp = defineOp({
  name: 'llvm.extractvalue',
  operands: { container: LLVMAnyAggregate },
  results: { res: LLVMTypeC },
  attributes: { position: DenseI64ArrayAttr },
  traits: Trait.Pure,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const c = parser.parseOperand()
    if (c === undefined) {
      return false
    }
    const pos = parsePositionList(parser)
    if (pos === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    const t = parser.parseColonType()
    if (t === undefined) {
      return false
    }
    const el = parseInsertExtractValueElementType(t, pos)
    if (typeof el === 'string') {
      return parser.emitError(parser.getCurrentLocation(), el).fail()
    }
    state.addProperty('position', i64Array(parser, pos))
    if (!parser.resolveOperand(c, t, state.operands)) {
      return false
    }
    state.addTypes([el])
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    printPositionList(p, positionOf(op))
    p.printOptionalAttrDict(op.getAttrs(), ['position'])
    p.print(' : ')
    p.printType(op.getOperand(0).type)
    p.print(' ')
  },
  verify(op: Operation): LogicalResult {
    const el = getInsertExtractValueElementType(op.getOperand(0).type, positionOf(op))
    if (typeof el === 'string') {
      return op.emitOpError(el).fail()
    }
    if (el !== op.getResult(0).type) {
      return op.emitOpError(`Type mismatch: extracting from ${quoted(op.getOperand(0).type)} should produce ${quoted(el)} but this op returns ${quoted(op.getResult(0).type)}`).fail()
    }
    return true
  },
  fold: foldExtractValue,
})

/** `llvm.insertvalue %v, %s[0] : !llvm.struct<...>`. */
export const LLVMInsertValueOp: OdsOp = defineOp({
  name: 'llvm.insertvalue',
  operands: { container: LLVMAnyAggregate, value: LLVMTypeC },
  results: { res: LLVMAnyAggregate },
  attributes: { position: DenseI64ArrayAttr },
  traits: Trait.Pure,
  allTypesMatch: [['container', 'res']],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const v = parser.parseOperand()
    if (v === undefined || !parser.parseComma()) {
      return false
    }
    const c = parser.parseOperand()
    if (c === undefined) {
      return false
    }
    const pos = parsePositionList(parser)
    if (pos === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    const t = parser.parseColonType()
    if (t === undefined) {
      return false
    }
    const el = parseInsertExtractValueElementType(t, pos)
    if (typeof el === 'string') {
      return parser.emitError(parser.getCurrentLocation(), el).fail()
    }
    state.addProperty('position', i64Array(parser, pos))
    if (!parser.resolveOperand(c, t, state.operands) || !parser.resolveOperand(v, el, state.operands)) {
      return false
    }
    state.addTypes([t])
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(1))
    p.print(', ')
    p.printOperand(op.getOperand(0))
    printPositionList(p, positionOf(op))
    p.printOptionalAttrDict(op.getAttrs(), ['position'])
    p.print(' : ')
    p.printType(op.getOperand(0).type)
    p.print(' ')
  },
  verify(op: Operation): LogicalResult {
    const el = getInsertExtractValueElementType(op.getOperand(0).type, positionOf(op))
    if (typeof el === 'string') {
      return op.emitOpError(el).fail()
    }
    if (el !== op.getOperand(1).type) {
      return op.emitOpError(`Type mismatch: cannot insert ${quoted(op.getOperand(1).type)} into ${quoted(op.getOperand(0).type)}`).fail()
    }
    return true
  },
})

const vectorElementMatch = (summary: string, from: string, to: string): { from: string; to: string; summary: string; transform: (t: Type) => Type } => ({
  from,
  to,
  summary,
  transform: getVectorElementType,
})

/** `llvm.extractelement %v[%i : i32] : vector<4xf32>`. */
export const LLVMExtractElementOp: OdsOp = defineOp({
  name: 'llvm.extractelement',
  operands: { vector: LLVMAnyVector, position: AnyInteger },
  results: { res: LLVMTypeC },
  traits: Trait.Pure,
  typesMatchWith: [vectorElementMatch('result type matches vector element type', 'vector', 'res')],
  assemblyFormat: '$vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)',
})

/** `llvm.insertelement %x, %v[%i : i32] : vector<4xf32>`. */
export const LLVMInsertElementOp: OdsOp = defineOp({
  name: 'llvm.insertelement',
  operands: { vector: LLVMAnyVector, value: LLVMTypeC, position: AnyInteger },
  results: { res: LLVMAnyVector },
  traits: Trait.Pure,
  typesMatchWith: [vectorElementMatch('argument type matches vector element type', 'vector', 'value')],
  allTypesMatch: [['res', 'vector']],
  assemblyFormat: '$value `,` $vector `[` $position `:` type($position) `]` attr-dict `:` type($vector)',
})

/** `llvm.shufflevector %a, %b [0, 1] : vector<4xf32>`. */
export const LLVMShuffleVectorOp: OdsOp = defineOp({
  name: 'llvm.shufflevector',
  operands: { v1: LLVMAnyVector, v2: LLVMAnyVector },
  results: { res: LLVMAnyVector },
  attributes: { mask: DenseI32ArrayAttr },
  traits: Trait.Pure,
  allTypesMatch: [['v1', 'v2']],
  verify(op: Operation): LogicalResult {
    const v1 = op.getOperand(0).type
    const mask = op.getAttr('mask')
    if (v1 instanceof VectorType && v1.isScalable && mask instanceof DenseArrayAttr && mask.values.some((m) => Number(m) !== 0)) {
      return op.emitOpError('expected a splat operation for scalable vectors').fail()
    }
    return true
  },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const loc = parser.getCurrentLocation()
    const a = parser.parseOperand()
    if (a === undefined || !parser.parseComma()) {
      return false
    }
    const b = parser.parseOperand()
    if (b === undefined) {
      return false
    }
    const mask = parsePositionList(parser)
    if (mask === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    if (!parser.parseColon()) {
      return false
    }
    const t = parseVectorType(parser)
    if (t === undefined) {
      return false
    }
    state.addProperty('mask', DenseArrayAttr.getI32(parser.context, mask))
    if (!parser.resolveOperands([a, b], t, loc, state.operands)) {
      return false
    }
    state.addTypes([VectorType.get([mask.length], t.elementType, [t.scalableDims[0] ?? false])])
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print(', ')
    p.printOperand(op.getOperand(1))
    p.print(' ')
    const m = op.getAttr('mask')
    printPositionList(p, m instanceof DenseArrayAttr ? m.values.map((v) => Number(v)) : [])
    p.printOptionalAttrDict(op.getAttrs(), ['mask'])
    p.print(' : ')
    p.printType(op.getOperand(0).type)
    p.print(' ')
  },
})

// ---- control flow ----------------------------------------------------------------------

function brOperands(op: Operation): Value[] {
  return op.getOperands()
}

/**
 * The BranchOpInterface of the llvm branches, with `appendSuccessorOperands` (typed
 * here, so the implementations also build against interface versions without it).
 */
type LLVMBranchImpl = BranchOpInterfaceImpl & {
  appendSuccessorOperands(op: Operation, index: number, values: readonly Value[]): void
}

/** Adds `delta` to entry `index` of the i32 segment array `name`. */
function growSegment(op: Operation, name: string, index: number, delta: number): void {
  const a = op.getAttr(name)
  if (a instanceof DenseArrayAttr) {
    const vals = a.values.map((v) => Number(v))
    vals[index] = (vals[index] ?? 0) + delta
    op.setAttr(name, DenseArrayAttr.getI32(op.context, vals))
  }
}

const brBranchImpl: LLVMBranchImpl = {
  // Upstream's default: the successor is never decided from constants, but sccp still waits for the operands.
  getSuccessorForOperands: () => null,
  getSuccessorOperands: (op) => brOperands(op),
  eraseSuccessorOperand: (op, _index, k) => op.eraseOperand(k),
  appendSuccessorOperands: (op, _index, values) => op.insertOperands(op.numOperands, values),
}

const condBrBranchImpl: LLVMBranchImpl = {
  // Upstream's default: the successor is never decided from constants, but sccp still waits for the operands.
  getSuccessorForOperands: () => null,
  getSuccessorOperands: (op, index) => condBrSuccessorOperands(op, index),
  eraseSuccessorOperand(op: Operation, index: number, k: number): void {
    const [start] = LLVMCondBrOp.operandRange(op, index === 0 ? 'trueDestOperands' : 'falseDestOperands')
    op.eraseOperand(start + k)
    growSegment(op, 'operandSegmentSizes', index + 1, -1)
  },
  appendSuccessorOperands(op: Operation, index: number, values: readonly Value[]): void {
    const [start, len] = LLVMCondBrOp.operandRange(op, index === 0 ? 'trueDestOperands' : 'falseDestOperands')
    op.insertOperands(start + len, values)
    growSegment(op, 'operandSegmentSizes', index + 1, values.length)
  },
}

const switchBranchImpl: LLVMBranchImpl = {
  // Upstream's default: the successor is never decided from constants, but sccp still waits for the operands.
  getSuccessorForOperands: () => null,
  getSuccessorOperands: (op, index) => switchSuccessorOperands(op, index),
  eraseSuccessorOperand: (op, index, k) => eraseSwitchOperandOf(LLVMSwitchOp, op, index, k),
  appendSuccessorOperands: (op, index, values) => appendSwitchOperandsOf(LLVMSwitchOp, op, index, values),
}

/** `LoopAnnotationAttr` as a property constraint (upstream gives it no summary). */
const LoopAnnotationAttrC: AttrConstraint = attrConstraint('', isLoopAnnotation, { isStorageKind: isLoopAnnotation })

function isLoopAnnotation(attr: Attribute): boolean {
  return attr instanceof LLVMLoopAttr && attr.mnemonic === 'loop_annotation'
}

/** `llvm.br ^bb(%x : i32)`. */
export const LLVMBrOp: OdsOp = defineOp({
  name: 'llvm.br',
  operands: { destOperands: variadic(LLVMTypeC) },
  attributes: { loop_annotation: optionalAttr(LoopAnnotationAttrC) },
  successors: { dest: AnySuccessor },
  traits: Trait.Pure | Trait.IsTerminator,
  interfaces: [BranchOpInterface.impl(brBranchImpl)],
  assemblyFormat: '$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict',
  verify(op: Operation): LogicalResult {
    return verifyBranchSuccessorOperands(op, () => brOperands(op))
  },
})

function condBrSuccessorOperands(op: Operation, index: number): Value[] {
  return LLVMCondBrOp.operandValues(op, index === 0 ? 'trueDestOperands' : 'falseDestOperands')
}


/** `llvm.cond_br %c weights([1, 2]), ^bb1, ^bb2(%x : i32)`. */
export const LLVMCondBrOp: OdsOp = defineOp({
  name: 'llvm.cond_br',
  operands: { condition: I1, trueDestOperands: variadic(LLVMTypeC), falseDestOperands: variadic(LLVMTypeC) },
  attributes: { branch_weights: optionalAttr(DenseI32ArrayAttr), loop_annotation: optionalAttr(LoopAnnotationAttrC) },
  successors: { trueDest: AnySuccessor, falseDest: AnySuccessor },
  traits: Trait.Pure | Trait.IsTerminator | Trait.AttrSizedOperandSegments,
  interfaces: [
    BranchOpInterface.impl(condBrBranchImpl),
  ],
  assemblyFormat:
    '$condition ( `weights` `(` $branch_weights^ `)` )? `,` $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` ' +
    '$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict',
  verify(op: Operation): LogicalResult {
    const w = op.getAttr('branch_weights')
    if (w instanceof DenseArrayAttr && w.values.length !== 2) {
      return op.emitOpError('expects number of branch weights to match number of successors: ' + `${w.values.length} vs 2`).fail()
    }
    return verifyBranchSuccessorOperands(op, condBrSuccessorOperands)
  },
})

function switchSuccessorOperands(op: Operation, index: number): Value[] {
  return switchOperandsOf(LLVMSwitchOp, op, index)
}

const AnyIntElementsAttr = attrConstraint(
  'integer elements attribute',
  (a) => a instanceof DenseIntOrFPElementsAttr && a.type.elementType instanceof IntegerType,
)

/** `llvm.switch %v : i32, ^default [ 1: ^bb1, ... ]`. */
export const LLVMSwitchOp: OdsOp = defineOp({
  name: 'llvm.switch',
  operands: { value: AnyInteger, defaultOperands: variadic(AnyType), caseOperands: variadic(AnyType) },
  attributes: {
    case_values: optionalAttr(AnyIntElementsAttr),
    case_operand_segments: DenseI32ArrayAttr,
    branch_weights: optionalAttr(DenseI32ArrayAttr),
  },
  successors: { defaultDestination: AnySuccessor, caseDestinations: VariadicSuccessor },
  traits: Trait.AttrSizedOperandSegments | Trait.Pure | Trait.IsTerminator,
  interfaces: [
    BranchOpInterface.impl(switchBranchImpl),
  ],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const valueLoc = parser.getCurrentLocation()
    const value = parser.parseOperand()
    if (value === undefined || !parser.parseColon()) {
      return false
    }
    const valueType = parser.parseType()
    if (valueType === undefined || !parser.parseComma()) {
      return false
    }
    const defaultOperands: UnresolvedOperand[] = []
    const defaultTypes: Type[] = []
    const defaultLoc = parser.getCurrentLocation()
    const defaultDest = parseSuccessorWithOperands(parser, defaultOperands, defaultTypes)
    if (defaultDest === undefined || !parser.parseLSquare()) {
      return false
    }
    const width = valueType instanceof IntegerType ? valueType.width : 64
    const values: bigint[] = []
    const caseDests: Block[] = []
    const caseOperands: UnresolvedOperand[] = []
    const caseTypes: Type[] = []
    const segments: number[] = []
    const caseLoc = parser.getCurrentLocation()
    if (!parser.parseOptionalRSquare()) {
      do {
        const v = parser.parseInteger()
        if (v === undefined || !parser.parseColon()) {
          return false
        }
        values.push(BigInt.asIntN(width, v))
        const before = caseOperands.length
        // As upstream, the case operands take no result number (`%0#1`); the default does.
        const dest = parseSuccessorWithOperands(parser, caseOperands, caseTypes, false)
        if (dest === undefined) {
          return false
        }
        caseDests.push(dest)
        segments.push(caseOperands.length - before)
      } while (parser.parseOptionalComma())
      if (!parser.parseRSquare()) {
        return false
      }
    }
    if (!parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    if (!parser.resolveOperands([value], [valueType], valueLoc, state.operands)) {
      return false
    }
    if (!resolveOperandList(parser, defaultOperands, defaultTypes, defaultLoc, state.operands)) {
      return false
    }
    if (!resolveOperandList(parser, caseOperands, caseTypes, caseLoc, state.operands)) {
      return false
    }
    if (values.length > 0) {
      state.addProperty('case_values', DenseIntOrFPElementsAttr.get(VectorType.get([values.length], valueType), values, false))
    }
    state.addProperty('case_operand_segments', DenseArrayAttr.getI32(parser.context, segments))
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(parser.context, [1, defaultOperands.length, caseOperands.length]))
    state.addSuccessor(defaultDest)
    for (const d of caseDests) {
      state.addSuccessor(d)
    }
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const value = op.getOperand(0)
    p.print(' ')
    p.printOperand(value)
    p.print(' : ')
    p.printType(value.type)
    p.print(', ')
    p.printSuccessorAndUseList(op.successors[0]!.block, switchSuccessorOperands(op, 0))
    p.print(' [')
    p.printNewline()
    const cv = op.getAttr('case_values')
    if (cv instanceof DenseIntOrFPElementsAttr) {
      const n = cv.isSplat ? cv.type.numElements : cv.values.length
      for (let i = 0; i < n; i++) {
        if (i > 0) {
          p.print(',')
          p.printNewline()
        }
        const raw = (cv.isSplat ? cv.values[0] : cv.values[i]) as bigint
        p.print(`  ${raw}: `)
        const dest = op.successors[i + 1]
        if (dest !== undefined) {
          p.printSuccessorAndUseList(dest.block, switchSuccessorOperands(op, i + 1))
        }
      }
      p.printNewline()
    }
    p.print(']')
    p.printOptionalAttrDict(op.getAttrs(), ['case_values', 'case_operand_segments', 'operandSegmentSizes'])
  },
  verify(op: Operation): LogicalResult {
    const cv = op.getAttr('case_values')
    const numCases = op.successors.length - 1
    const n = cv instanceof DenseIntOrFPElementsAttr ? cv.type.numElements : 0
    if (n !== numCases) {
      return op.emitOpError(`expects number of case values to match number of case destinations`).fail()
    }
    const segs = op.getAttr('case_operand_segments')
    if (segs instanceof DenseArrayAttr && segs.values.length !== numCases) {
      return op.emitOpError('expects number of case operand segments to match number of case destinations').fail()
    }
    const weights = op.getAttr('branch_weights')
    if (weights instanceof DenseArrayAttr && weights.values.length !== op.successors.length) {
      return op.emitError(`expects number of branch weights to match number of successors: ${weights.values.length} vs ${op.successors.length}`).fail()
    }
    if (cv instanceof DenseIntOrFPElementsAttr && cv.type.elementType !== op.getOperand(0).type) {
      return op.emitError('expects case value type to match condition value type').fail()
    }
    return verifyBranchSuccessorOperands(op, switchSuccessorOperands)
  },
})

/** `llvm.unreachable`. */
export const LLVMUnreachableOp: OdsOp = defineOp({
  name: 'llvm.unreachable',
  traits: Trait.IsTerminator,
  assemblyFormat: 'attr-dict',
})

// ---- intrinsics ------------------------------------------------------------------------

/** @internal Options of `intrinsic`. */
export interface IntrinsicOptions {
  readonly fastmath?: boolean
  readonly operands?: number
  readonly custom?: boolean
  readonly extraAttributes?: NonNullable<OpSpec['attributes']>
}

/** @internal An `llvm.intr.<name>` op on `type` operands with an LLVM-typed result (`Pure`). */
export function intrinsic(name: string, type: TypeConstraint, opts: IntrinsicOptions = {}): OdsOp {
  const n = opts.operands ?? 1
  const operands: Record<string, TypeConstraint> = {}
  for (let i = 0; i < n; i++) {
    operands[n === 1 ? 'in' : String.fromCharCode(97 + i)] = type
  }
  return defineOp({
    name: `llvm.intr.${name}`,
    operands,
    results: { res: LLVMTypeC },
    attributes: { ...(opts.fastmath === true ? { fastmathFlags: DefaultFastmathFlags } : {}), ...(opts.extraAttributes ?? {}) },
    traits: Trait.Pure,
    ...(opts.custom === false ? {} : { assemblyFormat: '`(` operands `)` attr-dict `:` functional-type(operands, results)' }),
  })
}

/** `llvm.intr.smax`. */
export const LLVMSMaxOp: OdsOp = intrinsic('smax', LLVMTypeC, { operands: 2 })
/** `llvm.intr.smin`. */
export const LLVMSMinOp: OdsOp = intrinsic('smin', LLVMTypeC, { operands: 2 })
/** `llvm.intr.umax`. */
export const LLVMUMaxOp: OdsOp = intrinsic('umax', LLVMTypeC, { operands: 2 })
/** `llvm.intr.umin`. */
export const LLVMUMinOp: OdsOp = intrinsic('umin', LLVMTypeC, { operands: 2 })
/** `llvm.intr.fabs`. */
export const LLVMFAbsOp: OdsOp = intrinsic('fabs', LLVMTypeC, { fastmath: true })
/** `llvm.intr.sqrt`. */
export const LLVMSqrtOp: OdsOp = intrinsic('sqrt', LLVMTypeC, { fastmath: true })
/** `llvm.intr.copysign`. */
export const LLVMCopySignOp: OdsOp = intrinsic('copysign', LLVMTypeC, { fastmath: true, operands: 2 })
/** `llvm.intr.maximum`. */
export const LLVMMaximumOp: OdsOp = intrinsic('maximum', LLVMTypeC, { fastmath: true, operands: 2 })
/** `llvm.intr.minimum`. */
export const LLVMMinimumOp: OdsOp = intrinsic('minimum', LLVMTypeC, { fastmath: true, operands: 2 })
/** `llvm.intr.maxnum`. */
export const LLVMMaxNumOp: OdsOp = intrinsic('maxnum', LLVMTypeC, { fastmath: true, operands: 2 })
/** `llvm.intr.minnum`. */
export const LLVMMinNumOp: OdsOp = intrinsic('minnum', LLVMTypeC, { fastmath: true, operands: 2 })
/** `llvm.intr.fma`. */
export const LLVMFMAOp: OdsOp = intrinsic('fma', LLVMTypeC, { fastmath: true, operands: 3 })
/** `llvm.intr.fmuladd`. */
export const LLVMFMulAddOp: OdsOp = intrinsic('fmuladd', LLVMTypeC, { fastmath: true, operands: 3 })
/** The unary float intrinsics with fast-math flags (`llvm.intr.exp`, `llvm.intr.floor`, ...). */
export const LLVMUnaryFloatIntrinsicOps: readonly OdsOp[] = [
  'exp',
  'exp2',
  'exp10',
  'log',
  'log2',
  'log10',
  'sin',
  'cos',
  'tan',
  'floor',
  'ceil',
  'trunc',
  'round',
  'roundeven',
  'rint',
  'nearbyint',
].map((n) => intrinsic(n, LLVMTypeC, { fastmath: true }))
/** `llvm.intr.pow`. */
export const LLVMPowOp: OdsOp = intrinsic('pow', LLVMTypeC, { fastmath: true, operands: 2 })
/** `llvm.intr.ctpop`. */
export const LLVMCtPopOp: OdsOp = intrinsic('ctpop', LLVMTypeC)
/** `llvm.intr.powi(%x, %n) : (f32, i32) -> f32`: a float raised to an integer power. */
export const LLVMPowIOp: OdsOp = defineOp({
  name: 'llvm.intr.powi',
  operands: { val: FloatOrVector, power: AnySignlessInteger },
  results: { res: LLVMTypeC },
  attributes: { fastmathFlags: DefaultFastmathFlags },
  traits: Trait.Pure,
  assemblyFormat: '`(` operands `)` attr-dict `:` functional-type(operands, results)',
})
/** `llvm.intr.bitreverse`. */
export const LLVMBitReverseOp: OdsOp = intrinsic('bitreverse', LLVMTypeC)

/**
 * The memory transfer intrinsics (`llvm.intr.memcpy`, `memmove`, `memset` and their
 * `.inline` forms, generic syntax only as upstream): a length operand, or for the inline
 * forms a constant `len` attribute, and the `isVolatile` flag.
 */
function memIntrinsic(name: string, second: TypeConstraint, inline: boolean): OdsOp {
  return defineOp({
    name: `llvm.intr.${name}`,
    operands: inline ? { dst: LLVMAnyPointer, src: second } : { dst: LLVMAnyPointer, src: second, len: AnySignlessInteger },
    attributes: inline ? { len: AnyIntegerAttr, isVolatile: I1Attr } : { isVolatile: I1Attr },
  })
}
/** `"llvm.intr.memcpy"(%dst, %src, %len) <{isVolatile = false}>`. */
export const LLVMMemcpyOp: OdsOp = memIntrinsic('memcpy', LLVMAnyPointer, false)
/** `"llvm.intr.memcpy.inline"(%dst, %src) <{isVolatile = false, len = 10 : i64}>`. */
export const LLVMMemcpyInlineOp: OdsOp = memIntrinsic('memcpy.inline', LLVMAnyPointer, true)
/** `"llvm.intr.memmove"(%dst, %src, %len) <{isVolatile = false}>`. */
export const LLVMMemmoveOp: OdsOp = memIntrinsic('memmove', LLVMAnyPointer, false)
/** `"llvm.intr.memset"(%dst, %val, %len) <{isVolatile = false}>` (`%val` an i8). */
export const LLVMMemsetOp: OdsOp = memIntrinsic('memset', AnySignlessInteger, false)
/** `"llvm.intr.memset.inline"(%dst, %val) <{isVolatile = false, len = 10 : i64}>`. */
export const LLVMMemsetInlineOp: OdsOp = memIntrinsic('memset.inline', AnySignlessInteger, true)
/** `llvm.intr.ctlz` (generic form only, as upstream). */
export const LLVMCtlzOp: OdsOp = intrinsic('ctlz', LLVMTypeC, { custom: false, extraAttributes: { is_zero_poison: attrConstraint('bool attribute', (a) => a instanceof IntegerAttr) } })
/** `llvm.intr.cttz` (generic form only, as upstream). */
export const LLVMCttzOp: OdsOp = intrinsic('cttz', LLVMTypeC, { custom: false, extraAttributes: { is_zero_poison: attrConstraint('bool attribute', (a) => a instanceof IntegerAttr) } })

/** An `i64` enum property spelled as a keyword in custom syntax. */
function keywordEnumAttr(summary: string, cases: readonly (readonly [string, number])[]): ReturnType<typeof attrConstraint> {
  const names = cases.map((c) => c[0])
  return attrConstraint(summary, (a) => a instanceof IntegerAttr && cases.some((c) => BigInt(c[1]) === a.value), {
    parse(parser: OpAsmParser): Attribute | undefined {
      const loc = parser.getCurrentLocation()
      const kw = parser.parseOptionalKeywordOneOf(names)
      if (kw === undefined) {
        parser.emitError(loc, `expected one of [${names.join(', ')}] for ${summary}`).report()
        return undefined
      }
      return enumIntAttr(parser.context, 64, cases.find((c) => c[0] === kw)![1])
    },
    print(attr: Attribute, p: OpAsmPrinter): void {
      const v = Number((attr as IntegerAttr).value)
      p.print(cases.find((c) => c[1] === v)?.[0] ?? '')
    },
  })
}

/** `llvm::RoundingMode` as the constrained intrinsics spell it. */
const RoundingModeAttrC = keywordEnumAttr('LLVM Rounding Modes', [
  ['towardzero', 0],
  ['tonearest', 1],
  ['upward', 2],
  ['downward', 3],
  ['tonearestaway', 4],
  ['dynamic', 7],
])

/** `llvm::fp::ExceptionBehavior` as the constrained intrinsics spell it. */
const FPExceptionBehaviorAttrC = keywordEnumAttr('LLVM Exception Behavior', [
  ['ignore', 0],
  ['maytrap', 1],
  ['strict', 2],
])

function constrainedIntrinsic(name: string, withRounding: boolean): OdsOp {
  return defineOp({
    name: `llvm.intr.experimental.constrained.${name}`,
    operands: { arg_0: LLVMTypeC },
    results: { res: LLVMTypeC },
    attributes: withRounding
      ? { roundingmode: RoundingModeAttrC, fpExceptionBehavior: FPExceptionBehaviorAttrC }
      : { fpExceptionBehavior: FPExceptionBehaviorAttrC },
    traits: Trait.Pure,
    assemblyFormat: withRounding
      ? '$arg_0 $roundingmode $fpExceptionBehavior attr-dict `:` type($arg_0) `to` type(results)'
      : '$arg_0 $fpExceptionBehavior attr-dict `:` type($arg_0) `to` type(results)',
  })
}

/** `llvm.intr.experimental.constrained.fptrunc %x tonearest ignore : f32 to f16` (arith.truncf with a rounding mode). */
export const LLVMConstrainedFPTruncOp: OdsOp = constrainedIntrinsic('fptrunc', true)
/** `llvm.intr.experimental.constrained.sitofp`. */
export const LLVMConstrainedSIToFPOp: OdsOp = constrainedIntrinsic('sitofp', true)
/** `llvm.intr.experimental.constrained.uitofp`. */
export const LLVMConstrainedUIToFPOp: OdsOp = constrainedIntrinsic('uitofp', true)
/** `llvm.intr.experimental.constrained.fpext`. */
export const LLVMConstrainedFPExtOp: OdsOp = constrainedIntrinsic('fpext', false)

function withOverflowIntrinsic(name: string): OdsOp {
  return defineOp({
    name: `llvm.intr.${name}.with.overflow`,
    operands: { a: LLVMTypeC, b: LLVMTypeC },
    results: { res: LLVMTypeC },
    traits: Trait.Pure,
  })
}

/** `llvm.intr.sadd.with.overflow` (generic form). */
export const LLVMSAddWithOverflowOp: OdsOp = withOverflowIntrinsic('sadd')
/** `llvm.intr.uadd.with.overflow` (generic form). */
export const LLVMUAddWithOverflowOp: OdsOp = withOverflowIntrinsic('uadd')
/** `llvm.intr.ssub.with.overflow` (generic form). */
export const LLVMSSubWithOverflowOp: OdsOp = withOverflowIntrinsic('ssub')
/** `llvm.intr.usub.with.overflow` (generic form). */
export const LLVMUSubWithOverflowOp: OdsOp = withOverflowIntrinsic('usub')
/** `llvm.intr.smul.with.overflow` (generic form). */
export const LLVMSMulWithOverflowOp: OdsOp = withOverflowIntrinsic('smul')
/** `llvm.intr.umul.with.overflow` (generic form). */
export const LLVMUMulWithOverflowOp: OdsOp = withOverflowIntrinsic('umul')

/** The ops of this file, for the dialect registration. */
export const llvmCoreOps: readonly OdsOp[] = [
  LLVMAddOp,
  LLVMSubOp,
  LLVMMulOp,
  LLVMUDivOp,
  LLVMSDivOp,
  LLVMURemOp,
  LLVMSRemOp,
  LLVMAndOp,
  LLVMOrOp,
  LLVMXOrOp,
  LLVMShlOp,
  LLVMLShrOp,
  LLVMAShrOp,
  LLVMFAddOp,
  LLVMFSubOp,
  LLVMFMulOp,
  LLVMFDivOp,
  LLVMFRemOp,
  LLVMFNegOp,
  LLVMICmpOp,
  LLVMFCmpOp,
  LLVMSelectOp,
  LLVMFreezeOp,
  LLVMSExtOp,
  LLVMZExtOp,
  LLVMTruncOp,
  LLVMSIToFPOp,
  LLVMUIToFPOp,
  LLVMFPToSIOp,
  LLVMFPToUIOp,
  LLVMFPExtOp,
  LLVMFPTruncOp,
  LLVMBitcastOp,
  LLVMPtrToIntOp,
  LLVMIntToPtrOp,
  LLVMAddrSpaceCastOp,
  LLVMConstantOp,
  LLVMUndefOp,
  LLVMPoisonOp,
  LLVMZeroOp,
  LLVMAddressOfOp,
  LLVMLoadOp,
  LLVMStoreOp,
  LLVMAllocaOp,
  LLVMGEPOp,
  LLVMExtractValueOp,
  LLVMInsertValueOp,
  LLVMExtractElementOp,
  LLVMInsertElementOp,
  LLVMShuffleVectorOp,
  LLVMBrOp,
  LLVMCondBrOp,
  LLVMSwitchOp,
  LLVMUnreachableOp,
  LLVMSMaxOp,
  LLVMSMinOp,
  LLVMUMaxOp,
  LLVMUMinOp,
  LLVMFAbsOp,
  LLVMSqrtOp,
  LLVMCopySignOp,
  LLVMMaximumOp,
  LLVMMinimumOp,
  LLVMMaxNumOp,
  LLVMMinNumOp,
  LLVMFMAOp,
  LLVMFMulAddOp,
  ...LLVMUnaryFloatIntrinsicOps,
  LLVMPowOp,
  LLVMCtPopOp,
  LLVMPowIOp,
  LLVMBitReverseOp,
  LLVMMemcpyOp,
  LLVMMemcpyInlineOp,
  LLVMMemmoveOp,
  LLVMMemsetOp,
  LLVMMemsetInlineOp,
  LLVMCtlzOp,
  LLVMCttzOp,
  LLVMSAddWithOverflowOp,
  LLVMUAddWithOverflowOp,
  LLVMSSubWithOverflowOp,
  LLVMUSubWithOverflowOp,
  LLVMSMulWithOverflowOp,
  LLVMUMulWithOverflowOp,
  LLVMConstrainedFPTruncOp,
  LLVMConstrainedSIToFPOp,
  LLVMConstrainedUIToFPOp,
  LLVMConstrainedFPExtOp,
]

