/**
 * Deterministic generator of large modules with redundancy for the `cse` and `canonicalize`
 * benchmark: functions of about a thousand ops whose bodies repeat pure arith ops (the same
 * op on the same operands, several times, also inside scf.for/scf.if regions) and build
 * constant subexpressions that fold (`arith.addi` of two constants and the like).
 */
import type { BenchModule } from './benchModule.ts'

/** A small deterministic PRNG (mulberry32), so every run times the same input. */
class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  int(n: number): number {
    return Math.floor(this.next() * n)
  }
}

const INT_OPS = ['addi', 'subi', 'muli', 'andi', 'ori', 'xori', 'maxsi', 'minui'] as const
const FLOAT_OPS = ['addf', 'subf', 'mulf'] as const
const PREDICATES = ['slt', 'sle', 'eq', 'ne', 'ugt'] as const

/** Generates a module of about `targetOps` operations with redundant and foldable ops, in custom form. */
export function generateRedundantModule(targetOps: number, seed = 7): BenchModule {
  const rng = new Rng(seed)
  const parts: string[] = ['module {\n']
  let ops = 1
  let fn = 0
  while (ops < targetOps) {
    const budget = Math.min(1000, targetOps - ops)
    const body = generateFunction(rng, fn, budget)
    parts.push(body.text)
    ops += body.ops
    fn++
  }
  parts.push('}\n')
  return { text: parts.join(''), ops }
}

interface Pools {
  ints: string[]
  floats: string[]
  bools: string[]
}

function pick(rng: Rng, values: readonly string[]): string {
  return values[values.length - 1 - rng.int(Math.min(values.length, 6))] as string
}

function copyPools(p: Pools): Pools {
  return { ints: [...p.ints], floats: [...p.floats], bools: [...p.bools] }
}

function generateFunction(rng: Rng, index: number, budget: number): BenchModule {
  const lines: string[] = []
  let next = 0
  let ops = 1
  const fresh = (): string => `%${next++}`
  lines.push(`  func.func @f${index}(%a: i32, %b: i32, %x: f32, %n: index) -> (i32, f32) {`)
  const pools: Pools = { ints: ['%a', '%b'], floats: ['%x'], bools: [] }
  const c0 = fresh()
  const c1 = fresh()
  lines.push(`    ${c0} = arith.constant 0 : index`, `    ${c1} = arith.constant 1 : index`)
  ops += 2

  // Emits one "statement": a pure op, repeated verbatim one to three times (fodder for cse),
  // or a foldable constant subexpression (fodder for canonicalize).
  const emitGroup = (indent: string, local: Pools): number => {
    const r = rng.int(16)
    let emitted = 0
    if (r < 3) {
      // Constant subexpression: two small constants and an op on them; folds to a constant.
      const a = fresh()
      const b = fresh()
      const s = fresh()
      lines.push(`${indent}${a} = arith.constant ${rng.int(16)} : i32`, `${indent}${b} = arith.constant ${rng.int(16)} : i32`)
      lines.push(`${indent}${s} = arith.${INT_OPS[rng.int(4)] as string} ${a}, ${b} : i32`)
      local.ints.push(s)
      return 3
    }
    const copies = 1 + rng.int(3)
    let text: string
    let pool: string[]
    if (r < 9) {
      text = `arith.${INT_OPS[rng.int(INT_OPS.length)] as string} ${pick(rng, local.ints)}, ${pick(rng, local.ints)} : i32`
      pool = local.ints
    } else if (r < 12) {
      text = `arith.${FLOAT_OPS[rng.int(FLOAT_OPS.length)] as string} ${pick(rng, local.floats)}, ${pick(rng, local.floats)} : f32`
      pool = local.floats
    } else if (r < 13) {
      text = `arith.constant ${rng.int(8)} : i32`
      pool = local.ints
    } else if (r < 15) {
      text = `arith.cmpi ${PREDICATES[rng.int(PREDICATES.length)] as string}, ${pick(rng, local.ints)}, ${pick(rng, local.ints)} : i32`
      pool = local.bools
    } else if (local.bools.length > 0) {
      text = `arith.select ${pick(rng, local.bools)}, ${pick(rng, local.ints)}, ${pick(rng, local.ints)} : i32`
      pool = local.ints
    } else {
      text = `arith.sitofp ${pick(rng, local.ints)} : i32 to f32`
      pool = local.floats
    }
    for (let c = 0; c < copies; c++) {
      const name = fresh()
      lines.push(`${indent}${name} = ${text}`)
      pool.push(name)
      emitted++
    }
    return emitted
  }

  while (ops < budget - 40) {
    const r = rng.int(12)
    if (r < 9) {
      ops += emitGroup('    ', pools)
    } else if (r < 11) {
      // scf.for whose body repeats ops from outside the loop and among themselves.
      const res = fresh()
      const iv = fresh()
      const acc = fresh()
      const accF = fresh()
      lines.push(`    ${res}:2 = scf.for ${iv} = ${c0} to %n step ${c1} iter_args(${acc} = ${pick(rng, pools.ints)}, ${accF} = ${pick(rng, pools.floats)}) -> (i32, f32) {`)
      const inner = copyPools(pools)
      inner.ints.push(acc)
      inner.floats.push(accF)
      for (let k = 0; k < 6; k++) {
        ops += emitGroup('      ', inner)
      }
      lines.push(`      scf.yield ${pick(rng, inner.ints)}, ${pick(rng, inner.floats)} : i32, f32`, '    }')
      ops += 2
      pools.ints.push(`${res}#0`)
      pools.floats.push(`${res}#1`)
    } else if (pools.bools.length > 0) {
      const res = fresh()
      lines.push(`    ${res} = scf.if ${pick(rng, pools.bools)} -> (i32) {`)
      const thenPools = copyPools(pools)
      for (let k = 0; k < 3; k++) {
        ops += emitGroup('      ', thenPools)
      }
      lines.push(`      scf.yield ${pick(rng, thenPools.ints)} : i32`, '    } else {')
      const elsePools = copyPools(pools)
      for (let k = 0; k < 3; k++) {
        ops += emitGroup('      ', elsePools)
      }
      lines.push(`      scf.yield ${pick(rng, elsePools.ints)} : i32`, '    }')
      ops += 3
      pools.ints.push(res)
    }
  }
  lines.push(`    func.return ${pick(rng, pools.ints)}, ${pick(rng, pools.floats)} : i32, f32`, '  }')
  ops++
  return { text: `${lines.join('\n')}\n`, ops }
}
