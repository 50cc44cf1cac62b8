import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileToy, lliPath } from '../src/compiler.ts'

const sample = readFileSync(new URL('inputs/multiply_transpose.toy', import.meta.url), 'utf8')
const haveLLI = existsSync(lliPath())
const mlirTranslate = `${process.env.LLVM_BIN ?? '/usr/lib/llvm-22/bin'}/mlir-translate`

// Programs whose compiled form must print exactly what the interpreter prints.
const programs: Record<string, string> = {
  tutorial: sample,
  rank1: 'def main() {\n  var a = [1.5, 2.25, 3];\n  print(a * a + a);\n}\n',
  scalar: 'def main() {\n  var s = 2;\n  print(s * s);\n}\n',
  rank3: 'def main() {\n  var a<2, 2, 2> = [1, 2, 3, 4, 5, 6, 7, 8];\n  print(a);\n}\n',
  // printf's %f: ties to even on the exact binary value, no exponent form for large values.
  format: 'def main() {\n  var a = [0.0078125, 0.0234375, 1e21, 123456789012345678901234567890, 3.0000005];\n  print(a);\n  print(a * a);\n}\n',
  generic: 'def twice(x) {\n  return x + x;\n}\ndef main() {\n  var a<3, 1> = [1, 2, 3];\n  print(twice(transpose(a)));\n  print(twice(a));\n}\n',
}

describe('chapter 6: lowering to the llvm dialect, LLVM IR and running it', () => {
  it('leaves only llvm ops in the module', () => {
    const r = compileToy(sample, 'mt.toy', { emit: 'mlir-llvm' })
    expect(r.errors).toBe('')
    expect(r.ok).toBe(true)
    const opNames = [...r.output.matchAll(/(?:^|= )([a-z_]+\.[a-z_.]+)/gm)].map((m) => m[1]!)
    expect(opNames.length).toBeGreaterThan(50)
    expect(opNames.filter((n) => !n.startsWith('llvm.'))).toEqual([])
    expect(r.output).toContain('llvm.func @printf(!llvm.ptr, ...) -> i32')
  })

  it('translates to LLVM IR with the buffer sizes folded', () => {
    const r = compileToy(sample, 'mt.toy', { emit: 'llvm' })
    expect(r.ok).toBe(true)
    expect(r.output).toContain('declare i32 @printf(ptr, ...)')
    expect(r.output.match(/call ptr @malloc\(i64 48\)/g)?.length).toBe(3)
    expect(r.output.match(/call void @free\(ptr %\d+\)/g)?.length).toBe(3)
  })

  it.skipIf(!existsSync(mlirTranslate))('prints the LLVM IR mlir-translate prints for the same llvm-dialect module', () => {
    for (const [name, text] of Object.entries(programs)) {
      const mlir = compileToy(text, `${name}.toy`, { emit: 'mlir-llvm' })
      const ir = compileToy(text, `${name}.toy`, { emit: 'llvm' })
      const expected = spawnSync(mlirTranslate, ['--mlir-to-llvmir'], { input: mlir.output, encoding: 'utf8' })
      expect(expected.status, name).toBe(0)
      expect(ir.output, name).toBe(expected.stdout)
    }
  })

  it.skipIf(!haveLLI)(`runs the tutorial program with lli${haveLLI ? '' : ' (skipped: lli not installed)'} and prints MLIR's tutorial numbers`, () => {
    const r = compileToy(sample, 'mt.toy', { emit: 'jit' })
    expect(r.errors).toBe('')
    expect(r.output).toBe('1.000000 16.000000 \n4.000000 25.000000 \n9.000000 36.000000 \n')
  })

  it.skipIf(!haveLLI)('prints what the interpreter prints, for every rank', () => {
    for (const [name, text] of Object.entries(programs)) {
      const jit = compileToy(text, `${name}.toy`, { emit: 'jit' })
      const run = compileToy(text, `${name}.toy`, { emit: 'run', opt: true })
      expect(jit.errors, name).toBe('')
      expect(run.ok, name).toBe(true)
      expect(jit.output, name).toBe(run.output)
    }
  })

  it('skips the run with a note, not a failure, when lli is missing', () => {
    const r = compileToy(sample, 'mt.toy', { emit: 'jit', lli: '/nonexistent/lli' })
    expect(r.ok).toBe(true)
    expect(r.skipped).toBe(true)
    expect(r.output).toBe('')
    expect(r.errors).toContain('/nonexistent/lli is not installed')
  })
})

describe('the interpreter prints as printf("%f ") does', () => {
  it('rounds the exact value to 6 decimals, ties to even, without exponents', async () => {
    const { formatF } = await import('../src/interpreter.ts')
    expect(formatF(0.0078125)).toBe('0.007812')
    expect(formatF(0.0234375)).toBe('0.023438')
    expect(formatF(1e21)).toBe('1000000000000000000000.000000')
    expect(formatF(0.1)).toBe('0.100000')
    expect(formatF(-0)).toBe('-0.000000')
    expect(formatF(Number.POSITIVE_INFINITY)).toBe('inf')
    expect(formatF(5e-324)).toBe('0.000000')
  })
})
