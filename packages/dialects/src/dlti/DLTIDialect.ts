import { success, type DialectDefinition, type LogicalResult, type NamedAttribute, type Operation } from '@tilepass/ir'
import { DLTIEntriesAttr, kDataLayoutAttrName, parseDLTIAttribute, printDLTIAttribute, type DLTIEntriesMnemonic } from './DLTIAttributes.ts'

/** The discardable `dlti.*` attribute names and the entry list each must hold. */
const kAttrKinds: ReadonlyMap<string, DLTIEntriesMnemonic> = new Map<string, DLTIEntriesMnemonic>([
  [kDataLayoutAttrName, 'dl_spec'],
  ['dlti.target_system_spec', 'target_system_spec'],
  ['dlti.map', 'map'],
])

/** MLIR's `DLTIDialect::verifyOperationAttribute`: only the three known names, each with its kind of attribute. */
function verifyDLTIOperationAttribute(op: Operation, attr: NamedAttribute): LogicalResult {
  const kind = kAttrKinds.get(attr.name)
  if (kind === undefined) {
    return op.emitError(`attribute '${attr.name}' not supported by dialect`).fail()
  }
  if (!(attr.value instanceof DLTIEntriesAttr) || attr.value.mnemonic !== kind) {
    return op.emitError(`'${attr.name}' is expected to be a #dlti.${kind} attribute`).fail()
  }
  return success()
}

/** The `dlti` dialect (data layout and target information): attributes only. */
export const DLTIDialect: DialectDefinition = {
  namespace: 'dlti',
  parseAttribute: (parser) => parseDLTIAttribute(parser),
  printAttribute: (attr, printer) => printDLTIAttribute(attr, printer),
  verifyOperationAttribute: verifyDLTIOperationAttribute,
}
