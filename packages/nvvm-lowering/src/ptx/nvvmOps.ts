/**
 * PTX for the nvvm ops a tile kernel uses. Ops are matched by name, and their attributes
 * by their printed form, so the emitter reads both registered nvvm ops and the generic
 * (unregistered) form with upstream's op and attribute names.
 */
import { DenseArrayAttr, IntegerAttr, printAttribute, printType, type Attribute, type Operation } from '@tilepass/ir'
import { LLVMPointerType } from '@tilepass/dialects'
import type { FunctionEmitter } from './FunctionEmitter.ts'
import { spaceSuffix } from './FunctionEmitter.ts'

const SREGS: ReadonlySet<string> = new Set([
  'tid.x',
  'tid.y',
  'tid.z',
  'ntid.x',
  'ntid.y',
  'ntid.z',
  'ctaid.x',
  'ctaid.y',
  'ctaid.z',
  'nctaid.x',
  'nctaid.y',
  'nctaid.z',
  'laneid',
  'warpid',
  'nwarpid',
])

/** The keyword of an enum attribute, whether registered or opaque: `#nvvm<shfl_kind bfly>` -> `bfly`. */
export function enumKeyword(attr: Attribute | undefined): string | null {
  if (attr === undefined) {
    return null
  }
  const m = /<(?:[A-Za-z_]+ )?([A-Za-z0-9_]+)>$/.exec(printAttribute(attr))
  return m === null ? null : m[1]!
}

function intAttr(op: Operation, name: string): number | null {
  const a = op.getAttr(name)
  return a instanceof IntegerAttr ? Number(a.value) : null
}

function segments(op: Operation): number[] | null {
  const a = op.getAttr('operandSegmentSizes')
  return a instanceof DenseArrayAttr ? a.values.map(Number) : null
}

/** Emits one nvvm op; reports anything outside the supported subset. */
export function emitNVVMOp(e: FunctionEmitter, op: Operation): void {
  const name = op.name.name
  if (name.startsWith('nvvm.read.ptx.sreg.')) {
    const reg = name.slice('nvvm.read.ptx.sreg.'.length)
    const r = e.fresh('b32')
    if (reg === 'warpsize') {
      e.emit(`mov.u32 ${r}, 32`)
    } else if (SREGS.has(reg)) {
      e.emit(`mov.u32 ${r}, %${reg}`)
    } else {
      e.fail(op, 'is not supported by the PTX emitter')
    }
    e.define(op.getResult(0), [r])
    return
  }
  switch (name) {
    case 'nvvm.barrier0':
      e.emit('bar.sync 0')
      return
    case 'nvvm.barrier': {
      const seg = segments(op) ?? [op.numOperands]
      if (op.hasAttr('reductionOp') || seg.slice(2).some((n) => n !== 0)) {
        e.fail(op, 'with a reduction is not supported by the PTX emitter')
      }
      const ops = op.getOperands().map((v) => e.get1(op, v))
      e.emit(ops.length === 0 ? 'bar.sync 0' : `bar.sync ${ops.join(', ')}`)
      return
    }
    case 'nvvm.shfl.sync':
      return shfl(e, op)
    case 'nvvm.cp.async.shared.global':
      return cpAsync(e, op)
    case 'nvvm.cp.async.commit.group':
      e.emit('cp.async.commit_group')
      return
    case 'nvvm.cp.async.wait.group': {
      const n = intAttr(op, 'n')
      if (n === null) {
        e.fail(op, 'has no group count')
      }
      e.emit(`cp.async.wait_group ${n}`)
      return
    }
    case 'nvvm.ldmatrix':
      return ldmatrix(e, op)
    case 'nvvm.mma.sync':
      return mma(e, op)
    case 'nvvm.setmaxregister':
    case 'nvvm.setmaxnreg': {
      const action = enumKeyword(op.getAttr('action'))
      const n = intAttr(op, 'regCount')
      if (!e.target.archSpecific || e.target.sm < 90) {
        e.fail(op, `needs an architecture-specific target such as sm_90a (got ${e.target.name})`)
      }
      if ((action !== 'increase' && action !== 'decrease') || n === null) {
        e.fail(op, 'has no action or register count')
      }
      e.emit(`setmaxnreg.${action === 'increase' ? 'inc' : 'dec'}.sync.aligned.u32 ${n}`)
      return
    }
    default:
      e.fail(op, 'is not supported by the PTX emitter')
  }
}

function shfl(e: FunctionEmitter, op: Operation): void {
  const kind = enumKeyword(op.getAttr('kind'))
  if (kind !== 'bfly' && kind !== 'up' && kind !== 'down' && kind !== 'idx') {
    e.fail(op, 'has an unknown shuffle kind')
  }
  const [mask, val, off, clamp] = op.getOperands().map((v) => e.get1(op, v))
  const vk = e.scalarKind(op, op.getOperand(1).type).kind
  if (vk !== 'i32' && vk !== 'f32') {
    e.fail(op, `of '${vk}' is not supported by the PTX emitter (32-bit values only)`)
  }
  const r = e.freshFor(vk)
  if (op.hasAttr('return_value_and_is_valid')) {
    const p = e.fresh('pred')
    e.emit(`shfl.sync.${kind}.b32 ${r}|${p}, ${val!}, ${off!}, ${clamp!}, ${mask!}`)
    e.define(op.getResult(0), [r, p])
  } else {
    e.emit(`shfl.sync.${kind}.b32 ${r}, ${val!}, ${off!}, ${clamp!}, ${mask!}`)
    e.define(op.getResult(0), [r])
  }
}

function cpAsync(e: FunctionEmitter, op: Operation): void {
  const size = intAttr(op, 'size')
  const mod = enumKeyword(op.getAttr('modifier'))
  if (size !== 4 && size !== 8 && size !== 16) {
    e.fail(op, 'has a copy size other than 4, 8 or 16 bytes')
  }
  if (mod !== 'ca' && mod !== 'cg') {
    e.fail(op, 'has an unknown cache modifier')
  }
  if (mod === 'cg' && size !== 16) {
    e.fail(op, 'with cache modifier cg must copy 16 bytes')
  }
  const dst = e.get1(op, op.getOperand(0))
  const src = e.get1(op, op.getOperand(1))
  const srcSize = op.numOperands > 2 ? `, ${e.get1(op, op.getOperand(2))}` : ''
  e.emit(`cp.async.${mod}.shared.global [${dst}], [${src}], ${size}${srcSize}`)
}

function ldmatrix(e: FunctionEmitter, op: Operation): void {
  const num = intAttr(op, 'num')
  const layout = enumKeyword(op.getAttr('layout'))
  const elt = enumKeyword(op.getAttr('eltType')) ?? 'b16'
  const shape = op.getAttr('shape')
  if (num !== 1 && num !== 2 && num !== 4) {
    e.fail(op, 'must load 1, 2 or 4 matrices')
  }
  if (elt !== 'b16' || (shape !== undefined && !/m = 8, n = 8/.test(printAttribute(shape)))) {
    e.fail(op, 'is supported by the PTX emitter only for m8n8 b16 matrices')
  }
  const pt = op.getOperand(0).type
  const space = pt instanceof LLVMPointerType ? spaceSuffix(pt.addressSpace) : null
  if (space !== '' && space !== '.shared') {
    e.fail(op, 'needs a shared or generic pointer')
  }
  const addr = e.get1(op, op.getOperand(0))
  const regs = Array.from({ length: num }, () => e.fresh('b32'))
  e.emit(`ldmatrix.sync.aligned.m8n8.x${num}${layout === 'col' ? '.trans' : ''}${space}.b16 {${regs.join(', ')}}, [${addr}]`)
  e.define(op.getResult(0), regs)
}

/** A 32-bit register holding each operand: packed f16x2 vectors, or i32 as is. */
function packed32(e: FunctionEmitter, op: Operation, from: number, count: number): { regs: string[]; kind: string } {
  const regs: string[] = []
  let kind = ''
  for (let i = from; i < from + count; i++) {
    const v = op.getOperand(i)
    const parts = e.parts(op, v.type)
    const r = e.get(op, v)
    if (parts.length === 1 && (parts[0]!.kind === 'i32' || parts[0]!.kind === 'f32')) {
      regs.push(r[0]!)
      kind = parts[0]!.kind
    } else if (parts.length === 2 && (parts[0]!.kind === 'f16' || parts[0]!.kind === 'bf16')) {
      const w = e.fresh('b32')
      e.emit(`mov.b32 ${w}, {${r[0]!}, ${r[1]!}}`)
      regs.push(w)
      kind = parts[0]!.kind
    } else {
      e.fail(op, `operand type '${printType(v.type)}' is not supported by the PTX emitter`)
    }
  }
  return { regs, kind }
}

function mma(e: FunctionEmitter, op: Operation): void {
  const shape = op.getAttr('shape')
  const seg = segments(op)
  if (shape === undefined || !/m = 16, n = 8, k = 16/.test(printAttribute(shape)) || seg === null || seg[0] !== 4 || seg[1] !== 2) {
    e.fail(op, 'is supported by the PTX emitter only for m16n8k16 with 4 A and 2 B registers')
  }
  if (enumKeyword(op.getAttr('layoutA')) !== 'row' || enumKeyword(op.getAttr('layoutB')) !== 'col') {
    e.fail(op, 'm16n8k16 needs layoutA = row and layoutB = col')
  }
  const a = packed32(e, op, 0, 4)
  const b = packed32(e, op, 4, 2)
  const c = packed32(e, op, 6, seg[2]!)
  const ab = enumKeyword(op.getAttr('multiplicandAPtxType')) ?? (a.kind === 'i32' ? null : a.kind)
  const bb = enumKeyword(op.getAttr('multiplicandBPtxType')) ?? ab
  if ((ab !== 'f16' && ab !== 'bf16') || bb !== ab) {
    e.fail(op, 'is supported by the PTX emitter only for f16 or bf16 multiplicands')
  }
  const resParts = e.parts(op, op.getResult(0).type)
  const accF32 = c.kind === 'f32' && seg[2] === 4 && resParts.length === 4 && resParts.every((p) => p.kind === 'f32')
  const accF16 = ab === 'f16' && c.kind === 'f16' && seg[2] === 2 && resParts.length === 4 && resParts.every((p) => p.kind === 'f16')
  if (!accF32 && !accF16) {
    e.fail(op, 'accumulator types are not supported by the PTX emitter (f32, or f16 with f16 inputs)')
  }
  const acc = accF32 ? 'f32' : 'f16'
  if (accF32) {
    const d = resParts.map(() => e.fresh('f32'))
    e.emit(`mma.sync.aligned.m16n8k16.row.col.f32.${ab}.${ab}.f32 {${d.join(', ')}}, {${a.regs.join(', ')}}, {${b.regs.join(', ')}}, {${c.regs.join(', ')}}`)
    e.define(op.getResult(0), d)
    return
  }
  const dw = [e.fresh('b32'), e.fresh('b32')]
  e.emit(`mma.sync.aligned.m16n8k16.row.col.${acc}.f16.f16.${acc} {${dw.join(', ')}}, {${a.regs.join(', ')}}, {${b.regs.join(', ')}}, {${c.regs.join(', ')}}`)
  const h = resParts.map(() => e.fresh('h'))
  e.emit(`mov.b32 {${h[0]!}, ${h[1]!}}, ${dw[0]!}`)
  e.emit(`mov.b32 {${h[2]!}, ${h[3]!}}, ${dw[1]!}`)
  e.define(op.getResult(0), h)
}
