/**
 * Attributes of the `nvvm` dialect: the enum attributes printed in the opaque form
 * (`#nvvm<shfl_kind bfly>`, `#nvvm<load_cache_modifier cg>`, `#nvvm<action increase>`),
 * the keyword attributes (`#nvvm.mma_layout<row>`, `#nvvm.mma_type<f16>`, ...), and the
 * shapes `#nvvm.shape<m = 16, n = 8, k = 16>` and `#nvvm.ld_st_matrix_shape<m = 8, n = 8>`.
 */
import { nonDefaultTargetParams, printTargetParams, targetOptLevel, targetString } from '../internal/TargetParams.ts'
import { BoolAttr, DialectAttr, IntegerAttr, IntegerType, StringAttr, type Attribute, type Context, type OpAsmParser, type OpAsmPrinter } from '@tilepass/ir'

/** The cases of each enum attribute printed as `#nvvm<kind case>`. */
export const NVVMOpaqueEnumCases: Readonly<Record<string, readonly string[]>> = {
  shfl_kind: ['bfly', 'up', 'down', 'idx'],
  load_cache_modifier: ['ca', 'cg', 'cs', 'lu', 'cv'],
  action: ['decrease', 'increase'],
}

/** The cases of each attribute printed as `#nvvm.mnemonic<case>`. */
export const NVVMKeywordCases: Readonly<Record<string, readonly string[]>> = {
  mma_layout: ['row', 'col'],
  mma_frag: ['a', 'b', 'c'],
  mma_type: ['b1', 's4', 'u4', 's8', 'u8', 's32', 'f16', 'f32', 'tf32', 'bf16', 'f64', 'e4m3', 'e5m2'],
  mma_int_overflow: ['satfinite', 'wrapped'],
  mma_b1op: ['none', 'xor_popc', 'and_popc'],
  ld_st_matrix_elt_type: ['b16', 'b8', 'b8x16.b6x16_p32', 'b8x16.b4x16_p64'],
}

/** `#nvvm<shfl_kind bfly>`: an enum case written in the dialect's opaque form. */
export class NVVMEnumAttr extends DialectAttr {
  readonly dialectNamespace: string = 'nvvm'
  /** @internal Use `NVVMEnumAttr.get`. */
  constructor(
    context: Context,
    readonly enumName: string,
    readonly value: string,
  ) {
    super(context)
  }
  /** The case `value` of the enum `enumName` (a key of `NVVMOpaqueEnumCases`). */
  static get(context: Context, enumName: string, value: string): NVVMEnumAttr {
    return context.uniquer.intern(`nvvm.enum:${enumName}:${value}`, () => new NVVMEnumAttr(context, enumName, value))
  }
}

/** `#nvvm.mma_layout<row>` and the other single-keyword attributes of `NVVMKeywordCases`. */
export class NVVMKeywordAttr extends DialectAttr {
  readonly dialectNamespace: string = 'nvvm'
  /** @internal Use `NVVMKeywordAttr.get`. */
  constructor(
    context: Context,
    readonly mnemonic: string,
    readonly value: string,
  ) {
    super(context)
  }
  /** The attribute `#nvvm.<mnemonic><<value>>`. */
  static get(context: Context, mnemonic: string, value: string): NVVMKeywordAttr {
    return context.uniquer.intern(`nvvm.kw:${mnemonic}:${value}`, () => new NVVMKeywordAttr(context, mnemonic, value))
  }
}

/** `#nvvm.shape<m = 16, n = 8, k = 16>` (k is 0 for `#nvvm.ld_st_matrix_shape<m = 8, n = 8>`). */
export class NVVMShapeAttr extends DialectAttr {
  readonly dialectNamespace: string = 'nvvm'
  /** @internal Use `NVVMShapeAttr.get`. */
  constructor(
    context: Context,
    readonly mnemonic: 'shape' | 'ld_st_matrix_shape',
    readonly m: number,
    readonly n: number,
    readonly k: number,
  ) {
    super(context)
  }
  /** An mma shape (`#nvvm.shape`). */
  static get(context: Context, m: number, n: number, k: number): NVVMShapeAttr {
    return context.uniquer.intern(`nvvm.shape:${m}:${n}:${k}`, () => new NVVMShapeAttr(context, 'shape', m, n, k))
  }
  /** A ldmatrix/stmatrix shape (`#nvvm.ld_st_matrix_shape`). */
  static getLdSt(context: Context, m: number, n: number): NVVMShapeAttr {
    return context.uniquer.intern(`nvvm.ldst:${m}:${n}`, () => new NVVMShapeAttr(context, 'ld_st_matrix_shape', m, n, 0))
  }
}

/** The parameters of `#nvvm.target<...>` in print order, with the defaults that are elided. */
const TARGET_PARAMS: readonly string[] = ['O', 'triple', 'chip', 'features', 'flags', 'link', 'verifyTarget']

/**
 * `#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx80">`: the NVPTX target of a
 * `gpu.module` (parameters equal to their defaults are absent).
 */
export class NVVMTargetAttr extends DialectAttr {
  readonly dialectNamespace: string = 'nvvm'
  /** @internal Use `NVVMTargetAttr.get`. */
  constructor(
    context: Context,
    /** The explicit parameters, keyed by name (`O`, `triple`, `chip`, `features`, `flags`, `link`, `verifyTarget`). */
    readonly params: ReadonlyMap<string, Attribute>,
  ) {
    super(context)
  }
  /** The target with `params` (defaults dropped). */
  static get(context: Context, params: ReadonlyMap<string, Attribute>): NVVMTargetAttr {
    const { kept, key } = nonDefaultTargetParams(TARGET_PARAMS, params, isTargetDefault)
    return context.uniquer.intern(`nvvm.target:${key}`, () => new NVVMTargetAttr(context, kept))
  }
  /** The optimization level (2 by default). */
  get optLevel(): number {
    return targetOptLevel(this.params)
  }
  /** The target triple (`nvptx64-nvidia-cuda` by default). */
  get triple(): string {
    return targetString(this.params, 'triple', 'nvptx64-nvidia-cuda')
  }
  /** The chip (`sm_50` by default). */
  get chip(): string {
    return targetString(this.params, 'chip', 'sm_50')
  }
  /** The target features (empty by default). */
  get features(): string {
    const f = this.params.get('features')
    return f instanceof StringAttr ? f.value : ''
  }
}

function isTargetDefault(name: string, v: Attribute): boolean {
  switch (name) {
    case 'O':
      return v instanceof IntegerAttr && v.value === 2n
    case 'triple':
      return v instanceof StringAttr && v.value === 'nvptx64-nvidia-cuda'
    case 'chip':
      return v instanceof StringAttr && v.value === 'sm_50'
    case 'features':
      return v instanceof StringAttr && v.value === ''
    case 'verifyTarget':
      return BoolAttr.isBool(v) && v.value === 1n
    default:
      return false
  }
}

function parseTarget(parser: OpAsmParser): Attribute | undefined {
  const params = new Map<string, Attribute>()
  if (!parser.parseOptionalLess()) {
    return NVVMTargetAttr.get(parser.context, params)
  }
  do {
    const loc = parser.getCurrentLocation()
    const name = parser.parseKeywordOrUndefined()
    if (name === undefined) {
      return undefined
    }
    if (!TARGET_PARAMS.includes(name)) {
      parser.emitError(loc, `expected a parameter name in struct`).report()
      return undefined
    }
    if (!parser.parseEqual()) {
      return undefined
    }
    let v: Attribute | undefined
    if (name === 'O') {
      const n = parser.parseInteger()
      v = n === undefined ? undefined : IntegerAttr.get(IntegerType.get(parser.context, 32), n)
    } else {
      v = parser.parseAttribute()
    }
    if (v === undefined) {
      return undefined
    }
    params.set(name, v)
  } while (parser.parseOptionalComma())
  return parser.parseGreater() ? NVVMTargetAttr.get(parser.context, params) : undefined
}

/** The keyword of an `NVVMKeywordAttr`/`NVVMEnumAttr`, or undefined for other attributes. */
export function nvvmCase(attr: Attribute | undefined): string | undefined {
  return attr instanceof NVVMKeywordAttr || attr instanceof NVVMEnumAttr ? attr.value : undefined
}

function parseCase(parser: OpAsmParser, cases: readonly string[], what: string): string | undefined {
  const loc = parser.getCurrentLocation()
  const kw = parser.parseOptionalKeywordAny()
  // Cases such as `b8x16.b6x16_p32` lex as one bare identifier with dots.
  if (kw === undefined || !cases.includes(kw)) {
    parser.emitError(loc, `expected one of [${cases.join(', ')}] for ${what}`).report()
    return undefined
  }
  return kw
}

function parseShapeField(parser: OpAsmParser, name: string): number | undefined {
  if (!parser.parseKeyword(name) || !parser.parseEqual()) {
    return undefined
  }
  const v = parser.parseInteger()
  return v === undefined ? undefined : Number(v)
}

/** Parses the body of an `#nvvm` attribute (after `#nvvm.` or inside `#nvvm<...>`). */
export function parseNVVMAttribute(parser: OpAsmParser): Attribute | undefined {
  // `#ns<mnemonic ...>` (the opaque form of enum attributes) or `#ns.mnemonic<...>`.
  if (parser.parseOptionalLess()) {
    const attr = parseNVVMAttributeBody(parser)
    return attr === undefined || !parser.parseGreater() ? undefined : attr
  }
  return parseNVVMAttributeBody(parser)
}

function parseNVVMAttributeBody(parser: OpAsmParser): Attribute | undefined {
  const loc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  if (mnemonic === undefined) {
    return undefined
  }
  const ctx = parser.context
  const opaque = NVVMOpaqueEnumCases[mnemonic]
  if (opaque !== undefined) {
    const v = parseCase(parser, opaque, mnemonic)
    return v === undefined ? undefined : NVVMEnumAttr.get(ctx, mnemonic, v)
  }
  const keyword = NVVMKeywordCases[mnemonic]
  if (keyword !== undefined) {
    if (!parser.parseLess()) {
      return undefined
    }
    const v = parseCase(parser, keyword, mnemonic)
    return v === undefined || !parser.parseGreater() ? undefined : NVVMKeywordAttr.get(ctx, mnemonic, v)
  }
  if (mnemonic === 'shape' || mnemonic === 'ld_st_matrix_shape') {
    if (!parser.parseLess()) {
      return undefined
    }
    const m = parseShapeField(parser, 'm')
    if (m === undefined || !parser.parseComma()) {
      return undefined
    }
    const n = parseShapeField(parser, 'n')
    if (n === undefined) {
      return undefined
    }
    if (mnemonic === 'ld_st_matrix_shape') {
      return parser.parseGreater() ? NVVMShapeAttr.getLdSt(ctx, m, n) : undefined
    }
    if (!parser.parseComma()) {
      return undefined
    }
    const k = parseShapeField(parser, 'k')
    return k === undefined || !parser.parseGreater() ? undefined : NVVMShapeAttr.get(ctx, m, n, k)
  }
  if (mnemonic === 'target') {
    return parseTarget(parser)
  }
  parser.emitError(loc, `unknown attribute \`${mnemonic}\` in dialect \`nvvm\``).report()
  return undefined
}

/** Prints the body of an `#nvvm` attribute. */
export function printNVVMAttribute(attr: Attribute, printer: OpAsmPrinter): void {
  if (attr instanceof NVVMEnumAttr) {
    printer.print(`${attr.enumName} ${attr.value}`)
  } else if (attr instanceof NVVMKeywordAttr) {
    printer.print(`${attr.mnemonic}<${attr.value}>`)
  } else if (attr instanceof NVVMTargetAttr) {
    printTargetParams(attr.params, printer)
  } else if (attr instanceof NVVMShapeAttr) {
    printer.print(attr.mnemonic === 'shape' ? `shape<m = ${attr.m}, n = ${attr.n}, k = ${attr.k}>` : `ld_st_matrix_shape<m = ${attr.m}, n = ${attr.n}>`)
  }
}
