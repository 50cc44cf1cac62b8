/**
 * Types of the `tileas` dialect: `!tileas.tile<16x64xf32, #tileas.blocked<...>>` (a
 * distributed tile with its layout), `!tileas.smem<2x32x16xf16, #tileas.shared<...>>` (a
 * staged shared-memory buffer: stages x rows x columns) and `!tileas.async_token`.
 */
import { DialectShapedType, DialectType, typeToString, type Context, type OpAsmParser, type OpAsmPrinter, type Type } from '@tilepass/ir'
import { DistributedLayoutAttr, SharedLayoutAttr, TILEAS } from './TileASAttributes.ts'

/** `!tileas.tile<shape x elem, layout>`: a tile value distributed over the threads of a CTA. */
export class TileASTileType extends DialectShapedType {
  readonly dialectNamespace: string = TILEAS
  /** @internal Use `TileASTileType.get`. */
  constructor(
    context: Context,
    readonly shape: readonly number[],
    readonly elementType: Type,
    readonly layout: DistributedLayoutAttr,
  ) {
    super(context)
  }
  static get(shape: readonly number[], elementType: Type, layout: DistributedLayoutAttr): TileASTileType {
    const context = elementType.context
    return context.uniquer.intern(`tileas.tile:${shape.join('x')}:${typeToString(elementType)}:${layout.id}`, () => new TileASTileType(context, [...shape], elementType, layout))
  }
  /** The same shape and element type in another layout. */
  withLayout(layout: DistributedLayoutAttr): TileASTileType {
    return TileASTileType.get(this.shape, this.elementType, layout)
  }
  /** The same shape and layout with another element type. */
  withElementType(elementType: Type): TileASTileType {
    return TileASTileType.get(this.shape, elementType, this.layout)
  }
}

/** `!tileas.smem<stages x rows x cols x elem, #tileas.shared<...>>`: a staged, swizzled shared buffer. */
export class SharedBufferType extends DialectType {
  readonly dialectNamespace: string = TILEAS
  /** @internal Use `SharedBufferType.get`. */
  constructor(
    context: Context,
    readonly shape: readonly number[],
    readonly elementType: Type,
    readonly layout: SharedLayoutAttr,
  ) {
    super(context)
  }
  static get(shape: readonly number[], elementType: Type, layout: SharedLayoutAttr): SharedBufferType {
    const context = elementType.context
    return context.uniquer.intern(`tileas.smem:${shape.join('x')}:${typeToString(elementType)}:${layout.id}`, () => new SharedBufferType(context, [...shape], elementType, layout))
  }
}

/** `!tileas.async_token`: completion of a group of async copies. */
export class AsyncTokenType extends DialectType {
  readonly dialectNamespace: string = TILEAS
  static get(context: Context): AsyncTokenType {
    return context.uniquer.intern('tileas.async_token', () => new AsyncTokenType(context))
  }
}

function parseShapedBody(parser: OpAsmParser): { dims: number[]; elem: Type; layout: unknown } | undefined {
  const dims: number[] = []
  if (!parser.parseLess() || !parser.parseDimensionList(dims, false, true)) {
    return undefined
  }
  const elem = parser.parseType()
  if (elem === undefined || !parser.parseComma()) {
    return undefined
  }
  const layout = parser.parseAttribute()
  if (layout === undefined || !parser.parseGreater()) {
    return undefined
  }
  return { dims, elem, layout }
}

/** Parses the body of a `!tileas` type (after `!tileas.`). */
export function parseTileASType(parser: OpAsmParser): Type | undefined {
  const loc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  if (mnemonic === 'async_token') {
    return AsyncTokenType.get(parser.context)
  }
  if (mnemonic === 'tile' || mnemonic === 'smem') {
    const body = parseShapedBody(parser)
    if (body === undefined) {
      return undefined
    }
    if (mnemonic === 'tile') {
      if (!(body.layout instanceof DistributedLayoutAttr)) {
        parser.emitError(loc, '!tileas.tile needs a distributed layout (blocked, mma, dot_op or slice)').report()
        return undefined
      }
      const bad = body.layout.checkShape(body.dims)
      if (bad !== null) {
        parser.emitError(loc, `invalid !tileas.tile: ${bad}`).report()
        return undefined
      }
      return TileASTileType.get(body.dims, body.elem, body.layout)
    }
    if (!(body.layout instanceof SharedLayoutAttr) || body.dims.length !== 3) {
      parser.emitError(loc, '!tileas.smem needs stages x rows x columns and a #tileas.shared layout').report()
      return undefined
    }
    return SharedBufferType.get(body.dims, body.elem, body.layout)
  }
  if (mnemonic !== undefined) {
    parser.emitError(loc, `unknown type \`${mnemonic}\` in dialect \`tileas\``).report()
  }
  return undefined
}

/** Prints the body of a `!tileas` type. */
export function printTileASType(type: Type, printer: OpAsmPrinter): void {
  if (type instanceof AsyncTokenType) {
    printer.print('async_token')
    return
  }
  if (type instanceof TileASTileType || type instanceof SharedBufferType) {
    printer.print(`${type instanceof TileASTileType ? 'tile' : 'smem'}<${type.shape.map((d) => `${d}x`).join('')}`)
    printer.printType(type.elementType)
    printer.print(', ')
    printer.printAttribute(type.layout)
    printer.print('>')
  }
}
