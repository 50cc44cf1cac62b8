import { Block, Operation, OperationState, Trait, type Location, type Region } from '@tilepass/ir'

/**
 * Appends an operand-less `name` op (the implicit terminator) when the single block of
 * `region` does not end with a terminator, creating the block if the region is empty
 * (MLIR's `SingleBlockImplicitTerminator::ensureTerminator`).
 */
export function ensureTerminator(region: Region, loc: Location, name: string): void {
  let block = region.firstBlock
  if (block === null) {
    block = new Block()
    region.push(block)
  }
  const last = block.lastOp
  if (last !== null && last.hasTrait(Trait.IsTerminator)) {
    return
  }
  block.append(Operation.create(new OperationState(loc, loc.context.getOperationName(name))))
}
