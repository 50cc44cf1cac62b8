/**
 * The exception-handling ops of the `llvm` dialect, with upstream's custom syntax and
 * verifiers: `llvm.invoke` (a call with a normal and an unwind successor), `llvm.landingpad`
 * (the first op of an unwind destination) and `llvm.resume`.
 */
import {
  AnySuccessor,
  AnyType,
  BranchOpInterface,
  CallOpInterface,
  DenseArrayAttr,
  DenseI32ArrayAttr,
  DictArrayAttr,
  FlatSymbolRefAttr,
  SymbolRefAttr,
  Trait,
  UnitAttr,
  UnitAttrC,
  AnyAttr,
  defaultValuedAttr,
  defineOp,
  optional,
  optionalAttr,
  variadic,
  type BranchOpInterfaceImpl,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { verifyBranchSuccessorOperands } from '../cf/index.ts'
import { CConvAttr, CConvNames } from './LLVMAttributes.ts'
import { CConvAttrC, LLVMTypeC } from './LLVMConstraints.ts'
import {
  LLVMFunctionTypeC,
  calleeAttr,
  parseCallTrailingTypes,
  parseOptionalVarCalleeType,
  printCalleeAndArgs,
  printCallTrailingTypes,
  printOptionalVarCalleeType,
  verifyCallVarCalleeType,
} from './LLVMFuncOps.ts'
import { parseOptionalOpBundles, printOpBundles, resolveOpBundles, verifyOpBundles } from './LLVMOpBundles.ts'
import { LLVMArrayType } from './LLVMTypes.ts'

// ---- llvm.invoke -------------------------------------------------------------------------

const NORMAL = 'normalDestOperands'
const UNWIND = 'unwindDestOperands'

/** The call arguments of an `llvm.invoke` (without the callee pointer of indirect invokes). */
export function getLLVMInvokeArgOperands(op: Operation): Value[] {
  const all = LLVMInvokeOp.operandValues(op, 'callee_operands')
  return calleeAttr(op) !== undefined ? all : all.slice(1)
}

/** Adds `delta` to segment `index` of the op's `operandSegmentSizes`. */
function growSegment(op: Operation, index: number, delta: number): void {
  const a = op.getAttr('operandSegmentSizes')
  if (a instanceof DenseArrayAttr) {
    const vals = a.values.map((v) => Number(v))
    vals[index] = (vals[index] ?? 0) + delta
    op.setAttr('operandSegmentSizes', DenseArrayAttr.getI32(op.context, vals))
  }
}

const invokeBranchImpl: BranchOpInterfaceImpl & { appendSuccessorOperands(op: Operation, index: number, values: readonly Value[]): void } = {
  getSuccessorForOperands: () => null,
  getSuccessorOperands: (op, index) => LLVMInvokeOp.operandValues(op, index === 0 ? NORMAL : UNWIND),
  eraseSuccessorOperand(op: Operation, index: number, k: number): void {
    const [start] = LLVMInvokeOp.operandRange(op, index === 0 ? NORMAL : UNWIND)
    op.eraseOperand(start + k)
    growSegment(op, index + 1, -1)
  },
  appendSuccessorOperands(op: Operation, index: number, values: readonly Value[]): void {
    const [start, len] = LLVMInvokeOp.operandRange(op, index === 0 ? NORMAL : UNWIND)
    op.insertOperands(start + len, values)
    growSegment(op, index + 1, values.length)
  },
}

// <operation> ::= `llvm.invoke` cconv? (@callee | %ptr) `(` args `)` `to` ^bb(...)? `unwind` ^bb(...)?
//                 (`vararg(` type `)`)? (`[` bundles `]`)? attr-dict `:` (type `,`)? signature
function parseInvoke(parser: OpAsmParser, state: OperationState): LogicalResult {
  const ctx = parser.context
  const cconv = parser.parseOptionalKeywordOneOf(CConvNames) ?? 'ccc'
  state.addProperty('CConv', CConvAttr.get(ctx, cconv))
  const calleeOperand = parser.parseOptionalOperand()
  if (calleeOperand === undefined) {
    return false
  }
  if (calleeOperand === null) {
    // Upstream parses the callee as an attribute of kind SymbolRefAttr.
    const loc = parser.getCurrentLocation()
    const callee = parser.parseAttribute()
    if (callee === undefined) {
      return false
    }
    if (!(callee instanceof SymbolRefAttr)) {
      return parser.emitError(loc, 'invalid kind of attribute specified').fail()
    }
    state.addProperty('callee', callee)
  }
  if (!parser.parseLParen()) {
    return false
  }
  const args = parser.parseOperandList('none')
  if (args === undefined || !parser.parseRParen() || !parser.parseKeyword('to')) {
    return false
  }
  const normalOperands: Value[] = []
  const normalDest = parser.parseSuccessorAndUseList(normalOperands)
  if (normalDest === undefined || !parser.parseKeyword('unwind')) {
    return false
  }
  const unwindOperands: Value[] = []
  const unwindDest = parser.parseSuccessorAndUseList(unwindOperands)
  if (unwindDest === undefined || !parseOptionalVarCalleeType(parser, state)) {
    return false
  }
  const bundles = parseOptionalOpBundles(parser)
  if (bundles === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
    return false
  }
  if (!parseCallTrailingTypes(parser, state, calleeOperand ?? undefined, args)) {
    return false
  }
  const numCallee = args.length + (calleeOperand !== null ? 1 : 0)
  const bundleOperands: Value[] = []
  const numBundleOperands = resolveOpBundles(parser, bundles, state, bundleOperands)
  if (numBundleOperands === undefined) {
    return false
  }
  state.addSuccessor(normalDest)
  state.addSuccessor(unwindDest)
  state.addOperands(normalOperands)
  state.addOperands(unwindOperands)
  state.addOperands(bundleOperands)
  state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [numCallee, normalOperands.length, unwindOperands.length, numBundleOperands]))
  return true
}

function printInvoke(op: Operation, p: OpAsmPrinter): void {
  p.print(' ')
  const cconv = op.getAttr('CConv')
  if (cconv instanceof CConvAttr && cconv.cconv !== 'ccc') {
    p.print(cconv.cconv + ' ')
  }
  const calleeOperands = LLVMInvokeOp.operandValues(op, 'callee_operands')
  const args = printCalleeAndArgs(op, p, calleeOperands)
  p.print(') to ')
  p.printSuccessorAndUseList(op.successors[0]!.block, LLVMInvokeOp.operandValues(op, NORMAL))
  p.print(' unwind ')
  p.printSuccessorAndUseList(op.successors[1]!.block, LLVMInvokeOp.operandValues(op, UNWIND))
  printOptionalVarCalleeType(op, p)
  printOpBundles(op, p, LLVMInvokeOp.operandValues(op, 'op_bundle_operands'))
  p.printOptionalAttrDict(op.getAttrs(), ['callee', 'operandSegmentSizes', 'CConv', 'var_callee_type', 'op_bundle_sizes', 'op_bundle_tags', 'arg_attrs', 'res_attrs'])
  printCallTrailingTypes(op, p, calleeOperands, args)
}

function verifyInvoke(op: Operation): LogicalResult {
  // BranchOpInterface and BranchWeightOpInterface, verified before the op itself.
  if (!verifyBranchSuccessorOperands(op, (o, index) => invokeBranchImpl.getSuccessorOperands(o, index))) {
    return false
  }
  const w = op.getAttr('branch_weights')
  if (w instanceof DenseArrayAttr && w.values.length !== op.successors.length) {
    return op.emitError(`expects number of branch weights to match number of successors: ${w.values.length} vs ${op.successors.length}`).fail()
  }
  if (!verifyCallVarCalleeType(op, getLLVMInvokeArgOperands(op))) {
    return false
  }
  const unwindDest = op.successors[1]!.block
  const first = unwindDest.firstOp
  if (first === null) {
    return op.emitError('must have at least one operation in unwind destination').fail()
  }
  if (first.name.name !== 'llvm.landingpad') {
    return op.emitError('first operation in unwind destination should be a llvm.landingpad operation').fail()
  }
  return verifyOpBundles(op)
}

/**
 * `llvm.invoke @f(%a) to ^normal unwind ^unwind : (i32) -> i32`: a call whose normal return
 * continues at `^normal` and whose exceptions unwind to `^unwind` (which starts with a
 * `llvm.landingpad`).
 */
export const LLVMInvokeOp: OdsOp = defineOp({
  name: 'llvm.invoke',
  summary: 'Call to an LLVM function with a normal and an unwind successor.',
  operands: {
    callee_operands: variadic(LLVMTypeC),
    normalDestOperands: variadic(LLVMTypeC),
    unwindDestOperands: variadic(LLVMTypeC),
    op_bundle_operands: variadic(AnyType),
  },
  results: { result: optional(LLVMTypeC) },
  attributes: {
    var_callee_type: optionalAttr(LLVMFunctionTypeC),
    callee: optionalAttr(FlatSymbolRefAttr),
    branch_weights: optionalAttr(DenseI32ArrayAttr),
    CConv: defaultValuedAttr(CConvAttrC, (c) => CConvAttr.get(c, 'ccc')),
    op_bundle_sizes: defaultValuedAttr(DenseI32ArrayAttr, (c) => DenseArrayAttr.getI32(c, [])),
    op_bundle_tags: optionalAttr(AnyAttr),
    arg_attrs: optionalAttr(DictArrayAttr),
    res_attrs: optionalAttr(DictArrayAttr),
  },
  successors: { normalDest: AnySuccessor, unwindDest: AnySuccessor },
  traits: Trait.AttrSizedOperandSegments | Trait.IsTerminator,
  interfaces: [
    BranchOpInterface.impl(invokeBranchImpl),
    CallOpInterface.impl({
      getCallee: (op: Operation): SymbolRefAttr | Value => calleeAttr(op) ?? op.getOperand(0),
      getArgOperands: getLLVMInvokeArgOperands,
    }),
  ],
  parse: parseInvoke,
  print: printInvoke,
  verify: verifyInvoke,
})

// ---- llvm.landingpad ---------------------------------------------------------------------

// <operation> ::= `llvm.landingpad` `cleanup`? (`(` (`catch` | `filter`) ssa-use `:` type `)`)* `:` type
function parseLandingpad(parser: OpAsmParser, state: OperationState): LogicalResult {
  if (parser.parseOptionalKeyword('cleanup')) {
    state.addProperty('cleanup', UnitAttr.get(parser.context))
  }
  // As upstream: a `(` not followed by `catch`/`filter` ends the clauses (and `:` is then expected).
  while (parser.parseOptionalLParen() && (parser.parseOptionalKeyword('filter') || parser.parseOptionalKeyword('catch'))) {
    const operand: UnresolvedOperand | undefined = parser.parseOperand()
    if (operand === undefined || !parser.parseColon()) {
      return false
    }
    const type = parser.parseType()
    if (type === undefined || !parser.resolveOperand(operand, type, state.operands) || !parser.parseRParen()) {
      return false
    }
  }
  if (!parser.parseColon()) {
    return false
  }
  const type = parser.parseType()
  if (type === undefined) {
    return false
  }
  state.addTypes([type])
  return true
}

function printLandingpad(op: Operation, p: OpAsmPrinter): void {
  p.print(op.getAttr('cleanup') !== undefined ? ' cleanup ' : ' ')
  for (const v of op.getOperands()) {
    // As in LLVM IR, an array-typed clause is a filter, any other a catch.
    p.print(v.type instanceof LLVMArrayType ? '(filter ' : '(catch ')
    p.printOperand(v)
    p.print(' : ')
    p.printType(v.type)
    p.print(') ')
  }
  p.printOptionalAttrDict(op.getAttrs(), ['cleanup'])
  p.print(': ')
  p.printType(op.getResult(0).type)
}

function verifyLandingpad(op: Operation): LogicalResult {
  let parent = op.parentOp
  while (parent !== null && parent.name.name !== 'llvm.func') {
    parent = parent.parentOp
  }
  if (parent !== null && parent.getAttr('personality') === undefined) {
    return op.emitError('llvm.landingpad needs to be in a function with a personality').fail()
  }
  // The consistency of landingpad result types is checked by `llvm.func`.
  if (op.getAttr('cleanup') === undefined && op.numOperands === 0) {
    return op.emitError('landingpad instruction expects at least one clause or cleanup attribute').fail()
  }
  const operands = op.getOperands()
  for (let i = 0; i < operands.length; i++) {
    const value = operands[i]!
    if (value.type instanceof LLVMArrayType) {
      // Upstream does not verify filter clauses yet.
      continue
    }
    // A catch clause: a global address, null, or a bitcast of a global address.
    const def = value.definingOp
    const kind = def?.name.name
    if (kind === 'llvm.bitcast') {
      if (def!.getOperand(0).definingOp?.name.name === 'llvm.mlir.addressof') {
        continue
      }
      return op
        .emitError('constant clauses expected')
        .attachNote('global addresses expected as operand to bitcast used in clauses for landingpad', def!.location)
        .fail()
    }
    if (kind === 'llvm.mlir.zero' || kind === 'llvm.mlir.addressof') {
      continue
    }
    return op.emitError(`clause #${i} is not a known constant - null, addressof, bitcast`).fail()
  }
  return true
}

/** `%lp = llvm.landingpad cleanup (catch %ti : !llvm.ptr) : !llvm.struct<(ptr, i32)>`. */
export const LLVMLandingpadOp: OdsOp = defineOp({
  name: 'llvm.landingpad',
  summary: 'Landing pad of an unwind destination.',
  operands: { clauses: variadic(LLVMTypeC) },
  results: { res: LLVMTypeC },
  attributes: { cleanup: optionalAttr(UnitAttrC) },
  parse: parseLandingpad,
  print: printLandingpad,
  verify: verifyLandingpad,
})

// ---- llvm.resume -------------------------------------------------------------------------

/** `llvm.resume %lp : !llvm.struct<(ptr, i32)>`: resumes propagation of an in-flight exception. */
export const LLVMResumeOp: OdsOp = defineOp({
  name: 'llvm.resume',
  summary: 'Resumes propagation of an in-flight exception.',
  operands: { value: LLVMTypeC },
  traits: Trait.IsTerminator,
  // The consistency of resume operand types is checked by `llvm.func`.
  assemblyFormat: '$value attr-dict `:` type($value)',
})

/** The exception-handling ops. */
export const llvmExceptionOps: readonly OdsOp[] = [LLVMInvokeOp, LLVMLandingpadOp, LLVMResumeOp]
