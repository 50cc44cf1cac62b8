/**
 * The emulator's fast path: instructions compiled once per launch into handlers that loop
 * over the active lanes on numbers in the warp's register file (Uint32Array words with
 * Float32Array views; 64-bit registers as low/high word pairs), with operands resolved to
 * word offsets or constants. An instruction whose operands or modifiers fall outside what a
 * handler here covers returns null and runs on the exact per-lane BigInt path instead, so
 * every result here must equal that path's bit for bit.
 */
import { APPROX, ftz, roundingOf } from './alu.ts'
import { BF16, F16, encodeNarrowRN, fmaF32, halfTable } from './float.ts'
import type { Handler, KernelRun, Warp } from './Emulator.ts'
import { SP_GLOBAL, SP_PARAM, SP_SHARED, spaceCode } from './Memory.ts'
import { typeBits, type Instruction, type Operand } from './parsePTX.ts'

/** A source operand of at most 32 bits: a register's words (`slot` >= 0) or the constant `k` (`kf` as f32). */
export class Src {
  constructor(
    readonly slot: number,
    readonly k: number,
    readonly kf: number,
  ) {}
}

/** A 64-bit source: a 64-bit register's word pairs (`slot` >= 0) or the constant `lo`/`hi`. */
class Src64 {
  constructor(
    readonly slot: number,
    readonly lo: number,
    readonly hi: number,
  ) {}
}

const f32Scratch = new Float32Array(1)
const u32Scratch = new Uint32Array(f32Scratch.buffer)

function f32OfBits(b: number): number {
  u32Scratch[0] = b
  return f32Scratch[0]!
}

/** `o` read `bits` wide (<= 32) as a register or constant, or null when the fast path does not cover it. */
export function src32(run: KernelRun, ins: Instruction, o: Operand, bits: number, type: string): Src | null {
  if (o.kind === 'reg') {
    if (run.layout.wide[o.index] === 1 || run.kernel.registerBits[o.index]! > bits) {
      return null
    }
    return new Src(run.layout.slot[o.index]!, 0, 0)
  }
  if (o.kind === 'imm' || o.kind === 'fimm') {
    const k = Number(run.read(null as unknown as Warp, ins, o, 0, bits, type))
    return new Src(-1, k, f32OfBits(k))
  }
  return null
}

function src64(run: KernelRun, ins: Instruction, o: Operand, type: string): Src64 | null {
  if (o.kind === 'reg') {
    return run.layout.wide[o.index] === 1 ? new Src64(run.layout.slot[o.index]!, 0, 0) : null
  }
  if (o.kind === 'imm' || o.kind === 'fimm') {
    const v = run.read(null as unknown as Warp, ins, o, 0, 64, type)
    return new Src64(-1, Number(v & 0xffffffffn), Number(v >> 32n))
  }
  return null
}

/** The word offset of a destination register of exactly `bits` bits (<= 32), or -1. */
export function dst32(run: KernelRun, o: Operand | undefined, bits: number): number {
  if (o?.kind !== 'reg' || run.layout.wide[o.index] === 1 || run.kernel.registerBits[o.index] !== bits) {
    return -1
  }
  return run.layout.slot[o.index]!
}

function dst64(run: KernelRun, o: Operand | undefined): number {
  if (o?.kind !== 'reg' || run.layout.wide[o.index] !== 1) {
    return -1
  }
  return run.layout.slot[o.index]!
}

/** Lane index of the lowest set bit. */
function low(m: number): number {
  return 31 - Math.clz32(m & -m)
}

type Op1 = (a: number) => number
type Op2 = (a: number, b: number) => number
type Op3 = (a: number, b: number, c: number) => number

function lanes1(d: number, A: Src, f: Op1): Handler {
  const as = A.slot
  const ak = A.k
  return (w, active) => {
    const u = w.u32
    for (let m = active; m !== 0; m &= m - 1) {
      const l = low(m)
      u[d + l] = f(as >= 0 ? u[as + l]! : ak)
    }
  }
}

function lanes2(d: number, A: Src, B: Src, f: Op2): Handler {
  const as = A.slot
  const ak = A.k
  const bs = B.slot
  const bk = B.k
  return (w, active) => {
    const u = w.u32
    for (let m = active; m !== 0; m &= m - 1) {
      const l = low(m)
      u[d + l] = f(as >= 0 ? u[as + l]! : ak, bs >= 0 ? u[bs + l]! : bk)
    }
  }
}

function lanes3(d: number, A: Src, B: Src, C: Src, f: Op3): Handler {
  const as = A.slot
  const ak = A.k
  const bs = B.slot
  const bk = B.k
  const cs = C.slot
  const ck = C.k
  return (w, active) => {
    const u = w.u32
    for (let m = active; m !== 0; m &= m - 1) {
      const l = low(m)
      u[d + l] = f(as >= 0 ? u[as + l]! : ak, bs >= 0 ? u[bs + l]! : bk, cs >= 0 ? u[cs + l]! : ck)
    }
  }
}

/** 32x32 -> 64-bit unsigned product into `out` (low, high words). */
function mulWideU32(a: number, b: number, out: Uint32Array, at: number): void {
  const al = a & 0xffff
  const ah = a >>> 16
  const bl = b & 0xffff
  const bh = b >>> 16
  const ll = al * bl
  const mid = al * bh + ah * bl + (ll >>> 16)
  out[at] = ((mid & 0xffff) * 65536 + (ll & 0xffff)) >>> 0
  out[at + 1] = ah * bh + Math.floor(mid / 65536)
}

/** Two's-complement negation of the 64-bit value at `out[at]` (low), `out[at + 1]` (high). */
function neg64(out: Uint32Array, at: number): void {
  const lo = out[at]!
  out[at] = -lo >>> 0
  out[at + 1] = ~out[at + 1]! + (lo === 0 ? 1 : 0)
}

/** Compiles `ins` to a fast handler, or returns null for the per-lane path. */
export function compileFast(run: KernelRun, ins: Instruction): Handler | null {
  const mods = ins.mods
  const type = mods[mods.length - 1] ?? ''
  switch (ins.base) {
    case 'mov':
      return compileMov(run, ins, type)
    case 'ld':
    case 'ldu':
      return compileLoad(run, ins, type)
    case 'st':
      return compileStore(run, ins, type)
    case 'setp':
      return compileSetp(run, ins, type)
    case 'selp':
      return compileSelp(run, ins, type)
    case 'cvt':
      return compileCvt(run, ins, type)
    case 'cp':
      return compileCpAsync(run, ins)
    default:
      if (type === 'f32') {
        return compileF32(run, ins)
      }
      if (type === 'pred') {
        return compilePred(run, ins)
      }
      if (type === 's32' || type === 'u32' || type === 'b32') {
        return mods.includes('wide') ? compileWide(run, ins, type) : compileInt32(run, ins, type)
      }
      if (type === 's64' || type === 'u64' || type === 'b64') {
        return compileInt64(run, ins, type)
      }
      return null
  }
}

function compileMov(run: KernelRun, ins: Instruction, type: string): Handler | null {
  const [d, s] = ins.operands
  if (s === undefined || ins.operands.length !== 2) {
    return null
  }
  const bits = typeBits(type)
  if (bits === 64) {
    const D = dst64(run, d)
    const S = src64(run, ins, s, type)
    if (D < 0 || S === null) {
      return null
    }
    const ss = S.slot
    const lo = S.lo
    const hi = S.hi
    return (w, active) => {
      const u = w.u32
      for (let m = active; m !== 0; m &= m - 1) {
        const l = low(m)
        u[D + 2 * l] = ss >= 0 ? u[ss + 2 * l]! : lo
        u[D + 2 * l + 1] = ss >= 0 ? u[ss + 2 * l + 1]! : hi
      }
    }
  }
  if (d?.kind === 'vec' || s.kind === 'vec') {
    return compileMovVector(run, ins, bits)
  }
  if (bits === 0 || bits > 32) {
    return null
  }
  if (s.kind === 'sreg') {
    const D = dst32(run, d, 32)
    if (D < 0 || bits !== 32) {
      return null
    }
    const get = run.sregReader(s.name)
    return (w, active) => {
      const u = w.u32
      for (let m = active; m !== 0; m &= m - 1) {
        const l = low(m)
        u[D + l] = get(w, l)
      }
    }
  }
  const D = dst32(run, d, bits)
  const S = src32(run, ins, s, bits, type)
  if (D < 0 || S === null) {
    return null
  }
  return lanes1(D, S, (a) => a)
}

/** The place of one field of a packed `mov`: register word slot, 64-bit?, word (0 low, 1 high), shift, mask. */
class Field {
  constructor(
    readonly slot: number,
    readonly word: number,
    readonly shift: number,
    readonly mask: number,
  ) {}
}

/** `mov.b32 {a, b}, r` / `mov.b32 r, {a, b}` (and b64 with 32- or 16-bit parts): packing without BigInt. */
function compileMovVector(run: KernelRun, ins: Instruction, bits: number): Handler | null {
  const [d, s] = ins.operands
  const unpack = d!.kind === 'vec'
  const vec = unpack ? d! : s!
  const whole = unpack ? s! : d!
  if (vec.kind !== 'vec' || whole.kind !== 'reg' || (bits !== 32 && bits !== 64)) {
    return null
  }
  const wideWhole = run.layout.wide[whole.index] === 1
  if (run.kernel.registerBits[whole.index] !== bits || wideWhole !== (bits === 64)) {
    return null
  }
  const fields: Field[] = []
  let shift = 0
  for (const it of vec.items) {
    if (it.kind !== 'reg' || run.layout.wide[it.index] === 1) {
      return null
    }
    const b = run.kernel.registerBits[it.index]!
    if (b > 32 || (shift % 32) + b > 32) {
      return null
    }
    fields.push(new Field(run.layout.slot[it.index]!, shift >= 32 ? 1 : 0, shift % 32, b === 32 ? 0xffffffff : (1 << b) - 1))
    shift += b
  }
  if (shift > bits) {
    return null
  }
  const W = run.layout.slot[whole.index]!
  const stride = bits === 64 ? 2 : 1
  const n = fields.length
  return (w, active) => {
    const u = w.u32
    for (let m = active; m !== 0; m &= m - 1) {
      const l = low(m)
      const at = W + stride * l
      if (unpack) {
        for (let i = 0; i < n; i++) {
          const f = fields[i]!
          u[f.slot + l] = (u[at + f.word]! >>> f.shift) & f.mask
        }
      } else {
        let lo = 0
        let hi = 0
        for (let i = 0; i < n; i++) {
          const f = fields[i]!
          const v = (u[f.slot + l]! & f.mask) << f.shift
          if (f.word === 0) {
            lo |= v
          } else {
            hi |= v
          }
        }
        u[at] = lo
        if (stride === 2) {
          u[at + 1] = hi
        }
      }
    }
  }
}

function compileInt32(run: KernelRun, ins: Instruction, type: string): Handler | null {
  const ops = ins.operands
  const D = dst32(run, ops[0], 32)
  if (D < 0) {
    return null
  }
  const signed = type[0] === 's'
  const A = ops[1] === undefined ? null : src32(run, ins, ops[1], 32, type)
  if (A === null) {
    return null
  }
  const B = ops[2] === undefined ? null : src32(run, ins, ops[2], 32, type)
  const hi = ins.mods.includes('hi')
  switch (ins.base) {
    case 'neg':
      return lanes1(D, A, (a) => -a)
    case 'not':
      return lanes1(D, A, (a) => ~a)
    case 'cnot':
      return lanes1(D, A, (a) => (a === 0 ? 1 : 0))
    case 'abs':
      return signed ? lanes1(D, A, (a) => Math.abs(a | 0)) : null
    case 'popc':
      return lanes1(D, A, (a) => {
        let c = 0
        for (let x = a; x !== 0; x &= x - 1) {
          c++
        }
        return c
      })
    case 'clz':
      return lanes1(D, A, (a) => Math.clz32(a))
  }
  if (B === null || ops.length !== (ins.base === 'mad' ? 4 : 3)) {
    return null
  }
  switch (ins.base) {
    case 'add':
      return lanes2(D, A, B, (a, b) => a + b)
    case 'sub':
      return lanes2(D, A, B, (a, b) => a - b)
    case 'mul':
      if (hi) {
        const t = new Uint32Array(2)
        return lanes2(D, A, B, signed ? (a, b) => mulHiS32(a, b, t) : (a, b) => mulHiU32(a, b, t))
      }
      return lanes2(D, A, B, (a, b) => Math.imul(a, b))
    case 'mad': {
      const C = src32(run, ins, ops[3]!, 32, type)
      if (C === null || hi) {
        return null
      }
      return lanes3(D, A, B, C, (a, b, c) => Math.imul(a, b) + c)
    }
    case 'and':
      return lanes2(D, A, B, (a, b) => a & b)
    case 'or':
      return lanes2(D, A, B, (a, b) => a | b)
    case 'xor':
      return lanes2(D, A, B, (a, b) => a ^ b)
    case 'shl':
      return lanes2(D, A, B, (a, n) => (n >= 32 ? 0 : a << n))
    case 'shr':
      return lanes2(D, A, B, signed ? (a, n) => (a | 0) >> (n >= 32 ? 31 : n) : (a, n) => (n >= 32 ? 0 : a >>> n))
    case 'min':
      return lanes2(D, A, B, signed ? (a, b) => Math.min(a | 0, b | 0) : (a, b) => Math.min(a, b))
    case 'max':
      return lanes2(D, A, B, signed ? (a, b) => Math.max(a | 0, b | 0) : (a, b) => Math.max(a, b))
    case 'div':
      return lanes2(D, A, B, signed ? (a, b) => (b === 0 ? 0xffffffff : Math.trunc((a | 0) / (b | 0))) : (a, b) => (b === 0 ? 0xffffffff : Math.floor(a / b)))
    case 'rem':
      return lanes2(D, A, B, signed ? (a, b) => (b === 0 ? a : (a | 0) % (b | 0)) : (a, b) => (b === 0 ? a : a % b))
    default:
      return null
  }
}

function mulHiU32(a: number, b: number, t: Uint32Array): number {
  mulWideU32(a, b, t, 0)
  return t[1]!
}

function mulHiS32(a: number, b: number, t: Uint32Array): number {
  const na = (a | 0) < 0
  const nb = (b | 0) < 0
  mulWideU32(na ? -(a | 0) >>> 0 : a, nb ? -(b | 0) >>> 0 : b, t, 0)
  if (na !== nb) {
    neg64(t, 0)
  }
  return t[1]!
}

/** `mul.wide.{s32,u32}` (32 x 32 -> 64 bits). */
function compileWide(run: KernelRun, ins: Instruction, type: string): Handler | null {
  const ops = ins.operands
  const D = dst64(run, ops[0])
  const mad = ins.base === 'mad'
  if (D < 0 || (ins.base !== 'mul' && !mad) || ops.length !== (mad ? 4 : 3)) {
    return null
  }
  const A = src32(run, ins, ops[1]!, 32, type)
  const B = src32(run, ins, ops[2]!, 32, type)
  const C = mad ? src64(run, ins, ops[3]!, type === 'u32' ? 'u64' : 's64') : new Src64(-1, 0, 0)
  if (A === null || B === null || C === null) {
    return null
  }
  const cs = C.slot
  const signed = type[0] === 's'
  const as = A.slot
  const ak = A.k
  const bs = B.slot
  const bk = B.k
  return (w, active) => {
    const u = w.u32
    for (let m = active; m !== 0; m &= m - 1) {
      const l = low(m)
      const a = as >= 0 ? u[as + l]! : ak
      const b = bs >= 0 ? u[bs + l]! : bk
      const cLo = cs >= 0 ? u[cs + 2 * l]! : C.lo
      const cHi = cs >= 0 ? u[cs + 2 * l + 1]! : C.hi
      if (signed) {
        const na = (a | 0) < 0
        const nb = (b | 0) < 0
        mulWideU32(na ? -(a | 0) >>> 0 : a, nb ? -(b | 0) >>> 0 : b, u, D + 2 * l)
        if (na !== nb) {
          neg64(u, D + 2 * l)
        }
      } else {
        mulWideU32(a, b, u, D + 2 * l)
      }
      if (mad) {
        const lo = u[D + 2 * l]! + cLo
        u[D + 2 * l] = lo
        u[D + 2 * l + 1] = u[D + 2 * l + 1]! + cHi + (lo > 0xffffffff ? 1 : 0)
      }
    }
  }
}

function compileInt64(run: KernelRun, ins: Instruction, type: string): Handler | null {
  const ops = ins.operands
  const D = dst64(run, ops[0])
  if (D < 0 || ops.length < 2 || ins.mods.includes('hi') || ins.mods.includes('wide')) {
    return null
  }
  const signed = type[0] === 's'
  const A = src64(run, ins, ops[1]!, type)
  if (A === null) {
    return null
  }
  const as = A.slot
  const alo = A.lo
  const ahi = A.hi
  if (ins.base === 'neg' || ins.base === 'not') {
    const isNeg = ins.base === 'neg'
    return (w, active) => {
      const u = w.u32
      for (let m = active; m !== 0; m &= m - 1) {
        const l = low(m)
        const at = D + 2 * l
        const lo = as >= 0 ? u[as + 2 * l]! : alo
        const hi = as >= 0 ? u[as + 2 * l + 1]! : ahi
        if (isNeg) {
          u[at] = lo
          u[at + 1] = hi
          neg64(u, at)
        } else {
          u[at] = ~lo
          u[at + 1] = ~hi
        }
      }
    }
  }
  if (ops.length !== (ins.base === 'mad' ? 4 : 3)) {
    return null
  }
  if (ins.base === 'shl' || ins.base === 'shr') {
    const N = src32(run, ins, ops[2]!, 32, 'u32')
    if (N === null) {
      return null
    }
    const ns = N.slot
    const nk = N.k
    const left = ins.base === 'shl'
    return (w, active) => {
      const u = w.u32
      for (let m = active; m !== 0; m &= m - 1) {
        const l = low(m)
        const lo = as >= 0 ? u[as + 2 * l]! : alo
        const hi = as >= 0 ? u[as + 2 * l + 1]! : ahi
        const n = ns >= 0 ? u[ns + l]! : nk
        const at = D + 2 * l
        if (n === 0) {
          u[at] = lo
          u[at + 1] = hi
        } else if (left) {
          u[at] = n >= 32 ? 0 : lo << n
          u[at + 1] = n >= 64 ? 0 : n >= 32 ? lo << (n - 32) : (hi << n) | (lo >>> (32 - n))
        } else if (signed) {
          const sign = (hi | 0) >> 31
          u[at] = n >= 64 ? sign : n >= 32 ? (hi | 0) >> (n - 32) : (lo >>> n) | (hi << (32 - n))
          u[at + 1] = n >= 32 ? sign : (hi | 0) >> n
        } else {
          u[at] = n >= 64 ? 0 : n >= 32 ? hi >>> (n - 32) : (lo >>> n) | (hi << (32 - n))
          u[at + 1] = n >= 32 ? 0 : hi >>> n
        }
      }
    }
  }
  const B = src64(run, ins, ops[2]!, type)
  if (B === null) {
    return null
  }
  const bs = B.slot
  const blo = B.lo
  const bhi = B.hi
  let C: Src64 | null = null
  if (ins.base === 'mad') {
    C = src64(run, ins, ops[3]!, type)
    if (C === null) {
      return null
    }
  }
  const cs = C?.slot ?? -1
  const clo = C?.lo ?? 0
  const chi = C?.hi ?? 0
  let op: number
  switch (ins.base) {
    case 'add':
      op = 0
      break
    case 'sub':
      op = 1
      break
    case 'and':
      op = 2
      break
    case 'or':
      op = 3
      break
    case 'xor':
      op = 4
      break
    case 'mul':
      op = 5
      break
    case 'mad':
      op = 6
      break
    default:
      return null
  }
  const t = new Uint32Array(2)
  return (w, active) => {
    const u = w.u32
    for (let m = active; m !== 0; m &= m - 1) {
      const l = low(m)
      const aLo = as >= 0 ? u[as + 2 * l]! : alo
      const aHi = as >= 0 ? u[as + 2 * l + 1]! : ahi
      const bLo = bs >= 0 ? u[bs + 2 * l]! : blo
      const bHi = bs >= 0 ? u[bs + 2 * l + 1]! : bhi
      const at = D + 2 * l
      switch (op) {
        case 0: {
          const lo = aLo + bLo
          u[at] = lo
          u[at + 1] = aHi + bHi + (lo > 0xffffffff ? 1 : 0)
          break
        }
        case 1: {
          const lo = aLo - bLo
          u[at] = lo
          u[at + 1] = aHi - bHi - (lo < 0 ? 1 : 0)
          break
        }
        case 2:
          u[at] = aLo & bLo
          u[at + 1] = aHi & bHi
          break
        case 3:
          u[at] = aLo | bLo
          u[at + 1] = aHi | bHi
          break
        case 4:
          u[at] = aLo ^ bLo
          u[at + 1] = aHi ^ bHi
          break
        default: {
          // Low 64 bits of the product: aLo * bLo in full, plus the cross terms' low words.
          mulWideU32(aLo, bLo, t, 0)
          let lo = t[0]!
          let hi = t[1]! + Math.imul(aHi, bLo) + Math.imul(aLo, bHi)
          if (op === 6) {
            const cLo = cs >= 0 ? u[cs + 2 * l]! : clo
            const cHi = cs >= 0 ? u[cs + 2 * l + 1]! : chi
            lo += cLo
            hi += cHi + (lo > 0xffffffff ? 1 : 0)
          }
          u[at] = lo
          u[at + 1] = hi
        }
      }
    }
  }
}

function compilePred(run: KernelRun, ins: Instruction): Handler | null {
  const ops = ins.operands
  const D = dst32(run, ops[0], 1)
  const A = ops[1] === undefined ? null : src32(run, ins, ops[1], 1, 'pred')
  if (D < 0 || A === null) {
    return null
  }
  if (ins.base === 'not' && ops.length === 2) {
    return lanes1(D, A, (a) => a ^ 1)
  }
  const B = ops[2] === undefined || ops.length !== 3 ? null : src32(run, ins, ops[2], 1, 'pred')
  if (B === null) {
    return null
  }
  switch (ins.base) {
    case 'and':
      return lanes2(D, A, B, (a, b) => a & b)
    case 'or':
      return lanes2(D, A, B, (a, b) => a | b)
    case 'xor':
      return lanes2(D, A, B, (a, b) => a ^ b)
    default:
      return null
  }
}

const CMP_CODES = ['eq', 'ne', 'lt', 'le', 'gt', 'ge', 'lo', 'ls', 'hi', 'hs', 'equ', 'neu', 'ltu', 'leu', 'gtu', 'geu', 'num', 'nan']

/** `setp` comparison number `c` (index in CMP_CODES) of two numbers (NaN = unordered). */
function test(c: number, a: number, b: number): boolean {
  const un = a !== a || b !== b
  switch (c) {
    case 0:
      return !un && a === b
    case 1:
      return !un && a !== b
    case 2:
    case 6:
      return !un && a < b
    case 3:
    case 7:
      return !un && a <= b
    case 4:
    case 8:
      return !un && a > b
    case 5:
    case 9:
      return !un && a >= b
    case 10:
      return un || a === b
    case 11:
      return un || a !== b
    case 12:
      return un || a < b
    case 13:
      return un || a <= b
    case 14:
      return un || a > b
    case 15:
      return un || a >= b
    case 16:
      return !un
    default:
      return un
  }
}

function compileSetp(run: KernelRun, ins: Instruction, type: string): Handler | null {
  const ops = ins.operands
  const mods = ins.mods
  const cmp = CMP_CODES.indexOf(mods[0]!)
  const isFloatType = type === 'f32'
  if (!isFloatType && cmp >= 10) {
    return null
  }
  const boolOp = mods.length >= 3 && (mods[1] === 'and' || mods[1] === 'or' || mods[1] === 'xor') ? mods[1] : null
  const D = dst32(run, ops[0], 1)
  if (cmp < 0 || D < 0 || ops.length !== (boolOp === null ? 3 : 4)) {
    return null
  }
  let P: Src | null = null
  if (boolOp !== null) {
    P = src32(run, ins, ops[3]!, 1, 'pred')
    if (P === null) {
      return null
    }
  }
  const bop = boolOp === 'and' ? 1 : boolOp === 'or' ? 2 : boolOp === 'xor' ? 3 : 0
  const ps = P?.slot ?? -1
  const pk = P?.k ?? 0
  const combine = (u: Uint32Array, l: number, r: boolean): number => {
    if (bop === 0) {
      return r ? 1 : 0
    }
    const c = (ps >= 0 ? u[ps + l]! : pk) !== 0
    return (bop === 1 ? r && c : bop === 2 ? r || c : r !== c) ? 1 : 0
  }
  if (type === 's64' || type === 'u64' || type === 'b64') {
    const A = src64(run, ins, ops[1]!, type)
    const B = src64(run, ins, ops[2]!, type)
    if (A === null || B === null) {
      return null
    }
    const signed = type[0] === 's' && cmp < 6
    const as = A.slot
    const bs = B.slot
    return (w, active) => {
      const u = w.u32
      for (let m = active; m !== 0; m &= m - 1) {
        const l = low(m)
        const aLo = as >= 0 ? u[as + 2 * l]! : A.lo
        const aHi = as >= 0 ? u[as + 2 * l + 1]! : A.hi
        const bLo = bs >= 0 ? u[bs + 2 * l]! : B.lo
        const bHi = bs >= 0 ? u[bs + 2 * l + 1]! : B.hi
        // -1, 0, 1 as the 64-bit comparison, then the test on that against 0.
        const ha = signed ? aHi | 0 : aHi
        const hb = signed ? bHi | 0 : bHi
        const s = ha < hb ? -1 : ha > hb ? 1 : aLo < bLo ? -1 : aLo > bLo ? 1 : 0
        u[D + l] = combine(u, l, test(cmp, s, 0))
      }
    }
  }
  const bits = typeBits(type)
  const isFloat = type === 'f32'
  if (!isFloat && !(bits === 32 && (type[0] === 's' || type[0] === 'u' || type[0] === 'b'))) {
    return null
  }
  const A = src32(run, ins, ops[1]!, 32, type)
  const B = src32(run, ins, ops[2]!, 32, type)
  if (A === null || B === null) {
    return null
  }
  const as = A.slot
  const bs = B.slot
  if (isFloat) {
    const flush = mods.includes('ftz')
    const ak = A.kf
    const bk = B.kf
    return (w, active) => {
      const u = w.u32
      const f = w.f32
      for (let m = active; m !== 0; m &= m - 1) {
        const l = low(m)
        let a = as >= 0 ? f[as + l]! : ak
        let b = bs >= 0 ? f[bs + l]! : bk
        if (flush) {
          a = ftz(a)
          b = ftz(b)
        }
        u[D + l] = combine(u, l, test(cmp, a, b))
      }
    }
  }
  const signed = type[0] === 's' && cmp < 6
  const ak = A.k
  const bk = B.k
  return (w, active) => {
    const u = w.u32
    for (let m = active; m !== 0; m &= m - 1) {
      const l = low(m)
      const a = as >= 0 ? u[as + l]! : ak
      const b = bs >= 0 ? u[bs + l]! : bk
      u[D + l] = combine(u, l, signed ? test(cmp, a | 0, b | 0) : test(cmp, a, b))
    }
  }
}

function compileSelp(run: KernelRun, ins: Instruction, type: string): Handler | null {
  const ops = ins.operands
  if (ops.length !== 4) {
    return null
  }
  const C = src32(run, ins, ops[3]!, 1, 'pred')
  const bits = typeBits(type)
  if (C === null) {
    return null
  }
  const cs = C.slot
  const ck = C.k
  if (bits === 64) {
    const D = dst64(run, ops[0])
    const A = src64(run, ins, ops[1]!, type)
    const B = src64(run, ins, ops[2]!, type)
    if (D < 0 || A === null || B === null) {
      return null
    }
    return (w, active) => {
      const u = w.u32
      for (let m = active; m !== 0; m &= m - 1) {
        const l = low(m)
        const S = (cs >= 0 ? u[cs + l]! : ck) !== 0 ? A : B
        u[D + 2 * l] = S.slot >= 0 ? u[S.slot + 2 * l]! : S.lo
        u[D + 2 * l + 1] = S.slot >= 0 ? u[S.slot + 2 * l + 1]! : S.hi
      }
    }
  }
  if (bits !== 32) {
    return null
  }
  const D = dst32(run, ops[0], 32)
  const A = src32(run, ins, ops[1]!, 32, type)
  const B = src32(run, ins, ops[2]!, 32, type)
  if (D < 0 || A === null || B === null) {
    return null
  }
  return lanes3(D, A, B, C, (a, b, c) => (c !== 0 ? a : b))
}

/** Writes the f32 result `x` (rounded here) with the emulator's canonical NaN bits. */
function putF32(u: Uint32Array, f: Float32Array, at: number, x: number, nan: number): void {
  const r = Math.fround(x)
  if (r !== r) {
    u[at] = nan
  } else {
    f[at] = r
  }
}

function compileF32(run: KernelRun, ins: Instruction): Handler | null {
  const ops = ins.operands
  const mods = ins.mods
  const D = dst32(run, ops[0], 32)
  if (D < 0 || ops.length < 2) {
    return null
  }
  const srcs: Src[] = []
  for (let i = 1; i < ops.length; i++) {
    const s = src32(run, ins, ops[i]!, 32, 'f32')
    if (s === null) {
      return null
    }
    srcs.push(s)
  }
  const flush = mods.includes('ftz')
  const sat = mods.includes('sat')
  const r = roundingOf(mods)
  const rn = r === null || r === 'rn'
  if (ins.base === 'neg' || ins.base === 'abs') {
    if (flush || sat || srcs.length !== 1) {
      return null
    }
    return lanes1(D, srcs[0]!, ins.base === 'neg' ? (a) => a ^ 0x80000000 : (a) => a & 0x7fffffff)
  }
  let f: Op3
  let nan = 0x7fffffff
  const n = srcs.length
  switch (ins.base) {
    case 'add':
      f = (a, b) => a + b
      break
    case 'sub':
      f = (a, b) => a - b
      break
    case 'mul':
      f = (a, b) => a * b
      break
    case 'fma':
    case 'mad':
      if (n !== 3) {
        return null
      }
      f = fmaF32
      nan = 0x7fc00000
      break
    case 'div':
      f = (a, b) => a / b
      break
    case 'sqrt':
      f = Math.sqrt
      break
    case 'rcp':
      f = (a) => 1 / a
      break
    case 'rsqrt':
    case 'ex2':
    case 'lg2':
    case 'sin':
    case 'cos':
    case 'tanh': {
      const g = APPROX[ins.base]!
      f = (a) => g(a)
      if (n !== 1) {
        return null
      }
      break
    }
    case 'min':
    case 'max': {
      const isMin = ins.base === 'min'
      const nanProp = mods.includes('NaN')
      f = (a, b) => {
        if (a !== a || b !== b) {
          return nanProp || (a !== a && b !== b) ? NaN : a !== a ? b : a
        }
        return isMin ? Math.min(a, b) : Math.max(a, b)
      }
      break
    }
    default:
      return null
  }
  const exact = ins.base === 'add' || ins.base === 'sub' || ins.base === 'mul' || ins.base === 'fma' || ins.base === 'mad' || ins.base === 'div' || ins.base === 'sqrt' || ins.base === 'rcp'
  if (exact && !rn) {
    return null
  }
  const A = srcs[0]!
  const B = srcs[1] ?? A
  const C = srcs[2] ?? A
  const as = A.slot
  const bs = B.slot
  const cs = C.slot
  const ak = A.kf
  const bk = B.kf
  const ck = C.kf
  return (w, active) => {
    const u = w.u32
    const fl = w.f32
    for (let m = active; m !== 0; m &= m - 1) {
      const l = low(m)
      let a = as >= 0 ? fl[as + l]! : ak
      let b = bs >= 0 ? fl[bs + l]! : bk
      let c = cs >= 0 ? fl[cs + l]! : ck
      if (flush) {
        a = ftz(a)
        b = ftz(b)
        c = ftz(c)
      }
      let x = Math.fround(f(a, b, c))
      let bitsNaN = nan
      if (flush) {
        bitsNaN = 0x7fffffff
        x = ftz(x)
      }
      if (sat) {
        x = x !== x ? 0 : Math.min(Math.max(x, 0), 1)
      }
      putF32(u, fl, D + l, x, bitsNaN)
    }
  }
}

function compileCvt(run: KernelRun, ins: Instruction, st: string): Handler | null {
  const mods = ins.mods
  const dt = mods[mods.length - 2] ?? ''
  const ops = ins.operands
  if (ops.length !== 2 || mods.includes('sat') || mods.includes('satfinite') || mods.includes('relu') || mods.includes('ftz')) {
    return null
  }
  const r = roundingOf(mods)
  const isInt = (t: string): boolean => /^[sub](8|16|32|64)$/.test(t)
  const sBits = typeBits(st)
  const dBits = typeBits(dt)
  const d = ops[0]!
  if (isInt(dt) && isInt(st)) {
    if (sBits === 64) {
      const S = src64(run, ins, ops[1]!, st)
      if (S === null) {
        return null
      }
      const ss = S.slot
      if (dBits === 64) {
        const D = dst64(run, d)
        return D < 0 ? null : (w, active) => {
          const u = w.u32
          for (let m = active; m !== 0; m &= m - 1) {
            const l = low(m)
            u[D + 2 * l] = ss >= 0 ? u[ss + 2 * l]! : S.lo
            u[D + 2 * l + 1] = ss >= 0 ? u[ss + 2 * l + 1]! : S.hi
          }
        }
      }
      const D = d.kind === 'reg' && run.kernel.registerBits[d.index]! >= dBits ? dst32(run, d, run.kernel.registerBits[d.index]!) : -1
      const mask = dBits === 32 ? 0xffffffff : (1 << dBits) - 1
      return D < 0 ? null : (w, active) => {
        const u = w.u32
        for (let m = active; m !== 0; m &= m - 1) {
          const l = low(m)
          u[D + l] = (ss >= 0 ? u[ss + 2 * l]! : S.lo) & mask
        }
      }
    }
    const S = src32(run, ins, ops[1]!, sBits, st)
    if (S === null) {
      return null
    }
    const shift = 32 - sBits
    const sSigned = st[0] === 's'
    const ext = (a: number): number => (sSigned ? (a << shift) >> shift : a)
    if (dBits === 64) {
      const D = dst64(run, d)
      const ss = S.slot
      return D < 0 ? null : (w, active) => {
        const u = w.u32
        for (let m = active; m !== 0; m &= m - 1) {
          const l = low(m)
          const v = ext(ss >= 0 ? u[ss + l]! : S.k)
          u[D + 2 * l] = v
          u[D + 2 * l + 1] = v < 0 ? 0xffffffff : 0
        }
      }
    }
    const rb = d.kind === 'reg' ? run.kernel.registerBits[d.index]! : 0
    const D = rb >= dBits ? dst32(run, d, rb) : -1
    const mask = dBits === 32 ? 0xffffffff : (1 << dBits) - 1
    return D < 0 ? null : lanes1(D, S, (a) => ext(a) & mask)
  }
  if (st === 'f32' && (dt === 'f16' || dt === 'bf16') && (r === null || r === 'rn')) {
    const fmt = dt === 'f16' ? F16 : BF16
    const rb = d.kind === 'reg' ? run.kernel.registerBits[d.index]! : 0
    const D = rb >= 16 ? dst32(run, d, rb) : -1
    const S = src32(run, ins, ops[1]!, 32, st)
    if (D < 0 || S === null) {
      return null
    }
    const ss = S.slot
    return (w, active) => {
      const u = w.u32
      const f = w.f32
      for (let m = active; m !== 0; m &= m - 1) {
        const l = low(m)
        u[D + l] = encodeNarrowRN(ss >= 0 ? f[ss + l]! : S.kf, fmt)
      }
    }
  }
  if (dt === 'f32' && (st === 'f16' || st === 'bf16') && (r === null || r === 'rn')) {
    const table = halfTable(st === 'f16' ? F16 : BF16)
    const D = dst32(run, d, 32)
    const S = src32(run, ins, ops[1]!, 16, st)
    if (D < 0 || S === null) {
      return null
    }
    const ss = S.slot
    return (w, active) => {
      const u = w.u32
      const f = w.f32
      for (let m = active; m !== 0; m &= m - 1) {
        const l = low(m)
        putF32(u, f, D + l, table[ss >= 0 ? u[ss + l]! : S.k]!, 0x7fffffff)
      }
    }
  }
  if (dt === 'f32' && (st === 'u32' || st === 's32') && (r === null || r === 'rn')) {
    const D = dst32(run, d, 32)
    const S = src32(run, ins, ops[1]!, 32, st)
    if (D < 0 || S === null) {
      return null
    }
    const signed = st === 's32'
    const ss = S.slot
    return (w, active) => {
      const u = w.u32
      const f = w.f32
      for (let m = active; m !== 0; m &= m - 1) {
        const l = low(m)
        const a = ss >= 0 ? u[ss + l]! : S.k
        f[D + l] = signed ? a | 0 : a
      }
    }
  }
  if (st === 'f32' && (dt === 's32' || dt === 'u32') && (r === null || r === 'rzi' || r === 'rni' || r === 'rmi' || r === 'rpi')) {
    const D = dst32(run, d, 32)
    const S = src32(run, ins, ops[1]!, 32, st)
    if (D < 0 || S === null) {
      return null
    }
    const lo = dt === 's32' ? -(2 ** 31) : 0
    const hi = dt === 's32' ? 2 ** 31 - 1 : 2 ** 32 - 1
    const ss = S.slot
    return (w, active) => {
      const u = w.u32
      const f = w.f32
      for (let m = active; m !== 0; m &= m - 1) {
        const l = low(m)
        const x = ss >= 0 ? f[ss + l]! : S.kf
        let y: number
        if (x !== x) {
          y = 0
        } else if (r === 'rni') {
          y = Math.round(x)
          if (Math.abs(x - Math.trunc(x)) === 0.5) {
            y = 2 * Math.round(x / 2)
          }
        } else {
          y = r === 'rmi' ? Math.floor(x) : r === 'rpi' ? Math.ceil(x) : Math.trunc(x)
        }
        u[D + l] = y > hi ? hi : y < lo ? lo : y
      }
    }
  }
  return null
}

/** The address operand `o` of a memory instruction: a base (64-bit or 32-bit register, or a constant) plus offset. */
class Address {
  constructor(
    readonly slot: number,
    readonly wide: boolean,
    readonly constant: number,
  ) {}
}

function address(run: KernelRun, ins: Instruction, o: Operand | undefined, space: number): Address | null {
  if (o?.kind !== 'mem') {
    return null
  }
  if (o.base === null) {
    return new Address(-1, false, o.offset)
  }
  if (o.base.kind === 'sym') {
    const p = space === SP_PARAM ? run.paramAddr.get(o.base.name) : undefined
    const s = p ?? run.sharedAddr.get(o.base.name) ?? run.localAddr.get(o.base.name)
    return s === undefined ? null : new Address(-1, false, s + o.offset)
  }
  if (o.base.kind !== 'reg') {
    return null
  }
  return new Address(run.layout.slot[o.base.index]!, run.layout.wide[o.base.index] === 1, o.offset)
}

function addressOf(u: Uint32Array, a: Address, l: number): number {
  if (a.slot < 0) {
    return a.constant
  }
  if (a.wide) {
    return u[a.slot + 2 * l + 1]! * 4294967296 + u[a.slot + 2 * l]! + a.constant
  }
  return u[a.slot + l]! + a.constant
}

/** One element of a vector load or store: a register (slot, 64-bit?, mask of its width) or a constant. */
class Item {
  constructor(
    readonly slot: number,
    readonly wide: boolean,
    readonly mask: number,
    readonly lo: number,
    readonly hi: number,
  ) {}
}

function items(run: KernelRun, ins: Instruction, o: Operand | undefined, size: number, type: string, store: boolean): Item[] | null {
  if (o === undefined) {
    return null
  }
  const list = o.kind === 'vec' ? o.items : [o]
  const out: Item[] = []
  for (const it of list) {
    if (it.kind === 'reg') {
      const rb = run.kernel.registerBits[it.index]!
      out.push(new Item(run.layout.slot[it.index]!, run.layout.wide[it.index] === 1, rb >= 32 ? 0xffffffff : (1 << rb) - 1, 0, 0))
    } else if (store && (it.kind === 'imm' || it.kind === 'fimm')) {
      const v = run.read(null as unknown as Warp, ins, it, 0, size * 8, type)
      out.push(new Item(-1, false, 0, Number(v & 0xffffffffn), Number(v >> 32n)))
    } else {
      return null
    }
  }
  return out
}

/** The resolved parts of `ld`/`st`: state space, element size, address and the register (or constant) items. */
class Access {
  constructor(
    readonly space: number,
    readonly size: number,
    readonly addr: Address,
    readonly items: Item[],
  ) {}
}

function access(run: KernelRun, ins: Instruction, type: string, store: boolean): Access | null {
  const space = spaceCode(run.spaceOf(ins))
  const size = typeBits(type) / 8
  if (space < 0 || !(size === 1 || size === 2 || size === 4 || size === 8) || ins.operands.length !== 2) {
    return null
  }
  const addr = address(run, ins, ins.operands[store ? 0 : 1], space)
  const list = items(run, ins, ins.operands[store ? 1 : 0], size, type, store)
  return addr === null || list === null ? null : new Access(space, size, addr, list)
}

function compileLoad(run: KernelRun, ins: Instruction, type: string): Handler | null {
  const acc = access(run, ins, type, false)
  if (acc === null) {
    return null
  }
  const { space, size, addr, items: dst } = acc
  const signed = type[0] === 's'
  const total = size * dst.length
  const n = dst.length
  return (w, active) => {
    const u = w.u32
    for (let m = active; m !== 0; m &= m - 1) {
      const l = low(m)
      run.locate(w, ins, l, space, addressOf(u, addr, l), total)
      const view = run.memView
      let off = run.memOff
      for (let i = 0; i < n; i++, off += size) {
        const it = dst[i]!
        let lo: number
        let hi = 0
        switch (size) {
          case 1:
            lo = signed ? view.getInt8(off) : view.getUint8(off)
            break
          case 2:
            lo = signed ? view.getInt16(off, true) : view.getUint16(off, true)
            break
          case 4:
            lo = signed ? view.getInt32(off, true) : view.getUint32(off, true)
            break
          default:
            lo = view.getUint32(off, true)
            hi = view.getUint32(off + 4, true)
        }
        if (it.wide) {
          u[it.slot + 2 * l] = lo
          u[it.slot + 2 * l + 1] = size === 8 ? hi : lo < 0 ? 0xffffffff : 0
        } else {
          u[it.slot + l] = lo & it.mask
        }
      }
    }
  }
}

function compileStore(run: KernelRun, ins: Instruction, type: string): Handler | null {
  const acc = access(run, ins, type, true)
  if (acc === null) {
    return null
  }
  const { space, size, addr, items: src } = acc
  const total = size * src.length
  const n = src.length
  return (w, active) => {
    const u = w.u32
    for (let m = active; m !== 0; m &= m - 1) {
      const l = low(m)
      run.locate(w, ins, l, space, addressOf(u, addr, l), total)
      const view = run.memView
      let off = run.memOff
      for (let i = 0; i < n; i++, off += size) {
        const it = src[i]!
        const lo = it.slot < 0 ? it.lo : it.wide ? u[it.slot + 2 * l]! : u[it.slot + l]!
        switch (size) {
          case 1:
            view.setUint8(off, lo)
            break
          case 2:
            view.setUint16(off, lo, true)
            break
          case 4:
            view.setUint32(off, lo, true)
            break
          default:
            view.setUint32(off, lo, true)
            view.setUint32(off + 4, it.slot < 0 ? it.hi : it.wide ? u[it.slot + 2 * l + 1]! : 0, true)
        }
      }
    }
  }
}

/** `cp.async.{ca,cg}.shared.global [dst], [src], size{, src-size}`, `commit_group`, `wait_group N`. */
function compileCpAsync(run: KernelRun, ins: Instruction): Handler | null {
  const mods = ins.mods
  const what = mods.join('.')
  const ops = ins.operands
  if (what === 'async.commit_group') {
    return (w, active) => {
      for (let m = active; m !== 0; m &= m - 1) {
        w.copies.committed[low(m)]!++
      }
    }
  }
  if (what === 'async.wait_group' || what === 'async.wait_all') {
    const all = what === 'async.wait_all'
    const keep = all ? 0 : ops[0]?.kind === 'imm' ? Number(ops[0].value) : -1
    if (keep < 0) {
      return null
    }
    const limit = new Int32Array(32)
    return (w, active) => {
      const c = w.copies
      for (let m = active; m !== 0; m &= m - 1) {
        const l = low(m)
        if (all) {
          c.committed[l]!++
        }
        limit[l] = c.committed[l]! - keep
      }
      c.apply(active, limit, run.currentShared())
    }
  }
  if (mods[0] !== 'async' || (mods[1] !== 'ca' && mods[1] !== 'cg') || !mods.includes('shared') || !mods.includes('global')) {
    return null
  }
  const dstSpace = SP_SHARED
  const dst = address(run, ins, ops[0], dstSpace)
  const src = address(run, ins, ops[1], SP_GLOBAL)
  const size = ops[2]?.kind === 'imm' ? Number(ops[2].value) : -1
  const S = ops.length > 3 ? src32(run, ins, ops[3]!, 32, 'u32') : new Src(-1, size, 0)
  if (dst === null || src === null || S === null || !(size === 4 || size === 8 || size === 16) || ops.length > 4) {
    return null
  }
  return (w, active) => {
    const u = w.u32
    const c = w.copies
    for (let m = active; m !== 0; m &= m - 1) {
      const l = low(m)
      const srcSize = S.slot >= 0 ? u[S.slot + l]! : S.k
      run.locate(w, ins, l, dstSpace, addressOf(u, dst, l), size)
      const at = c.push(l, run.memOff, size)
      if (srcSize > 0) {
        run.locate(w, ins, l, SP_GLOBAL, addressOf(u, src, l), srcSize)
        const bytes = run.mem
        const off = run.memOff
        const pool = c.bytes
        const n = Math.min(srcSize, size)
        for (let i = 0; i < n; i++) {
          pool[at + i] = bytes[off + i]!
        }
      }
    }
  }
}

