/**
 * What the reader and writer derive from an op's bytecode schema, computed once per
 * schema: whether a result count is written, the bits of the flags field (NVIDIA orders
 * them by the version that introduced each optional field) and which field owns which bit.
 */
import type { AttrSchema, OpBytecodeSchema } from './Schema.ts'
import type { BytecodeVersion } from './Version.ts'

/** One bit of an op's flags field: an optional attribute, or an optional operand group. */
export interface FlagBit {
  readonly attr: AttrSchema | null
  readonly operandIndex: number
  readonly since: BytecodeVersion
}

/** The derived encoding facts of one op schema. */
export interface SchemaInfo {
  /** ODS's `Operator::isVariadic`: a variadic operand or result; the result count is written. */
  readonly isVariadic: boolean
  /** Some result is newer than the op (left out for older versions). */
  readonly versionedResults: boolean
  /** The flag bits in order (bit i is `flagOrder[i]`). */
  readonly flagOrder: readonly FlagBit[]
  /** The version of the oldest optional field: the flags field exists from then on. */
  readonly flagsSince: BytecodeVersion
  /** The flag bit of each attribute (by index in `attributes`), or -1. */
  readonly attrBit: Int32Array
  /** The flag bit of each operand group (by index in `operands`), or -1. */
  readonly operandBit: Int32Array
  /** Without segment sizes: whether the operand count is written. */
  readonly operandCountWritten: boolean
}

const cache = new WeakMap<OpBytecodeSchema, SchemaInfo>()

/** The derived facts of `schema` (cached). */
export function schemaInfo(schema: OpBytecodeSchema): SchemaInfo {
  const cached = cache.get(schema)
  if (cached !== undefined) {
    return cached
  }
  const items: FlagBit[] = []
  for (const a of schema.attributes) {
    if (a.optional) {
      items.push({ attr: a, operandIndex: -1, since: a.since })
    }
  }
  if (schema.attrSizedOperands) {
    schema.operands.forEach((o, i) => {
      if (o.kind === 'optional') {
        items.push({ attr: null, operandIndex: i, since: o.since })
      }
    })
  }
  // A stable sort keeps declaration order (attributes first) within a version.
  const flagOrder = items
    .map((it, i) => ({ it, i }))
    .sort((x, y) => x.it.since.compare(y.it.since) || x.i - y.i)
    .map((x) => x.it)
  if (flagOrder.length > 30) {
    throw new Error(`${schema.name}: more optional fields than the flags field holds`)
  }
  const attrBit = new Int32Array(schema.attributes.length).fill(-1)
  const operandBit = new Int32Array(schema.operands.length).fill(-1)
  flagOrder.forEach((b, bit) => {
    if (b.attr !== null) {
      attrBit[schema.attributes.indexOf(b.attr)] = bit
    } else {
      operandBit[b.operandIndex] = bit
    }
  })
  const info: SchemaInfo = {
    isVariadic: schema.results.some((r) => r.variadic) || schema.operands.some((o) => o.kind === 'variadic'),
    versionedResults: schema.results.some((r) => r.since.compare(schema.since) !== 0),
    flagOrder,
    flagsSince: flagOrder.length > 0 ? flagOrder[0]!.since : schema.since,
    attrBit,
    operandBit,
    operandCountWritten: schema.operands.some((o) => o.kind !== 'single'),
  }
  cache.set(schema, info)
  return info
}
