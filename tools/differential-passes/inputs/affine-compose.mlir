// Chains of affine.apply composed into affine.apply, affine.load and affine.store;
// constant operands folded into the maps; quotients and remainders simplified with
// the bounds of the loops around them.
func.func @chains(%n: index, %m: index) -> (index, index, index) {
  %c6 = arith.constant 6 : index
  %a = affine.apply affine_map<(d0)[s0] -> (d0 * 3 + s0 - 1)> (%n)[%m]
  %b = affine.apply affine_map<(d0) -> (d0 floordiv 2)> (%a)
  %c = affine.apply affine_map<(d0, d1)[s0] -> (d0 + d1 * 2 - s0)> (%a, %b)[%c6]
  %d = affine.apply affine_map<()[s0, s1] -> (s0 mod 4 + s1 ceildiv 3)> ()[%c, %a]
  %e = affine.apply affine_map<(d0, d1) -> (d0 - d1)> (%a, %a)
  return %c, %d, %e : index, index, index
}

func.func @subscripts(%A: memref<64x64xf32>, %B: memref<128xf32>, %n: index) {
  affine.for %i = 0 to 32 {
    %x = affine.apply affine_map<(d0) -> (d0 + 1)> (%i)
    %y = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)> (%x)[%n]
    %v = affine.load %A[%x, %y floordiv 4] : memref<64x64xf32>
    affine.store %v, %B[%y - symbol(%n)] : memref<128xf32>
    affine.for %j = 8 to 16 step 2 {
      %q = affine.apply affine_map<(d0, d1) -> ((d0 + d1 * 32) floordiv 32)> (%j, %i)
      %w = affine.load %A[%q, %j mod 8] : memref<64x64xf32>
      affine.store %w, %B[(%i mod 16) floordiv 16 + %j floordiv 8] : memref<128xf32>
    }
  }
  return
}

func.func @min_max(%n: index, %m: index) -> (index, index, index) {
  %c4 = arith.constant 4 : index
  %a = affine.apply affine_map<(d0) -> (d0 + 2)> (%n)
  %0 = affine.min affine_map<(d0)[s0] -> (d0 * 2, s0, d0 * 2)> (%a)[%m]
  %1 = affine.max affine_map<(d0)[s0] -> (d0 + s0)> (%a)[%c4]
  %2 = affine.min affine_map<(d0, d1) -> (d0 + d1, 12)> (%c4, %c4)
  return %0, %1, %2 : index, index, index
}
