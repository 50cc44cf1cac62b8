import {
  ConditionallySpeculatable,
  LoopLikeOpInterface,
  Trait,
  isMemoryEffectFree,
  type LoopLikeOpInterfaceImpl,
  type Operation,
  type Region,
  type Value,
} from '@tilepass/ir'
import { OperationPass } from '@tilepass/pass-manager'

/**
 * Whether `op` may run speculatively: `AlwaysSpeculatable`, what its ConditionallySpeculatable
 * implementation says (a loop whose step is one always ends, a division by a constant that
 * is not zero cannot trap), or, for a non-loop op with recursive memory effects and no such
 * implementation (as `scf.if`, RecursivelySpeculatable upstream), whether its nested ops
 * all are. A recursively speculatable op needs every nested op to be speculatable.
 */
export function isSpeculatable(op: Operation): boolean {
  if (op.hasTrait(Trait.AlwaysSpeculatable)) {
    return true
  }
  if (!op.isRegistered) {
    return false
  }
  const conditional = ConditionallySpeculatable.get(op)
  if (conditional !== undefined) {
    const s = conditional.getSpeculatability(op)
    if (s !== 'recursively-speculatable') {
      return s === 'speculatable'
    }
  } else if (!op.hasTrait(Trait.RecursiveMemoryEffects) || LoopLikeOpInterface.implementedBy(op)) {
    return false
  }
  for (const r of op.regions) {
    for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        if (!isSpeculatable(o)) {
          return false
        }
      }
    }
  }
  return true
}

/** True when `op` (with its nested ops) only uses values for which `definedOutside` holds, or values defined inside `op`. */
function canBeHoisted(op: Operation, definedOutside: (v: Value) => boolean): boolean {
  if (op.hasTrait(Trait.IsTerminator)) {
    return false
  }
  const r = op.walk((child) => {
    for (const operand of child.operands) {
      const v = operand.value
      const owner = v.parentRegion?.parentOp ?? null
      // Values defined in a region nested in `op` move with it.
      if (owner !== null && op.isAncestor(owner)) {
        continue
      }
      if (!definedOutside(v)) {
        return 'interrupt'
      }
    }
    return 'advance'
  })
  return r !== 'interrupt'
}

/**
 * Moves the loop-invariant, memory-effect-free, speculatable ops of `loop`'s regions
 * right before the loop; returns how many moved (MLIR's `moveLoopInvariantCode`).
 */
export function moveLoopInvariantCode(loop: Operation, impl: LoopLikeOpInterfaceImpl): number {
  const isDefinedOutside = (v: Value): boolean => {
    if (impl.isDefinedOutsideOfLoop !== undefined) {
      return impl.isDefinedOutsideOfLoop(loop, v)
    }
    const owner = v.parentRegion?.parentOp ?? null
    return owner === null || !loop.isAncestor(owner)
  }
  let numMoved = 0
  for (const region of impl.getLoopRegions(loop)) {
    const worklist: Operation[] = []
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        worklist.push(o)
      }
    }
    for (let i = 0; i < worklist.length; i++) {
      const op = worklist[i]!
      if (op.parentRegion !== region) {
        continue
      }
      if (!(isMemoryEffectFree(op) && isSpeculatable(op)) || !canBeHoisted(op, isDefinedOutside)) {
        continue
      }
      op.moveBefore(loop)
      numMoved++
      pushUsersIn(op, region, worklist)
    }
  }
  return numMoved
}

function pushUsersIn(op: Operation, region: Region, worklist: Operation[]): void {
  for (const r of op.results) {
    for (let u = r.firstUse; u !== null; u = u.nextUse) {
      if (u.owner.parentRegion === region) {
        worklist.push(u.owner)
      }
    }
  }
}

/** Hoists loop-invariant code out of every loop, innermost loops first (`loop-invariant-code-motion`). */
export class LoopInvariantCodeMotion extends OperationPass {
  static override readonly argument = 'loop-invariant-code-motion'
  static override readonly summary = 'Hoist loop invariant instructions outside of the loop'
  static readonly passName: string = 'LoopInvariantCodeMotion'

  override runOnOperation(): void {
    this.getOperation().walk((op) => {
      const impl = LoopLikeOpInterface.get(op)
      if (impl !== undefined) {
        moveLoopInvariantCode(op, impl)
      }
    })
  }
}
