// Part of `pnpm build` (after tsc): bundles the three tools into one CommonJS file,
// dist/bundle/tilepass-tools.cjs, and makes its V8 code cache by running the bundle on a
// small module (bin/load-tools.js reads both). The warm-up is also a smoke test: the
// build fails when the bundle does not print what it should.
import { Buffer } from 'node:buffer'
import { readFileSync, writeFileSync } from 'node:fs'
import { build } from 'esbuild'
import { BUNDLE, CODE_CACHE, compileTools, instantiateTools } from '../bin/load-tools.js'

const BUNDLE_URL = '__tilepassBundleUrl'

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
  logLevel: 'warning',
})

const bytes = readFileSync(BUNDLE)
if (bytes.some((b) => b > 0x7f)) {
  throw new Error(`${BUNDLE} is not ASCII; bin/load-tools.js reads it as latin1`)
}

/** Runs one tool of the bundle in memory on `input`: its exit code and output. */
function runInMemory(tools, name, argv, input) {
  let stdout = ''
  let stderr = ''
  const code = tools.runTool(name, argv, {
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
  return { code, stdout, stderr }
}

// The module of the warm-up: the parser, verifier, printer and common passes of the common
// dialects get compiled, so the code cache holds them.
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

const script = compileTools(undefined)
const tools = instantiateTools(script)
for (const argv of [['-'], ['--cse', '--canonicalize', '-'], ['--mlir-print-op-generic', '-']]) {
  const run = runInMemory(tools, 'tilepass-opt', argv, WARM_UP)
  if (run.code !== 0 || !/@f\b|sym_name = "f"/.test(run.stdout) || run.stderr !== '') {
    throw new Error(`the bundled tilepass-opt ${argv.join(' ')} failed (exit ${run.code}):\n${run.stderr}${run.stdout}`)
  }
}
writeFileSync(CODE_CACHE, script.createCachedData())
