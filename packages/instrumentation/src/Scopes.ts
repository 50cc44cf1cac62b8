import type { PassInstrumentation, PassInstrumentor } from '@tilepass/pass-manager'

/**
 * What named scopes are entered on: a `PassManager`, or a running `Pass` (its pass
 * manager's chain, for scopes opened inside `runOnOperation`).
 */
export interface ScopeHost {
  getPassInstrumentor(): PassInstrumentor | null
}

/**
 * The named scopes the tileiras pipeline opens, spelled exactly as its timing reports
 * and callbacks match them. The spelling is the contract: do not correct them.
 */
export const SCOPE_NAMES: {
  readonly CompileNVVM: 'CompileNVVM'
  readonly SerializeGPUModule: 'SerializeGPUModule'
  readonly FindTargetForLoops: 'IRWalk::findTargetForLoops'
  readonly UnrollStaticForLoop: 'Schedule::unrollStaticForLoop'
  readonly TileASGenerateSchedule: 'TileASGenerateSchedule'
  readonly TileASPrepareForScheduling: 'TileASPrepareForScheduling'
  readonly LegalizeLoopScheduleForMaterialization: 'legalizeLoopScheduleForMaterialization'
  readonly DumpTrace: 'DumpTraceImpl::run'
  readonly UnrollSmallLoopsForScheduling: 'unrollSmallLoopsForScheduling'
  readonly DecomposeSingleOp: 'decomposeSingleOp'
  readonly LoopUnrollByFactor: 'loopUnrollByFactor'
  readonly LoopUnrollByHeuristic: 'loopUnrollByHeuristic'
  readonly DecomposeTiledLoadStoreView: 'decomposeTiledLoadStoreView'
  readonly RefineVecSizeOfAtoms: 'refineVecSizeOfAtoms'
  readonly SliceAndFuse: 'sliceAndFuse'
  readonly TileASSliceAndFuse: 'TileASSliceAndFuse'
  readonly RunCanonicalizer: 'runCanonicalizer'
  readonly CompactMemLayout: 'compactMemLayout'
  readonly RefreshBoxDim: 'refreshBoxDim'
  readonly TryAddConstraintToAvoidRegSpilling: 'ResourceConstraintBuilder::tryAddConstraintToAvoidRegSpilling'
} = {
  CompileNVVM: 'CompileNVVM',
  SerializeGPUModule: 'SerializeGPUModule',
  FindTargetForLoops: 'IRWalk::findTargetForLoops',
  UnrollStaticForLoop: 'Schedule::unrollStaticForLoop',
  TileASGenerateSchedule: 'TileASGenerateSchedule',
  TileASPrepareForScheduling: 'TileASPrepareForScheduling',
  LegalizeLoopScheduleForMaterialization: 'legalizeLoopScheduleForMaterialization',
  DumpTrace: 'DumpTraceImpl::run',
  UnrollSmallLoopsForScheduling: 'unrollSmallLoopsForScheduling',
  DecomposeSingleOp: 'decomposeSingleOp',
  LoopUnrollByFactor: 'loopUnrollByFactor',
  LoopUnrollByHeuristic: 'loopUnrollByHeuristic',
  DecomposeTiledLoadStoreView: 'decomposeTiledLoadStoreView',
  RefineVecSizeOfAtoms: 'refineVecSizeOfAtoms',
  SliceAndFuse: 'sliceAndFuse',
  TileASSliceAndFuse: 'TileASSliceAndFuse',
  RunCanonicalizer: 'runCanonicalizer',
  CompactMemLayout: 'compactMemLayout',
  RefreshBoxDim: 'refreshBoxDim',
  TryAddConstraintToAvoidRegSpilling: 'ResourceConstraintBuilder::tryAddConstraintToAvoidRegSpilling',
}

/** A pass manager: it owns its chain (a running pass borrows its manager's). */
function isPassManagerLike(h: ScopeHost): boolean {
  return typeof (h as { addInstrumentation?: unknown }).addInstrumentation === 'function'
}

/** An instrumentation that also observes named scopes (timing, traces). */
export interface ScopeListener {
  /** Scope `name` was entered. */
  runBeforeScope(name: string): void
  /** Scope `name` was exited; `succeeded` is false when its body threw or failed. */
  runAfterScope(name: string, succeeded: boolean): void
}

/** An instrumentation that also records decisions made inside a scope (the scheduler trace). */
export interface ScopeEventListener {
  /** A decision `name` with its details, made inside the innermost open scope. */
  runOnScopeEvent(name: string, args: Readonly<Record<string, string | number | boolean>>): void
}

/** True when an instrumentation of `host`'s chain records scope events (build the details only then). */
export function hasScopeEventListener(host: ScopeHost): boolean {
  const chain = host.getPassInstrumentor()
  if (chain === null) {
    return false
  }
  for (let i = 0; i < chain.size; i++) {
    if (typeof (chain.at(i) as Partial<ScopeEventListener>).runOnScopeEvent === 'function') {
      return true
    }
  }
  return false
}

/** Reports decision `name` to every scope-event listener of `host`'s chain, in chain order. */
export function emitScopeEvent(host: ScopeHost, name: string, args: Readonly<Record<string, string | number | boolean>>): void {
  const chain = host.getPassInstrumentor()
  if (chain === null) {
    return
  }
  for (let i = 0; i < chain.size; i++) {
    const pi = chain.at(i) as Partial<ScopeEventListener>
    if (typeof pi.runOnScopeEvent === 'function') {
      pi.runOnScopeEvent(name, args)
    }
  }
}

function isScopeListener(pi: PassInstrumentation): pi is PassInstrumentation & ScopeListener {
  const l = pi as Partial<ScopeListener>
  return typeof l.runBeforeScope === 'function' && typeof l.runAfterScope === 'function'
}

/** The token of a scope entered with no instrumentation installed; exiting it does nothing. */
export const INVALID_SCOPE_TOKEN = -1

const chains = new WeakMap<object, ScopeChain>()

/**
 * The named-scope side of a pass manager's instrumentation chain. `enter` returns an
 * integer token; `exit` retires it. Tokens are slots: a retired slot is reused by the
 * next scope, so two scopes may get the same token, and a token must never be used as
 * a key beyond its scope (use the name). Listeners are called in chain order on entry
 * and in reverse order on exit, like the pass hooks.
 */
export class ScopeChain {
  private readonly names: (string | null)[] = []
  private readonly free: number[] = []

  private constructor(private readonly pm: ScopeHost) {}

  /**
   * The scope chain of `pm` (one per pass manager). For a running pass, the chain of the
   * instrumentor it runs under (one per instrumentor), or an inert chain without one.
   */
  static of(pm: ScopeHost): ScopeChain {
    const key: object = isPassManagerLike(pm) ? pm : (pm.getPassInstrumentor() ?? pm)
    let c = chains.get(key)
    if (c === undefined) {
      c = new ScopeChain(isPassManagerLike(pm) ? pm : { getPassInstrumentor: () => (key === pm ? null : (key as PassInstrumentor)) })
      chains.set(key, c)
    }
    return c
  }

  /** Enters scope `name`; returns its token, or `INVALID_SCOPE_TOKEN` when `pm` has no instrumentation. */
  enter(name: string): number {
    const chain = this.pm.getPassInstrumentor()
    if (chain === null || chain.size === 0) {
      return INVALID_SCOPE_TOKEN
    }
    let token: number
    if (this.free.length > 0) {
      // The lowest retired slot first, so that reuse is predictable.
      this.free.sort((a, b) => b - a)
      token = this.free.pop()!
      this.names[token] = name
    } else {
      token = this.names.length
      this.names.push(name)
    }
    for (let i = 0; i < chain.size; i++) {
      const pi = chain.at(i)!
      if (isScopeListener(pi)) {
        pi.runBeforeScope(name)
      }
    }
    return token
  }

  /** Exits the scope of `token` (no-op for `INVALID_SCOPE_TOKEN` or a retired token). */
  exit(token: number, succeeded: boolean): void {
    if (token === INVALID_SCOPE_TOKEN) {
      return
    }
    const name = this.names[token]
    if (name === null || name === undefined) {
      return
    }
    this.names[token] = null
    this.free.push(token)
    const chain = this.pm.getPassInstrumentor()
    if (chain === null) {
      return
    }
    for (let i = chain.size - 1; i >= 0; i--) {
      const pi = chain.at(i)!
      if (isScopeListener(pi)) {
        pi.runAfterScope(name, succeeded)
      }
    }
  }
}

/**
 * A scope entered on construction and exited exactly once: by `using` (success unless
 * `fail()` was called) or explicitly with `exit(succeeded)`.
 */
export class ScopeGuard {
  private token: number
  private failed = false

  constructor(
    private readonly chain: ScopeChain,
    /** The scope's name. */
    readonly name: string,
  ) {
    this.token = chain.enter(name)
  }
  /** The scope's token (see `ScopeChain`: not a stable identity). */
  get scopeToken(): number {
    return this.token
  }
  /** Marks the scope as failed; the exit reports `succeeded: false`. */
  fail(): void {
    this.failed = true
  }
  /** Exits the scope now (later exits do nothing). */
  exit(succeeded: boolean = !this.failed): void {
    const t = this.token
    this.token = INVALID_SCOPE_TOKEN
    this.chain.exit(t, succeeded)
  }
  /** Exits the scope (for `using`). */
  [Symbol.dispose](): void {
    this.exit()
  }
}

/** Enters scope `name` of `pm` (a pass manager or a running pass) and returns its guard, for `using scope = enterScope(pm, name)`. */
export function enterScope(pm: ScopeHost, name: string): ScopeGuard {
  return new ScopeGuard(ScopeChain.of(pm), name)
}

/**
 * Runs `body` inside scope `name` of `pm` (a pass manager or a running pass). The exit
 * always fires: with `succeeded` false when `body` throws (the error is rethrown) or
 * returns `false`.
 */
export function withScope<T>(pm: ScopeHost, name: string, body: () => T): T {
  const chain = ScopeChain.of(pm)
  const token = chain.enter(name)
  let ok = false
  try {
    const result = body()
    ok = result !== false
    return result
  } finally {
    chain.exit(token, ok)
  }
}
