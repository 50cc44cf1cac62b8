/**
 * Address arithmetic and memory access for the PTX emitter: `llvm.getelementptr` as
 * `mad`/`add` on 64-bit registers, and `llvm.load`/`llvm.store` as `ld`/`st` in the
 * pointer's state space, vectorized (`.v2`/`.v4`) when the access is aligned.
 */
import { DenseArrayAttr, IntegerAttr, TypeAttr, VectorType, printType, type Operation, type Type, type Value } from '@tilepass/ir'
import { GEP_DYNAMIC_INDEX, LLVMArrayType, LLVMGEPOp, LLVMPointerType, LLVMStructType } from '@tilepass/dialects'
import { memSuffix, spaceSuffix, type FunctionEmitter } from './FunctionEmitter.ts'
import { bitsOf, sizeAlignOf, structFieldOffset, type Scalar } from './ptxTypes.ts'

export function emitGEP(e: FunctionEmitter, op: Operation): void {
  const base = e.get1(op, op.getOperand(0))
  const elemAttr = op.getAttr('elem_type')
  const rawAttr = op.getAttr('rawConstantIndices')
  if (!(elemAttr instanceof TypeAttr) || !(rawAttr instanceof DenseArrayAttr) || op.getOperand(0).type instanceof VectorType) {
    e.fail(op, 'is not supported by the PTX emitter in this form')
  }
  const raw = rawAttr.values.map(Number)
  const dyn = LLVMGEPOp.operandValues(op, 'dynamicIndices')
  let d = 0
  let cur: Type = elemAttr.value
  let constOff = 0
  let addr = base
  const scaled = (idxVal: Value, size: number): void => {
    const s = e.scalarKind(op, idxVal.type).kind
    const idx = e.get1(op, idxVal)
    const r = e.fresh('b64')
    if (s === 'i64') {
      e.emit(`mad.lo.s64 ${r}, ${idx}, ${size}, ${addr}`)
    } else if (s === 'i32') {
      e.emit(`mad.wide.s32 ${r}, ${idx}, ${size}, ${addr}`)
    } else {
      e.fail(op, `index type '${s}' is not supported by the PTX emitter`)
    }
    addr = r
  }
  for (let pos = 0; pos < raw.length; pos++) {
    const isDyn = raw[pos] === GEP_DYNAMIC_INDEX
    if (pos > 0) {
      if (cur instanceof LLVMStructType) {
        const off = structFieldOffset(cur, raw[pos]!)
        if (isDyn || off === null) {
          e.fail(op, 'has a struct index the PTX emitter cannot lay out')
        }
        constOff += off
        cur = cur.body[raw[pos]!]!
        continue
      }
      if (!(cur instanceof LLVMArrayType) && !(cur instanceof VectorType)) {
        e.fail(op, `cannot index type '${printType(cur)}'`)
      }
      cur = cur.elementType
    }
    // The first index steps over whole elements; later ones over array/vector elements.
    const sa = sizeAlignOf(cur)
    if (sa === null) {
      e.fail(op, `element type '${printType(cur)}' has no known size`)
    }
    if (isDyn) {
      scaled(dyn[d++]!, sa.size)
    } else {
      constOff += raw[pos]! * sa.size
    }
  }
  if (constOff !== 0 || addr === base) {
    const r = e.fresh('b64')
    e.emit(`add.s64 ${r}, ${addr}, ${constOff}`)
    addr = r
  }
  e.define(op.getResult(0), [addr])
}

/** The pointer's register and PTX space suffix for a load/store. */
function address(e: FunctionEmitter, op: Operation, ptr: Value): [string, string] {
  const t = ptr.type
  if (!(t instanceof LLVMPointerType)) {
    e.fail(op, 'needs a scalar pointer')
  }
  const space = spaceSuffix(t.addressSpace)
  if (space === null) {
    e.fail(op, `address space ${t.addressSpace} is not supported by the PTX emitter`)
  }
  return [e.get1(op, ptr), space]
}

/** Groups of parts moved by one ld/st: vectors as `.v2`/`.v4` when aligned, else scalars. */
function memGroups(e: FunctionEmitter, op: Operation, type: Type): { parts: Scalar[]; groups: number[][]; packed: boolean } {
  const parts = e.parts(op, type)
  if (parts.some((p) => p.kind === 'i1') || type instanceof LLVMStructType || type instanceof LLVMArrayType) {
    e.fail(op, `of '${printType(type)}' is not supported by the PTX emitter`)
  }
  const ordering = op.getAttr('ordering')
  if (ordering instanceof IntegerAttr && ordering.value !== 0n) {
    e.fail(op, 'atomic accesses are not supported by the PTX emitter')
  }
  const sa = sizeAlignOf(type)!
  const alignAttr = op.getAttr('alignment')
  const align = alignAttr instanceof IntegerAttr ? Number(alignAttr.value) : sa.align
  const n = parts.length
  const eltBits = parts[0]!.kind === 'ptr' ? 64 : bitsOf(parts[0]!.kind)
  if (n > 1 && align >= sa.size && sa.size === (n * eltBits) / 8 && sa.size <= 16) {
    if (n === 2 || n === 4) {
      return { parts, groups: [parts.map((_, i) => i)], packed: false }
    }
    if (n === 8 && eltBits === 16) {
      return { parts, groups: [0, 2, 4, 6].map((i) => [i, i + 1]), packed: true }
    }
  }
  if (align < eltBits / 8) {
    // PTX accesses must be naturally aligned; LLVM would split this into byte accesses.
    e.fail(op, `with alignment ${align} below the element size is not supported by the PTX emitter`)
  }
  return { parts, groups: parts.map((_, i) => [i]), packed: false }
}

export function emitLoad(e: FunctionEmitter, op: Operation): void {
  const [addr, space] = address(e, op, op.getOperand(0))
  const type = op.getResult(0).type
  const { parts, groups, packed } = memGroups(e, op, type)
  const vol = op.hasAttr('volatile_') ? '.volatile' : ''
  const regs = parts.map((s) => e.freshFor(s.kind))
  const elt = sizeAlignOf(type instanceof VectorType ? type.elementType : type)!.size
  if (packed) {
    const words = groups.map(() => e.fresh('b32'))
    e.emit(`ld${space}${vol}.v4.b32 {${words.join(', ')}}, [${addr}]`)
    groups.forEach((g, i) => e.emit(`mov.b32 {${regs[g[0]!]!}, ${regs[g[1]!]!}}, ${words[i]!}`))
  } else if (groups.length === 1 && groups[0]!.length > 1) {
    e.emit(`ld${space}${vol}.v${parts.length}${memSuffix(parts[0]!.kind)} {${regs.join(', ')}}, [${addr}]`)
  } else {
    parts.forEach((s, i) => e.emit(`ld${space}${vol}${memSuffix(s.kind)} ${regs[i]!}, [${addr}${i === 0 ? '' : `+${i * elt}`}]`))
  }
  e.define(op.getResult(0), regs)
}

export function emitStore(e: FunctionEmitter, op: Operation): void {
  const [addr, space] = address(e, op, op.getOperand(1))
  const type = op.getOperand(0).type
  const { parts, groups, packed } = memGroups(e, op, type)
  const vol = op.hasAttr('volatile_') ? '.volatile' : ''
  const regs = e.get(op, op.getOperand(0))
  const elt = sizeAlignOf(type instanceof VectorType ? type.elementType : type)!.size
  if (packed) {
    const words = groups.map((g) => {
      const w = e.fresh('b32')
      e.emit(`mov.b32 ${w}, {${regs[g[0]!]!}, ${regs[g[1]!]!}}`)
      return w
    })
    e.emit(`st${space}${vol}.v4.b32 [${addr}], {${words.join(', ')}}`)
  } else if (groups.length === 1 && groups[0]!.length > 1) {
    e.emit(`st${space}${vol}.v${parts.length}${memSuffix(parts[0]!.kind)} [${addr}], {${regs.join(', ')}}`)
  } else {
    parts.forEach((s, i) => e.emit(`st${space}${vol}${memSuffix(s.kind)} [${addr}${i === 0 ? '' : `+${i * elt}`}], ${regs[i]!}`))
  }
}
