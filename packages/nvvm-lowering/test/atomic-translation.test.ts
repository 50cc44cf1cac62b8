// LLVM IR translation of atomic accesses: llvm.atomicrmw, llvm.cmpxchg, llvm.fence and atomic
// llvm.load/llvm.store. The expected text is mlir-translate --mlir-to-llvmir (LLVM 22.1.8) output
// for the input next to it, which is also compared with mlir-translate directly where installed;
// what the translation cannot write yet (access metadata, operand bundles) is reported.
import { describe, expect, it } from 'vitest'
import { haveMlirTranslate, oracle, translate } from './translateHelpers.ts'

// Every binary operation kind, orderings and syncscopes, volatile/weak flags, explicit and
// default (store-size) alignments, in address spaces 0 and 3.
const ATOMICS = `llvm.func @f(%ptr : !llvm.ptr, %f32 : f32, %i32 : i32, %v : vector<2xf16>, %p3 : !llvm.ptr<3>, %i8 : i8, %i64 : i64) -> i32 {
  %0 = llvm.atomicrmw fadd %ptr, %f32 monotonic : !llvm.ptr, f32
  %1 = llvm.atomicrmw volatile fsub %ptr, %f32 syncscope("singlethread") monotonic {alignment = 16 : i64} : !llvm.ptr, f32
  %2 = llvm.atomicrmw fmin %ptr, %v monotonic : !llvm.ptr, vector<2xf16>
  %3 = llvm.atomicrmw _and %p3, %i32 acq_rel : !llvm.ptr<3>, i32
  %4 = llvm.atomicrmw xchg %ptr, %ptr seq_cst : !llvm.ptr, !llvm.ptr
  %5 = llvm.cmpxchg %ptr, %i32, %i32 acq_rel monotonic : !llvm.ptr, i32
  %6 = llvm.cmpxchg weak volatile %ptr, %i32, %i32 syncscope("singlethread") acq_rel monotonic {alignment = 16 : i64} : !llvm.ptr, i32
  %7 = llvm.extractvalue %6[0] : !llvm.struct<(i32, i1)>
  %8 = llvm.extractvalue %6[1] : !llvm.struct<(i32, i1)>
  llvm.fence syncscope("agent") seq_cst
  llvm.fence syncscope("") seq_cst
  llvm.fence release
  %9 = llvm.load volatile %ptr atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32
  %10 = llvm.load %ptr atomic syncscope("agent") acquire {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.store volatile %i32, %ptr atomic release {alignment = 4 : i64} : i32, !llvm.ptr
  llvm.store %i8, %ptr atomic syncscope("block") unordered {alignment = 1 : i64} : i8, !llvm.ptr
  %11 = llvm.atomicrmw usub_sat %ptr, %i32 monotonic : !llvm.ptr, i32
  %12 = llvm.atomicrmw umax %ptr, %i64 monotonic : !llvm.ptr, i64
  %13 = llvm.atomicrmw uinc_wrap %ptr, %i8 monotonic : !llvm.ptr, i8
  %14 = llvm.atomicrmw fmaximum %ptr, %f32 monotonic : !llvm.ptr, f32
  %15 = llvm.atomicrmw nand %ptr, %i32 seq_cst : !llvm.ptr, i32
  %16 = llvm.atomicrmw _or %ptr, %i32 acquire : !llvm.ptr, i32
  %17 = llvm.atomicrmw _xor %ptr, %i32 release : !llvm.ptr, i32
  %18 = llvm.cmpxchg %ptr, %ptr, %ptr seq_cst seq_cst : !llvm.ptr, !llvm.ptr
  llvm.return %7 : i32
}`

const ATOMICS_IR = `; ModuleID = 'LLVMDialectModule'
source_filename = "LLVMDialectModule"

define i32 @f(ptr %0, float %1, i32 %2, <2 x half> %3, ptr addrspace(3) %4, i8 %5, i64 %6) {
  %8 = atomicrmw fadd ptr %0, float %1 monotonic, align 4
  %9 = atomicrmw volatile fsub ptr %0, float %1 syncscope("singlethread") monotonic, align 16
  %10 = atomicrmw fmin ptr %0, <2 x half> %3 monotonic, align 4
  %11 = atomicrmw and ptr addrspace(3) %4, i32 %2 acq_rel, align 4
  %12 = atomicrmw xchg ptr %0, ptr %0 seq_cst, align 8
  %13 = cmpxchg ptr %0, i32 %2, i32 %2 acq_rel monotonic, align 4
  %14 = cmpxchg weak volatile ptr %0, i32 %2, i32 %2 syncscope("singlethread") acq_rel monotonic, align 16
  %15 = extractvalue { i32, i1 } %14, 0
  %16 = extractvalue { i32, i1 } %14, 1
  fence syncscope("agent") seq_cst
  fence seq_cst
  fence release
  %17 = load atomic volatile i32, ptr %0 monotonic, align 4
  %18 = load atomic float, ptr %0 syncscope("agent") acquire, align 4
  store atomic volatile i32 %2, ptr %0 release, align 4
  store atomic i8 %5, ptr %0 syncscope("block") unordered, align 1
  %19 = atomicrmw usub_sat ptr %0, i32 %2 monotonic, align 4
  %20 = atomicrmw umax ptr %0, i64 %6 monotonic, align 8
  %21 = atomicrmw uinc_wrap ptr %0, i8 %5 monotonic, align 1
  %22 = atomicrmw fmaximum ptr %0, float %1 monotonic, align 4
  %23 = atomicrmw nand ptr %0, i32 %2 seq_cst, align 4
  %24 = atomicrmw or ptr %0, i32 %2 acquire, align 4
  %25 = atomicrmw xor ptr %0, i32 %2 release, align 4
  %26 = cmpxchg ptr %0, ptr %0, ptr %0 seq_cst seq_cst, align 8
  ret i32 %15
}

!llvm.module.flags = !{!0}

!0 = !{i32 2, !"Debug Info Version", i32 3}
`

describe('atomic access translation', () => {
  it('prints atomicrmw, cmpxchg, fence and atomic load/store as mlir-translate', () => {
    const { ir, diags } = translate(ATOMICS)
    expect(diags).toEqual([])
    expect(ir).toBe(ATOMICS_IR)
  })

  it('reports access metadata it cannot write instead of dropping it', () => {
    const { ir, diags } = translate(`llvm.func @f(%p: !llvm.ptr) -> i32 {
  %0 = llvm.load %p invariant : !llvm.ptr -> i32
  llvm.return %0 : i32
}`)
    expect(ir).toBeUndefined()
    expect(diags).toEqual(["2:8: 'invariant' on 'llvm.load' is not supported by the translation yet"])
  })

  it('reports operand bundles instead of dropping them', () => {
    const { ir, diags } = translate(`llvm.func @f(%a: i32, %c: i1) {
  llvm.call_intrinsic "llvm.assume"(%c) ["tag"(%a : i32)] : (i1) -> ()
  llvm.return
}`)
    expect(ir).toBeUndefined()
    expect(diags).toEqual(["2:3: operand bundles on 'llvm.call_intrinsic' are not supported by the translation yet"])
  })
})

describe.skipIf(!haveMlirTranslate)('atomic access translation against mlir-translate', () => {
  it('matches byte for byte', () => {
    expect(translate(ATOMICS).ir).toBe(oracle(ATOMICS))
  })
})
