/**
 * `convert-cuda-tile-to-tileas`: the compile subset of cuda_tile (TILE.md §3) to tile
 * assembly. Each `cuda_tile.module` becomes a `gpu.module` of the same name; each `entry` a
 * `func.func` with `tileas.num_warps` (from `num_worker_warps_per_cta` in the entry's
 * optimization hints, 4 by default). Every tile value gets a distributed layout: loads and
 * constants the default blocked layout, reduce results the slice of their operand's layout,
 * a `reshape` that re-inserts the reduced dimension the parent layout again, and
 * `convert_layout` where two layouts meet. Views become the address operands of
 * `tileas.load_view` / `store_view`; tokens disappear (weak accesses only). Anything outside
 * the subset is a diagnostic at the op ("... not supported by tilepass-compile yet").
 */
import {
  Block,
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  DictionaryAttr,
  FloatAttr,
  FloatType,
  FunctionType,
  IntegerAttr,
  IntegerType,
  OpBuilder,
  RankedTensorType,
  StringAttr,
  TypeAttr,
  UnitAttr,
  kDynamic,
  typeToString,
  type ArrayAttr,
  type Context,
  type Attribute,
  type Location,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import { LLVMPointerType } from '@tilepass/dialects'
import { OperationPass, stringOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import {
  CudaTileEnumAttr,
  DivByAttr,
  OptimizationHintsAttr,
  type PartitionViewType,
  PointerType,
  type TensorViewType,
  TileType,
} from '@tilepass/cuda-tile'
import { BlockedLayoutAttr, type DistributedLayoutAttr, SliceLayoutAttr } from '../tileas/TileASAttributes.ts'
import { TileASTileType } from '../tileas/TileASTypes.ts'
import { defaultBlockedLayout, elementBytes } from './Layouts.ts'
import { hoistLoopLayoutConversions } from './HoistLoopLayoutConversions.ts'
import { MmafUnsupported, convertMmaf } from './MmafToTileAS.ts'

/** Attribute carrying the CTA's warp count on a converted entry. */
export const NUM_WARPS_ATTR = 'tileas.num_warps'

const ELEMENTWISE: Readonly<Record<string, string>> = {
  addf: 'addf',
  subf: 'subf',
  mulf: 'mulf',
  divf: 'divf',
  maxf: 'maxf',
  minf: 'minf',
  negf: 'negf',
  absf: 'absf',
  exp: 'exp',
  exp2: 'exp2',
  fma: 'fma',
  addi: 'addi',
  subi: 'subi',
  muli: 'muli',
  divi: 'divi',
  remi: 'remi',
  maxi: 'maxi',
  mini: 'mini',
  andi: 'andi',
  ori: 'ori',
  xori: 'xori',
  select: 'select',
  itof: 'itof',
  ftoi: 'ftoi',
  ftof: 'ftof',
  exti: 'exti',
  trunci: 'trunci',
  cmpi: 'cmpi',
  cmpf: 'cmpf',
}

const CMP_SUFFIX = ['eq', 'ne', 'lt', 'le', 'gt', 'ge']

/** A tensor view or partition view: the address operands of its accesses. */
interface ViewInfo {
  readonly base: Value
  readonly elementType: Type
  readonly dims: readonly Value[]
  readonly strides: readonly Value[]
  /** Static strides (null where dynamic). */
  readonly staticStrides: readonly (number | null)[]
  /** Known divisor of each dynamic stride (1 when unknown). */
  readonly strideDivisors: readonly number[]
  /** Known alignment of the base pointer in bytes. */
  readonly baseAlign: number
  /** Partition views: the tile shape and padding value index (-1: none). */
  readonly tileShape?: readonly number[]
  readonly padding?: number
}

/** Thrown inside the converter for an op outside the subset; reported at the op by `run`. */
class Unsupported extends Error {
  constructor(
    readonly op: Operation,
    message: string,
  ) {
    super(message)
  }
}

/** Converts one cuda_tile module; `failed` after a diagnostic. */
class CudaTileToTileAS {
  private readonly values = new Map<Value, Value>()
  private readonly views = new Map<Value, ViewInfo>()
  /** Known divisors of values (from `assume div_by`). */
  private readonly divisors = new Map<Value, number>()
  private readonly tokens = new Set<Value>()
  private numWarps = 4
  readonly builder: OpBuilder

  constructor(
    readonly module: Operation,
    /** The target whose optimization hints apply (empty: any). */
    readonly gpuName: string,
  ) {
    this.builder = new OpBuilder(module.context)
  }

  private get ctx() {
    return this.module.context
  }

  /** Builds the gpu.module before the cuda_tile module; returns false after a diagnostic. */
  run(): boolean {
    const b = this.builder
    b.setInsertionPoint(this.module)
    const name = this.module.getAttr('sym_name')!
    const gpu = b.create('gpu.module', this.module.location, { attributes: { sym_name: name }, regions: 1 })
    const body = new Block()
    gpu.regions[0]!.push(body)
    try {
      for (const op of this.module.regions[0]!.front.operations) {
        if (op.name.name === 'cuda_tile.entry') {
          b.setInsertionPointToEnd(body)
          this.convertEntry(op)
        } else {
          throw new Unsupported(op, `'${op.name.name}' at module level is not supported by tilepass-compile yet`)
        }
      }
    } catch (e) {
      if (e instanceof Unsupported) {
        e.op.emitError(e.message).report()
      } else {
        // Input the converter does not expect: a diagnostic, not a crash.
        this.module.emitError(`convert-cuda-tile-to-tileas could not convert this module: ${e instanceof Error ? e.message : String(e)}`).report()
      }
      gpu.erase()
      return false
    }
    return true
  }

  private convertEntry(entry: Operation): void {
    this.numWarps = numWarpsOf(entry, this.gpuName)
    const block = entry.regions[0]!.front
    const argTypes = block.arguments.map((a) => this.scalarType(a.type, entry))
    const fn = this.builder.create('func.func', entry.location, {
      attributes: {
        sym_name: entry.getAttr('sym_name')!,
        function_type: TypeAttr.get(FunctionType.get(this.ctx, argTypes, [])),
        [NUM_WARPS_ATTR]: IntegerAttr.get(IntegerType.get(this.ctx, 32), this.numWarps),
      },
      regions: 1,
    })
    const body = new Block()
    fn.regions[0]!.push(body)
    block.arguments.forEach((a, i) => this.values.set(a, body.addArgument(argTypes[i]!, a.location)))
    this.builder.setInsertionPointToEnd(body)
    this.convertOps(block, 'entry')
    hoistLoopLayoutConversions(this.builder, fn)
  }

  /** Converts the ops of `block`; `where` says which terminator it ends with. */
  private convertOps(block: Block, where: 'entry' | 'for' | 'if'): void {
    for (const op of block.operations) {
      this.convertOp(op, where)
    }
  }

  // ---- types and values ----------------------------------------------------------------

  /** The type of a rank-0 cuda_tile value (pointer or scalar). */
  private scalarType(t: Type, op: Operation): Type {
    if (t instanceof TileType && t.shape.length === 0) {
      const e = t.elementType
      if (e instanceof PointerType) {
        return LLVMPointerType.get(this.ctx, 1)
      }
      if (isSupportedElement(e)) {
        return e
      }
    }
    throw new Unsupported(op, `values of type ${typeToString(t)} are not supported by tilepass-compile yet`)
  }

  private tileType(t: Type, op: Operation, layout?: DistributedLayoutAttr): Type {
    if (!(t instanceof TileType)) {
      throw new Unsupported(op, `values of type ${typeToString(t)} are not supported by tilepass-compile yet`)
    }
    if (t.shape.length === 0) {
      return this.scalarType(t, op)
    }
    if (t.shape.length > 2 || !isSupportedElement(t.elementType)) {
      throw new Unsupported(op, `tiles of rank ${t.shape.length} with ${typeToString(t.elementType)} elements are not supported by tilepass-compile yet`)
    }
    return TileASTileType.get(t.shape, t.elementType, layout ?? defaultBlockedLayout(this.ctx, t.shape, t.elementType, this.numWarps))
  }

  private v(old: Value, op: Operation): Value {
    const v = this.values.get(old)
    if (v === undefined) {
      throw new Unsupported(op, `this use of a ${this.views.has(old) ? 'view' : 'token'} is not supported by tilepass-compile yet`)
    }
    return v
  }

  /** `value` in `layout` (a `tileas.convert_layout` when it is in another one). */
  private inLayout(value: Value, layout: DistributedLayoutAttr, loc: Location): Value {
    const t = value.type
    if (!(t instanceof TileASTileType) || t.layout === layout) {
      return value
    }
    return this.builder.create('tileas.convert_layout', loc, { operands: [value], results: [t.withLayout(layout)] }).results[0]!
  }

  /** Address values already made in a block (i64 extensions, i64 constants), reused there. */
  private readonly addressValues = new Map<Block, Map<Value | number, Value>>()

  private cachedInBlock(key: Value | number, make: () => Value): Value {
    const block = this.builder.insertionBlock!
    let m = this.addressValues.get(block)
    if (m === undefined) {
      m = new Map()
      this.addressValues.set(block, m)
    }
    let v = m.get(key)
    if (v === undefined) {
      v = make()
      m.set(key, v)
    }
    return v
  }

  private i64(value: Value, loc: Location): Value {
    if (value.type instanceof IntegerType && value.type.width === 64) {
      return value
    }
    return this.cachedInBlock(value, () => this.builder.create('tileas.exti', loc, { operands: [value], results: [IntegerType.get(this.ctx, 64)] }).results[0]!)
  }

  private constI64(n: number, loc: Location): Value {
    const i64 = IntegerType.get(this.ctx, 64)
    return this.cachedInBlock(n, () => this.builder.create('arith.constant', loc, { attributes: { value: IntegerAttr.get(i64, n) }, results: [i64] }).results[0]!)
  }

  // ---- ops -----------------------------------------------------------------------------

  private convertOp(op: Operation, where: 'entry' | 'for' | 'if'): void {
    const name = op.name.name
    if (!name.startsWith('cuda_tile.')) {
      throw new Unsupported(op, `'${name}' is not supported by tilepass-compile yet`)
    }
    const short = name.slice('cuda_tile.'.length)
    const loc = op.location
    const b = this.builder
    if (ELEMENTWISE[short] !== undefined) {
      this.convertElementwise(op, ELEMENTWISE[short])
      return
    }
    switch (short) {
      case 'get_tile_block_id':
      case 'get_num_tile_blocks': {
        const i32 = IntegerType.get(this.ctx, 32)
        const n = b.create(`tileas.${short}`, loc, { results: [i32, i32, i32] })
        op.results.forEach((r, i) => this.values.set(r, n.results[i]!))
        return
      }
      case 'constant':
        this.convertConstant(op)
        return
      case 'assume': {
        const src = op.getOperand(0)
        const pred = op.getAttr('predicate')
        if (this.views.has(src)) {
          this.views.set(op.getResult(0), this.views.get(src)!)
          return
        }
        this.values.set(op.getResult(0), this.v(src, op))
        if (pred instanceof DivByAttr && pred.every === null) {
          this.divisors.set(op.getResult(0), Number(pred.divisor))
        }
        return
      }
      case 'make_token':
      case 'join_tokens':
        this.tokens.add(op.getResult(0))
        return
      case 'make_tensor_view':
        this.convertTensorView(op)
        return
      case 'make_partition_view': {
        const view = this.views.get(op.getOperand(0))!
        const t = op.getResult(0).type as PartitionViewType
        if (t.dimMap.some((d, i) => d !== i)) {
          throw new Unsupported(op, 'partition views with a dim_map are not supported by tilepass-compile yet')
        }
        this.views.set(op.getResult(0), { ...view, tileShape: t.tileShape, padding: t.paddingValue })
        return
      }
      case 'load_view_tko':
      case 'store_view_tko':
        this.convertViewAccess(op, short === 'load_view_tko')
        return
      case 'broadcast': {
        const src = this.v(op.getOperand(0), op)
        if (!(src.type instanceof TileASTileType)) {
          this.values.set(op.getResult(0), src)
          return
        }
        const rt = this.tileType(op.getResult(0).type, op, src.type.layout)
        this.values.set(op.getResult(0), b.create('tileas.broadcast', loc, { operands: [src], results: [rt] }).results[0]!)
        return
      }
      case 'reshape':
        this.convertReshape(op)
        return
      case 'mmaf':
        this.convertMmaf(op)
        return
      case 'reduce':
        this.convertReduce(op)
        return
      case 'for':
        this.convertFor(op)
        return
      case 'if':
        this.convertIf(op)
        return
      case 'continue':
      case 'yield':
        if (where === 'entry') {
          throw new Unsupported(op, `'${name}' here is not supported by tilepass-compile yet`)
        }
        b.create('scf.yield', loc, { operands: op.getOperands().map((o, i) => this.yielded(o, i, op)) })
        return
      case 'return':
        if (where !== 'entry' || op.numOperands > 0) {
          throw new Unsupported(op, `'${name}' here is not supported by tilepass-compile yet`)
        }
        b.create('func.return', loc)
        return
      default:
        throw new Unsupported(op, `'${name}' is not supported by tilepass-compile yet`)
    }
  }

  /** Layouts the current region's yields must produce (set by for/if). */
  private yieldTypes: Type[] = []

  private yielded(old: Value, i: number, op: Operation): Value {
    const v = this.v(old, op)
    const want = this.yieldTypes[i]
    return want instanceof TileASTileType ? this.inLayout(v, want.layout, op.location) : v
  }

  private convertConstant(op: Operation): void {
    const t = op.getResult(0).type
    const value = op.getAttr('value')
    if (!(t instanceof TileType) || !(value instanceof DenseIntOrFPElementsAttr)) {
      throw new Unsupported(op, 'this constant is not supported by tilepass-compile yet')
    }
    const rt = this.tileType(t, op)
    if (!(rt instanceof TileASTileType)) {
      const e = t.elementType
      const v0 = value.values[0]!
      const attr = e instanceof FloatType ? FloatAttr.get(e, Number(v0), value.nanBits?.get(0) ?? null) : IntegerAttr.get(e, typeof v0 === 'bigint' ? v0 : BigInt(v0))
      this.values.set(op.getResult(0), this.builder.create('arith.constant', op.location, { attributes: { value: attr }, results: [rt] }).results[0]!)
      return
    }
    if (value.nanBits !== null) {
      throw new Unsupported(op, 'NaN payloads in tile constants are not supported by tilepass-compile yet')
    }
    // The value as builtin dense elements of a tensor (cuda_tile's are typed by its tile type).
    const dense = DenseIntOrFPElementsAttr.get(RankedTensorType.get(t.shape, t.elementType), value.values, value.isSplat)
    this.values.set(op.getResult(0), this.builder.create('tileas.constant', op.location, { attributes: { value: dense }, results: [rt] }).results[0]!)
  }

  private convertElementwise(op: Operation, name: string): void {
    const loc = op.location
    const attrs: Record<string, Attribute> = {}
    const ctx = this.ctx
    const enumCase = (n: string): string | undefined => {
      const a = op.getAttr(n)
      return a instanceof CudaTileEnumAttr ? a.caseName : undefined
    }
    if (op.getAttr('flush_to_zero') !== undefined) {
      throw new Unsupported(op, `'${op.name.name}' with flush_to_zero is not supported by tilepass-compile yet`)
    }
    const rounding = enumCase('rounding_mode')
    if (rounding !== undefined && !['nearest_even', 'approx', 'full'].includes(rounding) && !(name === 'ftoi' && rounding === 'nearest_int_to_zero')) {
      throw new Unsupported(op, `'${op.name.name}' with rounding<${rounding}> is not supported by tilepass-compile yet`)
    }
    const unsigned = enumCase('signedness') === 'unsigned'
    if (unsigned && ['divi', 'remi', 'maxi', 'mini', 'itof', 'ftoi', 'exti'].includes(name)) {
      attrs['unsigned'] = UnitAttr.get(ctx)
    }
    if (name === 'divi') {
      const r = enumCase('rounding')
      if (r !== undefined && r !== 'zero') {
        attrs['rounding'] = StringAttr.get(ctx, r)
      }
    }
    if ((name === 'maxf' || name === 'minf') && op.getAttr('propagate_nan') !== undefined) {
      attrs['propagate_nan'] = UnitAttr.get(ctx)
    }
    if (name === 'cmpi') {
      const p = CudaTilePredicate(enumCase('comparison_predicate'))
      attrs['predicate'] = StringAttr.get(ctx, p < 2 ? CMP_SUFFIX[p]! : `${unsigned ? 'u' : 's'}${CMP_SUFFIX[p]!}`)
    }
    if (name === 'cmpf') {
      const p = CudaTilePredicate(enumCase('comparison_predicate'))
      attrs['predicate'] = StringAttr.get(ctx, `${enumCase('comparison_ordering') === 'unordered' ? 'u' : 'o'}${CMP_SUFFIX[p]!}`)
    }
    // Tile operands meet in the layout of the first tile operand (the condition's for select).
    const operands = op.getOperands().map((o) => this.v(o, op))
    const first = operands.find((o) => o.type instanceof TileASTileType)
    const layout = first === undefined ? undefined : (first.type as TileASTileType).layout
    const converted = layout === undefined ? operands : operands.map((o) => this.inLayout(o, layout, loc))
    const rt = this.tileType(op.getResult(0).type, op, layout)
    const n = this.builder.create(`tileas.${name}`, loc, { operands: converted, results: [rt], attributes: attrs })
    this.values.set(op.getResult(0), n.results[0]!)
  }

  private convertTensorView(op: Operation): void {
    const loc = op.location
    const t = op.getResult(0).type as TensorViewType
    const base = this.v(op.getOperand(0), op)
    const rest = op.getOperands().slice(1)
    let k = 0
    const dims: Value[] = []
    for (const d of t.shape) {
      dims.push(d === kDynamic ? this.i64(this.v(rest[k++]!, op), loc) : this.constI64(d, loc))
    }
    const strides: Value[] = []
    const strideDivisors: number[] = []
    for (const s of t.strides) {
      if (s === kDynamic) {
        const old = rest[k++]!
        strides.push(this.i64(this.v(old, op), loc))
        strideDivisors.push(this.divisors.get(old) ?? 1)
      } else {
        strides.push(this.constI64(s, loc))
        strideDivisors.push(s === 0 ? 1 << 30 : s & -s)
      }
    }
    const elementType = t.elementType
    this.views.set(op.getResult(0), {
      base,
      elementType,
      dims,
      strides,
      staticStrides: t.strides.map((s) => (s === kDynamic ? null : s)),
      strideDivisors,
      baseAlign: Math.max(this.divisors.get(op.getOperand(0)) ?? 1, elementBytes(elementType)),
    })
  }

  /** Elements per global access along the last dimension: 16 bytes at most, as alignment allows. */
  private vectorWidth(view: ViewInfo, layout: DistributedLayoutAttr, tileShape: readonly number[]): number {
    const rank = tileShape.length
    if (view.staticStrides[rank - 1] !== 1 || !(layout instanceof BlockedLayoutAttr) || layout.order[0] !== rank - 1) {
      return 1
    }
    const eb = elementBytes(view.elementType)
    let vec = Math.min(16 / eb, layout.sizePerThread[rank - 1]!, tileShape[rank - 1]!)
    while (vec > 1) {
      const bytes = vec * eb
      const stridesOk = view.strideDivisors.every((d, i) => i === rank - 1 || (d * eb) % bytes === 0)
      if (view.baseAlign % bytes === 0 && stridesOk) {
        break
      }
      vec /= 2
    }
    return Math.max(1, vec)
  }

  private convertViewAccess(op: Operation, isLoad: boolean): void {
    const loc = op.location
    const ordering = op.getAttr('memory_ordering_semantics')
    if (ordering instanceof IntegerAttr && ordering.value !== 0n) {
      throw new Unsupported(op, 'view accesses other than weak are not supported by tilepass-compile yet')
    }
    const viewValue = op.getOperand(isLoad ? 0 : 1)
    const view = this.views.get(viewValue)
    if (view?.tileShape === undefined) {
      throw new Unsupported(op, 'accesses through this view are not supported by tilepass-compile yet')
    }
    const rank = view.tileShape.length
    const indices = op.getOperands().slice(isLoad ? 1 : 2, (isLoad ? 1 : 2) + rank)
    const offsets = indices.map((ix, d) => {
      const i = this.i64(this.v(ix, op), loc)
      const size = this.constI64(view.tileShape![d]!, loc)
      return this.builder.create('tileas.muli', loc, { operands: [i, size], results: [i.type] }).results[0]!
    })
    const segs = (n: number): Attribute => denseI32(this.ctx, [...(isLoad ? [] : [1]), 1, n, n, n])
    if (isLoad) {
      const rt = this.tileType(op.getResult(0).type, op) as TileASTileType
      const attrs: Record<string, Attribute> = { operandSegmentSizes: segs(rank) }
      const pad = paddingAttr(view.elementType, view.padding ?? -1)
      if (pad !== null) {
        attrs['padding'] = pad
      }
      const vec = this.vectorWidth(view, rt.layout, view.tileShape)
      if (vec > 1) {
        attrs['vector'] = IntegerAttr.get(IntegerType.get(this.ctx, 32), vec)
      }
      const n = this.builder.create('tileas.load_view', loc, { operands: [view.base, ...offsets, ...view.dims, ...view.strides], results: [rt], attributes: attrs })
      this.values.set(op.getResult(0), n.results[0]!)
      this.tokens.add(op.getResult(1))
      return
    }
    const value = this.v(op.getOperand(0), op)
    const attrs: Record<string, Attribute> = { operandSegmentSizes: segs(rank) }
    const vec = this.vectorWidth(view, (value.type as TileASTileType).layout, view.tileShape)
    if (vec > 1) {
      attrs['vector'] = IntegerAttr.get(IntegerType.get(this.ctx, 32), vec)
    }
    this.builder.create('tileas.store_view', loc, { operands: [value, view.base, ...offsets, ...view.dims, ...view.strides], attributes: attrs })
    this.tokens.add(op.getResult(0))
  }

  private convertReshape(op: Operation): void {
    const loc = op.location
    const src = this.v(op.getOperand(0), op)
    const rt = op.getResult(0).type as TileType
    if (!(src.type instanceof TileASTileType)) {
      // A scalar to a tile of ones.
      const t = this.tileType(rt, op)
      this.values.set(op.getResult(0), t instanceof TileASTileType ? this.builder.create('tileas.splat', loc, { operands: [src], results: [t] }).results[0]! : src)
      return
    }
    if (rt.shape.length === 0) {
      throw new Unsupported(op, 'reshaping a tile to a scalar is not supported by tilepass-compile yet')
    }
    // Re-inserting the dimension a reduce removed gives back the parent layout.
    const st = src.type
    const sl = st.layout
    let layout: DistributedLayoutAttr | undefined
    if (sl instanceof SliceLayoutAttr && sl.parent.rank === rt.shape.length && rt.shape[sl.dim] === 1) {
      const rest = rt.shape.filter((_, d) => d !== sl.dim)
      if (rest.every((d, i) => d === st.shape[i])) {
        layout = sl.parent
      }
    }
    const t = this.tileType(rt, op, layout)
    this.values.set(op.getResult(0), this.builder.create('tileas.reshape', loc, { operands: [src], results: [t] }).results[0]!)
  }

  private convertReduce(op: Operation): void {
    if (op.numOperands !== 1) {
      throw new Unsupported(op, 'reduce of several operands is not supported by tilepass-compile yet')
    }
    const src = this.v(op.getOperand(0), op)
    const st = src.type as TileASTileType
    const body = op.regions[0]!.front
    const ops = body.operations
    const combiner = ops[0]
    const [elem, acc] = [body.arguments[0], body.arguments[1]]
    const okCombiner =
      ops.length === 2 &&
      combiner !== undefined &&
      ops[1]!.name.name === 'cuda_tile.yield' &&
      ops[1]!.getOperand(0) === combiner.getResult(0) &&
      combiner.numOperands === 2 &&
      new Set(combiner.getOperands()).size === 2 &&
      combiner.getOperands().every((o) => o === elem || o === acc)
    const kind = okCombiner ? combiner.name.name.slice('cuda_tile.'.length) : ''
    if (!['addf', 'mulf', 'maxf', 'minf', 'addi', 'muli', 'maxi', 'mini', 'andi', 'ori', 'xori'].includes(kind)) {
      throw new Unsupported(op, 'reduce with this combiner is not supported by tilepass-compile yet')
    }
    if (combiner!.getAttr('flush_to_zero') !== undefined) {
      throw new Unsupported(combiner!, `'${combiner!.name.name}' with flush_to_zero is not supported by tilepass-compile yet`)
    }
    const dim = Number((op.getAttr('dim') as IntegerAttr).value)
    const identity = (op.getAttr('identities') as ArrayAttr).elements[0]!
    const rt = op.getResult(0).type as TileType
    const resultType = rt.shape.length === 0 ? this.scalarType(rt, op) : TileASTileType.get(rt.shape, rt.elementType, SliceLayoutAttr.get(this.ctx, dim, st.layout))
    const attrs: Record<string, Attribute> = {
      kind: StringAttr.get(this.ctx, kind),
      dim: IntegerAttr.get(IntegerType.get(this.ctx, 32), dim),
      identity,
    }
    if (combiner!.getAttr('propagate_nan') !== undefined) {
      attrs['propagate_nan'] = UnitAttr.get(this.ctx)
    }
    const sign = combiner!.getAttr('signedness')
    if (sign instanceof CudaTileEnumAttr && sign.caseName === 'unsigned') {
      attrs['unsigned'] = UnitAttr.get(this.ctx)
    }
    const n = this.builder.create('tileas.reduce', op.location, { operands: [src], results: [resultType], attributes: attrs })
    this.values.set(op.getResult(0), n.results[0]!)
  }

  /** `mmaf`: staged operands and `tileas.mma` (MmafToTileAS.ts). */
  private convertMmaf(op: Operation): void {
    const [a, b, c] = [0, 1, 2].map((i) => this.v(op.getOperand(i), op))
    const cx = { builder: this.builder, numWarps: this.numWarps, inLayout: (v: Value, l: DistributedLayoutAttr, loc: Location) => this.inLayout(v, l, loc) }
    try {
      this.values.set(op.getResult(0), convertMmaf(cx, op, a!, b!, c!))
    } catch (e) {
      throw e instanceof MmafUnsupported ? new Unsupported(e.op, e.message) : e
    }
  }

  private convertFor(op: Operation): void {
    const loc = op.location
    const [lb, ub, step] = [0, 1, 2].map((i) => this.v(op.getOperand(i), op))
    const inits = op.getOperands().slice(3).map((o) => this.v(o, op))
    const types = inits.map((v) => v.type)
    const attrs: Record<string, Attribute> = {}
    if (op.getAttr('unsignedCmp') !== undefined) {
      attrs['unsignedCmp'] = UnitAttr.get(this.ctx)
    }
    const f = this.builder.create('scf.for', loc, { operands: [lb!, ub!, step!, ...inits], results: types, attributes: attrs, regions: 1 })
    const oldBody = op.regions[0]!.front
    const body = new Block()
    f.regions[0]!.push(body)
    body.addArgument(lb!.type, oldBody.arguments[0]!.location)
    oldBody.arguments.slice(1).forEach((a, i) => this.values.set(a, body.addArgument(types[i]!, a.location)))
    this.values.set(oldBody.arguments[0]!, body.getArgument(0))
    this.inRegion(body, types, () => this.convertOps(oldBody, 'for'))
    op.results.forEach((r, i) => this.values.set(r, f.results[i]!))
  }

  private inRegion(block: Block, yieldTypes: Type[], fn: () => void): void {
    const saved = this.yieldTypes
    const ip = this.builder.saveInsertionPoint()
    this.yieldTypes = yieldTypes
    this.builder.setInsertionPointToEnd(block)
    fn()
    this.yieldTypes = saved
    this.builder.restoreInsertionPoint(ip)
  }

  private convertIf(op: Operation): void {
    const loc = op.location
    const cond = this.v(op.getOperand(0), op)
    // Result layouts: what the then-branch yields (its defaults when they are new values).
    const thenBlock = op.regions[0]!.front
    const thenYield = thenBlock.terminator
    const types = op.results.map((r, i) => {
      const y = thenYield?.getOperand(i)
      const known = y === undefined ? undefined : this.values.get(y)
      return known?.type ?? this.tileType(r.type, op)
    })
    const n = this.builder.create('scf.if', loc, { operands: [cond], results: types, regions: 2 })
    for (let i = 0; i < 2; i++) {
      const block = new Block()
      n.regions[i]!.push(block)
      const old = op.regions[i]
      if (old === undefined || old.empty) {
        this.inRegion(block, types, () => this.builder.create('scf.yield', loc))
      } else {
        this.inRegion(block, types, () => this.convertOps(old.front, 'if'))
      }
    }
    op.results.forEach((r, i) => this.values.set(r, n.results[i]!))
  }
}

function CudaTilePredicate(name: string | undefined): number {
  const i = ['equal', 'not_equal', 'less_than', 'less_than_or_equal', 'greater_than', 'greater_than_or_equal'].indexOf(name ?? '')
  return i < 0 ? 0 : i
}

function isSupportedElement(t: Type): boolean {
  if (t instanceof IntegerType) {
    return [1, 8, 16, 32, 64].includes(t.width)
  }
  return t instanceof FloatType && (t.kind === 'f16' || t.kind === 'bf16' || t.kind === 'f32' || t.kind === 'f64')
}

function denseI32(context: Context, values: readonly number[]): Attribute {
  return DenseArrayAttr.getI32(context, values)
}

/** The padding attribute of a load (null: zero, the lowering's default). */
function paddingAttr(elementType: Type, padding: number): Attribute | null {
  if (!(elementType instanceof FloatType) || padding <= 0) {
    return null
  }
  const v = [0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY][padding]!
  return FloatAttr.get(elementType, v)
}

/**
 * `num_worker_warps_per_cta` of the entry's optimization hints for `gpuName` (`sm_90a` reads
 * the `sm_90` entry; empty: the first architecture that sets it), else 4.
 */
function numWarpsOf(entry: Operation, gpuName: string): number {
  const hints = entry.getAttr('optimization_hints')
  if (!(hints instanceof OptimizationHintsAttr)) {
    return 4
  }
  const arch = /^(sm_\d+)/.exec(gpuName)?.[1] ?? ''
  for (const e of hints.entries) {
    if (arch !== '' && e.name !== arch) {
      continue
    }
    const dict = e.value
    for (const kv of dict instanceof DictionaryAttr ? dict.entries : []) {
      if (kv.name === 'num_worker_warps_per_cta' && kv.value instanceof IntegerAttr) {
        const n = Number(kv.value.value)
        if (n === 4 || n === 8) {
          return n
        }
      }
    }
  }
  return 4
}

/** The option declarations of `convert-cuda-tile-to-tileas`. */
export type ConvertCudaTileToTileASOptionDecls = {
  readonly gpuName: ScalarOption<string>
}

const convertOptions: ConvertCudaTileToTileASOptionDecls = {
  gpuName: stringOption('gpu-name', '', 'Target (sm_90a, sm_100a, ...) whose optimization hints apply; empty: the first architecture that sets them'),
}

/**
 * `convert-cuda-tile-to-tileas`: lowers the cuda_tile modules of a builtin.module to tile
 * assembly (gpu.module + func.func with distributed tiles).
 */
export class ConvertCudaTileToTileASPass extends OperationPass<OptionValues<ConvertCudaTileToTileASOptionDecls>> {
  static override readonly argument = 'convert-cuda-tile-to-tileas'
  static override readonly options: ConvertCudaTileToTileASOptionDecls = convertOptions
  static override readonly summary = 'Lower cuda_tile modules to tile assembly (tileas): CTAs of warps, distributed layouts, weak global accesses'
  static override readonly opName = 'builtin.module'
  static override readonly dependentDialects: readonly string[] = ['tileas', 'gpu', 'func', 'scf', 'arith', 'llvm']
  static readonly passName: string = 'ConvertCudaTileToTileASPass'
  /** A lowering the compile pipeline cannot do without: opt-bisect never skips it. */
  static readonly required: boolean = true

  override runOnOperation(): void {
    const module = this.getOperation()
    const todo = module.regions[0]!.front.operations.filter((o) => o.name.name === 'cuda_tile.module')
    let ok = true
    for (const m of todo) {
      if (new CudaTileToTileAS(m, this.options.gpuName).run()) {
        m.erase()
      } else {
        ok = false
      }
    }
    if (!ok) {
      this.signalPassFailure()
    }
  }
}

