import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { generateBenchModule } from '../src/benchModule.ts'
import { median } from '../src/measure.ts'

const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'

describe('generateBenchModule', () => {
  it('is deterministic and reaches the requested op count', () => {
    const a = generateBenchModule(5000)
    expect(generateBenchModule(5000).text).toBe(a.text)
    expect(a.ops).toBeGreaterThanOrEqual(5000)
    expect(a.ops).toBeLessThan(5100)
  })

  it.skipIf(!existsSync(MLIR_OPT))('counts ops as mlir-opt sees them and is valid', () => {
    const module = generateBenchModule(3000)
    const result = spawnSync(MLIR_OPT, ['--allow-unregistered-dialect', '--mlir-print-op-generic', '-'], { input: module.text, encoding: 'utf8' })
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    // In generic form every op starts a line with its quoted name (after an optional result list).
    const ops = result.stdout.split('\n').filter((line) => /^\s*(%[^=]+= )?"[a-z_.]+"\(/.test(line)).length
    expect(ops).toBe(module.ops)
  })
})

describe('median', () => {
  it('takes the middle value or the mean of the two middle values', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
})
