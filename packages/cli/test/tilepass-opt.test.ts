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
    expect(io.out).toBe(
      [
        'OVERVIEW: Tilepass modular optimizer driver',
        '',
        'USAGE: tilepass-opt [options] <input file>',
        '',
        'OPTIONS:',
        '',
        'Generic Options:',
        '',
        '  --help    - Display available options',
        '  --version - Display the version of this program',
        '',
      ].join('\n'),
    )
  })

  it('rejects unknown options with a pointer to --help', () => {
    const io = memoryIO()
    expect(main(['--bogus'], io)).toBe(1)
    expect(io.err).toBe("tilepass-opt: Unknown command line argument '--bogus'.  Try: 'tilepass-opt --help'\n")
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

  it('says plainly that it cannot process IR yet', () => {
    const io = memoryIO({ 'hello.mlir': 'module {}\n' })
    expect(main(['hello.mlir'], io)).toBe(1)
    expect(io.err).toContain('not implemented yet')
    expect(io.out).toBe('')
  })
})
