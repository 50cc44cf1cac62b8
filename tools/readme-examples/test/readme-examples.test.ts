import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractExamples } from '../src/extract.ts'
import { documentedFiles, examplesOf, repoRoot, runExample, typecheckExamples } from '../src/run.ts'

/** Whether the package whose README is `readme` exports anything yet. */
function exportsSomething(readme: string): boolean {
  const index = readFileSync(path.join(repoRoot, path.dirname(readme), 'src', 'index.ts'), 'utf8')
  return /^export (?!\{\s*\})/m.test(index)
}

describe('extractExamples', () => {
  it('pairs an example with the text block right after it', () => {
    const md = '# x\n\n```ts\nconsole.log(1)\n```\n\n```text\n1\n```\n\n```ts fragment\nfoo()\n```\nprose\n```text\nno\n```\n'
    const ex = extractExamples(md, 'x.md')
    expect(ex).toEqual([
      { file: 'x.md', line: 3, code: 'console.log(1)\n', expected: '1\n', fragment: false },
      { file: 'x.md', line: 11, code: 'foo()\n', expected: null, fragment: true },
    ])
  })
})

// Every package README carries at least one example that runs; each runs and prints
// exactly the text block that follows it.
describe.each(documentedFiles())('%s', (file) => {
  const examples = examplesOf(file)
  if (file.startsWith('packages/') && exportsSomething(file)) {
    it('has a runnable example of its API', () => {
      expect(examples.filter((e) => !e.fragment).length).toBeGreaterThan(0)
    })
  }
  for (const ex of examples.filter((e) => !e.fragment)) {
    it(`example at line ${ex.line} runs${ex.expected === null ? '' : ' and prints what the page shows'}`, { timeout: 60_000 }, () => {
      const r = runExample(ex)
      expect(r.stderr === '' || r.status === 0 ? '' : r.stderr).toBe('')
      expect(r.status).toBe(0)
      if (ex.expected !== null) {
        expect(r.stdout).toBe(ex.expected)
      }
    })
  }
})

describe('the examples', () => {
  it('type-check against the workspace sources', { timeout: 300_000 }, () => {
    const runnable = documentedFiles().flatMap((f) => examplesOf(f).filter((e) => !e.fragment))
    expect(typecheckExamples(runnable)).toBe('')
  })
})
