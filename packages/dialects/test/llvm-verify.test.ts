// Verifier and parser diagnostics of the llvm dialect. Each expected list is what
// `mlir-opt --split-input-file --allow-unregistered-dialect` (MLIR 22.1.8) reports for the
// chunk (`line:col: severity: message`, the "see current operation" notes left out).
import { describe, expect, it } from 'vitest'
import { BuiltinDialect, Context, FileLineColLoc, parseSourceString, verify, type Location, type Operation } from '@tilepass/ir'
import { LLVMDialect } from '../src/llvm/index.ts'

function lineCol(l: Location): string {
  return l instanceof FileLineColLoc ? `${l.line}:${l.column}` : '?'
}

/** Parses and verifies `source` (one split chunk) and returns its diagnostics. */
function diagnose(source: string): string[] {
  const out: string[] = []
  const ctx = new Context({ dialects: [BuiltinDialect, LLVMDialect], allowUnregisteredDialects: true })
  ctx.diagEngine.registerHandler((d) => {
    out.push(`${lineCol(d.location)}: ${d.severity}: ${d.message}`)
    for (const n of d.notes) {
      if (!n.message.startsWith('see current operation')) {
        out.push(`${lineCol(n.location)}: note: ${n.message}`)
      }
    }
    return true
  })
  const r = parseSourceString(source, ctx)
  if (r !== null) {
    verify(r.op)
  }
  ctx.diagEngine.flush()
  return out
}

const CASES: readonly (readonly [source: string, expected: readonly string[]])[] = [
  [
    `llvm.func @f() {
  %0 = llvm.mlir.constant(1 : i32) : i32
  llvm.return %0 : i32
}
`,
    ["3:3: error: 'llvm.return' op expected no operands", '1:1: note: when returning from function'],
  ],
  [
    `llvm.func @f() -> i32 {
  llvm.return
}
`,
    ["2:3: error: 'llvm.return' op expected 1 operand", '1:1: note: when returning from function'],
  ],
  [
    `llvm.func @f() -> i32 {
  %0 = llvm.mlir.constant(1 : i64) : i64
  llvm.return %0 : i64
}
`,
    ["3:3: error: 'llvm.return' op mismatching result types", '1:1: note: when returning from function'],
  ],
  [
    `llvm.func @f(%a: i32) {
  %0 = llvm.add %a, %a : f32
  llvm.return
}
`,
    ["2:17: error: use of value '%a' expects different type than prior uses: 'f32' vs 'i32'", '1:14: note: prior use here'],
  ],
  [
    `llvm.func @f(%a: f32) {
  %0 = "llvm.add"(%a, %a) : (f32, f32) -> f32
  llvm.return
}
`,
    ["2:8: error: 'llvm.add' op operand #0 must be signless integer or LLVM dialect-compatible vector of signless integer, but got 'f32'"],
  ],
  [
    `llvm.func @f(%a: i32, %b: i64) {
  %0 = "llvm.add"(%a, %b) : (i32, i64) -> i32
  llvm.return
}
`,
    ["2:8: error: 'llvm.add' op requires the same type for all operands and results"],
  ],
  [
    `llvm.func @f(%a: i32) {
  %0 = "llvm.fadd"(%a, %a) : (i32, i32) -> i32
  llvm.return
}
`,
    ["2:8: error: 'llvm.fadd' op operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type, but got 'i32'"],
  ],
  [
    `llvm.func @f(%a: i1, %b: i32) {
  llvm.cond_br %a, ^bb1(%b : i32), ^bb1
^bb1(%x: i32):
  llvm.return
}
`,
    ['2:3: error: branch has 0 operands for successor #1, but target block has 1'],
  ],
  [
    `llvm.func @f(%b: i32) {
  llvm.br ^bb1(%b : i32)
^bb1(%x: i64):
  llvm.return
}
`,
    ['2:3: error: type mismatch for bb argument #0 of successor #0'],
  ],
  [
    `llvm.func @g(i32) -> i32
llvm.func @f(%b: i64) {
  %0 = llvm.call @g(%b) : (i64) -> i32
  llvm.return
}
`,
    ["3:8: error: 'llvm.call' op operand type mismatch for operand 0: 'i64' != 'i32'"],
  ],
  [
    `llvm.func @g(i32) -> i32
llvm.func @f(%b: i32) {
  %0 = llvm.call @g(%b, %b) : (i32, i32) -> i32
  llvm.return
}
`,
    ["3:8: error: 'llvm.call' op incorrect number of operands (2) for callee (expecting: 1)"],
  ],
  [
    `llvm.func @g(i32)
llvm.func @f(%b: i32) {
  %0 = llvm.call @g(%b) : (i32) -> i32
  llvm.return
}
`,
    ["3:8: error: 'llvm.call' op calling function with void result must not produce values"],
  ],
  [
    `llvm.func @g(i32) -> i32
llvm.func @f(%b: i32) {
  llvm.call @g(%b) : (i32) -> ()
  llvm.return
}
`,
    ["3:3: error: 'llvm.call' op expected function call to produce a value"],
  ],
  [
    `llvm.func @f(%b: i32) {
  llvm.call @nope(%b) : (i32) -> ()
  llvm.return
}
`,
    ["2:3: error: 'llvm.call' op 'nope' does not reference a symbol in the current scope"],
  ],
  [
    `llvm.func @f(%b: i32) {
  %0 = "llvm.zext"(%b) : (i32) -> i16
  llvm.return
}
`,
    ['2:8: error: integer width of the output type is smaller or equal to the integer width of the input type'],
  ],
  [
    `llvm.func @f(%b: i32) {
  %0 = "llvm.icmp"(%b, %b) <{predicate = 0 : i64}> : (i32, i32) -> i32
  llvm.return
}
`,
    ["2:8: error: 'llvm.icmp' op result #0 must be 1-bit signless integer or LLVM dialect-compatible vector of 1-bit signless integer, but got 'i32'"],
  ],
  [
    `llvm.func @f(%a: !llvm.struct<(i32, f32)>) {
  %0 = llvm.extractvalue %a[2] : !llvm.struct<(i32, f32)>
  llvm.return
}
`,
    ["3:3: error: custom op 'llvm.extractvalue' position out of bounds: 2"],
  ],
  [
    `llvm.func @f(%a: !llvm.struct<(i32, f32)>) {
  %0 = "llvm.extractvalue"(%a) <{position = array<i64: 0>}> : (!llvm.struct<(i32, f32)>) -> f32
  llvm.return
}
`,
    ["2:8: error: 'llvm.extractvalue' op Type mismatch: extracting from '!llvm.struct<(i32, f32)>' should produce 'i32' but this op returns 'f32'"],
  ],
  [
    `llvm.func @f(%a: !llvm.struct<(i32, f32)>, %b: i64) {
  %0 = "llvm.insertvalue"(%a, %b) <{position = array<i64: 0>}> : (!llvm.struct<(i32, f32)>, i64) -> !llvm.struct<(i32, f32)>
  llvm.return
}
`,
    ["2:8: error: 'llvm.insertvalue' op Type mismatch: cannot insert 'i64' into '!llvm.struct<(i32, f32)>'"],
  ],
  [
    `llvm.func internal @f()
`,
    ["1:1: error: 'llvm.func' op external functions must have 'external' or 'extern_weak' linkage"],
  ],
  [
    `llvm.func @f(%a: i32) {
  %0 = "llvm.select"(%a, %a, %a) : (i32, i32, i32) -> i32
  llvm.return
}
`,
    ["2:8: error: 'llvm.select' op operand #0 must be 1-bit signless integer or LLVM dialect-compatible vector of 1-bit signless integer, but got 'i32'"],
  ],
  [
    `llvm.func @f(%a: i32) {
  "llvm.store"(%a, %a) : (i32, i32) -> ()
  llvm.return
}
`,
    ["2:3: error: 'llvm.store' op operand #1 must be LLVM pointer type, but got 'i32'"],
  ],
  [
    `llvm.func @f(%a: tensor<2xi32>) {
  llvm.return
}
`,
    ["1:11: error: custom op 'llvm.func' failed to construct function type: expected LLVM type for function arguments"],
  ],
  [
    `llvm.func @f(%a: i32) {
  %0 = "llvm.sext"(%a) : (i32) -> i32
  llvm.return
}
`,
    ['2:8: error: integer width of the output type is smaller or equal to the integer width of the input type'],
  ],
  [
    `llvm.func @f(%a: i32) {
  %0 = "llvm.inttoptr"(%a) : (i32) -> i32
  llvm.return
}
`,
    ["2:8: error: 'llvm.inttoptr' op result #0 must be LLVM pointer type or LLVM dialect-compatible vector of LLVM pointer type, but got 'i32'"],
  ],
  [
    `llvm.func @f(%a: i32) {
  llvm.switch %a : i32, ^bb1 [
    1: ^bb2(%a : i32)
  ]
^bb1:
  llvm.return
^bb2:
  llvm.return
}
`,
    ['2:3: error: branch has 1 operands for successor #1, but target block has 0'],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr) {
  %0 = llvm.getelementptr %p[0, 5] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  llvm.return
}
`,
    ["2:8: error: 'llvm.getelementptr' op index 1 indexing a struct is out of bounds"],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr, %i: i32) {
  %0 = llvm.getelementptr %p[0, %i] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(i32, f32)>
  llvm.return
}
`,
    ["2:8: error: 'llvm.getelementptr' op expected index 1 indexing a struct to be constant"],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr) {
  %0 = llvm.load %p : !llvm.ptr -> !llvm.void
  llvm.return
}
`,
    ["2:8: error: 'llvm.load' op result #0 must be LLVM type with size, but got '!llvm.void'"],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr) {
  %0 = llvm.load %p atomic monotonic : !llvm.ptr -> i32
  llvm.return
}
`,
    ["2:8: error: 'llvm.load' op expected alignment for atomic access"],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr) {
  %0 = llvm.mlir.constant("abc") : i32
  llvm.return
}
`,
    ["2:8: error: 'llvm.mlir.constant' op expected array type of 3 i8 elements for the string constant"],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr) {
  %0 = llvm.mlir.addressof @nope : !llvm.ptr
  llvm.return
}
`,
    ["2:8: error: 'llvm.mlir.addressof' op must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or 'llvm.func' or 'llvm.mlir.ifunc'"],
  ],
  [
    `llvm.func @f(%a: i32) {
  %0 = llvm.call @f(%a) : (i32) -> ()
  llvm.return
}
`,
    ['2:3: error: cannot name an operation with no results'],
  ],
  [
    `llvm.func @f(%a: i32) -> i32 {
^bb0(%b: i64):
  llvm.return %a : i32
}
`,
    ['2:1: error: invalid block name in region with named arguments'],
  ],
  [
    `llvm.func @f(%a: i32) {
  %0 = llvm.alloca %a x i32 : (i32) -> !llvm.ptr
  %1 = "llvm.alloca"(%a) : (i32) -> !llvm.ptr
  llvm.return
}
`,
    ["3:8: error: 'llvm.alloca' op requires attribute 'elem_type'"],
  ],
  [
    `llvm.func @f(%v: vector<4xf32>, %i: i32) {
  %0 = "llvm.extractelement"(%v, %i) : (vector<4xf32>, i32) -> i32
  llvm.return
}
`,
    ["2:8: error: 'llvm.extractelement' op failed to verify that result type matches vector element type"],
  ],
  [
    `llvm.mlir.global internal @g() : i32 {
  %0 = llvm.mlir.constant(1 : i64) : i64
  llvm.return %0 : i64
}
`,
    ["1:1: error: 'llvm.mlir.global' op initializer region type 'i64' does not match global type 'i32'"],
  ],
  [
    `llvm.func @g(i32) -> i32
llvm.func @f(%a: i32) {
  %0:2 = llvm.call @g(%a) : (i32) -> (i32, i32)
  llvm.return
}
`,
    ["3:27: error: custom op 'llvm.call' expected function with 0 or 1 result"],
  ],
  [
    `llvm.func @g(i32) -> i32
llvm.func @f(%a: i32) {
  %0 = llvm.call @g(%a) : i32
  llvm.return
}
`,
    ["3:26: error: expected '('", "3:25: error: custom op 'llvm.call' expected direct call to have 1 trailing types"],
  ],
  [
    `llvm.func @g(i32) -> i32
llvm.func @f(%a: i32) {
  %0 = llvm.call @g(%a, %a) : (i32) -> i32
  llvm.return
}
`,
    ["3:8: error: custom op 'llvm.call' number of operands and types do not match: got 2 operands and 1 types"],
  ],
  [
    `"test.x"() {a = !llvm.func<void (label, metadata, void)>} : () -> ()
`,
    ["1:27: error: invalid function argument type: '!llvm.void'"],
  ],
  [
    `"test.x"() {a = !llvm.func<label (i32)>} : () -> ()
`,
    ["1:27: error: invalid function result type: '!llvm.label'"],
  ],
  [
    `"test.x"() {a = !llvm.func<void (func<void ()>)>} : () -> ()
`,
    ["1:27: error: invalid function argument type: '!llvm.func<void ()>'"],
  ],
  [
    `"test.x"() {a = !llvm.foo} : () -> ()
`,
    ['1:23: error: unknown LLVM type: foo'],
  ],
  [
    `"test.x"() {a = !llvm.ptr<x>} : () -> ()
`,
    ['1:27: error: expected integer value', "1:27: error: failed to parse LLVMPointerType parameter 'addressSpace' which is to be a `unsigned`"],
  ],
  [
    `"test.x"() {a = !llvm.array<2 i32>} : () -> ()
`,
    ["1:31: error: expected 'x'"],
  ],
  [
    `"test.x"() {a = !llvm.func<i32>} : () -> ()
`,
    ["1:31: error: expected '('"],
  ],
  [
    `"test.x"() {a = !llvm.struct<"X">} : () -> ()
`,
    ['1:33: error: struct without a body only allowed in a recursive struct'],
  ],
  [
    `"test.x"() {a = !llvm.struct<"A", (i32)>, b = !llvm.struct<"A", (i64)>} : () -> ()
`,
    ['1:66: error: identified type already used with a different body'],
  ],
  [
    `"test.x"() {a = !llvm.func<void (i32, ..., i32)>} : () -> ()
`,
    ["1:42: error: expected ')'"],
  ],
  [
    `"test.x"() {a = #llvm.linkage<bogus>} : () -> ()
`,
    ['1:31: error: expected one of [external, available_externally, linkonce, linkonce_odr, weak, weak_odr, appending, internal, private, extern_weak, common] for LLVM linkage types, got: bogus', "1:36: error: failed to parse LinkageAttr parameter 'linkage' which is to be a `linkage::Linkage`"],
  ],
  [
    `"test.x"() {a = #llvm.fastmath<nnan, bogus>} : () -> ()
`,
    ['1:32: error: expected ::mlir::LLVM::FastmathFlags to be one of: none, nnan, ninf, nsz, arcp, contract, afn, reassoc, fast', "1:43: error: failed to parse LLVM_FastmathFlagsAttr parameter 'value' which is to be a `::mlir::LLVM::FastmathFlags`"],
  ],
  [
    `"test.x"() {a = memref<2x!llvm.ptr>} : () -> ()
`,
    ['1:26: error: invalid memref element type'],
  ],
  [
    `"test.x"() {a = vector<2x!llvm.struct<(i32)>>} : () -> ()
`,
    ["1:17: error: failed to verify 'elementType': VectorElementTypeInterface instance"],
  ],
  [
    `"test.x"() {a = #llvm.cconv<bogus>} : () -> ()
`,
    ['1:29: error: expected one of [ccc, fastcc, coldcc, cc_10, cc_11, anyregcc, preserve_mostcc, preserve_allcc, swiftcc, cxx_fast_tlscc, tailcc, cfguard_checkcc, swifttailcc, x86_stdcallcc, x86_fastcallcc, arm_apcscc, arm_aapcscc, arm_aapcs_vfpcc, msp430_intrcc, x86_thiscallcc, ptx_kernelcc, ptx_devicecc, spir_funccc, spir_kernelcc, intel_ocl_bicc, x86_64_sysvcc, win64cc, x86_vectorcallcc, hhvmcc, hhvm_ccc, x86_intrcc, avr_intrcc, avr_builtincc, amdgpu_vscc, amdgpu_gscc, amdgpu_cscc, amdgpu_kernelcc, x86_regcallcc, amdgpu_hscc, msp430_builtincc, amdgpu_lscc, amdgpu_escc, aarch64_vectorcallcc, aarch64_sve_vectorcallcc, wasm_emscripten_invokecc, amdgpu_gfxcc, m68k_intrcc] for Calling Conventions, got: bogus', "1:34: error: failed to parse CConvAttr parameter 'CallingConv' which is to be a `CConv`"],
  ],
  [
    `"test.x"() {a = #llvm.tailcallkind<bogus>} : () -> ()
`,
    ['1:36: error: expected one of [none, notail, musttail, tail] for Tail Call Kind, got: bogus', "1:41: error: failed to parse TailCallKindAttr parameter 'tailCallKind' which is to be a `TailCallKind`"],
  ],
  [
    `"test.x"() {a = #llvm.bogus<1>} : () -> ()
`,
    ['1:23: error: unknown attribute `bogus` in dialect `llvm`'],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr) {
  %0 = llvm.load %p atomic monotonic {alignment = 2 : i64} : !llvm.ptr -> i24
  llvm.return
}
`,
    ["2:8: error: 'llvm.load' op unsupported type 'i24' for atomic access"],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr, %v: f80) {
  llvm.store %v, %p atomic release {alignment = 16 : i64} : f80, !llvm.ptr
  llvm.return
}
`,
    ["2:3: error: 'llvm.store' op unsupported type 'f80' for atomic access"],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr) {
  %0 = llvm.load %p atomic acq_rel : !llvm.ptr -> !llvm.ptr
  llvm.return
}
`,
    ["2:8: error: 'llvm.load' op unsupported ordering 'acq_rel'"],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr, %v: i8) {
  "llvm.store"(%v, %p) {syncscope = "agent"} : (i8, !llvm.ptr) -> ()
  llvm.return
}
`,
    ["2:3: error: 'llvm.store' op expected syncscope to be null for non-atomic access"],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr) {
  %0 = llvm.load %p atomic syncscope("agent") seq_cst {alignment = 1 : i64} : !llvm.ptr -> i8
  %1 = llvm.load %p atomic monotonic {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
  %2 = llvm.load %p atomic monotonic {alignment = 2 : i64} : !llvm.ptr -> bf16
  llvm.return
}
`,
    [],
  ],
  [
    `llvm.func @f(%c : !llvm.ptr, %arg : i8) {
  llvm.call %c(%arg) : !llvm.ptr, i8
  llvm.return
}
`,
    ["2:34: error: expected '('", "2:22: error: custom op 'llvm.call' expected trailing function type"],
  ],
  [
    `llvm.func @f(%c : !llvm.ptr, %arg : i8) {
  %0 = llvm.call %c(%arg) : !llvm.ptr, (i8) -> (!llvm.void)
  llvm.return
}
`,
    ["2:27: error: custom op 'llvm.call' expected a non-void result type"],
  ],
  [
    `llvm.func @f(%c : i64, %arg : i8) {
  %0 = llvm.call %c(%arg) : i64, (i8) -> (i8)
  llvm.return
}
`,
    ["2:8: error: 'llvm.call' op indirect call expects a pointer as callee: 'i64'"],
  ],
  [
    `llvm.func @f(%c : !llvm.ptr, %arg : i8) {
  %0 = llvm.call %c(%arg) : (i8) -> (i8)
  llvm.return
}
`,
    ["2:27: error: custom op 'llvm.call' expected indirect call to have 2 trailing types"],
  ],
  [
    `llvm.func @f() {
  "llvm.call"() {op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 0, 0>} : () -> ()
  llvm.return
}
`,
    ["2:3: error: 'llvm.call' op must have either a `callee` attribute or at least an operand"],
  ],
  [
    `llvm.func @f(%c : !llvm.ptr, %arg : i8) {
  %0 = "llvm.call"(%c, %arg) {op_bundle_sizes = array<i32>, operandSegmentSizes = array<i32: 2, 0>} : (!llvm.ptr, i8) -> !llvm.void
  llvm.return
}
`,
    [],
  ],
  [
    `llvm.mlir.global private @b(42 : i64) {alignment = 0} : i64
`,
    ['1:1: error: alignment attribute is not a power of 2'],
  ],
  [
    `llvm.mlir.global common @e(dense<[0, 0, 0, 1, 0]> : vector<5xi32>) : !llvm.array<5 x i32>
`,
    ["1:1: error: 'llvm.mlir.global' op expected zero value for 'common' linkage"],
  ],
  [
    `llvm.mlir.global common @g(-0.0 : f32) {alignment = 3} : f32
`,
    ['1:1: error: alignment attribute is not a power of 2'],
  ],
  [
    `llvm.mlir.global appending @h() : i32
`,
    ["1:1: error: 'llvm.mlir.global' op expected array type for 'appending' linkage"],
  ],
  [
    `llvm.mlir.global common @f(dense<0> : vector<5xi32>) {alignment = 64} : !llvm.array<5 x i32>
llvm.mlir.global appending @i() : !llvm.array<2 x i32>
`,
    [],
  ],
  [
    `llvm.func @f(%s: i64) {
  %0 = llvm.alloca %s x i32 : !llvm.ptr
  llvm.return
}
`,
    ["2:31: error: custom op 'llvm.alloca' expected trailing function type with one argument and one result"],
  ],
  [
    `llvm.func @f(%s: i64) {
  %0 = llvm.alloca %s x i32 {alignment = "a"} : !llvm.ptr
  llvm.return
}
`,
    ["2:8: error: custom op 'llvm.alloca' expected integer alignment"],
  ],
  [
    `llvm.func @f(%a: f32) {
  %1 = llvm.fcmp 4.0 %a, %a : f32
  llvm.return
}
`,
    ["2:18: error: custom op 'llvm.fcmp' invalid kind of attribute specified"],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr, %i: i64) {
  %0 = llvm.getelementptr %p[%i] : i64, i8
  llvm.return
}
`,
    ["2:36: error: custom op 'llvm.getelementptr' invalid kind of type specified: expected builtin.function, but found 'i64'"],
  ],
  [
    `llvm.func @f() {
  %0 = llvm.mlir.constant(1.0 : f64) : !llvm.struct<(f64, f64)>
  llvm.return
}
`,
    ["2:8: error: 'llvm.mlir.constant' op expected array attribute for struct type"],
  ],
  [
    `llvm.func @f() {
  %0 = llvm.mlir.constant([1.0 : f64, 2 : i32]) : !llvm.struct<(f64, i64)>
  llvm.return
}
`,
    ["2:8: error: 'llvm.mlir.constant' op struct element at index 1 is of wrong type"],
  ],
  [
    `llvm.func @f() {
  %0 = llvm.mlir.constant(dense<[1.0, 2.0]> : vector<2xbf16>) : vector<2xf16>
  llvm.return
}
`,
    ["2:8: error: 'llvm.mlir.constant' op attribute and type have different float semantics"],
  ],
  [
    `llvm.func @f() {
  %0 = llvm.mlir.constant(dense<[1.0, 2.0, 3.0]> : tensor<3xf64>) : !llvm.array<2 x vector<2xf64>>
  llvm.return
}
`,
    ["2:8: error: 'llvm.mlir.constant' op type and attribute have a different number of elements: 4 vs. 3"],
  ],
  [
    `llvm.func @f() {
  %0 = llvm.mlir.constant(dense<[1.0, 2.0]> : tensor<2xf32>) : vector<[2]xf32>
  llvm.return
}
`,
    ["2:8: error: 'llvm.mlir.constant' op scalable vector type requires a splat attribute"],
  ],
  [
    `llvm.func @f() {
  %0 = llvm.mlir.constant(dense<1> : vector<2xi32>) : f32
  llvm.return
}
`,
    ["2:8: error: 'llvm.mlir.constant' op expected vector or array type"],
  ],
  [
    `llvm.func @f() {
  %0 = llvm.mlir.constant([1 : i32]) : !llvm.array<1 x i32>
  llvm.return
}
`,
    ["2:8: error: 'llvm.mlir.constant' op for array with an array attribute must have a struct element type"],
  ],
  [
    `llvm.func @f() {
  %0 = llvm.mlir.constant([[1 : i32], 3 : i32]) : !llvm.array<2 x !llvm.struct<(i32)>>
  llvm.return
}
`,
    ["2:8: error: 'llvm.mlir.constant' op nested attribute for struct element at index 1 must be a zero, or undef, or array attribute"],
  ],
  [
    `llvm.func @f() {
  %0 = llvm.mlir.constant(1.0 : f16) : i8
  llvm.return
}
`,
    ["2:8: error: 'llvm.mlir.constant' op expected integer type of width 16"],
  ],
  [
    `llvm.func @f(%v: f32, %i: i32) {
  %0 = llvm.extractelement %v[%i : i32] : f32
  llvm.return
}
`,
    ["2:43: error: custom op 'llvm.extractelement' invalid kind of type specified: expected builtin.vector, but found 'f32'"],
  ],
  [
    `llvm.func @f(%v: f32) {
  %0 = llvm.shufflevector %v, %v [0] : f32
  llvm.return
}
`,
    ["2:40: error: custom op 'llvm.shufflevector' invalid kind of type specified: expected builtin.vector, but found 'f32'"],
  ],
  [
    `llvm.func @f(%b: i32) {
  %0 = llvm.insertvalue %b, %b[0] : memref<2xi32>
  llvm.return
}
`,
    ["3:3: error: custom op 'llvm.insertvalue' expected LLVM IR Dialect type, got 'memref<2xi32>'"],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr, %v: i32) {
  %0 = llvm.load %p {access_groups = [], noalias_scopes = []} : !llvm.ptr -> i32
  llvm.store %v, %p {alias_scopes = []} : i32, !llvm.ptr
  llvm.return
}
`,
    [],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr, %v: i32) {
  llvm.store %v, %p {alias_scopes = [1]} : i32, !llvm.ptr
  llvm.return
}
`,
    ["2:21: error: custom op 'llvm.store' 'llvm.store' op attribute 'alias_scopes' failed to satisfy constraint: LLVM dialect alias scope array"],
  ],
  [
    `llvm.func @f(%p: !llvm.ptr) {
  %0 = "llvm.load"(%p) {access_groups = 3} : (!llvm.ptr) -> i32
  llvm.return
}
`,
    ["2:8: error: 'llvm.load' op attribute 'access_groups' failed to satisfy constraint: LLVM dialect access group metadata array"],
  ],
  [
    `llvm.func @f(%a: i64) {
  llvm.switch %a : i64, ^bb1 [
    1: ^bb2
  ] {branch_weights = array<i32: 1>}
^bb1:
  llvm.return
^bb2:
  llvm.return
}
`,
    ['2:3: error: expects number of branch weights to match number of successors: 1 vs 2'],
  ],
  [
    `llvm.func @f(%a: i64) {
  "llvm.switch"(%a)[^bb1, ^bb2] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi16>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> ()
^bb1:
  llvm.return
^bb2:
  llvm.return
}
`,
    ['2:3: error: expects case value type to match condition value type'],
  ],
  [
    `llvm.func @f(%a: vector<2xi32>) {
  %0 = llvm.zext %a : vector<2xi32> to vector<1xi16>
  llvm.return
}
`,
    ['2:8: error: input and output vectors are of incompatible shape'],
  ],
  [
    `llvm.func @f(%a: i32) {
  %0 = llvm.sext %a : i32 to vector<1xi16>
  llvm.return
}
`,
    ['2:8: error: input type is an integer but output type is a vector'],
  ],
  [
    `llvm.func @f(%a: vector<[2]xi32>) {
  %0 = llvm.zext %a : vector<[2]xi32> to vector<2xi64>
  llvm.return
}
`,
    ['2:8: error: input and output vectors are of incompatible shape'],
  ],
  [
    `llvm.func @f(%a: vector<2x!llvm.ptr<1>>) {
  %0 = llvm.bitcast %a : vector<2x!llvm.ptr<1>> to vector<2xi64>
  llvm.return
}
`,
    ["2:8: error: 'llvm.bitcast' op can only cast pointers from and to pointers"],
  ],
  [
    `llvm.func @f(%a: vector<2x!llvm.ptr<1>>) {
  %0 = llvm.bitcast %a : vector<2x!llvm.ptr<1>> to !llvm.ptr<2>
  llvm.return
}
`,
    ["2:8: error: 'llvm.bitcast' op cannot cast vector of pointers to pointer"],
  ],
  [
    `llvm.func @f(%a: vector<2x!llvm.ptr<1>>) {
  %0 = llvm.bitcast %a : vector<2x!llvm.ptr<1>> to vector<4x!llvm.ptr<1>>
  llvm.return
}
`,
    [],
  ],
  [
    `llvm.func @g(%a: i32) {
  llvm.call @g(%a) vararg(!llvm.func<void (i32)>) : (i32) -> ()
  llvm.return
}
`,
    ["2:3: error: 'llvm.call' op expected var_callee_type to be a variadic function type"],
  ],
  [
    `llvm.func @f(%c: !llvm.ptr, %a: i32) {
  llvm.call %c(%a) vararg(!llvm.func<void (i32, i64, ...)>) : !llvm.ptr, (i32) -> ()
  llvm.return
}
`,
    ["2:3: error: 'llvm.call' op expected var_callee_type to have at most 1 parameters"],
  ],
  [
    `llvm.func @f(%c: !llvm.ptr, %a: i32) {
  llvm.call %c(%a) vararg(!llvm.func<void (i64, ...)>) : !llvm.ptr, (i32) -> ()
  llvm.return
}
`,
    ["2:3: error: 'llvm.call' op var_callee_type parameter type mismatch: 'i64' != 'i32'"],
  ],
  [
    `llvm.func @v(i32, ...) -> i32
llvm.func @f(%a: i32) {
  %0 = llvm.call @v(%a) vararg(!llvm.func<i8 (i32, ...)>) : (i32) -> i32
  llvm.return
}
`,
    ["3:8: error: 'llvm.call' op var_callee_type return type mismatch: 'i8' != 'i32'"],
  ],
  [
    `llvm.func @v(i32, ...) -> i32
llvm.func @f(%a: i32) {
  llvm.call @v(%a) vararg(!llvm.func<i8 (i32, ...)>) : (i32) -> ()
  llvm.return
}
`,
    ["3:3: error: 'llvm.call' op expected var_callee_type to return void"],
  ],
  [
    `llvm.func @v(i32, ...) -> i32
llvm.func @f(%c: !llvm.ptr, %a: i32) {
  %0 = llvm.call @v(%a, %a) vararg(!llvm.func<i32 (i32, ...)>) : (i32, i32) -> i32
  %1 = llvm.call %c(%a, %a) vararg(!llvm.func<i32 (i32, ...)>) : !llvm.ptr, (i32, i32) -> i32
  llvm.return
}
`,
    [],
  ],
  [
    `llvm.func @f() attributes {always_inline, no_inline} {
  llvm.return
}
`,
    ['1:1: error: no_inline and always_inline attributes are incompatible'],
  ],
  [
    `llvm.func @f() attributes {optimize_none}
llvm.func @g() attributes {optimize_none} {
  llvm.return
}
`,
    ["2:1: error: 'llvm.func' op with optimize_none must also be no_inline"],
  ],
  [
    `llvm.func @f(%v: vector<[4]xf32>) {
  %0 = llvm.shufflevector %v, %v [0, 0, 1, 0] : vector<[4]xf32>
  %1 = llvm.shufflevector %v, %v [0, 0] : vector<[4]xf32>
  llvm.return
}
`,
    ["2:8: error: 'llvm.shufflevector' op expected a splat operation for scalable vectors"],
  ],
]

describe('llvm dialect diagnostics (as mlir-opt)', () => {
  for (const [source, expected] of CASES) {
    it(expected[0] ?? source.split('\n')[1]!, () => {
      expect(diagnose(source)).toEqual(expected)
    })
  }
})

describe('llvm.alloca parsing', () => {
  it('drops a zero alignment as upstream does', () => {
    const ctx = new Context({ dialects: [BuiltinDialect, LLVMDialect] })
    const r = parseSourceString('llvm.func @f(%s: i64) {\n  %0 = llvm.alloca %s x i32 {alignment = 0} : (i64) -> !llvm.ptr\n  llvm.return\n}\n', ctx)
    const allocas: Operation[] = []
    r!.op.walk((op) => {
      if (op.name.name === 'llvm.alloca') {
        allocas.push(op)
      }
    })
    expect(allocas.length).toBe(1)
    expect(allocas[0]!.getAttr('alignment')).toBeUndefined()
  })
})
