import {
  Context,
  IntegerAttr,
  Trait,
  parseSourceString,
  type Attribute,
  type DialectDefinition,
  type OpDefinition,
  type Operation,
} from '../src/index.ts'

/** `t.const {value}`: a constant. */
const constOp: OpDefinition = {
  name: 't.const',
  traits: Trait.ConstantLike | Trait.Pure,
  fold: (op) => [op.getAttr('value')!],
}

function intFolder(fn: (a: bigint, b: bigint) => bigint) {
  return (op: Operation, operands: readonly (Attribute | null)[]) => {
    const [a, b] = operands
    if (a instanceof IntegerAttr && b instanceof IntegerAttr) {
      return [IntegerAttr.get(op.results[0]!.type, fn(a.value, b.value))]
    }
    return undefined
  }
}

/** `t.add`: pure integer addition that folds constants and `x + 0`. */
const addOp: OpDefinition = {
  name: 't.add',
  traits: Trait.Pure | Trait.Commutative,
  fold(op, operands) {
    const r = intFolder((a, b) => a + b)(op, operands)
    if (r !== undefined) {
      return r
    }
    const rhs = operands[1]
    if (rhs instanceof IntegerAttr && rhs.value === 0n) {
      return [op.getOperand(0)]
    }
    return undefined
  },
}

/** `t.mul`: pure multiplication without a folder (patterns rewrite it). */
const mulOp: OpDefinition = { name: 't.mul', traits: Trait.Pure }
/** `t.neg`: pure negation, no folder. */
const negOp: OpDefinition = { name: 't.neg', traits: Trait.Pure }
/** `t.effect`: an op with unknown effects (never trivially dead). */
const effectOp: OpDefinition = { name: 't.effect' }
/** `t.read`: reads memory. */
const readOp: OpDefinition = {
  name: 't.read',
  traits: Trait.HasMemoryEffects,
  memoryEffects: () => [{ kind: 'read' }],
}
/** `t.ret`: terminator. */
const retOp: OpDefinition = { name: 't.ret', traits: Trait.IsTerminator | Trait.Pure }
/** `t.func`: an isolated single-region op. */
const funcOp: OpDefinition = { name: 't.func', traits: Trait.IsolatedFromAbove }
/** `t.region`: a pure non-isolated op with a region. */
const regionOp: OpDefinition = { name: 't.region', traits: Trait.RecursiveMemoryEffects }

/** A small dialect for driver tests. */
export const TestRewriteDialect: DialectDefinition = {
  namespace: 't',
  ops: [constOp, addOp, mulOp, negOp, effectOp, readOp, retOp, funcOp, regionOp],
  materializeConstant(builder, value, type, loc) {
    return builder.create('t.const', loc, { results: [type], attributes: { value } })
  },
}

/** A context with the test dialect. */
export function makeRewriteContext(): Context {
  return new Context({ dialects: [TestRewriteDialect], allowUnregisteredDialects: true })
}

/** Parses generic-form IR into a module. */
export function parseModule(ctx: Context, source: string): Operation {
  const r = parseSourceString(source, ctx)
  if (r === null) {
    throw new Error('parse failed')
  }
  return r.op
}
