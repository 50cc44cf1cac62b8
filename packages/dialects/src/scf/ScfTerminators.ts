import { Block, Operation, OperationState, Trait, type Location, type Region } from '@tilepass/ir'

/**
 * Appends an operand-less `name` op (the implicit terminator) when the single block of
 * `region` does not end with a terminator, creating the block if the region is empty
 * (MLIR's `SingleBlockImplicitTerminator::ensureTerminator`). `at` is the terminator's
 * location, or the state of the op being parsed: its location is then made only when a
 * terminator is added (an op parsed from text makes its location on first use).
 */
export function ensureTerminator(region: Region, at: Location | OperationState, name: string): void {
  let block = region.firstBlock
  if (block === null) {
    block = new Block()
    region.push(block)
  }
  const last = block.lastOp
  if (last !== null && last.hasTrait(Trait.IsTerminator)) {
    return
  }
  const loc = at instanceof OperationState ? at.location : at
  block.append(Operation.create(new OperationState(loc, loc.context.getOperationName(name))))
}
