// The compiled fast path against the per-lane reference path (`fastPath: false`, exact BigInt
// arithmetic): the same kernels on random bit patterns (NaNs, infinities, subnormals, zero
// divisors, shift counts past the width, negative numbers) must leave identical bytes.
import { describe, expect, it } from 'vitest'
import { runKernel, type KernelArg, type LaunchOptions } from '../src/index.ts'

const HEADER = '.version 9.0\n.target sm_90a\n.address_size 64\n'

/** Deterministic pseudo-random 32-bit words (xorshift32), with special values mixed in. */
function words(n: number, seed: number): Uint32Array {
  let s = seed >>> 0 || 1
  const next = (): number => {
    s ^= s << 13
    s >>>= 0
    s ^= s >>> 17
    s ^= s << 5
    s >>>= 0
    return s
  }
  const special = [0, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0x7fffffff, 0x00000001, 0x807fffff, 0x3f800000, 0xbf800000, 0xffffffff, 31, 32, 33, 63, 64, 1, 2]
  return Uint32Array.from({ length: n }, () => {
    const r = next()
    switch (r % 8) {
      case 0:
        return special[next() % special.length]!
      case 1:
        return next() % 100 // small integers
      case 2:
        // f32 in a modest range: fma and friends round rather than overflow
        return ((next() & 0x80000000) | ((120 + (next() % 16)) << 23) | (next() & 0x7fffff)) >>> 0
      default:
        return r
    }
  })
}

function same(ptx: string, name: string, args: () => KernelArg[], launch: LaunchOptions): void {
  const fast = runKernel(ptx, name, args(), launch)
  const slow = runKernel(ptx, name, args(), { ...launch, fastPath: false })
  expect(fast.steps).toBe(slow.steps)
  fast.buffers.forEach((b, i) => {
    const s = slow.buffers[i] ?? null
    if (b === null || s === null) {
      expect(b).toBe(s)
      return
    }
    const x = new Uint32Array(b.buffer, b.byteOffset, b.byteLength / 4)
    const y = new Uint32Array(s.buffer, s.byteOffset, s.byteLength / 4)
    for (let k = 0; k < x.length; k++) {
      if (x[k] !== y[k]) {
        expect({ word: k, fast: x[k]!.toString(16) }).toEqual({ word: k, fast: y[k]!.toString(16) })
      }
    }
  })
}

/** Per-thread ops on inputs %r10..%r17 (and %f10..%f17, %rd10..%rd13); each result gets an 8-byte slot. */
const OPS: readonly (readonly [string, string])[] = [
  ['add.s32 %r100, %r10, %r11;', 'u32 %r100'],
  ['sub.s32 %r100, %r10, %r11;', 'u32 %r100'],
  ['mul.lo.s32 %r100, %r10, %r11;', 'u32 %r100'],
  ['mul.hi.s32 %r100, %r10, %r11;', 'u32 %r100'],
  ['mul.hi.u32 %r100, %r10, %r11;', 'u32 %r100'],
  ['mad.lo.s32 %r100, %r10, %r11, %r12;', 'u32 %r100'],
  ['and.b32 %r100, %r10, %r11;', 'u32 %r100'],
  ['or.b32 %r100, %r10, 255;', 'u32 %r100'],
  ['xor.b32 %r100, %r10, %r11;', 'u32 %r100'],
  ['not.b32 %r100, %r10;', 'u32 %r100'],
  ['and.b32 %r101, %r11, 63;\n\tshl.b32 %r100, %r10, %r101;', 'u32 %r100'],
  ['and.b32 %r101, %r11, 63;\n\tshr.u32 %r100, %r10, %r101;', 'u32 %r100'],
  ['and.b32 %r101, %r11, 63;\n\tshr.s32 %r100, %r10, %r101;', 'u32 %r100'],
  ['min.s32 %r100, %r10, %r11;', 'u32 %r100'],
  ['min.u32 %r100, %r10, %r11;', 'u32 %r100'],
  ['max.s32 %r100, %r10, %r11;', 'u32 %r100'],
  ['max.u32 %r100, %r10, %r11;', 'u32 %r100'],
  ['and.b32 %r101, %r11, 7;\n\tdiv.u32 %r100, %r10, %r101;', 'u32 %r100'],
  ['and.b32 %r101, %r11, 7;\n\tdiv.s32 %r100, %r10, %r101;', 'u32 %r100'],
  ['div.s32 %r100, %r10, %r11;', 'u32 %r100'],
  ['and.b32 %r101, %r11, 7;\n\trem.u32 %r100, %r10, %r101;', 'u32 %r100'],
  ['rem.s32 %r100, %r10, %r11;', 'u32 %r100'],
  ['neg.s32 %r100, %r10;', 'u32 %r100'],
  ['abs.s32 %r100, %r10;', 'u32 %r100'],
  ['popc.b32 %r100, %r10;', 'u32 %r100'],
  ['clz.b32 %r100, %r10;', 'u32 %r100'],
  ['cnot.b32 %r100, %r12;', 'u32 %r100'],
  ['add.s64 %rd100, %rd10, %rd11;', 'u64 %rd100'],
  ['sub.s64 %rd100, %rd10, %rd11;', 'u64 %rd100'],
  ['mul.lo.s64 %rd100, %rd10, %rd11;', 'u64 %rd100'],
  ['mad.lo.s64 %rd100, %rd10, %rd11, %rd12;', 'u64 %rd100'],
  ['and.b64 %rd100, %rd10, %rd11;', 'u64 %rd100'],
  ['or.b64 %rd100, %rd10, %rd11;', 'u64 %rd100'],
  ['xor.b64 %rd100, %rd10, -7;', 'u64 %rd100'],
  ['not.b64 %rd100, %rd10;', 'u64 %rd100'],
  ['neg.s64 %rd100, %rd10;', 'u64 %rd100'],
  ['and.b32 %r101, %r12, 127;\n\tshl.b64 %rd100, %rd10, %r101;', 'u64 %rd100'],
  ['and.b32 %r101, %r12, 127;\n\tshr.u64 %rd100, %rd10, %r101;', 'u64 %rd100'],
  ['and.b32 %r101, %r12, 127;\n\tshr.s64 %rd100, %rd10, %r101;', 'u64 %rd100'],
  ['mul.wide.s32 %rd100, %r10, %r11;', 'u64 %rd100'],
  ['mul.wide.u32 %rd100, %r10, %r11;', 'u64 %rd100'],
  ['mad.wide.s32 %rd100, %r10, %r11, %rd12;', 'u64 %rd100'],
  ['mad.wide.u32 %rd100, %r10, 4, %rd12;', 'u64 %rd100'],
  ['setp.lt.s32 %p1, %r10, %r11;\n\tselp.u32 %r100, 1, 0, %p1;', 'u32 %r100'],
  ['setp.hi.u32 %p1, %r10, %r11;\n\tselp.u32 %r100, %r12, %r13, %p1;', 'u32 %r100'],
  ['setp.ge.s32 %p2, %r12, 50;\n\tsetp.ne.and.s32 %p1, %r10, %r11, %p2;\n\tselp.u32 %r100, 1, 0, %p1;', 'u32 %r100'],
  ['setp.le.u32 %p2, %r12, 50;\n\tsetp.eq.xor.b32 %p1, %r10, %r11, %p2;\n\tselp.u32 %r100, 1, 0, %p1;', 'u32 %r100'],
  ['setp.lt.s64 %p1, %rd10, %rd11;\n\tselp.b64 %rd100, %rd12, %rd13, %p1;', 'u64 %rd100'],
  ['setp.ls.u64 %p1, %rd10, %rd11;\n\tselp.u32 %r100, 1, 0, %p1;', 'u32 %r100'],
  ['setp.lt.f32 %p1, %f10, %f11;\n\tselp.f32 %f100, %f12, %f13, %p1;', 'u32 %f100'],
  ['setp.equ.f32 %p1, %f10, %f11;\n\tselp.u32 %r100, 1, 0, %p1;', 'u32 %r100'],
  ['setp.nan.f32 %p1, %f10, %f11;\n\tselp.u32 %r100, 1, 0, %p1;', 'u32 %r100'],
  ['setp.gtu.ftz.f32 %p1, %f10, %f11;\n\tselp.u32 %r100, 1, 0, %p1;', 'u32 %r100'],
  ['setp.num.or.f32 %p1, %f10, %f11, %p2;\n\tnot.pred %p3, %p1;\n\tand.pred %p4, %p3, %p2;\n\tselp.u32 %r100, 1, 0, %p4;', 'u32 %r100'],
  ['add.f32 %f100, %f10, %f11;', 'u32 %f100'],
  ['sub.rn.f32 %f100, %f10, %f11;', 'u32 %f100'],
  ['mul.f32 %f100, %f10, %f11;', 'u32 %f100'],
  ['fma.rn.f32 %f100, %f10, %f11, %f12;', 'u32 %f100'],
  ['mad.rn.f32 %f100, %f14, %f15, %f16;', 'u32 %f100'],
  ['fma.rn.ftz.f32 %f100, %f10, %f11, %f12;', 'u32 %f100'],
  ['fma.rn.sat.f32 %f100, %f10, %f11, %f12;', 'u32 %f100'],
  ['div.rn.f32 %f100, %f10, %f11;', 'u32 %f100'],
  ['div.full.f32 %f100, %f10, %f11;', 'u32 %f100'],
  ['sqrt.rn.f32 %f100, %f10;', 'u32 %f100'],
  ['rcp.rn.f32 %f100, %f10;', 'u32 %f100'],
  ['min.f32 %f100, %f10, %f11;', 'u32 %f100'],
  ['max.NaN.f32 %f100, %f10, %f11;', 'u32 %f100'],
  ['neg.f32 %f100, %f10;', 'u32 %f100'],
  ['abs.f32 %f100, %f10;', 'u32 %f100'],
  ['ex2.approx.ftz.f32 %f100, %f10;', 'u32 %f100'],
  ['lg2.approx.f32 %f100, %f10;', 'u32 %f100'],
  ['rsqrt.approx.f32 %f100, %f10;', 'u32 %f100'],
  ['add.rn.ftz.sat.f32 %f100, %f10, %f11;', 'u32 %f100'],
  ['mul.f32 %f100, %f10, 0f3F000000;', 'u32 %f100'],
  ['add.f32 %f100, %f10, 0d3FF0000000000001;', 'u32 %f100'],
  ['cvt.rn.f16.f32 %rs100, %f10;\n\tcvt.u32.u16 %r100, %rs100;', 'u32 %r100'],
  ['cvt.rn.bf16.f32 %rs100, %f10;\n\tcvt.u32.u16 %r100, %rs100;', 'u32 %r100'],
  ['cvt.u16.u32 %rs100, %r10;\n\tcvt.f32.f16 %f100, %rs100;', 'u32 %f100'],
  ['cvt.u16.u32 %rs100, %r10;\n\tcvt.f32.bf16 %f100, %rs100;', 'u32 %f100'],
  ['cvt.rn.f32.s32 %f100, %r10;', 'u32 %f100'],
  ['cvt.rn.f32.u32 %f100, %r10;', 'u32 %f100'],
  ['cvt.rzi.s32.f32 %r100, %f10;', 'u32 %r100'],
  ['cvt.rni.s32.f32 %r100, %f14;', 'u32 %r100'],
  ['cvt.rmi.u32.f32 %r100, %f14;', 'u32 %r100'],
  ['cvt.rpi.s32.f32 %r100, %f14;', 'u32 %r100'],
  ['cvt.u64.u32 %rd100, %r10;', 'u64 %rd100'],
  ['cvt.s64.s32 %rd100, %r10;', 'u64 %rd100'],
  ['cvt.u32.u64 %r100, %rd10;', 'u32 %r100'],
  ['cvt.s32.s16 %r100, %rs10;', 'u32 %r100'],
  ['cvt.s64.s16 %rd100, %rs10;', 'u64 %rd100'],
  ['mov.b32 {%rs100, %rs101}, %r10;\n\tmov.b32 %r100, {%rs101, %rs100};', 'u32 %r100'],
  ['mov.b64 {%r100, %r101}, %rd10;\n\tmov.b64 %rd100, {%r101, %r100};', 'u64 %rd100'],
  ['mov.u32 %r100, %laneid;', 'u32 %r100'],
  ['ld.global.s8 %r100, [%rd5+3];', 'u32 %r100'],
  ['ld.global.s16 %rs100, [%rd5+2];\n\tcvt.s32.s16 %r100, %rs100;', 'u32 %r100'],
  ['ld.global.u16 %r100, [%rd5+6];', 'u32 %r100'],
  ['ld.global.s32 %rd100, [%rd5+4];', 'u64 %rd100'],
  ['ld.global.v2.u32 {%r100, %r101}, [%rd5+8];\n\txor.b32 %r100, %r100, %r101;', 'u32 %r100'],
]

const REG_DECLS = `\t.reg .pred %p<8>;
\t.reg .b16 %rs<128>;
\t.reg .b32 %r<128>;
\t.reg .f32 %f<128>;
\t.reg .b64 %rd<128>;
`

function opsKernel(): string {
  const body: string[] = []
  OPS.forEach(([code, result], i) => {
    const [t, reg] = result.split(' ')
    body.push(`\t${code}`, `\tst.global.${t} [%rd6+${8 * i}], ${reg};`)
  })
  return `${HEADER}.visible .entry ops(.param .u64 in, .param .u64 out)
{
${REG_DECLS}\tld.param.u64 %rd1, [in];
\tld.param.u64 %rd2, [out];
\tmov.u32 %r1, %tid.x;
\tmul.wide.u32 %rd3, %r1, 32;
\tadd.s64 %rd5, %rd1, %rd3;
\tmul.wide.u32 %rd4, %r1, ${8 * OPS.length};
\tadd.s64 %rd6, %rd2, %rd4;
${[0, 1, 2, 3, 4, 5, 6, 7].map((k) => `\tld.global.u32 %r${10 + k}, [%rd5+${4 * k}];\n\tmov.b32 %f${10 + k}, %r${10 + k};`).join('\n')}
\tld.global.u64 %rd10, [%rd5];
\tld.global.u64 %rd11, [%rd5+8];
\tld.global.u64 %rd12, [%rd5+16];
\tld.global.u64 %rd13, [%rd5+24];
\tcvt.u16.u32 %rs10, %r13;
\tsetp.ne.u32 %p2, %r17, 0;
${body.join('\n')}
\tret;
}
`
}

describe('the fast path matches the per-lane reference path bit for bit', () => {
  it(`on ${OPS.length} integer, 64-bit, predicate, f32, conversion and load ops`, () => {
    const threads = 256
    same(opsKernel(), 'ops', () => [words(8 * threads, 11), new Uint32Array(2 * OPS.length * threads)], { grid: 2, block: 128 })
  })

  it('on shuffles of every mode, ldmatrix (x1, x2.trans, x4) and mma.sync (f16, bf16, f16 accumulators)', () => {
    const ptx = `${HEADER}.shared .align 16 .b8 buf[2048];
.visible .entry warp(.param .u64 in, .param .u64 out)
{
${REG_DECLS}\tld.param.u64 %rd1, [in];
\tld.param.u64 %rd2, [out];
\tmov.u32 %r1, %tid.x;
\tmul.wide.u32 %rd3, %r1, 64;
\tadd.s64 %rd5, %rd1, %rd3;
\tmul.wide.u32 %rd4, %r1, 128;
\tadd.s64 %rd6, %rd2, %rd4;
${Array.from({ length: 16 }, (_, k) => `\tld.global.u32 %r${10 + k}, [%rd5+${4 * k}];\n\tmov.b32 %f${10 + k}, %r${10 + k};`).join('\n')}
\tmov.u32 %r2, buf;
\tand.b32 %r3, %r1, 127;
\tshl.b32 %r4, %r3, 4;
\tadd.s32 %r5, %r2, %r4;
\tst.shared.v4.u32 [%r5], {%r10, %r11, %r12, %r13};
\tbar.sync 0;
\tand.b32 %r6, %r11, 31;
\tshfl.sync.bfly.b32 %r40, %r10, %r6, 31, -1;
\tshfl.sync.up.b32 %r41|%p1, %r10, 3, 0, -1;
\tselp.u32 %r42, 7, 9, %p1;
\tshfl.sync.down.b32 %r43|%p2, %r10, 5, 0x81f, -1;
\tselp.u32 %r44, 7, 9, %p2;
\tshfl.sync.idx.b32 %r45, %r10, %r6, 0x1f, -1;
\tshfl.sync.idx.b32 %r46, %r10, %r6, 0x0c1f, -1;
\tand.b32 %r7, %r1, 31;
\tshl.b32 %r8, %r7, 4;
\tshr.u32 %r9, %r1, 5;
\tshl.b32 %r9, %r9, 9;
\tadd.s32 %r8, %r8, %r9;
\tadd.s32 %r8, %r2, %r8;
\tldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r47}, [%r8];
\tldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%r48, %r49}, [%r8];
\tldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r50, %r51, %r52, %r53}, [%r8];
\tmma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%f60, %f61, %f62, %f63}, {%r10, %r11, %r12, %r13}, {%r14, %r15}, {%f20, %f21, %f22, %f23};
\tmma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%f64, %f65, %f66, %f67}, {%r50, %r51, %r52, %r53}, {%r48, %r49}, {%f60, %f61, %f62, %f63};
\tmma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%r54, %r55}, {%r10, %r11, %r12, %r13}, {%r14, %r15}, {%r16, %r17};
${[40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55].map((r, i) => `\tst.global.u32 [%rd6+${4 * i}], %r${r};`).join('\n')}
${[60, 61, 62, 63, 64, 65, 66, 67].map((r, i) => `\tst.global.f32 [%rd6+${64 + 4 * i}], %f${r};`).join('\n')}
\tret;
}
`
    // Half of the inputs small f16/bf16 values so the products stay finite, half raw bits.
    const input = (): KernelArg[] => {
      const w = words(16 * 256, 5)
      for (let i = 0; i < w.length; i += 2) {
        w[i] = (w[i]! & 0x83ff83ff) | 0x38003800
      }
      return [w, new Uint32Array(32 * 256)]
    }
    same(ptx, 'warp', input, { grid: 2, block: 128 })
  })

  it('on a divergent loop with cp.async groups, a shared-memory round trip and guarded exits', () => {
    const ptx = `${HEADER}.shared .align 16 .b8 buf[4096];
.visible .entry loop(.param .u64 in, .param .u64 out, .param .u32 n)
{
${REG_DECLS}\tld.param.u64 %rd1, [in];
\tld.param.u64 %rd2, [out];
\tld.param.u32 %r20, [n];
\tmov.u32 %r1, %tid.x;
\tmov.u32 %r2, buf;
\tshl.b32 %r3, %r1, 4;
\tadd.s32 %r4, %r2, %r3;
\tcvt.u64.u32 %rd3, %r3;
\tadd.s64 %rd4, %rd1, %rd3;
\tmov.u32 %r5, 0;
\tmov.u32 %r6, 0;
$L:
\tand.b32 %r7, %r1, 3;
\tadd.s32 %r8, %r7, 4;
\tcp.async.cg.shared.global [%r4], [%rd4], 16, %r8;
\tcp.async.commit_group;
\tsetp.lt.u32 %p1, %r7, 2;
\t@%p1 bra $SKIP;
\tcp.async.wait_group 1;
\tbra $JOIN;
$SKIP:
\tcp.async.wait_all;
$JOIN:
\tbar.sync 0;
\tld.shared.v2.u32 {%r9, %r10}, [%r4];
\tadd.s32 %r6, %r6, %r9;
\txor.b32 %r6, %r6, %r10;
\tbar.sync 0;
\tadd.s64 %rd4, %rd4, 2048;
\tadd.s32 %r5, %r5, 1;
\tsetp.lt.u32 %p2, %r5, %r20;
\t@%p2 bra $L;
\tcp.async.wait_all;
\tmul.wide.u32 %rd5, %r1, 4;
\tadd.s64 %rd6, %rd2, %rd5;
\tsetp.gt.u32 %p3, %r1, 100;
\t@%p3 exit;
\tst.global.u32 [%rd6], %r6;
\tret;
}
`
    same(ptx, 'loop', () => [words(512 * 8, 9), new Uint32Array(128), 8], { block: 128 })
  })
})
