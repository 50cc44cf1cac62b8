import { describe, expect, it } from 'vitest'
import { StringAttr, type Operation, type OperationName } from '@tilepass/ir'
import type { AnalysisClass } from '@tilepass/analysis'
import { OperationPass, PassInstrumentation, PassManager, type Pass, type PipelineParentInfo } from '@tilepass/pass-manager'
import { makeContext, makeModule } from './helpers.ts'

function sym(op: Operation): string {
  const a = op.getAttr('sym_name')
  return a instanceof StringAttr ? a.value : op.name.name
}
function passName(p: Pass<object>): string {
  return p.argument !== '' ? p.argument : 'adaptor'
}

class Recorder extends PassInstrumentation {
  constructor(
    private readonly tag: string,
    private readonly events: string[],
  ) {
    super()
  }
  override runBeforePipeline(name: OperationName | null, info: PipelineParentInfo): void {
    this.events.push(`${this.tag}:before-pipeline ${name?.name ?? 'any'} (${passName(info.parentPass)})`)
  }
  override runAfterPipeline(name: OperationName | null): void {
    this.events.push(`${this.tag}:after-pipeline ${name?.name ?? 'any'}`)
  }
  override runBeforePass(pass: Pass<object>, op: Operation): void {
    this.events.push(`${this.tag}:before ${passName(pass)} ${sym(op)}`)
  }
  override runAfterPass(pass: Pass<object>, op: Operation): void {
    this.events.push(`${this.tag}:after ${passName(pass)} ${sym(op)}`)
  }
  override runAfterPassFailed(pass: Pass<object>, op: Operation): void {
    this.events.push(`${this.tag}:failed ${passName(pass)} ${sym(op)}`)
  }
  override runBeforeAnalysis(name: string, _cls: AnalysisClass, op: Operation): void {
    this.events.push(`${this.tag}:before-analysis ${name} ${sym(op)}`)
  }
  override runAfterAnalysis(name: string, _cls: AnalysisClass, op: Operation): void {
    this.events.push(`${this.tag}:after-analysis ${name} ${sym(op)}`)
  }
}

class Counter {
  constructor(readonly op: Operation) {}
}

class UsesAnalysis extends OperationPass {
  static override readonly argument = 'uses-analysis'
  static override readonly opName = 'pt.func'
  override runOnOperation(): void {
    this.getAnalysis(Counter)
    this.getAnalysis(Counter)
    this.markAllAnalysesPreserved()
  }
}
class Fails extends OperationPass {
  static override readonly argument = 'fails'
  static override readonly opName = 'pt.func'
  override runOnOperation(): void {
    this.signalPassFailure()
  }
}

describe('instrumentation', () => {
  it('calls before-hooks in order and after-hooks in reverse, pipeline hooks per nested op', () => {
    const ctx = makeContext()
    const m = makeModule(ctx, 2)
    const events: string[] = []
    const pm = new PassManager(ctx, 'pt.module')
    pm.addInstrumentation(new Recorder('1', events))
    pm.addInstrumentation(new Recorder('2', events))
    pm.addNestedPass('pt.func', new UsesAnalysis())
    expect(pm.run(m)).toBe(true)
    const perFunc = (f: string): string[] => [
      '1:before-pipeline pt.func (adaptor)',
      '2:before-pipeline pt.func (adaptor)',
      `1:before uses-analysis ${f}`,
      `2:before uses-analysis ${f}`,
      `1:before-analysis Counter ${f}`,
      `2:before-analysis Counter ${f}`,
      `2:after-analysis Counter ${f}`,
      `1:after-analysis Counter ${f}`,
      `2:after uses-analysis ${f}`,
      `1:after uses-analysis ${f}`,
      '2:after-pipeline pt.func',
      '1:after-pipeline pt.func',
    ]
    expect(events).toEqual([
      '1:before adaptor pt.module',
      '2:before adaptor pt.module',
      ...perFunc('f0'),
      ...perFunc('f1'),
      '2:after adaptor pt.module',
      '1:after adaptor pt.module',
    ])
  })

  it('calls each hook only on the instrumentations that override it, in chain order', () => {
    const ctx = makeContext()
    const m = makeModule(ctx, 1)
    const events: string[] = []
    /** Observes only the end of passes, through a hook set on the instance. */
    class AfterOnly extends PassInstrumentation {
      constructor() {
        super()
        this.runAfterPass = (pass: Pass<object>, op: Operation): void => {
          events.push(`after-only ${passName(pass)} ${sym(op)}`)
        }
      }
    }
    const pm = new PassManager(ctx, 'pt.module')
    pm.addInstrumentation(new PassInstrumentation())
    pm.addInstrumentation(new Recorder('1', events))
    pm.addInstrumentation(new AfterOnly())
    pm.addInstrumentation(new PassInstrumentation())
    pm.addNestedPass('pt.func', new UsesAnalysis())
    expect(pm.run(m)).toBe(true)
    expect(events).toEqual([
      '1:before adaptor pt.module',
      '1:before-pipeline pt.func (adaptor)',
      '1:before uses-analysis f0',
      '1:before-analysis Counter f0',
      '1:after-analysis Counter f0',
      'after-only uses-analysis f0',
      '1:after uses-analysis f0',
      '1:after-pipeline pt.func',
      'after-only adaptor pt.module',
      '1:after adaptor pt.module',
    ])
  })

  it('runs a pipeline whose instrumentations override no hook as without them', () => {
    const ctx = makeContext()
    const m = makeModule(ctx, 2)
    const pm = new PassManager(ctx, 'pt.module')
    pm.addInstrumentation(new PassInstrumentation())
    pm.addNestedPass('pt.func', new Fails())
    expect(pm.getPassInstrumentor()?.size).toBe(1)
    expect(pm.run(m)).toBe(false)
  })

  it('reports failures with runAfterPassFailed up the nesting, without after-pipeline, siblings still run', () => {
    const ctx = makeContext()
    const m = makeModule(ctx, 2)
    const events: string[] = []
    const pm = new PassManager(ctx, 'pt.module')
    pm.addInstrumentation(new Recorder('1', events))
    pm.addNestedPass('pt.func', new Fails())
    expect(pm.run(m)).toBe(false)
    expect(events).toEqual([
      '1:before adaptor pt.module',
      '1:before-pipeline pt.func (adaptor)',
      '1:before fails f0',
      '1:failed fails f0',
      '1:before-pipeline pt.func (adaptor)',
      '1:before fails f1',
      '1:failed fails f1',
      '1:failed adaptor pt.module',
    ])
  })
})
