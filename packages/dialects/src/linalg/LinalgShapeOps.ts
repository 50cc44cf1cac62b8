/**
 * `linalg.transpose` and `linalg.broadcast`: destination-style ops with one input and one init
 * whose body only yields the input element, written with a trailing `permutation = [...]` or
 * `dimensions = [...]` (MLIR's `TransposeOp` and `BroadcastOp`).
 */
import {
  AnyType,
  Block,
  DenseArrayAttr,
  DenseI64ArrayAttr,
  IntegerType,
  MemRefType,
  Operation,
  OperationState,
  RankedTensorType,
  Trait,
  defineOp,
  kDynamic,
  variadic,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type OpFoldResult,
  type Type,
  type Value,
} from '@tilepass/ir'
import { addPatterns, type CanonicalizationPattern } from '../internal/RewriterLike.ts'
import { eraseIdentityLinalgOp } from './LinalgOps.ts'
import { linalgDialectPatterns } from './LinalgCanonicalization.ts'
import {
  dpsInits,
  dpsInputs,
  elementTypeOrSelf,
  foldStructuredOp,
  i64ArrayOf,
  isPermutationVector,
  parseCommonStructuredOpParts,
  printCommonStructuredOpParts,
  shapeOpIndexingMaps,
  structuredOpBase,
  verifyDestinationStyle,
  verifyStructuredOp,
} from './LinalgStructured.ts'

function shapeOf(v: Value): readonly number[] {
  return v.type instanceof RankedTensorType || v.type instanceof MemRefType ? v.type.shape : []
}

function dimText(d: number): string {
  return d === kDynamic ? '-9223372036854775808' : String(d)
}

/** MLIR's `parseDstStyleOp` with one required `<name> = [i64, ...]` attribute, and the identity body. */
function parseShapeOp(attrName: string): (parser: OpAsmParser, state: OperationState) => LogicalResult {
  return (parser, state) => {
    const inputTypes: Type[] = []
    const outputTypes: Type[] = []
    if (!parseCommonStructuredOpParts(parser, state, inputTypes, outputTypes, false)) {
      return false
    }
    state.addTypes(outputTypes.filter((t) => t instanceof RankedTensorType))
    if (!parser.parseKeyword(attrName) || !parser.parseEqual() || !parser.parseLSquare()) {
      return false
    }
    const values: bigint[] = []
    if (!parser.parseOptionalRSquare()) {
      do {
        const v = parser.parseInteger()
        if (v === undefined) {
          return false
        }
        values.push(v)
      } while (parser.parseOptionalComma())
      if (!parser.parseRSquare()) {
        return false
      }
    }
    state.addAttribute(attrName, DenseArrayAttr.get(IntegerType.get(parser.context, 64), values))
    if (!parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    // MLIR's `buildIdentityRegion` (given every operand as an input): one argument per operand, yielding the first.
    const block = new Block()
    for (const v of state.operands) {
      block.addArgument(elementTypeOrSelf(v.type), state.location)
    }
    state.addRegion().push(block)
    const y = new OperationState(state.location, parser.context.getOperationName('linalg.yield'))
    y.addOperands(block.arguments.slice(0, 1))
    block.append(Operation.create(y))
    return true
  }
}

function printShapeOp(attrName: string): (op: Operation, p: OpAsmPrinter) => void {
  return (op, p) => {
    printCommonStructuredOpParts(p, dpsInputs(op), dpsInits(op))
    p.print(` ${attrName} = [${i64ArrayOf(op, attrName).join(', ')}] `)
    p.printOptionalAttrDict(op.getAttrs(), [attrName])
  }
}

function defineShapeOp(
  name: string,
  summary: string,
  attrName: string,
  resultName: string,
  verifyOp: (op: Operation) => LogicalResult,
  fold: (op: Operation) => readonly OpFoldResult[] | Operation | undefined,
  extraPatterns: readonly CanonicalizationPattern[],
): OdsOp {
  return defineOp({
    name: `linalg.${name}`,
    summary,
    operands: { input: AnyType, init: AnyType },
    results: { result: variadic(AnyType) },
    ...structuredOpBase,
    attributes: { [attrName]: DenseI64ArrayAttr },
    traits: Trait.RecursiveMemoryEffects,
    fold,
    parse: parseShapeOp(attrName),
    print: printShapeOp(attrName),
    getAsmResultNames(op, setName) {
      if (op.numResults > 0) {
        setName(op.getResult(0), resultName)
      }
    },
    verify(op: Operation): LogicalResult {
      return verifyDestinationStyle(op) && verifyOp(op)
    },
    verifyRegions(op: Operation): LogicalResult {
      const maps = shapeOpIndexingMaps(op)
      return maps === null || verifyStructuredOp(op, maps)
    },
    getCanonicalizationPatterns(patterns: unknown): void {
      addPatterns(patterns, [...linalgDialectPatterns(`linalg.${name}`), ...extraPatterns])
    },
  })
}

/** `linalg.transpose ins(%a) outs(%b) permutation = [...]`: `%b[i...] = %a[permutation(i...)]`. */
export const TransposeOp: OdsOp = defineShapeOp(
  'transpose',
  'Transpose operator',
  'permutation',
  'transposed',
  (op) => {
    const perm = i64ArrayOf(op, 'permutation')
    if (!isPermutationVector(perm)) {
      return op.emitOpError('permutation is not valid').fail()
    }
    const input = shapeOf(op.getOperand(0))
    const init = shapeOf(op.getOperand(1))
    if (input.length !== init.length) {
      return op.emitOpError(`input rank ${input.length} does not match init rank ${init.length}`).fail()
    }
    if (input.length !== perm.length) {
      return op.emitOpError(`size of permutation ${perm.length} does not match the argument rank ${input.length}`).fail()
    }
    for (let i = 0; i < perm.length; i++) {
      if (input[perm[i]!] !== init[i]) {
        return op.emitOpError(`dim(result, ${i}) = ${dimText(init[i]!)} doesn't match dim(input, permutation[${i}]) = ${dimText(input[perm[i]!]!)}`).fail()
      }
    }
    return true
  },
  // MLIR's `TransposeOp::fold`: on tensors, an identity (or empty) permutation gives the input.
  (op) => (op.getOperand(0).type instanceof RankedTensorType && i64ArrayOf(op, 'permutation').every((p, i) => p === i) ? [op.getOperand(0)] : undefined),
  [],
)

/** `linalg.broadcast ins(%a) outs(%b) dimensions = [...]`: `%a` repeated along the added dimensions of `%b`. */
export const BroadcastOp: OdsOp = defineShapeOp(
  'broadcast',
  'Static broadcast operator',
  'dimensions',
  'broadcasted',
  (op) => {
    const dims = i64ArrayOf(op, 'dimensions')
    const input = shapeOf(op.getOperand(0))
    const init = shapeOf(op.getOperand(1))
    if (input.length + dims.length !== init.length) {
      return op
        .emitOpError(`input rank plus added dimensions does not match init rank. input rank: ${input.length}, dimensions size: ${dims.length}, init rank: ${init.length}`)
        .fail()
    }
    for (let i = 0; i < dims.length; i++) {
      if (dims[i]! < 0 || dims[i]! >= init.length) {
        return op.emitOpError(`dimension ${i} is out of range. expected range: [0, ${init.length - 1}], got: ${dims[i]}`).fail()
      }
    }
    let inputDim = 0
    for (let d = 0; d < init.length; d++) {
      if (dims.includes(d)) {
        continue
      }
      if (input[inputDim] !== init[d]) {
        return op.emitOpError(`input dim ${inputDim} should match init dim ${d}. input: ${dimText(input[inputDim]!)}, init: ${dimText(init[d]!)}`).fail()
      }
      inputDim++
    }
    return true
  },
  foldStructuredOp,
  [eraseIdentityLinalgOp('linalg.broadcast', 'BroadcastOp')],
)
