/**
 * Chapter 2: the `toy` dialect, declared with `defineOp`; chapter 3 adds its
 * canonicalization patterns and folders; chapter 4 its shape-inference hooks.
 *
 * Values are tensors of f64: `tensor<*xf64>` until shape inference makes them ranked.
 */
import {
  AnyRegion,
  CallOpInterface,
  DenseIntOrFPElementsAttr,
  DictArrayAttr,
  F64,
  FlatSymbolRefAttr,
  FloatType,
  FunctionType,
  FunctionTypeAttr,
  MemRefType,
  OpInterface,
  OpRewritePattern,
  RankedTensorType,
  StrAttr,
  SymbolNameAttr,
  type SymbolRefAttr,
  SymbolTable,
  Trait,
  UnrankedTensorType,
  attrConstraint,
  defineOp,
  failure,
  optional,
  optionalAttr,
  printType,
  success,
  typeConstraint,
  variadic,
  type Attribute,
  type Context,
  type DialectDefinition,
  type LogicalResult,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type PatternRewriter,
  type RewritePatternSet,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { FuncOp as FuncFuncOp, getFunctionType, parseFunctionOp, printFunctionOp, verifyFunctionLike } from '@tilepass/dialects'

/** True for a ranked or unranked tensor of f64. */
function isF64Tensor(t: Type): t is RankedTensorType | UnrankedTensorType {
  return (t instanceof RankedTensorType || t instanceof UnrankedTensorType) && F64.check(t.elementType)
}

/** Any tensor of f64: Toy's only value type. */
export const F64Tensor = typeConstraint('tensor of 64-bit float values', isF64Tensor)

/** A tensor of f64 with a static shape (what `toy.reshape` produces). */
export const StaticF64Tensor = typeConstraint(
  'statically shaped tensor of 64-bit float values',
  (t) => t instanceof RankedTensorType && t.hasStaticShape && F64.check(t.elementType),
)

/** `dense<...> : tensor<...xf64>`. */
export const F64ElementsAttr = attrConstraint(
  '64-bit float elements attribute',
  (a) => a instanceof DenseIntOrFPElementsAttr && F64.check(a.type.elementType),
)

/** `tensor<*xf64>`, the type of a value whose shape is not known yet. */
export function unrankedF64(ctx: Context): UnrankedTensorType {
  return UnrankedTensorType.get(FloatType.get(ctx, 'f64'))
}

/** The `'tensor<...>'` spelling used in diagnostics. */
function quoted(t: Type): string {
  return `'${printType(t)}'`
}

// ---- chapter 4: shape inference as an op interface ----------------------------------------

/** What an op implements to take part in shape inference. */
export interface ShapeInferenceImpl {
  /** Sets the op's result types from its (ranked) operand types. */
  inferShapes(op: Operation): void
}

/** The shape-inference interface: ops that can compute their result shapes from their operands. */
export const ShapeInference: OpInterface<ShapeInferenceImpl> = new OpInterface<ShapeInferenceImpl>('toy.ShapeInference')

/** Result type = the first operand's type. */
const sameAsInput = ShapeInference.impl({
  inferShapes(op: Operation): void {
    op.getResult(0).type = op.getOperand(0).type
  },
})

// ---- binary ops: `toy.add %a, %b : tensor<*xf64>` -------------------------------------------

/**
 * Parses `%a, %b attr-dict : T` (every type `T`) or `: (T1, T2) -> T3`, the short and the
 * long form of a binary op.
 */
function parseBinaryOp(parser: OpAsmParser, state: OperationState): LogicalResult {
  const lhs = parser.parseOperand()
  if (lhs === undefined || !parser.parseComma()) {
    return false
  }
  const rhs = parser.parseOperand()
  if (rhs === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
    return false
  }
  const loc = parser.getCurrentLocation()
  const type = parser.parseColonType()
  if (type === undefined) {
    return false
  }
  const operands: UnresolvedOperand[] = [lhs, rhs]
  if (type instanceof FunctionType) {
    if (type.inputs.length !== 2 || type.results.length !== 1) {
      parser.emitError(loc, 'expected a function type with two inputs and one result').report()
      return false
    }
    state.addTypes(type.results)
    return parser.resolveOperand(operands[0]!, type.inputs[0]!, state.operands) && parser.resolveOperand(operands[1]!, type.inputs[1]!, state.operands)
  }
  state.addTypes([type])
  return parser.resolveOperand(operands[0]!, type, state.operands) && parser.resolveOperand(operands[1]!, type, state.operands)
}

/** Prints the short form when all three types agree, the functional form otherwise. */
function printBinaryOp(op: Operation, p: OpAsmPrinter): void {
  p.print(' ')
  p.printOperands(op.getOperands())
  p.printOptionalAttrDict(op.getAttrs())
  p.print(' : ')
  const t = op.getResult(0).type
  if (op.getOperand(0).type === t && op.getOperand(1).type === t) {
    p.printType(t)
  } else {
    p.printFunctionalType(
      op.getOperands().map((v) => v.type),
      [t],
    )
  }
}

// ---- ops --------------------------------------------------------------------------------------

/** `toy.constant dense<[1.0, 2.0]> : tensor<2xf64>`: a constant tensor. */
export const ConstantOp = defineOp({
  name: 'toy.constant',
  summary: 'constant tensor',
  results: { result: F64Tensor },
  attributes: { value: F64ElementsAttr },
  traits: Trait.Pure | Trait.ConstantLike,
  assemblyFormat: 'attr-dict $value',
  inferResultTypes(state: OperationState): Type[] | undefined {
    const value = [...state.properties, ...state.attributes].find((a) => a.name === 'value')?.value
    return value instanceof DenseIntOrFPElementsAttr ? [value.type] : undefined
  },
  verify(op: Operation): LogicalResult {
    const value = op.getAttr('value') as DenseIntOrFPElementsAttr
    const result = op.getResult(0).type
    if (result instanceof RankedTensorType && result !== value.type) {
      return op.emitOpError(`result type ${quoted(result)} does not match the type of the value ${quoted(value.type)}`).fail()
    }
    return true
  },
  fold: (op) => [op.getAttr('value')!],
})

/** Element-wise addition. */
export const AddOp = defineOp({
  name: 'toy.add',
  summary: 'element-wise addition',
  operands: { lhs: F64Tensor, rhs: F64Tensor },
  results: { result: F64Tensor },
  traits: Trait.Pure,
  interfaces: [sameAsInput],
  parse: parseBinaryOp,
  print: printBinaryOp,
})

/** Element-wise multiplication. */
export const MulOp = defineOp({
  name: 'toy.mul',
  summary: 'element-wise multiplication',
  operands: { lhs: F64Tensor, rhs: F64Tensor },
  results: { result: F64Tensor },
  traits: Trait.Pure,
  interfaces: [sameAsInput],
  parse: parseBinaryOp,
  print: printBinaryOp,
})

/** The transposed shape of a ranked tensor type. */
function transposedType(t: RankedTensorType): RankedTensorType {
  return RankedTensorType.get([...t.shape].reverse(), t.elementType)
}

/** `toy.transpose(%x : tensor<2x3xf64>) to tensor<3x2xf64>`. */
export const TransposeOp = defineOp({
  name: 'toy.transpose',
  summary: 'transpose',
  operands: { input: F64Tensor },
  results: { result: F64Tensor },
  traits: Trait.Pure,
  interfaces: [
    ShapeInference.impl({
      inferShapes(op: Operation): void {
        const t = op.getOperand(0).type
        if (t instanceof RankedTensorType) {
          op.getResult(0).type = transposedType(t)
        }
      },
    }),
  ],
  assemblyFormat: '`(` $input `:` type($input) `)` attr-dict `to` type(results)',
  verify(op: Operation): LogicalResult {
    const input = op.getOperand(0).type
    const result = op.getResult(0).type
    if (input instanceof RankedTensorType && result instanceof RankedTensorType && transposedType(input) !== result) {
      return op.emitError('expected result shape to be a transpose of the input').fail()
    }
    return true
  },
  getCanonicalizationPatterns(patterns: RewritePatternSet): void {
    patterns.add(new TransposeOfTranspose())
  },
})

/** `toy.reshape(%x : tensor<6xf64>) to tensor<2x3xf64>`. */
export const ReshapeOp = defineOp({
  name: 'toy.reshape',
  summary: 'tensor reshape',
  operands: { input: F64Tensor },
  results: { result: StaticF64Tensor },
  traits: Trait.Pure,
  assemblyFormat: '`(` $input `:` type($input) `)` attr-dict `to` type(results)',
  verify(op: Operation): LogicalResult {
    const input = op.getOperand(0).type
    const result = op.getResult(0).type as RankedTensorType
    if (input instanceof RankedTensorType && input.hasStaticShape && input.numElements !== result.numElements) {
      return op.emitOpError(`cannot reshape ${input.numElements} elements (${quoted(input)}) to ${quoted(result)}`).fail()
    }
    return true
  },
  // reshape(constant) is a constant of the new shape; reshape to the same type is the input.
  fold(op: Operation, operands: readonly (Attribute | null)[]) {
    const result = op.getResult(0).type as RankedTensorType
    if (op.getOperand(0).type === result) {
      return [op.getOperand(0)]
    }
    const value = operands[0]
    if (value instanceof DenseIntOrFPElementsAttr && value.numElements === result.numElements) {
      return [DenseIntOrFPElementsAttr.get(result, value.values, value.isSplat)]
    }
    return undefined
  },
  getCanonicalizationPatterns(patterns: RewritePatternSet): void {
    patterns.add(new ReshapeOfReshape())
  },
})

/** A tensor of f64, or (after the chapter 5 lowering) a buffer of f64. */
export const F64TensorOrMemRef = typeConstraint(
  'tensor of 64-bit float values or memref of 64-bit float values',
  (t) => isF64Tensor(t) || (t instanceof MemRefType && F64.check(t.elementType)),
)

/** `toy.print %x : tensor<2x3xf64>`: prints a tensor, or a buffer after lowering (a side effect: never erased). */
export const PrintOp = defineOp({
  name: 'toy.print',
  summary: 'print a tensor',
  operands: { input: F64TensorOrMemRef },
  assemblyFormat: '$input attr-dict `:` type($input)',
})

/** `toy.cast %x : tensor<2x3xf64> to tensor<*xf64>`: changes what is known of the shape. */
export const CastOp = defineOp({
  name: 'toy.cast',
  summary: 'shape cast',
  operands: { input: F64Tensor },
  results: { output: F64Tensor },
  traits: Trait.Pure,
  interfaces: [sameAsInput],
  assemblyFormat: '$input attr-dict `:` type($input) `to` type($output)',
  verify(op: Operation): LogicalResult {
    const input = op.getOperand(0).type
    const output = op.getResult(0).type
    if (input instanceof RankedTensorType && output instanceof RankedTensorType) {
      const compatible = input.rank === output.rank && input.shape.every((d, i) => d === output.shape[i])
      if (!compatible) {
        return op.emitOpError(`operand type ${quoted(input)} and result type ${quoted(output)} are cast incompatible`).fail()
      }
    }
    return true
  },
  fold: (op) => (op.getOperand(0).type === op.getResult(0).type ? [op.getOperand(0)] : undefined),
})

/** `toy.generic_call @f(%a, %b) : (tensor<*xf64>, tensor<*xf64>) -> tensor<*xf64>`. */
export const GenericCallOp = defineOp({
  name: 'toy.generic_call',
  summary: 'call of a generic function',
  operands: { inputs: variadic(F64Tensor) },
  results: { '#0': variadic(F64Tensor) },
  attributes: { callee: FlatSymbolRefAttr },
  interfaces: [
    CallOpInterface.impl({
      getCallee: (op: Operation) => op.getAttr('callee') as SymbolRefAttr,
      getArgOperands: (op: Operation) => op.getOperands(),
    }),
  ],
  assemblyFormat: '$callee `(` $inputs `)` attr-dict `:` functional-type($inputs, results)',
  verifySymbolUses(op: Operation): LogicalResult {
    const callee = op.getAttr('callee') as SymbolRefAttr
    const fn = SymbolTable.lookupNearestSymbolFrom(op, callee)
    if (fn === undefined || fn.name.name !== 'toy.func') {
      return op.emitOpError(`'${callee.leafReference}' does not reference a toy.func`).fail()
    }
    const type = getFunctionType(fn)
    if (type.inputs.length !== op.numOperands) {
      return op.emitOpError(`expects ${type.inputs.length} arguments for '${callee.leafReference}', got ${op.numOperands}`).fail()
    }
    if (type.results.length !== op.numResults) {
      return op.emitOpError(`expects ${type.results.length} results for '${callee.leafReference}', got ${op.numResults}`).fail()
    }
    return true
  },
})

/** `toy.func @name(%a: tensor<*xf64>) -> tensor<*xf64> { ... }`. */
export const FuncOp = defineOp({
  name: 'toy.func',
  summary: 'a Toy function',
  attributes: {
    sym_name: SymbolNameAttr,
    function_type: FunctionTypeAttr,
    sym_visibility: optionalAttr(StrAttr),
    arg_attrs: optionalAttr(DictArrayAttr),
    res_attrs: optionalAttr(DictArrayAttr),
  },
  regions: { body: AnyRegion },
  traits: Trait.IsolatedFromAbove | Trait.Symbol,
  // The same FunctionOpInterface and CallableOpInterface as `func.func`: both read `function_type`.
  interfaces: FuncFuncOp.interfaces,
  parse: (parser: OpAsmParser, state: OperationState) => parseFunctionOp(parser, state, 'function_type', 'arg_attrs', 'res_attrs'),
  print: (op: Operation, printer: OpAsmPrinter) => printFunctionOp(op, printer, 'function_type', 'arg_attrs', 'res_attrs'),
  verify: (op: Operation) => verifyFunctionLike(op, 'arg_attrs', 'res_attrs'),
})

/** `toy.return` or `toy.return %x : tensor<*xf64>`: ends a function. */
export const ReturnOp = defineOp({
  name: 'toy.return',
  summary: 'return from a function',
  operands: { input: optional(F64Tensor) },
  traits: Trait.Pure | Trait.ReturnLike | Trait.IsTerminator,
  parentOpNames: ['toy.func'],
  assemblyFormat: 'attr-dict ($input^ `:` type($input))?',
  verify(op: Operation): LogicalResult {
    const fn = op.parentOp!
    const results = getFunctionType(fn).results
    if (op.numOperands !== results.length) {
      return op.emitOpError(`has ${op.numOperands} operands, but enclosing function (@${SymbolTable.getSymbolName(fn) ?? ''}) returns ${results.length}`).fail()
    }
    if (results.length === 1) {
      const t = op.getOperand(0).type
      const expected = results[0]!
      // A generic function returns tensor<*xf64>; either side may still be unranked.
      if (t !== expected && !(t instanceof UnrankedTensorType) && !(expected instanceof UnrankedTensorType)) {
        return op.emitError(`type of return operand (${quoted(t)}) doesn't match function result type (${quoted(expected)})`).fail()
      }
    }
    return true
  },
})

// ---- chapter 3: canonicalization patterns -----------------------------------------------

/** The op defining operand 0 of `op` when it has the same name as `op` (`reshape(reshape(x))`), else null. */
function sameOpProducer(op: Operation): Operation | null {
  const inner = op.getOperand(0).definingOp
  return inner !== null && inner.name.name === op.name.name ? inner : null
}

/** `transpose(transpose(x))` is `x`. */
class TransposeOfTranspose extends OpRewritePattern {
  constructor() {
    super('toy.transpose')
  }
  override matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult {
    const inner = sameOpProducer(op)
    if (inner === null) {
      return failure()
    }
    rewriter.replaceOp(op, [inner.getOperand(0)])
    return success()
  }
}

/** `reshape(reshape(x))` is `reshape(x)`: only the last shape matters. */
class ReshapeOfReshape extends OpRewritePattern {
  constructor() {
    super('toy.reshape')
  }
  override matchAndRewrite(op: Operation, rewriter: PatternRewriter): LogicalResult {
    const inner = sameOpProducer(op)
    if (inner === null) {
      return failure()
    }
    rewriter.modifyOpInPlace(op, () => op.setOperand(0, inner.getOperand(0)))
    return success()
  }
}

/** The inliner hooks of the dialect: a `toy.return` forwards its operand to the call's result. */
const toyInlinerInterface = {
  isLegalToInlineCall: () => true,
  isLegalToInlineRegion: () => true,
  isLegalToInlineOp: () => true,
  handleTerminator(op: Operation, _newDest: unknown, valuesToReplace: readonly Value[]): void {
    for (let i = 0; i < valuesToReplace.length && i < op.numOperands; i++) {
      valuesToReplace[i]!.replaceAllUsesWith(op.getOperand(i))
    }
  },
}

/** Every op of the dialect. */
export const toyOps = [FuncOp, ConstantOp, AddOp, MulOp, TransposeOp, ReshapeOp, PrintOp, CastOp, GenericCallOp, ReturnOp]

/** The `toy` dialect: register it with `new Context({ dialects: [ToyDialect] })` and `ctx.loadDialect('toy')`. */
export const ToyDialect: DialectDefinition = {
  namespace: 'toy',
  ops: toyOps,
  interfaces: { inliner: toyInlinerInterface },
  materializeConstant: (builder, value, _type, loc) =>
    value instanceof DenseIntOrFPElementsAttr ? ConstantOp.build(builder, loc, { attributes: { value } }) : null,
}
