import type { Operation, Value } from '@tilepass/ir'
import { OperationPass } from '@tilepass/pass-manager'

const kCast = 'builtin.unrealized_conversion_cast'

function sameTypes(a: readonly Value[], b: readonly Value[]): boolean {
  if (a.length !== b.length) {
    return false
  }
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.type !== b[i]!.type) {
      return false
    }
  }
  return true
}

/**
 * The values a cast can be replaced by: its inputs when they have its result types, or
 * the inputs of a chain of casts ending where the chain started. Null when none.
 */
function foldCastChain(cast: Operation): Value[] | null {
  const results: Value[] = cast.results
  let inputs: Value[] = cast.operands.map((o) => o.value)
  for (;;) {
    if (sameTypes(inputs, results)) {
      return inputs
    }
    const def = inputs.length > 0 ? inputs[0]!.definingOp : null
    if (def === null || def.name.name !== kCast || def.results.length !== inputs.length) {
      return null
    }
    for (let i = 0; i < inputs.length; i++) {
      if (inputs[i] !== def.results[i]) {
        return null
      }
    }
    inputs = def.operands.map((o) => o.value)
  }
}

/**
 * Folds `builtin.unrealized_conversion_cast` ops under `root`: dead casts are erased
 * and chains converting back to their starting types are bypassed (MLIR's
 * `reconcileUnrealizedCasts`). Returns the casts that remain.
 */
export function reconcileUnrealizedCasts(root: Operation): Operation[] {
  const casts: Operation[] = []
  root.walk((op) => {
    if (op.name.name === kCast) {
      casts.push(op)
    }
  })
  const alive = new Set(casts)
  let changed = true
  while (changed) {
    changed = false
    for (const cast of casts) {
      if (!alive.has(cast)) {
        continue
      }
      if (!cast.useEmpty) {
        const repl = foldCastChain(cast)
        if (repl === null) {
          continue
        }
        cast.replaceAllUsesWith(repl)
      }
      cast.erase()
      alive.delete(cast)
      changed = true
    }
  }
  return casts.filter((c) => alive.has(c))
}

/** `reconcile-unrealized-casts`: removes unrealized conversion casts that cancel out or are unused. */
export class ReconcileUnrealizedCastsPass extends OperationPass {
  static override readonly argument = 'reconcile-unrealized-casts'
  static override readonly summary = 'Simplify and eliminate unrealized conversion casts'
  static readonly passName: string = 'ReconcileUnrealizedCastsPass'

  override runOnOperation(): void {
    reconcileUnrealizedCasts(this.getOperation())
  }
}
