/**
 * The ops of the `gpu` dialect: `gpu.module`, `gpu.func` (with `kernel` and workgroup /
 * private attributions), `gpu.launch_func`, `gpu.launch`, the index ops (`gpu.thread_id`,
 * `gpu.block_id`, `gpu.block_dim`, `gpu.grid_dim`, `gpu.lane_id`), `gpu.barrier`,
 * `gpu.shuffle`, `gpu.return` and `gpu.terminator`, with upstream's syntax and verifiers.
 */
import {
  AnyRegion,
  AnyType,
  ArrayAttr,
  Block,
  ArrayAttrC,
  DenseArrayAttr,
  DenseI32ArrayAttr,
  DictArrayAttr,
  FunctionType,
  FunctionTypeAttr,
  I1,
  I32,
  Index,
  IndexAttr,
  IndexType,
  IntegerAttr,
  IntegerType,
  MemRefType,
  StringAttr,
  SymbolRefAttr,
  SymbolRefAttrC,
  SymbolTable,
  Trait,
  TypeAttr,
  UnitAttr,
  attrConstraint,
  defineOp,
  optional,
  optionalAttr,
  typeToString,
  variadic,
  type AttrConstraint,
  type Attribute,
  type LogicalResult,
  type NamedAttribute,
  type OdsOp,
  type OpAsmArgument,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Region,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { argAttrArray, dictAt, parseFunctionArgumentList, parseFunctionResultList } from '../func/FuncOps.ts'
import { NVVMTargetAttr } from '../nvvm/NVVMAttributes.ts'
import { XeVMTargetAttr } from '../xevm/XeVMAttributes.ts'
import { GPUAddressSpaceAttr, GPUEnumAttr, parseGPUEnumCase } from './GPUAttributes.ts'

function enumC(enumName: string): AttrConstraint {
  return {
      ...attrConstraint(`gpu ${enumName}`, (a) => a instanceof GPUEnumAttr && a.enumName === enumName),
      parse(parser: OpAsmParser) {
        return parseGPUEnumCase(parser, enumName)
      },
      print(attr, p: OpAsmPrinter) {
        // Upstream's enum printer writes a space before the keyword.
        p.print(` ${(attr as GPUEnumAttr).value}`)
      },
    }
}

const DimC = enumC('dim')

function dimName(op: Operation): string {
  const d = op.getAttr('dimension')
  return d instanceof GPUEnumAttr ? d.value : 'x'
}

function indexOp(mnemonic: string, withDim: boolean): OdsOp {
  return defineOp({
    name: `gpu.${mnemonic}`,
    results: { '#0': Index },
    attributes: { ...(withDim ? { dimension: DimC } : {}), upper_bound: optionalAttr(IndexAttr) },
    traits: Trait.Pure,
    assemblyFormat: withDim ? '$dimension (`upper_bound` $upper_bound^)? attr-dict' : '(`upper_bound` $upper_bound^)? attr-dict',
    ...(withDim
      ? {
          getAsmResultNames(op: Operation, setName: (value: Value, name: string) => void): void {
            setName(op.getResult(0), `${mnemonic}_${dimName(op)}`)
          },
        }
      : {}),
  })
}

/** `gpu.thread_id x`. */
export const GPUThreadIdOp: OdsOp = indexOp('thread_id', true)
/** `gpu.block_id x`. */
export const GPUBlockIdOp: OdsOp = indexOp('block_id', true)
/** `gpu.block_dim x`. */
export const GPUBlockDimOp: OdsOp = indexOp('block_dim', true)
/** `gpu.grid_dim x`. */
export const GPUGridDimOp: OdsOp = indexOp('grid_dim', true)
/** `gpu.lane_id`. */
export const GPULaneIdOp: OdsOp = indexOp('lane_id', false)

/** `gpu.barrier`: synchronizes the threads of a workgroup. */
export const GPUBarrierOp: OdsOp = defineOp({
  name: 'gpu.barrier',
  assemblyFormat: 'attr-dict',
})

/** `gpu.shuffle xor %v, %offset, %width : f32`: a warp shuffle returning the value and a validity bit. */
export const GPUShuffleOp: OdsOp = defineOp({
  name: 'gpu.shuffle',
  operands: { value: AnyType, offset: I32, width: I32 },
  results: { shuffleResult: AnyType, valid: I1 },
  attributes: { mode: enumC('shuffle_mode') },
  traits: Trait.Pure,
  allTypesMatch: [['value', 'shuffleResult']],
  assemblyFormat: '$mode $value `,` $offset `,` $width attr-dict `:` type($value)',
  getAsmResultNames(op: Operation, setName: (value: Value, name: string) => void): void {
    setName(op.getResult(0), 'shuffleResult')
    setName(op.getResult(1), 'valid')
  },
})

/** `gpu.return`: returns from a `gpu.func`. */
export const GPUReturnOp: OdsOp = defineOp({
  name: 'gpu.return',
  operands: { operands: variadic(AnyType) },
  traits: Trait.IsTerminator | Trait.Pure | Trait.ReturnLike,
  parentOpNames: ['gpu.func'],
  assemblyFormat: 'attr-dict ($operands^ `:` type($operands))?',
  verify(op: Operation): LogicalResult {
    const fn = op.parentOp!
    const ft = (fn.getAttr('function_type') as TypeAttr | undefined)?.value
    if (!(ft instanceof FunctionType)) {
      return true
    }
    if (ft.results.length !== op.numOperands) {
      return op.emitOpError(`expected ${ft.results.length} result operands`).attachNote('return type declared here', fn.location).fail()
    }
    for (let i = 0; i < ft.results.length; i++) {
      if (op.getOperand(i).type !== ft.results[i]) {
        return op.emitOpError(`unexpected type \`${typeToString(op.getOperand(i).type)}' for operand #${i}`).fail()
      }
    }
    return true
  },
})

/** `gpu.terminator`: ends the body of `gpu.launch`. */
export const GPUTerminatorOp: OdsOp = defineOp({
  name: 'gpu.terminator',
  traits: Trait.IsTerminator | Trait.Pure,
  parentOpNames: ['gpu.launch'],
  assemblyFormat: 'attr-dict',
})

// ---- gpu.module ------------------------------------------------------------------------

/** `gpu.module @name [targets] { ... }`: a symbol table of kernels and device functions. */
export const GPUModuleOp: OdsOp = defineOp({
  name: 'gpu.module',
  attributes: { sym_name: attrConstraint('string attribute', (a) => a instanceof StringAttr), targets: optionalAttr(ArrayAttrC), offloadingHandler: optionalAttr(attrConstraint('offloading handler', () => true)) },
  regions: { bodyRegion: AnyRegion },
  traits: Trait.IsolatedFromAbove | Trait.Symbol | Trait.SymbolTable | Trait.NoTerminator | Trait.SingleBlock,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const name = parser.parseSymbolName()
    if (name === undefined) {
      return false
    }
    state.addProperty('sym_name', StringAttr.get(parser.context, name))
    if (parser.parseOptionalLSquare()) {
      const targets = []
      // An empty list parses; the verifier rejects it, as upstream's.
      if (!parser.parseOptionalRSquare()) {
        do {
          const a = parser.parseAttribute()
          if (a === undefined) {
            return false
          }
          targets.push(a)
        } while (parser.parseOptionalComma())
        if (!parser.parseRSquare()) {
          return false
        }
      }
      state.addProperty('targets', ArrayAttr.get(parser.context, targets))
    }
    if (parser.parseOptionalLess()) {
      const h = parser.parseAttribute()
      if (h === undefined || !parser.parseGreater()) {
        return false
      }
      state.addProperty('offloadingHandler', h)
    }
    const attrs: NamedAttribute[] = []
    if (!parser.parseOptionalAttrDictWithKeyword(attrs)) {
      return false
    }
    for (const a of attrs) {
      state.addAttribute(a.name, a.value)
    }
    const body = state.addRegion()
    if (!parser.parseRegion(body, [])) {
      return false
    }
    if (body.firstBlock === null) {
      body.push(new Block())
    }
    return true
  },
  verify(op: Operation): LogicalResult {
    const targets = op.getAttr('targets')
    if (targets !== undefined && (!(targets instanceof ArrayAttr) || targets.elements.length === 0 || !targets.elements.every((t) => t instanceof NVVMTargetAttr || t instanceof XeVMTargetAttr))) {
      return op.emitOpError("attribute 'targets' failed to satisfy constraint: array of GPU target attributes with at least 1 elements").fail()
    }
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printSymbolName((op.getAttr('sym_name') as StringAttr).value)
    const targets = op.getAttr('targets')
    if (targets instanceof ArrayAttr && targets.elements.length > 0) {
      p.print(' [')
      targets.elements.forEach((t, i) => {
        if (i > 0) {
          p.print(', ')
        }
        p.printAttribute(t)
      })
      p.print(']')
    }
    const handler = op.getAttr('offloadingHandler')
    if (handler !== undefined) {
      p.print(' <')
      p.printAttribute(handler)
      p.print('>')
    }
    p.printOptionalAttrDictWithKeyword(op.getAttrs(), ['sym_name', 'targets', 'offloadingHandler'])
    p.print(' ')
    p.printRegion(op.regions[0]!, false, false)
  },
})

// ---- gpu.func --------------------------------------------------------------------------

const KERNEL_ATTR = 'gpu.kernel'
const NUM_WORKGROUP = 'workgroup_attributions'

function numWorkgroupAttributions(op: Operation): number {
  const a = op.getAttr(NUM_WORKGROUP)
  return a instanceof IntegerAttr ? Number(a.value) : 0
}

/** The function type of a `gpu.func`. */
export function getGPUFuncType(op: Operation): FunctionType {
  return (op.getAttr('function_type') as TypeAttr).value as FunctionType
}

/** True for `gpu.func` ops marked `kernel`. */
export function isGPUKernel(op: Operation): boolean {
  return op.getAttr(KERNEL_ATTR) !== undefined
}

function parseAttributions(parser: OpAsmParser, keyword: string, args: OpAsmArgument[]): boolean {
  if (!parser.parseOptionalKeyword(keyword)) {
    return true
  }
  const list = parser.parseArgumentList('paren', true, true)
  if (list === undefined) {
    return false
  }
  args.push(...list)
  return true
}

function printAttributions(p: OpAsmPrinter, keyword: string, values: readonly Value[], attrs: Attribute | undefined): void {
  if (values.length === 0) {
    return
  }
  p.print(` ${keyword}(`)
  values.forEach((v, i) => {
    if (i > 0) {
      p.print(', ')
    }
    p.printOperand(v)
    p.print(' : ')
    p.printType(v.type)
    p.printOptionalAttrDict(dictAt(attrs, i))
  })
  p.print(')')
}

/**
 * `gpu.func @name(%a: T) workgroup(%w: memref<...>) private(%p: memref<...>) -> R kernel
 * attributes {...} { ... }`: a device function or kernel (`kernel` sets `gpu.kernel`).
 */
export const GPUFuncOp: OdsOp = defineOp({
  name: 'gpu.func',
  attributes: {
    function_type: FunctionTypeAttr,
    arg_attrs: optionalAttr(DictArrayAttr),
    res_attrs: optionalAttr(DictArrayAttr),
    workgroup_attrib_attrs: optionalAttr(DictArrayAttr),
    private_attrib_attrs: optionalAttr(DictArrayAttr),
    known_block_size: optionalAttr(DenseI32ArrayAttr),
    known_grid_size: optionalAttr(DenseI32ArrayAttr),
    known_cluster_size: optionalAttr(DenseI32ArrayAttr),
  },
  regions: { body: AnyRegion },
  traits: Trait.IsolatedFromAbove | Trait.Symbol | Trait.AutomaticAllocationScope,
  parentOpNames: ['gpu.module'],
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const ctx = parser.context
    const name = parser.parseSymbolName()
    if (name === undefined) {
      return false
    }
    state.addAttribute(SymbolTable.symbolAttrName, StringAttr.get(ctx, name))
    const args: OpAsmArgument[] = []
    const signatureLoc = parser.getCurrentLocation()
    if (!parseFunctionArgumentList(parser, args)) {
      return false
    }
    if (args.length > 0 && args[0]!.ssaName.name === '') {
      return parser.emitError(signatureLoc, 'gpu.func requires named arguments').fail()
    }
    const resultTypes: Type[] = []
    const resultAttrs: (readonly NamedAttribute[])[] = []
    if (parser.parseOptionalArrow() && !parseFunctionResultList(parser, resultTypes, resultAttrs)) {
      return false
    }
    const entryArgs = [...args]
    const workgroup: OpAsmArgument[] = []
    const priv: OpAsmArgument[] = []
    if (!parseAttributions(parser, 'workgroup', workgroup) || !parseAttributions(parser, 'private', priv)) {
      return false
    }
    entryArgs.push(...workgroup, ...priv)
    if (parser.parseOptionalKeyword('kernel')) {
      state.addAttribute(KERNEL_ATTR, UnitAttr.get(ctx))
    }
    state.addProperty('function_type', TypeAttr.get(FunctionType.get(ctx, args.map((a) => a.type!), resultTypes)))
    const attrs: NamedAttribute[] = []
    if (!parser.parseOptionalAttrDictWithKeyword(attrs)) {
      return false
    }
    for (const a of attrs) {
      state.addAttribute(a.name, a.value)
    }
    state.addAttribute(NUM_WORKGROUP, IntegerAttr.get(IntegerType.get(ctx, 64), workgroup.length))
    const argArray = argAttrArray(ctx, args.map((a) => a.attrs))
    if (argArray !== null) {
      state.addProperty('arg_attrs', argArray)
    }
    const workgroupAttrs = argAttrArray(ctx, workgroup.map((a) => a.attrs ?? null))
    if (workgroupAttrs !== null) {
      state.addProperty('workgroup_attrib_attrs', workgroupAttrs)
    }
    const privateAttrs = argAttrArray(ctx, priv.map((a) => a.attrs ?? null))
    if (privateAttrs !== null) {
      state.addProperty('private_attrib_attrs', privateAttrs)
    }
    const resArray = argAttrArray(ctx, resultAttrs)
    if (resArray !== null) {
      state.addProperty('res_attrs', resArray)
    }
    return parser.parseRegion(state.addRegion(), entryArgs)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printSymbolName((op.getAttr(SymbolTable.symbolAttrName) as StringAttr).value)
    const ft = getGPUFuncType(op)
    const body = op.regions[0]!
    const entry = body.firstBlock
    const argAttrs = op.getAttr('arg_attrs')
    p.print('(')
    for (let i = 0; i < ft.inputs.length; i++) {
      if (i > 0) {
        p.print(', ')
      }
      if (entry === null || i >= entry.arguments.length) {
        // No body (invalid IR, printed in diagnostics): the types alone.
        p.printType(ft.inputs[i]!)
        continue
      }
      p.printRegionArgument(entry.getArgument(i), argAttrs instanceof ArrayAttr ? dictAt(argAttrs, i) : undefined)
    }
    p.print(')')
    if (ft.results.length > 0) {
      p.print(' -> ')
      p.printTypes(ft.results)
    }
    const nw = numWorkgroupAttributions(op)
    const extra = entry === null ? [] : entry.arguments.slice(ft.inputs.length)
    printAttributions(p, 'workgroup', extra.slice(0, nw), op.getAttr('workgroup_attrib_attrs'))
    printAttributions(p, 'private', extra.slice(nw), op.getAttr('private_attrib_attrs'))
    if (isGPUKernel(op)) {
      p.print(' kernel')
    }
    p.printOptionalAttrDictWithKeyword(op.getAttrs(), [
      SymbolTable.symbolAttrName,
      'function_type',
      'arg_attrs',
      'res_attrs',
      NUM_WORKGROUP,
      KERNEL_ATTR,
      'workgroup_attrib_attrs',
      'private_attrib_attrs',
    ])
    p.print(' ')
    p.printRegion(body, false, true)
  },
  verify(op: Operation): LogicalResult {
    // `gpu.known_block_size` / `gpu.known_grid_size` (upstream checks them as dialect attributes).
    for (const name of ['gpu.known_block_size', 'gpu.known_grid_size']) {
      const a = op.getAttr(name)
      if (a === undefined) {
        continue
      }
      if (!(a instanceof DenseArrayAttr) || !(a.elementType instanceof IntegerType) || a.elementType.width !== 32) {
        return op.emitOpError(`${name} must be a dense i32 array`).fail()
      }
      if (a.values.length !== 3) {
        return op.emitOpError(`${name} must contain exactly 3 elements`).fail()
      }
    }
    const ft = getGPUFuncType(op)
    if (isGPUKernel(op) && ft.results.length !== 0) {
      return op.emitOpError('expected void return type for kernel function').fail()
    }
    return true
  },
  verifyRegions(op: Operation): LogicalResult {
    const body = op.regions[0]!
    if (body.empty) {
      return op.emitOpError('expected body with at least one block').fail()
    }
    const ft = getGPUFuncType(op)
    const entry = body.front
    const nw = numWorkgroupAttributions(op)
    if (entry.arguments.length < ft.inputs.length + nw) {
      return op.emitOpError(`expected at least ${ft.inputs.length + nw} arguments to body region`).fail()
    }
    for (let i = 0; i < ft.inputs.length; i++) {
      if (entry.getArgument(i).type !== ft.inputs[i]) {
        return op.emitOpError(`expected body region argument #${i} to be of type ${typeToString(ft.inputs[i]!)}, got ${typeToString(entry.getArgument(i).type)}`).fail()
      }
    }
    // Attributions are memrefs; a gpu address space, when given, is the attribution's.
    const attributions = entry.arguments.slice(ft.inputs.length)
    for (let i = 0; i < attributions.length; i++) {
      const t = attributions[i]!.type
      if (!(t instanceof MemRefType)) {
        return op.emitOpError('expected memref type in attribution').fail()
      }
      const expected = i < nw ? 'workgroup' : 'private'
      const space = t.memorySpace
      if (space instanceof GPUAddressSpaceAttr && space.value !== expected) {
        return op.emitOpError(`expected memory space ${expected} in attribution`).fail()
      }
    }
    return true
  },
})

// ---- gpu.launch_func / gpu.launch --------------------------------------------------------

function segmentsOf(op: Operation, n: number): number[] {
  const a = op.getAttr('operandSegmentSizes')
  return a instanceof DenseArrayAttr ? a.values.map(Number) : new Array<number>(n).fill(0)
}

function groupOperands(op: Operation, n: number): Value[][] {
  const out: Value[][] = []
  let at = 0
  const all = op.getOperands()
  for (const s of segmentsOf(op, n)) {
    out.push(all.slice(at, at + s))
    at += s
  }
  return out
}

function parseTriple(parser: OpAsmParser, out: UnresolvedOperand[]): boolean {
  const ops = parser.parseOperandList('paren', 3)
  if (ops === undefined) {
    return false
  }
  out.push(...ops)
  return true
}

function printTriple(p: OpAsmPrinter, values: readonly Value[]): void {
  p.print('(')
  p.printOperands(values)
  p.print(')')
}

/**
 * `gpu.launch_func @module::@kernel blocks in (%gx, %gy, %gz) threads in (%bx, %by, %bz)
 * [: i64] [dynamic_shared_memory_size %s] args(%a : T, ...)`: launches a kernel.
 */
export const GPULaunchFuncOp: OdsOp = defineOp({
  name: 'gpu.launch_func',
  operands: {
    asyncDependencies: variadic(AnyType),
    gridSizeX: AnyType,
    gridSizeY: AnyType,
    gridSizeZ: AnyType,
    blockSizeX: AnyType,
    blockSizeY: AnyType,
    blockSizeZ: AnyType,
    clusterSizeX: optional(AnyType),
    clusterSizeY: optional(AnyType),
    clusterSizeZ: optional(AnyType),
    dynamicSharedMemorySize: optional(I32),
    kernelOperands: variadic(AnyType),
    asyncObject: optional(AnyType),
  },
  results: { asyncToken: optional(AnyType) },
  attributes: { kernel: SymbolRefAttrC },
  traits: Trait.AttrSizedOperandSegments,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const ctx = parser.context
    const kernelLoc = parser.getCurrentLocation()
    const kernel = parser.parseAttribute()
    if (!(kernel instanceof SymbolRefAttr)) {
      return kernel === undefined ? false : parser.emitError(kernelLoc, 'invalid kind of attribute specified').fail()
    }
    const grid: UnresolvedOperand[] = []
    const block: UnresolvedOperand[] = []
    const cluster: UnresolvedOperand[] = []
    if (parser.parseOptionalKeyword('clusters')) {
      if (!parser.parseKeyword('in') || !parseTriple(parser, cluster)) {
        return false
      }
    }
    if (!parser.parseKeyword('blocks') || !parser.parseKeyword('in') || !parseTriple(parser, grid)) {
      return false
    }
    if (!parser.parseKeyword('threads') || !parser.parseKeyword('in') || !parseTriple(parser, block)) {
      return false
    }
    let dimType: Type = IndexType.get(ctx)
    if (parser.parseOptionalColon()) {
      const t = parser.parseType()
      if (t === undefined) {
        return false
      }
      dimType = t
    }
    let smem: UnresolvedOperand | undefined
    if (parser.parseOptionalKeyword('dynamic_shared_memory_size')) {
      smem = parser.parseOperand()
      if (smem === undefined) {
        return false
      }
    }
    const argOps: UnresolvedOperand[] = []
    const argTypes: Type[] = []
    if (parser.parseOptionalKeyword('args')) {
      if (!parser.parseLParen()) {
        return false
      }
      if (!parser.parseOptionalRParen()) {
        do {
          const o = parser.parseOperand()
          const t = o !== undefined && parser.parseColon() ? parser.parseType() : undefined
          if (t === undefined) {
            return false
          }
          argOps.push(o!)
          argTypes.push(t)
        } while (parser.parseOptionalComma())
        if (!parser.parseOptionalRParen()) {
          return parser.emitError(parser.getCurrentLocation(), "expected ')' in argument list").fail()
        }
      }
    }
    const attrs: NamedAttribute[] = []
    if (!parser.parseOptionalAttrDict(attrs)) {
      return false
    }
    const loc = parser.getCurrentLocation()
    const values: Value[] = []
    const i32 = IntegerType.get(ctx, 32)
    if (
      !parser.resolveOperands(grid, dimType, loc, values) ||
      !parser.resolveOperands(block, dimType, loc, values) ||
      !parser.resolveOperands(cluster, dimType, loc, values) ||
      (smem !== undefined && !parser.resolveOperand(smem, i32, values)) ||
      !parser.resolveOperands(argOps, argTypes, loc, values)
    ) {
      return false
    }
    state.addOperands(values)
    state.addProperty('kernel', kernel)
    const c = cluster.length > 0 ? 1 : 0
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [0, 1, 1, 1, 1, 1, 1, c, c, c, smem !== undefined ? 1 : 0, argOps.length, 0]))
    for (const a of attrs) {
      state.addAttribute(a.name, a.value)
    }
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const g = groupOperands(op, 13)
    p.print('  ')
    p.printAttribute(op.getAttr('kernel')!)
    if (g[7]!.length > 0) {
      p.print(' clusters in ')
      printTriple(p, [...g[7]!, ...g[8]!, ...g[9]!])
    }
    p.print(' blocks in ')
    printTriple(p, [...g[1]!, ...g[2]!, ...g[3]!])
    p.print(' threads in ')
    printTriple(p, [...g[4]!, ...g[5]!, ...g[6]!])
    const dimType = g[1]![0]!.type
    if (!(dimType instanceof IndexType)) {
      p.print(' : ')
      p.printType(dimType)
    } else {
      // The empty launch-dimension type directive still leaves its space.
      p.print(' ')
    }
    if (g[10]!.length > 0) {
      p.print(' dynamic_shared_memory_size ')
      p.printOperand(g[10]![0]!)
    }
    const args = g[11]!
    if (args.length > 0) {
      p.print(' args(')
      args.forEach((v, i) => {
        if (i > 0) {
          p.print(', ')
        }
        p.printOperand(v)
        p.print(' : ')
        p.printType(v.type)
      })
      p.print(')')
    }
    p.printOptionalAttrDict(op.getAttrs(), ['kernel', 'operandSegmentSizes'])
  },
  verify(op: Operation): LogicalResult {
    let module = op.parentOp
    while (module !== null && module.name.name !== 'builtin.module') {
      module = module.parentOp
    }
    if (module === null) {
      return op.emitOpError('expected to belong to a module').fail()
    }
    if (!(module.getAttr(CONTAINER_MODULE_ATTR) instanceof UnitAttr)) {
      return op.emitOpError(`expected the closest surrounding module to have the '${CONTAINER_MODULE_ATTR}' attribute`).fail()
    }
    const kernel = op.getAttr('kernel') as SymbolRefAttr
    if (kernel.nestedReferences.length !== 1) {
      return op.emitOpError("expected the kernel symbol to be a nested reference '@module::@kernel'").fail()
    }
    // Upstream checks the kernel as part of the `gpu.container_module` attribute, for
    // launches in the functions directly inside the module.
    if (op.parentOp?.parentOp === module) {
      return verifyLaunchedKernel(op, module, kernel)
    }
    return true
  },
})

const CONTAINER_MODULE_ATTR = 'gpu.container_module'

/** The symbol `name` directly inside `container` (a symbol table op), if any. */
function lookupIn(container: Operation, name: string): Operation | undefined {
  const body = container.regions[0]?.firstBlock
  if (body === null || body === undefined) {
    return undefined
  }
  for (const o of body.operations) {
    const n = o.getAttr(SymbolTable.symbolAttrName)
    if (n instanceof StringAttr && n.value === name) {
      return o
    }
  }
  return undefined
}

/** The checks of `gpu.container_module` on a launch of `kernel` from a function of `module`. */
function verifyLaunchedKernel(op: Operation, module: Operation, kernel: SymbolRefAttr): LogicalResult {
  const containerName = kernel.rootReference
  const container = lookupIn(module, containerName)
  if (container === undefined) {
    return op.emitOpError(`kernel container '${containerName}' is undefined`).fail()
  }
  if (container.name.name === 'gpu.binary') {
    return true
  }
  if (container.name.name !== 'gpu.module') {
    return op.emitOpError(`kernel module '${containerName}' is undefined`).fail()
  }
  const fn = lookupIn(container, kernel.nestedReferences[0]!)
  if (fn === undefined) {
    return op.emitOpError(`kernel function '@${containerName}::@${kernel.nestedReferences[0]!}' is undefined`).fail()
  }
  if (!(fn.getAttr('function_type') instanceof TypeAttr)) {
    return op
      .emitOpError(`referenced kernel '@${containerName}::@${kernel.nestedReferences[0]!}' is not a function`)
      .attachNote('see the kernel definition here', fn.location)
      .fail()
  }
  if (!(fn.getAttr(KERNEL_ATTR) instanceof UnitAttr)) {
    return op.emitOpError(`kernel function is missing the '${KERNEL_ATTR}' attribute`).fail()
  }
  if (fn.name.name !== 'gpu.func') {
    return true
  }
  const ft = getGPUFuncType(fn)
  const args = groupOperands(op, 13)[11]!
  if (args.length !== ft.inputs.length) {
    return op.emitOpError(`got ${args.length} kernel operands but expected ${ft.inputs.length}`).fail()
  }
  for (let i = 0; i < args.length; i++) {
    if (args[i]!.type !== ft.inputs[i]) {
      return op.emitOpError(`type of function argument ${i} does not match`).fail()
    }
  }
  return true
}

const LAUNCH_ARGS = 12

/**
 * `gpu.launch blocks(%bx, %by, %bz) in (%gx = ..., ...) threads(%tx, %ty, %tz) in (...)
 * { ... gpu.terminator }`: a kernel written inline; its region has 12 index arguments.
 */
export const GPULaunchOp: OdsOp = defineOp({
  name: 'gpu.launch',
  operands: {
    asyncDependencies: variadic(AnyType),
    gridSizeX: Index,
    gridSizeY: Index,
    gridSizeZ: Index,
    blockSizeX: Index,
    blockSizeY: Index,
    blockSizeZ: Index,
    clusterSizeX: optional(Index),
    clusterSizeY: optional(Index),
    clusterSizeZ: optional(Index),
    dynamicSharedMemorySize: optional(I32),
  },
  results: { asyncToken: optional(AnyType) },
  regions: { body: AnyRegion },
  traits: Trait.AttrSizedOperandSegments | Trait.AutomaticAllocationScope,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const ctx = parser.context
    const index = IndexType.get(ctx)
    const regionArgs: OpAsmArgument[] = []
    const sizeArgs: OpAsmArgument[] = []
    const sizes: UnresolvedOperand[] = []
    for (const kw of ['blocks', 'threads']) {
      if (!parser.parseKeyword(kw)) {
        return false
      }
      const ids = parser.parseArgumentList('paren', false, false)
      if (ids === undefined || ids.length !== 3 || !parser.parseKeyword('in') || !parser.parseLParen()) {
        return false
      }
      regionArgs.push(...ids.map((a) => ({ ...a, type: index })))
      for (let i = 0; i < 3; i++) {
        if (i > 0 && !parser.parseComma()) {
          return false
        }
        const a = parser.parseArgument(false, false)
        const o = a !== undefined && parser.parseEqual() ? parser.parseOperand() : undefined
        if (o === undefined) {
          return false
        }
        sizeArgs.push({ ...a!, type: index })
        sizes.push(o)
      }
      if (!parser.parseRParen()) {
        return false
      }
    }
    let smem: UnresolvedOperand | undefined
    if (parser.parseOptionalKeyword('dynamic_shared_memory_size')) {
      smem = parser.parseOperand()
      if (smem === undefined) {
        return false
      }
    }
    const values: Value[] = []
    if (!parser.resolveOperands(sizes, index, parser.getCurrentLocation(), values) || (smem !== undefined && !parser.resolveOperand(smem, IntegerType.get(ctx, 32), values))) {
      return false
    }
    state.addOperands(values)
    state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(ctx, [0, 1, 1, 1, 1, 1, 1, 0, 0, 0, smem !== undefined ? 1 : 0]))
    // Region arguments: block ids, thread ids, grid sizes, block sizes.
    const ordered = [...regionArgs.slice(0, 3), ...regionArgs.slice(3, 6), ...sizeArgs.slice(0, 3), ...sizeArgs.slice(3, 6)]
    if (!parser.parseRegion(state.addRegion(), ordered)) {
      return false
    }
    const attrs: NamedAttribute[] = []
    if (!parser.parseOptionalAttrDict(attrs)) {
      return false
    }
    for (const a of attrs) {
      state.addAttribute(a.name, a.value)
    }
    state.addAttribute(NUM_WORKGROUP, IntegerAttr.get(IntegerType.get(ctx, 64), 0))
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const g = groupOperands(op, 11)
    const args = op.regions[0]!.front.arguments
    const printPart = (kw: string, ids: readonly Value[], sizeArgs: readonly Value[], sizes: readonly Value[]): void => {
      p.print(` ${kw}(`)
      p.printOperands(ids)
      p.print(') in (')
      for (let i = 0; i < 3; i++) {
        if (i > 0) {
          p.print(', ')
        }
        p.printOperand(sizeArgs[i]!)
        p.print(' = ')
        p.printOperand(sizes[i]!)
      }
      p.print(')')
    }
    printPart('blocks', args.slice(0, 3), args.slice(6, 9), [...g[1]!, ...g[2]!, ...g[3]!])
    printPart('threads', args.slice(3, 6), args.slice(9, 12), [...g[4]!, ...g[5]!, ...g[6]!])
    if (g[10]!.length > 0) {
      p.print(' dynamic_shared_memory_size ')
      p.printOperand(g[10]![0]!)
    }
    p.print(' ')
    p.printRegion(op.regions[0]!, false, true)
    p.printOptionalAttrDict(op.getAttrs(), ['operandSegmentSizes', NUM_WORKGROUP])
  },
  verifyRegions(op: Operation): LogicalResult {
    const body: Region = op.regions[0]!
    if (!body.empty && body.front.arguments.length < LAUNCH_ARGS + numWorkgroupAttributions(op)) {
      return op.emitOpError('unexpected number of region arguments').fail()
    }
    // Terminators without successors leave the kernel: they must be gpu.terminator.
    for (let b = body.firstBlock; b !== null; b = b.nextBlock) {
      const last = b.lastOp
      if (last === null || last.successors.length !== 0 || last.name.name === 'gpu.terminator') {
        continue
      }
      return last
        .emitError("expected 'gpu.terminator' or a terminator with successors")
        .attachNote("in 'gpu.launch' body region", op.location)
        .fail()
    }
    return true
  },
})

/** `gpu.yield %v : T`: yields values from the regions of gpu ops (`gpu.all_reduce`, ...). */
export const GPUYieldOp: OdsOp = defineOp({
  name: 'gpu.yield',
  operands: { values: variadic(AnyType) },
  traits: Trait.IsTerminator | Trait.Pure | Trait.ReturnLike,
  assemblyFormat: 'attr-dict ($values^ `:` type($values))?',
})

/** The ops of the `gpu` dialect. */
export const gpuOps: readonly OdsOp[] = [
  GPUModuleOp,
  GPUFuncOp,
  GPUReturnOp,
  GPUTerminatorOp,
  GPUYieldOp,
  GPULaunchFuncOp,
  GPULaunchOp,
  GPUThreadIdOp,
  GPUBlockIdOp,
  GPUBlockDimOp,
  GPUGridDimOp,
  GPULaneIdOp,
  GPUBarrierOp,
  GPUShuffleOp,
]
