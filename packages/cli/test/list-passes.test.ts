import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

// The entries below are as mlir-opt 22 prints them under `--list-passes` (its column of
// descriptions depends on the widest pass option of the registry, so only the shape and the
// text are compared here).

describe('tilepass-opt --list-passes', () => {
  it('prints the registered passes with their options and exits without reading the input', () => {
    const io = memoryIO({})
    expect(main(['--list-passes', 'missing.mlir'], io)).toBe(0)
    expect(io.err).toBe('')
    const lines = io.out.split('\n')
    expect(lines[0]).toBe('Passes:')
    const at = lines.findIndex((l) => l.startsWith('  --canonicalize '))
    expect(at).toBeGreaterThan(0)
    const squeeze = (l: string): string => l.replace(/ {2,}/g, ' ')
    expect(lines.slice(at, at + 4).map(squeeze)).toEqual([
      ' --canonicalize - Canonicalize operations',
      ' --disable-patterns=<string> - Labels of patterns that should be filtered out during application',
      ' --enable-patterns=<string> - Labels of patterns that should be used during application, all other patterns are filtered out',
      ' --max-iterations=<long> - Max. iterations between applying patterns / simplifying regions',
    ])
    // Every entry starts at indent 2 and every option at indent 4, sorted by argument.
    const passes = lines.filter((l) => l.startsWith('  --')).map((l) => l.trim().split(' ')[0]!)
    expect(passes).toEqual([...passes].sort())
    expect(passes).toContain('--inline')
    expect(io.out).toContain('--op-pipelines=<pass-manager>')
    // The descriptions are aligned in one column.
    const column = new Set(lines.filter((l) => l.startsWith('  --canonicalize ') || l.startsWith('  --cse ')).map((l) => l.indexOf('-   ')))
    expect(column.size).toBe(1)
  })

  it('prints nothing of the kind without the flag, or with --list-passes=false', () => {
    const io = memoryIO({ 'a.mlir': 'module {\n}\n' })
    expect(main(['--list-passes=false', 'a.mlir'], io)).toBe(0)
    expect(io.out).toBe('module {\n}\n\n')
  })
})
