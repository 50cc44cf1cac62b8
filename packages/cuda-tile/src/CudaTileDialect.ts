import type { DialectDefinition } from '@tilepass/ir'
import { parseCudaTileAttribute, printCudaTileAttribute } from './CudaTileAttributes.ts'
import { cudaTileOps } from './CudaTileOps.ts'
import { CUDA_TILE, parseCudaTileDialectType, printCudaTileDialectType } from './CudaTileTypes.ts'

/** The `cuda_tile` dialect: NVIDIA's CUDA Tile IR. */
export const CudaTileDialect: DialectDefinition = {
  namespace: CUDA_TILE,
  ops: cudaTileOps,
  parseType: (parser) => parseCudaTileDialectType(parser),
  printType: (type, printer) => printCudaTileDialectType(type, printer),
  parseAttribute: (parser) => parseCudaTileAttribute(parser),
  printAttribute: (attr, printer) => printCudaTileAttribute(attr, printer),
}
