import { describe, expect, it } from 'vitest'
import { judge, parseExpectations } from '../src/expectations.ts'

const results = new Map([
  ['IR/locations.mlir', true],
  ['IR/region.mlir', false],
  ['Pass/ir-printing.mlir', true],
])

describe('parseExpectations', () => {
  it('drops comments and blank lines', () => {
    expect(parseExpectations('# header\n\nIR/locations.mlir  # roundtrip\n  Pass/ir-printing.mlir\n')).toEqual([
      'IR/locations.mlir',
      'Pass/ir-printing.mlir',
    ])
  })
})

describe('judge', () => {
  it('passes when every listed file passes, and names the unlisted passes', () => {
    const verdict = judge(results, ['IR/locations.mlir'], false)
    expect(verdict.ok).toBe(true)
    expect(verdict.newlyPassing).toEqual(['Pass/ir-printing.mlir'])
  })

  it('fails when a listed file fails', () => {
    const verdict = judge(results, ['IR/region.mlir'], false)
    expect(verdict.ok).toBe(false)
    expect(verdict.regressions).toEqual(['IR/region.mlir'])
  })

  it('fails on a listed file the corpus does not have', () => {
    expect(judge(results, ['IR/nope.mlir'], false).unknown).toEqual(['IR/nope.mlir'])
  })

  it('in strict mode fails on any failing file', () => {
    expect(judge(results, [], false).ok).toBe(true)
    expect(judge(results, [], true).ok).toBe(false)
  })
})
