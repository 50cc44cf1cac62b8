import { printAttribute } from '@tilepass/ir'
import { CallGraph } from '@tilepass/analysis'
import { OperationPass, type PassRegistry } from '@tilepass/pass-manager'
import type { TestPassOutput } from '../TestPasses.ts'

/** Registers `test-print-callgraph`, which prints the call graph of each module to stderr. */
export function registerCallGraphTestPass(registry: PassRegistry, output: TestPassOutput): void {
  class TestCallGraphPass extends OperationPass {
    static override readonly argument = 'test-print-callgraph'
    static override readonly summary = 'Print the contents of a constructed callgraph.'
    static override readonly opName = 'builtin.module'
    static readonly passName = '(anonymous namespace)::TestCallGraphPass'
    override runOnOperation(): void {
      const op = this.getOperation()
      const name = op.getDiscardableAttr('sym_name')
      output.stderr(`Testing : ${name === undefined ? '<<NULL ATTRIBUTE>>' : printAttribute(name)}\n`)
      output.stderr(this.getAnalysis(CallGraph).print())
      this.markAllAnalysesPreserved()
    }
  }
  registry.register(TestCallGraphPass)
}
