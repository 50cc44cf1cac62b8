import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Inputs whose size would make a superlinear step in the parser or printer run for minutes:
// each test finishes in a few seconds when the step is linear. No timing is asserted; the
// generous timeout is what fails when a quadratic cost comes back.
const bin = fileURLToPath(new URL('../bin/tilepass-opt.js', import.meta.url))
const built = existsSync(fileURLToPath(new URL('../dist/bundle/tilepass-tools.cjs', import.meta.url)))

function run(args: string[], input: string): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [bin, ...args, '-'], { input, encoding: 'utf8', maxBuffer: 1 << 30 })
}

describe.skipIf(!built)('tilepass-opt scaling', () => {
  it('parses and prints 100,000 sibling regions that each define the same names beside 100,000 live ones', () => {
    // Each region defines and drops `%c` (parser) and `%c0_i32` (printer) while the
    // enclosing block keeps adding names. V8 keeps a deleted Map key in its hash chain, so
    // dropping names by deleting them made this quadratic (23 s of CPU, 3 s now).
    const n = 100_000
    const parts = ['func.func @f() -> i32 {\n']
    for (let i = 0; i < n; i++) {
      parts.push(`%c${i} = arith.constant ${i + 1} : i32\n%r${i} = scf.execute_region -> i32 {\n%c = arith.constant 0 : i32\nscf.yield %c : i32\n}\n`)
    }
    parts.push(`return %r${n - 1} : i32\n}\n`)
    const r = run([], parts.join(''))
    expect(r.stderr).toBe('')
    expect(r.status).toBe(0)
    const lines = r.stdout.split('\n')
    expect(lines.slice(0, 7)).toEqual([
      'module {',
      '  func.func @f() -> i32 {',
      '    %c1_i32 = arith.constant 1 : i32',
      '    %0 = scf.execute_region -> i32 {',
      '      %c0_i32 = arith.constant 0 : i32',
      '      scf.yield %c0_i32 : i32',
      '    }',
    ])
    expect(lines.filter((l) => l === '      %c0_i32 = arith.constant 0 : i32').length).toBe(n)
    expect(lines).toContain(`    %c${n}_i32 = arith.constant ${n} : i32`)
    expect(lines).toContain(`    return %${n - 1} : i32`)
  }, 180_000)

  it('folds 50,000 nested scf.execute_region (custom form, parsed recursively in the worker) away', () => {
    const depth = 50_000
    const input = `func.func @f() -> i32 {\n${'%r = scf.execute_region -> i32 {\n'.repeat(depth)}%c = arith.constant 1 : i32\nscf.yield %c : i32\n${'}\nscf.yield %r : i32\n'.repeat(depth - 1)}}\nreturn %r : i32\n}\n`
    const folded = 'module {\n  func.func @f() -> i32 {\n    %c1_i32 = arith.constant 1 : i32\n    return %c1_i32 : i32\n  }\n}\n\n'
    for (const pass of ['--canonicalize', '--remove-dead-values']) {
      const r = run([pass], input)
      expect(r.stderr).toBe('')
      expect(r.status).toBe(0)
      expect(r.stdout).toBe(folded)
    }
  }, 300_000)

  it('reports a diagnostic on an op too deeply nested to print in its note, not an internal error', () => {
    // symbol-dce refuses the unregistered top-level op; the note would print 30,000 nested
    // regions (1.8 billion characters of indentation). mlir-opt 22 overflows its stack.
    const depth = 30_000
    const r = run(['--allow-unregistered-dialect', '--symbol-dce'], `${'"u.op"() ({\n'.repeat(depth)}"u.leaf"() : () -> ()\n${'}) : () -> ()\n'.repeat(depth)}`)
    expect(r.status).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(
      "<stdin>:1:1: error: operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses\n" +
        '"u.op"() ({\n^\n' +
        "<stdin>:1:1: note: see current operation: <not printed: cannot print 'u.op' into a string: its nested regions would indent the text by more than the limit of 536870888 characters>\n",
    )
  }, 120_000)

  it('reports IR too deeply nested to print into a string as an error, not an internal error', () => {
    // --mlir-print-ir-after-all prints the module into a string: 30,000 nested regions would
    // make 1.8 billion characters of indentation (before: "internal error: Invalid string length").
    const depth = 30_000
    const r = run(['--allow-unregistered-dialect', '--cse', '--mlir-print-ir-after-all', '-o', '/dev/null'], `${'"u.op"() ({\n'.repeat(depth)}"u.leaf"() : () -> ()\n${'}) : () -> ()\n'.repeat(depth)}`)
    expect(r.status).toBe(1)
    expect(r.stderr).toBe("tilepass-opt: error: cannot print 'builtin.module' into a string: its nested regions would indent the text by more than the limit of 536870888 characters\n")
  }, 120_000)
})
