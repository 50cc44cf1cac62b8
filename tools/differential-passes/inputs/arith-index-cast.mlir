// IndexCastOfIndexCast / IndexCastUIOfIndexCastUI are patterns (not folds): visible with enable-patterns=none.
func.func @f(%a: index, %b: i32) -> (index, i32, index, i32) {
  %0 = arith.index_cast %a : index to i8
  %1 = arith.index_cast %0 : i8 to index
  %2 = arith.index_cast %b : i32 to index
  %3 = arith.index_cast %2 : index to i32
  %4 = arith.index_castui %a : index to i8
  %5 = arith.index_castui %4 : i8 to index
  %6 = arith.index_cast %a : index to i32
  %7 = arith.index_castui %6 : i32 to index
  %8 = arith.index_castui %7 : index to i32
  return %1, %3, %5, %8 : index, i32, index, i32
}
