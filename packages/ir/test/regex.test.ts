import { describe, expect, it } from 'vitest'
import { Context, parseSourceString, Regex } from '@tilepass/ir'

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

describe('the lexer and NUL bytes', () => {
  it('skips a NUL between tokens and keeps one inside a string, as mlir-opt', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const r = parseSourceString('\u0000"x.a"() {s = "a\u0000b"} : () -> ()\u0000\n"x.b"() : () -> ()\n', ctx)
    expect(r).not.toBeNull()
    const ops = r!.op.regions[0]!.firstBlock!.operations
    expect(ops.map((o) => o.name.name)).toEqual(['x.a', 'x.b'])
  })
})
