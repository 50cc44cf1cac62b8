import {
  StringAttr,
  failure,
  success,
  type Block,
  type LogicalResult,
  type Operation,
  type Value,
} from '@tilepass/ir'
import { ATOMIC_HANDLERS } from './AtomicOps.ts'
import { hasUnitAttr } from './Attrs.ts'
import { PRINT_HANDLERS } from './PrintOps.ts'
import { CONVERSION_HANDLERS } from './ConversionOps.ts'
import { ELEMENTWISE_HANDLERS } from './ElementwiseOps.ts'
import { SHAPE_HANDLERS } from './ShapeOps.ts'
import { Tile, type RuntimeValue } from './Tile.ts'
import type { TileMemory } from './TileMemory.ts'
import { TileTypeInfo, typeInfo, type TypeInfo } from './TypeInfo.ts'
import { VIEW_HANDLERS } from './ViewOps.ts'

/** Evaluates one non-control-flow op: reads its operands, binds its results. */
export type OpHandler = (it: Interpreter, op: Operation) => void

/** A kernel argument: a number or bigint for a scalar tile (a byte address for `tile<ptr<T>>`), or a tile. */
export type KernelArg = number | bigint | Tile

/** How to run a kernel: which entry, its arguments, the grid and the memory its pointers point into. */
export interface KernelLaunch {
  /** The `sym_name` of the `cuda_tile.entry` to run; may be left out when there is only one. */
  readonly kernel?: string
  /** One value per entry argument. */
  readonly args: readonly KernelArg[]
  /** Tile blocks along x, y and z (missing dimensions are 1). */
  readonly grid: readonly number[]
  /** The global memory that pointer arguments address. */
  readonly memory: TileMemory
  /** A `loop` or `for` running more iterations than this is reported (default 2^31). */
  readonly maxLoopIterations?: number
  /** Receives the text of each `print_tko` (default: standard output where there is one). */
  readonly print?: (text: string) => void
}

function printToStdout(text: string): void {
  if (typeof process !== 'undefined') {
    process.stdout.write(text)
  }
}

/** Unwinds the interpreter after a diagnostic has been reported. */
class InterpreterAbort extends Error {}

const HANDLERS = new Map<string, OpHandler>()
for (const table of [ELEMENTWISE_HANDLERS, CONVERSION_HANDLERS, SHAPE_HANDLERS, VIEW_HANDLERS, ATOMIC_HANDLERS, PRINT_HANDLERS]) {
  for (const name of Object.keys(table)) {
    HANDLERS.set(`cuda_tile.${name}`, table[name]!)
  }
}

/** Names of the ops the interpreter evaluates (control flow included), sorted. */
export function interpretedOps(): string[] {
  const names = [...HANDLERS.keys(), ...CONTROL_FLOW.map((n) => `cuda_tile.${n}`)]
  return names.sort()
}

// Structural ops: run by the launch (entry, module) or read by the ops that use them (global).
const CONTROL_FLOW = ['for', 'loop', 'if', 'continue', 'break', 'yield', 'return', 'entry', 'module', 'global']
const TERMINATORS = new Set(['cuda_tile.continue', 'cuda_tile.break', 'cuda_tile.yield', 'cuda_tile.return'])

/**
 * The reference interpreter of cuda_tile: runs an entry once per tile block of the grid,
 * in row-major block order, each op in program order (which honours every token order).
 * Problems (an op it has no model of, undefined behaviour such as an out-of-range
 * view index, an access outside every allocation) are diagnostics at the op's location.
 */
export class Interpreter {
  readonly values: Map<Value, RuntimeValue> = new Map()
  readonly blockId: number[] = [0, 0, 0]
  readonly gridSize: number[] = [1, 1, 1]
  /** The op being evaluated, where an unexpected internal error is reported. */
  private current: Operation | null = null

  constructor(
    readonly memory: TileMemory,
    readonly maxLoopIterations: number,
    /** Where `print_tko` output goes. */
    readonly print: (text: string) => void,
  ) {}

  // ---- Values ----

  /** The runtime value of `v`. */
  get(v: Value): RuntimeValue {
    const rv = this.values.get(v)
    if (rv === undefined) {
      return this.fail(this.current!, 'uses a value the interpreter has not computed')
    }
    return rv
  }
  /** Operand `i` of `op`, which must be a tile. */
  tile(op: Operation, i: number): Tile {
    const v = this.get(op.getOperand(i))
    if (!(v instanceof Tile)) {
      return this.fail(op, `expects operand #${i} to be a tile`)
    }
    return v
  }
  /** Operand `i` of `op` as a scalar integer (signed form), which must be a one-element integer tile. */
  scalarInt(op: Operation, i: number): bigint {
    const t = this.tile(op, i)
    if (t.elem.isFloat || t.numElements !== 1) {
      return this.fail(op, `expects operand #${i} to be a scalar integer tile`)
    }
    return t.ints[0]!
  }
  /** Operand `i` as an unsigned integer (as view indices and shapes are read). */
  scalarUnsigned(op: Operation, i: number): bigint {
    const t = this.tile(op, i)
    return BigInt.asUintN(t.elem.bits, this.scalarInt(op, i))
  }
  set(v: Value, rv: RuntimeValue): void {
    this.values.set(v, rv)
  }
  /** The interpreter's description of result `i`'s type (a tile type). */
  resultTile(op: Operation, i = 0): TileTypeInfo {
    const info = this.info(op, op.getResult(i).type)
    if (!(info instanceof TileTypeInfo)) {
      return this.fail(op, `expects result #${i} to be a tile`)
    }
    return info
  }
  /** The description of `type`, reporting at `op` when the interpreter has none. */
  info(op: Operation, type: Value['type']): TypeInfo {
    const info = typeInfo(type)
    if (typeof info === 'string') {
      return this.fail(op, info)
    }
    return info
  }

  /** Reports `message` at `op` (with the tile block) and abandons the launch. */
  fail(op: Operation, message: string): never {
    const [x, y, z] = this.blockId
    op.emitOpError(message).attachNote(`in tile block (${x}, ${y}, ${z})`).report()
    throw new InterpreterAbort()
  }

  // ---- Execution ----

  /** Runs `block` with `args` bound to its arguments; returns the terminator that ended it (null if none). */
  runBlock(block: Block, args: readonly RuntimeValue[]): Operation | null {
    for (let i = 0; i < args.length; i++) {
      this.values.set(block.getArgument(i), args[i]!)
    }
    for (let op = block.firstOp; op !== null; op = op.nextOp) {
      const name = op.name.name
      if (TERMINATORS.has(name)) {
        return op
      }
      this.current = op
      let exit: Operation | null = null
      switch (name) {
        case 'cuda_tile.for':
          exit = this.runFor(op)
          break
        case 'cuda_tile.loop':
          exit = this.runLoop(op)
          break
        case 'cuda_tile.if':
          exit = this.runIf(op)
          break
        default: {
          const handler = HANDLERS.get(name)
          if (handler === undefined) {
            return this.fail(op, 'is not supported by the interpreter yet')
          }
          handler(this, op)
        }
      }
      if (exit !== null) {
        // A continue, break or return inside an `if` leaves the enclosing block too.
        return exit
      }
    }
    return null
  }

  /** The runtime values of `op`'s operands. */
  operandValues(op: Operation): RuntimeValue[] {
    const out = new Array<RuntimeValue>(op.numOperands)
    for (let i = 0; i < op.numOperands; i++) {
      out[i] = this.get(op.getOperand(i))
    }
    return out
  }

  private bindResults(op: Operation, values: readonly RuntimeValue[]): void {
    if (values.length !== op.numResults) {
      this.fail(op, `yields ${values.length} values for ${op.numResults} results`)
    }
    for (let i = 0; i < values.length; i++) {
      this.values.set(op.getResult(i), values[i]!)
    }
  }

  private runFor(op: Operation): Operation | null {
    const lbTile = this.tile(op, 0)
    const lb = this.scalarInt(op, 0)
    const ub = this.scalarInt(op, 1)
    const step = this.scalarInt(op, 2)
    if (step <= 0n) {
      return this.fail(op, `has a non-positive step ${step}`)
    }
    const width = lbTile.elem.bits
    const unsigned = hasUnitAttr(op, 'unsignedCmp')
    const bound = unsigned ? BigInt.asUintN(width, ub) : ub
    let carried: RuntimeValue[] = []
    for (let i = 3; i < op.numOperands; i++) {
      carried.push(this.get(op.getOperand(i)))
    }
    const body = op.getRegion(0).front
    let iterations = 0
    for (let iv = lb; (unsigned ? BigInt.asUintN(width, iv) : iv) < bound; iv = BigInt.asIntN(width, iv + step)) {
      if (++iterations > this.maxLoopIterations) {
        return this.fail(op, `ran more than ${this.maxLoopIterations} iterations`)
      }
      const ivTile = Tile.zeros([], lbTile.elem)
      ivTile.ints[0] = iv
      const term = this.runBlock(body, [ivTile, ...carried])
      if (term === null || term.name.name === 'cuda_tile.continue') {
        carried = term === null ? carried : this.operandValues(term)
      } else if (term.name.name === 'cuda_tile.return') {
        return term
      } else {
        return this.fail(term, "ends a 'for' body; only continue (or return) may")
      }
      const next = iv + step
      if (unsigned ? BigInt.asUintN(width, next) < BigInt.asUintN(width, iv) : next !== BigInt.asIntN(width, next)) {
        // The induction variable would wrap: the range has no further element.
        break
      }
    }
    this.bindResults(op, carried)
    return null
  }

  private runLoop(op: Operation): Operation | null {
    let carried = this.operandValues(op)
    const body = op.getRegion(0).front
    for (let iterations = 0; ; ) {
      if (++iterations > this.maxLoopIterations) {
        return this.fail(op, `ran more than ${this.maxLoopIterations} iterations`)
      }
      const term = this.runBlock(body, carried)
      if (term === null) {
        return this.fail(op, 'has a body that ends without continue or break')
      }
      const kind = term.name.name
      if (kind === 'cuda_tile.continue') {
        carried = this.operandValues(term)
      } else if (kind === 'cuda_tile.break') {
        this.bindResults(op, this.operandValues(term))
        return null
      } else if (kind === 'cuda_tile.return') {
        return term
      } else {
        return this.fail(term, "ends a 'loop' body; only continue, break or return may")
      }
    }
  }

  private runIf(op: Operation): Operation | null {
    const cond = this.scalarInt(op, 0) !== 0n
    const region = op.getRegion(cond ? 0 : 1)
    if (region.empty) {
      this.bindResults(op, [])
      return null
    }
    const term = this.runBlock(region.front, [])
    if (term === null || term.name.name === 'cuda_tile.yield') {
      this.bindResults(op, term === null ? [] : this.operandValues(term))
      return null
    }
    return term
  }

  // ---- Launch ----

  /** Runs `entry` over the whole grid. */
  launch(entry: Operation, launch: KernelLaunch): LogicalResult {
    const grid = [launch.grid[0] ?? 1, launch.grid[1] ?? 1, launch.grid[2] ?? 1]
    for (const g of grid) {
      if (!Number.isInteger(g) || g < 1) {
        entry.emitOpError(`cannot run on grid (${grid.join(', ')}): every dimension must be a positive integer`).report()
        return failure()
      }
    }
    this.gridSize.splice(0, 3, ...grid)
    const body = entry.getRegion(0).front
    try {
      const args = this.bindArguments(entry, body, launch.args)
      for (let z = 0; z < grid[2]!; z++) {
        for (let y = 0; y < grid[1]!; y++) {
          for (let x = 0; x < grid[0]!; x++) {
            this.blockId.splice(0, 3, x, y, z)
            this.values.clear()
            this.runBlock(body, args)
          }
        }
      }
    } catch (e) {
      if (e instanceof InterpreterAbort) {
        return failure()
      }
      const at = this.current ?? entry
      const msg = e instanceof Error ? e.message : String(e)
      at.emitOpError(`internal error in the interpreter: ${msg}`).report()
      return failure()
    }
    return success()
  }

  private bindArguments(entry: Operation, body: Block, args: readonly KernelArg[]): RuntimeValue[] {
    if (args.length !== body.numArguments) {
      return this.fail(entry, `takes ${body.numArguments} arguments but the launch passes ${args.length}`)
    }
    const out: RuntimeValue[] = []
    for (let i = 0; i < args.length; i++) {
      const info = this.info(entry, body.getArgument(i).type)
      const a = args[i]!
      if (!(info instanceof TileTypeInfo)) {
        return this.fail(entry, `has argument #${i} of a type the launch cannot pass (only tiles)`)
      }
      if (a instanceof Tile) {
        if (a.elem !== info.elem || a.shape.join('x') !== info.shape.join('x')) {
          return this.fail(entry, `expects argument #${i} of shape [${info.shape.join(', ')}] and element type ${info.elem.toString()}`)
        }
        out.push(a)
      } else if (info.shape.length !== 0) {
        return this.fail(entry, `expects argument #${i} to be a tile of shape [${info.shape.join(', ')}], not a scalar`)
      } else {
        out.push(Tile.scalar(info.elem.toString(), a))
      }
    }
    return out
  }
}

/**
 * Runs the kernel `launch.kernel` (a `cuda_tile.entry` under `root`) over `launch.grid`.
 * Its pointer arguments address `launch.memory`, where the outputs are found afterwards.
 * Returns failure after reporting a diagnostic through the context; never throws on bad IR.
 */
export function runKernel(root: Operation, launch: KernelLaunch): LogicalResult {
  const entries: Operation[] = []
  root.walk((op) => {
    if (op.name.name === 'cuda_tile.entry') {
      entries.push(op)
    }
  })
  const named = (op: Operation): string => {
    const attr = op.getAttr('sym_name')
    return attr instanceof StringAttr ? attr.value : ''
  }
  const matches = launch.kernel === undefined ? entries : entries.filter((e) => named(e) === launch.kernel)
  if (matches.length !== 1) {
    const what = launch.kernel === undefined ? 'exactly one cuda_tile.entry (name the kernel to run)' : `a cuda_tile.entry named '${launch.kernel}'`
    root.emitError(`cannot run kernel: expected ${what}, found ${matches.length}`).report()
    return failure()
  }
  const entry = matches[0]!
  if (entry.numRegions !== 1 || entry.getRegion(0).empty) {
    entry.emitOpError('has no body to run').report()
    return failure()
  }
  const it = new Interpreter(launch.memory, launch.maxLoopIterations ?? 2 ** 31, launch.print ?? printToStdout)
  return it.launch(entry, launch)
}

