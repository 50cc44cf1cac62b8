// Part of `pnpm build` (after tsc): bundles the three tools into one CommonJS file,
// dist/bundle/tilepass-tools.cjs, and makes its V8 code cache by running the bundle on a
// few small modules (bin/load-tools.js reads both). The warm-up is also a smoke test: the
// build fails when the bundle does not print what it should.
import { Buffer } from 'node:buffer'
import { createHash } from 'node:crypto'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { build } from 'esbuild'
import { inlineConstants } from './inlineConstants.js'
import { lazyTables } from './lazyTables.js'
import { BUNDLE, CODE_CACHE, LIGHT_CODE_CACHE, STAMP_PREFIX, WRAPPER_END, WRAPPER_START, codeCacheFile, compileTools, instantiateTools, isLightRun, readBundle, readCodeCache } from '../bin/load-tools.js'

const BUNDLE_URL = '__tilepassBundleUrl'


// A build that fails below leaves no cache beside the new bundle.
rmSync(CODE_CACHE, { force: true })
rmSync(LIGHT_CODE_CACHE, { force: true })
await build({
  entryPoints: [new URL('../dist/internal/toolsBundle.js', import.meta.url).pathname],
  outfile: BUNDLE,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  charset: 'ascii',
  // Comments may hold non-ASCII characters, and parsing less text is faster.
  minifyWhitespace: true,
  // version.ts finds package.json from import.meta.url: the bundle is as deep in dist/ as
  // the module it comes from. The dialects of the bundle compile their assembly formats on
  // first use (see defineOp.ts).
  define: { 'import.meta.url': BUNDLE_URL, TILEPASS_DEFER_FORMAT_COMPILATION: 'true' },
  banner: { js: `const ${BUNDLE_URL} = require('node:url').pathToFileURL(__filename).href;` },
  // The lazily imported node: modules become require calls, which vm.Script can run.
  supported: { 'dynamic-import': false },
  plugins: [inlineConstants, lazyTables],
  logLevel: 'warning',
})

const bytes = readFileSync(BUNDLE)
if (bytes.some((b) => b > 0x7f)) {
  throw new Error(`${BUNDLE} is not ASCII; bin/load-tools.js reads it as latin1`)
}
// The stamp line that the code cache must match, then the code wrapped into a module function (see bin/load-tools.js).
const wrapped = `${WRAPPER_START}${bytes.toString('latin1')}${WRAPPER_END}`
writeFileSync(BUNDLE, `${STAMP_PREFIX}${createHash('sha256').update(wrapped, 'latin1').digest('hex')}\n${wrapped}`, 'latin1')

/**
 * Runs one tool of the bundle in memory on `input`, as the launcher runs a shallow input (on
 * the main thread, its lexers watched): its exit code and output.
 */
function runInMemory(tools, name, argv, input) {
  let stdout = ''
  let stderr = ''
  const code = tools.runToolOnMainThread(name, argv, {
    stdout: (text) => {
      stdout += text
    },
    stderr: (text) => {
      stderr += text
    },
    readFile: () => input,
    readFileBytes: () => Buffer.from(input, 'utf8'),
    writeFile: () => {
      throw new Error('the warm-up writes no file')
    },
  })
  if (typeof code !== 'number') {
    throw new Error(`the warm-up input of ${name} ${argv.join(' ')} asked for a large stack`)
  }
  return { code, stdout, stderr }
}

// The modules of the warm-up. Running them compiles the functions that common runs need
// (start-up, the parser, verifier and printer of the common dialects in both forms, and
// the common passes), so the code cache holds their bytecode and a run compiles almost
// nothing lazily.
const WARM_UP = `func.func @f(%arg0: i32, %arg1: memref<4xf32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %0 = arith.addi %arg0, %arg0 : i32
  %1 = arith.addi %arg0, %arg0 : i32
  %2 = arith.muli %0, %1 : i32
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %arg1[%i] : memref<4xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %arg1[%i] : memref<4xf32>
  }
  %3 = call @g(%2) : (i32) -> i32
  return %3 : i32
}
func.func private @g(i32) -> i32
`

/** Loops with results, conditions, casts, a float constant and an unregistered op (as tools/bench's modules). */
const WARM_UP_LOOPS = `module {
  func.func @h(%a: i32, %b: f32, %n: index) -> (i32, f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %k = arith.constant 7 : i32
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b) -> (i32, f32) {
      %0 = arith.index_cast %x : i32 to index
      %1 = arith.muli %x, %k : i32
      %2 = arith.muli %x, %k : i32
      %3 = arith.cmpi slt, %1, %2 : i32
      %4 = arith.select %3, %1, %x : i32
      %5 = arith.sitofp %4 : i32 to f32
      %h = arith.constant 2.500 : f32
      %6 = arith.mulf %5, %y : f32
      %7 = arith.maximumf %6, %h : f32
      %8 = arith.subi %1, %2 : i32
      %9 = arith.divsi %8, %k : i32
      scf.yield %9, %7 : i32, f32
    }
    %c = arith.cmpi eq, %r#0, %k : i32
    %s = scf.if %c -> (i32) {
      %u = "test.opaque"(%r#0) {tag = "warm", level = 1 : i64} : (i32) -> i32
      scf.yield %u : i32
    } else {
      %z = arith.constant 0 : i32
      %w = arith.ori %z, %r#0 : i32
      scf.yield %w : i32
    }
    return %s, %r#1 : i32, f32
  }
}
`

/**
 * Ops that canonicalize folds or rewrites: constant operands, an op on the same operand
 * twice, selects and ifs on known conditions, and a float fold (printed as a float).
 */
const WARM_UP_FOLDS = `func.func @k(%a: i32, %b: i32, %x: f32, %n: index) -> (i32, f32, i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %one = arith.constant 1 : i32
  %0 = arith.addi %c3, %c5 : i32
  %1 = arith.subi %c3, %c5 : i32
  %2 = arith.muli %a, %one : i32
  %3 = arith.andi %c3, %c5 : i32
  %4 = arith.ori %a, %0 : i32
  %5 = arith.xori %a, %a : i32
  %6 = arith.maxsi %a, %a : i32
  %7 = arith.minui %b, %b : i32
  %8 = arith.maxsi %c3, %1 : i32
  %9 = arith.minui %c3, %1 : i32
  %10 = arith.subf %x, %x : f32
  %11 = arith.addf %x, %10 : f32
  %12 = arith.mulf %11, %11 : f32
  %13 = arith.sitofp %1 : i32 to f32
  %14 = arith.cmpi slt, %a, %b : i32
  %15 = arith.cmpi eq, %c3, %c5 : i32
  %16 = arith.cmpi sle, %a, %a : i32
  %17 = arith.cmpi ugt, %4, %2 : i32
  %18 = arith.select %14, %a, %a : i32
  %19 = arith.select %17, %8, %9 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %2, %q = %13) -> (i32, f32) {
    %20 = arith.minui %p, %p : i32
    %21 = arith.andi %3, %c5 : i32
    %22 = arith.xori %21, %20 : i32
    %23 = arith.subf %q, %12 : f32
    scf.yield %22, %23 : i32, f32
  }
  %s = scf.if %15 -> (i32) {
    %24 = arith.addi %5, %6 : i32
    scf.yield %24 : i32
  } else {
    %25 = arith.subi %7, %18 : i32
    scf.yield %25 : i32
  }
  %t = scf.if %16 -> (i32) {
    scf.yield %19 : i32
  } else {
    scf.yield %0 : i32
  }
  %u = scf.if %14 -> (i32) {
    %26 = arith.muli %r#0, %r#0 : i32
    scf.yield %26 : i32
  } else {
    scf.yield %s : i32
  }
  return %u, %r#1, %t, %s : i32, f32, i32, i32
}
`

/** A chain of private functions calling each other (for the interprocedural passes). */
const WARM_UP_CALLS = `${Array.from(
  { length: 6 },
  (_, i) => `func.func private @c${i}(%a: i32) -> i32 {
  %r = call @c${i + 1}(%a) : (i32) -> i32
  return %r : i32
}
`,
).join('')}func.func private @c6(%a: i32) -> i32 {
  %one = arith.constant 1 : i32
  %r = arith.addi %a, %one : i32
  return %r : i32
}
func.func private @dead(%a: i32) -> i32 {
  return %a : i32
}
func.func @main(%x: i32) -> i32 {
  %c = arith.constant 3 : i32
  %r = call @c0(%c) : (i32) -> i32
  %s = arith.addi %r, %x : i32
  return %s : i32
}
`

/**
 * Expected diagnostics, plain and as regexes, that `--verify-diagnostics` finds (the
 * translator of LLVM's regex syntax is then in the cache; the patterns run on V8's
 * linear-time engine, so RE2JS, which takes only what that engine refuses, is not).
 */
const WARM_UP_DIAGNOSTICS = `func.func @v(%a: i32) -> i32 {
  // expected-note @below {{prior use here}}
  %0 = arith.addi %a, %a : i32
  // expected-error-re @+1 {{use of value '{{%[0-9a-z_]+}}' expects different type than prior uses: 'i64' vs '{{i[0-9]+}}'}}
  %1 = arith.muli %0, %0 : i64
  return %0 : i32
}
`

/** An expected diagnostic that is not produced and one that is not expected (the report of a failed verification). */
const WARM_UP_UNMET = `func.func @u() {
  // expected-error-re @+1 {{undeclared {{[0-9]+}} value}}
  return %x : i32
}
`

/**
 * Expected regexes that LLVM's syntax rejects (a lookahead) or reads otherwise than
 * JavaScript (`\\u`, `\\w`), with nested quantifiers, before an unexpected error: the
 * reports of an invalid regex and of diagnostics not produced.
 */
const WARM_UP_REGEX_ERRORS = `func.func @e() {
  // expected-error-re @+3 {{{{(?=x)}}undeclared}}
  // expected-error-re @+2 {{{{\\u0075}}se {{(.*)*}}x}}
  // expected-error-re @+1 {{undeclared {{\\w+}} value}}
  return %x : i32
}
`

const ALL = /@[fh]\b|sym_name = "[fh]"/
/**
 * What each warm-up run must print (a smoke test of the bundle): its output matches
 * `expect`, its exit code is `code` (0 unless given) and its errors match `errors` (none
 * unless given).
 */
const WARM_UP_RUNS = [
  { argv: ['-'], input: WARM_UP, expect: ALL },
  { argv: ['--cse', '--canonicalize', '-'], input: WARM_UP, expect: ALL },
  { argv: ['--mlir-print-op-generic', '-'], input: WARM_UP, expect: ALL },
  { argv: ['--allow-unregistered-dialect', '-'], input: WARM_UP_LOOPS, expect: ALL },
  { argv: ['--allow-unregistered-dialect', '--cse', '-'], input: WARM_UP_LOOPS, expect: ALL },
  { argv: ['--allow-unregistered-dialect', '--canonicalize', '-'], input: WARM_UP_LOOPS, expect: ALL },
  { argv: ['--allow-unregistered-dialect', '--mlir-print-op-generic', '-'], input: WARM_UP_LOOPS, expect: ALL, reparse: true },
  { argv: ['-'], input: WARM_UP_FOLDS, expect: /@k\b/ },
  { argv: ['--cse', '-'], input: WARM_UP_FOLDS, expect: /@k\b/ },
  { argv: ['--canonicalize', '-'], input: WARM_UP_FOLDS, expect: /@k\b/ },
  { argv: ['--sccp', '-'], input: WARM_UP_CALLS, expect: /@c6\b/ },
  { argv: ['--inline', '-'], input: WARM_UP_CALLS, expect: /@main\b/ },
  { argv: ['--remove-dead-values', '-'], input: WARM_UP_CALLS, expect: /@main\b/ },
  { argv: ['--symbol-dce', '-'], input: WARM_UP_CALLS, expect: /@main\b/ },
  { argv: ['--verify-diagnostics', '-'], input: WARM_UP_DIAGNOSTICS, expect: /^$/ },
  { argv: ['--verify-diagnostics', '-'], input: WARM_UP_UNMET, expect: /^$/, code: 1, errors: /was not produced/ },
  { argv: ['--verify-diagnostics', '-'], input: WARM_UP_REGEX_ERRORS, expect: /^$/, code: 1, errors: /invalid regex/ },
  { argv: ['--remarks-filter=fo+|b[a-z]r', '-'], input: WARM_UP, expect: ALL },
  { argv: ['--remarks-filter=fo+|b[a-z]r', '--canonicalize', '-'], input: WARM_UP, expect: ALL },
  { argv: ['--pass-pipeline=builtin.module(inline{op-pipelines=func.func(canonicalize)})', '-'], input: WARM_UP_CALLS, expect: /@main\b/ },
  {
    argv: ['--pass-pipeline=builtin.module(inline{op-pipelines=func.func(bogus)})', '-'],
    input: WARM_UP,
    expect: /^$/,
    code: 1,
    errors: /'bogus' does not refer to a registered pass or pass pipeline/,
  },
]

const source = readBundle()
const script = compileTools(source, undefined)
const tools = instantiateTools(script)
// The light runs first: the light cache is made after them (see bin/load-tools.js), the
// full cache after all.
const lightRuns = WARM_UP_RUNS.filter((run) => isLightRun('tilepass-opt', run.argv))
const otherRuns = WARM_UP_RUNS.filter((run) => !isLightRun('tilepass-opt', run.argv))
warmUp(lightRuns)
const lightCache = codeCacheFile(source, script.createCachedData())
warmUp(otherRuns)
writeFileSync(LIGHT_CODE_CACHE, lightCache)
writeFileSync(CODE_CACHE, codeCacheFile(source, script.createCachedData()))
// Each cache must be one that the loader uses and V8 accepts.
for (const file of [CODE_CACHE, LIGHT_CODE_CACHE]) {
  const cachedData = readCodeCache(source, file)
  if (cachedData === undefined || compileTools(source, cachedData).cachedDataRejected !== false) {
    throw new Error(`${file}: V8 rejects the code cache it just made`)
  }
}

/** Runs the warm-up `runs` on the bundle's tools; throws when one does not print what it should. */
function warmUp(runs) {
  for (const run of runs) {
    warmUpRun(run)
  }
}

function warmUpRun({ argv, input, expect, reparse, code = 0, errors = /^$/ }) {
  const runs = [input]
  for (let i = 0; i < runs.length; i++) {
    const run = runInMemory(tools, 'tilepass-opt', argv, runs[i])
    if (run.code !== code || !expect.test(run.stdout) || !errors.test(run.stderr)) {
      throw new Error(`the bundled tilepass-opt ${argv.join(' ')} failed (exit ${run.code}):\n${run.stderr}${run.stdout}`)
    }
    if (reparse === true && i === 0) {
      // The generic form parsed back in.
      runs.push(run.stdout)
    }
  }
}
