import {
  FloatAttr,
  IntegerAttr,
  DenseElementsAttr,
  type Attribute,
  type DialectDefinition,
  type Location,
  type OpBuilder,
  type Operation,
  type Type,
} from '@tilepass/ir'
import { parseLLVMAttribute, printLLVMAttribute } from './LLVMAttributes.ts'
import { LLVMConstantOp, llvmCoreOps } from './LLVMOps.ts'
import { llvmFuncOps } from './LLVMFuncOps.ts'
import { parseLLVMType, printLLVMType } from './LLVMTypes.ts'

/** Creates `llvm.mlir.constant` for a folded integer/float/dense `value` of `type`, or null. */
export function materializeLLVMConstant(builder: OpBuilder, value: Attribute, type: Type, loc: Location): Operation | null {
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
