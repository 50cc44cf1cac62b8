/**
 * A parser for the PTX subset the emulator runs: module directives, `.entry` kernels with
 * `.param` lists and performance directives, `.reg` / `.shared` / `.local` declarations,
 * labels, predicated instructions and their operands.
 */

/** A parse or run-time error at a PTX source position. */
export class PTXError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${line}:${column}: ${message}`)
    this.name = 'PTXError'
  }
}

/** An instruction operand. */
export type Operand =
  | { readonly kind: 'reg'; readonly index: number; readonly name: string }
  | { readonly kind: 'imm'; readonly value: bigint }
  | { readonly kind: 'fimm'; readonly bits: bigint; readonly width: 32 | 64 }
  | { readonly kind: 'sreg'; readonly name: string }
  | { readonly kind: 'vec'; readonly items: readonly Operand[] }
  | { readonly kind: 'mem'; readonly base: Operand | null; readonly offset: number }
  | { readonly kind: 'sym'; readonly name: string }
  | { readonly kind: 'pair'; readonly first: Operand; readonly second: Operand }
  | { readonly kind: 'sink' }

/** One decoded instruction. */
export interface Instruction {
  /** The opcode as written: `shfl.sync.bfly.b32`. */
  readonly text: string
  /** `shfl`. */
  readonly base: string
  /** `['sync', 'bfly', 'b32']`. */
  readonly mods: readonly string[]
  readonly guard: { readonly reg: number; readonly negate: boolean } | null
  readonly operands: readonly Operand[]
  /** Branch target (instruction index), resolved after parsing. */
  target: number
  readonly line: number
  readonly column: number
}

/** A kernel parameter. */
export interface Param {
  readonly name: string
  /** `.u64`, `.f32`, ... (or `.b8` with `size` for byte arrays). */
  readonly type: string
  readonly size: number
  readonly align: number
  readonly offset: number
}

/** A variable in a state space (shared or local), with its byte offset in that space. */
export interface Variable {
  readonly name: string
  readonly size: number
  readonly offset: number
  readonly external: boolean
}

/** A parsed `.entry`. */
export interface Kernel {
  readonly name: string
  readonly params: readonly Param[]
  readonly paramBytes: number
  readonly instructions: readonly Instruction[]
  readonly registers: readonly string[]
  /** Declared bit width per register index (1 for predicates). */
  readonly registerBits: readonly number[]
  readonly local: readonly Variable[]
  readonly localBytes: number
  /** `.shared` variables declared inside the kernel body (llc's demoted globals), laid out after the module's. */
  readonly shared: readonly Variable[]
  readonly directives: ReadonlyMap<string, readonly number[]>
}

/** A parsed PTX module. */
export interface PTXModule {
  readonly version: string
  readonly target: string
  readonly kernels: ReadonlyMap<string, Kernel>
  /** Module-level `.shared` variables, laid out in declaration order. */
  readonly shared: readonly Variable[]
  readonly sharedBytes: number
}

const TYPE_BITS: Readonly<Record<string, number>> = {
  pred: 1,
  b8: 8,
  s8: 8,
  u8: 8,
  b16: 16,
  s16: 16,
  u16: 16,
  f16: 16,
  bf16: 16,
  b32: 32,
  s32: 32,
  u32: 32,
  f32: 32,
  b64: 64,
  s64: 64,
  u64: 64,
  f64: 64,
  f16x2: 32,
  bf16x2: 32,
}

/** Bit width of a PTX type name without the dot, or 0 when unknown. */
export function typeBits(t: string): number {
  return TYPE_BITS[t] ?? 0
}

class Lexer {
  pos = 0
  line = 1
  lineStart = 0
  constructor(readonly src: string) {}

  get column(): number {
    return this.pos - this.lineStart + 1
  }

  error(message: string): never {
    throw new PTXError(message, this.line, this.column)
  }

  skipSpace(): void {
    const s = this.src
    while (this.pos < s.length) {
      const c = s.charCodeAt(this.pos)
      if (c === 10) {
        this.pos++
        this.line++
        this.lineStart = this.pos
      } else if (c === 32 || c === 9 || c === 13) {
        this.pos++
      } else if (c === 47 && s.charCodeAt(this.pos + 1) === 47) {
        while (this.pos < s.length && s.charCodeAt(this.pos) !== 10) {
          this.pos++
        }
      } else if (c === 47 && s.charCodeAt(this.pos + 1) === 42) {
        const end = s.indexOf('*/', this.pos + 2)
        const stop = end < 0 ? s.length : end + 2
        while (this.pos < stop) {
          if (s.charCodeAt(this.pos) === 10) {
            this.line++
            this.lineStart = this.pos + 1
          }
          this.pos++
        }
      } else {
        return
      }
    }
  }

  peek(): string {
    this.skipSpace()
    return this.src[this.pos] ?? ''
  }

  eat(ch: string): boolean {
    if (this.peek() === ch) {
      this.pos++
      return true
    }
    return false
  }

  expect(ch: string): void {
    if (!this.eat(ch)) {
      this.error(`expected '${ch}'`)
    }
  }

  /** An identifier-like word: letters, digits, `_ $ % . :` (so `.reg`, `%r1`, `ld.global.f32`, `shared::cta`). */
  word(): string {
    this.skipSpace()
    const start = this.pos
    const s = this.src
    while (this.pos < s.length && /[A-Za-z0-9_$%.:]/.test(s[this.pos]!)) {
      if (s[this.pos] === ':' && s[this.pos + 1] !== ':' && s[this.pos - 1] !== ':') {
        break
      }
      this.pos++
    }
    return s.slice(start, this.pos)
  }

  /** Everything up to (not including) the next `;` at this nesting, for directives we skip. */
  skipStatement(): void {
    const end = this.src.indexOf(';', this.pos)
    const stop = end < 0 ? this.src.length : end + 1
    while (this.pos < stop) {
      if (this.src.charCodeAt(this.pos) === 10) {
        this.line++
        this.lineStart = this.pos + 1
      }
      this.pos++
    }
  }
}

/** Parses PTX text; throws `PTXError` with the line and column of the first problem. */
export function parsePTX(src: string): PTXModule {
  const lx = new Lexer(src)
  let version = ''
  let target = ''
  const kernels = new Map<string, Kernel>()
  const shared: Variable[] = []
  let sharedBytes = 0
  for (;;) {
    const w = lx.word()
    if (w === '') {
      if (lx.pos >= src.length) {
        break
      }
      lx.error(`unexpected '${src[lx.pos]}'`)
    }
    switch (w) {
      case '.version':
        version = lx.word()
        continue
      case '.target':
        target = lx.word()
        while (lx.eat(',')) {
          lx.word()
        }
        continue
      case '.address_size':
        if (lx.word() !== '64') {
          lx.error('only .address_size 64 is supported')
        }
        continue
      case '.visible':
      case '.weak':
        continue
      case '.extern':
      case '.shared': {
        const external = w === '.extern'
        if (external && lx.word() !== '.shared') {
          lx.error('only .extern .shared variables are supported')
        }
        const v = parseVariable(lx, sharedBytes, external)
        shared.push(v)
        sharedBytes = v.offset + v.size
        continue
      }
      case '.entry': {
        const k = parseKernel(lx)
        kernels.set(k.name, k)
        continue
      }
      case '.func':
        lx.error('.func (device functions) is not supported by the emulator')
        break
      default:
        lx.error(`unsupported module directive '${w}'`)
    }
  }
  return { version, target, kernels, shared, sharedBytes }
}

/** `.align 16 .b8 name[1024];` after the state space. */
function parseVariable(lx: Lexer, base: number, external: boolean): Variable {
  let align = 1
  let elt = 1
  for (;;) {
    const w = lx.word()
    if (w === '.align') {
      align = Number(lx.word())
      continue
    }
    if (w.startsWith('.')) {
      elt = typeBits(w.slice(1)) / 8
      if (elt <= 0) {
        lx.error(`unsupported variable type '${w}'`)
      }
      continue
    }
    const name = w
    let count = 1
    if (lx.eat('[')) {
      if (lx.eat(']')) {
        count = 0
      } else {
        count = Number(lx.word())
        lx.expect(']')
      }
    }
    lx.expect(';')
    const offset = Math.ceil(base / Math.max(align, elt)) * Math.max(align, elt)
    return { name, size: count * elt, offset, external }
  }
}

function parseKernel(lx: Lexer): Kernel {
  const name = lx.word()
  const params: Param[] = []
  let paramBytes = 0
  lx.expect('(')
  if (!lx.eat(')')) {
    do {
      if (lx.word() !== '.param') {
        lx.error('expected .param')
      }
      let type = ''
      let align = 0
      for (;;) {
        const w = lx.word()
        if (w === '.align') {
          align = Number(lx.word())
        } else if (w === '.ptr' || w === '.global' || w === '.shared' || w === '.const' || w === '.local') {
          // pointer attributes: no effect on the value
        } else if (w.startsWith('.')) {
          type = w
        } else {
          const pname = w
          let count = 1
          if (lx.eat('[')) {
            count = Number(lx.word())
            lx.expect(']')
          }
          const bits = typeBits(type.slice(1))
          if (bits === 0) {
            lx.error(`unsupported parameter type '${type}'`)
          }
          const bytes = Math.max(bits / 8, 1)
          const a = Math.max(align === 0 ? bytes : align, 1)
          const offset = Math.ceil(paramBytes / a) * a
          params.push({ name: pname, type, size: bytes * count, align: a, offset })
          paramBytes = offset + bytes * count
          break
        }
      }
    } while (lx.eat(','))
    lx.expect(')')
  }
  const directives = new Map<string, number[]>()
  while (lx.peek() === '.') {
    const d = lx.word()
    const vals = [Number(lx.word())]
    while (lx.eat(',')) {
      vals.push(Number(lx.word()))
    }
    directives.set(d, vals)
  }
  lx.expect('{')
  const body = new BodyParser(lx)
  body.parse()
  return {
    name,
    params,
    paramBytes,
    instructions: body.instructions,
    registers: body.regNames,
    registerBits: body.regBits,
    local: body.local,
    localBytes: body.localBytes,
    shared: body.shared,
    directives,
  }
}

class BodyParser {
  readonly instructions: Instruction[] = []
  readonly regNames: string[] = []
  readonly regBits: number[] = []
  readonly local: Variable[] = []
  localBytes = 0
  readonly shared: Variable[] = []
  private sharedBytes = 0
  private readonly regIndex = new Map<string, number>()
  /** Declared widths by prefix (`%r` -> 32) for `%r<N>` declarations. */
  private readonly prefixBits = new Map<string, number>()
  private readonly labels = new Map<string, number>()
  private readonly pendingTargets: { ins: Instruction; label: string }[] = []

  constructor(readonly lx: Lexer) {}

  reg(name: string, at = -1): number {
    let i = this.regIndex.get(name)
    if (i === undefined) {
      const m = /^(%[A-Za-z_$]*?)(\d*)$/.exec(name)
      const bits = this.prefixBits.get(name) ?? (m === null ? undefined : this.prefixBits.get(m[1]!))
      if (bits === undefined) {
        throw new PTXError(`undeclared register '${name}'`, this.lx.line, at >= 0 ? at : this.lx.column)
      }
      i = this.regNames.length
      this.regIndex.set(name, i)
      this.regNames.push(name)
      this.regBits.push(bits)
    }
    return i
  }

  parse(): void {
    const lx = this.lx
    for (;;) {
      if (lx.eat('}')) {
        break
      }
      if (lx.peek() === '{') {
        // Nested scopes (llc writes none; accept them flat).
        lx.pos++
        continue
      }
      const line = lx.line
      const column = lx.column
      if (lx.eat('@')) {
        const negate = lx.eat('!')
        const p = lx.word()
        this.instruction(lx.word(), { reg: this.reg(p), negate }, line, column)
        continue
      }
      const w = lx.word()
      if (w === '') {
        lx.error(lx.pos >= lx.src.length ? "expected '}'" : `unexpected '${lx.src[lx.pos]}'`)
      }
      if (lx.peek() === ':') {
        lx.pos++
        this.labels.set(w, this.instructions.length)
        continue
      }
      if (w === '.reg') {
        this.regDecl()
        continue
      }
      if (w === '.shared') {
        const v = parseVariable(lx, this.sharedBytes, false)
        this.shared.push(v)
        this.sharedBytes = v.offset + v.size
        continue
      }
      if (w === '.local') {
        const v = parseVariable(lx, this.localBytes, false)
        this.local.push(v)
        this.localBytes = v.offset + v.size
        continue
      }
      if (w === '.pragma') {
        lx.skipStatement()
        continue
      }
      if (w.startsWith('.')) {
        lx.error(`unsupported directive '${w}' in a kernel body`)
      }
      this.instruction(w, null, line, column)
    }
    for (const { ins, label } of this.pendingTargets) {
      const t = this.labels.get(label)
      if (t === undefined) {
        throw new PTXError(`unknown label '${label}'`, ins.line, ins.column)
      }
      ins.target = t
    }
  }

  private regDecl(): void {
    const lx = this.lx
    const t = lx.word()
    const bits = typeBits(t.slice(1))
    if (bits === 0) {
      lx.error(`unsupported register type '${t}'`)
    }
    do {
      const name = lx.word()
      if (lx.eat('<')) {
        const n = Number(lx.word())
        lx.expect('>')
        this.prefixBits.set(name, bits)
        void n
      } else {
        this.prefixBits.set(name, bits)
        this.reg(name)
      }
    } while (lx.eat(','))
    lx.expect(';')
  }

  private instruction(text: string, guard: Instruction['guard'], line: number, column: number): void {
    const lx = this.lx
    const parts = text.split('.')
    const operands: Operand[] = []
    let label: string | null = null
    if (!lx.eat(';')) {
      do {
        const o = this.operand()
        if (o.kind === 'sym' && (parts[0] === 'bra' || parts[0] === 'call')) {
          label = o.name
        }
        operands.push(o)
      } while (lx.eat(','))
      lx.expect(';')
    }
    const ins: Instruction = { text, base: parts[0]!, mods: parts.slice(1), guard, operands, target: -1, line, column }
    if (label !== null) {
      this.pendingTargets.push({ ins, label })
    }
    this.instructions.push(ins)
  }

  private operand(): Operand {
    const lx = this.lx
    if (lx.eat('{')) {
      const items: Operand[] = []
      if (!lx.eat('}')) {
        do {
          items.push(this.operand())
        } while (lx.eat(','))
        lx.expect('}')
      }
      return { kind: 'vec', items }
    }
    if (lx.eat('[')) {
      let base: Operand | null = null
      let offset = 0
      const c = lx.peek()
      if (c === '-' || /[0-9]/.test(c)) {
        offset = Number(this.intLiteral())
      } else {
        const w = lx.word()
        base = w.startsWith('%') ? { kind: 'reg', index: this.reg(w), name: w } : { kind: 'sym', name: w }
        if (lx.eat('+')) {
          offset = Number(this.intLiteral())
        } else if (lx.peek() === '-') {
          offset = Number(this.intLiteral())
        }
      }
      lx.expect(']')
      return { kind: 'mem', base, offset }
    }
    const c = lx.peek()
    if (c === '-' || /[0-9]/.test(c)) {
      return this.number()
    }
    const at = lx.column
    const w = lx.word()
    if (w === '_') {
      return { kind: 'sink' }
    }
    let first: Operand = { kind: 'sink' }
    if (w.startsWith('%')) {
      first = /^%(tid|ntid|ctaid|nctaid)\.[xyz]$|^%(laneid|warpid|nwarpid|clock|clock64|smid|nsmid)$/.test(w)
        ? { kind: 'sreg', name: w.slice(1) }
        : { kind: 'reg', index: this.reg(w, at), name: w }
    } else if (w === '') {
      lx.error('expected an operand')
    } else {
      first = { kind: 'sym', name: w }
    }
    if (lx.eat('|')) {
      return { kind: 'pair', first, second: this.operand() }
    }
    return first
  }

  private intLiteral(): bigint {
    const lx = this.lx
    const neg = lx.eat('-')
    const w = lx.word()
    let v = 0n
    try {
      v = BigInt(/^0[xX]/.test(w) ? w.replace(/[uU]$/, '') : w.replace(/[uU]$/, ''))
    } catch {
      lx.error(`malformed integer '${w}'`)
    }
    return neg ? -v : v
  }

  private number(): Operand {
    const lx = this.lx
    const save = lx.pos
    const neg = lx.eat('-')
    const w = lx.word()
    if (/^0[fF][0-9A-Fa-f]{8}$/.test(w)) {
      return { kind: 'fimm', bits: BigInt(`0x${w.slice(2)}`) ^ (neg ? 0x80000000n : 0n), width: 32 }
    }
    if (/^0[dD][0-9A-Fa-f]{16}$/.test(w)) {
      return { kind: 'fimm', bits: BigInt(`0x${w.slice(2)}`) ^ (neg ? 0x8000000000000000n : 0n), width: 64 }
    }
    lx.pos = save
    return { kind: 'imm', value: this.intLiteral() }
  }
}
