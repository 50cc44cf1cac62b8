import { describe, expect, it } from 'vitest'
import { FunctionOpInterface, StringAttr, failure, success, type Context, type Operation } from '@tilepass/ir'
import { InterfacePass, OpPassManager, OperationPass, PassInstrumentation, PassManager, type PipelineParentInfo } from '@tilepass/pass-manager'
import type { OperationName } from '@tilepass/ir'
import { captureDiagnostics, makeContext, makeModule, makeOp } from './helpers.ts'

const log: string[] = []

function symName(op: Operation): string {
  const a = op.getAttr('sym_name')
  return a instanceof StringAttr ? a.value : op.name.name
}

class ModulePass extends OperationPass {
  static override readonly argument = 'module-pass'
  static override readonly opName = 'pt.module'
  override runOnOperation(): void {
    log.push(`module-pass(${symName(this.getOperation())})`)
  }
}
class FuncA extends OperationPass {
  static override readonly argument = 'func-a'
  static override readonly opName = 'pt.func'
  override runOnOperation(): void {
    log.push(`a(${symName(this.getOperation())})`)
  }
}
class FuncB extends OperationPass {
  static override readonly argument = 'func-b'
  static override readonly opName = 'pt.func'
  override runOnOperation(): void {
    log.push(`b(${symName(this.getOperation())})`)
  }
}
class AnyPass extends OperationPass {
  static override readonly argument = 'any-pass'
  override runOnOperation(): void {
    log.push(`any(${symName(this.getOperation())})`)
  }
}
class IfacePass extends InterfacePass {
  static override readonly argument = 'iface-pass'
  static override readonly opInterface = FunctionOpInterface
  override runOnOperation(): void {
    log.push(`iface(${symName(this.getOperation())})`)
  }
}
class FailPass extends OperationPass {
  static override readonly argument = 'fail-pass'
  override runOnOperation(): void {
    log.push(`fail(${symName(this.getOperation())})`)
    this.signalPassFailure()
  }
}
class CrashPass extends OperationPass {
  static override readonly argument = 'crash-pass'
  override runOnOperation(): void {
    throw new Error('boom')
  }
}

function setup(n = 2): { ctx: Context; m: Operation; diags: string[] } {
  log.length = 0
  const ctx = makeContext()
  return { ctx, m: makeModule(ctx, n), diags: captureDiagnostics(ctx) }
}

describe('OpPassManager nesting', () => {
  it('runs a nested pipeline wholly on one op before the next', () => {
    const { ctx, m } = setup()
    const pm = new PassManager(ctx, 'pt.module')
    pm.addPass(new ModulePass())
    const fpm = pm.nest('pt.func')
    fpm.addPass(new FuncA())
    fpm.addPass(new FuncB())
    expect(pm.run(m)).toBe(true)
    expect(log).toEqual(['module-pass(pt.module)', 'a(f0)', 'b(f0)', 'a(f1)', 'b(f1)'])
  })

  it('merges adjacent nested managers before running', () => {
    const { ctx, m } = setup()
    const pm = new PassManager(ctx, 'pt.module')
    pm.addNestedPass('pt.func', new FuncA())
    pm.addNestedPass('pt.func', new FuncB())
    expect(pm.toString()).toBe('pt.module(pt.func(func-a),pt.func(func-b))')
    expect(pm.run(m)).toBe(true)
    expect(pm.toString()).toBe('pt.module(pt.func(func-a,func-b))')
    expect(log).toEqual(['a(f0)', 'b(f0)', 'a(f1)', 'b(f1)'])
  })

  it('throws on anchored passes under explicit nesting and nests them under implicit nesting', () => {
    const { ctx } = setup()
    const pm = new PassManager(ctx, 'pt.module')
    expect(() => pm.addPass(new FuncA())).toThrow(
      "Can't add pass 'FuncA' restricted to 'pt.func' on a PassManager intended to run on 'pt.module', did you intend to nest?",
    )
    const implicit = new PassManager(ctx, 'pt.module', 'implicit')
    implicit.addPass(new FuncA())
    implicit.addPass(new AnyPass())
    expect(implicit.toString()).toBe('pt.module(pt.func(func-a),any-pass)')
  })

  it('runs op-agnostic managers only on isolated ops every pass accepts', () => {
    const { ctx, m } = setup()
    const inner = makeOp(ctx, 'pt.module', m.regions[0]!.front, 1, 'inner')
    makeOp(ctx, 'pt.func', inner.regions[0]!.front, 1, 'g')
    makeOp(ctx, 'pt.region', m.regions[0]!.front, 1)
    const pm = new PassManager(ctx, 'pt.module')
    const anyPm = pm.nestAny()
    anyPm.addPass(new AnyPass())
    anyPm.addPass(new IfacePass())
    expect(pm.run(m)).toBe(true)
    expect(log).toEqual(['any(f0)', 'iface(f0)', 'any(f1)', 'iface(f1)'])
    log.length = 0
    const pm2 = new PassManager(ctx, 'pt.module')
    pm2.nestAny().addPass(new AnyPass())
    expect(pm2.run(m)).toBe(true)
    expect(log).toEqual(['any(f0)', 'any(f1)', 'any(inner)'])
  })

  it('reports scheduling errors as mlir-opt does', () => {
    const { ctx, m, diags } = setup()
    const pm = new PassManager(ctx, 'pt.module')
    pm.addPass(new IfacePass())
    expect(pm.run(m)).toBe(false)
    expect(diags).toEqual(["error: unable to schedule pass 'IfacePass' on a PassManager intended to run on 'pt.module'!"])
    diags.length = 0
    const wrong = new PassManager(ctx, 'pt.func')
    expect(wrong.run(m)).toBe(false)
    expect(diags).toEqual(["error: can't run 'pt.func' pass manager on 'pt.module' op"])
    diags.length = 0
    const any = new PassManager(ctx, 'any')
    any.addPass(new FuncA())
    expect(any.run(m)).toBe(false)
    expect(diags).toEqual(["error: 'pt.module' op trying to schedule pass 'FuncA' on an unsupported operation"])
  })

  it('stops the pipeline at the first failing pass (siblings still run their pipelines)', () => {
    const { ctx, m } = setup()
    const pm = new PassManager(ctx, 'pt.module')
    const fpm = pm.nest('pt.func')
    fpm.addPass(new FuncA())
    fpm.addPass(new FailPass())
    fpm.addPass(new FuncB())
    pm.addPass(new ModulePass())
    expect(pm.run(m)).toBe(false)
    expect(log).toEqual(['a(f0)', 'fail(f0)', 'a(f1)', 'fail(f1)'])
  })

  it('turns an exception into a failure through the crash handler', () => {
    const { ctx, m, diags } = setup()
    const pm = new PassManager(ctx, 'pt.module')
    pm.addPass(new CrashPass())
    pm.addPass(new ModulePass())
    expect(pm.run(m)).toBe(false)
    expect(diags).toEqual(["error: pass 'crash-pass' crashed: boom"])
    expect(log).toEqual([])
    const seen: string[] = []
    pm.crashHandler = (pass, op, error) => seen.push(`${pass.argument} on ${op.name.name}: ${(error as Error).message}`)
    expect(pm.run(m)).toBe(false)
    expect(seen).toEqual(['crash-pass on pt.module: boom'])
  })

  it('verifies after each pass unless disabled or all analyses are preserved', () => {
    const { ctx, m } = setup()
    const verified: string[] = []
    const pm = new PassManager(ctx, 'pt.module', 'explicit', (op, recursive) => {
      verified.push(`${symName(op)}${recursive ? '' : ' (shallow)'}`)
      return symName(op) === 'f1' ? failure() : success()
    })
    pm.addNestedPass('pt.func', new FuncA())
    expect(pm.run(m)).toBe(false)
    expect(verified).toEqual(['f0', 'f1'])
    expect(log).toEqual(['a(f0)', 'a(f1)'])
    verified.length = 0
    pm.enableVerifier(false)
    expect(pm.run(m)).toBe(true)
    expect(verified).toEqual([])
  })

  it('skips verification after a pass that left the IR unchanged, but still invalidates its analyses', () => {
    const { ctx, m } = setup()
    const verified: string[] = []
    const pm = new PassManager(ctx, 'pt.module', 'explicit', (op) => {
      verified.push(symName(op))
      return success()
    })
    class Analysis {
      static count = 0
      constructor() {
        Analysis.count++
      }
    }
    class Unchanged extends OperationPass {
      static override readonly argument = 'unchanged'
      static override readonly opName = 'pt.func'
      override runOnOperation(): void {
        this.getAnalysis(Analysis)
        this.markIRUnchanged()
      }
    }
    const nested = pm.nest('pt.func')
    nested.addPass(new Unchanged())
    nested.addPass(new Unchanged())
    expect(pm.run(m)).toBe(true)
    // Only the adaptor's op is verified (shallowly), never a function.
    expect(verified).toEqual(['pt.module'])
    // Each run computed the analysis again: nothing was preserved.
    expect(Analysis.count).toBe(4)
  })

  it('initializes passes once per run and aborts when initialization fails', () => {
    const { ctx, m } = setup()
    let inits = 0
    class InitPass extends OperationPass {
      static override readonly argument = 'init-pass'
      static override readonly opName = 'pt.func'
      static fail = false
      override initialize(_ctx: Context): boolean {
        inits++
        return InitPass.fail ? failure() : success()
      }
      override runOnOperation(): void {
        log.push('run')
      }
    }
    const pm = new PassManager(ctx, 'pt.module')
    pm.addNestedPass('pt.func', new InitPass())
    expect(pm.run(m)).toBe(true)
    expect(inits).toBe(1)
    expect(pm.run(m)).toBe(true)
    expect(inits).toBe(2)
    InitPass.fail = true
    log.length = 0
    expect(pm.run(m)).toBe(false)
    expect(log).toEqual([])
  })

  it('loads dependent dialects before running', () => {
    const { ctx, m } = setup()
    class DepPass extends OperationPass {
      static override readonly argument = 'dep-pass'
      static override readonly dependentDialects = ['pu']
      override runOnOperation(): void {}
    }
    const pm = new PassManager(ctx, 'pt.module')
    pm.addPass(new DepPass())
    expect(ctx.getLoadedDialect('pu')).toBeUndefined()
    expect(pm.run(m)).toBe(true)
    expect(ctx.getLoadedDialect('pu')).toBeDefined()
  })

  it('clones pass managers into independent copies', () => {
    const pm = new OpPassManager('pt.module')
    pm.nest('pt.func').addPass(new FuncA())
    const copy = pm.clone()
    copy.addPass(new ModulePass())
    expect(pm.toString()).toBe('pt.module(pt.func(func-a))')
    expect(copy.toString()).toBe('pt.module(pt.func(func-a),module-pass)')
  })
})

describe('finalizing the pass list', () => {
  it('checks the passes again once one is added after a run', () => {
    const { ctx, m, diags } = setup()
    const pm = new PassManager(ctx, 'pt.module')
    pm.addPass(new ModulePass())
    expect(pm.run(m)).toBe(true)
    // Behind `addPass`'s back: a pass anchored elsewhere, which finalizing rejects.
    pm.passList.push(new FuncA())
    expect(pm.run(m)).toBe(false)
    expect(diags.join('\n')).toContain("unable to schedule pass 'FuncA' on a PassManager intended to run on 'pt.module'!")
  })
})

describe('dynamic pipelines', () => {
  class DynamicPass extends OperationPass {
    static override readonly argument = 'dynamic'
    static override readonly opName = 'pt.module'
    static target: 'self' | 'nested' | 'parent' = 'nested'
    override runOnOperation(): void {
      const op = this.getOperation()
      if (DynamicPass.target === 'parent') {
        const dyn = new OpPassManager('pt.module')
        if (!this.runPipeline(dyn, op.parentOp!)) {
          this.signalPassFailure()
        }
        return
      }
      if (DynamicPass.target === 'self') {
        const dyn = new OpPassManager('pt.module')
        dyn.nest('pt.func').addPass(new FuncB())
        if (!this.runPipeline(dyn, op)) {
          this.signalPassFailure()
        }
        return
      }
      for (const f of op.regions[0]!.front.operations) {
        const dyn = new OpPassManager('pt.func')
        dyn.addPass(new FuncA())
        if (!this.runPipeline(dyn, f)) {
          this.signalPassFailure()
        }
      }
    }
  }

  it('runs on the current op or nested ops, with instrumentation', () => {
    const { ctx, m } = setup()
    const events: string[] = []
    class Recorder extends PassInstrumentation {
      override runBeforePipeline(name: OperationName | null, info: PipelineParentInfo): void {
        events.push(`pipeline ${name?.name ?? 'any'} from ${info.parentPass.argument || info.parentPass.name}`)
      }
      override runBeforePass(pass: OperationPass, op: Operation): void {
        events.push(`${pass.argument || 'adaptor'} on ${symName(op)}`)
      }
    }
    const pm = new PassManager(ctx, 'pt.module')
    pm.addInstrumentation(new Recorder())
    pm.addPass(new DynamicPass())
    DynamicPass.target = 'nested'
    expect(pm.run(m)).toBe(true)
    expect(log).toEqual(['a(f0)', 'a(f1)'])
    expect(events).toEqual(['dynamic on pt.module', 'pipeline pt.func from dynamic', 'func-a on f0', 'pipeline pt.func from dynamic', 'func-a on f1'])
    log.length = 0
    DynamicPass.target = 'self'
    expect(pm.run(m)).toBe(true)
    expect(log).toEqual(['b(f0)', 'b(f1)'])
  })

  it('rejects ops outside the current op', () => {
    const { ctx, diags } = setup()
    const outer = makeOp(ctx, 'pt.module', null, 1)
    const inner = makeModule(ctx, 1)
    outer.regions[0]!.front.append(inner)
    const pm = new PassManager(ctx, 'pt.module')
    pm.nest('pt.module').addPass(new DynamicPass())
    DynamicPass.target = 'parent'
    expect(pm.run(outer)).toBe(false)
    expect(diags).toEqual(["error: 'pt.module' op Trying to schedule a dynamic pipeline on an operation that isn't nested under the current operation the pass is processing"])
  })

  it('counts the pass executions that may change the IR, so a pass can tell a pipeline changed nothing', () => {
    const { ctx, m } = setup()
    class Unchanged extends OperationPass {
      static override readonly argument = 'unchanged'
      static override readonly opName = 'pt.func'
      override runOnOperation(): void {
        this.markIRUnchanged()
      }
    }
    const seen: string[] = []
    class Runner extends OperationPass {
      static override readonly argument = 'runner'
      static override readonly opName = 'pt.module'
      override runOnOperation(): void {
        for (const f of this.getOperation().regions[0]!.front.operations) {
          for (const pass of [new Unchanged(), new FuncA()]) {
            const dyn = new OpPassManager('pt.func')
            dyn.addPass(pass)
            const before = this.numIRChanges
            this.runPipeline(dyn, f)
            seen.push(`${pass.argument}: ${this.numIRChanges - before}`)
          }
        }
      }
    }
    const pm = new PassManager(ctx, 'pt.module')
    pm.addPass(new Runner())
    expect(pm.run(m)).toBe(true)
    expect(seen).toEqual(['unchanged: 0', 'func-a: 1', 'unchanged: 0', 'func-a: 1'])
  })
})

describe('failures on sibling ops', () => {
  it('do not stop the other siblings, as in MLIR 22 (threaded or not)', () => {
    for (const threads of [true, false]) {
      const { ctx, m } = setup(3)
      ctx.multithreading = threads
      const pm = new PassManager(ctx, 'pt.module')
      pm.nest('pt.func').addPass(new FailPass())
      pm.addPass(new ModulePass())
      expect(pm.run(m)).toBe(false)
      expect(log).toEqual(['fail(f0)', 'fail(f1)', 'fail(f2)'])
    }
  })
})

describe('execution state', () => {
  class FuncBThrowsInHook extends PassInstrumentation {
    override runBeforePass(pass: OperationPass): void {
      if (pass instanceof FuncB) {
        throw new Error('hook')
      }
    }
  }
  class Outer extends OperationPass {
    static override readonly argument = 'outer'
    static override readonly opName = 'pt.module'
    override runOnOperation(): void {
      for (const f of this.getOperation().regions[0]!.front.operations) {
        const failing = new OpPassManager('pt.func')
        failing.addPass(new FailPass())
        const crashing = new OpPassManager('pt.func')
        crashing.addPass(new FuncA())
        crashing.addPass(new CrashPass())
        const throwing = new OpPassManager('pt.func')
        throwing.addPass(new FuncB())
        const results = [this.runPipeline(failing, f), this.runPipeline(crashing, f)]
        try {
          this.runPipeline(throwing, f)
        } catch (error) {
          results.push((error as Error).message === 'hook')
        }
        log.push(`outer on ${symName(this.getOperation())} after ${symName(f)}: ${results.join(' ')}`)
      }
    }
  }

  it('is each pass execution own, through failed, crashed and thrown-through nested executions', () => {
    const { ctx, m } = setup()
    const crashes: string[] = []
    const pm = new PassManager(ctx, 'pt.module')
    pm.crashHandler = (pass, op) => crashes.push(`${pass.argument} on ${symName(op)}`)
    pm.addInstrumentation(new FuncBThrowsInHook())
    pm.addPass(new Outer())
    pm.addPass(new ModulePass())
    pm.nest('pt.func').addPass(new FuncA())
    // The nested failures are the outer pass's to ignore: it does not fail, and the passes after it run.
    expect(pm.run(m)).toBe(true)
    expect(log).toEqual([
      'fail(f0)',
      'a(f0)',
      'outer on pt.module after f0: false false true',
      'fail(f1)',
      'a(f1)',
      'outer on pt.module after f1: false false true',
      'module-pass(pt.module)',
      'a(f0)',
      'a(f1)',
    ])
    expect(crashes).toEqual(['crash-pass on f0', 'crash-pass on f1'])
  })
})
