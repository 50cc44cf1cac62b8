import type { Operation } from '../Operation.ts'
import { Trait, type MemoryEffect } from '../OperationName.ts'

const kNoEffects: readonly MemoryEffect[] = []

/**
 * The memory effects `op` declares through MemoryEffectOpInterface (the `NoMemoryEffect`
 * trait or a `memoryEffects` hook), or null when it does not implement the interface.
 * Nested ops are not included.
 */
export function getMemoryEffects(op: Operation): readonly MemoryEffect[] | null {
  if (op.hasTrait(Trait.HasMemoryEffects)) {
    const def = op.name.def
    if (def !== null && def.memoryEffects !== undefined) {
      return def.memoryEffects(op)
    }
  }
  if (op.hasTrait(Trait.NoMemoryEffect)) {
    return kNoEffects
  }
  return null
}

/**
 * The effects of `op` and, for ops with recursive memory effects, of every nested op;
 * null when some op's effects are unknown (MLIR's `getEffectsRecursively`).
 */
export function getEffectsRecursively(root: Operation): MemoryEffect[] | null {
  const out: MemoryEffect[] = []
  const stack: Operation[] = [root]
  while (stack.length > 0) {
    const op = stack.pop()!
    const recursive = op.hasTrait(Trait.RecursiveMemoryEffects)
    if (recursive) {
      pushNestedOps(op, stack)
    }
    const effects = getMemoryEffects(op)
    if (effects !== null) {
      for (const e of effects) {
        out.push(e)
      }
    } else if (!recursive) {
      return null
    }
  }
  return out
}

function pushNestedOps(op: Operation, stack: Operation[]): void {
  for (const region of op.regions) {
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        stack.push(o)
      }
    }
  }
}

/**
 * Whether the traits `traits` alone say an op has no memory effect of its own: pure
 * (`NoMemoryEffect`) and no effect hook (`HasMemoryEffects`) to ask. The usual op; its
 * nested ops are not covered.
 */
function effectFreeByTraits(traits: number): boolean {
  return (traits & (Trait.NoMemoryEffect | Trait.HasMemoryEffects)) === Trait.NoMemoryEffect
}

/** True when `op` and everything nested in it (for recursive effects) have no memory effect. */
export function isMemoryEffectFree(op: Operation): boolean {
  // The usual op, pure, with no effect hook and nothing nested: free.
  if (effectFreeByTraits(op.name.traits) && op.regions.length === 0) {
    return true
  }
  const effects = getMemoryEffects(op)
  const recursive = op.hasTrait(Trait.RecursiveMemoryEffects)
  if (effects !== null) {
    if (effects.length !== 0) {
      return false
    }
    if (!recursive) {
      return true
    }
  } else if (!recursive) {
    return false
  }
  for (const region of op.regions) {
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        if (!isMemoryEffectFree(o)) {
          return false
        }
      }
    }
  }
  return true
}

/** True when `op` only reads memory (and has at least one effect), as `onlyHasEffect<Read>`. */
export function onlyReadsMemory(op: Operation): boolean {
  const effects = getMemoryEffects(op)
  if (effects === null || effects.length === 0) {
    return false
  }
  for (const e of effects) {
    if (e.kind !== 'read') {
      return false
    }
  }
  return true
}

/**
 * True when erasing `op` would not change the program if its results were unused:
 * not a terminator or symbol, and every (recursive) effect is a read or an allocation
 * of one of its own results.
 */
export function wouldOpBeTriviallyDead(root: Operation): boolean {
  const name = root.name
  // Unregistered ops might be terminators (`mightHaveTrait`), so they are never dead.
  if (!name.isRegistered || (name.traits & (Trait.IsTerminator | Trait.Symbol)) !== 0) {
    return false
  }
  // Most ops have no regions: no stack is needed.
  if (root.regions.length === 0) {
    // The usual op, pure, with no effect hook: its effects are none (`getMemoryEffects`).
    if (effectFreeByTraits(name.traits)) {
      return true
    }
    return ownEffectsAllowErasure(root)
  }
  const stack: Operation[] = [root]
  while (stack.length > 0) {
    const op = stack.pop()!
    if (op.hasTrait(Trait.RecursiveMemoryEffects)) {
      pushNestedOps(op, stack)
    }
    if (!ownEffectsAllowErasure(op)) {
      return false
    }
  }
  return true
}

/**
 * Whether the effects of `op` itself (not of nested ops) allow erasing it: each is a read
 * or an allocation of its own result, or it has unknown effects but recursive ones.
 */
function ownEffectsAllowErasure(op: Operation): boolean {
  const effects = getMemoryEffects(op)
  if (effects === null) {
    return op.hasTrait(Trait.RecursiveMemoryEffects)
  }
  for (let i = 0; i < effects.length; i++) {
    const e = effects[i]!
    if (e.kind === 'read') {
      continue
    }
    if (e.kind === 'allocate' && e.value !== undefined && e.value.definingOp === op) {
      continue
    }
    if (isAllocatedResultOf(effects, e, op)) {
      continue
    }
    return false
  }
  return true
}

/** Whether `e` is on a value that an allocate effect of `op` produces. */
function isAllocatedResultOf(effects: readonly MemoryEffect[], e: MemoryEffect, op: Operation): boolean {
  const v = e.value
  if (v === undefined) {
    return false
  }
  for (const a of effects) {
    if (a.kind === 'allocate' && a.value === v && v.definingOp === op) {
      return true
    }
  }
  return false
}

/** True when `op` has no uses and would be trivially dead (MLIR's `isOpTriviallyDead`). */
export function isOpTriviallyDead(op: Operation): boolean {
  return op.useEmpty && wouldOpBeTriviallyDead(op)
}
