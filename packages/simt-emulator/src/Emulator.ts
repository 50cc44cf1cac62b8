/**
 * The SIMT emulator: runs a PTX kernel over a grid of CTAs. Each CTA's threads form warps
 * of 32 lanes that execute in lockstep; divergent lanes keep their own PCs and the warp
 * always issues the lowest PC among its ready lanes, so paths reconverge at the first
 * common instruction. `bar.sync` parks a warp until every warp of the CTA arrives.
 */
import { FLOAT_TYPES, compare, convert, floatArith, formatOf, ftz, fromFloat, roundingOf, toFloat, toInt } from './alu.ts'
import { fusedMultiplyAdd, type RoundingMode } from './float.ts'
import { GlobalMemory, LOCAL_WINDOW, SHARED_WINDOW, genericSpace, readBytes, writeBytes, type Span } from './Memory.ts'
import { PTXError, parsePTX, typeBits, type Instruction, type Kernel, type Operand, type PTXModule } from './parsePTX.ts'
import { execLdmatrix, execMma, execShfl } from './warpOps.ts'

/** A launch dimension: `n` or `[x, y, z]`. */
export type Dim3 = number | readonly [number, number?, number?]

/** A kernel argument: a buffer (passed as a global pointer) or a scalar. */
export type KernelArg = ArrayBufferView | number | bigint

/** Launch shape and limits. */
export interface LaunchOptions {
  readonly grid?: Dim3
  readonly block: Dim3
  /** Bytes for `.extern .shared` arrays. */
  readonly dynamicSharedBytes?: number
  /** Upper bound on warp instructions issued (default 50 million): a runaway loop is an error. */
  readonly maxSteps?: number
}

/** What `runKernel` returns. */
export interface RunResult {
  /** For each argument, its final contents when it was a buffer (same view type), else null. */
  readonly buffers: (ArrayBufferView | null)[]
  /** Warp instructions issued. */
  readonly steps: number
}

function dim(d: Dim3 | undefined): [number, number, number] {
  if (d === undefined) {
    return [1, 1, 1]
  }
  if (typeof d === 'number') {
    return [d, 1, 1]
  }
  return [d[0], d[1] ?? 1, d[2] ?? 1]
}

/** Moves the lanes in `group` past the instruction at `pc`. */
function advance(w: Warp, group: number, pc: number): void {
  for (let l = 0; l < 32; l++) {
    if ((group >> l) & 1) {
      w.pc[l] = pc + 1
    }
  }
}

/** The `.approx` transcendental functions. */
const APPROX: Readonly<Record<string, (x: number) => number>> = {
  rsqrt: (x) => 1 / Math.sqrt(x),
  ex2: (x) => 2 ** x,
  lg2: Math.log2,
  sin: Math.sin,
  cos: Math.cos,
  tanh: Math.tanh,
}

interface PendingCopy {
  readonly dst: number
  readonly data: Uint8Array
}

/** One warp's state: PCs, flags and registers per lane. */
export class Warp {
  readonly pc: Int32Array = new Int32Array(32)
  /** 0 running, 1 exited, 2 waiting at a barrier, 3 not a thread of the CTA, 4 waiting at a warp-collective. */
  readonly state: Uint8Array = new Uint8Array(32)
  /** The barrier (and its expected thread count, 0 = the whole CTA) each waiting lane is at. */
  readonly barrier: Int32Array = new Int32Array(32)
  readonly barrierCount: Int32Array = new Int32Array(32)
  readonly regs: bigint[][]
  readonly tid: [number, number, number][] = []
  readonly local: Uint8Array[] = []
  readonly pending: PendingCopy[][] = []
  readonly groups: PendingCopy[][][] = []

  constructor(
    readonly index: number,
    kernel: Kernel,
    threads: number,
    firstThread: number,
    block: readonly [number, number, number],
  ) {
    this.regs = kernel.registers.map(() => new Array<bigint>(32).fill(0n))
    for (let l = 0; l < 32; l++) {
      const t = firstThread + l
      if (l >= threads) {
        this.state[l] = 3
      }
      this.tid.push([t % block[0], Math.floor(t / block[0]) % block[1], Math.floor(t / (block[0] * block[1]))])
      this.local.push(new Uint8Array(kernel.localBytes))
      this.pending.push([])
      this.groups.push([])
    }
  }
}

/** Runs `kernelName` of `ptx` on `args` with the launch shape; returns the buffers. */
export function runKernel(ptx: string | PTXModule, kernelName: string, args: readonly KernelArg[], launch: LaunchOptions): RunResult {
  const mod = typeof ptx === 'string' ? parsePTX(ptx) : ptx
  const kernel = mod.kernels.get(kernelName)
  if (kernel === undefined) {
    throw new Error(`no kernel named '${kernelName}' in the PTX module`)
  }
  if (args.length !== kernel.params.length) {
    throw new Error(`kernel '${kernelName}' takes ${kernel.params.length} parameters, got ${args.length} arguments`)
  }
  const global = new GlobalMemory()
  const param = new Uint8Array(Math.max(kernel.paramBytes, 1))
  const bufferIndex: number[] = []
  args.forEach((a, i) => {
    const p = kernel.params[i]!
    const span = { data: param, offset: p.offset }
    if (ArrayBuffer.isView(a)) {
      if (p.size !== 8) {
        throw new Error(`parameter ${p.name} (${p.type}) cannot take a buffer`)
      }
      const bytes = new Uint8Array(a.buffer, a.byteOffset, a.byteLength)
      bufferIndex[i] = global.bases.length
      writeBytes(span, 8, BigInt(global.allocate(bytes)))
    } else {
      const t = p.type.slice(1)
      const bits = FLOAT_TYPES.has(t) ? fromFloat(Number(a), t) : BigInt(a)
      writeBytes(span, p.size, bits)
    }
  })
  const block = dim(launch.block)
  const grid = dim(launch.grid)
  const run = new KernelRun(mod, kernel, global, param, block, grid, launch.dynamicSharedBytes ?? 0, launch.maxSteps ?? 50_000_000)
  for (let z = 0; z < grid[2]; z++) {
    for (let y = 0; y < grid[1]; y++) {
      for (let x = 0; x < grid[0]; x++) {
        run.runCta([x, y, z])
      }
    }
  }
  const buffers = args.map((a, i) => {
    if (!ArrayBuffer.isView(a)) {
      return null
    }
    const data = global.buffers[bufferIndex[i]!]!
    const Ctor = a.constructor as new (buffer: ArrayBuffer, byteOffset: number, length: number) => ArrayBufferView
    const copy = data.slice().buffer
    const per = (a as unknown as { BYTES_PER_ELEMENT?: number }).BYTES_PER_ELEMENT ?? 1
    return a instanceof DataView ? new DataView(copy) : new Ctor(copy, 0, data.length / per)
  })
  return { buffers, steps: run.steps }
}

class KernelRun {
  steps = 0
  private shared: Uint8Array = new Uint8Array(0)
  private ctaid: [number, number, number] = [0, 0, 0]
  private readonly sharedAddr = new Map<string, number>()
  private readonly localAddr = new Map<string, number>()
  private readonly paramAddr = new Map<string, number>()
  private readonly sharedBytes: number

  constructor(
    readonly mod: PTXModule,
    readonly kernel: Kernel,
    readonly global: GlobalMemory,
    readonly param: Uint8Array,
    readonly block: [number, number, number],
    readonly grid: [number, number, number],
    dynamicShared: number,
    readonly maxSteps: number,
  ) {
    // Module variables first, then the kernel's own, then the dynamic (.extern) region.
    let bytes = 0
    for (const v of [...mod.shared.filter((x) => !x.external), ...kernel.shared]) {
      bytes = Math.ceil(bytes / 16) * 16
      this.sharedAddr.set(v.name, bytes)
      bytes += v.size
    }
    bytes = Math.ceil(bytes / 16) * 16
    for (const v of mod.shared) {
      if (v.external) {
        this.sharedAddr.set(v.name, bytes)
      }
    }
    this.sharedBytes = bytes + dynamicShared
    for (const v of kernel.local) {
      this.localAddr.set(v.name, v.offset)
    }
    for (const p of kernel.params) {
      this.paramAddr.set(p.name, p.offset)
    }
  }

  runCta(ctaid: [number, number, number]): void {
    this.ctaid = ctaid
    this.shared = new Uint8Array(this.sharedBytes)
    const threads = this.block[0] * this.block[1] * this.block[2]
    const warps: Warp[] = []
    for (let w = 0; w * 32 < threads; w++) {
      warps.push(new Warp(w, this.kernel, Math.min(32, threads - w * 32), w * 32, this.block))
    }
    for (;;) {
      for (const w of warps) {
        this.runWarp(w, warps.length)
      }
      // Every warp is now exited or parked at a barrier: release each barrier whose
      // expected thread count has arrived (all live threads of the CTA by default).
      let live = 0
      const arrived = new Map<number, number>()
      const expected = new Map<number, number>()
      for (const w of warps) {
        for (let l = 0; l < 32; l++) {
          const st = w.state[l]
          if (st !== 1 && st !== 3) {
            live++
          }
          if (st === 2) {
            const id = w.barrier[l]!
            arrived.set(id, (arrived.get(id) ?? 0) + 1)
            if (w.barrierCount[l]! > 0) {
              expected.set(id, w.barrierCount[l]!)
            }
          }
        }
      }
      if (arrived.size === 0) {
        return
      }
      let released = false
      for (const [id, n] of arrived) {
        if (n >= (expected.get(id) ?? live)) {
          released = true
          for (const w of warps) {
            for (let l = 0; l < 32; l++) {
              if (w.state[l] === 2 && w.barrier[l] === id) {
                w.state[l] = 0
              }
            }
          }
        }
      }
      if (!released) {
        const w = warps.find((x) => x.state.includes(2))!
        const ins = this.kernel.instructions[w.pc[w.state.indexOf(2)]! - 1]!
        this.fail(ins, `barrier deadlock: ${[...arrived].map(([id, n]) => `${n} of ${expected.get(id) ?? live} threads at barrier ${id}`).join(', ')}`)
      }
    }
  }

  fail(ins: Instruction, message: string): never {
    throw new PTXError(`${message} (in '${ins.text}')`, ins.line, ins.column)
  }

  /** Runs until every lane has exited (false) or waits at a barrier (true). */
  private runWarp(w: Warp, nwarps: number): boolean {
    const code = this.kernel.instructions
    for (;;) {
      let min = 0x7fffffff
      let anyWaiting = false
      for (let l = 0; l < 32; l++) {
        const s = w.state[l]
        if (s === 0 && w.pc[l]! < min) {
          min = w.pc[l]!
        } else if (s === 2) {
          anyWaiting = true
        }
      }
      if (min === 0x7fffffff) {
        for (let l = 0; l < 32; l++) {
          if (w.state[l] === 4) {
            const c = code[w.pc[l]!]!
            this.fail(c, `lanes wait at a warp-collective instruction for lanes that never arrive (warp ${w.index})`)
          }
        }
        return anyWaiting
      }
      if (min >= code.length) {
        throw new PTXError(`kernel '${this.kernel.name}' ran past its last instruction`, 0, 0)
      }
      if (++this.steps > this.maxSteps) {
        throw new PTXError(`kernel '${this.kernel.name}' exceeded ${this.maxSteps} warp instructions`, code[min]!.line, code[min]!.column)
      }
      const ins = code[min]!
      const collective = ins.base === 'shfl' || ins.base === 'ldmatrix' || ins.base === 'mma' || (ins.base === 'bar' && ins.mods[0] === 'warp')
      let group = 0
      for (let l = 0; l < 32; l++) {
        const st = w.state[l]
        if ((st === 0 || (collective && st === 4)) && w.pc[l] === min) {
          group |= 1 << l
        }
      }
      if (collective) {
        // A warp-collective runs once every lane it needs has arrived; until then the
        // arrived lanes park (state 4) and the others run on.
        const needed = this.neededLanes(w, ins, group)
        if ((needed & ~group) !== 0) {
          for (let l = 0; l < 32; l++) {
            if ((group >> l) & 1) {
              w.state[l] = 4
            }
          }
          continue
        }
        for (let l = 0; l < 32; l++) {
          if ((group >> l) & 1) {
            w.state[l] = 0
          }
        }
      }
      let active = 0
      for (let l = 0; l < 32; l++) {
        if ((group >> l) & 1 && (ins.guard === null || (w.regs[ins.guard.reg]![l]! !== 0n) !== ins.guard.negate)) {
          active |= 1 << l
        }
      }
      this.exec(w, ins, group, active, min, nwarps)
    }
  }

  /** The lanes a warp-collective waits for: its member mask (shfl) or the whole warp. */
  private neededLanes(w: Warp, ins: Instruction, group: number): number {
    let existing = 0
    for (let l = 0; l < 32; l++) {
      if (w.state[l] !== 3) {
        existing |= 1 << l
      }
    }
    if (ins.base === 'shfl' || (ins.base === 'bar' && ins.operands.length > 0)) {
      const first = 31 - Math.clz32(group & -group)
      const m = ins.operands[ins.base === 'shfl' ? 4 : 0]
      if (m !== undefined) {
        return Number(this.read(w, ins, m, first, 32)) & existing
      }
    }
    return existing
  }

  private exec(w: Warp, ins: Instruction, group: number, active: number, pc: number, nwarps: number): void {
    switch (ins.base) {
      case 'bra':
        for (let l = 0; l < 32; l++) {
          if ((group >> l) & 1) {
            w.pc[l] = (active >> l) & 1 ? ins.target : pc + 1
          }
        }
        return
      case 'ret':
      case 'exit':
        advance(w, group, pc)
        for (let l = 0; l < 32; l++) {
          if ((active >> l) & 1) {
            w.state[l] = 1
          }
        }
        return
      case 'bar':
      case 'barrier':
        advance(w, group, pc)
        if (ins.mods[0] === 'warp') {
          return
        }
        if (ins.mods[0] !== 'sync' && !(ins.base === 'barrier' && ins.mods[0] === 'cta' && ins.mods[1] === 'sync')) {
          this.fail(ins, 'only bar.sync / barrier.sync is supported by the emulator')
        }
        {
          const lane = 31 - Math.clz32(active & -active)
          const id = ins.operands.length > 0 ? Number(this.read(w, ins, ins.operands[0]!, lane, 32)) : 0
          const count = ins.operands.length > 1 ? Number(this.read(w, ins, ins.operands[1]!, lane, 32)) : 0
          for (let l = 0; l < 32; l++) {
            if ((active >> l) & 1) {
              w.state[l] = 2
              w.barrier[l] = id
              w.barrierCount[l] = count
            }
          }
        }
        return
      case 'shfl':
        execShfl(this, w, ins, active)
        advance(w, group, pc)
        return
      case 'ldmatrix':
        execLdmatrix(this, w, ins, active)
        advance(w, group, pc)
        return
      case 'mma':
        execMma(this, w, ins, active)
        advance(w, group, pc)
        return
      case 'setmaxnreg':
      case 'membar':
      case 'fence':
        advance(w, group, pc)
        return
      case 'trap':
        if (active !== 0) {
          this.fail(ins, 'trap executed')
        }
        advance(w, group, pc)
        return
      default:
        for (let l = 0; l < 32; l++) {
          if ((active >> l) & 1) {
            this.execLane(w, ins, l, nwarps)
          }
        }
        advance(w, group, pc)
    }
  }

  // ---- operands ------------------------------------------------------------------------

  /** Raw bits of operand `o` for `lane`, `bits` wide (immediates sign-wrapped, floats converted). */
  read(w: Warp, ins: Instruction, o: Operand, lane: number, bits: number, type = ''): bigint {
    switch (o.kind) {
      case 'reg':
        return BigInt.asUintN(bits, w.regs[o.index]![lane]!)
      case 'imm':
        if (FLOAT_TYPES.has(type)) {
          return fromFloat(Number(o.value), type)
        }
        return BigInt.asUintN(bits, o.value)
      case 'fimm':
        if (o.width === bits || !FLOAT_TYPES.has(type)) {
          return BigInt.asUintN(bits, o.bits)
        }
        return fromFloat(toFloat(o.bits, o.width === 32 ? 'f32' : 'f64'), type)
      case 'sreg':
        return BigInt(this.sreg(w, o.name, lane))
      case 'sym':
        return BigInt(this.symbolAddress(ins, o.name))
      default:
        this.fail(ins, `unsupported operand kind '${o.kind}'`)
    }
  }

  write(w: Warp, ins: Instruction, o: Operand, lane: number, v: bigint): void {
    if (o.kind === 'sink') {
      return
    }
    if (o.kind !== 'reg') {
      this.fail(ins, 'destination must be a register')
    }
    w.regs[o.index]![lane] = BigInt.asUintN(this.kernel.registerBits[o.index]!, v)
  }

  regBits(o: Operand): number {
    return o.kind === 'reg' ? this.kernel.registerBits[o.index]! : 0
  }

  private sreg(w: Warp, name: string, lane: number): number {
    const axis = name.endsWith('.y') ? 1 : name.endsWith('.z') ? 2 : 0
    switch (name.split('.')[0]) {
      case 'tid':
        return w.tid[lane]![axis]
      case 'ntid':
        return this.block[axis]
      case 'ctaid':
        return this.ctaid[axis]
      case 'nctaid':
        return this.grid[axis]
      case 'laneid':
        return lane
      case 'warpid':
        return w.index
      case 'nwarpid':
        return Math.ceil((this.block[0] * this.block[1] * this.block[2]) / 32)
      default:
        return Number(this.steps)
    }
  }

  /** The address `mov` gives a symbol: shared or local variables, in their own space. */
  private symbolAddress(ins: Instruction, name: string): number {
    const s = this.sharedAddr.get(name)
    if (s !== undefined) {
      return s
    }
    const l = this.localAddr.get(name)
    if (l !== undefined) {
      return l
    }
    this.fail(ins, `unknown symbol '${name}'`)
  }

  /** Resolves a memory operand in state space `space` ('' = generic) to bytes. */
  span(w: Warp, ins: Instruction, o: Operand, lane: number, space: string, size: number, extra = 0): Span {
    if (o.kind !== 'mem') {
      this.fail(ins, 'expected a memory operand')
    }
    let addr = o.offset + extra
    if (o.base !== null) {
      if (o.base.kind === 'sym') {
        const p = space === 'param' ? this.paramAddr.get(o.base.name) : undefined
        addr += p ?? this.symbolAddress(ins, o.base.name)
      } else {
        addr += Number(this.read(w, ins, o.base, lane, 64))
      }
    }
    return this.resolve(w, ins, lane, space, addr, size)
  }

  resolve(w: Warp, ins: Instruction, lane: number, space: string, addr: number, size: number): Span {
    let sp = space
    if (sp === '') {
      sp = genericSpace(addr)
      if (sp === 'shared') {
        addr -= SHARED_WINDOW
      } else if (sp === 'local') {
        addr -= LOCAL_WINDOW
      }
    }
    let data: Uint8Array | null = null
    let offset = addr
    switch (sp) {
      case 'global': {
        const s = this.global.find(addr, size)
        if (s !== null) {
          return s
        }
        break
      }
      case 'shared':
        data = this.shared
        break
      case 'local':
        data = w.local[lane]!
        break
      case 'param':
        data = this.param
        break
      default:
        this.fail(ins, `state space '.${sp}' is not supported by the emulator`)
    }
    if (data === null || offset < 0 || offset + size > data.length) {
      this.fail(ins, `out-of-bounds ${sp} access of ${size} bytes at 0x${addr.toString(16)} (lane ${lane}, ctaid ${this.ctaid.join(',')})`)
    }
    if (size > 1 && offset % size !== 0 && size <= 16) {
      this.fail(ins, `misaligned ${sp} access of ${size} bytes at 0x${addr.toString(16)}`)
    }
    offset += 0
    return { data, offset }
  }

  /** The state space modifier of a memory instruction ('' = generic). */
  private spaceOf(ins: Instruction): string {
    for (const m of ins.mods) {
      if (m === 'global' || m === 'shared' || m === 'local' || m === 'param' || m === 'const' || m === 'shared::cta') {
        return m === 'shared::cta' ? 'shared' : m
      }
    }
    return ''
  }

  // ---- per-lane instructions -------------------------------------------------------------

  private execLane(w: Warp, ins: Instruction, lane: number, _nwarps: number): void {
    const ops = ins.operands
    const type = ins.mods[ins.mods.length - 1] ?? ''
    const bits = typeBits(type)
    const d = ops[0]!
    switch (ins.base) {
      case 'mov': {
        const s = ops[1]!
        if (d.kind === 'vec') {
          let v = this.read(w, ins, s, lane, bits)
          for (const item of d.items) {
            const b = this.regBits(item) || bits / d.items.length
            this.write(w, ins, item, lane, v)
            v >>= BigInt(b)
          }
          return
        }
        if (s.kind === 'vec') {
          let v = 0n
          let shift = 0n
          for (const item of s.items) {
            const b = this.regBits(item) || bits / s.items.length
            v |= this.read(w, ins, item, lane, b) << shift
            shift += BigInt(b)
          }
          this.write(w, ins, d, lane, v)
          return
        }
        this.write(w, ins, d, lane, this.read(w, ins, s, lane, bits, type))
        return
      }
      case 'ld':
      case 'ldu':
        return this.load(w, ins, lane, type)
      case 'st':
        return this.store(w, ins, lane, type)
      case 'cvta': {
        const to = ins.mods[0] === 'to'
        const space = to ? ins.mods[1]! : ins.mods[0]!
        const v = Number(this.read(w, ins, ops[1]!, lane, 64))
        const base = space === 'shared' ? SHARED_WINDOW : space === 'local' ? LOCAL_WINDOW : 0
        this.write(w, ins, d, lane, BigInt(to ? v - base : v + base))
        return
      }
      case 'cvt': {
        const dt = ins.mods[ins.mods.length - 2]!
        const st = type
        this.write(w, ins, d, lane, convert(dt, st, this.read(w, ins, ops[1]!, lane, typeBits(st)), ins.mods))
        return
      }
      case 'setp':
        return this.setp(w, ins, lane, type)
      case 'selp': {
        const c = this.read(w, ins, ops[3]!, lane, 1) !== 0n
        this.write(w, ins, d, lane, this.read(w, ins, ops[c ? 1 : 2]!, lane, bits, type))
        return
      }
      case 'cp':
        return this.cpAsync(w, ins, lane)
      default:
        if (FLOAT_TYPES.has(type)) {
          return this.floatOp(w, ins, lane, type)
        }
        return this.intOp(w, ins, lane, type)
    }
  }

  private load(w: Warp, ins: Instruction, lane: number, type: string): void {
    const space = this.spaceOf(ins)
    const size = typeBits(type) / 8
    const d = ins.operands[0]!
    const items = d.kind === 'vec' ? d.items : [d]
    const whole = this.span(w, ins, ins.operands[1]!, lane, space, size * items.length)
    items.forEach((item, i) => {
      let v = readBytes({ data: whole.data, offset: whole.offset + i * size }, size)
      if (type[0] === 's') {
        v = BigInt.asIntN(size * 8, v)
      }
      this.write(w, ins, item, lane, v)
    })
  }

  private store(w: Warp, ins: Instruction, lane: number, type: string): void {
    const space = this.spaceOf(ins)
    const size = typeBits(type) / 8
    const s = ins.operands[1]!
    const items = s.kind === 'vec' ? s.items : [s]
    const whole = this.span(w, ins, ins.operands[0]!, lane, space, size * items.length)
    items.forEach((item, i) => {
      writeBytes({ data: whole.data, offset: whole.offset + i * size }, size, this.read(w, ins, item, lane, size * 8, type))
    })
  }

  private setp(w: Warp, ins: Instruction, lane: number, type: string): void {
    const cmp = ins.mods[0]!
    const boolOp = ins.mods.length >= 3 && (ins.mods[1] === 'and' || ins.mods[1] === 'or' || ins.mods[1] === 'xor') ? ins.mods[1] : null
    const ops = ins.operands
    const bits = typeBits(type)
    const ra = this.read(w, ins, ops[1]!, lane, bits, type)
    const rb = this.read(w, ins, ops[2]!, lane, bits, type)
    let r: boolean
    if (FLOAT_TYPES.has(type)) {
      let a = toFloat(ra, type)
      let b = toFloat(rb, type)
      if (ins.mods.includes('ftz')) {
        a = ftz(a)
        b = ftz(b)
      }
      r = compare(cmp, a, b)
    } else {
      const t = cmp === 'lo' || cmp === 'ls' || cmp === 'hi' || cmp === 'hs' ? `u${bits}` : type
      r = compare(cmp, toInt(ra, t), toInt(rb, t))
    }
    if (boolOp !== null) {
      const c = ops[3]!
      let cv: boolean
      if (c.kind === 'reg' && c.name.startsWith('!')) {
        cv = false
      } else {
        cv = this.read(w, ins, c, lane, 1) !== 0n
      }
      r = boolOp === 'and' ? r && cv : boolOp === 'or' ? r || cv : r !== cv
    }
    const d = ops[0]!
    if (d.kind === 'pair') {
      this.write(w, ins, d.first, lane, r ? 1n : 0n)
      this.write(w, ins, d.second, lane, r ? 0n : 1n)
    } else {
      this.write(w, ins, d, lane, r ? 1n : 0n)
    }
  }

  private cpAsync(w: Warp, ins: Instruction, lane: number): void {
    const what = ins.mods.join('.')
    if (ins.mods[0] !== 'async') {
      this.fail(ins, 'is not supported by the emulator')
    }
    if (what === 'async.commit_group') {
      w.groups[lane]!.push(w.pending[lane]!)
      w.pending[lane] = []
      return
    }
    if (what === 'async.wait_group' || what === 'async.wait_all') {
      if (what === 'async.wait_all') {
        w.groups[lane]!.push(w.pending[lane]!)
        w.pending[lane] = []
      }
      const keep = what === 'async.wait_all' ? 0 : Number(this.read(w, ins, ins.operands[0]!, lane, 32))
      const groups = w.groups[lane]!
      while (groups.length > keep) {
        for (const c of groups.shift()!) {
          this.resolve(w, ins, lane, 'shared', c.dst, c.data.length).data.set(c.data, c.dst)
        }
      }
      return
    }
    if ((ins.mods[1] !== 'ca' && ins.mods[1] !== 'cg') || !ins.mods.includes('shared') || !ins.mods.includes('global')) {
      this.fail(ins, 'is not supported by the emulator')
    }
    const ops = ins.operands
    const size = Number(this.read(w, ins, ops[2]!, lane, 32))
    const srcSize = ops.length > 3 ? Number(this.read(w, ins, ops[3]!, lane, 32)) : size
    const dstOp = ops[0]!
    if (dstOp.kind !== 'mem') {
      this.fail(ins, 'expected a memory operand')
    }
    const dst = this.span(w, ins, dstOp, lane, 'shared', size)
    const data = new Uint8Array(size)
    if (srcSize > 0) {
      const src = this.span(w, ins, ops[1]!, lane, 'global', srcSize)
      data.set(src.data.subarray(src.offset, src.offset + Math.min(srcSize, size)))
    }
    // Asynchronous: the bytes land in shared memory only when a wait covers their group.
    w.pending[lane]!.push({ dst: dst.offset, data })
  }

  private floatOp(w: Warp, ins: Instruction, lane: number, type: string): void {
    const ops = ins.operands
    const bits = typeBits(type)
    // Source operands, decoded once (no per-call closures on this hot path).
    const flush = ins.mods.includes('ftz')
    const v = [0, 0, 0, 0]
    for (let i = 1; i < ops.length && i < 4; i++) {
      const x = toFloat(this.read(w, ins, ops[i]!, lane, bits, type), type)
      v[i] = flush ? ftz(x) : x
    }
    const r = roundingOf(ins.mods)
    const mode = (r ?? 'rn') as RoundingMode
    let out: bigint
    switch (ins.base) {
      case 'add':
      case 'sub':
      case 'mul':
        out = floatArith(ins.base, v[1]!, v[2]!, type, mode)
        break
      case 'fma':
      case 'mad':
        out = fusedMultiplyAdd(v[1]!, v[2]!, v[3]!, formatOf(type), mode)
        break
      case 'div':
        out = this.rounded(ins, v[1]! / v[2]!, type, r)
        break
      case 'sqrt':
        out = this.rounded(ins, Math.sqrt(v[1]!), type, r)
        break
      case 'rcp':
        out = this.rounded(ins, 1 / v[1]!, type, r)
        break
      case 'rsqrt':
      case 'ex2':
      case 'lg2':
      case 'sin':
      case 'cos':
      case 'tanh':
        // Approximations: computed in double, then rounded (more precise than the hardware).
        out = fromFloat(APPROX[ins.base]!(v[1]!), type)
        break
      case 'min':
      case 'max': {
        const a = v[1]!
        const b = v[2]!
        const nanProp = ins.mods.includes('NaN')
        if (Number.isNaN(a) || Number.isNaN(b)) {
          out = fromFloat(nanProp || (Number.isNaN(a) && Number.isNaN(b)) ? NaN : Number.isNaN(a) ? b : a, type)
        } else {
          out = fromFloat(ins.base === 'min' ? Math.min(a, b) : Math.max(a, b), type)
        }
        break
      }
      case 'neg':
      case 'abs': {
        const v = this.read(w, ins, ops[1]!, lane, bits)
        const sign = 1n << BigInt(bits - 1)
        out = ins.base === 'neg' ? v ^ sign : v & (sign - 1n)
        break
      }
      default:
        this.fail(ins, 'is not supported by the emulator')
    }
    if (ins.mods.includes('ftz') && type === 'f32') {
      out = fromFloat(ftz(toFloat(out, type)), type)
    }
    if (ins.mods.includes('sat')) {
      const x = toFloat(out, type)
      out = fromFloat(Number.isNaN(x) ? 0 : Math.min(Math.max(x, 0), 1), type)
    }
    this.write(w, ins, ops[0]!, lane, out)
  }

  /** Division and square root: exact only with `.rn` (the double result rounds innocuously). */
  private rounded(ins: Instruction, x: number, type: string, r: string | null): bigint {
    if (r !== null && r !== 'rn') {
      this.fail(ins, `rounding modifier '.${r}' is not supported by the emulator`)
    }
    return fromFloat(x, type)
  }

  private intOp(w: Warp, ins: Instruction, lane: number, type: string): void {
    const ops = ins.operands
    const bits = typeBits(type)
    if (bits === 0) {
      this.fail(ins, 'is not supported by the emulator')
    }
    const signed = type[0] === 's'
    const mask = (1n << BigInt(bits)) - 1n
    // Source operands, decoded once (no per-call closures on this hot path).
    const v = [0n, 0n, 0n]
    for (let i = 1; i < ops.length && i < 3; i++) {
      const x = this.read(w, ins, ops[i]!, lane, bits)
      v[i] = signed ? BigInt.asIntN(bits, x) : x
    }
    const wide = ins.mods.includes('wide')
    let out: bigint
    switch (ins.base) {
      case 'add':
        out = v[1]! + v[2]!
        break
      case 'sub':
        out = v[1]! - v[2]!
        break
      case 'mul':
      case 'mad': {
        const p = v[1]! * v[2]!
        let m = wide ? p : ins.mods.includes('hi') ? p >> BigInt(bits) : p
        if (ins.base === 'mad') {
          const cb = wide ? 2 * bits : bits
          const c = this.read(w, ins, ops[3]!, lane, cb)
          m += signed ? BigInt.asIntN(cb, c) : c
        }
        out = m
        break
      }
      case 'div': {
        const b = v[2]!
        out = b === 0n ? mask : v[1]! / b
        break
      }
      case 'rem': {
        const b = v[2]!
        out = b === 0n ? v[1]! : v[1]! % b
        break
      }
      case 'min':
        out = v[1]! < v[2]! ? v[1]! : v[2]!
        break
      case 'max':
        out = v[1]! > v[2]! ? v[1]! : v[2]!
        break
      case 'neg':
        out = -v[1]!
        break
      case 'abs': {
        const a = v[1]!
        out = a < 0n ? -a : a
        break
      }
      case 'and':
        out = v[1]! & v[2]!
        break
      case 'or':
        out = v[1]! | v[2]!
        break
      case 'xor':
        out = v[1]! ^ v[2]!
        break
      case 'not':
        out = ~v[1]!
        break
      case 'cnot':
        out = v[1]! === 0n ? 1n : 0n
        break
      case 'shl':
      case 'shr': {
        const a = v[1]!
        const n = this.read(w, ins, ops[2]!, lane, 32)
        if (ins.base === 'shl') {
          out = n >= BigInt(bits) ? 0n : a << n
        } else {
          out = n >= BigInt(bits) ? (signed && a < 0n ? -1n : 0n) : a >> n
        }
        break
      }
      case 'popc': {
        let v = this.read(w, ins, ops[1]!, lane, bits)
        let c = 0n
        while (v !== 0n) {
          c += v & 1n
          v >>= 1n
        }
        out = c
        break
      }
      case 'clz': {
        const v = this.read(w, ins, ops[1]!, lane, bits)
        out = BigInt(bits - (v === 0n ? 0 : v.toString(2).length))
        break
      }
      default:
        this.fail(ins, 'is not supported by the emulator')
    }
    this.write(w, ins, ops[0]!, lane, BigInt.asUintN(wide ? 2 * bits : bits, out))
  }
}

export type { KernelRun }
