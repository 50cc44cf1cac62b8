import {
  ArrayAttr,
  DictionaryAttr,
  IntegerAttr,
  StringAttr,
  TypeAttr,
  type Attribute,
  type Operation,
  type Value,
} from '@tilepass/ir'
import {
  TransformApplyConversionPatternsOp,
  TransformConvertToLLVMPatternsOp,
  TransformFuncToLLVMPatternsOp,
  TransformMatchOp,
  TransformMemrefToLLVMTypeConverterOp,
  TransformNamedSequenceOp,
  TransformYieldOp,
} from '@tilepass/dialects'
import { OperationPass, boolOption, stringListOption, stringOption, type ListOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { ConversionTarget } from './ConversionTarget.ts'
import { applyFullConversion, applyPartialConversion, type ConversionPattern } from './DialectConversion.ts'
import { convertToLLVMPatternsOf } from './llvm/ConvertToLLVM.ts'
import { funcToLLVMConversionPatterns } from './llvm/FuncToLLVM.ts'
import { LLVMTypeConverter } from './llvm/LLVMTypeConverter.ts'

/** The option declarations of the pass (see `OptionDecls`). */
export type TransformInterpreterOptionDecls = {
  readonly debugPayloadRootTag: ScalarOption<string>
  readonly debugBindTrailingArgs: ListOption<string>
  readonly disableExpensiveChecks: ScalarOption<boolean>
  readonly entryPoint: ScalarOption<string>
}
const transformInterpreterOptions: TransformInterpreterOptionDecls = {
  debugPayloadRootTag: stringOption(
    'debug-payload-root-tag',
    '',
    "Select the operation with 'transform.target_tag' attribute having the given value as payload IR root. If empty select the pass anchor operation as the payload IR root.",
  ),
  debugBindTrailingArgs: stringListOption('debug-bind-trailing-args', 'Binds trailing arguments of the entry point to the payload operations with specified names.'),
  disableExpensiveChecks: boolOption('disable-expensive-checks', false, 'Disable expensive checks in the interpreter for a faster run.'),
  entryPoint: stringOption('entry-point', '__transform_main', 'Entry point of the pass pipeline.'),
}

/**
 * `transform-interpreter`: runs the named sequence `entry-point` (nested in the anchor op)
 * on the anchor op, bound to its first argument. Tilepass interprets
 * `transform.structured.match` and `transform.apply_conversion_patterns` (with the
 * `dialect_to_llvm`/`func.func_to_llvm` patterns and the memref-to-LLVM type converter);
 * any other transform op is reported as not supported.
 */
export class TransformInterpreterPass extends OperationPass<OptionValues<TransformInterpreterOptionDecls>> {
  static override readonly argument = 'transform-interpreter'
  static override readonly summary = 'transform dialect interpreter'
  static override readonly description = `Finds the \`transform.named_sequence\` named by \`entry-point\` (by default
\`__transform_main\`) nested in the anchor op and interprets it with the payload
root (the anchor op, or the op tagged \`debug-payload-root-tag\`) bound to its first
argument.`
  static override readonly options: TransformInterpreterOptionDecls = transformInterpreterOptions
  static readonly passName: string = 'InterpreterPass'

  override runOnOperation(): void {
    const root = this.getOperation()
    let payloadRoot = root
    const tag = this.options.debugPayloadRootTag
    if (tag !== '') {
      const found = findTaggedOp(root, tag)
      if (found === null) {
        root.emitError(`could not find the operation with transform.target_tag="${tag}" attribute`).report()
        this.signalPassFailure()
        return
      }
      payloadRoot = found
    }
    const entry = findNamedSequence(root, this.options.entryPoint)
    if (entry === null) {
      root.emitError(`could not find a nested named sequence with name: ${this.options.entryPoint}`).report()
      this.signalPassFailure()
      return
    }
    if (!new TransformInterpreter().runEntryPoint(entry, payloadRoot, this.options.debugBindTrailingArgs.length)) {
      this.signalPassFailure()
    }
  }
}

/** The first op nested in `root` (pre-order) whose `transform.target_tag` is `tag`. */
function findTaggedOp(root: Operation, tag: string): Operation | null {
  let found: Operation | null = null
  root.walk((op) => {
    const a = op.getAttr('transform.target_tag')
    if (found === null && a instanceof StringAttr && a.value === tag) {
      found = op
    }
  }, 'pre')
  return found
}

/** The first `transform.named_sequence` named `name` nested in `root` (pre-order). */
function findNamedSequence(root: Operation, name: string): Operation | null {
  let found: Operation | null = null
  root.walk((op) => {
    if (found === null && op.name.name === TransformNamedSequenceOp.name) {
      const sym = op.getAttr('sym_name')
      if (sym instanceof StringAttr && sym.value === name) {
        found = op
      }
    }
  }, 'pre')
  return found
}

/** The string values of an optional string array attribute. */
function strings(attr: Attribute | undefined): string[] {
  return attr instanceof ArrayAttr ? attr.elements.map((e) => (e as StringAttr).value) : []
}

/** The transform IR interpreter: maps each handle to its payload ops and runs the ops of a sequence in order. */
class TransformInterpreter {
  private readonly handles = new Map<Value, Operation[]>()

  /** Binds `payloadRoot` to the first argument of `entry` and runs its body. */
  runEntryPoint(entry: Operation, payloadRoot: Operation, trailingBindings: number): boolean {
    const body = entry.regions[0]!
    const block = body.firstBlock
    if (block === null || block.numArguments === 0) {
      return entry.emitOpError('expects the entry block to have at least one argument').fail()
    }
    if (block.numArguments - 1 !== trailingBindings) {
      return entry.context
        .emitError(entry.location, `operation expects ${block.numArguments - 1} extra value bindings, but ${trailingBindings} were provided to the interpreter`)
        .fail()
    }
    if (trailingBindings !== 0) {
      return entry.emitOpError('binding trailing arguments (debug-bind-trailing-args) is not supported by Tilepass').fail()
    }
    this.handles.set(block.getArgument(0), [payloadRoot])
    for (const op of block.operations) {
      if (op.name.name === TransformYieldOp.name) {
        break
      }
      if (!this.apply(op)) {
        return false
      }
    }
    return true
  }

  private apply(op: Operation): boolean {
    switch (op.name.name) {
      case TransformMatchOp.name:
        return this.applyMatch(op)
      case TransformApplyConversionPatternsOp.name:
        return this.applyConversionPatterns(op)
      default:
        return op.emitOpError('is not supported by the Tilepass transform interpreter').fail()
    }
  }

  /** `transform.structured.match`: the ops nested in the single target (pre-order, the target included) that pass every filter. */
  private applyMatch(op: Operation): boolean {
    const targets = this.handles.get(op.getOperand(0)) ?? []
    if (targets.length !== 1) {
      return op.emitError('requires exactly one target handle!').fail()
    }
    if (op.getAttr('interface') !== undefined) {
      return op.emitOpError('interface filters are not supported by the Tilepass transform interpreter').fail()
    }
    const names = op.getAttr('ops') === undefined ? null : new Set(strings(op.getAttr('ops')))
    const opAttrs = op.getAttr('op_attrs')
    const resultType = op.getAttr('filter_result_type')
    const operandTypes = op.getAttr('filter_operand_types')
    const matched: Operation[] = []
    targets[0]!.walk((candidate) => {
      if (names !== null && !names.has(candidate.name.name)) {
        return
      }
      if (opAttrs instanceof DictionaryAttr && !opAttrs.entries.every((e) => candidate.getAttr(e.name) === e.value)) {
        return
      }
      if (resultType instanceof TypeAttr && (candidate.numResults !== 1 || candidate.getResult(0).type !== resultType.value)) {
        return
      }
      if (operandTypes instanceof ArrayAttr && !operandTypesMatch(candidate, operandTypes)) {
        return
      }
      matched.push(candidate)
    }, 'pre')
    this.handles.set(op.getResult(0), matched)
    return true
  }

  /** `transform.apply_conversion_patterns`: a dialect conversion of each target op. */
  private applyConversionPatterns(op: Operation): boolean {
    const ctx = op.context
    const converterOps = op.regions.length > 1 ? [...op.regions[1]!.firstBlock!.operations] : []
    const converter = converterOps.length === 1 ? buildTypeConverter(converterOps[0]!) : new LLVMTypeConverter(ctx)
    const patterns: ConversionPattern[] = []
    const descriptors = op.regions[0]!.firstBlock!.operations
    if (converterOps.length === 0 && descriptors.length > 0) {
      // None of the modelled descriptors brings its own type converter.
      return ctx
        .emitError(op.location, 'pattern descriptor does not specify type converter and apply_conversion_patterns op has no default type converter')
        .attachNote('pattern descriptor op', descriptors[0]!.location)
        .fail()
    }
    for (const child of descriptors) {
      if (child.name.name === TransformConvertToLLVMPatternsOp.name) {
        const dialect = (child.getAttr('dialect_name') as StringAttr).value
        const found = convertToLLVMPatternsOf(dialect, converter)
        if (found === null) {
          return child.emitOpError(`dialect does not implement ConvertToLLVMPatternInterface or extension was not loaded: ${dialect}`).fail()
        }
        patterns.push(...found)
      } else if (child.name.name === TransformFuncToLLVMPatternsOp.name) {
        patterns.push(...funcToLLVMConversionPatterns(converter))
      }
    }
    const target = new ConversionTarget(ctx)
    target.addLegalOp(...strings(op.getAttr('legal_ops')))
    target.addIllegalOp(...strings(op.getAttr('illegal_ops')))
    target.addLegalDialect(...strings(op.getAttr('legal_dialects')))
    target.addIllegalDialect(...strings(op.getAttr('illegal_dialects')))
    const partial = op.getAttr('partial_conversion') !== undefined
    for (const payload of this.handles.get(op.getOperand(0)) ?? []) {
      const ok = partial ? applyPartialConversion(payload, target, patterns, { convertRoots: true }) : applyFullConversion(payload, target, patterns, { convertRoots: true })
      if (!ok) {
        return ctx.emitError(op.location, 'dialect conversion failed').attachNote('target op', payload.location).fail()
      }
    }
    return true
  }
}

/** `filter_operand_types`: one type applies to every operand, otherwise one type per operand. */
function operandTypesMatch(op: Operation, types: ArrayAttr): boolean {
  const ts = types.elements.map((e) => (e as TypeAttr).value)
  if (ts.length === 1) {
    return op.getOperands().every((v) => v.type === ts[0])
  }
  return ts.length === op.numOperands && op.getOperands().every((v, i) => v.type === ts[i])
}

/** The LLVM type converter that `transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter` describes. */
function buildTypeConverter(op: Operation): LLVMTypeConverter {
  if (op.name.name !== TransformMemrefToLLVMTypeConverterOp.name) {
    return new LLVMTypeConverter(op.context)
  }
  const width = op.getAttr('index_bitwidth')
  const barePtr = op.getAttr('use_bare_ptr_call_conv')
  return new LLVMTypeConverter(op.context, {
    indexBitwidth: width instanceof IntegerAttr ? Number(width.value) : 64,
    useBarePtrCallConv: barePtr instanceof IntegerAttr && barePtr.value !== 0n,
  })
}
