import { describe, expect, it } from 'vitest'
import {
  ArrayAttr,
  Block,
  Context,
  DictionaryAttr,
  FileLineColLoc,
  FloatType,
  FunctionType,
  FusedLoc,
  IRMapping,
  IndexType,
  IntegerAttr,
  IntegerType,
  OpBuilder,
  Operation,
  OperationState,
  RankedTensorType,
  Signedness,
  StringAttr,
  UnknownLoc,
  VectorType,
  parseSourceString,
  type Value,
  type WalkResult,
} from '@tilepass/ir'

function setup(): { ctx: Context; loc: UnknownLoc; b: OpBuilder; block: Block } {
  const ctx = new Context({ allowUnregisteredDialects: true })
  const loc = UnknownLoc.get(ctx)
  const b = new OpBuilder(ctx)
  const block = new Block()
  b.setInsertionPointToEnd(block)
  return { ctx, loc, b, block }
}

describe('interning', () => {
  it('gives equal types and attributes the same object', () => {
    const ctx = new Context()
    const i32 = IntegerType.get(ctx, 32)
    expect(IntegerType.get(ctx, 32)).toBe(i32)
    expect(IntegerType.get(ctx, 32, Signedness.Signed)).not.toBe(i32)
    expect(FunctionType.get(ctx, [i32], [i32])).toBe(FunctionType.get(ctx, [i32], [i32]))
    expect(VectorType.get([4, 8], FloatType.get(ctx, 'f32'))).toBe(VectorType.get([4, 8], FloatType.get(ctx, 'f32')))
    expect(RankedTensorType.get([2], i32)).not.toBe(RankedTensorType.get([3], i32))
    expect(IntegerAttr.get(i32, 5)).toBe(IntegerAttr.get(i32, 5n))
    expect(ArrayAttr.get(ctx, [IntegerAttr.get(i32, 1)])).toBe(ArrayAttr.get(ctx, [IntegerAttr.get(i32, 1)]))
    expect(FileLineColLoc.get(ctx, 'a.mlir', 3, 4)).toBe(FileLineColLoc.get(ctx, 'a.mlir', 3, 4))
  })

  it('normalizes integer attribute values to their type', () => {
    const ctx = new Context()
    expect(IntegerAttr.get(IntegerType.get(ctx, 8), 255).value).toBe(-1n)
    expect(IntegerAttr.get(IntegerType.get(ctx, 8, Signedness.Unsigned), -1).value).toBe(255n)
    expect(IntegerAttr.get(IndexType.get(ctx), 7).value).toBe(7n)
  })

  it('keeps dictionaries sorted, unique and interned regardless of input order', () => {
    const ctx = new Context()
    const s = (v: string) => StringAttr.get(ctx, v)
    const d1 = DictionaryAttr.get(ctx, [
      { name: 'b', value: s('1') },
      { name: 'a', value: s('2') },
    ])
    const d2 = DictionaryAttr.get(ctx, [
      { name: 'a', value: s('2') },
      { name: 'b', value: s('1') },
    ])
    expect(d1).toBe(d2)
    expect(d1.entries.map((e) => e.name)).toEqual(['a', 'b'])
    expect(d1.with('c', s('3')).without('c')).toBe(d1)
    expect(d1.get('a')).toBe(s('2'))
  })

  it('interns function types by their input and result types, whatever was made in between', () => {
    const ctx = new Context()
    const types = Array.from({ length: 40 }, (_, i) => IntegerType.get(ctx, i + 1))
    const made = new Map<string, FunctionType>()
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < types.length; i++) {
        for (let j = 0; j < 6; j++) {
          const inputs = [types[i]!, types[(i + j) % types.length]!].slice(0, 1 + (j % 2))
          const results = j < 3 ? [] : [types[j]!]
          const t = FunctionType.get(ctx, inputs, results)
          const key = `${inputs.map((x) => x.id).join(',')}>${results.map((x) => x.id).join(',')}`
          if (round === 0 && !made.has(key)) {
            expect([...made.values()]).not.toContain(t)
            made.set(key, t)
          }
          expect(made.get(key)).toBe(t)
          expect(t.inputs).toEqual(inputs)
          expect(t.results).toEqual(results)
        }
      }
    }
    // Inputs and results are told apart, and another context has its own types.
    expect(FunctionType.get(ctx, [types[0]!], [])).not.toBe(FunctionType.get(ctx, [], [types[0]!]))
    expect(FunctionType.get(new Context(), [], [])).not.toBe(FunctionType.get(ctx, [], []))
  })

  it('interns dictionaries of several entries by every name and value, later duplicates winning', () => {
    const ctx = new Context()
    const s = (v: string) => StringAttr.get(ctx, v)
    const get = (...es: [string, string][]) => DictionaryAttr.get(ctx, es.map(([name, v]) => ({ name, value: s(v) })))
    const abc = get(['c', '3'], ['a', '1'], ['b', '2'])
    expect(abc.entries.map((e) => `${e.name}=${(e.value as StringAttr).value}`)).toEqual(['a=1', 'b=2', 'c=3'])
    expect(get(['b', '2'], ['c', '3'], ['a', '1'])).toBe(abc)
    // A prefix, the same values under other names, and other values are other dictionaries.
    expect(get(['a', '1'], ['b', '2'])).not.toBe(abc)
    expect(get(['a', '1'], ['b', '2']).entries.length).toBe(2)
    const swapped = get(['a', '2'], ['b', '1'], ['c', '3'])
    expect(swapped).not.toBe(abc)
    expect(get(['x', '1'], ['b', '2'], ['c', '3'])).not.toBe(abc)
    expect(get(['x', '1'], ['b', '2'], ['c', '3'])).toBe(get(['c', '3'], ['x', '1'], ['b', '2']))
    expect(get(['a', '1'], ['b', '2'], ['c', '3']).get('c')).toBe(s('3'))
    // The last of a duplicated name wins; the result is the interned dictionary without duplicates.
    expect(get(['c', '9'], ['a', '1'], ['b', '2'], ['c', '3'])).toBe(abc)
    // The interned entries are a copy: changing the caller's list changes nothing.
    const list = [
      { name: 'p', value: s('1') },
      { name: 'q', value: s('2') },
    ]
    const pq = DictionaryAttr.getSorted(ctx, list)
    list[0] = { name: 'p', value: s('7') }
    expect(pq.get('p')).toBe(s('1'))
    expect(DictionaryAttr.getSorted(ctx, [
      { name: 'p', value: s('1') },
      { name: 'q', value: s('2') },
    ])).toBe(pq)
  })

  it('interns dictionaries whose paths share a prefix, then branch by value and by name', () => {
    const ctx = new Context()
    const s = (v: string) => StringAttr.get(ctx, v)
    const get = (...es: [string, string][]) => DictionaryAttr.get(ctx, es.map(([name, v]) => ({ name, value: s(v) })))
    // Each function-like dictionary has a value of its own after a shared first entry.
    const made: DictionaryAttr[] = []
    const specs: [string, string][][] = [
      [['a', 'T'], ['b', 'f0'], ['c', 'private']],
      [['a', 'T'], ['b', 'f0'], ['d', 'private']],
      [['a', 'T'], ['b', 'f0']],
      [['a', 'T'], ['b', 'f1'], ['c', 'private']],
      [['a', 'T'], ['b', 'f1'], ['c', 'public']],
      [['a', 'T'], ['c', 'f0']],
    ]
    for (const spec of specs) {
      made.push(get(...spec))
    }
    expect(new Set(made).size).toBe(specs.length)
    for (let i = 0; i < specs.length; i++) {
      expect(get(...specs[i]!)).toBe(made[i])
      expect(made[i]!.entries.map((e) => `${e.name}=${(e.value as StringAttr).value}`)).toEqual(specs[i]!.map(([n, v]) => `${n}=${v}`))
    }
  })

  it('fuses locations like MLIR: flattening, dropping unknown and duplicates', () => {
    const ctx = new Context()
    const a = FileLineColLoc.get(ctx, 'f', 1, 1)
    const b = FileLineColLoc.get(ctx, 'f', 2, 1)
    expect(FusedLoc.get(ctx, [a, UnknownLoc.get(ctx), a])).toBe(a)
    const ab = FusedLoc.get(ctx, [a, b])
    expect(FusedLoc.get(ctx, [ab, b])).toBe(ab)
  })
})

describe('use lists', () => {
  it('links, relinks and replaces uses in O(1) steps', () => {
    const { ctx, loc, b } = setup()
    const i32 = IntegerType.get(ctx, 32)
    const c1 = b.create('test.c', loc, { results: [i32] }).result
    const c2 = b.create('test.c', loc, { results: [i32] }).result
    const user = b.create('test.use', loc, { operands: [c1, c1, c2] })
    expect([...c1.uses()].map((u) => u.index).sort()).toEqual([0, 1])
    expect(c2.hasOneUse).toBe(true)
    c1.replaceAllUsesWith(c2)
    expect(c1.useEmpty).toBe(true)
    expect(user.getOperands()).toEqual([c2, c2, c2])
    user.setOperand(1, c1)
    expect(c1.hasOneUse).toBe(true)
    user.eraseOperand(0)
    expect(user.getOperands()).toEqual([c1, c2])
    expect(user.operands.map((o) => o.index)).toEqual([0, 1])
  })

  it('finds the positions of operands and results in short and long lists', () => {
    const { ctx, loc, b } = setup()
    const i32 = IntegerType.get(ctx, 32)
    const many = b.create('test.many', loc, { results: Array.from({ length: 40 }, () => i32) })
    expect(many.results.map((r) => r.index)).toEqual([...Array(40).keys()])
    const values = [...many.results, ...many.results.slice(0, 3)]
    const user = b.create('test.use', loc, { operands: values })
    expect(user.operands.map((o) => o.index)).toEqual([...Array(43).keys()])
    user.eraseOperands(5, 30)
    expect(user.operands.map((o) => o.index)).toEqual([...Array(13).keys()])
    expect(user.getOperand(5)).toBe(many.results[35])
    user.insertOperands(2, many.results.slice(10, 20))
    expect(user.operands.map((o) => o.index)).toEqual([...Array(23).keys()])
    expect([...many.results[12]!.uses()].map((u) => u.index)).toEqual([4])
    const stale = user.operands[0]!
    user.setOperands([many.results[0]!])
    expect(stale.index).toBe(-1)
    expect(user.operands[0]!.index).toBe(0)
  })

  it('makes a parsed op location from its offset on first use, also after a change of attributes', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const top = parseSourceString('"test.a"() : () -> ()\n  "test.b"() {x} : () -> ()\n', ctx, { filename: 'f.mlir' })!.op
    const [a, bOp] = top.regions[0]!.firstBlock!.operations
    expect(a!.context).toBe(ctx)
    expect(a!.hasUnknownLocation).toBe(false)
    a!.setAttr('y', StringAttr.get(ctx, 'z'))
    expect(a!.location).toBe(FileLineColLoc.get(ctx, 'f.mlir', 1, 1))
    expect(bOp!.location).toBe(FileLineColLoc.get(ctx, 'f.mlir', 2, 3))
    expect(a!.clone().location).toBe(a!.location)
  })

  it('refuses to erase an op whose results are used', () => {
    const { ctx, loc, b } = setup()
    const def = b.create('test.c', loc, { results: [IntegerType.get(ctx, 1)] })
    const user = b.create('test.use', loc, { operands: [def.result] })
    expect(() => def.erase()).toThrow(/still have uses/)
    user.erase()
    def.erase()
    expect(def.result.useEmpty).toBe(true)
  })
})

describe('blocks and ordering', () => {
  it('keeps the intrusive op list consistent across insert, move and split', () => {
    const { loc, b, block } = setup()
    const ops = ['a', 'b', 'c', 'd'].map((n) => b.create(`test.${n}`, loc))
    const names = (blk: Block) => blk.operations.map((o) => o.name.name)
    expect(names(block)).toEqual(['test.a', 'test.b', 'test.c', 'test.d'])
    ops[3]!.moveBefore(ops[0]!)
    expect(names(block)).toEqual(['test.d', 'test.a', 'test.b', 'test.c'])
    expect(ops[3]!.isBeforeInBlock(ops[2]!)).toBe(true)
    expect(ops[2]!.isBeforeInBlock(ops[0]!)).toBe(false)
    const region = new Operation(
      ops[0]!.context.getOperationName('test.holder'),
      loc,
      [],
      DictionaryAttr.empty(ops[0]!.context),
      DictionaryAttr.empty(ops[0]!.context),
      1,
    ).regions[0]!
    region.push(block)
    const tail = block.splitBlock(ops[1]!)
    expect(names(block)).toEqual(['test.d', 'test.a'])
    expect(names(tail)).toEqual(['test.b', 'test.c'])
    expect(region.blockList).toEqual([block, tail])
    expect(ops[1]!.parentBlock).toBe(tail)
  })

  it('moves all the ops of a block to the end of another, keeping both lists and the op order consistent', () => {
    const { loc, b, block } = setup()
    const ops = ['a', 'b', 'c', 'd', 'e'].map((n) => b.create(`test.${n}`, loc))
    const names = (blk: Block) => blk.operations.map((o) => o.name.name)
    const tail = block.splitBlock(ops[2]!)
    expect([block.firstOp, block.lastOp, ops[1]!.nextOp]).toEqual([ops[0], ops[1], null])
    expect([tail.firstOp, tail.lastOp, ops[2]!.prevOp]).toEqual([ops[2], ops[4], null])
    block.appendOpsOf(tail)
    expect(names(block)).toEqual(['test.a', 'test.b', 'test.c', 'test.d', 'test.e'])
    expect([tail.firstOp, tail.lastOp]).toEqual([null, null])
    expect(ops.every((o) => o.parentBlock === block)).toBe(true)
    expect(ops[4]!.prevOp).toBe(ops[3])
    expect(ops[1]!.isBeforeInBlock(ops[2]!)).toBe(true)
    expect(ops[4]!.isBeforeInBlock(ops[0]!)).toBe(false)
    // Into an empty block, and from an empty one.
    const other = new Block()
    other.appendOpsOf(block)
    other.appendOpsOf(tail)
    expect(names(other)).toEqual(['test.a', 'test.b', 'test.c', 'test.d', 'test.e'])
    expect(block.empty).toBe(true)
    expect(ops[3]!.isBeforeInBlock(ops[4]!)).toBe(true)
    expect(ops[4]!.isBeforeInBlock(ops[3]!)).toBe(false)
  })

  it('tracks predecessors through successor operands', () => {
    const { ctx, loc } = setup()
    const holder = new OpBuilder(ctx).create('test.holder', loc, { regions: 1 })
    const r = holder.regions[0]!
    const b0 = new Block()
    const b1 = new Block()
    const b2 = new Block()
    r.push(b0)
    r.push(b1)
    r.push(b2)
    const ob = OpBuilder.atBlockEnd(b0, ctx)
    ob.create('test.br', loc, { successors: [b1, b2] })
    OpBuilder.atBlockEnd(b1, ctx).create('test.br', loc, { successors: [b2] })
    expect([...b2.predecessors()].sort((x, y) => (x === b0 ? -1 : y === b0 ? 1 : 0))).toEqual([b0, b1])
    expect(b1.singlePredecessor).toBe(b0)
    expect(b2.singlePredecessor).toBe(null)
    b2.replaceAllUsesWith(b1)
    expect(b2.hasNoPredecessors).toBe(true)
    expect(b0.successors).toEqual([b1, b1])
  })
})

describe('walk and clone', () => {
  function buildNested(): { ctx: Context; top: Operation } {
    const { ctx, loc } = setup()
    const i32 = IntegerType.get(ctx, 32)
    const ob = new OpBuilder(ctx)
    const top = ob.create('test.top', loc, { regions: 1 })
    const entry = ob.createBlock(top.regions[0]!, null, [i32], [loc])
    const inner = ob.create('test.inner', loc, { operands: [entry.getArgument(0)], results: [i32], regions: 1 })
    ob.createBlock(inner.regions[0]!)
    ob.create('test.leaf', loc, { operands: [inner.result] })
    return { ctx, top }
  }

  it('visits in post-order by default and pre-order on request, and can interrupt', () => {
    const { top } = buildNested()
    const post: string[] = []
    top.walk((op) => void post.push(op.name.name))
    expect(post).toEqual(['test.leaf', 'test.inner', 'test.top'])
    const pre: string[] = []
    top.walk((op) => void pre.push(op.name.name), 'pre')
    expect(pre).toEqual(['test.top', 'test.inner', 'test.leaf'])
    const seen: string[] = []
    const r = top.walk((op) => {
      seen.push(op.name.name)
      return op.name.name === 'test.inner' ? 'interrupt' : 'advance'
    }, 'pre')
    expect(r).toBe('interrupt')
    expect(seen).toEqual(['test.top', 'test.inner'])
  })

  it('deep-clones regions and remaps values inside them', () => {
    const { top } = buildNested()
    const mapping = new IRMapping()
    const copy = top.clone(mapping)
    const origInner = top.regions[0]!.front.firstOp!
    const copyInner = copy.regions[0]!.front.firstOp!
    expect(copyInner).not.toBe(origInner)
    expect(copyInner.getOperand(0)).toBe(copy.regions[0]!.front.getArgument(0))
    // The leaf sits in the inner op's region and uses the inner op's result.
    const leafOperand: Value = copyInner.regions[0]!.front.firstOp!.getOperand(0)
    expect(leafOperand).toBe(copyInner.result)
    expect(mapping.lookupOpOrNull(origInner)).toBe(copyInner)
    // The original is untouched.
    expect(origInner.getOperand(0)).toBe(top.regions[0]!.front.getArgument(0))
  })

  it('keeps the blocks and ops of each IRMapping apart (made on the first mapping), also after clear', () => {
    const { top } = buildNested()
    const a = new IRMapping()
    const b = new IRMapping()
    const copy = top.clone(a)
    const origInner = top.regions[0]!.front.firstOp!
    const origBlock = top.regions[0]!.front
    expect(a.lookupOpOrNull(origInner)).toBe(copy.regions[0]!.front.firstOp)
    expect(a.lookupBlockOrNull(origBlock)).toBe(copy.regions[0]!.front)
    expect(b.lookupOpOrNull(origInner)).toBeNull()
    expect(b.lookupBlockOrNull(origBlock)).toBeNull()
    a.clear()
    expect(a.lookupOpOrNull(origInner)).toBeNull()
    expect(a.lookupBlockOrDefault(origBlock)).toBe(origBlock)
    b.mapOp(origInner, origInner)
    b.mapBlock(origBlock, origBlock)
    expect(new IRMapping().lookupOpOrNull(origInner)).toBeNull()
    expect(new IRMapping().lookupBlockOrNull(origBlock)).toBeNull()
    expect(b.lookupOpOrNull(origInner)).toBe(origInner)
  })
})

describe('operation attributes', () => {
  it('routes inherent attributes to properties only for registered ops', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    ctx.registerDialect({
      namespace: 'toy',
      ops: [{ name: 'toy.const', inherentAttributeNames: ['value'] }],
    })
    const loc = UnknownLoc.get(ctx)
    const i32 = IntegerType.get(ctx, 32)
    const state = new OperationState(loc, ctx.getOperationName('toy.const'))
    state.addAttribute('value', IntegerAttr.get(i32, 1))
    state.addAttribute('note', StringAttr.get(ctx, 'x'))
    const op = Operation.create(state)
    expect(op.isRegistered).toBe(true)
    expect(op.properties.get('value')).toBe(IntegerAttr.get(i32, 1))
    expect(op.attributes.get('note')).toBe(StringAttr.get(ctx, 'x'))
    expect(op.getAttrs().map((a) => a.name)).toEqual(['note', 'value'])
    const state2 = new OperationState(loc, ctx.getOperationName('other.const'))
    state2.addAttribute('value', IntegerAttr.get(i32, 1))
    const op2 = Operation.create(state2)
    expect(op2.isRegistered).toBe(false)
    expect(op2.attributes.get('value')).toBe(IntegerAttr.get(i32, 1))
    expect(op2.properties.size).toBe(0)
  })

  it('gives an op its own attributes and successors when they change, leaving the ops that share empty ones alone', () => {
    const { ctx, loc, b, block } = setup()
    const a = b.create('test.a', loc)
    const c = b.create('test.c', loc)
    const target = new Block()
    a.setAttr('note', StringAttr.get(ctx, 'x'))
    c.successors = [] // an empty list again: nothing to change
    expect(a.attributes.get('note')).toBe(StringAttr.get(ctx, 'x'))
    expect(c.attributes.size).toBe(0)
    const br = b.create('test.br', loc, { successors: [target] })
    expect(br.successors.map((s) => s.block)).toEqual([target])
    expect(a.successors).toHaveLength(0)
    expect(c.successors).toHaveLength(0)
    expect(target.hasNoPredecessors).toBe(false)
    a.removeAttr('note')
    expect(a.attributes).toBe(DictionaryAttr.empty(ctx))
    expect(block.operations.length).toBe(3)
  })
})

describe('walk on an explicit stack', () => {
  function parseGeneric(src: string): Operation {
    const r = parseSourceString(src, new Context({ allowUnregisteredDialects: true }))
    expect(r).not.toBeNull()
    return r!.op
  }

  /** What a recursive walk visits, as the reference the iterative one must match. */
  function reference(op: Operation, order: 'pre' | 'post', skip: string, out: string[]): void {
    if (order === 'pre') {
      out.push(op.name.name)
      if (op.name.name === skip) {
        return
      }
    }
    for (const region of op.regions) {
      for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
        for (let o = b.firstOp; o !== null; o = o.nextOp) {
          reference(o, order, skip, out)
        }
      }
    }
    if (order === 'post') {
      out.push(op.name.name)
    }
  }

  const tree =
    '"t.a"() ({\n"t.b"() ({\n"t.c"() : () -> ()\n}, {\n}, {\n"t.d"() : () -> ()\n^bb1:\n"t.e"() ({\n"t.f"() : () -> ()\n}) : () -> ()\n}) : () -> ()\n' +
    '"t.g"() : () -> ()\n}) : () -> ()\n"t.h"() ({\n^bb0:\n"t.i"() : () -> ()\n^bb1:\n^bb2:\n"t.j"() : () -> ()\n}) : () -> ()\n'

  it('visits regions, blocks and ops in the order of a recursive walk, pre and post', () => {
    const top = parseGeneric(tree)
    for (const order of ['pre', 'post'] as const) {
      const seen: string[] = []
      top.walk((op) => void seen.push(op.name.name), order)
      const expected: string[] = []
      reference(top, order, '', expected)
      expect(seen).toEqual(expected)
    }
    const skipped: string[] = []
    top.walk((op): WalkResult => (skipped.push(op.name.name), op.name.name === 't.b' ? 'skip' : 'advance'), 'pre')
    const expected: string[] = []
    reference(top, 'pre', 't.b', expected)
    expect(skipped).toEqual(expected)
    expect(skipped).not.toContain('t.c')
  })

  it('lets a post-order callback erase the op it is given, and stops on interrupt', () => {
    const top = parseGeneric(tree)
    const erased: string[] = []
    top.walk((op) => {
      if (op.parentOp !== null && op.name.name !== 'builtin.module') {
        erased.push(op.name.name)
        op.erase()
      }
    })
    expect(erased).toEqual(['t.c', 't.d', 't.f', 't.e', 't.b', 't.g', 't.a', 't.i', 't.j', 't.h'])
    expect(top.regions[0]!.front.firstOp).toBeNull()
    const seen: string[] = []
    const r = parseGeneric(tree).walk((op) => (seen.push(op.name.name), op.name.name === 't.e' ? 'interrupt' : 'advance'))
    expect(r).toBe('interrupt')
    expect(seen).toEqual(['t.c', 't.d', 't.f', 't.e'])
  })

  it('walks 100k nested regions without recursion', () => {
    const depth = 100000
    const top = parseGeneric('"t.r"() ({\n'.repeat(depth) + '"t.x"() : () -> ()\n' + '}) : () -> ()\n'.repeat(depth))
    let n = 0
    let first = ''
    top.walk((op) => {
      if (n++ === 0) {
        first = op.name.name
      }
    })
    expect(n).toBe(depth + 2)
    expect(first).toBe('t.x')
    let pre = 0
    expect(top.walk((op) => (pre++, op.name.name === 't.x' ? 'interrupt' : 'advance'), 'pre')).toBe('interrupt')
    expect(pre).toBe(depth + 2)
  }, 60_000)
})
