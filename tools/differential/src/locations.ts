import type { Features } from './features.ts'
import type { Random } from './Random.ts'

const FILES = ['"input.mlir"', '"a/b/c.cpp"', '"gen.py"', '"with space.mlir"', '"q\\"uote.c"', '"x.mlir"']
const NAMES = ['"x"', '"loop_body"', '"fn"', '"%weird name"', '"add"', '""']

/** Generates location bodies (the text inside `loc(...)`) and location alias definitions. */
export class LocGen {
  /** Alias definitions (`#name = loc(...)`) to print at the top or bottom of the module. */
  readonly definitions: string[] = []
  /**
   * Whether the definitions go before the module. mlir-opt resolves a forward reference to a
   * location alias only where it is the whole location (`loc(#a)`), not nested in another one.
   */
  readonly atTop: boolean
  private readonly aliasNames: string[] = []

  constructor(
    private readonly rng: Random,
    private readonly f: Features,
  ) {
    this.atTop = rng.chance(0.5)
  }

  private fileLineCol(): string {
    const rng = this.rng
    const file = this.f.emptyFileNames && rng.chance(0.1) ? '""' : rng.pick(FILES)
    const base = `${file}:${rng.int(0, 400)}:${rng.int(0, 120)}`
    if (this.f.locationRanges && rng.chance(0.2)) {
      return rng.chance(0.5) ? `${base} to :${rng.int(0, 200)}` : `${base} to ${rng.int(0, 500)}:${rng.int(0, 80)}`
    }
    return base
  }

  /** A random location body. */
  body(depth: number): string {
    const rng = this.rng
    const r = rng.int(0, depth > 1 ? 2 : 9)
    switch (r) {
      case 0:
      case 1:
        return this.fileLineCol()
      case 2:
        return rng.chance(0.2) ? 'unknown' : rng.pick(NAMES)
      case 3:
        return `${rng.pick(NAMES)}(${this.body(depth + 1)})`
      case 4: {
        const n = rng.int(1, 3)
        const parts: string[] = []
        for (let i = 0; i < n; i++) {
          parts.push(this.body(depth + 1))
        }
        const metadata = rng.chance(0.4) ? `<${rng.pick(['"meta"', '42 : i32', '{a = 1}', '[1, 2]', 'unit'])}>` : ''
        return `fused${metadata}[${parts.join(', ')}]`
      }
      case 5:
        return `callsite(${this.body(depth + 1)} at ${this.body(depth + 1)})`
      case 6:
        if (depth > 0 && !this.atTop) {
          return this.fileLineCol()
        }
        if (this.aliasNames.length > 0 && rng.chance(0.85)) {
          return rng.pick(this.aliasNames)
        }
        return this.defineAlias()
      default:
        return this.fileLineCol()
    }
  }

  private defineAlias(): string {
    const body = this.body(1)
    const name = `#loc_${this.aliasNames.length}${this.rng.chance(0.3) ? 'x' : ''}`
    this.aliasNames.push(name)
    this.definitions.push(`${name} = loc(${body})`)
    return name
  }

  /** ` loc(...)` after an op, or nothing, when locations are enabled. */
  suffix(): string {
    if (!this.f.locations || !this.rng.chance(0.6)) {
      return ''
    }
    return ` loc(${this.body(0)})`
  }

  /** ` loc(...)` after a function or block argument, or nothing. */
  argSuffix(): string {
    if (!this.f.blockArgLocations || !this.rng.chance(0.4)) {
      return ''
    }
    return ` loc(${this.body(1)})`
  }
}
