// A lazy table (see scripts/lazyTables.js). In the tools' bundle each entry below is
// evaluated on its first use, from the module that declares it, not through its package's
// index (whose init would evaluate the whole package): a run evaluates only the tools,
// dialects and passes it uses.
import type { DialectLoader } from '@tilepass/ir'
import type { ToolIO } from '../ToolIO.ts'
import { main as optMain } from '../tilepass-opt.ts'
import { main as translateMain } from '../tilepass-translate.ts'
import { main as compileMain } from '../tilepass-compile.ts'
import { DIALECT_LOADERS } from '@tilepass/dialects'
import { TILEAS_DIALECT_LOADERS, registerTileASPasses } from '@tilepass/tileas-scheduler'
import { isTileIRBytecode, readCudaTileBytecode, registerCudaTilePasses, setHintDiagnostics } from '@tilepass/cuda-tile'
import { registerConversionPasses, setDebugOnlyTypes } from '@tilepass/conversion'
import { registerTransformsPasses } from '@tilepass/transforms'
import { registerNVVMLoweringPasses } from '@tilepass/nvvm-lowering'
import { CudaTileDialectForTests } from '../testing/CudaTileTesting.ts'
import { TestDialect } from '../testing/TestDialect.ts'
import { registerTestPasses } from '../testing/TestPasses.ts'
import { registerRemarkTestPass } from '../testing/test-passes/TestRemark.ts'
import { TestDebugInfoUpdateSymbolName } from '../testing/test-passes/TestCudaTileDebugInfo.ts'

/** @internal The main function of a tool: its exit code for `argv`. */
export type ToolMain = (argv: readonly string[], io: ToolIO) => number

/** @internal The mains of the tools of the bundle, by name. */
export const TOOL_MAIN_LOADERS: Readonly<Record<'tilepass-opt' | 'tilepass-translate' | 'tilepass-compile', () => ToolMain>> = {
  'tilepass-opt': () => optMain,
  'tilepass-translate': () => translateMain,
  'tilepass-compile': () => compileMain,
}

/** @internal The dialects the CLI adds for its tests (`cuda_tile` with its test-only ops, `test`), by namespace. */
export const TEST_DIALECT_LOADERS: Readonly<Record<'cuda_tile' | 'test', DialectLoader>> = {
  cuda_tile: () => CudaTileDialectForTests,
  test: () => TestDialect,
}

/**
 * @internal What the tools use of the other packages, each entry loaded on its first call
 * (call each where it is needed once, not in a loop: in the bundle every call looks its
 * module up again).
 */
export const TOOL_LIBRARY = {
  dialectLoaders: () => DIALECT_LOADERS,
  tileasDialectLoaders: () => TILEAS_DIALECT_LOADERS,
  isTileIRBytecode: () => isTileIRBytecode,
  readCudaTileBytecode: () => readCudaTileBytecode,
  setHintDiagnostics: () => setHintDiagnostics,
  setDebugOnlyTypes: () => setDebugOnlyTypes,
  registerTransformsPasses: () => registerTransformsPasses,
  registerConversionPasses: () => registerConversionPasses,
  registerCudaTilePasses: () => registerCudaTilePasses,
  registerTileASPasses: () => registerTileASPasses,
  registerNVVMLoweringPasses: () => registerNVVMLoweringPasses,
  registerTestPasses: () => registerTestPasses,
  registerRemarkTestPass: () => registerRemarkTestPass,
  TestDebugInfoUpdateSymbolName: () => TestDebugInfoUpdateSymbolName,
}
