import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Context, parseSourceString, printOperation, verify, type Operation } from '@tilepass/ir'
import { CudaTileTestingDialect } from '../src/CudaTileDialect.ts'

/**
 * Helpers for the bytecode tests: a context with the cuda_tile dialect whose diagnostics
 * are collected, parsing and printing, and the location of NVIDIA's conformance corpus.
 */

/** A context with cuda_tile registered; `messages` receives every diagnostic's text. */
export function bytecodeContext(): { context: Context; messages: string[] } {
  const context = new Context({ dialects: [CudaTileTestingDialect] })
  const messages: string[] = []
  context.diagEngine.registerHandler((d) => {
    messages.push(d.message)
    return true
  })
  return { context, messages }
}

/** Parses `text` (one top-level `cuda_tile.module`) and verifies it; throws with the diagnostics otherwise. */
export function parseModule(text: string, context: Context, messages: string[]): Operation {
  const parsed = parseSourceString(text, context, { filename: 'input.mlir', noImplicitModule: true })
  if (parsed === null || !verify(parsed.op)) {
    throw new Error(`invalid test input:\n${messages.join('\n')}\n${text}`)
  }
  return parsed.op
}

/** The custom-form text of `op`. */
export function print(op: Operation): string {
  return printOperation(op)
}

const here = path.dirname(fileURLToPath(import.meta.url))

/**
 * The cuda_tile conformance corpus (`TILEPASS_CONFORMANCE_DIR`/cuda-tile, or the shared
 * directory next to the checkout), or null when this machine has none.
 */
export function corpusDir(): string | null {
  const candidates = [
    ...(process.env.TILEPASS_CONFORMANCE_DIR !== undefined ? [path.join(process.env.TILEPASS_CONFORMANCE_DIR, 'cuda-tile')] : []),
    path.resolve(here, '../../../../shared/conformance/cuda-tile'),
    path.resolve(here, '../../../../../shared/conformance/cuda-tile'),
  ]
  return candidates.find((c) => existsSync(path.join(c, 'Bytecode'))) ?? null
}

/** The bytes of a corpus file. */
export function corpusBytes(dir: string, rel: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(dir, rel)))
}

/** The `.mlir` files of a corpus directory (relative paths). */
export function corpusMlirFiles(dir: string, sub: string): string[] {
  return readdirSync(path.join(dir, sub))
    .filter((f) => f.endsWith('.mlir'))
    .map((f) => path.join(sub, f))
}
