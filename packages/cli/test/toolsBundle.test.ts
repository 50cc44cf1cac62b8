import { Buffer } from 'node:buffer'
import { describe, expect, it } from 'vitest'
import { LargeStackRequired, MAX_SCANNED_BYTES } from '../src/internal/largeStack.ts'
import { runToolOnMainThread } from '../src/internal/toolsBundle.ts'
import { withToolIO, type ToolIO } from '../src/ToolIO.ts'
import { memoryIO } from './memoryIO.ts'

function withBytes(io: ReturnType<typeof memoryIO>): ToolIO & { out: string; err: string } {
  return Object.assign(io, { readFileBytes: (path: string) => new TextEncoder().encode(io.readFile(path)) })
}

function nested(depth: number): string {
  return `${'"test.r"() ({\n'.repeat(depth)}"test.t"() : () -> ()\n${'}) : () -> ()\n'.repeat(depth)}`
}

describe('runToolOnMainThread', () => {
  it('runs a shallow input and returns the exit code', () => {
    const io = withBytes(memoryIO({ '-': 'func.func @f() {\n  return\n}\n' }))
    expect(runToolOnMainThread('tilepass-opt', ['-'], io)).toBe(0)
    expect(io.out).toBe('module {\n  func.func @f() {\n    return\n  }\n}\n\n')
    expect(io.err).toBe('')
  })

  it('asks for a large stack, before writing anything, when standard input nests deeply', () => {
    const text = nested(300)
    const io = withBytes(memoryIO({ '-': text }))
    const result = runToolOnMainThread('tilepass-opt', ['--allow-unregistered-dialect'], io)
    expect(result).toBeInstanceOf(LargeStackRequired)
    expect(Buffer.from((result as LargeStackRequired).stdin ?? []).toString('utf8')).toBe(text)
    expect(io.out + io.err).toBe('')
  })

  it('does not keep the bytes of a deep file, which the worker reads again', () => {
    const io = withBytes(memoryIO({ 'deep.mlir': nested(300) }))
    const result = runToolOnMainThread('tilepass-translate', ['--mlir-to-llvmir', 'deep.mlir'], io)
    expect(result).toBeInstanceOf(LargeStackRequired)
    expect((result as LargeStackRequired).stdin).toBeNull()
    expect(io.out + io.err).toBe('')
  })

  it('runs an input on the main thread when only text that nothing recurses over nests deeply', () => {
    // The lexers decide, not a scan of the bytes: an unregistered dialect's body is kept as text.
    const body = `${'['.repeat(300)}${']'.repeat(300)}`
    const io = withBytes(memoryIO({ 'opaque.mlir': `"test.t"() : () -> !foo<${body}>\n` }))
    expect(runToolOnMainThread('tilepass-opt', ['--allow-unregistered-dialect', 'opaque.mlir'], io)).toBe(0)
    expect(io.out).toBe(`module {\n  %0 = "test.t"() : () -> !foo<${body}>\n}\n\n`)
  })

  it('asks for a large stack when the first input nests deeply through attributes', () => {
    const io = withBytes(memoryIO({ 'attr.mlir': `"test.t"() {a = ${'['.repeat(300)}${']'.repeat(300)}} : () -> ()\n` }))
    expect(runToolOnMainThread('tilepass-opt', ['--allow-unregistered-dialect', 'attr.mlir'], io)).toBeInstanceOf(LargeStackRequired)
    expect(io.out + io.err).toBe('')
  })

  it('asks for a large stack when the input nests deeply through a chain of aliases', () => {
    const aliases = Array.from({ length: 299 }, (_, i) => `#a${i + 1} = [#a${i}]\n`).join('')
    const io = withBytes(memoryIO({ 'alias.mlir': `#a0 = [1]\n${aliases}"test.t"() {a = #a299} : () -> ()\n` }))
    expect(runToolOnMainThread('tilepass-opt', ['--allow-unregistered-dialect', 'alias.mlir'], io)).toBeInstanceOf(LargeStackRequired)
    expect(io.out + io.err).toBe('')
  })

  it('scans the input at the first write when output goes out before the lexers read the deep part', () => {
    // The first chunk's output would go out before the second chunk is parsed.
    const text = `"test.t"() : () -> ()\n// -----\n${nested(300)}`
    const io = withBytes(memoryIO({ '-': text }))
    const result = runToolOnMainThread('tilepass-opt', ['--allow-unregistered-dialect', '--split-input-file', '-'], io)
    expect(result).toBeInstanceOf(LargeStackRequired)
    expect(Buffer.from((result as LargeStackRequired).stdin ?? []).toString('utf8')).toBe(text)
    expect(io.out + io.err).toBe('')
  })

  it('runs shallow chunks on the main thread', () => {
    const io = withBytes(memoryIO({ '-': `"test.t"() : () -> ()\n// -----\n${nested(20)}` }))
    expect(runToolOnMainThread('tilepass-opt', ['--allow-unregistered-dialect', '--split-input-file', '-'], io)).toBe(0)
    expect(io.out).toContain('// -----\n')
    expect(io.err).toBe('')
  })

  it('leaves an input too large to scan quickly to the worker', () => {
    const text = `// ${'x'.repeat(MAX_SCANNED_BYTES)}\n`
    const io = withBytes(memoryIO({ 'big.mlir': text }))
    expect(runToolOnMainThread('tilepass-opt', ['big.mlir'], io)).toBeInstanceOf(LargeStackRequired)
    expect(io.out + io.err).toBe('')
  })

  it('asks for a large stack when an argument nests deeply (a pass pipeline)', () => {
    const io = withBytes(memoryIO({}))
    const pipeline = `--pass-pipeline=${'builtin.module('.repeat(300)}${')'.repeat(300)}`
    expect(runToolOnMainThread('tilepass-opt', [pipeline, '-'], io)).toBeInstanceOf(LargeStackRequired)
    expect(io.out + io.err).toBe('')
  })

  it('reports an unreadable input as the tool does', () => {
    const io = withBytes(memoryIO({}))
    expect(runToolOnMainThread('tilepass-opt', ['missing.mlir'], io)).toBe(1)
    expect(io.err).toBe("cannot open input file 'missing.mlir': No such file or directory\n")
  })
})

describe('withToolIO', () => {
  it('copies a ToolIO with overrides, keeping its getters unevaluated', () => {
    let asked = 0
    const io: ToolIO = {
      ...memoryIO({}),
      get stderrIsTTY(): boolean {
        asked++
        return true
      },
    }
    const out: string[] = []
    const copy = withToolIO(io, { stdout: (text) => out.push(text) })
    expect(asked).toBe(0)
    copy.stdout('x')
    expect(out).toEqual(['x'])
    expect(copy.readFile).toBe(io.readFile)
    expect(copy.stderrIsTTY).toBe(true)
    expect(asked).toBe(1)
  })
})
