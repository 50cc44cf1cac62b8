/**
 * Casts for the PTX emitter: integer extension and truncation, int <-> float conversions
 * with LLVM's rounding (`cvt.rn`, `cvt.rzi`), f16/bf16 widening and narrowing, pointer
 * casts and address-space casts (`cvta`), and same-size bitcasts including f16x2 packing.
 */
import type { Operation } from '@tilepass/ir'
import { intSuffix, isFloat, isInt, spaceSuffix, type FunctionEmitter } from './FunctionEmitter.ts'
import { bitsOf, regClassOf, type Scalar, type ScalarKind } from './ptxTypes.ts'

export function emitCast(e: FunctionEmitter, op: Operation, name: string, res: Scalar, a: { reg: string; s: Scalar }[]): string {
  const from = a[0]!.s
  const x = a[0]!.reg
  const to = res.kind
  const fk = from.kind
  const bad = (): never => e.fail(op, `from '${fk}' to '${to}' is not supported by the PTX emitter`)
  switch (name) {
    case 'llvm.zext':
    case 'llvm.sext': {
      const signed = name === 'llvm.sext'
      const r = e.freshFor(to)
      if (!isInt(to)) {
        bad()
      }
      if (fk === 'i1') {
        e.emit(`selp${intSuffix(to, 'b')} ${r}, ${signed ? -1 : 1}, 0, ${x}`)
        return r
      }
      if (!isInt(fk)) {
        bad()
      }
      e.emit(`cvt${intSuffix(to, signed)}${intSuffix(fk, signed)} ${r}, ${x}`)
      return r
    }
    case 'llvm.trunc': {
      const r = e.freshFor(to)
      if (!isInt(fk)) {
        bad()
      }
      if (to === 'i1') {
        const t = e.freshFor(fk)
        e.emit(`and${intSuffix(fk, 'b')} ${t}, ${x}, 1`)
        e.emit(`setp.ne${intSuffix(fk, 'b')} ${r}, ${t}, 0`)
        return r
      }
      if (!isInt(to)) {
        bad()
      }
      e.emit(`cvt${intSuffix(to, false)}${intSuffix(fk, false)} ${r}, ${x}`)
      return r
    }
    case 'llvm.sitofp':
    case 'llvm.uitofp': {
      const signed = name === 'llvm.sitofp'
      if (!isFloat(to)) {
        bad()
      }
      let src = x
      let sk: ScalarKind = fk
      if (fk === 'i1') {
        src = e.fresh('b32')
        sk = 'i32'
        e.emit(`selp.b32 ${src}, ${signed ? -1 : 1}, 0, ${x}`)
      } else if (!isInt(fk)) {
        bad()
      }
      const r = e.freshFor(to)
      e.emit(`cvt.rn.${to}${intSuffix(sk, signed)} ${r}, ${src}`)
      return r
    }
    case 'llvm.fptosi':
    case 'llvm.fptoui': {
      if (!isFloat(fk) || !isInt(to)) {
        bad()
      }
      const r = e.freshFor(to)
      e.emit(`cvt.rzi${intSuffix(to, name === 'llvm.fptosi')}.${fk} ${r}, ${x}`)
      return r
    }
    case 'llvm.fpext': {
      if (!isFloat(fk) || !isFloat(to)) {
        bad()
      }
      const f = e.widen(x, fk)
      if (to === 'f32') {
        return f
      }
      const r = e.fresh('f64')
      e.emit(`cvt.f64.f32 ${r}, ${f}`)
      return r
    }
    case 'llvm.fptrunc': {
      if (!isFloat(fk) || !isFloat(to)) {
        bad()
      }
      const r = e.freshFor(to)
      e.emit(`cvt.rn.${to}.${fk} ${r}, ${x}`)
      return r
    }
    case 'llvm.ptrtoint':
    case 'llvm.inttoptr': {
      const r = e.freshFor(to)
      const ik = name === 'llvm.ptrtoint' ? to : fk
      if (ik === 'i64') {
        e.emit(`mov.b64 ${r}, ${x}`)
      } else if (isInt(ik)) {
        e.emit(name === 'llvm.ptrtoint' ? `cvt${intSuffix(to, false)}.u64 ${r}, ${x}` : `cvt.u64${intSuffix(fk, false)} ${r}, ${x}`)
      } else {
        bad()
      }
      return r
    }
    default: {
      // addrspacecast: generic <-> specific spaces with cvta.
      const src = from.addrSpace
      const dst = res.addrSpace
      const r = e.fresh('b64')
      if (src === dst) {
        e.emit(`mov.b64 ${r}, ${x}`)
      } else if (src === 0 && spaceSuffix(dst) !== null) {
        e.emit(`cvta.to${spaceSuffix(dst)!}.u64 ${r}, ${x}`)
      } else if (dst === 0 && spaceSuffix(src) !== null) {
        e.emit(`cvta${spaceSuffix(src)!}.u64 ${r}, ${x}`)
      } else {
        e.fail(op, `from address space ${src} to ${dst} is not supported by the PTX emitter`)
      }
      return r
    }
  }
}

export function emitBitcast(e: FunctionEmitter, op: Operation): void {
  const src = e.get(op, op.getOperand(0))
  const from = e.parts(op, op.getOperand(0).type)
  const to = e.parts(op, op.getResult(0).type)
  const bits = (p: Scalar[]): number => p.reduce((s, x) => s + (x.kind === 'ptr' ? 64 : bitsOf(x.kind)), 0)
  if (bits(from) !== bits(to) || from.some((p) => p.kind === 'i1') || to.some((p) => p.kind === 'i1')) {
    e.fail(op, 'is not supported by the PTX emitter for these types')
  }
  if (from.length === to.length) {
    e.define(
      op.getResult(0),
      to.map((s, i) => {
        if (regClassOf(s.kind) === regClassOf(from[i]!.kind)) {
          return src[i]!
        }
        const r = e.freshFor(s.kind)
        e.emit(`mov.b${bitsOf(s.kind)} ${r}, ${src[i]!}`)
        return r
      }),
    )
    return
  }
  // Packing (vector<2xf16> -> i32) or unpacking (i32 -> vector<2xf16>), one wide side.
  if (to.length === 1) {
    const r = e.freshFor(to[0]!.kind)
    e.emit(`mov.b${bits(to)} ${r}, {${src.join(', ')}}`)
    e.define(op.getResult(0), [r])
    return
  }
  if (from.length === 1) {
    const rs = to.map((s) => e.freshFor(s.kind))
    e.emit(`mov.b${bits(from)} {${rs.join(', ')}}, ${src[0]!}`)
    e.define(op.getResult(0), rs)
    return
  }
  e.fail(op, 'is not supported by the PTX emitter for these types')
}
