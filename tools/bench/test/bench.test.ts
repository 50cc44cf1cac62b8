import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateBenchModule } from '../src/benchModule.ts'
import { EXTRA_CA_CERTS, envWithoutExtraCaCerts, measure, median } from '../src/measure.ts'

const MLIR_OPT = process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt'

describe('generateBenchModule', () => {
  it('is deterministic and reaches the requested op count', () => {
    const a = generateBenchModule(5000)
    expect(generateBenchModule(5000).text).toBe(a.text)
    expect(a.ops).toBeGreaterThanOrEqual(5000)
    expect(a.ops).toBeLessThan(5100)
  })

  it.skipIf(!existsSync(MLIR_OPT))('counts ops as mlir-opt sees them and is valid', () => {
    const module = generateBenchModule(3000)
    const result = spawnSync(MLIR_OPT, ['--allow-unregistered-dialect', '--mlir-print-op-generic', '-'], { input: module.text, encoding: 'utf8' })
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    // In generic form every op starts a line with its quoted name (after an optional result list).
    const ops = result.stdout.split('\n').filter((line) => /^\s*(%[^=]+= )?"[a-z_.]+"\(/.test(line)).length
    expect(ops).toBe(module.ops)
  })
})

describe('median', () => {
  it('takes the middle value or the mean of the two middle values', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
})

describe('envWithoutExtraCaCerts', () => {
  it('drops only NODE_EXTRA_CA_CERTS, and is null where it is not set', async () => {
    const saved = process.env[EXTRA_CA_CERTS]
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-env-'))
    try {
      delete process.env[EXTRA_CA_CERTS]
      expect(envWithoutExtraCaCerts()).toBeNull()
      process.env[EXTRA_CA_CERTS] = '/nonexistent/ca.pem'
      const env = envWithoutExtraCaCerts()
      expect(env).not.toBeNull()
      expect(env![EXTRA_CA_CERTS]).toBeUndefined()
      expect(env!.PATH).toBe(process.env.PATH)
      // The measured child sees the environment it is given.
      const out = path.join(scratch, 'out.txt')
      const script = `process.stdout.write(String(process.env.${EXTRA_CA_CERTS}))`
      await measure(process.execPath, ['-e', script], path.join(scratch, 'time'), 30_000, out, env!)
      expect(readFileSync(out, 'utf8')).toBe('undefined')
    } finally {
      if (saved === undefined) {
        delete process.env[EXTRA_CA_CERTS]
      } else {
        process.env[EXTRA_CA_CERTS] = saved
      }
      rmSync(scratch, { recursive: true, force: true })
    }
  })
})
