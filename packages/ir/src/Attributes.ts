import type { Context } from './Context.ts'
import { MAX_V8_HASHED_LENGTH, nextStorageId } from './internal/storage.ts'
import { idList, IndexType, IntegerType, kDynamic, type ShapedType, Signedness, type Type } from './Types.ts'
import type { AffineMap, IntegerSet } from './AffineMap.ts'

/**
 * An attribute: immutable compile-time data. Attributes are interned in their
 * `Context` (equal means identical object), except `DistinctAttr`, which is unique by
 * construction. Create them with the static `get` of a concrete class.
 */
export abstract class Attribute {
  // The fields are declared without initializers and assigned in the constructor: a class
  // field definition per object is much slower than a plain store when every subclass
  // (one per attribute kind) runs it.
  /** The context the attribute is interned in. */
  declare readonly context: Context
  /** Process-unique id, used to build interning keys and hash tables. */
  declare readonly id: number
  constructor(context: Context) {
    this.context = context
    this.id = nextStorageId()
  }
}

/** A name paired with an attribute: one entry of a dictionary or attribute list. */
export interface NamedAttribute {
  readonly name: string
  readonly value: Attribute
}

/** An attribute that carries a type (`42 : i32`, `1.0 : f32`). */
export interface TypedAttr {
  readonly type: Type
}

/**
 * The interned integer attribute of a value too wide for a double, in a function of its
 * own: the callback's captures would make V8 allocate a closure context on every call of
 * `IntegerAttr.get`, the common narrow values included.
 */
function internWideIntegerAttr(type: Type, v: bigint): IntegerAttr {
  const context = type.context
  return context.uniquer.intern(`int:${type.id}:${v}`, () => new IntegerAttr(context, type, v))
}

/**
 * `42 : i32`, `true`, `-1 : si8`, `7 : index`. The value is kept as a bigint in the
 * canonical form for its type: signed interpretation for signless and signed
 * integers (so `255 : i8` is stored as `-1n`), unsigned for unsigned integers.
 */
export class IntegerAttr extends Attribute implements TypedAttr {
  declare readonly type: Type
  declare readonly value: bigint
  /** @internal */
  constructor(context: Context, type: Type, value: bigint) {
    super(context)
    this.type = type
    this.value = value
  }
  static get(type: Type, value: bigint | number): IntegerAttr {
    const v = normalizeInt(type, typeof value === 'bigint' ? value : BigInt(value))
    const context = type.context
    // Values a double holds exactly are found by number; only wider ones build a key.
    const n = Number(v)
    if (Number.isSafeInteger(n)) {
      return context.scalarAttrUniquer.getInteger(context, type, n, v)
    }
    return internWideIntegerAttr(type, v)
  }
  /** The value as a JS number (may lose precision beyond 2^53). */
  get numberValue(): number {
    return Number(this.value)
  }
}

/** @internal Wraps `value` into the range of an integer `type` (index is treated as 64-bit). */
export function normalizeInt(type: Type, value: bigint): bigint {
  if (type instanceof IntegerType) {
    const w = type.width
    if (w === 0) {
      return 0n
    }
    return type.signedness === Signedness.Unsigned ? BigInt.asUintN(w, value) : BigInt.asIntN(w, value)
  }
  return BigInt.asIntN(64, value)
}

/** `true` / `false`: an `IntegerAttr` of type `i1`. */
export const BoolAttr = {
  get(context: Context, value: boolean): IntegerAttr {
    return IntegerAttr.get(IntegerType.get(context, 1), value ? 1n : 0n)
  },
  /** True when `attr` is an `i1` integer attribute. */
  isBool(attr: Attribute): attr is IntegerAttr {
    return (
      attr instanceof IntegerAttr && attr.type instanceof IntegerType && attr.type.width === 1 && attr.type.isSignless
    )
  },
}

/** `1.000000e+00 : f32`. The value is a double holding the type's exact value. */
export class FloatAttr extends Attribute implements TypedAttr {
  declare readonly type: Type
  declare readonly value: number
  /**
   * The exact bit pattern of a NaN whose sign or payload differs from the type's default
   * NaN (as `0x7FC00001 : f32` or `0xFFC0 : bf16` spell it), or of an f80/f128 value that
   * `value` (a double) cannot hold exactly (see `floatAttrFromBits`); null otherwise.
   */
  declare readonly nanBits: bigint | null
  /** @internal */
  constructor(context: Context, type: Type, value: number, nanBits: bigint | null = null) {
    super(context)
    this.type = type
    this.value = value
    this.nanBits = nanBits
  }
  /**
   * The float attribute of `value`; `nanBits` keeps a NaN's exact bit pattern when it is not
   * the type's default NaN (callers pass null for the default one, so equal NaNs stay unique).
   */
  static get(type: Type, value: number, nanBits: bigint | null = null): FloatAttr {
    const context = type.context
    // Ordinary values (not NaN, not -0, which a Map cannot tell from 0) are found by number.
    if (value === value && (value !== 0 || 1 / value > 0)) {
      return context.scalarAttrUniquer.getFloat(context, type, value)
    }
    const bits = Number.isNaN(value) ? nanBits : null
    // Object.is distinguishes -0 from 0 and keeps NaN stable in the key.
    const key = bits !== null ? `flt:${type.id}:nan${bits.toString(16)}` : `flt:${type.id}:${Object.is(value, -0) ? '-0' : String(value)}`
    return context.uniquer.intern(key, () => new FloatAttr(context, type, value, bits))
  }
}

/** `"text"`, optionally typed (`"text" : i32`); `type` is null for the common untyped form. */
export class StringAttr extends Attribute {
  declare readonly value: string
  declare readonly type: Type | null
  /** @internal */
  constructor(context: Context, value: string, type: Type | null) {
    super(context)
    this.value = value
    this.type = type
  }
  static get(context: Context, value: string, type: Type | null = null): StringAttr {
    if (type === null && value.length <= MAX_V8_HASHED_LENGTH) {
      return context.nameAttrUniquer.getString(context, value)
    }
    return internStringAttr(context, value, type)
  }
}

/**
 * A typed string attribute, or one too long for V8 to hash well (see `NameAttrUniquer`),
 * under a string key: in a function of its own, as the callback's captures would make V8
 * allocate a closure context on every call of `StringAttr.get`.
 */
function internStringAttr(context: Context, value: string, type: Type | null): StringAttr {
  const key = type ? `str:${type.id}:${value}` : `str::${value}`
  return context.uniquer.intern(key, () => new StringAttr(context, value, type))
}

/** `unit`: present-or-absent flag attribute. */
export class UnitAttr extends Attribute {
  static get(context: Context): UnitAttr {
    return context.uniquer.intern('unit', () => new UnitAttr(context))
  }
}

/** `[a, b, c]`. */
export class ArrayAttr extends Attribute {
  declare readonly elements: readonly Attribute[]
  /** @internal */
  constructor(context: Context, elements: readonly Attribute[]) {
    super(context)
    this.elements = elements
  }
  static get(context: Context, elements: readonly Attribute[]): ArrayAttr {
    return context.uniquer.intern(`arr:${idList(elements)}`, () => new ArrayAttr(context, [...elements]))
  }
  get length(): number {
    return this.elements.length
  }
}

/** Makes (once per context) the empty dictionary that `DictionaryAttr.empty` returns. */
function internEmptyDictionary(context: Context): DictionaryAttr {
  const d = context.uniquer.intern('dict:', () => new DictionaryAttr(context, []))
  context.dictionaryUniquer.emptyDict = d
  return d
}

/** `{a = 1, b}`: entries are kept sorted by name and names are unique. */
export class DictionaryAttr extends Attribute {
  declare readonly entries: readonly NamedAttribute[]
  /** @internal */
  constructor(context: Context, entries: readonly NamedAttribute[]) {
    super(context)
    this.entries = entries
  }
  /** Builds a dictionary from entries in any order; later duplicates win. */
  static get(context: Context, entries: readonly NamedAttribute[]): DictionaryAttr {
    if (entries.length === 0) {
      return DictionaryAttr.empty(context)
    }
    let sorted = true
    for (let i = 1; i < entries.length; i++) {
      if (!(entries[i - 1]!.name < entries[i]!.name)) {
        sorted = false
        break
      }
    }
    return DictionaryAttr.getSorted(context, sorted ? entries : sortedUnique(entries))
  }
  /** Builds a dictionary from entries already sorted by name with no duplicates. */
  static getSorted(context: Context, entries: readonly NamedAttribute[]): DictionaryAttr {
    if (entries.length === 0) {
      return DictionaryAttr.empty(context)
    }
    if (entries.length === 1) {
      const e = entries[0]!
      return context.dictionaryUniquer.getSingle(context, e.name, e.value)
    }
    return context.dictionaryUniquer.getMany(context, entries)
  }
  /** The empty dictionary `{}`. */
  static empty(context: Context): DictionaryAttr {
    // The interning, whose callback captures `context`, is in a function of its own: V8
    // would otherwise allocate a closure context on every call of this one (twice per op created).
    return context.dictionaryUniquer.emptyDict ?? internEmptyDictionary(context)
  }
  get size(): number {
    return this.entries.length
  }
  /** The value named `name`, or undefined. */
  get(name: string): Attribute | undefined {
    const es = this.entries
    const n = es.length
    if (n < 8) {
      // An indexed loop: a for-of costs a verification of a func.func about 8% more.
      for (let i = 0; i < n; i++) {
        const e = es[i]!
        if (e.name === name) {
          return e.value
        }
      }
      return undefined
    }
    let lo = 0
    let hi = es.length - 1
    while (lo <= hi) {
      const mid = (lo + hi) >> 1
      const n = es[mid]!.name
      if (n === name) {
        return es[mid]!.value
      }
      if (n < name) {
        lo = mid + 1
      } else {
        hi = mid - 1
      }
    }
    return undefined
  }
  has(name: string): boolean {
    return this.get(name) !== undefined
  }
  /** A copy with `name` set to `value`. */
  with(name: string, value: Attribute): DictionaryAttr {
    const out: NamedAttribute[] = []
    let placed = false
    for (const e of this.entries) {
      if (!placed && name <= e.name) {
        out.push({ name, value })
        placed = true
        if (e.name === name) {
          continue
        }
      }
      out.push(e)
    }
    if (!placed) {
      out.push({ name, value })
    }
    return DictionaryAttr.getSorted(this.context, out)
  }
  /** A copy without `name` (this dictionary when absent). */
  without(name: string): DictionaryAttr {
    if (!this.has(name)) {
      return this
    }
    return DictionaryAttr.getSorted(
      this.context,
      this.entries.filter((e) => e.name !== name),
    )
  }
}

/** Slots of `DictionaryUniquer`'s cache of one-entry dictionaries (a power of two). */
const SINGLE_CACHE_SIZE = 256

/**
 * @internal Interning of the empty and the one-entry dictionaries (most operations carry
 * at most one attribute) by name and value id, without building a string key.
 */
export class DictionaryUniquer {
  /** The context's empty dictionary, once made. */
  emptyDict: DictionaryAttr | null = null
  private readonly byName = new Map<string, Map<number, DictionaryAttr>>()
  /**
   * One-entry dictionaries by their value's id (`SINGLE_CACHE_SIZE` slots, the last one made
   * or found in each): ops of a kind carry the same few properties (an `arith.cmpi`
   * predicate, default overflow flags), found here without the two map lookups.
   */
  private readonly singleCache: (DictionaryAttr | null)[] = new Array<DictionaryAttr | null>(SINGLE_CACHE_SIZE).fill(null)

  /** Dictionaries of two or more entries: a trie keyed by each entry's value id, then its name. */
  private readonly manyRoot: DictTrieNode = new DictTrieNode('', null)

  /**
   * The dictionary of `entries` (two or more, sorted by name, no duplicates): found without
   * building a key (a string per op, made and hashed, cost more than the walk).
   */
  getMany(context: Context, entries: readonly NamedAttribute[]): DictionaryAttr {
    let node = this.manyRoot
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!
      const name = e.name
      const id = e.value.id
      const children = node.children
      const first = children !== null ? children.get(id) : node.onlyId === id ? node.only! : undefined
      let child = first
      while (child !== undefined && child.name !== name) {
        child = child.sameValue ?? undefined
      }
      if (child === undefined) {
        child = new DictTrieNode(name, first ?? null)
        if (children !== null) {
          children.set(id, child)
        } else if (node.only === null || node.onlyId === id) {
          node.onlyId = id
          node.only = child
        } else {
          // A second value id: the node's children go to a map.
          const map = new Map<number, DictTrieNode>()
          map.set(node.onlyId, node.only)
          map.set(id, child)
          node.children = map
          node.only = null
        }
      }
      node = child
    }
    let d = node.dict
    if (d === null) {
      // Copied at its length (a list grown by push from empty reserves room for 16, which
      // the dictionary would keep for good), its entries made anew in one shape.
      const copy: NamedAttribute[] = entries.slice()
      for (let i = 0; i < copy.length; i++) {
        const e = copy[i]!
        copy[i] = { name: e.name, value: e.value }
      }
      d = new DictionaryAttr(context, copy)
      node.dict = d
    }
    return d
  }

  /** The dictionary `{name = value}`. */
  getSingle(context: Context, name: string, value: Attribute): DictionaryAttr {
    const slot = value.id & (SINGLE_CACHE_SIZE - 1)
    const cached = this.singleCache[slot]!
    if (cached !== null) {
      const e = cached.entries[0]!
      if (e.value === value && e.name === name) {
        return cached
      }
    }
    const d = this.getSingleUncached(context, name, value)
    this.singleCache[slot] = d
    return d
  }

  private getSingleUncached(context: Context, name: string, value: Attribute): DictionaryAttr {
    let byValue = this.byName.get(name)
    if (byValue === undefined) {
      byValue = new Map()
      this.byName.set(name, byValue)
    }
    let d = byValue.get(value.id)
    if (d === undefined) {
      d = new DictionaryAttr(context, [{ name, value }])
      byValue.set(value.id, d)
    }
    return d
  }
}

/**
 * A node of `DictionaryUniquer`'s trie, for the entries on its path (the last one named
 * `name`): their dictionary once made, and the nodes one entry longer by the id of that
 * entry's value (with the nodes of other names for the same value chained by `sameValue`).
 * While those all have one value id, they are kept without a map (`onlyId`, `only`): the
 * path of a dictionary with a value of its own (a function's name) then branches no more.
 */
class DictTrieNode {
  declare readonly name: string
  declare readonly sameValue: DictTrieNode | null
  declare dict: DictionaryAttr | null
  declare children: Map<number, DictTrieNode> | null
  /** The value id of the children while they have one and `children` is null. */
  declare onlyId: number
  /** The first of the children of value id `onlyId`, or null. */
  declare only: DictTrieNode | null
  constructor(name: string, sameValue: DictTrieNode | null) {
    this.name = name
    this.sameValue = sameValue
    this.dict = null
    this.children = null
    this.onlyId = -1
    this.only = null
  }
}

/**
 * @internal Interning of integer attributes whose value a double holds exactly and of
 * float attributes with ordinary values, by type id and number: constants are parsed by
 * the hundred thousand, and a string key per lookup costs more than the lookup.
 */
export class ScalarAttrUniquer {
  private readonly ints = new TablesByType<IntegerAttr>()
  private readonly floats = new TablesByType<FloatAttr>()

  /** The attribute `v : type`, where `n` is `v` as a (safe) number. */
  getInteger(context: Context, type: Type, n: number, v: bigint): IntegerAttr {
    const table = this.ints.of(type)
    let a = table.get(n)
    if (a === undefined) {
      a = new IntegerAttr(context, type, v)
      table.set(n, a)
    }
    return a
  }

  /** The attribute `value : type` for a value that is neither NaN nor -0. */
  getFloat(context: Context, type: Type, value: number): FloatAttr {
    const table = this.floats.of(type)
    let a = table.get(value)
    if (a === undefined) {
      a = new FloatAttr(context, type, value, null)
      table.set(value, a)
    }
    return a
  }
}

/** One number-keyed table per type, the last one used remembered (constants come in runs of a type). */
class TablesByType<A> {
  private readonly tables = new Map<number, Map<number, A>>()
  private lastType: Type | null = null
  private last: Map<number, A> | null = null

  of(type: Type): Map<number, A> {
    let table = this.last
    if (type !== this.lastType || table === null) {
      table = this.tables.get(type.id) ?? null
      if (table === null) {
        table = new Map()
        this.tables.set(type.id, table)
      }
      this.lastType = type
      this.last = table
    }
    return table
  }
}

/** Orders attribute names as MLIR's `StringRef` comparison does (by UTF-16 code unit here). */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * `entries` sorted by name, the last of each name kept (a new list of the same entries):
 * an insertion sort, as an op has a few attributes and `Array.prototype.sort` with a
 * comparator costs more to start than it saves.
 */
function sortedUnique(entries: readonly NamedAttribute[]): NamedAttribute[] {
  const out: NamedAttribute[] = []
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!
    const name = e.name
    let j = out.length - 1
    while (j >= 0 && out[j]!.name > name) {
      j--
    }
    if (j >= 0 && out[j]!.name === name) {
      out[j] = e
      continue
    }
    out.push(e)
    for (let k = out.length - 1; k > j + 1; k--) {
      out[k] = out[k - 1]!
    }
    out[j + 1] = e
  }
  return out
}

/** The nested references of every flat `SymbolRefAttr` (one shared, frozen list). */
const NO_NESTED_REFERENCES: readonly string[] = Object.freeze([])

/** `i32` used as an attribute value. */
export class TypeAttr extends Attribute {
  declare readonly value: Type
  /** @internal */
  constructor(context: Context, value: Type) {
    super(context)
    this.value = value
  }
  static get(value: Type): TypeAttr {
    const context = value.context
    // Keyed by the type's id alone: no key string to build and hash per function signature.
    return context.uniquer.internIdPair('ty', value.id, 0, () => new TypeAttr(context, value))
  }
}

/** `@root::@nested::@leaf`; a flat reference has no nested parts. */
export class SymbolRefAttr extends Attribute {
  declare readonly rootReference: string
  declare readonly nestedReferences: readonly string[]
  /** @internal */
  constructor(context: Context, rootReference: string, nestedReferences: readonly string[]) {
    super(context)
    this.rootReference = rootReference
    this.nestedReferences = nestedReferences
  }
  static get(context: Context, root: string, nested: readonly string[] = NO_NESTED_REFERENCES): SymbolRefAttr {
    if (nested.length === 0 && root.length <= MAX_V8_HASHED_LENGTH) {
      return context.nameAttrUniquer.getFlatSymbolRef(context, root)
    }
    return internSymbolRefAttr(context, root, nested)
  }
  /** The last reference: the symbol itself. */
  get leafReference(): string {
    return this.nestedReferences.length ? this.nestedReferences[this.nestedReferences.length - 1]! : this.rootReference
  }
  get isFlat(): boolean {
    return this.nestedReferences.length === 0
  }
}

/** A nested symbol reference, or a flat one too long for V8 to hash well, under a string key (see `internStringAttr`). */
function internSymbolRefAttr(context: Context, root: string, nested: readonly string[]): SymbolRefAttr {
  let key = 'sym:' + root.length + ':' + root
  for (let i = 0; i < nested.length; i++) {
    const n = nested[i]!
    key += '::' + n.length + ':' + n
  }
  return context.uniquer.intern(key, () => new SymbolRefAttr(context, root, nested.length === 0 ? NO_NESTED_REFERENCES : nested.slice()))
}

/**
 * @internal Interning of untyped string attributes and flat symbol references by their
 * text, one map each: every function has a name, every call a callee, and a key string
 * built (`str::name`), hashed and dropped per lookup, with a callback closure, cost more
 * than the lookup. Texts longer than `MAX_V8_HASHED_LENGTH`, which V8 hashes by length
 * alone, go to the `Uniquer` under a key, as before.
 */
export class NameAttrUniquer {
  private readonly strings = new Map<string, StringAttr>()
  private readonly flatSymbolRefs = new Map<string, SymbolRefAttr>()

  /** The untyped `StringAttr` of `value`. */
  getString(context: Context, value: string): StringAttr {
    let a = this.strings.get(value)
    if (a === undefined) {
      a = new StringAttr(context, value, null)
      this.strings.set(value, a)
    }
    return a
  }

  /** The flat `SymbolRefAttr` `@root`. */
  getFlatSymbolRef(context: Context, root: string): SymbolRefAttr {
    let a = this.flatSymbolRefs.get(root)
    if (a === undefined) {
      a = new SymbolRefAttr(context, root, NO_NESTED_REFERENCES)
      this.flatSymbolRefs.set(root, a)
    }
    return a
  }
}

/** Base of the `dense<...>` element attributes. */
export abstract class DenseElementsAttr extends Attribute implements TypedAttr {
  abstract readonly type: ShapedType
  /** True when every element has the same value and only one is stored. */
  abstract readonly isSplat: boolean
  get numElements(): number {
    return this.type.numElements
  }
}

/**
 * `dense<[1, 2]> : tensor<2xi32>` or `dense<1.0> : vector<4xf32>`. Integer elements are
 * bigints (normalized like `IntegerAttr`); float elements are numbers; complex
 * elements interleave real and imaginary parts. A splat stores one element.
 */
export class DenseIntOrFPElementsAttr extends DenseElementsAttr {
  /** @internal */
  constructor(
    context: Context,
    readonly type: ShapedType,
    readonly values: readonly bigint[] | readonly number[],
    readonly isSplat: boolean,
    /**
     * Exact bit patterns of the NaN values (by index into `values`) that are not the
     * element type's default NaN, and of f80/f128 elements a double cannot hold, as
     * `FloatAttr.nanBits`; null when there are none.
     */
    readonly nanBits: ReadonlyMap<number, bigint> | null = null,
  ) {
    super(context)
  }
  /** The attribute of `values`; `nanBits` keeps non-default NaN bit patterns by index. */
  static get(
    type: ShapedType,
    values: readonly bigint[] | readonly number[],
    isSplat: boolean,
    nanBits: ReadonlyMap<number, bigint> | null = null,
  ): DenseIntOrFPElementsAttr {
    const context = type.context
    const bits = nanBits !== null && nanBits.size > 0 ? nanBits : null
    // Integers are stored as IntegerAttr stores them (signless as signed), so equal
    // values give the same attribute.
    const elt = type.elementType
    if ((elt instanceof IntegerType || elt instanceof IndexType) && values.length > 0 && typeof values[0] === 'bigint') {
      const ints = values as readonly bigint[]
      for (let i = 0; i < ints.length; i++) {
        const v = ints[i]!
        if (normalizeInt(elt, v) !== v) {
          values = ints.map((x) => normalizeInt(elt, x))
          break
        }
      }
    }
    let key = `dense:${type.id}:${isSplat ? 's' : ''}:${values.map((v) => (Object.is(v, -0) ? '-0' : String(v))).join(',')}`
    if (bits !== null) {
      const entries = [...bits].sort((a, b) => a[0] - b[0])
      key += `:nan${entries.map(([i, b]) => `${i}=${b.toString(16)}`).join(',')}`
    }
    return context.uniquer.intern(
      key,
      () => new DenseIntOrFPElementsAttr(context, type, [...values] as bigint[] | number[], isSplat, bits === null ? null : new Map(bits)),
    )
  }
}

/** `dense<["a", "b"]> : tensor<2x!foo.string>`. */
export class DenseStringElementsAttr extends DenseElementsAttr {
  /** @internal */
  constructor(
    context: Context,
    readonly type: ShapedType,
    readonly values: readonly string[],
    readonly isSplat: boolean,
  ) {
    super(context)
  }
  static get(type: ShapedType, values: readonly string[], isSplat: boolean): DenseStringElementsAttr {
    const context = type.context
    const key = `dstr:${type.id}:${isSplat ? 's' : ''}:${values.map((v) => `${v.length}:${v}`).join(',')}`
    return context.uniquer.intern(key, () => new DenseStringElementsAttr(context, type, [...values], isSplat))
  }
}

/** `dense_resource<blob1> : tensor<4xi32>`: elements held in a file resource by name. */
export class DenseResourceElementsAttr extends DenseElementsAttr {
  readonly isSplat = false
  /** @internal */
  constructor(
    context: Context,
    readonly type: ShapedType,
    readonly resourceKey: string,
  ) {
    super(context)
  }
  static get(type: ShapedType, resourceKey: string): DenseResourceElementsAttr {
    const context = type.context
    return context.uniquer.intern(
      `dres:${type.id}:${resourceKey}`,
      () => new DenseResourceElementsAttr(context, type, resourceKey),
    )
  }
}

/**
 * `array<i32: 1, 2, 3>`: a dense array of integers or floats (element type i1, i8,
 * i16, i32, i64, f32 or f64). Used for `operandSegmentSizes` and similar properties.
 */
export class DenseArrayAttr extends Attribute {
  /** @internal */
  constructor(
    context: Context,
    readonly elementType: Type,
    readonly values: readonly bigint[] | readonly number[],
  ) {
    super(context)
  }
  static get(elementType: Type, values: readonly bigint[] | readonly number[]): DenseArrayAttr {
    const context = elementType.context
    const key = `darr:${elementType.id}:${values.map((v) => (Object.is(v, -0) ? '-0' : String(v))).join(',')}`
    return context.uniquer.intern(
      key,
      () => new DenseArrayAttr(context, elementType, [...values] as bigint[] | number[]),
    )
  }
  /** Convenience for `array<i32: ...>` from JS numbers. */
  static getI32(context: Context, values: readonly number[]): DenseArrayAttr {
    return DenseArrayAttr.get(
      IntegerType.get(context, 32),
      values.map((v) => BigInt(v)),
    )
  }
  get length(): number {
    return this.values.length
  }
}

/** `affine_map<(d0)[s0] -> (d0 + s0)>`. */
export class AffineMapAttr extends Attribute {
  /** @internal */
  constructor(
    context: Context,
    readonly value: AffineMap,
  ) {
    super(context)
  }
  static get(value: AffineMap): AffineMapAttr {
    const context = value.context
    return context.uniquer.intern(`amap:${value.id}`, () => new AffineMapAttr(context, value))
  }
}

/** `affine_set<(d0) : (d0 >= 0)>`. */
export class IntegerSetAttr extends Attribute {
  /** @internal */
  constructor(
    context: Context,
    readonly value: IntegerSet,
  ) {
    super(context)
  }
  static get(value: IntegerSet): IntegerSetAttr {
    const context = value.context
    return context.uniquer.intern(`iset:${value.id}`, () => new IntegerSetAttr(context, value))
  }
}

/** `strided<[?, 1], offset: ?>`; dynamic values are `kDynamic`. */
export class StridedLayoutAttr extends Attribute {
  /** @internal */
  constructor(
    context: Context,
    readonly offset: number,
    readonly strides: readonly number[],
    /**
     * The exact offset and strides when one is beyond 2^53 (`offset` and `strides` then hold
     * rounded numbers), with `kDynamic` where `?`; null otherwise.
     */
    readonly exactOffset: bigint | null,
    readonly exactStrides: readonly bigint[] | null,
  ) {
    super(context)
  }
  static get(context: Context, offset: number, strides: readonly number[]): StridedLayoutAttr {
    return context.uniquer.intern(
      `strided:${offset}:${strides.join(',')}`,
      () => new StridedLayoutAttr(context, offset, [...strides], null, null),
    )
  }
  /** The layout of exact 64-bit values, where `dynamic` marks `?`; exact beyond 2^53. */
  static getExact(context: Context, offset: bigint, strides: readonly bigint[], dynamic: bigint): StridedLayoutAttr {
    const values = [offset, ...strides]
    const numbers: number[] = []
    let needsExact = false
    for (const v of values) {
      if (v === dynamic) {
        numbers.push(kDynamic)
        continue
      }
      let n = Number(v)
      // A literal that would read as `?` is kept exact and rounded away from the marker.
      if (!Number.isSafeInteger(n) || n === kDynamic) {
        needsExact = true
        n = n === kDynamic ? n - 1 : n
      }
      numbers.push(n)
    }
    if (!needsExact) {
      return StridedLayoutAttr.get(context, numbers[0]!, numbers.slice(1))
    }
    const exact = values.map((v) => (v === dynamic ? BigInt(kDynamic) : v))
    return context.uniquer.intern(
      `strided!${values.map((v) => (v === dynamic ? '?' : String(v))).join(',')}`,
      () => new StridedLayoutAttr(context, numbers[0]!, numbers.slice(1), exact[0]!, exact.slice(1)),
    )
  }
}

/** `#foo<"...">` / `#foo.bar<...>` of a dialect that is not loaded: kept as text. */
export class OpaqueAttr extends Attribute {
  /** @internal */
  constructor(
    context: Context,
    readonly dialectNamespace: string,
    readonly attrData: string,
    readonly type: Type | null,
  ) {
    super(context)
  }
  static get(context: Context, dialectNamespace: string, attrData: string, type: Type | null = null): OpaqueAttr {
    const key = `oattr:${dialectNamespace}:${type?.id ?? ''}:${attrData}`
    return context.uniquer.intern(key, () => new OpaqueAttr(context, dialectNamespace, attrData, type))
  }
}

/**
 * `distinct[0]<#attr>`: an attribute that is never uniqued with another, even with the
 * same referenced attribute. The printed number is assigned by the printer.
 */
export class DistinctAttr extends Attribute {
  /** @internal */
  constructor(
    context: Context,
    readonly referencedAttr: Attribute,
  ) {
    super(context)
  }
  static create(referencedAttr: Attribute): DistinctAttr {
    return new DistinctAttr(referencedAttr.context, referencedAttr)
  }
}

/**
 * Base of attributes defined by a loaded dialect (`#llvm.linkage<internal>`). The owning
 * dialect prints and parses the part after `#ns.`.
 */
export abstract class DialectAttr extends Attribute {
  abstract readonly dialectNamespace: string
}
