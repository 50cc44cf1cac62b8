import { describe, expect, it } from 'vitest'
import { Context, parseSourceString } from '@tilepass/ir'
import { registerAllDialects } from '@tilepass/dialects'
import { PassRegistry, buildPassManagerFromCommandLine } from '@tilepass/pass-manager'
import { registerTestPasses } from '../src/testing/TestPasses.ts'

const source = "func.func private @ext()\nfunc.func @a() {\n  call @b() : () -> ()\n  call @ext() : () -> ()\n  return\n}\nfunc.func @b() {\n  call @a() : () -> ()\n  %f = constant @a : () -> ()\n  call_indirect %f() : () -> ()\n  return\n}\nfunc.func @c() {\n  call @c() : () -> ()\n  call @d() : () -> ()\n  return\n}\nfunc.func @d() {\n  return\n}\n"

// mlir-opt -test-print-callgraph - -o /dev/null (stderr), mlir-opt 22.1.8
const expected = "Testing : <<NULL ATTRIBUTE>>\n// ---- CallGraph ----\n// - Node : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"a\"}\n// -- Call-Edge : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"b\"}\n// -- Call-Edge : <Unknown-Callee-Node>\n//\n// - Node : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"b\"}\n// -- Call-Edge : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"a\"}\n// -- Call-Edge : <Unknown-Callee-Node>\n//\n// - Node : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"c\"}\n// -- Call-Edge : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"c\"}\n// -- Call-Edge : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"d\"}\n//\n// - Node : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"d\"}\n//\n// -- SCCs --\n// - SCC : \n// -- Node :<Unknown-Callee-Node>\n\n// - SCC : \n// -- Node :'func.func' - Region #0 : {function_type = () -> (), sym_name = \"b\"}\n// -- Node :'func.func' - Region #0 : {function_type = () -> (), sym_name = \"a\"}\n\n// - SCC : \n// -- Node :'func.func' - Region #0 : {function_type = () -> (), sym_name = \"d\"}\n\n// - SCC : \n// -- Node :'func.func' - Region #0 : {function_type = () -> (), sym_name = \"c\"}\n\n// - SCC : \n// -- Node :<External-Caller-Node>\n\n// -------------------\n"

describe('test-print-callgraph', () => {
  it('prints the call graph and its SCCs as mlir-opt', () => {
    const ctx = new Context()
    registerAllDialects(ctx)
    const registry = new PassRegistry()
    let err = ''
    registerTestPasses(registry, { stdout: () => {}, stderr: (t) => (err += t) })
    const parsed = parseSourceString(source, ctx)!
    const r = buildPassManagerFromCommandLine(ctx, registry, 'builtin.module', { passPipeline: null, passFlags: [{ argument: 'test-print-callgraph', options: '' }] })
    expect(r.pm!.run(parsed.op)).toBe(true)
    expect(err).toBe(expected)
  })
})

// A callable nested in another (through a nested symbol table): its child edge comes
// first, then the call edges in the order of the calls, including calls that come after
// the nested callable and calls to callables defined later.
const nestedSource = "module {\n  func.func @a() {\n    call @b() : () -> ()\n    \"test.wrap\"() ({\n      builtin.module {\n        func.func @inner() {\n          func.call @inner2() : () -> ()\n          func.return\n        }\n        func.func private @inner2()\n      }\n      \"test.end\"() : () -> ()\n    }) : () -> ()\n    call @c() : () -> ()\n    return\n  }\n  func.func @b() {\n    call @a() : () -> ()\n    return\n  }\n  func.func @c() {\n    return\n  }\n}\n"

// mlir-opt --allow-unregistered-dialect -test-print-callgraph - -o /dev/null (stderr), mlir-opt 22.1.8
const nestedExpected = "Testing : <<NULL ATTRIBUTE>>\n// ---- CallGraph ----\n// - Node : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"a\"}\n// -- Child-Edge : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"inner\"}\n// -- Call-Edge : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"b\"}\n// -- Call-Edge : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"c\"}\n//\n// - Node : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"inner\"}\n// -- Call-Edge : <Unknown-Callee-Node>\n//\n// - Node : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"b\"}\n// -- Call-Edge : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"a\"}\n//\n// - Node : 'func.func' - Region #0 : {function_type = () -> (), sym_name = \"c\"}\n//\n// -- SCCs --\n// - SCC : \n// -- Node :<Unknown-Callee-Node>\n\n// - SCC : \n// -- Node :'func.func' - Region #0 : {function_type = () -> (), sym_name = \"inner\"}\n\n// - SCC : \n// -- Node :'func.func' - Region #0 : {function_type = () -> (), sym_name = \"c\"}\n\n// - SCC : \n// -- Node :'func.func' - Region #0 : {function_type = () -> (), sym_name = \"b\"}\n// -- Node :'func.func' - Region #0 : {function_type = () -> (), sym_name = \"a\"}\n\n// - SCC : \n// -- Node :<External-Caller-Node>\n\n// -------------------\n"

describe('test-print-callgraph with nested callables', () => {
  it('orders child edges before call edges, as mlir-opt', () => {
    const ctx = new Context({ allowUnregisteredDialects: true })
    registerAllDialects(ctx)
    const registry = new PassRegistry()
    let err = ''
    registerTestPasses(registry, { stdout: () => {}, stderr: (t) => (err += t) })
    const parsed = parseSourceString(nestedSource, ctx)!
    const r = buildPassManagerFromCommandLine(ctx, registry, 'builtin.module', { passPipeline: null, passFlags: [{ argument: 'test-print-callgraph', options: '' }] })
    expect(r.pm!.run(parsed.op)).toBe(true)
    expect(err).toBe(nestedExpected)
  })
})

describe('call graph SCCs on a long call chain', () => {
  // The SCC walk once recursed per call in a chain and overflowed the main thread's stack
  // (`--inline` on 8,000 chained functions crashed). Each function is its own SCC, callees first.
  it('visits a 20,000-function chain without recursion, callees first', () => {
    const n = 20000
    const parts: string[] = []
    for (let i = 0; i < n; i++) {
      parts.push(`func.func private @f${i}() {\n  call @f${i + 1}() : () -> ()\n  return\n}\n`)
    }
    parts.push(`func.func private @f${n}() {\n  return\n}\nfunc.func @main() {\n  call @f0() : () -> ()\n  return\n}\n`)
    const ctx = new Context()
    registerAllDialects(ctx)
    const registry = new PassRegistry()
    let err = ''
    registerTestPasses(registry, { stdout: () => {}, stderr: (t) => (err += t) })
    const parsed = parseSourceString(parts.join(''), ctx)!
    const r = buildPassManagerFromCommandLine(ctx, registry, 'builtin.module', { passPipeline: null, passFlags: [{ argument: 'test-print-callgraph', options: '' }] })
    expect(r.pm!.run(parsed.op)).toBe(true)
    const sccs = err.slice(err.indexOf('// -- SCCs --')).match(/sym_name = "([^"]+)"/g)!
    expect(sccs.length).toBe(n + 2)
    expect(sccs[0]).toBe(`sym_name = "f${n}"`)
    expect(sccs[n]).toBe('sym_name = "f0"')
    expect(sccs[n + 1]).toBe('sym_name = "main"')
    // The test is about the stack, not speed: about 4 s alone, more on a loaded CI machine.
  }, 60_000)
})
