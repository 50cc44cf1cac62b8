import type { SourceBuffer, SourceMgr } from '../SourceMgr.ts'

/** The default `--split-input-file` marker. */
export const kDefaultSplitMarker = '// -----'

/** One chunk of a split buffer: a slice of the original text that keeps its offsets. */
export interface SourceChunk {
  /** The buffer the chunk was cut from. */
  readonly buffer: SourceBuffer
  /** Offset of the chunk's first character in the original buffer. */
  readonly start: number
  /** Offset just past the chunk's last character. */
  readonly end: number
}

/**
 * Splits `buffer` on `marker` as MLIR's `splitAndProcessBuffer` does. The text is cut on
 * the marker without its last two characters; a piece that does not continue with
 * them is a near miss, reported as a warning to `output` and merged into the current
 * chunk. An empty text yields no chunk, and an empty last chunk is dropped.
 */
export function splitInputBuffer(
  sourceMgr: SourceMgr,
  buffer: SourceBuffer,
  marker: string,
  output: (text: string) => void,
): SourceChunk[] {
  const text = buffer.text
  const checkLen = 2
  const prefix = marker.slice(0, Math.max(0, marker.length - checkLen))
  const suffix = marker.slice(prefix.length)
  if (prefix.length === 0) { return text.length === 0 ? [] : [{ buffer, start: 0, end: text.length }] }

  const chunks: SourceChunk[] = []
  let prevStart = 0
  let prevEnd = -1
  let pos = 0
  for (;;) {
    const idx = text.indexOf(prefix, pos)
    const pieceStart = pos
    const pieceEnd = idx < 0 ? text.length : idx
    if (prevEnd < 0 || prevEnd === prevStart) {
      // The first piece, or an empty current chunk: the piece starts the chunk.
      prevStart = pieceStart
      prevEnd = pieceEnd
    } else {
      const pieceLen = pieceEnd - pieceStart
      const expectedSuffix =
        text.startsWith(suffix, pieceStart) && pieceLen > checkLen && text.charCodeAt(pieceStart + checkLen) !== 0x30
      if (expectedSuffix) {
        chunks.push({ buffer, start: prevStart, end: prevEnd })
        prevStart = pieceStart + checkLen
        prevEnd = pieceEnd
      } else {
        output(sourceMgr.printMessage(buffer, pieceStart, 'warning', 'near miss with file split marker'))
        prevEnd = pieceEnd
      }
    }
    if (idx < 0) { break }
    pos = idx + prefix.length
  }
  if (prevEnd > prevStart) { chunks.push({ buffer, start: prevStart, end: prevEnd }) }
  return chunks
}
