import { DenseArrayAttr, IntegerAttr, IntegerType, type DialectDefinition, type LogicalResult, type NamedAttribute, type OdsOp, type Operation } from '@tilepass/ir'
import { parseNVVMAttribute, printNVVMAttribute } from './NVVMAttributes.ts'
import { nvvmMmaOps } from './NVVMMmaOps.ts'
import { nvvmBaseOps } from './NVVMOps.ts'

/** The ops of the `nvvm` dialect. */
export const nvvmOps: readonly OdsOp[] = [...nvvmBaseOps, ...nvvmMmaOps]

const LAUNCH_BOUNDS = new Set(['nvvm.maxntid', 'nvvm.reqntid', 'nvvm.cluster_dim'])
const INTEGER_ATTRS = new Set(['nvvm.minctasm', 'nvvm.maxnreg', 'nvvm.cluster_max_blocks'])

/**
 * The `nvvm` dialect's check of its discardable attributes (upstream's
 * `NVVMDialect::verifyOperationAttribute`): `nvvm.kernel` only on `llvm.func`, launch bounds
 * as `array<i32: ...>` of 1 to 3 values, integer occupancy hints, and
 * `nvvm.blocksareclusters` only with `nvvm.reqntid` and `nvvm.cluster_dim`.
 */
export function verifyNVVMOperationAttribute(op: Operation, attr: NamedAttribute): LogicalResult {
  const name = attr.name
  const value = attr.value
  // Upstream streams the name as a string attribute, quotes included.
  const quotedName = `'"${name}"'`
  if (name === 'nvvm.kernel' && op.name.name !== 'llvm.func') {
    return op.emitError("'nvvm.kernel' attribute attached to unexpected op").fail()
  }
  if (LAUNCH_BOUNDS.has(name)) {
    const ok = value instanceof DenseArrayAttr && value.elementType instanceof IntegerType && value.elementType.width === 32 && value.values.length > 0 && value.values.length <= 3
    if (!ok) {
      return op.emitError(`${quotedName} attribute must be integer array with maximum 3 index`).fail()
    }
  }
  if (INTEGER_ATTRS.has(name) && !(value instanceof IntegerAttr)) {
    return op.emitError(`${quotedName} attribute must be integer constant`).fail()
  }
  if (name === 'nvvm.blocksareclusters' && (op.getAttr('nvvm.reqntid') === undefined || op.getAttr('nvvm.cluster_dim') === undefined)) {
    return op.emitError(`${quotedName} attribute must be used along with 'nvvm.reqntid' and 'nvvm.cluster_dim'`).fail()
  }
  return true
}

/** The `nvvm` dialect: NVVM intrinsics as ops (special registers, barriers, shuffles, async copies, tensor-core ops). */
export const NVVMDialect: DialectDefinition = {
  namespace: 'nvvm',
  ops: nvvmOps,
  parseAttribute: (parser) => parseNVVMAttribute(parser),
  printAttribute: (attr, printer) => printNVVMAttribute(attr, printer),
  verifyOperationAttribute: verifyNVVMOperationAttribute,
}
