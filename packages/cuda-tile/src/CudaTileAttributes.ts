/**
 * The attributes of the `cuda_tile` dialect: the enum attributes
 * (`#cuda_tile.signedness<signed>`, ...), `optimization_hints`, the `assume` predicates
 * (`div_by`, `same_elements`, `bounded`) and the debug-info attributes (`di_file`,
 * `di_compile_unit`, `di_subprogram`, `di_lexical_block`) and location (`di_loc`).
 */
import {
  DialectAttr,
  DialectLoc,
  DictionaryAttr,
  FileLineColLoc,
  printAttribute,
  StringAttr,
  type Attribute,
  type Context,
  type Location,
  type NamedAttribute,
  type OpAsmParser,
  type OpAsmPrinter,
} from '@tilepass/ir'
import { EnumAttrCases } from './CudaTileEnums.ts'
import { CUDA_TILE } from './CudaTileTypes.ts'

/** `#cuda_tile.<mnemonic><case>`: one case of a cuda_tile enum. */
export class CudaTileEnumAttr extends DialectAttr {
  readonly dialectNamespace: string = CUDA_TILE
  /** @internal Use `CudaTileEnumAttr.get`. */
  constructor(
    context: Context,
    readonly mnemonic: string,
    readonly value: number,
  ) {
    super(context)
  }
  /** The case name. */
  get caseName(): string {
    return EnumAttrCases[this.mnemonic]![this.value]!
  }
  static get(context: Context, mnemonic: string, value: number): CudaTileEnumAttr {
    return context.uniquer.intern(`cuda_tile.enum:${mnemonic}:${value}`, () => new CudaTileEnumAttr(context, mnemonic, value))
  }
}

/** `#cuda_tile.optimization_hints<sm_100 = {num_cta_in_cga = 2}, ...>`: per-architecture hint dictionaries. */
export class OptimizationHintsAttr extends DialectAttr {
  readonly dialectNamespace: string = CUDA_TILE
  /** @internal Use `OptimizationHintsAttr.get`. */
  constructor(
    context: Context,
    readonly value: DictionaryAttr,
  ) {
    super(context)
  }
  static get(value: DictionaryAttr): OptimizationHintsAttr {
    const context = value.context
    return context.uniquer.intern(`cuda_tile.optimization_hints:${attrKey(value)}`, () => new OptimizationHintsAttr(context, value))
  }
  /** The entries (architecture name -> dictionary). */
  get entries(): readonly NamedAttribute[] {
    return this.value.entries
  }
}

/** `#cuda_tile.div_by<N[, every E along A]>`. */
export class DivByAttr extends DialectAttr {
  readonly dialectNamespace: string = CUDA_TILE
  /** @internal Use `DivByAttr.get`. */
  constructor(
    context: Context,
    readonly divisor: bigint,
    readonly every: bigint | null,
    readonly along: bigint | null,
  ) {
    super(context)
  }
  static get(context: Context, divisor: bigint, every: bigint | null, along: bigint | null): DivByAttr {
    return context.uniquer.intern(`cuda_tile.div_by:${divisor}:${every}:${along}`, () => new DivByAttr(context, divisor, every, along))
  }
}

/** `#cuda_tile.same_elements<[a, b]>`. */
export class SameElementsAttr extends DialectAttr {
  readonly dialectNamespace: string = CUDA_TILE
  /** @internal Use `SameElementsAttr.get`. */
  constructor(
    context: Context,
    readonly values: readonly bigint[],
  ) {
    super(context)
  }
  static get(context: Context, values: readonly bigint[]): SameElementsAttr {
    return context.uniquer.intern(`cuda_tile.same_elements:${values.join(',')}`, () => new SameElementsAttr(context, [...values]))
  }
}

/** `#cuda_tile.bounded<lb|?, ub|?>`. */
export class BoundedAttr extends DialectAttr {
  readonly dialectNamespace: string = CUDA_TILE
  /** @internal Use `BoundedAttr.get`. */
  constructor(
    context: Context,
    readonly lb: bigint | null,
    readonly ub: bigint | null,
  ) {
    super(context)
  }
  static get(context: Context, lb: bigint | null, ub: bigint | null): BoundedAttr {
    return context.uniquer.intern(`cuda_tile.bounded:${lb}:${ub}`, () => new BoundedAttr(context, lb, ub))
  }
}

/** `#cuda_tile.di_file<"name" in "directory">`. */
export class DIFileAttr extends DialectAttr {
  readonly dialectNamespace: string = CUDA_TILE
  /** @internal Use `DIFileAttr.get`. */
  constructor(
    context: Context,
    readonly name: StringAttr,
    readonly directory: StringAttr,
  ) {
    super(context)
  }
  static get(name: StringAttr, directory: StringAttr): DIFileAttr {
    const context = name.context
    return context.uniquer.intern(`cuda_tile.di_file:${JSON.stringify([name.value, directory.value])}`, () => new DIFileAttr(context, name, directory))
  }
}

/** `#cuda_tile.di_compile_unit<file = #cuda_tile.di_file<...>>`. */
export class DICompileUnitAttr extends DialectAttr {
  readonly dialectNamespace: string = CUDA_TILE
  /** @internal Use `DICompileUnitAttr.get`. */
  constructor(
    context: Context,
    readonly file: DIFileAttr,
  ) {
    super(context)
  }
  static get(file: DIFileAttr): DICompileUnitAttr {
    const context = file.context
    return context.uniquer.intern(`cuda_tile.di_compile_unit:${attrKey(file)}`, () => new DICompileUnitAttr(context, file))
  }
}

/** A local debug-info scope: a subprogram or a lexical block. */
export type DILocalScopeAttr = DISubprogramAttr | DILexicalBlockAttr

/** `#cuda_tile.di_subprogram<file = ..., line = N, name = "...", linkageName = "...", compileUnit = ...[, scopeLine = N]>`. */
export class DISubprogramAttr extends DialectAttr {
  readonly dialectNamespace: string = CUDA_TILE
  /** @internal Use `DISubprogramAttr.get`. */
  constructor(
    context: Context,
    readonly file: DIFileAttr,
    readonly line: number,
    readonly name: StringAttr,
    readonly linkageName: StringAttr,
    readonly compileUnit: DICompileUnitAttr,
    readonly scopeLine: number | null,
  ) {
    super(context)
  }
  static get(
    file: DIFileAttr,
    line: number,
    name: StringAttr,
    linkageName: StringAttr,
    compileUnit: DICompileUnitAttr,
    scopeLine: number | null,
  ): DISubprogramAttr {
    const context = file.context
    const key = `cuda_tile.di_subprogram:${attrKey(file)}:${line}:${JSON.stringify([name.value, linkageName.value])}:${attrKey(compileUnit)}:${scopeLine}`
    return context.uniquer.intern(key, () => new DISubprogramAttr(context, file, line, name, linkageName, compileUnit, scopeLine))
  }
  /** The same subprogram with another linkage name. */
  withLinkageName(linkageName: StringAttr): DISubprogramAttr {
    return DISubprogramAttr.get(this.file, this.line, this.name, linkageName, this.compileUnit, this.scopeLine)
  }
}

/** `#cuda_tile.di_lexical_block<scope = ..., file = ..., line = N[, column = N]>`. */
export class DILexicalBlockAttr extends DialectAttr {
  readonly dialectNamespace: string = CUDA_TILE
  /** @internal Use `DILexicalBlockAttr.get`. */
  constructor(
    context: Context,
    readonly scope: DILocalScopeAttr,
    readonly file: DIFileAttr,
    readonly line: number,
    readonly column: number | null,
  ) {
    super(context)
  }
  static get(scope: DILocalScopeAttr, file: DIFileAttr, line: number, column: number | null): DILexicalBlockAttr {
    const context = file.context
    const key = `cuda_tile.di_lexical_block:${attrKey(scope)}:${attrKey(file)}:${line}:${column}`
    return context.uniquer.intern(key, () => new DILexicalBlockAttr(context, scope, file, line, column))
  }
}

/** `loc(#cuda_tile.di_loc<loc("f":1:2) in #scope>)`: a file location inside a debug-info scope. */
export class DILocAttr extends DialectLoc {
  readonly dialectNamespace: string = CUDA_TILE
  /** @internal Use `DILocAttr.get`. */
  constructor(
    context: Context,
    readonly sourceLoc: FileLineColLoc,
    readonly scope: DILocalScopeAttr,
  ) {
    super(context)
  }
  static get(sourceLoc: FileLineColLoc, scope: DILocalScopeAttr): DILocAttr {
    const context = sourceLoc.context
    return context.uniquer.intern(`cuda_tile.di_loc:${sourceLoc.filename}:${sourceLoc.line}:${sourceLoc.column}:${attrKey(scope)}`, () => new DILocAttr(context, sourceLoc, scope))
  }
}

/** True for the local scopes a `di_loc` may name. */
export function isDILocalScope(a: unknown): a is DILocalScopeAttr {
  return a instanceof DISubprogramAttr || a instanceof DILexicalBlockAttr
}

// Identity keys for nested attributes: attributes are interned, so a per-object id is exact.
const attrIds = new WeakMap<object, number>()
let nextAttrId = 1
function attrKey(a: object): number {
  let id = attrIds.get(a)
  if (id === undefined) {
    id = nextAttrId++
    attrIds.set(a, id)
  }
  return id
}

// ---- syntax ----------------------------------------------------------------------------

function parseEnumBody(parser: OpAsmParser, mnemonic: string, cases: readonly string[]): Attribute | undefined {
  if (!parser.parseLess()) {
    return undefined
  }
  const loc = parser.getCurrentLocation()
  const kw = parser.parseKeywordOrUndefined()
  if (kw === undefined) {
    return undefined
  }
  const v = cases.indexOf(kw)
  if (v < 0) {
    parser.emitError(loc, `expected one of [${cases.join(', ')}] for ${mnemonic}, got: ${kw}`).report()
    return undefined
  }
  if (!parser.parseGreater()) {
    return undefined
  }
  return CudaTileEnumAttr.get(parser.context, mnemonic, v)
}

function parseOptionalInt(parser: OpAsmParser): bigint | null | undefined {
  if (parser.parseOptionalQuestion()) {
    return null
  }
  return parser.parseInteger()
}

/** Parses `key = value` pairs of a `struct(params)` body into `out`; false after a diagnostic. */
function parseStruct(parser: OpAsmParser, mnemonic: string, allowed: readonly string[], out: Map<string, Attribute | number>): boolean {
  if (!parser.parseLess()) {
    return false
  }
  do {
    const loc = parser.getCurrentLocation()
    const key = parser.parseOptionalKeywordAny()
    if (key === undefined) {
      parser.emitError(loc, 'expected a parameter name in struct').report()
      return false
    }
    if (!allowed.includes(key) || out.has(key)) {
      parser.emitError(loc, `duplicate or unknown struct parameter name: ${key}`).report()
      return false
    }
    if (!parser.parseEqual()) {
      return false
    }
    if (key === 'line' || key === 'column' || key === 'scopeLine') {
      const v = parser.parseInteger()
      if (v === undefined) {
        return false
      }
      out.set(key, Number(v))
    } else {
      const a = parser.parseAttribute()
      if (a === undefined) {
        return false
      }
      out.set(key, a)
    }
  } while (parser.parseOptionalComma())
  if (!parser.parseGreater()) {
    return false
  }
  void mnemonic
  return true
}

function requireParams(parser: OpAsmParser, loc: Location, mnemonic: string, params: Map<string, Attribute | number>, required: readonly string[]): boolean {
  for (const r of required) {
    if (!params.has(r)) {
      parser.emitError(loc, `struct is missing required parameter: ${r}`).report()
      return false
    }
  }
  void mnemonic
  return true
}

function expectAttr<T>(parser: OpAsmParser, loc: Location, value: unknown, ok: (v: unknown) => v is T, what: string): T | undefined {
  if (!ok(value)) {
    parser.emitError(loc, `expected ${what}`).report()
    return undefined
  }
  return value
}

const isFile = (v: unknown): v is DIFileAttr => v instanceof DIFileAttr
const isCU = (v: unknown): v is DICompileUnitAttr => v instanceof DICompileUnitAttr
const isStr = (v: unknown): v is StringAttr => v instanceof StringAttr

/** The dialect hook: parses the body of `#cuda_tile.<mnemonic>...`. */
export function parseCudaTileAttribute(parser: OpAsmParser): Attribute | undefined {
  const loc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  if (mnemonic === undefined) {
    return undefined
  }
  return parseCudaTileAttributeAfterMnemonic(parser, mnemonic, loc)
}

/** Parses the rest of a cuda_tile attribute whose mnemonic (at `loc`) was just read. */
export function parseCudaTileAttributeAfterMnemonic(parser: OpAsmParser, mnemonic: string, loc: Location): Attribute | undefined {
  const context = parser.context
  const cases = EnumAttrCases[mnemonic]
  if (cases !== undefined) {
    return parseEnumBody(parser, mnemonic, cases)
  }
  switch (mnemonic) {
    case 'optimization_hints':
      return parseOptimizationHintsBody(parser)
    case 'div_by': {
      if (!parser.parseLess()) {
        return undefined
      }
      const d = parser.parseInteger()
      if (d === undefined) {
        parser.emitError(parser.getCurrentLocation(), "failed to parse parameter 'divisor' which is expected to be an integer").report()
        return undefined
      }
      let every: bigint | null = null
      let along: bigint | null = null
      if (parser.parseOptionalComma()) {
        if (!parser.parseKeyword('every')) {
          return undefined
        }
        const e = parser.parseInteger()
        if (e === undefined || !parser.parseKeyword('along')) {
          return undefined
        }
        const a = parser.parseInteger()
        if (a === undefined) {
          return undefined
        }
        every = e
        along = a
      }
      if (!parser.parseGreater()) {
        return undefined
      }
      return DivByAttr.get(context, d, every, along)
    }
    case 'same_elements': {
      if (!parser.parseLess() || !parser.parseLSquare()) {
        return undefined
      }
      const values: bigint[] = []
      if (!parser.parseOptionalRSquare()) {
        do {
          const v = parser.parseInteger()
          if (v === undefined) {
            return undefined
          }
          values.push(v)
        } while (parser.parseOptionalComma())
        if (!parser.parseRSquare()) {
          return undefined
        }
      }
      if (!parser.parseGreater()) {
        return undefined
      }
      return SameElementsAttr.get(context, values)
    }
    case 'bounded': {
      if (!parser.parseLess()) {
        return undefined
      }
      const lb = parseOptionalInt(parser)
      if (lb === undefined || !parser.parseComma()) {
        return undefined
      }
      const ub = parseOptionalInt(parser)
      if (ub === undefined || !parser.parseGreater()) {
        return undefined
      }
      return BoundedAttr.get(context, lb, ub)
    }
    case 'di_file': {
      if (!parser.parseLess()) {
        return undefined
      }
      const name = parser.parseString()
      if (name === undefined || !parser.parseKeyword('in')) {
        return undefined
      }
      const dir = parser.parseString()
      if (dir === undefined || !parser.parseGreater()) {
        return undefined
      }
      return DIFileAttr.get(StringAttr.get(context, name), StringAttr.get(context, dir))
    }
    case 'di_compile_unit': {
      const p = new Map<string, Attribute | number>()
      if (!parseStruct(parser, mnemonic, ['file'], p) || !requireParams(parser, loc, mnemonic, p, ['file'])) {
        return undefined
      }
      const file = expectAttr(parser, loc, p.get('file'), isFile, 'DIFileAttr')
      return file === undefined ? undefined : DICompileUnitAttr.get(file)
    }
    case 'di_subprogram': {
      const p = new Map<string, Attribute | number>()
      const req = ['file', 'line', 'name', 'linkageName', 'compileUnit']
      if (!parseStruct(parser, mnemonic, [...req, 'scopeLine'], p) || !requireParams(parser, loc, mnemonic, p, req)) {
        return undefined
      }
      const file = expectAttr(parser, loc, p.get('file'), isFile, 'DIFileAttr')
      const name = expectAttr(parser, loc, p.get('name'), isStr, 'StringAttr')
      const link = expectAttr(parser, loc, p.get('linkageName'), isStr, 'StringAttr')
      const cu = expectAttr(parser, loc, p.get('compileUnit'), isCU, 'DICompileUnitAttr')
      if (file === undefined || name === undefined || link === undefined || cu === undefined) {
        return undefined
      }
      const sl = p.get('scopeLine')
      return DISubprogramAttr.get(file, p.get('line') as number, name, link, cu, typeof sl === 'number' ? sl : null)
    }
    case 'di_lexical_block': {
      const p = new Map<string, Attribute | number>()
      const req = ['scope', 'file', 'line']
      if (!parseStruct(parser, mnemonic, [...req, 'column'], p) || !requireParams(parser, loc, mnemonic, p, req)) {
        return undefined
      }
      const scope = expectAttr(parser, loc, p.get('scope'), isDILocalScope, 'DILocalScopeAttr')
      const file = expectAttr(parser, loc, p.get('file'), isFile, 'DIFileAttr')
      if (scope === undefined || file === undefined) {
        return undefined
      }
      const col = p.get('column')
      return DILexicalBlockAttr.get(scope, file, p.get('line') as number, typeof col === 'number' ? col : null)
    }
    case 'di_loc': {
      if (!parser.parseLess()) {
        return undefined
      }
      const srcLoc = parser.getCurrentLocation()
      const src = parser.parseAttribute()
      if (src === undefined) {
        return undefined
      }
      if (!(src instanceof FileLineColLoc)) {
        parser.emitError(srcLoc, 'expected FileLineColLoc').report()
        return undefined
      }
      if (!parser.parseKeyword('in')) {
        return undefined
      }
      const scopeLoc = parser.getCurrentLocation()
      const scope = parser.parseAttribute()
      if (scope === undefined || !parser.parseGreater()) {
        return undefined
      }
      const s = expectAttr(parser, scopeLoc, scope, isDILocalScope, 'DILocalScopeAttr')
      return s === undefined ? undefined : DILocAttr.get(src, s)
    }
    default:
      parser.emitError(loc, `unknown attribute \`${mnemonic}\` in dialect \`cuda_tile\``).report()
      return undefined
  }
}

/** Parses `<arch = {k = v, ...}, ...>` after `optimization_hints`. */
export function parseOptimizationHintsBody(parser: OpAsmParser): OptimizationHintsAttr | undefined {
  const context = parser.context
  if (!parser.parseLess()) {
    return undefined
  }
  const entries: NamedAttribute[] = []
  if (!parser.parseOptionalGreater()) {
    do {
      const key = parser.parseOptionalKeywordAny() ?? parser.parseOptionalString()
      if (key === undefined) {
        parser.emitError(parser.getCurrentLocation(), 'expected valid keyword or string').report()
        return undefined
      }
      if (!parser.parseEqual()) {
        return undefined
      }
      const value = parser.parseAttribute()
      if (value === undefined) {
        return undefined
      }
      if (entries.some((e) => e.name === key)) {
        parser.emitError(parser.getCurrentLocation(), `duplicate optimization_hints key \`${key}\``).report()
        return undefined
      }
      if (!(value instanceof DictionaryAttr)) {
        parser.emitError(parser.getCurrentLocation(), `expected dictionary attribute for optimization_hints entry \`${key}\` got value=${printAttribute(value)}`).report()
        return undefined
      }
      entries.push({ name: key, value })
    } while (parser.parseOptionalComma())
    if (!parser.parseGreater()) {
      return undefined
    }
  }
  return OptimizationHintsAttr.get(DictionaryAttr.get(context, entries))
}

/** Prints `<arch = {k = v}, ...>`. */
export function printOptimizationHintsBody(attr: OptimizationHintsAttr, printer: OpAsmPrinter): void {
  printer.print('<')
  let first = true
  for (const e of attr.entries) {
    printer.print((first ? '' : ', ') + e.name + ' = {')
    first = false
    let innerFirst = true
    for (const na of (e.value as DictionaryAttr).entries) {
      printer.print((innerFirst ? '' : ', ') + na.name + ' = ')
      innerFirst = false
      printer.printAttributeWithoutType(na.value)
    }
    printer.print('}')
  }
  printer.print('>')
}

/** The dialect hook: prints the body of a cuda_tile attribute (after `#cuda_tile.`). */
export function printCudaTileAttribute(attr: Attribute, printer: OpAsmPrinter): void {
  if (attr instanceof CudaTileEnumAttr) {
    printer.print(`${attr.mnemonic}<${attr.caseName}>`)
  } else if (attr instanceof OptimizationHintsAttr) {
    printer.print('optimization_hints')
    printOptimizationHintsBody(attr, printer)
  } else if (attr instanceof DivByAttr) {
    printer.print(`div_by<${attr.divisor}` + (attr.every !== null ? `, every ${attr.every} along ${attr.along}` : '') + '>')
  } else if (attr instanceof SameElementsAttr) {
    printer.print(`same_elements<[${attr.values.join(', ')}]>`)
  } else if (attr instanceof BoundedAttr) {
    printer.print(`bounded<${attr.lb ?? '?'}, ${attr.ub ?? '?'}>`)
  } else if (attr instanceof DIFileAttr) {
    printer.print('di_file<')
    printer.printString(attr.name.value)
    printer.print(' in ')
    printer.printString(attr.directory.value)
    printer.print('>')
  } else if (attr instanceof DICompileUnitAttr) {
    printer.print('di_compile_unit<file = ')
    printer.printAttribute(attr.file)
    printer.print('>')
  } else if (attr instanceof DISubprogramAttr) {
    printer.print('di_subprogram<file = ')
    printer.printAttribute(attr.file)
    printer.print(`, line = ${attr.line}, name = `)
    printer.printString(attr.name.value)
    printer.print(', linkageName = ')
    printer.printString(attr.linkageName.value)
    printer.print(', compileUnit = ')
    printer.printAttribute(attr.compileUnit)
    if (attr.scopeLine !== null) {
      printer.print(`, scopeLine = ${attr.scopeLine}`)
    }
    printer.print('>')
  } else if (attr instanceof DILexicalBlockAttr) {
    printer.print('di_lexical_block<scope = ')
    printer.printAttribute(attr.scope)
    printer.print(', file = ')
    printer.printAttribute(attr.file)
    printer.print(`, line = ${attr.line}`)
    if (attr.column !== null) {
      printer.print(`, column = ${attr.column}`)
    }
    printer.print('>')
  } else if (attr instanceof DILocAttr) {
    printer.print('di_loc<')
    printer.printAttribute(attr.sourceLoc)
    printer.print(' in ')
    printer.printAttribute(attr.scope)
    printer.print('>')
  }
}
