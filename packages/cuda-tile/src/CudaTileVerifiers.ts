/**
 * Op-specific verifiers of cuda_tile (NVIDIA's `hasVerifier`/`hasRegionVerifier` ops), by
 * op name, with NVIDIA's diagnostic text.
 */
import {
  type DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  FloatType,
  type FunctionType,
  IntegerAttr,
  IntegerType,
  type StringAttr,
  Trait,
  type SymbolRefAttr,
  SymbolTable,
  type TypeAttr,
  UnitAttr,
  success,
  type Attribute,
  type LogicalResult,
  type OdsOp,
  type Operation,
  type Region,
  type Type,
  type Value,
} from '@tilepass/ir'
import { BoundedAttr, CudaTileEnumAttr, DivByAttr, SameElementsAttr } from './CudaTileAttributes.ts'
import { verifyDebugInfoFunction, verifyDebugInfoFunctionBody, verifyDebugInfoModule } from './CudaTileDebugInfo.ts'
import { verifyOptimizationHints } from './CudaTileHints.ts'
import { MemoryOrderingNames } from './CudaTileEnums.ts'
import { PointerType, TensorViewType, TileType, TileViewType, typeText } from './CudaTileTypes.ts'

/** The hand-written verification hooks of one op. */
export interface CudaTileVerifier {
  verify?(op: Operation): LogicalResult
  verifyRegions?(op: Operation): LogicalResult
  verifySymbolUses?(op: Operation): LogicalResult
}

// ---- helpers ----------------------------------------------------------------------------

/** The values of the operand group `name`. */
function operands(op: Operation, name: string): Value[] {
  return (op.name.def as OdsOp).operandValues(op, name)
}
function operand(op: Operation, name: string): Value | null {
  return operands(op, name)[0] ?? null
}
function enumValue(op: Operation, name: string): number {
  const a = op.getAttr(name)
  if (a instanceof CudaTileEnumAttr) {
    return a.value
  }
  return a instanceof IntegerAttr ? Number(a.value) : -1
}
function hasUnit(op: Operation, name: string): boolean {
  return op.getAttr(name) instanceof UnitAttr
}
function tile(t: Type): TileType {
  return t as TileType
}
function resultElement(op: Operation): Type {
  const t = op.results[0]!.type
  return t instanceof TileType ? t.elementType : t
}
function isF32(t: Type): boolean {
  return t instanceof FloatType && t.kind === 'f32'
}
function types(values: readonly Value[] | readonly Type[]): string {
  return values.map((v) => typeText('type' in v ? (v).type : (v))).join(', ')
}
function sameTypes(a: readonly Type[], b: readonly Type[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i])
}
function bitWidth(t: Type): number {
  if (t instanceof IntegerType) {
    return t.width
  }
  if (t instanceof FloatType) {
    // MLIR's getIntOrFloatBitWidth: tf32 has 19 significant bits.
    return t.kind === 'tf32' ? 19 : t.width
  }
  return 64
}

const R = { nearest_even: 0, zero: 1, negative_inf: 2, positive_inf: 3, approx: 4, full: 5, nearest_int_to_zero: 6 }

function verifyFtz(op: Operation): LogicalResult {
  const ty = resultElement(op)
  if (hasUnit(op, 'flush_to_zero') && !isF32(ty)) {
    return op.emitOpError(`flush_to_zero modifier only supported for f32 data type, but got: ${typeText(ty)}`).fail()
  }
  return success()
}

function verifyApprox(op: Operation, approx: boolean): LogicalResult {
  const ty = resultElement(op)
  if (approx && !isF32(ty)) {
    return op.emitOpError(`approx modifier only supported for f32 data type, but got: ${typeText(ty)}`).fail()
  }
  return success()
}

function verifyIEEERounding(op: Operation): LogicalResult {
  if (enumValue(op, 'rounding_mode') > R.positive_inf) {
    return op.emitOpError('invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf]').fail()
  }
  return success()
}

function ieeeFtz(op: Operation): LogicalResult {
  return verifyIEEERounding(op) && verifyFtz(op)
}

function verifyDivSqrtModifiers(op: Operation, hasRounding: boolean, approx: boolean, full: boolean): LogicalResult {
  if (approx && full) {
    return op.emitOpError('approx modifier and full modifier are mutually exclusive').fail()
  }
  const ty = resultElement(op)
  if (hasUnit(op, 'flush_to_zero') && !isF32(ty)) {
    return op.emitOpError(`flush_to_zero modifier only supported for f32 data type, but got: ${typeText(ty)}`).fail()
  }
  if (approx && !isF32(ty)) {
    return op.emitOpError(`approx modifier only supported for f32 data type, but got: ${typeText(ty)}`).fail()
  }
  if (full && !isF32(ty)) {
    return op.emitOpError(`full modifier only supported for f32 data type, but got: ${typeText(ty)}`).fail()
  }
  if (hasRounding && approx) {
    return op.emitOpError('rounding mode does not allow approx modifier').fail()
  }
  if (hasRounding && full) {
    return op.emitOpError('rounding mode does not allow full modifier').fail()
  }
  return success()
}

/** `break`/`continue`: only inside the allowed loops, through `if`s. */
function verifyEarlyExit(op: Operation, loops: readonly string[]): Operation | null {
  let parent = op.parentOp
  while (parent !== null) {
    if (loops.includes(parent.name.name)) {
      return parent
    }
    if (parent.name.name !== 'cuda_tile.if') {
      op.emitOpError(`can only be nested within a ancestor chain of '${[...loops, 'cuda_tile.if'].join("', '")}' operations`)
        .attachNote('see unexpected ancestor operation', parent.location)
        .report()
      return null
    }
    parent = parent.parentOp
  }
  return null
}

function verifyLoopIterValues(op: Operation, inits: readonly Value[], iterVals: readonly Value[]): LogicalResult {
  if (iterVals.length !== inits.length) {
    return op.emitOpError(`mismatch in number of region iterator values and loop iterator inits: ${iterVals.length} vs ${inits.length}`).fail()
  }
  for (let i = 0; i < inits.length; i++) {
    const t = iterVals[i]!.type
    if (t instanceof TensorViewType) {
      return op.emitOpError(`loop-carried value ${i} is a tensor_view, which is not supported`).fail()
    }
    if (t instanceof TileViewType) {
      return op.emitOpError(`loop-carried value ${i} is a tile view, which is not supported`).fail()
    }
    if (inits[i]!.type !== t) {
      return op.emitOpError(`init value ${i} and region iter_value ${i} have different type: ${typeText(inits[i]!.type)} != ${typeText(t)}`).fail()
    }
  }
  return verifyNoViewResults(op)
}

function verifyNoViewResults(op: Operation): LogicalResult {
  for (let i = 0; i < op.numResults; i++) {
    const t = op.results[i]!.type
    if (t instanceof TensorViewType) {
      return op.emitOpError(`result type ${i} is a tensor_view, which is not supported`).fail()
    }
    if (t instanceof TileViewType) {
      return op.emitOpError(`result type ${i} is a tile view, which is not supported`).fail()
    }
  }
  return success()
}

function verifyMemoryModelLoad(op: Operation): LogicalResult {
  const ordering = enumValue(op, 'memory_ordering_semantics')
  if (ordering > 2) {
    return op.emitOpError(`expect one of: weak, relaxed, or acquire, but got: ${MemoryOrderingNames[ordering]}`).fail()
  }
  const hasScope = op.getAttr('memory_scope') !== undefined
  if (ordering === 0 && hasScope) {
    return op.emitOpError('weak load must not have memory scope').fail()
  }
  if (ordering !== 0 && !hasScope) {
    return op.emitOpError(`memory scope is required for ${MemoryOrderingNames[ordering]} load`).fail()
  }
  return success()
}

function verifyMemoryModelStore(op: Operation): LogicalResult {
  const ordering = enumValue(op, 'memory_ordering_semantics')
  if (ordering !== 0 && ordering !== 1 && ordering !== 3) {
    return op.emitOpError(`expect one of: weak, relaxed, or release, but got: ${MemoryOrderingNames[ordering]}`).fail()
  }
  const hasScope = op.getAttr('memory_scope') !== undefined
  if (ordering === 0 && hasScope) {
    return op.emitOpError('weak store must not have memory scope').fail()
  }
  if (ordering !== 0 && !hasScope) {
    return op.emitOpError(`memory scope is required for ${MemoryOrderingNames[ordering]} store`).fail()
  }
  return success()
}

function verifyViewLoadStore(op: Operation): LogicalResult {
  const view = operand(op, 'view')!.type as TileViewType
  const index = operands(op, 'index')
  const tileType = op.name.name === 'cuda_tile.load_view_tko' ? op.results[0]!.type : operand(op, 'tile')!.type
  if (index.length !== view.viewIndexRank) {
    return op.emitOpError(`expected ${view.viewIndexRank} index operands (based on view type), got ${index.length}`).fail()
  }
  if (tileType !== view.viewTileType) {
    return op.emitOpError(`expected tile type to be ${typeText(view.viewTileType)} (based on view type), got ${typeText(tileType)}`).fail()
  }
  if (index.length > 0) {
    for (const v of index) {
      const t = v.type
      if (!(t instanceof TileType)) {
        return op.emitOpError(`expected index type to be a tile type, got ${typeText(t)}`).fail()
      }
      if (!('sparseDim' in view) && t.rank !== 0) {
        return op.emitOpError(`expected index type to be a scalar tile, got ${typeText(t)}`).fail()
      }
    }
    if (!('sparseDim' in view)) {
      const base = index[0]!.type
      for (let i = 0; i < index.length; i++) {
        if (index[i]!.type !== base) {
          return op.emitOpError(`expected index type ${i} to be the same as other index types (${typeText(base)}), got ${typeText(index[i]!.type)}`).fail()
        }
      }
    }
  }
  return verifyOptimizationHints(op)
}

function checkViewMatches(op: Operation): LogicalResult {
  const view = op.results[0]!.type as TileViewType
  const tv = op.getOperand(0).type
  if (tv !== view.tensorView) {
    return op
      .emitOpError(`expected the type of the provided tensor_view value (${typeText(tv)}) to be the same as the view's tensor_view type (${typeText(view.tensorView)})`)
      .fail()
  }
  return success()
}

function verifyAggregate(op: Operation, requiresMatchingReturnShape: boolean): LogicalResult {
  const inputs = op.getOperands()
  if (inputs.length === 0) {
    return op.emitOpError('expect at least 1 operand').fail()
  }
  if (inputs.length !== op.numResults) {
    return op.emitOpError('expect same number of operands and results').fail()
  }
  const identities = (op.getAttr('identities') as { elements?: readonly Attribute[] } | undefined)?.elements
  if (identities !== undefined) {
    if (identities.length !== inputs.length) {
      return op.emitOpError(`expect identities to match the number of operands but got: ${inputs.length} operands and ${identities.length} identities`).fail()
    }
    for (let i = 0; i < inputs.length; i++) {
      const t = inputs[i]!.type
      if (!(t instanceof TileType)) {
        return op.emitOpError(`expected TileType for operand at index ${i} but got: ${typeText(t)}`).fail()
      }
      const idTy = (identities[i] as { type?: Type }).type
      const a = fkind(t.elementType)
      const b = idTy === undefined ? '' : fkind(idTy)
      if ((a === 'bf16' && b === 'f16') || (a === 'f16' && b === 'bf16')) {
        continue
      }
      if (t.elementType !== idTy) {
        return op.emitOpError(`expect same type for operand at index: ${i} and identity at index: ${i} but got: ${typeText(t.elementType)} and ${idTy === undefined ? '' : typeText(idTy)}`).fail()
      }
    }
  }
  const first = inputs[0]!.type as TileType
  const dim = Number((op.getAttr('dim') as IntegerAttr).value)
  if (dim < 0 || dim >= first.rank) {
    return op.emitOpError(`dimension (${dim}) is out of bound [0, ${first.rank})`).fail()
  }
  if (requiresMatchingReturnShape) {
    for (let i = 0; i < inputs.length; i++) {
      if (inputs[i]!.type !== op.results[i]!.type) {
        return op.emitOpError(`expect same type for operand at index: ${i} and result at index: ${i}`).fail()
      }
    }
  } else {
    // InferTypeOpAdaptor: the results are the operands without `dim`.
    const inferred = inputs.map((v) => {
      const t = v.type as TileType
      return TileType.get(t.shape.filter((_, d) => d !== dim), t.elementType)
    })
    if (!sameTypes(inferred, op.resultTypes)) {
      op.emitOpError(`inferred type(s) ${types(inferred)} are incompatible with return type(s) of operation ${types(op.resultTypes)}`).report()
      return op.context.emitError(op.location, 'failed to infer returned types').fail()
    }
  }
  return success()
}

function verifyAggregateRegions(op: Operation, region: Region): LogicalResult {
  const n = op.numOperands
  const block = region.firstBlock
  if (block === null || block.firstOp === null) {
    return op.emitOpError('expect non-empty block').fail()
  }
  const args = block.arguments.map((a) => a.type)
  if (args.length !== 2 * n) {
    return op.emitOpError(`expect ${2 * n} block arguments but got: ${args.length}`).fail()
  }
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!
    if (!(t instanceof TileType) || t.rank !== 0) {
      return op.emitOpError(`expect 0-rank tile type at index: ${i} but got: ${typeText(t)}`).fail()
    }
  }
  for (let i = 0; i + 1 < args.length; i += 2) {
    const a = (args[i] as TileType).elementType
    const b = (args[i + 1] as TileType).elementType
    if (a !== b) {
      return op.emitOpError(`expect same element type for block argument at index: ${i} and ${i + 1} but got: ${typeText(a)} and ${typeText(b)}`).fail()
    }
  }
  for (let i = 0; i < n; i++) {
    const a = tile(op.getOperand(i).type).elementType
    const b = (args[2 * i] as TileType).elementType
    if (a !== b) {
      return op.emitOpError(`expect same type for operand at index: ${i} and block argument at index: ${2 * i} but got: ${typeText(a)} and ${typeText(b)}`).fail()
    }
  }
  const term: Operation = block.lastOp!
  if (term.numOperands !== n) {
    return op.emitOpError(`expect number of terminators operands (${term.numOperands}) to match number of operands (${n})`).fail()
  }
  for (let i = 0; i < n; i++) {
    const a = tile(op.getOperand(i).type).elementType
    const b = tile(term.getOperand(i).type).elementType
    if (a !== b) {
      return op.emitOpError(`expect same type for operand at index: ${i} and terminator argument at index: ${i} but got: ${typeText(a)} and ${typeText(b)}`).fail()
    }
  }
  for (let inner: Operation | null = block.firstOp; inner !== null && inner !== term; inner = inner.nextOp) {
    if (!inner.hasTrait(Trait.Pure)) {
      return inner.emitOpError(`only pure operations are allowed inside '${op.name.name}'`).fail()
    }
  }
  return success()
}

function shp(t: TileType): string {
  return t.shape.join(', ')
}

function verifyMma(op: Operation): LogicalResult {
  const lhs = tile(operand(op, 'lhs')!.type)
  const rhs = tile(operand(op, 'rhs')!.type)
  const acc = tile(operand(op, 'acc')!.type)
  if (lhs.rank !== 2 && lhs.rank !== 3) {
    return op.emitOpError('operands must be 2D or 3D tiles').fail()
  }
  const b = lhs.rank === 3 ? 1 : 0
  const L = lhs.shape
  const Rs = rhs.shape
  const A = acc.shape
  if (b === 1) {
    if (L[0] !== Rs[0]) {
      return op.emitOpError(`shape error: dim 0 of lhs (${L[0]}) and dim 0 of rhs (${Rs[0]}) must match, but got lhs shape (${shp(lhs)}) and rhs shape (${shp(rhs)})`).fail()
    }
    if (L[0] !== A[0]) {
      return op.emitOpError(`shape error: dim 0 of lhs (${L[0]}) and dim 0 of acc (${A[0]}) must match, but got lhs shape (${shp(lhs)}) and acc shape (${shp(acc)})`).fail()
    }
  }
  const row = b
  const col = b + 1
  if (L[col] !== Rs[row]) {
    return op.emitOpError(` shape error: dim ${col} of lhs (${L[col]}) and dim ${row} of rhs (${Rs[row]}) must match, but got lhs shape (${shp(lhs)}) and rhs shape (${shp(rhs)})`).fail()
  }
  if (L[row] !== A[row]) {
    return op.emitOpError(` shape error: dim ${row} of lhs (${L[row]}) and dim ${row} of acc (${A[row]}) must match, but got lhs shape (${shp(lhs)}) and acc shape (${shp(acc)})`).fail()
  }
  if (Rs[col] !== A[col]) {
    return op.emitOpError(` shape error: dim ${col} of rhs (${Rs[col]}) and dim ${col} of acc (${A[col]}) must match, but got rhs shape (${shp(rhs)}) and acc shape (${shp(acc)})`).fail()
  }
  return success()
}

function fkind(t: Type): string {
  return t instanceof FloatType ? t.kind : ''
}

function verifyMmaScaled(op: Operation): LogicalResult {
  if (!verifyMma(op)) {
    return false
  }
  const lhs = tile(operand(op, 'lhs')!.type)
  const rhs = tile(operand(op, 'rhs')!.type)
  const ls = tile(operand(op, 'lhs_scale')!.type)
  const rs = tile(operand(op, 'rhs_scale')!.type)
  const b = lhs.rank === 3 ? 1 : 0
  const row = b
  const col = b + 1
  if (b === 1) {
    if (lhs.shape[0] !== ls.shape[0]) {
      return op.emitOpError(`shape error: dim 0 of lhs (${lhs.shape[0]}) and dim 0 of lhs_scale (${ls.shape[0]}) must match, but got lhs shape (${shp(lhs)}) and lhs_scale shape (${shp(ls)})`).fail()
    }
    if (rhs.shape[0] !== rs.shape[0]) {
      return op.emitOpError(`shape error: dim 0 of rhs (${rhs.shape[0]}) and dim 0 of rhs_scale (${rs.shape[0]}) must match, but got rhs shape (${shp(rhs)}) and rhs_scale shape (${shp(rs)})`).fail()
    }
  }
  if (lhs.shape[row] !== ls.shape[row]) {
    return op.emitOpError(`shape error: dim ${row} of lhs (${lhs.shape[row]}) and dim ${row} of lhs_scale (${ls.shape[row]}) must match, but got lhs shape (${shp(lhs)}) and lhs_scale shape (${shp(ls)})`).fail()
  }
  if (rhs.shape[col] !== rs.shape[col]) {
    return op.emitOpError(`shape error: dim ${col} of rhs (${rhs.shape[col]}) and dim ${col} of rhs_scale (${rs.shape[col]}) must match, but got rhs shape (${shp(rhs)}) and rhs_scale shape (${shp(rs)})`).fail()
  }
  if (ls.shape[col] !== rs.shape[row]) {
    return op.emitOpError(`shape error: dim ${col} of lhs_scale (${ls.shape[col]}) and dim ${row} of rhs_scale (${rs.shape[row]}) must match, but got lhs_scale shape (${shp(ls)}) and rhs_scale shape (${shp(rs)})`).fail()
  }
  const scaleKind = fkind(ls.elementType)
  const inKind = fkind(lhs.elementType)
  if (scaleKind === 'f8E4M3FN' && inKind !== 'f4E2M1FN') {
    return op.emitOpError(`unsupported combination of element types. Scale type ${typeText(ls.elementType)} expects lhs and rhs element types to be 'f4E2M1FN', but got ${typeText(lhs.elementType)}`).fail()
  }
  if (scaleKind === 'f8E8M0FNU' && !['f8E4M3FN', 'f8E5M2', 'f4E2M1FN'].includes(inKind)) {
    return op
      .emitOpError(`unsupported combination of element types. Scale type ${typeText(ls.elementType)} expects lhs and rhs element types to be one of {'f8E4M3FN', 'f8E5M2', 'f4E2M1FN'}, but got ${typeText(lhs.elementType)}`)
      .fail()
  }
  const k = lhs.shape[col]!
  const sk = ls.shape[col]!
  if (k % sk !== 0) {
    return op.emitOpError(`shape error: dim ${col} of lhs_scale (${sk}) must be a divisor of dim ${col} of lhs (${k}), but got lhs_scale shape (${shp(ls)}) and lhs shape (${shp(lhs)})`).fail()
  }
  const vec = k / sk
  if ((inKind === 'f8E4M3FN' || inKind === 'f8E5M2') && vec !== 32) {
    return op.emitOpError(`shape error: f8 element type requires block scale factor of lhs_scale and rhs_scale to be 32, but got ${vec}`).fail()
  }
  if (inKind === 'f4E2M1FN') {
    if (scaleKind === 'f8E4M3FN' && vec !== 16) {
      return op.emitOpError(`shape error: f4E2M1FN element type with f8E4M3FN scales requires block scale factor of lhs_scale and rhs_scale to be 16, but got ${vec}`).fail()
    }
    if (scaleKind === 'f8E8M0FNU' && vec !== 16 && vec !== 32) {
      return op.emitOpError(`shape error: f4E2M1FN element type with f8E8M0FNU scales requires block scale factor of lhs_scale and rhs_scale to be 16 or 32, but got ${vec}`).fail()
    }
  }
  return success()
}

function verifyAtomicRedView(op: Operation): LogicalResult {
  const view = operand(op, 'view')!.type
  if (!(view instanceof TileViewType)) {
    return op.emitOpError('view operand must be a TileView type').fail()
  }
  if ('sparseDim' in view) {
    return op.emitOpError('gather_scatter_view is not supported; use partition_view instead').fail()
  }
  if (view.paddingValue >= 0) {
    return op.emitOpError('views with padding_value are not supported for atomic reductions').fail()
  }
  const vt = view.viewTileType
  const value = tile(operand(op, 'value')!.type)
  if (vt.elementType !== value.elementType) {
    return op.emitOpError(`view element type (${typeText(vt.elementType)}) must match value element type (${typeText(value.elementType)})`).fail()
  }
  if (shp(vt) !== shp(value)) {
    return op.emitOpError(`view tile shape ${shp(vt)} must match value shape ${shp(value)} for element-wise atomic operations`).fail()
  }
  const mode = enumValue(op, 'mode')
  if (mode === 9) {
    return op.emitOpError('atomic_red_view_tko op cannot use xchg operation').fail()
  }
  if (!verifyAtomicRMWMode(op, mode, value.elementType)) {
    return false
  }
  if (enumValue(op, 'memory_ordering_semantics') !== 1) {
    return op.emitOpError("only 'relaxed' memory ordering is supported for view-based atomic reductions").fail()
  }
  if (enumValue(op, 'memory_scope') === 2) {
    return op.emitOpError("memory scope 'sys' is not supported for view-based atomic reductions; use 'tl_blk' or 'device' for TMA compatibility").fail()
  }
  const index = operands(op, 'index')
  if (index.length !== vt.rank) {
    return op.emitOpError(`expected ${vt.rank} index operand(s) for view with tile rank ${vt.rank}, got ${index.length}`).fail()
  }
  for (let i = 0; i < index.length; i++) {
    const t = tile(index[i]!.type)
    if (t.rank !== 0) {
      return op.emitOpError(`index operand ${i} must be a scalar tile (rank 0), got shape ${shp(t)}`).fail()
    }
    if (!(t.elementType instanceof IntegerType)) {
      return op.emitOpError(`index operand ${i} must be a scalar integer tile, got element type ${typeText(t.elementType)}`).fail()
    }
  }
  return success()
}

const MMAF_ALLOWED: Readonly<Record<string, readonly string[]>> = {
  f4E2M1FN: ['f16', 'f32'],
  f8E4M3FN: ['f16', 'f32'],
  f8E5M2: ['f16', 'f32'],
  f16: ['f16', 'f32'],
  bf16: ['f32'],
  tf32: ['f32'],
  f32: ['f32'],
  f64: ['f64'],
}

function verifyPrintFormat(op: Operation): LogicalResult {
  const str = (op.getAttr('str') as StringAttr).value
  let expected = 0
  for (let pos = 0; pos < str.length; pos++) {
    if (str[pos] !== '%') {
      continue
    }
    const m = /^%[-+ #0]*\d*(?:\.\d+)?(?:hh|h|ll|l|j|z|t|L)?[diouxXeEfFgGaAcspn%]/.exec(str.slice(pos))
    if (m === null) {
      return op.emitOpError('found unterminated format expression').fail()
    }
    if (m[0] === '%%') {
      pos++
      continue
    }
    expected++
  }
  const args = operands(op, 'args')
  if (expected !== args.length) {
    return op.emitOpError(`incorrect number of operands: expected ${expected}, found ${args.length}`).fail()
  }
  return success()
}

function verifyReturn(op: Operation): LogicalResult {
  let parent = op.parentOp
  while (parent !== null) {
    if (parent.name.name === 'cuda_tile.if') {
      parent = parent.parentOp
      continue
    }
    const isEntry = parent.name.name === 'cuda_tile.entry'
    if (isEntry || parent.name.name === 'cuda_tile.testing$func') {
      const fnType = (parent.getAttr('function_type') as TypeAttr).value as FunctionType
      const name = (parent.getAttr('sym_name') as StringAttr).value
      const results = fnType.results
      if (op.numOperands !== results.length) {
        return op.emitOpError(`has ${op.numOperands} operands, but enclosing function (@${name}) returns ${results.length}`).fail()
      }
      if (isEntry && op.numOperands !== 0) {
        return op.emitOpError(`has ${op.numOperands} operands, but entry function must return 0 operands`).fail()
      }
      for (let i = 0; i < results.length; i++) {
        if (op.getOperand(i).type !== results[i]) {
          return op
            .emitError(`type of return operand ${i} (${typeText(op.getOperand(i).type)}) doesn't match function result type (${typeText(results[i]!)}) in function @${name}`)
            .fail()
        }
      }
      return success()
    }
    break
  }
  return op.emitOpError('must be used within a cuda_tile.testing$func, cuda_tile.entry, or cuda_tile.if operation').fail()
}

function verifyIf(op: Operation): LogicalResult {
  const retTypes = op.resultTypes
  const hasResults = retTypes.length !== 0
  const check = (region: Region, name: string): LogicalResult => {
    const y = region.firstBlock?.lastOp ?? null
    if (y === null || y.name.name !== 'cuda_tile.yield') {
      return success()
    }
    const yt = y.operandTypes
    if (hasResults && yt.length === 0) {
      return op.emitOpError(`has return type of ${types(retTypes)} but ${name} branch does not yield anything`).fail()
    }
    if (!hasResults && yt.length !== 0) {
      return op.emitOpError(`does not return a value, but ${name} branch yields ${types(yt)}`).fail()
    }
    if (!sameTypes(yt, retTypes)) {
      return op.emitOpError(`type does not match yield type, ${name} branch yields ${types(yt)} but op result type is ${types(retTypes)}`).fail()
    }
    return success()
  }
  if (!verifyNoViewResults(op)) {
    return false
  }
  const thenRegion = op.regions[0]!
  if (thenRegion.empty) {
    return op.emitOpError('must define then branch').fail()
  }
  if (!check(thenRegion, 'then')) {
    return false
  }
  const elseRegion = op.regions[1]!
  if (elseRegion.empty) {
    return hasResults ? op.emitOpError('has non-empty return type, must define else branch').fail() : success()
  }
  return check(elseRegion, 'else')
}

function verifyAtomicRMWMode(op: Operation, mode: number, el: Type): LogicalResult {
  const names = ['and', 'or', 'xor', 'add', 'addf', 'max', 'min', 'umax', 'umin', 'xchg']
  const name = names[mode]!
  if (mode === 4) {
    if (!(el instanceof FloatType && ['f32', 'f64', 'f16', 'bf16'].includes(el.kind))) {
      return op.emitOpError(`'${name}' works only with floats f16, bf16, f32, and f64`).fail()
    }
  } else if (mode === 9) {
    if (!(el instanceof IntegerType || el instanceof FloatType) || (bitWidth(el) !== 32 && bitWidth(el) !== 64)) {
      return op.emitOpError(`'${name}' works only with integers or float of 32 or 64 bitwidth`).fail()
    }
  } else if (!(el instanceof IntegerType && (el.width === 32 || el.width === 64))) {
    return op.emitOpError(`'${name}' works only with integers i32 and i64`).fail()
  }
  return success()
}

function verifyAtomicOrdering(op: Operation): LogicalResult {
  if (enumValue(op, 'memory_ordering_semantics') === 0) {
    return op.emitOpError('memory ordering semantics must be one of: relaxed, acquire, release, acq_rel').fail()
  }
  return success()
}

function verifyAssume(op: Operation): LogicalResult {
  const pred = op.getAttr('predicate')
  const t = op.getOperand(0).type
  if (pred instanceof DivByAttr) {
    const name = "'cuda_tile.div_by'"
    const d = pred.divisor
    if (!(d > 0n && (d & (d - 1n)) === 0n)) {
      return op.emitOpError(`${name} divisor must be a power of 2`).fail()
    }
    if ((pred.every === null) !== (pred.along === null)) {
      return op.emitOpError(`${name} 'every'/'along' must be used in combination`).fail()
    }
    if (d > 4611686018427387904n) {
      return op.emitOpError(`${name} divisor is too large`).fail()
    }
    if (t instanceof TensorViewType) {
      return pred.every !== null ? op.emitOpError(`${name} 'every'/'along' cannot be used if the constrained value is a tensor_view`).fail() : success()
    }
    if (!(t instanceof TileType)) {
      return op.emitOpError(`${name} is valid only for tile of integer/pointer or tensor_view values`).fail()
    }
    if (t.rank === 0 && pred.every !== null) {
      return op.emitOpError(`${name} 'every'/'along' cannot be used if the constrained value is a 0D tile`).fail()
    }
    if (!(t.elementType instanceof PointerType || t.elementType instanceof IntegerType)) {
      return op.emitOpError(`${name} is valid only for tile of integer/pointer or tensor_view values`).fail()
    }
    if (pred.every === null) {
      return success()
    }
    const along = Number(pred.along)
    if (along < 0 || along >= t.rank) {
      return op.emitOpError(`${name} every_dim (${along}) must be >= 0 and < tile rank (${t.rank})`).fail()
    }
    if (pred.every < 0n || pred.every > BigInt(t.shape[along]!)) {
      return op.emitOpError(`expected ${name} every_dim to be within 0 and the size of the respective dimension (${t.shape[along]})`).fail()
    }
    return success()
  }
  if (pred instanceof SameElementsAttr) {
    const name = "'cuda_tile.same_elements'"
    if (!(t instanceof TileType) || !(t.elementType instanceof PointerType || t.elementType instanceof IntegerType)) {
      return op.emitOpError(`${name} is valid only for tile of integer/pointer values`).fail()
    }
    if (pred.values.length !== t.rank) {
      return op.emitOpError(`expected number of values in ${name} (${pred.values.length}) to match rank of constrained tile (${t.rank})`).fail()
    }
    for (let i = 0; i < t.rank; i++) {
      if (pred.values[i]! < 0n || pred.values[i]! > BigInt(t.shape[i]!)) {
        return op.emitOpError(`expected ${name} value ${i} to be within 0 and the size of the respective dimension (${t.shape[i]})`).fail()
      }
    }
    return success()
  }
  if (pred instanceof BoundedAttr) {
    const name = "'cuda_tile.bounded'"
    if (!(t instanceof TileType) || !(t.elementType instanceof IntegerType)) {
      return op.emitOpError(`${name} is valid only for tile of integer values`).fail()
    }
    const w = BigInt(t.elementType.width)
    const min = -(1n << (w - 1n))
    const max = (1n << (w - 1n)) - 1n
    if (pred.lb !== null && (pred.lb > max || pred.lb < min)) {
      return op.emitOpError(`${name} expects lower bound to be within [${min}, ${max}]`).fail()
    }
    if (pred.ub !== null && (pred.ub > max || pred.ub < min)) {
      return op.emitOpError(`${name} expects upper bound to be within [${min}, ${max}]`).fail()
    }
    if (pred.lb !== null && pred.ub !== null && pred.lb > pred.ub) {
      return op.emitOpError(`${name} expects lower bound to be less than or equal to upper bound`).fail()
    }
  }
  return success()
}

function verifyPackUnpack(op: Operation): LogicalResult {
  const src = tile(op.getOperand(0).type)
  const res = tile(op.results[0]!.type)
  const bits = (t: TileType): number => (fkind(t.elementType) === 'tf32' ? 32 : bitWidth(t.elementType)) * t.numElements
  if (src.rank !== 1) {
    return op.emitOpError('expects source and result to be rank-1 tiles').fail()
  }
  if (bitWidth(src.elementType) === bitWidth(res.elementType)) {
    return op.emitOpError('expects source and result to have different element type widths').fail()
  }
  if (bits(src) % 8 !== 0) {
    return op.emitOpError('expects source tile to be byte-aligned').fail()
  }
  if (bits(res) % 8 !== 0) {
    return op.emitOpError('expects result tile to be byte-aligned').fail()
  }
  if (bits(src) !== bits(res)) {
    return op.emitOpError(`expects source and result to have the same size in bytes, but got source tile size ${bits(src) / 8} bytes and result tile size ${bits(res) / 8} bytes`).fail()
  }
  return success()
}

function verifyAlloca(op: Operation): LogicalResult {
  const alignment = Number((op.getAttr('alignment') as IntegerAttr | undefined)?.value ?? 0n)
  if (!(alignment > 0 && (alignment & (alignment - 1)) === 0)) {
    return op.emitOpError("'alignment' must be power of two").fail()
  }
  const pointee = ((op.results[0]!.type instanceof TileType ? tile(op.results[0]!.type).elementType : op.results[0]!.type) as PointerType).pointeeType
  const size = pointee instanceof IntegerType ? (pointee.width === 1 ? 1 : pointee.width / 8) : pointee instanceof FloatType ? pointee.width / 8 : 0
  if (alignment < size) {
    return op.emitOpError(`'alignment' (${alignment}) must be at least the natural size (${size} bytes) for element type ${typeText(pointee)}`).fail()
  }
  return success()
}

function verifyGetGlobal(op: Operation): LogicalResult {
  const ref = op.getAttr('name') as SymbolRefAttr
  const global = SymbolTable.lookupNearestSymbolFrom(op, ref)
  if (global === undefined || global.name.name !== 'cuda_tile.global') {
    return op.emitOpError(`'${ref.rootReference}' does not reference a valid global`).fail()
  }
  const value = global.getAttr('value') as { type?: Type } | undefined
  const el = value?.type instanceof TileType ? value.type.elementType : null
  const ptr = tile(op.results[0]!.type).elementType as PointerType
  if (el !== ptr.pointeeType) {
    return op.emitOpError(`pointee type of result type ${typeText(ptr)} does not match type ${el === null ? '' : typeText(el)} of the global @${ref.rootReference}`).fail()
  }
  return success()
}

/** `verifyLoadStoreType`: `ptrs` is a tile of pointers to the elements of `tileType`, same shape. */
function pointersMatch(tileType: Type, ptrs: Type): boolean {
  return (
    tileType instanceof TileType &&
    ptrs instanceof TileType &&
    ptrs.elementType instanceof PointerType &&
    ptrs.shape.join('x') === tileType.shape.join('x') &&
    ptrs.elementType.pointeeType === tileType.elementType
  )
}

function sameShape(a: Type, b: Type): boolean {
  return a instanceof TileType && b instanceof TileType && a.shape.join('x') === b.shape.join('x')
}

/** The type-matching traits of `load_ptr_tko` (NVIDIA's CudaTile_LoadOpBase). */
function verifyLoadPtrTypes(op: Operation): LogicalResult {
  const result = op.results[0]!.type
  if (!pointersMatch(result, operand(op, 'source')!.type)) {
    return op.emitOpError('failed to verify that `source` type is expected a pointer type of `result` type').fail()
  }
  const mask = operand(op, 'mask')
  if (mask !== null && !sameShape(operand(op, 'source')!.type, mask.type)) {
    return op.emitOpError("failed to verify that shape of 'mask' must match the shape of 'source'").fail()
  }
  const pad = operand(op, 'paddingValue')
  if (pad !== null && !(sameShape(result, pad.type) && tile(result).elementType === tile(pad.type).elementType)) {
    return op.emitOpError("failed to verify that type of 'paddingValue' must match the type of 'result'").fail()
  }
  return success()
}

/** The type-matching traits of `store_ptr_tko` (NVIDIA's CudaTile_StoreOpBase). */
function verifyStorePtrTypes(op: Operation): LogicalResult {
  const dest = operand(op, 'destination')!.type
  if (!pointersMatch(operand(op, 'value')!.type, dest)) {
    return op.emitOpError('failed to verify that `destination` type is expected a pointer type of `value` type').fail()
  }
  const mask = operand(op, 'mask')
  if (mask !== null && !sameShape(mask.type, dest)) {
    return op.emitOpError("failed to verify that shape of 'destination' must match the shape of 'mask'").fail()
  }
  return success()
}

// ---- table ------------------------------------------------------------------------------

/** Verifiers by full op name. */
export const cudaTileVerifiers: Readonly<Record<string, CudaTileVerifier>> = {
  'cuda_tile.addf': { verify: ieeeFtz },
  'cuda_tile.subf': { verify: ieeeFtz },
  'cuda_tile.mulf': { verify: ieeeFtz },
  'cuda_tile.fma': { verify: ieeeFtz },
  'cuda_tile.maxf': { verify: verifyFtz },
  'cuda_tile.minf': { verify: verifyFtz },
  'cuda_tile.exp2': { verify: verifyFtz },
  'cuda_tile.rsqrt': { verify: verifyFtz },
  'cuda_tile.divf': {
    verify(op) {
      const r = enumValue(op, 'rounding_mode')
      if (r > R.full) {
        return op.emitOpError('invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx, full]').fail()
      }
      const approx = r === R.approx
      const full = r === R.full
      return verifyDivSqrtModifiers(op, !approx && !full, approx, full)
    },
  },
  'cuda_tile.sqrt': {
    verify(op) {
      const r = enumValue(op, 'rounding_mode')
      if (r > R.approx) {
        return op.emitOpError('invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx]').fail()
      }
      return verifyDivSqrtModifiers(op, r !== R.approx, r === R.approx, false)
    },
  },
  'cuda_tile.exp': {
    verify(op) {
      const r = enumValue(op, 'rounding_mode')
      if (r !== R.full && r !== R.approx) {
        return op.emitOpError('invalid rounding mode specified, expect one of [approx, full]').fail()
      }
      return verifyApprox(op, r === R.approx)
    },
  },
  'cuda_tile.tanh': {
    verify(op) {
      const r = enumValue(op, 'rounding_mode')
      if (r !== R.full && r !== R.approx) {
        // NVIDIA's verifier reports this without failing.
        op.emitOpError('invalid rounding mode specified, expect one of [approx, full]').report()
      }
      return verifyApprox(op, r === R.approx)
    },
  },
  'cuda_tile.divi': {
    verify(op) {
      const r = enumValue(op, 'rounding')
      if (r !== R.zero && r !== R.negative_inf && r !== R.positive_inf) {
        return op.emitOpError('invalid rounding mode specified, expect one of [zero, negative_inf, positive_inf]').fail()
      }
      if (r === R.negative_inf && enumValue(op, 'signedness') === 0) {
        return op.emitOpError("rounding mode 'negative_inf' is not allowed with 'unsigned' flag").fail()
      }
      return success()
    },
  },
  'cuda_tile.negi': {
    verify(op) {
      return enumValue(op, 'overflow') === 2 ? op.emitOpError("'no_unsigned_wrap' overflow flag is not supported").fail() : success()
    },
  },
  'cuda_tile.exti': {
    verify(op) {
      const from = tile(op.getOperand(0).type).elementType as IntegerType
      const to = tile(op.results[0]!.type).elementType as IntegerType
      return to.width <= from.width ? op.emitOpError('extending to smaller or identical integer').fail() : success()
    },
  },
  'cuda_tile.trunci': {
    verify(op) {
      const from = tile(op.getOperand(0).type).elementType as IntegerType
      const to = tile(op.results[0]!.type).elementType as IntegerType
      return to.width >= from.width ? op.emitOpError('truncating to larger or identical integer').fail() : success()
    },
  },
  'cuda_tile.ftoi': {
    verify(op) {
      return enumValue(op, 'rounding_mode') !== R.nearest_int_to_zero
        ? op.emitOpError("invalid rounding mode specified. Only 'nearest_int_to_zero' is supported").fail()
        : success()
    },
  },
  'cuda_tile.itof': {
    verify(op) {
      const el = resultElement(op)
      if (el instanceof FloatType && el.kind === 'f8E8M0FNU') {
        return op.emitOpError('integer to f8E8M0FNU conversion is not supported, please first convert to another float type').fail()
      }
      return enumValue(op, 'rounding_mode') !== R.nearest_even ? op.emitOpError("invalid rounding mode specified. Only 'nearest_even' is supported").fail() : success()
    },
  },
  'cuda_tile.ftof': {
    verify(op) {
      if (op.getOperand(0).type === op.results[0]!.type) {
        return op.emitOpError('converting tiles must not be a no-op').fail()
      }
      const r = enumValue(op, 'rounding_mode')
      const el = resultElement(op)
      if (el instanceof FloatType && el.kind === 'f8E8M0FNU') {
        if (r !== R.zero && r !== R.positive_inf) {
          return op.emitOpError("invalid rounding mode specified for conversion to f8E8M0FNU. Only 'zero' and 'positive_inf' are supported").fail()
        }
      } else if (r !== R.nearest_even) {
        return op.emitOpError("invalid rounding mode specified. Only 'nearest_even' is supported").fail()
      }
      return success()
    },
  },
  'cuda_tile.bitcast': {
    verify(op) {
      const src = tile(op.getOperand(0).type).elementType
      const res = resultElement(op)
      if (bitWidth(src) === bitWidth(res)) {
        return success()
      }
      return op
        .emitOpError(`types must be equal width, cannot convert ${typeText(op.getOperand(0).type)} of width ${bitWidth(src)} to type ${typeText(op.results[0]!.type)} of width ${bitWidth(res)}`)
        .fail()
    },
  },
  'cuda_tile.broadcast': {
    verify(op) {
      const src = tile(op.getOperand(0).type).shape
      const res = tile(op.results[0]!.type).shape
      for (let i = 0; i < Math.min(src.length, res.length); i++) {
        if (src[i] !== res[i] && src[i] !== 1) {
          return op.emitOpError(`expects the shape of source tile to be compatible with that of the result tile, but got: ${src.join(', ')} and ${res.join(', ')}`).fail()
        }
      }
      return success()
    },
  },
  'cuda_tile.reshape': {
    verify(op) {
      const a = tile(op.getOperand(0).type)
      const b = tile(op.results[0]!.type)
      return a.numElements !== b.numElements ? op.emitOpError('expected source tile and result tile to have the same number of elements').fail() : success()
    },
  },
  'cuda_tile.select': {
    verify(op) {
      const el = resultElement(op)
      return el instanceof FloatType && el.kind === 'f4E2M1FN' ? op.emitOpError('cannot operate on sub-byte type F4E2M1FN').fail() : success()
    },
  },
  'cuda_tile.iota': {
    verify(op) {
      const t = tile(op.results[0]!.type)
      if (t.rank !== 1) {
        return op.emitOpError('expects result type to be 1-d tile').fail()
      }
      const w = bitWidth(t.elementType)
      if (w < 64 && t.shape[0]! > 2 ** w) {
        return op.emitOpError(`the number of elements ${t.shape[0]} exceeds the maximum value of element type ${typeText(t.elementType)}`).fail()
      }
      return success()
    },
  },
  'cuda_tile.cat': {
    verify(op) {
      const dim = Number((op.getAttr('dim') as IntegerAttr).value)
      const l = tile(op.getOperand(0).type).shape
      const r = tile(op.getOperand(1).type).shape
      const res = tile(op.results[0]!.type).shape
      const rank = l.length
      if (dim < 0 || dim >= rank) {
        return op.emitOpError(`expect dim to be [0, ${rank}), but got: ${dim}`).fail()
      }
      if (l[dim]! + r[dim]! !== res[dim]) {
        return op.emitOpError(`invalid concat at position ${dim}, expected: ${l[dim]! + r[dim]!} but got: ${res[dim]}`).fail()
      }
      for (let i = 0; i < rank; i++) {
        if (i === dim) {
          continue
        }
        if (l[i] !== r[i]) {
          return op.emitOpError(`expect lhs and rhs shapes to match at non-concat position ${i}, expected: ${l[i]} but got: ${r[i]}`).fail()
        }
        if (l[i] !== res[i]) {
          return op.emitOpError(`expect lhs and result shapes to match at non-concat position ${i}, expected: ${l[i]} but got: ${res[i]}`).fail()
        }
      }
      return success()
    },
  },
  'cuda_tile.permute': {
    verify(op) {
      const src = tile(op.getOperand(0).type).shape
      const perm = [...((op.getAttr('permutation') as DenseArrayAttr).values as readonly number[])].map(Number)
      const rank = src.length
      if (rank < 2) {
        return op.emitOpError(`expects at least rank 2, but got: ${rank}`).fail()
      }
      if (perm.length !== rank) {
        return op.emitOpError(`expect permutation size (${perm.length}) to equal the rank of the source (${rank})`).fail()
      }
      if (new Set(perm).size !== perm.length) {
        return op.emitOpError('expect permutation elements to be unique').fail()
      }
      for (let i = 0; i < perm.length; i++) {
        if (perm[i]! < 0 || perm[i]! >= rank) {
          return op.emitOpError(`permutation element at index ${i} (${perm[i]}) is out of bound [0, ${rank})`).fail()
        }
      }
      const res = tile(op.results[0]!.type).shape
      for (let i = 0; i < perm.length; i++) {
        if (res[i] !== src[perm[i]!]) {
          return op.emitOpError(`result shape invalid at index ${i}, expected: ${src[perm[i]!]}, but got: ${res[i]}`).fail()
        }
      }
      return success()
    },
  },
  'cuda_tile.extract': {
    verify(op) {
      const src = tile(op.getOperand(0).type)
      const res = tile(op.results[0]!.type)
      if (src.elementType !== res.elementType) {
        return op.emitOpError('source and result element type do not match').fail()
      }
      if (src.rank !== res.rank) {
        return op.emitOpError('source and result must have the same rank').fail()
      }
      for (let i = 0; i < src.rank; i++) {
        if (src.shape[i]! % res.shape[i]! !== 0) {
          return op.emitOpError(`source dimension ${i} size (${src.shape[i]}) must be evenly divisible by result dimension ${i} size (${res.shape[i]})`).fail()
        }
      }
      const indices = operands(op, 'indices')
      if (indices.length !== src.rank) {
        return op.emitOpError(`expected ${src.rank} indices, but got ${indices.length}`).fail()
      }
      for (let i = 0; i < indices.length; i++) {
        const c = indices[i]!.definingOp
        const v = c?.name.name === 'cuda_tile.constant' ? c.getAttr('value') : undefined
        if (v instanceof DenseIntOrFPElementsAttr && v.isSplat) {
          const value = Number(v.values[0]!)
          const max = src.shape[i]! / res.shape[i]! - 1
          if (value < 0) {
            op.emitWarning(`extract index ${i} has negative value ${value}, which may cause undefined behavior`).report()
          }
          if (value > max) {
            op.emitWarning(`extract index ${i} value ${value} may be out of bounds (max valid index: ${max})`).report()
          }
        }
      }
      return success()
    },
  },
  'cuda_tile.global': {
    verify(op) {
      const v = op.getAttr('value') as { type?: Type } | undefined
      const t = v?.type
      return t instanceof TileType && t.rank !== 1 ? op.emitOpError('type must have rank 1').fail() : success()
    },
  },
  'cuda_tile.get_global': { verifySymbolUses: verifyGetGlobal },
  'cuda_tile.join_tokens': {
    verify(op) {
      return op.numOperands < 2 ? op.emitOpError('expect two or more tokens').fail() : success()
    },
  },
  'cuda_tile.if': { verify: verifyIf },
  'cuda_tile.return': { verify: verifyReturn },
  'cuda_tile.break': {
    verify(op) {
      const loop = verifyEarlyExit(op, ['cuda_tile.loop'])
      if (loop === null) {
        return false
      }
      if (!sameTypes(loop.resultTypes, op.operandTypes)) {
        return op.emitOpError(`operand types must correspond to the parent loop result types: (${types(op.operandTypes)}) vs (${types(loop.resultTypes)})`).fail()
      }
      return success()
    },
  },
  'cuda_tile.continue': {
    verify(op) {
      const loop = verifyEarlyExit(op, ['cuda_tile.for', 'cuda_tile.loop'])
      if (loop === null) {
        return false
      }
      if (loop.name.name === 'cuda_tile.loop') {
        if (!sameTypes(loop.operandTypes, op.operandTypes)) {
          return op
            .emitError(`\`loop\` is missing a valid terminator. \`continue\` op should have operand types that match the parent loop iter_values: (${types(loop.operandTypes)}), but found: (${types(op.operandTypes)})`)
            .fail()
        }
      } else if (!sameTypes(loop.resultTypes, op.operandTypes)) {
        return op
          .emitError(`\`for\` is missing a valid terminator. \`continue\` op should have operand types that match the parent loop return types: (${types(loop.resultTypes)}), but found: (${types(op.operandTypes)})`)
          .fail()
      }
      return success()
    },
  },
  'cuda_tile.for': {
    verifyRegions(op) {
      const args = op.regions[0]!.firstBlock?.arguments ?? []
      if (args.length === 0) {
        return op.emitOpError('expected at least one block argument for induction variable').fail()
      }
      if (args[0]!.type !== op.getOperand(0).type) {
        return op.emitOpError(`expected induction variable to be same type as bounds and step: ${typeText(args[0]!.type)} vs ${typeText(op.getOperand(0).type)}`).fail()
      }
      return verifyLoopIterValues(op, op.getOperands().slice(3), args.slice(1))
    },
  },
  'cuda_tile.loop': {
    verifyRegions(op) {
      return verifyLoopIterValues(op, op.getOperands(), op.regions[0]!.firstBlock?.arguments ?? [])
    },
  },
  'cuda_tile.reduce': {
    verify: (op) => verifyAggregate(op, false),
    verifyRegions: (op) => verifyAggregateRegions(op, op.regions[0]!),
  },
  'cuda_tile.scan': {
    verify: (op) => verifyAggregate(op, true),
    verifyRegions: (op) => verifyAggregateRegions(op, op.regions[0]!),
  },
  'cuda_tile.mmaf': {
    verify(op) {
      if (!verifyMma(op)) {
        return false
      }
      const lhs = tile(operand(op, 'lhs')!.type).elementType
      const acc = tile(operand(op, 'acc')!.type).elementType
      const key = lhs instanceof FloatType ? lhs.kind : ''
      const allowed = MMAF_ALLOWED[key]
      if (allowed === undefined) {
        return op.emitOpError(`unsupported input element type: ${typeText(lhs)}`).fail()
      }
      if (!(acc instanceof FloatType) || !allowed.includes(acc.kind)) {
        return op
          .emitOpError(`unsupported combination of element types. Input type ${typeText(lhs)} expects accumulator/result type to be one of {${allowed.map((a) => `'${a}'`).join(', ')}}, but got ${typeText(acc)}`)
          .fail()
      }
      return success()
    },
  },
  'cuda_tile.mmai': { verify: verifyMma },
  'cuda_tile.assume': { verify: verifyAssume },
  'cuda_tile.pack': { verify: verifyPackUnpack },
  'cuda_tile.unpack': { verify: verifyPackUnpack },
  'cuda_tile.alloca': { verify: verifyAlloca },
  'cuda_tile.mmaf_scaled': { verify: verifyMmaScaled },
  'cuda_tile.atomic_red_view_tko': { verify: verifyAtomicRedView },
  'cuda_tile.make_tensor_view': {
    verify(op) {
      const t = op.results[0]!.type as TensorViewType
      const base = ((tile(op.getOperand(0).type).elementType as PointerType).pointeeType)
      if (t.elementType !== base) {
        return op.emitOpError(`expected pointer to ${typeText(t.elementType)} to build tensor_view of this type, got ${typeText(base)}`).fail()
      }
      const dynShape = operands(op, 'dynamicShape')
      const dynStrides = operands(op, 'dynamicStrides')
      if (t.dynamicShapeAmount !== dynShape.length) {
        return op.emitOpError(`expected ${t.dynamicShapeAmount} dynamic shape operands, got ${dynShape.length}`).fail()
      }
      if (t.dynamicStrideAmount !== dynStrides.length) {
        return op.emitOpError(`expected ${t.dynamicStrideAmount} dynamic stride operands, got ${dynStrides.length}`).fail()
      }
      let first: Type | null = dynShape[0]?.type ?? null
      for (let i = 0; i < dynShape.length; i++) {
        if (dynShape[i]!.type !== first) {
          return op.emitOpError(`expected dynamic shape index ${i} to be of the same type as the other dynamic values (${typeText(first!)}), got ${typeText(dynShape[i]!.type)}`).fail()
        }
      }
      first = first ?? dynStrides[0]?.type ?? null
      for (let i = 0; i < dynStrides.length; i++) {
        if (dynStrides[i]!.type !== first) {
          return op.emitOpError(`expected dynamic stride index ${i} to be of the same type as the other dynamic values (${typeText(first!)}), got ${typeText(dynStrides[i]!.type)}`).fail()
        }
      }
      return success()
    },
  },
  'cuda_tile.make_partition_view': { verify: checkViewMatches },
  'cuda_tile.make_strided_view': { verify: checkViewMatches },
  'cuda_tile.make_gather_scatter_view': { verify: checkViewMatches },
  'cuda_tile.get_index_space_shape': {
    verify(op) {
      const v = op.getOperand(0).type as TileViewType
      return op.numResults !== v.viewIndexRank ? op.emitOpError(`expected ${v.viewIndexRank} results due to view index space rank, but got ${op.numResults}`).fail() : success()
    },
  },
  'cuda_tile.get_tensor_shape': {
    verify(op) {
      const v = op.getOperand(0).type as TensorViewType
      return op.numResults !== v.shape.length ? op.emitOpError(`expected ${v.shape.length} results due to tensor rank, but got ${op.numResults}`).fail() : success()
    },
  },
  'cuda_tile.load_view_tko': { verify: (op) => verifyViewLoadStore(op) && verifyMemoryModelLoad(op) },
  'cuda_tile.store_view_tko': { verify: (op) => verifyViewLoadStore(op) && verifyMemoryModelStore(op) },
  'cuda_tile.load_ptr_tko': { verify: (op) => verifyLoadPtrTypes(op) && verifyOptimizationHints(op) && verifyMemoryModelLoad(op) },
  'cuda_tile.store_ptr_tko': { verify: (op) => verifyStorePtrTypes(op) && verifyOptimizationHints(op) && verifyMemoryModelStore(op) },
  'cuda_tile.print_tko': { verify: verifyPrintFormat },
  'cuda_tile.atomic_rmw_tko': {
    verify(op) {
      const pointee = (tile(operand(op, 'pointers')!.type).elementType as PointerType).pointeeType
      const arg = tile(operand(op, 'arg')!.type)
      if (pointee !== arg.elementType) {
        return op.emitOpError(`expected pointee type (${typeText(pointee)}) to match element type of 'arg' (${typeText(arg.elementType)})`).fail()
      }
      const mask = operand(op, 'mask')
      if (mask !== null && tile(mask.type).shape.join('x') !== arg.shape.join('x')) {
        return op.emitOpError('failed to verify that all of {pointers, arg, mask} have same shape').fail()
      }
      return verifyAtomicRMWMode(op, enumValue(op, 'mode'), arg.elementType) && verifyAtomicOrdering(op)
    },
  },
  'cuda_tile.atomic_cas_tko': {
    verify(op) {
      const pointee = (tile(operand(op, 'pointers')!.type).elementType as PointerType).pointeeType
      const val = tile(operand(op, 'val')!.type)
      if (pointee !== val.elementType) {
        return op.emitOpError(`expected pointee type (${typeText(pointee)}) to match element type of 'val' (${typeText(val.elementType)})`).fail()
      }
      const el = val.elementType
      if (!(el instanceof FloatType || el instanceof IntegerType) || (bitWidth(el) !== 32 && bitWidth(el) !== 64)) {
        return op.emitOpError('expect only float or integer types with 32 or 64 bit').fail()
      }
      const mask = operand(op, 'mask')
      if (mask !== null && tile(mask.type).shape.join('x') !== val.shape.join('x')) {
        return op.emitOpError('failed to verify that all of {pointers, val, cmp and mask} have same shape').fail()
      }
      return verifyAtomicOrdering(op)
    },
  },
  'cuda_tile.entry': {
    verify(op) {
      const fnType = (op.getAttr('function_type') as TypeAttr).value as FunctionType
      if (fnType.results.length !== 0) {
        return op.emitOpError('entry op must not return values').fail()
      }
      for (const t of fnType.inputs) {
        if (t instanceof TileType && t.rank !== 0) {
          return op.emitOpError('entry op must have scalar types (rank 0 !cuda_tile.tile)').fail()
        }
      }
      return verifyDebugInfoFunction(op) && verifyOptimizationHints(op)
    },
    verifyRegions: verifyDebugInfoFunctionBody,
  },
  'cuda_tile.testing$func': { verify: (op) => verifyDebugInfoFunction(op), verifyRegions: verifyDebugInfoFunctionBody },
  'cuda_tile.module': { verify: verifyDebugInfoModule },
}
