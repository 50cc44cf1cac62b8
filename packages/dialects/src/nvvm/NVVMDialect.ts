import type { DialectDefinition } from '@tilepass/ir'
import { parseNVVMAttribute, printNVVMAttribute } from './NVVMAttributes.ts'
import { nvvmOps } from './NVVMOps.ts'

/** The `nvvm` dialect: NVVM intrinsics as ops (special registers, barriers, shuffles, async copies, tensor-core ops). */
export const NVVMDialect: DialectDefinition = {
  namespace: 'nvvm',
  ops: nvvmOps,
  parseAttribute: (parser) => parseNVVMAttribute(parser),
  printAttribute: (attr, printer) => printNVVMAttribute(attr, printer),
}
