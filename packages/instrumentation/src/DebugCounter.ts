import type { ActionHandler, Context } from '@tilepass/ir'
import { filteringHandler, installInFront } from './internal/actionChain.ts'

interface Counter {
  count: number
  skip: number
  stopAfter: number
}

/**
 * MLIR's debug counters (`--mlir-debug-counter=<tag>-skip=N,<tag>-count=M`): each
 * action whose tag has a counter is numbered; the first `skip` are skipped, the next
 * `count` run, the rest are skipped (`count` -1: no limit).
 */
export class DebugCounter {
  private readonly counters: Map<string, Counter> = new Map()

  /**
   * Parses the `--mlir-debug-counter` value; returns the error text (mlir-opt's wording)
   * or null.
   */
  parse(text: string): string | null {
    if (text === '') {
      return null
    }
    for (const arg of text.split(',')) {
      const eq = arg.indexOf('=')
      if (eq < 0) {
        return `expected DebugCounter argument to have an \`=\` separating the counter name and value, but the provided argument was: \`${arg}\``
      }
      const name = arg.slice(0, eq)
      const valueText = arg.slice(eq + 1)
      if (!/^-?[0-9]+$/.test(valueText)) {
        return `expected DebugCounter counter value to be numeric, but got \`${valueText}\``
      }
      const value = Number(valueText)
      let key: string
      let field: 'skip' | 'stopAfter'
      if (name.endsWith('-skip')) {
        key = name.slice(0, -5)
        field = 'skip'
      } else if (name.endsWith('-count')) {
        key = name.slice(0, -6)
        field = 'stopAfter'
      } else {
        return `expected DebugCounter counter name to end with either \`-skip\` or \`-count\`, but got\`${name}\``
      }
      let c = this.counters.get(key)
      if (c === undefined) {
        c = { count: 0, skip: -1, stopAfter: -1 }
        this.counters.set(key, c)
      }
      c[field] = value
    }
    return null
  }

  /** True when some counter is set. */
  get hasCounters(): boolean {
    return this.counters.size > 0
  }

  /** Whether the action with `tag` runs now (and counts it). */
  shouldExecute(tag: string): boolean {
    const c = this.counters.get(tag)
    if (c === undefined) {
      return true
    }
    const n = c.count++
    if (c.skip > 0 && n < c.skip) {
      return false
    }
    return c.stopAfter < 0 || n < Math.max(c.skip, 0) + c.stopAfter
  }

  /** The `--mlir-print-debug-counter` summary: `DebugCounter counters:` then `<tag padded to 32>: {count,skip,count}`. */
  summary(): string {
    let s = 'DebugCounter counters:\n'
    for (const [name, c] of [...this.counters].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      s += `${name.padEnd(32)}: {${c.count},${c.skip},${c.stopAfter}}\n`
    }
    return s
  }

  /** An action handler applying the counters, then deferring to `next`. */
  handler(next: ActionHandler | null): ActionHandler {
    return filteringHandler((action) => this.shouldExecute(action.tag), next)
  }

  /** Installs the counters on `context` in front of its current action handler. */
  install(context: Context): void {
    installInFront(context, (prev) => this.handler(prev))
  }
}
