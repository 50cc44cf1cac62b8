// The gpu and nvvm dialects: round trips in custom and generic form (byte-identical with
// mlir-opt where /usr/lib/llvm-22/bin/mlir-opt or $MLIR_OPT exists) and verifier
// diagnostics. The inputs are written here, not taken from upstream tests.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ArithDialect } from '../src/arith/index.ts'
import { CfDialect } from '../src/cf/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { GPUDialect } from '../src/gpu/index.ts'
import { LLVMDialect } from '../src/llvm/index.ts'
import { MemRefDialect } from '../src/memref/index.ts'
import { NVVMDialect } from '../src/nvvm/index.ts'
import { roundTrip } from './funcHelpers.ts'

const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'
const haveMlirOpt = existsSync(MLIR_OPT)
const DIALECTS = [GPUDialect, NVVMDialect, LLVMDialect, ArithDialect, CfDialect, FuncDialect, MemRefDialect]

function mlirOpt(input: string, args: readonly string[]): string {
  const r = spawnSync(MLIR_OPT, [...args, '-'], { input, encoding: 'utf8' })
  if (r.status !== 0) {
    throw new Error(`mlir-opt failed: ${r.stderr}`)
  }
  return r.stdout.endsWith('\n') ? r.stdout.slice(0, -1) : r.stdout
}

const INPUTS: readonly string[] = [
  // llvm.inline_asm and llvm.call_intrinsic (the empty operand list keeps its space).
  `llvm.func @asm(%a: i32) -> i32 {
  %0 = llvm.inline_asm has_side_effects "add.s32 $0, $1, 1;", "=r,r" %a : (i32) -> i32
  llvm.inline_asm has_side_effects asm_dialect = intel "nop", "" : () -> ()
  %1 = llvm.inline_asm tail_call_kind = <tail> operand_attrs = [{elementtype = i32}] "x", "=r" : () -> i32
  %2 = llvm.call_intrinsic "llvm.smax.i32"(%a, %0) : (i32, i32) -> i32
  llvm.return %2 : i32
}`,
  // Every nvvm op the kernels use, with the spacing quirks of upstream's printers.
  `llvm.func @ops(%s: !llvm.ptr<3>, %g: !llvm.ptr<1>, %m: i32, %v: f32, %h: vector<2xf16>, %c: f32, %w: i32) attributes {nvvm.kernel, nvvm.maxntid = array<i32: 64, 2, 1>} {
  %0 = nvvm.read.ptx.sreg.ctaid.y : i32
  %1 = nvvm.read.ptx.sreg.ntid.x range <i32, 1, 257> : i32
  %2 = nvvm.read.ptx.sreg.globaltimer : i64
  nvvm.barrier0
  nvvm.barrier id = %m number_of_threads = %w
  %3 = nvvm.shfl.sync idx %m, %v, %w, %m : f32 -> f32
  %4 = nvvm.shfl.sync up %m, %w, %w, %m {return_value_and_is_valid} : i32 -> !llvm.struct<(i32, i1)>
  nvvm.cp.async.shared.global %s, %g, 8, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>
  nvvm.cp.async.shared.global %s, %g, 16, cache = cg, %w : !llvm.ptr<3>, !llvm.ptr<1>, i32
  nvvm.cp.async.commit.group
  nvvm.cp.async.wait.group 1
  %5 = nvvm.ldmatrix %s {num = 2 : i32, layout = #nvvm.mma_layout<col>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
  %6 = nvvm.ldmatrix %s {num = 1 : i32, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} : (!llvm.ptr<3>) -> i32
  %7 = nvvm.mma.sync A[%h, %h, %h, %h] B[%h, %h] C[%h, %h] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  %8 = nvvm.mma.sync A[%w, %w] B[%w] C[%c, %c, %c, %c] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
  nvvm.setmaxregister decrease 40
  llvm.return
}`,
  // gpu modules with targets, kernels with attributions and known sizes, launches.
  `module attributes {gpu.container_module} {
  gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">, #nvvm.target] {
    gpu.func @k(%a: memref<?xf32>, %n: index) workgroup(%wg: memref<32xf32, #gpu.address_space<workgroup>>) private(%p: memref<1xf32, #gpu.address_space<private>>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x upper_bound 32
      %b = gpu.block_id z
      %d = gpu.block_dim y
      %g = gpu.grid_dim x
      %l = gpu.lane_id upper_bound 32
      %f = arith.constant 1.0 : f32
      %o = arith.constant 1 : i32
      %wd = arith.constant 32 : i32
      %r, %ok = gpu.shuffle down %f, %o, %wd : f32
      gpu.barrier
      gpu.return
    }
    gpu.func @dev(%x: f32, %y: i32) -> f32 {
      gpu.return %x : f32
    }
  }
  func.func @host(%a: memref<?xf32>, %n: index, %s: i32, %i: i64) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%n, %c1, %c1) threads in (%c1, %c1, %c1) args(%a : memref<?xf32>, %n : index)
    gpu.launch_func @kernels::@k blocks in (%i, %i, %i) threads in (%i, %i, %i) : i64 dynamic_shared_memory_size %s args(%a : memref<?xf32>, %n : index)
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %q = arith.addi %bx, %sx : index
      gpu.terminator
    }
    return
  }
}`,
]

describe('gpu and nvvm dialects round trip', () => {
  INPUTS.forEach((input, i) => {
    it(`input ${i} parses, verifies and prints`, () => {
      const custom = roundTrip(input, DIALECTS)
      expect(custom.diags).toEqual([])
      const again = roundTrip(custom.out, DIALECTS)
      expect(again.out).toBe(custom.out)
      const generic = roundTrip(input, DIALECTS, { generic: true })
      expect(generic.diags).toEqual([])
      expect(roundTrip(generic.out, DIALECTS).out).toBe(custom.out)
    })
  })
  it('keeps the double spaces of upstream printers', () => {
    const out = roundTrip(INPUTS[1]!, DIALECTS).out
    expect(out).toContain('nvvm.shfl.sync  idx %arg2, %arg3, %arg6, %arg2 : f32 -> f32')
    expect(out).toContain('cache =  cg, %arg6 :')
    expect(out).toContain('nvvm.setmaxregister  decrease 40')
    // The A/B PTX types of f16 operands are inferred and elided; bf16 on i32 registers are not.
    expect(out).toContain('multiplicandAPtxType = #nvvm.mma_type<bf16>')
    expect(out).not.toContain('mma_type<f16>')
  })
})

describe.skipIf(!haveMlirOpt)('gpu and nvvm dialects against mlir-opt', () => {
  INPUTS.forEach((input, i) => {
    it(`input ${i}: custom form`, () => {
      expect(roundTrip(input, DIALECTS).out).toBe(mlirOpt(input, []))
    })
    it(`input ${i}: generic form`, () => {
      expect(roundTrip(input, DIALECTS, { generic: true }).out).toBe(mlirOpt(input, ['--mlir-print-op-generic']))
    })
  })
})

const wrap = (body: string): string => `llvm.func @f(%s: !llvm.ptr<3>, %g: !llvm.ptr<1>, %m: i32, %v: f32, %h: vector<2xf16>) {\n${body}\n  llvm.return\n}`

describe('nvvm verifiers', () => {
  const cases: readonly (readonly [string, string])[] = [
    ['  nvvm.cp.async.shared.global %s, %g, 8, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>', 'CG cache modifier is only support for 16 bytes copy.'],
    ['  nvvm.cp.async.shared.global %s, %g, 2, cache = ca : !llvm.ptr<3>, !llvm.ptr<1>', 'expected byte size to be either 4, 8 or 16.'],
    ['  nvvm.setmaxregister increase 100', "'nvvm.setmaxregister' op new register size must be multiple of 8"],
    ['  nvvm.setmaxregister increase 512', "'nvvm.setmaxregister' op new register size must be in between 24 to 256"],
    ['  %0 = nvvm.shfl.sync bfly %m, %v, %m, %m : f32 -> i32', "'nvvm.shfl.sync' op expected return type to be of type 'f32' but got 'i32' instead"],
    ['  %0 = nvvm.shfl.sync bfly %m, %v, %m, %m {return_value_and_is_valid} : f32 -> f32', "'nvvm.shfl.sync' op expected return type to be a two-element struct"],
    ['  %0 = nvvm.ldmatrix %s {num = 3 : i32, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} : (!llvm.ptr<3>) -> i32', "'nvvm.ldmatrix' op expected num attribute to be 1, 2 or 4 for 8x8 matrix"],
    ['  %0 = nvvm.ldmatrix %s {num = 2 : i32, layout = #nvvm.mma_layout<row>, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>, eltType = #nvvm.ld_st_matrix_elt_type<b16>} : (!llvm.ptr<3>) -> i32', "'nvvm.ldmatrix' op expected destination type is a structure of 2 elements of type i32"],
  ]
  for (const [body, message] of cases) {
    it(message, () => {
      const r = roundTrip(wrap(body), DIALECTS)
      expect(r.diags.some((d) => d.includes(message))).toBe(true)
    })
  }
  it('rejects a kernel gpu.func with results', () => {
    const r = roundTrip('gpu.module @m {\n  gpu.func @k() -> i32 kernel {\n    %c = arith.constant 0 : i32\n    gpu.return %c : i32\n  }\n}', DIALECTS)
    expect(r.diags.some((d) => d.includes('expected void return type for kernel function'))).toBe(true)
  })
})

describe('gpu verifiers', () => {
  const launcher = (kernelModule: string, args = ''): string =>
    `module attributes {gpu.container_module} {\n${kernelModule}\n  func.func @host(%sz: index, %x: f32) {\n    gpu.launch_func @kernels::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)${args}\n    return\n  }\n}`
  const cases: readonly (readonly [string, string])[] = [
    [launcher(''), "'gpu.launch_func' op kernel container 'kernels' is undefined"],
    [launcher('  gpu.module @kernels {\n  }'), "'gpu.launch_func' op kernel function '@kernels::@k' is undefined"],
    [launcher('  gpu.module @kernels {\n    gpu.func @k(%a: f32) {\n      gpu.return\n    }\n  }', ' args(%x : f32)'), "'gpu.launch_func' op kernel function is missing the 'gpu.kernel' attribute"],
    [launcher('  gpu.module @kernels {\n    gpu.func @k(%a: f32) kernel {\n      gpu.return\n    }\n  }'), "'gpu.launch_func' op got 0 kernel operands but expected 1"],
    [launcher('  gpu.module @kernels {\n    gpu.func @k(%a: i32) kernel {\n      gpu.return\n    }\n  }', ' args(%x : f32)'), "'gpu.launch_func' op type of function argument 0 does not match"],
    ['func.func @host(%sz: index) {\n  gpu.launch_func @kernels::@k blocks in (%sz, %sz, %sz) threads in (%sz, %sz, %sz)\n  return\n}', "expected the closest surrounding module to have the 'gpu.container_module' attribute"],
    ['gpu.module @m {\n  gpu.func @k() workgroup(%w: i32) {\n    gpu.return\n  }\n}', "'gpu.func' op expected memref type in attribution"],
    ['gpu.module @m {\n  gpu.func @k() workgroup(%w: memref<4xf32, #gpu.address_space<private>>) {\n    gpu.return\n  }\n}', "'gpu.func' op expected memory space workgroup in attribution"],
    ['gpu.module @m {\n  gpu.func @k(f32) {\n    gpu.return\n  }\n}', 'gpu.func requires named arguments'],
    ['gpu.module @m {\n  "gpu.func"() ({}) {function_type = () -> (), gpu.kernel, sym_name = "k"} : () -> ()\n}', 'expected body with at least one block'],
    ['gpu.module @m {\n  gpu.func @k() kernel attributes {gpu.known_block_size = array<i32: 2, 1>} {\n    gpu.return\n  }\n}', "'gpu.func' op gpu.known_block_size must contain exactly 3 elements"],
    ['gpu.module @m {\n  gpu.func @k() {\n    %c = arith.constant 0 : index\n    gpu.return %c : index\n  }\n}', "'gpu.return' op expected 0 result operands"],
    ['gpu.module @m [] {\n}', "'gpu.module' op attribute 'targets' failed to satisfy constraint: array of GPU target attributes with at least 1 elements"],
    [
      'func.func @f(%sz: index) {\n  gpu.launch blocks(%bx, %by, %bz) in (%a = %sz, %b = %sz, %c = %sz) threads(%tx, %ty, %tz) in (%d = %sz, %e = %sz, %f = %sz) {\n    gpu.yield\n  }\n  return\n}',
      "expected 'gpu.terminator' or a terminator with successors",
    ],
  ]
  for (const [source, message] of cases) {
    it(message, () => {
      const r = roundTrip(source, DIALECTS)
      expect(r.diags.some((d) => d.includes(message))).toBe(true)
    })
  }
})
