import type { ToolIO } from './ToolIO.ts'
import { GENERIC_OPTIONS, type ToolSpec } from './internal/CommandLine.ts'
import { handleCommandLine, readInput } from './internal/runTool.ts'

const TILEPASS_OPT: ToolSpec = {
  name: 'tilepass-opt',
  overview: 'Tilepass modular optimizer driver',
  usage: '[options] <input file>',
  options: [...GENERIC_OPTIONS],
  maxPositionals: 1,
}

/**
 * Runs `tilepass-opt`, the `mlir-opt` compatible driver, on `argv` (the arguments after the
 * program name) and returns the process exit code.
 */
export function main(argv: readonly string[], io: ToolIO): number {
  const commandLine = handleCommandLine(TILEPASS_OPT, argv, io)
  if (typeof commandLine === 'number') {
    return commandLine
  }
  const inputFilename = commandLine.positionals[0] ?? '-'
  if (readInput(inputFilename, io) === undefined) {
    return 1
  }
  // Parsing, running pipelines and printing arrive with @tilepass/ir and @tilepass/pass-manager.
  io.stderr(`${TILEPASS_OPT.name}: error: processing '${inputFilename}' is not implemented yet: the IR parser is not wired in\n`)
  return 1
}
