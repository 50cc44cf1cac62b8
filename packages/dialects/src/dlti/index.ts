/** The `dlti` dialect: data layout entries and specifications, and the index width they give. */
export { DLTIDialect } from './DLTIDialect.ts'
export {
  DataLayoutEntryAttr,
  DLTIEntriesAttr,
  getIndexBitwidthFromDataLayout,
  kDataLayoutAttrName,
  type DataLayoutEntryKey,
  type DLTIEntriesMnemonic,
} from './DLTIAttributes.ts'
