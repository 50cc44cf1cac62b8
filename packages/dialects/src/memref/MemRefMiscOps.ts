/**
 * The remaining `memref` ops: copies, globals, atomics, DMA, scopes, reallocation and
 * metadata queries, with MLIR's formats, verifiers (messages as `MemRefOps.cpp` writes
 * them) and folders.
 */
import {
  AnyInteger,
  AnyMemRef,
  AnyRankedOrUnrankedMemRef,
  AnyRegion,
  AnyType,
  BoolAttr,
  DenseElementsAttr,
  FloatType,
  I32Attr,
  I64Attr,
  Index,
  IndexType,
  IntegerAttr,
  IntegerType,
  MemRefType,
  OperationState,
  RankedTensorType,
  StrAttr,
  SymbolNameAttr,
  type SymbolRefAttr,
  SymbolTable,
  Trait,
  TypeAttr,
  UnitAttr,
  UnitAttrC,
  UnrankedMemRefType,
  attrConstraint,
  defineOp,
  intEnumAttr,
  getMemoryEffects,
  isMemoryEffectFree,
  kDynamic,
  optional,
  optionalAttr,
  typeAttrOf,
  typeConstraint,
  variadic,
  FlatSymbolRefAttr,
  Block,
  Operation,
  StringAttr,
  type Region,
  type Attribute,
  type AttrModifier,
  type EnumAttrConstraint,
  type LogicalResult,
  type MemoryEffect,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type OpFoldResult,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { typeText } from '../internal/typeText.ts'
import { addPatterns, type CanonicalizationPattern } from '../internal/RewriterLike.ts'
import { hasIdentityLayout } from './MemRefLayout.ts'

function isPowerOf2(v: bigint): boolean {
  return v > 0n && (v & (v - 1n)) === 0n
}

/** `ConfinedAttr<OptionalAttr<I64Attr>, [IntPositive, IntPowerOf2]>` of alloc-like ops. */
export const alignmentAttr: AttrModifier = optionalAttr(
  attrConstraint(
    '64-bit signless integer attribute whose value is positive and whose value is a power of two > 0',
    (a) => I64Attr.check(a) && isPowerOf2((a as IntegerAttr).value),
    { valueType: (c) => I64Attr.valueType!(c), isStorageKind: (a) => I64Attr.isStorageKind!(a) },
  ),
)

const OneDMemRef = typeConstraint('1D memref of any type values', (t) => t instanceof MemRefType && t.shape.length === 1)

/** Replaces operands defined by a `memref.cast` from a ranked memref by the cast's source (MLIR's `foldMemRefCast`). */
export function foldMemRefCastOperands(op: Operation, skip: Value | null = null): boolean {
  let changed = false
  for (let i = 0; i < op.numOperands; i++) {
    const v = op.getOperand(i)
    if (v === skip) {
      continue
    }
    const def = v.definingOp
    if (def !== null && def.name.name === 'memref.cast' && !(def.getOperand(0).type instanceof UnrankedMemRefType)) {
      op.setOperand(i, def.getOperand(0))
      changed = true
    }
  }
  return changed
}

function shapeOf(t: Type): readonly number[] | undefined {
  return t instanceof MemRefType ? t.shape : undefined
}

// ---- copy ------------------------------------------------------------------------------------

function elementTypeOf(t: Type): Type | null {
  return t instanceof MemRefType || t instanceof UnrankedMemRefType ? t.elementType : null
}

/** `memref.copy %src, %dst`: copies every element of `source` to `target` (same shape and element type). */
export const CopyOp: OdsOp = defineOp({
  name: 'memref.copy',
  summary: 'copies the data from the source to the destination memref.',
  operands: { source: AnyRankedOrUnrankedMemRef, target: AnyRankedOrUnrankedMemRef },
  assemblyFormat: '$source `,` $target attr-dict `:` type($source) `to` type($target)',
  verify(op: Operation): LogicalResult {
    const a = op.getOperand(0).type
    const b = op.getOperand(1).type
    if (elementTypeOf(a) !== elementTypeOf(b)) {
      return op.emitOpError('requires the same element type for all operands').fail()
    }
    const sa = shapeOf(a)
    const sb = shapeOf(b)
    if (sa !== undefined && sb !== undefined && (sa.length !== sb.length || sa.some((d, i) => d !== kDynamic && sb[i] !== kDynamic && d !== sb[i]))) {
      return op.emitOpError('requires the same shape for all operands').fail()
    }
    return true
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [
      { kind: 'read', value: op.getOperand(0) },
      { kind: 'write', value: op.getOperand(1) },
    ]
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    // copy(memrefcast(x)) -> copy(x)
    let changed = false
    for (let i = 0; i < 2; i++) {
      const def = op.getOperand(i).definingOp
      if (def !== null && def.name.name === 'memref.cast' && !(def.getOperand(0).type instanceof UnrankedMemRefType)) {
        op.setOperand(i, def.getOperand(0))
        changed = true
      }
    }
    return changed ? [] : undefined
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [foldSelfCopy, foldEmptyCopy])
  },
})

/** MLIR's `FoldSelfCopy`: a copy of a memref onto itself is erased. */
const foldSelfCopy: CanonicalizationPattern = {
  name: 'FoldSelfCopy',
  rootName: 'memref.copy',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.getOperand(0) !== op.getOperand(1)) {
      return false
    }
    rewriter.eraseOp(op)
    return true
  },
}

/** MLIR's `FoldEmptyCopy`: a copy of a statically empty memref is erased. */
const foldEmptyCopy: CanonicalizationPattern = {
  name: 'FoldEmptyCopy',
  rootName: 'memref.copy',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const isEmpty = (t: Type): boolean => t instanceof MemRefType && t.shape.includes(0)
    if (!isEmpty(op.getOperand(0).type) && !isEmpty(op.getOperand(1).type)) {
      return false
    }
    rewriter.eraseOp(op)
    return true
  },
}

// ---- rank, reshape, metadata -------------------------------------------------------------

/** `memref.rank`: the rank of a memref (folded for ranked types). */
export const RankOp: OdsOp = defineOp({
  name: 'memref.rank',
  summary: 'rank operation',
  operands: { memref: AnyRankedOrUnrankedMemRef },
  results: { '#0': Index },
  traits: Trait.Pure,
  assemblyFormat: '$memref attr-dict `:` type($memref)',
  fold(op: Operation): OpFoldResult[] | undefined {
    const t = op.getOperand(0).type
    return t instanceof MemRefType ? [IntegerAttr.get(IndexType.get(op.context), t.shape.length)] : undefined
  },
})

const ShapeOperand = typeConstraint(
  '1D memref of signless integer or index values',
  (t) => t instanceof MemRefType && t.shape.length === 1 && ((t.elementType instanceof IntegerType && t.elementType.isSignless) || t.elementType instanceof IndexType),
)

/** `memref.reshape %src(%shape)`: a memref of the shape stored in `shape`, over the same identity-laid-out data. */
export const ReshapeOp: OdsOp = defineOp({
  name: 'memref.reshape',
  summary: 'memref reshape operation',
  operands: { source: AnyRankedOrUnrankedMemRef, shape: ShapeOperand },
  results: { result: AnyRankedOrUnrankedMemRef },
  traits: Trait.Pure,
  assemblyFormat: '$source `(` $shape `)` attr-dict `:` functional-type(operands, results)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'reshape')
  },
  verify(op: Operation): LogicalResult {
    const src = op.getOperand(0).type
    const result = op.getResult(0).type
    if (elementTypeOf(src) !== elementTypeOf(result)) {
      return op.emitOpError('element types of source and destination memref types should be the same').fail()
    }
    if (src instanceof MemRefType && !hasIdentityLayout(src)) {
      return op.emitOpError('source memref type should have identity affine map').fail()
    }
    const shapeSize = (op.getOperand(1).type as MemRefType).shape[0]!
    if (result instanceof MemRefType) {
      if (!hasIdentityLayout(result)) {
        return op.emitOpError('result memref type should have identity affine map').fail()
      }
      return verifyReshapeShapeLength(op, shapeSize, result.shape.length, 'memref')
    }
    return true
  },
})

/** `memref.extract_aligned_pointer_as_index`: the aligned pointer of a memref as an index. */
export const ExtractAlignedPointerAsIndexOp: OdsOp = defineOp({
  name: 'memref.extract_aligned_pointer_as_index',
  summary: 'Extracts a memref\'s underlying aligned pointer as an index',
  operands: { source: AnyRankedOrUnrankedMemRef },
  results: { aligned_pointer: Index },
  traits: Trait.Pure,
  assemblyFormat: '$source `:` type($source) `->` type(results) attr-dict',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'intptr')
  },
})

/**
 * The shape-operand checks of `memref.reshape` and `tensor.reshape` for a ranked result: the
 * 1-D shape operand (of length `shapeSize`) must have a static length equal to `resultRank`.
 * `kind` names the shaped type in upstream's messages.
 */
export function verifyReshapeShapeLength(op: Operation, shapeSize: number, resultRank: number, kind: 'memref' | 'tensor'): LogicalResult {
  if (shapeSize === kDynamic) {
    return op.emitOpError(`cannot use shape operand with dynamic length to reshape to statically-ranked ${kind} type`).fail()
  }
  if (shapeSize !== resultRank) {
    return op.emitOpError(`length of shape operand differs from the result's ${kind} rank`).fail()
  }
  return true
}

/** A cast op's verifier: its source and result types must be `compatible` (upstream's message). */
export function verifyCastTypes(op: Operation, compatible: (from: Type, to: Type) => boolean): LogicalResult {
    const from = op.getOperand(0).type
    const to = op.getResult(0).type
    if (!compatible(from, to)) {
      return op.emitOpError(`operand type ${typeText(from)} and result type ${typeText(to)} are cast incompatible`).fail()
    }
    return true
}

/** MLIR's `MemorySpaceCastOp::areCastCompatible`. */
function memorySpaceCastCompatible(a: Type, b: Type): boolean {
  if (a instanceof MemRefType && b instanceof MemRefType) {
    return a.elementType === b.elementType && a.layout === b.layout && a.shape.length === b.shape.length && a.shape.every((d, i) => d === b.shape[i])
  }
  if (a instanceof UnrankedMemRefType && b instanceof UnrankedMemRefType) {
    return a.elementType === b.elementType
  }
  return false
}

/** `memref.memory_space_cast`: the same memref in another memory space. */
export const MemorySpaceCastOp: OdsOp = defineOp({
  name: 'memref.memory_space_cast',
  summary: 'memref memory space cast operation',
  operands: { source: AnyRankedOrUnrankedMemRef },
  results: { dest: AnyRankedOrUnrankedMemRef },
  traits: Trait.Pure,
  assemblyFormat: '$source attr-dict `:` type($source) `to` type($dest)',
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'memspacecast')
  },
  verify(op: Operation): LogicalResult {
    return verifyCastTypes(op, memorySpaceCastCompatible)
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    const source = op.getOperand(0)
    if (source.type === op.getResult(0).type) {
      return [source]
    }
    const def = source.definingOp
    if (def !== null && def.name.name === 'memref.memory_space_cast') {
      op.setOperand(0, def.getOperand(0))
      return []
    }
    return undefined
  },
})

/** `memref.assume_alignment`: the same memref, assumed aligned to `alignment` bytes. */
export const AssumeAlignmentOp: OdsOp = defineOp({
  name: 'memref.assume_alignment',
  summary: 'assumption that gives alignment information to the input memref',
  operands: { memref: AnyMemRef },
  results: { result: AnyMemRef },
  attributes: {
    alignment: attrConstraint('32-bit signless integer attribute whose value is positive', (a) => I32Attr.check(a) && (a as IntegerAttr).value > 0n, {
      valueType: (c) => I32Attr.valueType!(c),
      isStorageKind: (a) => I32Attr.isStorageKind!(a),
    }),
  },
  traits: Trait.Pure | Trait.SameOperandsAndResultType,
  assemblyFormat: '$memref `,` $alignment attr-dict `:` type($memref)',
  inferResultTypes(state: OperationState): Type[] | undefined {
    const t = state.operands[0]?.type
    return t === undefined ? undefined : [t]
  },
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    setName(op.getResult(0), 'assume_align')
  },
  verify(op: Operation): LogicalResult {
    const a = (op.getAttr('alignment') as IntegerAttr).value
    if (!isPowerOf2(a)) {
      return op.emitOpError('alignment must be power of 2').fail()
    }
    return true
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    const def = op.getOperand(0).definingOp
    if (def !== null && def.name.name === 'memref.assume_alignment' && def.getAttr('alignment') === op.getAttr('alignment')) {
      return [op.getOperand(0)]
    }
    return undefined
  },
})

/** `memref.distinct_objects`: its operands, asserted not to alias one another. */
export const DistinctObjectsOp: OdsOp = defineOp({
  name: 'memref.distinct_objects',
  summary: 'assumption that acesses to specific memrefs will never alias',
  operands: { operands: variadic(AnyMemRef) },
  results: { results: variadic(AnyMemRef) },
  traits: Trait.Pure,
  assemblyFormat: '$operands attr-dict `:` type($operands)',
  inferResultTypes(state: OperationState): Type[] | undefined {
    return state.operands.map((v) => v.type)
  },
  verify(op: Operation): LogicalResult {
    if (op.numOperands !== op.numResults || op.getOperands().some((v, i) => v.type !== op.getResult(i).type)) {
      return op.emitOpError('operand types and result types must match').fail()
    }
    if (op.numOperands === 0) {
      return op.emitOpError('expected at least one operand').fail()
    }
    return true
  },
})

// ---- realloc -------------------------------------------------------------------------------

/** `memref.realloc`: resizes a 1-D memref, possibly moving it. */
export const ReallocOp: OdsOp = defineOp({
  name: 'memref.realloc',
  summary: 'memory reallocation operation',
  operands: { source: OneDMemRef, dynamicResultSize: optional(Index) },
  results: { '#0': OneDMemRef },
  attributes: { alignment: alignmentAttr },
  assemblyFormat: '$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)',
  verify(op: Operation): LogicalResult {
    const src = op.getOperand(0).type as MemRefType
    const result = op.getResult(0).type as MemRefType
    if (!hasIdentityLayout(src)) {
      return op.emitError(`unsupported layout for source memref type ${typeText(src)}`).fail()
    }
    if (!hasIdentityLayout(result)) {
      return op.emitError(`unsupported layout for result memref type ${typeText(result)}`).fail()
    }
    if (src.memorySpace !== result.memorySpace) {
      return op.emitError(`different memory spaces specified for source memref type ${typeText(src)} and result memref type ${typeText(result)}`).fail()
    }
    if (src.elementType !== result.elementType) {
      return op.emitError(`different element types specified for source memref type ${typeText(src)} and result memref type ${typeText(result)}`).fail()
    }
    const dynamic = result.shape.includes(kDynamic)
    if (dynamic && op.numOperands < 2) {
      return op.emitError(`missing dimension operand for result type ${typeText(result)}`).fail()
    }
    if (!dynamic && op.numOperands > 1) {
      return op.emitError(`unnecessary dimension operand for result type ${typeText(result)}`).fail()
    }
    return true
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [
      { kind: 'free', value: op.getOperand(0) },
      { kind: 'allocate', value: op.getResult(0), resource: 'DefaultResource' },
    ]
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [simplifyDeadRealloc])
  },
})

/** MLIR's `SimplifyDeadAlloc<ReallocOp>`: a realloc used only by deallocations and stores into it is erased. */
const simplifyDeadRealloc: CanonicalizationPattern = {
  name: 'SimplifyDeadAlloc<mlir::memref::ReallocOp>',
  rootName: 'memref.realloc',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const result = op.getResult(0)
    const users: Operation[] = []
    for (let u = result.firstUse; u !== null; u = u.nextUse) {
      const user = u.owner
      if (user.name.name === 'memref.store' ? user.getOperand(0) === result : user.name.name !== 'memref.dealloc') {
        return false
      }
      if (!users.includes(user)) {
        users.push(user)
      }
    }
    for (const user of users) {
      rewriter.eraseOp(user)
    }
    rewriter.replaceOp(op, [op.getOperand(0)])
    return true
  },
}

// ---- globals --------------------------------------------------------------------------------

const MemRefTypeAttr = typeAttrOf(typeConstraint('memref type', (t) => t instanceof MemRefType), 'memref type attribute')

/** The tensor type of a memref's elements (`getTensorTypeFromMemRefType`). */
function tensorTypeOf(t: MemRefType): RankedTensorType {
  return RankedTensorType.get(t.shape, t.elementType)
}

/** `memref.global`: a named global memref, optionally constant and initialized. */
export const GlobalOp: OdsOp = defineOp({
  name: 'memref.global',
  summary: 'declare or define a global memref variable',
  attributes: {
    sym_name: SymbolNameAttr,
    sym_visibility: optionalAttr(StrAttr),
    type: MemRefTypeAttr,
    initial_value: optionalAttr(attrConstraint('any attribute', () => true)),
    constant: optionalAttr(UnitAttrC),
    alignment: alignmentAttr,
  },
  traits: Trait.Symbol,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const vis = parser.parseOptionalString()
    if (vis !== undefined) {
      state.addProperty('sym_visibility', StringAttrGet(parser, vis))
    }
    if (parser.parseOptionalKeyword('constant')) {
      state.addProperty('constant', UnitAttr.get(parser.context))
    }
    const name = parser.parseSymbolName()
    if (name === undefined) {
      return false
    }
    state.addProperty('sym_name', StringAttrGet(parser, name))
    if (!parser.parseColon()) {
      return false
    }
    const type = parser.parseType()
    if (type === undefined) {
      return false
    }
    if (!(type instanceof MemRefType) || !type.hasStaticShape) {
      parser.emitError(parser.getNameLoc(), `type should be static shaped memref, but got ${typeText(type)}`).report()
      return false
    }
    state.addProperty('type', TypeAttr.get(type))
    if (parser.parseOptionalEqual()) {
      if (parser.parseOptionalKeyword('uninitialized')) {
        state.addProperty('initial_value', UnitAttr.get(parser.context))
      } else {
        const init = parser.parseAttribute(tensorTypeOf(type))
        if (init === undefined) {
          return false
        }
        if (!(init instanceof DenseElementsAttr)) {
          parser.emitError(parser.getNameLoc(), 'initial value should be a unit or elements attribute').report()
          return false
        }
        state.addProperty('initial_value', init)
      }
    }
    const dictLoc = parser.getCurrentLocation()
    const attrs: { name: string; value: Attribute }[] = []
    if (!parser.parseOptionalAttrDict(attrs)) {
      return false
    }
    for (const a of attrs) {
      if (a.name === 'alignment') {
        if (!alignmentAttr.base.check(a.value)) {
          parser
            .emitError(
              dictLoc,
              "'memref.global' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0",
            )
            .report()
          return false
        }
        state.addProperty('alignment', a.value)
      } else {
        state.addAttribute(a.name, a.value)
      }
    }
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const vis = op.getAttr('sym_visibility')
    if (vis !== undefined) {
      p.print(' ')
      p.printAttributeWithoutType(vis)
    }
    if (op.getAttr('constant') !== undefined) {
      p.print(' constant')
    }
    p.print(' ')
    p.printSymbolName((op.getAttr('sym_name') as unknown as { value: string }).value)
    p.print(' : ')
    const type = (op.getAttr('type') as TypeAttr).value
    p.printType(type)
    const init = op.getAttr('initial_value')
    if (init !== undefined) {
      p.print(' = ')
      if (init instanceof UnitAttr) {
        p.print('uninitialized')
      } else {
        p.printAttributeWithoutType(init)
      }
    }
    p.printOptionalAttrDict(op.getAttrs(), ['sym_name', 'sym_visibility', 'constant', 'type', 'initial_value'])
  },
  verify(op: Operation): LogicalResult {
    const type = (op.getAttr('type') as TypeAttr).value
    if (!(type instanceof MemRefType) || !type.hasStaticShape) {
      return op.emitOpError(`type should be static shaped memref, but got ${typeText(type)}`).fail()
    }
    const init = op.getAttr('initial_value')
    if (init !== undefined) {
      if (!(init instanceof UnitAttr) && !(init instanceof DenseElementsAttr)) {
        return op.emitOpError('initial value should be a unit or elements attribute').fail()
      }
      if (init instanceof DenseElementsAttr) {
        const it = init.type as RankedTensorType
        if (it.elementType !== type.elementType) {
          return op.emitOpError(`initial value element expected to be of type ${typeText(type.elementType)}, but was of type ${typeText(it.elementType)}`).fail()
        }
        const a = it.shape
        if (a.length !== type.shape.length || a.some((d, i) => d !== type.shape[i])) {
          return op.emitOpError(`initial value shape expected to be ${type.shape.join(', ')} but was ${a.join(', ')}`).fail()
        }
      }
    }
    return true
  },
})

/** The initial value of a `constant` `memref.global` with an elements initializer, else null (MLIR's `GlobalOp::getConstantInitValue`). */
export function globalConstantInitValue(global: Operation): DenseElementsAttr | null {
  const init = global.getAttr('initial_value')
  return global.getAttr('constant') !== undefined && init instanceof DenseElementsAttr ? init : null
}

/** The `memref.global` that a `memref.get_global` names, looked up from its nearest symbol table. */
export function lookupGetGlobal(getGlobal: Operation): Operation | null {
  const table = SymbolTable.getNearestSymbolTable(getGlobal)
  if (table === null) {
    return null
  }
  const global = SymbolTable.lookupSymbolIn(table, getGlobal.getAttr('name') as SymbolRefAttr)
  return global !== undefined && global.name.name === 'memref.global' ? global : null
}

function StringAttrGet(parser: OpAsmParser, s: string): Attribute {
  return StringAttr.get(parser.context, s)
}

/** `memref.get_global @name`: the memref of a global. */
export const GetGlobalOp: OdsOp = defineOp({
  name: 'memref.get_global',
  summary: 'get the memref pointing to a global variable',
  attributes: { name: FlatSymbolRefAttr },
  results: { result: typeConstraint('statically shaped memref of any type', (t) => t instanceof MemRefType && t.hasStaticShape) },
  traits: Trait.Pure,
  assemblyFormat: '$name `:` type($result) attr-dict',
  verifySymbolUses(op: Operation): LogicalResult {
    const ref = op.getAttr('name') as SymbolRefAttr
    const global = SymbolTable.lookupNearestSymbolFrom(op, ref)
    const name = ref.leafReference
    if (global === undefined || global.name.name !== 'memref.global') {
      return op.emitOpError(`'${name}' does not reference a valid global memref`).fail()
    }
    const type = (global.getAttr('type') as TypeAttr).value
    const result = op.getResult(0).type
    if (type !== result) {
      return op.emitOpError(`result type ${typeText(result)} does not match type ${typeText(type)} of the global memref @${name}`).fail()
    }
    return true
  },
})

// ---- prefetch ------------------------------------------------------------------------------

/** `memref.prefetch %m[%i], read|write, locality<0-3>, data|instr`. */
export const PrefetchOp: OdsOp = defineOp({
  name: 'memref.prefetch',
  summary: 'prefetch operation',
  operands: { memref: AnyMemRef, indices: variadic(Index) },
  attributes: {
    isWrite: attrConstraint('bool attribute', (a) => a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === 1),
    localityHint: attrConstraint(
      '32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3',
      (a) => I32Attr.check(a) && (a as IntegerAttr).value >= 0n && (a as IntegerAttr).value <= 3n,
    ),
    isDataCache: attrConstraint('bool attribute', (a) => a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === 1),
  },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const memref = parser.parseOperand()
    if (memref === undefined) {
      return false
    }
    const indices = parser.parseOperandList('square')
    if (indices === undefined || !parser.parseComma()) {
      return false
    }
    const rw = parser.parseKeywordOrUndefined()
    if (rw === undefined || !parser.parseComma() || !parser.parseKeyword('locality') || !parser.parseLess()) {
      return false
    }
    const hint = parser.parseAttribute(IntegerType.get(parser.context, 32))
    if (hint === undefined || !parser.parseGreater() || !parser.parseComma()) {
      return false
    }
    state.addProperty('localityHint', hint)
    const cache = parser.parseKeywordOrUndefined()
    if (cache === undefined) {
      return false
    }
    const type = parser.parseColonType()
    if (type === undefined || !parser.resolveOperand(memref, type, state.operands)) {
      return false
    }
    if (!parser.resolveOperands(indices, IndexType.get(parser.context), parser.getNameLoc(), state.operands)) {
      return false
    }
    if (rw !== 'read' && rw !== 'write') {
      parser.emitError(parser.getNameLoc(), "rw specifier has to be 'read' or 'write'").report()
      return false
    }
    state.addProperty('isWrite', BoolAttr.get(parser.context, rw === 'write'))
    if (cache !== 'data' && cache !== 'instr') {
      parser.emitError(parser.getNameLoc(), "cache type has to be 'data' or 'instr'").report()
      return false
    }
    state.addProperty('isDataCache', BoolAttr.get(parser.context, cache === 'data'))
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print('[')
    p.printOperands(op.getOperands().slice(1))
    p.print(']')
    const isWrite = (op.getAttr('isWrite') as IntegerAttr).value !== 0n
    p.print(isWrite ? ', write' : ', read')
    p.print(`, locality<${(op.getAttr('localityHint') as IntegerAttr).value}>, `)
    p.print((op.getAttr('isDataCache') as IntegerAttr).value !== 0n ? 'data' : 'instr')
    p.printOptionalAttrDict(op.getAttrs(), ['localityHint', 'isWrite', 'isDataCache'])
    p.print(' : ')
    p.printType(op.getOperand(0).type)
  },
  verify(op: Operation): LogicalResult {
    const t = op.getOperand(0).type as MemRefType
    if (op.numOperands !== 1 + t.shape.length) {
      return op.emitOpError('too few indices').fail()
    }
    return true
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [
      { kind: 'read', value: op.getOperand(0) },
      { kind: 'write', value: op.getOperand(0) },
    ]
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    return foldMemRefCastOperands(op) ? [] : undefined
  },
})

// ---- atomics ------------------------------------------------------------------------------

/** `arith`'s `AtomicRMWKindAttr` cases. */
export const AtomicRMWKind: EnumAttrConstraint = intEnumAttr(64, [
  { keyword: 'addf', value: 0 },
  { keyword: 'addi', value: 1 },
  { keyword: 'andi', value: 2 },
  { keyword: 'assign', value: 3 },
  { keyword: 'maximumf', value: 4 },
  { keyword: 'maxnumf', value: 5 },
  { keyword: 'maxs', value: 6 },
  { keyword: 'maxu', value: 7 },
  { keyword: 'minimumf', value: 8 },
  { keyword: 'minnumf', value: 9 },
  { keyword: 'mins', value: 10 },
  { keyword: 'minu', value: 11 },
  { keyword: 'mulf', value: 12 },
  { keyword: 'muli', value: 13 },
  { keyword: 'ori', value: 14 },
  { keyword: 'xori', value: 15 },
], 'allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15')

const floatKinds = new Set(['addf', 'maximumf', 'minimumf', 'mulf', 'maxnumf', 'minnumf'])
const intKinds = new Set(['addi', 'maxs', 'maxu', 'mins', 'minu', 'muli', 'ori', 'andi', 'xori'])

function memrefElementType(t: Type): Type {
  return t instanceof MemRefType ? t.elementType : t
}

/** `memref.atomic_rmw <kind> %v, %m[%i]`: atomically combines `value` into an element, returning the old one. */
export const AtomicRMWOp: OdsOp = defineOp({
  name: 'memref.atomic_rmw',
  summary: 'atomic read-modify-write operation',
  operands: { value: AnyType, memref: AnyMemRef, indices: variadic(Index) },
  results: { result: AnyType },
  attributes: { kind: AtomicRMWKind },
  allTypesMatch: [['value', 'result']],
  typesMatchWith: [{ from: 'memref', to: 'value', transform: memrefElementType, summary: 'value type matches element type of memref' }],
  assemblyFormat: '$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)',
  verify(op: Operation): LogicalResult {
    const t = op.getOperand(1).type as MemRefType
    if (op.numOperands - 2 !== t.shape.length) {
      return op.emitOpError('expects the number of subscripts to be equal to memref rank').fail()
    }
    const kind = AtomicRMWKind.symbolize(op.getAttr('kind')!) ?? ''
    const vt = op.getOperand(0).type
    if (floatKinds.has(kind) && !(vt instanceof FloatType)) {
      return op.emitOpError(`with kind '${kind}' expects a floating-point type`).fail()
    }
    if (intKinds.has(kind) && !AnyInteger.check(vt)) {
      return op.emitOpError(`with kind '${kind}' expects an integer type`).fail()
    }
    return true
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [
      { kind: 'read', value: op.getOperand(1) },
      { kind: 'write', value: op.getOperand(1) },
    ]
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    // atomic_rmw(memrefcast) -> atomic_rmw
    return foldMemRefCastOperands(op, op.getOperand(0)) ? [] : undefined
  },
})

/** `memref.generic_atomic_rmw %m[%i] : type { ^bb0(%old): ... memref.atomic_yield %new }`. */
export const GenericAtomicRMWOp: OdsOp = defineOp({
  name: 'memref.generic_atomic_rmw',
  summary: 'atomic read-modify-write operation with a region',
  operands: { memref: AnyMemRef, indices: variadic(Index) },
  results: { result: AnyType },
  regions: { atomic_body: AnyRegion },
  traits: Trait.SingleBlockImplicitTerminator,
  implicitTerminatorName: 'memref.atomic_yield',
  typesMatchWith: [{ from: 'memref', to: 'result', transform: memrefElementType, summary: 'result type matches element type of memref' }],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const memref = parser.parseOperand()
    if (memref === undefined) {
      return false
    }
    const ivs = parser.parseOperandList('square')
    if (ivs === undefined) {
      return false
    }
    const type = parser.parseColonType()
    if (type === undefined || !parser.resolveOperand(memref, type, state.operands)) {
      return false
    }
    if (!parser.resolveOperands(ivs, IndexType.get(parser.context), parser.getNameLoc(), state.operands)) {
      return false
    }
    const body = state.addRegion()
    if (!parser.parseRegion(body, []) || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    state.addTypes([memrefElementType(type)])
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print('[')
    p.printOperands(op.getOperands().slice(1))
    p.print('] : ')
    p.printType(op.getOperand(0).type)
    p.print(' ')
    p.printRegion(op.getRegion(0))
    p.printOptionalAttrDict(op.getAttrs())
  },
  verify(op: Operation): LogicalResult {
    const body = op.getRegion(0)
    const entry = body.firstBlock
    const numArgs = entry === null ? 0 : entry.numArguments
    if (numArgs !== 1) {
      return op.emitOpError('expected single number of entry block arguments').fail()
    }
    if (op.getResult(0).type !== entry!.getArgument(0).type) {
      return op.emitOpError('expected block argument of the same type result type').fail()
    }
    let bad: Operation | null = null
    for (let b = body.firstBlock; b !== null && bad === null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null && bad === null; o = o.nextOp) {
        o.walk((nested: Operation) => {
          if (bad === null && !isMemoryEffectFree(nested)) {
            bad = nested
          }
        }, 'pre')
      }
    }
    if (bad !== null) {
      return (bad as Operation).emitError("body of 'memref.generic_atomic_rmw' should contain only operations with no side effects").fail()
    }
    return true
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [
      { kind: 'read', value: op.getOperand(0) },
      { kind: 'write', value: op.getOperand(0) },
    ]
  },
})

/** `memref.atomic_yield %v : type`: the new value of a `generic_atomic_rmw` body. */
export const AtomicYieldOp: OdsOp = defineOp({
  name: 'memref.atomic_yield',
  summary: 'yield operation for GenericAtomicRMWOp',
  operands: { result: AnyType },
  traits: Trait.Pure | Trait.IsTerminator | Trait.ReturnLike | Trait.HasParent,
  parentOpNames: ['memref.generic_atomic_rmw'],
  assemblyFormat: '$result attr-dict `:` type($result)',
  verify(op: Operation): LogicalResult {
    const parentType = op.parentOp!.getResult(0).type
    const type = op.getOperand(0).type
    if (parentType !== type) {
      return op.emitOpError(`types mismatch between yield op: ${typeText(type)} and its parent: ${typeText(parentType)}`).fail()
    }
    return true
  },
})

// ---- alloca_scope ---------------------------------------------------------------------------

/** `memref.alloca_scope -> (types) { ... }`: a region whose allocas are freed when it exits. */
export const AllocaScopeOp: OdsOp = defineOp({
  name: 'memref.alloca_scope',
  summary: 'explicitly delimited scope for stack allocation',
  results: { results: variadic(AnyType) },
  regions: { bodyRegion: AnyRegion },
  traits: Trait.AutomaticAllocationScope | Trait.SingleBlockImplicitTerminator | Trait.RecursiveMemoryEffects,
  implicitTerminatorName: 'memref.alloca_scope.return',
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const body = state.addRegion()
    const types = parser.parseOptionalArrowTypeList()
    if (types === undefined) {
      return false
    }
    state.addTypes(types)
    if (!parser.parseRegion(body, [])) {
      return false
    }
    ensureTerminator(body.firstBlock ?? addBlock(body), state, parser)
    return parser.parseOptionalAttrDict(state.attributes)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    const withResults = op.numResults > 0
    if (withResults) {
      p.print(' -> (')
      op.resultTypes.forEach((t, i) => {
        if (i > 0) {
          p.print(', ')
        }
        p.printType(t)
      })
      p.print(')')
    }
    p.print(' ')
    p.printRegion(op.getRegion(0), false, withResults)
    p.printOptionalAttrDict(op.getAttrs())
  },
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [allocaScopeInliner, allocaScopeHoister])
  },
})

/** Whether `op` allocates one of its results in its automatic allocation scope (`memref.alloca`). */
function isGuaranteedAutomaticAllocation(op: Operation): boolean {
  const effects = getMemoryEffects(op)
  return effects !== null && effects.some((e) => e.kind === 'allocate' && e.resource === 'AutomaticAllocationScopeResource' && e.value !== undefined && e.value.definingOp === op)
}

/** MLIR's `isOpItselfPotentialAutomaticAllocation`: an op without effect information might allocate on the stack. */
function isPotentialAutomaticAllocation(op: Operation): boolean {
  if (op.hasTrait(Trait.RecursiveMemoryEffects)) {
    return false
  }
  return getMemoryEffects(op) === null || isGuaranteedAutomaticAllocation(op)
}

/** Whether `op` is the last op before its block's terminator, in a single-block region. */
function lastNonTerminatorInRegion(op: Operation): boolean {
  const block = op.parentBlock
  const region = op.parentRegion
  return block !== null && region !== null && op.nextOp !== null && op.nextOp === block.lastOp && op.nextOp.nextOp === null && region.firstBlock === block && block.nextBlock === null &&
    (!op.nextOp.isRegistered || op.nextOp.hasTrait(Trait.IsTerminator))
}

/** Walks the ops nested in `op` in pre-order, not entering ops for which `visit` returns 'skip'; true when `visit` returned 'stop'. */
function walkNested(op: Operation, visit: (nested: Operation) => 'skip' | 'stop' | 'advance'): boolean {
  for (const region of op.regions) {
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        const r = visit(o)
        if (r === 'stop') {
          return true
        }
        if (r === 'advance' && walkNested(o, visit)) {
          return true
        }
      }
    }
  }
  return false
}

/**
 * MLIR's `AllocaScopeInliner`: an `alloca_scope` whose body cannot allocate on the stack, or
 * that ends an enclosing allocation scope's single block, is inlined into its parent.
 */
const allocaScopeInliner: CanonicalizationPattern = {
  name: 'AllocaScopeInliner',
  rootName: 'memref.alloca_scope',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const hasPotentialAlloca = walkNested(op, (o) => {
      if (isPotentialAutomaticAllocation(o)) {
        return 'stop'
      }
      return o.hasTrait(Trait.AutomaticAllocationScope) ? 'skip' : 'advance'
    })
    if (hasPotentialAlloca && (!op.parentOp?.hasTrait(Trait.AutomaticAllocationScope) || !lastNonTerminatorInRegion(op))) {
      return false
    }
    const block = op.getRegion(0).firstBlock
    if (block === null || block.lastOp === null) {
      return false
    }
    const terminator = block.lastOp
    const results = terminator.getOperands()
    rewriter.inlineBlockBefore(block, op)
    rewriter.replaceOp(op, results)
    rewriter.eraseOp(terminator)
    return true
  },
}

/**
 * MLIR's `AllocaScopeHoister`: allocas in an `alloca_scope` that ends the single blocks of ops up
 * to the enclosing allocation scope move before the outermost of those ops, when their operands
 * are defined there.
 */
const allocaScopeHoister: CanonicalizationPattern = {
  name: 'AllocaScopeHoister',
  rootName: 'memref.alloca_scope',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.getParentWithTrait(Trait.AutomaticAllocationScope) === null) {
      return false
    }
    let last = op.parentOp
    if (last === null || last.hasTrait(Trait.AutomaticAllocationScope)) {
      return false
    }
    if (!lastNonTerminatorInRegion(op) || !lastNonTerminatorInRegion(last)) {
      return false
    }
    while (last.parentOp !== null && !last.parentOp.hasTrait(Trait.AutomaticAllocationScope)) {
      last = last.parentOp
      if (!lastNonTerminatorInRegion(last)) {
        return false
      }
    }
    const containing = last.regions.find((r) => r.isAncestor(op))
    if (containing === undefined) {
      return false
    }
    const toHoist: Operation[] = []
    const collect = (o: Operation): void => {
      for (const region of o.regions) {
        for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
          for (let n = b.firstOp; n !== null; n = n.nextOp) {
            collect(n)
          }
        }
      }
      if (!isGuaranteedAutomaticAllocation(o)) {
        return
      }
      const definedInside = o.getOperands().some((v) => {
        const def = v.definingOp
        const region = def !== null ? def.parentRegion : (v as { owner?: { parent: Region | null } }).owner?.parent ?? null
        return region !== null && (region === containing || (region.parentOp !== null && containing.isAncestor(region.parentOp)))
      })
      if (!definedInside) {
        toHoist.push(o)
      }
    }
    collect(op)
    if (toHoist.length === 0) {
      return false
    }
    for (const alloc of toHoist) {
      rewriter.setInsertionPoint(last)
      const cloned = rewriter.insert(alloc.clone())
      rewriter.replaceOp(alloc, [cloned.getResult(0)])
    }
    return true
  },
}

function addBlock(region: Region): Block {
  const b = new Block()
  region.push(b)
  return b
}

function ensureTerminator(block: Block, state: OperationState, parser: OpAsmParser): void {
  const last = block.lastOp
  if (last !== null && last.hasTrait(Trait.IsTerminator)) {
    return
  }
  const loc = state.location
  const ret = new OperationState(loc, parser.context.getOperationName('memref.alloca_scope.return'))
  block.append(Operation.create(ret))
}

/** `memref.alloca_scope.return`: the terminator of an `alloca_scope` body. */
export const AllocaScopeReturnOp: OdsOp = defineOp({
  name: 'memref.alloca_scope.return',
  summary: 'terminator for alloca_scope operation',
  operands: { results: variadic(AnyType) },
  traits: Trait.Pure | Trait.IsTerminator | Trait.ReturnLike | Trait.HasParent,
  parentOpNames: ['memref.alloca_scope'],
  assemblyFormat: 'attr-dict ($results^ `:` type($results))?',
})

// ---- DMA --------------------------------------------------------------------------------------

function rankOf(t: Type): number {
  return t instanceof MemRefType ? t.shape.length : 0
}

/** `memref.dma_start %src[...], %dst[...], %n, %tag[...] (, %stride, %perStride)? : types`. */
export const DmaStartOp: OdsOp = defineOp({
  name: 'memref.dma_start',
  summary: 'non-blocking DMA operation that starts a transfer',
  operands: { operands: variadic(AnyType) },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const src = parser.parseOperand()
    const srcIdx = src === undefined ? undefined : parser.parseOperandList('square')
    if (srcIdx === undefined || !parser.parseComma()) {
      return false
    }
    const dst = parser.parseOperand()
    const dstIdx = dst === undefined ? undefined : parser.parseOperandList('square')
    if (dstIdx === undefined || !parser.parseComma()) {
      return false
    }
    const num = parser.parseOperand()
    if (num === undefined || !parser.parseComma()) {
      return false
    }
    const tag = parser.parseOperand()
    const tagIdx = tag === undefined ? undefined : parser.parseOperandList('square')
    if (tagIdx === undefined) {
      return false
    }
    const stride: UnresolvedOperand[] = []
    while (parser.parseOptionalComma()) {
      const s = parser.parseOperand()
      if (s === undefined) {
        return false
      }
      stride.push(s)
    }
    if (stride.length !== 0 && stride.length !== 2) {
      parser.emitError(parser.getNameLoc(), 'expected two stride related operands').report()
      return false
    }
    const types = parser.parseColonTypeList()
    if (types === undefined) {
      return false
    }
    if (types.length !== 3) {
      parser.emitError(parser.getNameLoc(), 'fewer/more types expected').report()
      return false
    }
    const index = IndexType.get(parser.context)
    const loc = parser.getNameLoc()
    return (
      parser.resolveOperand(src!, types[0]!, state.operands) &&
      parser.resolveOperands(srcIdx, index, loc, state.operands) &&
      parser.resolveOperand(dst!, types[1]!, state.operands) &&
      parser.resolveOperands(dstIdx, index, loc, state.operands) &&
      parser.resolveOperand(num, index, state.operands) &&
      parser.resolveOperand(tag!, types[2]!, state.operands) &&
      parser.resolveOperands(tagIdx, index, loc, state.operands) &&
      parser.resolveOperands(stride, index, loc, state.operands)
    )
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const ops = op.getOperands()
    const srcRank = rankOf(ops[0]!.type)
    const dstRank = rankOf(ops[1 + srcRank]!.type)
    const tagPos = 3 + srcRank + dstRank
    const tagRank = rankOf(ops[tagPos]!.type)
    p.print(' ')
    p.printOperand(ops[0]!)
    p.print('[')
    p.printOperands(ops.slice(1, 1 + srcRank))
    p.print('], ')
    p.printOperand(ops[1 + srcRank]!)
    p.print('[')
    p.printOperands(ops.slice(2 + srcRank, 2 + srcRank + dstRank))
    p.print('], ')
    p.printOperand(ops[2 + srcRank + dstRank]!)
    p.print(', ')
    p.printOperand(ops[tagPos]!)
    p.print('[')
    p.printOperands(ops.slice(tagPos + 1, tagPos + 1 + tagRank))
    p.print(']')
    if (ops.length > tagPos + 1 + tagRank) {
      p.print(', ')
      p.printOperand(ops[tagPos + 1 + tagRank]!)
      p.print(', ')
      p.printOperand(ops[tagPos + 2 + tagRank]!)
    }
    p.printOptionalAttrDict(op.getAttrs())
    p.print(' : ')
    p.printType(ops[0]!.type)
    p.print(', ')
    p.printType(ops[1 + srcRank]!.type)
    p.print(', ')
    p.printType(ops[tagPos]!.type)
  },
  verify(op: Operation): LogicalResult {
    const ops = op.getOperands()
    const n = ops.length
    if (n < 4) {
      return op.emitOpError('expected at least 4 operands').fail()
    }
    const isIndex = (v: Value): boolean => v.type instanceof IndexType
    if (!(ops[0]!.type instanceof MemRefType)) {
      return op.emitOpError('expected source to be of memref type').fail()
    }
    const srcRank = rankOf(ops[0]!.type)
    if (n < srcRank + 4) {
      return op.emitOpError(`expected at least ${srcRank + 4} operands`).fail()
    }
    if (!ops.slice(1, 1 + srcRank).every(isIndex)) {
      return op.emitOpError('expected source indices to be of index type').fail()
    }
    const dst = ops[1 + srcRank]!
    if (!(dst.type instanceof MemRefType)) {
      return op.emitOpError('expected destination to be of memref type').fail()
    }
    const dstRank = rankOf(dst.type)
    let expected = srcRank + dstRank + 4
    if (n < expected) {
      return op.emitOpError(`expected at least ${expected} operands`).fail()
    }
    if (!ops.slice(2 + srcRank, 2 + srcRank + dstRank).every(isIndex)) {
      return op.emitOpError('expected destination indices to be of index type').fail()
    }
    if (!isIndex(ops[2 + srcRank + dstRank]!)) {
      return op.emitOpError('expected num elements to be of index type').fail()
    }
    const tagPos = 3 + srcRank + dstRank
    if (!(ops[tagPos]!.type instanceof MemRefType)) {
      return op.emitOpError('expected tag to be of memref type').fail()
    }
    const tagRank = rankOf(ops[tagPos]!.type)
    expected += tagRank
    if (n < expected) {
      return op.emitOpError(`expected at least ${expected} operands`).fail()
    }
    if (!ops.slice(tagPos + 1, tagPos + 1 + tagRank).every(isIndex)) {
      return op.emitOpError('expected tag indices to be of index type').fail()
    }
    if (n !== expected && n !== expected + 2) {
      return op.emitOpError('incorrect number of operands').fail()
    }
    if (n === expected + 2 && (!isIndex(ops[n - 2]!) || !isIndex(ops[n - 1]!))) {
      return op.emitOpError('expected stride and num elements per stride to be of type index').fail()
    }
    return true
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    const ops = op.getOperands()
    const srcRank = rankOf(ops[0]!.type)
    const dstRank = rankOf(ops[1 + srcRank]!.type)
    return [
      { kind: 'read', value: ops[0]! },
      { kind: 'write', value: ops[1 + srcRank]! },
      { kind: 'read', value: ops[3 + srcRank + dstRank]! },
    ]
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    return foldMemRefCastOperands(op) ? [] : undefined
  },
})

/** `memref.dma_wait %tag[...], %n : type`: blocks until the DMA of `tag` completes. */
export const DmaWaitOp: OdsOp = defineOp({
  name: 'memref.dma_wait',
  summary: 'blocking DMA operation that waits for transfer completion',
  operands: { tagMemRef: AnyMemRef, tagIndices: variadic(Index), numElements: Index },
  assemblyFormat: '$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)',
  verify(op: Operation): LogicalResult {
    const rank = rankOf(op.getOperand(0).type)
    const numIndices = op.numOperands - 2
    if (numIndices !== rank) {
      return op.emitOpError(`expected tagIndices to have the same number of elements as the tagMemRef rank, expected ${rank}, but got ${numIndices}`).fail()
    }
    return true
  },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    return [{ kind: 'read', value: op.getOperand(0) }]
  },
  fold(op: Operation): OpFoldResult[] | undefined {
    return foldMemRefCastOperands(op) ? [] : undefined
  },
})

/** The copy, global, atomic, DMA, scope and metadata ops. */
export const memrefMiscOps: readonly OdsOp[] = [
  CopyOp,
  RankOp,
  ReshapeOp,
  ExtractAlignedPointerAsIndexOp,
  MemorySpaceCastOp,
  AssumeAlignmentOp,
  DistinctObjectsOp,
  ReallocOp,
  GlobalOp,
  GetGlobalOp,
  PrefetchOp,
  AtomicRMWOp,
  GenericAtomicRMWOp,
  AtomicYieldOp,
  AllocaScopeOp,
  AllocaScopeReturnOp,
  DmaStartOp,
  DmaWaitOp,
]
