import type { ToolIO } from './ToolIO.ts'
import { GENERIC_OPTIONS, type ToolSpec } from './internal/CommandLine.ts'
import { OPT_OPTIONS, optConfigFromCommandLine } from './internal/OptConfig.ts'
import { runOptMain } from './internal/optMain.ts'
import { PASS_LIST_HELP, isPassPipelineOption, registeredPassArguments } from './internal/passPipeline.ts'
import { handleCommandLine } from './internal/runTool.ts'
import { addToolExtension, type OptToolExtension } from './internal/toolExtensions.ts'
import { rethrowLargeStackRequired } from './internal/largeStack.ts'

const TILEPASS_OPT: ToolSpec = {
  name: 'tilepass-opt',
  overview: 'Tilepass modular optimizer driver',
  usage: '[options] <input file>',
  options: [...GENERIC_OPTIONS, ...OPT_OPTIONS],
  maxPositionals: 1,
  extraOption: isPassPipelineOption,
  extraOptionHelp: [
    { name: 'pass-pipeline', valueName: 'string', description: 'Textual description of the pass pipeline to run', category: 'General options' },
    { name: 'p', description: 'Alias for --pass-pipeline', category: 'General options', hidden: true },
    { name: 'dump-pass-pipeline', description: 'Print the pipeline that will be run', category: 'General options' },
    { name: 'list-passes', description: 'Print the list of registered passes and exit', category: 'General options' },
  ],
  extraOptionNames: registeredPassArguments,
  passListHelp: PASS_LIST_HELP,
}

/**
 * Runs `tilepass-opt`, the `mlir-opt` compatible driver, on `argv` (the arguments after the
 * program name) and returns the process exit code. It never throws: an exception while
 * processing becomes an internal-error message and exit code 1.
 */
export function main(argv: readonly string[], io: ToolIO): number {
  return runTool(TILEPASS_OPT, argv, io)
}

function runTool(spec: ToolSpec, argv: readonly string[], io: ToolIO): number {
  try {
    const commandLine = handleCommandLine(spec, argv, io)
    if (typeof commandLine === 'number') {
      return commandLine
    }
    return runOptMain(optConfigFromCommandLine(commandLine), io, spec.name)
  } catch (error) {
    rethrowLargeStackRequired(error)
    io.stderr(`${spec.name}: internal error: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
}

/** How `createOptTool` names your tool and what it adds to Tilepass's dialects and passes. */
export interface OptToolOptions extends OptToolExtension {
  /** The program name used in messages and `--help` (`toy-opt`). */
  readonly name: string
  /** The first line of `--help` (default: `<name> optimizer driver`). */
  readonly overview?: string
}

/**
 * Your own `mlir-opt`-style driver, as MLIR's `MlirOptMain` with a registry: every option
 * and behaviour of `tilepass-opt` (pipelines, `--split-input-file`, `--verify-diagnostics`,
 * timing, IR printing, reproducers), with your dialects and passes added to Tilepass's. The
 * extension is process-wide: every tool run in this process sees it. Returns the tool's
 * `main(argv, io)`, which returns the exit code and never throws.
 */
export function createOptTool(options: OptToolOptions): (argv: readonly string[], io: ToolIO) => number {
  addToolExtension(options)
  const spec: ToolSpec = { ...TILEPASS_OPT, name: options.name, overview: options.overview ?? `${options.name} optimizer driver` }
  return (argv, io) => runTool(spec, argv, io)
}
