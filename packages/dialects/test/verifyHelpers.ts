// Shared by the arith and scf verifier tests: mlir-opt-style diagnostics of split input.
import {
  BuiltinDialect,
  Context,
  FileLineColLoc,
  parseSourceString,
  verify,
  type Location,
} from '@tilepass/ir'
import { ArithDialect } from '../src/arith/index.ts'
import { ScfDialect } from '../src/scf/index.ts'

function newContext(): Context {
  return new Context({ dialects: [BuiltinDialect, ArithDialect, ScfDialect], allowUnregisteredDialects: true })
}

function lineCol(l: Location): string {
  return l instanceof FileLineColLoc ? `${l.line}:${l.column}` : '?'
}

/**
 * Runs each `// -----` chunk of `source` like `mlir-opt --split-input-file`: parse, then
 * verify the top-level ops; returns the diagnostics as `line:col: severity: message`
 * (notes "see current operation" left out, as in the expectations).
 */
export function diagnose(source: string): string[] {
  const out: string[] = []
  const bounds: [number, number][] = []
  let start = 0
  for (;;) {
    const i = source.indexOf('// -----', start)
    if (i < 0) {
      bounds.push([start, source.length])
      break
    }
    bounds.push([start, i])
    start = source.indexOf('\n', i) + 1
  }
  for (const [s, e] of bounds) {
    const ctx = newContext()
    ctx.diagEngine.registerHandler((d) => {
      out.push(`${lineCol(d.location)}: ${d.severity}: ${d.message}`)
      for (const n of d.notes) {
        if (!n.message.startsWith('see current operation')) {
          out.push(`${lineCol(n.location)}: note: ${n.message}`)
        }
      }
      return true
    })
    const r = parseSourceString(source, ctx, { bufferStart: s, bufferEnd: e })
    if (r !== null) {
      for (const op of r.op.regions[0]!.front.operations) {
        if (!verify(op)) {
          break
        }
      }
    }
  }
  return out
}
