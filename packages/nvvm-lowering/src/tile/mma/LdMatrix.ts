/**
 * Shared stage -> dot-operand registers with `ldmatrix.sync.aligned.m8n8.x4` (`.trans` for
 * B). Each pair of dot-operand registers (one b32 of an mma fragment) is one 8x8 matrix of
 * the stage, and the pair index's bits map linearly to matrix origins (the pair bases of
 * the `dot_op` layout); four consecutive pairs are one x4 load, lane l giving row l % 8 of
 * matrix l / 8. With the swizzle of `mmaOperandSwizzle` the eight rows of every matrix
 * lie in distinct bank groups.
 */
import { IntegerAttr, type Value } from '@tilepass/ir'
import { NVVMKeywordAttr, NVVMShapeAttr } from '@tilepass/dialects'
import { log2 } from '@tilepass/tileas-scheduler'
import type { LLVMEmitter, MmaElementType } from './LLVMEmitter.ts'
import { dotOperandRegBases, registerCount, type Coord, type WarpsPerCTA } from './MmaLayouts.ts'
import { VECTOR_BYTES } from './SharedLayout.ts'
import { emitStagePointer, type SharedStageRef } from './AsyncCopy.ts'
import type { ThreadIds } from './ThreadIds.ts'

/** What `emitLoadDotOperand` loads. */
export interface DotOperandLoad {
  /** 0: A ([M, K], row-major stage), 1: B ([K, N], row-major stage, loaded transposed). */
  readonly opIdx: 0 | 1
  readonly elt: MmaElementType
  /** The stage shape: A [M, K], B [K, N]. */
  readonly shape: readonly [number, number]
  readonly src: SharedStageRef
  readonly warpsPerCTA: WarpsPerCTA
  readonly ids: ThreadIds
}

/**
 * Loads this warp's part of a dot operand from a stage and returns one scalar (`elt`) per
 * register in the `dot_op` order (A: a0..a7 per m16k16 fragment, B: b0..b3 per k16n8).
 */
export function emitLoadDotOperand(e: LLVMEmitter, t: DotOperandLoad): Value[] {
  const cols = t.shape[1]
  const eltBytes = 2
  const rowBytes = cols * eltBytes
  const { layout } = t.src
  const [wm, wn] = t.warpsPerCTA
  // Pair bases: the register bases without the first (the two halves of one b32).
  const pairBases: Coord[] = dotOperandRegBases(t.opIdx, t.shape, t.warpsPerCTA).slice(1)
  const pairs = registerCount(pairBases)
  const perLoad = Math.min(4, pairs)
  const base = emitStagePointer(e, t.src)
  // Per lane: row within the matrix, which matrix of the load it addresses, warp origin.
  const lane = t.ids.lane
  const lr = e.and(lane, 7)
  const m1 = e.and(e.lshr(lane, 3), 1)
  const m2 = e.and(e.lshr(lane, 4), 1)
  const warpM = wm === 1 ? null : e.and(t.ids.warp, wm - 1)
  const warpN = wn === 1 ? null : e.and(e.lshr(t.ids.warp, log2(wm)), wn - 1)
  let row = lr
  let col: Value | null = null
  const addTerm = (acc: Value | null, bit: Value, step: number): Value | null => (step === 0 ? acc : acc === null ? e.mulPow2(bit, step) : e.add(acc, e.mulPow2(bit, step)))
  row = addTerm(row, m1, pairBases[0]![0])!
  col = addTerm(col, m1, pairBases[0]![1])
  if (perLoad === 4) {
    row = addTerm(row, m2, pairBases[1]![0])!
    col = addTerm(col, m2, pairBases[1]![1])
  }
  if (t.opIdx === 0 && warpM !== null) {
    row = e.add(row, e.mulPow2(warpM, 16))
  }
  if (t.opIdx === 1 && warpN !== null) {
    col = addTerm(col, warpN, 8)
  }
  // Matrix rows start at multiples of 8, so the phase depends on the row within the matrix.
  const phase = e.and(e.lshr(lr, log2(layout.perPhase)), layout.maxPhase - 1)
  const rowOff = e.mulPow2(row, rowBytes)
  const chunkBase = col === null ? null : e.lshr(col, log2(layout.vec))
  const ctx = e.context
  const attrs = {
    eltType: NVVMKeywordAttr.get(ctx, 'ld_st_matrix_elt_type', 'b16'),
    layout: NVVMKeywordAttr.get(ctx, 'mma_layout', t.opIdx === 1 ? 'col' : 'row'),
    num: IntegerAttr.get(e.i32, perLoad),
    shape: NVVMShapeAttr.getLdSt(ctx, 8, 8),
  }
  const pairType = e.vector(2, e.float(t.elt))
  const out: Value[] = []
  for (let g = 0; g < pairs / perLoad; g++) {
    // The origin of this load's first matrix: the bases of the pair index bits above the group's.
    let r0 = 0
    let c0 = 0
    for (let b = log2(perLoad); b < pairBases.length; b++) {
      if (((g * perLoad) >> b) & 1) {
        r0 += pairBases[b]![0]
        c0 += pairBases[b]![1]
      }
    }
    const c0v = c0 / layout.vec
    const chunk = chunkBase === null ? e.c32(c0v) : e.add(chunkBase, c0v)
    const off = e.add(e.add(rowOff, r0 * rowBytes), e.shl(e.xor(chunk, phase), log2(VECTOR_BYTES)))
    const ptr = e.gep(base, off, e.i8)
    const resType = perLoad === 1 ? e.i32 : e.struct(e.i32, perLoad)
    const ld = e.v('nvvm.ldmatrix', [ptr], resType, attrs)
    for (let m = 0; m < perLoad; m++) {
      const word = perLoad === 1 ? ld : e.extractValue(ld, m)
      const v = e.bitcast(word, pairType)
      out.push(e.extractElement(v, 0), e.extractElement(v, 1))
    }
  }
  return out
}
