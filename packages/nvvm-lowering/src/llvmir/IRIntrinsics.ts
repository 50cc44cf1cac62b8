/**
 * The attributes LLVM 22 gives the intrinsic declarations the translation emits (from
 * LLVM's intrinsic tables: function attributes, return and parameter attributes, the
 * value ranges of the special registers).
 */

/** What an intrinsic declaration carries besides its signature. */
export interface IntrinsicAttributes {
  /** The function attribute group text (`nocallback nofree ...`); empty for none. */
  readonly fn: string
  /** The return attributes (`noundef range(i32 0, 1024)`); empty for none. */
  readonly ret: string
  /** Per-parameter attributes, by index; missing or empty for none. */
  readonly params: readonly string[]
}

const SREG_FN = 'nocallback nofree nosync nounwind speculatable willreturn memory(none)'
const CLOCK_FN = 'nocallback nofree nounwind willreturn memory(inaccessiblemem: readwrite)'
const MATH_FN = 'nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)'
const BITCOUNT_FN = 'nocallback nofree nosync nounwind speculatable willreturn memory(none)'

const XYZ_RANGES: Readonly<Record<string, readonly [string, string, string]>> = {
  tid: ['0, 1024', '0, 1024', '0, 64'],
  ntid: ['1, 1025', '1, 1025', '1, 65'],
  ctaid: ['0, 2147483647', '0, 65535', '0, 65535'],
  nctaid: ['1, -2147483648', '1, 65536', '1, 65536'],
  clusterid: ['0, 2147483647', '0, 65535', '0, 65535'],
  nclusterid: ['1, -2147483648', '1, 65536', '1, 65536'],
  'cluster.ctaid': ['0, 2147483647', '0, 65535', '0, 65535'],
  'cluster.nctaid': ['1, -2147483648', '1, 65536', '1, 65536'],
}

const SCALAR_RANGES: Readonly<Record<string, string>> = { laneid: '0, 32', warpsize: '32, 33' }

function sregAttributes(reg: string): IntrinsicAttributes {
  if (reg === 'clock' || reg === 'clock64' || reg === 'globaltimer') {
    return { fn: CLOCK_FN, ret: 'noundef', params: [] }
  }
  const dot = reg.lastIndexOf('.')
  const xyz = dot > 0 ? XYZ_RANGES[reg.slice(0, dot)] : undefined
  const dim = 'xyz'.indexOf(reg.slice(dot + 1))
  const range = xyz !== undefined && dim >= 0 ? xyz[dim] : SCALAR_RANGES[reg]
  return { fn: SREG_FN, ret: range !== undefined ? `noundef range(i32 ${range})` : 'noundef', params: [] }
}

/** The libm-like intrinsics, whose declarations lack `nocreateundeforpoison` in LLVM 22. */
const LIBM_INTRINSICS: ReadonlySet<string> = new Set(['acos', 'asin', 'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'sincos'])

/** The llvm intrinsics whose declarations have the plain math attribute set (`MATH_FN`). */
const MATH_INTRINSICS: ReadonlySet<string> = new Set([
  'fma',
  'fmuladd',
  'fabs',
  'sqrt',
  'copysign',
  'maximum',
  'minimum',
  'maxnum',
  'minnum',
  'exp',
  'exp2',
  'exp10',
  'log',
  'log2',
  'log10',
  'sin',
  'cos',
  'tan',
  'pow',
  'floor',
  'ceil',
  'trunc',
  'round',
  'roundeven',
  'rint',
  'nearbyint',
  'smax',
  'smin',
  'umax',
  'umin',
  'ctpop',
  'powi',
  'sadd.with.overflow',
  'uadd.with.overflow',
  'ssub.with.overflow',
  'usub.with.overflow',
  'smul.with.overflow',
  'umul.with.overflow',
])

/**
 * The attributes of the declaration of `name` (the full intrinsic name, with or without
 * its type suffixes), or undefined for an intrinsic this table does not know.
 */
export function intrinsicAttributes(name: string, base: string): IntrinsicAttributes | undefined {
  if (base.startsWith('nvvm.read.ptx.sreg.')) {
    return sregAttributes(base.slice('nvvm.read.ptx.sreg.'.length))
  }
  if (base.startsWith('nvvm.barrier.cta.sync.aligned.')) {
    return { fn: 'convergent nocallback nounwind', ret: '', params: [] }
  }
  if (base.startsWith('nvvm.shfl.sync.')) {
    return { fn: 'convergent nocallback nounwind memory(inaccessiblemem: readwrite)', ret: '', params: [] }
  }
  if (base.startsWith('nvvm.cp.async.c') && base.includes('.shared.global.')) {
    return { fn: 'nocallback nounwind memory(argmem: readwrite)', ret: '', params: ['noalias writeonly', 'noalias readonly'] }
  }
  if (base === 'nvvm.cp.async.commit.group') {
    return { fn: 'nounwind', ret: '', params: [] }
  }
  if (base === 'nvvm.cp.async.wait.group') {
    return { fn: 'nounwind', ret: '', params: ['immarg'] }
  }
  if (base.startsWith('nvvm.ldmatrix.')) {
    return { fn: 'convergent nocallback nounwind memory(argmem: read)', ret: '', params: ['readonly captures(none)'] }
  }
  if (base.startsWith('nvvm.wmma.')) {
    if (base.includes('.load.')) {
      return { fn: 'nocallback nounwind willreturn memory(argmem: read)', ret: '', params: ['readonly captures(none)'] }
    }
    if (base.includes('.store.')) {
      return { fn: 'nocallback nounwind memory(argmem: write)', ret: '', params: ['writeonly captures(none)'] }
    }
    return { fn: 'nocallback nounwind memory(none)', ret: '', params: [] }
  }
  if (base === 'nvvm.mapa' || base === 'nvvm.mapa.shared.cluster') {
    return { fn: 'nocallback nofree nosync nounwind speculatable willreturn memory(none)', ret: '', params: ['captures(none)'] }
  }
  if (base.startsWith('nvvm.mma.')) {
    return { fn: 'nocallback nounwind memory(none)', ret: '', params: [] }
  }
  if (base.startsWith('nvvm.setmaxnreg.')) {
    return { fn: 'convergent nocallback nofree nosync nounwind willreturn', ret: '', params: ['immarg range(i32 24, 257)'] }
  }
  if (base === 'ctlz' || base === 'cttz' || base === 'abs') {
    return { fn: BITCOUNT_FN, ret: '', params: ['', 'immarg'] }
  }
  if (base === 'is.fpclass') {
    return { fn: MATH_FN, ret: '', params: ['', 'immarg'] }
  }
  if (LIBM_INTRINSICS.has(base)) {
    return { fn: BITCOUNT_FN, ret: '', params: [] }
  }
  if (MATH_INTRINSICS.has(base)) {
    return { fn: MATH_FN, ret: '', params: [] }
  }
  void name
  return undefined
}
