// memref subset (memref.load, memref.store): parse then print must equal mlir-opt 22.1.8's output,
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

// Each message is the one mlir-opt 22.1.8 reports for the same input.
const INVALID: readonly (readonly [string, string])[] = [
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
