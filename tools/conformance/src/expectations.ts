/** Parses expected-pass.txt: one corpus path per line; `#` starts a comment. */
export function parseExpectations(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter((line) => line !== '')
}

/** The outcome of one conformance run measured against the expectations. */
export interface Verdict {
  readonly passed: readonly string[]
  readonly failed: readonly string[]
  /** Listed in expected-pass.txt but failed: always an error. */
  readonly regressions: readonly string[]
  /** Listed in expected-pass.txt but not in the corpus: always an error (a typo or a removed file). */
  readonly unknown: readonly string[]
  /** Passed but not listed: worth adding to expected-pass.txt. */
  readonly newlyPassing: readonly string[]
  readonly ok: boolean
}

/**
 * Compares lit's per-file results (`true` = passed) with the expectations. Without `strict`
 * only listed files must pass; with it, every file must.
 */
export function judge(results: ReadonlyMap<string, boolean>, expected: readonly string[], strict: boolean): Verdict {
  const all = [...results.keys()].sort()
  const passed = all.filter((file) => results.get(file) === true)
  const failed = all.filter((file) => results.get(file) === false)
  const listed = new Set(expected)
  const regressions = expected.filter((file) => results.get(file) === false)
  const unknown = expected.filter((file) => !results.has(file))
  const newlyPassing = passed.filter((file) => !listed.has(file))
  const ok = regressions.length === 0 && unknown.length === 0 && (!strict || failed.length === 0)
  return { passed, failed, regressions, unknown, newlyPassing, ok }
}
