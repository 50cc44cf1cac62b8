/**
 * `toyc`: the Toy compiler's command line.
 *
 *   tsx --conditions=source examples/toy/src/toyc.ts FILE [--emit=ast|mlir|mlir-affine|mlir-llvm|llvm|jit|run] [--opt]
 *       [--pipeline=PIPELINE] [--mlir-print-debuginfo]
 *
 * FILE is Toy source (`.toy`) or toy IR (`.mlir`); `-` reads Toy source from stdin.
 * `--emit=jit` runs the program with `lli` (`$LLVM_BIN/lli`, by default LLVM 22's); when it is
 * not installed toyc says so on stderr and exits with 0 without running anything.
 * Exit status: 0 on success, 1 on a compile error, 2 on a usage error.
 */
import { readFileSync } from 'node:fs'
import { compileToy, type CompileOptions } from './compiler.ts'

const usage = 'usage: toyc FILE [--emit=ast|mlir|mlir-affine|mlir-llvm|llvm|jit|run] [--opt] [--pipeline=PIPELINE] [--mlir-print-debuginfo]\n'

function main(args: readonly string[]): number {
  let file: string | null = null
  let emit: CompileOptions['emit'] = 'mlir'
  let opt = false
  let pipeline: string | undefined
  let printDebugInfo = false
  for (const arg of args) {
    if (arg === '--emit=ast' || arg === '-emit=ast') {
      emit = 'ast'
    } else if (arg === '--emit=mlir' || arg === '-emit=mlir') {
      emit = 'mlir'
    } else if (arg === '--emit=mlir-affine' || arg === '-emit=mlir-affine') {
      emit = 'mlir-affine'
    } else if (arg === '--emit=run' || arg === '-emit=run') {
      emit = 'run'
    } else if (arg === '--emit=mlir-llvm' || arg === '-emit=mlir-llvm') {
      emit = 'mlir-llvm'
    } else if (arg === '--emit=llvm' || arg === '-emit=llvm') {
      emit = 'llvm'
    } else if (arg === '--emit=jit' || arg === '-emit=jit') {
      emit = 'jit'
    } else if (arg === '--opt' || arg === '-opt') {
      opt = true
    } else if (arg.startsWith('--pipeline=')) {
      pipeline = arg.slice('--pipeline='.length)
    } else if (arg === '--mlir-print-debuginfo') {
      printDebugInfo = true
    } else if (arg === '--help' || arg === '-h') {
      process.stdout.write(usage)
      return 0
    } else if (arg.startsWith('-') && arg !== '-') {
      process.stderr.write(`toyc: unknown option '${arg}'\n${usage}`)
      return 2
    } else if (file === null) {
      file = arg
    } else {
      process.stderr.write(`toyc: more than one input file\n${usage}`)
      return 2
    }
  }
  if (file === null) {
    process.stderr.write(usage)
    return 2
  }
  let text: string
  try {
    text = readFileSync(file === '-' ? 0 : file, 'utf8')
  } catch (e) {
    process.stderr.write(`toyc: cannot read '${file}': ${(e as Error).message}\n`)
    return 1
  }
  const result = compileToy(text, file === '-' ? '<stdin>' : file, { emit, opt, pipeline, printDebugInfo })
  process.stderr.write(result.errors)
  process.stdout.write(result.output)
  return result.ok ? 0 : 1
}

process.exitCode = main(process.argv.slice(2))
