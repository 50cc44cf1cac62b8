/**
 * Which opcodes a bytecode version has: NVIDIA's rule is that an opcode exists in a
 * version when it is at most the largest opcode of the ops introduced up to that version.
 */
import type { CudaTileBytecodeHost } from './Schema.ts'
import { SUPPORTED_VERSIONS, type BytecodeVersion } from './Version.ts'

/** The largest opcode of each supported version. */
export class OpcodeLimits {
  private readonly maxByVersion = new Map<number, number>()

  private constructor(host: CudaTileBytecodeHost) {
    for (const v of SUPPORTED_VERSIONS) {
      let max = -1
      for (const s of host.allOpSchemas()) {
        if (v.atLeast(s.since) && s.opcode > max) {
          max = s.opcode
        }
      }
      this.maxByVersion.set(v.major * 256 + v.minor, max)
    }
  }

  private static readonly cache = new WeakMap<CudaTileBytecodeHost, OpcodeLimits>()

  /** The limits of `host`'s op table (computed once per host). */
  static of(host: CudaTileBytecodeHost): OpcodeLimits {
    let limits = OpcodeLimits.cache.get(host)
    if (limits === undefined) {
      limits = new OpcodeLimits(host)
      OpcodeLimits.cache.set(host, limits)
    }
    return limits
  }

  /** True when `opcode` exists in `version`. */
  isAvailable(opcode: number, version: BytecodeVersion): boolean {
    const max = this.maxByVersion.get(version.major * 256 + version.minor)
    return max !== undefined && opcode <= max
  }
}
