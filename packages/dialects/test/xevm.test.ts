// The xevm dialect: custom and generic printing and the verifiers, with the expected text
// taken from mlir-opt 22 (the inputs are written here, not taken from upstream tests).
import { BuiltinDialect, Context, IntegerAttr, IntegerType, StringAttr, type Attribute } from '@tilepass/ir'
import { describe, expect, it } from 'vitest'
import { GPUDialect } from '../src/gpu/index.ts'
import { LLVMDialect } from '../src/llvm/index.ts'
import { XeVMDialect, XeVMTargetAttr } from '../src/xevm/index.ts'
import { roundTrip } from './funcHelpers.ts'

const DIALECTS = [XeVMDialect, LLVMDialect, GPUDialect]

const INPUT = `llvm.func @ops(%a: vector<8xi16>, %b: vector<8xi32>, %c: vector<8xf32>, %p: !llvm.ptr<1>, %w: i32) {
  %0 = xevm.lane_id : i32
  %1 = xevm.local_id.x range <i32, 0, 16> : i64
  xevm.memfence <{scope = #xevm.mem_scope<workgroup>}>
  xevm.memfence <{scope = #xevm.mem_scope<device>, addrspace = #xevm.addr_space<global>}> {tag}
  xevm.prefetch %p <{cache_control = #xevm.load_cache_control<ir>}> : (!llvm.ptr<1>)
  xevm.prefetch %p : (!llvm.ptr<1>)
  %2 = xevm.mma %a, %b, %c {shape = <k = 16, m = 8, n = 16>, types = <c = f32, d = f32, a = f16, b = f16>} : (vector<8xi16>, vector<8xi32>, vector<8xf32>) -> vector<8xf32>
  %3 = xevm.mma %a, %b {shape = <m = 8, n = 16, k = 16>, types = <d = f32, a = f16, b = f16>} : (vector<8xi16>, vector<8xi32>) -> vector<8xf32>
  xevm.blockprefetch2d %p, %w, %w, %w, %w, %w <{elem_size_in_bits = 8 : i32, tile_width = 32 : i32, tile_height = 8 : i32, v_blocks = 1 : i32, cache_control = #xevm.load_cache_control<L1c_L2uc_L3c>}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32)
  %4 = xevm.blockload2d %p, %w, %w, %w, %w, %w <{elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 16 : i32, v_blocks = 1 : i32, transpose = false, pack_register = true}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi32>
  xevm.blockstore2d %p, %w, %w, %w, %w, %w, %b <{elem_size_in_bits = 32 : i32, tile_width = 16 : i32, tile_height = 8 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<8xi32>)
  %5 = xevm.blockload %p : (!llvm.ptr<1>) -> vector<4xi16>
  xevm.blockstore %p, %5 <{cache_control = #xevm.store_cache_control<L1wb_L2uc_L3wb>}> : (!llvm.ptr<1>, vector<4xi16>)
  llvm.return
}
gpu.module @t0 [#xevm.target<O = 2, chip = "bmg">] {
}
gpu.module @t1 [#xevm.target<chip = "pvc", O = 3, flags = {x}>] {
}`

// mlir-opt 22 output for INPUT (defaults such as `addrspace = generic` are printed; an op
// without properties keeps the double space before `:`).
const CUSTOM = `module {
  llvm.func @ops(%arg0: vector<8xi16>, %arg1: vector<8xi32>, %arg2: vector<8xf32>, %arg3: !llvm.ptr<1>, %arg4: i32) {
    %0 = xevm.lane_id : i32
    %1 = xevm.local_id.x range <i32, 0, 16> : i64
    xevm.memfence <{addrspace = #xevm.addr_space<generic>, scope = #xevm.mem_scope<workgroup>}>
    xevm.memfence <{addrspace = #xevm.addr_space<global>, scope = #xevm.mem_scope<device>}> {tag}
    xevm.prefetch %arg3 <{cache_control = #xevm.load_cache_control<ir>}> : (!llvm.ptr<1>)
    xevm.prefetch %arg3  : (!llvm.ptr<1>)
    %2 = xevm.mma %arg0, %arg1, %arg2 {shape = <m = 8, n = 16, k = 16>, types = <d = f32, a = f16, b = f16, c = f32>} : (vector<8xi16>, vector<8xi32>, vector<8xf32>) -> vector<8xf32>
    %3 = xevm.mma %arg0, %arg1 {shape = <m = 8, n = 16, k = 16>, types = <d = f32, a = f16, b = f16>} : (vector<8xi16>, vector<8xi32>) -> vector<8xf32>
    xevm.blockprefetch2d %arg3, %arg4, %arg4, %arg4, %arg4, %arg4 <{cache_control = #xevm.load_cache_control<L1c_L2uc_L3c>, elem_size_in_bits = 8 : i32, tile_height = 8 : i32, tile_width = 32 : i32, v_blocks = 1 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32)
    %4 = xevm.blockload2d %arg3, %arg4, %arg4, %arg4, %arg4, %arg4 <{elem_size_in_bits = 16 : i32, pack_register = true, tile_height = 16 : i32, tile_width = 16 : i32, transpose = false, v_blocks = 1 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi32>
    xevm.blockstore2d %arg3, %arg4, %arg4, %arg4, %arg4, %arg4, %arg1 <{elem_size_in_bits = 32 : i32, tile_height = 8 : i32, tile_width = 16 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<8xi32>)
    %5 = xevm.blockload %arg3  : (!llvm.ptr<1>) -> vector<4xi16>
    xevm.blockstore %arg3, %5 <{cache_control = #xevm.store_cache_control<L1wb_L2uc_L3wb>}> : (!llvm.ptr<1>, vector<4xi16>)
    llvm.return
  }
  gpu.module @t0 [#xevm.target] {
  }
  gpu.module @t1 [#xevm.target<O = 3, chip = "pvc", flags = {x}>] {
  }
}`

const GENERIC = `"builtin.module"() ({
  "llvm.func"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (vector<8xi16>, vector<8xi32>, vector<8xf32>, ptr<1>, i32)>, linkage = #llvm.linkage<external>, sym_name = "ops", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({
  ^bb0(%arg0: vector<8xi16>, %arg1: vector<8xi32>, %arg2: vector<8xf32>, %arg3: !llvm.ptr<1>, %arg4: i32):
    %0 = "xevm.lane_id"() : () -> i32
    %1 = "xevm.local_id.x"() <{range = #llvm.constant_range<i32, 0, 16>}> : () -> i64
    "xevm.memfence"() <{addrspace = #xevm.addr_space<generic>, scope = #xevm.mem_scope<workgroup>}> : () -> ()
    "xevm.memfence"() <{addrspace = #xevm.addr_space<global>, scope = #xevm.mem_scope<device>}> {tag} : () -> ()
    "xevm.prefetch"(%arg3) <{cache_control = #xevm.load_cache_control<ir>}> : (!llvm.ptr<1>) -> ()
    "xevm.prefetch"(%arg3) : (!llvm.ptr<1>) -> ()
    %2 = "xevm.mma"(%arg0, %arg1, %arg2) <{shape = #xevm.mma_shape<m = 8, n = 16, k = 16>, types = #xevm.mma_types<d = f32, a = f16, b = f16, c = f32>}> : (vector<8xi16>, vector<8xi32>, vector<8xf32>) -> vector<8xf32>
    %3 = "xevm.mma"(%arg0, %arg1) <{shape = #xevm.mma_shape<m = 8, n = 16, k = 16>, types = #xevm.mma_types<d = f32, a = f16, b = f16>}> : (vector<8xi16>, vector<8xi32>) -> vector<8xf32>
    "xevm.blockprefetch2d"(%arg3, %arg4, %arg4, %arg4, %arg4, %arg4) <{cache_control = #xevm.load_cache_control<L1c_L2uc_L3c>, elem_size_in_bits = 8 : i32, tile_height = 8 : i32, tile_width = 32 : i32, v_blocks = 1 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> ()
    %4 = "xevm.blockload2d"(%arg3, %arg4, %arg4, %arg4, %arg4, %arg4) <{elem_size_in_bits = 16 : i32, pack_register = true, tile_height = 16 : i32, tile_width = 16 : i32, transpose = false, v_blocks = 1 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi32>
    "xevm.blockstore2d"(%arg3, %arg4, %arg4, %arg4, %arg4, %arg4, %arg1) <{elem_size_in_bits = 32 : i32, tile_height = 8 : i32, tile_width = 16 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<8xi32>) -> ()
    %5 = "xevm.blockload"(%arg3) : (!llvm.ptr<1>) -> vector<4xi16>
    "xevm.blockstore"(%arg3, %5) <{cache_control = #xevm.store_cache_control<L1wb_L2uc_L3wb>}> : (!llvm.ptr<1>, vector<4xi16>) -> ()
    "llvm.return"() : () -> ()
  }) : () -> ()
  "gpu.module"() <{sym_name = "t0", targets = [#xevm.target]}> ({
  ^bb0:
  }) : () -> ()
  "gpu.module"() <{sym_name = "t1", targets = [#xevm.target<O = 3, chip = "pvc", flags = {x}>]}> ({
  ^bb0:
  }) : () -> ()
}) : () -> ()`

describe('xevm dialect printing', () => {
  it('prints the custom form as mlir-opt does', () => {
    expect(roundTrip(INPUT, DIALECTS).out).toBe(`${CUSTOM}\n`)
  })
  it('prints the generic form as mlir-opt does', () => {
    expect(roundTrip(INPUT, DIALECTS, { generic: true }).out).toBe(`${GENERIC}\n`)
  })
  it('reads back its own custom and generic output', () => {
    expect(roundTrip(CUSTOM, DIALECTS).out).toBe(`${CUSTOM}\n`)
    expect(roundTrip(GENERIC, DIALECTS).out).toBe(`${CUSTOM}\n`)
  })
  it('drops default target parameters', () => {
    const out = roundTrip('gpu.module @m [#xevm.target<triple = "spirv64-unknown-unknown", O = 2>] {\n}', DIALECTS).out
    expect(out).toContain('[#xevm.target]')
  })
  it('exposes the target parameters, defaults dropped', () => {
    const ctx = new Context({ dialects: [BuiltinDialect, ...DIALECTS] })
    const two = IntegerAttr.get(IntegerType.get(ctx, 32), 2n)
    const t = XeVMTargetAttr.get(ctx, new Map<string, Attribute>([['O', two], ['chip', StringAttr.get(ctx, 'pvc')]]))
    expect([...t.params.keys()]).toEqual(['chip'])
    expect([t.optLevel, t.triple, t.chip]).toEqual([2, 'spirv64-unknown-unknown', 'pvc'])
    expect(XeVMTargetAttr.get(ctx, new Map([['O', two]]))).toBe(XeVMTargetAttr.get(ctx, new Map()))
  })
})

const HEADER = `llvm.func @f(%p: !llvm.ptr<1>, %g: !llvm.ptr, %w: i32, %v8: vector<8xi32>, %v5: vector<5xi8>, %h: vector<8xi16>, %f4: vector<4xf32>) {
  %c8 = llvm.mlir.constant(8 : i32) : i32
  %c4 = llvm.mlir.constant(4 : i32) : i32`

describe('xevm diagnostics match mlir-opt', () => {
  // [op on line 4, the errors mlir-opt 22 reports]
  const cases: readonly (readonly [string, readonly string[]])[] = [
    ['xevm.prefetch %g : (!llvm.ptr)', ['4:3: error: \'xevm.prefetch\' op operand #0 must be LLVM pointer in address space 1 or LLVM pointer in address space 4, but got \'!llvm.ptr\'']],
    ['%0 = xevm.blockload %p : (!llvm.ptr<1>) -> vector<3xi16>', ['4:8: error: \'xevm.blockload\' op vector size must be 2, 4 or 8 for element type > 8 bits']],
    ['xevm.blockstore %p, %v5 : (!llvm.ptr<1>, vector<5xi8>)', ['4:3: error: \'xevm.blockstore\' op vector size must be 2, 4, 8 or 16 for 8-bit element type']],
    ['%0 = xevm.blockload %p <{cache_control = #xevm.store_cache_control<L1wb_L2uc_L3wb>}> : (!llvm.ptr<1>) -> vector<2xi16>', ['4:8: error: invalid properties {cache_control = #xevm.store_cache_control<L1wb_L2uc_L3wb>} for op xevm.blockload: Invalid attribute `cache_control` in property conversion: #xevm.store_cache_control<L1wb_L2uc_L3wb>']],
    ['xevm.prefetch %p <{cache_control = #xevm.load_cache_control<bad>}> : (!llvm.ptr<1>)', ['4:63: error: expected ::mlir::xevm::LoadCacheControl to be one of: L1uc_L2uc_L3uc, L1uc_L2uc_L3c, L1uc_L2c_L3uc, L1uc_L2c_L3c, L1c_L2uc_L3uc, L1c_L2uc_L3c, L1c_L2c_L3uc, L1c_L2c_L3c, L1s_L2uc_L3uc, L1s_L2uc_L3c, L1s_L2c_L3uc, L1s_L2c_L3c, ir', '4:66: error: failed to parse XeVM_LoadCacheControlAttr parameter \'value\' which is to be a `::mlir::xevm::LoadCacheControl`']],
    ['%0 = xevm.mma %h, %v8, %f4 {shape = <m = 8, n = 16, k = 16>, types = <d = f32, a = f16, b = f16, c = f32>} : (vector<8xi16>, vector<8xi32>, vector<4xf32>) -> vector<8xf32>', ['4:8: error: \'xevm.mma\' op type of C operand must match result type']],
    ['%0 = xevm.mma %h, %v8 {shape = <m = 8, n = 16, k = 16>, types = <d = f32, a = e2m1, b = f16>} : (vector<8xi16>, vector<8xi32>) -> vector<8xf32>', ['4:81: error: custom op \'xevm.mma\' expected one of [bf16, f16, s8, u8, s4, u4, tf32, f32, s32] for XeVM element type, got: e2m1', '4:85: error: custom op \'xevm.mma\' failed to parse XeVM_MMATypesAttr parameter \'a\' which is to be a `xevm::ElemType`']],
    ['%0 = xevm.mma %h, %v8 {shape = <m = 8, m = 16, k = 16>, types = <d = f32, a = f16, b = f16>} : (vector<8xi16>, vector<8xi32>) -> vector<8xf32>', ['4:46: error: custom op \'xevm.mma\' duplicate or unknown struct parameter name: m']],
    ['xevm.blockstore2d %p, %w, %w, %w, %w, %w, %v8 <{elem_size_in_bits = 64 : i32, tile_width = 16 : i32, tile_height = 8 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<8xi32>)', ['4:3: error: \'xevm.blockstore2d\' op expecting tile_width to be between 1 and 8']],
    ['xevm.blockstore2d %p, %w, %w, %w, %w, %w, %v8 <{elem_size_in_bits = 18 : i32, tile_width = 16 : i32, tile_height = 8 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<8xi32>)', ['4:3: error: \'xevm.blockstore2d\' op expecting elem_size_in_bits to be 8, 16, 32, or 64']],
    ['xevm.blockstore2d %p, %w, %w, %w, %w, %w, %v8 <{elem_size_in_bits = 8 : i32, tile_width = 8 : i32, tile_height = 8 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<8xi32>)', ['4:3: error: \'xevm.blockstore2d\' op tile_width for 8 bit elements should be equal to 16 or 32']],
    ['xevm.blockstore2d %p, %c8, %w, %c4, %w, %w, %v8 <{elem_size_in_bits = 32 : i32, tile_width = 16 : i32, tile_height = 8 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32, vector<8xi32>)', ['4:3: error: \'xevm.blockstore2d\' op 4th operand (base pitch) should be >= 2nd operand (base width)']],
    ['%0 = xevm.blockload2d %p, %w, %w, %w, %w, %w <{elem_size_in_bits = 16 : i32, tile_width = 26 : i32, tile_height = 8 : i32, v_blocks = 1 : i32, transpose = false, pack_register = false}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi16>', ['4:8: error: \'xevm.blockload2d\' op result size of 128 bits does not match the expected size of 208 bits']],
    ['%0 = xevm.blockload2d %p, %w, %w, %w, %w, %w <{elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32, transpose = true, pack_register = true}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi16>', ['4:8: error: \'xevm.blockload2d\' op transpose and pack_register are mutually exclusive']],
    ['%0 = xevm.blockload2d %p, %w, %w, %w, %w, %w <{elem_size_in_bits = 16 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32, transpose = true, pack_register = false}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<8xi16>', ['4:8: error: \'xevm.blockload2d\' op transpose is only supported for 32 and 64 bit elements']],
    ['%0 = xevm.blockload2d %p, %w, %w, %w, %w, %w <{elem_size_in_bits = 32 : i32, tile_width = 16 : i32, tile_height = 8 : i32, v_blocks = 1 : i32, transpose = false, pack_register = false}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<16xi16>', ['4:8: error: \'xevm.blockload2d\' op expecting result element type to be 32 bits']],
    ['%0 = xevm.blockload2d %p, %w, %w, %w, %w, %w <{elem_size_in_bits = 16 : i32, tile_width = 8 : i32, tile_height = 16 : i32, v_blocks = 1 : i32, transpose = false, pack_register = true}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<4xi32>', ['4:8: error: \'xevm.blockload2d\' op tile_width when pack_register is true should be equal to subgroup size (16 elements)']],
    ['%0 = xevm.blockload2d %p, %w, %w, %w, %w, %w <{elem_size_in_bits = 8 : i32, tile_width = 32 : i32, tile_height = 8 : i32, v_blocks = 4 : i32, transpose = false, pack_register = false}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32) -> vector<64xi8>', ['4:8: error: \'xevm.blockload2d\' op tile_width * v_blocks should be less than or equal to 64 for 8 bit elements']],
    ['xevm.blockprefetch2d %p, %w, %w, %w, %w, %w <{elem_size_in_bits = 32 : i32, tile_width = 4 : i32, tile_height = 8 : i32, v_blocks = 1 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32)', ['4:3: error: \'xevm.blockprefetch2d\' op tile_width for 32 bit elements should be equal to 8 or 16']],
    ['xevm.blockprefetch2d %p, %w, %w, %w, %w, %w <{elem_size_in_bits = 8 : i32, tile_width = 16 : i32, tile_height = 5 : i32, v_blocks = 1 : i32}> : (!llvm.ptr<1>, i32, i32, i32, i32, i32)', ['4:3: error: \'xevm.blockprefetch2d\' op expecting tile_height to be 1, 2, 4, 8, 16, or 32']],
    ['xevm.memfence', ['4:3: error: \'xevm.memfence\' op requires attribute \'scope\'']],
    ['xevm.memfence <{scope = 1}>', ['4:3: error: invalid properties {scope = 1 : i64} for op xevm.memfence: Invalid attribute `scope` in property conversion: 1 : i64']],
  ]
  for (const [body, errors] of cases) {
    it(errors[0]!.slice(0, 100), () => {
      const r = roundTrip(`${HEADER}\n  ${body}\n  llvm.return\n}`, DIALECTS)
      expect(r.out).toBe('')
      expect(r.diags.filter((d) => !d.startsWith('  note:'))).toEqual(errors)
    })
  }
})
