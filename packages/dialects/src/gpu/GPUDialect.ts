import type { DialectDefinition, DialectInlinerInterface } from '@tilepass/ir'
import { parseGPUAttribute, printGPUAttribute } from './GPUAttributes.ts'
import { GPUAllocOp, parseGPUType, printGPUType } from './GPUMemoryOps.ts'
import { gpuOps } from './GPUOps.ts'

/**
 * The `gpu` dialect: GPU modules, kernels, launches, thread/block indices, barriers,
 * shuffles and `gpu.alloc` with its `!gpu.async.token`. As upstream, its ops may be
 * inlined, but no call of it is inlined and nothing is inlined into its regions.
 */
export const GPUDialect: DialectDefinition = {
  namespace: 'gpu',
  ops: [...gpuOps, GPUAllocOp],
  parseType: (parser) => parseGPUType(parser),
  printType: (type, printer) => printGPUType(type, printer),
  interfaces: { inliner: { isLegalToInlineOp: () => true } satisfies DialectInlinerInterface },
  parseAttribute: (parser) => parseGPUAttribute(parser),
  printAttribute: (attr, printer) => printGPUAttribute(attr, printer),
}
