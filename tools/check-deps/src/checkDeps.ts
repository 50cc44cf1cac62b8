import path from 'node:path'

/** One `import`, `export ... from` or `import()` in a package's source. */
export interface ImportSite {
  /** The importing file, relative to the package directory (`src/Pass.ts`). */
  readonly file: string
  /** 1-based line of the specifier. */
  readonly line: number
  readonly specifier: string
}

/** What the check needs to know about one package under `packages/`. */
export interface PackageNode {
  /** The directory name under `packages/` (`pass-manager`). */
  readonly dir: string
  /** The npm name from its package.json (`@tilepass/pass-manager`). */
  readonly name: string
  /** `@tilepass/*` names in `dependencies`, `peerDependencies` and `optionalDependencies`. */
  readonly dependencies: readonly string[]
  /** `@tilepass/*` names in `devDependencies`. */
  readonly devDependencies: readonly string[]
  readonly imports: readonly ImportSite[]
}

/** For each package directory, the package directories it may depend on. */
export type LayerTable = ReadonlyMap<string, readonly string[]>

/** The kinds of problem the check reports. */
export type ViolationKind =
  | 'cycle'
  | 'layer'
  | 'deep-import'
  | 'undeclared'
  | 'relative-escape'
  | 'unknown-package'
  | 'layer-table'

/** One problem, with the file (relative to the repository root) and line it comes from when known. */
export interface Violation {
  readonly kind: ViolationKind
  readonly where: string
  readonly message: string
}

const SCOPE = '@tilepass/'

/** Splits `@tilepass/x/y/z` into the package name `@tilepass/x` and the deep path `y/z`. */
function splitSpecifier(specifier: string): { name: string; subpath: string } {
  const slash = specifier.indexOf('/', SCOPE.length)
  return slash === -1
    ? { name: specifier, subpath: '' }
    : { name: specifier.slice(0, slash), subpath: specifier.slice(slash + 1) }
}

/** Checks the layer table itself: known names, transitively closed, no package allowed to use itself. */
function checkLayerTable(layers: LayerTable): Violation[] {
  const violations: Violation[] = []
  const where = 'tools/check-deps/layers.json'
  for (const [dir, allowed] of layers) {
    for (const dep of allowed) {
      const below = layers.get(dep)
      if (dep === dir) {
        violations.push({ kind: 'layer-table', where, message: `'${dir}' may not depend on itself` })
      } else if (below === undefined) {
        violations.push({ kind: 'layer-table', where, message: `'${dir}' lists '${dep}', which has no entry` })
      } else {
        for (const indirect of below) {
          if (!allowed.includes(indirect)) {
            violations.push({
              kind: 'layer-table',
              where,
              message: `'${dir}' may use '${dep}', which may use '${indirect}', so '${dir}' must list '${indirect}' too`,
            })
          }
        }
      }
    }
  }
  return violations
}

/**
 * Finds the strongly connected components of a graph with more than one node, or with a
 * self-edge (Tarjan), and returns one concrete cycle through each.
 */
export function findCycles(edges: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>()
  const lowlink = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const strongConnect = (v: string): void => {
    index.set(v, index.size)
    lowlink.set(v, index.get(v) as number)
    stack.push(v)
    onStack.add(v)
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        strongConnect(w)
        lowlink.set(v, Math.min(lowlink.get(v) as number, lowlink.get(w) as number))
      } else if (onStack.has(w)) {
        lowlink.set(v, Math.min(lowlink.get(v) as number, index.get(w) as number))
      }
    }
    if (lowlink.get(v) !== index.get(v)) {
      return
    }
    const component = new Set<string>()
    for (;;) {
      const w = stack.pop() as string
      onStack.delete(w)
      component.add(w)
      if (w === v) {
        break
      }
    }
    if (component.size > 1 || edges.get(v)?.has(v) === true) {
      cycles.push(cycleThrough(v, component, edges))
    }
  }
  for (const v of [...edges.keys()].sort()) {
    if (!index.has(v)) {
      strongConnect(v)
    }
  }
  return cycles
}

/** A shortest cycle from `start` back to itself inside one strongly connected component (BFS). */
function cycleThrough(start: string, component: ReadonlySet<string>, edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const parent = new Map<string, string>()
  const queue = [start]
  for (let i = 0; i < queue.length; i++) {
    const v = queue[i] as string
    for (const w of [...(edges.get(v) ?? [])].sort()) {
      if (w === start) {
        const path = [start]
        for (let u = v; u !== start; u = parent.get(u) as string) {
          path.splice(1, 0, u)
        }
        return [...path, start]
      }
      if (component.has(w) && !parent.has(w)) {
        parent.set(w, v)
        queue.push(w)
      }
    }
  }
  return [start, start]
}

/**
 * Checks the package graph against the layer table: no cycles, only edges the table allows,
 * no deep imports (`@tilepass/x/src/...`), no imports of packages missing from package.json,
 * no relative imports out of the package. Returns the violations, sorted; empty means clean.
 */
export function checkDependencies(packages: readonly PackageNode[], layers: LayerTable): Violation[] {
  const violations = checkLayerTable(layers)
  const dirByName = new Map(packages.map((p) => [p.name, p.dir]))
  const edges = new Map<string, Set<string>>(packages.map((p) => [p.dir, new Set<string>()]))

  for (const pkg of packages) {
    const manifest = `packages/${pkg.dir}/package.json`
    const allowed = layers.get(pkg.dir)
    if (pkg.name !== `${SCOPE}${pkg.dir}`) {
      violations.push({ kind: 'unknown-package', where: manifest, message: `packages/${pkg.dir} must be named '${SCOPE}${pkg.dir}', not '${pkg.name}'` })
    }
    if (allowed === undefined) {
      violations.push({ kind: 'unknown-package', where: manifest, message: `${pkg.name} has no entry in the layer table (tools/check-deps/layers.json)` })
    }
    /** Records an edge and reports it when the table does not allow it; false when the target is unknown. */
    const edge = (target: string, where: string, how: string): boolean => {
      const dir = dirByName.get(target)
      if (dir === undefined) {
        violations.push({ kind: 'unknown-package', where, message: `${pkg.name} ${how} ${target}, which is not a package of this workspace` })
        return false
      }
      edges.get(pkg.dir)?.add(dir)
      if (dir === pkg.dir) {
        violations.push({ kind: 'layer', where, message: `${pkg.name} ${how} itself by name; use a relative import` })
      } else if (allowed !== undefined && !allowed.includes(dir)) {
        violations.push({ kind: 'layer', where, message: `${pkg.name} ${how} ${target}, which is not below it in the package map (docs/ARCHITECTURE.md)` })
      }
      return true
    }

    for (const dep of pkg.dependencies) {
      edge(dep, manifest, 'depends on')
    }
    for (const dep of pkg.devDependencies) {
      edge(dep, manifest, 'has a devDependency on')
    }
    for (const site of pkg.imports) {
      const where = `packages/${pkg.dir}/${site.file}:${site.line}`
      if (site.specifier.startsWith(SCOPE)) {
        const { name, subpath } = splitSpecifier(site.specifier)
        if (subpath !== '') {
          violations.push({ kind: 'deep-import', where, message: `'${site.specifier}' reaches into ${name}; import '${name}' (its index.ts exports) instead` })
        }
        if (edge(name, where, 'imports') && name !== pkg.name && !pkg.dependencies.includes(name)) {
          violations.push({ kind: 'undeclared', where, message: `${pkg.name} imports ${name} but its package.json does not list it in dependencies` })
        }
      } else if (site.specifier.startsWith('.')) {
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(site.file), site.specifier))
        if (target === '..' || target.startsWith('../')) {
          violations.push({ kind: 'relative-escape', where, message: `'${site.specifier}' leaves packages/${pkg.dir}; import the other package by name` })
        }
      }
    }
  }

  for (const cycle of findCycles(edges)) {
    violations.push({
      kind: 'cycle',
      where: `packages/${cycle[0]}/package.json`,
      message: `dependency cycle: ${cycle.map((dir) => `${SCOPE}${dir}`).join(' -> ')}`,
    })
  }
  return violations.sort((a, b) => (a.where < b.where ? -1 : a.where > b.where ? 1 : a.message < b.message ? -1 : 1))
}
