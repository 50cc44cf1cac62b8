import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { Context, parseSourceString, succeeded, type Operation } from '@tilepass/ir'
import { CudaTileDialect, readCudaTileBytecode, runKernel, writeCudaTileBytecode } from '@tilepass/cuda-tile'
import { launch, memory, random } from './interpreterHarness.ts'

/**
 * The kernels of examples/cuda-tile, in cuda_tile's custom syntax, run through the
 * reference interpreter on random data (ragged shapes included, so padding and masking
 * matter) and compared with plain TypeScript computations.
 */

function example(name: string): string {
  return readFileSync(new URL(`../../../examples/cuda-tile/${name}.mlir`, import.meta.url), 'utf8')
}

const ceilDiv = (a: number, b: number): number => Math.ceil(a / b)

describe('custom syntax through the registered dialect', () => {
  it('reads the attributes the dialect builds (enums, unit flags, dense constants, for unsigned)', () => {
    const view = 'partition_view<tile=(1x4), tensor_view<4x4xi32, strides=[4,1]>>'
    const store = (tile: string, row: string): string =>
      `    %${tile}_r = reshape %${tile} : tile<4xi32> -> tile<1x4xi32>
    %${tile}_t = store_view_tko weak %${tile}_r, %p[${row}, %c0] : tile<1x4xi32>, ${view}, tile<i32> -> token
`
    const src = `cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>, %outf: tile<ptr<f32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c3 = constant <i32: 3> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %v = make_tensor_view %out, shape = [4, 4], strides = [4, 1] : tensor_view<4x4xi32, strides=[4,1]>
    %p = make_partition_view %v : ${view}
    %a = constant <i32: [-7, 7, 5, -1]> : tile<4xi32>
    %b = constant <i32: [2, 2, 3, 2]> : tile<4xi32>
    %io = iota : tile<4xi32>
    %sum = for unsigned %iv in (%c0 to %c4, step %c1) : tile<i32> iter_values(%acc = %io) -> (tile<4xi32>) {
      %ivr = reshape %iv : tile<i32> -> tile<1xi32>
      %ivb = broadcast %ivr : tile<1xi32> -> tile<4xi32>
      %n = addi %acc, %ivb overflow<no_signed_wrap> : tile<4xi32>
      continue %n : tile<4xi32>
    }
${store('sum', '%c0')}    %q = divi %a, %b signed rounding<negative_inf> : tile<4xi32>
${store('q', '%c1')}    %lt = cmpi less_than %a, %b, unsigned : tile<4xi32> -> tile<4xi1>
    %sel = select %lt, %a, %b : tile<4xi1>, tile<4xi32>
${store('sel', '%c2')}    %f = constant <f32: [1.5, 2.5, -1.0, 0x7FC00000]> : tile<4xf32>
    %g = constant <f32: [2.0, 2.0, 2.0, 0.0]> : tile<4xf32>
    %m = maxf %f, %g propagate_nan : tile<4xf32>
    %h = ftof %m : tile<4xf32> -> tile<4xf16>
    %k = ftof %h : tile<4xf16> -> tile<4xf32>
    %gt = cmpf greater_than ordered %f, %g : tile<4xf32> -> tile<4xi1>
    %gt32 = exti %gt unsigned : tile<4xi1> -> tile<4xi32>
${store('gt32', '%c3')}    %fv = make_tensor_view %outf, shape = [4], strides = [1] : tensor_view<4xf32, strides=[1]>
    %fp = make_partition_view %fv : partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>
    %ft = store_view_tko weak %k, %fp[%c0] : tile<4xf32>, partition_view<tile=(4), tensor_view<4xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
`
    const mem = memory()
    const out = mem.alloc(64)
    const outf = mem.alloc(16)
    const r = launch(src, [out, outf], [1], mem, [CudaTileDialect])
    expect(r.errors).toEqual([])
    expect(mem.read('i32', out, 16)).toEqual([6, 7, 8, 9, -4, 3, 1, -1, 2, 2, 3, 2, 0, 1, 0, 0])
    expect(mem.read('f32', outf, 4).map(String)).toEqual(['2', '2.5', '2', 'NaN'])
  })
})

describe('early exits and runaway loops', () => {
  const src = `cuda_tile.module @m {
  entry @k(%out: tile<ptr<i32>>, %limit: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c100 = constant <i32: 100> : tile<i32>
    %v = make_tensor_view %out, shape = [1], strides = [1] : tensor_view<1xi32, strides=[1]>
    %p = make_partition_view %v : partition_view<tile=(1), tensor_view<1xi32, strides=[1]>>
    %last = loop iter_values(%iv = %c0) : tile<i32> -> tile<i32> {
      %done = cmpi equal %iv, %limit, signed : tile<i32> -> tile<i1>
      if %done {
        break %iv : tile<i32>
      }
      %next = addi %iv, %c1 : tile<i32>
      continue %next : tile<i32>
    }
    %lr = reshape %last : tile<i32> -> tile<1xi32>
    %t = store_view_tko weak %lr, %p[%c0] : tile<1xi32>, partition_view<tile=(1), tensor_view<1xi32, strides=[1]>>, tile<i32> -> token
    %big = cmpi greater_than %last, %c100, signed : tile<i32> -> tile<i1>
    if %big {
      return
    }
    %c1r = reshape %c1 : tile<i32> -> tile<1xi32>
    %t2 = store_view_tko weak %c1r, %p[%c0] : tile<1xi32>, partition_view<tile=(1), tensor_view<1xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
`

  it('breaks out of a loop from an if, and returns early from an if', () => {
    for (const [limit, want] of [
      [41, 1],
      [141, 141],
    ] as const) {
      const mem = memory()
      const out = mem.alloc(4)
      const r = launch(src, [out, limit], [1], mem, [CudaTileDialect])
      expect(r.errors).toEqual([])
      expect(mem.read('i32', out, 1)).toEqual([want])
    }
  })

  it('reports a loop that runs past the iteration limit', () => {
    const ctx = new Context({ dialects: [CudaTileDialect] })
    const errors: string[] = []
    ctx.diagEngine.registerHandler((d) => {
      errors.push(d.message)
      return true
    })
    const parsed = parseSourceString(src, ctx)
    const mem = memory()
    const ok = runKernel(parsed!.op, { args: [mem.alloc(4), -1], grid: [1], memory: mem, maxLoopIterations: 500 })
    expect(succeeded(ok)).toBe(false)
    expect(errors).toEqual(["'cuda_tile.loop' op ran more than 500 iterations"])
  })
})

describe('examples/cuda-tile/vector-add.mlir', () => {
  const src = example('vector-add')

  for (const n of [1, 128, 1000, 1029]) {
    it(`adds vectors of ${n} f32 elements exactly`, () => {
      const rnd = random(n, -100, 100)
      const a = Array.from({ length: n }, () => Math.fround(rnd()))
      const b = Array.from({ length: n }, () => Math.fround(rnd()))
      const mem = memory()
      const pa = mem.allocFrom('f32', a)
      const pb = mem.allocFrom('f32', b)
      const pc = mem.alloc(n * 4)
      const r = launch(src, [pa, pb, pc, n], [ceilDiv(n, 128)], mem, [CudaTileDialect])
      expect(r.errors).toEqual([])
      expect(mem.read('f32', pc, n)).toEqual(a.map((x, i) => Math.fround(x + b[i]!)))
    })
  }
})

describe('examples/cuda-tile/row-softmax.mlir', () => {
  const src = example('row-softmax')

  for (const [m, n] of [
    [16, 64],
    [37, 50],
    [5, 1],
  ] as const) {
    it(`normalizes the rows of a ${m}x${n} f32 matrix`, () => {
      const rnd = random(m * 100 + n, -8, 8)
      const x = Array.from({ length: m * n }, () => Math.fround(rnd()))
      const mem = memory()
      const px = mem.allocFrom('f32', x)
      const py = mem.alloc(m * n * 4)
      const r = launch(src, [px, py, m, n], [ceilDiv(m, 16)], mem, [CudaTileDialect])
      expect(r.errors).toEqual([])
      const y = mem.read('f32', py, m * n)
      for (let row = 0; row < m; row++) {
        const xs = x.slice(row * n, (row + 1) * n)
        const max = Math.max(...xs)
        const e = xs.map((v) => Math.exp(v - max))
        const sum = e.reduce((s, v) => s + v, 0)
        for (let col = 0; col < n; col++) {
          // f32 arithmetic over at most 64 terms: a few units in the last place of 1.
          expect(Math.abs(y[row * n + col]! - e[col]! / sum)).toBeLessThan(2e-6)
        }
      }
    })
  }
})

describe('examples/cuda-tile/gemm-f16.mlir', () => {
  const src = example('gemm-f16')

  for (const [m, n, k] of [
    [32, 32, 16],
    [70, 45, 50],
    [1, 33, 17],
  ] as const) {
    it(`multiplies ${m}x${k} by ${k}x${n} f16 matrices into f32`, () => {
      const rnd = random(m * 10000 + n * 100 + k)
      const mem = memory()
      const pa = mem.allocFrom('f16', Array.from({ length: m * k }, () => rnd()))
      const pb = mem.allocFrom('f16', Array.from({ length: k * n }, () => rnd()))
      const pc = mem.alloc(m * n * 4)
      // The f16 values the kernel sees.
      const a = mem.read('f16', pa, m * k)
      const b = mem.read('f16', pb, k * n)
      const r = launch(src, [pa, pb, pc, m, n, k], [ceilDiv(m, 32), ceilDiv(n, 32)], mem, [CudaTileDialect])
      expect(r.errors).toEqual([])
      const c = mem.read('f32', pc, m * n)
      for (let i = 0; i < m; i++) {
        for (let j = 0; j < n; j++) {
          let exact = 0
          let magnitude = 0
          for (let q = 0; q < k; q++) {
            exact += a[i * k + q]! * b[q * n + j]!
            magnitude += Math.abs(a[i * k + q]! * b[q * n + j]!)
          }
          // One f32 rounding of the accumulator per 16-deep K step.
          const bound = ceilDiv(k, 16) * 2 ** -24 * magnitude + 1e-30
          expect(Math.abs(c[i * n + j]! - exact)).toBeLessThanOrEqual(bound)
        }
      }
    })
  }
})

describe('examples through Tile IR bytecode', () => {
  it('computes the same GEMM from the module read back from bytecode as from the text', () => {
    const ctx = new Context({ dialects: [CudaTileDialect] })
    const parsed = parseSourceString(example('gemm-f16'), ctx)
    expect(parsed).not.toBeNull()
    let module: Operation | null = null
    parsed!.op.walk((op) => {
      if (op.name.name === 'cuda_tile.module') {
        module = op
      }
    })
    const bytes = writeCudaTileBytecode(module!)
    expect(bytes).not.toBeNull()
    const read = readCudaTileBytecode(bytes!, new Context({ dialects: [CudaTileDialect] }))
    expect(read.ok).toBe(true)
    const [m, n, k] = [40, 24, 37]
    const results: number[][] = []
    for (const root of [parsed!.op, read.ok ? read.module : parsed!.op]) {
      const rnd = random(7)
      const mem = memory()
      const pa = mem.allocFrom('f16', Array.from({ length: m * k }, () => rnd()))
      const pb = mem.allocFrom('f16', Array.from({ length: k * n }, () => rnd()))
      const pc = mem.alloc(m * n * 4)
      expect(succeeded(runKernel(root, { args: [pa, pb, pc, m, n, k], grid: [2, 1], memory: mem }))).toBe(true)
      results.push(mem.read('f32', pc, m * n))
    }
    expect(results[1]).toEqual(results[0])
  })
})
