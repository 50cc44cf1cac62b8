// A whole pipelined GEMM kernel in the llvm + nvvm dialects, built only from the tile/mma
// code generators: C[M, N] (f32) = A[M, K] x B[K, N] (f16/bf16, row-major, leading
// dimensions lda/ldb/ldc), one CTA per BM x BN tile, a K-loop over BK-wide steps with an
// S-stage cp.async pipeline (prologue of S-1 groups; per step: wait_group S-2, barrier,
// prefetch step k+S-1, ldmatrix, mma), and an epilogue that stores the accumulator under
// bounds predicates.
import { Block, BuiltinDialect, Context, DenseArrayAttr, FloatAttr, IntegerAttr, StringAttr, SymbolRefAttr, TypeAttr, UnitAttr, UnknownLoc, OpBuilder, parseSourceString, type Operation, type Value } from '@tilepass/ir'
import { LLVMArrayType, LLVMFunctionType, LLVMVoidType, LinkageAttr, buildLLVMFuncOp, registerAllDialects } from '@tilepass/dialects'
import {
  LLVMEmitter,
  accumulatorRegBases,
  emitAsyncCommitGroup,
  emitAsyncCopyTile,
  emitAsyncWait,
  emitBarrier,
  emitLoadDotOperand,
  emitMma,
  emitThreadIds,
  gemmSharedPlan,
  mmaOperandSwizzle,
  mmaRegisterCounts,
  registerCoord,
  type MmaElementType,
} from '../../src/tile/mma/index.ts'

/** The tiling of one GEMM kernel. */
export interface GemmConfig {
  readonly elt: MmaElementType
  readonly bm: number
  readonly bn: number
  readonly bk: number
  readonly warps: readonly [number, number]
  readonly stages: number
}

/** A context with every Tilepass dialect registered. */
export function gemmContext(): Context {
  const ctx = new Context({ dialects: [BuiltinDialect] })
  registerAllDialects(ctx)
  return ctx
}

/** The kernel's name for `cfg`. */
export function gemmName(cfg: GemmConfig): string {
  return `gemm_${cfg.elt}_${cfg.bm}x${cfg.bn}x${cfg.bk}_w${cfg.warps[0]}x${cfg.warps[1]}_s${cfg.stages}`
}

/**
 * Builds `builtin.module { llvm.mlir.global @smem (addrspace 3); llvm.func @<name>(A, B, C,
 * M, N, K, lda, ldb, ldc) }` in `ctx`. Launch: grid [ceil(M/BM), ceil(N/BN)], block
 * 32 * wm * wn.
 */
export function buildGemmModule(ctx: Context, cfg: GemmConfig): Operation {
  const parsed = parseSourceString('module {\n}\n', ctx, { filename: 'gemm.mlir' })!
  const module = parsed.op
  const loc = UnknownLoc.get(ctx)
  const b = new OpBuilder(ctx)
  const e = new LLVMEmitter(b, loc)
  const top = module.regions[0]!.front
  const { bm, bn, bk, stages, elt } = cfg
  const warps = cfg.warps
  const numThreads = 32 * warps[0] * warps[1]
  const plan = gemmSharedPlan(bm, bn, bk, stages)
  const aLayout = mmaOperandSwizzle(bk)
  const bLayout = mmaOperandSwizzle(bn)

  b.setInsertionPointToEnd(top)
  b.create('llvm.mlir.global', loc, {
    attributes: {
      global_type: TypeAttr.get(LLVMArrayType.get(e.i8, plan.totalBytes)),
      sym_name: StringAttr.get(ctx, 'smem'),
      linkage: LinkageAttr.get(ctx, 'internal'),
      alignment: IntegerAttr.get(e.i64, 16),
      addr_space: IntegerAttr.get(e.i32, 3),
    },
    regions: 1,
  })
  const ptr = e.ptr(0)
  const fnType = LLVMFunctionType.get(LLVMVoidType.get(ctx), [ptr, ptr, ptr, e.i64, e.i64, e.i64, e.i64, e.i64, e.i64])
  const fn = buildLLVMFuncOp(b, loc, gemmName(cfg), fnType, {
    withBody: true,
    attributes: [
      { name: 'nvvm.kernel', value: UnitAttr.get(ctx) },
      { name: 'nvvm.reqntid', value: DenseArrayAttr.getI32(ctx, [numThreads, 1, 1]) },
    ],
  })
  const region = fn.regions[0]!
  const entry = region.front
  const [pA, pB, pC, M, N, K, lda, ldb, ldc] = entry.arguments as unknown as Value[]
  b.setInsertionPointToEnd(entry)
  e.startFunction(entry)
  const A = e.v('llvm.addrspacecast', [pA!], e.ptr(1))
  const B = e.v('llvm.addrspacecast', [pB!], e.ptr(1))
  const C = e.v('llvm.addrspacecast', [pC!], e.ptr(1))
  const smem = e.v('llvm.mlir.addressof', [], e.ptr(3), { global_name: SymbolRefAttr.get(ctx, 'smem') })
  const sB = e.gep(smem, e.c32(plan.bOffset), e.i8)
  const ids = emitThreadIds(e)
  const m0 = e.mul(e.zext(e.v('nvvm.read.ptx.sreg.ctaid.x', [], e.i32), e.i64), bm)
  const n0 = e.mul(e.zext(e.v('nvvm.read.ptx.sreg.ctaid.y', [], e.i32), e.i64), bn)
  const numK = e.trunc(e.udiv(e.add(K!, bk - 1), bk), e.i32)

  // Copies K step `kt` (i32) of A and B into stage `stage` and commits them as one group.
  const copyStep = (kt: Value, stage: Value | number): void => {
    const k0 = e.mul(e.zext(kt, e.i64), bk)
    emitAsyncCopyTile(e, {
      elt,
      shape: [bm, bk],
      src: { base: A, rowOffset: m0, colOffset: k0, rows: M!, cols: K!, rowStride: lda! },
      dst: { base: smem, stage, stageBytes: plan.aStageBytes, layout: aLayout },
      numThreads,
      ids,
    })
    emitAsyncCopyTile(e, {
      elt,
      shape: [bk, bn],
      src: { base: B, rowOffset: k0, colOffset: n0, rows: K!, cols: N!, rowStride: ldb! },
      dst: { base: sB, stage, stageBytes: plan.bStageBytes, layout: bLayout },
      numThreads,
      ids,
    })
    emitAsyncCommitGroup(e)
  }
  for (let s = 0; s < stages - 1; s++) {
    copyStep(e.c32(s), s)
  }
  const counts = mmaRegisterCounts([bm, bn, bk], warps)
  const zero = e.v('llvm.mlir.constant', [], e.f32, { value: FloatAttr.get(e.f32, 0) })
  const accTypes = Array.from({ length: counts.c }, () => e.f32)
  const loop = new Block()
  loop.addArgument(e.i32, loc)
  for (const t of accTypes) {
    loop.addArgument(t, loc)
  }
  const exit = new Block()
  for (const t of accTypes) {
    exit.addArgument(t, loc)
  }
  region.push(loop)
  region.push(exit)
  b.create('llvm.br', loc, { operands: [e.c32(0), ...accTypes.map(() => zero)], successors: [loop] })

  b.setInsertionPointToEnd(loop)
  const kt = loop.arguments[0]! as Value
  const acc = loop.arguments.slice(1) as unknown as Value[]
  emitAsyncWait(e, stages - 2)
  emitBarrier(e)
  const next = e.add(kt, stages - 1)
  copyStep(next, e.urem(next, stages))
  const readStage = e.urem(kt, stages)
  const a = emitLoadDotOperand(e, { opIdx: 0, elt, shape: [bm, bk], src: { base: smem, stage: readStage, stageBytes: plan.aStageBytes, layout: aLayout }, warpsPerCTA: warps, ids })
  const bRegs = emitLoadDotOperand(e, { opIdx: 1, elt, shape: [bk, bn], src: { base: sB, stage: readStage, stageBytes: plan.bStageBytes, layout: bLayout }, warpsPerCTA: warps, ids })
  const d = emitMma(e, { elt, shape: [bm, bn, bk], warpsPerCTA: warps, a, b: bRegs, c: acc })
  const kt1 = e.add(kt, 1)
  const more = e.icmp('slt', kt1, numK)
  b.create('llvm.cond_br', loc, {
    operands: [more, kt1, ...d, ...d],
    successors: [loop, exit],
    attributes: { operandSegmentSizes: DenseArrayAttr.getI32(ctx, [1, 1 + d.length, d.length]) },
  })

  // Epilogue: drain the copy groups, then store each accumulator register under bounds.
  b.setInsertionPointToEnd(exit)
  emitAsyncWait(e, 0)
  const res = exit.arguments as unknown as Value[]
  const bases = accumulatorRegBases(bm, bn, warps)
  // Lane/warp origin: (16*warpM + lane/4, 8*warpN + 2*(lane%4)), as accumulatorLaneOrigin.
  const warpM = e.and(ids.warp, warps[0] - 1)
  const warpN = e.and(e.lshr(ids.warp, Math.log2(warps[0])), warps[1] - 1)
  const rowT = e.add(e.shl(warpM, 4), e.lshr(ids.lane, 2))
  const colT = e.add(e.shl(warpN, 3), e.shl(e.and(ids.lane, 3), 1))
  const row0 = e.add(m0, e.zext(rowT, e.i64))
  const col0 = e.add(n0, e.zext(colT, e.i64))
  for (let r = 0; r < res.length; r++) {
    const [dr, dc] = registerCoord(bases, r)
    const row = e.add(row0, dr)
    const col = e.add(col0, dc)
    const ok = e.and(e.icmp('slt', row, M!), e.icmp('slt', col, N!))
    const store = new Block()
    const join = new Block()
    region.push(store)
    region.push(join)
    b.create('llvm.cond_br', loc, { operands: [ok], successors: [store, join], attributes: { operandSegmentSizes: DenseArrayAttr.getI32(ctx, [1, 0, 0]) } })
    b.setInsertionPointToEnd(store)
    const p = e.gep(C, e.add(e.mul(row, ldc!), col), e.f32)
    b.create('llvm.store', loc, { operands: [res[r]!, p] })
    b.create('llvm.br', loc, { successors: [join] })
    b.setInsertionPointToEnd(join)
  }
  b.create('llvm.return', loc, {})
  return module
}

