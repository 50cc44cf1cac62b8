import { describe, expect, it, vi } from 'vitest'
import {
  AnyRegion,
  AnyType,
  Block,
  Context,
  DenseArrayAttr,
  type Diagnostic,
  FloatType,
  I1,
  I64Attr,
  IntegerAttr,
  IntegerType,
  OpBuilder,
  SignlessIntegerLike,
  SizedRegion,
  AnySuccessor,
  Trait,
  UnknownLoc,
  VectorType,
  verifyElementwise,
  compileFormat,
  defaultValuedAttr,
  defineOp,
  intEnumAttr,
  optional,
  optionalAttr,
  variadic,
  FormatKind,
  type DialectDefinition,
  type OdsOp,
  type Operation,
  type Type,
  type Value,
  StringAttr,
  TypedAttrConstraint,
  attrConstraint,
  typeConstraint,
} from '@tilepass/ir'

const AddOp: OdsOp = defineOp({
  name: 'tst.addi',
  operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
  results: { result: SignlessIntegerLike },
  traits: Trait.Pure | Trait.SameOperandsAndResultType,
  assemblyFormat: '$lhs `,` $rhs attr-dict `:` type($result)',
})

const Pred = intEnumAttr(64, [
  { keyword: 'eq', value: 0 },
  { keyword: 'ne', value: 1 },
])

const CmpOp: OdsOp = defineOp({
  name: 'tst.cmp',
  operands: { lhs: SignlessIntegerLike, rhs: SignlessIntegerLike },
  results: { result: I1 },
  attributes: { predicate: Pred, limit: optionalAttr(I64Attr), scale: defaultValuedAttr(I64Attr, (c) => IntegerAttr.get(IntegerType.get(c, 64), 1)) },
  allTypesMatch: [['lhs', 'rhs']],
  assemblyFormat: '$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)',
})

const BranchOp: OdsOp = defineOp({
  name: 'tst.cond',
  operands: { cond: I1, trueOps: variadic(AnyType), falseOps: variadic(AnyType) },
  successors: { trueDest: AnySuccessor, falseDest: AnySuccessor },
  traits: Trait.AttrSizedOperandSegments | Trait.IsTerminator,
})

const WithRegion: OdsOp = defineOp({
  name: 'tst.region',
  operands: { maybe: optional(AnyType) },
  regions: { body: SizedRegion(1) },
})

const TwoAttrs: OdsOp = defineOp({
  name: 'tst.two_attrs',
  attributes: { first: I64Attr, middle: optionalAttr(I64Attr), second: I64Attr },
})

const TestDialect: DialectDefinition = { namespace: 'tst', ops: [AddOp, CmpOp, BranchOp, WithRegion, TwoAttrs] }

function setup(dialect: DialectDefinition = TestDialect): { ctx: Context; b: OpBuilder; args: Value[]; diags: string[] } {
  const ctx = new Context({ dialects: [dialect] })
  const diags: string[] = []
  ctx.diagEngine.registerHandler((d: Diagnostic) => {
    diags.push(d.message)
    return true
  })
  const block = new Block()
  const loc = UnknownLoc.get(ctx)
  const i32 = IntegerType.get(ctx, 32)
  const f32 = FloatType.get(ctx, 'f32')
  const i1 = IntegerType.get(ctx, 1)
  const args = [block.addArgument(i32, loc), block.addArgument(f32, loc), block.addArgument(i1, loc), block.addArgument(IntegerType.get(ctx, 64), loc)]
  const b = OpBuilder.atBlockEnd(block, ctx)
  return { ctx, b, args, diags }
}

describe('defineOp verifier', () => {
  it('reports operand and result constraint violations with ODS messages', () => {
    const { ctx, b, args, diags } = setup()
    const loc = UnknownLoc.get(ctx)
    const bad = AddOp.build(b, loc, { operands: { lhs: args[1]!, rhs: args[1]! } })
    expect(AddOp.verify(bad)).toBe(false)
    expect(diags).toEqual(["'tst.addi' op operand #0 must be signless-integer-like, but got 'f32'"])
    diags.length = 0
    const badRes = AddOp.build(b, loc, { operands: { lhs: args[0]!, rhs: args[0]! }, results: { result: FloatType.get(ctx, 'f32') } })
    expect(AddOp.verify(badRes)).toBe(false)
    expect(diags).toEqual(["'tst.addi' op result #0 must be signless-integer-like, but got 'f32'"])
  })

  it('checks counts and SameOperandsAndResultType', () => {
    const { ctx, b, args, diags } = setup()
    const loc = UnknownLoc.get(ctx)
    const three = b.create('tst.addi', loc, { operands: [args[0]!, args[0]!, args[0]!], results: [args[0]!.type] })
    expect(AddOp.verify(three)).toBe(false)
    const mixed = AddOp.build(b, loc, { operands: { lhs: args[0]!, rhs: args[0]! }, results: { result: args[3]!.type } })
    expect(AddOp.verify(mixed)).toBe(false)
    const noResult = b.create('tst.addi', loc, { operands: [args[0]!, args[0]!] })
    expect(AddOp.verify(noResult)).toBe(false)
    expect(diags).toEqual([
      "'tst.addi' op expected 2 operands, but found 3",
      "'tst.addi' op requires the same type for all operands and results",
      "'tst.addi' op requires one result",
    ])
    const good = AddOp.build(b, loc, { operands: { lhs: args[0]!, rhs: args[0]! } })
    expect(good.results[0]!.type).toBe(args[0]!.type)
    expect(AddOp.verify(good)).toBe(true)
  })

  it('checks again an op edited after it passed, and an op like one that passed', () => {
    const { ctx, b, args, diags } = setup()
    const loc = UnknownLoc.get(ctx)
    const good = AddOp.build(b, loc, { operands: { lhs: args[0]!, rhs: args[0]! } })
    expect(AddOp.verify(good)).toBe(true)
    // The signature that passed is remembered by value: editing the op makes it a new one.
    good.results[0]!.type = args[1]!.type
    expect(AddOp.verify(good)).toBe(false)
    good.results[0]!.type = args[0]!.type
    expect(AddOp.verify(good)).toBe(true)
    good.setOperand(1, args[3]!)
    expect(AddOp.verify(good)).toBe(false)
    const same = AddOp.build(b, loc, { operands: { lhs: args[0]!, rhs: args[0]! } })
    expect(AddOp.verify(same)).toBe(true)
    const cmp = CmpOp.build(b, loc, { operands: { lhs: args[0]!, rhs: args[0]! }, attributes: { predicate: Pred.get(ctx, 'eq') } })
    expect(CmpOp.verify(cmp)).toBe(true)
    cmp.setAttr('predicate', IntegerAttr.get(IntegerType.get(ctx, 64), 9))
    expect(CmpOp.verify(cmp)).toBe(false)
    cmp.setAttr('predicate', Pred.get(ctx, 'ne'))
    cmp.setAttr('limit', IntegerAttr.get(IntegerType.get(ctx, 32), 1))
    expect(CmpOp.verify(cmp)).toBe(false)
    expect(diags).toEqual([
      "'tst.addi' op result #0 must be signless-integer-like, but got 'f32'",
      "'tst.addi' op requires the same type for all operands and results",
      "'tst.cmp' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1",
      "'tst.cmp' op attribute 'limit' failed to satisfy constraint: 64-bit signless integer attribute",
    ])
  })

  it('gives populateDefaultProperties only to ops that declare a default to add', () => {
    // Operation.create skips the hook, and its copy of the properties, for the others.
    expect(CmpOp.populateDefaultProperties).toBeTypeOf('function')
    expect(AddOp.populateDefaultProperties).toBeUndefined()
    expect(TwoAttrs.populateDefaultProperties).toBeUndefined()
  })

  it('checks attributes, enum cases and populates defaults', () => {
    const { ctx, b, args, diags } = setup()
    const loc = UnknownLoc.get(ctx)
    const missing = CmpOp.build(b, loc, { operands: { lhs: args[0]!, rhs: args[0]! } })
    expect(missing.results[0]!.type).toBe(IntegerType.get(ctx, 1))
    expect(missing.getAttr('scale')).toBe(IntegerAttr.get(IntegerType.get(ctx, 64), 1))
    expect(CmpOp.verify(missing)).toBe(false)
    const bad = CmpOp.build(b, loc, {
      operands: { lhs: args[0]!, rhs: args[0]! },
      attributes: { predicate: IntegerAttr.get(IntegerType.get(ctx, 64), 7) },
    })
    expect(CmpOp.verify(bad)).toBe(false)
    const mismatch = CmpOp.build(b, loc, {
      operands: { lhs: args[0]!, rhs: args[3]! },
      attributes: { predicate: Pred.get(ctx, 'ne') },
    })
    expect(CmpOp.verify(mismatch)).toBe(false)
    expect(diags).toEqual([
      "'tst.cmp' op requires attribute 'predicate'",
      "'tst.cmp' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1",
      "'tst.cmp' op failed to verify that all of {lhs, rhs} have same type",
    ])
    expect(CmpOp.attr(mismatch, 'limit')).toBeUndefined()
    expect(Pred.symbolize(CmpOp.attr(mismatch, 'predicate')!)).toBe('ne')
  })

  it("gives an enum case each context's own uniqued attribute, however often it is asked for", () => {
    const a = setup().ctx
    const b = setup().ctx
    const ne = Pred.get(a, 'ne')
    expect(ne).toBe(IntegerAttr.get(IntegerType.get(a, 64), 1))
    expect(Pred.get(a, 'ne')).toBe(ne)
    expect(Pred.get(a, 'eq')).toBe(IntegerAttr.get(IntegerType.get(a, 64), 0))
    const other = Pred.get(b, 'ne')
    expect(other).not.toBe(ne)
    expect(other.context).toBe(b)
    expect(other).toBe(IntegerAttr.get(IntegerType.get(b, 64), 1))
    expect(() => Pred.get(a, 'lt')).toThrow("unknown enum case 'lt'")
  })

  it('reuses the checks that passed for an op whose attributes differ only in value', () => {
    const counts = { type: 0, attr: 0, typed: 0, result: 0 }
    const Counted = typeConstraint('counted integer', (t) => {
      counts.type++
      return t instanceof IntegerType
    })
    const CountedStr = attrConstraint('counted string attribute', (a) => {
      counts.attr++
      return a instanceof StringAttr
    })
    const CallLike = defineOp({ name: 'tst.call_like', operands: { arg: Counted }, attributes: { callee: CountedStr } })
    const CountedTyped = attrConstraint(TypedAttrConstraint.summary, (a) => {
      counts.typed++
      return TypedAttrConstraint.check(a)
    })
    const CountedResult = typeConstraint('counted type', () => {
      counts.result++
      return true
    })
    // An attribute in a type-matching predicate is read for its type: reused for a value of
    // the type of the one that passed.
    const ConstLike = defineOp({ name: 'tst.const_like', attributes: { value: CountedTyped }, results: { result: CountedResult }, allTypesMatch: [['value', 'result']] })
    const { ctx, b, args, diags } = setup({ namespace: 'tst', ops: [CallLike, ConstLike] })
    const loc = UnknownLoc.get(ctx)
    const arg = args[0]!
    const i32 = arg.type
    const i64 = args[3]!.type
    const call = (callee: StringAttr | IntegerAttr): boolean => CallLike.verify(CallLike.build(b, loc, { operands: { arg }, attributes: { callee } }))
    expect(call(StringAttr.get(ctx, 'f0'))).toBe(true)
    expect(call(StringAttr.get(ctx, 'f1'))).toBe(true)
    expect(call(StringAttr.get(ctx, 'f2'))).toBe(true)
    // The operand type was checked once; each new callee against its constraint.
    expect(counts).toEqual({ type: 1, attr: 3, typed: 0, result: 0 })
    expect(call(IntegerAttr.get(i32, 1))).toBe(false)
    const constant = (value: IntegerAttr): boolean => ConstLike.verify(ConstLike.build(b, loc, { attributes: { value }, results: { result: i32 } }))
    expect(constant(IntegerAttr.get(i32, 1))).toBe(true)
    expect(constant(IntegerAttr.get(i32, 2))).toBe(true)
    expect(constant(IntegerAttr.get(i32, 3))).toBe(true)
    // Each value against its constraint; the full checks (the result's constraint) ran once.
    expect(counts.typed).toBe(3)
    expect(counts.result).toBe(1)
    expect(constant(IntegerAttr.get(i64, 2))).toBe(false)
    expect(diags).toEqual([
      "'tst.call_like' op attribute 'callee' failed to satisfy constraint: counted string attribute",
      "'tst.const_like' op failed to verify that all of {value, result} have same type",
    ])
  })

  it('reuses the checks that passed whatever the types of an op that reads none, and skips region constraints that accept anything', () => {
    const counts = { attr: 0 }
    const CountedStr = attrConstraint('counted string attribute', (a) => {
      counts.attr++
      return a instanceof StringAttr
    })
    // Its checks read the counts of its values, never their types.
    const AnyCall = defineOp({ name: 'tst.any_call', operands: { args: variadic(AnyType) }, results: { res: variadic(AnyType) }, attributes: { callee: CountedStr } })
    const AnyBody = defineOp({ name: 'tst.any_body', regions: { body: AnyRegion } })
    const { ctx, b, args, diags } = setup({ namespace: 'tst', ops: [AnyCall, AnyBody] })
    const loc = UnknownLoc.get(ctx)
    const callee = StringAttr.get(ctx, 'f')
    const call = (arg: Value): boolean => AnyCall.verify(AnyCall.build(b, loc, { operands: { args: [arg] }, results: { res: [arg.type] }, attributes: { callee } }))
    expect(call(args[0]!)).toBe(true)
    expect(call(args[1]!)).toBe(true)
    expect(call(args[3]!)).toBe(true)
    expect(counts.attr).toBe(1)
    // One variadic group of any type takes any count: another count reuses them too.
    expect(AnyCall.verify(AnyCall.build(b, loc, { operands: { args: [] }, results: { res: [] }, attributes: { callee } }))).toBe(true)
    expect(counts.attr).toBe(1)
    const check = vi.spyOn(AnyRegion, 'check')
    try {
      expect(AnyBody.verify(AnyBody.build(b, loc, {}))).toBe(true)
      expect(AnyBody.verify(AnyBody.build(b, loc, {}))).toBe(true)
      expect(check).toHaveBeenCalledTimes(1)
    } finally {
      check.mockRestore()
    }
    expect(diags).toEqual([])
  })

  it('checks again an op whose operand count differs when its checks read the count', () => {
    const counts = { attr: 0 }
    const CountedStr = attrConstraint('counted string attribute', (a) => {
      counts.attr++
      return a instanceof StringAttr
    })
    // A fixed operand before the variadic group: the count is checked (at least one).
    const FirstAndRest = defineOp({ name: 'tst.first_rest', operands: { first: AnyType, rest: variadic(AnyType) }, attributes: { callee: CountedStr } })
    const { ctx, b, args, diags } = setup({ namespace: 'tst', ops: [FirstAndRest] })
    const loc = UnknownLoc.get(ctx)
    const callee = StringAttr.get(ctx, 'f')
    const make = (values: Value[]): boolean => FirstAndRest.verify(FirstAndRest.build(b, loc, { operands: { first: values.slice(0, 1), rest: values.slice(1) }, attributes: { callee } }))
    expect(make([args[0]!, args[1]!])).toBe(true)
    expect(make([args[0]!, args[1]!])).toBe(true)
    expect(counts.attr).toBe(1)
    expect(make([args[0]!])).toBe(true)
    expect(counts.attr).toBe(2)
    expect(make([])).toBe(false)
    expect(diags).toEqual(["'tst.first_rest' op expected 1 or more operands, but found 0"])
  })

  it('skips a verify hook that reads only the signature on an op whose signature it passed', () => {
    const calls = { hook: 0 }
    const spec = {
      operands: { lhs: AnyType, rhs: AnyType },
      results: { res: AnyType },
      verify: (): boolean => {
        calls.hook++
        return true
      },
    }
    const Pure = defineOp({ name: 'tst.pure_hook', ...spec, verifyReads: 'signature' })
    const Other = defineOp({ name: 'tst.other_hook', ...spec })
    const { ctx, b, args, diags } = setup({ namespace: 'tst', ops: [Pure, Other] })
    const loc = UnknownLoc.get(ctx)
    const i32 = IntegerType.get(ctx, 32)
    const i64 = IntegerType.get(ctx, 64)
    const make = (def: typeof Pure, lhs: Value, rhs: Value, res: Type): boolean => def.verify(def.build(b, loc, { operands: { lhs: [lhs], rhs: [rhs] }, results: { res: [res] } }))
    const x = args[0]!
    expect(make(Pure, x, x, i32)).toBe(true)
    expect(make(Pure, x, x, i32)).toBe(true)
    expect(calls.hook).toBe(1)
    // Another type is another signature: the hook runs.
    expect(make(Pure, x, x, i64)).toBe(true)
    expect(make(Pure, x, args[3]!, i64)).toBe(true)
    expect(calls.hook).toBe(3)
    // Without the flag, the hook runs for every op.
    expect(make(Other, x, x, i32)).toBe(true)
    expect(make(Other, x, x, i32)).toBe(true)
    expect(calls.hook).toBe(5)
    expect(diags).toEqual([])
  })

  it('skips a verify hook that reads only types whatever the attributes, and one that reads the signature only for the same ones', () => {
    const calls = { types: 0, signature: 0 }
    const hookOp = (reads: 'types' | 'signature'): OdsOp =>
      defineOp({
        name: `tst.${reads}_hook`,
        operands: { x: AnyType },
        attributes: { tag: attrConstraint('string attribute', (a) => a instanceof StringAttr) },
        verifyReads: reads,
        verify: (): boolean => ++calls[reads] > 0,
      })
    const TypesOnly = hookOp('types')
    const WithAttrs = hookOp('signature')
    const { ctx, b, args, diags } = setup({ namespace: 'tst', ops: [TypesOnly, WithAttrs] })
    const loc = UnknownLoc.get(ctx)
    for (const tag of ['a', 'b', 'a']) {
      const attributes = { tag: StringAttr.get(ctx, tag) }
      expect(TypesOnly.verify(TypesOnly.build(b, loc, { operands: { x: [args[0]!] }, attributes }))).toBe(true)
      expect(WithAttrs.verify(WithAttrs.build(b, loc, { operands: { x: [args[0]!] }, attributes }))).toBe(true)
    }
    // The signature hook runs for 'b' only: the third op has the attributes it passed on first.
    expect(calls).toEqual({ types: 1, signature: 2 })
    expect(diags).toEqual([])
  })

  it('runs a signature-only verify hook again after it failed on that signature', () => {
    let accept = false
    const Flaky = defineOp({
      name: 'tst.flaky_hook',
      operands: { x: AnyType },
      verifyReads: 'types',
      verify: (op: Operation): boolean => accept || op.emitOpError('rejected').fail(),
    })
    const { ctx, b, args, diags } = setup({ namespace: 'tst', ops: [Flaky] })
    const loc = UnknownLoc.get(ctx)
    const make = (): boolean => Flaky.verify(Flaky.build(b, loc, { operands: { x: [args[0]!] } }))
    expect(make()).toBe(false)
    expect(make()).toBe(false)
    expect(diags).toEqual(["'tst.flaky_hook' op rejected", "'tst.flaky_hook' op rejected"])
    accept = true
    expect(make()).toBe(true)
  })

  it('reports a missing required attribute before any constraint failure, as ODS does', () => {
    const { ctx, b, diags } = setup()
    const loc = UnknownLoc.get(ctx)
    const i32 = IntegerType.get(ctx, 32)
    const i64 = IntegerType.get(ctx, 64)
    // `first` fails its constraint, `second` (declared after it) is missing: the missing one is reported.
    const bothBad = TwoAttrs.build(b, loc, { attributes: { first: IntegerAttr.get(i32, 1) } })
    expect(TwoAttrs.verify(bothBad)).toBe(false)
    // Only the optional `middle` fails: present required ones come first, then the constraint.
    const middleBad = TwoAttrs.build(b, loc, { attributes: { first: IntegerAttr.get(i64, 1), middle: IntegerAttr.get(i32, 2), second: IntegerAttr.get(i64, 3) } })
    expect(TwoAttrs.verify(middleBad)).toBe(false)
    // A missing `first` is reported even though `middle` fails too.
    const firstMissing = TwoAttrs.build(b, loc, { attributes: { middle: IntegerAttr.get(i32, 2), second: IntegerAttr.get(i64, 3) } })
    expect(TwoAttrs.verify(firstMissing)).toBe(false)
    const good = TwoAttrs.build(b, loc, { attributes: { first: IntegerAttr.get(i64, 1), second: IntegerAttr.get(i64, 3) } })
    expect(TwoAttrs.verify(good)).toBe(true)
    expect(diags).toEqual([
      "'tst.two_attrs' op requires attribute 'second'",
      "'tst.two_attrs' op attribute 'middle' failed to satisfy constraint: 64-bit signless integer attribute",
      "'tst.two_attrs' op requires attribute 'first'",
    ])
  })

  it('handles AttrSizedOperandSegments, successors and regions', () => {
    const { ctx, b, args, diags } = setup()
    const loc = UnknownLoc.get(ctx)
    const dest = new Block()
    const br = BranchOp.build(b, loc, {
      operands: { cond: args[2]!, trueOps: [args[0]!, args[1]!], falseOps: [] },
      successors: { trueDest: dest, falseDest: dest },
    })
    const sizes = br.getAttr('operandSegmentSizes')
    expect(sizes).toBe(DenseArrayAttr.getI32(ctx, [1, 2, 0]))
    expect(br.properties.get('operandSegmentSizes')).toBe(sizes)
    expect(BranchOp.operandValues(br, 'trueOps')).toEqual([args[0], args[1]])
    expect(BranchOp.operandValues(br, 'falseOps')).toEqual([])
    expect(BranchOp.verify(br)).toBe(true)
    br.setAttr('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [1, 1, 0]))
    expect(BranchOp.verify(br)).toBe(false)
    br.setAttr('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [1, 2, 0]))
    br.setOperand(0, args[0]!)
    expect(BranchOp.verify(br)).toBe(false)
    const r = WithRegion.build(b, loc, {})
    expect(WithRegion.verify(r)).toBe(false)
    // A region constraint is checked again on an op whose signature passed before.
    r.regions[0]!.push(new Block())
    expect(WithRegion.verify(r)).toBe(true)
    r.regions[0]!.push(new Block())
    expect(WithRegion.verify(r)).toBe(false)
    expect(diags).toEqual([
      "'tst.cond' op operand count (3) does not match with the total size (2) specified in attribute 'operandSegmentSizes'",
      "'tst.cond' op operand #0 must be 1-bit signless integer, but got 'i32'",
      "'tst.region' op region #0 ('body') failed to verify constraint: region with 1 blocks",
      "'tst.region' op region #0 ('body') failed to verify constraint: region with 1 blocks",
    ])
  })
})

describe('Elementwise', () => {
  it('reports mlir-opt messages for mixed scalar and shaped operands', () => {
    const Sel: OdsOp = defineOp({
      name: 'tst.sel',
      operands: { c: AnyType, a: AnyType },
      results: { r: AnyType },
      traits: Trait.Elementwise,
      verify: (op) => verifyElementwise(op),
    })
    const ctx = new Context({ dialects: [{ namespace: 'tst', ops: [Sel] }] })
    const diags: string[] = []
    ctx.diagEngine.registerHandler((d: Diagnostic) => {
      diags.push(d.message)
      return true
    })
    const loc = UnknownLoc.get(ctx)
    const block = new Block()
    const i32 = IntegerType.get(ctx, 32)
    const v4 = VectorType.get([4], IntegerType.get(ctx, 1))
    const v5 = VectorType.get([5], i32)
    const c = block.addArgument(v4, loc)
    const a = block.addArgument(i32, loc)
    const v = block.addArgument(v5, loc)
    const b = OpBuilder.atBlockEnd(block, ctx)
    expect(Sel.verify(Sel.build(b, loc, { operands: { c, a }, results: { r: i32 } }))).toBe(false)
    expect(Sel.verify(Sel.build(b, loc, { operands: { c, a: v }, results: { r: v5 } }))).toBe(false)
    expect(Sel.verify(Sel.build(b, loc, { operands: { c: a, a }, results: { r: v5 } }))).toBe(false)
    expect(Sel.verify(Sel.build(b, loc, { operands: { c: v, a: v }, results: { r: v5 } }))).toBe(true)
    expect(diags).toEqual([
      "'tst.sel' op if an operand is non-scalar, then there must be at least one non-scalar result",
      "'tst.sel' op all non-scalar operands/results must have the same shape and base type",
      "'tst.sel' op if a result is non-scalar, then at least one operand must be non-scalar",
    ])
  })
})

describe('assembly format compiler', () => {
  it('parses directives, optional groups and anchors', () => {
    const fmt = compileFormat('$predicate `,` $lhs `,` $rhs (`limit` $limit^)? attr-dict `:` type($lhs)', CmpOp)
    expect(fmt.elements.map((e) => e.kind)).toEqual([
      FormatKind.Attr,
      FormatKind.Literal,
      FormatKind.Operand,
      FormatKind.Literal,
      FormatKind.Operand,
      FormatKind.Optional,
      FormatKind.AttrDict,
      FormatKind.Literal,
      FormatKind.Type,
    ])
    const group = fmt.elements[5]!
    expect(group.anchor?.text).toBe('limit')
    expect(group.thenElements.map((e) => e.text)).toEqual(['limit', 'limit'])
    expect(fmt.usedAttributes).toEqual(['predicate', 'limit'])
  })

  it('rejects malformed formats', () => {
    expect(() => compileFormat('$lhs `,` $rhs `:` type($result)', AddOp)).toThrow(/attr-dict/)
    expect(() => compileFormat('$nope attr-dict', AddOp)).toThrow(/unknown variable/)
    expect(() => compileFormat('(`x` $lhs)? attr-dict', AddOp)).toThrow(/anchor/)
    expect(() => compileFormat('$lhs attr-dict `:` type($result)', AddOp)).toThrow("operand #1, named 'rhs', not found")
    expect(() => defineOp({ name: 'tst.bad', operands: { a: AnyType }, assemblyFormat: '$a attr-dict' })).toThrow(
      "type of operand #0, named 'a', is not buildable and a buildable type cannot be inferred",
    )
    expect(() => defineOp({ name: 'tst.bad2', regions: { body: SizedRegion(1) }, assemblyFormat: 'attr-dict' })).toThrow("region #0, named 'body', not found")
    // A hand-written parser makes the format print-only: types need not be inferable.
    expect(() => defineOp({ name: 'tst.ok', operands: { a: AnyType }, assemblyFormat: '$a attr-dict', parse: () => true })).not.toThrow()
    // SameTypeOperands lets the format give the operand type once.
    expect(() => defineOp({ name: 'tst.ok2', operands: { a: AnyType, b: AnyType }, sameTypeOperands: true, assemblyFormat: '$a `,` $b attr-dict `:` type($a)' })).not.toThrow()
  })
})
