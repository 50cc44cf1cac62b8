import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

// Expected strings below were produced by mlir-opt 22.1.8 (/usr/lib/llvm-22/bin/mlir-opt)
// on the same input; the command is recorded above each one.
const input = 'func.func @foo() {\n  %0 = arith.constant 0 : i32\n  return\n}\nfunc.func @bar() {\n  return\n}\n'
const nested = 'module @inner_mod1 {\n  module @foo {}\n}\n'

function run(args: string[], source = input): ReturnType<typeof memoryIO> & { rc: number } {
  const io = memoryIO({ 'in.mlir': source })
  const rc = main(['in.mlir', ...args], io)
  return Object.assign(io, { rc })
}

describe('IR printing', () => {
  it('prints before/after dumps with mlir-opt banners', () => {
    // mlir-opt u.mlir -mlir-disable-threading -p 'builtin.module(func.func(test-function-pass),test-module-pass)'
    //   -mlir-print-ir-before=test-function-pass -mlir-print-ir-after-all -o /dev/null
    const r = run([
      '-mlir-disable-threading',
      '-p',
      'builtin.module(func.func(test-function-pass),test-module-pass)',
      '-mlir-print-ir-before=test-function-pass',
      '-mlir-print-ir-after-all',
      '-o',
      'out.mlir',
    ])
    expect(r.rc).toBe(0)
    const fn = '(anonymous namespace)::TestFunctionPass (test-function-pass)'
    const foo = 'func.func @foo() {\n  %c0_i32 = arith.constant 0 : i32\n  return\n}\n\n'
    const bar = 'func.func @bar() {\n  return\n}\n\n'
    expect(r.err).toBe(
      `// -----// IR Dump Before ${fn} //----- //\n${foo}` +
        `// -----// IR Dump After ${fn} //----- //\n${foo}` +
        `// -----// IR Dump Before ${fn} //----- //\n${bar}` +
        `// -----// IR Dump After ${fn} //----- //\n${bar}` +
        '// -----// IR Dump After (anonymous namespace)::TestModulePass (test-module-pass) //----- //\n' +
        'module {\n  func.func @foo() {\n    %c0_i32 = arith.constant 0 : i32\n    return\n  }\n  func.func @bar() {\n    return\n  }\n}\n\n\n',
    )
  })

  it('prints failed passes at module scope, naming the op', () => {
    // mlir-opt t.mlir -mlir-disable-threading -p 'builtin.module(func.func(test-pass-failure))'
    //   -mlir-print-ir-after-failure -mlir-print-ir-module-scope (first dump)
    const r = run(['-mlir-disable-threading', '-p', 'builtin.module(func.func(test-pass-failure))', '-mlir-print-ir-after-failure', '-mlir-print-ir-module-scope'])
    expect(r.rc).toBe(1)
    expect(r.err.startsWith(
      "// -----// IR Dump After (anonymous namespace)::TestFailurePass Failed (test-pass-failure) ('func.func' operation: @foo) //----- //\n" +
        'module {\n  func.func @foo() {\n    %c0_i32 = arith.constant 0 : i32\n    return\n  }\n  func.func @bar() {\n    return\n  }\n}\n\n\n',
    )).toBe(true)
  })

  it('refuses module scope with threading on, as mlir-opt', () => {
    // mlir-opt t.mlir -p 'builtin.module(func.func(test-pass-failure))' -mlir-print-ir-after-failure -mlir-print-ir-module-scope
    const r = run(['-p', 'builtin.module(func.func(test-pass-failure))', '-mlir-print-ir-after-failure', '-mlir-print-ir-module-scope'])
    expect(r.rc).toBe(1)
    expect(r.err).toBe("<unknown>:0: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.\n\n")
  })

  it('rejects an unknown pass argument and accumulates repeated ones, as llvm::cl', () => {
    // mlir-opt t.mlir --mlir-print-ir-before=foo
    const bad = run(['--mlir-print-ir-before=foo'])
    expect(bad.rc).toBe(1)
    expect(bad.err).toBe("tilepass-opt: for the --mlir-print-ir-before option: Cannot find option named 'foo'!\n")
    const r = run([
      '-mlir-disable-threading',
      '-p',
      'builtin.module(func.func(test-function-pass),test-module-pass)',
      '--mlir-print-ir-before=test-function-pass',
      '--mlir-print-ir-before=test-module-pass',
      '-o',
      'out.mlir',
    ])
    expect(r.err.match(/IR Dump Before/g)).toHaveLength(3)
  })

  it('prints a failed verification generically after the pass, as mlir-opt', () => {
    // mlir-opt invalid-ir-print-after-failure.mlir -mlir-print-ir-after-failure
    //   -pass-pipeline='builtin.module(func.func(test-pass-create-invalid-ir{emit-invalid-ir=true signal-pass-failure=false}))'
    const r = run(
      ['-pass-pipeline=builtin.module(func.func(test-pass-create-invalid-ir{emit-invalid-ir=true signal-pass-failure=false}))', '-mlir-print-ir-after-failure'],
      'func.func @TestCreateInvalidCallInPass() {\n  return\n}\n',
    )
    expect(r.rc).toBe(1)
    expect(r.err).toBe(
      "<unknown>:0: error: 'test.any_attr_of_i32_str' op requires attribute 'attr'\n" +
        '<unknown>:0: note: see current operation: "test.any_attr_of_i32_str"() : () -> ()\n' +
        '// -----// IR Dump After (anonymous namespace)::TestInvalidIRPass Failed (test-pass-create-invalid-ir) //----- //\n' +
        '"func.func"() <{function_type = () -> (), sym_name = "TestCreateInvalidCallInPass"}> ({\n' +
        '  "test.any_attr_of_i32_str"() : () -> ()\n  "func.return"() : () -> ()\n}) : () -> ()\n\n',
    )
  })

  it('with after-change and after-failure but no baseline, still dumps every failure (tileiras quirk)', () => {
    const r = run([
      '-mlir-disable-threading',
      '-p',
      'builtin.module(func.func(test-pass-failure))',
      '-mlir-print-ir-after-change',
      '-mlir-print-ir-after-failure',
      '-o',
      'out.mlir',
    ])
    expect(r.rc).toBe(1)
    expect(r.err.match(/IR Dump After \(anonymous namespace\)::TestFailurePass Failed/g)).toHaveLength(2)
  })

  it('writes a file tree under --mlir-print-ir-tree-dir, named as mlir-opt names it', () => {
    // The file names of Pass/ir-printing-file-tree.mlir (mlir-opt 22).
    const dir = mkdtempSync(join(tmpdir(), 'tilepass-tree-'))
    const source =
      'builtin.module @outer {\n  func.func @symA() {\n    return\n  }\n  builtin.module @inner {\n' +
      '    func.func @symB() {\n      return\n    }\n    func.func @symC() {\n      return\n    }\n  }\n}\n'
    const r = run(
      [
        `-mlir-print-ir-tree-dir=${dir}`,
        '-pass-pipeline=builtin.module(canonicalize,canonicalize,func.func(cse),builtin.module(canonicalize,func.func(cse,canonicalize),cse),cse)',
        '-mlir-print-ir-after-all',
        '-o',
        'out.mlir',
      ],
      source,
    )
    expect(r.rc).toBe(0)
    expect(r.err).toBe('')
    expect(Object.keys(r.written).filter((p) => p.startsWith(dir)).map((p) => p.slice(dir.length + 1)).sort()).toEqual(
      [
        'builtin_module_outer/0_canonicalize.mlir',
        'builtin_module_outer/1_canonicalize.mlir',
        'builtin_module_outer/func_func_symA/1_0_cse.mlir',
        'builtin_module_outer/builtin_module_inner/1_0_canonicalize.mlir',
        'builtin_module_outer/builtin_module_inner/func_func_symB/1_0_0_cse.mlir',
        'builtin_module_outer/builtin_module_inner/func_func_symB/1_0_1_canonicalize.mlir',
        'builtin_module_outer/builtin_module_inner/func_func_symC/1_0_0_cse.mlir',
        'builtin_module_outer/builtin_module_inner/func_func_symC/1_0_1_canonicalize.mlir',
        'builtin_module_outer/builtin_module_inner/1_1_cse.mlir',
        'builtin_module_outer/2_cse.mlir',
      ].sort(),
    )
  })

  it('prints after a pass only when the IR changed', () => {
    const r = run(['-mlir-disable-threading', '-p', 'builtin.module(test-module-pass)', '-mlir-print-ir-after-all', '-mlir-print-ir-after-change'])
    expect(r.rc).toBe(0)
    expect(r.err).toBe('')
  })
})

describe('reproducers', () => {
  it('writes a crash reproducer and reports it', () => {
    // mlir-opt c.mlir -pass-pipeline='builtin.module(builtin.module(test-module-pass, test-pass-crash))'
    //   -mlir-pass-pipeline-crash-reproducer=r1.mlir
    const r = run(['-pass-pipeline=builtin.module(builtin.module(test-module-pass, test-pass-crash))', '-mlir-pass-pipeline-crash-reproducer=r1.mlir'], nested)
    expect(r.rc).toBe(1)
    expect(r.written['r1.mlir']).toBe(
      'module @inner_mod1 {\n  module @foo {\n  }\n}\n\n{-#\n  external_resources: {\n    mlir_reproducer: {\n' +
        '      pipeline: "builtin.module(builtin.module(test-module-pass,test-pass-crash))",\n' +
        '      disable_threading: false,\n      verify_each: true\n    }\n  }\n#-}\n',
    )
    expect(r.err).toBe(
      'in.mlir:1:1: error: Failures have been detected while processing an MLIR pass pipeline\nmodule @inner_mod1 {\n^\n' +
        "in.mlir:1:1: note: Pipeline failed while executing [`(anonymous namespace)::TestCrashRecoveryPass` on 'builtin.module' operation: @foo]: reproducer generated at `r1.mlir`\n",
    )
  })

  it('writes a local reproducer for a failing pass at the failing op', () => {
    // mlir-opt c.mlir -pass-pipeline='builtin.module(builtin.module(test-module-pass, test-pass-failure))'
    //   -mlir-pass-pipeline-crash-reproducer=r5.mlir -mlir-pass-pipeline-local-reproducer -mlir-disable-threading
    const r = run(
      [
        '-pass-pipeline=builtin.module(builtin.module(test-module-pass, test-pass-failure))',
        '-mlir-pass-pipeline-crash-reproducer=r5.mlir',
        '-mlir-pass-pipeline-local-reproducer',
        '-mlir-disable-threading',
      ],
      nested,
    )
    expect(r.rc).toBe(1)
    expect(r.written['r5.mlir']).toContain('pipeline: "builtin.module(builtin.module(test-pass-failure{gen-diagnostics=false}))",\n      disable_threading: true,')
    expect(r.err).toBe(
      'in.mlir:2:3: error: Failures have been detected while processing an MLIR pass pipeline\n  module @foo {}\n  ^\n' +
        "in.mlir:2:3: note: Pipeline failed while executing `(anonymous namespace)::TestFailurePass` on 'builtin.module' operation: @foo: reproducer generated at `r5.mlir`\n",
    )
  })

  it('refuses a local reproducer with threading on', () => {
    const r = run(['-p', 'builtin.module(test-pass-failure)', '-mlir-pass-pipeline-crash-reproducer=x', '-mlir-pass-pipeline-local-reproducer'], nested)
    expect(r.rc).toBe(1)
    expect(r.err).toBe('<unknown>:0: error: Local crash reproduction may not be used without disabling mutli-threading first.\n')
  })

  it('generates a reproducer without a crash', () => {
    // mlir-opt c.mlir -pass-pipeline='builtin.module(test-module-pass,test-module-pass)' -mlir-generate-reproducer=r6.mlir
    const r = run(['-pass-pipeline=builtin.module(test-module-pass,test-module-pass)', '-mlir-generate-reproducer=r6.mlir'], nested)
    expect(r.rc).toBe(0)
    expect(r.written['r6.mlir']).toBe(
      'module @inner_mod1 {\n  module @foo {\n  }\n}\n\n{-#\n  external_resources: {\n    mlir_reproducer: {\n' +
        '      pipeline: "builtin.module(test-module-pass,test-module-pass)",\n' +
        '      disable_threading: false,\n      verify_each: false\n    }\n  }\n#-}\n',
    )
  })
})

describe('timing', () => {
  it('writes the reports before the IR, as mlir-opt does on one stream (its output is buffered until exit)', () => {
    const base = memoryIO({ 'in.mlir': 'module {\n}\n// -----\nmodule {\n}\n' })
    const order: string[] = []
    const io = {
      ...base,
      stdout: (text: string) => {
        order.push('out')
        base.stdout(text)
      },
      stderr: (text: string) => {
        order.push(text.includes('Execution time report') ? 'report' : 'err')
        base.stderr(text)
      },
    }
    expect(main(['in.mlir', '-split-input-file', '-p', 'builtin.module(test-module-pass)', '-mlir-timing'], io)).toBe(0)
    expect(order).toEqual(['report', 'report', 'out'])
    expect(base.out).toBe('module {\n}\n\n// -----\nmodule {\n}\n\n')
  })

  it('reports a tree with Parser, pipelines, passes, Output, Rest and Total', () => {
    const r = run(['-mlir-disable-threading', '-p', 'builtin.module(func.func(test-function-pass),test-module-pass)', '-mlir-timing'])
    expect(r.rc).toBe(0)
    const lines = r.err.split('\n')
    expect(lines.slice(0, 6)).toEqual([
      '===-------------------------------------------------------------------------===',
      '                         ... Execution time report ...',
      '===-------------------------------------------------------------------------===',
      expect.stringMatching(/^ {2}Total Execution Time: \d+\.\d{4} seconds$/),
      '',
      '  ----Wall Time----  ----Name----',
    ])
    const names = lines.slice(6, -1).map((l) => l.slice(21))
    expect(names).toEqual([
      'Parser',
      "'func.func' Pipeline",
      '  (anonymous namespace)::TestFunctionPass',
      '(anonymous namespace)::TestModulePass',
      'Output',
      'Rest',
      'Total',
    ])
    expect(lines[6]).toMatch(/^ {2} {2}\d\.\d{4} \( {0,2}\d+\.\d%\) {2}Parser$/)
  })

  it('lists merged timers with the root row in list mode, and JSON on request', () => {
    const r = run(['-p', 'builtin.module(func.func(test-function-pass))', '-mlir-timing', '-mlir-timing-display=list', '-mlir-output-format=json'])
    expect(r.rc).toBe(0)
    expect(r.err.startsWith('[\n{"wall": {"duration": ')).toBe(true)
    expect(r.err).toContain('"name": "root"},\n')
    expect(r.err).toContain('"name": "Pipeline Collection : [\'func.func\']"},\n')
    expect(r.err.endsWith('"name": "Total"}\n]\n')).toBe(true)
  })

  it('prints one report per input chunk, as mlir-opt with --split-input-file', () => {
    const r = run(['-split-input-file', '-p', 'builtin.module(test-module-pass)', '-mlir-timing', '-o', 'out.mlir'], 'module {\n}\n// -----\nmodule {\n}\n')
    expect(r.rc).toBe(0)
    expect(r.err.match(/\.\.\. Execution time report \.\.\./g)).toHaveLength(2)
  })

  it('keeps the upstream typo of the tree display help text', () => {
    const r = memoryIO()
    main(['--help'], r)
    expect(r.out).toContain('-   display the results ina with a nested tree view\n')
  })
})

describe('actions', () => {
  it('logs pass executions as mlir-opt does', () => {
    // mlir-opt f.mlir --log-actions-to=- -test-stats-pass -test-module-pass (thread name: the tool's)
    const r = run(['--log-actions-to=-', '-test-module-pass', '-o', 'out.mlir'])
    expect(r.rc).toBe(0)
    expect(r.out).toBe(
      '[thread tilepass-opt] begins (no breakpoint) Action `pass-execution` running `(anonymous namespace)::TestModulePass` on Operation `builtin.module` (module {...})`\n' +
        '[thread tilepass-opt] completed `pass-execution`\n',
    )
    expect(r.err).toBe('ExecutionContext registered on the context\n')
  })

  it('filters logged actions by location', () => {
    const r = run(['--log-actions-to=-', '--log-mlir-actions-filter=in.mlir:5', '-p', 'builtin.module(func.func(test-function-pass))', '-o', 'out.mlir'])
    expect(r.out).toBe(
      '[thread tilepass-opt] begins (no breakpoint) Action `pass-execution` running `(anonymous namespace)::TestFunctionPass` on Operation `func.func` (func.func @bar() {...})`\n' +
        '[thread tilepass-opt] completed `pass-execution`\n',
    )
  })

  it('profiles actions as Chrome trace events', () => {
    const r = run(['--profile-actions-to=trace.json', '-test-module-pass', '-o', 'out.mlir'])
    expect(r.rc).toBe(0)
    const trace = JSON.parse(r.written['trace.json']!) as { name: string; ph: string; args?: { desc: string } }[]
    expect(trace.map((e) => e.ph)).toEqual(['B', 'E'])
    expect(trace[0]!.args!.desc).toBe('`pass-execution` running `(anonymous namespace)::TestModulePass` on Operation `builtin.module`')
  })
})

describe('statistics', () => {
  // mlir-opt 22 of Debian prints only the header (built without statistics); the layout
  // of the values is upstream's PassStatistics `(S) %*u %-*s - %s`, indented under each pass.
  const header =
    '===-------------------------------------------------------------------------===\n' +
    '                         ... Pass statistics report ...\n' +
    '===-------------------------------------------------------------------------===\n'
  const pipeline = 'builtin.module(test-stats-pass,func.func(test-stats-pass,test-function-pass))'

  it('prints the pipeline view with real values', () => {
    const r = run(['-p', pipeline, '-mlir-pass-statistics', '-o', 'out.mlir'])
    expect(r.rc).toBe(0)
    expect(r.err).toBe(
      header +
        '(anonymous namespace)::TestStatisticPass\n' +
        '  (S) 6 num-ops  - Number of operations counted\n' +
        '  (S) 6 num-ops2 - Number of operations counted one more time\n' +
        "'func.func' Pipeline\n" +
        '  (anonymous namespace)::TestStatisticPass\n' +
        '    (S) 5 num-ops  - Number of operations counted\n' +
        '    (S) 5 num-ops2 - Number of operations counted one more time\n' +
        '  (anonymous namespace)::TestFunctionPass\n\n',
    )
  })

  it('merges by pass name in list mode, and prints JSON with --stats-json', () => {
    const r = run(['-p', pipeline, '-mlir-pass-statistics', '-mlir-pass-statistics-display=list', '-o', 'out.mlir'])
    expect(r.err).toBe(
      header +
        '  (anonymous namespace)::TestStatisticPass\n' +
        '    (S) 11 num-ops  - Number of operations counted\n' +
        '    (S) 11 num-ops2 - Number of operations counted one more time\n\n',
    )
    const j = run(['-p', pipeline, '-mlir-pass-statistics', '--stats-json', '-o', 'out.mlir'])
    expect(JSON.parse(j.err)).toEqual({ '(anonymous namespace)::TestStatisticPass': { 'num-ops': 11, 'num-ops2': 11 } })
  })
})

describe('remarks', () => {
  const source = 'module @foo {\n  "test.op"() : () -> ()\n}\n'
  const passed =
    'in.mlir:2:3: remark: [Passed] test-remark | Category:category-1-passed | Reason="because we are testing the remark pipeline", Remark="This is a test passed remark", Suggestion="try using the remark pipeline feature"\n  "test.op"() : () -> ()\n  ^\n'
  const failed =
    'in.mlir:2:3: remark: [Failure] test-remark | Category:category-2-failed | Reason="because we are testing the remark pipeline", Remark="This is a test failed remark", Suggestion="try using the remark pipeline feature"\n  "test.op"() : () -> ()\n  ^\n'

  it('filters by fully matching the category, as mlir-opt', () => {
    // mlir-opt remarks.mlir --test-remark --remarks-filter="a-category.*" shows only the missed remark
    const r = run(['--test-remark', '--remarks-filter=a-category.*', '-o', 'out.mlir'], source)
    expect(r.rc).toBe(0)
    expect(r.err).toContain('remark: [Missed] test-remark | Category:a-category-1-missed')
    expect(r.err.match(/remark:/g)).toHaveLength(1)
    expect(run(['--test-remark', '--remarks-filter=1-passed', '-o', 'out.mlir'], source).err).toBe('')
  })

  it('reads filters as LLVM regexes, joins the general and specific ones and drops invalid ones, as mlir-opt', () => {
    const kinds = (args: string[]): string[] => [...run(['--test-remark', ...args, '-o', 'out.mlir'], source).err.matchAll(/remark: \[(\w+)\]/g)].map((m) => m[1]!)
    // mlir-opt: an anchored pattern is used as it is (prefix or suffix matches here).
    expect(kinds(['--remarks-filter=^categ|missed$'])).toEqual(['Missed', 'Passed', 'Passed', 'Failure', 'Analysis'])
    // `all|specific` for passed; `all` alone (matching nothing here) for the others.
    expect(kinds(['--remarks-filter=cat', '--remarks-filter-passed=category-1.*'])).toEqual(['Passed', 'Passed'])
    // An invalid pattern disables its kind without a message; `\w` is a plain `w`.
    const invalid = run(['--test-remark', '--remarks-filter=categ.*', '--remarks-filter-passed=[', '-o', 'out.mlir'], source)
    expect(invalid.rc).toBe(0)
    expect([...invalid.err.matchAll(/remark: \[(\w+)\]/g)].map((m) => m[1])).toEqual(['Failure', 'Analysis'])
    expect(kinds(['--remarks-filter=\\w.*'])).toEqual([])
    for (const flag of ['--remarks-filter', '--remarks-filter-passed', '--remarks-filter-missed', '--remarks-filter-failed', '--remarks-filter-analyse']) {
      expect(run([`${flag}=[`, '-o', 'out.mlir'], source)).toMatchObject({ rc: 0, err: '' })
    }
  })

  it('keeps the final remark per site under --remark-policy=final', () => {
    // mlir-opt remarks.mlir --test-remark --remarks-filter-passed=category-1-passed
    //   --remarks-filter-failed=category-2-failed --remark-policy=final
    const r = run(
      ['--test-remark', '--remarks-filter-passed=category-1-passed', '--remarks-filter-failed=category-2-failed', '--remark-policy=final', '-o', 'out.mlir'],
      source,
    )
    expect(r.err).toBe(passed + failed)
  })
})

describe('debug counters and opt-bisect', () => {
  it('prints the counter summary as mlir-opt', () => {
    // mlir-opt t.mlir -p 'builtin.module(func.func(test-function-pass),test-module-pass)' -mlir-disable-threading
    //   --mlir-debug-counter=pass-execution-skip=1,pass-execution-count=2 --mlir-print-debug-counter
    const r = run([
      '-p',
      'builtin.module(func.func(test-function-pass),test-module-pass)',
      '-mlir-disable-threading',
      '--mlir-debug-counter=pass-execution-skip=1,pass-execution-count=2',
      '--mlir-print-debug-counter',
      '-o',
      'out.mlir',
    ])
    expect(r.rc).toBe(0)
    expect(r.err).toBe(
      'DebugCounter counters:\npass-execution                  : {0,1,2}\n' + 'DebugCounter counters:\npass-execution                  : {2,1,2}\n',
    )
  })

  it('counts afresh in each input chunk, as mlir-opt', () => {
    // mlir-opt s.mlir -split-input-file -p 'builtin.module(test-module-pass)'
    //   --mlir-debug-counter=pass-execution-skip=1 --mlir-print-debug-counter
    const r = run(
      ['-split-input-file', '-p', 'builtin.module(test-module-pass)', '--mlir-debug-counter=pass-execution-skip=1', '--mlir-print-debug-counter', '-o', 'out.mlir'],
      'module {\n}\n// -----\nmodule {\n}\n',
    )
    const chunk = 'DebugCounter counters:\npass-execution                  : {0,1,-1}\nDebugCounter counters:\npass-execution                  : {1,1,-1}\n'
    expect(r.err).toBe(chunk + chunk)
  })

  it('rejects a bad counter as mlir-opt', () => {
    const r = run(['--mlir-debug-counter=foo-skip=x'])
    expect(r.rc).toBe(1)
    expect(r.err).toBe('error: expected DebugCounter counter value to be numeric, but got `x`\nLLVM ERROR: Invalid DebugCounter command-line configuration\n')
  })

  it('is disabled with --log-actions-to', () => {
    const r = run(['--mlir-debug-counter=pass-execution-skip=1', '--log-actions-to=-', '-test-module-pass', '-o', 'out.mlir'])
    // mlir-opt prints the error in the middle of its `ExecutionContext registered` line.
    expect(r.err).toBe(
      'ExecutionContext registered on the contexterror: Debug counters are incompatible with --log-actions-to and --mlir-enable-debugger-hook options and are disabled\n\n',
    )
    expect(r.out).toContain('completed `pass-execution`')
  })

  it('bisects pass executions, verbosely, and writes the IR at the limit', () => {
    const r = run([
      '-p',
      'builtin.module(func.func(test-function-pass),test-module-pass)',
      '--opt-bisect-limit=2',
      '--opt-bisect-verbose',
      '--opt-bisect-print-ir-path=limit.mlir',
      '--schedule-trace-file=trace.json',
      '-o',
      'out.mlir',
    ])
    expect(r.rc).toBe(0)
    expect(r.err).toBe(
      'BISECT: running pass (1) (anonymous namespace)::TestFunctionPass on func.func (@foo)\n' +
        'BISECT: running pass (2) (anonymous namespace)::TestFunctionPass on func.func (@bar)\n' +
        'BISECT: NOT running pass (3) (anonymous namespace)::TestModulePass on builtin.module\n',
    )
    expect(r.written['limit.mlir']).toContain('func.func @bar()')
    const trace = JSON.parse(r.written['trace.json']!) as { traceEvents: { name: string }[] }
    expect(trace.traceEvents.map((e) => e.name)).not.toContain('(anonymous namespace)::TestModulePass')
  })
})

describe('test.graph_loop', () => {
  it('is a speculatable loop with a graph region: LICM hoists out of it and hoists it, as mlir-opt', () => {
    // mlir-opt -loop-invariant-code-motion graph-loop.mlir
    const r = run(['-loop-invariant-code-motion'], `func.func @test_invariant_nested_loop() {
  // CHECK: %[[C:.*]] = arith.constant
  %0 = arith.constant 5 : i32
  // CHECK: %[[V0:.*]] = arith.addi %[[C]], %[[C]]
  // CHECK-NEXT: %[[V1:.*]] = arith.addi %[[V0]], %[[C]]
  // CHECK-NEXT: test.graph_loop
  // CHECK-NEXT: ^bb0(%[[ARG0:.*]]: i32)
  // CHECK-NEXT: %[[V2:.*]] = arith.subi %[[ARG0]], %[[ARG0]]
  // CHECK-NEXT: test.region_yield %[[V2]]
  // CHECK: test.graph_loop
  // CHECK-NEXT: test.region_yield %[[V1]]
  test.graph_loop {
    %1 = arith.addi %0, %0 : i32
    %2 = arith.addi %1, %0 : i32
    test.graph_loop {
    ^bb0(%arg0: i32):
      %3 = arith.subi %arg0, %arg0 : i32
      test.region_yield %3 : i32
    } : () -> ()
    test.region_yield %2 : i32
  } : () -> ()
  return
}
`)
    expect(r.rc).toBe(0)
    expect(r.out).toBe(`module {
  func.func @test_invariant_nested_loop() {
    %c5_i32 = arith.constant 5 : i32
    %0 = arith.addi %c5_i32, %c5_i32 : i32
    %1 = arith.addi %0, %c5_i32 : i32
    test.graph_loop  {
    ^bb0(%arg0: i32):
      %2 = arith.subi %arg0, %arg0 : i32
      test.region_yield %2 : i32
    } : () -> ()
    test.graph_loop  {
      test.region_yield %1 : i32
    } : () -> ()
    return
  }
}

`)
  })
})
