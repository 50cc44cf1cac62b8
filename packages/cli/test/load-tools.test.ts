import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

interface LoadTools {
  readonly STAMP_PREFIX: string
  readonly stampOf: (source: string) => string
  readonly codeCacheFile: (source: string, data: Buffer) => Buffer
  readonly readCodeCache: (source: string, cacheFile?: string, buffer?: Buffer) => Buffer | undefined
  readonly readTools: (cacheFile?: string) => { source: string; cachedData: Buffer | undefined }
  readonly isLightRun: (name: string, argv: readonly string[]) => boolean
  readonly CODE_CACHE: string
  readonly LIGHT_CODE_CACHE: string
  readonly V8_FLAGS: readonly string[]
  readonly WRAPPER_START: string
  readonly WRAPPER_END: string
  readonly readBundle: () => string
}
const { CODE_CACHE, LIGHT_CODE_CACHE, STAMP_PREFIX, V8_FLAGS, WRAPPER_END, WRAPPER_START, codeCacheFile, isLightRun, readBundle, readCodeCache, readTools, stampOf } = createRequire(import.meta.url)('../bin/load-tools.js') as LoadTools

const scratch = mkdtempSync(path.join(os.tmpdir(), 'tilepass-load-tools-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function cacheFile(name: string, contents: string | Buffer): string {
  const file = path.join(scratch, name)
  writeFileSync(file, contents, typeof contents === 'string' ? 'latin1' : undefined)
  return file
}

describe('the code cache of the bundle (bin/load-tools.js)', () => {
  const source = `${STAMP_PREFIX}${'a'.repeat(64)}\nmodule.exports = 1\n`
  const other = `${STAMP_PREFIX}${'b'.repeat(64)}\nmodule.exports = 2\n`

  it('reads the stamp, the first line, of a bundle', () => {
    expect(stampOf(source)).toBe(`${STAMP_PREFIX}${'a'.repeat(64)}\n`)
    expect(stampOf('module.exports = 1\n')).toBe('')
  })

  it('gives the data after the stamp of a cache made for the bundle, at an offset that keeps it aligned for V8', () => {
    const file = cacheFile('match.v8cache', codeCacheFile(source, Buffer.from('DATA', 'latin1')))
    const data = readCodeCache(source, file)
    expect(data?.toString('latin1')).toBe('DATA')
    // V8 copies cached data that does not start at a multiple of the pointer size.
    expect(data!.byteOffset % 8).toBe(0)
    // Read into a buffer that is large enough: a view of that buffer.
    const into = Buffer.alloc(256)
    const view = readCodeCache(source, file, into)
    expect(view?.toString('latin1')).toBe('DATA')
    expect(view!.buffer).toBe(into.buffer)
    expect(view!.byteOffset % 8).toBe(0)
  })

  it('ignores a cache made for another bundle of the same length', () => {
    expect(other.length).toBe(source.length)
    expect(readCodeCache(source, cacheFile('stale.v8cache', codeCacheFile(other, Buffer.from('DATA', 'latin1'))))).toBeUndefined()
  })

  it('picks the light cache for runs of tilepass-opt without passes', () => {
    expect(isLightRun('tilepass-opt', ['in.mlir'])).toBe(true)
    expect(isLightRun('tilepass-opt', ['-'])).toBe(true)
    expect(isLightRun('tilepass-opt', ['--verify-diagnostics', '--split-input-file', 'in.mlir'])).toBe(true)
    expect(isLightRun('tilepass-opt', ['--remarks-filter=[', '--remarks-filter-missed=x', '--allow-unregistered-dialect', 'in.mlir'])).toBe(true)
    expect(isLightRun('tilepass-opt', ['--cse', 'in.mlir'])).toBe(false)
    expect(isLightRun('tilepass-opt', ['--pass-pipeline=builtin.module(cse)', 'in.mlir'])).toBe(false)
    expect(isLightRun('tilepass-opt', ['-o', 'out.mlir', 'in.mlir'])).toBe(false)
    expect(isLightRun('tilepass-opt', ['--verify-diagnosticsx', 'in.mlir'])).toBe(false)
    expect(isLightRun('tilepass-translate', ['in.mlir'])).toBe(false)
  })

  it('ignores a missing cache, an empty one, and any cache of an unstamped bundle', () => {
    expect(readCodeCache(source, path.join(scratch, 'missing.v8cache'))).toBeUndefined()
    expect(readCodeCache(source, cacheFile('empty.v8cache', stampOf(source)))).toBeUndefined()
    expect(readCodeCache('module.exports = 1\n', cacheFile('plain.v8cache', 'DATA'))).toBeUndefined()
  })
})

const loader = fileURLToPath(new URL('../bin/load-tools.js', import.meta.url))
const built = existsSync(fileURLToPath(new URL('../dist/bundle/tilepass-tools.cjs', import.meta.url)))

/** Runs `code` in a fresh Node.js process (with `nodeFlags`) that has required the loader as `l`; its standard output. */
function inFreshProcess(code: string, nodeFlags: readonly string[] = []): string {
  const r = spawnSync(process.execPath, [...nodeFlags, '-e', `const l = require(${JSON.stringify(loader)}); ${code}`], { encoding: 'utf8' })
  expect(r.stderr).toBe('')
  expect(r.status).toBe(0)
  return r.stdout
}

const compileWithCache = 'const s = l.readBundle(); const c = l.readCodeCache(s); console.log(c !== undefined, l.compileTools(s, c).cachedDataRejected)'

describe.skipIf(!built)('the built code cache', () => {
  it('is accepted by a fresh process, under the V8 flags that the loader sets', () => {
    expect(V8_FLAGS.length).toBeGreaterThan(0)
    expect(inFreshProcess(compileWithCache)).toBe('true false\n')
  })

  it('has a light companion, made after the runs without passes: smaller, and accepted as well', () => {
    const { source, cachedData } = readTools(LIGHT_CODE_CACHE)
    expect(cachedData).toBeDefined()
    expect(cachedData!.length).toBeLessThan(readCodeCache(source, CODE_CACHE)!.length)
    expect(inFreshProcess(`const { source, cachedData } = l.readTools(l.LIGHT_CODE_CACHE); console.log(l.compileTools(source, cachedData).cachedDataRejected)`)).toBe('false\n')
    expect(readTools(path.join(scratch, 'missing.v8cache')).cachedData).toBeUndefined()
  })

  it('is read with the bundle, aligned, into the memory the bundle was read into', () => {
    const { source, cachedData } = readTools()
    expect(source).toBe(readBundle())
    expect(cachedData?.equals(readCodeCache(source)!)).toBe(true)
    expect(cachedData!.byteOffset % 8).toBe(0)
    expect(inFreshProcess('const { source, cachedData } = l.readTools(); console.log(l.compileTools(source, cachedData).cachedDataRejected)')).toBe('false\n')
  })

  it('is rejected when the process runs under other V8 flags (so a mismatch costs only the compile)', () => {
    expect(inFreshProcess(compileWithCache, ['--no-lazy-feedback-allocation'])).toBe('true true\n')
  })
})

describe.skipIf(!built)('the built bundle', () => {
  it('is the stamp line, with the SHA-256 of the rest, then the code wrapped into a module function', () => {
    const source = readBundle()
    const stamp = stampOf(source)
    const rest = source.slice(stamp.length)
    expect(stamp).toBe(`${STAMP_PREFIX}${createHash('sha256').update(rest, 'latin1').digest('hex')}\n`)
    expect(rest.startsWith(WRAPPER_START)).toBe(true)
    expect(rest.endsWith(WRAPPER_END)).toBe(true)
  })
})

const preload = path.join(scratch, 'report-worker-threads.cjs')
writeFileSync(
  preload,
  "process.on('exit', () => require('node:fs').writeSync(2, `worker_threads loaded: ${process.moduleLoadList.includes('NativeModule worker_threads')}\\n`))\n",
)
const bin = fileURLToPath(new URL('../bin/tilepass-opt.js', import.meta.url))

describe.skipIf(!built)('the launcher (bin/launch-tool.js)', () => {
  it('loads node:worker_threads only when an input needs the worker', () => {
    const shallow = spawnSync(process.execPath, ['-r', preload, bin, '-'], { input: 'module {}\n', encoding: 'utf8' })
    expect(shallow.stdout).toBe('module {\n}\n\n')
    expect(shallow.stderr).toBe('worker_threads loaded: false\n')
    expect(shallow.status).toBe(0)
    const depth = 2000
    const deep = spawnSync(process.execPath, ['-r', preload, bin, '--allow-unregistered-dialect', '-'], {
      input: `${'"test.r"() ({\n'.repeat(depth)}${'}) : () -> ()\n'.repeat(depth)}`,
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    })
    // The preload runs in the worker too.
    expect(deep.stderr).toMatch(/^(worker_threads loaded: true\n)+$/)
    expect(deep.status).toBe(0)
    expect(deep.stdout.split('\n').length).toBe(2 * depth + 4)
  }, 60_000)

  it('loads none of the stream modules of Node.js on the main thread (output goes through writeSync; V8 flags are set without node:v8)', () => {
    const preloadStreams = path.join(scratch, 'report-streams.cjs')
    writeFileSync(
      preloadStreams,
      "process.on('exit', (code) => require('node:fs').writeSync(2, `exit ${code}; stream modules: ${process.moduleLoadList.filter((m) => /^NativeModule (stream|net|tty|internal\\/fs\\/sync_write_stream)$/.test(m)).length}\\n`))\n",
    )
    const ok = spawnSync(process.execPath, ['-r', preloadStreams, bin, '-'], { input: 'module {}\n', encoding: 'utf8' })
    expect(ok.stdout).toBe('module {\n}\n\n')
    expect(ok.stderr).toBe('exit 0; stream modules: 0\n')
    expect(ok.status).toBe(0)
    const bad = spawnSync(process.execPath, ['-r', preloadStreams, bin, '-'], { input: 'module {\n', encoding: 'utf8' })
    expect(bad.stderr).toMatch(/^<stdin>:1:9: error: .*\n(.*\n)*exit 1; stream modules: 0\n$/)
    expect(bad.status).toBe(1)
  }, 60_000)
})
