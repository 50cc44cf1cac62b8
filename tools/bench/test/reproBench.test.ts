// The verdicts of the reproducers benchmark (issue 13's rule) and its list of cases.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { REPRO_CASES, judge } from '../src/reproBench.ts'

const run = (wall: number, exitCode: number, stderr = ''): { wall: number; exitCode: number; stderr: string } => ({ wall, exitCode, stderr })

describe('reproducer verdicts', () => {
  it('compares with mlir-opt within 2x where mlir-opt succeeds or reports an error', () => {
    expect(judge(run(0.3, 0), run(0.2, 0))).toEqual({ met: true, text: 'met: 1.50x (limit 2x)' })
    expect(judge(run(0.5, 0), run(0.2, 0))).toEqual({ met: false, text: 'not met: 2.50x (limit 2x)' })
    expect(judge(run(0.1, 1, 'f.mlir:1:1: error: x'), run(0.1, 1, 'f.mlir:1:1: error: x')).met).toBe(true)
  })

  it('where mlir-opt crashes or fails silently, asks for a clean end within 10 s', () => {
    expect(judge(run(4.2, 1, 'f.mlir:3:1: error: cannot print'), run(0.5, 139))).toEqual({
      met: true,
      text: 'met: mlir-opt fails (exit 139); tilepass-opt ends cleanly in 4.20 s (limit 10 s)',
    })
    expect(judge(run(12, 0), run(0.5, -1)).met).toBe(false)
    expect(judge(run(0.2, 0), run(0.1, 1, '')).text).toMatch(/^met: mlir-opt fails \(exit 1\)/)
  })

  it('an internal error, a crash or a silent failure of tilepass-opt is never met', () => {
    expect(judge(run(0.1, 1, 'tilepass-opt: internal error: boom'), run(1, 0))).toEqual({ met: false, text: 'not met: exit 1' })
    expect(judge(run(0.1, 1, ''), run(1, 0))).toEqual({ met: false, text: 'not met: exit 1 with no message' })
    expect(judge(run(0.1, 134, 'Aborted'), run(1, 139)).met).toBe(false)
  })

  it('covers every crash, hang and cliff reproducer', () => {
    const inputs = new Set(REPRO_CASES.map((c) => c.input.split(' ')[0]))
    expect([...inputs].sort()).toEqual(['examples/hello.mlir', 'gen-nesting.py', 'hang-sccp-rdv-callchain-1000.mlir', 'hang-verify-diagnostics-regex-backtracking.mlir', 'regex-flavor-backslash-w.mlir', 'regex-flavor-lookahead.mlir', 'regex-flavor-unicode-escape.mlir'])
    expect(REPRO_CASES.some((c) => c.flags.includes('--remarks-filter=['))).toBe(true)
  })

  // The shell-script reproducers name their input and flags on their tilepass-opt line: the
  // benchmark runs exactly that (quotes dropped), not a bigger input of its own.
  const repros = path.resolve(fileURLToPath(new URL('../../../', import.meta.url)), '../shared/repros')
  it.runIf(existsSync(repros))('runs each shell-script reproducer with its own input and flags', () => {
    const scripts = readdirSync(repros).filter((f) => f.endsWith('.sh'))
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) {
      const line = readFileSync(path.join(repros, script), 'utf8').split('\n').find((l) => l.startsWith('tilepass-opt '))
      expect(line, script).toBeDefined()
      const args = line!.slice('tilepass-opt '.length).match(/"[^"]*"|\S+/g)!.map((a) => a.replace(/^"(.*)"$/, '$1'))
      const input = args.pop()
      expect(REPRO_CASES.some((c) => c.input === input && c.flags.join(' ') === args.join(' ')), script).toBe(true)
    }
  })
})
