/**
 * Attributes of the `xevm` dialect: the enum attributes written `#xevm.mnemonic<case>`
 * (cache controls, memory scopes, address spaces), and the mma shape and element types
 * `#xevm.mma_shape<m = 8, n = 16, k = 16>`, `#xevm.mma_types<d = f32, a = f16, b = f16>`.
 */
import { nonDefaultTargetParams, printTargetParams, targetOptLevel, targetString } from '../internal/TargetParams.ts'
import { ArrayAttr, DialectAttr, DictionaryAttr, IntegerAttr, IntegerType, StringAttr, type Attribute, type Context, type OpAsmParser, type OpAsmPrinter } from '@tilepass/ir'

/** The cases of each `#xevm.mnemonic<case>` enum attribute, with the C++ enum name upstream's messages use. */
export const XeVMEnumCases: Readonly<Record<string, { readonly enumName: string; readonly attrName: string; readonly cases: readonly string[] }>> = {
  load_cache_control: {
    enumName: '::mlir::xevm::LoadCacheControl',
    attrName: 'XeVM_LoadCacheControlAttr',
    cases: ['L1uc_L2uc_L3uc', 'L1uc_L2uc_L3c', 'L1uc_L2c_L3uc', 'L1uc_L2c_L3c', 'L1c_L2uc_L3uc', 'L1c_L2uc_L3c', 'L1c_L2c_L3uc', 'L1c_L2c_L3c', 'L1s_L2uc_L3uc', 'L1s_L2uc_L3c', 'L1s_L2c_L3uc', 'L1s_L2c_L3c', 'ir'],
  },
  store_cache_control: {
    enumName: '::mlir::xevm::StoreCacheControl',
    attrName: 'XeVM_StoreCacheControlAttr',
    cases: [
      'L1uc_L2uc_L3uc', 'L1uc_L2uc_L3wb', 'L1uc_L2wb_L3uc', 'L1uc_L2wb_L3wb', 'L1wt_L2uc_L3uc', 'L1wt_L2uc_L3wb', 'L1wt_L2wb_L3uc', 'L1wt_L2wb_L3wb',
      'L1s_L2uc_L3uc', 'L1s_L2uc_L3wb', 'L1s_L2wb_L3uc', 'L1s_L2wb_L3wb', 'L1wb_L2uc_L3uc', 'L1wb_L2wb_L3uc', 'L1wb_L2uc_L3wb',
    ],
  },
  mem_scope: { enumName: '::mlir::xevm::MemScope', attrName: 'XeVM_MemScopeAttr', cases: ['lane', 'subgroup', 'workgroup', 'cluster', 'device', 'system'] },
  addr_space: { enumName: 'mlir::xevm::AddrSpace', attrName: 'XeVM_AddrSpaceAttr', cases: ['private', 'global', 'constant', 'shared', 'generic'] },
}

/** The element types of `#xevm.mma_types`. */
export const XeVMElemTypes: readonly string[] = ['bf16', 'f16', 's8', 'u8', 's4', 'u4', 'tf32', 'f32', 's32']

/** `#xevm.load_cache_control<L1uc_L2uc_L3uc>` and the other enum attributes of `XeVMEnumCases`. */
export class XeVMEnumAttr extends DialectAttr {
  readonly dialectNamespace: string = 'xevm'
  /** @internal Use `XeVMEnumAttr.get`. */
  constructor(
    context: Context,
    readonly mnemonic: string,
    readonly value: string,
  ) {
    super(context)
  }
  /** The attribute `#xevm.<mnemonic><<value>>`. */
  static get(context: Context, mnemonic: string, value: string): XeVMEnumAttr {
    return context.uniquer.intern(`xevm.enum:${mnemonic}:${value}`, () => new XeVMEnumAttr(context, mnemonic, value))
  }
}

/** `#xevm.mma_shape<m = 8, n = 16, k = 16>`: the shape of an `xevm.mma` (D = C + A x B, A is MxK). */
export class XeVMMmaShapeAttr extends DialectAttr {
  readonly dialectNamespace: string = 'xevm'
  /** @internal Use `XeVMMmaShapeAttr.get`. */
  constructor(
    context: Context,
    readonly m: number,
    readonly n: number,
    readonly k: number,
  ) {
    super(context)
  }
  /** The shape `m`x`n`x`k`. */
  static get(context: Context, m: number, n: number, k: number): XeVMMmaShapeAttr {
    return context.uniquer.intern(`xevm.mma_shape:${m}:${n}:${k}`, () => new XeVMMmaShapeAttr(context, m, n, k))
  }
  /** The body after the mnemonic: `<m = 8, n = 16, k = 16>`. */
  body(): string {
    return `<m = ${this.m}, n = ${this.n}, k = ${this.k}>`
  }
}

/** `#xevm.mma_types<d = f32, a = f16, b = f16, c = f32>`: the element types of an `xevm.mma` (`c` optional). */
export class XeVMMmaTypesAttr extends DialectAttr {
  readonly dialectNamespace: string = 'xevm'
  /** @internal Use `XeVMMmaTypesAttr.get`. */
  constructor(
    context: Context,
    readonly d: string,
    readonly a: string,
    readonly b: string,
    readonly c: string | undefined,
  ) {
    super(context)
  }
  /** The types of D, A, B and (optionally) C, each one of `XeVMElemTypes`. */
  static get(context: Context, d: string, a: string, b: string, c: string | undefined): XeVMMmaTypesAttr {
    return context.uniquer.intern(`xevm.mma_types:${d}:${a}:${b}:${c ?? ''}`, () => new XeVMMmaTypesAttr(context, d, a, b, c))
  }
  /** The body after the mnemonic: `<d = f32, a = f16, b = f16, c = f32>`. */
  body(): string {
    return `<d = ${this.d}, a = ${this.a}, b = ${this.b}${this.c === undefined ? '' : `, c = ${this.c}`}>`
  }
}

/**
 * Parses the `<name = value, ...>` body of a struct attribute (ODS `struct(params)`): the
 * names in any order, each at most once, those in `required` all present. `parseValue`
 * reads one value; the result maps names to values, or is undefined after an error.
 */
function parseStruct<T>(parser: OpAsmParser, names: readonly string[], required: number, parseValue: (name: string) => T | undefined): Map<string, T> | undefined {
  return parser.parseLess() ? parseStructBody(parser, names, required, parseValue) : undefined
}

/** `parseStruct` after the `<`. */
function parseStructBody<T>(parser: OpAsmParser, names: readonly string[], required: number, parseValue: (name: string) => T | undefined): Map<string, T> | undefined {
  const out = new Map<string, T>()
  if (parser.parseOptionalGreater()) {
    return missing(parser, names, required, out) ? undefined : out
  }
  do {
    const name = parser.parseKeywordOrUndefined()
    if (name === undefined || !parser.parseEqual()) {
      return undefined
    }
    if (!names.includes(name) || out.has(name)) {
      parser.emitError(parser.getCurrentLocation(), `duplicate or unknown struct parameter name: ${name}`).report()
      return undefined
    }
    const v = parseValue(name)
    if (v === undefined) {
      return undefined
    }
    out.set(name, v)
    // ODS's struct parser stops asking for `,` once every parameter has been read.
    if (out.size === names.length) {
      break
    }
  } while (parser.parseOptionalComma())
  if (missing(parser, names, required, out)) {
    return undefined
  }
  return parser.parseGreater() ? out : undefined
}

function missing<T>(parser: OpAsmParser, names: readonly string[], required: number, out: Map<string, T>): boolean {
  for (let i = 0; i < required; i++) {
    if (!out.has(names[i]!)) {
      parser.emitError(parser.getCurrentLocation(), `struct is missing required parameter: ${names[i]}`).report()
      return true
    }
  }
  return false
}

/** Parses `<m = 8, n = 16, k = 16>` (the body of `#xevm.mma_shape`). */
export function parseMmaShapeBody(parser: OpAsmParser): XeVMMmaShapeAttr | undefined {
  const s = parseStruct(parser, ['m', 'n', 'k'], 3, () => {
    const v = parser.parseInteger()
    return v === undefined ? undefined : Number(v)
  })
  return s === undefined ? undefined : XeVMMmaShapeAttr.get(parser.context, s.get('m')!, s.get('n')!, s.get('k')!)
}

/** Parses `<d = f32, a = f16, b = f16, c = f32>` (the body of `#xevm.mma_types`). */
export function parseMmaTypesBody(parser: OpAsmParser): XeVMMmaTypesAttr | undefined {
  const s = parseStruct(parser, ['d', 'a', 'b', 'c'], 3, (name) => {
    const loc = parser.getCurrentLocation()
    const kw = parser.parseKeywordOrUndefined()
    if (kw === undefined) {
      return undefined
    }
    if (!XeVMElemTypes.includes(kw)) {
      parser.emitError(loc, `expected one of [${XeVMElemTypes.join(', ')}] for XeVM element type, got: ${kw}`).report()
      parser.emitError(parser.getCurrentLocation(), `failed to parse XeVM_MMATypesAttr parameter '${name}' which is to be a \`xevm::ElemType\``).report()
      return undefined
    }
    return kw
  })
  return s === undefined ? undefined : XeVMMmaTypesAttr.get(parser.context, s.get('d')!, s.get('a')!, s.get('b')!, s.get('c'))
}

/** The parameters of `#xevm.target<...>` in print order. */
const TARGET_PARAMS: readonly string[] = ['O', 'triple', 'chip', 'flags', 'linkFiles']

/**
 * `#xevm.target<O = 3, chip = "pvc">`: the Intel GPU target of a `gpu.module`. Parameters
 * equal to their defaults (`O = 2`, `triple = "spirv64-unknown-unknown"`, `chip = "bmg"`,
 * no flags, no link files) are absent, and `#xevm.target` is the all-default target.
 */
export class XeVMTargetAttr extends DialectAttr {
  readonly dialectNamespace: string = 'xevm'
  /** @internal Use `XeVMTargetAttr.get`. */
  constructor(
    context: Context,
    /** The explicit parameters, keyed by name (`O`, `triple`, `chip`, `flags`, `linkFiles`). */
    readonly params: ReadonlyMap<string, Attribute>,
  ) {
    super(context)
  }
  /** The target with `params` (defaults dropped). */
  static get(context: Context, params: ReadonlyMap<string, Attribute>): XeVMTargetAttr {
    const { kept, key } = nonDefaultTargetParams(TARGET_PARAMS, params, isTargetDefault)
    return context.uniquer.intern(`xevm.target:${key}`, () => new XeVMTargetAttr(context, kept))
  }
  /** The optimization level (2 by default). */
  get optLevel(): number {
    return targetOptLevel(this.params)
  }
  /** The target triple (`spirv64-unknown-unknown` by default). */
  get triple(): string {
    return targetString(this.params, 'triple', 'spirv64-unknown-unknown')
  }
  /** The chip (`bmg` by default). */
  get chip(): string {
    return targetString(this.params, 'chip', 'bmg')
  }
}

function isTargetDefault(name: string, v: Attribute): boolean {
  switch (name) {
    case 'O':
      return v instanceof IntegerAttr && v.value === 2n
    case 'triple':
      return v instanceof StringAttr && v.value === 'spirv64-unknown-unknown'
    case 'chip':
      return v instanceof StringAttr && v.value === 'bmg'
    default:
      return false
  }
}

function parseTarget(parser: OpAsmParser): Attribute | undefined {
  const ctx = parser.context
  if (!parser.parseOptionalLess()) {
    return XeVMTargetAttr.get(ctx, new Map())
  }
  // `#xevm.target<>` is the all-default target too.
  const params = parseStructBody(parser, TARGET_PARAMS, 0, (name): Attribute | undefined => {
    const loc = parser.getCurrentLocation()
    if (name === 'O') {
      const n = parser.parseInteger()
      return n === undefined ? undefined : IntegerAttr.get(IntegerType.get(ctx, 32), n)
    }
    if (name === 'triple' || name === 'chip') {
      const str = parser.parseString()
      return str === undefined ? undefined : StringAttr.get(ctx, str)
    }
    const v = parser.parseAttribute()
    if (v !== undefined && !(name === 'flags' ? v instanceof DictionaryAttr : v instanceof ArrayAttr)) {
      parser.emitError(loc, 'invalid kind of attribute specified').report()
      return undefined
    }
    return v
  })
  return params === undefined ? undefined : XeVMTargetAttr.get(ctx, params)
}

/** Parses the body of an `#xevm` attribute (after `#xevm.`). */
export function parseXeVMAttribute(parser: OpAsmParser): Attribute | undefined {
  const loc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  if (mnemonic === undefined) {
    return undefined
  }
  const en = XeVMEnumCases[mnemonic]
  if (en !== undefined) {
    if (!parser.parseLess()) {
      return undefined
    }
    const at = parser.getCurrentLocation()
    const kw = parser.parseKeywordOrUndefined()
    if (kw === undefined) {
      return undefined
    }
    if (!en.cases.includes(kw)) {
      parser.emitError(at, `expected ${en.enumName} to be one of: ${en.cases.join(', ')}`).report()
      parser.emitError(parser.getCurrentLocation(), `failed to parse ${en.attrName} parameter 'value' which is to be a \`${en.enumName}\``).report()
      return undefined
    }
    return parser.parseGreater() ? XeVMEnumAttr.get(parser.context, mnemonic, kw) : undefined
  }
  if (mnemonic === 'mma_shape') {
    return parseMmaShapeBody(parser)
  }
  if (mnemonic === 'mma_types') {
    return parseMmaTypesBody(parser)
  }
  if (mnemonic === 'target') {
    return parseTarget(parser)
  }
  parser.emitError(loc, `unknown attribute \`${mnemonic}\` in dialect \`xevm\``).report()
  return undefined
}

/** Prints the body of an `#xevm` attribute. */
export function printXeVMAttribute(attr: Attribute, printer: OpAsmPrinter): void {
  if (attr instanceof XeVMEnumAttr) {
    printer.print(`${attr.mnemonic}<${attr.value}>`)
  } else if (attr instanceof XeVMMmaShapeAttr) {
    printer.print(`mma_shape${attr.body()}`)
  } else if (attr instanceof XeVMMmaTypesAttr) {
    printer.print(`mma_types${attr.body()}`)
  } else if (attr instanceof XeVMTargetAttr) {
    printTargetParams(attr.params, printer)
  }
}
