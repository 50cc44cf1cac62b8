/**
 * @tilepass/pass-manager: passes, pass managers, the pass registry, textual pipelines,
 * typed options, statistics and the instrumentation chain, with MLIR's semantics.
 */
export { Pass, OperationPass, InterfacePass, Statistic } from './Pass.ts'
export type { PassClass } from './Pass.ts'
export { OpPassManager, PassManager, PassExecutionAction, ANY_OP_ANCHOR, reportPassCrash } from './PassManager.ts'
export type { Nesting, OperationVerifier, PassCrashHandler } from './PassManager.ts'
export { PassInstrumentation, PassInstrumentor } from './PassInstrumentation.ts'
export type { PipelineParentInfo } from './PassInstrumentation.ts'
export {
  PassRegistry,
  addPassPipeline,
  parsePassManager,
  parsePassPipeline,
  parsePassPipelineInto,
  printEntryHelp,
  entryOptionWidth,
  passRegistryHelpWidth,
  printPassRegistryHelp,
} from './PassRegistry.ts'
export type { PassLoader, PassRegistryEntry, PassPipelineDefinition, PipelineErrorHandler } from './PassRegistry.ts'
export {
  PipelineErrors,
  OptionSpec,
  ScalarOption,
  EnumOption,
  ListOption,
  PARSE_FAILED,
  intOption,
  boolOption,
  stringOption,
  enumOption,
  intListOption,
  stringListOption,
  optionGroupListOption,
  optionGroupCodec,
  intCodec,
  stringCodec,
  boolCodec,
  defaultOptionValues,
  copyOptionValues,
  printOptions,
  parseOptionsInto,
  parseCommaSeparatedList,
  parseIntegerLiteral,
  parseBoolLiteral,
  printStringValue,
} from './PassOptions.ts'
export type { OptionDecls, OptionValues, IntKind, EnumValue, ValueCodec } from './PassOptions.ts'
export {
  buildPassManagerFromCommandLine,
  isPassFlag,
  isPassManagerCLOption,
  parsePassManagerArgs,
  passManagerCLOptionKind,
  runPassManagerFromCommandLine,
} from './PassManagerCL.ts'
export type { PassFlag, PassManagerCLOptions, BuildPassManagerResult, ParsedPassManagerArgs, RunFromCommandLineOptions } from './PassManagerCL.ts'
export { generatePassDoc } from './PassDoc.ts'
