// Folder quirks kept from upstream: boolean/zero splats on dynamic shapes, and constant shifts
// whose fold is decided by the last element's shift amount.
func.func @f(%t: tensor<?xi32>, %b: tensor<?xi1>, %f: tensor<?xf32>) -> (tensor<?xi32>, tensor<?xi1>, tensor<?xi32>, tensor<?xi32>) {
  %0 = arith.subi %t, %t : tensor<?xi32>
  %1 = arith.cmpi sle, %b, %b : tensor<?xi1>
  %2 = arith.xori %t, %t : tensor<?xi32>
  %3 = arith.remui %t, %t : tensor<?xi32>
  return %0, %1, %2, %3 : tensor<?xi32>, tensor<?xi1>, tensor<?xi32>, tensor<?xi32>
}
func.func @shifts() -> (vector<4xi1>, vector<4xi1>, vector<2xi8>, vector<2xi8>) {
  %a = arith.constant dense<[false, false, true, false]> : vector<4xi1>
  %b = arith.constant dense<[false, true, true, false]> : vector<4xi1>
  %0 = arith.shrsi %a, %a : vector<4xi1>
  %1 = arith.shli %a, %b : vector<4xi1>
  %c = arith.constant dense<[7, -8]> : vector<2xi8>
  %d = arith.constant dense<[9, 1]> : vector<2xi8>
  %e = arith.constant dense<[1, 9]> : vector<2xi8>
  %2 = arith.shrui %c, %d : vector<2xi8>
  %3 = arith.shrsi %c, %e : vector<2xi8>
  return %0, %1, %2, %3 : vector<4xi1>, vector<4xi1>, vector<2xi8>, vector<2xi8>
}
// NaN constants keep their sign and payload through negf, binary ops (first NaN operand, quieted) and bitcast.
func.func @nans() -> (i16, bf16, i32, f32, f32, f64) {
  %a = arith.constant 0x7F81 : bf16
  %0 = arith.bitcast %a : bf16 to i16
  %b = arith.constant -32767 : i16
  %1 = arith.bitcast %b : i16 to bf16
  %c = arith.constant 0xFFC00001 : f32
  %2 = arith.bitcast %c : f32 to i32
  %3 = arith.negf %c : f32
  %4 = arith.addf %c, %c : f32
  %d = arith.constant 0x7FF0000000000001 : f64
  %e = arith.constant 1.0 : f64
  %5 = arith.mulf %e, %d : f64
  return %0, %1, %2, %3, %4, %5 : i16, bf16, i32, f32, f32, f64
}
func.func @nan_sccp() -> (f32, f32, f32) {
  %a = arith.constant 0x7FC00000 : f32
  %b = arith.negf %a : f32
  %c = arith.addf %b, %a : f32
  %d = arith.constant 0xFFC00001 : f32
  %e = arith.negf %d : f32
  return %b, %c, %e : f32, f32, f32
}

func.func @dense_nans() -> (vector<4xf32>, vector<2xi16>, vector<2xf16>, bf16) {
  %a = arith.constant dense<[-58, 95, -24, 7]> : vector<4xi32>
  %0 = arith.bitcast %a : vector<4xi32> to vector<4xf32>
  %b = arith.constant dense<[0x7E01, 1.0]> : vector<2xf16>
  %1 = arith.bitcast %b : vector<2xf16> to vector<2xi16>
  %c = arith.constant dense<-2> : vector<2xi16>
  %2 = arith.bitcast %c : vector<2xi16> to vector<2xf16>
  %n = arith.constant 0xFFC0 : bf16
  %one = arith.constant 1.5 : bf16
  %3 = arith.minimumf %n, %one : bf16
  return %0, %1, %2, %3 : vector<4xf32>, vector<2xi16>, vector<2xf16>, bf16
}

// extf/truncf of NaN constants: quiet NaNs keep sign and payload, signaling NaNs and payloads losing bits stay unfolded.
func.func @convert_nans() -> (f64, f64, f32, f64, f16, f16, bf16) {
  %s = arith.constant 0x7C01 : f16
  %0 = arith.extf %s : f16 to f64
  %q = arith.constant 0xFE01 : f16
  %1 = arith.extf %q : f16 to f64
  %2 = arith.extf %q : f16 to f32
  %n = arith.negf %s : f16
  %3 = arith.extf %n : f16 to f64
  %w = arith.constant 0x7FF8000000000001 : f64
  %4 = arith.truncf %w : f64 to f16
  %v = arith.constant 0x7FF8040000000000 : f64
  %5 = arith.truncf %v : f64 to f16
  %b = arith.constant 0x7FC10000 : f32
  %6 = arith.truncf %b : f32 to bf16
  return %0, %1, %2, %3, %4, %5, %6 : f64, f64, f32, f64, f16, f16, bf16
}
