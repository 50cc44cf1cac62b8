/** The `async` dialect subset: async functions and calls, and the async types. */
export { AsyncDialect } from './AsyncDialect.ts'
export { AsyncCallOp, AsyncFuncOp, AsyncReturnOp, asyncOps } from './AsyncOps.ts'
export { AsyncSimpleType, AsyncValueType, isAsyncTokenType, parseAsyncType, printAsyncType } from './AsyncTypes.ts'
