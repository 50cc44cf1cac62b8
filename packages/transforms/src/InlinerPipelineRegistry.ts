import type { PassRegistry } from '@tilepass/pass-manager'

/** The registry the optimizer pipelines of `inline` are parsed with (set by `registerTransformsPasses`). */
let pipelineRegistry: PassRegistry | null = null

/** Sets the registry `inline` parses its `default-pipeline` and `op-pipelines` with. */
export function setInlinerPipelineRegistry(registry: PassRegistry): void {
  pipelineRegistry = registry
}

/** @internal The registry set by `setInlinerPipelineRegistry`, or null. */
export function inlinerPipelineRegistry(): PassRegistry | null {
  return pipelineRegistry
}
