import { describe, expect, it } from 'vitest'
import {
  FloatType,
  IntegerType,
  printLocation,
  printOperation,
  success,
  type Context,
  type Diagnostic,
  type Location,
  type LogicalResult,
  type OpBuilder,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import { ConversionTarget, OpConversionPattern, TypeConverter, applyPartialConversion, type ConversionPatternRewriter, type OpAdaptor } from '../src/index.ts'
import { parse } from './helpers.ts'

type RewriteFn = (op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter) => LogicalResult

class FnPattern extends OpConversionPattern {
  constructor(
    root: string,
    private readonly fn: RewriteFn,
    typeConverter: TypeConverter | null,
  ) {
    super(root, { typeConverter })
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    return this.fn(op, adaptor, rewriter)
  }
}

/** Renders diagnostics as `file:line:col: severity: message`, the way mlir-opt prints them (without source lines). */
function collectDiagnostics(ctx: Context): string[] {
  const out: string[] = []
  const render = (d: Diagnostic): void => {
    const m = /^loc\("(.*)":(\d+):(\d+)\)$/.exec(printLocation(d.location))
    out.push(`${m === null ? '?' : `${m[1]}:${m[2]}:${m[3]}`}: ${d.severity}: ${d.message}`)
  }
  ctx.diagnosticOpPrinter = (op, generic) => printOperation(op, { printGenericOpForm: generic, printLocalScope: true })
  ctx.diagEngine.registerHandler((d) => {
    render(d)
    for (const n of d.notes) {
      render(n)
    }
    return true
  })
  return out
}

/**
 * Replaces `test.type_producer` by one producing the converted type (as upstream's
 * test-legalize-type-conversion pass), so its old users need a source materialization.
 */
function producerPattern(tc: TypeConverter): FnPattern {
  return new FnPattern(
    'test.type_producer',
    (op, _adaptor, rewriter) => {
      const type = tc.convertType(op.results[0]!.type)!
      rewriter.replaceOp(op, rewriter.create('test.type_producer', op.location, { results: [type] }))
      return success()
    },
    tc,
  )
}

function widening(ctx: Context): TypeConverter {
  const tc = new TypeConverter()
  const f16 = FloatType.get(ctx, 'f16')
  const i16 = IntegerType.get(ctx, 16)
  tc.addConversion((t) => t)
  tc.addConversion((t) => (t === f16 ? FloatType.get(ctx, 'f64') : t === i16 ? IntegerType.get(ctx, 64) : undefined))
  return tc
}

function legalTarget(ctx: Context, tc: TypeConverter): ConversionTarget {
  const target = new ConversionTarget(ctx)
  target.addDynamicallyLegalOp('test.type_producer', (op) => tc.isLegalOp(op))
  target.addLegalDialect('foo', 'func', 'builtin')
  return target
}

describe('unresolved materializations', () => {
  // Expected texts: mlir-opt --allow-unregistered-dialect --test-legalize-type-conversion on the same input.
  const liveF16 = `func.func @f() {
  %result = "test.type_producer"() : () -> f16
  "foo.return"(%result) : (f16) -> ()
}`

  it('reports a live materialization that no type converter callback resolves, as upstream', () => {
    const m = parse(liveF16)
    const ctx = m.context
    const diags = collectDiagnostics(ctx)
    const tc = widening(ctx)
    expect(applyPartialConversion(m, legalTarget(ctx, tc), [producerPattern(tc)])).toBe(false)
    expect(diags).toEqual([
      `<stdin>:2:13: error: failed to legalize unresolved materialization from ('f64') to ('f16') that remained live after conversion`,
      `<stdin>:2:13: note: see current operation: %1 = "builtin.unrealized_conversion_cast"(%0) : (f64) -> f16`,
      `<stdin>:3:3: note: see existing live user here: "foo.return"(%1) : (f16) -> ()`,
    ])
  })

  it('prints a registered live user in its custom form in the note', () => {
    const m = parse(`func.func @f() {
  %result = "test.type_producer"() : () -> f16
  %a = arith.addf %result, %result : f16
  "foo.return"(%a) : (f16) -> ()
}`)
    const ctx = m.context
    const diags = collectDiagnostics(ctx)
    const tc = widening(ctx)
    const target = legalTarget(ctx, tc)
    target.addLegalDialect('arith')
    expect(applyPartialConversion(m, target, [producerPattern(tc)])).toBe(false)
    expect(diags[2]).toBe('<stdin>:3:8: note: see existing live user here: %2 = arith.addf %1, %1 : f16')
  })

  it('resolves a live source materialization with the converter callback at the cast position', () => {
    const m = parse(`func.func @f() {
  %result = "test.type_producer"() : () -> i16
  "foo.return"(%result) : (i16) -> ()
}`)
    const ctx = m.context
    const tc = widening(ctx)
    tc.addSourceMaterialization((b, type, inputs, loc) => b.create('test.cast', loc, { operands: inputs, results: [type] }).results[0]!)
    expect(applyPartialConversion(m, legalTarget(ctx, tc), [producerPattern(tc)])).toBe(true)
    expect(printOperation(m)).toBe(`module {
  func.func @f() {
    %0 = "test.type_producer"() : () -> i64
    %1 = "test.cast"(%0) : (i64) -> i16
    "foo.return"(%1) : (i16) -> ()
  }
}
`)
  })

  it('drops materializations whose users were converted, without calling the callbacks', () => {
    const m = parse(`func.func @f() {
  %result = "test.type_producer"() : () -> i16
  "bar.use"(%result) : (i16) -> ()
  "foo.return"() : () -> ()
}`)
    const ctx = m.context
    const tc = widening(ctx)
    let calls = 0
    tc.addSourceMaterialization(() => {
      calls++
      return null
    })
    const use = new FnPattern(
      'bar.use',
      (op, adaptor, rewriter) => {
        rewriter.replaceOp(op, rewriter.create('foo.use', op.location, { operands: adaptor.operands }))
        return success()
      },
      tc,
    )
    expect(applyPartialConversion(m, legalTarget(ctx, tc), [producerPattern(tc), use])).toBe(true)
    expect(calls).toBe(0)
    expect(printOperation(m)).toBe(`module {
  func.func @f() {
    %0 = "test.type_producer"() : () -> i64
    "foo.use"(%0) : (i64) -> ()
    "foo.return"() : () -> ()
  }
}
`)
  })

  it('passes the original type to target materializations', () => {
    const m = parse(`func.func @f(%a: i16) {
  "bar.use"(%a) : (i16) -> ()
  "foo.return"() : () -> ()
}`)
    const ctx = m.context
    const tc = widening(ctx)
    const seen: (Type | null)[] = []
    tc.addTargetMaterialization((b: OpBuilder, type: Type, inputs: readonly Value[], loc: Location, originalType: Type | null) => {
      seen.push(originalType)
      return b.create('test.widen', loc, { operands: inputs, results: [type] }).results[0]!
    })
    const use = new FnPattern(
      'bar.use',
      (op, adaptor, rewriter) => {
        rewriter.replaceOp(op, rewriter.create('foo.use', op.location, { operands: adaptor.operands }))
        return success()
      },
      tc,
    )
    expect(applyPartialConversion(m, legalTarget(ctx, tc), [use])).toBe(true)
    expect(seen).toEqual([IntegerType.get(ctx, 16)])
    expect(printOperation(m)).toContain(`%0 = "test.widen"(%arg0) : (i16) -> i64
    "foo.use"(%0) : (i64) -> ()`)
  })

  it('leaves unrealized casts when buildMaterializations is off', () => {
    const m = parse(liveF16)
    const ctx = m.context
    const tc = widening(ctx)
    expect(applyPartialConversion(m, legalTarget(ctx, tc), [producerPattern(tc)], { buildMaterializations: false })).toBe(true)
    expect(printOperation(m)).toContain('%1 = builtin.unrealized_conversion_cast %0 : f64 to f16')
  })
})

describe('block argument materializations', () => {
  /** A pattern moving the region of `bar.region` into `foo.region` and converting its block signatures. */
  function regionPattern(tc: TypeConverter): FnPattern {
    return new FnPattern(
      'bar.region',
      (op, _adaptor, rewriter) => {
        const n = rewriter.create('foo.region', op.location, { regions: 1 })
        rewriter.inlineRegionBefore(op.regions[0]!, n.regions[0]!, null)
        if (rewriter.convertRegionTypes(n.regions[0]!, tc) === null) {
          return rewriter.notifyMatchFailure(op, 'region types')
        }
        rewriter.replaceOp(op, [])
        return success()
      },
      tc,
    )
  }

  const src = `"test.mod"() ({
  "bar.region"() ({
  ^bb0(%a: i64, %b: i1):
    "foo.use"(%a, %b) : (i64, i1) -> ()
    "foo.term"() : () -> ()
  }) : () -> ()
}) : () -> ()`

  // As upstream: the dropped argument's materialization is built at the block start during
  // the signature conversion, the 1-N one at the block start when the rewrites commit.
  it('uses source materializations for 1-N and dropped arguments that keep users', () => {
    const m = parse(src)
    const ctx = m.context
    const i32 = IntegerType.get(ctx, 32)
    const i64 = IntegerType.get(ctx, 64)
    const i1 = IntegerType.get(ctx, 1)
    const tc = new TypeConverter()
    tc.addConversion((t) => t)
    tc.addConversion((t) => (t === i64 ? [i32, i32] : t === i1 ? [] : undefined))
    const arities: number[] = []
    tc.addSourceMaterialization((b, type, inputs, loc) => {
      arities.push(inputs.length)
      return b.create('foo.pack', loc, { operands: inputs, results: [type] }).results[0]!
    })
    const target = new ConversionTarget(ctx)
    target.addLegalDialect('foo', 'test')
    expect(applyPartialConversion(m, target, [regionPattern(tc)])).toBe(true)
    expect(arities.sort()).toEqual([0, 2])
    expect(printOperation(m)).toBe(`module {
  "test.mod"() ({
    "foo.region"() ({
    ^bb0(%arg0: i32, %arg1: i32):
      %0 = "foo.pack"(%arg0, %arg1) : (i32, i32) -> i64
      %1 = "foo.pack"() : () -> i1
      "foo.use"(%0, %1) : (i64, i1) -> ()
      "foo.term"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}
`)
  })

  it('fails with the live-materialization diagnostic when no source materialization applies', () => {
    const m = parse(src)
    const ctx = m.context
    const diags = collectDiagnostics(ctx)
    const i32 = IntegerType.get(ctx, 32)
    const i64 = IntegerType.get(ctx, 64)
    const tc = new TypeConverter()
    tc.addConversion((t) => t)
    tc.addConversion((t) => (t === i64 ? [i32, i32] : undefined))
    const target = new ConversionTarget(ctx)
    target.addLegalDialect('foo', 'test')
    expect(applyPartialConversion(m, target, [regionPattern(tc)])).toBe(false)
    expect(diags[0]).toBe(
      `<stdin>:3:8: error: failed to legalize unresolved materialization from ('i32', 'i32') to ('i64') that remained live after conversion`,
    )
    expect(diags[2]).toBe(`<stdin>:4:5: note: see existing live user here: "foo.use"(%0, %arg2) : (i64, i1) -> ()`)
  })
})

describe('folding during conversion', () => {
  it('folds an illegal op into an existing value before trying patterns', () => {
    const m = parse(`func.func @f(%x: i32) -> i32 {
  %a = arith.constant 0 : i32
  %b = arith.addi %x, %a : i32
  "foo.return"(%b) : (i32) -> ()
}`)
    const ctx = m.context
    const target = new ConversionTarget(ctx)
    target.addLegalDialect('foo', 'func', 'builtin')
    target.addLegalOp('arith.constant')
    expect(applyPartialConversion(m, target, [])).toBe(true)
    expect(printOperation(m)).toContain(`%c0_i32 = arith.constant 0 : i32
    "foo.return"(%arg0) : (i32) -> ()`)
  })

  it('undoes a fold whose new constants cannot be legalized', () => {
    const src = `func.func @f() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.addi %a, %a : i32
  "foo.return"(%b) : (i32) -> ()
}`
    const m = parse(src)
    const before = printOperation(m)
    const target = new ConversionTarget(m.context)
    target.addLegalDialect('foo', 'func', 'builtin')
    target.addIllegalOp('arith.constant')
    target.addLegalOp('arith.addi')
    expect(applyPartialConversion(m, target, [])).toBe(false)
    expect(printOperation(m)).toBe(before)
    const m2 = parse(src)
    const t2 = new ConversionTarget(m2.context)
    t2.addLegalDialect('foo', 'func', 'builtin')
    expect(applyPartialConversion(m2, t2, [])).toBe(true)
    expect(printOperation(m2)).toBe(before)
  })

  it('does not fold when the folding mode is never', () => {
    const m = parse(`func.func @f(%x: i32) -> i32 {
  %a = arith.constant 0 : i32
  %b = arith.addi %x, %a : i32
  "foo.return"(%b) : (i32) -> ()
}`)
    const before = printOperation(m)
    const target = new ConversionTarget(m.context)
    target.addLegalDialect('foo', 'func', 'builtin')
    expect(applyPartialConversion(m, target, [], { foldingMode: 'never' })).toBe(true)
    expect(printOperation(m)).toBe(before)
  })
})

