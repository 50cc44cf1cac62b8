import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// The installed bin runs the bundled tools (dist/bundle): the bundler must keep the tile
// lowering's op families, which register themselves when their modules load (the package's
// `sideEffects` lists them). The bundle once dropped them and every kernel failed to compile.
const bin = fileURLToPath(new URL('../bin/tilepass-compile.js', import.meta.url))
const built = existsSync(fileURLToPath(new URL('../dist/bundle/tilepass-tools.cjs', import.meta.url)))
const example = (name: string): string => fileURLToPath(new URL(`../../../examples/cuda-tile/${name}.mlir`, import.meta.url))

describe.skipIf(!built)('the tilepass-compile bin (bundled)', () => {
  it('compiles the examples to PTX', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilepass-compile-bin-'))
    try {
      for (const name of ['vector-add', 'row-softmax', 'gemm-f16-staged']) {
        const out = join(dir, `${name}.ptx`)
        const r = spawnSync(process.execPath, [bin, example(name), '-o', out, '--gpu-name=sm_90a'], { encoding: 'utf8' })
        expect(r.stderr).toBe('')
        expect(r.status).toBe(0)
        expect(readFileSync(out, 'utf8')).toMatch(/\.target sm_90a\n[\s\S]*\.visible \.entry /)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it('exits with tileiras codes: 1 without input, 5 on a compile failure', () => {
    expect(spawnSync(process.execPath, [bin], { encoding: 'utf8' }).status).toBe(1)
    const text = readFileSync(example('vector-add'), 'utf8').replace(/addf (%\w+), (%\w+)/, 'atan2 $1, $2')
    const r = spawnSync(process.execPath, [bin, '-', '-o', '-'], { input: text, encoding: 'utf8' })
    expect(r.stderr).toMatch(/error: 'cuda_tile\.atan2' is not supported by tilepass-compile yet/)
    expect(r.stdout).toBe('')
    expect(r.status).toBe(5)
  })
})
