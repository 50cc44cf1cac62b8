// Test kernels in the llvm + nvvm dialects. nvvm ops are written in generic form with
// upstream's op and attribute names (checked with mlir-opt 22 --mlir-print-op-generic), so
// the emitter reads them whether or not the nvvm dialect is registered.

/** Wraps functions in a generic-form `gpu.module` (mlir-translate skips its body; the emitter does not). */
export function inGpuModule(body: string): string {
  return `\n"gpu.module"() <{sym_name = "kernels"}> ({\n${body}\n}) : () -> ()\n`
}

/** The body of a `gpu.module`, for tools that translate only top-level functions. */
export function outOfGpuModule(text: string): string {
  const m = /^\s*"gpu\.module"\(\) <\{[^}]*\}> \(\{\n([\s\S]*)\n\}\) : \(\) -> \(\)\s*$/.exec(text)
  return m === null ? text : m[1]!
}

/**
 * Vector add with a bounds guard, as mlir-opt 22's convert-gpu-to-nvvm lowers a gpu.func
 * (bare-pointer memrefs): c[i] = a[i] + b[i] for i = ctaid.x * ntid.x + tid.x < n.
 */
export const VECTOR_ADD: string = inGpuModule(`
  llvm.func @vadd(%arg0: !llvm.ptr, %arg1: !llvm.ptr, %arg2: !llvm.ptr, %arg3: i64) attributes {gpu.kernel, nvvm.kernel, nvvm.maxntid = array<i32: 128, 1, 1>} {
    %0 = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %1 = llvm.insertvalue %arg2, %0[0] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %2 = llvm.insertvalue %arg2, %1[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %27 = "nvvm.read.ptx.sreg.tid.x"() : () -> i32
    %28 = llvm.sext %27 : i32 to i64
    %29 = "nvvm.read.ptx.sreg.ctaid.x"() : () -> i32
    %30 = llvm.sext %29 : i32 to i64
    %31 = "nvvm.read.ptx.sreg.ntid.x"() : () -> i32
    %32 = llvm.sext %31 : i32 to i64
    %33 = llvm.mul %30, %32 : i64
    %34 = llvm.add %33, %28 : i64
    %35 = llvm.icmp "slt" %34, %arg3 : i64
    llvm.cond_br %35, ^bb1, ^bb2
  ^bb1:
    %37 = llvm.getelementptr inbounds|nuw %arg0[%34] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %38 = llvm.load %37 : !llvm.ptr -> f32
    %40 = llvm.getelementptr inbounds|nuw %arg1[%34] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %41 = llvm.load %40 : !llvm.ptr -> f32
    %42 = llvm.fadd %38, %41 : f32
    %43 = llvm.extractvalue %2[1] : !llvm.struct<(ptr, ptr, i64, array<1 x i64>, array<1 x i64>)>
    %44 = llvm.getelementptr inbounds|nuw %43[%34] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %42, %44 : f32, !llvm.ptr
    llvm.br ^bb2
  ^bb2:
    "nvvm.barrier0"() : () -> ()
    llvm.return
  }
`)

const SREG = (name: string): string => `"nvvm.read.ptx.sreg.${name}"() : () -> i32`
const SHFL = (kind: string, type: string, res = type): string =>
  `<{kind = #nvvm<shfl_kind ${kind}>${res === type ? '' : ', return_value_and_is_valid'}}> : (i32, ${type}, i32, i32) -> ${res}`

/**
 * Warp reductions with shuffles over 64-thread CTAs: `warp_sum_f32` (butterfly, unrolled;
 * lane 0 writes each warp's f32 sum), `warp_sum_i32` (shfl.down in a loop carried by block
 * arguments) and `warp_scan_i32` (inclusive scan with shfl.up and its validity predicate).
 */
export const WARP_REDUCE = `
llvm.func @warp_sum_f32(%in: !llvm.ptr, %out: !llvm.ptr) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 64, 1, 1>} {
  %tid = ${SREG('tid.x')}
  %ctaid = ${SREG('ctaid.x')}
  %ntid = ${SREG('ntid.x')}
  %lane = ${SREG('laneid')}
  %base = llvm.mul %ctaid, %ntid : i32
  %gid = llvm.add %base, %tid : i32
  %p = llvm.getelementptr %in[%gid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  %v0 = llvm.load %p : !llvm.ptr -> f32
  %mask = llvm.mlir.constant(-1 : i32) : i32
  %clamp = llvm.mlir.constant(31 : i32) : i32
  %c16 = llvm.mlir.constant(16 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i32) : i32
  %c4 = llvm.mlir.constant(4 : i32) : i32
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %s1 = "nvvm.shfl.sync"(%mask, %v0, %c16, %clamp) ${SHFL('bfly', 'f32')}
  %v1 = llvm.fadd %v0, %s1 : f32
  %s2 = "nvvm.shfl.sync"(%mask, %v1, %c8, %clamp) ${SHFL('bfly', 'f32')}
  %v2 = llvm.fadd %v1, %s2 : f32
  %s3 = "nvvm.shfl.sync"(%mask, %v2, %c4, %clamp) ${SHFL('bfly', 'f32')}
  %v3 = llvm.fadd %v2, %s3 : f32
  %s4 = "nvvm.shfl.sync"(%mask, %v3, %c2, %clamp) ${SHFL('bfly', 'f32')}
  %v4 = llvm.fadd %v3, %s4 : f32
  %s5 = "nvvm.shfl.sync"(%mask, %v4, %c1, %clamp) ${SHFL('bfly', 'f32')}
  %v5 = llvm.fadd %v4, %s5 : f32
  %zero = llvm.mlir.constant(0 : i32) : i32
  %is0 = llvm.icmp "eq" %lane, %zero : i32
  llvm.cond_br %is0, ^store, ^done
^store:
  %c5 = llvm.mlir.constant(5 : i32) : i32
  %w = llvm.lshr %gid, %c5 : i32
  %q = llvm.getelementptr %out[%w] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  llvm.store %v5, %q : f32, !llvm.ptr
  llvm.br ^done
^done:
  llvm.return
}

llvm.func @warp_sum_i32(%in: !llvm.ptr, %out: !llvm.ptr) attributes {nvvm.kernel, nvvm.maxntid = array<i32: 64, 1, 1>} {
  %tid = ${SREG('tid.x')}
  %ctaid = ${SREG('ctaid.x')}
  %ntid = ${SREG('ntid.x')}
  %base = llvm.mul %ctaid, %ntid : i32
  %gid = llvm.add %base, %tid : i32
  %gid64 = llvm.zext %gid : i32 to i64
  %p = llvm.getelementptr %in[%gid64] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  %v0 = llvm.load %p : !llvm.ptr -> i32
  %mask = llvm.mlir.constant(-1 : i32) : i32
  %clamp = llvm.mlir.constant(31 : i32) : i32
  %c16 = llvm.mlir.constant(16 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %zero = llvm.mlir.constant(0 : i32) : i32
  llvm.br ^loop(%c16, %v0 : i32, i32)
^loop(%off: i32, %v: i32):
  %s = "nvvm.shfl.sync"(%mask, %v, %off, %clamp) ${SHFL('down', 'i32')}
  %v2 = llvm.add %v, %s : i32
  %off2 = llvm.lshr %off, %c1 : i32
  %more = llvm.icmp "ugt" %off2, %zero : i32
  llvm.cond_br %more, ^loop(%off2, %v2 : i32, i32), ^done(%v2 : i32)
^done(%sum: i32):
  %c31 = llvm.mlir.constant(31 : i32) : i32
  %lane = llvm.and %tid, %c31 : i32
  %is0 = llvm.icmp "eq" %lane, %zero : i32
  llvm.cond_br %is0, ^store, ^exit
^store:
  %c5 = llvm.mlir.constant(5 : i32) : i32
  %w = llvm.lshr %gid, %c5 : i32
  %q = llvm.getelementptr %out[%w] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  llvm.store %sum, %q : i32, !llvm.ptr
  llvm.br ^exit
^exit:
  llvm.return
}

llvm.func @warp_scan_i32(%in: !llvm.ptr, %out: !llvm.ptr) attributes {nvvm.kernel} {
  %tid = ${SREG('tid.x')}
  %ctaid = ${SREG('ctaid.x')}
  %ntid = ${SREG('ntid.x')}
  %base = llvm.mul %ctaid, %ntid : i32
  %gid = llvm.add %base, %tid : i32
  %p = llvm.getelementptr %in[%gid] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  %v0 = llvm.load %p : !llvm.ptr -> i32
  %mask = llvm.mlir.constant(-1 : i32) : i32
  %clamp = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c32 = llvm.mlir.constant(32 : i32) : i32
  %zero = llvm.mlir.constant(0 : i32) : i32
  llvm.br ^loop(%c1, %v0 : i32, i32)
^loop(%off: i32, %v: i32):
  %r = "nvvm.shfl.sync"(%mask, %v, %off, %clamp) ${SHFL('up', 'i32', '!llvm.struct<(i32, i1)>')}
  %s = llvm.extractvalue %r[0] : !llvm.struct<(i32, i1)>
  %ok = llvm.extractvalue %r[1] : !llvm.struct<(i32, i1)>
  %add = llvm.select %ok, %s, %zero : i1, i32
  %v2 = llvm.add %v, %add : i32
  %off2 = llvm.shl %off, %c1 : i32
  %more = llvm.icmp "ult" %off2, %c32 : i32
  llvm.cond_br %more, ^loop(%off2, %v2 : i32, i32), ^done
^done:
  %q = llvm.getelementptr %out[%gid] : (!llvm.ptr, i32) -> !llvm.ptr, i32
  llvm.store %v2, %q : i32, !llvm.ptr
  llvm.return
}
`

/** The A/B operand type of an m16n8k16 mma: f16 pairs as vector<2xf16>, bf16 pairs packed in i32. */
function mmaOperand(elt: 'f16' | 'bf16'): string {
  return elt === 'f16' ? 'vector<2xf16>' : 'i32'
}

function mmaOp(elt: 'f16' | 'bf16', a: string[], b: string[], c: string[]): string {
  const t = mmaOperand(elt)
  return (
    `"nvvm.mma.sync"(${[...a, ...b, ...c].join(', ')}) <{layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, ` +
    `multiplicandAPtxType = #nvvm.mma_type<${elt}>, multiplicandBPtxType = #nvvm.mma_type<${elt}>, operandSegmentSizes = array<i32: 4, 2, 4>, ` +
    `shape = #nvvm.shape<m = 16, n = 8, k = 16>}> : (${[t, t, t, t, t, t, 'f32', 'f32', 'f32', 'f32'].join(', ')}) -> !llvm.struct<(f32, f32, f32, f32)>`
  )
}

/** Lane decomposition used by the mma kernels: g = lane >> 2, t2 = 2 * (lane & 3). */
const LANE_GT = `
  %lane = ${SREG('laneid')}
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %c2 = llvm.mlir.constant(2 : i32) : i32
  %c3 = llvm.mlir.constant(3 : i32) : i32
  %g = llvm.lshr %lane, %c2 : i32
  %t = llvm.and %lane, %c3 : i32
  %t2 = llvm.shl %t, %c1 : i32`

/** Stores the four f32 accumulators of lane (g, t) into row-major D[16][8]. */
const STORE_D = (d: string[]): string => `
  %c8 = llvm.mlir.constant(8 : i32) : i32
  %c64 = llvm.mlir.constant(64 : i32) : i32
  %drow = llvm.mul %g, %c8 : i32
  %di0 = llvm.add %drow, %t2 : i32
  %di1 = llvm.add %di0, %c64 : i32
  %vp = llvm.mlir.poison : vector<2xf32>
  %i0 = llvm.mlir.constant(0 : i32) : i32
  %lo0 = llvm.insertelement ${d[0]}, %vp[%i0 : i32] : vector<2xf32>
  %lo = llvm.insertelement ${d[1]}, %lo0[%c1 : i32] : vector<2xf32>
  %hi0 = llvm.insertelement ${d[2]}, %vp[%i0 : i32] : vector<2xf32>
  %hi = llvm.insertelement ${d[3]}, %hi0[%c1 : i32] : vector<2xf32>
  %dp0 = llvm.getelementptr %D[%di0] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  %dp1 = llvm.getelementptr %D[%di1] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  llvm.store %lo, %dp0 : vector<2xf32>, !llvm.ptr
  llvm.store %hi, %dp1 : vector<2xf32>, !llvm.ptr`

/**
 * One mma.sync m16n8k16 tile from registers, for one warp: D = A * B + C with A row-major
 * 16x16, B given as Bt (n-major, 8x16), C and D row-major 16x8 f32. Each lane loads its
 * fragments straight from global memory with the PTX ISA's fragment layout.
 */
export function mmaTileKernel(elt: 'f16' | 'bf16'): string {
  const t = mmaOperand(elt)
  const aOff = [0, 128, 8, 136]
  const aLoads = aOff
    .map(
      (off, r) => `
  %ao${r} = llvm.mlir.constant(${off} : i32) : i32
  %ai${r} = llvm.add %arow, %ao${r} : i32
  %ap${r} = llvm.getelementptr %A[%ai${r}] : (!llvm.ptr, i32) -> !llvm.ptr, ${elt}
  %a${r} = llvm.load %ap${r} : !llvm.ptr -> ${t}`,
    )
    .join('')
  const bLoads = [0, 8]
    .map(
      (off, r) => `
  %bo${r} = llvm.mlir.constant(${off} : i32) : i32
  %bi${r} = llvm.add %brow, %bo${r} : i32
  %bp${r} = llvm.getelementptr %B[%bi${r}] : (!llvm.ptr, i32) -> !llvm.ptr, ${elt}
  %b${r} = llvm.load %bp${r} : !llvm.ptr -> ${t}`,
    )
    .join('')
  return `
llvm.func @mma_tile_${elt}(%A: !llvm.ptr, %B: !llvm.ptr, %C: !llvm.ptr, %D: !llvm.ptr) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 32, 1, 1>} {
${LANE_GT}
  %c16 = llvm.mlir.constant(16 : i32) : i32
  %grow = llvm.mul %g, %c16 : i32
  %arow = llvm.add %grow, %t2 : i32
  %brow = llvm.add %grow, %t2 : i32
${aLoads}
${bLoads}
  %c8c = llvm.mlir.constant(8 : i32) : i32
  %crow = llvm.mul %g, %c8c : i32
  %ci = llvm.add %crow, %t2 : i32
  %cp0 = llvm.getelementptr %C[%ci] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  %cv0 = llvm.load %cp0 : !llvm.ptr -> vector<2xf32>
  %cp1 = llvm.getelementptr %cp0[64] : (!llvm.ptr) -> !llvm.ptr, f32
  %cv1 = llvm.load %cp1 : !llvm.ptr -> vector<2xf32>
  %e0 = llvm.mlir.constant(0 : i64) : i64
  %e1 = llvm.mlir.constant(1 : i64) : i64
  %c0v = llvm.extractelement %cv0[%e0 : i64] : vector<2xf32>
  %c1v = llvm.extractelement %cv0[%e1 : i64] : vector<2xf32>
  %c2v = llvm.extractelement %cv1[%e0 : i64] : vector<2xf32>
  %c3v = llvm.extractelement %cv1[%e1 : i64] : vector<2xf32>
  %d = ${mmaOp(elt, ['%a0', '%a1', '%a2', '%a3'], ['%b0', '%b1'], ['%c0v', '%c1v', '%c2v', '%c3v'])}
  %d0 = llvm.extractvalue %d[0] : !llvm.struct<(f32, f32, f32, f32)>
  %d1 = llvm.extractvalue %d[1] : !llvm.struct<(f32, f32, f32, f32)>
  %d2 = llvm.extractvalue %d[2] : !llvm.struct<(f32, f32, f32, f32)>
  %d3 = llvm.extractvalue %d[3] : !llvm.struct<(f32, f32, f32, f32)>
${STORE_D(['%d0', '%d1', '%d2', '%d3'])}
  llvm.return
}
`
}

/**
 * A cp.async + ldmatrix staging loop into mma.sync for one warp: D[16x8] = A[16xK] * B[Kx8]
 * (f16, row-major, K = 64). Each K step copies the A tile (16x16, every lane one 16-byte
 * chunk) and the B tile (16x8, lanes 0-15 one row each, under a divergent branch) into
 * shared memory with cp.async.cg, waits for the group, then loads A with ldmatrix.x4 and B
 * with ldmatrix.x2.trans and accumulates in f32; the accumulators are loop block arguments.
 */
export const STAGED_MMA = `
llvm.mlir.global internal @sA() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<256 x f16>
llvm.mlir.global internal @sB() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<128 x f16>
llvm.func @staged_mma(%A: !llvm.ptr, %B: !llvm.ptr, %D: !llvm.ptr) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 32, 1, 1>} {
${LANE_GT}
  %A1 = llvm.addrspacecast %A : !llvm.ptr to !llvm.ptr<1>
  %B1 = llvm.addrspacecast %B : !llvm.ptr to !llvm.ptr<1>
  %sA = llvm.mlir.addressof @sA : !llvm.ptr<3>
  %sB = llvm.mlir.addressof @sB : !llvm.ptr<3>
  %c7 = llvm.mlir.constant(7 : i32) : i32
  %c8 = llvm.mlir.constant(8 : i32) : i32
  %c15 = llvm.mlir.constant(15 : i32) : i32
  %c16 = llvm.mlir.constant(16 : i32) : i32
  %c64 = llvm.mlir.constant(64 : i32) : i32
  %zero = llvm.mlir.constant(0 : i32) : i32
  %fz = llvm.mlir.constant(0.000000e+00 : f32) : f32
  %arow = llvm.lshr %lane, %c1 : i32
  %abit = llvm.and %lane, %c1 : i32
  %achunk = llvm.mul %abit, %c8 : i32
  %arowK = llvm.mul %arow, %c64 : i32
  %asrc = llvm.add %arowK, %achunk : i32
  %arow16 = llvm.mul %arow, %c16 : i32
  %adst = llvm.add %arow16, %achunk : i32
  %sAdst = llvm.getelementptr %sA[%adst] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  %bdst = llvm.mul %lane, %c8 : i32
  %sBdst = llvm.getelementptr %sB[%bdst] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  %m = llvm.lshr %lane, %c3 : i32
  %r8 = llvm.and %lane, %c7 : i32
  %mlo = llvm.and %m, %c1 : i32
  %mhi = llvm.lshr %m, %c1 : i32
  %mlo8 = llvm.mul %mlo, %c8 : i32
  %lrow = llvm.add %r8, %mlo8 : i32
  %lrow16 = llvm.mul %lrow, %c16 : i32
  %lcol = llvm.mul %mhi, %c8 : i32
  %lidx = llvm.add %lrow16, %lcol : i32
  %sAld = llvm.getelementptr %sA[%lidx] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  %l15 = llvm.and %lane, %c15 : i32
  %bld = llvm.mul %l15, %c8 : i32
  %sBld = llvm.getelementptr %sB[%bld] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f16
  %isB = llvm.icmp "ult" %lane, %c16 : i32
  llvm.br ^loop(%zero, %fz, %fz, %fz, %fz : i32, f32, f32, f32, f32)
^loop(%k0: i32, %acc0: f32, %acc1: f32, %acc2: f32, %acc3: f32):
  %asrck = llvm.add %asrc, %k0 : i32
  %gA = llvm.getelementptr %A1[%asrck] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
  "nvvm.cp.async.shared.global"(%sAdst, %gA) <{modifier = #nvvm<load_cache_modifier cg>, size = 16 : i32}> : (!llvm.ptr<3>, !llvm.ptr<1>) -> ()
  llvm.cond_br %isB, ^copyB, ^staged
^copyB:
  %krow = llvm.add %k0, %lane : i32
  %bsrc = llvm.mul %krow, %c8 : i32
  %gB = llvm.getelementptr %B1[%bsrc] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f16
  "nvvm.cp.async.shared.global"(%sBdst, %gB) <{modifier = #nvvm<load_cache_modifier cg>, size = 16 : i32}> : (!llvm.ptr<3>, !llvm.ptr<1>) -> ()
  llvm.br ^staged
^staged:
  "nvvm.cp.async.commit.group"() : () -> ()
  "nvvm.cp.async.wait.group"() <{n = 0 : i32}> : () -> ()
  "nvvm.barrier0"() : () -> ()
  %fa = "nvvm.ldmatrix"(%sAld) <{eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}> : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
  %fb = "nvvm.ldmatrix"(%sBld) <{eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<col>, num = 2 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>}> : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32)>
  %fa0 = llvm.extractvalue %fa[0] : !llvm.struct<(i32, i32, i32, i32)>
  %fa1 = llvm.extractvalue %fa[1] : !llvm.struct<(i32, i32, i32, i32)>
  %fa2 = llvm.extractvalue %fa[2] : !llvm.struct<(i32, i32, i32, i32)>
  %fa3 = llvm.extractvalue %fa[3] : !llvm.struct<(i32, i32, i32, i32)>
  %fb0 = llvm.extractvalue %fb[0] : !llvm.struct<(i32, i32)>
  %fb1 = llvm.extractvalue %fb[1] : !llvm.struct<(i32, i32)>
  %va0 = llvm.bitcast %fa0 : i32 to vector<2xf16>
  %va1 = llvm.bitcast %fa1 : i32 to vector<2xf16>
  %va2 = llvm.bitcast %fa2 : i32 to vector<2xf16>
  %va3 = llvm.bitcast %fa3 : i32 to vector<2xf16>
  %vb0 = llvm.bitcast %fb0 : i32 to vector<2xf16>
  %vb1 = llvm.bitcast %fb1 : i32 to vector<2xf16>
  %acc = ${mmaOp('f16', ['%va0', '%va1', '%va2', '%va3'], ['%vb0', '%vb1'], ['%acc0', '%acc1', '%acc2', '%acc3'])}
  %n0 = llvm.extractvalue %acc[0] : !llvm.struct<(f32, f32, f32, f32)>
  %n1 = llvm.extractvalue %acc[1] : !llvm.struct<(f32, f32, f32, f32)>
  %n2 = llvm.extractvalue %acc[2] : !llvm.struct<(f32, f32, f32, f32)>
  %n3 = llvm.extractvalue %acc[3] : !llvm.struct<(f32, f32, f32, f32)>
  "nvvm.barrier0"() : () -> ()
  %k1 = llvm.add %k0, %c16 : i32
  %more = llvm.icmp "slt" %k1, %c64 : i32
  llvm.cond_br %more, ^loop(%k1, %n0, %n1, %n2, %n3 : i32, f32, f32, f32, f32), ^exit
^exit:
  %c8d = llvm.mlir.constant(8 : i32) : i32
  %drow = llvm.mul %g, %c8d : i32
  %di0 = llvm.add %drow, %t2 : i32
  %dp0 = llvm.getelementptr %D[%di0] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  %dp1 = llvm.getelementptr %dp0[1] : (!llvm.ptr) -> !llvm.ptr, f32
  %dp2 = llvm.getelementptr %dp0[64] : (!llvm.ptr) -> !llvm.ptr, f32
  %dp3 = llvm.getelementptr %dp0[65] : (!llvm.ptr) -> !llvm.ptr, f32
  llvm.store %n0, %dp0 : f32, !llvm.ptr
  llvm.store %n1, %dp1 : f32, !llvm.ptr
  llvm.store %n2, %dp2 : f32, !llvm.ptr
  llvm.store %n3, %dp3 : f32, !llvm.ptr
  llvm.return
}
`

/**
 * mma.sync m16n8k16 with f16 accumulators (C and D as two f16x2 registers per lane):
 * D = A * B + C, A row-major 16x16, Bt n-major 8x16, C and D row-major 16x8 f16.
 */
export const MMA_TILE_F16_ACC = `
llvm.func @mma_tile_f16acc(%A: !llvm.ptr, %B: !llvm.ptr, %C: !llvm.ptr, %D: !llvm.ptr) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 32, 1, 1>} {
${LANE_GT}
  %c8 = llvm.mlir.constant(8 : i32) : i32
  %c16 = llvm.mlir.constant(16 : i32) : i32
  %grow = llvm.mul %g, %c16 : i32
  %arow = llvm.add %grow, %t2 : i32
  %ap0 = llvm.getelementptr %A[%arow] : (!llvm.ptr, i32) -> !llvm.ptr, f16
  %ap1 = llvm.getelementptr %ap0[128] : (!llvm.ptr) -> !llvm.ptr, f16
  %ap2 = llvm.getelementptr %ap0[8] : (!llvm.ptr) -> !llvm.ptr, f16
  %ap3 = llvm.getelementptr %ap0[136] : (!llvm.ptr) -> !llvm.ptr, f16
  %a0 = llvm.load %ap0 : !llvm.ptr -> vector<2xf16>
  %a1 = llvm.load %ap1 : !llvm.ptr -> vector<2xf16>
  %a2 = llvm.load %ap2 : !llvm.ptr -> vector<2xf16>
  %a3 = llvm.load %ap3 : !llvm.ptr -> vector<2xf16>
  %bp0 = llvm.getelementptr %B[%arow] : (!llvm.ptr, i32) -> !llvm.ptr, f16
  %bp1 = llvm.getelementptr %bp0[8] : (!llvm.ptr) -> !llvm.ptr, f16
  %b0 = llvm.load %bp0 : !llvm.ptr -> vector<2xf16>
  %b1 = llvm.load %bp1 : !llvm.ptr -> vector<2xf16>
  %crow = llvm.mul %g, %c8 : i32
  %ci = llvm.add %crow, %t2 : i32
  %cp0 = llvm.getelementptr %C[%ci] : (!llvm.ptr, i32) -> !llvm.ptr, f16
  %cp1 = llvm.getelementptr %cp0[64] : (!llvm.ptr) -> !llvm.ptr, f16
  %c0v = llvm.load %cp0 : !llvm.ptr -> vector<2xf16>
  %c1v = llvm.load %cp1 : !llvm.ptr -> vector<2xf16>
  %d = "nvvm.mma.sync"(%a0, %a1, %a2, %a3, %b0, %b1, %c0v, %c1v) <{layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<f16>, multiplicandBPtxType = #nvvm.mma_type<f16>, operandSegmentSizes = array<i32: 4, 2, 2>, shape = #nvvm.shape<m = 16, n = 8, k = 16>}> : (vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>, vector<2xf16>) -> !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  %d0 = llvm.extractvalue %d[0] : !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  %d1 = llvm.extractvalue %d[1] : !llvm.struct<(vector<2xf16>, vector<2xf16>)>
  %dp0 = llvm.getelementptr %D[%ci] : (!llvm.ptr, i32) -> !llvm.ptr, f16
  %dp1 = llvm.getelementptr %dp0[64] : (!llvm.ptr) -> !llvm.ptr, f16
  llvm.store %d0, %dp0 : vector<2xf16>, !llvm.ptr
  llvm.store %d1, %dp1 : vector<2xf16>, !llvm.ptr
  llvm.return
}
`
