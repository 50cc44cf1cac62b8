import { describe, expect, it } from 'vitest'
import { OperationPass, PassRegistry, parsePassManagerArgs, passManagerCLOptionKind, runPassManagerFromCommandLine } from '@tilepass/pass-manager'
import { captureDiagnostics, makeContext, makeModule } from './helpers.ts'

const ran: string[] = []
class Touch extends OperationPass {
  static override readonly argument = 'touch'
  override runOnOperation(): void {
    ran.push(this.getOperation().name.name)
  }
}
class Fail extends OperationPass {
  static override readonly argument = 'fail'
  override runOnOperation(): void {
    this.signalPassFailure()
  }
}

function registry(): PassRegistry {
  const r = new PassRegistry()
  r.register(Touch)
  r.register(Fail)
  return r
}

describe('command-line arguments', () => {
  it('classifies and parses pass-manager arguments in order', () => {
    const r = registry()
    expect(passManagerCLOptionKind(r, 'p')).toBe('value')
    expect(passManagerCLOptionKind(r, 'touch')).toBe('flag')
    expect(passManagerCLOptionKind(r, 'dump-pass-pipeline')).toBe('flag')
    expect(passManagerCLOptionKind(r, 'o')).toBeUndefined()
    const parsed = parsePassManagerArgs(r, ['--touch', '-o', 'x', '--verify-each=false', '-touch=a=1', '--dump-pass-pipeline'])
    expect(parsed.options).toMatchObject({
      passPipeline: null,
      passFlags: [
        { argument: 'touch', options: '' },
        { argument: 'touch', options: 'a=1' },
      ],
      verifyEach: false,
      dumpPassPipeline: true,
    })
    expect(parsed.rest).toEqual(['-o', 'x'])
    expect(parsePassManagerArgs(r, ['-p', 'pt.module(touch)']).options?.passPipeline).toBe('pt.module(touch)')
    expect(parsePassManagerArgs(r, ['--verify-each=maybe']).error).toBe("for the --verify-each option: 'maybe' is invalid value for boolean argument! Try 0 or 1")
  })

  it('builds, dumps and runs like mlir-opt, reporting pipeline errors as diagnostics', () => {
    const ctx = makeContext()
    const m = makeModule(ctx, 1)
    const diags = captureDiagnostics(ctx)
    let stderr = ''
    const io = { stderr: (t: string) => (stderr += t) }
    ran.length = 0
    expect(runPassManagerFromCommandLine(m, registry(), ['--pass-pipeline=pt.module(touch,pt.func(touch))', '--dump-pass-pipeline'], io)).toBe(true)
    expect(ran).toEqual(['pt.module', 'pt.func'])
    expect(stderr).toBe('Pass Manager with 2 passes:\npt.module(\n  touch,\n  pt.func(\n    touch\n  )\n)\n\n')
    expect(runPassManagerFromCommandLine(m, registry(), ['--pass-pipeline=pt.module(nope)'], io)).toBe(false)
    expect(diags).toEqual(["error: MLIR Textual PassPipeline Parser:1:1: error: 'nope' does not refer to a registered pass or pass pipeline\nnope\n^\n"])
    expect(runPassManagerFromCommandLine(m, registry(), ['--fail'], io)).toBe(false)
  })
})
