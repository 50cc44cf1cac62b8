/**
 * Keeps a loop-carried tile in the layout its loop body works in: when every use of an
 * `scf.for` iter_arg is a `tileas.convert_layout` to layout L and the value yielded for it
 * is a `convert_layout` from L (used only by the yield), the iter_arg, the yield and the
 * loop result take layout L; the conversions move before the loop (the init) and after it
 * (the result; none when only `store_view`s use it, as stores take any layout). For a GEMM
 * this keeps the accumulator in the mma layout across the K-loop and into its store.
 */
import type { OpBuilder, Operation } from '@tilepass/ir'
import type { DistributedLayoutAttr } from '../tileas/TileASAttributes.ts'
import { TileASTileType } from '../tileas/TileASTypes.ts'

function convertTo(op: Operation | null): DistributedLayoutAttr | null {
  if (op === null || op.name.name !== 'tileas.convert_layout') {
    return null
  }
  return (op.getResult(0).type as TileASTileType).layout
}

function rewriteIterArg(b: OpBuilder, loop: Operation, i: number): boolean {
  const body = loop.regions[0]!.front
  const arg = body.getArgument(i + 1)
  const yieldOp = body.terminator!
  const yielded = yieldOp.getOperand(i)
  const t = arg.type
  if (!(t instanceof TileASTileType) || arg.useEmpty) {
    return false
  }
  const users = [...arg.uses()].map((u) => u.owner)
  const target = convertTo(users[0]!)
  if (target === null || users.some((u) => convertTo(u) !== target)) {
    return false
  }
  const back = yielded.definingOp
  const inner = back?.name.name === 'tileas.convert_layout' ? back.getOperand(0) : null
  if (back === null || inner === null || !yielded.hasOneUse || (inner.type as TileASTileType).layout !== target) {
    return false
  }
  const newType = t.withLayout(target)
  const result = loop.getResult(i)
  // The init converted before the loop.
  b.setInsertionPoint(loop)
  const init = loop.getOperand(3 + i)
  const cst = init.definingOp
  // A constant is built in the new layout directly (its value does not depend on the layout).
  const newInit =
    cst !== null && cst.name.name === 'tileas.constant' && init.hasOneUse
      ? b.create('tileas.constant', cst.location, { attributes: cst.getAttrs(), results: [newType] }).results[0]!
      : b.create('tileas.convert_layout', loop.location, { operands: [init], results: [newType] }).results[0]!
  loop.setOperand(3 + i, newInit)
  if (init.useEmpty) {
    cst!.erase()
  }
  // The body uses the argument as is and yields the unconverted value.
  arg.type = newType
  for (const u of users) {
    u.getResult(0).replaceAllUsesWith(arg)
    u.erase()
  }
  yieldOp.setOperand(i, inner)
  back.erase()
  // The result converted back after the loop.
  result.type = newType
  b.setInsertionPointAfter(loop)
  const out = b.create('tileas.convert_layout', loop.location, { operands: [result], results: [t] })
  result.replaceUsesWithIf(out.getResult(0), (use) => use.owner !== out)
  // A store writes any layout: stores of the result take it unconverted.
  const converted = out.getResult(0)
  if ([...converted.uses()].every((u) => u.owner.name.name === 'tileas.store_view' && u.index === 0)) {
    converted.replaceAllUsesWith(result)
    out.erase()
  }
  return true
}

/** Applies the rewrite to every `scf.for` under `root` (innermost loops first). */
export function hoistLoopLayoutConversions(b: OpBuilder, root: Operation): void {
  const loops: Operation[] = []
  root.walk((op) => {
    if (op.name.name === 'scf.for') {
      loops.push(op)
    }
  })
  for (const loop of loops) {
    for (let i = 0; i < loop.numResults; i++) {
      rewriteIterArg(b, loop, i)
    }
  }
}
