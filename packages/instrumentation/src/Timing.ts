import type { OperationName } from '@tilepass/ir'
import { PassInstrumentation, type Pass, type PassManager, type PipelineParentInfo } from '@tilepass/pass-manager'

/** How a timing report lays out its timers: merged by name and sorted (`list`) or nested (`tree`). */
export type TimingDisplayMode = 'list' | 'tree'
/** The report's syntax: mlir-opt's text table or its JSON form. */
export type TimingOutputFormat = 'text' | 'json'
/**
 * The report's style: `mlir` is byte-compatible with mlir-opt 22's `--mlir-timing`;
 * `tileiras` is the `Pass execution timing report` of the tileiras chapter, with a
 * `---User+System--` column measured from the process CPU time.
 */
export type TimingReportStyle = 'mlir' | 'tileiras'

/** The settings of a `TimingManager`. */
export interface TimingOptions {
  /** Default `tree`, as mlir-opt 22. */
  readonly display?: TimingDisplayMode
  /** Default `text`. */
  readonly format?: TimingOutputFormat
  /** Default `mlir`. */
  readonly style?: TimingReportStyle
}

const DESCRIPTION = '... Execution time report ...'
const TILEIRAS_DESCRIPTION = 'Pass execution timing report'
const RULE = `===${'-'.repeat(73)}===\n`

/** Wall time and user+system time, in seconds. */
export interface TimeRecord {
  wall: number
  cpu: number
}

function cpuSeconds(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1e6
}

/**
 * One timer of the tree: accumulates wall (and, when asked, CPU) time over every
 * start/stop, and keeps one child per identity (a pass instance, an op name, an
 * analysis class), so repeated runs of a pass on many ops add up in one row.
 */
export class Timer {
  /** Accumulated wall time, seconds. */
  wall = 0
  /** Accumulated user+system CPU time, seconds (0 unless the manager measures it). */
  cpu = 0
  /** True when reports skip this timer and show its children in its place. */
  hidden = false
  /** The children, in creation order, by identity. */
  readonly children: Map<unknown, Timer> = new Map()
  private startWall = 0
  private startCpu = 0
  private running = 0

  constructor(
    /** The row name. */
    readonly name: string,
    private readonly measureCpu: boolean,
  ) {}

  /** Starts (or re-enters) the timer. */
  start(): void {
    if (this.running++ === 0) {
      this.startWall = performance.now()
      if (this.measureCpu) {
        this.startCpu = cpuSeconds()
      }
    }
  }
  /** Stops the timer and adds the elapsed time. */
  stop(): void {
    if (this.running === 0) {
      return
    }
    if (--this.running === 0) {
      this.wall += (performance.now() - this.startWall) / 1000
      if (this.measureCpu) {
        this.cpu += cpuSeconds() - this.startCpu
      }
    }
  }
  /** The child for `id`, created (named by `name()`) on first use. */
  nest(id: unknown, name: () => string): Timer {
    let child = this.children.get(id)
    if (child === undefined) {
      child = new Timer(name(), this.measureCpu)
      this.children.set(id, child)
    }
    return child
  }
}

/**
 * A started timer that stops when the scope ends (`using` or `end()`); nested scopes
 * come from `nest`. A scope with no timer (timing disabled) costs nothing.
 */
export class TimingScope {
  constructor(readonly timer: Timer | null) {
    timer?.start()
  }
  /** A scope for the child `id` of this scope's timer, started. */
  nest(id: unknown, name: () => string): TimingScope {
    return new TimingScope(this.timer === null ? null : this.timer.nest(id, name))
  }
  /** Hides this timer from reports (its children show in its place). */
  hide(): void {
    if (this.timer !== null) {
      this.timer.hidden = true
    }
  }
  /** Stops the timer. */
  end(): void {
    this.timer?.stop()
  }
  /** Stops the timer (for `using`). */
  [Symbol.dispose](): void {
    this.end()
  }
}

/**
 * Owns the timer tree of one tool run (MLIR's `DefaultTimingManager`): the root timer
 * is named `root` and hidden in tree reports; `report()` renders the tree in the
 * configured display mode, format and style.
 */
export class TimingManager {
  /** The root timer. */
  readonly root: Timer
  readonly display: TimingDisplayMode
  readonly format: TimingOutputFormat
  readonly style: TimingReportStyle

  constructor(options: TimingOptions = {}) {
    this.display = options.display ?? 'tree'
    this.format = options.format ?? 'text'
    this.style = options.style ?? 'mlir'
    this.root = new Timer('root', this.style === 'tileiras')
    this.root.hidden = true
  }

  /** A started scope on the root timer; end it before `report()`. */
  rootScope(): TimingScope {
    return new TimingScope(this.root)
  }

  /** The report, as mlir-opt writes it to stderr at exit. */
  report(): string {
    const total: TimeRecord = { wall: this.root.wall, cpu: this.root.cpu }
    const rows: { name: string; time: TimeRecord; depth: number; open: boolean }[] = []
    if (this.display === 'list') {
      const merged = new Map<string, TimeRecord>()
      const add = (t: Timer): void => {
        const r = merged.get(t.name)
        if (r === undefined) {
          merged.set(t.name, { wall: t.wall, cpu: t.cpu })
        } else {
          r.wall += t.wall
          r.cpu += t.cpu
        }
        for (const c of t.children.values()) {
          add(c)
        }
      }
      add(this.root)
      const sorted = [...merged].sort((a, b) => b[1].wall - a[1].wall)
      for (const [name, time] of sorted) {
        rows.push({ name, time, depth: 0, open: false })
      }
    }
    const rest: TimeRecord = { wall: total.wall, cpu: total.cpu }
    for (const c of this.root.children.values()) {
      rest.wall -= c.wall
      rest.cpu -= c.cpu
    }
    if (this.style === 'tileiras') {
      return this.tileirasReport(total, rest, rows)
    }
    return this.format === 'json' ? this.jsonReport(total, rest, rows) : this.textReport(total, rest, rows)
  }

  private textReport(total: TimeRecord, rest: TimeRecord, rows: readonly { name: string; time: TimeRecord }[]): string {
    let s = RULE
    s += ' '.repeat((80 - DESCRIPTION.length) >> 1) + DESCRIPTION + '\n'
    s += RULE
    s += `  Total Execution Time: ${total.wall.toFixed(4)} seconds\n\n`
    s += '  ----Wall Time----  ----Name----\n'
    const time = (t: TimeRecord): string => `  ${t.wall.toFixed(4).padStart(8)} (${percent(t.wall, total.wall).padStart(5)}%)  `
    if (this.display === 'list') {
      for (const r of rows) {
        s += time(r.time) + r.name + '\n'
      }
    } else {
      const walk = (t: Timer, indent: number): void => {
        let childIndent = indent
        if (!t.hidden) {
          s += time(t) + ' '.repeat(indent) + t.name + '\n'
          childIndent += 2
        }
        for (const c of t.children.values()) {
          walk(c, childIndent)
        }
      }
      walk(this.root, 0)
    }
    s += time(rest) + 'Rest\n'
    s += time(total) + 'Total\n'
    return s
  }

  private jsonReport(total: TimeRecord, rest: TimeRecord, rows: readonly { name: string; time: TimeRecord }[]): string {
    const time = (t: TimeRecord): string =>
      `"wall": {"duration": ${t.wall.toFixed(4).padStart(8)}, "percentage": ${percent(t.wall, total.wall).padStart(5)}}`
    let s = '[\n'
    if (this.display === 'list') {
      for (const r of rows) {
        s += `{${time(r.time)}, "name": "${r.name}"},\n`
      }
    } else {
      const walk = (t: Timer, indent: number): void => {
        let childIndent = indent
        if (!t.hidden) {
          s += `${' '.repeat(indent)}{${time(t)}, "name": "${t.name}", "passes": [\n`
          childIndent += 2
        }
        for (const c of t.children.values()) {
          walk(c, childIndent)
        }
        if (!t.hidden) {
          s += `${' '.repeat(indent)}{}]},\n`
        }
      }
      walk(this.root, 0)
    }
    s += `{${time(rest)}, "name": "Rest"},\n`
    s += `{${time(total)}, "name": "Total"}\n`
    s += ']\n'
    return s
  }

  private tileirasReport(total: TimeRecord, rest: TimeRecord, rows: readonly { name: string; time: TimeRecord }[]): string {
    // `whole` is what the percentages are of: the total in list mode; in tree mode the
    // nearest shown parent, so that nested rows read as shares of their parent.
    const entries: { name: string; time: TimeRecord; depth: number; whole: TimeRecord }[] = []
    if (this.display === 'list') {
      for (const r of rows) {
        if (r.name !== 'root') {
          entries.push({ name: r.name, time: r.time, depth: 0, whole: total })
        }
      }
    } else {
      const walk = (t: Timer, depth: number, whole: TimeRecord): void => {
        let childDepth = depth
        let childWhole = whole
        if (!t.hidden) {
          entries.push({ name: t.name, time: t, depth, whole })
          childDepth++
          childWhole = t
        }
        for (const c of t.children.values()) {
          walk(c, childDepth, childWhole)
        }
      }
      walk(this.root, 0, total)
    }
    if (this.format === 'json') {
      const one = (name: string, t: TimeRecord): string =>
        `"wall": ${t.wall.toFixed(4)}, "user_system": ${t.cpu.toFixed(4)}, "name": ${JSON.stringify(name)}`
      if (this.display === 'list') {
        const items = entries.map((e) => `  {${one(e.name, e.time)}}`)
        items.push(`  {${one('Total', total)}}`)
        return `[\n${items.join(',\n')}\n]\n`
      }
      const node = (t: Timer, indent: string): string[] => {
        if (t.hidden) {
          return [...t.children.values()].flatMap((c) => node(c, indent))
        }
        const kids = [...t.children.values()].flatMap((c) => node(c, `${indent}  `))
        return [`${indent}{${one(t.name, t)}, "children": [${kids.length === 0 ? '' : `\n${kids.join(',\n')}\n${indent}`}]}`]
      }
      const items = node(this.root, '  ')
      items.push(`  {${one('Total', total)}, "children": []}`)
      return `[\n${items.join(',\n')}\n]\n`
    }
    let s = RULE
    s += ' '.repeat(30) + TILEIRAS_DESCRIPTION + '\n'
    s += RULE
    s += `  Total Execution Time: ${total.wall.toFixed(3)} seconds\n\n`
    s += '   ---Wall Time---   ---User+System--    Name\n'
    const row = (name: string, t: TimeRecord, depth: number, whole: TimeRecord): string =>
      `   ${`${t.wall.toFixed(3)} (${percent(t.wall, whole.wall).padStart(4)}%)`.padEnd(18)}${`${t.cpu.toFixed(3)} (${percent(t.cpu, whole.cpu).padStart(4)}%)`.padEnd(20)}${'  '.repeat(depth)}${name}\n`
    for (const e of entries) {
      s += row(e.name, e.time, e.depth, e.whole)
    }
    void rest
    s += row('Total', total, 0, total)
    return s
  }
}

function percent(part: number, whole: number): string {
  return ((100 * part) / whole).toFixed(1)
}

/**
 * Times passes, nested pipelines and analyses into a timer tree (MLIR's `PassTiming`):
 * a pass's row holds the analyses it computed and the pipelines it ran; an adaptor
 * with one nested pipeline is hidden, so `'func.func' Pipeline` shows in its place.
 */
export class PassTimingInstrumentation extends PassInstrumentation {
  private readonly active: TimingScope[] = []
  /** The depth of `active` below each running pass's scope, to unwind to when it ends. */
  private readonly passDepths: number[] = []
  private readonly parentIndex: Map<Pass<object>, number> = new Map()

  constructor(private readonly rootScope: TimingScope) {
    super()
  }

  private top(): TimingScope {
    const a = this.active
    return a.length === 0 ? this.rootScope : a[a.length - 1]!
  }

  override runBeforePipeline(name: OperationName | null, parentInfo: PipelineParentInfo): void {
    const index = this.parentIndex.get(parentInfo.parentPass)
    const parent = index === undefined ? this.rootScope : this.active[index]!
    const key = name === null ? null : name.name
    this.active.push(parent.nest(key, () => `'${key ?? 'any'}' Pipeline`))
  }
  override runAfterPipeline(): void {
    this.active.pop()?.end()
  }
  override runBeforePass(pass: Pass<object>): void {
    this.passDepths.push(this.active.length)
    const parent = this.top()
    const mgrs = adaptorManagerCount(pass)
    if (mgrs >= 0) {
      this.parentIndex.set(pass, this.active.length)
      const scope = parent.nest(pass, () => pass.name)
      if (mgrs <= 1) {
        scope.hide()
      }
      this.active.push(scope)
    } else {
      this.active.push(parent.nest(pass, () => pass.name))
    }
  }
  override runAfterPass(pass: Pass<object>): void {
    this.parentIndex.delete(pass)
    // A nested pipeline that failed gets no after-pipeline hook: unwind its scope too.
    const depth = this.passDepths.pop() ?? 0
    while (this.active.length > depth) {
      this.active.pop()!.end()
    }
  }
  override runAfterPassFailed(pass: Pass<object>): void {
    this.runAfterPass(pass)
  }
  override runBeforeAnalysis(name: string, cls: unknown): void {
    this.active.push(this.top().nest(cls, () => `(A) ${name}`))
  }
  override runAfterAnalysis(): void {
    this.active.pop()?.end()
  }
  /** A named scope (`ScopeChain`) times as a row under the running pass or scope. */
  runBeforeScope(name: string): void {
    this.active.push(this.top().nest(`scope ${name}`, () => name))
  }
  /** Closes the innermost scope's row. */
  runAfterScope(): void {
    this.active.pop()?.end()
  }
}

/** The number of nested pass managers when `pass` is a pass-manager adaptor, else -1. */
function adaptorManagerCount(pass: Pass<object>): number {
  const mgrs = (pass as { mgrs?: unknown }).mgrs
  return Array.isArray(mgrs) && pass.name.startsWith('Pipeline Collection') ? mgrs.length : -1
}

/**
 * Adds pass timing to `pm` (MLIR's `PassManager::enableTiming`): passes, pipelines and
 * analyses are timed under `scope` (a manager's root scope, or a nested scope).
 */
export function enableTiming(pm: PassManager, scope: TimingScope): void {
  if (scope.timer === null) {
    return
  }
  pm.addInstrumentation(new PassTimingInstrumentation(scope))
}
