/**
 * `cuda_tile.mmaf` in the tile-assembly form: the A and B tiles (weak view loads with
 * 16-byte aligned rows that only the mmaf reads) are staged global -> shared with
 * `tileas.async_copy` into swizzled
 * single-stage buffers (`alloc_shared` at the top of the kernel), then `async_commit_group`,
 * `async_wait {pending = 0}`, `barrier`, `local_load` of both into dot-operand registers,
 * `tileas.mma` on the accumulator in the mma layout, and a `barrier` before the buffers are
 * refilled. This is the unscheduled form the modulo scheduler pipelines into S stages.
 * Any other operand reaches its dot-operand layout with a `convert_layout`.
 * (`hoistLoopLayoutConversions` then keeps a loop-carried accumulator in the mma layout.)
 */
import { DenseArrayAttr, FloatAttr, FloatType, IntegerAttr, IntegerType, typeToString, type Context, type Location, type OpBuilder, type Operation, type Value } from '@tilepass/ir'
import { DotOperandLayoutAttr, MmaLayoutAttr, SharedLayoutAttr, type DistributedLayoutAttr } from '../tileas/TileASAttributes.ts'
import { AsyncTokenType, SharedBufferType, TileASTileType } from '../tileas/TileASTypes.ts'
import { elementBytes } from './Layouts.ts'

const NOT_YET = 'not supported by tilepass-compile yet'

/** Bytes of one cp.async copy and one ldmatrix row. */
const VECTOR_BYTES = 16

/**
 * The swizzle of an mma operand stage with `cols` elements of `eltBytes` per row: 16-byte
 * vectors, the rows of one 128-byte line share a phase, and up to eight phases, so that
 * the eight rows of every ldmatrix 8x8 matrix (plain or `.trans`) fall in distinct bank
 * groups.
 */
export function mmaOperandSwizzleParams(cols: number, eltBytes: number): { readonly vec: number; readonly perPhase: number; readonly maxPhase: number } {
  return {
    vec: VECTOR_BYTES / eltBytes,
    perPhase: Math.max(1, 128 / (cols * eltBytes)),
    maxPhase: Math.min(8, Math.max(1, (cols * eltBytes) / VECTOR_BYTES)),
  }
}

/** The `#tileas.shared` layout of an mma operand stage (`mmaOperandSwizzleParams`, row-major). */
export function mmaOperandSharedLayout(ctx: Context, cols: number, eltBytes: number): SharedLayoutAttr {
  const p = mmaOperandSwizzleParams(cols, eltBytes)
  return SharedLayoutAttr.get(ctx, p.vec, p.perPhase, p.maxPhase, [1, 0])
}

/** warpsPerCTA of the mma layout for an [M, N] accumulator over `numWarps` warps, or null. */
export function mmaWarpsFor(m: number, n: number, numWarps: number): [number, number] | null {
  const prefs: [number, number][] =
    numWarps === 8
      ? [
          [4, 2],
          [2, 4],
          [8, 1],
          [1, 8],
        ]
      : [
          [2, 2],
          [4, 1],
          [1, 4],
        ]
  return prefs.find(([wm, wn]) => wm * wn === numWarps && 16 * wm <= m && 8 * wn <= n) ?? null
}

/** What `convertMmaf` needs from the converter. */
export interface MmafConversion {
  readonly builder: OpBuilder
  readonly numWarps: number
  /** `value` in `layout` (a convert_layout when it is in another one). */
  inLayout(value: Value, layout: DistributedLayoutAttr, loc: Location): Value
}

/** Thrown for an mmaf outside the path; the converter reports it at `op`. */
export class MmafUnsupported extends Error {
  constructor(
    readonly op: Operation,
    message: string,
  ) {
    super(message)
  }
}

/**
 * The weak view load that produced `v` when it can be staged with 16-byte cp.async: only
 * the mmaf reads it, its rows are 16-byte aligned with unit column stride (the load is
 * vectorized to 16 bytes) and it pads with zeros; else null.
 */
function stageableLoad(op: Operation, index: number, v: Value): Operation | null {
  const load = v.definingOp
  if (load === null || load.name.name !== 'tileas.load_view' || !v.useEmpty || !op.getOperand(index).hasOneUse) {
    return null
  }
  const t = v.type as TileASTileType
  const vec = load.getAttr('vector')
  if (!(vec instanceof IntegerAttr) || Number(vec.value) * elementBytes(t.elementType) !== VECTOR_BYTES) {
    return null
  }
  const pad = load.getAttr('padding')
  return pad instanceof FloatAttr && pad.value !== 0 ? null : load
}

/** The func.func around `op`. */
function enclosingFunc(op: Operation): Operation {
  let cur: Operation | null = op
  while (cur !== null && cur.name.name !== 'func.func') {
    cur = cur.parentOp
  }
  return cur!
}

/**
 * Converts `mmaf a, b, acc` (a, b, acc: the converted operands) at the builder's insertion
 * point; returns the result in the mma layout (f16/bf16), or in the accumulator's own layout
 * for f32 operands (`tileas.dot_fma`).
 */
export function convertMmaf(cx: MmafConversion, op: Operation, a: Value, b: Value, acc: Value): Value {
  const loc = op.location
  const ctx = op.context
  const [at, bt, ct] = [a.type, b.type, acc.type]
  if (!(at instanceof TileASTileType) || !(bt instanceof TileASTileType) || !(ct instanceof TileASTileType) || at.shape.length !== 2) {
    throw new MmafUnsupported(op, `batched or scalar mmaf is ${NOT_YET}`)
  }
  const elt = at.elementType
  const isF32 = (t: unknown): boolean => t instanceof FloatType && t.kind === 'f32'
  if (isF32(elt) && isF32(bt.elementType) && isF32(ct.elementType)) {
    if (op.getAttr('fast_acc') !== undefined) {
      throw new MmafUnsupported(op, `mmaf with fast_acc is ${NOT_YET}`)
    }
    // f32 operands: the exact path, one fma per product on CUDA cores (no tf32 rounding);
    // the accumulator keeps its layout.
    return cx.builder.create('tileas.dot_fma', op.location, { operands: [a, b, acc], results: [ct] }).results[0]!
  }
  if (!(elt instanceof FloatType) || (elt.kind !== 'f16' && elt.kind !== 'bf16') || !(ct.elementType instanceof FloatType) || ct.elementType.kind !== 'f32') {
    throw new MmafUnsupported(op, `mmaf of ${typeToString(elt)} with a ${typeToString(ct.elementType)} accumulator is ${NOT_YET} (f16/bf16 or f32 with f32)`)
  }
  if (op.getAttr('fast_acc') !== undefined) {
    throw new MmafUnsupported(op, `mmaf with fast_acc is ${NOT_YET}`)
  }
  const [m, k] = at.shape as [number, number]
  const n = ct.shape[1]!
  const warps = mmaWarpsFor(m, n, cx.numWarps)
  if (warps === null || k < 16) {
    throw new MmafUnsupported(op, `mmaf of ${m}x${k} by ${k}x${n} tiles is ${NOT_YET} (at least 16 rows per warp along M, 8 columns per warp along N, K >= 16)`)
  }
  const mma = MmaLayoutAttr.get(ctx, warps)
  const dot = [DotOperandLayoutAttr.get(ctx, 0, mma), DotOperandLayoutAttr.get(ctx, 1, mma)]
  const operands = [a, b]
  const loads = operands.map((v, i) => stageableLoad(op, i, v))
  const staged = loads.flatMap((l, i) => (l === null ? [] : [{ load: l, index: i }]))
  const regs: Value[] = operands.map((v, i) => (loads[i] === null ? cx.inLayout(v, dot[i]!, loc) : v))
  const b_ = cx.builder
  if (staged.length > 0) {
    const i32 = IntegerType.get(ctx, 32)
    // Buffers and the stage index at the top of the kernel.
    const body = enclosingFunc(staged[0]!.load).regions[0]!.front
    const ip = b_.saveInsertionPoint()
    if (body.firstOp === null) {
      b_.setInsertionPointToEnd(body)
    } else {
      b_.setInsertionPoint(body.firstOp)
    }
    const stage = b_.create('arith.constant', loc, { attributes: { value: IntegerAttr.get(i32, 0) }, results: [i32] }).results[0]!
    const buffers = staged.map(({ load }) => {
      const [rows, cols] = (load.getResult(0).type as TileASTileType).shape as [number, number]
      const smem = SharedBufferType.get([1, rows, cols], elt, mmaOperandSharedLayout(ctx, cols, elementBytes(elt)))
      return b_.create('tileas.alloc_shared', loc, { results: [smem] }).results[0]!
    })
    // Each load becomes an async copy into its buffer, where the load was.
    const tokens = staged.map(({ load }, i) => {
      b_.setInsertionPoint(load)
      return b_.create('tileas.async_copy', load.location, {
        operands: [...load.getOperands(), buffers[i]!, stage],
        results: [AsyncTokenType.get(ctx)],
        attributes: { operandSegmentSizes: DenseArrayAttr.getI32(ctx, [1, 2, 2, 2, 1, 1]) },
      }).results[0]!
    })
    b_.restoreInsertionPoint(ip)
    staged.forEach(({ load }) => load.erase())
    const group = b_.create('tileas.async_commit_group', loc, { operands: tokens, results: [AsyncTokenType.get(ctx)] }).results[0]!
    b_.create('tileas.async_wait', loc, { operands: [group], attributes: { pending: IntegerAttr.get(i32, 0) } })
    b_.create('tileas.barrier', loc)
    staged.forEach(({ index }, i) => {
      const t = operands[index]!.type as TileASTileType
      regs[index] = b_.create('tileas.local_load', loc, { operands: [buffers[i]!, stage], results: [t.withLayout(dot[index]!)] }).results[0]!
    })
  }
  const c = cx.inLayout(acc, mma, loc)
  const d = b_.create('tileas.mma', loc, { operands: [regs[0]!, regs[1]!, c], results: [ct.withLayout(mma)] }).results[0]!
  if (staged.length > 0) {
    // The next refill of the buffers waits for every warp's ldmatrix.
    b_.create('tileas.barrier', loc)
  }
  return d
}
