/**
 * Result and block-argument name hints of cuda_tile ops (OpAsmOpInterface):
 * `%cst_1_f32`, `%true`, `%tview`, `%pview`, `%bcast`, `%reduce_lhs`, `%loopIdx`, ...
 */
import { DenseIntOrFPElementsAttr, IntegerType, typeToString, type OpSpec, type Operation, type Value } from '@tilepass/ir'
import { TileType } from './CudaTileTypes.ts'

type NameHooks = Pick<OpSpec, 'getAsmResultNames' | 'getAsmBlockArgumentNames'>
type SetName = (value: Value, name: string) => void

/** The name MLIR's ConstantOp hint gives a constant: `true`, `false`, `cst_i1`, `cst_<int>_<type>`, `cst_<type>`. */
export function constantName(op: Operation): string | undefined {
  const attr = op.getAttr('value')
  const type = op.results[0]?.type
  if (!(attr instanceof DenseIntOrFPElementsAttr) || !(type instanceof TileType)) {
    return undefined
  }
  const elt = type.elementType
  const values = attr.values
  if (elt instanceof IntegerType && elt.width === 1) {
    if (values.every((v) => v !== 0n)) {
      return 'true'
    }
    if (values.every((v) => v === 0n)) {
      return 'false'
    }
    return 'cst_i1'
  }
  let name = 'cst'
  if (attr.isSplat || values.length === 1) {
    const v = values[0]!
    if (typeof v === 'bigint') {
      name += `_${v}`
    } else if (!Number.isNaN(v)) {
      const t = Math.trunc(v)
      if (t === v && v >= 0 && v < 2 ** 64) {
        name += `_${BigInt(t)}`
      }
    } else {
      name += '_NaN'
    }
  }
  return `${name}_${typeToString(elt)}`
}

const fixed =
  (name: string): NameHooks['getAsmResultNames'] =>
  (op: Operation, setName: SetName): void => {
    if (op.numResults > 0) {
      setName(op.results[0]!, name)
    }
  }

/** Name hooks by full op name. */
export const cudaTileAsmNames: Readonly<Record<string, NameHooks>> = {
  'cuda_tile.constant': {
    getAsmResultNames(op, setName) {
      const n = constantName(op)
      if (n !== undefined) {
        setName(op.results[0]!, n)
      }
    },
  },
  'cuda_tile.broadcast': { getAsmResultNames: fixed('bcast') },
  'cuda_tile.reshape': { getAsmResultNames: fixed('reshape') },
  'cuda_tile.reduce': {
    getAsmResultNames: fixed('reduce'),
    getAsmBlockArgumentNames(_op, region, setName) {
      const args = region.firstBlock?.arguments ?? []
      for (let i = 0; i < args.length; i++) {
        setName(args[i]!, (i % 2 === 0 ? 'reduce_lhs' : 'reduce_rhs') + (args.length > 2 ? String(Math.floor(i / 2)) : ''))
      }
    },
  },
  'cuda_tile.assume': {
    getAsmResultNames(op, setName) {
      const producer = op.getOperand(0).definingOp
      let inner: string | undefined
      const def = producer?.name.def
      if (producer !== null && producer !== undefined && def?.getAsmResultNames !== undefined) {
        inner = ''
        def.getAsmResultNames(producer, (v, n) => {
          if (v === op.getOperand(0)) {
            inner = n
          }
        })
      }
      setName(op.results[0]!, inner === undefined ? 'assume' : `assume_${inner}`)
    },
  },
}
