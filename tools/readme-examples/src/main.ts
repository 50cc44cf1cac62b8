// Runs every README and guide example and reports the ones that fail or print something
// other than the text block that follows them. Exit status 1 when any does.
import { documentedFiles, examplesOf, runExample, typecheckExamples } from './run.ts'

let failed = 0
let ran = 0
for (const file of documentedFiles()) {
  for (const ex of examplesOf(file)) {
    if (ex.fragment) {
      continue
    }
    ran++
    const r = runExample(ex)
    if (r.status !== 0) {
      failed++
      process.stderr.write(`${file}:${ex.line}: example exited with ${String(r.status)}\n${r.stderr}`)
    } else if (ex.expected !== null && r.stdout !== ex.expected) {
      failed++
      process.stderr.write(`${file}:${ex.line}: example printed\n${r.stdout}--- instead of\n${ex.expected}`)
    }
  }
}
const typeErrors = typecheckExamples(documentedFiles().flatMap((f) => examplesOf(f).filter((e) => !e.fragment)))
if (typeErrors !== '') {
  failed++
  process.stderr.write(`the examples do not type-check:\n${typeErrors}`)
}
process.stdout.write(`${ran - failed} passed, ${failed} failed\n`)
process.exitCode = failed === 0 ? 0 : 1
