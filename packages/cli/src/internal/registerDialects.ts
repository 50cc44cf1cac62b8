import { registerAllDialects } from '@tilepass/dialects'
import type { Context } from '@tilepass/ir'
import { TileASDialect } from '@tilepass/tileas-scheduler'
import { CudaTileDialectForTests } from '../testing/CudaTileTesting.ts'
import { TestDialect } from '../testing/TestDialect.ts'
import { registerExtensionDialects } from './toolExtensions.ts'

/**
 * @internal Registers every dialect `tilepass-opt` knows with `context`: the dialects of
 * `@tilepass/dialects`, NVIDIA's `cuda_tile` with the test-only ops of its test suite (as
 * cuda-tile-opt has them), Tilepass's `tileas` (tile assembly) and, as mlir-opt does, the
 * `test` dialect of the conformance files.
 */
export function registerToolDialects(context: Context): void {
  registerAllDialects(context)
  context.registerDialect(CudaTileDialectForTests)
  context.registerDialect(TileASDialect)
  context.registerDialect(TestDialect)
  registerExtensionDialects(context)
}
