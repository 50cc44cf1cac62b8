/** The `transform` dialect subset: named sequences, op matching and conversion-pattern application. */
export { TransformDialect } from './TransformDialect.ts'
export {
  ApplyConversionPatternsOp,
  ConvertToLLVMPatternsOp,
  FuncToLLVMPatternsOp,
  MatchOp,
  MemrefToLLVMTypeConverterOp,
  NamedSequenceOp,
  YieldOp,
  transformOps,
} from './TransformOps.ts'
export { TransformHandleType, TransformParamType, isTransformOpHandleType, parseTransformType, printTransformType } from './TransformTypes.ts'
