import { describe, expect, it } from 'vitest'
import { Block, Context, FileLineColLoc, Operation, OperationState, Region } from '@tilepass/ir'
import { checkPrintedIndentation, MAX_PRINTED_INDENTATION } from '../src/internal/printLimit.ts'

/** A chain of `depth` ops with one region each, built without recursion; returns the root and the leaf. */
function chain(ctx: Context, depth: number): { root: Operation; leaf: Operation } {
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
  const leaf = make('u.leaf', 0, depth + 1)
  b.append(leaf)
  return { root, leaf }
}

describe('checkPrintedIndentation', () => {
  it('accepts nesting whose indentation fits', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    expect(checkPrintedIndentation(chain(ctx, 10_000).root)).toBe(true)
  })

  it('refuses, at the deepest op, nesting that would indent the output past the limit', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    const messages: string[] = []
    ctx.diagEngine.registerHandler((d) => {
      const loc = d.location
      messages.push(`${loc instanceof FileLineColLoc ? loc.line : '?'}: ${d.message}`)
      return true
    })
    const depth = 30_000
    expect(checkPrintedIndentation(chain(ctx, depth).root)).toBe(false)
    // Each op's line and its region's closing line are indented by two spaces per level.
    const total = 2 * 2 * ((depth - 1) * depth) / 2 + 2 * depth
    expect(messages).toEqual([
      `${depth + 1}: cannot print the output: ${depth} nested regions would indent it by ${total} characters, more than the printer's limit of ${MAX_PRINTED_INDENTATION}`,
    ])
  })
})
