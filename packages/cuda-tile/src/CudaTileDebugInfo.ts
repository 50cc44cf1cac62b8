/**
 * The debug-info rules of cuda_tile: a function's `di_loc` scope must be its
 * `di_subprogram` (with the function's name as linkage name), its ops may only carry scopes
 * of that subprogram, globals carry none, and a function location is never a call site.
 */
import { CallSiteLoc, FusedLoc, NameLoc, OpaqueLoc, type StringAttr, printAttribute, success, type Location, type LogicalResult, type Operation } from '@tilepass/ir'
import { DILexicalBlockAttr, DILocAttr, DISubprogramAttr, type DILocalScopeAttr } from './CudaTileAttributes.ts'

/** The `di_loc` inside `loc` (through call sites, fused, name and opaque locations), or null. */
export function getDILoc(loc: Location): DILocAttr | null {
  if (loc instanceof DILocAttr) {
    return loc
  }
  if (loc instanceof CallSiteLoc) {
    return getDILoc(loc.caller)
  }
  if (loc instanceof FusedLoc) {
    for (const l of loc.locations) {
      const d = getDILoc(l)
      if (d !== null) {
        return d
      }
    }
    return null
  }
  if (loc instanceof NameLoc) {
    return getDILoc(loc.childLoc)
  }
  if (loc instanceof OpaqueLoc) {
    return getDILoc(loc.fallback)
  }
  return null
}

/** The subprogram enclosing a local scope. */
export function getSubprogram(scope: DILocalScopeAttr): DISubprogramAttr {
  return scope instanceof DILexicalBlockAttr ? getSubprogram(scope.scope) : scope
}

const text = (a: object): string => printAttribute(a as never)

/** Checks a function's own location (`entry`, `testing$func`). */
export function verifyDebugInfoFunction(func: Operation): LogicalResult {
  if (func.location instanceof CallSiteLoc) {
    return func.emitOpError(`invalid function debug info location: ${text(func.location)}. Function location must not be a CallSiteLoc.`).fail()
  }
  const di = getDILoc(func.location)
  if (di !== null) {
    if (!(di.scope instanceof DISubprogramAttr)) {
      return func.emitOpError(`invalid function debug info scope: ${text(di.scope)}. Function location must have cuda_tile.di_subprogram debug info scope.`).fail()
    }
    const name = (func.getAttr('sym_name') as StringAttr).value
    if (di.scope.linkageName.value !== name) {
      return func
        .emitOpError(`invalid function debug info scope: ${text(di.scope)}. Function name "${name}" does not match subprogram scope linkage name ${text(di.scope.linkageName)}.`)
        .fail()
    }
  }
  return success()
}

/** Checks that the ops of a function carry only its subprogram's scopes. */
export function verifyDebugInfoFunctionBody(func: Operation): LogicalResult {
  const fnDi = getDILoc(func.location)
  const fnSub = fnDi === null ? null : getSubprogram(fnDi.scope)
  let ok = true
  func.walk((op: Operation) => {
    if (!ok || op === func) {
      return
    }
    const di = getDILoc(op.location)
    if (di === null) {
      return
    }
    const sub = getSubprogram(di.scope)
    if (fnSub === null) {
      op.emitOpError(`invalid operation debug info scope: ${text(sub)}. Operation has debug info scope, but function debug info scope is undefined.`).report()
      ok = false
    } else if (sub !== fnSub) {
      op.emitError(`invalid operation debug info scope: ${text(sub)}. Operation debug info scope does not match function debug info scope: ${text(fnSub)}.`).report()
      ok = false
    }
  })
  return ok
}

/** Checks that the module's non-function ops (globals) carry no scope. */
export function verifyDebugInfoModule(module: Operation): LogicalResult {
  const body = module.regions[0]?.firstBlock
  if (body === null || body === undefined) {
    return success()
  }
  for (const op of body.operations) {
    const isFunc = op.name.name === 'cuda_tile.entry' || op.name.name === 'cuda_tile.testing$func'
    if (!isFunc) {
      const di = getDILoc(op.location)
      if (di !== null) {
        return op.emitOpError(`invalid operation debug info scope: ${text(di)}. Global variables must not have scope.`).fail()
      }
    }
  }
  return success()
}
