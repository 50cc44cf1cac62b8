import {
  Block,
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  FunctionOpInterface,
  IntegerAttr,
  IntegerType,
  Operation,
  OperationState,
  Trait,
  UnknownLoc,
  type Attribute,
  type Location,
  type PatternRewriter,
  type Region,
  type Type,
  type Value,
} from '@tilepass/ir'
import { AndIOp, ConstantOp, SelectOp, XOrIOp } from '../arith/ArithOps.ts'
import { IntegerOverflowFlagsAttr } from '../arith/ArithAttributes.ts'
import { BranchOp } from '../cf/CfOps.ts'
import type { CanonicalizationPattern, RewriterLike } from '../internal/RewriterLike.ts'
import { ForOpTensorCastFolder } from './ScfForTensorCast.ts'
import { regionBranchPatterns } from './ScfRegionBranchPatterns.ts'

function constantOf(v: Value): Attribute | undefined {
  const d = v.definingOp
  if (d === null || !d.hasTrait(Trait.ConstantLike)) {
    return undefined
  }
  return d.getAttr('value')
}

/**
 * Replaces `op` with the single block of `region`, whose terminator's operands become the
 * results. The operands are read after inlining: a terminator that yields a block argument
 * yields its replacement from `args` by then (MLIR reads them through a live `ValueRange`).
 */
function replaceOpWithRegion(rewriter: RewriterLike, op: Operation, region: Region, args: readonly Value[] = []): void {
  const block = region.front
  const terminator = block.lastOp!
  rewriter.inlineBlockBefore(block, op, args)
  rewriter.replaceOp(op, terminator.getOperands())
  rewriter.eraseOp(terminator)
}

/** `scf.if` with a constant condition: inline the taken region (or erase the op). */
export const RemoveStaticCondition: CanonicalizationPattern = {
  name: 'RemoveStaticCondition',
  rootName: 'scf.if',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const c = constantOf(op.getOperand(0))
    if (!(c instanceof IntegerAttr)) {
      return false
    }
    if (c.value !== 0n) {
      replaceOpWithRegion(rewriter, op, op.getRegion(0))
    } else if (!op.getRegion(1).empty) {
      replaceOpWithRegion(rewriter, op, op.getRegion(1))
    } else {
      rewriter.eraseOp(op)
    }
    return true
  },
}

/** `scf.if` without results whose else block holds only its terminator: drop the else region. */
export const RemoveEmptyElseBranch: CanonicalizationPattern = {
  name: 'RemoveEmptyElseBranch',
  rootName: 'scf.if',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.numResults !== 0) {
      return false
    }
    const elseBlock = op.getRegion(1).firstBlock
    if (elseBlock === null || elseBlock.firstOp !== elseBlock.lastOp) {
      return false
    }
    const term = elseBlock.lastOp
    if (term !== null) {
      rewriter.eraseOp(term)
    }
    rewriter.modifyOpInPlace(op, () => op.getRegion(1).removeBlock(elseBlock))
    return true
  },
}

function boolConstant(v: Value): boolean | undefined {
  const c = constantOf(v)
  if (!(c instanceof IntegerAttr) || !(c.type instanceof IntegerType) || c.type.width !== 1) {
    return undefined
  }
  return c.value !== 0n
}

function i1Constant(rewriter: RewriterLike, loc: Location, value: boolean): Value {
  const i1 = IntegerType.get(rewriter.context, 1)
  return rewriter.insert(Operation.create(ConstantOp.createState(rewriter.context, loc, { attributes: { value: IntegerAttr.get(i1, value ? 1 : 0) } }))).getResult(0)
}

/**
 * `scf.if` results yielded by the same value in both branches use that value; results
 * yielding `true`/`false` use the condition, `false`/`true` its negation (`xori %c, true`).
 */
export const ReplaceIfYieldWithConditionOrValue: CanonicalizationPattern = {
  name: 'ReplaceIfYieldWithConditionOrValue',
  rootName: 'scf.if',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.numResults === 0 || op.getRegion(1).empty) {
      return false
    }
    const t = op.getRegion(0).front.lastOp!
    const f = op.getRegion(1).front.lastOp!
    const cond = op.getOperand(0)
    let changed = false
    for (let i = 0; i < op.numResults; i++) {
      const r = op.getResult(i)
      const tv = t.getOperand(i)
      const fv = f.getOperand(i)
      if (tv === fv) {
        if (!r.useEmpty) {
          r.replaceAllUsesWith(tv)
          changed = true
        }
        continue
      }
      const tb = boolConstant(tv)
      const fb = boolConstant(fv)
      if (tb === undefined || fb === undefined || r.useEmpty) {
        continue
      }
      if (!tb && fb) {
        rewriter.setInsertionPoint(op)
        const one = i1Constant(rewriter, op.location, true)
        const not = rewriter.insert(Operation.create(XOrIOp.createState(rewriter.context, op.location, { operands: { lhs: cond, rhs: one } })))
        r.replaceAllUsesWith(not.getResult(0))
        changed = true
      } else if (tb && !fb) {
        r.replaceAllUsesWith(cond)
        changed = true
      }
    }
    return changed
  },
}

function isInside(region: Region, op: Operation): boolean {
  for (let r = op.parentRegion; r !== null; r = r.parentRegion) {
    if (r === region) {
      return true
    }
  }
  return false
}

/** Uses of an `scf.if` condition inside its regions become `true` (then) or `false` (else). */
export const ConditionPropagation: CanonicalizationPattern = {
  name: 'ConditionPropagation',
  rootName: 'scf.if',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const cond = op.getOperand(0)
    if (constantOf(cond) !== undefined) {
      return false
    }
    let constantTrue: Value | null = null
    let constantFalse: Value | null = null
    let changed = false
    for (const use of [...cond.uses()]) {
      const owner = use.owner
      if (isInside(op.getRegion(0), owner)) {
        if (constantTrue === null) {
          rewriter.setInsertionPoint(op)
          constantTrue = i1Constant(rewriter, op.location, true)
        }
        const v = constantTrue
        rewriter.modifyOpInPlace(owner, () => use.set(v))
        changed = true
      } else if (isInside(op.getRegion(1), owner)) {
        if (constantFalse === null) {
          rewriter.setInsertionPoint(op)
          constantFalse = i1Constant(rewriter, op.location, false)
        }
        const v = constantFalse
        rewriter.modifyOpInPlace(owner, () => use.set(v))
        changed = true
      }
    }
    return changed
  },
}

/** `scf.execute_region` with a single block (and no `no_inline`): inline it. */
export const SingleBlockExecuteInliner: CanonicalizationPattern = {
  name: 'SingleBlockExecuteInliner',
  // Defined outside an anonymous namespace upstream: its debug name is the bare name.
  debugName: 'SingleBlockExecuteInliner',
  rootName: 'scf.execute_region',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const region = op.getRegion(0)
    if (!region.hasOneBlock || op.getAttr('no_inline') !== undefined) {
      return false
    }
    replaceOpWithRegion(rewriter, op, region)
    return true
  },
}

function constantInt(v: Value): bigint | undefined {
  const c = constantOf(v)
  return c instanceof IntegerAttr ? c.value : undefined
}

/**
 * `ub - lb` when `ub` is `arith.addi lb, cst` flagged not to wrap (`nsw` for signed loops,
 * `nuw` for unsigned ones), else undefined.
 */
function ubMinusLb(lb: Value, ub: Value, unsigned: boolean): bigint | undefined {
  const add = ub.definingOp
  if (add === null || add.name.name !== 'arith.addi' || add.getOperand(0) !== lb) {
    return undefined
  }
  const f = add.getAttr('overflowFlags')
  const bits = f instanceof IntegerOverflowFlagsAttr ? f.value : 0
  if ((bits & (unsigned ? 2 : 1)) === 0) {
    return undefined
  }
  const c = constantInt(add.getOperand(1))
  return c === undefined ? undefined : unsigned ? BigInt.asUintN(widthOf(lb.type), c) : BigInt.asIntN(widthOf(lb.type), c)
}

/** The bit width of an integer or index type (64 for index). */
function widthOf(t: Type): number {
  return t instanceof IntegerType ? t.width : 64
}

/**
 * The trip count of `scf.for` op when it is known (MLIR's `ForOp::getStaticTripCount`): 0
 * for a zero or negative constant step, else from constant bounds (ub - lb wraps in the
 * bounds' bit width; signed loops run zero times when it is not positive, unsigned ones
 * when ub <= lb), rounded up by the step; undefined when unknown.
 */
export function staticTripCount(op: Operation, lb: Value, ub: Value, step: Value): bigint | undefined {
  const w = widthOf(lb.type)
  const s = constantInt(step)
  if (s !== undefined && BigInt.asIntN(w, s) <= 0n) {
    return 0n
  }
  // Equal bounds run zero times (MLIR's `constantTripCount`).
  if (lb === ub) {
    return 0n
  }
  const l = constantInt(lb)
  const u = constantInt(ub)
  const unsigned = op.getAttr('unsignedCmp') !== undefined
  if (l === undefined || u === undefined) {
    // Non-constant bounds: `ub = arith.addi lb, cst` without wrap (MLIR's `computeUbMinusLb`).
    const d = l === undefined && u === undefined ? ubMinusLb(lb, ub, unsigned) : undefined
    if (d === undefined || s === undefined) {
      return undefined
    }
    const stepD = BigInt.asUintN(w, s)
    return d <= 0n ? 0n : (d + stepD - 1n) / stepD
  }
  let diff: bigint
  if (unsigned) {
    if (BigInt.asUintN(w, u) <= BigInt.asUintN(w, l)) {
      return 0n
    }
    diff = BigInt.asUintN(w, u - l)
  } else {
    diff = BigInt.asIntN(w, u - l)
    if (diff <= 0n) {
      return 0n
    }
  }
  if (s === undefined) {
    return undefined
  }
  const stepU = BigInt.asUintN(w, s)
  return (diff + stepU - 1n) / stepU
}

function definedOutside(region: Region, v: Value): boolean {
  for (let r = v.parentRegion; r !== null; r = r.parentRegion) {
    if (r === region) {
      return false
    }
  }
  return true
}

/**
 * `scf.for` that runs zero times (replaced by its inits), exactly once (body inlined with
 * the lower bound as induction variable), or has an empty body yielding outside values.
 */
export const SimplifyTrivialLoops: CanonicalizationPattern = {
  name: 'SimplifyTrivialLoops',
  rootName: 'scf.for',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const lb = op.getOperand(0)
    const ub = op.getOperand(1)
    const step = op.getOperand(2)
    // The inits are copied only when the loop goes (this runs on every visit of a loop).
    if (lb === ub) {
      rewriter.replaceOp(op, op.getOperands().slice(3))
      return true
    }
    const trips = staticTripCount(op, lb, ub, step)
    if (trips === undefined) {
      return false
    }
    if (trips === 0n) {
      rewriter.replaceOp(op, op.getOperands().slice(3))
      return true
    }
    const region = op.getRegion(0)
    if (trips === 1n) {
      replaceOpWithRegion(rewriter, op, region, [lb, ...op.getOperands().slice(3)])
      return true
    }
    const block = region.front
    if (block.firstOp !== block.lastOp) {
      return false
    }
    const yielded = block.lastOp!.getOperands()
    if (!yielded.every((v) => definedOutside(region, v))) {
      return false
    }
    rewriter.replaceOp(op, yielded)
    return true
  },
}

/**
 * A new `scf.if` on `cond` with `types` results and two empty regions, inserted before `op`,
 * at `loc` (by default `op`'s location, taken over as it is: see `takeLocationOf`).
 */
function newIf(rewriter: RewriterLike, op: Operation, cond: Value, types: readonly Type[], loc?: Location): Operation {
  rewriter.setInsertionPoint(op)
  const state = new OperationState(loc ?? UnknownLoc.get(op.context), op.name)
  state.addOperands([cond])
  state.addTypes(types)
  state.addRegion()
  state.addRegion()
  const created = Operation.create(state)
  if (loc === undefined) {
    created.takeLocationOf(op)
  }
  return rewriter.insert(created)
}

/** Replaces the terminator of `region`'s block by an `scf.yield` of `values` (at its location). */
function replaceYield(rewriter: RewriterLike, region: Region, values: readonly Value[]): void {
  const old = region.front.lastOp!
  rewriter.setInsertionPoint(old)
  const state = new OperationState(UnknownLoc.get(old.context), old.name)
  state.addOperands(values)
  const created = Operation.create(state)
  created.takeLocationOf(old)
  rewriter.insert(created)
  rewriter.eraseOp(old)
}

/**
 * `scf.if` yielding values defined outside it: those results become `arith.select`s of
 * the two yielded values (or the value itself when both branches yield it), and the if
 * keeps only the results computed inside its regions.
 */
export const ConvertTrivialIfToSelect: CanonicalizationPattern = {
  name: 'ConvertTrivialIfToSelect',
  rootName: 'scf.if',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.numResults === 0 || op.getRegion(1).empty) {
      return false
    }
    const thenRegion = op.getRegion(0)
    const elseRegion = op.getRegion(1)
    const thenArgs = thenRegion.front.lastOp!.getOperands()
    const elseArgs = elseRegion.front.lastOp!.getOperands()
    const kept: Type[] = []
    for (let i = 0; i < op.numResults; i++) {
      if (thenArgs[i]!.parentRegion === thenRegion || elseArgs[i]!.parentRegion === elseRegion) {
        kept.push(thenArgs[i]!.type)
      }
    }
    if (kept.length === op.numResults) {
      return false
    }
    const cond = op.getOperand(0)
    const replacement = newIf(rewriter, op, cond, kept)
    replacement.getRegion(0).takeBody(thenRegion)
    replacement.getRegion(1).takeBody(elseRegion)
    const results: Value[] = []
    const trueYields: Value[] = []
    const falseYields: Value[] = []
    rewriter.setInsertionPoint(replacement)
    for (let i = 0; i < op.numResults; i++) {
      const t = thenArgs[i]!
      const f = elseArgs[i]!
      if (t.parentRegion === replacement.getRegion(0) || f.parentRegion === replacement.getRegion(1)) {
        results.push(replacement.getResult(trueYields.length))
        trueYields.push(t)
        falseYields.push(f)
      } else if (t === f) {
        results.push(t)
      } else {
        const created = Operation.create(SelectOp.createState(rewriter.context, UnknownLoc.get(rewriter.context), { operands: { condition: cond, true_value: t, false_value: f } }))
        created.takeLocationOf(op)
        const sel = rewriter.insert(created)
        results.push(sel.getResult(0))
      }
    }
    replaceYield(rewriter, replacement.getRegion(0), trueYields)
    replaceYield(rewriter, replacement.getRegion(1), falseYields)
    rewriter.replaceOp(op, results)
    return true
  },
}

/** A new `scf.while` on `inits` with result `types` and blocks created as MLIR's builder does. */
function newWhile(rewriter: RewriterLike, op: Operation, inits: readonly Value[], types: readonly Type[], afterLocs?: readonly Location[]): Operation {
  rewriter.setInsertionPoint(op)
  const state = new OperationState(op.location, op.name)
  state.addOperands(inits)
  state.addTypes(types)
  state.properties = [...op.properties.entries]
  state.attributes = [...op.attributes.entries]
  const before = new Block()
  for (const v of inits) {
    before.addArgument(v.type, v.location)
  }
  state.addRegion().push(before)
  const after = new Block()
  for (let i = 0; i < types.length; i++) {
    after.addArgument(types[i]!, afterLocs?.[i] ?? op.location)
  }
  state.addRegion().push(after)
  return rewriter.insert(Operation.create(state))
}

/** Replaces the `scf.condition` ending `region` by one forwarding `args`. */
function replaceCondition(rewriter: RewriterLike, region: Region, args: readonly Value[]): void {
  const old = region.front.lastOp!
  rewriter.setInsertionPoint(old)
  const state = new OperationState(old.location, old.name)
  state.addOperands([old.getOperand(0), ...args])
  rewriter.insert(Operation.create(state))
  rewriter.eraseOp(old)
}

/** `scf.while` forwarding its condition to the after region: uses of that argument become `true`. */
export const WhileConditionTruth: CanonicalizationPattern = {
  name: 'WhileConditionTruth',
  rootName: 'scf.while',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const term = op.getRegion(0).front.lastOp!
    const cond = term.getOperand(0)
    const afterArgs = op.getRegion(1).front.arguments
    let constantTrue: Value | null = null
    let replaced = false
    for (let i = 1; i < term.numOperands && i - 1 < afterArgs.length; i++) {
      const arg = afterArgs[i - 1]!
      if (term.getOperand(i) !== cond || arg.useEmpty) {
        continue
      }
      if (constantTrue === null) {
        rewriter.setInsertionPoint(op)
        constantTrue = rewriter
          .insert(Operation.create(ConstantOp.createState(rewriter.context, op.location, { attributes: { value: IntegerAttr.get(cond.type, 1) } })))
          .getResult(0)
      }
      rewriter.replaceAllUsesWith(arg, constantTrue)
      replaced = true
    }
    return replaced
  },
}

/** The rewriter as the full `PatternRewriter` the greedy driver passes in. */
function full(rewriter: RewriterLike): PatternRewriter {
  return rewriter as unknown as PatternRewriter
}

/** `scf.index_switch` on a constant: inline the selected case (or the default) region. */
export const FoldConstantCase: CanonicalizationPattern = {
  name: 'FoldConstantCase',
  // Defined outside an anonymous namespace upstream: its debug name is the bare name.
  debugName: 'FoldConstantCase',
  rootName: 'scf.index_switch',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const c = constantOf(op.getOperand(0))
    if (!(c instanceof IntegerAttr)) {
      return false
    }
    const cases = op.getAttr('cases')
    const values = cases instanceof DenseArrayAttr ? (cases.values as readonly (bigint | number)[]).map((v) => BigInt(v)) : []
    const idx = values.indexOf(BigInt.asIntN(64, c.value))
    const region = idx < 0 ? op.getRegion(0) : op.getRegion(idx + 1)
    const source = region.front
    const terminator = source.lastOp!
    const results = terminator.getOperands()
    rewriter.inlineBlockBefore(source, op)
    rewriter.eraseOp(terminator)
    rewriter.replaceOp(op, results)
    return true
  },
}

/**
 * `scf.execute_region` with several blocks directly in a function or another
 * `scf.execute_region`: splice its blocks into the parent region, turning `scf.yield`s
 * into branches to the code after it.
 */
export const MultiBlockExecuteInliner: CanonicalizationPattern = {
  name: 'MultiBlockExecuteInliner',
  // Defined outside an anonymous namespace upstream: its debug name is the bare name.
  debugName: 'MultiBlockExecuteInliner',
  rootName: 'scf.execute_region',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.getAttr('no_inline') !== undefined) {
      return false
    }
    const parent = op.parentOp
    if (parent === null || !(FunctionOpInterface.implementedBy(parent) || parent.name.name === 'scf.execute_region')) {
      return false
    }
    const rw = full(rewriter)
    const prevBlock = op.parentBlock!
    const postBlock = rw.splitBlock(prevBlock, op)
    rw.setInsertionPointToEnd(prevBlock)
    const region = op.getRegion(0)
    rw.insert(Operation.create(BranchOp.createState(rw.context, op.location, { successors: { dest: region.front } })))
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      const term = b.lastOp
      if (term !== null && term.name.name === 'scf.yield') {
        rw.setInsertionPoint(term)
        rw.insert(Operation.create(BranchOp.createState(rw.context, term.location, { operands: { destOperands: term.getOperands() }, successors: { dest: postBlock } })))
        rw.eraseOp(term)
      }
    }
    rw.inlineRegionBefore(region, postBlock.parent!, postBlock)
    const args: Value[] = []
    for (const r of op.results) {
      args.push(postBlock.addArgument(r.type, r.location))
    }
    rw.replaceOp(op, args)
    return true
  },
}

/** Whether `v` is `xori %x, 1` (MLIR's `m_One` on the right); returns `%x`. */
function notOf(v: Value): Value | null {
  const d = v.definingOp
  if (d === null || d.name.name !== 'arith.xori') {
    return null
  }
  const c = constantOf(d.getOperand(1))
  if (c instanceof IntegerAttr && BigInt.asUintN(widthOf(c.type), c.value) === 1n) {
    return d.getOperand(0)
  }
  if (c instanceof DenseIntOrFPElementsAttr && c.isSplat && typeof c.values[0] === 'bigint' && BigInt.asUintN(widthOf(c.type.elementType), c.values[0]) === 1n) {
    return d.getOperand(0)
  }
  return null
}

/** `region` or one of the regions nested in it holds `op`. */
function regionHolds(region: Region, op: Operation): boolean {
  return isInside(region, op)
}

/**
 * `scf.execute_region` whose `scf.yield`s all yield the same values: the results that
 * forward values defined outside the region are replaced by those values, and the op is
 * rebuilt with only the results computed inside (MLIR's `ExecuteRegionForwardingEliminator`).
 */
export const ExecuteRegionForwardingEliminator: CanonicalizationPattern = {
  name: 'ExecuteRegionForwardingEliminator',
  rootName: 'scf.execute_region',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    if (op.numResults === 0) {
      return false
    }
    const region = op.getRegion(0)
    const yields: Operation[] = []
    for (let b = region.firstBlock; b !== null; b = b.nextBlock) {
      const t = b.lastOp
      if (t !== null && t.name.name === 'scf.yield') {
        yields.push(t)
      }
    }
    if (yields.length === 0) {
      return false
    }
    const first = yields[0]!.getOperands()
    if (!yields.every((y) => y.numOperands === first.length && y.getOperands().every((v, i) => v === first[i]))) {
      return false
    }
    const internal: Value[] = []
    const keep: Value[] = []
    const external: Value[] = []
    const forwarded: Value[] = []
    first.forEach((v, i) => {
      if (definedOutside(region, v)) {
        external.push(v)
        forwarded.push(op.results[i]!)
      } else {
        internal.push(v)
        keep.push(op.results[i]!)
      }
    })
    if (external.length === 0) {
      return false
    }
    rewriter.setInsertionPoint(op)
    const state = new OperationState(op.location, op.name)
    state.addTypes(internal.map((v) => v.type))
    for (const p of op.properties.entries) {
      state.addProperty(p.name, p.value)
    }
    state.attributes.push(...op.attributes.entries)
    state.addRegion()
    const newOp = rewriter.insert(Operation.create(state))
    full(rewriter).inlineRegionBefore(region, newOp.getRegion(0), null)
    for (const y of yields) {
      rewriter.setInsertionPoint(y)
      const ys = new OperationState(y.location, y.name)
      ys.addOperands(internal)
      rewriter.insert(Operation.create(ys))
      rewriter.eraseOp(y)
    }
    forwarded.forEach((r, i) => rewriter.replaceAllUsesWith(r, external[i]!))
    keep.forEach((r, i) => rewriter.replaceAllUsesWith(r, newOp.results[i]!))
    rewriter.eraseOp(op)
    return true
  },
}

/** Two consecutive `scf.if`s on the same condition (or its negation): merge them into one. */
export const CombineIfs: CanonicalizationPattern = {
  name: 'CombineIfs',
  rootName: 'scf.if',
  benefit: 1,
  matchAndRewrite(nextIf, rewriter) {
    const prevIf = nextIf.prevOp
    if (prevIf === null || prevIf.name.name !== 'scf.if') {
      return false
    }
    const rw = full(rewriter)
    const prevCond = prevIf.getOperand(0)
    const nextCond = nextIf.getOperand(0)
    let nextThen: Block | null = null
    let nextElse: Block | null = null
    const nextElseRegion = nextIf.getRegion(1)
    if (nextCond === prevCond) {
      nextThen = nextIf.getRegion(0).lastBlock!
      nextElse = nextElseRegion.empty ? null : nextElseRegion.lastBlock!
    }
    if (notOf(nextCond) === prevCond || notOf(prevCond) === nextCond) {
      nextElse = nextIf.getRegion(0).lastBlock!
      nextThen = nextElseRegion.empty ? null : nextElseRegion.lastBlock!
    }
    if (nextThen === null && nextElse === null) {
      return false
    }
    const prevThenYield = prevIf.getRegion(0).lastBlock!.lastOp!
    const prevElseRegion = prevIf.getRegion(1)
    const prevElseYielded = prevElseRegion.empty ? [] : prevElseRegion.lastBlock!.lastOp!.getOperands()
    const n = Math.min(prevIf.numResults, prevElseYielded.length)
    for (let i = 0; i < n; i++) {
      const r = prevIf.getResult(i)
      for (const use of [...r.uses()]) {
        const owner = use.owner
        if (nextThen !== null && regionHolds(nextThen.parent!, owner)) {
          rw.startOpModification(owner)
          use.set(prevThenYield.getOperand(i))
          rw.finalizeOpModification(owner)
        } else if (nextElse !== null && regionHolds(nextElse.parent!, owner)) {
          rw.startOpModification(owner)
          use.set(prevElseYielded[i]!)
          rw.finalizeOpModification(owner)
        }
      }
    }
    const mergedTypes = [...prevIf.resultTypes, ...nextIf.resultTypes]
    const combined = newIf(rewriter, nextIf, prevCond, mergedTypes, nextIf.location)
    const combinedThen = combined.getRegion(0)
    const combinedElse = combined.getRegion(1)
    rw.inlineRegionBefore(prevIf.getRegion(0), combinedThen, combinedThen.firstBlock)
    if (nextThen !== null) {
      const thenYield = combinedThen.lastBlock!.lastOp!
      const thenYield2 = nextThen.lastOp!
      rw.mergeBlocks(nextThen, combinedThen.lastBlock!)
      rw.setInsertionPointToEnd(combinedThen.lastBlock!)
      rw.insert(Operation.create(yieldState(thenYield2, [...thenYield.getOperands(), ...thenYield2.getOperands()])))
      rw.eraseOp(thenYield)
      rw.eraseOp(thenYield2)
    }
    rw.inlineRegionBefore(prevElseRegion, combinedElse, combinedElse.firstBlock)
    if (nextElse !== null) {
      if (combinedElse.empty) {
        rw.inlineRegionBefore(nextElse.parent!, combinedElse, combinedElse.firstBlock)
      } else {
        const elseYield = combinedElse.lastBlock!.lastOp!
        const elseYield2 = nextElse.lastOp!
        rw.mergeBlocks(nextElse, combinedElse.lastBlock!)
        rw.setInsertionPointToEnd(combinedElse.lastBlock!)
        rw.insert(Operation.create(yieldState(elseYield2, [...elseYield.getOperands(), ...elseYield2.getOperands()])))
        rw.eraseOp(elseYield)
        rw.eraseOp(elseYield2)
      }
    }
    const np = prevIf.numResults
    rw.replaceOp(prevIf, combined.results.slice(0, np))
    rw.replaceOp(nextIf, combined.results.slice(np))
    return true
  },
}

/** The state of an `scf.yield` of `values` at the location of `like`. */
function yieldState(like: Operation, values: readonly Value[]): OperationState {
  const state = new OperationState(like.location, like.name)
  state.addOperands(values)
  return state
}

/** `scf.if %a { scf.if %b { ... } }` (nothing else in the outer then, empty elses): one `scf.if` on `andi %a, %b`. */
export const CombineNestedIfs: CanonicalizationPattern = {
  name: 'CombineNestedIfs',
  rootName: 'scf.if',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const thenBlock = op.getRegion(0).lastBlock!
    const nestedIf = thenBlock.firstOp
    if (nestedIf === null || nestedIf === thenBlock.lastOp || nestedIf.nextOp !== thenBlock.lastOp) {
      return false
    }
    const elseRegion = op.getRegion(1)
    const elseBlock = elseRegion.empty ? null : elseRegion.lastBlock!
    if (elseBlock !== null && elseBlock.firstOp !== elseBlock.lastOp) {
      return false
    }
    if (nestedIf.name.name !== 'scf.if') {
      return false
    }
    const nestedElseRegion = nestedIf.getRegion(1)
    const nestedElse = nestedElseRegion.empty ? null : nestedElseRegion.lastBlock!
    if (nestedElse !== null && nestedElse.firstOp !== nestedElse.lastOp) {
      return false
    }
    const thenYield = thenBlock.lastOp!.getOperands()
    const elseYield = elseBlock === null ? [] : elseBlock.lastOp!.getOperands()
    const upgradeToSelect: number[] = []
    for (let i = 0; i < thenYield.length; i++) {
      const v = thenYield[i]!
      if (v.definingOp === nestedIf) {
        const nestedIdx = nestedIf.results.indexOf(v as never)
        if (nestedElse === null || nestedElse.lastOp!.getOperand(nestedIdx) !== elseYield[i]) {
          return false
        }
        thenYield[i] = nestedIf.getRegion(0).lastBlock!.lastOp!.getOperand(nestedIdx)
        continue
      }
      if (v.parentRegion === op.getRegion(0)) {
        return false
      }
      upgradeToSelect.push(i)
    }
    const rw = full(rewriter)
    const loc = op.location
    rw.setInsertionPoint(op)
    const cond = rw
      .insert(Operation.create(AndIOp.createState(rw.context, loc, { operands: { lhs: op.getOperand(0), rhs: nestedIf.getOperand(0) } })))
      .getResult(0)
    const combined = newIf(rewriter, op, cond, op.resultTypes, loc)
    const newThen = new Block()
    combined.getRegion(0).push(newThen)
    const results: Value[] = [...combined.results]
    rw.setInsertionPoint(combined)
    for (const idx of upgradeToSelect) {
      results[idx] = rw
        .insert(
          Operation.create(
            SelectOp.createState(rw.context, loc, { operands: { condition: op.getOperand(0), true_value: thenYield[idx]!, false_value: elseYield[idx]! } }),
          ),
        )
        .getResult(0)
    }
    rw.mergeBlocks(nestedIf.getRegion(0).lastBlock!, newThen)
    const oldYield = newThen.lastOp!
    rw.setInsertionPoint(oldYield)
    rw.insert(Operation.create(yieldState(oldYield, thenYield)))
    rw.eraseOp(oldYield)
    if (elseYield.length > 0) {
      const newElse = new Block()
      combined.getRegion(1).push(newElse)
      rw.setInsertionPointToEnd(newElse)
      const state = new OperationState(loc, oldYield.name)
      state.addOperands(elseYield)
      rw.insert(Operation.create(state))
    }
    rw.replaceOp(op, results)
    return true
  },
}

/** `arith::invertPredicate` for cmpi predicates (eq<->ne, slt<->sge, ...). */
const CMPI_INVERTED: readonly number[] = [1, 0, 5, 4, 3, 2, 9, 8, 7, 6]

/**
 * `scf.while` whose condition is `cmpi %x, %y` forwarding `%x` (or `%y`): in the after
 * region, the same compare of the forwarded argument is `true` (its inverse `false`).
 */
export const WhileCmpCond: CanonicalizationPattern = {
  name: 'WhileCmpCond',
  rootName: 'scf.while',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const cond = op.getRegion(0).front.lastOp!
    const cmp = cond.getOperand(0).definingOp
    if (cmp === null || cmp.name.name !== 'arith.cmpi') {
      return false
    }
    const pred = Number((cmp.getAttr('predicate') as IntegerAttr).value)
    const args = cond.getOperands().slice(1)
    const afterArgs = op.getRegion(1).front.arguments
    let changed = false
    const n = Math.min(args.length, afterArgs.length)
    for (let t = 0; t < n; t++) {
      for (let opIdx = 0; opIdx < 2; opIdx++) {
        if (args[t] !== cmp.getOperand(opIdx)) {
          continue
        }
        for (const u of [...afterArgs[t]!.uses()]) {
          const cmp2 = u.owner
          if (cmp2.name.name !== 'arith.cmpi' || cmp2.getOperand(1 - opIdx) !== cmp.getOperand(1 - opIdx)) {
            continue
          }
          const pred2 = Number((cmp2.getAttr('predicate') as IntegerAttr).value)
          let same: boolean
          if (pred2 === pred) {
            same = true
          } else if (pred2 === CMPI_INVERTED[pred]) {
            same = false
          } else {
            continue
          }
          rewriter.setInsertionPoint(cmp2)
          rewriter.replaceOp(cmp2, [i1Constant(rewriter, cmp2.location, same)])
          changed = true
        }
      }
    }
    return changed
  },
}

/**
 * `scf.while` whose `scf.condition` forwards the before-block arguments in another order:
 * forward them in block order, permuting the after arguments and results.
 */
export const WhileOpAlignBeforeArgs: CanonicalizationPattern = {
  name: 'WhileOpAlignBeforeArgs',
  rootName: 'scf.while',
  benefit: 1,
  matchAndRewrite(loop, rewriter) {
    const oldBefore = loop.getRegion(0).front
    const oldTerm = oldBefore.lastOp!
    const beforeArgs: Value[] = [...oldBefore.arguments]
    const termArgs = oldTerm.getOperands().slice(1)
    if (beforeArgs.length === termArgs.length && beforeArgs.every((a, i) => a === termArgs[i])) {
      return false
    }
    if (new Set(termArgs).size !== termArgs.length || beforeArgs.length !== termArgs.length) {
      return false
    }
    const mapping: number[] = new Array<number>(beforeArgs.length)
    for (let i = 0; i < beforeArgs.length; i++) {
      const j = termArgs.indexOf(beforeArgs[i]!)
      if (j < 0) {
        return false
      }
      mapping[j] = i
    }
    replaceCondition(rewriter, loop.getRegion(0), beforeArgs)
    const oldAfter = loop.getRegion(1).front
    const newResultTypes: Type[] = new Array<Type>(beforeArgs.length)
    mapping.forEach((j, i) => {
      newResultTypes[j] = loop.getResult(i).type
    })
    const newLoop = newWhile(rewriter, loop, loop.getOperands(), newResultTypes)
    const newBefore = newLoop.getRegion(0).front
    const newAfter = newLoop.getRegion(1).front
    const newResults: Value[] = new Array<Value>(beforeArgs.length)
    const newAfterArgs: Value[] = new Array<Value>(beforeArgs.length)
    mapping.forEach((j, i) => {
      newResults[i] = newLoop.getResult(j)
      newAfterArgs[i] = newAfter.getArgument(j)
    })
    const rw = full(rewriter)
    rw.inlineBlockBefore(oldBefore, newBefore, newBefore.firstOp, [...newBefore.arguments])
    rw.inlineBlockBefore(oldAfter, newAfter, newAfter.firstOp, newAfterArgs)
    rw.replaceOp(loop, newResults)
    return true
  },
}

/** Operands of ops nested in `region` whose values are defined in a proper ancestor of it, in post-order. */
function usedValuesDefinedAbove(region: Region, fn: (v: Value) => void): void {
  const ancestors = new Set<Region>()
  for (let r = region.parentRegion; r !== null; r = r.parentRegion) {
    ancestors.add(r)
  }
  const visit = (op: Operation): void => {
    for (const r of op.regions) {
      walkRegion(r)
    }
    for (const o of op.operands) {
      const pr = o.value.parentRegion
      if (pr !== null && ancestors.has(pr)) {
        fn(o.value)
      }
    }
  }
  const walkRegion = (r: Region): void => {
    for (let b = r.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        visit(o)
      }
    }
  }
  walkRegion(region)
}

/**
 * `scf.if` on the loop condition right before `scf.condition` (no else code): its then
 * code moves into the after region, fed by extra forwarded values.
 */
export const WhileMoveIfDown: CanonicalizationPattern = {
  name: 'WhileMoveIfDown',
  rootName: 'scf.while',
  benefit: 1,
  matchAndRewrite(op, rewriter) {
    const conditionOp = op.getRegion(0).front.lastOp!
    const ifOp = conditionOp.prevOp
    if (ifOp === null || ifOp.name.name !== 'scf.if' || ifOp.getOperand(0) !== conditionOp.getOperand(0)) {
      return false
    }
    const ifElse = ifOp.getRegion(1)
    if (!ifElse.empty && ifElse.lastBlock!.firstOp !== ifElse.lastBlock!.lastOp) {
      return false
    }
    const rw = full(rewriter)
    const loc = op.location
    const thenYield = ifOp.getRegion(0).lastBlock!.lastOp!
    const condArgs = conditionOp.getOperands().slice(1)
    const afterArgs = op.getRegion(1).front.arguments
    for (let idx = 0; idx < condArgs.length; idx++) {
      const arg = condArgs[idx]!
      const ifIdx = ifOp.results.indexOf(arg as never)
      if (ifIdx < 0) {
        continue
      }
      const thenValue = thenYield.getOperand(ifIdx)
      const elseValue = ifElse.lastBlock!.lastOp!.getOperand(ifIdx)
      rw.replaceAllUsesWith(ifOp.getResult(ifIdx), elseValue)
      rw.replaceAllUsesWith(afterArgs[idx]!, thenValue)
    }
    const additional: Value[] = []
    const seen = new Set<Value>()
    const before = op.getRegion(0)
    usedValuesDefinedAbove(ifOp.getRegion(0), (v) => {
      if (v.parentRegion === before && !seen.has(v)) {
        seen.add(v)
        additional.push(v)
      }
    })
    rw.setInsertionPoint(op)
    const state = new OperationState(loc, op.name)
    state.addOperands(op.getOperands())
    state.addTypes([...op.resultTypes, ...additional.map((v) => v.type)])
    state.addRegion()
    state.addRegion()
    const newWhileOp = rw.insert(Operation.create(state))
    const newAfterRegion = newWhileOp.getRegion(1)
    const extraArgs: Value[] = []
    rw.modifyOpInPlace(newWhileOp, () => {
      newWhileOp.getRegion(0).takeBody(op.getRegion(0))
      newAfterRegion.takeBody(op.getRegion(1))
      for (const v of additional) {
        extraArgs.push(newAfterRegion.front.addArgument(v.type, loc))
      }
    })
    rw.modifyOpInPlace(conditionOp, () => {
      conditionOp.setOperands([...conditionOp.getOperands(), ...additional])
    })
    const thenRegion = ifOp.getRegion(0)
    additional.forEach((v, i) => {
      rw.replaceUsesWithIf(v, extraArgs[i]!, (use) => isInside(thenRegion, use.owner))
    })
    rw.eraseOp(thenYield)
    const afterBody = newAfterRegion.front
    rw.inlineBlockBefore(thenRegion.lastBlock!, afterBody, afterBody.firstOp)
    rw.eraseOp(ifOp)
    rw.replaceOp(op, newWhileOp.results.slice(0, op.numResults))
    return true
  },
}

/** The scf canonicalization patterns, by root op, in MLIR 22's registration order. */
export const scfCanonicalizationPatterns: Readonly<Record<string, readonly CanonicalizationPattern[]>> = {
  'scf.if': [
    CombineIfs,
    CombineNestedIfs,
    ConditionPropagation,
    ConvertTrivialIfToSelect,
    RemoveEmptyElseBranch,
    RemoveStaticCondition,
    ReplaceIfYieldWithConditionOrValue,
    ...regionBranchPatterns('scf.if'),
  ],
  'scf.execute_region': [SingleBlockExecuteInliner, MultiBlockExecuteInliner, ExecuteRegionForwardingEliminator, ...regionBranchPatterns('scf.execute_region')],
  'scf.while': [WhileConditionTruth, WhileCmpCond, WhileOpAlignBeforeArgs, WhileMoveIfDown, ...regionBranchPatterns('scf.while')],
  'scf.for': [SimplifyTrivialLoops, ForOpTensorCastFolder, ...regionBranchPatterns('scf.for')],
  'scf.index_switch': [FoldConstantCase, ...regionBranchPatterns('scf.index_switch')],
}
