import { SymbolTable, Trait } from '@tilepass/ir'
import { OperationPass, stringListOption, type ListOption, type OptionValues } from '@tilepass/pass-manager'

/** The option declarations of the pass (see `OptionDecls`). */
export type SymbolPrivatizeOptionDecls = { readonly exclude: ListOption<string> }
const symbolPrivatizeOptions: SymbolPrivatizeOptionDecls = {
  exclude: stringListOption('exclude', 'Comma separated list of symbols that should not be marked private'),
}

/** Marks every symbol directly inside the op private, except the excluded names (`symbol-privatize`). */
export class SymbolPrivatize extends OperationPass<OptionValues<SymbolPrivatizeOptionDecls>> {
  static override readonly argument = 'symbol-privatize'
  static override readonly summary = 'Mark symbols private'
  static override readonly options: SymbolPrivatizeOptionDecls = symbolPrivatizeOptions
  static readonly passName: string = 'SymbolPrivatize'

  override runOnOperation(): void {
    const excluded = new Set(this.options.exclude)
    for (const region of this.getOperation().regions) {
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
        for (let op = b.firstOp; op !== null; op = op.nextOp) {
          if (!op.hasTrait(Trait.Symbol)) {
            continue
          }
          const name = SymbolTable.getSymbolName(op)
          if (name !== undefined && !excluded.has(name)) {
            SymbolTable.setSymbolVisibility(op, 'private')
          }
        }
      }
    }
  }
}
