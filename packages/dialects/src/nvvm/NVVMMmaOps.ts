/**
 * The tensor-core ops of the `nvvm` dialect and `nvvm.mapa`: `nvvm.mma.sync` (custom
 * syntax, operand-type inference and upstream's verifier), the warp-level
 * `nvvm.wmma.load`/`nvvm.wmma.store`/`nvvm.wmma.mma` with the shape/type combinations
 * upstream's `NVVM_MMA_OPS` table allows, and `nvvm.mapa`.
 */
import {
  DenseArrayAttr,
  F64,
  FloatType,
  I32,
  I32Attr,
  IntegerAttr,
  IntegerType,
  Trait,
  VectorType,
  anyTypeOf,
  attrConstraint,
  defineOp,
  optionalAttr,
  typeConstraint,
  typeToString,
  variadic,
  type LogicalResult,
  type NamedAttribute,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Type,
  type TypeConstraint,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { LLVMAnyPointer, LLVMTypeC } from '../llvm/LLVMConstraints.ts'
import { LLVMStructType, type LLVMPointerType } from '../llvm/LLVMTypes.ts'
import { NVVMKeywordAttr, NVVMShapeAttr, nvvmCase } from './NVVMAttributes.ts'
import { addAttrs, keywordC, operandSegments, pointerIn, quoted } from './NVVMOps.ts'


function repeat(n: number, t: Type): Type[] {
  return new Array<Type>(Math.max(0, n)).fill(t)
}

function isF16x2(t: Type): boolean {
  return t instanceof VectorType && t.shape.length === 1 && t.shape[0] === 2 && !t.scalableDims[0] && t.elementType instanceof FloatType && t.elementType.kind === 'f16'
}

/**
 * The PTX type (`NVVM::MMATypes` case) of an mma operand register type, as upstream's
 * `MmaOp::inferOperandMMAType`: f64, f16 or `vector<2xf16>`, f32 (tf32 for multiplicands),
 * integers only as accumulators (s32), a struct by its first element.
 */
export function inferMmaOperandType(type: Type, isAccumulator: boolean): string | undefined {
  if (type instanceof FloatType) {
    return type.kind === 'f64' ? 'f64' : type.kind === 'f16' ? 'f16' : type.kind === 'f32' ? (isAccumulator ? 'f32' : 'tf32') : undefined
  }
  if (isF16x2(type)) {
    return 'f16'
  }
  if (type instanceof IntegerType) {
    return isAccumulator ? 's32' : undefined
  }
  if (type instanceof LLVMStructType) {
    return type.body.length === 0 ? undefined : inferMmaOperandType(type.body[0]!, isAccumulator)
  }
  return undefined
}

const MMA_FRAGMENTS = ['A', 'B', 'C'] as const
const MMA_PTX_TYPE_ATTRS = ['multiplicandAPtxType', 'multiplicandBPtxType'] as const

const isInt4PtxType = (t: string): boolean => t === 's4' || t === 'u4'
const isInt8PtxType = (t: string): boolean => t === 's8' || t === 'u8'
const isIntegerPtxType = (t: string): boolean => isInt4PtxType(t) || isInt8PtxType(t) || t === 'b1' || t === 's32'

/**
 * `nvvm.mma.sync A[...]  B[...]  C[...]  {layoutA = ..., layoutB = ..., shape = ...} :
 * (tA, tB, tC) -> !llvm.struct<...>`: a warp-level matrix multiply-accumulate.
 */
export const NVVMMmaOp: OdsOp = defineOp({
  name: 'nvvm.mma.sync',
  operands: { operandA: variadic(LLVMTypeC), operandB: variadic(LLVMTypeC), operandC: variadic(LLVMTypeC) },
  results: { res: LLVMTypeC },
  attributes: {
    shape: attrConstraint('Attribute for MMA operation shape.', (a) => a instanceof NVVMShapeAttr && a.mnemonic === 'shape'),
    b1Op: optionalAttr(keywordC('mma_b1op')),
    intOverflowBehavior: optionalAttr(keywordC('mma_int_overflow')),
    layoutA: keywordC('mma_layout'),
    layoutB: keywordC('mma_layout'),
    multiplicandAPtxType: optionalAttr(keywordC('mma_type')),
    multiplicandBPtxType: optionalAttr(keywordC('mma_type')),
  },
  traits: Trait.AttrSizedOperandSegments,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const frags: UnresolvedOperand[][] = []
    for (const name of MMA_FRAGMENTS) {
      if (!parser.parseKeyword(name)) {
        return false
      }
      const ops = parser.parseOperandList('optionalSquare')
      if (ops === undefined) {
        return false
      }
      frags.push(ops)
    }
    const attrs: NamedAttribute[] = []
    if (!parser.parseOptionalAttrDict(attrs) || !parser.parseColon() || !parser.parseLParen()) {
      return false
    }
    const types = parser.parseTypeList()
    if (types === undefined) {
      return false
    }
    const nameLoc = parser.getNameLoc()
    const closed = parser.parseRParen()
    if (types.length !== 3) {
      return parser.emitError(nameLoc, `expected one type for each operand segment but got ${types.length} types`).fail()
    }
    if (!closed) {
      return false
    }
    const values: Value[] = []
    const inferred: (string | undefined)[] = []
    for (let i = 0; i < 3; i++) {
      if (!parser.resolveOperands(frags[i]!, types[i]!, nameLoc, values)) {
        return false
      }
      // As upstream's parser: the multiplicands are inferred as accumulators (i32 gives s32).
      inferred.push(inferMmaOperandType(types[i]!, i < 2))
    }
    if (!parser.parseArrow()) {
      return false
    }
    const resType = parser.parseType()
    if (resType === undefined) {
      return false
    }
    for (let i = 0; i < 2; i++) {
      const name = MMA_PTX_TYPE_ATTRS[i]!
      if (attrs.some((a) => a.name === name)) {
        continue
      }
      const t = inferred[i]
      if (t === undefined) {
        return parser.emitError(nameLoc, `attribute ${name} is not provided explicitly and cannot be inferred`).fail()
      }
      state.addAttribute(name, NVVMKeywordAttr.get(parser.context, 'mma_type', t))
    }
    state.addOperands(values)
    addAttrs(state, attrs)
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(parser.context, frags.map((f) => f.length)))
    state.addTypes([resType])
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const segs = operandSegments(op)
    const operands = op.getOperands()
    const elided = ['operandSegmentSizes']
    // Upstream elides both multiplicand types when the first A register's type gives one.
    if (operands.length > 0 && inferMmaOperandType(operands[0]!.type, false) !== undefined) {
      elided.push(...MMA_PTX_TYPE_ATTRS)
    }
    let at = 0
    const firstTypes: Type[] = []
    for (let i = 0; i < 3; i++) {
      const vals = operands.slice(at, at + segs[i]!)
      at += segs[i]!
      p.print(` ${MMA_FRAGMENTS[i]}[`)
      p.printOperands(vals)
      p.print('] ')
      if (vals.length > 0) {
        firstTypes.push(vals[0]!.type)
      }
    }
    p.printOptionalAttrDict(op.getAttrs(), elided)
    p.print(' : (')
    p.printTypes(firstTypes)
    p.print(') -> ')
    p.printType(op.getResult(0).type)
  },
  verify(op: Operation): LogicalResult {
    return verifyMma(op)
  },
})

function accumPtxType(op: Operation): string | undefined {
  const segs = operandSegments(op)
  const c = op.getOperands()[segs[0]! + segs[1]!]
  return c === undefined ? undefined : inferMmaOperandType(c.type, true)
}

/** The fragment and result types an mma.sync shape/type allows, as upstream's `MmaOp::verify`. */
function verifyMma(op: Operation): LogicalResult {
  const ctx = op.context
  const f16x2 = VectorType.get([2], FloatType.get(ctx, 'f16'))
  const f32 = FloatType.get(ctx, 'f32')
  const i32 = IntegerType.get(ctx, 32)
  const struct = (body: readonly Type[]): Type => LLVMStructType.getLiteral(ctx, body)
  const shape = op.getAttr('shape') as NVVMShapeAttr
  const { m, n, k } = shape
  const aType = nvvmCase(op.getAttr('multiplicandAPtxType')) ?? ''
  const bType = nvvmCase(op.getAttr('multiplicandBPtxType')) ?? ''
  const allowedShapes: (readonly [number, number, number])[] = []
  const expected: Type[][][] = [[], [], []]
  const expectedResult: Type[] = []
  if (m === 16) {
    let kFactor: number
    let fragType: Type | undefined
    switch (aType) {
      case 'tf32':
        kFactor = 4
        fragType = i32
        expectedResult.push(struct(repeat(4, f32)))
        break
      case 'bf16':
        kFactor = 8
        fragType = i32
        expectedResult.push(struct(repeat(4, f32)))
        break
      case 'f16':
        kFactor = 8
        fragType = f16x2
        expectedResult.push(struct([f16x2, f16x2]), struct(repeat(4, f32)))
        break
      case 's4':
      case 'u4':
        kFactor = 32
        break
      case 'b1':
        kFactor = 128
        break
      case 's8':
      case 'u8':
        kFactor = 16
        break
      default:
        return op.emitError(`invalid shape or multiplicand type: ${aType}`).fail()
    }
    if (isIntegerPtxType(aType)) {
      expectedResult.push(struct(repeat(4, i32)))
      expected[2]!.push(repeat(4, i32))
      fragType = i32
    } else {
      expected[2]!.push(repeat(2, f16x2), repeat(4, f32))
    }
    const kTiles = Math.trunc(k / kFactor)
    expected[0]!.push(repeat(Math.trunc(m / 8) * kTiles, fragType!))
    expected[1]!.push(repeat(Math.trunc(n / 8) * kTiles, fragType!))
    allowedShapes.push([16, 8, kFactor], [16, 8, kFactor * 2])
    const res = inferMmaOperandType(op.getResult(0).type, true)
    if (res !== accumPtxType(op)) {
      return op.emitOpError('ctype does not match dtype').fail()
    }
  }
  if (m === 8) {
    if (aType === 'f16') {
      expected[0]!.push(repeat(2, f16x2))
      expected[1]!.push(repeat(2, f16x2))
      expectedResult.push(struct(repeat(4, f16x2)), struct(repeat(8, f32)))
      expected[2]!.push(repeat(4, f16x2), repeat(8, f32))
      allowedShapes.push([8, 8, 4])
    }
    if (aType === 'f64') {
      const f64 = FloatType.get(ctx, 'f64')
      expected[0]!.push([f64])
      expected[1]!.push([f64])
      expected[2]!.push(repeat(2, f64))
      expectedResult.push(struct(repeat(2, f64)))
      allowedShapes.push([8, 8, 4])
    }
    if (isIntegerPtxType(aType)) {
      expected[0]!.push([i32])
      expected[1]!.push([i32])
      expected[2]!.push([i32, i32])
      expectedResult.push(struct([i32, i32]))
      if (isInt4PtxType(aType)) {
        allowedShapes.push([8, 8, 32])
      }
      if (isInt8PtxType(aType)) {
        allowedShapes.push([8, 8, 16])
      }
      if (aType === 'b1') {
        allowedShapes.push([8, 8, 128])
      }
    }
  }
  if (expected.some((e) => e.length === 0) || !allowedShapes.some((s) => s[0] === m && s[1] === n && s[2] === k)) {
    return op.emitOpError(`unimplemented variant for MMA shape <${m}, ${n}, ${k}>`).fail()
  }
  const segs = operandSegments(op)
  const operands = op.getOperands()
  let at = 0
  for (let i = 0; i < 3; i++) {
    const types = operands.slice(at, at + segs[i]!).map((v) => v.type)
    at += segs[i]!
    const allowed = expected[i]!
    if (!allowed.some((e) => e.length === types.length && e.every((t, j) => t === types[j]))) {
      const choices = allowed.map((e) => `${e.length}x${e.length > 0 ? typeToString(e[0]!) : ''} `).join('')
      return op
        .emitOpError(`Could not match types for the ${MMA_FRAGMENTS[i]} operands; expected one of ${choices}but got ${types.map(typeToString).join(', ')}`)
        .fail()
    }
  }
  const resType = op.getResult(0).type
  if (!expectedResult.includes(resType)) {
    return op
      .emitOpError(`Could not match allowed types for the result; expected one of ${expectedResult.map(typeToString).join(', ')} but got ${typeToString(resType)}`)
      .fail()
  }
  if (aType === 'b1' && op.getAttr('b1Op') === undefined) {
    return op.emitOpError('op requires b1Op attribute').fail()
  }
  if ((isInt4PtxType(aType) || isInt8PtxType(aType)) && op.getAttr('intOverflowBehavior') === undefined) {
    return op.emitOpError('op requires intOverflowBehavior attribute').fail()
  }
  const m8n8k4F16 = m === 8 && n === 8 && k === 4 && aType === 'f16'
  if (!m8n8k4F16 && (nvvmCase(op.getAttr('layoutA')) !== 'row' || nvvmCase(op.getAttr('layoutB')) !== 'col')) {
    return op
      .emitOpError(
        `requires layoutA = #nvvm.mma_layout<row> and layoutB = #nvvm.mma_layout<col> for shape <${m}, ${n}, ${k}> with element types ${aType} and ${bType}. Only m8n8k4 with f16 supports other layouts.`,
      )
      .fail()
  }
  return true
}

// ---- wmma ------------------------------------------------------------------------------

/** A WMMA geometry `[m, n, k]`. */
type Geom = readonly [number, number, number]
const WMMA_F16_GEOMS: readonly Geom[] = [
  [16, 16, 16],
  [32, 8, 16],
  [8, 32, 16],
]

/** One fragment upstream's `NVVM_MMA_OPS` table has a load/store intrinsic for. */
interface WmmaFragment {
  readonly geom: Geom
  readonly frag: string
  readonly type: string
}

function ldstFragments(geoms: readonly Geom[], frags: readonly string[], types: readonly string[]): WmmaFragment[] {
  return geoms.flatMap((geom) => frags.flatMap((frag) => types.map((type) => ({ geom, frag, type }))))
}

/** `NVVM_MMA_OPS.all_ldst_ops`: the fragments `nvvm.wmma.load` (a, b, c) and `nvvm.wmma.store` (d) support. */
const WMMA_LDST_FRAGMENTS: readonly WmmaFragment[] = [
  ...ldstFragments(WMMA_F16_GEOMS, ['a', 'b'], ['f16', 's8', 'u8']),
  ...ldstFragments(WMMA_F16_GEOMS, ['c', 'd'], ['f16', 'f32', 's32']),
  ...ldstFragments([[16, 16, 8]], ['a', 'b'], ['tf32']),
  ...ldstFragments([[16, 16, 8]], ['c', 'd'], ['f32']),
  ...ldstFragments([[8, 8, 4]], ['a', 'b'], ['f64']),
  ...ldstFragments([[8, 8, 4]], ['c', 'd'], ['f64']),
]

/** `NVVM_MMA_OPS.all_wmma_ops` as (geometry, A type, D type): what `nvvm.wmma.mma` supports. */
const WMMA_MMA_VARIANTS: readonly (readonly [Geom, string, string])[] = [
  [[8, 8, 4], 'f64', 'f64'],
  [[16, 16, 8], 'tf32', 'f32'],
  ...WMMA_F16_GEOMS.flatMap((g) => [[g, 'f16', 'f16'] as const, [g, 'f16', 'f32'] as const]),
  ...WMMA_F16_GEOMS.flatMap((g) => [[g, 's8', 's32'] as const, [g, 'u8', 's32'] as const]),
]

function hasLdStFragment(m: number, n: number, k: number, type: string, frag: string): boolean {
  return WMMA_LDST_FRAGMENTS.some((f) => f.geom[0] === m && f.geom[1] === n && f.geom[2] === k && f.type === type && f.frag === frag)
}

/**
 * The register type and count of a WMMA fragment, as upstream's `inferMMATypeFromMNK`
 * (undefined where upstream asserts: combinations its intrinsic table rejects first).
 */
function wmmaFragmentType(op: Operation, type: string, frag: string, m: number, n: number, k: number): readonly [Type, number] | undefined {
  const ctx = op.context
  const nRow = frag === 'b' ? k : m
  const nCol = frag === 'a' ? k : n
  switch (type) {
    case 'f16':
      return [VectorType.get([2], FloatType.get(ctx, 'f16')), frag === 'a' || frag === 'b' ? 8 : 4]
    case 'f32':
      return [FloatType.get(ctx, 'f32'), 8]
    case 'f64':
      return [FloatType.get(ctx, 'f64'), frag === 'a' || frag === 'b' ? 1 : 2]
    case 'tf32':
      return [IntegerType.get(ctx, 32), 4]
    case 's8':
    case 'u8': {
      const parallel = frag === 'a' ? nRow : frag === 'b' ? nCol : 0
      const count = parallel === 16 ? 2 : parallel === 8 ? 1 : parallel === 32 ? 4 : 0
      return count === 0 ? undefined : [IntegerType.get(ctx, 32), count]
    }
    case 's32':
      return [IntegerType.get(ctx, 32), 8]
    default:
      return undefined
  }
}

function i32Attr(op: Operation, name: string): number {
  const a = op.getAttr(name)
  return a instanceof IntegerAttr ? Number(a.value) : 0
}

function inWmmaAddressSpace(v: Value): boolean {
  const as = (v.type as LLVMPointerType).addressSpace
  return as === 0 || as === 1 || as === 3
}

function isStructOf(t: Type, elem: Type, count: number): boolean {
  return t === LLVMStructType.getLiteral(t.context, repeat(count, elem))
}

/** `LLVM_AnyStruct`. */
const LLVMAnyStruct: TypeConstraint = typeConstraint('LLVM structure type', (t) => t instanceof LLVMStructType)

const wmmaShapeAttrs = { m: I32Attr, n: I32Attr, k: I32Attr }

/** `nvvm.wmma.load %ptr, %stride {...} : (!llvm.ptr<3>) -> !llvm.struct<...>`: a warp-wide fragment load. */
export const NVVMWMMALoadOp: OdsOp = defineOp({
  name: 'nvvm.wmma.load',
  operands: { ptr: LLVMAnyPointer, stride: I32 },
  results: { res: anyTypeOf([LLVMAnyStruct, F64]) },
  attributes: { ...wmmaShapeAttrs, layout: keywordC('mma_layout'), eltype: keywordC('mma_type'), frag: keywordC('mma_frag') },
  assemblyFormat: '$ptr `,` $stride attr-dict `:` functional-type($ptr, $res)',
  verify(op: Operation): LogicalResult {
    if (!inWmmaAddressSpace(op.getOperand(0))) {
      return op.emitOpError('expected source pointer in memory space 0, 1, 3').fail()
    }
    const [m, n, k] = [i32Attr(op, 'm'), i32Attr(op, 'n'), i32Attr(op, 'k')]
    const eltype = nvvmCase(op.getAttr('eltype')) ?? ''
    const frag = nvvmCase(op.getAttr('frag')) ?? ''
    const info = hasLdStFragment(m, n, k, eltype, frag) ? wmmaFragmentType(op, eltype, frag, m, n, k) : undefined
    if (info === undefined) {
      return op.emitOpError('invalid attribute combination').fail()
    }
    const res = op.getResult(0).type
    if (info[0] instanceof FloatType && info[0].kind === 'f64' && info[1] === 1) {
      return res === info[0] ? true : op.emitOpError('expected destination type to be f64').fail()
    }
    if (!isStructOf(res, info[0], info[1])) {
      return op.emitOpError(`expected destination type is a structure of ${info[1]} elements of type ${quoted(info[0])}`).fail()
    }
    return true
  },
})

/** `nvvm.wmma.store %ptr, %stride, %d0, ... {...} : !llvm.ptr<3>, vector<2xf16>, ...`: a warp-wide fragment store. */
export const NVVMWMMAStoreOp: OdsOp = defineOp({
  name: 'nvvm.wmma.store',
  operands: { ptr: LLVMAnyPointer, args: variadic(LLVMTypeC), stride: I32 },
  attributes: { ...wmmaShapeAttrs, layout: keywordC('mma_layout'), eltype: keywordC('mma_type') },
  assemblyFormat: '$ptr `,` $stride `,` $args attr-dict `:` qualified(type($ptr)) `,` type($args)',
  verify(op: Operation): LogicalResult {
    if (!inWmmaAddressSpace(op.getOperand(0))) {
      return op.emitOpError('expected operands to be a source pointer in memory space 0, 1, 3').fail()
    }
    const [m, n, k] = [i32Attr(op, 'm'), i32Attr(op, 'n'), i32Attr(op, 'k')]
    const eltype = nvvmCase(op.getAttr('eltype')) ?? ''
    const info = hasLdStFragment(m, n, k, eltype, 'd') ? wmmaFragmentType(op, eltype, 'c', m, n, k) : undefined
    if (info === undefined) {
      return op.emitOpError('invalid attribute combination').fail()
    }
    const args = op.getOperands().slice(1, op.numOperands - 1)
    if (args.length !== info[1]) {
      return op.emitOpError(`expected ${info[1]} data operands`).fail()
    }
    if (args.some((v) => v.type !== info[0])) {
      return op.emitOpError(`expected data operands of type ${quoted(info[0])}`).fail()
    }
    return true
  },
})

/** `nvvm.wmma.mma %a0, ..., %c7 {...} : (...) -> !llvm.struct<...>`: a warp-wide `D = A * B + C`. */
export const NVVMWMMAMmaOp: OdsOp = defineOp({
  name: 'nvvm.wmma.mma',
  operands: { args: variadic(LLVMTypeC) },
  results: { res: LLVMAnyStruct },
  attributes: {
    ...wmmaShapeAttrs,
    layoutA: keywordC('mma_layout'),
    layoutB: keywordC('mma_layout'),
    eltypeA: keywordC('mma_type'),
    eltypeB: keywordC('mma_type'),
  },
  assemblyFormat: '$args attr-dict `:` functional-type($args, $res)',
  verify(op: Operation): LogicalResult {
    const [m, n, k] = [i32Attr(op, 'm'), i32Attr(op, 'n'), i32Attr(op, 'k')]
    const eltypeA = nvvmCase(op.getAttr('eltypeA')) ?? ''
    const eltypeB = nvvmCase(op.getAttr('eltypeB')) ?? ''
    const supported = WMMA_MMA_VARIANTS.some(([g, a, d]) => g[0] === m && g[1] === n && g[2] === k && a === eltypeA && d === eltypeB)
    const infoA = supported ? wmmaFragmentType(op, eltypeA, 'a', m, n, k) : undefined
    const infoB = supported ? wmmaFragmentType(op, eltypeA, 'b', m, n, k) : undefined
    const infoC = supported ? wmmaFragmentType(op, eltypeB, 'c', m, n, k) : undefined
    if (infoA === undefined || infoB === undefined || infoC === undefined) {
      return op.emitOpError('invalid attribute combination').fail()
    }
    const expected = [...repeat(infoA[1], infoA[0]), ...repeat(infoB[1], infoB[0]), ...repeat(infoC[1], infoC[0])]
    if (op.numOperands !== expected.length) {
      return op.emitOpError(`expected ${expected.length} arguments`).fail()
    }
    for (let i = 0; i < expected.length; i++) {
      if (op.getOperand(i).type !== expected[i]) {
        return op.emitOpError(`expected argument ${i} to be of type ${quoted(expected[i]!)}`).fail()
      }
    }
    if (!isStructOf(op.getResult(0).type, infoC[0], infoC[1])) {
      return op.emitOpError(`expected destination type is a structure of ${infoC[1]} elements of type ${quoted(infoC[0])}`).fail()
    }
    return true
  },
})

// ---- mapa ------------------------------------------------------------------------------

/** `nvvm.mapa %a, %rank : !llvm.ptr<3> -> !llvm.ptr<7>`: maps an address to the same one in another CTA of the cluster. */
export const NVVMMapaOp: OdsOp = defineOp({
  name: 'nvvm.mapa',
  operands: { a: anyTypeOf([pointerIn(0), pointerIn(3)]), b: I32 },
  results: { res: anyTypeOf([pointerIn(0), pointerIn(7)]) },
  traits: Trait.NoMemoryEffect,
  assemblyFormat: '$a `,` $b attr-dict `:` type($a) `->` type($res)',
  verify(op: Operation): LogicalResult {
    const from = (op.getOperand(0).type as LLVMPointerType).addressSpace
    const to = (op.getResult(0).type as LLVMPointerType).addressSpace
    if (!((from === 0 && to === 0) || (from === 3 && to === 7))) {
      return op.emitOpError('failed to verify that Valid address-space check(or mapping) for mapa Op').fail()
    }
    return true
  },
})

/** The tensor-core ops and `nvvm.mapa`. */
export const nvvmMmaOps: readonly OdsOp[] = [NVVMMmaOp, NVVMWMMALoadOp, NVVMWMMAStoreOp, NVVMWMMAMmaOp, NVVMMapaOp]
