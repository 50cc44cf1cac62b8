import { describe, expect, it } from 'vitest'
import {
  CallSiteLoc,
  Context,
  FileLineColLoc,
  FusedLoc,
  NameLoc,
  SourceMgr,
  SourceMgrDiagnosticHandler,
  SourceMgrDiagnosticVerifierHandler,
  UnknownLoc,
  splitInputBuffer,
  type Location,
} from '@tilepass/ir'

// Expected texts were produced by mlir-opt 22 (SourceMgrDiagnosticHandler) on the same
// sources and locations.

function setup(name: string, text: string): { ctx: Context; mgr: SourceMgr; out: () => string; flc: (l: number, c: number, f?: string) => Location } {
  const ctx = new Context()
  const mgr = new SourceMgr()
  mgr.addBuffer(text, name)
  let out = ''
  new SourceMgrDiagnosticHandler(mgr, ctx, (s) => {
    out += s
  })
  return { ctx, mgr, out: () => out, flc: (l, c, f = name) => FileLineColLoc.get(ctx, f, l, c) }
}

const RETURN = '"func.return"() : () -> () loc(callsite("n"("u9.mlir":1:3) at callsite("u9.mlir":1:5 at "u9.mlir":1:7)))\n'

describe('SourceMgrDiagnosticHandler', () => {
  it('expands tabs in the source line and the caret line', () => {
    const src = 'func.func @f() { \n\t  "foo.bar"() : () -> ()\n  return\n}\n'
    const t = setup('a.mlir', src)
    t.ctx.emitError(t.flc(2, 13), 'operation being parsed with an unregistered dialect').report()
    expect(t.out()).toBe('a.mlir:2:13: error: operation being parsed with an unregistered dialect\n' + '          "foo.bar"() : () -> ()\n' + '                   ^\n')
  })

  it('prints <unknown>:0 for unknown locations and the location itself for name-only ones', () => {
    const t = setup('u.mlir', 'x\n')
    t.ctx.emitError(UnknownLoc.get(t.ctx), "'func.return' op expects parent op 'func.func'").report()
    t.ctx.emitError(NameLoc.get('nm', UnknownLoc.get(t.ctx)), 'msg').attachNote('see current operation').report()
    expect(t.out()).toBe(
      "<unknown>:0: error: 'func.return' op expects parent op 'func.func'\n" +
        '<unknown>:0: error: loc("nm"): msg\n' +
        '<unknown>:0: note: loc("nm"): see current operation\n',
    )
  })

  it('unwinds call sites into "called from" notes and repeats the line for notes at new places', () => {
    const t = setup('u9.mlir', RETURN)
    const loc = CallSiteLoc.get(NameLoc.get('n', t.flc(1, 3)), CallSiteLoc.get(t.flc(1, 5), t.flc(1, 7)))
    t.ctx.emitError(loc, "'func.return' op expects parent op 'func.func'").attachNote('see current operation: "func.return"() : () -> ()').report()
    const line = RETURN.slice(0, -1)
    expect(t.out()).toBe(
      [
        "u9.mlir:1:3: error: 'func.return' op expects parent op 'func.func'",
        line,
        '  ^',
        'u9.mlir:1:5: note: called from',
        line,
        '    ^',
        'u9.mlir:1:7: note: called from',
        line,
        '      ^',
        'u9.mlir:1:3: note: see current operation: "func.return"() : () -> ()',
        line,
        '  ^',
        '',
      ].join('\n'),
    )
  })

  it('omits the source line for repeated note locations, unknown files and positions past the line', () => {
    const t = setup('u.mlir', 'abc\n')
    t.ctx.emitError(t.flc(1, 2), 'e').attachNote('n1', t.flc(1, 2)).report()
    t.ctx.emitError(t.flc(1, 3, 'zz.mlir'), 'e2').report()
    t.ctx.emitError(t.flc(1, 300), 'e3').report()
    t.ctx.emitError(t.flc(9, 3), 'e4').report()
    t.ctx.emitError(t.flc(1, 0), 'e5').report()
    t.ctx.emitWarning(t.flc(1, 4), 'w').report()
    expect(t.out()).toBe(
      [
        'u.mlir:1:2: error: e',
        'abc',
        ' ^',
        'u.mlir:1:2: note: n1',
        'zz.mlir:1:3: error: e2',
        'u.mlir:1:300: error: e3',
        'u.mlir:9:3: error: e4',
        'u.mlir:1:0: error: e5',
        'u.mlir:1:4: warning: w',
        'abc',
        '   ^',
        '',
      ].join('\n'),
    )
  })

  it('counts columns in UTF-8 bytes and shows non-ASCII lines without a caret', () => {
    const line = '%x = "foo.a"() { s = "éééééééééééééééééé"} : () -> i32'
    const t = setup('na4.mlir', line + '\n')
    t.ctx.emitError(t.flc(1, 60), "'func.return' op expects parent op 'func.func'").report()
    expect(t.out()).toBe(`na4.mlir:1:60: error: 'func.return' op expects parent op 'func.func'\n${line}\n`)
    expect(t.mgr.findBuffer('na4.mlir')!.findOffset(1, 60)).toBe(41)
    expect(t.mgr.findBuffer('na4.mlir')!.getColumnNumber(41)).toBe(60)
  })

  it('uses the first file location of a fused location', () => {
    const src = '"func.return"() : () -> () loc(fused["a", "u5.mlir":1:3, "u5.mlir":1:5])\n'
    const t = setup('u5.mlir', src)
    const loc = FusedLoc.get(t.ctx, [NameLoc.get('a', UnknownLoc.get(t.ctx)), t.flc(1, 3), t.flc(1, 5)])
    t.ctx.emitRemark(loc, 'r').report()
    expect(t.out()).toBe(`u5.mlir:1:3: remark: r\n${src}  ^\n`)
  })
})

function verifier(name: string, text: string): { ctx: Context; h: SourceMgrDiagnosticVerifierHandler; out: () => string; flc: (l: number, c: number) => Location } {
  const ctx = new Context()
  const mgr = new SourceMgr()
  mgr.addBuffer(text, name)
  let out = ''
  const h = new SourceMgrDiagnosticVerifierHandler(mgr, ctx, (s) => {
    out += s
  })
  return { ctx, h, out: () => out, flc: (l, c) => FileLineColLoc.get(ctx, name, l, c) }
}

describe('SourceMgrDiagnosticVerifierHandler', () => {
  it('matches designators by line, severity and substring or regex', () => {
    const src = [
      '// expected-error@+1 {{expects parent}}',
      'A',
      'B // expected-warning {{careful}} ',
      '// expected-remark@below {{re: {{[0-9]+}}}}',
      '// expected-note-re@below {{re: {{[0-9]+}}}}',
      'C',
      '// expected-error@-6 {{ignored?}}',
      'D',
      '// expected-error@above {{above}}',
      '',
    ].join('\n')
    const v = verifier('v.mlir', src)
    v.ctx.emitError(v.flc(2, 1), "'func.return' op expects parent op").report()
    v.ctx.emitWarning(v.flc(3, 1), 'be careful').report()
    v.ctx.emitError(v.flc(6, 1), 'x').attachNote('re: 42').report()
    v.ctx.emitRemark(v.flc(6, 1), 're: {{[0-9]+}} literally').report()
    v.ctx.emitError(v.flc(8, 2), 'from above').report()
    expect(v.h.verify()).toBe(false)
    expect(v.out()).toBe(
      [
        'v.mlir:6:1: error: unexpected error: x',
        'C',
        '^',
        'v.mlir:7:4: error: expected error "ignored?" was not produced',
        '// expected-error@-6 {{ignored?}}',
        '   ^~~~~~~~',
        '',
      ].join('\n'),
    )
  })

  it('reports near misses, unknown-location expectations (twice, as mlir-opt) and bad regexes', () => {
    const src = [
      '// expected-warning@+1 {{expects parent}}',
      'A',
      '// expected-note@unknown {{blah}}',
      '// expected-error-re@+1 {{bad {{[}}}}',
      '// expected-error@below {{never}} expected-error {{zz}}',
      '',
    ].join('\n')
    const v = verifier('w.mlir', src)
    v.ctx.emitError(v.flc(2, 1), 'expects parent op').report()
    v.ctx.emitError(UnknownLoc.get(v.ctx), 'somewhere').report()
    expect(v.h.verify()).toBe(false)
    v.h.dispose()
    expect(v.out()).toBe(
      [
        'w.mlir:4:4: error: invalid regex: brackets ([ ]) not balanced',
        '// expected-error-re@+1 {{bad {{[}}}}',
        '   ^~~~~~~~~',
        "w.mlir:1:4: error: 'error' diagnostic emitted when expecting a 'warning'",
        '// expected-warning@+1 {{expects parent}}',
        '   ^',
        '<unknown>:0: error: unexpected error: somewhere',
        'w.mlir:1:4: error: expected warning "expects parent" was not produced',
        '// expected-warning@+1 {{expects parent}}',
        '   ^~~~~~~~~~~~~~',
        'w.mlir:5:4: error: expected error "never}} expected-error {{zz" was not produced',
        '// expected-error@below {{never}} expected-error {{zz}}',
        '   ^~~~~~~~~~~~~~~~~~~~~~~~~~~',
        '<unknown>:0: error: expected note "blah" was not produced',
        '<unknown>:0: error: expected note "blah" was not produced',
        '',
      ].join('\n'),
    )
  })

  it('only checks that expected diagnostics appear at level only-expected', () => {
    const ctx = new Context()
    const mgr = new SourceMgr()
    mgr.addBuffer('// expected-error@+1 {{a}}\nx\n', 'o.mlir')
    let out = ''
    const h = new SourceMgrDiagnosticVerifierHandler(mgr, ctx, (s) => (out += s), 'only-expected')
    ctx.emitError(FileLineColLoc.get(ctx, 'o.mlir', 2, 1), 'a and more').report()
    ctx.emitError(FileLineColLoc.get(ctx, 'o.mlir', 1, 1), 'stray').report()
    expect(h.verify()).toBe(true)
    expect(out).toBe('')
  })
})

describe('splitInputBuffer', () => {
  function split(text: string, marker = '// -----'): { chunks: string[]; out: string } {
    const mgr = new SourceMgr()
    const buf = mgr.addBuffer(text, 'n3.mlir')
    let out = ''
    const chunks = splitInputBuffer(mgr, buf, marker, (s) => (out += s))
    return { chunks: chunks.map((c) => text.slice(c.start, c.end)), out }
  }

  it('splits on the marker and warns about near misses', () => {
    const text = '"a"() : () -> ()\n// ----\n"b"() : () -> ()\n// -----\n// ------\n"c"() : () -> ()\n'
    const r = split(text)
    expect(r.chunks).toEqual(['"a"() : () -> ()\n// ----\n"b"() : () -> ()\n', '\n', '-\n"c"() : () -> ()\n'])
    expect(r.out).toBe('n3.mlir:2:7: warning: near miss with file split marker\n// ----\n      ^\n')
  })

  it('keeps the marker tail when the input starts with it and drops an empty last chunk', () => {
    expect(split('// -----\nmodule {}\n').chunks).toEqual(['--\nmodule {}\n'])
    expect(split('').chunks).toEqual([])
    const r = split('module {}\n// -----')
    expect(r.chunks).toEqual(['module {}\n// -----'])
    expect(r.out).toBe('n3.mlir:2:7: warning: near miss with file split marker\n// -----\n      ^\n')
  })

  it('accepts custom markers', () => {
    expect(split('a\n//===\nb\n', '//===').chunks).toEqual(['a\n', '\nb\n'])
  })
})
