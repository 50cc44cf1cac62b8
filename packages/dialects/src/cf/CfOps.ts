import {
  type Attribute,
  AnySuccessor,
  AnyType,
  AnyInteger,
  BranchOpInterface,
  DenseArrayAttr,
  DenseI32ArrayAttr,
  DenseIntOrFPElementsAttr,
  I1,
  IntegerAttr,
  IntegerType,
  StrAttr,
  Trait,
  VariadicSuccessor,
  VectorType,
  attrConstraint,
  defineOp,
  optionalAttr,
  printType,
  resolveOperandList,
  variadic,
  type Block,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { addPatterns } from '../internal/RewriterLike.ts'
import { cfCanonicalizationPatterns } from './CfCanonicalization.ts'

/** The quoted spelling of `type` as MLIR streams a type into a diagnostic. */
function quoted(type: Type): string {
  return `'${printType(type)}'`
}

const kUint64Max = (1n << 64n) - 1n

/**
 * BranchOpInterface's check of the values forwarded to each successor against the
 * successor's block arguments (MLIR's `verifyBranchSuccessorOperands`).
 */
export function verifyBranchSuccessorOperands(op: Operation, getOperands: (op: Operation, index: number) => Value[]): LogicalResult {
  for (let s = 0; s < op.successors.length; s++) {
    const operands = getOperands(op, s)
    const dest = op.successors[s]!.block
    if (operands.length !== dest.numArguments) {
      return op.emitError(`branch has ${operands.length} operands for successor #${s}, but target block has ${dest.numArguments}`).fail()
    }
    for (let i = 0; i < operands.length; i++) {
      if (operands[i]!.type !== dest.getArgument(i).type) {
        return op.emitError(`type mismatch for bb argument #${i} of successor #${s}`).fail()
      }
    }
  }
  return true
}

/** WeightedBranchOpInterface's check of optional `branch_weights`. */
function verifyBranchWeights(op: Operation): LogicalResult {
  const w = op.getAttr('branch_weights')
  if (!(w instanceof DenseArrayAttr)) {
    return true
  }
  if (w.values.length !== op.successors.length) {
    return op.emitError(`expects number of branch weights to match number of successors: ${w.values.length} vs ${op.successors.length}`).fail()
  }
  if (w.values.every((v) => Number(v) === 0)) {
    return op.emitError('branch weights cannot all be zero').fail()
  }
  return true
}

// ---- cf.br ---------------------------------------------------------------------------------

/** `cf.br`: unconditional branch to a block with operands. */
export const BranchOp: OdsOp = defineOp({
  name: 'cf.br',
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, cfCanonicalizationPatterns['cf.br'] ?? [])
  },
  summary: 'branch operation',
  operands: { destOperands: variadic(AnyType) },
  successors: { dest: AnySuccessor },
  traits: Trait.Pure | Trait.IsTerminator,
  interfaces: [
    BranchOpInterface.impl({
      getSuccessorOperands: (op: Operation) => op.getOperands(),
      eraseSuccessorOperand: (op: Operation, _index: number, operandIndex: number) => op.eraseOperand(operandIndex),
      appendSuccessorOperands: (op: Operation, _index: number, values: readonly Value[]) => op.insertOperands(op.numOperands, values),
    }),
  ],
  assemblyFormat: '$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict',
  verify(op: Operation): LogicalResult {
    return verifyBranchSuccessorOperands(op, (o) => o.getOperands())
  },
})

// ---- cf.cond_br ----------------------------------------------------------------------------

function condBrSuccessorOperands(op: Operation, index: number): Value[] {
  return CondBranchOp.operandValues(op, index === 0 ? 'trueDestOperands' : 'falseDestOperands')
}

/** Decrements entry `group` of the i32 array property `name` of `op`. */
function shrinkSegment(op: Operation, name: string, group: number): void {
  const a = op.getAttr(name)
  if (!(a instanceof DenseArrayAttr)) {
    return
  }
  const sizes = a.values.map((v) => Number(v))
  sizes[group] = (sizes[group] ?? 1) - 1
  op.setAttr(name, DenseArrayAttr.getI32(op.context, sizes))
}

function growSegment(op: Operation, name: string, group: number, by: number): void {
  const a = op.getAttr(name)
  if (!(a instanceof DenseArrayAttr)) {
    return
  }
  const sizes = a.values.map((v) => Number(v))
  sizes[group] = (sizes[group] ?? 0) + by
  op.setAttr(name, DenseArrayAttr.getI32(op.context, sizes))
}

function condBrAppendSuccessorOperands(op: Operation, index: number, values: readonly Value[]): void {
  const [start, count] = CondBranchOp.operandRange(op, index === 0 ? 'trueDestOperands' : 'falseDestOperands')
  op.insertOperands(start + count, values)
  growSegment(op, 'operandSegmentSizes', index === 0 ? 1 : 2, values.length)
}

function condBrEraseSuccessorOperand(op: Operation, index: number, operandIndex: number): void {
  const [start] = CondBranchOp.operandRange(op, index === 0 ? 'trueDestOperands' : 'falseDestOperands')
  op.eraseOperand(start + operandIndex)
  shrinkSegment(op, 'operandSegmentSizes', index === 0 ? 1 : 2)
}

/** `cf.cond_br`: conditional branch on an i1 to one of two blocks. */
export const CondBranchOp: OdsOp = defineOp({
  name: 'cf.cond_br',
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, cfCanonicalizationPatterns['cf.cond_br'] ?? [])
  },
  summary: 'conditional branch operation',
  operands: { condition: I1, trueDestOperands: variadic(AnyType), falseDestOperands: variadic(AnyType) },
  attributes: { branch_weights: optionalAttr(DenseI32ArrayAttr) },
  successors: { trueDest: AnySuccessor, falseDest: AnySuccessor },
  traits: Trait.AttrSizedOperandSegments | Trait.Pure | Trait.IsTerminator,
  interfaces: [
    BranchOpInterface.impl({
      getSuccessorOperands: condBrSuccessorOperands,
      eraseSuccessorOperand: condBrEraseSuccessorOperand,
      appendSuccessorOperands: condBrAppendSuccessorOperands,
      getSuccessorForOperands: (op: Operation, operands: readonly (Attribute | null)[]) => {
        const cond = operands[0]
        return cond instanceof IntegerAttr ? op.getSuccessor(cond.value !== 0n ? 0 : 1) : null
      },
    }),
  ],
  assemblyFormat:
    '$condition (`weights` `(` $branch_weights^ `)`)? `,` ' +
    '$trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,` ' +
    '$falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)? attr-dict',
  verify(op: Operation): LogicalResult {
    return verifyBranchSuccessorOperands(op, condBrSuccessorOperands) && verifyBranchWeights(op)
  },
})

// ---- cf.assert -----------------------------------------------------------------------------

/** `cf.assert`: aborts with `msg` when the condition is false. */
export const AssertOp: OdsOp = defineOp({
  name: 'cf.assert',
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, cfCanonicalizationPatterns['cf.assert'] ?? [])
  },
  summary: 'Assert operation with message attribute',
  operands: { arg: I1 },
  attributes: { msg: StrAttr },
  memoryEffects: () => [{ kind: 'write' }],
  assemblyFormat: '$arg `,` $msg attr-dict',
})

// ---- cf.switch -----------------------------------------------------------------------------

/** `AnyIntElementsAttr`: a dense elements attribute of integers. */
const AnyIntElementsAttr = attrConstraint(
  'integer elements attribute',
  (a) => a instanceof DenseIntOrFPElementsAttr && a.type.elementType instanceof IntegerType,
)

/**
 * The operands forwarded to successor `index` (0: the default destination) of a switch laid
 * out as `cf.switch`: default operands, then case operands split by `case_operand_segments`.
 * `def` is the op's definition; `llvm.switch` shares this layout and these helpers.
 */
export function switchOperandsOf(def: OdsOp, op: Operation, index: number): Value[] {
  if (index === 0) {
    return def.operandValues(op, 'defaultOperands')
  }
  const all = def.operandValues(op, 'caseOperands')
  const segs = op.getAttr('case_operand_segments')
  let start = 0
  const sizes = segs instanceof DenseArrayAttr ? segs.values.map((v) => Number(v)) : []
  for (let i = 0; i < index - 1; i++) {
    start += sizes[i] ?? 0
  }
  return all.slice(start, start + (sizes[index - 1] ?? 0))
}

/** Erases operand `operandIndex` of successor `index` of a `cf.switch`-like op (see `switchOperandsOf`). */
export function eraseSwitchOperandOf(def: OdsOp, op: Operation, index: number, operandIndex: number): void {
  if (index === 0) {
    const [start] = def.operandRange(op, 'defaultOperands')
    op.eraseOperand(start + operandIndex)
    shrinkSegment(op, 'operandSegmentSizes', 1)
    return
  }
  const [start] = def.operandRange(op, 'caseOperands')
  const segs = op.getAttr('case_operand_segments')
  let offset = 0
  if (segs instanceof DenseArrayAttr) {
    for (let i = 0; i < index - 1; i++) {
      offset += Number(segs.values[i] ?? 0)
    }
  }
  op.eraseOperand(start + offset + operandIndex)
  shrinkSegment(op, 'operandSegmentSizes', 2)
  shrinkSegment(op, 'case_operand_segments', index - 1)
}

/** Appends `values` to the operands of successor `index` of a `cf.switch`-like op (see `switchOperandsOf`). */
export function appendSwitchOperandsOf(def: OdsOp, op: Operation, index: number, values: readonly Value[]): void {
  if (index === 0) {
    const [start, count] = def.operandRange(op, 'defaultOperands')
    op.insertOperands(start + count, values)
    growSegment(op, 'operandSegmentSizes', 1, values.length)
    return
  }
  const [start] = def.operandRange(op, 'caseOperands')
  const segs = op.getAttr('case_operand_segments')
  let end = 0
  if (segs instanceof DenseArrayAttr) {
    for (let i = 0; i < index; i++) {
      end += Number(segs.values[i] ?? 0)
    }
  }
  op.insertOperands(start + end, values)
  growSegment(op, 'operandSegmentSizes', 2, values.length)
  growSegment(op, 'case_operand_segments', index - 1, values.length)
}

function switchSuccessorOperands(op: Operation, index: number): Value[] {
  return switchOperandsOf(SwitchOp, op, index)
}

function switchEraseSuccessorOperand(op: Operation, index: number, operandIndex: number): void {
  eraseSwitchOperandOf(SwitchOp, op, index, operandIndex)
}

function switchAppendSuccessorOperands(op: Operation, index: number, values: readonly Value[]): void {
  appendSwitchOperandsOf(SwitchOp, op, index, values)
}

/**
 * The destination a constant flag selects: the case whose value equals it, else the
 * default (also without case values); null when the flag is not a known constant.
 */
function switchSuccessorForOperands(op: Operation, operands: readonly (Attribute | null)[]): Block | null {
  const cv = op.getAttr('case_values')
  if (!(cv instanceof DenseIntOrFPElementsAttr)) {
    return op.getSuccessor(0)
  }
  const flag = operands[0]
  if (!(flag instanceof IntegerAttr)) {
    return null
  }
  const width = flag.type instanceof IntegerType ? flag.type.width : 64
  const want = BigInt.asUintN(width, flag.value)
  const n = cv.isSplat ? cv.type.numElements : cv.values.length
  for (let i = 0; i < n; i++) {
    const raw = (cv.isSplat ? cv.values[0] : cv.values[i]) as bigint
    if (BigInt.asUintN(width, raw) === want) {
      return op.getSuccessor(i + 1)
    }
  }
  return op.getSuccessor(0)
}

/** Parses `^bb` or `^bb(%a, %b : t1, t2)` into a block plus unresolved operands and types (shared with llvm); `allowResultNumber` false rejects `%x#1`. */
export function parseSuccessorWithOperands(parser: OpAsmParser, operands: UnresolvedOperand[], types: Type[], allowResultNumber = true): Block | undefined {
  const dest = parser.parseSuccessor()
  if (dest === undefined) {
    return undefined
  }
  if (parser.parseOptionalLParen()) {
    const ops = parser.parseOperandList('none', -1, allowResultNumber)
    if (ops === undefined) {
      return undefined
    }
    const ts = parser.parseColonTypeList()
    if (ts === undefined || !parser.parseRParen()) {
      return undefined
    }
    operands.push(...ops)
    types.push(...ts)
  }
  return dest
}

/** `cf.switch`: multi-way branch on an integer flag with a default destination. */
export const SwitchOp: OdsOp = defineOp({
  name: 'cf.switch',
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, cfCanonicalizationPatterns['cf.switch'] ?? [])
  },
  summary: 'Switch operation',
  operands: { flag: AnyInteger, defaultOperands: variadic(AnyType), caseOperands: variadic(AnyType) },
  attributes: { case_values: optionalAttr(AnyIntElementsAttr), case_operand_segments: DenseI32ArrayAttr },
  successors: { defaultDestination: AnySuccessor, caseDestinations: VariadicSuccessor },
  traits: Trait.AttrSizedOperandSegments | Trait.Pure | Trait.IsTerminator,
  interfaces: [
    BranchOpInterface.impl({
      getSuccessorOperands: switchSuccessorOperands,
      eraseSuccessorOperand: switchEraseSuccessorOperand,
      appendSuccessorOperands: switchAppendSuccessorOperands,
      getSuccessorForOperands: switchSuccessorForOperands,
    }),
  ],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const flagLoc = parser.getCurrentLocation()
    const flag = parser.parseOperand()
    if (flag === undefined || !parser.parseColon()) {
      return false
    }
    const flagTypeLoc = parser.getCurrentLocation()
    const flagType = parser.parseType()
    if (flagType === undefined) {
      return false
    }
    if (!(flagType instanceof IntegerType)) {
      return parser
        .emitError(flagTypeLoc, `invalid kind of type specified: expected builtin.integer, but found '${printType(flagType)}'`)
        .fail()
    }
    if (!parser.parseComma() || !parser.parseLSquare()) {
      return false
    }
    if (!parser.parseKeyword('default') || !parser.parseColon()) {
      return false
    }
    const defaultOperands: UnresolvedOperand[] = []
    const defaultTypes: Type[] = []
    const defaultLoc = parser.getCurrentLocation()
    // As upstream, the default operands take no result number (`%0#1`); the cases do.
    const defaultDest = parseSuccessorWithOperands(parser, defaultOperands, defaultTypes, false)
    if (defaultDest === undefined) {
      return false
    }
    const width = flagType.width
    const values: bigint[] = []
    const caseDests: Block[] = []
    const caseOperands: UnresolvedOperand[] = []
    const caseTypes: Type[] = []
    const segments: number[] = []
    const caseLoc = parser.getCurrentLocation()
    while (parser.parseOptionalComma()) {
      const v = parser.parseInteger()
      if (v === undefined || !parser.parseColon()) {
        return false
      }
      values.push(BigInt.asIntN(width, v))
      const before = caseOperands.length
      const dest = parseSuccessorWithOperands(parser, caseOperands, caseTypes)
      if (dest === undefined) {
        return false
      }
      caseDests.push(dest)
      segments.push(caseOperands.length - before)
    }
    if (!parser.parseRSquare()) {
      return false
    }
    if (!parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    if (!parser.resolveOperands([flag], [flagType], flagLoc, state.operands)) {
      return false
    }
    if (!resolveOperandList(parser, defaultOperands, defaultTypes, defaultLoc, state.operands)) {
      return false
    }
    if (!resolveOperandList(parser, caseOperands, caseTypes, caseLoc, state.operands)) {
      return false
    }
    if (values.length > 0) {
      const t = VectorType.get([values.length], flagType)
      state.addAttribute('case_values', DenseIntOrFPElementsAttr.get(t, values, false))
    }
    state.addAttribute('case_operand_segments', DenseArrayAttr.getI32(parser.context, segments))
    state.addAttribute('operandSegmentSizes', DenseArrayAttr.getI32(parser.context, [1, defaultOperands.length, caseOperands.length]))
    state.addSuccessor(defaultDest)
    for (const d of caseDests) {
      state.addSuccessor(d)
    }
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const flag = op.getOperand(0)
    p.print(' ')
    p.printOperand(flag)
    p.print(' : ')
    p.printType(flag.type)
    p.print(', [')
    p.printNewline()
    p.print('  default: ')
    p.printSuccessorAndUseList(op.successors[0]!.block, switchSuccessorOperands(op, 0))
    const cv = op.getAttr('case_values')
    if (cv instanceof DenseIntOrFPElementsAttr) {
      const width = flag.type instanceof IntegerType ? flag.type.width : 64
      const n = cv.isSplat ? cv.type.numElements : cv.values.length
      for (let i = 0; i < n; i++) {
        const raw = (cv.isSplat ? cv.values[0] : cv.values[i]) as bigint
        p.print(',')
        p.printNewline()
        // Upstream prints `APInt::getLimitedValue()`: the zero-extended value, capped at 2^64-1.
        const unsigned = BigInt.asUintN(width, raw)
        p.print(`  ${unsigned > kUint64Max ? kUint64Max : unsigned}: `)
        const dest = op.successors[i + 1]
        if (dest !== undefined) {
          p.printSuccessorAndUseList(dest.block, switchSuccessorOperands(op, i + 1))
        }
      }
      p.printNewline()
    }
    p.print(']')
    p.printOptionalAttrDict(op.getAttrs(), ['case_values', 'case_operand_segments', 'operandSegmentSizes'])
  },
  verify(op: Operation): LogicalResult {
    const cv = op.getAttr('case_values')
    const numCases = op.successors.length - 1
    if (cv instanceof DenseIntOrFPElementsAttr || numCases > 0) {
      const flagType = op.getOperand(0).type
      if (cv instanceof DenseIntOrFPElementsAttr) {
        const caseType = cv.type.elementType
        if (caseType !== flagType) {
          return op.emitOpError(`'flag' type (${quoted(flagType)}) should match case value type (${quoted(caseType)})`).fail()
        }
        if (cv.type.numElements !== numCases) {
          return op.emitOpError(`number of case values (${cv.type.numElements}) should match number of case destinations (${numCases})`).fail()
        }
      }
    }
    return verifyBranchSuccessorOperands(op, switchSuccessorOperands)
  },
})

/** The ops of the `cf` dialect. */
export const cfOps: readonly OdsOp[] = [AssertOp, BranchOp, CondBranchOp, SwitchOp]
