import { describe, expect, it } from 'vitest'
import {
  OpPassManager,
  OperationPass,
  PassRegistry,
  PipelineErrors,
  boolOption,
  buildPassManagerFromCommandLine,
  enumOption,
  intOption,
  parsePassPipeline,
  printEntryHelp,
  stringListOption,
  type OptionValues,
} from '@tilepass/pass-manager'
import { makeContext } from './helpers.ts'

// Stand-ins with the declarations of mlir-opt's cse, canonicalize, test-module-pass and
// test-function-pass, so the expected strings can be taken verbatim from mlir-opt 22.
class CSE extends OperationPass {
  static override readonly argument = 'cse'
  static override readonly summary = 'Eliminate common sub-expressions'
  override runOnOperation(): void {}
}
const canonicalizeOptions = {
  disabledPatterns: stringListOption('disable-patterns', 'Labels of patterns that should be filtered out during application'),
  enabledPatterns: stringListOption('enable-patterns', 'Labels of patterns that should be used during application, all other patterns are filtered out'),
  maxIterations: intOption('max-iterations', 10, 'Max. iterations between applying patterns / simplifying regions', 'long'),
  maxNumRewrites: intOption('max-num-rewrites', -1, 'Max. number of pattern rewrites within an iteration', 'long'),
  regionSimplify: enumOption('region-simplify', 'normal', 'Perform control flow optimizations to the region tree', [
    { name: 'disabled', description: "Don't run any control-flow simplification." },
    { name: 'normal', description: 'Perform simple control-flow simplifications (e.g. dead args elimination).' },
    { name: 'aggressive', description: 'Perform aggressive control-flow simplification (e.g. block merging).' },
  ]),
  testConvergence: boolOption('test-convergence', false, 'Test only: Fail pass on non-convergence to detect cyclic pattern'),
  topDown: boolOption('top-down', true, 'Seed the worklist in general top-down order'),
}
class Canonicalizer extends OperationPass<OptionValues<typeof canonicalizeOptions>> {
  static override readonly argument = 'canonicalize'
  static override readonly summary = 'Canonicalize operations'
  static override readonly options = canonicalizeOptions
  override runOnOperation(): void {}
}
class TestModulePass extends OperationPass {
  static override readonly argument = 'test-module-pass'
  static override readonly summary = 'Test a module pass in the pass manager'
  static override readonly opName = 'builtin.module'
  static readonly passName = '(anonymous namespace)::TestModulePass'
  override runOnOperation(): void {}
}
class TestFunctionPass extends OperationPass {
  static override readonly argument = 'test-function-pass'
  static override readonly summary = 'Test a function pass in the pass manager'
  static override readonly opName = 'func.func'
  static readonly passName = '(anonymous namespace)::TestFunctionPass'
  override runOnOperation(): void {}
}

function makeRegistry(): PassRegistry {
  const r = new PassRegistry()
  for (const cls of [CSE, Canonicalizer, TestModulePass, TestFunctionPass]) {
    r.register(cls)
  }
  r.registerPipeline({
    argument: 'test-pm-nested-pipeline',
    description: 'Test a nested pipeline in the pass manager',
    build(pm) {
      const nested = pm.nest('builtin.module')
      nested.addPass(new TestModulePass())
      nested.addNestedPass('func.func', new TestFunctionPass())
      pm.addNestedPass('func.func', new TestFunctionPass())
    },
  })
  return r
}

/** The diagnostic text mlir-opt prints for `--pass-pipeline=<pipeline>`, or the round-tripped pipeline. */
function parse(pipeline: string): string {
  const r = parsePassPipeline(pipeline, makeRegistry(), new PipelineErrors('mlir-opt'))
  return r.pm !== null ? r.pm.toString() : `error: ${r.error}`
}

describe('textual pipelines', () => {
  it('round-trips pipelines, printing options sorted', () => {
    expect(parse('builtin.module(func.func(cse,canonicalize{max-iterations=3}),any(cse))')).toBe(
      'builtin.module(func.func(cse,canonicalize{  max-iterations=3 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}),any(cse))',
    )
    const again = parse(parse('builtin.module(func.func(cse,canonicalize{max-iterations=3}),any(cse))'))
    expect(again).toBe(parse('builtin.module(func.func(cse,canonicalize{max-iterations=3}),any(cse))'))
    expect(parse('any(cse)')).toBe('any(cse)')
    expect(parse(' builtin.module ( cse , func.func( cse ) ) ')).toBe('builtin.module(cse,func.func(cse))')
    expect(parse('builtin.module()')).toBe('builtin.module()')
  })

  // Each expected string is mlir-opt 22's message for
  //   mlir-opt f.mlir --pass-pipeline='<pipeline>'
  // minus the leading `<unknown>:0: error: ` (the diagnostic prefix the tool adds).
  it('reports syntax errors with the caret where mlir-opt puts it', () => {
    expect(parse('builtin.module(cse')).toBe("error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'")
    expect(parse('cse')).toBe("error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'")
    expect(parse('builtin.module(cse)foo')).toBe("error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'")
    expect(parse('builtin.module(func.func(cse)')).toBe(
      'error: MLIR Textual PassPipeline Parser:1:11: error: encountered unbalanced parentheses while parsing pipeline\nfunc.func(cse\n          ^\n',
    )
    expect(parse('builtin.module(foo)')).toBe("error: MLIR Textual PassPipeline Parser:1:1: error: 'foo' does not refer to a registered pass or pass pipeline\nfoo\n^\n")
    expect(parse('builtin.module(cse,)')).toBe("error: MLIR Textual PassPipeline Parser:1:5: error: '' does not refer to a registered pass or pass pipeline\ncse,\n    ^\n")
    expect(parse('builtin.module(,cse)')).toBe("error: MLIR Textual PassPipeline Parser:1:1: error: '' does not refer to a registered pass or pass pipeline\n,cse\n^\n")
    expect(parse('builtin.module(cse{max-iterations=3)')).toBe(
      "error: MLIR Textual PassPipeline Parser:1:4: error: missing closing '}' while processing pass options\ncse{max-iterations=3\n   ^\n",
    )
    expect(parse('builtin.module(cse))')).toBe(
      "error: MLIR Textual PassPipeline Parser:1:4: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline\ncse)\n   ^\n",
    )
    expect(parse('builtin.module(func.func())')).toBe(
      "error: MLIR Textual PassPipeline Parser:1:11: error: '' does not refer to a registered pass or pass pipeline\nfunc.func()\n          ^\n",
    )
    expect(parse('builtin.module(cse{a}x)')).toBe("error: MLIR Textual PassPipeline Parser:1:7: error: expected ',' after parsing pipeline\ncse{a}x\n      ^\n")
    expect(parse('builtin.module(func.func(cse)x)')).toBe(
      "error: MLIR Textual PassPipeline Parser:1:15: error: expected ',' after parsing pipeline\nfunc.func(cse)x\n              ^\n",
    )
    expect(parse('builtin.module(func.func(cse), foo(bar))')).toBe(
      "error: MLIR Textual PassPipeline Parser:1:21: error: 'bar' does not refer to a registered pass or pass pipeline\nfunc.func(cse), foo(bar)\n                    ^\n",
    )
  })

  it('reports options and anchoring problems as the "failed to add" chain', () => {
    expect(parse('builtin.module(canonicalize{foo=1})')).toBe('error: <Pass-Options-Parser>: no such option foo\n\nfailed to add `canonicalize` with options `foo=1`\n')
    expect(parse('builtin.module(func.func(test-module-pass))')).toBe(
      "error: Can't add pass '(anonymous namespace)::TestModulePass' restricted to 'builtin.module' on a PassManager intended to run on 'func.func', did you intend to nest?\n" +
        'failed to add `test-module-pass` with options ``\n' +
        'failed to add `func.func` with options `` to inner pipeline\n',
    )
    expect(parse('builtin.module(builtin.module(test-module-pass{test-option=a}))')).toBe(
      'error: <Pass-Options-Parser>: no such option test-option\n\n' +
        'failed to add `test-module-pass` with options `test-option=a`\n' +
        'failed to add `builtin.module` with options `` to inner pipeline\n',
    )
    const errors = new PipelineErrors('mlir-opt')
    const r = parsePassPipeline('builtin.module(canonicalize{max-iterations=x})', makeRegistry(), errors)
    expect(r.error).toBe('\nfailed to add `canonicalize` with options `max-iterations=x`\n')
    expect(errors.stderr).toBe("mlir-opt: for the --max-iterations option: 'x' value invalid for long argument!\n")
  })

  it('expands registered pipelines and dumps as -dump-pass-pipeline', () => {
    const r = parsePassPipeline('builtin.module(test-pm-nested-pipeline)', makeRegistry())
    expect(r.pm!.toString()).toBe('builtin.module(builtin.module(test-module-pass,func.func(test-function-pass)),func.func(test-function-pass))')
    expect(r.pm!.dump()).toBe(
      [
        'Pass Manager with 2 passes:',
        'builtin.module(',
        '  builtin.module(',
        '    test-module-pass,',
        '    func.func(',
        '      test-function-pass',
        '    )',
        '  ),',
        '  func.func(',
        '    test-function-pass',
        '  )',
        ')',
        '',
      ].join('\n'),
    )
    expect(new OpPassManager('builtin.module').dump()).toBe('Pass Manager with 0 passes:\nbuiltin.module(\n\n)\n')
  })
})

describe('registry', () => {
  it('throws at once on a missing or duplicate argument', () => {
    const r = new PassRegistry()
    class NoArg extends OperationPass {
      override runOnOperation(): void {}
    }
    class OtherCSE extends OperationPass {
      static override readonly argument = 'cse'
      override runOnOperation(): void {}
    }
    expect(() => r.register(NoArg)).toThrow(/does not define a static `argument`/)
    r.register(CSE)
    r.register(CSE)
    expect(() => r.register(OtherCSE)).toThrow(/already registered/)
    expect(r.lookupPass('cse')).toBe(CSE)
    expect(r.createPass('cse')).toBeInstanceOf(CSE)
  })

  it('lists passes as --list-passes', () => {
    const r = new PassRegistry()
    r.register(CSE)
    r.register(Canonicalizer)
    const text = r.printRegisteredPasses()
    expect(text.split('\n')[0]).toBe('Passes:')
    expect(text).toContain('  --canonicalize')
    expect(text).toContain('    =disabled')
    // `mlir-opt --list-passes`: its widest pass sets the description column to 60.
    const canonicalize = r.passes.find((e) => e.argument === 'canonicalize')!
    expect(printEntryHelp(canonicalize, 2, 60)).toBe(
      [
        '  --canonicalize                                          -   Canonicalize operations',
        '    --disable-patterns=<string>                           - Labels of patterns that should be filtered out during application',
        '    --enable-patterns=<string>                            - Labels of patterns that should be used during application, all other patterns are filtered out',
        '    --max-iterations=<long>                               - Max. iterations between applying patterns / simplifying regions',
        '    --max-num-rewrites=<long>                             - Max. number of pattern rewrites within an iteration',
        '    --region-simplify=<value>                             - Perform control flow optimizations to the region tree',
        "    =disabled                                           -   Don't run any control-flow simplification.",
        '    =normal                                             -   Perform simple control-flow simplifications (e.g. dead args elimination).',
        '    =aggressive                                         -   Perform aggressive control-flow simplification (e.g. block merging).',
        '    --test-convergence                                    - Test only: Fail pass on non-convergence to detect cyclic pattern',
        '    --top-down                                            - Seed the worklist in general top-down order',
        '',
      ].join('\n'),
    )
    expect(new OpPassManager('builtin.module').dump()).toBe('Pass Manager with 0 passes:\nbuiltin.module(\n\n)\n')
  })
})

describe('pass loaders', () => {
  /** A registry with cse and canonicalize registered by loaders, and the loaders' calls. */
  function lazyRegistry(): { r: PassRegistry; loaded: string[] } {
    const r = new PassRegistry()
    const loaded: string[] = []
    r.registerPassLoader('cse', () => {
      loaded.push('cse')
      return CSE
    })
    r.registerPassLoader('canonicalize', () => {
      loaded.push('canonicalize')
      return Canonicalizer
    })
    return { r, loaded }
  }

  it('lists and looks up a pass without loading it, and loads it once when it is needed', () => {
    const { r, loaded } = lazyRegistry()
    expect(r.passes.map((e) => e.argument)).toEqual(['canonicalize', 'cse'])
    expect(r.lookup('cse')?.kind).toBe('pass')
    expect(loaded).toEqual([])
    const result = parsePassPipeline('builtin.module(func.func(cse))', r, new PipelineErrors('mlir-opt'))
    expect(result.pm?.toString()).toBe('builtin.module(func.func(cse))')
    expect(r.createPass('cse')).toBeInstanceOf(CSE)
    expect(loaded).toEqual(['cse'])
    expect(r.lookup('canonicalize')?.description).toBe('Canonicalize operations')
    expect(loaded).toEqual(['cse', 'canonicalize'])
  })

  it('prints the same pass list as the classes registered eagerly', () => {
    const eager = new PassRegistry()
    eager.register(CSE)
    eager.register(Canonicalizer)
    expect(lazyRegistry().r.printRegisteredPasses()).toBe(eager.printRegisteredPasses())
  })

  it('rejects a loader of another pass, a duplicate argument and an empty one', () => {
    const { r } = lazyRegistry()
    // The same loader again is no duplicate (a package's registration run twice).
    const load = (): typeof CSE => CSE
    r.registerPassLoader('cse-again', load)
    r.registerPassLoader('cse-again', load)
    expect(() => r.registerPassLoader('cse', () => CSE)).toThrow("pass argument 'cse' is already registered")
    expect(() => r.registerPassLoader('', () => CSE)).toThrow('without an argument')
    r.registerPassLoader('other', () => CSE)
    expect(() => r.createPass('other')).toThrow("the loader of pass 'other' made pass 'cse'")
    r.register(CSE)
    expect(r.lookupPass('cse')).toBe(CSE)
  })
})

describe('deferred registrations', () => {
  it('run when a lookup misses or the passes are listed, once', () => {
    const r = new PassRegistry()
    r.register(CSE)
    let runs = 0
    r.registerLazily((registry) => {
      runs++
      registry.register(TestModulePass)
      registry.registerPipeline({ argument: 'test-pipeline', description: 'A test pipeline', build() {} })
    })
    expect(r.lookup('cse')?.argument).toBe('cse')
    expect(runs).toBe(0)
    expect(r.lookup('test-module-pass')?.argument).toBe('test-module-pass')
    expect(r.lookup('test-pipeline')?.kind).toBe('pipeline')
    expect(r.lookup('unknown')).toBeUndefined()
    expect(runs).toBe(1)
  })

  it('list everything they register', () => {
    const r = new PassRegistry()
    r.registerLazily((registry) => registry.register(Canonicalizer))
    expect(r.passes.map((e) => e.argument)).toEqual(['canonicalize'])
    const s = new PassRegistry()
    s.registerLazily((registry) => registry.registerPipeline({ argument: 'p', description: '', build() {} }))
    expect(s.pipelines.map((e) => e.argument)).toEqual(['p'])
    const t = new PassRegistry()
    t.registerLazily((registry) => registry.register(CSE))
    expect(t.lookupPass('cse')).toBe(CSE)
  })
})

describe('command-line seam', () => {
  it('nests flat pass flags implicitly, as mlir-opt', () => {
    const ctx = makeContext()
    const r = buildPassManagerFromCommandLine(ctx, makeRegistry(), 'builtin.module', {
      passPipeline: null,
      passFlags: [
        { argument: 'test-function-pass', options: '' },
        { argument: 'cse', options: '' },
        { argument: 'test-module-pass', options: '' },
        { argument: 'test-function-pass', options: '' },
      ],
    })
    // mlir-opt f.mlir -test-function-pass -cse -test-module-pass -test-function-pass -dump-pass-pipeline
    expect(r.pm!.dump()).toBe(
      'Pass Manager with 4 passes:\nbuiltin.module(\n  func.func(\n    test-function-pass\n  ),\n  cse,\n  test-module-pass,\n  func.func(\n    test-function-pass\n  )\n)\n',
    )
  })
  it('rejects --pass-pipeline together with pass flags, and reports flag option errors', () => {
    const ctx = makeContext()
    const both = buildPassManagerFromCommandLine(ctx, makeRegistry(), 'builtin.module', { passPipeline: 'builtin.module(cse)', passFlags: [{ argument: 'cse', options: '' }] })
    expect(both.diagnostic).toBe("'-pass-pipeline' option can't be used with individual pass options")
    const bad = buildPassManagerFromCommandLine(ctx, makeRegistry(), 'builtin.module', { passPipeline: null, passFlags: [{ argument: 'canonicalize', options: 'foo=1' }] })
    expect(bad.diagnostic).toBe('<Pass-Options-Parser>: no such option foo\n')
    const pipe = buildPassManagerFromCommandLine(ctx, makeRegistry(), 'builtin.module', { passPipeline: 'func.func(cse)', passFlags: [] })
    expect(pipe.pm!.opAnchorName).toBe('func.func')
  })
})

describe('pipelines registered without options', () => {
  it('reject options silently on flags and with the failed-to-add chain in text (mlir-opt)', () => {
    const ctx = makeContext()
    const flat = buildPassManagerFromCommandLine(ctx, makeRegistry(), 'builtin.module', {
      passPipeline: null,
      passFlags: [{ argument: 'test-pm-nested-pipeline', options: ',' }],
    })
    expect(flat.pm).toBeNull()
    expect(flat.diagnostic).toBeNull()
    expect(flat.stderr).toBe('')
    expect(parse('builtin.module(test-pm-nested-pipeline{a=1})')).toBe('error: failed to add `test-pm-nested-pipeline` with options `a=1`\n')
  })
})
