import { StringAttr, type Attribute } from './Attributes.ts'
import type { Block } from './Block.ts'
import { attributeNameDialect } from './Dialect.ts'
import { formatOpForDiagnostic } from './diagnostics/opForDiagnostic.ts'
import { DominanceInfo } from './Dominance.ts'
import type { Location } from './Location.ts'
import type { LogicalResult } from './LogicalResult.ts'
import type { Operation } from './Operation.ts'
import { Trait, type OpDefinition, type OperationName } from './OperationName.ts'
import type { Region } from './Region.ts'
import { setNearestSymbolTable, withSymbolLookupCache } from './SymbolTable.ts'
import type { BlockArgument, OpResult, Value } from './Value.ts'

// The trait bits the walks test, read once: in the cold code that verifies a parsed module,
// each `Trait.X` is a property load per test, several per op.
const ISOLATED = Trait.IsolatedFromAbove
const SYMBOL_TABLE = Trait.SymbolTable
const SYMBOL = Trait.Symbol
const GRAPH_REGIONS = Trait.GraphRegions
const NO_TERMINATOR = Trait.NoTerminator
const IS_TERMINATOR = Trait.IsTerminator
const ZERO_REGIONS = Trait.ZeroRegions
const ZERO_RESULTS = Trait.ZeroResults
const ZERO_SUCCESSORS = Trait.ZeroSuccessors
const ZERO_OPERANDS = Trait.ZeroOperands
const HAS_PARENT = Trait.HasParent
const SINGLE_BLOCK_IMPLICIT_TERMINATOR = Trait.SingleBlockImplicitTerminator
const SINGLE_BLOCKS = Trait.SingleBlock | Trait.SingleBlockImplicitTerminator

/**
 * Verifies `op` and, when `verifyRecursively`, everything nested in it, as MLIR's
 * `OperationVerifier`: structural checks, registered ops' traits and `verify` hooks,
 * nested regions, region traits and `verifyRegions`, unregistered ops (only with
 * `allowUnregisteredDialects`), then SSA dominance in the nested regions. Stops at the
 * first failure, which is reported as a diagnostic. Iterative, so deep IR is fine.
 */
export function verify(op: Operation, verifyRecursively = true): LogicalResult {
  const depth = symbolUserLists.length
  // A verification started by a hook of another gathers into lists of its own tables only.
  const floorBefore = listFloor
  listFloor = depth
  const itemBase = itemTop
  const startsBase = startsTop
  const isolatedBase = isolatedTop
  try {
    const ok = verifyOpAndDominance(op, verifyRecursively)
    op.context.diagEngine.flush()
    return ok
  } finally {
    // A failure leaves the lists of the symbol tables it was inside; a hook that throws
    // leaves the work stacks. (Setting an array's length costs a runtime call even when
    // unchanged, and this runs after every pass.)
    if (symbolUserLists.length !== depth) { symbolUserLists.length = depth }
    listFloor = floorBefore
    truncateItems(itemBase)
    startsTop = startsBase
    truncateIsolated(isolatedBase)
  }
}

/**
 * In a recursive verification, one list per symbol table being verified (innermost last):
 * the ops with a `verifySymbolUses` hook that its symbol-use walk would visit, gathered by
 * the walks that verify them, so the table needs no walk of its own when they all pass.
 */
const symbolUserLists: Operation[][] = []
/** How many of `symbolUserLists` belong to verifications outside the current one. */
let listFloor = 0

/** Whether `op` checks symbol uses on exit (a registered symbol table), so its walk gathers them. */
function gathersSymbolUsers(name: OperationName): boolean {
  return name.def !== null && (name.traits & SYMBOL_TABLE) !== 0
}

function verifyOpAndDominance(op: Operation, recursive: boolean): boolean {
  const suspectsBefore = nonLocalUses
  if (!verifyOperation(op, recursive)) { return false }
  // In a recursive verification, every use inside `op` was seen by the walk: when all of
  // them were provably dominated (see `isLocalUse`), the dominance walk cannot fail.
  if (!(recursive && nonLocalUses === suspectsBefore) && op.regions.length !== 0) {
    if (!verifyDominanceOfContainedRegions(op, recursive)) { return false }
  }
  return true
}

/**
 * How many operands the walks of recursive verifications have found that `isLocalUse`
 * could not prove fine. It only grows: a verification that sees it unchanged across an op's
 * subtree knows that the region-isolation and dominance checks of that subtree would pass,
 * and skips their walks. When it changed, those checks run as before and report what MLIR
 * reports (the count is a filter, never a diagnosis).
 */
let nonLocalUses = 0

/**
 * Whether `value`, used by `user`, is defined in `user`'s block before it (or is an argument
 * of that block), or likewise in the block of an ancestor of `user`, without an
 * IsolatedFromAbove op in between. Such a use passes both the dominance check (in SSA and
 * graph regions, reachable or not) and the region isolation check of every isolated op
 * around it. False means only "not proven".
 */
function isLocalUse(value: Value, user: Operation): boolean {
  const def = value.definingOp
  const defBlock = def === null ? (value as BlockArgument).owner : def.parentBlock
  let at = user
  let block = user.parentBlock
  while (block !== null) {
    if (block === defBlock) {
      if (def === null) { return true }
      if (def === at) { return false }
      if (!block.isOpOrderValid) { block.recomputeOpOrder() }
      return def.orderIndex < at.orderIndex
    }
    const region = block.parent
    const parent = region === null ? null : region.parentOp
    if (parent === null || (parent.name.traits & ISOLATED) !== 0) { return false }
    at = parent
    block = parent.parentBlock
  }
  return false
}

// Mirrors MLIR's mightHaveTrait: an unregistered op might have any trait.
function mightHaveTrait(op: Operation, trait: number): boolean {
  const name = op.name
  return !name.isRegistered || (name.traits & trait) === trait
}

function mayBeValidWithoutTerminator(block: Block): boolean {
  const region = block.parent
  if (region === null) { return true }
  if (!region.hasOneBlock) { return false }
  const op = region.parentOp
  return op === null || mightHaveTrait(op, NO_TERMINATOR)
}

function regionLoc(region: Region): Location | null {
  return region.parentOp?.location ?? null
}

function blockOnEntrance(block: Block): boolean {
  const args = block.arguments
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg.owner !== block) { return arg.location.context.emitError(arg.location, 'block argument not owned by block').fail() }
  }
  if (block.firstOp === null) {
    if (mayBeValidWithoutTerminator(block)) { return true }
    const loc = regionLoc(block.parent!)
    if (loc === null) { return false }
    return loc.context.emitError(loc, 'empty block: expect at least a terminator').fail()
  }
  // Ops with successors before the end are found by the walk that queues the block's ops.
  return true
}

function blockOnExit(block: Block): boolean {
  const last = block.lastOp
  if (last !== null) {
    const successors = last.successors
    for (let i = 0; i < successors.length; i++) {
      if (successors[i]!.block.parent !== block.parent) { return last.emitOpError('branching to block of a different region').fail() }
    }
    // A block that ends in a registered terminator is fine whatever its region allows.
    if ((last.name.traits & IS_TERMINATOR) !== 0) { return true }
  }
  if (mayBeValidWithoutTerminator(block)) { return true }
  const terminator = block.lastOp!
  if (!mightHaveTrait(terminator, IS_TERMINATOR)) {
    return terminator.emitError('block with no terminator, has ' + formatOpForDiagnostic(terminator, true)).fail()
  }
  return true
}

/**
 * `name` and `regions`: `op.name` and `op.regions`, which the caller has read. `recursive`:
 * the walk goes into regions, so the operands are checked with `isLocalUse`, and the ops
 * with a `verifySymbolUses` hook are gathered for their table.
 */
function opOnEntrance(op: Operation, name: OperationName, regions: readonly Region[], recursive: boolean): boolean {
  const operands = op.operands
  if (operands.length !== 0) {
    const block = op.parentBlock
    // The common uses, an argument of the same block or a result of an earlier op of it,
    // are told without a call. `owner` is the block of an argument and the op of a result
    // (a block has no `parentBlock`): read as a field, not through the `definingOp` getter.
    const ordered = block !== null && block.isOpOrderValid
    for (let i = 0; i < operands.length; i++) {
      const value = operands[i]!.value as OpResult | BlockArgument | null
      if (value === null) { return op.emitError('null operand found').fail() }
      if (!recursive) { continue }
      const owner = value.owner
      if (owner === block) { continue }
      if (ordered && (owner as Operation).parentBlock === block && (owner as Operation).orderIndex < op.orderIndex) { continue }
      if (!isLocalUse(value, op)) { nonLocalUses++ }
    }
  }
  // Dialect attributes among the discardable ones are checked by their dialect.
  const discardable = op.attributes.entries
  for (let i = 0; i < discardable.length; i++) {
    const hook = attributeNameDialect(op.context, discardable[i]!.name)?.def.verifyOperationAttribute
    if (hook !== undefined && !hook(op, discardable[i]!)) { return false }
  }
  const def = name.def
  const numRegions = regions.length
  const traits = name.traits
  if (def !== null) {
    if (traits !== 0 && !verifyTraits(op, traits, def, numRegions, operands.length)) { return false }
    symbolTraitVerified = null
    if (def.verify !== undefined && !def.verify(op)) { return reportPending(op) }
    // A function op's `verify` has already run the symbol checks, on this unchanged op.
    if ((traits & SYMBOL) !== 0 && symbolTraitVerified !== op && !verifySymbolTrait(op)) { return false }
    if (recursive && def.verifySymbolUses !== undefined && symbolUserLists.length > listFloor) {
      symbolUserLists[symbolUserLists.length - 1]!.push(op)
    }
  }
  if (numRegions === 0) { return true }
  const graph = def !== null && (traits & GRAPH_REGIONS) !== 0
  for (let i = 0; i < numRegions; i++) {
    const region = regions[i]!
    if (graph && region.firstBlock !== null && !region.hasOneBlock) {
      return op.emitOpError(`expects graph region #${i} to have 0 or 1 blocks`).fail()
    }
    const first = region.firstBlock
    if (first === null) { continue }
    if (!first.hasNoPredecessors) { return op.context.emitError(op.location, 'entry block of region may not have predecessors').fail() }
  }
  return true
}

/**
 * `symbolUsers`: for a symbol table in recursive mode, its list of symbol users.
 * `usesLocal`: every use nested in `op` passed `isLocalUse` (so it is isolated enough).
 */
function opOnExit(op: Operation, name: OperationName, symbolUsers: readonly Operation[] | null, usesLocal: boolean): boolean {
  const def = name.def
  if (def !== null) {
    if ((name.traits & REGION_TRAITS) !== 0 && !verifyRegionTraits(op, name, symbolUsers, usesLocal)) { return false }
    if (def.verifyRegions !== undefined && !def.verifyRegions(op)) { return reportPending(op) }
    return true
  }
  const dialect = name.dialect
  if (dialect === null) {
    if (!op.context.allowUnregisteredDialects) {
      return op
        .emitOpError(
          'created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the ' +
            'MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used',
        )
        .fail()
    }
    return true
  }
  if (dialect.def.allowUnknownOperations !== true) {
    return op
      .emitError(`unregistered operation '${name.name}' found in dialect ('${dialect.namespace}') that does not allow unknown operations`)
      .fail()
  }
  return true
}

// A hook returned failure: deliver what it emitted.
function reportPending(op: Operation): false {
  op.context.diagEngine.flush()
  return false
}

// Work-item states of `verifyOperation`: an op whose regions are being walked (its exit
// runs when it is on top again), a block to enter, and a block whose ops are being walked
// (from the op in `cursors`).
const OP_ENTERED = 1
const BLOCK = 2
const BLOCK_OPS = 3
/** OP_ENTERED for a symbol table whose walk gathers its symbol users (see `gathersSymbolUsers`). */
const TABLE_ENTERED = 4

// The work stacks of `verifyOperation`, shared by its nested calls (an isolated op is
// verified from its parent's exit, on top of the parent's items): each call works above
// the tops it found and leaves them as it found them. The arrays only grow (their tops
// are kept apart, since shrinking an array's length gives its storage back), so
// verifying allocates no arrays per op or per function.
const items: (Operation | Block | null)[] = []
const states: number[] = []
/** For a BLOCK_OPS item, the next op of its block to visit (null: the block's exit is next). */
const cursors: (Operation | null)[] = []
let itemTop = 0
// For each entered op with regions, where its isolated-from-above children start in
// `isolatedOps` (they are verified on its exit), and `nonLocalUses` on its entrance.
const isolatedStarts: number[] = []
const usesAtEntrance: number[] = []
let startsTop = 0
const isolatedOps: (Operation | null)[] = []
let isolatedTop = 0

function pushItem(item: Operation | Block, state: number): void {
  items[itemTop] = item
  states[itemTop] = state
  itemTop++
}

/** Drops the work items above `base` (keeping no references to the IR). */
function truncateItems(base: number): void {
  while (itemTop > base) {
    items[--itemTop] = null
    cursors[itemTop] = null
  }
}

function truncateIsolated(base: number): void {
  while (isolatedTop > base) { isolatedOps[--isolatedTop] = null }
}

/**
 * Explicit DFS over ops and blocks with entrance and exit visits; isolated ops are
 * verified on the parent's exit. A parallel array of small integers records each work
 * item's state, so no visited set is needed. A block's ops are visited in place, from a
 * cursor kept with the block's item: an op without regions is verified there (entrance
 * and exit), an op with regions is pushed above the block, and an isolated op is set
 * aside for the parent's exit. Before that, a scan of the block reports an op with
 * successors that does not end it, as MLIR does on entering the block.
 */
function verifyOperation(root: Operation, recursive: boolean): boolean {
  const itemBase = itemTop
  const startsBase = startsTop
  const isolatedBase = isolatedTop
  const ok = visitOp(root, recursive) && walkOperations(itemBase, recursive)
  truncateItems(itemBase)
  startsTop = startsBase
  truncateIsolated(isolatedBase)
  return ok
}

/**
 * Runs `op`'s entrance. An op whose regions are walked (recursive mode) is then pushed,
 * entered, with its blocks above it; any other op's exit runs at once.
 */
function visitOp(op: Operation, recursive: boolean): boolean {
  const name = op.name
  const regions = op.regions
  if (!opOnEntrance(op, name, regions, recursive)) { return false }
  // Without the walk into its regions (not recursive), nothing was checked inside.
  if (!recursive || regions.length === 0) { return opOnExit(op, name, null, recursive) }
  const gathers = gathersSymbolUsers(name)
  if (gathers) { symbolUserLists.push([]) }
  usesAtEntrance[startsTop] = nonLocalUses
  isolatedStarts[startsTop++] = isolatedTop
  pushItem(op, gathers ? TABLE_ENTERED : OP_ENTERED)
  for (let r = regions.length - 1; r >= 0; r--) {
    for (let b = regions[r]!.lastBlock; b !== null; b = b.prevBlock) { pushItem(b, BLOCK) }
  }
  return true
}

/** Walks the items above `itemBase` (only blocks are pushed in a recursive verification). */
function walkOperations(itemBase: number, recursive: boolean): boolean {
  while (itemTop > itemBase) {
    const last = itemTop - 1
    const state = states[last]!
    if (state === BLOCK_OPS) {
      let o = cursors[last] as Operation | null
      while (o !== null) {
        const next = o.nextOp
        const regions = o.regions
        if (regions.length === 0) {
          const name = o.name
          if (!opOnEntrance(o, name, regions, true)) { return false }
          // The exit of a registered op with no region checks to make is empty.
          const def = name.def
          if ((def === null || (name.traits & REGION_TRAITS) !== 0 || def.verifyRegions !== undefined) && !opOnExit(o, name, null, true)) {
            return false
          }
        } else if ((o.name.traits & ISOLATED) !== 0) {
          isolatedOps[isolatedTop++] = o
        } else {
          cursors[last] = next
          if (!visitOp(o, true)) { return false }
          break
        }
        o = next
      }
      if (o === null) {
        const block = items[last] as Block
        items[last] = null
        cursors[last] = null
        itemTop = last
        if (!blockOnExit(block)) { return false }
      }
      continue
    }
    if (state === BLOCK) {
      const block = items[last] as Block
      if (!blockOnEntrance(block)) { return false }
      const lastOp = block.lastOp
      for (let o = block.firstOp; o !== lastOp; o = o!.nextOp) {
        if (o!.successors.length !== 0) {
          return o!.emitError('operation with block successors must terminate its parent block').fail()
        }
      }
      states[last] = BLOCK_OPS
      cursors[last] = block.firstOp
      continue
    }
    // OP_ENTERED or TABLE_ENTERED: the walk of its regions is over.
    const op = items[last] as Operation
    items[last] = null
    itemTop = last
    // The list pushed on entry stays on top while the isolated children are verified.
    const users = state === TABLE_ENTERED ? symbolUserLists[symbolUserLists.length - 1]! : null
    const from = isolatedStarts[--startsTop]!
    let ok = verifyIsolatedChildren(from, isolatedTop, recursive)
    truncateIsolated(from)
    // After the isolated children: their operands are uses in `op`'s regions too.
    ok = ok && opOnExit(op, op.name, users, nonLocalUses === usesAtEntrance[startsTop]!)
    if (users !== null) { symbolUserLists.pop() }
    if (!ok) { return false }
  }
  return true
}

/**
 * Verifies the isolated ops `isolatedOps[from..to)` (recursive mode). Like MLIR's
 * parallelForEach, every one is verified even after one fails.
 */
function verifyIsolatedChildren(from: number, to: number, recursive: boolean): boolean {
  let ok = true
  for (let i = from; i < to; i++) {
    if (!verifyOpAndDominance(isolatedOps[i]!, recursive)) { ok = false }
  }
  return ok
}

// ---- traits --------------------------------------------------------------------------

/**
 * The traits `traits` of a registered op, whose definition is `def`, with `numRegions`
 * regions and `numOperands` operands (read by the caller).
 */
function verifyTraits(op: Operation, traits: number, def: OpDefinition, numRegions: number, numOperands: number): boolean {
  if (traits & ZERO_REGIONS && numRegions !== 0) { return op.emitOpError('requires zero regions').fail() }
  if (traits & ZERO_RESULTS && op.results.length !== 0) { return op.emitOpError('requires zero results').fail() }
  if (traits & ZERO_SUCCESSORS && op.successors.length !== 0) {
    return op.emitOpError(`requires 0 successors but found ${op.successors.length}`).fail()
  }
  if (traits & ZERO_OPERANDS && numOperands !== 0) { return op.emitOpError('requires zero operands').fail() }
  if (traits & HAS_PARENT) {
    const allowed = def.parentOpNames ?? []
    const parent = op.parentOp
    if (parent === null || !allowed.includes(parent.name.name)) {
      const what = allowed.length !== 1 ? `to be one of '${allowed.join(', ')}'` : `'${allowed[0]}'`
      return op.emitOpError(`expects parent op ${what}`).fail()
    }
  }
  if (traits & IS_TERMINATOR) {
    const block = op.parentBlock
    if (block === null || block.lastOp !== op) { return op.emitOpError('must be the last operation in the parent block').fail() }
  }
  if (traits & SINGLE_BLOCKS) {
    for (let i = 0; i < op.regions.length; i++) {
      const region = op.regions[i]!
      if (region.firstBlock === null) { continue }
      if (!region.hasOneBlock) { return op.emitOpError(`expects region #${i} to have 0 or 1 blocks`).fail() }
      if (!(traits & NO_TERMINATOR) && region.firstBlock.firstOp === null) {
        return op.emitOpError('expects a non-empty block').fail()
      }
    }
  }
  return true
}

// SymbolOpInterface's checks come from an interface trait, which ODS orders after the
// op's invariants, so they run after the definition's `verify`. An interface that has
// SymbolOpInterface as a base (FunctionOpInterface) is verified after it: such an op's
// `verify` calls `verifySymbolTrait` before its own checks.
/**
 * SymbolOpInterface's verifier: `sym_name`, `sym_visibility`, and a parent with the
 * SymbolTable trait. Ops whose interfaces build on SymbolOpInterface (functions) call it
 * from their `verify` first, as MLIR verifies base interfaces first.
 */
export function verifySymbolTrait(op: Operation): boolean {
  symbolTraitVerified = null
  const isSymbol = (op.name.traits & SYMBOL) !== 0
  let symName: Attribute | undefined
  let vis: Attribute | undefined
  if (isSymbol) {
    // Both names in one pass over the inherent attributes (where a function keeps them), then,
    // as `op.getAttr`, the discardable ones for a name not found there.
    const inherent = op.properties.entries
    for (let i = 0; i < inherent.length; i++) {
      const e = inherent[i]!
      if (e.name === 'sym_name') {
        symName = e.value
      } else if (e.name === 'sym_visibility') {
        vis = e.value
      }
    }
    const discardable = op.attributes
    if (discardable.entries.length !== 0) {
      symName ??= discardable.get('sym_name')
      vis ??= discardable.get('sym_visibility')
    }
  }
  // An op with a name is no optional symbol without one: that is asked only without one.
  if (isSymbol && (symName !== undefined || !isOptionalSymbolWithoutName(op))) {
    if (!isStringAttr(symName)) { return op.emitOpError("requires string attribute 'sym_name'").fail() }
    if (vis !== undefined) {
      if (!isStringAttr(vis)) {
        return op.emitOpError("requires visibility attribute 'sym_visibility' to be a string attribute").fail()
      }
      if (vis.value !== 'public' && vis.value !== 'private' && vis.value !== 'nested') {
        return op.emitOpError(`visibility expected to be one of ["public", "private", "nested"], but got "${vis.value}"`).fail()
      }
    }
    const parent = op.parentOp
    // MLIR accepts a symbol under an unregistered op, which may well be a symbol table.
    if (parent !== null && (parent.name.traits & SYMBOL_TABLE) === 0 && parent.name.isRegistered) {
      return op.emitOpError("symbol's parent must have the SymbolTable trait").fail()
    }
  }
  symbolTraitVerified = op
  return true
}

/**
 * Whether `a` is a StringAttr: told by its constructor first, since in the cold code that
 * verifies a parsed module an `instanceof` costs several loads and calls.
 */
function isStringAttr(a: Attribute | undefined): a is StringAttr {
  return a !== undefined && (a.constructor === StringAttr || a instanceof StringAttr)
}

/**
 * The op that `verifySymbolTrait` last passed, while nothing else was verified since: an
 * op whose `verify` hook ran the symbol checks first is not checked again right after.
 */
let symbolTraitVerified: Operation | null = null

// `builtin.module` is MLIR's optional symbol: it may have no name at all.
function isOptionalSymbolWithoutName(op: Operation): boolean {
  const optional = op.name.def?.optionalSymbol === true || op.name.name === 'builtin.module'
  return optional && op.getInherentAttr('sym_name') === undefined && op.getDiscardableAttr('sym_name') === undefined
}

/** The traits that `verifyRegionTraits` checks. */
const REGION_TRAITS = Trait.SingleBlockImplicitTerminator | Trait.IsolatedFromAbove | Trait.SymbolTable

/** `name`: `op.name`, which the caller has read. */
function verifyRegionTraits(op: Operation, name: OperationName, symbolUsers: readonly Operation[] | null, usesLocal: boolean): boolean {
  const traits = name.traits
  if (traits & SINGLE_BLOCK_IMPLICIT_TERMINATOR) {
    const def = name.def!
    const term = def.implicitTerminatorName
    if (term !== undefined) {
      // Read once: each is a getter call, and this runs for every scf loop and branch.
      const regions = op.regions
      for (let r = 0; r < regions.length; r++) {
        const block = regions[r]!.firstBlock
        if (block === null) { continue }
        const last = block.lastOp
        if (last !== null && (last.name.name === term || def.implicitTerminatorAlternatives?.includes(last.name.name) === true)) { continue }
        const found = last === null ? '' : last.name.name
        return op
          .emitOpError(`expects regions to end with '${term}', found '${found}'`)
          .attachNote(`in custom textual format, the absence of terminator implies '${term}'`)
          .fail()
      }
    }
  }
  if (traits & ISOLATED && !usesLocal && !verifyIsolatedFromAbove(op)) { return false }
  if (traits & SYMBOL_TABLE && !verifySymbolTable(op, symbolUsers)) { return false }
  return true
}

// The regions left to walk in `verifyIsolatedFromAbove`, a stack that only grows (so a
// call allocates nothing) and is cleared after each call.
const pendingRegions: (Region | null)[] = []

function verifyIsolatedFromAbove(isolated: Operation): boolean {
  for (let ri = 0; ri < isolated.regions.length; ri++) {
    if (!checkIsolatedRegion(isolated, isolated.regions[ri]!)) { return false }
  }
  return true
}

function checkIsolatedRegion(isolated: Operation, region: Region): boolean {
  const pending = pendingRegions
  let top = 0
  pending[top++] = region
  // The nested regions walked so far: a valid operand is defined in `region` or in one of
  // them (an ancestor of its use, always walked first), so the check is a lookup, not a
  // climb of the nesting. Made on the first nested region.
  let inside: Set<Region> | null = null
  let ok = true
  walk: while (top > 0) {
    const r = pending[--top]!
    pending[top] = null
    for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        const operands = o.operands
        for (let i = 0; i < operands.length; i++) {
          const v = operands[i]!.value as Value | null
          const operandRegion = v === null ? null : v.parentRegion
          if (operandRegion === null) {
            ok = o.emitError("operation's operand is unlinked").fail()
            break walk
          }
          if (operandRegion === region) { continue }
          if ((inside === null || !inside.has(operandRegion)) && !isRegionAncestor(region, operandRegion)) {
            ok = o
              .emitOpError('using value defined outside the region')
              .attachNote('required by region isolation constraints', isolated.location)
              .fail()
            break walk
          }
        }
        if (o.regions.length !== 0 && !o.hasTrait(Trait.IsolatedFromAbove)) {
          inside ??= new Set<Region>()
          for (let k = 0; k < o.regions.length; k++) {
            const sub = o.regions[k]!
            pending[top++] = sub
            inside.add(sub)
          }
        }
      }
    }
  }
  while (top > 0) { pending[--top] = null }
  return ok
}

function isRegionAncestor(ancestor: Region, region: Region): boolean {
  for (let r: Region | null = region; r !== null; r = r.parentRegion) { if (r === ancestor) { return true } }
  return false
}

/** The symbols of a table as last verified: its named ops and their names, in order, and the map they make. */
class VerifiedSymbols {
  constructor(
    readonly ops: readonly Operation[],
    readonly names: readonly StringAttr[],
    readonly byName: Map<string, Operation>,
  ) {}

  /** Whether `region` (a table's single region) still holds exactly these named ops, with these names, in this order. */
  matches(region: Region): boolean {
    const ops = this.ops
    const names = this.names
    let i = 0
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        const name = o.getAttr('sym_name')
        if (!isStringAttr(name)) { continue }
        if (i >= ops.length || ops[i] !== o || names[i] !== name) { return false }
        i++
      }
    }
    return i === ops.length
  }
}

// Per symbol table, its symbols when it last verified, so that verifying unchanged IR again
// (after a pass that changed nothing there, before printing) checks the names with one
// walk instead of rebuilding the map.
const verifiedSymbols = new WeakMap<Operation, VerifiedSymbols>()

/**
 * The symbols directly in `region` (the single region of symbol table `op`) by name, for
 * the symbol-use hooks; null, after reporting it, when a name is defined twice.
 */
function symbolsByName(op: Operation, region: Region): Map<string, Operation> | null {
  const known = verifiedSymbols.get(op)
  if (known !== undefined && known.matches(region)) { return known.byName }
  const ops: Operation[] = []
  const names: StringAttr[] = []
  const byName = new Map<string, Operation>()
  for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
    for (let o = b.firstOp; o !== null; o = o.nextOp) {
      const name = o.getAttr('sym_name')
      if (!isStringAttr(name)) { continue }
      const prev = byName.get(name.value)
      if (prev === undefined) {
        byName.set(name.value, o)
        ops.push(o)
        names.push(name)
        continue
      }
      verifiedSymbols.delete(op)
      o.emitError(`redefinition of symbol named '${name.value}'`).attachNote('see existing symbol definition here', prev.location).report()
      return null
    }
  }
  verifiedSymbols.set(op, new VerifiedSymbols(ops, names, byName))
  return byName
}

function verifySymbolTable(op: Operation, symbolUsers: readonly Operation[] | null): boolean {
  if (op.regions.length !== 1) { return op.emitOpError("Operations with a 'SymbolTable' must have exactly one region").fail() }
  if (!op.regions[0]!.hasOneBlock) { return op.emitOpError("Operations with a 'SymbolTable' must have exactly one block").fail() }
  const symbols = symbolsByName(op, op.regions[0]!)
  if (symbols === null) { return false }
  if (symbolUsers !== null && symbolUsersPass(op, symbols, symbolUsers)) { return true }
  return withSymbolLookupCache(() => verifySymbolUses(op), op, symbols)
}

/**
 * Whether every gathered symbol user of `table` passes its check, run with diagnostics
 * swallowed. When one fails, the caller walks the table as MLIR does, so the failure
 * reported is the one MLIR's walk order reaches first.
 */
function symbolUsersPass(table: Operation, symbols: Map<string, Operation>, users: readonly Operation[]): boolean {
  if (users.length === 0) { return true }
  const engine = table.context.diagEngine
  engine.flush()
  const id = engine.registerHandler(() => true)
  try {
    const ok = withSymbolLookupCache(() => {
      try {
        for (let i = 0; i < users.length; i++) {
          const u = users[i]!
          const name = u.name
          // The users gathered for `table` are nested in it with no symbol table between
          // (each table gathers its own), so it is the nearest table of all but a table.
          setNearestSymbolTable(u, (name.traits & SYMBOL_TABLE) !== 0 ? u : table)
          if (!name.def!.verifySymbolUses!(u)) { return false }
        }
        return true
      } finally {
        setNearestSymbolTable(null, null)
      }
    }, table, symbols)
    engine.flush()
    return ok
  } finally {
    engine.unregisterHandler(id)
  }
}

// Symbol uses, in MLIR's walk order: regions from a worklist, not entering nested symbol
// tables. The hooks only look symbols up, so the lookups share one cache.
function verifySymbolUses(op: Operation): boolean {
  const worklist: Region[] = [...op.regions]
  while (worklist.length > 0) {
    const r = worklist.pop()!
    for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        const def = o.name.def
        if (def?.verifySymbolUses !== undefined && !def.verifySymbolUses(o)) { return reportPending(o) }
        if (!o.hasTrait(Trait.SymbolTable)) { for (const sub of o.regions) { worklist.push(sub) } }
      }
    }
  }
  return true
}

// ---- dominance -----------------------------------------------------------------------

function diagnoseInvalidOperandDominance(op: Operation, operandNo: number): void {
  const diag = op.emitError(`operand #${operandNo} does not dominate this use`)
  const operand = op.getOperand(operandNo)
  const block1 = op.parentBlock!
  const region1 = block1.parent
  const def = operand.definingOp
  if (def !== null) {
    const block2 = def.parentBlock!
    const region2 = block2.parent
    let where: string
    if (block1 === block2) { where = ' (op in the same block)' }
    else if (region1 === region2) { where = ' (op in the same region)' }
    else if (region2 !== null && region1 !== null && region1 !== region2 && isRegionAncestor(region2, region1)) {
      where = ' (op in a parent region)'
    } else if (region1 !== null && region2 !== null && region1 !== region2 && isRegionAncestor(region1, region2)) {
      where = ' (op in a child region)'
    } else { where = ' (op is neither in a parent nor in a child region)' }
    diag.attachNote('operand defined here' + where, def.location)
    diag.report()
    return
  }
  const block2 = (operand as BlockArgument).owner
  const region2 = block2.parent
  const ownerOp = block2.parentOp
  const loc = ownerOp !== null ? ownerOp.location : op.location
  if (region2 === null) {
    diag.attachNote(' (block without parent)', loc)
    diag.report()
    return
  }
  let index = 0
  for (let b = region2.firstBlock; b !== null && b !== block2; b = b.nextBlock) { index++ }
  let where: string
  if (region1 === region2) { where = ' in the same region)' }
  else if (region1 !== null && isRegionAncestor(region2, region1)) { where = ' in a parent region)' }
  else if (region1 !== null && isRegionAncestor(region1, region2)) { where = ' in a child region)' }
  else { where = ' neither in a parent nor in a child region)' }
  diag.attachNote(`operand defined as a block argument (block #${index}` + where, loc)
  diag.report()
}

// The ops whose regions `verifyDominanceOfContainedRegions` has left to check, a stack
// that only grows and is cleared after each call.
const dominanceWorklist: (Operation | null)[] = []

function verifyDominanceOfContainedRegions(root: Operation, recursive: boolean): boolean {
  // Made on the first use that is not a value of the user's own block.
  let domInfo: DominanceInfo | null = null
  const worklist = dominanceWorklist
  let top = 0
  worklist[top++] = root
  let ok = true
  walk: while (top > 0) {
    const op = worklist[--top]!
    worklist[top] = null
    // Every region of an op has the same kind (GraphRegions covers all of them).
    const ssa = op.isRegistered && !op.hasTrait(Trait.GraphRegions)
    for (let ri = 0; ri < op.regions.length; ri++) {
      const region = op.regions[ri]!
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
        const reachable = b === region.firstBlock || (domInfo ??= new DominanceInfo(root)).isReachableFromEntry(b)
        for (let o = b.firstOp; o !== null; o = o.nextOp) {
          if (reachable) {
            const operands = o.operands
            for (let i = 0; i < operands.length; i++) {
              const value = operands[i]!.value
              // A value of the same block: a block argument, or a result of an op before
              // `o` (or of any op in a block without SSA dominance).
              const def = value.definingOp
              if (def === null ? (value as BlockArgument).owner === b : def.parentBlock === b && (!ssa || (def !== o && def.isBeforeInBlock(o)))) { continue }
              if ((def === null || def.parentBlock !== b) && (domInfo ??= new DominanceInfo(root)).properlyDominatesValue(value, o)) { continue }
              diagnoseInvalidOperandDominance(o, i)
              ok = false
              break walk
            }
          }
          if (recursive && o.regions.length !== 0 && !o.hasTrait(Trait.IsolatedFromAbove)) { worklist[top++] = o }
        }
      }
    }
  }
  while (top > 0) { worklist[--top] = null }
  return ok
}
