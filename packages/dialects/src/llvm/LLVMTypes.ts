/**
 * The types of the `llvm` dialect (`!llvm.ptr`, `!llvm.struct<...>`, `!llvm.array<...>`,
 * `!llvm.func<...>`, ...), their textual syntax, and `isCompatibleType`.
 */
import {
  DialectType,
  FloatType,
  IntegerType,
  VectorType,
  typeToString,
  type Context,
  type OpAsmParser,
  type OpAsmPrinter,
  type Type,
} from '@tilepass/ir'

/** `!llvm.ptr` / `!llvm.ptr<3>`: an opaque pointer in an address space. */
export class LLVMPointerType extends DialectType {
  readonly dialectNamespace: string = 'llvm'
  /** LLVM types are not `memref` elements. */
  override get isMemRefElementType(): boolean {
    return false
  }
  /** @internal Use `LLVMPointerType.get`. */
  constructor(
    context: Context,
    readonly addressSpace: number,
  ) {
    super(context)
  }
  /** Pointers may be vector elements (`vector<2x!llvm.ptr>`). */
  override get isVectorElementType(): boolean {
    return true
  }
  /** The pointer type of `addressSpace` (0 by default). */
  static get(context: Context, addressSpace = 0): LLVMPointerType {
    return context.uniquer.intern(`llvm.ptr:${addressSpace}`, () => new LLVMPointerType(context, addressSpace))
  }
}

/** `!llvm.void`: the result type of functions returning nothing. */
export class LLVMVoidType extends DialectType {
  readonly dialectNamespace: string = 'llvm'
  /** LLVM types are not `memref` elements. */
  override get isMemRefElementType(): boolean {
    return false
  }
  /** The void type. */
  static get(context: Context): LLVMVoidType {
    return context.uniquer.intern('llvm.void', () => new LLVMVoidType(context))
  }
}

/** `!llvm.ppc_fp128`: the PowerPC double-double float type. */
export class LLVMPPCFP128Type extends DialectType {
  readonly dialectNamespace: string = 'llvm'
  /** As upstream, it may be a `vector` element. */
  override get isVectorElementType(): boolean {
    return true
  }
  /** LLVM types are not `memref` elements. */
  override get isMemRefElementType(): boolean {
    return false
  }
  /** The ppc_fp128 type. */
  static get(context: Context): LLVMPPCFP128Type {
    return context.uniquer.intern('llvm.ppc_fp128', () => new LLVMPPCFP128Type(context))
  }
}

/** `!llvm.target<"name", types..., ints...>`: a target extension type. */
export class LLVMTargetExtType extends DialectType {
  readonly dialectNamespace: string = 'llvm'
  /** LLVM types are not `memref` elements. */
  override get isMemRefElementType(): boolean {
    return false
  }
  /** @internal Use `LLVMTargetExtType.get`. */
  constructor(
    context: Context,
    readonly extName: string,
    readonly typeParams: readonly Type[],
    readonly intParams: readonly number[],
  ) {
    super(context)
  }
  /** The target extension type `name` with its type and integer parameters. */
  static get(context: Context, extName: string, typeParams: readonly Type[], intParams: readonly number[]): LLVMTargetExtType {
    const key = `llvm.target:${JSON.stringify(extName)}:${typeParams.map((t) => t.id).join(',')}:${intParams.join(',')}`
    return context.uniquer.intern(key, () => new LLVMTargetExtType(context, extName, typeParams, intParams))
  }
  /** Whether `llvm.mlir.zero` may produce a value of this type (the `spirv.*` types, as upstream). */
  get hasZeroInit(): boolean {
    return this.extName.startsWith('spirv.')
  }
  /** Whether an `llvm.mlir.global` may have this type. */
  get canBeGlobal(): boolean {
    return this.extName.startsWith('spirv.') || this.extName === 'amdgcn.named.barrier'
  }
  /** Whether `llvm.alloca`, `llvm.load` and `llvm.store` accept this type. */
  get supportsMemOps(): boolean {
    return this.extName.startsWith('spirv.') || this.extName === 'aarch64.svcount'
  }
}

/** `!llvm.token`. */
export class LLVMTokenType extends DialectType {
  readonly dialectNamespace: string = 'llvm'
  /** LLVM types are not `memref` elements. */
  override get isMemRefElementType(): boolean {
    return false
  }
  /** The token type. */
  static get(context: Context): LLVMTokenType {
    return context.uniquer.intern('llvm.token', () => new LLVMTokenType(context))
  }
}

/** `!llvm.label`. */
export class LLVMLabelType extends DialectType {
  readonly dialectNamespace: string = 'llvm'
  /** LLVM types are not `memref` elements. */
  override get isMemRefElementType(): boolean {
    return false
  }
  /** The label type. */
  static get(context: Context): LLVMLabelType {
    return context.uniquer.intern('llvm.label', () => new LLVMLabelType(context))
  }
}

/** `!llvm.metadata`. */
export class LLVMMetadataType extends DialectType {
  readonly dialectNamespace: string = 'llvm'
  /** LLVM types are not `memref` elements. */
  override get isMemRefElementType(): boolean {
    return false
  }
  /** The metadata type. */
  static get(context: Context): LLVMMetadataType {
    return context.uniquer.intern('llvm.metadata', () => new LLVMMetadataType(context))
  }
}

/** `!llvm.array<4 x i32>`. */
export class LLVMArrayType extends DialectType {
  readonly dialectNamespace: string = 'llvm'
  /** LLVM types are not `memref` elements. */
  override get isMemRefElementType(): boolean {
    return false
  }
  /** @internal Use `LLVMArrayType.get`. */
  constructor(
    context: Context,
    readonly elementType: Type,
    readonly numElements: number,
  ) {
    super(context)
  }
  /** The array of `numElements` values of `elementType`. */
  static get(elementType: Type, numElements: number): LLVMArrayType {
    const context = elementType.context
    return context.uniquer.intern(`llvm.array:${elementType.id}:${numElements}`, () => new LLVMArrayType(context, elementType, numElements))
  }
}

/** `!llvm.func<i32 (i32, ...)>`: an LLVM function type (one result, `!llvm.void` for none). */
export class LLVMFunctionType extends DialectType {
  readonly dialectNamespace: string = 'llvm'
  /** LLVM types are not `memref` elements. */
  override get isMemRefElementType(): boolean {
    return false
  }
  /** @internal Use `LLVMFunctionType.get`. */
  constructor(
    context: Context,
    readonly returnType: Type,
    readonly params: readonly Type[],
    readonly isVarArg: boolean,
  ) {
    super(context)
  }
  /** The function type returning `returnType` (`LLVMVoidType` for none) from `params`. */
  static get(returnType: Type, params: readonly Type[], isVarArg = false): LLVMFunctionType {
    const context = returnType.context
    const key = `llvm.func:${returnType.id}:${idList(params)}:${isVarArg ? 1 : 0}`
    return context.uniquer.intern(key, () => new LLVMFunctionType(context, returnType, [...params], isVarArg))
  }
  /** The number of fixed parameters. */
  get numParams(): number {
    return this.params.length
  }
}

/**
 * `!llvm.struct<(i32, f32)>` (literal), `!llvm.struct<packed (...)>`, or an identified
 * struct `!llvm.struct<"name", (...)>` / `!llvm.struct<"name", opaque>`. Literal structs
 * are interned by body; identified structs by name, and their body is set once
 * (`setBody`), which allows recursive types.
 */
export class LLVMStructType extends DialectType {
  readonly dialectNamespace: string = 'llvm'
  /** LLVM types are not `memref` elements. */
  override get isMemRefElementType(): boolean {
    return false
  }
  /** @internal Use `getLiteral` / `getIdentified`. */
  constructor(
    context: Context,
    /** The name of an identified struct; null for literal structs. */
    readonly name: string | null,
    private bodyTypes: readonly Type[],
    private packedFlag: boolean,
    private opaqueFlag: boolean,
    private initialized: boolean,
  ) {
    super(context)
  }
  /** The literal struct of `body` (packed when `isPacked`). */
  static getLiteral(context: Context, body: readonly Type[], isPacked = false): LLVMStructType {
    const key = `llvm.struct:${isPacked ? 'p' : ''}:${idList(body)}`
    return context.uniquer.intern(key, () => new LLVMStructType(context, null, [...body], isPacked, false, true))
  }
  /** The identified struct `name` (created without a body when new; see `setBody`). */
  static getIdentified(context: Context, name: string): LLVMStructType {
    return context.uniquer.intern(`llvm.struct.id:${name}`, () => new LLVMStructType(context, name, [], false, true, false))
  }
  /** The identified struct `name` with `body`, or undefined when `name` already has a different body. */
  static getIdentifiedWithBody(context: Context, name: string, body: readonly Type[], isPacked = false): LLVMStructType | undefined {
    const t = LLVMStructType.getIdentified(context, name)
    return t.setBody(body, isPacked) ? t : undefined
  }
  /** True for identified structs. */
  get isIdentified(): boolean {
    return this.name !== null
  }
  /** True for identified structs declared `opaque` or whose body was never set. */
  get isOpaque(): boolean {
    return this.opaqueFlag
  }
  /** True for packed structs. */
  get isPacked(): boolean {
    return this.packedFlag
  }
  /** True when the body is known (always for literal structs). */
  get isInitialized(): boolean {
    return this.initialized
  }
  /** The element types. */
  get body(): readonly Type[] {
    return this.bodyTypes
  }
  /**
   * Sets the body of an identified struct. Succeeds when the struct had no body yet, or
   * already has exactly this body.
   */
  setBody(body: readonly Type[], isPacked: boolean): boolean {
    if (this.name === null) {
      return false
    }
    if (this.initialized) {
      return !this.opaqueFlag && this.packedFlag === isPacked && this.bodyTypes.length === body.length && body.every((t, i) => t === this.bodyTypes[i])
    }
    this.bodyTypes = [...body]
    this.packedFlag = isPacked
    this.opaqueFlag = false
    this.initialized = true
    return true
  }
  /** Marks an identified struct as explicitly opaque; fails when it already has a body. */
  setOpaque(): boolean {
    if (this.name === null) {
      return false
    }
    if (this.initialized) {
      return this.opaqueFlag
    }
    this.opaqueFlag = true
    this.initialized = true
    return true
  }
}

function idList(items: readonly Type[]): string {
  let s = ''
  for (let i = 0; i < items.length; i++) {
    s += (i > 0 ? ',' : '') + items[i]!.id
  }
  return s
}

/** The LLVM dialect type mnemonics. */
const LLVM_TYPE_KEYWORDS: readonly string[] = ['ptr', 'void', 'token', 'label', 'metadata', 'array', 'func', 'struct', 'ppc_fp128', 'target']

/** True for the types of the `llvm` dialect. */
export function isLLVMDialectType(type: Type): boolean {
  return type instanceof DialectType && type.dialectNamespace === 'llvm'
}

/** True for the builtin float types LLVM has (`bf16`, `f16`, `f32`, `f64`, `f80`, `f128`). */
export function isCompatibleFloatingPointType(type: Type): boolean {
  if (!(type instanceof FloatType)) {
    return false
  }
  const k = type.kind
  return k === 'bf16' || k === 'f16' || k === 'f32' || k === 'f64' || k === 'f80' || k === 'f128'
}

/**
 * `LLVM::isCompatibleType`: whether `type` can be used in the LLVM dialect: signless
 * integers, the LLVM float types, vectors of those or of pointers, and the `llvm`
 * dialect types whose nested types are compatible.
 */
export function isCompatibleType(type: Type): boolean {
  // Verifiers call this for every operand: answer the common scalar cases without allocating.
  if (type instanceof IntegerType) {
    return type.isSignless
  }
  if (type instanceof FloatType) {
    return isCompatibleFloatingPointType(type)
  }
  if (type instanceof LLVMPointerType) {
    return true
  }
  return isCompatibleImpl(type, null)
}

function isCompatibleImpl(type: Type, visited: Set<Type> | null): boolean {
  if (type instanceof IntegerType) {
    return type.isSignless
  }
  if (type instanceof FloatType) {
    return isCompatibleFloatingPointType(type)
  }
  if (type instanceof VectorType) {
    if (type.shape.length !== 1) {
      return false
    }
    const e = type.elementType
    return (e instanceof IntegerType && e.isSignless) || isCompatibleFloatingPointType(e) || e instanceof LLVMPointerType || e instanceof LLVMPPCFP128Type
  }
  if (
    type instanceof LLVMPointerType ||
    type instanceof LLVMVoidType ||
    type instanceof LLVMTokenType ||
    type instanceof LLVMLabelType ||
    type instanceof LLVMMetadataType ||
    type instanceof LLVMPPCFP128Type ||
    type instanceof LLVMTargetExtType
  ) {
    return true
  }
  if (type instanceof LLVMArrayType) {
    return isCompatibleImpl(type.elementType, visited)
  }
  if (type instanceof LLVMFunctionType) {
    return isCompatibleImpl(type.returnType, visited) && type.params.every((p) => isCompatibleImpl(p, visited))
  }
  if (type instanceof LLVMStructType) {
    const seen = visited ?? new Set<Type>()
    if (seen.has(type)) {
      return true
    }
    seen.add(type)
    for (const t of type.body) {
      if (!isCompatibleImpl(t, seen)) {
        return false
      }
    }
    return true
  }
  return false
}

/** `LLVM::isCompatibleVectorType`: a 1-D vector of LLVM-compatible integers, floats or pointers. */
export function isCompatibleVectorType(type: Type): boolean {
  return type instanceof VectorType && isCompatibleType(type)
}

/** The element type of an LLVM-compatible vector, or the type itself. */
export function getVectorElementType(type: Type): Type {
  return type instanceof VectorType ? type.elementType : type
}

/** True for types that are aggregates in LLVM (`!llvm.struct`, `!llvm.array`). */
export function isAggregateType(type: Type): boolean {
  return type instanceof LLVMStructType || type instanceof LLVMArrayType
}

/** `LLVMFunctionType::isValidArgumentType`. */
function isValidArgumentType(t: Type): boolean {
  return !(t instanceof LLVMVoidType || t instanceof LLVMFunctionType)
}

/** `LLVMFunctionType::isValidResultType`. */
function isValidResultType(t: Type): boolean {
  return !(t instanceof LLVMFunctionType || t instanceof LLVMMetadataType || t instanceof LLVMLabelType)
}

// ---- printing --------------------------------------------------------------------------

/**
 * Prints `type` as nested in another LLVM type: `llvm` dialect types without their
 * `!llvm.` prefix, other types as usual. `stack` holds the identified structs being printed.
 */
function printNested(type: Type, printer: OpAsmPrinter, stack: string[]): void {
  // Upstream strips the prefix of the LLVM types it dispatches itself; not of ppc_fp128.
  if (isLLVMDialectType(type) && !(type instanceof LLVMPPCFP128Type)) {
    printBody(type, printer, stack)
  } else {
    printer.printType(type)
  }
}

function printTypeList(types: readonly Type[], printer: OpAsmPrinter, stack: string[]): void {
  for (let i = 0; i < types.length; i++) {
    if (i > 0) {
      printer.print(', ')
    }
    printNested(types[i]!, printer, stack)
  }
}

function printBody(type: Type, printer: OpAsmPrinter, stack: string[]): void {
  if (type instanceof LLVMPointerType) {
    printer.print(type.addressSpace === 0 ? 'ptr' : `ptr<${type.addressSpace}>`)
  } else if (type instanceof LLVMVoidType) {
    printer.print('void')
  } else if (type instanceof LLVMTokenType) {
    printer.print('token')
  } else if (type instanceof LLVMPPCFP128Type) {
    printer.print('ppc_fp128')
  } else if (type instanceof LLVMTargetExtType) {
    printer.print('target<')
    printer.printString(type.extName)
    for (const t of type.typeParams) {
      printer.print(', ')
      printer.printType(t)
    }
    for (const n of type.intParams) {
      printer.print(`, ${n}`)
    }
    printer.print('>')
  } else if (type instanceof LLVMLabelType) {
    printer.print('label')
  } else if (type instanceof LLVMMetadataType) {
    printer.print('metadata')
  } else if (type instanceof LLVMArrayType) {
    printer.print(`array<${type.numElements} x `)
    printNested(type.elementType, printer, stack)
    printer.print('>')
  } else if (type instanceof LLVMFunctionType) {
    printer.print('func<')
    printNested(type.returnType, printer, stack)
    printer.print(' (')
    printTypeList(type.params, printer, stack)
    if (type.isVarArg) {
      printer.print(type.params.length > 0 ? ', ...' : '...')
    }
    printer.print(')>')
  } else if (type instanceof LLVMStructType) {
    printer.print('struct<')
    if (type.name !== null) {
      printer.printString(type.name)
      if (stack.includes(type.name)) {
        printer.print('>')
        return
      }
      printer.print(', ')
      if (type.isOpaque) {
        printer.print('opaque>')
        return
      }
    }
    if (type.isPacked) {
      printer.print('packed ')
    }
    printer.print('(')
    if (type.name !== null) {
      stack.push(type.name)
    }
    printTypeList(type.body, printer, stack)
    if (type.name !== null) {
      stack.pop()
    }
    printer.print(')>')
  }
}

/** Prints the body of an `llvm` dialect type (what follows `!llvm.`). */
export function printLLVMType(type: Type, printer: OpAsmPrinter): void {
  printBody(type, printer, [])
}

// ---- parsing ---------------------------------------------------------------------------

/** Parses a type nested in an LLVM type: an `llvm` type without prefix, or any type. */
function parseNested(parser: OpAsmParser): Type | undefined {
  const kw = parser.parseOptionalKeywordOneOf(LLVM_TYPE_KEYWORDS)
  if (kw !== undefined) {
    return parseAfterKeyword(parser, kw)
  }
  return parser.parseType()
}

/** Parses `<"name", types..., ints...>` of `!llvm.target`: the types come before the integers. */
function parseTargetExtBody(parser: OpAsmParser): Type | undefined {
  if (!parser.parseLess()) {
    return undefined
  }
  const nameLoc = parser.getCurrentLocation()
  const name = parser.parseString()
  if (name === undefined) {
    parser.emitError(nameLoc, "failed to parse LLVMTargetExtType parameter 'extTypeName' which is to be a `::llvm::StringRef`").report()
    return undefined
  }
  const types: Type[] = []
  const ints: number[] = []
  while (parser.parseOptionalComma()) {
    const n = parser.parseOptionalInteger()
    if (n !== undefined) {
      ints.push(Number(n))
      continue
    }
    if (ints.length > 0) {
      parser.emitError(parser.getCurrentLocation(), 'failed to parse parameter list for target extension type').report()
      return undefined
    }
    const t = parseNested(parser)
    if (t === undefined) {
      return undefined
    }
    types.push(t)
  }
  if (!parser.parseGreater()) {
    return undefined
  }
  return LLVMTargetExtType.get(parser.context, name, types, ints)
}

/** Parses the body of an `llvm` dialect type (after `!llvm.`). */
export function parseLLVMType(parser: OpAsmParser): Type | undefined {
  const loc = parser.getCurrentLocation()
  const kw = parser.parseKeywordOrUndefined()
  if (kw === undefined) {
    return undefined
  }
  if (!LLVM_TYPE_KEYWORDS.includes(kw)) {
    parser.emitError(loc, `unknown LLVM type: ${kw}`).report()
    return undefined
  }
  return parseAfterKeyword(parser, kw)
}

function parseAfterKeyword(parser: OpAsmParser, kw: string): Type | undefined {
  const ctx = parser.context
  switch (kw) {
    case 'void':
      return LLVMVoidType.get(ctx)
    case 'token':
      return LLVMTokenType.get(ctx)
    case 'ppc_fp128':
      return LLVMPPCFP128Type.get(ctx)
    case 'target':
      return parseTargetExtBody(parser)
    case 'label':
      return LLVMLabelType.get(ctx)
    case 'metadata':
      return LLVMMetadataType.get(ctx)
    case 'ptr': {
      if (!parser.parseOptionalLess()) {
        return LLVMPointerType.get(ctx)
      }
      const n = parser.parseInteger()
      if (n === undefined) {
        parser.emitError(parser.getCurrentLocation(), "failed to parse LLVMPointerType parameter 'addressSpace' which is to be a `unsigned`").report()
        return undefined
      }
      if (!parser.parseGreater()) {
        return undefined
      }
      return LLVMPointerType.get(ctx, Number(BigInt.asUintN(32, n)))
    }
    case 'array': {
      if (!parser.parseLess()) {
        return undefined
      }
      const n = parser.parseInteger()
      if (n === undefined || !parser.parseKeyword('x')) {
        return undefined
      }
      const el = parseNested(parser)
      if (el === undefined || !parser.parseGreater()) {
        return undefined
      }
      return LLVMArrayType.get(el, Number(n))
    }
    case 'func':
      return parseFunctionBody(parser)
    case 'struct':
      return parseStructBody(parser)
    default:
      return undefined
  }
}

function parseFunctionBody(parser: OpAsmParser): Type | undefined {
  const loc = parser.getCurrentLocation()
  if (!parser.parseLess()) {
    return undefined
  }
  const ret = parseNested(parser)
  if (ret === undefined || !parser.parseLParen()) {
    return undefined
  }
  const params: Type[] = []
  let isVarArg = false
  if (!parser.parseOptionalRParen()) {
    for (;;) {
      if (parser.parseOptionalEllipsis()) {
        isVarArg = true
        break
      }
      const t = parseNested(parser)
      if (t === undefined) {
        return undefined
      }
      params.push(t)
      if (!parser.parseOptionalComma()) {
        break
      }
    }
    if (!parser.parseRParen()) {
      return undefined
    }
  }
  if (!parser.parseGreater()) {
    return undefined
  }
  if (!isValidResultType(ret)) {
    parser.emitError(loc, `invalid function result type: '${typeToString(ret)}'`).report()
    return undefined
  }
  for (const t of params) {
    if (!isValidArgumentType(t)) {
      parser.emitError(loc, `invalid function argument type: '${typeToString(t)}'`).report()
      return undefined
    }
  }
  return LLVMFunctionType.get(ret, params, isVarArg)
}

function parseStructBody(parser: OpAsmParser): Type | undefined {
  const ctx = parser.context
  if (!parser.parseLess()) {
    return undefined
  }
  const name = parser.parseOptionalString()
  if (name !== undefined) {
    const nameLoc = parser.getCurrentLocation()
    if (parser.parseOptionalGreater()) {
      // A reference to an identified struct being defined (recursive types).
      if (identifiedInProgress.get(ctx)?.has(name) !== true) {
        parser.emitError(nameLoc, 'struct without a body only allowed in a recursive struct').report()
        return undefined
      }
      return LLVMStructType.getIdentified(ctx, name)
    }
    if (!parser.parseComma()) {
      return undefined
    }
  }
  if (name !== undefined && parser.parseOptionalKeyword('opaque')) {
    if (!parser.parseGreater()) {
      return undefined
    }
    const t = LLVMStructType.getIdentified(ctx, name)
    if (!t.setOpaque()) {
      parser.emitError(parser.getCurrentLocation(), 'identified type already used with a different body').report()
      return undefined
    }
    return t
  }
  const packed = parser.parseOptionalKeyword('packed')
  if (!parser.parseLParen()) {
    return undefined
  }
  const bodyLoc = parser.getCurrentLocation()
  let inProgress = identifiedInProgress.get(ctx)
  if (name !== undefined) {
    if (inProgress === undefined) {
      inProgress = new Set()
      identifiedInProgress.set(ctx, inProgress)
    }
    inProgress.add(name)
  }
  const body: Type[] = []
  try {
    if (!parser.parseOptionalRParen()) {
      for (;;) {
        const t = parseNested(parser)
        if (t === undefined) {
          return undefined
        }
        body.push(t)
        if (!parser.parseOptionalComma()) {
          break
        }
      }
      if (!parser.parseRParen()) {
        return undefined
      }
    }
  } finally {
    if (name !== undefined) {
      inProgress!.delete(name)
    }
  }
  if (!parser.parseGreater()) {
    return undefined
  }
  if (name === undefined) {
    return LLVMStructType.getLiteral(ctx, body, packed)
  }
  const t = LLVMStructType.getIdentified(ctx, name)
  if (!t.setBody(body, packed)) {
    parser.emitError(bodyLoc, 'identified type already used with a different body').report()
    return undefined
  }
  return t
}

/** Names of the identified structs whose body is being parsed, per context. */
const identifiedInProgress = new WeakMap<Context, Set<string>>()
