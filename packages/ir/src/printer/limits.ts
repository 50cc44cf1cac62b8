import type { Operation } from '../Operation.ts'

/**
 * The longest text the printer returns as a string: the longest string V8 makes on a
 * 64-bit host (2^29 - 24 UTF-16 code units). Longer text can only be streamed to a sink
 * (`printOperationTo`).
 */
export const MAX_PRINTED_STRING_LENGTH: number = 2 ** 29 - 24

/**
 * Thrown when printing into a string would make text longer than
 * `MAX_PRINTED_STRING_LENGTH` (a module of hundreds of megabytes, or nesting so deep that
 * its indentation alone passes it): a clear error in place of V8's "Invalid string length"
 * or running out of memory. `printOperationTo` streams such text instead.
 */
export class PrintLimitError extends RangeError {
  constructor(message: string) {
    super(message)
    this.name = 'PrintLimitError'
  }
}

/**
 * Thrown by `printOperationTo` with `maxIndentation` set, before any text is printed, when
 * the indentation of the printed regions would pass that limit (see `printedIndentation`,
 * which also finds the deepest op).
 */
export class IndentationLimitError extends PrintLimitError {
  constructor(
    /** The characters of indentation the text would hold. */
    readonly indentation: number,
    /** The limit it passes. */
    readonly limit: number,
  ) {
    super(`cannot print: the nested regions would indent the text by ${indentation} characters, more than the limit of ${limit}`)
    this.name = 'IndentationLimitError'
  }
}

/** What `printedIndentation` found: the total, and the first op at the deepest level. */
export interface PrintedIndentation {
  /** Characters of indentation the printed text holds (at least; it stops counting past the limit). */
  readonly total: number
  /** The first op reached at the deepest level. */
  readonly deepest: Operation
  /** The nesting level of `deepest` (the ops directly in `root`'s regions are at 1). */
  readonly level: number
}

/**
 * The characters of indentation the printer writes for `root` with its regions: each op's
 * first line and the closing line of each of its regions are indented by two spaces per
 * enclosing region, so the text of deeply nested IR grows with the square of its depth.
 * Stops counting once the total passes `limit`. Iterative and linear in the number of ops.
 */
export function printedIndentation(root: Operation, limit: number = Infinity): PrintedIndentation {
  let total = 0
  let deepest: Operation = root
  let deepestLevel = 0
  // A depth-first walk that takes the last op of a block first. Only ops with regions go on
  // the stack: the others are counted when their parent comes off it, in the same order,
  // so that the deepest op reported is the first one reached at the deepest level.
  const ops: Operation[] = [root]
  const levels: number[] = [0]
  const withRegions: Operation[] = []
  while (ops.length > 0 && total <= limit) {
    const op = ops.pop()!
    const level = levels.pop()! + 1
    const regions = op.regions
    for (let r = regions.length - 1; r >= 0; r--) {
      for (let b = regions[r]!.lastBlock; b !== null; b = b.prevBlock) {
        for (let o = b.lastOp; o !== null; o = o.prevOp) {
          // The op's first line, and the closing line of each of its regions, at its level.
          const numRegions = o.regions.length
          total += 2 * level * (1 + numRegions)
          if (level > deepestLevel) {
            deepest = o
            deepestLevel = level
          }
          if (numRegions !== 0) {
            withRegions.push(o)
          }
        }
      }
    }
    // Pushed first to last, so that the last comes off first.
    for (let i = withRegions.length - 1; i >= 0; i--) {
      ops.push(withRegions[i]!)
      levels.push(level)
    }
    withRegions.length = 0
  }
  return { total, deepest, level: deepestLevel }
}
