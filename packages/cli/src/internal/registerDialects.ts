import type { Context } from '@tilepass/ir'
import { TEST_DIALECT_LOADERS, TOOL_LIBRARY } from './toolLoaders.lazy.ts'
import { registerExtensionDialects } from './toolExtensions.ts'

/**
 * @internal Registers every dialect `tilepass-opt` knows with `context`: the dialects of
 * `@tilepass/dialects`, NVIDIA's `cuda_tile` with the test-only ops of its test suite (as
 * cuda-tile-opt has them), Tilepass's `tileas` (tile assembly) and, as mlir-opt does, the
 * `test` dialect of the conformance files. They are registered by loader: a dialect's
 * definition is made, and in the bundle its modules evaluated, when it is first loaded.
 */
export function registerToolDialects(context: Context): void {
  // registerAllDialects of @tilepass/dialects, without its index.
  const dialects = TOOL_LIBRARY.dialectLoaders()
  for (const namespace in dialects) {
    context.registerDialectLoader(namespace, dialects[namespace]!)
  }
  context.registerDialectLoader('cuda_tile', TEST_DIALECT_LOADERS.cuda_tile)
  context.registerDialectLoader('tileas', TOOL_LIBRARY.tileasDialectLoaders().tileas!)
  context.registerDialectLoader('test', TEST_DIALECT_LOADERS.test)
  registerExtensionDialects(context)
}
