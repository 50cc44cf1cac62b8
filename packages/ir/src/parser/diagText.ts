import type { Attribute } from '../Attributes.ts'
import type { Type } from '../Types.ts'
import { printAttribute, printType } from '../printer/index.ts'

/** @internal A type as diagnostics show it (MLIR's printed form, no aliases). */
export function typeToString(type: Type): string {
  return printType(type)
}

/** @internal An attribute as diagnostics show it. */
export function attrToString(attr: Attribute): string {
  return printAttribute(attr)
}
