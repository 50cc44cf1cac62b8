/**
 * Chapter 2: IR generation. Walks the Toy AST and builds a `builtin.module` of `toy.func`s.
 *
 * Functions are generic: every parameter is `tensor<*xf64>`, and so is the result of a
 * function that returns a value. Each AST position becomes a `FileLineColLoc`. Semantic
 * errors (unknown variable, wrong arity, ...) are reported as `ToyDiagnostic`s.
 *
 * Chapter 7: a `struct` declaration is a `!toy.struct<...>` type; struct-typed parameters and
 * variables carry it, a struct literal is a `toy.struct_constant`, `a.b` a
 * `toy.struct_access`. A function returning a struct has that struct as its result type, so
 * the static struct of every expression is tracked next to its value.
 */
import {
  ArrayAttr,
  Block,
  IntegerAttr,
  IntegerType,
  DenseIntOrFPElementsAttr,
  FileLineColLoc,
  FloatType,
  FunctionType,
  OpBuilder,
  RankedTensorType,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  type Context,
  type Location,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import type { Expr, FunctionAST, LiteralExpr, ModuleAST, SrcLoc, Stmt, StructAST, StructLiteralExpr } from './ast.ts'
import { AddOp, ConstantOp, FuncOp, GenericCallOp, MulOp, PrintOp, ReshapeOp, ReturnOp, StructAccessOp, StructConstantOp, StructType, TransposeOp, unrankedF64 } from './dialect.ts'
import type { ToyDiagnostic } from './parser.ts'

/** The result of `mlirGen`: the module, or null and the first error. */
export interface MLIRGenResult {
  readonly module: Operation | null
  readonly diagnostic: ToyDiagnostic | null
}

/** Thrown inside the generator to unwind to `mlirGen` with a diagnostic; never escapes it. */
class GenError extends Error {
  constructor(readonly diagnostic: ToyDiagnostic) {
    super(diagnostic.message)
  }
}

function fail(loc: SrcLoc, message: string): never {
  throw new GenError({ loc, message })
}

/** A declared struct: its AST, its type and its members' structs (null for a tensor member). */
interface StructInfo {
  readonly ast: StructAST
  readonly type: StructType
  readonly memberStructs: readonly (StructInfo | null)[]
}

/** A generated value and, for a struct value, its declared struct. */
interface Typed {
  readonly value: Value
  readonly struct: StructInfo | null
}

/** Does `f` return a value anywhere in its body? */
function returnsValue(f: FunctionAST): boolean {
  return f.body.some((s) => s.kind === 'return' && s.value !== null)
}

/** Appends the numbers of a (nested) literal to `out`, in row-major order. */
function flatten(e: Expr, out: number[]): void {
  if (e.kind === 'number') {
    out.push(e.value)
  } else if (e.kind === 'literal') {
    for (const x of e.elements) {
      flatten(x, out)
    }
  }
}

/** The IR generator for one module; use `mlirGen`. */
class Generator {
  private readonly b: OpBuilder
  private readonly f64: FloatType
  /** Functions by name, to check calls. */
  private readonly functions = new Map<string, FunctionAST>()
  /** Variables of the function being generated. */
  private scope = new Map<string, Typed>()
  /** Struct declarations by name (chapter 7). */
  private readonly structs = new Map<string, StructInfo>()
  /** The struct each function returns (null: a tensor), computed on demand; `undefined` while in progress. */
  private readonly resultStructs = new Map<string, StructInfo | null | undefined>()

  constructor(private readonly ctx: Context) {
    this.b = new OpBuilder(ctx)
    this.f64 = FloatType.get(ctx, 'f64')
  }

  private loc(l: SrcLoc): Location {
    return FileLineColLoc.get(this.ctx, l.file, l.line, l.col)
  }

  genModule(ast: ModuleAST): Operation {
    const module = this.b.create('builtin.module', FileLineColLoc.get(this.ctx, ast.functions[0]?.loc.file ?? '', 1, 1), { regions: 1 })
    module.regions[0]!.push(new Block())
    for (const st of ast.structs) {
      this.declareStruct(st)
    }
    for (const f of ast.functions) {
      if (this.functions.has(f.name)) {
        fail(f.loc, `redefinition of function '${f.name}'`)
      }
      this.functions.set(f.name, f)
    }
    for (const f of ast.functions) {
      this.b.setInsertionPointToEnd(module.regions[0]!.firstBlock!)
      this.genFunction(f)
    }
    return module
  }

  private genFunction(f: FunctionAST): void {
    const ctx = this.ctx
    const unranked = unrankedF64(ctx)
    const paramStructs = f.params.map((p) => (p.typeName === null ? null : this.structNamed(p.typeName, p.loc)))
    const inputs = paramStructs.map((st) => st?.type ?? unranked)
    const resultStruct = this.resultStructOf(f)
    const type = FunctionType.get(ctx, inputs, returnsValue(f) ? [resultStruct?.type ?? unranked] : [])
    const loc = this.loc(f.loc)
    const fn = FuncOp.build(this.b, loc, {
      attributes: {
        sym_name: StringAttr.get(ctx, f.name),
        function_type: TypeAttr.get(type),
        // Everything but `main` is private: once inlined, it can be erased.
        sym_visibility: f.name === 'main' ? undefined : StringAttr.get(ctx, 'private'),
      },
    })
    const entry = new Block()
    fn.regions[0]!.push(entry)
    this.scope = new Map()
    for (let i = 0; i < f.params.length; i++) {
      const p = f.params[i]!
      if (this.scope.has(p.name)) {
        fail(p.loc, `redefinition of parameter '${p.name}'`)
      }
      this.scope.set(p.name, { value: entry.addArgument(inputs[i]!, this.loc(p.loc)), struct: paramStructs[i]! })
    }
    this.b.setInsertionPointToEnd(entry)
    let returned = false
    for (const s of f.body) {
      if (returned) {
        fail(s.loc, 'statement after return')
      }
      returned = this.genStmt(s)
    }
    if (!returned) {
      if (returnsValue(f)) {
        fail(f.loc, `function '${f.name}' must end with a return of a value`)
      }
      ReturnOp.build(this.b, loc, {})
    }
  }

  /** Generates `s`; true when it was a return. */
  private genStmt(s: Stmt): boolean {
    switch (s.kind) {
      case 'var': {
        if (this.scope.has(s.name)) {
          fail(s.loc, `redeclaration of variable '${s.name}'`)
        }
        if (s.typeName !== null) {
          const st = this.structNamed(s.typeName, s.loc)
          const init = s.init.kind === 'struct' ? this.genStructLiteral(s.init, st) : this.genTyped(s.init)
          if (init.value.type !== st.type) {
            fail(s.init.loc, `the initializer of '${s.name}' is not a '${st.ast.name}'`)
          }
          this.scope.set(s.name, { value: init.value, struct: st })
          return false
        }
        const init = this.genTyped(s.init)
        let value = init.value
        if (s.shape.length > 0) {
          value = ReshapeOp.build(this.b, this.loc(s.loc), {
            operands: { input: this.tensor(init, s.init.loc) },
            results: { result: RankedTensorType.get(s.shape, this.f64) },
          }).getResult(0)
        }
        this.scope.set(s.name, { value, struct: s.shape.length > 0 ? null : init.struct })
        return false
      }
      case 'print':
        PrintOp.build(this.b, this.loc(s.loc), { operands: { input: this.genExpr(s.arg) } })
        return false
      case 'return':
        ReturnOp.build(this.b, this.loc(s.loc), { operands: { input: s.value === null ? null : this.genTyped(s.value).value } })
        return true
      case 'expr':
        this.genCall(s.expr, false)
        return false
    }
  }

  /** The tensor value of `e`; a struct is an error there. */
  private genExpr(e: Expr): Value {
    return this.tensor(this.genTyped(e), e.loc)
  }

  /** `t`'s value when it is a tensor; an error at `loc` for a struct. */
  private tensor(t: Typed, loc: SrcLoc): Value {
    if (t.value.type instanceof StructType) {
      fail(loc, `expected a tensor, but this is a '${t.struct?.ast.name ?? 'struct'}'`)
    }
    return t.value
  }

  /** Generates `e`, a tensor or (chapter 7) a struct value. */
  private genTyped(e: Expr): Typed {
    const loc = this.loc(e.loc)
    switch (e.kind) {
      case 'number':
        return { value: this.constant(RankedTensorType.get([], this.f64), [e.value], loc), struct: null }
      case 'literal':
        return { value: this.genLiteral(e, loc), struct: null }
      case 'struct':
        return fail(e.loc, "a struct literal can only initialize a declaration of a struct type ('Point p = {...}')")
      case 'variable': {
        const v = this.scope.get(e.name)
        if (v === undefined) {
          fail(e.loc, `unknown variable '${e.name}'`)
        }
        return v
      }
      case 'binary': {
        if (e.op === '.') {
          return this.genAccess(e.lhs, e.rhs, loc)
        }
        const lhs = this.genExpr(e.lhs)
        const rhs = this.genExpr(e.rhs)
        const results = { result: unrankedF64(this.ctx) }
        if (e.op === '+') {
          return { value: AddOp.build(this.b, loc, { operands: { lhs, rhs }, results }).getResult(0), struct: null }
        }
        if (e.op === '*') {
          return { value: MulOp.build(this.b, loc, { operands: { lhs, rhs }, results }).getResult(0), struct: null }
        }
        return fail(e.loc, `binary operator '${e.op}' is not supported`)
      }
      case 'call':
        return this.genCall(e, true)!
    }
  }

  // ---- chapter 7: structs ------------------------------------------------------------------

  /** Declares `st`: its members' types must be `var` (a tensor) or structs declared before it. */
  private declareStruct(st: StructAST): void {
    if (this.structs.has(st.name)) {
      fail(st.loc, `redefinition of struct '${st.name}'`)
    }
    const seen = new Set<string>()
    const memberStructs: (StructInfo | null)[] = []
    const types: Type[] = []
    for (const m of st.members) {
      if (seen.has(m.name)) {
        fail(m.loc, `redefinition of member '${m.name}' of struct '${st.name}'`)
      }
      seen.add(m.name)
      const ms = m.typeName === null ? null : this.structNamed(m.typeName, m.loc)
      memberStructs.push(ms)
      types.push(ms?.type ?? unrankedF64(this.ctx))
    }
    this.structs.set(st.name, { ast: st, type: StructType.get(this.ctx, types), memberStructs })
  }

  private structNamed(name: string, loc: SrcLoc): StructInfo {
    const st = this.structs.get(name)
    if (st === undefined) {
      fail(loc, `unknown struct type '${name}'`)
    }
    return st
  }

  /**
   * The struct `f` returns, or null for a tensor: the static struct of its first returned
   * expression (variables, parameters, member accesses and calls are followed; a recursive
   * call counts as a tensor).
   */
  private resultStructOf(f: FunctionAST): StructInfo | null {
    if (this.resultStructs.has(f.name)) {
      return this.resultStructs.get(f.name) ?? null
    }
    this.resultStructs.set(f.name, undefined)
    const vars = new Map<string, StructInfo | null>()
    for (const p of f.params) {
      vars.set(p.name, p.typeName === null ? null : this.structNamed(p.typeName, p.loc))
    }
    let result: StructInfo | null = null
    for (const s of f.body) {
      if (s.kind === 'var') {
        vars.set(s.name, s.typeName !== null ? this.structNamed(s.typeName, s.loc) : s.shape.length > 0 ? null : this.staticStruct(s.init, vars))
      } else if (s.kind === 'return' && s.value !== null) {
        result = this.staticStruct(s.value, vars)
        break
      }
    }
    this.resultStructs.set(f.name, result)
    return result
  }

  /** The struct `e` evaluates to (null: a tensor, or unknown here; generation reports errors). */
  private staticStruct(e: Expr, vars: ReadonlyMap<string, StructInfo | null>): StructInfo | null {
    switch (e.kind) {
      case 'variable':
        return vars.get(e.name) ?? null
      case 'call': {
        const callee = this.functions.get(e.callee)
        return callee === undefined ? null : this.resultStructOf(callee)
      }
      case 'binary': {
        if (e.op !== '.' || e.rhs.kind !== 'variable') {
          return null
        }
        const lhs = this.staticStruct(e.lhs, vars)
        const name = e.rhs.name
        const i = lhs === null ? -1 : lhs.ast.members.findIndex((m) => m.name === name)
        return i < 0 ? null : lhs!.memberStructs[i]!
      }
      default:
        return null
    }
  }

  /** `lhs.member`: a `toy.struct_access` of the member's index. */
  private genAccess(lhsExpr: Expr, member: Expr, loc: Location): Typed {
    const lhs = this.genTyped(lhsExpr)
    if (lhs.struct === null) {
      fail(lhsExpr.loc, "the left side of '.' must be a struct value")
    }
    if (member.kind !== 'variable') {
      fail(member.loc, "expected a member name after '.'")
    }
    const index = lhs.struct.ast.members.findIndex((m) => m.name === member.name)
    if (index < 0) {
      fail(member.loc, `struct '${lhs.struct.ast.name}' has no member '${member.name}'`)
    }
    const value = StructAccessOp.build(this.b, loc, {
      operands: { input: lhs.value },
      results: [lhs.struct.type.elementTypes[index]!],
      attributes: { index: IntegerAttr.get(IntegerType.get(this.ctx, 64), BigInt(index)) },
    }).getResult(0)
    return { value, struct: lhs.struct.memberStructs[index]! }
  }

  /** `{...}` initializing a `st`: a `toy.struct_constant` whose elements follow the members. */
  private genStructLiteral(e: StructLiteralExpr, st: StructInfo): Typed {
    const value = StructConstantOp.build(this.b, this.loc(e.loc), {
      attributes: { value: this.structLiteralAttr(e, st) },
      results: [st.type],
    }).getResult(0)
    return { value, struct: st }
  }

  private structLiteralAttr(e: StructLiteralExpr, st: StructInfo): ArrayAttr {
    const members = st.ast.members
    if (e.elements.length !== members.length) {
      fail(e.loc, `struct '${st.ast.name}' has ${members.length} members, but the literal has ${e.elements.length} values`)
    }
    const attrs = e.elements.map((x, i) => {
      const ms = st.memberStructs[i]!
      if (ms !== null) {
        if (x.kind !== 'struct') {
          fail(x.loc, `member '${members[i]!.name}' of '${st.ast.name}' is a '${ms.ast.name}': expected a struct literal`)
        }
        return this.structLiteralAttr(x, ms)
      }
      if (x.kind === 'struct') {
        fail(x.loc, `member '${members[i]!.name}' of '${st.ast.name}' is a tensor, not a struct`)
      }
      const values: number[] = []
      flatten(x, values)
      const dims = x.kind === 'literal' ? x.dims : []
      return DenseIntOrFPElementsAttr.get(RankedTensorType.get(dims, this.f64), values, false)
    })
    return ArrayAttr.get(this.ctx, attrs)
  }

  private constant(type: RankedTensorType, values: number[], loc: Location): Value {
    const value = DenseIntOrFPElementsAttr.get(type, values, false)
    return ConstantOp.build(this.b, loc, { attributes: { value } }).getResult(0)
  }

  private genLiteral(e: LiteralExpr, loc: Location): Value {
    const values: number[] = []
    flatten(e, values)
    return this.constant(RankedTensorType.get(e.dims, this.f64), values, loc)
  }

  /** A call used as a value (`needValue`) or as a statement; `transpose` is the builtin. */
  private genCall(e: Expr, needValue: boolean): Typed | null {
    if (e.kind !== 'call') {
      // An expression statement that is not a call computes nothing observable.
      this.genTyped(e)
      return null
    }
    const loc = this.loc(e.loc)
    if (e.callee === 'transpose') {
      if (e.args.length !== 1) {
        fail(e.loc, `'transpose' takes exactly 1 argument, got ${e.args.length}`)
      }
      const input = this.genExpr(e.args[0]!)
      return { value: TransposeOp.build(this.b, loc, { operands: { input }, results: { result: unrankedF64(this.ctx) } }).getResult(0), struct: null }
    }
    const callee = this.functions.get(e.callee)
    if (callee === undefined) {
      fail(e.loc, `call to unknown function '${e.callee}'`)
    }
    if (callee.params.length !== e.args.length) {
      fail(e.loc, `function '${e.callee}' takes ${callee.params.length} arguments, got ${e.args.length}`)
    }
    const hasResult = returnsValue(callee)
    if (needValue && !hasResult) {
      fail(e.loc, `function '${e.callee}' does not return a value`)
    }
    const inputs = e.args.map((a, i) => {
      const t = this.genTyped(a)
      const p = callee.params[i]!
      const expected = p.typeName === null ? null : this.structNamed(p.typeName, p.loc)
      if (expected === null ? t.value.type instanceof StructType : t.value.type !== expected.type) {
        fail(a.loc, `argument ${i + 1} of '${e.callee}' must be ${expected === null ? 'a tensor' : `a '${expected.ast.name}'`}`)
      }
      return t.value
    })
    const resultStruct = hasResult ? this.resultStructOf(callee) : null
    const call = GenericCallOp.build(this.b, loc, {
      operands: { inputs },
      results: hasResult ? [resultStruct?.type ?? unrankedF64(this.ctx)] : [],
      attributes: { callee: SymbolRefAttr.get(this.ctx, e.callee) },
    })
    return hasResult ? { value: call.getResult(0), struct: resultStruct } : null
  }
}

/** Builds the `toy` IR of `ast` in `ctx` (which must have the toy dialect loaded). */
export function mlirGen(ctx: Context, ast: ModuleAST): MLIRGenResult {
  try {
    return { module: new Generator(ctx).genModule(ast), diagnostic: null }
  } catch (e) {
    if (e instanceof GenError) {
      return { module: null, diagnostic: e.diagnostic }
    }
    throw e
  }
}
