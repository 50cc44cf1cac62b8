/**
 * An abstract executor of K-loops in tile-assembly form, for the tests: runs the scalar
 * arithmetic and `scf.for` exactly, and models the async copies as groups (commit, wait with
 * `pending`) and the CTA barrier. A shared-memory stage holds the name of what was copied
 * into it (`A@[0,32]`, or `zero` for a copy whose dims are 0); `mma` appends the pair it
 * multiplies to the accumulator. It throws on a hazard: a read of a stage whose copy is not
 * yet waited for and made visible by a barrier, or a copy into a stage read since the last
 * barrier (another warp may still be reading it).
 */
import { IntegerAttr, type Block, type Operation, type Value } from '@tilepass/ir'

interface Copy {
  readonly buffer: number
  readonly stage: number
  readonly content: string
  state: 'pending' | 'landed' | 'visible'
}

/** The result of running a function: the accumulator's pairs and the counts seen. */
export interface SimResult {
  readonly acc: string[]
  readonly maxInFlight: number
  readonly globalReads: number
  /** The values the function returns. */
  readonly returned: unknown[]
}

export function simulate(fn: Operation, args: readonly (bigint | string)[]): SimResult {
  const env = new Map<Value, unknown>()
  const body = fn.getRegion(0).front
  body.arguments.forEach((a, i) => env.set(a, args[i]))
  const groups: Copy[][] = []
  let open: Copy[] = []
  const stages = new Map<string, Copy>()
  const readSinceBarrier = new Set<string>()
  let buffers = 0
  let maxInFlight = 0
  let globalReads = 0
  const get = (v: Value): unknown => {
    if (!env.has(v)) {
      throw new Error(`value used before definition`)
    }
    return env.get(v)
  }
  const int = (v: Value): bigint => get(v) as bigint

  const runBlock = (block: Block): Value[] => {
    for (let op = block.firstOp; op !== null; op = op.nextOp) {
      const name = op.name.name
      switch (name) {
        case 'arith.constant': {
          const a = op.getAttr('value')
          env.set(op.getResult(0), a instanceof IntegerAttr ? a.value : 'const')
          break
        }
        case 'tileas.constant':
          env.set(op.getResult(0), [] as string[])
          break
        case 'arith.index_cast':
          env.set(op.getResult(0), int(op.getOperand(0)))
          break
        case 'tileas.divi':
        case 'arith.divsi':
          env.set(op.getResult(0), int(op.getOperand(0)) / int(op.getOperand(1)))
          break
        case 'tileas.subi':
        case 'arith.subi':
          env.set(op.getResult(0), int(op.getOperand(0)) - int(op.getOperand(1)))
          break
        case 'tileas.maxi':
        case 'arith.maxsi': {
          const [l, r] = [int(op.getOperand(0)), int(op.getOperand(1))]
          env.set(op.getResult(0), l > r ? l : r)
          break
        }
        case 'tileas.addi':
        case 'arith.addi':
          env.set(op.getResult(0), int(op.getOperand(0)) + int(op.getOperand(1)))
          break
        case 'tileas.muli':
        case 'arith.muli':
          env.set(op.getResult(0), int(op.getOperand(0)) * int(op.getOperand(1)))
          break
        case 'arith.cmpi': {
          const p = Number((op.getAttr('predicate') as IntegerAttr).value)
          const [l, r] = [int(op.getOperand(0)), int(op.getOperand(1))]
          const table: Record<number, boolean> = { 0: l === r, 1: l !== r, 2: l < r, 3: l <= r, 4: l > r, 5: l >= r, 6: l < r }
          env.set(op.getResult(0), table[p] ? 1n : 0n)
          break
        }
        case 'tileas.cmpi': {
          const p = (op.getAttr('predicate') as unknown as { value: string }).value
          const [l, r] = [int(op.getOperand(0)), int(op.getOperand(1))]
          const table: Record<string, boolean> = { eq: l === r, ne: l !== r, slt: l < r, sle: l <= r, ult: l < r }
          env.set(op.getResult(0), table[p] ? 1n : 0n)
          break
        }
        case 'tileas.select':
        case 'arith.select':
          env.set(op.getResult(0), int(op.getOperand(0)) !== 0n ? get(op.getOperand(1)) : get(op.getOperand(2)))
          break
        case 'tileas.alloc_shared':
          env.set(op.getResult(0), buffers++)
          break
        case 'tileas.async_copy': {
          const ops = op.getOperands()
          const base = get(ops[0]!) as string
          const offsets = [int(ops[1]!), int(ops[2]!)]
          const dims = [int(ops[3]!), int(ops[4]!)]
          const buffer = get(ops[7]!) as number
          const stage = Number(int(ops[8]!))
          const key = `${buffer}:${stage}`
          if (readSinceBarrier.has(key)) {
            throw new Error(`copy into stage ${stage} of buffer ${buffer} while it may still be read`)
          }
          const inside = dims[0]! > offsets[0]! && dims[1]! > offsets[1]!
          if (inside) {
            globalReads++
          }
          const c: Copy = { buffer, stage, content: inside ? `${base}@[${offsets.join(',')}]` : 'zero', state: 'pending' }
          stages.set(key, c)
          open.push(c)
          env.set(op.getResult(0), 'token')
          break
        }
        case 'tileas.async_commit_group':
          groups.push(open)
          open = []
          maxInFlight = Math.max(maxInFlight, groups.filter((g) => g.some((c) => c.state === 'pending')).length)
          env.set(op.getResult(0), 'token')
          break
        case 'tileas.async_wait': {
          const pending = Number((op.getAttr('pending') as IntegerAttr).value)
          const inFlight = groups.filter((g) => g.some((c) => c.state === 'pending'))
          inFlight.slice(0, Math.max(0, inFlight.length - pending)).forEach((g) => g.forEach((c) => (c.state = 'landed')))
          break
        }
        case 'tileas.barrier':
          for (const g of groups) {
            for (const c of g) {
              if (c.state === 'landed') {
                c.state = 'visible'
              }
            }
          }
          readSinceBarrier.clear()
          break
        case 'tileas.local_load': {
          const buffer = get(op.getOperand(0)) as number
          const stage = Number(int(op.getOperand(1)))
          const c = stages.get(`${buffer}:${stage}`)
          if (c === undefined || c.state !== 'visible') {
            throw new Error(`local_load of stage ${stage} of buffer ${buffer} before its copy is waited for and visible`)
          }
          readSinceBarrier.add(`${buffer}:${stage}`)
          env.set(op.getResult(0), c.content)
          break
        }
        case 'tileas.mma':
          env.set(op.getResult(0), [...(get(op.getOperand(2)) as string[]), `${get(op.getOperand(0)) as string}*${get(op.getOperand(1)) as string}`])
          break
        case 'scf.for': {
          const [lb, ub, step] = [int(op.getOperand(0)), int(op.getOperand(1)), int(op.getOperand(2))]
          let carried = op.getOperands().slice(3).map(get)
          const b = op.getRegion(0).front
          for (let k = lb; k < ub; k += step) {
            env.set(b.getArgument(0), k)
            carried.forEach((v, i) => env.set(b.getArgument(i + 1), v))
            carried = runBlock(b).map(get)
          }
          op.results.forEach((r, i) => env.set(r, carried[i]))
          break
        }
        case 'scf.yield':
        case 'func.return':
          return op.getOperands()
        default:
          throw new Error(`the simulator does not know '${name}'`)
      }
    }
    return []
  }
  let acc: string[] = []
  const saveFor = (op: Operation): void => {
    if (op.name.name === 'scf.for') {
      acc = env.get(op.getResult(0)) as string[]
    }
  }
  const returned = runBlock(body).map(get)
  for (let op = body.firstOp; op !== null; op = op.nextOp) {
    saveFor(op)
  }
  if (groups.some((g) => g.some((c) => c.state === 'pending'))) {
    throw new Error('copy groups still in flight at the end of the function')
  }
  return { acc, maxInFlight, globalReads, returned }
}
