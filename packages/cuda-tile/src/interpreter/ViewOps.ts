import type { Operation } from '@tilepass/ir'
import { intArrayAttr, intAttr } from './Attrs.ts'
import type { Interpreter, OpHandler } from './Interpreter.ts'
import { TiledView, TensorView, Tile, Token } from './Tile.ts'
import { TiledViewTypeInfo, TensorViewTypeInfo, type ElemType } from './TypeInfo.ts'

/**
 * Views and memory: tensor_view construction over a global pointer; partition_view,
 * strided_view and gather_scatter_view tiling; tile loads and stores through a view
 * (out-of-bounds elements padded on load, masked on store); pointer-tile loads and stores;
 * alloca. Accesses run in program order, so tokens need no further modelling. An index
 * outside a view's index space and an access outside every allocation of the memory are
 * reported.
 */

const makeTensorView: OpHandler = (it, op) => {
  const base = it.tile(op, 0)
  if (!base.elem.isPtr || base.numElements !== 1) {
    it.fail(op, 'expects a scalar pointer base')
  }
  const info = it.info(op, op.result.type)
  if (!(info instanceof TensorViewTypeInfo)) {
    return it.fail(op, 'expects a tensor_view result')
  }
  // Dynamic sizes come first, then dynamic strides, each in dimension order.
  let next = 1
  const dynamic = (v: number): number => {
    if (v !== -1) {
      return v
    }
    if (next >= op.numOperands) {
      it.fail(op, 'has fewer dynamic shape and stride operands than its type needs')
    }
    return Number(it.scalarUnsigned(op, next++))
  }
  const shape = info.shape.map(dynamic)
  const strides = info.strides.map(dynamic)
  it.set(op.result, new TensorView(BigInt.asUintN(64, base.ints[0]!), shape, strides, info.elem))
}

const makeTiledView: OpHandler = (it, op) => {
  const tv = it.get(op.getOperand(0))
  const info = it.info(op, op.result.type)
  if (!(tv instanceof TensorView) || !(info instanceof TiledViewTypeInfo)) {
    return it.fail(op, 'expects a tensor_view operand and a partition_view, strided_view or gather_scatter_view result')
  }
  it.set(op.result, new TiledView(tv, info))
}

/** The tile of a view an access addresses: its view, tile indices, gather rows and the next operand's position. */
export class ViewAccess {
  constructor(
    readonly view: TiledView,
    /** One tile index per dimension (unused at a gather_scatter_view's sparse dimension). */
    readonly indices: readonly number[],
    /** The tensor_view rows a gather_scatter_view gathers along its sparse dimension, else null. */
    readonly gather: readonly number[] | null,
    /** The position of the operand after the indices. */
    readonly next: number,
  ) {}
}

/** The view operand at `viewIndex` and the indices after it (as many as the view's rank). */
export function viewAccess(it: Interpreter, op: Operation, viewIndex: number): ViewAccess {
  const view = it.get(op.getOperand(viewIndex))
  if (!(view instanceof TiledView)) {
    return it.fail(op, 'expects a partition_view, strided_view or gather_scatter_view')
  }
  const rank = view.type.tileShape.length
  const sparse = view.type.sparseDim
  const indices: number[] = []
  let gather: number[] | null = null
  for (let i = viewIndex + 1; i < op.numOperands && indices.length < rank; i++) {
    const v = it.get(op.getOperand(i))
    if (v instanceof Token) {
      break
    }
    if (indices.length === sparse) {
      const rows = it.tile(op, i)
      if (rows.elem.isFloat || rows.numElements !== view.type.tileShape[sparse]) {
        return it.fail(op, `expects ${view.type.tileShape[sparse]} integer gather indices at dimension ${sparse}`)
      }
      gather = Array.from(rows.ints, (r) => Number(BigInt.asUintN(rows.elem.bits, r)))
      indices.push(0)
      continue
    }
    indices.push(Number(it.scalarUnsigned(op, i)))
  }
  if (indices.length !== rank) {
    return it.fail(op, `has ${indices.length} indices for a view of rank ${rank}`)
  }
  for (let d = 0; d < rank; d++) {
    const space = view.indexSpaceDim(d)
    if (d !== sparse && indices[d]! >= space) {
      return it.fail(op, `has index ${indices[d]} outside the index space [0, ${space}) of dimension ${d} (undefined)`)
    }
  }
  return new ViewAccess(view, indices, gather, viewIndex + 1 + rank)
}

/**
 * Visits every element of the tile `access` addresses: `fn(flat, address)` where address
 * is the byte address, or -1 when the element lies outside the tensor_view (gathered
 * rows past the edge included).
 */
export function forEachViewElement(access: ViewAccess, fn: (flat: number, address: number) => void): void {
  const { view, indices, gather } = access
  const { tileShape, dimMap, traversal, sparseDim } = view.type
  const tv = view.tensorView
  const rank = tileShape.length
  const bytes = tv.elem.storageBytes
  const base = Number(tv.base)
  const coords = new Array<number>(rank).fill(0)
  let n = 1
  for (const d of tileShape) {
    n *= d
  }
  for (let flat = 0; flat < n; flat++) {
    let offset = 0
    let inside = true
    for (let d = 0; d < rank; d++) {
      const td = dimMap[d]!
      const x = d === sparseDim ? gather![coords[d]!]! : indices[d]! * traversal[d]! + coords[d]!
      if (x >= tv.shape[td]!) {
        inside = false
        break
      }
      offset += x * tv.strides[td]!
    }
    fn(flat, inside ? base + offset * bytes : -1)
    for (let d = rank - 1; d >= 0; d--) {
      if (++coords[d]! < tileShape[d]!) {
        break
      }
      coords[d] = 0
    }
  }
}

function paddingValue(padding: string | null, elem: ElemType): number | bigint {
  if (!elem.isFloat) {
    return 0n
  }
  switch (padding) {
    case 'zero':
      return 0
    case 'neg_zero':
      return -0
    case 'pos_inf':
      return Infinity
    case 'neg_inf':
      return -Infinity
    default:
      // `nan`, and no padding value: cuda_tile leaves those elements unspecified; NaN
      // makes any use of them visible in the results.
      return NaN
  }
}

/** Reports an access of `elem` at `address` outside every allocation. */
export function checkAccess(it: Interpreter, op: Operation, address: number, elem: ElemType): void {
  if (elem.storageBytes === 0) {
    it.fail(op, `accesses ${elem.kind} elements in memory, whose packing the interpreter does not model`)
  }
  if (!it.memory.isAllocated(address, elem.storageBytes)) {
    it.fail(op, `accesses address ${address} (${elem.storageBytes} bytes), outside every allocation`)
  }
}

function loadElement(it: Interpreter, op: Operation, out: Tile, flat: number, address: number): void {
  checkAccess(it, op, address, out.elem)
  out.data[flat] = out.elem.isFloat ? it.memory.loadFloat(out.elem, address) : it.memory.loadInt(out.elem, address)
}

function storeElement(it: Interpreter, op: Operation, src: Tile, flat: number, address: number): void {
  checkAccess(it, op, address, src.elem)
  if (src.elem.isFloat) {
    it.memory.storeFloat(src.elem, address, src.floats[flat]!)
  } else {
    it.memory.storeInt(src.elem, address, src.ints[flat]!)
  }
}

const loadView: OpHandler = (it, op) => {
  const access = viewAccess(it, op, 0)
  const view = access.view
  const info = it.resultTile(op)
  const out = Tile.zeros(info.shape, info.elem)
  const pad = paddingValue(view.type.padding, info.elem)
  forEachViewElement(access, (flat, address) => {
    if (address < 0) {
      out.data[flat] = pad
    } else {
      loadElement(it, op, out, flat, address)
    }
  })
  it.set(op.getResult(0), out)
  it.set(op.getResult(1), Token.instance)
}

const storeView: OpHandler = (it, op) => {
  const src = it.tile(op, 0)
  forEachViewElement(viewAccess(it, op, 1), (flat, address) => {
    if (address >= 0) {
      storeElement(it, op, src, flat, address)
    }
  })
  it.set(op.result, Token.instance)
}

/** get_tensor_shape / get_index_space_shape: one scalar result per dimension. */
function shapeResults(it: Interpreter, op: Operation, dims: readonly number[]): void {
  for (let i = 0; i < op.numResults; i++) {
    const info = it.resultTile(op, i)
    const t = Tile.zeros([], info.elem)
    t.ints[0] = BigInt.asIntN(info.elem.bits, BigInt(dims[i] ?? 0))
    it.set(op.getResult(i), t)
  }
}

const getTensorShape: OpHandler = (it, op) => {
  const v = it.get(op.getOperand(0))
  if (!(v instanceof TensorView)) {
    return it.fail(op, 'expects a tensor_view')
  }
  shapeResults(it, op, v.shape)
}

const getIndexSpaceShape: OpHandler = (it, op) => {
  const v = it.get(op.getOperand(0))
  if (!(v instanceof TiledView)) {
    return it.fail(op, 'expects a partition_view, strided_view or gather_scatter_view')
  }
  shapeResults(it, op, v.type.tileShape.map((_, d) => v.indexSpaceDim(d)))
}

const offset: OpHandler = (it, op) => {
  const ptr = it.tile(op, 0)
  const off = it.tile(op, 1)
  const info = it.resultTile(op)
  const bytes = BigInt(info.elem.pointee?.storageBytes ?? 1)
  const out = Tile.zeros(info.shape, info.elem)
  for (let i = 0; i < out.numElements; i++) {
    const p = ptr.ints[ptr.numElements === 1 ? 0 : i]!
    const o = off.ints[off.numElements === 1 ? 0 : i]!
    out.ints[i] = BigInt.asIntN(64, BigInt.asUintN(64, p) + o * bytes)
  }
  it.set(op.result, out)
}

/**
 * The optional operands of a pointer load or store after its fixed ones, as
 * `operandSegmentSizes` gives them (or, without it, in declaration order by kind).
 */
export function optionalTiles(it: Interpreter, op: Operation, fixed: number, names: readonly string[]): Map<string, Tile> {
  const out = new Map<string, Tile>()
  const segments = intArrayAttr(op, 'operandSegmentSizes')
  if (segments !== null) {
    let at = segments.slice(0, fixed).reduce((a, b) => a + b, 0)
    for (let k = 0; k < names.length; k++) {
      if (segments[fixed + k] === 1) {
        out.set(names[k]!, it.tile(op, at))
      }
      at += segments[fixed + k] ?? 0
    }
    return out
  }
  const tiles: Tile[] = []
  for (let i = fixed; i < op.numOperands; i++) {
    const v = it.get(op.getOperand(i))
    if (v instanceof Tile) {
      tiles.push(v)
    }
  }
  if (tiles.length > 0 && tiles[0]!.elem.kind === 'i1') {
    out.set(names[0]!, tiles.shift()!)
  }
  if (tiles.length > 0 && names.length > 1) {
    out.set(names[1]!, tiles[0]!)
  }
  return out
}

const loadPtr: OpHandler = (it, op) => {
  const ptrs = it.tile(op, 0)
  const info = it.resultTile(op)
  const extra = optionalTiles(it, op, 1, ['mask', 'padding'])
  const mask = extra.get('mask')
  const padding = extra.get('padding')
  const out = Tile.zeros(info.shape, info.elem)
  for (let i = 0; i < out.numElements; i++) {
    if (mask !== undefined && mask.ints[i] === 0n) {
      out.data[i] = padding !== undefined ? padding.data[padding.numElements === 1 ? 0 : i]! : paddingValue(null, info.elem)
      continue
    }
    loadElement(it, op, out, i, Number(BigInt.asUintN(64, ptrs.ints[i]!)))
  }
  it.set(op.getResult(0), out)
  it.set(op.getResult(1), Token.instance)
}

const storePtr: OpHandler = (it, op) => {
  const ptrs = it.tile(op, 0)
  const value = it.tile(op, 1)
  const mask = optionalTiles(it, op, 2, ['mask']).get('mask')
  for (let i = 0; i < value.numElements; i++) {
    if (mask === undefined || mask.ints[i] !== 0n) {
      storeElement(it, op, value, i, Number(BigInt.asUintN(64, ptrs.ints[i]!)))
    }
  }
  it.set(op.result, Token.instance)
}

/** alloca: fresh memory for `num_elem` elements of the pointee, never reused during the launch. */
const alloca: OpHandler = (it, op) => {
  const info = it.resultTile(op)
  const pointee = info.elem.pointee
  if (pointee === null) {
    return it.fail(op, 'expects a pointer result')
  }
  const count = intAttr(op, 'num_elem', 0)
  const align = intAttr(op, 'alignment', 0)
  const out = Tile.zeros(info.shape, info.elem)
  out.ints[0] = BigInt(it.memory.alloc(Math.max(count, 1) * pointee.storageBytes, align > 0 ? align : 16))
  it.set(op.result, out)
}

/** View and memory handlers by op name (without the `cuda_tile.` prefix). */
export const VIEW_HANDLERS: Record<string, OpHandler> = {
  make_tensor_view: makeTensorView,
  make_partition_view: makeTiledView,
  make_strided_view: makeTiledView,
  make_gather_scatter_view: makeTiledView,
  load_view_tko: loadView,
  store_view_tko: storeView,
  get_tensor_shape: getTensorShape,
  get_index_space_shape: getIndexSpaceShape,
  offset,
  load_ptr_tko: loadPtr,
  store_ptr_tko: storePtr,
  alloca,
}
