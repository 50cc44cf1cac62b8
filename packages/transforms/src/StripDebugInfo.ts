import { UnknownLoc } from '@tilepass/ir'
import { OperationPass } from '@tilepass/pass-manager'

/** Replaces every op and block-argument location with `loc(unknown)` (`strip-debuginfo`). */
export class StripDebugInfo extends OperationPass {
  static override readonly argument = 'strip-debuginfo'
  static override readonly summary = 'Strip debug info from all operations'
  static readonly passName: string = 'StripDebugInfo'

  override runOnOperation(): void {
    const unknown = UnknownLoc.get(this.getContext())
    this.getOperation().walk((op) => {
      op.location = unknown
      for (const r of op.regions) {
        for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
          for (const a of b.arguments) {
            a.location = unknown
          }
        }
      }
    })
  }
}
