import { DialectType, type Context, type OpAsmParser, type OpAsmPrinter, type Type } from '@tilepass/ir'

/** A parameterless `async` type: `!async.token`, `!async.group` and the coroutine types. */
export class AsyncSimpleType extends DialectType {
  readonly dialectNamespace: string = 'async'
  /** @internal */
  constructor(
    context: Context,
    /** The mnemonic: `token`, `group`, `coro.id`, `coro.handle` or `coro.state`. */
    readonly mnemonic: string,
  ) {
    super(context)
  }
  /** `!async.token`: the completion of an asynchronous computation. */
  static token(context: Context): AsyncSimpleType {
    return AsyncSimpleType.get(context, 'token')
  }
  /** The type named `mnemonic` (one of `AsyncSimpleType.mnemonics`). */
  static get(context: Context, mnemonic: string): AsyncSimpleType {
    return context.uniquer.intern(`async.${mnemonic}`, () => new AsyncSimpleType(context, mnemonic))
  }
  /** The mnemonics of the parameterless async types. */
  static readonly mnemonics: readonly string[] = ['token', 'group', 'coro.id', 'coro.handle', 'coro.state']
}

/** `!async.value<T>`: a value of type `T` that becomes available asynchronously. */
export class AsyncValueType extends DialectType {
  readonly dialectNamespace: string = 'async'
  /** @internal */
  constructor(
    context: Context,
    readonly valueType: Type,
  ) {
    super(context)
  }
  static get(valueType: Type): AsyncValueType {
    const context = valueType.context
    return context.uniquer.intern(`async.value:${valueType.id}`, () => new AsyncValueType(context, valueType))
  }
}

/** True for `!async.token`. */
export function isAsyncTokenType(type: Type): boolean {
  return type instanceof AsyncSimpleType && type.mnemonic === 'token'
}

/** Parses the body of an `async` type (after `!async.`), with the messages of MLIR's generated type parser. */
export function parseAsyncType(parser: OpAsmParser): Type | undefined {
  const loc = parser.getCurrentLocation()
  const kw = parser.parseKeywordOrUndefined()
  if (kw === undefined) {
    return undefined
  }
  if (AsyncSimpleType.mnemonics.includes(kw)) {
    return AsyncSimpleType.get(parser.context, kw)
  }
  if (kw === 'value') {
    if (!parser.parseLess()) {
      parser.emitError(loc, 'failed to parse async value type').report()
      return undefined
    }
    const t = parser.parseType()
    if (t === undefined || !parser.parseGreater()) {
      parser.emitError(loc, 'failed to parse async value type').report()
      return undefined
    }
    return AsyncValueType.get(t)
  }
  parser.emitError(loc, `unknown  type \`${kw}\` in dialect \`async\``).report()
  return undefined
}

/** Prints the body of an `async` type. */
export function printAsyncType(type: Type, printer: OpAsmPrinter): void {
  if (type instanceof AsyncSimpleType) {
    printer.print(type.mnemonic)
  } else if (type instanceof AsyncValueType) {
    printer.print('value<')
    printer.printType(type.valueType)
    printer.print('>')
  }
}
