/**
 * The schedule constraint attributes (tileiras-reference §2.9): the nine keys the scheduler
 * initialization parses from every op of a scheduled block (the inherent value wins over a
 * discardable one of the same name), the flags word, and the leader-group union-find.
 *
 * Consumers in Tilepass: `gid` / `leader_gid` (ops of one group land at the same depth,
 * gate G4), `max_depth` (gate G2), `force_serial_execution` (generator choice). The five
 * rematerialization keys are parsed and kept in the analysis; Tilepass has no
 * rematerialization stage that reads them yet.
 */
import { IntegerAttr, type Operation } from '@tilepass/ir'

/** The attribute keys, verbatim. */
export const CONSTRAINT_KEYS = {
  gid: 'tileas.schedule.constraint.gid',
  leaderGid: 'tileas.schedule.constraint.leader_gid',
  maxDepth: 'tileas.schedule.constraint.max_depth',
  forceSerial: 'tileas.schedule.constraint.force_serial_execution',
  preferredAtomSize: 'tileas.preferred_atom_size',
  maxNumSlicesForNonReduceAxis: 'tileas.max_num_slices_for_non_reduce_axis',
  maxNumOfRecomputations: 'tileas.max_num_of_recomputations',
  enableDefusion: 'tileas.enable_defusion_if_fusion_extending_liveness',
  recomputable: 'tileas.recomputable',
} as const

/** Bit 0 of the flags word: `force_serial_execution`. */
export const FLAG_FORCE_SERIAL = 1
/** Bit 1 of the flags word: `recomputable`. */
export const FLAG_RECOMPUTABLE = 2
/** Bit 2 of the flags word: `enable_defusion_if_fusion_extending_liveness`. */
export const FLAG_ENABLE_DEFUSION = 4

/** The constraints of one op; missing integer keys read as 0. */
export interface OpConstraints {
  readonly gid: number
  readonly leaderGid: number
  /** 0 (as absent): no bound; otherwise the op's depth must stay below it. */
  readonly maxDepth: number
  readonly preferredAtomSize: number
  readonly maxNumSlicesForNonReduceAxis: number
  readonly maxNumOfRecomputations: number
  /** `FLAG_*` bits. */
  readonly flags: number
  /** True when the op carries `gid` or `leader_gid` (it takes part in the groups). */
  readonly grouped: boolean
}

/** The integer value of `key` on `op` (inherent first, then discardable), 0 when absent or not an integer. */
function intKey(op: Operation, key: string): number {
  const a = op.properties.get(key) ?? op.attributes.get(key)
  return a instanceof IntegerAttr ? Number(a.value) : 0
}

/** True when `op` carries `key` (inherent or discardable); unit keys are presence-only. */
function hasKey(op: Operation, key: string): boolean {
  return op.properties.get(key) !== undefined || op.attributes.get(key) !== undefined
}

/** Parses the nine constraint keys of `op`. */
export function readOpConstraints(op: Operation): OpConstraints {
  const flags =
    (hasKey(op, CONSTRAINT_KEYS.forceSerial) ? FLAG_FORCE_SERIAL : 0) |
    (hasKey(op, CONSTRAINT_KEYS.recomputable) ? FLAG_RECOMPUTABLE : 0) |
    (hasKey(op, CONSTRAINT_KEYS.enableDefusion) ? FLAG_ENABLE_DEFUSION : 0)
  return {
    gid: intKey(op, CONSTRAINT_KEYS.gid),
    leaderGid: intKey(op, CONSTRAINT_KEYS.leaderGid),
    maxDepth: intKey(op, CONSTRAINT_KEYS.maxDepth),
    preferredAtomSize: intKey(op, CONSTRAINT_KEYS.preferredAtomSize),
    maxNumSlicesForNonReduceAxis: intKey(op, CONSTRAINT_KEYS.maxNumSlicesForNonReduceAxis),
    maxNumOfRecomputations: intKey(op, CONSTRAINT_KEYS.maxNumOfRecomputations),
    flags,
    grouped: hasKey(op, CONSTRAINT_KEYS.gid) || hasKey(op, CONSTRAINT_KEYS.leaderGid),
  }
}

/**
 * The leader-group union-find: `union(child, parent)` is directional (the child's root
 * points at the parent's root; no rank or size heuristic) and `find` compresses paths.
 */
export class GroupUnionFind {
  private readonly parent: Map<number, number> = new Map()

  /** The root of `x`'s group. */
  find(x: number): number {
    let root = x
    for (let p = this.parent.get(root); p !== undefined && p !== root; p = this.parent.get(root)) {
      root = p
    }
    // Path compression.
    for (let y = x; y !== root; ) {
      const next = this.parent.get(y)!
      this.parent.set(y, root)
      y = next
    }
    return root
  }

  /** Joins `child`'s group under `parent`'s root. */
  union(child: number, parent: number): void {
    const [c, p] = [this.find(child), this.find(parent)]
    if (c !== p) {
      this.parent.set(c, p)
    }
  }
}

/** The constraints of a block's ops and the group of each (its union-find root, -1 when not grouped). */
export interface BlockConstraints {
  readonly ops: readonly OpConstraints[]
  readonly group: Int32Array
  /** Per node: the depth bound (0: none). */
  readonly maxDepth: Int32Array
  /** True when some op (or the block's parent, `region`) asks for serial execution. */
  readonly forceSerial: boolean
  /** True when some node has a group or a depth bound (the placement must check them). */
  readonly constrained: boolean
  /** Pairs `[node, other]` whose gid is the same with different `leader_gid` values. */
  readonly inconsistent: readonly (readonly [number, number])[]
}

/**
 * One init walk over `ops` in order: parses each op, seeds the union-find
 * (`union(gid -> leader_gid)` when they differ; a missing `leader_gid` reads as 0, so a
 * non-zero gid without a leader joins group 0, as tileiras does) and records the groups.
 */
export function collectBlockConstraints(ops: readonly Operation[], region: Operation | null = null): BlockConstraints {
  const parsed = ops.map(readOpConstraints)
  const dsu = new GroupUnionFind()
  const leaderOf = new Map<number, [number, number]>()
  const inconsistent: [number, number][] = []
  parsed.forEach((c, i) => {
    if (!c.grouped) {
      return
    }
    const seen = leaderOf.get(c.gid)
    if (seen === undefined) {
      leaderOf.set(c.gid, [c.leaderGid, i])
    } else if (seen[0] !== c.leaderGid) {
      inconsistent.push([i, seen[1]])
    }
    if (c.leaderGid !== c.gid) {
      dsu.union(c.gid, c.leaderGid)
    }
  })
  const group = new Int32Array(ops.length).fill(-1)
  const maxDepth = new Int32Array(ops.length)
  let constrained = false
  parsed.forEach((c, i) => {
    if (c.grouped) {
      group[i] = dsu.find(c.gid)
      constrained = true
    }
    if (c.maxDepth > 0) {
      maxDepth[i] = c.maxDepth
      constrained = true
    }
  })
  const forceSerial = parsed.some((c) => (c.flags & FLAG_FORCE_SERIAL) !== 0) || (region !== null && hasKey(region, CONSTRAINT_KEYS.forceSerial))
  return { ops: parsed, group, maxDepth, forceSerial, constrained, inconsistent }
}
