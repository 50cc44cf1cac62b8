import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { extractAllSections, extractSection, replaceSection } from '../src/docSection.ts'
import { generateRedundantModule } from '../src/redundantModule.ts'

const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'

describe('generateRedundantModule', () => {
  it('is deterministic and reaches the requested op count', () => {
    const a = generateRedundantModule(5000)
    expect(generateRedundantModule(5000).text).toBe(a.text)
    expect(a.ops).toBeGreaterThanOrEqual(5000)
    expect(a.ops).toBeLessThan(5100)
  })

  it.skipIf(!existsSync(MLIR_OPT))('is valid, and cse and canonicalize both shrink it', () => {
    const module = generateRedundantModule(3000)
    const count = (args: string[]): number => {
      const r = spawnSync(MLIR_OPT, [...args, '--mlir-print-op-generic', '-'], { input: module.text, encoding: 'utf8' })
      expect(r.stderr).toBe('')
      return r.stdout.split('\n').filter((line) => /^\s*(%[^=]+= )?"[a-z_.]+"\(/.test(line)).length
    }
    expect(count([])).toBe(module.ops)
    expect(count(['--cse'])).toBeLessThan(module.ops * 0.8)
    expect(count(['--canonicalize'])).toBeLessThan(module.ops * 0.8)
  })
})

describe('doc sections', () => {
  it('replaces a section in place and keeps the rest of the document', () => {
    const doc = replaceSection('# Title\n\ntext\n', 'x', 'first')
    expect(doc).toBe('# Title\n\ntext\n\n<!-- begin section: x -->\nfirst\n<!-- end section: x -->\n')
    const again = replaceSection(`${doc}tail\n`, 'x', 'second')
    expect(again).toBe('# Title\n\ntext\n\n<!-- begin section: x -->\nsecond\n<!-- end section: x -->\ntail\n')
    expect(extractSection(again, 'x')).toBe('<!-- begin section: x -->\nsecond\n<!-- end section: x -->')
    expect(extractSection(again, 'y')).toBe('')
  })

  it('lists every section in order, so a benchmark that rewrites the document keeps the others', () => {
    const doc = replaceSection(replaceSection(replaceSection('# Title\n', 'a', 'one'), 'pass-scaling', 'two'), 'repros', 'three')
    expect(extractAllSections(`${doc}trailing text\n`)).toEqual([
      '<!-- begin section: a -->\none\n<!-- end section: a -->',
      '<!-- begin section: pass-scaling -->\ntwo\n<!-- end section: pass-scaling -->',
      '<!-- begin section: repros -->\nthree\n<!-- end section: repros -->',
    ])
    expect(extractAllSections('# no sections\n')).toEqual([])
  })
})
