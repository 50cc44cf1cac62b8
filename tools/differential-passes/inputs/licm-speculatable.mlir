// Speculatable test ops in loops.
func.func @test_speculatable_op_with_read_side_effect_success(%lb: index, %ub: index, %step: index) -> i32 {
  %cst_0 = arith.constant 0 : i32
  %cst_42 = arith.constant dense<42> : tensor<64xi32>
  %ind_42 = arith.constant 42 : index
  %sum_result = scf.for %i = %lb to %ub step %step iter_args(%acc = %cst_0) -> i32 {
    %always = "test.always_speculatable_op"() : () -> i32
    %always_read = "test.speculatable_op_with_memread"(%cst_42, %ind_42) : (tensor<64xi32>, index) -> i32
    %i_cast = arith.index_cast %i: index to i32
    %i_sum = arith.addi %acc, %i_cast : i32
    %test_sum = arith.addi %i_sum, %always_read : i32
    scf.yield %test_sum : i32
  }
  return %sum_result : i32
}
func.func @rec(%lb: index, %ub: index, %step: index, %arg: i32) {
  scf.for %i = %lb to %ub step %step {
    %val = "test.recursively_speculatable_op"()({
      %result = arith.addi %arg, %arg : i32
      test.region_yield %result : i32
    }) : () -> i32
    %v2 = "test.never_speculatable_op"() : () -> i32
    %c5 = arith.constant 5 : i32
    %v3 = "test.conditionally_speculatable_op"(%c5) : (i32) -> i32
    %v4 = "test.conditionally_speculatable_op"(%arg) : (i32) -> i32
  }
  return
}
