/**
 * `llvm.inline_asm` and `llvm.call_intrinsic`, with upstream's custom syntax:
 * `%0 = llvm.inline_asm has_side_effects "add.s32 $0, $1, 1;", "=r,r" %a : (i32) -> i32`
 * and `%1 = llvm.call_intrinsic "llvm.smax.i32"(%a, %b) : (i32, i32) -> i32`.
 */
import {
  AnyType,
  ArrayAttrC,
  DenseArrayAttr,
  DenseI32ArrayAttr,
  FunctionType,
  I64Attr,
  IntegerAttr,
  IntegerType,
  StrAttr,
  StringAttr,
  UnitAttr,
  UnitAttrC,
  defaultValuedAttr,
  defineOp,
  optional,
  optionalAttr,
  variadic,
  Trait,
  type LogicalResult,
  type NamedAttribute,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Value,
} from '@tilepass/ir'
import { parseOptionalOpBundles, printOpBundles, resolveOpBundles, verifyOpBundles } from './LLVMOpBundles.ts'
import { parseCallSignature, printCallSignature } from './LLVMFuncOps.ts'
import { argAttrArray } from '../func/FuncOps.ts'
import { TailCallKindAttr } from './LLVMAttributes.ts'
import { DefaultFastmathFlags, TailCallKindAttrC } from './LLVMConstraints.ts'

const ASM_DIALECTS: readonly string[] = ['att', 'intel']

function parseCallTail(parser: OpAsmParser, state: OperationState, operands: Parameters<OpAsmParser['resolveOperands']>[0]): LogicalResult {
  const attrs: NamedAttribute[] = []
  if (!parser.parseOptionalAttrDict(attrs) || !parser.parseColon()) {
    return false
  }
  const loc = parser.getCurrentLocation()
  const ft = parser.parseType()
  if (!(ft instanceof FunctionType)) {
    return ft === undefined ? false : parser.emitError(loc, 'expected a function type').fail()
  }
  const values: Value[] = []
  if (!parser.resolveOperands(operands, ft.inputs, loc, values)) {
    return false
  }
  state.addOperands(values)
  for (const a of attrs) {
    state.addAttribute(a.name, a.value)
  }
  state.addTypes(ft.results)
  return true
}

/** `llvm.inline_asm`: inline assembly with a constraint string. */
export const LLVMInlineAsmOp: OdsOp = defineOp({
  name: 'llvm.inline_asm',
  operands: { operands: variadic(AnyType) },
  results: { res: optional(AnyType) },
  attributes: {
    asm_string: StrAttr,
    constraints: StrAttr,
    has_side_effects: optionalAttr(UnitAttrC),
    is_align_stack: optionalAttr(UnitAttrC),
    tail_call_kind: defaultValuedAttr(TailCallKindAttrC, (c) => TailCallKindAttr.get(c, 'none')),
    asm_dialect: optionalAttr(I64Attr),
    operand_attrs: optionalAttr(ArrayAttrC),
  },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const ctx = parser.context
    if (parser.parseOptionalKeyword('has_side_effects')) {
      state.addProperty('has_side_effects', UnitAttr.get(ctx))
    }
    if (parser.parseOptionalKeyword('is_align_stack')) {
      state.addProperty('is_align_stack', UnitAttr.get(ctx))
    }
    if (parser.parseOptionalKeyword('tail_call_kind')) {
      const kw = parser.parseEqual() && parser.parseLess() ? parser.parseOptionalKeywordOneOf(['none', 'notail', 'musttail', 'tail']) : undefined
      if (kw === undefined || !parser.parseGreater()) {
        return false
      }
      state.addProperty('tail_call_kind', TailCallKindAttr.get(ctx, kw))
    } else {
      state.addProperty('tail_call_kind', TailCallKindAttr.get(ctx, 'none'))
    }
    if (parser.parseOptionalKeyword('asm_dialect')) {
      const loc = parser.getCurrentLocation()
      const kw = parser.parseEqual() ? parser.parseOptionalKeywordAny() : undefined
      const i = kw === undefined ? -1 : ASM_DIALECTS.indexOf(kw)
      if (i < 0) {
        return parser.emitError(loc, 'expected one of [att, intel] for asm_dialect').fail()
      }
      state.addProperty('asm_dialect', IntegerAttr.get(IntegerType.get(ctx, 64), i))
    }
    if (parser.parseOptionalKeyword('operand_attrs')) {
      const a = parser.parseEqual() ? parser.parseAttribute() : undefined
      if (a === undefined) {
        return false
      }
      state.addProperty('operand_attrs', a)
    }
    const asm = parser.parseString()
    const cons = asm !== undefined && parser.parseComma() ? parser.parseString() : undefined
    if (cons === undefined) {
      return false
    }
    state.addProperty('asm_string', StringAttr.get(ctx, asm!))
    state.addProperty('constraints', StringAttr.get(ctx, cons))
    const operands = parser.parseOperandList()
    return operands !== undefined && parseCallTail(parser, state, operands)
  },
  verify(op: Operation): LogicalResult {
    const tail = op.getAttr('tail_call_kind')
    if (tail instanceof TailCallKindAttr && tail.kind === 'musttail') {
      return op.emitOpError("tail call kind 'musttail' is not supported by this operation").fail()
    }
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    if (op.getAttr('has_side_effects') !== undefined) {
      p.print('has_side_effects ')
    }
    if (op.getAttr('is_align_stack') !== undefined) {
      p.print('is_align_stack ')
    }
    const tail = op.getAttr('tail_call_kind')
    if (tail instanceof TailCallKindAttr && tail.kind !== 'none') {
      p.print(`tail_call_kind = <${tail.kind}> `)
    }
    const dialect = op.getAttr('asm_dialect')
    if (dialect instanceof IntegerAttr) {
      p.print(`asm_dialect = ${ASM_DIALECTS[Number(dialect.value)] ?? 'att'} `)
    }
    const oa = op.getAttr('operand_attrs')
    if (oa !== undefined) {
      p.print('operand_attrs = ')
      p.printAttribute(oa)
      p.print(' ')
    }
    p.printOptionalAttrDict(op.getAttrs(), ['asm_string', 'constraints', 'has_side_effects', 'is_align_stack', 'tail_call_kind', 'asm_dialect', 'operand_attrs'])
    p.printString((op.getAttr('asm_string') as StringAttr).value)
    p.print(', ')
    p.printString((op.getAttr('constraints') as StringAttr).value)
    p.print(' ')
    p.printOperands(op.getOperands())
    p.print(' : ')
    p.printFunctionalType(
      op.getOperands().map((v) => v.type),
      op.numResults > 0 ? [op.getResult(0).type] : [],
    )
  },
})

/** `llvm.call_intrinsic "llvm.name"(args) : (types) -> result`: a call of an LLVM intrinsic by name. */
export const LLVMCallIntrinsicOp: OdsOp = defineOp({
  name: 'llvm.call_intrinsic',
  operands: { args: variadic(AnyType), op_bundle_operands: variadic(AnyType) },
  results: { results: optional(AnyType) },
  attributes: {
    intrin: StrAttr,
    fastmathFlags: DefaultFastmathFlags,
    op_bundle_sizes: defaultValuedAttr(
      DenseI32ArrayAttr,
      (c) => DenseArrayAttr.getI32(c, []),
    ),
    op_bundle_tags: optionalAttr(ArrayAttrC),
    arg_attrs: optionalAttr(ArrayAttrC),
    res_attrs: optionalAttr(ArrayAttrC),
  },
  traits: Trait.AttrSizedOperandSegments,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const ctx = parser.context
    const name = parser.parseString()
    if (name === undefined) {
      return false
    }
    state.addProperty('intrin', StringAttr.get(ctx, name))
    const operands = parser.parseOperandList('paren')
    if (operands === undefined) {
      return false
    }
    const bundles = parseOptionalOpBundles(parser)
    if (bundles === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    const colonLoc = parser.getCurrentLocation()
    if (!parser.parseColon()) {
      return false
    }
    // Upstream parses the signature as a direct call's and adds its complaint.
    const sig = parseCallSignature(parser)
    if (sig === undefined) {
      return parser.emitError(colonLoc, 'expected direct call to have 1 trailing types').fail()
    }
    if (!parser.resolveOperands(operands, sig.inputs, colonLoc, state.operands)) {
      return false
    }
    state.addTypes(sig.results)
    const argAttrs = argAttrArray(ctx, sig.inputAttrs)
    if (argAttrs !== null) {
      state.addProperty('arg_attrs', argAttrs)
    }
    const resAttrs = argAttrArray(ctx, sig.resultAttrs)
    if (resAttrs !== null) {
      state.addProperty('res_attrs', resAttrs)
    }
    const bundleOperands: Value[] = []
    const numBundleOperands = resolveOpBundles(parser, bundles, state, bundleOperands)
    if (numBundleOperands === undefined) {
      return false
    }
    state.addOperands(bundleOperands)
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [operands.length, numBundleOperands]))
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printString((op.getAttr('intrin') as StringAttr).value)
    const args = LLVMCallIntrinsicOp.operandValues(op, 'args')
    p.print('(')
    p.printOperands(args)
    p.print(')')
    printOpBundles(op, p, LLVMCallIntrinsicOp.operandValues(op, 'op_bundle_operands'))
    p.printOptionalAttrDict(op.getAttrs(), ['intrin', 'operandSegmentSizes', 'op_bundle_sizes', 'op_bundle_tags', 'fastmathFlags', 'arg_attrs', 'res_attrs'])
    p.print(' : ')
    printCallSignature(op, p, args)
  },
  verify: verifyOpBundles,
})

/** The ops of this file. */
export const llvmInlineAsmOps: readonly OdsOp[] = [LLVMInlineAsmOp, LLVMCallIntrinsicOp]
