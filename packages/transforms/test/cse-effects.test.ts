import { describe, expect, it } from 'vitest'
import { Context, parseSourceString, printOperation, Trait, type DialectDefinition } from '@tilepass/ir'
import { PassManager } from '@tilepass/pass-manager'
import { CSE } from '../src/index.ts'

/** `m.read` only reads memory, `m.write` writes it, `m.unknown` declares nothing. */
const MemDialect: DialectDefinition = {
  namespace: 'm',
  ops: [
    { name: 'm.read', traits: Trait.HasMemoryEffects, memoryEffects: () => [{ kind: 'read' }] },
    { name: 'm.write', traits: Trait.HasMemoryEffects, memoryEffects: () => [{ kind: 'write' }] },
    { name: 'm.unknown' },
    { name: 'm.func', traits: Trait.IsolatedFromAbove },
    { name: 'm.ret', traits: Trait.IsTerminator | Trait.Pure },
  ],
}

function cse(source: string): string {
  const ctx = new Context({ dialects: [MemDialect] })
  const r = parseSourceString(source, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  const pm = new PassManager(ctx)
  pm.addPass(new CSE())
  expect(pm.run(r.op)).toBe(true)
  return printOperation(r.op)
}

describe('cse and memory effects', () => {
  it('merges reads with no write in between, not across a write or an op with unknown effects', () => {
    const out = cse(`"m.func"() ({
  %0 = "m.read"() : () -> i32
  %1 = "m.read"() : () -> i32
  "m.write"() : () -> ()
  %2 = "m.read"() : () -> i32
  %3 = "m.read"() : () -> i32
  "m.unknown"() : () -> ()
  %4 = "m.read"() : () -> i32
  "m.ret"(%0, %1, %2, %3, %4) : (i32, i32, i32, i32, i32) -> ()
}) : () -> ()
`)
    expect(out).toBe(`module {
  "m.func"() ({
    %0 = "m.read"() : () -> i32
    "m.write"() : () -> ()
    %1 = "m.read"() : () -> i32
    "m.unknown"() : () -> ()
    %2 = "m.read"() : () -> i32
    "m.ret"(%0, %0, %1, %1, %2) : (i32, i32, i32, i32, i32) -> ()
  }) : () -> ()
}
`)
  })

  it('erases unused reads as trivially dead but keeps writes', () => {
    const out = cse(`"m.func"() ({
  %0 = "m.read"() : () -> i32
  "m.write"() : () -> ()
  "m.ret"() : () -> ()
}) : () -> ()
`)
    expect(out).toBe(`module {
  "m.func"() ({
    "m.write"() : () -> ()
    "m.ret"() : () -> ()
  }) : () -> ()
}
`)
  })
})
