import { SymbolTable, Trait, type Operation, type SymbolRefAttr } from '@tilepass/ir'

/**
 * Symbol lookups answered from a map per symbol table, built on the first lookup in that
 * table (MLIR's `SymbolTableCollection`): a pass that resolves many references makes one
 * scan per table instead of one per lookup. The first definition of a name wins, as in
 * `SymbolTable.lookupSymbolIn`. A pass that adds, renames or erases symbols of a table it
 * has looked into calls `invalidate(table)`.
 */
export class SymbolTableCollection {
  private readonly tables: Map<Operation, Map<string, Operation>> = new Map()
  /** The table of the last lookup and its symbols: lookups come in runs on one table. */
  private lastTable: Operation | null = null
  private lastSymbols: Map<string, Operation> | null = null

  /** The symbol `ref` names inside the symbol-table op `table` (nested references followed). */
  lookupSymbolIn(table: Operation, ref: string | SymbolRefAttr): Operation | undefined {
    if (typeof ref === 'string') {
      return this.symbolsOf(table).get(ref)
    }
    let cur = this.symbolsOf(table).get(ref.rootReference)
    // An indexed loop: most references are flat, and a for-of would make an iterator for
    // each of them.
    const nested = ref.nestedReferences
    for (let i = 0; i < nested.length; i++) {
      if (cur === undefined || !cur.hasTrait(Trait.SymbolTable)) {
        return undefined
      }
      cur = this.symbolsOf(cur).get(nested[i]!)
    }
    return cur
  }

  /** `ref` looked up in the nearest symbol table enclosing `from` (as `SymbolTable.lookupNearestSymbolFrom`). */
  lookupNearestSymbolFrom(from: Operation, ref: string | SymbolRefAttr): Operation | undefined {
    const table = SymbolTable.getNearestSymbolTable(from)
    return table === null ? undefined : this.lookupSymbolIn(table, ref)
  }

  /** Forgets what is known of `table` (after its symbols changed). */
  invalidate(table: Operation): void {
    this.tables.delete(table)
    if (table === this.lastTable) {
      this.lastTable = null
      this.lastSymbols = null
    }
  }

  private symbolsOf(table: Operation): Map<string, Operation> {
    if (table === this.lastTable) {
      return this.lastSymbols!
    }
    let symbols = this.tables.get(table)
    if (symbols === undefined) {
      symbols = new Map()
      for (let b = table.regions[0]?.firstBlock ?? null; b !== null; b = b.nextBlock) {
        for (let o = b.firstOp; o !== null; o = o.nextOp) {
          const name = SymbolTable.getSymbolName(o)
          if (name !== undefined && !symbols.has(name)) {
            symbols.set(name, o)
          }
        }
      }
      this.tables.set(table, symbols)
    }
    this.lastTable = table
    this.lastSymbols = symbols
    return symbols
  }
}
