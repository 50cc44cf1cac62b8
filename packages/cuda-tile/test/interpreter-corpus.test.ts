import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  applyPatternsGreedily,
  Context,
  FrozenRewritePatternSet,
  parseSourceString,
  printOperation,
  StringAttr,
  succeeded,
  type Operation,
  RewritePatternSet,
} from '@tilepass/ir'
import { random } from './interpreterHarness.ts'
import { PassManager } from '@tilepass/pass-manager'
import { CudaTileTestingDialect, cudaTileOps, LoopSplitPass } from '@tilepass/cuda-tile'
import { runKernel, TileMemory } from '../src/interpreter/index.ts'
import { TileTypeInfo, typeInfo } from '../src/interpreter/TypeInfo.ts'
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
      const ctx = new Context({ dialects: [CudaTileTestingDialect] })
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
  }, 60_000)
})

/** The `// -----` chunks of a corpus file as [start, end) offsets. */
function chunks(text: string): [number, number][] {
  const bounds = [0, ...Array.from(text.matchAll(/^\/\/ -----\s*$/gm), (m) => m.index), text.length]
  return bounds.slice(1).map((end, i) => [bounds[i]!, end])
}

/**
 * Runs every entry whose arguments are all scalar tiles, three times with random values
 * (pointers get fresh buffers of 256 random elements of their pointee type); returns what
 * each run wrote, printed and reported.
 */
function observe(root: Operation, context: Context): string[] {
  const seen: string[] = []
  root.walk((op) => {
    if (op.name.name !== 'cuda_tile.entry' || op.getRegion(0).empty) {
      return
    }
    const body = op.getRegion(0).front
    const infos = Array.from({ length: body.numArguments }, (_, i) => typeInfo(body.getArgument(i).type))
    if (!infos.every((info) => info instanceof TileTypeInfo && info.shape.length === 0)) {
      return
    }
    for (const seed of [1, 2, 3]) {
      const mem = new TileMemory()
      const rnd = random(seed, -1000, 1000)
      const buffers: [string, number][] = []
      const args = (infos as TileTypeInfo[]).map((info): number => {
        const e = info.elem
        if (e.pointee !== null) {
          const b = mem.allocFrom(e.pointee.kind, Array.from({ length: 256 }, () => Math.trunc(rnd())))
          buffers.push([e.pointee.kind, b])
          return b
        }
        return e.kind === 'i1' ? Number(rnd() > 0) : e.isFloat ? rnd() : Math.trunc(rnd())
      })
      let printed = ''
      const messages: string[] = []
      const id = context.diagEngine.registerHandler((d) => {
        messages.push(d.message)
        return true
      })
      const name = op.getAttr('sym_name')
      const ok = runKernel(root, {
        kernel: name instanceof StringAttr ? name.value : '',
        args,
        grid: [2, 1, 1],
        memory: mem,
        maxLoopIterations: 10000,
        print: (t) => (printed += t),
      })
      context.diagEngine.unregisterHandler(id)
      seen.push(`${succeeded(ok)} ${messages.join('; ')} ${printed} ${buffers.map(([k, b]) => mem.read(k, b, 256).join(',')).join(' | ')}`)
    }
  })
  return seen
}

/** Parses each chunk of a corpus file, observes its kernels, transforms it and observes again. */
function differential(file: string, transform: (root: Operation, context: Context) => void): { observed: string[]; changed: number } {
  const text = readFileSync(file, 'utf8')
  const observed: string[] = []
  let changed = 0
  for (const [start, end] of chunks(text)) {
    const ctx = new Context({ dialects: [CudaTileTestingDialect] })
    const parsed = parseSourceString(text, ctx, { filename: file, bufferStart: start, bufferEnd: end })
    expect(parsed).not.toBeNull()
    const before = observe(parsed!.op, ctx)
    const printedBefore = printOperation(parsed!.op)
    transform(parsed!.op, ctx)
    changed += printOperation(parsed!.op) !== printedBefore ? 1 : 0
    expect(observe(parsed!.op, ctx)).toEqual(before)
    observed.push(...before)
  }
  return { observed, changed }
}

describe('interpreter as the oracle of cuda_tile passes', () => {
  it.skipIf(dir === null)('loop-split leaves what every kernel of its corpus test computes unchanged', () => {
    const { observed, changed } = differential(path.join(dir!, 'Transforms', 'loop_split.mlir'), (root, context) => {
      root.walk((op) => {
        if (op.name.name === 'cuda_tile.module') {
          const pm = new PassManager(context, 'cuda_tile.module')
          pm.nest('cuda_tile.entry').addPass(new LoopSplitPass())
          expect(pm.run(op)).toBe(true)
        }
      })
    })
    expect(observed.length).toBeGreaterThan(15)
    expect(observed.every((o) => o.startsWith('true'))).toBe(true)
    expect(changed).toBeGreaterThan(5)
  }, 60_000)

  it.skipIf(dir === null)('canonicalization leaves what every kernel of its corpus test computes unchanged', () => {
    const set = new RewritePatternSet(new Context())
    for (const def of cudaTileOps()) {
      def.getCanonicalizationPatterns?.(set)
    }
    const patterns = new FrozenRewritePatternSet(set)
    const { observed, changed } = differential(path.join(dir!, 'Dialect', 'CudaTile', 'canonicalize.mlir'), (root) => {
      applyPatternsGreedily(root, patterns)
    })
    expect(observed.length).toBeGreaterThan(15)
    expect(observed.every((o) => o.startsWith('true'))).toBe(true)
    expect(changed).toBeGreaterThan(5)
  }, 60_000)
})
