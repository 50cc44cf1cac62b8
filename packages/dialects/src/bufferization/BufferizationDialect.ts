import { legalInlinerInterface } from '../func/FuncInliner.ts'
import {
  AffineMapAttr,
  BoolAttrC,
  FunctionOpInterface,
  StringAttr,
  StridedLayoutAttr,
  getMemoryEffects,
  success,
  type DialectDefinition,
  type LogicalResult,
  type NamedAttribute,
  type Operation,
} from '@tilepass/ir'
import { bufferizationOps } from './BufferizationOps.ts'

const kWritable = 'bufferization.writable'
const kBufferAccess = 'bufferization.access'
const kBufferLayout = 'bufferization.buffer_layout'
const kManualDeallocation = 'bufferization.manual_deallocation'

/**
 * MLIR's `BufferizationDialect::verifyRegionArgAttribute`: `writable` (a bool, on a defined
 * function), `access` (one of none/read/write/read-write) and `buffer_layout` (a memref
 * layout) on function arguments; nothing else.
 */
function verifyRegionArgAttribute(op: Operation, _region: number, _arg: number, attr: NamedAttribute): LogicalResult {
  const fn = FunctionOpInterface.get(op)
  switch (attr.name) {
    case kWritable:
      if (!BoolAttrC.check(attr.value)) {
        return op.emitError(`'${kWritable}' is expected to be a boolean attribute`).fail()
      }
      if (fn === undefined) {
        return op.emitError(`expected '${kWritable}' to be used on function-like operations`).fail()
      }
      if (fn.getFunctionBody(op).firstBlock === null) {
        return op.emitError(`'${kWritable}' is invalid on external functions`).fail()
      }
      return success()
    case kBufferAccess: {
      if (!(attr.value instanceof StringAttr)) {
        return op.emitError(`'${kBufferAccess}' is expected to be a string attribute`).fail()
      }
      const access = attr.value.value
      if (access !== 'none' && access !== 'read' && access !== 'write' && access !== 'read-write') {
        return op.emitError(`invalid value for '${kBufferAccess}'`).fail()
      }
      if (fn === undefined) {
        return op.emitError(`expected '${kBufferAccess}' to be used on function-like operations`).fail()
      }
      return success()
    }
    case kBufferLayout:
      if (!(attr.value instanceof AffineMapAttr || attr.value instanceof StridedLayoutAttr)) {
        return op.emitError(`'${kBufferLayout}' is expected to be a memref layout attribute`).fail()
      }
      if (fn === undefined) {
        return op.emitError(`expected '${kBufferLayout}' to be used on function-like operations`).fail()
      }
      return success()
    default:
      // Upstream names the layout attribute here whatever the attribute is.
      return op.emitError(`attribute '${kBufferLayout}' not supported as a region arg attribute by the bufferization dialect`).fail()
  }
}

/**
 * MLIR's `BufferizationDialect::verifyOperationAttribute`: only `manual_deallocation`, on ops
 * that allocate or free memory.
 */
function verifyOperationAttribute(op: Operation, attr: NamedAttribute): LogicalResult {
  if (attr.name === kManualDeallocation) {
    const effects = getMemoryEffects(op)
    if (effects === null || !effects.some((e) => e.kind === 'allocate' || e.kind === 'free')) {
      return op.emitOpError(`attribute '${kManualDeallocation}' can be used only on ops that have an allocation and/or free side effect`).fail()
    }
    return success()
  }
  return op.emitError(`attribute '"${attr.name}"' not supported as an op attribute by the bufferization dialect`).fail()
}

/**
 * The `bufferization` dialect's ops: alloc_tensor, clone, dealloc_tensor,
 * materialize_in_destination, to_tensor, to_buffer and dealloc.
 */
export const BufferizationDialect: DialectDefinition = {
  namespace: 'bufferization',
  dependentDialects: ['arith', 'memref', 'tensor'],
  ops: bufferizationOps,
  // MLIR's `BufferizationInlinerInterface`: every op is legal to inline.
  interfaces: { inliner: legalInlinerInterface },
  verifyOperationAttribute,
  verifyRegionArgAttribute,
}
