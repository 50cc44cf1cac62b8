import type { Block } from '../Block.ts'
import { CallSiteLoc, FusedLoc, NameLoc, OpaqueLoc, type Location } from '../Location.ts'
import { acquireVisitMarks, releaseVisitMarks, type Operation } from '../Operation.ts'
import type { OpDefinition } from '../OperationName.ts'
import type { Region } from '../Region.ts'
import { OpResult, type Value } from '../Value.ts'
import type { AliasCollector } from './AliasState.ts'
import { sanitizeIdentifier } from './text.ts'

/** @internal Name and visit order of a block, as printed (`^bb3`). */
export class BlockInfo {
  constructor(
    public ordering: number,
    public name: string,
  ) {}
}

/** A value name given in a numbering: its printed text, and whether a value in scope holds it. */
class UsedName {
  inUse = false
  /**
   * The entries of this name with a conflict suffix (`name_N` at index N), found once:
   * the same names conflict in every function of a module, and the suffixed names need no
   * new string and hash each time then.
   */
  suffixed: (UsedName | undefined)[] | null = null
  constructor(readonly printed: string) {}
}

interface NamingContext {
  region: Region
  nextValueID: number
  nextArgumentID: number
  nextConflictID: number
  parentScope: number
  /** The nesting level of the region's ops (1 for the ops directly in the root's regions). */
  level: number
}

/** @internal Flags that affect numbering. */
export interface NamingFlags {
  generic: boolean
  valueUsers: boolean
  uniqueSSAIDs: boolean
  nameLocAsPrefix: boolean
}

/** The first `NameLoc` in a pre-order walk of `loc`, as MLIR's `findInstanceOf<NameLoc>`. */
function findNameLoc(loc: Location): NameLoc | null {
  if (loc instanceof NameLoc) {
    return loc
  }
  if (loc instanceof FusedLoc) {
    for (const l of loc.locations) {
      const n = findNameLoc(l)
      if (n !== null) {
        return n
      }
    }
  } else if (loc instanceof CallSiteLoc) {
    return findNameLoc(loc.callee) ?? findNameLoc(loc.caller)
  } else if (loc instanceof OpaqueLoc) {
    return findNameLoc(loc.fallback)
  }
  return null
}

/**
 * @internal SSA value and block names of everything nested in one op, following MLIR's
 * `SSANameState`: regions are numbered breadth-first, each region continuing the
 * counters of its parent; names suggested by ops are uniqued within the scope.
 */
export class SSANameState {
  /**
   * Value -> printed name with its `%` (`%arg1`, `%c0_i32`), or for a plainly numbered value
   * its number N, printed as `%N` from one shared table (a million values need not hold a
   * million strings). With visit marks (`epoch` not 0), the number of an op's plainly
   * numbered results is kept in the op's `visitData` instead: a million ops need no
   * million-entry map.
   */
  readonly valueNames: Map<Value, string | number> = new Map()
  /**
   * With visit marks, the names of ops' first results that are not plain numbers: such an
   * op's `visitData` is `-(i + 1)` for the name at index `i` (no map entry per named result).
   */
  private readonly opNames: string[] = []
  /** The epoch of the visit marks this numbering holds, or 0 when it keeps everything in maps. */
  private epoch: number
  readonly operationIDs: Map<Operation, number> = new Map()
  readonly opResultGroups: Map<Operation, number[]> = new Map()
  /**
   * The blocks numbered or named. The only block of a region, unless its op names it, has
   * no entry: it is `^bb0`, and `blockInfo` tells it (most regions have one block).
   */
  readonly blockNames: Map<Block, BlockInfo> = new Map()

  /**
   * Every name given so far, with its `%name` text and whether it is in use (in scope).
   * A name leaving scope is marked out of use rather than deleted (see the parser's
   * `IsolatedScope`: V8 keeps deleted keys in their hash chain, and a name dropped in
   * region after region would make lookups quadratic). One `%name` string per distinct
   * name: the same few constant names recur in every function of a large module.
   */
  private readonly usedNames: Map<string, UsedName> = new Map()
  /** The entry of `usedNames` for each name as suggested (before sanitizing) so far. */
  private readonly rawNames: Map<string, UsedName> = new Map()
  /**
   * The names taken in the open scopes, innermost last, and where each open scope's names
   * start: one flat stack rather than an array per scope (a module has a scope per region).
   */
  private readonly taken: UsedName[] = []
  private readonly scopeStarts: number[] = []
  private nextValueID = 0
  /** The regions of the ops of the region being numbered, in order, and the number of those ops (see `numberAll`). */
  private readonly nestedRegions: Region[] = []
  private opsInRegion = 0
  private nextArgumentID = 0
  private nextConflictID = 0
  private readonly resultGroups: number[] = [0]
  /** The naming flags, read once (a field each: read per op, per region and per block argument). */
  private readonly generic: boolean
  private readonly valueUsers: boolean
  private readonly uniqueSSAIDs: boolean
  private readonly nameLocAsPrefix: boolean
  private readonly setResultNameFn: (value: Value, name: string) => void
  private readonly setBlockNameFn: (block: Block, name: string) => void
  private readonly setBlockArgNameFn: (value: Value, name: string) => void
  /** The op whose regions are numbered. */
  private readonly root: Operation
  /** Whether an op named block arguments (`getAsmBlockArgumentNames`): until then none has a name before its block is numbered. */
  private argsNamedByOps = false
  /**
   * The characters of indentation the printed text of the root's regions holds, counted as
   * `printedIndentation` counts them, while numbering walks every op anyway.
   */
  indentation = 0

  /**
   * With `useVisitMarks`, takes the ops' visit marks when free; `dispose` gives them back.
   * With `aliasProbe` (a collector that skips regions), also shows it every op and the
   * type of every block argument, so that one walk tells whether any alias is printed.
   */
  constructor(
    op: Operation,
    flags: NamingFlags,
    useVisitMarks = false,
    private readonly aliasProbe: AliasCollector | null = null,
  ) {
    this.epoch = useVisitMarks ? acquireVisitMarks() : 0
    this.generic = flags.generic
    this.valueUsers = flags.valueUsers
    this.uniqueSSAIDs = flags.uniqueSSAIDs
    this.nameLocAsPrefix = flags.nameLocAsPrefix
    this.setResultNameFn = (value, name) => {
      // The only result of its op, with visit marks (most named results: constants): as
      // `isNamed` and `setValueName` below, without their calls.
      const epoch = this.epoch
      if (epoch !== 0 && value.constructor === OpResult && (value as OpResult).owner.results.length === 1) {
        const owner = (value as OpResult).owner
        if (owner.visitMark !== epoch) {
          const data = name.length === 0 ? this.nextValueID++ : -this.opNames.push(this.uniqueValueName(name))
          owner.visitMark = epoch
          owner.visitData = data
        }
        return
      }
      if (this.isNamed(value)) {
        return
      }
      this.setValueName(value, name)
      if (value.constructor === OpResult && (value as OpResult).index !== 0) {
        this.resultGroups.push((value as OpResult).index)
      }
    }
    this.setBlockNameFn = (block, name) => {
      if (this.blockNames.has(block)) {
        return
      }
      this.blockNames.set(block, new BlockInfo(-1, '^' + sanitizeIdentifier(name, '$._-', true)))
    }
    this.setBlockArgNameFn = (value, name) => {
      if (this.isNamed(value)) {
        return
      }
      this.argsNamedByOps = true
      this.setValueName(value, name)
    }
    this.root = op
    this.numberAll(op)
  }

  private pushScope(): void {
    this.scopeStarts.push(this.taken.length)
  }
  private popScope(): void {
    const start = this.scopeStarts.pop()!
    const taken = this.taken
    for (let i = start; i < taken.length; i++) {
      taken[i]!.inUse = false
    }
    taken.length = start
  }

  private numberAll(op: Operation): void {
    this.pushScope()
    const scopeStarts = this.scopeStarts
    const topScope = scopeStarts.length
    const stack: NamingContext[] = []
    for (const region of op.regions) {
      stack.push({ region, nextValueID: this.nextValueID, nextArgumentID: this.nextArgumentID, nextConflictID: this.nextConflictID, parentScope: topScope, level: 1 })
    }
    let indentation = 0
    this.numberValuesInOp(op, op.name.def)
    while (stack.length > 0) {
      const ctx = stack.pop()!
      if (!this.uniqueSSAIDs) {
        this.nextValueID = ctx.nextValueID
        this.nextArgumentID = ctx.nextArgumentID
        this.nextConflictID = ctx.nextConflictID
      }
      while (scopeStarts.length > ctx.parentScope) {
        this.popScope()
      }
      this.pushScope()
      const cur = scopeStarts.length
      const nested = this.nestedRegions
      nested.length = 0
      this.opsInRegion = 0
      this.numberValuesInRegion(ctx.region)
      const level = ctx.level
      // Each op's first line, and the closing line of each of its regions, at its level.
      indentation += 2 * level * (this.opsInRegion + nested.length)
      for (let i = 0; i < nested.length; i++) {
        stack.push({
          region: nested[i]!,
          nextValueID: this.nextValueID,
          nextArgumentID: this.nextArgumentID,
          nextConflictID: this.nextConflictID,
          parentScope: cur,
          level: level + 1,
        })
      }
    }
    this.nestedRegions.length = 0
    this.indentation = indentation
    while (scopeStarts.length > 0) {
      this.popScope()
    }
  }

  private numberValuesInRegion(region: Region): void {
    if (!this.generic) {
      const parent = region.parentOp
      const def = parent?.extras.name.def
      if (parent && def?.getAsmBlockArgumentNames) {
        def.getAsmBlockArgumentNames(parent, region, this.setBlockArgNameFn)
      }
    }
    const first = region.firstBlock
    const blockNames = this.blockNames
    if (first !== null && first.nextBlock === null && (blockNames.size === 0 || !blockNames.has(first))) {
      this.numberValuesInBlock(first, true)
      return
    }
    let nextBlockID = 0
    for (let b = first; b !== null; b = b.nextBlock) {
      const info = this.blockNames.get(b)
      if (info === undefined || numberedBlockInfos[info.ordering] === info) {
        this.blockNames.set(b, numberedBlockInfo(nextBlockID))
      } else {
        info.ordering = nextBlockID
      }
      nextBlockID++
      this.numberValuesInBlock(b, b === first)
    }
  }

  /** Numbers the arguments and ops of `block`, the entry block of its region when `isEntry`. */
  private numberValuesInBlock(block: Block, isEntry: boolean): void {
    const args = block.arguments
    const probe = this.aliasProbe
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]!
      if (probe !== null) {
        probe.probeType(arg.type)
      }
      if (this.argsNamedByOps && this.valueNames.has(arg)) {
        continue
      }
      let name = isEntry ? argName(this.nextArgumentID++) : ''
      if (this.nameLocAsPrefix) {
        const nl = findNameLoc(arg.location)
        if (nl !== null && nl.name.length > 0) {
          name = nl.name
        }
      }
      this.setValueName(arg, name)
    }
    // The walk that numbers also counts the ops and gathers their regions (see `numberAll`).
    let count = 0
    const nested = this.nestedRegions
    for (let o = block.firstOp; o !== null; o = o.nextOp) {
      // The op's name and regions read from its extras: two getters' calls less per op.
      const extras = o.extras
      this.numberValuesInOp(o, extras.name.def)
      count++
      const regions = extras.regions
      for (let i = 0; i < regions.length; i++) {
        nested.push(regions[i]!)
      }
    }
    this.opsInRegion += count
  }

  /** Numbers the results of `op`, whose definition `def` the caller has read. */
  private numberValuesInOp(op: Operation, def: OpDefinition | null): void {
    const probe = this.aliasProbe
    if (probe !== null) {
      probe.probeOp(op, def)
    }
    const results = op.results
    // A NameLoc wins over the names the op suggests.
    if (this.nameLocAsPrefix && results.length > 0) {
      const nl = findNameLoc(op.location)
      if (nl !== null && nl.name.length > 0) {
        this.setValueName(results[0]!, nl.name)
      }
    }
    if (!this.generic && def !== null) {
      if (def.getAsmBlockNames) {
        def.getAsmBlockNames(op, this.setBlockNameFn)
      }
      if (def.getAsmResultNames && results.length > 0) {
        const groups = this.resultGroups
        def.getAsmResultNames(op, this.setResultNameFn)
        if (groups.length !== 1) {
          this.opResultGroups.set(
            op,
            groups.slice().sort((a, b) => a - b),
          )
          // Left at [0] for the next op: most ops name no result past the first.
          groups.length = 1
        }
      }
    }
    if (results.length === 0) {
      if (this.valueUsers && !this.operationIDs.has(op)) {
        this.operationIDs.set(op, this.nextValueID++)
      }
      return
    }
    const epoch = this.epoch
    if (epoch !== 0 && results.length === 1) {
      if (op.visitMark !== epoch) {
        op.visitMark = epoch
        op.visitData = this.nextValueID++
      }
      return
    }
    const first = results[0]!
    if (!this.valueNames.has(first)) {
      this.valueNames.set(first, this.nextValueID++)
    }
  }

  /** Whether `value` already has a name or number. */
  private isNamed(value: Value): boolean {
    if (this.epoch !== 0 && value.constructor === OpResult && (value as OpResult).owner.results.length === 1) {
      return (value as OpResult).owner.visitMark === this.epoch
    }
    return this.valueNames.has(value)
  }

  /**
   * Records `entry` (a `%name` or a number) for `value`: in its op's visit slots when it is
   * the op's only result (so a marked op has one result, named by its `visitData`).
   */
  private storeName(value: Value, entry: string | number): void {
    const epoch = this.epoch
    if (epoch !== 0 && value.constructor === OpResult && (value as OpResult).owner.results.length === 1) {
      const op = (value as OpResult).owner
      op.visitMark = epoch
      op.visitData = typeof entry === 'number' ? entry : -this.opNames.push(entry)
      return
    }
    this.valueNames.set(value, entry)
  }

  /** Gives back the visit marks; the names must not be looked up afterwards. */
  dispose(): void {
    releaseVisitMarks(this.epoch)
    this.epoch = 0
  }

  private setValueName(value: Value, name: string): void {
    if (name.length === 0) {
      this.storeName(value, this.nextValueID++)
      return
    }
    this.storeName(value, this.uniqueValueName(name))
  }

  /** Takes `raw` (sanitized), or with a `_N` suffix when that is in use, in the current scope: its `%name`. */
  private uniqueValueName(raw: string): string {
    const used = this.usedNames
    // A name asked for before is found as it was asked for, not sanitized again: the same
    // constant names recur in every function of a module.
    let entry = this.rawNames.get(raw)
    if (entry === undefined) {
      const sanitized = sanitizeIdentifier(raw, '$._-', true)
      entry = used.get(sanitized)
      if (entry === undefined) {
        entry = new UsedName('%' + sanitized)
        used.set(sanitized, entry)
      }
      this.rawNames.set(raw, entry)
    }
    if (entry.inUse) {
      const base = entry
      const suffixed = entry.suffixed ?? (entry.suffixed = [])
      for (;;) {
        const id = this.nextConflictID++
        let e = suffixed[id]
        if (e === undefined) {
          // The sanitized name (without its `%`) and the suffix.
          const probe = base.printed.slice(1) + '_' + id
          e = used.get(probe)
          if (e === undefined) {
            e = new UsedName('%' + probe)
            used.set(probe, e)
          }
          suffixed[id] = e
        }
        if (!e.inUse) {
          entry = e
          break
        }
      }
    }
    entry.inUse = true
    this.taken.push(entry)
    return entry.printed
  }

  /** `%name`, `%name#k`, or a placeholder for values defined outside the numbered scope. */
  valueID(value: Value, printResultNo: boolean): string {
    let lookup: Value = value
    let resultNo = -1
    // Told by constructor (`OpResult` has no subclasses): until this code is optimized, an
    // `instanceof` costs a few hundred instructions, and every printed operand asks.
    if (value.constructor === OpResult) {
      const owner = (value as OpResult).owner
      if (owner.visitMark === this.epoch && this.epoch !== 0) {
        const data = owner.visitData
        return data >= 0 ? (numberedNames[data] ?? numberedName(data)) : this.opNames[-data - 1]!
      }
      const n = owner.results.length
      if (n !== 1) {
        const idx = (value as OpResult).index
        const groups = this.opResultGroups.get(owner)
        if (groups === undefined) {
          resultNo = idx
          lookup = owner.results[0]!
        } else {
          let g = 0
          while (g + 1 < groups.length && groups[g + 1]! <= idx) {
            g++
          }
          const start = groups[g]!
          const size = (g + 1 < groups.length ? groups[g + 1]! : n) - start
          if (size !== 1) {
            resultNo = idx - start
          }
          lookup = owner.results[start]!
        }
      }
    }
    const entry = this.valueNames.get(lookup)
    if (entry === undefined) {
      return '<<UNKNOWN SSA VALUE>>'
    }
    const name = typeof entry === 'number' ? numberedName(entry) : entry
    if (resultNo >= 0 && printResultNo) {
      return name + '#' + resultNo
    }
    return name
  }

  /** The name of `op`'s only result when the op's visit slots hold it, else null. */
  markedResultName(op: Operation): string | null {
    if (op.visitMark !== this.epoch || this.epoch === 0) {
      return null
    }
    const data = op.visitData
    return data >= 0 ? (numberedNames[data] ?? numberedName(data)) : this.opNames[-data - 1]!
  }

  /** `%N` for an op numbered because it has no results (value-users mode). */
  operationID(op: Operation): string {
    const id = this.operationIDs.get(op)
    return id === undefined ? '<<UNKNOWN OPERATION>>' : '%' + id
  }

  blockInfo(block: Block): BlockInfo {
    const info = this.blockNames.size === 0 ? undefined : this.blockNames.get(block)
    if (info !== undefined) {
      return info
    }
    return isOnlyBlock(block) && this.isNumbered(block) ? numberedBlockInfo(0) : INVALID_BLOCK
  }

  /** `blockInfo` of a block known to be nested in the numbered op (one being printed). */
  printedBlockInfo(block: Block): BlockInfo {
    const info = this.blockNames.size === 0 ? undefined : this.blockNames.get(block)
    if (info !== undefined) {
      return info
    }
    return isOnlyBlock(block) ? numberedBlockInfo(0) : INVALID_BLOCK
  }

  /** Whether `block` is nested in the numbered op. */
  private isNumbered(block: Block): boolean {
    for (let op = block.parent?.parentOp ?? null; op !== null; op = op.parentOp) {
      if (op === this.root) {
        return true
      }
    }
    return false
  }

  /** Renames the entry arguments of `region` to the printed names of `names`. */
  shadowRegionArgs(region: Region, names: readonly (Value | null)[]): void {
    const entry = region.firstBlock
    if (entry === null) {
      return
    }
    for (let i = 0; i < names.length; i++) {
      const v = names[i]
      if (v === null || v === undefined) {
        continue
      }
      const arg = entry.arguments[i]
      if (arg === undefined) {
        continue
      }
      this.valueNames.set(arg, this.valueID(v, true))
    }
  }
}

const INVALID_BLOCK = new BlockInfo(-1, 'INVALIDBLOCK')

/** Whether `block` is the only block of its region (numbered `^bb0` without an entry in `blockNames`). */
function isOnlyBlock(block: Block): boolean {
  return block.nextBlock === null && block.parent !== null && block.parent.firstBlock === block
}

/** Blocks named by position share their `BlockInfo` up to this position (most regions have one block). */
const SHARED_BLOCK_INFOS = 256
const numberedBlockInfos: BlockInfo[] = []

/**
 * The info of a block printed as `^bb<ordering>`: one shared, never changed, instance per
 * position below SHARED_BLOCK_INFOS (a million single-block regions need not hold a million),
 * a new one past it.
 */
function numberedBlockInfo(ordering: number): BlockInfo {
  if (ordering < 0 || ordering >= SHARED_BLOCK_INFOS) {
    return new BlockInfo(ordering, '^bb' + ordering)
  }
  let info = numberedBlockInfos[ordering]
  if (info === undefined) {
    for (let i = numberedBlockInfos.length; i <= ordering; i++) {
      numberedBlockInfos.push(new BlockInfo(i, '^bb' + i))
    }
    info = numberedBlockInfos[ordering]!
  }
  return info
}

// `%0`, `%1`, ... shared by every printer: numbering restarts in each isolated region, so a
// large module repeats the same few thousand names. Likewise `arg0`, `arg1`, ..., the names
// entry block arguments ask for.
const numberedNames: string[] = []
const argNames: string[] = []
const MAX_SHARED_NUMBERED_NAMES = 1 << 16

/** `%n`. */
function numberedName(n: number): string {
  return numberedNames[n] ?? sharedName(numberedNames, '%', n)
}

/** `argN`. */
function argName(n: number): string {
  return argNames[n] ?? sharedName(argNames, 'arg', n)
}

/** `prefix` and `n`, from `table` (filled up to `n` on first use) when `n` is small enough. */
function sharedName(table: string[], prefix: string, n: number): string {
  if (n >= MAX_SHARED_NUMBERED_NAMES) {
    return prefix + n
  }
  while (table.length <= n) {
    table.push(prefix + table.length)
  }
  return table[n]!
}
