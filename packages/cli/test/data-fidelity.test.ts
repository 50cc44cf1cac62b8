import { describe, expect, it } from 'vitest'
import { main } from '../src/tilepass-opt.ts'
import { memoryIO } from './memoryIO.ts'

// Regressions for inputs that were silently lost or changed on a round trip (issue 12).
// Every expected text is mlir-opt 22's output on the same input and flags.

function opt(args: string[], input: string): { rc: number; out: string; err: string } {
  const io = memoryIO({ 'in.mlir': input })
  const rc = main([...args, 'in.mlir'], io)
  return { rc, out: io.out, err: io.err }
}

// The external resources print back as they were read.
const EXTERNAL = `  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(canonicalize)",
      disable_threading: true
    },
    other: {
      k: "0x0100000009",
      s: "text",
      b: false
    }
  }
#-}
`

const RESOURCES = `"x.a"() {v = dense_resource<blob> : tensor<1xi8>} : () -> ()
"x.b"() <{v = dense_resource<blob2> : tensor<1xi8>}> : () -> ()
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0100000001",
      blob2: "0x0100000002",
      unused: "0x0100000003"
    }
  },
${EXTERNAL}`

describe('resources survive printing', () => {
  it('prints the blobs referenced from attributes and properties, and the external resources', () => {
    const r = opt(['--allow-unregistered-dialect'], RESOURCES)
    expect(r.err).toBe('')
    expect(r.out).toBe(`module {
  "x.a"() {v = dense_resource<blob> : tensor<1xi8>} : () -> ()
  "x.b"() <{v = dense_resource<blob2> : tensor<1xi8>}> : () -> ()
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x0100000001",
      blob2: "0x0100000002"
    }
  },
${EXTERNAL}
`)
  })

  it('drops blobs no longer referenced and the reproducer entry --run-reproducer consumed', () => {
    const input = `func.func @f() {
  %0 = arith.constant dense_resource<b> : tensor<2xi32>
  return
}
{-#
  dialect_resources: {
    builtin: {
      b: "0x040000000100000002000000"
    }
  },
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(canonicalize)",
      disable_threading: true
    }
  }
#-}
`
    const expected = 'module {\n  func.func @f() {\n    return\n  }\n}\n\n'
    expect(opt(['--run-reproducer'], input).out).toBe(expected)
    expect(opt(['--canonicalize'], input).out).toBe(`${expected.slice(0, -1)}\n{-#\n  external_resources: {\n    mlir_reproducer: {\n      pipeline: "builtin.module(canonicalize)",\n      disable_threading: true\n    }\n  }\n#-}\n\n`)
  })
})

describe('input is not cut short', () => {
  it('skips a NUL byte between tokens', () => {
    const r = opt([], '\u0000func.func @f() {\n  return\n}\n')
    expect(r).toEqual({ rc: 0, out: 'module {\n  func.func @f() {\n    return\n  }\n}\n\n', err: '' })
  })
})
