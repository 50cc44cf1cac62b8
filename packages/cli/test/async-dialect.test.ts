import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

// The async dialect subset (types, async.func, async.call, async.return) against mlir-opt
// 22.1.8: every expected text below is what mlir-opt printed for the same input and options.
function opt(args: readonly string[], source: string): { rc: number; out: string; err: string } {
  const io = memoryIO({ 'in.mlir': source })
  const rc = main([...args, 'in.mlir'], io)
  return { rc, out: io.out, err: io.err }
}

const FUNCS = `async.func private @decl(i32) -> !async.value<i32>
async.func @body(%x: f32, %g: !async.group) -> (!async.token, !async.value<f32>, !async.value<!async.value<f32>>) attributes {note = 1 : i64} {
  %v = "test.wrap"(%x) : (f32) -> !async.value<f32>
  return %x, %v : f32, !async.value<f32>
}
func.func @use(%x: f32, %g: !async.group) -> !async.token {
  %t, %a, %b = async.call @body(%x, %g) : (f32, !async.group) -> (!async.token, !async.value<f32>, !async.value<!async.value<f32>>)
  return %t : !async.token
}
`

describe('async dialect (mlir-opt 22)', () => {
  it('prints its types and functions in custom and generic form', () => {
    expect(opt(['-allow-unregistered-dialect'], FUNCS)).toEqual({ rc: 0, out: `module {
  async.func private @decl(i32) -> !async.value<i32>
  async.func @body(%arg0: f32, %arg1: !async.group) -> (!async.token, !async.value<f32>, !async.value<!async.value<f32>>) attributes {note = 1 : i64} {
    %0 = "test.wrap"(%arg0) : (f32) -> !async.value<f32>
    return %arg0, %0 : f32, !async.value<f32>
  }
  func.func @use(%arg0: f32, %arg1: !async.group) -> !async.token {
    %0:3 = async.call @body(%arg0, %arg1) : (f32, !async.group) -> (!async.token, !async.value<f32>, !async.value<!async.value<f32>>)
    return %0#0 : !async.token
  }
}

`, err: '' })
    expect(opt(['-allow-unregistered-dialect', '--mlir-print-op-generic'], FUNCS)).toEqual({ rc: 0, out: `"builtin.module"() ({
  "async.func"() <{function_type = (i32) -> !async.value<i32>, sym_name = "decl", sym_visibility = "private"}> ({
  }) : () -> ()
  "async.func"() <{function_type = (f32, !async.group) -> (!async.token, !async.value<f32>, !async.value<!async.value<f32>>), sym_name = "body"}> ({
  ^bb0(%arg2: f32, %arg3: !async.group):
    %1 = "test.wrap"(%arg2) : (f32) -> !async.value<f32>
    "async.return"(%arg2, %1) : (f32, !async.value<f32>) -> ()
  }) {note = 1 : i64} : () -> ()
  "func.func"() <{function_type = (f32, !async.group) -> !async.token, sym_name = "use"}> ({
  ^bb0(%arg0: f32, %arg1: !async.group):
    %0:3 = "async.call"(%arg0, %arg1) <{callee = @body}> : (f32, !async.group) -> (!async.token, !async.value<f32>, !async.value<!async.value<f32>>)
    "func.return"(%0#0) : (!async.token) -> ()
  }) : () -> ()
}) : () -> ()

`, err: '' })
  })
  it('reports bad signatures, returns, callees and type names as mlir-opt does', () => {
    const r = opt(['-split-input-file'], `async.func @two_tokens() -> (!async.value<i32>, !async.token) {
  %0 = arith.constant 1 : i32
  return %0 : i32
}
// -----
async.func @wrong_return() -> (!async.token, !async.value<i32>) {
  %0 = arith.constant 1 : i64
  return %0 : i64
}
// -----
func.func @not_async(%a: i32) {
  %0 = async.call @not_async(%a) : (i32) -> !async.value<i32>
  return
}
// -----
func.func private @bad(!async.bogus)
`)
    expect(r.rc).toBe(1)
    expect(r.err).toBe(`in.mlir:1:1: error: 'async.func' op  results' (optional) async token type is expected to appear as the 1st return value, but got 2
async.func @two_tokens() -> (!async.value<i32>, !async.token) {
^
in.mlir:1:1: note: see current operation: 
"async.func"() <{function_type = () -> (!async.value<i32>, !async.token), sym_name = "two_tokens"}> ({
  %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
  "async.return"(%0) : (i32) -> ()
}) : () -> ()
in.mlir:8:3: error: 'async.return' op operand types do not match the types returned from the parent FuncOp
  return %0 : i64
  ^
in.mlir:8:3: note: see current operation: "async.return"(%0) : (i64) -> ()
in.mlir:12:8: error: 'async.call' op 'not_async' does not reference a valid async function
  %0 = async.call @not_async(%a) : (i32) -> !async.value<i32>
       ^
in.mlir:12:8: note: see current operation: %0 = "async.call"(%arg0) <{callee = @not_async}> : (i32) -> !async.value<i32>
in.mlir:16:31: error: unknown  type \`bogus\` in dialect \`async\`
func.func private @bad(!async.bogus)
                              ^
`)
  })
  it('lets sccp fold an async callee whose return has fewer values than the call has results', () => {
    expect(opt(['-sccp', '-inline'], `async.func private @produce(%a: i32) -> (!async.token, !async.value<i32>) {
  %c = arith.constant 3 : i32
  %s = arith.addi %a, %c : i32
  return %s : i32
}
func.func @consume() -> !async.value<i32> {
  %c1 = arith.constant 1 : i32
  %t, %v = async.call @produce(%c1) : (i32) -> (!async.token, !async.value<i32>)
  return %v : !async.value<i32>
}
`)).toEqual({ rc: 0, out: `module {
  async.func private @produce(%arg0: i32) -> (!async.token, !async.value<i32>) {
    %c4_i32 = arith.constant 4 : i32
    return %c4_i32 : i32
  }
  func.func @consume() -> !async.value<i32> {
    %c1_i32 = arith.constant 1 : i32
    %0:2 = async.call @produce(%c1_i32) : (i32) -> (!async.token, !async.value<i32>)
    return %0#1 : !async.value<i32>
  }
}

`, err: '' })
  })
})
