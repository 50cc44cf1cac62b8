/**
 * Checks `llvm.func` makes over its whole body for the exception-handling and block-address
 * ops (upstream's `LLVMFuncOp::verify`): one landing-pad type per function, unique block tags.
 * Ops are matched by name so this file depends on no op definition.
 */
import type { LogicalResult, Operation, Type } from '@tilepass/ir'
import { LLVMBlockTagAttr } from './LLVMBlockAddressAttributes.ts'

/**
 * Every `llvm.landingpad` result and `llvm.resume` operand in `func` has the same type;
 * the first one that differs (in a post-order walk) is reported on the function.
 */
export function verifyLandingpadTypes(func: Operation): LogicalResult {
  let seen: Type | null = null
  let message = ''
  func.walk((op) => {
    const kind = op.name.name
    let type: Type
    if (kind === 'llvm.landingpad') {
      type = op.getResult(0).type
    } else if (kind === 'llvm.resume' && op.numOperands === 1) {
      type = op.getOperand(0).type
    } else {
      return 'advance'
    }
    if (seen === null) {
      seen = type
    } else if (seen !== type) {
      message =
        kind === 'llvm.landingpad'
          ? "'llvm.landingpad' should have a consistent result type inside a function"
          : "'llvm.resume' should have a consistent input type inside a function"
      return 'interrupt'
    }
    return 'advance'
  })
  return message === '' ? true : func.emitError(message).fail()
}

/** No two `llvm.blocktag` ops in `func` carry the same tag. */
export function verifyUniqueBlockTags(func: Operation): LogicalResult {
  const tags = new Set<number>()
  let duplicate: Operation | null = null
  func.walk((op) => {
    if (op.name.name !== 'llvm.blocktag') {
      return 'advance'
    }
    const tag = op.getAttr('tag')
    if (!(tag instanceof LLVMBlockTagAttr)) {
      return 'advance'
    }
    if (tags.has(tag.tagId)) {
      duplicate = op
      return 'interrupt'
    }
    tags.add(tag.tagId)
    return 'advance'
  })
  if (duplicate === null) {
    return true
  }
  const dup: Operation = duplicate
  return dup.emitError(`duplicate block tag '${(dup.getAttr('tag') as LLVMBlockTagAttr).tagId}' in the same function: `).fail()
}
