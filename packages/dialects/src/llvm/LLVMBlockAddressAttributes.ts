/**
 * `#llvm.blocktag<id = N>` and `#llvm.blockaddress<function = @f, tag = <id = N>>`: the
 * attributes of `llvm.blocktag` and `llvm.blockaddress` (upstream's `BlockTagAttr` and
 * `BlockAddressAttr`, both `struct(params)` with every parameter required).
 */
import { type Attribute, type Context, DialectAttr, type OpAsmParser, type OpAsmPrinter, SymbolRefAttr } from '@tilepass/ir'

/** `#llvm.blocktag<id = N>`: names a block of a function for `llvm.blockaddress` (N is a uint32). */
export class LLVMBlockTagAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** @internal Use `LLVMBlockTagAttr.get`. */
  constructor(
    context: Context,
    readonly tagId: number,
  ) {
    super(context)
  }
  /** The tag `id` (truncated to 32 bits, as upstream's `uint32_t` parameter). */
  static get(context: Context, id: number | bigint): LLVMBlockTagAttr {
    const v = Number(BigInt.asUintN(32, BigInt(id)))
    return context.uniquer.intern(`llvm.blocktag:${v}`, () => new LLVMBlockTagAttr(context, v))
  }
  /** @internal Parses `<id = N>`. */
  static parseBody(parser: OpAsmParser): LLVMBlockTagAttr | undefined {
    let id: bigint | undefined
    const ok = parseStruct(parser, 'LLVM_BlockTagAttr', ['id'], ['uint32_t'], () => {
      id = parser.parseInteger()
      return id !== undefined
    })
    return ok ? LLVMBlockTagAttr.get(parser.context, id!) : undefined
  }
  /** @internal Prints `<id = N>`. */
  printBody(printer: OpAsmPrinter): void {
    printer.print(`<id = ${this.tagId}>`)
  }
}

/** `#llvm.blockaddress<function = @f, tag = <id = N>>`: the address of the block of `@f` tagged N. */
export class LLVMBlockAddressAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** @internal Use `LLVMBlockAddressAttr.get`. */
  constructor(
    context: Context,
    readonly func: SymbolRefAttr,
    readonly tag: LLVMBlockTagAttr,
  ) {
    super(context)
  }
  /** The address of the block tagged `tag` in function `func`. */
  static get(context: Context, func: SymbolRefAttr, tag: LLVMBlockTagAttr): LLVMBlockAddressAttr {
    return context.uniquer.intern(`llvm.blockaddress:${func.id}:${tag.id}`, () => new LLVMBlockAddressAttr(context, func, tag))
  }
  /** @internal Parses `<function = @f, tag = <id = N>>` (parameters in any order). */
  static parseBody(parser: OpAsmParser): LLVMBlockAddressAttr | undefined {
    let func: SymbolRefAttr | undefined
    let tag: LLVMBlockTagAttr | undefined
    const ok = parseStruct(parser, 'LLVM_BlockAddressAttr', ['function', 'tag'], ['FlatSymbolRefAttr', 'BlockTagAttr'], (i) => {
      const loc = parser.getCurrentLocation()
      if (i === 1) {
        if (parser.parseOptionalLess()) {
          tag = LLVMBlockTagAttr.parseBody(parser)
          return tag !== undefined
        }
      }
      const a = parser.parseAttribute()
      if (a === undefined) {
        return false
      }
      if (i === 0 ? !(a instanceof SymbolRefAttr) : !(a instanceof LLVMBlockTagAttr)) {
        parser.emitError(loc, 'invalid kind of attribute specified').report()
        return false
      }
      if (i === 0) {
        func = a as SymbolRefAttr
      } else {
        tag = a as LLVMBlockTagAttr
      }
      return true
    })
    return ok ? LLVMBlockAddressAttr.get(parser.context, func!, tag!) : undefined
  }
  /** @internal Prints `<function = @f, tag = <id = N>>`. */
  printBody(printer: OpAsmPrinter): void {
    printer.print('<function = ')
    printer.printAttribute(this.func)
    printer.print(', tag = ')
    this.tag.printBody(printer)
    printer.print('>')
  }
}

/**
 * Parses the body `name = value, ...>` of a struct whose parameters `names` are all required,
 * in any order (as ODS's `struct(params)`): exactly one entry per name, then `>`. A value
 * that fails to parse is also reported as ODS does, naming `attrName` and the parameter's
 * C++ type from `cppTypes`.
 */
function parseStruct(
  parser: OpAsmParser,
  attrName: string,
  names: readonly string[],
  cppTypes: readonly string[],
  parseValue: (index: number) => boolean,
): boolean {
  const seen = names.map(() => false)
  for (let n = 0; n < names.length; n++) {
    if (n > 0 && !parser.parseComma()) {
      return false
    }
    const keyLoc = parser.getCurrentLocation()
    const key = parser.parseOptionalKeywordAny()
    if (key === undefined) {
      parser.emitError(keyLoc, 'expected a parameter name in struct').report()
      return false
    }
    if (!parser.parseEqual()) {
      return false
    }
    const i = names.indexOf(key)
    if (i < 0 || seen[i] === true) {
      parser.emitError(parser.getCurrentLocation(), `duplicate or unknown struct parameter name: ${key}`).report()
      return false
    }
    seen[i] = true
    if (!parseValue(i)) {
      parser.emitError(parser.getCurrentLocation(), `failed to parse ${attrName} parameter '${key}' which is to be a \`${cppTypes[i]!}\``).report()
      return false
    }
  }
  return parser.parseGreater()
}

/** True for the mnemonics of this file's attributes. */
export function isBlockAddressAttrMnemonic(mnemonic: string): boolean {
  return mnemonic === 'blockaddress' || mnemonic === 'blocktag'
}

/** Parses `#llvm.blockaddress<...>` / `#llvm.blocktag<...>` after the mnemonic. */
export function parseBlockAddressAttr(parser: OpAsmParser, mnemonic: string): Attribute | undefined {
  if (!parser.parseLess()) {
    return undefined
  }
  return mnemonic === 'blocktag' ? LLVMBlockTagAttr.parseBody(parser) : LLVMBlockAddressAttr.parseBody(parser)
}

/** Prints the body of `#llvm.` for a block tag or block address attribute; false for other attributes. */
export function printBlockAddressAttr(attr: Attribute, printer: OpAsmPrinter): boolean {
  if (attr instanceof LLVMBlockTagAttr) {
    printer.print('blocktag')
    attr.printBody(printer)
    return true
  }
  if (attr instanceof LLVMBlockAddressAttr) {
    printer.print('blockaddress')
    attr.printBody(printer)
    return true
  }
  return false
}
