import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

// Expected texts below were produced by mlir-opt 22 on the same inputs.

describe('tilepass-opt driver', () => {
  it('parses, verifies and prints, ending the output with a blank line', () => {
    const io = memoryIO({ 'a.mlir': '"foo.a"() : () -> ()\n' })
    expect(main(['a.mlir', '-allow-unregistered-dialect'], io)).toBe(0)
    expect(io.out).toBe('module {\n  "foo.a"() : () -> ()\n}\n\n')
    expect(io.err).toBe('')
  })

  it('reports verifier errors with source line, caret and the op as a note', () => {
    const src = 'module {\n  %0 = "foo.def"() : () -> i32\n  "builtin.module"() ({\n    "foo.use"(%0) : (i32) -> ()\n  }) : () -> ()\n}\n'
    const io = memoryIO({ 'a3.mlir': src })
    expect(main(['a3.mlir', '--allow-unregistered-dialect'], io)).toBe(1)
    expect(io.out).toBe('')
    expect(io.err).toBe(
      [
        "a3.mlir:4:5: error: 'foo.use' op using value defined outside the region",
        '    "foo.use"(%0) : (i32) -> ()',
        '    ^',
        'a3.mlir:4:5: note: see current operation: "foo.use"(<<UNKNOWN SSA VALUE>>) : (i32) -> ()',
        'a3.mlir:3:3: note: required by region isolation constraints',
        '  "builtin.module"() ({',
        '  ^',
        '',
      ].join('\n'),
    )
  })

  it('splits the input, keeps line numbers and joins the outputs with the marker', () => {
    const src = '"foo.a"() : () -> ()\n// -----\n"foo.b"() : () -> ()\n// -----\nbad\n'
    const io = memoryIO({ 's.mlir': src })
    expect(main(['s.mlir', '-split-input-file', '-allow-unregistered-dialect'], io)).toBe(1)
    expect(io.out).toBe('module {\n  "foo.a"() : () -> ()\n}\n\n// -----\nmodule {\n  "foo.b"() : () -> ()\n}\n\n// -----\n')
    expect(io.err).toBe("s.mlir:5:1: error: custom op 'bad' is unknown (tried 'builtin.bad' as well)\nbad\n^\n")
  })

  it('accepts a custom split marker and output marker', () => {
    const src = '"foo.a"() : () -> ()\n//===\n"foo.b"() : () -> ()\n'
    const io = memoryIO({ 's.mlir': src })
    expect(main(['s.mlir', '--split-input-file=//===', '--output-split-marker=XX', '-allow-unregistered-dialect'], io)).toBe(0)
    expect(io.out).toBe('module {\n  "foo.a"() : () -> ()\n}\n\nXX\nmodule {\n  "foo.b"() : () -> ()\n}\n\n')
  })

  it('checks diagnostics with --verify-diagnostics across chunks', () => {
    const src = [
      '"foo.a"() : () -> ()',
      '// -----',
      "// expected-error@+1 {{custom op 'bad' is unknown}}",
      'bad',
      '// -----',
      '"foo.region"() ({',
      '  "foo.use"(%x) : (i32) -> ()',
      '  %x = "foo.def"() : () -> i32',
      '}) : () -> ()',
      '// -----',
      '// expected-note@unknown {{blah}}',
      'module {',
      '  "foo.x"() : () -> () loc(unknown)',
      '}',
      '// -----',
      '// expected-warning@+1 {{zz}}',
      '"foo.y"() : () -> ()',
      '',
    ].join('\n')
    const io = memoryIO({ 'a1.mlir': src })
    expect(main(['a1.mlir', '-allow-unregistered-dialect', '-split-input-file', '-verify-diagnostics'], io)).toBe(1)
    expect(io.err).toBe(
      [
        'a1.mlir:16:4: error: expected warning "zz" was not produced',
        '// expected-warning@+1 {{zz}}',
        '   ^~',
        '<unknown>:0: error: expected note "blah" was not produced',
        '<unknown>:0: error: expected note "blah" was not produced',
        '',
      ].join('\n'),
    )
    expect(io.out.split('// -----\n')).toHaveLength(5)
  })

  it('succeeds when every expected diagnostic is produced', () => {
    const src = '// expected-error@+1 {{unknown (tried}}\nbad\n'
    const io = memoryIO({ 'ok.mlir': src })
    expect(main(['ok.mlir', '--verify-diagnostics'], io)).toBe(0)
    expect(io.err).toBe('')
    expect(io.out).toBe('')
  })

  it('reports unmatched expectations even without --verify-diagnostics, keeping the exit code', () => {
    const io = memoryIO({ 'q2.mlir': '// expected-error@+1 {{zz}}\nmodule {}\n' })
    expect(main(['q2.mlir'], io)).toBe(0)
    expect(io.out).toBe('module {\n}\n\n')
    expect(io.err).toBe('q2.mlir:1:4: error: expected error "zz" was not produced\n// expected-error@+1 {{zz}}\n   ^~\n')
  })

  it('writes -o files only on success and reads standard input as <stdin>', () => {
    const io = memoryIO({ '-': 'module {}\n' })
    expect(main(['-o', 'out.mlir'], io)).toBe(0)
    expect(io.written['out.mlir']).toBe('module {\n}\n\n')
    const bad = memoryIO({ '-': 'bad\n' })
    expect(main(['-', '-o=out.mlir'], bad)).toBe(1)
    expect(bad.written['out.mlir']).toBeUndefined()
    expect(bad.err).toBe("<stdin>:1:1: error: custom op 'bad' is unknown (tried 'builtin.bad' as well)\nbad\n^\n")
  })

  it('checks option values as llvm::cl does', () => {
    const io = memoryIO({ 'n.mlir': 'module {}\n' })
    expect(main(['n.mlir', '--mlir-print-debuginfo=foo'], io)).toBe(1)
    expect(io.err).toBe("tilepass-opt: for the --mlir-print-debuginfo option: 'foo' is invalid value for boolean argument! Try 0 or 1\n")
    const io2 = memoryIO({ 'n.mlir': 'module {}\n' })
    expect(main(['n.mlir', '--verify-diagnostics=bad'], io2)).toBe(1)
    expect(io2.err).toBe("tilepass-opt: for the --verify-diagnostics option: Cannot find option named 'bad'!\n")
    const io3 = memoryIO({ 'n.mlir': 'module {}\n' })
    expect(main(['n.mlir', '--mlir-elide-elementsattrs-if-larger=abc'], io3)).toBe(1)
    expect(io3.err).toBe("tilepass-opt: for the --mlir-elide-elementsattrs-if-larger option: 'abc' value invalid for uint argument!\n")
    const io4 = memoryIO({ 'n.mlir': '"foo.a"() : () -> ()\n' })
    expect(main(['n.mlir', '--allow-unregistered-dialect=false'], io4)).toBe(1)
  })

  it('applies printer flags', () => {
    const io = memoryIO({ 'a.mlir': '"foo.a"() : () -> ()\n' })
    expect(main(['a.mlir', '-allow-unregistered-dialect', '-mlir-print-op-generic'], io)).toBe(0)
    expect(io.out).toBe('"builtin.module"() ({\n  "foo.a"() : () -> ()\n}) : () -> ()\n\n')
  })

  it('turns exceptions into an internal error and exit code 1', () => {
    const io = memoryIO({ 'a.mlir': 'module {}\n' })
    const throwing = { ...io, stdout: (): void => { throw new Error('disk full') } }
    expect(main(['a.mlir'], throwing)).toBe(1)
    expect(io.err).toMatch(/^tilepass-opt: internal error: disk full\n/)
  })

  it('routes pass flags and -p to the pass manager', () => {
    const src = 'func.func @f() {\n  return\n}\n'
    const io = memoryIO({ 'p.mlir': src })
    expect(main(['p.mlir', '-p', 'builtin.module(func.func(test-function-pass))'], io)).toBe(0)
    expect(io.out).toBe('module {\n  func.func @f() {\n    return\n  }\n}\n\n')
    const failing = memoryIO({ 'p.mlir': src })
    expect(main(['p.mlir', '--test-pass-failure'], failing)).toBe(1)
    expect(failing.out).toBe('')
  })

  it('prints remarks with the op in custom form as a note', () => {
    const io = memoryIO({ 'p1.mlir': 'func.func @f() {\n  return\n}\n' })
    expect(main(['p1.mlir', '-p', 'builtin.module(func.func(test-interface-pass))'], io)).toBe(0)
    expect(io.err).toBe(
      [
        'p1.mlir:1:1: remark: Executing interface pass on operation',
        'func.func @f() {',
        '^',
        'p1.mlir:1:1: note: see current operation: ',
        'func.func @f() {',
        '  return',
        '}',
        '',
      ].join('\n'),
    )
  })

  it('reads and parses each chunk of the input before it builds the pass pipeline, as mlir-opt does', () => {
    // When the input and the pipeline are both bad, the input's error comes first: a chunk
    // that does not parse reports only that, and a chunk that parses then reports the
    // pipeline's error. A missing input reports only itself.
    const pipeline = '--pass-pipeline=builtin.module(inline{op-pipelines=func.func(bogus)})'
    const src = 'func.func @f() {\n  "foo.bar"() : () -> ()\n  return\n}\n// -----\nfunc.func @g() {\n  return\n}\n'
    const io = memoryIO({ 'order.mlir': src })
    expect(main(['--split-input-file', pipeline, 'order.mlir'], io)).toBe(1)
    expect(io.out).toBe('// -----\n')
    expect(io.err).toBe(
      [
        'order.mlir:2:12: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used',
        '  "foo.bar"() : () -> ()',
        '           ^',
        "MLIR Textual PassPipeline Parser:1:1: error: 'bogus' does not refer to a registered pass or pass pipeline",
        'bogus',
        '^',
        '<unknown>:0: error: ',
        'failed to add `inline` with options `op-pipelines=func.func(bogus)`',
        '',
        '',
      ].join('\n'),
    )
    const missing = memoryIO({})
    expect(main([pipeline, 'missing.mlir'], missing)).toBe(1)
    expect(missing.out).toBe('')
    expect(missing.err).toBe("cannot open input file 'missing.mlir': No such file or directory\n")
  })

  it('runs the pipeline stored in the input with --run-reproducer', () => {
    const src =
      'func.func @f() {\n  return\n}\n{-#\n  external_resources: {\n    mlir_reproducer: {\n' +
      '      verify_each: true,\n      pipeline: "builtin.module(func.func(test-pass-failure))",\n' +
      '      disable_threading: true\n    }\n  }\n#-}\n'
    const io = memoryIO({ 'r.mlir': src })
    expect(main(['r.mlir', '--run-reproducer'], io)).toBe(1)
    const plain = memoryIO({ 'r.mlir': src })
    expect(main(['r.mlir'], plain)).toBe(0)
  })
})

describe('tilepass-opt on deep nests in-process', () => {
  it('parses 10,000 nested generic regions and reports the printer running out of stack as nesting, not as an internal error', () => {
    const depth = 10000
    const io = memoryIO({ 'deep.mlir': '"foo.op"() ({\n'.repeat(depth) + '}) : () -> ()\n'.repeat(depth) })
    const code = main(['--allow-unregistered-dialect', 'deep.mlir'], io)
    // On a large stack (the bin's worker) this prints; the vitest thread's stack is small.
    if (code === 0) {
      expect(io.err).toBe('')
    } else {
      expect(io.err).toBe('tilepass-opt: nesting too deep: exceeded the stack limit\n')
    }
    // Parsing and a pass alone do not recurse: no output to print is asked for here.
    const quiet = memoryIO({ 'deep.mlir': '"foo.op"() ({\n'.repeat(depth) + '}) : () -> ()\n'.repeat(depth) })
    expect(main(['--allow-unregistered-dialect', '--topological-sort', '-o', '/dev/null', 'deep.mlir'], quiet)).toBeTypeOf('number')
    expect(quiet.err).not.toContain('internal error')
  }, 60_000)
})
