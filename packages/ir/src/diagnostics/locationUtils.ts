import { CallSiteLoc, FileLineColLoc, FusedLoc, NameLoc, OpaqueLoc, UnknownLoc, type Location } from '../Location.ts'

/**
 * @internal The first `FileLineColLoc` in a pre-order walk of `loc` (callee before
 * caller, fused locations in order), as MLIR's `findInstanceOf<FileLineColLoc>`.
 */
export function findFileLineColLoc(loc: Location): FileLineColLoc | null {
  const stack: Location[] = [loc]
  while (stack.length > 0) {
    const l = stack.pop()!
    if (l instanceof FileLineColLoc) { return l }
    if (l instanceof NameLoc) { stack.push(l.childLoc) }
    else if (l instanceof CallSiteLoc) { stack.push(l.caller, l.callee) }
    else if (l instanceof FusedLoc) { for (let i = l.locations.length - 1; i >= 0; i--) { stack.push(l.locations[i]!) } }
    else if (l instanceof OpaqueLoc) { stack.push(l.fallback) }
  }
  return null
}

/** @internal The call site location a diagnostic at `loc` unwinds (looking through names and fusions). */
export function getCallSiteLoc(loc: Location): CallSiteLoc | null {
  for (;;) {
    if (loc instanceof NameLoc) {
      loc = loc.childLoc
      continue
    }
    if (loc instanceof CallSiteLoc) { return loc }
    if (loc instanceof FusedLoc) {
      for (const sub of loc.locations) {
        const c = getCallSiteLoc(sub)
        if (c !== null) { return c }
      }
    }
    return null
  }
}

/** @internal Escapes a string the way MLIR's printer writes string literals. */
export function escapeString(s: string): string {
  let out = ''
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    if (c === 0x5c) { out += '\\\\' }
    else if (c === 0x22) { out += '\\"' }
    else if (c >= 0x20 && c < 0x7f) { out += ch }
    else { for (const b of utf8.encode(ch)) { out += '\\' + b.toString(16).toUpperCase().padStart(2, '0') } }
  }
  return out
}

const utf8 = new TextEncoder()

function printLocBody(loc: Location): string {
  if (loc instanceof UnknownLoc) { return 'unknown' }
  if (loc instanceof FileLineColLoc) {
    let s = `"${escapeString(loc.filename)}":${loc.line}:${loc.column}`
    if (loc.isRange) { s += loc.endLine === loc.line ? ` to :${loc.endColumn}` : ` to ${loc.endLine}:${loc.endColumn}` }
    return s
  }
  if (loc instanceof NameLoc) {
    const name = `"${escapeString(loc.name)}"`
    return loc.childLoc instanceof UnknownLoc ? name : `${name}(${printLocBody(loc.childLoc)})`
  }
  if (loc instanceof CallSiteLoc) { return `callsite(${printLocBody(loc.callee)} at ${printLocBody(loc.caller)})` }
  if (loc instanceof FusedLoc) { return `fused[${loc.locations.map(printLocBody).join(', ')}]` }
  if (loc instanceof OpaqueLoc) { return printLocBody(loc.fallback) }
  return 'unknown'
}

/** @internal Prints `loc` in its inline form, `loc(...)`, for diagnostics without a file position. */
export function printLocationInline(loc: Location): string {
  return `loc(${printLocBody(loc)})`
}
