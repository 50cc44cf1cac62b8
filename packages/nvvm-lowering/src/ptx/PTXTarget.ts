/**
 * PTX targets: the `--gpu-name` values the native emitter accepts and the `.version` /
 * `.target` lines it writes for them.
 */

/** The PTX ISA version written for every target: the one CUDA 13.0's ptxas reads natively. */
export const PTX_ISA_VERSION = '9.0'

/**
 * Targets CUDA 13.0's ptxas accepts (sm_101 became sm_110 in 13.0). `a` targets enable
 * architecture-specific features (setmaxnreg, wgmma, tcgen05); `f` targets family ones.
 */
const KNOWN_TARGETS: ReadonlySet<string> = new Set([
  'sm_80',
  'sm_86',
  'sm_87',
  'sm_88',
  'sm_89',
  'sm_90',
  'sm_90a',
  'sm_100',
  'sm_100a',
  'sm_100f',
  'sm_103',
  'sm_103a',
  'sm_103f',
  'sm_110',
  'sm_110a',
  'sm_110f',
  'sm_120',
  'sm_120a',
  'sm_120f',
  'sm_121',
  'sm_121a',
  'sm_121f',
])

/** A parsed `--gpu-name`: the SM number and whether the arch-specific (`a`) features are on. */
export interface PTXTarget {
  /** The name as written (`sm_90a`). */
  readonly name: string
  /** 80 for `sm_80`, 100 for `sm_100a`. */
  readonly sm: number
  /** True for `sm_90a`, `sm_100a`, ...: architecture-specific instructions are allowed. */
  readonly archSpecific: boolean
}

/** Parses a `--gpu-name` value; returns an error message for names ptxas 13.0 does not know. */
export function parsePTXTarget(name: string): PTXTarget | string {
  if (!KNOWN_TARGETS.has(name)) {
    return `unsupported GPU name '${name}' (expected one of ${[...KNOWN_TARGETS].join(', ')})`
  }
  const m = /^sm_(\d+)([af]?)$/.exec(name)!
  return { name, sm: Number(m[1]), archSpecific: m[2] === 'a' }
}
