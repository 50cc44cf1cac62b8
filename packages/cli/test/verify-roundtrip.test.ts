// --verify-roundtrip: the parsed IR is printed, parsed back in a fresh context and compared in
// the generic form before any pass runs (mlir-opt's doVerifyRoundTrip, its textual half).
import { describe, expect, it } from 'vitest'
import { BuiltinDialect, Context, parseSourceString, type Diagnostic } from '@tilepass/ir'
import { registerAllDialects } from '@tilepass/dialects'
import { main } from '../src/tilepass-opt.ts'
import { doVerifyRoundTrip } from '../src/internal/verifyRoundtrip.ts'
import { memoryIO } from './memoryIO.ts'

const INPUT = `llvm.func @foo(i32) -> i32
llvm.func @p(...) -> i32
llvm.func @f(%a: i32) -> !llvm.ptr attributes {personality = @p} {
  %0 = llvm.invoke @foo(%a) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.blocktag <id = 3>
  %1 = llvm.blockaddress <function = @f, tag = <id = 3>> : !llvm.ptr
  llvm.return %1 : !llvm.ptr
^bb2:
  %2 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %2 : !llvm.struct<(ptr, i32)>
}
func.func @r() -> tensor<2xi32> {
  %0 = arith.constant dense_resource<blob> : tensor<2xi32>
  return %0 : tensor<2xi32>
}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000100000002000000"
    }
  }
#-}
`

describe('tilepass-opt --verify-roundtrip', () => {
  it('accepts IR that round-trips and prints it unchanged', () => {
    const plain = memoryIO({ 'in.mlir': INPUT })
    expect(main(['in.mlir'], plain)).toBe(0)
    const io = memoryIO({ 'in.mlir': INPUT })
    expect(main(['--verify-roundtrip', 'in.mlir'], io)).toBe(0)
    expect(io.err).toBe('')
    expect(io.out).toBe(plain.out)
  })

  it('keeps region argument locations, which only the generic form prints', () => {
    const text = `func.func @f(%lb: index, %ub: index, %x: f32) -> f32 {
  %0 = scf.for %i = %lb to %ub step %lb iter_args(%acc = %x) -> (f32) {
    scf.yield %acc : f32
  }
  return %0 : f32
}
`
    const io = memoryIO({ 'in.mlir': text })
    expect(main(['--verify-roundtrip', 'in.mlir'], io)).toBe(0)
    expect(io.err).toBe('')
  })

  it('lists the option as mlir-opt does', () => {
    const io = memoryIO()
    expect(main(['--help'], io)).toBe(0)
    expect(io.out).toContain('  --verify-roundtrip  ')
    expect(io.out).toContain('- Round-trip the IR after parsing and ensure it succeeds\n')
  })

  it('reports on the module when the printed text does not parse back', () => {
    const ctx = new Context({ dialects: [BuiltinDialect] })
    registerAllDialects(ctx)
    const messages: string[] = []
    ctx.diagEngine.registerHandler((d: Diagnostic) => {
      messages.push(d.message)
      return true
    })
    const parsed = parseSourceString(INPUT, ctx)!
    // A context without the llvm dialect cannot read the printed llvm ops back.
    const fresh = new Context({ dialects: [BuiltinDialect] })
    expect(doVerifyRoundTrip(parsed.op, parsed, fresh)).toBe(false)
    ctx.diagEngine.flush()
    expect(messages.length).toBeGreaterThan(1)
    expect(messages[messages.length - 1]).toBe("'builtin.module' op failed to parse textual content back, cannot verify round-trip.\n")
  })
})
