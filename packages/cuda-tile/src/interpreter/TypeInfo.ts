import { printType, type Type } from '@tilepass/ir'

/**
 * What the interpreter needs to know about cuda_tile types, read from their textual form.
 * Reading the text (rather than the dialect's type classes) lets the interpreter run the
 * registered dialect and modules parsed with allow-unregistered dialects alike.
 */

/** An element type of a tile: integer, float or pointer. */
export class ElemType {
  constructor(
    /** `i1`..`i64`, `f16`, `bf16`, `tf32`, `f32`, `f64`, or `ptr`. */
    readonly kind: string,
    /** Width in bits (storage width in memory: i1 is stored as a byte, tf32 as 32 bits). */
    readonly bits: number,
    readonly isFloat: boolean,
    /** The pointee of `ptr<T>`, null for other kinds. */
    readonly pointee: ElemType | null,
  ) {}
  get isInt(): boolean {
    return !this.isFloat && this.pointee === null
  }
  get isPtr(): boolean {
    return this.pointee !== null
  }
  /** Bytes one element occupies in memory. */
  get storageBytes(): number {
    return this.kind === 'i1' ? 1 : this.bits >> 3
  }
  toString(): string {
    return this.pointee !== null ? `ptr<${this.pointee.toString()}>` : this.kind
  }
}

/** `tile<4x8xf32>`: a static power-of-two shape (rank 0 allowed) and an element type. */
export class TileTypeInfo {
  readonly numElements: number
  constructor(
    readonly shape: readonly number[],
    readonly elem: ElemType,
  ) {
    let n = 1
    for (const d of shape) {
      n *= d
    }
    this.numElements = n
  }
}

/** `tensor_view<?x64xf32, strides=[?,1]>`: -1 marks a dynamic size or stride. */
export class TensorViewTypeInfo {
  constructor(
    readonly shape: readonly number[],
    readonly strides: readonly number[],
    readonly elem: ElemType,
  ) {}
}

/**
 * `partition_view<tile=(AxB), padding_value = nan, tensor_view<...>, dim_map=[...]>`, a
 * `strided_view` (the same with `traversal_strides=[...]`): tile i along tile dimension d
 * starts at element i * traversal[d] of tensor_view dimension dimMap[d]; or a
 * `gather_scatter_view` (`sparse_dim=s`), whose tiles take the rows a tile of indices
 * names along dimension s.
 */
export class TiledViewTypeInfo {
  constructor(
    readonly tileShape: readonly number[],
    readonly tensorView: TensorViewTypeInfo,
    /** For each tile dimension, the tensor_view dimension it walks. */
    readonly dimMap: readonly number[],
    /** `zero`, `neg_zero`, `nan`, `pos_inf`, `neg_inf`, or null when loads leave padding unspecified. */
    readonly padding: string | null,
    /** Elements between the starts of neighbouring tiles, per tile dimension (the tile shape for a partition_view). */
    readonly traversal: readonly number[],
    /** The gathered dimension of a gather_scatter_view (its index is a tile of rows), -1 for the others. */
    readonly sparseDim: number,
  ) {}
}

/** `token`. */
export class TokenTypeInfo {}

/** What `typeInfo` returns. */
export type TypeInfo = TileTypeInfo | TensorViewTypeInfo | TiledViewTypeInfo | TokenTypeInfo

const INT_WIDTHS: Record<string, number> = { i1: 1, i8: 8, i16: 16, i32: 32, i64: 64 }
const FLOAT_WIDTHS: Record<string, number> = { f4E2M1FN: 4, f8E8M0FNU: 8, f8E4M3FN: 8, f8E5M2: 8, f16: 16, bf16: 16, tf32: 32, f32: 32, f64: 64 }
const elemCache = new Map<string, ElemType>()

/** The element type named `text` (`f32`, `i64`, `ptr<f16>`), or null when the interpreter has no model of it. */
export function elemTypeFromText(text: string): ElemType | null {
  const cached = elemCache.get(text)
  if (cached !== undefined) {
    return cached
  }
  let elem: ElemType | null = null
  const iw = INT_WIDTHS[text]
  const fw = FLOAT_WIDTHS[text]
  if (iw !== undefined) {
    elem = new ElemType(text, iw, false, null)
  } else if (fw !== undefined) {
    elem = new ElemType(text, fw, true, null)
  } else if (text.startsWith('ptr<') && text.endsWith('>')) {
    const pointee = elemTypeFromText(text.slice(4, -1))
    elem = pointee === null ? null : new ElemType('ptr', 64, false, pointee)
  }
  if (elem !== null) {
    elemCache.set(text, elem)
  }
  return elem
}

/** Thrown by the text reader; `typeInfo` turns it into an error string. */
class TypeTextError extends Error {}

/** A small reader over the text of one type, with the `!cuda_tile.` prefixes removed. */
class TypeText {
  pos = 0
  constructor(readonly text: string) {}

  fail(what: string): never {
    throw new TypeTextError(`expected ${what} at '${this.text.slice(this.pos)}'`)
  }
  eat(s: string): boolean {
    this.skipSpace()
    if (this.text.startsWith(s, this.pos)) {
      this.pos += s.length
      return true
    }
    return false
  }
  expect(s: string): void {
    if (!this.eat(s)) {
      this.fail(`'${s}'`)
    }
  }
  skipSpace(): void {
    while (this.pos < this.text.length && this.text.charCodeAt(this.pos) === 32) {
      this.pos++
    }
  }
  /** A keyword or identifier (`tile`, `padding_value`, `f8E4M3FN`). */
  ident(): string {
    this.skipSpace()
    const start = this.pos
    while (this.pos < this.text.length && /[A-Za-z0-9_]/.test(this.text[this.pos]!)) {
      this.pos++
    }
    if (start === this.pos) {
      this.fail('a keyword')
    }
    return this.text.slice(start, this.pos)
  }
  /** An integer or `?` (-1). */
  dim(): number {
    this.skipSpace()
    if (this.eat('?')) {
      return -1
    }
    const m = /^-?\d+/.exec(this.text.slice(this.pos))
    if (m === null) {
      this.fail('an integer')
    }
    this.pos += m[0].length
    return Number(m[0])
  }
  /** `[a,b,?]`. */
  intList(): number[] {
    this.expect('[')
    const out: number[] = []
    if (this.eat(']')) {
      return out
    }
    do {
      out.push(this.dim())
    } while (this.eat(','))
    this.expect(']')
    return out
  }
  /** `128x64x` followed by an element type: returns the dims and leaves the element. */
  dims(): number[] {
    const out: number[] = []
    for (;;) {
      this.skipSpace()
      const m = /^(\d+|\?)x/.exec(this.text.slice(this.pos))
      if (m === null) {
        return out
      }
      out.push(m[1] === '?' ? -1 : Number(m[1]))
      this.pos += m[0].length
    }
  }
  elem(): ElemType {
    const name = this.ident()
    if (name === 'ptr') {
      this.expect('<')
      const pointee = this.elem()
      this.expect('>')
      return elemTypeFromText(`ptr<${pointee.toString()}>`)!
    }
    const e = elemTypeFromText(name)
    if (e === null) {
      throw new TypeTextError(`element type '${name}' is not supported by the interpreter`)
    }
    return e
  }
  tensorViewBody(): TensorViewTypeInfo {
    const shape = this.dims()
    const elem = this.elem()
    let strides: number[] = []
    if (this.eat(',')) {
      this.expect('strides')
      this.expect('=')
      strides = this.intList()
    }
    this.expect('>')
    if (strides.length !== shape.length) {
      this.fail('one stride per dimension')
    }
    return new TensorViewTypeInfo(shape, strides, elem)
  }
  tiledViewBody(): TiledViewTypeInfo {
    let tileShape: number[] | null = null
    let tv: TensorViewTypeInfo | null = null
    let dimMap: number[] | null = null
    let padding: string | null = null
    let traversal: number[] | null = null
    let sparseDim = -1
    do {
      const key = this.ident()
      if (key === 'tensor_view') {
        this.expect('<')
        tv = this.tensorViewBody()
        continue
      }
      this.expect('=')
      if (key === 'tile') {
        this.expect('(')
        tileShape = []
        if (!this.eat(')')) {
          do {
            tileShape.push(this.dim())
          } while (this.eat('x'))
          this.expect(')')
        }
      } else if (key === 'dim_map') {
        dimMap = this.intList()
      } else if (key === 'traversal_strides') {
        traversal = this.intList()
      } else if (key === 'sparse_dim') {
        sparseDim = this.dim()
      } else if (key === 'padding_value') {
        padding = this.ident()
      } else {
        this.fail('tile, traversal_strides, padding_value, tensor_view, dim_map or sparse_dim')
      }
    } while (this.eat(',') && !this.eat('>'))
    this.eat('>')
    if (tileShape === null || tv === null) {
      this.fail('a tile shape and a tensor_view')
    }
    const map = dimMap ?? tileShape.map((_, i) => i)
    if (map.length !== tileShape.length || tileShape.length !== tv.shape.length) {
      this.fail('a tile shape and dim_map of the tensor_view rank')
    }
    const steps = traversal ?? tileShape
    if (steps.length !== tileShape.length || steps.some((s) => s < 1)) {
      this.fail('one positive traversal stride per tile dimension')
    }
    if (sparseDim >= tileShape.length) {
      this.fail('a sparse_dim below the rank')
    }
    return new TiledViewTypeInfo(tileShape, tv, map, padding, steps, sparseDim)
  }
  top(): TypeInfo {
    const kind = this.ident()
    switch (kind) {
      case 'token':
        return TOKEN
      case 'tile': {
        this.expect('<')
        const shape = this.dims()
        const elem = this.elem()
        this.expect('>')
        return new TileTypeInfo(shape, elem)
      }
      case 'tensor_view':
        this.expect('<')
        return this.tensorViewBody()
      case 'partition_view':
      case 'strided_view':
      case 'gather_scatter_view':
        this.expect('<')
        return this.tiledViewBody()
      default:
        throw new TypeTextError(`type '${kind}' is not supported by the interpreter`)
    }
  }
}

const TOKEN = new TokenTypeInfo()
const infoCache = new WeakMap<Type, TypeInfo | string>()

/**
 * The interpreter's description of a cuda_tile type, or a message saying why there is
 * none. Results are cached per (interned) type.
 */
export function typeInfo(type: Type): TypeInfo | string {
  const cached = infoCache.get(type)
  if (cached !== undefined) {
    return cached
  }
  let text = printType(type).replaceAll('!cuda_tile.', '')
  let info: TypeInfo | string
  try {
    const reader = new TypeText(text)
    info = reader.top()
    reader.skipSpace()
    if (reader.pos !== text.length) {
      text = printType(type)
      info = `cannot interpret type '${text}'`
    }
  } catch (e) {
    if (!(e instanceof TypeTextError)) {
      throw e
    }
    info = `cannot interpret type '${printType(type)}': ${e.message}`
  }
  infoCache.set(type, info)
  return info
}
