import type { AsmPrinterOptions, DiagnosticVerifierLevel } from '@tilepass/ir'
import type { OptionSpec, ParsedCommandLine } from './CommandLine.ts'

const GENERAL = 'General options'
const REMARKS = 'Remark Options'

/** @internal The options of `tilepass-opt` that mirror `mlir-opt`'s (besides pass options). */
export const OPT_OPTIONS: readonly OptionSpec[] = [
  { name: 'o', valueName: 'filename', description: 'Output filename', category: GENERAL },
  { name: 'allow-unregistered-dialect', kind: 'bool', description: 'Allow operation with no registered dialects', category: GENERAL },
  {
    name: 'split-input-file',
    valueName: 'string',
    valueOptional: true,
    description: 'Split the input file into chunks using the given or default marker and process each chunk independently',
    category: GENERAL,
  },
  { name: 'output-split-marker', valueName: 'string', description: 'Split marker to use for merging the ouput', category: GENERAL },
  {
    name: 'verify-diagnostics',
    valueName: 'value',
    valueOptional: true,
    kind: 'enum',
    values: ['', 'all', 'only-expected'],
    description: 'Check that emitted diagnostics match expected-* lines on the corresponding line',
    category: GENERAL,
  },
  { name: 'no-implicit-module', kind: 'bool', description: 'Disable implicit addition of a top-level module op during parsing', category: GENERAL },
  { name: 'Wunsupported-hints', kind: 'bool', description: 'Warn about unsupported or invalid cuda_tile optimization hints', category: GENERAL },
  { name: 'Werr-hints', kind: 'bool', description: 'Treat cuda_tile optimization hint warnings as errors (with -Wunsupported-hints)', category: GENERAL },
  { name: 'verify-each', kind: 'bool', description: 'Run the verifier after each transformation pass', category: GENERAL },
  { name: 'verify-roundtrip', kind: 'bool', description: 'Round-trip the IR after parsing and ensure it succeeds', category: GENERAL },
  { name: 'run-reproducer', kind: 'bool', description: 'Run the pipeline stored in the reproducer', category: GENERAL },
  { name: 'show-dialects', kind: 'bool', description: 'Print the list of registered dialects and exit', category: GENERAL },
  {
    name: 'mlir-disable-threading',
    kind: 'bool',
    description: 'Disable multi-threading within MLIR, overrides any further call to MLIRContext::enableMultiThreading()',
    category: GENERAL,
  },
  {
    name: 'mlir-print-op-on-diagnostic',
    kind: 'bool',
    description: 'When a diagnostic is emitted on an operation, also print the operation as an attached note',
    category: GENERAL,
  },
  { name: 'mlir-print-op-generic', kind: 'bool', description: 'Print the generic op form', category: GENERAL },
  { name: 'mlir-print-debuginfo', kind: 'bool', description: 'Print debug info in MLIR output', category: GENERAL },
  { name: 'mlir-pretty-debuginfo', kind: 'bool', description: 'Print pretty debug info in MLIR output', category: GENERAL },
  {
    name: 'mlir-print-local-scope',
    kind: 'bool',
    description: 'Print with local scope and inline information (eliding aliases for attributes, types, and locations)',
    category: GENERAL,
  },
  {
    name: 'mlir-elide-elementsattrs-if-larger',
    valueName: 'uint',
    kind: 'uint',
    description: 'Elide ElementsAttrs with "..." that have more elements than the given upper limit',
    category: GENERAL,
  },
  {
    name: 'mlir-print-elementsattrs-with-hex-if-larger',
    valueName: 'long',
    kind: 'int',
    description: 'Print DenseElementsAttrs with a hex string that have more elements than the given upper limit (use -1 to disable)',
    category: GENERAL,
  },
  {
    name: 'mlir-elide-resource-strings-if-larger',
    valueName: 'uint',
    kind: 'uint',
    description: 'Elide printing value of resources if string is too long in chars.',
    category: GENERAL,
  },
  { name: 'mlir-print-skip-regions', kind: 'bool', description: 'Skip regions when printing ops.', category: GENERAL },
  {
    name: 'mlir-print-unique-ssa-ids',
    kind: 'bool',
    description: 'Print unique SSA ID numbers for values, block arguments and naming conflicts across all regions',
    category: GENERAL,
  },
  {
    name: 'mlir-print-value-users',
    kind: 'bool',
    description: 'Print users of operation results and block arguments as a comment',
    category: GENERAL,
  },
  { name: 'mlir-use-nameloc-as-prefix', kind: 'bool', description: 'Print SSA IDs using NameLocs as prefixes', category: GENERAL },
  {
    name: 'mlir-print-assume-verified',
    kind: 'bool',
    description: 'Skip op verification when using custom printers',
    category: GENERAL,
  },
  { name: 'mlir-timing', kind: 'bool', description: 'Display execution times', category: GENERAL },
  {
    name: 'debug-only',
    valueName: 'debug string',
    commaList: true,
    description: 'Enable a specific type of debug output (comma separated list of types)',
    category: GENERAL,
  },
  {
    name: 'mlir-timing-display',
    valueName: 'value',
    kind: 'enum',
    values: ['list', 'tree'],
    valueHelp: [
      ['list', 'display the results in a list sorted by total time'],
      // The missing letter is upstream's ("ina"); kept verbatim, as the help text is matched.
      ['tree', 'display the results ina with a nested tree view'],
    ],
    description: 'Display method for timing data',
    category: GENERAL,
  },
  {
    name: 'mlir-output-format',
    valueName: 'value',
    kind: 'enum',
    values: ['text', 'json'],
    valueHelp: [
      ['text', 'display the results in text format'],
      ['json', 'display the results in JSON format'],
    ],
    description: 'Output format for timing data',
    category: GENERAL,
  },
  {
    name: 'tilepass-timing-style',
    valueName: 'value',
    kind: 'enum',
    values: ['mlir', 'tileiras'],
    valueHelp: [
      ['mlir', "mlir-opt's execution time report (default)"],
      ['tileiras', "tileiras' pass execution timing report, with user+system time"],
    ],
    description: 'Layout of the --mlir-timing report',
    category: GENERAL,
  },
  { name: 'mlir-print-ir-before', valueName: 'pass-arg', commaList: true, description: 'Print IR before specified passes', category: GENERAL },
  { name: 'mlir-print-ir-after', valueName: 'pass-arg', commaList: true, description: 'Print IR after specified passes', category: GENERAL },
  { name: 'mlir-print-ir-before-all', kind: 'bool', description: 'Print IR before each pass', category: GENERAL },
  { name: 'mlir-print-ir-after-all', kind: 'bool', description: 'Print IR after each pass', category: GENERAL },
  {
    name: 'mlir-print-ir-after-change',
    kind: 'bool',
    description: 'When printing the IR after a pass, only print if the IR changed',
    category: GENERAL,
  },
  {
    name: 'mlir-print-ir-after-failure',
    kind: 'bool',
    description: 'When printing the IR after a pass, only print if the pass failed',
    category: GENERAL,
  },
  {
    name: 'mlir-print-ir-module-scope',
    kind: 'bool',
    description: 'When printing IR for print-ir-[before|after]{-all} always print the top-level operation',
    category: GENERAL,
  },
  {
    name: 'mlir-print-ir-tree-dir',
    valueName: 'string',
    description:
      'When printing the IR before/after a pass, print file tree rooted at this directory. Use in conjunction with mlir-print-ir-* flags',
    category: GENERAL,
  },
  {
    name: 'mlir-pass-pipeline-crash-reproducer',
    valueName: 'string',
    description: 'Generate a .mlir reproducer file at the given output path if the pass manager crashes or fails',
    category: GENERAL,
  },
  {
    name: 'mlir-pass-pipeline-local-reproducer',
    kind: 'bool',
    description: 'When generating a crash reproducer, attempt to generated a reproducer with the smallest pipeline.',
    category: GENERAL,
  },
  {
    name: 'mlir-generate-reproducer',
    valueName: 'filename',
    description: 'Generate an mlir reproducer at the provided filename (no crash required)',
    category: GENERAL,
  },
  {
    name: 'log-actions-to',
    valueName: 'string',
    description: "Log action execution to a file, or stderr if  '-' is passed",
    category: GENERAL,
  },
  {
    name: 'log-mlir-actions-filter',
    valueName: 'string',
    description: 'Comma separated list of locations to filter actions from logging',
    category: GENERAL,
  },
  {
    name: 'profile-actions-to',
    valueName: 'string',
    description: "Profile action execution to a file, or stderr if  '-' is passed",
    category: GENERAL,
  },
  { name: 'mlir-pass-statistics', kind: 'bool', description: 'Display the statistics of each pass', category: GENERAL },
  {
    name: 'mlir-pass-statistics-display',
    valueName: 'value',
    kind: 'enum',
    values: ['list', 'pipeline'],
    valueHelp: [
      ['list', 'display the results in a merged list sorted by pass name'],
      ['pipeline', 'display the results with a nested pipeline view'],
    ],
    description: 'Display method for pass statistics',
    category: GENERAL,
  },
  { name: 'stats-json', kind: 'bool', description: 'Display statistics as json data', category: GENERAL },
  {
    name: 'mlir-debug-counter',
    valueName: 'string',
    description: 'Comma separated list of debug counter skip and count arguments',
    category: GENERAL,
  },
  {
    name: 'mlir-print-debug-counter',
    kind: 'bool',
    description: 'Print out debug counter information after all counters have been accumulated',
    category: GENERAL,
  },
  {
    name: 'opt-bisect-limit',
    valueName: 'int',
    kind: 'int',
    description: 'Maximum optimization to perform (equivalent to -opt-bisect=1-N)',
    category: GENERAL,
  },
  {
    name: 'opt-bisect-funcs',
    valueName: 'string',
    description: 'Only bisect passes on the functions with these comma separated names',
    category: GENERAL,
  },
  { name: 'opt-bisect-verbose', kind: 'bool', description: 'Show verbose output when opt-bisect-limit is set', category: GENERAL },
  {
    name: 'opt-bisect-print-ir-path',
    valueName: 'string',
    description: 'Print IR to path when opt-bisect-limit is reached',
    category: GENERAL,
  },
  {
    name: 'schedule-trace-file',
    valueName: 'string',
    description: 'Write a Chrome trace of the pass executions and named scopes to this file',
    category: GENERAL,
  },
  {
    name: 'remark-format',
    valueName: 'value',
    kind: 'enum',
    values: ['emitRemark', 'yaml', 'bitstream'],
    valueHelp: [
      ['emitRemark', 'Print as emitRemark to command-line'],
      ['yaml', 'Print yaml file'],
      ['bitstream', 'Print bitstream file'],
    ],
    description: 'Specify the format for remark output.',
    category: REMARKS,
  },
  {
    name: 'remark-policy',
    valueName: 'value',
    kind: 'enum',
    values: ['all', 'final'],
    valueHelp: [
      ['all', 'Print all remarks'],
      ['final', 'Print final remarks'],
    ],
    description: 'Specify the policy for remark output.',
    category: REMARKS,
  },
  { name: 'remarks-filter', valueName: 'string', description: 'Show all remarks: passed, missed, failed, analysis', category: REMARKS },
  { name: 'remarks-filter-analyse', valueName: 'string', description: 'Show analysis remarks', category: REMARKS },
  { name: 'remarks-filter-failed', valueName: 'string', description: 'Show failed remarks', category: REMARKS },
  { name: 'remarks-filter-missed', valueName: 'string', description: 'Show missed remarks', category: REMARKS },
  { name: 'remarks-filter-passed', valueName: 'string', description: 'Show passed remarks', category: REMARKS },
  {
    name: 'remarks-output-file',
    valueName: 'string',
    description: 'Output file for yaml and bitstream remark formats. Default is mlir-remarks.yaml or mlir-remarks.bitstream',
    category: REMARKS,
  },
]

/** @internal The instrumentation settings of one run (timing, IR printing, reproducers). */
export interface InstrumentationConfig {
  readonly timing: boolean
  readonly timingDisplay: 'list' | 'tree'
  readonly timingFormat: 'text' | 'json'
  readonly timingStyle: 'mlir' | 'tileiras'
  /** Pass arguments of `--mlir-print-ir-before`/`-after` (comma separated). */
  readonly printIRBefore: readonly string[]
  readonly printIRAfter: readonly string[]
  readonly printIRBeforeAll: boolean
  readonly printIRAfterAll: boolean
  readonly printIRAfterChange: boolean
  readonly printIRAfterFailure: boolean
  readonly printIRModuleScope: boolean
  /** `--mlir-print-ir-tree-dir`, or '' when not given. */
  readonly printIRTreeDir: string
  /** `--mlir-pass-pipeline-crash-reproducer`, or '' when not given. */
  readonly crashReproducer: string
  readonly localReproducer: boolean
  /** `--mlir-generate-reproducer`, or '' when not given. */
  readonly generateReproducer: string
  /** `--log-actions-to` (`-` for standard output), or '' when not given. */
  readonly logActionsTo: string
  /** `--log-mlir-actions-filter`, or ''. */
  readonly logActionsFilter: string
  /** `--profile-actions-to` (`-` for standard output), or '' when not given. */
  readonly profileActionsTo: string
  /** `--mlir-pass-statistics`. */
  readonly passStatistics: boolean
  readonly passStatisticsDisplay: 'list' | 'pipeline'
  /** `--stats-json`: the statistics report as JSON. */
  readonly statsJson: boolean
  /** `--mlir-debug-counter`, or ''. */
  readonly debugCounter: string
  readonly printDebugCounter: boolean
  /** `--opt-bisect-limit` (-1: off). */
  readonly optBisectLimit: number
  readonly optBisectFuncs: readonly string[]
  readonly optBisectVerbose: boolean
  readonly optBisectPrintIRPath: string
  /** `--schedule-trace-file`, or ''. */
  readonly scheduleTraceFile: string
  /** `--remarks-filter*` (the specific filters override the general one); '' when not given. */
  readonly remarksFilter: string
  readonly remarksFilterPassed: string
  readonly remarksFilterMissed: string
  readonly remarksFilterFailed: string
  readonly remarksFilterAnalysis: string
  readonly remarkPolicy: 'all' | 'final'
  /** `--remark-format` (only `emitRemark` is supported). */
  readonly remarkFormat: string
}

/** @internal The settings of one `tilepass-opt` run, as MLIR's `MlirOptMainConfig`. */
export interface OptConfig {
  readonly inputFilename: string
  readonly outputFilename: string
  readonly allowUnregisteredDialects: boolean
  /** The input split marker, or '' when the input is processed whole. */
  readonly splitInputFile: string
  readonly outputSplitMarker: string
  /** The `--verify-diagnostics` level, or null when off. */
  readonly verifyDiagnostics: DiagnosticVerifierLevel | null
  readonly noImplicitModule: boolean
  /** `-Wunsupported-hints` / `-Werr-hints`: how cuda_tile reports bad optimization hints. */
  readonly warnUnsupportedHints: boolean
  readonly errorOnHints: boolean
  readonly verifyEach: boolean
  /** `--verify-roundtrip`: print the parsed IR, parse it back and compare (see `doVerifyRoundTrip`). */
  readonly verifyRoundtrip: boolean
  readonly showDialects: boolean
  /** `--run-reproducer`: run the pipeline stored in the input's `mlir_reproducer` resource. */
  readonly runReproducer: boolean
  readonly printOpOnDiagnostic: boolean
  readonly printer: AsmPrinterOptions
  /** Pass-pipeline arguments (`-p`, `--pass-pipeline`, pass flags), verbatim and in order. */
  readonly pipelineArgs: readonly string[]
  /** `--mlir-disable-threading` (default false: a failure on one nested op does not stop its siblings). */
  readonly disableThreading: boolean
  /** Timing, IR printing and reproducer flags. */
  readonly instrumentation: InstrumentationConfig
  /** `--debug-only=<types>`: the debug logs to write to stderr (`dialect-conversion`). */
  readonly debugOnly: readonly string[]
}

const DEFAULT_SPLIT_MARKER = '// -----'

/** @internal Reads an `OptConfig` from a parsed command line. */
export function optConfigFromCommandLine(cl: ParsedCommandLine): OptConfig {
  const o = cl.options
  const str = (name: string): string | undefined => {
    const v = o.get(name)
    return typeof v === 'string' ? v : undefined
  }
  const num = (name: string): number | undefined => {
    const v = str(name)
    return v === undefined ? undefined : Number(v)
  }
  const flag = (name: string, defaultValue = false): boolean => {
    const v = o.get(name)
    return v === undefined ? defaultValue : v !== 'false'
  }
  const split = o.get('split-input-file')
  const verifyDiag = o.get('verify-diagnostics')
  const printer: AsmPrinterOptions = {
    printGenericOpForm: flag('mlir-print-op-generic'),
    printDebugInfo: flag('mlir-print-debuginfo'),
    prettyDebugInfo: flag('mlir-pretty-debuginfo'),
    printLocalScope: flag('mlir-print-local-scope'),
    skipRegions: flag('mlir-print-skip-regions'),
    printUniqueSSAIDs: flag('mlir-print-unique-ssa-ids'),
    printValueUsers: flag('mlir-print-value-users'),
    useNameLocAsPrefix: flag('mlir-use-nameloc-as-prefix'),
    assumeVerified: flag('mlir-print-assume-verified'),
    ...optionalNumber('elideElementsAttrsIfLarger', num('mlir-elide-elementsattrs-if-larger')),
    ...optionalNumber('printElementsAttrsWithHexIfLarger', num('mlir-print-elementsattrs-with-hex-if-larger')),
    ...optionalNumber('elideResourceStringsIfLarger', num('mlir-elide-resource-strings-if-larger')),
  }
  return {
    inputFilename: cl.positionals[0] ?? '-',
    outputFilename: str('o') ?? '-',
    allowUnregisteredDialects: flag('allow-unregistered-dialect'),
    splitInputFile: split === undefined ? '' : split === true || split === '' ? DEFAULT_SPLIT_MARKER : split,
    outputSplitMarker: str('output-split-marker') ?? DEFAULT_SPLIT_MARKER,
    verifyDiagnostics: verifyDiag === undefined ? null : verifyDiag === 'only-expected' ? 'only-expected' : 'all',
    noImplicitModule: flag('no-implicit-module'),
    warnUnsupportedHints: flag('Wunsupported-hints'),
    errorOnHints: flag('Werr-hints'),
    verifyEach: flag('verify-each', true),
    verifyRoundtrip: flag('verify-roundtrip'),
    showDialects: flag('show-dialects'),
    runReproducer: flag('run-reproducer'),
    printOpOnDiagnostic: flag('mlir-print-op-on-diagnostic', true),
    printer,
    pipelineArgs: cl.extra ?? [],
    disableThreading: flag('mlir-disable-threading'),
    debugOnly: splitList(str('debug-only')),
    instrumentation: {
      timing: flag('mlir-timing'),
      timingDisplay: str('mlir-timing-display') === 'list' ? 'list' : 'tree',
      timingFormat: str('mlir-output-format') === 'json' ? 'json' : 'text',
      timingStyle: str('tilepass-timing-style') === 'tileiras' ? 'tileiras' : 'mlir',
      printIRBefore: splitList(str('mlir-print-ir-before')),
      printIRAfter: splitList(str('mlir-print-ir-after')),
      printIRBeforeAll: flag('mlir-print-ir-before-all'),
      printIRAfterAll: flag('mlir-print-ir-after-all'),
      printIRAfterChange: flag('mlir-print-ir-after-change'),
      printIRAfterFailure: flag('mlir-print-ir-after-failure'),
      printIRModuleScope: flag('mlir-print-ir-module-scope'),
      printIRTreeDir: str('mlir-print-ir-tree-dir') ?? '',
      crashReproducer: str('mlir-pass-pipeline-crash-reproducer') ?? '',
      localReproducer: flag('mlir-pass-pipeline-local-reproducer'),
      generateReproducer: str('mlir-generate-reproducer') ?? '',
      logActionsTo: str('log-actions-to') ?? '',
      logActionsFilter: str('log-mlir-actions-filter') ?? '',
      profileActionsTo: str('profile-actions-to') ?? '',
      passStatistics: flag('mlir-pass-statistics'),
      passStatisticsDisplay: str('mlir-pass-statistics-display') === 'list' ? 'list' : 'pipeline',
      statsJson: flag('stats-json'),
      debugCounter: str('mlir-debug-counter') ?? '',
      printDebugCounter: flag('mlir-print-debug-counter'),
      optBisectLimit: num('opt-bisect-limit') ?? -1,
      optBisectFuncs: splitList(str('opt-bisect-funcs')),
      optBisectVerbose: flag('opt-bisect-verbose'),
      optBisectPrintIRPath: str('opt-bisect-print-ir-path') ?? '',
      scheduleTraceFile: str('schedule-trace-file') ?? '',
      remarksFilter: str('remarks-filter') ?? '',
      remarksFilterPassed: str('remarks-filter-passed') ?? '',
      remarksFilterMissed: str('remarks-filter-missed') ?? '',
      remarksFilterFailed: str('remarks-filter-failed') ?? '',
      remarksFilterAnalysis: str('remarks-filter-analyse') ?? '',
      remarkPolicy: str('remark-policy') === 'final' ? 'final' : 'all',
      remarkFormat: str('remark-format') ?? 'emitRemark',
    },
  }
}

function splitList(value: string | undefined): string[] {
  return value === undefined || value === '' ? [] : value.split(',')
}

function optionalNumber(key: keyof AsmPrinterOptions, value: number | undefined): AsmPrinterOptions {
  return value === undefined ? {} : { [key]: value }
}
