/**
 * `tileas.reduce`: in-thread partials over the registers that differ only along the reduced
 * dimension, a `shfl.sync` butterfly over the lane bits along it, and, when warps split the
 * dimension, one shared-memory step (each warp writes its partials, barrier, every thread
 * combines the warps' partials in warp order, barrier). The result is in the slice layout of
 * the operand's layout (or a scalar for rank-1 operands), the same in every thread that
 * holds it.
 */
import { FloatAttr, FloatType, IntegerType, type StringAttr, type Operation, type Value } from '@tilepass/ir'
import { TileASTileType, type LinearLayout } from '@tilepass/tileas-scheduler'
import type { LLVMBuilder } from './LLVMBuilder.ts'
import { registerTileOpLowering } from './TileLowering.ts'

type Combine = (l: LLVMBuilder, a: Value, b: Value) => Value

function combiner(op: Operation): Combine | null {
  const kind = (op.getAttr('kind') as StringAttr).value
  const nan = op.getAttr('propagate_nan') !== undefined
  const unsigned = op.getAttr('unsigned') !== undefined
  const name: Readonly<Record<string, string>> = {
    addf: 'llvm.fadd',
    mulf: 'llvm.fmul',
    maxf: nan ? 'llvm.intr.maximum' : 'llvm.intr.maxnum',
    minf: nan ? 'llvm.intr.minimum' : 'llvm.intr.minnum',
    addi: 'llvm.add',
    muli: 'llvm.mul',
    maxi: unsigned ? 'llvm.intr.umax' : 'llvm.intr.smax',
    mini: unsigned ? 'llvm.intr.umin' : 'llvm.intr.smin',
    andi: 'llvm.and',
    ori: 'llvm.or',
    xori: 'llvm.xor',
  }
  const n = name[kind]
  return n === undefined ? null : (l, a, b) => l.v(n, [a, b], a.type)
}

const key = (c: readonly number[]): string => c.join(',')

registerTileOpLowering('tileas.reduce', (op, cx) => {
  const st = op.getOperand(0).type as TileASTileType
  const rt = op.getResult(0).type
  const dim = Number((op.getAttr('dim') as unknown as { value: bigint }).value)
  const combine = combiner(op)
  const et = st.elementType
  const isI1 = et instanceof IntegerType && et.width === 1
  if (combine === null || isI1) {
    return cx.fail(op, 'this reduce is not supported by tilepass-compile yet')
  }
  const l = cx.llvm
  const src = cx.layoutOf(st)
  const res: LinearLayout | null = rt instanceof TileASTileType ? cx.layoutOf(rt) : null
  const drop = (c: readonly number[]): number[] => c.filter((_, d) => d !== dim)
  // Result register of each projected source coordinate.
  const resultIndex = new Map<string, number>()
  const numOut = res === null ? 1 : res.numRegs
  for (let j = 0; j < numOut; j++) {
    resultIndex.set(res === null ? '' : key(res.regCoord(j)), j)
  }
  const threadsMatch =
    res === null ||
    (res.laneBases.every((b, i) => key(b) === key(src.laneBases[i]![dim] === 0 ? drop(src.laneBases[i]!) : drop(src.laneBases[i]!.map(() => 0)))) &&
      res.warpBases.every((b, i) => key(b) === key(src.warpBases[i]![dim] === 0 ? drop(src.warpBases[i]!) : drop(src.warpBases[i]!.map(() => 0)))))
  if (!threadsMatch) {
    return cx.fail(op, 'the result layout of this reduce is not supported by tilepass-compile yet')
  }
  // 1. In-thread partials, in register order.
  const regs = cx.regs(op.getOperand(0))
  const partial: (Value | undefined)[] = new Array<Value | undefined>(numOut)
  for (let r = 0; r < src.numRegs; r++) {
    const j = resultIndex.get(res === null ? '' : key(drop(src.regCoord(r))))
    if (j === undefined) {
      return cx.fail(op, 'the result layout of this reduce is not supported by tilepass-compile yet')
    }
    const p = partial[j]
    partial[j] = p === undefined ? regs[r]! : combine(l, p, regs[r]!)
  }
  const identity = op.getAttr('identity')
  const out = partial.map((p) => p ?? l.constant(et, identity instanceof FloatAttr ? identity.value : Number((identity as unknown as { value: bigint }).value)))
  // 2. Butterfly over the lane bits along the dimension.
  src.laneBases.forEach((b, i) => {
    if (b[dim] !== 0) {
      for (let j = 0; j < numOut; j++) {
        out[j] = combine(l, out[j]!, l.shflBfly(out[j]!, 1 << i))
      }
    }
  })
  // 3. Across the warps along the dimension, through shared memory.
  const warpBits = src.warpBases.map((b, i) => (b[dim] !== 0 ? i : -1)).filter((i) => i >= 0)
  if (warpBits.length > 0) {
    const groups = 1 << warpBits.length
    const outNumel = res === null ? 1 : res.shape.reduce((a, b) => a * b, 1)
    const bytes = et instanceof FloatType || et instanceof IntegerType ? et.width / 8 : 4
    const base = cx.scratch(groups * outNumel * bytes)
    // The warp's index along the dimension, times the result's element count.
    const group = cx.threadPart(
      `rgroup:${outNumel}:${src.warpBases.map((b) => b[dim]).join(',')}`,
      src.laneBases.map(() => 0),
      src.warpBases.map((b, i) => (b[dim] === 0 ? 0 : outNumel << warpBits.indexOf(i))),
    )
    const thread = res === null ? l.c32(0) : cx.threadFlat(res)
    const flat = (j: number): number => (res === null ? 0 : flatIn(res.shape, res.regCoord(j)))
    const at = (j: number, g: Value | null): Value => {
      const f = flat(j)
      let idx = f === 0 ? thread : l.add(thread, l.c32(f))
      if (g !== null) {
        idx = l.add(idx, g)
      }
      return l.gep(base, idx, et)
    }
    for (let j = 0; j < numOut; j++) {
      l.store(out[j]!, at(j, group), bytes)
    }
    l.barrier()
    for (let j = 0; j < numOut; j++) {
      let acc: Value | null = null
      for (let g = 0; g < groups; g++) {
        const v = l.load(at(j, g === 0 ? null : l.c32(g * outNumel)), et, bytes)
        acc = acc === null ? v : combine(l, acc, v)
      }
      out[j] = acc!
    }
    l.barrier()
  }
  cx.setRegs(op.getResult(0), out)
  return true
})

function flatIn(shape: readonly number[], c: readonly number[]): number {
  let f = 0
  for (let d = 0; d < shape.length; d++) {
    f = f * shape[d]! + c[d]!
  }
  return f
}
