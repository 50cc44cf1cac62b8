import { describe, expect, it } from 'vitest'
import { printOperation } from '@tilepass/ir'
import { runPipeline } from './helpers.ts'

// Expected outputs come from `mlir-opt <input> --cse` and, for locations,
// `mlir-opt <input> --cse --mlir-print-debuginfo` (MLIR 22.1.8).

/** Two chains of 100 equal adds (more entries than the table starts with), then regions that must not share. */
function chainInput(): string {
  const lines = ['func.func @many(%a: i32, %b: i1) -> i32 {']
  for (let i = 0; i < 100; i++) {
    lines.push(`  %x${i} = arith.addi ${i === 0 ? '%a' : `%x${i - 1}`}, %a : i32`)
  }
  for (let i = 0; i < 100; i++) {
    lines.push(`  %y${i} = arith.addi ${i === 0 ? '%a' : `%y${i - 1}`}, %a : i32`)
  }
  lines.push(`  %r = scf.if %b -> (i32) {
    %t = arith.muli %y99, %y99 : i32
    %t2 = arith.muli %x99, %x99 : i32
    scf.yield %t2 : i32
  } else {
    %e = arith.muli %x99, %x99 : i32
    %e2 = arith.addi %e, %a : i32
    scf.yield %e2 : i32
  }
  %after = arith.muli %x99, %x99 : i32
  %s = arith.addi %r, %after : i32
  return %s : i32
}
func.func @iso(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}`)
  return lines.join('\n') + '\n'
}

function chainExpected(): string {
  const lines = ['module {', '  func.func @many(%arg0: i32, %arg1: i1) -> i32 {']
  for (let i = 0; i < 100; i++) {
    lines.push(`    %${i} = arith.addi ${i === 0 ? '%arg0' : `%${i - 1}`}, %arg0 : i32`)
  }
  lines.push(`    %100 = scf.if %arg1 -> (i32) {
      %103 = arith.muli %99, %99 : i32
      scf.yield %103 : i32
    } else {
      %103 = arith.muli %99, %99 : i32
      %104 = arith.addi %103, %arg0 : i32
      scf.yield %104 : i32
    }
    %101 = arith.muli %99, %99 : i32
    %102 = arith.addi %100, %101 : i32
    return %102 : i32
  }
  func.func @iso(%arg0: i32) -> i32 {
    %0 = arith.addi %arg0, %arg0 : i32
    %1 = arith.muli %0, %0 : i32
    return %1 : i32
  }
}
`)
  return lines.join('\n')
}

const locInput = `func.func @f(%a: i32) -> (i32, i32, i32) {
  %0 = arith.addi %a, %a : i32 loc(unknown)
  %1 = arith.addi %a, %a : i32 loc("x.mlir":3:4)
  %2 = arith.muli %a, %a : i32 loc("y.mlir":5:6)
  %3 = arith.muli %a, %a : i32 loc(unknown)
  %4 = arith.subi %a, %a : i32
  %5 = arith.subi %a, %a : i32 loc("z.mlir":7:8)
  return %1, %3, %5 : i32, i32, i32
}
`

describe('cse scopes and locations', () => {
  it('finds equal ops through many entries, and never across sibling regions or out of a region', () => {
    const r = runPipeline(chainInput(), 'builtin.module(cse)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(chainExpected())
  })

  it('gives a kept op at an unknown location the location of the op it replaces', () => {
    const r = runPipeline(locInput, 'builtin.module(cse)')
    expect(r.ok).toBe(true)
    const body = printOperation(r.module, { printDebugInfo: true })
    const ops = body.split('\n').filter((l) => l.includes(' = arith.'))
    expect(ops).toEqual([
      '    %0 = arith.addi %arg0, %arg0 : i32 loc(#loc3)',
      '    %1 = arith.muli %arg0, %arg0 : i32 loc(#loc4)',
      '    %2 = arith.subi %arg0, %arg0 : i32 loc(#loc5)',
    ])
    expect(body).toContain('#loc3 = loc("x.mlir":3:4)\n#loc4 = loc(unknown)\n#loc5 = loc("z.mlir":7:8)')
  })

  it('keeps a dead op in a region until the walk is done, so that region is not equal to one without it', () => {
    // The first `scf.if` still holds its dead `muli` when the third (whose operand CSE
    // makes `%x`) is compared with it, so the two stay apart; the unused second one goes.
    const input = `func.func @f(%c: i1, %a: i32) -> (i32, i32) {
  %x = arith.addi %a, %a : i32
  %r1 = scf.if %c -> (i32) {
    %dead = arith.muli %a, %a : i32
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %dead2 = arith.subi %a, %a : i32
  %r2 = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %a : i32
  }
  %y = arith.addi %a, %a : i32
  %r3 = scf.if %c -> (i32) {
    scf.yield %y : i32
  } else {
    scf.yield %a : i32
  }
  return %r1, %r3 : i32, i32
}
`
    const r = runPipeline(input, 'builtin.module(cse)')
    expect(r.ok).toBe(true)
    expect(r.text).toBe(`module {
  func.func @f(%arg0: i1, %arg1: i32) -> (i32, i32) {
    %0 = arith.addi %arg1, %arg1 : i32
    %1 = scf.if %arg0 -> (i32) {
      scf.yield %0 : i32
    } else {
      scf.yield %arg1 : i32
    }
    %2 = scf.if %arg0 -> (i32) {
      scf.yield %0 : i32
    } else {
      scf.yield %arg1 : i32
    }
    return %1, %2 : i32, i32
  }
}
`)
  })
})
