/**
 * The `nvvm` ops as LLVM IR: calls of the NVVM intrinsics `mlir-translate` emits for them
 * (`llvm.nvvm.read.ptx.sreg.*`, `llvm.nvvm.barrier.cta.sync.aligned.*`,
 * `llvm.nvvm.shfl.sync.*`, `llvm.nvvm.cp.async.*`, `llvm.nvvm.ldmatrix.*`,
 * `llvm.nvvm.mma.*`, `llvm.nvvm.wmma.*`, `llvm.nvvm.mapa*`, `llvm.nvvm.setmaxnreg.*`).
 */
import { DenseArrayAttr, IntegerAttr, IntegerType, type Operation, type Type } from '@tilepass/ir'
import { LLVMConstantRangeAttr, LLVMVoidType, type NVVMShapeAttr, inferMmaOperandType, nvvmCase } from '@tilepass/dialects'
import { IRConstant } from './IRConstants.ts'
import { TranslationError, type FunctionTranslation, type IROperand } from './ModuleTranslation.ts'

function i32(op: Operation): Type {
  return IntegerType.get(op.context, 32)
}

function intProp(op: Operation, name: string): number {
  const a = op.getAttr(name)
  return a instanceof IntegerAttr ? Number(a.value) : 0
}

function typeSuffix(t: Type): string {
  return t instanceof IntegerType ? `i${t.width}` : 'f32'
}

/**
 * The intrinsic (without its pointer overload suffix) of an `nvvm.wmma.*` op, as upstream's
 * `WMMA_NAME_LDST` / `WMMA_NAME`: `nvvm.wmma.m16n16k16.load.a.row.stride.f16`,
 * `nvvm.wmma.m16n16k16.mma.row.col.f32.f32` (f16 inputs are named by the D and C types,
 * the others by the A type).
 */
function wmmaIntrinsic(op: Operation): string {
  const geom = `m${intProp(op, 'm')}n${intProp(op, 'n')}k${intProp(op, 'k')}`
  switch (op.name.name) {
    case 'nvvm.wmma.load':
      return `nvvm.wmma.${geom}.load.${nvvmCase(op.getAttr('frag'))!}.${nvvmCase(op.getAttr('layout'))!}.stride.${nvvmCase(op.getAttr('eltype'))!}`
    case 'nvvm.wmma.store':
      return `nvvm.wmma.${geom}.store.d.${nvvmCase(op.getAttr('layout'))!}.stride.${nvvmCase(op.getAttr('eltype'))!}`
    default: {
      const a = nvvmCase(op.getAttr('eltypeA'))!
      const d = nvvmCase(op.getAttr('eltypeB'))!
      const signature = a === 'f16' ? `${d}.${d}` : a
      return `nvvm.wmma.${geom}.mma.${nvvmCase(op.getAttr('layoutA'))!}.${nvvmCase(op.getAttr('layoutB'))!}.${signature}`
    }
  }
}

/**
 * The intrinsic of an `nvvm.mma.sync`, as upstream's `MMA_SYNC_NAME`:
 * `nvvm.mma[.xor.popc].m16n8k16.row.col[.satfinite].<signature>`, the signature naming D and
 * C for f16 multiplicands, A and B when they differ, else A.
 */
function mmaSyncIntrinsic(op: Operation, types: readonly Type[]): string {
  const shape = op.getAttr('shape') as NVVMShapeAttr
  const geom = `m${shape.m}n${shape.n}k${shape.k}`
  const a = nvvmCase(op.getAttr('multiplicandAPtxType'))
  const b = nvvmCase(op.getAttr('multiplicandBPtxType'))
  const segs = op.getAttr('operandSegmentSizes') as DenseArrayAttr
  const c = inferMmaOperandType(types[Number(segs.values[0]) + Number(segs.values[1])]!, true)
  const d = inferMmaOperandType(op.getResult(0).type, true)
  const b1Op = nvvmCase(op.getAttr('b1Op'))
  const isInt = a === 's8' || a === 'u8' || a === 's4' || a === 'u4'
  const sat = nvvmCase(op.getAttr('intOverflowBehavior')) === 'satfinite'
  // Combinations upstream's intrinsic table has no entry for.
  if (a === undefined || b === undefined || c === undefined || d === undefined || (sat && !isInt) || (a === 'b1' && b1Op === 'none') || (geom === 'm8n8k4' && c === 'f32' && d === 'f16')) {
    throw new TranslationError(op, 'has no NVVM intrinsic for this combination of types and attributes')
  }
  const signature = a === 'f16' ? `${d}.${c}` : a !== b ? `${a}.${b}` : a
  const b1 = a === 'b1' ? `.${(b1Op ?? 'xor_popc').replace('_', '.')}` : ''
  return `nvvm.mma${b1}.${geom}.${nvvmCase(op.getAttr('layoutA'))!}.${nvvmCase(op.getAttr('layoutB'))!}${sat ? '.satfinite' : ''}.${signature}`
}

/** Translates one `nvvm` op into the current block of `ft`. */
export function translateNVVMOp(op: Operation, ft: FunctionTranslation): void {
  const name = op.name.name
  const voidTy = LLVMVoidType.get(op.context)
  const operands = op.getOperands()
  const args: IROperand[] = operands.map((v) => ft.lookup(v, op))
  const types = operands.map((v) => v.type)
  if (name.startsWith('nvvm.read.ptx.sreg.')) {
    const reg = name.slice('nvvm.read.ptx.sreg.'.length)
    const range = op.getAttr('range')
    const retAttrs = range instanceof LLVMConstantRangeAttr ? `range(i${range.width} ${range.lower}, ${range.upper})` : ''
    ft.callIntrinsic(op, `llvm.${name}`, `nvvm.read.ptx.sreg.${reg}`, op.getResult(0).type, [], [], retAttrs)
    return
  }
  switch (name) {
    case 'nvvm.barrier0':
      ft.callIntrinsic(op, 'llvm.nvvm.barrier.cta.sync.aligned.all', 'nvvm.barrier.cta.sync.aligned.all', voidTy, [IRConstant.int(i32(op), 0n)], [i32(op)])
      return
    case 'nvvm.barrier': {
      const segs = op.getAttr('operandSegmentSizes')
      const s = segs instanceof DenseArrayAttr ? segs.values.map(Number) : [0, 0, 0]
      if (s[2] !== 0 || op.numResults > 0) {
        throw new TranslationError(op, 'barrier reductions are not supported by the translation yet')
      }
      const id = s[0] === 1 ? args[0]! : IRConstant.int(i32(op), 0n)
      if (s[1] === 1) {
        ft.callIntrinsic(op, 'llvm.nvvm.barrier.cta.sync.aligned.count', 'nvvm.barrier.cta.sync.aligned.count', voidTy, [id, args[s[0]!]!], [i32(op), i32(op)])
      } else {
        ft.callIntrinsic(op, 'llvm.nvvm.barrier.cta.sync.aligned.all', 'nvvm.barrier.cta.sync.aligned.all', voidTy, [id], [i32(op)])
      }
      return
    }
    case 'nvvm.shfl.sync': {
      const kind = nvvmCase(op.getAttr('kind'))!
      const withPred = op.getAttr('return_value_and_is_valid') !== undefined
      const base = `nvvm.shfl.sync.${kind}.${typeSuffix(types[1]!)}${withPred ? 'p' : ''}`
      ft.callIntrinsic(op, `llvm.${base}`, base, op.getResult(0).type, args, types)
      return
    }
    case 'nvvm.cp.async.shared.global': {
      const mod = nvvmCase(op.getAttr('modifier'))!
      const size = intProp(op, 'size')
      const base = `nvvm.cp.async.${mod}.shared.global.${size}${op.numOperands > 2 ? '.s' : ''}`
      ft.callIntrinsic(op, `llvm.${base}`, base, voidTy, args, types)
      return
    }
    case 'nvvm.cp.async.commit.group':
      ft.callIntrinsic(op, 'llvm.nvvm.cp.async.commit.group', 'nvvm.cp.async.commit.group', voidTy, [], [])
      return
    case 'nvvm.cp.async.wait.group':
      ft.callIntrinsic(op, 'llvm.nvvm.cp.async.wait.group', 'nvvm.cp.async.wait.group', voidTy, [IRConstant.int(i32(op), BigInt(intProp(op, 'n')))], [i32(op)])
      return
    case 'nvvm.ldmatrix': {
      const shape = op.getAttr('shape') as NVVMShapeAttr
      const trans = nvvmCase(op.getAttr('layout')) === 'col' ? '.trans' : ''
      const elt = nvvmCase(op.getAttr('eltType'))!
      if (shape.m !== 8 || shape.n !== 8) {
        throw new TranslationError(op, 'only m8n8 ldmatrix is supported by the translation yet')
      }
      const as = (types[0] as { addressSpace?: number }).addressSpace ?? 0
      const base = `nvvm.ldmatrix.sync.aligned.m8n8.x${intProp(op, 'num')}${trans}.${elt}`
      ft.callIntrinsic(op, `llvm.${base}.p${as}`, base, op.getResult(0).type, args, types)
      return
    }
    case 'nvvm.mma.sync': {
      const base = mmaSyncIntrinsic(op, types)
      ft.callIntrinsic(op, `llvm.${base}`, base, op.getResult(0).type, args, types)
      return
    }
    case 'nvvm.wmma.load':
    case 'nvvm.wmma.store':
    case 'nvvm.wmma.mma': {
      const base = wmmaIntrinsic(op)
      const as = (types[0] as { addressSpace?: number }).addressSpace ?? 0
      const full = name === 'nvvm.wmma.mma' ? `llvm.${base}` : `llvm.${base}.p${as}`
      ft.callIntrinsic(op, full, base, name === 'nvvm.wmma.store' ? voidTy : op.getResult(0).type, args, types)
      return
    }
    case 'nvvm.mapa': {
      const base = (types[0] as { addressSpace?: number }).addressSpace === 3 ? 'nvvm.mapa.shared.cluster' : 'nvvm.mapa'
      ft.callIntrinsic(op, `llvm.${base}`, base, op.getResult(0).type, args, types)
      return
    }
    case 'nvvm.setmaxregister': {
      const action = nvvmCase(op.getAttr('action')) === 'increase' ? 'inc' : 'dec'
      const base = `nvvm.setmaxnreg.${action}.sync.aligned.u32`
      ft.callIntrinsic(op, `llvm.${base}`, base, voidTy, [IRConstant.int(i32(op), BigInt(intProp(op, 'regCount')))], [i32(op)])
      return
    }
    default:
      throw new TranslationError(op, `cannot be converted to LLVM IR: missing \`LLVMTranslationDialectInterface\` registration for dialect for op: ${name}`)
  }
}
