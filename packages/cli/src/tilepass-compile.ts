import type { ToolIO } from './ToolIO.ts'
import { GENERIC_OPTIONS, type ToolSpec } from './internal/CommandLine.ts'
import {
  COMPILE_OPTIONS,
  CompileExitCode,
  DEFAULT_COMPILE_GPU_NAME,
  normalizeCompileArgv,
  runCompileMain,
  validateCompileOptions,
  type EmitKind,
  type TileCompilePipeline,
} from './internal/compileMain.ts'
import { OPT_OPTIONS, optConfigFromCommandLine } from './internal/OptConfig.ts'
import { handleCommandLine } from './internal/runTool.ts'
import { TILE_COMPILE_PIPELINE } from './internal/tileCompilePipeline.ts'

/** The mlir-opt options that make no sense for a compiler driver (it compiles one whole input, its own pipeline). */
const OPT_ONLY = new Set(['split-input-file', 'output-split-marker', 'verify-diagnostics', 'no-implicit-module', 'run-reproducer', 'show-dialects', 'allow-unregistered-dialect'])

const TILEPASS_COMPILE: ToolSpec = {
  name: 'tilepass-compile',
  overview:
    'Tilepass tile IR to PTX compiler driver\n\n' +
    'Compiles a cuda_tile kernel (MLIR text or Tile IR bytecode) to PTX: cuda_tile -> tile assembly\n' +
    '-> llvm + nvvm dialects (inside the CompileNVVM scope) -> LLVM IR / PTX (inside SerializeGPUModule).\n' +
    'Exit codes: 1 missing input, 2 invalid options, 3 invalid IR, 4 unreadable input, 5 compile failure.',
  usage: '[options] <input file>',
  options: [...GENERIC_OPTIONS, ...OPT_OPTIONS.filter((o) => !OPT_ONLY.has(o.name)), ...COMPILE_OPTIONS],
  maxPositionals: 1,
}

/**
 * Runs `tilepass-compile`, the cuda_tile to PTX compiler driver, on `argv` (the arguments
 * after the program name) and returns the process exit code (tileiras's: 0 success, 1
 * missing input, 2 invalid options, 3 invalid IR, 4 unreadable input, 5 compile failure).
 * It never throws and never leaves a partial output file.
 */
export function main(argv: readonly string[], io: ToolIO): number {
  return runCompileTool(argv, io, TILE_COMPILE_PIPELINE)
}

/** @internal `main` with the pipeline given (tests drive the driver with their own passes). */
export function runCompileTool(argv: readonly string[], io: ToolIO, pipeline: TileCompilePipeline): number {
  const spec = TILEPASS_COMPILE
  try {
    const commandLine = handleCommandLine(spec, normalizeCompileArgv(argv), io)
    if (typeof commandLine === 'number') {
      return commandLine
    }
    const invalid = validateCompileOptions(commandLine.options)
    if (invalid !== null) {
      io.stderr(`${spec.name}: error: ${invalid}\n`)
      return CompileExitCode.InvalidOptions
    }
    const o = commandLine.options
    const str = (name: string): string | undefined => {
      const v = o.get(name)
      return typeof v === 'string' ? v : undefined
    }
    return runCompileMain(
      {
        opt: optConfigFromCommandLine(commandLine),
        hasInput: commandLine.positionals.length > 0,
        optLevel: Number(str('opt-level') ?? '3') as 0 | 1 | 2 | 3,
        gpuName: str('gpu-name') ?? DEFAULT_COMPILE_GPU_NAME,
        emit: (str('emit') ?? 'ptx') as EmitKind,
        ptxBackend: str('ptx-backend') === 'llc' ? 'llc' : 'native',
      },
      io,
      spec.name,
      pipeline,
    )
  } catch (error) {
    io.stderr(`${spec.name}: internal error: ${error instanceof Error ? error.message : String(error)}\n`)
    return CompileExitCode.CompileFailure
  }
}
