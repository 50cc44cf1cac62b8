/**
 * Deterministic generator of large, realistic modules for the parse/verify/print benchmark:
 * functions of about a thousand ops each, mostly arith with scf.for/scf.if regions, calls
 * between functions and a few unregistered ops, written in custom form.
 */

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

const INT_OPS = ['addi', 'subi', 'muli', 'andi', 'ori', 'xori', 'maxsi', 'minui', 'shli', 'divsi'] as const
const FLOAT_OPS = ['addf', 'subf', 'mulf', 'divf', 'maximumf'] as const
const PREDICATES = ['slt', 'sle', 'eq', 'ne', 'ugt'] as const

/** One generated module: its text and how many operations it holds (module and terminators included). */
export interface BenchModule {
  readonly text: string
  readonly ops: number
}

/** Generates a module of about `targetOps` operations in custom form. */
export function generateBenchModule(targetOps: number, seed = 1): BenchModule {
  const rng = new Rng(seed)
  const parts: string[] = ['module {\n']
  let ops = 1
  let fn = 0
  while (ops < targetOps) {
    const budget = Math.min(1000, targetOps - ops)
    const body = generateFunction(rng, fn, budget, fn > 0)
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
  indices: string[]
  bools: string[]
}

function pick(rng: Rng, values: readonly string[]): string {
  return values[values.length - 1 - rng.int(Math.min(values.length, 8))] as string
}

function generateFunction(rng: Rng, index: number, budget: number, canCall: boolean): BenchModule {
  const lines: string[] = []
  let next = 0
  let ops = 1
  const fresh = (): string => `%${next++}`
  lines.push(`  func.func @f${index}(%a: i32, %b: f32, %n: index) -> (i32, f32) {`)
  const pools: Pools = { ints: ['%a'], floats: ['%b'], indices: ['%n'], bools: [] }
  const c0 = fresh()
  const c1 = fresh()
  lines.push(`    ${c0} = arith.constant 0 : index`, `    ${c1} = arith.constant 1 : index`)
  ops += 2
  pools.indices.push(c0, c1)

  const emitOps = (indent: string, count: number, local: Pools): void => {
    for (let i = 0; i < count; i++) {
      const r = rng.int(20)
      const name = fresh()
      if (r < 8) {
        const op = INT_OPS[rng.int(INT_OPS.length)] as string
        lines.push(`${indent}${name} = arith.${op} ${pick(rng, local.ints)}, ${pick(rng, local.ints)} : i32`)
        local.ints.push(name)
      } else if (r < 12) {
        const op = FLOAT_OPS[rng.int(FLOAT_OPS.length)] as string
        lines.push(`${indent}${name} = arith.${op} ${pick(rng, local.floats)}, ${pick(rng, local.floats)} : f32`)
        local.floats.push(name)
      } else if (r < 14) {
        lines.push(`${indent}${name} = arith.constant ${rng.int(100000) - 50000} : i32`)
        local.ints.push(name)
      } else if (r < 15) {
        lines.push(`${indent}${name} = arith.constant ${(rng.next() * 100).toFixed(3)} : f32`)
        local.floats.push(name)
      } else if (r < 17) {
        const pred = PREDICATES[rng.int(PREDICATES.length)] as string
        lines.push(`${indent}${name} = arith.cmpi ${pred}, ${pick(rng, local.ints)}, ${pick(rng, local.ints)} : i32`)
        local.bools.push(name)
      } else if (r < 18 && local.bools.length > 0) {
        lines.push(`${indent}${name} = arith.select ${pick(rng, local.bools)}, ${pick(rng, local.ints)}, ${pick(rng, local.ints)} : i32`)
        local.ints.push(name)
      } else if (r < 19) {
        lines.push(`${indent}${name} = arith.sitofp ${pick(rng, local.ints)} : i32 to f32`)
        local.floats.push(name)
      } else {
        lines.push(`${indent}${name} = arith.index_cast ${pick(rng, local.ints)} : i32 to index`)
        local.indices.push(name)
      }
      ops++
    }
  }

  while (ops < budget - 40) {
    const r = rng.int(10)
    if (r < 6) {
      emitOps('    ', 10, pools)
    } else if (r < 8) {
      // scf.for with two loop-carried values and a short body.
      const res = fresh()
      const iv = fresh()
      const x = fresh()
      const y = fresh()
      lines.push(`    ${res}:2 = scf.for ${iv} = ${c0} to ${pick(rng, pools.indices)} step ${c1} iter_args(${x} = ${pick(rng, pools.ints)}, ${y} = ${pick(rng, pools.floats)}) -> (i32, f32) {`)
      const inner: Pools = { ints: [...pools.ints, x], floats: [...pools.floats, y], indices: [...pools.indices, iv], bools: [...pools.bools] }
      emitOps('      ', 12, inner)
      lines.push(`      scf.yield ${pick(rng, inner.ints)}, ${pick(rng, inner.floats)} : i32, f32`, '    }')
      ops += 2
      pools.ints.push(`${res}#0`)
      pools.floats.push(`${res}#1`)
    } else if (r < 9 && pools.bools.length > 0) {
      const res = fresh()
      lines.push(`    ${res} = scf.if ${pick(rng, pools.bools)} -> (i32) {`)
      const thenPools: Pools = { ints: [...pools.ints], floats: [...pools.floats], indices: [...pools.indices], bools: [...pools.bools] }
      emitOps('      ', 6, thenPools)
      lines.push(`      scf.yield ${pick(rng, thenPools.ints)} : i32`, '    } else {')
      const elsePools: Pools = { ints: [...pools.ints], floats: [...pools.floats], indices: [...pools.indices], bools: [...pools.bools] }
      emitOps('      ', 6, elsePools)
      lines.push(`      scf.yield ${pick(rng, elsePools.ints)} : i32`, '    }')
      ops += 3
      pools.ints.push(res)
    } else if (canCall) {
      const res = fresh()
      lines.push(`    ${res}:2 = func.call @f${rng.int(index)}(${pick(rng, pools.ints)}, ${pick(rng, pools.floats)}, ${pick(rng, pools.indices)}) : (i32, f32, index) -> (i32, f32)`)
      ops++
      pools.ints.push(`${res}#0`)
      pools.floats.push(`${res}#1`)
    } else {
      const res = fresh()
      lines.push(`    ${res} = "test.opaque"(${pick(rng, pools.ints)}) {tag = "bench", level = ${rng.int(4)} : i64} : (i32) -> i32`)
      ops++
      pools.ints.push(res)
    }
  }
  lines.push(`    func.return ${pick(rng, pools.ints)}, ${pick(rng, pools.floats)} : i32, f32`, '  }')
  ops++
  return { text: `${lines.join('\n')}\n`, ops }
}
