/**
 * Hand-written parsers and printers of the cuda_tile ops whose syntax the assembly-format
 * language cannot express (`entry`, `testing$func`, `for`, `loop`, the view ops, ...), by
 * op name. Syntax as cuda-tile-opt reads and prints it.
 */
import {
  ArrayAttr,
  Block,
  DenseArrayAttr,
  DictionaryAttr,
  FunctionType,
  IntegerAttr,
  IntegerType,
  Operation,
  OperationState,
  StringAttr,
  Trait,
  TypeAttr,
  UnitAttr,
  kDynamic,
  type Location,
  type NamedAttribute,
  type OpAsmArgument,
  type OpAsmParser,
  type OpAsmPrinter,
  type OpSpec,
  type Region,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { parseCudaTileArgumentTail } from './CudaTileDirectives.ts'
import { OptimizationHintsAttr, parseOptimizationHintsBody, printOptimizationHintsBody } from './CudaTileAttributes.ts'
import { AtomicRMWModeNames, MemoryOrderingNames, MemoryScopeNames } from './CudaTileEnums.ts'
import {
  GatherScatterViewType,
  PartitionViewType,
  PointerType,
  StridedViewType,
  TensorViewType,
  TileType,
  TileViewType,
  TokenType,
  parseCudaTileType,
  printCudaTileType,
  typeText,
} from './CudaTileTypes.ts'

type CustomHooks = Pick<OpSpec, 'parse' | 'print' | 'getAsmResultNames' | 'getAsmBlockArgumentNames'>

/** Appends the operand-less implicit terminator `name` when `region`'s block lacks a terminator. */
export function ensureTerminator(region: Region, loc: Location, name: string): void {
  let block = region.firstBlock
  if (block === null) {
    block = new Block()
    region.push(block)
  }
  const last = block.lastOp
  if (last !== null && last.hasTrait(Trait.IsTerminator)) {
    return
  }
  block.append(Operation.create(new OperationState(loc, loc.context.getOperationName(name))))
}

function i32(parser: OpAsmParser, v: number): IntegerAttr {
  return IntegerAttr.get(IntegerType.get(parser.context, 32), v)
}

function parseTypeList(parser: OpAsmParser, out: Type[]): boolean {
  do {
    const t = parseCudaTileType(parser)
    if (t === undefined) {
      return false
    }
    out.push(t)
  } while (parser.parseOptionalComma())
  return true
}

function printTypeList(printer: OpAsmPrinter, types: readonly Type[]): void {
  for (let i = 0; i < types.length; i++) {
    if (i > 0) {
      printer.print(', ')
    }
    printCudaTileType(printer, types[i]!)
  }
}

// ---- functions --------------------------------------------------------------------------

/** Parses `(%a: type {attrs}, ...) [-> type | -> (types)]` with cuda_tile type spelling. */
function parseSignature(parser: OpAsmParser, args: OpAsmArgument[], results: Type[]): boolean {
  if (!parser.parseLParen()) {
    return false
  }
  if (!parser.parseOptionalRParen()) {
    do {
      const loc = parser.getCurrentLocation()
      const name = parser.parseOptionalOperand()
      if (name === undefined) {
        return false
      }
      const hasName = name !== null
      if (args.length > 0) {
        const prevHasName = args[args.length - 1]!.ssaName.name !== ''
        if (hasName !== prevHasName) {
          parser.emitError(loc, hasName ? 'expected type instead of SSA identifier' : 'expected SSA identifier').report()
          return false
        }
      }
      if (hasName && !parser.parseColon()) {
        return false
      }
      const arg = parseCudaTileArgumentTail(parser, name ?? { name: '', number: 0, location: loc })
      if (arg === null) {
        return false
      }
      args.push(arg)
    } while (parser.parseOptionalComma())
    if (!parser.parseRParen()) {
      return false
    }
  }
  if (parser.parseOptionalArrow()) {
    if (!parser.parseOptionalLParen()) {
      const t = parseCudaTileType(parser)
      if (t === undefined) {
        return false
      }
      results.push(t)
    } else if (!parser.parseOptionalRParen()) {
      do {
        const t = parseCudaTileType(parser)
        if (t === undefined) {
          return false
        }
        const attrs: NamedAttribute[] = []
        if (!parser.parseOptionalAttrDict(attrs)) {
          return false
        }
        results.push(t)
      } while (parser.parseOptionalComma())
      if (!parser.parseRParen()) {
        return false
      }
    }
  }
  return true
}

function printSignature(printer: OpAsmPrinter, op: Operation, type: FunctionType): void {
  printer.print('(')
  const region = op.regions[0]!
  const entry = region.firstBlock
  for (let i = 0; i < type.inputs.length; i++) {
    if (i > 0) {
      printer.print(', ')
    }
    if (entry !== null) {
      printer.printOperand(entry.arguments[i]!)
    }
    printer.print(': ')
    printCudaTileType(printer, type.inputs[i]!)
  }
  printer.print(')')
  if (type.results.length > 0) {
    printer.print(' -> ')
    if (type.results.length === 1) {
      printCudaTileType(printer, type.results[0]!)
    } else {
      printer.print('(')
      printTypeList(printer, type.results)
      printer.print(')')
    }
  }
}

function parseFunctionLike(parser: OpAsmParser, state: OperationState, withHints: boolean): boolean {
  const name = parser.parseSymbolName()
  if (name === undefined) {
    return false
  }
  state.addAttribute('sym_name', StringAttr.get(parser.context, name))
  const args: OpAsmArgument[] = []
  const results: Type[] = []
  if (!parseSignature(parser, args, results)) {
    return false
  }
  state.addAttribute('function_type', TypeAttr.get(FunctionType.get(parser.context, args.map((a) => a.type!), results)))
  state.addAttribute('arg_attrs', ArrayAttr.get(parser.context, args.map((a) => DictionaryAttr.get(parser.context, a.attrs ?? []))))
  if (withHints && parser.parseOptionalKeyword('optimization_hints')) {
    if (!parser.parseEqual()) {
      return false
    }
    const hints = parseOptimizationHintsBody(parser)
    if (hints === undefined) {
      return false
    }
    state.addAttribute('optimization_hints', hints)
  }
  const body = state.addRegion()
  if (!parser.parseRegion(body, args, false)) {
    return false
  }
  ensureTerminator(body, state.location, 'cuda_tile.return')
  return parser.parseOptionalAttrDict(state.attributes)
}

function printFunctionLike(op: Operation, printer: OpAsmPrinter, withHints: boolean): void {
  printer.print(' ')
  printer.printSymbolName((op.getAttr('sym_name') as StringAttr).value)
  printSignature(printer, op, (op.getAttr('function_type') as TypeAttr).value as FunctionType)
  const hints = op.getAttr('optimization_hints')
  if (withHints && hints instanceof OptimizationHintsAttr && hints.entries.length > 0) {
    printer.print(' optimization_hints=')
    printOptimizationHintsBody(hints, printer)
  }
  printer.print(' ')
  printer.printRegion(op.regions[0]!, false, true, false)
  printer.printOptionalAttrDict(op.getAttrs(), ['arg_attrs', 'function_type', 'sym_name', 'res_attrs', 'optimization_hints'])
}

// ---- loops --------------------------------------------------------------------------

function printIterValues(printer: OpAsmPrinter, regionArgs: readonly Value[], inits: readonly Value[]): void {
  printer.print('iter_values(')
  for (let i = 0; i < inits.length; i++) {
    if (i > 0) {
      printer.print(', ')
    }
    printer.printOperand(regionArgs[i]!)
    printer.print(' = ')
    printer.printOperand(inits[i]!)
  }
  printer.print(')')
}

function printLoopRegion(printer: OpAsmPrinter, region: Region): void {
  const term = region.firstBlock?.lastOp ?? null
  const printTerms = term === null || term.numOperands !== 0 || term.name.name !== 'cuda_tile.continue'
  printer.printRegion(region, false, printTerms)
}

const ForHooks: CustomHooks = {
  parse(parser, state) {
    if (parser.parseOptionalKeyword('unsigned')) {
      state.addAttribute('unsignedCmp', UnitAttr.get(parser.context))
    }
    const iv = parser.parseOperand()
    if (iv === undefined || !parser.parseKeyword('in') || !parser.parseLParen()) {
      return false
    }
    const lb = parser.parseOperand()
    if (lb === undefined || !parser.parseKeyword('to')) {
      return false
    }
    const ub = parser.parseOperand()
    if (ub === undefined || !parser.parseComma() || !parser.parseKeyword('step')) {
      return false
    }
    const step = parser.parseOperand()
    if (step === undefined || !parser.parseRParen() || !parser.parseColon()) {
      return false
    }
    const ivType = parseCudaTileType(parser)
    if (ivType === undefined) {
      return false
    }
    const regionArgs: OpAsmArgument[] = [{ ssaName: iv, type: ivType, attrs: null, sourceLoc: null }]
    const inits: UnresolvedOperand[] = []
    if (parser.parseOptionalKeyword('iter_values')) {
      if (!parser.parseAssignmentList(regionArgs, inits) || !parser.parseArrow() || !parser.parseLParen() || !parseTypeList(parser, state.types) || !parser.parseRParen()) {
        return false
      }
      if (inits.length !== state.types.length) {
        parser.emitError(parser.getNameLoc(), 'mismatch in number of loop-carried values and defined values').report()
        return false
      }
      for (let i = 1; i < regionArgs.length; i++) {
        regionArgs[i]!.type = state.types[i - 1]!
      }
    }
    const region = state.addRegion()
    if (!parser.parseRegion(region, regionArgs)) {
      return false
    }
    ensureTerminator(region, state.location, 'cuda_tile.continue')
    if (!parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    return parser.resolveOperands([lb, ub, step], ivType, parser.getNameLoc(), state.operands) && parser.resolveOperands(inits, state.types, parser.getNameLoc(), state.operands)
  },
  print(op, printer) {
    const region = op.regions[0]!
    const args = region.firstBlock?.arguments ?? []
    if (op.getAttr('unsignedCmp') !== undefined) {
      printer.print(' unsigned')
    }
    printer.print(' ')
    printer.printOperand(args[0]!)
    printer.print(' in (')
    printer.printOperand(op.getOperand(0))
    printer.print(' to ')
    printer.printOperand(op.getOperand(1))
    printer.print(', step ')
    printer.printOperand(op.getOperand(2))
    printer.print(') : ')
    printCudaTileType(printer, args[0]!.type)
    printer.print(' ')
    const inits = op.getOperands().slice(3)
    if (inits.length > 0) {
      printIterValues(printer, args.slice(1), inits)
      printer.print(' -> (')
      printTypeList(printer, inits.map((v) => v.type))
      printer.print(') ')
    }
    printLoopRegion(printer, region)
    printer.printOptionalAttrDict(op.getAttrs(), ['unsignedCmp'])
  },
  getAsmResultNames(op, setName) {
    if (op.numResults > 0) {
      setName(op.results[0]!, 'for')
    }
  },
  getAsmBlockArgumentNames(_op, region, setName) {
    const args = region.firstBlock?.arguments ?? []
    if (args.length > 0) {
      setName(args[0]!, 'loopIdx')
    }
    for (let i = 1; i < args.length; i++) {
      setName(args[i]!, `iterArg${i - 1}`)
    }
  },
}

const LoopHooks: CustomHooks = {
  parse(parser, state) {
    const regionArgs: OpAsmArgument[] = []
    const inits: UnresolvedOperand[] = []
    const iterTypes: Type[] = []
    if (!parser.parseOptionalKeyword('iter_values')) {
      if (parser.parseOptionalColon() && !parseTypeList(parser, state.types)) {
        return false
      }
    } else {
      if (!parser.parseAssignmentList(regionArgs, inits) || !parser.parseColon() || !parseTypeList(parser, iterTypes)) {
        return false
      }
      if (regionArgs.length !== iterTypes.length) {
        parser.emitError(parser.getCurrentLocation(), 'found different number of iter_values and types').report()
        return false
      }
      if (parser.parseOptionalArrow() && !parseTypeList(parser, state.types)) {
        return false
      }
      for (let i = 0; i < regionArgs.length; i++) {
        regionArgs[i]!.type = iterTypes[i]!
      }
    }
    const region = state.addRegion()
    if (!parser.parseRegion(region, regionArgs)) {
      return false
    }
    ensureTerminator(region, state.location, 'cuda_tile.continue')
    if (!parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    return parser.resolveOperands(inits, iterTypes, parser.getNameLoc(), state.operands)
  },
  print(op, printer) {
    printer.print(' ')
    const region = op.regions[0]!
    const inits = op.getOperands()
    const hasIters = inits.length > 0
    const hasReturn = op.numResults > 0
    if (hasIters) {
      printIterValues(printer, region.firstBlock?.arguments ?? [], inits)
      printer.print(' ')
    }
    if (hasIters || hasReturn) {
      printer.print(': ')
    }
    if (hasIters) {
      printTypeList(printer, inits.map((v) => v.type))
      printer.print(' ')
      if (hasReturn) {
        printer.print('-> ')
      }
    }
    if (hasReturn) {
      printTypeList(printer, op.resultTypes)
      printer.print(' ')
    }
    printLoopRegion(printer, region)
    printer.printOptionalAttrDict(op.getAttrs())
  },
}

// ---- views -------------------------------------------------------------------------

/** `weak` / `relaxed device` ...: the memory ordering and optional scope. */
function parseMemoryAttributes(parser: OpAsmParser, state: OperationState): boolean {
  const loc = parser.getCurrentLocation()
  const sem = parser.parseOptionalKeywordAny() ?? ''
  const semIdx = MemoryOrderingNames.indexOf(sem)
  if (semIdx < 0) {
    parser.emitError(loc, `invalid memory_ordering_semantics attribute specification. Got "${sem}" but expect one of: weak, relaxed, acquire, release, acq_rel`).report()
    return false
  }
  state.addAttribute('memory_ordering_semantics', i32(parser, semIdx))
  const scopeLoc = parser.getCurrentLocation()
  const kw = parser.parseOptionalKeywordAny()
  if (kw !== undefined) {
    if (semIdx === 0) {
      parser.emitError(scopeLoc, `operation specifies weak memory ordering semantics, but then provides "${kw}" scope, expected no memory scope.`).report()
      return false
    }
    const scope = MemoryScopeNames.indexOf(kw)
    if (scope < 0) {
      parser.emitError(scopeLoc, `invalid memory_scope attribute specification. Got "${kw}" but expect one of: tl_blk, device, sys`).report()
      return false
    }
    state.addAttribute('memory_scope', i32(parser, scope))
  }
  return true
}

function printMemoryAttributes(op: Operation, printer: OpAsmPrinter): void {
  const sem = op.getAttr('memory_ordering_semantics') as IntegerAttr
  printer.print(' ' + MemoryOrderingNames[Number(sem.value)]!)
  const scope = op.getAttr('memory_scope')
  if (scope instanceof IntegerAttr) {
    printer.print(' ' + MemoryScopeNames[Number(scope.value)]!)
  }
}

interface ViewTail {
  token: UnresolvedOperand | null
  hints: OptimizationHintsAttr | null
}

/** `[token = %t] [optimization_hints = <...>] [attributes {...}]`. */
function parseViewTkoCommon(parser: OpAsmParser, state: OperationState, tail: ViewTail): boolean {
  if (parser.parseOptionalKeyword('token')) {
    if (!parser.parseEqual()) {
      return false
    }
    const t = parser.parseOperand()
    if (t === undefined) {
      return false
    }
    tail.token = t
  }
  if (parser.parseOptionalKeyword('optimization_hints')) {
    if (!parser.parseEqual()) {
      return false
    }
    const h = parseOptimizationHintsBody(parser)
    if (h === undefined) {
      return false
    }
    tail.hints = h
  }
  return parser.parseOptionalAttrDictWithKeyword(state.attributes)
}

/** `, type` (one type for every index) or `, t1, t2, ...`; empty when no comma follows. */
function parseIndexTypes(parser: OpAsmParser, count: number, out: Type[]): Location | null | undefined {
  if (!parser.parseOptionalComma()) {
    return null
  }
  const loc = parser.getCurrentLocation()
  const first = parseCudaTileType(parser)
  if (first === undefined) {
    parser.emitError(loc, 'expected index type after comma').report()
    return undefined
  }
  if (parser.parseOptionalComma()) {
    out.push(first)
    do {
      const t = parseCudaTileType(parser)
      if (t === undefined) {
        return undefined
      }
      out.push(t)
    } while (parser.parseOptionalComma())
  } else {
    for (let i = 0; i < count; i++) {
      out.push(first)
    }
  }
  return loc
}

function resolveIndices(parser: OpAsmParser, state: OperationState, indices: readonly UnresolvedOperand[], types: readonly Type[], typeLoc: Location | null): boolean {
  if (indices.length > 0 && types.length === 0) {
    parser.emitError(parser.getCurrentLocation(), 'index types must be specified when indices are present').report()
    return false
  }
  if (types.length > 0 && types.length !== indices.length) {
    parser.emitError(typeLoc ?? parser.getCurrentLocation(), `expected ${indices.length} index types, got ${types.length}`).report()
    return false
  }
  return parser.resolveOperands(indices, types, parser.getCurrentLocation(), state.operands)
}

function finishViewTko(parser: OpAsmParser, state: OperationState, tail: ViewTail, segments: readonly number[]): boolean {
  if (tail.token !== null && !parser.resolveOperand(tail.token, TokenType.get(parser.context), state.operands)) {
    return false
  }
  if (tail.hints !== null) {
    state.addAttribute('optimization_hints', tail.hints)
  }
  state.addAttribute('operandSegmentSizes', DenseArrayAttr.getI32(parser.context, [...segments]))
  return true
}

function printIndexList(printer: OpAsmPrinter, view: Value, indices: readonly Value[]): void {
  printer.print(' ')
  printer.printOperand(view)
  printer.print('[')
  for (let i = 0; i < indices.length; i++) {
    if (i > 0) {
      printer.print(', ')
    }
    printer.printOperand(indices[i]!)
  }
  printer.print(']')
}

function printIndexTypes(printer: OpAsmPrinter, indices: readonly Value[]): void {
  if (indices.length === 0) {
    return
  }
  if (indices.every((v) => v.type === indices[0]!.type)) {
    printer.print(', ')
    printCudaTileType(printer, indices[0]!.type)
    return
  }
  for (const v of indices) {
    printer.print(', ')
    printCudaTileType(printer, v.type)
  }
}

function printViewTkoOptionals(op: Operation, printer: OpAsmPrinter, token: Value | null): void {
  if (token !== null) {
    printer.print(' token = ')
    printer.printOperand(token)
  }
  const hints = op.getAttr('optimization_hints')
  if (hints instanceof OptimizationHintsAttr) {
    printer.print(' optimization_hints = ')
    printOptimizationHintsBody(hints, printer)
  }
  printer.printOptionalAttrDictWithKeyword(op.getAttrs(), ['memory_ordering_semantics', 'memory_scope', 'optimization_hints', 'operandSegmentSizes'])
}

/** The operand groups of an op with `operandSegmentSizes`. */
function segments(op: Operation): Value[][] {
  const sizes = op.getAttr('operandSegmentSizes')
  const values = op.getOperands()
  const out: Value[][] = []
  let at = 0
  for (const n of sizes instanceof DenseArrayAttr ? (sizes.values as readonly number[]) : []) {
    out.push(values.slice(at, at + Number(n)))
    at += Number(n)
  }
  return out
}

/** `%view[%i, ...] [token = %t] [optimization_hints = <...>] [attributes {...}] :`. */
function parseViewAccess(parser: OpAsmParser, state: OperationState, tail: ViewTail): [UnresolvedOperand, UnresolvedOperand[]] | null {
  const view = parser.parseOperand()
  if (view === undefined) {
    return null
  }
  const indices = parser.parseOperandList('square')
  if (indices === undefined || !parseViewTkoCommon(parser, state, tail) || !parser.parseColon()) {
    return null
  }
  return [view, indices]
}

interface StoreLikeTypes {
  valueType: Type
  viewType: Type
  indexTypes: Type[]
  typeLoc: Location | null
  tokenType: Type
}

/** `value_type, view_type[, index types] -> token_type` (store_view_tko, atomic_red_view_tko). */
function parseStoreLikeTypes(parser: OpAsmParser, indexCount: number): StoreLikeTypes | null {
  const valueType = parseCudaTileType(parser)
  if (valueType === undefined || !parser.parseComma()) {
    return null
  }
  const viewType = parseCudaTileType(parser)
  if (viewType === undefined) {
    return null
  }
  const indexTypes: Type[] = []
  const typeLoc = parseIndexTypes(parser, indexCount, indexTypes)
  if (typeLoc === undefined || !parser.parseArrow()) {
    return null
  }
  const tokenType = parseCudaTileType(parser)
  return tokenType === undefined ? null : { valueType, viewType, indexTypes, typeLoc, tokenType }
}

const LoadViewTkoHooks: CustomHooks = {
  parse(parser, state) {
    const tail: ViewTail = { token: null, hints: null }
    const access = parseMemoryAttributes(parser, state) ? parseViewAccess(parser, state, tail) : null
    if (access === null) {
      return false
    }
    const [view, indices] = access
    const viewType = parseCudaTileType(parser)
    if (viewType === undefined) {
      return false
    }
    const indexTypes: Type[] = []
    const typeLoc = parseIndexTypes(parser, indices.length, indexTypes)
    if (typeLoc === undefined || !parser.parseArrow()) {
      return false
    }
    const resultType = parseCudaTileType(parser)
    if (resultType === undefined || !parser.parseComma()) {
      return false
    }
    const tokenType = parseCudaTileType(parser)
    if (tokenType === undefined) {
      return false
    }
    if (!parser.resolveOperand(view, viewType, state.operands) || !resolveIndices(parser, state, indices, indexTypes, typeLoc)) {
      return false
    }
    if (!finishViewTko(parser, state, tail, [1, indices.length, tail.token !== null ? 1 : 0])) {
      return false
    }
    state.types.push(resultType, tokenType)
    return true
  },
  print(op, printer) {
    const [view, indices, token] = segments(op)
    printMemoryAttributes(op, printer)
    printIndexList(printer, view![0]!, indices!)
    printViewTkoOptionals(op, printer, token![0] ?? null)
    printer.print(' : ')
    printCudaTileType(printer, view![0]!.type)
    printIndexTypes(printer, indices!)
    printer.print(' -> ')
    printCudaTileType(printer, op.results[0]!.type)
    printer.print(', ')
    printCudaTileType(printer, op.results[1]!.type)
  },
}

const StoreViewTkoHooks: CustomHooks = {
  parse(parser, state) {
    if (!parseMemoryAttributes(parser, state)) {
      return false
    }
    const tile = parser.parseOperand()
    if (tile === undefined || !parser.parseComma()) {
      return false
    }
    const tail: ViewTail = { token: null, hints: null }
    const access = parseViewAccess(parser, state, tail)
    if (access === null) {
      return false
    }
    const [view, indices] = access
    const types = parseStoreLikeTypes(parser, indices.length)
    if (types === null) {
      return false
    }
    const { valueType: tileType, viewType, indexTypes, typeLoc, tokenType } = types
    if (!parser.resolveOperand(tile, tileType, state.operands) || !parser.resolveOperand(view, viewType, state.operands)) {
      return false
    }
    if (!resolveIndices(parser, state, indices, indexTypes, typeLoc) || !finishViewTko(parser, state, tail, [1, 1, indices.length, tail.token !== null ? 1 : 0])) {
      return false
    }
    state.types.push(tokenType)
    return true
  },
  print(op, printer) {
    const [tile, view, indices, token] = segments(op)
    printMemoryAttributes(op, printer)
    printer.print(' ')
    printer.printOperand(tile![0]!)
    printer.print(',')
    printIndexList(printer, view![0]!, indices!)
    printViewTkoOptionals(op, printer, token![0] ?? null)
    printer.print(' : ')
    printCudaTileType(printer, tile![0]!.type)
    printer.print(', ')
    printCudaTileType(printer, view![0]!.type)
    printIndexTypes(printer, indices!)
    printer.print(' -> ')
    printCudaTileType(printer, op.results[0]!.type)
  },
}

const AtomicRedViewTkoHooks: CustomHooks = {
  parse(parser, state) {
    const semLoc = parser.getCurrentLocation()
    const sem = parser.parseKeywordOrUndefined()
    if (sem === undefined) {
      return false
    }
    const semIdx = MemoryOrderingNames.indexOf(sem)
    if (semIdx < 0) {
      parser.emitError(semLoc, `invalid memory_ordering_semantics: '${sem}'; expected one of: weak, relaxed, acquire, release, acq_rel`).report()
      return false
    }
    const scopeLoc = parser.getCurrentLocation()
    const scope = parser.parseOptionalKeywordAny()
    let scopeIdx = -1
    if (scope !== undefined) {
      scopeIdx = MemoryScopeNames.indexOf(scope)
      if (scopeIdx < 0) {
        parser.emitError(scopeLoc, `invalid memory_scope: '${scope}'; expected one of: tl_blk, device, sys`).report()
        return false
      }
    }
    const view = parser.parseOperand()
    if (view === undefined) {
      return false
    }
    const indices = parser.parseOperandList('square')
    if (indices === undefined || !parser.parseComma()) {
      return false
    }
    const modeLoc = parser.getCurrentLocation()
    const mode = parser.parseKeywordOrUndefined()
    if (mode === undefined || !parser.parseComma()) {
      return false
    }
    const value = parser.parseOperand()
    if (value === undefined) {
      return false
    }
    const modeIdx = AtomicRMWModeNames.indexOf(mode)
    if (modeIdx < 0) {
      parser.emitError(modeLoc, `unknown atomic RMW mode: '${mode}'; expected one of: and, or, xor, add, addf, max, min, umax, umin`).report()
      return false
    }
    let token: UnresolvedOperand | null = null
    if (parser.parseOptionalKeyword('token')) {
      if (!parser.parseEqual()) {
        return false
      }
      token = parser.parseOperand() ?? null
      if (token === null) {
        return false
      }
    }
    if (!parser.parseOptionalAttrDictWithKeyword(state.attributes) || !parser.parseColon()) {
      return false
    }
    const typeLoc = parser.getCurrentLocation()
    const types = parseStoreLikeTypes(parser, indices.length)
    if (types === null) {
      return false
    }
    const { valueType, viewType, indexTypes, typeLoc: tl, tokenType } = types
    if (!parser.resolveOperand(view, viewType, state.operands)) {
      return false
    }
    if (!resolveIndices(parser, state, indices, indexTypes, tl ?? typeLoc) || !parser.resolveOperand(value, valueType, state.operands)) {
      return false
    }
    if (token !== null && !parser.resolveOperand(token, TokenType.get(parser.context), state.operands)) {
      return false
    }
    state.addAttribute('memory_ordering_semantics', i32(parser, semIdx))
    if (scopeIdx >= 0) {
      state.addAttribute('memory_scope', i32(parser, scopeIdx))
    }
    state.addAttribute('mode', i32(parser, modeIdx))
    state.addAttribute('operandSegmentSizes', DenseArrayAttr.getI32(parser.context, [1, indices.length, 1, token !== null ? 1 : 0]))
    state.types.push(tokenType)
    return true
  },
  print(op, printer) {
    const [view, indices, value, token] = segments(op)
    printMemoryAttributes(op, printer)
    printIndexList(printer, view![0]!, indices!)
    printer.print(`, ${AtomicRMWModeNames[Number((op.getAttr('mode') as IntegerAttr).value)]!}, `)
    printer.printOperand(value![0]!)
    if (token![0] !== undefined) {
      printer.print(' token = ')
      printer.printOperand(token![0])
    }
    printer.printOptionalAttrDictWithKeyword(op.getAttrs(), ['memory_ordering_semantics', 'memory_scope', 'mode', 'operandSegmentSizes'])
    printer.print(' : ')
    printCudaTileType(printer, value![0]!.type)
    printer.print(', ')
    printCudaTileType(printer, view![0]!.type)
    printIndexTypes(printer, indices!)
    printer.print(' -> ')
    printCudaTileType(printer, op.results[0]!.type)
  },
}

const MakeTensorViewHooks: CustomHooks = {
  parse(parser, state) {
    const base = parser.parseOperand()
    if (base === undefined || !parser.parseComma()) {
      return false
    }
    const parseMixed = (elements: [number, Location][], dyn: UnresolvedOperand[]): boolean => {
      if (!parser.parseLSquare()) {
        return false
      }
      if (parser.parseOptionalRSquare()) {
        return true
      }
      do {
        const loc = parser.getCurrentLocation()
        const c = parser.parseOptionalInteger()
        if (c !== undefined) {
          elements.push([Number(c), loc])
          continue
        }
        const v = parser.parseOptionalOperand()
        if (v === undefined) {
          return false
        }
        if (v === null) {
          parser.emitError(loc, 'expected either integer or SSA value').report()
          return false
        }
        dyn.push(v)
        elements.push([kDynamic, loc])
      } while (parser.parseOptionalComma())
      return parser.parseRSquare()
    }
    const shape: [number, Location][] = []
    const strides: [number, Location][] = []
    const dynShape: UnresolvedOperand[] = []
    const dynStrides: UnresolvedOperand[] = []
    if (!parser.parseKeyword('shape') || !parser.parseEqual()) {
      return false
    }
    const shapeLoc = parser.getCurrentLocation()
    if (!parseMixed(shape, dynShape) || !parser.parseComma() || !parser.parseKeyword('strides') || !parser.parseEqual()) {
      return false
    }
    const strideLoc = parser.getCurrentLocation()
    if (!parseMixed(strides, dynStrides) || !parser.parseOptionalAttrDict(state.attributes) || !parser.parseColon()) {
      return false
    }
    let indexType: Type | undefined
    if (dynShape.length > 0 || dynStrides.length > 0) {
      indexType = parseCudaTileType(parser)
      if (indexType === undefined || !parser.parseArrow()) {
        return false
      }
    }
    const t = parseCudaTileType(parser)
    if (t === undefined) {
      return false
    }
    if (!(t instanceof TensorViewType)) {
      parser.emitError(parser.getCurrentLocation(), `expected 'tensor_view' type, but got ${typeText(t)}`).report()
      return false
    }
    if (!parser.resolveOperand(base, TileType.get([], PointerType.get(t.elementType)), state.operands)) {
      return false
    }
    const compare = (ops: readonly [number, Location][], fromType: readonly number[], declLoc: Location, name: string): boolean => {
      if (fromType.length !== ops.length) {
        parser.emitError(declLoc, `expected ${name} declaration to contain ${fromType.length} elements due to tensor_view type, but ${ops.length} were provided`).report()
        return false
      }
      for (let i = 0; i < ops.length; i++) {
        const [v, loc] = ops[i]!
        const want = fromType[i]!
        if (v === want) {
          continue
        }
        const s = (x: number): string => (x === kDynamic ? 'dynamic' : String(x))
        parser.emitError(loc, `input ${name} dimension ${i} does not match tensor_view type (expected ${s(want)}, got ${s(v)})`).report()
        return false
      }
      return true
    }
    if (!compare(shape, t.shape, shapeLoc, 'shape') || !compare(strides, t.strides, strideLoc, 'stride')) {
      return false
    }
    if (indexType !== undefined) {
      if (!parser.resolveOperands(dynShape, indexType, parser.getCurrentLocation(), state.operands) || !parser.resolveOperands(dynStrides, indexType, parser.getCurrentLocation(), state.operands)) {
        return false
      }
    }
    state.addAttribute('operandSegmentSizes', DenseArrayAttr.getI32(parser.context, [1, dynShape.length, dynStrides.length]))
    state.types.push(t)
    return true
  },
  print(op, printer) {
    const [base, dynShape, dynStrides] = segments(op)
    const t = op.results[0]!.type as TensorViewType
    const mixed = (elements: readonly number[], dyn: readonly Value[]): void => {
      let k = 0
      for (let i = 0; i < elements.length; i++) {
        if (i > 0) {
          printer.print(', ')
        }
        if (elements[i] === kDynamic) {
          printer.printOperand(dyn[k++]!)
        } else {
          printer.print(String(elements[i]))
        }
      }
    }
    printer.print(' ')
    printer.printOperand(base![0]!)
    printer.print(', shape = [')
    mixed(t.shape, dynShape!)
    printer.print('], strides = [')
    mixed(t.strides, dynStrides!)
    printer.print(']')
    printer.printOptionalAttrDict(op.getAttrs(), ['operandSegmentSizes'])
    printer.print(' : ')
    if (dynShape!.length > 0 || dynStrides!.length > 0) {
      printCudaTileType(printer, (dynShape!.length > 0 ? dynShape![0]! : dynStrides![0]!).type)
      printer.print(' -> ')
    }
    printCudaTileType(printer, t)
  },
  getAsmResultNames(op, setName) {
    setName(op.results[0]!, 'tview')
  },
}

function makeViewHooks(mnemonic: string, isView: (t: Type) => t is TileViewType, resultName: string): CustomHooks {
  return {
    parse(parser, state) {
      const tv = parser.parseOperand()
      if (tv === undefined || !parser.parseOptionalAttrDict(state.attributes) || !parser.parseColon()) {
        return false
      }
      const loc = parser.getCurrentLocation()
      const t = parseCudaTileType(parser)
      if (t === undefined) {
        return false
      }
      if (!isView(t)) {
        parser.emitError(loc, `expected '${mnemonic}' type, but got ${typeText(t)}`).report()
        return false
      }
      if (!parser.resolveOperand(tv, t.tensorView, state.operands)) {
        return false
      }
      state.types.push(t)
      return true
    },
    print(op, printer) {
      printer.print(' ')
      printer.printOperand(op.getOperand(0))
      printer.printOptionalAttrDict(op.getAttrs())
      printer.print(' : ')
      printCudaTileType(printer, op.results[0]!.type)
    },
    getAsmResultNames(op, setName) {
      setName(op.results[0]!, resultName)
    },
  }
}

function shapeQueryHooks(expectView: boolean): CustomHooks {
  return {
    parse(parser, state) {
      const src = parser.parseOperand()
      if (src === undefined || !parser.parseColon()) {
        return false
      }
      const srcLoc = parser.getCurrentLocation()
      const srcType = parseCudaTileType(parser)
      if (srcType === undefined || !parser.parseArrow()) {
        return false
      }
      const resultType = parseCudaTileType(parser)
      if (resultType === undefined) {
        return false
      }
      let rank: number
      if (expectView) {
        if (!(srcType instanceof TileViewType)) {
          parser.emitError(srcLoc, `expected tile view, got ${typeText(srcType)}`).report()
          return false
        }
        rank = srcType.viewIndexRank
      } else {
        if (!(srcType instanceof TensorViewType)) {
          parser.emitError(srcLoc, `expected tensor_view, got ${typeText(srcType)}`).report()
          return false
        }
        rank = srcType.shape.length
      }
      if (!parser.resolveOperand(src, srcType, state.operands)) {
        return false
      }
      for (let i = 0; i < rank; i++) {
        state.types.push(resultType)
      }
      return true
    },
    print(op, printer) {
      printer.print(' ')
      printer.printOperand(op.getOperand(0))
      printer.print(' : ')
      printCudaTileType(printer, op.getOperand(0).type)
      printer.print(' -> ')
      if (op.numResults > 0) {
        printCudaTileType(printer, op.results[0]!.type)
      }
    },
  }
}

/** `if %c [-> (types)] { ... } [else { ... }] attr-dict`: the else region always exists (maybe empty). */
const IfHooks: CustomHooks = {
  parse(parser, state) {
    const cond = parser.parseOperand()
    if (cond === undefined) {
      return false
    }
    if (parser.parseOptionalArrow()) {
      if (!parser.parseLParen() || !parseTypeList(parser, state.types) || !parser.parseRParen()) {
        return false
      }
    }
    const thenRegion = state.addRegion()
    const elseRegion = state.addRegion()
    if (!parser.parseRegion(thenRegion)) {
      return false
    }
    ensureTerminator(thenRegion, state.location, 'cuda_tile.yield')
    if (parser.parseOptionalKeyword('else')) {
      if (!parser.parseRegion(elseRegion)) {
        return false
      }
      ensureTerminator(elseRegion, state.location, 'cuda_tile.yield')
    }
    if (!parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    return parser.resolveOperand(cond, TileType.get([], IntegerType.get(parser.context, 1)), state.operands)
  },
  print(op, printer) {
    printer.print(' ')
    printer.printOperand(op.getOperand(0))
    if (op.numResults > 0) {
      printer.print(' -> (')
      printTypeList(printer, op.resultTypes)
      printer.print(')')
    }
    printer.print(' ')
    printYieldRegion(printer, op.regions[0]!)
    const elseRegion = op.regions[1]!
    if (!elseRegion.empty) {
      printer.print(' else ')
      printYieldRegion(printer, elseRegion)
    }
    printer.printOptionalAttrDict(op.getAttrs())
  },
}

function printYieldRegion(printer: OpAsmPrinter, region: Region): void {
  const term = region.firstBlock?.lastOp ?? null
  const printTerms = term === null || term.numOperands !== 0 || term.name.name !== 'cuda_tile.yield'
  printer.printRegion(region, false, printTerms)
}

/** Custom assembly hooks by full op name. */
export const cudaTileCustomAssembly: Readonly<Record<string, CustomHooks>> = {
  'cuda_tile.entry': {
    parse: (parser, state) => parseFunctionLike(parser, state, true),
    print: (op, printer) => printFunctionLike(op, printer, true),
  },
  'cuda_tile.testing$func': {
    parse: (parser, state) => parseFunctionLike(parser, state, false),
    print: (op, printer) => printFunctionLike(op, printer, false),
  },
  'cuda_tile.for': ForHooks,
  'cuda_tile.if': IfHooks,
  'cuda_tile.loop': LoopHooks,
  'cuda_tile.load_view_tko': LoadViewTkoHooks,
  'cuda_tile.store_view_tko': StoreViewTkoHooks,
  'cuda_tile.atomic_red_view_tko': AtomicRedViewTkoHooks,
  'cuda_tile.make_tensor_view': MakeTensorViewHooks,
  'cuda_tile.make_partition_view': makeViewHooks('partition_view', (t): t is TileViewType => t instanceof PartitionViewType, 'pview'),
  'cuda_tile.make_strided_view': makeViewHooks('strided_view', (t): t is TileViewType => t instanceof StridedViewType, 'sview'),
  'cuda_tile.make_gather_scatter_view': makeViewHooks('gather_scatter_view', (t): t is TileViewType => t instanceof GatherScatterViewType, 'gsview'),
  'cuda_tile.get_index_space_shape': shapeQueryHooks(true),
  'cuda_tile.get_tensor_shape': shapeQueryHooks(false),
}
