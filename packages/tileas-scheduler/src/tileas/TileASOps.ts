/**
 * The ops of the `tileas` dialect (tile assembly): elementwise math mirroring cuda_tile's
 * names (on distributed tiles or builtin scalars), tile construction and reshaping
 * (`constant`, `splat`, `broadcast`, `reshape`, `convert_layout`), `reduce` with a combiner
 * kind, weak global accesses (`load_view`, `store_view`), tile block ids, and the GEMM
 * operand path (`alloc_shared`, `async_copy`, `async_commit_group`, `async_wait`, `barrier`,
 * `local_load`, `mma`).
 */
import {
  FloatType,
  I32,
  I32Attr,
  I64,
  IntegerType,
  StrAttr,
  type StringAttr,
  Trait,
  TypedAttrConstraint,
  UnitAttrC,
  defineOp,
  optionalAttr,
  success,
  typeConstraint,
  variadic,
  type LogicalResult,
  type OdsOp,
  type Operation,
  type Type,
} from '@tilepass/ir'
import { LLVMPointerType } from '@tilepass/dialects'
import { DotOperandLayoutAttr, MmaLayoutAttr, SliceLayoutAttr } from './TileASAttributes.ts'
import { AsyncTokenType, SharedBufferType, TileASTileType } from './TileASTypes.ts'

const N = 'tileas'

/** A distributed tile or a builtin integer/float scalar. */
const TileOrScalar = typeConstraint('tileas tile or integer/float scalar', (t) => t instanceof TileASTileType || t instanceof IntegerType || t instanceof FloatType)
const Tile = typeConstraint('tileas tile', (t) => t instanceof TileASTileType)
const Ptr = typeConstraint('LLVM pointer', (t) => t instanceof LLVMPointerType)
const Smem = typeConstraint('tileas shared buffer', (t) => t instanceof SharedBufferType)
const Token = typeConstraint('tileas async token', (t) => t instanceof AsyncTokenType, (c) => AsyncTokenType.get(c))

function elementOf(t: Type): Type {
  return t instanceof TileASTileType ? t.elementType : t
}

const isFloatElem = (t: Type): boolean => elementOf(t) instanceof FloatType
const isIntElem = (t: Type): boolean => elementOf(t) instanceof IntegerType

/** Same shape and layout (tiles) or both scalars. */
function sameShape(a: Type, b: Type): boolean {
  if (a instanceof TileASTileType && b instanceof TileASTileType) {
    return a.layout === b.layout && a.shape.length === b.shape.length && a.shape.every((d, i) => d === b.shape[i])
  }
  return !(a instanceof TileASTileType) && !(b instanceof TileASTileType)
}

function checkElem(op: Operation, float: boolean): LogicalResult {
  const t = op.getOperand(0).type
  if (float ? !isFloatElem(t) : !isIntElem(t)) {
    return op.emitOpError(`operands must have ${float ? 'float' : 'integer'} elements`).fail()
  }
  return success()
}

/** The elementwise binary ops and whether they take floats. */
export const TILEAS_BINARY: Readonly<Record<string, boolean>> = {
  addf: true,
  subf: true,
  mulf: true,
  divf: true,
  maxf: true,
  minf: true,
  addi: false,
  subi: false,
  muli: false,
  divi: false,
  remi: false,
  maxi: false,
  mini: false,
  andi: false,
  ori: false,
  xori: false,
}

/** The elementwise unary ops (all on floats). */
export const TILEAS_UNARY: readonly string[] = ['negf', 'absf', 'exp', 'exp2']

function binaryOp(name: string, float: boolean): OdsOp {
  return defineOp({
    name: `${N}.${name}`,
    operands: { lhs: TileOrScalar, rhs: TileOrScalar },
    results: { result: TileOrScalar },
    // `unsigned`: unsigned integer division, remainder, max, min; `rounding`: "zero"
    // (default), "negative_inf" or "positive_inf" for divi; `propagate_nan` for maxf/minf.
    attributes: {
      unsigned: optionalAttr(UnitAttrC),
      rounding: optionalAttr(StrAttr),
      propagate_nan: optionalAttr(UnitAttrC),
    },
    traits: Trait.Pure | Trait.Elementwise,
    allTypesMatch: [['lhs', 'rhs', 'result']],
    assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
    verify: (op) => checkElem(op, float),
  })
}

function unaryOp(name: string): OdsOp {
  return defineOp({
    name: `${N}.${name}`,
    operands: { x: TileOrScalar },
    results: { result: TileOrScalar },
    traits: Trait.Pure | Trait.Elementwise,
    allTypesMatch: [['x', 'result']],
    assemblyFormat: '$x attr-dict `:` type($result)',
    verify: (op) => checkElem(op, true),
  })
}

/** LLVM's icmp predicate names, which `cmpi` takes. */
export const ICMP_PREDICATES: readonly string[] = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge']
/** LLVM's fcmp predicate names (without the constant ones), which `cmpf` takes. */
export const FCMP_PREDICATES: readonly string[] = ['oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno']

function i1Like(t: Type): Type {
  const i1 = IntegerType.get(t.context, 1)
  return t instanceof TileASTileType ? t.withElementType(i1) : i1
}

function cmpOp(name: string, preds: readonly string[], float: boolean): OdsOp {
  return defineOp({
    name: `${N}.${name}`,
    operands: { lhs: TileOrScalar, rhs: TileOrScalar },
    results: { result: TileOrScalar },
    attributes: { predicate: StrAttr },
    traits: Trait.Pure | Trait.Elementwise,
    allTypesMatch: [['lhs', 'rhs']],
    assemblyFormat: '$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)',
    verify(op) {
      const p = op.getAttr('predicate')
      const text = p === undefined ? '' : (p as StringAttr).value
      if (!preds.includes(text)) {
        return op.emitOpError(`predicate must be one of ${preds.join(', ')}`).fail()
      }
      if (op.getResult(0).type !== i1Like(op.getOperand(0).type)) {
        return op.emitOpError('result must be i1 of the operands\' shape and layout').fail()
      }
      return checkElem(op, float)
    },
  })
}

/** Conversions: `itof`, `ftoi` (with `unsigned`), `ftof`, `exti` (with `unsigned`), `trunci`. */
function castOp(name: string, from: boolean, to: boolean): OdsOp {
  return defineOp({
    name: `${N}.${name}`,
    operands: { x: TileOrScalar },
    results: { result: TileOrScalar },
    attributes: { unsigned: optionalAttr(UnitAttrC) },
    traits: Trait.Pure | Trait.Elementwise,
    assemblyFormat: '$x attr-dict `:` type($x) `->` type($result)',
    verify(op) {
      const a = op.getOperand(0).type
      const b = op.getResult(0).type
      if (!sameShape(a, b)) {
        return op.emitOpError('operand and result must have the same shape and layout').fail()
      }
      if (isFloatElem(a) !== from || isFloatElem(b) !== to) {
        return op.emitOpError(`converts ${from ? 'float' : 'integer'} to ${to ? 'float' : 'integer'} elements`).fail()
      }
      return success()
    },
  })
}

const selectOp = defineOp({
  name: `${N}.select`,
  operands: { cond: TileOrScalar, true_value: TileOrScalar, false_value: TileOrScalar },
  results: { result: TileOrScalar },
  traits: Trait.Pure | Trait.Elementwise,
  allTypesMatch: [['true_value', 'false_value', 'result']],
  assemblyFormat: '$cond `,` $true_value `,` $false_value attr-dict `:` type($cond) `,` type($result)',
  verify(op) {
    return op.getOperand(0).type === i1Like(op.getResult(0).type) ? success() : op.emitOpError('condition must be i1 of the result\'s shape and layout').fail()
  },
})

const fmaOp = defineOp({
  name: `${N}.fma`,
  operands: { a: TileOrScalar, b: TileOrScalar, c: TileOrScalar },
  results: { result: TileOrScalar },
  traits: Trait.Pure | Trait.Elementwise,
  allTypesMatch: [['a', 'b', 'c', 'result']],
  assemblyFormat: '$a `,` $b `,` $c attr-dict `:` type($result)',
  verify: (op) => checkElem(op, true),
})

function tileOf(op: Operation, i: number): TileASTileType {
  return op.getOperand(i).type as TileASTileType
}

const constantOp = defineOp({
  name: `${N}.constant`,
  results: { result: Tile },
  attributes: { value: TypedAttrConstraint },
  traits: Trait.Pure | Trait.ConstantLike,
  assemblyFormat: '$value attr-dict `:` type($result)',
  verify(op) {
    const t = op.getResult(0).type as TileASTileType
    const v = op.getAttr('value') as unknown as { type: { shape?: readonly number[]; elementType?: Type } }
    const shape = v.type.shape
    if (shape === undefined || v.type.elementType !== t.elementType || shape.length !== t.shape.length || shape.some((d, i) => d !== t.shape[i])) {
      return op.emitOpError('value must be dense elements of the result\'s shape and element type').fail()
    }
    return success()
  },
})

const splatOp = defineOp({
  name: `${N}.splat`,
  operands: { x: typeConstraint('integer/float scalar', (t) => t instanceof IntegerType || t instanceof FloatType) },
  results: { result: Tile },
  traits: Trait.Pure,
  assemblyFormat: '$x attr-dict `:` type($x) `->` type($result)',
  verify(op) {
    return (op.getResult(0).type as TileASTileType).elementType === op.getOperand(0).type ? success() : op.emitOpError('result element type must be the scalar type').fail()
  },
})

function sameElem(op: Operation): boolean {
  return tileOf(op, 0).elementType === (op.getResult(0).type as TileASTileType).elementType
}

/**
 * A tile -> tile op that moves elements (`broadcast`, `reshape`, `convert_layout`): same
 * element type, and `shapesOk(operand shape, result shape)` or `message`.
 */
function tileMoveOp(name: string, shapesOk: (a: TileASTileType, b: TileASTileType) => boolean, message: string): OdsOp {
  return defineOp({
    name: `${N}.${name}`,
    operands: { src: Tile },
    results: { result: Tile },
    traits: Trait.Pure,
    assemblyFormat: '$src attr-dict `:` type($src) `->` type($result)',
    verify(op) {
      const a = tileOf(op, 0)
      const b = op.getResult(0).type as TileASTileType
      return sameElem(op) && shapesOk(a, b) ? success() : op.emitOpError(message).fail()
    },
  })
}

const sameRank = (a: TileASTileType, b: TileASTileType): boolean => a.shape.length === b.shape.length

const broadcastOp = tileMoveOp(
  'broadcast',
  (a, b) => sameRank(a, b) && a.shape.every((d, i) => d === 1 || d === b.shape[i]),
  "operand dimensions must be 1 or the result's, with the same rank and element type",
)
const reshapeOp = tileMoveOp('reshape', (a, b) => a.numElements === b.numElements, 'operand and result must have the same element type and number of elements')
const convertLayoutOp = tileMoveOp(
  'convert_layout',
  (a, b) => sameRank(a, b) && a.shape.every((d, i) => d === b.shape[i]),
  'operand and result must have the same shape and element type',
)

/** The combiner kinds of `tileas.reduce`. */
export const REDUCE_KINDS: readonly string[] = ['addf', 'mulf', 'maxf', 'minf', 'addi', 'muli', 'maxi', 'mini', 'andi', 'ori', 'xori']

const reduceOp = defineOp({
  name: `${N}.reduce`,
  operands: { src: Tile },
  results: { result: TileOrScalar },
  // `propagate_nan` (maxf/minf) and `unsigned` (maxi/mini) as on the elementwise ops.
  attributes: { kind: StrAttr, dim: I32Attr, identity: TypedAttrConstraint, propagate_nan: optionalAttr(UnitAttrC), unsigned: optionalAttr(UnitAttrC) },
  traits: Trait.Pure,
  assemblyFormat: '$kind $src attr-dict `:` type($src) `->` type($result)',
  verify(op) {
    const a = tileOf(op, 0)
    const kind = (op.getAttr('kind') as StringAttr).value
    if (!REDUCE_KINDS.includes(kind)) {
      return op.emitOpError(`kind must be one of ${REDUCE_KINDS.join(', ')}`).fail()
    }
    const dim = Number((op.getAttr('dim') as unknown as { value: bigint }).value)
    if (dim < 0 || dim >= a.shape.length) {
      return op.emitOpError('dim must be a dimension of the operand').fail()
    }
    const r = op.getResult(0).type
    if (a.shape.length === 1) {
      return r === a.elementType ? success() : op.emitOpError('reducing a rank-1 tile gives a scalar of its element type').fail()
    }
    const want = a.shape.filter((_, d) => d !== dim)
    if (
      !(r instanceof TileASTileType) ||
      r.elementType !== a.elementType ||
      r.shape.length !== want.length ||
      r.shape.some((d, i) => d !== want[i]) ||
      !(r.layout instanceof SliceLayoutAttr) ||
      r.layout.dim !== dim ||
      r.layout.parent !== a.layout
    ) {
      return op.emitOpError('result must be the operand without dim, in the slice of its layout along dim').fail()
    }
    return success()
  },
})

/** The operand segment sizes of an AttrSizedOperandSegments op. */
function segmentSizes(op: Operation): number[] {
  const seg = op.getAttr('operandSegmentSizes') as unknown as { values: readonly (number | bigint)[] } | undefined
  return (seg?.values ?? []).map(Number)
}

function checkViewCounts(op: Operation, rank: number): LogicalResult {
  const sizes = segmentSizes(op)
  const n = sizes.length
  // The last three segments are offsets, dims, strides.
  if (n < 3 || sizes[n - 1] !== rank || sizes[n - 2] !== rank || sizes[n - 3] !== rank) {
    return op.emitOpError(`takes ${rank} offsets, dims and strides for a tile of rank ${rank}`).fail()
  }
  return success()
}

const loadViewOp = defineOp({
  name: `${N}.load_view`,
  operands: { base: Ptr, offsets: variadic(I64), dims: variadic(I64), strides: variadic(I64) },
  results: { result: Tile },
  // `padding`: the value of elements past the dims (zero when absent); `vector`: elements
  // per global access along the last dimension (its stride is 1 and the alignment allows it).
  attributes: { padding: optionalAttr(TypedAttrConstraint), vector: optionalAttr(I32Attr) },
  traits: Trait.AttrSizedOperandSegments,
  assemblyFormat: '$base `[` $offsets `]` `shape` `=` `[` $dims `]` `strides` `=` `[` $strides `]` attr-dict `:` type($base) `->` type($result)',
  verify: (op) => checkViewCounts(op, (op.getResult(0).type as TileASTileType).shape.length),
})

const storeViewOp = defineOp({
  name: `${N}.store_view`,
  operands: { value: Tile, base: Ptr, offsets: variadic(I64), dims: variadic(I64), strides: variadic(I64) },
  attributes: { vector: optionalAttr(I32Attr) },
  traits: Trait.AttrSizedOperandSegments,
  assemblyFormat: '$value `,` $base `[` $offsets `]` `shape` `=` `[` $dims `]` `strides` `=` `[` $strides `]` attr-dict `:` type($value) `,` type($base)',
  verify: (op) => checkViewCounts(op, tileOf(op, 0).shape.length),
})

function blockIdOp(name: string): OdsOp {
  return defineOp({
    name: `${N}.${name}`,
    results: { x: I32, y: I32, z: I32 },
    traits: Trait.Pure,
    assemblyFormat: 'attr-dict',
  })
}

// ---- the GEMM operand path (lowered by tile-mma's generators) ------------------------------

const allocSharedOp = defineOp({
  name: `${N}.alloc_shared`,
  results: { result: Smem },
  assemblyFormat: 'attr-dict `:` type($result)',
})

const asyncCopyOp = defineOp({
  name: `${N}.async_copy`,
  operands: { base: Ptr, offsets: variadic(I64), dims: variadic(I64), strides: variadic(I64), buffer: Smem, stage: I32 },
  results: { token: Token },
  traits: Trait.AttrSizedOperandSegments,
  assemblyFormat:
    '$base `[` $offsets `]` `shape` `=` `[` $dims `]` `strides` `=` `[` $strides `]` `,` $buffer `[` $stage `]` attr-dict `:` type($base) `,` type($buffer)',
  verify(op) {
    const seg = segmentSizes(op)
    return seg[1] === 2 && seg[2] === 2 && seg[3] === 2 ? success() : op.emitOpError('copies a rank-2 tile: 2 offsets, dims and strides').fail()
  },
})

const asyncCommitGroupOp = defineOp({
  name: `${N}.async_commit_group`,
  operands: { tokens: variadic(Token) },
  results: { token: Token },
  assemblyFormat: '($tokens^)? attr-dict',
})

const asyncWaitOp = defineOp({
  name: `${N}.async_wait`,
  operands: { tokens: variadic(Token) },
  attributes: { pending: I32Attr },
  assemblyFormat: '($tokens^)? attr-dict',
})

const barrierOp = defineOp({
  name: `${N}.barrier`,
  assemblyFormat: 'attr-dict',
})

const localLoadOp = defineOp({
  name: `${N}.local_load`,
  operands: { buffer: Smem, stage: I32 },
  results: { result: Tile },
  assemblyFormat: '$buffer `[` $stage `]` attr-dict `:` type($buffer) `->` type($result)',
  verify(op) {
    const b = op.getOperand(0).type as SharedBufferType
    const r = op.getResult(0).type as TileASTileType
    if (!(r.layout instanceof DotOperandLayoutAttr) || r.elementType !== b.elementType || r.shape[0] !== b.shape[1] || r.shape[1] !== b.shape[2]) {
      return op.emitOpError('result must be a dot_op tile of one stage of the buffer').fail()
    }
    return success()
  },
})

const mmaOp = defineOp({
  name: `${N}.mma`,
  operands: { a: Tile, b: Tile, c: Tile },
  results: { d: Tile },
  traits: Trait.Pure,
  allTypesMatch: [['c', 'd']],
  assemblyFormat: '$a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `->` type($d)',
  verify(op) {
    const [a, b, c] = [tileOf(op, 0), tileOf(op, 1), tileOf(op, 2)]
    const la = a.layout
    const lb = b.layout
    if (!(c.layout instanceof MmaLayoutAttr) || !(la instanceof DotOperandLayoutAttr) || !(lb instanceof DotOperandLayoutAttr) || la.opIdx !== 0 || lb.opIdx !== 1 || la.parent !== c.layout || lb.parent !== c.layout) {
      return op.emitOpError('takes dot_op 0 and dot_op 1 operands of the mma layout of the accumulator').fail()
    }
    if (a.shape[0] !== c.shape[0] || b.shape[1] !== c.shape[1] || a.shape[1] !== b.shape[0]) {
      return op.emitOpError('shapes must be [M, K] x [K, N] -> [M, N]').fail()
    }
    return success()
  },
})

/**
 * `tileas.dot_fma %a, %b, %c`: `c + a x b` of f32 tiles ([M, K] x [K, N] -> [M, N]) with one
 * fused multiply-add per product in k order, each operand in any distributed layout; the
 * result has the layout of `c`. The exact path of f32 `mmaf` (no tf32 rounding).
 */
const dotFmaOp = defineOp({
  name: `${N}.dot_fma`,
  operands: { a: Tile, b: Tile, c: Tile },
  results: { d: Tile },
  traits: Trait.Pure,
  allTypesMatch: [['c', 'd']],
  assemblyFormat: '$a `,` $b `,` $c attr-dict `:` type($a) `,` type($b) `->` type($d)',
  verify(op) {
    const [a, b, c] = [tileOf(op, 0), tileOf(op, 1), tileOf(op, 2)]
    if (a.shape.length !== 2 || b.shape.length !== 2 || c.shape.length !== 2 || a.shape[0] !== c.shape[0] || b.shape[1] !== c.shape[1] || a.shape[1] !== b.shape[0]) {
      return op.emitOpError('shapes must be [M, K] x [K, N] -> [M, N]').fail()
    }
    const f32 = (t: TileASTileType): boolean => t.elementType instanceof FloatType && t.elementType.kind === 'f32'
    if (!f32(a) || !f32(b) || !f32(c)) {
      return op.emitOpError('takes f32 tiles').fail()
    }
    return success()
  },
})

/** Every op of the `tileas` dialect. */
export const tileasOps: readonly OdsOp[] = [
  ...Object.entries(TILEAS_BINARY).map(([n, f]) => binaryOp(n, f)),
  ...TILEAS_UNARY.map(unaryOp),
  cmpOp('cmpi', ICMP_PREDICATES, false),
  cmpOp('cmpf', FCMP_PREDICATES, true),
  castOp('itof', false, true),
  castOp('ftoi', true, false),
  castOp('ftof', true, true),
  castOp('exti', false, false),
  castOp('trunci', false, false),
  selectOp,
  fmaOp,
  constantOp,
  splatOp,
  broadcastOp,
  reshapeOp,
  convertLayoutOp,
  reduceOp,
  loadViewOp,
  storeViewOp,
  blockIdOp('get_tile_block_id'),
  blockIdOp('get_num_tile_blocks'),
  allocSharedOp,
  asyncCopyOp,
  asyncCommitGroupOp,
  asyncWaitOp,
  barrierOp,
  localLoadOp,
  mmaOp,
  dotFmaOp,
]
