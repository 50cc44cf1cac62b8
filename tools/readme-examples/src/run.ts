import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { extractExamples, type Example } from './extract.ts'

/** The repository root. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const toolDir = fileURLToPath(new URL('../', import.meta.url))

/** The Markdown files whose examples are checked: every package README and docs/guide. */
export function documentedFiles(): string[] {
  const files: string[] = []
  for (const pkg of readdirSync(path.join(repoRoot, 'packages')).sort()) {
    const readme = path.join('packages', pkg, 'README.md')
    if (existsSync(path.join(repoRoot, readme))) {
      files.push(readme)
    }
  }
  const guide = path.join(repoRoot, 'docs', 'guide')
  if (existsSync(guide)) {
    for (const f of readdirSync(guide).sort()) {
      if (f.endsWith('.md')) {
        files.push(path.join('docs', 'guide', f))
      }
    }
  }
  return files
}

/** Every example of `file` (relative to the repository root). */
export function examplesOf(file: string): Example[] {
  return extractExamples(readFileSync(path.join(repoRoot, file), 'utf8'), file)
}

/** What running one example gave. */
export interface ExampleResult {
  readonly example: Example
  readonly status: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs one example with tsx from a scratch directory inside this tool (so `@tilepass/*`
 * resolve to the workspace's TypeScript sources) and returns its exit status and output.
 */
export function runExample(example: Example): ExampleResult {
  const file = writeExample(example)
  const dir = path.dirname(file)
  const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx')
  const r = spawnSync(tsx, ['--conditions=source', file], { cwd: dir, encoding: 'utf8', timeout: 60_000 })
  return { example, status: r.status, stdout: r.stdout, stderr: r.stderr }
}

const snippetDir = path.join(toolDir, '.snippets')

function writeExample(example: Example): string {
  mkdirSync(snippetDir, { recursive: true })
  const file = path.join(snippetDir, `${example.file.replace(/[^A-Za-z0-9]+/g, '_')}_${example.line}.ts`)
  writeFileSync(file, example.code)
  return file
}

/**
 * Type-checks every runnable example against the workspace's sources with the project's
 * compiler settings. Returns the compiler's messages (empty when all type-check).
 */
export function typecheckExamples(examples: readonly Example[]): string {
  rmSync(snippetDir, { recursive: true, force: true })
  for (const ex of examples) {
    writeExample(ex)
  }
  writeFileSync(
    path.join(snippetDir, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../../tsconfig.base.json',
      compilerOptions: { composite: false, incremental: false, noEmit: true, isolatedDeclarations: false },
      include: ['*.ts'],
    }),
  )
  const tsc = path.join(repoRoot, 'node_modules', '.bin', 'tsc')
  const r = spawnSync(tsc, ['-p', path.join(snippetDir, 'tsconfig.json')], { cwd: snippetDir, encoding: 'utf8', timeout: 300_000 })
  return r.status === 0 ? '' : `${r.stdout}${r.stderr}` || `tsc exited with ${String(r.status)}`
}
