import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The launcher (bin/tilepass-opt.js) runs the built CLI in a worker thread with a large
// stack when the input nests deeply, so deeply nested regions parse, verify and print. Before, the main thread's stack
// ended at about 700 nested regions ("nesting too deep"). mlir-opt 22 itself crashes with a
// stack overflow at 3,000 (`mlir-opt --allow-unregistered-dialect deep.mlir` exits 139), so
// the expected text is checked against mlir-opt's layout rule (two spaces per level) here.
const bin = fileURLToPath(new URL('../bin/tilepass-opt.js', import.meta.url))
const built = existsSync(fileURLToPath(new URL('../dist/bundle/tilepass-tools.cjs', import.meta.url)))

function nested(depth: number): string {
  return `func.func @f() {\n${'"test.r"() ({\n'.repeat(depth)}"test.t"() : () -> ()\n${'}) : () -> ()\n'.repeat(depth)}return\n}\n`
}

describe.skipIf(!built)('tilepass-opt launcher', () => {
  it('parses, verifies and prints 3,000 nested regions', () => {
    const depth = 3000
    const r = spawnSync(process.execPath, [bin, '--allow-unregistered-dialect', '--verify-each', '-'], {
      input: nested(depth),
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    })
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    const lines = r.stdout.split('\n')
    expect(lines.length).toBe(2 * depth + 8)
    expect(lines[2 + depth]).toBe(`${' '.repeat(4 + 2 * depth)}"test.t"() : () -> ()`)
    expect(lines[3 + depth]).toBe(`${' '.repeat(2 + 2 * depth)}}) : () -> ()`)
  }, 60_000)
  it('reads a deeply nested input file again in the worker', () => {
    const depth = 1000
    const dir = mkdtempSync(join(tmpdir(), 'tilepass-deep-'))
    try {
      const input = join(dir, 'deep.mlir')
      writeFileSync(input, nested(depth))
      const r = spawnSync(process.execPath, [bin, '--allow-unregistered-dialect', input], { encoding: 'utf8', maxBuffer: 1 << 30 })
      expect(r.stderr).toBe('')
      expect(r.status).toBe(0)
      expect(r.stdout.split('\n')[2 + depth]).toBe(`${' '.repeat(4 + 2 * depth)}"test.t"() : () -> ()`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('runs in the worker when a deep chunk follows one whose output would go out first (--split-input-file)', () => {
    const depth = 1000
    const r = spawnSync(process.execPath, [bin, '--allow-unregistered-dialect', '--split-input-file', '-'], {
      input: `func.func @g() {\n  return\n}\n// -----\n${nested(depth)}`,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    })
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    const lines = r.stdout.split('\n')
    expect(lines.slice(0, 8)).toEqual(['module {', '  func.func @g() {', '    return', '  }', '}', '', '// -----', 'module {'])
    expect(lines.filter((line) => line === '// -----')).toHaveLength(1)
    expect(lines[9 + depth]).toBe(`${' '.repeat(4 + 2 * depth)}"test.t"() : () -> ()`)
  }, 60_000)

  it('runs an input file over 8 MiB in the worker, unscanned', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilepass-large-'))
    try {
      const input = join(dir, 'large.mlir')
      writeFileSync(input, `// ${'x'.repeat(9 << 20)}\nfunc.func @f() {\n  return\n}\n`)
      const r = spawnSync(process.execPath, [bin, input], { encoding: 'utf8' })
      expect(r.stderr).toBe('')
      expect(r.status).toBe(0)
      expect(r.stdout).toBe('module {\n  func.func @f() {\n    return\n  }\n}\n\n')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('streams deeply nested output to -o in chunks (more text than a few thousand pieces hold)', () => {
    const depth = 6000
    const dir = mkdtempSync(join(tmpdir(), 'tilepass-deep-'))
    try {
      const out = join(dir, 'out.mlir')
      const r = spawnSync(process.execPath, [bin, '--allow-unregistered-dialect', '-o', out, '-'], { input: nested(depth), encoding: 'utf8' })
      expect(r.stderr).toBe('')
      expect(r.status).toBe(0)
      const text = readFileSync(out, 'utf8')
      expect(text.length).toBeGreaterThan(2 * depth * depth)
      expect(text).toContain(`\n${' '.repeat(4 + 2 * depth)}"test.t"() : () -> ()\n`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  it('prints nesting past the indentation limit when regions are skipped (--mlir-print-skip-regions)', () => {
    // mlir-opt 22 prints `module {...}` for any module with --mlir-print-skip-regions.
    const r = spawnSync(process.execPath, [bin, '--allow-unregistered-dialect', '--mlir-print-skip-regions', '-'], {
      input: nested(30_000),
      encoding: 'utf8',
    })
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    expect(r.stdout).toBe('module {...}\n\n')
  }, 120_000)

  it('keeps the exit code and stderr of a failing run', () => {
    // mlir-opt: <stdin>:2:3: error: operation defines 2 results but was provided 1 to bind (exit 1)
    const input = 'func.func @f() {\n  %0 = "foo.x"() : () -> (i32, i32)\n  return %0 : i32\n}\n'
    const r = spawnSync(process.execPath, [bin, '--allow-unregistered-dialect', '-'], { input, encoding: 'utf8' })
    expect(r.status).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe('<stdin>:2:3: error: operation defines 2 results but was provided 1 to bind\n  %0 = "foo.x"() : () -> (i32, i32)\n  ^\n')
  })
})
