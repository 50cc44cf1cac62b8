/**
 * The attributes of `llvm.module_flags`: `#llvm.mlir.module_flag<behavior, "key", value>`,
 * `#llvm.cgprofile_entry<...>` (the "CG Profile" entries) and `#llvm.profile_summary<...>`
 * (the "ProfileSummary" value), with upstream's syntax, messages and checks.
 */
import {
  ArrayAttr,
  DialectAttr,
  FloatAttr,
  IntegerAttr,
  StringAttr,
  SymbolRefAttr,
  type Attribute,
  type Context,
  type Location,
  type OpAsmParser,
  type OpAsmPrinter,
} from '@tilepass/ir'

/** `LLVM::ModFlagBehavior` keywords; the enum value is the index plus one. */
export const ModFlagBehaviorNames: readonly string[] = ['error', 'warning', 'require', 'override', 'append', 'append_unique', 'max', 'min']

/** `LLVM::ProfileSummaryFormatKind` keywords in enum order. */
export const ProfileSummaryFormatNames: readonly string[] = ['SampleProfile', 'InstrProf', 'CSInstrProf']

/** `#llvm.mlir.module_flag<max, "PIC Level", 2 : i32>`: one module flag. */
export class LLVMModuleFlagAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** @internal Use `LLVMModuleFlagAttr.get`. */
  constructor(
    context: Context,
    /** The behavior keyword (`error`, `max`, ...). */
    readonly behavior: string,
    readonly key: StringAttr,
    readonly value: Attribute,
  ) {
    super(context)
  }
  /** The flag `key` = `value` merged with `behavior`. */
  static get(context: Context, behavior: string, key: StringAttr, value: Attribute): LLVMModuleFlagAttr {
    return context.uniquer.intern(`llvm.module_flag:${behavior}:${key.id}:${value.id}`, () => new LLVMModuleFlagAttr(context, behavior, key, value))
  }
}

/** `#llvm.cgprofile_entry<from = @a, to = @b, count = 3>`: a call-graph profile edge (`from` and `to` optional). */
export class LLVMCGProfileEntryAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** @internal Use `LLVMCGProfileEntryAttr.get`. */
  constructor(
    context: Context,
    readonly from: SymbolRefAttr | null,
    readonly to: SymbolRefAttr | null,
    readonly count: bigint,
  ) {
    super(context)
  }
  /** The edge `from` -> `to` taken `count` times. */
  static get(context: Context, from: SymbolRefAttr | null, to: SymbolRefAttr | null, count: bigint): LLVMCGProfileEntryAttr {
    return context.uniquer.intern(`llvm.cgprofile_entry:${from === null ? '' : from.id}:${to === null ? '' : to.id}:${count}`, () => new LLVMCGProfileEntryAttr(context, from, to, count))
  }
}

/** One `<cut_off = N, min_count = N, num_counts = N>` entry of a profile summary. */
export interface ProfileSummaryDetail {
  readonly cutOff: bigint
  readonly minCount: bigint
  readonly numCounts: bigint
}

/** The counts of `#llvm.profile_summary`, by parameter name. */
export interface ProfileSummaryCounts {
  readonly total_count: bigint
  readonly max_count: bigint
  readonly max_internal_count: bigint
  readonly max_function_count: bigint
  readonly num_counts: bigint
  readonly num_functions: bigint
}

const COUNT_NAMES: readonly (keyof ProfileSummaryCounts)[] = ['total_count', 'max_count', 'max_internal_count', 'max_function_count', 'num_counts', 'num_functions']

/** `#llvm.profile_summary<format = InstrProf, total_count = ..., detailed_summary = <...>, ...>`. */
export class LLVMProfileSummaryAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** @internal Use `LLVMProfileSummaryAttr.get`. */
  constructor(
    context: Context,
    readonly format: string,
    readonly counts: ProfileSummaryCounts,
    readonly isPartialProfile: bigint | null,
    readonly partialProfileRatio: FloatAttr | null,
    readonly detailed: readonly ProfileSummaryDetail[],
  ) {
    super(context)
  }
  /** The summary with these parameters (`isPartialProfile` and `partialProfileRatio` optional). */
  static get(
    context: Context,
    format: string,
    counts: ProfileSummaryCounts,
    isPartialProfile: bigint | null,
    partialProfileRatio: FloatAttr | null,
    detailed: readonly ProfileSummaryDetail[],
  ): LLVMProfileSummaryAttr {
    const key = `llvm.profile_summary:${format}:${COUNT_NAMES.map((n) => counts[n]).join(',')}:${isPartialProfile ?? ''}:${partialProfileRatio === null ? '' : partialProfileRatio.id}:${detailed.map((d) => `${d.cutOff}/${d.minCount}/${d.numCounts}`).join(',')}`
    return context.uniquer.intern(key, () => new LLVMProfileSummaryAttr(context, format, counts, isPartialProfile, partialProfileRatio, detailed))
  }
}

// ---- parsing ------------------------------------------------------------------------------

function paramError(parser: OpAsmParser, attrName: string, param: string, cppType: string): undefined {
  parser.emitError(parser.getCurrentLocation(), `failed to parse ${attrName} parameter '${param}' which is to be a \`${cppType}\``).report()
  return undefined
}

/** An enum case written as a keyword or a string; reports upstream's two errors otherwise. */
function parseEnumCase(parser: OpAsmParser, names: readonly string[], what: string, attrName: string, param: string, cppType: string): string | undefined {
  const loc = parser.getCurrentLocation()
  const kw = parser.parseOptionalKeywordAny() ?? parser.parseOptionalString()
  if (kw === undefined || !names.includes(kw)) {
    parser.emitError(loc, kw === undefined ? 'expected keyword or string' : `expected one of [${names.join(', ')}] for ${what}, got: ${kw}`).report()
    return paramError(parser, attrName, param, cppType)
  }
  return kw
}

/**
 * Consumes the rest of a nested attribute body up to and including its closing `>`, as
 * upstream's parser has already lexed the whole body when a parameter inside fails, so
 * the enclosing attribute reports its error after it.
 */
function skipToClosingGreater(parser: OpAsmParser): void {
  let depth = 1
  for (let guard = 0; guard < 100000 && depth > 0; guard++) {
    if (parser.parseOptionalGreater()) {
      depth--
    } else if (parser.parseOptionalLess()) {
      depth++
    } else if (
      parser.parseOptionalComma() ||
      parser.parseOptionalEqual() ||
      parser.parseOptionalColon() ||
      parser.parseOptionalKeywordAny() !== undefined ||
      parser.parseOptionalString() !== undefined ||
      parser.parseOptionalInteger() !== undefined ||
      parser.parseOptionalSymbolName() !== undefined
    ) {
      continue
    } else if (parser.parseOptionalAttribute() === undefined) {
      return
    }
  }
}

/** Parses `<behavior, "key", value>` (after `#llvm.mlir.module_flag`) and verifies it at the `<`. */
export function parseModuleFlagAttr(parser: OpAsmParser): LLVMModuleFlagAttr | undefined {
  const loc = parser.getCurrentLocation()
  if (!parser.parseLess()) {
    return undefined
  }
  const behavior = parseEnumCase(parser, ModFlagBehaviorNames, 'LLVM Module Flag Behavior', 'ModuleFlagAttr', 'behavior', 'ModFlagBehavior')
  if (behavior === undefined || !parser.parseComma()) {
    return undefined
  }
  const keyLoc = parser.getCurrentLocation()
  const key = parser.parseAttribute()
  if (!(key instanceof StringAttr)) {
    if (key !== undefined) {
      parser.emitError(keyLoc, 'invalid kind of attribute specified').report()
    }
    return paramError(parser, 'ModuleFlagAttr', 'key', 'StringAttr')
  }
  if (!parser.parseComma()) {
    return undefined
  }
  const value = parser.parseAttribute()
  if (value === undefined) {
    return paramError(parser, 'ModuleFlagAttr', 'value', 'Attribute')
  }
  if (!parser.parseGreater() || !verifyModuleFlag(parser, loc, key, value)) {
    return undefined
  }
  return LLVMModuleFlagAttr.get(parser.context, behavior, key, value)
}

function verifyModuleFlag(parser: OpAsmParser, loc: Location, key: StringAttr, value: Attribute): boolean {
  let message: string | undefined
  if (key.value === 'CG Profile') {
    if (!(value instanceof ArrayAttr) || !value.elements.every((e) => e instanceof LLVMCGProfileEntryAttr)) {
      message = "'CG Profile' key expects an array of '#llvm.cgprofile_entry'"
    }
  } else if (key.value === 'ProfileSummary') {
    if (!(value instanceof LLVMProfileSummaryAttr)) {
      message = "'ProfileSummary' key expects a '#llvm.profile_summary' attribute"
    }
  } else if (!(value instanceof IntegerAttr) && !(value instanceof StringAttr)) {
    message = `only integer and string values are currently supported for unknown key '${JSON.stringify(key.value)}'`
  }
  if (message !== undefined) {
    parser.emitError(loc, message).report()
    return false
  }
  return true
}

/** Parses `key = value` pairs of a struct-like attribute body until `>`, calling `parseValue` per key. */
function parseStruct(parser: OpAsmParser, allowed: readonly string[], parseValue: (key: string) => boolean): boolean {
  for (;;) {
    const loc = parser.getCurrentLocation()
    const key = parser.parseKeywordOrUndefined()
    if (key === undefined) {
      return false
    }
    if (!allowed.includes(key)) {
      parser.emitError(loc, `duplicate or unknown struct parameter name: ${key}`).report()
      return false
    }
    if (!parser.parseEqual() || !parseValue(key)) {
      return false
    }
    if (key === 'detailed_summary' || !parser.parseOptionalComma()) {
      return parser.parseGreater()
    }
  }
}

function parseCount(parser: OpAsmParser, attrName: string, param: string): bigint | undefined {
  const v = parser.parseOptionalInteger()
  if (v === undefined || v < 0n) {
    return paramError(parser, attrName, param, 'uint64_t')
  }
  return v
}

/** Parses `<from = @a, to = @b, count = 3>` (after `#llvm.cgprofile_entry`). */
export function parseCGProfileEntryAttr(parser: OpAsmParser): LLVMCGProfileEntryAttr | undefined {
  const loc = parser.getCurrentLocation()
  if (!parser.parseLess()) {
    return undefined
  }
  let from: SymbolRefAttr | null = null
  let to: SymbolRefAttr | null = null
  let count: bigint | undefined
  const ok = parseStruct(parser, ['from', 'to', 'count'], (key) => {
    if (key === 'count') {
      count = parseCount(parser, 'ModuleFlagCGProfileEntryAttr', 'count')
      return count !== undefined
    }
    const sym = parser.parseAttribute()
    if (!(sym instanceof SymbolRefAttr)) {
      return paramError(parser, 'ModuleFlagCGProfileEntryAttr', key, 'FlatSymbolRefAttr') ?? false
    }
    if (key === 'from') {
      from = sym
    } else {
      to = sym
    }
    return true
  })
  if (!ok) {
    return undefined
  }
  if (count === undefined) {
    parser.emitError(loc, 'struct is missing required parameter: count').report()
    return undefined
  }
  return LLVMCGProfileEntryAttr.get(parser.context, from, to, count)
}

const SUMMARY = 'ModuleFlagProfileSummaryAttr'

/** Parses `<format = ..., total_count = ..., ...>` (after `#llvm.profile_summary`). */
export function parseProfileSummaryAttr(parser: OpAsmParser): LLVMProfileSummaryAttr | undefined {
  const loc = parser.getCurrentLocation()
  if (!parser.parseLess()) {
    return undefined
  }
  let format: string | undefined
  const counts: Partial<Record<keyof ProfileSummaryCounts, bigint>> = {}
  let isPartial: bigint | null = null
  let ratio: FloatAttr | null = null
  let detailed: ProfileSummaryDetail[] | undefined
  const allowed = ['format', ...COUNT_NAMES, 'is_partial_profile', 'partial_profile_ratio', 'detailed_summary']
  const ok = parseStruct(parser, allowed, (key) => {
    switch (key) {
      case 'format':
        format = parseEnumCase(parser, ProfileSummaryFormatNames, 'LLVM ProfileSummary format kinds', SUMMARY, 'format', 'ProfileSummaryFormatKind')
        return format !== undefined
      case 'is_partial_profile': {
        const v = parseCount(parser, SUMMARY, key)
        isPartial = v ?? null
        return v !== undefined
      }
      case 'partial_profile_ratio': {
        const a = parser.parseAttribute()
        if (!(a instanceof FloatAttr)) {
          return paramError(parser, SUMMARY, key, 'FloatAttr') ?? false
        }
        ratio = a
        return true
      }
      case 'detailed_summary':
        detailed = parseDetailedSummary(parser)
        return detailed !== undefined
      default: {
        const v = parseCount(parser, SUMMARY, key)
        counts[key as keyof ProfileSummaryCounts] = v
        return v !== undefined
      }
    }
  })
  if (!ok) {
    skipToClosingGreater(parser)
    return undefined
  }
  const missing = format === undefined ? 'format' : (COUNT_NAMES.find((n) => counts[n] === undefined) ?? (detailed === undefined ? 'detailed_summary' : undefined))
  if (missing !== undefined) {
    parser.emitError(loc, `struct is missing required parameter: ${missing}`).report()
    return undefined
  }
  return LLVMProfileSummaryAttr.get(parser.context, format!, counts as ProfileSummaryCounts, isPartial, ratio, detailed!)
}

/** `<cut_off = N, min_count = N, num_counts = N>, ...`: the detailed summary entries. */
function parseDetailedSummary(parser: OpAsmParser): ProfileSummaryDetail[] | undefined {
  const out: ProfileSummaryDetail[] = []
  do {
    if (!parser.parseLess()) {
      return undefined
    }
    const v: Partial<Record<string, bigint>> = {}
    const ok = parseStruct(parser, ['cut_off', 'min_count', 'num_counts'], (key) => {
      v[key] = parseCount(parser, 'ModuleFlagProfileSummaryDetailedAttr', key)
      return v[key] !== undefined
    })
    if (!ok || v.cut_off === undefined || v.min_count === undefined || v.num_counts === undefined) {
      return undefined
    }
    out.push({ cutOff: v.cut_off, minCount: v.min_count, numCounts: v.num_counts })
    // A comma continues the list: the summary is the last parameter upstream prints.
  } while (parser.parseOptionalComma())
  return out
}

// ---- printing -----------------------------------------------------------------------------

/** Prints the body of a module-flag attribute (after `#llvm.`); false when `attr` is none of them. */
export function printModuleFlagAttribute(attr: Attribute, p: OpAsmPrinter): boolean {
  if (attr instanceof LLVMModuleFlagAttr) {
    p.print(`mlir.module_flag<${attr.behavior}, `)
    p.printAttribute(attr.key)
    p.print(', ')
    p.printAttribute(attr.value)
    p.print('>')
    return true
  }
  if (attr instanceof LLVMCGProfileEntryAttr) {
    p.print('cgprofile_entry<')
    if (attr.from !== null) {
      p.print('from = ')
      p.printAttribute(attr.from)
      p.print(', ')
    }
    if (attr.to !== null) {
      p.print('to = ')
      p.printAttribute(attr.to)
      p.print(', ')
    }
    p.print(`count = ${attr.count}>`)
    return true
  }
  if (attr instanceof LLVMProfileSummaryAttr) {
    p.print(`profile_summary<format = ${attr.format}`)
    for (const n of COUNT_NAMES) {
      p.print(`, ${n} = ${attr.counts[n]}`)
    }
    if (attr.isPartialProfile !== null) {
      p.print(`, is_partial_profile = ${attr.isPartialProfile}`)
    }
    if (attr.partialProfileRatio !== null) {
      p.print(', partial_profile_ratio = ')
      p.printAttribute(attr.partialProfileRatio)
    }
    p.print(', detailed_summary = ')
    p.print(attr.detailed.map((d) => `<cut_off = ${d.cutOff}, min_count = ${d.minCount}, num_counts = ${d.numCounts}>`).join(', '))
    p.print('>')
    return true
  }
  return false
}
