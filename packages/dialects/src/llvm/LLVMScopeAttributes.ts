/**
 * The alias-analysis metadata attributes of the `llvm` dialect: `#llvm.access_group`,
 * `#llvm.alias_scope_domain` and `#llvm.alias_scope`, which memory accesses and calls list
 * in their `access_groups`, `alias_scopes` and `noalias_scopes` attributes.
 */
import { type Attribute, type Context, DialectAttr, DistinctAttr, type OpAsmParser, type OpAsmPrinter, StringAttr } from '@tilepass/ir'

/** The mnemonics of the scope attributes. */
export type ScopeAttrMnemonic = 'access_group' | 'alias_scope_domain' | 'alias_scope'

/** What a parameter holds: an identifier (distinct or string), a string, or a nested domain. */
type ParamKind = 'id' | 'string' | 'alias_scope_domain'

interface ScopeAttrSpec {
  readonly className: string
  readonly names: readonly string[]
  readonly kinds: readonly ParamKind[]
  /** Which parameters must be given. */
  readonly required: readonly boolean[]
}

const SPECS: Readonly<Record<ScopeAttrMnemonic, ScopeAttrSpec>> = {
  access_group: { className: 'AccessGroupAttr', names: ['id'], kinds: ['id'], required: [true] },
  alias_scope_domain: { className: 'AliasScopeDomainAttr', names: ['id', 'description'], kinds: ['id', 'string'], required: [true, false] },
  alias_scope: {
    className: 'AliasScopeAttr',
    names: ['id', 'domain', 'description'],
    kinds: ['id', 'alias_scope_domain', 'string'],
    required: [true, true, false],
  },
}

/** True when `mnemonic` names a scope attribute. */
export function isScopeAttrMnemonic(mnemonic: string): mnemonic is ScopeAttrMnemonic {
  return Object.prototype.hasOwnProperty.call(SPECS, mnemonic)
}

/**
 * `#llvm.access_group<id = distinct[0]<>>`, `#llvm.alias_scope_domain<id = ..., description = "...">`
 * or `#llvm.alias_scope<id = ..., domain = ..., description = "...">`: a struct of parameters
 * printed in declaration order.
 */
export class LLVMScopeAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** @internal Use `LLVMScopeAttr.get`. */
  constructor(
    context: Context,
    readonly mnemonic: ScopeAttrMnemonic,
    /** The parameters in declaration order; null where absent. */
    readonly params: readonly (Attribute | null)[],
  ) {
    super(context)
  }

  /** The attribute `mnemonic` with `params` by name (names not given are absent). */
  static get(context: Context, mnemonic: ScopeAttrMnemonic, params: Readonly<Record<string, Attribute>>): LLVMScopeAttr {
    return LLVMScopeAttr.getOrdered(
      context,
      mnemonic,
      SPECS[mnemonic].names.map((n) => params[n] ?? null),
    )
  }

  private static getOrdered(context: Context, mnemonic: ScopeAttrMnemonic, params: readonly (Attribute | null)[]): LLVMScopeAttr {
    let key = `llvm.${mnemonic}`
    for (const p of params) {
      key += p === null ? ':' : `:${p.id}`
    }
    return context.uniquer.intern(key, () => new LLVMScopeAttr(context, mnemonic, params))
  }

  /** The parameter `name`, or undefined when absent. */
  getParam(name: string): Attribute | undefined {
    const i = SPECS[this.mnemonic].names.indexOf(name)
    return i < 0 ? undefined : (this.params[i] ?? undefined)
  }

  /** @internal Parses the struct body `name = value, ...>` of `mnemonic` (after its `<`). */
  static parseBody(parser: OpAsmParser, mnemonic: ScopeAttrMnemonic): LLVMScopeAttr | undefined {
    const s = SPECS[mnemonic]
    const values: (Attribute | null)[] = s.names.map(() => null)
    for (let first = true; first || parser.parseOptionalComma(); first = false) {
      const key = parser.parseKeywordOrUndefined()
      if (key === undefined) {
        parser.emitError(parser.getCurrentLocation(), 'expected a parameter name in struct').report()
        return undefined
      }
      const i = s.names.indexOf(key)
      if (!parser.parseEqual()) {
        return undefined
      }
      if (i < 0 || values[i] !== null) {
        parser.emitError(parser.getCurrentLocation(), `duplicate or unknown struct parameter name: ${key}`).report()
        return undefined
      }
      const value = parseParam(parser, s.kinds[i]!)
      if (value === undefined) {
        return undefined
      }
      values[i] = value
    }
    if (!parser.parseGreater()) {
      return undefined
    }
    for (let i = 0; i < values.length; i++) {
      if (s.required[i] === true && values[i] === null) {
        parser.emitError(parser.getCurrentLocation(), `struct is missing required parameter: ${s.names[i]!}`).report()
        return undefined
      }
    }
    return LLVMScopeAttr.getOrdered(parser.context, mnemonic, values)
  }

  /** @internal Prints the struct body `<name = value, ...>`. */
  printBody(printer: OpAsmPrinter): void {
    const s = SPECS[this.mnemonic]
    printer.print('<')
    let first = true
    for (let i = 0; i < this.params.length; i++) {
      const p = this.params[i]
      if (p === null || p === undefined) {
        continue
      }
      printer.print(`${first ? '' : ', '}${s.names[i]!} = `)
      first = false
      // A nested domain prints as its alias, or stripped to its body.
      if (p instanceof LLVMScopeAttr) {
        if (printer.printAlias?.(p) !== true) {
          p.printBody(printer)
        }
      } else {
        printer.printAttribute(p)
      }
    }
    printer.print('>')
  }
}

function parseParam(parser: OpAsmParser, kind: ParamKind): Attribute | undefined {
  const loc = parser.getCurrentLocation()
  if (kind === 'alias_scope_domain' && parser.parseOptionalLess()) {
    return LLVMScopeAttr.parseBody(parser, 'alias_scope_domain')
  }
  const attr = parser.parseAttribute()
  if (attr === undefined) {
    return undefined
  }
  const ok =
    kind === 'id'
      ? attr instanceof DistinctAttr || attr instanceof StringAttr
      : kind === 'string'
        ? attr instanceof StringAttr
        : attr instanceof LLVMScopeAttr && attr.mnemonic === kind
  if (!ok) {
    parser.emitError(loc, 'invalid kind of attribute specified').report()
    return undefined
  }
  return attr
}

/** Parses `#llvm.<mnemonic><...>` after the mnemonic. */
export function parseScopeAttr(parser: OpAsmParser, mnemonic: ScopeAttrMnemonic): LLVMScopeAttr | undefined {
  return parser.parseLess() ? LLVMScopeAttr.parseBody(parser, mnemonic) : undefined
}

/** Prints `<mnemonic><...>` (the body of `#llvm.` for a scope attribute). */
export function printScopeAttr(attr: LLVMScopeAttr, printer: OpAsmPrinter): void {
  printer.print(attr.mnemonic)
  attr.printBody(printer)
}
