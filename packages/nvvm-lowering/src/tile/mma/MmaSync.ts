/**
 * `mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}.{f16,bf16}.f32` over all atoms of a
 * warp's tile: for every accumulator atom (M rep, N rep) the K fragments are chained
 * through the f32 accumulator. Operands and results are `Value[]` in the plan's register
 * orders (`dot_op` for A and B, `mma` for C and D).
 */
import { DenseArrayAttr, IntegerAttr, type Value } from '@tilepass/ir'
import { NVVMKeywordAttr, NVVMShapeAttr } from '@tilepass/dialects'
import type { LLVMEmitter, MmaElementType } from './LLVMEmitter.ts'
import { accumulatorReps, type WarpsPerCTA } from './MmaLayouts.ts'

/** What `emitMma` multiplies. */
export interface MmaTile {
  readonly elt: MmaElementType
  /** The CTA tile [M, N, K] and the mma layout's warps. */
  readonly shape: readonly [number, number, number]
  readonly warpsPerCTA: WarpsPerCTA
  /** Scalars of `elt` in dot_op order: A [M, K], B [K, N]. */
  readonly a: readonly Value[]
  readonly b: readonly Value[]
  /** f32 accumulator scalars in mma order. */
  readonly c: readonly Value[]
}

/** The registers an mma fragment needs: A, B and C/D counts for one warp's tile. */
export function mmaRegisterCounts(shape: readonly [number, number, number], warps: WarpsPerCTA): { readonly a: number; readonly b: number; readonly c: number } {
  const { m, n } = accumulatorReps(shape[0], shape[1], warps)
  const k = shape[2] / 16
  return { a: 8 * m * k, b: 4 * n * k, c: 4 * m * n }
}

/** `x` when it is `llvm.extractelement v[i]` with a constant index, else null. */
function extractedFrom(x: Value): { readonly vector: Value; readonly index: number } | null {
  const op = x.definingOp
  if (op === null || op.name.name !== 'llvm.extractelement') {
    return null
  }
  const idx = op.getOperand(1).definingOp
  const attr = idx?.name.name === 'llvm.mlir.constant' ? idx.getAttr('value') : undefined
  return attr instanceof IntegerAttr ? { vector: op.getOperand(0), index: Number(attr.value) } : null
}

/**
 * The 32-bit operand register of the pair (lo, hi): `vector<2xf16>` for f16, `i32` for bf16
 * (upstream's operand types). A pair that was just unpacked from one vector reuses it.
 */
export function packOperandPair(e: LLVMEmitter, elt: MmaElementType, lo: Value, hi: Value): Value {
  const vt = e.vector(2, e.float(elt))
  const a = extractedFrom(lo)
  const b = extractedFrom(hi)
  let v: Value
  if (a !== null && b !== null && a.vector === b.vector && a.index === 0 && b.index === 1 && a.vector.type === vt) {
    v = a.vector
  } else {
    v = e.insertElement(e.insertElement(e.poison(vt), lo, 0), hi, 1)
  }
  if (elt === 'f16') {
    return v
  }
  const src = v.definingOp
  if (src !== null && src.name.name === 'llvm.bitcast' && src.getOperand(0).type === e.i32) {
    return src.getOperand(0)
  }
  return e.bitcast(v, e.i32)
}

/** Emits the mma.sync ops of one warp's tile and returns D in mma order. */
export function emitMma(e: LLVMEmitter, t: MmaTile): Value[] {
  const [m, n, k] = t.shape
  const reps = accumulatorReps(m, n, t.warpsPerCTA)
  const nk = k / 16
  const counts = mmaRegisterCounts(t.shape, t.warpsPerCTA)
  if (t.a.length !== counts.a || t.b.length !== counts.b || t.c.length !== counts.c) {
    throw new Error(`emitMma: expected ${counts.a}/${counts.b}/${counts.c} A/B/C registers, got ${t.a.length}/${t.b.length}/${t.c.length}`)
  }
  const ctx = e.context
  const attrs = {
    layoutA: NVVMKeywordAttr.get(ctx, 'mma_layout', 'row'),
    layoutB: NVVMKeywordAttr.get(ctx, 'mma_layout', 'col'),
    multiplicandAPtxType: NVVMKeywordAttr.get(ctx, 'mma_type', t.elt),
    multiplicandBPtxType: NVVMKeywordAttr.get(ctx, 'mma_type', t.elt),
    operandSegmentSizes: DenseArrayAttr.getI32(ctx, [4, 2, 4]),
    shape: NVVMShapeAttr.get(ctx, 16, 8, 16),
  }
  const resType = e.struct(e.f32, 4)
  // Pack each operand fragment once; A and B fragments are reused across N and M reps.
  const pack = (regs: readonly Value[], from: number, count: number): Value[] =>
    Array.from({ length: count }, (_, i) => packOperandPair(e, t.elt, regs[from + 2 * i]!, regs[from + 2 * i + 1]!))
  const aFrag: Value[][] = []
  for (let im = 0; im < reps.m; im++) {
    for (let jk = 0; jk < nk; jk++) {
      aFrag.push(pack(t.a, 8 * (jk + nk * im), 4))
    }
  }
  const bFrag: Value[][] = []
  for (let in_ = 0; in_ < reps.n; in_++) {
    for (let jk = 0; jk < nk; jk++) {
      bFrag.push(pack(t.b, 4 * (jk + nk * in_), 2))
    }
  }
  const d: Value[] = new Array<Value>(counts.c)
  for (let im = 0; im < reps.m; im++) {
    for (let in_ = 0; in_ < reps.n; in_++) {
      const at = 4 * (in_ + reps.n * im)
      let acc = [t.c[at]!, t.c[at + 1]!, t.c[at + 2]!, t.c[at + 3]!]
      for (let jk = 0; jk < nk; jk++) {
        const res = e.v('nvvm.mma.sync', [...aFrag[jk + nk * im]!, ...bFrag[jk + nk * in_]!, ...acc], resType, attrs)
        acc = [0, 1, 2, 3].map((i) => e.extractValue(res, i))
      }
      for (let i = 0; i < 4; i++) {
        d[at + i] = acc[i]!
      }
    }
  }
  return d
}

