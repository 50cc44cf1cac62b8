import { DenseArrayAttr, type Attribute } from '../Attributes.ts'
import type { Context } from '../Context.ts'
import type { Operation } from '../Operation.ts'
import type { Type } from '../Types.ts'
import type { AttrConstraint, OperandConstraint, RegionConstraint, SuccessorConstraint, TypeConstraint } from './Constraints.ts'

/** One declared operand or result of an ODS op. */
export interface OdsValueDecl {
  readonly name: string
  /** The constraint each value must satisfy. */
  readonly constraint: TypeConstraint
  /** The declared constraint's summary as used in messages ("variadic of ..."). */
  readonly summary: string
  readonly variadic: boolean
  readonly optional: boolean
  /** For `variadicOfVariadic`: the attribute holding the sub-group sizes. */
  readonly segmentAttr?: string
}

/** One declared attribute (inherent, stored as a property) of an ODS op. */
export interface OdsAttrDecl {
  readonly name: string
  readonly constraint: AttrConstraint
  /** True when the attribute may be absent (`optionalAttr` or `defaultValuedAttr`). */
  readonly optional: boolean
  readonly defaultValue: ((context: Context) => Attribute) | null
}

/** One declared region of an ODS op. */
export interface OdsRegionDecl {
  readonly name: string
  readonly constraint: RegionConstraint
}

/** One declared successor of an ODS op. */
export interface OdsSuccessorDecl {
  readonly name: string
  readonly constraint: SuccessorConstraint
}

/** `TypesMatchWith`: the type of `to` is `transform(type of from)`. */
export interface TypesMatchWith {
  readonly from: string
  readonly to: string
  readonly transform: (type: Type) => Type
  /** The message after "failed to verify that ". */
  readonly summary: string
}

/** Normalizes an operand/result declaration. */
export function valueDecl(name: string, c: OperandConstraint): OdsValueDecl {
  if (c.kind === 'type') {return { name, constraint: c, summary: c.summary, variadic: false, optional: false }}
  const decl = { name, constraint: c.base, summary: c.summary, variadic: c.kind === 'variadic', optional: c.kind === 'optional' }
  return c.segmentAttr === undefined ? decl : { ...decl, segmentAttr: c.segmentAttr }
}

/**
 * Start and length of each declared value group of `op` (operands when `results` is
 * false), as ODS's `getODSOperandIndexAndLength`: from the segment-size property when
 * `segmentAttr` is given, else by splitting the variable-length part evenly.
 */
export function valueSegments(
  op: Operation,
  decls: readonly OdsValueDecl[],
  results: boolean,
  segmentAttr: string | null,
  numVariable: number,
): Int32Array {
  return valueSegmentsInto(new Int32Array(decls.length * 2), op, decls, results, segmentAttr, numVariable)
}

/**
 * `valueSegments` written into `out` (at least two entries per declared group), which it
 * returns; `numVariable` is the number of variadic or optional groups among `decls`.
 */
export function valueSegmentsInto(
  out: Int32Array,
  op: Operation,
  decls: readonly OdsValueDecl[],
  results: boolean,
  segmentAttr: string | null,
  numVariable: number,
): Int32Array {
  const n = decls.length
  const total = results ? op.results.length : op.operands.length
  if (segmentAttr !== null) {
    // Read straight from the property (no array of the sizes is built); absent or
    // malformed sizes make every group empty.
    const a = op.getAttr(segmentAttr)
    const sizes = a instanceof DenseArrayAttr && a.values.length === n ? a.values : null
    let start = 0
    for (let i = 0; i < n; i++) {
      const len = sizes === null ? 0 : Number(sizes[i])
      out[2 * i] = start
      out[2 * i + 1] = len
      start += len
    }
    return out
  }
  const variableSize = numVariable === 0 ? 1 : Math.max(0, Math.floor((total - (n - numVariable)) / numVariable))
  let start = 0
  for (let i = 0; i < n; i++) {
    const d = decls[i]!
    const len = d.variadic || d.optional ? variableSize : 1
    out[2 * i] = start
    out[2 * i + 1] = len
    start += len
  }
  return out
}

/** The segment sizes stored in `op`'s `name` property, or null when absent or malformed. */
export function segmentSizes(op: Operation, name: string, expected: number): number[] | null {
  const a = op.getAttr(name)
  if (!(a instanceof DenseArrayAttr) || a.values.length !== expected) {
    return null
  }
  const out: number[] = []
  for (const v of a.values) { out.push(Number(v)) }
  return out
}
