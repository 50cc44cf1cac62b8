/** One TypeScript example found in a Markdown file. */
export interface Example {
  /** The Markdown file, relative to the repository root. */
  readonly file: string
  /** 1-based line of the opening fence. */
  readonly line: number
  /** The example's source. */
  readonly code: string
  /** The text block that follows it (its expected standard output), or null. */
  readonly expected: string | null
  /** True for a fence marked `ts fragment`: shown for reading, not run. */
  readonly fragment: boolean
}

interface Fence {
  readonly info: string
  readonly line: number
  readonly body: string
  readonly endLine: number
}

function fences(markdown: string): Fence[] {
  const lines = markdown.split('\n')
  const out: Fence[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(.*)$/.exec(lines[i]!)
    if (open === null) {
      continue
    }
    const marker = open[1]!
    const body: string[] = []
    let j = i + 1
    while (j < lines.length && lines[j]!.trimEnd() !== marker) {
      body.push(lines[j]!)
      j++
    }
    out.push({ info: open[2]!.trim(), line: i + 1, body: body.length === 0 ? '' : `${body.join('\n')}\n`, endLine: j + 1 })
    i = j
  }
  return out
}

/**
 * The ```ts examples of `markdown` (named `file` in reports). A ```text block that follows
 * an example with nothing but blank lines between is its expected standard output.
 */
export function extractExamples(markdown: string, file: string): Example[] {
  const lines = markdown.split('\n')
  const all = fences(markdown)
  const out: Example[] = []
  for (let k = 0; k < all.length; k++) {
    const f = all[k]!
    const [lang, ...flags] = f.info.split(/\s+/)
    if (lang !== 'ts' && lang !== 'typescript') {
      continue
    }
    const next = all[k + 1]
    let expected: string | null = null
    if (next !== undefined && next.info === 'text') {
      const between = lines.slice(f.endLine, next.line - 1)
      if (between.every((l) => l.trim() === '')) {
        expected = next.body
      }
    }
    out.push({ file, line: f.line, code: f.body, expected, fragment: flags.includes('fragment') })
  }
  return out
}
