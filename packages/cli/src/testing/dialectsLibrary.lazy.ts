// A lazy table (see scripts/lazyTables.js). In the tools' bundle each entry below is
// evaluated from the module that declares it, not through @tilepass/dialects' index, whose
// init would evaluate every dialect of the package: the first `test` op of a run would
// otherwise load llvm, nvvm, gpu, memref and the rest (about 40M instructions).
import { ConstantIntRanges, InferIntRangeInterface, parseFunctionOp, printFunctionOp, rangeBitWidth } from '@tilepass/dialects'

/**
 * @internal What the test dialect uses of @tilepass/dialects, each entry loaded on its first
 * call (call each once, at a module's top level: in the bundle every call looks its module
 * up again).
 */
export const TEST_DIALECTS_LIBRARY = {
  ConstantIntRanges: () => ConstantIntRanges,
  InferIntRangeInterface: () => InferIntRangeInterface,
  parseFunctionOp: () => parseFunctionOp,
  printFunctionOp: () => printFunctionOp,
  rangeBitWidth: () => rangeBitWidth,
}
