// Differential checks against mlir-opt, run only where /usr/lib/llvm-22/bin/mlir-opt (or
// $MLIR_OPT) exists: every input below is printed by both tools, in custom and generic
// form, and the texts must be byte-identical. The inputs are written here, not taken
// from upstream tests.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LLVMDialect } from '../src/llvm/index.ts'
import { roundTrip } from './funcHelpers.ts'

const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'
const haveMlirOpt = existsSync(MLIR_OPT)

/** mlir-opt's output for `input` (without the final newline it adds). */
function mlirOpt(input: string, args: readonly string[]): string {
  const r = spawnSync(MLIR_OPT, [...args, '-'], { input, encoding: 'utf8' })
  if (r.status !== 0) {
    throw new Error(`mlir-opt failed: ${r.stderr}`)
  }
  return r.stdout.endsWith('\n') ? r.stdout.slice(0, -1) : r.stdout
}

const INPUTS: readonly string[] = [
  // Integer arithmetic with every flag combination, on scalars and vectors.
  `llvm.func @int(%a: i64, %b: i64, %v: vector<4xi16>) -> i64 {
  %0 = llvm.add %a, %b overflow<nuw> : i64
  %1 = llvm.sub %0, %b overflow<nsw, nuw> : i64
  %2 = llvm.mul %1, %1 : i64
  %3 = llvm.udiv exact %2, %b : i64
  %4 = llvm.srem %3, %a : i64
  %5 = llvm.or disjoint %4, %a : i64
  %6 = llvm.ashr exact %5, %b : i64
  %7 = llvm.shl %v, %v overflow<nsw> : vector<4xi16>
  %8 = llvm.xor %v, %7 : vector<4xi16>
  %9 = llvm.icmp "uge" %8, %v : vector<4xi16>
  %10 = llvm.select %9, %8, %v : vector<4xi1>, vector<4xi16>
  llvm.return %6 : i64
}`,
  // Floats, fast-math flags, comparisons and float intrinsics.
  `llvm.func @flt(%x: f64, %y: f64, %h: vector<2xf16>) -> f64 {
  %0 = llvm.fadd %x, %y {fastmathFlags = #llvm.fastmath<nsz, arcp>} : f64
  %1 = llvm.fdiv %0, %y : f64
  %2 = llvm.frem %1, %x {fastmathFlags = #llvm.fastmath<reassoc, contract>} : f64
  %3 = llvm.fneg %h : vector<2xf16>
  %4 = llvm.fcmp "une" %2, %x : f64
  %5 = llvm.fcmp "_true" %3, %h {fastmathFlags = #llvm.fastmath<fast>} : vector<2xf16>
  %6 = llvm.intr.copysign(%2, %x) : (f64, f64) -> f64
  %7 = llvm.intr.minimum(%6, %x) {fastmathFlags = #llvm.fastmath<nnan>} : (f64, f64) -> f64
  %8 = llvm.intr.sqrt(%h) : (vector<2xf16>) -> vector<2xf16>
  %9 = llvm.fptrunc %7 : f64 to bf16
  %10 = llvm.fpext %9 : bf16 to f128
  llvm.return %7 : f64
}`,
  // Memory, aggregates and pointers in several address spaces.
  `llvm.mlir.global internal @counter(0 : i32) {addr_space = 3 : i32, alignment = 4 : i64} : i32
llvm.func @mem(%p: !llvm.ptr, %n: i64) -> !llvm.struct<"pair", (i32, ptr<3>)> {
  %0 = llvm.alloca %n x !llvm.struct<"pair", (i32, ptr<3>)> {alignment = 16 : i64} : (i64) -> !llvm.ptr
  %1 = llvm.mlir.addressof @counter : !llvm.ptr<3>
  %2 = llvm.load volatile %1 {alignment = 4 : i64} : !llvm.ptr<3> -> i32
  %3 = llvm.mlir.undef : !llvm.struct<"pair", (i32, ptr<3>)>
  %4 = llvm.insertvalue %2, %3[0] : !llvm.struct<"pair", (i32, ptr<3>)>
  %5 = llvm.insertvalue %1, %4[1] : !llvm.struct<"pair", (i32, ptr<3>)>
  llvm.store %5, %0 {alignment = 16 : i64} : !llvm.struct<"pair", (i32, ptr<3>)>, !llvm.ptr
  %6 = llvm.getelementptr inbounds %0[%n, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<"pair", (i32, ptr<3>)>
  %7 = llvm.addrspacecast %6 : !llvm.ptr to !llvm.ptr<3>
  %8 = llvm.ptrtoint %7 : !llvm.ptr<3> to i32
  llvm.return %5 : !llvm.struct<"pair", (i32, ptr<3>)>
}`,
  // Control flow: branches with arguments, weights, switch with and without operands.
  `llvm.func @cfg(%c: i1, %k: i8, %x: i32) -> i32 {
  llvm.cond_br %c weights([3, 5]), ^a(%x : i32), ^b
^a(%v: i32):
  llvm.switch %k : i8, ^b [
    -128: ^a(%v : i32),
    127: ^c(%v, %x : i32, i32)
  ]
^b:
  %z = llvm.mlir.zero : i32
  llvm.br ^c(%z, %z : i32, i32)
^c(%p: i32, %q: i32):
  %r = llvm.add %p, %q : i32
  llvm.return %r : i32
}`,
  // Declarations, linkage/visibility/cconv keywords, vararg and indirect calls.
  `llvm.func @printf(!llvm.ptr, ...) -> i32
llvm.func linkonce_odr hidden @helper(%a: i32 {llvm.noundef}) -> i32 attributes {always_inline} {
  llvm.return %a : i32
}
llvm.func extern_weak @maybe() -> !llvm.ptr
llvm.func @calls(%fmt: !llvm.ptr, %fp: !llvm.ptr) {
  %c = llvm.mlir.constant(42 : i32) : i32
  %0 = llvm.call @printf(%fmt, %c) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i32) -> i32
  %1 = llvm.call notail @helper(%0) : (i32) -> i32
  llvm.call %fp(%1) : !llvm.ptr, (i32) -> ()
  llvm.return
}`,
]

describe.skipIf(!haveMlirOpt)('llvm dialect differential checks against mlir-opt', () => {
  INPUTS.forEach((input, i) => {
    it(`input ${i}: custom form`, () => {
      const r = roundTrip(input, [LLVMDialect])
      expect(r.diags).toEqual([])
      expect(r.out).toBe(mlirOpt(input, []))
    })
    it(`input ${i}: generic form`, () => {
      const r = roundTrip(input, [LLVMDialect], { generic: true })
      expect(r.diags).toEqual([])
      expect(r.out).toBe(mlirOpt(input, ['--mlir-print-op-generic']))
    })
  })
})
