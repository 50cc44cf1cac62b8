// lower-affine on min/max, parallel loops (with reductions and min/max bounds),
// if/else with results, and loads and stores with composed subscripts.
func.func @min_max(%a: index, %b: index) -> (index, index) {
  %0 = affine.min affine_map<(d0, d1) -> (d0 - d1, d1 floordiv 3, 7)> (%a, %b)
  %1 = affine.max affine_map<(d0)[s0] -> (d0 mod 5, s0 ceildiv 2)> (%a)[%b]
  return %0, %1 : index, index
}

func.func @parallel(%A: memref<16x16xf32>, %n: index, %m: index) -> (f32, i32) {
  affine.parallel (%i, %j) = (0, max(%n, 2)) to (min(%m, 16), 16) step (2, 4) {
    %v = affine.load %A[%i, %j] : memref<16x16xf32>
    affine.store %v, %A[%j, %i + 1] : memref<16x16xf32>
  }
  %r:2 = affine.parallel (%k) = (0) to (16) reduce ("addf", "muli") -> (f32, i32) {
    %v = affine.load %A[%k, %k] : memref<16x16xf32>
    %c = arith.constant 3 : i32
    affine.yield %v, %c : f32, i32
  }
  return %r#0, %r#1 : f32, i32
}

func.func @branches(%A: memref<16xf32>, %n: index) -> f32 {
  %z = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 16 iter_args(%acc = %z) -> f32 {
    %s = affine.if affine_set<(d0)[s0] : (d0 - 2 >= 0, s0 - d0 - 1 >= 0)> (%i)[%n] -> f32 {
      %v = affine.load %A[%i] : memref<16xf32>
      %t = arith.addf %acc, %v : f32
      affine.yield %t : f32
    } else {
      affine.yield %acc : f32
    }
    affine.yield %s : f32
  }
  return %r : f32
}
