import {
  AnySignlessIntegerOrIndex,
  AnyRegion,
  AnyType,
  DenseArrayAttr,
  DenseI64ArrayAttr,
  I1,
  Index,
  IndexType,
  IntegerType,
  LoopLikeOpInterface,
  ConditionallySpeculatable,
  type Speculatability,
  MaxSizedRegion,
  type Operation,
  type OperationState,
  RegionBranchOpInterface,
  RegionBranchTerminatorOpInterface,
  regionBranchImplFromCollector,
  type RegionSuccessorList,
  SizedRegion,
  Trait,
  UnitAttr,
  UnitAttrC,
  defineOp,
  resolveOperandList,
  optionalAttr,
  variadic,
  variadicRegion,
  IntegerAttr,
  type Attribute,
  type BlockArgument,
  type Location,
  type LogicalResult,
  type OdsOp,
  type OpAsmArgument,
  type OpAsmParser,
  type OpAsmPrinter,
  type OpFoldResult,
  type Region,
  type RegionSuccessor,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { typeText as quoteType } from '../internal/typeText.ts'
import { addPatterns } from '../internal/RewriterLike.ts'
import { scfCanonicalizationPatterns } from './ScfCanonicalization.ts'
import { ensureTerminator } from './ScfTerminators.ts'
import { ForallOp, InParallelOp } from './ScfForall.ts'
import { ParallelOp, ReduceOp, ReduceReturnOp } from './ScfParallel.ts'
import { forLoopTypesMatch, ifYieldTypesMatch, verifyLoopLike, verifyRegionBranchOp } from './ScfVerify.ts'

// ---- helpers ------------------------------------------------------------------------------

/**
 * Appends an operand-less `scf.yield` when the single block of `region` lacks a terminator
 * (creating the block if needed), at `at`: a location, or the state of the op being parsed
 * (whose location is then made only when a yield is added).
 */
export function ensureYieldTerminator(region: Region, at: Location | OperationState): void {
  ensureTerminator(region, at, 'scf.yield')
}

/**
 * The inputs of a successor region that takes no values, shared by every successor list
 * (a `RegionSuccessor`'s inputs are read-only), so that asking allocates no array for them.
 */
const NO_INPUTS: readonly Value[] = []

/** The terminator of the entry block of `region`, or null. */
function entryTerminator(region: Region): Operation | null {
  return region.firstBlock?.lastOp ?? null
}

function blockArgs(region: Region): BlockArgument[] {
  return region.firstBlock === null ? [] : [...region.firstBlock.arguments]
}

/** The arguments of the entry block of `region` (not copied), or none. */
function entryArgs(region: Region): readonly Value[] {
  return region.firstBlock === null ? NO_INPUTS : region.firstBlock.arguments
}

/** Whether the implicit terminator of `region` is elided when printing (an `scf.yield` without operands or attributes). */
function printTerminatorOf(region: Region): boolean {
  const term = entryTerminator(region)
  if (term === null || !term.hasTrait(Trait.IsTerminator)) {
    return true
  }
  return term.getAttrs().length !== 0 || term.numOperands !== 0 || term.numResults !== 0
}

/**
 * Prints `prefix(%arg = %init, ...)`: the entry arguments `args` of a region from `argStart`
 * paired with the operands of `op` from `operandStart`; nothing when there are no such operands.
 */
function printInitializationList(p: OpAsmPrinter, args: readonly Value[], argStart: number, op: Operation, operandStart: number, prefix: string): void {
  const operands = op.operands
  const n = operands.length - operandStart
  if (n <= 0) {
    return
  }
  p.print(prefix)
  p.print('(')
  for (let i = 0; i < n; i++) {
    if (i > 0) {
      p.print(', ')
    }
    p.printOperand(args[argStart + i]!)
    p.print(' = ')
    p.printOperand(operands[operandStart + i]!.value)
  }
  p.print(')')
}

function printTypeList(p: OpAsmPrinter, types: readonly Type[]): void {
  for (let i = 0; i < types.length; i++) {
    if (i > 0) {
      p.print(', ')
    }
    p.printType(types[i]!)
  }
}

function yieldOperands(region: Region): Value[] {
  const term = entryTerminator(region)
  return term !== null && term.name.name === 'scf.yield' ? term.getOperands() : []
}

/** Parses `(%v, ... : type, ...)?`: an optional operand list with its types. */
function parseOptionalValues(parser: OpAsmParser, state: OperationState): LogicalResult {
  const offset = parser.getCurrentOffset()
  const operands = parser.parseOperandList('none')
  if (operands === undefined) {
    return false
  }
  if (operands.length === 0) {
    return true
  }
  const types = parser.parseColonTypeList()
  if (types === undefined) {
    return false
  }
  return resolveOperandList(parser, operands, types, offset, state.operands)
}

// ---- terminators --------------------------------------------------------------------------

const yieldTerminator = RegionBranchTerminatorOpInterface.impl({
  getSuccessorOperands: (op) => op.getOperands(),
  successorOperandsStart: () => 0,
})

/** `scf.yield`: terminates the regions of scf ops, forwarding its operands. */
export const YieldOp: OdsOp = defineOp({
  name: 'scf.yield',
  summary: 'loop yield and termination operation',
  operands: { results: variadic(AnyType) },
  traits: Trait.Pure | Trait.ReturnLike | Trait.IsTerminator,
  parentOpNames: ['scf.execute_region', 'scf.for', 'scf.if', 'scf.index_switch', 'scf.while'],
  interfaces: [yieldTerminator],
  assemblyFormat: 'attr-dict ($results^ `:` type($results))?',
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    return parser.parseOptionalAttrDict(state.attributes) && parseOptionalValues(parser, state)
  },
})

/** `scf.condition`: ends the `before` region of `scf.while`; `true` continues with the forwarded values. */
export const ConditionOp: OdsOp = defineOp({
  name: 'scf.condition',
  summary: 'loop continuation condition',
  operands: { condition: I1, args: variadic(AnyType) },
  traits: Trait.Pure | Trait.IsTerminator,
  parentOpNames: ['scf.while'],
  interfaces: [
    RegionBranchTerminatorOpInterface.impl({
      getSuccessorOperands: (op) => op.getOperands().slice(1),
      successorOperandsStart: () => 1,
      getSuccessorRegions(op: Operation, operands: readonly (Attribute | null)[]): RegionSuccessor[] {
        // A constant condition selects the after region (true) or the parent (false).
        const whileOp = op.parentOp!
        const after = whileOp.getRegion(1)
        const cond = operands[0]
        const known = cond instanceof IntegerAttr
        const out: RegionSuccessor[] = []
        if (!known || cond.value !== 0n) {
          out.push({ region: after, inputs: after.front.arguments })
        }
        if (!known || cond.value === 0n) {
          out.push({ region: null, inputs: whileOp.results })
        }
        return out
      },
    }),
  ],
  assemblyFormat: '`(` $condition `)` attr-dict ($args^ `:` type($args))?',
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    if (!parser.parseLParen()) {
      return false
    }
    const cond = parser.parseOperand()
    if (cond === undefined || !parser.parseRParen() || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    return parser.resolveOperand(cond, IntegerType.get(parser.context, 1), state.operands) && parseOptionalValues(parser, state)
  },
})

// ---- scf.for ------------------------------------------------------------------------------

/** The `iter_args` initial values of `scf.for`: the operands after the bounds and the step. */
function forInitArgs(op: Operation): Value[] {
  const operands = op.operands
  const n = operands.length - 3
  const out = new Array<Value>(n > 0 ? n : 0)
  for (let i = 0; i < n; i++) {
    out[i] = operands[i + 3]!.value
  }
  return out
}

function forIterArgs(op: Operation): BlockArgument[] {
  const body = op.getRegion(0).firstBlock
  return body === null ? [] : body.arguments.slice(1)
}

/** `scf.for`: a counted loop with loop-carried values (`iter_args`). */
export const ForOp: OdsOp = defineOp({
  name: 'scf.for',
  summary: 'for operation',
  operands: {
    lowerBound: AnySignlessIntegerOrIndex,
    upperBound: AnySignlessIntegerOrIndex,
    step: AnySignlessIntegerOrIndex,
    initArgs: variadic(AnyType),
  },
  results: { results: variadic(AnyType) },
  attributes: { unsignedCmp: optionalAttr(UnitAttrC) },
  regions: { region: SizedRegion(1) },
  traits: Trait.AffineScope | Trait.AutomaticAllocationScope | Trait.RecursiveMemoryEffects,
  implicitTerminatorName: 'scf.yield',
  allTypesMatch: [['lowerBound', 'upperBound', 'step']],
  interfaces: [
    RegionBranchOpInterface.impl(
      regionBranchImplFromCollector({
        collectSuccessorRegions(op: Operation, _point: Region | null, out: RegionSuccessorList): void {
          // The body's arguments after the induction variable (as `forIterArgs`), then the results.
          const body = op.getRegion(0)
          out.add(body, entryArgs(body), 1)
          out.add(null, op.results)
        },
        getEntrySuccessorOperands: (op) => forInitArgs(op),
        entrySuccessorOperandsStart: () => 3,
      }),
    ),
    LoopLikeOpInterface.impl({
      getLoopRegions: (op) => [op.getRegion(0)],
      isDefinedOutsideOfLoop: (op, value) => isDefinedOutside(op.getRegion(0), value),
    }),
    // `scf.for` with step one ends for any bounds; with another step it might not.
    ConditionallySpeculatable.impl({
      getSpeculatability(op: Operation): Speculatability {
        const def = op.getOperand(2).definingOp
        const step = def !== null && def.hasTrait(Trait.ConstantLike) ? def.getAttr('value') : undefined
        return step instanceof IntegerAttr && step.value === 1n ? 'recursively-speculatable' : 'not-speculatable'
      },
    }),
  ],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    if (parser.parseOptionalKeyword('unsigned')) {
      state.addProperty('unsignedCmp', UnitAttr.get(parser.context))
    }
    const iv = parser.parseArgument(false, false)
    if (iv === undefined || !parser.parseEqual()) {
      return false
    }
    const lb = parser.parseOperand()
    if (lb === undefined || !parser.parseKeyword('to')) {
      return false
    }
    const ub = parser.parseOperand()
    if (ub === undefined || !parser.parseKeyword('step')) {
      return false
    }
    const step = parser.parseOperand()
    if (step === undefined) {
      return false
    }
    const regionArgs: OpAsmArgument[] = [iv]
    const operands: UnresolvedOperand[] = []
    const hasIterArgs = parser.parseOptionalKeyword('iter_args')
    if (hasIterArgs) {
      if (!parser.parseAssignmentList(regionArgs, operands)) {
        return false
      }
      const types = parser.parseArrowTypeList()
      if (types === undefined) {
        return false
      }
      state.addTypes(types)
    }
    if (regionArgs.length !== state.types.length + 1) {
      return parser.emitError(parser.getNameLoc(), 'mismatch in number of loop-carried values and defined values').fail()
    }
    let type: Type | undefined = IndexType.get(parser.context)
    if (parser.parseOptionalColon()) {
      type = parser.parseType()
      if (type === undefined) {
        return false
      }
    }
    iv.type = type
    if (!parser.resolveOperand(lb, type, state.operands) || !parser.resolveOperand(ub, type, state.operands) || !parser.resolveOperand(step, type, state.operands)) {
      return false
    }
    for (let i = 0; i < operands.length; i++) {
      const t = state.types[i]!
      regionArgs[i + 1]!.type = t
      if (!parser.resolveOperand(operands[i]!, t, state.operands)) {
        return false
      }
    }
    const body = state.addRegion()
    if (!parser.parseRegion(body, regionArgs)) {
      return false
    }
    ensureYieldTerminator(body, state)
    return parser.parseOptionalAttrDict(state.attributes)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const region = op.getRegion(0)
    const args = entryArgs(region)
    const iv = args[0]!
    const operands = op.operands
    p.print(' ')
    if (op.getAttr('unsignedCmp') !== undefined) {
      p.print('unsigned ')
    }
    p.printOperand(iv)
    p.print(' = ')
    p.printOperand(operands[0]!.value)
    p.print(' to ')
    p.printOperand(operands[1]!.value)
    p.print(' step ')
    p.printOperand(operands[2]!.value)
    // The operands after the bounds and step are the loop-carried values.
    const hasInits = operands.length > 3
    printInitializationList(p, args, 1, op, 3, ' iter_args')
    if (hasInits) {
      p.print(' -> (')
      for (let i = 3; i < operands.length; i++) {
        if (i > 3) {
          p.print(', ')
        }
        p.printType(operands[i]!.value.type)
      }
      p.print(')')
    }
    p.print(' ')
    if (!(iv.type instanceof IndexType)) {
      // MLIR prints a second space here: `step %s  : i32 {`.
      p.print(' : ')
      p.printType(iv.type)
      p.print(' ')
    }
    p.printRegion(region, false, hasInits)
    p.printOptionalAttrDict(op.getAttrs(), ['unsignedCmp'])
  },
  verify(op) {
    if (op.numOperands - 3 !== op.numResults) {
      return op.emitOpError('mismatch in number of loop-carried values and defined values').fail()
    }
    return true
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, scfCanonicalizationPatterns['scf.for']!)
  },
  verifyRegions(op) {
    // The common loop passes every check below, which is told without making their lists.
    if (forLoopTypesMatch(op)) {
      return true
    }
    const region = op.getRegion(0)
    const iterArgs = forIterArgs(op)
    const inits = forInitArgs(op)
    if (!verifyLoopLike(op, { inits, iterArgs, yielded: yieldOperands(region), results: op.results })) {
      return false
    }
    if (!verifyRegionBranchOp(op)) {
      return false
    }
    const iv = region.firstBlock?.arguments[0]
    if (iv === undefined || iv.type !== op.getOperand(0).type) {
      return op.emitOpError('expected induction variable to be same type as bounds and step').fail()
    }
    if (iterArgs.length !== op.numResults) {
      return op.emitOpError('mismatch in number of basic block args and defined values').fail()
    }
    for (let i = 0; i < inits.length; i++) {
      if (inits[i]!.type !== op.getResult(i).type) {
        return op.emitOpError(`types mismatch between ${i}th iter operand and defined value`).fail()
      }
      if (iterArgs[i]!.type !== op.getResult(i).type) {
        return op.emitOpError(`types mismatch between ${i}th iter region arg and defined value`).fail()
      }
    }
    return true
  },
})

function isDefinedOutside(loopRegion: Region, value: Value): boolean {
  for (let r = value.parentRegion; r !== null; r = r.parentRegion) {
    if (r === loopRegion) {
      return false
    }
  }
  return true
}

// ---- scf.if -------------------------------------------------------------------------------

/** `scf.if`: runs the `then` region when the condition holds, else the (optional) `else` region. */
export const IfOp: OdsOp = defineOp({
  name: 'scf.if',
  summary: 'if-then-else operation',
  operands: { condition: I1 },
  results: { results: variadic(AnyType) },
  regions: { thenRegion: SizedRegion(1), elseRegion: MaxSizedRegion(1) },
  traits: Trait.RecursiveMemoryEffects,
  implicitTerminatorName: 'scf.yield',
  interfaces: [
    RegionBranchOpInterface.impl({
      ...regionBranchImplFromCollector({
        collectSuccessorRegions(op: Operation, point: Region | null, out: RegionSuccessorList): void {
          if (point !== null) {
            out.add(null, op.results)
            return
          }
          const elseRegion = op.getRegion(1)
          out.add(op.getRegion(0), NO_INPUTS)
          if (elseRegion.empty) {
            out.add(null, op.results)
          } else {
            out.add(elseRegion, NO_INPUTS)
          }
        },
        getEntrySuccessorOperands: () => [],
        entrySuccessorOperandsStart: (op) => op.numOperands,
      }),
      getEntrySuccessorRegions(op: Operation, operands: readonly (Attribute | null)[]): RegionSuccessor[] {
        // A constant condition selects one region (the results directly for an empty else).
        const cond = operands[0]
        if (!(cond instanceof IntegerAttr)) {
          const elseRegion = op.getRegion(1)
          return [{ region: op.getRegion(0), inputs: NO_INPUTS }, elseRegion.empty ? { region: null, inputs: op.results } : { region: elseRegion, inputs: NO_INPUTS }]
        }
        const taken = cond.value !== 0n ? op.getRegion(0) : op.getRegion(1)
        return taken.empty ? [{ region: null, inputs: op.results }] : [{ region: taken, inputs: NO_INPUTS }]
      },
    }),
  ],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const thenRegion = state.addRegion()
    const elseRegion = state.addRegion()
    const cond = parser.parseOperand()
    if (cond === undefined || !parser.resolveOperand(cond, IntegerType.get(parser.context, 1), state.operands)) {
      return false
    }
    const types = parser.parseOptionalArrowTypeList()
    if (types === undefined) {
      return false
    }
    state.addTypes(types)
    if (!parser.parseRegion(thenRegion, [])) {
      return false
    }
    ensureYieldTerminator(thenRegion, state)
    if (parser.parseOptionalKeyword('else')) {
      if (!parser.parseRegion(elseRegion, [])) {
        return false
      }
      ensureYieldTerminator(elseRegion, state)
    }
    return parser.parseOptionalAttrDict(state.attributes)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    const printTerminators = op.numResults !== 0
    if (printTerminators) {
      p.print(' -> (')
      printTypeList(p, op.resultTypes)
      p.print(')')
    }
    p.print(' ')
    p.printRegion(op.getRegion(0), false, printTerminators)
    const elseRegion = op.getRegion(1)
    if (!elseRegion.empty) {
      p.print(' else ')
      p.printRegion(elseRegion, false, printTerminators)
    }
    p.printOptionalAttrDict(op.getAttrs())
  },
  verify(op) {
    // The `NoRegionArguments` trait, verified before the op's own checks.
    for (let i = 0; i < op.numRegions; i++) {
      const r = op.getRegion(i)
      if (!r.empty && r.firstBlock!.arguments.length !== 0) {
        return op.emitOpError(`region #${i} should have no arguments`).fail()
      }
    }
    if (op.numResults !== 0 && op.getRegion(1).empty) {
      return op.emitOpError('must have an else block if defining values').fail()
    }
    return true
  },
  verifyRegions: (op) => ifYieldTypesMatch(op) || verifyRegionBranchOp(op),
  fold: foldIf,
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, scfCanonicalizationPatterns['scf.if']!)
  },
})

/** `if (!c) A else B` -> `if c B else A` (in place), as MLIR's `IfOp::fold`. */
function foldIf(op: Operation): readonly OpFoldResult[] | Operation | undefined {
  const elseRegion = op.getRegion(1)
  if (elseRegion.empty) {
    return undefined
  }
  const xor = op.getOperand(0).definingOp
  if (xor === null || xor.name.name !== 'arith.xori') {
    return undefined
  }
  const rhsDef = xor.getOperand(1).definingOp
  const c = rhsDef !== null && rhsDef.hasTrait(Trait.ConstantLike) ? rhsDef.getAttr('value') : undefined
  if (!isTrueConstant(c)) {
    return undefined
  }
  op.setOperand(0, xor.getOperand(0))
  const thenRegion = op.getRegion(0)
  const thenBlock = thenRegion.front
  const elseBlock = elseRegion.front
  thenRegion.removeBlock(thenBlock)
  elseRegion.removeBlock(elseBlock)
  thenRegion.push(elseBlock)
  elseRegion.push(thenBlock)
  return op
}

function isTrueConstant(a: Attribute | undefined): boolean {
  if (a === undefined) {
    return false
  }
  const v = (a as { value?: unknown }).value
  return typeof v === 'bigint' && BigInt.asUintN(1, v) === 1n && (a as { type?: unknown }).type instanceof IntegerType
}

// ---- scf.while ----------------------------------------------------------------------------

/** `scf.while`: a loop with a `before` region computing the condition and an `after` region (the body). */
export const WhileOp: OdsOp = defineOp({
  name: 'scf.while',
  summary: 'a generic \'while\' loop',
  operands: { inits: variadic(AnyType) },
  results: { results: variadic(AnyType) },
  regions: { before: SizedRegion(1), after: SizedRegion(1) },
  traits: Trait.RecursiveMemoryEffects | Trait.SingleBlock,
  interfaces: [
    RegionBranchOpInterface.impl(
      regionBranchImplFromCollector({
        collectSuccessorRegions(op: Operation, point: Region | null, out: RegionSuccessorList): void {
          const before = op.getRegion(0)
          const after = op.getRegion(1)
          if (point === null || point === after) {
            out.add(before, entryArgs(before))
            return
          }
          out.add(null, op.results)
          out.add(after, entryArgs(after))
        },
        getEntrySuccessorOperands: (op) => op.getOperands(),
        entrySuccessorOperandsStart: () => 0,
      }),
    ),
    LoopLikeOpInterface.impl({
      getLoopRegions: (op) => [op.getRegion(0), op.getRegion(1)],
    }),
  ],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const before = state.addRegion()
    const after = state.addRegion()
    const regionArgs: OpAsmArgument[] = []
    const operands: UnresolvedOperand[] = []
    // An assignment list starts with `(`; the function type is introduced by `:`, where
    // MLIR anchors type errors.
    let typeLoc = parser.getCurrentLocation()
    if (!parser.parseOptionalColon()) {
      if (!parser.parseAssignmentList(regionArgs, operands)) {
        return false
      }
      typeLoc = parser.getCurrentLocation()
      if (!parser.parseColon()) {
        return false
      }
    }
    const fnType = parser.parseType()
    if (fnType === undefined) {
      return false
    }
    const fn = fnType as { inputs?: readonly Type[]; results?: readonly Type[] }
    if (fn.inputs === undefined || fn.results === undefined) {
      return parser.emitError(typeLoc, 'invalid kind of type specified: expected builtin.function, but found ' + describe(fnType)).fail()
    }
    state.addTypes(fn.results)
    if (fn.inputs.length !== operands.length) {
      return parser.emitError(typeLoc, `expected as many input types as operands (expected ${operands.length} got ${fn.inputs.length})`).fail()
    }
    if (!parser.resolveOperands(operands, fn.inputs, parser.getCurrentLocation(), state.operands)) {
      return false
    }
    for (let i = 0; i < regionArgs.length; i++) {
      regionArgs[i]!.type = fn.inputs[i]!
    }
    return (
      parser.parseRegion(before, regionArgs) && parser.parseKeyword('do') && parser.parseRegion(after, []) && parser.parseOptionalAttrDictWithKeyword(state.attributes)
    )
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const before = op.getRegion(0)
    printInitializationList(p, entryArgs(before), 0, op, 0, ' ')
    p.print(' : ')
    p.printFunctionalType(
      op.getOperands().map((v) => v.type),
      op.resultTypes,
    )
    p.print(' ')
    p.printRegion(before, false)
    p.print(' do ')
    p.printRegion(op.getRegion(1))
    p.printOptionalAttrDictWithKeyword(op.getAttrs())
  },
  verify(op) {
    const check = (region: Region, name: string, message: string): boolean => {
      const term = region.firstBlock?.lastOp ?? null
      if (term !== null && term.name.name === name) {
        return true
      }
      const diag = op.emitOpError(message)
      if (term !== null) {
        diag.attachNote('terminator here', term.location)
      }
      return diag.fail()
    }
    return (
      check(op.getRegion(0), 'scf.condition', "expects the 'before' region to terminate with 'scf.condition'") &&
      check(op.getRegion(1), 'scf.yield', "expects the 'after' region to terminate with 'scf.yield'")
    )
  },
  verifyRegions(op) {
    if (!verifyRegionBranchOp(op)) {
      return false
    }
    return verifyLoopLike(op, { inits: op.getOperands(), iterArgs: blockArgs(op.getRegion(0)), yielded: yieldOperands(op.getRegion(1)), results: null })
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, scfCanonicalizationPatterns['scf.while']!)
  },
})

function describe(t: Type): string {
  return t instanceof IntegerType ? `'i${t.width}'` : 'a non-function type'
}

// ---- scf.execute_region -------------------------------------------------------------------

/** `scf.execute_region`: runs its (possibly multi-block) region once and yields its results. */
export const ExecuteRegionOp: OdsOp = defineOp({
  name: 'scf.execute_region',
  summary: 'operation that executes its region exactly once',
  results: { results: variadic(AnyType) },
  attributes: { no_inline: optionalAttr(UnitAttrC) },
  regions: { region: AnyRegion },
  traits: Trait.RecursiveMemoryEffects,
  interfaces: [
    RegionBranchOpInterface.impl(
      regionBranchImplFromCollector({
        collectSuccessorRegions(op: Operation, point: Region | null, out: RegionSuccessorList): void {
          if (point === null) {
            out.add(op.getRegion(0), NO_INPUTS)
          } else {
            out.add(null, op.results)
          }
        },
        getEntrySuccessorOperands: () => [],
        entrySuccessorOperandsStart: (op) => op.numOperands,
      }),
    ),
  ],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const types = parser.parseOptionalArrowTypeList()
    if (types === undefined) {
      return false
    }
    state.addTypes(types)
    if (parser.parseOptionalKeyword('no_inline')) {
      state.addProperty('no_inline', UnitAttr.get(parser.context))
    }
    const body = state.addRegion()
    return parser.parseRegion(body, []) && parser.parseOptionalAttrDict(state.attributes)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.printArrowTypeList(op.resultTypes)
    if (op.getAttr('no_inline') !== undefined) {
      p.print(' no_inline')
    }
    p.print(' ')
    p.printRegion(op.getRegion(0), false, true)
    p.printOptionalAttrDict(op.getAttrs(), ['no_inline'])
  },
  verify(op) {
    const region = op.getRegion(0)
    if (region.empty) {
      return op.emitOpError('region needs to have at least one block').fail()
    }
    if (region.front.numArguments > 0) {
      return op.emitOpError('region cannot have any arguments').fail()
    }
    return true
  },
  verifyRegions: verifyRegionBranchOp,
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, scfCanonicalizationPatterns['scf.execute_region']!)
  },
})

// ---- scf.index_switch ---------------------------------------------------------------------

function caseValues(op: Operation): bigint[] {
  const a = op.getAttr('cases')
  return a instanceof DenseArrayAttr ? (a.values as readonly bigint[]).map((v) => BigInt(v)) : []
}

/** `scf.index_switch`: runs the region of the case equal to the index, or the default region. */
export const IndexSwitchOp: OdsOp = defineOp({
  name: 'scf.index_switch',
  summary: 'switch-case operation on an index argument',
  operands: { arg: Index },
  results: { results: variadic(AnyType) },
  attributes: { cases: DenseI64ArrayAttr },
  regions: { defaultRegion: SizedRegion(1), caseRegions: variadicRegion(SizedRegion(1)) },
  traits: Trait.RecursiveMemoryEffects,
  implicitTerminatorName: 'scf.yield',
  interfaces: [
    RegionBranchOpInterface.impl({
      ...regionBranchImplFromCollector({
        collectSuccessorRegions(op: Operation, point: Region | null, out: RegionSuccessorList): void {
          if (point !== null) {
            out.add(null, op.results)
            return
          }
          for (let i = 0; i < op.regions.length; i++) {
            out.add(op.regions[i]!, NO_INPUTS)
          }
        },
        getEntrySuccessorOperands: () => [],
        entrySuccessorOperandsStart: (op) => op.numOperands,
      }),
      getEntrySuccessorRegions(op: Operation, operands: readonly (Attribute | null)[]): RegionSuccessor[] {
        // A constant index selects the matching case region, else the default region.
        const arg = operands[0]
        if (!(arg instanceof IntegerAttr)) {
          return op.regions.map((r) => ({ region: r, inputs: NO_INPUTS }))
        }
        const cases = caseValues(op)
        const value = BigInt.asIntN(64, arg.value)
        for (let i = 0; i < cases.length; i++) {
          if (cases[i] === value) {
            return [{ region: op.getRegion(i + 1), inputs: NO_INPUTS }]
          }
        }
        return [{ region: op.getRegion(0), inputs: NO_INPUTS }]
      },
    }),
  ],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const arg = parser.parseOperand()
    if (arg === undefined || !parser.resolveOperand(arg, IndexType.get(parser.context), state.operands)) {
      return false
    }
    if (!parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    if (parser.parseOptionalArrow()) {
      const types = parser.parseTypeList()
      if (types === undefined) {
        return false
      }
      state.addTypes(types)
    }
    const defaultRegion = state.addRegion()
    const values: bigint[] = []
    const caseRegions: Region[] = []
    while (parser.parseOptionalKeyword('case')) {
      const v = parser.parseInteger()
      if (v === undefined) {
        return false
      }
      const r = state.addRegion()
      if (!parser.parseRegion(r, [])) {
        return false
      }
      values.push(v)
      caseRegions.push(r)
    }
    state.addProperty('cases', DenseArrayAttr.get(IntegerType.get(parser.context, 64), values))
    if (!parser.parseKeyword('default') || !parser.parseRegion(defaultRegion, [])) {
      return false
    }
    ensureYieldTerminator(defaultRegion, state)
    for (const r of caseRegions) {
      ensureYieldTerminator(r, state)
    }
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.printOptionalAttrDict(op.getAttrs(), ['cases'])
    if (op.numResults !== 0) {
      p.print(' -> ')
      printTypeList(p, op.resultTypes)
    }
    p.print(' ')
    const values = caseValues(op)
    for (let i = 0; i < values.length && i + 1 < op.numRegions; i++) {
      p.printNewline()
      p.print(`case ${values[i]} `)
      p.printRegion(op.getRegion(i + 1), false)
    }
    p.printNewline()
    p.print('default ')
    const def = op.getRegion(0)
    p.printRegion(def, true, printTerminatorOf(def))
  },
  verify(op) {
    const values = caseValues(op)
    const numCases = op.numRegions - 1
    if (values.length !== numCases) {
      return op.emitOpError(`has ${numCases} case regions but ${values.length} case values`).fail()
    }
    const seen = new Set<bigint>()
    for (const v of values) {
      if (seen.has(v)) {
        return op.emitOpError(`has duplicate case value: ${v}`).fail()
      }
      seen.add(v)
    }
    const check = (region: Region, name: string): boolean => {
      const last = region.firstBlock?.lastOp ?? null
      if (last === null || last.name.name !== 'scf.yield') {
        return op.emitOpError(`expected region to end with scf.yield, but got ${last === null ? '' : last.name.name}`).fail()
      }
      if (last.numOperands !== op.numResults) {
        return op
          .emitOpError(`expected each region to return ${op.numResults} values, but ${name} returns ${last.numOperands}`)
          .attachNote('see yield operation here', last.location)
          .fail()
      }
      for (let i = 0; i < op.numResults; i++) {
        const want = op.getResult(i).type
        const got = last.getOperand(i).type
        if (want !== got) {
          return op
            .emitOpError(`expected result #${i} of each region to be ${quoteType(want)}`)
            .attachNote(`${name} returns ${quoteType(got)} here`, last.location)
            .fail()
        }
      }
      return true
    }
    if (!check(op.getRegion(0), 'default region')) {
      return false
    }
    for (let i = 1; i < op.numRegions; i++) {
      if (!check(op.getRegion(i), `case region #${i - 1}`)) {
        return false
      }
    }
    return true
  },
  verifyRegions: verifyRegionBranchOp,
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, scfCanonicalizationPatterns['scf.index_switch']!)
  },
})

/** Every scf op definition, in registration order. */
export const scfOps: readonly OdsOp[] = [ConditionOp, ExecuteRegionOp, ForOp, ForallOp, IfOp, InParallelOp, IndexSwitchOp, ParallelOp, ReduceOp, ReduceReturnOp, WhileOp, YieldOp]
