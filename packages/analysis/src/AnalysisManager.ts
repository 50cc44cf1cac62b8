import type { Operation } from '@tilepass/ir'

/**
 * An analysis class: constructed from `(op)` or `(op, am)`, where `am` is the analysis
 * manager of `op` and is the place to query the analyses it depends on. The class itself
 * is the analysis identity (MLIR's `TypeID`).
 */
export interface AnalysisClass<T = unknown> {
  new (op: Operation, am: AnalysisManager): T
  /** The name shown by instrumentation (`-mlir-timing`); defaults to the class name. */
  readonly analysisName?: string
}

/**
 * An analysis may decide itself whether it is invalidated by a pass. It must answer
 * true when it was not preserved or when any analysis it depends on is no longer
 * preserved: an invalidated analysis is removed from `pa` before later ones are asked.
 */
export interface InvalidatableAnalysis {
  isInvalidated(pa: PreservedAnalyses): boolean
}

/** The name instrumentation uses for an analysis class. */
export function getAnalysisName(cls: AnalysisClass): string {
  return cls.analysisName ?? cls.name
}

/**
 * The set of analyses a pass preserved: all of them, none, or specific classes.
 * Mirrors MLIR's `detail::PreservedAnalyses`.
 */
export class PreservedAnalyses {
  private all = false
  // Allocated on first `preserve`: most passes preserve nothing or everything.
  private preserved: Set<AnalysisClass> | null = null

  /** A set that preserves every analysis. */
  static all(): PreservedAnalyses {
    const pa = new PreservedAnalyses()
    pa.all = true
    return pa
  }
  /** A set that preserves nothing. */
  static none(): PreservedAnalyses {
    return new PreservedAnalyses()
  }
  /** A copy of this set. */
  clone(): PreservedAnalyses {
    const pa = new PreservedAnalyses()
    pa.all = this.all
    pa.preserved = this.preserved === null ? null : new Set(this.preserved)
    return pa
  }
  /** Makes this set preserve nothing again (the pass manager reuses one set per nesting level). */
  reset(): void {
    this.all = false
    this.preserved = null
  }
  /** Marks every analysis preserved. */
  preserveAll(): void {
    this.all = true
  }
  /** Marks the given analyses preserved. */
  preserve(...classes: AnalysisClass[]): void {
    const set = (this.preserved ??= new Set())
    for (const c of classes) {
      set.add(c)
    }
  }
  /** Removes `cls` from the preserved set (and the "all" marker, which no longer holds). */
  unpreserve(cls: AnalysisClass): void {
    this.preserved?.delete(cls)
    this.all = false
  }
  /** True when every analysis is preserved. */
  get isAll(): boolean {
    return this.all
  }
  /** True when no analysis is preserved. */
  get isNone(): boolean {
    return !this.all && (this.preserved === null || this.preserved.size === 0)
  }
  /** True when `cls` is preserved. */
  isPreserved(cls: AnalysisClass): boolean {
    return this.all || (this.preserved !== null && this.preserved.has(cls))
  }
}

/**
 * What the analysis manager reports on a cache miss, around the construction of an
 * analysis. The pass manager's instrumentor implements it (analysis sits below
 * pass-manager, so it only knows this narrow interface).
 */
export interface AnalysisListener {
  runBeforeAnalysis(name: string, cls: AnalysisClass, op: Operation): void
  runAfterAnalysis(name: string, cls: AnalysisClass, op: Operation): void
}

function isInvalidatable(a: unknown): a is InvalidatableAnalysis {
  return typeof a === 'object' && a !== null && typeof (a as { isInvalidated?: unknown }).isInvalidated === 'function'
}

// The shared empty maps of `NestedAnalysisMap`s without analyses or nested maps (never written).
const NO_ANALYSES: Map<AnalysisClass, unknown> = new Map()
const NO_CHILDREN: Map<Operation, NestedAnalysisMap> = new Map()

/**
 * The analyses of one operation, keyed by class, in construction order. Dependencies are
 * constructed before their users, so one sweep in order sees a dependency's invalidation
 * before the user is asked. Not exported from the package index: it appears in the
 * published declarations only as the type of `AnalysisManager.impl`.
 */
export class NestedAnalysisMap {
  /**
   * The analyses of `op`: until the first is added (`addAnalysis`), a shared empty map
   * that is never written. A pass manager nests a map per op it runs a pipeline on, and
   * most of those never hold an analysis.
   */
  analyses: Map<AnalysisClass, unknown> = NO_ANALYSES
  /** The maps of the nested ops, the same way (`addChild`). */
  childAnalyses: Map<Operation, NestedAnalysisMap> = NO_CHILDREN

  constructor(
    readonly op: Operation,
    readonly parent: NestedAnalysisMap | null,
    readonly listener: AnalysisListener | null,
  ) {}

  /** Adds `analysis` as the analysis `cls` of `op`. */
  addAnalysis(cls: AnalysisClass, analysis: unknown): void {
    let analyses = this.analyses
    if (analyses === NO_ANALYSES) {
      analyses = new Map()
      this.analyses = analyses
    }
    analyses.set(cls, analysis)
  }

  /** Adds `child` as the map of the nested op `op`. */
  addChild(op: Operation, child: NestedAnalysisMap): void {
    let children = this.childAnalyses
    if (children === NO_CHILDREN) {
      children = new Map()
      this.childAnalyses = children
    }
    children.set(op, child)
  }

  /** Invalidates what `pa` does not preserve, here and in every nested map. */
  invalidate(pa: PreservedAnalyses): void {
    if (pa.isAll) {
      return
    }
    this.invalidateOwn(pa)
    if (pa.isNone) {
      // V8's Map.clear allocates a new table even when empty; this runs after every pass.
      if (this.childAnalyses.size > 0) {
        this.childAnalyses.clear()
      }
      return
    }
    const worklist: NestedAnalysisMap[] = [this]
    while (worklist.length > 0) {
      const map = worklist.pop()!
      for (const child of map.childAnalyses.values()) {
        child.invalidateOwn(pa)
        if (child.childAnalyses.size > 0) {
          worklist.push(child)
        }
      }
    }
  }

  private invalidateOwn(pa: PreservedAnalyses): void {
    if (this.analyses.size === 0) {
      return
    }
    // Each map gets its own copy: an invalidated analysis is unpreserved so that the
    // analyses depending on it see that, but only among the analyses of this op.
    const copy = pa.clone()
    for (const [cls, analysis] of this.analyses) {
      const invalid = isInvalidatable(analysis) ? analysis.isInvalidated(copy) : !copy.isPreserved(cls)
      if (invalid) {
        copy.unpreserve(cls)
        this.analyses.delete(cls)
      }
    }
  }
}

/**
 * Answers analysis queries for one operation and its descendants, caching results per
 * operation. Cheap to create: it is a view on shared per-op maps, handed to passes and
 * to analyses that depend on other analyses.
 */
export class AnalysisManager {
  /** @internal */
  readonly impl: NestedAnalysisMap

  /** @internal */
  constructor(impl: NestedAnalysisMap) {
    this.impl = impl
  }

  /** The top-level manager for `op`, reporting cache misses to `listener`. */
  static forOperation(op: Operation, listener: AnalysisListener | null = null): AnalysisManager {
    return new AnalysisManager(new NestedAnalysisMap(op, null, listener))
  }

  /** The operation this manager answers for. */
  get operation(): Operation {
    return this.impl.op
  }
  /** The listener told about analysis construction, if any. */
  get listener(): AnalysisListener | null {
    return this.impl.listener
  }

  /** The analysis `cls` of this op, constructing and caching it on first request. */
  getAnalysis<T>(cls: AnalysisClass<T>): T {
    const map = this.impl
    if (map.analyses.has(cls)) {
      return map.analyses.get(cls) as T
    }
    const listener = map.listener
    const name = listener !== null ? getAnalysisName(cls) : ''
    listener?.runBeforeAnalysis(name, cls, map.op)
    const analysis = new cls(map.op, this)
    // Dependencies were inserted while constructing; inserting now keeps them first.
    map.addAnalysis(cls, analysis)
    listener?.runAfterAnalysis(name, cls, map.op)
    return analysis
  }

  /** The analysis `cls` of this op if it is cached. */
  getCachedAnalysis<T>(cls: AnalysisClass<T>): T | undefined {
    return this.impl.analyses.get(cls) as T | undefined
  }

  /** The cached analysis `cls` of the ancestor `parentOp`, if any. */
  getCachedParentAnalysis<T>(parentOp: Operation, cls: AnalysisClass<T>): T | undefined {
    for (let map = this.impl.parent; map !== null; map = map.parent) {
      if (map.op === parentOp) {
        return map.analyses.get(cls) as T | undefined
      }
    }
    return undefined
  }

  /** The analysis `cls` of the descendant `child`, constructing it when needed. */
  getChildAnalysis<T>(child: Operation, cls: AnalysisClass<T>): T {
    return this.nest(child).getAnalysis(cls)
  }

  /** The cached analysis `cls` of the descendant `child`, if any. */
  getCachedChildAnalysis<T>(child: Operation, cls: AnalysisClass<T>): T | undefined {
    const path = this.ancestorPath(child)
    let map: NestedAnalysisMap | undefined = this.impl
    for (let i = path.length - 1; i >= 0 && map !== undefined; i--) {
      map = map.childAnalyses.get(path[i]!)
    }
    return map?.analyses.get(cls) as T | undefined
  }

  /** The manager of the descendant `op` (created on demand). */
  nest(op: Operation): AnalysisManager {
    if (op.parentOp === this.impl.op) {
      return this.nestImmediate(op)
    }
    const path = this.ancestorPath(op)
    let am = this.nestImmediate(path[path.length - 1]!)
    for (let i = path.length - 2; i >= 0; i--) {
      am = am.nestImmediate(path[i]!)
    }
    return am
  }

  /** Invalidates the analyses `pa` does not preserve, on this op and its descendants. */
  invalidate(pa: PreservedAnalyses): void {
    this.impl.invalidate(pa)
  }

  /** Drops every analysis of this op and its descendants. */
  clear(): void {
    const map = this.impl
    if (map.analyses.size > 0) {
      map.analyses.clear()
    }
    if (map.childAnalyses.size > 0) {
      map.childAnalyses.clear()
    }
  }

  private nestImmediate(op: Operation): AnalysisManager {
    const map = this.impl
    let child = map.childAnalyses.get(op)
    if (child === undefined) {
      child = new NestedAnalysisMap(op, map, map.listener)
      map.addChild(op, child)
    }
    return new AnalysisManager(child)
  }

  /** `op` and its ancestors up to (not including) this manager's op, innermost first. */
  private ancestorPath(op: Operation): Operation[] {
    const root = this.impl.op
    const path: Operation[] = []
    let cur: Operation | null = op
    while (cur !== null && cur !== root) {
      path.push(cur)
      cur = cur.parentOp
    }
    if (cur === null || path.length === 0) {
      throw new Error(`'${op.name.name}' is not a descendant of the analysis manager's '${root.name.name}' operation`)
    }
    return path
  }
}
