import type { DialectDefinition, OdsOp } from '@tilepass/ir'
import { parseNVVMAttribute, printNVVMAttribute } from './NVVMAttributes.ts'
import { nvvmMmaOps } from './NVVMMmaOps.ts'
import { nvvmBaseOps } from './NVVMOps.ts'

/** The ops of the `nvvm` dialect. */
export const nvvmOps: readonly OdsOp[] = [...nvvmBaseOps, ...nvvmMmaOps]

/** The `nvvm` dialect: NVVM intrinsics as ops (special registers, barriers, shuffles, async copies, tensor-core ops). */
export const NVVMDialect: DialectDefinition = {
  namespace: 'nvvm',
  ops: nvvmOps,
  parseAttribute: (parser) => parseNVVMAttribute(parser),
  printAttribute: (attr, printer) => printNVVMAttribute(attr, printer),
}
