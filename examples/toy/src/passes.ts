/**
 * Chapter 4: inlining of `toy.generic_call` and intraprocedural shape inference.
 *
 * The library's `inline` pass requires the call's argument types to match the callee's
 * (it materializes no conversions), but a Toy call passes `tensor<2x3xf64>` to a generic
 * `tensor<*xf64>` parameter. `toy-inline` therefore inlines itself, inserting a
 * `toy.cast` where the types differ, as MLIR's Toy does through its inliner interface.
 */
import { IRMapping, OpBuilder, SymbolTable, UnrankedTensorType, type Operation, type SymbolRefAttr, type Value } from '@tilepass/ir'
import { OperationPass, type Statistic } from '@tilepass/pass-manager'
import { CastOp, ShapeInference } from './dialect.ts'

/** `toy.cast %v : T to type` before `b`'s insertion point, or `v` when it already has `type`. */
function castTo(b: OpBuilder, v: Value, type: Value['type'], loc: Operation['location']): Value {
  return v.type === type ? v : CastOp.build(b, loc, { operands: { input: v }, results: { output: type } }).getResult(0)
}

/** The callee names of the `toy.generic_call`s in `op`. */
function calleesOf(op: Operation): Set<string> {
  const names = new Set<string>()
  op.walk((inner) => {
    if (inner.name.name === 'toy.generic_call') {
      names.add((inner.getAttr('callee') as SymbolRefAttr).leafReference)
    }
  })
  return names
}

/** The functions of `module` that can reach themselves through calls (never inlined). */
function recursiveFunctions(module: Operation): Set<string> {
  const edges = new Map<string, Set<string>>()
  for (const fn of module.regions[0]!.front.operations) {
    if (fn.name.name === 'toy.func') {
      edges.set(SymbolTable.getSymbolName(fn) ?? '', calleesOf(fn))
    }
  }
  const recursive = new Set<string>()
  for (const start of edges.keys()) {
    const seen = new Set<string>()
    const stack = [...(edges.get(start) ?? [])]
    while (stack.length > 0) {
      const name = stack.pop()!
      if (name === start) {
        recursive.add(start)
        break
      }
      if (!seen.has(name)) {
        seen.add(name)
        stack.push(...(edges.get(name) ?? []))
      }
    }
  }
  return recursive
}

/**
 * Inlines every `toy.generic_call` of a non-recursive function (repeatedly, so calls
 * brought in by inlined bodies are inlined too), then erases the private functions no
 * longer called. Calls into recursion stay calls.
 */
export class ToyInlinePass extends OperationPass {
  static override readonly argument = 'toy-inline'
  static override readonly summary = 'Inline toy.generic_call, casting arguments to the callee types'
  static override readonly opName = 'builtin.module'
  static override readonly statistics = { 'num-inlined': 'Number of calls inlined' }
  private readonly numInlined: Statistic = this.statistic('num-inlined')

  override runOnOperation(): void {
    const module = this.getOperation()
    const b = new OpBuilder(module.context)
    const recursive = recursiveFunctions(module)
    for (;;) {
      const calls: Operation[] = []
      module.walk((op) => {
        if (op.name.name === 'toy.generic_call' && !recursive.has((op.getAttr('callee') as SymbolRefAttr).leafReference)) {
          calls.push(op)
        }
      })
      if (calls.length === 0) {
        break
      }
      let inlined = 0
      for (const call of calls) {
        inlined += this.inlineCall(b, call) ? 1 : 0
      }
      if (inlined === 0) {
        break
      }
    }
    // Private functions nobody calls any more are dead.
    const called = calleesOf(module)
    for (const fn of [...module.regions[0]!.front.operations]) {
      if (fn.name.name === 'toy.func' && SymbolTable.getSymbolVisibility(fn) === 'private' && !called.has(SymbolTable.getSymbolName(fn) ?? '')) {
        fn.erase()
      }
    }
  }

  /** Inlines `call`; false when its callee has no body (the verifier reports a missing one). */
  private inlineCall(b: OpBuilder, call: Operation): boolean {
    const fn = SymbolTable.lookupNearestSymbolFrom(call, call.getAttr('callee') as SymbolRefAttr)
    if (fn === undefined || fn.regions[0]!.empty) {
      return false
    }
    const body = fn.regions[0]!.front
    const mapping = new IRMapping()
    b.setInsertionPoint(call)
    for (let i = 0; i < body.numArguments; i++) {
      const arg = body.getArgument(i)
      mapping.map(arg, castTo(b, call.getOperand(i), arg.type, call.location))
    }
    for (const op of body.operations) {
      if (op.name.name === 'toy.return') {
        for (let i = 0; i < call.numResults; i++) {
          const result = call.getResult(i)
          result.replaceAllUsesWith(castTo(b, mapping.lookupOrDefault(op.getOperand(i)), result.type, call.location))
        }
        break
      }
      b.insert(op.clone(mapping))
    }
    call.erase()
    this.numInlined.add()
    return true
  }
}

/**
 * Infers the shapes of `tensor<*xf64>` results from ranked operands, op by op, through
 * the `ShapeInference` interface; fails when some op cannot be inferred.
 */
export class ShapeInferencePass extends OperationPass {
  static override readonly argument = 'toy-shape-inference'
  static override readonly summary = 'Infer the shapes of unranked toy values'
  static override readonly opName = 'toy.func'

  override runOnOperation(): void {
    const fn = this.getOperation()
    const worklist = new Set<Operation>()
    fn.walk((op) => {
      if (op.results.some((r) => r.type instanceof UnrankedTensorType)) {
        worklist.add(op)
      }
    })
    while (worklist.size > 0) {
      let next: Operation | undefined
      for (const op of worklist) {
        if (op.getOperands().every((v) => !(v.type instanceof UnrankedTensorType))) {
          next = op
          break
        }
      }
      if (next === undefined) {
        break
      }
      worklist.delete(next)
      const iface = ShapeInference.get(next)
      if (iface === undefined) {
        next.emitError('unable to infer shape of operation without shape inference interface').report()
        this.signalPassFailure()
        return
      }
      iface.inferShapes(next)
    }
    if (worklist.size > 0) {
      fn.emitError(`shape inference failed, ${worklist.size} operations couldn't be inferred`).report()
      this.signalPassFailure()
    }
  }
}
