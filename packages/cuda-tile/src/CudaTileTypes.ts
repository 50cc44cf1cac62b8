/**
 * The types of the `cuda_tile` dialect: `tile`, `ptr`, `tensor_view`, `partition_view`,
 * `strided_view`, `gather_scatter_view` and `token`, with their textual syntax (the
 * `!cuda_tile.` prefix is optional where cuda_tile parses a type itself, and never
 * printed there) and their verifiers.
 */
import {
  DialectShapedType,
  DialectType,
  FloatType,
  IntegerType,
  kDynamic,
  typeToString,
  type Context,
  type Location,
  type OpAsmParser,
  type OpAsmPrinter,
  type Type,
} from '@tilepass/ir'
import { PaddingValueNames } from './CudaTileEnums.ts'

/** The namespace of the dialect. */
export const CUDA_TILE = 'cuda_tile'

/** The most elements a tile may have (2^24). */
export const MAX_TILE_ELEMENTS = 16777216

/** Base of every cuda_tile type. */
export abstract class CudaTileType extends DialectType {
  readonly dialectNamespace: string = CUDA_TILE
  override get isMemRefElementType(): boolean {
    return false
  }
}

/** `!cuda_tile.ptr<T>`: a global-memory pointer to elements of type T. */
export class PointerType extends CudaTileType {
  /** @internal Use `PointerType.get`. */
  constructor(
    context: Context,
    readonly pointeeType: Type,
  ) {
    super(context)
  }
  /** The pointer to `pointee`. */
  static get(pointee: Type): PointerType {
    const context = pointee.context
    return context.uniquer.intern(`cuda_tile.ptr:${typeToString(pointee)}`, () => new PointerType(context, pointee))
  }
}

/** `!cuda_tile.tile<4x8xf32>`: a statically shaped (power-of-two dims, rank >= 0) tile. */
export class TileType extends DialectShapedType {
  readonly dialectNamespace: string = CUDA_TILE
  /** @internal Use `TileType.get`. */
  constructor(
    context: Context,
    readonly shape: readonly number[],
    readonly elementType: Type,
  ) {
    super(context)
  }
  /** The tile of `shape` with `elementType`. */
  static get(shape: readonly number[], elementType: Type): TileType {
    const context = elementType.context
    return context.uniquer.intern(`cuda_tile.tile:${shape.join('x')}:${typeToString(elementType)}`, () => new TileType(context, [...shape], elementType))
  }
  /** The same shape with another element type. */
  withElementType(elementType: Type): TileType {
    return TileType.get(this.shape, elementType)
  }
}

/** `!cuda_tile.tensor_view<?x16xf32, strides=[?,1]>`: a global-memory tensor with (dynamic) shape and strides. */
export class TensorViewType extends CudaTileType {
  /** @internal Use `TensorViewType.get`. */
  constructor(
    context: Context,
    readonly elementType: Type,
    readonly shape: readonly number[],
    readonly strides: readonly number[],
  ) {
    super(context)
  }
  static get(elementType: Type, shape: readonly number[], strides: readonly number[]): TensorViewType {
    const context = elementType.context
    return context.uniquer.intern(
      `cuda_tile.tensor_view:${typeToString(elementType)}:${shape.join(',')}:${strides.join(',')}`,
      () => new TensorViewType(context, elementType, [...shape], [...strides]),
    )
  }
  /** How many shape dimensions are dynamic. */
  get dynamicShapeAmount(): number {
    return this.shape.filter((d) => d === kDynamic).length
  }
  /** How many strides are dynamic. */
  get dynamicStrideAmount(): number {
    return this.strides.filter((d) => d === kDynamic).length
  }
}

/** The padding-value cases of views (`zero`, `neg_zero`, `nan`, `pos_inf`, `neg_inf`), as their index. */
export type PaddingValue = number

/** Common part of the grid-like views (partition, strided, gather/scatter). */
export abstract class TileViewType extends CudaTileType {
  abstract readonly tileShape: readonly number[]
  abstract readonly tensorView: TensorViewType
  /** The padding value index into `PaddingValueNames`, or -1 when absent. */
  abstract readonly paddingValue: PaddingValue
  /** Number of index operands a load/store through this view takes. */
  get viewIndexRank(): number {
    return this.tileShape.length
  }
  /** The tile type a load through this view produces. */
  get viewTileType(): TileType {
    return TileType.get(this.tileShape, this.tensorView.elementType)
  }
}

/** `!cuda_tile.partition_view<tile=(AxB), [padding_value = v,] tensor_view<...>[, dim_map=[...]]>`. */
export class PartitionViewType extends TileViewType {
  /** @internal Use `PartitionViewType.get`. */
  constructor(
    context: Context,
    readonly tileShape: readonly number[],
    readonly tensorView: TensorViewType,
    readonly dimMap: readonly number[],
    readonly paddingValue: PaddingValue,
  ) {
    super(context)
  }
  static get(tileShape: readonly number[], tensorView: TensorViewType, dimMap: readonly number[], paddingValue: PaddingValue = -1): PartitionViewType {
    const context = tensorView.context
    return context.uniquer.intern(
      `cuda_tile.partition_view:${tileShape.join('x')}:${typeToString(tensorView)}:${dimMap.join(',')}:${paddingValue}`,
      () => new PartitionViewType(context, [...tileShape], tensorView, [...dimMap], paddingValue),
    )
  }
}

/** `!cuda_tile.strided_view<tile=(...), traversal_strides=[...], [padding_value = v,] tensor_view<...>[, dim_map=[...]]>`. */
export class StridedViewType extends TileViewType {
  /** @internal Use `StridedViewType.get`. */
  constructor(
    context: Context,
    readonly tileShape: readonly number[],
    readonly traversalStrides: readonly number[],
    readonly tensorView: TensorViewType,
    readonly dimMap: readonly number[],
    readonly paddingValue: PaddingValue,
  ) {
    super(context)
  }
  static get(
    tileShape: readonly number[],
    traversalStrides: readonly number[],
    tensorView: TensorViewType,
    dimMap: readonly number[],
    paddingValue: PaddingValue = -1,
  ): StridedViewType {
    const context = tensorView.context
    return context.uniquer.intern(
      `cuda_tile.strided_view:${tileShape.join('x')}:${traversalStrides.join(',')}:${typeToString(tensorView)}:${dimMap.join(',')}:${paddingValue}`,
      () => new StridedViewType(context, [...tileShape], [...traversalStrides], tensorView, [...dimMap], paddingValue),
    )
  }
}

/** `!cuda_tile.gather_scatter_view<tile=(...), [padding_value = v,] tensor_view<...>, sparse_dim=N>`. */
export class GatherScatterViewType extends TileViewType {
  /** @internal Use `GatherScatterViewType.get`. */
  constructor(
    context: Context,
    readonly tileShape: readonly number[],
    readonly tensorView: TensorViewType,
    readonly sparseDim: number,
    readonly paddingValue: PaddingValue,
  ) {
    super(context)
  }
  static get(tileShape: readonly number[], tensorView: TensorViewType, sparseDim: number, paddingValue: PaddingValue = -1): GatherScatterViewType {
    const context = tensorView.context
    return context.uniquer.intern(
      `cuda_tile.gather_scatter_view:${tileShape.join('x')}:${typeToString(tensorView)}:${sparseDim}:${paddingValue}`,
      () => new GatherScatterViewType(context, [...tileShape], tensorView, sparseDim, paddingValue),
    )
  }
}

/** `!cuda_tile.token`: orders memory operations within a tile block. */
export class TokenType extends CudaTileType {
  static get(context: Context): TokenType {
    return context.uniquer.intern('cuda_tile.token', () => new TokenType(context))
  }
}

/** True for pointers and tiles of pointers. */
export function isPointerLike(t: Type): boolean {
  if (t instanceof PointerType) {
    return true
  }
  return t instanceof TileType && isPointerLike(t.elementType)
}

/** The element type of a tile, or the type itself. */
export function tileElementType(t: Type): Type {
  return t instanceof TileType ? t.elementType : t
}

// ---- verifiers --------------------------------------------------------------------------

/** Checks a tile shape (positive, powers of two, at most 2^24 elements); the message or null. */
export function verifyTileShape(shape: readonly number[], elementType: Type): string | null {
  if (elementType instanceof FloatType && elementType.kind === 'f4E2M1FN') {
    if (shape.length === 0 || shape.every((d) => d % 2 !== 0)) {
      return 'F4E2M1FN tiles must have an even number of elements'
    }
  }
  let n = 1
  for (const d of shape) {
    if (d <= 0) {
      return `all dimensions must be positive constants, got ${shape.join(', ')}`
    }
    if ((d & (d - 1)) !== 0) {
      return `all dimensions must be powers of two, got ${shape.join(', ')}`
    }
    if (n > MAX_TILE_ELEMENTS / d) {
      return `tile would exceed the maximum of ${MAX_TILE_ELEMENTS} elements`
    }
    n *= d
  }
  return null
}

function dynList(values: readonly number[]): string {
  return '[' + values.map((v) => (v === kDynamic ? '?' : String(v))).join(', ') + ']'
}

function verifyTensorView(shape: readonly number[], strides: readonly number[]): string | null {
  if (shape.length !== strides.length) {
    return `expected shape and stride to be of same rank but got shape of rank ${shape.length} and stride of rank ${strides.length}`
  }
  if (shape.some((d) => d <= 0 && d !== kDynamic)) {
    return `dimensions must have strictly positive constant sizes but got ${dynList(shape)}`
  }
  if (strides.some((d) => d <= 0 && d !== kDynamic)) {
    return `dimensions must have strictly positive constant strides but got ${dynList(strides)}`
  }
  return null
}

function verifyPaddingFor(padding: PaddingValue, elementType: Type): string | null {
  if (padding > 0 && !(elementType instanceof FloatType)) {
    return `padding_value ${PaddingValueNames[padding]} can only be used with floating point element types, got ${typeText(elementType)}`
  }
  return null
}

function verifyGridShape(tileShape: readonly number[], tv: TensorViewType): string | null {
  if (tileShape.length === 0) {
    return '0-dimension tile shape is not supported'
  }
  if (tileShape.length !== tv.shape.length) {
    return `expected tensor_view rank and tile rank to match, got tensor_view of rank ${tv.shape.length} and tiles of rank ${tileShape.length}`
  }
  return null
}

function verifyGridDims(tileShape: readonly number[]): string | null {
  if (tileShape.some((d) => d <= 0)) {
    return `tile shape dimensions must have positive length but got [${tileShape.join(', ')}]`
  }
  if (tileShape.some((d) => (d & (d - 1)) !== 0)) {
    return `tile shape dimensions must have power of two length but got [${tileShape.join(', ')}]`
  }
  return null
}

function verifyPartitionLike(tileShape: readonly number[], tv: TensorViewType, dimMap: readonly number[], padding: PaddingValue): string | null {
  const shapeErr = verifyGridShape(tileShape, tv)
  if (shapeErr !== null) {
    return shapeErr
  }
  if (dimMap.length !== tileShape.length) {
    return `expected dim_map to map exactly all ${tileShape.length} dimensions of the tile, got ${dimMap.length} mappings`
  }
  const dimErr = verifyGridDims(tileShape)
  if (dimErr !== null) {
    return dimErr
  }
  const used: (number | undefined)[] = new Array<number | undefined>(tileShape.length).fill(undefined)
  for (let tileDim = 0; tileDim < dimMap.length; tileDim++) {
    const t = dimMap[tileDim]!
    if (t < 0) {
      return `target dimension must not be negative, got ${t}`
    }
    if (t >= tv.shape.length) {
      return `target dimension is outside of tensor view dimensions, expected strictly less than ${tv.shape.length}, got ${t}`
    }
    const prev = used[t]
    if (prev !== undefined) {
      return `target dimension ${t} mapped at least twice (for tile dimensions ${prev} and ${tileDim})`
    }
    used[t] = tileDim
  }
  return verifyTileShape(tileShape, tv.elementType) ?? verifyPaddingFor(padding, tv.elementType)
}

/**
 * The checks of `getChecked` for each cuda_tile type (its parameter constraints, then its
 * verifier): the message, or null when the parameters make a valid type. The parser and
 * the bytecode reader both use them, so that both reject the same types with the same words.
 */
export function verifyPointerType(pointee: Type): string | null {
  return isNumberType(pointee) ? null : `failed to verify 'pointeeType': ${NUMBER_TYPE_SUMMARY}`
}

/** See {@link verifyPointerType}: `tile<shape x elementType>`. */
export function verifyTileType(shape: readonly number[], elementType: Type): string | null {
  if (!isNumberType(elementType) && !(elementType instanceof PointerType) && !(elementType instanceof IntegerType && elementType.isSignless && elementType.width === 4)) {
    return `failed to verify 'elementType': ${NUMBER_TYPE_SUMMARY} or Pointer type or i4`
  }
  return verifyTileShape(shape, elementType)
}

/** See {@link verifyPointerType}: `tensor_view<shape x elementType, strides=...>`. */
export function verifyTensorViewType(elementType: Type, shape: readonly number[], strides: readonly number[]): string | null {
  return isNumberType(elementType) ? verifyTensorView(shape, strides) : `failed to verify 'elementType': ${NUMBER_TYPE_SUMMARY}`
}

/** See {@link verifyPointerType}: `partition_view` (`traversal` null) or `strided_view`. */
export function verifyPartitionViewType(tileShape: readonly number[], traversal: readonly number[] | null, tv: TensorViewType, dimMap: readonly number[], padding: PaddingValue): string | null {
  let err = verifyPartitionLike(tileShape, tv, dimMap, padding)
  if (traversal !== null) {
    if (err === null && tileShape.length !== traversal.length) {
      err = `expected ${tileShape.length} traversal strides, got ${traversal.length}`
    }
    if (err === null && traversal.some((d) => d <= 0)) {
      err = `traversal strides must be strictly positive but got [${traversal.join(', ')}]`
    }
  }
  return err
}

/** See {@link verifyPointerType}: `gather_scatter_view`. */
export function verifyGatherScatterViewType(tileShape: readonly number[], tv: TensorViewType, sparseDim: number, padding: PaddingValue): string | null {
  let err = verifyGridShape(tileShape, tv) ?? verifyGridDims(tileShape)
  if (err === null && sparseDim >= tv.shape.length) {
    err = `gather dimension is outside of tensor view dimensions, expected strictly less than ${tv.shape.length}, got ${sparseDim}`
  }
  return err ?? verifyTileShape(tileShape, tv.elementType) ?? verifyPaddingFor(padding, tv.elementType)
}

// ---- syntax ----------------------------------------------------------------------------

function parsePadding(parser: OpAsmParser): PaddingValue | null {
  if (!parser.parseOptionalKeyword('padding_value')) {
    return -1
  }
  const loc = parser.getCurrentLocation()
  if (!parser.parseEqual()) {
    return null
  }
  const kw = parser.parseKeywordOrUndefined()
  if (kw === undefined) {
    return null
  }
  const v = PaddingValueNames.indexOf(kw)
  if (v < 0) {
    parser.emitError(loc, `invalid padding_value attribute specification. Got "${kw}" but expect one of: zero, neg_zero, nan, pos_inf, neg_inf`).report()
    return null
  }
  return v
}

function parseIntList(parser: OpAsmParser, out: number[]): boolean {
  if (!parser.parseLSquare()) {
    return false
  }
  if (parser.parseOptionalRSquare()) {
    return true
  }
  do {
    const v = parser.parseInteger()
    if (v === undefined) {
      return false
    }
    out.push(Number(v))
  } while (parser.parseOptionalComma())
  return parser.parseRSquare()
}

function parseViewTileShape(parser: OpAsmParser): number[] | null {
  if (!parser.parseKeyword('tile') || !parser.parseEqual()) {
    return null
  }
  const loc = parser.getCurrentLocation()
  const dims: number[] = []
  if (!parser.parseLParen() || !parser.parseDimensionList(dims, false, false) || !parser.parseRParen()) {
    return null
  }
  for (let i = 0; i < dims.length; i++) {
    const v = dims[i]!
    if (v <= 0 || v > 2147483647) {
      parser.emitError(loc, `tile dimension ${i} exceeds i32 limitations (got ${v}, expected strictly positive and less than or equal to 2147483647)`).report()
      return null
    }
  }
  return dims
}

function parseTensorViewOperand(parser: OpAsmParser): TensorViewType | null {
  const t = parseCudaTileType(parser)
  if (t === undefined) {
    return null
  }
  if (!(t instanceof TensorViewType)) {
    parser.emitError(parser.getCurrentLocation(), `expected 'tensor_view' type, but got ${typeText(t)}`).report()
    return null
  }
  return t
}

function parseOptionalDimMap(parser: OpAsmParser, rank: number): number[] | null {
  const dimMap: number[] = []
  if (parser.parseOptionalComma()) {
    if (!parser.parseKeyword('dim_map') || !parser.parseEqual() || !parseIntList(parser, dimMap)) {
      return null
    }
  } else {
    for (let i = 0; i < rank; i++) {
      dimMap.push(i)
    }
  }
  return dimMap
}

function checked<T extends Type>(parser: OpAsmParser, loc: Location, err: string | null, make: () => T): T | undefined {
  if (err !== null) {
    parser.emitError(loc, err).report()
    return undefined
  }
  return make()
}

/**
 * Parses the body of a cuda_tile type after its mnemonic (`<...>`), or returns undefined
 * after a diagnostic.
 */
export function parseCudaTileTypeAfterMnemonic(parser: OpAsmParser, mnemonic: string, loc: Location): Type | undefined {
  const context = parser.context
  switch (mnemonic) {
    case 'token':
      return TokenType.get(context)
    case 'ptr': {
      if (!parser.parseLess()) {
        return undefined
      }
      const pointee = parseCudaTileType(parser)
      if (pointee === undefined || !parser.parseGreater()) {
        return undefined
      }
      return checked(parser, loc, verifyPointerType(pointee), () => PointerType.get(pointee))
    }
    case 'tile': {
      const dims: number[] = []
      if (!parser.parseLess() || !parser.parseDimensionList(dims, false, true)) {
        return undefined
      }
      const el = parseCudaTileType(parser)
      if (el === undefined || !parser.parseGreater()) {
        return undefined
      }
      return checked(parser, loc, verifyTileType(dims, el), () => TileType.get(dims, el))
    }
    case 'tensor_view': {
      const shape: number[] = []
      if (!parser.parseLess() || !parser.parseDimensionList(shape, true, true)) {
        return undefined
      }
      const el = parseCudaTileType(parser)
      if (el === undefined) {
        return undefined
      }
      if (!isNumberType(el)) {
        parser.emitError(loc, `failed to verify 'elementType': ${NUMBER_TYPE_SUMMARY}`).report()
        return undefined
      }
      const strides: number[] = []
      if (shape.length === 0) {
        if (parser.parseOptionalComma()) {
          if (parser.parseOptionalKeyword('strides')) {
            parser.emitError(parser.getCurrentLocation(), 'strides must not be provided for 0-d tiles').report()
          } else {
            parser.emitError(parser.getCurrentLocation(), 'unexpected token after element type in 0-d tensor_view').report()
          }
          return undefined
        }
      } else {
        if (!parser.parseOptionalComma()) {
          parser.emitError(parser.getCurrentLocation(), "expected 'strides'").report()
          return undefined
        }
        if (!parser.parseKeyword('strides') || !parser.parseEqual() || !parseStrideArray(parser, strides)) {
          return undefined
        }
      }
      if (!parser.parseGreater()) {
        return undefined
      }
      return checked(parser, loc, verifyTensorViewType(el, shape, strides), () => TensorViewType.get(el, shape, strides))
    }
    case 'partition_view':
    case 'strided_view': {
      if (!parser.parseLess()) {
        return undefined
      }
      const tileShape = parseViewTileShape(parser)
      if (tileShape === null || !parser.parseComma()) {
        return undefined
      }
      const traversal: number[] = []
      if (mnemonic === 'strided_view') {
        if (!parser.parseKeyword('traversal_strides') || !parser.parseEqual() || !parseIntList(parser, traversal) || !parser.parseComma()) {
          return undefined
        }
      }
      const padding = parsePadding(parser)
      if (padding === null || (padding >= 0 && !parser.parseComma())) {
        return undefined
      }
      const tv = parseTensorViewOperand(parser)
      if (tv === null) {
        return undefined
      }
      const dimMap = parseOptionalDimMap(parser, tileShape.length)
      if (dimMap === null || !parser.parseGreater()) {
        return undefined
      }
      if (mnemonic === 'partition_view') {
        return checked(parser, loc, verifyPartitionViewType(tileShape, null, tv, dimMap, padding), () => PartitionViewType.get(tileShape, tv, dimMap, padding))
      }
      return checked(parser, loc, verifyPartitionViewType(tileShape, traversal, tv, dimMap, padding), () => StridedViewType.get(tileShape, traversal, tv, dimMap, padding))
    }
    case 'gather_scatter_view': {
      if (!parser.parseLess()) {
        return undefined
      }
      const tileShape = parseViewTileShape(parser)
      if (tileShape === null || !parser.parseComma()) {
        return undefined
      }
      const padding = parsePadding(parser)
      if (padding === null || (padding >= 0 && !parser.parseComma())) {
        return undefined
      }
      const tv = parseTensorViewOperand(parser)
      if (tv === null || !parser.parseComma() || !parser.parseKeyword('sparse_dim') || !parser.parseEqual()) {
        return undefined
      }
      const sd = parser.parseInteger()
      if (sd === undefined || !parser.parseGreater()) {
        return undefined
      }
      const sparseDim = Number(sd)
      return checked(parser, loc, verifyGatherScatterViewType(tileShape, tv, sparseDim, padding), () => GatherScatterViewType.get(tileShape, tv, sparseDim, padding))
    }
    default:
      parser.emitError(loc, `unknown type: ${mnemonic}`).report()
      return undefined
  }
}

function parseStrideArray(parser: OpAsmParser, out: number[]): boolean {
  if (!parser.parseLSquare()) {
    return false
  }
  do {
    const loc = parser.getCurrentLocation()
    if (parser.parseOptionalQuestion()) {
      out.push(kDynamic)
      continue
    }
    const v = parser.parseOptionalInteger()
    if (v === undefined) {
      parser.emitError(loc, 'expected either 64-bit integer or question mark').report()
      return false
    }
    if (v <= 0n) {
      parser.emitError(loc, `expected strictly positive integer, got ${v}`).report()
      return false
    }
    out.push(Number(v))
  } while (parser.parseOptionalComma())
  return parser.parseRSquare()
}

/** The mnemonics of cuda_tile types. */
const TYPE_MNEMONICS: ReadonlySet<string> = new Set(['tile', 'ptr', 'tensor_view', 'partition_view', 'strided_view', 'gather_scatter_view', 'token'])

/**
 * cuda_tile's `parseCudaTileType`: a type where an unprefixed mnemonic (`tile<...>`,
 * `token`, ...) means the cuda_tile type; anything else is parsed as a full type.
 */
export function parseCudaTileType(parser: OpAsmParser): Type | undefined {
  const loc = parser.getCurrentLocation()
  if (parser.parseOptionalKeyword('token')) {
    return TokenType.get(parser.context)
  }
  const kw = parser.parseOptionalKeywordOneOf([...TYPE_MNEMONICS])
  if (kw !== undefined) {
    return parseCudaTileTypeAfterMnemonic(parser, kw, loc)
  }
  const before = parser.getCurrentOffset()
  const t = parser.parseOptionalType()
  if (t !== undefined) {
    return t
  }
  if (parser.getCurrentOffset() !== before) {
    // A type started here and its parser already reported why it failed.
    return undefined
  }
  const other = parser.parseOptionalKeywordAny()
  if (other === undefined) {
    parser.emitError(loc, 'expected valid keyword').report()
  } else {
    parser.emitError(loc, `unknown type: ${other}`).report()
  }
  return undefined
}

/** The dialect hook: the body of `!cuda_tile.<mnemonic><...>`. */
export function parseCudaTileDialectType(parser: OpAsmParser): Type | undefined {
  const loc = parser.getCurrentLocation()
  const kw = parser.parseKeywordOrUndefined()
  if (kw === undefined) {
    return undefined
  }
  return parseCudaTileTypeAfterMnemonic(parser, kw, loc)
}

function printShapeAndElem(printer: OpAsmPrinter, shape: readonly number[], el: Type): void {
  let s = ''
  for (const d of shape) {
    s += (d === kDynamic ? '?' : String(d)) + 'x'
  }
  printer.print(s)
  printCudaTileType(printer, el)
}

function printPadding(printer: OpAsmPrinter, padding: PaddingValue): void {
  if (padding >= 0) {
    printer.print(`padding_value = ${PaddingValueNames[padding]}, `)
  }
}

function printDimMap(printer: OpAsmPrinter, dimMap: readonly number[]): void {
  if (dimMap.some((d, i) => d !== i)) {
    printer.print(`, dim_map=[${dimMap.join(', ')}]`)
  }
}

/** Prints the body of a cuda_tile type (mnemonic and parameters, no `!cuda_tile.`). */
export function printCudaTileDialectType(type: Type, printer: OpAsmPrinter): void {
  if (type instanceof TileType) {
    printer.print('tile<')
    printShapeAndElem(printer, type.shape, type.elementType)
    printer.print('>')
  } else if (type instanceof PointerType) {
    printer.print('ptr<')
    printCudaTileType(printer, type.pointeeType)
    printer.print('>')
  } else if (type instanceof TokenType) {
    printer.print('token')
  } else if (type instanceof TensorViewType) {
    printer.print('tensor_view<')
    printShapeAndElem(printer, type.shape, type.elementType)
    if (type.shape.length > 0) {
      printer.print(', strides=[' + type.strides.map((s) => (s === kDynamic ? '?' : String(s))).join(',') + ']')
    }
    printer.print('>')
  } else if (type instanceof PartitionViewType) {
    printer.print(`partition_view<tile=(${type.tileShape.join('x')}), `)
    printPadding(printer, type.paddingValue)
    printCudaTileType(printer, type.tensorView)
    printDimMap(printer, type.dimMap)
    printer.print('>')
  } else if (type instanceof StridedViewType) {
    printer.print(`strided_view<tile=(${type.tileShape.join('x')}), traversal_strides=[${type.traversalStrides.join(',')}], `)
    printPadding(printer, type.paddingValue)
    printCudaTileType(printer, type.tensorView)
    printDimMap(printer, type.dimMap)
    printer.print('>')
  } else if (type instanceof GatherScatterViewType) {
    printer.print(`gather_scatter_view<tile=(${type.tileShape.join('x')}), `)
    printPadding(printer, type.paddingValue)
    printCudaTileType(printer, type.tensorView)
    printer.print(`, sparse_dim=${type.sparseDim}>`)
  }
}

/** cuda_tile's `printCudaTileType`: cuda_tile types without `!cuda_tile.`, others as usual. */
export function printCudaTileType(printer: OpAsmPrinter, type: Type): void {
  if (type instanceof CudaTileType || type instanceof TileType) {
    printCudaTileDialectType(type, printer)
  } else {
    printer.printType(type)
  }
}

/** A type as diagnostics stream it: quoted full spelling (`'!cuda_tile.tile<4xi32>'`). */
export function typeText(t: Type): string {
  return `'${typeToString(t)}'`
}

const NUMBER_FLOATS: readonly string[] = ['f16', 'bf16', 'f32', 'tf32', 'f64', 'f8E4M3FN', 'f8E5M2', 'f8E8M0FNU', 'f4E2M1FN']
const NUMBER_INTS: readonly number[] = [1, 8, 16, 32, 64]
/** The summary of cuda_tile's number types (`CudaTile_NumberType`). */
export const NUMBER_TYPE_SUMMARY: string = [...NUMBER_FLOATS, ...NUMBER_INTS.map((w) => `i${w}`)].join(' or ')

/** `CudaTile_NumberType`: the float and integer element types. */
export function isNumberType(t: Type): boolean {
  if (t instanceof FloatType) {
    return NUMBER_FLOATS.includes(t.kind)
  }
  return t instanceof IntegerType && t.isSignless && NUMBER_INTS.includes(t.width)
}

/** A 0-d tile of `iN`. */
export function scalarIntTile(context: Context, width: number): TileType {
  return TileType.get([], IntegerType.get(context, width))
}
