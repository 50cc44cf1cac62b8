// Compile time of the tiled GEMMs of examples/cuda-tile through the whole tile path (parse,
// convert-cuda-tile-to-tileas, convert-tileas-to-nvvm, LLVM IR translation, native PTX):
// issue 16 asks for under 1 s per GEMM.
import { bench, describe } from 'vitest'
import { compileTile, example } from '../test/tileCompile.ts'

describe('tile GEMM compile (cuda_tile text -> LLVM IR + PTX)', () => {
  for (const name of ['gemm-f16-staged', 'gemm-f16']) {
    const source = example(name)
    bench(name, () => {
      compileTile(source)
    })
  }
})
