// The fast checks that spare `scf.for` and `scf.if` their list-making region checks: they
// answer true only where the full checks pass, and leave everything else to them.
import { describe, expect, it } from 'vitest'
import { BuiltinDialect, Context, parseSourceString, type Operation } from '@tilepass/ir'
import { ArithDialect } from '../src/arith/index.ts'
import { ScfDialect } from '../src/scf/index.ts'
import { forLoopTypesMatch, ifYieldTypesMatch } from '../src/scf/ScfVerify.ts'

/** The first op named `name` in `source` (parsing does not verify). */
function firstOp(source: string, name: string): Operation {
  const ctx = new Context({ dialects: [BuiltinDialect, ArithDialect, ScfDialect], allowUnregisteredDialects: true })
  const parsed = parseSourceString(source, ctx)
  if (parsed === null) { throw new Error('parse failed') }
  let found: Operation | null = null
  parsed.op.walk((op: Operation) => {
    if (found === null && op.name.name === name) { found = op }
  })
  if (found === null) { throw new Error(`no ${name}`) }
  return found
}

const LOOP = (initType: string, argType: string, yieldType: string, resultType: string): string => String.raw`
"test.func"() ({
^bb0(%lb: index, %ub: index, %x: ${initType}, %y: ${yieldType}):
  %r = "scf.for"(%lb, %ub, %lb, %x) ({
  ^bb0(%iv: index, %a: ${argType}):
    "scf.yield"(%y) : (${yieldType}) -> ()
  }) : (index, index, index, ${initType}) -> ${resultType}
  "test.return"() : () -> ()
}) : () -> ()`

describe('scf fast region checks', () => {
  it('accept a loop whose carried values have one type throughout', () => {
    expect(forLoopTypesMatch(firstOp(LOOP('i32', 'i32', 'i32', 'i32'), 'scf.for'))).toBe(true)
  })

  it('leave a loop with any mismatch to the full checks', () => {
    expect(forLoopTypesMatch(firstOp(LOOP('i64', 'i32', 'i32', 'i32'), 'scf.for'))).toBe(false)
    expect(forLoopTypesMatch(firstOp(LOOP('i32', 'i64', 'i32', 'i32'), 'scf.for'))).toBe(false)
    expect(forLoopTypesMatch(firstOp(LOOP('i32', 'i32', 'i64', 'i32'), 'scf.for'))).toBe(false)
    expect(forLoopTypesMatch(firstOp(LOOP('i32', 'i32', 'i32', 'i64'), 'scf.for'))).toBe(false)
    // An induction variable of another type than the bounds.
    const iv = LOOP('i32', 'i32', 'i32', 'i32').replace('^bb0(%iv: index', '^bb0(%iv: i64')
    expect(forLoopTypesMatch(firstOp(iv, 'scf.for'))).toBe(false)
    // A body that does not end in scf.yield.
    const other = LOOP('i32', 'i32', 'i32', 'i32').replace('"scf.yield"(%y) : (i32) -> ()', '"test.end"(%y) : (i32) -> ()')
    expect(forLoopTypesMatch(firstOp(other, 'scf.for'))).toBe(false)
  })

  it('accept an if whose yields have the result types, and leave the rest to the full checks', () => {
    const ifOp = (thenType: string, elseType: string | null): string => String.raw`
"test.func"() ({
^bb0(%c: i1, %x: i32, %y: i64):
  %r = "scf.if"(%c) ({
    "scf.yield"(${thenType === 'i32' ? '%x' : '%y'}) : (${thenType}) -> ()
  }, {
    ${elseType === null ? '' : `"scf.yield"(${elseType === 'i32' ? '%x' : '%y'}) : (${elseType}) -> ()`}
  }) : (i1) -> i32
  "test.return"() : () -> ()
}) : () -> ()`
    expect(ifYieldTypesMatch(firstOp(ifOp('i32', 'i32'), 'scf.if'))).toBe(true)
    expect(ifYieldTypesMatch(firstOp(ifOp('i64', 'i32'), 'scf.if'))).toBe(false)
    expect(ifYieldTypesMatch(firstOp(ifOp('i32', 'i64'), 'scf.if'))).toBe(false)
  })
})
