/**
 * The memory, variadic-argument, exception and vector-reduction intrinsics of the `llvm`
 * dialect (`llvm.intr.lifetime.start`, `llvm.intr.vastart`, `llvm.va_arg`,
 * `llvm.intr.vector.reduce.fmin`, ...), with upstream's syntax.
 */
import {
  AnyType,
  ArrayAttrC,
  DenseArrayAttr,
  DenseI32ArrayAttr,
  FloatType,
  I1,
  I32,
  I64Attr,
  IntegerType,
  VectorType,
  Trait,
  attrConstraint,
  defaultValuedAttr,
  defineOp,
  optionalAttr,
  typeConstraint,
  variadic,
  type Attribute,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Type,
} from '@tilepass/ir'
import { parseOptionalOpBundles, printOpBundles, resolveOpBundles, verifyOpBundles } from './LLVMOpBundles.ts'
import { LLVMAnyPointer, LLVMAnyVector, LLVMTypeC } from './LLVMConstraints.ts'
import { intrinsic } from './LLVMOps.ts'
import { LLVMScopeAttr } from './LLVMScopeAttributes.ts'
import { LLVMPointerType } from './LLVMTypes.ts'

/** `LLVM_DefaultPointer`: `!llvm.ptr` in address space 0, which formats can infer. */
const LLVMDefaultPointer = typeConstraint(
  'LLVM pointer in address space 0',
  (t) => t instanceof LLVMPointerType && t.addressSpace === 0,
  (c) => LLVMPointerType.get(c, 0),
)

/** An intrinsic on one pointer with no result: `llvm.intr.<name> %p : !llvm.ptr`. */
function pointerIntrinsic(name: string, operand: string): OdsOp {
  return defineOp({
    name: `llvm.intr.${name}`,
    operands: { [operand]: LLVMAnyPointer },
    assemblyFormat: `$${operand} attr-dict \`:\` qualified(type($${operand}))`,
  })
}

/** `llvm.intr.lifetime.start %p : !llvm.ptr`: the start of an alloca's lifetime. */
export const LLVMLifetimeStartOp: OdsOp = pointerIntrinsic('lifetime.start', 'ptr')
/** `llvm.intr.lifetime.end %p : !llvm.ptr`. */
export const LLVMLifetimeEndOp: OdsOp = pointerIntrinsic('lifetime.end', 'ptr')
/** `llvm.intr.vastart %list : !llvm.ptr`. */
export const LLVMVaStartOp: OdsOp = pointerIntrinsic('vastart', 'arg_list')
/** `llvm.intr.vaend %list : !llvm.ptr`. */
export const LLVMVaEndOp: OdsOp = pointerIntrinsic('vaend', 'arg_list')
/** `llvm.intr.stackrestore %p : !llvm.ptr`. */
export const LLVMStackRestoreOp: OdsOp = pointerIntrinsic('stackrestore', 'ptr')

/** `llvm.intr.vacopy %src to %dst : !llvm.ptr, !llvm.ptr`. */
export const LLVMVaCopyOp: OdsOp = defineOp({
  name: 'llvm.intr.vacopy',
  operands: { dest_list: LLVMAnyPointer, src_list: LLVMAnyPointer },
  assemblyFormat: '$src_list `to` $dest_list attr-dict `:` type(operands)',
})

/** `llvm.va_arg %list : (!llvm.ptr) -> i32`: the next variadic argument. */
export const LLVMVaArgOp: OdsOp = defineOp({
  name: 'llvm.va_arg',
  operands: { arg: LLVMAnyPointer },
  results: { res: LLVMTypeC },
  assemblyFormat: '$arg attr-dict `:` functional-type($arg, $res)',
})

/** `llvm.intr.stacksave : !llvm.ptr`. */
export const LLVMStackSaveOp: OdsOp = defineOp({
  name: 'llvm.intr.stacksave',
  results: { res: LLVMAnyPointer },
  assemblyFormat: 'attr-dict `:` qualified(type($res))',
})

/** `llvm.intr.invariant.start 4, %p : !llvm.ptr`: marks `size` bytes at `%p` invariant. */
export const LLVMInvariantStartOp: OdsOp = defineOp({
  name: 'llvm.intr.invariant.start',
  operands: { ptr: LLVMAnyPointer },
  results: { res: LLVMDefaultPointer },
  attributes: { size: I64Attr },
  assemblyFormat: '$size `,` $ptr attr-dict `:` qualified(type($ptr))',
})

/** `llvm.intr.invariant.end %start, 4, %p : !llvm.ptr`. */
export const LLVMInvariantEndOp: OdsOp = defineOp({
  name: 'llvm.intr.invariant.end',
  operands: { start: LLVMDefaultPointer, ptr: LLVMAnyPointer },
  attributes: { size: I64Attr },
  assemblyFormat: '$start `,` $size `,` $ptr attr-dict `:` qualified(type($ptr))',
})

/** `llvm.intr.launder.invariant.group` / `strip.invariant.group`: a pointer of the same type. */
function invariantGroupIntrinsic(name: string): OdsOp {
  return defineOp({
    name: `llvm.intr.${name}.invariant.group`,
    operands: { ptr: LLVMAnyPointer },
    results: { res: LLVMAnyPointer },
    traits: Trait.SameOperandsAndResultType,
    assemblyFormat: '$ptr attr-dict `:` qualified(type($ptr))',
  })
}
/** `llvm.intr.launder.invariant.group %p : !llvm.ptr`. */
export const LLVMLaunderInvariantGroupOp: OdsOp = invariantGroupIntrinsic('launder')
/** `llvm.intr.strip.invariant.group %p : !llvm.ptr`. */
export const LLVMStripInvariantGroupOp: OdsOp = invariantGroupIntrinsic('strip')

/** `llvm.intr.eh.typeid.for %info : (!llvm.ptr) -> i32`. */
export const LLVMEhTypeidForOp: OdsOp = defineOp({
  name: 'llvm.intr.eh.typeid.for',
  operands: { type_info: LLVMAnyPointer },
  results: { res: LLVMTypeC },
  assemblyFormat: '$type_info attr-dict `:` functional-type(operands, results)',
})

/** `llvm.intr.vector.reduce.fmin(%v) : (vector<4xf32>) -> f32` and the other float min/max reductions. */
export const LLVMFloatMinMaxReductionOps: readonly OdsOp[] = ['fmin', 'fmax', 'fminimum', 'fmaximum'].map((n) =>
  intrinsic(`vector.reduce.${n}`, LLVMTypeC, { fastmath: true }),
)
/** The integer reductions (`llvm.intr.vector.reduce.add`, ...), generic syntax only as upstream. */
export const LLVMIntegerReductionOps: readonly OdsOp[] = ['add', 'mul', 'and', 'or', 'xor', 'smax', 'smin', 'umax', 'umin'].map((n) =>
  intrinsic(`vector.reduce.${n}`, LLVMTypeC, { custom: false }),
)
/** `llvm.intr.vector.reduce.fadd`/`fmul` (start value and vector), generic syntax only as upstream. */
export const LLVMOrderedReductionOps: readonly OdsOp[] = ['fadd', 'fmul'].map((n) =>
  intrinsic(`vector.reduce.${n}`, LLVMTypeC, { fastmath: true, operands: 2, custom: false }),
)

function isAliasScope(a: Attribute): boolean {
  return a instanceof LLVMScopeAttr && a.mnemonic === 'alias_scope'
}

/** `llvm.intr.experimental.noalias.scope.decl #alias_scope`: declares a noalias scope. */
export const LLVMNoAliasScopeDeclOp: OdsOp = defineOp({
  name: 'llvm.intr.experimental.noalias.scope.decl',
  attributes: {
    scope: attrConstraint('LLVM dialect alias scope', isAliasScope, {
      parse(parser: OpAsmParser): Attribute | undefined {
        const loc = parser.getCurrentLocation()
        const a = parser.parseAttribute()
        if (a !== undefined && !isAliasScope(a)) {
          parser.emitError(loc, 'invalid kind of attribute specified').report()
          return undefined
        }
        return a
      },
      parseOptional(parser: OpAsmParser): Attribute | null {
        return parser.parseOptionalAttribute() ?? null
      },
      print(attr: Attribute, p: OpAsmPrinter): void {
        p.printAttribute(attr)
      },
    }),
  },
  assemblyFormat: '$scope attr-dict',
})

/** `llvm.intr.assume %cond ["tag"(%x : i32)] : i1`: an assumption, with optional operand bundles. */
export const LLVMAssumeOp: OdsOp = defineOp({
  name: 'llvm.intr.assume',
  operands: { cond: I1, op_bundle_operands: variadic(AnyType) },
  attributes: {
    op_bundle_sizes: defaultValuedAttr(DenseI32ArrayAttr, (c) => DenseArrayAttr.getI32(c, [])),
    op_bundle_tags: optionalAttr(ArrayAttrC),
  },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const cond = parser.parseOperand()
    if (cond === undefined) {
      return false
    }
    const bundles = parseOptionalOpBundles(parser)
    if (bundles === undefined || !parser.parseColon()) {
      return false
    }
    const type = parser.parseType()
    if (type === undefined || !parser.resolveOperand(cond, type, state.operands)) {
      return false
    }
    if (resolveOpBundles(parser, bundles, state, state.operands) === undefined) {
      return false
    }
    return parser.parseOptionalAttrDict(state.attributes)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    printOpBundles(op, p, op.getOperands().slice(1))
    p.print(' : ')
    p.printType(op.getOperand(0).type)
    p.printOptionalAttrDict(op.getAttrs(), ['op_bundle_sizes', 'op_bundle_tags'])
  },
  verify: verifyOpBundles,
})

// ---- vector intrinsics ------------------------------------------------------------------

/** The (minimum) bit size of an LLVM-compatible vector: elements times element width. */
function vectorBits(t: Type): number {
  if (!(t instanceof VectorType)) {
    return 0
  }
  const e = t.elementType
  const width = e instanceof IntegerType || e instanceof FloatType ? e.width : 64
  return t.shape.reduce((a, b) => a * b, 1) * width
}

function isScalable(t: Type): boolean {
  return t instanceof VectorType && t.scalableDims.includes(true)
}

/**
 * Upstream's two predicates of the subvector intrinsics: no vector over 2^17 bits, and no
 * scalable part of a fixed-length vector.
 */
function verifySubvector(op: Operation, small: Type, big: Type, verb: string): LogicalResult {
  if (vectorBits(small) > 131072 || vectorBits(big) > 131072) {
    return op.emitOpError('failed to verify that vectors are not bigger than 2^17 bits.').fail()
  }
  if (isScalable(small) && !isScalable(big)) {
    return op.emitOpError(`failed to verify that it is not ${verb} scalable ${verb === 'inserting' ? 'into' : 'from'} fixed-length vectors.`).fail()
  }
  return true
}

/** `llvm.intr.vector.insert %sub, %vec[4] : vector<4xf32> into vector<8xf32>`. */
export const LLVMVectorInsertOp: OdsOp = defineOp({
  name: 'llvm.intr.vector.insert',
  operands: { dstvec: LLVMAnyVector, srcvec: LLVMAnyVector },
  results: { res: LLVMAnyVector },
  attributes: { pos: I64Attr },
  traits: Trait.Pure,
  allTypesMatch: [['dstvec', 'res']],
  assemblyFormat: '$srcvec `,` $dstvec `[` $pos `]` attr-dict `:` type($srcvec) `into` type($res)',
  verify: (op) => verifySubvector(op, op.getOperand(1).type, op.getResult(0).type, 'inserting'),
})

/** `llvm.intr.vector.extract %vec[4] : vector<4xf32> from vector<8xf32>`. */
export const LLVMVectorExtractOp: OdsOp = defineOp({
  name: 'llvm.intr.vector.extract',
  operands: { srcvec: LLVMAnyVector },
  results: { res: LLVMAnyVector },
  attributes: { pos: I64Attr },
  traits: Trait.Pure,
  assemblyFormat: '$srcvec `[` $pos `]` attr-dict `:` type($res) `from` type($srcvec)',
  verify: (op) => verifySubvector(op, op.getResult(0).type, op.getOperand(0).type, 'extracting'),
})

/** `llvm.intr.vector.interleave2` and `deinterleave2` (generic syntax only, as upstream). */
export const LLVMVectorInterleave2Op: OdsOp = defineOp({
  name: 'llvm.intr.vector.interleave2',
  operands: { vec1: LLVMAnyVector, vec2: LLVMAnyVector },
  results: { res: LLVMAnyVector },
  traits: Trait.Pure,
  allTypesMatch: [['vec1', 'vec2']],
  verify(op: Operation): LogicalResult {
    // The element count (scalable or fixed, as LLVM's `ElementCount`) doubles; the element type stays.
    const src = op.getOperand(0).type as VectorType
    const res = op.getResult(0).type as VectorType
    const twice =
      res.shape[0] === src.shape[0]! * 2 && (res.scalableDims[0] ?? false) === (src.scalableDims[0] ?? false) && res.elementType === src.elementType
    return twice || op.emitOpError("failed to verify that result has twice as many elements as 'vec1'").fail()
  },
})
/** `llvm.intr.vector.deinterleave2`: a struct of the two halves. */
export const LLVMVectorDeinterleave2Op: OdsOp = defineOp({
  name: 'llvm.intr.vector.deinterleave2',
  operands: { vec: LLVMAnyVector },
  results: { res: LLVMTypeC },
  traits: Trait.Pure,
})

/** The vector-predicated integer min/max intrinsics (`llvm.intr.vp.smax`, ...; generic syntax only). */
export const LLVMVPMinMaxOps: readonly OdsOp[] = ['smax', 'smin', 'umax', 'umin'].map((n) =>
  defineOp({
    name: `llvm.intr.vp.${n}`,
    operands: { lhs: LLVMAnyVector, rhs: LLVMAnyVector, mask: LLVMAnyVector, evl: I32 },
    results: { res: LLVMAnyVector },
    traits: Trait.Pure,
  }),
)

/** The intrinsics of this file. */
export const llvmIntrinsicOps: readonly OdsOp[] = [
  LLVMLifetimeStartOp,
  LLVMLifetimeEndOp,
  LLVMVaStartOp,
  LLVMVaEndOp,
  LLVMVaCopyOp,
  LLVMVaArgOp,
  LLVMStackSaveOp,
  LLVMStackRestoreOp,
  LLVMInvariantStartOp,
  LLVMInvariantEndOp,
  LLVMLaunderInvariantGroupOp,
  LLVMStripInvariantGroupOp,
  LLVMEhTypeidForOp,
  LLVMNoAliasScopeDeclOp,
  LLVMAssumeOp,
  LLVMVectorInsertOp,
  LLVMVectorExtractOp,
  LLVMVectorInterleave2Op,
  LLVMVectorDeinterleave2Op,
  ...LLVMVPMinMaxOps,
  ...LLVMFloatMinMaxReductionOps,
  ...LLVMIntegerReductionOps,
  ...LLVMOrderedReductionOps,
]
