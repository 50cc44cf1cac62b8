import { describe, expect, it } from 'vitest'
import {
  Block,
  Context,
  FileLineColLoc,
  IndentationLimitError,
  MAX_PRINTED_STRING_LENGTH,
  Operation,
  OperationState,
  PrintLimitError,
  Region,
  StringAttr,
  printOperation,
  printOperationTo,
  parseSourceString,
  printedIndentation,
} from '@tilepass/ir'

/** A chain of `depth` ops with one region each, built without recursion; returns the root. */
function chain(ctx: Context, depth: number): Operation {
  const make = (name: string, regions: number, line: number): Operation => {
    const st = new OperationState(FileLineColLoc.get(ctx, 'deep.mlir', line, 1), ctx.getOperationName(name))
    for (let i = 0; i < regions; i++) {
      st.addRegion(new Region())
    }
    return Operation.create(st)
  }
  const root = make('u.op', 1, 1)
  let region = root.regions[0]!
  for (let i = 1; i < depth; i++) {
    const b = new Block()
    region.push(b)
    const op = make('u.op', 1, i + 1)
    b.append(op)
    region = op.regions[0]!
  }
  const b = new Block()
  region.push(b)
  b.append(make('u.leaf', 0, depth + 1))
  return root
}

describe('printing limits', () => {
  it('counts the indentation of nested regions', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const r = printedIndentation(chain(ctx, 3))
    // Levels 1 and 2 print an op line and a closing line each, the leaf at level 3 one line.
    expect(r).toMatchObject({ total: 2 * 2 + 4 * 2 + 6, level: 3 })
    expect(r.deepest.name.name).toBe('u.leaf')
    expect(printOperation(chain(ctx, 3), { printGenericOpForm: true })).toBe(
      '"u.op"() ({\n  "u.op"() ({\n    "u.op"() ({\n      "u.leaf"() : () -> ()\n    }) : () -> ()\n  }) : () -> ()\n}) : () -> ()\n',
    )
  })

  it('refuses, before printing, a string whose indentation alone passes the longest string', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    // 2 * depth^2 characters of indentation: about 800 million.
    const root = chain(ctx, 20_000)
    expect(printedIndentation(root).total).toBeGreaterThan(MAX_PRINTED_STRING_LENGTH)
    expect(() => printOperation(root)).toThrow(PrintLimitError)
    expect(() => printOperation(root)).toThrow(`cannot print 'u.op' into a string: its nested regions would indent the text by more than the limit of ${MAX_PRINTED_STRING_LENGTH} characters`)
    // With the regions skipped the text is short.
    expect(printOperation(root, { skipRegions: true, printGenericOpForm: true })).toBe('"u.op"() ({...}) : () -> ()\n')
  })

  it('streams to a sink what it refuses to put in a string', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    let chars = 0
    let chunks = 0
    printOperationTo(chain(ctx, 200), (chunk) => {
      chars += chunk.length
      chunks++
    })
    expect(chunks).toBeGreaterThan(0)
    expect(chars).toBeGreaterThan(printedIndentation(chain(ctx, 200)).total)
  })

  it('refuses with maxIndentation, before printing anything, what passes it (counted while numbering)', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const root = chain(ctx, 300)
    const total = printedIndentation(root).total
    const chunks: string[] = []
    const refused = (): unknown => {
      try {
        printOperationTo(root, (c) => chunks.push(c), { maxIndentation: total - 1 })
      } catch (error) {
        return error
      }
      return null
    }
    const error = refused()
    expect(error).toBeInstanceOf(IndentationLimitError)
    expect(error).toMatchObject({ indentation: total, limit: total - 1 })
    expect(chunks).toEqual([])
    // At the limit it prints, and a later print numbers the values again (the marks were given back).
    printOperationTo(root, (c) => chunks.push(c), { maxIndentation: total })
    expect(chunks.join('')).toBe(printOperation(root))
    // Regions printed as `{...}` are not counted.
    expect(() => printOperationTo(root, () => {}, { maxIndentation: 0, skipRegions: true })).not.toThrow()
  })

  it('counts while numbering the indentation printedIndentation counts, with several blocks and regions', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const parsed = parseSourceString(
      `"u.a"() ({
  "u.b"() ({
  ^bb0:
    "u.c"() : () -> ()
    "u.d"()[^bb1] : () -> ()
  ^bb1:
    "u.e"() ({
      "u.f"() : () -> ()
    }, {
      "u.g"() ({
        "u.h"() : () -> ()
      }) : () -> ()
    }) : () -> ()
  }) : () -> ()
  "u.i"() : () -> ()
}, {
  "u.j"() : () -> ()
}) : () -> ()
`,
      ctx,
      { noImplicitModule: true },
    )!
    const root = parsed.op
    const total = printedIndentation(root).total
    expect(total).toBe(2 * 1 * 2 + 2 * 1 + 2 * 1 + 2 * 2 * 2 + 2 * 2 * 3 + 2 * 3 + 2 * 3 * 2 + 2 * 4)
    expect(() => printOperationTo(root, () => {}, { maxIndentation: total })).not.toThrow()
    expect(() => printOperationTo(root, () => {}, { maxIndentation: total - 1 })).toThrow(IndentationLimitError)
    expect(() => printOperationTo(root, () => {}, { maxIndentation: total - 1, printGenericOpForm: true })).toThrow(IndentationLimitError)
  })

  it('replaces the op of a diagnostic note by a message when it cannot be printed', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    ctx.diagnosticOpPrinter = (op, generic) => printOperation(op, { printGenericOpForm: generic, printLocalScope: true })
    const notes: string[] = []
    ctx.diagEngine.registerHandler((d) => {
      notes.push(...d.notes.map((n) => n.message))
      return true
    })
    chain(ctx, 20_000).emitError('too deep').report()
    expect(notes).toEqual([
      `see current operation: <not printed: cannot print 'u.op' into a string: its nested regions would indent the text by more than the limit of ${MAX_PRINTED_STRING_LENGTH} characters>`,
    ])
  })
})

describe('interning long strings', () => {
  it('keeps long strings of one length apart and finds them again', () => {
    const ctx = new Context()
    const base = 'x'.repeat(20_000)
    const a = StringAttr.get(ctx, base + 'a')
    const b = StringAttr.get(ctx, base + 'b')
    expect(a).not.toBe(b)
    expect(StringAttr.get(ctx, base + 'a')).toBe(a)
    expect(StringAttr.get(ctx, `${base}b`)).toBe(b)
    expect(b.value.endsWith('b')).toBe(true)
  })

  it('interns 3,000 strings of 20,000 characters and one length in linear time', () => {
    // V8 hashes such strings by their length alone: as plain Map keys each lookup compared
    // the new string with all the others (minutes here); a hash of the content keeps it linear.
    const ctx = new Context()
    const base = 'y'.repeat(20_000)
    const attrs: StringAttr[] = []
    for (let i = 0; i < 3000; i++) {
      attrs.push(StringAttr.get(ctx, base + String(i).padStart(4, '0')))
    }
    expect(new Set(attrs).size).toBe(3000)
    expect(StringAttr.get(ctx, base + '1234')).toBe(attrs[1234])
  }, 120_000)
})
