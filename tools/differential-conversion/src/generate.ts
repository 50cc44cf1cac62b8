/**
 * A seeded generator of random modules that the LLVM conversions accept: func, arith, scf, cf
 * and index ops over integer, index, float and 1-D vector types. Every block is reachable and
 * every op has a lowering, so the full pipeline to the llvm dialect leaves nothing behind and
 * `mlir-translate --mlir-to-llvmir` accepts its output.
 */
import { Random } from '../../differential/src/Random.ts'

/** The switchable constructs of the generator. */
export const FEATURES = {
  arith: 'arith integer and float arithmetic, cmpi/cmpf with every predicate, select, min/max',
  arithFlags: 'overflow<nsw, nuw> and fastmath<...> flags',
  arithCasts: 'ext/trunc, int<->float, index_cast(ui), bitcast',
  divExpansions: 'ceildivsi, ceildivui, floordivsi (expanded before lowering)',
  vectorDivExpansions: 'ceildivsi, ceildivui, floordivsi on vectors (with divExpansions and vectors)',
  identityBitcasts: 'arith.bitcast from a type to itself',
  extended: 'addui_extended, mulsi_extended, mului_extended',
  vectors: '1-D vector types (elementwise arith, dense constants)',
  ndVectors: 'n-D vector types (with vectors; unrolled to arrays of 1-D vectors by the lowering)',
  index: 'the index dialect: arithmetic, cmp, constants, casts, sizeof',
  scfFor: 'scf.for with index or integer bounds and iter_args',
  scfIf: 'scf.if with and without results',
  scfWhile: 'scf.while',
  scfIndexSwitch: 'scf.index_switch',
  scfExecuteRegion: 'scf.execute_region',
  cf: 'multi-block functions with cf.br, cf.cond_br and block arguments',
  cfSwitch: 'cf.switch',
  unreachableBlocks: 'blocks no branch reaches (left unconverted; the full lowering of such a module does not translate)',
  call: 'func.call between generated functions, several results',
  foldChains:
    'chains the conversion folds: select on a cmpi eq/ne of its own operands, trunci of an ext, identities (addi 0, muli 1, andi/ori/xori/subi x x), cmpi of a value with itself',
  poison: 'ub.poison values and selects with a poisoned arm (with foldChains; folded to the other arm during the conversion)',
} as const

/** A generator feature name. */
export type FeatureName = keyof typeof FEATURES

/** Which generator features are on. */
export type Features = Record<FeatureName, boolean>

/** Every feature name, in declaration order. */
export const FEATURE_NAMES: readonly FeatureName[] = Object.keys(FEATURES) as FeatureName[]

/** A feature set with every feature on. */
export function allFeatures(): Features {
  const features = {} as Features
  for (const name of FEATURE_NAMES) {
    features[name] = true
  }
  return features
}

/**
 * Applies a specification such as `all,-vectors` or `none,arith,scfFor` to `base`; returns an
 * error message for an unknown feature name.
 */
export function applyFeatureSpec(base: Features, spec: string): Features | string {
  const features = { ...base }
  for (const raw of spec.split(',')) {
    const item = raw.trim()
    if (item === '') {
      continue
    }
    if (item === 'all' || item === 'none') {
      for (const name of FEATURE_NAMES) {
        features[name] = item === 'all'
      }
      continue
    }
    const on = !item.startsWith('-')
    const name = item.startsWith('-') || item.startsWith('+') ? item.slice(1) : item
    if (!Object.hasOwn(FEATURES, name)) {
      return `unknown feature '${name}' (known: ${FEATURE_NAMES.join(', ')})`
    }
    features[name as FeatureName] = on
  }
  return features
}

const enum Kind {
  Int,
  Float,
  Index,
}

/** A scalar type or a vector of one. */
interface Ty {
  readonly text: string
  readonly kind: Kind
  /** Bit width of the element (64 for index). */
  readonly width: number
  /** Vector shape, empty for a scalar. */
  readonly dims: readonly number[]
  /** The element type of a vector, null for a scalar. */
  readonly elem: Ty | null
}

function scalar(text: string, kind: Kind, width: number): Ty {
  return { text, kind, width, dims: [], elem: null }
}

const I1 = scalar('i1', Kind.Int, 1)
const INDEX = scalar('index', Kind.Index, 64)
const INT_WIDTHS = [8, 16, 32, 64, 32, 64, 1, 3, 17, 128] as const
const FLOATS: readonly Ty[] = [scalar('f16', Kind.Float, 16), scalar('bf16', Kind.Float, 16), scalar('f32', Kind.Float, 32), scalar('f64', Kind.Float, 64)]
const LANES = [2, 4, 8] as const
const ND_SHAPES: readonly (readonly number[])[] = [[2, 3], [2, 2, 2], [3, 2]]

function intTy(width: number): Ty {
  return scalar(`i${width}`, Kind.Int, width)
}

function vectorOf(t: Ty, dims: readonly number[]): Ty {
  return { text: `vector<${dims.join('x')}x${t.text}>`, kind: t.kind, width: t.width, dims, elem: t }
}

function elementOf(t: Ty): Ty {
  return t.elem ?? t
}

function withElement(shapeOf: Ty, elem: Ty): Ty {
  return shapeOf.dims.length === 0 ? elem : vectorOf(elem, shapeOf.dims)
}

const INT_BINARY = ['addi', 'subi', 'muli', 'divsi', 'divui', 'remsi', 'remui', 'andi', 'ori', 'xori', 'shli', 'shrsi', 'shrui', 'maxsi', 'maxui', 'minsi', 'minui'] as const
const DIV_EXPANSIONS = ['ceildivsi', 'ceildivui', 'floordivsi'] as const
const OVERFLOW_OPS = new Set<string>(['addi', 'subi', 'muli', 'shli'])
const FLOAT_BINARY = ['addf', 'subf', 'mulf', 'divf', 'remf', 'maximumf', 'minimumf', 'maxnumf', 'minnumf'] as const
const CMPI = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'] as const
const CMPF = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true'] as const
const FASTMATH = ['fast', 'nnan', 'ninf', 'nsz', 'arcp', 'contract', 'afn', 'reassoc', 'none', 'nnan,ninf', 'reassoc,nsz,arcp'] as const
const OVERFLOW = ['nsw', 'nuw', 'nsw, nuw'] as const
const INDEX_BINARY = ['add', 'sub', 'mul', 'divs', 'divu', 'ceildivs', 'ceildivu', 'floordivs', 'rems', 'remu', 'maxs', 'maxu', 'mins', 'minu', 'shl', 'shrs', 'shru', 'and', 'or', 'xor'] as const
const FLOAT_LITERALS = ['0.000000e+00', '1.000000e+00', '-2.500000e+00', '5.000000e-01', '1.250000e+02', '-0.000000e+00', '3.000000e+00'] as const
const FUNC_NAMES = ['main', 'helper', 'f', 'compute', 'kernel', 'g'] as const

interface PoolValue {
  readonly name: string
  readonly ty: Ty
}

interface FuncSig {
  readonly name: string
  readonly args: readonly Ty[]
  readonly results: readonly Ty[]
}

class ConversionModuleGenerator {
  private readonly lines: string[] = []
  private indent = ''
  private pool: PoolValue[] = []
  private nextValue = 0
  private nextBlock = 0
  private depth = 0
  private budget = 0
  private readonly funcs: FuncSig[] = []

  constructor(
    private readonly rng: Random,
    private f: Features,
  ) {}

  generate(): string {
    // Half of the modules have no index ops, so that the lowering without
    // convert-index-to-llvm is complete for them too.
    if (this.f.index && this.rng.chance(0.5)) {
      this.f = { ...this.f, index: false }
    }
    const count = this.rng.int(1, 4)
    const sigs: FuncSig[] = []
    for (let i = 0; i < count; i++) {
      const args: Ty[] = []
      const results: Ty[] = []
      for (let n = this.rng.int(0, 4); n > 0; n--) {
        args.push(this.valueType())
      }
      for (let n = this.rng.int(0, 3); n > 0; n--) {
        results.push(this.valueType())
      }
      sigs.push({ name: `${this.rng.pick(FUNC_NAMES)}${i}`, args, results })
    }
    this.emit('module {')
    this.push()
    for (const sig of sigs) {
      this.funcs.push(sig)
      this.func(sig)
    }
    this.pop()
    this.emit('}')
    return `${this.lines.join('\n')}\n`
  }

  // ---- Output ----

  private emit(line: string): void {
    this.lines.push(this.indent + line)
  }

  private push(): void {
    this.indent += '  '
  }

  private pop(): void {
    this.indent = this.indent.slice(2)
  }

  /** Emits an op whose text (operands included) is computed before its results enter the pool. */
  private emitResult(types: readonly Ty[], text: string): void {
    this.emit(`${this.results(types)}${text}`)
  }

  private fresh(): string {
    return `%v${this.nextValue++}`
  }

  /** `%x = ` or `%x:N = ` for `types`, adding the results to the pool. */
  private results(types: readonly Ty[]): string {
    if (types.length === 0) {
      return ''
    }
    const name = this.fresh()
    if (types.length === 1) {
      this.pool.push({ name, ty: types[0]! })
      return `${name} = `
    }
    for (let i = 0; i < types.length; i++) {
      this.pool.push({ name: `${name}#${i}`, ty: types[i]! })
    }
    return `${name}:${types.length} = `
  }

  // ---- Types ----

  private scalarType(): Ty {
    const r = this.rng.int(0, 9)
    if (r < 5) {
      return intTy(this.rng.pick(INT_WIDTHS))
    }
    if (r < 7) {
      return INDEX
    }
    return this.rng.pick(FLOATS)
  }

  private valueType(): Ty {
    const s = this.scalarType()
    if (this.f.vectors && this.rng.chance(0.15)) {
      return vectorOf(s, this.vectorShape())
    }
    return s
  }

  private vectorShape(): readonly number[] {
    return this.f.ndVectors && this.rng.chance(0.3) ? this.rng.pick(ND_SHAPES) : [this.rng.pick(LANES)]
  }

  // ---- Values ----

  private find(pred: (ty: Ty) => boolean, plain = false): PoolValue | undefined {
    const matches = this.pool.filter((v) => pred(v.ty) && !(plain && v.name.includes('#')))
    return matches.length === 0 ? undefined : this.rng.pick(matches)
  }

  /** A value of type `ty`: from the pool, or a new constant; `plain` excludes `%x#N` names. */
  private value(ty: Ty, plain = false): string {
    if (this.rng.chance(0.75)) {
      const v = this.find((t) => t.text === ty.text, plain)
      if (v !== undefined) {
        return v.name
      }
    }
    return this.constant(ty)
  }

  private intLiteral(width: number): string {
    if (width === 1) {
      return this.rng.pick(['0', '1', '-1'])
    }
    const r = this.rng.int(0, 5)
    const max = (1n << BigInt(width - 1)) - 1n
    const clamp = (v: number): string => {
      const b = BigInt(v)
      return (b > max ? max : b < -max - 1n ? -max - 1n : b).toString()
    }
    switch (r) {
      case 0:
        return '0'
      case 1:
        return clamp(this.rng.int(1, 9))
      case 2:
        return clamp(-this.rng.int(1, 9))
      case 3:
        return max.toString()
      case 4:
        return (-max - 1n).toString()
      default:
        return clamp(this.rng.int(-100, 100))
    }
  }

  private literal(elem: Ty): string {
    switch (elem.kind) {
      case Kind.Float:
        return this.rng.pick(FLOAT_LITERALS)
      case Kind.Index:
        return this.intLiteral(64)
      default:
        return elem.width === 1 ? this.rng.pick(['true', 'false']) : this.intLiteral(elem.width)
    }
  }

  /** A new `arith.constant` (or `index.constant`) of `ty`; returns its name. */
  private constant(ty: Ty): string {
    const name = this.fresh()
    const elem = elementOf(ty)
    if (ty.dims.length === 0) {
      if (ty.kind === Kind.Index && this.f.index && this.rng.chance(0.3)) {
        this.emit(`${name} = index.constant ${this.intLiteral(64)}`)
      } else if (ty.kind === Kind.Int && ty.width === 1 && this.f.index && this.rng.chance(0.2)) {
        this.emit(`${name} = index.bool.constant ${this.rng.pick(['true', 'false'])}`)
      } else if (ty.kind === Kind.Int && ty.width === 1) {
        this.emit(`${name} = arith.constant ${this.rng.pick(['true', 'false'])}`)
      } else {
        this.emit(`${name} = arith.constant ${this.literal(elem)} : ${ty.text}`)
      }
    } else if (this.rng.chance(0.4)) {
      this.emit(`${name} = arith.constant dense<${this.literal(elem)}> : ${ty.text}`)
    } else {
      const nested = (dims: readonly number[]): string => {
        const items: string[] = []
        for (let i = 0; i < dims[0]!; i++) {
          items.push(dims.length === 1 ? this.literal(elem) : nested(dims.slice(1)))
        }
        return `[${items.join(', ')}]`
      }
      this.emit(`${name} = arith.constant dense<${nested(ty.dims)}> : ${ty.text}`)
    }
    this.pool.push({ name, ty })
    return name
  }

  // ---- Functions and blocks ----

  private func(sig: FuncSig): void {
    this.pool = []
    this.budget = this.rng.int(4, 40)
    const args = sig.args.map((ty) => {
      const name = this.fresh()
      this.pool.push({ name, ty })
      return `${name}: ${ty.text}`
    })
    const results = sig.results.length === 0 ? '' : sig.results.length === 1 ? ` -> ${sig.results[0]!.text}` : ` -> (${sig.results.map((t) => t.text).join(', ')})`
    this.emit(`func.func @${sig.name}(${args.join(', ')})${results} {`)
    this.push()
    if (this.f.cf && this.rng.chance(0.4)) {
      this.cfgBody(sig)
    } else {
      this.ops(this.rng.int(1, 8))
      this.emit(this.returnOp(sig.results))
    }
    this.pop()
    this.emit('}')
  }

  private returnOp(types: readonly Ty[]): string {
    if (types.length === 0) {
      return 'func.return'
    }
    const vals = types.map((t) => this.value(t))
    return `func.return ${vals.join(', ')} : ${types.map((t) => t.text).join(', ')}`
  }

  /**
   * A function body of several blocks. Block i + 1 is always a successor of block i, so every
   * block is reachable; other edges go anywhere. Blocks see the entry block's values and
   * their own arguments only, so dominance holds whatever the edges.
   */
  private cfgBody(sig: FuncSig): void {
    const n = this.rng.int(2, 5)
    const names: string[] = []
    const argTypes: Ty[][] = []
    for (let i = 0; i < n; i++) {
      names.push(`^bb${this.nextBlock++}`)
      const types: Ty[] = []
      if (i > 0) {
        for (let k = this.rng.int(0, 2); k > 0; k--) {
          types.push(this.valueType())
        }
      }
      argTypes.push(types)
    }
    this.ops(this.rng.int(1, 5))
    const entryPool = this.pool.slice()
    for (let i = 0; i < n; i++) {
      if (i > 0) {
        this.pop()
        const args = argTypes[i]!.map((ty) => {
          const name = this.fresh()
          return { name, ty }
        })
        this.emit(`${names[i]}${args.length === 0 ? '' : `(${args.map((a) => `${a.name}: ${a.ty.text}`).join(', ')})`}:`)
        this.push()
        this.pool = [...entryPool, ...args]
        this.ops(this.rng.int(0, 4))
      }
      if (i === n - 1) {
        this.emit(this.returnOp(sig.results))
        continue
      }
      const next = i + 1
      const other = this.rng.int(1, n - 1)
      // cf.switch operand lists take no `%x#N` names.
      const r = this.rng.int(0, 9)
      const plain = r >= 8 && this.f.cfSwitch
      const dest = (b: number): string => {
        const types = argTypes[b]!
        if (types.length === 0) {
          return names[b]!
        }
        return `${names[b]}(${types.map((t) => this.value(t, plain)).join(', ')} : ${types.map((t) => t.text).join(', ')})`
      }
      if (r < 2) {
        this.emit(`cf.br ${dest(next)}`)
      } else if (r < 8 || !this.f.cfSwitch) {
        const cond = this.value(I1)
        const [a, b] = this.rng.chance(0.5) ? [next, other] : [other, next]
        this.emit(`cf.cond_br ${cond}, ${dest(a)}, ${dest(b)}`)
      } else {
        const flagTy = intTy(this.rng.pick([8, 16, 32, 64]))
        const flag = this.value(flagTy)
        const cases: string[] = []
        const used = new Set<number>()
        for (let k = this.rng.int(1, 3); k > 0; k--) {
          const v = this.rng.int(-3, 9)
          if (!used.has(v)) {
            used.add(v)
            cases.push(`${v}: ${dest(this.rng.chance(0.5) ? next : this.rng.int(1, n - 1))}`)
          }
        }
        // The next block is always the default destination or one of the cases.
        const defaultDest = this.rng.chance(0.5) ? next : other
        if (defaultDest !== next) {
          cases.push(`${this.rng.int(10, 20)}: ${dest(next)}`)
        }
        const defaultText = dest(defaultDest)
        this.emit(`cf.switch ${flag} : ${flagTy.text}, [`)
        this.push()
        this.push()
        this.emit(`default: ${defaultText},`)
        for (let k = 0; k < cases.length; k++) {
          this.emit(`${cases[k]}${k === cases.length - 1 ? '' : ','}`)
        }
        this.pop()
        this.emit(']')
        this.pop()
      }
    }
    if (this.f.unreachableBlocks && this.rng.chance(0.2)) {
      // A block no branch reaches: conversions leave its ops alone.
      this.pop()
      const args = this.resultTypes(2).map((ty) => ({ name: this.fresh(), ty }))
      this.emit(`^bb${this.nextBlock++}${args.length === 0 ? '' : `(${args.map((a) => `${a.name}: ${a.ty.text}`).join(', ')})`}:`)
      this.push()
      this.pool = [...entryPool, ...args]
      this.ops(this.rng.int(1, 4))
      this.emit(this.returnOp(sig.results))
    }
  }

  /** Up to `count` random ops at the current point (bounded by the function's budget). */
  private ops(count: number): void {
    for (let i = 0; i < count && this.budget > 0; i++) {
      this.budget--
      this.op()
    }
  }

  private op(): void {
    const f = this.f
    const rng = this.rng
    for (;;) {
      const r = rng.int(0, 19)
      if (r < 5 && f.arith) {
        return this.intBinary()
      }
      if (r < 7 && f.arith) {
        return this.floatOp()
      }
      if (r === 7 && f.arith) {
        return this.compare()
      }
      if (r === 8 && f.arith) {
        return this.select()
      }
      if (r === 9 && f.arithCasts) {
        return this.cast()
      }
      if (r === 10 && f.extended) {
        return this.extended()
      }
      if (r === 11 && f.index) {
        return this.indexOp()
      }
      if (r === 12 && f.call && this.funcs.length > 0) {
        return this.call()
      }
      if (this.depth < 3) {
        if (r === 13 && f.scfFor) {
          return this.scfFor()
        }
        if (r === 14 && f.scfIf) {
          return this.scfIf()
        }
        if (r === 15 && f.scfWhile) {
          return this.scfWhile()
        }
        if (r === 16 && f.scfIndexSwitch) {
          return this.indexSwitch()
        }
        if (r === 17 && f.scfExecuteRegion) {
          return this.executeRegion()
        }
      }
      if (r >= 18) {
        if (r === 19 && f.foldChains && rng.chance(0.5)) {
          return this.foldChain()
        }
        this.constant(this.valueType())
        return
      }
    }
  }

  private intLikeType(): Ty {
    const v = this.rng.chance(0.6) ? this.find((t) => t.kind !== Kind.Float) : undefined
    if (v !== undefined) {
      return v.ty
    }
    const s = this.rng.chance(0.3) ? INDEX : intTy(this.rng.pick(INT_WIDTHS))
    return this.f.vectors && this.rng.chance(0.15) ? vectorOf(s, this.vectorShape()) : s
  }

  private floatType(): Ty {
    const v = this.rng.chance(0.6) ? this.find((t) => t.kind === Kind.Float) : undefined
    if (v !== undefined) {
      return v.ty
    }
    const s = this.rng.pick(FLOATS)
    return this.f.vectors && this.rng.chance(0.15) ? vectorOf(s, this.vectorShape()) : s
  }

  private overflow(op: string): string {
    return this.f.arithFlags && OVERFLOW_OPS.has(op) && this.rng.chance(0.4) ? ` overflow<${this.rng.pick(OVERFLOW)}>` : ''
  }

  private fastmath(): string {
    return this.f.arithFlags && this.rng.chance(0.4) ? ` fastmath<${this.rng.pick(FASTMATH)}>` : ''
  }

  private intBinary(): void {
    const ty = this.intLikeType()
    const names: string[] = [...INT_BINARY]
    if (this.f.divExpansions && (ty.dims.length === 0 || this.f.vectorDivExpansions)) {
      names.push(...DIV_EXPANSIONS)
    }
    const op = this.rng.pick(names)
    const a = this.value(ty)
    const b = this.value(ty)
    this.emit(`${this.results([ty])}arith.${op} ${a}, ${b}${this.overflow(op)} : ${ty.text}`)
  }

  private floatOp(): void {
    const ty = this.floatType()
    const a = this.value(ty)
    if (this.rng.chance(0.15)) {
      this.emit(`${this.results([ty])}arith.negf ${a}${this.fastmath()} : ${ty.text}`)
      return
    }
    const b = this.value(ty)
    this.emit(`${this.results([ty])}arith.${this.rng.pick(FLOAT_BINARY)} ${a}, ${b}${this.fastmath()} : ${ty.text}`)
  }

  private compare(): void {
    if (this.rng.chance(0.5)) {
      const ty = this.intLikeType()
      const a = this.value(ty)
      const b = this.value(ty)
      this.emit(`${this.results([withElement(ty, I1)])}arith.cmpi ${this.rng.pick(CMPI)}, ${a}, ${b} : ${ty.text}`)
    } else {
      const ty = this.floatType()
      const a = this.value(ty)
      const b = this.value(ty)
      this.emit(`${this.results([withElement(ty, I1)])}arith.cmpf ${this.rng.pick(CMPF)}, ${a}, ${b}${this.fastmath()} : ${ty.text}`)
    }
  }

  private select(): void {
    const ty = this.valueType()
    const cond = this.value(ty.dims.length > 0 && this.rng.chance(0.5) ? withElement(ty, I1) : I1)
    const condTy = this.pool.find((v) => v.name === cond)?.ty ?? I1
    const a = this.value(ty)
    const b = this.value(ty)
    const suffix = condTy.dims.length > 0 ? `${condTy.text}, ${ty.text}` : ty.text
    this.emit(`${this.results([ty])}arith.select ${cond}, ${a}, ${b} : ${suffix}`)
  }

  /** Ops that fold once their operands are in place (MLIR's conversion driver folds each before its patterns). */
  private foldChain(): void {
    const rng = this.rng
    const ty = this.intLikeType()
    const a = this.value(ty)
    const b = this.value(ty)
    const i1 = withElement(ty, I1)
    const cmpSuffix = ty.text
    const selSuffix = ty.dims.length > 0 ? `${i1.text}, ${ty.text}` : ty.text
    switch (rng.int(0, this.f.poison ? 5 : 4)) {
      case 0: {
        // select (cmpi eq/ne %a, %b), %a, %b (either order): one of %a, %b.
        const cond = this.fresh()
        this.emit(`${cond} = arith.cmpi ${rng.pick(['eq', 'ne'])}, ${a}, ${b} : ${cmpSuffix}`)
        this.pool.push({ name: cond, ty: i1 })
        const [t, e] = rng.chance(0.5) ? [a, b] : [b, a]
        this.emit(`${this.results([ty])}arith.select ${cond}, ${t}, ${e} : ${selSuffix}`)
        return
      }
      case 1: {
        // trunci (extui/extsi %a): %a.
        const elem = elementOf(ty)
        if (elem.kind !== Kind.Int || elem.width >= 64) {
          this.emit(`${this.results([i1])}arith.cmpi ${rng.pick(CMPI)}, ${a}, ${a} : ${cmpSuffix}`)
          return
        }
        const wide = withElement(ty, intTy(rng.pick([64, 128].filter((w) => w > elem.width))))
        const ext = this.fresh()
        this.emit(`${ext} = arith.${rng.pick(['extui', 'extsi'])} ${a} : ${ty.text} to ${wide.text}`)
        this.pool.push({ name: ext, ty: wide })
        this.emit(`${this.results([ty])}arith.trunci ${ext} : ${wide.text} to ${ty.text}`)
        return
      }
      case 2: {
        // x op identity: x.
        const elem = elementOf(ty)
        const identities: (readonly [string, string])[] = [
          ['addi', '0'],
          ['ori', '0'],
          ['xori', '0'],
          ['muli', '1'],
          ['shli', '0'],
        ]
        if (elem.width > 1) {
          identities.push(['divsi', '1'])
        }
        const [op, literal] = rng.pick(identities)
        const lit = elem.width === 1 && literal === '1' ? 'true' : elem.width === 1 ? 'false' : literal
        const c = this.fresh()
        this.emit(ty.dims.length > 0 ? `${c} = arith.constant dense<${lit}> : ${ty.text}` : elem.width === 1 ? `${c} = arith.constant ${lit}` : `${c} = arith.constant ${lit} : ${ty.text}`)
        this.pool.push({ name: c, ty })
        this.emit(`${this.results([ty])}arith.${op} ${a}, ${c} : ${ty.text}`)
        return
      }
      case 3:
        // x op x: x or zero.
        this.emit(`${this.results([ty])}arith.${rng.pick(['andi', 'ori', 'xori', 'subi', 'maxsi', 'minui'])} ${a}, ${a} : ${ty.text}`)
        return
      case 5: {
        // select with a fully poisoned arm: the other arm (the poison itself stays, dead).
        const p = this.fresh()
        this.emit(`${p} = ub.poison : ${ty.text}`)
        const cond = this.value(i1)
        const [t, e] = rng.chance(0.5) ? [p, a] : [a, p]
        this.emit(`${this.results([ty])}arith.select ${cond}, ${t}, ${e} : ${selSuffix}`)
        return
      }
      default: {
        // cmpi of a value with itself: a constant, then a select on it.
        const cond = this.fresh()
        this.emit(`${cond} = arith.cmpi ${rng.pick(CMPI)}, ${a}, ${a} : ${cmpSuffix}`)
        this.pool.push({ name: cond, ty: i1 })
        this.emit(`${this.results([ty])}arith.select ${cond}, ${a}, ${b} : ${selSuffix}`)
      }
    }
  }

  private cast(): void {
    const rng = this.rng
    const dims = this.f.vectors && rng.chance(0.15) ? this.vectorShape() : []
    const shaped = (t: Ty): Ty => (dims.length === 0 ? t : vectorOf(t, dims))
    const ints = [1, 8, 16, 32, 64]
    switch (rng.int(0, 6)) {
      case 0: {
        // Integer extension or truncation.
        const [w1, w2] = [rng.pick(ints), rng.pick(ints)]
        if (w1 === w2) {
          this.constant(shaped(intTy(w1)))
          return
        }
        const [lo, hi] = w1 < w2 ? [w1, w2] : [w2, w1]
        if (rng.chance(0.5)) {
          const src = this.value(shaped(intTy(lo)))
          this.emit(`${this.results([shaped(intTy(hi))])}arith.${rng.pick(['extsi', 'extui'])} ${src} : ${shaped(intTy(lo)).text} to ${shaped(intTy(hi)).text}`)
        } else {
          const src = this.value(shaped(intTy(hi)))
          const flags = this.f.arithFlags && rng.chance(0.3) ? ` overflow<${rng.pick(OVERFLOW)}>` : ''
          this.emit(`${this.results([shaped(intTy(lo))])}arith.trunci ${src}${flags} : ${shaped(intTy(hi)).text} to ${shaped(intTy(lo)).text}`)
        }
        return
      }
      case 1: {
        const it = shaped(intTy(rng.pick([8, 16, 32, 64])))
        const ft = shaped(rng.pick(FLOATS))
        if (rng.chance(0.5)) {
          const src = this.value(it)
          this.emit(`${this.results([ft])}arith.${rng.pick(['sitofp', 'uitofp'])} ${src} : ${it.text} to ${ft.text}`)
        } else {
          const src = this.value(ft)
          this.emit(`${this.results([it])}arith.${rng.pick(['fptosi', 'fptoui'])} ${src} : ${ft.text} to ${it.text}`)
        }
        return
      }
      case 2: {
        const order = ['f16', 'f32', 'f64']
        const a = rng.int(0, 2)
        const b = rng.int(0, 2)
        if (a === b) {
          return this.floatOp()
        }
        const lo = shaped(FLOATS.find((t) => t.text === order[Math.min(a, b)])!)
        const hi = shaped(FLOATS.find((t) => t.text === order[Math.max(a, b)])!)
        if (rng.chance(0.5)) {
          this.emitResult([hi], `arith.extf ${this.value(lo)} : ${lo.text} to ${hi.text}`)
        } else {
          this.emitResult([lo], `arith.truncf ${this.value(hi)} : ${hi.text} to ${lo.text}`)
        }
        return
      }
      case 3:
      case 4: {
        const it = shaped(intTy(rng.pick(ints)))
        const ix = shaped(INDEX)
        const op = rng.pick(['index_cast', 'index_castui'])
        if (rng.chance(0.5)) {
          this.emitResult([ix], `arith.${op} ${this.value(it)} : ${it.text} to ${ix.text}`)
        } else {
          this.emitResult([it], `arith.${op} ${this.value(ix)} : ${ix.text} to ${it.text}`)
        }
        return
      }
      default: {
        const pairs: [Ty, Ty][] = [
          [intTy(32), FLOATS[2]!],
          [intTy(64), FLOATS[3]!],
          [intTy(16), FLOATS[0]!],
          [intTy(16), FLOATS[1]!],
          [FLOATS[0]!, FLOATS[1]!],
        ]
        if (this.f.identityBitcasts) {
          pairs.push([intTy(8), intTy(8)])
        }
        let [a, b] = rng.pick(pairs)
        if (rng.chance(0.5)) {
          ;[a, b] = [b, a]
        }
        const sa = shaped(a)
        const sb = shaped(b)
        this.emitResult([sb], `arith.bitcast ${this.value(sa)} : ${sa.text} to ${sb.text}`)
      }
    }
  }

  private extended(): void {
    let ty = this.intLikeType()
    if (ty.kind === Kind.Index) {
      ty = withElement(ty, intTy(32))
    }
    if (ty.dims.length > 1) {
      // Upstream does not lower the extended ops on n-D vectors.
      ty = elementOf(ty)
    }
    const a = this.value(ty)
    const b = this.value(ty)
    if (this.rng.chance(0.4)) {
      this.emit(`${this.results([ty, withElement(ty, I1)])}arith.addui_extended ${a}, ${b} : ${ty.text}, ${withElement(ty, I1).text}`)
    } else {
      this.emit(`${this.results([ty, ty])}arith.${this.rng.pick(['mulsi_extended', 'mului_extended'])} ${a}, ${b} : ${ty.text}`)
    }
  }

  private indexOp(): void {
    const rng = this.rng
    switch (rng.int(0, 5)) {
      case 0:
      case 1:
      case 2: {
        const a = this.value(INDEX)
        const b = this.value(INDEX)
        this.emit(`${this.results([INDEX])}index.${rng.pick(INDEX_BINARY)} ${a}, ${b}`)
        return
      }
      case 3: {
        const a = this.value(INDEX)
        const b = this.value(INDEX)
        const pred = rng.pick(['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'])
        this.emit(`${this.results([I1])}index.cmp ${pred}(${a}, ${b})`)
        return
      }
      case 4: {
        const it = intTy(rng.pick([1, 8, 16, 32, 64]))
        const op = rng.pick(['casts', 'castu'])
        if (rng.chance(0.5)) {
          this.emitResult([INDEX], `index.${op} ${this.value(it)} : ${it.text} to index`)
        } else {
          this.emitResult([it], `index.${op} ${this.value(INDEX)} : index to ${it.text}`)
        }
        return
      }
      default:
        this.emit(`${this.results([INDEX])}index.sizeof`)
    }
  }

  private call(): void {
    const callee = this.rng.pick(this.funcs)
    const args = callee.args.map((t) => this.value(t))
    const fnTy = `(${callee.args.map((t) => t.text).join(', ')}) -> ${callee.results.length === 1 ? callee.results[0]!.text : `(${callee.results.map((t) => t.text).join(', ')})`}`
    this.emit(`${this.results(callee.results)}func.call @${callee.name}(${args.join(', ')}) : ${fnTy}`)
  }

  /** Runs `body` in a nested region scope: values defined inside are dropped afterwards. */
  private region(body: () => void): void {
    const saved = this.pool.length
    this.depth++
    this.push()
    body()
    this.pop()
    this.depth--
    this.pool.length = saved
  }

  private resultTypes(max: number): Ty[] {
    const out: Ty[] = []
    for (let n = this.rng.int(0, max); n > 0; n--) {
      out.push(this.valueType())
    }
    return out
  }

  private yieldOp(types: readonly Ty[]): string {
    if (types.length === 0) {
      return 'scf.yield'
    }
    return `scf.yield ${types.map((t) => this.value(t)).join(', ')} : ${types.map((t) => t.text).join(', ')}`
  }

  private typesText(types: readonly Ty[]): string {
    return types.length === 1 ? types[0]!.text : `(${types.map((t) => t.text).join(', ')})`
  }

  private scfFor(): void {
    const rng = this.rng
    const ivTy = rng.chance(0.7) ? INDEX : intTy(rng.pick([8, 16, 32, 64]))
    const lb = this.value(ivTy)
    const ub = this.value(ivTy)
    const step = this.constant(ivTy)
    const iterTypes = this.resultTypes(2)
    const inits = iterTypes.map((t) => this.value(t))
    const iv = this.fresh()
    const iterNames = iterTypes.map(() => this.fresh())
    const unsigned = ivTy.kind === Kind.Int && rng.chance(0.3) ? ' unsigned' : ''
    const iter = iterTypes.length === 0 ? '' : ` iter_args(${iterNames.map((n, i) => `${n} = ${inits[i]}`).join(', ')}) -> (${iterTypes.map((t) => t.text).join(', ')})`
    const typeSuffix = ivTy.kind === Kind.Index ? '' : ` : ${ivTy.text}`
    const header = `scf.for${unsigned} ${iv} = ${lb} to ${ub} step ${step}${iter}${typeSuffix} {`
    const resultPrefix = this.results(iterTypes)
    const savedAfter = this.pool.splice(this.pool.length - iterTypes.length, iterTypes.length)
    this.emit(`${resultPrefix}${header}`)
    this.region(() => {
      this.pool.push({ name: iv, ty: ivTy })
      iterNames.forEach((n, i) => this.pool.push({ name: n, ty: iterTypes[i]! }))
      this.ops(rng.int(0, 5))
      if (iterTypes.length > 0 || rng.chance(0.3)) {
        this.emit(this.yieldOp(iterTypes))
      }
    })
    this.emit('}')
    this.pool.push(...savedAfter)
  }

  private scfIf(): void {
    const types = this.resultTypes(2)
    const cond = this.value(I1)
    const prefix = this.results(types)
    const saved = this.pool.splice(this.pool.length - types.length, types.length)
    this.emit(`${prefix}scf.if ${cond}${types.length === 0 ? '' : ` -> (${types.map((t) => t.text).join(', ')})`} {`)
    this.region(() => {
      this.ops(this.rng.int(0, 4))
      if (types.length > 0) {
        this.emit(this.yieldOp(types))
      }
    })
    if (types.length > 0 || this.rng.chance(0.5)) {
      this.emit('} else {')
      this.region(() => {
        this.ops(this.rng.int(0, 4))
        if (types.length > 0) {
          this.emit(this.yieldOp(types))
        }
      })
    }
    this.emit('}')
    this.pool.push(...saved)
  }

  private scfWhile(): void {
    const types = this.resultTypes(2)
    const inits = types.map((t) => this.value(t))
    const beforeArgs = types.map(() => this.fresh())
    const afterArgs = types.map(() => this.fresh())
    const prefix = this.results(types)
    const saved = this.pool.splice(this.pool.length - types.length, types.length)
    const fnTy = `(${types.map((t) => t.text).join(', ')}) -> ${types.length === 1 ? types[0]!.text : `(${types.map((t) => t.text).join(', ')})`}`
    this.emit(`${prefix}scf.while (${beforeArgs.map((n, i) => `${n} = ${inits[i]}`).join(', ')}) : ${fnTy} {`)
    this.region(() => {
      beforeArgs.forEach((n, i) => this.pool.push({ name: n, ty: types[i]! }))
      this.ops(this.rng.int(0, 3))
      const cond = this.value(I1)
      const vals = types.map((t) => this.value(t))
      this.emit(`scf.condition(${cond})${types.length === 0 ? '' : ` ${vals.join(', ')} : ${types.map((t) => t.text).join(', ')}`}`)
    })
    this.emit(`} do {`)
    this.region(() => {
      if (types.length > 0) {
        this.pop()
        this.emit(`^bb0(${afterArgs.map((n, i) => `${n}: ${types[i]!.text}`).join(', ')}):`)
        this.push()
      }
      afterArgs.forEach((n, i) => this.pool.push({ name: n, ty: types[i]! }))
      this.ops(this.rng.int(0, 3))
      this.emit(this.yieldOp(types))
    })
    this.emit('}')
    this.pool.push(...saved)
  }

  private indexSwitch(): void {
    const types = this.resultTypes(2)
    const arg = this.value(INDEX)
    const prefix = this.results(types)
    const saved = this.pool.splice(this.pool.length - types.length, types.length)
    const cases = new Set<number>()
    for (let n = this.rng.int(0, 3); n > 0; n--) {
      cases.add(this.rng.int(-2, 6))
    }
    const sorted = [...cases]
    this.emit(`${prefix}scf.index_switch ${arg}${types.length === 0 ? '' : ` -> ${types.map((t) => t.text).join(', ')}`}`)
    for (const c of sorted) {
      this.emit(`case ${c} {`)
      this.region(() => {
        this.ops(this.rng.int(0, 3))
        this.emit(this.yieldOp(types))
      })
      this.emit('}')
    }
    this.emit('default {')
    this.region(() => {
      this.ops(this.rng.int(0, 3))
      this.emit(this.yieldOp(types))
    })
    this.emit('}')
    this.pool.push(...saved)
  }

  private executeRegion(): void {
    const types = this.resultTypes(2)
    const prefix = this.results(types)
    const saved = this.pool.splice(this.pool.length - types.length, types.length)
    this.emit(`${prefix}scf.execute_region${types.length === 0 ? '' : ` -> ${this.typesText(types)}`} {`)
    this.region(() => {
      this.ops(this.rng.int(0, 4))
      this.emit(this.yieldOp(types))
    })
    this.emit('}')
    this.pool.push(...saved)
  }
}

/** Generates the module of `seed` with `features` as MLIR text. */
export function generateConversionModule(seed: number, features: Features): string {
  return new ConversionModuleGenerator(new Random(seed), features).generate()
}
