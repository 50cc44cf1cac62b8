import { bench, describe } from 'vitest'
import { DominanceInfo, StringAttr, verify, type Block, type Operation } from '@tilepass/ir'
import { IRFixture } from '../test/verifierHelpers.ts'

const NUM_FUNCS = 200
const BLOCKS_PER_FUNC = 10
const OPS_PER_BLOCK = 50

/**
 * A module of functions, each a chain of blocks whose ops use a value from the entry
 * block and the previous op: about 100,000 ops, all of them checked for dominance.
 */
function makeModule(): Operation {
  const f = new IRFixture()
  const mod = f.op('tv.module', { regions: 1 })
  const top = f.block(mod.regions[0]!)
  for (let i = 0; i < NUM_FUNCS; i++) {
    const fn = f.op('tv.func', { regions: 1 })
    fn.setAttr('sym_name', StringAttr.get(f.ctx, `f${i}`))
    top.append(fn)
    const region = fn.regions[0]!
    const blocks: Block[] = []
    for (let b = 0; b < BLOCKS_PER_FUNC; b++) {
      blocks.push(f.block(region))
    }
    const entry = f.op('tv.def', { results: [f.i32] })
    blocks[0]!.append(entry)
    for (let b = 0; b < BLOCKS_PER_FUNC; b++) {
      let prev = entry.result
      for (let k = 0; k < OPS_PER_BLOCK; k++) {
        const op = f.op('tv.use', { operands: [entry.result, prev], results: [f.i32] })
        blocks[b]!.append(op)
        prev = op.result
      }
      const next = blocks[b + 1]
      blocks[b]!.append(next === undefined ? f.op('tv.ret') : f.op('tv.br', { successors: [next] }))
    }
  }
  return mod
}

describe('verifier', () => {
  const mod = makeModule()
  bench('verify (~100k ops, 2k blocks)', () => {
    if (!verify(mod)) {
      throw new Error('module does not verify')
    }
  })
  bench('DominanceInfo: every operand of every op', () => {
    const dom = new DominanceInfo()
    mod.walk((op) => {
      for (const operand of op.operands) {
        dom.properlyDominatesValue(operand.value, op)
      }
    })
  })
})
