/**
 * A seeded generator of valid `llvm` + `nvvm` dialect modules for the translation
 * differential: integer and float arithmetic with flags, comparisons, selects, casts,
 * constants (scalars, dense vectors, poison/undef/zero), memory through pointers in several
 * address spaces (GEP, load, store, alloca), aggregates and vectors, math intrinsics, NVVM
 * special registers, shuffles and barriers, multi-block control flow with block arguments
 * and switches, shared-memory globals, kernels with launch bounds, comdats, global
 * constructors and destructors, module flags, and sometimes a data layout and target triple. Every module verifies with mlir-opt and uses only ops the
 * translation supports.
 */
import { Random } from '../../differential/src/Random.ts'

type Ty = 'i1' | 'i8' | 'i16' | 'i32' | 'i64' | 'f16' | 'bf16' | 'f32' | 'f64' | 'v4f32' | 'v2i32'

const INT_TYPES: readonly Ty[] = ['i1', 'i8', 'i16', 'i32', 'i64']
const FLOAT_TYPES: readonly Ty[] = ['f16', 'bf16', 'f32', 'f64']
const ALL_TYPES: readonly Ty[] = [...INT_TYPES, ...FLOAT_TYPES, 'v4f32', 'v2i32']

function spell(t: Ty): string {
  return t === 'v4f32' ? 'vector<4xf32>' : t === 'v2i32' ? 'vector<2xi32>' : t
}

function isInt(t: Ty): boolean {
  return t.startsWith('i') || t === 'v2i32'
}

function bits(t: Ty): number {
  return Number(t.replace(/^[a-z]+/, ''))
}

const FLOAT_CONSTANTS: readonly string[] = ['0.0', '-0.0', '1.0', '1.5', '-2.25', '0.1', '3.0e+10', '1.0e-3', '65504.0', '0.333333', '123456.0', '1.0e+30']

/** A generated module and the seed that names it. */
export interface GeneratedModule {
  readonly seed: number
  readonly text: string
}

class FunctionBuilder {
  private readonly lines: string[] = []
  private readonly pool = new Map<Ty, string[]>()
  private next = 0

  constructor(
    private readonly rng: Random,
    readonly ptrs: readonly string[],
  ) {}

  add(t: Ty, name: string): void {
    const list = this.pool.get(t) ?? []
    list.push(name)
    this.pool.set(t, list)
  }

  fresh(): string {
    return `%v${this.next++}`
  }

  emit(line: string): void {
    this.lines.push(`  ${line}`)
  }

  get body(): string[] {
    return this.lines
  }

  /** A value of type `t`: an existing one or a new constant. */
  value(t: Ty): string {
    const list = this.pool.get(t)
    if (list !== undefined && list.length > 0 && this.rng.chance(0.75)) {
      return this.rng.pick(list)
    }
    return this.constant(t)
  }

  constant(t: Ty): string {
    const v = this.fresh()
    if (t === 'v4f32') {
      const splat = this.rng.chance(0.4)
      const els = splat ? [this.rng.pick(FLOAT_CONSTANTS)] : [0, 1, 2, 3].map(() => this.rng.pick(FLOAT_CONSTANTS))
      this.emit(`${v} = llvm.mlir.constant(dense<${splat ? els[0] : `[${els.join(', ')}]`}> : vector<4xf32>) : vector<4xf32>`)
    } else if (t === 'v2i32') {
      this.emit(`${v} = llvm.mlir.constant(dense<[${this.rng.int(-9, 9)}, ${this.rng.int(-9, 9)}]> : vector<2xi32>) : vector<2xi32>`)
    } else if (isInt(t)) {
      const w = bits(t)
      const n = t === 'i1' ? this.rng.int(0, 1) : this.rng.pick([0, 1, -1, 2, 7, 100, w >= 16 ? 4096 : 3, w >= 32 ? -123456 : -5])
      this.emit(`${v} = llvm.mlir.constant(${n} : ${t}) : ${t}`)
    } else {
      const r = this.rng.int(0, 9)
      if (r === 0) {
        this.emit(`${v} = llvm.mlir.poison : ${t}`)
      } else if (r === 1) {
        this.emit(`${v} = llvm.mlir.undef : ${t}`)
      } else {
        this.emit(`${v} = llvm.mlir.constant(${this.rng.pick(FLOAT_CONSTANTS)} : ${t}) : ${t}`)
      }
    }
    this.add(t, v)
    return v
  }

  /** One random op; its result joins the pool. */
  op(): void {
    const rng = this.rng
    const kind = rng.int(0, 15)
    const v = this.fresh()
    const fmf = (): string => (rng.chance(0.3) ? ` {fastmathFlags = #llvm.fastmath<${rng.pick(['fast', 'nnan', 'contract', 'nsz, arcp', 'reassoc, afn', 'ninf'])}>}` : '')
    switch (kind) {
      case 0:
      case 1: {
        const t = rng.pick<Ty>(['i8', 'i16', 'i32', 'i64', 'v2i32'])
        const opn = rng.pick(['add', 'sub', 'mul', 'and', 'or', 'xor', 'shl', 'lshr', 'ashr', 'udiv', 'sdiv', 'urem', 'srem'])
        let flags = ''
        if ((opn === 'add' || opn === 'sub' || opn === 'mul' || opn === 'shl') && rng.chance(0.4)) {
          flags = ` overflow<${rng.pick(['nsw', 'nuw', 'nsw, nuw'])}>`
        }
        const pre = (opn === 'udiv' || opn === 'sdiv' || opn === 'lshr' || opn === 'ashr') && rng.chance(0.3) ? 'exact ' : opn === 'or' && rng.chance(0.3) ? 'disjoint ' : ''
        const a = this.value(t)
        const b = opn.includes('div') || opn.includes('rem') ? this.nonZero(t) : this.value(t)
        this.emit(`${v} = llvm.${opn} ${pre}${a}, ${b}${flags} : ${spell(t)}`)
        this.add(t, v)
        return
      }
      case 2:
      case 3: {
        const t = rng.pick<Ty>(['f16', 'f32', 'f64', 'v4f32', 'bf16'])
        const opn = rng.pick(['fadd', 'fsub', 'fmul', 'fdiv'])
        this.emit(`${v} = llvm.${opn} ${this.value(t)}, ${this.value(t)}${fmf()} : ${spell(t)}`)
        this.add(t, v)
        return
      }
      case 4: {
        const t = rng.pick<Ty>(['i8', 'i32', 'i64'])
        this.emit(`${v} = llvm.icmp "${rng.pick(['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge'])}" ${this.value(t)}, ${this.value(t)} : ${t}`)
        this.add('i1', v)
        return
      }
      case 5: {
        const t = rng.pick<Ty>(['f32', 'f64'])
        this.emit(`${v} = llvm.fcmp "${rng.pick(['oeq', 'ogt', 'olt', 'une', 'uno', 'ord', 'ule'])}" ${this.value(t)}, ${this.value(t)}${fmf()} : ${t}`)
        this.add('i1', v)
        return
      }
      case 6: {
        const t = rng.pick(ALL_TYPES)
        this.emit(`${v} = llvm.select ${this.value('i1')}, ${this.value(t)}, ${this.value(t)} : i1, ${spell(t)}`)
        this.add(t, v)
        return
      }
      case 7: {
        const from = rng.pick<Ty>(['i8', 'i16', 'i32'])
        const to = rng.pick<Ty>(['i32', 'i64'])
        if (bits(from) < bits(to)) {
          this.emit(`${v} = llvm.${rng.pick(['sext', 'zext'])} ${this.value(from)} : ${from} to ${to}`)
        } else {
          this.emit(`${v} = llvm.trunc ${this.value(to === 'i64' ? 'i64' : 'i64')} : i64 to ${from}`)
          this.add(from, v)
          return
        }
        this.add(to, v)
        return
      }
      case 8: {
        const r = rng.int(0, 3)
        if (r === 0) {
          this.emit(`${v} = llvm.sitofp ${this.value('i32')} : i32 to f32`)
          this.add('f32', v)
        } else if (r === 1) {
          this.emit(`${v} = llvm.fptosi ${this.value('f64')} : f64 to i64`)
          this.add('i64', v)
        } else if (r === 2) {
          this.emit(`${v} = llvm.fpext ${this.value('f16')} : f16 to f32`)
          this.add('f32', v)
        } else {
          this.emit(`${v} = llvm.bitcast ${this.value('f32')} : f32 to i32`)
          this.add('i32', v)
        }
        return
      }
      case 9: {
        const p = rng.pick(this.ptrs)
        const t = rng.pick<Ty>(['i32', 'f32', 'i64', 'f16', 'v4f32'])
        const [ptr, pty] = p.split('|') as [string, string]
        const g = this.fresh()
        const idx = this.value('i64')
        const flags = rng.pick(['', 'inbounds ', 'inbounds|nuw ', 'nuw '])
        this.emit(`${g} = llvm.getelementptr ${flags}${ptr}[${idx}] : (${pty}, i64) -> ${pty}, ${spell(t)}`)
        const align = rng.chance(0.3) ? ` {alignment = ${rng.pick([1, 2, 4, 8, 16])} : i64}` : ''
        if (rng.chance(0.5)) {
          this.emit(`${v} = llvm.load ${rng.chance(0.1) ? 'volatile ' : ''}${g}${align} : ${pty} -> ${spell(t)}`)
          this.add(t, v)
        } else {
          this.emit(`llvm.store ${this.value(t)}, ${g}${align} : ${spell(t)}, ${pty}`)
        }
        return
      }
      case 10: {
        const st = '!llvm.struct<(i32, f32, array<2 x i64>)>'
        const base = this.fresh()
        this.emit(`${base} = ${rng.pick(['llvm.mlir.poison', 'llvm.mlir.undef', 'llvm.mlir.zero'])} : ${st}`)
        const a = this.fresh()
        this.emit(`${a} = llvm.insertvalue ${this.value('i32')}, ${base}[0] : ${st}`)
        const b = this.fresh()
        this.emit(`${b} = llvm.insertvalue ${this.value('i64')}, ${a}[2, ${rng.int(0, 1)}] : ${st}`)
        const pos = rng.pick(['0', '2, 0', '2, 1'])
        this.emit(`${v} = llvm.extractvalue ${b}[${pos}] : ${st}`)
        this.add(pos === '0' ? 'i32' : 'i64', v)
        return
      }
      case 11: {
        const i = this.value('i32')
        const e = this.fresh()
        this.emit(`${e} = llvm.extractelement ${this.value('v4f32')}[${i} : i32] : vector<4xf32>`)
        this.add('f32', e)
        this.emit(`${v} = llvm.insertelement ${this.value('f32')}, ${this.value('v4f32')}[${i} : i32] : vector<4xf32>`)
        this.add('v4f32', v)
        return
      }
      case 12: {
        const t = rng.pick<Ty>(['f32', 'f64', 'v4f32', 'f16'])
        const un = rng.pick(['fabs', 'sqrt', 'exp', 'exp2', 'log', 'floor', 'ceil', 'sin', 'cos', 'trunc', 'round', 'acos', 'asin', 'atan', 'sinh', 'cosh', 'tanh'])
        const bin = rng.pick(['copysign', 'maxnum', 'minnum', 'maximum', 'minimum', 'pow', 'atan2'])
        const r = rng.int(0, 5)
        if (r === 3) {
          // sincos returns both results in a struct.
          this.emit(`${v} = llvm.intr.sincos(${this.value(t)})${fmf()} : (${spell(t)}) -> !llvm.struct<(${spell(t)}, ${spell(t)})>`)
          return
        }
        if (r === 4) {
          const i1 = t === 'v4f32' ? 'vector<4xi1>' : 'i1'
          this.emit(`${v} = "llvm.intr.is.fpclass"(${this.value(t)}) <{bit = ${rng.pick([3, 504, 96, 1023])} : i32}> : (${spell(t)}) -> ${i1}`)
          if (t !== 'v4f32') {
            this.add('i1', v)
          }
          return
        }
        if (r === 5) {
          const it = rng.pick<Ty>(['i32', 'i16'])
          this.emit(`${v} = llvm.intr.powi(${this.value(t)}, ${this.value(it)})${fmf()} : (${spell(t)}, ${it}) -> ${spell(t)}`)
        } else if (r === 0) {
          this.emit(`${v} = llvm.intr.${un}(${this.value(t)})${fmf()} : (${spell(t)}) -> ${spell(t)}`)
        } else if (r === 1) {
          this.emit(`${v} = llvm.intr.${bin}(${this.value(t)}, ${this.value(t)})${fmf()} : (${spell(t)}, ${spell(t)}) -> ${spell(t)}`)
        } else {
          this.emit(`${v} = llvm.intr.fma(${this.value(t)}, ${this.value(t)}, ${this.value(t)})${fmf()} : (${spell(t)}, ${spell(t)}, ${spell(t)}) -> ${spell(t)}`)
        }
        this.add(t, v)
        return
      }
      case 13: {
        const t = rng.pick<Ty>(['i32', 'i64', 'i16'])
        const r = rng.int(0, 3)
        if (r === 3) {
          this.emit(`${v} = "llvm.intr.abs"(${this.value(t)}) <{is_int_min_poison = ${rng.pick(['true', 'false'])}}> : (${t}) -> ${t}`)
        } else if (r === 0) {
          this.emit(`${v} = llvm.intr.${rng.pick(['smax', 'smin', 'umax', 'umin'])}(${this.value(t)}, ${this.value(t)}) : (${t}, ${t}) -> ${t}`)
        } else if (r === 1) {
          this.emit(`${v} = llvm.intr.ctpop(${this.value(t)}) : (${t}) -> ${t}`)
        } else {
          this.emit(`${v} = "llvm.intr.${rng.pick(['ctlz', 'cttz'])}"(${this.value(t)}) <{is_zero_poison = ${rng.pick(['true', 'false'])}}> : (${t}) -> ${t}`)
        }
        this.add(t, v)
        return
      }
      case 14: {
        const reg = rng.pick(['tid.x', 'tid.y', 'tid.z', 'ntid.x', 'ctaid.x', 'ctaid.y', 'nctaid.x', 'laneid', 'warpid', 'warpsize', 'smid', 'clock', 'lanemask.lt'])
        const range = rng.chance(0.3) && !reg.startsWith('clock') && !reg.startsWith('lanemask') ? ` range <i32, 0, ${rng.pick([32, 128, 1024])}>` : ''
        this.emit(`${v} = nvvm.read.ptx.sreg.${reg}${range} : i32`)
        this.add('i32', v)
        return
      }
      default: {
        const r = rng.int(0, 2)
        if (r === 0) {
          this.emit('nvvm.barrier0')
          return
        }
        const t = rng.pick<Ty>(['i32', 'f32'])
        const pred = rng.chance(0.3)
        this.emit(
          `${v} = nvvm.shfl.sync ${rng.pick(['bfly', 'up', 'down', 'idx'])} ${this.value('i32')}, ${this.value(t)}, ${this.value('i32')}, ${this.value('i32')}${pred ? ' {return_value_and_is_valid}' : ''} : ${t} -> ${pred ? `!llvm.struct<(${t}, i1)>` : t}`,
        )
        if (!pred) {
          this.add(t, v)
        }
      }
    }
  }

  nonZero(t: Ty): string {
    const v = this.fresh()
    this.emit(t === 'v2i32' ? `${v} = llvm.mlir.constant(dense<[3, 5]> : vector<2xi32>) : vector<2xi32>` : `${v} = llvm.mlir.constant(${this.rng.pick([3, 5, 7, -3])} : ${t}) : ${t}`)
    return v
  }
}

/**
 * Lines that continue function `f`'s current block with an `llvm.invoke` of `x` (direct,
 * vararg, bundled or, with `indirect`, through a function pointer and fastcc) whose unwind
 * block is a landing pad (cleanup and/or catch clauses) that resumes; the normal block
 * receives `x` as an argument and passes it, and the invoke's result, on.
 */
function invokeTail(rng: Random, f: number, x: string, indirect: boolean): string[] {
  const lines = [`  %ehnull${f} = llvm.mlir.zero : !llvm.ptr`, `  %ehti${f} = llvm.mlir.addressof @eh_typeinfo : !llvm.ptr`]
  let call: string
  if (indirect) {
    lines.push(`  %ehfp${f} = llvm.mlir.addressof @eh_callee : !llvm.ptr`)
    call = `llvm.invoke ${rng.chance(0.5) ? 'fastcc ' : ''}%ehfp${f}(${x}) to ^ehn${f}(${x} : i32) unwind ^ehu${f} : !llvm.ptr, (i32) -> i32`
  } else if (rng.chance(0.3)) {
    call = `llvm.invoke @eh_vararg(${x}, ${x}) to ^ehn${f}(${x} : i32) unwind ^ehu${f} vararg(!llvm.func<i32 (i32, ...)>) : (i32, i32) -> i32`
  } else {
    const bundles = rng.chance(0.3) ? ` ["tag"(${x} : i32), "none"()]` : ''
    call = `llvm.invoke @eh_callee(${x}) to ^ehn${f}(${x} : i32) unwind ^ehu${f}${bundles} : (i32) -> i32`
  }
  const clauses: string[] = [rng.chance(0.5) ? 'cleanup' : '', rng.chance(0.6) ? `(catch %ehnull${f} : !llvm.ptr)` : '', rng.chance(0.6) ? `(catch %ehti${f} : !llvm.ptr)` : '']
  if (!clauses.some((c) => c !== '')) {
    clauses[0] = 'cleanup'
  }
  lines.push(
    `  %ehr${f} = ${call}`,
    `^ehu${f}:`,
    `  %ehlp${f} = llvm.landingpad ${clauses.filter((c) => c !== '').join(' ')} : !llvm.struct<(ptr, i32)>`,
    `  llvm.resume %ehlp${f} : !llvm.struct<(ptr, i32)>`,
    `^ehn${f}(%ehv${f}: i32):`,
    `  llvm.call @eh_sink(%ehv${f}) : (i32) -> ()`,
    `  llvm.call @eh_sink(%ehr${f}) : (i32) -> ()`,
  )
  return lines
}

/** Lines that store the address of a new block of function `f` (tagged `f`) and branch to it. */
function blockAddressTail(f: number): string[] {
  return [
    `  %bas${f} = llvm.mlir.constant(1 : i64) : i64`,
    `  %bap${f} = llvm.alloca %bas${f} x !llvm.ptr : (i64) -> !llvm.ptr`,
    `  %ba${f} = llvm.blockaddress <function = @f${f}, tag = <id = ${f}>> : !llvm.ptr`,
    `  llvm.br ^tagged${f}`,
    `^tagged${f}:`,
    `  llvm.blocktag <id = ${f}>`,
    `  llvm.store %ba${f}, %bap${f} : !llvm.ptr, !llvm.ptr`,
  ]
}

/** Generates module `seed`. */
export function generateTranslationModule(seed: number): GeneratedModule {
  const rng = new Random(seed)
  const out: string[] = []
  const withLayout = rng.chance(0.3)
  if (withLayout) {
    out.push(
      `module attributes {llvm.data_layout = "${rng.pick(['e-p:64:64:64-p3:32:32:32-i64:64-i128:128-v16:16-v32:32-n16:32:64', 'e-i64:64-i128:128-v16:16-v32:32-n16:32:64', 'e-p3:32:32-i64:64'])}", llvm.target_triple = "nvptx64-nvidia-cuda"} {`,
    )
  }
  const withShared = rng.chance(0.5)
  if (withShared) {
    out.push(`llvm.mlir.global internal @smem() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<${rng.pick([64, 256, 1024])} x f32>`)
  }
  if (rng.chance(0.3)) {
    out.push(`llvm.mlir.global private constant @table(dense<[${rng.int(0, 9)}, ${rng.int(0, 9)}, 3]> : tensor<3xi32>) {addr_space = 1 : i32} : !llvm.array<3 x i32>`)
  }
  if (rng.chance(0.3)) {
    out.push('llvm.func @helper(i32, f32) -> f32')
  }
  const nfuncs = rng.int(1, 2)
  let needsEH = false
  const globalsAfter: string[] = []
  // Module-level ops: comdats (on a global and maybe the first function), constructors and
  // destructors of the generated functions, and module flags.
  const comdatKinds = ['any', 'exactmatch', 'largest', 'nodeduplicate', 'samesize']
  const withComdat = rng.chance(0.3)
  const fnComdat = withComdat && rng.chance(0.5) ? ` comdat(@__llvm_global_comdat::@${rng.pick(['c0', 'c1'])})` : ''
  if (withComdat) {
    out.push('llvm.comdat @__llvm_global_comdat {', `  llvm.comdat_selector @c0 ${rng.pick(comdatKinds)}`, `  llvm.comdat_selector @c1 ${rng.pick(comdatKinds)}`, '}')
    out.push(`llvm.mlir.global external @cg(${rng.int(0, 9)} : i32) comdat(@__llvm_global_comdat::@${rng.pick(['c0', 'c1'])}) : i32`)
  }
  const xtors = rng.int(0, 3)
  for (let i = 0; i < xtors; i++) {
    const kind = rng.pick(['ctors', 'dtors'])
    const fns = Array.from({ length: rng.int(0, 2) }, () => `@f${rng.int(0, nfuncs - 1)}`)
    const prios = fns.map(() => `${rng.pick([0, 1, 101, 65535, -1])} : i32`)
    out.push(`llvm.mlir.global_${kind} ${kind} = [${fns.join(', ')}], priorities = [${prios.join(', ')}], data = [${fns.map(() => '#llvm.zero').join(', ')}]`)
  }
  if (rng.chance(0.3)) {
    const flags = [
      `#llvm.mlir.module_flag<error, "wchar_size", ${rng.pick([2, 4])} : i32>`,
      `#llvm.mlir.module_flag<max, "PIC Level", ${rng.int(1, 2)} : i64>`,
      `#llvm.mlir.module_flag<warning, "note", "${rng.pick(['a', 'b c'])}">`,
      `#llvm.mlir.module_flag<min, "floor", ${rng.int(0, 9)} : i32>`,
      `#llvm.mlir.module_flag<override, "o", ${rng.int(0, 9)} : i32>`,
      `#llvm.mlir.module_flag<append, "CG Profile", [#llvm.cgprofile_entry<from = @f0, to = @f${nfuncs - 1}, count = ${rng.int(1, 500)}>, #llvm.cgprofile_entry<from = @f0, count = ${rng.int(1, 9)}>]>`,
    ].filter(() => rng.chance(0.6))
    if (flags.length > 0) {
      out.push(`llvm.module_flags [${flags.join(', ')}]`)
    }
  }
  for (let f = 0; f < nfuncs; f++) {
    const params: [string, Ty | 'ptr' | 'ptr1' | 'ptr3'][] = []
    const np = rng.int(1, 5)
    for (let i = 0; i < np; i++) {
      params.push([`%a${i}`, rng.pick<Ty | 'ptr' | 'ptr1' | 'ptr3'>([...ALL_TYPES, 'ptr', 'ptr1', 'ptr3'])])
    }
    const ptrs: string[] = []
    const ptrType = (t: string): string => (t === 'ptr' ? '!llvm.ptr' : t === 'ptr1' ? '!llvm.ptr<1>' : '!llvm.ptr<3>')
    for (const [n, t] of params) {
      if (t === 'ptr' || t === 'ptr1' || t === 'ptr3') {
        ptrs.push(`${n}|${ptrType(t)}`)
      }
    }
    const b = new FunctionBuilder(rng, ptrs)
    if (withShared) {
      b.emit('%smem = llvm.mlir.addressof @smem : !llvm.ptr<3>')
      ptrs.push('%smem|!llvm.ptr<3>')
    }
    if (ptrs.length === 0) {
      b.emit('%stack1 = llvm.mlir.constant(4 : i64) : i64')
      b.emit('%stack = llvm.alloca %stack1 x i64 {alignment = 8 : i64} : (i64) -> !llvm.ptr')
      ptrs.push('%stack|!llvm.ptr')
    }
    for (const [n, t] of params) {
      if (t !== 'ptr' && t !== 'ptr1' && t !== 'ptr3') {
        b.add(t, n)
      }
    }
    const kernel = rng.chance(0.5)
    const attrs: string[] = []
    if (kernel) {
      attrs.push('nvvm.kernel')
      if (rng.chance(0.5)) {
        attrs.push(`nvvm.maxntid = array<i32: ${rng.pick([32, 128, 256])}, 1, 1>`)
      }
      if (rng.chance(0.3)) {
        attrs.push(`nvvm.reqntid = array<i32: ${rng.pick([64, 128])}>`)
      }
      if (rng.chance(0.2)) {
        attrs.push('nvvm.minctasm = 2 : i32')
      }
    }
    const n = rng.int(3, 14)
    for (let i = 0; i < n; i++) {
      b.op()
    }
    const cfg = rng.int(0, 3)
    const lines = [...b.body]
    if (cfg === 1) {
      // Diamond with a merge argument.
      const c = b.value('i1')
      const x = b.value('i32')
      const y = b.value('i32')
      lines.push(...b.body.slice(lines.length))
      lines.push(`  llvm.cond_br ${c}, ^t, ^e`, '^t:', `  llvm.br ^m(${x} : i32)`, '^e:', `  llvm.br ^m(${y} : i32)`, '^m(%phi: i32):')
    } else if (cfg === 2) {
      // A counted loop with two carried values.
      const nIt = b.value('i64')
      const init = b.value('f32')
      lines.push(...b.body.slice(lines.length))
      lines.push(
        '  %zero = llvm.mlir.constant(0 : i64) : i64',
        `  llvm.br ^h(%zero, ${init} : i64, f32)`,
        '^h(%i: i64, %acc: f32):',
        `  %done = llvm.icmp "sge" %i, ${nIt} : i64`,
        '  llvm.cond_br %done, ^x, ^body',
        '^body:',
        '  %one = llvm.mlir.constant(1 : i64) : i64',
        '  %i2 = llvm.add %i, %one overflow<nsw> : i64',
        '  %acc2 = llvm.fadd %acc, %acc : f32',
        '  llvm.br ^h(%i2, %acc2 : i64, f32)',
        '^x:',
      )
    } else if (cfg === 3) {
      const s = b.value('i32')
      lines.push(...b.body.slice(lines.length))
      lines.push(`  llvm.switch ${s} : i32, ^d [`, '    0: ^c0,', '    5: ^c1,', '    -1: ^c0', '  ]', '^c0:', '  llvm.br ^d', '^c1:', '  llvm.br ^d', '^d:')
    }
    // Exception handling and block addresses come from their own stream, so that the shapes
    // above stay what they were for every seed.
    const extra = new Random(seed * 31 + f + 1)
    const tail = extra.int(0, 7)
    if (tail === 3 || tail === 4) {
      const before = b.body.length
      const x = b.value('i32')
      lines.push(...b.body.slice(before), ...invokeTail(extra, f, x, tail === 4))
      attrs.push('personality = @__gxx_personality_v0')
      needsEH = true
    } else if (tail === 5) {
      lines.push(...blockAddressTail(f))
      if (extra.chance(0.5)) {
        globalsAfter.push(
          `llvm.mlir.global internal constant @ba${f}() {addr_space = 0 : i32} : !llvm.ptr {`,
          `  %0 = llvm.blockaddress <function = @f${f}, tag = <id = ${f}>> : !llvm.ptr`,
          '  llvm.return %0 : !llvm.ptr',
          '}',
        )
      }
    }
    lines.push('  llvm.return')
    const sig = params.map(([name, t]) => `${name}: ${t === 'ptr' || t === 'ptr1' || t === 'ptr3' ? ptrType(t) : spell(t)}`).join(', ')
    out.push(`llvm.func @f${f}(${sig})${f === 0 ? fnComdat : ''}${attrs.length > 0 ? ` attributes {${attrs.join(', ')}}` : ''} {`, ...lines, '}')
  }
  out.push(...globalsAfter)
  if (needsEH) {
    out.push(
      'llvm.func @__gxx_personality_v0(...) -> i32',
      'llvm.func @eh_callee(i32) -> i32',
      'llvm.func @eh_vararg(i32, ...) -> i32',
      'llvm.func @eh_sink(i32)',
      'llvm.mlir.global external constant @eh_typeinfo() : !llvm.ptr',
    )
  }
  if (withLayout) {
    out.push('}')
  }
  return { seed, text: out.join('\n') + '\n' }
}
