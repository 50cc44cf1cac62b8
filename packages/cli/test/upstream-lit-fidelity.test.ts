import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

// Differences found by running upstream MLIR's lit tests per chunk; every expected output
// and diagnostic below was produced by mlir-opt 22.1.8 on the same input.
function run(source: string): { rc: number; out: string; err: string } {
  const io = memoryIO({ 'in.mlir': source })
  const rc = main(['in.mlir'], io)
  return { rc, out: io.out, err: io.err }
}

describe('fidelity fixes from upstream lit chunks', () => {
  it('an index literal with the sign bit set is out of range (it wrapped to a negative value)', () => {
    expect(run(`func.func @f() {
  %0 = arith.constant 9223372036854775810 : index
  return
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:2:23: error: integer constant out of range for attribute
  %0 = arith.constant 9223372036854775810 : index
                      ^
` })
  })

  it('an affine.for bound up to 2^63 - 1 stays exact', () => {
    expect(run(`func.func @f() {
  affine.for %i = -9223372036854775808 to 9223372036854775807 step 4611686018427387904 {
  }
  return
}
`)).toEqual({ rc: 0, out: `module {
  func.func @f() {
    affine.for %arg0 = -9223372036854775808 to 9223372036854775807 step 4611686018427387904 {
    }
    return
  }
}

`, err: `` })
  })

  it('an affine.for bound above 2^63 - 1 is rejected', () => {
    expect(run(`func.func @f() {
  affine.for %i = 1 to 18446744073709551615 {
  }
  return
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:2:24: error: integer constant out of range for attribute
  affine.for %i = 1 to 18446744073709551615 {
                       ^
` })
  })

  it('func.constant prints its attribute dictionary before the symbol', () => {
    expect(run(`func.func @f() {
  %0 = func.constant {a} @f : () -> ()
  return
}
`)).toEqual({ rc: 0, out: `module {
  func.func @f() {
    %f = constant {a} @f : () -> ()
    return
  }
}

`, err: `` })
  })

  it('func.constant rejects a value that is not a flat symbol reference', () => {
    expect(run(`func.func @f() {
  %0 = constant "" : index
  return
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:2:17: error: custom op 'func.constant' invalid kind of attribute specified
  %0 = constant "" : index
                ^
` })
  })

  it('an argument list without its opening parenthesis names the argument list', () => {
    expect(run(`func.func @f(%a: index) {
  scf.parallel unsigned (%i) = (%a) to (%a) step (%a) {
    scf.reduce
  }
  return
}
`)).toEqual({ rc: 1, out: ``, err: `in.mlir:2:15: error: expected '(' in argument list
  scf.parallel unsigned (%i) = (%a) to (%a) step (%a) {
              ^
` })
  })
})
