/**
 * The dependence graph of an `scf.for` K-loop body in tile-assembly form (tileiras-reference
 * §2.2, TILE.md §5): one node per top-level op of the body, classified by name into the
 * book's footprints, SSA edges with the producer's latency, memory edges (async copy ->
 * the waits, barriers and shared-memory reads that depend on it), and loop-carried edges
 * from `scf.yield` to the users of the iteration arguments (the accumulator recurrence,
 * distance 1).
 */
import { DialectShapedType, FloatType, IndexType, IntegerType, type Operation, type Type, type Value } from '@tilepass/ir'
import { DependenceGraph } from './DependenceGraph.ts'
import { FOOTPRINTS, LATENCY, SLOT, type Footprint } from './ResourceModel.ts'

/** What the scheduler sees an op as. */
export type LoopOpKind = 'copy' | 'commit' | 'wait' | 'barrier' | 'smemRead' | 'mma' | 'alu' | 'other'

/** The tileas op names the scheduler knows (tile-core's dialect, tile-mma's GEMM path). */
export const TILEAS_OPS = {
  allocShared: 'tileas.alloc_shared',
  asyncCopy: 'tileas.async_copy',
  commitGroup: 'tileas.async_commit_group',
  asyncWait: 'tileas.async_wait',
  barrier: 'tileas.barrier',
  localLoad: 'tileas.local_load',
  mma: 'tileas.mma',
} as const

/** The kind of `op` (by name). */
export function classifyLoopOp(op: Operation): LoopOpKind {
  switch (op.name.name) {
    case TILEAS_OPS.asyncCopy:
      return 'copy'
    case TILEAS_OPS.commitGroup:
      return 'commit'
    case TILEAS_OPS.asyncWait:
      return 'wait'
    case TILEAS_OPS.barrier:
      return 'barrier'
    case TILEAS_OPS.localLoad:
      return 'smemRead'
    case TILEAS_OPS.mma:
      return 'mma'
    default:
      // Scalar and elementwise math (arith, index, tileas elementwise ops on scalars).
      return op.regions.length === 0 && op.name.name !== TILEAS_OPS.allocShared ? 'alu' : 'other'
  }
}

/** An issue-only op (commit, wait, barrier): one cycle of the issue slot. */
const ISSUE_ONLY: Footprint = { triples: [{ slot: SLOT.issue, duration: 1, occupancy: 1 }] }

/**
 * The latency of a `cp.async` copy until its group can complete: the global read transport
 * then the shared-memory write transport (scheduling weights, tileiras-reference §2.4).
 */
export const COPY_LATENCY: number = 2 * LATENCY.transport

/** The footprint and latency of each kind. */
export function footprintOf(kind: LoopOpKind): { footprint: Footprint; latency: number } {
  switch (kind) {
    case 'copy':
      return { footprint: FOOTPRINTS.cpAsync, latency: COPY_LATENCY }
    case 'commit':
    case 'wait':
    case 'barrier':
      return { footprint: ISSUE_ONLY, latency: 1 }
    case 'smemRead':
      return { footprint: FOOTPRINTS.ldmatrix, latency: LATENCY.transport }
    case 'mma':
      return { footprint: FOOTPRINTS.mmaSync, latency: LATENCY.mmaAccumulator }
    case 'alu':
    case 'other':
      return { footprint: FOOTPRINTS.alu, latency: LATENCY.alu }
  }
}

/** The dependence graph of one loop body and the ops behind its nodes. */
export interface LoopGraph {
  /** The `scf.for`. */
  readonly loop: Operation
  /** The body's ops in program order (the terminator excluded); node `i` is `ops[i]`. */
  readonly ops: readonly Operation[]
  readonly kinds: readonly LoopOpKind[]
  readonly graph: DependenceGraph
}

/** The top-level op of `block`'s ops that is or contains `op`, or null when `op` is outside. */
function topLevelIn(op: Operation, loop: Operation): Operation | null {
  for (let o: Operation | null = op; o !== null; o = o.parentOp) {
    if (o.parentOp === loop) {
      return o
    }
  }
  return null
}

/** True when `kind` touches shared memory or the async-copy state. */
function isMemoryKind(kind: LoopOpKind): boolean {
  return kind === 'copy' || kind === 'commit' || kind === 'wait' || kind === 'barrier' || kind === 'smemRead' || kind === 'other'
}

/** The buffer operand of a copy or shared-memory read (by name), or null. */
export function bufferOperand(op: Operation): Value | null {
  const name = op.name.name
  if (name === TILEAS_OPS.localLoad) {
    return op.getOperand(0)
  }
  if (name === TILEAS_OPS.asyncCopy) {
    // base, offsets..., dims..., strides..., buffer, stage
    return op.getOperand(op.operands.length - 2)
  }
  return null
}

/** The stage operand of a copy or shared-memory read, or null. */
export function stageOperand(op: Operation): Value | null {
  const name = op.name.name
  return name === TILEAS_OPS.localLoad || name === TILEAS_OPS.asyncCopy ? op.getOperand(op.operands.length - 1) : null
}

/**
 * Builds the dependence graph of `loop`'s body (an `scf.for` with one block). Edges:
 * - SSA: `def -> user` with the def's latency, distance 0 (operands used in nested regions
 *   count for the top-level op that holds them);
 * - loop-carried: the op yielding iteration argument `i` -> the users of argument `i`, with
 *   the yielding op's latency, distance 1 (the accumulator recurrence);
 * - memory, distance 0: a copy -> each later shared-memory read of the same buffer (the
 *   copy's latency); ordering edges of latency 1 from each memory op to the next wait or
 *   barrier and from a wait or barrier to each later memory op (the token and barrier
 *   order of the single-buffered form).
 */
export function buildLoopGraph(loop: Operation): LoopGraph {
  const body = loop.getRegion(0).front
  const ops: Operation[] = []
  for (let o = body.firstOp; o !== null && o !== body.lastOp; o = o.nextOp) {
    ops.push(o)
  }
  const index = new Map<Operation, number>()
  const graph = new DependenceGraph()
  const kinds: LoopOpKind[] = []
  ops.forEach((op, i) => {
    index.set(op, i)
    const kind = classifyLoopOp(op)
    kinds.push(kind)
    const { footprint, latency } = footprintOf(kind)
    graph.addNode(op.name.name, footprint, latency)
  })
  const seen = new Set<number>()
  const addOnce = (src: number, dst: number, latency: number, distance: number): void => {
    const key = (src * ops.length + dst) * 2 + (distance > 0 ? 1 : 0)
    if (src === dst && distance === 0) {
      return
    }
    if (!seen.has(key)) {
      seen.add(key)
      graph.addEdge(src, dst, latency, distance)
    }
  }
  // SSA edges (operands of nested ops included).
  ops.forEach((op, i) => {
    op.walk((inner) => {
      for (const operand of inner.operands) {
        const def = operand.value.definingOp
        if (def === null) {
          continue
        }
        const top = topLevelIn(def, loop)
        const j = top === null ? undefined : index.get(top)
        if (j !== undefined && j !== i) {
          addOnce(j, i, graph.nodes[j]!.latency, 0)
        }
      }
    })
  })
  // Loop-carried edges: yield operand k feeds iteration argument k (block argument k + 1).
  const yieldOp = body.lastOp!
  yieldOp.getOperands().forEach((v, k) => {
    const def = v.definingOp
    const top = def === null ? null : topLevelIn(def, loop)
    const src = top === null ? undefined : index.get(top)
    if (src === undefined) {
      return
    }
    const arg = body.getArgument(k + 1)
    for (const user of arg.users()) {
      const t = topLevelIn(user, loop)
      const dst = t === null ? undefined : index.get(t)
      if (dst !== undefined) {
        addOnce(src, dst, graph.nodes[src]!.latency, 1)
      }
    }
  })
  // Memory edges.
  for (let i = 0; i < ops.length; i++) {
    const ki = kinds[i]!
    if (ki === 'copy') {
      const buf = bufferOperand(ops[i]!)
      for (let j = i + 1; j < ops.length; j++) {
        if (kinds[j] === 'smemRead' && bufferOperand(ops[j]!) === buf) {
          addOnce(i, j, graph.nodes[i]!.latency, 0)
        }
      }
    }
    if (ki === 'wait' || ki === 'barrier') {
      for (let j = 0; j < i; j++) {
        if (isMemoryKind(kinds[j]!)) {
          addOnce(j, i, 1, 0)
        }
      }
      for (let j = i + 1; j < ops.length; j++) {
        if (isMemoryKind(kinds[j]!)) {
          addOnce(i, j, 1, 0)
        }
      }
    }
  }
  return { loop, ops, kinds, graph }
}

/**
 * Registers per thread that a value of type `t` holds when distributed over `threads`
 * threads: a dialect shaped type (a distributed tile) its elements x element bits / 32 /
 * threads (at least 1), an integer, index or float scalar its bits / 32 (at least 1), 0 for
 * tokens, buffers and other handles.
 */
export function registersOf(t: Type, threads: number): number {
  if (t instanceof DialectShapedType) {
    const elems = t.shape.reduce((a, b) => a * b, 1)
    return Math.max(1, Math.ceil((elems * bitsOf(t.elementType)) / 32 / Math.max(1, threads)))
  }
  const bits = bitsOf(t)
  return bits === 0 ? 0 : Math.max(1, Math.ceil(bits / 32))
}

function bitsOf(t: Type): number {
  if (t instanceof IntegerType || t instanceof FloatType) {
    return t.width
  }
  return t instanceof IndexType ? 64 : 0
}
