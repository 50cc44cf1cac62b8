// Canonicalization patterns of arith and scf, applied one at a time through a minimal
// rewriter (the rewrite driver lives elsewhere). Expectations are the rewrites
// mlir-opt 22.1.8 performs for
//   mlir-opt --allow-unregistered-dialect --canonicalize <input>
// e.g. for the arith input below it prints
//   %0 = arith.addi %arg0, %c7_i32 overflow<nsw> : i32     (AddIAddConstant, flags merged)
//   %1 = arith.addi %arg1, %c7_i32 : i32                    (SubILHSSubConstantLHS)
//   %2 = arith.cmpi sge, %arg3, %arg4 : i32                 (XOrINotCmpI)
//   %3 = arith.select %arg2, %arg3, %arg5 : i32             (RedundantSelectTrue)
//   %4 = arith.select %arg2, %arg4, %arg3 : i32             (SelectNotCond)
//   %5 = arith.xori %arg2, %true : i1                       (SelectI1ToNot)
//   %6 = arith.extui %arg2 : i1 to i32                      (SelectToExtUI)
//   %7 = arith.andi %arg6, %arg7 : i8 ; %8 = arith.extui %7 (AndOfExtUI)
//   %9 = arith.extui %arg6 : i8 to i32                      (ExtSIOfExtUI)
import { describe, expect, it } from 'vitest'
import {
  BuiltinDialect,
  Context,
  IntegerAttr,
  OpBuilder,
  RewritePatternSet,
  parseSourceString,
  printOperation,
  type Block,
  type Operation,
  type Value,
} from '@tilepass/ir'
import { ArithDialect, type IntegerOverflowFlagsAttr } from '../src/arith/index.ts'
import { ScfDialect } from '../src/scf/index.ts'

interface Pattern {
  readonly name: string
  readonly rootName: string
  matchAndRewrite(op: Operation, rewriter: TestRewriter): boolean
}

/** The rewriter surface the patterns use, implemented directly on the IR. */
class TestRewriter extends OpBuilder {
  replaceOp(op: Operation, values: readonly Value[]): void {
    op.replaceAllUsesWith(values)
    op.erase()
  }
  eraseOp(op: Operation): void {
    op.erase()
  }
  replaceAllUsesWith(from: Value, to: Value): void {
    from.replaceAllUsesWith(to)
  }
  modifyOpInPlace(_op: Operation, fn: () => void): void {
    fn()
  }
  mergeBlocks(source: Block, dest: Block, args: readonly Value[] = []): void {
    for (let i = 0; i < args.length; i++) {
      source.getArgument(i).replaceAllUsesWith(args[i]!)
    }
    for (const o of source.operations) {
      o.remove()
      dest.append(o)
    }
    source.erase()
  }
  inlineBlockBefore(source: Block, op: Operation, args: readonly Value[] = []): void {
    for (let i = 0; i < args.length; i++) {
      source.getArgument(i).replaceAllUsesWith(args[i]!)
    }
    for (const o of source.operations) {
      o.moveBefore(op)
    }
    source.erase()
  }
}

function parse(src: string): Operation {
  const ctx = new Context({ dialects: [BuiltinDialect, ArithDialect, ScfDialect], allowUnregisteredDialects: true })
  const r = parseSourceString(src, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  return r.op
}

function patternsOf(op: Operation): Pattern[] {
  const set = new RewritePatternSet(op.context)
  op.name.def!.getCanonicalizationPatterns!(set)
  return set.patterns as unknown as Pattern[]
}

/** Applies the pattern `name` of the op defining `%<result>`'s user chain root, returning the replacement value's defining op. */
function apply(root: Operation, name: string): boolean {
  // Registered under MLIR's debug name: `(anonymous namespace)::<name>` for most patterns.
  const p = patternsOf(root).find((x) => x.name === name || x.name === `(anonymous namespace)::${name}`)
  if (p === undefined) {
    throw new Error(`${root.name.name} has no pattern ${name}`)
  }
  const rewriter = new TestRewriter(root.context)
  return p.matchAndRewrite(root, rewriter)
}

/** The op producing the `index`-th operand of the final "test.return". */
function returned(m: Operation, index: number): Operation {
  let ret: Operation | null = null
  m.walk((op) => {
    if (op.name.name === 'test.return') {
      ret = op
    }
  })
  return (ret as unknown as Operation).getOperand(index).definingOp!
}

function constValue(v: Value): bigint | undefined {
  const a = v.definingOp?.getAttr('value')
  return a instanceof IntegerAttr ? a.value : undefined
}

const ARITH = String.raw`"test.func"() ({
^bb0(%x: i32, %y: i32, %p: i1, %a: i32, %b: i32, %c: i32, %i8: i8, %j8: i8):
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c10 = arith.constant 10 : i32
  %0 = arith.addi %x, %c3 overflow<nsw, nuw> : i32
  %1 = arith.addi %0, %c4 overflow<nsw> : i32
  %2 = arith.subi %c3, %y : i32
  %3 = arith.subi %c10, %2 : i32
  %4 = arith.cmpi slt, %a, %b : i32
  %t = arith.constant true
  %5 = arith.xori %4, %t : i1
  %6 = arith.select %p, %a, %b : i32
  %7 = arith.select %p, %6, %c : i32
  %8 = arith.xori %p, %t : i1
  %9 = arith.select %8, %a, %b : i32
  %f = arith.constant false
  %10 = arith.select %p, %f, %t : i1
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %11 = arith.select %p, %c1, %c0 : i32
  %e1 = arith.extui %i8 : i8 to i16
  %e2 = arith.extui %j8 : i8 to i16
  %12 = arith.andi %e1, %e2 : i16
  %e3 = arith.extui %i8 : i8 to i16
  %13 = arith.extsi %e3 : i16 to i32
  "test.return"(%1, %3, %5, %7, %9, %10, %11, %12, %13) : (i32, i32, i1, i32, i32, i1, i32, i16, i32) -> ()
}) : () -> ()
`

describe('arith canonicalization patterns', () => {
  it('AddIAddConstant: addi(addi(x, 3) nsw|nuw, 4) nsw -> addi(x, 7) nsw', () => {
    const m = parse(ARITH)
    expect(apply(returned(m, 0), 'AddIAddConstant')).toBe(true)
    const r = returned(m, 0)
    const args = m.regions[0]!.front.firstOp!.regions[0]!.front.arguments
    expect(r.name.name).toBe('arith.addi')
    expect(r.getOperand(0)).toBe(args[0])
    expect(constValue(r.getOperand(1))).toBe(7n)
    expect((r.getAttr('overflowFlags') as IntegerOverflowFlagsAttr).value).toBe(1)
  })

  it('SubILHSSubConstantLHS: subi(10, subi(3, y)) -> addi(y, 7)', () => {
    const m = parse(ARITH)
    expect(apply(returned(m, 1), 'SubILHSSubConstantLHS')).toBe(true)
    const r = returned(m, 1)
    expect(r.name.name).toBe('arith.addi')
    expect(constValue(r.getOperand(1))).toBe(7n)
  })

  it('XOrINotCmpI: xori(cmpi slt, true) -> cmpi sge', () => {
    const m = parse(ARITH)
    expect(apply(returned(m, 2), 'XOrINotCmpI')).toBe(true)
    const r = returned(m, 2)
    expect(r.name.name).toBe('arith.cmpi')
    expect((r.getAttr('predicate') as IntegerAttr).value).toBe(5n)
  })

  it('select patterns: RedundantSelectTrue, SelectNotCond, SelectI1ToNot, SelectToExtUI', () => {
    const m = parse(ARITH)
    const args = m.regions[0]!.front.firstOp!.regions[0]!.front.arguments
    expect(apply(returned(m, 3), 'RedundantSelectTrue')).toBe(true)
    expect(returned(m, 3).getOperands()).toEqual([args[2], args[3], args[5]])
    expect(apply(returned(m, 4), 'SelectNotCond')).toBe(true)
    expect(returned(m, 4).getOperands()).toEqual([args[2], args[4], args[3]])
    expect(apply(returned(m, 5), 'SelectI1ToNot')).toBe(true)
    const not = returned(m, 5)
    expect(not.name.name).toBe('arith.xori')
    expect(not.getOperand(0)).toBe(args[2])
    expect(constValue(not.getOperand(1))).toBe(-1n)
    expect(apply(returned(m, 6), 'SelectToExtUI')).toBe(true)
    const ext = returned(m, 6)
    expect(ext.name.name).toBe('arith.extui')
    expect(ext.getOperand(0)).toBe(args[2])
  })

  it('AndOfExtUI and ExtSIOfExtUI', () => {
    const m = parse(ARITH)
    const args = m.regions[0]!.front.firstOp!.regions[0]!.front.arguments
    expect(apply(returned(m, 7), 'AndOfExtUI')).toBe(true)
    const ext = returned(m, 7)
    expect(ext.name.name).toBe('arith.extui')
    const and = ext.getOperand(0).definingOp!
    expect(and.name.name).toBe('arith.andi')
    expect(and.getOperands()).toEqual([args[6], args[7]])
    expect(apply(returned(m, 8), 'ExtSIOfExtUI')).toBe(true)
    const z = returned(m, 8)
    expect(z.name.name).toBe('arith.extui')
    expect(z.getOperand(0)).toBe(args[6])
  })

  it('patterns do not fire on non-matching ops', () => {
    const m = parse(ARITH)
    expect(apply(returned(m, 1), 'SubIRHSAddConstant')).toBe(false)
    expect(apply(returned(m, 3), 'RedundantSelectFalse')).toBe(false)
  })
})

const SCF = String.raw`"test.func"() ({
^bb0(%x: i32, %y: i32, %c: i1):
  %t = arith.constant true
  %f = arith.constant false
  %0 = scf.if %t -> i32 {
    %a = arith.addi %x, %y : i32
    scf.yield %a : i32
  } else {
    scf.yield %y : i32
  }
  scf.if %f {
    "test.op"() : () -> ()
  }
  scf.if %c {
    "test.op1"() : () -> ()
  } else {
  }
  %1 = scf.execute_region -> i32 {
    %s = arith.subi %x, %y : i32
    scf.yield %s : i32
  }
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %2 = scf.for %i = %c0 to %c0 step %c1 iter_args(%a = %x) -> (i32) {
    %n = arith.addi %a, %y : i32
    scf.yield %n : i32
  }
  %3 = scf.for %i = %c4 to %c0 step %c1 iter_args(%a = %x) -> (i32) {
    %n = arith.addi %a, %y : i32
    scf.yield %n : i32
  }
  %4 = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x) -> (i32) {
    %ii = arith.index_cast %i : index to i32
    %n = arith.addi %a, %ii : i32
    scf.yield %n : i32
  }
  "test.return"(%0, %1, %2, %3, %4) : (i32, i32, i32, i32, i32) -> ()
}) : () -> ()
`

function opsNamed(m: Operation, name: string): Operation[] {
  const out: Operation[] = []
  m.walk((op) => {
    if (op.name.name === name) {
      out.push(op)
    }
  }, 'pre')
  return out
}

describe('scf canonicalization patterns', () => {
  it('RemoveStaticCondition inlines the taken branch or erases the op', () => {
    const m = parse(SCF)
    const [withResult, noElse] = opsNamed(m, 'scf.if')
    expect(apply(withResult!, 'RemoveStaticCondition')).toBe(true)
    expect(returned(m, 0).name.name).toBe('arith.addi')
    expect(apply(noElse!, 'RemoveStaticCondition')).toBe(true)
    expect(opsNamed(m, 'test.op')).toEqual([])
    expect(opsNamed(m, 'scf.if').length).toBe(1)
  })

  it('RemoveEmptyElseBranch drops an else region holding only scf.yield', () => {
    const m = parse(SCF)
    const ifOp = opsNamed(m, 'scf.if')[2]!
    expect(apply(ifOp, 'RemoveEmptyElseBranch')).toBe(true)
    expect(ifOp.getRegion(1).empty).toBe(true)
  })

  it('SingleBlockExecuteInliner inlines scf.execute_region', () => {
    const m = parse(SCF)
    expect(apply(opsNamed(m, 'scf.execute_region')[0]!, 'SingleBlockExecuteInliner')).toBe(true)
    expect(returned(m, 1).name.name).toBe('arith.subi')
    expect(opsNamed(m, 'scf.execute_region')).toEqual([])
  })

  it('SimplifyTrivialLoops: empty ranges yield the inits, a single iteration is inlined', () => {
    const m = parse(SCF)
    const args = m.regions[0]!.front.firstOp!.regions[0]!.front.arguments
    const [same, backwards, once] = opsNamed(m, 'scf.for')
    const ret = opsNamed(m, 'test.return')[0]!
    expect(apply(same!, 'SimplifyTrivialLoops')).toBe(true)
    expect(ret.getOperand(2)).toBe(args[0])
    expect(apply(backwards!, 'SimplifyTrivialLoops')).toBe(true)
    expect(ret.getOperand(3)).toBe(args[0])
    expect(apply(once!, 'SimplifyTrivialLoops')).toBe(true)
    const add = ret.getOperand(4).definingOp!
    expect(add.name.name).toBe('arith.addi')
    expect(add.getOperand(0)).toBe(args[0])
    const cast = add.getOperand(1).definingOp!
    expect(cast.name.name).toBe('arith.index_cast')
    expect(constValue(cast.getOperand(0))).toBe(0n)
    expect(opsNamed(m, 'scf.for')).toEqual([])
  })

  it('ConvertTrivialIfToSelect hoists outside values into arith.select', () => {
    // mlir-opt --canonicalize turns
    //   %0:2 = scf.if %c -> (i32, i32) { %a = arith.addi ...; scf.yield %a, %x } else { scf.yield %y, %z }
    // into `%0 = arith.select %c, %x, %z` plus an scf.if that keeps only %a (later erased as unused).
    const m = parse(String.raw`"test.func"() ({
^bb0(%c: i1, %x: i32, %y: i32, %z: i32):
  %0:2 = scf.if %c -> (i32, i32) {
    %a = arith.addi %x, %y : i32
    scf.yield %a, %x : i32, i32
  } else {
    scf.yield %y, %z : i32, i32
  }
  "test.return"(%0#0, %0#1) : (i32, i32) -> ()
}) : () -> ()
`)
    const args = m.regions[0]!.front.firstOp!.regions[0]!.front.arguments
    expect(apply(opsNamed(m, 'scf.if')[0]!, 'ConvertTrivialIfToSelect')).toBe(true)
    const sel = returned(m, 1)
    expect(sel.name.name).toBe('arith.select')
    expect(sel.getOperands()).toEqual([args[0], args[1], args[3]])
    const ifOp = returned(m, 0)
    expect(ifOp.name.name).toBe('scf.if')
    expect(ifOp.numResults).toBe(1)
    expect(ifOp.getRegion(0).front.lastOp!.getOperands()).toEqual([ifOp.getRegion(0).front.firstOp!.getResult(0)])
    expect(ifOp.getRegion(1).front.lastOp!.getOperands()).toEqual([args[2]])
    expect(sel.isBeforeInBlock(ifOp)).toBe(true)
  })

  it('more arith patterns: AddIMulNegativeOne*, *ExtendedTo*, MulSIExtendedRHSOne, TruncI*, TruncF*, MulFOfNegF, DivFOfNegF', () => {
    // mlir-opt --canonicalize on this input prints (constants hoisted):
    //   %0 = arith.subi %arg0, %arg1 ; %1 = arith.addi %arg0, %arg1 ; %2/%3 = arith.muli %arg0, %arg1
    //   %4 = arith.extsi %arg2 : i8 to i16 ; %5 = arith.mulf %arg3, %arg4 fastmath<fast> ; %6 = arith.divf %arg3, %arg4
    //   %7 = arith.sitofp %arg5 : i16 to f32 ; %8 = arith.cmpi slt, %arg0, %c0_i32 ; %9 = arith.extsi %8 : i1 to i32
    //   %10 = arith.shrui %arg0, %c24_i32 ; %11 = arith.trunci %10 : i32 to i8
    //   "test.return"(%0, %1, %2, %3, %4, %5, %6, %7, %arg0, %9, %11)
    const m = parse(String.raw`"test.func"() ({
^bb0(%x: i32, %y: i32, %i8: i8, %f: f32, %g: f32, %i16: i16, %d: f64):
  %m1 = arith.constant -1 : i32
  %0 = arith.muli %y, %m1 : i32
  %1 = arith.addi %x, %0 : i32
  %2:2 = arith.addui_extended %x, %y : i32, i1
  %3:2 = arith.mulsi_extended %x, %y : i32
  %4:2 = arith.mului_extended %x, %y : i32
  %e = arith.extsi %i8 : i8 to i32
  %5 = arith.trunci %e : i32 to i16
  %nf = arith.negf %f : f32
  %ng = arith.negf %g : f32
  %6 = arith.mulf %nf, %ng fastmath<fast> : f32
  %7 = arith.divf %nf, %ng : f32
  %s = arith.sitofp %i16 : i16 to f64
  %8 = arith.truncf %s : f64 to f32
  %c1 = arith.constant 1 : i32
  %9:2 = arith.mulsi_extended %x, %c1 : i32
  %c24 = arith.constant 24 : i32
  %sh = arith.shrsi %x, %c24 : i32
  %10 = arith.trunci %sh : i32 to i8
  "test.return"(%1, %2#0, %3#0, %4#0, %5, %6, %7, %8, %9#0, %9#1, %10) : (i32, i32, i32, i32, i16, f32, f32, f32, i32, i32, i8) -> ()
}) : () -> ()
`)
    const a = m.regions[0]!.front.firstOp!.regions[0]!.front.arguments
    const ret = opsNamed(m, 'test.return')[0]!
    const def = (i: number): Operation => ret.getOperand(i).definingOp!
    const shape = (op: Operation): string => `${op.name.name}(${op.getOperands().map((v) => a.indexOf(v as never)).join(',')})`
    expect(apply(def(0), 'AddIMulNegativeOneRhs')).toBe(true)
    expect(shape(def(0))).toBe('arith.subi(0,1)')
    expect(apply(def(1), 'AddUIExtendedToAddI')).toBe(true)
    expect(shape(def(1))).toBe('arith.addi(0,1)')
    expect(apply(def(2), 'MulSIExtendedToMulI')).toBe(true)
    expect(shape(def(2))).toBe('arith.muli(0,1)')
    expect(apply(def(3), 'MulUIExtendedToMulI')).toBe(true)
    expect(shape(def(3))).toBe('arith.muli(0,1)')
    expect(apply(def(4), 'TruncIExtSIToExtSI')).toBe(true)
    expect(shape(def(4))).toBe('arith.extsi(2)')
    expect(def(4).getResult(0).type).toBe(a[5]!.type)
    expect(apply(def(5), 'MulFOfNegF')).toBe(true)
    expect(shape(def(5))).toBe('arith.mulf(3,4)')
    expect(printOperation(def(5))).toMatch(/ = arith\.mulf %arg3, %arg4 fastmath<fast> : f32$/)
    expect(apply(def(6), 'DivFOfNegF')).toBe(true)
    expect(shape(def(6))).toBe('arith.divf(3,4)')
    expect(apply(def(7), 'TruncFSIToFPToSIToFP')).toBe(true)
    expect(shape(def(7))).toBe('arith.sitofp(5)')
    expect(printOperation(def(7))).toMatch(/ = arith\.sitofp %arg5 : i16 to f32$/)
    const mse = def(8)
    expect(apply(mse, 'MulSIExtendedRHSOne')).toBe(true)
    expect(ret.getOperand(8)).toBe(a[0])
    const ext = def(9)
    expect(ext.name.name).toBe('arith.extsi')
    const cmp = ext.getOperand(0).definingOp!
    expect(cmp.name.name).toBe('arith.cmpi')
    expect((cmp.getAttr('predicate') as IntegerAttr).value).toBe(2n)
    expect(constValue(cmp.getOperand(1))).toBe(0n)
    expect(apply(def(10), 'TruncIShrSIToTrunciShrUI')).toBe(true)
    const tr = def(10)
    expect(tr.name.name).toBe('arith.trunci')
    const shrui = tr.getOperand(0).definingOp!
    expect(shrui.name.name).toBe('arith.shrui')
    expect(constValue(shrui.getOperand(1))).toBe(24n)
  })

  it('ConditionPropagation and ReplaceIfYieldWithConditionOrValue', () => {
    // mlir-opt --canonicalize prints
    //   %0 = arith.xori %arg0, %true : i1
    //   scf.if %arg0 { "test.use"(%true) } else { "test.use"(%false) }
    //   "test.return"(%0, %arg0)
    const m = parse(String.raw`"test.func"() ({
^bb0(%c: i1, %x: i32):
  %t = arith.constant true
  %f = arith.constant false
  %0:2 = scf.if %c -> (i1, i1) {
    "test.use"(%c) : (i1) -> ()
    scf.yield %f, %t : i1, i1
  } else {
    "test.use"(%c) : (i1) -> ()
    scf.yield %t, %f : i1, i1
  }
  "test.return"(%0#0, %0#1) : (i1, i1) -> ()
}) : () -> ()
`)
    const args = m.regions[0]!.front.firstOp!.regions[0]!.front.arguments
    const ifOp = opsNamed(m, 'scf.if')[0]!
    expect(apply(ifOp, 'ConditionPropagation')).toBe(true)
    const [useThen, useElse] = opsNamed(m, 'test.use')
    expect(constValue(useThen!.getOperand(0))).toBe(-1n)
    expect(constValue(useElse!.getOperand(0))).toBe(0n)
    expect(apply(ifOp, 'ConditionPropagation')).toBe(false)
    expect(apply(ifOp, 'ReplaceIfYieldWithConditionOrValue')).toBe(true)
    const not = returned(m, 0)
    expect(not.name.name).toBe('arith.xori')
    expect(not.getOperand(0)).toBe(args[0])
    expect(constValue(not.getOperand(1))).toBe(-1n)
    expect(opsNamed(m, 'test.return')[0]!.getOperand(1)).toBe(args[0])
  })

})
