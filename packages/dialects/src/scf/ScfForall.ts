import {
  AnyRankedTensor,
  ArrayAttr,
  Block,
  DenseArrayAttr,
  DenseI64ArrayAttr,
  DialectAttr,
  Index,
  IndexType,
  IntegerType,
  LoopLikeOpInterface,
  OpaqueAttr,
  Operation,
  OperationState,
  RegionBranchOpInterface,
  SizedRegion,
  Trait,
  attrConstraint,
  defineOp,
  optionalAttr,
  resolveOperandList,
  variadic,
  type Location,
  type LogicalResult,
  type OdsOp,
  type OpAsmArgument,
  type OpAsmParser,
  type OpAsmPrinter,
  type OperationState as State,
  type Region,
  type RegionSuccessor,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { parseDynamicIndexList, printDynamicIndexList } from '../internal/DynamicIndexList.ts'
import { addPatterns } from '../internal/RewriterLike.ts'
import { forallCanonicalizationPatterns, i64Array, segments } from './ScfForallCanonicalization.ts'

/** `DeviceMappingArrayAttr`: an array of device mapping attributes (dialect attributes such as `#gpu.thread<x>`). */
const DeviceMappingArrayAttr = attrConstraint(
  'Device Mapping array attribute',
  (a) => a instanceof ArrayAttr && a.elements.every((e) => e instanceof DialectAttr || e instanceof OpaqueAttr),
)

// MLIR's ShapedType::kDynamic (INT64_MIN), as stored in the static bound arrays.
const KDYN = -9223372036854775808n

function groups(op: Operation): Value[][] {
  const all = op.getOperands()
  const out: Value[][] = []
  let start = 0
  for (const n of segments(op)) {
    out.push(all.slice(start, start + n))
    start += n
  }
  return out
}

/** Appends `scf.forall.in_parallel` (with its empty block) when the forall body lacks a terminator. */
function ensureInParallel(region: Region, loc: Location): void {
  let block = region.firstBlock
  if (block === null) {
    block = new Block()
    region.push(block)
  }
  const last = block.lastOp
  if (last !== null && last.hasTrait(Trait.IsTerminator)) {
    return
  }
  const state = new OperationState(loc, loc.context.getOperationName('scf.forall.in_parallel'))
  state.addRegion().push(new Block())
  block.append(Operation.create(state))
}

function verifyList(op: Operation, name: string, numElements: number, statics: readonly bigint[], dynamic: readonly Value[]): LogicalResult {
  if (statics.length !== numElements) {
    return op.emitError(`expected ${numElements} ${name} values, got ${statics.length}`).fail()
  }
  const expected = statics.filter((v) => v === KDYN).length
  if (dynamic.length !== expected) {
    return op.emitError(`expected ${expected} dynamic ${name} values`).fail()
  }
  return true
}

/** `scf.forall`: a multi-dimensional parallel loop over tensors with `shared_outs`. */
export const ForallOp: OdsOp = defineOp({
  name: 'scf.forall',
  summary: 'evaluate a block multiple times in parallel',
  operands: {
    dynamicLowerBound: variadic(Index),
    dynamicUpperBound: variadic(Index),
    dynamicStep: variadic(Index),
    outputs: variadic(AnyRankedTensor),
  },
  results: { results: variadic(AnyRankedTensor) },
  attributes: {
    staticLowerBound: DenseI64ArrayAttr,
    staticUpperBound: DenseI64ArrayAttr,
    staticStep: DenseI64ArrayAttr,
    mapping: optionalAttr(DeviceMappingArrayAttr),
  },
  regions: { region: SizedRegion(1) },
  traits: Trait.AttrSizedOperandSegments | Trait.AutomaticAllocationScope | Trait.RecursiveMemoryEffects,
  implicitTerminatorName: 'scf.forall.in_parallel',
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
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, forallCanonicalizationPatterns)
  },
  parse(parser: OpAsmParser, state: State): LogicalResult {
    const ctx = parser.context
    const index = IndexType.get(ctx)
    const ivs = parser.parseArgumentList('paren', false, false)
    if (ivs === undefined) {
      return false
    }
    const dyn: UnresolvedOperand[][] = [[], [], []]
    const stat: bigint[][] = [[], [], []]
    if (parser.parseOptionalKeyword('in')) {
      if (!parseDynamicIndexList(parser, dyn[1]!, stat[1]!, 'paren') || !parser.resolveOperands(dyn[1]!, index, parser.getCurrentLocation(), state.operands)) {
        return false
      }
      stat[0] = ivs.map(() => 0n)
      stat[2] = ivs.map(() => 1n)
    } else {
      if (!parser.parseEqual()) {
        return false
      }
      for (let g = 0; g < 3; g++) {
        if (g === 1 && !parser.parseKeyword('to')) {
          return false
        }
        if (g === 2 && !parser.parseKeyword('step')) {
          return false
        }
        if (!parseDynamicIndexList(parser, dyn[g]!, stat[g]!, 'paren') || !parser.resolveOperands(dyn[g]!, index, parser.getCurrentLocation(), state.operands)) {
          return false
        }
      }
    }
    const outArgs: OpAsmArgument[] = []
    const outOperands: UnresolvedOperand[] = []
    const outLoc = parser.getCurrentLocation()
    if (parser.parseOptionalKeyword('shared_outs')) {
      if (!parser.parseAssignmentList(outArgs, outOperands)) {
        return false
      }
      const types = parser.parseOptionalArrowTypeList()
      if (types === undefined) {
        return false
      }
      state.addTypes(types)
      if (!resolveOperandList(parser, outOperands, types, outLoc, state.operands)) {
        return false
      }
    }
    const regionArgs: OpAsmArgument[] = []
    for (const iv of ivs) {
      iv.type = index
      regionArgs.push(iv)
    }
    for (let i = 0; i < outArgs.length; i++) {
      outArgs[i]!.type = state.types[i] ?? null
      regionArgs.push(outArgs[i]!)
    }
    const body = state.addRegion()
    if (!parser.parseRegion(body, regionArgs)) {
      return false
    }
    ensureInParallel(body, state.location)
    if (!parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    const i64 = IntegerType.get(ctx, 64)
    state.addProperty('staticLowerBound', DenseArrayAttr.get(i64, stat[0]!))
    state.addProperty('staticUpperBound', DenseArrayAttr.get(i64, stat[1]!))
    state.addProperty('staticStep', DenseArrayAttr.get(i64, stat[2]!))
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [dyn[0]!.length, dyn[1]!.length, dyn[2]!.length, outOperands.length]))
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const [lbs, ubs, steps, outs] = groups(op)
    const sl = i64Array(op, 'staticLowerBound')
    const su = i64Array(op, 'staticUpperBound')
    const ss = i64Array(op, 'staticStep')
    const body = op.getRegion(0).front
    const rank = sl.length
    p.print(' (')
    p.printOperands(body.arguments.slice(0, rank))
    const normalized = lbs!.length === 0 && steps!.length === 0 && sl.every((v) => v === 0n) && ss.every((v) => v === 1n)
    if (normalized) {
      p.print(') in ')
      printDynamicIndexList(p, ubs!, su, KDYN, 'paren')
    } else {
      p.print(') = ')
      printDynamicIndexList(p, lbs!, sl, KDYN, 'paren')
      p.print(' to ')
      printDynamicIndexList(p, ubs!, su, KDYN, 'paren')
      p.print(' step ')
      printDynamicIndexList(p, steps!, ss, KDYN, 'paren')
    }
    const outArgs = body.arguments.slice(rank)
    if (outs!.length !== 0) {
      p.print(' shared_outs(')
      for (let i = 0; i < outs!.length; i++) {
        if (i > 0) {
          p.print(', ')
        }
        p.printOperand(outArgs[i]!)
        p.print(' = ')
        p.printOperand(outs![i]!)
      }
      p.print(')')
    }
    p.print(' ')
    if (outArgs.length !== 0) {
      p.print('-> (')
      p.printTypes(op.resultTypes)
      p.print(') ')
    }
    p.printRegion(op.getRegion(0), false, op.numResults > 0)
    p.printOptionalAttrDict(op.getAttrs(), ['operandSegmentSizes', 'staticLowerBound', 'staticUpperBound', 'staticStep'])
  },
  verify(op) {
    const [lbs, ubs, steps, outs] = groups(op)
    const sl = i64Array(op, 'staticLowerBound')
    const numLoops = sl.length
    if (op.numResults !== outs!.length) {
      return op.emitOpError(`produces ${op.numResults} results, but has only ${outs!.length} outputs`).fail()
    }
    const body = op.getRegion(0).front
    if (body.numArguments !== numLoops + outs!.length) {
      return op.emitOpError(`region expects ${numLoops} arguments`).fail()
    }
    for (let i = 0; i < numLoops; i++) {
      if (!(body.getArgument(i).type instanceof IndexType)) {
        return op.emitOpError(`expects ${i}-th block argument to be an index`).fail()
      }
    }
    for (let i = 0; i < outs!.length; i++) {
      if (body.getArgument(i + numLoops).type !== outs![i]!.type) {
        return op.emitOpError(`type mismatch between ${i}-th output and corresponding block argument`).fail()
      }
    }
    const mapping = op.getAttr('mapping')
    if (mapping instanceof ArrayAttr && mapping.length !== 0 && mapping.length !== numLoops) {
      return op.emitOpError('mapping attribute size must match op rank').fail()
    }
    return (
      verifyList(op, 'lower bound', numLoops, sl, lbs!) &&
      verifyList(op, 'upper bound', numLoops, i64Array(op, 'staticUpperBound'), ubs!) &&
      verifyList(op, 'step', numLoops, i64Array(op, 'staticStep'), steps!)
    )
  },
})

/** `scf.forall.in_parallel`: the terminator of `scf.forall`, holding the parallel-combining ops. */
export const InParallelOp: OdsOp = defineOp({
  name: 'scf.forall.in_parallel',
  summary: 'terminates a `forall` block',
  regions: { region: SizedRegion(1) },
  traits: Trait.IsTerminator | Trait.NoTerminator | Trait.RecursiveMemoryEffects,
  parentOpNames: ['scf.forall'],
  parse(parser: OpAsmParser, state: State): LogicalResult {
    const region = state.addRegion()
    if (!parser.parseRegion(region, [])) {
      return false
    }
    if (region.empty) {
      region.push(new Block())
    }
    return parser.parseOptionalAttrDict(state.attributes)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printRegion(op.getRegion(0), false, false)
    p.printOptionalAttrDict(op.getAttrs())
  },
  verify(op) {
    for (const inner of op.getRegion(0).front.operations) {
      // Only ParallelCombiningOpInterface ops (tensor.parallel_insert_slice) may appear here.
      if (inner.name.name !== 'tensor.parallel_insert_slice') {
        return op.emitOpError('expected only ParallelCombiningOpInterface ops').fail()
      }
    }
    return true
  },
})
