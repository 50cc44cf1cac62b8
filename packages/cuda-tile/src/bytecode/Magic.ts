/**
 * The magic number that starts Tile IR bytecode, apart from the rest of the format (see
 * Format.ts): a tool checks every input for it, and this module has nothing to evaluate.
 */

/** `\x7fTileIR\0`. */
export const MAGIC: readonly number[] = [0x7f, 0x54, 0x69, 0x6c, 0x65, 0x49, 0x52, 0x00]

/** True when `bytes` starts with the Tile IR bytecode magic. */
export function isTileIRBytecode(bytes: Uint8Array): boolean {
  if (bytes.length < MAGIC.length) {
    return false
  }
  for (let i = 0; i < MAGIC.length; i++) {
    if (bytes[i] !== MAGIC[i]) {
      return false
    }
  }
  return true
}
