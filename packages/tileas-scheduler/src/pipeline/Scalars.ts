/**
 * Scalar arithmetic for the pipeline expander, in the convention of the tile-assembly form:
 * integer scalars use the tileas elementwise ops (`tileas.addi`, `tileas.cmpi "slt"`, ...),
 * which its lowering handles; `index` scalars (not tileas operands) use `arith`.
 */
import { IndexType, IntegerAttr, IntegerType, StringAttr, type OpBuilder, type Operation, type Value } from '@tilepass/ir'

/** An integer constant of `type` at the builder's insertion point. */
export function constantInt(b: OpBuilder, at: Operation, type: Value['type'], value: number): Value {
  return b.create('arith.constant', at.location, { results: [type], attributes: { value: IntegerAttr.get(type, value) } }).results[0]!
}

/** The arith spelling of each tileas integer op used here (signed division and max). */
const ARITH_NAME: Readonly<Record<string, string>> = { addi: 'addi', subi: 'subi', muli: 'muli', divi: 'divsi', maxi: 'maxsi' }

function binary(b: OpBuilder, at: Operation, name: 'addi' | 'subi' | 'muli' | 'divi' | 'maxi', x: Value, y: Value): Value {
  const full = x.type instanceof IndexType ? `arith.${ARITH_NAME[name]!}` : `tileas.${name}`
  return b.create(full, at.location, { operands: [x, y], results: [x.type] }).results[0]!
}

/** `x + y`. */
export function addInt(b: OpBuilder, at: Operation, x: Value, y: Value): Value {
  return binary(b, at, 'addi', x, y)
}

/** `x - y`. */
export function subInt(b: OpBuilder, at: Operation, x: Value, y: Value): Value {
  return binary(b, at, 'subi', x, y)
}

/** `x / y`, signed, rounding toward zero. */
export function divInt(b: OpBuilder, at: Operation, x: Value, y: Value): Value {
  return binary(b, at, 'divi', x, y)
}

/** The signed maximum of `x` and `y`. */
export function maxInt(b: OpBuilder, at: Operation, x: Value, y: Value): Value {
  return binary(b, at, 'maxi', x, y)
}

/** `x * y`. */
export function mulInt(b: OpBuilder, at: Operation, x: Value, y: Value): Value {
  return binary(b, at, 'muli', x, y)
}

/** The arith.cmpi predicate numbers of the names used here. */
const ARITH_PREDICATE: Readonly<Record<string, number>> = { eq: 0, slt: 2, ult: 6 }

/** `x <pred> y` as an i1 (`pred`: eq, slt, ult). */
export function compareInt(b: OpBuilder, at: Operation, pred: 'eq' | 'slt' | 'ult', x: Value, y: Value): Value {
  const ctx = b.context
  const i1 = IntegerType.get(ctx, 1)
  if (x.type instanceof IndexType) {
    return b.create('arith.cmpi', at.location, {
      operands: [x, y],
      results: [i1],
      attributes: { predicate: IntegerAttr.get(IntegerType.get(ctx, 64), ARITH_PREDICATE[pred]!) },
    }).results[0]!
  }
  return b.create('tileas.cmpi', at.location, { operands: [x, y], results: [i1], attributes: { predicate: StringAttr.get(ctx, pred) } }).results[0]!
}

/** `cond ? x : y`. */
export function selectValue(b: OpBuilder, at: Operation, cond: Value, x: Value, y: Value): Value {
  const dialect = x.type instanceof IndexType ? 'arith' : 'tileas'
  return b.create(`${dialect}.select`, at.location, { operands: [cond, x, y], results: [x.type] }).results[0]!
}

/** `lhs < rhs` in the loop's comparison (unsigned with `unsignedCmp`). */
export function loopLess(b: OpBuilder, loop: Operation, lhs: Value, rhs: Value): Value {
  return compareInt(b, loop, loop.getAttr('unsignedCmp') !== undefined ? 'ult' : 'slt', lhs, rhs)
}
