import type { ToolIO } from './ToolIO.ts'
import { GENERIC_OPTIONS, type ToolSpec } from './internal/CommandLine.ts'
import { handleCommandLine, readInput } from './internal/runTool.ts'

const TILEPASS_COMPILE: ToolSpec = {
  name: 'tilepass-compile',
  overview:
    'Tilepass tile IR to PTX compiler driver\n\n' +
    'Compiling is not implemented yet: it arrives with @tilepass/tileas-scheduler and\n' +
    '@tilepass/nvvm-lowering. Today only --help and --version work.',
  usage: '[options] <input file>',
  options: [...GENERIC_OPTIONS],
  maxPositionals: 1,
}

/**
 * Runs `tilepass-compile`, the driver that will compile tile IR to PTX, on `argv` (the
 * arguments after the program name) and returns the process exit code.
 */
export function main(argv: readonly string[], io: ToolIO): number {
  const commandLine = handleCommandLine(TILEPASS_COMPILE, argv, io)
  if (typeof commandLine === 'number') {
    return commandLine
  }
  const inputFilename = commandLine.positionals[0] ?? '-'
  if (readInput(inputFilename, io) === undefined) {
    return 1
  }
  io.stderr(`${TILEPASS_COMPILE.name}: error: compiling '${inputFilename}' is not implemented yet\n`)
  return 1
}
