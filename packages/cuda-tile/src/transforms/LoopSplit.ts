import {
  Block,
  DenseIntOrFPElementsAttr,
  FunctionOpInterface,
  IRMapping,
  IRRewriter,
  IntegerAttr,
  IntegerType,
  UnitAttr,
  type Attribute,
  type Location,
  type Operation,
  type Region,
  type Value,
} from '@tilepass/ir'
import type { OpInterface } from '@tilepass/ir'
import { InterfacePass, intOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { CudaTileEnumAttr } from '../CudaTileAttributes.ts'
import { TileType } from '../CudaTileTypes.ts'

/** The discardable attribute that sets the split threshold on an `entry`, `for` or `if` (0 disables splitting). */
export const LOOP_SPLIT_ATTR = 'cuda_tile.loop_split'

const LT = 2
const LE = 3
const GT = 4
const GE = 5

/** The option declarations of `loop-split`. */
export type LoopSplitOptionDecls = {
  readonly splitThreshold: ScalarOption<number>
}

const loopSplitOptions: LoopSplitOptionDecls = {
  splitThreshold: intOption('split-threshold', 1, 'Threshold to split loop only if-block contaings not less than given number of operations'),
}

interface SplitPlan {
  pred: number
  rhs: Value
  cmp: Operation
  ifOps: Set<Operation>
  secondThen: boolean
  copyCmp: boolean
}

const HEAVY: ReadonlySet<string> = new Set([
  'cuda_tile.load_ptr_tko',
  'cuda_tile.load_view_tko',
  'cuda_tile.store_ptr_tko',
  'cuda_tile.store_view_tko',
  'cuda_tile.mmaf',
  'cuda_tile.mmai',
  'cuda_tile.reduce',
  'cuda_tile.if',
  'cuda_tile.for',
])

function enumOf(op: Operation, name: string): number {
  const a = op.getAttr(name)
  return a instanceof CudaTileEnumAttr ? a.value : -1
}

function isUnsignedLoop(forOp: Operation): boolean {
  return forOp.getAttr('unsignedCmp') instanceof UnitAttr
}

/** Puts the induction variable on the left of `cmp`; null when it is not a compare of the IV. */
function normalize(forOp: Operation, cmp: Operation): [number, Value] | null {
  // signedness 0 = unsigned, 1 = signed: it must match the loop's comparison.
  if (enumOf(cmp, 'signedness') !== (isUnsignedLoop(forOp) ? 0 : 1)) {
    return null
  }
  const iv = forOp.regions[0]!.firstBlock!.arguments[0]!
  const pred = enumOf(cmp, 'comparison_predicate')
  if (cmp.getOperand(0) === iv) {
    return [pred, cmp.getOperand(1)]
  }
  if (cmp.getOperand(1) === iv) {
    const swapped: Record<number, number> = { [LT]: GT, [LE]: GE, [GT]: LT, [GE]: LE }
    const p = swapped[pred]
    return p === undefined ? null : [p, cmp.getOperand(0)]
  }
  return null
}

function countOps(region: Region): [number, boolean] {
  let heavy = false
  let n = 0
  for (const op of region.firstBlock?.operations ?? []) {
    heavy ||= HEAVY.has(op.name.name)
    n++
  }
  return [n - 1, heavy]
}

function isProfitable(ifOp: Operation, threshold: number): boolean {
  if (threshold === 1) {
    return true
  }
  const [thenSize, thenHeavy] = countOps(ifOp.regions[0]!)
  const [elseSize, elseHeavy] = countOps(ifOp.regions[1]!)
  return thenSize >= threshold || elseSize >= threshold || thenHeavy || elseHeavy
}

function planSplit(forOp: Operation, ifOp: Operation, threshold: number): SplitPlan | null {
  if (threshold === 0) {
    return null
  }
  const cmp = ifOp.getOperand(0).definingOp
  if (cmp === null || cmp.name.name !== 'cuda_tile.cmpi') {
    return null
  }
  const norm = normalize(forOp, cmp)
  if (norm === null) {
    return null
  }
  const [pred, rhs] = norm
  const rhsOp = rhs.definingOp
  if (rhsOp !== null && forOp.regions[0]!.firstBlock!.findAncestorOpInBlock(rhsOp) !== null) {
    return null
  }
  let secondThen: boolean
  if (pred === GT || pred === GE) {
    secondThen = true
  } else if (pred === LT || pred === LE) {
    secondThen = false
  } else {
    return null
  }
  let copyCmp = false
  let profitable = false
  const ifOps = new Set<Operation>()
  for (const user of cmp.results[0]!.users()) {
    if (user.name.name === 'cuda_tile.if') {
      profitable ||= isProfitable(user, threshold)
      if (user.parentOp === forOp) {
        ifOps.add(user)
        continue
      }
    }
    copyCmp = true
  }
  return profitable ? { pred, rhs, cmp, ifOps, secondThen, copyCmp } : null
}

function constantI(rewriter: IRRewriter, loc: Location, type: TileType, value: bigint): Value {
  return rewriter.create('cuda_tile.constant', loc, { results: [type], attributes: { value: DenseIntOrFPElementsAttr.get(type, [value], false) } }).results[0]!
}

function binary(rewriter: IRRewriter, name: string, loc: Location, a: Value, b: Value, attrs: Record<string, Attribute> = {}): Value {
  return rewriter.create(name, loc, { operands: [a, b], results: [a.type], attributes: attrs }).results[0]!
}

function copyLoop(rewriter: IRRewriter, forOp: Operation, plan: SplitPlan, opsToClone: readonly Operation[], lb: Value, ub: Value, inits: readonly Value[], cloneThen: boolean): Operation {
  const loc = forOp.location
  const oldBody = forOp.regions[0]!.firstBlock!
  const attributes: Record<string, Attribute> = isUnsignedLoop(forOp) ? { unsignedCmp: UnitAttr.get(forOp.context) } : {}
  const newLoop = rewriter.create('cuda_tile.for', loc, { operands: [lb, ub, forOp.getOperand(2), ...inits], results: inits.map((v) => v.type), attributes, regions: 1 })
  const body = new Block()
  newLoop.regions[0]!.push(body)
  const mapper = new IRMapping()
  for (const arg of oldBody.arguments) {
    mapper.map(arg, body.addArgument(arg.type, arg.location))
  }
  rewriter.setInsertionPointToStart(body)
  for (const op of opsToClone) {
    if (op === plan.cmp) {
      const i1 = TileType.get([], IntegerType.get(op.context, 1))
      mapper.map(plan.cmp.results[0]!, constantI(rewriter, op.location, i1, cloneThen ? 1n : 0n))
      continue
    }
    if (!plan.ifOps.has(op)) {
      rewriter.clone(op, mapper)
      continue
    }
    const region = op.regions[cloneThen ? 0 : 1]!
    let sawContinue = false
    for (const sub of region.firstBlock?.operations ?? []) {
      if (sub.name.name === 'cuda_tile.continue') {
        rewriter.clone(sub, mapper)
        sawContinue = true
        break
      }
      if (sub.name.name === 'cuda_tile.yield') {
        for (let i = 0; i < op.numResults; i++) {
          mapper.map(op.results[i]!, mapper.lookupOrDefault(sub.getOperand(i)))
        }
      } else {
        rewriter.clone(sub, mapper)
      }
    }
    if (sawContinue) {
      break
    }
  }
  return newLoop
}

function isConstOne(v: Value): boolean {
  const op = v.definingOp
  const attr = op?.name.name === 'cuda_tile.constant' ? op.getAttr('value') : undefined
  return attr instanceof DenseIntOrFPElementsAttr && attr.values.length === 1 && attr.values[0] === 1n
}

function performSplit(rewriter: IRRewriter, forOp: Operation, plan: SplitPlan): void {
  const loc = forOp.location
  const [lb, ub, step] = [forOp.getOperand(0), forOp.getOperand(1), forOp.getOperand(2)]
  const inits = forOp.getOperands().slice(3)
  const signedness = CudaTileEnumAttr.get(forOp.context, 'signedness', isUnsignedLoop(forOp) ? 0 : 1)
  let splitPoint = plan.rhs
  if (plan.pred === GT || plan.pred === LE) {
    splitPoint = binary(rewriter, 'cuda_tile.addi', loc, plan.rhs, constantI(rewriter, loc, step.type as TileType, 1n))
  }
  if (!isConstOne(step)) {
    const diff = binary(rewriter, 'cuda_tile.subi', loc, splitPoint, lb)
    const k = binary(rewriter, 'cuda_tile.divi', loc, diff, step, { signedness, rounding: CudaTileEnumAttr.get(forOp.context, 'rounding', 3) })
    const kstep = binary(rewriter, 'cuda_tile.muli', loc, k, step)
    splitPoint = binary(rewriter, 'cuda_tile.addi', loc, lb, kstep)
  }
  const minSplit = binary(rewriter, 'cuda_tile.mini', loc, splitPoint, ub, { signedness })
  const maxSplit = binary(rewriter, 'cuda_tile.maxi', loc, splitPoint, lb, { signedness })
  const opsToClone = forOp.regions[0]!.firstBlock!.operations.filter((op) => plan.copyCmp || op !== plan.cmp)
  rewriter.setInsertionPoint(forOp)
  const first = copyLoop(rewriter, forOp, plan, opsToClone, lb, minSplit, inits, !plan.secondThen)
  rewriter.setInsertionPointAfter(first)
  const second = copyLoop(rewriter, forOp, plan, opsToClone, maxSplit, ub, first.results, plan.secondThen)
  rewriter.replaceOp(forOp, second)
}

function hint(op: Operation): number | undefined {
  const a = op.getDiscardableAttr(LOOP_SPLIT_ATTR)
  return a instanceof IntegerAttr ? Number(a.value) : undefined
}

/** `loop-split`: splits a `for` at the point where an `if` on `iv <cmp> invariant` flips. */
export class LoopSplitPass extends InterfacePass<OptionValues<typeof loopSplitOptions>> {
  static override readonly argument = 'loop-split'
  static override readonly summary = 'Split loops when predicate in if-condition compares iv with loop invariant'
  static override readonly opInterface: OpInterface<unknown> = FunctionOpInterface
  static override readonly options: LoopSplitOptionDecls = loopSplitOptions
  static readonly passName: string = 'LoopSplitPass'

  override runOnOperation(): void {
    const func = this.getOperation()
    const rewriter = new IRRewriter(this.getContext())
    const entryHint = hint(func)
    const loops: Operation[] = []
    func.walk((op: Operation) => {
      if (op.name.name === 'cuda_tile.for') {
        loops.push(op)
      }
    })
    const erased = new Set<Operation>()
    for (const forOp of loops) {
      if (erased.has(forOp)) {
        continue
      }
      const forHint = hint(forOp)
      const ifs: Operation[] = []
      forOp.walk((op: Operation) => {
        if (op.name.name === 'cuda_tile.if') {
          ifs.push(op)
        }
      })
      for (const ifOp of ifs) {
        const threshold = hint(ifOp) ?? forHint ?? entryHint ?? this.options.splitThreshold
        const plan = planSplit(forOp, ifOp, threshold)
        if (plan !== null) {
          forOp.walk((op: Operation) => {
            erased.add(op)
          })
          rewriter.setInsertionPoint(forOp)
          performSplit(rewriter, forOp, plan)
          break
        }
      }
    }
  }
}
