import type { Context, Operation, OperationName } from '@tilepass/ir'

/** How an op is legal for a target: always, never, or decided per op by a callback. */
export type LegalizationAction = 'legal' | 'dynamic' | 'illegal'

/** Decides whether one op is legal: true, false, or undefined for "no opinion". */
export type DynamicLegalityFn = (op: Operation) => boolean | undefined

/** What `ConversionTarget.isLegal` says about a legal op. */
export interface LegalOpDetails {
  /** The op's nested ops are legal too and need not be converted. */
  readonly isRecursivelyLegal: boolean
}

interface LegalizationInfo {
  action: LegalizationAction
  callback: DynamicLegalityFn | null
}

/** The two answers of `isLegal` for legal ops (shared: the driver asks once per op). */
const kLegal: LegalOpDetails = Object.freeze({ isRecursivelyLegal: false })
const kRecursivelyLegal: LegalOpDetails = Object.freeze({ isRecursivelyLegal: true })

/**
 * What the target's tables say about one op name: its op or dialect entry and its
 * recursive-legality entry (undefined: none). Made once per `OperationName`, as upstream
 * keeps its legalization info by op name, so no op looks its name up by string.
 */
class NameInfo {
  constructor(
    readonly info: LegalizationInfo | undefined,
    readonly recursive: DynamicLegalityFn | null | undefined,
  ) {}
}

/**
 * Which ops and dialects are legal after a conversion (MLIR's `ConversionTarget`):
 * op entries win over dialect entries, which win over the unknown-op fallback.
 */
export class ConversionTarget {
  private readonly opInfos = new Map<string, LegalizationInfo>()
  private readonly dialectInfos = new Map<string, LegalizationInfo>()
  private unknownLegality: DynamicLegalityFn | null = null
  private readonly recursiveOps = new Map<string, DynamicLegalityFn | null>()
  private readonly recursiveDialects = new Map<string, DynamicLegalityFn | null>()
  /** The tables' entries per op name, cleared whenever an entry changes. */
  private readonly byName = new Map<OperationName, NameInfo>()

  constructor(readonly context: Context) {}

  /** Sets the action for ops named `names`. */
  setOpAction(names: string | readonly string[], action: LegalizationAction, callback: DynamicLegalityFn | null = null): void {
    for (const n of typeof names === 'string' ? [names] : names) {
      this.opInfos.set(n, { action, callback })
    }
    this.byName.clear()
  }

  /** Sets the action for every op of the dialects `names` without an op entry. */
  setDialectAction(names: string | readonly string[], action: LegalizationAction, callback: DynamicLegalityFn | null = null): void {
    for (const n of typeof names === 'string' ? [names] : names) {
      this.dialectInfos.set(n, { action, callback })
    }
    this.byName.clear()
  }

  /** Marks the ops `names` legal. */
  addLegalOp(...names: string[]): void {
    this.setOpAction(names, 'legal')
  }
  /** Marks the ops `names` illegal. */
  addIllegalOp(...names: string[]): void {
    this.setOpAction(names, 'illegal')
  }
  /** Marks the ops `names` legal when `callback` says so (legal when it has no opinion only through other rules). */
  addDynamicallyLegalOp(names: string | readonly string[], callback: DynamicLegalityFn): void {
    this.setOpAction(names, 'dynamic', callback)
  }
  /** Marks the dialects `names` legal. */
  addLegalDialect(...names: string[]): void {
    this.setDialectAction(names, 'legal')
  }
  /** Marks the dialects `names` illegal. */
  addIllegalDialect(...names: string[]): void {
    this.setDialectAction(names, 'illegal')
  }
  /** Marks the dialects `names` legal when `callback` says so. */
  addDynamicallyLegalDialect(names: string | readonly string[], callback: DynamicLegalityFn): void {
    this.setDialectAction(names, 'dynamic', callback)
  }
  /** Decides the legality of ops with no op or dialect entry (`markUnknownOpDynamicallyLegal`). */
  markUnknownOpDynamicallyLegal(callback: DynamicLegalityFn): void {
    this.unknownLegality = callback
  }

  /**
   * Makes legal ops `names` recursively legal: ops nested in them are not converted.
   * With `callback`, only when it returns true.
   */
  markOpRecursivelyLegal(names: string | readonly string[], callback: DynamicLegalityFn | null = null): void {
    for (const n of typeof names === 'string' ? [names] : names) {
      this.recursiveOps.set(n, callback)
    }
    this.byName.clear()
  }

  /** Makes legal ops of the dialects `names` recursively legal. */
  markDialectRecursivelyLegal(names: string | readonly string[], callback: DynamicLegalityFn | null = null): void {
    for (const n of typeof names === 'string' ? [names] : names) {
      this.recursiveDialects.set(n, callback)
    }
    this.byName.clear()
  }

  /** The action for `op`'s name, or undefined when nothing is known about it. */
  getOpAction(op: Operation): LegalizationAction | undefined {
    return this.infoFor(op)?.action ?? (this.unknownLegality !== null ? 'dynamic' : undefined)
  }

  private infoFor(op: Operation): LegalizationInfo | undefined {
    return this.nameInfo(op.name).info
  }

  /** The tables' entries for `name`, looked up once per name. */
  private nameInfo(name: OperationName): NameInfo {
    let entry = this.byName.get(name)
    if (entry === undefined) {
      const full = name.name
      const dialect = dialectOf(full)
      let recursive = this.recursiveOps.get(full)
      if (recursive === undefined) {
        recursive = this.recursiveDialects.get(dialect)
      }
      entry = new NameInfo(this.opInfos.get(full) ?? this.dialectInfos.get(dialect), recursive)
      this.byName.set(name, entry)
    }
    return entry
  }

  /**
   * Whether `op` is legal: details when legal, null when it is not known to be legal
   * (illegal, or unknown). `isIllegal` tells the two apart.
   */
  isLegal(op: Operation): LegalOpDetails | null {
    const info = this.infoFor(op)
    let legal: boolean | undefined
    if (info === undefined) {
      legal = this.unknownLegality === null ? undefined : this.unknownLegality(op)
    } else if (info.action === 'legal') {
      legal = true
    } else if (info.action === 'illegal') {
      legal = false
    } else {
      legal = info.callback === null ? undefined : info.callback(op)
      if (legal === undefined && this.unknownLegality !== null) {
        legal = this.unknownLegality(op)
      }
    }
    if (legal !== true) {
      return null
    }
    return this.isRecursive(op) ? kRecursivelyLegal : kLegal
  }

  /** True when `op` was explicitly marked illegal (or its dynamic callback returned false). */
  isIllegal(op: Operation): boolean {
    const info = this.infoFor(op)
    if (info === undefined) {
      return this.unknownLegality !== null && this.unknownLegality(op) === false
    }
    if (info.action === 'illegal') {
      return true
    }
    if (info.action === 'dynamic') {
      const r = info.callback === null ? undefined : info.callback(op)
      return r === false
    }
    return false
  }

  private isRecursive(op: Operation): boolean {
    const cb = this.nameInfo(op.name).recursive
    if (cb === undefined) {
      return false
    }
    return cb === null || cb(op) === true
  }
}

function dialectOf(name: string): string {
  const dot = name.indexOf('.')
  return dot < 0 ? '' : name.slice(0, dot)
}
