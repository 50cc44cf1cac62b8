import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-compile.ts'
import { memoryIO } from './memoryIO.ts'

describe('tilepass-compile', () => {
  it('prints its version', () => {
    const io = memoryIO()
    expect(main(['--version'], io)).toBe(0)
    expect(io.out).toMatch(/^Tilepass version \d+\.\d+\.\d+.*\n {2}tilepass-compile running on Node\.js v/)
  })

  it('prints usage that says compiling is still to come', () => {
    const io = memoryIO()
    expect(main(['--help'], io)).toBe(0)
    expect(io.out).toMatch(/^OVERVIEW: Tilepass tile IR to PTX compiler driver\n/)
    expect(io.out).toContain('\nUSAGE: tilepass-compile [options] <input file>\n')
    expect(io.out).toContain('not implemented yet')
  })

  it('fails on an input file instead of pretending to compile it', () => {
    const io = memoryIO({ 'kernel.mlir': 'module {}\n' })
    expect(main(['kernel.mlir'], io)).toBe(1)
    expect(io.err).toBe("tilepass-compile: error: compiling 'kernel.mlir' is not implemented yet\n")
  })
})
