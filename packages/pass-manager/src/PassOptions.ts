/**
 * Typed pass options, declared statically on a pass class and parsed from MLIR's
 * pass-option syntax (`{a=1 b=x,y c={...}}`), with llvm::cl's value rules and messages.
 */

/**
 * Where llvm::cl-style problems go: text that mlir-opt prints straight to stderr rather
 * than into a diagnostic, such as `mlir-opt: for the --x option: ...` (with this tool's
 * name) or the options parser's messages for pipeline registrations. The tool writes
 * `stderr` out before it emits the diagnostic it was handed.
 */
export class PipelineErrors {
  /** The raw stderr text, in order. */
  stderr = ''
  constructor(
    /** The tool name that prefixes llvm::cl messages. */
    readonly programName: string = 'tilepass-opt',
  ) {}
  /** Records an llvm::cl message, `<tool>: <message>`. */
  optionError(message: string): void {
    this.stderr += `${this.programName}: ${message}\n`
  }
  /** Appends raw text. */
  writeStderr(text: string): void {
    this.stderr += text
  }
}

/** Returned by `OptionSpec.parseValue` when the value was rejected (after reporting it). */
export const PARSE_FAILED: unique symbol = Symbol('PARSE_FAILED')

/** One declared option: its command-line argument, description, default and value codec. */
export abstract class OptionSpec<T> {
  constructor(
    /** The option name as written in pipelines (`max-iterations`). */
    readonly argument: string,
    /** One-line help text. */
    readonly description: string,
    /** The value before any occurrence. */
    readonly defaultValue: T,
  ) {}
  /** The `<name>` shown in help (`int`, `string`, `value`); empty for flags. */
  abstract get valueName(): string
  /** True when the option needs a value (`x=...`), as llvm::cl's `ValueRequired`. */
  get valueRequired(): boolean {
    return true
  }
  /**
   * Applies one occurrence. `value` is null when the option was written without `=`.
   * Returns the new value, or PARSE_FAILED after reporting to `errors`.
   */
  abstract parseOccurrence(current: T, value: string | null, errors: PipelineErrors): T | typeof PARSE_FAILED
  /** Prints `argument=value`, or an empty string to print nothing (an empty list). */
  abstract print(value: T): string
  /** A copy of `value` that shares no mutable state with it. */
  copy(value: T): T {
    return value
  }
  /** Help lines for enum values, after the option line. */
  enumHelp(): readonly { name: string; description: string }[] {
    return []
  }
  /** Reports an llvm::cl error for this option and returns PARSE_FAILED. */
  protected fail(errors: PipelineErrors, message: string): typeof PARSE_FAILED {
    errors.optionError(`for the ${this.argument.length === 1 ? '-' : '--'}${this.argument} option: ${message}`)
    return PARSE_FAILED
  }
}

// ---- Scalar value codecs ----------------------------------------------------------

/** The integer kinds of llvm::cl (they differ in range and in error wording). */
export type IntKind = 'int' | 'long' | 'uint' | 'ulong'

const INT_RANGES: Record<IntKind, readonly [bigint, bigint]> = {
  int: [-(2n ** 31n), 2n ** 31n - 1n],
  long: [-(2n ** 63n), 2n ** 63n - 1n],
  uint: [0n, 2n ** 32n - 1n],
  ulong: [0n, 2n ** 64n - 1n],
}

/** Parses an integer as `StringRef::getAsInteger(0, ...)`: radix prefixes 0x, 0b, 0o, 0. */
export function parseIntegerLiteral(text: string, kind: IntKind): number | undefined {
  let s = text
  let negative = false
  if (s.startsWith('-') && (kind === 'int' || kind === 'long')) {
    negative = true
    s = s.slice(1)
  }
  let radix = 10
  if (s.startsWith('0x') || s.startsWith('0X')) {
    radix = 16
    s = s.slice(2)
  } else if (s.startsWith('0b') || s.startsWith('0B')) {
    radix = 2
    s = s.slice(2)
  } else if (s.startsWith('0o')) {
    radix = 8
    s = s.slice(2)
  } else if (s.length > 1 && s.startsWith('0')) {
    radix = 8
    s = s.slice(1)
  }
  if (s.length === 0) {
    return undefined
  }
  let v = 0n
  const r = BigInt(radix)
  for (let i = 0; i < s.length; i++) {
    const d = digitValue(s.charCodeAt(i))
    if (d < 0 || d >= radix) {
      return undefined
    }
    v = v * r + BigInt(d)
  }
  if (negative) {
    v = -v
  }
  const [lo, hi] = INT_RANGES[kind]
  if (v < lo || v > hi) {
    return undefined
  }
  return Number(v)
}

function digitValue(c: number): number {
  if (c >= 48 && c <= 57) {
    return c - 48
  }
  if (c >= 97 && c <= 122) {
    return c - 97 + 10
  }
  if (c >= 65 && c <= 90) {
    return c - 65 + 10
  }
  return -1
}

/** Parses a boolean as llvm::cl: empty, true/TRUE/True/1, false/FALSE/False/0. */
export function parseBoolLiteral(text: string): boolean | undefined {
  switch (text) {
    case '':
    case 'true':
    case 'TRUE':
    case 'True':
    case '1':
      return true
    case 'false':
    case 'FALSE':
    case 'False':
    case '0':
      return false
    default:
      return undefined
  }
}

/**
 * Prints a string option value: wrapped in braces when a space comes before any brace
 * or quote, so that it re-parses as one value.
 */
export function printStringValue(s: string): string {
  const space = s.indexOf(' ')
  if (space < 0) {
    return s
  }
  for (let i = 0; i < space; i++) {
    const c = s.charCodeAt(i)
    if (c === 0x7b || c === 0x27 || c === 0x22) {
      return s
    }
  }
  return `{${s}}`
}

/** A codec for one element value (shared by scalar and list options). */
export interface ValueCodec<T> {
  readonly valueName: string
  parse(text: string, option: string, errors: PipelineErrors): T | typeof PARSE_FAILED
  print(value: T): string
  copy(value: T): T
}

function clError(errors: PipelineErrors, option: string, message: string): typeof PARSE_FAILED {
  errors.optionError(`for the ${option.length === 1 ? '-' : '--'}${option} option: ${message}`)
  return PARSE_FAILED
}

/** The codec of an llvm::cl integer kind. */
export function intCodec(kind: IntKind): ValueCodec<number> {
  return {
    valueName: kind,
    parse(text, option, errors) {
      const v = parseIntegerLiteral(text, kind)
      if (v === undefined) {
        return clError(errors, option, `'${text}' value invalid for ${kind === 'int' ? 'integer' : kind} argument!`)
      }
      return v
    },
    print: (v) => String(v),
    copy: (v) => v,
  }
}

/** The codec of string values. */
export const stringCodec: ValueCodec<string> = {
  valueName: 'string',
  parse: (text) => text,
  print: printStringValue,
  copy: (v) => v,
}

/** The codec of boolean values. */
export const boolCodec: ValueCodec<boolean> = {
  valueName: '',
  parse(text, option, errors) {
    const v = parseBoolLiteral(text)
    if (v === undefined) {
      return clError(errors, option, `'${text}' is invalid value for boolean argument! Try 0 or 1`)
    }
    return v
  },
  print: (v) => (v ? 'true' : 'false'),
  copy: (v) => v,
}

// ---- Option kinds -----------------------------------------------------------------

/** A single-valued option; the last occurrence wins. */
export class ScalarOption<T> extends OptionSpec<T> {
  constructor(
    argument: string,
    description: string,
    defaultValue: T,
    /** The value codec. */
    readonly codec: ValueCodec<T>,
    private readonly optional: boolean,
  ) {
    super(argument, description, defaultValue)
  }
  get valueName(): string {
    return this.codec.valueName
  }
  override get valueRequired(): boolean {
    return !this.optional
  }
  parseOccurrence(_current: T, value: string | null, errors: PipelineErrors): T | typeof PARSE_FAILED {
    if (value === null && !this.optional) {
      return this.fail(errors, 'requires a value!')
    }
    return this.codec.parse(value ?? '', this.argument, errors)
  }
  print(value: T): string {
    return `${this.argument}=${this.codec.print(value)}`
  }
  override copy(value: T): T {
    return this.codec.copy(value)
  }
}

/** One allowed value of an enum option. */
export interface EnumValue<T extends string> {
  readonly name: T
  readonly description: string
}

/** An option taking one of a fixed set of names. */
export class EnumOption<T extends string> extends OptionSpec<T> {
  constructor(
    argument: string,
    description: string,
    defaultValue: T,
    /** The allowed values, in help order. */
    readonly values: readonly EnumValue<T>[],
  ) {
    super(argument, description, defaultValue)
  }
  get valueName(): string {
    return 'value'
  }
  parseOccurrence(_current: T, value: string | null, errors: PipelineErrors): T | typeof PARSE_FAILED {
    if (value === null) {
      return this.fail(errors, 'requires a value!')
    }
    for (const v of this.values) {
      if (v.name === value) {
        return v.name
      }
    }
    return this.fail(errors, `Cannot find option named '${value}'!`)
  }
  print(value: T): string {
    return `${this.argument}=${value}`
  }
  override enumHelp(): readonly { name: string; description: string }[] {
    return this.values
  }
}

/**
 * The list values that an occurrence has assigned (llvm::cl's "default overwritten"
 * state). A list prints unless it still holds its default and was never assigned;
 * copies (clones, option-group elements) start unassigned again, as in MLIR.
 */
const assignedLists: WeakSet<readonly unknown[]> = new WeakSet()

/**
 * A list option: each occurrence parses comma-separated elements (braces, parentheses,
 * brackets and quotes protect commas) and appends them; the first occurrence replaces
 * the default.
 */
export class ListOption<T> extends OptionSpec<T[]> {
  constructor(
    argument: string,
    description: string,
    defaultValue: T[],
    /** The element codec. */
    readonly codec: ValueCodec<T>,
  ) {
    super(argument, description, defaultValue)
  }
  get valueName(): string {
    return this.codec.valueName === '' ? 'value' : this.codec.valueName
  }
  parseOccurrence(current: T[], value: string | null, errors: PipelineErrors, first?: boolean): T[] | typeof PARSE_FAILED {
    if (value === null) {
      return this.fail(errors, 'requires a value!')
    }
    const out = first === true ? [] : current.slice()
    let ok = true
    parseCommaSeparatedList(value, (element) => {
      const v = this.codec.parse(element, this.argument, errors)
      if (v === PARSE_FAILED) {
        ok = false
        return false
      }
      out.push(v)
      return true
    })
    if (!ok) {
      return PARSE_FAILED
    }
    assignedLists.add(out)
    return out
  }
  print(value: T[]): string {
    if (!assignedLists.has(value) && this.equalsDefault(value)) {
      return ''
    }
    let s = `${this.argument}={`
    for (let i = 0; i < value.length; i++) {
      if (i > 0) {
        s += ','
      }
      s += this.codec.print(value[i]!)
    }
    return `${s}}`
  }
  override copy(value: T[]): T[] {
    return value.map((v) => this.codec.copy(v))
  }
  private equalsDefault(value: readonly T[]): boolean {
    const d = this.defaultValue
    if (d.length !== value.length) {
      return false
    }
    for (let i = 0; i < d.length; i++) {
      if (this.codec.print(d[i]!) !== this.codec.print(value[i]!)) {
        return false
      }
    }
    return true
  }
}

// ---- Declarations -------------------------------------------------------------------

/** A set of option declarations, keyed by the property name the pass reads. */
export type OptionDecls = Readonly<Record<string, OptionSpec<unknown>>>

/** The typed values of a set of option declarations. */
export type OptionValues<D> = { -readonly [K in keyof D]: D[K] extends OptionSpec<infer T> ? T : never }

/** An integer option (`int` unless `kind` says otherwise). */
export function intOption(argument: string, defaultValue: number, description: string, kind: IntKind = 'int'): ScalarOption<number> {
  return new ScalarOption(argument, description, defaultValue, intCodec(kind), false)
}
/** A boolean flag; written alone it means true. */
export function boolOption(argument: string, defaultValue: boolean, description: string): ScalarOption<boolean> {
  return new ScalarOption(argument, description, defaultValue, boolCodec, true)
}
/** A string option. */
export function stringOption(argument: string, defaultValue: string, description: string): ScalarOption<string> {
  return new ScalarOption(argument, description, defaultValue, stringCodec, false)
}
/** An enum option over `values`. */
export function enumOption<T extends string>(
  argument: string,
  defaultValue: NoInfer<T>,
  description: string,
  values: readonly EnumValue<T>[],
): EnumOption<T> {
  return new EnumOption(argument, description, defaultValue, values)
}
/** A list of integers. */
export function intListOption(argument: string, description: string, kind: IntKind = 'int'): ListOption<number> {
  return new ListOption<number>(argument, description, [], intCodec(kind))
}
/** A list of strings. */
export function stringListOption(argument: string, description: string): ListOption<string> {
  return new ListOption<string>(argument, description, [], stringCodec)
}
/**
 * A list whose elements are whole option groups (MLIR's list of `PassPipelineOptions`),
 * written `name={a=1 b=x},{a=2}` and printed `name={{a=1 b=x},{a=2 b=}}`.
 */
export function optionGroupListOption<D extends OptionDecls>(argument: string, group: D, description: string): ListOption<OptionValues<D>> {
  return new ListOption<OptionValues<D>>(argument, description, [], optionGroupCodec(group))
}

/** The codec whose values are option groups printed as `{...}`. */
export function optionGroupCodec<D extends OptionDecls>(group: D): ValueCodec<OptionValues<D>> {
  return {
    valueName: 'value',
    parse(text, _option, errors) {
      const values = defaultOptionValues(group)
      const message = parseOptionsInto(group, values, text, errors)
      if (message !== null) {
        errors.writeStderr(message)
        return PARSE_FAILED
      }
      // MLIR stores a copy of the parsed group, which forgets which lists were assigned.
      return copyOptionValues(group, values)
    },
    print: (v) => printOptions(group, v),
    copy: (v) => copyOptionValues(group, v),
  }
}

/** Fresh values holding every default. */
export function defaultOptionValues<D extends OptionDecls>(decls: D): OptionValues<D> {
  const values: Record<string, unknown> = {}
  for (const key of Object.keys(decls)) {
    const spec = decls[key]!
    values[key] = spec.copy(spec.defaultValue)
  }
  return values as OptionValues<D>
}

/** A deep copy of option values. */
export function copyOptionValues<D extends OptionDecls>(decls: D, from: OptionValues<D>): OptionValues<D> {
  const values: Record<string, unknown> = {}
  const src = from as Record<string, unknown>
  for (const key of Object.keys(decls)) {
    values[key] = decls[key]!.copy(src[key])
  }
  return values as OptionValues<D>
}

/** Prints values as `{a=1 b=2}`, sorted by argument; empty when there are no options. */
export function printOptions(decls: OptionDecls, values: object): string {
  const keys = Object.keys(decls)
  if (keys.length === 0) {
    return ''
  }
  keys.sort((a, b) => compareArgs(decls[a]!.argument, decls[b]!.argument))
  const src = values as Record<string, unknown>
  let s = '{'
  for (let i = 0; i < keys.length; i++) {
    if (i > 0) {
      s += ' '
    }
    const key = keys[i]!
    s += decls[key]!.print(src[key])
  }
  return `${s}}`
}

/** Byte-wise comparison, as StringRef::compare. */
export function compareArgs(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

// ---- The pass-option string parser ------------------------------------------------

/**
 * The index of the next `c` in `s` from `index`, skipping `{...}`, `(...)`, `[...]` and
 * quoted ranges; -1 when none.
 */
function findChar(s: string, index: number, c: number): number {
  for (let i = index; i < s.length; i++) {
    const ch = s.charCodeAt(i)
    if (ch === c) {
      return i
    }
    if (ch === 0x7b) {
      i = findChar(s, i + 1, 0x7d)
    } else if (ch === 0x28) {
      i = findChar(s, i + 1, 0x29)
    } else if (ch === 0x5b) {
      i = findChar(s, i + 1, 0x5d)
    } else if (ch === 0x22) {
      i = s.indexOf('"', i + 1)
    } else if (ch === 0x27) {
      i = s.indexOf("'", i + 1)
    }
    if (i < 0) {
      return -1
    }
  }
  return -1
}

const WS = ' \t\n\v\f\r'

function trimLeft(s: string): string {
  let i = 0
  while (i < s.length && WS.includes(s[i]!)) {
    i++
  }
  return s.slice(i)
}

/** Trims as StringRef::trim (spaces, tabs, newlines, vertical tabs, form feeds). */
export function trimMLIR(s: string): string {
  let end = s.length
  while (end > 0 && WS.includes(s[end - 1]!)) {
    end--
  }
  return trimLeft(s.slice(0, end))
}

/** Removes one level of quotes, or of braces when they enclose the whole argument. */
function cleanArgument(raw: string): string {
  let str = trimMLIR(raw)
  if (str.length <= 1) {
    return str
  }
  const front = str[0]!
  const back = str[str.length - 1]!
  if ((front === "'" && back === "'") || (front === '"' && back === '"')) {
    return trimMLIR(str.slice(1, -1))
  }
  if (front === '{' && findChar(str, 1, 0x7d) === str.length - 1) {
    str = trimMLIR(str.slice(1, -1))
  }
  return str
}

/**
 * Splits `text` into comma-separated elements (nested ranges protect commas), cleans
 * each one and passes it to `fn`; stops when `fn` returns false.
 */
export function parseCommaSeparatedList(text: string, fn: (element: string) => boolean): boolean {
  if (text.length === 0) {
    return true
  }
  let rest = text
  let comma = findChar(rest, 0, 0x2c)
  while (comma >= 0) {
    if (!fn(cleanArgument(rest.slice(0, comma)))) {
      return false
    }
    rest = trimLeft(rest.slice(comma)).slice(1)
    comma = findChar(rest, 0, 0x2c)
  }
  return fn(cleanArgument(rest))
}

/** Splits the next `key[=value]` off `options`; value is null when there is no `=`. */
function parseNextArg(options: string): [key: string, value: string | null, rest: string] {
  let i = 0
  for (; ; i++) {
    if (i === options.length || options[i] === ' ') {
      return [cleanArgument(options.slice(0, i)), null, trimLeft(options.slice(i))]
    }
    if (options[i] === '=') {
      break
    }
  }
  const key = cleanArgument(options.slice(0, i))
  const rest = trimLeft(options.slice(i)).slice(1)
  const n = rest.length
  for (let j = 0; ; j++) {
    if (j === n || rest[j] === ' ') {
      return [key, cleanArgument(rest.slice(0, j)), trimLeft(rest.slice(j))]
    }
    const c = rest[j]
    if (c === "'" || c === '"') {
      const close = rest.indexOf(c, j + 1)
      if (close >= 0) {
        j = close
      }
      continue
    }
    if (c === '{') {
      let depth = 1
      for (j++; j !== n; j++) {
        const d = rest[j]
        if (d === "'" || d === '"') {
          const close = rest.indexOf(d, j + 1)
          if (close >= 0) {
            j = close
          }
          continue
        }
        if (d === '{') {
          depth++
        } else if (d === '}' && --depth === 0) {
          break
        }
      }
      j--
    }
  }
}

/**
 * Parses MLIR's option syntax (`a=1 b={x y} c`) into `values`. Returns null on success;
 * otherwise the error text (`<Pass-Options-Parser>: no such option X\n`, or empty when a
 * bad value was already reported to `errors` as an llvm::cl message).
 */
export function parseOptionsInto(decls: OptionDecls, values: object, text: string, errors: PipelineErrors): string | null {
  const byArg = new Map<string, string>()
  for (const key of Object.keys(decls)) {
    byArg.set(decls[key]!.argument, key)
  }
  const target = values as Record<string, unknown>
  const seen = new Set<string>()
  let options = text
  while (options.length > 0) {
    const [key, value, rest] = parseNextArg(options)
    options = rest
    if (key.length === 0) {
      continue
    }
    const prop = byArg.get(key)
    if (prop === undefined) {
      return `<Pass-Options-Parser>: no such option ${key}\n`
    }
    const spec = decls[prop]!
    const first = !seen.has(prop)
    seen.add(prop)
    const next =
      spec instanceof ListOption
        ? (spec as ListOption<unknown>).parseOccurrence(target[prop] as unknown[], value, errors, first)
        : spec.parseOccurrence(target[prop], value, errors)
    if (next === PARSE_FAILED) {
      return ''
    }
    target[prop] = next
  }
  return null
}
