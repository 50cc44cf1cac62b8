import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { generateFromSources } from '../src/collectPasses.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

describe('gen-pass-doc', () => {
  it('docs/passes.md matches the registered pass definitions', { timeout: 60_000 }, async () => {
    const text = await generateFromSources(root)
    expect(readFileSync(path.join(root, 'docs', 'passes.md'), 'utf8')).toBe(text)
  })
})
