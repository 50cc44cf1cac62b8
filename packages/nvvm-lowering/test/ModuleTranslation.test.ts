// LLVM IR translation: exact output for small modules, the example kernels and a set of
// llvm/nvvm modules compared byte for byte with mlir-translate (where it is installed),
// and diagnostics for what the translation does not support. Inputs are written here.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { haveMlirTranslate, oracle, translate } from './translateHelpers.ts'

const HEADER = `; ModuleID = 'LLVMDialectModule'\nsource_filename = "LLVMDialectModule"\n`
const FLAGS = `\n!llvm.module.flags = !{!0}\n\n!0 = !{i32 2, !"Debug Info Version", i32 3}\n`

describe('translateModuleToLLVMIR', () => {
  it('numbers values, folds constants and prints preds', () => {
    const { ir, diags } = translate(`llvm.func @f(%a: i32, %c: i1) -> i32 {
  %k = llvm.mlir.constant(7 : i32) : i32
  %two = llvm.mlir.constant(2 : i32) : i32
  %s = llvm.mul %k, %two : i32
  llvm.cond_br %c, ^b1(%a : i32), ^b2
^b1(%x: i32):
  %y = llvm.add %x, %s overflow<nsw> : i32
  llvm.br ^b2
^b2:
  llvm.return %s : i32
}`)
    expect(diags).toEqual([])
    expect(ir).toBe(
      HEADER +
        `
define i32 @f(i32 %0, i1 %1) {
  br i1 %1, label %3, label %6

3:                                                ; preds = %2
  %4 = phi i32 [ %0, %2 ]
  %5 = add nsw i32 %4, 14
  br label %6

6:                                                ; preds = %3, %2
  ret i32 14
}
` +
        FLAGS,
    )
  })

  it('gives kernels the ptx_kernel convention, string attributes and intrinsic declarations', () => {
    const { ir } = translate(`llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel, nvvm.maxntid = array<i32: 64, 1, 1>} {
  %t = nvvm.read.ptx.sreg.tid.x : i32
  nvvm.barrier0
  llvm.return
}`)
    expect(ir).toContain('define ptx_kernel void @k(ptr addrspace(1) %0) #0 {')
    expect(ir).toContain('declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1')
    expect(ir).toContain('call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)')
    expect(ir).toContain('attributes #0 = { "nvvm.maxntid"="64,1,1" }')
  })

  it('spells float constants as LLVM does', () => {
    const { ir } = translate(`llvm.func @f(%x: f32, %h: f16) {
  %a = llvm.mlir.constant(1.5 : f32) : f32
  %b = llvm.mlir.constant(0.1 : f32) : f32
  %c = llvm.mlir.constant(1.0 : f16) : f16
  %0 = llvm.fadd %x, %a : f32
  %1 = llvm.fadd %0, %b : f32
  %2 = llvm.fadd %h, %c : f16
  llvm.return
}`)
    expect(ir).toContain('fadd float %0, 1.500000e+00')
    expect(ir).toContain('fadd float %3, 0x3FB99999A0000000')
    expect(ir).toContain('fadd half %1, 0xH3C00')
  })

  it('uses the data layout for default alignments', () => {
    const src = (dl: string): string => `module attributes {llvm.data_layout = "${dl}"} {
  llvm.func @f(%p: !llvm.ptr) -> i64 {
    %0 = llvm.load %p : !llvm.ptr -> i64
    llvm.return %0 : i64
  }
}`
    expect(translate(src('')).ir).toContain('load i64, ptr %0, align 4')
    expect(translate(src('e-i64:64')).ir).toContain('load i64, ptr %0, align 8')
  })

  it('reports unsupported ops on the op', () => {
    const { ir, diags } = translate(`llvm.func @f(%a: f32) -> f16 {
  %0 = llvm.intr.experimental.constrained.fptrunc %a tonearest ignore : f32 to f16
  llvm.return %0 : f16
}`)
    expect(ir).toBeUndefined()
    expect(diags).toEqual(["2:8: cannot be converted to LLVM IR: unsupported intrinsic op 'llvm.intr.experimental.constrained.fptrunc'"])
  })

  it('rejects initializer regions that do not fold to a constant', () => {
    const { ir, diags } = translate(`llvm.mlir.global external @g() : i32 {
  %0 = nvvm.read.ptx.sreg.tid.x : i32
  llvm.return %0 : i32
}`)
    expect(ir).toBeUndefined()
    expect(diags).toEqual(['2:8: unsupported global initializer: the op does not fold to a constant'])
  })

  it('rejects ops of other dialects', () => {
    const { ir, diags } = translate(`func.func @f() {
  return
}`)
    expect(ir).toBeUndefined()
    expect(diags[0]).toContain('cannot be converted to LLVM IR')
  })
})

/** Modules compared with mlir-translate byte for byte. */
const DIFFERENTIAL: readonly string[] = [
  `llvm.mlir.global internal constant @pair() {addr_space = 1 : i32} : !llvm.struct<(i32, array<2 x f32>)> {
  %u = llvm.mlir.undef : !llvm.struct<(i32, array<2 x f32>)>
  %c = llvm.mlir.constant(3 : i32) : i32
  %f = llvm.mlir.constant(0.5 : f32) : f32
  %0 = llvm.insertvalue %c, %u[0] : !llvm.struct<(i32, array<2 x f32>)>
  %1 = llvm.insertvalue %f, %0[1, 1] : !llvm.struct<(i32, array<2 x f32>)>
  llvm.return %1 : !llvm.struct<(i32, array<2 x f32>)>
}
llvm.mlir.global external @zeros(dense<0.0> : tensor<4xf32>) : !llvm.array<4 x f32>`,
  `llvm.func @asm(%a: i32, %b: f32) -> !llvm.struct<(i32, i32)> {
  %0 = llvm.inline_asm has_side_effects "add.s32 $0, $1, 1;", "=r,r" %a : (i32) -> i32
  %1 = llvm.inline_asm is_align_stack "mov.b32 $0, $2;\\0A\\09mov.b32 $1, \\22x\\22;", "=r,=r,r" %0 : (i32) -> !llvm.struct<(i32, i32)>
  llvm.inline_asm has_side_effects asm_dialect = intel "nop", "" : () -> ()
  %2 = llvm.call_intrinsic "llvm.nvvm.read.ptx.sreg.tid.x"() : () -> i32
  %3 = llvm.call_intrinsic "llvm.smax.i32"(%a, %2) : (i32, i32) -> i32
  llvm.return %1 : !llvm.struct<(i32, i32)>
}`,
  `module attributes {llvm.data_layout = "e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64", llvm.target_triple = "nvptx64-nvidia-cuda"} {
  llvm.mlir.global internal @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<256 x f32>
  llvm.mlir.global private constant @tab(dense<[1.0, 2.0]> : tensor<2xf32>) {addr_space = 1 : i32} : !llvm.array<2 x f32>
  llvm.func @k(%p: !llvm.ptr<1>, %n: i32) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128>, nvvm.minctasm = 2 : i32} {
    %s = llvm.mlir.addressof @smem : !llvm.ptr<3>
    %t = nvvm.read.ptx.sreg.tid.x range <i32, 0, 128> : i32
    %q = llvm.getelementptr inbounds %s[%t] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
    %g = llvm.getelementptr %p[%t] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v = llvm.load %g : !llvm.ptr<1> -> f32
    llvm.store %v, %q : f32, !llvm.ptr<3>
    nvvm.barrier0
    %m = llvm.mlir.constant(-1 : i32) : i32
    %w = llvm.mlir.constant(31 : i32) : i32
    %one = llvm.mlir.constant(1 : i32) : i32
    %r = llvm.load %q : !llvm.ptr<3> -> f32
    %x = nvvm.shfl.sync bfly %m, %r, %one, %w : f32 -> f32
    %y = nvvm.shfl.sync down %m, %x, %one, %w {return_value_and_is_valid} : f32 -> !llvm.struct<(f32, i1)>
    %z = llvm.extractvalue %y[0] : !llvm.struct<(f32, i1)>
    %sum = llvm.fadd %x, %z {fastmathFlags = #llvm.fastmath<contract>} : f32
    %e = llvm.intr.exp(%sum) : (f32) -> f32
    %f = llvm.intr.fma(%e, %e, %sum) {fastmathFlags = #llvm.fastmath<fast>} : (f32, f32, f32) -> f32
    llvm.store %f, %g {alignment = 4 : i64} : f32, !llvm.ptr<1>
    llvm.return
  }
}`,
  `llvm.func @loop(%n: i64, %p: !llvm.ptr) -> i64 {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^head(%c0, %c0 : i64, i64)
^head(%i: i64, %acc: i64):
  %done = llvm.icmp "sge" %i, %n : i64
  llvm.cond_br %done, ^exit, ^body
^body:
  %a = llvm.getelementptr inbounds|nuw %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i64
  %v = llvm.load %a : !llvm.ptr -> i64
  %s = llvm.add %acc, %v : i64
  %i2 = llvm.add %i, %c1 overflow<nsw, nuw> : i64
  llvm.br ^head(%i2, %s : i64, i64)
^exit:
  llvm.switch %n : i64, ^d [
    1: ^one,
    7: ^d
  ]
^one:
  llvm.return %acc : i64
^d:
  %u = llvm.mlir.undef : i64
  llvm.return %u : i64
}`,
  `llvm.func @aggregates(%a: i32, %b: vector<4xf32>) -> !llvm.struct<(i32, array<2 x i64>)> {
  %z = llvm.mlir.zero : !llvm.struct<(i32, array<2 x i64>)>
  %c = llvm.mlir.constant(5 : i64) : i64
  %0 = llvm.insertvalue %c, %z[1, 0] : !llvm.struct<(i32, array<2 x i64>)>
  %1 = llvm.insertvalue %a, %0[0] : !llvm.struct<(i32, array<2 x i64>)>
  %i = llvm.mlir.constant(2 : i32) : i32
  %e = llvm.extractelement %b[%i : i32] : vector<4xf32>
  %v = llvm.insertelement %e, %b[%i : i32] : vector<4xf32>
  %s = llvm.shufflevector %v, %b [0, 5, -1, 3] : vector<4xf32>
  %k = llvm.mlir.constant(dense<[1, 2, 3, 4]> : vector<4xi32>) : vector<4xi32>
  %sp = llvm.mlir.constant(dense<2.5> : vector<4xf32>) : vector<4xf32>
  %m = llvm.fmul %s, %sp : vector<4xf32>
  %w = llvm.add %k, %k : vector<4xi32>
  llvm.return %1 : !llvm.struct<(i32, array<2 x i64>)>
}`,
  `llvm.func @ext(i32) -> i32
llvm.func internal @callee(%c: i1, %a: i32 {llvm.noundef}, %p: !llvm.ptr {llvm.noalias, llvm.align = 16 : i64}) -> i32 attributes {passthrough = ["nounwind", ["frame-pointer", "all"]]} {
  %0 = llvm.call @ext(%a) : (i32) -> i32
  %1 = llvm.sext %0 : i32 to i64
  %2 = llvm.trunc %1 overflow<nsw> : i64 to i16
  %3 = llvm.zext %2 : i16 to i32
  %4 = llvm.sitofp %3 : i32 to f64
  %5 = llvm.fptosi %4 : f64 to i32
  %6 = llvm.select %c, %5, %3 : i1, i32
  llvm.return %5 : i32
}`,
  // Constant GEPs of constant GEPs of a shared global (stage pointers of a staged buffer):
  // the offsets sum, in bounds (up to one past the end) or not, negative or not.
  `llvm.mlir.global internal @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<100 x i8>
llvm.func @stages(%x: i32) -> !llvm.ptr<3> {
  %g = llvm.mlir.addressof @smem : !llvm.ptr<3>
  %c40 = llvm.mlir.constant(40 : i32) : i32
  %c30 = llvm.mlir.constant(30 : i64) : i64
  %c90 = llvm.mlir.constant(90 : i32) : i32
  %m50 = llvm.mlir.constant(-50 : i32) : i32
  %m40 = llvm.mlir.constant(-40 : i32) : i32
  %a = llvm.getelementptr %g[%c40] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  %b = llvm.getelementptr %a[%c30] : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, f16
  %d = llvm.getelementptr %a[%c90] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  %e = llvm.getelementptr inbounds %a[%c40] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  %f = llvm.getelementptr %a[%x] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  %h = llvm.getelementptr %a[%m50] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  %z = llvm.getelementptr %a[%m40] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i8
  %s = llvm.mlir.poison : !llvm.struct<(ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>)>
  %s1 = llvm.insertvalue %b, %s[0] : !llvm.struct<(ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>)>
  %s2 = llvm.insertvalue %d, %s1[1] : !llvm.struct<(ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>)>
  %s3 = llvm.insertvalue %e, %s2[2] : !llvm.struct<(ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>)>
  %s4 = llvm.insertvalue %f, %s3[3] : !llvm.struct<(ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>)>
  %s5 = llvm.insertvalue %h, %s4[4] : !llvm.struct<(ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>)>
  %s6 = llvm.insertvalue %z, %s5[5] : !llvm.struct<(ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>, ptr<3>)>
  llvm.return %f : !llvm.ptr<3>
}`,
  // Bitcasts of integer constants to floats fold to float constants.
  `llvm.func @bitcasts() -> !llvm.struct<(f32, f16, bf16, f32)> {
  %a = llvm.mlir.constant(0 : i32) : i32
  %b = llvm.mlir.constant(-1082130432 : i32) : i32
  %c = llvm.mlir.constant(15360 : i16) : i16
  %d = llvm.mlir.constant(-32768 : i16) : i16
  %x = llvm.bitcast %a : i32 to f32
  %y = llvm.bitcast %c : i16 to f16
  %z = llvm.bitcast %d : i16 to bf16
  %w = llvm.bitcast %b : i32 to f32
  %s = llvm.mlir.poison : !llvm.struct<(f32, f16, bf16, f32)>
  %s1 = llvm.insertvalue %x, %s[0] : !llvm.struct<(f32, f16, bf16, f32)>
  %s2 = llvm.insertvalue %y, %s1[1] : !llvm.struct<(f32, f16, bf16, f32)>
  %s3 = llvm.insertvalue %z, %s2[2] : !llvm.struct<(f32, f16, bf16, f32)>
  %s4 = llvm.insertvalue %w, %s3[3] : !llvm.struct<(f32, f16, bf16, f32)>
  llvm.return %s4 : !llvm.struct<(f32, f16, bf16, f32)>
}`,
]

describe.skipIf(!haveMlirTranslate)('translateModuleToLLVMIR against mlir-translate', () => {
  DIFFERENTIAL.forEach((src, i) => {
    it(`module ${i}`, () => {
      const { ir, diags } = translate(src)
      expect(diags).toEqual([])
      expect(ir).toBe(oracle(src))
    })
  })
})

void readFileSync
