let storageCounter = 0

/** @internal Returns a fresh process-unique id for an interned object. */
export function nextStorageId(): number {
  return ++storageCounter
}

const PAIR_ID_LIMIT = 2 ** 26

/**
 * Interning table for types, attributes and locations: one object per key.
 * Keys are strings built from the parameters (sub-objects contribute their `id`).
 */
export class Uniquer {
  private readonly table = new Map<string, unknown>()
  /** `internIdPair`'s tables, by kind. */
  private readonly pairs = new Map<string, Map<number, unknown>>()

  /** Returns the object stored under `key`, creating it with `make` on first use. */
  intern<T>(key: string, make: () => T): T {
    let v = this.table.get(key) as T | undefined
    if (v === undefined) {
      v = make()
      this.table.set(key, v)
    }
    return v
  }

  /** Number of interned objects. */
  get size(): number {
    let n = this.table.size
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
