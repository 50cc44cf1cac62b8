import { describe, expect, it } from 'vitest'
import { MAIN_THREAD_MAX_NESTING, nestsDeeperThan } from '../src/internal/largeStack.ts'

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text)

function nested(depth: number): string {
  return `func.func @f() {\n${'"test.r"() ({\n'.repeat(depth)}"test.t"() : () -> ()\n${'}) : () -> ()\n'.repeat(depth)}return\n}\n`
}

describe('nestsDeeperThan', () => {
  it('counts every kind of bracket', () => {
    expect(nestsDeeperThan(bytes('{([<x>])}'), 4)).toBe(false)
    expect(nestsDeeperThan(bytes('{([<x>])}'), 3)).toBe(true)
    expect(nestsDeeperThan(bytes('{}{}{}{}'), 1)).toBe(false)
  })

  it('takes two brackets per nested region', () => {
    expect(nestsDeeperThan(bytes(nested(100)), MAIN_THREAD_MAX_NESTING)).toBe(false)
    expect(nestsDeeperThan(bytes(nested(200)), MAIN_THREAD_MAX_NESTING)).toBe(true)
  })

  it('skips strings and line comments, whatever brackets they hold', () => {
    expect(nestsDeeperThan(bytes(`"${'}'.repeat(10)}" {{{`), 2)).toBe(true)
    expect(nestsDeeperThan(bytes(`"a\\"${'}'.repeat(10)}" {{{`), 2)).toBe(true)
    expect(nestsDeeperThan(bytes(`// ${'}'.repeat(10)}\n{{{`), 2)).toBe(true)
    expect(nestsDeeperThan(bytes(`"${'{'.repeat(10)}" // ${'{'.repeat(10)}\n{}`), 2)).toBe(false)
  })

  it('closes nothing on -> and >=', () => {
    expect(nestsDeeperThan(bytes('{ () -> i32 {{'), 2)).toBe(true)
    expect(nestsDeeperThan(bytes('{ d0 >= 0 {{'), 2)).toBe(true)
    expect(nestsDeeperThan(bytes('{ vector<4xi32> {{'), 3)).toBe(false)
  })
})
