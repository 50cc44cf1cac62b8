import type { PassRegistry } from '@tilepass/pass-manager'
import { setInlinerPipelineRegistry } from './InlinerPipelineRegistry.ts'
import { PASS_LOADERS, SINK_PASS_LOADERS } from './passLoaders.lazy.ts'
import type { PrintIRSink } from './PrintIR.ts'

/**
 * Registers every pass of this package (`canonicalize`, `cse`, ...) in `registry`, by
 * loader: a pass's class is made when the pass is first needed. `debugStream` receives
 * what `print-ir` and `view-op-graph` print (standard error by default).
 */
export function registerTransformsPasses(registry: PassRegistry, debugStream?: PrintIRSink): void {
  for (const argument in PASS_LOADERS) {
    const sinkPass = argument === 'print-ir' || argument === 'view-op-graph' ? SINK_PASS_LOADERS[argument] : undefined
    registry.registerPassLoader(argument, debugStream === undefined || sinkPass === undefined ? PASS_LOADERS[argument]! : () => sinkPass()(debugStream))
  }
  setInlinerPipelineRegistry(registry)
}
