import { acquireVisitMarks, releaseVisitMarks } from './Operation.ts'
import { OpResult, type Value } from './Value.ts'

/**
 * Small integer numbers for SSA values, so that a pass can hash ops by their operands (as
 * MLIR hashes operand pointers) without strings. A value keeps its number while the
 * numbering is open; distinct values may share a number only by hash collision (`a ^ b`
 * mixing), so the numbers are for hashing, never for equality.
 *
 * While it is open the numbering holds the ops' visit marks (see `acquireVisitMarks`): an
 * op's results are numbered through its scratch slot, with no map entry per value. Block
 * arguments, and every value when another traversal holds the marks, go through a map.
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
    if (this.epoch !== 0 && value instanceof OpResult) {
      const owner = value.owner
      if (owner.visitMark !== this.epoch) {
        owner.visitMark = this.epoch
        owner.visitData = this.nextOpId++
      }
      return owner.visitData ^ Math.imul(value.index, 0x2c1b3c6d)
    }
    let id = this.ids.get(value)
    if (id === undefined) {
      // Negative, apart from the ops' numbers (a collision would cost only a comparison).
      id = ~this.ids.size
      this.ids.set(value, id)
    }
    return id
  }

  /** Gives the visit marks back; the numbers must not be asked for afterwards. */
  dispose(): void {
    releaseVisitMarks(this.epoch)
    this.epoch = 0
  }
}
