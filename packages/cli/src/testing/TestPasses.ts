/**
 * The test passes and pipelines of mlir-opt's `mlir/test/lib/Pass` that the conformance
 * corpus uses, registered on request with `registerTestPasses` (they are not part of
 * the default tool).
 */
import {
  Block,
  FunctionOpInterface,
  OpBuilder,
  OperationState,
  StringAttr,
  SymbolRefAttr,
  UnknownLoc,
  printOperation,
  type Operation,
} from '@tilepass/ir'
import {
  InterfacePass,
  OpPassManager,
  OperationPass,
  PipelineErrors,
  boolOption,
  enumOption,
  intListOption,
  optionGroupListOption,
  parsePassPipelineInto,
  stringListOption,
  stringOption,
  type OptionValues,
  type PassRegistry,
} from '@tilepass/pass-manager'
import { registerLivenessTestPass } from './test-passes/TestLiveness.ts'
import { registerIRVisitorTestPasses } from './test-passes/TestVisitors.ts'
import { registerCallGraphTestPass } from './test-passes/TestCallGraph.ts'

/** Where test passes print (mlir-opt's `llvm::outs()` and `llvm::errs()`). */
export interface TestPassOutput {
  readonly stdout: (text: string) => void
  readonly stderr: (text: string) => void
}

const processOutput: TestPassOutput = {
  stdout: (text) => {
    process.stdout.write(text)
  },
  stderr: (text) => {
    process.stderr.write(text)
  },
}

// ---- Option sets --------------------------------------------------------------------

const testOptions = {
  listOption: intListOption('list', 'Example list option'),
  stringListOption: stringListOption('string-list', 'Example string list option'),
  stringOption: stringOption('string', '', 'Example string option'),
  enumOption: enumOption('enum', 'zero', 'Example enum option', [
    { name: 'zero', description: 'Example zero value' },
    { name: 'one', description: 'Example one value' },
    { name: 'two', description: 'Example two value' },
  ]),
}
type TestOptions = OptionValues<typeof testOptions>

const superOptions = {
  listOption: optionGroupListOption('list', testOptions, 'Example list of PassPipelineOptions option'),
}

const failureOptions = {
  genDiagnostics: boolOption('gen-diagnostics', false, 'Generate a diagnostic message'),
}

const invalidIROptions = {
  signalFailure: boolOption('signal-pass-failure', false, 'Trigger a pass failure'),
  emitInvalidIR: boolOption('emit-invalid-ir', true, 'Emit invalid IR'),
}

const dynamicOptions = {
  pipeline: stringOption('dynamic-pipeline', '', 'The pipeline description that will run on the filtered function.'),
  opNames: stringListOption('op-name', 'List of function name to apply the pipeline to'),
  runOnNestedOp: boolOption('run-on-nested-operations', false, 'This will apply the pipeline on nested operations under the visited operation.'),
  runOnParent: boolOption('run-on-parent', false, 'This will apply the pipeline on the parent operation if it exist, this is expected to fail.'),
}

const setABOptions = {
  foo: boolOption('foo', false, 'Example boolean option'),
  bar: boolOption('bar', false, 'Example boolean option'),
}

function symbolName(op: Operation): string | undefined {
  const a = op.getAttr('sym_name')
  return a instanceof StringAttr ? a.value : undefined
}

/** Registers the test passes and pipelines; their printed output goes to `output`. */
export function registerTestPasses(registry: PassRegistry, output: TestPassOutput = processOutput): void {
  class TestModulePass extends OperationPass {
    static override readonly argument = 'test-module-pass'
    static override readonly summary = 'Test a module pass in the pass manager'
    static override readonly opName = 'builtin.module'
    static readonly passName = '(anonymous namespace)::TestModulePass'
    override runOnOperation(): void {}
  }

  class TestFunctionPass extends OperationPass {
    static override readonly argument = 'test-function-pass'
    static override readonly summary = 'Test a function pass in the pass manager'
    static override readonly opName = 'func.func'
    static readonly passName = '(anonymous namespace)::TestFunctionPass'
    override runOnOperation(): void {}
  }

  class TestInterfacePass extends InterfacePass {
    static override readonly argument = 'test-interface-pass'
    static override readonly summary = 'Test an interface pass (running on FunctionOpInterface) in the pass manager'
    static override readonly opInterface = FunctionOpInterface
    static readonly passName = '(anonymous namespace)::TestInterfacePass'
    override runOnOperation(): void {
      this.getOperation().emitRemark('Executing interface pass on operation').report()
    }
  }

  class TestOptionsPass extends OperationPass<TestOptions> {
    static override readonly argument = 'test-options-pass'
    static override readonly summary = 'Test options parsing capabilities'
    static override readonly opName = 'func.func'
    static override readonly options = testOptions
    static readonly passName = '(anonymous namespace)::TestOptionsPass'
    override runOnOperation(): void {}
  }

  class TestOptionsPassA extends OperationPass {
    static override readonly argument = 'test-options-pass-a'
    static override readonly summary = 'Test superset options parsing capabilities - subset A'
    static override readonly opName = 'func.func'
    static readonly passName = '(anonymous namespace)::TestOptionsPassA'
    override runOnOperation(): void {}
  }

  class TestOptionsPassB extends OperationPass {
    static override readonly argument = 'test-options-pass-b'
    static override readonly summary = 'Test superset options parsing capabilities - subset B'
    static override readonly opName = 'func.func'
    static readonly passName = '(anonymous namespace)::TestOptionsPassB'
    override runOnOperation(): void {}
  }

  class TestOptionsSuperPass extends OperationPass<OptionValues<typeof superOptions>> {
    static override readonly argument = 'test-options-super-pass'
    static override readonly summary = 'Test options of options parsing capabilities'
    static override readonly opName = 'func.func'
    static override readonly options = superOptions
    static readonly passName = '(anonymous namespace)::TestOptionsSuperPass'
    override runOnOperation(): void {}
  }

  class TestCrashRecoveryPass extends OperationPass {
    static override readonly argument = 'test-pass-crash'
    static override readonly summary = 'Test a pass in the pass manager that always crashes'
    static readonly passName = '(anonymous namespace)::TestCrashRecoveryPass'
    override runOnOperation(): void {
      throw new Error('test-pass-crash: intentional crash')
    }
  }

  class TestFailurePass extends OperationPass<OptionValues<typeof failureOptions>> {
    static override readonly argument = 'test-pass-failure'
    static override readonly summary = 'Test a pass in the pass manager that always fails'
    static override readonly options = failureOptions
    static readonly passName = '(anonymous namespace)::TestFailurePass'
    override runOnOperation(): void {
      if (this.options.genDiagnostics) {
        // At the op's location, not on the op: mlir-opt attaches no "see current operation" note.
        const op = this.getOperation()
        op.context.emitError(op.location, 'illegal operation').report()
      }
      this.signalPassFailure()
    }
  }

  /** Inserts `name` (generic, with `attrs`) at the start of the function body. */
  function insertAtFunctionStart(fn: Operation, name: string, attrs: { name: string; value: StringAttr | SymbolRefAttr }[], unknownLoc = false): void {
    const body = FunctionOpInterface.get(fn)?.getFunctionBody(fn) ?? fn.regions[0]
    if (body === undefined) {
      return
    }
    if (body.empty) {
      body.push(new Block())
    }
    const ctx = fn.context
    const state = new OperationState(unknownLoc ? UnknownLoc.get(ctx) : fn.location, ctx.getOperationName(name))
    for (const a of attrs) {
      state.addAttribute(a.name, a.value)
    }
    const b = new OpBuilder(ctx)
    b.setInsertionPointToStart(body.front)
    b.createFromState(state)
  }

  class TestInvalidIRPass extends InterfacePass<OptionValues<typeof invalidIROptions>> {
    static override readonly argument = 'test-pass-create-invalid-ir'
    static override readonly summary = 'Test pass that adds an invalid operation in a function body'
    static override readonly opInterface = FunctionOpInterface
    static override readonly options = invalidIROptions
    static override readonly dependentDialects = ['test']
    static readonly passName = '(anonymous namespace)::TestInvalidIRPass'
    override runOnOperation(): void {
      if (this.options.signalFailure) {
        this.signalPassFailure()
      }
      if (!this.options.emitInvalidIR) {
        return
      }
      // The op lacks its required `attr` attribute, so the function no longer verifies.
      insertAtFunctionStart(this.getOperation(), 'test.any_attr_of_i32_str', [], true)
    }
  }

  class TestInvalidParentPass extends InterfacePass {
    static override readonly argument = 'test-pass-invalid-parent'
    static override readonly summary = 'Test a pass in the pass manager that makes the parent operation invalid'
    static override readonly opInterface = FunctionOpInterface
    static override readonly dependentDialects = ['test']
    static readonly passName = '(anonymous namespace)::TestInvalidParentPass'
    override runOnOperation(): void {
      const fn = this.getOperation()
      insertAtFunctionStart(fn, 'test.call', [{ name: 'callee', value: SymbolRefAttr.get(fn.context, 'some_unknown_func') }])
    }
  }

  class TestStatisticPass extends OperationPass {
    static override readonly argument = 'test-stats-pass'
    static override readonly summary = 'Test pass statistics'
    static override readonly statistics = { 'num-ops2': 'Number of operations counted one more time', 'num-ops': 'Number of operations counted' }
    static readonly passName = '(anonymous namespace)::TestStatisticPass'
    private readonly opCountDuplicate = this.statistic('num-ops2', 'Number of operations counted one more time')
    private readonly opCount = this.statistic('num-ops', 'Number of operations counted')
    override runOnOperation(): void {
      this.getOperation().walk(() => {
        this.opCount.add()
        this.opCountDuplicate.add()
      })
    }
  }

  class TestDynamicPipelinePass extends OperationPass<OptionValues<typeof dynamicOptions>> {
    static override readonly argument = 'test-dynamic-pipeline'
    static override readonly summary = 'Tests the dynamic pipeline feature by applying a pipeline on a selected set of functions'
    static override readonly options = dynamicOptions
    static readonly passName = '(anonymous namespace)::TestDynamicPipelinePass'
    private pm: OpPassManager | null = null

    override getDependentDialects(out: Set<string>): void {
      const pm = new OpPassManager('builtin.module', 'implicit')
      this.parseInto(pm)
      pm.getDependentDialects(out)
    }

    private parseInto(pm: OpPassManager): void {
      const errors = new PipelineErrors()
      const error = parsePassPipelineInto(this.options.pipeline, pm, registry, errors)
      output.stderr(errors.stderr)
      if (error !== null) {
        output.stderr(error)
      }
    }

    override runOnOperation(): void {
      const op = this.getOperation()
      output.stderr(`Dynamic execute '${this.options.pipeline}' on ${op.name.name}\n`)
      if (this.options.pipeline === '') {
        output.stderr('Empty pipeline\n')
        return
      }
      const name = symbolName(op)
      if (name === undefined) {
        op.emitWarning('Ignoring because not implementing SymbolOpInterface\n').report()
        return
      }
      if (this.options.opNames.length > 0 && !this.options.opNames.includes(name)) {
        output.stderr(`dynamic-pipeline skip op name: ${name}\n`)
        return
      }
      if (this.pm === null) {
        this.pm = new OpPassManager(op.name.name, 'implicit')
        this.parseInto(this.pm)
      }
      const pm = this.pm
      if (this.options.runOnParent) {
        // Always rejected with an error at the parent; like mlir-opt, the pass still succeeds.
        const parent = op.parentOp
        if (parent !== null) {
          this.runPipeline(pm, parent)
        }
        return
      }
      if (this.options.runOnNestedOp) {
        output.stderr('Run on nested op\n')
        for (const region of op.regions) {
          for (const block of region.blockList) {
            for (const nested of block.operations) {
              if (nested.name !== op.name) {
                continue
              }
              output.stderr(`Run on ${printOperation(nested)}\n`)
              if (!this.runPipeline(pm, nested)) {
                this.signalPassFailure()
                return
              }
            }
          }
        }
        return
      }
      if (!this.runPipeline(pm, op)) {
        this.signalPassFailure()
      }
    }

    override clone(): TestDynamicPipelinePass {
      const c = super.clone() as TestDynamicPipelinePass
      c.pm = null
      return c
    }
  }

  for (const cls of [
    TestModulePass,
    TestFunctionPass,
    TestInterfacePass,
    TestOptionsPass,
    TestOptionsPassA,
    TestOptionsPassB,
    TestOptionsSuperPass,
    TestCrashRecoveryPass,
    TestFailurePass,
    TestInvalidIRPass,
    TestInvalidParentPass,
    TestStatisticPass,
    TestDynamicPipelinePass,
  ]) {
    registry.register(cls)
  }

  // ---- Pipelines --------------------------------------------------------------------

  const testNestedPipeline = (pm: OpPassManager): void => {
    const modulePM = pm.nest('builtin.module')
    modulePM.addPass(new TestModulePass())
    modulePM.nest('func.func').addPass(new TestFunctionPass())
    pm.nest('func.func').addPass(new TestFunctionPass())
  }
  registry.registerPipeline({
    argument: 'test-pm-nested-pipeline',
    description: 'Test a nested pipeline in the pass manager',
    build: testNestedPipeline,
  })
  registry.registerPipeline({
    argument: 'test-textual-pm-nested-pipeline',
    description: 'Test a nested pipeline in the pass manager',
    build(pm) {
      parsePassPipelineInto('test-pm-nested-pipeline', pm, registry)
    },
  })
  registry.registerPipeline({
    argument: 'test-options-pass-pipeline',
    description: 'Parses options using pass pipeline registration',
    options: testOptions,
    build(pm, options) {
      const pass = new TestOptionsPass()
      pass.options = options
      pm.nest('func.func').addPass(pass)
    },
  })
  registry.registerPipeline({
    argument: 'test-options-super-pass-pipeline',
    description: 'Parses options of PassPipelineOptions using pass pipeline registration',
    options: { superList: optionGroupListOption('super-list', testOptions, 'Example list of PassPipelineOptions option') },
    build(pm, options) {
      const pass = new TestOptionsSuperPass()
      pass.options.listOption = options.superList
      pm.nest('func.func').addPass(pass)
    },
  })
  registry.registerPipeline({
    argument: 'test-options-super-set-ab-pipeline',
    description: 'Parses options of PassPipelineOptions using pass pipeline registration',
    options: setABOptions,
    build(pm) {
      pm.nest('func.func').addPass(new TestOptionsPassA())
      pm.nest('func.func').addPass(new TestOptionsPassB())
    },
  })

  registerLivenessTestPass(registry, output)
  registerIRVisitorTestPasses(registry, output)
  registerCallGraphTestPass(registry, output)

}
