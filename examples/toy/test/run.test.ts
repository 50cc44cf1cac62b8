import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileToy } from '../src/compiler.ts'

const sample = readFileSync(new URL('inputs/multiply_transpose.toy', import.meta.url), 'utf8')

function run(text: string, opt: boolean): { ok: boolean; output: string; errors: string } {
  return compileToy(text, 'r.toy', { emit: 'run', opt })
}

describe('the toy interpreter (--emit=run)', () => {
  it('prints the numbers of the tutorial program', () => {
    const expected = '1.000000 16.000000 \n4.000000 25.000000 \n9.000000 36.000000 \n'
    expect(run(sample, false)).toEqual({ ok: true, output: expected, errors: '' })
    expect(run(sample, true)).toEqual({ ok: true, output: expected, errors: '' })
  })

  it('gives the same output before and after optimization', () => {
    const programs = [
      'def f(x, y) { return x * y + transpose(transpose(x)); }\ndef main() {\n  var a<2, 2> = [1, 2, 3, 4];\n  var b = [[5, 6], [7, 8]];\n  print(f(a, b));\n  print(transpose(f(b, a)));\n}\n',
      'def sq(x) { return x * x; }\ndef main() {\n  var a<3, 1> = [1.5, 2, 0.25];\n  var b<1, 3> = a;\n  print(sq(sq(b)));\n  print(transpose(a) + b);\n}\n',
      'def main() {\n  var a<2, 3, 2> = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];\n  print(transpose(a));\n  print(3);\n}\n',
    ]
    for (const text of programs) {
      const plain = run(text, false)
      expect(plain.errors).toBe('')
      expect(plain.output.length).toBeGreaterThan(0)
      expect(run(text, true)).toEqual(plain)
    }
    expect(run(programs[2]!, false).output).toBe(
      '1.000000 7.000000 \n3.000000 9.000000 \n5.000000 11.000000 \n2.000000 8.000000 \n4.000000 10.000000 \n6.000000 12.000000 \n3.000000 \n',
    )
  })

  it('reports run-time errors on the op', () => {
    const mismatch = run('def main() {\n  var a<2, 3> = [1, 2, 3, 4, 5, 6];\n  print(a + transpose(a));\n}\n', false)
    expect(mismatch.ok).toBe(false)
    expect(mismatch.errors).toContain("r.toy:3:11: error: 'toy.add' op operands have different shapes [2, 3] and [3, 2]")
    const forever = run('def f(x) { return f(x); }\ndef main() {\n  print(f(1));\n}\n', false)
    expect(forever.ok).toBe(false)
    expect(forever.errors).toContain('call depth exceeds 1000 (unbounded recursion?)')
  })
})
