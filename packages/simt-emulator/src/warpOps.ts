/**
 * Warp-collective instructions: `shfl.sync`, `ldmatrix` and `mma.sync.m16n8k16`, with the
 * lane/fragment mappings of the PTX ISA ("Matrix fragments for mma.m16n8k16", "ldmatrix").
 */
import { fromFloat, toFloat } from './alu.ts'
import type { Handler, KernelRun, Warp } from './Emulator.ts'
import { dst32, src32 } from './fastOps.ts'
import { BF16, F16, encodeNarrowRN, halfTable } from './float.ts'
import { SP_GENERIC, SP_SHARED, readBytes } from './Memory.ts'
import type { Instruction, Operand } from './parsePTX.ts'

const FULL = 0xffffffff

function requireFull(run: KernelRun, ins: Instruction, active: number): void {
  if (active >>> 0 !== FULL) {
    run.fail(ins, `needs all 32 lanes converged (active mask 0x${(active >>> 0).toString(16)})`)
  }
}

/** `shfl.sync.{up,down,bfly,idx}.b32 d[|p], a, b, c, membermask` on the exact per-lane path. */
export function execShfl(run: KernelRun, w: Warp, ins: Instruction, active: number): void {
  const [d, a, b, c, m] = ins.operands as Operand[]
  if (ins.mods[0] !== 'sync' || m === undefined) {
    run.fail(ins, 'only shfl.sync is supported by the emulator')
  }
  const mode = ins.mods[1]!
  const src: bigint[] = []
  for (let l = 0; l < 32; l++) {
    src.push((active >> l) & 1 ? run.read(w, ins, a!, l, 32) : 0n)
  }
  for (let l = 0; l < 32; l++) {
    if (!((active >> l) & 1)) {
      continue
    }
    const mask = Number(run.read(w, ins, m, l, 32))
    if ((mask & active) >>> 0 !== mask >>> 0) {
      run.fail(ins, `member mask 0x${(mask >>> 0).toString(16)} names lanes that are not converged here (active 0x${(active >>> 0).toString(16)})`)
    }
    const bval = Number(run.read(w, ins, b!, l, 32)) & 31
    const cv = Number(run.read(w, ins, c!, l, 32))
    const segmask = (cv >> 8) & 31
    const maxLane = (l & segmask) | (cv & 31 & ~segmask)
    const minLane = l & segmask
    let j: number
    let ok: boolean
    switch (mode) {
      case 'up':
        j = l - bval
        ok = j >= maxLane
        break
      case 'down':
        j = l + bval
        ok = j <= maxLane
        break
      case 'bfly':
        j = l ^ bval
        ok = j <= maxLane
        break
      case 'idx':
        j = minLane | (bval & ~segmask & 31)
        ok = j <= maxLane
        break
      default:
        run.fail(ins, `unknown shuffle mode '${mode}'`)
    }
    if (!ok) {
      j = l
    }
    if (!((mask >> j) & 1)) {
      run.fail(ins, `lane ${l} reads lane ${j}, which is not in the member mask`)
    }
    const val = src[j]!
    if (d!.kind === 'pair') {
      run.write(w, ins, d!.first, l, val)
      run.write(w, ins, d!.second, l, ok ? 1n : 0n)
    } else {
      run.write(w, ins, d!, l, val)
    }
  }
}

/** `ldmatrix.sync.aligned.m8n8.x{1,2,4}{.trans}{.shared}.b16 {d...}, [addr]` on the exact per-lane path. */
export function execLdmatrix(run: KernelRun, w: Warp, ins: Instruction, active: number): void {
  requireFull(run, ins, active)
  const mods = ins.mods
  if (!mods.includes('m8n8') || mods[mods.length - 1] !== 'b16') {
    run.fail(ins, 'only m8n8 b16 ldmatrix is supported by the emulator')
  }
  const num = mods.includes('x4') ? 4 : mods.includes('x2') ? 2 : 1
  const trans = mods.includes('trans')
  const space = mods.includes('shared') || mods.includes('shared::cta') ? 'shared' : ''
  const d = ins.operands[0]!
  const dst = d.kind === 'vec' ? d.items : [d]
  if (dst.length !== num) {
    run.fail(ins, `expects ${num} destination registers`)
  }
  // rows[m][r][c]: matrix m, row r (address from lane 8m + r), column c.
  const rows: bigint[][][] = []
  for (let m = 0; m < num; m++) {
    const mat: bigint[][] = []
    for (let r = 0; r < 8; r++) {
      const span = run.span(w, ins, ins.operands[1]!, 8 * m + r, space, 16)
      const row: bigint[] = []
      for (let c = 0; c < 8; c++) {
        row.push(readBytes({ data: span.data, offset: span.offset + 2 * c }, 2))
      }
      mat.push(row)
    }
    rows.push(mat)
  }
  for (let l = 0; l < 32; l++) {
    const g = l >> 2
    const t = l & 3
    for (let m = 0; m < num; m++) {
      const mat = rows[m]!
      const lo = trans ? mat[2 * t]![g]! : mat[g]![2 * t]!
      const hi = trans ? mat[2 * t + 1]![g]! : mat[g]![2 * t + 1]!
      run.write(w, ins, dst[m]!, l, lo | (hi << 16n))
    }
  }
}

/** `mma.sync.aligned.m16n8k16.row.col.{f32,f16}.{f16,bf16}.{f16,bf16}.{f32,f16}` on the exact per-lane path. */
export function execMma(run: KernelRun, w: Warp, ins: Instruction, active: number): void {
  requireFull(run, ins, active)
  const mods = ins.mods
  const [shape, la, lb, dt, at, bt, ct] = mods.slice(2)
  if (mods[0] !== 'sync' || mods[1] !== 'aligned' || shape !== 'm16n8k16' || la !== 'row' || lb !== 'col') {
    run.fail(ins, 'only mma.sync.aligned.m16n8k16.row.col is supported by the emulator')
  }
  if ((at !== 'f16' && at !== 'bf16') || bt !== at || (dt !== 'f32' && dt !== 'f16') || ct !== dt || (dt === 'f16' && at !== 'f16')) {
    run.fail(ins, 'only f16/bf16 multiplicands with f32 (or f16) accumulators are supported by the emulator')
  }
  const [dOp, aOp, bOp, cOp] = ins.operands
  const items = (o: Operand | undefined, n: number): readonly Operand[] => {
    if (o?.kind !== 'vec' || o.items.length !== n) {
      run.fail(ins, `expects a vector of ${n} registers`)
    }
    return o.items
  }
  const accRegs = dt === 'f32' ? 4 : 2
  const dItems = items(dOp, accRegs)
  const aItems = items(aOp, 4)
  const bItems = items(bOp, 2)
  const cItems = items(cOp, accRegs)
  const A: number[][] = Array.from({ length: 16 }, () => new Array<number>(16).fill(0))
  const B: number[][] = Array.from({ length: 16 }, () => new Array<number>(8).fill(0))
  const C: number[][] = Array.from({ length: 16 }, () => new Array<number>(8).fill(0))
  const half = (v: bigint, i: number): number => toFloat((v >> BigInt(16 * i)) & 0xffffn, at)
  for (let l = 0; l < 32; l++) {
    const g = l >> 2
    const t = l & 3
    for (let r = 0; r < 4; r++) {
      const v = run.read(w, ins, aItems[r]!, l, 32)
      const row = g + (r & 1 ? 8 : 0)
      const col = 2 * t + (r & 2 ? 8 : 0)
      A[row]![col] = half(v, 0)
      A[row]![col + 1] = half(v, 1)
    }
    for (let r = 0; r < 2; r++) {
      const v = run.read(w, ins, bItems[r]!, l, 32)
      const k = 2 * t + (r === 1 ? 8 : 0)
      B[k]![g] = half(v, 0)
      B[k + 1]![g] = half(v, 1)
    }
    for (let i = 0; i < 4; i++) {
      const row = g + (i >= 2 ? 8 : 0)
      const col = 2 * t + (i & 1)
      if (dt === 'f32') {
        C[row]![col] = toFloat(run.read(w, ins, cItems[i]!, l, 32), 'f32')
      } else {
        const v = run.read(w, ins, cItems[i >> 1]!, l, 32)
        C[row]![col] = toFloat((v >> BigInt(16 * (i & 1))) & 0xffffn, 'f16')
      }
    }
  }
  for (let l = 0; l < 32; l++) {
    const g = l >> 2
    const t = l & 3
    const out: bigint[] = []
    for (let i = 0; i < 4; i++) {
      const row = g + (i >= 2 ? 8 : 0)
      const col = 2 * t + (i & 1)
      // Products of f16/bf16 values are exact in a double; the sum of 16 of them and C
      // is rounded once to the accumulator type.
      let s = C[row]![col]!
      for (let k = 0; k < 16; k++) {
        s += A[row]![k]! * B[k]![col]!
      }
      out.push(fromFloat(s, dt))
    }
    if (dt === 'f32') {
      out.forEach((v, i) => run.write(w, ins, dItems[i]!, l, v))
    } else {
      run.write(w, ins, dItems[0]!, l, out[0]! | (out[1]! << 16n))
      run.write(w, ins, dItems[1]!, l, out[2]! | (out[3]! << 16n))
    }
  }
}

const SHFL_MODES = ['up', 'down', 'bfly', 'idx']

/** `shfl.sync` compiled: numbers in the register file when its operands allow, else `execShfl`. */
export function compileShfl(run: KernelRun, ins: Instruction): Handler {
  const generic: Handler = (w, active) => execShfl(run, w, ins, active)
  const [d, a, b, c, m] = ins.operands
  const mode = SHFL_MODES.indexOf(ins.mods[1] ?? '')
  if (ins.mods[0] !== 'sync' || m === undefined || mode < 0 || ins.operands.length !== 5) {
    return generic
  }
  const A = src32(run, ins, a!, 32, '')
  const B = src32(run, ins, b!, 32, '')
  const C = src32(run, ins, c!, 32, '')
  const M = src32(run, ins, m, 32, '')
  const D = dst32(run, d!.kind === 'pair' ? d!.first : d, 32)
  const P = d!.kind === 'pair' ? dst32(run, d!.second, 1) : -2
  if (A === null || B === null || C === null || M === null || D < 0 || P === -1) {
    return generic
  }
  const src = new Uint32Array(32)
  return (w, active) => {
    const u = w.u32
    for (let l = 0; l < 32; l++) {
      src[l] = (active >> l) & 1 ? (A.slot >= 0 ? u[A.slot + l]! : A.k) : 0
    }
    for (let l = 0; l < 32; l++) {
      if (!((active >> l) & 1)) {
        continue
      }
      const mask = M.slot >= 0 ? u[M.slot + l]! : M.k
      if ((mask & active) >>> 0 !== mask >>> 0) {
        run.fail(ins, `member mask 0x${(mask >>> 0).toString(16)} names lanes that are not converged here (active 0x${(active >>> 0).toString(16)})`)
      }
      const bval = (B.slot >= 0 ? u[B.slot + l]! : B.k) & 31
      const cv = C.slot >= 0 ? u[C.slot + l]! : C.k
      const segmask = (cv >> 8) & 31
      const maxLane = (l & segmask) | (cv & 31 & ~segmask)
      let j: number
      let ok: boolean
      switch (mode) {
        case 0:
          j = l - bval
          ok = j >= maxLane
          break
        case 1:
          j = l + bval
          ok = j <= maxLane
          break
        case 2:
          j = l ^ bval
          ok = j <= maxLane
          break
        default:
          j = (l & segmask) | (bval & ~segmask & 31)
          ok = j <= maxLane
      }
      if (!ok) {
        j = l
      }
      if (!((mask >> j) & 1)) {
        run.fail(ins, `lane ${l} reads lane ${j}, which is not in the member mask`)
      }
      u[D + l] = src[j]!
      if (P >= 0) {
        u[P + l] = ok ? 1 : 0
      }
    }
  }
}

/** `ldmatrix` compiled: shared-memory rows read through DataViews into the register file, else `execLdmatrix`. */
export function compileLdmatrix(run: KernelRun, ins: Instruction): Handler {
  const generic: Handler = (w, active) => execLdmatrix(run, w, ins, active)
  const mods = ins.mods
  const num = mods.includes('x4') ? 4 : mods.includes('x2') ? 2 : 1
  const trans = mods.includes('trans')
  const space = mods.includes('shared') || mods.includes('shared::cta') ? SP_SHARED : SP_GENERIC
  const d = ins.operands[0]
  const a = ins.operands[1]
  if (!mods.includes('m8n8') || mods[mods.length - 1] !== 'b16' || d === undefined || a?.kind !== 'mem' || a.base?.kind !== 'reg') {
    return generic
  }
  const dst = (d.kind === 'vec' ? d.items : [d]).map((o) => dst32(run, o, 32))
  if (dst.length !== num || dst.includes(-1)) {
    return generic
  }
  const baseSlot = run.layout.slot[a.base.index]!
  const wide = run.layout.wide[a.base.index] === 1
  const offset = a.offset
  const rows = new Uint16Array(num * 64)
  return (w, active) => {
    if (active >>> 0 !== FULL) {
      return generic(w, active)
    }
    const u = w.u32
    for (let mi = 0; mi < num; mi++) {
      for (let r = 0; r < 8; r++) {
        const l = 8 * mi + r
        const addr = (wide ? u[baseSlot + 2 * l + 1]! * 4294967296 + u[baseSlot + 2 * l]! : u[baseSlot + l]!) + offset
        run.locate(w, ins, l, space, addr, 16)
        const view = run.memView
        const off = run.memOff
        for (let c = 0; c < 8; c++) {
          rows[mi * 64 + r * 8 + c] = view.getUint16(off + 2 * c, true)
        }
      }
    }
    for (let l = 0; l < 32; l++) {
      const g = l >> 2
      const t = l & 3
      for (let mi = 0; mi < num; mi++) {
        const base = mi * 64
        const lo = trans ? rows[base + 2 * t * 8 + g]! : rows[base + g * 8 + 2 * t]!
        const hi = trans ? rows[base + (2 * t + 1) * 8 + g]! : rows[base + g * 8 + 2 * t + 1]!
        u[dst[mi]! + l] = lo | (hi << 16)
      }
    }
  }
}

/** `mma.sync.m16n8k16` compiled: fragments gathered into f64 scratch tiles, products summed in the per-lane path's order, else `execMma`. */
export function compileMma(run: KernelRun, ins: Instruction): Handler {
  const generic: Handler = (w, active) => execMma(run, w, ins, active)
  const mods = ins.mods
  const [shape, la, lb, dt, at, bt, ct] = mods.slice(2)
  if (mods[0] !== 'sync' || mods[1] !== 'aligned' || shape !== 'm16n8k16' || la !== 'row' || lb !== 'col') {
    return generic
  }
  if ((at !== 'f16' && at !== 'bf16') || bt !== at || (dt !== 'f32' && dt !== 'f16') || ct !== dt || (dt === 'f16' && at !== 'f16')) {
    return generic
  }
  const regs = (o: Operand | undefined, n: number): number[] | null => {
    if (o?.kind !== 'vec' || o.items.length !== n) {
      return null
    }
    const slots = o.items.map((x) => dst32(run, x, 32))
    return slots.includes(-1) ? null : slots
  }
  const acc = dt === 'f32' ? 4 : 2
  const [dOp, aOp, bOp, cOp] = ins.operands
  const dS = regs(dOp, acc)
  const aS = regs(aOp, 4)
  const bS = regs(bOp, 2)
  const cS = regs(cOp, acc)
  if (dS === null || aS === null || bS === null || cS === null) {
    return generic
  }
  const table = halfTable(at === 'f16' ? F16 : BF16)
  const f16 = halfTable(F16)
  const A = new Float64Array(256)
  /** B transposed: element (k, n) at n * 16 + k. */
  const B = new Float64Array(128)
  const C = new Float64Array(128)
  const out = new Float64Array(4)
  const f32acc = dt === 'f32'
  return (w, active) => {
    if (active >>> 0 !== FULL) {
      return generic(w, active)
    }
    const u = w.u32
    const f = w.f32
    for (let l = 0; l < 32; l++) {
      const g = l >> 2
      const t = l & 3
      for (let r = 0; r < 4; r++) {
        const v = u[aS[r]! + l]!
        const at = (g + (r & 1 ? 8 : 0)) * 16 + 2 * t + (r & 2 ? 8 : 0)
        A[at] = table[v & 0xffff]!
        A[at + 1] = table[v >>> 16]!
      }
      for (let r = 0; r < 2; r++) {
        const v = u[bS[r]! + l]!
        const k = 2 * t + (r === 1 ? 8 : 0)
        B[g * 16 + k] = table[v & 0xffff]!
        B[g * 16 + k + 1] = table[v >>> 16]!
      }
      for (let i = 0; i < 4; i++) {
        const at = (g + (i >= 2 ? 8 : 0)) * 8 + 2 * t + (i & 1)
        C[at] = f32acc ? f[cS[i]! + l]! : f16[(u[cS[i >> 1]! + l]! >>> (16 * (i & 1))) & 0xffff]!
      }
    }
    for (let l = 0; l < 32; l++) {
      const g = l >> 2
      const t = l & 3
      for (let i = 0; i < 4; i++) {
        const row = g + (i >= 2 ? 8 : 0)
        const col = 2 * t + (i & 1)
        // Products of f16/bf16 values are exact in a double; the sum of 16 of them and C
        // is rounded once to the accumulator type.
        let s = C[row * 8 + col]!
        const ar = row * 16
        const bc = col * 16
        for (let k = 0; k < 16; k++) {
          s += A[ar + k]! * B[bc + k]!
        }
        out[i] = s
      }
      if (f32acc) {
        for (let i = 0; i < 4; i++) {
          const x = Math.fround(out[i]!)
          if (x !== x) {
            u[dS[i]! + l] = 0x7fffffff
          } else {
            f[dS[i]! + l] = x
          }
        }
      } else {
        u[dS[0]! + l] = encodeNarrowRN(out[0]!, F16) | (encodeNarrowRN(out[1]!, F16) << 16)
        u[dS[1]! + l] = encodeNarrowRN(out[2]!, F16) | (encodeNarrowRN(out[3]!, F16) << 16)
      }
    }
  }
}
