/**
 * Folders and canonicalization patterns of cuda_tile ops: `constant` folds to its value,
 * `assume` of an identical `assume` folds away, `select` folds and canonicalizes as
 * NVIDIA's does (equal or constant operands, boolean identities, `cmpi`/`xori`/`select`
 * conditions, `exti` of the condition), `if` as in CudaTileIfCanonicalization.ts, and
 * `addf z, (mulf x, y)` puts the `mulf` first (what `fuse-fma` relies on).
 */
import {
  DenseIntOrFPElementsAttr,
  FloatType,
  IntegerType,
  success,
  type OpFoldResult,
  type OpSpec,
  type Operation,
  type PatternRewriter,
  type RewritePatternLike,
  type Value,
} from '@tilepass/ir'
import { CudaTileEnumAttr } from './CudaTileAttributes.ts'
import { foldIf, ifCanonicalizationPatterns } from './CudaTileIfCanonicalization.ts'
import type { TileType } from './CudaTileTypes.ts'
import { boolConstantOf, constantAttrOf, createNot, intSplatOf } from './internal/canonicalizationUtils.ts'

/** The folder and canonicalization hooks an op's definition takes from `cudaTileFolders`. */
export type FolderHooks = Pick<OpSpec, 'fold' | 'getCanonicalizationPatterns'>

/** `addf z, (mulf x, y)` -> `addf (mulf x, y), z` (NVIDIA's `canonicalizeAddOperands`). */
export const AddFOperandOrder: RewritePatternLike = {
  rootName: 'cuda_tile.addf',
  benefit: 1,
  name: 'AddFOp',
  matchAndRewrite(op: Operation, rewriter: PatternRewriter) {
    const lhs = op.getOperand(0)
    const rhs = op.getOperand(1)
    const lhsIsMul = lhs.definingOp?.name.name === 'cuda_tile.mulf'
    const rhsIsMul = rhs.definingOp?.name.name === 'cuda_tile.mulf'
    if (!rhsIsMul || lhsIsMul) {
      return false
    }
    rewriter.modifyOpInPlace(op, () => op.setOperands([rhs, lhs]))
    return success()
  },
}

// ---- select ------------------------------------------------------------------------
// Operands: 0 = cond, 1 = val_if_true, 2 = val_if_false.

/** A select fold rule: the replacing value, `op` itself when it changed in place, or null. */
type SelectFoldRule = (op: Operation) => Value | Operation | null

const EQUAL = 0
const NOT_EQUAL = 1

const selectFoldRules: readonly SelectFoldRule[] = [
  // select %c, %x, %x -> %x
  (op) => (op.getOperand(1) === op.getOperand(2) ? op.getOperand(1) : null),
  // select true, %x, %y -> %x; select false, %x, %y -> %y
  (op) => {
    const c = boolConstantOf(op.getOperand(0))
    return c === undefined ? null : op.getOperand(c ? 1 : 2)
  },
  // select %c, true, false -> %c
  (op) => {
    const elt = (op.results[0]!.type as TileType).elementType
    const isI1 = elt instanceof IntegerType && elt.width === 1
    return isI1 && boolConstantOf(op.getOperand(1)) === true && boolConstantOf(op.getOperand(2)) === false ? op.getOperand(0) : null
  },
  // select (cmpi eq %a, %b), %a, %b -> %b; with `ne` -> %a (either operand order)
  (op) => {
    const cmp = op.getOperand(0).definingOp
    if (cmp === null || cmp.name.name !== 'cuda_tile.cmpi') {
      return null
    }
    const pred = cmp.getAttr('comparison_predicate')
    const p = pred instanceof CudaTileEnumAttr ? pred.value : -1
    const t = op.getOperand(1)
    const f = op.getOperand(2)
    const [l, r] = [cmp.getOperand(0), cmp.getOperand(1)]
    if ((p !== EQUAL && p !== NOT_EQUAL) || !((l === t && r === f) || (l === f && r === t))) {
      return null
    }
    return p === NOT_EQUAL ? t : f
  },
  // select (xori %c, true), %x, %y -> select %c, %y, %x (in place)
  (op) => {
    const x = op.getOperand(0).definingOp
    if (x === null || x.name.name !== 'cuda_tile.xori' || boolConstantOf(x.getOperand(1)) !== true) {
      return null
    }
    op.setOperands([x.getOperand(0), op.getOperand(2), op.getOperand(1)])
    return op
  },
  // select %c, (select %c, %a, %b), %y -> select %c, %a, %y; likewise on the false side (in place)
  (op) => {
    const cond = op.getOperand(0)
    for (const side of [1, 2]) {
      const inner = op.getOperand(side).definingOp
      if (inner !== null && inner.name.name === 'cuda_tile.select' && inner.getOperand(0) === cond) {
        op.setOperand(side, inner.getOperand(side))
        return op
      }
    }
    return null
  },
]

/** `select %p, false, true` -> `xori %p, true` (NVIDIA's `SelectI1ToNot`). */
export const SelectI1ToNot: RewritePatternLike = {
  rootName: 'cuda_tile.select',
  benefit: 1,
  name: 'SelectI1ToNot',
  matchAndRewrite(op: Operation, rewriter: PatternRewriter) {
    const ones = op.getOperand(2)
    if (boolConstantOf(op.getOperand(1)) !== false || boolConstantOf(ones) !== true) {
      return false
    }
    rewriter.setInsertionPoint(op)
    const not = rewriter.create('cuda_tile.xori', op.location, { operands: [op.getOperand(0), ones], results: [op.results[0]!.type] })
    rewriter.replaceOp(op, not)
    return success()
  },
}

/** `select` of three constants (the condition not a splat): the selected constant. */
export const SelectConsts: RewritePatternLike = {
  rootName: 'cuda_tile.select',
  benefit: 1,
  name: 'SelectConsts',
  matchAndRewrite(op: Operation, rewriter: PatternRewriter) {
    const cond = constantAttrOf(op.getOperand(0))
    const lhs = constantAttrOf(op.getOperand(1))
    const rhs = constantAttrOf(op.getOperand(2))
    const type = op.results[0]!.type as TileType
    const elt = type.elementType
    if (cond === null || lhs === null || rhs === null || !(elt instanceof IntegerType || elt instanceof FloatType)) {
      return false
    }
    const n = type.shape.reduce((a, b) => a * b, 1)
    const at = (a: DenseIntOrFPElementsAttr, i: number): number => (a.isSplat ? 0 : i)
    const values: (bigint | number)[] = []
    const nanBits = new Map<number, bigint>()
    for (let i = 0; i < n; i++) {
      const from = cond.values[at(cond, i)] !== 0n ? lhs : rhs
      values.push(from.values[at(from, i)]!)
      const bits = from.nanBits?.get(at(from, i))
      if (bits !== undefined) {
        nanBits.set(i, bits)
      }
    }
    // As MLIR's DenseElementsAttr::get: bitwise-equal elements are stored as a splat.
    const splat = nanBits.size === 0 && values.every((v) => Object.is(v, values[0]))
    const value = DenseIntOrFPElementsAttr.get(type, (splat ? values.slice(0, 1) : values) as bigint[] | number[], splat, nanBits)
    rewriter.setInsertionPoint(op)
    rewriter.replaceOp(op, rewriter.create('cuda_tile.constant', op.location, { results: [type], attributes: { value } }))
    return success()
  },
}

/** `select %c, 1, 0` -> `exti %c unsigned`; `select %c, 0, 1` -> `exti (xori %c, true) unsigned` (integers wider than i1). */
export const SelectToExtI: RewritePatternLike = {
  rootName: 'cuda_tile.select',
  benefit: 1,
  name: 'SelectToExtI',
  matchAndRewrite(op: Operation, rewriter: PatternRewriter) {
    const type = op.results[0]!.type as TileType
    if (!(type.elementType instanceof IntegerType) || type.elementType.width === 1) {
      return false
    }
    const t = intSplatOf(op.getOperand(1))
    const f = intSplatOf(op.getOperand(2))
    const direct = t === 1n && f === 0n
    if (!direct && !(t === 0n && f === 1n)) {
      return false
    }
    rewriter.setInsertionPoint(op)
    const from = direct ? op.getOperand(0) : createNot(rewriter, op.location, op.getOperand(0))
    const signedness = CudaTileEnumAttr.get(op.context, 'signedness', 0)
    rewriter.replaceOp(op, rewriter.create('cuda_tile.exti', op.location, { operands: [from], results: [type], attributes: { signedness } }))
    return success()
  },
}

function addTo(patterns: unknown, list: readonly RewritePatternLike[]): void {
  const set = patterns as { add?: (p: RewritePatternLike) => unknown } | RewritePatternLike[]
  if (Array.isArray(set)) {
    set.push(...list)
  } else if (typeof set.add === 'function') {
    for (const p of list) {
      set.add(p)
    }
  }
}

/** Folder and pattern hooks by full op name. */
export const cudaTileFolders: Readonly<Record<string, FolderHooks>> = {
  'cuda_tile.constant': {
    fold(op: Operation): readonly OpFoldResult[] | undefined {
      const v = op.getAttr('value')
      return v === undefined ? undefined : [v]
    },
  },
  'cuda_tile.assume': {
    fold(op: Operation): readonly OpFoldResult[] | undefined {
      const producer = op.getOperand(0).definingOp
      if (producer !== null && producer.name.name === 'cuda_tile.assume' && producer.getAttr('predicate') === op.getAttr('predicate')) {
        return [producer.results[0]!]
      }
      return undefined
    },
  },
  'cuda_tile.select': {
    fold(op: Operation): readonly OpFoldResult[] | Operation | undefined {
      for (const rule of selectFoldRules) {
        const r = rule(op)
        if (r !== null) {
          return r === op ? op : [r as Value]
        }
      }
      return undefined
    },
    getCanonicalizationPatterns(patterns: unknown): void {
      addTo(patterns, [SelectI1ToNot, SelectConsts, SelectToExtI])
    },
  },
  'cuda_tile.if': {
    fold: foldIf,
    getCanonicalizationPatterns(patterns: unknown): void {
      addTo(patterns, ifCanonicalizationPatterns)
    },
  },
  'cuda_tile.addf': {
    getCanonicalizationPatterns(patterns: unknown): void {
      addTo(patterns, [AddFOperandOrder])
    },
  },
}
