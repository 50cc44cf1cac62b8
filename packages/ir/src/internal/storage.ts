let storageCounter = 0

/** @internal Returns a fresh process-unique id for an interned object. */
export function nextStorageId(): number {
  return ++storageCounter
}

/**
 * Interning table for types, attributes and locations: one object per key.
 * Keys are strings built from the parameters (sub-objects contribute their `id`).
 */
export class Uniquer {
  private readonly table = new Map<string, unknown>()

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
    return this.table.size
  }
}
