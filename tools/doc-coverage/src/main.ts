// Lists the exported names without a doc comment, package by package; exit status 1 if any.
import { fileURLToPath } from 'node:url'
import { findUndocumented } from './coverage.ts'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const missing = findUndocumented(root)
for (const m of missing) {
  process.stderr.write(`${m.where}: @tilepass/${m.pkg} exports '${m.name}' without a doc comment\n`)
}
process.stdout.write(`${missing.length === 0 ? 'every exported name is documented' : `${missing.length} exported names lack a doc comment`}\n`)
process.exitCode = missing.length === 0 ? 0 : 1
