/** The `func` dialect: op definitions, the function-like syntax helpers and the dialect definition. */
export { FuncDialect } from './FuncDialect.ts'
export {
  FuncOp,
  ReturnOp,
  CallOp,
  CallIndirectOp,
  ConstantOp as FuncConstantOp,
  funcOps,
  getFunctionType,
  printFunctionOp,
  parseFunctionOp,
  verifyFunctionLike,
  buildFuncOp,
  buildCallOp,
} from './FuncOps.ts'
export type { BuildFuncOptions } from './FuncOps.ts'
