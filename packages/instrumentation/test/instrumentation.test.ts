import { describe, expect, it } from 'vitest'
import { Block, Context, OpBuilder, StringAttr, Trait, UnknownLoc, type Operation } from '@tilepass/ir'
import { OperationPass, PassInstrumentation, PassManager, type Pass } from '@tilepass/pass-manager'
import {
  DebugCounter,
  INVALID_SCOPE_TOKEN,
  SCOPE_NAMES,
  ScopeChain,
  TimingManager,
  TimingScope,
  buildInstrumentationChain,
  enableCrashReproducerGeneration,
  enableIRPrinting,
  enableTiming,
  enterScope,
  withScope,
  type ScopeListener,
} from '@tilepass/instrumentation'

function makeContext(): Context {
  const ctx = new Context({
    dialects: [
      {
        namespace: 'it',
        ops: [
          { name: 'it.module', traits: Trait.IsolatedFromAbove | Trait.SymbolTable | Trait.NoTerminator },
          { name: 'it.func', traits: Trait.IsolatedFromAbove | Trait.Symbol | Trait.NoTerminator },
        ],
      },
    ],
  })
  ctx.loadDialect('it')
  return ctx
}

function makeModule(ctx: Context, n: number): Operation {
  const b = new OpBuilder(ctx)
  const m = b.create('it.module', UnknownLoc.get(ctx), { regions: 1 })
  m.regions[0]!.push(new Block())
  for (let i = 0; i < n; i++) {
    const f = b.create('it.func', UnknownLoc.get(ctx), { regions: 1 })
    f.regions[0]!.push(new Block())
    f.setAttr('sym_name', StringAttr.get(ctx, `f${i}`))
    m.regions[0]!.front.append(f)
  }
  return m
}

const ran: string[] = []
class FuncPass extends OperationPass {
  static override readonly argument = 'it-func'
  static override readonly opName = 'it.func'
  override runOnOperation(): void {
    const sym = this.getOperation().getAttr('sym_name')
    ran.push(sym instanceof StringAttr ? sym.value : '?')
  }
}

class ThrowPass extends OperationPass {
  static override readonly argument = 'it-throw'
  static override readonly opName = 'it.func'
  override runOnOperation(): void {
    throw new Error('boom')
  }
}

class Recorder extends PassInstrumentation implements ScopeListener {
  constructor(
    readonly tag: string,
    readonly log: string[],
  ) {
    super()
  }
  runBeforeScope(name: string): void {
    this.log.push(`${this.tag} enter ${name}`)
  }
  runAfterScope(name: string, ok: boolean): void {
    this.log.push(`${this.tag} exit ${name} ${ok}`)
  }
  override runBeforePass(pass: Pass<object>): void {
    this.log.push(`${this.tag} before ${pass.argument}`)
  }
}

describe('named scopes', () => {
  it('keeps the verbatim tileiras names, typos included', () => {
    expect(SCOPE_NAMES.TryAddConstraintToAvoidRegSpilling).toBe('ResourceConstraintBuilder::tryAddConstraintToAvoidRegSpilling')
    expect(SCOPE_NAMES.DumpTrace).toBe('DumpTraceImpl::run')
    expect(Object.keys(SCOPE_NAMES)).toHaveLength(20)
  })

  it('returns the invalid token without instrumentation, and exit is then a no-op', () => {
    const pm = new PassManager(makeContext(), 'it.module')
    const chain = ScopeChain.of(pm)
    expect(chain.enter('CompileNVVM')).toBe(INVALID_SCOPE_TOKEN)
    expect(() => chain.exit(INVALID_SCOPE_TOKEN, true)).not.toThrow()
  })

  it('reuses retired token slots, so tokens are not identities', () => {
    const pm = new PassManager(makeContext(), 'it.module')
    const log: string[] = []
    pm.addInstrumentation(new Recorder('a', log))
    const chain = ScopeChain.of(pm)
    const t1 = chain.enter(SCOPE_NAMES.CompileNVVM)
    const t2 = chain.enter(SCOPE_NAMES.TileASGenerateSchedule)
    expect(t2).not.toBe(t1)
    chain.exit(t2, true)
    const t3 = chain.enter(SCOPE_NAMES.TileASSliceAndFuse)
    expect(t3).toBe(t2)
    chain.exit(t3, true)
    chain.exit(t1, true)
    chain.exit(t1, true) // a retired token exits nothing
    expect(log).toEqual([
      'a enter CompileNVVM',
      'a enter TileASGenerateSchedule',
      'a exit TileASGenerateSchedule true',
      'a enter TileASSliceAndFuse',
      'a exit TileASSliceAndFuse true',
      'a exit CompileNVVM true',
    ])
  })

  it('always fires the exit, failed when the body throws, in reverse chain order', () => {
    const pm = new PassManager(makeContext(), 'it.module')
    const log: string[] = []
    pm.addInstrumentation(new Recorder('a', log))
    pm.addInstrumentation(new Recorder('b', log))
    expect(() =>
      withScope(pm, SCOPE_NAMES.SliceAndFuse, () => {
        throw new Error('boom')
      }),
    ).toThrow('boom')
    expect(withScope(pm, SCOPE_NAMES.RunCanonicalizer, () => 7)).toBe(7)
    {
      using guard = enterScope(pm, SCOPE_NAMES.RefreshBoxDim)
      guard.fail()
    }
    expect(log).toEqual([
      'a enter sliceAndFuse',
      'b enter sliceAndFuse',
      'b exit sliceAndFuse false',
      'a exit sliceAndFuse false',
      'a enter runCanonicalizer',
      'b enter runCanonicalizer',
      'b exit runCanonicalizer true',
      'a exit runCanonicalizer true',
      'a enter refreshBoxDim',
      'b enter refreshBoxDim',
      'b exit refreshBoxDim false',
      'a exit refreshBoxDim false',
    ])
  })

  it('shows scopes as rows of the timing tree', () => {
    const ctx = makeContext()
    const pm = new PassManager(ctx, 'it.module')
    const tm = new TimingManager()
    const root = tm.rootScope()
    enableTiming(pm, root)
    withScope(pm, SCOPE_NAMES.TileASGenerateSchedule, () => {
      withScope(pm, SCOPE_NAMES.TryAddConstraintToAvoidRegSpilling, () => undefined)
    })
    root.end()
    const names = tm
      .report()
      .split('\n')
      .slice(6, -1)
      .map((l) => l.slice(21))
    expect(names).toEqual(['TileASGenerateSchedule', '  ResourceConstraintBuilder::tryAddConstraintToAvoidRegSpilling', 'Rest', 'Total'])
  })
})

class FailPass extends OperationPass {
  static override readonly argument = 'it-fail'
  static override readonly opName = 'it.func'
  override runOnOperation(): void {
    this.signalPassFailure()
  }
}

describe('timing reports', () => {
  it('stays balanced when a nested pipeline fails', () => {
    const ctx = makeContext()
    ctx.diagEngine.registerHandler(() => true)
    const pm = new PassManager(ctx, 'it.module')
    pm.addNestedPass('it.func', new FailPass())
    const tm = new TimingManager()
    const root = tm.rootScope()
    enableTiming(pm, root)
    expect(pm.run(makeModule(ctx, 2))).toBe(false)
    root.end()
    const names = tm
      .report()
      .split('\n')
      .slice(6, -1)
      .map((l) => l.slice(21))
    expect(names).toEqual(["'it.func' Pipeline", '  FailPass', 'Rest', 'Total'])
    // The failed pipeline's timer was stopped, so its time was added.
    const adaptor = [...tm.root.children.values()][0]!
    const pipeline = [...adaptor.children.values()][0]!
    expect(pipeline.wall).toBeGreaterThan(0)
  })

  function fixedManager(options: ConstructorParameters<typeof TimingManager>[0]): TimingManager {
    const tm = new TimingManager(options)
    tm.root.wall = 4
    tm.root.cpu = 4
    const a = tm.root.nest('a', () => 'Parser')
    a.wall = 1
    a.cpu = 0.5
    const p = tm.root.nest('p', () => "'func.func' Pipeline")
    p.wall = 2
    p.cpu = 2
    const c = p.nest('c', () => 'CSE')
    c.wall = 1.5
    c.cpu = 1.5
    return tm
  }

  it('lays out the tree as mlir-opt (no user column on one thread)', () => {
    expect(fixedManager({}).report()).toBe(
      '===-------------------------------------------------------------------------===\n' +
        '                         ... Execution time report ...\n' +
        '===-------------------------------------------------------------------------===\n' +
        '  Total Execution Time: 4.0000 seconds\n\n' +
        '  ----Wall Time----  ----Name----\n' +
        '    1.0000 ( 25.0%)  Parser\n' +
        "    2.0000 ( 50.0%)  'func.func' Pipeline\n" +
        '    1.5000 ( 37.5%)    CSE\n' +
        '    1.0000 ( 25.0%)  Rest\n' +
        '    4.0000 (100.0%)  Total\n',
    )
  })

  it('lists merged timers sorted by time, the root included', () => {
    const r = fixedManager({ display: 'list', format: 'json' }).report()
    expect(r).toBe(
      '[\n' +
        '{"wall": {"duration":   4.0000, "percentage": 100.0}, "name": "root"},\n' +
        '{"wall": {"duration":   2.0000, "percentage":  50.0}, "name": "\'func.func\' Pipeline"},\n' +
        '{"wall": {"duration":   1.5000, "percentage":  37.5}, "name": "CSE"},\n' +
        '{"wall": {"duration":   1.0000, "percentage":  25.0}, "name": "Parser"},\n' +
        '{"wall": {"duration":   1.0000, "percentage":  25.0}, "name": "Rest"},\n' +
        '{"wall": {"duration":   4.0000, "percentage": 100.0}, "name": "Total"}\n' +
        ']\n',
    )
  })

  it('prints the tileiras report with the User+System column', () => {
    expect(fixedManager({ display: 'list', style: 'tileiras' }).report()).toBe(
      '===-------------------------------------------------------------------------===\n' +
        '                              Pass execution timing report\n' +
        '===-------------------------------------------------------------------------===\n' +
        '  Total Execution Time: 4.000 seconds\n\n' +
        '   ---Wall Time---   ---User+System--    Name\n' +
        "   2.000 (50.0%)     2.000 (50.0%)       'func.func' Pipeline\n" +
        '   1.500 (37.5%)     1.500 (37.5%)       CSE\n' +
        '   1.000 (25.0%)     0.500 (12.5%)       Parser\n' +
        '   4.000 (100.0%)    4.000 (100.0%)      Total\n',
    )
  })

  it('shows tileiras tree percentages relative to the parent row', () => {
    expect(fixedManager({ style: 'tileiras' }).report().split('\n').slice(6, 10)).toEqual([
      '   1.000 (25.0%)     0.500 (12.5%)       Parser',
      "   2.000 (50.0%)     2.000 (50.0%)       'func.func' Pipeline",
      '   1.500 (75.0%)     1.500 (75.0%)         CSE',
      '   4.000 (100.0%)    4.000 (100.0%)      Total',
    ])
  })

  it('a scope without a timer costs nothing', () => {
    const s = new TimingScope(null)
    expect(s.nest('x', () => 'x').timer).toBeNull()
  })
})

describe('debug counters and opt-bisect', () => {
  it('parses counters with mlir-opt messages', () => {
    expect(new DebugCounter().parse('foo')).toBe(
      'expected DebugCounter argument to have an `=` separating the counter name and value, but the provided argument was: `foo`',
    )
    expect(new DebugCounter().parse('foo-skip=x')).toBe('expected DebugCounter counter value to be numeric, but got `x`')
    expect(new DebugCounter().parse('foo-bar=1')).toBe('expected DebugCounter counter name to end with either `-skip` or `-count`, but got`foo-bar`')
  })

  it('skips then counts pass executions (mlir-opt: {2,1,2} after skipping the adaptor)', () => {
    const ctx = makeContext()
    const counter = new DebugCounter()
    expect(counter.parse('pass-execution-skip=1,pass-execution-count=2')).toBeNull()
    counter.install(ctx)
    ran.length = 0
    const pm = new PassManager(ctx, 'it.module')
    pm.addNestedPass('it.func', new FuncPass())
    expect(pm.run(makeModule(ctx, 2))).toBe(true)
    // The adaptor is the first pass-execution: skipped, so no function pass runs.
    expect(ran).toEqual([])
    expect(counter.summary()).toBe('DebugCounter counters:\npass-execution                  : {1,1,2}\n')
  })

  it('bisects pass executions, restricted to named functions', () => {
    const ctx = makeContext()
    const out: string[] = []
    ran.length = 0
    const pm = new PassManager(ctx, 'it.module')
    pm.addNestedPass('it.func', new FuncPass())
    const chain = buildInstrumentationChain(pm, { optBisect: { limit: 1, funcs: ['f1', 'f2'], verbose: true, output: (t) => out.push(t) }, trace: true })
    expect(pm.run(makeModule(ctx, 3))).toBe(true)
    expect(ran).toEqual(['f0', 'f1'])
    expect(out).toEqual([
      'BISECT: running pass (1) FuncPass on it.func (@f1)\n',
      'BISECT: NOT running pass (2) FuncPass on it.func (@f2)\n',
    ])
    // The trace sees only the passes that ran.
    expect(chain.trace!.events.filter((e) => e.name === 'FuncPass').map((e) => e.args.op)).toEqual(['it.func @f0', 'it.func @f1'])
  })
})

describe('crash reproducers', () => {
  it('are per pass manager, not per context (tileiras quirk)', () => {
    const ctx = makeContext()
    const diags: string[] = []
    ctx.diagEngine.registerHandler((d) => {
      diags.push(`${d.severity}: ${d.message}${d.notes.map((n) => ` | ${n.message}`).join('')}`)
      return true
    })
    const written: Record<string, string> = {}
    const withRepro = new PassManager(ctx, 'it.module')
    withRepro.addNestedPass('it.func', new ThrowPass())
    expect(enableCrashReproducerGeneration(withRepro, { path: 'device.mlir', writeFile: (p, t) => (written[p] = t) })).toBe(true)
    const plain = new PassManager(ctx, 'it.module')
    plain.addNestedPass('it.func', new ThrowPass())
    expect(withRepro.run(makeModule(ctx, 1))).toBe(false)
    expect(plain.run(makeModule(ctx, 1))).toBe(false)
    expect(Object.keys(written)).toEqual(['device.mlir'])
    expect(written['device.mlir']).toContain('pipeline: "it.module(it.func(it-throw))",')
    expect(diags[0]).toBe(
      "error: Failures have been detected while processing an MLIR pass pipeline | Pipeline failed while executing [`ThrowPass` on 'it.func' operation: @f0]: reproducer generated at `device.mlir`",
    )
    expect(diags[1]).toMatch(/^error: pass 'it-throw' crashed: boom/)
  })
})

describe('IR printing', () => {
  it('prints tileiras banners with the pass argument when asked', () => {
    const ctx = makeContext()
    const pm = new PassManager(ctx, 'it.module')
    pm.addNestedPass('it.func', new FuncPass())
    const out: string[] = []
    enableIRPrinting(pm, { printBefore: () => true, output: (t) => out.push(t), bannerStyle: 'tileiras', printerOptions: { printGenericOpForm: true } })
    expect(pm.run(makeModule(ctx, 1))).toBe(true)
    expect(out).toEqual(['*** IR Dump Before it-func ***\n"it.func"() ({\n^bb0:\n}) {sym_name = "f0"} : () -> ()\n'])
  })
})
