import {
  ArrayAttr,
  BoolAttr,
  DenseArrayAttr,
  IntegerAttr,
  printAttribute,
  type Attribute,
  type Operation,
} from '@tilepass/ir'

/**
 * Reading cuda_tile attributes by name. Enum attributes are read from their keyword
 * (`#cuda_tile.signedness<unsigned>`, or `unsigned` in custom form) or, where a form stores
 * the enum's integer value, from that value, so the registered dialect and modules parsed
 * with unregistered dialects read alike.
 */

/** The keyword of enum attribute `name` on `op` (`cases[i]` names value i), `fallback` when absent. */
export function enumAttr(op: Operation, name: string, cases: readonly string[], fallback: string): string {
  const attr = op.getAttr(name)
  if (attr === undefined) {
    return fallback
  }
  return enumKeyword(attr, cases) ?? fallback
}

/** The keyword an enum attribute spells, or null when it is not one. */
export function enumKeyword(attr: Attribute, cases: readonly string[]): string | null {
  if (attr instanceof IntegerAttr) {
    return cases[attr.numberValue] ?? null
  }
  const text = printAttribute(attr)
  const m = /<\s*([A-Za-z_][A-Za-z0-9_]*)\s*>\s*$/.exec(text) ?? /^#?([A-Za-z_][A-Za-z0-9_]*)$/.exec(text)
  return m === null ? null : m[1]!
}

/** True when unit (or true boolean) attribute `name` is present. */
export function hasUnitAttr(op: Operation, name: string): boolean {
  const attr = op.getAttr(name)
  if (attr === undefined) {
    return false
  }
  return !(BoolAttr.isBool(attr) && attr.value === 0n)
}

/** Integer attribute `name`, or `fallback`. */
export function intAttr(op: Operation, name: string, fallback: number): number {
  const attr = op.getAttr(name)
  return attr instanceof IntegerAttr ? attr.numberValue : fallback
}

/** `array<i32: ...>` or `[1, 2]` attribute `name` as numbers, null when absent. */
export function intArrayAttr(op: Operation, name: string): number[] | null {
  const attr = op.getAttr(name)
  if (attr instanceof DenseArrayAttr) {
    return (attr.values as readonly (number | bigint)[]).map((v) => Number(v))
  }
  if (attr instanceof ArrayAttr) {
    return attr.elements.map((e) => (e instanceof IntegerAttr ? e.numberValue : NaN))
  }
  return null
}

export const SIGNEDNESS: readonly string[] = ['unsigned', 'signed']
export const OVERFLOW: readonly string[] = ['none', 'no_signed_wrap', 'no_unsigned_wrap', 'no_wrap']
export const ROUNDING: readonly string[] = [
  'nearest_even',
  'zero',
  'negative_inf',
  'positive_inf',
  'approx',
  'full',
  'nearest_int_to_zero',
]
export const PREDICATES: readonly string[] = [
  'equal',
  'not_equal',
  'less_than',
  'less_than_or_equal',
  'greater_than',
  'greater_than_or_equal',
]
export const ORDERING: readonly string[] = ['unordered', 'ordered']
