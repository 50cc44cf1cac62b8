/**
 * Random modules for the interprocedural passes: nested modules (named, public, private or
 * `nested`), functions of every visibility, calls within a module and into nested modules
 * (uses by reference, `@inner::@f`, from an unregistered op, since `func.call` takes flat
 * references only), non-call uses (`func.constant`), constants and branches that sccp can
 * decide. Every module is valid for mlir-opt 22 with `--allow-unregistered-dialect`: a call
 * names a function of its own symbol table, a nested reference a non-private function of a
 * table nested in it.
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

type Visibility = 'public' | 'private' | 'nested'

interface Fn {
  readonly name: string
  readonly visibility: Visibility
  readonly arity: number
}

interface Table {
  readonly name: string | null
  readonly visibility: Visibility
  readonly fns: Fn[]
  readonly children: Table[]
}

/** Generates the module of `seed`. */
export function generateSymbolModule(seed: number): string {
  const rand = rng(seed * 7919 + 17)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!
  const visibilities: readonly Visibility[] = ['public', 'private', 'private', 'nested']
  let fnCount = 0
  let tableCount = 0

  const makeTable = (name: string | null, depth: number): Table => {
    const visibility: Visibility = name === null ? 'public' : pick(visibilities)
    const fns: Fn[] = []
    const n = 1 + Math.floor(rand() * 4)
    for (let i = 0; i < n; i++) {
      fns.push({ name: `f${fnCount++}`, visibility: pick(visibilities), arity: 1 + Math.floor(rand() * 2) })
    }
    const children: Table[] = []
    if (depth < 2) {
      const k = Math.floor(rand() * (depth === 0 ? 3 : 2))
      for (let i = 0; i < k; i++) {
        children.push(makeTable(`m${tableCount++}`, depth + 1))
      }
    }
    return { name, visibility, fns, children }
  }

  /** The functions a call in `table` may name. */
  const callees = (table: Table): { ref: string; fn: Fn }[] => table.fns.map((fn) => ({ ref: `@${fn.name}`, fn }))

  /** The functions of tables nested in `table` that a reference from it may name. */
  const nestedRefs = (table: Table): { ref: string; fn: Fn }[] => {
    const out: { ref: string; fn: Fn }[] = []
    for (const child of table.children) {
      for (const fn of child.fns) {
        if (fn.visibility !== 'private') {
          out.push({ ref: `@${child.name}::@${fn.name}`, fn })
        }
      }
    }
    return out
  }

  const body = (table: Table, fn: Fn, indent: string): string => {
    const lines: string[] = []
    let v = 0
    const values: string[] = []
    for (let i = 0; i < fn.arity; i++) {
      values.push(`%arg${i}`)
    }
    const cst = (): string => {
      const name = `%c${v++}`
      lines.push(`${name} = arith.constant ${pick([0, 1, 1, 2, 7])} : i32`)
      return name
    }
    values.push(cst())
    const ops = 1 + Math.floor(rand() * 4)
    const targets = callees(table)
    for (let i = 0; i < ops; i++) {
      const r = rand()
      if (r < 0.45 && targets.length > 0) {
        const t = pick(targets)
        const args: string[] = []
        for (let k = 0; k < t.fn.arity; k++) {
          args.push(rand() < 0.6 ? values[values.length - 1 - Math.floor(rand() * Math.min(2, values.length))]! : cst())
        }
        const name = `%v${v++}`
        lines.push(`${name} = func.call ${t.ref}(${args.join(', ')}) : (${args.map(() => 'i32').join(', ')}) -> i32`)
        values.push(name)
      } else if (r < 0.52 && targets.length > 0) {
        const t = pick(targets)
        lines.push(`%fc${v++} = func.constant ${t.ref} : (${Array(t.fn.arity).fill('i32').join(', ')}) -> i32`)
      } else if (r < 0.6 && nestedRefs(table).length > 0) {
        lines.push(`"test.use"() {ref = ${pick(nestedRefs(table)).ref}} : () -> ()`)
      } else {
        const a = pick(values)
        const b = rand() < 0.5 ? pick(values) : cst()
        const name = `%v${v++}`
        lines.push(`${name} = arith.${pick(['addi', 'muli', 'subi', 'andi'])} ${a}, ${b} : i32`)
        values.push(name)
      }
    }
    const last = values[values.length - 1]!
    if (rand() < 0.4) {
      // A branch on a comparison sccp may decide.
      const cond = `%cond${v++}`
      lines.push(`${cond} = arith.cmpi ${pick(['eq', 'ne', 'slt'])}, ${pick(values)}, ${cst()} : i32`)
      const other = pick(values)
      lines.push(`cf.cond_br ${cond}, ^bb1(${last} : i32), ^bb1(${other} : i32)`)
      lines.push(`^bb1(%phi: i32):`)
      lines.push(`  return %phi : i32`)
    } else {
      lines.push(`return ${last} : i32`)
    }
    return lines.map((l) => (l.startsWith('^') ? `${indent.slice(2)}${l}` : `${indent}${l}`)).join('\n')
  }

  const print = (table: Table, indent: string): string => {
    const parts: string[] = []
    const inner = `${indent}  `
    for (const child of table.children) {
      const vis = child.visibility === 'public' ? '' : ` attributes {sym_visibility = "${child.visibility}"}`
      parts.push(`${inner}module @${child.name}${vis} {\n${print(child, inner)}\n${inner}}`)
    }
    for (const fn of table.fns) {
      const vis = fn.visibility === 'public' ? '' : `${fn.visibility} `
      const args = Array.from({ length: fn.arity }, (_, i) => `%arg${i}: i32`).join(', ')
      parts.push(`${inner}func.func ${vis}@${fn.name}(${args}) -> i32 {\n${body(table, fn, `${inner}  `)}\n${inner}}`)
    }
    return parts.join('\n')
  }

  const top = makeTable(null, 0)
  return `module {\n${print(top, '')}\n}\n`
}
