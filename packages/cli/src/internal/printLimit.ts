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
  const ops: Operation[] = [root]
  const levels: number[] = [0]
  while (ops.length > 0) {
    const op = ops.pop()!
    const level = levels.pop()!
    // The op's first line, and the closing line of each of its regions, at this level.
    total += 2 * level * (1 + op.regions.length)
    if (level > deepestLevel) {
      deepest = op
      deepestLevel = level
    }
    for (const region of op.regions) {
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
        for (let o = b.firstOp; o !== null; o = o.nextOp) {
          ops.push(o)
          levels.push(level + 1)
        }
      }
    }
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
