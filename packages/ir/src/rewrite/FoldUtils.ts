import type { Attribute } from '../Attributes.ts'
import type { Block } from '../Block.ts'
import type { Dialect } from '../Dialect.ts'
import { UnknownLoc } from '../Location.ts'
import type { Operation } from '../Operation.ts'
import { Trait, type OpFoldResult } from '../OperationName.ts'
import type { Region } from '../Region.ts'
import type { Type } from '../Types.ts'
import type { Value } from '../Value.ts'
import type { PatternRewriter } from './PatternMatch.ts'

const kNoFoldResults: readonly OpFoldResult[] = []

/** The constant value of a `ConstantLike` op (MLIR's `m_Constant`), or null. */
export function matchConstantOp(op: Operation): Attribute | null {
  if (!op.hasTrait(Trait.ConstantLike)) {
    return null
  }
  const def = op.name.def
  if (def === null) {
    return null
  }
  if (def.constantValue !== undefined) {
    return def.constantValue(op)
  }
  if (def.fold === undefined) {
    return null
  }
  const r = def.fold(op, kNoConstants)
  if (r === undefined || !Array.isArray(r) || r.length !== 1) {
    return null
  }
  const a = (r as readonly OpFoldResult[])[0]!
  return isAttribute(a) ? a : null
}

/** The constant value of `value` when a `ConstantLike` op defines it, or null. */
export function matchConstantValue(value: Value): Attribute | null {
  const def = value.definingOp
  return def === null ? null : matchConstantOp(def)
}

const kNoConstants: readonly (Attribute | null)[] = []

/** True when `r` is an attribute rather than a value. */
export function isAttribute(r: OpFoldResult): r is Attribute {
  return !('firstUse' in r)
}

/**
 * Runs `op`'s folder with the constant values of its operands (MLIR's
 * `Operation::fold`). Returns null when it does not fold, an empty array when it was
 * folded in place, else one result per op result.
 */
export function foldOperation(op: Operation): readonly OpFoldResult[] | null {
  const def = op.name.def
  if (def === null || def.fold === undefined) {
    return null
  }
  const n = op.operands.length
  const constants = new Array<Attribute | null>(n)
  for (let i = 0; i < n; i++) {
    const v = op.operands[i]!.value
    constants[i] = v === null ? null : matchConstantValue(v)
  }
  const r = def.fold(op, constants)
  if (r === undefined) {
    return null
  }
  if (!Array.isArray(r)) {
    return kNoFoldResults
  }
  const results = r as readonly OpFoldResult[]
  // In a graph region an op may use its own result (`%0 = arith.addi %0, %c0`): a fold to
  // that result replaces the op by itself, which changes nothing and cannot erase it. It
  // does not fold (mlir-opt 22 takes it for an in-place fold and loops forever).
  for (let i = 0; i < results.length; i++) {
    const fr = results[i]!
    if (!isAttribute(fr) && fr.definingOp === op) {
      return null
    }
  }
  return results
}

/**
 * The region where constants for an op in `block` are materialized: the closest
 * enclosing region whose parent op is (or might be) isolated from above, or is top-level.
 */
export function getConstantInsertionRegion(block: Block): Region {
  let b: Block = block
  for (;;) {
    const region = b.parent
    if (region === null) {
      throw new Error('expected valid insertion region')
    }
    const parentOp = region.parentOp
    if (parentOp === null || !parentOp.isRegistered || parentOp.hasTrait(Trait.IsolatedFromAbove) || parentOp.parentBlock === null) {
      return region
    }
    b = parentOp.parentBlock
  }
}

/** Ids below this make a constant's key one exact number (see `ConstantScope`). */
const KEY_ID_LIMIT = 2 ** 26

/**
 * The uniqued constants of one insertion region, keyed by (dialect, value, type). The key
 * of a value and a type is the number `value.id * 2^26 + type.id` (exact while both ids
 * are below 2^26; a string otherwise), so that looking a constant up builds no string.
 */
class ConstantScope {
  private readonly byDialect = new Map<Dialect | null, Map<number | string, Operation>>()

  private static key(value: Attribute, type: Type): number | string {
    const a = value.id
    const b = type.id
    return a < KEY_ID_LIMIT && b < KEY_ID_LIMIT ? a * KEY_ID_LIMIT + b : `${a}:${b}`
  }

  get(dialect: Dialect | null, value: Attribute, type: Type): Operation | undefined {
    return this.byDialect.get(dialect)?.get(ConstantScope.key(value, type))
  }

  set(dialect: Dialect | null, value: Attribute, type: Type, op: Operation): void {
    let m = this.byDialect.get(dialect)
    if (m === undefined) {
      m = new Map()
      this.byDialect.set(dialect, m)
    }
    m.set(ConstantScope.key(value, type), op)
  }

  delete(dialect: Dialect | null, value: Attribute, type: Type): void {
    this.byDialect.get(dialect)?.delete(ConstantScope.key(value, type))
  }
}

/**
 * Folds operations and keeps one constant op per (dialect, value, type) in each
 * insertion region, at the start of that region's entry block (MLIR's `OperationFolder`).
 * Changes go through `rewriter`, so its listener sees them.
 */
export class OperationFolder {
  private readonly foldScopes = new Map<Region, ConstantScope>()
  /**
   * The dialects under which each uniqued constant is recorded: the one dialect itself
   * (almost always), or a list when a dialect's constant stands for another's too.
   */
  private readonly referencedDialects = new Map<Operation, Dialect | null | (Dialect | null)[]>()

  constructor(readonly rewriter: PatternRewriter) {}

  private scope(region: Region): ConstantScope {
    let m = this.foldScopes.get(region)
    if (m === undefined) {
      m = new ConstantScope()
      this.foldScopes.set(region, m)
    }
    return m
  }

  /** True when `op` is a constant this folder created or uniqued. */
  isFolderOwnedConstant(op: Operation | null): boolean {
    return op !== null && this.referencedDialects.has(op)
  }

  /**
   * Tries to fold `op`. Returns true when it folded; `op` was then either updated in
   * place (it stays; `inPlaceUpdate.value` is set) or replaced and erased. Uniqued
   * constants are only re-hoisted, never folded.
   */
  tryToFold(op: Operation, inPlaceUpdate?: { value: boolean }): boolean {
    if (inPlaceUpdate !== undefined) {
      inPlaceUpdate.value = false
    }
    if (this.isFolderOwnedConstant(op)) {
      const block = op.parentBlock!
      if (block.firstOp !== op && !this.isFolderOwnedConstant(op.prevOp)) {
        op.moveBefore(block.firstOp!)
        op.location = UnknownLoc.get(op.context)
      }
      return false
    }
    const foldResults = foldOperation(op)
    if (foldResults === null) {
      return false
    }
    if (foldResults.length === 0) {
      if (inPlaceUpdate !== undefined) {
        inPlaceUpdate.value = true
      }
      this.rewriter.listener?.notifyOperationModified?.(op)
      return true
    }
    const results = this.processFoldResults(op, foldResults)
    if (results === null) {
      return false
    }
    this.notifyRemoval(op)
    this.rewriter.replaceOp(op, results)
    return true
  }

  private processFoldResults(op: Operation, foldResults: readonly OpFoldResult[]): Value[] | null {
    const region = getConstantInsertionRegion(op.parentBlock!)
    const entry = region.front
    this.rewriter.setInsertionPointToStart(entry)
    const constants = this.scope(region)
    const dialect = op.name.dialect
    const results: Value[] = []
    for (let i = 0; i < op.results.length; i++) {
      const fr = foldResults[i]!
      if (!isAttribute(fr)) {
        results.push(fr)
        continue
      }
      const constOp = this.tryGetOrCreateConstant(constants, dialect, fr, op.results[i]!.type)
      if (constOp !== null) {
        const opBlock = op.parentBlock!
        if (opBlock === constOp.parentBlock && opBlock.firstOp !== constOp) {
          constOp.moveBefore(opBlock.firstOp!)
        }
        results.push(constOp.results[0]!)
        continue
      }
      // Materialization failed: drop the constants created for earlier results.
      const stop = this.rewriter.saveInsertionPoint()?.before ?? null
      for (let o = entry.firstOp; o !== null && o !== stop; ) {
        const next = o.nextOp
        this.notifyRemoval(o)
        this.rewriter.eraseOp(o)
        o = next
      }
      return null
    }
    return results
  }

  /**
   * Registers an existing constant op. Returns false when an equal constant already
   * exists in the insertion region: `op` is then replaced by it and erased. Otherwise
   * `op` is recorded and hoisted to the start of the insertion region's entry block.
   */
  insertKnownConstant(op: Operation, constValue: Attribute | null = null): boolean {
    const opBlock = op.parentBlock!
    if (this.isFolderOwnedConstant(op)) {
      if (opBlock.firstOp !== op && !this.isFolderOwnedConstant(op.prevOp)) {
        op.moveBefore(opBlock.firstOp!)
        op.location = UnknownLoc.get(op.context)
      }
      return true
    }
    const value = constValue ?? matchConstantOp(op)
    if (value === null) {
      throw new Error('insertKnownConstant: expected a constant op')
    }
    const insertRegion = getConstantInsertionRegion(opBlock)
    const constants = this.scope(insertRegion)
    const dialect = op.name.dialect
    const type = op.results[0]!.type
    const existing = constants.get(dialect, value, type)
    if (existing !== undefined) {
      this.notifyRemoval(op)
      this.rewriter.replaceOp(op, existing.results)
      existing.location = UnknownLoc.get(op.context)
      return false
    }
    const insertBlock = insertRegion.front
    if (opBlock !== insertBlock) {
      op.moveBefore(insertBlock.firstOp!)
      op.location = UnknownLoc.get(op.context)
    } else if (insertBlock.firstOp !== op && !this.isFolderOwnedConstant(op.prevOp)) {
      op.moveBefore(insertBlock.firstOp!)
    }
    constants.set(dialect, value, type, op)
    this.referencedDialects.set(op, dialect)
    return true
  }

  /** Forgets `op` if it is a uniqued constant (call before erasing it). */
  notifyRemoval(op: Operation): void {
    const dialects = this.referencedDialects.get(op)
    if (dialects === undefined) {
      return
    }
    const value = matchConstantOp(op)
    if (value !== null && op.parentBlock !== null) {
      const constants = this.scope(getConstantInsertionRegion(op.parentBlock))
      const type = op.results[0]!.type
      if (Array.isArray(dialects)) {
        for (const d of dialects) {
          constants.delete(d, value, type)
        }
      } else {
        constants.delete(dialects, value, type)
      }
    }
    this.referencedDialects.delete(op)
  }

  /** Forgets every uniqued constant. */
  clear(): void {
    this.foldScopes.clear()
    this.referencedDialects.clear()
  }

  /**
   * A constant of `value` and `type` from `dialect`, uniqued in the insertion region of
   * `block` (created at the start of its entry block when new); null when the dialect
   * cannot materialize it.
   */
  getOrCreateConstant(block: Block, dialect: Dialect, value: Attribute, type: Type): Value | null {
    const region = getConstantInsertionRegion(block)
    this.rewriter.setInsertionPointToStart(region.front)
    const op = this.tryGetOrCreateConstant(this.scope(region), dialect, value, type)
    return op === null ? null : op.results[0]!
  }

  private tryGetOrCreateConstant(constants: ConstantScope, dialect: Dialect | null, value: Attribute, type: Type): Operation | null {
    const loc = UnknownLoc.get(this.rewriter.context)
    const existing = constants.get(dialect, value, type)
    if (existing !== undefined) {
      if (existing.location !== loc) {
        existing.location = loc
      }
      return existing
    }
    if (dialect === null || dialect.def.materializeConstant === undefined) {
      return null
    }
    const constOp = dialect.def.materializeConstant(this.rewriter, value, type, loc)
    if (constOp === null) {
      return null
    }
    const newDialect = constOp.name.dialect
    if (newDialect === dialect) {
      constants.set(dialect, value, type, constOp)
      this.referencedDialects.set(constOp, dialect)
      return constOp
    }
    const other = constants.get(newDialect, value, type)
    if (other !== undefined) {
      this.notifyRemoval(constOp)
      this.rewriter.eraseOp(constOp)
      const recorded = this.referencedDialects.get(other)
      if (Array.isArray(recorded)) {
        recorded.push(dialect)
      } else if (recorded !== undefined) {
        this.referencedDialects.set(other, [recorded, dialect])
      }
      if (other.location !== loc) {
        other.location = loc
      }
      constants.set(dialect, value, type, other)
      return other
    }
    this.referencedDialects.set(constOp, [dialect, newDialect])
    constants.set(dialect, value, type, constOp)
    constants.set(newDialect, value, type, constOp)
    return constOp
  }
}
