import { UnknownLoc, type Context, type Operation } from '@tilepass/ir'
import type { ToolIO } from '../ToolIO.ts'
import { decodeInput } from './largeStack.ts'
import { TOOL_LIBRARY } from './toolLoaders.lazy.ts'

/** @internal Reports the messages of the bytecode reader or writer as errors of `context`. */
export function reportMessages(context: Context, messages: readonly string[]): void {
  const loc = UnknownLoc.get(context)
  for (const m of messages) {
    context.emitError(loc, m).report()
  }
}

/**
 * @internal Reads the input of `tilepass-opt`: its text, or, when it is Tile IR bytecode
 * (starts with the magic), its bytes, which are read as the module they encode.
 */
export function readOptInput(path: string, io: ToolIO): { text: string; bytecode: Uint8Array | null; mlirBytecode: boolean } {
  if (io.readFileBytes === undefined) {
    const text = io.readFile(path)
    return { text, bytecode: null, mlirBytecode: /^ML[\u00ef\ufffd]R/.test(text) }
  }
  const bytes = io.readFileBytes(path)
  if (TOOL_LIBRARY.isTileIRBytecode()(bytes)) {
    return { text: '', bytecode: bytes, mlirBytecode: false }
  }
  // Upstream MLIR bytecode ("ML\xefR"), which no Tilepass reader understands.
  const mlirBytecode = bytes.length >= 4 && bytes[0] === 0x4d && bytes[1] === 0x4c && bytes[2] === 0xef && bytes[3] === 0x52
  return { text: decodeInput(bytes), bytecode: null, mlirBytecode }
}

/** @internal Reads bytecode as a parsed input: the module, or null after reporting the reader's messages. */
export function parseTileBytecode(
  bytes: Uint8Array,
  context: Context,
): { op: Operation; externalResources: Map<string, Map<string, never>>; dialectResources: Map<string, Map<string, never>> } | null {
  const result = TOOL_LIBRARY.readCudaTileBytecode()(bytes, context)
  if (!result.ok) {
    reportMessages(context, result.messages)
    return null
  }
  return { op: result.module, externalResources: new Map(), dialectResources: new Map() }
}
