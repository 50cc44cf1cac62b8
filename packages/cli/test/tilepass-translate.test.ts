import { describe, expect, it } from 'vitest'
import { StringAttr, UnknownLoc } from '@tilepass/ir'
import { main as optMain } from '../src/tilepass-opt.ts'
import { createTranslationRegistry, main } from '../src/tilepass-translate.ts'
import type { ToolIO } from '../src/ToolIO.ts'

/** An in-memory ToolIO with binary files and a binary stdout. */
function binaryIO(files: Record<string, string | Uint8Array> = {}): ToolIO & {
  out: string
  outBytes: Uint8Array
  err: string
  files: Record<string, string | Uint8Array>
} {
  const bytesOf = (v: string | Uint8Array): Uint8Array => (typeof v === 'string' ? new TextEncoder().encode(v) : v)
  const io = {
    out: '',
    outBytes: new Uint8Array(0),
    err: '',
    files,
    stdout: (text: string) => {
      io.out += text
    },
    stderr: (text: string) => {
      io.err += text
    },
    stdoutBytes: (bytes: Uint8Array) => {
      io.outBytes = Uint8Array.from([...io.outBytes, ...bytes])
    },
    readFile: (path: string) => {
      const v = files[path]
      if (v === undefined) {
        throw new Error('No such file or directory')
      }
      return typeof v === 'string' ? v : new TextDecoder().decode(v)
    },
    readFileBytes: (path: string) => {
      const v = files[path]
      if (v === undefined) {
        throw new Error('No such file or directory')
      }
      return bytesOf(v)
    },
    writeFile: (path: string, text: string) => {
      files[path] = text
    },
    writeFileBytes: (path: string, bytes: Uint8Array) => {
      files[path] = bytes
    },
  }
  return io
}

const KERNEL = `cuda_tile.module @kernels {
  entry @add(%a: tile<i32>, %b: tile<i32>) {
    %0 = addi %a, %b : tile<i32>
    %1 = negi %0 overflow<no_signed_wrap> : tile<i32>
    return
  }
}
`

describe('tilepass-translate', () => {
  it('lists the bytecode versions', () => {
    const io = binaryIO()
    expect(main(['--list-versions'], io)).toBe(0)
    expect(io.out).toBe('13.1\n13.2\n13.3\n250.0\n250.1\n')
  })

  it('refuses unsupported and malformed bytecode versions as cuda-tile-translate does', () => {
    let io = binaryIO({ 'k.mlir': KERNEL })
    expect(main(['-mlir-to-cudatilebc', '-bytecode-version=12.0', 'k.mlir'], io)).toBe(1)
    expect(io.err).toBe("tilepass-translate: for the --bytecode-version option: Invalid argument '12.0': the supported versions are [13.1 - 13.3]\n")
    io = binaryIO({ 'k.mlir': KERNEL })
    expect(main(['-mlir-to-cudatilebc', '-bytecode-version=13', 'k.mlir'], io)).toBe(1)
    expect(io.err).toBe("tilepass-translate: for the --bytecode-version option: Invalid argument '13'\n")
  })

  it('writes bytecode with the magic and the requested version, and reads it back', () => {
    const io = binaryIO({ 'k.mlir': KERNEL })
    expect(main(['-mlir-to-cudatilebc', '-no-implicit-module', '-bytecode-version=13.2', 'k.mlir', '-o', 'k.tilebc'], io)).toBe(0)
    const bytes = io.files['k.tilebc'] as Uint8Array
    expect([...bytes.subarray(0, 12)]).toEqual([0x7f, 0x54, 0x69, 0x6c, 0x65, 0x49, 0x52, 0x00, 13, 2, 0, 0])
    const back = binaryIO({ 'k.tilebc': bytes })
    expect(main(['-cudatilebc-to-mlir', 'k.tilebc'], back)).toBe(0)
    // The module name is not stored: it reads back as @kernels, without a trailing empty line.
    expect(back.out).toBe(KERNEL.replace('(%a: tile<i32>, %b: tile<i32>)', '(%arg0: tile<i32>, %arg1: tile<i32>)').replace(/%a\b/g, '%arg0').replace(/%b\b/g, '%arg1'))
    // Bytecode goes to stdout as bytes when there is no -o.
    const toStdout = binaryIO({ 'k.mlir': KERNEL })
    expect(main(['-mlir-to-cudatilebc', 'k.mlir'], toStdout)).toBe(0)
    expect(toStdout.outBytes.length).toBeGreaterThan(12)
  })

  it('refuses a newer attribute value for an older version', () => {
    const io = binaryIO({ 'k.mlir': KERNEL })
    expect(main(['-mlir-to-cudatilebc', '-no-implicit-module', '-bytecode-version=13.1', 'k.mlir'], io)).toBe(1)
    expect(io.err).toContain("error: attribute 'overflow' requires bytecode version 13.2+, but targeting 13.1")
  })

  it('round-trips in memory with --test-cudatile-roundtrip, which needs the cuda_tile.module at the top', () => {
    let io = binaryIO({ 'k.mlir': KERNEL })
    expect(main(['--test-cudatile-roundtrip', '-no-implicit-module', 'k.mlir'], io)).toBe(0)
    expect(io.out.endsWith('}\n\n')).toBe(true)
    io = binaryIO({ 'k.mlir': KERNEL })
    expect(main(['--test-cudatile-roundtrip', 'k.mlir'], io)).toBe(1)
    expect(io.err).toContain("error: expected a 'cuda_tile.module' op, got 'builtin.module'")
  })

  it('reports malformed bytecode as error-at-offset diagnostics', () => {
    const io = binaryIO({ 'bad.tilebc': Uint8Array.from([0x7e, 0x54, 0x69, 0x6c, 0x65, 0x49, 0x52, 0x00, 0x01]) })
    expect(main(['-cudatilebc-to-mlir', 'bad.tilebc'], io)).toBe(1)
    expect(io.err).toContain('error: error at offset 1: invalid magic number at position 0, got 126 expected 127')
  })

  it('translates each split chunk, joining the outputs with a newline', () => {
    const two = `${KERNEL}// -----\n${KERNEL}`
    const io = binaryIO({ 'k.mlir': two })
    expect(main(['--test-cudatile-roundtrip', '-no-implicit-module', '-split-input-file', 'k.mlir'], io)).toBe(0)
    const one = binaryIO({ 'k.mlir': KERNEL })
    main(['--test-cudatile-roundtrip', '-no-implicit-module', 'k.mlir'], one)
    expect(io.out).toBe(`${one.out}\n${one.out}`)
  })

  it('checks expected diagnostics with -verify-diagnostics', () => {
    const text = `// expected-error @below{{only function and global ops are allowed in the body}}
cuda_tile.module @kernels {
  // expected-remark @below{{invalid op}}
  cuda_tile.constant <f32: 5.0> : !cuda_tile.tile<f32>
}
`
    const io = binaryIO({ 'k.mlir': text })
    expect(main(['-mlir-to-cudatilebc', '-no-implicit-module', '-verify-diagnostics', 'k.mlir'], io)).toBe(0)
    expect(io.err).toBe('')
  })

  it('asks for a translation when none is given', () => {
    const io = binaryIO({ 'k.mlir': KERNEL })
    expect(main(['k.mlir'], io)).toBe(1)
    expect(io.err).toContain('must be specified at least once')
  })

  it('runs a translation registered by another package', () => {
    const registry = createTranslationRegistry()
    registry.registerFromMLIR('mlir-to-names', 'Print the names of the top-level symbols', (op, output) => {
      for (const inner of op.regions[0]?.firstBlock?.operations ?? []) {
        const name = inner.properties.get('sym_name')
        output.writeText(`${name instanceof StringAttr ? name.value : '?'}\n`)
      }
      return true
    })
    registry.registerToMLIR('always-fails', 'Fails with a diagnostic', (_input, env) => {
      env.context.emitError(UnknownLoc.get(env.context), 'no module here').report()
      return null
    })
    let io = binaryIO({ 'k.mlir': KERNEL })
    expect(main(['--mlir-to-names', '-no-implicit-module', 'k.mlir'], io, registry)).toBe(0)
    expect(io.out).toBe('add\n')
    io = binaryIO({ 'k.mlir': KERNEL })
    expect(main(['--always-fails', 'k.mlir'], io, registry)).toBe(1)
    expect(io.err).toContain('error: no module here')
  })
})

describe('tilepass-opt on bytecode', () => {
  it('reads a .tilebc input (detected by its magic) as the module it encodes', () => {
    const io = binaryIO({ 'k.mlir': KERNEL })
    expect(main(['-mlir-to-cudatilebc', '-no-implicit-module', 'k.mlir', '-o', 'k.tilebc'], io)).toBe(0)
    const opt = binaryIO({ 'k.tilebc': io.files['k.tilebc']! })
    expect(optMain(['k.tilebc'], opt)).toBe(0)
    expect(opt.err).toBe('')
    expect(opt.out).toContain('cuda_tile.module @kernels {')
    expect(opt.out).toContain('negi %0 overflow<no_signed_wrap> : tile<i32>')
  })
})
