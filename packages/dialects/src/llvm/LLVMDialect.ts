import {
  FloatAttr,
  IntegerAttr,
  DenseElementsAttr,
  SymbolRefAttr,
  type Attribute,
  type DialectDefinition,
  type Location,
  type OpBuilder,
  type Operation,
  type Type,
} from '@tilepass/ir'
import { LLVMPoisonAttr, LLVMUndefAttr, LLVMZeroAttr, parseLLVMAttribute, printLLVMAttribute } from './LLVMAttributes.ts'
import { LLVMAddressOfOp, LLVMConstantOp, LLVMPoisonOp, LLVMUndefOp, LLVMZeroOp, llvmCoreOps } from './LLVMOps.ts'
import { llvmFuncOps } from './LLVMFuncOps.ts'
import { LLVMPointerType, isCompatibleType, parseLLVMType, printLLVMType } from './LLVMTypes.ts'

/** Creates `llvm.mlir.constant` for a folded integer/float/dense `value` of `type`, or null. */
export function materializeLLVMConstant(builder: OpBuilder, value: Attribute, type: Type, loc: Location): Operation | null {
  if (value instanceof SymbolRefAttr && type instanceof LLVMPointerType) {
    return LLVMAddressOfOp.build(builder, loc, { attributes: { global_name: value }, results: [type] })
  }
  if (value instanceof LLVMUndefAttr) {
    return LLVMUndefOp.build(builder, loc, { results: [type] })
  }
  if (value instanceof LLVMPoisonAttr) {
    return LLVMPoisonOp.build(builder, loc, { results: [type] })
  }
  if (value instanceof LLVMZeroAttr) {
    return LLVMZeroOp.build(builder, loc, { results: [type] })
  }
  const typed = (value as { type?: Type | null }).type
  if (typed !== type || !isCompatibleType(type)) {
    return null
  }
  if (value instanceof IntegerAttr || value instanceof FloatAttr || value instanceof DenseElementsAttr) {
    return LLVMConstantOp.build(builder, loc, { attributes: { value }, results: [type] })
  }
  return null
}

/** The `llvm` dialect: LLVM IR types, attributes and ops (the subset the standard lowerings produce). */
export const LLVMDialect: DialectDefinition = {
  namespace: 'llvm',
  ops: [...llvmFuncOps, ...llvmCoreOps],
  parseType: (parser) => parseLLVMType(parser),
  printType: (type, printer) => printLLVMType(type, printer),
  parseAttribute: (parser) => parseLLVMAttribute(parser),
  printAttribute: (attr, printer) => printLLVMAttribute(attr, printer),
  materializeConstant: materializeLLVMConstant,
}
