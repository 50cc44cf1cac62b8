import { UnknownLoc, failure, success, type Context, type LogicalResult } from '@tilepass/ir'
import { OperationPass, boolOption, stringListOption, type ListOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { applyPartialConversionInPass, type ConversionPattern } from '../DialectConversion.ts'
import { ConversionTarget } from '../ConversionTarget.ts'
import { nvvmToLLVMConversionPatterns } from '../nvvm/NVVMToLLVM.ts'
import { arithToLLVMConversionPatterns, ceilFloorDivExpandPatterns } from './ArithToLLVM.ts'
import { assertToLLVMConversionPattern, controlFlowToLLVMConversionPatterns } from './ControlFlowToLLVM.ts'
import { funcToLLVMConversionPatterns } from './FuncToLLVM.ts'
import { indexToLLVMConversionPatterns } from './IndexToLLVM.ts'
import { mathToLLVMConversionPatterns } from './MathToLLVM.ts'
import { LLVMTypeConverter, indexBitwidthOrDataLayout, kDeriveIndexBitwidthFromDataLayout } from './LLVMTypeConverter.ts'
import { memrefToLLVMConversionPatterns } from './MemRefToLLVM.ts'
import { ubToLLVMConversionPatterns } from './UBToLLVM.ts'

/**
 * The dialects with a lowering to llvm and the patterns each contributes (upstream's
 * `ConvertToLLVMPatternInterface` implementations, as mlir-opt 22 populates them).
 */
const kConvertToLLVMInterfaces: ReadonlyMap<string, (c: LLVMTypeConverter) => ConversionPattern[]> = new Map<string, (c: LLVMTypeConverter) => ConversionPattern[]>([
  ['arith', (c) => [...ceilFloorDivExpandPatterns(), ...arithToLLVMConversionPatterns(c)]],
  ['cf', (c) => [...controlFlowToLLVMConversionPatterns(c), assertToLLVMConversionPattern(c)]],
  ['func', (c) => funcToLLVMConversionPatterns(c)],
  ['index', indexToLLVMConversionPatterns],
  ['math', (c) => mathToLLVMConversionPatterns(c)],
  ['memref', memrefToLLVMConversionPatterns],
  ['nvvm', () => nvvmToLLVMConversionPatterns()],
  ['ub', ubToLLVMConversionPatterns],
])

/** The `ConvertToLLVMPatternInterface` patterns of dialect `ns` for `converter`; null when `ns` has none. */
export function convertToLLVMPatternsOf(ns: string, converter: LLVMTypeConverter): ConversionPattern[] | null {
  return kConvertToLLVMInterfaces.get(ns)?.(converter) ?? null
}

/** The option declarations of the pass (see `OptionDecls`). */
export type ConvertToLLVMOptionDecls = {
  readonly filterDialects: ListOption<string>
  readonly useDynamic: ScalarOption<boolean>
  readonly allowPatternRollback: ScalarOption<boolean>
}
const convertToLLVMOptions: ConvertToLLVMOptionDecls = {
  filterDialects: stringListOption('filter-dialects', 'Test conversion patterns of only the specified dialects'),
  useDynamic: boolOption('dynamic', false, 'Use op conversion attributes to configure the conversion'),
  allowPatternRollback: boolOption('allow-pattern-rollback', true, 'Experimental performance flag to disallow pattern rollback'),
}

/**
 * `convert-to-llvm`: lowers to the llvm dialect with the patterns of every loaded dialect
 * that has a lowering (by namespace), or of the `filter-dialects` given (in that order).
 * The dialects are chosen when the pipeline is initialized, as upstream does.
 */
export class ConvertToLLVMPass extends OperationPass<OptionValues<ConvertToLLVMOptionDecls>> {
  static override readonly argument = 'convert-to-llvm'
  static override readonly summary = 'Convert to LLVM via dialect interfaces found in the input IR'
  static override readonly description = `This is a generic pass to convert to LLVM, it uses the
\`ConvertToLLVMPatternInterface\` dialect interface to delegate to dialects
the injection of conversion patterns.

If \`dynamic\` is set to \`true\`, the pass will look for
\`ConvertToLLVMAttrInterface\` attributes and use them to further configure
the conversion process. This option also uses the \`DataLayoutAnalysis\`
analysis to configure the type converter. Enabling this option incurs in
extra overhead.`
  static override readonly dependentDialects: readonly string[] = ['llvm']
  static override readonly options: ConvertToLLVMOptionDecls = convertToLLVMOptions
  static readonly passName: string = 'ConvertToLLVMPass'

  private dialects: string[] = []

  override initialize(context: Context): LogicalResult {
    const filter = this.options.filterDialects
    const chosen: string[] = []
    if (filter.length > 0) {
      for (const ns of filter) {
        if (context.getLoadedDialect(ns) === undefined) {
          context.emitError(UnknownLoc.get(context), `dialect not loaded: ${ns}\n`).report()
          return failure()
        }
        if (!kConvertToLLVMInterfaces.has(ns)) {
          context.emitError(UnknownLoc.get(context), `dialect does not implement ConvertToLLVMPatternInterface: ${ns}\n`).report()
          return failure()
        }
        chosen.push(ns)
      }
    } else {
      for (const ns of context.loadedDialects.map((d) => d.namespace).sort()) {
        if (kConvertToLLVMInterfaces.has(ns)) {
          chosen.push(ns)
        }
      }
    }
    this.dialects = chosen
    return success()
  }

  override runOnOperation(): void {
    const ctx = this.getContext()
    // With `dynamic`, the index width is the one of the data layout in scope (upstream's
    // `DataLayoutAnalysis`); otherwise the default one.
    const converter = new LLVMTypeConverter(ctx, this.options.useDynamic ? { indexBitwidth: indexBitwidthOrDataLayout(kDeriveIndexBitwidthFromDataLayout, this.getOperation()) } : {})
    const patterns: ConversionPattern[] = []
    for (const ns of this.dialects) {
      patterns.push(...kConvertToLLVMInterfaces.get(ns)!(converter))
    }
    const target = new ConversionTarget(ctx)
    target.addLegalDialect('llvm')
    applyPartialConversionInPass(this, this.getOperation(), target, patterns)
  }
}
