import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Tok, Trait } from '@tilepass/ir'
import { describe, expect, it } from 'vitest'

interface Table {
  readonly name: string
  readonly file: string
  readonly index: string
  readonly values: Map<string, string>
}
interface InlineConstants {
  readonly readTable: (name: string, text: string, file: string) => Map<string, string>
  readonly inlineConstantsSource: (file: string, text: string, tables: readonly Table[]) => string
}
// A plain JavaScript module of the build (scripts/), imported by URL.
const { readTable, inlineConstantsSource } = (await import(new URL('../scripts/inlineConstants.js', import.meta.url).href)) as InlineConstants

const T: Table = { name: 'T', file: '/p/ir/dist/t.js', index: '@tilepass/ir', values: new Map([['a', '0'], ['b', '16']]) }

describe('constant tables written in place in the bundle (scripts/inlineConstants.js)', () => {
  it('reads a table of integer members, comments left out', () => {
    const text = 'export const T = {\n    a: 0,\n    /** The b, c. */\n    b: 16,\n};\nexport const U = 1;\n'
    expect([...readTable('T', text, 't.js')]).toEqual([
      ['a', '0'],
      ['b', '16'],
    ])
    expect(() => readTable('T', 'export const T = { a: 1 << 2 };\n', 't.js')).toThrow("'a: 1 << 2' of T is not `member: integer`")
    expect(() => readTable('T', 'const T = 1;\n', 't.js')).toThrow('no table')
  })

  it('reads the tables the bundle inlines with their values', () => {
    const lexer = fileURLToPath(new URL('../../ir/dist/parser/Lexer.js', import.meta.url))
    expect(readTable('Tok', readFileSync(lexer, 'utf8'), lexer).get('colon')).toBe(String(Tok.colon))
    const names = fileURLToPath(new URL('../../ir/dist/OperationName.js', import.meta.url))
    expect(readTable('Trait', readFileSync(names, 'utf8'), names).get('Pure')).toBe(String(Trait.Pure))
  })

  it('writes the members in place in code that imports the table, not in strings or comments', () => {
    const text = [
      'import { T, X } from "@tilepass/ir";',
      '// T.a in a comment',
      'export function f(k, o) { return k === T.a ? "T.b" : (o.T.b | T.b) + `${T.a}`; }',
      '',
    ].join('\n')
    expect(inlineConstantsSource('/p/dialects/dist/f.js', text, [T])).toBe(
      [
        'import { T, X } from "@tilepass/ir";',
        '// T.a in a comment',
        'export function f(k, o) { return k === 0 ? "T.b" : (o.T.b | 16) + `${0}`; }',
        '',
      ].join('\n'),
    )
    // The table's own module, and a relative import of it.
    expect(inlineConstantsSource('/p/ir/dist/t.js', 'export const T = { a: 0, b: 16 };\nexport const c = T.b;\n', [T])).toBe('export const T = { a: 0, b: 16 };\nexport const c = 16;\n')
    expect(inlineConstantsSource('/p/ir/dist/sub/u.js', 'import { T } from "../t.js";\nexport const c = T.b;\n', [T])).toBe('import { T } from "../t.js";\nexport const c = 16;\n')
  })

  it('leaves a module alone that has another table of the name, or none', () => {
    const other = 'import { T } from "./other.js";\nexport const c = T.zz;\n'
    expect(inlineConstantsSource('/p/ir/dist/u.js', other, [T])).toBe(other)
    const none = 'export function f(T) { return T.a; }\n'
    expect(inlineConstantsSource('/p/ir/dist/u.js', none, [T])).toBe(none)
  })

  it('fails on an unknown member, an assignment, or another declaration of the name', () => {
    const fail = (body: string): (() => string) => () => inlineConstantsSource('/p/x/dist/f.js', `import { T } from "@tilepass/ir";\n${body}\n`, [T])
    expect(fail('export const c = T.zz;')).toThrow("'T.zz' is not a member of the table")
    expect(fail('T.a = 1;')).toThrow("assigns 'T.a'")
    expect(fail('T.b++;')).toThrow("assigns 'T.b'")
    expect(fail('export function f(T) { return T.a; }')).toThrow("declares another 'T'")
  })
})
