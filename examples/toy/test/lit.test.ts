import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const llvmBin = process.env.LLVM_BIN ?? '/usr/lib/llvm-22/bin'
const lit = `${llvmBin}/lit`
const haveTools = existsSync(lit) && existsSync(`${llvmBin}/FileCheck`)
const suite = fileURLToPath(new URL('lit', import.meta.url))

describe('chapter lit tests (toyc + FileCheck)', () => {
  it.skipIf(!haveTools)(`runs test/lit with ${lit}${haveTools ? '' : ' (skipped: lit or FileCheck not installed)'}`, () => {
    const r = spawnSync(lit, ['-q', '--param', `llvm_bin=${llvmBin}`, suite], { encoding: 'utf8', timeout: 300_000 })
    expect(r.stdout + r.stderr, 'lit output').not.toMatch(/FAIL|UNRESOLVED/)
    expect(r.status).toBe(0)
  }, 320_000)
})
