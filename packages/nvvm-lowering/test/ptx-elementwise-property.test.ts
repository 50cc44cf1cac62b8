// Property test: random elementwise kernels (op DAGs over i32 and f32, with i16/i64 and
// f16/bf16 detours) are written in the llvm dialect, emitted as PTX by the native emitter,
// run by the SIMT emulator, and compared lane by lane with a direct TypeScript evaluation
// of the same DAG (written here independently of the emulator's arithmetic).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { runKernel } from '@tilepass/simt-emulator'
import { compile } from './ptxTools.ts'

type Ty = 'i32' | 'f32'
const LANES = 64

const f32 = new Float32Array(1)
const u32 = new Uint32Array(f32.buffer)
const f64 = new Float64Array(1)
const u64 = new BigUint64Array(f64.buffer)

function bitsToF32(i: number): number {
  u32[0] = i >>> 0
  return f32[0]!
}

/** f32 -> f16 -> f32, round to nearest even (overflow to infinity, subnormals kept). */
function f16Round(x: number): number {
  if (!Number.isFinite(x) || x === 0) {
    return x
  }
  const a = Math.abs(x)
  const e = Math.max(Math.floor(Math.log2(a)), -14)
  let ulp = 2 ** (e - 10)
  if (a / ulp >= 2048) {
    ulp *= 2 // log2 rounded down across a power of two
  }
  let q = a / ulp
  const fl = Math.floor(q)
  const rem = q - fl
  q = rem > 0.5 || (rem === 0.5 && fl % 2 === 1) ? fl + 1 : fl
  const r = q * ulp
  return Math.sign(x) * (r >= 65520 ? Infinity : r)
}

/** f32 -> bf16 -> f32, round to nearest even on the bit pattern. */
function bf16Round(x: number): number {
  if (Number.isNaN(x)) {
    return x
  }
  f32[0] = x
  const u = u32[0]!
  const r = (u + 0x7fff + ((u >>> 16) & 1)) >>> 16
  u32[0] = (r << 16) >>> 0
  return f32[0]
}

/** f32 fma with one rounding: exact double sum rounded to odd, then to f32. */
function fmaF32(a: number, b: number, c: number): number {
  const p = a * b // exact: 24 + 24 bits
  const s = p + c
  if (!Number.isFinite(s) || !Number.isFinite(p)) {
    return Math.fround(p + c)
  }
  const bb = s - p
  const err = p - (s - bb) + (c - bb)
  if (err === 0) {
    return Math.fround(s)
  }
  f64[0] = s
  if ((u64[0]! & 1n) === 0n) {
    // Round to odd: step to the neighbour on err's side.
    const towardZero = err > 0 !== s > 0
    u64[0] = towardZero ? u64[0]! - 1n : u64[0]! + 1n
  }
  return Math.fround(f64[0])
}

const ICMP = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'] as const
const FCMP = ['oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno'] as const

function icmp(p: string, a: number, b: number): boolean {
  const ua = a >>> 0
  const ub = b >>> 0
  switch (p) {
    case 'eq':
      return a === b
    case 'ne':
      return a !== b
    case 'slt':
      return a < b
    case 'sle':
      return a <= b
    case 'sgt':
      return a > b
    case 'sge':
      return a >= b
    case 'ult':
      return ua < ub
    case 'ule':
      return ua <= ub
    case 'ugt':
      return ua > ub
    default:
      return ua >= ub
  }
}

function fcmp(p: string, a: number, b: number): boolean {
  const uno = Number.isNaN(a) || Number.isNaN(b)
  const base = p.slice(1)
  const ordered = (): boolean => {
    switch (base) {
      case 'eq':
        return a === b
      case 'gt':
        return a > b
      case 'ge':
        return a >= b
      case 'lt':
        return a < b
      case 'le':
        return a <= b
      case 'ne':
        return a !== b
      default:
        return true
    }
  }
  if (p === 'ord') {
    return !uno
  }
  if (p === 'uno') {
    return uno
  }
  return p[0] === 'o' ? !uno && ordered() : uno || ordered()
}

interface OpDef {
  readonly ty: Ty
  readonly args: readonly Ty[]
  /** MLIR lines computing `%r` from `%a %b %c %d` (already of the argument types). */
  readonly mlir: (r: string, a: readonly string[], pick: number) => string
  readonly eval: (a: readonly number[], pick: number) => number
}

const bin = (name: string, ty: Ty, f: (a: number, b: number) => number): OpDef => ({
  ty,
  args: [ty, ty],
  mlir: (r, a) => (name.startsWith('intr.') ? `${r} = llvm.${name}(${a[0]}, ${a[1]}) : (${ty}, ${ty}) -> ${ty}` : `${r} = llvm.${name} ${a[0]}, ${a[1]} : ${ty}`),
  eval: (a) => f(a[0]!, a[1]!),
})

const maxnum = (a: number, b: number, max: boolean): number =>
  Number.isNaN(a) ? b : Number.isNaN(b) ? a : max ? Math.max(a, b) : Math.min(a, b)

const OPS: readonly OpDef[] = [
  bin('add', 'i32', (a, b) => (a + b) | 0),
  bin('sub', 'i32', (a, b) => (a - b) | 0),
  bin('mul', 'i32', (a, b) => Math.imul(a, b)),
  bin('and', 'i32', (a, b) => a & b),
  bin('or', 'i32', (a, b) => a | b),
  bin('xor', 'i32', (a, b) => a ^ b),
  bin('intr.smax', 'i32', (a, b) => Math.max(a, b)),
  bin('intr.umin', 'i32', (a, b) => ((a >>> 0) < (b >>> 0) ? a : b)),
  ...(['shl', 'lshr', 'ashr'] as const).map(
    (name): OpDef => ({
      ty: 'i32',
      args: ['i32', 'i32'],
      mlir: (r, a) => `${r}m = llvm.and ${a[1]}, %c31 : i32\n  ${r} = llvm.${name} ${a[0]}, ${r}m : i32`,
      eval: ([a, b]) => (name === 'shl' ? a! << (b! & 31) : name === 'lshr' ? (a! >>> (b! & 31)) | 0 : a! >> (b! & 31)),
    }),
  ),
  ...(['udiv', 'urem'] as const).map(
    (name): OpDef => ({
      ty: 'i32',
      args: ['i32', 'i32'],
      mlir: (r, a) => `${r}d = llvm.or ${a[1]}, %c1 : i32\n  ${r} = llvm.${name} ${a[0]}, ${r}d : i32`,
      eval: ([a, b]) => {
        const x = a! >>> 0
        const y = (b! | 1) >>> 0
        return (name === 'udiv' ? Math.floor(x / y) : x % y) | 0
      },
    }),
  ),
  {
    ty: 'i32',
    args: ['i32', 'i32', 'i32', 'i32'],
    mlir: (r, a, p) => `${r}c = llvm.icmp "${ICMP[p % ICMP.length]}" ${a[0]}, ${a[1]} : i32\n  ${r} = llvm.select ${r}c, ${a[2]}, ${a[3]} : i1, i32`,
    eval: (a, p) => (icmp(ICMP[p % ICMP.length]!, a[0]!, a[1]!) ? a[2]! : a[3]!),
  },
  {
    ty: 'i32',
    args: ['f32', 'f32'],
    mlir: (r, a, p) => `${r}c = llvm.fcmp "${FCMP[p % FCMP.length]}" ${a[0]}, ${a[1]} : f32\n  ${r} = llvm.zext ${r}c : i1 to i32`,
    eval: (a, p) => (fcmp(FCMP[p % FCMP.length]!, a[0]!, a[1]!) ? 1 : 0),
  },
  {
    ty: 'i32',
    args: ['i32'],
    mlir: (r, a) => `${r}t = llvm.trunc ${a[0]} : i32 to i16\n  ${r}u = llvm.add ${r}t, ${r}t : i16\n  ${r} = llvm.sext ${r}u : i16 to i32`,
    eval: ([a]) => ((a! * 2) << 16) >> 16,
  },
  {
    ty: 'i32',
    args: ['i32', 'i32'],
    mlir: (r, a) =>
      `${r}x = llvm.sext ${a[0]} : i32 to i64\n  ${r}y = llvm.zext ${a[1]} : i32 to i64\n  ${r}p = llvm.mul ${r}x, ${r}y : i64\n` +
      `  ${r}s = llvm.ashr ${r}p, %c32l : i64\n  ${r} = llvm.trunc ${r}s : i64 to i32`,
    eval: ([a, b]) => Number(BigInt.asIntN(32, (BigInt(a!) * BigInt(b! >>> 0)) >> 32n)),
  },
  bin('fadd', 'f32', (a, b) => Math.fround(a + b)),
  bin('fsub', 'f32', (a, b) => Math.fround(a - b)),
  bin('fmul', 'f32', (a, b) => Math.fround(a * b)),
  bin('fdiv', 'f32', (a, b) => Math.fround(a / b)),
  bin('intr.maxnum', 'f32', (a, b) => maxnum(a, b, true)),
  bin('intr.minnum', 'f32', (a, b) => maxnum(a, b, false)),
  { ty: 'f32', args: ['f32'], mlir: (r, a) => `${r} = llvm.fneg ${a[0]} : f32`, eval: ([a]) => -a! },
  { ty: 'f32', args: ['f32'], mlir: (r, a) => `${r} = llvm.intr.fabs(${a[0]}) : (f32) -> f32`, eval: ([a]) => Math.abs(a!) },
  { ty: 'f32', args: ['f32'], mlir: (r, a) => `${r} = llvm.intr.sqrt(${a[0]}) : (f32) -> f32`, eval: ([a]) => Math.fround(Math.sqrt(a!)) },
  {
    ty: 'f32',
    args: ['f32', 'f32', 'f32'],
    mlir: (r, a) => `${r} = llvm.intr.fma(${a[0]}, ${a[1]}, ${a[2]}) : (f32, f32, f32) -> f32`,
    eval: ([a, b, c]) => fmaF32(a!, b!, c!),
  },
  {
    ty: 'f32',
    args: ['f32', 'f32', 'f32', 'f32'],
    mlir: (r, a, p) => `${r}c = llvm.fcmp "${FCMP[p % FCMP.length]}" ${a[0]}, ${a[1]} : f32\n  ${r} = llvm.select ${r}c, ${a[2]}, ${a[3]} : i1, f32`,
    eval: (a, p) => (fcmp(FCMP[p % FCMP.length]!, a[0]!, a[1]!) ? a[2]! : a[3]!),
  },
  { ty: 'f32', args: ['i32'], mlir: (r, a) => `${r} = llvm.sitofp ${a[0]} : i32 to f32`, eval: ([a]) => Math.fround(a!) },
  { ty: 'f32', args: ['i32'], mlir: (r, a) => `${r} = llvm.uitofp ${a[0]} : i32 to f32`, eval: ([a]) => Math.fround(a! >>> 0) },
  { ty: 'f32', args: ['i32'], mlir: (r, a) => `${r} = llvm.bitcast ${a[0]} : i32 to f32`, eval: ([a]) => bitsToF32(a!) },
  {
    ty: 'f32',
    args: ['f32'],
    mlir: (r, a) => `${r}h = llvm.fptrunc ${a[0]} : f32 to f16\n  ${r}s = llvm.fadd ${r}h, ${r}h : f16\n  ${r} = llvm.fpext ${r}s : f16 to f32`,
    eval: ([a]) => f16Round(2 * f16Round(a!)),
  },
  {
    ty: 'f32',
    args: ['f32'],
    mlir: (r, a) => `${r}h = llvm.fptrunc ${a[0]} : f32 to bf16\n  ${r} = llvm.fpext ${r}h : bf16 to f32`,
    eval: ([a]) => bf16Round(a!),
  },
]

interface Step {
  readonly op: number
  readonly args: readonly number[]
  readonly pick: number
}

/** Builds the kernel text and evaluates the DAG for each lane. */
function build(steps: readonly Step[]): { mlir: string; evalLane: (x0: number, x1: number, y0: number, y1: number) => [number, number] } {
  const lines: string[] = []
  const pools: Record<Ty, string[]> = { i32: ['%x0', '%x1'], f32: ['%y0', '%y1'] }
  const plan: { def: OpDef; args: { ty: Ty; index: number }[]; pick: number }[] = []
  steps.forEach((s, i) => {
    const def = OPS[s.op % OPS.length]!
    const args = def.args.map((ty, j) => ({ ty, index: (s.args[j] ?? 0) % pools[ty].length }))
    lines.push(def.mlir(`%v${i}`, args.map((a) => pools[a.ty][a.index]!), s.pick))
    plan.push({ def, args, pick: s.pick })
    pools[def.ty].push(`%v${i}`)
  })
  const mlir = `
llvm.func @elementwise(%X0: !llvm.ptr, %X1: !llvm.ptr, %Y0: !llvm.ptr, %Y1: !llvm.ptr, %OI: !llvm.ptr, %OF: !llvm.ptr) attributes {nvvm.kernel} {
  %tid = "nvvm.read.ptx.sreg.tid.x"() : () -> i32
  %ctaid = "nvvm.read.ptx.sreg.ctaid.x"() : () -> i32
  %ntid = "nvvm.read.ptx.sreg.ntid.x"() : () -> i32
  %base = llvm.mul %ctaid, %ntid : i32
  %i = llvm.add %base, %tid : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c31 = llvm.mlir.constant(31 : i32) : i32
  %c32l = llvm.mlir.constant(32 : i64) : i64
  %px0 = llvm.getelementptr %X0[%i] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  %px1 = llvm.getelementptr %X1[%i] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  %py0 = llvm.getelementptr %Y0[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  %py1 = llvm.getelementptr %Y1[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  %x0 = llvm.load %px0 : !llvm.ptr -> i32
  %x1 = llvm.load %px1 : !llvm.ptr -> i32
  %y0 = llvm.load %py0 : !llvm.ptr -> f32
  %y1 = llvm.load %py1 : !llvm.ptr -> f32
  ${lines.join('\n  ')}
  %poi = llvm.getelementptr %OI[%i] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  %pof = llvm.getelementptr %OF[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  llvm.store ${pools.i32[pools.i32.length - 1]!}, %poi : i32, !llvm.ptr
  llvm.store ${pools.f32[pools.f32.length - 1]!}, %pof : f32, !llvm.ptr
  llvm.return
}
`
  const evalLane = (x0: number, x1: number, y0: number, y1: number): [number, number] => {
    const vals: Record<Ty, number[]> = { i32: [x0, x1], f32: [y0, y1] }
    for (const p of plan) {
      vals[p.def.ty].push(p.def.eval(p.args.map((a) => vals[a.ty][a.index]!), p.pick))
    }
    return [vals.i32[vals.i32.length - 1]!, vals.f32[vals.f32.length - 1]!]
  }
  return { mlir, evalLane }
}

const i32Arb = fc.oneof(fc.integer({ min: -2147483648, max: 2147483647 }), fc.constantFrom(0, 1, -1, 31, 32, 2147483647, -2147483648), fc.integer({ min: -100, max: 100 }))
const f32Arb = fc.oneof(
  { weight: 6, arbitrary: fc.float({ noDefaultInfinity: false }) },
  { weight: 3, arbitrary: fc.integer({ min: -1000, max: 1000 }).map((x) => x / 8) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, Infinity, -Infinity, NaN, 1e-40, 65504, 65520, 3.4e38) },
)
const stepArb = fc.record({
  op: fc.nat({ max: OPS.length - 1 }),
  args: fc.array(fc.nat({ max: 1000 }), { minLength: 4, maxLength: 4 }),
  pick: fc.nat({ max: 1000 }),
})

describe('random elementwise kernels: emitter + emulator agree with direct evaluation', () => {
  it('on i32/f32 op DAGs', () => {
    fc.assert(
      fc.property(
        fc.array(stepArb, { minLength: 1, maxLength: 10 }),
        fc.array(i32Arb, { minLength: LANES * 2, maxLength: LANES * 2 }),
        fc.array(f32Arb, { minLength: LANES * 2, maxLength: LANES * 2 }),
        (steps, ints, floats) => {
          const { mlir, evalLane } = build(steps)
          const { ptx, diagnostics } = compile(mlir)
          expect(diagnostics).toEqual([])
          const X0 = Int32Array.from(ints.slice(0, LANES))
          const X1 = Int32Array.from(ints.slice(LANES))
          const Y0 = Float32Array.from(floats.slice(0, LANES))
          const Y1 = Float32Array.from(floats.slice(LANES))
          const res = runKernel(ptx!, 'elementwise', [X0, X1, Y0, Y1, new Int32Array(LANES), new Float32Array(LANES)], { grid: 2, block: LANES / 2 })
          const oi = res.buffers[4] as Int32Array
          const of = res.buffers[5] as Float32Array
          for (let l = 0; l < LANES; l++) {
            const [ei, ef] = evalLane(X0[l]!, X1[l]!, Y0[l]!, Y1[l]!)
            const got = of[l]!
            const sameFloat = Object.is(got, ef) || (Number.isNaN(got) && Number.isNaN(ef))
            if (oi[l] !== ei || !sameFloat) {
              const show = (x: number): string => (Object.is(x, -0) ? '-0' : String(x))
              throw new Error(`lane ${l}: got (${oi[l]}, ${show(got)}), expected (${ei}, ${show(ef)})\n${mlir}`)
            }
          }
        },
      ),
      { numRuns: Number(process.env.TILEPASS_PROPERTY_RUNS ?? 60) },
    )
  }, 120_000)
})
