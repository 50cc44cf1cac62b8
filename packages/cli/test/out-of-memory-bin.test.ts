import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// A run that exhausts the JavaScript heap ends with an out-of-memory error and exit code 1,
// writing no output, instead of V8's fatal abort with a native stack dump (exit 134, after
// minutes of garbage collection on a large heap). Here the heap is small (64 MiB of old
// generation) and the input is a call tree whose inlining doubles at each level.
const bin = fileURLToPath(new URL('../bin/tilepass-opt.js', import.meta.url))
const built = existsSync(fileURLToPath(new URL('../dist/bundle/tilepass-tools.cjs', import.meta.url)))

/** `depth` functions, each calling the next twice, over an external one: inlining makes 2^depth calls. */
function callTree(depth: number): string {
  let s = 'func.func private @ext(i32) -> i32\n'
  for (let i = 0; i < depth; i++) {
    s += `func.func @f${i}(%a: i32) -> i32 {\n  %r = call @f${i + 1}(%a) : (i32) -> i32\n  %q = call @f${i + 1}(%r) : (i32) -> i32\n  return %q : i32\n}\n`
  }
  return s + `func.func @f${depth}(%a: i32) -> i32 {\n  %r = call @ext(%a) : (i32) -> i32\n  return %r : i32\n}\n`
}

describe.skipIf(!built)('tilepass-opt out of memory', () => {
  it('stops an inlining that exhausts the heap with an error, exit code 1 and no output', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tilepass-oom-'))
    try {
      const input = join(dir, 'tree.mlir')
      const output = join(dir, 'out.mlir')
      writeFileSync(input, callTree(22))
      const start = Date.now()
      const r = spawnSync(process.execPath, ['--max-old-space-size=64', bin, '--inline', input, '-o', output], { encoding: 'utf8' })
      const seconds = (Date.now() - start) / 1000
      expect(r.stderr).toMatch(
        /^[^\n]*tree\.mlir:0:0: error: out of memory: the JavaScript heap reached \d+ MiB of its 64 MiB limit while running pass 'inline'\n$/,
      )
      expect(r.status).toBe(1)
      expect(r.stdout).toBe('')
      expect(existsSync(output)).toBe(false)
      expect(seconds).toBeLessThan(40)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 90_000)
})
