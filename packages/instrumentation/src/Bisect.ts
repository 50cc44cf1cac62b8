import { StringAttr, printOperation, type ActionHandler, type Context, type Operation } from '@tilepass/ir'
import { PassExecutionAction } from '@tilepass/pass-manager'
import { filteringHandler, installInFront } from './internal/actionChain.ts'

/** The settings of opt-bisect (LLVM's `-opt-bisect-limit` family, applied to passes). */
export interface OptBisectOptions {
  /** Passes with an index above the limit are skipped (`opt-bisect-limit`); indices start at 1. */
  readonly limit: number
  /** Only passes on functions with these symbol names are counted and skipped (`opt-bisect-funcs`); empty: all. */
  readonly funcs?: readonly string[]
  /** Print each decision (`opt-bisect-verbose`). */
  readonly verbose?: boolean
  /** Where verbose lines go. */
  readonly output?: (text: string) => void
  /** Writes the top-level IR here when the limit is first reached (`opt-bisect-print-ir-path`). */
  readonly printIRPath?: string
  /** Writes a file, for `printIRPath`. */
  readonly writeFile?: (path: string, text: string) => void
}

function isAdaptorAction(action: PassExecutionAction): boolean {
  return action.pass.name.startsWith('Pipeline Collection')
}

function functionName(op: Operation): string | null {
  for (let o: Operation | null = op; o !== null; o = o.parentOp) {
    const sym = o.getAttr('sym_name')
    if (sym instanceof StringAttr && o.regions.length > 0 && o.name.name.endsWith('func')) {
      return sym.value
    }
  }
  return null
}

/**
 * Opt-bisect over pass executions: counts every pass execution (adaptors and required
 * passes, such as the lowerings of a compile pipeline, excluded) and
 * skips those whose index exceeds the limit, so a bisection finds the first pass that
 * breaks the IR. Installed as an action handler on `pass-execution` actions.
 */
export class OptBisect {
  /** The number of pass executions counted so far. */
  count = 0
  private printed = false
  private readonly lastSkipped: WeakMap<object, Operation> = new WeakMap()

  constructor(private readonly options: OptBisectOptions) {}

  /** Decides whether the pass execution `action` runs, counting it. */
  shouldRun(action: PassExecutionAction): boolean {
    if (isAdaptorAction(action) || (action.pass.constructor as { readonly required?: boolean }).required === true) {
      // Adaptors, and passes the pipeline cannot do without (LLVM's isRequired), always run uncounted.
      return true
    }
    const o = this.options
    const funcs = o.funcs ?? []
    if (funcs.length > 0) {
      const name = functionName(action.op)
      if (name === null || !funcs.includes(name)) {
        return true
      }
    }
    const index = ++this.count
    const run = index <= o.limit
    if (run) {
      this.lastSkipped.delete(action.pass)
    } else {
      this.lastSkipped.set(action.pass, action.op)
    }
    if (o.verbose === true && o.output !== undefined) {
      const sym = action.op.getAttr('sym_name')
      const target = `${action.op.name.name}${sym instanceof StringAttr ? ` (@${sym.value})` : ''}`
      o.output(`BISECT: ${run ? '' : 'NOT '}running pass (${index}) ${action.pass.name} on ${target}\n`)
    }
    if (!run && !this.printed && o.printIRPath !== undefined && o.printIRPath !== '' && o.writeFile !== undefined) {
      this.printed = true
      let top = action.op
      while (top.parentOp !== null) {
        top = top.parentOp
      }
      o.writeFile(o.printIRPath, printOperation(top))
    }
    return run
  }

  /** True when the latest execution of `pass` on `op` was skipped. */
  wasSkipped(pass: object, op: Operation): boolean {
    return this.lastSkipped.get(pass) === op
  }

  /** An action handler applying the bisection, then deferring to `next`. */
  handler(next: ActionHandler | null): ActionHandler {
    return filteringHandler((action) => !(action instanceof PassExecutionAction) || this.shouldRun(action), next)
  }

  /** Installs the bisection on `context` in front of its current action handler. */
  install(context: Context): void {
    installInFront(context, (prev) => this.handler(prev))
  }
}
