import {
  AnyRegion,
  AnyType,
  DictArrayAttr,
  FlatSymbolRefAttr,
  Trait,
  defineOp,
  optionalAttr,
  printType,
  typeConstraint,
  variadic,
  type LogicalResult,
  type OdsOp,
  type Operation,
} from '@tilepass/ir'
import { directCallInterface, functionLikeInterfaces, functionOpAsm, functionOpAttributes, getFunctionType, verifyDirectCallSymbolUse, verifyFunctionLike } from '../func/FuncOps.ts'
import { AsyncValueType, isAsyncTokenType } from './AsyncTypes.ts'

const AnyValueOrToken = typeConstraint('async value type or async token type', (t) => t instanceof AsyncValueType || isAsyncTokenType(t))

function quoted(t: Parameters<typeof printType>[0]): string {
  return `'${printType(t)}'`
}

/** True when the `async.func` returns a token first (MLIR's `FuncOp::isStateful`). */
function isStateful(fn: Operation): boolean {
  const results = getFunctionType(fn).results
  return results.length > 0 && isAsyncTokenType(results[0]!)
}

/** `async.func`: a function that returns an optional `!async.token` and `!async.value`s. */
export const AsyncFuncOp: OdsOp = defineOp({
  name: 'async.func',
  summary: 'async function operation',
  attributes: functionOpAttributes,
  regions: { body: AnyRegion },
  traits: Trait.IsolatedFromAbove | Trait.Symbol,
  interfaces: functionLikeInterfaces,
  defaultDialect: 'async',
  ...functionOpAsm,
  verify(op: Operation): LogicalResult {
    if (!verifyFunctionLike(op, 'arg_attrs', 'res_attrs')) {
      return false
    }
    const results = getFunctionType(op).results
    if (results.length === 0) {
      return op.emitOpError(`result is expected to be at least of size 1, but got ${results.length}`).fail()
    }
    for (let i = 0; i < results.length; i++) {
      const t = results[i]!
      if (!(t instanceof AsyncValueType) && !isAsyncTokenType(t)) {
        return op.emitOpError(`result type must be async value type or async token type, but got ${quoted(t)}`).fail()
      }
      if (isAsyncTokenType(t) && i !== 0) {
        // Upstream's message starts with a space after the op name.
        return op.emitOpError(` results' (optional) async token type is expected to appear as the 1st return value, but got ${i + 1}`).fail()
      }
    }
    return true
  },
})

/** `async.return`: returns the values of the enclosing `async.func`'s `!async.value` results. */
export const AsyncReturnOp: OdsOp = defineOp({
  name: 'async.return',
  summary: 'Async function return operation',
  operands: { operands: variadic(AnyType) },
  traits: Trait.Pure | Trait.ReturnLike | Trait.IsTerminator,
  parentOpNames: ['async.func'],
  assemblyFormat: 'attr-dict ($operands^ `:` type($operands))?',
  verify(op: Operation): LogicalResult {
    const fn = op.parentOp!
    const results = getFunctionType(fn).results.slice(isStateful(fn) ? 1 : 0)
    const operands = op.getOperands()
    const same =
      operands.length === results.length && results.every((r, i) => r instanceof AsyncValueType && r.valueType === operands[i]!.type)
    return same ? true : op.emitOpError('operand types do not match the types returned from the parent FuncOp').fail()
  },
})

/** `async.call`: a direct call of an `async.func`. */
export const AsyncCallOp: OdsOp = defineOp({
  name: 'async.call',
  summary: 'async call operation',
  operands: { operands: variadic(AnyType) },
  results: { results: variadic(AnyValueOrToken) },
  attributes: {
    callee: FlatSymbolRefAttr,
    arg_attrs: optionalAttr(DictArrayAttr),
    res_attrs: optionalAttr(DictArrayAttr),
  },
  interfaces: [directCallInterface],
  assemblyFormat: '$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)',
  verifySymbolUses: (op: Operation) => verifyDirectCallSymbolUse(op, 'async.func', 'async function'),
})

/** The ops of the `async` subset: `async.func`, `async.call` and `async.return`. */
export const asyncOps: readonly OdsOp[] = [AsyncFuncOp, AsyncCallOp, AsyncReturnOp]
