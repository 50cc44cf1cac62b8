import { registerLLVMTranslations } from './internal/translateLLVM.ts'
import type { ToolIO } from './ToolIO.ts'
import { GENERIC_OPTIONS, type OptionSpec, type ToolSpec } from './internal/CommandLine.ts'
import { OPT_OPTIONS, optConfigFromCommandLine } from './internal/OptConfig.ts'
import { handleCommandLine } from './internal/runTool.ts'
import { rethrowLargeStackRequired } from './internal/largeStack.ts'
import { registerCudaTileTranslations } from './internal/translateCudaTile.ts'
import { runTranslateMain } from './internal/translateMain.ts'
import { TranslationRegistry } from './internal/translateRegistry.ts'

/** The `mlir-opt` options `mlir-translate` shares: I/O, splitting, diagnostics and printing. */
const SHARED_OPTIONS = new Set([
  'o',
  'allow-unregistered-dialect',
  'split-input-file',
  'output-split-marker',
  'verify-diagnostics',
  'no-implicit-module',
  'mlir-print-op-generic',
  'mlir-print-debuginfo',
  'mlir-pretty-debuginfo',
  'mlir-print-local-scope',
  'mlir-elide-elementsattrs-if-larger',
  'mlir-print-elementsattrs-with-hex-if-larger',
  'mlir-elide-resource-strings-if-larger',
  'mlir-print-skip-regions',
  'mlir-print-unique-ssa-ids',
  'mlir-print-value-users',
  'mlir-use-nameloc-as-prefix',
  'mlir-print-assume-verified',
  'mlir-print-op-on-diagnostic',
  'mlir-disable-threading',
])

/**
 * The translations `tilepass-translate` offers: the cuda_tile bytecode translations.
 * Other packages' translations are added here (`registry.registerFromMLIR(...)`).
 */
export function createTranslationRegistry(): TranslationRegistry {
  const registry = new TranslationRegistry()
  registerCudaTileTranslations(registry)
  registerLLVMTranslations(registry)
  return registry
}

function toolSpec(registry: TranslationRegistry): ToolSpec {
  const translations: OptionSpec[] = registry.all().map((t) => ({ name: t.name, description: t.description, category: 'Translations to perform' }))
  return {
    name: 'tilepass-translate',
    overview: 'Tilepass translation driver (mlir-translate compatible)',
    usage: '[options] <input file>',
    options: [
      ...GENERIC_OPTIONS,
      ...OPT_OPTIONS.filter((o) => SHARED_OPTIONS.has(o.name)),
      ...registry.allOptions().map((o) => o.spec),
      ...translations,
    ],
    maxPositionals: 1,
  }
}

/**
 * Runs `tilepass-translate`, the `mlir-translate` compatible driver, on `argv` (the
 * arguments after the program name) with the translations of `registry` (the default
 * ones when omitted) and returns the exit code. It never throws.
 */
export function main(argv: readonly string[], io: ToolIO, registry: TranslationRegistry = createTranslationRegistry()): number {
  const spec = toolSpec(registry)
  try {
    const commandLine = handleCommandLine(spec, argv, io)
    if (typeof commandLine === 'number') {
      return commandLine
    }
    const options = commandLine.options
    for (const option of registry.allOptions()) {
      const value = options.get(option.spec.name)
      if (value === undefined) {
        continue
      }
      const problem = option.validate?.(value) ?? null
      if (problem !== null) {
        io.stderr(`${spec.name}: for the --${option.spec.name} option: ${problem}\n`)
        return 1
      }
      if (option.immediate !== undefined && value !== 'false') {
        return option.immediate(io.stdout)
      }
    }
    const requested = registry.all().filter((t) => options.has(t.name))
    if (requested.length === 0) {
      io.stderr(`${spec.name}: Translation to perform option: must be specified at least once!\n`)
      return 1
    }
    if (requested.length > 1) {
      io.stderr(`${spec.name}: Translations to perform: may only occur zero or one times!\n`)
      return 1
    }
    const config = optConfigFromCommandLine(commandLine)
    // mlir-translate joins the outputs of split chunks with an empty marker by default.
    const outputSplitMarker = options.get('output-split-marker')
    return runTranslateMain(
      requested[0]!,
      { ...config, outputSplitMarker: typeof outputSplitMarker === 'string' ? outputSplitMarker : '' },
      options,
      io,
      spec.name,
    )
  } catch (error) {
    rethrowLargeStackRequired(error)
    io.stderr(`${spec.name}: internal error: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
}
