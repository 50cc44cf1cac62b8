import {
  ArrayAttr,
  BoolAttr,
  DenseArrayAttr,
  IntegerAttr,
  printAttribute,
  type Attribute,
  type Operation,
} from '@tilepass/ir'
import {
  AtomicRMWModeNames,
  ComparisonOrderingNames,
  ComparisonPredicateNames,
  IntegerOverflowNames,
  RoundingModeNames,
  SignednessNames,
} from '../CudaTileEnums.ts'
import { Rounding } from './FloatRounding.ts'

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

/** Keywords of the (interned) enum attributes already read: ops run many times. */
const keywords = new WeakMap<Attribute, string | null>()

/** The keyword an enum attribute spells, or null when it is not one. */
export function enumKeyword(attr: Attribute, cases: readonly string[]): string | null {
  if (attr instanceof IntegerAttr) {
    return cases[attr.numberValue] ?? null
  }
  let keyword = keywords.get(attr)
  if (keyword === undefined) {
    const text = printAttribute(attr)
    const m = /<\s*([A-Za-z_][A-Za-z0-9_]*)\s*>\s*$/.exec(text) ?? /^#?([A-Za-z_][A-Za-z0-9_]*)$/.exec(text)
    keyword = m === null ? null : m[1]!
    keywords.set(attr, keyword)
  }
  return keyword
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

export {
  SignednessNames as SIGNEDNESS,
  IntegerOverflowNames as OVERFLOW,
  RoundingModeNames as ROUNDING,
  ComparisonPredicateNames as PREDICATES,
  ComparisonOrderingNames as ORDERING,
  AtomicRMWModeNames as RMW_MODES,
}

/** The `rounding_mode` attribute of `op` as a `Rounding` (approx and full give nearest-even, the correctly rounded result). */
export function roundingAttr(op: Operation): Rounding {
  switch (enumAttr(op, 'rounding_mode', RoundingModeNames, 'nearest_even')) {
    case 'zero':
      return Rounding.Zero
    case 'negative_inf':
      return Rounding.NegativeInf
    case 'positive_inf':
      return Rounding.PositiveInf
    default:
      return Rounding.NearestEven
  }
}
