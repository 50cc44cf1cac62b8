import { FunctionType, Operation, OperationState, SymbolRefAttr, type DialectDefinition } from '@tilepass/ir'
import { funcInlinerInterface } from './FuncInliner.ts'
import { funcOps } from './FuncOps.ts'

/** The `func` dialect: `func.func`, `func.return`, `func.call`, `func.call_indirect`, `func.constant`. */
export const FuncDialect: DialectDefinition = {
  namespace: 'func',
  ops: funcOps,
  // Loading func loads cf (and through it arith), as upstream's registration does.
  dependentDialects: ['cf'],
  interfaces: { inliner: funcInlinerInterface },
  // A symbol reference of function type materializes as `func.constant` (as upstream).
  materializeConstant(builder, value, type, loc) {
    if (!(value instanceof SymbolRefAttr) || value.nestedReferences.length !== 0 || !(type instanceof FunctionType)) {
      return null
    }
    const state = new OperationState(loc, builder.context.getOperationName('func.constant'))
    state.addTypes([type])
    state.addAttribute('value', value)
    return builder.insert(Operation.create(state))
  },
}
