import { StringAttr, type Operation } from '@tilepass/ir'
import { PassInstrumentation, type Pass, type PassManager } from '@tilepass/pass-manager'
import type { ScopeEventListener, ScopeListener } from './Scopes.ts'

/** One complete event of a Chrome trace (`"ph": "X"`). */
export interface TraceEvent {
  readonly name: string
  /** A pass execution, a named scope, or a decision made inside one (a placement). */
  readonly cat: 'pass' | 'scope' | 'decision'
  readonly ph: 'X'
  /** Start, microseconds since the trace began. */
  readonly ts: number
  /** Duration, microseconds. */
  readonly dur: number
  readonly pid: 0
  readonly tid: 0
  /** For passes the op (`func.func @f`) and `failed`; for decisions their details. */
  readonly args: Readonly<Record<string, string | number | boolean>>
}

interface Open {
  readonly pass: Pass<object> | null
  readonly opRef: Operation | null
  readonly name: string
  readonly cat: 'pass' | 'scope'
  readonly start: number
  readonly op: string | undefined
}

function describeOp(op: Operation): string {
  const sym = op.getAttr('sym_name')
  return sym instanceof StringAttr ? `${op.name.name} @${sym.value}` : op.name.name
}

/**
 * The tileiras scheduler trace (`DumpTraceImpl::run`, enabled by `schedule-trace-file`):
 * one Chrome `chrome://tracing` complete event per pass execution, and one per named
 * scope nested in the pass that opened it. `finish()` returns the JSON to write.
 */
export class TraceInstrumentation extends PassInstrumentation implements ScopeListener, ScopeEventListener {
  /** The events recorded so far, in completion order. */
  readonly events: TraceEvent[] = []
  private readonly open: Open[] = []
  private readonly origin = performance.now()

  constructor(
    /** Tells whether a pass execution was skipped (by opt-bisect); skipped ones are not recorded. */
    private readonly skipped: ((pass: Pass<object>, op: Operation) => boolean) | null = null,
  ) {
    super()
  }

  private now(): number {
    return Math.round((performance.now() - this.origin) * 1000)
  }
  private close(failed: boolean): void {
    const o = this.open.pop()
    if (o === undefined) {
      return
    }
    if (o.pass !== null && o.opRef !== null && this.skipped !== null && this.skipped(o.pass, o.opRef)) {
      return
    }
    const end = this.now()
    this.events.push({
      name: o.name,
      cat: o.cat,
      ph: 'X',
      ts: o.start,
      dur: end - o.start,
      pid: 0,
      tid: 0,
      args: { ...(o.op === undefined ? {} : { op: o.op }), ...(failed ? { failed: true } : {}) },
    })
  }

  override runBeforePass(pass: Pass<object>, op: Operation): void {
    this.open.push({ pass, opRef: op, name: pass.name, cat: 'pass', start: this.now(), op: describeOp(op) })
  }
  override runAfterPass(): void {
    this.close(false)
  }
  override runAfterPassFailed(): void {
    this.close(true)
  }
  runBeforeScope(name: string): void {
    this.open.push({ pass: null, opRef: null, name, cat: 'scope', start: this.now(), op: undefined })
  }
  runAfterScope(_name: string, succeeded: boolean): void {
    this.close(!succeeded)
  }

  /** A decision inside the innermost open scope: a zero-length complete event nested in it. */
  runOnScopeEvent(name: string, args: Readonly<Record<string, string | number | boolean>>): void {
    const ts = this.now()
    this.events.push({ name, cat: 'decision', ph: 'X', ts, dur: 0, pid: 0, tid: 0, args })
  }

  /** The trace file: `{"traceEvents": [...]}`, events sorted by start time. */
  finish(): string {
    const sorted = [...this.events].sort((a, b) => a.ts - b.ts)
    return `${JSON.stringify({ traceEvents: sorted, displayTimeUnit: 'ms' })}\n`
  }
}

/** Adds the scheduler trace to `pm` and returns it (write `finish()` to `schedule-trace-file`). */
export function enableTrace(pm: PassManager, skipped: ((pass: Pass<object>, op: Operation) => boolean) | null = null): TraceInstrumentation {
  const t = new TraceInstrumentation(skipped)
  pm.addInstrumentation(t)
  return t
}
