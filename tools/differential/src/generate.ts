import { AttrGen, randomDenseBody, randomFloatLiteral, randomHexFloat, randomString } from './attributes.ts'
import type { Features } from './features.ts'
import { LocGen } from './locations.ts'
import { Random } from './Random.ts'
import {
  TypeKind,
  type Ty,
  floatTy,
  indexTy,
  intTy,
  memrefTy,
  otherTy,
  isFloatLike,
  isIntLike,
  isStatic,
  randomExoticTy,
  randomFloatTy,
  randomIntTy,
  randomMemRefTy,
  randomTensorShape,
  randomVectorShape,
  scalarOf,
  tensorTy,
  vectorTy,
  withElement,
} from './types.ts'

/** Size knobs of one generated module. */
export interface GenerateOptions {
  /** Upper bound on the number of functions (at least one is generated). */
  readonly maxFunctions: number
  /** Upper bound on the number of ops per block. */
  readonly maxOpsPerBlock: number
  /** Deepest nesting of regions inside a function. */
  readonly maxDepth: number
  /** Upper bound on the number of ops generated for the whole module (constants materialized for operands aside). */
  readonly maxOps: number
}

/** The default size knobs: small modules, fast to run in bulk. */
export const DEFAULT_GENERATE_OPTIONS: GenerateOptions = { maxFunctions: 4, maxOpsPerBlock: 8, maxDepth: 3, maxOps: 80 }

interface PoolValue {
  readonly name: string
  readonly ty: Ty
}

interface FuncSig {
  readonly name: string
  readonly args: readonly Ty[]
  readonly results: readonly Ty[]
}

const INT_BINARY = ['addi', 'subi', 'muli', 'divsi', 'divui', 'ceildivsi', 'ceildivui', 'floordivsi', 'remsi', 'remui', 'andi', 'ori', 'xori', 'shli', 'shrsi', 'shrui', 'maxsi', 'maxui', 'minsi', 'minui'] as const
const OVERFLOW_OPS = new Set<string>(['addi', 'subi', 'muli', 'shli'])
const FLOAT_BINARY = ['addf', 'subf', 'mulf', 'divf', 'remf', 'maximumf', 'minimumf', 'maxnumf', 'minnumf'] as const
const CMPI_PREDICATES = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'] as const
const CMPF_PREDICATES = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true'] as const
const FASTMATH = ['fast', 'nnan', 'ninf', 'nsz', 'arcp', 'contract', 'afn', 'reassoc', 'none', 'nnan,ninf', 'reassoc,nsz,arcp'] as const
const OVERFLOW = ['nsw', 'nuw', 'nsw, nuw'] as const
const ROUNDING_MODES = ['to_nearest_even', 'downward', 'upward', 'toward_zero', 'to_nearest_away'] as const
const UNREGISTERED_NAMES = ['foo.bar', 'foo.baz', 'test.op', 'tp.thing', 'foo.with_regions', 'x.y.z', 'foo.a$b', 'weird.op-name']
const FUNC_NAMES = ['main', 'helper', 'f', 'compute', 'kernel', '"quoted fn"', 'fn.with.dots', 'g$1', '_private']

/** Generates one module as MLIR text; see generateModule. */
class ModuleGenerator {
  private readonly lines: string[] = []
  private indent = ''
  private pool: PoolValue[] = []
  private nextValue = 0
  private nextBlock = 0
  private depth = 0
  /** How many unregistered ops with regions enclose the current point. */
  private unregisteredDepth = 0
  private budget = 0
  private funcs: FuncSig[] = []
  private readonly attrs: AttrGen
  private readonly locs: LocGen

  /**
   * Draws for constructs added after the corpus was fixed (branch weights): a stream of
   * its own, so that the modules of a seed stay what they were apart from those constructs.
   */
  private readonly extraRng: Random

  constructor(
    private readonly rng: Random,
    private readonly f: Features,
    private readonly options: GenerateOptions,
    seed = 0,
  ) {
    this.attrs = new AttrGen(rng, f)
    this.locs = new LocGen(rng, f)
    this.extraRng = new Random((seed ^ 0x5bd1e995) >>> 0)
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

  private freshName(): string {
    return `%v${this.nextValue++}`
  }

  private freshBlock(): string {
    return `^bb${this.nextBlock++}`
  }

  /** The `%x = ` / `%x:3 = ` prefix for `types.length` results, registering them in the pool. */
  private results(types: readonly Ty[]): string {
    if (types.length === 0) {
      return ''
    }
    const name = this.freshName()
    if (types.length === 1) {
      this.pool.push({ name, ty: types[0] as Ty })
      return `${name} = `
    }
    for (let i = 0; i < types.length; i++) {
      this.pool.push({ name: `${name}#${i}`, ty: types[i] as Ty })
    }
    return `${name}:${types.length} = `
  }

  // ---- Types ----

  /** A random type usable as a function argument or result. */
  private signatureType(): Ty {
    const rng = this.rng
    const f = this.f
    for (;;) {
      switch (rng.int(0, 8)) {
        case 0:
        case 1:
        case 2:
          return randomIntTy(rng)
        case 3:
          return indexTy
        case 4:
        case 5:
          return randomFloatTy(rng)
        case 6:
          if (f.vectors) {
            return vectorTy(randomVectorShape(rng), this.scalarElement())
          }
          continue
        case 7:
          if (f.tensors) {
            return tensorTy(randomTensorShape(rng), this.scalarElement())
          }
          continue
        default:
          if (f.memrefs) {
            return randomMemRefTy(rng, this.scalarElement(), f.affineAttrs)
          }
          if (f.exoticTypes && f.unregistered) {
            return randomExoticTy(rng, f.dialectAttrs, f.affineAttrs)
          }
          continue
      }
    }
  }

  private scalarElement(): Ty {
    const r = this.rng.int(0, 4)
    return r < 2 ? randomIntTy(this.rng) : r === 2 ? indexTy : randomFloatTy(this.rng)
  }

  /** A random type for arith ops: a scalar or (when enabled) a vector or tensor of one. */
  private arithType(scalar: Ty): Ty {
    const rng = this.rng
    if (this.f.vectors && rng.chance(0.15)) {
      return vectorTy(randomVectorShape(rng), scalar)
    }
    if (this.f.tensors && rng.chance(0.1)) {
      return tensorTy(randomTensorShape(rng), scalar)
    }
    return scalar
  }

  private boolOf(ty: Ty): Ty {
    return withElement(ty, intTy(1))
  }

  // ---- Values ----

  private canMaterialize(ty: Ty): boolean {
    if (this.f.unregistered) {
      return true
    }
    const s = scalarOf(ty)
    const scalarOk = s.kind === TypeKind.Int || s.kind === TypeKind.Float || s.kind === TypeKind.Index
    if (ty.kind === TypeKind.Vector) {
      return scalarOk
    }
    if (ty.kind === TypeKind.Tensor) {
      return scalarOk && isStatic(ty)
    }
    return ty.kind === TypeKind.Int || ty.kind === TypeKind.Float || ty.kind === TypeKind.Index
  }

  /** A visible value of type `ty`, or a newly materialized one; undefined when none can be made. */
  private value(ty: Ty, plainNames = false): string | undefined {
    const candidates: string[] = []
    for (const v of this.pool) {
      // cf.switch parses its successor operands as an argument list, where `%x#1` is rejected.
      if (v.ty === ty && !(plainNames && v.name.includes('#'))) {
        candidates.push(v.name)
      }
    }
    if (candidates.length > 0 && this.rng.chance(0.85)) {
      return this.rng.pick(candidates)
    }
    return this.materialize(ty) ?? (candidates.length > 0 ? this.rng.pick(candidates) : undefined)
  }

  /** A visible value of some type matching `filter`, if any. */
  private anyValue(filter: (ty: Ty) => boolean): PoolValue | undefined {
    const candidates: PoolValue[] = []
    for (const v of this.pool) {
      if (filter(v.ty)) {
        candidates.push(v)
      }
    }
    return candidates.length > 0 ? this.rng.pick(candidates) : undefined
  }

  private materialize(ty: Ty): string | undefined {
    const s = scalarOf(ty)
    const numeric = s.kind === TypeKind.Int || s.kind === TypeKind.Float || s.kind === TypeKind.Index
    const constantOk =
      numeric &&
      (ty.kind === TypeKind.Int ||
        ty.kind === TypeKind.Float ||
        ty.kind === TypeKind.Index ||
        ty.kind === TypeKind.Vector ||
        (ty.kind === TypeKind.Tensor && isStatic(ty)))
    if (constantOk && (!this.f.unregistered || this.rng.chance(0.8))) {
      this.emitConstant(ty)
      return this.pool[this.pool.length - 1]?.name
    }
    if (!this.f.unregistered) {
      return undefined
    }
    const name = this.freshName()
    this.emit(`${name} = "test.source"() : () -> ${ty.text}${this.locs.suffix()}`)
    this.pool.push({ name, ty })
    return name
  }

  // ---- Constants ----

  private intLiteral(ty: Ty): string {
    const rng = this.rng
    const w = ty.kind === TypeKind.Index ? 64 : ty.width
    const min = -(1n << BigInt(w - 1))
    // Integer attributes accept the signed and the unsigned range; index only the signed one.
    const max = ty.kind === TypeKind.Index ? (1n << BigInt(w - 1)) - 1n : (1n << BigInt(w)) - 1n
    const signedMax = (1n << BigInt(w - 1)) - 1n
    const picks = [0n, 1n, -1n, signedMax, min, max, signedMax / 3n, 7n, 255n, BigInt(rng.int(-10, 100))]
    let v = rng.pick(picks)
    if (v > max || v < min) {
      v = 1n
    }
    if (rng.chance(0.15) && v >= 0n) {
      return `0x${v.toString(16).toUpperCase()}`
    }
    return v.toString()
  }

  private floatLiteral(ty: Ty): string {
    if (this.f.floatStress && this.rng.chance(0.15)) {
      return randomHexFloat(this.rng, ty.text, this.f.nanPayloads)
    }
    return randomFloatLiteral(this.rng, this.f)
  }

  private emitConstant(ty: Ty): void {
    const s = scalarOf(ty)
    let text: string
    if (ty.kind === TypeKind.Vector || ty.kind === TypeKind.Tensor) {
      const elem = s.kind === TypeKind.Int && s.width === 1 ? 'i1' : s.kind === TypeKind.Float ? 'f32' : 'i32'
      let body = randomDenseBody(this.rng, ty.shape, elem)
      if (s.kind === TypeKind.Int && s.width < 8 && s.width > 1) {
        body = '1'
      }
      text = `dense<${body}> : ${ty.text}`
    } else if (s.kind === TypeKind.Float) {
      text = `${this.floatLiteral(ty)} : ${ty.text}`
    } else if (ty.kind === TypeKind.Int && ty.width === 1) {
      text = this.rng.chance(0.7) ? (this.rng.chance(0.5) ? 'true' : 'false') : `${this.rng.int(0, 1)} : i1`
    } else {
      text = `${this.intLiteral(ty)} : ${ty.text}`
    }
    const attrs = this.f.attributes && this.rng.chance(0.08) ? ` ${this.attrs.dictionary(1, 1, true)}` : ''
    this.emit(`${this.results([ty])}arith.constant${attrs} ${text}${this.locs.suffix()}`)
  }

  // ---- Ops ----

  /** Emits up to maxOpsPerBlock random ops into the current block. */
  private ops(): void {
    const n = this.rng.int(0, Math.max(1, this.options.maxOpsPerBlock >> this.depth))
    for (let i = 0; i < n && this.budget > 0; i++) {
      this.budget--
      this.op()
    }
  }

  private op(): void {
    const rng = this.rng
    const f = this.f
    const nested = this.depth < this.options.maxDepth
    for (let tries = 0; tries < 20; tries++) {
      switch (rng.int(0, 21)) {
        case 0:
        case 1: {
          const ty = this.arithType(rng.chance(0.5) ? randomIntTy(rng) : randomFloatTy(rng))
          if (isStatic(ty)) {
            this.emitConstant(ty)
            return
          }
          continue
        }
        case 2:
        case 3:
          if (f.arith && this.intBinary()) {
            return
          }
          continue
        case 4:
          if (f.arith && this.floatBinary()) {
            return
          }
          continue
        case 5:
          if (f.arith && this.compare()) {
            return
          }
          continue
        case 6:
          if (f.arith && this.select()) {
            return
          }
          continue
        case 7:
          if (f.arithCasts && this.cast()) {
            return
          }
          continue
        case 8:
          if (f.arith && this.extended()) {
            return
          }
          continue
        case 9:
        case 10:
          if (f.unregistered && this.unregistered(nested && f.unregisteredRegions)) {
            return
          }
          continue
        case 11:
          if (f.scfFor && nested && this.scfFor()) {
            return
          }
          continue
        case 12:
          if (f.scfIf && nested && this.scfIf()) {
            return
          }
          continue
        case 13:
          if (f.scfWhile && nested && this.scfWhile()) {
            return
          }
          continue
        case 14:
          if (f.scfIndexSwitch && nested && this.indexSwitch()) {
            return
          }
          continue
        case 15:
          if (f.scfExecuteRegion && nested && this.executeRegion()) {
            return
          }
          continue
        case 16:
          // mlir-opt sees a one-region unregistered op as a possible symbol table, so symbol uses inside fail.
          if (f.call && this.unregisteredDepth === 0 && this.call()) {
            return
          }
          continue
        case 17:
          if (f.callIndirect && this.unregisteredDepth === 0 && this.callIndirect()) {
            return
          }
          continue
        case 18:
          if (f.unrealizedCast && this.unrealizedCast()) {
            return
          }
          continue
        case 19:
          if (f.cfAssert && this.assert()) {
            return
          }
          continue
        case 20:
          if (f.arith && this.negf()) {
            return
          }
          continue
        case 21:
          if (f.memrefOps && this.memrefOp()) {
            return
          }
          if (f.arith && this.intBinary()) {
            return
          }
          continue
        default:
          if (f.arith && this.intBinary()) {
            return
          }
          continue
      }
    }
  }

  private discardable(): string {
    return this.f.attributes && this.rng.chance(0.08) ? ` ${this.attrs.dictionary(1, this.rng.int(1, 2), true)}` : ''
  }

  private intBinary(): boolean {
    const ty = this.anyValue(isIntLike)?.ty ?? this.arithType(randomIntTy(this.rng))
    const op = this.rng.pick(INT_BINARY)
    const lhs = this.value(ty)
    const rhs = this.value(ty)
    if (lhs === undefined || rhs === undefined) {
      return false
    }
    const flags = this.f.arithFlags && OVERFLOW_OPS.has(op) && this.rng.chance(0.4) ? ` overflow<${this.rng.pick(OVERFLOW)}>` : ''
    this.emit(`${this.results([ty])}arith.${op} ${lhs}, ${rhs}${flags}${this.discardable()} : ${ty.text}${this.locs.suffix()}`)
    return true
  }

  private fastmath(): string {
    return this.f.arithFlags && this.rng.chance(0.35) ? ` fastmath<${this.rng.pick(FASTMATH)}>` : ''
  }

  private floatBinary(): boolean {
    const ty = this.anyValue(isFloatLike)?.ty ?? this.arithType(randomFloatTy(this.rng))
    const op = this.rng.pick(FLOAT_BINARY)
    const lhs = this.value(ty)
    const rhs = this.value(ty)
    if (lhs === undefined || rhs === undefined) {
      return false
    }
    this.emit(`${this.results([ty])}arith.${op} ${lhs}, ${rhs}${this.fastmath()}${this.discardable()} : ${ty.text}${this.locs.suffix()}`)
    return true
  }

  /** A fresh `memref.alloc`/`alloca` of a small static row-major memref of f32 or i32. */
  private allocMemRef(rank: number, like?: { shape: number[]; elem: Ty }): { name: string; shape: number[]; elem: Ty } {
    const rng = this.rng
    const elem = like?.elem ?? (rng.chance(0.5) ? floatTy('f32') : intTy(32))
    const shape: number[] = like !== undefined ? [...like.shape] : []
    for (let i = shape.length; i < rank; i++) {
      shape.push(rng.int(2, 6))
    }
    const ty = memrefTy(shape, elem, '')
    const op = rng.chance(0.5) ? 'alloc' : 'alloca'
    const align = rng.chance(0.2) ? ' {alignment = 16 : i64}' : ''
    const name = this.results([ty]).slice(0, -3)
    this.emit(`${name} = memref.${op}()${align} : ${ty.text}${this.locs.suffix()}`)
    return { name, shape, elem }
  }

  /**
   * One memref dialect op on a fresh allocation: load/store, subview, cast, collapse/expand,
   * dim, rank, transpose, reinterpret_cast, copy, dealloc or atomic_rmw.
   */
  private memrefOp(): boolean {
    const rng = this.rng
    const rank = rng.int(1, 2)
    const m = this.allocMemRef(rank)
    const ty = memrefTy(m.shape, m.elem, '')
    const elems = m.shape.reduce((a, b) => a * b, 1)
    const dims = (shape: readonly number[]): string => shape.map((d) => `${d}x`).join('')
    switch (rng.int(0, 10)) {
      case 0: {
        const idx: string[] = []
        for (let i = 0; i < rank; i++) {
          const v = this.value(indexTy)
          if (v === undefined) {
            return false
          }
          idx.push(v)
        }
        const v = this.value(m.elem)
        if (v === undefined) {
          return false
        }
        const nt = rng.chance(0.2) ? ' {nontemporal = true}' : ''
        this.emit(`memref.store ${v}, ${m.name}[${idx.join(', ')}]${nt} : ${ty.text}${this.locs.suffix()}`)
        this.emit(`${this.results([m.elem])}memref.load ${m.name}[${idx.join(', ')}] : ${ty.text}${this.locs.suffix()}`)
        return true
      }
      case 1: {
        // An in-bounds static subview: offset o, size s, stride t per dimension.
        const canonical = m.shape.map((_, i) => m.shape.slice(i + 1).reduce((a, b) => a * b, 1))
        const offs: number[] = []
        const sizes: number[] = []
        const steps: number[] = []
        for (let i = 0; i < rank; i++) {
          const t = rng.int(1, 2)
          const o = rng.int(0, m.shape[i]! - 1)
          const s = Math.max(1, Math.floor((m.shape[i]! - 1 - o) / t) + 1 - rng.int(0, 1))
          offs.push(o)
          sizes.push(s)
          steps.push(t)
        }
        const offset = offs.reduce((a, o, i) => a + o * canonical[i]!, 0)
        const strides = steps.map((t, i) => t * canonical[i]!)
        const layout = `strided<[${strides.join(', ')}]${offset !== 0 || rng.chance(0.3) ? `, offset: ${offset}` : ''}>`
        const res = memrefTy(sizes, m.elem, `, ${layout}`)
        this.emit(`${this.results([res])}memref.subview ${m.name}[${offs.join(', ')}] [${sizes.join(', ')}] [${steps.join(', ')}] : ${ty.text} to ${res.text}${this.locs.suffix()}`)
        return true
      }
      case 2: {
        const text = `memref<?x${dims(m.shape.slice(1))}${m.elem.text}>`
        this.emit(`${this.results([otherTy(text)])}memref.cast ${m.name} : ${ty.text} to ${text}${this.locs.suffix()}`)
        return true
      }
      case 3: {
        if (rank === 2) {
          const res = memrefTy([elems], m.elem, '')
          this.emit(`${this.results([res])}memref.collapse_shape ${m.name} [[0, 1]] : ${ty.text} into ${res.text}${this.locs.suffix()}`)
        } else {
          const outer = m.shape[0]! % 2 === 0 ? 2 : 1
          const res = memrefTy([outer, m.shape[0]! / outer], m.elem, '')
          this.emit(`${this.results([res])}memref.expand_shape ${m.name} [[0, 1]] output_shape [${outer}, ${m.shape[0]! / outer}] : ${ty.text} into ${res.text}${this.locs.suffix()}`)
        }
        return true
      }
      case 4: {
        const i = this.value(indexTy)
        if (i === undefined) {
          return false
        }
        this.emit(`${this.results([indexTy])}memref.dim ${m.name}, ${i} : ${ty.text}${this.locs.suffix()}`)
        return true
      }
      case 5:
        this.emit(`${this.results([indexTy])}memref.rank ${m.name} : ${ty.text}${this.locs.suffix()}`)
        return true
      case 6: {
        if (rank !== 2) {
          this.emit(`memref.dealloc ${m.name} : ${ty.text}${this.locs.suffix()}`)
          return true
        }
        const res = memrefTy([m.shape[1]!, m.shape[0]!], m.elem, `, strided<[1, ${m.shape[1]}]>`)
        this.emit(`${this.results([res])}memref.transpose ${m.name} (d0, d1) -> (d1, d0) : ${ty.text} to ${res.text}${this.locs.suffix()}`)
        return true
      }
      case 7: {
        const res = memrefTy([elems], m.elem, '')
        this.emit(`${this.results([res])}memref.reinterpret_cast ${m.name} to offset: [0], sizes: [${elems}], strides: [1] : ${ty.text} to ${res.text}${this.locs.suffix()}`)
        return true
      }
      case 8: {
        const other = this.allocMemRef(rank, m)
        const src = memrefTy(other.shape, other.elem, '')
        this.emit(`memref.copy ${other.name}, ${m.name} : ${src.text} to ${ty.text}${this.locs.suffix()}`)
        return true
      }
      default: {
        const idx: string[] = []
        for (let i = 0; i < rank; i++) {
          const v = this.value(indexTy)
          if (v === undefined) {
            return false
          }
          idx.push(v)
        }
        const v = this.value(m.elem)
        if (v === undefined) {
          return false
        }
        const kind = m.elem.kind === TypeKind.Float ? rng.pick(['addf', 'maximumf', 'mulf', 'assign']) : rng.pick(['addi', 'maxs', 'minu', 'ori', 'andi'])
        this.emit(`${this.results([m.elem])}memref.atomic_rmw ${kind} ${v}, ${m.name}[${idx.join(', ')}] : (${m.elem.text}, ${ty.text}) -> ${m.elem.text}${this.locs.suffix()}`)
        return true
      }
    }
  }

  private negf(): boolean {
    const ty = this.anyValue(isFloatLike)?.ty ?? randomFloatTy(this.rng)
    const operand = this.value(ty)
    if (operand === undefined) {
      return false
    }
    this.emit(`${this.results([ty])}arith.negf ${operand}${this.fastmath()} : ${ty.text}${this.locs.suffix()}`)
    return true
  }

  private compare(): boolean {
    const useFloat = this.rng.chance(0.4)
    const ty = useFloat
      ? (this.anyValue(isFloatLike)?.ty ?? randomFloatTy(this.rng))
      : (this.anyValue((t) => isIntLike(t) || t.kind === TypeKind.Index)?.ty ?? randomIntTy(this.rng))
    const lhs = this.value(ty)
    const rhs = this.value(ty)
    if (lhs === undefined || rhs === undefined) {
      return false
    }
    const result = this.results([this.boolOf(ty)])
    if (useFloat) {
      const pred = this.rng.pick(CMPF_PREDICATES)
      this.emit(`${result}arith.cmpf ${pred}, ${lhs}, ${rhs}${this.fastmath()} : ${ty.text}${this.locs.suffix()}`)
    } else {
      const pred = this.rng.pick(CMPI_PREDICATES)
      this.emit(`${result}arith.cmpi ${pred}, ${lhs}, ${rhs} : ${ty.text}${this.locs.suffix()}`)
    }
    return true
  }

  private select(): boolean {
    const v = this.anyValue((t) => t.kind !== TypeKind.MemRef && t.kind !== TypeKind.Other)
    const ty = v?.ty ?? randomIntTy(this.rng)
    const shapedCond = (ty.kind === TypeKind.Vector || ty.kind === TypeKind.Tensor) && this.rng.chance(0.5)
    const condTy = shapedCond ? this.boolOf(ty) : intTy(1)
    const cond = this.value(condTy)
    const a = this.value(ty)
    const b = this.value(ty)
    if (cond === undefined || a === undefined || b === undefined) {
      return false
    }
    const types = shapedCond ? `${condTy.text}, ${ty.text}` : ty.text
    this.emit(`${this.results([ty])}arith.select ${cond}, ${a}, ${b} : ${types}${this.locs.suffix()}`)
    return true
  }

  private cast(): boolean {
    const rng = this.rng
    const src = this.anyValue((t) => isIntLike(t) || isFloatLike(t) || (scalarOf(t).kind === TypeKind.Index && t.kind !== TypeKind.MemRef))
    const srcTy = src?.ty ?? this.arithType(rng.chance(0.5) ? randomIntTy(rng) : randomFloatTy(rng))
    const s = scalarOf(srcTy)
    let op: string
    let dst: Ty
    if (s.kind === TypeKind.Index) {
      op = rng.chance(0.5) ? 'index_cast' : 'index_castui'
      dst = withElement(srcTy, randomIntTy(rng))
    } else if (s.kind === TypeKind.Int) {
      const widths = [1, 8, 16, 32, 64, 128]
      const r = rng.int(0, 4)
      if (r === 0) {
        const wider = widths.filter((w) => w > s.width)
        if (wider.length === 0) {
          return false
        }
        op = rng.chance(0.5) ? 'extsi' : 'extui'
        dst = withElement(srcTy, intTy(rng.pick(wider)))
      } else if (r === 1) {
        const narrower = widths.filter((w) => w < s.width)
        if (narrower.length === 0) {
          return false
        }
        op = 'trunci'
        dst = withElement(srcTy, intTy(rng.pick(narrower)))
      } else if (r === 2) {
        op = rng.chance(0.5) ? 'sitofp' : 'uitofp'
        dst = withElement(srcTy, randomFloatTy(rng))
      } else if (r === 3) {
        op = rng.chance(0.5) ? 'index_cast' : 'index_castui'
        dst = withElement(srcTy, indexTy)
      } else {
        const partner = s.width === 16 ? floatTy(rng.chance(0.5) ? 'f16' : 'bf16') : s.width === 32 ? floatTy('f32') : s.width === 64 ? floatTy('f64') : undefined
        if (partner === undefined) {
          return false
        }
        op = 'bitcast'
        dst = withElement(srcTy, partner)
      }
    } else {
      const r = rng.int(0, 3)
      const rank = (t: Ty): number => (t.text === 'f64' ? 3 : t.text === 'f32' ? 2 : 1)
      if (r === 0) {
        const wider = (['f32', 'f64'] as const).filter((n) => rank(floatTy(n)) > rank(s))
        if (wider.length === 0) {
          return false
        }
        op = 'extf'
        dst = withElement(srcTy, floatTy(rng.pick(wider)))
      } else if (r === 1) {
        const narrower = (['f16', 'bf16', 'f32'] as const).filter((n) => rank(floatTy(n)) < rank(s))
        if (narrower.length === 0) {
          return false
        }
        op = 'truncf'
        dst = withElement(srcTy, floatTy(rng.pick(narrower)))
      } else if (r === 2) {
        op = rng.chance(0.5) ? 'fptosi' : 'fptoui'
        dst = withElement(srcTy, randomIntTy(rng))
      } else {
        op = 'bitcast'
        dst = withElement(srcTy, s.width === 16 ? (rng.chance(0.5) ? intTy(16) : floatTy(s.text === 'f16' ? 'bf16' : 'f16')) : intTy(s.width))
      }
    }
    const operand = this.value(srcTy)
    if (operand === undefined) {
      return false
    }
    const rounding = op === 'truncf' && this.f.arithFlags && this.rng.chance(0.3) ? ` ${this.rng.pick(ROUNDING_MODES)}` : ''
    const fm = op === 'extf' || op === 'truncf' ? this.fastmath() : ''
    this.emit(`${this.results([dst])}arith.${op} ${operand}${rounding}${fm} : ${srcTy.text} to ${dst.text}${this.locs.suffix()}`)
    return true
  }

  private extended(): boolean {
    const ty = this.anyValue((t) => isIntLike(t))?.ty ?? randomIntTy(this.rng)
    const lhs = this.value(ty)
    const rhs = this.value(ty)
    if (lhs === undefined || rhs === undefined) {
      return false
    }
    const r = this.rng.int(0, 2)
    if (r === 0) {
      const bool = this.boolOf(ty)
      this.emit(`${this.results([ty, bool])}arith.addui_extended ${lhs}, ${rhs} : ${ty.text}, ${bool.text}${this.locs.suffix()}`)
    } else {
      this.emit(`${this.results([ty, ty])}arith.${r === 1 ? 'mulsi_extended' : 'mului_extended'} ${lhs}, ${rhs} : ${ty.text}${this.locs.suffix()}`)
    }
    return true
  }

  private unrealizedCast(): boolean {
    const n = this.rng.int(0, 2)
    const operands: PoolValue[] = []
    for (let i = 0; i < n; i++) {
      const v = this.anyValue(() => true)
      if (v !== undefined) {
        operands.push(v)
      }
    }
    const results: Ty[] = []
    const m = this.rng.int(1, 2)
    for (let i = 0; i < m; i++) {
      results.push(this.signatureType())
    }
    const operandText = operands.length > 0 ? ` ${operands.map((v) => v.name).join(', ')} : ${operands.map((v) => v.ty.text).join(', ')}` : ''
    this.emit(`${this.results(results)}builtin.unrealized_conversion_cast${operandText} to ${results.map((t) => t.text).join(', ')}${this.locs.suffix()}`)
    return true
  }

  private assert(): boolean {
    const cond = this.value(intTy(1))
    if (cond === undefined) {
      return false
    }
    this.emit(`cf.assert ${cond}, ${randomString(this.rng, this.f)}${this.locs.suffix()}`)
    return true
  }

  private call(): boolean {
    if (this.funcs.length === 0) {
      return false
    }
    const callee = this.rng.pick(this.funcs)
    const args: string[] = []
    for (const ty of callee.args) {
      const v = this.value(ty)
      if (v === undefined) {
        return false
      }
      args.push(v)
    }
    const resultTypes = callee.results.length === 1 ? (callee.results[0] as Ty).text : `(${callee.results.map((t) => t.text).join(', ')})`
    this.emit(`${this.results(callee.results)}func.call @${callee.name}(${args.join(', ')})${this.discardable()} : (${callee.args.map((t) => t.text).join(', ')}) -> ${resultTypes}${this.locs.suffix()}`)
    return true
  }

  private callIndirect(): boolean {
    if (this.funcs.length === 0) {
      return false
    }
    const callee = this.rng.pick(this.funcs)
    const results = callee.results.length === 1 ? (callee.results[0] as Ty).text : `(${callee.results.map((t) => t.text).join(', ')})`
    const fnType = `(${callee.args.map((t) => t.text).join(', ')}) -> ${results}`
    const fn = this.freshName()
    this.emit(`${fn} = func.constant @${callee.name} : ${fnType}${this.locs.suffix()}`)
    this.pool.push({ name: fn, ty: { text: fnType, kind: TypeKind.Other, width: 0, elem: null, shape: [] } })
    const args: string[] = []
    for (const ty of callee.args) {
      const v = this.value(ty)
      if (v === undefined) {
        return true
      }
      args.push(v)
    }
    this.emit(`${this.results(callee.results)}func.call_indirect ${fn}(${args.join(', ')}) : ${fnType}${this.locs.suffix()}`)
    return true
  }

  /** `%a, %b : T1, T2` after a yield-like op, or nothing for no values. */
  private yieldList(types: readonly Ty[], plainNames = false): string | undefined {
    if (types.length === 0) {
      return ''
    }
    const values: string[] = []
    for (const ty of types) {
      const v = this.value(ty, plainNames)
      if (v === undefined) {
        return undefined
      }
      values.push(v)
    }
    return ` ${values.join(', ')} : ${types.map((t) => t.text).join(', ')}`
  }

  private resultTypes(max: number): Ty[] {
    const types: Ty[] = []
    const n = this.rng.int(0, max)
    for (let i = 0; i < n; i++) {
      const ty = this.signatureType()
      if (this.canMaterialize(ty)) {
        types.push(ty)
      }
    }
    return types
  }

  /** Runs `body` as a nested region: values defined inside are invisible afterwards. */
  private region(body: () => boolean): boolean {
    const mark = this.pool.length
    this.depth++
    this.push()
    const ok = body()
    this.pop()
    this.depth--
    this.pool.length = mark
    return ok
  }

  private emitYield(op: string, types: readonly Ty[], optional: boolean): boolean {
    const list = this.yieldList(types)
    if (list === undefined) {
      return false
    }
    if (types.length === 0 && optional && this.rng.chance(0.5)) {
      return true
    }
    this.emit(`${op}${list}${this.locs.suffix()}`)
    return true
  }

  private scfFor(): boolean {
    const rng = this.rng
    const boundTy = rng.chance(0.75) ? indexTy : randomIntTy(rng)
    if (boundTy.width === 1) {
      return false
    }
    const lb = this.value(boundTy)
    const ub = this.value(boundTy)
    const step = this.value(boundTy)
    if (lb === undefined || ub === undefined || step === undefined) {
      return false
    }
    const iterTypes = this.resultTypes(3)
    const inits: string[] = []
    for (const ty of iterTypes) {
      const v = this.value(ty)
      if (v === undefined) {
        return false
      }
      inits.push(v)
    }
    const iv = this.freshName()
    const iterNames = iterTypes.map(() => this.freshName())
    const iterText = iterTypes.length > 0 ? ` iter_args(${iterNames.map((n, i) => `${n} = ${inits[i]}`).join(', ')}) -> (${iterTypes.map((t) => t.text).join(', ')})` : ''
    const typeText = boundTy === indexTy ? '' : ` : ${boundTy.text}`
    const unsigned = rng.chance(0.15) ? ' unsigned' : ''
    const resultText = this.resultsDeferred(iterTypes)
    this.emit(`${resultText.prefix}scf.for${unsigned} ${iv} = ${lb} to ${ub} step ${step}${iterText}${typeText} {`)
    const ok = this.region(() => {
      this.pool.push({ name: iv, ty: boundTy })
      iterTypes.forEach((ty, i) => this.pool.push({ name: iterNames[i] as string, ty }))
      this.ops()
      return this.emitYield('scf.yield', iterTypes, true)
    })
    this.emit(`}${this.locs.suffix()}`)
    resultText.commit()
    return ok
  }

  /** Like results(), but the values become visible only after commit() (after the op's regions). */
  private resultsDeferred(types: readonly Ty[]): { prefix: string; commit: () => void } {
    if (types.length === 0) {
      return { prefix: '', commit: () => {} }
    }
    const name = this.freshName()
    const prefix = types.length === 1 ? `${name} = ` : `${name}:${types.length} = `
    return {
      prefix,
      commit: () => {
        if (types.length === 1) {
          this.pool.push({ name, ty: types[0] as Ty })
        } else {
          types.forEach((ty, i) => this.pool.push({ name: `${name}#${i}`, ty }))
        }
      },
    }
  }

  private scfIf(): boolean {
    const cond = this.value(intTy(1))
    if (cond === undefined) {
      return false
    }
    const types = this.resultTypes(2)
    const res = this.resultsDeferred(types)
    const typeText = types.length > 0 ? ` -> (${types.map((t) => t.text).join(', ')})` : ''
    this.emit(`${res.prefix}scf.if ${cond}${typeText} {`)
    let ok = this.region(() => {
      this.ops()
      return this.emitYield('scf.yield', types, true)
    })
    if (types.length > 0 || this.rng.chance(0.5)) {
      this.emit('} else {')
      ok = this.region(() => {
        this.ops()
        return this.emitYield('scf.yield', types, true)
      }) && ok
    }
    this.emit(`}${this.locs.suffix()}`)
    res.commit()
    return ok
  }

  private scfWhile(): boolean {
    const initTypes = this.resultTypes(2)
    const inits: string[] = []
    for (const ty of initTypes) {
      const v = this.value(ty)
      if (v === undefined) {
        return false
      }
      inits.push(v)
    }
    const resultTypes = this.rng.chance(0.6) ? initTypes : this.resultTypes(2)
    const beforeArgs = initTypes.map(() => this.freshName())
    const res = this.resultsDeferred(resultTypes)
    const joined = (types: readonly Ty[]): string => types.map((t) => t.text).join(', ')
    const resultText = resultTypes.length === 1 ? joined(resultTypes) : `(${joined(resultTypes)})`
    this.emit(`${res.prefix}scf.while (${beforeArgs.map((n, i) => `${n} = ${inits[i]}`).join(', ')}) : (${joined(initTypes)}) -> ${resultText} {`)
    let ok = this.region(() => {
      initTypes.forEach((ty, i) => this.pool.push({ name: beforeArgs[i] as string, ty }))
      this.ops()
      const cond = this.value(intTy(1))
      const list = this.yieldList(resultTypes)
      if (cond === undefined || list === undefined) {
        return false
      }
      this.emit(`scf.condition(${cond})${list}${this.locs.suffix()}`)
      return true
    })
    this.emit('} do {')
    ok = this.region(() => {
      const afterArgs = resultTypes.map(() => this.freshName())
      if (resultTypes.length > 0 || this.rng.chance(0.5)) {
        this.pop()
        this.emit(`${this.freshBlock()}(${afterArgs.map((n, i) => `${n}: ${(resultTypes[i] as Ty).text}${this.locs.argSuffix()}`).join(', ')}):`)
        this.push()
      }
      resultTypes.forEach((ty, i) => this.pool.push({ name: afterArgs[i] as string, ty }))
      this.ops()
      return this.emitYield('scf.yield', initTypes, false)
    }) && ok
    this.emit(`}${this.locs.suffix()}`)
    res.commit()
    return ok
  }

  private indexSwitch(): boolean {
    const arg = this.value(indexTy)
    if (arg === undefined) {
      return false
    }
    const types = this.resultTypes(2)
    const res = this.resultsDeferred(types)
    const typeText = types.length > 0 ? ` -> ${types.map((t) => t.text).join(', ')}` : ''
    this.emit(`${res.prefix}scf.index_switch ${arg}${this.discardable()}${typeText}`)
    const cases = new Set<number>()
    const n = this.rng.int(0, 3)
    for (let i = 0; i < n; i++) {
      cases.add(this.rng.int(-2, 20))
    }
    let ok = true
    for (const c of cases) {
      this.emit(`case ${c} {`)
      ok = this.region(() => {
        this.ops()
        return this.emitYield('scf.yield', types, false)
      }) && ok
      this.emit('}')
    }
    this.emit('default {')
    ok = this.region(() => {
      this.ops()
      return this.emitYield('scf.yield', types, false)
    }) && ok
    this.emit(`}${this.locs.suffix()}`)
    res.commit()
    return ok
  }

  private executeRegion(): boolean {
    const types = this.resultTypes(2)
    const res = this.resultsDeferred(types)
    const typeText = types.length > 0 ? ` -> ${types.length === 1 ? (types[0] as Ty).text : `(${types.map((t) => t.text).join(', ')})`}` : ''
    this.emit(`${res.prefix}scf.execute_region${typeText} {`)
    const ok = this.region(() => this.cfgBody(this.f.cf ? this.rng.int(1, 3) : 1, () => this.emitYield('scf.yield', types, false)))
    this.emit(`}${this.locs.suffix()}`)
    res.commit()
    return ok
  }

  /** The terminator of a block in a CFG: a branch to one or more later or earlier blocks. */
  private branch(targets: readonly { label: string; args: readonly Ty[] }[], from: number): boolean {
    const rng = this.rng
    const succ = (i: number, plainNames = false): string | undefined => {
      const target = targets[i]
      if (target === undefined) {
        return undefined
      }
      if (target.args.length === 0) {
        return target.label
      }
      const list = this.yieldList(target.args, plainNames)
      return list === undefined ? undefined : `${target.label}(${list.slice(1)})`
    }
    const other = (): number => rng.int(1, targets.length - 1)
    const r = rng.int(0, 2)
    if (r === 1) {
      const cond = this.value(intTy(1))
      const a = succ(from + 1)
      const b = succ(other())
      if (cond === undefined || a === undefined || b === undefined) {
        return false
      }
      const [t, e] = rng.chance(0.5) ? [a, b] : [b, a]
      let weights = ''
      const extra = this.extraRng
      if (this.f.branchWeights && extra.chance(0.3)) {
        const w0 = extra.int(0, 100)
        weights = ` weights([${w0}, ${w0 === 0 ? extra.int(1, 100) : extra.int(0, 100)}])`
      }
      this.emit(`cf.cond_br ${cond}${weights}, ${t}, ${e}${this.locs.suffix()}`)
      return true
    }
    if (r === 2 && this.f.cfSwitch) {
      const flagTy = rng.chance(0.5) ? intTy(32) : randomIntTy(rng)
      if (flagTy.width < 4) {
        return this.branch(targets, from)
      }
      const flag = this.value(flagTy)
      const def = succ(from + 1, true)
      if (flag === undefined || def === undefined) {
        return false
      }
      const cases: string[] = []
      const seen = new Set<number>()
      const n = rng.int(0, 3)
      for (let i = 0; i < n; i++) {
        const v = this.f.negativeSwitchCases ? rng.int(-5, 7) : rng.int(0, 9)
        if (seen.has(v)) {
          continue
        }
        seen.add(v)
        const s = succ(other(), true)
        if (s === undefined) {
          return false
        }
        cases.push(`${v}: ${s}`)
      }
      this.emit(`cf.switch ${flag} : ${flagTy.text}, [`)
      this.push()
      this.emit(`default: ${def}${cases.length > 0 ? ',' : ''}`)
      cases.forEach((c, i) => this.emit(`${c}${i + 1 < cases.length ? ',' : ''}`))
      this.pop()
      this.emit(`]${this.locs.suffix()}`)
      return true
    }
    const s = succ(rng.chance(0.8) ? from + 1 : other())
    if (s === undefined) {
      return false
    }
    this.emit(`cf.br ${s}${this.locs.suffix()}`)
    return true
  }

  /**
   * Emits the blocks of a region: an entry block and blocksCount-1 more with random arguments.
   * Values of the entry block dominate every block; others are local to their block. The last
   * block ends with `exit`.
   */
  private cfgBody(blockCount: number, exit: () => boolean): boolean {
    const targets: { label: string; args: Ty[] }[] = [{ label: '', args: [] }]
    for (let i = 1; i < blockCount; i++) {
      const args: Ty[] = []
      const n = this.rng.int(0, 2)
      for (let j = 0; j < n; j++) {
        const ty = this.signatureType()
        if (this.canMaterialize(ty)) {
          args.push(ty)
        }
      }
      targets.push({ label: this.freshBlock(), args })
    }
    this.ops()
    let ok = blockCount === 1 ? exit() : this.branch(targets, 0)
    for (let i = 1; i < blockCount; i++) {
      const target = targets[i] as { label: string; args: Ty[] }
      const mark = this.pool.length
      const names = target.args.map(() => this.freshName())
      this.pop()
      this.emit(`${target.label}${names.length > 0 ? `(${names.map((n, k) => `${n}: ${(target.args[k] as Ty).text}${this.locs.argSuffix()}`).join(', ')})` : ''}:`)
      this.push()
      target.args.forEach((ty, k) => this.pool.push({ name: names[k] as string, ty }))
      this.ops()
      ok = (i === blockCount - 1 ? exit() : this.branch(targets, i)) && ok
      this.pool.length = mark
    }
    return ok
  }

  private unregistered(withRegions: boolean): boolean {
    const rng = this.rng
    const operands: PoolValue[] = []
    const n = rng.int(0, 3)
    for (let i = 0; i < n; i++) {
      const v = this.anyValue(() => true)
      if (v !== undefined) {
        operands.push(v)
      }
    }
    const resultTypes: Ty[] = []
    const m = rng.int(0, 3)
    for (let i = 0; i < m; i++) {
      resultTypes.push(this.f.exoticTypes && rng.chance(0.3) ? randomExoticTy(rng, this.f.dialectAttrs, this.f.affineAttrs) : this.signatureType())
    }
    const name = rng.pick(UNREGISTERED_NAMES)
    const props = this.f.unregisteredProperties && rng.chance(0.25) ? ` <${this.attrs.dictionary(1, rng.int(this.f.emptyProperties ? 0 : 1, 3))}>` : ''
    const attrs = this.f.attributes && rng.chance(0.6) ? ` ${this.attrs.dictionary(0, rng.int(0, 4))}` : ''
    const res = this.resultsDeferred(resultTypes)
    const head = `${res.prefix}"${name}"(${operands.map((v) => v.name).join(', ')})${props}`
    const fnType = `(${operands.map((v) => v.ty.text).join(', ')}) -> ${resultTypes.length === 1 && rng.chance(0.5) && !(resultTypes[0] as Ty).text.startsWith('(') ? (resultTypes[0] as Ty).text : `(${resultTypes.map((t) => t.text).join(', ')})`}`
    const regionCount = withRegions && rng.chance(0.4) ? rng.int(1, 2) : 0
    if (regionCount === 0) {
      this.emit(`${head}${attrs} : ${fnType}${this.locs.suffix()}`)
      res.commit()
      return true
    }
    this.emit(`${head} ({`)
    for (let r = 0; r < regionCount; r++) {
      if (r > 0) {
        this.emit('}, {')
      }
      this.unregisteredDepth++
      this.region(() => {
        this.unregisteredRegionBody()
        return true
      })
      this.unregisteredDepth--
    }
    this.emit(`})${attrs} : ${fnType}${this.locs.suffix()}`)
    res.commit()
    return true
  }

  private unregisteredRegionBody(): void {
    const rng = this.rng
    if (rng.chance(0.1)) {
      return
    }
    const blockCount = this.f.unregisteredSuccessors ? rng.int(1, 3) : 1
    const labels: string[] = []
    for (let i = 0; i < blockCount; i++) {
      labels.push(this.freshBlock())
    }
    for (let i = 0; i < blockCount; i++) {
      const mark = this.pool.length
      const args: Ty[] = []
      const nargs = rng.int(0, 2)
      for (let k = 0; k < nargs; k++) {
        args.push(this.signatureType())
      }
      const names = args.map(() => this.freshName())
      if (i > 0 || args.length > 0 || rng.chance(0.3)) {
        this.pop()
        this.emit(`${labels[i]}${args.length > 0 ? `(${names.map((n, k) => `${n}: ${(args[k] as Ty).text}${this.locs.argSuffix()}`).join(', ')})` : ''}:`)
        this.push()
      }
      args.forEach((ty, k) => this.pool.push({ name: names[k] as string, ty }))
      this.ops()
      if (i + 1 < blockCount) {
        const succs = [labels[i + 1] as string]
        if (rng.chance(0.5)) {
          succs.push(labels[rng.int(1, blockCount - 1)] as string)
        }
        const v = this.anyValue(() => true)
        const operand = v !== undefined && rng.chance(0.5) ? v : undefined
        this.emit(`"foo.br"(${operand?.name ?? ''})[${succs.join(', ')}] : (${operand?.ty.text ?? ''}) -> ()${this.locs.suffix()}`)
      } else if (blockCount > 1 || rng.chance(0.7)) {
        // In a region of several blocks, each block must end in something that may be a terminator.
        const v = this.anyValue(() => true)
        const operand = v !== undefined && rng.chance(0.5) ? v : undefined
        this.emit(`"foo.yield"(${operand?.name ?? ''}) : (${operand?.ty.text ?? ''}) -> ()${this.locs.suffix()}`)
      }
      if (i > 0) {
        this.pool.length = mark
      }
    }
  }

  // ---- Functions and modules ----

  private funcName(i: number): string {
    const base = this.rng.pick(FUNC_NAMES)
    if (base.startsWith('"')) {
      return `"${base.slice(1, -1)} ${i}"`
    }
    return `${base}${i}`
  }

  private signatures(count: number): FuncSig[] {
    const sigs: FuncSig[] = []
    for (let i = 0; i < count; i++) {
      const args: Ty[] = []
      const nargs = this.rng.int(0, 5)
      for (let k = 0; k < nargs; k++) {
        args.push(this.signatureType())
      }
      sigs.push({ name: this.funcName(i), args, results: this.resultTypes(3) })
    }
    return sigs
  }

  private func(sig: FuncSig, declaration: boolean): void {
    const rng = this.rng
    const f = this.f
    const argAttr = (): string => (f.funcDecls && f.attributes && rng.chance(0.15) ? ` ${this.attrs.dictionary(1, rng.int(1, 2), true)}` : '')
    const results = sig.results.map((t) => `${t.text}${argAttr()}`)
    const resultText = results.length === 0 ? '' : results.length === 1 && !results[0]?.includes('{') && !results[0]?.startsWith('(') ? ` -> ${results[0]}` : ` -> (${results.join(', ')})`
    const funcAttrs = f.funcDecls && f.attributes && rng.chance(0.2) ? ` attributes ${this.attrs.dictionary(1, rng.int(1, 3), true)}` : ''
    if (declaration) {
      const args = sig.args.map((t) => `${t.text}${argAttr()}`)
      this.emit(`func.func private @${sig.name}(${args.join(', ')})${resultText}${funcAttrs}${this.locs.suffix()}`)
      return
    }
    this.pool = []
    const names = sig.args.map(() => `%arg${this.nextValue++}`)
    const args = sig.args.map((t, i) => `${names[i]}: ${t.text}${argAttr()}${this.locs.argSuffix()}`)
    const visibility = f.funcDecls && rng.chance(0.2) ? 'private ' : ''
    this.emit(`func.func ${visibility}@${sig.name}(${args.join(', ')})${resultText}${funcAttrs} {`)
    this.push()
    sig.args.forEach((ty, i) => this.pool.push({ name: names[i] as string, ty }))
    const blocks = f.cf ? (rng.chance(0.5) ? 1 : rng.int(2, 5)) : 1
    this.cfgBody(blocks, () => {
      const list = this.yieldList(sig.results)
      if (list === undefined) {
        this.emit('"foo.unreachable"() : () -> ()')
        return true
      }
      this.emit(`func.return${list}${this.locs.suffix()}`)
      return true
    })
    this.pop()
    this.emit(`}${this.locs.suffix()}`)
  }

  private moduleBody(): void {
    const rng = this.rng
    const count = rng.int(1, this.options.maxFunctions)
    this.funcs = this.signatures(count)
    const declarations = new Set<number>()
    if (this.f.funcDecls) {
      for (let i = 0; i < count; i++) {
        if (count > 1 && rng.chance(0.15)) {
          declarations.add(i)
        }
      }
    }
    for (let i = 0; i < count; i++) {
      this.func(this.funcs[i] as FuncSig, declarations.has(i))
    }
    if (this.f.unregistered && rng.chance(0.3)) {
      this.pool = []
      this.unregistered(false)
    }
  }

  /** Generates the whole module text. */
  generate(): string {
    const rng = this.rng
    const f = this.f
    this.budget = rng.int(10, this.options.maxOps)
    if (f.aliases) {
      const n = rng.int(0, 3)
      for (let i = 0; i < n; i++) {
        const name = `#alias${i}${rng.chance(0.3) ? '_x' : ''}`
        this.lines.push(`${name} = ${this.attrs.value(1)}`)
        this.attrs.aliases.push(name)
      }
    }
    const form = rng.int(0, 3)
    if (form === 0) {
      this.moduleBody()
    } else {
      const name = rng.chance(0.3) ? ' @top' : ''
      const attrs = f.nestedModules && f.attributes && rng.chance(0.4) ? ` attributes ${this.attrs.dictionary(1, rng.int(1, 3), true)}` : ''
      this.emit(`module${name}${attrs} {`)
      this.push()
      this.moduleBody()
      if (f.nestedModules && rng.chance(0.4)) {
        const outer = this.funcs
        this.emit(`module @inner${rng.int(0, 9)} {`)
        this.push()
        this.moduleBody()
        this.pop()
        this.emit(`}${this.locs.suffix()}`)
        this.funcs = outer
      }
      this.pop()
      this.emit(`}${this.locs.suffix()}`)
    }
    const locDefs = this.locs.definitions
    if (locDefs.length > 0) {
      if (this.locs.atTop) {
        this.lines.unshift(...locDefs)
      } else {
        this.lines.push(...locDefs)
      }
    }
    return `${this.lines.join('\n')}\n`
  }
}

/** Generates one valid MLIR module (as accepted by `mlir-opt --allow-unregistered-dialect`) from `seed`. */
export function generateModule(seed: number, features: Features, options: GenerateOptions = DEFAULT_GENERATE_OPTIONS): string {
  return new ModuleGenerator(new Random(seed), features, options, seed).generate()
}
