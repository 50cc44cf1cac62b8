import { afterEach, describe, expect, it } from 'vitest'
import { success, type LogicalResult, type Operation } from '@tilepass/ir'
import {
  ConversionLogger,
  ConversionTarget,
  OpConversionPattern,
  applyPartialConversion,
  getDialectConversionLogger,
  setDebugOnlyTypes,
  setDialectConversionLogger,
  type ConversionPatternRewriter,
  type OpAdaptor,
} from '../src/index.ts'
import { parse } from './helpers.ts'

/** Lowers `func.return` to `foo.return` (the seed's `func.return -> spirv.Return`, with a legal stand-in). */
class ReturnLowering extends OpConversionPattern {
  constructor() {
    super('func.return', { generatedOps: ['foo.return'] })
  }
  matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    rewriter.replaceOp(op, rewriter.create('foo.return', op.location, { operands: adaptor.operands }))
    return success()
  }
}

/** A pattern that never matches. */
class NeverMatches extends OpConversionPattern {
  constructor() {
    super('func.return', { benefit: 2 })
  }
  matchAndRewriteConverted(op: Operation, _adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    return rewriter.notifyMatchFailure(op, 'not today')
  }
}

function runLogged(src: string, patterns: OpConversionPattern[], illegal: string[]): string {
  let text = ''
  setDialectConversionLogger(new ConversionLogger((s) => (text += s)))
  const m = parse(src)
  const target = new ConversionTarget(m.context)
  target.addLegalDialect('foo', 'builtin')
  target.addLegalOp('func.func')
  target.addIllegalOp(...illegal)
  applyPartialConversion(m, target, patterns)
  return text
}

afterEach(() => setDialectConversionLogger(null))

describe('dialect-conversion debug log', () => {
  it('writes the legalization tree of the seed: fold, pattern, inserted and replaced ops, nested legalization', () => {
    const log = runLogged(`func.func @f() {\n  return\n}`, [new ReturnLowering()], ['func.return'])
    expect(log).toBe(`
//===-------------------------------------------===//
Legalizing operation : 'func.func'(0x600000001000) {
} -> SUCCESS : operation marked legal by the target
//===-------------------------------------------===//

//===-------------------------------------------===//
Legalizing operation : 'func.return'(0x600000001060) {
  "func.return"() : () -> ()

  * Fold {
  } -> FAILURE : unable to fold

  * Pattern : 'func.return -> (foo.return)' {
    ** Insert  : 'foo.return'(0x6000000010c0)
    ** Replace : 'func.return'(0x600000001060)

    //===-------------------------------------------===//
    Legalizing operation : 'foo.return'(0x6000000010c0) {
      "foo.return"() : () -> ()

    } -> SUCCESS : operation marked legal by the target
    //===-------------------------------------------===//
  } -> SUCCESS : pattern applied successfully
} -> SUCCESS
//===-------------------------------------------===//
`)
  })

  it('logs match failures and the final failure of an op', () => {
    const log = runLogged(`func.func @f() {\n  return\n}`, [new NeverMatches()], [])
    expect(log).toContain(`  * Pattern : 'func.return -> ()' {
    ** Failure : not today
  } -> FAILURE : pattern failed to match
} -> FAILURE : no matched legalization pattern
//===-------------------------------------------===//
`)
  })

  it('is off unless -debug-only names dialect-conversion', () => {
    const sink = (): void => {}
    setDebugOnlyTypes(['greedy-rewriter'], sink)
    expect(getDialectConversionLogger()).toBeNull()
    setDebugOnlyTypes(['greedy-rewriter', 'dialect-conversion'], sink)
    expect(getDialectConversionLogger()).not.toBeNull()
    setDebugOnlyTypes([], sink)
    expect(getDialectConversionLogger()).toBeNull()
  })
})
