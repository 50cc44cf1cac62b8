import type * as ChildProcess from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { emitPTX, parsePTXTarget, translateModuleToLLVMIR } from '@tilepass/nvvm-lowering'
import type { Operation } from '@tilepass/ir'
import type { TranslateEnv, TranslationRegistry } from './translateRegistry.ts'

const GENERAL = 'General options'
/** The default `--gpu-name`: Hopper with its architecture-specific features. */
export const DEFAULT_GPU_NAME = 'sm_90a'

function gpuName(env: TranslateEnv): string {
  const v = env.options.get('gpu-name')
  return typeof v === 'string' ? v : DEFAULT_GPU_NAME
}

/** `/usr/lib/llvm-22/bin/llc`, else `llc` on PATH; null when neither is installed. */
function findLlcSync(): string | null {
  const dirs = ['/usr/lib/llvm-22/bin', ...(process.env.PATH ?? '').split(path.delimiter).filter((d) => d !== '')]
  for (const dir of dirs) {
    const candidate = path.join(dir, 'llc')
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return null
}

/** @internal PTX through LLVM's `llc` (`--ptx-backend=llc`) for `gpuName`: an argument array, never a shell. */
export function ptxWithLlc(op: Operation, gpuName: string): string | null {
  const ir = translateModuleToLLVMIR(op)
  if (ir === undefined) {
    return null
  }
  const llc = findLlcSync()
  if (llc === null) {
    op.emitError("--ptx-backend=llc needs LLVM's llc, which is not installed (looked in /usr/lib/llvm-22/bin and on PATH)").report()
    return null
  }
  // Loaded here, not imported: node:child_process would add about 10 ms to every start-up.
  const { spawnSync } = createRequire(import.meta.url)('node:child_process') as typeof ChildProcess
  const r = spawnSync(llc, ['-march=nvptx64', `-mcpu=${gpuName}`, '-o', '-'], { input: ir, encoding: 'utf8', maxBuffer: 1 << 30 })
  if (r.status !== 0) {
    op.emitError(`llc failed: ${(r.stderr || r.error?.message || `exit ${String(r.status)}`).trim()}`).report()
    return null
  }
  return r.stdout
}

/**
 * Registers the LLVM translations of `tilepass-translate`: `--mlir-to-llvmir` (llvm + nvvm
 * dialects to LLVM IR text, as `mlir-translate --mlir-to-llvmir`) and `--mlir-to-ptx` (PTX
 * from the native emitter, or from `llc` with `--ptx-backend=llc`) for `--gpu-name`.
 */
export function registerLLVMTranslations(registry: TranslationRegistry): void {
  registry.registerOption({
    spec: { name: 'gpu-name', valueName: 'sm_XX', description: `The PTX target of --mlir-to-ptx (default ${DEFAULT_GPU_NAME})`, category: GENERAL },
    validate: (value) => {
      const t = parsePTXTarget(value === true ? '' : value)
      return typeof t === 'string' ? t : null
    },
  })
  registry.registerOption({
    spec: { name: 'ptx-backend', valueName: 'native|llc', description: 'How --mlir-to-ptx makes PTX: the native emitter (default) or LLVM llc', category: GENERAL },
    validate: (value) => (value === 'native' || value === 'llc' ? null : `Cannot find option named '${String(value)}'!`),
  })
  registry.registerFromMLIR('mlir-to-llvmir', 'Translate MLIR to LLVMIR', (op, out) => {
    const text = translateModuleToLLVMIR(op)
    if (text === undefined) {
      return false
    }
    out.writeText(text)
    return true
  })
  registry.registerFromMLIR('mlir-to-ptx', 'Translate the llvm and nvvm dialects to PTX', (op, out, env) => {
    const ptx = env.options.get('ptx-backend') === 'llc' ? ptxWithLlc(op, gpuName(env)) : emitPTX(op, { gpuName: gpuName(env) })
    if (ptx === null) {
      return false
    }
    out.writeText(ptx)
    return true
  })
}
