/** The line mlir-opt prints between the outputs of `--split-input-file` chunks. */
export const SPLIT_MARKER = '// -----'

/** Joins module texts into one input for `--split-input-file`. */
export function joinModules(modules: readonly string[]): string {
  return modules.join(`${SPLIT_MARKER}\n`)
}

/**
 * Splits the stdout of a `--split-input-file` run into one string per chunk. mlir-opt ends each
 * chunk's output with an empty line and puts the marker line between chunks.
 */
export function splitOutput(stdout: string): string[] {
  const chunks: string[] = []
  const separator = `\n${SPLIT_MARKER}\n`
  let start = 0
  for (;;) {
    const at = stdout.indexOf(separator, start)
    if (at < 0) {
      chunks.push(stdout.slice(start))
      return chunks
    }
    chunks.push(stdout.slice(start, at + 1))
    start = at + separator.length
  }
}

/**
 * A unified diff (`---`/`+++` header and one hunk with `context` lines around it) of the first
 * region where `expected` and `actual` differ, or '' when they are equal.
 */
export function firstDifference(expected: string, actual: string, context = 3, maxHunkLines = 40): string {
  if (expected === actual) {
    return ''
  }
  const a = expected.split('\n')
  const b = actual.split('\n')
  let head = 0
  while (head < a.length && head < b.length && a[head] === b[head]) {
    head++
  }
  // Find where the two agree again: the nearest pair of equal lines after the first difference.
  let endA = a.length
  let endB = b.length
  let best = Number.POSITIVE_INFINITY
  const limit = Math.min(400, Math.max(a.length, b.length) - head)
  for (let i = head; i < Math.min(a.length, head + limit); i++) {
    for (let j = head; j < Math.min(b.length, head + limit); j++) {
      if (i - head + (j - head) >= best) {
        break
      }
      if (a[i] === b[j] && a[i] !== '') {
        best = i - head + (j - head)
        endA = i
        endB = j
      }
    }
  }
  const from = Math.max(0, head - context)
  const lines: string[] = []
  for (let i = from; i < head; i++) {
    lines.push(` ${a[i]}`)
  }
  for (let i = head; i < endA && lines.length < maxHunkLines; i++) {
    lines.push(`-${a[i]}`)
  }
  for (let j = head; j < endB && lines.length < maxHunkLines * 2; j++) {
    lines.push(`+${b[j]}`)
  }
  for (let i = endA; i < Math.min(a.length, endA + context); i++) {
    lines.push(` ${a[i]}`)
  }
  const countA = Math.min(a.length, endA + context) - from
  const countB = Math.min(b.length, endB + context) - from
  return `--- mlir-opt\n+++ tilepass-opt\n@@ -${from + 1},${countA} +${from + 1},${countB} @@\n${lines.join('\n')}\n`
}
