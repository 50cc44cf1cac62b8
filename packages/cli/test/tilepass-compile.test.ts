import { describe, expect, it } from 'vitest'
import { CSE, Canonicalizer } from '@tilepass/transforms'
import { Pass, type PassManager } from '@tilepass/pass-manager'
import { main, runCompileTool } from '../src/tilepass-compile.ts'
import type { TileCompilePipeline } from '../src/internal/compileMain.ts'
import type { ToolIO } from '../src/ToolIO.ts'
import { memoryIO } from './memoryIO.ts'

// The driver's mechanics (inputs, exit codes, scopes, outputs) with a pipeline of plain
// passes on input that is already in the llvm and nvvm dialects; the cuda_tile pipeline
// itself is tested end to end in tilepass-compile-kernels.test.ts.
const LOWERED = `module {
  llvm.func @scale(%arg0: !llvm.ptr, %arg1: f32) attributes {nvvm.kernel} {
    %0 = "nvvm.read.ptx.sreg.tid.x"() : () -> i32
    %1 = llvm.getelementptr %arg0[%0] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    %2 = llvm.load %1 : !llvm.ptr -> f32
    %3 = llvm.fmul %2, %arg1 : f32
    llvm.store %3, %1 : f32, !llvm.ptr
    llvm.return
  }
}
`

class FailingPass extends Pass {
  static override readonly argument = 'test-fail'
  static override readonly opName = 'builtin.module'
  override runOnOperation(): void {
    this.getOperation().emitError('not supported by tilepass-compile yet').report()
    this.signalPassFailure()
  }
}

const PLAIN: TileCompilePipeline = {
  addTileAS: (pm: PassManager) => pm.addPass(new Canonicalizer()),
  addNVVM: (pm: PassManager) => pm.addPass(new CSE()),
}
const FAILING: TileCompilePipeline = { addTileAS: (pm: PassManager) => pm.addPass(new FailingPass()), addNVVM: () => {} }

function bytesIO(files: Record<string, Uint8Array>): ToolIO & { out: string; err: string } {
  return Object.assign(memoryIO(), {
    readFileBytes: (path: string): Uint8Array => {
      const b = files[path]
      if (b === undefined) {
        throw new Error('No such file or directory')
      }
      return b
    },
  })
}

describe('tilepass-compile: inputs and exit codes (tileiras driver behaviour)', () => {
  it('says no input file was provided (exit 1)', () => {
    const io = memoryIO()
    expect(runCompileTool([], io, PLAIN)).toBe(1)
    expect(io.err).toBe('error: no input file provided\n')
  })

  it('reports a missing file (exit 1) and an unreadable one (exit 4)', () => {
    const io = memoryIO()
    expect(runCompileTool(['nope.mlir'], io, PLAIN)).toBe(1)
    expect(io.err).toBe("cannot open input file 'nope.mlir': No such file or directory\n")
    const denied = Object.assign(memoryIO(), {
      readFile: (): string => {
        throw new Error('Permission denied')
      },
    })
    expect(runCompileTool(['k.mlir'], denied, PLAIN)).toBe(4)
  })

  it('rejects invalid option values with exit 2 before reading anything', () => {
    for (const args of [['--gpu-name=sm_42', 'k.mlir'], ['-O7', 'k.mlir'], ['--emit=llvm-ir', '--ptx-backend=llc', 'k.mlir']]) {
      const io = memoryIO({ 'k.mlir': LOWERED })
      expect(runCompileTool(args, io, PLAIN)).toBe(2)
      expect(io.err).toMatch(/^tilepass-compile: error: /)
    }
  })

  it('gives exit 4 for text that does not parse, 3 for IR that does not verify', () => {
    const bad = memoryIO({ 'k.mlir': 'module {\n  %0 = arith.constant 1 : i32 +\n}\n' })
    expect(runCompileTool(['k.mlir'], bad, PLAIN)).toBe(4)
    expect(bad.err).toMatch(/^k\.mlir:2:\d+: error: /)
    const invalid = memoryIO({ 'k.mlir': 'func.func @f() -> i32 {\n  func.return\n}\n' })
    expect(runCompileTool(['k.mlir'], invalid, PLAIN)).toBe(3)
    expect(invalid.err).toContain("k.mlir:2:3: error: 'func.return' op has 0 operands, but enclosing function (@f) returns 1")
  })

  it('rejects damaged Tile IR bytecode and MLIR bytecode with exit 4', () => {
    const tilebc = new Uint8Array([0x7f, 0x54, 0x69, 0x6c, 0x65, 0x49, 0x52, 0x00, 13, 1, 0, 0, 0xff, 0xff])
    const io = bytesIO({ 'k.tilebc': tilebc })
    expect(runCompileTool(['k.tilebc'], io, PLAIN)).toBe(4)
    expect(io.err).toContain('error: failed to parse IR bytecode\n')
    const mlirbc = bytesIO({ 'k.mlirbc': new Uint8Array([0x4d, 0x4c, 0xef, 0x52, 0x06, 0x00]) })
    expect(runCompileTool(['k.mlirbc'], mlirbc, PLAIN)).toBe(4)
    expect(mlirbc.err).toMatch(/error: failed to parse IR bytecode: 'k\.mlirbc' is MLIR bytecode/)
  })

  it('gives exit 5 on a compile failure and leaves no output file', () => {
    const io = memoryIO({ 'k.mlir': LOWERED })
    expect(runCompileTool(['k.mlir', '-o', 'k.ptx'], io, FAILING)).toBe(5)
    expect(io.err).toMatch(/^k\.mlir:1:1: error: not supported by tilepass-compile yet\n/)
    expect(io.err).toContain('error: failed to compile Tile IR program\n')
    expect(io.written).toEqual({})
  })
})

describe('tilepass-compile: outputs', () => {
  it('writes PTX for the target, LLVM IR and the llvm dialect with --emit', () => {
    const io = memoryIO({ 'k.mlir': LOWERED })
    expect(runCompileTool(['k.mlir', '--gpu-name=sm_90a', '-o', 'k.ptx'], io, PLAIN)).toBe(0)
    expect(io.err).toBe('')
    const ptx = io.written['k.ptx']!
    expect(ptx).toMatch(/\.target sm_90a\b/)
    expect(ptx).toContain('.visible .entry scale(')
    expect(ptx).toMatch(/mul(\.rn)?\.f32/)

    const ir = memoryIO({ 'k.mlir': LOWERED })
    expect(runCompileTool(['k.mlir', '--emit=llvm-ir'], ir, PLAIN)).toBe(0)
    expect(ir.out).toContain('define ptx_kernel void @scale(ptr %0, float %1)')

    const dialect = memoryIO({ 'k.mlir': LOWERED })
    expect(runCompileTool(['k.mlir', '--emit=llvm-dialect'], dialect, PLAIN)).toBe(0)
    expect(dialect.out).toContain('llvm.func @scale(')
  })

  it('times the pipeline in CompileNVVM and the translation in SerializeGPUModule', () => {
    const io = memoryIO({ 'k.mlir': LOWERED })
    expect(runCompileTool(['k.mlir', '--mlir-timing', '--mlir-timing-display=tree'], io, PLAIN)).toBe(0)
    const rows = io.err
      .split('\n')
      .filter((l) => /^\s+[\d.]+ \(\s*[\d.]+%\)\s+\S/.test(l))
      .map((l) => l.replace(/^\s+[\d.]+ \(\s*[\d.]+%\)/, ''))
    expect(rows).toEqual(['  Parser', '  CompileNVVM', '    Canonicalizer', '    CSE', '      (A) DominanceInfo', '  SerializeGPUModule', '  Rest', '  Total'])
  })

  it('shows the same scopes in the tileiras report style', () => {
    const io = memoryIO({ 'k.mlir': LOWERED })
    expect(runCompileTool(['k.mlir', '--mlir-timing', '--tilepass-timing-style=tileiras'], io, PLAIN)).toBe(0)
    expect(io.err.indexOf('CompileNVVM')).toBeGreaterThan(0)
    expect(io.err.indexOf('SerializeGPUModule')).toBeGreaterThan(io.err.indexOf('CompileNVVM'))
  })

  it('prints the IR after each pass of the pipeline', () => {
    const io = memoryIO({ 'k.mlir': LOWERED })
    expect(runCompileTool(['k.mlir', '--mlir-print-ir-after-all', '--emit=llvm-dialect'], io, PLAIN)).toBe(0)
    expect(io.err).toContain('// -----// IR Dump After Canonicalizer (canonicalize) //----- //')
    expect(io.err).toContain('// -----// IR Dump After CSE (cse) //----- //')
  })

  it('lists its own options in --help', () => {
    const io = memoryIO()
    expect(main(['--help'], io)).toBe(0)
    expect(io.out).toMatch(/^OVERVIEW: Tilepass tile IR to PTX compiler driver\n/)
    for (const option of ['--gpu-name=<sm_XX>', '--opt-level=<int>', '--emit=<kind>', '--mlir-timing', '--opt-bisect-limit']) {
      expect(io.out).toContain(option)
    }
    expect(io.out).not.toContain('--split-input-file')
  })
})
