// CmpFIntToFPConst: cmpf of sitofp/uitofp against a float constant becomes cmpi (or a
// constant): exact and fractional constants, out-of-range constants, ord/uno, wide ints.
func.func @cmpf_int(%a: i8, %b: i16, %c: i32, %d: i64) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %f8 = arith.sitofp %a : i8 to f32
  %u8 = arith.uitofp %a : i8 to f32
  %f16 = arith.sitofp %b : i16 to f16
  %f32 = arith.sitofp %c : i32 to f32
  %f64 = arith.uitofp %d : i64 to f64
  %c4 = arith.constant 4.0 : f32
  %c44 = arith.constant 4.4 : f32
  %cm44 = arith.constant -4.4 : f32
  %big = arith.constant 1.0e10 : f32
  %h = arith.constant 100.5 : f16
  %w = arith.constant 16777217.0 : f32
  %x = arith.constant 3.0 : f64
  %0 = arith.cmpf oeq, %f8, %c4 : f32
  %1 = arith.cmpf olt, %f8, %c44 : f32
  %2 = arith.cmpf uge, %f8, %cm44 : f32
  %3 = arith.cmpf ogt, %u8, %cm44 : f32
  %4 = arith.cmpf ult, %u8, %c44 : f32
  %5 = arith.cmpf one, %f8, %c44 : f32
  %6 = arith.cmpf ole, %f8, %big : f32
  %7 = arith.cmpf ord, %f8, %c4 : f32
  %8 = arith.cmpf uno, %u8, %c4 : f32
  %9 = arith.cmpf ogt, %f16, %h : f16
  %10 = arith.cmpf olt, %f32, %w : f32
  %11 = arith.cmpf oeq, %f32, %c4 : f32
  %12 = arith.cmpf oge, %f64, %x : f64
  %13 = arith.cmpf ole, %u8, %cm44 : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
