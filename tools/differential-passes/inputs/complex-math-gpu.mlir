// complex and math folds, and gpu.alloc with async tokens.
func.func @f(%a: complex<f32>, %b: complex<f32>) -> (complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, f32, f32, complex<f32>, complex<f64>) {
  %s = complex.sub %a, %b : complex<f32>
  %0 = complex.add %s, %b : complex<f32>
  %1 = complex.add %b, %s : complex<f32>
  %z = complex.constant [0.0 : f32, 0.0 : f32] : complex<f32>
  %2 = complex.add %a, %z : complex<f32>
  %p = complex.add %a, %b : complex<f32>
  %3 = complex.sub %p, %b : complex<f32>
  %4 = complex.sub %a, %z : complex<f32>
  %k = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
  %r = complex.re %k : complex<f32>
  %i = complex.im %k : complex<f32>
  %ra = complex.re %a : complex<f32>
  %ia = complex.im %a : complex<f32>
  %c = complex.create %ra, %ia : complex<f32>
  %one = complex.constant [1.0 : f64, 0.0 : f64] : complex<f64>
  %x = complex.create %r, %i : complex<f32>
  %rx = complex.re %x : complex<f32>
  %e = complex.constant [3.0 : f64, 0.0 : f64] : complex<f64>
  %m = complex.mul %e, %one : complex<f64>
  return %0, %1, %2, %3, %4, %r, %rx, %c, %m : complex<f32>, complex<f32>, complex<f32>, complex<f32>, complex<f32>, f32, f32, complex<f32>, complex<f64>
}
func.func @m(%a: f32, %v: vector<4xf16>) -> (f32, f32, f64, f32, vector<4xf32>, f16, vector<4xf16>) {
  %0 = math.exp %a : f32
  %1 = math.exp %a fastmath<fast> : f32
  %c = arith.constant 1.5 : f32
  %2 = math.exp %c : f32
  %d = arith.constant -0.25 : f64
  %3 = math.exp %d : f64
  %cv = arith.constant dense<[0.5, 1.0, 2.0, 88.0]> : vector<4xf32>
  %4 = math.exp %cv : vector<4xf32>
  %h = arith.constant 1.0 : f16
  %5 = math.exp %h : f16
  %6 = math.exp %v : vector<4xf16>
  %big = arith.constant 100.0 : f32
  %7 = math.exp %big : f32
  return %0, %2, %3, %7, %4, %5, %6 : f32, f32, f64, f32, vector<4xf32>, f16, vector<4xf16>
}
func.func @g(%n: index, %s: index, %t: !gpu.async.token) -> (memref<1024xf32>, memref<?xf32>, memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>, !gpu.async.token) {
  %m = gpu.alloc [] () : memref<1024xf32>
  %d = gpu.alloc host_shared (%n) : memref<?xf32>
  %e = gpu.alloc [%t] () [%s] : memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %g, %tok = gpu.alloc async [%t] () : memref<8xf32>
  %h, %tok2 = gpu.alloc async () : memref<8xf32>
  %u = gpu.alloc () : memref<8xf32>
  return %m, %d, %e, %tok : memref<1024xf32>, memref<?xf32>, memref<4xf32, affine_map<(d0)[s0] -> (d0 + s0)>>, !gpu.async.token
}
func.func @h(%a: complex<f32>, %r: f32, %i: f32) -> (complex<f32>, f32, f32, complex<f32>) {
  %c = complex.create %r, %i : complex<f32>
  %s = complex.add %a, %c fastmath<nnan> : complex<f32>
  %m = complex.mul %s, %s : complex<f32>
  %d = complex.sub %m, %a : complex<f32>
  %re = complex.re %d : complex<f32>
  %im = complex.im %d fastmath<fast> : complex<f32>
  %k = complex.constant [1.0 : f32, 0.0 : f32] : complex<f32>
  %z = complex.mul %d, %k : complex<f32>
  return %z, %re, %im, %c : complex<f32>, f32, f32, complex<f32>
}
