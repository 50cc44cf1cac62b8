import { printedIndentation, type Operation } from '@tilepass/ir'

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
  const { total, deepest, level } = printedIndentation(root)
  if (total <= MAX_PRINTED_INDENTATION) {
    return true
  }
  deepest
    .emitError(`cannot print the output: ${level} nested regions would indent it by ${total} characters, more than the printer's limit of ${MAX_PRINTED_INDENTATION}`)
    .report()
  return false
}
