/**
 * `--ptx-backend=llc`: PTX from LLVM's `llc` instead of the native emitter. `llc` runs
 * from an argument array (no shell) and only when it is installed; otherwise the caller
 * gets a diagnostic message. Node built-ins are imported lazily so the package stays
 * loadable in a browser.
 */

/** Options of `runLlc`. */
export interface LlcOptions {
  /** The target, as `--gpu-name` spells it (`sm_90a`); passed as `-mcpu`. */
  readonly gpuName: string
  /** An explicit `llc` binary; by default `/usr/lib/llvm-22/bin/llc`, then `llc` on PATH. */
  readonly llcPath?: string
  /** Extra arguments (for example `-O3`). */
  readonly extraArgs?: readonly string[]
}

/** PTX text, or the diagnostic explaining why `llc` could not produce it. */
export type LlcResult = { readonly ok: true; readonly ptx: string } | { readonly ok: false; readonly message: string }

const DEFAULT_LLC = ['/usr/lib/llvm-22/bin/llc']

/** The `llc` binary to use, or null when none is installed. */
export async function findLlc(explicit?: string): Promise<string | null> {
  const fs = await import('node:fs')
  const path = await import('node:path')
  const candidates = explicit !== undefined ? [explicit] : [...DEFAULT_LLC, ...(process.env.PATH ?? '').split(path.delimiter).filter((d) => d !== '').map((d) => path.join(d, 'llc'))]
  for (const c of candidates) {
    try {
      fs.accessSync(c, fs.constants.X_OK)
      return c
    } catch {
      // not here
    }
  }
  return null
}

/** Runs `llc -march=nvptx64 -mcpu=<gpuName>` on LLVM IR text and returns its PTX. */
export async function runLlc(llvmIR: string, options: LlcOptions): Promise<LlcResult> {
  if (!/^sm_\d+[af]?$/.test(options.gpuName)) {
    return { ok: false, message: `invalid GPU name '${options.gpuName}'` }
  }
  const llc = await findLlc(options.llcPath)
  if (llc === null) {
    return {
      ok: false,
      message:
        options.llcPath !== undefined
          ? `--ptx-backend=llc: '${options.llcPath}' is not an executable llc`
          : '--ptx-backend=llc: llc was not found (looked in /usr/lib/llvm-22/bin and on PATH); install LLVM or use the native PTX emitter',
    }
  }
  const { execFileSync } = await import('node:child_process')
  const args = ['-march=nvptx64', `-mcpu=${options.gpuName}`, ...(options.extraArgs ?? []), '-o', '-', '-']
  try {
    const ptx = execFileSync(llc, args, { input: llvmIR, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['pipe', 'pipe', 'pipe'] })
    return { ok: true, ptx }
  } catch (e) {
    const err = e as { stderr?: string | Buffer; message?: string }
    const stderr = typeof err.stderr === 'string' ? err.stderr : (err.stderr?.toString() ?? '')
    return { ok: false, message: `llc failed: ${stderr.trim() || (err.message ?? 'unknown error')}` }
  }
}
