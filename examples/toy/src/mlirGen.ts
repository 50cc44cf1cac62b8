/**
 * Chapter 2: IR generation. Walks the Toy AST and builds a `builtin.module` of `toy.func`s.
 *
 * Functions are generic: every parameter is `tensor<*xf64>`, and so is the result of a
 * function that returns a value. Each AST position becomes a `FileLineColLoc`. Semantic
 * errors (unknown variable, wrong arity, ...) are reported as `ToyDiagnostic`s.
 */
import {
  Block,
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
  type Value,
} from '@tilepass/ir'
import type { Expr, FunctionAST, LiteralExpr, ModuleAST, SrcLoc, Stmt } from './ast.ts'
import { AddOp, ConstantOp, FuncOp, GenericCallOp, MulOp, PrintOp, ReshapeOp, ReturnOp, TransposeOp, unrankedF64 } from './dialect.ts'
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
  private scope = new Map<string, Value>()

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
    const inputs = f.params.map(() => unranked)
    const type = FunctionType.get(ctx, inputs, returnsValue(f) ? [unranked] : [])
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
      this.scope.set(p.name, entry.addArgument(unranked, this.loc(p.loc)))
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
        let value = this.genExpr(s.init)
        if (s.shape.length > 0) {
          value = ReshapeOp.build(this.b, this.loc(s.loc), {
            operands: { input: value },
            results: { result: RankedTensorType.get(s.shape, this.f64) },
          }).getResult(0)
        }
        this.scope.set(s.name, value)
        return false
      }
      case 'print':
        PrintOp.build(this.b, this.loc(s.loc), { operands: { input: this.genExpr(s.arg) } })
        return false
      case 'return':
        ReturnOp.build(this.b, this.loc(s.loc), { operands: { input: s.value === null ? null : this.genExpr(s.value) } })
        return true
      case 'expr':
        this.genCall(s.expr, false)
        return false
    }
  }

  private genExpr(e: Expr): Value {
    const loc = this.loc(e.loc)
    switch (e.kind) {
      case 'number':
        return this.constant(RankedTensorType.get([], this.f64), [e.value], loc)
      case 'literal':
        return this.genLiteral(e, loc)
      case 'variable': {
        const v = this.scope.get(e.name)
        if (v === undefined) {
          fail(e.loc, `unknown variable '${e.name}'`)
        }
        return v
      }
      case 'binary': {
        const lhs = this.genExpr(e.lhs)
        const rhs = this.genExpr(e.rhs)
        const results = { result: unrankedF64(this.ctx) }
        if (e.op === '+') {
          return AddOp.build(this.b, loc, { operands: { lhs, rhs }, results }).getResult(0)
        }
        if (e.op === '*') {
          return MulOp.build(this.b, loc, { operands: { lhs, rhs }, results }).getResult(0)
        }
        return fail(e.loc, `binary operator '${e.op}' is not supported`)
      }
      case 'call':
        return this.genCall(e, true)!
    }
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
  private genCall(e: Expr, needValue: boolean): Value | null {
    if (e.kind !== 'call') {
      // An expression statement that is not a call computes nothing observable.
      this.genExpr(e)
      return null
    }
    const loc = this.loc(e.loc)
    if (e.callee === 'transpose') {
      if (e.args.length !== 1) {
        fail(e.loc, `'transpose' takes exactly 1 argument, got ${e.args.length}`)
      }
      const input = this.genExpr(e.args[0]!)
      return TransposeOp.build(this.b, loc, { operands: { input }, results: { result: unrankedF64(this.ctx) } }).getResult(0)
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
    const inputs = e.args.map((a) => this.genExpr(a))
    const call = GenericCallOp.build(this.b, loc, {
      operands: { inputs },
      results: hasResult ? [unrankedF64(this.ctx)] : [],
      attributes: { callee: SymbolRefAttr.get(this.ctx, e.callee) },
    })
    return hasResult ? call.getResult(0) : null
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
