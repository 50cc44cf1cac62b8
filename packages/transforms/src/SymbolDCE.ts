import {
  ArrayAttr,
  DictionaryAttr,
  StringAttr,
  SymbolRefAttr,
  SymbolTable,
  Trait,
  TypeAttr,
  type Attribute,
  type NamedAttribute,
  type Operation,
  type OperationName,
  type Region,
} from '@tilepass/ir'
import { SymbolTableCollection } from '@tilepass/analysis'
import { OperationPass, type Statistic } from '@tilepass/pass-manager'

// The trait bits tested per op, read once (in the cold code of one run, `Trait.X` is a
// property load per test).
const SYMBOL = Trait.Symbol
const SYMBOL_TABLE = Trait.SymbolTable

/**
 * True when an op named `name` with `regions` may define a symbol table nothing knows of:
 * an op with one region and no loaded dialect.
 */
function isPotentiallyUnknownSymbolTable(name: OperationName, regions: readonly Region[]): boolean {
  return regions.length === 1 && name.dialect === null
}

/** Appends the symbol references inside `attr` (arrays and dictionaries included) to `out`. */
function pushSymbolRefs(attr: Attribute, out: SymbolRefAttr[]): void {
  // The common leaves (names, signatures) hold no reference: told by constructor, where
  // the three `instanceof` tests below cost several times more until the code is optimized.
  const c = attr.constructor
  if (c === StringAttr || c === TypeAttr) {
    return
  }
  if (attr instanceof SymbolRefAttr) {
    out.push(attr)
  } else if (attr instanceof ArrayAttr) {
    const elements = attr.elements
    for (let i = 0; i < elements.length; i++) {
      pushSymbolRefs(elements[i]!, out)
    }
  } else if (attr instanceof DictionaryAttr) {
    const entries = attr.entries
    for (let i = 0; i < entries.length; i++) {
      pushSymbolRefs(entries[i]!.value, out)
    }
  }
}

/** Appends the symbol references in the attributes of `op`: its inherent ones, then its discardable ones. */
function pushOwnSymbolRefs(op: Operation, out: SymbolRefAttr[]): void {
  pushEntrySymbolRefs(op.properties.entries, out)
  const discardable = op.attributes.entries
  if (discardable.length !== 0) {
    pushEntrySymbolRefs(discardable, out)
  }
}

/**
 * Appends the symbol references in the values of `entries`. The common values (a name, a
 * signature, a callee) are told here by constructor, without a call of `pushSymbolRefs`.
 */
function pushEntrySymbolRefs(entries: readonly NamedAttribute[], out: SymbolRefAttr[]): void {
  for (let i = 0; i < entries.length; i++) {
    const value = entries[i]!.value
    const c = value.constructor
    if (c === StringAttr || c === TypeAttr) {
      continue
    }
    if (c === SymbolRefAttr) {
      out.push(value as SymbolRefAttr)
      continue
    }
    pushSymbolRefs(value, out)
  }
}

// The ops left to visit in `collectSymbolUses`: a stack that only grows, cleared after each call.
const nestedOps: (Operation | null)[] = []

/**
 * The symbol references held by `op` and the ops nested in it (each op's inherent
 * attributes, then its discardable ones), without entering nested symbol tables (their
 * own attributes count). Returns false, with `out` incomplete, when `op` or a nested op
 * may be an unknown symbol table (MLIR's `SymbolTable::getSymbolUses` failing).
 */
export function collectSymbolUses(op: Operation, out: SymbolRefAttr[]): boolean {
  // The name and regions of each op are read once: each is a getter call.
  const name = op.name
  const regions = op.regions
  if (isPotentiallyUnknownSymbolTable(name, regions)) {
    return false
  }
  pushOwnSymbolRefs(op, out)
  if ((name.traits & SYMBOL_TABLE) !== 0) {
    return true
  }
  // Not reentrant: nothing it calls collects symbol uses.
  const base = 0
  let top = pushNested(regions, base)
  let ok = true
  while (top > base) {
    const o = nestedOps[--top]!
    nestedOps[top] = null
    const oName = o.name
    const oRegions = o.regions
    if (isPotentiallyUnknownSymbolTable(oName, oRegions)) {
      ok = false
      break
    }
    pushOwnSymbolRefs(o, out)
    if ((oName.traits & SYMBOL_TABLE) === 0 && oRegions.length !== 0) {
      top = pushNested(oRegions, top)
    }
  }
  while (top > base) { nestedOps[--top] = null }
  return ok
}

/** Pushes the ops in `regions` onto `nestedOps` at `top` (so that they pop in order); returns the new top. */
function pushNested(regions: readonly Region[], top: number): number {
  for (let r = 0; r < regions.length; r++) {
    for (let b = regions[r]!.firstBlock; b !== null; b = b.nextBlock) {
      for (let n = b.lastOp; n !== null; n = n.prevOp) {
        nestedOps[top++] = n
      }
    }
  }
  return top
}

/** The symbols `ref` names from `tableOp`: the root and each nested reference, in order; null when unresolved. */
function resolveSymbolPath(tables: SymbolTableCollection, tableOp: Operation, ref: SymbolRefAttr): Operation[] | null {
  const out: Operation[] = []
  let cur = tables.lookupSymbolIn(tableOp, ref.rootReference)
  if (cur === undefined) {
    return null
  }
  out.push(cur)
  for (const n of ref.nestedReferences) {
    if (!cur.hasTrait(Trait.SymbolTable)) {
      return null
    }
    cur = tables.lookupSymbolIn(cur, n)
    if (cur === undefined) {
      return null
    }
    out.push(cur)
  }
  return out
}

function isSymbol(op: Operation): boolean {
  return (op.name.traits & SYMBOL) !== 0
}

function isPrivate(op: Operation): boolean {
  return SymbolTable.getSymbolVisibility(op) === 'private'
}

/** Whether a symbol directly in the symbol table `tableOp` is not in `live`. */
function hasDeadSymbol(tableOp: Operation, live: ReadonlySet<Operation>): boolean {
  const region = tableOp.regions[0]
  if (region === undefined) {
    return false
  }
  for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
    for (let o = b.firstOp; o !== null; o = o.nextOp) {
      if (isSymbol(o) && !live.has(o)) {
        return true
      }
    }
  }
  return false
}

/**
 * Erases the private symbols nothing references (`symbol-dce`); public symbols of a
 * visible symbol table are roots. Runs on symbol-table ops only.
 */
export class SymbolDCE extends OperationPass {
  static override readonly argument = 'symbol-dce'
  static override readonly summary = 'Eliminate dead symbols'
  static override readonly statistics: Readonly<Record<string, string>> = { "num-dce'd": "Number of symbols DCE'd" }
  static readonly passName: string = 'SymbolDCE'

  private readonly numDCE: Statistic = this.statistic("num-dce'd", "Number of symbols DCE'd")

  override runOnOperation(): void {
    const tableOp = this.getOperation()
    if (!tableOp.hasTrait(Trait.SymbolTable)) {
      tableOp.emitOpError(' was scheduled to run under SymbolDCE, but does not define a symbol table').report()
      this.signalPassFailure()
      return
    }
    // A top-level table is hidden: nothing outside it can reference its symbols.
    let hidden = true
    if (tableOp.parentOp !== null && isSymbol(tableOp)) {
      hidden = isPrivate(tableOp)
    }
    const live = new Set<Operation>()
    const visited: Operation[] = []
    if (!this.computeLiveness(tableOp, hidden, live, new SymbolTableCollection(), visited)) {
      this.signalPassFailure()
      return
    }
    // Every symbol table that liveness did not visit is nested in a symbol it found dead
    // in a table it visited: when those tables hold no dead symbol, nothing is erased
    // anywhere, and the walk over every op below is not needed.
    if (!visited.some((t) => hasDeadSymbol(t, live))) {
      this.markAllAnalysesPreserved()
      return
    }
    let numErased = 0
    tableOp.walk((nested) => {
      if (!nested.hasTrait(Trait.SymbolTable)) {
        return
      }
      const region = nested.regions[0]
      if (region === undefined) {
        return
      }
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
        for (let o = b.firstOp; o !== null; ) {
          const next = o.nextOp
          if (isSymbol(o) && !live.has(o)) {
            o.dropAllUses()
            o.erase()
            this.numDCE.add()
            numErased++
          }
          o = next
        }
      }
    })
    // Nothing erased: the IR is as it was, so the pass manager need not verify it again.
    if (numErased === 0) {
      this.markAllAnalysesPreserved()
    }
  }

  /** Marks the live symbols of `tableOp` and the tables nested in it; appends each table it visits to `visited`. */
  private computeLiveness(tableOp: Operation, hidden: boolean, live: Set<Operation>, tables: SymbolTableCollection, visited: Operation[]): boolean {
    visited.push(tableOp)
    const worklist: Operation[] = []
    const region = tableOp.regions[0]
    if (region !== undefined) {
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
        for (let o = b.firstOp; o !== null; o = o.nextOp) {
          if (!isSymbol(o)) {
            worklist.push(o)
            continue
          }
          // As upstream, a symbol is discardable when its table is hidden or it is private,
          // and it may be discarded once unused, which a public symbol may not.
          const discardable = (hidden || isPrivate(o)) && SymbolTable.getSymbolVisibility(o) !== 'public'
          if (!discardable && !live.has(o)) {
            live.add(o)
            worklist.push(o)
          }
        }
      }
    }
    // The references of each op are appended here and read from where they start: the list
    // is never truncated (setting an array's length is a runtime call).
    const refs: SymbolRefAttr[] = []
    while (worklist.length > 0) {
      const op = worklist.pop()!
      // Indexed loops, each op's name and regions read once: this runs once per live symbol
      // of a module, mostly in unoptimized code, where a for-of makes an iterator and each
      // getter is a call.
      const name = op.name
      const regions = op.regions
      if ((name.traits & SYMBOL_TABLE) !== 0) {
        // A nested table is hidden when this one is, when it is no symbol, or when it is private.
        const symHidden = hidden || (name.traits & SYMBOL) === 0 || isPrivate(op)
        if (!this.computeLiveness(op, symHidden, live, tables, visited)) {
          return false
        }
      } else {
        // As upstream, the ops with regions directly inside a non-table op are considered
        // too, so that symbol tables nested in it get their own liveness.
        for (let r = 0; r < regions.length; r++) {
          for (let b = regions[r]!.firstBlock; b !== null; b = b.nextBlock) {
            for (let o = b.firstOp; o !== null; o = o.nextOp) {
              if (o.regions.length > 0) {
                worklist.push(o)
              }
            }
          }
        }
      }
      const parent = op.parentOp
      if (parent === null || (parent.name.traits & SYMBOL_TABLE) === 0) {
        continue
      }
      const start = refs.length
      if (!collectSymbolUses(op, refs)) {
        op.emitError("operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses").report()
        return false
      }
      for (let i = start; i < refs.length; i++) {
        const ref = refs[i]!
        if (ref.nestedReferences.length === 0) {
          const s = tables.lookupSymbolIn(parent, ref.rootReference)
          if (s !== undefined && !live.has(s)) {
            live.add(s)
            worklist.push(s)
          }
          continue
        }
        const resolved = resolveSymbolPath(tables, parent, ref)
        if (resolved === null) {
          continue
        }
        for (const s of resolved) {
          if (!live.has(s)) {
            live.add(s)
            worklist.push(s)
          }
        }
      }
    }
    return true
  }
}
