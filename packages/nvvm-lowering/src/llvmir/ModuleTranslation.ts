/**
 * Translation of a module in the `llvm` and `nvvm` dialects to LLVM IR text, byte-identical
 * with `mlir-translate --mlir-to-llvmir` (LLVM 22): module header, globals, functions with
 * LLVM's value numbering, `; preds` comments and PHIs, constants folded as IRBuilder folds
 * them, intrinsic declarations with their attributes, attribute groups and module flags.
 */
import { ModuleLevelError, comdatSection, functionSectionComdatAlign, globalComdatSuffix, moduleFlagsSection, xtorGlobalLines } from './ModuleLevelTranslation.ts'
import {
  ArrayAttr,
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  DictionaryAttr,
  SymbolRefAttr,
  FloatAttr,
  FloatType,
  IntegerAttr,
  IntegerType,
  StringAttr,
  TypeAttr,
  UnitAttr,
  VectorType,
  Block as BlockClass,
  Operation,
  OperationState,
  floatAttrBits,
  typeToString,
  type Attribute,
  type Block,
  type Type,
  type Value,
} from '@tilepass/ir'
import {
  type CConvAttr,
  type LinkageAttr,
  LLVMFastmathFlagsAttr,
  LLVMFunctionType,
  LLVMArrayType,
  LLVMPointerType,
  LLVMVoidType,
  LLVMStructType,
  VisibilityNames,
  UnnamedAddrNames,
  AtomicBinOpNames,
  ICmpPredicateNames,
  FCmpPredicateNames,
  type LLVMBlockAddressAttr,
  type LLVMBlockTagAttr,
} from '@tilepass/dialects'
import {
  IRConstant,
  foldBinaryGeneric,
  foldExtractElement,
  foldFCmp,
  foldExtractValue,
  foldFNeg,
  foldFloatBinary,
  foldFloatCast,
  foldICmp,
  foldInsertElement,
  foldInsertValue,
  foldIntBinary,
  foldIntCast,
  foldVectorUnary,
  foldVectorBinary,
} from './IRConstants.ts'
import { intrinsicAttributes } from './IRIntrinsics.ts'
import { DataLayout, escapeString, irTypeName, quoteIdentifier, structBody } from './IRTypes.ts'
import { translateNVVMOp } from './NVVMTranslation.ts'

/** A value inside a function: an argument, an instruction result or a block (numbered at print time). */
export class IRRef {
  slot = -1
  constructor(readonly type: Type | null) {}
}

/** An operand: a numbered local or a constant. */
export type IROperand = IRRef | IRConstant

type Part = string | IROperand

/** One instruction: its result (null for none) and its text pieces. */
export class IRInstruction {
  constructor(
    readonly result: IRRef | null,
    readonly parts: readonly Part[],
  ) {}
}

/** A basic block of the function being translated. */
export class IRBlock {
  readonly label: IRRef = new IRRef(null)
  readonly instructions: IRInstruction[] = []
  /** The blocks branching here, most recent branch first (LLVM's use-list order). */
  readonly preds: IRBlock[] = []
}

/** An error of the translation, reported on an op. */
export class TranslationError extends Error {
  constructor(
    readonly op: Operation,
    message: string,
  ) {
    super(message)
  }
}

/** A declared function of the LLVM module, in creation order. */
interface IRFunction {
  readonly name: string
  /** Lines of the function (declaration line or the whole definition), built after translation. */
  text: string
  readonly fnAttrGroup: string
  readonly commentAttrs: string
}

function fmtType(t: Type, op: Operation): string {
  const s = irTypeName(t)
  if (s === undefined) {
    throw new TranslationError(op, `cannot convert type '${typeToString(t)}' to LLVM IR`)
  }
  return s
}

/** The module being built: functions, intrinsics, attribute groups, named structs. */
export class IRModuleBuilder {
  readonly dataLayout: DataLayout
  readonly functions: IRFunction[] = []
  private readonly functionIndex = new Map<string, IRFunction>()
  private readonly attrGroups = new Map<string, number>()
  /** The blocks `llvm.blocktag` ops mark, by `blockTagKey`, with the op and whether it is an entry block. */
  readonly blockTags: Map<string, { label: IRRef; op: Operation; isEntry: boolean }> = new Map()

  constructor(dl: string) {
    this.dataLayout = new DataLayout(dl)
  }

  /** Declares an intrinsic (once), with its table attributes. */
  declareIntrinsic(op: Operation, name: string, base: string, ret: Type, params: readonly Type[]): void {
    if (this.functionIndex.has(name)) {
      return
    }
    const attrs = intrinsicAttributes(name, base)
    if (attrs === undefined) {
      throw new TranslationError(op, `unsupported intrinsic '${name}'`)
    }
    const ps = params.map((p, i) => {
      const a = attrs.params[i] ?? ''
      return a === '' ? fmtType(p, op) : `${fmtType(p, op)} ${a}`
    })
    const retText = attrs.ret === '' ? fmtType(ret, op) : `${attrs.ret} ${fmtType(ret, op)}`
    const f: IRFunction = { name, text: `declare ${retText} @${name}(${ps.join(', ')})`, fnAttrGroup: attrs.fn, commentAttrs: attrs.fn }
    this.functions.push(f)
    this.functionIndex.set(name, f)
  }

  /** Registers a function of the MLIR module (definitions and declarations, in order). */
  addFunction(f: IRFunction): void {
    this.functions.push(f)
    this.functionIndex.set(f.name, f)
  }

  /** The number of attribute group `text`, created on first use. */
  attrGroup(text: string): number {
    let n = this.attrGroups.get(text)
    if (n === undefined) {
      n = this.attrGroups.size
      this.attrGroups.set(text, n)
    }
    return n
  }

  /** `attributes #N = { ... }` lines, in number order. */
  attrGroupLines(): string[] {
    return [...this.attrGroups].map(([text, n]) => `attributes #${n} = { ${text} }`)
  }
}

/** Fast-math flags as LLVM prints them before the type. */
function fmfText(op: Operation): string {
  const a = op.getAttr('fastmathFlags')
  if (!(a instanceof LLVMFastmathFlagsAttr) || a.value === 0) {
    return ''
  }
  const v = a.value
  if (v === 127) {
    return 'fast '
  }
  let s = ''
  for (const [bit, name] of [
    [64, 'reassoc'],
    [1, 'nnan'],
    [2, 'ninf'],
    [4, 'nsz'],
    [8, 'arcp'],
    [16, 'contract'],
    [32, 'afn'],
  ] as const) {
    if ((v & bit) !== 0) {
      s += name + ' '
    }
  }
  return s
}

function intAttr(op: Operation, name: string): number | undefined {
  const a = op.getAttr(name)
  return a instanceof IntegerAttr ? Number(a.value) : undefined
}

function i64Array(a: Attribute | undefined): number[] {
  return a instanceof DenseArrayAttr ? a.values.map(Number) : []
}

const INT_BINARY: Readonly<Record<string, string>> = {
  'llvm.add': 'add',
  'llvm.sub': 'sub',
  'llvm.mul': 'mul',
  'llvm.udiv': 'udiv',
  'llvm.sdiv': 'sdiv',
  'llvm.urem': 'urem',
  'llvm.srem': 'srem',
  'llvm.and': 'and',
  'llvm.or': 'or',
  'llvm.xor': 'xor',
  'llvm.shl': 'shl',
  'llvm.lshr': 'lshr',
  'llvm.ashr': 'ashr',
}

const FLOAT_BINARY: Readonly<Record<string, string>> = {
  'llvm.fadd': 'fadd',
  'llvm.fsub': 'fsub',
  'llvm.fmul': 'fmul',
  'llvm.fdiv': 'fdiv',
  'llvm.frem': 'frem',
}

const CASTS: Readonly<Record<string, string>> = {
  'llvm.sext': 'sext',
  'llvm.zext': 'zext',
  'llvm.trunc': 'trunc',
  'llvm.sitofp': 'sitofp',
  'llvm.uitofp': 'uitofp',
  'llvm.fptosi': 'fptosi',
  'llvm.fptoui': 'fptoui',
  'llvm.fpext': 'fpext',
  'llvm.fptrunc': 'fptrunc',
  'llvm.bitcast': 'bitcast',
  'llvm.ptrtoint': 'ptrtoint',
  'llvm.inttoptr': 'inttoptr',
  'llvm.addrspacecast': 'addrspacecast',
}

/** Intrinsic ops (`llvm.intr.<name>`) whose overload suffix is the result type. */
const RESULT_OVERLOADED: ReadonlySet<string> = new Set([
  'fma', 'fmuladd', 'fabs', 'sqrt', 'copysign', 'maximum', 'minimum', 'maxnum', 'minnum', 'exp', 'exp2', 'exp10', 'log', 'log2', 'log10',
  'sin', 'cos', 'tan', 'pow', 'floor', 'ceil', 'trunc', 'round', 'roundeven', 'rint', 'nearbyint', 'smax', 'smin', 'umax', 'umin', 'ctpop', 'ctlz', 'cttz',
  'acos', 'asin', 'atan', 'atan2', 'sinh', 'cosh', 'tanh', 'abs',
])

/** Intrinsic ops whose overload suffix is the first operand's type (`llvm.sincos.f32`, `llvm.is.fpclass.f32`, `llvm.powi.f32.i32`). */
const OPERAND_OVERLOADED: ReadonlySet<string> = new Set(['sincos', 'is.fpclass', 'powi'])

/** Per-function translation state. */
export class FunctionTranslation {
  readonly values: Map<Value, IROperand> = new Map()
  readonly blocks: Map<Block, IRBlock> = new Map()
  current!: IRBlock
  /** The name of the function being translated ('' in a global initializer). */
  functionName = ''
  /** Its entry block, which LLVM forbids as a `blockaddress` target. */
  entry: IRBlock | null = null

  constructor(
    readonly module: IRModuleBuilder,
    /** Module symbols by name: a global's value type, `!llvm.ptr` for a function, null for an alias or ifunc. */
    readonly globals: ReadonlyMap<string, Type | null>,
  ) {}

  /** The operand of `v`. */
  lookup(v: Value, op: Operation): IROperand {
    const r = this.values.get(v)
    if (r === undefined) {
      throw new TranslationError(op, 'operand value not translated')
    }
    return r
  }

  /** `type value` parts of `v`. */
  typed(v: Value, op: Operation): Part[] {
    return [fmtType(v.type, op) + ' ', this.lookup(v, op)]
  }

  /** Appends an instruction producing a value of `type` (null: none) and maps `result` to it. */
  emit(type: Type | null, parts: readonly Part[], result?: Value): IRRef | null {
    const ref = type === null || type instanceof LLVMVoidType ? null : new IRRef(type)
    this.current.instructions.push(new IRInstruction(ref, parts))
    if (result !== undefined && ref !== null) {
      this.values.set(result, ref)
    }
    return ref
  }

  /** Emits `call` of intrinsic `name` (declared on first use) with `args`. */
  callIntrinsic(op: Operation, name: string, base: string, ret: Type, args: readonly IROperand[], argTypes: readonly Type[], retAttrs = ''): IRRef | null {
    this.module.declareIntrinsic(op, name, base, ret, argTypes)
    const parts: Part[] = [`call ${retAttrs === '' ? '' : retAttrs + ' '}${fmtType(ret, op)} @${name}(`]
    args.forEach((a, i) => {
      parts.push((i > 0 ? ', ' : '') + fmtType(argTypes[i]!, op) + ' ', a)
    })
    parts.push(')')
    const result = op.numResults > 0 ? op.getResult(0) : undefined
    return this.emit(ret, parts, result)
  }

  /** Maps `result` to `c` (an op folded to a constant). */
  setConstant(result: Value, c: IRConstant): void {
    this.values.set(result, c)
  }
}

/** The constant of an `llvm.mlir.constant` value attribute of `type`. */
export function constantFromAttr(attr: Attribute, type: Type, op: Operation): IRConstant {
  if (attr instanceof IntegerAttr) {
    if (type instanceof IntegerType) {
      return IRConstant.int(type, attr.value)
    }
    if (type instanceof FloatType) {
      return IRConstant.float(type, attr.value)
    }
  }
  if (attr instanceof FloatAttr && type instanceof FloatType) {
    const bits = floatAttrBits(attr)
    return IRConstant.float(type, bits)
  }
  if (attr instanceof DenseIntOrFPElementsAttr) {
    let at = 0
    const build = (t: Type): IRConstant => {
      const els = vectorOrArrayElements(t)
      if (els !== undefined) {
        return IRConstant.aggregate(t, els.map(build))
      }
      const v = attr.values[attr.isSplat ? 0 : at++]!
      if (typeof v === 'bigint') {
        return t instanceof FloatType ? IRConstant.float(t, v) : IRConstant.int(t, v)
      }
      if (!(t instanceof FloatType)) {
        throw new TranslationError(op, `unsupported constant value for type '${typeToString(type)}'`)
      }
      return IRConstant.float(t, floatAttrBits(FloatAttr.get(t, v)))
    }
    return build(type)
  }
  if (attr instanceof StringAttr) {
    const elTypes = vectorOrArrayElements(type)
    if (elTypes !== undefined) {
      const bytes = new TextEncoder().encode(attr.value)
      return IRConstant.aggregate(type, [...bytes].map((b) => IRConstant.int(elTypes[0]!, BigInt(b))))
    }
  }
  throw new TranslationError(op, `unsupported constant value for type '${typeToString(type)}'`)
}

function vectorOrArrayElements(type: Type): Type[] | undefined {
  if (type instanceof VectorType) {
    return new Array<Type>(type.shape[0]!).fill(type.elementType)
  }
  const t = type as { elementType?: Type; numElements?: number }
  if (t.elementType !== undefined && t.numElements !== undefined) {
    return new Array<Type>(t.numElements).fill(t.elementType)
  }
  return undefined
}

function allConstants(ops: readonly IROperand[]): ops is IRConstant[] {
  return ops.every((o) => o instanceof IRConstant)
}

/** Translates one op of a function body into the current block. */
function translateOp(op: Operation, ft: FunctionTranslation): void {
  const name = op.name.name
  const res = op.numResults > 0 ? op.getResult(0) : undefined
  const resType = res?.type ?? null
  const intBin = INT_BINARY[name]
  if (intBin !== undefined) {
    const a = ft.lookup(op.getOperand(0), op)
    const b = ft.lookup(op.getOperand(1), op)
    if (a instanceof IRConstant && b instanceof IRConstant) {
      const folded = foldBinaryGeneric(intBin, a, b) ?? foldIntBinary(intBin, a, b) ?? foldVectorBinary(a, b, (x, y) => foldBinaryGeneric(intBin, x, y) ?? foldIntBinary(intBin, x, y))
      if (folded !== undefined) {
        ft.setConstant(res!, folded)
        return
      }
    }
    let flags = ''
    const of = intAttr(op, 'overflowFlags') ?? 0
    if ((of & 2) !== 0) {
      flags += 'nuw '
    }
    if ((of & 1) !== 0) {
      flags += 'nsw '
    }
    if (op.getAttr('isExact') !== undefined) {
      flags += 'exact '
    }
    if (op.getAttr('isDisjoint') !== undefined) {
      flags += 'disjoint '
    }
    ft.emit(resType, [`${intBin} ${flags}${fmtType(resType!, op)} `, a, ', ', b], res)
    return
  }
  const fBin = FLOAT_BINARY[name]
  if (fBin !== undefined) {
    const a = ft.lookup(op.getOperand(0), op)
    const b = ft.lookup(op.getOperand(1), op)
    if (a instanceof IRConstant && b instanceof IRConstant) {
      const folded = foldBinaryGeneric(fBin, a, b) ?? foldFloatBinary(fBin, a, b) ?? foldVectorBinary(a, b, (x, y) => foldBinaryGeneric(fBin, x, y) ?? foldFloatBinary(fBin, x, y))
      if (folded !== undefined) {
        ft.setConstant(res!, folded)
        return
      }
    }
    ft.emit(resType, [`${fBin} ${fmfText(op)}${fmtType(resType!, op)} `, a, ', ', b], res)
    return
  }
  const cast = CASTS[name]
  if (cast !== undefined) {
    const a = ft.lookup(op.getOperand(0), op)
    if (a instanceof IRConstant) {
      const folded =
        foldIntCast(cast, a, resType!) ??
        foldFloatCast(cast, a, resType!) ??
        foldVectorUnary(a, (x, et) => foldIntCast(cast, x, et) ?? foldFloatCast(cast, x, et), resType!)
      if (folded !== undefined) {
        ft.setConstant(res!, folded)
        return
      }
      const int = cast === 'ptrtoint' ? foldPtrToInt(a, resType!) : undefined
      if (int !== undefined) {
        ft.setConstant(res!, int)
        return
      }
      if (cast === 'addrspacecast' && a.kind === 'global') {
        ft.setConstant(res!, IRConstant.expr(resType!, `addrspacecast (${a.printWithType()} to ${fmtType(resType!, op)})`))
        return
      }
    }
    let flags = ''
    if (cast === 'zext' || cast === 'uitofp') {
      flags = op.getAttr('nonNeg') !== undefined ? 'nneg ' : ''
    } else if (cast === 'trunc') {
      const of = intAttr(op, 'overflowFlags') ?? 0
      flags = ((of & 2) !== 0 ? 'nuw ' : '') + ((of & 1) !== 0 ? 'nsw ' : '')
    } else if (cast === 'fpext' || cast === 'fptrunc') {
      flags = fmfText(op)
    }
    ft.emit(resType, [`${cast} ${flags}`, ...ft.typed(op.getOperand(0), op), ` to ${fmtType(resType!, op)}`], res)
    return
  }
  if (name.startsWith('llvm.intr.')) {
    translateIntrinsicOp(op, ft, name.slice('llvm.intr.'.length))
    return
  }
  if (name.startsWith('nvvm.')) {
    translateNVVMOp(op, ft)
    return
  }
  switch (name) {
    case 'llvm.mlir.constant':
      ft.setConstant(res!, constantFromAttr(op.getAttr('value')!, resType!, op))
      return
    case 'llvm.mlir.poison':
      ft.setConstant(res!, IRConstant.poison(resType!))
      return
    case 'llvm.mlir.undef':
      ft.setConstant(res!, IRConstant.undef(resType!))
      return
    case 'llvm.mlir.zero':
      ft.setConstant(res!, IRConstant.zero(resType!))
      return
    case 'llvm.mlir.addressof': {
      const sym = op.getAttr('global_name')
      const gname = sym instanceof SymbolRefAttr ? sym.rootReference : undefined
      if (gname === undefined || !ft.globals.has(gname)) {
        throw new TranslationError(op, `unknown global '${String(gname)}'`)
      }
      ft.setConstant(res!, IRConstant.global(resType!, `@${quoteIdentifier(gname)}`))
      return
    }
    case 'llvm.fneg': {
      const a = ft.lookup(op.getOperand(0), op)
      const folded = a instanceof IRConstant ? (foldFNeg(a) ?? foldVectorUnary(a, (x) => foldFNeg(x))) : undefined
      if (folded !== undefined) {
        ft.setConstant(res!, folded)
        return
      }
      ft.emit(resType, [`fneg ${fmfText(op)}`, ...ft.typed(op.getOperand(0), op)], res)
      return
    }
    case 'llvm.freeze':
      ft.emit(resType, ['freeze ', ...ft.typed(op.getOperand(0), op)], res)
      return
    case 'llvm.icmp': {
      const pred = ICmpPredicateNames[intAttr(op, 'predicate') ?? 0]!
      const a = ft.lookup(op.getOperand(0), op)
      const b = ft.lookup(op.getOperand(1), op)
      if (a instanceof IRConstant && b instanceof IRConstant) {
        const folded = foldICmp(pred, a, b, resType!) ?? foldVectorBinary(a, b, (x, y) => foldICmp(pred, x, y, (resType as VectorType).elementType), resType!)
        if (folded !== undefined) {
          ft.setConstant(res!, folded)
          return
        }
      }
      ft.emit(resType, [`icmp ${pred} ${fmtType(op.getOperand(0).type, op)} `, a, ', ', b], res)
      return
    }
    case 'llvm.fcmp': {
      const pred = FCmpPredicateNames[intAttr(op, 'predicate') ?? 0]!.replace(/^_/, '')
      const a = ft.lookup(op.getOperand(0), op)
      const b = ft.lookup(op.getOperand(1), op)
      const folded = a instanceof IRConstant && b instanceof IRConstant ? (foldFCmp(pred, a, b, resType!) ?? foldVectorBinary(a, b, (x, y) => foldFCmp(pred, x, y, (resType as VectorType).elementType), resType!)) : undefined
      if (folded !== undefined) {
        ft.setConstant(res!, folded)
        return
      }
      ft.emit(resType, [`fcmp ${fmfText(op)}${pred} ${fmtType(op.getOperand(0).type, op)} `, ft.lookup(op.getOperand(0), op), ', ', ft.lookup(op.getOperand(1), op)], res)
      return
    }
    case 'llvm.select': {
      const c = ft.lookup(op.getOperand(0), op)
      const t = ft.lookup(op.getOperand(1), op)
      const f = ft.lookup(op.getOperand(2), op)
      if (c instanceof IRConstant && t instanceof IRConstant && f instanceof IRConstant) {
        const same = t.kind === f.kind && t.print() === f.print()
        let folded = c.kind === 'int' ? (c.bits !== 0n ? t : f) : c.kind === 'poison' ? IRConstant.poison(t.type) : c.kind === 'undef' ? (t.kind === 'undef' ? t : f) : same ? t : undefined
        const cs = folded === undefined ? c.expand() : undefined
        const ts = t.expand()
        const fs = f.expand()
        if (cs !== undefined && ts !== undefined && fs !== undefined) {
          const out: IRConstant[] = []
          for (let i = 0; i < cs.length; i++) {
            const e = cs[i]!
            const x = ts[i]!
            const y = fs[i]!
            if (e.kind === 'poison') {
              out.push(IRConstant.poison(x.type))
            } else if (x.kind === y.kind && x.print() === y.print()) {
              out.push(x)
            } else if (e.kind === 'undef') {
              out.push(x.kind === 'undef' ? x : y)
            } else if (e.kind === 'int') {
              out.push(e.bits !== 0n ? x : y)
            } else {
              break
            }
          }
          if (out.length === cs.length) {
            folded = IRConstant.aggregate(t.type, out)
          }
        }
        if (folded !== undefined) {
          ft.setConstant(res!, folded)
          return
        }
      }
      ft.emit(resType, [`select ${fmfText(op)}`, ...ft.typed(op.getOperand(0), op), ', ', ...ft.typed(op.getOperand(1), op), ', ', ...ft.typed(op.getOperand(2), op)], res)
      return
    }
    case 'llvm.load': {
      rejectAccessMetadata(op)
      const t = resType!
      const align = intAttr(op, 'alignment') ?? ft.module.dataLayout.abiAlignment(t)
      const atomic = atomicSuffix(op, 'ordering')
      const vol = op.getAttr('volatile_') !== undefined ? 'volatile ' : ''
      ft.emit(t, [`load ${atomic === '' ? '' : 'atomic '}${vol}${fmtType(t, op)}, `, ...ft.typed(op.getOperand(0), op), `${atomic}, align ${align}`], res)
      return
    }
    case 'llvm.store': {
      rejectAccessMetadata(op)
      const t = op.getOperand(0).type
      const align = intAttr(op, 'alignment') ?? ft.module.dataLayout.abiAlignment(t)
      const atomic = atomicSuffix(op, 'ordering')
      const vol = op.getAttr('volatile_') !== undefined ? 'volatile ' : ''
      ft.emit(null, [`store ${atomic === '' ? '' : 'atomic '}${vol}`, ...ft.typed(op.getOperand(0), op), ', ', ...ft.typed(op.getOperand(1), op), `${atomic}, align ${align}`])
      return
    }
    case 'llvm.atomicrmw': {
      rejectAccessMetadata(op)
      const t = resType!
      // Without an alignment, IRBuilder aligns an atomic access to the value's store size.
      const align = intAttr(op, 'alignment') ?? ft.module.dataLayout.storeSize(t)
      const vol = op.getAttr('volatile_') !== undefined ? 'volatile ' : ''
      // LLVM spells the dialect's `_and`/`_or`/`_xor` without the underscore.
      const binOp = (AtomicBinOpNames[intAttr(op, 'bin_op') ?? 0] ?? 'xchg').replace(/^_/, '')
      ft.emit(t, [`atomicrmw ${vol}${binOp} `, ...ft.typed(op.getOperand(0), op), ', ', ...ft.typed(op.getOperand(1), op), `${atomicSuffix(op, 'ordering')}, align ${align}`], res)
      return
    }
    case 'llvm.cmpxchg': {
      rejectAccessMetadata(op)
      const t = op.getOperand(2).type
      const align = intAttr(op, 'alignment') ?? ft.module.dataLayout.storeSize(t)
      const weak = op.getAttr('weak') !== undefined ? 'weak ' : ''
      const vol = op.getAttr('volatile_') !== undefined ? 'volatile ' : ''
      const failure = ATOMIC_ORDERING_NAMES[intAttr(op, 'failure_ordering') ?? 0] ?? ''
      const parts: Part[] = [`cmpxchg ${weak}${vol}`, ...ft.typed(op.getOperand(0), op), ', ', ...ft.typed(op.getOperand(1), op), ', ']
      parts.push(...ft.typed(op.getOperand(2), op), `${atomicSuffix(op, 'success_ordering')} ${failure}, align ${align}`)
      ft.emit(resType, parts, res)
      return
    }
    case 'llvm.fence':
      ft.emit(null, [`fence${atomicSuffix(op, 'ordering')}`])
      return
    case 'llvm.alloca': {
      const et = (op.getAttr('elem_type') as TypeAttr).value
      const align = intAttr(op, 'alignment') ?? ft.module.dataLayout.abiAlignment(et)
      const n = ft.lookup(op.getOperand(0), op)
      const as = (resType as LLVMPointerType).addressSpace
      const parts: Part[] = [`alloca ${fmtType(et, op)}`]
      // LLVM leaves out only an `i32 1` array size.
      const sizeType = op.getOperand(0).type
      if (!(n instanceof IRConstant && n.kind === 'int' && n.bits === 1n && sizeType instanceof IntegerType && sizeType.width === 32)) {
        parts.push(', ', ...ft.typed(op.getOperand(0), op))
      }
      parts.push(`, align ${align}${as !== 0 ? `, addrspace(${as})` : ''}`)
      ft.emit(resType, parts, res)
      return
    }
    case 'llvm.getelementptr':
      translateGEP(op, ft)
      return
    case 'llvm.extractvalue': {
      const pos = i64Array(op.getAttr('position'))
      const agg = ft.lookup(op.getOperand(0), op)
      if (agg instanceof IRConstant) {
        const folded = foldExtractValue(agg, pos)
        if (folded !== undefined) {
          ft.setConstant(res!, folded)
          return
        }
      }
      ft.emit(resType, ['extractvalue ', ...ft.typed(op.getOperand(0), op), `, ${pos.join(', ')}`], res)
      return
    }
    case 'llvm.insertvalue': {
      const pos = i64Array(op.getAttr('position'))
      const agg = ft.lookup(op.getOperand(0), op)
      const v = ft.lookup(op.getOperand(1), op)
      if (agg instanceof IRConstant && v instanceof IRConstant) {
        const folded = foldInsertValue(agg, v, pos)
        if (folded !== undefined) {
          ft.setConstant(res!, folded)
          return
        }
      }
      ft.emit(resType, ['insertvalue ', ...ft.typed(op.getOperand(0), op), ', ', ...ft.typed(op.getOperand(1), op), `, ${pos.join(', ')}`], res)
      return
    }
    case 'llvm.extractelement': {
      const v = ft.lookup(op.getOperand(0), op)
      const i = ft.lookup(op.getOperand(1), op)
      const folded = v instanceof IRConstant && i instanceof IRConstant ? foldExtractElement(v, i, resType!) : undefined
      if (folded !== undefined) {
        ft.setConstant(res!, folded)
        return
      }
      ft.emit(resType, ['extractelement ', ...ft.typed(op.getOperand(0), op), ', ', ...ft.typed(op.getOperand(1), op)], res)
      return
    }
    case 'llvm.insertelement': {
      const [v, e, i] = [0, 1, 2].map((k) => ft.lookup(op.getOperand(k), op))
      const folded = v instanceof IRConstant && e instanceof IRConstant && i instanceof IRConstant ? foldInsertElement(v, e, i) : undefined
      if (folded !== undefined) {
        ft.setConstant(res!, folded)
        return
      }
      ft.emit(resType, ['insertelement ', ...ft.typed(op.getOperand(0), op), ', ', ...ft.typed(op.getOperand(1), op), ', ', ...ft.typed(op.getOperand(2), op)], res)
      return
    }
    case 'llvm.shufflevector': {
      const mask = i64Array(op.getAttr('mask'))
      const i32 = IntegerType.get(op.context, 32)
      const m = IRConstant.aggregate(VectorType.get([mask.length], i32), mask.map((x) => (x < 0 ? IRConstant.poison(i32) : IRConstant.int(i32, BigInt(x)))))
      ft.emit(resType, ['shufflevector ', ...ft.typed(op.getOperand(0), op), ', ', ...ft.typed(op.getOperand(1), op), `, <${mask.length} x i32> `, m], res)
      return
    }
    case 'llvm.call':
      translateCall(op, ft)
      return
    case 'llvm.invoke':
      translateInvoke(op, ft)
      return
    case 'llvm.landingpad':
      translateLandingpad(op, ft)
      return
    case 'llvm.resume':
      ft.emit(null, ['resume ', ...ft.typed(op.getOperand(0), op)])
      return
    case 'llvm.blocktag': {
      const tag = op.getAttr('tag') as LLVMBlockTagAttr
      ft.module.blockTags.set(blockTagKey(ft.functionName, tag.tagId), { label: ft.current.label, op, isEntry: ft.current === ft.entry })
      return
    }
    case 'llvm.blockaddress': {
      const addr = op.getAttr('block_addr') as LLVMBlockAddressAttr
      const fn = addr.func.rootReference
      ft.setConstant(res!, IRConstant.expr(resType!, `blockaddress(@${quoteIdentifier(fn)}, ${BLOCK_REF}${blockTagKey(fn, addr.tag.tagId)}${BLOCK_REF})`))
      return
    }
    case 'llvm.inline_asm': {
      const retType = resType ?? LLVMVoidType.get(op.context)
      let kw = op.getAttr('has_side_effects') !== undefined ? 'sideeffect ' : ''
      if (op.getAttr('is_align_stack') !== undefined) {
        kw += 'alignstack '
      }
      if (intAttr(op, 'asm_dialect') === 1) {
        kw += 'inteldialect '
      }
      const asm = (op.getAttr('asm_string') as StringAttr).value
      const cons = (op.getAttr('constraints') as StringAttr).value
      const parts: Part[] = [`call ${fmtType(retType, op)} asm ${kw}"${escapeString(asm)}", "${escapeString(cons)}"(`]
      op.getOperands().forEach((v, i) => parts.push(i > 0 ? ', ' : '', ...ft.typed(v, op)))
      parts.push(')')
      ft.emit(retType, parts, res)
      return
    }
    case 'llvm.call_intrinsic': {
      rejectOpBundles(op)
      const name = (op.getAttr('intrin') as StringAttr).value
      let base = name.startsWith('llvm.') ? name.slice(5) : name
      while (intrinsicAttributes(name, base) === undefined && base.includes('.')) {
        base = base.slice(0, base.lastIndexOf('.'))
      }
      const operands = op.getOperands()
      ft.callIntrinsic(op, name, base, resType ?? LLVMVoidType.get(op.context), operands.map((v) => ft.lookup(v, op)), operands.map((v) => v.type), fmfText(op).trimEnd())
      return
    }
    case 'llvm.return':
      ft.emit(null, op.numOperands === 0 ? ['ret void'] : ['ret ', ...ft.typed(op.getOperand(0), op)])
      return
    case 'llvm.unreachable':
      ft.emit(null, ['unreachable'])
      return
    case 'llvm.br': {
      const dest = ft.blocks.get(op.getSuccessor(0))!
      dest.preds.unshift(ft.current)
      ft.emit(null, ['br label ', dest.label])
      return
    }
    case 'llvm.cond_br': {
      if (op.getAttr('branch_weights') !== undefined) {
        throw new TranslationError(op, 'branch weights are not supported by the translation yet')
      }
      const t = ft.blocks.get(op.getSuccessor(0))!
      const f = ft.blocks.get(op.getSuccessor(1))!
      t.preds.unshift(ft.current)
      f.preds.unshift(ft.current)
      ft.emit(null, ['br ', ...ft.typed(op.getOperand(0), op), ', label ', t.label, ', label ', f.label])
      return
    }
    case 'llvm.switch': {
      if (op.getAttr('branch_weights') !== undefined) {
        throw new TranslationError(op, 'branch weights are not supported by the translation yet')
      }
      const def = ft.blocks.get(op.getSuccessor(0))!
      def.preds.unshift(ft.current)
      const cv = op.getAttr('case_values')
      const values = cv instanceof DenseIntOrFPElementsAttr ? (cv.values as readonly bigint[]) : []
      const vt = op.getOperand(0).type
      const parts: Part[] = ['switch ', ...ft.typed(op.getOperand(0), op), ', label ', def.label, ' [\n']
      for (let i = 0; i < values.length; i++) {
        const dest = ft.blocks.get(op.getSuccessor(i + 1))!
        dest.preds.unshift(ft.current)
        parts.push(`    ${fmtType(vt, op)} `, IRConstant.int(vt, values[i]!), ', label ', dest.label, '\n')
      }
      parts.push('  ]')
      ft.emit(null, parts)
      return
    }
    default:
      throw new TranslationError(op, `cannot be converted to LLVM IR: missing \`LLVMTranslationDialectInterface\` registration for dialect for op: ${name}`)
  }
}

// ---- exception handling and block addresses ----------------------------------------------

/** Delimits the block of a `blockaddress` constant until every function is numbered. */
const BLOCK_REF = '\u0001'

function blockTagKey(fn: string, tag: number): string {
  return `${fn}\u0002${tag}`
}

/**
 * Replaces the block references of `blockaddress` constants in `text` by the numbers of the
 * blocks their tags mark (known only once every function body is numbered); LLVM's verifier
 * rejects a used address of an entry block.
 */
function resolveBlockAddresses(text: string, module: IRModuleBuilder): string {
  if (!text.includes(BLOCK_REF)) {
    return text
  }
  const pieces = text.split(BLOCK_REF)
  // Odd pieces are the keys between a pair of delimiters.
  for (let i = 1; i < pieces.length; i += 2) {
    const key = pieces[i]!
    const target = module.blockTags.get(key)
    if (target === undefined) {
      throw new Error(`no block is tagged '${key}'`)
    }
    if (target.isEntry) {
      throw new TranslationError(target.op, 'blockaddress may not be used with the entry block!')
    }
    pieces[i] = `%${target.label.slot}`
  }
  return pieces.join('')
}

/** `invoke cc ret (params, ...) @f(args) [bundles]\n          to label %n unwind label %u`. */
function translateInvoke(op: Operation, ft: FunctionTranslation): void {
  if (op.getAttr('branch_weights') !== undefined) {
    throw new TranslationError(op, 'branch weights are not supported by the translation yet')
  }
  const segs = i64Array(op.getAttr('operandSegmentSizes'))
  const operands = op.getOperands()
  const bundleStart = segs[0]! + segs[1]! + segs[2]!
  const parts = callSiteParts(op, ft, 'invoke ', operands.slice(0, segs[0]), operands.slice(bundleStart, bundleStart + (segs[3] ?? 0)))
  const normal = ft.blocks.get(op.getSuccessor(0))!
  const unwind = ft.blocks.get(op.getSuccessor(1))!
  normal.preds.unshift(ft.current)
  unwind.preds.unshift(ft.current)
  parts.push('\n          to label ', normal.label, ' unwind label ', unwind.label)
  const res = op.numResults > 0 ? op.getResult(0) : undefined
  ft.emit(res?.type ?? LLVMVoidType.get(op.context), parts, res)
}

/**
 * The call site of `llvm.call` or `llvm.invoke` after `keyword` (`call fast `, `invoke `):
 * calling convention, result attributes, type (the whole function type of a vararg callee),
 * callee (`@f` or a pointer among `calleeOperands`), arguments with their attributes and the
 * operand bundles.
 */
function callSiteParts(op: Operation, ft: FunctionTranslation, keyword: string, calleeOperands: readonly Value[], bundleOperands: readonly Value[]): Part[] {
  const callee = op.getAttr('callee')
  const direct = callee instanceof SymbolRefAttr
  const args = direct ? calleeOperands : calleeOperands.slice(1)
  const retType = op.numResults > 0 ? op.getResult(0).type : LLVMVoidType.get(op.context)
  const cconv = (op.getAttr('CConv') as CConvAttr | undefined)?.cconv ?? 'ccc'
  // A call of a variadic function spells the callee's whole type (`call i32 (ptr, ...) @printf`).
  const varType = op.getAttr('var_callee_type')
  const calleeType = varType instanceof TypeAttr && varType.value instanceof LLVMFunctionType && varType.value.isVarArg ? varType.value : null
  const resAttrs = op.getAttr('res_attrs')
  const retAttrText = resAttrs instanceof ArrayAttr ? paramAttributes(resAttrs.elements[0], op) : ''
  let typeText = (retAttrText === '' ? '' : retAttrText + ' ') + fmtType(retType, op)
  if (calleeType !== null) {
    typeText += ` (${[...calleeType.params.map((t) => fmtType(t, op)), '...'].join(', ')})`
  }
  const parts: Part[] = [`${keyword}${cconv === 'ccc' ? '' : cconvName(cconv) + ' '}${typeText} `]
  parts.push(direct ? `@${quoteIdentifier(callee.rootReference)}` : ft.lookup(calleeOperands[0]!, op), '(')
  const argAttrs = op.getAttr('arg_attrs')
  args.forEach((v, i) => {
    const pa = argAttrs instanceof ArrayAttr ? paramAttributes(argAttrs.elements[i], op) : ''
    parts.push((i > 0 ? ', ' : '') + fmtType(v.type, op) + ' ' + (pa === '' ? '' : pa + ' '), ft.lookup(v, op))
  })
  parts.push(')', ...opBundleParts(op, bundleOperands, ft))
  return parts
}

/** ` [ "tag"(i32 %a), "other"() ]` for the operand bundles of a call-like op, or nothing. */
function opBundleParts(op: Operation, bundleOperands: readonly Value[], ft: FunctionTranslation): Part[] {
  const tags = op.getAttr('op_bundle_tags')
  const sizes = i64Array(op.getAttr('op_bundle_sizes'))
  if (!(tags instanceof ArrayAttr) || sizes.length === 0) {
    return []
  }
  const parts: Part[] = [' [ ']
  let at = 0
  sizes.forEach((n, i) => {
    parts.push(`${i > 0 ? ', ' : ''}"${escapeString((tags.elements[i] as StringAttr).value)}"(`)
    for (let k = 0; k < n; k++) {
      parts.push(k > 0 ? ', ' : '', ...ft.typed(bundleOperands[at + k]!, op))
    }
    at += n
    parts.push(')')
  })
  parts.push(' ]')
  return parts
}

/**
 * `landingpad T` with `cleanup` and one `catch`/`filter` line per constant clause (an array
 * clause is a filter); as upstream, a clause that is not a constant is left out.
 */
function translateLandingpad(op: Operation, ft: FunctionTranslation): void {
  const res = op.getResult(0)
  const parts: Part[] = [`landingpad ${fmtType(res.type, op)}`]
  if (op.getAttr('cleanup') !== undefined) {
    parts.push('\n          cleanup')
  }
  for (const v of op.getOperands()) {
    const c = ft.lookup(v, op)
    if (!(c instanceof IRConstant)) {
      continue
    }
    if (v.type instanceof LLVMArrayType) {
      // LLVM's verifier takes a filter only as a ConstantArray or zeroinitializer: an array
      // of integers or floats is a ConstantDataArray (and undef/poison are neither).
      const et = v.type.elementType
      const isData = et instanceof IntegerType || et instanceof FloatType
      if (c.kind !== 'zero' && (c.kind !== 'aggregate' || isData)) {
        throw new TranslationError(op, 'Filter operand is not an array of constants!')
      }
    }
    parts.push(v.type instanceof LLVMArrayType ? '\n          filter ' : '\n          catch ', c.printWithType())
  }
  ft.emit(res.type, parts, res)
}

function translateGEP(op: Operation, ft: FunctionTranslation): void {
  const res = op.getResult(0)
  const et = (op.getAttr('elem_type') as TypeAttr).value
  const raw = i64Array(op.getAttr('rawConstantIndices'))
  const flags = intAttr(op, 'noWrapFlags') ?? 0
  let flagText = (flags & 1) !== 0 ? 'inbounds ' : (flags & 2) !== 0 ? 'nusw ' : ''
  if ((flags & 4) !== 0) {
    flagText += 'nuw '
  }
  const base = ft.lookup(op.getOperand(0), op)
  const i32 = IntegerType.get(op.context, 32)
  const indices: Part[][] = []
  const operands: IROperand[] = [base]
  let dyn = 1
  for (const r of raw) {
    if (r === -2147483648) {
      const v = op.getOperand(dyn++)
      const o = ft.lookup(v, op)
      operands.push(o)
      indices.push([fmtType(v.type, op) + ' ', o])
    } else {
      const c = IRConstant.int(i32, BigInt(r))
      operands.push(c)
      indices.push(['i32 ', c])
    }
  }
  if (allConstants(operands)) {
    const folded = foldConstantGEP(op, ft, et, base as IRConstant, operands.slice(1), flags)
    if (folded !== undefined) {
      ft.setConstant(res, folded)
      return
    }
  }
  const parts: Part[] = [`getelementptr ${flagText}${fmtType(et, op)}, `, ...ft.typed(op.getOperand(0), op)]
  for (const i of indices) {
    parts.push(', ', ...i)
  }
  ft.emit(res.type, parts, res)
}

/** An integer folded by `foldConstantGEP` from a GEP of null (`inttoptr (iN value to ptr)`). */
const FOLDED_INTTOPTR = /^inttoptr \(i(\d+) (-?\d+) to /

/** `ptrtoint` of null (0) or of a folded `inttoptr` (its integer, zero-extended or truncated), as LLVM folds them. */
function foldPtrToInt(a: IRConstant, to: Type): IRConstant | undefined {
  if (!(to instanceof IntegerType)) {
    return undefined
  }
  if (a.kind === 'zero') {
    return IRConstant.int(to, 0n)
  }
  const m = a.kind === 'expr' ? FOLDED_INTTOPTR.exec(a.text) : null
  return m === null ? undefined : IRConstant.int(to, BigInt.asUintN(Number(m[1]), BigInt(m[2]!)))
}

/** The global and byte offset of a GEP that `foldConstantGEP` folded. */
const FOLDED_GEP = /^getelementptr (?:inbounds )?(?:nusw )?(?:nuw )?\(i8, ptr(?: addrspace\(\d+\))? (@\S+), i\d+ (-?\d+)\)$/

/**
 * A GEP of constants as LLVM's constant folder leaves it: the base itself for a zero
 * offset, `inttoptr (iN offset to ptr)` on null, else `getelementptr (i8, base, iN offset)` with `inbounds` inferred when the
 * offset stays inside the global and `nuw` for a non-negative in-bounds offset; a GEP of
 * such a folded GEP sums the offsets.
 */
function foldConstantGEP(op: Operation, ft: FunctionTranslation, et: Type, gepBase: IRConstant, idx: readonly IRConstant[], flags: number): IRConstant | undefined {
  // LLVM's `ConstantFoldGetElementPtr` treats undef and poison indices (both `UndefValue`s)
  // like zeros when no index is anything else, before it looks at poison.
  if (idx.every((c) => c.isNullValue || c.kind === 'undef' || c.kind === 'poison')) {
    return gepBase
  }
  if (idx.some((c) => c.kind === 'poison')) {
    return IRConstant.poison(op.getResult(0).type)
  }
  let base = gepBase
  // A GEP of a folded `getelementptr (i8, @g, off)` folds into one with the offsets summed.
  let inner = 0n
  const nested = base.kind === 'expr' ? FOLDED_GEP.exec(base.text) : null
  if (nested !== null) {
    base = IRConstant.global(base.type, nested[1]!)
    inner = BigInt(nested[2]!)
  }
  // A GEP of null with constant indices is an address computed from 0 (the sizeof idiom):
  // LLVM's target folder makes it `inttoptr (iN offset to ptr)`.
  const fromNull = base.kind === 'zero' && nested === null
  if ((base.kind !== 'global' && !fromNull) || idx.some((c) => c.kind !== 'int')) {
    return undefined
  }
  const dl = ft.module.dataLayout
  let offset = inner + BigInt(dl.allocSize(et)) * idx[0]!.bits
  let t: Type = et
  for (const c of idx.slice(1)) {
    if (t instanceof LLVMStructType) {
      offset += BigInt(dl.fieldOffset(t, Number(c.bits)))
      t = t.body[Number(c.bits)]!
    } else if (t instanceof LLVMArrayType || t instanceof VectorType) {
      t = t.elementType
      offset += BigInt(dl.allocSize(t)) * c.bits
    } else {
      return undefined
    }
  }
  const res = op.getResult(0).type
  const width = dl.pointerSize((res as LLVMPointerType).addressSpace ?? 0)
  offset = BigInt.asIntN(width, offset)
  if (offset === 0n) {
    return base
  }
  if (fromNull) {
    return IRConstant.expr(res, `inttoptr (i${width} ${offset} to ${fmtType(res, op)})`)
  }
  const gtype = ft.globals.get(base.text.slice(1).replace(/^"(.*)"$/, '$1'))
  let inbounds = (flags & 1) !== 0
  // Only a global object's size makes the offset in bounds: not an alias's or an ifunc's.
  if (gtype !== undefined && gtype !== null && offset >= 0n && offset <= BigInt(dl.allocSize(gtype))) {
    inbounds = true
  }
  let flagText = inbounds ? 'inbounds ' : (flags & 2) !== 0 ? 'nusw ' : ''
  if ((flags & 4) !== 0 || (inbounds && offset >= 0n)) {
    flagText += 'nuw '
  }
  return IRConstant.expr(res, `getelementptr ${flagText}(i8, ${base.printWithType()}, i${width} ${offset})`)
}

function translateCall(op: Operation, ft: FunctionTranslation): void {
  const segs = i64Array(op.getAttr('operandSegmentSizes'))
  const operands = op.getOperands()
  const tail = (op.getAttr('TailCallKind') as { kind?: string } | undefined)?.kind ?? 'none'
  const keyword = `${tail === 'none' ? '' : `${tail} `}call ${fmfText(op)}`
  const numCallee = segs[0] ?? operands.length
  const parts = callSiteParts(op, ft, keyword, operands.slice(0, numCallee), operands.slice(numCallee, numCallee + (segs[1] ?? 0)))
  const res = op.numResults > 0 ? op.getResult(0) : undefined
  ft.emit(res?.type ?? LLVMVoidType.get(op.context), parts, res)
}

/** Calling conventions LLVM spells differently from the dialect (an unnamed one as `ccN`). */
const CCONV_IR_NAMES: Readonly<Record<string, string>> = {
  cc_10: 'ghccc',
  aarch64_vectorcallcc: 'aarch64_vector_pcs',
  aarch64_sve_vectorcallcc: 'aarch64_sve_vector_pcs',
  wasm_emscripten_invokecc: 'cc99',
  m68k_intrcc: 'cc101',
  avr_builtincc: 'cc86',
  msp430_builtincc: 'cc94',
}

/** The LLVM IR spelling of the dialect's calling convention `cconv` (`fastcc`, `ptx_kernel`, `cc11`). */
function cconvName(cconv: string): string {
  const named = CCONV_IR_NAMES[cconv]
  if (named !== undefined) {
    return named
  }
  if (/^cc_\d+$/.test(cconv)) {
    return `cc${cconv.slice(3)}`
  }
  // The GPU conventions drop the dialect's `cc` suffix; the others keep it.
  return /^(ptx_|spir_|amdgpu_)/.test(cconv) ? cconv.slice(0, -2) : cconv
}

function translateIntrinsicOp(op: Operation, ft: FunctionTranslation, base: string): void {
  const res = op.getResult(0)
  const operands = op.getOperands()
  const args = operands.map((v) => ft.lookup(v, op))
  const types = operands.map((v) => v.type)
  if (RESULT_OVERLOADED.has(base)) {
    const suffix = manglePart(res.type, op)
    if (base === 'ctlz' || base === 'cttz' || base === 'abs') {
      const poison = op.getAttr(base === 'abs' ? 'is_int_min_poison' : 'is_zero_poison')
      const i1 = IntegerType.get(op.context, 1)
      args.push(IRConstant.int(i1, poison instanceof IntegerAttr && poison.value !== 0n ? 1n : 0n))
      types.push(i1)
    }
    const retAttrs = fmfText(op).trimEnd()
    callWithFmf(op, ft, `llvm.${base}.${suffix}`, base, res.type, args, types, retAttrs)
    return
  }
  if (OPERAND_OVERLOADED.has(base)) {
    let name = `llvm.${base}.${manglePart(types[0]!, op)}`
    if (base === 'powi') {
      name += `.${manglePart(types[1]!, op)}`
    } else if (base === 'is.fpclass') {
      const i32 = IntegerType.get(op.context, 32)
      const bit = op.getAttr('bit')
      args.push(IRConstant.int(i32, bit instanceof IntegerAttr ? bit.value : 0n))
      types.push(i32)
    }
    callWithFmf(op, ft, name, base, res.type, args, types, fmfText(op).trimEnd())
    return
  }
  if (base.endsWith('.with.overflow')) {
    ft.callIntrinsic(op, `llvm.${base}.${manglePart(types[0]!, op)}`, base, res.type, args, types)
    return
  }
  throw new TranslationError(op, `cannot be converted to LLVM IR: unsupported intrinsic op 'llvm.intr.${base}'`)
}

/** Emits an intrinsic call whose fast-math flags go between `call` and the type. */
function callWithFmf(op: Operation, ft: FunctionTranslation, name: string, base: string, ret: Type, args: readonly IROperand[], types: readonly Type[], fmf: string): void {
  ft.callIntrinsic(op, name, base, ret, args, types, fmf)
}

function manglePart(t: Type, op: Operation): string {
  if (t instanceof IntegerType) {
    return `i${t.width}`
  }
  if (t instanceof FloatType) {
    return t.kind
  }
  if (t instanceof LLVMPointerType) {
    return `p${t.addressSpace}`
  }
  if (t instanceof VectorType && t.shape.length === 1) {
    return `v${t.shape[0]}${manglePart(t.elementType, op)}`
  }
  throw new TranslationError(op, `cannot mangle type '${typeToString(t)}' in an intrinsic name`)
}

// ---- functions, globals, module ------------------------------------------------------------

/** `getBlocksSortedByDominance`: reverse post-order from each block not yet reached, in region order. */
function blocksInTranslationOrder(blocks: readonly Block[]): Block[] {
  const out: Block[] = []
  const seen = new Set<Block>()
  for (const start of blocks) {
    if (seen.has(start)) {
      continue
    }
    const post: Block[] = []
    const visited = new Set<Block>()
    const stack: { block: Block; next: number }[] = [{ block: start, next: 0 }]
    visited.add(start)
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!
      const succs = top.block.successors
      if (top.next < succs.length) {
        const s = succs[top.next++]!
        if (!visited.has(s) && !seen.has(s)) {
          visited.add(s)
          stack.push({ block: s, next: 0 })
        }
      } else {
        post.push(top.block)
        stack.pop()
      }
    }
    for (let i = post.length - 1; i >= 0; i--) {
      out.push(post[i]!)
      seen.add(post[i]!)
    }
  }
  return out
}

/** The function attributes (`"nvvm.maxntid"="128,1,1"`, ...) of an `llvm.func`, sorted as LLVM sorts them. */
function functionAttributes(op: Operation): { enums: string[]; strings: [string, string][] } {
  const enums: string[] = []
  const strings: [string, string][] = []
  const dims = (a: Attribute): string => (a instanceof DenseArrayAttr ? a.values.map(String).join(',') : a instanceof IntegerAttr ? String(a.value) : '')
  for (const { name, value } of op.getAttrs()) {
    switch (name) {
      case 'nvvm.maxntid':
      case 'nvvm.reqntid':
      case 'nvvm.cluster_dim':
      case 'nvvm.maxnreg':
      case 'nvvm.minctasm':
      case 'nvvm.cluster_max_blocks':
        strings.push([name, dims(value)])
        break
      case 'no_inline':
        enums.push('noinline')
        break
      case 'always_inline':
        enums.push('alwaysinline')
        break
      case 'no_unwind':
        enums.push('nounwind')
        break
      case 'will_return':
        enums.push('willreturn')
        break
      case 'convergent':
        enums.push('convergent')
        break
      case 'optimize_none':
        enums.push('optnone')
        break
      case 'passthrough':
        if (value instanceof ArrayAttr) {
          for (const e of value.elements) {
            if (e instanceof StringAttr) {
              enums.push(e.value)
            } else if (e instanceof ArrayAttr && e.elements.length === 2) {
              const [k, v] = e.elements
              strings.push([(k as StringAttr).value, (v as StringAttr).value])
            }
          }
        }
        break
      default:
        break
    }
  }
  enums.sort()
  strings.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  return { enums, strings }
}

const PARAM_ENUM_ATTRS: Readonly<Record<string, string>> = {
  'llvm.noalias': 'noalias',
  'llvm.nonnull': 'nonnull',
  'llvm.noundef': 'noundef',
  'llvm.readonly': 'readonly',
  'llvm.writeonly': 'writeonly',
  'llvm.readnone': 'readnone',
  'llvm.nocapture': 'nocapture',
  'llvm.inreg': 'inreg',
  'llvm.returned': 'returned',
  'llvm.signext': 'signext',
  'llvm.zeroext': 'zeroext',
  'llvm.nofree': 'nofree',
  'llvm.nest': 'nest',
}

/** Parameter attributes (`noalias align 16`), sorted as LLVM sorts them. */
function paramAttributes(dict: Attribute | undefined, op: Operation): string {
  if (!(dict instanceof DictionaryAttr)) {
    return ''
  }
  const enums: string[] = []
  const ints: string[] = []
  const typed: string[] = []
  const strings: string[] = []
  for (const { name, value } of dict.entries) {
    const e = PARAM_ENUM_ATTRS[name]
    if (e !== undefined) {
      enums.push(e)
    } else if (name === 'llvm.align' || name === 'llvm.dereferenceable' || name === 'llvm.dereferenceable_or_null') {
      ints.push(`${name.slice(5)}${name === 'llvm.align' ? ' ' : '('}${String((value as IntegerAttr).value)}${name === 'llvm.align' ? '' : ')'}`)
    } else if (name === 'llvm.byval' || name === 'llvm.byref' || name === 'llvm.sret' || name === 'llvm.inalloca' || name === 'llvm.preallocated') {
      typed.push(`${name.slice(5)}(${fmtType((value as TypeAttr).value, op)})`)
    } else if (name === 'nvvm.grid_constant') {
      strings.push('"nvvm.grid_constant"')
    } else if (!name.startsWith('llvm.') && name.includes('.')) {
      continue
    } else {
      throw new TranslationError(op, `unsupported argument attribute '${name}'`)
    }
  }
  enums.sort()
  ints.sort()
  return [...enums, ...ints, ...typed, ...strings].join(' ')
}

function translateFunction(op: Operation, module: IRModuleBuilder, globals: ReadonlyMap<string, Type | null>): IRFunction {
  const fnType = (op.getAttr('function_type') as TypeAttr).value as LLVMFunctionType
  const name = (op.getAttr('sym_name') as StringAttr).value
  const body = op.regions[0]!
  const isDecl = body.empty
  const linkage = (op.getAttr('linkage') as LinkageAttr | undefined)?.linkage ?? 'external'
  const vis = VisibilityNames[intAttr(op, 'visibility_') ?? 0] ?? 'default'
  let cconv = (op.getAttr('CConv') as CConvAttr | undefined)?.cconv ?? 'ccc'
  if (op.getAttr('nvvm.kernel') !== undefined) {
    cconv = 'ptx_kernelcc'
  }
  const { enums, strings } = functionAttributes(op)
  const groupText = [...enums, ...strings.map(([k, v]) => `"${k}"="${v}"`)].join(' ')
  const argAttrs = op.getAttr('arg_attrs')
  const resAttrs = op.getAttr('res_attrs')
  let header = isDecl ? 'declare ' : 'define '
  if (linkage !== 'external') {
    header += `${linkage} `
  }
  if (vis !== 'default') {
    header += `${vis} `
  }
  if (cconv !== 'ccc') {
    header += `${cconvName(cconv)} `
  }
  const retAttrText = resAttrs instanceof ArrayAttr ? paramAttributes(resAttrs.elements[0], op) : ''
  header += (retAttrText === '' ? '' : retAttrText + ' ') + fmtType(fnType.returnType, op) + ` @${quoteIdentifier(name)}(`
  const ft = new FunctionTranslation(module, globals)
  ft.functionName = name
  const argRefs: IRRef[] = []
  const argParts: Part[] = []
  fnType.params.forEach((p, i) => {
    const pa = argAttrs instanceof ArrayAttr ? paramAttributes(argAttrs.elements[i], op) : ''
    const ref = new IRRef(p)
    argRefs.push(ref)
    argParts.push((i > 0 ? ', ' : '') + fmtType(p, op) + (pa === '' ? '' : ' ' + pa) + (isDecl ? '' : ' '))
    if (!isDecl) {
      argParts.push(ref)
    }
  })
  if (fnType.isVarArg) {
    argParts.push(fnType.params.length > 0 ? ', ...' : '...')
  }
  const ua = UnnamedAddrNames[intAttr(op, 'unnamed_addr') ?? 0] ?? ''
  const trailer = `)${ua !== '' ? ' ' + ua : ''}`
  const group = groupText === '' ? -1 : module.attrGroup(groupText)
  // A definition's personality follows its attributes (declarations keep none, as upstream).
  const personality = op.getAttr('personality')
  const personalitySuffix = !isDecl && personality instanceof SymbolRefAttr ? ` personality ptr @${quoteIdentifier(personality.rootReference)}` : ''
  const groupSuffix = (group >= 0 ? ` #${group}` : '') + functionSectionComdatAlign(op) + personalitySuffix
  const f: IRFunction = { name, text: '', fnAttrGroup: groupText, commentAttrs: enums.join(' ') }
  module.addFunction(f)
  if (isDecl) {
    f.text = header + renderParts(argParts) + trailer + groupSuffix
    return f
  }
  // Deferred: bodies are translated after every function is declared.
  f.text = ''
  ;(f as IRFunction & { pending?: () => void }).pending = () => {
    const mlirBlocks = [...body.blocks()]
    const irBlocks = mlirBlocks.map((b) => {
      const ib = new IRBlock()
      ft.blocks.set(b, ib)
      return ib
    })
    mlirBlocks[0]!.arguments.forEach((a: Value, i: number) => ft.values.set(a, argRefs[i]!))
    ft.entry = irBlocks[0]!
    // PHIs for the arguments of the other blocks.
    const phis = new Map<Block, IRRef[]>()
    for (const b of blocksInTranslationOrder(mlirBlocks)) {
      const ib = ft.blocks.get(b)!
      ft.current = ib
      if (b !== mlirBlocks[0]) {
        const refs: IRRef[] = []
        for (const a of b.arguments) {
          const ref = new IRRef(a.type)
          refs.push(ref)
          ft.values.set(a, ref)
          ib.instructions.push(new IRInstruction(ref, []))
        }
        phis.set(b, refs)
      }
      for (const o of b.operations) {
        translateOp(o, ft)
      }
    }
    connectPhis(mlirBlocks, phis, ft, op)
    const bodyText = renderBody(argRefs, irBlocks)
    f.text = header + renderParts(argParts) + trailer + groupSuffix + ' {\n' + bodyText
  }
  return f
}

/** Fills the PHI instructions: one incoming value per predecessor use, in MLIR's predecessor order. */
function connectPhis(blocks: readonly Block[], phis: ReadonlyMap<Block, IRRef[]>, ft: FunctionTranslation, fnOp: Operation): void {
  for (const b of blocks.slice(1)) {
    const refs = phis.get(b)
    if (refs === undefined || refs.length === 0) {
      continue
    }
    const ib = ft.blocks.get(b)!
    const incoming: { value: Value[]; block: IRBlock }[] = []
    for (let u = b.firstPredecessorUse; u !== null; u = u.nextUse) {
      const term = u.owner
      incoming.push({ value: successorOperands(term, u.index), block: ft.blocks.get(term.parentBlock!)! })
    }
    refs.forEach((ref, i) => {
      const parts: Part[] = [`phi ${fmtType(ref.type!, fnOp)} `]
      incoming.forEach((inc, k) => {
        parts.push(k > 0 ? ', [ ' : '[ ', ft.lookup(inc.value[i]!, fnOp), ', ', inc.block.label, ' ]')
      })
      const at = ib.instructions.findIndex((x) => x.result === ref)
      ib.instructions[at] = new IRInstruction(ref, parts)
    })
  }
}

/** The operands a terminator forwards to its successor `index`. */
function successorOperands(term: Operation, index: number): Value[] {
  const name = term.name.name
  const ops = term.getOperands()
  if (name === 'llvm.br') {
    return ops
  }
  if (name === 'llvm.cond_br') {
    const segs = i64Array(term.getAttr('operandSegmentSizes'))
    return index === 0 ? ops.slice(1, 1 + segs[1]!) : ops.slice(1 + segs[1]!, 1 + segs[1]! + segs[2]!)
  }
  if (name === 'llvm.invoke') {
    const segs = i64Array(term.getAttr('operandSegmentSizes'))
    const start = segs[0]! + (index === 0 ? 0 : segs[1]!)
    return ops.slice(start, start + segs[1 + index]!)
  }
  if (name === 'llvm.switch') {
    const segs = i64Array(term.getAttr('operandSegmentSizes'))
    if (index === 0) {
      return ops.slice(1, 1 + segs[1]!)
    }
    const caseSegs = i64Array(term.getAttr('case_operand_segments'))
    let at = 1 + segs[1]!
    for (let i = 0; i < index - 1; i++) {
      at += caseSegs[i]!
    }
    return ops.slice(at, at + caseSegs[index - 1]!)
  }
  return []
}

function renderParts(parts: readonly Part[]): string {
  let s = ''
  for (const p of parts) {
    if (typeof p === 'string') {
      s += p
    } else if (p instanceof IRRef) {
      s += `%${p.slot}`
    } else {
      s += p.print()
    }
  }
  return s
}

/** Numbers the arguments, blocks and results (LLVM's slot tracker) and prints the blocks. */
function renderBody(args: readonly IRRef[], blocks: readonly IRBlock[]): string {
  let next = 0
  for (const a of args) {
    a.slot = next++
  }
  for (const b of blocks) {
    b.label.slot = next++
    for (const i of b.instructions) {
      if (i.result !== null) {
        i.result.slot = next++
      }
    }
  }
  let out = ''
  blocks.forEach((b, k) => {
    if (k > 0) {
      let line = `\n${b.label.slot}:`
      line += ' '.repeat(Math.max(50 - line.length + 1, 1))
      line += b.preds.length === 0 ? '; No predecessors!' : `; preds = ${b.preds.map((p) => `%${p.label.slot}`).join(', ')}`
      out += line + '\n'
    }
    for (const i of b.instructions) {
      out += '  ' + (i.result !== null ? `%${i.result.slot} = ` : '') + renderParts(i.parts) + '\n'
    }
  })
  return out + '}'
}

function translateGlobal(op: Operation, globals: ReadonlyMap<string, Type | null>, dl: DataLayout): string {
  const name = (op.getAttr('sym_name') as StringAttr).value
  const type = (op.getAttr('global_type') as TypeAttr).value
  const linkage = (op.getAttr('linkage') as LinkageAttr | undefined)?.linkage ?? 'external'
  const as = intAttr(op, 'addr_space') ?? 0
  const align = intAttr(op, 'alignment')
  const value = op.getAttr('value')
  let init: string
  if (!op.regions[0]!.empty) {
    init = initializerConstant(op, globals, dl).print()
  } else if (value === undefined) {
    init = linkage === 'external' || linkage === 'extern_weak' ? '' : 'undef'
  } else {
    init = constantFromAttr(value, type, op).print()
  }
  let s = globalValuePrefix(op, name, linkage, true, true, init === '')
  if (as !== 0) {
    s += `addrspace(${as}) `
  }
  if (op.getAttr('externally_initialized') !== undefined) {
    s += 'externally_initialized '
  }
  s += op.getAttr('constant') !== undefined ? 'constant ' : 'global '
  s += fmtType(type, op)
  if (init !== '') {
    s += ' ' + init
  }
  const section = op.getAttr('section')
  if (section instanceof StringAttr) {
    s += `, section "${section.value}"`
  }
  s += globalComdatSuffix(op)
  if (align !== undefined) {
    s += `, align ${align}`
  }
  return s
}

/** LLVM's names of `AtomicOrdering` values (`ordering = N`). */
const ATOMIC_ORDERING_NAMES: readonly string[] = ['', 'unordered', 'monotonic', '', 'acquire', 'release', 'acq_rel', 'seq_cst']

/**
 * ` syncscope("s") ordering` for an atomic access (no syncscope when empty), or '' when
 * `attr` is `not_atomic`.
 */
function atomicSuffix(op: Operation, attr: string): string {
  const ordering = ATOMIC_ORDERING_NAMES[intAttr(op, attr) ?? 0] ?? ''
  if (ordering === '') {
    return ''
  }
  const scope = op.getAttr('syncscope')
  const s = scope instanceof StringAttr && scope.value !== '' ? ` syncscope("${escapeString(scope.value)}")` : ''
  return `${s} ${ordering}`
}

/** Operand bundles are reported, not dropped: the translation does not write them yet. */
function rejectOpBundles(op: Operation): void {
  if (op.getAttr('op_bundle_tags') !== undefined) {
    throw new TranslationError(op, `operand bundles on '${op.name.name}' are not supported by the translation yet`)
  }
}

/** The memory-access flags and metadata the translation does not write yet are reported, not dropped. */
function rejectAccessMetadata(op: Operation): void {
  for (const name of ['nontemporal', 'invariant', 'invariantGroup', 'access_groups', 'alias_scopes', 'noalias_scopes', 'tbaa']) {
    if (op.getAttr(name) !== undefined) {
      throw new TranslationError(op, `'${name}' on '${op.name.name}' is not supported by the translation yet`)
    }
  }
}

/**
 * `@name = linkage dso_local visibility thread_local unnamed_addr `, as LLVM prints a global
 * value: `dso_local` only where it is not implied (local linkage, or non-default visibility
 * without `extern_weak`), and only for what the MLIR translation marks dso_local.
 */
function globalValuePrefix(op: Operation, name: string, linkage: string, dsoLocal: boolean, withUnnamedAddr: boolean, isDeclaration = false): string {
  let s = `@${quoteIdentifier(name)} = `
  if (linkage !== 'external') {
    s += `${linkage} `
  } else if (isDeclaration) {
    // LLVM spells out the linkage of an external global without an initializer.
    s += 'external '
  }
  const vis = VisibilityNames[intAttr(op, 'visibility_') ?? 0] ?? 'default'
  const implicitDSOLocal = linkage === 'internal' || linkage === 'private' || (vis !== 'default' && linkage !== 'extern_weak')
  if (dsoLocal && op.getAttr('dso_local') !== undefined && !implicitDSOLocal) {
    s += 'dso_local '
  }
  if (vis !== 'default') {
    s += `${vis} `
  }
  if (op.getAttr('thread_local_') !== undefined) {
    s += 'thread_local '
  }
  const ua = withUnnamedAddr ? (UnnamedAddrNames[intAttr(op, 'unnamed_addr') ?? 0] ?? '') : ''
  if (ua !== '') {
    s += `${ua} `
  }
  return s
}

/**
 * `llvm.mlir.alias` as LLVM prints a global alias. The MLIR translation does not carry an
 * alias's `dso_local` over, so none is printed.
 */
function translateAlias(op: Operation, globals: ReadonlyMap<string, Type | null>, dl: DataLayout): string {
  const name = (op.getAttr('sym_name') as StringAttr).value
  const type = (op.getAttr('alias_type') as TypeAttr).value
  const linkage = (op.getAttr('linkage') as LinkageAttr | undefined)?.linkage ?? 'external'
  const aliasee = initializerConstant(op, globals, dl)
  // LLVM writes a constant-expression aliasee without its type.
  const aliaseeText = aliasee.kind === 'expr' ? aliasee.print() : aliasee.printWithType()
  return `${globalValuePrefix(op, name, linkage, false, true)}alias ${fmtType(type, op)}, ${aliaseeText}`
}

/**
 * `llvm.mlir.ifunc` as LLVM prints a global ifunc. The MLIR translation sets linkage,
 * visibility and dso_local, not unnamed_addr.
 */
function translateIFunc(op: Operation): string {
  const name = (op.getAttr('sym_name') as StringAttr).value
  const linkage = (op.getAttr('linkage') as LinkageAttr | undefined)?.linkage ?? 'external'
  const fnType = (op.getAttr('i_func_type') as TypeAttr).value
  const resolverType = (op.getAttr('resolver_type') as TypeAttr).value
  const resolver = (op.getAttr('resolver') as SymbolRefAttr).rootReference
  return `${globalValuePrefix(op, name, linkage, true, false)}ifunc ${fmtType(fnType, op)}, ${fmtType(resolverType, op)} @${quoteIdentifier(resolver)}`
}

/** The constant an initializer region computes: every op must fold to a constant, as upstream requires. */
function initializerConstant(op: Operation, globals: ReadonlyMap<string, Type | null>, dl: DataLayout): IRConstant {
  const module = new IRModuleBuilder('')
  ;(module as { dataLayout: DataLayout }).dataLayout = dl
  const ft = new FunctionTranslation(module, globals)
  ft.current = new IRBlock()
  for (const inner of op.regions[0]!.front.operations) {
    if (inner.name.name === 'llvm.return') {
      const v = ft.lookup(inner.getOperand(0), inner)
      if (!(v instanceof IRConstant)) {
        break
      }
      return v
    }
    translateOp(inner, ft)
    if (ft.current.instructions.length > 0) {
      throw new TranslationError(inner, 'unsupported global initializer: the op does not fold to a constant')
    }
  }
  throw new TranslationError(op, 'unsupported global initializer: the region does not return a constant')
}

/**
 * Translates `module` (a `builtin.module` of `llvm` and `nvvm` ops) to LLVM IR text, as
 * `mlir-translate --mlir-to-llvmir` prints it; reports the first problem on the offending
 * op through the context's diagnostics and returns undefined.
 */
export function translateModuleToLLVMIR(module: Operation): string | undefined {
  try {
    return translate(module)
  } catch (e) {
    if (e instanceof TranslationError || e instanceof ModuleLevelError) {
      e.op.emitError(e.message).report()
      return undefined
    }
    throw e
  }
}

/**
 * `ensureDistinctSuccessors` of upstream's export legalization: every repeated successor of
 * a terminator after its first occurrence goes through a new block (appended to the
 * region) that branches on with its arguments, since an LLVM PHI cannot tell the edges apart.
 */
function ensureDistinctSuccessors(fn: Operation): void {
  const region = fn.regions[0]!
  for (const bb of [...region.blocks()]) {
    const term = bb.terminator
    if (term === null || term.numSuccessors < 2) {
      continue
    }
    const positions = new Map<Block, number[]>()
    for (let i = 0; i < term.numSuccessors; i++) {
      const succ = term.getSuccessor(i)
      const list = positions.get(succ) ?? []
      list.push(i)
      positions.set(succ, list)
    }
    for (const [succ, list] of positions) {
      if (succ.numArguments === 0) {
        // Without PHIs the repeated edges need no distinction.
        continue
      }
      for (const position of list.slice(1)) {
        const dummy = new BlockClass()
        region.push(dummy)
        term.setSuccessor(position, dummy)
        const args = succ.arguments.map((a: Value) => dummy.addArgument(a.type, a.location))
        const state = new OperationState(term.location, term.context.getOperationName('llvm.br'))
        state.addOperands(args)
        state.addSuccessor(succ)
        dummy.append(Operation.create(state))
      }
    }
  }
}

/** True when some terminator repeats a successor that has arguments (then a legalized copy is translated). */
function needsDistinctSuccessors(module: Operation): boolean {
  for (const fn of module.regions[0]?.front?.operations ?? []) {
    if (fn.name.name !== 'llvm.func') {
      continue
    }
    for (const bb of fn.regions[0]!.blocks()) {
      const term = bb.terminator
      if (term === null || term.numSuccessors < 2) {
        continue
      }
      const seen = new Set<Block>()
      for (let i = 0; i < term.numSuccessors; i++) {
        const succ = term.getSuccessor(i)
        if (seen.has(succ) && succ.numArguments > 0) {
          return true
        }
        seen.add(succ)
      }
    }
  }
  return false
}

function translate(input: Operation): string {
  if (!needsDistinctSuccessors(input)) {
    return translateLegalized(input)
  }
  const module = input.clone()
  try {
    for (const op of module.regions[0]?.front?.operations ?? []) {
      if (op.name.name === 'llvm.func' && !op.regions[0]!.empty) {
        ensureDistinctSuccessors(op)
      }
    }
    return translateLegalized(module)
  } finally {
    module.erase()
  }
}

function translateLegalized(module: Operation): string {
  const dlAttr = module.getAttr('llvm.data_layout')
  const tripleAttr = module.getAttr('llvm.target_triple')
  const dl = dlAttr instanceof StringAttr ? dlAttr.value : ''
  const irModule = new IRModuleBuilder(dl)
  const body = module.regions[0]?.front
  const ops = body === undefined ? [] : body.operations
  const globals = new Map<string, Type | null>()
  for (const op of ops) {
    const n = op.name.name
    if (n === 'llvm.mlir.global' || n === 'llvm.func' || n === 'llvm.mlir.alias' || n === 'llvm.mlir.ifunc') {
      const type = n === 'llvm.func' ? LLVMPointerType.get(op.context) : n === 'llvm.mlir.global' ? (op.getAttr('global_type') as TypeAttr).value : null
      globals.set((op.getAttr('sym_name') as StringAttr).value, type)
    }
  }
  const globalLines: string[] = []
  const aliasLines: string[] = []
  const ifuncLines: string[] = []
  const fns: (IRFunction & { pending?: () => void })[] = []
  for (const op of ops) {
    const n = op.name.name
    if (n === 'llvm.mlir.global') {
      globalLines.push(translateGlobal(op, globals, irModule.dataLayout))
    } else if (n === 'llvm.func') {
      fns.push(translateFunction(op, irModule, globals))
    } else if (n === 'llvm.mlir.alias') {
      aliasLines.push(translateAlias(op, globals, irModule.dataLayout))
    } else if (n === 'llvm.mlir.ifunc') {
      ifuncLines.push(translateIFunc(op))
    } else if (n === 'llvm.mlir.global_ctors' || n === 'llvm.mlir.global_dtors' || n === 'llvm.comdat' || n === 'llvm.module_flags') {
      // Written with the module-level sections below.
    } else {
      throw new TranslationError(op, `cannot be converted to LLVM IR: missing \`LLVMTranslationDialectInterface\` registration for dialect for op: ${n}`)
    }
  }
  for (const f of fns) {
    f.pending?.()
  }
  globalLines.push(...xtorGlobalLines(ops, tripleAttr instanceof StringAttr ? tripleAttr.value : ''))
  const named = collectNamedStructs(module)
  let out = `; ModuleID = 'LLVMDialectModule'\nsource_filename = "LLVMDialectModule"\n`
  if (dl !== '') {
    out += `target datalayout = "${dl}"\n`
  }
  if (tripleAttr instanceof StringAttr && tripleAttr.value !== '') {
    out += `target triple = "${tripleAttr.value}"\n`
  }
  if (named.length > 0) {
    out += '\n'
    for (const t of named) {
      out += `%${quoteIdentifier(t.name!)} = type ${structBody(t) ?? ''}\n`
    }
  }
  out += comdatSection(ops)
  for (const lines of [globalLines, aliasLines, ifuncLines]) {
    if (lines.length > 0) {
      out += '\n' + lines.map((l) => l + '\n').join('')
    }
  }
  for (const f of irModule.functions) {
    out += '\n'
    const isDecl = f.text.startsWith('declare ')
    if (f.commentAttrs !== '') {
      out += `; Function Attrs: ${f.commentAttrs}\n`
    }
    if (isDecl && f.fnAttrGroup !== '' && !f.text.includes(' #')) {
      out += `${f.text} #${irModule.attrGroup(f.fnAttrGroup)}\n`
    } else {
      out += f.text + '\n'
    }
  }
  const groups = irModule.attrGroupLines()
  if (groups.length > 0) {
    out += '\n' + groups.join('\n') + '\n'
  }
  out += moduleFlagsSection(ops)
  return resolveBlockAddresses(out, irModule)
}

/** The identified structs used in the module, in first-use order (LLVM prints their bodies first). */
function collectNamedStructs(module: Operation): LLVMStructType[] {
  const seen = new Set<LLVMStructType>()
  const out: LLVMStructType[] = []
  const visit = (t: Type): void => {
    if (t instanceof LLVMStructType) {
      if (t.name !== null) {
        if (seen.has(t)) {
          return
        }
        seen.add(t)
        out.push(t)
      }
      t.body.forEach(visit)
    } else if (t instanceof VectorType) {
      visit(t.elementType)
    } else if (t instanceof LLVMArrayType) {
      visit(t.elementType)
    } else if (t instanceof LLVMFunctionType) {
      visit(t.returnType)
      t.params.forEach(visit)
    }
  }
  module.walk((op) => {
    for (const r of op.getOperands()) {
      visit(r.type)
    }
    for (let i = 0; i < op.numResults; i++) {
      visit(op.getResult(i).type)
    }
    for (const { value } of op.getAttrs()) {
      if (value instanceof TypeAttr) {
        visit(value.value)
      }
    }
  })
  return out
}

void UnitAttr
