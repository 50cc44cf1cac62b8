import { acquireVisitMarks, releaseVisitMarks } from './Operation.ts'
import type { Operation } from './Operation.ts'
import { OpResult, type BlockArgument, type Value } from './Value.ts'

/**
 * Small integer numbers for SSA values, so that a pass can hash ops by their operands (as
 * MLIR hashes operand pointers) without strings. A value keeps its number while the
 * numbering is open; distinct values may share a number only by hash collision (`a ^ b`
 * mixing), so the numbers are for hashing, never for equality.
 *
 * While it is open the numbering holds the ops' visit marks (see `acquireVisitMarks`): an
 * op's results, and the arguments of the entry blocks of its regions, are numbered through
 * its scratch slot, with no map entry per value. Other block arguments, and every value
 * when another traversal holds the marks, go through a map.
 * Call `dispose` when done.
 */
export class ValueNumbering {
  private readonly ids = new Map<Value, number>()
  private nextOpId = 0
  private epoch: number

  constructor() {
    this.epoch = acquireVisitMarks()
  }

  /** The number of `value` (stable until `dispose`). */
  numberOf(value: Value): number {
    if (this.epoch !== 0) {
      if (value instanceof OpResult) {
        return this.opNumber(value.owner) ^ Math.imul(value.index, 0x2c1b3c6d)
      }
      // An argument of an entry block is numbered from the op whose region holds the block
      // (arguments of different regions of one op may share a number: a hash collision,
      // as rare as such ops), so a module's loops and functions need no map entries.
      const block = (value as BlockArgument).owner
      const parent = block.prevBlock === null ? block.parentOp : null
      if (parent !== null) {
        return ~(this.opNumber(parent) ^ Math.imul((value as BlockArgument).index + 1, 0x5bd1e995))
      }
    }
    let id = this.ids.get(value)
    if (id === undefined) {
      // Negative, apart from the ops' numbers (a collision would cost only a comparison).
      id = ~this.ids.size
      this.ids.set(value, id)
    }
    return id
  }

  /** The number of `op` (from its visit mark), given on first use. */
  private opNumber(op: Operation): number {
    if (op.visitMark !== this.epoch) {
      op.visitMark = this.epoch
      op.visitData = this.nextOpId++
    }
    return op.visitData
  }

  /** Gives the visit marks back; the numbers must not be asked for afterwards. */
  dispose(): void {
    releaseVisitMarks(this.epoch)
    this.epoch = 0
  }
}
