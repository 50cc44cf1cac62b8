import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkDependencies, findCycles, type PackageNode } from '../src/checkDeps.ts'
import { readImports, readLayerTable, readWorkspace } from '../src/readWorkspace.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const layers = readLayerTable(path.join(root, 'tools/check-deps/layers.json'))

/** The package graph the layer table allows, with every allowed edge declared and imported. */
function fullGraph(): PackageNode[] {
  return [...layers].map(([dir, allowed]) => pkg(dir, allowed))
}

function pkg(dir: string, deps: readonly string[], imports: readonly string[] = deps.map((d) => `@tilepass/${d}`)): PackageNode {
  return {
    dir,
    name: `@tilepass/${dir}`,
    dependencies: deps.map((d) => `@tilepass/${d}`),
    devDependencies: [],
    imports: imports.map((specifier, i) => ({ file: 'src/index.ts', line: i + 1, specifier })),
  }
}

function replace(graph: PackageNode[], node: PackageNode): PackageNode[] {
  return graph.map((p) => (p.dir === node.dir ? node : p))
}

function kinds(graph: PackageNode[]): string[] {
  return checkDependencies(graph, layers).map((v) => v.kind)
}

describe('checkDependencies', () => {
  it('accepts the real repository', () => {
    expect(checkDependencies(readWorkspace(root), layers)).toEqual([])
  })

  it('accepts every edge the layer table allows', () => {
    expect(checkDependencies(fullGraph(), layers)).toEqual([])
  })

  it('rejects a deliberately added cycle', () => {
    const graph = replace(fullGraph(), pkg('ir', ['pass-manager']))
    const violations = checkDependencies(graph, layers)
    expect(violations).toContainEqual({
      kind: 'cycle',
      where: 'packages/analysis/package.json',
      message: 'dependency cycle: @tilepass/analysis -> @tilepass/ir -> @tilepass/pass-manager -> @tilepass/analysis',
    })
    expect(violations.filter((v) => v.kind === 'layer')).toHaveLength(2)
  })

  it('rejects an edge up the package map', () => {
    const violations = checkDependencies(replace(fullGraph(), pkg('analysis', ['ir', 'dialects'])), layers)
    expect(violations).toEqual([
      {
        kind: 'layer',
        where: 'packages/analysis/package.json',
        message: '@tilepass/analysis depends on @tilepass/dialects, which is not below it in the package map (docs/ARCHITECTURE.md)',
      },
      {
        kind: 'layer',
        where: 'packages/analysis/src/index.ts:2',
        message: '@tilepass/analysis imports @tilepass/dialects, which is not below it in the package map (docs/ARCHITECTURE.md)',
      },
    ])
  })

  it('rejects a deep import', () => {
    const graph = replace(fullGraph(), pkg('dialects', ['ir'], ['@tilepass/ir/src/Operation.ts']))
    expect(checkDependencies(graph, layers)).toEqual([
      {
        kind: 'deep-import',
        where: 'packages/dialects/src/index.ts:1',
        message: "'@tilepass/ir/src/Operation.ts' reaches into @tilepass/ir; import '@tilepass/ir' (its index.ts exports) instead",
      },
    ])
  })

  it('rejects importing a package that package.json does not declare', () => {
    const graph = replace(fullGraph(), pkg('transforms', ['ir'], ['@tilepass/ir', '@tilepass/analysis']))
    expect(checkDependencies(graph, layers)).toEqual([
      {
        kind: 'undeclared',
        where: 'packages/transforms/src/index.ts:2',
        message: '@tilepass/transforms imports @tilepass/analysis but its package.json does not list it in dependencies',
      },
    ])
  })

  it('rejects relative imports into another package and imports of itself', () => {
    const graph = replace(fullGraph(), pkg('conversion', ['ir'], ['../../ir/src/Operation.ts', './internal/x.ts', '@tilepass/conversion']))
    expect(kinds(graph)).toEqual(['cycle', 'relative-escape', 'layer'])
  })

  it('rejects packages missing from the layer table and unknown @tilepass names', () => {
    const graph = [...fullGraph(), pkg('playground', ['ir', 'nope'])]
    expect(kinds(graph).sort()).toEqual(['unknown-package', 'unknown-package', 'unknown-package'])
  })

  it('rejects a layer table that is not transitively closed', () => {
    const broken = new Map(layers)
    broken.set('pass-manager', ['analysis'])
    expect(checkDependencies(fullGraph(), broken).map((v) => v.kind)).toContain('layer-table')
  })
})

describe('findCycles', () => {
  it('finds no cycle in any graph whose edges point to lower numbers', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(20), fc.nat(20))), (pairs) => {
        const edges = new Map<string, Set<string>>()
        for (const [a, b] of pairs) {
          if (a > b) {
            const set = edges.get(String(a)) ?? new Set<string>()
            set.add(String(b))
            edges.set(String(a), set)
          }
        }
        expect(findCycles(edges)).toEqual([])
      }),
    )
  })

  it('finds a closed path through every back edge added to a chain', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.nat(), fc.nat(), (n, x, y) => {
        const [from, to] = [x % (n + 1), y % (n + 1)].sort((a, b) => a - b) as [number, number]
        const edges = new Map<string, Set<string>>()
        for (let i = 0; i < n; i++) {
          edges.set(String(i), new Set([String(i + 1)]))
        }
        edges.set(String(to), new Set([...(edges.get(String(to)) ?? []), String(from)]))
        const cycles = findCycles(edges)
        expect(cycles).toHaveLength(1)
        const cycle = cycles[0] as string[]
        expect(cycle[0]).toBe(cycle.at(-1))
        for (let i = 0; i + 1 < cycle.length; i++) {
          expect(edges.get(cycle[i] as string)?.has(cycle[i + 1] as string)).toBe(true)
        }
      }),
    )
  })
})

describe('readImports', () => {
  it('finds static, type-only, re-export and dynamic imports with their lines', () => {
    const text = [
      "import { a } from './a.ts'",
      "import type { B } from '@tilepass/ir'",
      "export { c } from '@tilepass/analysis'",
      'const d = await import("@tilepass/dialects")',
    ].join('\n')
    expect(readImports(text, 'src/x.ts').map((s) => [s.line, s.specifier])).toEqual([
      [1, './a.ts'],
      [2, '@tilepass/ir'],
      [3, '@tilepass/analysis'],
      [4, '@tilepass/dialects'],
    ])
  })
})
