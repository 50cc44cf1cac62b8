import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkDependencies } from './checkDeps.ts'
import { readLayerTable, readWorkspace } from './readWorkspace.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const packages = readWorkspace(root)
const violations = checkDependencies(packages, readLayerTable(path.join(root, 'tools/check-deps/layers.json')))
for (const v of violations) {
  process.stderr.write(`${v.where}: error: ${v.message} [${v.kind}]\n`)
}
const imports = packages.reduce((n, p) => n + p.imports.length, 0)
if (violations.length > 0) {
  process.stderr.write(`check-deps: ${violations.length} violation(s) in ${packages.length} packages\n`)
  process.exitCode = 1
} else {
  process.stdout.write(`check-deps: ${packages.length} packages, ${imports} imports, dependencies follow docs/ARCHITECTURE.md\n`)
}
