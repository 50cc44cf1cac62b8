/** @internal The structure of a textual pipeline, before its names are resolved. */
export interface PipelineElement {
  /** The pass, pipeline or op name (trimmed). */
  name: string
  /** Offset of `name` in the pipeline text. */
  nameOffset: number
  /** The text between the option braces, or '' when none. */
  options: string
  /** The nested pipeline when this element is `op-name(...)`. */
  inner: PipelineElement[]
}

const WS = ' \t\n\v\f\r'

function isSpace(text: string, i: number): boolean {
  return i < text.length && WS.includes(text[i]!)
}

/** Formats an error at `offset` of `text` as llvm::SourceMgr does for the pipeline buffer. @internal */
export function formatPipelineError(text: string, offset: number, message: string): string {
  let lineStart = 0
  let line = 1
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  }
  let lineEnd = text.indexOf('\n', lineStart)
  if (lineEnd < 0) {
    lineEnd = text.length
  }
  const col = offset - lineStart + 1
  return `MLIR Textual PassPipeline Parser:${line}:${col}: error: ${message}\n${text.slice(lineStart, lineEnd)}\n${' '.repeat(col - 1)}^\n`
}

/** A parse failure: the offset in the text and the message. @internal */
export interface PipelineSyntaxError {
  readonly offset: number
  readonly message: string
}

/**
 * Splits pipeline text into elements, as MLIR's `TextualPipeline::parsePipelineText`:
 * names up to `,(){`, `{...}` options with balanced braces, `(...)` nested pipelines.
 * @internal
 */
export function parsePipelineText(text: string): PipelineElement[] | PipelineSyntaxError {
  const root: PipelineElement[] = []
  const stack: PipelineElement[][] = [root]
  let pos = 0
  const n = text.length
  for (;;) {
    const pipeline = stack[stack.length - 1]!
    let sepPos = pos
    while (sepPos < n) {
      const c = text[sepPos]
      if (c === ',' || c === '(' || c === ')' || c === '{') {
        break
      }
      sepPos++
    }
    let start = pos
    let end = sepPos
    while (start < end && isSpace(text, start)) {
      start++
    }
    while (end > start && isSpace(text, end - 1)) {
      end--
    }
    const element: PipelineElement = { name: text.slice(start, end), nameOffset: start, options: '', inner: [] }
    pipeline.push(element)
    if (sepPos === n) {
      // `pos` stays at the start of this last name: MLIR reports unbalanced parentheses there.
      break
    }
    pos = sepPos
    const sep = text[pos]
    if (sep === '{') {
      pos++
      let close = -1
      for (let i = pos, depth = 1; i < n; i++) {
        const c = text[i]
        if (c === '{') {
          depth++
          continue
        }
        if (c === '}' && --depth === 0) {
          close = i
          break
        }
      }
      if (close < 0) {
        return { offset: pos - 1, message: "missing closing '}' while processing pass options" }
      }
      element.options = text.slice(pos, close)
      pos = close + 1
      while (isSpace(text, pos)) {
        pos++
      }
    } else if (sep === '(') {
      pos++
      stack.push(element.inner)
      continue
    }
    while (pos < n && text[pos] === ')') {
      pos++
      if (stack.length === 1) {
        return { offset: pos - 1, message: "encountered extra closing ')' creating unbalanced parentheses while parsing pipeline" }
      }
      stack.pop()
      while (isSpace(text, pos)) {
        pos++
      }
    }
    if (pos === n) {
      break
    }
    if (text[pos] !== ',') {
      return { offset: pos, message: "expected ',' after parsing pipeline" }
    }
    pos++
  }
  if (stack.length > 1) {
    return { offset: pos, message: 'encountered unbalanced parentheses while parsing pipeline' }
  }
  return root
}
