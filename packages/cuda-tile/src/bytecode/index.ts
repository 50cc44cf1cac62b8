/**
 * Tile IR bytecode (`\x7fTileIR\0`): NVIDIA's binary form of a `cuda_tile.module`,
 * versions 13.1 to 13.3 (and the test-only 250.0/250.1).
 */
import type { Context, Operation } from '@tilepass/ir'
import { cudaTileBytecodeHost } from './CudaTileHost.ts'
import { readBytecode, type ReadResult } from './Reader.ts'
import { CURRENT_VERSION, type BytecodeVersion } from './Version.ts'
import { writeBytecode } from './Writer.ts'

/**
 * Writes a `cuda_tile.module` as bytecode of `version` (default 13.3). Returns the bytes,
 * or null after reporting NVIDIA's diagnostics on the module's context.
 */
export function writeCudaTileBytecode(module: Operation, version: BytecodeVersion = CURRENT_VERSION): Uint8Array | null {
  return writeBytecode(module, cudaTileBytecodeHost(), version)
}

/**
 * Reads bytecode into a `cuda_tile.module @kernels` in `context` (which must have the
 * cuda_tile dialect registered). Malformed input gives `{ ok: false, messages }` with
 * NVIDIA's messages (`error at offset N: ...`); nothing is thrown.
 */
export function readCudaTileBytecode(bytes: Uint8Array, context: Context): ReadResult {
  try {
    return readBytecode(bytes, context, cudaTileBytecodeHost())
  } catch (error) {
    // Regions nested past the host's stack, or a reader bug: still a message, not an exception.
    if (error instanceof RangeError && error.message.includes('call stack')) {
      return { ok: false, messages: ['regions nested too deeply: exceeded the stack limit'] }
    }
    return { ok: false, messages: [`internal error while reading bytecode: ${error instanceof Error ? error.message : String(error)}`] }
  }
}

export { isTileIRBytecode } from './Magic.ts'
export type { ReadResult } from './Reader.ts'
export { BytecodeVersion, CURRENT_VERSION, MIN_SUPPORTED_VERSION, SUPPORTED_VERSIONS, parseBytecodeVersionOption } from './Version.ts'
