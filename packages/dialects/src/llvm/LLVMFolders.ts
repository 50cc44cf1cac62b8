/**
 * The folders of the `llvm` ops that upstream folds (constants, `or`/`shl` of constants,
 * `icmp` of identical operands, cast chains, `zext` of constants, constant GEP indices,
 * `extractvalue` through `insertvalue` chains) and the commutative operand ordering.
 */
import {
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  IntegerAttr,
  IntegerType,
  Trait,
  VectorType,
  type Attribute,
  type OpFoldResult,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import { LLVMPoisonAttr, LLVMUndefAttr } from './LLVMAttributes.ts'

/** What a folder returns: replacement values/constants, the op itself (folded in place), or nothing. */
export type LLVMFoldResult = readonly OpFoldResult[] | Operation | undefined

/** `Commutative`: moves constant operands last, in place (MLIR's trait folder). */
export function foldCommutative(op: Operation, operands: readonly (Attribute | null)[]): LLVMFoldResult {
  if (!op.hasTrait(Trait.Commutative) || op.numOperands < 2) {
    return undefined
  }
  const values = op.getOperands()
  const nonConst: Value[] = []
  const consts: Value[] = []
  for (let i = 0; i < values.length; i++) {
    ;(operands[i] ? consts : nonConst).push(values[i]!)
  }
  const reordered = [...nonConst, ...consts]
  for (let i = 0; i < reordered.length; i++) {
    if (reordered[i] !== values[i]) {
      op.setOperands(reordered)
      return op
    }
  }
  return undefined
}

/** `llvm.or` of two integer constants. */
export function foldOr(op: Operation, operands: readonly (Attribute | null)[]): LLVMFoldResult {
  const l = operands[0]
  const r = operands[1]
  if (!(l instanceof IntegerAttr) || !(r instanceof IntegerAttr)) {
    return undefined
  }
  return [IntegerAttr.get(op.getResult(0).type, l.value | r.value)]
}

/** `llvm.shl` of two integer constants (not when the shift amount is out of range). */
export function foldShl(op: Operation, operands: readonly (Attribute | null)[]): LLVMFoldResult {
  const r = operands[1]
  const type = op.getResult(0).type
  if (!(r instanceof IntegerAttr) || !(type instanceof IntegerType)) {
    return undefined
  }
  if (BigInt.asUintN(type.width, r.value) >= BigInt(type.width)) {
    return undefined
  }
  const l = operands[0]
  if (!(l instanceof IntegerAttr)) {
    return undefined
  }
  return [IntegerAttr.get(type, l.value << BigInt.asUintN(type.width, r.value))]
}

function boolAttr(type: Type, value: boolean): Attribute {
  if (type instanceof VectorType) {
    return DenseIntOrFPElementsAttr.get(type, [value ? -1n : 0n], true)
  }
  return IntegerAttr.get(type, value ? 1 : 0)
}

/** `llvm.icmp`: `eq`/`ne` of a value with itself, and an `alloca` against null. */
export function foldICmp(op: Operation): LLVMFoldResult {
  const pred = op.getAttr('predicate')
  const p = pred instanceof IntegerAttr ? Number(pred.value) : -1
  const lhs = op.getOperand(0)
  const rhs = op.getOperand(1)
  const type = op.getResult(0).type
  const isEqNe = p === 0 || p === 1
  if (isEqNe && lhs === rhs) {
    return [boolAttr(type, p === 0)]
  }
  const ld = lhs.definingOp?.name.name
  const rd = rhs.definingOp?.name.name
  if (isEqNe && ld === 'llvm.alloca' && rd === 'llvm.mlir.zero') {
    return [boolAttr(type, p === 1)]
  }
  if (isEqNe && ld === 'llvm.mlir.zero' && rd === 'llvm.alloca') {
    op.setOperands([rhs, lhs])
    return op
  }
  return undefined
}

/** `llvm.bitcast` / `llvm.addrspacecast`: identity casts and round trips. */
export function foldCastChain(op: Operation): LLVMFoldResult {
  const arg = op.getOperand(0)
  const resType = op.getResult(0).type
  if (arg.type === resType) {
    return [arg]
  }
  const def = arg.definingOp
  if (def !== null && def.name === op.name && def.getOperand(0).type === resType) {
    return [def.getOperand(0)]
  }
  return undefined
}

/** `llvm.zext` of an integer constant. */
export function foldZExt(op: Operation, operands: readonly (Attribute | null)[]): LLVMFoldResult {
  const a = operands[0]
  const from = op.getOperand(0).type
  const to = op.getResult(0).type
  if (!(a instanceof IntegerAttr) || !(from instanceof IntegerType) || !(to instanceof IntegerType)) {
    return undefined
  }
  return [IntegerAttr.get(to, BigInt.asUintN(from.width, a.value))]
}

const GEP_DYNAMIC = -2147483648

/** `llvm.getelementptr`: `gep %p[0]` of the same type is `%p`; constant dynamic indices become constant. */
export function foldGEP(op: Operation, operands: readonly (Attribute | null)[]): LLVMFoldResult {
  const raw = op.getAttr('rawConstantIndices')
  if (!(raw instanceof DenseArrayAttr)) {
    return undefined
  }
  const rawValues = raw.values.map((v) => Number(v))
  const base = op.getOperand(0)
  if (base.type === op.getResult(0).type && rawValues.length === 1) {
    const v = rawValues[0]!
    const c = v === GEP_DYNAMIC ? operands[1] : null
    if (v === 0 || (c instanceof IntegerAttr && c.value === 0n)) {
      return [base]
    }
  }
  let changed = false
  let dyn = 1
  const newRaw: number[] = []
  const newDyn: Value[] = []
  for (const v of rawValues) {
    if (v !== GEP_DYNAMIC) {
      newRaw.push(v)
      continue
    }
    const c = operands[dyn]
    const value = op.getOperand(dyn)
    dyn++
    if (c instanceof IntegerAttr && c.value >= -2147483648n && c.value <= 2147483647n) {
      newRaw.push(Number(c.value))
      changed = true
    } else {
      newRaw.push(GEP_DYNAMIC)
      newDyn.push(value)
    }
  }
  if (!changed) {
    return undefined
  }
  op.setOperands([base, ...newDyn])
  op.setAttr('rawConstantIndices', DenseArrayAttr.getI32(op.context, newRaw))
  return op
}

function positionOf(op: Operation): number[] {
  const a = op.getAttr('position')
  return a instanceof DenseArrayAttr ? a.values.map((v) => Number(v)) : []
}

function samePrefix(a: readonly number[], b: readonly number[], n: number): boolean {
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) {
      return false
    }
  }
  return true
}

/** `llvm.extractvalue`: merges nested extracts, looks through `insertvalue` chains and undef/poison. */
export function foldExtractValue(op: Operation, operands: readonly (Attribute | null)[]): LLVMFoldResult {
  const container = op.getOperand(0)
  const cdef = container.definingOp
  if (cdef !== null && cdef.name.name === 'llvm.extractvalue') {
    const merged = [...positionOf(cdef), ...positionOf(op)]
    op.setAttr('position', DenseArrayAttr.get(IntegerType.get(op.context, 64), merged.map((v) => BigInt(v))))
    op.setOperand(0, cdef.getOperand(0))
    return op
  }
  const c = operands[0]
  if (c instanceof LLVMUndefAttr || c instanceof LLVMPoisonAttr) {
    return [c]
  }
  let insert = cdef !== null && cdef.name.name === 'llvm.insertvalue' ? cdef : null
  let extractPos = positionOf(op)
  let result: LLVMFoldResult = undefined
  let switchedToInsertedValue = false
  while (insert !== null) {
    const insertPos = positionOf(insert)
    if (extractPos.length === insertPos.length && samePrefix(extractPos, insertPos, extractPos.length)) {
      return [insert.getOperand(1)]
    }
    if (extractPos.length > insertPos.length && samePrefix(extractPos, insertPos, insertPos.length)) {
      const d = insert.getOperand(1).definingOp
      insert = d !== null && d.name.name === 'llvm.insertvalue' ? d : null
      extractPos = extractPos.slice(insertPos.length)
      switchedToInsertedValue = true
      continue
    }
    const min = Math.min(extractPos.length, insertPos.length)
    if (samePrefix(extractPos, insertPos, min)) {
      return result
    }
    if (!switchedToInsertedValue) {
      op.setOperand(0, insert.getOperand(0))
      result = op
    }
    const d = insert.getOperand(0).definingOp
    insert = d !== null && d.name.name === 'llvm.insertvalue' ? d : null
  }
  return result
}
