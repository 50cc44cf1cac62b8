import { CudaTileDialect } from '@tilepass/cuda-tile'
import { registerAllDialects } from '@tilepass/dialects'
import type { Context } from '@tilepass/ir'
import { TestDialect } from '../testing/TestDialect.ts'

/**
 * @internal Registers every dialect `tilepass-opt` knows with `context`: the dialects of
 * `@tilepass/dialects`, NVIDIA's `cuda_tile` (as cuda-tile-opt does) and, as mlir-opt does, the `test` dialect of the conformance files.
 */
export function registerToolDialects(context: Context): void {
  registerAllDialects(context)
  context.registerDialect(CudaTileDialect)
  context.registerDialect(TestDialect)
}
