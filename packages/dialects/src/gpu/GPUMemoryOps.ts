import {
  AffineMapAttr,
  AnyMemRef,
  StridedLayoutAttr,
  kDynamic,
  DenseArrayAttr,
  DialectType,
  Index,
  type MemRefType,
  Trait,
  UnitAttr,
  UnitAttrC,
  defineOp,
  optional,
  optionalAttr,
  typeConstraint,
  variadic,
  type Context,
  type LogicalResult,
  type MemoryEffect,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'

/** `!gpu.async.token`: orders asynchronous GPU operations. */
export class GPUAsyncTokenType extends DialectType {
  readonly dialectNamespace: string = 'gpu'
  /** The token type of `context`. */
  static get(context: Context): GPUAsyncTokenType {
    return context.uniquer.intern('gpu.async.token', () => new GPUAsyncTokenType(context))
  }
}

const AsyncToken = typeConstraint('async token type', (t) => t instanceof GPUAsyncTokenType, (c) => GPUAsyncTokenType.get(c))

/** Parses the body of a `gpu` type (after `!gpu.`): `async.token`. */
export function parseGPUType(parser: OpAsmParser): Type | undefined {
  const loc = parser.getCurrentLocation()
  const kw = parser.parseKeywordOrUndefined()
  if (kw === undefined) {
    return undefined
  }
  if (kw !== 'async.token') {
    parser.emitError(loc, `unknown gpu type: ${kw}`).report()
    return undefined
  }
  return GPUAsyncTokenType.get(parser.context)
}

/** Prints the body of a `gpu` type. */
export function printGPUType(type: Type, printer: OpAsmPrinter): void {
  if (type instanceof GPUAsyncTokenType) {
    printer.print('async.token')
  }
}

/**
 * Parses `[async] [[%deps...]]` (MLIR's `custom<AsyncDependencies>`): adds the token
 * result type when `async` is given and returns the dependencies.
 */
function parseAsyncDependencies(parser: OpAsmParser, state: OperationState): UnresolvedOperand[] | undefined {
  const loc = parser.getCurrentLocation()
  if (parser.parseOptionalKeyword('async')) {
    if (parser.getNumResults() === 0) {
      parser.emitError(loc, "needs to be named when marked 'async'").report()
      return undefined
    }
    state.addTypes([GPUAsyncTokenType.get(parser.context)])
  }
  return parser.parseOperandList('optionalSquare')
}

function printAsyncDependencies(p: OpAsmPrinter, isAsync: boolean, deps: readonly Value[]): void {
  if (isAsync) {
    p.print('async')
  }
  if (deps.length === 0) {
    return
  }
  if (isAsync) {
    p.print(' ')
  }
  p.print('[')
  p.printOperands(deps)
  p.print(']')
}

/**
 * The number of symbols of the affine map of `type`'s layout: those of a non-identity
 * map, or one per dynamic offset and stride of a strided layout.
 */
function layoutMapSymbolCount(type: MemRefType): number {
  const layout = type.layout
  if (layout instanceof AffineMapAttr) {
    return layout.value.isIdentity ? 0 : layout.value.numSymbols
  }
  if (layout instanceof StridedLayoutAttr) {
    return [layout.offset, ...layout.strides].filter((v) => v === kDynamic).length
  }
  return 0
}

/** `gpu.alloc [async] [[%deps]] [host_shared] (%dynamicSizes)[[%symbols]] : memref<...>`: allocates GPU memory. */
export const GPUAllocOp: OdsOp = defineOp({
  name: 'gpu.alloc',
  summary: 'GPU memory allocation operation.',
  operands: { asyncDependencies: variadic(AsyncToken), dynamicSizes: variadic(Index), symbolOperands: variadic(Index) },
  results: { memref: AnyMemRef, asyncToken: optional(AsyncToken) },
  attributes: { hostShared: optionalAttr(UnitAttrC) },
  traits: Trait.AttrSizedOperandSegments,
  memoryEffects: (op: Operation): readonly MemoryEffect[] => [{ kind: 'allocate', value: op.getResult(0) }],
  getAsmResultNames(op, setName) {
    setName(op.getResult(0), 'memref')
    if (op.numResults > 1) {
      setName(op.getResult(1), 'asyncToken')
    }
  },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const ctx = parser.context
    const memrefAt = state.types.length
    state.addTypes([])
    const deps = parseAsyncDependencies(parser, state)
    if (deps === undefined) {
      return false
    }
    if (parser.parseOptionalKeyword('host_shared')) {
      state.addProperty('hostShared', UnitAttr.get(ctx))
    }
    const sizesLoc = parser.getCurrentLocation()
    const sizes = parser.parseOperandList('paren')
    if (sizes === undefined) {
      return false
    }
    const symbolsLoc = parser.getCurrentLocation()
    const symbols = parser.parseOperandList('optionalSquare')
    if (symbols === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    const type = parser.parseColonType()
    if (type === undefined) {
      return false
    }
    const token = state.types.slice(memrefAt)
    state.types.length = memrefAt
    state.addTypes([type, ...token])
    const index = Index.build!(ctx)
    const depsLoc = sizesLoc
    if (
      !parser.resolveOperands(deps, GPUAsyncTokenType.get(ctx), depsLoc, state.operands) ||
      !parser.resolveOperands(sizes, index, sizesLoc, state.operands) ||
      !parser.resolveOperands(symbols, index, symbolsLoc, state.operands)
    ) {
      return false
    }
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [deps.length, sizes.length, symbols.length]))
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    printAsyncDependencies(p, op.numResults > 1, GPUAllocOp.operandValues(op, 'asyncDependencies'))
    if (op.getAttr('hostShared') !== undefined) {
      p.print(' host_shared')
    }
    p.print(' (')
    p.printOperands(GPUAllocOp.operandValues(op, 'dynamicSizes'))
    p.print(')')
    const symbols = GPUAllocOp.operandValues(op, 'symbolOperands')
    if (symbols.length > 0) {
      p.print('[')
      p.printOperands(symbols)
      p.print(']')
    }
    p.printOptionalAttrDict(op.getAttrs(), ['hostShared', 'operandSegmentSizes'])
    p.print(' : ')
    p.printType(op.getResult(0).type)
  },
  verify(op: Operation): LogicalResult {
    const type = op.getResult(0).type as MemRefType
    const sizes = GPUAllocOp.operandValues(op, 'dynamicSizes').length
    const dynamic = type.shape.filter((d) => d === kDynamic).length
    if (sizes !== dynamic) {
      return op.emitOpError(`incorrect number of dynamic sizes, has ${sizes}, expected ${dynamic}`).fail()
    }
    const symbols = GPUAllocOp.operandValues(op, 'symbolOperands').length
    const layoutSymbols = layoutMapSymbolCount(type)
    if (symbols !== layoutSymbols) {
      return op.emitOpError('symbol operand count does not equal memref symbol count').fail()
    }
    return true
  },
})
