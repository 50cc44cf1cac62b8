// The SIMT machine on hand-written PTX: divergence and reconvergence, barriers across
// warps, asynchronous cp.async groups, warp-collectives after divergent loops, and errors.
import { describe, expect, it } from 'vitest'
import { PTXError, parsePTX, runKernel } from '../src/index.ts'

const HEADER = '.version 9.0\n.target sm_90a\n.address_size 64\n'

function kernel(body: string, params = '.param .u64 k_param_0', decls = ''): string {
  return `${HEADER}${decls}
.visible .entry k(${params})
{
\t.reg .pred %p<8>;
\t.reg .b16 %rs<8>;
\t.reg .b32 %r<32>;
\t.reg .f32 %f<16>;
\t.reg .b64 %rd<16>;
\tld.param.u64 %rd1, [k_param_0];
\tmov.u32 %r1, %tid.x;
\tmul.wide.u32 %rd2, %r1, 4;
\tadd.s64 %rd3, %rd1, %rd2;
${body}
}
`
}

describe('divergence', () => {
  it('if/else on lane parity reconverges and a loop with per-lane trip counts ends in a shuffle', () => {
    const ptx = kernel(`
\tand.b32 %r2, %r1, 1;
\tsetp.eq.u32 %p1, %r2, 0;
\t@%p1 bra $EVEN;
\tmov.u32 %r3, 100;
\tbra $JOIN;
$EVEN:
\tmov.u32 %r3, 200;
$JOIN:
\tmov.u32 %r4, 0;
\tmov.u32 %r5, 0;
$LOOP:
\tadd.s32 %r5, %r5, %r1;
\tadd.s32 %r4, %r4, 1;
\tsetp.le.u32 %p2, %r4, %r1;
\t@%p2 bra $LOOP;
\tadd.s32 %r6, %r3, %r5;
\tshfl.sync.idx.b32 %r7, %r6, 31, 31, -1;
\tst.global.u32 [%rd3], %r7;
\tret;`)
    const out = runKernel(ptx, 'k', [new Uint32Array(32)], { block: 32 }).buffers[0] as Uint32Array
    // Lane 31 (odd): 100 + 31 * 32.
    expect(Array.from(out)).toEqual(new Array(32).fill(100 + 31 * 32))
  })

  it('exited lanes do not block the rest of the warp', () => {
    const ptx = kernel(`
\tsetp.ge.u32 %p1, %r1, 5;
\t@%p1 ret;
\tst.global.u32 [%rd3], %r1;
\tret;`)
    const out = runKernel(ptx, 'k', [new Uint32Array(32).fill(99)], { block: 32 }).buffers[0] as Uint32Array
    expect(Array.from(out.subarray(0, 6))).toEqual([0, 1, 2, 3, 4, 99])
  })
})

describe('shared memory, barriers and cp.async', () => {
  it('bar.sync orders shared-memory traffic between warps', () => {
    const ptx = kernel(
      `
\tmov.u32 %r2, buf;
\tshl.b32 %r3, %r1, 2;
\tadd.s32 %r4, %r2, %r3;
\tst.shared.u32 [%r4], %r1;
\tbar.sync 0;
\tsub.s32 %r5, 127, %r1;
\tshl.b32 %r6, %r5, 2;
\tadd.s32 %r7, %r2, %r6;
\tld.shared.u32 %r8, [%r7];
\tst.global.u32 [%rd3], %r8;
\tret;`,
      '.param .u64 k_param_0',
      '.shared .align 4 .b8 buf[512];\n',
    )
    const out = runKernel(ptx, 'k', [new Uint32Array(128)], { block: 128 }).buffers[0] as Uint32Array
    expect(Array.from(out)).toEqual(Array.from({ length: 128 }, (_, i) => 127 - i))
  })

  it('named barriers with thread counts pair up warps independently', () => {
    const ptx = kernel(
      `
\tmov.u32 %r2, buf;
\tshl.b32 %r3, %r1, 2;
\tadd.s32 %r4, %r2, %r3;
\tst.shared.u32 [%r4], %r1;
\tshr.u32 %r5, %r1, 6;
\tadd.s32 %r6, %r5, 1;
\tbar.sync %r6, 64;
\txor.b32 %r7, %r1, 32;
\tshl.b32 %r8, %r7, 2;
\tadd.s32 %r9, %r2, %r8;
\tld.shared.u32 %r10, [%r9];
\tst.global.u32 [%rd3], %r10;
\tret;`,
      '.param .u64 k_param_0',
      '.shared .align 4 .b8 buf[512];\n',
    )
    const out = runKernel(ptx, 'k', [new Uint32Array(128)], { block: 128 }).buffers[0] as Uint32Array
    expect(Array.from(out)).toEqual(Array.from({ length: 128 }, (_, i) => i ^ 32))
  })

  it('a barrier that can never fill is a deadlock error', () => {
    const ptx = kernel('\tsetp.lt.u32 %p1, %r1, 32;\n\t@%p1 bar.sync 1, 64;\n\tret;')
    expect(() => runKernel(ptx, 'k', [new Uint32Array(64)], { block: 64 })).toThrow(/barrier deadlock: 32 of 64 threads at barrier 1 \(in 'bar.sync'\)/)
  })

  it('cp.async data lands only when a wait covers its group', () => {
    const ptx = kernel(
      `
\tmov.u64 %rd4, buf;
\tmul.wide.u32 %rd5, %r1, 16;
\tadd.s64 %rd6, %rd4, %rd5;
\tadd.s64 %rd7, %rd1, 2048;
\tmul.wide.u32 %rd8, %r1, 16;
\tadd.s64 %rd9, %rd7, %rd8;
\tcp.async.ca.shared.global [%rd6], [%rd9], 16;
\tcp.async.commit_group;
\tcp.async.cg.shared.global [%rd6], [%rd9], 16, 4;
\tcp.async.commit_group;
\tld.shared.u32 %r2, [%rd6];
\tcp.async.wait_group 1;
\tld.shared.u32 %r3, [%rd6+4];
\tcp.async.wait_all;
\tld.shared.u32 %r4, [%rd6+4];
\tst.global.u32 [%rd3], %r2;
\tst.global.u32 [%rd3+128], %r3;
\tst.global.u32 [%rd3+256], %r4;
\tret;`,
      '.param .u64 k_param_0',
      '.shared .align 16 .b8 buf[512];\n',
    )
    const mem = new Uint32Array(1024)
    for (let t = 0; t < 32; t++) {
      mem.set([1000 + t, 2000 + t, 3000 + t, 4000 + t], 512 + 4 * t)
    }
    const out = runKernel(ptx, 'k', [mem], { block: 32 }).buffers[0] as Uint32Array
    for (let t = 0; t < 32; t++) {
      expect(out[t]).toBe(0) // before any wait: shared memory still holds zeros
      expect(out[32 + t]).toBe(2000 + t) // first group landed
      expect(out[64 + t]).toBe(0) // second group zero-filled bytes 4..15 (src-size 4)
    }
  })
})

describe('errors name the instruction', () => {
  it('an unsupported instruction', () => {
    const ptx = kernel('\tprmt.b32 %r2, %r1, %r1, 0;\n\tret;')
    expect(() => runKernel(ptx, 'k', [new Uint32Array(32)], { block: 32 })).toThrow(/16:2: is not supported by the emulator \(in 'prmt.b32'\)/)
  })

  it('an out-of-bounds access', () => {
    const ptx = kernel('\tst.global.u32 [%rd3+128], %r1;\n\tret;')
    expect(() => runKernel(ptx, 'k', [new Uint32Array(32)], { block: 32 })).toThrow(/out-of-bounds global access of 4 bytes .*\(in 'st.global.u32'\)/)
  })

  it('a warp-collective some lanes never reach', () => {
    const ptx = kernel('\tsetp.eq.u32 %p1, %r1, 3;\n\t@%p1 ret;\n\tshfl.sync.bfly.b32 %r2, %r1, 1, 31, -1;\n\tret;')
    expect(() => runKernel(ptx, 'k', [new Uint32Array(32)], { block: 32 })).toThrow(/never arrive.*shfl.sync.bfly.b32/)
  })

  it('a runaway loop', () => {
    const ptx = kernel('$L:\n\tbra $L;')
    expect(() => runKernel(ptx, 'k', [new Uint32Array(32)], { block: 32, maxSteps: 1000 })).toThrow(/exceeded 1000 warp instructions/)
  })

  it('malformed PTX is a PTXError with line and column', () => {
    expect(() => parsePTX(`${HEADER}.visible .entry k()\n{\n\tmov.u32 %r1, 1;\n}`)).toThrow(PTXError)
    expect(() => parsePTX(`${HEADER}.visible .entry k()\n{\n\tmov.u32 %r1, 1;\n}`)).toThrow(/^6:10: undeclared register '%r1'/)
  })
})
