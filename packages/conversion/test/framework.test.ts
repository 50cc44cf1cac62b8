import { describe, expect, it } from 'vitest'
import { IntegerType, failure, printOperation, success, type Location, type LogicalResult, type OpBuilder, type Operation, type Type, type Value } from '@tilepass/ir'
import {
  ConversionTarget,
  OpConversionPattern,
  TypeConverter,
  applyAnalysisConversion,
  applyFullConversion,
  applyPartialConversion,
  reconcileUnrealizedCasts,
  type ConversionPatternRewriter,
  type OpAdaptor,
} from '../src/index.ts'
import { makeContext, parse } from './helpers.ts'

type RewriteFn = (op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter) => LogicalResult

/** A conversion pattern from a function. */
class FnPattern extends OpConversionPattern {
  constructor(
    root: string,
    private readonly fn: RewriteFn,
    options: { benefit?: number; typeConverter?: TypeConverter; generatedOps?: string[] } = {},
  ) {
    super(root, options)
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    return this.fn(op, adaptor, rewriter)
  }
}

/** Makes `tc` resolve live materializations into unrealized casts, as the LLVM type converter does. */
function castMaterializations(tc: TypeConverter): TypeConverter {
  const cast = (b: OpBuilder, type: Type, inputs: readonly Value[], loc: Location): Value =>
    b.create('builtin.unrealized_conversion_cast', loc, { operands: inputs, results: [type] }).results[0]!
  tc.addSourceMaterialization(cast)
  tc.addTargetMaterialization(cast)
  return tc
}

/** A pattern replacing `from` by `to` with the same operands, results and attributes. */
function renamePattern(from: string, to: string, benefit = 1): FnPattern {
  return new FnPattern(
    from,
    (op, adaptor, rewriter) => {
      const n = rewriter.create(to, op.location, { operands: adaptor.operands, results: op.results.map((r) => r.type), attributes: op.attributes.entries })
      rewriter.replaceOp(op, n)
      return success()
    },
    { benefit, generatedOps: [to] },
  )
}

describe('TypeConverter', () => {
  it('tries the most recently added conversion first; undefined means no opinion, null failure', () => {
    const ctx = makeContext()
    const i32 = IntegerType.get(ctx, 32)
    const i64 = IntegerType.get(ctx, 64)
    const i16 = IntegerType.get(ctx, 16)
    const tc = new TypeConverter()
    tc.addConversion((t) => t)
    tc.addConversion((t) => (t === i64 ? i32 : undefined))
    tc.addConversion((t) => (t === i16 ? null : undefined))
    expect(tc.convertType(i64)).toBe(i32)
    expect(tc.convertType(i32)).toBe(i32)
    expect(tc.convertType(i16)).toBeNull()
    expect(tc.isLegal(i32)).toBe(true)
    expect(tc.isLegal(i64)).toBe(false)
  })

  it('supports 1-N conversions and dropping a type', () => {
    const ctx = makeContext()
    const i32 = IntegerType.get(ctx, 32)
    const i64 = IntegerType.get(ctx, 64)
    const i1 = IntegerType.get(ctx, 1)
    const tc = new TypeConverter()
    tc.addConversion((t) => t)
    tc.addConversion((t) => (t === i64 ? [i32, i32] : t === i1 ? [] : undefined))
    expect(tc.convertTypeN(i64)).toEqual([i32, i32])
    expect(tc.convertType(i64)).toBeNull()
    expect(tc.convertTypes([i1, i64, i32])).toEqual([i32, i32, i32])
    const sig = tc.convertBlockSignature([i64, i1, i32])!
    expect(sig.convertedTypes).toEqual([i32, i32, i32])
    expect(sig.inputMap).toEqual([
      { start: 0, size: 2 },
      { start: 2, size: 0 },
      { start: 2, size: 1 },
    ])
  })
})

describe('ConversionTarget', () => {
  it('op entries win over dialect entries, which win over the unknown-op callback', () => {
    const m = parse(`"test.mod"() ({
  "a.x"() : () -> ()
  "a.y"() {ok} : () -> ()
  "a.y"() : () -> ()
  "b.z"() : () -> ()
  "c.w"() : () -> ()
}) : () -> ()`)
    const ops: Operation[] = []
    m.walk((op) => {
      ops.push(op)
    }, 'pre')
    const target = new ConversionTarget(m.context)
    target.addIllegalDialect('a')
    target.addDynamicallyLegalOp('a.y', (op) => op.hasAttr('ok'))
    target.addLegalDialect('b')
    target.markUnknownOpDynamicallyLegal((op) => op.name.name !== 'c.w')
    const legal = ops.slice(2).map((op) => target.isLegal(op) !== null)
    expect(legal).toEqual([false, true, false, true, false])
    expect(target.isIllegal(ops[2]!)).toBe(true)
    expect(target.isIllegal(ops[4]!)).toBe(true)
  })

  it('skips the nested ops of recursively legal ops', () => {
    const src = `"test.mod"() ({
  "r.wrap"() ({
    "x.bad"() : () -> ()
  }) : () -> ()
}) : () -> ()`
    const m = parse(src)
    const target = new ConversionTarget(m.context)
    target.addLegalDialect('r', 'test')
    target.addIllegalOp('x.bad')
    expect(applyFullConversion(m, target, [])).toBe(false)
    target.markOpRecursivelyLegal('r.wrap')
    expect(applyFullConversion(m, target, [])).toBe(true)
  })
})

describe('dialect conversion drivers', () => {
  it('legalizes transitively through a chain of patterns (bar.add -> baz.add -> foo.add)', () => {
    const src = `"test.mod"() ({
^bb0(%a: i32):
  %0 = "bar.add"(%a, %a) : (i32, i32) -> i32
  "foo.use"(%0) : (i32) -> ()
}) : () -> ()`
    const m = parse(src)
    const target = new ConversionTarget(m.context)
    target.addLegalDialect('foo', 'test')
    const patterns = [renamePattern('bar.add', 'baz.add'), renamePattern('baz.add', 'foo.add')]
    expect(applyFullConversion(m, target, patterns)).toBe(true)
    expect(printOperation(m)).toContain('"foo.add"(%arg0, %arg0)')
    expect(printOperation(m)).not.toContain('baz.add')
  })

  it('ignores the ops nested in an op a pattern erased, and not once the erasure is rolled back', () => {
    const src = `"test.mod"() ({
  "foo.keep"() : () -> ()
  "x.drop"() ({
    "x.bad"() : () -> ()
    "x.wrap"() ({
      "x.bad"() : () -> ()
    }) : () -> ()
  }) : () -> ()
  "x.gone"() : () -> ()
}) : () -> ()`
    const erase = (root: string, result: () => LogicalResult): FnPattern =>
      new FnPattern(root, (op, _adaptor, rewriter) => {
        rewriter.eraseOp(op)
        return result()
      })
    const m = parse(src)
    const target = new ConversionTarget(m.context)
    target.addLegalDialect('foo', 'test')
    expect(applyFullConversion(m, target, [erase('x.drop', success), erase('x.gone', success)])).toBe(true)
    expect(printOperation(m)).not.toContain('"x.')
    // The erasing pattern fails: its erasure is undone and the nested x.bad ops count again.
    const again = parse(src)
    const target2 = new ConversionTarget(again.context)
    target2.addLegalDialect('foo', 'test')
    expect(applyFullConversion(again, target2, [erase('x.drop', failure), erase('x.gone', success)])).toBe(false)
  })

  it('ignores an op a pattern builds inside an op it erased with an empty body', () => {
    const src = `"test.mod"() ({
  "x.hollow"() ({
  }) : () -> ()
}) : () -> ()`
    const m = parse(src)
    const target = new ConversionTarget(m.context)
    target.addLegalDialect('foo', 'test')
    const refill = new FnPattern('x.hollow', (op, _adaptor, rewriter) => {
      rewriter.eraseOp(op)
      const block = rewriter.createBlock(op.regions[0]!)
      rewriter.setInsertionPointToEnd(block)
      rewriter.create('x.bad', op.location)
      return success()
    })
    expect(applyFullConversion(m, target, [refill])).toBe(true)
    expect(printOperation(m)).not.toContain('"x.')
  })

  it('converts every op of a deep nest (leaf erasures need no walk up the nest)', () => {
    const depth = 3000
    const src = `"test.mod"() ({\n${'"r.wrap"() ({\n"bar.add"() : () -> ()\n"x.gone"() : () -> ()\n'.repeat(depth)}${'}) : () -> ()\n'.repeat(depth)}}) : () -> ()`
    const m = parse(src)
    const target = new ConversionTarget(m.context)
    target.addLegalDialect('foo', 'test', 'r')
    const gone = new FnPattern('x.gone', (op, _adaptor, rewriter) => {
      rewriter.eraseOp(op)
      return success()
    })
    expect(applyFullConversion(m, target, [renamePattern('bar.add', 'foo.add'), gone])).toBe(true)
    const names = new Map<string, number>()
    m.walk((op) => void names.set(op.name.name, (names.get(op.name.name) ?? 0) + 1))
    expect(names.get('foo.add')).toBe(depth)
    expect(names.get('r.wrap')).toBe(depth)
    expect(names.has('bar.add') || names.has('x.gone')).toBe(false)
  }, 60_000)

  it('prefers the shorter chain among patterns of equal benefit', () => {
    const m = parse(`"test.mod"() ({
^bb0(%a: i32):
  %0 = "bar.add"(%a) : (i32) -> i32
  "foo.use"(%0) : (i32) -> ()
}) : () -> ()`)
    const target = new ConversionTarget(m.context)
    target.addLegalDialect('foo', 'test')
    const patterns = [renamePattern('bar.add', 'baz.add'), renamePattern('baz.add', 'foo.add'), renamePattern('bar.add', 'foo.direct')]
    expect(applyFullConversion(m, target, patterns)).toBe(true)
    expect(printOperation(m)).toContain('"foo.direct"')
  })

  it('partial conversion keeps unknown ops it cannot convert but fails on explicitly illegal ones', () => {
    const src = `"test.mod"() ({
  "x.unknown"() : () -> ()
  "bar.a"() : () -> ()
}) : () -> ()`
    const m = parse(src)
    const before = printOperation(m)
    const target = new ConversionTarget(m.context)
    target.addLegalDialect('foo', 'test')
    target.addIllegalDialect('bar')
    const unlegalized = new Set<Operation>()
    expect(applyPartialConversion(m, target, [renamePattern('bar.a', 'foo.a')], { unlegalizedOps: unlegalized })).toBe(true)
    expect(printOperation(m)).toContain('"x.unknown"')
    expect(printOperation(m)).toContain('"foo.a"')
    expect([...unlegalized].map((o) => o.name.name)).toEqual(['x.unknown'])

    const m2 = parse(src)
    const diags: string[] = []
    m2.context.diagEngine.registerHandler((d) => {
      diags.push(d.message)
      return true
    })
    expect(applyPartialConversion(m2, target, [])).toBe(false)
    expect(printOperation(m2)).toBe(before)
    expect(diags).toContain("failed to legalize operation 'bar.a' that was explicitly marked illegal")
  })

  it('analysis conversion reports the legalizable ops and leaves the IR unchanged', () => {
    const src = `"test.mod"() ({
  "bar.a"() : () -> ()
  "bar.b"() : () -> ()
  "foo.c"() : () -> ()
}) : () -> ()`
    const m = parse(src)
    const before = printOperation(m)
    const target = new ConversionTarget(m.context)
    target.addLegalDialect('foo')
    target.addIllegalDialect('bar')
    const legalizable = new Set<Operation>()
    expect(applyAnalysisConversion(m, target, [renamePattern('bar.a', 'foo.a')], legalizable)).toBe(true)
    expect(printOperation(m)).toBe(before)
    const names = [...legalizable].map((o) => o.name.name)
    expect(names).toContain('bar.a')
    expect(names).not.toContain('bar.b')
  })

  it('remaps operands through a type converter and materializes casts for legal users', () => {
    const src = `"test.mod"() ({
^bb0(%a: i64):
  %0 = "bar.make"(%a) : (i64) -> i64
  %1 = "bar.inc"(%0) : (i64) -> i64
  "foo.keep"(%1) : (i64) -> ()
}) : () -> ()`
    const m = parse(src)
    const ctx = m.context
    const i32 = IntegerType.get(ctx, 32)
    const i64 = IntegerType.get(ctx, 64)
    const tc = new TypeConverter()
    tc.addConversion((t) => t)
    tc.addConversion((t) => (t === i64 ? i32 : undefined))
    castMaterializations(tc)
    const seenOperandTypes: Type[] = []
    const lower = (to: string): FnPattern =>
      new FnPattern(
        to === 'foo.make' ? 'bar.make' : 'bar.inc',
        (op, adaptor, rewriter) => {
          for (const v of adaptor.operands) {
            seenOperandTypes.push(v.type)
          }
          const n = rewriter.create(to, op.location, { operands: adaptor.operands, results: [i32] })
          rewriter.replaceOp(op, n)
          return success()
        },
        { typeConverter: tc },
      )
    const target = new ConversionTarget(ctx)
    target.addLegalDialect('foo', 'test', 'builtin')
    expect(applyPartialConversion(m, target, [lower('foo.make'), lower('foo.inc')])).toBe(true)
    expect(seenOperandTypes).toEqual([i32, i32])
    reconcileUnrealizedCasts(m)
    const text = printOperation(m)
    expect(text).toContain('"foo.inc"(%')
    expect(text).not.toContain('bar.')
    // The operand of foo.make is the i64 block argument cast to i32, and foo.keep gets foo.inc's result cast back to i64.
    expect(text.match(/unrealized_conversion_cast/g)?.length).toBe(2)
  })

  it('shares one target materialization per value, placed right after its definition', () => {
    const m = parse(`"test.mod"() ({
^bb0(%a: i64):
  "foo.first"() : () -> ()
  %0 = "bar.add"(%a, %a) : (i64, i64) -> i64
  %1 = "bar.add"(%a, %0) : (i64, i64) -> i64
  "foo.keep"(%1) : (i64) -> ()
}) : () -> ()`)
    const ctx = m.context
    const i32 = IntegerType.get(ctx, 32)
    const i64 = IntegerType.get(ctx, 64)
    const tc = new TypeConverter()
    tc.addConversion((t) => t)
    tc.addConversion((t) => (t === i64 ? i32 : undefined))
    castMaterializations(tc)
    const target = new ConversionTarget(ctx)
    target.addLegalDialect('foo', 'test', 'builtin')
    const pattern = new FnPattern(
      'bar.add',
      (op, adaptor, rewriter) => {
        rewriter.replaceOp(op, rewriter.create('foo.add', op.location, { operands: adaptor.operands, results: [i32] }))
        return success()
      },
      { typeConverter: tc },
    )
    expect(applyPartialConversion(m, target, [pattern])).toBe(true)
    expect(printOperation(m)).toBe(`module {
  "test.mod"() ({
  ^bb0(%arg0: i64):
    %0 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
    "foo.first"() : () -> ()
    %1 = "foo.add"(%0, %0) : (i32, i32) -> i32
    %2 = "foo.add"(%0, %1) : (i32, i32) -> i32
    %3 = builtin.unrealized_conversion_cast %2 : i32 to i64
    "foo.keep"(%3) : (i64) -> ()
  }) : () -> ()
}
`)
  })

  it('runs every conversion attempt as an apply-conversion action', () => {
    const m = parse(`"test.mod"() ({
  "bar.a"() : () -> ()
  "bar.a"() : () -> ()
}) : () -> ()`)
    const tags: string[] = []
    m.context.registerActionHandler((execute, action) => {
      tags.push(action.tag)
      execute()
    })
    const target = new ConversionTarget(m.context)
    target.addLegalDialect('foo', 'test')
    expect(applyFullConversion(m, target, [renamePattern('bar.a', 'foo.a')])).toBe(true)
    expect(tags).toEqual(['apply-conversion', 'apply-conversion'])
  })
})

// ---- Transactional property --------------------------------------------------------------

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A random module of `bar.*`, `foo.*` and region-holding `bar.region` ops over i32/i64 values. */
function randomModule(seed: number): string {
  const r = rng(seed)
  let n = 0
  const lines: string[] = []
  const gen = (indent: string, vals: { name: string; type: string }[], depth: number): void => {
    const count = 2 + Math.floor(r() * 5)
    for (let i = 0; i < count; i++) {
      const kind = r()
      const nm = `%v${n++}`
      const type = r() < 0.5 ? 'i32' : 'i64'
      const ops = vals.length === 0 ? [] : [vals[Math.floor(r() * vals.length)]!]
      const operandText = ops.map((o) => o.name).join(', ')
      const operandTypes = ops.map((o) => o.type).join(', ')
      if (kind < 0.15 && depth < 2) {
        lines.push(`${indent}${nm} = "bar.region"(${operandText}) ({`)
        lines.push(`${indent}^bb0(%b${n}: i64, %c${n}: i32):`)
        const inner = [...vals, { name: `%b${n}`, type: 'i64' }, { name: `%c${n}`, type: 'i32' }]
        n++
        gen(indent + '  ', inner, depth + 1)
        lines.push(`${indent}  "foo.term"() : () -> ()`)
        lines.push(`${indent}}) : (${operandTypes}) -> ${type}`)
      } else {
        const name = kind < 0.55 ? 'bar.op' : kind < 0.9 ? 'foo.op' : 'bar.stuck'
        const attr = r() < 0.3 ? ' {mark}' : ''
        lines.push(`${indent}${nm} = "${name}"(${operandText})${attr} : (${operandTypes}) -> ${type}`)
      }
      vals.push({ name: nm, type })
    }
  }
  lines.push('"test.mod"() ({')
  lines.push('^bb0(%a: i64, %x: i32):')
  gen('  ', [{ name: '%a', type: 'i64' }, { name: '%x', type: 'i32' }], 0)
  lines.push('}) : () -> ()')
  return lines.join('\n')
}

describe('transactional conversion', () => {
  it('leaves the printed IR exactly as before when a conversion fails part-way (random modules)', () => {
    let failures = 0
    let successes = 0
    for (let seed = 1; seed <= 60; seed++) {
      const src = randomModule(seed)
      const m = parse(src)
      const ctx = m.context
      ctx.diagEngine.registerHandler(() => true)
      const i32 = IntegerType.get(ctx, 32)
      const i64 = IntegerType.get(ctx, 64)
      const tc = new TypeConverter()
      tc.addConversion((t) => t)
      tc.addConversion((t) => (t === i64 ? i32 : undefined))
      castMaterializations(tc)
      const before = printOperation(m)
      const target = new ConversionTarget(ctx)
      target.addLegalDialect('foo', 'test', 'builtin')
      target.addIllegalDialect('bar')
      const opPattern = new FnPattern(
        'bar.op',
        (op, adaptor, rewriter) => {
          const types = op.results.map((res) => tc.convertType(res.type)!)
          const n = rewriter.create('baz.op', op.location, { operands: adaptor.operands, results: types, attributes: op.attributes.entries })
          rewriter.replaceOp(op, n)
          return success()
        },
        { typeConverter: tc },
      )
      // baz.op is legal only through foo.op; marked ops fail to lower, after the in-place edit.
      const bazPattern = new FnPattern('baz.op', (op, _adaptor, rewriter) => {
        rewriter.modifyOpInPlace(op, () => op.setAttr('touched', rewriter.getUnitAttr()))
        if (op.hasAttr('mark')) {
          return rewriter.notifyMatchFailure(op, 'marked')
        }
        const n = rewriter.create('foo.op', op.location, { operands: op.operands.map((o) => o.value), results: op.results.map((res) => res.type) })
        rewriter.replaceOp(op, n)
        return success()
      })
      const regionPattern = new FnPattern(
        'bar.region',
        (op, adaptor, rewriter) => {
          const n = rewriter.create('foo.region', op.location, { operands: adaptor.operands, results: [tc.convertType(op.results[0]!.type)!], regions: 1 })
          rewriter.inlineRegionBefore(op.regions[0]!, n.regions[0]!, null)
          if (rewriter.convertRegionTypes(n.regions[0]!, tc) === null) {
            return rewriter.notifyMatchFailure(op, 'region types')
          }
          rewriter.replaceOp(op, n)
          return success()
        },
        { typeConverter: tc },
      )
      const ok = applyFullConversion(m, target, [opPattern, bazPattern, regionPattern])
      if (ok) {
        successes++
        expect(printOperation(m)).not.toContain('"bar.')
      } else {
        failures++
        expect(printOperation(m)).toBe(before)
      }
    }
    expect(failures).toBeGreaterThan(10)
    expect(successes).toBeGreaterThan(0)
  })

  it('rolls back a failed pattern before trying the next one', () => {
    const m = parse(`"test.mod"() ({
^bb0(%a: i32):
  %0 = "bar.x"(%a) : (i32) -> i32
  "foo.use"(%0) : (i32) -> ()
}) : () -> ()`)
    const target = new ConversionTarget(m.context)
    target.addLegalDialect('foo', 'test')
    const failing = new FnPattern(
      'bar.x',
      (op, adaptor, rewriter) => {
        const n = rewriter.create('foo.partial', op.location, { operands: adaptor.operands, results: [op.results[0]!.type] })
        rewriter.replaceAllUsesWith(op.results[0]!, n.results[0]! as Value)
        rewriter.splitBlock(op.parentBlock!, op)
        return failure2(rewriter, op)
      },
      { benefit: 2 },
    )
    expect(applyFullConversion(m, target, [failing, renamePattern('bar.x', 'foo.x')])).toBe(true)
    const text = printOperation(m)
    expect(text).not.toContain('foo.partial')
    expect(text).toContain('"foo.use"(%0)')
    expect(text).not.toContain('^bb1')
  })
})

describe('signature conversion', () => {
  it('converts block arguments 1-N with a source materialization for the old users, undone on failure', () => {
    const src = `"test.mod"() ({
  "bar.region"() ({
  ^bb0(%a: i64, %b: i1):
    "foo.use"(%a) : (i64) -> ()
    "foo.term"() : () -> ()
  }) : () -> ()
}) : () -> ()`
    const run = (fail: boolean): { ok: boolean; text: string; before: string } => {
      const m = parse(src)
      const ctx = m.context
      const i32 = IntegerType.get(ctx, 32)
      const i64 = IntegerType.get(ctx, 64)
      const i1 = IntegerType.get(ctx, 1)
      const tc = new TypeConverter()
      tc.addConversion((t) => t)
      tc.addConversion((t) => (t === i64 ? [i32, i32] : t === i1 ? [] : undefined))
      tc.addSourceMaterialization((b, type, inputs, loc) => b.create('foo.pack', loc, { operands: inputs, results: [type] }).results[0]!)
      const before = printOperation(m)
      const target = new ConversionTarget(ctx)
      target.addLegalDialect('foo', 'test')
      const pattern = new FnPattern('bar.region', (op, _adaptor, rewriter) => {
        const n = rewriter.create('foo.region', op.location, { regions: 1 })
        rewriter.inlineRegionBefore(op.regions[0]!, n.regions[0]!, null)
        if (rewriter.convertRegionTypes(n.regions[0]!, tc) === null) {
          return failure2(rewriter, op)
        }
        if (fail) {
          return failure2(rewriter, op)
        }
        rewriter.replaceOp(op, [])
        return success()
      })
      const ok = applyFullConversion(m, target, [pattern])
      return { ok, text: printOperation(m), before }
    }
    const good = run(false)
    expect(good.ok).toBe(true)
    expect(good.text).toContain('^bb0(%arg0: i32, %arg1: i32):')
    expect(good.text).toContain('%0 = "foo.pack"(%arg0, %arg1) : (i32, i32) -> i64')
    expect(good.text).toContain('"foo.use"(%0) : (i64) -> ()')
    const bad = run(true)
    expect(bad.ok).toBe(false)
    expect(bad.text).toBe(bad.before)
  })
})

function failure2(rewriter: ConversionPatternRewriter, op: Operation): LogicalResult {
  return rewriter.notifyMatchFailure(op, 'gave up')
}
