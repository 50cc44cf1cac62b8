import { describe, expect, it } from 'vitest'
import {
  Block,
  Context,
  DialectType,
  IntegerType,
  type OpAsmPrinter,
  Operation,
  OperationState,
  UnknownLoc,
  printOperation,
  printOperationTo,
  Region,
  type Type,
  printType,
} from '@tilepass/ir'

/** A dialect type whose printed body is `body` (printed in pieces, as a hook would). */
class TextType extends DialectType {
  readonly dialectNamespace = 'txt'
  constructor(
    context: Context,
    readonly pieces: readonly string[],
  ) {
    super(context)
  }
}

/** Pieces that take each path of the printer's buffer: short ASCII, long, not ASCII, a lone surrogate. */
const PIECES = ['<', 'a'.repeat(70), ', é', 'short', '\u{1F600}', ' \udc81 ', 'b'.repeat(200), '>']

function setup(): Context {
  const ctx = new Context({ allowUnregisteredDialects: true })
  ctx.registerDialect({
    namespace: 'txt',
    printType(type: Type, p: OpAsmPrinter): void {
      for (const piece of (type as TextType).pieces) {
        p.print(piece)
      }
      // A type printed inside a type's body: a mark taken while another is open.
      p.print(' in ')
      p.printType(IntegerType.get(type.context, 7))
    },
  })
  ctx.loadDialect('txt')
  return ctx
}

/** A detached unregistered op with results of `types`. */
function opWith(ctx: Context, types: TextType[]): Operation {
  const st = new OperationState(UnknownLoc.get(ctx), ctx.getOperationName('txt.other'))
  st.addTypes(types)
  return Operation.create(st)
}

describe('the output buffer', () => {
  it('prints long, non-ASCII and surrogate text in a dialect type exactly', () => {
    const ctx = setup()
    const t = new TextType(ctx, PIECES)
    expect(printType(t)).toBe(`!txt<${PIECES.join('')} in i7>`)
  })

  it('keeps the text printed before and after types whose bodies hold long and non-ASCII text', () => {
    const ctx = setup()
    const op = opWith(ctx, [new TextType(ctx, ['<x>']), new TextType(ctx, PIECES), new TextType(ctx, ['<', 'é', '>'])])
    expect(printOperation(op, { printGenericOpForm: true })).toBe(
      `%0:3 = "txt.other"() : () -> (!txt<<x> in i7>, !txt<${PIECES.join('')} in i7>, !txt<<é> in i7>)\n`,
    )
  })

  it('hands a sink the same text as the string, in chunks, for output much larger than a chunk', () => {
    const ctx = setup()
    const body = new OperationState(UnknownLoc.get(ctx), ctx.getOperationName('txt.container'))
    body.addRegion(new Region())
    const module = Operation.create(body)
    const b = new Block()
    module.regions[0]!.push(b)
    for (let i = 0; i < 3000; i++) {
      b.append(opWith(ctx, [new TextType(ctx, i % 3 === 0 ? PIECES : ['<', String(i), '>'])]))
    }
    const whole = printOperation(module, { printGenericOpForm: true })
    const chunks: string[] = []
    printOperationTo(module, (c) => chunks.push(c), { printGenericOpForm: true })
    expect(chunks.length).toBeGreaterThan(1)
    expect(chunks.join('')).toBe(whole)
    expect(whole.split('\n').length).toBe(3000 + 3)
    expect(whole).toContain(`%1000 = "txt.other"() : () -> !txt<<1000> in i7>\n`)
  })
})
