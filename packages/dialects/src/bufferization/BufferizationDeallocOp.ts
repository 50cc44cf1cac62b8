/**
 * `bufferization.dealloc`, its verifier and its canonicalization patterns (MLIR's
 * `DeallocOp` in `BufferizationOps.cpp`).
 */
import {
  AnyRankedOrUnrankedMemRef,
  DenseArrayAttr,
  I1,
  IntegerAttr,
  IntegerType,
  Trait,
  defineOp,
  getMemoryEffects,
  matchConstantValue,
  variadic,
  type LogicalResult,
  type MemoryEffect,
  type OdsOp,
  type Operation,
  type OperationState,
  type Type,
  type Value,
} from '@tilepass/ir'
import { addPatterns, type CanonicalizationPattern, type RewriterLike } from '../internal/RewriterLike.ts'
import { createOpBefore } from '../memref/MemRefLayout.ts'

function deallocGroups(op: Operation): [Value[], Value[], Value[]] {
  const sizes = op.getAttr('operandSegmentSizes')
  const all = op.getOperands()
  const [m, c] = sizes instanceof DenseArrayAttr ? sizes.values.map(Number) : [0, 0]
  return [all.slice(0, m), all.slice(m, m! + c!), all.slice(m! + c!)]
}

/** `bufferization.dealloc`: frees each memref whose condition holds unless a retained memref aliases it. */
export const DeallocOp: OdsOp = defineOp({
  name: 'bufferization.dealloc',
  summary: 'deallocates the given memrefs if no alias is retained',
  operands: { memrefs: variadic(AnyRankedOrUnrankedMemRef), conditions: variadic(I1), retained: variadic(AnyRankedOrUnrankedMemRef) },
  results: { updatedConditions: variadic(I1) },
  traits: Trait.AttrSizedOperandSegments,
  assemblyFormat:
    '(` ``(` $memrefs^ `:` type($memrefs) `)` `if` ` ` `(` $conditions `)` )? (`retain` ` ` `(` $retained^ `:` type($retained) `)` )? attr-dict',
  inferResultTypes(state: OperationState): Type[] {
    const sizes = state.getAttr('operandSegmentSizes')
    const retained = sizes instanceof DenseArrayAttr ? Number(sizes.values[2] ?? 0) : 0
    const i1 = IntegerType.get(state.context, 1)
    return new Array<Type>(retained).fill(i1)
  },
  verify(op: Operation): LogicalResult {
    const [memrefs, conditions, retained] = deallocGroups(op)
    if (memrefs.length !== conditions.length) {
      return op.emitOpError('must have the same number of conditions as memrefs to deallocate').fail()
    }
    if (retained.length !== op.numResults) {
      return op.emitOpError('must have the same number of updated conditions (results) as retained operands').fail()
    }
    return true
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, deallocPatterns)
  },
})

/** MLIR's `updateDeallocIfChanged`: sets the memrefs and conditions of `op`; false when they are unchanged. */
function updateDeallocIfChanged(op: Operation, memrefs: readonly Value[], conditions: readonly Value[], rewriter: RewriterLike): boolean {
  const [oldMemrefs, oldConditions, retained] = deallocGroups(op)
  const same = (a: readonly Value[], b: readonly Value[]): boolean => a.length === b.length && a.every((v, i) => v === b[i])
  if (same(oldMemrefs, memrefs) && same(oldConditions, conditions)) {
    return false
  }
  rewriter.modifyOpInPlace(op, () => {
    op.setOperands([...memrefs, ...conditions, ...retained])
    op.setAttr('operandSegmentSizes', DenseArrayAttr.getI32(op.context, [memrefs.length, conditions.length, retained.length]))
  })
  return true
}

function createDealloc(rewriter: RewriterLike, at: Operation, memrefs: readonly Value[], conditions: readonly Value[], retained: readonly Value[]): Operation {
  const segments = DenseArrayAttr.getI32(rewriter.context, [memrefs.length, conditions.length, retained.length])
  const i1 = IntegerType.get(rewriter.context, 1)
  return createOpBefore(rewriter, at, 'bufferization.dealloc', [...memrefs, ...conditions, ...retained], retained.map(() => i1), [['operandSegmentSizes', segments]])
}

const deallocPatterns: readonly CanonicalizationPattern[] = [
  {
    // A memref freed twice is freed once, under the disjunction of its conditions.
    name: 'DeallocRemoveDuplicateDeallocMemrefs',
    rootName: 'bufferization.dealloc',
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const [memrefs, conditions] = deallocGroups(op)
      const position = new Map<Value, number>()
      const newMemrefs: Value[] = []
      const newConditions: Value[] = []
      for (let i = 0; i < memrefs.length; i++) {
        const memref = memrefs[i]!
        const cond = conditions[i]!
        const at = position.get(memref)
        if (at === undefined) {
          position.set(memref, newConditions.length)
          newMemrefs.push(memref)
          newConditions.push(cond)
        } else if (newConditions[at] !== cond) {
          newConditions[at] = createOpBefore(rewriter, op, 'arith.ori', [newConditions[at]!, cond], [cond.type]).getResult(0)
        }
      }
      return updateDeallocIfChanged(op, newMemrefs, newConditions, rewriter)
    },
  },
  {
    // A memref retained twice is retained once; both results become the one result.
    name: 'DeallocRemoveDuplicateRetainedMemrefs',
    rootName: 'bufferization.dealloc',
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const [memrefs, conditions, retained] = deallocGroups(op)
      const seen = new Map<Value, number>()
      const newRetained: Value[] = []
      const replacementIndex: number[] = []
      for (const r of retained) {
        const at = seen.get(r)
        if (at !== undefined) {
          replacementIndex.push(at)
          continue
        }
        seen.set(r, newRetained.length)
        replacementIndex.push(newRetained.length)
        newRetained.push(r)
      }
      if (newRetained.length === retained.length) {
        return false
      }
      const dealloc = createDealloc(rewriter, op, memrefs, conditions, newRetained)
      rewriter.replaceOp(op, replacementIndex.map((i) => dealloc.getResult(i)))
      return true
    },
  },
  {
    // Nothing to free: every updated condition is false.
    name: 'EraseEmptyDealloc',
    rootName: 'bufferization.dealloc',
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const [memrefs] = deallocGroups(op)
      if (memrefs.length !== 0) {
        return false
      }
      const i1 = IntegerType.get(rewriter.context, 1)
      const no = createOpBefore(rewriter, op, 'arith.constant', [], [i1], [['value', IntegerAttr.get(i1, 0)]]).getResult(0)
      rewriter.replaceOp(op, op.results.map(() => no))
      return true
    },
  },
  {
    // Memrefs whose condition is the constant false are never freed.
    name: 'EraseAlwaysFalseDealloc',
    rootName: 'bufferization.dealloc',
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      return keepDeallocEntries(op, rewriter, (_memref, cond) => !isConstantZero(cond))
    },
  },
  {
    // The base buffer of `extract_strided_metadata` of an allocation is the allocation itself.
    name: 'SkipExtractMetadataOfAlloc',
    rootName: 'bufferization.dealloc',
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const [memrefs, conditions] = deallocGroups(op)
      const newMemrefs = memrefs.map((m) => {
        const extract = m.definingOp
        if (extract === null || extract.name.name !== 'memref.extract_strided_metadata') {
          return m
        }
        const alloc = extract.getOperand(0)
        const def = alloc.definingOp
        const effects = def === null ? null : getMemoryEffects(def)
        return effects !== null && effects.some((e) => e.kind === 'allocate' && e.value === alloc) ? alloc : m
      })
      return updateDeallocIfChanged(op, newMemrefs, conditions, rewriter)
    },
  },
  {
    // An allocation whose only use is this dealloc, and whose only effect is the allocation, goes with it.
    name: 'RemoveAllocDeallocPairWhenNoOtherUsers',
    rootName: 'bufferization.dealloc',
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const toDelete: Operation[] = []
      const changed = keepDeallocEntries(op, rewriter, (memref) => {
        const def = memref.definingOp
        const effects = def === null ? null : getMemoryEffects(def)
        if (effects !== null && onlyAllocates(effects, memref) && memref.hasOneUse) {
          toDelete.push(def!)
          return false
        }
        return true
      })
      for (const d of toDelete) {
        rewriter.eraseOp(d)
      }
      return changed
    },
  },
]

/** Keeps the (memref, condition) pairs of `op` that `keep` accepts; false when it keeps them all. */
function keepDeallocEntries(op: Operation, rewriter: RewriterLike, keep: (memref: Value, cond: Value) => boolean): boolean {
  const [memrefs, conditions] = deallocGroups(op)
  const newMemrefs: Value[] = []
  const newConditions: Value[] = []
  for (let i = 0; i < memrefs.length; i++) {
    if (keep(memrefs[i]!, conditions[i]!)) {
      newMemrefs.push(memrefs[i]!)
      newConditions.push(conditions[i]!)
    }
  }
  return updateDeallocIfChanged(op, newMemrefs, newConditions, rewriter)
}

/** `effects` allocate `value` and do nothing else (MLIR's `hasSingleEffect<MemoryEffects::Allocate>(op, value)`). */
function onlyAllocates(effects: readonly MemoryEffect[], value: Value): boolean {
  let found = false
  for (const e of effects) {
    if (e.value !== value) {
      continue
    }
    if (e.kind !== 'allocate') {
      return false
    }
    found = true
  }
  return found
}

/** MLIR's `m_Zero`: a constant integer zero (`false` for i1). */
function isConstantZero(v: Value): boolean {
  const value = matchConstantValue(v)
  return value instanceof IntegerAttr && value.value === 0n
}

