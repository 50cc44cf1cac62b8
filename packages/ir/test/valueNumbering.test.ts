import { describe, expect, it } from 'vitest'
import { Context, UnknownLoc, ValueNumbering, acquireVisitMarks, parseSourceString, releaseVisitMarks, type Operation, type Value } from '../src/index.ts'

const src = `"t.f"() ({
^bb0(%a: i32, %b: i32):
  %0:2 = "t.two"(%a) : (i32) -> (i32, i32)
  %1 = "t.one"(%0#1, %b) : (i32, i32) -> i32
  "t.use"(%1) : (i32) -> ()
}) : () -> ()
`

function parse(): Operation {
  const r = parseSourceString(src, new Context({ allowUnregisteredDialects: true }))
  if (r === null) {
    throw new Error('parse failed')
  }
  return r.op
}

/** Every value of the test module: the block arguments, then the results in order. */
function values(module: Operation): Value[] {
  const f = module.regions[0]!.front.firstOp!
  const block = f.regions[0]!.front
  const out: Value[] = [...block.arguments]
  for (let o = block.firstOp; o !== null; o = o.nextOp) {
    out.push(...o.results)
  }
  return out
}

describe('ValueNumbering', () => {
  it('gives each value of a small module its own stable number', () => {
    const vs = values(parse())
    const numbering = new ValueNumbering()
    const first = vs.map((v) => numbering.numberOf(v))
    expect(new Set(first).size).toBe(vs.length)
    expect(vs.map((v) => numbering.numberOf(v))).toEqual(first)
    numbering.dispose()
  })

  it('holds the visit marks until disposed, and numbers through a map when another traversal holds them', () => {
    const vs = values(parse())
    const numbering = new ValueNumbering()
    expect(acquireVisitMarks()).toBe(0)
    numbering.dispose()
    const epoch = acquireVisitMarks()
    expect(epoch).not.toBe(0)
    const fallback = new ValueNumbering()
    const first = vs.map((v) => fallback.numberOf(v))
    expect(new Set(first).size).toBe(vs.length)
    expect(vs.map((v) => fallback.numberOf(v))).toEqual(first)
    fallback.dispose()
    // The fallback held nothing: the marks are still the other traversal's.
    expect(acquireVisitMarks()).toBe(0)
    releaseVisitMarks(epoch)
  })
})

describe('Operation.hasUnknownLocation', () => {
  it('is false for a parsed op without making its location, true once it is loc(unknown)', () => {
    const module = parse()
    const op = module.regions[0]!.front.firstOp!
    expect(op.hasUnknownLocation).toBe(false)
    op.location = UnknownLoc.get(op.context)
    expect(op.hasUnknownLocation).toBe(true)
  })
})
