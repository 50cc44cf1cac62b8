/**
 * `llvm.atomicrmw`, `llvm.cmpxchg` and `llvm.fence`: LLVM's atomic read-modify-write,
 * compare-and-exchange and fence, with upstream's syntax and verifiers.
 */
import {
  AnySignlessInteger,
  I64Attr,
  IntegerAttr,
  IntegerType,
  StrAttr,
  UnitAttrC,
  VectorType,
  anyTypeOf,
  defineOp,
  intEnumAttr,
  optionalAttr,
  typeConstraint,
  type EnumCase,
  type LogicalResult,
  type MemoryEffect,
  type OdsOp,
  type Operation,
} from '@tilepass/ir'
import { LLVMAnyFloat, LLVMAnyPointer } from './LLVMConstraints.ts'
import { AccessGroupArrayAttrC, AliasScopeArrayAttrC, isAtomicAccessType } from './LLVMOps.ts'
import { LLVMStructType, isCompatibleFloatingPointType, isCompatibleVectorType } from './LLVMTypes.ts'

/** `AtomicOrdering`'s cases, as `llvm.load`'s `ordering` stores them. */
const ORDERING_CASES: readonly EnumCase[] = [
  { keyword: 'not_atomic', value: 0 },
  { keyword: 'unordered', value: 1 },
  { keyword: 'monotonic', value: 2 },
  { keyword: 'acquire', value: 4 },
  { keyword: 'release', value: 5 },
  { keyword: 'acq_rel', value: 6 },
  { keyword: 'seq_cst', value: 7 },
]
const MONOTONIC = 2

const AtomicOrdering = intEnumAttr(64, ORDERING_CASES, "Atomic ordering for LLVM's memory model")

/** `AtomicBinOp`'s keywords (`_and`, ...), in the order of their values. */
export const AtomicBinOpNames: readonly string[] = [
  'xchg',
  'add',
  'sub',
  '_and',
  'nand',
  '_or',
  '_xor',
  'max',
  'min',
  'umax',
  'umin',
  'fadd',
  'fsub',
  'fmax',
  'fmin',
  'uinc_wrap',
  'udec_wrap',
  'usub_cond',
  'usub_sat',
  'fmaximum',
  'fminimum',
]
const FLOAT_BIN_OPS: ReadonlySet<string> = new Set(['fadd', 'fsub', 'fmax', 'fmin', 'fmaximum', 'fminimum'])

const AtomicBinOp = intEnumAttr(
  64,
  AtomicBinOpNames.map((keyword, value) => ({ keyword, value })),
  'llvm.atomicrmw binary operations',
)

function intValue(op: Operation, name: string): number {
  const a = op.getAttr(name)
  return a instanceof IntegerAttr ? Number(a.value) : 0
}

/** `LLVM_AtomicRMWType`: the value types `llvm.atomicrmw` accepts before its verifier narrows them. */
const AtomicRMWType = anyTypeOf([
  LLVMAnyFloat,
  LLVMAnyPointer,
  AnySignlessInteger,
  typeConstraint('LLVM dialect-compatible fixed-length vector type', (t) => isCompatibleVectorType(t) && !(t as VectorType).scalableDims.some((s) => s)),
])

/** `LLVM_AtomicCmpXchgType`. */
const AtomicCmpXchgType = anyTypeOf([AnySignlessInteger, LLVMAnyPointer])

/** The effects of an atomic read-modify-write on `ptr`: a read and a write of it. */
function rmwEffects(op: Operation): readonly MemoryEffect[] {
  const ptr = op.getOperand(0)
  return [
    { kind: 'read', value: ptr },
    { kind: 'write', value: ptr },
  ]
}

const memAccessAttrs = {
  alignment: optionalAttr(I64Attr),
  syncscope: optionalAttr(StrAttr),
  volatile_: optionalAttr(UnitAttrC),
  access_groups: optionalAttr(AccessGroupArrayAttrC),
  alias_scopes: optionalAttr(AliasScopeArrayAttrC),
  noalias_scopes: optionalAttr(AliasScopeArrayAttrC),
}

/** `llvm.atomicrmw add %p, %v monotonic : !llvm.ptr, i32`. */
export const LLVMAtomicRMWOp: OdsOp = defineOp({
  name: 'llvm.atomicrmw',
  operands: { ptr: LLVMAnyPointer, val: AtomicRMWType },
  results: { res: AtomicRMWType },
  attributes: { bin_op: AtomicBinOp, ordering: AtomicOrdering, ...memAccessAttrs },
  typesMatchWith: [{ from: 'val', to: 'res', transform: (t) => t, summary: 'result #0 and operand #1 have the same type' }],
  memoryEffects: rmwEffects,
  assemblyFormat:
    '(`volatile` $volatile_^)? $bin_op $ptr `,` $val (`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict `:` qualified(type($ptr)) `,` type($val)',
  verify(op: Operation): LogicalResult {
    const valType = op.getOperand(1).type
    const binOp = AtomicBinOpNames[intValue(op, 'bin_op')] ?? ''
    if (FLOAT_BIN_OPS.has(binOp)) {
      if (valType instanceof VectorType) {
        if (!isCompatibleFloatingPointType(valType.elementType)) {
          return op.emitOpError('expected LLVM IR floating point type for vector element').fail()
        }
      } else if (!isCompatibleFloatingPointType(valType)) {
        return op.emitOpError('expected LLVM IR floating point type').fail()
      }
    } else if (binOp === 'xchg') {
      if (!isAtomicAccessType(valType)) {
        return op.emitOpError("unexpected LLVM IR type for 'xchg' bin_op").fail()
      }
    } else {
      const w = valType instanceof IntegerType ? valType.width : 0
      if (w !== 8 && w !== 16 && w !== 32 && w !== 64) {
        return op.emitOpError('expected LLVM IR integer type').fail()
      }
    }
    if (intValue(op, 'ordering') < MONOTONIC) {
      return op.emitOpError("expected at least 'monotonic' ordering").fail()
    }
    return true
  },
})

/** `llvm.cmpxchg %p, %cmp, %new acq_rel monotonic : !llvm.ptr, i32`, yielding `{value, success}`. */
export const LLVMAtomicCmpXchgOp: OdsOp = defineOp({
  name: 'llvm.cmpxchg',
  operands: { ptr: LLVMAnyPointer, cmp: AtomicCmpXchgType, val: AtomicCmpXchgType },
  results: { res: typeConstraint('LLVM structure type', (t) => t instanceof LLVMStructType) },
  attributes: {
    success_ordering: AtomicOrdering,
    failure_ordering: AtomicOrdering,
    ...memAccessAttrs,
    weak: optionalAttr(UnitAttrC),
  },
  typesMatchWith: [
    { from: 'val', to: 'cmp', transform: (t) => t, summary: 'operand #1 and operand #2 have the same type' },
    {
      from: 'val',
      to: 'res',
      transform: (t) => LLVMStructType.getLiteral(t.context, [t, IntegerType.get(t.context, 1)]),
      summary: 'result #0 has an LLVM struct type consisting of the type of operand #2 and a bool',
    },
  ],
  memoryEffects: rmwEffects,
  assemblyFormat:
    '(`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $cmp `,` $val (`syncscope` `(` $syncscope^ `)`)? $success_ordering $failure_ordering attr-dict `:` qualified(type($ptr)) `,` type($val)',
  verify(op: Operation): LogicalResult {
    if (!isAtomicAccessType(op.getOperand(2).type)) {
      return op.emitOpError('unexpected LLVM IR type').fail()
    }
    const success = intValue(op, 'success_ordering')
    const failure = intValue(op, 'failure_ordering')
    if (success < MONOTONIC || failure < MONOTONIC) {
      return op.emitOpError("ordering must be at least 'monotonic'").fail()
    }
    if (failure === 5 || failure === 6) {
      return op.emitOpError("failure ordering cannot be 'release' or 'acq_rel'").fail()
    }
    return true
  },
})

/** `llvm.fence syncscope("agent") seq_cst`. */
export const LLVMFenceOp: OdsOp = defineOp({
  name: 'llvm.fence',
  attributes: { ordering: AtomicOrdering, syncscope: optionalAttr(StrAttr) },
  assemblyFormat: '(`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict',
  verify(op: Operation): LogicalResult {
    if (intValue(op, 'ordering') <= MONOTONIC) {
      return op.emitOpError('can be given only acquire, release, acq_rel, and seq_cst orderings').fail()
    }
    return true
  },
})

/** The atomic ops of the `llvm` dialect. */
export const llvmAtomicOps: readonly OdsOp[] = [LLVMAtomicRMWOp, LLVMAtomicCmpXchgOp, LLVMFenceOp]
