import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

interface LoadTools {
  readonly STAMP_PREFIX: string
  readonly stampOf: (source: string) => string
  readonly readCodeCache: (source: string, cacheFile?: string) => Buffer | undefined
  readonly V8_FLAGS: readonly string[]
}
const { STAMP_PREFIX, V8_FLAGS, readCodeCache, stampOf } = createRequire(import.meta.url)('../bin/load-tools.js') as LoadTools

const scratch = mkdtempSync(path.join(os.tmpdir(), 'tilepass-load-tools-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function cacheFile(name: string, contents: string): string {
  const file = path.join(scratch, name)
  writeFileSync(file, contents, 'latin1')
  return file
}

describe('the code cache of the bundle (bin/load-tools.js)', () => {
  const source = `${STAMP_PREFIX}${'a'.repeat(64)}\nmodule.exports = 1\n`
  const other = `${STAMP_PREFIX}${'b'.repeat(64)}\nmodule.exports = 2\n`

  it('reads the stamp, the first line, of a bundle', () => {
    expect(stampOf(source)).toBe(`${STAMP_PREFIX}${'a'.repeat(64)}\n`)
    expect(stampOf('module.exports = 1\n')).toBe('')
  })

  it('gives the data after the stamp of a cache made for the bundle', () => {
    const data = readCodeCache(source, cacheFile('match.v8cache', `${stampOf(source)}DATA`))
    expect(data?.toString('latin1')).toBe('DATA')
  })

  it('ignores a cache made for another bundle of the same length', () => {
    expect(other.length).toBe(source.length)
    expect(readCodeCache(source, cacheFile('stale.v8cache', `${stampOf(other)}DATA`))).toBeUndefined()
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

  it('is rejected when the process runs under other V8 flags (so a mismatch costs only the compile)', () => {
    expect(inFreshProcess(compileWithCache, ['--no-lazy-feedback-allocation'])).toBe('true true\n')
  })
})
