/**
 * Writes docs/passes.md from the registered pass definitions. With `--check`, writes
 * nothing and exits with 1 when the checked-in file differs (for CI).
 *
 *   node --conditions=source --import tsx tools/gen-pass-doc/src/main.ts [--check]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateFromSources } from './collectPasses.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const target = path.join(root, 'docs', 'passes.md')
const check = process.argv.includes('--check')

const text = await generateFromSources(root)
if (check) {
  const current = existsSync(target) ? readFileSync(target, 'utf8') : ''
  if (current !== text) {
    process.stderr.write('docs/passes.md is out of date: run `node --conditions=source --import tsx tools/gen-pass-doc/src/main.ts`\n')
    process.exit(1)
  }
  process.stdout.write('docs/passes.md is up to date\n')
} else {
  writeFileSync(target, text)
  process.stdout.write(`wrote ${path.relative(root, target)}\n`)
}
