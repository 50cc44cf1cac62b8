/**
 * The ops of the `nvvm` dialect that GPU kernels need: special registers, barriers,
 * warp shuffles, `cp.async` and its groups, `ldmatrix` and `setmaxregister`,
 * with upstream's custom syntax (spacing included) and verifiers.
 */
import {
  DenseArrayAttr,
  I32,
  I32Attr,
  type IntegerAttr,
  IntegerType,
  Trait,
  UnitAttr,
  UnitAttrC,
  attrConstraint,
  defineOp,
  optional,
  optionalAttr,
  typeConstraint,
  typeToString,
  type AttrConstraint,
  type Attribute,
  type LogicalResult,
  type NamedAttribute,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Type,
  type TypeConstraint,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { LLVMConstantRangeAttr, parseConstantRangeBody } from '../llvm/LLVMAttributes.ts'
import { LLVMTypeC } from '../llvm/LLVMConstraints.ts'
import { LLVMPointerType, LLVMStructType } from '../llvm/LLVMTypes.ts'
import { NVVMEnumAttr, NVVMKeywordAttr, NVVMOpaqueEnumCases, NVVMShapeAttr, nvvmCase } from './NVVMAttributes.ts'

/** @internal A type in single quotes, as ODS messages write it. */
export function quoted(t: Type): string {
  return `'${typeToString(t)}'`
}

/** `LLVM_ConstantRangeAttr`, written `<i32, 0, 32>` in custom syntax. */
export const ConstantRangeC: AttrConstraint = attrConstraint("A range of two integers, corresponding to LLVM's ConstantRange", (a) => a instanceof LLVMConstantRangeAttr, {
  parse(parser: OpAsmParser): Attribute | undefined {
    return parser.parseLess() ? parseConstantRangeBody(parser) : undefined
  },
  parseOptional(parser: OpAsmParser): Attribute | null | undefined {
    return parser.parseOptionalLess() ? parseConstantRangeBody(parser) : null
  },
  print(attr: Attribute, p: OpAsmPrinter): void {
    const r = attr as LLVMConstantRangeAttr
    p.print(`<i${r.width}, ${r.lower}, ${r.upper}>`)
  },
})

/** `LLVM_PointerInAddressSpace<space>`: `!llvm.ptr<space>`. */
export function pointerIn(space: number): TypeConstraint {
  return typeConstraint(`LLVM pointer in address space ${space}`, (t) => t instanceof LLVMPointerType && t.addressSpace === space)
}

/** The special registers (`nvvm.read.ptx.sreg.<name>`) and the width of their value. */
export const NVVMSpecialRegisters: readonly (readonly [string, 32 | 64])[] = [
  ...['tid', 'ntid', 'ctaid', 'nctaid', 'clusterid', 'nclusterid', 'cluster.ctaid', 'cluster.nctaid'].flatMap((r) =>
    ['x', 'y', 'z'].map((d) => [`${r}.${d}`, 32] as const),
  ),
  ...['laneid', 'warpid', 'nwarpid', 'warpsize', 'smid', 'nsmid', 'gridid', 'cluster.ctarank', 'cluster.nctarank', 'clock'].map((r) => [r, 32] as const),
  ...['eq', 'le', 'lt', 'ge', 'gt'].map((r) => [`lanemask.${r}`, 32] as const),
  ['clock64', 64],
  ['globaltimer', 64],
]

/** The special registers without a `range` attribute (their values have no fixed bounds). */
const NO_RANGE: ReadonlySet<string> = new Set(['clock', 'clock64', 'globaltimer', 'lanemask.eq', 'lanemask.le', 'lanemask.lt', 'lanemask.ge', 'lanemask.gt'])

function sregOp(name: string): OdsOp {
  const ranged = !NO_RANGE.has(name)
  return defineOp({
    name: `nvvm.read.ptx.sreg.${name}`,
    results: { res: LLVMTypeC },
    attributes: ranged ? { range: optionalAttr(ConstantRangeC) } : {},
    traits: ranged ? Trait.Pure : 0,
    assemblyFormat: ranged ? '(`range` $range^)? attr-dict `:` type($res)' : 'attr-dict `:` type($res)',
  })
}

/** `nvvm.read.ptx.sreg.*`: one op per special register. */
export const NVVMSpecialRegisterOps: readonly OdsOp[] = NVVMSpecialRegisters.map(([n]) => sregOp(n))

/** `nvvm.barrier0`: `bar.sync 0`. */
export const NVVMBarrier0Op: OdsOp = defineOp({ name: 'nvvm.barrier0', assemblyFormat: 'attr-dict' })

/** `nvvm.barrier (id = %id)? (number_of_threads = %n)?`: a CTA barrier. */
export const NVVMBarrierOp: OdsOp = defineOp({
  name: 'nvvm.barrier',
  operands: { barrierId: optional(I32), numberOfThreads: optional(I32), reductionPredicate: optional(I32) },
  results: { res: optional(I32) },
  attributes: { reductionOp: optionalAttr(attrConstraint('barrier reduction', () => true)) },
  traits: Trait.AttrSizedOperandSegments,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const i32 = IntegerType.get(parser.context, 32)
    const ops: Value[] = []
    const segs = [0, 0, 0]
    for (const [i, kw] of [[0, 'id'], [1, 'number_of_threads']] as const) {
      if (parser.parseOptionalKeyword(kw)) {
        const o = parser.parseEqual() ? parser.parseOperand() : undefined
        if (o === undefined || !parser.resolveOperand(o, i32, ops)) {
          return false
        }
        segs[i] = 1
      }
    }
    const attrs: NamedAttribute[] = []
    if (!parser.parseOptionalAttrDict(attrs)) {
      return false
    }
    state.addOperands(ops)
    for (const a of attrs) {
      state.addAttribute(a.name, a.value)
    }
    state.addProperty('operandSegmentSizes', segmentSizes(parser, segs))
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const segs = operandSegments(op)
    let at = 0
    if (segs[0] === 1) {
      p.print(' id = ')
      p.printOperand(op.getOperand(at++))
    }
    if (segs[1] === 1) {
      p.print(' number_of_threads = ')
      p.printOperand(op.getOperand(at++))
    }
    p.printOptionalAttrDict(op.getAttrs(), ['operandSegmentSizes'])
  },
  verify(op: Operation): LogicalResult {
    const segs = operandSegments(op)
    if (segs[1] === 1 && segs[0] === 0) {
      return op.emitOpError('barrier id is missing, it should be set between 0 to 15').fail()
    }
    return true
  },
})

function segmentSizes(parser: OpAsmParser, segs: readonly number[]): Attribute {
  return DenseArrayAttr.getI32(parser.context, segs)
}

/** The `operandSegmentSizes` of `op` (three zeros without one). */
export function operandSegments(op: Operation): number[] {
  const a = op.getAttr('operandSegmentSizes')
  return a instanceof DenseArrayAttr ? a.values.map(Number) : [0, 0, 0]
}

function enumC(enumName: string): AttrConstraint {
  const cases = NVVMOpaqueEnumCases[enumName]!
  return attrConstraint(`NVVM ${enumName}`, (a) => a instanceof NVVMEnumAttr && a.enumName === enumName && cases.includes(a.value))
}

/** An `#nvvm.<mnemonic><case>` attribute. */
export function keywordC(mnemonic: string): AttrConstraint {
  return attrConstraint(`NVVM ${mnemonic}`, (a) => a instanceof NVVMKeywordAttr && a.mnemonic === mnemonic)
}

/** Parses a keyword of `enumName` and returns its attribute, with upstream's message on failure. */
function parseEnumKeyword(parser: OpAsmParser, enumName: string, what: string): NVVMEnumAttr | undefined {
  const cases = NVVMOpaqueEnumCases[enumName]!
  const loc = parser.getCurrentLocation()
  const kw = parser.parseOptionalKeywordAny()
  if (kw === undefined || !cases.includes(kw)) {
    parser.emitError(loc, `expected ${what} to be one of: ${cases.join(', ')}`).report()
    return undefined
  }
  return NVVMEnumAttr.get(parser.context, enumName, kw)
}

/** Adds the parsed attribute dictionary `attrs` to `state`. */
export function addAttrs(state: OperationState, attrs: readonly NamedAttribute[]): void {
  for (const a of attrs) {
    state.addAttribute(a.name, a.value)
  }
}

/** `nvvm.shfl.sync bfly %mask, %val, %offset, %clamp : f32 -> f32`. */
export const NVVMShflOp: OdsOp = defineOp({
  name: 'nvvm.shfl.sync',
  operands: { thread_mask: I32, val: LLVMTypeC, offset: I32, mask_and_clamp: I32 },
  results: { res: LLVMTypeC },
  attributes: { kind: enumC('shfl_kind'), return_value_and_is_valid: optionalAttr(UnitAttrC) },
  traits: Trait.Pure,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const kind = parseEnumKeyword(parser, 'shfl_kind', '::mlir::NVVM::ShflKind')
    if (kind === undefined) {
      return false
    }
    const loc = parser.getCurrentLocation()
    const operands = parser.parseOperandList(undefined, 4)
    const attrs: NamedAttribute[] = []
    if (operands === undefined || !parser.parseOptionalAttrDict(attrs) || !parser.parseColon()) {
      return false
    }
    const valType = parser.parseType()
    if (valType === undefined || !parser.parseArrow()) {
      return false
    }
    const resType = parser.parseType()
    if (resType === undefined) {
      return false
    }
    const i32 = IntegerType.get(parser.context, 32)
    const values: Value[] = []
    if (!parser.resolveOperands(operands, [i32, valType, i32, i32], loc, values)) {
      return false
    }
    state.addOperands(values)
    state.addProperty('kind', kind)
    addAttrs(state, attrs)
    state.addTypes([resType])
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(`  ${nvvmCase(op.getAttr('kind')) ?? ''} `)
    p.printOperands(op.getOperands())
    p.printOptionalAttrDict(op.getAttrs(), ['kind'])
    p.print(' : ')
    p.printType(op.getOperand(1).type)
    p.print(' -> ')
    p.printType(op.getResult(0).type)
  },
  verify(op: Operation): LogicalResult {
    const valType = op.getOperand(1).type
    const resType = op.getResult(0).type
    if (op.getAttr('return_value_and_is_valid') instanceof UnitAttr) {
      if (!(resType instanceof LLVMStructType) || resType.body.length !== 2) {
        return op.emitOpError('expected return type to be a two-element struct').fail()
      }
      const first = resType.body[0]!
      if (first !== valType) {
        return op.emitOpError(`expected first element in the returned struct to be of type ${quoted(valType)} but got ${quoted(first)} instead`).fail()
      }
      const second = resType.body[1]!
      if (!(second instanceof IntegerType && second.width === 1)) {
        return op.emitOpError(`expected second element in the returned struct to be of type 'i1' but got ${quoted(second)} instead`).fail()
      }
    } else if (resType !== valType) {
      return op.emitOpError(`expected return type to be of type ${quoted(valType)} but got ${quoted(resType)} instead`).fail()
    }
    return true
  },
})

/** `nvvm.cp.async.shared.global %dst, %src, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>`. */
export const NVVMCpAsyncOp: OdsOp = defineOp({
  name: 'nvvm.cp.async.shared.global',
  operands: { dst: pointerIn(3), src: pointerIn(1), cpSize: optional(I32) },
  attributes: { size: I32Attr, modifier: enumC('load_cache_modifier') },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const loc = parser.getCurrentLocation()
    const dst = parser.parseOperand()
    const src = dst !== undefined && parser.parseComma() ? parser.parseOperand() : undefined
    if (src === undefined || !parser.parseComma()) {
      return false
    }
    const size = parser.parseAttribute(IntegerType.get(parser.context, 32))
    if (size === undefined || !parser.parseComma() || !parser.parseKeyword('cache') || !parser.parseEqual()) {
      return false
    }
    const modifier = parseEnumKeyword(parser, 'load_cache_modifier', '::mlir::NVVM::LoadCacheModifierKind')
    if (modifier === undefined) {
      return false
    }
    const operands: UnresolvedOperand[] = [dst!, src]
    if (parser.parseOptionalComma()) {
      const cp = parser.parseOperand()
      if (cp === undefined) {
        return false
      }
      operands.push(cp)
    }
    const attrs: NamedAttribute[] = []
    if (!parser.parseOptionalAttrDict(attrs) || !parser.parseColon()) {
      return false
    }
    const types = parser.parseTypeList()
    if (types === undefined) {
      return false
    }
    const values: Value[] = []
    if (!parser.resolveOperands(operands, types, loc, values)) {
      return false
    }
    state.addOperands(values)
    state.addProperty('size', size)
    state.addProperty('modifier', modifier)
    addAttrs(state, attrs)
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print(', ')
    p.printOperand(op.getOperand(1))
    p.print(`, ${String((op.getAttr('size') as IntegerAttr).value)}, cache =  ${nvvmCase(op.getAttr('modifier')) ?? ''}`)
    if (op.numOperands > 2) {
      p.print(', ')
      p.printOperand(op.getOperand(2))
    }
    p.printOptionalAttrDict(op.getAttrs(), ['size', 'modifier'])
    p.print(' : ')
    p.printTypes(op.getOperands().map((v) => v.type))
  },
  verify(op: Operation): LogicalResult {
    const size = Number((op.getAttr('size') as IntegerAttr).value)
    const modifier = nvvmCase(op.getAttr('modifier'))
    if (modifier !== 'cg' && modifier !== 'ca') {
      return op.emitError('Only CG and CA cache modifiers are supported.').fail()
    }
    if (size !== 4 && size !== 8 && size !== 16) {
      return op.emitError('expected byte size to be either 4, 8 or 16.').fail()
    }
    if (modifier === 'cg' && size !== 16) {
      return op.emitError('CG cache modifier is only support for 16 bytes copy.').fail()
    }
    return true
  },
})

/** `nvvm.cp.async.commit.group`. */
export const NVVMCpAsyncCommitGroupOp: OdsOp = defineOp({ name: 'nvvm.cp.async.commit.group', assemblyFormat: 'attr-dict' })

/** `nvvm.cp.async.wait.group 0`. */
export const NVVMCpAsyncWaitGroupOp: OdsOp = defineOp({
  name: 'nvvm.cp.async.wait.group',
  attributes: { n: I32Attr },
  assemblyFormat: '$n attr-dict',
})

/** `nvvm.ldmatrix %ptr {num = 4 : i32, ...} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>`. */
export const NVVMLdMatrixOp: OdsOp = defineOp({
  name: 'nvvm.ldmatrix',
  operands: { ptr: pointerIn(3) },
  results: { res: LLVMTypeC },
  attributes: {
    num: I32Attr,
    layout: keywordC('mma_layout'),
    shape: attrConstraint('NVVM ld_st_matrix_shape', (a) => a instanceof NVVMShapeAttr && a.mnemonic === 'ld_st_matrix_shape'),
    eltType: keywordC('ld_st_matrix_elt_type'),
  },
  assemblyFormat: '$ptr attr-dict `:` functional-type($ptr, $res)',
  verify(op: Operation): LogicalResult {
    const num = Number((op.getAttr('num') as IntegerAttr).value)
    const shape = op.getAttr('shape') as NVVMShapeAttr
    const elt = nvvmCase(op.getAttr('eltType'))
    const layout = nvvmCase(op.getAttr('layout'))
    if (shape.m === 8 && shape.n === 8) {
      if (num !== 1 && num !== 2 && num !== 4) {
        return op.emitOpError('expected num attribute to be 1, 2 or 4 for 8x8 matrix').fail()
      }
      if (elt !== 'b16') {
        return op.emitOpError('expected element type to be b16 for 8x8 matrix').fail()
      }
    } else if (shape.m === 8 && shape.n === 16) {
      if (num !== 1 && num !== 2 && num !== 4) {
        return op.emitOpError('expected num attribute to be 1, 2 or 4 for 8x16 matrix').fail()
      }
      if (layout !== 'row') {
        return op.emitOpError('expected layout to be row for 8x16 matrix').fail()
      }
      if (elt !== 'b8x16.b4x16_p64' && elt !== 'b8x16.b6x16_p32') {
        return op.emitOpError('expected element type to be b8x16.b4x16_p64 or b8x16.b6x16_p32 for 8x16 matrix').fail()
      }
    } else if (shape.m === 16 && shape.n === 16) {
      if (num !== 1 && num !== 2) {
        return op.emitOpError('expected num attribute to be 1 or 2 for 16x16 matrix').fail()
      }
      if (layout !== 'col') {
        return op.emitOpError('expected layout to be col for 16x16 matrix').fail()
      }
      if (elt !== 'b8' && elt !== 'b8x16.b4x16_p64' && elt !== 'b8x16.b6x16_p32') {
        return op.emitOpError('expected element type to be b8, b8x16.b4x16_p64 or b8x16.b6x16_p32 for 16x16 matrix').fail()
      }
    } else {
      return op.emitOpError('expected shape to be 8x8, 8x16 or 16x16').fail()
    }
    const regs = shape.m === 16 && shape.n === 16 ? num * 2 : num
    const res = op.getResult(0).type
    const i32 = IntegerType.get(op.context, 32)
    if (regs === 1 && res !== i32) {
      return op.emitOpError('expected destination type is i32').fail()
    }
    if ((regs === 2 || regs === 4) && res !== LLVMStructType.getLiteral(op.context, new Array<Type>(regs).fill(i32))) {
      return op.emitOpError(`expected destination type is a structure of ${regs} elements of type i32`).fail()
    }
    return true
  },
})

/** `nvvm.setmaxregister  increase 232`: `setmaxnreg.{inc,dec}.sync.aligned.u32`. */
export const NVVMSetMaxRegisterOp: OdsOp = defineOp({
  name: 'nvvm.setmaxregister',
  attributes: { regCount: I32Attr, action: enumC('action') },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const action = parseEnumKeyword(parser, 'action', '::mlir::NVVM::SetMaxRegisterAction')
    if (action === undefined) {
      return false
    }
    const count = parser.parseAttribute(IntegerType.get(parser.context, 32))
    const attrs: NamedAttribute[] = []
    if (count === undefined || !parser.parseOptionalAttrDict(attrs)) {
      return false
    }
    state.addProperty('action', action)
    state.addProperty('regCount', count)
    addAttrs(state, attrs)
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(`  ${nvvmCase(op.getAttr('action')) ?? ''} ${String((op.getAttr('regCount') as IntegerAttr).value)}`)
    p.printOptionalAttrDict(op.getAttrs(), ['action', 'regCount'])
  },
  verify(op: Operation): LogicalResult {
    const n = Number((op.getAttr('regCount') as IntegerAttr).value)
    if (n % 8 !== 0) {
      return op.emitOpError('new register size must be multiple of 8').fail()
    }
    if (n < 24 || n > 256) {
      return op.emitOpError('new register size must be in between 24 to 256').fail()
    }
    return true
  },
})

/** The ops of the `nvvm` dialect besides the tensor-core ones (`nvvmMmaOps`). */
export const nvvmBaseOps: readonly OdsOp[] = [
  ...NVVMSpecialRegisterOps,
  NVVMBarrier0Op,
  NVVMBarrierOp,
  NVVMShflOp,
  NVVMCpAsyncOp,
  NVVMCpAsyncCommitGroupOp,
  NVVMCpAsyncWaitGroupOp,
  NVVMLdMatrixOp,
  NVVMSetMaxRegisterOp,
]
