import { StringAttr, Trait, type Operation, type OperationName } from '@tilepass/ir'
import { Liveness } from '@tilepass/analysis'
import { OperationPass, type PassRegistry } from '@tilepass/pass-manager'
import type { TestPassOutput } from '../TestPasses.ts'

/** Registers `test-print-liveness`, which prints the liveness of each symbol op it runs on to stderr. */
export function registerLivenessTestPass(registry: PassRegistry, output: TestPassOutput): void {
  /** Runs on symbols (MLIR's `InterfacePass<SymbolOpInterface>`): unnamed modules are not symbols. */
  class TestLivenessPass extends OperationPass {
    static override readonly argument = 'test-print-liveness'
    static override readonly summary = 'Print the contents of a constructed liveness information.'
    static readonly passName = '(anonymous namespace)::TestLivenessPass'

    override canScheduleOn(name: OperationName): boolean {
      return name.hasTrait(Trait.Symbol)
    }
    override canScheduleOnOperation(op: Operation): boolean {
      return this.canScheduleOn(op.name) && op.getAttr('sym_name') instanceof StringAttr
    }
    override runOnOperation(): void {
      const op = this.getOperation()
      const name = op.getAttr('sym_name') as StringAttr
      output.stderr(`Testing : ${name.value}\n`)
      output.stderr(this.getAnalysis(Liveness).print())
      this.markAllAnalysesPreserved()
    }
  }
  registry.register(TestLivenessPass)
}
