import { describe, expect, it } from 'vitest'
import { BuiltinDialect, Context, parseSourceString, printOperation, succeeded, verify } from '@tilepass/ir'
import { FuncDialect, GPUDialect, LLVMDialect, ScfDialect, ArithDialect } from '@tilepass/dialects'
import { BlockedLayoutAttr, MmaLayoutAttr, TileASDialect, blockedToLinear, dotOperandToLinear, mmaToLinear, sliceLinear } from '../src/index.ts'

function context(): { ctx: Context; errors: string[] } {
  const ctx = new Context({ dialects: [BuiltinDialect, TileASDialect, FuncDialect, GPUDialect, LLVMDialect, ScfDialect, ArithDialect] })
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    errors.push(d.message)
    return true
  })
  return { ctx, errors }
}

function roundTrip(src: string): { printed: string; errors: string[] } {
  const { ctx, errors } = context()
  const parsed = parseSourceString(src, ctx, { filename: 't.mlir' })
  if (parsed === null) {
    return { printed: '', errors }
  }
  if (!succeeded(verify(parsed.op))) {
    return { printed: '', errors }
  }
  return { printed: printOperation(parsed.op), errors }
}

const B = '#tileas.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>'
const T = `!tileas.tile<16x64xf32, ${B}>`
const S = `!tileas.tile<16xf32, #tileas.slice<dim = 1, parent = ${B}>>`
const MMA = '#tileas.mma<warpsPerCTA = [2, 2]>'

const KERNEL = `module {
  gpu.module @k {
    func.func @k(%p: !llvm.ptr<1>, %n: i64) attributes {tileas.num_warps = 4 : i32} {
      %x, %y, %z = tileas.get_tile_block_id
      %c1 = arith.constant 1 : i64
      %c0 = arith.constant 0 : i64
      %t = tileas.load_view %p[%c0, %c0] shape = [%n, %n] strides = [%n, %c1] {padding = 0xFF800000 : f32, vector = 4 : i32} : !llvm.ptr<1> -> ${T}
      %m = tileas.reduce "maxf" %t {dim = 1 : i32, identity = 0xFF800000 : f32} : ${T} -> ${S}
      %r = tileas.reshape %m : ${S} -> !tileas.tile<16x1xf32, ${B}>
      %b = tileas.broadcast %r : !tileas.tile<16x1xf32, ${B}> -> ${T}
      %d = tileas.subf %t, %b : ${T}
      %e = tileas.exp %d : ${T}
      %c = tileas.cmpf "olt", %e, %d : ${T} -> !tileas.tile<16x64xi1, ${B}>
      %s = tileas.select %c, %e, %d : !tileas.tile<16x64xi1, ${B}>, ${T}
      %k = tileas.constant dense<1.0> : tensor<16x64xf32> : ${T}
      %cv = tileas.convert_layout %k : ${T} -> !tileas.tile<16x64xf32, #tileas.blocked<sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]>>
      tileas.store_view %s, %p[%c0, %c0] shape = [%n, %n] strides = [%n, %c1] : ${T}, !llvm.ptr<1>
      %buf = tileas.alloc_shared : !tileas.smem<2x32x16xf16, #tileas.shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>
      %st = arith.constant 0 : i32
      %tok = tileas.async_copy %p[%c0, %c0] shape = [%n, %n] strides = [%n, %c1], %buf[%st] : !llvm.ptr<1>, !tileas.smem<2x32x16xf16, #tileas.shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>>
      %g = tileas.async_commit_group %tok
      tileas.async_wait %g {pending = 0 : i32}
      tileas.async_wait {pending = 1 : i32}
      tileas.barrier
      %a = tileas.local_load %buf[%st] : !tileas.smem<2x32x16xf16, #tileas.shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>> -> !tileas.tile<32x16xf16, #tileas.dot_op<opIdx = 0, parent = ${MMA}>>
      %bb = tileas.constant dense<1.0> : tensor<16x16xf16> : !tileas.tile<16x16xf16, #tileas.dot_op<opIdx = 1, parent = ${MMA}>>
      %acc = tileas.constant dense<0.0> : tensor<32x16xf32> : !tileas.tile<32x16xf32, ${MMA}>
      %dd = tileas.mma %a, %bb, %acc : !tileas.tile<32x16xf16, #tileas.dot_op<opIdx = 0, parent = ${MMA}>>, !tileas.tile<16x16xf16, #tileas.dot_op<opIdx = 1, parent = ${MMA}>> -> !tileas.tile<32x16xf32, ${MMA}>
      func.return
    }
  }
}
`

describe('tileas dialect syntax', () => {
  it('round-trips every op family through print and parse', () => {
    const first = roundTrip(KERNEL)
    expect(first.errors).toEqual([])
    expect(first.printed).toContain('#blocked = #tileas.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>')
    expect(first.printed).toContain('tileas.reduce "maxf" %')
    expect(first.printed).toContain('-> !tileas.tile<16xf32, #slice>')
    expect(first.printed).toContain('      tileas.async_wait {pending = 1 : i32}\n')
    const second = roundTrip(first.printed)
    expect(second.errors).toEqual([])
    expect(second.printed).toBe(first.printed)
  })

  it('reports invalid layouts, shapes and ops', () => {
    expect(roundTrip(`func.func @f() { %k = tileas.constant dense<1.0> : tensor<4xf32> : !tileas.tile<4xf32, #tileas.blocked<sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]>> \n func.return }`).errors).toEqual([
      'invalid #tileas.blocked: threadsPerWarp must multiply to 32',
    ])
    expect(roundTrip(`func.func @f() { %k = tileas.constant dense<1.0> : tensor<8x8xf32> : !tileas.tile<8x8xf32, ${MMA}> \n func.return }`).errors).toEqual([
      'invalid !tileas.tile: mma layout needs at least 32x16 elements',
    ])
    const bad = roundTrip(`func.func @f(%t: ${T}) { %m = tileas.reduce "maxf" %t {dim = 0 : i32, identity = 0.0 : f32} : ${T} -> ${S} \n func.return }`)
    expect(bad.errors).toEqual(["'tileas.reduce' op result must be the operand without dim, in the slice of its layout along dim"])
    const cmp = roundTrip(`func.func @f(%t: ${T}) { %m = tileas.cmpf "lt", %t, %t : ${T} -> !tileas.tile<16x64xi1, ${B}> \n func.return }`)
    expect(cmp.errors[0]).toContain("'tileas.cmpf' op predicate must be one of oeq")
  })
})

describe('linear layouts', () => {
  it('gives the PTX ISA m16n8 accumulator fragment for the mma layout', () => {
    // PTX ISA (mma.m16n8k16, f32 accumulators): c_i of lane l sits at row groupID (+8 for
    // i >= 2), column 2 * threadID_in_group + (i & 1), groupID = l >> 2.
    const ll = mmaToLinear([16, 8], 1, 1)
    for (let l = 0; l < 32; l++) {
      for (let i = 0; i < 4; i++) {
        expect(ll.coord(i, l, 0)).toEqual([(l >> 2) + (i >= 2 ? 8 : 0), 2 * (l & 3) + (i & 1)])
      }
    }
    // Warps [2, 2] over a 64x32 tile: warp w covers rows 16 * (w % 2) and columns 8 * (w >> 1) first.
    const big = mmaToLinear([64, 32], 2, 2)
    expect(big.numRegs).toBe(4 * 2 * 2)
    expect(big.coord(0, 0, 3)).toEqual([16, 8])
    expect(big.coord(4, 0, 0)).toEqual([0, 16])
    expect(big.coord(8, 0, 0)).toEqual([32, 0])
  })

  it('gives the PTX ISA m16k16 A and k16n8 B fragments for dot_op layouts', () => {
    // A (row): a_i of lane l: row groupID + 8 * ((i >> 1) & 1), column 2 * tig + (i & 1) + 8 * (i >> 2).
    const a = dotOperandToLinear([16, 16], 0, 1, 1)
    // B (col): b_i of lane l: row 2 * tig + (i & 1) + 8 * (i >> 1), column groupID.
    const b = dotOperandToLinear([16, 8], 1, 1, 1)
    for (let l = 0; l < 32; l++) {
      const g = l >> 2
      const t = l & 3
      for (let i = 0; i < 8; i++) {
        expect(a.coord(i, l, 0)).toEqual([g + 8 * ((i >> 1) & 1), 2 * t + (i & 1) + 8 * (i >> 2)])
      }
      for (let i = 0; i < 4; i++) {
        expect(b.coord(i, l, 0)).toEqual([2 * t + (i & 1) + 8 * (i >> 1), g])
      }
    }
  })

  it('covers a tile exactly once with blocked layouts, and slices drop the reduced dimension', () => {
    const { ctx } = context()
    const layout = BlockedLayoutAttr.get(ctx, [1, 4], [2, 16], [4, 1], [1, 0])
    const ll = layout.toLinear([16, 64])
    expect(ll.numRegs).toBe(8)
    const seen = new Set<string>()
    for (let w = 0; w < 4; w++) {
      for (let l = 0; l < 32; l++) {
        for (let r = 0; r < 8; r++) {
          seen.add(ll.coord(r, l, w).join(','))
        }
      }
    }
    expect(seen.size).toBe(16 * 64)
    expect(ll.coord(1, 0, 0)).toEqual([0, 1])
    expect(ll.coord(0, 1, 0)).toEqual([0, 4])
    expect(ll.coord(0, 16, 0)).toEqual([1, 0])
    expect(ll.coord(0, 0, 1)).toEqual([2, 0])
    expect(ll.coord(4, 0, 0)).toEqual([8, 0])
    // A 1-D tile smaller than the CTA replicates over the extra lanes and warps.
    const small = blockedToLinear([64], [4], [32], [4], [0])
    expect(small.numRegs).toBe(4)
    expect(small.coord(0, 16, 0)).toEqual([0])
    expect(small.coord(0, 0, 3)).toEqual([0])
    const s = sliceLinear(blockedToLinear([16, 1], [1, 4], [2, 16], [4, 1], [1, 0]), 1)
    expect(s.numRegs).toBe(2)
    expect(s.coord(1, 5, 0)).toEqual([8])
    expect(s.coord(0, 16, 3)).toEqual([7])
    expect(MmaLayoutAttr.get(ctx, [2, 2]).numWarps).toBe(4)
  })
})
