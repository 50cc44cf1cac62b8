/**
 * The tile code generator's core: a registry of op lowerings (one op family per file,
 * `registerTileOpLowering`), and the per-kernel state they share (`TileLoweringContext`):
 * the llvm.func being filled, the map from each tile-assembly value to its per-thread
 * registers (`Value[]`, in the register order of its linear layout), thread/lane/warp ids,
 * and the shared-memory scratch buffer.
 */
import { Block, IndexType, IntegerType, type Operation, type Region, type Value, type Type } from '@tilepass/ir'
import { type LinearLayout, TileASTileType, log2 } from '@tilepass/tileas-scheduler'
import type { LLVMBuilder } from './LLVMBuilder.ts'

/** Lowers one op at `cx.builder`'s insertion point; false after a diagnostic. */
export type TileOpLowering = (op: Operation, cx: TileLoweringContext) => boolean

const lowerings = new Map<string, TileOpLowering>()

/** Registers the lowering of op `name` (a later registration replaces an earlier one). */
export function registerTileOpLowering(name: string, lowering: TileOpLowering): void {
  lowerings.set(name, lowering)
}

/** The registered lowering of op `name`, if any. */
export function tileOpLowering(name: string): TileOpLowering | undefined {
  return lowerings.get(name)
}

/** The state of lowering one kernel. */
export class TileLoweringContext {
  private readonly regMap = new Map<Value, Value[]>()
  private readonly layouts = new Map<string, LinearLayout>()
  private readonly threadParts = new Map<string, Value>()
  /** Largest scratch use in bytes (0: none). */
  scratchBytes = 0
  readonly laneId: Value
  readonly warpId: Value
  readonly threadId: Value

  constructor(
    readonly llvm: LLVMBuilder,
    /** The body region of the llvm.func being filled. */
    readonly region: Region,
    readonly numWarps: number,
    /** Symbol of the kernel's shared-memory scratch global. */
    readonly scratchName: string,
    /** The prologue block (function arguments, ids, constants, thread parts); ends with a branch to the body. */
    readonly entry: Block,
  ) {
    this.threadId = llvm.sreg('tid.x')
    this.laneId = llvm.and(this.threadId, llvm.c32(31))
    this.warpId = llvm.lshr(this.threadId, llvm.c32(5))
  }

  get builder(): LLVMBuilder['b'] {
    return this.llvm.b
  }

  /** The registers of a lowered value. */
  regs(v: Value): Value[] {
    const r = this.regMap.get(v)
    if (r === undefined) {
      throw new Error('tile lowering: a value used before it was lowered')
    }
    return r
  }

  /** The single register of a scalar value. */
  scalar(v: Value): Value {
    return this.regs(v)[0]!
  }

  setRegs(v: Value, regs: Value[]): void {
    this.regMap.set(v, regs)
  }

  /** The linear layout of a tile type (cached). */
  layoutOf(t: Type): LinearLayout {
    const tt = t as TileASTileType
    const key = `${tt.layout.id}:${tt.shape.join('x')}`
    let ll = this.layouts.get(key)
    if (ll === undefined) {
      ll = tt.layout.toLinear(tt.shape)
      this.layouts.set(key, ll)
    }
    return ll
  }

  /** Register types of a value's type: the element type of tiles, the type itself for scalars. */
  regType(t: Type): Type {
    if (t instanceof IndexType) {
      return IntegerType.get(t.context, 64)
    }
    return t instanceof TileASTileType ? t.elementType : t
  }

  /** Number of registers of a value of type `t`. */
  numRegs(t: Type): number {
    return t instanceof TileASTileType ? this.layoutOf(t).numRegs : 1
  }

  /**
   * sum over set bits i of the lane id of `laneVals[i]`, plus the same for the warp id (i32):
   * the thread's part of a flat index or coordinate, given per-basis contributions (each 0 or
   * a power of two, distinct, so the sum is also the XOR).
   */
  threadPart(key: string, laneVals: readonly number[], warpVals: readonly number[]): Value {
    const hit = this.threadParts.get(key)
    if (hit !== undefined) {
      return hit
    }
    const l = this.llvm
    const ip = this.builder.saveInsertionPoint()
    this.builder.setInsertionPointToEnd(this.entry)
    let acc: Value | null = null
    const addBits = (id: Value, vals: readonly number[]): void => {
      vals.forEach((v, i) => {
        if (v === 0) {
          return
        }
        let bit = i === 0 ? id : l.lshr(id, l.c32(i))
        bit = l.and(bit, l.c32(1))
        const term = v === 1 ? bit : l.shl(bit, l.c32(log2(v)))
        acc = acc === null ? term : l.or(acc, term)
      })
    }
    addBits(this.laneId, laneVals)
    addBits(this.warpId, warpVals)
    const result = acc ?? l.c32(0)
    this.builder.restoreInsertionPoint(ip)
    this.threadParts.set(key, result)
    return result
  }

  /** The thread's part of the row-major flat index of `ll`'s elements. */
  threadFlat(ll: LinearLayout): Value {
    const f = ll.flatBases()
    return this.threadPart(`flat:${f.lane.join(',')}:${f.warp.join(',')}`, f.lane, f.warp)
  }

  /** The thread's part of coordinate `d` of `ll`. */
  threadCoord(ll: LinearLayout, d: number): Value {
    const lane = ll.laneBases.map((b) => b[d]!)
    const warp = ll.warpBases.map((b) => b[d]!)
    return this.threadPart(`coord:${lane.join(',')}:${warp.join(',')}`, lane, warp)
  }

  /** The scratch buffer (`!llvm.ptr<3>`), reserving at least `bytes`. */
  scratch(bytes: number): Value {
    this.scratchBytes = Math.max(this.scratchBytes, bytes)
    return this.llvm.addressOf(this.scratchName, 3)
  }

  /** A new block at the end of the function with arguments of `types`. */
  newBlock(types: readonly Type[] = []): Block {
    const b = new Block()
    for (const t of types) {
      b.addArgument(t, this.llvm.loc)
    }
    this.region.push(b)
    return b
  }

  /** Moves the insertion point to the end of `block`. */
  setBlock(block: Block): void {
    this.builder.setInsertionPointToEnd(block)
  }

  /** Emits an error at `op` and returns false. */
  fail(op: Operation, message: string): boolean {
    op.emitError(message).report()
    return false
  }

  /** Lowers the ops of `block` in order; false after a diagnostic. */
  lowerBlock(block: Block): boolean {
    for (const op of block.operations) {
      if (!this.lowerOp(op)) {
        return false
      }
    }
    return true
  }

  /** Lowers one op with its registered lowering. */
  lowerOp(op: Operation): boolean {
    const lowering = lowerings.get(op.name.name)
    if (lowering === undefined) {
      return this.fail(op, `'${op.name.name}' is not supported by tilepass-compile yet`)
    }
    const saved = this.llvm.loc
    this.llvm.loc = op.location
    const ok = lowering(op, this)
    this.llvm.loc = saved
    return ok
  }
}
