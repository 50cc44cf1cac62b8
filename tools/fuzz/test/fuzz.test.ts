import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tilepassOptMain } from '@tilepass/cli'
import { caseArb } from '../src/cases.ts'
import { flagArgsArb, loadPasses, pipelineArgsArb, readFlags, readPasses } from '../src/commandLine.ts'
import { moduleArb } from '../src/grammar.ts'
import { runCase } from '../src/worker.ts'
import { MemoryIO, failsSilently } from '../src/memoryIO.ts'
import { buildTileBytes, roundTripProblem, runTileCase, tileCaseArb } from '../src/tileCase.ts'
import { tileModuleArb } from '../src/tileGrammar.ts'
import { applyMutation, tileMutationArb } from '../src/tileMutations.ts'

const root = new URL('../../../', import.meta.url)

function help(): string {
  let text = ''
  tilepassOptMain(['--help'], { stdout: (t) => (text += t), stderr: () => undefined, readFile: () => '', writeFile: () => undefined })
  return text
}

describe('fuzz vocabulary', () => {
  it('reads passes with their options and driver flags with their choices', () => {
    const passes = readPasses('### `-cse`\n\n### `-canonicalize`\n\n```\n-max-iterations : Max.\n-top-down : Seed\n```\n')
    expect(passes).toEqual([
      { name: 'cse', options: [] },
      { name: 'canonicalize', options: ['max-iterations', 'top-down'] },
    ])
    expect(loadPasses(root).map((p) => p.name)).toContain('canonicalize')
    const flags = readFlags(help())
    expect(flags.find((f) => f.name === '--allow-unregistered-dialect')).toEqual({ name: '--allow-unregistered-dialect', takesValue: false, choices: [] })
    expect(flags.find((f) => f.name === '--mlir-output-format')?.choices).toEqual(['text', 'json'])
    expect(flags.some((f) => f.name === '-o' || f.name === '--help')).toBe(false)
  })
})

describe('fuzz cases', () => {
  it('a fair share of generated modules is valid IR', () => {
    let ok = 0
    const modules = fc.sample(moduleArb, { seed: 11, numRuns: 200 })
    for (const text of modules) {
      ok += runCase({ id: 0, argv: ['--allow-unregistered-dialect', 'in.mlir'], text }).rc === 0 ? 1 : 0
    }
    // About two thirds (135 of 200): literals, strides and tensor elements are steered into range.
    expect(ok).toBeGreaterThan(100)
  })

  it('a slice of cases ends cleanly', () => {
    const arb = caseArb(pipelineArgsArb(loadPasses(root)), flagArgsArb(readFlags(help())))
    for (const c of fc.sample(arb, { seed: 1, numRuns: 300 })) {
      expect(runCase({ id: 0, argv: [...c.argv, 'in.mlir'], text: c.text }).problem).toBeNull()
    }
  }, 120_000)
})

describe('bytecode cases', () => {
  const plain = (module: { text: string; version: '13.1' | '13.2' | '13.3' }) => ({ module, mutations: [], tool: 'translate' as const, flags: [] })

  it('generated modules write as bytecode of their version and read back through the round trip', () => {
    for (const module of fc.sample(tileModuleArb, { seed: 5, numRuns: 60 })) {
      const built = buildTileBytes(plain(module))
      expect(built.problem).toBeNull()
      expect([...built.bytes!.subarray(8, 10)].join('.')).toBe(module.version)
      expect(runTileCase(plain(module))).toEqual({ rc: 0, problem: null, diag: null })
    }
  }, 120_000)

  it('mutates the structure: truncation at boundaries, versions, huge varints, tables and sections', () => {
    const [module] = fc.sample(tileModuleArb, { seed: 9, numRuns: 1 })
    const bytes = buildTileBytes(plain(module!)).bytes!
    // Boundary 3 is the end of the magic.
    expect(applyMutation(bytes, { kind: 'truncate', boundary: 3 })).toEqual(bytes.subarray(0, 8))
    expect([...applyMutation(bytes, { kind: 'version', major: 250, minor: 1, tag: 0x1234 }).subarray(8, 12)]).toEqual([250, 1, 0x34, 0x12])
    // An eleven-byte varint in place of the first section's length.
    const huge = applyMutation(bytes, { kind: 'varint', site: 1, value: 'eleven', overlong: 0 })
    expect(huge.length).toBeGreaterThan(bytes.length + 9)
    // Structural mutations rewrite the directory consistently: the reader gets past it.
    const noStrings = applyMutation(bytes, { kind: 'table', section: 'string', op: 'empty', a: 0, b: 0 })
    expect(noStrings.length).toBeLessThan(bytes.length)
    const swapped = applyMutation(bytes, { kind: 'section', op: 'swap', a: 0, b: 1 })
    expect(swapped).not.toEqual(bytes)
    expect(swapped.subarray(0, 12)).toEqual(bytes.subarray(0, 12))
  })

  it('judges round trips: text that does not write back is a finding, bare hint keys (as NVIDIA prints them) are not', () => {
    const entry = (hints: string, body: string) => `cuda_tile.module @kernels {\n  entry @k()${hints} {\n${body}    return\n  }\n}\n`
    expect(roundTripProblem(entry(' optimization_hints=<sm_100 = {occupancy = 2}>', ''))).toBeNull()
    expect(roundTripProblem(entry(' optimization_hints=<sm 1 = {occupancy = 2}>', ''))).toBeNull()
    expect(roundTripProblem(entry('', '    %c = constant <i32: 99999999999> : tile<i32>\n'))).toMatch(/^round trip: the reader's output does not write back: read\.mlir:3:/)
    // Printed differently from the text given (not the reader's own output): the module changed.
    expect(roundTripProblem(entry('', '    %c = constant <i32: 1> : tile<i32>\n'))).toMatch(/^round trip: the module changed/)
  })

  it('never throws on any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), tileMutationArb, (bytes, m) => {
        applyMutation(bytes, m)
      }),
      { numRuns: 2000, seed: 3 },
    )
  })

  it('a slice of bytecode cases ends cleanly', () => {
    for (const c of fc.sample(tileCaseArb, { seed: 4, numRuns: 150 })) {
      expect(runTileCase(c).problem).toBeNull()
    }
  }, 120_000)
})

describe('judging a run', () => {
  // Found by a campaign (seed 5): canonicalize that does not converge under test-convergence
  // fails in silence, as mlir-opt 22 does (exit 1, no message): not a finding.
  const input = '%v0 = arith.constant 7 : i32\n%v4 = arith.addi %v0, %v0 : i32\n"x.use"(%v4) : (i32) -> ()\n'
  const pipeline = (options: string): string[] => ['--allow-unregistered-dialect', `--pass-pipeline=builtin.module(canonicalize{${options}})`, 'in.mlir']

  it('a silent exit 1 is clean only where test-convergence asks for it', () => {
    expect(failsSilently(pipeline('max-iterations=1 test-convergence=true'))).toBe(true)
    expect(failsSilently(pipeline('max-iterations=1 test-convergence=false'))).toBe(false)
    const run = new MemoryIO(new Map([['in.mlir', input]])).run(tilepassOptMain, pipeline('max-iterations=1 test-convergence=true'))
    expect(run).toEqual({ rc: 1, problem: null, diag: null })
    const silent = new MemoryIO(new Map()).run(() => 1, ['in.mlir'])
    expect(silent.problem).toBe('exit code 1 without any message')
  })
})
