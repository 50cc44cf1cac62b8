import {
  BoolAttrC,
  DictionaryAttrC,
  I64Attr,
  IntegerAttr,
  IntegerType,
  MaxSizedRegion,
  SizedRegion,
  StrArrayAttr,
  StrAttr,
  Trait,
  TypeArrayAttr,
  TypeAttrC,
  UnitAttrC,
  defaultValuedOptionalAttr,
  defineOp,
  intEnumAttr,
  optionalAttr,
  typeConstraint,
  variadic,
  variadicRegion,
  type EnumAttrConstraint,
  type LogicalResult,
  type OdsOp,
  type Operation,
} from '@tilepass/ir'
import { functionLikeInterfaces, functionOpAsm, functionOpAttributes, getFunctionType, verifyFunctionLike } from '../func/FuncOps.ts'
import { TransformHandleType, TransformParamType, isTransformOpHandleType } from './TransformTypes.ts'

/** ODS `TransformHandleTypeInterface`: an operation handle type. */
const TransformHandle = typeConstraint('TransformHandleTypeInterface instance', isTransformOpHandleType)
/** ODS `Transform_AnyHandleOrParamType`: any transform handle or parameter type. */
const AnyHandleOrParam = typeConstraint(
  'any transform handle or parameter',
  (t) => t instanceof TransformHandleType || t instanceof TransformParamType,
)

/** `transform.named_sequence`: a named, callable sequence of transformations (`@__transform_main` is the interpreter's entry point). */
export const NamedSequenceOp: OdsOp = defineOp({
  name: 'transform.named_sequence',
  summary: 'Named sequence of operations',
  attributes: functionOpAttributes,
  regions: { body: MaxSizedRegion(1) },
  traits: Trait.IsolatedFromAbove | Trait.Symbol,
  interfaces: functionLikeInterfaces,
  ...functionOpAsm,
  verify(op: Operation): LogicalResult {
    if (!verifyFunctionLike(op, 'arg_attrs', 'res_attrs')) {
      return false
    }
    return verifyNamedSequenceBody(op)
  },
})

/** Checks that the body of named sequence `op` yields as many values as it returns (MLIR's `verifyNamedSequenceOp`). */
export function verifyNamedSequenceBody(op: Operation): LogicalResult {
  const body = op.regions[0]!
  if (body.empty) {
    return true
  }
  const terminator = body.blockList[body.blockList.length - 1]!.lastOp
  if (terminator !== null && terminator.numOperands !== getFunctionType(op).results.length) {
    return op.context.emitError(terminator.location, 'expected terminator to have as many operands as the parent op has results').fail()
  }
  return true
}

/** `transform.yield`: terminates the body of a transform op, forwarding handles and parameters. */
export const YieldOp: OdsOp = defineOp({
  name: 'transform.yield',
  summary: 'Yields operation handles from a transform IR region',
  operands: { operands: variadic(AnyHandleOrParam) },
  traits: Trait.IsTerminator | Trait.ReturnLike,
  assemblyFormat: 'operands attr-dict (`:` type($operands)^)?',
})

/** ODS `MatchInterfaceEnum`: the interface `transform.structured.match` can filter on. */
export const MatchInterfaceEnum: EnumAttrConstraint = intEnumAttr(
  32,
  [
    { keyword: 'LinalgOp', value: 0 },
    { keyword: 'TilingInterface', value: 1 },
    { keyword: 'LoopLikeInterface', value: 2 },
  ],
  'An interface to match',
)

/** `transform.structured.match`: handles to the ops nested under `target` that satisfy the filters (op names, attributes, types). */
export const MatchOp: OdsOp = defineOp({
  name: 'transform.structured.match',
  summary: 'Match ops in the payload IR',
  operands: { target: TransformHandle },
  results: { results: TransformHandle },
  attributes: {
    ops: optionalAttr(StrArrayAttr),
    interface: optionalAttr(MatchInterfaceEnum),
    op_attrs: optionalAttr(DictionaryAttrC),
    filter_result_type: optionalAttr(TypeAttrC),
    filter_operand_types: optionalAttr(TypeArrayAttr),
  },
  assemblyFormat:
    '(`ops` `{` $ops^ `}`)? (`interface` `{` $interface^ `}`)? (`attributes` $op_attrs^)? (`filter_result_type` `=` $filter_result_type^)? ' +
    '(`filter_operand_types` `=` $filter_operand_types^)? `in` $target attr-dict `:` functional-type($target, results)',
})

/** `transform.apply_conversion_patterns`: a dialect conversion of each target with the patterns (first region) and type converter (optional second region) it describes. */
export const ApplyConversionPatternsOp: OdsOp = defineOp({
  name: 'transform.apply_conversion_patterns',
  summary: 'Applies conversion patterns to the body of the targeted op',
  operands: { target: TransformHandle },
  attributes: {
    legal_ops: optionalAttr(StrArrayAttr),
    illegal_ops: optionalAttr(StrArrayAttr),
    legal_dialects: optionalAttr(StrArrayAttr),
    illegal_dialects: optionalAttr(StrArrayAttr),
    partial_conversion: optionalAttr(UnitAttrC),
    preserve_handles: optionalAttr(UnitAttrC),
  },
  regions: { patterns: SizedRegion(1), default_type_converter_region: variadicRegion(SizedRegion(1)) },
  traits: Trait.NoTerminator | Trait.SingleBlock,
  assemblyFormat: '`to` $target $patterns (`with` `type_converter` $default_type_converter_region^)? attr-dict `:` type($target)',
  verify(op: Operation): LogicalResult {
    for (const child of op.regions[0]!.blockList[0]!.operations) {
      if (!isPatternDescriptor(child.name.name)) {
        return op.emitOpError('expected pattern children ops to implement ConversionPatternDescriptorOpInterface').attachNote('op without interface', child.location).fail()
      }
    }
    if (op.regions.length === 2) {
      const ops = [...op.regions[1]!.blockList[0]!.operations]
      if (ops.length !== 1) {
        return op.emitOpError('expected exactly one op in default type converter region').fail()
      }
      if (ops[0]!.name.name !== MemrefToLLVMTypeConverterOp.name) {
        return op.emitOpError('expected default converter child op to implement TypeConverterBuilderOpInterface').attachNote('op without interface', ops[0]!.location).fail()
      }
    }
    return true
  },
})

/** The names of the pattern descriptor ops modelled here. */
function isPatternDescriptor(name: string): boolean {
  return name === ConvertToLLVMPatternsOp.name || name === FuncToLLVMPatternsOp.name
}

/** `transform.apply_conversion_patterns.dialect_to_llvm "d"`: the `ConvertToLLVMPatternInterface` patterns of dialect `d`. */
export const ConvertToLLVMPatternsOp: OdsOp = defineOp({
  name: 'transform.apply_conversion_patterns.dialect_to_llvm',
  summary: 'Collects patterns from a dialect implementing ConvertToLLVMPatternInterface',
  attributes: { dialect_name: StrAttr },
  assemblyFormat: '$dialect_name attr-dict',
  verify(op: Operation): LogicalResult {
    const name = (op.getAttr('dialect_name') as { value: string } | undefined)?.value ?? ''
    if (op.context.getOrLoadDialect(name) === undefined) {
      return op.emitOpError(`unknown dialect or dialect not loaded: ${name}`).fail()
    }
    return true
  },
})

/** `transform.apply_conversion_patterns.func.func_to_llvm`: the func-to-LLVM conversion patterns. */
export const FuncToLLVMPatternsOp: OdsOp = defineOp({
  name: 'transform.apply_conversion_patterns.func.func_to_llvm',
  summary: 'Collects patterns for func to LLVM lowering',
  assemblyFormat: 'attr-dict',
})

/** `transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter`: an LLVM type converter with the given options. */
export const MemrefToLLVMTypeConverterOp: OdsOp = defineOp({
  name: 'transform.apply_conversion_patterns.memref.memref_to_llvm_type_converter',
  summary: 'Provides an LLVMTypeConverter for memref lowering',
  attributes: {
    use_aligned_alloc: defaultValuedOptionalAttr(BoolAttrC, (c) => IntegerAttr.get(IntegerType.get(c, 1), 0)),
    index_bitwidth: defaultValuedOptionalAttr(I64Attr, (c) => IntegerAttr.get(IntegerType.get(c, 64), 64)),
    use_generic_functions: defaultValuedOptionalAttr(BoolAttrC, (c) => IntegerAttr.get(IntegerType.get(c, 1), 0)),
    use_bare_ptr_call_conv: defaultValuedOptionalAttr(BoolAttrC, (c) => IntegerAttr.get(IntegerType.get(c, 1), 0)),
    data_layout: optionalAttr(StrAttr),
  },
  assemblyFormat: 'attr-dict',
})

/** The ops of the `transform` dialect subset. */
export const transformOps: readonly OdsOp[] = [
  NamedSequenceOp,
  YieldOp,
  MatchOp,
  ApplyConversionPatternsOp,
  ConvertToLLVMPatternsOp,
  FuncToLLVMPatternsOp,
  MemrefToLLVMTypeConverterOp,
]
