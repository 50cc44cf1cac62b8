// memref subset (alloc, alloca, dealloc, cast, dim, load, store): parse then print must equal mlir-opt 22.1.8's output,
// and invalid inputs must give its messages.
import { describe, expect, it } from 'vitest'
import { BuiltinDialect, Context, parseSourceString, printOperation, verify } from '@tilepass/ir'
import { ArithDialect } from '../src/arith/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { MemRefDialect, LoadOp, StoreOp } from '../src/memref/index.ts'

function run(source: string, generic = false): { out: string; error: string | undefined } {
  const ctx = new Context({ dialects: [BuiltinDialect, ArithDialect, FuncDialect, MemRefDialect] })
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    errors.push(d.message)
    return true
  })
  const r = parseSourceString(source, ctx)
  const ok = r !== null && verify(r.op)
  ctx.diagEngine.flush()
  return { out: ok ? `${printOperation(r.op, { printGenericOpForm: generic })}\n` : '', error: errors[0] }
}

const INPUT = `func.func @f(%m: memref<4x?xf32>, %s: memref<i32>, %i: index, %v: f32) -> i32 {
  %a = memref.load %m[%i, %i] : memref<4x?xf32>
  %b = memref.load %m[%i, %i] {nontemporal = true, foo} : memref<4x?xf32>
  memref.store %v, %m[%i, %i] : memref<4x?xf32>
  %c = memref.load %s[] : memref<i32>
  memref.store %c, %s[] : memref<i32>
  return %c : i32
}
`

// mlir-opt mr.mlir
const CUSTOM = `module {
  func.func @f(%arg0: memref<4x?xf32>, %arg1: memref<i32>, %arg2: index, %arg3: f32) -> i32 {
    %0 = memref.load %arg0[%arg2, %arg2] : memref<4x?xf32>
    %1 = memref.load %arg0[%arg2, %arg2] {foo, nontemporal = true} : memref<4x?xf32>
    memref.store %arg3, %arg0[%arg2, %arg2] : memref<4x?xf32>
    %2 = memref.load %arg1[] : memref<i32>
    memref.store %2, %arg1[] : memref<i32>
    return %2 : i32
  }
}

`

// mlir-opt -mlir-print-op-generic mr.mlir
const GENERIC = `"builtin.module"() ({
  "func.func"() <{function_type = (memref<4x?xf32>, memref<i32>, index, f32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: memref<4x?xf32>, %arg1: memref<i32>, %arg2: index, %arg3: f32):
    %0 = "memref.load"(%arg0, %arg2, %arg2) : (memref<4x?xf32>, index, index) -> f32
    %1 = "memref.load"(%arg0, %arg2, %arg2) <{nontemporal = true}> {foo} : (memref<4x?xf32>, index, index) -> f32
    "memref.store"(%arg3, %arg0, %arg2, %arg2) : (f32, memref<4x?xf32>, index, index) -> ()
    %2 = "memref.load"(%arg1) : (memref<i32>) -> i32
    "memref.store"(%2, %arg1) : (i32, memref<i32>) -> ()
    "func.return"(%2) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

`

describe('memref round trip', () => {
  it('prints the custom form as mlir-opt', () => {
    const r = run(INPUT)
    expect(r.error).toBeUndefined()
    expect(r.out).toBe(CUSTOM)
  })
  it('prints the generic form as mlir-opt', () => {
    expect(run(INPUT, true).out).toBe(GENERIC)
  })
  it('re-parses the generic form', () => {
    expect(run(GENERIC).out).toBe(CUSTOM)
  })
})

describe('memref effects', () => {
  it('load reads and store writes the memref operand', () => {
    const ctx = new Context({ dialects: [BuiltinDialect, ArithDialect, FuncDialect, MemRefDialect] })
    const r = parseSourceString(INPUT, ctx)
    const entry = r!.op.regions[0]!.front.firstOp!.regions[0]!.front
    const load = entry.firstOp!
    const store = load.nextOp!.nextOp!
    expect(LoadOp.memoryEffects!(load)).toEqual([{ kind: 'read', value: entry.arguments[0] }])
    expect(StoreOp.memoryEffects!(store)).toEqual([{ kind: 'write', value: entry.arguments[0] }])
  })
})

// mlir-opt alloc.mlir
const ALLOC_INPUT = `#map = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @f(%n: index, %s: index) -> index {
  %a = memref.alloc(%n) : memref<?xf32>
  %b = memref.alloca() {alignment = 64 : i64} : memref<4x8xi32>
  %c = memref.alloc(%n)[%s] : memref<?xf32, #map>
  %d = memref.cast %a : memref<?xf32> to memref<*xf32>
  %e = memref.cast %b : memref<4x8xi32> to memref<?x8xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = memref.dim %a, %c0 : memref<?xf32>
  %y = memref.dim %e, %c1 : memref<?x8xi32>
  %z = memref.dim %e, %c0 : memref<?x8xi32>
  %v = memref.load %a[%c0] : memref<?xf32>
  memref.store %v, %a[%c1] : memref<?xf32>
  %f = memref.cast %e : memref<?x8xi32> to memref<4x8xi32>
  %g = memref.load %f[%c0, %c1] : memref<4x8xi32>
  memref.dealloc %d : memref<*xf32>
  memref.dealloc %c : memref<?xf32, #map>
  %r = arith.addi %x, %y : index
  %r2 = arith.addi %r, %z : index
  return %r2 : index
}
`
const ALLOC_CUSTOM = `#map = affine_map<(d0)[s0] -> (d0 + s0)>
module {
  func.func @f(%arg0: index, %arg1: index) -> index {
    %alloc = memref.alloc(%arg0) : memref<?xf32>
    %alloca = memref.alloca() {alignment = 64 : i64} : memref<4x8xi32>
    %alloc_0 = memref.alloc(%arg0)[%arg1] : memref<?xf32, #map>
    %cast = memref.cast %alloc : memref<?xf32> to memref<*xf32>
    %cast_1 = memref.cast %alloca : memref<4x8xi32> to memref<?x8xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %dim = memref.dim %alloc, %c0 : memref<?xf32>
    %dim_2 = memref.dim %cast_1, %c1 : memref<?x8xi32>
    %dim_3 = memref.dim %cast_1, %c0 : memref<?x8xi32>
    %0 = memref.load %alloc[%c0] : memref<?xf32>
    memref.store %0, %alloc[%c1] : memref<?xf32>
    %cast_4 = memref.cast %cast_1 : memref<?x8xi32> to memref<4x8xi32>
    %1 = memref.load %cast_4[%c0, %c1] : memref<4x8xi32>
    memref.dealloc %cast : memref<*xf32>
    memref.dealloc %alloc_0 : memref<?xf32, #map>
    %2 = arith.addi %dim, %dim_2 : index
    %3 = arith.addi %2, %dim_3 : index
    return %3 : index
  }
}

`

describe('memref allocation, casts and dims', () => {
  it('print as mlir-opt (result names, layout symbols, alignment)', () => {
    expect(run(ALLOC_INPUT).out).toBe(ALLOC_CUSTOM)
  })
})

// Each message is the one mlir-opt 22.1.8 reports for the same input.
const INVALID: readonly (readonly [string, string])[] = [
  [`%a = memref.alloc() : memref<?xf32>`, `'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1`],
  [`%a = memref.alloc(%i)[%i] : memref<?xf32>`, `'memref.alloc' op symbol operand count does not equal memref symbol count: expected 0, got 1`],
  [`%a = memref.alloc() : memref<4xf32>\n%b = memref.cast %a : memref<4xf32> to memref<5xf32>`, `'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible`],
  [`%a = memref.alloc() : memref<4xf32>\n%b = memref.cast %a : memref<4xf32> to memref<?xf32, strided<[2], offset: 0>>`, `'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<?xf32, strided<[2]>>' are cast incompatible`],
  [`%a = memref.alloc() {alignment = -1 : i64} : memref<4xf32>`, `custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0`],
  [`%a = memref.load %m[%i, %i] {nontemporal = 3 : i32} : memref<4x?xf32>`, `custom op 'memref.load' 'memref.load' op attribute 'nontemporal' failed to satisfy constraint: bool attribute`],
  [`memref.load %m[%i] : memref<4x?xf32>`, `'memref.load' op incorrect number of indices for load, expected 2 but got 1`],
  [`memref.store %v, %m[%i] : memref<4x?xf32>`, `'memref.store' op store index operand count not equal to memref rank`],
  [`"memref.load"(%m, %i, %i) : (memref<4x?xf32>, index, index) -> f64`, `'memref.load' op failed to verify that result type matches element type of 'memref'`],
  [`"memref.store"(%i, %m, %i, %i) : (index, memref<4x?xf32>, index, index) -> ()`, `'memref.store' op failed to verify that type of 'value' matches element type of 'memref'`],
]

describe('memref diagnostics', () => {
  for (const [body, message] of INVALID) {
    it(body, () => {
      expect(run(`func.func @f(%m: memref<4x?xf32>, %i: index, %v: f32) {\n${body}\nreturn\n}\n`).error).toContain(message)
    })
  }
})
