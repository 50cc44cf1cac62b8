import {
  AnyMemRef,
  AnyType,
  BoolAttrC,
  Index,
  MemRefType,
  optionalAttr,
  defineOp,
  variadic,
  type LogicalResult,
  type MemoryEffect,
  type OdsOp,
  type Operation,
  type Type,
  type TypesMatchWith,
} from '@tilepass/ir'

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
  attributes: { nontemporal },
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
  attributes: { nontemporal },
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

/** Every op of the memref subset. */
export const memrefOps: readonly OdsOp[] = [LoadOp, StoreOp]

