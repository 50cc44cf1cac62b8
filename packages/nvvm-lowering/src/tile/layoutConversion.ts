/**
 * Moving tile elements between layouts and shapes: `tileas.convert_layout`, `reshape` and
 * `broadcast`. All three map each destination coordinate to one source element (identity on
 * the row-major flat index for convert_layout and reshape, dropping the broadcast
 * dimensions for broadcast), a map that is linear on the bits of the flat index. When every
 * destination lane/warp basis maps onto the same source basis, each thread already holds
 * what it needs and registers are renamed; otherwise the values go through the shared
 * scratch buffer (store by source flat index, barrier, load, barrier).
 */
import { IntegerType, type Operation, type Type, type Value } from '@tilepass/ir'
import type { TileASTileType, LinearLayout } from '@tilepass/tileas-scheduler'
import { registerTileOpLowering, type TileLoweringContext } from './TileLowering.ts'

/** Row-major flat index of `coord` in `shape`. */
function flatOf(shape: readonly number[], coord: readonly number[]): number {
  let f = 0
  for (let d = 0; d < shape.length; d++) {
    f = f * shape[d]! + coord[d]!
  }
  return f
}

/**
 * Stores each register of `regs` (layout `src`, elements of `type`, `bytes` wide) to shared
 * memory at `base`, element `offset +` its row-major index (replicated elements store twice).
 */
export function storeToShared(cx: TileLoweringContext, regs: readonly Value[], type: Type, bytes: number, src: LinearLayout, base: Value, offset: number): void {
  const l = cx.llvm
  const thread = cx.threadFlat(src)
  for (let r = 0; r < src.numRegs; r++) {
    const rf = offset + flatOf(src.shape, src.regCoord(r))
    l.store(regs[r]!, l.gep(base, rf === 0 ? thread : l.add(thread, l.c32(rf)), type), bytes)
  }
}

/**
 * Moves `regs` (layout `src`) into layout `dst`, where destination coordinate c holds the
 * source element at flat index `map(c)`.
 */
export function redistribute(cx: TileLoweringContext, regs: readonly Value[], elementType: Type, src: LinearLayout, dst: LinearLayout, map: (c: readonly number[]) => number): Value[] {
  const srcFlat = src.flatBases()
  const byFlat = new Map<number, number>()
  for (let r = 0; r < src.numRegs; r++) {
    byFlat.set(flatOf(src.shape, src.regCoord(r)), r)
  }
  const sameThreads =
    dst.laneBases.length === src.laneBases.length &&
    dst.warpBases.length === src.warpBases.length &&
    dst.laneBases.every((b, i) => map(b) === srcFlat.lane[i]) &&
    dst.warpBases.every((b, i) => map(b) === srcFlat.warp[i])
  const out: Value[] = new Array<Value>(dst.numRegs)
  if (sameThreads) {
    let ok = true
    for (let r = 0; r < dst.numRegs && ok; r++) {
      const s = byFlat.get(map(dst.regCoord(r)))
      if (s === undefined) {
        ok = false
      } else {
        out[r] = regs[s]!
      }
    }
    if (ok) {
      return out
    }
  }
  // Through shared memory: i1 travels as i8.
  const l = cx.llvm
  const isI1 = elementType instanceof IntegerType && elementType.width === 1
  const mt = isI1 ? IntegerType.get(l.context, 8) : elementType
  const bytes = Math.max(1, ((mt as { width?: number }).width ?? 32) / 8)
  const numel = src.shape.reduce((a, b) => a * b, 1)
  const base = cx.scratch(numel * bytes)
  storeToShared(cx, isI1 ? regs.map((v) => l.v('llvm.zext', [v], mt)) : regs, mt, bytes, src, base, 0)
  l.barrier()
  const dstThread = cx.threadPart(
    `map:${src.shape.join('x')}:${dst.shape.join('x')}:${dst.laneBases.map((b) => map(b)).join(',')}:${dst.warpBases.map((b) => map(b)).join(',')}`,
    dst.laneBases.map((b) => map(b)),
    dst.warpBases.map((b) => map(b)),
  )
  for (let r = 0; r < dst.numRegs; r++) {
    const rf = map(dst.regCoord(r))
    const idx = rf === 0 ? dstThread : l.add(dstThread, l.c32(rf))
    const v = l.load(l.gep(base, idx, mt), mt, bytes)
    out[r] = isI1 ? l.v('llvm.trunc', [v], elementType) : v
  }
  l.barrier()
  return out
}

function lowerMove(op: Operation, cx: TileLoweringContext, map: (src: TileASTileType) => (c: readonly number[]) => number): boolean {
  const st = op.getOperand(0).type as TileASTileType
  const dt = op.getResult(0).type as TileASTileType
  const src = cx.layoutOf(st)
  const dst = cx.layoutOf(dt)
  if (src.laneBases.length !== dst.laneBases.length || src.warpBases.length !== dst.warpBases.length) {
    return cx.fail(op, 'layouts of different warp counts are not supported by tilepass-compile yet')
  }
  cx.setRegs(op.getResult(0), redistribute(cx, cx.regs(op.getOperand(0)), st.elementType, src, dst, map(st)))
  return true
}

/** Same flat index (convert_layout keeps the shape; reshape keeps the row-major order). */
function sameFlat(op: Operation): () => (c: readonly number[]) => number {
  const shape = (op.getResult(0).type as TileASTileType).shape
  return () => (c) => flatOf(shape, c)
}

registerTileOpLowering('tileas.convert_layout', (op, cx) => lowerMove(op, cx, sameFlat(op)))
registerTileOpLowering('tileas.reshape', (op, cx) => lowerMove(op, cx, sameFlat(op)))
registerTileOpLowering('tileas.broadcast', (op, cx) =>
  lowerMove(op, cx, (st) => (c) => flatOf(st.shape, c.map((x, d) => (st.shape[d] === 1 ? 0 : x)))),
)
