import {
  attributeNameDialect,
  AnyRegion,
  type Context,
  AnyType,
  ArrayAttr,
  CallableOpInterface,
  CallOpInterface,
  DictArrayAttr,
  DictionaryAttr,
  FlatSymbolRefAttr,
  FunctionOpInterface,
  FunctionType,
  FunctionTypeAttr,
  FunctionTypeC,
  StrAttr,
  StringAttr,
  SymbolNameAttr,
  SymbolRefAttr,
  SymbolTable,
  Trait,
  TypeAttr,
  UnitAttrC,
  defineOp,
  optionalAttr,
  printType,
  resolveOperandList,
  variadic,
  Block,
  type Attribute,
  type Location,
  type OpBuilder,
  type OpSpec,
  type AttrSpec,
  type LogicalResult,
  type NamedAttribute,
  type OdsOp,
  type OpAsmArgument,
  type OpAsmParser,
  type OpAsmPrinter,
  Operation,
  OperationState,
  type Type,
  type Value,
  verifySymbolTrait,
} from '@tilepass/ir'
import { addPatterns, type CanonicalizationPattern, type RewriterLike } from '../internal/RewriterLike.ts'

/** The quoted spelling of `type` as MLIR streams a type into a diagnostic. */
function quoted(type: Type): string {
  return `'${printType(type)}'`
}

/** The `function_type` of a `func.func`-like op (an empty signature when malformed). */
export function getFunctionType(op: Operation): FunctionType {
  return functionTypeIn(op.getAttr('function_type'), op)
}

/** The function type `a` holds, or an empty signature (`op`'s) when it holds none. */
function functionTypeIn(a: Attribute | undefined, op: Operation): FunctionType {
  // Told by constructor (neither class has subclasses): until this code is optimized, an
  // `instanceof` costs a few hundred instructions, and every function asks for its type
  // several times.
  if (a !== undefined && a.constructor === TypeAttr && (a as TypeAttr).value.constructor === FunctionType) {
    return (a as TypeAttr).value as FunctionType
  }
  return FunctionType.get(op.context, [], [])
}

/** The DictionaryAttr entries of `arrayAttr[i]`, or an empty list. */
export function dictAt(arrayAttr: Attribute | undefined, i: number): readonly NamedAttribute[] {
  if (!(arrayAttr instanceof ArrayAttr)) {
    return []
  }
  const d = arrayAttr.elements[i]
  return d instanceof DictionaryAttr ? d.entries : []
}

// ---- func.func custom syntax ------------------------------------------------------------

/** The attributes `printFunctionOp` prints in the signature: the last list made, kept for the next function. */
let lastElided: readonly string[] = []

function elidedFunctionAttrs(typeAttrName: string, argAttrsName: string, resAttrsName: string): readonly string[] {
  const l = lastElided
  if (l.length === 5 && l[2] === typeAttrName && l[3] === argAttrsName && l[4] === resAttrsName) {
    return l
  }
  lastElided = [SymbolTable.symbolAttrName, SymbolTable.visibilityAttrName, typeAttrName, argAttrsName, resAttrsName]
  return lastElided
}

/** The names `printFunctionOp` looks for (read once: a static is a property load each time). */
const SYM_NAME = SymbolTable.symbolAttrName
const SYM_VISIBILITY = SymbolTable.visibilityAttrName

/** The visibility keywords a function may start with. */
const VISIBILITIES: readonly string[] = ['public', 'private', 'nested']

/** ` visibility ` as a function prints it after its op name (the usual keywords without building a string). */
function visibilityText(visibility: string): string {
  return visibility === 'private' ? ' private ' : visibility === 'nested' ? ' nested ' : visibility === 'public' ? ' public ' : ' ' + visibility + ' '
}

/** The attribute list of a result without attributes (shared: the lists are never changed). */
const NO_ATTRS: readonly NamedAttribute[] = Object.freeze([])

/**
 * Prints `[visibility] @name(args) -> results attributes {...} {body}` as MLIR's
 * `function_interface_impl::printFunctionOp`.
 */
export function printFunctionOp(op: Operation, p: OpAsmPrinter, typeAttrName: string, argAttrsName: string, resAttrsName: string): void {
  // One pass over the attributes (inherent ones first, as `getAttr` looks them up, so that
  // the first found wins) finds the ones the signature prints, and whether any other is
  // left for `attributes {...}` (one not in `elidedFunctionAttrs`).
  let vis: Attribute | undefined
  let name: Attribute | undefined
  let typeAttr: Attribute | undefined
  let argAttrsAttr: Attribute | undefined
  let resAttrsAttr: Attribute | undefined
  let others = false
  for (let pass = 0; pass < 2; pass++) {
    const entries = pass === 0 ? op.properties.entries : op.attributes.entries
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!
      const n = e.name
      if (n === SYM_VISIBILITY) {
        vis ??= e.value
      } else if (n === SYM_NAME) {
        name ??= e.value
      } else if (n === typeAttrName) {
        typeAttr ??= e.value
      } else if (n === argAttrsName) {
        argAttrsAttr ??= e.value
      } else if (n === resAttrsName) {
        resAttrsAttr ??= e.value
      } else {
        others = true
      }
    }
  }
  const fnType = functionTypeIn(typeAttr, op)
  // The spaces around the visibility are printed with it: one piece of text rather than
  // three. The classes are told by constructor (neither has subclasses): an `instanceof`
  // costs a few hundred instructions until this code is optimized.
  p.print(vis !== undefined && vis.constructor === StringAttr ? visibilityText((vis as StringAttr).value) : ' ')
  p.printSymbolName(name !== undefined && name.constructor === StringAttr ? (name as StringAttr).value : '')
  const body = op.regions[0]!
  const entry = body.firstBlock
  const isExternal = entry === null
  const argAttrs = argAttrsAttr !== undefined && argAttrsAttr.constructor === ArrayAttr ? (argAttrsAttr as ArrayAttr) : null
  const inputs = fnType.inputs
  p.print('(')
  for (let i = 0; i < inputs.length; i++) {
    if (i > 0) {
      p.print(', ')
    }
    if (entry !== null) {
      p.printRegionArgument(entry.arguments[i]!, argAttrs !== null ? dictAt(argAttrs, i) : undefined)
    } else {
      p.printType(inputs[i]!)
      if (argAttrs !== null) {
        p.printOptionalAttrDict(dictAt(argAttrs, i))
      }
    }
  }
  const results = fnType.results
  if (results.length > 0) {
    p.print(') -> ')
    const resAttrs = resAttrsAttr !== undefined && resAttrsAttr.constructor === ArrayAttr ? (resAttrsAttr as ArrayAttr) : null
    const needsParens = results.length > 1 || results[0]!.constructor === FunctionType || (resAttrs !== null && dictAt(resAttrs, 0).length > 0)
    if (needsParens) {
      p.print('(')
    }
    for (let i = 0; i < results.length; i++) {
      if (i > 0) {
        p.print(', ')
      }
      p.printType(results[i]!)
      if (resAttrs !== null) {
        p.printOptionalAttrDict(dictAt(resAttrs, i))
      }
    }
    if (needsParens) {
      p.print(')')
    }
  } else {
    p.print(')')
  }
  if (others) {
    p.printOptionalAttrDictWithKeyword(op.getAttrs(), elidedFunctionAttrs(typeAttrName, argAttrsName, resAttrsName))
  }
  if (!isExternal) {
    p.print(' ')
    p.printRegion(body, false, true)
  }
}

/** Parses `(` args `)` of a function signature; names must be all present or all absent. */
export function parseFunctionArgumentList(parser: OpAsmParser, args: OpAsmArgument[]): boolean {
  if (!parser.parseLParen()) {
    return false
  }
  if (parser.parseOptionalRParen()) {
    return true
  }
  do {
    // An offset: its location is made only for an error.
    const at = parser.getCurrentOffset()
    const arg = parser.parseOptionalArgument(true, true)
    if (arg === undefined) {
      return false
    }
    if (arg !== null) {
      const prev = args[args.length - 1]
      if (prev !== undefined && prev.ssaName.name === '') {
        parser.emitError(parser.getLocationAt(at), 'expected type instead of SSA identifier').report()
        return false
      }
      args.push(arg)
      continue
    }
    const prev = args[args.length - 1]
    if (prev !== undefined && prev.ssaName.name !== '') {
      parser.emitError(parser.getLocationAt(at), 'expected SSA identifier').report()
      return false
    }
    const type = parser.parseType()
    if (type === undefined) {
      return false
    }
    const attrs: NamedAttribute[] = []
    if (!parser.parseOptionalAttrDict(attrs)) {
      return false
    }
    const sourceLoc = parser.parseOptionalLocationSpecifier()
    if (sourceLoc === undefined) {
      return false
    }
    args.push({ ssaName: { name: '', number: 0, location: parser.getLocationAt(at) }, type, attrs, sourceLoc })
  } while (parser.parseOptionalComma())
  if (!parser.parseOptionalRParen()) {
    parser.emitError(parser.getCurrentLocation(), "expected ')' in argument list").report()
    return false
  }
  return true
}

/** Parses a function result list: `type`, `()` or `(type {attrs}, ...)` (shared with llvm.func). */
export function parseFunctionResultList(parser: OpAsmParser, types: Type[], attrs: (readonly NamedAttribute[])[]): boolean {
  if (!parser.parseOptionalLParen()) {
    const t = parser.parseType()
    if (t === undefined) {
      return false
    }
    types.push(t)
    attrs.push(NO_ATTRS)
    return true
  }
  if (parser.parseOptionalRParen()) {
    return true
  }
  do {
    const t = parser.parseType()
    if (t === undefined) {
      return false
    }
    const a: NamedAttribute[] = []
    if (!parser.parseOptionalAttrDict(a)) {
      return false
    }
    types.push(t)
    attrs.push(a)
  } while (parser.parseOptionalComma())
  return parser.parseRParen()
}

/** The `arg_attrs`/`res_attrs` array of per-argument dictionaries; null when all are empty (shared with llvm.func). */
export function argAttrArray(ctx: Context, lists: readonly (readonly NamedAttribute[] | null)[]): ArrayAttr | null {
  let any = false
  for (let i = 0; i < lists.length; i++) {
    const l = lists[i]
    if (l !== null && l !== undefined && l.length > 0) {
      any = true
      break
    }
  }
  if (!any) {
    return null
  }
  return ArrayAttr.get(
    ctx,
    lists.map((l) => DictionaryAttr.get(ctx, l ?? [])),
  )
}

/** Whether some argument of `args` has attributes. */
function anyArgAttrs(args: readonly OpAsmArgument[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!.attrs
    if (a !== null && a.length > 0) {
      return true
    }
  }
  return false
}

/** Parses the custom form of a `func.func`-like op, as MLIR's `function_interface_impl::parseFunctionOp`. */
export function parseFunctionOp(parser: OpAsmParser, state: OperationState, typeAttrName: string, argAttrsName: string, resAttrsName: string): LogicalResult {
  const vis = parser.parseOptionalKeywordOneOf(VISIBILITIES)
  const visAttr = vis !== undefined ? StringAttr.get(parser.context, vis) : null
  const name = parser.parseSymbolName()
  if (name === undefined) {
    return false
  }
  const nameAttr = StringAttr.get(parser.context, name)
  const args: OpAsmArgument[] = []
  if (!parseFunctionArgumentList(parser, args)) {
    return false
  }
  const resultTypes: Type[] = []
  const resultAttrs: (readonly NamedAttribute[])[] = []
  if (parser.parseOptionalArrow() && !parseFunctionResultList(parser, resultTypes, resultAttrs)) {
    return false
  }
  const argTypes: Type[] = []
  for (let i = 0; i < args.length; i++) {
    argTypes.push(args[i]!.type!)
  }
  // Added in the order of their names (`function_type`, `sym_name`, `sym_visibility`), the
  // order of the op's dictionary: `Operation.create` then need not sort them.
  state.addAttribute(typeAttrName, TypeAttr.get(FunctionType.get(parser.context, argTypes, resultTypes)))
  state.addAttribute(SYM_NAME, nameAttr)
  if (visAttr !== null) {
    state.addAttribute(SYM_VISIBILITY, visAttr)
  }
  const attrOffset = parser.getCurrentOffset()
  const parsed: NamedAttribute[] = []
  if (!parser.parseOptionalAttrDictWithKeyword(parsed)) {
    return false
  }
  if (parsed.length > 0) {
    for (const disallowed of [SymbolTable.visibilityAttrName, SymbolTable.symbolAttrName, typeAttrName]) {
      if (parsed.some((a) => a.name === disallowed)) {
        parser.emitError(parser.getLocationAt(attrOffset), `'${disallowed}' is an inferred attribute and should not be specified in the explicit attribute dictionary`).report()
        return false
      }
    }
    for (const a of parsed) {
      state.addAttribute(a.name, a.value)
    }
  }
  if (anyArgAttrs(args)) {
    const argArray = argAttrArray(
      parser.context,
      args.map((a) => a.attrs),
    )
    if (argArray !== null) {
      state.addAttribute(argAttrsName, argArray)
    }
  }
  const resArray = argAttrArray(parser.context, resultAttrs)
  if (resArray !== null) {
    state.addAttribute(resAttrsName, resArray)
  }
  const body = state.addRegion()
  const bodyOffset = parser.getCurrentOffset()
  const r = parser.parseOptionalRegion(body, args, false)
  if (r !== null) {
    if (!r) {
      return false
    }
    if (body.empty) {
      parser.emitError(parser.getLocationAt(bodyOffset), 'expected non-empty function body').report()
      return false
    }
  }
  return true
}

/**
 * FunctionOpInterface's verifier (`function_interface_impl::verifyTrait` and the body
 * check): argument/result attribute arrays and the entry block signature.
 */
export function verifyFunctionLike(op: Operation, argAttrsName: string, resAttrsName: string): LogicalResult {
  // SymbolOpInterface, a base interface of FunctionOpInterface, is verified first.
  if (!verifySymbolTrait(op)) {
    return false
  }
  // The signature and the argument and result attribute arrays, which most functions lack,
  // found in one pass over the inherent attributes: a lookup per name scans them again, and
  // one that misses scans the discardable attributes too.
  let typeAttr: Attribute | undefined
  let argAttrs: Attribute | undefined
  let resAttrs: Attribute | undefined
  const inherent = op.properties.entries
  for (let i = 0; i < inherent.length; i++) {
    const e = inherent[i]!
    const name = e.name
    if (name === 'function_type') {
      typeAttr = e.value
    } else if (name === argAttrsName) {
      argAttrs = e.value
    } else if (name === resAttrsName) {
      resAttrs = e.value
    }
  }
  const discardable = op.attributes
  if (discardable.entries.length !== 0) {
    // As `op.getAttr`, a name the inherent attributes lack is looked up in the discardable ones.
    typeAttr ??= discardable.get('function_type')
    argAttrs ??= discardable.get(argAttrsName)
    resAttrs ??= discardable.get(resAttrsName)
  }
  const fnType = functionTypeIn(typeAttr, op)
  const inputs = fnType.inputs
  if (!checkFunctionAttrArray(op, argAttrs, inputs.length, 'argument')) {
    return false
  }
  if (!checkFunctionAttrArray(op, resAttrs, fnType.results.length, 'result')) {
    return false
  }
  // Fields read once: in the cold code that verifies a parsed module, each getter is a call.
  const regions = op.regions
  if (regions.length !== 1) {
    return op.emitOpError('expects one region').fail()
  }
  const entry = regions[0]!.firstBlock
  if (entry === null) {
    return true
  }
  const args = entry.arguments
  if (args.length !== inputs.length) {
    return op.emitOpError(`entry block must have ${inputs.length} arguments to match function signature`).fail()
  }
  for (let i = 0; i < inputs.length; i++) {
    const argType = args[i]!.type
    if (argType !== inputs[i]) {
      return op
        .emitOpError(
          `type of entry block argument #${i}(${quoted(argType)}) must match the type of the corresponding argument in function signature(${quoted(inputs[i]!)})`,
        )
        .fail()
    }
  }
  return true
}

/** The per-argument (or per-result) attribute dictionaries `all` of a function op (its attribute, if any), against `count`. */
function checkFunctionAttrArray(op: Operation, all: Attribute | undefined, count: number, what: 'argument' | 'result'): boolean {
  // Most functions have none: told without an `instanceof`.
  if (all === undefined || !(all instanceof ArrayAttr)) {
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
  let index = 0
  for (const d of all.elements) {
    if (!(d instanceof DictionaryAttr)) {
      return op.emitOpError(`expects ${what} attribute dictionary to be a DictionaryAttr`).fail()
    }
    for (const e of d.entries) {
      if (!e.name.includes('.')) {
        return op.emitOpError(`${plural} may only have dialect attributes`).fail()
      }
      const dialect = attributeNameDialect(op.context, e.name)?.def
      const hook = what === 'argument' ? dialect?.verifyRegionArgAttribute : dialect?.verifyRegionResultAttribute
      if (hook !== undefined && !hook(op, 0, index, e)) {
        return false
      }
    }
    index++
  }
  return true
}

function symbolName(op: Operation): string {
  return SymbolTable.getSymbolName(op) ?? ''
}

/** FunctionOpInterface and CallableOpInterface of a `func.func`-like op with `function_type` and one body region. */
export const functionLikeInterfaces: readonly [ReturnType<typeof FunctionOpInterface.impl>, ReturnType<typeof CallableOpInterface.impl>] = [
  FunctionOpInterface.impl({
    getFunctionType,
    setFunctionType: (op: Operation, type: FunctionType) => op.setAttr('function_type', TypeAttr.get(type)),
    getFunctionBody: (op: Operation) => op.regions[0]!,
  }),
  CallableOpInterface.impl({
    getCallableRegion: (op: Operation) => (op.regions[0]!.empty ? null : op.regions[0]!),
    getArgumentTypes: (op: Operation) => getFunctionType(op).inputs,
    getResultTypes: (op: Operation) => getFunctionType(op).results,
  }),
]

// ---- ops ----------------------------------------------------------------------------------

/** The attributes of a function-like op under MLIR's standard names (`sym_name`, `function_type`, ...). */
export const functionOpAttributes: Readonly<Record<'sym_name' | 'function_type' | 'sym_visibility' | 'arg_attrs' | 'res_attrs', AttrSpec>> = {
  sym_name: SymbolNameAttr,
  function_type: FunctionTypeAttr,
  sym_visibility: optionalAttr(StrAttr),
  arg_attrs: optionalAttr(DictArrayAttr),
  res_attrs: optionalAttr(DictArrayAttr),
}

/** The custom form of a function-like op with the standard attribute names (`parseFunctionOp`/`printFunctionOp`). */
export const functionOpAsm: Pick<OpSpec, 'parse' | 'print' | 'printsOnlyOwnElements'> = {
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    return parseFunctionOp(parser, state, 'function_type', 'arg_attrs', 'res_attrs')
  },
  print(op: Operation, printer: OpAsmPrinter): void {
    printFunctionOp(op, printer, 'function_type', 'arg_attrs', 'res_attrs')
  },
  // The signature's types and attributes come from the op's own attributes.
  printsOnlyOwnElements: true,
}


/** `func.func`: a function with a name, a signature and an optional body. */
export const FuncOp: OdsOp = defineOp({
  name: 'func.func',
  summary: 'An operation with a name containing a single `SSACFG` region',
  attributes: { ...functionOpAttributes, no_inline: optionalAttr(UnitAttrC) },
  regions: { body: AnyRegion },
  traits: Trait.AffineScope | Trait.AutomaticAllocationScope | Trait.IsolatedFromAbove | Trait.Symbol,
  interfaces: functionLikeInterfaces,
  defaultDialect: 'func',
  ...functionOpAsm,
  verify(op: Operation): LogicalResult {
    if (!verifyFunctionLike(op, 'arg_attrs', 'res_attrs')) {
      return false
    }
    if (op.regions[0]!.firstBlock === null && SymbolTable.getSymbolVisibility(op) === 'public') {
      return op.emitOpError('symbol declaration cannot have public visibility').fail()
    }
    return true
  },
})

/** `func.return`: returns from the enclosing `func.func`. */
export const ReturnOp: OdsOp = defineOp({
  name: 'func.return',
  summary: 'Function return operation',
  operands: { operands: variadic(AnyType) },
  traits: Trait.Pure | Trait.ReturnLike | Trait.IsTerminator,
  parentOpNames: ['func.func'],
  assemblyFormat: 'attr-dict ($operands^ `:` type($operands))?',
  verify(op: Operation): LogicalResult {
    const fn = op.parentOp
    if (fn === null || fn.name.name !== 'func.func') {
      return true
    }
    const results = getFunctionType(fn).results
    const operands = op.operands
    if (operands.length !== results.length) {
      return op.emitOpError(`has ${operands.length} operands, but enclosing function (@${symbolName(fn)}) returns ${results.length}`).fail()
    }
    for (let i = 0; i < results.length; i++) {
      const t = operands[i]!.value.type
      if (t !== results[i]) {
        return op
          .emitError(`type of return operand ${i} (${quoted(t)}) doesn't match function result type (${quoted(results[i]!)}) in function @${symbolName(fn)}`)
          .fail()
      }
    }
    return true
  },
})

/**
 * Checks a direct call against the signature of the `calleeOpName` function it names
 * (SymbolUserOpInterface, as `func.call` and `async.call` do); `what` names the callee kind
 * in the message for a symbol that is not one.
 */
export function verifyDirectCallSymbolUse(op: Operation, calleeOpName: string, what: string): LogicalResult {
  const callee = op.getAttr('callee')
  // Told by constructor first, as `functionTypeIn` tells its attribute.
  if (callee === undefined || (callee.constructor !== SymbolRefAttr && !(callee instanceof SymbolRefAttr))) {
    return op.emitOpError("requires a 'callee' symbol reference attribute").fail()
  }
  const fn = SymbolTable.lookupNearestSymbolFrom(op, callee)
  if (fn === undefined || fn.name.name !== calleeOpName) {
    return op.emitOpError(`'${callee.leafReference}' does not reference a valid ${what}`).fail()
  }
  const fnType = getFunctionType(fn)
  const inputs = fnType.inputs
  const operands = op.operands
  if (inputs.length !== operands.length) {
    return op.emitOpError('incorrect number of operands for callee').fail()
  }
  for (let i = 0; i < inputs.length; i++) {
    const t = operands[i]!.value.type
    if (t !== inputs[i]) {
      return op
        .emitOpError(`operand type mismatch: expected operand type ${quoted(inputs[i]!)}, but provided ${quoted(t)} for operand number ${i}`)
        .fail()
    }
  }
  const results = fnType.results
  if (results.length !== op.results.length) {
    return op.emitOpError('incorrect number of results for callee').fail()
  }
  for (let i = 0; i < results.length; i++) {
    if (op.results[i]!.type !== results[i]) {
      return op
        .emitOpError(`result type mismatch at index ${i}`)
        .attachNote(`      op result types: ${op.results.map((r) => quoted(r.type)).join(', ')}`)
        .attachNote(`function result types: ${fnType.results.map(quoted).join(', ')}`)
        .fail()
    }
  }
  return true
}

/** The CallOpInterface of a direct call whose operands are all arguments (`func.call`, `async.call`). */
export const directCallInterface: ReturnType<typeof CallOpInterface.impl> = CallOpInterface.impl({
  getCallee: (op: Operation) => op.getAttr('callee') as SymbolRefAttr,
  getArgOperands: (op: Operation) => op.getOperands(),
})

/** `func.call`: a direct call to a function named by a flat symbol reference. */
export const CallOp: OdsOp = defineOp({
  name: 'func.call',
  summary: 'call operation',
  operands: { operands: variadic(AnyType) },
  results: { results: variadic(AnyType) },
  attributes: {
    callee: FlatSymbolRefAttr,
    arg_attrs: optionalAttr(DictArrayAttr),
    res_attrs: optionalAttr(DictArrayAttr),
    no_inline: optionalAttr(UnitAttrC),
  },
  interfaces: [directCallInterface],
  assemblyFormat: '$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)',
  verifySymbolUses: (op: Operation) => verifyDirectCallSymbolUse(op, 'func.func', 'function'),
})

/** `func.call_indirect` of a `func.constant` becomes a direct `func.call` of that symbol. */
const SimplifyIndirectCallWithKnownCallee: CanonicalizationPattern = {
  name: 'SimplifyIndirectCallWithKnownCallee',
  // A function pattern upstream: it has no debug name that enable/disable-patterns can match.
  debugName: '',
  rootName: 'func.call_indirect',
  benefit: 1,
  matchAndRewrite(op: Operation, rewriter: RewriterLike): boolean {
    const def = op.getOperand(0).definingOp
    const callee = def !== null && def.name.name === 'func.constant' ? def.getAttr('value') : undefined
    if (!(callee instanceof SymbolRefAttr)) {
      return false
    }
    const state = new OperationState(op.location, rewriter.context.getOperationName('func.call'))
    state.addOperands(op.getOperands().slice(1))
    state.addTypes(op.resultTypes)
    state.addAttribute('callee', callee)
    rewriter.setInsertionPoint(op)
    const call = rewriter.insert(Operation.create(state))
    rewriter.replaceOp(op, call.results)
    return true
  },
}

/** `func.call_indirect`: a call through a function-typed SSA value. */
export const CallIndirectOp: OdsOp = defineOp({
  name: 'func.call_indirect',
  summary: 'indirect call operation',
  operands: { callee: FunctionTypeC, callee_operands: variadic(AnyType) },
  results: { results: variadic(AnyType) },
  attributes: {
    arg_attrs: optionalAttr(DictArrayAttr),
    res_attrs: optionalAttr(DictArrayAttr),
  },
  interfaces: [
    CallOpInterface.impl({
      getCallee: (op: Operation) => op.getOperand(0),
      getArgOperands: (op: Operation) => op.getOperands().slice(1),
    }),
  ],
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [SimplifyIndirectCallWithKnownCallee])
  },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    // Offsets: their locations are made only for an error.
    const calleeOffset = parser.getCurrentOffset()
    const callee = parser.parseOperand()
    if (callee === undefined || !parser.parseLParen()) {
      return false
    }
    const argsOffset = parser.getCurrentOffset()
    const args = parser.parseOperandList('none')
    if (args === undefined || !parser.parseRParen()) {
      return false
    }
    if (!parser.parseOptionalAttrDict(state.attributes) || !parser.parseColon()) {
      return false
    }
    const typeOffset = parser.getCurrentOffset()
    const t = parser.parseType()
    if (t === undefined) {
      return false
    }
    if (!(t instanceof FunctionType)) {
      parser.emitError(parser.getLocationAt(typeOffset), `invalid kind of type specified: expected builtin.function, but found '${printType(t)}'`).report()
      return false
    }
    if (!resolveOperandList(parser, [callee], [t], calleeOffset, state.operands)) {
      return false
    }
    if (!resolveOperandList(parser, args, [...t.inputs], argsOffset, state.operands)) {
      return false
    }
    state.addTypes(t.results)
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print('(')
    p.printOperands(op.getOperands().slice(1))
    p.print(')')
    p.printOptionalAttrDict(op.getAttrs())
    p.print(' : ')
    p.printType(op.getOperand(0).type)
  },
  verify(op: Operation): LogicalResult {
    const t = op.getOperand(0).type
    if (!(t instanceof FunctionType)) {
      return true
    }
    const args = op.getOperands().slice(1)
    if (t.inputs.length !== args.length || t.inputs.some((x, i) => x !== args[i]!.type)) {
      return op.emitOpError("failed to verify that callee input types match argument types").fail()
    }
    if (t.results.length !== op.results.length || t.results.some((x, i) => x !== op.results[i]!.type)) {
      return op.emitOpError("failed to verify that callee result types match result types").fail()
    }
    return true
  },
})

/** `func.constant`: materializes a function symbol as an SSA value of function type. */
export const ConstantOp: OdsOp = defineOp({
  name: 'func.constant',
  summary: 'constant',
  results: { result: AnyType },
  attributes: { value: FlatSymbolRefAttr },
  traits: Trait.ConstantLike | Trait.Pure,
  getAsmResultNames(op: Operation, setName: (value: Value, name: string) => void): void {
    setName(op.results[0]!, 'f')
  },
  assemblyFormat: 'attr-dict $value `:` type(results)',
  verifySymbolUses(op: Operation): LogicalResult {
    const ref = op.getAttr('value')
    const name = ref instanceof SymbolRefAttr ? ref.leafReference : ''
    const fn = ref instanceof SymbolRefAttr ? SymbolTable.lookupNearestSymbolFrom(op, ref) : undefined
    if (fn === undefined || fn.name.name !== 'func.func') {
      return op.emitOpError(`reference to undefined function '${name}'`).fail()
    }
    if (getFunctionType(fn) !== op.results[0]!.type) {
      return op.emitOpError('reference to function with mismatched type').fail()
    }
    return true
  },
  fold(op: Operation): readonly Attribute[] | undefined {
    const v = op.getAttr('value')
    return v === undefined ? undefined : [v]
  },
})

/** Options of `buildFuncOp`. */
export interface BuildFuncOptions {
  /** `private` or `nested`; public when absent. */
  readonly visibility?: 'private' | 'nested'
  /** Create the entry block with one argument per input (default true; false makes a declaration). */
  readonly withBody?: boolean
  /** Locations of the entry block arguments (default: the op location). */
  readonly argLocations?: readonly Location[]
}

/**
 * Creates `func.func @name` of type `type` at `builder`'s insertion point, with an entry
 * block whose arguments match the inputs unless `withBody` is false. The insertion point
 * is left unchanged.
 */
export function buildFuncOp(builder: OpBuilder, loc: Location, name: string, type: FunctionType, options: BuildFuncOptions = {}): Operation {
  const ctx = builder.context
  const op = FuncOp.build(builder, loc, {
    attributes: {
      sym_name: StringAttr.get(ctx, name),
      function_type: TypeAttr.get(type),
      sym_visibility: options.visibility !== undefined ? StringAttr.get(ctx, options.visibility) : undefined,
    },
  })
  if (options.withBody !== false) {
    const entry = new Block()
    for (let i = 0; i < type.inputs.length; i++) {
      entry.addArgument(type.inputs[i]!, options.argLocations?.[i] ?? loc)
    }
    op.regions[0]!.push(entry)
  }
  return op
}

/** Creates `func.call @callee(operands)` returning `resultTypes` at `builder`'s insertion point. */
export function buildCallOp(builder: OpBuilder, loc: Location, callee: string | SymbolRefAttr, resultTypes: readonly Type[], operands: readonly Value[]): Operation {
  const ref = typeof callee === 'string' ? SymbolRefAttr.get(builder.context, callee) : callee
  return CallOp.build(builder, loc, { operands: { operands }, results: { results: resultTypes }, attributes: { callee: ref } })
}

/** The ops of the `func` dialect. */
export const funcOps: readonly OdsOp[] = [FuncOp, ReturnOp, CallOp, CallIndirectOp, ConstantOp]
