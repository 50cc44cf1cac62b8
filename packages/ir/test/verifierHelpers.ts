import {
  Block,
  Context,
  FileLineColLoc,
  IntegerType,
  Operation,
  OperationState,
  Region,
  Trait,
  type Diagnostic,
  type DialectDefinition,
  type Location,
  type Type,
  type Value,
} from '@tilepass/ir'

/** A small dialect for verifier and dominance tests. */
export const testDialect: DialectDefinition = {
  namespace: 'tv',
  ops: [
    { name: 'tv.module', traits: Trait.IsolatedFromAbove | Trait.NoTerminator | Trait.SingleBlock | Trait.SymbolTable },
    { name: 'tv.func', traits: Trait.IsolatedFromAbove | Trait.Symbol, inherentAttributeNames: ['sym_name'] },
    { name: 'tv.def', traits: Trait.ZeroOperands },
    { name: 'tv.use' },
    { name: 'tv.region' },
    { name: 'tv.graph', traits: Trait.GraphRegions | Trait.NoTerminator },
    { name: 'tv.br', traits: Trait.IsTerminator },
    { name: 'tv.ret', traits: Trait.IsTerminator | Trait.HasParent, parentOpNames: ['tv.func'] },
    { name: 'tv.yield', traits: Trait.IsTerminator },
    {
      name: 'tv.checked',
      verify: (op) => (op.numOperands === 2 ? true : op.emitOpError('expects 2 operands').fail()),
      verifyRegions: (op) => op.emitOpError('region verifier ran').fail(),
    },
  ],
}

/** Builds IR by hand with file locations in `t.mlir`. */
export class IRFixture {
  readonly ctx: Context
  readonly diags: Diagnostic[] = []
  line = 1
  constructor(allowUnregistered = false) {
    this.ctx = new Context({ dialects: [testDialect], allowUnregisteredDialects: allowUnregistered })
    this.ctx.diagEngine.registerHandler((d) => {
      this.diags.push(d)
      return true
    })
  }
  get i32(): Type {
    return IntegerType.get(this.ctx, 32)
  }
  loc(line = this.line++, col = 1): Location {
    return FileLineColLoc.get(this.ctx, 't.mlir', line, col)
  }
  op(
    name: string,
    opts: { operands?: Value[]; results?: Type[]; regions?: number; successors?: Block[]; loc?: Location } = {},
  ): Operation {
    const st = new OperationState(opts.loc ?? this.loc(), this.ctx.getOperationName(name))
    st.addOperands(opts.operands ?? [])
    st.addTypes(opts.results ?? [])
    for (let i = 0; i < (opts.regions ?? 0); i++) { st.addRegion(new Region()) }
    for (const s of opts.successors ?? []) { st.addSuccessor(s) }
    return Operation.create(st)
  }
  /** Appends a new block to `region` and returns it. */
  block(region: Region, argTypes: Type[] = []): Block {
    const b = new Block()
    region.push(b)
    for (const t of argTypes) { b.addArgument(t, this.loc()) }
    return b
  }
  /** The rendered diagnostics: `line:col: severity: message` plus indented notes. */
  messages(): string[] {
    const out: string[] = []
    for (const d of this.diags) {
      out.push(`${where(d.location)}${d.severity}: ${d.message}`)
      for (const n of d.notes) { out.push(`  ${where(n.location)}${n.severity}: ${n.message}`) }
    }
    return out
  }
}

function where(loc: Location): string {
  return loc instanceof FileLineColLoc ? `${loc.line}:${loc.column}: ` : ''
}
