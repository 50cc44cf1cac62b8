// custom<DynamicIndexList> (memref `[...]`, scf.forall and affine.delinearize_index `(...)`):
// on bad input, the element's or delimiter's own error, then "expected SSA value or integer"
// at the op name, as mlir-opt 22.1.8 reports them (its output on the same inputs).
import { describe, expect, it } from 'vitest'
import { Context, FileLineColLoc, parseSourceString, printOperation, verify } from '@tilepass/ir'
import { registerAllDialects } from '../src/index.ts'

function diagnose(source: string): string[] {
  const ctx = new Context({})
  registerAllDialects(ctx)
  const out: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    const l = d.location
    out.push(l instanceof FileLineColLoc ? `${l.line}:${l.column}: ${d.message}` : d.message)
    return true
  })
  const r = parseSourceString(source, ctx)
  if (r !== null && verify(r.op)) {
    out.push(printOperation(r.op))
  }
  ctx.diagEngine.flush()
  return out
}

describe('custom<DynamicIndexList>', () => {
  it('reports a bad element, then the op-level error at the op name (square lists)', () => {
    const src = 'func.func @f(%m: memref<8xf32>) {\n  %0 = memref.subview %m[x] [4] [1] : memref<8xf32> to memref<4xf32>\n  return\n}\n'
    expect(diagnose(src)).toEqual([
      `2:26: custom op 'memref.subview' expected integer value`,
      `2:8: custom op 'memref.subview' expected SSA value or integer`,
    ])
  })
  it('names the list in a missing delimiter error (square and paren lists)', () => {
    const sub = 'func.func @f(%m: memref<8xf32>) {\n  %0 = memref.subview %m[1 2] [4] [1] : memref<8xf32> to memref<4xf32>\n  return\n}\n'
    expect(diagnose(sub)).toEqual([
      `2:27: expected ']' in dynamic index list`,
      `2:8: custom op 'memref.subview' expected SSA value or integer`,
    ])
    const forall = 'func.func @f() {\n  scf.forall (%i) in (2 3) {\n  }\n  return\n}\n'
    expect(diagnose(forall)).toEqual([
      `2:24: expected ')' in dynamic index list`,
      `2:3: custom op 'scf.forall' expected SSA value or integer`,
    ])
  })
  it('prints each list with its own delimiters and dynamic entries in place', () => {
    const src = `func.func @f(%m: memref<8x8xf32>, %i: index, %n: index) {
  %0 = memref.subview %m[%i, 2] [4, 4] [1, 1] : memref<8x8xf32> to memref<4x4xf32, strided<[8, 1], offset: ?>>
  %1:2 = affine.delinearize_index %i into (%n, 4) : index, index
  scf.forall (%a) in (%n) {
  }
  return
}
`
    const out = diagnose(src)
    expect(out).toHaveLength(1)
    expect(out[0]).toContain('memref.subview %arg0[%arg1, 2] [4, 4] [1, 1]')
    expect(out[0]).toContain('affine.delinearize_index %arg1 into (%arg2, 4) : index, index')
    expect(out[0]).toContain('scf.forall (%arg3) in (%arg2) {')
  })
})
