/**
 * Chapter 2: the `toy` dialect, declared with `defineOp`; chapter 3 adds its
 * canonicalization patterns and folders; chapter 4 its shape-inference hooks.
 *
 * Values are tensors of f64: `tensor<*xf64>` until shape inference makes them ranked.
 * Chapter 7 adds `!toy.struct<...>`, a struct of tensors (and nested structs), with
 * `toy.struct_constant` and `toy.struct_access`.
 */
import {
  AnyRegion,
  ArrayAttr,
  DialectType,
  I64Attr,
  type IntegerAttr,
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

// ---- chapter 7: the struct type ---------------------------------------------------------------

/**
 * `!toy.struct<tensor<*xf64>, !toy.struct<...>>`: an aggregate of tensors of f64 and
 * other structs, in declaration order. Uniqued by its element types, so two Toy `struct`
 * declarations with the same members have the same type.
 */
export class StructType extends DialectType {
  readonly dialectNamespace: string = 'toy'
  /** @internal Use `StructType.get`. */
  constructor(
    context: Context,
    /** The element types, in order. */
    readonly elementTypes: readonly Type[],
  ) {
    super(context)
  }
  /** The struct type of `elementTypes` (at least one; each a tensor of f64 or a struct). */
  static get(context: Context, elementTypes: readonly Type[]): StructType {
    const key = `toy.struct:${elementTypes.map((t) => t.id).join(',')}`
    return context.uniquer.intern(key, () => new StructType(context, [...elementTypes]))
  }
}

/** A tensor of f64 or a struct: what Toy functions take and return. */
export const ToyType = typeConstraint('Toy type', (t) => isF64Tensor(t) || t instanceof StructType)

/** `!toy.struct<...>`. */
const StructTypeC = typeConstraint('Toy struct type', (t) => t instanceof StructType)

/** Parses the body of `!toy.struct<T, ...>` (after `!toy.`). */
function parseToyType(parser: OpAsmParser): Type | undefined {
  const loc = parser.getCurrentLocation()
  if (!parser.parseKeyword('struct') || !parser.parseLess()) {
    return undefined
  }
  const elements: Type[] = []
  do {
    const eltLoc = parser.getCurrentLocation()
    const t = parser.parseType()
    if (t === undefined) {
      return undefined
    }
    if (!isF64Tensor(t) && !(t instanceof StructType)) {
      parser.emitError(eltLoc, `element type for a struct must either be a tensor of f64 or a struct, got ${quoted(t)}`).report()
      return undefined
    }
    elements.push(t)
  } while (parser.parseOptionalComma())
  if (!parser.parseGreater()) {
    return undefined
  }
  if (elements.length === 0) {
    parser.emitError(loc, 'a struct needs at least one element').report()
    return undefined
  }
  return StructType.get(parser.context, elements)
}

/** Prints the body of a toy type (`struct<...>`). */
function printToyType(type: Type, printer: OpAsmPrinter): void {
  const st = type as StructType
  printer.print('struct<')
  st.elementTypes.forEach((t, i) => {
    if (i > 0) {
      printer.print(', ')
    }
    printer.printType(t)
  })
  printer.print('>')
}

/** Why `value` cannot be a constant of `type` (nested arrays for structs, f64 elements for tensors), or null when it can. */
function constantMismatch(value: Attribute, type: Type): string | null {
  if (type instanceof StructType) {
    if (!(value instanceof ArrayAttr)) {
      return `expected an array attribute for struct type ${quoted(type)}`
    }
    if (value.elements.length !== type.elementTypes.length) {
      return `expected ${type.elementTypes.length} elements for struct type ${quoted(type)}, got ${value.elements.length}`
    }
    for (let i = 0; i < value.elements.length; i++) {
      const m = constantMismatch(value.elements[i]!, type.elementTypes[i]!)
      if (m !== null) {
        return m
      }
    }
    return null
  }
  if (!(value instanceof DenseIntOrFPElementsAttr) || !F64.check(value.type.elementType)) {
    return `expected a dense f64 elements attribute for ${quoted(type)}`
  }
  if (type instanceof RankedTensorType && type !== value.type) {
    return `the value's type ${quoted(value.type)} does not match ${quoted(type)}`
  }
  return null
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
  // A constant folded from a struct_access of a struct_constant keeps the access's unranked
  // type; shape inference gives it the value's.
  interfaces: [
    ShapeInference.impl({
      inferShapes(op: Operation): void {
        op.getResult(0).type = (op.getAttr('value') as DenseIntOrFPElementsAttr).type
      },
    }),
  ],
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
  operands: { inputs: variadic(ToyType) },
  results: { '#0': variadic(ToyType) },
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
  operands: { input: optional(ToyType) },
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

/**
 * `toy.struct_constant [dense<...> : tensor<2xf64>, [...]] : !toy.struct<...>`: a constant
 * struct; each element is a dense f64 attribute, or an array for a nested struct.
 */
export const StructConstantOp = defineOp({
  name: 'toy.struct_constant',
  summary: 'constant struct',
  results: { output: StructTypeC },
  attributes: { value: attrConstraint('array attribute', (a) => a instanceof ArrayAttr) },
  traits: Trait.Pure | Trait.ConstantLike,
  assemblyFormat: '$value attr-dict `:` type($output)',
  verify(op: Operation): LogicalResult {
    const m = constantMismatch(op.getAttr('value')!, op.getResult(0).type)
    return m === null ? true : op.emitOpError(m).fail()
  },
  fold: (op) => [op.getAttr('value')!],
})

/** `toy.struct_access %s[1] : !toy.struct<...> -> tensor<*xf64>`: element `index` of a struct. */
export const StructAccessOp = defineOp({
  name: 'toy.struct_access',
  summary: 'struct access',
  operands: { input: StructTypeC },
  results: { output: ToyType },
  attributes: { index: I64Attr },
  traits: Trait.Pure,
  assemblyFormat: '$input `[` $index `]` attr-dict `:` type($input) `->` type($output)',
  verify(op: Operation): LogicalResult {
    const st = op.getOperand(0).type as StructType
    const index = Number((op.getAttr('index') as IntegerAttr).value)
    if (index < 0 || index >= st.elementTypes.length) {
      return op.emitOpError(`index should be within the range of the input struct type (0 to ${st.elementTypes.length - 1}), got ${index}`).fail()
    }
    const expected = st.elementTypes[index]!
    if (op.getResult(0).type !== expected) {
      return op.emitOpError(`must have the same result type as the struct element referred to by the index: ${quoted(expected)}`).fail()
    }
    return true
  },
  // The access of a constant struct is the constant element.
  fold(op: Operation, operands: readonly (Attribute | null)[]) {
    const value = operands[0]
    const index = Number((op.getAttr('index') as IntegerAttr).value)
    return value instanceof ArrayAttr && index >= 0 && index < value.elements.length ? [value.elements[index]!] : undefined
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
export const toyOps = [FuncOp, ConstantOp, AddOp, MulOp, TransposeOp, ReshapeOp, PrintOp, CastOp, GenericCallOp, ReturnOp, StructConstantOp, StructAccessOp]

/** The `toy` dialect: register it with `new Context({ dialects: [ToyDialect] })` and `ctx.loadDialect('toy')`. */
export const ToyDialect: DialectDefinition = {
  namespace: 'toy',
  ops: toyOps,
  interfaces: { inliner: toyInlinerInterface },
  parseType: parseToyType,
  printType: printToyType,
  // A folded struct_access gives an element of the struct: a tensor, or a nested struct.
  materializeConstant(builder, value, type, loc) {
    if (type instanceof StructType) {
      return value instanceof ArrayAttr ? StructConstantOp.build(builder, loc, { attributes: { value }, results: [type] }) : null
    }
    return value instanceof DenseIntOrFPElementsAttr ? ConstantOp.build(builder, loc, { attributes: { value }, results: [type] }) : null
  },
}
