/**
 * `tileas.dot_fma`: the exact f32 GEMM path. Each thread computes the accumulator elements it
 * holds, `c[m, n] + sum over k of a[m, k] * b[k, n]`, as a chain of `llvm.intr.fma` in k order.
 * Both operands are staged in shared memory once; then, one k at a time, every thread loads
 * the elements of `a`'s rows and `b`'s columns its accumulator elements need: layouts derived
 * from the accumulator's (its bases projected on M for `a`, on N for `b`, registers along K
 * added), so only one k step of operands is live beside the accumulators.
 */
import { FloatType, type Value } from '@tilepass/ir'
import { LinearLayout, type TileASTileType } from '@tilepass/tileas-scheduler'
import { storeToShared } from './layoutConversion.ts'
import { registerTileOpLowering } from './TileLowering.ts'

/**
 * The operand layout for the accumulator layout `c`: bases projected on `dim` (0: the rows of
 * `a`; 1: the columns of `b`), registers whose projection vanishes dropped, then `k` registers
 * along the other dimension. Returns the layout and, per accumulator register bit, the bit it
 * keeps in the operand's register index (-1 when dropped).
 */
function operandLayout(c: LinearLayout, dim: 0 | 1, k: number): { layout: LinearLayout; keep: number[] } {
  const project = (b: readonly number[]): number[] => (dim === 0 ? [b[0]!, 0] : [0, b[1]!])
  const regBases: number[][] = []
  const keep: number[] = []
  for (const b of c.regBases) {
    const p = project(b)
    if (p[0] === 0 && p[1] === 0) {
      keep.push(-1)
    } else {
      keep.push(regBases.length)
      regBases.push(p)
    }
  }
  for (let step = 1; step < k; step *= 2) {
    regBases.push(dim === 0 ? [0, step] : [step, 0])
  }
  const shape = dim === 0 ? [c.shape[0]!, k] : [k, c.shape[1]!]
  return { layout: new LinearLayout(shape, regBases, c.laneBases.map(project), c.warpBases.map(project)), keep }
}

function operandIndex(keep: readonly number[], kept: number, r: number, k: number): number {
  let index = 0
  for (let bit = 0; bit < keep.length; bit++) {
    if (keep[bit]! >= 0 && ((r >> bit) & 1) !== 0) {
      index |= 1 << keep[bit]!
    }
  }
  return index | (k << kept)
}

registerTileOpLowering('tileas.dot_fma', (op, cx) => {
  const at = op.getOperand(0).type as TileASTileType
  const bt = op.getOperand(1).type as TileASTileType
  const ct = op.getOperand(2).type as TileASTileType
  const [m, k] = at.shape as [number, number]
  const n = bt.shape[1]!
  if ((k & (k - 1)) !== 0) {
    return cx.fail(op, `dot_fma with K = ${k} (not a power of two) is not supported by tilepass-compile yet`)
  }
  const l = cx.llvm
  const f32 = FloatType.get(op.context, 'f32')
  const lc = cx.layoutOf(ct)
  const la = operandLayout(lc, 0, k)
  const lb = operandLayout(lc, 1, k)
  // Both operands go to shared memory once (a at 0, b after it), row-major.
  const base = cx.scratch((m * k + k * n) * 4)
  storeToShared(cx, cx.regs(op.getOperand(0)), f32, 4, cx.layoutOf(at), base, 0)
  storeToShared(cx, cx.regs(op.getOperand(1)), f32, 4, cx.layoutOf(bt), base, m * k)
  l.barrier()
  const threadOf = (ll: LinearLayout, cols: number, key: string): Value =>
    cx.threadPart(
      `dot_fma:${key}:${ll.shape.join('x')}:${ll.laneBases.map((b) => b.join(',')).join(';')}:${ll.warpBases.map((b) => b.join(',')).join(';')}`,
      ll.laneBases.map((b) => b[0]! * cols + b[1]!),
      ll.warpBases.map((b) => b[0]! * cols + b[1]!),
    )
  const threadA = threadOf(la.layout, k, 'a')
  const threadB = threadOf(lb.layout, n, 'b')
  const keptA = la.layout.regBases.length - Math.log2(k)
  const keptB = lb.layout.regBases.length - Math.log2(k)
  const acc = [...cx.regs(op.getOperand(2))]
  // k outermost: only this step's operands are live beside the accumulators.
  for (let kk = 0; kk < k; kk++) {
    const load = (ll: LinearLayout, index: number, thread: Value, offset: number): Value => {
      const c = ll.regCoord(index)
      const rf = offset + c[0]! * ll.shape[1]! + c[1]!
      return l.load(l.gep(base, rf === 0 ? thread : l.add(thread, l.c32(rf)), f32), f32, 4)
    }
    const aVals = new Map<number, Value>()
    const bVals = new Map<number, Value>()
    for (let r = 0; r < acc.length; r++) {
      const ia = operandIndex(la.keep, keptA, r, kk)
      const ib = operandIndex(lb.keep, keptB, r, kk)
      let x = aVals.get(ia)
      if (x === undefined) {
        x = load(la.layout, ia, threadA, 0)
        aVals.set(ia, x)
      }
      let y = bVals.get(ib)
      if (y === undefined) {
        y = load(lb.layout, ib, threadB, m * k)
        bVals.set(ib, y)
      }
      acc[r] = l.v('llvm.intr.fma', [x, y, acc[r]!], f32)
    }
  }
  // The scratch is reused by the next conversion.
  l.barrier()
  cx.setRegs(op.getResult(0), acc)
  return true
})
