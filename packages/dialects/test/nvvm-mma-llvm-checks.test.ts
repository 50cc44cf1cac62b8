// nvvm tensor-core ops (mma.sync, wmma.load/store/mma), nvvm.mapa, and llvm verifier
// checks (vector.interleave2, target extension types, operand bundles, GEP flags, parse-time
// checks of TypesMatchWith sources). The inputs are written here, not taken from upstream
// tests; the expected texts and diagnostics are mlir-opt 22's, and the printed forms are
// also compared with mlir-opt live where /usr/lib/llvm-22/bin/mlir-opt or $MLIR_OPT exists.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LLVMDialect } from '../src/llvm/index.ts'
import { NVVMDialect } from '../src/nvvm/index.ts'
import { roundTrip } from './funcHelpers.ts'

const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'
const haveMlirOpt = existsSync(MLIR_OPT)
const DIALECTS = [NVVMDialect, LLVMDialect]

function mlirOpt(input: string, args: readonly string[]): string {
  const r = spawnSync(MLIR_OPT, [...args, '-'], { input, encoding: 'utf8' })
  if (r.status !== 0) {
    throw new Error(`mlir-opt failed: ${r.stderr}`)
  }
  return r.stdout.endsWith('\n') ? r.stdout.slice(0, -1) : r.stdout
}

const INPUT = "llvm.func @tc(%p: !llvm.ptr<3>, %g: !llvm.ptr, %s: i32, %h: vector<2xf16>, %f: f32, %i: i32, %d: f64) {\n  %0 = nvvm.wmma.load %p, %s {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>\n  %1 = nvvm.wmma.load %g, %s {eltype = #nvvm.mma_type<s8>, frag = #nvvm.mma_frag<b>, k = 16 : i32, layout = #nvvm.mma_layout<col>, m = 8 : i32, n = 32 : i32} : (!llvm.ptr) -> !llvm.struct<(i32, i32, i32, i32)>\n  %2 = nvvm.wmma.load %p, %s {eltype = #nvvm.mma_type<f64>, frag = #nvvm.mma_frag<a>, k = 4 : i32, layout = #nvvm.mma_layout<row>, m = 8 : i32, n = 8 : i32} : (!llvm.ptr<3>) -> f64\n  nvvm.wmma.store %p, %s, %h, %h, %h, %h {eltype = #nvvm.mma_type<f16>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<3>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>\n  nvvm.wmma.store %g, %s, %d, %d {eltype = #nvvm.mma_type<f64>, k = 4 : i32, layout = #nvvm.mma_layout<col>, m = 8 : i32, n = 8 : i32} : !llvm.ptr, f64, f64\n  %3 = nvvm.wmma.mma %i, %i, %i, %i, %i, %i, %i, %i, %f, %f, %f, %f, %f, %f, %f, %f {eltypeA = #nvvm.mma_type<tf32>, eltypeB = #nvvm.mma_type<f32>, k = 8 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>\n  %4 = nvvm.mma.sync A[%h, %h, %h, %h] B[%h, %h] C[%f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>\n  %5 = nvvm.mma.sync A[%i, %i, %i, %i] B[%i, %i] C[%i, %i, %i, %i] {intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<u8>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>\n  %6 = nvvm.mma.sync A[%h, %h] B[%h, %h] C[%h, %h, %h, %h] {layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<row>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>\n  %7 = nvvm.mma.sync A[%d] B[%d] C[%d, %d] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (f64, f64, f64) -> !llvm.struct<(f64, f64)>\n  %8 = nvvm.mma.sync A[%i] B[%i] C[%i, %i] {b1Op = #nvvm.mma_b1op<xor_popc>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<b1>, multiplicandBPtxType = #nvvm.mma_type<b1>, shape = #nvvm.shape<m = 8, n = 8, k = 128>} : (i32, i32, i32) -> !llvm.struct<(i32, i32)>\n  %9 = nvvm.mma.sync A[%i, %i, %i, %i] B[%i, %i] C[%f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>\n  %10 = nvvm.mapa %g, %s : !llvm.ptr -> !llvm.ptr\n  %11 = nvvm.mapa %p, %s : !llvm.ptr<3> -> !llvm.ptr<7>\n  llvm.return\n}"

/** mlir-opt 22's output for INPUT. */
const EXPECTED = "module {\n  llvm.func @tc(%arg0: !llvm.ptr<3>, %arg1: !llvm.ptr, %arg2: i32, %arg3: vector<2xf16>, %arg4: f32, %arg5: i32, %arg6: f64) {\n    %0 = nvvm.wmma.load %arg0, %arg2 {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>\n    %1 = nvvm.wmma.load %arg1, %arg2 {eltype = #nvvm.mma_type<s8>, frag = #nvvm.mma_frag<b>, k = 16 : i32, layout = #nvvm.mma_layout<col>, m = 8 : i32, n = 32 : i32} : (!llvm.ptr) -> !llvm.struct<(i32, i32, i32, i32)>\n    %2 = nvvm.wmma.load %arg0, %arg2 {eltype = #nvvm.mma_type<f64>, frag = #nvvm.mma_frag<a>, k = 4 : i32, layout = #nvvm.mma_layout<row>, m = 8 : i32, n = 8 : i32} : (!llvm.ptr<3>) -> f64\n    nvvm.wmma.store %arg0, %arg2, %arg3, %arg3, %arg3, %arg3 {eltype = #nvvm.mma_type<f16>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<3>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>\n    nvvm.wmma.store %arg1, %arg2, %arg6, %arg6 {eltype = #nvvm.mma_type<f64>, k = 4 : i32, layout = #nvvm.mma_layout<col>, m = 8 : i32, n = 8 : i32} : !llvm.ptr, f64, f64\n    %3 = nvvm.wmma.mma %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg4, %arg4, %arg4, %arg4, %arg4, %arg4, %arg4, %arg4 {eltypeA = #nvvm.mma_type<tf32>, eltypeB = #nvvm.mma_type<f32>, k = 8 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>\n    %4 = nvvm.mma.sync A[%arg3, %arg3, %arg3, %arg3]  B[%arg3, %arg3]  C[%arg4, %arg4, %arg4, %arg4]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>\n    %5 = nvvm.mma.sync A[%arg5, %arg5, %arg5, %arg5]  B[%arg5, %arg5]  C[%arg5, %arg5, %arg5, %arg5]  {intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<u8>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>\n    %6 = nvvm.mma.sync A[%arg3, %arg3]  B[%arg3, %arg3]  C[%arg3, %arg3, %arg3, %arg3]  {layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<row>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>\n    %7 = nvvm.mma.sync A[%arg6]  B[%arg6]  C[%arg6, %arg6]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (f64, f64, f64) -> !llvm.struct<(f64, f64)>\n    %8 = nvvm.mma.sync A[%arg5]  B[%arg5]  C[%arg5, %arg5]  {b1Op = #nvvm.mma_b1op<xor_popc>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<b1>, multiplicandBPtxType = #nvvm.mma_type<b1>, shape = #nvvm.shape<m = 8, n = 8, k = 128>} : (i32, i32, i32) -> !llvm.struct<(i32, i32)>\n    %9 = nvvm.mma.sync A[%arg5, %arg5, %arg5, %arg5]  B[%arg5, %arg5]  C[%arg4, %arg4, %arg4, %arg4]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>\n    %10 = nvvm.mapa %arg1, %arg2 : !llvm.ptr -> !llvm.ptr\n    %11 = nvvm.mapa %arg0, %arg2 : !llvm.ptr<3> -> !llvm.ptr<7>\n    llvm.return\n  }\n}\n"

/** mlir-opt 22's generic output for INPUT. */
const EXPECTED_GENERIC = "\"builtin.module\"() ({\n  \"llvm.func\"() <{CConv = #llvm.cconv<ccc>, function_type = !llvm.func<void (ptr<3>, ptr, i32, vector<2xf16>, f32, i32, f64)>, linkage = #llvm.linkage<external>, sym_name = \"tc\", unnamed_addr = 0 : i64, visibility_ = 0 : i64}> ({\n  ^bb0(%arg0: !llvm.ptr<3>, %arg1: !llvm.ptr, %arg2: i32, %arg3: vector<2xf16>, %arg4: f32, %arg5: i32, %arg6: f64):\n    %0 = \"nvvm.wmma.load\"(%arg0, %arg2) <{eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32}> : (!llvm.ptr<3>, i32) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>\n    %1 = \"nvvm.wmma.load\"(%arg1, %arg2) <{eltype = #nvvm.mma_type<s8>, frag = #nvvm.mma_frag<b>, k = 16 : i32, layout = #nvvm.mma_layout<col>, m = 8 : i32, n = 32 : i32}> : (!llvm.ptr, i32) -> !llvm.struct<(i32, i32, i32, i32)>\n    %2 = \"nvvm.wmma.load\"(%arg0, %arg2) <{eltype = #nvvm.mma_type<f64>, frag = #nvvm.mma_frag<a>, k = 4 : i32, layout = #nvvm.mma_layout<row>, m = 8 : i32, n = 8 : i32}> : (!llvm.ptr<3>, i32) -> f64\n    \"nvvm.wmma.store\"(%arg0, %arg3, %arg3, %arg3, %arg3, %arg2) <{eltype = #nvvm.mma_type<f16>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32}> : (!llvm.ptr<3>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, i32) -> ()\n    \"nvvm.wmma.store\"(%arg1, %arg6, %arg6, %arg2) <{eltype = #nvvm.mma_type<f64>, k = 4 : i32, layout = #nvvm.mma_layout<col>, m = 8 : i32, n = 8 : i32}> : (!llvm.ptr, f64, f64, i32) -> ()\n    %3 = \"nvvm.wmma.mma\"(%arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg4, %arg4, %arg4, %arg4, %arg4, %arg4, %arg4, %arg4) <{eltypeA = #nvvm.mma_type<tf32>, eltypeB = #nvvm.mma_type<f32>, k = 8 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32}> : (i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>\n    %4 = \"nvvm.mma.sync\"(%arg3, %arg3, %arg3, %arg3, %arg3, %arg3, %arg4, %arg4, %arg4, %arg4) <{layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<f16>, multiplicandBPtxType = #nvvm.mma_type<f16>, operandSegmentSizes = array<i32: 4, 2, 4>, shape = #nvvm.shape<m = 16, n = 8, k = 16>}> : (vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>\n    %5 = \"nvvm.mma.sync\"(%arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg5) <{intOverflowBehavior = #nvvm.mma_int_overflow<satfinite>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<u8>, operandSegmentSizes = array<i32: 4, 2, 4>, shape = #nvvm.shape<m = 16, n = 8, k = 32>}> : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>\n    %6 = \"nvvm.mma.sync\"(%arg3, %arg3, %arg3, %arg3, %arg3, %arg3, %arg3, %arg3) <{layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<row>, multiplicandAPtxType = #nvvm.mma_type<f16>, multiplicandBPtxType = #nvvm.mma_type<f16>, operandSegmentSizes = array<i32: 2, 2, 4>, shape = #nvvm.shape<m = 8, n = 8, k = 4>}> : (vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>\n    %7 = \"nvvm.mma.sync\"(%arg6, %arg6, %arg6, %arg6) <{layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<f64>, multiplicandBPtxType = #nvvm.mma_type<f64>, operandSegmentSizes = array<i32: 1, 1, 2>, shape = #nvvm.shape<m = 8, n = 8, k = 4>}> : (f64, f64, f64, f64) -> !llvm.struct<(f64, f64)>\n    %8 = \"nvvm.mma.sync\"(%arg5, %arg5, %arg5, %arg5) <{b1Op = #nvvm.mma_b1op<xor_popc>, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<b1>, multiplicandBPtxType = #nvvm.mma_type<b1>, operandSegmentSizes = array<i32: 1, 1, 2>, shape = #nvvm.shape<m = 8, n = 8, k = 128>}> : (i32, i32, i32, i32) -> !llvm.struct<(i32, i32)>\n    %9 = \"nvvm.mma.sync\"(%arg5, %arg5, %arg5, %arg5, %arg5, %arg5, %arg4, %arg4, %arg4, %arg4) <{layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, operandSegmentSizes = array<i32: 4, 2, 4>, shape = #nvvm.shape<m = 16, n = 8, k = 8>}> : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>\n    %10 = \"nvvm.mapa\"(%arg1, %arg2) : (!llvm.ptr, i32) -> !llvm.ptr\n    %11 = \"nvvm.mapa\"(%arg0, %arg2) : (!llvm.ptr<3>, i32) -> !llvm.ptr<7>\n    \"llvm.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n"

describe('nvvm tensor-core ops and mapa', () => {
  it('round-trip in custom form as mlir-opt prints them', () => {
    const r = roundTrip(INPUT, DIALECTS)
    expect(r.diags).toEqual([])
    expect(r.out).toBe(EXPECTED)
    expect(roundTrip(r.out, DIALECTS).out).toBe(EXPECTED)
  })
  it('round-trip in generic form', () => {
    expect(roundTrip(INPUT, DIALECTS, { generic: true }).out).toBe(EXPECTED_GENERIC)
    expect(roundTrip(EXPECTED_GENERIC, DIALECTS).out).toBe(EXPECTED)
  })
  it('elide both multiplicand types only when the first A register gives one', () => {
    expect(EXPECTED).toContain('A[%arg3, %arg3, %arg3, %arg3]  B[%arg3, %arg3]  C[%arg4, %arg4, %arg4, %arg4]  {layoutA')
    expect(EXPECTED).toContain('multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<u8>')
  })
})

describe.skipIf(!haveMlirOpt)('nvvm tensor-core ops against mlir-opt', () => {
  it('custom form', () => {
    expect(roundTrip(INPUT, DIALECTS).out).toBe(mlirOpt(INPUT, []))
  })
  it('generic form', () => {
    expect(roundTrip(INPUT, DIALECTS, { generic: true }).out).toBe(mlirOpt(INPUT, ['--mlir-print-op-generic']))
  })
})

const ARGS = "llvm.func @f(%p: !llvm.ptr<3>, %g: !llvm.ptr, %q: !llvm.ptr<5>, %s: i32, %h: vector<2xf16>, %f: f32, %i: i32, %d: f64, %sv: vector<[2]xf16>, %sw: vector<[4]xf16>, %gg: !llvm.ptr<1>) {"

/** `body` in a function with pointer, integer, float and vector arguments (its first line is line 2). */
const wrap = (body: string): string => `${ARGS}\n${body}\n  llvm.return\n}`

/** Each input with mlir-opt 22's first diagnostic (`line:col: error: message`). */
const CASES: readonly (readonly [string, string])[] = [
  [wrap("  %0 = nvvm.wmma.load %q, %s {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<5>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>"), "2:8: error: 'nvvm.wmma.load' op expected source pointer in memory space 0, 1, 3"],
  [wrap("  %0 = nvvm.wmma.load %p, %s {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 4 : i32, layout = #nvvm.mma_layout<row>, m = 8 : i32, n = 8 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>)>"), "2:8: error: 'nvvm.wmma.load' op invalid attribute combination"],
  [wrap("  %0 = nvvm.wmma.load %p, %s {eltype = #nvvm.mma_type<f64>, frag = #nvvm.mma_frag<b>, k = 4 : i32, layout = #nvvm.mma_layout<col>, m = 8 : i32, n = 8 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(f64)>"), "2:8: error: 'nvvm.wmma.load' op expected destination type to be f64"],
  [wrap("  %0 = nvvm.wmma.load %p, %s {eltype = #nvvm.mma_type<f16>, frag = #nvvm.mma_frag<a>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (!llvm.ptr<3>) -> !llvm.struct<(f32, f32)>"), "2:8: error: 'nvvm.wmma.load' op expected destination type is a structure of 8 elements of type 'vector<2xf16>'"],
  [wrap("  nvvm.wmma.store %p, %s, %h, %h {eltype = #nvvm.mma_type<f16>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<3>, vector<2xf16>, vector<2xf16>"), "2:3: error: 'nvvm.wmma.store' op expected 4 data operands"],
  [wrap("  nvvm.wmma.store %p, %s, %h, %h, %h, %f {eltype = #nvvm.mma_type<f16>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<3>, vector<2xf16>, vector<2xf16>, vector<2xf16>, f32"), "2:3: error: 'nvvm.wmma.store' op expected data operands of type 'vector<2xf16>'"],
  [wrap("  nvvm.wmma.store %q, %s, %h, %h, %h, %h {eltype = #nvvm.mma_type<f16>, k = 16 : i32, layout = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : !llvm.ptr<5>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>"), "2:3: error: 'nvvm.wmma.store' op expected operands to be a source pointer in memory space 0, 1, 3"],
  [wrap("  %0 = nvvm.wmma.mma %i, %i, %i, %i, %i, %i, %i, %i, %f, %f, %f, %f, %f, %f, %f, %f {eltypeA = #nvvm.mma_type<s8>, eltypeB = #nvvm.mma_type<f32>, k = 8 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>"), "2:8: error: 'nvvm.wmma.mma' op invalid attribute combination"],
  [wrap("  %0 = nvvm.wmma.mma %i, %i, %i, %i, %i, %i, %i, %i, %f {eltypeA = #nvvm.mma_type<tf32>, eltypeB = #nvvm.mma_type<f32>, k = 8 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (i32, i32, i32, i32, i32, i32, i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>"), "2:8: error: 'nvvm.wmma.mma' op expected 16 arguments"],
  [wrap("  %0 = nvvm.wmma.mma %i, %i, %i, %i, %i, %i, %i, %i, %i, %f, %f, %f, %f, %f, %f, %f {eltypeA = #nvvm.mma_type<tf32>, eltypeB = #nvvm.mma_type<f32>, k = 8 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (i32, i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32, f32, f32, f32, f32)>"), "2:8: error: 'nvvm.wmma.mma' op expected argument 8 to be of type 'f32'"],
  [wrap("  %0 = nvvm.wmma.mma %i, %i, %i, %i, %i, %i, %i, %i, %f, %f, %f, %f, %f, %f, %f, %f {eltypeA = #nvvm.mma_type<tf32>, eltypeB = #nvvm.mma_type<f32>, k = 8 : i32, layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<row>, m = 16 : i32, n = 16 : i32} : (i32, i32, i32, i32, i32, i32, i32, i32, f32, f32, f32, f32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32)>"), "2:8: error: 'nvvm.wmma.mma' op expected destination type is a structure of 8 elements of type 'f32'"],
  [wrap("  %0 = nvvm.mapa %p, %s : !llvm.ptr<3> -> !llvm.ptr"), "2:8: error: 'nvvm.mapa' op failed to verify that Valid address-space check(or mapping) for mapa Op"],
  [wrap("  %0 = nvvm.mapa %q, %s : !llvm.ptr<5> -> !llvm.ptr"), "2:8: error: 'nvvm.mapa' op operand #0 must be LLVM pointer in address space 0 or LLVM pointer in address space 3, but got '!llvm.ptr<5>'"],
  [wrap("  %0 = nvvm.mma.sync A[%h, %h, %h] B[%h, %h] C[%f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>"), "2:8: error: 'nvvm.mma.sync' op Could not match types for the A operands; expected one of 4xvector<2xf16> but got vector<2xf16>, vector<2xf16>, vector<2xf16>"],
  [wrap("  %0 = nvvm.mma.sync A[%h, %h, %h, %h] B[%h, %h] C[%f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, i32)>"), "2:8: error: 'nvvm.mma.sync' op Could not match allowed types for the result; expected one of !llvm.struct<(vector<2xf16>, vector<2xf16>)>, !llvm.struct<(f32, f32, f32, f32)> but got !llvm.struct<(f32, f32, f32, i32)>"],
  [wrap("  %0 = nvvm.mma.sync A[%h, %h, %h, %h] B[%h, %h] C[%f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 64>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>"), "2:8: error: 'nvvm.mma.sync' op unimplemented variant for MMA shape <16, 8, 64>"],
  [wrap("  %0 = nvvm.mma.sync A[%f, %f] B[%f] C[%f, %f, %f, %f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>"), "2:8: error: invalid shape or multiplicand type: f32"],
  [wrap("  %0 = nvvm.mma.sync A[%sv] B[%h] C[%f] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (vector<[2]xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>"), "2:8: error: custom op 'nvvm.mma.sync' attribute multiplicandAPtxType is not provided explicitly and cannot be inferred"],
  [wrap("  %0 = nvvm.mma.sync A[%i, %i] B[%i] C[%i, %i, %i, %i] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<u4>, multiplicandBPtxType = #nvvm.mma_type<u4>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32) -> !llvm.struct<(i32, i32, i32, i32)>"), "2:8: error: 'nvvm.mma.sync' op op requires intOverflowBehavior attribute"],
  [wrap("  %0 = nvvm.mma.sync A[%i] B[%i] C[%i, %i] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<b1>, multiplicandBPtxType = #nvvm.mma_type<b1>, shape = #nvvm.shape<m = 8, n = 8, k = 128>} : (i32, i32, i32) -> !llvm.struct<(i32, i32)>"), "2:8: error: 'nvvm.mma.sync' op op requires b1Op attribute"],
  [wrap("  %0 = nvvm.mma.sync A[%d] B[%d] C[%d, %d] {layoutA = #nvvm.mma_layout<col>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 8, n = 8, k = 4>} : (f64, f64, f64) -> !llvm.struct<(f64, f64)>"), "2:8: error: 'nvvm.mma.sync' op requires layoutA = #nvvm.mma_layout<row> and layoutB = #nvvm.mma_layout<col> for shape <8, 8, 4> with element types f64 and f64. Only m8n8k4 with f16 supports other layouts."],
  [wrap("  nvvm.cp.async.shared.global %p, %gg, 16, cache = cs : !llvm.ptr<3>, !llvm.ptr<1>"), "2:3: error: Only CG and CA cache modifiers are supported."],
  [wrap("  nvvm.cp.async.shared.global %p, %gg, 32, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>"), "2:3: error: expected byte size to be either 4, 8 or 16."],
  [wrap("  nvvm.cp.async.shared.global %g, %gg, 16, cache = cg : !llvm.ptr, !llvm.ptr<1>"), "2:3: error: 'nvvm.cp.async.shared.global' op operand #0 must be LLVM pointer in address space 3, but got '!llvm.ptr'"],
  [wrap("  %0 = \"llvm.intr.vector.interleave2\"(%sv, %sw) : (vector<[2]xf16>, vector<[4]xf16>) -> vector<[8]xf16>"), "2:8: error: 'llvm.intr.vector.interleave2' op failed to verify that all of {vec1, vec2} have same type"],
  [wrap("  %0 = \"llvm.intr.vector.interleave2\"(%sv, %sv) : (vector<[2]xf16>, vector<[2]xf16>) -> vector<4xf16>"), "2:8: error: 'llvm.intr.vector.interleave2' op failed to verify that result has twice as many elements as 'vec1'"],
  [wrap("  %0 = \"llvm.intr.vector.interleave2\"(%h, %h) : (vector<2xf16>, vector<2xf16>) -> vector<4xf32>"), "2:8: error: 'llvm.intr.vector.interleave2' op failed to verify that result has twice as many elements as 'vec1'"],
  [wrap("  %0 = llvm.mlir.constant(2 : i64) : i64\n  %1 = llvm.alloca %0 x !llvm.target<\"riscv.vector.tuple\", i32, 2> : (i64) -> !llvm.ptr"), "3:8: error: 'llvm.alloca' op this target extension type cannot be used in alloca"],
  [wrap("  %0 = llvm.load %g : !llvm.ptr -> !llvm.target<\"dx.RawBuffer\", i32>"), "2:8: error: 'llvm.load' op result #0 must be LLVM type with size, but got '!llvm.target<\"dx.RawBuffer\", i32>'"],
  [wrap("  %0 = llvm.mlir.zero : !llvm.target<\"spirv.Event\">\n  llvm.store %0, %g : !llvm.target<\"spirv.Event\">, !llvm.ptr\n  %1 = llvm.mlir.zero : !llvm.target<\"aarch64.svcount\">"), "4:8: error: 'llvm.mlir.zero' op target extension type does not support zero-initializer"],
  [wrap("  %0 = llvm.mlir.constant(1 : i32) : !llvm.target<\"spirv.Event\">"), "2:8: error: 'llvm.mlir.constant' op does not support target extension type."],
  [wrap("  %0 = llvm.mlir.constant(0 : i32) : i32\n  llvm.call @f(%0) [\"x\"(%0, %0 : i32)] : (i32) -> ()"), "3:20: error: custom op 'llvm.call' expected 2 types for operand bundle operands for operand bundle #0, but actually got 1"],
  [wrap("  %0 = llvm.mlir.constant(0 : i32) : i32\n  \"llvm.call\"(%0) <{callee = @f, op_bundle_sizes = array<i32: 1>, op_bundle_tags = [], operandSegmentSizes = array<i32: 0, 1>}> : (i32) -> ()"), "3:3: error: expected 1 operand bundle tags, but actually got 0"],
  [wrap("  %0 = llvm.mlir.constant(0 : i32) : i32\n  %1 = \"llvm.call_intrinsic\"(%0) <{intrin = \"llvm.x\", op_bundle_sizes = array<i32: 1>, op_bundle_tags = [0 : i32], operandSegmentSizes = array<i32: 0, 1>}> : (i32) -> i32"), "3:8: error: operand bundle tag must be a StringAttr"],
  [wrap("  %0 = llvm.getelementptr inbounds_flag %g[%s] : (!llvm.ptr, i32) -> !llvm.ptr, f32"), "2:8: error: 'llvm.getelementptr' op 'inbounds_flag' cannot be used directly."],
  [wrap("  %0 = llvm.atomicrmw fadd %g, %sv unordered : !llvm.ptr, vector<[2]xf16>"), "2:8: error: custom op 'llvm.atomicrmw' 'val' must be floating point LLVM type or LLVM pointer type or signless integer or LLVM dialect-compatible fixed-length vector type, but got 'vector<[2]xf16>'"],
  [wrap("  %0 = llvm.cmpxchg %g, %f, %f acq_rel monotonic : !llvm.ptr, f32"), "2:8: error: custom op 'llvm.cmpxchg' 'val' must be signless integer or LLVM pointer type, but got 'f32'"],
  ["llvm.mlir.global internal @g() : !llvm.target<\"aarch64.svcount\">", "1:1: error: 'llvm.mlir.global' op this target extension type cannot be used in a global"],
  ["llvm.mlir.global internal @g(0 : i32) : !llvm.target<\"spirv.Event\">", "1:1: error: 'llvm.mlir.global' op global with target extension type can only be initialized with zero-initializer"],
]

describe('verifier and parser diagnostics as mlir-opt 22', () => {
  for (const [input, expected] of CASES) {
    it(expected, () => {
      const r = roundTrip(input, DIALECTS)
      expect(r.out).toBe('')
      expect(r.diags[0]).toBe(expected)
    })
  }
})

/** Data layout strings with LLVM 22's error (undefined: valid), as mlir-opt 22 reports them. */
const DATA_LAYOUTS: readonly (readonly [string, string | undefined])[] = [
  ["", undefined],
  ["e", undefined],
  ["x", "unknown specifier 'x'"],
  ["e-", "empty specification is not allowed"],
  ["p:32", "malformed specification, must be of the form \"p[<n>]:<size>:<abi>[:<pref>[:<idx>]]\""],
  ["p16777216:64:64", "address space must be a 24-bit integer"],
  ["i8:16", "i8 must be 8-bit aligned"],
  ["i16:24", "ABI alignment must be a power of two times the byte width"],
  ["i16:16:8", "preferred alignment cannot be less than the ABI alignment"],
  ["a8:0", "size must be zero"],
  ["ni:0", "address space 0 cannot be non-integral"],
  ["n8::32", "size component cannot be empty"],
  ["S12", "stack natural alignment must be a power of two times the byte width"],
  ["Fx8", "unknown function pointer alignment type 'x'"],
  ["m:q", "unknown mangling mode"],
  ["p:64:64:64:128", "index size cannot be larger than the pointer size"],
  ["pu:64:64", "address space 0 cannot be unstable or have external state"],
  ["pz:64:64", "'z' is not a valid pointer specification flag"],
  ["p1(a):64:64-p2(a):0:8", "address space name `a` already used"],
  ["p1(G):64:64", "Cannot use predefined address space names P/G/A in data layout"],
  ["p1(a)x:64:64", "Expected `( address space name )`"],
  ["e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", undefined],
  ["pe1(a):64:64-pu1(b):64:64", undefined],
]

describe('llvm.data_layout strings as LLVM 22 parses them', () => {
  for (const [layout, error] of DATA_LAYOUTS) {
    it(`"${layout}"`, () => {
      const r = roundTrip(`module attributes {llvm.data_layout = ${JSON.stringify(layout)}} {\n}`, DIALECTS)
      expect(r.diags[0]).toBe(error === undefined ? undefined : `1:1: error: 'builtin.module' op invalid data layout descriptor: ${error}\n`)
    })
  }
  it('requires a string', () => {
    const r = roundTrip('module attributes {llvm.data_layout = 3} {\n}', DIALECTS)
    expect(r.diags[0]).toBe("1:1: error: 'builtin.module' op expected 'llvm.data_layout' to be a string attributes")
  })
  it('is checked on the module before the ops in it', () => {
    const r = roundTrip('module attributes {llvm.data_layout = "#x"} {\n  llvm.func @f() -> i32 {\n    llvm.return\n  }\n}', DIALECTS)
    expect(r.diags[0]).toBe("1:1: error: 'builtin.module' op invalid data layout descriptor: unknown specifier '#'\n")
    expect(r.diags.some((d) => d.includes('expected 1 operand'))).toBe(false)
  })
})

/** Discardable `nvvm.*` attributes on `llvm.func @f` with mlir-opt 22's diagnostic (undefined: accepted). */
const NVVM_FUNC_ATTRS: readonly (readonly [string, string | undefined])[] = [
  ['nvvm.kernel, nvvm.maxntid = array<i32: 64, 2, 1>', undefined],
  ['nvvm.maxntid = array<i32: 1, 2, 3, 4>', `1:1: error: '"nvvm.maxntid"' attribute must be integer array with maximum 3 index`],
  ['nvvm.reqntid = array<i64: 1>', `1:1: error: '"nvvm.reqntid"' attribute must be integer array with maximum 3 index`],
  ['nvvm.cluster_dim = array<i32>', `1:1: error: '"nvvm.cluster_dim"' attribute must be integer array with maximum 3 index`],
  ['nvvm.minctasm = 1.0 : f32', `1:1: error: '"nvvm.minctasm"' attribute must be integer constant`],
  ['nvvm.blocksareclusters, nvvm.reqntid = array<i32: 1>', `1:1: error: '"nvvm.blocksareclusters"' attribute must be used along with 'nvvm.reqntid' and 'nvvm.cluster_dim'`],
  ['nvvm.blocksareclusters, nvvm.reqntid = array<i32: 1>, nvvm.cluster_dim = array<i32: 1>', undefined],
]

describe('nvvm attributes on ops as mlir-opt 22 checks them', () => {
  for (const [attrs, error] of NVVM_FUNC_ATTRS) {
    it(attrs, () => {
      const r = roundTrip(`llvm.func @f() attributes {${attrs}} {\n  llvm.return\n}`, DIALECTS)
      expect(r.diags[0]).toBe(error)
    })
  }
  it('nvvm.kernel only on llvm.func', () => {
    const r = roundTrip('llvm.mlir.global internal @g() {nvvm.kernel} : i32', DIALECTS)
    expect(r.diags[0]).toBe("1:1: error: 'nvvm.kernel' attribute attached to unexpected op")
  })
})

const ldmatrix = (attrs: string, result: string): string =>
  `llvm.func @f(%p: !llvm.ptr<3>) {\n  %0 = nvvm.ldmatrix %p {${attrs}} : (!llvm.ptr<3>) -> ${result}\n  llvm.return\n}`
const shape = (m: number, n: number): string => `shape = #nvvm.ld_st_matrix_shape<m = ${m}, n = ${n}>`

/** ldmatrix shapes, layouts and element types with mlir-opt 22's diagnostic (undefined: accepted). */
const LDMATRIX: readonly (readonly [string, string, string | undefined])[] = [
  [`num = 1 : i32, layout = #nvvm.mma_layout<col>, ${shape(8, 16)}, eltType = #nvvm.ld_st_matrix_elt_type<b8x16.b6x16_p32>`, 'i32', 'expected layout to be row for 8x16 matrix'],
  [`num = 1 : i32, layout = #nvvm.mma_layout<row>, ${shape(8, 16)}, eltType = #nvvm.ld_st_matrix_elt_type<b16>`, 'i32', 'expected element type to be b8x16.b4x16_p64 or b8x16.b6x16_p32 for 8x16 matrix'],
  [`num = 1 : i32, layout = #nvvm.mma_layout<row>, ${shape(16, 16)}, eltType = #nvvm.ld_st_matrix_elt_type<b8>`, '!llvm.struct<(i32, i32)>', 'expected layout to be col for 16x16 matrix'],
  [`num = 1 : i32, layout = #nvvm.mma_layout<col>, ${shape(16, 16)}, eltType = #nvvm.ld_st_matrix_elt_type<b16>`, '!llvm.struct<(i32, i32)>', 'expected element type to be b8, b8x16.b4x16_p64 or b8x16.b6x16_p32 for 16x16 matrix'],
  [`num = 1 : i32, layout = #nvvm.mma_layout<col>, ${shape(16, 8)}, eltType = #nvvm.ld_st_matrix_elt_type<b16>`, 'i32', 'expected shape to be 8x8, 8x16 or 16x16'],
  [`num = 2 : i32, layout = #nvvm.mma_layout<col>, ${shape(16, 16)}, eltType = #nvvm.ld_st_matrix_elt_type<b8>`, 'i32', 'expected destination type is a structure of 4 elements of type i32'],
  [`num = 1 : i32, layout = #nvvm.mma_layout<col>, ${shape(16, 16)}, eltType = #nvvm.ld_st_matrix_elt_type<b8>`, '!llvm.struct<(i32, i32)>', undefined],
]

describe('nvvm.ldmatrix shapes as mlir-opt 22 checks them', () => {
  for (const [attrs, result, error] of LDMATRIX) {
    it(error ?? attrs, () => {
      const r = roundTrip(ldmatrix(attrs, result), DIALECTS)
      expect(r.diags[0]).toBe(error === undefined ? undefined : `2:8: error: 'nvvm.ldmatrix' op ${error}`)
    })
  }
})
