/**
 * Inputs, reference results and comparisons of the device check, all on the CPU: random
 * buffers of a manifest's element types, the expected outputs (the simt emulator, the cuda_tile
 * reference interpreter, or plain TypeScript), and the element-wise comparison with a
 * tolerance.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { Context, parseSourceString, succeeded } from '../../../packages/ir/src/index.ts'
import { CudaTileDialect } from '../../../packages/cuda-tile/src/index.ts'
import { TileMemory, runKernel as interpret } from '../../../packages/cuda-tile/src/interpreter/index.ts'
import { BF16, F16, runKernel as emulate, type KernelArg } from '../../../packages/simt-emulator/src/index.ts'
import { decodeNarrow, encodeNarrowRN } from '../../../packages/simt-emulator/src/float.ts'
import type { BufferArg, ElemType, Manifest } from './manifest.ts'

/** Deterministic pseudo-random numbers in [0, 1) (xorshift32). */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s / 2 ** 32
  }
}

/** The value `x` rounded to element type `t` (what a buffer of that type can hold). */
export function roundTo(x: number, t: ElemType): number {
  switch (t) {
    case 'f32':
      return Math.fround(x)
    case 'f16':
      return decodeNarrow(encodeNarrowRN(x, F16), F16)
    case 'bf16':
      return decodeNarrow(encodeNarrowRN(x, BF16), BF16)
    case 'i32':
      return Math.trunc(x) | 0
    default:
      return Math.trunc(x) >>> 0
  }
}

/** Bytes per element. */
export function elemBytes(t: ElemType): number {
  return t === 'f16' || t === 'bf16' ? 2 : 4
}

/** Element values (already representable in `t`) as the little-endian bytes a device buffer holds. */
export function encode(values: Float64Array, t: ElemType): Uint8Array {
  const n = values.length
  switch (t) {
    case 'f32':
      return new Uint8Array(Float32Array.from(values).buffer)
    case 'i32':
      return new Uint8Array(Int32Array.from(values).buffer)
    case 'u32':
      return new Uint8Array(Uint32Array.from(values).buffer)
    default: {
      const fmt = t === 'f16' ? F16 : BF16
      const h = new Uint16Array(n)
      for (let i = 0; i < n; i++) {
        h[i] = encodeNarrowRN(values[i]!, fmt)
      }
      return new Uint8Array(h.buffer)
    }
  }
}

/** The element values of device buffer bytes. */
export function decode(bytes: Uint8Array, t: ElemType): Float64Array {
  const copy = bytes.slice()
  switch (t) {
    case 'f32':
      return Float64Array.from(new Float32Array(copy.buffer, 0, copy.length / 4))
    case 'i32':
      return Float64Array.from(new Int32Array(copy.buffer, 0, copy.length / 4))
    case 'u32':
      return Float64Array.from(new Uint32Array(copy.buffer, 0, copy.length / 4))
    default: {
      const fmt = t === 'f16' ? F16 : BF16
      const h = new Uint16Array(copy.buffer, 0, copy.length / 2)
      return Float64Array.from(h, (b) => decodeNarrow(b, fmt))
    }
  }
}

/** The initial contents of every buffer argument (null for scalars). */
export function makeInputs(m: Manifest, seed: number): (Float64Array | null)[] {
  const r = rng(seed)
  return m.args.map((a) => {
    if (a.kind !== 'buffer') {
      return null
    }
    const v = new Float64Array(a.count)
    const [lo, hi] = a.range
    for (let i = 0; i < a.count; i++) {
      switch (a.init) {
        case 'random':
          v[i] = roundTo(lo + (hi - lo) * r(), a.type)
          break
        case 'grid':
          v[i] = roundTo(Math.round((lo + (hi - lo) * r()) / a.step) * a.step, a.type)
          break
        case 'fill':
          v[i] = roundTo(a.value, a.type)
          break
        default:
          v[i] = 0
      }
    }
    return v
  })
}

/** Expected contents of one output buffer; `indices` lists the checked elements (null: all). */
export interface Expected {
  readonly arg: number
  readonly values: Float64Array
  readonly indices: Int32Array | null
}

/** Computes the expected outputs of `m` on `inputs`; `ptx` is the module text (for the emulator reference). */
export function reference(m: Manifest, inputs: readonly (Float64Array | null)[], ptx: string): Expected[] {
  const ref = m.reference
  const input = (i: number): Float64Array => inputs[i]!
  switch (ref.kind) {
    case 'vector-add': {
      const out = input(ref.c).slice()
      const a = input(ref.a)
      const b = input(ref.b)
      for (let i = 0; i < ref.n && i < out.length; i++) {
        out[i] = Math.fround(a[i]! + b[i]!)
      }
      return [{ arg: ref.c, values: out, indices: null }]
    }
    case 'row-softmax': {
      const x = input(ref.x)
      const y = input(ref.y).slice()
      for (let r = 0; r < ref.m; r++) {
        let max = -Infinity
        for (let c = 0; c < ref.n; c++) {
          max = Math.max(max, x[r * ref.n + c]!)
        }
        let sum = 0
        for (let c = 0; c < ref.n; c++) {
          sum += Math.exp(x[r * ref.n + c]! - max)
        }
        for (let c = 0; c < ref.n; c++) {
          y[r * ref.n + c] = Math.fround(Math.exp(x[r * ref.n + c]! - max) / sum)
        }
      }
      return [{ arg: ref.y, values: y, indices: null }]
    }
    case 'gemm': {
      const a = input(ref.a)
      const b = input(ref.b)
      const c = input(ref.c).slice()
      const total = ref.m * ref.n
      let indices: Int32Array | null = null
      if (ref.samples > 0 && ref.samples < total) {
        const r = rng(total)
        indices = Int32Array.from({ length: ref.samples }, () => Math.floor(r() * total))
      }
      const one = (idx: number): void => {
        const i = Math.floor(idx / ref.n)
        const j = idx % ref.n
        let s = 0
        for (let k = 0; k < ref.k; k++) {
          s += a[i * ref.k + k]! * b[k * ref.n + j]!
        }
        c[idx] = Math.fround(s)
      }
      if (indices === null) {
        for (let idx = 0; idx < total; idx++) {
          one(idx)
        }
      } else {
        indices.forEach(one)
      }
      return [{ arg: ref.c, values: c, indices }]
    }
    case 'emulator': {
      const args: KernelArg[] = m.args.map((a, i) => (a.kind === 'buffer' ? encode(input(i), a.type) : a.type.endsWith('64') && a.type[0] !== 'f' ? BigInt(a.value) : a.value))
      const res = emulate(ptx, m.kernel, args, { grid: m.grid, block: m.block, dynamicSharedBytes: m.sharedBytes })
      return outputs(m).map((i) => {
        const b = res.buffers[i]!
        return { arg: i, values: decode(new Uint8Array(b.buffer, b.byteOffset, b.byteLength), (m.args[i] as BufferArg).type), indices: null }
      })
    }
    case 'cuda-tile':
      return interpretCudaTile(m, ref.source, ref.entry, ref.grid, inputs)
  }
}

/** Indices of the output buffer arguments. */
export function outputs(m: Manifest): number[] {
  return m.args.flatMap((a, i) => (a.kind === 'buffer' && a.output ? [i] : []))
}

function interpretCudaTile(m: Manifest, source: string, entry: string, grid: readonly number[], inputs: readonly (Float64Array | null)[]): Expected[] {
  const file = resolve(dirname(m.file), source)
  const ctx = new Context({ dialects: [CudaTileDialect] })
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    errors.push(d.message)
    return true
  })
  const parsed = parseSourceString(readFileSync(file, 'utf8'), ctx, { filename: file })
  if (parsed === null) {
    throw new Error(`${file}: ${errors.join('; ')}`)
  }
  const mem = new TileMemory()
  const tileName = (t: ElemType): string => (t === 'u32' ? 'i32' : t)
  const addrs: number[] = []
  const args = m.args.map((a, i) => {
    if (a.kind === 'scalar') {
      return a.value
    }
    addrs[i] = mem.allocFrom(tileName(a.type), inputs[i]!)
    return addrs[i]
  })
  const ok = interpret(parsed.op, { kernel: entry, args, grid, memory: mem })
  if (!succeeded(ok)) {
    throw new Error(`${file}: the reference interpreter failed: ${errors.join('; ')}`)
  }
  return outputs(m).map((i) => {
    const a = m.args[i] as BufferArg
    const v = Float64Array.from(mem.read(tileName(a.type), addrs[i]!, a.count))
    return { arg: i, values: a.type === 'u32' ? v.map((x) => x >>> 0) : v, indices: null }
  })
}

/** The outcome of comparing one output buffer. */
export interface Comparison {
  readonly checked: number
  readonly mismatches: number
  readonly maxAbs: number
  readonly maxRel: number
  /** The first mismatch, described (empty when none). */
  readonly first: string
}

/** Compares `got` with `want` where `|got - want| <= abs + rel * |want|` (NaN matches NaN). */
export function compare(got: Float64Array, want: Expected, tol: { readonly rel: number; readonly abs: number }): Comparison {
  let mismatches = 0
  let maxAbs = 0
  let maxRel = 0
  let first = ''
  const n = want.indices === null ? want.values.length : want.indices.length
  for (let k = 0; k < n; k++) {
    const i = want.indices === null ? k : want.indices[k]!
    const g = got[i]!
    const w = want.values[i]!
    if (Number.isNaN(g) && Number.isNaN(w)) {
      continue
    }
    const d = Math.abs(g - w)
    const bad = !(d <= tol.abs + tol.rel * Math.abs(w)) && g !== w
    if (Number.isFinite(d)) {
      maxAbs = Math.max(maxAbs, d)
      if (w !== 0) {
        maxRel = Math.max(maxRel, d / Math.abs(w))
      }
    }
    if (bad) {
      if (mismatches === 0) {
        first = `element ${i}: got ${g}, want ${w}`
      }
      mismatches++
    }
  }
  return { checked: n, mismatches, maxAbs, maxRel, first }
}
