// The smallest useful input: a function that returns a constant. `pnpm start` runs
// tilepass-opt on it; `mlir-opt examples/hello.mlir` (Debian's mlir-22-tools) prints the same.
module {
  func.func @answer() -> i32 {
    %c42 = arith.constant 42 : i32
    return %c42 : i32
  }
}
