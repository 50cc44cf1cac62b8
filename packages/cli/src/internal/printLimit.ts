import type { Operation } from '@tilepass/ir'

/**
 * The most characters of indentation `tilepass-opt` prints. The printer indents each line by
 * two spaces per enclosing region, so the text of deeply nested IR grows with the square of
 * its depth: 100,000 nested regions would print some 20 GB of spaces (mlir-opt overflows its
 * stack long before). Past this limit the output is refused with a diagnostic.
 */
export const MAX_PRINTED_INDENTATION: number = 2 ** 30

/**
 * Checks that printing `root` stays within `MAX_PRINTED_INDENTATION`; otherwise reports an
 * error at the deepest operation and returns false. Linear in the number of operations.
 */
export function checkPrintedIndentation(root: Operation): boolean {
  let total = 0
  let deepest: Operation = root
  let deepestLevel = 0
  // A depth-first walk that takes the last op of a block first. Only ops with regions go on
  // the stack: the others are counted when their parent comes off it, in the same order,
  // so that the deepest op reported is the first one reached at the deepest level.
  const ops: Operation[] = [root]
  const levels: number[] = [0]
  const withRegions: Operation[] = []
  while (ops.length > 0) {
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
  if (total <= MAX_PRINTED_INDENTATION) {
    return true
  }
  deepest
    .emitError(
      `cannot print the output: ${deepestLevel} nested regions would indent it by ${total} characters, more than the printer's limit of ${MAX_PRINTED_INDENTATION}`,
    )
    .report()
  return false
}
