/**
 * The SIMT emulator: runs a PTX kernel over a grid of CTAs. Each CTA's threads form warps
 * of 32 lanes that execute in lockstep; divergent lanes keep their own PCs and the warp
 * always issues the lowest PC among its ready lanes, so paths reconverge at the first
 * common instruction. `bar.sync` parks a warp until every warp of the CTA arrives.
 */
import { APPROX, FLOAT_TYPES, compare, convert, floatArith, formatOf, ftz, fromFloat, roundingOf, toFloat, toInt } from './alu.ts'
import { fusedMultiplyAdd, type RoundingMode } from './float.ts'
import { GlobalMemory, LOCAL_WINDOW, SHARED_WINDOW, SPACE_NAMES, SP_GENERIC, SP_GLOBAL, SP_LOCAL, SP_SHARED, readBytes, spaceCode, writeBytes, type Span } from './Memory.ts'
import { PTXError, parsePTX, typeBits, type Instruction, type Kernel, type Operand, type PTXModule } from './parsePTX.ts'
import { compileFast } from './fastOps.ts'
import { compileLdmatrix, compileMma, compileShfl, execLdmatrix, execMma, execShfl } from './warpOps.ts'

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
  /**
   * false runs every instruction on the per-lane reference path (exact BigInt arithmetic,
   * about ten times slower) instead of the compiled handlers; for checking the emulator itself.
   */
  readonly fastPath?: boolean
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

/**
 * Where each register lives in a warp's register file (one Uint32Array per warp, with
 * Int32Array/Float32Array views on the same words): a register of up to 32 bits has 32
 * words at `slot` (lane l at slot + l, its value zero-extended from its width); a 64-bit
 * register has 64 words at an even `slot` (lane l: low word at slot + 2l, high word after).
 */
export class RegisterLayout {
  readonly slot: Int32Array
  readonly wide: Uint8Array
  readonly words: number

  constructor(kernel: Kernel) {
    const n = kernel.registerBits.length
    this.slot = new Int32Array(n)
    this.wide = new Uint8Array(n)
    let words = 0
    for (let i = 0; i < n; i++) {
      if (kernel.registerBits[i]! > 32) {
        this.wide[i] = 1
        this.slot[i] = words
        words += 64
      }
    }
    for (let i = 0; i < n; i++) {
      if (kernel.registerBits[i]! <= 32) {
        this.slot[i] = words
        words += 32
      }
    }
    this.words = Math.max(words, 2)
  }
}

/**
 * The cp.async copies a warp has issued and not yet made visible: bytes read at issue
 * time, each tagged with its lane and the commit group it belongs to (the lane's count of
 * `commit_group`s when it was issued). Up to 16 bytes each, kept in one growable pool.
 */
class AsyncCopies {
  count: number = 0
  lane: Int32Array = new Int32Array(0)
  group: Int32Array = new Int32Array(0)
  dst: Float64Array = new Float64Array(0)
  size: Int32Array = new Int32Array(0)
  bytes: Uint8Array = new Uint8Array(0)
  /** Per lane: commit_groups executed. */
  readonly committed: Int32Array = new Int32Array(32)

  push(lane: number, dst: number, size: number): number {
    if (this.count === this.lane.length) {
      const n = Math.max(64, this.count * 2)
      const grow = <T extends Int32Array | Float64Array | Uint8Array>(a: T, m: number): T => {
        const b = new (a.constructor as new (n: number) => T)(n * m)
        b.set(a)
        return b
      }
      this.lane = grow(this.lane, 1)
      this.group = grow(this.group, 1)
      this.dst = grow(this.dst, 1)
      this.size = grow(this.size, 1)
      this.bytes = grow(this.bytes, 16)
    }
    const i = this.count++
    this.lane[i] = lane
    this.group[i] = this.committed[lane]!
    this.dst[i] = dst
    this.size[i] = size
    this.bytes.fill(0, i * 16, i * 16 + 16)
    return i * 16
  }

  /**
   * Makes visible the copies of the lanes in `lanes` whose group is before `limit[lane]`:
   * writes them to `shared` in issue order and drops them.
   */
  apply(lanes: number, limit: Int32Array, shared: Uint8Array): void {
    let out = 0
    const bytes = this.bytes
    for (let i = 0; i < this.count; i++) {
      const lane = this.lane[i]!
      if ((lanes >> lane) & 1 && this.group[i]! < limit[lane]!) {
        const dst = this.dst[i]!
        const from = i * 16
        for (let k = 0, n = this.size[i]!; k < n; k++) {
          shared[dst + k] = bytes[from + k]!
        }
        continue
      }
      if (out !== i) {
        this.lane[out] = lane
        this.group[out] = this.group[i]!
        this.dst[out] = this.dst[i]!
        this.size[out] = this.size[i]!
        for (let k = 0; k < 16; k++) {
          bytes[out * 16 + k] = bytes[i * 16 + k]!
        }
      }
      out++
    }
    this.count = out
  }
}

const NO_BYTES = new Uint8Array(0)
const NO_VIEW = new DataView(NO_BYTES.buffer)

/** One warp's state: PCs, flags and registers per lane. */
export class Warp {
  readonly pc: Int32Array = new Int32Array(32)
  /** 0 running, 1 exited, 2 waiting at a barrier, 3 not a thread of the CTA, 4 waiting at a warp-collective. */
  readonly state: Uint8Array = new Uint8Array(32)
  /** The barrier (and its expected thread count, 0 = the whole CTA) each waiting lane is at. */
  readonly barrier: Int32Array = new Int32Array(32)
  readonly barrierCount: Int32Array = new Int32Array(32)
  /** The register file (see `RegisterLayout`), and views of the same words. */
  readonly u32: Uint32Array
  readonly i32: Int32Array
  readonly f32: Float32Array
  readonly tid: [number, number, number][] = []
  readonly local: Uint8Array[] = []
  readonly localViews: DataView[] = []
  readonly copies: AsyncCopies = new AsyncCopies()
  /** Lanes that exist (are threads of the CTA). */
  readonly existing: number

  constructor(
    readonly index: number,
    kernel: Kernel,
    layout: RegisterLayout,
    threads: number,
    firstThread: number,
    block: readonly [number, number, number],
  ) {
    this.u32 = new Uint32Array(layout.words)
    this.i32 = new Int32Array(this.u32.buffer)
    this.f32 = new Float32Array(this.u32.buffer)
    let existing = 0
    for (let l = 0; l < 32; l++) {
      const t = firstThread + l
      if (l >= threads) {
        this.state[l] = 3
      } else {
        existing |= 1 << l
      }
      this.tid.push([t % block[0], Math.floor(t / block[0]) % block[1], Math.floor(t / (block[0] * block[1]))])
      const local = kernel.localBytes === 0 ? NO_BYTES : new Uint8Array(kernel.localBytes)
      this.local.push(local)
      this.localViews.push(kernel.localBytes === 0 ? NO_VIEW : new DataView(local.buffer))
    }
    this.existing = existing
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
  const run = new KernelRun(mod, kernel, global, param, block, grid, launch.dynamicSharedBytes ?? 0, launch.maxSteps ?? 50_000_000, launch.fastPath ?? true)
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

/** A compiled per-warp step: runs one instruction for the lanes in `active`. */
export type Handler = (w: Warp, active: number) => void

/** Kinds of decoded instructions (how the scheduler treats them). */
const K_LANE = 0
const K_BRA = 1
const K_EXIT = 2
const K_BAR = 3
const K_NOP = 4
const K_TRAP = 5
/** shfl / ldmatrix / mma: the handler sees the whole warp. */
const K_WARP = 6

/** An instruction decoded once per launch: its kind, guard and handler. */
class Decoded {
  constructor(
    readonly ins: Instruction,
    readonly kind: number,
    readonly handler: Handler | null,
    /** Word offset of the guard predicate register, or -1. */
    readonly guardSlot: number,
    readonly guardNegate: boolean,
    /** A warp-collective (shfl, ldmatrix, mma, bar.warp): runs once every lane it needs arrives. */
    readonly collective: boolean,
  ) {}
}

/** The lanes of `group` whose guard predicate (of `d`) holds. */
function guarded(d: Decoded, group: number, u32: Uint32Array): number {
  const g = d.guardSlot
  const neg = d.guardNegate
  let active = 0
  for (let m = group; m !== 0; m &= m - 1) {
    const l = 31 - Math.clz32(m & -m)
    if ((u32[g + l] !== 0) !== neg) {
      active |= 1 << l
    }
  }
  return active
}

class KernelRun {
  steps = 0
  readonly layout: RegisterLayout
  private shared: Uint8Array = new Uint8Array(0)
  private sharedView: DataView = new DataView(new ArrayBuffer(0))
  private readonly paramView: DataView
  private ctaid: [number, number, number] = [0, 0, 0]
  readonly sharedAddr: Map<string, number> = new Map()
  readonly localAddr: Map<string, number> = new Map()
  readonly paramAddr: Map<string, number> = new Map()
  private readonly sharedBytes: number
  private readonly code: Decoded[]
  /** Set by `locate`: the bytes, a view of them, and the offset an access resolved to. */
  mem: Uint8Array = new Uint8Array(0)
  memView: DataView = this.sharedView
  memOff = 0

  constructor(
    readonly mod: PTXModule,
    readonly kernel: Kernel,
    readonly global: GlobalMemory,
    readonly param: Uint8Array,
    readonly block: [number, number, number],
    readonly grid: [number, number, number],
    dynamicShared: number,
    readonly maxSteps: number,
    readonly fastPath: boolean,
  ) {
    this.paramView = new DataView(param.buffer, param.byteOffset, param.byteLength)
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
    this.layout = new RegisterLayout(kernel)
    this.code = kernel.instructions.map((ins) => this.decode(ins))
  }

  /** Decodes one instruction: its kind, and a compiled handler (fast where one fits, else per lane). */
  private decode(ins: Instruction): Decoded {
    let guardSlot = -1
    if (ins.guard !== null) {
      guardSlot = this.layout.slot[ins.guard.reg]!
      if (this.layout.wide[ins.guard.reg] === 1) {
        this.fail(ins, 'a guard must be a predicate register')
      }
    }
    const negate = ins.guard !== null && ins.guard.negate
    const make = (kind: number, handler: Handler | null, collective = false): Decoded => new Decoded(ins, kind, handler, guardSlot, negate, collective)
    switch (ins.base) {
      case 'bra':
        return make(K_BRA, null)
      case 'ret':
      case 'exit':
        return make(K_EXIT, null)
      case 'bar':
      case 'barrier':
        if (ins.mods[0] === 'warp') {
          return make(K_NOP, null, ins.base === 'bar')
        }
        if (ins.mods[0] !== 'sync' && !(ins.base === 'barrier' && ins.mods[0] === 'cta' && ins.mods[1] === 'sync')) {
          // K_WARP: the handler runs (and fails) whatever the guard says, as before.
          return make(K_WARP, () => this.fail(ins, 'only bar.sync / barrier.sync is supported by the emulator'))
        }
        return make(K_BAR, null)
      case 'shfl':
        return make(K_WARP, this.fastPath ? compileShfl(this, ins) : (w, active) => execShfl(this, w, ins, active), true)
      case 'ldmatrix':
        return make(K_WARP, this.fastPath ? compileLdmatrix(this, ins) : (w, active) => execLdmatrix(this, w, ins, active), true)
      case 'mma':
        return make(K_WARP, this.fastPath ? compileMma(this, ins) : (w, active) => execMma(this, w, ins, active), true)
      case 'setmaxnreg':
      case 'membar':
      case 'fence':
        return make(K_NOP, null)
      case 'trap':
        return make(K_TRAP, null)
      default: {
        const fast = this.fastPath ? compileFast(this, ins) : null
        if (fast !== null) {
          return make(K_LANE, fast)
        }
        return make(K_LANE, (w, active) => {
          for (let m = active; m !== 0; m &= m - 1) {
            this.execLane(w, ins, 31 - Math.clz32(m & -m))
          }
        })
      }
    }
  }

  runCta(ctaid: [number, number, number]): void {
    this.ctaid = ctaid
    this.shared = new Uint8Array(this.sharedBytes)
    this.sharedView = new DataView(this.shared.buffer)
    const threads = this.block[0] * this.block[1] * this.block[2]
    const warps: Warp[] = []
    for (let w = 0; w * 32 < threads; w++) {
      warps.push(new Warp(w, this.kernel, this.layout, Math.min(32, threads - w * 32), w * 32, this.block))
    }
    for (;;) {
      for (const w of warps) {
        this.runWarp(w)
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

  /** The shared memory of the CTA running now. */
  currentShared(): Uint8Array {
    return this.shared
  }

  fail(ins: Instruction, message: string): never {
    throw new PTXError(`${message} (in '${ins.text}')`, ins.line, ins.column)
  }

  /** Runs until every lane has exited (false) or waits at a barrier (true). */
  private runWarp(w: Warp): boolean {
    const code = this.code
    const state = w.state
    const pcs = w.pc
    const u32 = w.u32
    for (;;) {
      // The lowest PC among running lanes, and the lanes at it.
      let min = 0x7fffffff
      let group = 0
      let running = 0
      let anyWaiting = false
      for (let l = 0; l < 32; l++) {
        const s = state[l]
        if (s === 0) {
          running |= 1 << l
          const p = pcs[l]!
          if (p < min) {
            min = p
            group = 1 << l
          } else if (p === min) {
            group |= 1 << l
          }
        } else if (s === 2) {
          anyWaiting = true
        }
      }
      if (min === 0x7fffffff) {
        for (let l = 0; l < 32; l++) {
          if (state[l] === 4) {
            this.fail(code[pcs[l]!]!.ins, `lanes wait at a warp-collective instruction for lanes that never arrive (warp ${w.index})`)
          }
        }
        return anyWaiting
      }
      if (group === running) {
        // Every running lane is here: run straight on without rescanning the PCs.
        min = this.runConverged(w, min, group)
        if (min < 0) {
          continue
        }
      }
      if (min >= code.length) {
        throw new PTXError(`kernel '${this.kernel.name}' ran past its last instruction`, 0, 0)
      }
      const d = code[min]!
      if (++this.steps > this.maxSteps) {
        throw new PTXError(`kernel '${this.kernel.name}' exceeded ${this.maxSteps} warp instructions`, d.ins.line, d.ins.column)
      }
      if (d.collective) {
        for (let l = 0; l < 32; l++) {
          if (state[l] === 4 && pcs[l] === min) {
            group |= 1 << l
          }
        }
        // A warp-collective runs once every lane it needs has arrived; until then the
        // arrived lanes park (state 4) and the others run on.
        const needed = this.neededLanes(w, d.ins, group)
        if ((needed & ~group) !== 0) {
          for (let m = group; m !== 0; m &= m - 1) {
            state[31 - Math.clz32(m & -m)] = 4
          }
          continue
        }
        for (let m = group; m !== 0; m &= m - 1) {
          state[31 - Math.clz32(m & -m)] = 0
        }
      }
      const active = d.guardSlot < 0 ? group : guarded(d, group, u32)
      const next = min + 1
      switch (d.kind) {
        case K_LANE:
        case K_WARP:
          if (active !== 0 || d.kind === K_WARP) {
            d.handler!(w, active)
          }
          for (let m = group; m !== 0; m &= m - 1) {
            pcs[31 - Math.clz32(m & -m)] = next
          }
          break
        case K_BRA: {
          const target = d.ins.target
          for (let m = group; m !== 0; m &= m - 1) {
            const l = 31 - Math.clz32(m & -m)
            pcs[l] = (active >> l) & 1 ? target : next
          }
          break
        }
        case K_EXIT:
          for (let m = group; m !== 0; m &= m - 1) {
            const l = 31 - Math.clz32(m & -m)
            pcs[l] = next
            if ((active >> l) & 1) {
              state[l] = 1
            }
          }
          break
        case K_BAR: {
          for (let m = group; m !== 0; m &= m - 1) {
            pcs[31 - Math.clz32(m & -m)] = next
          }
          const ins = d.ins
          const lane = 31 - Math.clz32(active & -active)
          const id = ins.operands.length > 0 ? Number(this.read(w, ins, ins.operands[0]!, lane, 32)) : 0
          const count = ins.operands.length > 1 ? Number(this.read(w, ins, ins.operands[1]!, lane, 32)) : 0
          for (let m = active; m !== 0; m &= m - 1) {
            const l = 31 - Math.clz32(m & -m)
            state[l] = 2
            w.barrier[l] = id
            w.barrierCount[l] = count
          }
          break
        }
        case K_TRAP:
          if (active !== 0) {
            this.fail(d.ins, 'trap executed')
          }
          for (let m = group; m !== 0; m &= m - 1) {
            pcs[31 - Math.clz32(m & -m)] = next
          }
          break
        default:
          for (let m = group; m !== 0; m &= m - 1) {
            pcs[31 - Math.clz32(m & -m)] = next
          }
      }
    }
  }

  /**
   * Runs the lanes of `group` (all the running lanes of the warp, all at `pc`) through
   * per-lane instructions and uniform branches. Returns the PC of the first instruction it
   * leaves to the general step (with the lanes' PCs set to it), or -1 after a divergent
   * branch (PCs set per lane). The same order of issue as one rescan per instruction.
   */
  private runConverged(w: Warp, pc: number, group: number): number {
    const code = this.code
    const u32 = w.u32
    const pcs = w.pc
    for (;;) {
      const d = pc < code.length ? code[pc]! : null
      if (d === null || d.collective || (d.kind !== K_LANE && d.kind !== K_BRA && d.kind !== K_NOP)) {
        break
      }
      if (this.steps + 1 > this.maxSteps) {
        break
      }
      this.steps++
      const active = d.guardSlot < 0 ? group : guarded(d, group, u32)
      if (d.kind === K_LANE) {
        if (active !== 0) {
          d.handler!(w, active)
        }
        pc++
      } else if (d.kind === K_NOP) {
        pc++
      } else if (active === group) {
        pc = d.ins.target
      } else if (active === 0) {
        pc++
      } else {
        const target = d.ins.target
        for (let m = group; m !== 0; m &= m - 1) {
          const l = 31 - Math.clz32(m & -m)
          pcs[l] = (active >> l) & 1 ? target : pc + 1
        }
        return -1
      }
    }
    for (let m = group; m !== 0; m &= m - 1) {
      pcs[31 - Math.clz32(m & -m)] = pc
    }
    return pc
  }

  /** The lanes a warp-collective waits for: its member mask (shfl) or the whole warp. */
  private neededLanes(w: Warp, ins: Instruction, group: number): number {
    const existing = w.existing
    if (ins.base === 'shfl' || (ins.base === 'bar' && ins.operands.length > 0)) {
      const first = 31 - Math.clz32(group & -group)
      const m = ins.operands[ins.base === 'shfl' ? 4 : 0]
      if (m !== undefined) {
        return Number(this.read(w, ins, m, first, 32)) & existing
      }
    }
    return existing
  }

  // ---- operands ------------------------------------------------------------------------

  /** Raw bits of operand `o` for `lane`, `bits` wide (immediates sign-wrapped, floats converted). */
  read(w: Warp, ins: Instruction, o: Operand, lane: number, bits: number, type = ''): bigint {
    switch (o.kind) {
      case 'reg': {
        const s = this.layout.slot[o.index]!
        let v: bigint
        if (this.layout.wide[o.index] === 1) {
          v = BigInt(w.u32[s + 2 * lane]!) | (BigInt(w.u32[s + 2 * lane + 1]!) << 32n)
        } else {
          v = BigInt(w.u32[s + lane]!)
        }
        return bits >= 64 ? v : BigInt.asUintN(bits, v)
      }
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
    const x = BigInt.asUintN(this.kernel.registerBits[o.index]!, v)
    const s = this.layout.slot[o.index]!
    if (this.layout.wide[o.index] === 1) {
      w.u32[s + 2 * lane] = Number(x & 0xffffffffn)
      w.u32[s + 2 * lane + 1] = Number(x >> 32n)
    } else {
      w.u32[s + lane] = Number(x)
    }
  }

  regBits(o: Operand): number {
    return o.kind === 'reg' ? this.kernel.registerBits[o.index]! : 0
  }

  /** A reader of special register `name` for a warp's lane: `sreg` resolved once, for the fast path. */
  sregReader(name: string): (w: Warp, lane: number) => number {
    const axis = name.endsWith('.y') ? 1 : name.endsWith('.z') ? 2 : 0
    switch (name.split('.')[0]) {
      case 'tid':
        return (w, lane) => w.tid[lane]![axis]
      case 'laneid':
        return (_w, lane) => lane
      case 'warpid':
        return (w) => w.index
      case 'ctaid':
        return () => this.ctaid[axis]
      case 'ntid': {
        const v = this.block[axis]
        return () => v
      }
      case 'nctaid': {
        const v = this.grid[axis]
        return () => v
      }
      default:
        return (w, lane) => this.sreg(w, name, lane)
    }
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
  symbolAddress(ins: Instruction, name: string): number {
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
    const code = spaceCode(space)
    if (code < 0) {
      this.fail(ins, `state space '.${space}' is not supported by the emulator`)
    }
    this.locate(w, ins, lane, code, addr, size)
    return { data: this.mem, offset: this.memOff }
  }

  /**
   * Resolves `size` bytes at `addr` in state space `space` (an `SP_` code) for `lane`:
   * sets `mem`, `memView` and `memOff`, or fails on an out-of-bounds or misaligned access.
   */
  locate(w: Warp, ins: Instruction, lane: number, space: number, addr: number, size: number): void {
    let sp = space
    if (sp === SP_GENERIC) {
      if (addr >= SHARED_WINDOW && addr < SHARED_WINDOW + 2 ** 32) {
        sp = SP_SHARED
        addr -= SHARED_WINDOW
      } else if (addr >= LOCAL_WINDOW && addr < LOCAL_WINDOW + 2 ** 32) {
        sp = SP_LOCAL
        addr -= LOCAL_WINDOW
      } else {
        sp = SP_GLOBAL
      }
    }
    let data: Uint8Array | null = null
    switch (sp) {
      case SP_GLOBAL: {
        const i = this.global.indexOf(addr, size)
        if (i >= 0) {
          this.mem = this.global.buffers[i]!
          this.memView = this.global.views[i]!
          this.memOff = addr - this.global.bases[i]!
          return
        }
        break
      }
      case SP_SHARED:
        data = this.shared
        this.memView = this.sharedView
        break
      case SP_LOCAL:
        data = w.local[lane]!
        this.memView = w.localViews[lane]!
        break
      default:
        data = this.param
        this.memView = this.paramView
    }
    const name = SPACE_NAMES[sp]!
    if (data === null || addr < 0 || addr + size > data.length) {
      this.fail(ins, `out-of-bounds ${name} access of ${size} bytes at 0x${addr.toString(16)} (lane ${lane}, ctaid ${this.ctaid.join(',')})`)
    }
    if (size > 1 && addr % size !== 0 && size <= 16) {
      this.fail(ins, `misaligned ${name} access of ${size} bytes at 0x${addr.toString(16)}`)
    }
    this.mem = data
    this.memOff = addr
  }

  /** The state space modifier of a memory instruction ('' = generic). */
  spaceOf(ins: Instruction): string {
    for (const m of ins.mods) {
      if (m === 'global' || m === 'shared' || m === 'local' || m === 'param' || m === 'const' || m === 'shared::cta') {
        return m === 'shared::cta' ? 'shared' : m
      }
    }
    return ''
  }

  // ---- per-lane instructions -------------------------------------------------------------

  private execLane(w: Warp, ins: Instruction, lane: number): void {
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
    const copies = w.copies
    if (what === 'async.commit_group') {
      copies.committed[lane]!++
      return
    }
    if (what === 'async.wait_group' || what === 'async.wait_all') {
      if (what === 'async.wait_all') {
        copies.committed[lane]!++
      }
      const keep = what === 'async.wait_all' ? 0 : Number(this.read(w, ins, ins.operands[0]!, lane, 32))
      const limit = new Int32Array(32)
      limit[lane] = copies.committed[lane]! - keep
      copies.apply(1 << lane, limit, this.shared)
      return
    }
    if ((ins.mods[1] !== 'ca' && ins.mods[1] !== 'cg') || !ins.mods.includes('shared') || !ins.mods.includes('global')) {
      this.fail(ins, 'is not supported by the emulator')
    }
    const ops = ins.operands
    const size = Number(this.read(w, ins, ops[2]!, lane, 32))
    const srcSize = ops.length > 3 ? Number(this.read(w, ins, ops[3]!, lane, 32)) : size
    if (size !== 4 && size !== 8 && size !== 16) {
      this.fail(ins, `cp.async copies 4, 8 or 16 bytes, not ${size}`)
    }
    const dstOp = ops[0]!
    if (dstOp.kind !== 'mem') {
      this.fail(ins, 'expected a memory operand')
    }
    const dst = this.span(w, ins, dstOp, lane, 'shared', size).offset
    const at = copies.push(lane, dst, size)
    if (srcSize > 0) {
      // Asynchronous: the bytes are read now and land in shared memory only when a wait covers their group.
      const src = this.span(w, ins, ops[1]!, lane, 'global', srcSize)
      copies.bytes.set(src.data.subarray(src.offset, src.offset + Math.min(srcSize, size)), at)
    }
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
