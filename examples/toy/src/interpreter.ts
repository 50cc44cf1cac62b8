/**
 * A reference interpreter of toy IR (`toyc --emit=run`): runs `@main` op by op (the toy
 * form, or the chapter 5 form of affine loops over buffers) and
 * prints as the lowered program will (each element as `%f` and a space, a newline after
 * each innermost row). It runs the IR before or after optimization, so tests can check
 * that the passes keep the program's meaning.
 */
import { constantFoldAffineExpr } from '@tilepass/dialects'
import {
  AffineConstantExpr,
  ArrayAttr,
  type Attribute,
  FloatAttr,
  IndexType,
  IntegerAttr,
  SymbolTable,
  type AffineMapAttr,
  type Block,
  type DenseIntOrFPElementsAttr,
  type MemRefType,
  type Operation,
  type RankedTensorType,
  type SymbolRefAttr,
  type Value,
} from '@tilepass/ir'

/** A tensor value: its shape and its elements in row-major order. */
interface Tensor {
  readonly shape: readonly number[]
  readonly data: Float64Array
}

/** A value of toy IR: a tensor, or (chapter 7) a struct, the array of its elements. */
type ToyValue = Tensor | readonly ToyValue[]

/** The tensor (or struct) a `toy.constant` or `toy.struct_constant` value attribute holds. */
function constantValue(a: Attribute): ToyValue {
  if (a instanceof ArrayAttr) {
    return a.elements.map(constantValue)
  }
  const value = a as DenseIntOrFPElementsAttr
  const data = new Float64Array(value.numElements)
  const values = value.values as readonly number[]
  for (let i = 0; i < data.length; i++) {
    data[i] = value.isSplat ? values[0]! : values[i]!
  }
  return { shape: value.type.shape!, data }
}

/** Thrown to unwind to `runToy` after the error was reported on the op; never escapes it. */
class RunError extends Error {}

const kMaxCallDepth = 1000

function fail(op: Operation, message: string): never {
  op.emitOpError(message).report()
  throw new RunError(message)
}

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i])
}

/** Reverses the dimensions of `t` (the transpose of a matrix; a full reversal in general). */
function transpose(t: Tensor): Tensor {
  const rank = t.shape.length
  const shape = [...t.shape].reverse()
  const data = new Float64Array(t.data.length)
  const strides = new Array<number>(rank).fill(1)
  for (let i = rank - 2; i >= 0; i--) {
    strides[i] = strides[i + 1]! * t.shape[i + 1]!
  }
  const index = new Array<number>(rank).fill(0)
  for (let out = 0; out < data.length; out++) {
    // `index` walks the output in row-major order; input index k is output index rank-1-k.
    let src = 0
    for (let k = 0; k < rank; k++) {
      src += index[rank - 1 - k]! * strides[k]!
    }
    data[out] = t.data[src]!
    for (let d = rank - 1; d >= 0; d--) {
      if (++index[d]! < shape[d]!) {
        break
      }
      index[d] = 0
    }
  }
  return { shape, data }
}

/**
 * `v` as C's `printf("%f")` prints it: the exact binary value rounded to 6 decimals, ties to
 * even (`toFixed` rounds ties up and switches to exponent form from 1e21 on), `inf`/`nan`.
 */
export function formatF(v: number): string {
  if (!Number.isFinite(v)) {
    return Number.isNaN(v) ? 'nan' : v < 0 ? '-inf' : 'inf'
  }
  const negative = v < 0 || Object.is(v, -0)
  // |v| = mantissa * 2^exp exactly.
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, Math.abs(v))
  const bits = view.getBigUint64(0)
  const biased = Number((bits >> 52n) & 0x7ffn)
  const fraction = bits & 0xfffffffffffffn
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n)
  const exp = (biased === 0 ? 1 : biased) - 1075
  let micros: bigint
  if (exp >= 0) {
    micros = (mantissa << BigInt(exp)) * 1_000_000n
  } else {
    const num = mantissa * 1_000_000n
    const den = 1n << BigInt(-exp)
    const q = num / den
    const twice = 2n * (num % den)
    micros = twice > den || (twice === den && (q & 1n) === 1n) ? q + 1n : q
  }
  const digits = micros.toString().padStart(7, '0')
  return `${negative ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`
}

/** The text `toy.print` produces for `t`. */
export function formatTensor(t: Tensor): string {
  const row = t.shape.length === 0 ? 1 : t.shape[t.shape.length - 1]!
  let out = ''
  for (let i = 0; i < t.data.length; i++) {
    out += `${formatF(t.data[i]!)} `
    if ((i + 1) % row === 0) {
      out += '\n'
    }
  }
  return t.data.length === 0 ? '\n' : out
}

class Interpreter {
  private depth = 0

  constructor(
    private readonly module: Operation,
    private readonly output: (text: string) => void,
  ) {}

  call(fn: Operation, args: readonly ToyValue[], site: Operation): ToyValue | null {
    if (++this.depth > kMaxCallDepth) {
      fail(site, `call depth exceeds ${kMaxCallDepth} (unbounded recursion?)`)
    }
    const env = new Map<Value, ToyValue>()
    const body = fn.regions[0]!
    if (body.empty) {
      fail(site, `calls '${SymbolTable.getSymbolName(fn) ?? ''}', which has no body`)
    }
    const entry = body.front
    for (let i = 0; i < entry.numArguments; i++) {
      env.set(entry.getArgument(i), args[i]!)
    }
    const getAny = (v: Value): ToyValue => env.get(v)!
    const get = (v: Value): Tensor => {
      const t = env.get(v)!
      return Array.isArray(t) ? fail(v.definingOp ?? site, 'expected a tensor, got a struct') : (t as Tensor)
    }
    for (const op of entry.operations) {
      switch (op.name.name) {
        case 'toy.constant':
        case 'toy.struct_constant':
          env.set(op.getResult(0), constantValue(op.getAttr('value')!))
          break
        case 'toy.struct_access': {
          const st = getAny(op.getOperand(0)) as readonly ToyValue[]
          env.set(op.getResult(0), st[Number((op.getAttr('index') as IntegerAttr).value)]!)
          break
        }
        case 'toy.add':
        case 'toy.mul': {
          const a = get(op.getOperand(0))
          const b = get(op.getOperand(1))
          if (!sameShape(a.shape, b.shape)) {
            fail(op, `operands have different shapes [${a.shape.join(', ')}] and [${b.shape.join(', ')}]`)
          }
          const data = new Float64Array(a.data.length)
          const isAdd = op.name.name === 'toy.add'
          for (let i = 0; i < data.length; i++) {
            data[i] = isAdd ? a.data[i]! + b.data[i]! : a.data[i]! * b.data[i]!
          }
          env.set(op.getResult(0), { shape: a.shape, data })
          break
        }
        case 'toy.transpose':
          env.set(op.getResult(0), transpose(get(op.getOperand(0))))
          break
        case 'toy.reshape': {
          const t = get(op.getOperand(0))
          const shape = (op.getResult(0).type as RankedTensorType).shape
          if (shape.reduce((n, d) => n * d, 1) !== t.data.length) {
            fail(op, `cannot reshape ${t.data.length} elements to [${shape.join(', ')}]`)
          }
          env.set(op.getResult(0), { shape, data: t.data })
          break
        }
        case 'toy.cast':
          env.set(op.getResult(0), get(op.getOperand(0)))
          break
        case 'toy.print':
          this.output(formatTensor(get(op.getOperand(0))))
          break
        case 'toy.generic_call': {
          const callee = SymbolTable.lookupNearestSymbolFrom(op, op.getAttr('callee') as SymbolRefAttr)!
          const result = this.call(
            callee,
            op.getOperands().map((v) => getAny(v)),
            op,
          )
          if (op.numResults > 0) {
            env.set(op.getResult(0), result!)
          }
          break
        }
        case 'toy.return':
          this.depth--
          return op.numOperands > 0 ? getAny(op.getOperand(0)) : null
        default:
          fail(op, 'cannot be interpreted')
      }
    }
    return null
  }

  run(): boolean {
    const main = SymbolTable.lookupSymbolIn(this.module, 'main')
    if (main !== undefined && main.name.name === 'func.func') {
      return runLowered(main, this.output)
    }
    if (main === undefined || main.name.name !== 'toy.func') {
      this.module.emitError("no 'main' function to run").report()
      return false
    }
    if (!main.regions[0]!.empty && main.regions[0]!.front.numArguments > 0) {
      main.emitOpError("'main' must take no arguments").report()
      return false
    }
    try {
      this.call(main, [], main)
      return true
    } catch (e) {
      if (e instanceof RunError) {
        return false
      }
      throw e
    }
  }
}

/**
 * Runs `@main` of a verified toy `module`, writing what `toy.print` prints to `output`.
 * Returns false after reporting an error (on the op, through the context's diagnostics).
 */
export function runToy(module: Operation, output: (text: string) => void): boolean {
  return new Interpreter(module, output).run()
}

/** A buffer (`memref`) or a scalar (`index`, `f64`) of the chapter 5 form. */
type LoweredValue = Tensor | number

/** The constant bound of a chapter 5 `affine.for` (`0 to N`), or null. */
function constantBound(op: Operation, name: string): number | null {
  const map = (op.getAttr(name) as AffineMapAttr | undefined)?.value
  const expr = map?.results.length === 1 && map.numInputs === 0 ? map.results[0]! : null
  return expr instanceof AffineConstantExpr ? expr.value : null
}

/**
 * Runs the chapter 5 form of `@main` (`func.func` with `memref` buffers, `affine.for`
 * nests with constant bounds, `affine.load`/`store` at their induction variables, `arith`
 * element math, `toy.print` of a buffer): what the lowering computes, so tests can check
 * that it prints what the toy program prints.
 */
function runLowered(main: Operation, output: (text: string) => void): boolean {
  const env = new Map<Value, LoweredValue>()
  const buffer = (op: Operation, v: Value): Tensor => {
    const b = env.get(v)
    if (b === undefined || typeof b === 'number') {
      fail(op, 'operand is not a live buffer')
    }
    return b
  }
  const scalar = (op: Operation, v: Value): number => {
    const x = env.get(v)
    if (typeof x !== 'number') {
      fail(op, 'operand is not a scalar')
    }
    return x
  }
  /** The element offset of an affine access: its map applied to the values of `mapOperands`. */
  const offset = (op: Operation, t: Tensor, mapOperands: readonly Value[]): number => {
    const map = (op.getAttr('map') as AffineMapAttr).value
    const index = IndexType.get(op.context)
    const values = mapOperands.map((v) => IntegerAttr.get(index, BigInt(scalar(op, v))))
    let off = 0
    for (let d = 0; d < t.shape.length; d++) {
      const folded = constantFoldAffineExpr(map.results[d]!, map.numDims, values)
      if (folded === null) {
        fail(op, 'subscript cannot be evaluated')
      }
      const i = Number(folded)
      if (i < 0 || i >= t.shape[d]!) {
        fail(op, `index ${i} is out of bounds for dimension ${d} of size ${t.shape[d]!}`)
      }
      off = off * t.shape[d]! + i
    }
    return off
  }
  const runBlock = (block: Block): void => {
    for (const op of block.operations) {
      switch (op.name.name) {
        case 'arith.constant': {
          const a = op.getAttr('value')
          env.set(op.getResult(0), a instanceof FloatAttr ? a.value : Number((a as IntegerAttr).value))
          break
        }
        case 'arith.addf':
        case 'arith.mulf': {
          const a = scalar(op, op.getOperand(0))
          const b = scalar(op, op.getOperand(1))
          env.set(op.getResult(0), op.name.name === 'arith.addf' ? a + b : a * b)
          break
        }
        case 'memref.alloc': {
          const shape = (op.getResult(0).type as MemRefType).shape.map(Number)
          env.set(op.getResult(0), { shape, data: new Float64Array(shape.reduce((n, d) => n * d, 1)) })
          break
        }
        case 'memref.dealloc':
          buffer(op, op.getOperand(0))
          env.delete(op.getOperand(0))
          break
        case 'affine.load': {
          const t = buffer(op, op.getOperand(0))
          env.set(op.getResult(0), t.data[offset(op, t, op.getOperands().slice(1))]!)
          break
        }
        case 'affine.store': {
          const t = buffer(op, op.getOperand(1))
          t.data[offset(op, t, op.getOperands().slice(2))] = scalar(op, op.getOperand(0))
          break
        }
        case 'affine.for': {
          const lower = constantBound(op, 'lowerBoundMap')
          const upper = constantBound(op, 'upperBoundMap')
          const step = Number((op.getAttr('step') as IntegerAttr).value)
          if (lower === null || upper === null || op.numResults > 0) {
            fail(op, 'only loops with constant bounds and no results can be interpreted')
          }
          const body = op.regions[0]!.front
          for (let i = lower; i < upper; i += step) {
            env.set(body.getArgument(0), i)
            runBlock(body)
          }
          break
        }
        case 'affine.yield':
        case 'func.return':
          break
        case 'toy.print':
          output(formatTensor(buffer(op, op.getOperand(0))))
          break
        default:
          fail(op, 'cannot be interpreted')
      }
    }
  }
  try {
    runBlock(main.regions[0]!.front)
    return true
  } catch (e) {
    if (e instanceof RunError) {
      return false
    }
    throw e
  }
}
