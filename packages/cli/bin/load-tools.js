// Loads the tools from dist/bundle/tilepass-tools.cjs, the one-file bundle that `pnpm build`
// makes (scripts/bundle.js), compiled with the V8 code cache built beside it: a start-up
// reads two files instead of about 190 modules and skips most of the compiling. A cache
// that V8 rejects (another Node.js version or V8 flags) costs only the compile it would
// have saved.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'

/** The bundle of the three tools (CommonJS, ASCII only). */
export const BUNDLE = fileURLToPath(new URL('../dist/bundle/tilepass-tools.cjs', import.meta.url))
/** The V8 code cache of BUNDLE, made after a warm-up run by scripts/bundle.js. */
export const CODE_CACHE = `${BUNDLE}.v8cache`

/**
 * Compiles the bundle as a CommonJS module function, with `cachedData` (a V8 code cache)
 * when given. Throws when the bundle cannot be read.
 */
export function compileTools(cachedData) {
  // esbuild writes ASCII only (non-ASCII characters become escapes), so latin1 is exact
  // and makes a one-byte string without a UTF-8 decoding pass.
  const source = readFileSync(BUNDLE, 'latin1')
  return new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: BUNDLE,
    cachedData,
  })
}

/** Runs the compiled bundle and returns its exports (runTool, runToolOnMainThread, nodeToolIO). */
export function instantiateTools(script) {
  const module = { exports: {} }
  script.runInThisContext()(module.exports, createRequire(BUNDLE), module, BUNDLE, path.dirname(BUNDLE))
  return module.exports
}

/** The bundle's exports, compiled with the code cache when there is one. Throws when the bundle cannot be read. */
export function loadTools() {
  let cachedData
  try {
    cachedData = readFileSync(CODE_CACHE)
  } catch {
    cachedData = undefined
  }
  return instantiateTools(compileTools(cachedData))
}
