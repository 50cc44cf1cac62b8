// One test group per op family of convert-tileas-to-nvvm: each kernel runs through the
// whole compile path and, on the SIMT emulator, must give exactly what the cuda_tile
// reference interpreter gives (or what plain TypeScript computes, for tile-assembly input).
import { describe, expect, it } from 'vitest'
import { Context, parseSourceString, succeeded } from '@tilepass/ir'
import { CudaTileDialect, TileMemory, runKernel as interpret } from '@tilepass/cuda-tile'
import { runKernel as emulate } from '@tilepass/simt-emulator'
import { PassManager } from '@tilepass/pass-manager'
import { addNVVMLoweringPipeline, emitPTX } from '../src/index.ts'
import { MLIR_OPT, runTool } from './ptxTools.ts'
import { compileTile, tileContext } from './tileCompile.ts'

const SLOW = 120_000

type Buffer = Int32Array | Float32Array

const elemName = (b: Buffer): string => (b instanceof Int32Array ? 'i32' : 'f32')

/** Runs the kernel @k of `source` on copies of `buffers` (then `scalars`) in the interpreter and the emulator; expects equal buffers. */
function agree(source: string, buffers: readonly Buffer[], scalars: readonly number[], grid: number): void {
  const compiled = compileTile(source)
  expect(compiled.errors).toEqual([])
  if (MLIR_OPT !== null) {
    runTool(MLIR_OPT, ['--verify-each'], compiled.llvmDialect)
  }
  const ctx = new Context({ dialects: [CudaTileDialect] })
  const mem = new TileMemory()
  const ptrs = buffers.map((b) => mem.allocFrom(elemName(b), b))
  expect(succeeded(interpret(parseSourceString(source, ctx)!.op, { args: [...ptrs, ...scalars], grid: [grid], memory: mem }))).toBe(true)
  const copies = buffers.map((b) => b.slice())
  const out = emulate(compiled.ptx, 'k', [...copies, ...scalars], { grid: [grid, 1, 1], block: [128, 1, 1] }).buffers
  buffers.forEach((b, i) => {
    expect({ buffer: i, values: Array.from(out[i] as Buffer) }).toEqual({ buffer: i, values: mem.read(elemName(b), ptrs[i]!, b.length) })
  })
}

const view = (elem: string, shape: string, tile: string): string => `partition_view<tile=(${tile}), tensor_view<${shape}x${elem}, strides=[1]>>`

describe('elementwise and scalar math', () => {
  it('integer division with each rounding, remainder, min/max, compare/select, conversions', () => {
    const v = view('i32', '?', '128')
    const src = `cuda_tile.module @m {
  entry @k(%x: tile<ptr<i32>>, %y: tile<ptr<i32>>, %o: tile<ptr<i32>>, %n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %xv = make_tensor_view %x, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %yv = make_tensor_view %y, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %ov = make_tensor_view %o, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %xp = make_partition_view %xv : ${v}
    %yp = make_partition_view %yv : ${v}
    %op = make_partition_view %ov : ${v}
    %a, %t1 = load_view_tko weak %xp[%c0] : ${v}, tile<i32> -> tile<128xi32>, token
    %b, %t2 = load_view_tko weak %yp[%c0] : ${v}, tile<i32> -> tile<128xi32>, token
    %q0 = divi %a, %b signed : tile<128xi32>
    %q1 = divi %a, %b signed rounding<negative_inf> : tile<128xi32>
    %q2 = divi %a, %b signed rounding<positive_inf> : tile<128xi32>
    %q3 = divi %a, %b unsigned rounding<positive_inf> : tile<128xi32>
    %r = remi %a, %b signed : tile<128xi32>
    %mx = maxi %q1, %q2 signed : tile<128xi32>
    %mn = mini %r, %q3 unsigned : tile<128xi32>
    %lt = cmpi less_than %a, %b, signed : tile<128xi32> -> tile<128xi1>
    %s = select %lt, %mx, %mn : tile<128xi1>, tile<128xi32>
    %f = itof %s signed : tile<128xi32> -> tile<128xf32>
    %g = mulf %f, %f : tile<128xf32>
    %h = ftoi %g signed : tile<128xf32> -> tile<128xi32>
    %s1 = addi %h, %q0 : tile<128xi32>
    %s2 = subi %s1, %r : tile<128xi32>
    %s3 = xori %s2, %q3 : tile<128xi32>
    %n3 = divi %n, %c3 signed rounding<positive_inf> : tile<i32>
    %n3r = reshape %n3 : tile<i32> -> tile<1xi32>
    %n3b = broadcast %n3r : tile<1xi32> -> tile<128xi32>
    %s4 = muli %s3, %n3b : tile<128xi32>
    %st = store_view_tko weak %s4, %op[%c0] : tile<128xi32>, ${v}, tile<i32> -> token
    return
  }
}
`
    const n = 128
    const x = Int32Array.from({ length: n }, (_, i) => ((i * 7919) % 201) - 100)
    const y = Int32Array.from({ length: n }, (_, i) => (((i * 104729) % 19) - 9) || 4)
    agree(src, [x, y, new Int32Array(n)], [n], 1)
  }, SLOW)

  it('float math: maxf, negf, exp2, fma', () => {
    const v = view('f32', '128', '128')
    const src = `cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %xv = make_tensor_view %x, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %ov = make_tensor_view %o, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %xp = make_partition_view %xv : ${v}
    %op = make_partition_view %ov : ${v}
    %a, %t1 = load_view_tko weak %xp[%c0] : ${v}, tile<i32> -> tile<128xf32>, token
    %two = constant <f32: 2.0> : tile<128xf32>
    %m = maxf %a, %two : tile<128xf32>
    %ng = negf %m : tile<128xf32>
    %e = exp2 %two : tile<128xf32>
    %f = fma %ng, %e, %a : tile<128xf32>
    %st = store_view_tko weak %f, %op[%c0] : tile<128xf32>, ${v}, tile<i32> -> token
    return
  }
}
`
    const x = Float32Array.from({ length: 128 }, (_, i) => (i % 13) * 0.75 - 4)
    agree(src, [x, new Float32Array(128)], [], 1)
  }, SLOW)
  it.each(['f16', 'bf16'])('%s arithmetic between f32 conversions', (half) => {
    const v = view('f32', '128', '128')
    const src = `cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>, %o: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %xv = make_tensor_view %x, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %ov = make_tensor_view %o, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %xp = make_partition_view %xv : ${v}
    %op = make_partition_view %ov : ${v}
    %a, %t1 = load_view_tko weak %xp[%c0] : ${v}, tile<i32> -> tile<128xf32>, token
    %h = ftof %a : tile<128xf32> -> tile<128x${half}>
    %s = addf %h, %h : tile<128x${half}>
    %p = mulf %s, %h : tile<128x${half}>
    %m = maxf %p, %h : tile<128x${half}>
    %f = ftof %m : tile<128x${half}> -> tile<128xf32>
    %st = store_view_tko weak %f, %op[%c0] : tile<128xf32>, ${v}, tile<i32> -> token
    return
  }
}
`
    const x = Float32Array.from({ length: 128 }, (_, i) => ((i * 37) % 101) / 7 - 6.5)
    agree(src, [x, new Float32Array(128)], [], 1)
  }, SLOW)
})

describe('reduce', () => {
  it('a 1024-element tile to a scalar across 4 warps, and a 2-D tile along rows', () => {
    const v1 = view('i32', '1024', '1024')
    const src = `cuda_tile.module @m {
  entry @k(%x: tile<ptr<i32>>, %o: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %xv = make_tensor_view %x, shape = [1024], strides = [1] : tensor_view<1024xi32, strides=[1]>
    %xp = make_partition_view %xv : ${v1}
    %a, %t1 = load_view_tko weak %xp[%c0] : ${v1}, tile<i32> -> tile<1024xi32>, token
    %sum = reduce %a dim=0 identities=[0 : i32] : tile<1024xi32> -> tile<i32>
      (%e: tile<i32>, %acc: tile<i32>) {
        %s = addi %e, %acc : tile<i32>
        yield %s : tile<i32>
      }
    %x2 = reshape %a : tile<1024xi32> -> tile<32x32xi32>
    %colmax = reduce %x2 dim=0 identities=[-2147483648 : i32] : tile<32x32xi32> -> tile<32xi32>
      (%e: tile<i32>, %acc: tile<i32>) {
        %m = maxi %e, %acc signed : tile<i32>
        yield %m : tile<i32>
      }
    %s1 = reshape %sum : tile<i32> -> tile<1xi32>
    %s32 = broadcast %s1 : tile<1xi32> -> tile<32xi32>
    %r = addi %colmax, %s32 : tile<32xi32>
    %ov = make_tensor_view %o, shape = [32], strides = [1] : tensor_view<32xi32, strides=[1]>
    %op = make_partition_view %ov : partition_view<tile=(32), tensor_view<32xi32, strides=[1]>>
    %st = store_view_tko weak %r, %op[%c0] : tile<32xi32>, partition_view<tile=(32), tensor_view<32xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
`
    const x = Int32Array.from({ length: 1024 }, (_, i) => ((i * 2654435761) >>> 8) % 100000)
    agree(src, [x, new Int32Array(32)], [], 1)
  }, SLOW)
})

describe('control flow', () => {
  it('a for loop carrying a tile and a scalar, with an if yielding a tile', () => {
    const v = view('f32', '256', '256')
    const src = `cuda_tile.module @m {
  entry @k(%x: tile<ptr<f32>>, %o: tile<ptr<f32>>, %steps: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %xv = make_tensor_view %x, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %ov = make_tensor_view %o, shape = [256], strides = [1] : tensor_view<256xf32, strides=[1]>
    %xp = make_partition_view %xv : ${v}
    %op = make_partition_view %ov : ${v}
    %a, %t1 = load_view_tko weak %xp[%c0] : ${v}, tile<i32> -> tile<256xf32>, token
    %half = constant <f32: 0.5> : tile<256xf32>
    %r, %cnt = for %i in (%c0 to %steps, step %c1) : tile<i32> iter_values(%acc = %a, %k = %c0) -> (tile<256xf32>, tile<i32>) {
      %rem = remi %i, %c2 signed : tile<i32>
      %even = cmpi equal %rem, %c0, signed : tile<i32> -> tile<i1>
      %next = if %even -> (tile<256xf32>) {
        %d = addf %acc, %a : tile<256xf32>
        yield %d : tile<256xf32>
      } else {
        %h = mulf %acc, %half : tile<256xf32>
        yield %h : tile<256xf32>
      }
      %k2 = addi %k, %c1 : tile<i32>
      continue %next, %k2 : tile<256xf32>, tile<i32>
    }
    %kf = itof %cnt signed : tile<i32> -> tile<f32>
    %kr = reshape %kf : tile<f32> -> tile<1xf32>
    %kb = broadcast %kr : tile<1xf32> -> tile<256xf32>
    %out = addf %r, %kb : tile<256xf32>
    %st = store_view_tko weak %out, %op[%c0] : tile<256xf32>, ${v}, tile<i32> -> token
    return
  }
}
`
    const x = Float32Array.from({ length: 256 }, (_, i) => (i % 17) - 8)
    agree(src, [x, new Float32Array(256)], [5], 1)
  }, SLOW)
})

/** Lowers tile-assembly text and runs its kernel @k. */
function runTileAS(text: string, args: (Buffer | number)[]): (ArrayBufferView | null)[] {
  const { ctx, errors } = tileContext()
  const parsed = parseSourceString(text, ctx, { filename: 't.mlir' })
  expect(errors).toEqual([])
  const pm = new PassManager(ctx, 'builtin.module')
  addNVVMLoweringPipeline(pm, { optLevel: 2, gpuName: 'sm_90a' })
  expect(succeeded(pm.run(parsed!.op))).toBe(true)
  const ptx = emitPTX(parsed!.op, { gpuName: 'sm_90a' })
  expect(errors).toEqual([])
  return emulate(ptx!, 'k', args, { grid: [1, 1, 1], block: [128, 1, 1] }).buffers
}


describe('layout conversion', () => {
  const A = '#tileas.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>'
  const B = '#tileas.blocked<sizePerThread = [2, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]>'
  const MMA = '#tileas.mma<warpsPerCTA = [2, 2]>'
  const kernel = (mid: string, midLayout: string): string => `module {
  gpu.module @g {
    func.func @k(%x: !llvm.ptr<1>, %o: !llvm.ptr<1>) attributes {tileas.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      %c32 = arith.constant 32 : i64
      %c64 = arith.constant 64 : i64
      %c2048 = arith.constant 2048 : i64
      %t = tileas.load_view %x[%c0, %c0] shape = [%c32, %c64] strides = [%c64, %c1] : !llvm.ptr<1> -> !tileas.tile<32x64xi32, ${A}>
      %m = tileas.convert_layout %t : !tileas.tile<32x64xi32, ${A}> -> !tileas.tile<32x64xi32, ${midLayout}>
      ${mid}
      %f = tileas.reshape %back : !tileas.tile<32x64xi32, ${A}> -> !tileas.tile<2048xi32, #tileas.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>
      tileas.store_view %f, %o[%c0] shape = [%c2048] strides = [%c1] : !tileas.tile<2048xi32, #tileas.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>, !llvm.ptr<1>
      func.return
    }
  }
}
`
  const x = Int32Array.from({ length: 2048 }, (_, i) => i * 3 - 1000)

  it.each([
    ['blocked to another blocked order', B],
    ['blocked to mma', MMA],
    ['blocked to dot_op', `#tileas.dot_op<opIdx = 0, parent = ${MMA}>`],
  ])('%s and back, then a reshape to 1-D, keeps every element', (_name, mid) => {
    const text = kernel(`%back = tileas.convert_layout %m : !tileas.tile<32x64xi32, ${mid}> -> !tileas.tile<32x64xi32, ${A}>`, mid)
    const out = runTileAS(text, [x, new Int32Array(2048)])[1] as Int32Array
    expect(Array.from(out)).toEqual(Array.from(x))
  }, SLOW)

  it('broadcasts a column through a layout that does not hold it in the same threads', () => {
    const text = `module {
  gpu.module @g {
    func.func @k(%x: !llvm.ptr<1>, %o: !llvm.ptr<1>) attributes {tileas.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : i64
      %c32 = arith.constant 32 : i64
      %c64 = arith.constant 64 : i64
      %t = tileas.load_view %x[%c0, %c0] shape = [%c32, %c1] strides = [%c1, %c1] : !llvm.ptr<1> -> !tileas.tile<32x1xi32, ${B}>
      %b = tileas.broadcast %t : !tileas.tile<32x1xi32, ${B}> -> !tileas.tile<32x64xi32, ${B}>
      %a = tileas.convert_layout %b : !tileas.tile<32x64xi32, ${B}> -> !tileas.tile<32x64xi32, ${A}>
      tileas.store_view %a, %o[%c0, %c0] shape = [%c32, %c64] strides = [%c64, %c1] : !tileas.tile<32x64xi32, ${A}>, !llvm.ptr<1>
      func.return
    }
  }
}
`
    const col = Int32Array.from({ length: 32 }, (_, i) => 100 * i + 7)
    const out = runTileAS(text, [col, new Int32Array(2048)])[1] as Int32Array
    expect(Array.from(out)).toEqual(Array.from({ length: 2048 }, (_, i) => col[i >> 6]!))
  }, SLOW)
})

describe('scalar arith (loop bounds and predicates of scheduled loops)', () => {
  it('an index-typed scf.for with ceil/floor division, compare and select', () => {
    const L = '#tileas.blocked<sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>'
    const text = `module {
  gpu.module @g {
    func.func @k(%o: !llvm.ptr<1>, %n: i32) attributes {tileas.num_warps = 4 : i32} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = arith.constant 0 : i32
      %c3 = arith.constant 3 : i32
      %c7 = arith.constant 7 : i32
      %off = arith.constant 0 : i64
      %one = arith.constant 1 : i64
      %len = arith.constant 128 : i64
      %ni = arith.index_cast %n : i32 to index
      %sum = scf.for %i = %c0 to %ni step %c1 iter_args(%acc = %z) -> (i32) {
        %ii = arith.index_cast %i : index to i32
        %neg = arith.subi %z, %ii : i32
        %q = arith.ceildivsi %ii, %c3 : i32
        %f = arith.floordivsi %neg, %c3 : i32
        %lt = arith.cmpi slt, %ii, %c7 : i32
        %s = arith.select %lt, %q, %f : i32
        %acc2 = arith.addi %acc, %s : i32
        scf.yield %acc2 : i32
      }
      %t = tileas.splat %sum : i32 -> !tileas.tile<128xi32, ${L}>
      tileas.store_view %t, %o[%off] shape = [%len] strides = [%one] : !tileas.tile<128xi32, ${L}>, !llvm.ptr<1>
      func.return
    }
  }
}
`
    const n = 12
    let want = 0
    for (let i = 0; i < n; i++) {
      want += i < 7 ? Math.ceil(i / 3) : Math.floor(-i / 3)
    }
    const out = runTileAS(text, [new Int32Array(128), n])[0] as Int32Array
    expect(Array.from(out)).toEqual(new Array<number>(128).fill(want))
  }, SLOW)
})

describe('kernel names', () => {
  it('reports two tile modules defining the same kernel', () => {
    const entry = (m: string): string => `cuda_tile.module @${m} {
  entry @k() {
    return
  }
}
`
    const compiled = compileTile(entry('a') + entry('b'))
    expect(compiled.errors).toEqual(["7:3: a kernel named 'k' already exists: kernels of all tile modules share one namespace"])
  })
})
