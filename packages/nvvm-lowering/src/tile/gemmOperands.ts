/**
 * The GEMM operand path family of the tile code generator: `tileas.alloc_shared`,
 * `async_copy`, `async_commit_group`, `async_wait`, `barrier`, `local_load` and `mma`,
 * lowered with the tile/mma generators (cp.async into swizzled shared stages, ldmatrix into
 * dot-operand registers, mma.sync m16n8k16). Async tokens have no registers.
 */
import type { Operation } from '@tilepass/ir'
import { registerTileOpLowering, type TileLoweringContext } from './TileLowering.ts'
import { LLVMEmitter } from './mma/LLVMEmitter.ts'
import {
  checkGemmOp,
  lowerAllocShared,
  lowerAsyncCommitGroup,
  lowerAsyncCopy,
  lowerAsyncWait,
  lowerBarrier,
  lowerLocalLoad,
  lowerMma,
  type GemmLoweringEnv,
} from './mma/GemmOpLowering.ts'

/** One environment per kernel: its emitter caches constants at the function's start. */
const envs = new WeakMap<TileLoweringContext, GemmLoweringEnv>()

/** The generators' view of the kernel being lowered (at `op`); null after a diagnostic at `op`. */
function envFor(op: Operation, cx: TileLoweringContext): GemmLoweringEnv | null {
  const numThreads = 32 * cx.numWarps
  const why = checkGemmOp(op, numThreads)
  if (why !== null) {
    cx.fail(op, why)
    return null
  }
  let env = envs.get(cx)
  if (env === undefined) {
    const e = new LLVMEmitter(cx.builder, op.location)
    e.startFunction(cx.entry)
    env = { e, ids: { tid: cx.threadId, lane: cx.laneId, warp: cx.warpId }, numThreads, symbolTable: cx.region.parentOp!.parentOp! }
    envs.set(cx, env)
  }
  env.e.loc = op.location
  return env
}

type Lower = (op: Operation, cx: TileLoweringContext, env: GemmLoweringEnv) => void

function register(name: string, lower: Lower): void {
  registerTileOpLowering(name, (op, cx) => {
    const env = envFor(op, cx)
    if (env === null) {
      return false
    }
    lower(op, cx, env)
    return true
  })
}

register('tileas.alloc_shared', (op, cx, env) => cx.setRegs(op.getResult(0), [lowerAllocShared(env, op)]))

register('tileas.async_copy', (op, cx, env) => {
  const s = (i: number) => cx.scalar(op.getOperand(i))
  lowerAsyncCopy(env, op, s(0), [s(1), s(2)], [s(3), s(4)], [s(5), s(6)], s(7), s(8))
  cx.setRegs(op.getResult(0), [])
})

register('tileas.async_commit_group', (op, cx, env) => {
  lowerAsyncCommitGroup(env)
  cx.setRegs(op.getResult(0), [])
})

register('tileas.async_wait', (op, _cx, env) => lowerAsyncWait(env, op))

register('tileas.barrier', (_op, _cx, env) => lowerBarrier(env))

register('tileas.local_load', (op, cx, env) => cx.setRegs(op.getResult(0), lowerLocalLoad(env, op, cx.scalar(op.getOperand(0)), cx.scalar(op.getOperand(1)))))

register('tileas.mma', (op, cx, env) => {
  const [a, b, c] = [0, 1, 2].map((i) => cx.regs(op.getOperand(i)))
  cx.setRegs(op.getResult(0), lowerMma(env, op, a!, b!, c!))
})
