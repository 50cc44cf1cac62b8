/**
 * Verification of `optimization_hints` (per-architecture hint dictionaries on `entry` and
 * the load/store ops). As in cuda-tile-opt, problems are only reported when the context
 * asks for it (`-Wunsupported-hints`: one warning per bad item); with `-Werr-hints` too,
 * the first bad entry fails the op with "Optimization hints verification failed".
 */
import { DictionaryAttr, IntegerAttr, IntegerType, printAttribute, success, type Attribute, type Context, type Location, type LogicalResult, type Operation } from '@tilepass/ir'
import { OptimizationHintsAttr } from './CudaTileAttributes.ts'

/** How a context reports unsupported or invalid hints. */
export interface HintDiagnostics {
  /** `-Wunsupported-hints`: warn about each unsupported or invalid hint. */
  readonly warnUnsupportedHints: boolean
  /** `-Werr-hints`: a bad hint fails verification (needs `warnUnsupportedHints`). */
  readonly errorOnHints: boolean
}

const settings = new WeakMap<Context, HintDiagnostics>()

/** Sets how `context` reports optimization-hint problems (default: silently accepted). */
export function setHintDiagnostics(context: Context, value: HintDiagnostics): void {
  settings.set(context, value)
}

/** The hint-diagnostics settings of `context`. */
export function getHintDiagnostics(context: Context): HintDiagnostics {
  return settings.get(context) ?? { warnUnsupportedHints: false, errorOnHints: false }
}

/** The architecture keys hints may be given for, plus `default`. */
export const HINT_ARCH_KEYS: readonly string[] = ['sm_80', 'sm_86', 'sm_87', 'sm_88', 'sm_89', 'sm_90', 'sm_100', 'sm_103', 'sm_110', 'sm_120', 'sm_121', 'default']

function intValue(a: Attribute): bigint | null {
  return a instanceof IntegerAttr && !(a.type instanceof IntegerType && a.type.width === 1) ? a.value : null
}

function isPow2(v: bigint): boolean {
  return v > 0n && (v & (v - 1n)) === 0n
}

/** The problem with one hint value, or null. */
function checkParam(key: string, value: Attribute, context: string): string | null {
  const where = `${context}.${key}`
  switch (key) {
    case 'num_cta_in_cga': {
      const v = intValue(value)
      if (v === null) {
        return `integer value expected for ${where}`
      }
      if (['sm_80', 'sm_86', 'sm_87', 'sm_88', 'sm_89'].some((a) => context.startsWith(a)) && v !== 1n) {
        return `expected 1 for ${where}`
      }
      return !isPow2(v) || v > 16n ? `expected power-of-two ≤ 16 for ${where}` : null
    }
    case 'num_worker_warps_per_cta': {
      const v = intValue(value)
      if (v === null) {
        return `integer value expected for ${where}`
      }
      return !isPow2(v) || v > 32n ? `expected power-of-two ≤ 32 for ${where}` : null
    }
    case 'allow_tma':
      return value instanceof IntegerAttr && value.type instanceof IntegerType && value.type.width === 1 ? null : `boolean value expected for ${where}`
    case 'latency': {
      const v = intValue(value)
      if (v === null) {
        return `integer value expected for ${where}`
      }
      return v < 1n || v > 10n ? `integer value in the range [1, 10] is expected for ${where}` : null
    }
    case 'occupancy': {
      const v = intValue(value)
      if (v === null) {
        return `integer value expected for ${where}`
      }
      return v < 1n || v > 32n ? `integer value in the range [1, 32] is expected for ${where}` : null
    }
    default:
      return `unknown param ${key} for ${context}`
  }
}

/** The hint keys valid on `op`. */
function keysFor(op: Operation): readonly string[] {
  switch (op.name.name) {
    case 'cuda_tile.entry':
      return ['num_cta_in_cga', 'num_worker_warps_per_cta', 'occupancy']
    case 'cuda_tile.load_view_tko':
    case 'cuda_tile.store_view_tko':
      return ['latency', 'allow_tma']
    case 'cuda_tile.load_ptr_tko':
    case 'cuda_tile.store_ptr_tko':
      return ['latency']
    default:
      return []
  }
}

function verifyEntry(loc: Location, arch: string, dict: DictionaryAttr, valid: readonly string[], warn: (loc: Location, msg: string) => void): boolean {
  if (!HINT_ARCH_KEYS.includes(arch)) {
    warn(loc, `unknown hint key ${arch}`)
    return false
  }
  let ok = true
  for (const param of dict.entries) {
    if (valid.length > 0 && !valid.includes(param.name)) {
      warn(loc, `${param.name} is not known hint for current Operation`)
      ok = false
      continue
    }
    const problem = checkParam(param.name, param.value, arch)
    if (problem !== null) {
      warn(loc, problem)
      ok = false
    }
  }
  return ok
}

/** Verifies the `optimization_hints` of `op` (cuda_tile's `verifyOptHintsCommon`). */
export function verifyOptimizationHints(op: Operation): LogicalResult {
  const hints = op.getAttr('optimization_hints')
  if (!(hints instanceof OptimizationHintsAttr) || hints.entries.length === 0) {
    return success()
  }
  const { warnUnsupportedHints, errorOnHints } = getHintDiagnostics(op.context)
  const valid = keysFor(op)
  const warn = (loc: Location, msg: string): void => {
    op.context.emitWarning(loc, msg).report()
  }
  for (const entry of hints.entries) {
    if (!(entry.value instanceof DictionaryAttr)) {
      return op.emitOpError(`expected dictionary attribute for optimization_hints entry \`${entry.name}\` got value=${printAttribute(entry.value)}`).fail()
    }
    if (!warnUnsupportedHints) {
      continue
    }
    if (!verifyEntry(op.location, entry.name, entry.value, valid, warn) && errorOnHints) {
      return op.emitOpError('Optimization hints verification failed').fail()
    }
  }
  return success()
}
