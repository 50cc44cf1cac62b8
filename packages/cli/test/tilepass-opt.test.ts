import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}

describe('tilepass-opt', () => {
  it('prints its version the way mlir-opt does', () => {
    const io = memoryIO()
    expect(main(['--version'], io)).toBe(0)
    expect(io.out).toBe(`Tilepass version ${version}\n  tilepass-opt running on Node.js ${process.version}\n`)
    expect(io.err).toBe('')
  })

  it('accepts single-dash long options as llvm::cl does', () => {
    const io = memoryIO()
    expect(main(['-version'], io)).toBe(0)
    expect(io.out).toMatch(/^Tilepass version /)
  })

  it('prints usage with every supported option', () => {
    const io = memoryIO()
    expect(main(['--help'], io)).toBe(0)
    expect(io.out).toMatch(/^OVERVIEW: Tilepass modular optimizer driver\n\nUSAGE: tilepass-opt \[options\] <input file>\n/)
    expect(io.out).toContain('  --split-input-file[=<string>]')
    expect(io.out).toContain('  --verify-diagnostics[=<value>]')
    expect(io.out).toContain('  -o <filename>')
    expect(io.out).toContain('  --version')
  })

  it('lists --pass-pipeline and every registered pass with its options, as mlir-opt', () => {
    const io = memoryIO()
    expect(main(['--help'], io)).toBe(0)
    expect(io.out).toMatch(/\n {2}--pass-pipeline=<string> +- Textual description of the pass pipeline to run\n/)
    expect(io.out).toMatch(/\n {2}Compiler passes to run\n {4}Passes:\n/)
    expect(io.out).toMatch(/\n {6}--canonicalize +- {3}Canonicalize operations\n {8}--disable-patterns=<string> +- Labels of patterns/)
    expect(io.out).toMatch(/\n {6}--convert-scf-to-cf +- {3}Convert SCF dialect to ControlFlow dialect.*\n {8}--allow-pattern-rollback +- /)
    // Pass descriptions line up with the other options' (mlir-opt's layout).
    const column = (line: string): number => line.indexOf(' - ')
    const lines = io.out.split('\n')
    const top = lines.find((l) => l.startsWith('  --pass-pipeline='))!
    const pass = lines.find((l) => l.startsWith('      --cse '))!
    expect(column(pass)).toBe(column(top))
    // `-p` is hidden, as in mlir-opt.
    expect(io.out).not.toMatch(/\n {2}-p /)
    const hidden = memoryIO()
    expect(main(['--help-hidden'], hidden)).toBe(0)
    expect(hidden.out).toMatch(/\n {2}-p +- Alias for --pass-pipeline\n/)
  })

  it('suggests the nearest pass for a misspelt pass flag', () => {
    const io = memoryIO()
    expect(main(['--canonicalise'], io)).toBe(1)
    expect(io.err).toBe("tilepass-opt: Unknown command line argument '--canonicalise'.  Try: 'tilepass-opt --help'\ntilepass-opt: Did you mean '--canonicalize'?\n")
  })

  it('rejects unknown options with a pointer to --help', () => {
    const io = memoryIO()
    expect(main(['--bogus'], io)).toBe(1)
    expect(io.err).toMatch(/^tilepass-opt: Unknown command line argument '--bogus'\. {2}Try: 'tilepass-opt --help'\ntilepass-opt: Did you mean '-.*'\?\n$/)
    expect(io.out).toBe('')
  })

  it('rejects a value given to a flag', () => {
    const io = memoryIO()
    expect(main(['--version=3'], io)).toBe(1)
    expect(io.err).toBe("tilepass-opt: for the --version option: does not allow a value! '3' specified.\n")
  })

  it('accepts at most one input file', () => {
    const io = memoryIO()
    expect(main(['a.mlir', 'b.mlir'], io)).toBe(1)
    expect(io.err).toBe(
      'tilepass-opt: Too many positional arguments specified!\n' +
        'Can specify at most 1 positional arguments: See: tilepass-opt --help\n',
    )
  })

  it('reports an input file it cannot open', () => {
    const io = memoryIO()
    expect(main(['missing.mlir'], io)).toBe(1)
    expect(io.err).toBe("cannot open input file 'missing.mlir': No such file or directory\n")
  })
})
