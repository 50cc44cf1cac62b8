/**
 * `tileas.load_view` / `tileas.store_view`: weak global accesses of a distributed tile.
 * Each thread computes the coordinates of its registers (offsets + thread part + register
 * part), checks them against the dims, and accesses `base + sum(coord * stride)`: a
 * `vector`-wide access when the whole vector is inside the dims, else element by element
 * behind branches, so no address past the dims is touched; loads give the padding value
 * there.
 */
import { FloatAttr, FloatType, IntegerAttr, VectorType, type Operation, type Type, type Value } from '@tilepass/ir'
import { type TileASTileType, log2, type LinearLayout } from '@tilepass/tileas-scheduler'
import type { LLVMBuilder } from './LLVMBuilder.ts'
import { registerTileOpLowering, type TileLoweringContext } from './TileLowering.ts'

/** Operands of a view access: base pointer, then offsets, dims and strides (i64) per dimension. */
interface ViewOperands {
  readonly base: Value
  readonly offsets: Value[]
  readonly dims: Value[]
  readonly strides: Value[]
}

function viewOperands(op: Operation, cx: TileLoweringContext, first: number, rank: number): ViewOperands {
  const o = op.getOperands().map((v) => cx.scalar(v))
  return {
    base: o[first]!,
    offsets: o.slice(first + 1, first + 1 + rank),
    dims: o.slice(first + 1 + rank, first + 1 + 2 * rank),
    strides: o.slice(first + 1 + 2 * rank, first + 1 + 3 * rank),
  }
}

/** Elements per access: the `vector` attribute when the first register bases run along the last dimension. */
function vectorWidth(op: Operation, ll: LinearLayout): number {
  const a = op.getAttr('vector')
  let vec = a instanceof IntegerAttr ? Number(a.value) : 1
  const rank = ll.shape.length
  for (let b = 0; b < log2(vec); b++) {
    const base = ll.regBases[b]
    if (base === undefined || base[rank - 1] !== 1 << b || base.some((x, d) => d !== rank - 1 && x !== 0)) {
      vec = 1 << b
      break
    }
  }
  return vec
}

/** One vector (or element) of the tile: its first register and its address and bounds checks. */
interface Access {
  readonly reg: number
  /** Element pointers (vec of them: the first is the vector's). */
  readonly ptr: Value
  /** All dims but the last in bounds (i1), and the last coordinate (i64). */
  readonly inOthers: Value | null
  readonly last: Value
}

function accesses(cx: TileLoweringContext, ll: LinearLayout, view: ViewOperands, elementType: Type, vec: number): Access[] {
  const l = cx.llvm
  const rank = ll.shape.length
  // Per dimension: offset + the thread's part of the coordinate (i64).
  const origin = view.offsets.map((off, d) => l.add(off, l.toI64(cx.threadCoord(ll, d), true)))
  const out: Access[] = []
  for (let r = 0; r < ll.numRegs; r += vec) {
    const rc = ll.regCoord(r)
    let inOthers: Value | null = null
    let offset: Value | null = null
    let last: Value | null = null
    for (let d = 0; d < rank; d++) {
      const idx = rc[d] === 0 ? origin[d]! : l.add(origin[d]!, l.c64(rc[d]!))
      if (d === rank - 1) {
        last = idx
      } else {
        const ok = l.icmp('ult', idx, view.dims[d]!)
        inOthers = inOthers === null ? ok : l.and(inOthers, ok)
      }
      const term = l.mul(idx, view.strides[d]!)
      offset = offset === null ? term : l.add(offset, term)
    }
    out.push({ reg: r, ptr: l.gep(view.base, offset!, elementType), inOthers, last: last! })
  }
  return out
}

/** i1: the element `k` of an access is inside the dims. */
function inBounds(l: LLVMBuilder, a: Access, k: number, lastDim: Value): Value {
  const idx = k === 0 ? a.last : l.add(a.last, l.c64(k))
  const ok = l.icmp('ult', idx, lastDim)
  return a.inOthers === null ? ok : l.and(a.inOthers, ok)
}

function elementBytes(t: Type): number {
  return t instanceof FloatType ? t.width / 8 : Math.max(1, ((t as { width?: number }).width ?? 8) / 8)
}

function paddingValue(op: Operation, l: LLVMBuilder, t: Type): Value {
  const p = op.getAttr('padding')
  return l.constant(t, p instanceof FloatAttr ? p.value : 0)
}

/** `if (cond) x = load ptr else x = pad`: branches, so a masked-off address is never read. */
function guardedLoad(cx: TileLoweringContext, cond: Value, ptr: Value, t: Type, pad: Value, align: number): Value {
  const l = cx.llvm
  const ld = cx.newBlock()
  const join = cx.newBlock([t])
  l.condBr(cond, ld, [], join, [pad])
  cx.setBlock(ld)
  l.br(join, [l.load(ptr, t, align)])
  cx.setBlock(join)
  return join.getArgument(0)
}

registerTileOpLowering('tileas.load_view', (op, cx) => {
  const t = op.getResult(0).type as TileASTileType
  const ll = cx.layoutOf(t)
  const rank = t.shape.length
  const view = viewOperands(op, cx, 0, rank)
  const l = cx.llvm
  const et = t.elementType
  const eb = elementBytes(et)
  const vec = vectorWidth(op, ll)
  const pad = paddingValue(op, l, et)
  const regs: Value[] = new Array<Value>(ll.numRegs)
  const lastDim = view.dims[rank - 1]!
  for (const a of accesses(cx, ll, view, et, vec)) {
    if (vec === 1) {
      regs[a.reg] = guardedLoad(cx, inBounds(l, a, 0, lastDim), a.ptr, et, pad, eb)
      continue
    }
    // The whole vector inside: one vector load; else element by element.
    const whole = inBounds(l, a, vec - 1, lastDim)
    const vload = cx.newBlock()
    const partial = cx.newBlock()
    const join = cx.newBlock(new Array<Type>(vec).fill(et))
    l.condBr(whole, vload, [], partial, [])
    cx.setBlock(vload)
    const vv = l.load(a.ptr, VectorType.get([vec], et), vec * eb)
    l.br(
      join,
      Array.from({ length: vec }, (_, k) => l.extractElement(vv, k)),
    )
    cx.setBlock(partial)
    const parts: Value[] = []
    for (let k = 0; k < vec; k++) {
      const p = k === 0 ? a.ptr : l.gep(a.ptr, l.c64(k), et)
      parts.push(guardedLoad(cx, inBounds(l, a, k, lastDim), p, et, pad, eb))
    }
    l.br(join, parts)
    cx.setBlock(join)
    for (let k = 0; k < vec; k++) {
      regs[a.reg + k] = join.getArgument(k)
    }
  }
  cx.setRegs(op.getResult(0), regs)
  return true
})

/** `if (cond) store value, ptr`. */
function guardedStore(cx: TileLoweringContext, cond: Value, value: Value, ptr: Value, align: number): void {
  const l = cx.llvm
  const st = cx.newBlock()
  const cont = cx.newBlock()
  l.condBr(cond, st, [], cont, [])
  cx.setBlock(st)
  l.store(value, ptr, align)
  l.br(cont)
  cx.setBlock(cont)
}

registerTileOpLowering('tileas.store_view', (op, cx) => {
  const t = op.getOperand(0).type as TileASTileType
  const ll = cx.layoutOf(t)
  const rank = t.shape.length
  const view = viewOperands(op, cx, 1, rank)
  const l = cx.llvm
  const et = t.elementType
  const eb = elementBytes(et)
  const vec = vectorWidth(op, ll)
  const regs = cx.regs(op.getOperand(0))
  const lastDim = view.dims[rank - 1]!
  for (const a of accesses(cx, ll, view, et, vec)) {
    if (vec === 1) {
      guardedStore(cx, inBounds(l, a, 0, lastDim), regs[a.reg]!, a.ptr, eb)
      continue
    }
    const whole = inBounds(l, a, vec - 1, lastDim)
    const vstore = cx.newBlock()
    const partial = cx.newBlock()
    const cont = cx.newBlock()
    l.condBr(whole, vstore, [], partial, [])
    cx.setBlock(vstore)
    const vt = VectorType.get([vec], et)
    let vv = l.poison(vt)
    for (let k = 0; k < vec; k++) {
      vv = l.insertElement(vv, regs[a.reg + k]!, k)
    }
    l.store(vv, a.ptr, vec * eb)
    l.br(cont)
    cx.setBlock(partial)
    for (let k = 0; k < vec; k++) {
      const p = k === 0 ? a.ptr : l.gep(a.ptr, l.c64(k), et)
      guardedStore(cx, inBounds(l, a, k, lastDim), regs[a.reg + k]!, p, eb)
    }
    l.br(cont)
    cx.setBlock(cont)
  }
  return true
})
