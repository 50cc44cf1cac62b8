import { describe, expect, it } from 'vitest'
import { moduleSeed } from '../../differential/src/Random.ts'
import { generateTranslationModule } from '../src/generate.ts'
import { tilepassTranslate } from '../src/translate.ts'

describe('differential-translate generator', () => {
  it('is deterministic', () => {
    expect(generateTranslationModule(42).text).toBe(generateTranslationModule(42).text)
    expect(generateTranslationModule(42).text).not.toBe(generateTranslationModule(43).text)
  })
  it('writes modules that Tilepass verifies and translates', () => {
    for (let i = 0; i < 40; i++) {
      const m = generateTranslationModule(moduleSeed(1, i))
      const r = tilepassTranslate(m.text)
      expect(r.text.startsWith('; ModuleID')).toBe(true)
      expect(r.ok).toBe(true)
    }
  })
})
