import { describe, expect, it } from 'vitest'
import { Lexer, type StringAttr, Tok, UnitAttr, parseAttribute, parseSourceString, setLexerNestingWatch, succeeded, Context } from '@tilepass/ir'

function lexAll(src: string): { kinds: number[]; texts: string[]; errors: string[] } {
  const errors: string[] = []
  const lex = new Lexer(src, (offset, message) => errors.push(`${offset}: ${message}`))
  const kinds: number[] = []
  const texts: string[] = []
  for (let i = 0; i < 1000; i++) {
    lex.lex()
    kinds.push(lex.kind)
    texts.push(lex.spelling)
    if (lex.kind === Tok.eof || lex.kind === Tok.error) {
      break
    }
  }
  return { kinds, texts, errors }
}

describe('Lexer', () => {
  it('skips blanks, NULs and comments, and starts bare identifiers with any letter or underscore', () => {
    const { kinds, texts, errors } = lexAll('\t_a1\0 Zb.c$ // x\n\r%B-1 @Y_z\n  yq i7 si8x -> {')
    expect(texts).toEqual(['_a1', 'Zb.c$', '%B-1', '@Y_z', 'yq', 'i7', 'si8x', '->', '{', ''])
    expect(kinds).toEqual([
      Tok.bareIdentifier,
      Tok.bareIdentifier,
      Tok.percentIdentifier,
      Tok.atIdentifier,
      Tok.bareIdentifier,
      Tok.inttype,
      Tok.bareIdentifier,
      Tok.arrow,
      Tok.lBrace,
      Tok.eof,
    ])
    expect(errors).toEqual([])
  })
  it('starts the same token at every ASCII character as by its class', () => {
    // `lex` dispatches on a switch with a case per character: each one checked against
    // what the character starts.
    for (let c = 0; c < 128; c++) {
      const ch = String.fromCharCode(c)
      const { kinds, errors } = lexAll(`${ch}1 `)
      let expected: number
      if (/[A-Za-z_]/.test(ch)) {
        expected = ch === 'i' ? Tok.inttype : Tok.bareIdentifier
      } else if (/[0-9]/.test(ch)) {
        expected = Tok.integer
      } else if (c === 0 || ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
        expected = Tok.integer
      } else {
        const punct: Record<string, number> = {
          '%': Tok.percentIdentifier, '#': Tok.hashIdentifier, '^': Tok.caretIdentifier, '!': Tok.exclamationIdentifier, '@': Tok.error,
          ':': Tok.colon, ',': Tok.comma, '(': Tok.lParen, ')': Tok.rParen, '=': Tok.equal, '-': Tok.minus, '{': Tok.lBrace,
          '}': Tok.rBrace, '[': Tok.lSquare, ']': Tok.rSquare, '<': Tok.less, '>': Tok.greater, '+': Tok.plus, '*': Tok.star,
          '?': Tok.question, '|': Tok.verticalBar, '"': Tok.error,
        }
        expected = punct[ch] ?? Tok.error
      }
      expect([ch, kinds[0]]).toEqual([ch, expected])
      expect(errors.length > 0).toBe(expected === Tok.error)
    }
  })
  it('classifies identifiers, literals and punctuation', () => {
    const { kinds, texts } = lexAll('%0:2 = "foo.op"(%a#1) [^bb1] {x = -1.5e3} : (i32, si8, ui64) -> !t.x @sym #map')
    expect(kinds).toEqual([
      Tok.percentIdentifier,
      Tok.colon,
      Tok.integer,
      Tok.equal,
      Tok.string,
      Tok.lParen,
      Tok.percentIdentifier,
      Tok.hashIdentifier,
      Tok.rParen,
      Tok.lSquare,
      Tok.caretIdentifier,
      Tok.rSquare,
      Tok.lBrace,
      Tok.bareIdentifier,
      Tok.equal,
      Tok.minus,
      Tok.float,
      Tok.rBrace,
      Tok.colon,
      Tok.lParen,
      Tok.inttype,
      Tok.comma,
      Tok.inttype,
      Tok.comma,
      Tok.inttype,
      Tok.rParen,
      Tok.arrow,
      Tok.exclamationIdentifier,
      Tok.atIdentifier,
      Tok.hashIdentifier,
      Tok.eof,
    ])
    expect(texts).toContain('"foo.op"')
    expect(texts).toContain('1.5e3')
    expect(texts).toContain('!t.x')
  })

  it('splits dimension lists the way the type parser expects', () => {
    const { kinds, texts } = lexAll('4x?xf32 0x1F 1. index')
    expect(texts).toEqual(['4', 'x', '?', 'xf32', '0x1F', '1.', 'index', ''])
    expect(kinds).toEqual([Tok.integer, Tok.bareIdentifier, Tok.question, Tok.bareIdentifier, Tok.integer, Tok.float, Tok.bareIdentifier, Tok.eof])
  })

  it('skips comments and recognizes file metadata delimiters and ellipsis', () => {
    const { kinds } = lexAll('// comment\n{-# a #-} ... * | + ?')
    expect(kinds).toEqual([
      Tok.fileMetadataBegin,
      Tok.bareIdentifier,
      Tok.fileMetadataEnd,
      Tok.ellipsis,
      Tok.star,
      Tok.verticalBar,
      Tok.plus,
      Tok.question,
      Tok.eof,
    ])
  })

  it('lexes quoted symbol names and string escapes', () => {
    const { kinds, texts } = lexAll('@"a b" "x\\n\\"\\\\\\0A"')
    expect(kinds).toEqual([Tok.atIdentifier, Tok.string, Tok.eof])
    expect(texts[0]).toBe('@"a b"')
  })

  it('reports lexing errors with mlir-opt messages', () => {
    expect(lexAll('"abc').errors).toEqual([`4: expected '"' in string literal`])
    expect(lexAll('@1').errors).toEqual(["1: @ identifier expected to start with letter or '_'"])
    expect(lexAll('$').errors).toEqual(['0: unexpected character'])
    expect(lexAll('..').errors).toEqual(['0: expected three consecutive dots for an ellipsis'])
    expect(lexAll('"\\q"').errors).toEqual(['1: unknown escape in string literal'])
    expect(lexAll('%').errors).toEqual(['0: invalid SSA name'])
  })

  it('never allocates tokens: the same lexer object carries kind/start/end', () => {
    const lex = new Lexer('a b', () => {})
    lex.lex()
    expect([lex.kind, lex.start, lex.end]).toEqual([Tok.bareIdentifier, 0, 1])
    lex.lex()
    expect([lex.kind, lex.start, lex.end]).toEqual([Tok.bareIdentifier, 2, 3])
    expect(lex.is('b')).toBe(true)
  })

  it('decodes \\XX escapes as UTF-8, keeping invalid bytes as surrogate escapes', () => {
    const ctx = new Context()
    const str = (t: string): string => (parseAttribute(t, ctx) as StringAttr).value
    expect(str('"\\C3\\A9 \u00e9"')).toBe('\u00e9 \u00e9')
    expect(str('"hex\\7F\\01\\FF"')).toBe('hex\x7f\x01\udcff')
    expect(str('"cut \\E2\\82"')).toBe('cut \udce2\udc82')
    expect(str('"a\\n\\t\\"\\\\"')).toBe('a\n\t"\\')
  })
})

describe('LexerNestingWatch', () => {
  /** How often the lexers of `run` passed `limit`, and the sources they read to the end. */
  function watch(limit: number, run: () => void): { tooDeep: number; ended: string[] } {
    const seen = { tooDeep: 0, ended: [] as string[] }
    setLexerNestingWatch({
      limit,
      tooDeep: () => {
        seen.tooDeep++
      },
      reachedEnd: (src) => {
        seen.ended.push(src)
      },
    })
    try {
      run()
    } finally {
      setLexerNestingWatch(null)
    }
    return seen
  }

  it('counts brackets of every kind, once per lexer past the limit', () => {
    expect(watch(4, () => lexAll('{([<x>])}')).tooDeep).toBe(0)
    expect(watch(3, () => lexAll('{([<x>])}')).tooDeep).toBe(1)
    expect(watch(3, () => lexAll('{{{{ }}}} {{{{ }}}}')).tooDeep).toBe(1)
    expect(watch(1, () => lexAll('{}{}{}{}')).tooDeep).toBe(0)
  })

  it('skips strings and comments, and never takes `->` or `>=` for a closing bracket', () => {
    expect(watch(2, () => lexAll(`"${'}'.repeat(10)}" {{{`)).tooDeep).toBe(1)
    expect(watch(2, () => lexAll(`// ${'{'.repeat(10)}\n"${'{'.repeat(10)}" {}`)).tooDeep).toBe(0)
    expect(watch(2, () => lexAll('{ () -> i32 {{')).tooDeep).toBe(1)
    expect(watch(2, () => lexAll('{ (d0) : (d0 >= 0) {{')).tooDeep).toBe(1)
  })

  it('bounds the nesting of the parsed regions and attributes, not of opaque dialect bodies', () => {
    const context = new Context({ allowUnregisteredDialects: true })
    const regions = (depth: number): string => `${'"t.r"() ({\n'.repeat(depth)}${'}) : () -> ()\n'.repeat(depth)}`
    expect(watch(20, () => parseSourceString(regions(10), context)).tooDeep).toBe(0)
    expect(watch(20, () => parseSourceString(regions(11), context)).tooDeep).toBe(1)
    expect(watch(20, () => parseSourceString(`"t.a"() {a = ${'['.repeat(21)}${']'.repeat(21)}} : () -> ()`, context)).tooDeep).toBe(1)
    // A dialect symbol's `<...>` body is read past, not lexed: its brackets leave the
    // count as they found it, however many such symbols follow one another.
    const bodies = `${'"t.a"() {a = #t<none>, b = #t.k<[1]>} : () -> !t<x>\n'.repeat(40)}`
    expect(watch(20, () => parseSourceString(bodies, context)).tooDeep).toBe(0)
    // A registered dialect's parser reads its attribute or type again from after the name.
    context.registerDialect({
      namespace: 'w',
      parseAttribute: (parser) => (succeeded(parser.parseLess()) && succeeded(parser.parseKeyword('none')) && succeeded(parser.parseGreater()) ? UnitAttr.get(context) : undefined),
    })
    const registered = `${'"t.a"() {a = #w<none>} : () -> ()\n'.repeat(40)}`
    expect(watch(20, () => parseSourceString(registered, context)).tooDeep).toBe(0)
    // An unregistered dialect's body is kept as text: nothing recurses over it.
    expect(watch(20, () => parseSourceString(`"t.a"() : () -> !t<${'['.repeat(40)}${']'.repeat(40)}>`, context)).tooDeep).toBe(0)
  })

  it('counts the nesting of an alias at each use of it', () => {
    const context = new Context({ allowUnregisteredDialects: true })
    // Each alias nests one array deeper than the one it uses: the text itself never nests past 1.
    const attrs = (n: number): string =>
      `#a0 = [1]\n${Array.from({ length: n - 1 }, (_, i) => `#a${i + 1} = [#a${i}]\n`).join('')}"t.a"() {x = #a${n - 1}} : () -> ()\n`
    expect(watch(20, () => parseSourceString(attrs(19), context)).tooDeep).toBe(0)
    expect(watch(20, () => parseSourceString(attrs(21), context)).tooDeep).toBe(1)
    const types = (n: number): string =>
      `!t0 = tuple<i32>\n${Array.from({ length: n - 1 }, (_, i) => `!t${i + 1} = tuple<!t${i}>\n`).join('')}"t.a"() : () -> !t${n - 1}\n`
    expect(watch(20, () => parseSourceString(types(19), context)).tooDeep).toBe(0)
    expect(watch(20, () => parseSourceString(types(21), context)).tooDeep).toBe(1)
    // Location aliases are defined after their uses (as the printer writes them).
    const locs = (n: number): string =>
      `"t.a"() : () -> () loc(#l${n - 1})\n#l0 = loc("f":1:1)\n${Array.from({ length: n - 1 }, (_, i) => `#l${i + 1} = loc(callsite(#l${i} at "g":1:1))\n`).join('')}`
    expect(watch(20, () => parseSourceString(locs(9), context)).tooDeep).toBe(0)
    expect(watch(20, () => parseSourceString(locs(12), context)).tooDeep).toBe(1)
  })

  it('tells when a lexer has read the whole of its source', () => {
    const src = '{}\n// -----\n{}'
    expect(watch(4, () => lexAll(src)).ended).toContain(src)
    const chunk = watch(4, () => {
      const lex = new Lexer(src, () => {}, 0, 2)
      lex.lex()
      lex.lex()
      lex.lex()
    })
    expect(chunk.ended).toEqual([])
  })
})
