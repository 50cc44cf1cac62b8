/**
 * `llvm.func`, `llvm.return`, `llvm.call` and `llvm.mlir.global`: the symbol-level ops
 * of the `llvm` dialect, with upstream's custom syntax and verifiers.
 */
import {
  AnyAttr,
  AnyRegion,
  ArrayAttr,
  CallableOpInterface,
  CallOpInterface,
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  DenseI32ArrayAttr,
  DictArrayAttr,
  DictionaryAttr,
  FlatSymbolRefAttr,
  FloatAttr,
  FunctionOpInterface,
  FunctionType,
  I32Attr,
  I64Attr,
  IntegerAttr,
  IntegerType,
  StrAttr,
  StringAttr,
  SymbolNameAttr,
  SymbolRefAttr,
  SymbolTable,
  Trait,
  TypeAttr,
  TypeAttrC,
  UnitAttr,
  UnitAttrC,
  attrConstraint,
  defaultValuedAttr,
  defineOp,
  optional,
  optionalAttr,
  resolveOperandList,
  typeToString,
  variadic,
  AnyType,
  Block,
  type AttrSpec,
  type Attribute,
  type LogicalResult,
  type Location,
  type OpBuilder,
  type NamedAttribute,
  type OdsOp,
  type OpAsmArgument,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Region,
  type Type,
  type UnresolvedOperand,
  type Value,
  verifySymbolTrait,
} from '@tilepass/ir'
import { parseOptionalComdat, printOptionalComdat, verifyComdatReference } from './LLVMModuleOps.ts'
import { argAttrArray, parseFunctionResultList } from '../func/FuncOps.ts'
import { verifyLandingpadTypes, verifyUniqueBlockTags } from './LLVMFuncBodyChecks.ts'
import { parseOptionalOpBundles, printOpBundles, resolveOpBundles, verifyOpBundles } from './LLVMOpBundles.ts'
import { isValidGlobalValueType, parseCommonGlobalAndAlias, printCommonGlobalAndAlias, verifyEffectFreeInitializer } from './LLVMAliasOps.ts'
import {
  CConvAttr,
  CConvNames,
  LLVMFastmathFlagsAttr,
  LinkageAttr,
  LinkageNames,
  TailCallKindAttr,
  TailCallKindNames,
  UnnamedAddrNames,
  VisibilityNames,
  enumIntAttr,
} from './LLVMAttributes.ts'
import { CConvAttrC, DefaultFastmathFlags, LLVMTypeC, LinkageAttrC, TailCallKindAttrC, i64EnumAttrC } from './LLVMConstraints.ts'
import { LLVMArrayType, LLVMFunctionType, LLVMPointerType, LLVMTargetExtType, LLVMVoidType, isCompatibleType } from './LLVMTypes.ts'

function quoted(t: Type): string {
  return `'${typeToString(t)}'`
}

/** The `LLVMFunctionType` of an `llvm.func` (`void ()` when malformed). */
export function getLLVMFunctionType(op: Operation): LLVMFunctionType {
  const a = op.getAttr('function_type')
  if (a instanceof TypeAttr && a.value instanceof LLVMFunctionType) {
    return a.value
  }
  return LLVMFunctionType.get(LLVMVoidType.get(op.context), [])
}

/** The builtin function type matching an `llvm.func` signature (no result for `void`). */
function builtinFunctionType(op: Operation): FunctionType {
  const t = getLLVMFunctionType(op)
  return FunctionType.get(op.context, t.params, t.returnType instanceof LLVMVoidType ? [] : [t.returnType])
}

function dictAt(arrayAttr: Attribute | undefined, i: number): readonly NamedAttribute[] {
  if (!(arrayAttr instanceof ArrayAttr)) {
    return []
  }
  const d = arrayAttr.elements[i]
  return d instanceof DictionaryAttr ? d.entries : []
}

function enumIndex(attr: Attribute | undefined): number {
  return attr instanceof IntegerAttr ? Number(attr.value) : 0
}

const optAny = optionalAttr(AnyAttr)
const optUnit = optionalAttr(UnitAttrC)

/** Optional inherent attributes of `llvm.func` that are not printed specially. */
const FUNC_EXTRA_ATTRS: Readonly<Record<string, AttrSpec>> = {
  dso_local: optUnit,
  comdat: optAny,
  convergent: optUnit,
  personality: optAny,
  garbageCollector: optAny,
  passthrough: optionalAttr(attrConstraint('array attribute', (a) => a instanceof ArrayAttr)),
  function_entry_count: optAny,
  memory_effects: optAny,
  section: optAny,
  alignment: optAny,
  vscale_range: optAny,
  frame_pointer: optAny,
  target_cpu: optAny,
  tune_cpu: optAny,
  target_features: optAny,
  unsafe_fp_math: optAny,
  no_infs_fp_math: optAny,
  no_nans_fp_math: optAny,
  approx_func_fp_math: optAny,
  no_signed_zeros_fp_math: optAny,
  denormal_fp_math: optAny,
  denormal_fp_math_f32: optAny,
  fp_contract: optAny,
  instrument_function_entry: optAny,
  instrument_function_exit: optAny,
  no_inline: optUnit,
  always_inline: optUnit,
  inline_hint: optUnit,
  no_unwind: optUnit,
  will_return: optUnit,
  optimize_none: optUnit,
  vec_type_hint: optAny,
  work_group_size_hint: optAny,
  reqd_work_group_size: optAny,
  intel_reqd_sub_group_size: optAny,
  uwtable_kind: optAny,
}

// ---- llvm.func ---------------------------------------------------------------------------

function parseArgumentList(parser: OpAsmParser, args: OpAsmArgument[]): { ok: boolean; isVarArg: boolean } {
  if (!parser.parseLParen()) {
    return { ok: false, isVarArg: false }
  }
  if (parser.parseOptionalRParen()) {
    return { ok: true, isVarArg: false }
  }
  let isVarArg = false
  do {
    if (parser.parseOptionalEllipsis()) {
      isVarArg = true
      break
    }
    const loc = parser.getCurrentLocation()
    const arg = parser.parseOptionalArgument(true, true)
    if (arg === undefined) {
      return { ok: false, isVarArg }
    }
    if (arg !== null) {
      const prev = args[args.length - 1]
      if (prev !== undefined && prev.ssaName.name === '') {
        parser.emitError(loc, 'expected type instead of SSA identifier').report()
        return { ok: false, isVarArg }
      }
      args.push(arg)
      continue
    }
    const prev = args[args.length - 1]
    if (prev !== undefined && prev.ssaName.name !== '') {
      parser.emitError(loc, 'expected SSA identifier').report()
      return { ok: false, isVarArg }
    }
    const type = parser.parseType()
    if (type === undefined) {
      return { ok: false, isVarArg }
    }
    const attrs: NamedAttribute[] = []
    if (!parser.parseOptionalAttrDict(attrs)) {
      return { ok: false, isVarArg }
    }
    const sourceLoc = parser.parseOptionalLocationSpecifier()
    if (sourceLoc === undefined) {
      return { ok: false, isVarArg }
    }
    args.push({ ssaName: { name: '', number: 0, location: loc }, type, attrs, sourceLoc })
  } while (parser.parseOptionalComma())
  if (!parser.parseOptionalRParen()) {
    parser.emitError(parser.getCurrentLocation(), "expected ')' in argument list").report()
    return { ok: false, isVarArg }
  }
  return { ok: true, isVarArg }
}

function parseFunc(parser: OpAsmParser, state: OperationState): LogicalResult {
  const ctx = parser.context
  const linkage = parser.parseOptionalKeywordOneOf(LinkageNames) ?? 'external'
  state.addProperty('linkage', LinkageAttr.get(ctx, linkage))
  const vis = parser.parseOptionalKeywordOneOf(['hidden', 'protected'])
  state.addProperty('visibility_', enumIntAttr(ctx, 64, vis === undefined ? 0 : VisibilityNames.indexOf(vis)))
  const ua = parser.parseOptionalKeywordOneOf(['local_unnamed_addr', 'unnamed_addr'])
  state.addProperty('unnamed_addr', enumIntAttr(ctx, 64, ua === undefined ? 0 : UnnamedAddrNames.indexOf(ua)))
  const cconv = parser.parseOptionalKeywordOneOf(CConvNames) ?? 'ccc'
  state.addProperty('CConv', CConvAttr.get(ctx, cconv))
  const nameLoc = parser.getCurrentLocation()
  const name = parser.parseSymbolName()
  if (name === undefined) {
    return false
  }
  state.addProperty('sym_name', StringAttr.get(ctx, name))
  const args: OpAsmArgument[] = []
  const r = parseArgumentList(parser, args)
  if (!r.ok) {
    return false
  }
  const resultTypes: Type[] = []
  const resultAttrs: (readonly NamedAttribute[])[] = []
  if (parser.parseOptionalArrow() && !parseFunctionResultList(parser, resultTypes, resultAttrs)) {
    return false
  }
  if (resultTypes.length > 1) {
    return parser.emitError(nameLoc, 'failed to construct function type: expected zero or one function result').fail()
  }
  const argTypes = args.map((a) => a.type!)
  for (const t of argTypes) {
    if (!isCompatibleType(t)) {
      return parser.emitError(nameLoc, 'failed to construct function type: expected LLVM type for function arguments').fail()
    }
  }
  const ret = resultTypes[0] ?? LLVMVoidType.get(ctx)
  if (!isCompatibleType(ret)) {
    return parser.emitError(nameLoc, 'failed to construct function type: expected LLVM type for function results').fail()
  }
  state.addProperty('function_type', TypeAttr.get(LLVMFunctionType.get(ret, argTypes, r.isVarArg)))
  if (!parseOptionalComdat(parser, state)) {
    return false
  }
  if (!parser.parseOptionalAttrDictWithKeyword(state.attributes)) {
    return false
  }
  const argArray = argAttrArray(
    ctx,
    args.map((a) => a.attrs),
  )
  if (argArray !== null) {
    state.addProperty('arg_attrs', argArray)
  }
  const resArray = argAttrArray(ctx, resultAttrs)
  if (resArray !== null) {
    state.addProperty('res_attrs', resArray)
  }
  const body = state.addRegion()
  const loc = parser.getCurrentLocation()
  const pr = parser.parseOptionalRegion(body, args, false)
  if (pr !== null) {
    if (!pr) {
      return false
    }
    if (body.empty) {
      return parser.emitError(loc, 'expected non-empty function body').fail()
    }
  }
  return true
}

function printFunc(op: Operation, p: OpAsmPrinter): void {
  p.print(' ')
  const linkage = op.getAttr('linkage')
  if (linkage instanceof LinkageAttr && linkage.linkage !== 'external') {
    p.print(linkage.linkage + ' ')
  }
  const vis = VisibilityNames[enumIndex(op.getAttr('visibility_'))] ?? 'default'
  if (vis !== 'default') {
    p.print(vis + ' ')
  }
  const ua = UnnamedAddrNames[enumIndex(op.getAttr('unnamed_addr'))] ?? ''
  if (ua !== '') {
    p.print(ua + ' ')
  }
  const cconv = op.getAttr('CConv')
  if (cconv instanceof CConvAttr && cconv.cconv !== 'ccc') {
    p.print(cconv.cconv + ' ')
  }
  p.printSymbolName(SymbolTable.getSymbolName(op) ?? '')
  const fnType = getLLVMFunctionType(op)
  const body = op.regions[0]!
  const isExternal = body.empty
  const argAttrs = op.getAttr('arg_attrs')
  p.print('(')
  for (let i = 0; i < fnType.params.length; i++) {
    if (i > 0) {
      p.print(', ')
    }
    if (!isExternal) {
      p.printRegionArgument(body.front.getArgument(i), argAttrs instanceof ArrayAttr ? dictAt(argAttrs, i) : undefined)
    } else {
      p.printType(fnType.params[i]!)
      if (argAttrs instanceof ArrayAttr) {
        p.printOptionalAttrDict(dictAt(argAttrs, i))
      }
    }
  }
  if (fnType.isVarArg) {
    p.print(fnType.params.length > 0 ? ', ...' : '...')
  }
  p.print(')')
  if (!(fnType.returnType instanceof LLVMVoidType)) {
    p.print(' -> ')
    const resAttrs = op.getAttr('res_attrs')
    const needsParens = fnType.returnType instanceof FunctionType || (resAttrs instanceof ArrayAttr && dictAt(resAttrs, 0).length > 0)
    if (needsParens) {
      p.print('(')
    }
    p.printType(fnType.returnType)
    if (resAttrs instanceof ArrayAttr) {
      p.printOptionalAttrDict(dictAt(resAttrs, 0))
    }
    if (needsParens) {
      p.print(')')
    }
  }
  printOptionalComdat(op, p)
  p.printOptionalAttrDictWithKeyword(op.getAttrs(), [
    'sym_name',
    'function_type',
    'arg_attrs',
    'res_attrs',
    'linkage',
    'CConv',
    'visibility_',
    'comdat',
    'unnamed_addr',
    'vscale_range',
  ])
  if (!isExternal) {
    p.print(' ')
    p.printRegion(body, false, true)
  }
}

function verifyFunc(op: Operation): LogicalResult {
  // SymbolOpInterface, a base interface of FunctionOpInterface, is verified first.
  if (!verifySymbolTrait(op)) {
    return false
  }
  const fnType = getLLVMFunctionType(op)
  const linkage = op.getAttr('linkage')
  const l = linkage instanceof LinkageAttr ? linkage.linkage : 'external'
  if (l === 'common') {
    return op.emitOpError("functions cannot have 'common' linkage").fail()
  }
  if (!verifyComdatReference(op)) {
    return false
  }
  const body = op.regions[0]!
  if (body.empty) {
    if (l !== 'external' && l !== 'extern_weak') {
      return op.emitOpError("external functions must have 'external' or 'extern_weak' linkage").fail()
    }
  }
  const checkAttrs = (name: string, count: number, what: 'argument' | 'result'): boolean => {
    const all = op.getAttr(name)
    if (!(all instanceof ArrayAttr)) {
      return true
    }
    const plural = what === 'argument' ? 'arguments' : 'results'
    if (all.elements.length !== count) {
      return op
        .emitOpError(
          `expects ${what} attribute array to have the same number of elements as the number of function ${plural}, got ${all.elements.length}, but expected ${count}`,
        )
        .fail()
    }
    return true
  }
  if (!checkAttrs('arg_attrs', fnType.params.length, 'argument')) {
    return false
  }
  if (!checkAttrs('res_attrs', fnType.returnType instanceof LLVMVoidType ? 0 : 1, 'result')) {
    return false
  }
  if (!body.empty) {
    // Inlining attributes of definitions, as upstream composes them.
    const noInline = op.getAttr('no_inline') !== undefined
    if (noInline && op.getAttr('always_inline') !== undefined) {
      return op.emitError('no_inline and always_inline attributes are incompatible').fail()
    }
    if (op.getAttr('optimize_none') !== undefined && !noInline) {
      return op.emitOpError('with optimize_none must also be no_inline').fail()
    }
  }
  if (!body.empty) {
    const entry = body.front
    if (entry.numArguments !== fnType.params.length) {
      return op.emitOpError(`entry block must have ${fnType.params.length} arguments to match function signature`).fail()
    }
    for (let i = 0; i < fnType.params.length; i++) {
      const argType = entry.getArgument(i).type
      if (argType !== fnType.params[i]) {
        return op
          .emitOpError(
            `type of entry block argument #${i}(${quoted(argType)}) must match the type of the corresponding argument in function signature(${quoted(fnType.params[i]!)})`,
          )
          .fail()
      }
    }
    if (!verifyLandingpadTypes(op) || !verifyUniqueBlockTags(op)) {
      return false
    }
  }
  return true
}

function verifyFuncRegions(op: Operation): LogicalResult {
  const body = op.regions[0]!
  if (body.empty) {
    return true
  }
  const entry = body.front
  for (let i = 0; i < entry.numArguments; i++) {
    if (!isCompatibleType(entry.getArgument(i).type)) {
      return op.emitOpError(`entry block argument #${i} is not of LLVM type`).fail()
    }
  }
  return true
}

const LLVMFunctionTypeAttrC = attrConstraint('type attribute of LLVM function type', (a) => a instanceof TypeAttr && a.value instanceof LLVMFunctionType)

/** `llvm.func`: an LLVM function (definition with a body, or declaration). */
export const LLVMFuncOp: OdsOp = defineOp({
  name: 'llvm.func',
  summary: 'LLVM dialect function.',
  attributes: {
    sym_name: SymbolNameAttr,
    sym_visibility: optionalAttr(StrAttr),
    function_type: LLVMFunctionTypeAttrC,
    linkage: defaultValuedAttr(LinkageAttrC, (c) => LinkageAttr.get(c, 'external')),
    CConv: defaultValuedAttr(CConvAttrC, (c) => CConvAttr.get(c, 'ccc')),
    visibility_: defaultValuedAttr(i64EnumAttrC('LLVM GlobalValue Visibility', 3), (c) => enumIntAttr(c, 64, 0)),
    unnamed_addr: optionalAttr(i64EnumAttrC('LLVM GlobalValue UnnamedAddr', 3)),
    arg_attrs: optionalAttr(DictArrayAttr),
    res_attrs: optionalAttr(DictArrayAttr),
    ...FUNC_EXTRA_ATTRS,
  },
  regions: { body: AnyRegion },
  traits: Trait.AutomaticAllocationScope | Trait.IsolatedFromAbove | Trait.Symbol,
  interfaces: [
    FunctionOpInterface.impl({
      getFunctionType: builtinFunctionType,
      getFunctionBody: (op: Operation) => op.regions[0]!,
    }),
    CallableOpInterface.impl({
      getCallableRegion: (op: Operation): Region | null => (op.regions[0]!.empty ? null : op.regions[0]!),
      getArgumentTypes: (op: Operation) => getLLVMFunctionType(op).params,
      getResultTypes: (op: Operation) => {
        const r = getLLVMFunctionType(op).returnType
        return r instanceof LLVMVoidType ? [] : [r]
      },
    }),
  ],
  parse: parseFunc,
  print: printFunc,
  verify: verifyFunc,
  verifyRegions: verifyFuncRegions,
})

/** Options of `buildLLVMFuncOp`. */
export interface BuildLLVMFuncOptions {
  /** Linkage keyword (`external` by default). */
  readonly linkage?: string
  /** Calling convention keyword (`ccc` by default). */
  readonly cconv?: string
  /** Extra inherent or discardable attributes (`sym_visibility`, `llvm.emit_c_interface`, ...). */
  readonly attributes?: readonly NamedAttribute[]
  /** Create the entry block (with the parameters as arguments); declarations have none. */
  readonly withBody?: boolean
}

/**
 * Creates an `llvm.func` named `name` of type `type` at `builder`'s insertion point
 * (as upstream's builder: linkage/CConv/visibility properties set, no `unnamed_addr`).
 */
export function buildLLVMFuncOp(
  builder: OpBuilder,
  loc: Location,
  name: string,
  type: LLVMFunctionType,
  options: BuildLLVMFuncOptions = {},
): Operation {
  const ctx = builder.context
  const attrs: Record<string, Attribute> = {
    sym_name: StringAttr.get(ctx, name),
    function_type: TypeAttr.get(type),
    linkage: LinkageAttr.get(ctx, options.linkage ?? 'external'),
    CConv: CConvAttr.get(ctx, options.cconv ?? 'ccc'),
  }
  const op = LLVMFuncOp.build(builder, loc, { attributes: attrs, discardableAttributes: options.attributes ?? [], numRegions: 1 })
  if (options.withBody === true) {
    const block = new Block()
    for (const p of type.params) {
      block.addArgument(p, loc)
    }
    op.regions[0]!.push(block)
  }
  return op
}

// ---- llvm.return -------------------------------------------------------------------------

/** `llvm.return` / `llvm.return %x : T`. */
export const LLVMReturnOp: OdsOp = defineOp({
  name: 'llvm.return',
  operands: { arg: optional(LLVMTypeC) },
  traits: Trait.Pure | Trait.IsTerminator | Trait.ReturnLike,
  assemblyFormat: 'attr-dict ($arg^ `:` type($arg))?',
  verify(op: Operation): LogicalResult {
    let parent = op.parentOp
    while (parent !== null && parent.name.name !== 'llvm.func') {
      parent = parent.parentOp
    }
    if (parent === null) {
      return true
    }
    const expected = getLLVMFunctionType(parent).returnType
    if (expected instanceof LLVMVoidType) {
      if (op.operands.length === 0) {
        return true
      }
      return op.emitOpError('expected no operands').attachNote('when returning from function', parent.location).fail()
    }
    if (op.operands.length === 0) {
      return op.emitOpError('expected 1 operand').attachNote('when returning from function', parent.location).fail()
    }
    if (op.getOperand(0).type !== expected) {
      return op.emitOpError('mismatching result types').attachNote('when returning from function', parent.location).fail()
    }
    return true
  },
})

// ---- llvm.call ---------------------------------------------------------------------------

/** @internal The `callee` of a direct call or invoke, undefined for an indirect one. */
export function calleeAttr(op: Operation): SymbolRefAttr | undefined {
  const c = op.getAttr('callee')
  return c instanceof SymbolRefAttr ? c : undefined
}

/** The arguments of an `llvm.call` (without the callee pointer of indirect calls). */
export function getLLVMCallArgOperands(op: Operation): Value[] {
  const all = LLVMCallOp.operandValues(op, 'callee_operands')
  return calleeAttr(op) !== undefined ? all : all.slice(1)
}

/** @internal A parsed call signature. */
export interface CallSignature {
  readonly inputs: Type[]
  readonly inputAttrs: (readonly NamedAttribute[])[]
  readonly results: Type[]
  readonly resultAttrs: (readonly NamedAttribute[])[]
}

/** `(i32 {llvm.noundef}, f32) -> (i32 {llvm.zeroext})`: a call's function type with argument and result attributes. */
/** @internal Parses a call's `(type {attrs}, ...) -> result` signature. */
export function parseCallSignature(parser: OpAsmParser): CallSignature | undefined {
  const sig: CallSignature = { inputs: [], inputAttrs: [], results: [], resultAttrs: [] }
  if (!parser.parseLParen()) {
    return undefined
  }
  if (!parser.parseOptionalRParen()) {
    do {
      const t = parser.parseType()
      const attrs: NamedAttribute[] = []
      if (t === undefined || !parser.parseOptionalAttrDict(attrs)) {
        return undefined
      }
      sig.inputs.push(t)
      sig.inputAttrs.push(attrs)
    } while (parser.parseOptionalComma())
    if (!parser.parseRParen()) {
      return undefined
    }
  }
  if (!parser.parseArrow()) {
    return undefined
  }
  return parseFunctionResultList(parser, sig.results, sig.resultAttrs) ? sig : undefined
}

/**
 * @internal Parses the trailing `: (ptr-type ,)? (types {attrs}) -> result` of `llvm.call` and
 * `llvm.invoke` (upstream's `parseCallTypeAndResolveOperands`): resolves the callee pointer
 * and `args` into `state.operands`, adds `arg_attrs`/`res_attrs` and the result type.
 */
export function parseCallTrailingTypes(
  parser: OpAsmParser,
  state: OperationState,
  calleeOperand: UnresolvedOperand | undefined,
  args: readonly UnresolvedOperand[],
): LogicalResult {
  const ctx = parser.context
  const colonLoc = parser.getCurrentLocation()
  if (!parser.parseColon()) {
    return false
  }
  let calleeType: Type | undefined
  if (calleeOperand !== undefined) {
    calleeType = parser.parseType()
    if (calleeType === undefined) {
      return false
    }
    if (!parser.parseOptionalComma()) {
      return parser.emitError(colonLoc, 'expected indirect call to have 2 trailing types').fail()
    }
  }
  const sig = parseCallSignature(parser)
  if (sig === undefined) {
    const what = calleeOperand === undefined ? 'direct call to have 1 trailing types' : 'trailing function type'
    return parser.emitError(colonLoc, `expected ${what}`).fail()
  }
  if (sig.results.length > 1) {
    return parser.emitError(colonLoc, 'expected function with 0 or 1 result').fail()
  }
  if (sig.results.length === 1 && sig.results[0] instanceof LLVMVoidType) {
    return parser.emitError(colonLoc, 'expected a non-void result type').fail()
  }
  if (calleeOperand !== undefined && !parser.resolveOperand(calleeOperand, calleeType!, state.operands)) {
    return false
  }
  if (!resolveOperandList(parser, args, sig.inputs, parser.getNameLoc(), state.operands)) {
    return false
  }
  const argAttrs = argAttrArray(ctx, sig.inputAttrs)
  if (argAttrs !== null) {
    state.addProperty('arg_attrs', argAttrs)
  }
  const resAttrs = argAttrArray(ctx, sig.resultAttrs)
  if (resAttrs !== null) {
    state.addProperty('res_attrs', resAttrs)
  }
  state.addTypes(sig.results)
  return true
}

/** @internal Parses an optional ` vararg(!llvm.func<...>)` of a call or invoke into `var_callee_type`. */
export function parseOptionalVarCalleeType(parser: OpAsmParser, state: OperationState): LogicalResult {
  if (parser.parseOptionalKeyword('vararg')) {
    if (!parser.parseLParen()) {
      return false
    }
    const vt = parser.parseType()
    if (vt === undefined || !parser.parseRParen()) {
      return false
    }
    state.addProperty('var_callee_type', TypeAttr.get(vt))
  }
  return true
}

function parseCall(parser: OpAsmParser, state: OperationState): LogicalResult {
  const ctx = parser.context
  const cconv = parser.parseOptionalKeywordOneOf(CConvNames) ?? 'ccc'
  state.addProperty('CConv', CConvAttr.get(ctx, cconv))
  const tk = parser.parseOptionalKeywordOneOf(TailCallKindNames) ?? 'none'
  state.addProperty('TailCallKind', TailCallKindAttr.get(ctx, tk))
  const sym = parser.parseOptionalSymbolName()
  let calleeOperand: UnresolvedOperand | undefined
  if (sym !== undefined) {
    state.addProperty('callee', SymbolRefAttr.get(ctx, sym))
  } else {
    calleeOperand = parser.parseOperand()
    if (calleeOperand === undefined) {
      return false
    }
  }
  if (!parser.parseLParen()) {
    return false
  }
  const args = parser.parseOperandList('none')
  if (args === undefined || !parser.parseRParen()) {
    return false
  }
  if (!parseOptionalVarCalleeType(parser, state)) {
    return false
  }
  const bundles = parseOptionalOpBundles(parser)
  if (bundles === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
    return false
  }
  if (!parseCallTrailingTypes(parser, state, calleeOperand, args)) {
    return false
  }
  const numCallee = args.length + (calleeOperand !== undefined ? 1 : 0)
  const numBundleOperands = resolveOpBundles(parser, bundles, state, state.operands)
  if (numBundleOperands === undefined) {
    return false
  }
  state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [numCallee, numBundleOperands]))
  return true
}

function printCall(op: Operation, p: OpAsmPrinter): void {
  p.print(' ')
  const cconv = op.getAttr('CConv')
  if (cconv instanceof CConvAttr && cconv.cconv !== 'ccc') {
    p.print(cconv.cconv + ' ')
  }
  const tk = op.getAttr('TailCallKind')
  if (tk instanceof TailCallKindAttr && tk.kind !== 'none') {
    p.print(tk.kind + ' ')
  }
  const calleeOperands = LLVMCallOp.operandValues(op, 'callee_operands')
  const args = printCalleeAndArgs(op, p, calleeOperands)
  p.print(')')
  printOptionalVarCalleeType(op, p)
  printOpBundles(op, p, LLVMCallOp.operandValues(op, 'op_bundle_operands'))
  const elided = ['callee', 'TailCallKind', 'var_callee_type', 'CConv', 'operandSegmentSizes', 'op_bundle_sizes', 'op_bundle_tags', 'arg_attrs', 'res_attrs']
  const fmf = op.getAttr('fastmathFlags')
  if (fmf instanceof LLVMFastmathFlagsAttr && fmf.value === 0) {
    elided.push('fastmathFlags')
  }
  p.printOptionalAttrDict(op.getAttrs(), elided)
  printCallTrailingTypes(op, p, calleeOperands, args)
}

/**
 * @internal Prints `@f(args` or `%ptr(args` (without the closing parenthesis) of a call or
 * invoke whose callee operands (the pointer of an indirect call first) are `calleeOperands`;
 * returns the arguments.
 */
export function printCalleeAndArgs(op: Operation, p: OpAsmPrinter, calleeOperands: readonly Value[]): readonly Value[] {
  const callee = calleeAttr(op)
  if (callee !== undefined) {
    p.printSymbolName(callee.rootReference)
  } else {
    p.printOperand(calleeOperands[0]!)
  }
  const args = callee !== undefined ? calleeOperands : calleeOperands.slice(1)
  p.print('(')
  p.printOperands(args)
  return args
}

/** @internal Prints ` vararg(!llvm.func<...>)` when `op` has a `var_callee_type`. */
export function printOptionalVarCalleeType(op: Operation, p: OpAsmPrinter): void {
  const vt = op.getAttr('var_callee_type')
  if (vt instanceof TypeAttr) {
    p.print(' vararg(')
    p.printType(vt.value)
    p.print(')')
  }
}

/** @internal Prints ` : (ptr-type, )? signature` of a call or invoke (see `printCalleeAndArgs`). */
export function printCallTrailingTypes(op: Operation, p: OpAsmPrinter, calleeOperands: readonly Value[], args: readonly Value[]): void {
  p.print(' : ')
  if (calleeAttr(op) === undefined) {
    p.printType(calleeOperands[0]!.type)
    p.print(', ')
  }
  printCallSignature(op, p, args)
}

/**
 * @internal Prints a call's `(types {arg attrs}) -> result` signature for `args`, with the
 * `arg_attrs`/`res_attrs` of `op`; a result with attributes (or a function type) is parenthesized.
 */
export function printCallSignature(op: Operation, p: OpAsmPrinter, args: readonly Value[]): void {
  const argAttrs = op.getAttr('arg_attrs')
  p.print('(')
  for (let i = 0; i < args.length; i++) {
    if (i > 0) {
      p.print(', ')
    }
    p.printType(args[i]!.type)
    p.printOptionalAttrDict(dictAt(argAttrs, i))
  }
  p.print(') -> ')
  if (op.results.length === 0) {
    p.print('()')
    return
  }
  const resAttrs = dictAt(op.getAttr('res_attrs'), 0)
  const resType = op.results[0]!.type
  const needsParens = resAttrs.length > 0 || resType instanceof FunctionType
  if (needsParens) {
    p.print('(')
  }
  p.printType(resType)
  p.printOptionalAttrDict(resAttrs)
  if (needsParens) {
    p.print(')')
  }
}

/** @internal Checks a call's or invoke's `var_callee_type` against its arguments `args` and result (upstream's order). */
export function verifyCallVarCalleeType(op: Operation, args: readonly Value[] = getLLVMCallArgOperands(op)): LogicalResult {
  const vt = op.getAttr('var_callee_type')
  if (!(vt instanceof TypeAttr && vt.value instanceof LLVMFunctionType)) {
    return true
  }
  const ft = vt.value
  if (!ft.isVarArg) {
    return op.emitOpError('expected var_callee_type to be a variadic function type').fail()
  }
  if (ft.params.length > args.length) {
    return op.emitOpError(`expected var_callee_type to have at most ${args.length} parameters`).fail()
  }
  for (let i = 0; i < ft.params.length; i++) {
    if (ft.params[i] !== args[i]!.type) {
      return op.emitOpError(`var_callee_type parameter type mismatch: ${quoted(ft.params[i]!)} != ${quoted(args[i]!.type)}`).fail()
    }
  }
  if (op.results.length === 0) {
    if (!(ft.returnType instanceof LLVMVoidType)) {
      return op.emitOpError('expected var_callee_type to return void').fail()
    }
  } else if (op.results[0]!.type !== ft.returnType) {
    return op.emitOpError(`var_callee_type return type mismatch: ${quoted(ft.returnType)} != ${quoted(op.results[0]!.type)}`).fail()
  }
  return true
}

function verifyCallSymbolUses(op: Operation): LogicalResult {
  if (!verifyCallVarCalleeType(op)) {
    return false
  }
  const callee = calleeAttr(op)
  let fnType: LLVMFunctionType
  if (callee !== undefined) {
    const fn = SymbolTable.lookupNearestSymbolFrom(op, callee)
    if (fn === undefined) {
      return op.emitOpError(`'${callee.rootReference}' does not reference a symbol in the current scope`).fail()
    }
    if (fn.name.name === 'llvm.func') {
      fnType = getLLVMFunctionType(fn)
    } else if (fn.name.name === 'llvm.mlir.ifunc') {
      const t = fn.getAttr('i_func_type')
      if (!(t instanceof TypeAttr && t.value instanceof LLVMFunctionType)) {
        return op.emitOpError(`callee does not have a functional type: ${t instanceof TypeAttr ? quoted(t.value) : ''}`).fail()
      }
      fnType = t.value
    } else {
      return op.emitOpError(`'${callee.rootReference}' does not reference a valid LLVM function or IFunc`).fail()
    }
  } else {
    // An indirect call: upstream checks only that the callee is a pointer (and, above,
    // the `var_callee_type` against the operands).
    if (op.operands.length === 0) {
      return op.emitOpError('must have either a `callee` attribute or at least an operand').fail()
    }
    const calleeType = op.getOperand(0).type
    if (!(calleeType instanceof LLVMPointerType)) {
      return op.emitOpError(`indirect call expects a pointer as callee: ${quoted(calleeType)}`).fail()
    }
    return true
  }
  const args = getLLVMCallArgOperands(op)
  const vt = op.getAttr('var_callee_type')
  if (fnType.isVarArg && !(vt instanceof TypeAttr)) {
    return op.emitOpError('missing var_callee_type attribute for vararg call').fail()
  }
  if (!fnType.isVarArg && args.length !== fnType.params.length) {
    return op.emitOpError(`incorrect number of operands (${args.length}) for callee (expecting: ${fnType.params.length})`).fail()
  }
  if (fnType.params.length > args.length) {
    return op.emitOpError(`incorrect number of operands (${args.length}) for varargs callee (expecting: ${fnType.params.length})`).fail()
  }
  for (let i = 0; i < fnType.params.length; i++) {
    if (args[i]!.type !== fnType.params[i]) {
      return op.emitOpError(`operand type mismatch for operand ${i}: ${quoted(args[i]!.type)} != ${quoted(fnType.params[i]!)}`).fail()
    }
  }
  const ret = fnType.returnType
  if (op.results.length === 0 && !(ret instanceof LLVMVoidType)) {
    return op.emitOpError('expected function call to produce a value').fail()
  }
  if (op.results.length !== 0 && ret instanceof LLVMVoidType) {
    return op.emitOpError('calling function with void result must not produce values').fail()
  }
  if (op.results.length > 1) {
    return op.emitOpError('expected LLVM function call to produce 0 or 1 result').fail()
  }
  if (op.results.length === 1 && op.results[0]!.type !== ret) {
    return op.emitOpError(`result type mismatch: ${quoted(op.results[0]!.type)} != ${quoted(ret)}`).fail()
  }
  return true
}

/** @internal `TypeAttrOf<LLVM_FunctionType>`. */
export const LLVMFunctionTypeC = attrConstraint('type attribute of LLVM function type', (a) => a instanceof TypeAttr && a.value instanceof LLVMFunctionType)

/** `llvm.call @f(%a) : (i32) -> i32` / `llvm.call %fp(%a) : !llvm.ptr, (i32) -> ()`. */
export const LLVMCallOp: OdsOp = defineOp({
  name: 'llvm.call',
  summary: 'Call to an LLVM function.',
  operands: { callee_operands: variadic(LLVMTypeC), op_bundle_operands: variadic(AnyType) },
  results: { result: optional(LLVMTypeC) },
  attributes: {
    var_callee_type: optionalAttr(LLVMFunctionTypeC),
    callee: optionalAttr(FlatSymbolRefAttr),
    fastmathFlags: DefaultFastmathFlags,
    CConv: defaultValuedAttr(CConvAttrC, (c) => CConvAttr.get(c, 'ccc')),
    TailCallKind: defaultValuedAttr(TailCallKindAttrC, (c) => TailCallKindAttr.get(c, 'none')),
    op_bundle_sizes: defaultValuedAttr(DenseI32ArrayAttr, (c) => DenseArrayAttr.getI32(c, [])),
    op_bundle_tags: optAny,
    arg_attrs: optionalAttr(DictArrayAttr),
    res_attrs: optionalAttr(DictArrayAttr),
    branch_weights: optionalAttr(DenseI32ArrayAttr),
    memory_effects: optAny,
    convergent: optUnit,
    no_unwind: optUnit,
    will_return: optUnit,
    no_inline: optUnit,
    always_inline: optUnit,
    inline_hint: optUnit,
    // MLIR 22 leaves these unchecked on calls.
    access_groups: optAny,
    alias_scopes: optAny,
    noalias_scopes: optAny,
    tbaa: optAny,
  },
  traits: Trait.AttrSizedOperandSegments,
  interfaces: [
    CallOpInterface.impl({
      getCallee: (op: Operation): SymbolRefAttr | Value => calleeAttr(op) ?? op.getOperand(0),
      getArgOperands: getLLVMCallArgOperands,
    }),
  ],
  parse: parseCall,
  print: printCall,
  verify: verifyOpBundles,
  verifySymbolUses: verifyCallSymbolUses,
})

/** Options of `buildLLVMCallOp`. */
export interface BuildLLVMCallOptions {
  /** For calls to vararg functions: the callee's type (stored as `var_callee_type`). */
  readonly varCalleeType?: LLVMFunctionType
  /** Extra discardable attributes. */
  readonly attributes?: readonly NamedAttribute[]
}

/**
 * Creates a direct `llvm.call @callee(args)` producing `resultTypes` (zero or one type),
 * or an indirect call when `callee` is a pointer value (passed as the first operand).
 */
export function buildLLVMCallOp(
  builder: OpBuilder,
  loc: Location,
  callee: string | Value,
  resultTypes: readonly Type[],
  args: readonly Value[],
  options: BuildLLVMCallOptions = {},
): Operation {
  const ctx = builder.context
  const attrs: Record<string, Attribute> = {}
  let operands: Value[] = [...args]
  if (typeof callee === 'string') {
    attrs.callee = SymbolRefAttr.get(ctx, callee)
  } else {
    operands = [callee, ...args]
  }
  if (options.varCalleeType !== undefined) {
    attrs.var_callee_type = TypeAttr.get(options.varCalleeType)
  }
  return LLVMCallOp.build(builder, loc, {
    operands: { callee_operands: operands, op_bundle_operands: [] },
    results: [...resultTypes],
    attributes: attrs,
    discardableAttributes: options.attributes ?? [],
  })
}

// ---- llvm.mlir.global ------------------------------------------------------------------

function parseGlobal(parser: OpAsmParser, state: OperationState): LogicalResult {
  const ctx = parser.context
  parseCommonGlobalAndAlias(parser, state)
  if (parser.parseOptionalKeyword('constant')) {
    state.addProperty('constant', UnitAttr.get(ctx))
  }
  const name = parser.parseSymbolName()
  if (name === undefined || !parser.parseLParen()) {
    return false
  }
  state.addProperty('sym_name', StringAttr.get(ctx, name))
  let value: Attribute | undefined
  if (!parser.parseOptionalRParen()) {
    value = parser.parseAttribute()
    if (value === undefined || !parser.parseRParen()) {
      return false
    }
    state.addProperty('value', value)
  }
  if (!parseOptionalComdat(parser, state)) {
    return false
  }
  if (!parser.parseOptionalAttrDict(state.attributes)) {
    return false
  }
  let type: Type | undefined
  if (parser.parseOptionalColon()) {
    type = parser.parseType()
    if (type === undefined) {
      return false
    }
  }
  const region = state.addRegion()
  const r = parser.parseOptionalRegion(region, [], false)
  if (r === false) {
    return false
  }
  if (type === undefined) {
    if (value instanceof StringAttr) {
      type = LLVMArrayType.get(IntegerType.get(ctx, 8), new TextEncoder().encode(value.value).length)
    } else {
      return parser.emitError(parser.getNameLoc(), 'type can only be omitted for string globals').fail()
    }
  }
  state.addProperty('global_type', TypeAttr.get(type))
  return true
}

function printGlobal(op: Operation, p: OpAsmPrinter): void {
  printCommonGlobalAndAlias(op, p)
  if (op.getAttr('constant') !== undefined) {
    p.print('constant ')
  }
  p.printSymbolName(SymbolTable.getSymbolName(op) ?? '')
  p.print('(')
  const value = op.getAttr('value')
  if (value !== undefined) {
    p.printAttribute(value)
  }
  p.print(')')
  printOptionalComdat(op, p)
  p.printOptionalAttrDict(op.getAttrs(), [
    'sym_name',
    'global_type',
    'constant',
    'value',
    'linkage',
    'unnamed_addr',
    'thread_local_',
    'visibility_',
    'comdat',
  ])
  if (value instanceof StringAttr) {
    return
  }
  p.print(' : ')
  const gt = op.getAttr('global_type')
  if (gt instanceof TypeAttr) {
    p.printType(gt.value)
  }
  const init = op.regions[0]
  if (init !== undefined && !init.empty) {
    p.print(' ')
    p.printRegion(init, false, true)
  }
}

/** Whether a global's initial value is all zeros (integers, floats, elements and arrays of them). */
function isZeroAttribute(value: Attribute): boolean {
  if (value instanceof IntegerAttr) {
    return value.value === 0n
  }
  if (value instanceof FloatAttr) {
    return value.value === 0
  }
  if (value instanceof DenseIntOrFPElementsAttr) {
    return (value.values as readonly (bigint | number)[]).every((v) => v == 0)
  }
  if (value instanceof ArrayAttr) {
    return value.elements.every(isZeroAttribute)
  }
  return false
}

/** `llvm.mlir.global`: a global variable or constant. */
export const LLVMGlobalOp: OdsOp = defineOp({
  name: 'llvm.mlir.global',
  summary: 'LLVM dialect global.',
  attributes: {
    global_type: TypeAttrC,
    constant: optUnit,
    sym_name: SymbolNameAttr,
    linkage: LinkageAttrC,
    dso_local: optUnit,
    thread_local_: optUnit,
    externally_initialized: optUnit,
    value: optAny,
    alignment: optionalAttr(I64Attr),
    addr_space: defaultValuedAttr(I32Attr, (c) => IntegerAttr.get(IntegerType.get(c, 32), 0)),
    unnamed_addr: optionalAttr(i64EnumAttrC('LLVM GlobalValue UnnamedAddr', 3)),
    section: optionalAttr(StrAttr),
    comdat: optAny,
    dbg_exprs: optAny,
    visibility_: defaultValuedAttr(i64EnumAttrC('LLVM GlobalValue Visibility', 3), (c) => enumIntAttr(c, 64, 0)),
    target_specific_attrs: optAny,
  },
  regions: { initializer: AnyRegion },
  traits: Trait.IsolatedFromAbove | Trait.Symbol,
  implicitTerminatorName: 'llvm.return',
  parse: parseGlobal,
  print: printGlobal,
  verify(op: Operation): LogicalResult {
    const gt = op.getAttr('global_type')
    if (gt instanceof TypeAttr && !isValidGlobalValueType(gt.value)) {
      return op.emitOpError(`expects type to be a valid element type for an LLVM global`).fail()
    }
    if (gt instanceof TypeAttr && gt.value instanceof LLVMTargetExtType) {
      if (!gt.value.canBeGlobal) {
        return op.emitOpError('this target extension type cannot be used in a global').fail()
      }
      if (op.getAttr('value') !== undefined) {
        return op.emitOpError('global with target extension type can only be initialized with zero-initializer').fail()
      }
    }
    const linkage = op.getAttr('linkage')
    const l = linkage instanceof LinkageAttr ? linkage.linkage : 'external'
    const value = op.getAttr('value')
    if (l === 'common' && value !== undefined && !isZeroAttribute(value)) {
      return op.emitOpError("expected zero value for 'common' linkage").fail()
    }
    if (l === 'appending' && !(gt instanceof TypeAttr && gt.value instanceof LLVMArrayType)) {
      return op.emitOpError("expected array type for 'appending' linkage").fail()
    }
    if (!verifyComdatReference(op)) {
      return false
    }
    const alignment = op.getAttr('alignment')
    if (alignment instanceof IntegerAttr) {
      const a = BigInt.asUintN(64, alignment.value)
      if (a === 0n || (a & (a - 1n)) !== 0n) {
        return op.emitError('alignment attribute is not a power of 2').fail()
      }
    }
    return true
  },
  verifyRegions(op: Operation): LogicalResult {
    const init = op.regions[0]!
    if (init.empty) {
      return true
    }
    const ret = init.front.lastOp
    if (ret === null || ret.name.name !== 'llvm.return') {
      return true
    }
    if (ret.operands.length === 0) {
      return op.emitOpError('initializer region cannot return void').fail()
    }
    const gt = op.getAttr('global_type')
    const t = ret.getOperand(0).type
    if (gt instanceof TypeAttr && t !== gt.value) {
      return op.emitOpError(`initializer region type ${quoted(t)} does not match global type ${quoted(gt.value)}`).fail()
    }
    if (!verifyEffectFreeInitializer(op, 'ops with side effects not allowed in global initializers')) {
      return false
    }
    if (op.getAttr('value') !== undefined) {
      return op.emitOpError('cannot have both initializer value and region').fail()
    }
    return true
  },
})

/** The symbol-level ops of the `llvm` dialect. */
export const llvmFuncOps: readonly OdsOp[] = [LLVMFuncOp, LLVMReturnOp, LLVMCallOp, LLVMGlobalOp]

