import {
  ArrayAttr,
  DenseIntOrFPElementsAttr,
  FloatAttr,
  IntegerAttr,
  printAttribute,
  StringAttr,
  type Attribute,
  type Operation,
} from '@tilepass/ir'
import { hasUnitAttr, intArrayAttr, intAttr } from './Attrs.ts'
import { floatFromBits, roundFloat } from './FloatRounding.ts'
import type { Interpreter, OpHandler } from './Interpreter.ts'
import { rowMajorStrides, Tile, Token } from './Tile.ts'
import type { ElemType } from './TypeInfo.ts'

/**
 * Core ops: constants, iota, shape changes (broadcast, reshape, permute, extract, cat),
 * reductions and scans with their regions, mmaf, tile block ids, tokens, assume and assert.
 */

// ---- Constants ----

const NUMBER = /0x[0-9a-fA-F]+|[-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?|inf|nan)|true|false/g

/** The element value of literal `tok` for element type `elem` (hex float literals are bit patterns). */
function literal(tok: string, elem: ElemType): number | bigint {
  if (tok === 'true' || tok === 'false') {
    return elem.isFloat ? Number(tok === 'true') : tok === 'true' ? -1n : 0n
  }
  if (!elem.isFloat) {
    return BigInt.asIntN(elem.bits, BigInt(tok))
  }
  if (tok.startsWith('0x')) {
    return floatFromBits(elem.kind, BigInt(tok))
  }
  const x = tok.endsWith('inf') ? (tok.startsWith('-') ? -Infinity : Infinity) : tok.endsWith('nan') ? NaN : Number(tok)
  return roundFloat(elem.kind, x)
}

/** The literal values of a constant's `value` attribute, row-major (one value for a splat). */
export function constantValues(attr: Attribute, elem: ElemType): (number | bigint)[] {
  if (attr instanceof DenseIntOrFPElementsAttr) {
    return Array.from(attr.values as ArrayLike<number | bigint>, (v) =>
      elem.isFloat ? roundFloat(elem.kind, Number(v)) : BigInt.asIntN(elem.bits, BigInt(v)),
    )
  }
  if (attr instanceof IntegerAttr) {
    return [BigInt.asIntN(elem.bits, attr.value)]
  }
  if (attr instanceof FloatAttr) {
    return [roundFloat(elem.kind, attr.value)]
  }
  // Other spellings (`<f32: [1.0, 2.0]>`, `dense<...>` of a dialect type): read the literals.
  let text = printAttribute(attr)
  const colon = /^[^[<]*<\s*[A-Za-z][\w.<>!]*\s*:/.exec(text)
  if (colon !== null) {
    text = text.slice(colon[0].length)
  } else {
    const open = text.indexOf('<')
    const close = text.lastIndexOf('>')
    text = open >= 0 && close > open ? text.slice(open + 1, close) : text
    text = text.replace(/>\s*:.*$/, '')
  }
  return Array.from(text.matchAll(NUMBER), (m) => literal(m[0], elem))
}

const constant: OpHandler = (it, op) => {
  const info = it.resultTile(op)
  const attr = op.getAttr('value')
  if (attr === undefined) {
    return it.fail(op, "has no 'value' attribute")
  }
  const values = constantValues(attr, info.elem)
  if (values.length !== 1 && values.length !== info.numElements) {
    it.fail(op, `has ${values.length} values for a tile of ${info.numElements} elements`)
  }
  const out = Tile.zeros(info.shape, info.elem)
  for (let i = 0; i < out.numElements; i++) {
    out.data[i] = values[values.length === 1 ? 0 : i]!
  }
  it.set(op.result, out)
}

const iota: OpHandler = (it, op) => {
  const info = it.resultTile(op)
  const out = Tile.zeros(info.shape, info.elem)
  for (let i = 0; i < out.numElements; i++) {
    out.ints[i] = BigInt.asIntN(info.elem.bits, BigInt(i))
  }
  it.set(op.result, out)
}

// ---- Shape changes ----

/** Calls `fn(flatIndex, coords)` for every element of `shape`, row-major; `coords` is reused. */
function forEachIndex(shape: readonly number[], fn: (flat: number, coords: number[]) => void): void {
  const rank = shape.length
  const coords = new Array<number>(rank).fill(0)
  let n = 1
  for (const d of shape) {
    n *= d
  }
  for (let flat = 0; flat < n; flat++) {
    fn(flat, coords)
    for (let d = rank - 1; d >= 0; d--) {
      if (++coords[d]! < shape[d]!) {
        break
      }
      coords[d] = 0
    }
  }
}

const broadcast: OpHandler = (it, op) => {
  const src = it.tile(op, 0)
  const info = it.resultTile(op)
  if (src.shape.length !== info.shape.length) {
    it.fail(op, 'changes the rank (reshape first)')
  }
  const strides = rowMajorStrides(src.shape)
  for (let d = 0; d < info.shape.length; d++) {
    if (src.shape[d] === 1) {
      strides[d] = 0
    } else if (src.shape[d] !== info.shape[d]) {
      it.fail(op, `cannot broadcast dimension ${d} of size ${src.shape[d]} to ${info.shape[d]}`)
    }
  }
  const out = Tile.zeros(info.shape, info.elem)
  forEachIndex(info.shape, (flat, c) => {
    let s = 0
    for (let d = 0; d < c.length; d++) {
      s += c[d]! * strides[d]!
    }
    out.data[flat] = src.data[s]!
  })
  it.set(op.result, out)
}

const reshape: OpHandler = (it, op) => {
  const src = it.tile(op, 0)
  const info = it.resultTile(op)
  if (info.numElements !== src.numElements) {
    it.fail(op, 'changes the number of elements')
  }
  const out = Tile.zeros(info.shape, info.elem)
  out.data.set(src.data as never)
  it.set(op.result, out)
}

const permute: OpHandler = (it, op) => {
  const src = it.tile(op, 0)
  const info = it.resultTile(op)
  const perm = intArrayAttr(op, 'permutation')
  if (perm === null || perm.length !== src.shape.length) {
    return it.fail(op, 'has no permutation of the source rank')
  }
  const srcStrides = rowMajorStrides(src.shape)
  const out = Tile.zeros(info.shape, info.elem)
  // Result dimension d walks source dimension perm[d].
  forEachIndex(info.shape, (flat, c) => {
    let s = 0
    for (let d = 0; d < c.length; d++) {
      s += c[d]! * srcStrides[perm[d]!]!
    }
    out.data[flat] = src.data[s]!
  })
  it.set(op.result, out)
}

const extract: OpHandler = (it, op) => {
  const src = it.tile(op, 0)
  const info = it.resultTile(op)
  const rank = src.shape.length
  const origin: number[] = []
  for (let d = 0; d < rank; d++) {
    const slice = Number(it.scalarUnsigned(op, 1 + d))
    const size = info.shape[d]!
    if ((slice + 1) * size > src.shape[d]!) {
      it.fail(op, `extracts slice ${slice} of dimension ${d}, which does not exist (undefined)`)
    }
    origin.push(slice * size)
  }
  const strides = rowMajorStrides(src.shape)
  const out = Tile.zeros(info.shape, info.elem)
  forEachIndex(info.shape, (flat, c) => {
    let s = 0
    for (let d = 0; d < rank; d++) {
      s += (origin[d]! + c[d]!) * strides[d]!
    }
    out.data[flat] = src.data[s]!
  })
  it.set(op.result, out)
}

const cat: OpHandler = (it, op) => {
  const a = it.tile(op, 0)
  const b = it.tile(op, 1)
  const dim = intAttr(op, 'dim', 0)
  const info = it.resultTile(op)
  const split = a.shape[dim]!
  const sa = rowMajorStrides(a.shape)
  const sb = rowMajorStrides(b.shape)
  const out = Tile.zeros(info.shape, info.elem)
  forEachIndex(info.shape, (flat, c) => {
    const fromA = c[dim]! < split
    let s = 0
    for (let d = 0; d < c.length; d++) {
      const x = d === dim && !fromA ? c[d]! - split : c[d]!
      s += x * (fromA ? sa : sb)[d]!
    }
    out.data[flat] = (fromA ? a : b).data[s]!
  })
  it.set(op.result, out)
}

// ---- Reductions and scans ----

/** The rank-0 identity tiles of a reduce or scan, one per operand. */
function identities(it: Interpreter, op: Operation, inputs: readonly Tile[]): Tile[] {
  const attr = op.getAttr('identities')
  if (!(attr instanceof ArrayAttr) || attr.length !== inputs.length) {
    return it.fail(op, 'has no identity per operand')
  }
  return inputs.map((t, i) => {
    const id = Tile.zeros([], t.elem)
    const values = constantValues(attr.elements[i]!, t.elem)
    id.data[0] = values[0]!
    return id
  })
}

/**
 * Folds each line of the operands along `dim` through the body region. `emit` receives the
 * accumulators after each element (scan) or only after the last (reduce).
 */
function foldLines(it: Interpreter, op: Operation, scan: boolean): void {
  const inputs: Tile[] = []
  for (let i = 0; i < op.numOperands; i++) {
    inputs.push(it.tile(op, i))
  }
  const dim = intAttr(op, 'dim', 0)
  const shape = inputs[0]!.shape
  if (dim < 0 || dim >= shape.length) {
    it.fail(op, `has dimension ${dim} outside the operand rank ${shape.length}`)
  }
  const reverse = scan && hasUnitAttr(op, 'reverse')
  const ids = identities(it, op, inputs)
  const outs: Tile[] = []
  for (let i = 0; i < op.numResults; i++) {
    const info = it.resultTile(op, i)
    outs.push(Tile.zeros(info.shape, info.elem))
  }
  const body = op.getRegion(0).front
  const strides = rowMajorStrides(shape)
  const len = shape[dim]!
  const outer = shape.filter((_, d) => d !== dim)
  const args = new Array<Tile>(2 * inputs.length)
  forEachIndex(outer, (lineIndex, c) => {
    let base = 0
    for (let d = 0, k = 0; d < shape.length; d++) {
      if (d !== dim) {
        base += c[k++]! * strides[d]!
      }
    }
    let acc = ids
    for (let step = 0; step < len; step++) {
      const j = reverse ? len - 1 - step : step
      const at = base + j * strides[dim]!
      for (let n = 0; n < inputs.length; n++) {
        const e = Tile.zeros([], inputs[n]!.elem)
        e.data[0] = inputs[n]!.data[at]!
        args[2 * n] = e
        args[2 * n + 1] = acc[n]!
      }
      const term = it.runBlock(body, args)
      if (term === null || term.name.name !== 'cuda_tile.yield') {
        it.fail(op, 'has a body that does not end in yield')
      }
      acc = it.operandValues(term) as Tile[]
      if (scan) {
        for (let n = 0; n < outs.length; n++) {
          outs[n]!.data[at] = acc[n]!.data[0]!
        }
      }
    }
    if (!scan) {
      for (let n = 0; n < outs.length; n++) {
        outs[n]!.data[lineIndex] = acc[n]!.data[0]!
      }
    }
  })
  for (let n = 0; n < outs.length; n++) {
    it.set(op.getResult(n), outs[n]!)
  }
}

// ---- mmaf ----

/**
 * `acc + lhs x rhs` (batched when rank 3). Each product of two inputs is exact in double
 * for f4E2M1FN, f8E4M3FN, f8E5M2, f16, bf16, tf32 and f32 inputs; the K products and the
 * accumulator are summed in double (in k order) and rounded once to the result type.
 * tf32 inputs are the 19-bit values their elements hold. With scale tiles (mmaf_scaled),
 * element k of a row of lhs is multiplied by scale k / V of that row first (V = K divided
 * by the scale tile's K extent), and likewise for rhs; power-of-two and f8 scales keep the
 * products exact.
 */
function matmul(it: Interpreter, op: Operation, scaled: boolean): void {
  const a = it.tile(op, 0)
  const b = it.tile(op, 1)
  const c = it.tile(op, 2)
  const info = it.resultTile(op)
  const rank = a.shape.length
  const batch = rank === 3 ? a.shape[0]! : 1
  const m = a.shape[rank - 2]!
  const k = a.shape[rank - 1]!
  const n = b.shape[rank - 1]!
  if (b.shape[rank - 2] !== k || c.shape[rank - 2] !== m || c.shape[rank - 1] !== n) {
    it.fail(op, 'has operand shapes that do not form a matrix product')
  }
  const sa = scaled ? it.tile(op, 3) : null
  const sb = scaled ? it.tile(op, 4) : null
  const ka = sa === null ? k : sa.shape[rank - 1]!
  const kb = sb === null ? k : sb.shape[rank - 2]!
  if (ka !== kb || ka === 0 || k % ka !== 0 || (sa !== null && sa.shape[rank - 2] !== m) || (sb !== null && sb.shape[rank - 1] !== n)) {
    it.fail(op, 'has scale tiles that do not divide the K dimension into blocks')
  }
  const v = k / ka
  const kind = info.elem.kind
  const narrow = a.elem.kind === 'tf32'
  const out = Tile.zeros(info.shape, info.elem)
  const x = a.floats
  const y = b.floats
  for (let p = 0; p < batch; p++) {
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < n; j++) {
        let s = c.floats[(p * m + i) * n + j]!
        const row = (p * m + i) * k
        const col = p * k * n + j
        if (!narrow && sa === null) {
          for (let q = 0; q < k; q++) {
            s += x[row + q]! * y[col + q * n]!
          }
        } else {
          for (let q = 0; q < k; q++) {
            let l = x[row + q]!
            let r = y[col + q * n]!
            if (narrow) {
              l = roundFloat('tf32', l, 1)
              r = roundFloat('tf32', r, 1)
            }
            if (sa !== null && sb !== null) {
              const blk = Math.floor(q / v)
              l *= sa.floats[(p * m + i) * ka + blk]!
              r *= sb.floats[(p * ka + blk) * n + j]!
            }
            s += l * r
          }
        }
        out.floats[(p * m + i) * n + j] = roundFloat(kind, s)
      }
    }
  }
  it.set(op.result, out)
}

// ---- Tile blocks, tokens, assume, assert ----

function scalarResults(it: Interpreter, op: Operation, values: readonly number[]): void {
  for (let i = 0; i < op.numResults; i++) {
    const info = it.resultTile(op, i)
    const t = Tile.zeros([], info.elem)
    t.ints[0] = BigInt(values[i]!)
    it.set(op.getResult(i), t)
  }
}

const assertOp: OpHandler = (it, op) => {
  const cond = it.tile(op, 0)
  for (let i = 0; i < cond.numElements; i++) {
    if (cond.ints[i] === 0n) {
      const msg = op.getAttr('message')
      it.fail(op, `failed: ${msg instanceof StringAttr ? msg.value : 'assertion'} (element ${i})`)
    }
  }
}

/** Core handlers by op name (without the `cuda_tile.` prefix). */
export const SHAPE_HANDLERS: Record<string, OpHandler> = {
  constant,
  iota,
  broadcast,
  reshape,
  permute,
  extract,
  cat,
  reduce: (it, op) => foldLines(it, op, false),
  scan: (it, op) => foldLines(it, op, true),
  mmaf: (it, op) => matmul(it, op, false),
  mmaf_scaled: (it, op) => matmul(it, op, true),
  get_tile_block_id: (it, op) => scalarResults(it, op, it.blockId),
  get_num_tile_blocks: (it, op) => scalarResults(it, op, it.gridSize),
  make_token: (it, op) => it.set(op.result, Token.instance),
  join_tokens: (it, op) => it.set(op.result, Token.instance),
  assume: (it, op) => it.set(op.result, it.get(op.getOperand(0))),
  assert: assertOp,
}
