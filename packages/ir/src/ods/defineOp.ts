/**
 * Declarative op definitions (MLIR's ODS in TypeScript). `defineOp(spec)` turns a
 * declaration of operands, results, attributes (stored as properties), regions,
 * successors, traits and an optional `assemblyFormat` into an `OdsOp`: an
 * `OpDefinition` whose verifier runs ODS's checks in ODS's order (count traits,
 * segment sizes, attributes, operand and result types, regions, successors,
 * type-matching predicates, type traits, then the hand-written `verify`), whose
 * parser and printer come from the format, plus typed accessors and `build`.
 *
 * Conventions: object key order is declaration order; a region or result name
 * starting with `#` is unnamed; `variadic`/`optional` wrap type constraints;
 * `optionalAttr`/`defaultValuedAttr` wrap attribute constraints.
 */
import { DenseArrayAttr, type Attribute, type DictionaryAttr, type NamedAttribute } from '../Attributes.ts'
import type { Block } from '../Block.ts'
import type { OpBuilder } from '../Builder.ts'
import type { Context } from '../Context.ts'
import type { Location } from '../Location.ts'
import { failure, type LogicalResult } from '../LogicalResult.ts'
import { OperationState, type OpAsmParser, type OpAsmPrinter } from '../OpAsm.ts'
import type { Operation } from '../Operation.ts'
import { Trait, type InterfaceImpl, type MemoryEffect, type OpDefinition, type OpFoldResult } from '../OperationName.ts'
import type { Region } from '../Region.ts'
import type { RewritePatternSet } from '../rewrite/PatternMatch.ts'
import { RankedTensorType, ShapedType, UnrankedTensorType, VectorType, kDynamic, type Type } from '../Types.ts'
import type { Value } from '../Value.ts'
import { AnyRegion, AnySuccessor, AnyType, type AttrModifier, type AttrSpec, type OperandConstraint, type RegionConstraint, type SuccessorConstraint } from './Constraints.ts'
import { compileFormat, formatParser, formatPrinter, formatUsesCustomDirective, type CompiledFormat, type CustomDirective, type FormatOpInfo } from './Format.ts'
import { valueDecl, valueSegments, valueSegmentsInto, type OdsAttrDecl, type OdsRegionDecl, type OdsSuccessorDecl, type OdsValueDecl, type TypesMatchWith } from './OpInfo.ts'
import { typeToString } from './TypeText.ts'

/** The declaration of an op in the ODS style; `defineOp` turns it into an `OdsOp`. */
export interface OpSpec {
  /** Full name, `dialect.op`. */
  readonly name: string
  readonly summary?: string
  readonly description?: string
  /** Operands in order (object key order), each with its constraint. */
  readonly operands?: Readonly<Record<string, OperandConstraint>>
  /** Results in order; a name starting with `#` is an unnamed result. */
  readonly results?: Readonly<Record<string, OperandConstraint>>
  /** Inherent attributes (stored as properties). */
  readonly attributes?: Readonly<Record<string, AttrSpec>>
  /** Regions in order; a name starting with `#` is an unnamed region (no name in messages). */
  readonly regions?: Readonly<Record<string, RegionConstraint>>
  readonly successors?: Readonly<Record<string, SuccessorConstraint>>
  /** Bitwise OR of `Trait` values. */
  readonly traits?: number
  readonly interfaces?: readonly InterfaceImpl[]
  /** The declarative assembly format (ODS syntax). */
  readonly assemblyFormat?: string
  /** `custom<Name>` directives used by the format. */
  readonly customDirectives?: Readonly<Record<string, CustomDirective>>
  /** `AllTypesMatch<[...]>` groups (operand, result or typed-attribute names). */
  readonly allTypesMatch?: readonly (readonly string[])[]
  /** `TypesMatchWith` constraints. */
  readonly typesMatchWith?: readonly TypesMatchWith[]
  /** `SameTypeOperands`: every operand has the same type (verified; formats may give it once). */
  readonly sameTypeOperands?: boolean
  /** `HasParent<...>`: the allowed parent op names. */
  readonly parentOpNames?: readonly string[]
  /** `SingleBlockImplicitTerminator<...>`: the terminator op name. */
  readonly implicitTerminatorName?: string
  /** Other terminators the implicit-terminator regions may end with. */
  readonly implicitTerminatorAlternatives?: readonly string[]
  /** InferTypeOpInterface: result types from the operands/attributes in `state`. */
  inferResultTypes?(state: OperationState): Type[] | undefined
  verify?(op: Operation): LogicalResult
  /**
   * What `verify` reads of an op, when it reads no more than the counts and types of its
   * operands and results (`'types'`), or those and its attributes, inherent and discardable
   * (`'signature'`): not its regions, successors, parent or the ops that define its
   * operands; and it emits nothing when it passes. It then passes again on an op with the
   * same ones as an op it passed on, and is not run again for it (see `OdsOp.verify`).
   */
  readonly verifyReads?: 'types' | 'signature'
  verifyRegions?(op: Operation): LogicalResult
  /** SymbolUserOpInterface: checks the symbols the op references. */
  verifySymbolUses?(op: Operation): LogicalResult
  fold?(op: Operation, operands: readonly (Attribute | null)[]): readonly OpFoldResult[] | Operation | undefined
  /** For a `ConstantLike` op: what `fold` returns for it, without folding (see `OpDefinition.constantValue`). */
  constantValue?(op: Operation): Attribute | null
  /** Adds this op's canonicalization patterns to `patterns` (what `canonicalize` collects). */
  getCanonicalizationPatterns?(patterns: RewritePatternSet): void
  /** Hand-written custom parser (instead of `assemblyFormat`). */
  parse?(parser: OpAsmParser, state: OperationState): LogicalResult
  /** Hand-written custom printer (instead of `assemblyFormat`). */
  print?(op: Operation, printer: OpAsmPrinter): void
  /**
   * True when the hand-written `print` prints only what an assembly format without custom
   * directives would (see `OpDefinition.printsOnlyOwnElements`); an assembly format's is
   * found from the format.
   */
  readonly printsOnlyOwnElements?: boolean
  getAsmResultNames?(op: Operation, setName: (value: Value, name: string) => void): void
  getAsmBlockArgumentNames?(op: Operation, region: Region, setName: (value: Value, name: string) => void): void
  getAsmBlockNames?(op: Operation, setName: (block: Block, name: string) => void): void
  readonly defaultDialect?: string
  memoryEffects?(op: Operation): readonly MemoryEffect[]
}

/** The declared names of one part of an op spec (operands, results, ...), as a string union. */
export type DeclaredNames<R> = R extends Readonly<Record<string, unknown>> ? Extract<keyof R, string> : never

/**
 * Arguments of `OdsOp.build`: values and attributes by declared name. For an op defined
 * with `defineOp` from a literal spec, the names are checked by the compiler; at run time
 * an unknown name is an error that lists the declared ones.
 */
export interface OdsBuildArgs<S extends OpSpec = OpSpec> {
  /** Operand values by name: a value, a list (variadic), or null/absent (optional). */
  readonly operands?: Readonly<Partial<Record<DeclaredNames<S['operands']>, Value | readonly Value[] | null | undefined>>>
  /** Result types by name (or all of them in order); inferred when omitted. */
  readonly results?: Readonly<Partial<Record<DeclaredNames<S['results']>, Type | readonly Type[]>>> | readonly Type[]
  /** Inherent attributes by name. */
  readonly attributes?: Readonly<Partial<Record<DeclaredNames<S['attributes']>, Attribute | null | undefined>>>
  /** Discardable attributes. */
  readonly discardableAttributes?: readonly NamedAttribute[]
  /** Successors by name. */
  readonly successors?: Readonly<Partial<Record<DeclaredNames<S['successors']>, Block | readonly Block[]>>>
  /** Number of regions to create (defaults to the number of declared non-variadic regions). */
  readonly numRegions?: number
}

/**
 * `make` remembering its value for the last context it was called with: the parser (for
 * `populateDefaultProperties`) and the printer (to elide defaults) ask for an attribute's
 * default once per op, and building it looks it up in the context's uniquer each time.
 * Attributes are interned, so the remembered value is the one `make` would return. Keeps the
 * last context alive until another one asks.
 */
function lastContextDefault(make: (context: Context) => Attribute): (context: Context) => Attribute {
  let lastContext: Context | null = null
  let lastValue: Attribute | null = null
  return (context) => {
    if (context !== lastContext || lastValue === null) {
      lastValue = make(context)
      lastContext = context
    }
    return lastValue
  }
}

declare const TILEPASS_DEFER_FORMAT_COMPILATION: boolean | undefined

/**
 * Whether ops compile their assembly format on first use rather than when defined. The
 * tools' bundle (packages/cli/scripts/bundle.js) defines TILEPASS_DEFER_FORMAT_COMPILATION
 * as true: its dialects are tested, and compiling every format of every dialect when the
 * bundle loads was a fifth of the tools' start-up. Elsewhere a bad format throws at once.
 */
const DEFER_FORMAT_COMPILATION = typeof TILEPASS_DEFER_FORMAT_COMPILATION === 'boolean' && TILEPASS_DEFER_FORMAT_COMPILATION

/**
 * True when an op with the declared `results` names its result groups for the printer:
 * several declared results, not all unnamed (see `OdsOp.getAsmResultNames`).
 */
function namesResultGroups(results: Readonly<Record<string, unknown>> | undefined): boolean {
  if (results === undefined) {
    return false
  }
  const names = Object.keys(results)
  return names.length > 1 && names.some((n) => !n.startsWith('#'))
}

/**
 * Whether the attribute declarations `attributes` have a default that `populateDefaultProperties`
 * adds (as `OdsLayout.defaultedAttrs`, read from the spec without making the layout).
 */
function addsDefaultProperties(attributes: Readonly<Record<string, AttrSpec>> | undefined): boolean {
  for (const name in attributes) {
    const a = attributes[name]!
    if (a.kind !== 'attr' && a.defaultValue !== null && a.populateDefault !== false) {
      return true
    }
  }
  return false
}

/**
 * What an `OdsOp` derives from its spec's operands, results, attributes, regions and
 * successors: made on the op's first use (see `OdsOp.layout`), so that loading the
 * dialects, which define hundreds of ops a run never sees, builds none of it.
 */
class OdsLayout {
  readonly operands: readonly OdsValueDecl[]
  readonly results: readonly OdsValueDecl[]
  readonly attributes: readonly OdsAttrDecl[]
  readonly regions: readonly OdsRegionDecl[]
  readonly successors: readonly OdsSuccessorDecl[]
  readonly defaultedAttrs: readonly OdsAttrDecl[]
  /** The last entry `defaultEntry` made for each of `defaultedAttrs`. */
  readonly defaultEntries: (NamedAttribute | undefined)[]
  /** Segments of ops whose operands/results are all single (never mutated). */
  readonly fixedOperandSegments: Int32Array
  readonly fixedResultSegments: Int32Array
  /** Scratch segments of the op being verified (ops with variadic operands/results). */
  readonly verifyOperandSegments: Int32Array
  readonly verifyResultSegments: Int32Array
  readonly fixedOperands: number
  readonly variableOperands: boolean
  readonly fixedResults: number
  readonly variableResults: boolean
  readonly fixedRegions: number
  readonly variadicRegions: boolean
  readonly fixedSuccessors: number
  readonly variadicSuccessors: boolean

  constructor(spec: OpSpec) {
    this.operands = Object.entries(spec.operands ?? {}).map(([n, c]) => valueDecl(n, c))
    this.results = Object.entries(spec.results ?? {}).map(([n, c]) => valueDecl(n, c))
    this.attributes = Object.entries(spec.attributes ?? {}).map(([n, a]): OdsAttrDecl => {
      if (a.kind === 'attr') {return { name: n, constraint: a, optional: false, defaultValue: null }}
      return { name: n, constraint: a.base, optional: true, defaultValue: a.defaultValue === null ? null : lastContextDefault(a.defaultValue) }
    })
    this.regions = Object.entries(spec.regions ?? {}).map(([n, c]) => ({ name: n, constraint: c }))
    this.successors = Object.entries(spec.successors ?? {}).map(([n, c]) => ({ name: n, constraint: c }))
    const specAttrs: Readonly<Record<string, AttrSpec>> = spec.attributes ?? {}
    this.defaultedAttrs = this.attributes.filter((a) => a.defaultValue !== null && (specAttrs[a.name] as AttrModifier).populateDefault !== false)
    this.defaultEntries = new Array<NamedAttribute | undefined>(this.defaultedAttrs.length).fill(undefined)
    this.fixedOperands = this.operands.filter((d) => !d.variadic && !d.optional).length
    this.variableOperands = this.fixedOperands !== this.operands.length
    this.fixedResults = this.results.filter((d) => !d.variadic && !d.optional).length
    this.variableResults = this.fixedResults !== this.results.length
    this.fixedRegions = this.regions.filter((r) => !r.constraint.variadic).length
    this.variadicRegions = this.fixedRegions !== this.regions.length
    this.fixedSuccessors = this.successors.filter((r) => !r.constraint.variadic).length
    this.variadicSuccessors = this.fixedSuccessors !== this.successors.length
    this.fixedOperandSegments = identitySegments(this.operands.length)
    this.fixedResultSegments = identitySegments(this.results.length)
    this.verifyOperandSegments = this.operands.length === 0 ? NO_SEGMENTS : new Int32Array(this.operands.length * 2)
    this.verifyResultSegments = this.results.length === 0 ? NO_SEGMENTS : new Int32Array(this.results.length * 2)
  }
}

// What an op's generated checks read (`OdsOp.memoBits`), which tells what `passedBefore` compares.
/** The inherent attributes' values are read only through their constraints. */
const MEMO_VALUE_CHECKS_ONLY = 1
/** The operand and result types are read (else only their counts matter). */
const MEMO_READS_TYPES = 2
/** A region or successor constraint may reject a region or successor. */
const MEMO_REGION_CHECKS = 4
/** The checks accept any number of operands (one variadic group of any type, and no type read). */
const MEMO_ANY_OPERAND_COUNT = 8
/** The checks accept any number of results, as `MEMO_ANY_OPERAND_COUNT`. */
const MEMO_ANY_RESULT_COUNT = 16

// What an op's `verify` hook reads (`OpSpec.verifyReads`), when it reads no more.
const HOOK_READS_TYPES = 1
const HOOK_READS_SIGNATURE = 2

/** True when `record` (a spec's operands, results, ...) declares something. */
function declaresAny(record: Readonly<Record<string, unknown>> | undefined): boolean {
  if (record !== undefined) {
    for (const key in record) {
      if (Object.hasOwn(record, key)) {
        return true
      }
    }
  }
  return false
}

/** Whether `decls` (an op's operand or result groups) is one variadic group without sub-groups. */
function isOnlyVariadicGroup(decls: readonly OdsValueDecl[]): boolean {
  return decls.length === 1 && decls[0]!.variadic && !decls[0]!.optional && decls[0]!.segmentAttr === undefined
}

/**
 * An op defined with `defineOp`: a registration record (`OpDefinition`) whose verifier,
 * parser and printer derive from the declaration, plus typed helpers. Defining one is
 * cheap: the declarations it derives (`operands`, `results`, ..., see `OdsLayout`) are
 * made on first use.
 */
export class OdsOp<S extends OpSpec = OpSpec> implements OpDefinition, FormatOpInfo {
  readonly name: string
  readonly summary: string
  readonly traits: number
  readonly interfaces: readonly InterfaceImpl[]
  readonly parentOpNames: readonly string[] | undefined
  readonly implicitTerminatorName: string | undefined
  readonly implicitTerminatorAlternatives: readonly string[] | undefined
  readonly defaultDialect: string | undefined
  readonly allTypesMatch: readonly (readonly string[])[]
  readonly typesMatchWith: readonly TypesMatchWith[]
  readonly sameTypeOperands: boolean
  readonly customDirectives: Readonly<Record<string, CustomDirective>>
  readonly inferResultTypes: ((state: OperationState) => Type[] | undefined) | null
  /** The compiled format, null without one, undefined until compiled (see `format`). */
  private compiledFormat: CompiledFormat | null | undefined
  /** Whether `print` is the format's alone, undefined until `format` is compiled. */
  private printsOwnElements: boolean | undefined
  /** The derived declarations, null until first used (see `layout`). */
  private derived: OdsLayout | null
  /** `inherentAttributeNames`, null until first asked for. */
  private inherentNames: readonly string[] | null
  /**
   * What the generated checks last passed on (see `passedBefore`): the op's inherent and
   * discardable dictionaries, its operand, result, region and successor counts, and the
   * types of its operands then results. Null properties: nothing passed yet.
   */
  private passedProperties: DictionaryAttr | null
  private passedAttributes: DictionaryAttr | null
  private passedOperands: number
  private passedResults: number
  private passedRegions: number
  private passedSuccessors: number
  private readonly passedTypes: Type[]
  /** The declaration of each entry of `passedProperties` (null: undeclared), made when first needed. */
  private passedDecls: (OdsAttrDecl | null)[] | null
  /**
   * Made with `passedDecls`: per entry, whether the generated checks read the type of its
   * value (a type-matching predicate names it); null when they read none.
   */
  private passedTypeReads: boolean[] | null
  /** What the generated checks read (the `MEMO_*` bits), -1 until first asked for (see `computeMemoFlags`). */
  private memoBits: number
  /**
   * Whether the spec's `verify` passed on an op with the signature the generated checks
   * last passed on (their dictionaries, counts and types), or for a `verify` that reads only
   * types, with those types: set only for a `verify` that reads nothing else
   * (`OpSpec.verifyReads`), which then passes again.
   */
  private hookPassed: boolean
  /** `OpSpec.verifyReads` as `HOOK_READS_*` (0: anything, or no hook). */
  private readonly hookReads: number
  readonly spec: OpSpec

  readonly verifyRegions: ((op: Operation) => LogicalResult) | undefined
  readonly verifySymbolUses: ((op: Operation) => LogicalResult) | undefined
  readonly fold: ((op: Operation, operands: readonly (Attribute | null)[]) => readonly OpFoldResult[] | Operation | undefined) | undefined
  readonly constantValue: ((op: Operation) => Attribute | null) | undefined
  readonly getCanonicalizationPatterns: ((patterns: RewritePatternSet) => void) | undefined
  readonly parse: ((parser: OpAsmParser, state: OperationState) => LogicalResult) | undefined
  readonly print: ((op: Operation, printer: OpAsmPrinter) => void) | undefined
  readonly getAsmResultNames: ((op: Operation, setName: (value: Value, name: string) => void) => void) | undefined
  readonly getAsmBlockArgumentNames: ((op: Operation, region: Region, setName: (value: Value, name: string) => void) => void) | undefined
  readonly getAsmBlockNames: ((op: Operation, setName: (block: Block, name: string) => void) => void) | undefined
  readonly memoryEffects: ((op: Operation) => readonly MemoryEffect[]) | undefined
  /**
   * Adds the defaults of default-valued attributes missing from `properties` (ODS
   * `populateDefaultProperties`); undefined for an op that declares no default to add, so
   * that `Operation.create` skips the hook (and its copy of the properties) for most ops.
   */
  readonly populateDefaultProperties: ((properties: NamedAttribute[], context: Context) => void) | undefined

  constructor(spec: OpSpec) {
    this.spec = spec
    this.name = spec.name
    this.summary = spec.summary ?? ''
    let traits = spec.traits ?? 0
    if (!declaresAny(spec.results)) { traits |= Trait.ZeroResults }
    if (!declaresAny(spec.operands)) { traits |= Trait.ZeroOperands }
    if (!declaresAny(spec.regions)) { traits |= Trait.ZeroRegions }
    if (!declaresAny(spec.successors)) { traits |= Trait.ZeroSuccessors }
    if (spec.implicitTerminatorName !== undefined) { traits |= Trait.SingleBlockImplicitTerminator | Trait.SingleBlock }
    if (spec.parentOpNames !== undefined) { traits |= Trait.HasParent }
    if (spec.memoryEffects !== undefined) { traits |= Trait.HasMemoryEffects }
    this.traits = traits
    this.interfaces = spec.interfaces ?? []
    this.parentOpNames = spec.parentOpNames
    this.implicitTerminatorName = spec.implicitTerminatorName
    this.implicitTerminatorAlternatives = spec.implicitTerminatorAlternatives
    this.defaultDialect = spec.defaultDialect
    this.allTypesMatch = spec.allTypesMatch ?? []
    this.typesMatchWith = spec.typesMatchWith ?? []
    this.sameTypeOperands = spec.sameTypeOperands === true
    this.customDirectives = spec.customDirectives ?? {}
    // Closures rather than bind(spec): binding is several times slower, and the dialects
    // define hundreds of ops when they load.
    this.inferResultTypes = spec.inferResultTypes !== undefined ? (state) => spec.inferResultTypes!(state) : null
    this.derived = null
    this.inherentNames = null
    this.passedProperties = null
    this.passedAttributes = null
    this.passedOperands = 0
    this.passedResults = 0
    this.passedRegions = 0
    this.passedSuccessors = 0
    this.passedTypes = []
    this.passedDecls = null
    this.passedTypeReads = null
    this.memoBits = -1
    this.hookPassed = false
    this.hookReads = spec.verify === undefined ? 0 : spec.verifyReads === 'types' ? HOOK_READS_TYPES : spec.verifyReads === 'signature' ? HOOK_READS_SIGNATURE : 0

    this.compiledFormat = undefined
    this.printsOwnElements = undefined
    if (!DEFER_FORMAT_COMPILATION) { void this.format }
    const hasFormat = spec.assemblyFormat !== undefined
    if (spec.parse !== undefined) { this.parse = (parser, state) => spec.parse!(parser, state) }
    // Replaced by the format's compiled parser on first use (compiling the format if it was
    // not yet), as `print` below: parsing an op is then one call rather than three.
    else if (hasFormat) {
      this.parse = (parser, state) => {
        const parse = formatParser((this.compiledFormat ?? this.format)!, this)
        ;(this as { parse: typeof parse }).parse = parse
        return parse(parser, state)
      }
    }
    else { this.parse = undefined }
    if (spec.print !== undefined) { this.print = (op, printer) => spec.print!(op, printer) }
    // Replaced by the format's compiled printer on first use (compiling the format if it
    // was not yet): printing an op is then one call rather than three.
    else if (hasFormat) {
      this.print = (op, printer) => {
        const print = formatPrinter((this.compiledFormat ?? this.format)!, this)
        ;(this as { print: typeof print }).print = print
        print(op, printer)
      }
    }
    else { this.print = undefined }
    this.verifyRegions = spec.verifyRegions !== undefined ? (op) => spec.verifyRegions!(op) : undefined
    this.verifySymbolUses = spec.verifySymbolUses !== undefined ? (op) => spec.verifySymbolUses!(op) : undefined
    this.fold = spec.fold !== undefined ? (op, operands) => spec.fold!(op, operands) : undefined
    this.constantValue = spec.constantValue !== undefined ? (op) => spec.constantValue!(op) : undefined
    this.getCanonicalizationPatterns = spec.getCanonicalizationPatterns !== undefined ? (patterns) => spec.getCanonicalizationPatterns!(patterns) : undefined
    if (spec.getAsmResultNames !== undefined) {
      this.getAsmResultNames = (op, setName) => spec.getAsmResultNames!(op, setName)
    } else if (namesResultGroups(spec.results)) {
      // As mlir-tblgen, ops with several declared results name the first value of
      // each group after its declaration (`%sum, %overflow`).
      this.getAsmResultNames = (op, setName) => {
        const results = this.results
        const segs = this.resultSegments(op)
        for (let i = 0; i < results.length; i++) {
          const name = results[i]!.name
          const v = op.results[segs[2 * i]!]
          if (segs[2 * i + 1]! > 0 && v !== undefined && !name.startsWith('#')) {
            setName(v, name)
          }
        }
      }
    } else {
      this.getAsmResultNames = undefined
    }
    this.getAsmBlockArgumentNames = spec.getAsmBlockArgumentNames !== undefined ? (op, region, setName) => spec.getAsmBlockArgumentNames!(op, region, setName) : undefined
    this.getAsmBlockNames = spec.getAsmBlockNames !== undefined ? (op, setName) => spec.getAsmBlockNames!(op, setName) : undefined
    this.memoryEffects = spec.memoryEffects !== undefined ? (op) => spec.memoryEffects!(op) : undefined
    this.populateDefaultProperties = addsDefaultProperties(spec.attributes) ? (properties, context) => this.addDefaultProperties(properties, context) : undefined
  }

  /** The declarations derived from the spec, made on first use. */
  private get layout(): OdsLayout {
    return this.derived ?? (this.derived = new OdsLayout(this.spec))
  }
  /** The operand groups, in declaration order. */
  get operands(): readonly OdsValueDecl[] {
    return this.layout.operands
  }
  /** The result groups, in declaration order. */
  get results(): readonly OdsValueDecl[] {
    return this.layout.results
  }
  /** The inherent attributes, in declaration order. */
  get attributes(): readonly OdsAttrDecl[] {
    return this.layout.attributes
  }
  /** The regions, in declaration order. */
  get regions(): readonly OdsRegionDecl[] {
    return this.layout.regions
  }
  /** The successors, in declaration order. */
  get successors(): readonly OdsSuccessorDecl[] {
    return this.layout.successors
  }
  /** The names of the inherent attributes (and of the segment-size attributes the traits add). */
  get inherentAttributeNames(): readonly string[] {
    let names = this.inherentNames
    if (names === null) {
      const inherent = Object.keys(this.spec.attributes ?? {})
      if ((this.traits & Trait.AttrSizedOperandSegments) !== 0) { inherent.push('operandSegmentSizes') }
      if ((this.traits & Trait.AttrSizedResultSegments) !== 0) { inherent.push('resultSegmentSizes') }
      names = inherent
      this.inherentNames = names
    }
    return names
  }

  /**
   * The compiled assembly format, or null. Compiled when the op is defined, so that a bad
   * format throws there; in the tools' bundle, on first use instead (see
   * `DEFER_FORMAT_COMPILATION`).
   */
  get format(): CompiledFormat | null {
    let format = this.compiledFormat
    if (format === undefined) {
      format = this.spec.assemblyFormat !== undefined ? compileFormat(this.spec.assemblyFormat, this, this.spec.parse !== undefined) : null
      this.compiledFormat = format
    }
    return format
  }

  /** True when `print` is the assembly format's and it has no custom directive, or the hand-written `print` is declared so (see `OpDefinition`). */
  get printsOnlyOwnElements(): boolean {
    let only = this.printsOwnElements
    if (only === undefined) {
      const format = this.format
      only = this.spec.print !== undefined ? this.spec.printsOnlyOwnElements === true : format !== null && !formatUsesCustomDirective(format)
      this.printsOwnElements = only
    }
    return only
  }

  // ---- segments -------------------------------------------------------------------------

  /** Start/length pairs of `op`'s operand groups. */
  operandSegments(op: Operation, scratch?: Int32Array): Int32Array {
    const layout = this.layout
    if (!layout.variableOperands) {
      return layout.fixedOperandSegments
    }
    const segmentAttr = (this.traits & Trait.AttrSizedOperandSegments) !== 0 ? 'operandSegmentSizes' : null
    const decls = layout.operands
    if (scratch !== undefined && scratch.length >= 2 * decls.length) {
      return valueSegmentsInto(scratch, op, decls, false, segmentAttr, decls.length - layout.fixedOperands)
    }
    return valueSegments(op, decls, false, segmentAttr, decls.length - layout.fixedOperands)
  }
  /** Start/length pairs of `op`'s result groups. */
  resultSegments(op: Operation, scratch?: Int32Array): Int32Array {
    const layout = this.layout
    if (!layout.variableResults) {
      return layout.fixedResultSegments
    }
    const segmentAttr = (this.traits & Trait.AttrSizedResultSegments) !== 0 ? 'resultSegmentSizes' : null
    const decls = layout.results
    if (scratch !== undefined && scratch.length >= 2 * decls.length) {
      return valueSegmentsInto(scratch, op, decls, true, segmentAttr, decls.length - layout.fixedResults)
    }
    return valueSegments(op, decls, true, segmentAttr, decls.length - layout.fixedResults)
  }

  // ---- typed accessors ------------------------------------------------------------------

  /** True when `op` is this op. */
  isa(op: Operation): boolean {
    return op.name.name === this.name
  }
  /** The single value of operand `name` (throws when the group is empty). */
  operand(op: Operation, name: string): Value {
    const vs = this.operandValues(op, name)
    const v = vs[0]
    if (v === undefined) {throw new Error(`'${this.name}' operand '${name}' is absent`)}
    return v
  }
  /** The value of optional operand `name`, or null. */
  optionalOperand(op: Operation, name: string): Value | null {
    return this.operandValues(op, name)[0] ?? null
  }
  /** The values of operand group `name`. */
  operandValues(op: Operation, name: string): Value[] {
    const i = nameIndex(this.operands, name)
    if (i < 0) {throw new Error(`'${this.name}' has no operand '${name}'`)}
    const segs = this.operandSegments(op)
    const out: Value[] = []
    for (let k = 0; k < segs[2 * i + 1]!; k++) {
      const o = op.operands[segs[2 * i]! + k]
      if (o !== undefined) { out.push(o.value) }
    }
    return out
  }
  /** The [start, length] of operand group `name` in `op.operands`. */
  operandRange(op: Operation, name: string): [number, number] {
    const i = nameIndex(this.operands, name)
    if (i < 0) {throw new Error(`'${this.name}' has no operand '${name}'`)}
    const segs = this.operandSegments(op)
    return [segs[2 * i]!, segs[2 * i + 1]!]
  }
  /** The single result `name`. */
  result(op: Operation, name: string): Value {
    const v = this.resultValues(op, name)[0]
    if (v === undefined) {throw new Error(`'${this.name}' result '${name}' is absent`)}
    return v
  }
  /** The values of result group `name`. */
  resultValues(op: Operation, name: string): Value[] {
    const i = nameIndex(this.results, name)
    if (i < 0) {throw new Error(`'${this.name}' has no result '${name}'`)}
    const segs = this.resultSegments(op)
    return op.results.slice(segs[2 * i], segs[2 * i]! + segs[2 * i + 1]!)
  }
  /** Attribute `name`: the stored value, or the default of a default-valued attribute. */
  attr(op: Operation, name: string): Attribute | undefined {
    const a = op.getAttr(name)
    if (a !== undefined) {
      return a
    }
    const d = this.attributes[nameIndex(this.attributes, name)]
    if (d === undefined) {throw new Error(`'${this.name}' has no attribute '${name}'`)}
    return d.defaultValue?.(op.context)
  }
  /** Region `name`. */
  region(op: Operation, name: string): Region {
    const i = nameIndex(this.regions, name)
    if (i < 0) {throw new Error(`'${this.name}' has no region '${name}'`)}
    return op.regions[i]!
  }
  /** Successor `name` (the first, for a variadic successor group). */
  successor(op: Operation, name: string): Block {
    const i = nameIndex(this.successors, name)
    if (i < 0) {throw new Error(`'${this.name}' has no successor '${name}'`)}
    return op.successors[i]!.block
  }

  // ---- building ---------------------------------------------------------------------------

  /** An `OperationState` for this op from named values, with segment sizes and inferred result types. */
  createState(context: Context, loc: Location, typedArgs: OdsBuildArgs<S> = {}): OperationState {
    const args = typedArgs as OdsBuildArgs
    this.checkBuildNames(args)
    const state = new OperationState(loc, context.getOperationName(this.name))
    const sizes: number[] = []
    for (const d of this.operands) {
      const v = args.operands?.[d.name]
      if (v === null || v === undefined) { sizes.push(0) }
      else if (Array.isArray(v)) {
        state.addOperands(v as readonly Value[])
        sizes.push((v as readonly Value[]).length)
      } else {
        state.operands.push(v as Value)
        sizes.push(1)
      }
    }
    for (const d of this.attributes) {
      const a = args.attributes?.[d.name]
      if (a !== null && a !== undefined) { state.addProperty(d.name, a) }
    }
    if ((this.traits & Trait.AttrSizedOperandSegments) !== 0) { state.addProperty('operandSegmentSizes', DenseArrayAttr.getI32(context, sizes)) }
    for (const a of args.discardableAttributes ?? []) { state.addAttribute(a.name, a.value) }
    for (const d of this.successors) {
      const b = args.successors?.[d.name]
      if (b === undefined) {
        continue
      }
      if (Array.isArray(b)) {for (const x of b as readonly Block[]) {state.addSuccessor(x)}}
      else { state.addSuccessor(b as Block) }
    }
    const numRegions = args.numRegions ?? this.regions.filter((r) => !r.constraint.variadic).length
    for (let i = 0; i < numRegions; i++) { state.addRegion() }
    const rs = args.results
    const resultSizes: number[] = []
    if (Array.isArray(rs)) {
      state.addTypes(rs as readonly Type[])
    } else if (rs !== undefined && Object.keys(rs).length > 0) {
      const named = rs as Readonly<Record<string, Type | readonly Type[]>>
      for (const d of this.results) {
        const t = named[d.name]
        if (t === undefined) { resultSizes.push(0) }
        else if (Array.isArray(t)) {
          state.addTypes(t as readonly Type[])
          resultSizes.push((t as readonly Type[]).length)
        } else {
          state.types.push(t as Type)
          resultSizes.push(1)
        }
      }
    } else if (this.results.length > 0) {
      const inferred = this.inferBuildResultTypes(state)
      if (inferred === undefined) {throw new Error(`'${this.name}': cannot infer result types; pass them to build()`)}
      state.addTypes(inferred)
      for (const d of this.results) { resultSizes.push(d.variadic || d.optional ? 0 : 1) }
    }
    if ((this.traits & Trait.AttrSizedResultSegments) !== 0) { state.addProperty('resultSegmentSizes', DenseArrayAttr.getI32(context, resultSizes)) }
    return state
  }

  /** Creates this op at `builder`'s insertion point. */
  build(builder: OpBuilder, loc: Location, args: OdsBuildArgs<S> = {}): Operation {
    return builder.createFromState(this.createState(builder.context, loc, args))
  }

  /** Throws when `args` names an operand, result, attribute or successor this op does not declare. */
  private checkBuildNames(args: OdsBuildArgs): void {
    const check = (kind: string, given: object | undefined, declared: readonly { readonly name: string }[]): void => {
      if (given === undefined || Array.isArray(given)) {
        return
      }
      for (const key of Object.keys(given)) {
        if (!declared.some((d) => d.name === key)) {
          const names = declared.map((d) => `'${d.name}'`).join(', ')
          throw new Error(`'${this.name}' has no ${kind} '${key}'; its ${kind}s are: ${names === '' ? '(none)' : names}`)
        }
      }
    }
    check('operand', args.operands, this.operands)
    check('result', args.results, this.results)
    check('attribute', args.attributes, this.attributes)
    check('successor', args.successors, this.successors)
  }

  private inferBuildResultTypes(state: OperationState): Type[] | undefined {
    const out: Type[] = []
    const known = (name: string): Type | undefined => {
      const oi = nameIndex(this.operands, name)
      if (oi >= 0) {
        return this.operandTypeInState(state, oi)
      }
      const a = state.getAttr(name) as { type?: Type | null } | undefined
      return a?.type ?? undefined
    }
    for (const d of this.results) {
      if (d.variadic || d.optional) {
        continue
      }
      let t: Type | undefined
      if ((this.traits & Trait.SameOperandsAndResultType) !== 0) { t = state.operands[0]?.type }
      for (const g of this.allTypesMatch) {
        if (t !== undefined) {
          break
        }
        if (!g.includes(d.name)) {
          continue
        }
        for (const other of g) {
          if (other === d.name) {
            continue
          }
          t = known(other)
          if (t !== undefined) {
            break
          }
        }
      }
      for (const m of this.typesMatchWith) {
        if (t !== undefined) {
          break
        }
        if (m.to !== d.name) {
          continue
        }
        const f = known(m.from)
        if (f !== undefined) { t = m.transform(f) }
      }
      t ??= d.constraint.build?.(state.location.context)
      if (t === undefined) {
        return this.inferResultTypes?.(state)
      }
      out.push(t)
    }
    return out
  }

  private operandTypeInState(state: OperationState, groupIndex: number): Type | undefined {
    let start = 0
    const sizesAttr = state.getAttr('operandSegmentSizes')
    if (sizesAttr instanceof DenseArrayAttr) {
      for (let i = 0; i < groupIndex; i++) { start += Number(sizesAttr.values[i] ?? 0) }
    } else { start = groupIndex }
    return state.operands[start]?.type
  }

  // ---- verification -----------------------------------------------------------------------

  /**
   * The entry `name = default` of the `i`-th default-valued attribute, made once per context:
   * entries are never changed, and the parser adds one to most ops it reads.
   */
  private defaultEntry(i: number, d: OdsAttrDecl, context: Context): NamedAttribute {
    const value = d.defaultValue!(context)
    const cached = this.layout.defaultEntries[i]
    if (cached !== undefined && cached.value === value) {
      return cached
    }
    const entry: NamedAttribute = { name: d.name, value }
    this.layout.defaultEntries[i] = entry
    return entry
  }

  /** The first inherent attribute of `attributes` that fails its constraint, as ODS `verifyInherentAttrs` reports it; null when all pass. */
  verifyInherentAttrs(attributes: readonly NamedAttribute[]): string | null {
    const decls = this.attributes
    for (let i = 0; i < decls.length; i++) {
      const d = decls[i]!
      for (let k = 0; k < attributes.length; k++) {
        const a = attributes[k]!
        if (a.name === d.name && !d.constraint.check(a.value)) {
          return `attribute '${d.name}' failed to satisfy constraint: ${d.constraint.summary}`
        }
      }
    }
    return null
  }

  /** The first entry of `properties` whose attribute is not of its declaration's storage class (ODS `setPropertiesFromAttr`); null when all convert. */
  propertyConversionFailure(properties: readonly NamedAttribute[]): NamedAttribute | null {
    const decls = this.attributes
    for (let i = 0; i < decls.length; i++) {
      const d = decls[i]!
      const c = d.constraint
      if (c.isStorageKind === undefined) {
        continue
      }
      for (let k = 0; k < properties.length; k++) {
        const e = properties[k]!
        if (e.name === d.name && !c.isStorageKind(e.value)) {
          return e
        }
      }
    }
    return null
  }

  /** `populateDefaultProperties` of an op that declares defaults to add. */
  private addDefaultProperties(properties: NamedAttribute[], context: Context): void {
    const defaulted = this.layout.defaultedAttrs
    const given = properties.length
    for (let i = 0; i < defaulted.length; i++) {
      const d = defaulted[i]!
      let found = false
      for (let k = 0; k < given; k++) {
        if (properties[k]!.name === d.name) {
          found = true
          break
        }
      }
      if (!found) {properties.push(this.defaultEntry(i, d, context))}
    }
  }

  /**
   * The generated verifier: counts (regions, results, successors, operands), segment
   * sizes, then attributes, operand and result types, regions, successors and
   * type-matching predicates (ODS `verifyInvariantsImpl`), then trait invariants, then
   * the hand-written `verify`.
   */
  verify(op: Operation): LogicalResult {
    if (this.passedBefore(op)) {
      // The region and successor constraints read more than the signature: they run again,
      // unless every one of them accepts anything.
      if ((this.passedRegions !== 0 || this.passedSuccessors !== 0) && (this.memoBits & MEMO_REGION_CHECKS) !== 0 && !this.verifyRegionAndSuccessorConstraints(op)) {
        return failure()
      }
      // The types are the ones the checks passed on (compared, see `computeMemoFlags`), and
      // so was the hook, which reads no more than them or, with the same inherent
      // dictionary, the whole signature.
      if (this.hookPassed && (this.hookReads === HOOK_READS_TYPES || op.properties === this.passedProperties)) {
        return true
      }
    } else {
      if (!this.verifyCounts(op)) {
        return failure()
      }
      if (!this.verifyInvariants(op)) {
        return failure()
      }
      if (!this.verifyTraits(op)) {
        return failure()
      }
      this.recordPassed(op)
    }
    // Booleans rather than `success()`: in the cold code that verifies a parsed module, each
    // call and load here is paid per op.
    const spec = this.spec
    if (spec.verify === undefined) {
      return true
    }
    const reads = this.hookReads
    if (reads === 0) {
      return spec.verify(op)
    }
    if (!spec.verify(op)) {
      return false
    }
    // Passed on the types last recorded (the op's, as `passedBefore` found or `recordPassed`
    // kept them), and on the signature unless the inherent attributes differ in value.
    if (reads === HOOK_READS_TYPES || op.properties === this.passedProperties) {
      this.hookPassed = true
    }
    return true
  }

  /**
   * Whether the generated checks (counts, invariants, traits), but for the region and
   * successor constraints, are known to pass on `op`: it has the same attribute
   * dictionaries, the same counts and the same operand and result types as the op they last
   * passed on. Those checks read nothing else of an op, and attributes and types are
   * uniqued and immutable, so they would pass again (their constraints are predicates of
   * the attribute or type alone). Most ops of a module repeat the signature of the op
   * before them of the same name (`arith.addi` on i32). An op whose inherent attributes
   * differ only in value (each call its callee, each function its name) passes when the
   * differing values satisfy their constraints (see `propertiesPassLike`); the types are
   * not compared for an op whose checks never read them (`func.call`, `func.return`).
   */
  private passedBefore(op: Operation): boolean {
    if (op.attributes !== this.passedAttributes) {
      return false
    }
    const props = op.properties
    const passedProps = this.passedProperties
    if (passedProps === null) {
      return false
    }
    // Read without a call: computed on the first op of the kind.
    let bits = this.memoBits
    if (bits < 0) {
      bits = this.computeMemoFlags()
    }
    const sameProperties = props === passedProps
    if (!sameProperties && (bits & MEMO_VALUE_CHECKS_ONLY) === 0) {
      return false
    }
    const operands = op.operands
    const results = op.results
    const numOperands = operands.length
    // A count the checks accept whatever it is (`scf.yield`'s operands) may differ.
    if (
      (numOperands !== this.passedOperands && (bits & MEMO_ANY_OPERAND_COUNT) === 0) ||
      (results.length !== this.passedResults && (bits & MEMO_ANY_RESULT_COUNT) === 0)
    ) {
      return false
    }
    if ((bits & MEMO_READS_TYPES) !== 0) {
      const types = this.passedTypes
      for (let i = 0; i < numOperands; i++) {
        if (operands[i]!.value.type !== types[i]) {
          return false
        }
      }
      for (let i = 0; i < results.length; i++) {
        if (results[i]!.type !== types[numOperands + i]) {
          return false
        }
      }
    }
    if (op.regions.length !== this.passedRegions || op.successors.length !== this.passedSuccessors) {
      return false
    }
    return sameProperties || this.propertiesPassLike(props, passedProps)
  }

  /**
   * Computes the `MEMO_*` bits of this op's generated checks, on the first op of the kind.
   * Out of line: inlined into the hot `passedBefore`, its closures and array scans made that
   * function's optimized compile twice as large.
   */
  private computeMemoFlags(): number {
    const layout = this.layout
    // The values of the inherent attributes are read only through their constraints, and
    // the types of those a type-matching predicate names: no segment-size attribute. Ops
    // whose attributes differ from op to op (a callee, a function's name, a constant's
    // value) may then reuse the checks that passed on another op (see `propertiesPassLike`).
    const valueChecksOnly =
      (this.traits & (Trait.AttrSizedOperandSegments | Trait.AttrSizedResultSegments)) === 0 &&
      !layout.operands.some((d) => d.segmentAttr !== undefined) &&
      !layout.results.some((d) => d.segmentAttr !== undefined)
    // The operand and result types are read by a constraint other than AnyType, a
    // type-matching predicate or a type trait; else only their counts matter.
    const readsTypes =
      !layout.operands.every((d) => d.constraint === AnyType) ||
      !layout.results.every((d) => d.constraint === AnyType) ||
      this.allTypesMatch.length !== 0 ||
      this.typesMatchWith.length !== 0 ||
      this.sameTypeOperands ||
      (this.traits & Trait.SameOperandsAndResultType) !== 0 ||
      // A hook that reads only the types (or signature) is skipped on the same types.
      this.hookReads !== 0
    // A region or successor constraint that may reject one.
    const regionChecks =
      !layout.regions.every((d) => d.constraint === AnyRegion) || !layout.successors.every((d) => d.constraint === AnySuccessor)
    // Without a type read, one variadic group without sub-groups takes any count (`countCheck`
    // asks for none fixed, `verifyValues` finds every value fine). Never with a type read: the
    // types compared then include the counts, and a hook that reads the signature counts them.
    const anyOperandCount = !readsTypes && valueChecksOnly && isOnlyVariadicGroup(layout.operands)
    const anyResultCount = !readsTypes && valueChecksOnly && isOnlyVariadicGroup(layout.results)
    const bits =
      (valueChecksOnly ? MEMO_VALUE_CHECKS_ONLY : 0) |
      (readsTypes ? MEMO_READS_TYPES : 0) |
      (regionChecks ? MEMO_REGION_CHECKS : 0) |
      (anyOperandCount ? MEMO_ANY_OPERAND_COUNT : 0) |
      (anyResultCount ? MEMO_ANY_RESULT_COUNT : 0)
    this.memoBits = bits
    return bits
  }

  /**
   * Whether `props` has the names of the inherent dictionary the checks last passed on, and
   * each value that differs satisfies its declaration's constraint and, when a type-matching
   * predicate names it, has the type of the value it replaces: then every generated check
   * but those constraints reads the same (see `MEMO_VALUE_CHECKS_ONLY`). `passedProps`:
   * `passedProperties`, which the caller has read.
   */
  private propertiesPassLike(props: DictionaryAttr, passedProps: DictionaryAttr): boolean {
    const entries = props.entries
    const passed = passedProps.entries
    if (entries.length !== passed.length) {
      return false
    }
    // Every call of a module passes here with its own callee: the declarations are found once.
    const decls = this.passedDecls ?? this.declsOfPassed(passed)
    const typeReads = this.passedTypeReads
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i]!
      const p = passed[i]!
      if (e.name !== p.name) {
        return false
      }
      if (e.value === p.value) {
        continue
      }
      const decl = decls[i]!
      if (decl === null || !decl.constraint.check(e.value)) {
        return false
      }
      if (typeReads !== null && typeReads[i]! && attrType(e.value) !== attrType(p.value)) {
        return false
      }
    }
    return true
  }

  /** Finds the declaration of each of `passed` (the entries of `passedProperties`) and keeps them in `passedDecls`. */
  private declsOfPassed(passed: readonly NamedAttribute[]): (OdsAttrDecl | null)[] {
    const decls = this.layout.attributes
    const out: (OdsAttrDecl | null)[] = []
    let typeReads: boolean[] | null = null
    for (let i = 0; i < passed.length; i++) {
      const name = passed[i]!.name
      let decl: OdsAttrDecl | null = null
      for (let k = 0; k < decls.length; k++) {
        if (decls[k]!.name === name) {
          decl = decls[k]!
          break
        }
      }
      out.push(decl)
      if (this.readsAttributeType(name)) {
        typeReads ??= new Array<boolean>(passed.length).fill(false)
        typeReads[i] = true
      }
    }
    this.passedDecls = out
    this.passedTypeReads = typeReads
    return out
  }

  /** Whether a type-matching predicate reads the type of the attribute `name` (as `typeOfNamed` finds it). */
  private readsAttributeType(name: string): boolean {
    const layout = this.layout
    if (nameIndex(layout.operands, name) >= 0 || nameIndex(layout.results, name) >= 0) {
      return false
    }
    return this.allTypesMatch.some((g) => g.includes(name)) || this.typesMatchWith.some((m) => m.from === name || m.to === name)
  }

  /** Remembers the signature of `op`, on which the generated checks passed (see `passedBefore`). */
  private recordPassed(op: Operation): void {
    const operands = op.operands
    const results = op.results
    const types = this.passedTypes
    for (let i = 0; i < operands.length; i++) {
      types[i] = operands[i]!.value.type
    }
    for (let i = 0; i < results.length; i++) {
      types[operands.length + i] = results[i]!.type
    }
    this.passedOperands = operands.length
    this.passedResults = results.length
    this.passedRegions = op.regions.length
    this.passedSuccessors = op.successors.length
    if (op.properties !== this.passedProperties) {
      this.passedDecls = null
      this.passedTypeReads = null
    }
    this.hookPassed = false
    this.passedProperties = op.properties
    this.passedAttributes = op.attributes
  }

  private verifyCounts(op: Operation): boolean {
    const c = this.layout
    // Regions.
    const nr = c.fixedRegions
    const gotR = op.regions.length
    if (!c.variadicRegions) {
      if (nr === 0 && gotR !== 0) {
        return op.emitOpError('requires zero regions').fail()
      }
      if (nr === 1 && gotR !== 1) {
        return op.emitOpError('requires one region').fail()
      }
      if (nr > 1 && gotR !== nr) {
        return op.emitOpError(`expected ${nr} regions`).fail()
      }
    } else if (nr > 0 && gotR < nr) {
      return op.emitOpError(`expected ${nr} or more regions`).fail()
    }
    // Results (the common exact count is checked here, without a call).
    const gotResults = op.results.length
    if ((c.variableResults || gotResults !== c.fixedResults) && !countCheck(op, c.fixedResults, c.variableResults, gotResults, 'result')) {
      return false
    }
    // Successors.
    const ns = c.fixedSuccessors
    const gotS = op.successors.length
    if (!c.variadicSuccessors) {
      if (gotS !== ns) {
        return op.emitOpError(`requires ${ns} successor${ns === 1 ? '' : 's'} but found ${gotS}`).fail()
      }
    } else if (ns > 0 && gotS < ns) {
      return op.emitOpError(`requires at least ${ns} successors but found ${gotS}`).fail()
    }
    // Operands.
    const gotOperands = op.operands.length
    if ((c.variableOperands || gotOperands !== c.fixedOperands) && !countCheck(op, c.fixedOperands, c.variableOperands, gotOperands, 'operand')) {
      return false
    }
    const t = this.traits
    if ((t & Trait.AttrSizedOperandSegments) !== 0 && !this.verifySegmentAttr(op, 'operandSegmentSizes', 'operand', op.operands.length, this.operands.length)) {
      return false
    }
    if ((t & Trait.AttrSizedResultSegments) !== 0 && !this.verifySegmentAttr(op, 'resultSegmentSizes', 'result', op.results.length, this.results.length)) {
      return false
    }
    return true
  }

  private verifySegmentAttr(op: Operation, attrName: string, what: string, count: number, numGroups: number): boolean {
    const a = op.getAttr(attrName)
    let total = 0
    // numGroups < 0: any number of groups (the sub-group sizes of a variadic-of-variadic operand).
    if (a instanceof DenseArrayAttr && (numGroups < 0 || a.values.length === numGroups)) {
      for (const v of a.values) {
        if (Number(v) < 0) {return op.emitOpError(`'${attrName}' attribute cannot have negative elements`).fail()}
        total += Number(v)
      }
    }
    if (total !== count) {
      return op.emitOpError(`${what} count (${count}) does not match with the total size (${total}) specified in attribute '${attrName}'`).fail()
    }
    return true
  }

  private verifyInvariants(op: Operation): boolean {
    // ODS checks every required attribute for presence before it checks any against its
    // constraint. One pass does both: a constraint failure is reported only after the
    // declarations after it are found present (an earlier missing one was reported when met).
    const layout = this.layout
    const decls = layout.attributes
    // `op.getAttr`, with the discardable dictionary (most often empty) read once.
    const inherent = op.properties
    const discardable = op.attributes
    const anyDiscardable = discardable.entries.length !== 0
    for (let i = 0; i < decls.length; i++) {
      const d = decls[i]!
      const a = inherent.get(d.name) ?? (anyDiscardable ? discardable.get(d.name) : undefined)
      if (a === undefined) {
        if (!d.optional) {return op.emitOpError(`requires attribute '${d.name}'`).fail()}
        continue
      }
      if (!d.constraint.check(a)) {
        for (let j = i + 1; j < decls.length; j++) {
          const later = decls[j]!
          if (!later.optional && op.getAttr(later.name) === undefined) {return op.emitOpError(`requires attribute '${later.name}'`).fail()}
        }
        return op.emitOpError(`attribute '${d.name}' failed to satisfy constraint: ${d.constraint.summary}`).fail()
      }
    }
    // Segments into scratch arrays: the constraint checks below verify no other op.
    const operandSegs = layout.variableOperands
      ? valueSegmentsInto(layout.verifyOperandSegments, op, layout.operands, false, (this.traits & Trait.AttrSizedOperandSegments) !== 0 ? 'operandSegmentSizes' : null, layout.operands.length - layout.fixedOperands)
      : layout.fixedOperandSegments
    if (layout.operands.length !== 0 && !this.verifyValues(op, layout.operands, operandSegs, false)) {
      return false
    }
    const resultSegs = layout.variableResults
      ? valueSegmentsInto(layout.verifyResultSegments, op, layout.results, true, (this.traits & Trait.AttrSizedResultSegments) !== 0 ? 'resultSegmentSizes' : null, layout.results.length - layout.fixedResults)
      : layout.fixedResultSegments
    if (layout.results.length !== 0 && !this.verifyValues(op, layout.results, resultSegs, true)) {
      return false
    }
    // ODS checks the predicate traits (`AllTypesMatch`, `TypesMatchWith`) after the operand
    // and result constraints and before the region and successor constraints.
    const groups = this.allTypesMatch
    for (let gi = 0; gi < groups.length; gi++) {
      const g = groups[gi]!
      const first = this.typeOfNamed(op, layout, g[0]!, operandSegs, resultSegs)
      for (let i = 1; i < g.length; i++) {
        if (this.typeOfNamed(op, layout, g[i]!, operandSegs, resultSegs) !== first) {return op.emitOpError(`failed to verify that all of {${g.join(', ')}} have same type`).fail()}
      }
    }
    const matches = this.typesMatchWith
    for (let mi = 0; mi < matches.length; mi++) {
      const m = matches[mi]!
      const from = this.typeOfNamed(op, layout, m.from, operandSegs, resultSegs)
      const to = this.typeOfNamed(op, layout, m.to, operandSegs, resultSegs)
      if (from !== undefined && to !== undefined && m.transform(from) !== to) {return op.emitOpError(`failed to verify that ${m.summary}`).fail()}
    }
    return this.verifyRegionAndSuccessorConstraints(op)
  }

  /** The region and successor constraints, the last of the invariants ODS checks. */
  private verifyRegionAndSuccessorConstraints(op: Operation): boolean {
    const layout = this.layout
    let ri = 0
    const regionDecls = layout.regions
    // Read once: each is a getter call, and this runs for every op with regions.
    const regions = op.regions
    for (let di = 0; di < regionDecls.length; di++) {
      const d = regionDecls[di]!
      const constraint = d.constraint
      // A variadic group takes what the declarations after it leave.
      const end = constraint.variadic ? regions.length - (regionDecls.length - 1 - di) : Math.min(ri + 1, regions.length)
      for (let k = ri; k < end; k++) {
        const r = regions[k]!
        if (!constraint.check(r)) {
          // Names starting with '#' stand for ODS's unnamed regions.
          const named = d.name.startsWith('#') ? '' : ` ('${d.name}')`
          return op.emitOpError(`region #${ri}${named} failed to verify constraint: ${d.constraint.summary}`).fail()
        }
        ri++
      }
    }
    const successorDecls = layout.successors
    if (successorDecls.length === 0) {
      return true
    }
    let si = 0
    for (let di = 0; di < successorDecls.length; di++) {
      const d = successorDecls[di]!
      const n = d.constraint.variadic ? op.successors.length - (successorDecls.length - 1) : 1
      for (let k = 0; k < n && si < op.successors.length; k++, si++) {
        if (!d.constraint.check(op.successors[si]!.block)) {
          return op.emitOpError(`successor #${si} ('${d.name}') failed to verify constraint: ${d.constraint.summary}`).fail()
        }
      }
    }
    return true
  }

  /**
   * The type of the operand, result or typed attribute `name` of `op`, whose operand and
   * result segments are `operandSegs` and `resultSegs` (decoded once by the caller).
   */
  private typeOfNamed(op: Operation, layout: OdsLayout, name: string, operandSegs: Int32Array, resultSegs: Int32Array): Type | undefined {
    // The first value of the group, found without building the group's array.
    const oi = nameIndex(layout.operands, name)
    if (oi >= 0) {
      const segs = operandSegs
      return segs[2 * oi + 1]! < 1 ? undefined : op.operands[segs[2 * oi]!]?.value.type
    }
    const ri = nameIndex(layout.results, name)
    if (ri >= 0) {
      const segs = resultSegs
      return segs[2 * ri + 1]! < 1 ? undefined : op.results[segs[2 * ri]!]?.type
    }
    const a = op.getAttr(name) as { type?: Type | null } | undefined
    return a?.type ?? undefined
  }


  private verifyValues(op: Operation, decls: readonly OdsValueDecl[], segs: Int32Array, results: boolean): boolean {
    let index = 0
    const what = results ? 'result' : 'operand'
    for (let g = 0; g < decls.length; g++) {
      const d = decls[g]!
      const start = segs[2 * g]!
      const len = segs[2 * g + 1]!
      if (d.optional && len > 1) {return op.emitOpError(`${what} group starting at #${index} requires 0 or 1 element, but found ${len}`).fail()}
      if (d.segmentAttr !== undefined && !this.verifySegmentAttr(op, d.segmentAttr, d.name, len, -1)) {
        return false
      }
      for (let k = 0; k < len; k++) {
        const v = results ? op.results[start + k] : op.operands[start + k]?.value
        if (v === undefined) {
          continue
        }
        if (!d.constraint.check(v.type)) {
          return op.emitOpError(`${what} #${index} must be ${d.summary}, but got '${typeToString(v.type)}'`).fail()
        }
        index++
      }
    }
    return true
  }

  private verifyTraits(op: Operation): boolean {
    const t = this.traits
    if ((t & Trait.SameOperandsAndResultType) !== 0 && !verifySameOperandsAndResultType(op)) {
      return false
    }
    if (this.sameTypeOperands && op.operands.length > 1) {
      const t0 = op.operands[0]!.value.type
      for (const o of op.operands) {
        if (o.value.type !== t0) {
          return op.emitOpError('requires all operands to have the same type').fail()
        }
      }
    }
    return true
  }
}

/** Whether an operand or result of `op` has a vector or tensor type. */
function anyMappable(op: Operation): boolean {
  const operands = op.operands
  for (let i = 0; i < operands.length; i++) {
    if (isMappable(operands[i]!.value.type)) { return true }
  }
  const results = op.results
  for (let i = 0; i < results.length; i++) {
    if (isMappable(results[i]!.type)) { return true }
  }
  return false
}

function isMappable(t: Type): boolean {
  // Scalars, the common case, are told apart by one test.
  return t instanceof ShapedType && (t instanceof VectorType || t instanceof RankedTensorType || t instanceof UnrankedTensorType)
}

/** `verifyCompatibleShapes`: same rank and equal-or-dynamic dimensions (unranked matches all). */
function compatibleShapes(types: readonly Type[]): boolean {
  let ranked: readonly number[] | null = null
  for (const t of types) {
    const s = shapeOf(t)
    if (s === undefined || s === null) {
      continue
    }
    if (ranked === null) {
      ranked = s
      continue
    }
    if (s.length !== ranked.length) {
      return false
    }
    for (let i = 0; i < s.length; i++) {
      const a = s[i]!
      const b = ranked[i]!
      if (a !== b && a !== kDynamic && b !== kDynamic) {
        return false
      }
    }
  }
  return true
}

/**
 * The `Elementwise` trait's check, as MLIR's `verifyElementwise`. It is not run
 * automatically: where it falls among an op's other checks depends on the op's trait
 * order, so ops call it from their `verify`.
 */
export function verifyElementwise(op: Operation): boolean {
  // All scalar (the common case): nothing to check, and no lists to make.
  if (!anyMappable(op)) {
    return true
  }
  const resultTypes = op.results.map((r) => r.type).filter(isMappable)
  const operandTypes = op.operands.map((o) => o.value.type).filter(isMappable)
  if (resultTypes.length === 0 && operandTypes.length === 0) {
    return true
  }
  if (resultTypes.length > 0 && operandTypes.length === 0) {
    return op.emitOpError('if a result is non-scalar, then at least one operand must be non-scalar').fail()
  }
  if (resultTypes.length === 0) {
    return op.emitOpError('if an operand is non-scalar, then there must be at least one non-scalar result').fail()
  }
  if (resultTypes.length !== op.results.length) {
    return op.emitOpError('if an operand is non-scalar, then all results must be non-scalar').fail()
  }
  const types = [...operandTypes, ...resultTypes]
  const base = (t: Type): number => (t instanceof VectorType ? 0 : t instanceof RankedTensorType ? 1 : 2)
  const b0 = base(types[0]!)
  if (!types.every((t) => base(t) === b0) || !compatibleShapes(types)) {
    return op.emitOpError('all non-scalar operands/results must have the same shape and base type').fail()
  }
  return true
}

/**
 * The index of the declaration named `name` in `decls`, or -1. A scan: an op declares a
 * few of each, and no map per op and kind is built when the dialects load (601 ops).
 */
function nameIndex(decls: readonly { readonly name: string }[], name: string): number {
  for (let i = 0; i < decls.length; i++) {
    if (decls[i]!.name === name) {
      return i
    }
  }
  return -1
}

/** The type of attribute `a` as `OdsOp.typeOfNamed` reads it for a type-matching predicate. */
function attrType(a: Attribute): Type | undefined {
  return (a as { type?: Type | null }).type ?? undefined
}

/** The shared segments of no group (never written: a group count of zero writes nothing). */
const NO_SEGMENTS = new Int32Array(0)

function identitySegments(n: number): Int32Array {
  if (n === 0) {
    return NO_SEGMENTS
  }
  const out = new Int32Array(2 * n)
  for (let i = 0; i < n; i++) {
    out[2 * i] = i
    out[2 * i + 1] = 1
  }
  return out
}

/** The operand/result count traits (`NOperands`, `AtLeastNResults`, ...) with MLIR's messages. */
function countCheck(op: Operation, fixed: number, variable: boolean, got: number, what: 'operand' | 'result'): boolean {
  if (!variable) {
    if (fixed === 0 && got !== 0) {
      return op.emitOpError(`requires zero ${what}s`).fail()
    }
    if (fixed === 1 && got !== 1) {
      return op.emitOpError(what === 'operand' ? 'requires a single operand' : 'requires one result').fail()
    }
    if (fixed > 1 && got !== fixed) {
      return op.emitOpError(`expected ${fixed} ${what}s, but found ${got}`).fail()
    }
  } else if (fixed > 0 && got < fixed) {
    return op.emitOpError(`expected ${fixed} or more ${what}s, but found ${got}`).fail()
  }
  return true
}

function shapeOf(t: Type): readonly number[] | undefined | null {
  if (t instanceof VectorType || t instanceof RankedTensorType) {
    return t.shape
  }
  if (t instanceof UnrankedTensorType) {
    return undefined
  }
  return null
}

/** `SameOperandsAndResultType`, as MLIR's `verifySameOperandsAndResultType`. */
function verifySameOperandsAndResultType(op: Operation): boolean {
  if (op.operands.length < 1) {return op.emitOpError(`expected 1 or more operands, but found ${op.operands.length}`).fail()}
  if (op.results.length < 1) {return op.emitOpError(`expected 1 or more results, but found ${op.results.length}`).fail()}
  const type = op.results[0]!.type
  // Types are interned: when every operand and result has exactly the first result's type,
  // all the checks below hold.
  let allSame = true
  for (let i = 1; i < op.results.length && allSame; i++) {
    allSame = op.results[i]!.type === type
  }
  for (let i = 0; i < op.operands.length && allSame; i++) {
    allSame = op.operands[i]!.value.type === type
  }
  if (allSame) {
    return true
  }
  const elementType = type instanceof ShapedType ? type.elementType : type
  const encoding = type instanceof RankedTensorType ? type.encoding : null
  const check = (t: Type): boolean => {
    const et = t instanceof ShapedType ? t.elementType : t
    if (et !== elementType) {
      return false
    }
    const s1 = shapeOf(t)
    const s2 = shapeOf(type)
    if ((s1 === null) !== (s2 === null)) {
      return false
    }
    if (s1 && s2 && (s1.length !== s2.length || s1.some((d, i) => d !== s2[i]))) {
      return false
    }
    if ((t instanceof VectorType) !== (type instanceof VectorType)) {
      return false
    }
    return true
  }
  for (let i = 1; i < op.results.length; i++) {
    const rt = op.results[i]!.type
    if (!check(rt)) {
      return op.emitOpError('requires the same type for all operands and results').fail()
    }
    if ((rt instanceof RankedTensorType ? rt.encoding : null) !== encoding) {
      return op.emitOpError('requires the same encoding for all operands and results').fail()
    }
  }
  for (const o of op.operands) {
    const ot = o.value.type
    if (!check(ot)) {
      return op.emitOpError('requires the same type for all operands and results').fail()
    }
    if ((ot instanceof RankedTensorType ? ot.encoding : null) !== encoding) {
      return op.emitOpError('requires the same encoding for all operands and results').fail()
    }
  }
  return true
}

/** Defines an op from an ODS-style declaration: see `OpSpec` and docs/ods-api. */
export function defineOp<const S extends OpSpec>(spec: S): OdsOp<S> {
  return new OdsOp<S>(spec)
}
