import { setFlagsFromString } from 'node:v8'
import { RE2JS } from 're2js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Context, parseSourceString, Regex } from '@tilepass/ir'
import { LINEAR_FLAG, linearSource, translate } from '../src/Regex.ts'

// LLVM's regex flavour (POSIX ERE as llvm/lib/Support/regcomp.c reads it). The error texts
// and the accept/reject decisions were checked with mlir-opt 22's `expected-error-re`.

function matches(pattern: string, text: string): boolean {
  const re = Regex.compile(pattern)
  if (typeof re === 'string') {
    throw new Error(`unexpected error for ${pattern}: ${re}`)
  }
  return re.match(text)
}

describe('Regex', () => {
  it('reads a backslash before any other character as that character', () => {
    expect(matches('\\w+', 'www')).toBe(true)
    expect(matches('\\w+', 'value')).toBe(false)
    expect(matches('\\u0075se', 'u0075se')).toBe(true)
    expect(matches('\\u0075se', 'use')).toBe(false)
    expect(matches('a\\.b', 'a.b')).toBe(true)
    expect(matches('a\\.b', 'axb')).toBe(false)
  })

  it('reports the errors regcomp reports', () => {
    const cases: [string, string][] = [
      ['(?=use)', 'repetition-operator operand invalid'],
      ['[', 'brackets ([ ]) not balanced'],
      ['(a', 'parentheses not balanced'],
      ['a)', 'parentheses not balanced'],
      ['a{2,1}', 'invalid repetition count(s)'],
      ['a{256}', 'invalid repetition count(s)'],
      ['a{1', 'braces not balanced'],
      ['a||b', 'empty (sub)expression'],
      ['', 'empty (sub)expression'],
      ['^*', 'repetition-operator operand invalid'],
      ['a**', 'repetition-operator operand invalid'],
      ['{1}', 'repetition-operator operand invalid'],
      ['[z-a]', 'invalid character range'],
      ['[a-c-e]', 'invalid character range'],
      ['[[:word:]]', 'invalid character class'],
      ['a\\', 'trailing backslash (\\)'],
      ['\\2', 'invalid backreference number'],
    ]
    for (const [pattern, error] of cases) {
      expect([pattern, Regex.compile(pattern)]).toEqual([pattern, error])
    }
  })

  it('takes POSIX brackets, classes and counted repetitions', () => {
    expect(matches('^[[:alpha:]_][[:alnum:]_]*$', 'foo_1')).toBe(true)
    expect(matches('^[[:alpha:]_][[:alnum:]_]*$', '1foo')).toBe(false)
    expect(matches('[]a]', ']')).toBe(true)
    expect(matches('[^]a]', 'a')).toBe(false)
    expect(matches('^a{2,3}$', 'aaa')).toBe(true)
    expect(matches('^a{2,3}$', 'aaaa')).toBe(false)
    expect(matches('a{', 'a{')).toBe(true)
    expect(matches('()', 'x')).toBe(true)
    // `.` matches a newline; `^` and `$` are the ends of the whole text.
    expect(matches('^x.y$', 'x\ny')).toBe(true)
  })

  it('matches bytes, as LLVM does on UTF-8 text', () => {
    expect(matches('^..$', 'é')).toBe(true)
    expect(matches('^.$', 'é')).toBe(false)
  })

  it('matches nested quantifiers in linear time', () => {
    const start = performance.now()
    expect(matches('(.*)*x', 'a'.repeat(100_000))).toBe(false)
    expect(matches('(a|a)*b', 'a'.repeat(100_000))).toBe(false)
    expect(performance.now() - start).toBeLessThan(2000)
  })

  it('refuses back-references (they need backtracking) with a message', () => {
    expect(Regex.compile('(a)\\1')).toBe('back-references are not supported (matching is linear-time)')
  })

  it('escapes the metacharacters LLVM escapes', () => {
    expect(Regex.escape('a(b)[c]{d}^$|*+?.\\')).toBe('a\\(b\\)\\[c\\]\\{d\\}\\^\\$\\|\\*\\+\\?\\.\\\\')
  })
})

describe("Regex on V8's linear-time engine", () => {
  // The tools run with the flag (packages/cli/bin/load-tools.js); this process does not.
  beforeAll(() => setFlagsFromString('--enable-experimental-regexp-engine'))
  afterAll(() => setFlagsFromString('--no-enable-experimental-regexp-engine'))

  /** A deterministic pseudo-random generator (a linear congruential one). */
  function random(seed: number): (n: number) => number {
    let x = seed
    return (n) => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0
      return (x >>> 8) % n
    }
  }

  /** A random ERE over a small alphabet: atoms, classes, anchors, groups, alternations, repetitions. */
  function pattern(next: (n: number) => number, depth: number): string {
    const atoms = ['a', 'b', '.', 'é', '[ab]', '[^a]', '[[:alpha:]]', '[[:space:]]', '^', '$', '\\.', '[[:<:]]', '()']
    let out = ''
    const length = 1 + next(4)
    for (let i = 0; i < length; i++) {
      let atom = depth > 0 && next(4) === 0 ? `(${pattern(next, depth - 1)})` : atoms[next(atoms.length)]!
      if (atom !== '^' && atom !== '[[:<:]]') {
        atom += ['', '', '*', '+', '?', '{1,3}', '{2}', '{0,}', '{20}'][next(9)]!
      }
      out += atom
    }
    return next(5) === 0 ? `${out}|${pattern(next, depth - 1 < 0 ? 0 : depth - 1)}` : out
  }

  it('finds a match where RE2 finds one, and only there', () => {
    const next = random(13)
    const subjects = ['', 'a', 'b', 'ab', 'ba', 'aab', 'a b', 'a\nb', 'é', 'aé b', '.', 'a.b', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', 'x_y z']
    let linear = 0
    for (let i = 0; i < 1500; i++) {
      const p = pattern(next, 2)
      const t = translate(p)
      if (t.error !== null) {
        continue
      }
      let v8: RegExp
      try {
        v8 = new RegExp(linearSource(t.re2), LINEAR_FLAG)
      } catch {
        // Beyond the engine (long counted repetitions): RE2 matches it.
        continue
      }
      linear++
      const re2 = RE2JS.compile(t.re2)
      for (const text of subjects) {
        const bytes = Buffer.from(text, 'utf8').toString('latin1')
        expect([p, text, v8.test(bytes)]).toEqual([p, text, re2.matcher(bytes).find()])
      }
    }
    expect(linear).toBeGreaterThan(500)
  })

  it('gives the results of RE2 through Regex, and leaves to RE2 what the engine refuses', () => {
    const linear = Regex.compile('a(b|c)*d') as Regex
    expect((linear as unknown as { re: unknown }).re).toBeInstanceOf(RegExp)
    const counted = Regex.compile('a{2,200}') as Regex
    expect((counted as unknown as { re: unknown }).re).not.toBeInstanceOf(RegExp)
    expect(matches('undeclared SSA \\w+ name', 'undeclared SSA www name')).toBe(true)
    expect(matches('undeclared SSA \\w+ name', 'undeclared SSA value name')).toBe(false)
    expect(matches('(.*)*x', 'a'.repeat(100_000))).toBe(false)
    expect(matches('^a{2,200}$', 'a'.repeat(150))).toBe(true)
    expect(matches('^a{2,200}$', 'a'.repeat(201))).toBe(false)
    expect(matches('[^\\x00-\\xff]', 'x')).toBe(false)
    expect(matches('^x.y$', 'x\ny')).toBe(true)
    expect(matches('^..$', 'é')).toBe(true)
  })
})

describe('the lexer and NUL bytes', () => {
  it('skips a NUL between tokens and keeps one inside a string, as mlir-opt', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const r = parseSourceString('\u0000"x.a"() {s = "a\u0000b"} : () -> ()\u0000\n"x.b"() : () -> ()\n', ctx)
    expect(r).not.toBeNull()
    const ops = r!.op.regions[0]!.firstBlock!.operations
    expect(ops.map((o) => o.name.name)).toEqual(['x.a', 'x.b'])
  })
})
