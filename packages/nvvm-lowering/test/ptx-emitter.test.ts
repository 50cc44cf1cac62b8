// The native emitter's module structure, op coverage and diagnostics: every path a tile
// kernel may take is assembled by ptxas and run by the emulator, and anything outside the
// supported subset is a diagnostic at the op's location.
import { describe, expect, it } from 'vitest'
import { runKernel } from '@tilepass/simt-emulator'
import { parsePTXTarget, runLlc } from '../src/index.ts'
import { MLIR_OPT, PTXAS, compile, ptxas, runTool } from './ptxTools.ts'

/** ptxas, mlir-opt, llc and the emulator together take seconds on a loaded machine. */
const SLOW = 60_000

/** A kernel that touches the less common paths: f16/bf16 math, vectors, casts, i16, shared memory. */
const COVERAGE = `
llvm.mlir.global external @dyn() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
llvm.func @coverage(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %h: f16, %flag: i1) attributes {nvvm.kernel, nvvm.maxntid = array<i32: 32, 1, 1>, nvvm.minctasm = 1 : i32} {
  %tid = "nvvm.read.ptx.sreg.tid.x"() : () -> i32
  %v4 = llvm.load %in : !llvm.ptr<1> -> vector<4xf32>
  %c16 = llvm.mlir.constant(16 : i64) : i64
  %p8 = llvm.getelementptr %in[16] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i8
  %v8 = llvm.load %p8 {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xf16>
  %i0 = llvm.mlir.constant(0 : i32) : i32
  %i1 = llvm.mlir.constant(1 : i32) : i32
  %i3 = llvm.mlir.constant(3 : i32) : i32
  %a = llvm.extractelement %v4[%i0 : i32] : vector<4xf32>
  %b = llvm.extractelement %v4[%i3 : i32] : vector<4xf32>
  %e = "llvm.intr.exp2"(%a) : (f32) -> f32
  %mx = llvm.intr.maximum(%e, %b) : (f32, f32) -> f32
  %x0 = llvm.extractelement %v8[%i0 : i32] : vector<8xf16>
  %x1 = llvm.extractelement %v8[%i1 : i32] : vector<8xf16>
  %hs = llvm.fmul %x0, %x1 : f16
  %hf = llvm.intr.fma(%hs, %h, %x1) : (f16, f16, f16) -> f16
  %hn = llvm.fneg %hf : f16
  %hx = llvm.fpext %hn : f16 to f32
  %bb = llvm.fptrunc %mx : f32 to bf16
  %bb2 = llvm.fadd %bb, %bb : bf16
  %bf = llvm.fpext %bb2 : bf16 to f32
  %lt = llvm.fcmp "olt" %hx, %bf : f32
  %both = llvm.and %lt, %flag : i1
  %sel = llvm.select %both, %hx, %bf : i1, f32
  %s16 = llvm.trunc %tid : i32 to i16
  %m16 = llvm.mul %s16, %s16 : i16
  %w32 = llvm.zext %m16 : i16 to i32
  %fi = llvm.fptosi %sel : f32 to i32
  %sum = llvm.add %w32, %fi : i32
  %dyn = llvm.mlir.addressof @dyn : !llvm.ptr<3>
  %slot = llvm.getelementptr %dyn[%tid] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
  llvm.store %sum, %slot : i32, !llvm.ptr<3>
  "nvvm.barrier0"() : () -> ()
  %gen = llvm.addrspacecast %slot : !llvm.ptr<3> to !llvm.ptr
  %back = llvm.load %gen : !llvm.ptr -> i32
  %pi = llvm.ptrtoint %out : !llvm.ptr<1> to i64
  %t64 = llvm.zext %tid : i32 to i64
  %off = llvm.mul %t64, %c16 : i64
  %addr = llvm.add %pi, %off : i64
  %po = llvm.inttoptr %addr : i64 to !llvm.ptr<1>
  %r0 = llvm.bitcast %back : i32 to f32
  %res0 = llvm.insertelement %r0, %v4[%i0 : i32] : vector<4xf32>
  %res1 = llvm.insertelement %sel, %res0[%i1 : i32] : vector<4xf32>
  llvm.store %res1, %po : vector<4xf32>, !llvm.ptr<1>
  llvm.return
}
`

function f16(x: number): number {
  const f = new Float32Array([x])
  const u = new Uint32Array(f.buffer)[0]!
  return x === 0 ? 0 : ((u >>> 16) & 0x8000) | ((((u >>> 23) & 0xff) - 112) << 10) | ((u >>> 13) & 0x3ff)
}

describe('module structure', () => {
  it('writes .version 9.0, the target, .address_size and the entry directives', () => {
    const { ptx } = compile(COVERAGE, 'sm_100a')
    expect(ptx).toContain('.version 9.0\n.target sm_100a\n.address_size 64\n')
    expect(ptx).toContain('.extern .shared .align 16 .b8 dyn[];')
    expect(ptx).toContain('.visible .entry coverage(\n\t.param .u64 coverage_param_0,\n\t.param .u64 coverage_param_1,\n\t.param .b16 coverage_param_2,\n\t.param .u8 coverage_param_3\n)\n.maxntid 32, 1, 1\n.minnctapersm 1\n{')
    expect(ptx).toContain('ld.global.v4.f32')
    expect(ptx).toContain('ld.global.v4.b32')
    expect(ptx).toContain('ex2.approx.f32')
  }, SLOW)

  it('accepts every gpu name ptxas 13.0 knows and rejects others', () => {
    for (const name of ['sm_80', 'sm_86', 'sm_89', 'sm_90', 'sm_90a', 'sm_100', 'sm_100a', 'sm_103a', 'sm_110', 'sm_120', 'sm_121', 'sm_121a']) {
      expect(parsePTXTarget(name)).toMatchObject({ name })
    }
    expect(parsePTXTarget('sm_101')).toMatch(/unsupported GPU name 'sm_101'/)
    expect(compile(COVERAGE, 'sm_75').diagnostics[0]).toMatch(/error: unsupported GPU name 'sm_75'/)
  }, SLOW)
})

describe.skipIf(MLIR_OPT === null)('mlir-opt 22 accepts the coverage kernel', () => {
  it('parses and verifies', () => {
    expect(() => runTool(MLIR_OPT!, ['--verify-each'], COVERAGE)).not.toThrow()
  }, SLOW)
})

describe.skipIf(PTXAS === null)('ptxas accepts the coverage kernel', () => {
  it.each(['sm_80', 'sm_90a', 'sm_100a', 'sm_120'])('%s', (arch) => {
    const { ptx, diagnostics } = compile(COVERAGE, arch)
    expect(diagnostics).toEqual([])
    for (const [, f] of ptxas(ptx!, arch)) {
      expect(f.spillStores + f.spillLoads).toBe(0)
    }
  }, SLOW)
})

describe('the coverage kernel runs in the emulator', () => {
  it('computes what the ops say', () => {
    const { ptx } = compile(COVERAGE)
    const input = new ArrayBuffer(32)
    new Float32Array(input, 0, 4).set([3, 0, 0, 2.5])
    new Uint16Array(input, 16, 8).set([f16(1.5), f16(-2), 0, 0, 0, 0, 0, 0])
    const out = new Float32Array(32 * 4)
    for (const flag of [0, 1]) {
      const res = runKernel(ptx!, 'coverage', [new Uint8Array(input), out, 0x4000 /* f16 2.0 */, flag], { block: 32, dynamicSharedBytes: 128 })
      const got = res.buffers[1] as Float32Array
      // exp2(3) = 8; maximum(8, 2.5) = 8 -> bf16 8 + 8 = 16; f16: fma(1.5 * -2, 2, -2) = -8, negated 8.
      const sel = flag === 1 && 8 < 16 ? 8 : 16
      for (let t = 0; t < 32; t++) {
        const bits = new Int32Array(got.buffer, 16 * t, 1)[0]!
        expect(bits).toBe(((t * t) & 0xffff) + sel)
        expect(got[4 * t + 1]).toBe(sel)
        expect(got[4 * t + 2]).toBe(0)
        expect(got[4 * t + 3]).toBe(2.5)
      }
    }
  }, SLOW)
})

/** Block arguments that swap (a parallel copy needing temporaries) and a switch with case operands. */
const CONTROL_FLOW = `
llvm.func @control(%out: !llvm.ptr) attributes {nvvm.kernel} {
  %tid = "nvvm.read.ptx.sreg.tid.x"() : () -> i32
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c3 = llvm.mlir.constant(3 : i32) : i32
  llvm.br ^loop(%c0, %c0, %c1, %c0, %c1 : i32, i32, i32, i32, i32)
^loop(%i: i32, %a: i32, %b: i32, %x: i32, %y: i32):
  %ab = llvm.add %a, %b : i32
  %i1 = llvm.add %i, %c1 : i32
  %more = llvm.icmp "ult" %i1, %tid : i32
  llvm.cond_br %more, ^loop(%i1, %b, %ab, %y, %x : i32, i32, i32, i32, i32), ^done
^done:
  %sel = llvm.and %tid, %c3 : i32
  llvm.switch %sel : i32, ^other(%x : i32) [
    0: ^store(%a : i32),
    1: ^store(%b : i32),
    2: ^other(%c3 : i32)
  ]
^other(%w: i32):
  %w2 = llvm.mul %w, %c3 : i32
  llvm.br ^store(%w2 : i32)
^store(%r: i32):
  %p = llvm.getelementptr %out[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  llvm.store %r, %p : i32, !llvm.ptr
  llvm.return
}
`

/** A per-thread local array (llvm.alloca) indexed dynamically. */
const LOCAL_ARRAY = `
llvm.func @local(%out: !llvm.ptr) attributes {nvvm.kernel} {
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %arr = llvm.alloca %c4 x i32 {alignment = 4 : i64} : (i32) -> !llvm.ptr
  %tid = "nvvm.read.ptx.sreg.tid.x"() : () -> i32
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c3 = llvm.mlir.constant(3 : i32) : i32
  llvm.br ^fill(%c0 : i32)
^fill(%i: i32):
  %p = llvm.getelementptr %arr[%i] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  %v = llvm.mul %i, %tid : i32
  llvm.store %v, %p : i32, !llvm.ptr
  %i1 = llvm.add %i, %c1 : i32
  %more = llvm.icmp "slt" %i1, %c4 : i32
  llvm.cond_br %more, ^fill(%i1 : i32), ^read
^read:
  %k = llvm.and %tid, %c3 : i32
  %q = llvm.getelementptr %arr[%k] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  %r = llvm.load %q : !llvm.ptr -> i32
  %o = llvm.getelementptr %out[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  llvm.store %r, %o : i32, !llvm.ptr
  llvm.return
}
`

describe('control flow', () => {
  it('a local array from llvm.alloca', () => {
    expect(() => (MLIR_OPT === null ? '' : runTool(MLIR_OPT, ['--verify-each'], LOCAL_ARRAY))).not.toThrow()
    const { ptx, diagnostics } = compile(LOCAL_ARRAY)
    expect(diagnostics).toEqual([])
    expect(ptx).toContain('.local .align 4 .b8 \t__local_depot0_0[16];')
    if (PTXAS !== null) {
      expect(ptxas(ptx!, 'sm_90a').size).toBe(1)
    }
    const out = runKernel(ptx!, 'local', [new Int32Array(64)], { block: 64 }).buffers[0] as Int32Array
    expect(Array.from(out)).toEqual(Array.from({ length: 64 }, (_, t) => (t & 3) * t))
  }, SLOW)

  it('swapping block arguments and llvm.switch', () => {
    expect(() => (MLIR_OPT === null ? '' : runTool(MLIR_OPT, ['--verify-each'], CONTROL_FLOW))).not.toThrow()
    const { ptx, diagnostics } = compile(CONTROL_FLOW)
    expect(diagnostics).toEqual([])
    if (PTXAS !== null) {
      expect(ptxas(ptx!, 'sm_90a').size).toBe(1)
    }
    const out = runKernel(ptx!, 'control', [new Int32Array(64)], { block: 64 }).buffers[0] as Int32Array
    for (let t = 0; t < 64; t++) {
      // The loop takes max(t - 1, 0) back edges: (a, b) = (fib(n), fib(n + 1)); (x, y) swapped n times.
      const n = Math.max(t - 1, 0)
      let a = 0
      let b = 1
      for (let k = 0; k < n; k++) {
        ;[a, b] = [b, (a + b) | 0]
      }
      const x = n % 2 === 0 ? 0 : 1
      const expected = [a, b, 9, x * 3][t & 3]
      expect(out[t]).toBe(expected)
    }
  }, SLOW)
})

/** setmaxnreg, ldmatrix.x1 from a shared tile written by the warp, and shfl.sync idx. */
const WARP_SPECIALIZED = `
llvm.mlir.global internal @tile() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x i16>
llvm.func @wspec(%out: !llvm.ptr) attributes {nvvm.kernel, nvvm.maxntid = array<i32: 64, 1, 1>} {
  "nvvm.setmaxregister"() <{action = #nvvm<action increase>, regCount = 232 : i32}> : () -> ()
  %tid = "nvvm.read.ptx.sreg.tid.x"() : () -> i32
  %lane = "nvvm.read.ptx.sreg.laneid"() : () -> i32
  %tile = llvm.mlir.addressof @tile : !llvm.ptr<3>
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c7 = llvm.mlir.constant(7 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i32) : i32
  %c31 = llvm.mlir.constant(31 : i32) : i32
  %c5 = llvm.mlir.constant(5 : i32) : i32
  %mask = llvm.mlir.constant(-1 : i32) : i32
  %e0 = llvm.mul %lane, %c1 : i32
  %e1 = llvm.add %lane, %c31 : i32
  %e1b = llvm.add %e1, %c1 : i32
  %v0 = llvm.trunc %e0 : i32 to i16
  %v1 = llvm.trunc %e1b : i32 to i16
  %isw0 = llvm.icmp "ult" %tid, %c31 : i32
  %p0 = llvm.getelementptr %tile[%lane] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i16
  %p1 = llvm.getelementptr %p0[32] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i16
  llvm.store %v0, %p0 : i16, !llvm.ptr<3>
  llvm.store %v1, %p1 : i16, !llvm.ptr<3>
  "nvvm.barrier0"() : () -> ()
  %row = llvm.and %lane, %c7 : i32
  %ri = llvm.mul %row, %c8 : i32
  %rp = llvm.getelementptr %tile[%ri] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i16
  %m = "nvvm.ldmatrix"(%rp) <{eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 1 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}> : (!llvm.ptr<3>) -> i32
  %s = "nvvm.shfl.sync"(%mask, %m, %c5, %c31) <{kind = #nvvm<shfl_kind idx>}> : (i32, i32, i32, i32) -> i32
  %both = llvm.add %s, %m : i32
  %q = llvm.getelementptr %out[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  llvm.store %both, %q : i32, !llvm.ptr
  llvm.return
}
`

describe('setmaxnreg, ldmatrix.x1 and shfl.sync idx', () => {
  it('assemble for sm_90a and sm_100a and run', () => {
    expect(() => (MLIR_OPT === null ? '' : runTool(MLIR_OPT, ['--verify-each'], WARP_SPECIALIZED))).not.toThrow()
    for (const arch of ['sm_90a', 'sm_100a']) {
      const { ptx, diagnostics } = compile(WARP_SPECIALIZED, arch)
      expect(diagnostics).toEqual([])
      expect(ptx).toContain('setmaxnreg.inc.sync.aligned.u32 232;')
      expect(ptx).toContain('ldmatrix.sync.aligned.m8n8.x1.shared.b16')
      if (PTXAS !== null) {
        expect(ptxas(ptx!, arch).size).toBe(1)
      }
    }
    const { ptx } = compile(WARP_SPECIALIZED)
    const out = runKernel(ptx!, 'wspec', [new Int32Array(64)], { block: 64 }).buffers[0] as Int32Array
    // The tile holds 0..63 row-major; lane l gets elements (l >> 2, 2 (l & 3) + {0, 1}).
    const frag = (l: number): number => ((l >> 2) * 8 + 2 * (l & 3)) | (((l >> 2) * 8 + 2 * (l & 3) + 1) << 16)
    for (let t = 0; t < 64; t++) {
      expect(out[t]).toBe((frag(5) + frag(t & 31)) | 0)
    }
  }, SLOW)
})

describe('diagnostics', () => {
  const cases: readonly (readonly [string, string, string])[] = [
    [
      'an unsupported llvm op',
      `llvm.func @k(%p: !llvm.ptr) attributes {nvvm.kernel} {\n  %c = llvm.mlir.constant(1 : i64) : i64\n  %a = llvm.call @f() : () -> i32\n  llvm.return\n}\nllvm.func @f() -> i32`,
      "kernel.mlir:3:8: error: 'llvm.call' op is not supported by the PTX emitter",
    ],
    [
      'a dynamic alloca',
      `llvm.func @k(%n: i64) attributes {nvvm.kernel} {\n  %a = llvm.alloca %n x i32 : (i64) -> !llvm.ptr\n  llvm.return\n}`,
      "kernel.mlir:2:8: error: 'llvm.alloca' op is supported by the PTX emitter only with a constant size in the entry block",
    ],
    [
      'an unsupported nvvm op',
      `llvm.func @k() attributes {nvvm.kernel} {\n  "nvvm.wgmma.fence.aligned"() : () -> ()\n  llvm.return\n}`,
      "kernel.mlir:2:3: error: 'nvvm.wgmma.fence.aligned' op is not supported by the PTX emitter",
    ],
    [
      'setmaxnreg without an arch-specific target',
      `llvm.func @k() attributes {nvvm.kernel} {\n  "nvvm.setmaxregister"() <{action = #nvvm<action increase>, regCount = 240 : i32}> : () -> ()\n  llvm.return\n}`,
      "kernel.mlir:2:3: error: 'nvvm.setmaxregister' op needs an architecture-specific target such as sm_90a (got sm_90)",
    ],
    [
      'a device function',
      `llvm.func @f(%x: i32) {\n  llvm.return\n}`,
      "kernel.mlir:1:1: error: 'llvm.func' op is not a kernel (no nvvm.kernel attribute); device functions are not supported by the PTX emitter",
    ],
    [
      'an i8 value',
      `llvm.func @k(%p: !llvm.ptr) attributes {nvvm.kernel} {\n  %v = llvm.load %p : !llvm.ptr -> i8\n  llvm.return\n}`,
      "kernel.mlir:2:8: error: 'llvm.load' op type 'i8' is not supported by the PTX emitter",
    ],
    [
      'a non-constant extractelement',
      `llvm.func @k(%p: !llvm.ptr, %i: i32) attributes {nvvm.kernel} {\n  %v = llvm.load %p : !llvm.ptr -> vector<2xf32>\n  %e = llvm.extractelement %v[%i : i32] : vector<2xf32>\n  llvm.return\n}`,
      "kernel.mlir:3:8: error: 'llvm.extractelement' op with a non-constant or out-of-range index is not supported by the PTX emitter",
    ],
    [
      'an op that is not lowered to llvm',
      `"func.func"() <{function_type = () -> (), sym_name = "f"}> ({\n}) : () -> ()`,
      "kernel.mlir:1:1: error: 'func.func' op is not supported by the PTX emitter (lower the module to the llvm and nvvm dialects first)",
    ],
    [
      'an atomic load',
      `llvm.func @k(%p: !llvm.ptr) attributes {nvvm.kernel} {\n  %v = llvm.load %p atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> i32\n  llvm.return\n}`,
      "kernel.mlir:2:8: error: 'llvm.load' op atomic accesses are not supported by the PTX emitter",
    ],
    [
      'an under-aligned store',
      `llvm.func @k(%p: !llvm.ptr, %x: f32) attributes {nvvm.kernel} {\n  llvm.store %x, %p {alignment = 2 : i64} : f32, !llvm.ptr\n  llvm.return\n}`,
      "kernel.mlir:2:3: error: 'llvm.store' op with alignment 2 below the element size is not supported by the PTX emitter",
    ],
    [
      'an initialized shared global',
      `llvm.mlir.global internal @s(0 : i32) {addr_space = 3 : i32} : i32`,
      "kernel.mlir:1:1: error: 'llvm.mlir.global' op in shared memory cannot have an initializer",
    ],
  ]
  it.each(cases)('%s', (_name, source, message) => {
    const gpu = source.includes('setmaxregister') ? 'sm_90' : 'sm_90a'
    const { ptx, diagnostics } = compile(source, gpu)
    expect(ptx).toBeNull()
    expect(diagnostics).toEqual([message])
  }, SLOW)
})

describe('--ptx-backend=llc', () => {
  it('reports a missing llc instead of running anything', async () => {
    const res = await runLlc('', { gpuName: 'sm_90a', llcPath: '/nonexistent/llc' })
    expect(res).toEqual({ ok: false, message: "--ptx-backend=llc: '/nonexistent/llc' is not an executable llc" })
  }, SLOW)

  it('rejects a malformed gpu name before running llc', async () => {
    expect(await runLlc('', { gpuName: 'sm_90a; rm -rf /' })).toEqual({ ok: false, message: "invalid GPU name 'sm_90a; rm -rf /'" })
  }, SLOW)
})
