import {
  AnyType,
  Index,
  IndexType,
  IntegerAttr,
  LoopLikeOpInterface,
  RegionBranchOpInterface,
  RegionBranchTerminatorOpInterface,
  SizedRegion,
  Trait,
  DenseArrayAttr,
  defineOp,
  resolveOperandList,
  variadic,
  variadicRegion,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type RegionSuccessor,
  type Type,
  type UnresolvedOperand,
} from '@tilepass/ir'
import { typeText } from '../internal/typeText.ts'
import { ensureTerminator } from './ScfTerminators.ts'
import { addPatterns } from '../internal/RewriterLike.ts'
import { parallelCanonicalizationPatterns } from './ScfParallelCanonicalization.ts'

function operandGroups(op: Operation): number[] {
  const a = op.getAttr('operandSegmentSizes')
  return a instanceof DenseArrayAttr ? (a.values as readonly bigint[]).map((v) => Number(v)) : [0, 0, 0, 0]
}

function stepValues(op: Operation): Operation['operands'] {
  const [l, u, s] = operandGroups(op)
  return op.operands.slice(l! + u!, l! + u! + s!)
}

function initValues(op: Operation): Operation['operands'] {
  const [l, u, s, n] = operandGroups(op)
  return op.operands.slice(l! + u! + s!, l! + u! + s! + n!)
}

/** `scf.parallel`: a multi-dimensional parallel loop whose body ends with `scf.reduce`. */
export const ParallelOp: OdsOp = defineOp({
  name: 'scf.parallel',
  summary: 'parallel for operation',
  operands: { lowerBound: variadic(Index), upperBound: variadic(Index), step: variadic(Index), initVals: variadic(AnyType) },
  results: { results: variadic(AnyType) },
  regions: { region: SizedRegion(1) },
  traits: Trait.AttrSizedOperandSegments | Trait.AutomaticAllocationScope | Trait.RecursiveMemoryEffects,
  implicitTerminatorName: 'scf.reduce',
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, parallelCanonicalizationPatterns)
  },
  interfaces: [
    RegionBranchOpInterface.impl({
      getSuccessorRegions(op: Operation): RegionSuccessor[] {
        return [
          { region: op.getRegion(0), inputs: [] },
          { region: null, inputs: [] },
        ]
      },
      getEntrySuccessorOperands: () => [],
    }),
    LoopLikeOpInterface.impl({
      getLoopRegions: (op) => [op.getRegion(0)],
    }),
  ],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const ctx = parser.context
    const index = IndexType.get(ctx)
    const ivs = parser.parseArgumentList('paren', false, false)
    if (ivs === undefined || !parser.parseEqual()) {
      return false
    }
    const groups: UnresolvedOperand[][] = []
    for (const keyword of ['', 'to', 'step']) {
      if (keyword !== '' && !parser.parseKeyword(keyword)) {
        return false
      }
      const list = parser.parseOperandList('paren', ivs.length)
      if (list === undefined || !parser.resolveOperands(list, index, parser.getCurrentLocation(), state.operands)) {
        return false
      }
      groups.push(list)
    }
    let inits: UnresolvedOperand[] = []
    if (parser.parseOptionalKeyword('init')) {
      const list = parser.parseOperandList('paren')
      if (list === undefined) {
        return false
      }
      inits = list
    }
    const types = parser.parseOptionalArrowTypeList()
    if (types === undefined) {
      return false
    }
    state.addTypes(types)
    const body = state.addRegion()
    for (const iv of ivs) {
      iv.type = index
    }
    if (!parser.parseRegion(body, ivs)) {
      return false
    }
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [groups[0]!.length, groups[1]!.length, groups[2]!.length, inits.length]))
    if (!parser.parseOptionalAttrDict(state.attributes) || !resolveOperandList(parser, inits, types, parser.getNameLoc(), state.operands)) {
      return false
    }
    ensureTerminator(body, state, 'scf.reduce')
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const [l, u, s] = operandGroups(op)
    const all = op.getOperands()
    p.print(' (')
    p.printOperands(op.getRegion(0).front.arguments)
    p.print(') = (')
    p.printOperands(all.slice(0, l))
    p.print(') to (')
    p.printOperands(all.slice(l, l! + u!))
    p.print(') step (')
    p.printOperands(all.slice(l! + u!, l! + u! + s!))
    p.print(')')
    const inits = all.slice(l! + u! + s!)
    if (inits.length !== 0) {
      p.print(' init (')
      p.printOperands(inits)
      p.print(')')
    }
    p.printArrowTypeList(op.resultTypes)
    p.print(' ')
    p.printRegion(op.getRegion(0), false)
    p.printOptionalAttrDict(op.getAttrs(), ['operandSegmentSizes'])
  },
  verify(op) {
    const steps = stepValues(op)
    if (steps.length === 0) {
      return op.emitOpError('needs at least one tuple element for lowerBound, upperBound and step').fail()
    }
    for (const s of steps) {
      const d = s.value.definingOp
      const c = d !== null && d.hasTrait(Trait.ConstantLike) ? d.getAttr('value') : undefined
      if (c instanceof IntegerAttr && c.value <= 0n) {
        return op.emitOpError('constant step operand must be positive').fail()
      }
    }
    const body = op.getRegion(0).front
    if (body.numArguments !== steps.length) {
      return op.emitOpError(`expects the same number of induction variables: ${body.numArguments} as bound and step values: ${steps.length}`).fail()
    }
    for (const arg of body.arguments) {
      if (!(arg.type instanceof IndexType)) {
        return op.emitOpError('expects arguments for the induction variable to be of index type').fail()
      }
    }
    const reduce = body.lastOp
    if (reduce === null || reduce.name.name !== 'scf.reduce') {
      const diag = op.emitOpError("expects body to terminate with 'scf.reduce'")
      if (reduce !== null) {
        diag.attachNote('terminator here', reduce.location)
      }
      return diag.fail()
    }
    const numResults = op.numResults
    const numReductions = reduce.numRegions
    const numInits = initValues(op).length
    if (numResults !== numReductions) {
      return op.emitOpError(`expects number of results: ${numResults} to be the same as number of reductions: ${numReductions}`).fail()
    }
    if (numResults !== numInits) {
      return op.emitOpError(`expects number of results: ${numResults} to be the same as number of initial values: ${numInits}`).fail()
    }
    for (let i = 0; i < numReductions; i++) {
      const resultType: Type = op.getResult(i).type
      const operandType: Type = reduce.getOperand(i).type
      if (resultType !== operandType) {
        return reduce
          .emitOpError(`expects type of ${i}-th reduction operand: ${typeText(operandType)} to be the same as the ${i}-th result type: ${typeText(resultType)}`)
          .fail()
      }
    }
    return true
  },
})

/** `scf.reduce`: ends an `scf.parallel` body; one reduction region per reduced value. */
export const ReduceOp: OdsOp = defineOp({
  name: 'scf.reduce',
  summary: 'reduce operation for scf.parallel',
  operands: { operands: variadic(AnyType) },
  regions: { reductions: variadicRegion(SizedRegion(1)) },
  traits: Trait.IsTerminator | Trait.RecursiveMemoryEffects,
  parentOpNames: ['scf.parallel'],
  interfaces: [
    RegionBranchTerminatorOpInterface.impl({
      getSuccessorOperands: () => [],
    }),
  ],
  assemblyFormat: '(`(` $operands^ `:` type($operands) `)`)? $reductions attr-dict',
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    if (parser.parseOptionalLParen()) {
      const loc = parser.getCurrentLocation()
      const operands = parser.parseOperandList('none')
      if (operands === undefined || !parser.parseColon()) {
        return false
      }
      const types = parser.parseTypeList()
      if (types === undefined || !parser.parseRParen() || !resolveOperandList(parser, operands, types, loc, state.operands)) {
        return false
      }
    }
    const first = state.addRegion()
    const r = parser.parseOptionalRegion(first, [])
    if (r === false) {
      return false
    }
    if (r === null) {
      state.regions.pop()
    } else {
      while (parser.parseOptionalComma()) {
        if (!parser.parseRegion(state.addRegion(), [])) {
          return false
        }
      }
    }
    return parser.parseOptionalAttrDict(state.attributes)
  },
  verifyRegions(op) {
    for (let i = 0; i < op.numRegions; i++) {
      const type = op.getOperand(i).type
      const block = op.getRegion(i).front
      if (block.empty) {
        return op.emitOpError(`${i}-th reduction has an empty body`).fail()
      }
      if (block.numArguments !== 2 || block.arguments.some((a) => a.type !== type)) {
        return op.emitOpError(`expected two block arguments with type ${typeText(type)} in the ${i}-th reduction region`).fail()
      }
      if (block.lastOp?.name.name !== 'scf.reduce.return') {
        return op.emitOpError("reduction bodies must be terminated with an 'scf.reduce.return' op").fail()
      }
    }
    return true
  },
})

/** `scf.reduce.return`: yields the combined value of a reduction region. */
export const ReduceReturnOp: OdsOp = defineOp({
  name: 'scf.reduce.return',
  summary: 'terminator for reduce operation',
  operands: { result: AnyType },
  traits: Trait.Pure | Trait.IsTerminator,
  parentOpNames: ['scf.reduce'],
  assemblyFormat: '$result attr-dict `:` type($result)',
  verify(op) {
    const block = op.parentBlock!
    const expected = block.arguments[0]?.type
    if (expected !== undefined && expected !== op.getOperand(0).type) {
      return op.emitOpError(`must have type ${typeText(expected)} (the type of the reduction inputs)`).fail()
    }
    return true
  },
})
