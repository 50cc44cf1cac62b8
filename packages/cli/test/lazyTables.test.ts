import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

interface LazyTables {
  readonly lazyTableSource: (file: string, text: string, requireOf: (spec: string, name: string) => string) => string
  readonly declaringModule: (file: string, name: string, read?: (file: string) => string) => { file: string; name: string } | null
  readonly isDependency: (file: string) => boolean
}
// A plain JavaScript module of the build (scripts/), imported by URL.
const { lazyTableSource, declaringModule, isDependency } = (await import(new URL('../scripts/lazyTables.js', import.meta.url).href)) as LazyTables

const requireOf = (spec: string, name: string): string => `require("${spec}").${name}`

describe('lazy tables in the bundle (scripts/lazyTables.js)', () => {
  it('makes each loader require the module of its name, and drops the imports', () => {
    const text = [
      '// A table.',
      'import { A, B as Bee } from "./a.js";',
      'import { C } from "@tilepass/c";',
      'export const T = {',
      '    a: () => A,',
      "    'b-b': () => Bee,",
      '    C: () => C,',
      '};',
      'export function use(x) { return T.a()(x); }',
      '',
    ].join('\n')
    expect(lazyTableSource('t.lazy.js', text, requireOf)).toBe(
      [
        '// A table.',
        '',
        '',
        'export const T = {',
        '    a: () => require("./a.js").A,',
        "    'b-b': () => require(\"./a.js\").B,",
        '    C: () => require("@tilepass/c").C,',
        '};',
        'export function use(x) { return T.a()(x); }',
        '',
      ].join('\n'),
    )
  })

  it('fails on a table that would stay eager: a name used otherwise, a default or namespace import, a re-export', () => {
    const fail = (text: string): (() => string) => () => lazyTableSource('t.lazy.js', text, requireOf)
    expect(fail('import { A } from "./a.js";\nexport const T = { a: () => A };\nexport const x = A;\n')).toThrow("'A' must be used only as a loader's whole body")
    expect(fail('import { A } from "./a.js";\nexport const T = { a: () => A.b };\n')).toThrow("'A' must be used only")
    expect(fail('import { A } from "./a.js";\nexport const T = { a: () => A() };\n')).toThrow("'A' must be used only")
    expect(fail('import { A } from "./a.js";\nexport const T = {};\n')).toThrow("'A' must be used only")
    expect(fail('import A from "./a.js";\nexport const T = { a: () => A };\n')).toThrow('only named imports')
    expect(fail('import * as A from "./a.js";\nexport const T = { a: () => A };\n')).toThrow('only named imports')
    expect(fail('import { A } from "./a.js";\nexport { B } from "./b.js";\nexport const T = { a: () => A };\n')).toThrow('no re-exports')
    expect(fail('export const T = {};\n')).toThrow('without imports')
  })

  it('finds the module that declares a name through re-exports', () => {
    const files: Record<string, string> = {
      '/p/index.js': 'export { X as Y, Z } from "./sub/index.js";\nexport * from "./star.js";\n',
      '/p/sub/index.js': 'export { X } from "./x.js";\nexport { Z } from "./z.js";\n',
      '/p/sub/x.js': 'export const X = 1;\n',
      '/p/sub/z.js': 'const Z = 2;\nexport { Z };\n',
      '/p/star.js': 'export class S {\n}\n',
    }
    const read = (file: string): string => files[file]!
    expect(declaringModule('/p/index.js', 'Y', read)).toEqual({ file: '/p/sub/x.js', name: 'X' })
    expect(declaringModule('/p/index.js', 'S', read)).toEqual({ file: '/p/star.js', name: 'S' })
    // A local export list is not followed: the table must name a declaration.
    expect(declaringModule('/p/index.js', 'Z', read)).toBeNull()
    expect(declaringModule('/p/index.js', 'W', read)).toBeNull()
  })

  it("requires a dependency's module as it is, and a workspace module through its declarations", () => {
    expect(isDependency('/w/node_modules/.pnpm/re2js@2.10.0/node_modules/re2js/build/index.js')).toBe(true)
    expect(isDependency('/w/packages/ir/dist/index.js')).toBe(false)
    expect(isDependency('/w/packages/node_modules_like/dist/index.js')).toBe(false)
  })
})

const bundle = fileURLToPath(new URL('../dist/bundle/tilepass-tools.cjs', import.meta.url))

/**
 * The modules of the bundle that runs of tilepass-opt evaluate: each of `runs` (arguments
 * and standard input) in a fresh process, the bundle's module init (esbuild's `__esm`)
 * recording each module it evaluates.
 */
function evaluatedModules(runs: readonly { argv: readonly string[]; input: string; code?: number }[]): string[][] {
  const code = `
    const { readFileSync } = require('node:fs'), vm = require('node:vm'), path = require('node:path'), { createRequire } = require('node:module')
    const file = ${JSON.stringify(bundle)}
    const init = 'fn&&(res=(0,fn[__getOwnPropNames(fn)[0]])(fn=0))'
    const source = readFileSync(file, 'latin1')
    if (!source.includes(init)) throw new Error('the module init of the bundle has another form')
    const evaluated = []
    globalThis.__evaluated = evaluated
    const traced = source.replace(init, 'fn&&(globalThis.__evaluated.push(__getOwnPropNames(fn)[0]),res=(0,fn[__getOwnPropNames(fn)[0]])(fn=0))')
    const module = { exports: {} }
    new vm.Script(traced, { filename: file }).runInThisContext()(module.exports, createRequire(file), module, file, path.dirname(file))
    const { argv, input, code: expected = 0 } = JSON.parse(process.argv[1])
    let output = ''
    const code = module.exports.runToolOnMainThread('tilepass-opt', argv, { stdout: (t) => { output += t }, stderr: (t) => { output += t }, readFile: () => input, readFileBytes: () => Buffer.from(input), writeFile: () => {} })
    if (code !== expected) throw new Error(output)
    process.stdout.write(JSON.stringify(evaluated))
  `
  return runs.map((run) => {
    const child = spawnSync(process.execPath, ['-e', code, JSON.stringify(run)], { encoding: 'utf8' })
    expect(child.stderr).toBe('')
    return JSON.parse(child.stdout) as string[]
  })
}

describe.skipIf(!existsSync(bundle))('the bundle', () => {
  it('evaluates only the dialects and passes a run uses', () => {
    const func = 'func.func @f(%a: i32) -> i32 {\n  %0 = arith.addi %a, %a : i32\n  %1 = arith.addi %a, %a : i32\n  return %0 : i32\n}\n'
    const [empty, parsed, cse] = evaluatedModules([
      { argv: ['-'], input: 'module {}\n' },
      { argv: ['-'], input: func },
      { argv: ['--cse', '-'], input: func },
    ])
    const has = (modules: string[], suffix: string): boolean => modules.some((m) => m.endsWith(suffix))
    // An empty module: the tool and the IR, no dialect but builtin, no pass, no other tool.
    expect(has(empty!, 'dist/tilepass-opt.js')).toBe(true)
    for (const lazy of ['dialects/dist/arith/ArithOps.js', 'dialects/dist/func/FuncOps.js', 'cuda-tile/dist/CudaTileDialect.js', 'transforms/dist/CSE.js', 'dist/tilepass-translate.js', 'dist/testing/TestDialect.js']) {
      expect(has(empty!, lazy), lazy).toBe(false)
    }
    // func and arith, as the module uses them, and not llvm.
    expect(has(parsed!, 'dialects/dist/arith/ArithOps.js')).toBe(true)
    expect(has(parsed!, 'dialects/dist/llvm/LLVMDialect.js')).toBe(false)
    expect(has(parsed!, 'transforms/dist/CSE.js')).toBe(false)
    // The pass that runs, and not the others.
    expect(has(cse!, 'transforms/dist/CSE.js')).toBe(true)
    expect(has(cse!, 'transforms/dist/Canonicalizer.js')).toBe(false)
    expect(has(cse!, 'conversion/dist/llvm/ArithToLLVM.js')).toBe(false)
  }, 60_000)

  it('evaluates the regex engine for the first regex compiled, and no cuda_tile module unless cuda_tile is used', () => {
    const func = 'func.func @f() {\n  // expected-error @+1 {{use of undeclared SSA value}}\n  return %x : i32\n}\n'
    const regex = 'func.func @f() {\n  // expected-error-re @+1 {{use of {{[a-z]+}} SSA value}}\n  return %x : i32\n}\n'
    const [empty, verified, matched, rejected, unknownPass] = evaluatedModules([
      { argv: ['-'], input: 'module {}\n' },
      { argv: ['--verify-diagnostics', '-'], input: func },
      { argv: ['--verify-diagnostics', '-'], input: regex },
      // A pattern that LLVM's syntax rejects is reported before the engine is needed.
      { argv: ['--remarks-filter=[', '-'], input: 'module {}\n' },
      { argv: ['--pass-pipeline=builtin.module(inline{op-pipelines=func.func(bogus)})', '-'], input: 'module {}\n', code: 1 },
    ])
    const re2 = (modules: string[]): boolean => modules.some((m) => /\/re2js\//.test(m))
    const cudaTile = (modules: string[]): string[] => modules.filter((m) => m.includes('cuda-tile/dist/') && !m.endsWith('.lazy.js') && !m.endsWith('bytecode/Magic.js'))
    expect(re2(empty!)).toBe(false)
    expect(re2(verified!)).toBe(false)
    expect(re2(matched!)).toBe(true)
    expect(re2(rejected!)).toBe(false)
    // The hint settings (off) and the bytecode check of the input need no cuda_tile module;
    // an unknown pass evaluates the test passes, but not cuda_tile's.
    for (const modules of [empty!, verified!, matched!, rejected!, unknownPass!]) {
      expect(cudaTile(modules)).toEqual([])
    }
    expect(unknownPass!.some((m) => m.endsWith('dist/testing/TestPasses.js'))).toBe(true)
  }, 60_000)
})
