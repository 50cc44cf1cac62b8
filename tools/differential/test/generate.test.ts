import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { firstDifference, joinModules, splitOutput } from '../src/compare.ts'
import { allFeatures } from '../src/features.ts'
import { generateModule } from '../src/generate.ts'
import { applyFeatureSpec } from '../src/options.ts'
import { Random, moduleSeed } from '../src/Random.ts'

const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'

describe('Random', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = new Random(42)
    const b = new Random(42)
    const c = new Random(43)
    const xs = [a.u32(), a.u32(), a.u32()]
    expect([b.u32(), b.u32(), b.u32()]).toEqual(xs)
    expect([c.u32(), c.u32(), c.u32()]).not.toEqual(xs)
  })

  it('keeps int() within its bounds', () => {
    const rng = new Random(1)
    for (let i = 0; i < 1000; i++) {
      const n = rng.int(-3, 5)
      expect(n).toBeGreaterThanOrEqual(-3)
      expect(n).toBeLessThanOrEqual(5)
    }
  })

  it('derives distinct module seeds', () => {
    expect(new Set([0, 1, 2, 3].map((i) => moduleSeed(1, i))).size).toBe(4)
  })
})

describe('generateModule', () => {
  it('produces the same text for the same seed', () => {
    expect(generateModule(123, allFeatures())).toBe(generateModule(123, allFeatures()))
    expect(generateModule(123, allFeatures())).not.toBe(generateModule(124, allFeatures()))
  })

  it('leaves out disabled features', () => {
    const features = applyFeatureSpec(allFeatures(), 'all,-scfFor,-scfIf,-scfWhile,-scfIndexSwitch,-scfExecuteRegion,-locations,-blockArgLocations,-unregistered')
    if (typeof features === 'string') {
      throw new Error(features)
    }
    for (let seed = 0; seed < 40; seed++) {
      const text = generateModule(seed, features)
      expect(text).not.toMatch(/scf\./)
      expect(text).not.toMatch(/ loc\(/)
      expect(text).not.toMatch(/"foo\.|"test\./)
    }
  })

  it('generates memref dialect ops only with the memrefOps feature', () => {
    const without = applyFeatureSpec(allFeatures(), 'all,-memrefOps')
    if (typeof without === 'string') {
      throw new Error(without)
    }
    let withOps = ''
    for (let seed = 0; seed < 40; seed++) {
      expect(generateModule(seed, without)).not.toMatch(/memref\.[a-z]/)
      withOps += generateModule(seed, allFeatures())
    }
    expect(withOps).toMatch(/memref\.subview /)
    expect(withOps).toMatch(/memref\.load /)
  })

  it.skipIf(!existsSync(MLIR_OPT))('generates modules that mlir-opt accepts', () => {
    const modules: string[] = []
    for (let i = 0; i < 60; i++) {
      modules.push(generateModule(moduleSeed(99, i), allFeatures()))
    }
    const result = spawnSync(MLIR_OPT, ['--allow-unregistered-dialect', '--split-input-file', '-', '-o', '/dev/null'], {
      input: joinModules(modules),
      encoding: 'utf8',
    })
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })
})

describe('applyFeatureSpec', () => {
  it('applies items left to right and rejects unknown names', () => {
    const spec = applyFeatureSpec(allFeatures(), 'none,cf,+call,-cf')
    expect(typeof spec).toBe('object')
    if (typeof spec === 'object') {
      expect(spec.cf).toBe(false)
      expect(spec.call).toBe(true)
      expect(spec.arith).toBe(false)
    }
    expect(applyFeatureSpec(allFeatures(), '-nosuch')).toMatch(/unknown feature 'nosuch'/)
  })
})

describe('splitOutput', () => {
  it('splits --split-input-file output into chunks', () => {
    expect(splitOutput('module {\n}\n\n// -----\nmodule {\n}\n\n')).toEqual(['module {\n}\n\n', 'module {\n}\n\n'])
    expect(splitOutput('')).toEqual([''])
  })
})

describe('firstDifference', () => {
  it('is empty for equal texts', () => {
    expect(firstDifference('a\nb\n', 'a\nb\n')).toBe('')
  })

  it('shows the first differing region with context', () => {
    const diff = firstDifference('a\nb\nc\nd\ne\n', 'a\nb\nX\nd\ne\n', 1)
    expect(diff).toBe('--- mlir-opt\n+++ tilepass-opt\n@@ -2,3 +2,3 @@\n b\n-c\n+X\n d\n')
  })
})
