import { ArithDialect, FuncDialect, GPUDialect, LLVMDialect, ScfDialect } from '@tilepass/dialects'
import { BuiltinDialect, Context, parseSourceString, type Operation } from '@tilepass/ir'
import { TileASDialect } from '../src/index.ts'

/** A context with the dialects of the tile-assembly form. */
export function tileContext(): Context {
  return new Context({ dialects: [BuiltinDialect, TileASDialect, FuncDialect, GPUDialect, LLVMDialect, ScfDialect, ArithDialect] })
}

export const MMA = '#tileas.mma<warpsPerCTA = [2, 2]>'
export const SH = '#tileas.shared<vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]>'
export const ACC = `!tileas.tile<64x64xf32, ${MMA}>`
export const DA = `!tileas.tile<64x32xf16, #tileas.dot_op<opIdx = 0, parent = ${MMA}>>`
export const DB = `!tileas.tile<32x64xf16, #tileas.dot_op<opIdx = 1, parent = ${MMA}>>`
export const SA = (s: number): string => `!tileas.smem<${s}x64x32xf16, ${SH}>`
export const SB = (s: number): string => `!tileas.smem<${s}x32x64xf16, ${SH}>`

/** The single-buffered GEMM K-loop (64x64 tile, BK = 32, 4 warps), as tile-mma's lowering emits it. */
export const KLOOP = `func.func @gemm(%A: !llvm.ptr<1>, %B: !llvm.ptr<1>, %M: i64, %N: i64, %K: i64) attributes {tileas.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %c31 = arith.constant 31 : i64
  %c32 = arith.constant 32 : i64
  %c0_i32 = arith.constant 0 : i32
  %kp = tileas.addi %K, %c31 : i64
  %nk = tileas.divi %kp, %c32 : i64
  %bufA = tileas.alloc_shared : ${SA(1)}
  %bufB = tileas.alloc_shared : ${SB(1)}
  %zero = tileas.constant dense<0.0> : tensor<64x64xf32> : ${ACC}
  %r = scf.for %t = %c0 to %nk step %c1 iter_args(%acc = %zero) -> (${ACC}) : i64 {
    %kk = tileas.muli %t, %c32 : i64
    %ta = tileas.async_copy %A[%c0, %kk] shape = [%M, %K] strides = [%K, %c1], %bufA[%c0_i32] : !llvm.ptr<1>, ${SA(1)}
    %tb = tileas.async_copy %B[%kk, %c0] shape = [%K, %N] strides = [%N, %c1], %bufB[%c0_i32] : !llvm.ptr<1>, ${SB(1)}
    %g = tileas.async_commit_group %ta, %tb
    tileas.async_wait %g {pending = 0 : i32}
    tileas.barrier
    %a = tileas.local_load %bufA[%c0_i32] : ${SA(1)} -> ${DA}
    %b = tileas.local_load %bufB[%c0_i32] : ${SB(1)} -> ${DB}
    %d = tileas.mma %a, %b, %acc : ${DA}, ${DB} -> ${ACC}
    tileas.barrier
    scf.yield %d : ${ACC}
  }
  func.return
}`

/** Parses `src` into a module; throws with the diagnostics when it does not parse. */
export function parseModule(ctx: Context, src: string): Operation {
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    errors.push(d.message)
    return true
  })
  const parsed = parseSourceString(src, ctx, { filename: 'kloop.mlir' })
  if (parsed === null) {
    throw new Error(`does not parse: ${errors.join('\n')}`)
  }
  return parsed.op
}

/** The first `scf.for` under `root`. */
export function firstLoop(root: Operation): Operation {
  let loop: Operation | null = null
  root.walk((op) => {
    if (loop === null && op.name.name === 'scf.for') {
      loop = op
    }
  })
  if (loop === null) {
    throw new Error('no scf.for')
  }
  return loop
}
