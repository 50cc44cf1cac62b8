/**
 * Random modules of affine code for `canonicalize` and `lower-affine`: loop nests with
 * constant and symbolic bounds, chains of `affine.apply` (dims, symbols, constants,
 * multiplication by constants, `floordiv`/`ceildiv`/`mod` by positive constants) whose
 * results feed further `affine.apply` ops, the subscripts of `affine.load`/`affine.store`,
 * `affine.if` conditions and `affine.for` bounds, and constant operands that
 * canonicalization folds into the maps. Every module is valid
 * for mlir-opt 22: subscripts are dims (loop IVs and applies of them) or symbols (function
 * arguments, constants and applies of them).
 */

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** An index value in scope: its SSA name and whether it is a valid symbol (else only a dim). */
interface IndexValue {
  readonly name: string
  readonly isSymbol: boolean
}

/** Generates the module of `seed`. */
export function generateAffineModule(seed: number): string {
  const rand = rng(seed * 6007 + 3)
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1))
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!
  let next = 0
  const fresh = (): string => `%v${next++}`
  const lines: string[] = []

  /** A random pure-affine expression over `dims` (d0..) and `syms` (s0..). */
  const expr = (numDims: number, numSyms: number, depth: number): string => {
    const leaf = (): string => {
      const r = rand()
      if (numDims > 0 && r < 0.45) {
        return `d${int(0, numDims - 1)}`
      }
      if (numSyms > 0 && r < 0.8) {
        return `s${int(0, numSyms - 1)}`
      }
      return String(int(-8, 16))
    }
    if (depth === 0 || rand() < 0.3) {
      return leaf()
    }
    const lhs = expr(numDims, numSyms, depth - 1)
    switch (int(0, 5)) {
      case 0:
        return `(${lhs} + ${expr(numDims, numSyms, depth - 1)})`
      case 1:
        return `(${lhs} - ${expr(numDims, numSyms, depth - 1)})`
      case 2:
        return `(${lhs} * ${int(-3, 5)})`
      case 3:
        return `(${lhs} floordiv ${int(1, 9)})`
      case 4:
        return `(${lhs} ceildiv ${int(1, 9)})`
      default:
        return `(${lhs} mod ${int(1, 9)})`
    }
  }

  /** Emits an `affine.apply` over values of `scope` and returns its result. */
  const apply = (indent: string, scope: IndexValue[]): IndexValue => {
    const dims: IndexValue[] = []
    const syms: IndexValue[] = []
    const n = int(1, 3)
    for (let i = 0; i < n; i++) {
      const v = pick(scope)
      // A symbol-valid value may be bound to either; a dim-only value must be a dim.
      if (v.isSymbol && rand() < 0.6) {
        syms.push(v)
      } else {
        dims.push(v)
      }
    }
    const d = dims.map((_, i) => `d${i}`).join(', ')
    const s = syms.map((_, i) => `s${i}`).join(', ')
    const map = `affine_map<(${d})[${s}] -> (${expr(dims.length, syms.length, 3)})>`
    const name = fresh()
    lines.push(`${indent}${name} = affine.apply ${map}(${dims.map((v) => v.name).join(', ')})[${syms.map((v) => v.name).join(', ')}]`)
    return { name, isSymbol: dims.every((v) => v.isSymbol) }
  }

  /** A subscript of `affine.load`/`affine.store`: an expression of dims and `symbol(...)`s. */
  const subscript = (scope: IndexValue[]): string => {
    const v = pick(scope)
    const w = pick(scope)
    const ref = (x: IndexValue): string => (x.isSymbol && rand() < 0.5 ? `symbol(${x.name})` : x.name)
    switch (int(0, 4)) {
      case 0:
        return ref(v)
      case 1:
        return `${ref(v)} + ${int(0, 7)}`
      case 2:
        return `${ref(v)} + ${ref(w)}`
      case 3:
        return `${ref(v)} * ${int(2, 4)} - ${int(0, 5)}`
      default:
        return `${ref(v)} floordiv ${int(2, 8)}`
    }
  }

  const body = (indent: string, scope: IndexValue[], depth: number): void => {
    const local = [...scope]
    const steps = int(1, 4)
    for (let i = 0; i < steps; i++) {
      const r = rand()
      if (r < 0.5) {
        local.push(apply(indent, local))
      } else if (r < 0.8) {
        const v = fresh()
        lines.push(`${indent}${v} = affine.load %A[${subscript(local)}, ${subscript(local)}] : memref<64x64xf32>`)
        lines.push(`${indent}affine.store ${v}, %B[${subscript(local)}] : memref<128xf32>`)
      } else if (r < 0.9 && depth > 0) {
        const iv = fresh()
        const sym = local.filter((x) => x.isSymbol)
        // Upper bounds: a constant, a symbol (a function argument or an apply of symbols,
        // composed into the bound map), or a min over an apply of the enclosing IVs.
        let upper = String(int(2, 24))
        const u = rand()
        if (sym.length > 0 && u < 0.3) {
          upper = pick(sym).name
        } else if (u < 0.5) {
          const v = pick(local)
          upper = `min affine_map<(d0) -> (d0 + ${int(1, 8)}, ${int(4, 20)})>(${v.name})`
        }
        const step = rand() < 0.3 ? ` step ${int(2, 4)}` : ''
        lines.push(`${indent}affine.for ${iv} = ${int(0, 1)} to ${upper}${step} {`)
        body(indent + '  ', [...local, { name: iv, isSymbol: false }], depth - 1)
        lines.push(`${indent}}`)
      } else if (depth > 0) {
        // A condition over applies (composed into the integer set) and constants.
        const a = pick(local)
        const b = pick(local)
        const eq = rand() < 0.3 ? `d1 - ${int(0, 4)} == 0` : `d1 - ${int(0, 6)} >= 0`
        lines.push(`${indent}affine.if affine_set<(d0, d1) : (d0 - ${int(0, 6)} >= 0, ${eq})>(${a.name}, ${b.name}) {`)
        body(indent + '  ', local, depth - 1)
        if (rand() < 0.5) {
          lines.push(`${indent}} else {`)
          lines.push(`${indent}  affine.store %f, %B[${int(0, 100)}] : memref<128xf32>`)
        }
        lines.push(`${indent}}`)
      }
    }
    // Every chain ends in a use that canonicalization keeps.
    const last = local[local.length - 1]!
    lines.push(`${indent}affine.store %f, %B[${last.name === '%n0' ? 'symbol(%n0)' : last.isSymbol ? `symbol(${last.name})` : last.name}] : memref<128xf32>`)
  }

  const numFuncs = int(1, 3)
  for (let f = 0; f < numFuncs; f++) {
    lines.push(`func.func @affine${f}(%A: memref<64x64xf32>, %B: memref<128xf32>, %f: f32, %n0: index, %n1: index) {`)
    const scope: IndexValue[] = [
      { name: '%n0', isSymbol: true },
      { name: '%n1', isSymbol: true },
    ]
    if (rand() < 0.7) {
      const c = fresh()
      lines.push(`  ${c} = arith.constant ${int(0, 12)} : index`)
      scope.push({ name: c, isSymbol: true })
    }
    lines.push(`  affine.for %i${f} = 0 to ${int(2, 16)} {`)
    body('    ', [...scope, { name: `%i${f}`, isSymbol: false }], 2)
    lines.push('  }')
    lines.push('  return')
    lines.push('}')
  }
  return lines.join('\n') + '\n'
}
