import type { LogicalResult, OpAsmParser, OpAsmPrinter, UnresolvedOperand, Value } from '@tilepass/ir'

// MLIR's ShapedType::kDynamic (INT64_MIN), the static entry of each SSA value.
const kDynamic64 = -9223372036854775808n

/**
 * MLIR's `parseDynamicIndexList`: `[%a, 4, %b]` (or `(...)` with `paren`), each SSA value
 * into `dynamic` with `kDynamic` in `statics`. On bad input it reports, after the
 * element's or delimiter's own error, "expected SSA value or integer" at the op name.
 */
export function parseDynamicIndexList(parser: OpAsmParser, dynamic: UnresolvedOperand[], statics: bigint[], delimiter: 'square' | 'paren' = 'square'): LogicalResult {
  const ok = parser.parseDelimitedCommaList(
    delimiter,
    () => {
      const operand = parser.parseOptionalOperand()
      if (operand === undefined) {
        return false
      }
      if (operand !== null) {
        dynamic.push(operand)
        statics.push(kDynamic64)
        return true
      }
      const v = parser.parseInteger()
      if (v === undefined) {
        return false
      }
      statics.push(v)
      return true
    },
    ' in dynamic index list',
  )
  if (!ok) {
    parser.emitError(parser.getNameLoc(), 'expected SSA value or integer').report()
    return false
  }
  return true
}

/**
 * MLIR's `printDynamicIndexList`: the static entries, each `dynamicMarker` replaced by the
 * next dynamic value, between `[`/`]` (or `(`/`)` with `paren`).
 */
export function printDynamicIndexList<T extends number | bigint>(
  p: OpAsmPrinter,
  dynamic: readonly Value[],
  statics: readonly T[],
  dynamicMarker: T,
  delimiter: 'square' | 'paren' = 'square',
): void {
  p.print(delimiter === 'square' ? '[' : '(')
  let d = 0
  for (let i = 0; i < statics.length; i++) {
    if (i > 0) {
      p.print(', ')
    }
    if (statics[i] === dynamicMarker) {
      p.printOperand(dynamic[d++]!)
    } else {
      p.print(String(statics[i]))
    }
  }
  p.print(delimiter === 'square' ? ']' : ')')
}
