/**
 * The named structured ops of the `linalg` dialect that are elementwise: `linalg.fill`,
 * `linalg.copy` and the unary and binary elementwise ops (`linalg.exp`, `linalg.add`, ...).
 * Their region is not written: it is built from the operand types when the op is parsed, as
 * MLIR's region builders do, and only the generic form prints it.
 */
import {
  AffineDimExpr,
  AffineMap,
  AffineMapAttr,
  AnyType,
  Block,
  FloatType,
  IndexType,
  IntegerType,
  Operation,
  OperationState,
  ArrayAttr,
  Trait,
  attrConstraint,
  defineOp,
  variadic,
  type AffineExpr,
  type Attribute,
  type Context,
  type Location,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Type,
  type Value,
} from '@tilepass/ir'
import { addPatterns, type CanonicalizationPattern } from '../internal/RewriterLike.ts'
import { typeText } from '../internal/typeText.ts'
import { eraseSelfCopy, foldFillWithTensorExtract, linalgDialectPatterns } from './LinalgCanonicalization.ts'
import {
  dpsInits,
  dpsInputs,
  elementTypeOrSelf,
  parseCommonStructuredOpParts,
  printCommonStructuredOpParts,
  structuredOpBase,
  verifyDestinationStyle,
} from './LinalgStructured.ts'
import { verifyStructuredRegions } from './LinalgOps.ts'

const AffineMapArray = attrConstraint('AffineMap array attribute', (a) => a instanceof ArrayAttr && a.elements.every((e) => e instanceof AffineMapAttr))

/** Builds the body of a named op: given the block and its arguments, returns the yielded values. */
type BodyBuilder = (b: BodyContext, args: readonly Value[]) => Value[] | string

/** Appends ops to the body block being built. */
class BodyContext {
  constructor(
    readonly block: Block,
    readonly loc: Location,
    readonly outType: Type,
  ) {}
  /** Appends `name(operands) -> type` and returns its result. */
  op(name: string, operands: readonly Value[], type: Type): Value {
    const state = new OperationState(this.loc, this.loc.context.getOperationName(name))
    state.addOperands(operands)
    state.addTypes([type])
    const op = Operation.create(state)
    this.block.append(op)
    return op.getResult(0)
  }
  /**
   * MLIR's `RegionBuilderHelper::buildTypeFn(cast_signed)`: `v` converted to `to`; a string
   * describes an unsupported conversion.
   */
  cast(v: Value, to: Type): Value | string {
    const from = v.type
    if (from === to) {
      return v
    }
    if (from instanceof FloatType && to instanceof FloatType) {
      return this.op(from.width < to.width ? 'arith.extf' : 'arith.truncf', [v], to)
    }
    if (from instanceof IntegerType && to instanceof IntegerType) {
      return this.op(from.width < to.width ? 'arith.extsi' : 'arith.trunci', [v], to)
    }
    if (from instanceof IntegerType && to instanceof FloatType) {
      return this.op(from.width === 1 ? 'arith.uitofp' : 'arith.sitofp', [v], to)
    }
    if (from instanceof FloatType && to instanceof IntegerType) {
      return this.op('arith.fptosi', [v], to)
    }
    if ((from instanceof IndexType && to instanceof IntegerType) || (from instanceof IntegerType && to instanceof IndexType)) {
      return this.op('arith.index_cast', [v], to)
    }
    return `unsupported type conversion from ${typeText(from)} to ${typeText(to)}`
  }
}

/** A unary op applying `fn` to the input cast to the output's element type. */
function unary(fn: (b: BodyContext, x: Value) => Value | string): BodyBuilder {
  return (b, args) => {
    const x = b.cast(args[0]!, b.outType)
    if (typeof x === 'string') {
      return x
    }
    const r = fn(b, x)
    return typeof r === 'string' ? r : [r]
  }
}

/** A binary op applying `fn` to both inputs cast to the output's element type. */
function binary(fn: (b: BodyContext, x: Value, y: Value) => Value | string): BodyBuilder {
  return (b, args) => {
    const x = b.cast(args[0]!, b.outType)
    const y = b.cast(args[1]!, b.outType)
    if (typeof x === 'string') {
      return x
    }
    if (typeof y === 'string') {
      return y
    }
    const r = fn(b, x, y)
    return typeof r === 'string' ? r : [r]
  }
}

function floatOnly(name: string): (b: BodyContext, x: Value) => Value | string {
  return (b, x) => (x.type instanceof FloatType ? b.op(name, [x], x.type) : `unsupported non numeric type`)
}

/** `arith.<f>` on floats, `arith.<i>` on integers. */
function arith2(f: string, i: string): (b: BodyContext, x: Value, y: Value) => Value | string {
  return (b, x, y) => {
    if (x.type instanceof FloatType) {
      return b.op(f, [x, y], x.type)
    }
    if (x.type instanceof IntegerType && i !== '') {
      return b.op(i, [x, y], x.type)
    }
    return 'unsupported non numeric type'
  }
}

function parseNamed(numInputs: number, body: BodyBuilder, defaultMaps: ((ctx: Context) => AffineMap[]) | null = null): (parser: OpAsmParser, state: OperationState) => LogicalResult {
  return (parser, state) => {
    const start = parser.getCurrentLocation()
    if (defaultMaps !== null) {
      // `indexing_maps = [...]` before the operands; the defaults are stored when absent.
      const maps: Attribute[] = []
      if (parser.parseOptionalKeyword('indexing_maps')) {
        if (!parser.parseEqual() || !parser.parseLSquare()) {
          return false
        }
        do {
          const m = parser.parseAttribute()
          if (m === undefined) {
            return false
          }
          if (!(m instanceof AffineMapAttr)) {
            return parser.emitError(parser.getCurrentLocation(), 'expected affine map attribute').fail()
          }
          maps.push(m)
        } while (parser.parseOptionalComma())
        if (!parser.parseRSquare()) {
          return false
        }
      } else {
        maps.push(...defaultMaps(parser.context).map((m) => AffineMapAttr.get(m)))
      }
      state.addAttribute('indexing_maps', ArrayAttr.get(parser.context, maps))
    }
    const inputTypes: Type[] = []
    const outputTypes: Type[] = []
    if (!parseCommonStructuredOpParts(parser, state, inputTypes, outputTypes)) {
      return false
    }
    if (!parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    const results = parser.parseOptionalArrowTypeList()
    if (results === undefined) {
      return false
    }
    state.addTypes(results)
    const argTypes = [...inputTypes, ...outputTypes].map(elementTypeOrSelf)
    if (argTypes.length !== numInputs + 1) {
      return parser.emitError(parser.getCurrentLocation(), `[parseNamedStructuredOpRegion] ods-gen generated region expects ${numInputs + 1} args, got ${argTypes.length}`).fail()
    }
    const block = new Block()
    for (const t of argTypes) {
      block.addArgument(t, state.location)
    }
    state.addRegion().push(block)
    const ctx = new BodyContext(block, state.location, argTypes[argTypes.length - 1]!)
    const yielded = body(ctx, block.arguments)
    if (typeof yielded === 'string') {
      return parser.emitError(start, yielded).fail()
    }
    const y = new OperationState(state.location, parser.context.getOperationName('linalg.yield'))
    y.addOperands(yielded)
    block.append(Operation.create(y))
    return true
  }
}

function printNamed(op: Operation, p: OpAsmPrinter): void {
  p.printOptionalAttrDict(op.getAttrs(), ['operandSegmentSizes'])
  printCommonStructuredOpParts(p, dpsInputs(op), dpsInits(op))
  p.printArrowTypeList(op.resultTypes)
}

/** Defines a named elementwise structured op `linalg.<name>` with `numInputs` inputs and one init. */
function namedOp(name: string, summary: string, numInputs: number, body: BodyBuilder, extraVerify?: (op: Operation) => LogicalResult, extraPatterns: readonly CanonicalizationPattern[] = []): OdsOp {
  return defineOp({
    name: `linalg.${name}`,
    summary,
    operands: { inputs: variadic(AnyType), outputs: variadic(AnyType) },
    results: { result_tensors: variadic(AnyType) },
    ...structuredOpBase,
    traits: Trait.AttrSizedOperandSegments | Trait.RecursiveMemoryEffects,
    parse: parseNamed(numInputs, body),
    print: printNamed,
    verify(op: Operation): LogicalResult {
      return verifyDestinationStyle(op) && (extraVerify === undefined || extraVerify(op))
    },
    verifyRegions: verifyStructuredRegions,
    getCanonicalizationPatterns(patterns: unknown): void {
      addPatterns(patterns, [...linalgDialectPatterns(`linalg.${name}`), ...extraPatterns])
    },
  })
}

/** `linalg.fill ins(%v : f32) outs(%t : tensor<...>)`: every element of the init set to `%v`. */
export const FillOp: OdsOp = namedOp(
  'fill',
  'Fills the output tensor with the given value.',
  1,
  (_b, args) => [args[0]!],
  (op) => {
    const fillType = op.getOperand(0).type
    const elementType = elementTypeOrSelf(dpsInits(op)[0]!.type)
    return fillType === elementType ? true : op.emitOpError(`expected fill value type (${typeText(fillType)}) to match output element type (${typeText(elementType)})`).fail()
  },
  [foldFillWithTensorExtract],
)

/** `linalg.copy`: the input copied into the init. */
export const CopyOp: OdsOp = namedOp('copy', 'Copies the tensor elementwise.', 1, unary((_b, x) => x), undefined, [eraseSelfCopy])

/** The default maps of `linalg.matmul`: `(m, k)`, `(k, n)` and `(m, n)` over `(m, n, k)`. */
function matmulMaps(ctx: Context): AffineMap[] {
  const d = (i: number): AffineExpr => AffineDimExpr.get(ctx, i)
  return [AffineMap.get(ctx, 3, 0, [d(0), d(2)]), AffineMap.get(ctx, 3, 0, [d(2), d(1)]), AffineMap.get(ctx, 3, 0, [d(0), d(1)])]
}

/** `linalg.matmul`: `C += A * B` (inputs cast to the init's element type); user maps print as `indexing_maps = [...]`. */
export const MatmulOp: OdsOp = defineOp({
  name: 'linalg.matmul',
  summary: 'Performs a matrix multiplication of two 2D inputs without broadcast or transpose.',
  operands: { inputs: variadic(AnyType), outputs: variadic(AnyType) },
  results: { result_tensors: variadic(AnyType) },
  ...structuredOpBase,
  attributes: { indexing_maps: AffineMapArray },
  traits: Trait.AttrSizedOperandSegments | Trait.RecursiveMemoryEffects,
  parse: parseNamed(
    2,
    (b, args) => {
      const x = b.cast(args[0]!, b.outType)
      const y = b.cast(args[1]!, b.outType)
      if (typeof x === 'string' || typeof y === 'string') {
        return typeof x === 'string' ? x : (y as string)
      }
      const mul = arith2('arith.mulf', 'arith.muli')(b, x, y)
      if (typeof mul === 'string') {
        return mul
      }
      const add = arith2('arith.addf', 'arith.addi')(b, args[2]!, mul)
      return typeof add === 'string' ? add : [add]
    },
    matmulMaps,
  ),
  print(op: Operation, p: OpAsmPrinter): void {
    const maps = op.getAttr('indexing_maps')
    const defaults = matmulMaps(op.context)
    if (maps instanceof ArrayAttr && !(maps.length === 3 && maps.elements.every((m, i) => m instanceof AffineMapAttr && m.value === defaults[i]))) {
      p.print(' indexing_maps = [')
      maps.elements.forEach((m, i) => {
        if (i > 0) {
          p.print(', ')
        }
        p.printAttribute(m)
      })
      p.print(']')
    }
    p.printOptionalAttrDict(op.getAttrs(), ['operandSegmentSizes', 'linalg.memoized_indexing_maps', 'indexing_maps'])
    printCommonStructuredOpParts(p, dpsInputs(op), dpsInits(op))
    p.printArrowTypeList(op.resultTypes)
  },
  verify: verifyDestinationStyle,
  verifyRegions: verifyStructuredRegions,
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, linalgDialectPatterns('linalg.matmul'))
  },
})

/** The unary elementwise named ops and the `math`/`arith` op each applies. */
const UNARY: readonly [string, string, (b: BodyContext, x: Value) => Value | string][] = [
  ['exp', 'Applies exp(x) elementwise.', floatOnly('math.exp')],
  ['log', 'Applies log(x) elementwise.', floatOnly('math.log')],
  ['abs', 'Applies abs(x) elementwise.', floatOnly('math.absf')],
  ['ceil', 'Applies ceil(x) elementwise.', floatOnly('math.ceil')],
  ['floor', 'Applies floor(x) elementwise.', floatOnly('math.floor')],
  ['negf', 'Applies negf(x) elementwise.', floatOnly('arith.negf')],
  ['round', 'Applies round(x) elementwise.', floatOnly('math.round')],
  ['sqrt', 'Applies sqrt(x) elementwise.', floatOnly('math.sqrt')],
  ['rsqrt', 'Applies rsqrt(x) elementwise.', floatOnly('math.rsqrt')],
  ['tanh', 'Applies tanh(x) elementwise.', floatOnly('math.tanh')],
  ['erf', 'Applies erf(x) elementwise.', floatOnly('math.erf')],
  ['square', 'Applies square(x) elementwise.', (b, x) => arith2('arith.mulf', 'arith.muli')(b, x, x)],
]

/** The binary elementwise named ops. */
const BINARY: readonly [string, string, (b: BodyContext, x: Value, y: Value) => Value | string][] = [
  ['add', 'Adds two tensors elementwise.', arith2('arith.addf', 'arith.addi')],
  ['sub', 'Subtracts two tensors elementwise.', arith2('arith.subf', 'arith.subi')],
  ['mul', 'Multiplies two tensors elementwise.', arith2('arith.mulf', 'arith.muli')],
  ['div', 'Divides the first tensor by the second tensor, elementwise.', arith2('arith.divf', 'arith.divsi')],
  ['div_unsigned', 'Divides the first tensor by the second tensor, elementwise. For integer types, performs an unsigned division.', arith2('arith.divf', 'arith.divui')],
  ['max', 'Takes the max (signed) between two inputs, elementwise.', arith2('arith.maximumf', 'arith.maxsi')],
  ['min', 'Takes the min (signed) between two inputs, elementwise.', arith2('arith.minimumf', 'arith.minsi')],
  ['powf', 'Takes the powf(lhs, rhs) between two inputs, elementwise. For powf(arg, 2) use `linalg.square`.', arith2('math.powf', '')],
]

/** The elementwise named ops (`linalg.exp`, `linalg.add`, ...). */
export const elementwiseNamedOps: readonly OdsOp[] = [
  ...UNARY.map(([name, summary, fn]) => namedOp(name, summary, 1, unary(fn))),
  ...BINARY.map(([name, summary, fn]) => namedOp(name, summary, 2, binary(fn))),
]
