/**
 * The ops of the `xevm` dialect (Intel Xe GPUs): 1D and 2D block loads, stores and
 * prefetches, `prefetch`, `memfence` and the subgroup `mma`, with upstream's syntax and
 * verifiers (mlir-opt 22).
 */
import {
  AnyI,
  BF16,
  F16,
  F32,
  FloatType,
  I1Attr,
  I16,
  I32,
  I32Attr,
  I64,
  I8,
  IntegerAttr,
  IntegerType,
  TF32,
  VectorType,
  anyTypeOf,
  attrConstraint,
  defaultValuedAttr,
  defineOp,
  matchConstantValue,
  optional,
  optionalAttr,
  typeConstraint,
  type AttrConstraint,
  type Attribute,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type Type,
  type TypeConstraint,
} from '@tilepass/ir'
import { LLVMAnyPointer } from '../llvm/LLVMConstraints.ts'
import { ConstantRangeC, pointerIn } from '../nvvm/NVVMOps.ts'
import { XeVMEnumAttr, XeVMMmaShapeAttr, XeVMMmaTypesAttr, parseMmaShapeBody, parseMmaTypesBody } from './XeVMAttributes.ts'

/** `FixedVectorOfRankAndType<[1], elems>`. */
function vector1D(elems: readonly TypeConstraint[]): TypeConstraint {
  const elem = anyTypeOf(elems)
  return typeConstraint(`fixed-length vector of ${elem.summary} values of ranks 1`, (t) => t instanceof VectorType && !t.isScalable && t.shape.length === 1 && elem.check(t.elementType))
}

/** `XeVM_ElemType` (also `XeVM_MatrixElemType`). */
const ElemType: readonly TypeConstraint[] = [AnyI(8), AnyI(16), AnyI(32), F32, TF32, F16, BF16]
const MatrixVector: TypeConstraint = vector1D(ElemType)
/** `XeVM_1DBlockElemType` and vectors of it. */
const BlockElem: readonly TypeConstraint[] = [I8, I16, I32, I64]
const Block1D: TypeConstraint = anyTypeOf([...BlockElem, vector1D(BlockElem)])

function enumC(mnemonic: string): AttrConstraint {
  const check = (a: Attribute): boolean => a instanceof XeVMEnumAttr && a.mnemonic === mnemonic
  return attrConstraint(`Describe ${mnemonic}`, check, { isStorageKind: check })
}
const LoadCacheC = enumC('load_cache_control')
const StoreCacheC = enumC('store_cache_control')
const MemScopeC = enumC('mem_scope')
const AddrSpaceC = enumC('addr_space')

/** `XeVM_MMAShapeAttr`, written `<m = 8, n = 16, k = 16>` in the mma syntax. */
const MmaShapeC: AttrConstraint = attrConstraint('', (a) => a instanceof XeVMMmaShapeAttr, {
  isStorageKind: (a) => a instanceof XeVMMmaShapeAttr,
  parse: (parser: OpAsmParser): Attribute | undefined => parseMmaShapeBody(parser),
  print: (attr: Attribute, p: OpAsmPrinter): void => p.print((attr as XeVMMmaShapeAttr).body()),
})
/** `XeVM_MMATypesAttr`, written `<d = f32, a = f16, b = f16>` in the mma syntax. */
const MmaTypesC: AttrConstraint = attrConstraint('', (a) => a instanceof XeVMMmaTypesAttr, {
  isStorageKind: (a) => a instanceof XeVMMmaTypesAttr,
  parse: (parser: OpAsmParser): Attribute | undefined => parseMmaTypesBody(parser),
  print: (attr: Attribute, p: OpAsmPrinter): void => p.print((attr as XeVMMmaTypesAttr).body()),
})

const LOAD_FORMAT = 'operands prop-dict attr-dict `:` functional-type(operands, results)'
const STORE_FORMAT = 'operands prop-dict attr-dict `:` `(` type(operands) `)`'

/** The number of bits of an integer or float type, or undefined for other types. */
function bitWidth(t: Type): number | undefined {
  return t instanceof IntegerType || t instanceof FloatType ? t.width : undefined
}

function intAttr(op: Operation, name: string): number {
  const a = op.getAttr(name)
  return a instanceof IntegerAttr ? Number(a.value) : 0
}

function isPowerOf2(v: number): boolean {
  return v > 0 && (v & (v - 1)) === 0
}

/** The checks that the 2D block ops share (upstream's `verifyMatrixInput`). */
function verifyMatrixInput(op: Operation, vBlocks: number): LogicalResult {
  const width = matchConstantValue(op.getOperand(1))
  const pitch = matchConstantValue(op.getOperand(3))
  if (width instanceof IntegerAttr && pitch instanceof IntegerAttr && pitch.value < width.value) {
    return op.emitOpError('4th operand (base pitch) should be >= 2nd operand (base width)').fail()
  }
  const elemSize = intAttr(op, 'elem_size_in_bits')
  if (elemSize < 8 || !isPowerOf2(elemSize) || elemSize > 32) {
    return op.emitOpError("expecting 'elem_size_in_bits' to be 8, 16, or 32").fail()
  }
  const tileHeight = intAttr(op, 'tile_height')
  if (tileHeight > 32 || !isPowerOf2(tileHeight)) {
    return op.emitOpError('expecting tile_height to be 1, 2, 4, 8, 16, or 32').fail()
  }
  if (vBlocks > 8 || !isPowerOf2(vBlocks)) {
    return op.emitOpError('expecting v_blocks to be 1, 2, 4, or 8').fail()
  }
  return true
}

/** A range check `lo <= v <= hi` that fails with `expecting <what> to be between lo and hi`. */
function inRange(op: Operation, what: string, v: number, lo: number, hi: number): boolean {
  if (v < lo || v > hi) {
    op.emitOpError(`expecting ${what} to be between ${lo} and ${hi}`).report()
    return false
  }
  return true
}

function fail(op: Operation, message: string): LogicalResult {
  return op.emitOpError(message).fail()
}

/** The shape limits of `blockload2d` without transpose or packing, per element size. */
const PLAIN_LOAD: Readonly<Record<number, { w: [number, number]; vb: readonly number[]; vbText: string; max?: number }>> = {
  8: { w: [4, 64], vb: [1, 2, 4], vbText: '1, 2, or 4', max: 64 },
  16: { w: [2, 32], vb: [1, 2, 4], vbText: '1, 2, or 4', max: 32 },
  32: { w: [1, 16], vb: [1, 2], vbText: '1 or 2', max: 16 },
  64: { w: [1, 8], vb: [1], vbText: '1' },
}

/** Upstream's `verify2DBlockLoadRestriction`. */
function verifyLoad2dRestriction(op: Operation): LogicalResult {
  const resTy = op.getResult(0).type as VectorType
  const elemBits = bitWidth(resTy.elementType)
  if (elemBits === undefined) {
    return fail(op, 'expecting result element type to be int or float')
  }
  const elemSize = intAttr(op, 'elem_size_in_bits')
  const tileWidth = intAttr(op, 'tile_width')
  const tileHeight = intAttr(op, 'tile_height')
  const vBlocks = intAttr(op, 'v_blocks')
  const resSize = (resTy.shape[0] ?? 0) * elemBits
  const expected = Math.trunc((elemSize * tileHeight * tileWidth * vBlocks) / 16) >>> 0
  if (resSize !== expected) {
    return fail(op, `result size of ${resSize} bits does not match the expected size of ${expected} bits`)
  }
  const transpose = boolAttr(op, 'transpose')
  const pack = boolAttr(op, 'pack_register')
  if (transpose && pack) {
    return fail(op, 'transpose and pack_register are mutually exclusive')
  }
  if (!transpose && !pack) {
    if (!inRange(op, 'tile_height', tileHeight, 1, 32)) {
      return false
    }
    const lim = PLAIN_LOAD[elemSize]
    if (lim === undefined) {
      return fail(op, 'expecting elem_size_in_bits to be 8, 16, 32, or 64')
    }
    if (!inRange(op, 'tile_width', tileWidth, lim.w[0], lim.w[1])) {
      return false
    }
    if (!lim.vb.includes(vBlocks)) {
      return fail(op, `expecting v_blocks to be ${lim.vbText}`)
    }
    if (lim.max !== undefined && tileWidth * vBlocks > lim.max) {
      return fail(op, `tile_width * v_blocks should be less than or equal to ${lim.max} for ${elemSize} bit elements`)
    }
    return true
  }
  if (transpose) {
    if (vBlocks !== 1) {
      return fail(op, 'expecting v_blocks to be 1')
    }
    if (elemSize === 32) {
      return inRange(op, 'tile_height', tileHeight, 1, 32) && inRange(op, 'tile_width', tileWidth, 1, 8)
    }
    if (elemSize === 64) {
      if (tileHeight !== 8) {
        return fail(op, 'expecting tile_height to be 8 for 64 bit elements')
      }
      return tileWidth === 1 || tileWidth === 2 || tileWidth === 4 ? true : fail(op, 'expecting tile_width to be 1, 2, or 4')
    }
    return fail(op, 'transpose is only supported for 32 and 64 bit elements')
  }
  if (vBlocks !== 1 && vBlocks !== 2 && vBlocks !== 4) {
    return fail(op, 'expecting v_blocks to be 1, 2, or 4')
  }
  if (elemSize === 8) {
    return inRange(op, 'tile_height', tileHeight, 4, 32) && inRange(op, 'tile_width', tileWidth, 4, 16)
  }
  if (elemSize === 16) {
    if (!inRange(op, 'tile_height', tileHeight, 2, 32) || !inRange(op, 'tile_width', tileWidth, 2, 16)) {
      return false
    }
    return tileWidth * vBlocks > 32 ? fail(op, 'tile_width * v_blocks should be less than or equal to 32 for 16 bit elements') : true
  }
  return fail(op, 'pack_register is only supported for 8 and 16 bit elements')
}

function boolAttr(op: Operation, name: string): boolean {
  const a = op.getAttr(name)
  return a instanceof IntegerAttr && a.value !== 0n
}

/** The tile widths that `blockstore2d` (and, for 32 bits, `blockprefetch2d`) accept per element size. */
function verifyStoreTileWidth(op: Operation, prefetch: boolean): LogicalResult {
  const tileWidth = intAttr(op, 'tile_width')
  switch (intAttr(op, 'elem_size_in_bits')) {
    case 8:
      return tileWidth === 16 || tileWidth === 32 ? true : fail(op, 'tile_width for 8 bit elements should be equal to 16 or 32')
    case 16:
      return tileWidth === 16 ? true : fail(op, 'tile_width for 16 bit elements should be equal to 16')
    default:
      if (prefetch) {
        return tileWidth === 8 || tileWidth === 16 ? true : fail(op, 'tile_width for 32 bit elements should be equal to 8 or 16')
      }
      return tileWidth === 16 ? true : fail(op, 'tile_width for 32 bit elements should be equal to 16')
  }
}

/** Upstream's `verify1DBlockArg`: the vector length of a `blockload`/`blockstore` value. */
function verify1DBlock(op: Operation, t: Type): LogicalResult {
  // A scalar (one element per lane) needs no check.
  if (!(t instanceof VectorType)) {
    return true
  }
  const n = t.shape[0] ?? 0
  const bits = bitWidth(t.elementType) ?? 0
  if (bits === 8) {
    return n === 2 || n === 4 || n === 8 || n === 16 ? true : fail(op, 'vector size must be 2, 4, 8 or 16 for 8-bit element type')
  }
  return n === 2 || n === 4 || n === 8 ? true : fail(op, 'vector size must be 2, 4 or 8 for element type > 8 bits')
}

/** `xevm.blockload %ptr <{cache_control = ...}> : (!llvm.ptr<1>) -> vector<4xi16>`: a subgroup block load. */
export const XeVMBlockLoadOp: OdsOp = defineOp({
  name: 'xevm.blockload',
  operands: { ptr: LLVMAnyPointer },
  results: { res: Block1D },
  attributes: { cache_control: optionalAttr(LoadCacheC) },
  assemblyFormat: LOAD_FORMAT,
  verify: (op) => verify1DBlock(op, op.getResult(0).type),
})

/** `xevm.blockstore %ptr, %val <{cache_control = ...}> : (!llvm.ptr<1>, vector<4xi16>)`: a subgroup block store. */
export const XeVMBlockStoreOp: OdsOp = defineOp({
  name: 'xevm.blockstore',
  operands: { ptr: LLVMAnyPointer, val: Block1D },
  attributes: { cache_control: optionalAttr(StoreCacheC) },
  assemblyFormat: STORE_FORMAT,
  verify: (op) => verify1DBlock(op, op.getOperand(1).type),
})

const MATRIX_OPERANDS = { ptr: LLVMAnyPointer, base_width: I32, base_height: I32, base_pitch: I32, x: I32, y: I32 } as const
const TILE_ATTRS = { elem_size_in_bits: I32Attr, tile_width: I32Attr, tile_height: I32Attr } as const

/** `xevm.blockload2d`: loads a 2D tile of a matrix in global memory. */
export const XeVMBlockLoad2dOp: OdsOp = defineOp({
  name: 'xevm.blockload2d',
  operands: MATRIX_OPERANDS,
  results: { res: MatrixVector },
  attributes: { ...TILE_ATTRS, v_blocks: I32Attr, transpose: I1Attr, pack_register: I1Attr, cache_control: optionalAttr(LoadCacheC) },
  assemblyFormat: LOAD_FORMAT,
  verify(op: Operation): LogicalResult {
    if (!verifyLoad2dRestriction(op) || !verifyMatrixInput(op, intAttr(op, 'v_blocks'))) {
      return false
    }
    const elemBits = bitWidth((op.getResult(0).type as VectorType).elementType)
    const pack = boolAttr(op, 'pack_register')
    if ((intAttr(op, 'elem_size_in_bits') === 32 || pack) && elemBits !== 32) {
      return fail(op, 'expecting result element type to be 32 bits')
    }
    if (pack && intAttr(op, 'tile_width') !== 16) {
      return fail(op, 'tile_width when pack_register is true should be equal to subgroup size (16 elements)')
    }
    return true
  },
})

/** `xevm.blockstore2d`: stores a 2D tile into a matrix in global memory. */
export const XeVMBlockStore2dOp: OdsOp = defineOp({
  name: 'xevm.blockstore2d',
  operands: { ...MATRIX_OPERANDS, stored_val: MatrixVector },
  attributes: { ...TILE_ATTRS, cache_control: optionalAttr(StoreCacheC) },
  assemblyFormat: STORE_FORMAT,
  verify(op: Operation): LogicalResult {
    if (!inRange(op, 'tile_height', intAttr(op, 'tile_height'), 1, 8)) {
      return false
    }
    const lim = PLAIN_LOAD[intAttr(op, 'elem_size_in_bits')]
    if (lim === undefined) {
      return fail(op, 'expecting elem_size_in_bits to be 8, 16, 32, or 64')
    }
    if (!inRange(op, 'tile_width', intAttr(op, 'tile_width'), lim.w[0], lim.w[1])) {
      return false
    }
    return verifyMatrixInput(op, 1) && verifyStoreTileWidth(op, false)
  },
})

/** `xevm.blockprefetch2d`: prefetches a 2D tile of a matrix in global memory. */
export const XeVMBlockPrefetch2dOp: OdsOp = defineOp({
  name: 'xevm.blockprefetch2d',
  operands: MATRIX_OPERANDS,
  attributes: { ...TILE_ATTRS, v_blocks: I32Attr, cache_control: optionalAttr(LoadCacheC) },
  assemblyFormat: STORE_FORMAT,
  verify: (op) => verifyMatrixInput(op, intAttr(op, 'v_blocks')) && verifyStoreTileWidth(op, true),
})

/** `xevm.prefetch %ptr <{cache_control = ...}> : (!llvm.ptr<1>)`: prefetches into the cache. */
export const XeVMPrefetchOp: OdsOp = defineOp({
  name: 'xevm.prefetch',
  operands: { ptr: anyTypeOf([pointerIn(1), pointerIn(4)]) },
  attributes: { cache_control: optionalAttr(LoadCacheC) },
  assemblyFormat: STORE_FORMAT,
})

/**
 * `xevm.memfence <{addrspace = #xevm.addr_space<generic>, scope = #xevm.mem_scope<workgroup>}>`:
 * a work-item memory fence. `addrspace` defaults to `generic` and, as upstream prints every
 * property of xevm ops, the default is printed too.
 */
export const XeVMMemfenceOp: OdsOp = defineOp({
  name: 'xevm.memfence',
  attributes: { scope: MemScopeC, addrspace: defaultValuedAttr(AddrSpaceC, (ctx) => XeVMEnumAttr.get(ctx, 'addr_space', 'generic')) },
  assemblyFormat: 'prop-dict attr-dict',
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' <{')
    let first = true
    for (const e of op.properties.entries) {
      p.print(first ? `${e.name} = ` : `, ${e.name} = `)
      first = false
      p.printAttribute(e.value)
    }
    p.print('}>')
    p.printOptionalAttrDict(op.attributes.entries, [])
  },
})

/** `xevm.mma %a, %b, %c {shape = <m = 8, n = 16, k = 16>, types = <...>} : (...) -> vector<8xf32>`: subgroup D = C + A x B. */
export const XeVMMmaOp: OdsOp = defineOp({
  name: 'xevm.mma',
  operands: { a: MatrixVector, b: MatrixVector, c: optional(MatrixVector) },
  results: { d: MatrixVector },
  attributes: { shape: MmaShapeC, types: MmaTypesC },
  assemblyFormat: '$a `,` $b (`,` $c^)? ` ` `{` `shape` `=` $shape `,` `types` `=` $types `}` attr-dict `:` functional-type(operands, results)',
  verify(op: Operation): LogicalResult {
    if (op.numOperands > 2 && op.getOperand(2).type !== op.getResult(0).type) {
      return fail(op, 'type of C operand must match result type')
    }
    return true
  },
})

/** The special id registers: `xevm.local_id.x range <i32, 0, 16> : i32` and the others, as op name suffixes. */
export const XeVMSpecialRegisters: readonly string[] = [
  ...['local_id', 'local_size', 'group_id', 'group_count'].flatMap((r) => ['x', 'y', 'z'].map((d) => `${r}.${d}`)),
  'lane_id',
  'subgroup_id',
  'subgroup_size',
]

/** `xevm.<register>`: one op per special id register, an i32 or i64 with an optional `range`. */
export const XeVMSpecialRegisterOps: readonly OdsOp[] = XeVMSpecialRegisters.map((name) =>
  defineOp({
    name: `xevm.${name}`,
    results: { res: anyTypeOf([I32, I64]) },
    attributes: { range: optionalAttr(ConstantRangeC) },
    assemblyFormat: '(`range` $range^)? attr-dict `:` type($res)',
  }),
)

/** The ops of the `xevm` dialect. */
export const xevmOps: readonly OdsOp[] = [
  XeVMBlockLoadOp,
  XeVMBlockStoreOp,
  XeVMBlockLoad2dOp,
  XeVMBlockStore2dOp,
  XeVMBlockPrefetch2dOp,
  XeVMPrefetchOp,
  XeVMMemfenceOp,
  XeVMMmaOp,
  ...XeVMSpecialRegisterOps,
]
