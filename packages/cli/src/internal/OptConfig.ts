import type { AsmPrinterOptions, DiagnosticVerifierLevel } from '@tilepass/ir'
import type { OptionSpec, ParsedCommandLine } from './CommandLine.ts'

const GENERAL = 'General options'

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
  { name: 'verify-each', kind: 'bool', description: 'Run the verifier after each transformation pass', category: GENERAL },
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
]

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
  readonly verifyEach: boolean
  readonly showDialects: boolean
  /** `--run-reproducer`: run the pipeline stored in the input's `mlir_reproducer` resource. */
  readonly runReproducer: boolean
  readonly printOpOnDiagnostic: boolean
  readonly printer: AsmPrinterOptions
  /** Pass-pipeline arguments (`-p`, `--pass-pipeline`, pass flags), verbatim and in order. */
  readonly pipelineArgs: readonly string[]
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
    verifyEach: flag('verify-each', true),
    showDialects: flag('show-dialects'),
    runReproducer: flag('run-reproducer'),
    printOpOnDiagnostic: flag('mlir-print-op-on-diagnostic', true),
    printer,
    pipelineArgs: cl.extra ?? [],
  }
}

function optionalNumber(key: keyof AsmPrinterOptions, value: number | undefined): AsmPrinterOptions {
  return value === undefined ? {} : { [key]: value }
}
