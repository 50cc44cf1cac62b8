// ub dialect: parse then print must equal mlir-opt 22.1.8's output (custom and generic form),
// a wrong `<...>` value gives its message, and ub.poison folds to its attribute, which the
// dialect materializes back as ub.poison (so the greedy driver deduplicates poison constants).
import { describe, expect, it } from 'vitest'
import {
  BuiltinDialect,
  Context,
  FileLineColLoc,
  FrozenRewritePatternSet,
  IntegerType,
  OpBuilder,
  UnitAttr,
  applyPatternsGreedily,
  foldOperation,
  parseSourceString,
  printOperation,
  verify,
  type Operation,
} from '@tilepass/ir'
import { FuncDialect } from '../src/func/index.ts'
import { PoisonAttr, PoisonOp, UBDialect, isPoisonAttr, materializeUBConstant } from '../src/ub/index.ts'

function parse(source: string): { ctx: Context; op: Operation | null; errors: string[] } {
  const ctx = new Context({ dialects: [BuiltinDialect, FuncDialect, UBDialect] })
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    const l = d.location
    errors.push(l instanceof FileLineColLoc ? `${l.filename}:${l.line}:${l.column}: ${d.message}` : d.message)
    return true
  })
  const r = parseSourceString(source, ctx)
  const ok = r !== null && verify(r.op)
  ctx.diagEngine.flush()
  return { ctx, op: ok ? r.op : null, errors }
}

const INPUT = `func.func @f() -> (i32, f32, vector<4xi8>) {
  %0 = ub.poison : i32
  %1 = ub.poison <#ub.poison> : f32
  %2 = "ub.poison"() : () -> vector<4xi8>
  %3 = "ub.poison"() {x = #ub<poison>} : () -> i32
  return %0, %1, %2 : i32, f32, vector<4xi8>
}
func.func @g() {
  "ub.unreachable"() {tag} : () -> ()
}
`

// mlir-opt in.mlir
const CUSTOM = `module {
  func.func @f() -> (i32, f32, vector<4xi8>) {
    %0 = ub.poison : i32
    %1 = ub.poison : f32
    %2 = ub.poison : vector<4xi8>
    %3 = ub.poison {x = #ub.poison} : i32
    return %0, %1, %2 : i32, f32, vector<4xi8>
  }
  func.func @g() {
    ub.unreachable {tag}
  }
}`

// mlir-opt --mlir-print-op-generic in.mlir
const GENERIC = `"builtin.module"() ({
  "func.func"() <{function_type = () -> (i32, f32, vector<4xi8>), sym_name = "f"}> ({
    %0 = "ub.poison"() <{value = #ub.poison}> : () -> i32
    %1 = "ub.poison"() <{value = #ub.poison}> : () -> f32
    %2 = "ub.poison"() <{value = #ub.poison}> : () -> vector<4xi8>
    %3 = "ub.poison"() <{value = #ub.poison}> {x = #ub.poison} : () -> i32
    "func.return"(%0, %1, %2) : (i32, f32, vector<4xi8>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "g"}> ({
    "ub.unreachable"() {tag} : () -> ()
  }) : () -> ()
}) : () -> ()`

describe('ub dialect', () => {
  it('prints the custom form as mlir-opt', () => {
    const { op, errors } = parse(INPUT)
    expect(errors).toEqual([])
    expect(printOperation(op!)).toBe(`${CUSTOM}\n`)
  })

  it('prints the generic form as mlir-opt, and parses it back', () => {
    const { op } = parse(INPUT)
    expect(printOperation(op!, { printGenericOpForm: true })).toBe(`${GENERIC}\n`)
    expect(printOperation(parse(GENERIC).op!)).toBe(`${CUSTOM}\n`)
  })

  it('rejects a value that is not a poison attribute where mlir-opt does', () => {
    const { op, errors } = parse(`func.func @k() {\n  %0 = ub.poison <1 : i32> : i32\n  return\n}\n`)
    expect(op).toBeNull()
    expect(errors).toEqual(["<stdin>:2:19: custom op 'ub.poison' invalid kind of attribute specified"])
    expect(parse(`func.func @k() {\n  %0 = ub.poison <#ub.poisonx> : i32\n  return\n}\n`).errors).toEqual([
      '<stdin>:2:23: unknown attribute `poisonx` in dialect `ub`',
    ])
  })

  it('folds ub.poison to its attribute and materializes poison attributes only', () => {
    const { ctx, op } = parse(INPUT)
    let poison: Operation | undefined
    op!.walk((o) => {
      if (poison === undefined && PoisonOp.isa(o)) {
        poison = o
      }
    })
    const folded = foldOperation(poison!)
    expect(folded).toEqual([PoisonAttr.get(ctx)])
    expect(isPoisonAttr(PoisonAttr.get(ctx))).toBe(true)
    const b = OpBuilder.before(poison!)
    const i64 = IntegerType.get(ctx, 64)
    const m = materializeUBConstant(b, PoisonAttr.get(ctx), i64, poison!.location)
    expect(m === null ? null : printOperation(m)).toBe('%0 = ub.poison : i64')
    m!.erase()
    expect(materializeUBConstant(b, UnitAttr.get(ctx), i64, poison!.location)).toBeNull()
  })

  it('lets the greedy driver deduplicate poison constants as mlir-opt --canonicalize does', () => {
    const { op } = parse(`func.func @f() -> (i32, i32) {\n  %0 = ub.poison : i32\n  %1 = ub.poison : i32\n  return %0, %1 : i32, i32\n}\n`)
    expect(applyPatternsGreedily(op!, new FrozenRewritePatternSet([])).converged).toBe(true)
    // mlir-opt --canonicalize
    expect(printOperation(op!)).toBe(`module {
  func.func @f() -> (i32, i32) {
    %0 = ub.poison : i32
    return %0, %0 : i32, i32
  }
}
`)
  })
})
