/**
 * PTX for one `llvm.func`: virtual registers per class, parameters, blocks as labels,
 * block arguments as parallel copies on the incoming edges, and the llvm ops. The nvvm
 * ops are in `nvvmOps.ts`. Every op the emitter cannot translate exactly is reported at
 * its location; nothing is guessed.
 */
import {
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  FloatAttr,
  IntegerAttr,
  TypeAttr,
  VectorType,
  printAttribute,
  printType,
  type Block,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import {
  LLVMArrayType,
  LLVMCondBrOp,
  LLVMFunctionType,
  LLVMPointerType,
  LLVMStructType,
} from '@tilepass/dialects'
import { emitBitcast, emitCast } from './castOps.ts'
import { emitGEP, emitLoad, emitStore } from './memoryOps.ts'
import { emitNVVMOp } from './nvvmOps.ts'
import { immediate, movSuffix } from './ptxImmediates.ts'
import type { PTXTarget } from './PTXTarget.ts'
import {
  REG_CLASSES,
  REG_DECL,
  bitsOf,
  flattenType,
  regClassOf,
  sizeAlignOf,
  type RegClass,
  type Scalar,
  type ScalarKind,
} from './ptxTypes.ts'

/** Thrown inside the emitter to stop at the first unsupported op; caught by `emitPTX`. */
export class EmitError extends Error {
  constructor(
    readonly op: Operation,
    message: string,
  ) {
    super(message)
    this.name = 'EmitError'
  }
}

const INT_CMP: Readonly<Record<string, readonly [string, boolean]>> = {
  eq: ['eq', true],
  ne: ['ne', true],
  slt: ['lt', true],
  sle: ['le', true],
  sgt: ['gt', true],
  sge: ['ge', true],
  ult: ['lo', false],
  ule: ['ls', false],
  ugt: ['hi', false],
  uge: ['hs', false],
}

const FLOAT_CMP: Readonly<Record<string, string>> = {
  oeq: 'eq',
  one: 'ne',
  olt: 'lt',
  ole: 'le',
  ogt: 'gt',
  oge: 'ge',
  ord: 'num',
  uno: 'nan',
  ueq: 'equ',
  une: 'neu',
  ult: 'ltu',
  ule: 'leu',
  ugt: 'gtu',
  uge: 'geu',
}

export const ICMP_NAMES: readonly string[] = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge']
export const FCMP_NAMES: readonly string[] = ['false', 'oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ord', 'ueq', 'ugt', 'uge', 'ult', 'ule', 'une', 'uno', 'true']

/** PTX state-space suffix for an LLVM address space (NVPTX numbering). */
export function spaceSuffix(addrSpace: number): string | null {
  switch (addrSpace) {
    case 0:
      return ''
    case 1:
      return '.global'
    case 3:
      return '.shared'
    case 4:
      return '.const'
    case 5:
      return '.local'
    default:
      return null
  }
}

/** Integer type suffix: `.s32`/`.u32` style for arithmetic, `.b32` for bitwise. */
export function intSuffix(kind: ScalarKind, signed: boolean | 'b'): string {
  const bits = kind === 'ptr' ? 64 : bitsOf(kind)
  return `.${signed === 'b' ? 'b' : signed ? 's' : 'u'}${bits}`
}

/** The `.f32`/`.f64` suffix; f16/bf16 are computed in f32 (exactly rounded: f32 has more than 2p+2 bits). */
export function isFloat(kind: ScalarKind): boolean {
  return kind === 'f16' || kind === 'bf16' || kind === 'f32' || kind === 'f64'
}

export function isInt(kind: ScalarKind): boolean {
  return kind === 'i16' || kind === 'i32' || kind === 'i64'
}

/** The type suffix of a load/store/mov of one scalar. */
export function memSuffix(kind: ScalarKind): string {
  switch (kind) {
    case 'i16':
      return '.u16'
    case 'f16':
    case 'bf16':
      return '.b16'
    case 'i32':
      return '.u32'
    case 'f32':
      return '.f32'
    case 'f64':
      return '.f64'
    default:
      return '.u64'
  }
}

/** Emits one function's body; `lines` receives the PTX statements (without declarations). */
export class FunctionEmitter {
  readonly lines: string[] = []
  private readonly regs = new Map<Value, string[]>()
  private readonly counters: Record<RegClass, number> = { pred: 0, b16: 0, h: 0, b32: 0, f32: 0, b64: 0, f64: 0 }
  private readonly labels = new Map<Block, string>()
  private edgeCount = 0
  /** `.local` arrays for the function's `llvm.alloca`s. */
  private readonly localDecls: string[] = []

  constructor(
    readonly func: Operation,
    readonly name: string,
    readonly fnIndex: number,
    readonly target: PTXTarget,
  ) {}

  // ---- registers -------------------------------------------------------------------

  /** A fresh register of `cls`. */
  fresh(cls: RegClass): string {
    const n = ++this.counters[cls]
    return `${REG_DECL[cls][1]}${n}`
  }

  freshFor(kind: ScalarKind): string {
    return this.fresh(regClassOf(kind))
  }

  /** The `.reg` declarations for every class used. */
  declarations(): string[] {
    const out: string[] = []
    for (const c of REG_CLASSES) {
      if (this.counters[c] > 0) {
        out.push(`\t.reg ${REG_DECL[c][0]} \t${REG_DECL[c][1]}<${this.counters[c] + 1}>;`)
      }
    }
    return [...out, ...this.localDecls]
  }

  emit(text: string): void {
    this.lines.push(`\t${text};`)
  }

  fail(op: Operation, message: string): never {
    throw new EmitError(op, message)
  }

  /** The scalar parts of `type`, or a diagnostic at `op`. */
  parts(op: Operation, type: Type): Scalar[] {
    const f = flattenType(type)
    if (typeof f === 'string') {
      this.fail(op, f)
    }
    return f
  }

  /** Registers of an already emitted value. */
  get(op: Operation, v: Value): string[] {
    const r = this.regs.get(v)
    if (r === undefined) {
      this.fail(op, 'uses a value the PTX emitter has not defined (a block outside the function or an unsupported producer)')
    }
    return r
  }

  /** The single register of a scalar value. */
  get1(op: Operation, v: Value): string {
    const r = this.get(op, v)
    if (r.length !== 1) {
      this.fail(op, 'expected a scalar operand')
    }
    return r[0]!
  }

  scalarKind(op: Operation, type: Type): Scalar {
    const p = this.parts(op, type)
    if (p.length !== 1 || type instanceof VectorType || type instanceof LLVMStructType || type instanceof LLVMArrayType) {
      this.fail(op, `expected a scalar type, got '${printType(type)}'`)
    }
    return p[0]!
  }

  define(v: Value, regs: string[]): void {
    this.regs.set(v, regs)
  }

  /** Fresh registers for every part of `type`. */
  freshValue(op: Operation, type: Type): string[] {
    return this.parts(op, type).map((s) => this.freshFor(s.kind))
  }

  // ---- function ----------------------------------------------------------------------

  /** Emits parameters (returned as declarations) and the body into `lines`. */
  run(paramPrefix: string): string[] {
    const fnType = this.func.getAttr('function_type')
    const region = this.func.getRegion(0)
    const blocks = region.blockList
    if (!(fnType instanceof TypeAttr) || !(fnType.value instanceof LLVMFunctionType)) {
      this.fail(this.func, 'has no llvm function type')
    }
    const params: string[] = []
    const entry = blocks[0]!
    blocks.forEach((b, i) => this.labels.set(b, `$L__BB${this.fnIndex}_${i}`))
    for (let i = 0; i < entry.numArguments; i++) {
      const arg = entry.getArgument(i)
      const s = this.scalarKind(this.func, arg.type)
      const pname = `${paramPrefix}${i}`
      const reg = this.freshFor(s.kind)
      if (s.kind === 'i1') {
        params.push(`\t.param .u8 ${pname}`)
        const tmp = this.fresh('b16')
        this.emit(`ld.param.u8 ${tmp}, [${pname}]`)
        this.emit(`and.b16 ${tmp}, ${tmp}, 1`)
        this.emit(`setp.ne.b16 ${reg}, ${tmp}, 0`)
      } else {
        const suffix = memSuffix(s.kind)
        params.push(`\t.param ${suffix} ${pname}`)
        this.emit(`ld.param${suffix} ${reg}, [${pname}]`)
      }
      this.define(arg, [reg])
    }
    for (let i = 1; i < blocks.length; i++) {
      const b = blocks[i]!
      for (let a = 0; a < b.numArguments; a++) {
        const arg = b.getArgument(a)
        this.define(arg, this.freshValue(b.parentOp ?? this.func, arg.type))
      }
    }
    for (let i = 0; i < blocks.length; i++) {
      const b = blocks[i]!
      if (i > 0) {
        this.lines.push(`${this.labels.get(b)!}:`)
      }
      for (const op of b.operations) {
        this.emitOp(op, blocks[i + 1] ?? null)
      }
    }
    return params
  }

  // ---- ops ---------------------------------------------------------------------------

  private emitOp(op: Operation, next: Block | null): void {
    const name = op.name.name
    if (name.startsWith('nvvm.')) {
      emitNVVMOp(this, op)
      return
    }
    switch (name) {
      case 'llvm.mlir.constant':
        return this.constant(op)
      case 'llvm.mlir.poison':
      case 'llvm.mlir.undef':
        this.define(op.getResult(0), this.freshValue(op, op.getResult(0).type))
        return
      case 'llvm.mlir.zero':
        return this.zero(op)
      case 'llvm.mlir.addressof':
        return this.addressOf(op)
      case 'llvm.alloca':
        return this.alloca(op)
      case 'llvm.add':
      case 'llvm.sub':
      case 'llvm.mul':
      case 'llvm.sdiv':
      case 'llvm.udiv':
      case 'llvm.srem':
      case 'llvm.urem':
      case 'llvm.and':
      case 'llvm.or':
      case 'llvm.xor':
      case 'llvm.shl':
      case 'llvm.lshr':
      case 'llvm.ashr':
      case 'llvm.intr.smax':
      case 'llvm.intr.smin':
      case 'llvm.intr.umax':
      case 'llvm.intr.umin':
        return this.elementwise(op, (r, a) => this.intBinary(op, name, r, a))
      case 'llvm.fadd':
      case 'llvm.fsub':
      case 'llvm.fmul':
      case 'llvm.fdiv':
      case 'llvm.intr.maxnum':
      case 'llvm.intr.minnum':
      case 'llvm.intr.maximum':
      case 'llvm.intr.minimum':
      case 'llvm.intr.copysign':
        return this.elementwise(op, (r, a) => this.floatBinary(op, name, r, a))
      case 'llvm.fneg':
      case 'llvm.intr.fabs':
      case 'llvm.intr.sqrt':
      case 'llvm.intr.exp2':
        return this.elementwise(op, (r, a) => this.floatUnary(op, name, r, a))
      case 'llvm.intr.fma':
      case 'llvm.intr.fmuladd':
        return this.elementwise(op, (r, a) => this.fma(op, r, a))
      case 'llvm.icmp':
        return this.elementwise(op, (r, a) => this.icmp(op, r, a))
      case 'llvm.fcmp':
        return this.elementwise(op, (r, a) => this.fcmp(op, r, a))
      case 'llvm.select':
        return this.select(op)
      case 'llvm.sext':
      case 'llvm.zext':
      case 'llvm.trunc':
      case 'llvm.sitofp':
      case 'llvm.uitofp':
      case 'llvm.fptosi':
      case 'llvm.fptoui':
      case 'llvm.fpext':
      case 'llvm.fptrunc':
      case 'llvm.ptrtoint':
      case 'llvm.inttoptr':
      case 'llvm.addrspacecast':
        return this.elementwise(op, (r, a) => emitCast(this, op, name, r, a))
      case 'llvm.bitcast':
        return emitBitcast(this, op)
      case 'llvm.freeze':
        this.define(op.getResult(0), this.get(op, op.getOperand(0)))
        return
      case 'llvm.getelementptr':
        return emitGEP(this, op)
      case 'llvm.load':
        return emitLoad(this, op)
      case 'llvm.store':
        return emitStore(this, op)
      case 'llvm.extractvalue':
      case 'llvm.insertvalue':
        return this.aggregate(op, name === 'llvm.insertvalue')
      case 'llvm.extractelement':
      case 'llvm.insertelement':
        return this.vectorElement(op, name === 'llvm.insertelement')
      case 'llvm.br': {
        const dest = op.getSuccessor(0)
        this.copies(op, dest, op.getOperands())
        if (dest !== next) {
          this.emit(`bra ${this.labels.get(dest)!}`)
        }
        return
      }
      case 'llvm.cond_br':
        return this.condBr(op, next)
      case 'llvm.switch':
        return this.switchBr(op, next)
      case 'llvm.return':
        if (op.numOperands > 0) {
          this.fail(op, 'returns a value, which a kernel cannot')
        }
        this.emit('ret')
        return
      case 'llvm.unreachable':
        this.emit('trap')
        return
      default:
        this.fail(op, 'is not supported by the PTX emitter')
    }
  }

  /** Applies `f` to each scalar lane of a (possibly vector) op: results and operands part by part. */
  private elementwise(op: Operation, f: (res: Scalar, args: { reg: string; s: Scalar }[]) => string): void {
    const resParts = this.parts(op, op.getResult(0).type)
    const opParts = op.getOperands().map((v) => ({ regs: this.get(op, v), parts: this.parts(op, v.type) }))
    const out: string[] = []
    for (let i = 0; i < resParts.length; i++) {
      out.push(f(resParts[i]!, opParts.map((o) => ({ reg: o.regs[o.regs.length === 1 ? 0 : i]!, s: o.parts[o.parts.length === 1 ? 0 : i]! }))))
    }
    this.define(op.getResult(0), out)
  }

  private constant(op: Operation): void {
    const attr = op.getAttr('value')
    const type = op.getResult(0).type
    const parts = this.parts(op, type)
    let values: (bigint | number)[]
    if (attr instanceof IntegerAttr) {
      values = [attr.value]
    } else if (attr instanceof FloatAttr) {
      values = [attr.value]
    } else if (attr instanceof DenseIntOrFPElementsAttr && (attr.isSplat || attr.values.length === parts.length)) {
      values = parts.map((_, i) => attr.values[attr.isSplat ? 0 : i]!)
    } else {
      this.fail(op, `constant ${attr === undefined ? '' : printAttribute(attr)} is not supported by the PTX emitter`)
    }
    const regs = parts.map((s, i) => this.materialize(s.kind, values[values.length === 1 ? 0 : i]!))
    this.define(op.getResult(0), regs)
  }

  /** A register holding constant `v` of `kind`. */
  materialize(kind: ScalarKind, v: bigint | number): string {
    const r = this.freshFor(kind)
    this.emit(`mov${movSuffix(kind)} ${r}, ${immediate(kind, v)}`)
    return r
  }

  private zero(op: Operation): void {
    const parts = this.parts(op, op.getResult(0).type)
    this.define(
      op.getResult(0),
      parts.map((s) => this.materialize(s.kind, 0)),
    )
  }

  /** A constant-size `llvm.alloca` in the entry block: a per-thread `.local` array. */
  private alloca(op: Operation): void {
    const elem = op.getAttr('elem_type')
    const count = this.constIndex(op.getOperand(0))
    const t = op.getResult(0).type
    const sa = elem instanceof TypeAttr ? sizeAlignOf(elem.value) : null
    if (op.parentBlock !== this.func.getRegion(0).blockList[0] || count === null || count < 0 || sa === null || !(t instanceof LLVMPointerType)) {
      this.fail(op, 'is supported by the PTX emitter only with a constant size in the entry block')
    }
    if (t.addressSpace !== 0 && t.addressSpace !== 5) {
      this.fail(op, `in address space ${t.addressSpace} is not supported by the PTX emitter`)
    }
    const alignAttr = op.getAttr('alignment')
    const align = Math.max(alignAttr instanceof IntegerAttr ? Number(alignAttr.value) : sa.align, 1)
    const name = `__local_depot${this.fnIndex}_${this.localDecls.length}`
    this.localDecls.push(`\t.local .align ${align} .b8 \t${name}[${Math.max(sa.size * count, 1)}];`)
    const r = this.fresh('b64')
    this.emit(`mov.u64 ${r}, ${name}`)
    if (t.addressSpace === 0) {
      const g = this.fresh('b64')
      this.emit(`cvta.local.u64 ${g}, ${r}`)
      this.define(op.getResult(0), [g])
    } else {
      this.define(op.getResult(0), [r])
    }
  }

  private addressOf(op: Operation): void {
    const sym = op.getAttr('global_name')
    const t = op.getResult(0).type
    if (sym === undefined || !(t instanceof LLVMPointerType)) {
      this.fail(op, 'has no global name')
    }
    const name = printAttribute(sym).slice(1)
    const r = this.fresh('b64')
    this.emit(`mov.u64 ${r}, ${name}`)
    this.define(op.getResult(0), [r])
  }

  private intBinary(op: Operation, name: string, res: Scalar, a: { reg: string; s: Scalar }[]): string {
    const k = res.kind
    const r = this.freshFor(k)
    const x = a[0]!.reg
    const y = a[1]!.reg
    if (k === 'i1') {
      const pred: Record<string, string> = { 'llvm.and': 'and', 'llvm.or': 'or', 'llvm.xor': 'xor', 'llvm.add': 'xor', 'llvm.sub': 'xor' }
      const p = pred[name]
      if (p === undefined) {
        this.fail(op, 'on i1 is not supported by the PTX emitter')
      }
      this.emit(`${p}.pred ${r}, ${x}, ${y}`)
      return r
    }
    if (!isInt(k)) {
      this.fail(op, `on '${k}' is not supported by the PTX emitter`)
    }
    const table: Record<string, [string, boolean | 'b']> = {
      'llvm.add': ['add', true],
      'llvm.sub': ['sub', true],
      'llvm.mul': ['mul.lo', true],
      'llvm.sdiv': ['div', true],
      'llvm.udiv': ['div', false],
      'llvm.srem': ['rem', true],
      'llvm.urem': ['rem', false],
      'llvm.and': ['and', 'b'],
      'llvm.or': ['or', 'b'],
      'llvm.xor': ['xor', 'b'],
      'llvm.shl': ['shl', 'b'],
      'llvm.lshr': ['shr', false],
      'llvm.ashr': ['shr', true],
      'llvm.intr.smax': ['max', true],
      'llvm.intr.smin': ['min', true],
      'llvm.intr.umax': ['max', false],
      'llvm.intr.umin': ['min', false],
    }
    const [mn, signed] = table[name]!
    if (mn === 'shl' || mn === 'shr') {
      // PTX shifts take a 32-bit amount; LLVM's is the operand type (>= width is poison).
      let amt = y
      if (k === 'i64') {
        amt = this.fresh('b32')
        this.emit(`cvt.u32.u64 ${amt}, ${y}`)
      } else if (k === 'i16') {
        amt = this.fresh('b32')
        this.emit(`cvt.u32.u16 ${amt}, ${y}`)
      }
      this.emit(`${mn}${intSuffix(k, signed)} ${r}, ${x}, ${amt}`)
      return r
    }
    this.emit(`${mn}${intSuffix(k, signed)} ${r}, ${x}, ${y}`)
    return r
  }

  /** f16/bf16 operands widened to f32 (exact). */
  widen(reg: string, kind: ScalarKind): string {
    if (kind === 'f16') {
      const f = this.fresh('f32')
      this.emit(`cvt.f32.f16 ${f}, ${reg}`)
      return f
    }
    if (kind === 'bf16') {
      const t = this.fresh('b32')
      this.emit(`cvt.u32.u16 ${t}, ${reg}`)
      this.emit(`shl.b32 ${t}, ${t}, 16`)
      const f = this.fresh('f32')
      this.emit(`mov.b32 ${f}, ${t}`)
      return f
    }
    return reg
  }

  /** An f32 result rounded (to nearest even) back to f16/bf16. */
  narrow(f: string, kind: ScalarKind): string {
    if (kind !== 'f16' && kind !== 'bf16') {
      return f
    }
    const h = this.fresh('h')
    this.emit(`cvt.rn.${kind}.f32 ${h}, ${f}`)
    return h
  }

  private floatBinary(op: Operation, name: string, res: Scalar, a: { reg: string; s: Scalar }[]): string {
    const k = res.kind
    if (!isFloat(k)) {
      this.fail(op, `on '${k}' is not supported by the PTX emitter`)
    }
    const wide = k === 'f64' ? 'f64' : 'f32'
    const x = this.widen(a[0]!.reg, k)
    const y = this.widen(a[1]!.reg, k)
    const r = this.fresh(wide)
    const contract = hasFastmath(op, 'contract')
    switch (name) {
      case 'llvm.fadd':
      case 'llvm.fsub':
      case 'llvm.fmul':
        this.emit(`${name.slice(6)}${contract ? '' : '.rn'}.${wide} ${r}, ${x}, ${y}`)
        break
      case 'llvm.fdiv':
        this.emit(`div.rn.${wide} ${r}, ${x}, ${y}`)
        break
      case 'llvm.intr.maxnum':
        this.emit(`max.${wide} ${r}, ${x}, ${y}`)
        break
      case 'llvm.intr.minnum':
        this.emit(`min.${wide} ${r}, ${x}, ${y}`)
        break
      case 'llvm.intr.maximum':
      case 'llvm.intr.minimum':
        if (wide === 'f64') {
          this.fail(op, 'on f64 is not supported by the PTX emitter (PTX has no max.NaN.f64)')
        }
        this.emit(`${name === 'llvm.intr.maximum' ? 'max' : 'min'}.NaN.f32 ${r}, ${x}, ${y}`)
        break
      default:
        this.fail(op, 'is not supported by the PTX emitter')
    }
    return this.narrow(r, k)
  }

  private floatUnary(op: Operation, name: string, res: Scalar, a: { reg: string; s: Scalar }[]): string {
    const k = res.kind
    if (!isFloat(k)) {
      this.fail(op, `on '${k}' is not supported by the PTX emitter`)
    }
    if (name === 'llvm.fneg' || name === 'llvm.intr.fabs') {
      // Sign-bit operations are exact at any width: flip or clear the top bit.
      const bits = bitsOf(k)
      const cls = k === 'f64' ? 'f64' : k === 'f32' ? 'f32' : 'h'
      const r = this.fresh(cls)
      if (bits === 16) {
        const op2 = name === 'llvm.fneg' ? 'xor' : 'and'
        const mask = name === 'llvm.fneg' ? '0x8000' : '0x7FFF'
        this.emit(`${op2}.b16 ${r}, ${a[0]!.reg}, ${mask}`)
      } else {
        this.emit(`${name === 'llvm.fneg' ? 'neg' : 'abs'}.${k} ${r}, ${a[0]!.reg}`)
      }
      return r
    }
    const wide = k === 'f64' ? 'f64' : 'f32'
    const x = this.widen(a[0]!.reg, k)
    const r = this.fresh(wide)
    if (name === 'llvm.intr.sqrt') {
      this.emit(`sqrt.rn.${wide} ${r}, ${x}`)
    } else {
      if (wide === 'f64') {
        this.fail(op, 'on f64 is not supported by the PTX emitter (ex2.approx is f32 only)')
      }
      this.emit(`ex2.approx.f32 ${r}, ${x}`)
    }
    return this.narrow(r, k)
  }

  private fma(op: Operation, res: Scalar, a: { reg: string; s: Scalar }[]): string {
    const k = res.kind
    if (k === 'f32' || k === 'f64') {
      const r = this.freshFor(k)
      this.emit(`fma.rn.${k} ${r}, ${a[0]!.reg}, ${a[1]!.reg}, ${a[2]!.reg}`)
      return r
    }
    if (k === 'f16' || k === 'bf16') {
      const r = this.fresh('h')
      this.emit(`fma.rn.${k} ${r}, ${a[0]!.reg}, ${a[1]!.reg}, ${a[2]!.reg}`)
      return r
    }
    this.fail(op, `on '${k}' is not supported by the PTX emitter`)
  }

  private icmp(op: Operation, _res: Scalar, a: { reg: string; s: Scalar }[]): string {
    const pa = op.getAttr('predicate')
    const pred = pa instanceof IntegerAttr ? ICMP_NAMES[Number(pa.value)] : undefined
    if (pred === undefined) {
      this.fail(op, 'has an unknown predicate')
    }
    const k = a[0]!.s.kind
    const r = this.fresh('pred')
    if (k === 'i1') {
      if (pred !== 'eq' && pred !== 'ne') {
        this.fail(op, `'${pred}' on i1 is not supported by the PTX emitter`)
      }
      this.emit(`xor.pred ${r}, ${a[0]!.reg}, ${a[1]!.reg}`)
      if (pred === 'eq') {
        this.emit(`not.pred ${r}, ${r}`)
      }
      return r
    }
    if (!isInt(k) && k !== 'ptr') {
      this.fail(op, `on '${k}' is not supported by the PTX emitter`)
    }
    const [cmp, signed] = INT_CMP[pred]!
    this.emit(`setp.${cmp}${intSuffix(k, k === 'ptr' ? false : signed)} ${r}, ${a[0]!.reg}, ${a[1]!.reg}`)
    return r
  }

  private fcmp(op: Operation, _res: Scalar, a: { reg: string; s: Scalar }[]): string {
    const pa = op.getAttr('predicate')
    const pred = pa instanceof IntegerAttr ? FCMP_NAMES[Number(pa.value)] : undefined
    if (pred === undefined) {
      this.fail(op, 'has an unknown predicate')
    }
    const k = a[0]!.s.kind
    if (!isFloat(k)) {
      this.fail(op, `on '${k}' is not supported by the PTX emitter`)
    }
    const r = this.fresh('pred')
    if (pred === 'true' || pred === 'false') {
      this.emit(`mov.pred ${r}, ${pred === 'true' ? -1 : 0}`)
      return r
    }
    const wide = k === 'f64' ? 'f64' : 'f32'
    const x = this.widen(a[0]!.reg, k)
    const y = this.widen(a[1]!.reg, k)
    this.emit(`setp.${FLOAT_CMP[pred]!}.${wide} ${r}, ${x}, ${y}`)
    return r
  }

  private select(op: Operation): void {
    const c = this.get(op, op.getOperand(0))
    const t = this.get(op, op.getOperand(1))
    const f = this.get(op, op.getOperand(2))
    const parts = this.parts(op, op.getResult(0).type)
    const out = parts.map((s, i) => {
      const p = c[c.length === 1 ? 0 : i]!
      const r = this.freshFor(s.kind)
      if (s.kind === 'i1') {
        const u = this.fresh('pred')
        this.emit(`and.pred ${r}, ${p}, ${t[i]!}`)
        this.emit(`not.pred ${u}, ${p}`)
        this.emit(`and.pred ${u}, ${u}, ${f[i]!}`)
        this.emit(`or.pred ${r}, ${r}, ${u}`)
      } else {
        this.emit(`selp.b${bitsOf(s.kind)} ${r}, ${t[i]!}, ${f[i]!}, ${p}`)
      }
      return r
    })
    this.define(op.getResult(0), out)
  }

  /** Flat part range of `position` inside an aggregate type. */
  private partRange(op: Operation, type: Type, position: readonly number[]): [number, number] {
    let start = 0
    let cur = type
    for (const idx of position) {
      if (cur instanceof LLVMStructType) {
        for (let i = 0; i < idx; i++) {
          start += this.parts(op, cur.body[i]!).length
        }
        cur = cur.body[idx]!
      } else if (cur instanceof LLVMArrayType) {
        start += idx * this.parts(op, cur.elementType).length
        cur = cur.elementType
      } else {
        this.fail(op, 'has a position the PTX emitter cannot follow')
      }
    }
    return [start, start + this.parts(op, cur).length]
  }

  private aggregate(op: Operation, insert: boolean): void {
    const posAttr = op.getAttr('position')
    if (!(posAttr instanceof DenseArrayAttr)) {
      this.fail(op, 'has no position')
    }
    const pos = posAttr.values.map(Number)
    const container = op.getOperand(0)
    const regs = this.get(op, container)
    const [s, e] = this.partRange(op, container.type, pos)
    if (insert) {
      const v = this.get(op, op.getOperand(1))
      this.define(op.getResult(0), [...regs.slice(0, s), ...v, ...regs.slice(e)])
    } else {
      this.define(op.getResult(0), regs.slice(s, e))
    }
  }

  /** The constant value of an index operand, when it is defined by `llvm.mlir.constant`. */
  private constIndex(v: Value): number | null {
    const def = v.definingOp
    const a = def?.name.name === 'llvm.mlir.constant' ? def.getAttr('value') : undefined
    return a instanceof IntegerAttr ? Number(a.value) : null
  }

  private vectorElement(op: Operation, insert: boolean): void {
    const vec = this.get(op, op.getOperand(0))
    const idxVal = op.getOperand(insert ? 2 : 1)
    const idx = this.constIndex(idxVal)
    if (idx === null || idx < 0 || idx >= vec.length) {
      this.fail(op, 'with a non-constant or out-of-range index is not supported by the PTX emitter')
    }
    if (insert) {
      const v = this.get1(op, op.getOperand(1))
      this.define(op.getResult(0), vec.map((r, i) => (i === idx ? v : r)))
    } else {
      this.define(op.getResult(0), [vec[idx]!])
    }
  }

  /** Parallel copy of `values` into the arguments of `dest`. */
  private copies(op: Operation, dest: Block, values: readonly Value[]): void {
    const pairs: [string, string, RegClass][] = []
    for (let i = 0; i < values.length; i++) {
      const dst = this.regs.get(dest.getArgument(i))!
      const src = this.get(op, values[i]!)
      const parts = this.parts(op, values[i]!.type)
      for (let j = 0; j < dst.length; j++) {
        if (dst[j] !== src[j]) {
          pairs.push([dst[j]!, src[j]!, regClassOf(parts[j]!.kind)])
        }
      }
    }
    const dsts = new Set(pairs.map((p) => p[0]))
    const clash = pairs.some((p) => dsts.has(p[1]))
    const mov = (cls: RegClass, d: string, s: string): void => {
      this.emit(`mov${cls === 'pred' ? '.pred' : `.b${cls === 'b16' || cls === 'h' ? 16 : cls === 'b32' || cls === 'f32' ? 32 : 64}`} ${d}, ${s}`)
    }
    if (!clash) {
      for (const [d, s, c] of pairs) {
        mov(c, d, s)
      }
      return
    }
    const temps = pairs.map(([, s, c]) => {
      const t = this.fresh(c)
      mov(c, t, s)
      return t
    })
    pairs.forEach(([d, , c], i) => mov(c, d, temps[i]!))
  }

  /** `llvm.switch`: a compare-and-branch per case (with its copies), then the default. */
  private switchBr(op: Operation, next: Block | null): void {
    const seg = op.getAttr('operandSegmentSizes')
    const caseSeg = op.getAttr('case_operand_segments')
    const values = op.getAttr('case_values')
    const v = this.get1(op, op.getOperand(0))
    const kind = this.scalarKind(op, op.getOperand(0).type).kind
    if (!(seg instanceof DenseArrayAttr) || !(caseSeg instanceof DenseArrayAttr) || !isInt(kind)) {
      this.fail(op, 'is not supported by the PTX emitter in this form')
    }
    const nDefault = Number(seg.values[1])
    const cases = values instanceof DenseIntOrFPElementsAttr ? values.values : []
    const all = op.getOperands()
    let at = 1 + nDefault
    cases.forEach((c, i) => {
      const n = Number(caseSeg.values[i])
      const args = all.slice(at, at + n)
      at += n
      const skip = `$L__BB${this.fnIndex}_e${this.edgeCount++}`
      const p = this.fresh('pred')
      this.emit(`setp.ne${intSuffix(kind, 'b')} ${p}, ${v}, ${immediate(kind, c)}`)
      this.emit(`@${p} bra ${skip}`)
      this.copies(op, op.getSuccessor(i + 1), args)
      this.emit(`bra ${this.labels.get(op.getSuccessor(i + 1))!}`)
      this.lines.push(`${skip}:`)
    })
    const dflt = op.getSuccessor(0)
    this.copies(op, dflt, all.slice(1, 1 + nDefault))
    if (dflt !== next) {
      this.emit(`bra ${this.labels.get(dflt)!}`)
    }
  }

  private condBr(op: Operation, next: Block | null): void {
    const c = this.get1(op, op.getOperand(0))
    const t = op.getSuccessor(0)
    const f = op.getSuccessor(1)
    const tv = LLVMCondBrOp.operandValues(op, 'trueDestOperands')
    const fv = LLVMCondBrOp.operandValues(op, 'falseDestOperands')
    const tl = this.labels.get(t)!
    const fl = this.labels.get(f)!
    if (tv.length === 0 && fv.length === 0 && t === next) {
      this.emit(`@!${c} bra ${fl}`)
      return
    }
    if (tv.length === 0) {
      this.emit(`@${c} bra ${tl}`)
      this.copies(op, f, fv)
      if (f !== next) {
        this.emit(`bra ${fl}`)
      }
      return
    }
    if (fv.length === 0) {
      this.emit(`@!${c} bra ${fl}`)
      this.copies(op, t, tv)
      if (t !== next) {
        this.emit(`bra ${tl}`)
      }
      return
    }
    const edge = `$L__BB${this.fnIndex}_e${this.edgeCount++}`
    this.emit(`@!${c} bra ${edge}`)
    this.copies(op, t, tv)
    this.emit(`bra ${tl}`)
    this.lines.push(`${edge}:`)
    this.copies(op, f, fv)
    if (f !== next) {
      this.emit(`bra ${fl}`)
    }
  }
}

function hasFastmath(op: Operation, flag: string): boolean {
  const a = op.getAttr('fastmathFlags')
  if (a === undefined) {
    return false
  }
  const m = /<([^>]*)>/.exec(printAttribute(a))
  const flags = m === null ? [] : m[1]!.split(/[ ,]+/)
  return flags.includes(flag) || flags.includes('fast')
}

/** The names of llvm.func attributes the entry directives come from. */
export const KERNEL_DIRECTIVES: readonly (readonly [string, string])[] = [
  ['nvvm.reqntid', '.reqntid'],
  ['nvvm.maxntid', '.maxntid'],
  ['nvvm.minctasm', '.minnctapersm'],
  ['nvvm.maxnreg', '.maxnreg'],
]
