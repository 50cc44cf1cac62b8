/**
 * The result of an operation that can fail: `true` is success, `false` is failure.
 * Mirrors MLIR's `LogicalResult`; the helpers keep call sites readable.
 */
export type LogicalResult = boolean

/** Returns a successful `LogicalResult`. */
export function success(): LogicalResult {
  return true
}

/** Returns a failed `LogicalResult`. */
export function failure(): LogicalResult {
  return false
}

/** True when `result` is a success. */
export function succeeded(result: LogicalResult): boolean {
  return result
}

/** True when `result` is a failure. */
export function failed(result: LogicalResult): boolean {
  return !result
}
