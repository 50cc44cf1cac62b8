import type { DialectDefinition } from '@tilepass/ir'
import { parseGPUAttribute, printGPUAttribute } from './GPUAttributes.ts'
import { gpuOps } from './GPUOps.ts'

/** The `gpu` dialect: GPU modules, kernels, launches, thread/block indices, barriers and shuffles. */
export const GPUDialect: DialectDefinition = {
  namespace: 'gpu',
  ops: gpuOps,
  parseAttribute: (parser) => parseGPUAttribute(parser),
  printAttribute: (attr, printer) => printGPUAttribute(attr, printer),
}
