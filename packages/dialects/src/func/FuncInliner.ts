import { Operation, OperationState, type Block, type DialectInlinerInterface, type Value } from '@tilepass/ir'

/** An inliner interface under which every op and region of the dialect is legal to inline (arith, cf, scf, index, memref, ub). */
export const legalInlinerInterface: DialectInlinerInterface = {
  isLegalToInlineCall: () => true,
  isLegalToInlineRegion: () => true,
  isLegalToInlineOp: () => true,
}

/**
 * The `func` dialect's inliner interface: everything is legal to inline except a
 * `func.call` marked `no_inline` or a call of a `func.func` marked `no_inline`; an inlined
 * `func.return` becomes the call's results (single block) or a `cf.br` to the block
 * after the call (multi-block callee), as upstream.
 */
export const funcInlinerInterface: DialectInlinerInterface = {
  isLegalToInlineCall: (call: Operation, callable: Operation) =>
    !(call.name.name === 'func.call' && call.getAttr('no_inline') !== undefined) &&
    !(callable.name.name === 'func.func' && callable.getAttr('no_inline') !== undefined),
  isLegalToInlineRegion: () => true,
  isLegalToInlineOp: () => true,
  handleTerminator(op: Operation, newDest: Block | null, valuesToReplace: readonly Value[]): void {
    if (op.name.name !== 'func.return') {
      return
    }
    if (newDest !== null) {
      const context = op.context
      context.getOrLoadDialect('cf')
      const state = new OperationState(op.location, context.getOperationName('cf.br'))
      state.addOperands(op.getOperands())
      state.addSuccessor(newDest)
      op.parentBlock!.insertBefore(Operation.create(state), op)
      op.erase()
      return
    }
    const n = Math.min(op.numOperands, valuesToReplace.length)
    for (let i = 0; i < n; i++) {
      valuesToReplace[i]!.replaceAllUsesWith(op.getOperand(i))
    }
  },
}
