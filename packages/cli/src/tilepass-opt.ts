import type { ToolIO } from './ToolIO.ts'
import { GENERIC_OPTIONS, type ToolSpec } from './internal/CommandLine.ts'
import { OPT_OPTIONS, optConfigFromCommandLine } from './internal/OptConfig.ts'
import { runOptMain } from './internal/optMain.ts'
import { PASS_LIST_HELP, isPassPipelineOption, registeredPassArguments } from './internal/passPipeline.ts'
import { handleCommandLine } from './internal/runTool.ts'

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
  try {
    const commandLine = handleCommandLine(TILEPASS_OPT, argv, io)
    if (typeof commandLine === 'number') {
      return commandLine
    }
    return runOptMain(optConfigFromCommandLine(commandLine), io, TILEPASS_OPT.name)
  } catch (error) {
    io.stderr(`${TILEPASS_OPT.name}: internal error: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
}
