func.func @g(%a: i32, %m: memref<4x?xf32, strided<[?, 1], offset: ?>>, %c: i1) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1:2 = "test.two"(%0, %a, %0) {s = "x\"y|z{w}", arr = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17], d = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]> : tensor<17xi32>, sp = dense<1.0> : tensor<4x4xf32>, small = dense<[1,2]> : tensor<2xi32>} : (i32, i32, i32) -> (i32, i64)
  cf.cond_br %c, ^bb1(%1#0 : i32), ^bb2
^bb1(%x: i32):
  %2 = "test.region"(%x) ({
  ^bb0(%y: i32):
    "test.yield"(%y) : (i32) -> ()
  }) : (i32) -> i32
  cf.br ^bb2
^bb2:
  %c1 = arith.constant 1 : index
  %3 = "test.dim"(%m, %c1) : (memref<4x?xf32, strided<[?, 1], offset: ?>>, index) -> index
  return %1#0 : i32
}
func.func private @decl(i32) -> i32
