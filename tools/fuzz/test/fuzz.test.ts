import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { tilepassOptMain } from '@tilepass/cli'
import { caseArb } from '../src/cases.ts'
import { flagArgsArb, loadPasses, pipelineArgsArb, readFlags, readPasses } from '../src/commandLine.ts'
import { moduleArb } from '../src/grammar.ts'
import { runCase } from '../src/worker.ts'

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
    expect(ok).toBeGreaterThan(10)
  })

  it('a slice of cases ends cleanly', () => {
    const arb = caseArb(pipelineArgsArb(loadPasses(root)), flagArgsArb(readFlags(help())))
    for (const c of fc.sample(arb, { seed: 1, numRuns: 300 })) {
      expect(runCase({ id: 0, argv: [...c.argv, 'in.mlir'], text: c.text }).problem).toBeNull()
    }
  }, 120_000)
})
