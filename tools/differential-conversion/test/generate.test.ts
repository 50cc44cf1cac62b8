// The conversion generator is deterministic and its modules parse and verify in Tilepass
// (mlir-opt acceptance is checked by `main.ts --generator-only`).
import { describe, expect, it } from 'vitest'
import { BuiltinDialect, Context, parseSourceString, verify } from '@tilepass/ir'
import { registerAllDialects } from '@tilepass/dialects'
import { allFeatures, applyFeatureSpec, generateConversionModule } from '../src/generate.ts'

describe('generateConversionModule', () => {
  it('gives the same module for the same seed', () => {
    expect(generateConversionModule(7, allFeatures())).toBe(generateConversionModule(7, allFeatures()))
    expect(generateConversionModule(7, allFeatures())).not.toBe(generateConversionModule(8, allFeatures()))
  })

  it('writes modules that parse and verify', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const ctx = new Context({ dialects: [BuiltinDialect] })
      registerAllDialects(ctx)
      const errors: string[] = []
      ctx.diagEngine.registerHandler((d) => {
        errors.push(d.message)
        return true
      })
      const r = parseSourceString(generateConversionModule(seed, allFeatures()), ctx)
      expect(r !== null && verify(r.op), `seed ${seed}: ${errors.join('; ')}`).toBe(true)
    }
  })

  it('leaves out what a feature specification turns off', () => {
    const features = applyFeatureSpec(allFeatures(), 'none,arith')
    expect(typeof features).not.toBe('string')
    for (let seed = 1; seed <= 20; seed++) {
      const text = generateConversionModule(seed, features as ReturnType<typeof allFeatures>)
      expect(text).not.toMatch(/scf\.|index\.|cf\.|func\.call/)
    }
    expect(applyFeatureSpec(allFeatures(), 'nope')).toMatch(/unknown feature 'nope'/)
  })
})
