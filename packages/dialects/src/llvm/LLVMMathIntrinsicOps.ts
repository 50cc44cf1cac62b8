/**
 * The math intrinsics of the `llvm` dialect that the math dialect lowers to besides the
 * common ones (`llvm.intr.acos`, `llvm.intr.sinh`, `llvm.intr.atan2`, `llvm.intr.abs`,
 * `llvm.intr.is.fpclass`, `llvm.intr.sincos`), with upstream's syntax and checks.
 */
import { I1Attr, I32Attr, Trait, defineOp, typeToString, type LogicalResult, type OdsOp, type Operation } from '@tilepass/ir'
import { DefaultFastmathFlags, FloatOrVector, I1OrVector, IntOrVector, LLVMTypeC } from './LLVMConstraints.ts'
import { intrinsic } from './LLVMOps.ts'
import { LLVMStructType } from './LLVMTypes.ts'

/** The unary float intrinsics with fast-math flags that `LLVMUnaryFloatIntrinsicOps` lacks. */
export const LLVMMoreUnaryFloatIntrinsicOps: readonly OdsOp[] = ['acos', 'asin', 'atan', 'sinh', 'cosh', 'tanh'].map((n) =>
  intrinsic(n, LLVMTypeC, { fastmath: true }),
)

/** `llvm.intr.atan2(%y, %x) : (f32, f32) -> f32`. */
export const LLVMAtan2Op: OdsOp = intrinsic('atan2', LLVMTypeC, { fastmath: true, operands: 2 })

/** `"llvm.intr.abs"(%x) <{is_int_min_poison = false}>` (generic form only, as upstream). */
export const LLVMAbsOp: OdsOp = defineOp({
  name: 'llvm.intr.abs',
  operands: { in: IntOrVector },
  results: { res: IntOrVector },
  attributes: { is_int_min_poison: I1Attr },
  traits: Trait.Pure,
})

/** `"llvm.intr.is.fpclass"(%x) <{bit = 3 : i32}>`: tests `%x` against a class mask (generic form only). */
export const LLVMIsFPClassOp: OdsOp = defineOp({
  name: 'llvm.intr.is.fpclass',
  operands: { in: FloatOrVector },
  results: { res: I1OrVector },
  attributes: { bit: I32Attr },
  traits: Trait.Pure,
})

/** The result of `llvm.intr.sincos` must be `!llvm.struct<(T, T)>` for an operand of type `T`. */
function verifySincos(op: Operation): LogicalResult {
  const operand = op.getOperand(0).type
  const result = op.getResult(0).type
  if (!(result instanceof LLVMStructType) || result.body.length !== 2 || result.body.some((t) => t !== operand)) {
    return op.emitOpError(`expected result type to be an homogeneous struct with two elements matching the operand type, but got '${typeToString(result)}'`).fail()
  }
  return true
}

/** `llvm.intr.sincos(%x) : (f32) -> !llvm.struct<(f32, f32)>`: the sine and cosine of `%x`. */
export const LLVMSincosOp: OdsOp = defineOp({
  name: 'llvm.intr.sincos',
  operands: { val: FloatOrVector },
  results: { res: LLVMTypeC },
  attributes: { fastmathFlags: DefaultFastmathFlags },
  traits: Trait.Pure,
  assemblyFormat: '`(` operands `)` attr-dict `:` functional-type(operands, results)',
  verify: verifySincos,
})

/** The ops of this file. */
export const llvmMathIntrinsicOps: readonly OdsOp[] = [...LLVMMoreUnaryFloatIntrinsicOps, LLVMAtan2Op, LLVMAbsOp, LLVMIsFPClassOp, LLVMSincosOp]
