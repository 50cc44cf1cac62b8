// SourceLocator: line and column of offsets in large sources, whose line table grows by
// estimate (short lines after long ones, and the reverse, make the estimate wrong).
import { describe, expect, it } from 'vitest'
import { Context } from '../src/Context.ts'
import { SourceLocator } from '../src/parser/SourceLocator.ts'

/** `[line, column]` (1-based) of `offset` in `src`, counted naively (ASCII sources only). */
function naiveLineCol(src: string, offset: number): [number, number] {
  let line = 1
  let start = 0
  for (let i = 0; i < offset; i++) {
    if (src.charCodeAt(i) === 10) {
      line++
      start = i + 1
    }
  }
  return [line, offset - start + 1]
}

/** A source of `count` lines whose length follows `lengthOf(lineIndex)`. */
function source(count: number, lengthOf: (i: number) => number): string {
  const lines: string[] = []
  for (let i = 0; i < count; i++) {
    lines.push('x'.repeat(lengthOf(i)))
  }
  return lines.join('\n')
}

describe('SourceLocator', () => {
  const cases: [string, string][] = [
    ['long lines first, then short ones', source(70_000, (i) => (i < 300 ? 200 : i % 3))],
    ['short lines first, then long ones', source(70_000, (i) => (i < 300 ? 0 : 40 + (i % 7)))],
    ['even lines', source(70_000, () => 12)],
  ]
  for (const [name, src] of cases) {
    it(`locates offsets with ${name}`, () => {
      const locator = new SourceLocator(new Context(), src, 'f.mlir')
      // Offsets in increasing order (the table grows as they advance), then a few going back.
      const offsets: number[] = []
      for (let o = 0; o < src.length; o += 997) {
        offsets.push(o)
      }
      offsets.push(src.length - 1, 5, 1234, src.length >> 1)
      let line = 1
      let start = 0
      let scanned = 0
      for (const offset of offsets) {
        if (offset < scanned) {
          expect(locator.lineCol(offset)).toEqual(naiveLineCol(src, offset))
          continue
        }
        for (; scanned < offset; scanned++) {
          if (src.charCodeAt(scanned) === 10) {
            line++
            start = scanned + 1
          }
        }
        expect(locator.lineCol(offset)).toEqual([line, offset - start + 1])
      }
      const loc = locator.locationAt(src.length - 1)
      expect([loc.line, loc.column]).toEqual(naiveLineCol(src, src.length - 1))
    })
  }
})
