import type { DialectDefinition, LogicalResult, NamedAttribute, Operation } from '@tilepass/ir'
import { NamedSequenceOp, transformOps, verifyNamedSequenceBody } from './TransformOps.ts'
import { parseTransformType, printTransformType } from './TransformTypes.ts'

/**
 * The `transform` dialect, as far as Tilepass models it: the handle and parameter types
 * (`!transform.any_op`, `!transform.any_value`, `!transform.param<T>`), named sequences,
 * `transform.structured.match` and the conversion-pattern ops that drive a dialect conversion
 * to LLVM from the `--transform-interpreter` pass.
 */
export const TransformDialect: DialectDefinition = {
  namespace: 'transform',
  ops: transformOps,
  parseType: (parser) => parseTransformType(parser),
  printType: (type, printer) => printTransformType(type, printer),
  verifyOperationAttribute: (op, attr) => verifyTransformOpAttribute(op, attr),
}

/** The module attribute `transform.with_named_sequence`: the named sequences directly inside `op` are checked first. */
function verifyTransformOpAttribute(op: Operation, attr: NamedAttribute): LogicalResult {
  if (attr.name !== 'transform.with_named_sequence' || op.regions.length === 0) {
    return true
  }
  for (const block of op.regions[0]!.blockList) {
    for (const child of block.operations) {
      if (child.name.name === NamedSequenceOp.name && !verifyNamedSequenceBody(child)) {
        return false
      }
    }
  }
  return true
}
