func.func @h(%c: i1, %m: memref<4xf32>) -> (memref<4xf32>, tensor<2x3xf32>) {
  %0:2 = scf.if %c -> (memref<4xf32>, tensor<2x3xf32>) {
    %t = "test.t"() : () -> tensor<2x3xf32>
    scf.yield %m, %t : memref<4xf32>, tensor<2x3xf32>
  } else {
    %t = "test.t"() {big = dense<[[1,2,3,4,5,6,7,8,9],[1,2,3,4,5,6,7,8,9]]> : tensor<2x9xi64>, e = "a\nb", l = loc("x":1:2), f = 1.5 : f64, u = unit} : () -> tensor<2x3xf32>
    scf.yield %m, %t : memref<4xf32>, tensor<2x3xf32>
  }
  "test.graph"() ({
    %a = "test.use"(%b) : (i32) -> i32
    %b = "test.def"(%a) : (i32) -> i32
  }) : () -> ()
  return %0#0, %0#1 : memref<4xf32>, tensor<2x3xf32>
}
