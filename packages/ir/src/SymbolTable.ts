import { ArrayAttr, DictionaryAttr, StringAttr, SymbolRefAttr, type Attribute } from './Attributes.ts'
import type { Operation } from './Operation.ts'
import { Trait } from './OperationName.ts'

/** `Trait.SymbolTable`, read once (a property load per test costs more than the test). */
const SYMBOL_TABLE = Trait.SymbolTable

/** Symbol visibility, from the `sym_visibility` attribute (public when absent). */
export type SymbolVisibility = 'public' | 'private' | 'nested'

/**
 * Symbol utilities and a cached name-to-op table for one symbol-table op
 * (`builtin.module`), as MLIR's `SymbolTable`.
 */
export class SymbolTable {
  /** Attribute holding a symbol's name. */
  static readonly symbolAttrName = 'sym_name'
  /** Attribute holding a symbol's visibility. */
  static readonly visibilityAttrName = 'sym_visibility'

  private readonly table = new Map<string, Operation>()

  /** Builds the table of the symbols directly inside `op`'s single region. */
  constructor(readonly op: Operation) {
    const region = op.regions[0]
    if (region === undefined) {
      return
    }
    for (const b of region.blocks()) {
      for (const o of b.ops()) {
        const name = SymbolTable.getSymbolName(o)
        if (name !== undefined && !this.table.has(name)) {
          this.table.set(name, o)
        }
      }
    }
  }

  /** The symbol named `name` directly inside this table's op. */
  lookup(name: string): Operation | undefined {
    return this.table.get(name)
  }
  /** Adds a symbol op to the cache (it must already be inside the table's op). */
  insert(symbol: Operation): void {
    const name = SymbolTable.getSymbolName(symbol)
    if (name !== undefined) {
      this.table.set(name, symbol)
    }
  }
  /** Removes a symbol from the cache. */
  remove(symbol: Operation): void {
    const name = SymbolTable.getSymbolName(symbol)
    if (name !== undefined && this.table.get(name) === symbol) {
      this.table.delete(name)
    }
  }

  /** The name of a symbol op, or undefined. */
  static getSymbolName(op: Operation): string | undefined {
    const a = op.getAttr(SymbolTable.symbolAttrName)
    return a instanceof StringAttr ? a.value : undefined
  }
  static setSymbolName(op: Operation, name: string): void {
    op.setAttr(SymbolTable.symbolAttrName, StringAttr.get(op.context, name))
  }
  static getSymbolVisibility(op: Operation): SymbolVisibility {
    const a = op.getAttr(SymbolTable.visibilityAttrName)
    if (a instanceof StringAttr && (a.value === 'private' || a.value === 'nested')) {
      return a.value
    }
    return 'public'
  }
  static setSymbolVisibility(op: Operation, vis: SymbolVisibility): void {
    if (vis === 'public') {
      op.removeAttr(SymbolTable.visibilityAttrName)
    } else {
      op.setAttr(SymbolTable.visibilityAttrName, StringAttr.get(op.context, vis))
    }
  }
  /** The closest ancestor (or `op` itself) that is a symbol table. */
  static getNearestSymbolTable(op: Operation): Operation | null {
    for (let o: Operation | null = op; o !== null; o = o.parentOp) {
      if ((o.name.traits & SYMBOL_TABLE) !== 0) {
        return o
      }
    }
    return null
  }
  /** Looks up `name` directly inside the symbol-table op `tableOp` (linear scan). */
  static lookupSymbolIn(tableOp: Operation, name: string | SymbolRefAttr): Operation | undefined {
    // `typeof` first and an indexed loop: in the cold code that verifies a module's calls, an
    // `instanceof` per name and a for-of iterator cost several times the lookup itself.
    if (typeof name !== 'string') {
      // Anything else names no symbol (a caller without types may pass an absent callee).
      // Told by constructor first: an `instanceof` costs several loads and calls there.
      if (name === undefined || name === null || (name.constructor !== SymbolRefAttr && !(name instanceof SymbolRefAttr))) {
        return undefined
      }
      let cur = SymbolTable.lookupSymbolIn(tableOp, name.rootReference)
      const nested = name.nestedReferences
      for (let i = 0; i < nested.length; i++) {
        if (cur === undefined || (cur.name.traits & SYMBOL_TABLE) === 0) {
          return undefined
        }
        cur = SymbolTable.lookupSymbolIn(cur, nested[i]!)
      }
      return cur
    }
    if (lookupCache !== null) {
      // A table already in the cache has its region.
      const symbols = lookupCache.get(tableOp)
      if (symbols !== undefined) {
        return symbols.get(name)
      }
    }
    const region = tableOp.regions[0]
    if (region === undefined) {
      return undefined
    }
    if (lookupCache !== null) {
      return cachedSymbolsOf(lookupCache, tableOp).get(name)
    }
    for (const b of region.blocks()) {
      for (const o of b.ops()) {
        if (SymbolTable.getSymbolName(o) === name) {
          return o
        }
      }
    }
    return undefined
  }
  /**
   * Looks `ref` up in the nearest symbol table enclosing `from` (as MLIR does: the tables
   * further out are not searched, so a reference cannot reach past the nearest table).
   */
  static lookupNearestSymbolFrom(from: Operation, ref: string | SymbolRefAttr): Operation | undefined {
    const table = from === nearestTableUser ? nearestTableOfUser : SymbolTable.getNearestSymbolTable(from)
    return table === null ? undefined : SymbolTable.lookupSymbolIn(table, ref)
  }
  /**
   * Calls `fn` for every symbol reference inside `attr`, looking into arrays and
   * dictionaries. `fn` may return true to stop; the walk then returns true.
   */
  static walkSymbolRefs(attr: Attribute, fn: (ref: SymbolRefAttr) => boolean | void): boolean {
    if (attr instanceof SymbolRefAttr) {
      return fn(attr) === true
    }
    if (attr instanceof ArrayAttr) {
      for (const e of attr.elements) {
        if (SymbolTable.walkSymbolRefs(e, fn)) {
          return true
        }
      }
    } else if (attr instanceof DictionaryAttr) {
      for (const e of attr.entries) {
        if (SymbolTable.walkSymbolRefs(e.value, fn)) {
          return true
        }
      }
    }
    return false
  }

  /**
   * Every use of a symbol reference in the attributes of ops nested in `from`
   * (not crossing into nested symbol tables' contents is left to callers).
   */
  static *getSymbolUses(from: Operation): IterableIterator<{ user: Operation; ref: SymbolRefAttr }> {
    const uses: { user: Operation; ref: SymbolRefAttr }[] = []
    from.walk((op) => {
      if (op === from) {
        return
      }
      for (const na of op.getAttrs()) {
        SymbolTable.walkSymbolRefs(na.value, (ref) => {
          uses.push({ user: op, ref })
        })
      }
    }, 'pre')
    yield* uses
  }
}

// While the verifier runs the symbol-use hook of `nearestTableUser`, the nearest symbol
// table of that op (which the verifier knows: the table whose uses it is checking), so the
// hook's lookup from that op does not climb its ancestors again (see `setNearestSymbolTable`).
let nearestTableUser: Operation | null = null
let nearestTableOfUser: Operation | null = null

/**
 * @internal Tells `lookupNearestSymbolFrom` that `table` is the nearest symbol table of
 * `user` (or itself, if a symbol table) until the next call; null `user` forgets it. Only
 * for the verifier, which knows it of the ops whose symbol uses it checks.
 */
export function setNearestSymbolTable(user: Operation | null, table: Operation | null): void {
  nearestTableUser = user
  nearestTableOfUser = table
}

// While set (see `withSymbolLookupCache`), per symbol table the symbols it defines by
// name, made on first lookup; the first definition of a name wins, as in the linear scan.
let lookupCache: Map<Operation, Map<string, Operation>> | null = null

function cachedSymbolsOf(cache: Map<Operation, Map<string, Operation>>, tableOp: Operation): Map<string, Operation> {
  let symbols = cache.get(tableOp)
  if (symbols === undefined) {
    symbols = new Map()
    for (let b = tableOp.regions[0]!.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        const name = SymbolTable.getSymbolName(o)
        if (name !== undefined && !symbols.has(name)) {
          symbols.set(name, o)
        }
      }
    }
    cache.set(tableOp, symbols)
  }
  return symbols
}

/**
 * @internal Runs `fn` with `SymbolTable.lookupSymbolIn` answering from maps built once per
 * symbol table (as MLIR's `SymbolTableCollection`) instead of a scan per lookup. The IR
 * must not change while `fn` runs: the verifier uses it for the symbol-use hooks.
 * `symbols`, when given, is the table of `tableOp` already built by the caller (every
 * symbol directly inside it by name, the first definition of a name winning).
 */
export function withSymbolLookupCache<T>(fn: () => T, tableOp?: Operation, symbols?: Map<string, Operation>): T {
  if (lookupCache !== null) {
    if (tableOp !== undefined && !lookupCache.has(tableOp)) {
      lookupCache.set(tableOp, symbols!)
    }
    return fn()
  }
  lookupCache = new Map()
  if (tableOp !== undefined) {
    lookupCache.set(tableOp, symbols!)
  }
  try {
    return fn()
  } finally {
    lookupCache = null
  }
}
