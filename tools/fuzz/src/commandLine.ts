import { readFileSync } from 'node:fs'
import fc from 'fast-check'

// Arbitraries for the command line: pass pipelines (textual, `-p` and per-pass flags), pass
// options and the driver's own flags. The vocabulary comes from the project itself, the
// generated pass reference and `tilepass-opt --help`, so new passes and flags join in.

/** A registered pass and its option names, as docs/passes.md lists them. */
export interface PassInfo {
  readonly name: string
  readonly options: readonly string[]
}

/** Reads the pass reference (`### \`-name\`` headings, `-option : text` lines). */
export function readPasses(passesMarkdown: string): PassInfo[] {
  const passes: { name: string; options: string[] }[] = []
  for (const line of passesMarkdown.split('\n')) {
    const heading = /^### `-([\w-]+)`/.exec(line)
    if (heading !== null) {
      passes.push({ name: heading[1]!, options: [] })
      continue
    }
    const option = /^-([\w-]+) : /.exec(line)
    if (option !== null && passes.length > 0) {
      passes[passes.length - 1]!.options.push(option[1]!)
    }
  }
  return passes
}

/** A driver flag from `--help`: its spelling, whether it takes a value, and the listed choices. */
export interface FlagInfo {
  readonly name: string
  readonly takesValue: boolean
  readonly choices: readonly string[]
}

/** Reads the flags of `tilepass-opt --help`. */
export function readFlags(helpText: string): FlagInfo[] {
  const flags: { name: string; takesValue: boolean; choices: string[] }[] = []
  for (const line of helpText.split('\n')) {
    const flag = /^ {2}(--?[\w-]+)(=<[^>]*>|\[=<[^>]*>\]| <[^>]*>)?\s+- /.exec(line)
    if (flag !== null) {
      flags.push({ name: flag[1]!, takesValue: flag[2] !== undefined, choices: [] })
      continue
    }
    const choice = /^ {4}=(\S+)\s+- /.exec(line)
    if (choice !== null && flags.length > 0) {
      flags[flags.length - 1]!.choices.push(choice[1]!)
    }
  }
  return flags.filter((f) => f.name !== '--help' && f.name !== '--version' && f.name !== '-o' && !f.name.startsWith('--help'))
}

/** Loads docs/passes.md of the repository at `root`. */
export function loadPasses(root: URL): PassInfo[] {
  return readPasses(readFileSync(new URL('docs/passes.md', root), 'utf8'))
}

const OPTION_VALUES = ['0', '1', '-1', '10', 'true', 'false', '', 'bogus', '4294967296', '9223372036854775808', '{', '}', '"a b"', 'a,b', '[1,2]', 'func.func(bogus)', 'func.func(cse)', 'builtin.module(canonicalize)']
/** Option values: plain ones three times in four, the hostile pool else. */
const optionValue = fc.oneof({ weight: 3, arbitrary: fc.constantFrom('0', '1', '2', '10', 'true', 'false') }, { weight: 1, arbitrary: fc.constantFrom(...OPTION_VALUES) })
const FLAG_VALUES = ['', '0', '1', '-1', '65536', 'all', 'bogus', '-', '.*', '[', '(.*)*x', 'cse', 'canonicalize', 'func.func', 'a=1', 'pass-execution-skip=1', 'x.mlir']

/** A pipeline element: a pass with options, or an op-anchored nested pipeline. */
function pipelineArb(passes: readonly PassInfo[]): fc.Arbitrary<string> {
  const pass = fc.tuple(fc.constantFrom(...passes), fc.array(fc.tuple(fc.nat(), optionValue), { maxLength: 2 })).map(([p, opts]) => {
    if (opts.length === 0 || p.options.length === 0) {
      return p.name
    }
    return `${p.name}{${opts.map(([i, v]) => `${p.options[i % p.options.length]}=${v}`).join(' ')}}`
  })
  const { element } = fc.letrec<{ element: string }>((tie) => ({
    element: fc.oneof(
      { depthSize: 'small', withCrossShrink: true, maxDepth: 3 },
      // Passes six times in nine, nested pipelines twice, a malformed element once.
      { weight: 6, arbitrary: pass },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.constantFrom('func.func', 'builtin.module', 'any', 'x.a', 'gpu.module'), fc.array(tie('element'), { maxLength: 3 }))
          .map(([anchor, xs]) => `${anchor}(${xs.join(',')})`),
      },
      { weight: 1, arbitrary: fc.constantFrom('bogus-pass', 'cse{', 'func.func(', '))', 'canonicalize{max-iterations=}', '') },
    ),
  }))
  return fc.array(element, { maxLength: 4 }).map((xs) => xs.join(','))
}

/** Command-line arguments that select a pipeline: `--pass-pipeline=`, `-p`, or pass flags. */
export function pipelineArgsArb(passes: readonly PassInfo[]): fc.Arbitrary<string[]> {
  const pipeline = pipelineArb(passes)
  return fc.oneof(
    { weight: 3, arbitrary: pipeline.map((p) => [`--pass-pipeline=builtin.module(${p})`]) },
    { weight: 3, arbitrary: pipeline.map((p) => ['-p', `builtin.module(${p})`]) },
    // Without an anchor: an error unless the pipeline is empty.
    { weight: 1, arbitrary: pipeline.map((p) => [`--pass-pipeline=${p}`]) },
    { weight: 3, arbitrary: fc.array(fc.tuple(fc.constantFrom(...passes), fc.option(fc.tuple(fc.nat(), optionValue), { nil: null })), { minLength: 1, maxLength: 3 }).map((ps) =>
      ps.map(([p, o]) => (o === null || p.options.length === 0 ? `--${p.name}` : `--${p.name}=${p.options[o[0] % p.options.length]}=${o[1]}`)),
    ) },
  )
}

/** A few driver flags with values from their choices or a hostile pool. */
export function flagArgsArb(flags: readonly FlagInfo[]): fc.Arbitrary<string[]> {
  const one = fc.tuple(fc.constantFrom(...flags), fc.nat(), fc.constantFrom(...FLAG_VALUES), fc.boolean()).map(([f, i, v, single]) => {
    const name = single && f.name.startsWith('--') ? f.name.slice(1) : f.name
    if (!f.takesValue) {
      return name
    }
    return `${name}=${f.choices.length > 0 && i % 4 !== 0 ? f.choices[i % f.choices.length] : v}`
  })
  return fc.array(one, { maxLength: 4 })
}
