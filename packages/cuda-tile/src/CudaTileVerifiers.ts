/**
 * Op-specific verifiers of cuda_tile (NVIDIA's `hasVerifier`/`hasRegionVerifier` ops), by
 * op name, with NVIDIA's diagnostic text.
 */
import type { LogicalResult, Operation } from '@tilepass/ir'

/** The hand-written verification hooks of one op. */
export interface CudaTileVerifier {
  verify?(op: Operation): LogicalResult
  verifyRegions?(op: Operation): LogicalResult
}

/** Verifiers by full op name. */
export const cudaTileVerifiers: Readonly<Record<string, CudaTileVerifier>> = {}
