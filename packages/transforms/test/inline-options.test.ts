import { PassRegistry, PipelineErrors, parsePassPipeline } from '@tilepass/pass-manager'
import { describe, expect, it } from 'vitest'
import { registerTransformsPasses } from '../src/index.ts'

// `inline`'s pipeline options are parsed with the pass's options, with mlir-opt 22's
// messages (checked with `mlir-opt --pass-pipeline=...`).

function parseWithErrors(pipeline: string): { ok: boolean; error: string | null; stderr: string } {
  const registry = new PassRegistry()
  registerTransformsPasses(registry)
  const errors = new PipelineErrors()
  const r = parsePassPipeline(pipeline, registry, errors)
  return { ok: r.pm !== null, error: r.error, stderr: errors.stderr }
}

describe('inline pipeline options', () => {
  it('rejects an op pipeline naming an unknown pass, with the parser message', () => {
    const r = parseWithErrors('builtin.module(inline{op-pipelines=func.func(bogus)})')
    expect(r.ok).toBe(false)
    expect(r.stderr).toBe("MLIR Textual PassPipeline Parser:1:1: error: 'bogus' does not refer to a registered pass or pass pipeline\nbogus\n^\n")
    expect(r.error).toContain('failed to add `inline` with options `op-pipelines=func.func(bogus)`')
  })

  it('rejects an op pipeline without its anchor', () => {
    const r = parseWithErrors('builtin.module(inline{op-pipelines=bogus})')
    expect(r.ok).toBe(false)
    expect(r.stderr).toBe("expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'")
  })

  it('reports a default pipeline that does not parse, and keeps the pass', () => {
    const r = parseWithErrors('builtin.module(inline{default-pipeline=canonicalize,bogus})')
    expect(r.ok).toBe(true)
    expect(r.stderr).toBe(
      "MLIR Textual PassPipeline Parser:1:14: error: 'bogus' does not refer to a registered pass or pass pipeline\ncanonicalize,bogus\n             ^\n",
    )
  })

  it('accepts well-formed op pipelines', () => {
    const r = parseWithErrors('builtin.module(inline{op-pipelines=func.func(canonicalize),func.func(cse)})')
    expect(r.ok).toBe(true)
    expect(r.stderr).toBe('')
  })
})
