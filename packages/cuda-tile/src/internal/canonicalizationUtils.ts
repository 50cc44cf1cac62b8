/**
 * @internal Helpers shared by the cuda_tile `if` and `select` canonicalization patterns:
 * reading constant tiles and building the small ops (`constant`, `xori`, `select`) the
 * patterns insert.
 */
import { DenseIntOrFPElementsAttr, IntegerType, type Location, type Operation, type PatternRewriter, type Value } from '@tilepass/ir'
import { TileType } from '../CudaTileTypes.ts'

/** The `value` of the `cuda_tile.constant` defining `v`, or null. */
export function constantAttrOf(v: Value): DenseIntOrFPElementsAttr | null {
  const d = v.definingOp
  if (d === null || d.name.name !== 'cuda_tile.constant') {
    return null
  }
  const a = d.getAttr('value')
  return a instanceof DenseIntOrFPElementsAttr ? a : null
}

/** The single value (splat, or the only element) of the integer constant defining `v`. */
export function intSplatOf(v: Value): bigint | undefined {
  const a = constantAttrOf(v)
  if (a === null || !(a.type.elementType instanceof IntegerType) || !(a.isSplat || a.values.length === 1)) {
    return undefined
  }
  return a.values[0] as bigint
}

/** The value of `v` when an `i1` constant (splat or single element) defines it. */
export function boolConstantOf(v: Value): boolean | undefined {
  const a = constantAttrOf(v)
  if (a === null) {
    return undefined
  }
  const elt = a.type.elementType
  if (!(elt instanceof IntegerType) || elt.width !== 1) {
    return undefined
  }
  return intSplatOf(v) === undefined ? undefined : a.values[0] !== 0n
}

/** True when `op` ends its region by leaving the enclosing construct: `return`, `continue` or `break`. */
export function exitsParent(op: Operation | null): boolean {
  if (op === null) {
    return false
  }
  const n = op.name.name
  return n === 'cuda_tile.return' || n === 'cuda_tile.continue' || n === 'cuda_tile.break'
}

/** True when `op` is a `cuda_tile.yield`. */
export function isYield(op: Operation | null): op is Operation {
  return op !== null && op.name.name === 'cuda_tile.yield'
}

/** The `i1` tile of `shape` holding `true` everywhere, inserted at the insertion point. */
function trueTile(rewriter: PatternRewriter, loc: Location, shape: readonly number[]): Value {
  const type = TileType.get(shape, IntegerType.get(rewriter.context, 1))
  const value = DenseIntOrFPElementsAttr.get(type, [1n], true)
  return rewriter.create('cuda_tile.constant', loc, { results: [type], attributes: { value } }).results[0]!
}

/** `xori %cond, true` (the negation of an `i1` tile), inserted at the insertion point. */
export function createNot(rewriter: PatternRewriter, loc: Location, cond: Value): Value {
  const type = cond.type as TileType
  const ones = trueTile(rewriter, loc, type.shape)
  return rewriter.create('cuda_tile.xori', loc, { operands: [cond, ones], results: [type] }).results[0]!
}

/**
 * `select %cond, %t, %f` for a scalar `i1` condition and tiles `%t`/`%f` of any rank: a
 * ranked result first reshapes the condition to rank 1...1 and broadcasts it to the shape.
 */
export function createSelect(rewriter: PatternRewriter, loc: Location, cond: Value, t: Value, f: Value): Value {
  const type = t.type as TileType
  let c = cond
  if (type.shape.length > 0) {
    const i1 = IntegerType.get(rewriter.context, 1)
    const ones = TileType.get(
      type.shape.map(() => 1),
      i1,
    )
    const reshaped = rewriter.create('cuda_tile.reshape', loc, { operands: [cond], results: [ones] }).results[0]!
    c = rewriter.create('cuda_tile.broadcast', loc, { operands: [reshaped], results: [TileType.get(type.shape, i1)] }).results[0]!
  }
  return rewriter.create('cuda_tile.select', loc, { operands: [c, t, f], results: [type] }).results[0]!
}
