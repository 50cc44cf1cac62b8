import type { NodeRRT, PoolSpec } from './ResourceModel.ts'

/**
 * The global modulo resource reservation table (tileiras-reference §2.5): `II` rows of slot
 * bits plus pool usage per row; row of cycle `t` is `t mod II`. `probe` never mutates;
 * `commit` and `release` are the only writers, so a failed probe leaves nothing behind.
 */
export class ModuloReservationTable {
  /** Slot bits per modulo row. */
  readonly rows: Uint32Array
  /** Pool units in use, `ii * pools.length` entries. */
  readonly poolUse: Int32Array

  constructor(
    /** The initiation interval (number of rows). */
    readonly ii: number,
    /** The target's capacity pools. */
    readonly pools: readonly PoolSpec[] = [],
  ) {
    this.rows = new Uint32Array(ii)
    this.poolUse = new Int32Array(ii * pools.length)
  }

  /** True when `node` fits with its first row at cycle `t` (slots free, pools within capacity). */
  probe(node: NodeRRT, t: number): boolean {
    const ii = this.ii
    const np = this.pools.length
    const base = ((t % ii) + ii) % ii
    for (let k = 0; k < node.duration; k++) {
      const r = (base + k) % ii
      if ((this.rows[r]! & node.rows[k]!) !== 0) {
        return false
      }
      for (let p = 0; p < np; p++) {
        const c = node.pool[k * np + p]!
        if (c !== 0 && this.poolUse[r * np + p]! + c > this.pools[p]!.cap) {
          return false
        }
      }
    }
    // A footprint longer than II wraps onto itself: its own rows must not collide.
    if (node.duration > ii) {
      for (let r = 0; r < ii; r++) {
        let seen = 0
        for (let k = r; k < node.duration; k += ii) {
          if ((seen & node.rows[k]!) !== 0) {
            return false
          }
          seen |= node.rows[k]!
        }
      }
    }
    return true
  }

  /** Reserves `node`'s rows from cycle `t`; call only after a successful `probe`. */
  commit(node: NodeRRT, t: number): void {
    this.apply(node, t, 1)
  }

  /** Frees what `commit(node, t)` reserved (an eviction). */
  release(node: NodeRRT, t: number): void {
    this.apply(node, t, -1)
  }

  /** True when `node` at `t` and `other` at `u` claim a common slot bit in some modulo row, or together overflow a pool. */
  static conflict(ii: number, pools: readonly PoolSpec[], node: NodeRRT, t: number, other: NodeRRT, u: number): boolean {
    const np = pools.length
    for (let k = 0; k < node.duration; k++) {
      const r = (((t + k) % ii) + ii) % ii
      for (let j = 0; j < other.duration; j++) {
        if ((((u + j) % ii) + ii) % ii !== r) {
          continue
        }
        if ((node.rows[k]! & other.rows[j]!) !== 0) {
          return true
        }
        for (let p = 0; p < np; p++) {
          const a = node.pool[k * np + p]!
          if (a !== 0 && a + other.pool[j * np + p]! > pools[p]!.cap) {
            return true
          }
        }
      }
    }
    return false
  }

  /** The rows as hex masks (`0x8800`), for dumps and golden tests. */
  dump(): string[] {
    return Array.from(this.rows, (r) => `0x${r.toString(16)}`)
  }

  private apply(node: NodeRRT, t: number, sign: 1 | -1): void {
    const ii = this.ii
    const np = this.pools.length
    const base = ((t % ii) + ii) % ii
    for (let k = 0; k < node.duration; k++) {
      const r = (base + k) % ii
      this.rows[r] = sign === 1 ? (this.rows[r]! | node.rows[k]!) >>> 0 : (this.rows[r]! & ~node.rows[k]!) >>> 0
      for (let p = 0; p < np; p++) {
        this.poolUse[r * np + p]! += sign * node.pool[k * np + p]!
      }
    }
  }
}
