import { DenseElementsAttr, IntegerAttr, printType, StringAttr, SymbolRefAttr, type Operation } from '@tilepass/ir'
import { enumAttr, RMW_MODES, SIGNEDNESS } from './Attrs.ts'
import { bitsOf } from './ConversionOps.ts'
import { roundFloat } from './FloatRounding.ts'
import type { Interpreter, OpHandler } from './Interpreter.ts'
import { constantValues } from './ShapeOps.ts'
import { Tile, Token } from './Tile.ts'
import type { TileMemory } from './TileMemory.ts'
import { elemTypeFromText, type ElemType } from './TypeInfo.ts'
import { checkAccess, forEachViewElement, optionalTiles, viewAccess } from './ViewOps.ts'

/**
 * Atomics, integer MMA and module globals. Tile blocks run one after another and each op
 * in program order, so every atomic transaction is trivially atomic; the memory ordering
 * and scope attributes constrain nothing further here.
 */

/** Reads element `i` of a pointer tile's target, checking the access. */
function readAt(it: Interpreter, op: Operation, ptrs: Tile, i: number, out: Tile): number {
  const address = Number(BigInt.asUintN(64, ptrs.ints[i]!))
  checkAccess(it, op, address, out.elem)
  out.data[i] = out.elem.isFloat ? it.memory.loadFloat(out.elem, address) : it.memory.loadInt(out.elem, address)
  return address
}

function writeAt(it: Interpreter, value: Tile, i: number, address: number, v: number | bigint): void {
  if (value.elem.isFloat) {
    it.memory.storeFloat(value.elem, address, v as number)
  } else {
    it.memory.storeInt(value.elem, address, v as bigint)
  }
}

/** Masked-out elements return an implementation-defined value: NaN or 0, so a use of one shows. */
function unspecified(t: Tile, i: number): void {
  t.data[i] = t.elem.isFloat ? NaN : 0n
}

/** mode(x, y) for one element of type `elem` (null for a mode the interpreter does not know). */
function combine(mode: string, x: number | bigint, y: number | bigint, elem: ElemType): number | bigint | null {
  const w = elem.bits
  switch (mode) {
    case 'and':
      return (x as bigint) & (y as bigint)
    case 'or':
      return (x as bigint) | (y as bigint)
    case 'xor':
      return (x as bigint) ^ (y as bigint)
    case 'add':
      return BigInt.asIntN(w, (x as bigint) + (y as bigint))
    case 'addf':
      return roundFloat(elem.kind, (x as number) + (y as number))
    case 'max':
      return x > y ? x : y
    case 'min':
      return x < y ? x : y
    case 'umax':
      return BigInt.asUintN(w, x as bigint) > BigInt.asUintN(w, y as bigint) ? x : y
    case 'umin':
      return BigInt.asUintN(w, x as bigint) < BigInt.asUintN(w, y as bigint) ? x : y
    case 'xchg':
      return y
    default:
      return null
  }
}

const atomicRmw: OpHandler = (it, op) => {
  const ptrs = it.tile(op, 0)
  const arg = it.tile(op, 1)
  const mask = optionalTiles(it, op, 2, ['mask']).get('mask')
  const mode = enumAttr(op, 'mode', RMW_MODES, '')
  const info = it.resultTile(op)
  const out = Tile.zeros(info.shape, info.elem)
  for (let i = 0; i < out.numElements; i++) {
    if (mask !== undefined && mask.ints[i] === 0n) {
      unspecified(out, i)
      continue
    }
    const address = readAt(it, op, ptrs, i, out)
    const r = combine(mode, out.data[i]!, arg.data[i]!, info.elem)
    if (r === null) {
      return it.fail(op, 'has no atomic mode the interpreter knows')
    }
    writeAt(it, arg, i, address, r)
  }
  it.set(op.getResult(0), out)
  it.set(op.getResult(1), Token.instance)
}

/** atomic_red_view_tko: atomic_rmw_tko over the tile of a view, without results; elements past the edge are skipped. */
const atomicRedView: OpHandler = (it, op) => {
  const access = viewAccess(it, op, 0)
  const value = it.tile(op, access.next)
  const mode = enumAttr(op, 'mode', RMW_MODES, '')
  forEachViewElement(access, (flat, address) => {
    if (address < 0) {
      return
    }
    checkAccess(it, op, address, value.elem)
    const x = value.elem.isFloat ? it.memory.loadFloat(value.elem, address) : it.memory.loadInt(value.elem, address)
    const r = combine(mode, x, value.data[flat]!, value.elem)
    if (r === null) {
      return it.fail(op, 'has no atomic mode the interpreter knows')
    }
    writeAt(it, value, flat, address, r)
  })
  it.set(op.result, Token.instance)
}

const atomicCas: OpHandler = (it, op) => {
  const ptrs = it.tile(op, 0)
  const cmp = it.tile(op, 1)
  const val = it.tile(op, 2)
  const mask = optionalTiles(it, op, 3, ['mask']).get('mask')
  const info = it.resultTile(op)
  const out = Tile.zeros(info.shape, info.elem)
  for (let i = 0; i < out.numElements; i++) {
    if (mask !== undefined && mask.ints[i] === 0n) {
      out.data[i] = cmp.data[i]!
      continue
    }
    const address = readAt(it, op, ptrs, i, out)
    // Memory compares bit patterns (so NaN can match NaN and -0 differs from +0).
    if (bitsOf(out, i) === bitsOf(cmp, i)) {
      writeAt(it, val, i, address, val.data[i]!)
    }
  }
  it.set(op.getResult(0), out)
  it.set(op.getResult(1), Token.instance)
}

/** `acc + lhs x rhs` on i8 inputs (each with its signedness) into i32, wrapping. */
const mmai: OpHandler = (it, op) => {
  const a = it.tile(op, 0)
  const b = it.tile(op, 1)
  const c = it.tile(op, 2)
  const info = it.resultTile(op)
  const ua = enumAttr(op, 'signedness_lhs', SIGNEDNESS, 'signed') === 'unsigned'
  const ub = enumAttr(op, 'signedness_rhs', SIGNEDNESS, 'signed') === 'unsigned'
  const rank = a.shape.length
  const batch = rank === 3 ? a.shape[0]! : 1
  const m = a.shape[rank - 2]!
  const k = a.shape[rank - 1]!
  const n = b.shape[rank - 1]!
  const out = Tile.zeros(info.shape, info.elem)
  const value = (t: Tile, i: number, unsigned: boolean): bigint => (unsigned ? BigInt.asUintN(t.elem.bits, t.ints[i]!) : t.ints[i]!)
  for (let p = 0; p < batch; p++) {
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < n; j++) {
        let s = c.ints[(p * m + i) * n + j]!
        for (let q = 0; q < k; q++) {
          s += value(a, (p * m + i) * k + q, ua) * value(b, (p * k + q) * n + j, ub)
        }
        out.ints[(p * m + i) * n + j] = BigInt.asIntN(info.elem.bits, s)
      }
    }
  }
  it.set(op.result, out)
}

// ---- Globals ----

/** The address of each global of each memory: globals live as long as the memory (the "module load"). */
const globalAddresses = new WeakMap<TileMemory, Map<Operation, number>>()

/** The address of `global` in `memory`, allocating and initializing it on first use. */
function globalAddress(it: Interpreter, use: Operation, global: Operation): number {
  let table = globalAddresses.get(it.memory)
  if (table === undefined) {
    table = new Map()
    globalAddresses.set(it.memory, table)
  }
  const known = table.get(global)
  if (known !== undefined) {
    return known
  }
  const value = global.getAttr('value')
  if (!(value instanceof DenseElementsAttr)) {
    return it.fail(use, 'refers to a global without a dense initial value')
  }
  const elem = elemTypeFromText(printType(value.type.elementType))
  if (elem === null || elem.isPtr) {
    return it.fail(use, `refers to a global of element type ${printType(value.type.elementType)}, which the interpreter does not model`)
  }
  const values = constantValues(value, elem)
  const count = value.numElements
  const alignAttr = global.getAttr('alignment')
  const align = alignAttr instanceof IntegerAttr && alignAttr.numberValue > 0 ? alignAttr.numberValue : 256
  const address = it.memory.alloc(count * elem.storageBytes, align)
  for (let i = 0; i < count; i++) {
    const v = values[values.length === 1 ? 0 : i]!
    if (elem.isFloat) {
      it.memory.storeFloat(elem, address + i * elem.storageBytes, v as number)
    } else {
      it.memory.storeInt(elem, address + i * elem.storageBytes, v as bigint)
    }
  }
  table.set(global, address)
  return address
}

const getGlobal: OpHandler = (it, op) => {
  const name = op.getAttr('name')
  if (!(name instanceof SymbolRefAttr)) {
    return it.fail(op, "has no 'name' symbol")
  }
  let global: Operation | null = null
  for (let scope = op.parentOp; scope !== null && global === null; scope = scope.parentOp) {
    if (scope.numRegions === 0 || scope.getRegion(0).empty) {
      continue
    }
    for (let o = scope.getRegion(0).front.firstOp; o !== null; o = o.nextOp) {
      const sym = o.getAttr('sym_name')
      if (o.name.name === 'cuda_tile.global' && sym instanceof StringAttr && sym.value === name.rootReference) {
        global = o
        break
      }
    }
  }
  if (global === null) {
    return it.fail(op, `refers to a global '@${name.rootReference}' that is not in an enclosing module`)
  }
  const info = it.resultTile(op)
  const out = Tile.zeros(info.shape, info.elem)
  out.ints[0] = BigInt(globalAddress(it, op, global))
  it.set(op.result, out)
}

/** Atomic, integer MMA and global handlers by op name (without the `cuda_tile.` prefix). */
export const ATOMIC_HANDLERS: Record<string, OpHandler> = {
  atomic_rmw_tko: atomicRmw,
  atomic_cas_tko: atomicCas,
  atomic_red_view_tko: atomicRedView,
  mmai,
  get_global: getGlobal,
}
