import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatHelp, parseCommandLine, type ToolSpec } from '../src/internal/CommandLine.ts'

const spec: ToolSpec = {
  name: 'tool',
  overview: 'A test tool',
  usage: '[options] <input file>',
  options: [
    { name: 'help', description: 'Display available options', category: 'Generic Options' },
    { name: 'o', valueName: 'filename', description: 'Output filename', category: 'General options' },
    { name: 'pass-pipeline', valueName: 'string', description: 'A pipeline', category: 'General options' },
    { name: 'verify-each', description: 'Verify after each pass', category: 'General options' },
  ],
  maxPositionals: 1,
}

describe('parseCommandLine', () => {
  it('reads values after = or as the next argument', () => {
    const result = parseCommandLine(spec, ['-o', 'out.mlir', '--pass-pipeline=builtin.module(cse)', 'in.mlir'])
    expect(result).toEqual({
      ok: true,
      value: {
        options: new Map([
          ['o', 'out.mlir'],
          ['pass-pipeline', 'builtin.module(cse)'],
        ]),
        positionals: ['in.mlir'],
        extra: [],
      },
    })
  })

  it('treats - as a positional and everything after -- as positionals', () => {
    expect(parseCommandLine(spec, ['-'])).toMatchObject({ ok: true, value: { positionals: ['-'] } })
    expect(parseCommandLine(spec, ['--', '--help'])).toMatchObject({ ok: true, value: { positionals: ['--help'] } })
  })

  it('reports a missing value as llvm::cl does', () => {
    expect(parseCommandLine(spec, ['-o'])).toEqual({ ok: false, message: 'tool: for the -o option: requires a value!' })
  })

  it('never throws and accepts every flag in both spellings', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('help', 'verify-each')), fc.boolean(), (flags, doubleDash) => {
        const argv = flags.map((f) => (doubleDash ? `--${f}` : `-${f}`))
        const result = parseCommandLine(spec, argv)
        expect(result.ok).toBe(true)
        if (result.ok) {
          expect([...result.value.options.keys()].sort()).toEqual([...new Set(flags)].sort())
        }
      }),
    )
    fc.assert(
      fc.property(fc.array(fc.string()), (argv) => {
        expect(typeof parseCommandLine(spec, argv).ok).toBe('boolean')
      }),
    )
  })
})

describe('formatHelp', () => {
  it('aligns descriptions on the longest option and sorts categories and options', () => {
    expect(formatHelp(spec)).toBe(
      [
        'OVERVIEW: A test tool',
        '',
        'USAGE: tool [options] <input file>',
        '',
        'OPTIONS:',
        '',
        'General options:',
        '',
        '  -o <filename>            - Output filename',
        '  --pass-pipeline=<string> - A pipeline',
        '  --verify-each            - Verify after each pass',
        '',
        'Generic Options:',
        '',
        '  --help                   - Display available options',
        '',
      ].join('\n'),
    )
  })
})

describe('parseCommandLine extensions', () => {
  const ext: ToolSpec = {
    ...spec,
    options: [
      ...spec.options,
      { name: 'split-input-file', valueName: 'string', valueOptional: true, description: 'Split', category: 'General options' },
      { name: 'flag', kind: 'bool', description: 'A bool', category: 'General options' },
      { name: 'n', valueName: 'uint', kind: 'uint', description: 'A number', category: 'General options' },
    ],
    extraOption: (name) => (name === 'p' ? 'value' : name === 'cse' ? 'flag' : undefined),
  }

  it('reads optional values only after =', () => {
    expect(parseCommandLine(ext, ['--split-input-file', 'in.mlir'])).toMatchObject({
      ok: true,
      value: { options: new Map([['split-input-file', true]]), positionals: ['in.mlir'] },
    })
    expect(parseCommandLine(ext, ['-split-input-file=//x'])).toMatchObject({
      ok: true,
      value: { options: new Map([['split-input-file', '//x']]) },
    })
  })

  it('keeps explicit false bool values and checks numbers', () => {
    expect(parseCommandLine(ext, ['--flag=false'])).toMatchObject({ ok: true, value: { options: new Map([['flag', 'false']]) } })
    expect(parseCommandLine(ext, ['--flag=1'])).toMatchObject({ ok: true, value: { options: new Map([['flag', true]]) } })
    expect(parseCommandLine(ext, ['--n=x'])).toEqual({
      ok: false,
      message: "tool: for the -n option: 'x' value invalid for uint argument!",
    })
  })

  it('routes run-time options to extra, with separate values', () => {
    expect(parseCommandLine(ext, ['-p', 'builtin.module(cse)', '--cse', 'in.mlir', '--cse=a=1'])).toMatchObject({
      ok: true,
      value: { positionals: ['in.mlir'], extra: ['-p', 'builtin.module(cse)', '--cse', '--cse=a=1'] },
    })
  })

  it('suggests the nearest option for an unknown one', () => {
    expect(parseCommandLine(ext, ['--split-input-fil'])).toEqual({
      ok: false,
      message: "tool: Unknown command line argument '--split-input-fil'.  Try: 'tool --help'\ntool: Did you mean '--split-input-file'?",
    })
  })
})
