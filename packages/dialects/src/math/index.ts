export { MathDialect } from './MathDialect.ts'
export { ExpOp, mathOps } from './MathOps.ts'
