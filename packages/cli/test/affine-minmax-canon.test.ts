import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

// Canonicalization of affine.min/max and affine.delinearize_index against mlir-opt 22.1.8: every expected text below is what
// `mlir-opt -allow-unregistered-dialect --canonicalize` printed for the same input.
function canonicalize(source: string): { rc: number; out: string; err: string } {
  const io = memoryIO({ 'in.mlir': source })
  const rc = main(['-allow-unregistered-dialect', '--canonicalize', 'in.mlir'], io)
  return { rc, out: io.out, err: io.err }
}

describe('affine.min/max canonicalization (mlir-opt 22)', () => {
  it('merges a producer min/max bound to a bare dim or symbol into its consumer of the same kind', () => {
    // %1 uses %0 inside `d0 * 4` and %2 is a min of a max: neither merges; %3 and @twice do
    // (@twice binds the producer twice: its results come in twice and are deduplicated).
    expect(canonicalize(`func.func @merge(%a: index, %b: index, %c: index) -> (index, index, index) {
  %0 = affine.max affine_map<(d0)[s0] -> (d0, s0 + 2)> (%a)[%b]
  %1 = affine.max affine_map<(d0)[s0] -> (d0 * 4, s0)> (%0)[%c]
  %2 = affine.min affine_map<()[s0] -> (8, s0)> ()[%0]
  %3 = affine.max affine_map<(d0) -> (-3, d0)> (%0)
  return %1, %2, %3 : index, index, index
}
func.func @twice(%a: index) -> index {
  %0 = affine.min affine_map<()[s0] -> (s0 + 16, s0 * 8)> ()[%a]
  %1 = affine.min affine_map<(d0, d1) -> (d0, 64, d1)> (%0, %0)
  return %1 : index
}
`)).toEqual({ rc: 0, out: `#map = affine_map<()[s0, s1] -> (s1, s0 + 2)>
#map1 = affine_map<()[s0, s1] -> (s1 * 4, s0)>
#map2 = affine_map<()[s0] -> (8, s0)>
#map3 = affine_map<()[s0, s1] -> (-3, s1, s0 + 2)>
#map4 = affine_map<()[s0] -> (64, s0 + 16, s0 * 8)>
module {
  func.func @merge(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index) {
    %0 = affine.max #map()[%arg1, %arg0]
    %1 = affine.max #map1()[%arg2, %0]
    %2 = affine.min #map2()[%0]
    %3 = affine.max #map3()[%arg1, %arg0]
    return %1, %2, %3 : index, index, index
  }
  func.func @twice(%arg0: index) -> index {
    %0 = affine.min #map4()[%arg0]
    return %0 : index
  }
}

`, err: '' })
  })
  it('orders pure affine results by their flattened coefficients, leaving mod and semi-affine maps', () => {
    expect(canonicalize(`func.func @order(%a: index, %b: index, %c: index) -> (index, index, index, index) {
  %0 = affine.min affine_map<(d0, d1) -> (d0 + d1, d1 + 16, 32)> (%a, %b)
  %1 = affine.max affine_map<()[s0, s1] -> (s1 * 2, s0 - s1, -4)> ()[%a, %b]
  %2 = affine.min affine_map<()[s0, s1] -> (s1, s0 mod 4)> ()[%a, %b]
  %3 = affine.max affine_map<()[s0, s1] -> (s1, s0 * s1)> ()[%a, %b]
  return %0, %1, %2, %3 : index, index, index, index
}
`)).toEqual({ rc: 0, out: `#map = affine_map<()[s0, s1] -> (32, s1 + 16, s0 + s1)>
#map1 = affine_map<()[s0, s1] -> (-4, s1 * 2, s0 - s1)>
#map2 = affine_map<()[s0, s1] -> (s1, s0 mod 4)>
#map3 = affine_map<()[s0, s1] -> (s1, s0 * s1)>
module {
  func.func @order(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index, index) {
    %0 = affine.min #map()[%arg0, %arg1]
    %1 = affine.max #map1()[%arg0, %arg1]
    %2 = affine.min #map2()[%arg0, %arg1]
    %3 = affine.max #map3()[%arg0, %arg1]
    return %0, %1, %2, %3 : index, index, index, index
  }
}

`, err: '' })
  })
})

describe('affine.delinearize_index canonicalization (mlir-opt 22)', () => {
  it('folds constant bases and indices, a single result, and drops unit-extent basis elements', () => {
    expect(canonicalize(`func.func @units(%x: index, %n: index) -> (index, index, index, index, index) {
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %0:3 = affine.delinearize_index %x into (%n, 1, %c6) : index, index, index
  %1:2 = affine.delinearize_index %x into (%c1) : index, index
  return %0#0, %0#1, %0#2, %1#0, %1#1 : index, index, index, index, index
}
func.func @consts(%n: index) -> (index, index, index, index, index) {
  %c22 = arith.constant 22 : index
  %cm7 = arith.constant -7 : index
  %0:3 = affine.delinearize_index %c22 into (3, 4) : index, index, index
  %1:2 = affine.delinearize_index %cm7 into (5, 4) : index, index
  return %0#0, %0#1, %0#2, %1#0, %1#1 : index, index, index, index, index
}
func.func @single(%x: index, %n: index) -> index {
  %0 = affine.delinearize_index %x into (%n) : index
  %1:2 = affine.delinearize_index %0 into (%n) : index, index
  return %1#1 : index
}
`)).toEqual({ rc: 0, out: `module {
  func.func @units(%arg0: index, %arg1: index) -> (index, index, index, index, index) {
    %c0 = arith.constant 0 : index
    %0:2 = affine.delinearize_index %arg0 into (%arg1, 6) : index, index
    return %0#0, %c0, %0#1, %arg0, %c0 : index, index, index, index, index
  }
  func.func @consts(%arg0: index) -> (index, index, index, index, index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c-2 = arith.constant -2 : index
    return %c1, %c2, %c2, %c-2, %c1 : index, index, index, index, index
  }
  func.func @single(%arg0: index, %arg1: index) -> index {
    %0:2 = affine.delinearize_index %arg0 into (%arg1) : index, index
    return %0#1 : index
  }
}

`, err: '' })
  })
})
