/**
 * Control flow and ids: `scf.for` / `scf.if` with tile iter_args and results become llvm
 * blocks whose arguments are the registers of every carried value (expanded: a tile of n
 * registers is n block arguments), `func.return` is `llvm.return`, and the tile block ids
 * read `%ctaid` / `%nctaid`.
 */
import type { Block, Type, Value } from '@tilepass/ir'
import { registerTileOpLowering, type TileLoweringContext } from './TileLowering.ts'

/** The register types of the values of `types`, expanded. */
function expandedTypes(cx: TileLoweringContext, types: readonly Type[]): Type[] {
  const out: Type[] = []
  for (const t of types) {
    const rt = cx.regType(t)
    for (let i = 0, n = cx.numRegs(t); i < n; i++) {
      out.push(rt)
    }
  }
  return out
}

/** Splits expanded block arguments back into per-value register lists. */
function bindExpanded(cx: TileLoweringContext, values: readonly Value[], args: readonly Value[]): void {
  let k = 0
  for (const v of values) {
    const n = cx.numRegs(v.type)
    cx.setRegs(v, args.slice(k, k + n))
    k += n
  }
}

function flatRegs(cx: TileLoweringContext, values: readonly Value[]): Value[] {
  return values.flatMap((v) => cx.regs(v))
}

/** Lowers the ops of a region's block; the terminator's operands (registers, expanded) go to `onYield`. */
function lowerBody(cx: TileLoweringContext, block: Block, onYield: (regs: Value[]) => void): boolean {
  for (const op of block.operations) {
    if (op.name.name === 'scf.yield') {
      onYield(flatRegs(cx, op.getOperands()))
    } else if (!cx.lowerOp(op)) {
      return false
    }
  }
  return true
}

registerTileOpLowering('scf.for', (op, cx) => {
  const l = cx.llvm
  const [lb, ub, step] = [0, 1, 2].map((i) => cx.scalar(op.getOperand(i)))
  const inits = flatRegs(cx, op.getOperands().slice(3))
  const carried = expandedTypes(
    cx,
    op.results.map((r) => r.type),
  )
  const header = cx.newBlock([lb!.type, ...carried])
  const body = cx.newBlock()
  const exit = cx.newBlock(carried)
  l.br(header, [lb!, ...inits])
  cx.setBlock(header)
  const iv = header.getArgument(0)
  const unsigned = op.getAttr('unsignedCmp') !== undefined
  const args = header.arguments.slice(1)
  l.condBr(l.icmp(unsigned ? 'ult' : 'slt', iv, ub!), body, [], exit, args)
  cx.setBlock(body)
  const old = op.regions[0]!.front
  cx.setRegs(old.getArgument(0), [iv])
  bindExpanded(cx, old.arguments.slice(1), args)
  const ok = lowerBody(cx, old, (regs) => l.br(header, [l.add(iv, step!), ...regs]))
  cx.setBlock(exit)
  bindExpanded(cx, op.results, exit.arguments)
  return ok
})

registerTileOpLowering('scf.if', (op, cx) => {
  const l = cx.llvm
  const types = expandedTypes(
    cx,
    op.results.map((r) => r.type),
  )
  const thenB = cx.newBlock()
  const elseB = cx.newBlock()
  const merge = cx.newBlock(types)
  l.condBr(cx.scalar(op.getOperand(0)), thenB, [], elseB, [])
  for (const [i, block] of [thenB, elseB].entries()) {
    cx.setBlock(block)
    const region = op.regions[i]!
    if (region.empty) {
      l.br(merge)
    } else if (!lowerBody(cx, region.front, (regs) => l.br(merge, regs))) {
      return false
    }
  }
  cx.setBlock(merge)
  bindExpanded(cx, op.results, merge.arguments)
  return true
})

registerTileOpLowering('func.return', (_op, cx) => {
  cx.llvm.op('llvm.return', [], null)
  return true
})

for (const [name, reg] of [
  ['get_tile_block_id', 'ctaid'],
  ['get_num_tile_blocks', 'nctaid'],
] as const) {
  registerTileOpLowering(`tileas.${name}`, (op, cx) => {
    ;['x', 'y', 'z'].forEach((d, i) => {
      if (!op.getResult(i).useEmpty) {
        cx.setRegs(op.getResult(i), [cx.llvm.sreg(`${reg}.${d}`)])
      }
    })
    return true
  })
}

