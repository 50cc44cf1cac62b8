import { printType } from '../printer/index.ts'
import type { Type } from '../Types.ts'

let typeTextHook: ((type: Type) => string) | null = null

/** The textual form of `type` as verifier messages spell it (the printer's, unless overridden). */
export function typeToString(type: Type): string {
  const hook = typeTextHook
  return hook !== null ? hook(type) : printType(type)
}

/** Overrides the function used to spell types in ODS verifier messages (null restores the printer's). */
export function setOdsTypePrinter(fn: ((type: Type) => string) | null): void {
  typeTextHook = fn
}
