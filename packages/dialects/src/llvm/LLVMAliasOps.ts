/**
 * `llvm.mlir.alias` and `llvm.mlir.ifunc`: the global values that name another one (an
 * alias computed by an initializer region, an indirect function chosen by a resolver),
 * with upstream's syntax and verifiers, and the linkage/visibility prefix that
 * `llvm.mlir.global` shares with them.
 */
import {
  FlatSymbolRefAttr,
  I32Attr,
  IntegerAttr,
  IntegerType,
  SizedRegion,
  StringAttr,
  SymbolNameAttr,
  SymbolTable,
  Trait,
  TypeAttr,
  TypeAttrC,
  UnitAttr,
  UnitAttrC,
  defaultValuedAttr,
  defineOp,
  getMemoryEffects,
  optionalAttr,
  SymbolRefAttr,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Type,
} from '@tilepass/ir'
import { LinkageAttr, LinkageNames, UnnamedAddrNames, VisibilityNames, enumIntAttr } from './LLVMAttributes.ts'
import { LinkageAttrC, i64EnumAttrC } from './LLVMConstraints.ts'
import {
  LLVMFunctionType,
  LLVMLabelType,
  LLVMMetadataType,
  LLVMPointerType,
  LLVMTokenType,
  LLVMVoidType,
  isCompatibleType,
} from './LLVMTypes.ts'

function enumIndex(attr: unknown): number {
  return attr instanceof IntegerAttr ? Number(attr.value) : 0
}

function linkageOf(op: Operation): string {
  const l = op.getAttr('linkage')
  return l instanceof LinkageAttr ? l.linkage : 'external'
}

/**
 * Whether `type` can be the value type of a global or an alias: an LLVM-compatible type
 * other than `void`, `token`, `metadata` and `label` (upstream's check for both ops).
 */
export function isValidGlobalValueType(type: Type): boolean {
  return (
    isCompatibleType(type) &&
    !(type instanceof LLVMVoidType || type instanceof LLVMTokenType || type instanceof LLVMMetadataType || type instanceof LLVMLabelType)
  )
}

/**
 * Parses the prefix `llvm.mlir.global` and `llvm.mlir.alias` share: linkage (default
 * `external`), visibility, `thread_local` and unnamed_addr, as properties of `state`.
 */
export function parseCommonGlobalAndAlias(parser: OpAsmParser, state: OperationState): void {
  const ctx = parser.context
  state.addProperty('linkage', LinkageAttr.get(ctx, parser.parseOptionalKeywordOneOf(LinkageNames) ?? 'external'))
  const vis = parser.parseOptionalKeywordOneOf(['hidden', 'protected'])
  state.addProperty('visibility_', enumIntAttr(ctx, 64, vis === undefined ? 0 : VisibilityNames.indexOf(vis)))
  if (parser.parseOptionalKeyword('thread_local')) {
    state.addProperty('thread_local_', UnitAttr.get(ctx))
  }
  const ua = parser.parseOptionalKeywordOneOf(['local_unnamed_addr', 'unnamed_addr'])
  state.addProperty('unnamed_addr', enumIntAttr(ctx, 64, ua === undefined ? 0 : UnnamedAddrNames.indexOf(ua)))
}

/** Prints the prefix parsed by `parseCommonGlobalAndAlias`, always naming the linkage. */
export function printCommonGlobalAndAlias(op: Operation, p: OpAsmPrinter): void {
  p.print(` ${linkageOf(op)} `)
  const vis = VisibilityNames[enumIndex(op.getAttr('visibility_'))] ?? 'default'
  if (vis !== 'default') {
    p.print(vis + ' ')
  }
  if (op.getAttr('thread_local_') !== undefined) {
    p.print('thread_local ')
  }
  const ua = UnnamedAddrNames[enumIndex(op.getAttr('unnamed_addr'))] ?? ''
  if (ua !== '') {
    p.print(ua + ' ')
  }
}

/**
 * Reports the first op of `block` that has memory effects (or does not declare them) with
 * `message`, as the global and alias initializer checks do.
 */
export function verifyEffectFreeInitializer(op: Operation, message: string): LogicalResult {
  const init = op.regions[0]
  const block = init?.firstBlock ?? null
  if (block === null) {
    return true
  }
  for (let o = block.firstOp; o !== null; o = o.nextOp) {
    const effects = getMemoryEffects(o)
    if (effects === null || effects.length !== 0) {
      return o.emitError(message).fail()
    }
  }
  return true
}

const optUnit = optionalAttr(UnitAttrC)
const visibilityAttr = defaultValuedAttr(i64EnumAttrC('LLVM GlobalValue Visibility', 3), (c) => enumIntAttr(c, 64, 0))

// ---- llvm.mlir.alias -------------------------------------------------------------------

function parseAlias(parser: OpAsmParser, state: OperationState): LogicalResult {
  parseCommonGlobalAndAlias(parser, state)
  const name = parser.parseSymbolName()
  if (name === undefined) {
    return false
  }
  state.addProperty('sym_name', StringAttr.get(parser.context, name))
  if (!parser.parseOptionalAttrDict(state.attributes)) {
    return false
  }
  const types: Type[] = []
  if (parser.parseOptionalColon()) {
    const list = parser.parseTypeList()
    if (list === undefined) {
      return false
    }
    types.push(...list)
  }
  if (types.length > 1) {
    return parser.emitError(parser.getNameLoc(), 'expected zero or one type').fail()
  }
  if (!parser.parseRegion(state.addRegion(), [], false)) {
    return false
  }
  // Upstream reads `types[0]` unchecked; an alias needs its value type.
  if (types.length === 0) {
    return parser.emitError(parser.getNameLoc(), 'expected the alias type').fail()
  }
  state.addProperty('alias_type', TypeAttr.get(types[0]!))
  return true
}

function printAlias(op: Operation, p: OpAsmPrinter): void {
  printCommonGlobalAndAlias(op, p)
  p.printSymbolName(SymbolTable.getSymbolName(op) ?? '')
  p.printOptionalAttrDict(op.getAttrs(), ['sym_name', 'alias_type', 'linkage', 'unnamed_addr', 'thread_local_', 'visibility_'])
  p.print(' : ')
  const t = op.getAttr('alias_type')
  if (t instanceof TypeAttr) {
    p.printType(t.value)
  }
  p.print(' ')
  p.printRegion(op.regions[0]!, false, true)
}

const ALIAS_LINKAGES: readonly string[] = [
  'external',
  'internal',
  'private',
  'weak',
  'weak_odr',
  'linkonce',
  'linkonce_odr',
  'available_externally',
]

/** The address space of the pointer an alias's initializer returns (0 when malformed). */
export function getAliasAddrSpace(alias: Operation): number {
  const ret = alias.regions[0]?.firstBlock?.lastOp ?? null
  const t = ret !== null && ret.operands.length > 0 ? ret.getOperand(0).type : null
  return t instanceof LLVMPointerType ? t.addressSpace : 0
}

/** `llvm.mlir.alias`: a global alias whose initializer region returns the aliased address. */
export const LLVMAliasOp: OdsOp = defineOp({
  name: 'llvm.mlir.alias',
  summary: 'LLVM dialect alias.',
  attributes: {
    alias_type: TypeAttrC,
    sym_name: SymbolNameAttr,
    linkage: LinkageAttrC,
    dso_local: optUnit,
    thread_local_: optUnit,
    unnamed_addr: optionalAttr(i64EnumAttrC('LLVM GlobalValue UnnamedAddr', 3)),
    visibility_: visibilityAttr,
  },
  regions: { initializer: SizedRegion(1) },
  traits: Trait.IsolatedFromAbove | Trait.Symbol,
  implicitTerminatorName: 'llvm.return',
  parse: parseAlias,
  print: printAlias,
  verify(op: Operation): LogicalResult {
    const t = op.getAttr('alias_type')
    if (t instanceof TypeAttr && !isValidGlobalValueType(t.value)) {
      return op.emitOpError('expects type to be a valid element type for an LLVM global alias').fail()
    }
    const linkage = linkageOf(op)
    if (!ALIAS_LINKAGES.includes(linkage)) {
      return op
        .emitOpError(
          `'${linkage}' linkage not supported in aliases, available options: private, internal, linkonce, weak, linkonce_odr, weak_odr, external or available_externally`,
        )
        .fail()
    }
    return true
  },
  verifyRegions(op: Operation): LogicalResult {
    const ret = op.regions[0]!.firstBlock?.lastOp ?? null
    if (ret === null || ret.operands.length === 0 || !(ret.getOperand(0).type instanceof LLVMPointerType)) {
      return op.emitOpError('initializer region must always return a pointer').fail()
    }
    return verifyEffectFreeInitializer(op, 'ops with side effects are not allowed in alias initializers')
  },
})

// ---- llvm.mlir.ifunc -------------------------------------------------------------------

function parseIFunc(parser: OpAsmParser, state: OperationState): LogicalResult {
  const ctx = parser.context
  state.addProperty('linkage', LinkageAttr.get(ctx, parser.parseOptionalKeywordOneOf(LinkageNames) ?? 'external'))
  const vis = parser.parseOptionalKeywordOneOf(['default', 'hidden', 'protected'])
  if (vis !== undefined) {
    state.addProperty('visibility_', enumIntAttr(ctx, 64, VisibilityNames.indexOf(vis)))
  }
  const ua = parser.parseOptionalKeywordOneOf(['local_unnamed_addr', 'unnamed_addr'])
  if (ua !== undefined) {
    state.addProperty('unnamed_addr', enumIntAttr(ctx, 64, UnnamedAddrNames.indexOf(ua)))
  }
  const name = parser.parseSymbolName()
  if (name === undefined || !parser.parseColon()) {
    return false
  }
  state.addProperty('sym_name', StringAttr.get(ctx, name))
  const fnType = parser.parseType()
  if (fnType === undefined || !parser.parseComma()) {
    return false
  }
  const resolverType = parser.parseType()
  if (resolverType === undefined) {
    return false
  }
  const resolver = parser.parseSymbolName()
  if (resolver === undefined) {
    return false
  }
  state.addProperty('i_func_type', TypeAttr.get(fnType))
  state.addProperty('resolver_type', TypeAttr.get(resolverType))
  state.addProperty('resolver', SymbolRefAttr.get(ctx, resolver))
  return parser.parseOptionalAttrDict(state.attributes)
}

function printIFunc(op: Operation, p: OpAsmPrinter): void {
  printCommonGlobalAndAlias(op, p)
  p.printSymbolName(SymbolTable.getSymbolName(op) ?? '')
  p.print(' : ')
  const fnType = op.getAttr('i_func_type')
  if (fnType instanceof TypeAttr) {
    p.printType(fnType.value)
  }
  p.print(', ')
  const resolverType = op.getAttr('resolver_type')
  if (resolverType instanceof TypeAttr) {
    p.printType(resolverType.value)
  }
  p.print(' ')
  const resolver = op.getAttr('resolver')
  if (resolver !== undefined) {
    p.printAttribute(resolver)
  }
  const elided = ['sym_name', 'i_func_type', 'resolver_type', 'resolver', 'linkage', 'visibility_', 'unnamed_addr']
  // `address_space` is default-valued: the declarative attr-dict leaves out its default.
  if (ifuncAddrSpace(op) === 0) {
    elided.push('address_space')
  }
  p.printOptionalAttrDict(op.getAttrs(), elided)
}

function ifuncAddrSpace(op: Operation): number {
  const a = op.getAttr('address_space')
  return a instanceof IntegerAttr ? Number(a.value) : 0
}

const IFUNC_LINKAGES: readonly string[] = ['external', 'internal', 'private', 'weak', 'weak_odr', 'linkonce', 'linkonce_odr']

/** Follows `llvm.mlir.alias` initializers that return an `llvm.mlir.addressof` to the symbol they name. */
function resolveThroughAliases(from: Operation, target: Operation | undefined): Operation | undefined | 'unknown' {
  let sym = target
  while (sym !== undefined && sym.name.name === 'llvm.mlir.alias') {
    const ret = sym.regions[0]?.firstBlock?.lastOp ?? null
    const def = ret !== null && ret.operands.length > 0 ? ret.getOperand(0).definingOp : null
    // As upstream, an alias whose initializer is not a plain addressof is accepted as is.
    if (def === null || def.name.name !== 'llvm.mlir.addressof') {
      return 'unknown'
    }
    const ref = def.getAttr('global_name')
    sym = ref instanceof SymbolRefAttr ? SymbolTable.lookupNearestSymbolFrom(from, ref) : undefined
  }
  return sym
}

/** `llvm.mlir.ifunc`: an indirect function whose address a resolver function returns. */
export const LLVMIFuncOp: OdsOp = defineOp({
  name: 'llvm.mlir.ifunc',
  summary: 'LLVM dialect ifunc',
  attributes: {
    sym_name: SymbolNameAttr,
    i_func_type: TypeAttrC,
    resolver: FlatSymbolRefAttr,
    resolver_type: TypeAttrC,
    linkage: LinkageAttrC,
    dso_local: optUnit,
    address_space: defaultValuedAttr(I32Attr, (c) => IntegerAttr.get(IntegerType.get(c, 32), 0)),
    unnamed_addr: defaultValuedAttr(i64EnumAttrC('LLVM GlobalValue UnnamedAddr', 3), (c) => enumIntAttr(c, 64, 0)),
    visibility_: visibilityAttr,
  },
  traits: Trait.Symbol,
  parse: parseIFunc,
  print: printIFunc,
  verify(op: Operation): LogicalResult {
    const linkage = linkageOf(op)
    if (!IFUNC_LINKAGES.includes(linkage)) {
      return op
        .emitOpError(
          `'${linkage}' linkage not supported in ifuncs, available options: private, internal, linkonce, weak, linkonce_odr, weak_odr, or external linkage`,
        )
        .fail()
    }
    return true
  },
  verifySymbolUses(op: Operation): LogicalResult {
    const ref = op.getAttr('resolver')
    const target = ref instanceof SymbolRefAttr ? SymbolTable.lookupNearestSymbolFrom(op, ref) : undefined
    const resolver = resolveThroughAliases(op, target)
    if (resolver === 'unknown') {
      return true
    }
    if (resolver === undefined || resolver.name.name !== 'llvm.func') {
      return op.emitOpError('must have a function resolver').fail()
    }
    if (resolver.regions[0]!.empty || linkageOf(resolver) === 'available_externally') {
      return op.emitOpError('resolver must be a definition').fail()
    }
    const fnType = resolver.getAttr('function_type')
    if (!(fnType instanceof TypeAttr && fnType.value instanceof LLVMFunctionType && fnType.value.returnType instanceof LLVMPointerType)) {
      return op.emitOpError('resolver must return a pointer').fail()
    }
    const resolverType = op.getAttr('resolver_type')
    if (!(resolverType instanceof TypeAttr && resolverType.value instanceof LLVMPointerType) || resolverType.value.addressSpace !== ifuncAddrSpace(op)) {
      return op.emitOpError('resolver has incorrect type').fail()
    }
    return true
  },
})

/** The global-value ops beside `llvm.mlir.global`. */
export const llvmAliasOps: readonly OdsOp[] = [LLVMAliasOp, LLVMIFuncOp]
