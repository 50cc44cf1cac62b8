import type { OpPassManager, Pass } from '@tilepass/pass-manager'

/** How `--mlir-pass-statistics` lays out its report: merged by pass name, or following the pipeline. */
export type PassStatisticsDisplayMode = 'list' | 'pipeline'

const DESCRIPTION = '... Pass statistics report ...'
const RULE = `===${'-'.repeat(73)}===\n`

interface StatRow {
  readonly name: string
  readonly description: string
  value: number
}

function nestedManagers(pass: Pass<object>): readonly OpPassManager[] | null {
  const mgrs = (pass as { mgrs?: unknown }).mgrs
  return Array.isArray(mgrs) && pass.name.startsWith('Pipeline Collection') ? (mgrs as OpPassManager[]) : null
}

function byName(a: { name: string }, b: { name: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0
}

function passEntry(indent: number, name: string, stats: StatRow[]): string {
  let s = `${' '.repeat(indent)}${name}\n`
  if (stats.length === 0) {
    return s
  }
  const sorted = [...stats].sort(byName)
  let nameWidth = 0
  let valueWidth = 0
  for (const st of sorted) {
    nameWidth = Math.max(nameWidth, st.name.length)
    valueWidth = Math.max(valueWidth, String(st.value).length)
  }
  for (const st of sorted) {
    s += `${' '.repeat(indent + 2)}(S) ${String(st.value).padStart(valueWidth)} ${st.name.padEnd(nameWidth)} - ${st.description}\n`
  }
  return s
}

/** The statistics of each pass of `pm` (nested ones included), merged by pass name. */
function mergedStatistics(pm: OpPassManager): Map<string, StatRow[]> {
  const merged = new Map<string, StatRow[]>()
  const add = (pass: Pass<object>): void => {
    const mgrs = nestedManagers(pass)
    if (mgrs !== null) {
      for (const m of mgrs) {
        for (const p of m.passes) {
          add(p)
        }
      }
      return
    }
    if (pass.statistics.length === 0) {
      return
    }
    const entry = merged.get(pass.name)
    if (entry === undefined) {
      merged.set(
        pass.name,
        pass.statistics.map((s) => ({ name: s.name, description: s.description, value: s.value })),
      )
    } else {
      pass.statistics.forEach((s, i) => {
        const row = entry[i]
        if (row !== undefined) {
          row.value += s.value
        }
      })
    }
  }
  for (const p of pm.passes) {
    add(p)
  }
  return merged
}

/**
 * The `--mlir-pass-statistics` report of `pm` after it ran, laid out as mlir-opt built
 * with statistics prints it (`(S) <value> <name> - <description>` under each pass). The
 * mlir-opt 22 of Debian is built without statistics and prints only the header.
 */
export function passStatisticsReport(pm: OpPassManager, mode: PassStatisticsDisplayMode = 'pipeline'): string {
  let s = RULE + ' '.repeat((80 - DESCRIPTION.length) >> 1) + DESCRIPTION + '\n' + RULE
  if (mode === 'list') {
    const merged = [...mergedStatistics(pm)].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    for (const [name, stats] of merged) {
      s += passEntry(2, name, stats)
    }
  } else {
    const print = (indent: number, pass: Pass<object>): void => {
      const mgrs = nestedManagers(pass)
      if (mgrs !== null) {
        let inner = indent
        if (mgrs.length > 1) {
          s += passEntry(indent, pass.name, [])
          inner += 2
        }
        for (const m of mgrs) {
          s += passEntry(inner, `'${m.opAnchorName}' Pipeline`, [])
          for (const p of m.passes) {
            print(inner + 2, p)
          }
        }
        return
      }
      s += passEntry(
        indent,
        pass.name,
        pass.statistics.map((st) => ({ name: st.name, description: st.description, value: st.value })),
      )
    }
    for (const p of pm.passes) {
      print(0, p)
    }
  }
  return s + '\n'
}

/**
 * The statistics of `pm` as JSON (`--stats-json` with `--mlir-pass-statistics`): an
 * object from pass name to an object from statistic name to value, merged by pass
 * name and sorted, as the list report.
 */
export function passStatisticsJson(pm: OpPassManager): string {
  const merged = [...mergedStatistics(pm)].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  const out: Record<string, Record<string, number>> = {}
  for (const [name, stats] of merged) {
    const o: Record<string, number> = {}
    for (const st of [...stats].sort(byName)) {
      o[st.name] = st.value
    }
    out[name] = o
  }
  return JSON.stringify(out, null, 2) + '\n'
}
