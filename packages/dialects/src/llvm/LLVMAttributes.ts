/**
 * Attributes of the `llvm` dialect: `#llvm.linkage<...>`, `#llvm.cconv<...>`,
 * `#llvm.tailcallkind<...>`, `#llvm.fastmath<...>`, and the integer-backed enums the
 * ops store as plain integer properties (overflow flags, predicates, visibility, ...).
 */
import {
  DialectAttr,
  IntegerAttr,
  IntegerType,
  type Attribute,
  type Context,
  type OpAsmParser,
  type OpAsmPrinter,
} from '@tilepass/ir'
import { isLoopAttrMnemonic, LLVMLoopAttr, parseLoopAttr, printLoopAttr } from './LLVMLoopAttributes.ts'
import { isScopeAttrMnemonic, LLVMScopeAttr, parseScopeAttr, printScopeAttr } from './LLVMScopeAttributes.ts'
import { isBlockAddressAttrMnemonic, parseBlockAddressAttr, printBlockAddressAttr } from './LLVMBlockAddressAttributes.ts'
import { parseCGProfileEntryAttr, parseModuleFlagAttr, parseProfileSummaryAttr, printModuleFlagAttribute } from './LLVMModuleFlagAttributes.ts'

/** `LLVM::Linkage` case names in enum order. */
export const LinkageNames: readonly string[] = [
  'private',
  'internal',
  'available_externally',
  'linkonce',
  'weak',
  'common',
  'appending',
  'extern_weak',
  'linkonce_odr',
  'weak_odr',
  'external',
]

/** `LLVM::cconv::CConv` case names (the keywords `#llvm.cconv<...>` and `llvm.func` use). */
export const CConvNames: readonly string[] = [
  'ccc',
  'fastcc',
  'coldcc',
  'cc_10',
  'cc_11',
  'anyregcc',
  'preserve_mostcc',
  'preserve_allcc',
  'swiftcc',
  'cxx_fast_tlscc',
  'tailcc',
  'cfguard_checkcc',
  'swifttailcc',
  'x86_stdcallcc',
  'x86_fastcallcc',
  'arm_apcscc',
  'arm_aapcscc',
  'arm_aapcs_vfpcc',
  'msp430_intrcc',
  'x86_thiscallcc',
  'ptx_kernelcc',
  'ptx_devicecc',
  'spir_funccc',
  'spir_kernelcc',
  'intel_ocl_bicc',
  'x86_64_sysvcc',
  'win64cc',
  'x86_vectorcallcc',
  'hhvmcc',
  'hhvm_ccc',
  'x86_intrcc',
  'avr_intrcc',
  'avr_builtincc',
  'amdgpu_vscc',
  'amdgpu_gscc',
  'amdgpu_cscc',
  'amdgpu_kernelcc',
  'x86_regcallcc',
  'amdgpu_hscc',
  'msp430_builtincc',
  'amdgpu_lscc',
  'amdgpu_escc',
  'aarch64_vectorcallcc',
  'aarch64_sve_vectorcallcc',
  'wasm_emscripten_invokecc',
  'amdgpu_gfxcc',
  'm68k_intrcc',
]

/** `LLVM::tailcallkind::TailCallKind` case names. */
export const TailCallKindNames: readonly string[] = ['none', 'notail', 'musttail', 'tail']

/** `LLVM::Visibility` case names in enum order (stored as `visibility_ = N : i64`). */
export const VisibilityNames: readonly string[] = ['default', 'hidden', 'protected']

/** `LLVM::UnnamedAddr` case names in enum order (stored as `unnamed_addr = N : i64`). */
export const UnnamedAddrNames: readonly string[] = ['', 'local_unnamed_addr', 'unnamed_addr']

/** `LLVM::ICmpPredicate` case names in enum order (stored as `predicate = N : i64`). */
export const ICmpPredicateNames: readonly string[] = ['eq', 'ne', 'slt', 'sle', 'sgt', 'sge', 'ult', 'ule', 'ugt', 'uge']

/** `LLVM::FCmpPredicate` case names in enum order (stored as `predicate = N : i64`). */
export const FCmpPredicateNames: readonly string[] = [
  '_false',
  'oeq',
  'ogt',
  'oge',
  'olt',
  'ole',
  'one',
  'ord',
  'ueq',
  'ugt',
  'uge',
  'ult',
  'ule',
  'une',
  'uno',
  '_true',
]

/** `LLVM::AtomicOrdering` case names in enum order (stored as `ordering = N : i64`). */
export const AtomicOrderingNames: readonly string[] = ['not_atomic', 'unordered', 'monotonic', '', 'acquire', 'release', 'acq_rel', 'seq_cst']

/** Bits of `#llvm.fastmath<...>`, as `LLVM::FastmathFlags`. */
export const LLVMFastmathFlags = {
  none: 0,
  nnan: 1,
  ninf: 2,
  nsz: 4,
  arcp: 8,
  contract: 16,
  afn: 32,
  reassoc: 64,
  fast: 127,
} as const

const FASTMATH_BITS: readonly (readonly [string, number])[] = [
  ['nnan', 1],
  ['ninf', 2],
  ['nsz', 4],
  ['arcp', 8],
  ['contract', 16],
  ['afn', 32],
  ['reassoc', 64],
]

/** Bits of the `overflowFlags` property (`overflow<nsw, nuw>`), as `LLVM::IntegerOverflowFlags`. */
export const LLVMIntegerOverflowFlags = { none: 0, nsw: 1, nuw: 2 } as const

/** `#llvm.linkage<internal>`: the linkage of a function or global. */
export class LinkageAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** @internal Use `LinkageAttr.get`. */
  constructor(
    context: Context,
    readonly linkage: string,
  ) {
    super(context)
  }
  /** The attribute for the linkage keyword `linkage` (one of `LinkageNames`). */
  static get(context: Context, linkage: string): LinkageAttr {
    return context.uniquer.intern(`llvm.linkage:${linkage}`, () => new LinkageAttr(context, linkage))
  }
}

/** `#llvm.cconv<ccc>`: a calling convention. */
export class CConvAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** @internal Use `CConvAttr.get`. */
  constructor(
    context: Context,
    readonly cconv: string,
  ) {
    super(context)
  }
  /** The attribute for the calling convention keyword `cconv` (one of `CConvNames`). */
  static get(context: Context, cconv: string): CConvAttr {
    return context.uniquer.intern(`llvm.cconv:${cconv}`, () => new CConvAttr(context, cconv))
  }
}

/** `#llvm.tailcallkind<none>`: the tail-call marker of `llvm.call`. */
export class TailCallKindAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** @internal Use `TailCallKindAttr.get`. */
  constructor(
    context: Context,
    readonly kind: string,
  ) {
    super(context)
  }
  /** The attribute for `kind` (one of `TailCallKindNames`). */
  static get(context: Context, kind: string): TailCallKindAttr {
    return context.uniquer.intern(`llvm.tailcallkind:${kind}`, () => new TailCallKindAttr(context, kind))
  }
}

/** `#llvm.fastmath<nnan, ninf>`: fast-math flags (a bit set of `LLVMFastmathFlags`). */
export class LLVMFastmathFlagsAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** @internal Use `LLVMFastmathFlagsAttr.get`. */
  constructor(
    context: Context,
    readonly value: number,
  ) {
    super(context)
  }
  /** The attribute for the flag bits `value`. */
  static get(context: Context, value: number): LLVMFastmathFlagsAttr {
    const v = value & 127
    return context.uniquer.intern(`llvm.fastmath:${v}`, () => new LLVMFastmathFlagsAttr(context, v))
  }
  /** True when every bit of `flags` is set. */
  has(flags: number): boolean {
    return (this.value & flags) === flags
  }
}

/** `#llvm.zero`: the fold result of `llvm.mlir.zero`. */
export class LLVMZeroAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** The zero attribute. */
  static get(context: Context): LLVMZeroAttr {
    return context.uniquer.intern('llvm.zero', () => new LLVMZeroAttr(context))
  }
}

/** `#llvm.undef`: the fold result of `llvm.mlir.undef`. */
export class LLVMUndefAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** The undef attribute. */
  static get(context: Context): LLVMUndefAttr {
    return context.uniquer.intern('llvm.undef', () => new LLVMUndefAttr(context))
  }
}

/** `#llvm.poison`: the fold result of `llvm.mlir.poison`. */
export class LLVMPoisonAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** The poison attribute. */
  static get(context: Context): LLVMPoisonAttr {
    return context.uniquer.intern('llvm.poison', () => new LLVMPoisonAttr(context))
  }
}

/** `#llvm.constant_range<i32, 0, 32>`: the half-open range `[lower, upper)` of `width`-bit integers. */
export class LLVMConstantRangeAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** @internal Use `LLVMConstantRangeAttr.get`. */
  constructor(
    context: Context,
    readonly width: number,
    readonly lower: bigint,
    readonly upper: bigint,
  ) {
    super(context)
  }
  /** The range `[lower, upper)` of `width`-bit integers (bounds as signed values). */
  static get(context: Context, width: number, lower: bigint, upper: bigint): LLVMConstantRangeAttr {
    const lo = BigInt.asIntN(width, lower)
    const hi = BigInt.asIntN(width, upper)
    return context.uniquer.intern(`llvm.constant_range:${width}:${lo}:${hi}`, () => new LLVMConstantRangeAttr(context, width, lo, hi))
  }
}

/** `LLVM::ModRefInfo` case names in enum order. */
export const ModRefInfoNames: readonly string[] = ['none', 'read', 'write', 'readwrite']

/** The locations of `#llvm.memory_effects<...>` in declaration (print) order. */
const MEMORY_LOCATIONS: readonly string[] = ['other', 'argMem', 'inaccessibleMem', 'errnoMem', 'targetMem0', 'targetMem1']

/**
 * `#llvm.memory_effects<other = none, argMem = read, ...>`: how a function or call may
 * access each kind of memory (`ModRefInfo` values by location, all six required).
 */
export class LLVMMemoryEffectsAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** @internal Use `LLVMMemoryEffectsAttr.get`. */
  constructor(
    context: Context,
    /** One `ModRefInfoNames` index per location (other, argMem, inaccessibleMem, errnoMem, targetMem0, targetMem1). */
    readonly effects: readonly number[],
  ) {
    super(context)
  }
  /** The attribute with `effects` (one `ModRefInfoNames` index per location). */
  static get(context: Context, effects: readonly number[]): LLVMMemoryEffectsAttr {
    return context.uniquer.intern(`llvm.memory_effects:${effects.join(',')}`, () => new LLVMMemoryEffectsAttr(context, [...effects]))
  }
}

/** Parses `<other = none, ...>` (every location once, in any order); undefined on error. */
function parseMemoryEffectsBody(parser: OpAsmParser): LLVMMemoryEffectsAttr | undefined {
  if (!parser.parseLess()) {
    return undefined
  }
  const effects: number[] = MEMORY_LOCATIONS.map(() => -1)
  for (let i = 0; i < MEMORY_LOCATIONS.length; i++) {
    const key = parser.parseKeywordOrUndefined()
    if (key === undefined) {
      parser.emitError(parser.getCurrentLocation(), 'expected a parameter name in struct').report()
      return undefined
    }
    if (!parser.parseEqual()) {
      return undefined
    }
    const at = MEMORY_LOCATIONS.indexOf(key)
    if (at < 0 || effects[at] !== -1) {
      parser.emitError(parser.getCurrentLocation(), `duplicate or unknown struct parameter name: ${key}`).report()
      return undefined
    }
    const kw = parseEnumKeyword(parser, ModRefInfoNames, 'LLVM ModRefInfo', 'LLVM_MemoryEffectsAttr', key, 'ModRefInfo')
    if (kw === undefined) {
      return undefined
    }
    effects[at] = ModRefInfoNames.indexOf(kw)
    if (i !== MEMORY_LOCATIONS.length - 1 && !parser.parseComma()) {
      return undefined
    }
  }
  return parser.parseGreater() ? LLVMMemoryEffectsAttr.get(parser.context, effects) : undefined
}

/** The body of `#llvm.fastmath<...>`: `none`, `fast`, or `nnan, ninf`. */
export function stringifyLLVMFastmathFlags(value: number): string {
  if (value === 0) {
    return 'none'
  }
  if (value === 127) {
    return 'fast'
  }
  let out = ''
  for (const [name, bit] of FASTMATH_BITS) {
    if ((value & bit) !== 0) {
      out += out.length === 0 ? name : ', ' + name
    }
  }
  return out
}

/** The `overflow<...>` body of integer overflow flag bits: `nsw`, `nuw` or `nsw, nuw`. */
export function stringifyLLVMOverflowFlags(value: number): string {
  if (value === 0) {
    return 'none'
  }
  const parts: string[] = []
  if ((value & 1) !== 0) {
    parts.push('nsw')
  }
  if ((value & 2) !== 0) {
    parts.push('nuw')
  }
  return parts.join(', ')
}

/** The `N : i32` / `N : i64` integer attribute of an integer-backed enum property. */
export function enumIntAttr(context: Context, width: 32 | 64, value: number): IntegerAttr {
  return IntegerAttr.get(IntegerType.get(context, width), value)
}

/** The numeric value of an integer enum property, or `fallback` when absent. */
export function enumValue(attr: Attribute | undefined, fallback = 0): number {
  return attr instanceof IntegerAttr ? Number(attr.value) : fallback
}

/** The linkage keywords in the order upstream lists them in diagnostics. */
const LINKAGE_LISTED: readonly string[] = [
  'external',
  'available_externally',
  'linkonce',
  'linkonce_odr',
  'weak',
  'weak_odr',
  'appending',
  'internal',
  'private',
  'extern_weak',
  'common',
]

function parseEnumKeyword(parser: OpAsmParser, listed: readonly string[], what: string, attrName: string, param: string, cppType: string): string | undefined {
  const loc = parser.getCurrentLocation()
  const kw = parser.parseKeywordOrUndefined()
  if (kw === undefined) {
    return undefined
  }
  if (!listed.includes(kw)) {
    parser.emitError(loc, `expected one of [${listed.join(', ')}] for ${what}, got: ${kw}`).report()
    parser.emitError(parser.getCurrentLocation(), `failed to parse ${attrName} parameter '${param}' which is to be a \`${cppType}\``).report()
    return undefined
  }
  return kw
}

/** Parses `<nnan, ninf>`; undefined on error. */
export function parseLLVMFastmathBody(parser: OpAsmParser): LLVMFastmathFlagsAttr | undefined {
  if (!parser.parseLess()) {
    return undefined
  }
  let value = 0
  const loc = parser.getCurrentLocation()
  for (;;) {
    const kw = parser.parseOptionalKeywordAny() ?? parser.parseOptionalString()
    const bit = kw === undefined ? undefined : (LLVMFastmathFlags as Record<string, number>)[kw]
    if (bit === undefined) {
      parser.emitError(loc, 'expected ::mlir::LLVM::FastmathFlags to be one of: none, nnan, ninf, nsz, arcp, contract, afn, reassoc, fast').report()
      parser.emitError(parser.getCurrentLocation(), "failed to parse LLVM_FastmathFlagsAttr parameter 'value' which is to be a `::mlir::LLVM::FastmathFlags`").report()
      return undefined
    }
    value |= bit
    if (!parser.parseOptionalComma()) {
      break
    }
  }
  if (!parser.parseGreater()) {
    return undefined
  }
  return LLVMFastmathFlagsAttr.get(parser.context, value)
}

/** Parses `i32, 0, 32>` (after the `<` of `#llvm.constant_range` or of a `range` property). */
export function parseConstantRangeBody(parser: OpAsmParser): LLVMConstantRangeAttr | undefined {
  const loc = parser.getCurrentLocation()
  const t = parser.parseType()
  if (t === undefined || !parser.parseComma()) {
    return undefined
  }
  if (!(t instanceof IntegerType)) {
    parser.emitError(loc, 'expected integer type').report()
    return undefined
  }
  const lo = parser.parseInteger()
  if (lo === undefined || !parser.parseComma()) {
    return undefined
  }
  const hi = parser.parseInteger()
  if (hi === undefined || !parser.parseGreater()) {
    return undefined
  }
  return LLVMConstantRangeAttr.get(parser.context, t.width, lo, hi)
}

/** Parses the body of an `#llvm.` attribute (after `#llvm.`). */
export function parseLLVMAttribute(parser: OpAsmParser): Attribute | undefined {
  const loc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  if (mnemonic === undefined) {
    return undefined
  }
  const ctx = parser.context
  switch (mnemonic) {
    case 'fastmath':
      return parseLLVMFastmathBody(parser)
    case 'linkage': {
      if (!parser.parseLess()) {
        return undefined
      }
      const kw = parseEnumKeyword(parser, LINKAGE_LISTED, 'LLVM linkage types', 'LinkageAttr', 'linkage', 'linkage::Linkage')
      return kw === undefined || !parser.parseGreater() ? undefined : LinkageAttr.get(ctx, kw)
    }
    case 'cconv': {
      if (!parser.parseLess()) {
        return undefined
      }
      const kw = parseEnumKeyword(parser, CConvNames, 'Calling Conventions', 'CConvAttr', 'CallingConv', 'CConv')
      return kw === undefined || !parser.parseGreater() ? undefined : CConvAttr.get(ctx, kw)
    }
    case 'tailcallkind': {
      if (!parser.parseLess()) {
        return undefined
      }
      const kw = parseEnumKeyword(parser, TailCallKindNames, 'Tail Call Kind', 'TailCallKindAttr', 'tailCallKind', 'TailCallKind')
      return kw === undefined || !parser.parseGreater() ? undefined : TailCallKindAttr.get(ctx, kw)
    }
    case 'constant_range':
      return parser.parseLess() ? parseConstantRangeBody(parser) : undefined
    case 'memory_effects':
      return parseMemoryEffectsBody(parser)
    case 'zero':
      return LLVMZeroAttr.get(ctx)
    case 'undef':
      return LLVMUndefAttr.get(ctx)
    case 'poison':
      return LLVMPoisonAttr.get(ctx)
    case 'mlir.module_flag':
      return parseModuleFlagAttr(parser)
    case 'cgprofile_entry':
      return parseCGProfileEntryAttr(parser)
    case 'profile_summary':
      return parseProfileSummaryAttr(parser)
    default:
      if (isLoopAttrMnemonic(mnemonic)) {
        return parseLoopAttr(parser, mnemonic)
      }
      if (isScopeAttrMnemonic(mnemonic)) {
        return parseScopeAttr(parser, mnemonic)
      }
      if (isBlockAddressAttrMnemonic(mnemonic)) {
        return parseBlockAddressAttr(parser, mnemonic)
      }
      parser.emitError(loc, `unknown attribute \`${mnemonic}\` in dialect \`llvm\``).report()
      return undefined
  }
}

/** Prints the body of an `#llvm.` attribute (after `#llvm.`). */
export function printLLVMAttribute(attr: Attribute, printer: OpAsmPrinter): void {
  if (attr instanceof LLVMFastmathFlagsAttr) {
    printer.print(`fastmath<${stringifyLLVMFastmathFlags(attr.value)}>`)
  } else if (attr instanceof LinkageAttr) {
    printer.print(`linkage<${attr.linkage}>`)
  } else if (attr instanceof CConvAttr) {
    printer.print(`cconv<${attr.cconv}>`)
  } else if (attr instanceof TailCallKindAttr) {
    printer.print(`tailcallkind<${attr.kind}>`)
  } else if (attr instanceof LLVMConstantRangeAttr) {
    printer.print(`constant_range<i${attr.width}, ${attr.lower}, ${attr.upper}>`)
  } else if (attr instanceof LLVMZeroAttr) {
    printer.print('zero')
  } else if (attr instanceof LLVMUndefAttr) {
    printer.print('undef')
  } else if (attr instanceof LLVMPoisonAttr) {
    printer.print('poison')
  } else if (attr instanceof LLVMMemoryEffectsAttr) {
    printer.print(`memory_effects<${MEMORY_LOCATIONS.map((l, i) => `${l} = ${ModRefInfoNames[attr.effects[i]!]!}`).join(', ')}>`)
  } else if (attr instanceof LLVMLoopAttr) {
    printLoopAttr(attr, printer)
  } else if (attr instanceof LLVMScopeAttr) {
    printScopeAttr(attr, printer)
  } else {
    if (!printBlockAddressAttr(attr, printer)) {
      printModuleFlagAttribute(attr, printer)
    }
  }
}
