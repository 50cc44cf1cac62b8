/**
 * @internal A stack of objects not in use, kept for reuse. Unlike an array used with
 * `push`/`pop`, it never gives its storage back: V8 shrinks an array that `pop` empties,
 * so that each next `push` would allocate room for 16 again (for each op parsed or printed).
 */
export class FreeList<T> {
  private readonly items: T[]
  private size: number
  constructor() {
    this.items = []
    this.size = 0
  }
  /** The last object given back, or undefined when there is none. */
  take(): T | undefined {
    if (this.size === 0) {
      return undefined
    }
    return this.items[--this.size]
  }
  /** Keeps `item` for a later `take`. */
  give(item: T): void {
    this.items[this.size++] = item
  }
}
