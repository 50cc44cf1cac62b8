/**
 * The tileas ops of the GEMM operand path lowered with the tile/mma code generators:
 * `alloc_shared` (an addrspace-3 global per buffer), `async_copy` (16-byte cp.async with
 * zero fill), `async_commit_group`, `async_wait`, `barrier`, `local_load` (ldmatrix into
 * dot_op registers) and `mma` (mma.sync m16n8k16). Each takes the lowered operands (one
 * Value per scalar, a `Value[]` per tile, the buffer's `!llvm.ptr<3>`; tokens lower to
 * nothing) and returns the lowered results. `checkGemmOp` says first why an op is outside
 * what these support, for a diagnostic at the op.
 */
import { FloatType, IntegerAttr, OpBuilder, StringAttr, SymbolRefAttr, SymbolTable, TypeAttr, UnknownLoc, printType, type Operation, type Type, type Value } from '@tilepass/ir'
import { LLVMArrayType, LinkageAttr, LLVMPointerType } from '@tilepass/dialects'
import { DotOperandLayoutAttr, MmaLayoutAttr, SharedBufferType, isPowerOf2, type TileASTileType } from '@tilepass/tileas-scheduler'
import { emitAsyncCommitGroup, emitAsyncCopyTile, emitAsyncWait, emitBarrier } from './AsyncCopy.ts'
import { emitLoadDotOperand } from './LdMatrix.ts'
import type { LLVMEmitter, MmaElementType } from './LLVMEmitter.ts'
import { checkMmaTile, type WarpsPerCTA } from './MmaLayouts.ts'
import { emitMma } from './MmaSync.ts'
import { VECTOR_BYTES, checkStageShape, stageBytes, type SharedSwizzle } from './SharedLayout.ts'
import type { ThreadIds } from './ThreadIds.ts'

/** What every GEMM op lowering needs besides its operands. */
export interface GemmLoweringEnv {
  readonly e: LLVMEmitter
  readonly ids: ThreadIds
  /** Threads of the CTA (32 * num_warps). */
  readonly numThreads: number
  /** The op holding the kernel (a builtin.module): shared globals go to its body. */
  readonly symbolTable: Operation
}

/** The ops lowered here. */
export const GEMM_OP_NAMES: readonly string[] = [
  'tileas.alloc_shared',
  'tileas.async_copy',
  'tileas.async_commit_group',
  'tileas.async_wait',
  'tileas.barrier',
  'tileas.local_load',
  'tileas.mma',
]

const NOT_YET = 'not supported by tilepass-compile yet'

function mmaElement(t: Type): MmaElementType | null {
  return t instanceof FloatType && (t.kind === 'f16' || t.kind === 'bf16') ? t.kind : null
}

/** The swizzle of a buffer type, or why the generators cannot use it. */
function bufferSwizzle(t: SharedBufferType): SharedSwizzle | string {
  const l = t.layout
  const [, rows, cols] = t.shape as [number, number, number]
  if (mmaElement(t.elementType) === null) {
    return `shared buffers of ${printType(t.elementType)} are ${NOT_YET} (f16 and bf16 only)`
  }
  const bad = checkStageShape(rows, cols)
  if (bad !== null) {
    return `${bad}: ${NOT_YET}`
  }
  if (l.vec !== VECTOR_BYTES / 2 || l.order[0] !== 1 || !isPowerOf2(l.perPhase) || !isPowerOf2(l.maxPhase) || l.perPhase * l.maxPhase > 8 || l.maxPhase > cols / l.vec) {
    return `#tileas.shared<vec = ${l.vec}, perPhase = ${l.perPhase}, maxPhase = ${l.maxPhase}> is ${NOT_YET} (vec 8, row-major, perPhase * maxPhase <= 8)`
  }
  return { vec: l.vec, perPhase: l.perPhase, maxPhase: l.maxPhase, order: [1, 0] }
}

function isConstantOne(v: Value): boolean {
  const op = v.definingOp
  if (op === null || (op.name.name !== 'llvm.mlir.constant' && op.name.name !== 'arith.constant')) {
    return false
  }
  const a = op.getAttr('value')
  return a instanceof IntegerAttr && a.value === 1n
}

function mmaWarps(t: TileASTileType): WarpsPerCTA | null {
  const l = t.layout
  const parent = l instanceof MmaLayoutAttr ? l : l instanceof DotOperandLayoutAttr ? l.parent : null
  return parent === null ? null : [parent.warpsPerCTA[0]!, parent.warpsPerCTA[1]!]
}

/** Why `op` (one of `GEMM_OP_NAMES`) cannot be lowered here, or null. */
export function checkGemmOp(op: Operation, numThreads: number): string | null {
  switch (op.name.name) {
    case 'tileas.alloc_shared': {
      const s = bufferSwizzle(op.getResult(0).type as SharedBufferType)
      return typeof s === 'string' ? s : null
    }
    case 'tileas.async_copy': {
      const buffer = op.getOperands().find((v) => v.type instanceof SharedBufferType)!
      const s = bufferSwizzle(buffer.type as SharedBufferType)
      if (typeof s === 'string') {
        return s
      }
      const strides = op.getOperands().slice(5, 7)
      if (strides.length !== 2 || !isConstantOne(strides[1]!)) {
        return `async_copy with a non-unit (or unknown) column stride is ${NOT_YET}`
      }
      return null
    }
    case 'tileas.local_load': {
      const b = bufferSwizzle(op.getOperand(0).type as SharedBufferType)
      if (typeof b === 'string') {
        return b
      }
      const t = op.getResult(0).type as TileASTileType
      const warps = mmaWarps(t)
      if (warps === null || warps[0] * warps[1] * 32 !== numThreads) {
        return `local_load into a layout whose warps do not cover the CTA is ${NOT_YET}`
      }
      const [r, c] = t.shape as [number, number]
      const [m, n, k] = (t.layout as DotOperandLayoutAttr).opIdx === 0 ? [r, 8 * warps[1], c] : [16 * warps[0], c, r]
      return checkMmaTile(m, n, k, warps)
    }
    case 'tileas.mma': {
      const [a, b, c] = [0, 1, 2].map((i) => op.getOperand(i).type as TileASTileType) as [TileASTileType, TileASTileType, TileASTileType]
      const elt = mmaElement(a.elementType)
      if (elt === null || b.elementType !== a.elementType || !(c.elementType instanceof FloatType) || c.elementType.kind !== 'f32') {
        return `mma of ${printType(a.elementType)} x ${printType(b.elementType)} -> ${printType(c.elementType)} is ${NOT_YET} (f16/bf16 inputs, f32 accumulator)`
      }
      const warps = mmaWarps(c)!
      if (warps[0] * warps[1] * 32 !== numThreads) {
        return `an mma layout whose warps do not cover the CTA is ${NOT_YET}`
      }
      return checkMmaTile(c.shape[0]!, c.shape[1]!, a.shape[1]!, warps)
    }
    default:
      return null
  }
}

/** A fresh symbol name `__tileas_smem_<n>` in `table`. */
function freshSymbol(table: Operation): string {
  for (let n = 0; ; n++) {
    const name = `__tileas_smem_${n}`
    if (SymbolTable.lookupSymbolIn(table, name) === undefined) {
      return name
    }
  }
}

/** `tileas.alloc_shared`: an internal addrspace-3 global of stages * rows * cols elements; returns its address. */
export function lowerAllocShared(env: GemmLoweringEnv, op: Operation): Value {
  const t = op.getResult(0).type as SharedBufferType
  const [stages, rows, cols] = t.shape as [number, number, number]
  const ctx = op.context
  const name = freshSymbol(env.symbolTable)
  const body = env.symbolTable.regions[0]!.front
  const gb = new OpBuilder(ctx)
  if (body.firstOp === null) {
    gb.setInsertionPointToEnd(body)
  } else {
    gb.setInsertionPoint(body.firstOp)
  }
  gb.create('llvm.mlir.global', UnknownLoc.get(ctx), {
    attributes: {
      global_type: TypeAttr.get(LLVMArrayType.get(env.e.i8, stages * stageBytes(rows, cols))),
      sym_name: StringAttr.get(ctx, name),
      linkage: LinkageAttr.get(ctx, 'internal'),
      alignment: IntegerAttr.get(env.e.i64, 16),
      addr_space: IntegerAttr.get(env.e.i32, 3),
    },
    regions: 1,
  })
  return env.e.v('llvm.mlir.addressof', [], LLVMPointerType.get(ctx, 3), { global_name: SymbolRefAttr.get(ctx, name) })
}

/**
 * `tileas.async_copy %base[%r, %c] shape = [%R, %C] strides = [%ld, 1], %buf[%stage]`:
 * cp.async of one [rows, cols] stage from the tile at (r, c); the token lowers to nothing.
 */
export function lowerAsyncCopy(env: GemmLoweringEnv, op: Operation, base: Value, offsets: readonly Value[], dims: readonly Value[], strides: readonly Value[], buffer: Value, stage: Value): void {
  const bt = op.getOperands().find((v) => v.type instanceof SharedBufferType)!.type as SharedBufferType
  const [, rows, cols] = bt.shape as [number, number, number]
  const layout = bufferSwizzle(bt) as SharedSwizzle
  emitAsyncCopyTile(env.e, {
    elt: mmaElement(bt.elementType)!,
    shape: [rows, cols],
    src: { base, rowOffset: offsets[0]!, colOffset: offsets[1]!, rows: dims[0]!, cols: dims[1]!, rowStride: strides[0]! },
    dst: { base: buffer, stage, stageBytes: stageBytes(rows, cols), layout },
    numThreads: env.numThreads,
    ids: env.ids,
  })
}

/** `tileas.async_commit_group`: `cp.async.commit_group`. */
export function lowerAsyncCommitGroup(env: GemmLoweringEnv): void {
  emitAsyncCommitGroup(env.e)
}

/** `tileas.async_wait {pending = N}`: `cp.async.wait_group N`. */
export function lowerAsyncWait(env: GemmLoweringEnv, op: Operation): void {
  const n = op.getAttr('pending')
  emitAsyncWait(env.e, n instanceof IntegerAttr ? Number(n.value) : 0)
}

/** `tileas.barrier`: `bar.sync 0`. */
export function lowerBarrier(env: GemmLoweringEnv): void {
  emitBarrier(env.e)
}

/** `tileas.local_load %buf[%stage]`: ldmatrix of the stage into the dot_op registers. */
export function lowerLocalLoad(env: GemmLoweringEnv, op: Operation, buffer: Value, stage: Value): Value[] {
  const bt = op.getOperand(0).type as SharedBufferType
  const t = op.getResult(0).type as TileASTileType
  const [, rows, cols] = bt.shape as [number, number, number]
  const layout = t.layout as DotOperandLayoutAttr
  return emitLoadDotOperand(env.e, {
    opIdx: layout.opIdx === 0 ? 0 : 1,
    elt: mmaElement(bt.elementType)!,
    shape: [rows, cols],
    src: { base: buffer, stage, stageBytes: stageBytes(rows, cols), layout: bufferSwizzle(bt) as SharedSwizzle },
    warpsPerCTA: mmaWarps(t)!,
    ids: env.ids,
  })
}

/** `tileas.mma %a, %b, %c`: mma.sync over the warp's atoms; returns D in mma order. */
export function lowerMma(env: GemmLoweringEnv, op: Operation, a: readonly Value[], b: readonly Value[], c: readonly Value[]): Value[] {
  const at = op.getOperand(0).type as TileASTileType
  const ct = op.getOperand(2).type as TileASTileType
  return emitMma(env.e, {
    elt: mmaElement(at.elementType)!,
    shape: [ct.shape[0]!, ct.shape[1]!, at.shape[1]!],
    warpsPerCTA: mmaWarps(ct)!,
    a,
    b,
    c,
  })
}
