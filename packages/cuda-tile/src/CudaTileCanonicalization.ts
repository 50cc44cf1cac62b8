/**
 * Folders and canonicalization patterns of cuda_tile ops: `constant` folds to its value,
 * `assume` of an identical `assume` folds away, `select` with equal or constant operands
 * folds, and `addf z, (mulf x, y)` puts the `mulf` first (what `fuse-fma` relies on).
 */
import {
  DenseIntOrFPElementsAttr,
  success,
  type Attribute,
  type OpFoldResult,
  type OpSpec,
  type Operation,
  type PatternRewriter,
  type RewritePatternLike,
} from '@tilepass/ir'

type FolderHooks = Pick<OpSpec, 'fold' | 'getCanonicalizationPatterns'>

/** The splat value of a constant tile (bigint or number), or undefined. */
function splat(attr: Attribute | null): bigint | number | undefined {
  if (attr instanceof DenseIntOrFPElementsAttr && (attr.isSplat || attr.values.length === 1)) {
    return attr.values[0]
  }
  return undefined
}

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
    fold(op: Operation, operands: readonly (Attribute | null)[]): readonly OpFoldResult[] | undefined {
      const t = op.getOperand(1)
      const f = op.getOperand(2)
      if (t === f) {
        return [t]
      }
      const c = splat(operands[0] ?? null)
      if (c !== undefined) {
        return [c === 0n || c === 0 ? f : t]
      }
      return undefined
    },
  },
  'cuda_tile.addf': {
    getCanonicalizationPatterns(patterns: unknown): void {
      addTo(patterns, [AddFOperandOrder])
    },
  },
}
