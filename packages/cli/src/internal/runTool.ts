import type { ToolIO } from '../ToolIO.ts'
import { formatHelp, parseCommandLine, type ParsedCommandLine, type ToolSpec } from './CommandLine.ts'
import { formatVersion } from './version.ts'

/**
 * @internal Parses the command line and answers `--help` and `--version`; returns the
 * parsed command line when the tool has real work to do, or the exit code when it is done.
 */
export function handleCommandLine(spec: ToolSpec, argv: readonly string[], io: ToolIO): ParsedCommandLine | number {
  const parsed = parseCommandLine(spec, argv)
  if (!parsed.ok) {
    io.stderr(`${parsed.message}\n`)
    return 1
  }
  if (parsed.value.options.has('help') || parsed.value.options.has('help-hidden')) {
    io.stdout(formatHelp(spec, parsed.value.options.has('help-hidden')))
    return 0
  }
  if (parsed.value.options.has('version')) {
    io.stdout(formatVersion(spec.name))
    return 0
  }
  return parsed.value
}

/** @internal Reads the input file (`-` is standard input); reports and returns `undefined` when it cannot. */
export function readInput(path: string, io: ToolIO): string | undefined {
  try {
    return io.readFile(path)
  } catch (error) {
    io.stderr(`cannot open input file '${path}': ${(error as Error).message}\n`)
    return undefined
  }
}
