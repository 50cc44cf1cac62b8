import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { Context, parseSourceString, StringAttr, succeeded, type Operation } from '@tilepass/ir'
import { CudaTileDialect } from '@tilepass/cuda-tile'
import { runKernel, TileMemory } from '../src/interpreter/index.ts'
import { corpusDir } from './bytecodeHarness.ts'

/**
 * Every entry without arguments in NVIDIA's valid dialect tests (split at `// -----`) runs
 * through the interpreter to success or to a diagnostic about undefined behaviour in the
 * test's own values; never to an internal error or an uncaught exception.
 */

const dir = corpusDir()

interface Outcome {
  readonly entries: number
  readonly succeeded: number
  readonly problems: string[]
}

function runCorpus(root: string): Outcome {
  const sub = path.join(root, 'Dialect', 'CudaTile')
  let entries = 0
  let passed = 0
  const problems: string[] = []
  for (const file of readdirSync(sub).filter((f) => f.endsWith('.mlir') && !f.includes('invalid'))) {
    const text = readFileSync(path.join(sub, file), 'utf8')
    const bounds = [0, ...Array.from(text.matchAll(/^\/\/ -----\s*$/gm), (m) => m.index), text.length]
    for (let c = 0; c + 1 < bounds.length; c++) {
      const ctx = new Context({ dialects: [CudaTileDialect] })
      const messages: string[] = []
      ctx.diagEngine.registerHandler((d) => {
        messages.push(`${file}: ${d.message}`)
        return true
      })
      const parsed = parseSourceString(text, ctx, { filename: file, bufferStart: bounds[c]!, bufferEnd: bounds[c + 1]! })
      if (parsed === null) {
        continue
      }
      const kernels: Operation[] = []
      parsed.op.walk((op) => {
        if (op.name.name === 'cuda_tile.entry' && op.numRegions === 1 && !op.getRegion(0).empty && op.getRegion(0).front.numArguments === 0) {
          kernels.push(op)
        }
      })
      for (const k of kernels) {
        const name = k.getAttr('sym_name')
        entries++
        messages.length = 0
        const ok = runKernel(parsed.op, {
          kernel: name instanceof StringAttr ? name.value : '',
          args: [],
          grid: [1],
          memory: new TileMemory(),
          maxLoopIterations: 10000,
          print: () => {},
        })
        if (succeeded(ok)) {
          passed++
        }
        problems.push(...messages)
      }
    }
  }
  return { entries, succeeded: passed, problems }
}

describe('interpreter on the conformance corpus', () => {
  it.skipIf(dir === null)('runs every argument-less entry to success or an undefined-behaviour diagnostic', () => {
    const { entries, succeeded: passed, problems } = runCorpus(dir!)
    expect(entries).toBeGreaterThan(50)
    expect(problems.filter((p) => !/undefined\)?|ran more than 10000 iterations/.test(p))).toEqual([])
    expect(passed + problems.length).toBeGreaterThanOrEqual(entries)
    expect(passed).toBeGreaterThan(entries * 0.8)
  })
})
