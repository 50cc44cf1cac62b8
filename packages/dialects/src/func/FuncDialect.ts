import type { DialectDefinition } from '@tilepass/ir'
import { funcOps } from './FuncOps.ts'

/** The `func` dialect: `func.func`, `func.return`, `func.call`, `func.call_indirect`, `func.constant`. */
export const FuncDialect: DialectDefinition = {
  namespace: 'func',
  ops: funcOps,
}
