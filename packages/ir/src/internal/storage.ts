let storageCounter = 0

/** @internal Returns a fresh process-unique id for an interned object. */
export function nextStorageId(): number {
  return ++storageCounter
}

const PAIR_ID_LIMIT = 2 ** 26

/**
 * @internal V8 hashes a string longer than this by its length alone (`String::kMaxHashCalcLength`):
 * as Map keys, long strings of one length all collide, and each lookup compares the new
 * key with every one of them (3,000 string attributes of 100 KB took 50 s to parse).
 */
export const MAX_V8_HASHED_LENGTH = 16383

/** An FNV-1a hash of all of `s`'s UTF-16 code units. */
function hashLongKey(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h = Math.imul(h ^ s.charCodeAt(i), 0x01000193)
  }
  return h >>> 0
}

/** An interned object under a key too long for V8 to hash (see `MAX_V8_HASHED_LENGTH`). */
class LongKeyEntry {
  constructor(
    readonly key: string,
    readonly value: unknown,
  ) {}
}

/**
 * Interning table for types, attributes and locations: one object per key.
 * Keys are strings built from the parameters (sub-objects contribute their `id`).
 */
export class Uniquer {
  private readonly table = new Map<string, unknown>()
  /** `internIdPair`'s tables, by kind. */
  private readonly pairs = new Map<string, Map<number, unknown>>()
  /** Objects whose key is longer than `MAX_V8_HASHED_LENGTH`, by a hash of the whole key. */
  private readonly longKeys = new Map<number, LongKeyEntry[]>()
  private numLongKeys = 0

  /** Returns the object stored under `key`, creating it with `make` on first use. */
  intern<T>(key: string, make: () => T): T {
    if (key.length > MAX_V8_HASHED_LENGTH) {
      return this.internLongKey(key, make)
    }
    let v = this.table.get(key) as T | undefined
    if (v === undefined) {
      v = make()
      this.table.set(key, v)
    }
    return v
  }

  /**
   * The object stored under `key`, or undefined (always for a key longer than
   * `MAX_V8_HASHED_LENGTH`): a check before `intern` that makes no callback.
   */
  lookup<T>(key: string): T | undefined {
    return key.length > MAX_V8_HASHED_LENGTH ? undefined : (this.table.get(key) as T | undefined)
  }

  private internLongKey<T>(key: string, make: () => T): T {
    const h = hashLongKey(key)
    let bucket = this.longKeys.get(h)
    if (bucket === undefined) {
      bucket = []
      this.longKeys.set(h, bucket)
    }
    for (const e of bucket) {
      if (e.key === key) {
        return e.value as T
      }
    }
    const v = make()
    bucket.push(new LongKeyEntry(key, v))
    this.numLongKeys++
    return v
  }

  /** Number of interned objects. */
  get size(): number {
    let n = this.table.size + this.numLongKeys
    for (const byKind of this.pairs.values()) { n += byKind.size }
    return n
  }

  /**
   * The object of kind `pairTable` keyed by the storage ids `a` and `b` (below 2^26, which
   * makes the key one exact number), made with `make` on first use: a key without
   * building and hashing a string, for objects made in bulk (the call-site locations of
   * inlined ops). Ids at or above 2^26 use a string key instead.
   */
  internIdPair<T>(kind: string, a: number, b: number, make: () => T): T {
    if (a >= PAIR_ID_LIMIT || b >= PAIR_ID_LIMIT) {
      return this.intern(`${kind}:${a}:${b}`, make)
    }
    let byKind = this.pairs.get(kind)
    if (byKind === undefined) {
      byKind = new Map()
      this.pairs.set(kind, byKind)
    }
    const key = a * PAIR_ID_LIMIT + b
    let v = byKind.get(key) as T | undefined
    if (v === undefined) {
      v = make()
      byKind.set(key, v)
    }
    return v
  }
}
