/**
 * Hand-written PTX kernels for the emulator benchmark and the device check: the main loop of a
 * tiled GEMM (cp.async, ldmatrix, mma.sync, bar.sync over 4 warps) and a synthetic ALU loop.
 */

/**
 * The GEMM main-loop shape: 4 warps; per K step (of 16) each thread copies 16 bytes of A (the
 * next 2 KiB) into shared memory with cp.async, then commit, wait, bar.sync, ldmatrix.x4 and
 * ldmatrix.x2.trans of the staged tile and 8 mma.sync m16n8k16 (f16 in, f32 accumulators) into
 * 8 accumulator sets; each thread stores its 32 accumulators. Arguments: A (K/16 * 2 KiB of
 * f16), out (128 x 32 f32 per CTA, the same for every CTA), K. 1024 mma per CTA at K = 512.
 */
export const GEMM_LOOP_PTX = `.version 8.0
.target sm_90a
.address_size 64
.shared .align 16 .b8 sbuf[2048];
.visible .entry gemm_loop(.param .u64 pA, .param .u64 pOut, .param .u32 pK)
{
\t.reg .pred %p<4>;
\t.reg .b32 %r<64>;
\t.reg .f32 %f<40>;
\t.reg .b64 %rd<16>;
\tld.param.u64 %rd1, [pA];
\tld.param.u64 %rd2, [pOut];
\tld.param.u32 %r1, [pK];
\tmov.u32 %r2, %tid.x;
\tmov.u32 %r3, sbuf;
\tshl.b32 %r4, %r2, 4;
\tadd.s32 %r5, %r3, %r4;
\tand.b32 %r6, %r2, 31;
\tshl.b32 %r7, %r6, 4;
\tshr.u32 %r9, %r2, 5;
\tshl.b32 %r9, %r9, 9;
\tadd.s32 %r7, %r7, %r9;
\tadd.s32 %r8, %r3, %r7;
\tcvt.u64.u32 %rd3, %r4;
\tadd.s64 %rd4, %rd1, %rd3;
${Array.from({ length: 32 }, (_, i) => `\tmov.f32 %f${i + 1}, 0f00000000;`).join('\n')}
\tmov.u32 %r10, 0;
$L_k:
\tcp.async.cg.shared.global [%r5], [%rd4], 16;
\tcp.async.commit_group;
\tcp.async.wait_group 0;
\tbar.sync 0;
\tldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r20, %r21, %r22, %r23}, [%r8];
\tldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%r24, %r25}, [%r8];
${Array.from({ length: 8 }, (_, i) => {
  const acc = `{%f${4 * i + 1}, %f${4 * i + 2}, %f${4 * i + 3}, %f${4 * i + 4}}`
  return `\tmma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 ${acc}, {%r20, %r21, %r22, %r23}, {%r24, %r25}, ${acc};`
}).join('\n')}
\tbar.sync 0;
\tadd.s64 %rd4, %rd4, 2048;
\tadd.s32 %r10, %r10, 16;
\tsetp.lt.u32 %p1, %r10, %r1;
\t@%p1 bra $L_k;
\tmul.wide.u32 %rd5, %r2, 128;
\tadd.s64 %rd6, %rd2, %rd5;
${Array.from({ length: 32 }, (_, i) => `\tst.global.f32 [%rd6+${4 * i}], %f${i + 1};`).join('\n')}
\tret;
}
`

/** A synthetic loop: fma, integer ops, a shuffle, 64-bit addresses, divergence, shared memory. */
export const ALU_LOOP_PTX = `.version 8.0
.target sm_90a
.address_size 64
.shared .align 4 .b8 tile[1024];
.visible .entry alu_loop(.param .u64 pOut, .param .u32 pN)
{
\t.reg .pred %p<4>;
\t.reg .b32 %r<32>;
\t.reg .f32 %f<8>;
\t.reg .b64 %rd<8>;
\tld.param.u64 %rd1, [pOut];
\tld.param.u32 %r9, [pN];
\tmov.u32 %r1, %tid.x;
\tcvt.rn.f32.u32 %f1, %r1;
\tmov.f32 %f2, 0f3F800000;
\tmov.u32 %r2, 0;
\tmov.u32 %r3, %r1;
\tmov.u64 %rd2, 0;
\tmov.u32 %r10, tile;
\tshl.b32 %r11, %r1, 2;
\tadd.s32 %r12, %r10, %r11;
$L_loop:
\tfma.rn.f32 %f2, %f2, 0f3F7FF000, %f1;
\tadd.s32 %r3, %r3, %r2;
\txor.b32 %r3, %r3, %r1;
\tshfl.sync.bfly.b32 %r5, %r3, 1, 31, -1;
\tadd.s32 %r3, %r3, %r5;
\tmul.wide.u32 %rd3, %r2, 4;
\tadd.s64 %rd2, %rd2, %rd3;
\tadd.s32 %r6, %r2, %r1;
\tand.b32 %r6, %r6, 1;
\tsetp.eq.u32 %p2, %r6, 0;
\t@%p2 bra $L_skip;
\tmul.f32 %f2, %f2, 0f3F000000;
\tst.shared.u32 [%r12], %r3;
$L_skip:
\tld.shared.u32 %r7, [%r12];
\tadd.s32 %r3, %r3, %r7;
\tadd.s32 %r2, %r2, 1;
\tsetp.lt.u32 %p1, %r2, %r9;
\t@%p1 bra $L_loop;
\tmul.wide.u32 %rd4, %r1, 16;
\tadd.s64 %rd5, %rd1, %rd4;
\tst.global.f32 [%rd5], %f2;
\tst.global.u32 [%rd5+4], %r3;
\tst.global.u64 [%rd5+8], %rd2;
\tret;
}
`

