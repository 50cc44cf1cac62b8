import {
  AffineMapAttr,
  AnyMemRef,
  AnyRankedOrUnrankedMemRef,
  AnyType,
  BlockArgument,
  BoolAttrC,
  DenseArrayAttr,
  Index,
  IntegerAttr,
  IndexType,
  MemRefType,
  StridedLayoutAttr,
  Trait,
  UnrankedMemRefType,
  typeConstraint,
  kDynamic,
  optionalAttr,
  defineOp,
  variadic,
  type Attribute,
  type OpFoldResult,
  type LogicalResult,
  type MemoryEffect,
  type OdsOp,
  type Operation,
  type Type,
  type TypesMatchWith,
  type Value,
} from '@tilepass/ir'
import { addPatterns, type CanonicalizationPattern } from '../internal/RewriterLike.ts'
import { alignmentAttr, foldMemRefCastOperands, memrefMiscOps, verifyCastTypes } from './MemRefMiscOps.ts'
import { droppedDims, memrefViewOps, mixedLists, operandGroups } from './MemRefViewOps.ts'
import { constantIntOf, createOpBefore, dimSpeculatability, dynamicIndex, replaceWithCast } from './MemRefLayout.ts'

// `AnyNon0RankedOrUnrankedMemRef` of `memref.dim`.
const DimSource = typeConstraint(
  'unranked.memref of any type values or non-0-ranked.memref of any type values',
  (t) => t instanceof UnrankedMemRefType || (t instanceof MemRefType && t.shape.length > 0),
)

// `DefaultValuedOptionalAttr<BoolAttr, "false">`: absent unless written (never materialized).
const nontemporal = optionalAttr(BoolAttrC)

function elementTypeOf(type: Type): Type {
  return type instanceof MemRefType ? type.elementType : type
}

function rankOf(op: Operation, memrefIndex: number): number {
  const t = op.getOperand(memrefIndex).type
  return t instanceof MemRefType ? t.shape.length : 0
}

/** `memref.load`: reads the element at `indices` of a ranked memref. */
export const LoadOp: OdsOp = defineOp({
  name: 'memref.load',
  summary: 'load operation',
  operands: { memref: AnyMemRef, indices: variadic(Index) },
  results: { result: AnyType },
  attributes: { nontemporal, alignment: alignmentAttr },
  typesMatchWith: [
    { from: 'memref', to: 'result', transform: elementTypeOf, summary: "result type matches element type of 'memref'" } satisfies TypesMatchWith,
  ],
  assemblyFormat: '$memref `[` $indices `]` attr-dict `:` type($memref)',
  verify(op: Operation): LogicalResult {
    const rank = rankOf(op, 0)
    const numIndices = op.numOperands - 1
    if (numIndices !== rank) {
      return op.emitOpError(`incorrect number of indices for load, expected ${rank} but got ${numIndices}`).fail()
    }
    return true
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [{ kind: 'read', value: op.getOperand(0) }]
  },
})

/** `memref.store`: writes `value` at `indices` of a ranked memref. */
export const StoreOp: OdsOp = defineOp({
  name: 'memref.store',
  summary: 'store operation',
  operands: { value: AnyType, memref: AnyMemRef, indices: variadic(Index) },
  attributes: { nontemporal, alignment: alignmentAttr },
  typesMatchWith: [
    { from: 'memref', to: 'value', transform: elementTypeOf, summary: "type of 'value' matches element type of 'memref'" } satisfies TypesMatchWith,
  ],
  assemblyFormat: '$value `,` $memref `[` $indices `]` attr-dict `:` type($memref)',
  verify(op: Operation): LogicalResult {
    if (op.numOperands !== 2 + rankOf(op, 1)) {
      return op.emitOpError('store index operand count not equal to memref rank').fail()
    }
    return true
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [{ kind: 'write', value: op.getOperand(1) }]
  },
})

// ---- Allocation ----------------------------------------------------------------------------

/** The number of symbols of a memref's layout map (zero for the identity and strided layouts). */
function layoutSymbolCount(type: MemRefType): number {
  const layout = type.layout
  if (layout instanceof StridedLayoutAttr) {
    // Its affine map has a symbol per dynamic offset or stride.
    return (layout.offset === kDynamic ? 1 : 0) + layout.strides.filter((v) => v === kDynamic).length
  }
  return layout instanceof AffineMapAttr && !layout.value.isIdentity ? layout.value.numSymbols : 0
}

/** MLIR's `verifyAllocLikeOp`: dynamic sizes and layout symbols match the result type. */
function verifyAllocLike(op: Operation): LogicalResult {
  const type = op.getResult(0).type
  if (!(type instanceof MemRefType)) {
    return op.emitOpError('result must be a memref').fail()
  }
  const sizes = op.getAttr('operandSegmentSizes')
  const counts = sizes !== undefined && 'values' in sizes ? (sizes as unknown as { values: readonly (number | bigint)[] }).values.map(Number) : [op.numOperands, 0]
  const numDynamic = type.shape.filter((d) => d === kDynamic).length
  if (counts[0] !== numDynamic) {
    return op.emitOpError(`incorrect number of dynamic sizes, has ${counts[0]}, expected ${numDynamic}`).fail()
  }
  const numSymbols = layoutSymbolCount(type)
  if (counts[1] !== numSymbols) {
    return op.emitOpError(`symbol operand count does not equal memref symbol count: expected ${numSymbols}, got ${counts[1]}`).fail()
  }
  return true
}

function allocLike(name: string, summary: string, resource: string): OdsOp {
  return defineOp({
    name,
    summary,
    operands: { dynamicSizes: variadic(Index), symbolOperands: variadic(Index) },
    results: { memref: AnyMemRef },
    attributes: { alignment: alignmentAttr },
    traits: Trait.AttrSizedOperandSegments,
    assemblyFormat: '`(` $dynamicSizes `)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)',
    verify(op: Operation): LogicalResult {
      if (!verifyAllocLike(op)) {
        return false
      }
      if (name === 'memref.alloca') {
        for (let p = op.parentOp; ; p = p.parentOp) {
          if (p === null) {
            return op.emitOpError('requires an ancestor op with AutomaticAllocationScope trait').fail()
          }
          if (p.hasTrait(Trait.AutomaticAllocationScope)) {
            break
          }
        }
      }
      return true
    },
    memoryEffects(op: Operation): readonly MemoryEffect[] {
      return [{ kind: 'allocate', value: op.getResult(0), resource }]
    },
    getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
      setName(op.getResult(0), name.slice('memref.'.length))
    },
    getCanonicalizationPatterns(patterns: unknown): void {
      addPatterns(patterns, [simplifyAllocConst(name), simplifyDeadAlloc(name)])
    },
  })
}

/**
 * MLIR's `SimplifyDeadAlloc`: an allocation used only by deallocations and by stores into
 * it (not of it) is erased with those users.
 */
function simplifyDeadAlloc(rootName: string): CanonicalizationPattern {
  return {
    name: `SimplifyDeadAlloc<mlir::memref::${rootName === 'memref.alloc' ? 'AllocOp' : 'AllocaOp'}>`,
    rootName,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const result = op.getResult(0)
      const users: Operation[] = []
      for (let u = result.firstUse; u !== null; u = u.nextUse) {
        const user = u.owner
        if (user.name.name === 'memref.store' ? user.getOperand(0) === result : user.name.name !== 'memref.dealloc') {
          return false
        }
        if (!users.includes(user)) {
          users.push(user)
        }
      }
      for (const user of users) {
        rewriter.eraseOp(user)
      }
      rewriter.eraseOp(op)
      return true
    },
  }
}

/** MLIR's `SimplifyAllocConst`: constant non-negative dynamic sizes become static; the new allocation is cast back. */
function simplifyAllocConst(rootName: string): CanonicalizationPattern {
  return {
    name: `SimplifyAllocConst<mlir::memref::${rootName === 'memref.alloc' ? 'AllocOp' : 'AllocaOp'}>`,
    rootName,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const [sizes, symbols] = operandGroups(op)
      const foldable = (v: Value): boolean => {
        const c = constantIntOf(v)
        return c !== null && c >= 0
      }
      if (!sizes!.some(foldable)) {
        return false
      }
      const type = op.getResult(0).type as MemRefType
      const shape: number[] = []
      const dynamic: Value[] = []
      let d = 0
      for (const dim of type.shape) {
        if (dim !== kDynamic) {
          shape.push(dim)
          continue
        }
        const v = sizes![d++]!
        if (foldable(v)) {
          shape.push(constantIntOf(v)!)
        } else {
          shape.push(kDynamic)
          dynamic.push(v)
        }
      }
      const newType = MemRefType.get(shape, type.elementType, type.layout, type.memorySpace)
      const props: [string, Attribute][] = [['operandSegmentSizes', DenseArrayAttr.getI32(op.context, [dynamic.length, symbols!.length])]]
      const alignment = op.getAttr('alignment')
      if (alignment !== undefined) {
        props.push(['alignment', alignment])
      }
      const created = createOpBefore(rewriter, op, rootName, [...dynamic, ...symbols!], [newType], props)
      replaceWithCast(rewriter, op, created.getResult(0))
      return true
    },
  }
}

/** `memref.alloc`: allocates a memref on the heap (sizes of its dynamic dimensions, layout symbols). */
export const AllocOp: OdsOp = allocLike('memref.alloc', 'memory allocation operation', 'DefaultResource')
/** `memref.alloca`: allocates a memref freed when the enclosing allocation scope returns. */
export const AllocaOp: OdsOp = allocLike('memref.alloca', 'stack memory allocation operation', 'AutomaticAllocationScopeResource')

/** `memref.dealloc`: frees a memref allocated by `memref.alloc`. */
export const DeallocOp: OdsOp = defineOp({
  name: 'memref.dealloc',
  summary: 'memory deallocation operation',
  operands: { memref: AnyRankedOrUnrankedMemRef },
  assemblyFormat: '$memref attr-dict `:` type($memref)',
  fold(op: Operation): OpFoldResult[] | undefined {
    // dealloc(memref.cast(x)) -> dealloc(x)
    return foldMemRefCastOperands(op) ? [] : undefined
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [{ kind: 'free', value: op.getOperand(0) }]
  },
})

// ---- Casts -----------------------------------------------------------------------------------

function sameMemorySpace(a: Attribute | null, b: Attribute | null): boolean {
  return a === b
}

/** MLIR's `CastOp::areCastCompatible` for memref types. */
export function areMemRefCastCompatible(a: Type, b: Type): boolean {
  if (a instanceof MemRefType && b instanceof MemRefType) {
    if (a.elementType !== b.elementType || !sameMemorySpace(a.memorySpace, b.memorySpace) || a.shape.length !== b.shape.length) {
      return false
    }
    for (let i = 0; i < a.shape.length; i++) {
      const x = a.shape[i]!
      const y = b.shape[i]!
      if (x !== kDynamic && y !== kDynamic && x !== y) {
        return false
      }
    }
    if (a.layout !== b.layout) {
      // Layouts may differ only where one side is dynamic; without strided layouts on both
      // sides they must be equal.
      const sa = stridesOf(a)
      const sb = stridesOf(b)
      if (sa === null || sb === null) {
        return false
      }
      const compatible = (x: number, y: number): boolean => x === kDynamic || y === kDynamic || x === y
      if (!compatible(sa.offset, sb.offset) || sa.strides.length !== sb.strides.length || !sa.strides.every((v, i) => compatible(v, sb.strides[i]!))) {
        return false
      }
    }
    return true
  }
  const ea = a instanceof MemRefType || a instanceof UnrankedMemRefType ? a.elementType : null
  const eb = b instanceof MemRefType || b instanceof UnrankedMemRefType ? b.elementType : null
  const ma = a instanceof MemRefType || a instanceof UnrankedMemRefType ? a.memorySpace : null
  const mb = b instanceof MemRefType || b instanceof UnrankedMemRefType ? b.memorySpace : null
  if (ea === null || eb === null) {
    return false
  }
  // Unranked to unranked is not a cast; ranked to or from unranked needs equal element types and spaces.
  if (a instanceof UnrankedMemRefType && b instanceof UnrankedMemRefType) {
    return false
  }
  return ea === eb && sameMemorySpace(ma, mb)
}

/** Offset and strides of a memref with the identity or a strided layout; null for other layouts. */
function stridesOf(t: MemRefType): { offset: number; strides: number[] } | null {
  const layout = t.layout
  if (layout === null || (layout instanceof AffineMapAttr && layout.value.isIdentity)) {
    const strides: number[] = new Array<number>(t.shape.length)
    let running = 1
    for (let i = t.shape.length - 1; i >= 0; i--) {
      strides[i] = running
      const d = t.shape[i]!
      running = running === kDynamic || d === kDynamic ? kDynamic : running * d
    }
    return { offset: 0, strides }
  }
  if (layout instanceof StridedLayoutAttr) {
    return { offset: layout.offset, strides: [...layout.strides] }
  }
  return null
}

/** `memref.cast`: converts a memref to a compatible memref type (static/dynamic sizes, ranked/unranked). */
export const CastOp: OdsOp = defineOp({
  name: 'memref.cast',
  summary: 'memref cast operation',
  operands: { source: AnyRankedOrUnrankedMemRef },
  results: { dest: AnyRankedOrUnrankedMemRef },
  traits: Trait.Pure,
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($dest)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'cast')
  },
  verify(op: Operation): LogicalResult {
    return verifyCastTypes(op, areMemRefCastCompatible)
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    const source = op.getOperand(0)
    if (source.type === op.getResult(0).type) {
      return [source]
    }
    // cast(cast(x)) where the outer cast undoes the inner one.
    const def = source.definingOp
    if (def !== null && def.name.name === 'memref.cast' && def.getOperand(0).type === op.getResult(0).type) {
      return [def.getOperand(0)]
    }
    return foldMemRefCastOperands(op) ? [] : undefined
  },
})

/** `memref.dim`: the size of dimension `index` of a memref (folded for static dimensions). */
export const DimOp: OdsOp = defineOp({
  name: 'memref.dim',
  summary: 'dimension index operation',
  operands: { source: DimSource, index: Index },
  results: { result: Index },
  traits: Trait.NoMemoryEffect,
  interfaces: [dimSpeculatability((t) => (t instanceof MemRefType ? t.shape.length : null))],
  assemblyFormat: 'attr-dict $source `,` $index `:` type($source)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'dim')
  },
  fold(op: Operation, operands: readonly (Attribute | null)[]): OpFoldResult[] | undefined {
    const index = operands[1]
    const type = op.getOperand(0).type
    if (!(index instanceof IntegerAttr) || !(type instanceof MemRefType)) {
      return undefined
    }
    const i = Number(index.value)
    if (i < 0 || i >= type.shape.length) {
      return undefined
    }
    const d = type.shape[i]!
    if (d !== kDynamic) {
      return [IntegerAttr.get(IndexType.get(op.context), d)]
    }
    // The dynamic size an allocation or view was given.
    const def = op.getOperand(0).definingOp
    if (def !== null && (def.name.name === 'memref.alloc' || def.name.name === 'memref.alloca')) {
      return [def.getOperand(dynamicIndex(type.shape, i))]
    }
    if (def !== null && def.name.name === 'memref.view') {
      return [def.getOperand(2 + dynamicIndex(type.shape, i))]
    }
    if (def !== null && def.name.name === 'memref.subview') {
      // The source dimension of result dimension i (rank-reducing subviews drop unit dimensions).
      const sizes = mixedLists(def)[1]
      let sourceIndex = i
      const src = def.getOperand(0).type as MemRefType
      const dropped = droppedDims(def)
      let r = 0
      for (let j = 0; j < src.shape.length; j++) {
        if (dropped !== null && dropped[j]) {
          continue
        }
        if (r === i) {
          sourceIndex = j
          break
        }
        r++
      }
      let k = 0
      for (let j = 0; j < sourceIndex; j++) {
        if (sizes.statics[j] === kDynamic) {
          k++
        }
      }
      if (sizes.statics[sourceIndex] === kDynamic) {
        return [sizes.dynamic[k]!]
      }
    }
    return foldMemRefCastOperands(op) ? [] : undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [dimOfMemRefReshape])
  },
})

/** MLIR's `DimOfMemRefReshape`: the dim of a `memref.reshape` loads the size from the shape operand. */
const dimOfMemRefReshape: CanonicalizationPattern = {
  name: 'DimOfMemRefReshape',
  rootName: 'memref.dim',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const reshape = op.getOperand(0).definingOp
    if (reshape === null || reshape.name.name !== 'memref.reshape') {
      return false
    }
    // The index must dominate the reshape: defined before it in its block, or in an enclosing region.
    const index = op.getOperand(1)
    const indexDef = index.definingOp
    const indexBlock = indexDef !== null ? indexDef.parentBlock : index instanceof BlockArgument ? index.owner : null
    if (indexBlock === reshape.parentBlock) {
      if (indexDef !== null && reshape.isBeforeInBlock(indexDef)) {
        return false
      }
    } else if (op.parentBlock !== reshape.parentBlock) {
      const indexRegion = indexBlock?.parent ?? null
      if (indexRegion === null || reshape.parentRegion === indexRegion || !indexRegion.isAncestor(reshape)) {
        return false
      }
    }
    const shape = reshape.getOperand(1)
    const next = reshape.nextOp!
    const load = createOpBefore(rewriter, next, 'memref.load', [shape, index], [(shape.type as MemRefType).elementType])
    let value: Value = load.getResult(0)
    const resultType = op.getResult(0).type
    if (value.type !== resultType) {
      value = createOpBefore(rewriter, next, 'arith.index_cast', [value], [resultType]).getResult(0)
    }
    rewriter.replaceOp(op, [value])
    return true
  },
}

/** Every op of the memref dialect. */
export const memrefOps: readonly OdsOp[] = [LoadOp, StoreOp, AllocOp, AllocaOp, DeallocOp, CastOp, DimOp, ...memrefViewOps, ...memrefMiscOps]

