import {
  AnyMemRef,
  Index,
  MemRefType,
  type OperationState,
  VectorType,
  defineOp,
  printType,
  typeConstraint,
  variadic,
  type LogicalResult,
  type MemoryEffect,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type Type,
} from '@tilepass/ir'
import { addPatterns } from '../internal/RewriterLike.ts'
import { AffineMapAttrC, parseMemRefAccess, parseStoreAccess, printMemRefAccess, verifyMemoryOpIndexing } from './AffineOps.ts'
import { SimplifyAffineVectorLoad, SimplifyAffineVectorStore } from './AffineCanonicalize.ts'

// ODS's `AnyVectorOfAnyRank`.
const AnyVector = typeConstraint('vector of any type values', (t) => t instanceof VectorType)

/** Parses `, vector-type` after the memref type, as MLIR's `parseType<VectorType>` (reported at the type). */
function parseVectorType(parser: OpAsmParser): VectorType | undefined {
  if (!parser.parseComma()) {
    return undefined
  }
  const loc = parser.getCurrentLocation()
  const type = parser.parseType()
  if (type === undefined) {
    return undefined
  }
  if (!(type instanceof VectorType)) {
    parser.emitError(loc, `invalid kind of type specified: expected builtin.vector, but found '${printType(type)}'`).report()
    return undefined
  }
  return type
}

/** MLIR's `verifyVectorMemoryOp`: the memref and the vector have the same element type. */
function verifyVectorMemoryOp(op: Operation, memrefType: Type, vectorType: Type): LogicalResult {
  if (memrefType instanceof MemRefType && vectorType instanceof VectorType && memrefType.elementType !== vectorType.elementType) {
    return op.emitOpError('requires memref and vector types of the same elemental type').fail()
  }
  return true
}

/** `affine.vector_load %m[%i + 3] : memref<100xf32>, vector<8xf32>`: reads a vector at affine subscripts. */
export const AffineVectorLoadOp: OdsOp = defineOp({
  name: 'affine.vector_load',
  summary: 'affine vector load operation',
  operands: { memref: AnyMemRef, indices: variadic(Index) },
  results: { result: AnyVector },
  attributes: { map: AffineMapAttrC },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [SimplifyAffineVectorLoad])
  },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const memref = parser.parseOperand()
    if (memref === undefined || !parseMemRefAccess(parser, state, memref)) {
      return false
    }
    const vectorType = parseVectorType(parser)
    if (vectorType === undefined) {
      return false
    }
    state.addTypes([vectorType])
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    printMemRefAccess(op, p, 0)
    p.print(', ')
    p.printType(op.getResult(0).type)
  },
  verify(op: Operation): LogicalResult {
    const memref = op.getOperand(0)
    return verifyMemoryOpIndexing(op, memref, op.getOperands().slice(1)) && verifyVectorMemoryOp(op, memref.type, op.getResult(0).type)
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [{ kind: 'read', value: op.getOperand(0) }]
  },
})

/** `affine.vector_store %v, %m[%i + 3] : memref<100xf32>, vector<8xf32>`: writes a vector at affine subscripts. */
export const AffineVectorStoreOp: OdsOp = defineOp({
  name: 'affine.vector_store',
  summary: 'affine vector store operation',
  operands: { value: AnyVector, memref: AnyMemRef, indices: variadic(Index) },
  attributes: { map: AffineMapAttrC },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [SimplifyAffineVectorStore])
  },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    return parseStoreAccess(parser, state, () => parseVectorType(parser))
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print(', ')
    printMemRefAccess(op, p, 1)
    p.print(', ')
    p.printType(op.getOperand(0).type)
  },
  verify(op: Operation): LogicalResult {
    const memref = op.getOperand(1)
    return verifyMemoryOpIndexing(op, memref, op.getOperands().slice(2)) && verifyVectorMemoryOp(op, memref.type, op.getOperand(0).type)
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [{ kind: 'write', value: op.getOperand(1) }]
  },
})
