import { CudaTileTestingDialect } from '@tilepass/cuda-tile'
import type { DialectDefinition } from '@tilepass/ir'

/**
 * @internal The `cuda_tile` dialect as NVIDIA's test suite needs it: the public dialect plus
 * its test-only ops (`testing$func`, `testing$bytecode_test_*`). Kept in the CLI's testing
 * module, next to MLIR's test dialect and test passes.
 */
export const CudaTileDialectForTests: DialectDefinition = CudaTileTestingDialect
