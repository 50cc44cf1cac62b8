import { describe, expect, it } from 'vitest'
import { Context, parseSourceString } from '@tilepass/ir'
import { registerAllDialects } from '@tilepass/dialects'
import { PassRegistry, buildPassManagerFromCommandLine, parsePassPipeline } from '@tilepass/pass-manager'
import { registerTestPasses } from '../src/testing/TestPasses.ts'

function setup(source: string): { ctx: Context; module: ReturnType<typeof parseSourceString>; registry: PassRegistry; out: string[]; err: string[]; diags: string[] } {
  const ctx = new Context({ allowUnregisteredDialects: true })
  registerAllDialects(ctx)
  const diags: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    diags.push(`${d.severity}: ${d.message}`)
    return true
  })
  const registry = new PassRegistry()
  const out: string[] = []
  const err: string[] = []
  registerTestPasses(registry, { stdout: (t) => out.push(t), stderr: (t) => err.push(t) })
  return { ctx, module: parseSourceString(source, ctx), registry, out, err, diags }
}

function run(source: string, pipeline: string): ReturnType<typeof setup> & { ok: boolean } {
  const s = setup(source)
  const r = buildPassManagerFromCommandLine(s.ctx, s.registry, 'builtin.module', { passPipeline: pipeline, passFlags: [] })
  expect(r.diagnostic).toBeNull()
  const ok = r.pm!.run(s.module!.op)
  return { ...s, ok }
}

const twoFuncs = 'func.func @a() {\n  return\n}\nfunc.func @b() {\n  return\n}\n'

describe('test passes', () => {
  it('dumps the option pipelines as mlir-opt (pipeline-options-parsing.mlir)', () => {
    const { registry, ctx } = setup(twoFuncs)
    const flag = (argument: string, options: string): string =>
      buildPassManagerFromCommandLine(ctx, registry, 'builtin.module', { passPipeline: null, passFlags: [{ argument, options }] }).pm!.dump()
    expect(flag('test-options-pass-pipeline', 'list=1 string-list=a,b enum=one')).toContain('test-options-pass{enum=one list={1} string= string-list={a,b}}')
    expect(flag('test-options-super-pass-pipeline', 'super-list={{enum=zero list=1 string=foo},{enum=one list=2 string="bar"},{enum=two list=3 string={baz}}}')).toContain(
      'test-options-super-pass{list={{enum=zero list={1} string=foo },{enum=one list={2} string=bar },{enum=two list={3} string=baz }}}',
    )
    expect(flag('test-options-super-set-ab-pipeline', 'foo=true bar=false')).toBe(
      'Pass Manager with 2 passes:\nbuiltin.module(\n  func.func(\n    test-options-pass-a\n  ),\n  func.func(\n    test-options-pass-b\n  )\n)\n',
    )
    const nested = parsePassPipeline('builtin.module(test-textual-pm-nested-pipeline)', registry)
    expect(nested.pm!.toString()).toBe('builtin.module(builtin.module(test-module-pass,func.func(test-function-pass)),func.func(test-function-pass))')
  })

  it('runs the interface pass only on functions inside any()', () => {
    const s = run('func.func @main() {\n  return\n}\nmodule @m {\n}\n', 'builtin.module(any(test-interface-pass))')
    expect(s.ok).toBe(true)
    expect(s.diags).toEqual(['remark: Executing interface pass on operation'])
  })

  it('fails with a diagnostic per function from test-pass-failure{gen-diagnostics} (full_diagnostics.mlir)', () => {
    const r = run(twoFuncs, 'builtin.module(func.func(test-pass-failure{gen-diagnostics}))')
    expect(r.ok).toBe(false)
    expect(r.diags).toEqual(['error: illegal operation', 'error: illegal operation'])
  })

  it('counts operations in test-stats-pass', () => {
    const s = setup(twoFuncs)
    const r = buildPassManagerFromCommandLine(s.ctx, s.registry, 'builtin.module', { passPipeline: 'builtin.module(test-stats-pass)', passFlags: [] })
    const pm = r.pm!
    expect(pm.run(s.module!.op)).toBe(true)
    const pass = pm.passes[0]!
    expect(pass.statistics.map((st) => `${st.name}=${st.value}`)).toEqual(['num-ops2=5', 'num-ops=5'])
  })

  it('runs dynamic pipelines on selected symbols (dynamic-pipeline*.mlir)', () => {
    const src = 'module @inner_mod1 {\n  module @foo {}\n  module @baz {}\n}\nmodule @inner_mod2 {\n}\n'
    const r = run(src, 'builtin.module(builtin.module(test-dynamic-pipeline{op-name=inner_mod1 run-on-nested-operations=1 dynamic-pipeline=test-module-pass}))')
    expect(r.ok).toBe(true)
    expect(r.err.join('')).toBe(
      "Dynamic execute 'test-module-pass' on builtin.module\nRun on nested op\nRun on module @foo {\n}\nRun on module @baz {\n}\n" +
        "Dynamic execute 'test-module-pass' on builtin.module\ndynamic-pipeline skip op name: inner_mod2\n",
    )
    const parent = run(src, 'builtin.module(builtin.module(test-dynamic-pipeline{op-name=inner_mod1 run-on-parent=1 dynamic-pipeline=test-module-pass}))')
    expect(parent.ok).toBe(true)
    expect(parent.diags).toEqual(["error: 'builtin.module' op Trying to schedule a dynamic pipeline on an operation that isn't nested under the current operation the pass is processing"])
    const empty = run(src, 'builtin.module(builtin.module(test-dynamic-pipeline))')
    expect(empty.err.join('')).toBe("Dynamic execute '' on builtin.module\nEmpty pipeline\nDynamic execute '' on builtin.module\nEmpty pipeline\n")
  })

  it('rejects an interface pass scheduled on a module, as mlir-opt', () => {
    const r = run(twoFuncs, 'builtin.module(test-interface-pass)')
    expect(r.ok).toBe(false)
    expect(r.diags).toEqual(["error: unable to schedule pass '(anonymous namespace)::TestInterfacePass' on a PassManager intended to run on 'builtin.module'!"])
  })

  it('turns test-pass-crash into a failure', () => {
    const r = run(twoFuncs, 'builtin.module(test-pass-crash)')
    expect(r.ok).toBe(false)
    expect(r.diags.length).toBe(1)
  })
})

describe('--help layout', () => {
  it('matches mlir-opt --help-hidden for test-options-pass (description column 79)', async () => {
    const { registerTestPasses } = await import('../src/testing/TestPasses.ts')
    const { PassRegistry, printEntryHelp } = await import('@tilepass/pass-manager')
    const r = new PassRegistry()
    registerTestPasses(r, { stdout: () => {}, stderr: () => {} })
    const entry = r.passes.find((e) => e.argument === 'test-options-pass')!
    expect(printEntryHelp(entry, 6, 79)).toBe([
      "      --test-options-pass                                                    -   Test options parsing capabilities",
      "        --enum=<value>                                                       - Example enum option",
      "    =zero                                                              -   Example zero value",
      "    =one                                                               -   Example one value",
      "    =two                                                               -   Example two value",
      "        --list=<int>                                                         - Example list option",
      "        --string=<string>                                                    - Example string option",
      "        --string-list=<string>                                               - Example string list option",
    ].join('\n') + '\n')
  })
})
