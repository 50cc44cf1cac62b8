/**
 * Attributes of the `dlti` dialect (MLIR's `DLTI.cpp`): `#dlti.dl_entry<key, value>` and the
 * entry lists `#dlti.dl_spec<...>`, `#dlti.map<...>`, `#dlti.target_system_spec<...>` and
 * `#dlti.target_device_spec<...>`, whose entries print as `key = value` (a type or a string
 * key). Data layout queries read them through `getIndexBitwidthFromDataLayout`.
 */
import { DialectAttr, IntegerAttr, IntegerType, IndexType, typeToString, type Attribute, type Context, type OpAsmParser, type OpAsmPrinter, type Operation, type Type } from '@tilepass/ir'

/** A key of a DLTI entry: a type, or an identifier (a string). */
export type DataLayoutEntryKey = Type | string

/** `#dlti.dl_entry<key, value>`: one entry of a data layout specification. */
export class DataLayoutEntryAttr extends DialectAttr {
  readonly dialectNamespace: string = 'dlti'
  /** @internal Use `DataLayoutEntryAttr.get`. */
  constructor(
    context: Context,
    readonly key: DataLayoutEntryKey,
    readonly value: Attribute,
  ) {
    super(context)
  }
  /** The interned entry mapping `key` (a type or an identifier) to `value`. */
  static get(context: Context, key: DataLayoutEntryKey, value: Attribute): DataLayoutEntryAttr {
    const k = typeof key === 'string' ? `s${JSON.stringify(key)}` : `t${key.id}`
    return context.uniquer.intern(`dlti.entry:${k}:${value.id}`, () => new DataLayoutEntryAttr(context, key, value))
  }
}

/** The mnemonics of the DLTI attributes that hold a list of entries. */
export type DLTIEntriesMnemonic = 'dl_spec' | 'map' | 'target_system_spec' | 'target_device_spec'

/**
 * `#dlti.dl_spec<...>` (MLIR's `DataLayoutSpecAttr`), `#dlti.map<...>`,
 * `#dlti.target_system_spec<...>` and `#dlti.target_device_spec<...>`: a list of entries.
 */
export class DLTIEntriesAttr extends DialectAttr {
  readonly dialectNamespace: string = 'dlti'
  /** @internal Use `DLTIEntriesAttr.get`. */
  constructor(
    context: Context,
    readonly mnemonic: DLTIEntriesMnemonic,
    readonly entries: readonly DataLayoutEntryAttr[],
  ) {
    super(context)
  }
  /** The interned `#dlti.<mnemonic><entries>`. */
  static get(context: Context, mnemonic: DLTIEntriesMnemonic, entries: readonly DataLayoutEntryAttr[]): DLTIEntriesAttr {
    return context.uniquer.intern(`dlti.${mnemonic}:${entries.map((e) => e.id).join(',')}`, () => new DLTIEntriesAttr(context, mnemonic, entries))
  }
  /** The value of the entry whose key is `key` (the same type, or the same identifier), if any. */
  getEntry(key: DataLayoutEntryKey): Attribute | undefined {
    for (const e of this.entries) {
      if (e.key === key) {
        return e.value
      }
    }
    return undefined
  }
}

/** The name of the discardable attribute that attaches a data layout specification to an op. */
export const kDataLayoutAttrName = 'dlti.dl_spec'

/** What each entry list accepts: type keys, and whether it may be empty. */
const kEntriesSyntax: Readonly<Record<DLTIEntriesMnemonic, { tryType: boolean; allowEmpty: boolean }>> = {
  dl_spec: { tryType: true, allowEmpty: true },
  map: { tryType: true, allowEmpty: true },
  target_system_spec: { tryType: false, allowEmpty: false },
  target_device_spec: { tryType: false, allowEmpty: false },
}

/** Parses `key = value`, where the key is a type (when `tryType`) or a string, or a `#dlti.dl_entry`. */
function parseKeyValuePair(parser: OpAsmParser, tryType: boolean): DataLayoutEntryAttr | undefined {
  const key: DataLayoutEntryKey | undefined = (tryType ? parser.parseOptionalType() : undefined) ?? parser.parseOptionalString()
  if (key !== undefined) {
    if (!parser.parseEqual()) {
      return undefined
    }
    const value = parser.parseAttribute()
    return value === undefined ? undefined : DataLayoutEntryAttr.get(parser.context, key, value)
  }
  const loc = parser.getCurrentLocation()
  const attr = parser.parseOptionalAttribute()
  if (attr instanceof DataLayoutEntryAttr) {
    return attr
  }
  if (attr === undefined) {
    parser.emitError(loc, 'failed to parse DLTI entry').report()
  } else {
    parser.emitError(loc, 'invalid kind of attribute specified').report()
  }
  return undefined
}

/** Parses the `<...>` of an entry list; duplicate keys are rejected as upstream's verifiers do. */
function parseEntries(parser: OpAsmParser, mnemonic: DLTIEntriesMnemonic, nameLoc: ReturnType<OpAsmParser['getCurrentLocation']>): DLTIEntriesAttr | undefined {
  const { tryType, allowEmpty } = kEntriesSyntax[mnemonic]
  if (!parser.parseLess()) {
    return undefined
  }
  const entries: DataLayoutEntryAttr[] = []
  if (!parser.parseOptionalGreater()) {
    do {
      const e = parseKeyValuePair(parser, tryType)
      if (e === undefined) {
        return undefined
      }
      entries.push(e)
    } while (parser.parseOptionalComma())
    if (!parser.parseGreater()) {
      return undefined
    }
  }
  if (entries.length === 0 && !allowEmpty) {
    parser.emitError(nameLoc, 'no DLTI entries provided').report()
    return undefined
  }
  const seen = new Set<DataLayoutEntryKey>()
  for (const e of entries) {
    if (seen.has(e.key)) {
      parser.emitError(nameLoc, `repeated DLTI key: ${typeof e.key === 'string' ? `"${e.key}"` : typeToString(e.key)}`).report()
      return undefined
    }
    seen.add(e.key)
  }
  return DLTIEntriesAttr.get(parser.context, mnemonic, entries)
}

/** Parses a `#dlti` attribute after the dialect name. */
export function parseDLTIAttribute(parser: OpAsmParser): Attribute | undefined {
  const nameLoc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  if (mnemonic === undefined) {
    return undefined
  }
  if (mnemonic === 'dl_entry') {
    if (!parser.parseLess()) {
      return undefined
    }
    let key: DataLayoutEntryKey | undefined = parser.parseOptionalString()
    if (key === undefined) {
      key = parser.parseType()
      if (key === undefined) {
        return undefined
      }
    }
    if (!parser.parseComma()) {
      return undefined
    }
    const value = parser.parseAttribute()
    if (value === undefined || !parser.parseGreater()) {
      return undefined
    }
    return DataLayoutEntryAttr.get(parser.context, key, value)
  }
  if (mnemonic === 'dl_spec' || mnemonic === 'map' || mnemonic === 'target_system_spec' || mnemonic === 'target_device_spec') {
    return parseEntries(parser, mnemonic, nameLoc)
  }
  parser.emitError(nameLoc, `unknown attribute \`${mnemonic}\` in dialect \`dlti\``).report()
  return undefined
}

function printKey(key: DataLayoutEntryKey, printer: OpAsmPrinter): void {
  if (typeof key === 'string') {
    // Upstream writes the identifier between quotes as it is, without escaping.
    printer.print(`"${key}"`)
  } else {
    printer.printType(key)
  }
}

/** Prints the body of a `#dlti` attribute (after `#dlti.`). */
export function printDLTIAttribute(attr: Attribute, printer: OpAsmPrinter): void {
  if (attr instanceof DataLayoutEntryAttr) {
    printer.print('dl_entry<')
    printKey(attr.key, printer)
    printer.print(', ')
    printer.printAttribute(attr.value)
    printer.print('>')
  } else if (attr instanceof DLTIEntriesAttr) {
    printer.print(`${attr.mnemonic}<`)
    attr.entries.forEach((e, i) => {
      if (i > 0) {
        printer.print(', ')
      }
      printKey(e.key, printer)
      printer.print(' = ')
      printer.printAttribute(e.value)
    })
    printer.print('>')
  }
}

/**
 * The width of `index` under the data layout in scope at `op` (MLIR's
 * `DataLayout::getTypeSizeInBits(index)` through `DataLayoutAnalysis::getAtOrAbove`): the
 * `index` entry of the `dlti.dl_spec` of the closest `builtin.module` at or above `op` that
 * has one, else 64.
 */
export function getIndexBitwidthFromDataLayout(op: Operation): number {
  const ctx = op.context
  const index = IndexType.get(ctx)
  for (let cur: Operation | null = op; cur !== null; cur = cur.parentOp) {
    if (cur.name.name !== 'builtin.module') {
      continue
    }
    const spec = cur.getAttr(kDataLayoutAttrName)
    if (!(spec instanceof DLTIEntriesAttr) || spec.mnemonic !== 'dl_spec') {
      continue
    }
    const v = spec.getEntry(index)
    if (v instanceof IntegerAttr && (v.type instanceof IntegerType || v.type instanceof IndexType)) {
      return Number(v.value)
    }
  }
  return 64
}
