import { DialectType, type Context, type OpAsmParser, type OpAsmPrinter, type Type } from '@tilepass/ir'

/** A parameterless `transform` handle type: `!transform.any_op` or `!transform.any_value`. */
export class TransformHandleType extends DialectType {
  readonly dialectNamespace: string = 'transform'
  /** @internal */
  constructor(
    context: Context,
    /** The mnemonic: `any_op` or `any_value`. */
    readonly mnemonic: string,
  ) {
    super(context)
  }
  /** `!transform.any_op`: a handle to any list of payload operations. */
  static anyOp(context: Context): TransformHandleType {
    return TransformHandleType.get(context, 'any_op')
  }
  /** The type named `mnemonic` (`any_op` or `any_value`). */
  static get(context: Context, mnemonic: string): TransformHandleType {
    return context.uniquer.intern(`transform.${mnemonic}`, () => new TransformHandleType(context, mnemonic))
  }
}

/** `!transform.param<T>`: a transform parameter of attribute type `T`. */
export class TransformParamType extends DialectType {
  readonly dialectNamespace: string = 'transform'
  /** @internal */
  constructor(
    context: Context,
    readonly elementType: Type,
  ) {
    super(context)
  }
  static get(elementType: Type): TransformParamType {
    const context = elementType.context
    return context.uniquer.intern(`transform.param:${elementType.id}`, () => new TransformParamType(context, elementType))
  }
}

/** True for `!transform.any_op` (the only operation handle type modelled). */
export function isTransformOpHandleType(type: Type): boolean {
  return type instanceof TransformHandleType && type.mnemonic === 'any_op'
}

/** Parses the body of a `transform` type (after `!transform.`), with the messages of MLIR's generated type parser. */
export function parseTransformType(parser: OpAsmParser): Type | undefined {
  const loc = parser.getCurrentLocation()
  const kw = parser.parseKeywordOrUndefined()
  if (kw === undefined) {
    return undefined
  }
  if (kw === 'any_op' || kw === 'any_value') {
    return TransformHandleType.get(parser.context, kw)
  }
  if (kw === 'param') {
    if (!parser.parseLess()) {
      return undefined
    }
    const t = parser.parseType()
    if (t === undefined || !parser.parseGreater()) {
      return undefined
    }
    return TransformParamType.get(t)
  }
  parser.emitError(loc, `unknown  type \`${kw}\` in dialect \`transform\``).report()
  return undefined
}

/** Prints the body of a `transform` type. */
export function printTransformType(type: Type, printer: OpAsmPrinter): void {
  if (type instanceof TransformHandleType) {
    printer.print(type.mnemonic)
  } else if (type instanceof TransformParamType) {
    printer.print('param<')
    printer.printType(type.elementType)
    printer.print('>')
  }
}
