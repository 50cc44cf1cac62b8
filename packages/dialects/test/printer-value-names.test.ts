// Value names as mlir-opt 22 prints them, for the constant names that conflict within a
// scope (`%c1_i32`, `%c1_i32_0`, ...), in nested loop bodies and across functions, with and
// without `--mlir-use-nameloc-as-prefix` (a NameLoc may take a suffixed name first).
import { describe, expect, it } from 'vitest'
import { BuiltinDialect, Context, parseSourceString, printOperation, type AsmPrinterOptions } from '@tilepass/ir'
import { ArithDialect } from '../src/arith/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { ScfDialect } from '../src/scf/index.ts'

const SOURCE = `func.func @f(%n: index) -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 1 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i32) {
    %x = arith.constant 1 : i32
    %y = arith.constant 1 : i32 loc("c1_i32_3")
    %s = arith.addi %acc, %x : i32
    %t = arith.addi %s, %y : i32
    scf.yield %t : i32
  }
  %z = arith.addi %r, %b : i32
  return %z : i32
}
func.func @g() -> i32 {
  %a = arith.constant 1 : i32 loc("c1_i32_0")
  %b = arith.constant 1 : i32
  %c = arith.constant 1 : i32
  %s = arith.addi %a, %b : i32
  %t = arith.addi %s, %c : i32
  return %t : i32
}
`

/** Parses SOURCE and prints it with `options`. */
function print(options: AsmPrinterOptions): string {
  const ctx = new Context({ dialects: [BuiltinDialect, FuncDialect, ArithDialect, ScfDialect] })
  const r = parseSourceString(SOURCE, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  return printOperation(r.op, options)
}

describe('conflicting value names', () => {
  it('numbers repeated constant names per scope as mlir-opt does', () => {
    expect(print({})).toBe(`module {
  func.func @f(%arg0: index) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %c1_i32_0 = arith.constant 1 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %c1_i32) -> (i32) {
      %c1_i32_1 = arith.constant 1 : i32
      %c1_i32_2 = arith.constant 1 : i32
      %2 = arith.addi %arg2, %c1_i32_1 : i32
      %3 = arith.addi %2, %c1_i32_2 : i32
      scf.yield %3 : i32
    }
    %1 = arith.addi %0, %c1_i32_0 : i32
    return %1 : i32
  }
  func.func @g() -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %c1_i32_0 = arith.constant 1 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %0 = arith.addi %c1_i32, %c1_i32_0 : i32
    %1 = arith.addi %0, %c1_i32_1 : i32
    return %1 : i32
  }
}
`)
  })

  it('skips suffixed names that NameLocs took, in this function or an earlier one', () => {
    const out = print({ useNameLocAsPrefix: true })
    // The loop body's NameLoc keeps `%c1_i32_3`; in @g the NameLoc took `%c1_i32_0` first.
    expect(out).toContain(`      %c1_i32_1 = arith.constant 1 : i32
      %c1_i32_3 = arith.constant 1 : i32
`)
    expect(out).toContain(`  }
  func.func @g() -> i32 {
    %c1_i32_0 = arith.constant 1 : i32
    %c1_i32 = arith.constant 1 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %0 = arith.addi %c1_i32_0, %c1_i32 : i32
    %1 = arith.addi %0, %c1_i32_1 : i32
    return %1 : i32
`)
  })
})
