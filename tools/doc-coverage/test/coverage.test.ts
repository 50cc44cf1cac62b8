import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { findUndocumented } from '../src/coverage.ts'

describe('doc comments', () => {
  it('every name a package exports has one', { timeout: 300_000 }, () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url))
    expect(findUndocumented(root).map((m) => `${m.where}: @tilepass/${m.pkg} ${m.name}`)).toEqual([])
  })
})
