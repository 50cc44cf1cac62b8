// Kernels written in the gpu dialect, lowered by mlir-opt 22's own convert-gpu-to-nvvm
// (dynamic memref descriptors, gpu.shuffle, gpu.barrier, workgroup memory), then given to
// the native emitter: ptxas accepts the PTX and the emulator matches TypeScript. This is
// the subset upstream produces for plain kernels, read in generic form.
import { describe, expect, it } from 'vitest'
import { runKernel } from '@tilepass/simt-emulator'
import { MLIR_OPT, PTXAS, compile, ptxas, runTool } from './ptxTools.ts'

/** ptxas, mlir-opt, llc and the emulator together take seconds on a loaded machine. */
const SLOW = 60_000

const GPU_KERNELS = `
gpu.module @kernels {
  gpu.func @vadd(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>, %n: index) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %bdim = gpu.block_dim x
    %t = arith.muli %bid, %bdim : index
    %i = arith.addi %t, %tid : index
    %ok = arith.cmpi slt, %i, %n : index
    scf.if %ok {
      %x = memref.load %a[%i] : memref<?xf32>
      %y = memref.load %b[%i] : memref<?xf32>
      %z = arith.addf %x, %y : f32
      memref.store %z, %c[%i] : memref<?xf32>
    }
    gpu.return
  }
  gpu.func @block_sum(%in: memref<?xf32>, %out: memref<?xf32>) workgroup(%partial: memref<4xf32, #gpu.address_space<workgroup>>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %tid = gpu.thread_id x
    %bid = gpu.block_id x
    %bdim = gpu.block_dim x
    %t = arith.muli %bid, %bdim : index
    %i = arith.addi %t, %tid : index
    %v = memref.load %in[%i] : memref<?xf32>
    %c32 = arith.constant 32 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %c16 = arith.constant 16 : i32
    %s1, %v1 = gpu.shuffle xor %v, %c16, %c32 : f32
    %a1 = arith.addf %v, %s1 : f32
    %s2, %v2 = gpu.shuffle xor %a1, %c8, %c32 : f32
    %a2 = arith.addf %a1, %s2 : f32
    %s3, %v3 = gpu.shuffle xor %a2, %c4, %c32 : f32
    %a3 = arith.addf %a2, %s3 : f32
    %s4, %v4 = gpu.shuffle xor %a3, %c2, %c32 : f32
    %a4 = arith.addf %a3, %s4 : f32
    %s5, %v5 = gpu.shuffle xor %a4, %c1, %c32 : f32
    %a5 = arith.addf %a4, %s5 : f32
    %c32i = arith.constant 32 : index
    %c0i = arith.constant 0 : index
    %lane = arith.remui %tid, %c32i : index
    %warp = arith.divui %tid, %c32i : index
    %is0 = arith.cmpi eq, %lane, %c0i : index
    scf.if %is0 {
      memref.store %a5, %partial[%warp] : memref<4xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %first = arith.cmpi eq, %tid, %c0i : index
    scf.if %first {
      %c1i = arith.constant 1 : index
      %c2i = arith.constant 2 : index
      %c3i = arith.constant 3 : index
      %p0 = memref.load %partial[%c0i] : memref<4xf32, #gpu.address_space<workgroup>>
      %p1 = memref.load %partial[%c1i] : memref<4xf32, #gpu.address_space<workgroup>>
      %p2 = memref.load %partial[%c2i] : memref<4xf32, #gpu.address_space<workgroup>>
      %p3 = memref.load %partial[%c3i] : memref<4xf32, #gpu.address_space<workgroup>>
      %q0 = arith.addf %p0, %p1 : f32
      %q1 = arith.addf %p2, %p3 : f32
      %q = arith.addf %q0, %q1 : f32
      memref.store %q, %out[%bid] : memref<?xf32>
    }
    gpu.return
  }
}
`

/** mlir-opt's lowering, printed generically; `range` on special registers is dropped until Tilepass parses `#llvm.constant_range`. */
function lowerWithMlirOpt(): string {
  const out = runTool(MLIR_OPT!, ['--convert-scf-to-cf', '--convert-gpu-to-nvvm', '--reconcile-unrealized-casts', '--mlir-print-op-generic'], GPU_KERNELS)
  return out.replace(/ <\{range = #llvm\.constant_range<[^>]*>\}>/g, '')
}

/** The five kernel arguments of a dynamic 1-D memref descriptor: allocated and aligned pointers, offset, size, stride. */
function memref(data: Float32Array): (Float32Array | bigint)[] {
  return [new Float32Array(0), data, 0n, BigInt(data.length), 1n]
}

describe.skipIf(MLIR_OPT === null)('gpu dialect kernels lowered by mlir-opt 22', () => {
  it('emit PTX that ptxas accepts and the emulator runs correctly', () => {
    const { ptx, diagnostics } = compile(lowerWithMlirOpt())
    expect(diagnostics).toEqual([])
    if (PTXAS !== null) {
      for (const arch of ['sm_90a', 'sm_100a']) {
        const figures = ptxas(compile(lowerWithMlirOpt(), arch).ptx!, arch)
        expect([...figures.keys()].sort()).toEqual(['block_sum', 'vadd'])
        for (const [, f] of figures) {
          expect(f.spillStores + f.spillLoads).toBe(0)
        }
      }
    }
    const n = 500
    const a = Float32Array.from({ length: 512 }, (_, i) => i / 8)
    const b = Float32Array.from({ length: 512 }, (_, i) => 3 - i / 16)
    const c = new Float32Array(512).fill(-1)
    const res = runKernel(ptx!, 'vadd', [...memref(a), ...memref(b), ...memref(c), BigInt(n)], { grid: 4, block: 128 })
    const out = res.buffers[11] as Float32Array
    for (let i = 0; i < 512; i++) {
      expect(out[i]).toBe(i < n ? Math.fround(a[i]! + b[i]!) : -1)
    }
    const input = Float32Array.from({ length: 512 }, (_, i) => ((i * 37) % 19) - 9)
    const sums = runKernel(ptx!, 'block_sum', [...memref(input), ...memref(new Float32Array(4))], { grid: 4, block: 128 }).buffers[6] as Float32Array
    for (let blk = 0; blk < 4; blk++) {
      expect(sums[blk]).toBe(input.subarray(128 * blk, 128 * blk + 128).reduce((s, x) => s + x, 0))
    }
  }, SLOW)
})
