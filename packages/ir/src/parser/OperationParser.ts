import type { AffineExpr, AffineMap } from '../AffineMap.ts'
import { parseAffineExprOfSSAIds, parseAffineMapOfSSAIds, parseAffineMapOrSetBody } from './AffineParser.ts'
import { BoolAttr, DictionaryAttr, StringAttr, type Attribute, type NamedAttribute } from '../Attributes.ts'
import { Block } from '../Block.ts'
import type { Context } from '../Context.ts'
import type { InFlightDiagnostic } from '../Diagnostics.ts'
import { Location, OpaqueLoc, UnknownLoc, type LocationSource } from '../Location.ts'
import type { LogicalResult } from '../LogicalResult.ts'
import { OperationState, type Delimiter, type OpAsmArgument, type OpAsmParser, type UnresolvedOperand } from '../OpAsm.ts'
import { Operation } from '../Operation.ts'
import { OperationName, Trait, type OpDefinition } from '../OperationName.ts'
import { Region } from '../Region.ts'
import { FunctionType, type Type } from '../Types.ts'
import type { BlockArgument, Value } from '../Value.ts'
import { Tok } from './Lexer.ts'
import { Parser, type FileResources } from './Parser.ts'
import { attrToString, typeToString } from './diagText.ts'
import { FreeList } from '../internal/FreeList.ts'
import { emptyList } from '../internal/lists.ts'

/** Slots of `OperationParser.opNameCache` (a power of two). */
const OP_NAME_CACHE_SIZE = 128

/** @internal An SSA use as written: `%name#number` at `offset`. */
export class ParsedOperand implements UnresolvedOperand {
  // Assigned in the constructor: the parser makes one per SSA use and definition.
  declare private readonly parser: Parser
  /** End offset of the name `%...` in the source. */
  declare readonly nameEnd: number
  declare private nameText: string | null
  declare readonly number: number
  declare readonly offset: number
  /** `N` for a purely numeric name `%N` (kept in an array, not a map), else -1. */
  declare readonly id: number
  constructor(parser: Parser, offset: number, nameEnd: number, number: number, id: number) {
    this.parser = parser
    this.nameEnd = nameEnd
    this.nameText = null
    this.number = number
    this.offset = offset
    this.id = id
  }
  /** The name with its `%`, taken from the source when first asked for (a numeric name is looked up by `id`). */
  get name(): string {
    let text = this.nameText
    if (text === null) {
      text = this.parser.src.slice(this.offset, this.nameEnd)
      this.nameText = text
    }
    return text
  }
  get location(): Location {
    return this.parser.locAt(this.offset)
  }
}

/**
 * The `%name` or `%name:count` groups before an op's `=` are kept on the parser's binding
 * stack (`OperationParser.bindings`), three numbers a group: the offsets of the name, its
 * end, and how many results it binds. An op's groups are the `count` groups from `base`.
 */
const BINDING_SIZE = 3
/** An op without result names (its bindings' base). */
const NO_BINDINGS = -1
/** `parseResultBindings` after an error. */
const BINDINGS_FAILED = -2

/**
 * An `OperationState` of the parser with the lists it was made with, for reuse by later ops
 * (see `OperationParser.acquireState`).
 */
class StateSlot {
  declare readonly state: OperationState
  declare private readonly operands: Value[]
  declare private readonly types: Type[]
  declare private readonly properties: NamedAttribute[]
  declare private readonly attributes: NamedAttribute[]
  declare private readonly successors: Block[]
  declare private readonly regions: Region[]
  constructor(state: OperationState) {
    this.state = state
    this.operands = state.operands
    this.types = state.types
    this.properties = state.properties
    this.attributes = state.attributes
    this.successors = state.successors
    this.regions = state.regions
  }
  /**
   * Makes the state, whose op has been created, as a new state of the op `name` at `offset`
   * in `source`, holding the slot's own lists again, emptied. A parse hook may have given
   * the state a list of its own, which is left as it is (the op created copied it): the
   * slot's lists are given back rather than compared with the state's after every op.
   */
  reset(source: LocationSource, offset: number, name: OperationName): void {
    const s = this.state
    // Each list tested before a call: most are empty (an op without attributes, regions
    // or successors).
    const operands = this.operands
    if (operands.length !== 0) { emptyList(operands) }
    s.operands = operands
    const types = this.types
    if (types.length !== 0) { emptyList(types) }
    s.types = types
    const properties = this.properties
    if (properties.length !== 0) { emptyList(properties) }
    s.properties = properties
    const attributes = this.attributes
    if (attributes.length !== 0) { emptyList(attributes) }
    s.attributes = attributes
    const successors = this.successors
    if (successors.length !== 0) { emptyList(successors) }
    s.successors = successors
    const regions = this.regions
    if (regions.length !== 0) { emptyList(regions) }
    s.regions = regions
    s.resetAtOffset(source, offset, name)
  }
}

/** One definition (or forward-reference placeholder) of `%name#n`. */
class SSADef {
  // Declared and assigned in the constructor, not defined as class fields (one per value
  // parsed; class fields cost an initializer call per object while the code is cold).
  declare value: Value
  /** Offset of the definition or first use; -1 when only `loc` is known. */
  declare offset: number
  declare loc: Location | null
  constructor(value: Value, offset: number, loc: Location | null) {
    this.value = value
    this.offset = offset
    this.loc = loc
  }
}

/**
 * The SSA names visible in one isolated region, with the names each nested region added.
 * A name leaves `values` by being set to undefined, never deleted: V8 keeps a deleted
 * key's entry in its hash chain until the table grows, so defining and dropping the same
 * name in region after region (`%c` in each of 64k sibling regions) beside many live
 * names made every lookup of it walk all the dead entries (quadratic parse time).
 */
class IsolatedScope {
  declare readonly values: Map<string, (SSADef | undefined)[] | undefined>
  /** Entries of numeric names `%N`, indexed by N: printed IR names almost every value so. */
  declare readonly numeric: ((SSADef | undefined)[] | undefined)[]
  /**
   * The value of a numeric name `%N` defined once as a single value (`%N = ...` of an op
   * with one result, or a region argument), indexed by N, while `numeric` has no entries for
   * it: most values are named so, and need neither an entries list nor an `SSADef`. Its
   * entries are made from here when anything else is asked of the name (see
   * `OperationParser.entriesAt`).
   */
  declare readonly numericValues: (Value | undefined)[]
  /** The offset of the definition of each value in `numericValues`. */
  declare readonly numericOffsets: number[]
  // The names (and numeric ids) defined so far, in one stack per kind: a nested region's
  // definitions start at the mark it pushed and are forgotten when it ends. One list per
  // region would make two arrays for every `scf.for` or `scf.if` body.
  declare readonly definitions: string[]
  declare readonly numericDefinitions: number[]
  /** Per open nested region, the lengths of `definitions` and `numericDefinitions` at its start. */
  declare readonly marks: number[]
  constructor() {
    this.values = new Map()
    this.numeric = []
    this.numericValues = []
    this.numericOffsets = []
    this.definitions = []
    this.numericDefinitions = []
    this.marks = []
  }
  /** Forgets everything, for reuse by another isolated region (see `OperationParser.pushScope`). */
  reset(): void {
    this.values.clear()
    this.numeric.length = 0
    // `numericValues` and `numericOffsets` keep their length: the next isolated region
    // (function) mostly numbers its values alike, and would grow them again. Every value
    // in `numericValues` is one of `numericDefinitions`, and offsets are read only beside one.
    const ids = this.numericDefinitions
    const values = this.numericValues
    for (let i = 0; i < ids.length; i++) {
      values[ids[i]!] = undefined
    }
    this.definitions.length = 0
    this.numericDefinitions.length = 0
    this.marks.length = 0
  }
}

/** Blocks named in one region. */
class BlockScope {
  readonly byName: Map<string, { block: Block; offset: number }> = new Map()
  readonly forwardRefs: Map<Block, number> = new Map()
}

/** A `loc(#alias)` whose alias was not yet defined when it was parsed. */
class DeferredLoc {
  constructor(
    readonly offset: number,
    readonly name: string,
    /** The lexer's nesting at the use (see `Parser.attributeAliasNesting`). */
    readonly depth: number,
  ) {}
}

/** A generic-form op whose region list is being parsed, with what it needs to be finished. */
class GenericOpFrame {
  readonly operands: ParsedOperand[] = []
  props: Attribute | null = null
  constructor(
    /** The block the op goes to. */
    readonly block: Block,
    /** Offset of the op's first token (its result names, if any). */
    readonly startOffset: number,
    /** The op's result-name groups on the binding stack (see `BINDING_SIZE`): base, or NO_BINDINGS. */
    readonly bindingBase: number,
    readonly bindingCount: number,
    readonly slot: StateSlot,
  ) {}
  get state(): OperationState {
    return this.slot.state
  }
}

/** A region whose blocks are being parsed (see `OperationParser.parseOps`). */
class RegionFrame {
  declare readonly region: Region
  declare readonly numEntryArgs: number
  /** The generic op whose region list holds `region`; null for a region a parse hook asked for. */
  declare readonly owner: GenericOpFrame | null
  /** The block whose ops are being parsed. */
  declare block: Block
  /** Whether `block` is the entry block, which joins the region when its ops end. */
  declare inEntryBlock: boolean
  constructor(region: Region, numEntryArgs: number, owner: GenericOpFrame | null, block: Block) {
    this.region = region
    this.numEntryArgs = numEntryArgs
    this.owner = owner
    this.block = block
    this.inEntryBlock = true
  }
}

const FORWARD_REF_NAME = '<<forward reference>>'

/** An entry of `OperationParser.opNameCache`: a registered op name with a parse hook and how it was spelled. */
class CachedOpName {
  declare readonly spelling: string
  /**
   * For a name spelled without its dialect (`return` in a `func.func`), the default dialect
   * under which the spelling means `name`; null for a name spelled in full.
   */
  declare readonly defaultDialect: string | null
  declare readonly name: OperationName
  constructor(spelling: string, defaultDialect: string | null, name: OperationName) {
    this.spelling = spelling
    this.defaultDialect = defaultDialect
    this.name = name
  }
}

/**
 * @internal The operation parser: SSA scoping, blocks and regions, generic and custom
 * operation forms. It is also the `OpAsmParser` handed to custom `parse` hooks.
 */
export class OperationParser extends Parser implements OpAsmParser {
  private readonly isolatedScopes: IsolatedScope[] = [new IsolatedScope()]
  /** Scopes of isolated regions that ended, for the next ones to reuse. */
  private readonly freeIsolatedScopes: FreeList<IsolatedScope> = new FreeList()
  /** Per open region, its named blocks; null until the region names one. */
  private readonly blockScopes: (BlockScope | null)[] = []
  private readonly forwardRefPlaceholders: Map<Value, number> = new Map()
  private readonly deferredLocs: DeferredLoc[] = []
  /** The dialect whose ops may be spelled without it: that of the custom op being parsed (`builtin` at the top level). */
  private defaultDialect = 'builtin'
  private readonly placeholderName: OperationName
  /** Name location and isolation of the custom op being parsed (for hooks). */
  private customOpNameOffset = 0
  /** The `%name` groups bound to the results of the custom op being parsed (see `BINDING_SIZE`). */
  private customOpBindingBase = NO_BINDINGS
  private customOpBindingCount = 0
  /** The binding stack: the result-name groups of the ops being parsed, innermost last. */
  private readonly bindings: number[] = []
  /** The length in use of `bindings` (which is never shrunk). */
  private bindingsTop = 0
  /** States of created ops, for the next ops to reuse (see `acquireState`). */
  private readonly statePool: FreeList<StateSlot> = new FreeList()
  private customOpIsolated = false
  /**
   * Registered op names parsed in custom form, by a hash of their spelling (see
   * `opNameSlot`): a module uses few names over and over, and a hit neither slices the
   * name out of the source nor looks it up.
   */
  private readonly opNameCache: (CachedOpName | null)[] = new Array<CachedOpName | null>(OP_NAME_CACHE_SIZE).fill(null)
  readonly resources: FileResources = { dialectResources: new Map(), externalResources: new Map() }

  constructor(context: Context, src: string, filename: string, bufferStart: number, bufferEnd: number) {
    super(context, src, filename, bufferStart, bufferEnd)
    this.placeholderName = new OperationName(FORWARD_REF_NAME, null, null)
  }

  asOpAsmParser(): OpAsmParser {
    return this
  }

  // ---- SSA values ---------------------------------------------------------------------

  private pushScope(isolated: boolean): void {
    if (isolated) {
      // A scope that an earlier isolated region (a function) ended is reused, emptied now
      // rather than when it ended.
      let scope = this.freeIsolatedScopes.take()
      if (scope === undefined) {
        scope = new IsolatedScope()
      } else {
        scope.reset()
      }
      this.isolatedScopes.push(scope)
    }
    else {
      const scope = this.isolatedScopes[this.isolatedScopes.length - 1]!
      scope.marks.push(scope.definitions.length, scope.numericDefinitions.length)
    }
    // Made when the region names a block (see `blockScope`): most regions name none.
    this.blockScopes.push(null)
  }

  private popScope(): boolean {
    const blocks = this.blockScopes.pop() ?? null
    if (blocks !== null && blocks.forwardRefs.size > 0) {
      const offsets = [...blocks.forwardRefs.values()].sort((a, b) => a - b)
      for (const off of offsets) {
        this.emitErrorAt(off, 'reference to an undefined block').report()
      }
      return false
    }
    const scope = this.isolatedScopes[this.isolatedScopes.length - 1]!
    const marks = scope.marks
    if (marks.length === 0) {
      this.freeIsolatedScopes.give(this.isolatedScopes.pop()!)
    } else {
      const numericMark = marks.pop()!
      const nameMark = marks.pop()!
      const names = scope.definitions
      while (names.length > nameMark) {
        scope.values.set(names.pop()!, undefined)
      }
      const ids = scope.numericDefinitions
      while (ids.length > numericMark) {
        const id = ids.pop()!
        // A name kept without entries has none to drop (`numeric` may end before it).
        if (id < scope.numeric.length) {
          scope.numeric[id] = undefined
        }
        if (id < scope.numericValues.length) {
          scope.numericValues[id] = undefined
        }
      }
    }
    return true
  }

  /** Whether `%name#number` of `use` has a definition (or forward reference) in scope; makes no entries. */
  private isDefined(use: UnresolvedOperand): boolean {
    const scope = this.isolatedScopes[this.isolatedScopes.length - 1]!
    const id = use.constructor === ParsedOperand ? (use as ParsedOperand).id : -1
    const n = use.number
    if (id >= 0 && n === 0 && scope.numericValues[id] !== undefined) {
      return true
    }
    const e = id >= 0 ? scope.numeric[id] : scope.values.get(use.name)
    return e !== undefined && n < e.length && e[n] !== undefined
  }

  private entriesOf(use: UnresolvedOperand): (SSADef | undefined)[] {
    // A numeric name is looked up by its id: its text is not sliced out of the source.
    const id = use.constructor === ParsedOperand ? (use as ParsedOperand).id : -1
    if (id >= 0) {
      return this.entriesAt(id, use.number, '')
    }
    return this.entriesAt(-1, use.number, use.name)
  }

  /**
   * The entries of the name whose numeric id is `id` (see `numericId`), or when that is -1
   * of the name `name` (`%` included; not read for a numeric name), with room for `number`.
   */
  private entriesAt(id: number, number: number, name: string): (SSADef | undefined)[] {
    const scope = this.isolatedScopes[this.isolatedScopes.length - 1]!
    // A new list is made at its final length (most values are `%N` with one entry): growing
    // an empty array reserves room for 16. Not past that: a use's result number (up to
    // 2^32-1) may be out of range, which the caller reports.
    if (id >= 0) {
      let e = scope.numeric[id]
      if (e === undefined) {
        e = new Array<SSADef | undefined>(number < 16 ? number + 1 : 1)
        while (scope.numeric.length < id) {
          scope.numeric.push(undefined)
        }
        scope.numeric[id] = e
        const single = scope.numericValues[id]
        if (single !== undefined) {
          // The name's single value moves into its entries.
          e[0] = new SSADef(single, scope.numericOffsets[id]!, null)
          scope.numericValues[id] = undefined
        }
      }
      return e
    }
    let e = scope.values.get(name)
    if (e === undefined) {
      e = new Array<SSADef | undefined>(number < 16 ? number + 1 : 1)
      scope.values.set(name, e)
    }
    return e
  }

  /** N for a `%N` token at `start..end` (digits, no leading zero, N < 1e9), else -1. */
  private numericId(start: number, end: number): number {
    const src = this.src
    const len = end - start - 1
    if (len < 1 || len > 9 || (len > 1 && src.charCodeAt(start + 1) === 48)) {
      return -1
    }
    let v = 0
    for (let p = start + 1; p < end; p++) {
      const d = src.charCodeAt(p) - 48
      if (d < 0 || d > 9) {
        return -1
      }
      v = v * 10 + d
    }
    return v
  }

  private defLoc(d: SSADef): Location {
    return d.loc ?? this.locAt(d.offset)
  }

  /** Binds `%name#number` to `value`, resolving a forward reference if there was one. */
  addDefinition(use: UnresolvedOperand, value: Value): boolean {
    // Told by constructor, as in `resolveSSAUse`: an `instanceof` costs a few hundred
    // instructions until this code is optimized, and each function argument comes here.
    if (use.constructor === ParsedOperand) {
      const parsed = use as ParsedOperand
      const id = parsed.id
      return this.defineAt(parsed.offset, id, id >= 0 ? '' : parsed.name, parsed.number, value)
    }
    const entries = this.entriesAt(-1, use.number, use.name)
    if (!this.checkDefinition(entries, use.number, value, use.location, -1, use.name)) {
      return false
    }
    entries[use.number] = new SSADef(value, -1, use.location)
    this.isolatedScopes[this.isolatedScopes.length - 1]!.definitions.push(use.name)
    return true
  }

  /**
   * Binds result `number` of the name at `offset` to `value`: the name's numeric `id`, or
   * when that is -1 its text `name` (see `entriesAt`).
   */
  private defineAt(offset: number, id: number, name: string, number: number, value: Value): boolean {
    if (id >= 0 && number === 0) {
      // The common definition, `%N` of a name not yet seen in scope: kept without entries.
      const scope = this.isolatedScopes[this.isolatedScopes.length - 1]!
      const values = scope.numericValues
      if (scope.numeric[id] === undefined && values[id] === undefined) {
        const offsets = scope.numericOffsets
        while (values.length < id) {
          values.push(undefined)
        }
        while (offsets.length < id) {
          offsets.push(0)
        }
        values[id] = value
        offsets[id] = offset
        scope.numericDefinitions.push(id)
        return true
      }
    }
    const entries = this.entriesAt(id, number, name)
    if (!this.checkDefinition(entries, number, value, offset, id, name)) {
      return false
    }
    entries[number] = new SSADef(value, offset, null)
    const scope = this.isolatedScopes[this.isolatedScopes.length - 1]!
    if (id >= 0) {
      scope.numericDefinitions.push(id)
    } else {
      scope.definitions.push(name)
    }
    return true
  }

  /**
   * Whether result `n` of a name at `at` (`%id`, or when `id` is -1 spelled `name`) may be
   * defined as `value` in `entries`: not yet defined, or a forward reference of the same
   * type, which `value` then replaces. Reports the error otherwise.
   */
  private checkDefinition(entries: (SSADef | undefined)[], n: number, value: Value, at: number | Location, id: number, name: string): boolean {
    while (entries.length <= n) {
      entries.push(undefined)
    }
    const existing = entries[n]
    if (existing === undefined) {
      return true
    }
    if (id >= 0) {
      name = `%${id}`
    }
    if (!this.forwardRefPlaceholders.has(existing.value)) {
      this.emitErrorAt(at, `redefinition of SSA value '${name}'`)
        .attachNote('previously defined here', this.defLoc(existing))
        .report()
      return false
    }
    if (existing.value.type !== value.type) {
      this.emitErrorAt(at, `definition of SSA value '${name}#${n}' has type ${quoteType(value.type)}`)
        .attachNote(`previously used here with type ${quoteType(existing.value.type)}`, this.defLoc(existing))
        .report()
      return false
    }
    existing.value.replaceAllUsesWith(value)
    this.forwardRefPlaceholders.delete(existing.value)
    return true
  }

  /** The value for a use of `%name#number` with `type`; creates a placeholder for forward references. */
  resolveSSAUse(use: UnresolvedOperand, type: Type): Value | null {
    // The parser's own uses are told by their constructor (the class has no subclasses):
    // until this code is optimized, an `instanceof` costs a few hundred instructions.
    const parsed = use.constructor === ParsedOperand ? (use as ParsedOperand) : null
    if (parsed !== null && parsed.id >= 0 && use.number === 0) {
      const v = this.isolatedScopes[this.isolatedScopes.length - 1]!.numericValues[parsed.id]
      if (v !== undefined && v.type === type) {
        return v
      }
    }
    const entries = this.entriesOf(use)
    const n = use.number
    const offset = parsed !== null ? parsed.offset : -1
    const at = offset >= 0 ? offset : use.location
    const existing = n < entries.length ? entries[n] : undefined
    if (existing !== undefined) {
      const v = existing.value
      if (v.type === type) {
        return v
      }
      this.emitErrorAt(at, `use of value '${use.name}' expects different type than prior uses: ${quoteType(type)} vs ${quoteType(v.type)}`)
        .attachNote('prior use here', this.defLoc(existing))
        .report()
      return null
    }
    // Checked before the list grows to `n`: a result number past the defined results (up
    // to 2^32-1) is an error, not a reason to grow the list that far.
    const first = entries.length !== 0 ? entries[0] : undefined
    if (first !== undefined && !this.forwardRefPlaceholders.has(first.value)) {
      this.emitErrorAt(at, 'reference to invalid result number').report()
      return null
    }
    // Grown slot by slot only up to a near number: a forward reference to a result number
    // far past the list (up to 2^32-1) leaves a hole there instead of billions of slots.
    if (n - entries.length < 16) {
      while (entries.length <= n) {
        entries.push(undefined)
      }
    }
    const loc = offset >= 0 ? this.locAt(offset) : use.location
    const ph = new Operation(this.placeholderName, loc, [type], DictionaryAttr.empty(this.context), DictionaryAttr.empty(this.context), 0)
    const v = ph.results[0]!
    entries[n] = new SSADef(v, offset, offset >= 0 ? null : use.location)
    this.forwardRefPlaceholders.set(v, offset >= 0 ? offset : 0)
    return v
  }

  /** `%name` or `%name#N`. */
  private parseSSAUse(allowResultNumber: boolean): ParsedOperand | null {
    const l = this.lex
    if (l.kind !== Tok.percentIdentifier) {
      return this.wrongToken('expected SSA operand')
    }
    const offset = l.start
    const end = l.end
    this.consume()
    let number = 0
    if (this.at(Tok.hashIdentifier)) {
      if (!allowResultNumber) {
        return this.errorHere('result number not allowed in argument list')
      }
      number = this.resultNumber(l.start + 1, l.end)
      if (number < 0) {
        return this.errorHere('invalid SSA value result number')
      }
      this.consume()
    }
    return new ParsedOperand(this, offset, end, number, this.numericId(offset, end))
  }

  /**
   * The result number spelled from `start` to `end` (after a `#`), or -1 when it is not
   * one or exceeds 2^32-1. Short decimal numbers, nearly all of them, are read here: the
   * integer parser's BigInt and its try block made `parseSSAUse` a large optimized compile.
   */
  private resultNumber(start: number, end: number): number {
    if (end > start && end - start <= 9) {
      const src = this.src
      let v = 0
      let p = start
      for (; p < end; p++) {
        const d = src.charCodeAt(p) - 48
        if (d < 0 || d > 9) {
          break
        }
        v = v * 10 + d
      }
      if (p === end) {
        return v
      }
    }
    return this.resultNumberOfSpelling(start, end)
  }

  private resultNumberOfSpelling(start: number, end: number): number {
    const v = this.parseIntegerSpelling(start, end)
    return v === null || v > 0xffffffffn ? -1 : Number(v)
  }

  private parseOptionalSSAUseList(out: ParsedOperand[]): boolean {
    if (this.lex.kind !== Tok.percentIdentifier) {
      return true
    }
    do {
      const u = this.parseSSAUse(true)
      if (u === null) {
        return false
      }
      out.push(u)
    } while (this.consumeIf(Tok.comma))
    return true
  }

  // ---- Blocks and regions -------------------------------------------------------------

  private get blockScope(): BlockScope {
    const scopes = this.blockScopes
    let scope = scopes[scopes.length - 1] ?? null
    if (scope === null) {
      scope = new BlockScope()
      scopes[scopes.length - 1] = scope
    }
    return scope
  }

  private getBlockNamed(name: string, offset: number): Block {
    const scope = this.blockScope
    let def = scope.byName.get(name)
    if (def === undefined) {
      def = { block: new Block(), offset }
      scope.byName.set(name, def)
      scope.forwardRefs.set(def.block, offset)
    }
    return def.block
  }

  /**
   * `{ blocks }` into `region`; `entryArgs` define the entry block's arguments. A parse hook
   * calls this (through `parseRegion`) in the middle of its op: what the parser knows of
   * that op, which the custom ops of the region overwrite, is restored for the rest of it.
   */
  parseRegionInto(region: Region, entryArgs: readonly OpAsmArgument[], isolated: boolean): boolean {
    const nameOffset = this.customOpNameOffset
    const opIsolated = this.customOpIsolated
    const errorName = this.customOpErrorName
    const bindingBase = this.customOpBindingBase
    const bindingCount = this.customOpBindingCount
    const ok = this.parseRegionBody(region, entryArgs, isolated)
    this.customOpNameOffset = nameOffset
    this.customOpIsolated = opIsolated
    this.customOpErrorName = errorName
    this.customOpBindingBase = bindingBase
    this.customOpBindingCount = bindingCount
    return ok
  }

  private parseRegionBody(region: Region, entryArgs: readonly OpAsmArgument[], isolated: boolean): boolean {
    if (!this.expect(Tok.lBrace, "expected '{' to begin a region")) {
      return false
    }
    if (entryArgs.length > 0 || this.lex.kind !== Tok.rBrace) {
      const frame = this.beginRegionBody(region, entryArgs, isolated, null)
      if (frame === null || !this.parseOps(frame.block, frame)) {
        return false
      }
    }
    this.consume()
    return true
  }

  /**
   * Opens the scope of a region and its entry block (with `entryArgs` and an optional
   * `^name(args):` label); the ops come next. Null after an error.
   */
  private beginRegionBody(region: Region, entryArgs: readonly OpAsmArgument[], isolated: boolean, owner: GenericOpFrame | null): RegionFrame | null {
    this.pushScope(isolated)
    const block = new Block()
    if (entryArgs.length > 0 && entryArgs[0]!.ssaName.name !== '') {
      if (this.lex.kind === Tok.caretIdentifier) {
        this.errorHere('invalid block name in region with named arguments')
        return null
      }
      for (let i = 0; i < entryArgs.length; i++) {
        const arg = entryArgs[i]!
        const info = arg.ssaName
        const parsed = info.constructor === ParsedOperand ? (info as ParsedOperand) : null
        if (this.isDefined(info)) {
          const prior = this.entriesOf(info)[info.number]!
          const off = parsed !== null ? parsed.offset : -1
          this.emitErrorAt(off >= 0 ? off : info.location, `region entry argument '${info.name}' is already in use`)
            .attachNote('previously referenced here', this.defLoc(prior))
            .report()
          return null
        }
        // An argument without its own `loc(...)` is at its name, made on first use.
        const lazy = arg.sourceLoc === null && parsed !== null
        const ba = block.addArgument(arg.type!, lazy ? (this.locator as unknown as Location) : (arg.sourceLoc ?? info.location))
        if (lazy) {
          ba.setLazyLocation(this.locator, parsed.offset)
        }
        if (!this.addDefinition(info, ba)) {
          return null
        }
      }
    }
    if (this.lex.kind === Tok.caretIdentifier && !this.parseEntryBlockLabel(block)) {
      return null
    }
    return new RegionFrame(region, entryArgs.length, owner, block)
  }

  /**
   * The end of the ops of `frame`'s current block (at `^` or `}`): the entry block joins its
   * region only now, once its argument list is final.
   */
  private endBlock(frame: RegionFrame): boolean {
    if (!frame.inEntryBlock) {
      return true
    }
    frame.inEntryBlock = false
    const block = frame.block
    if (frame.numEntryArgs > 0 && block.arguments.length > frame.numEntryArgs) {
      this.errorHere('entry block arguments were already defined')
      return false
    }
    frame.region.push(block)
    return true
  }

  /** The label `^name(args):` of an entry block, into `block`. */
  private parseEntryBlockLabel(block: Block): boolean {
    const nameOffset = this.lex.start
    const name = this.lex.spelling
    if (!this.expect(Tok.caretIdentifier, 'expected block name')) {
      return false
    }
    const scope = this.blockScope
    const def = scope.byName.get(name)
    if (def === undefined) {
      scope.byName.set(name, { block, offset: nameOffset })
    } else if (!scope.forwardRefs.delete(def.block)) {
      this.emitErrorAt(nameOffset, `redefinition of block '${name}'`).report()
      return false
    } else {
      // A forward-referenced block becomes this one.
      def.block.replaceAllUsesWith(block)
      def.block = block
      def.offset = nameOffset
    }
    if (this.lex.kind === Tok.lParen && !this.parseOptionalBlockArgList(block)) {
      return false
    }
    return this.expect(Tok.colon, "expected ':' after block name")
  }

  /** The label `^name(args):` of a non-entry block, which is appended to `region`; its ops come next. */
  private parseNamedBlock(region: Region): Block | null {
    const l = this.lex
    const nameOffset = l.start
    const name = l.spelling
    if (!this.expect(Tok.caretIdentifier, 'expected block name')) {
      return null
    }
    const scope = this.blockScope
    let def = scope.byName.get(name)
    let block: Block
    if (def === undefined) {
      block = new Block()
      def = { block, offset: nameOffset }
      scope.byName.set(name, def)
    } else if (!scope.forwardRefs.delete(def.block)) {
      this.emitErrorAt(nameOffset, `redefinition of block '${name}'`).report()
      return null
    } else {
      block = def.block
      def.offset = nameOffset
    }
    region.push(block)
    if (l.kind === Tok.lParen && !this.parseOptionalBlockArgList(block)) {
      return null
    }
    if (!this.expect(Tok.colon, "expected ':' after block name")) {
      return null
    }
    return block
  }

  private parseOptionalBlockArgList(block: Block): boolean {
    const definingExisting = block.arguments.length !== 0
    let next = 0
    return this.parseCommaSeparatedList(Tok.lParen, Tok.rParen, '', () => {
      const use = this.parseSSAUse(true)
      if (use === null) {
        return false
      }
      if (!this.expect(Tok.colon, "expected ':' and type for SSA operand")) {
        return false
      }
      const type = this.parseTypeImpl()
      if (type === null) {
        return false
      }
      let arg: BlockArgument
      if (definingExisting) {
        if (next >= block.arguments.length) {
          this.errorHere('too many arguments specified in argument list')
          return false
        }
        arg = block.arguments[next++]!
        if (arg.type !== type) {
          this.errorHere('argument and block argument type mismatch')
          return false
        }
      } else {
        arg = block.addArgument(type, this.locAt(use.offset))
      }
      const loc = this.parseTrailingLocation()
      if (loc === undefined) {
        return false
      }
      if (loc !== null) {
        arg.location = loc
      }
      return this.addDefinition(use, arg)
    })
  }

  // ---- Operations ---------------------------------------------------------------------

  /** An empty state for the op named `name` at `offset`: a reused one when there is one (see `releaseState`). */
  private acquireState(offset: number, name: OperationName): StateSlot {
    const slot = this.statePool.take()
    if (slot === undefined) {
      return new StateSlot(OperationState.atOffset(this.locator, offset, name))
    }
    slot.reset(this.locator, offset, name)
    return slot
  }

  /** Gives back the state of an op just created from it (which keeps none of its lists) for a later op. */
  private releaseState(slot: StateSlot): void {
    this.statePool.give(slot)
  }

  /** Parses one operation (with its result bindings) and appends it to `block`. */
  parseOperation(block: Block): boolean {
    return this.parseOps(block, null)
  }

  /**
   * The driver of region, block and op parsing. With `root` null it parses one op into
   * `block`; otherwise the ops and blocks of the region `root` up to its `}` (left for the
   * caller), starting in `block`, root's entry block. The regions of generic-form ops are
   * kept on an explicit stack of frames rather than on the native stack, so their nesting
   * depth costs heap, not recursion; a custom op's parse hook still calls `parseRegion`,
   * which starts a driver of its own.
   */
  private parseOps(block: Block, root: RegionFrame | null): boolean {
    const l = this.lex
    let stack: RegionFrame[] | null = null
    let top = root
    for (;;) {
      if (top !== null) {
        const k = l.kind
        if (k === Tok.caretIdentifier) {
          if (!this.endBlock(top)) {
            return false
          }
          const b = this.parseNamedBlock(top.region)
          if (b === null) {
            return false
          }
          top.block = b
          continue
        }
        if (k === Tok.rBrace) {
          if (!this.endBlock(top) || !this.popScope()) {
            return false
          }
          if (top === root) {
            return true
          }
          // A region of a generic op ends: the next one of its list, or the rest of the op.
          const owner = top.owner!
          stack!.pop()
          top = stack!.length > 0 ? stack![stack!.length - 1]! : root
          this.consume()
          const next = this.consumeIf(Tok.comma) ? this.nextGenericRegion(owner) : this.expect(Tok.rParen, "expected ')' to end region list") ? null : undefined
          if (next === undefined) {
            return false
          }
          if (next !== null) {
            stack!.push(next)
            top = next
            continue
          }
          if (!this.finishGenericOperation(owner)) {
            return false
          }
          if (top === null) {
            return true
          }
          continue
        }
      }
      const into = top === null ? block : top.block
      const startOffset = l.start
      const bindingBase = l.kind === Tok.percentIdentifier ? this.parseResultBindings() : NO_BINDINGS
      if (bindingBase === BINDINGS_FAILED) {
        return false
      }
      const bindingCount = bindingBase === NO_BINDINGS ? 0 : (this.bindingsTop - bindingBase) / BINDING_SIZE
      const k = l.kind
      if (k === Tok.string) {
        const frame = this.beginGenericOperation(into, startOffset, bindingBase, bindingCount)
        if (frame === null) {
          return false
        }
        const first = this.consumeIf(Tok.lParen) ? this.nextGenericRegion(frame) : null
        if (first === undefined) {
          return false
        }
        if (first !== null) {
          stack ??= []
          stack.push(first)
          top = first
          continue
        }
        if (!this.finishGenericOperation(frame)) {
          return false
        }
      }
      else if (k === Tok.bareIdentifier || k === Tok.inttype) {
        // Read by the op's parse hook; a region the hook parses keeps them (see `parseRegionInto`).
        this.customOpBindingBase = bindingBase
        this.customOpBindingCount = bindingCount
        const op = this.parseCustomOperation()
        if (op === null || !this.appendParsedOp(into, op, startOffset, bindingBase, bindingCount)) {
          return false
        }
      }
      else {
        this.wrongToken('expected operation name in quotes')
        return false
      }
      if (top === null) {
        return true
      }
    }
  }

  /**
   * The `%a, %b:2 =` before an op, pushed on the binding stack: the base of its groups
   * there, or BINDINGS_FAILED after an error.
   */
  private parseResultBindings(): number {
    const l = this.lex
    const base = this.bindingsTop
    const bindings = this.bindings
    do {
      const offset = l.start
      const end = l.end
      if (!this.expect(Tok.percentIdentifier, 'expected valid ssa identifier')) {
        return BINDINGS_FAILED
      }
      let count = 1
      if (this.consumeIf(Tok.colon)) {
        if (!this.at(Tok.integer)) {
          this.wrongToken('expected integer number of results')
          return BINDINGS_FAILED
        }
        const v = this.parseIntegerSpelling(l.start, l.end)
        if (v === null || v < 1n) {
          this.errorHere('expected named operation to have at least 1 result')
          return BINDINGS_FAILED
        }
        count = Number(v)
        this.consume()
      }
      const top = this.bindingsTop
      if (top === bindings.length) {
        bindings.push(offset, end, count)
      } else {
        bindings[top] = offset
        bindings[top + 1] = end
        bindings[top + 2] = count
      }
      this.bindingsTop = top + BINDING_SIZE
    } while (this.consumeIf(Tok.comma))
    if (!this.expect(Tok.equal, "expected '=' after SSA name")) {
      return BINDINGS_FAILED
    }
    return base
  }

  /**
   * Appends a parsed `op` to `block` and binds the names of its `count` result groups on the
   * binding stack from `base` (NO_BINDINGS: none) to its results; the groups leave the stack.
   */
  private appendParsedOp(block: Block, op: Operation, startOffset: number, base: number, count: number): boolean {
    block.append(op)
    if (base === NO_BINDINGS) {
      return true
    }
    const numResults = op.results.length
    if (numResults === 0) {
      this.emitErrorAt(startOffset, 'cannot name an operation with no results').report()
      return false
    }
    const bindings = this.bindings
    let numExpected = 0
    for (let g = 0; g < count; g++) {
      numExpected += bindings[base + g * BINDING_SIZE + 2]!
    }
    if (numExpected !== numResults) {
      this.emitErrorAt(startOffset, `operation defines ${numResults} results but was provided ${numExpected} to bind`).report()
      return false
    }
    const src = this.src
    let ri = 0
    for (let g = 0; g < count; g++) {
      const at = base + g * BINDING_SIZE
      const offset = bindings[at]!
      const end = bindings[at + 1]!
      const n = bindings[at + 2]!
      const id = this.numericId(offset, end)
      const name = id >= 0 ? '' : src.slice(offset, end)
      for (let i = 0; i < n; i++) {
        if (!this.defineAt(offset, id, name, i, op.results[ri++]!)) {
          return false
        }
      }
    }
    this.bindingsTop = base
    return true
  }

  private checkDialectForGeneric(name: OperationName): OperationName | null {
    if (name.isRegistered) {
      return name
    }
    const n = name.name
    const dot = n.indexOf('.')
    const ns = dot < 0 ? n : n.slice(0, dot)
    if (this.context.getOrLoadDialect(ns) === undefined) {
      if (!this.context.allowUnregisteredDialects) {
        this.errorHere('operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used')
        return null
      }
      return name
    }
    return this.context.getOperationName(n)
  }

  /** A generic op up to its region list: the quoted name, operands, successors and properties. */
  private beginGenericOperation(block: Block, startOffset: number, bindingBase: number, bindingCount: number): GenericOpFrame | null {
    const l = this.lex
    const nameOffset = l.start
    const nameStr = this.stringValue()
    if (nameStr.length === 0) {
      return this.errorHere('empty operation name is invalid')
    }
    if (nameStr.includes('\0')) {
      return this.errorHere('null character not allowed in operation name')
    }
    this.consume()
    const opName = this.checkDialectForGeneric(this.context.getOperationName(nameStr))
    if (opName === null) {
      return null
    }
    const frame = new GenericOpFrame(block, startOffset, bindingBase, bindingCount, this.acquireState(nameOffset, opName))
    return this.parseGenericOperands(frame) ? frame : null
  }

  /** The region list of a generic op is done: its attributes and type, then the op joins its block. */
  private finishGenericOperation(frame: GenericOpFrame): boolean {
    if (!this.parseGenericOperationTail(frame)) {
      return false
    }
    // Without `<{...}>`, inherent attributes may come in the discardable dictionary; MLIR
    // checks them against their constraints here, before the op exists (no verifier note).
    const state = frame.state
    const opName = state.name
    if (frame.props === null && opName.isRegistered) {
      const failure = opName.def?.verifyInherentAttrs?.(state.attributes) ?? null
      if (failure !== null) {
        this.emitErrorAt(state.location, `'${opName.name}' op ${failure}`).report()
        return false
      }
    }
    const op = Operation.create(state)
    this.releaseState(frame.slot)
    const loc = this.parseTrailingLocation()
    if (loc === undefined) {
      return false
    }
    if (loc !== null) {
      op.location = loc
    }
    return this.appendParsedOp(frame.block, op, frame.startOffset, frame.bindingBase, frame.bindingCount)
  }

  /**
   * The next region of a generic op's list (after its `(` or `,`): the frame of a region
   * with ops, or null once the list has ended with `)` (empty regions are taken here);
   * undefined after an error.
   */
  private nextGenericRegion(frame: GenericOpFrame): RegionFrame | null | undefined {
    do {
      const region = new Region()
      frame.state.regions.push(region)
      if (!this.expect(Tok.lBrace, "expected '{' to begin a region")) {
        return undefined
      }
      if (this.lex.kind !== Tok.rBrace) {
        return this.beginRegionBody(region, [], false, frame) ?? undefined
      }
      this.consume()
    } while (this.consumeIf(Tok.comma))
    return this.expect(Tok.rParen, "expected ')' to end region list") ? null : undefined
  }

  /** Everything of the generic form after the op name, into `state` (MLIR's `parseGenericOperationAfterOpName`). */
  parseGenericOperationAfterOpName(state: OperationState): LogicalResult {
    const frame = new GenericOpFrame(new Block(), 0, NO_BINDINGS, 0, new StateSlot(state))
    if (!this.parseGenericOperands(frame)) {
      return false
    }
    if (this.consumeIf(Tok.lParen)) {
      do {
        const region = new Region()
        state.regions.push(region)
        if (!this.parseRegionInto(region, [], false)) {
          return false
        }
      } while (this.consumeIf(Tok.comma))
      if (!this.expect(Tok.rParen, "expected ')' to end region list")) {
        return false
      }
    }
    return this.parseGenericOperationTail(frame)
  }

  /** `(operands)`, `[successors]` and `<properties>` of a generic op, into `frame`. */
  private parseGenericOperands(frame: GenericOpFrame): boolean {
    const l = this.lex
    const state = frame.state
    const opName = state.name
    if (!this.expect(Tok.lParen, "expected '(' to start operand list")) {
      return false
    }
    if (!this.parseOptionalSSAUseList(frame.operands)) {
      return false
    }
    if (!this.expect(Tok.rParen, "expected ')' to end operand list")) {
      return false
    }
    if (l.kind === Tok.lSquare) {
      if (opName.isRegistered && !opName.hasTrait(Trait.IsTerminator)) {
        this.errorHere('successors in non-terminator')
        return false
      }
      const ok = this.parseCommaSeparatedList(Tok.lSquare, Tok.rSquare, '', () => {
        const b = this.parseSuccessorImpl()
        if (b === null) {
          return false
        }
        state.successors.push(b)
        return true
      })
      if (!ok) {
        return false
      }
    }
    if (this.consumeIf(Tok.less)) {
      const props = this.parseAttributeImpl()
      if (props === null) {
        return false
      }
      frame.props = props
      if (!this.expect(Tok.greater, "expected '>' to close properties")) {
        return false
      }
    }
    return true
  }

  /** What follows a generic op's region list: `{attributes}`, `: (types) -> types`, and the operands resolved. */
  private parseGenericOperationTail(frame: GenericOpFrame): boolean {
    const l = this.lex
    const state = frame.state
    const operands = frame.operands
    if (l.kind === Tok.lBrace && !this.parseAttributeDict(state.attributes)) {
      return false
    }
    if (!this.expect(Tok.colon, "expected ':' followed by operation type")) {
      return false
    }
    const typeOffset = l.start
    const type = this.parseTypeImpl()
    if (type === null) {
      return false
    }
    if (!(type instanceof FunctionType)) {
      this.emitErrorAt(typeOffset, 'expected function type').report()
      return false
    }
    for (const t of type.results) {
      state.types.push(t)
    }
    const inputs = type.inputs
    if (inputs.length !== operands.length) {
      this.emitErrorAt(typeOffset, `expected ${operands.length} operand type${operands.length === 1 ? '\0' : 's'} but had ${inputs.length}`).report()
      return false
    }
    for (let i = 0; i < operands.length; i++) {
      const v = this.resolveSSAUse(operands[i]!, inputs[i]!)
      if (v === null) {
        return false
      }
      state.operands.push(v)
    }
    const props = frame.props
    return props === null || this.setProperties(state, props)
  }

  /** Moves a parsed `<{...}>` into `state.properties` with MLIR's checks for registered ops. */
  private setProperties(state: OperationState, props: Attribute): boolean {
    const name = state.name
    const inherent = name.inherentAttributeNames
    if (name.isRegistered && inherent.size === 0) {
      this.emitErrorAt(state.location, `invalid properties ${attrString(props)} for op ${name.name}: this operation does not support properties`).report()
      return false
    }
    if (!name.isRegistered && (!(props instanceof DictionaryAttr) || props.size === 0)) {
      // An unregistered op holds any attribute as its properties, `<{}>` included.
      state.rawProperties = props
      return true
    }
    if (!(props instanceof DictionaryAttr)) {
      this.emitErrorAt(state.location, `invalid properties ${attrString(props)} for op ${name.name}: expected DictionaryAttr to set properties`).report()
      return false
    }
    const bad = name.isRegistered ? (name.def?.propertyConversionFailure?.(props.entries) ?? null) : null
    if (bad !== null) {
      this.emitErrorAt(
        state.location,
        `invalid properties ${attrString(props)} for op ${name.name}: Invalid attribute \`${bad.name}\` in property conversion: ${attrString(bad.value)}`,
      ).report()
      return false
    }
    for (const e of props.entries) {
      // A registered op reads only its own properties; other names are dropped, as in MLIR.
      if (!name.isRegistered || inherent.has(e.name)) {
        state.properties.push(e)
      }
    }
    return true
  }

  /** The slot of `opNameCache` for the name spelled at `start..end` of the source. */
  private opNameSlot(start: number, end: number): number {
    // The length and the characters at the end, where names of one dialect differ
    // (`arith.addi`, `arith.andi`, `arith.maximumf`): a few characters rather than all, as
    // this runs for every op, mostly before the parser is optimized.
    const src = this.src
    const len = end - start
    let h = len
    h = (h * 31 + src.charCodeAt(end - 1)) | 0
    if (len >= 6) {
      h = (h * 31 + src.charCodeAt(end - 2)) | 0
      h = (h * 31 + src.charCodeAt(end - 3)) | 0
      h = (h * 31 + src.charCodeAt(end - 4)) | 0
      h = (h * 31 + src.charCodeAt(end - 6)) | 0
    }
    return (h ^ (h >>> 7)) & (OP_NAME_CACHE_SIZE - 1)
  }

  private parseCustomOperation(): Operation | null {
    const l = this.lex
    const opOffset = l.start
    // Two slots per spelling, so that two names that hash alike both stay.
    const slot = this.opNameSlot(l.start, l.end)
    const other = slot ^ 1
    const cache = this.opNameCache
    const len = l.end - l.start
    for (let s = slot; ; s = other) {
      const cached = cache[s]!
      if (cached !== null) {
        const spelling = cached.spelling
        const dialect = cached.defaultDialect
        if (spelling.length === len && this.src.startsWith(spelling, l.start) && (dialect === null || dialect === this.defaultDialect)) {
          this.consume()
          return this.parseCustomOperationNamed(cached.name, opOffset, spelling)
        }
      }
      if (s === other) {
        break
      }
    }
    return this.parseUncachedCustomOperation(slot, opOffset)
  }

  /**
   * `parseCustomOperation` of a name not in the cache (the first ops of each name, and
   * the errors): out of line, so that the optimized code of the hot path stays small.
   */
  private parseUncachedCustomOperation(slot: number, opOffset: number): Operation | null {
    const l = this.lex
    const other = slot ^ 1
    const cache = this.opNameCache
    const originalName = l.spelling
    this.consume()
    const ctx = this.context
    let opName = ctx.getOperationName(originalName)
    let fullName = originalName
    // The dialect a short spelling was resolved in; null when the name is spelled in full.
    let defaultDialect: string | null = null
    if (!opName.isRegistered && originalName.indexOf('.') < 0) {
      defaultDialect = this.defaultDialect
      fullName = `${defaultDialect}.${originalName}`
      ctx.getOrLoadDialect(defaultDialect)
      opName = ctx.getOperationName(fullName)
    }
    if (opName.isRegistered && opName.def?.parse !== undefined) {
      // A short spelling is cached with its default dialect: op names always have a
      // dialect, so the short one itself never becomes registered.
      cache[cache[slot] === null ? slot : other] = new CachedOpName(originalName, defaultDialect, opName)
    }
    const def: OpDefinition | null = opName.def
    if (def === null || def.parse === undefined) {
      const dot = fullName.indexOf('.')
      const ns = dot < 0 ? '' : fullName.slice(0, dot)
      const tried = originalName !== fullName ? ` (tried '${fullName}' as well)` : ''
      if (ctx.getOrLoadDialect(ns) === undefined && ns !== 'builtin') {
        const d = this.emitErrorAt(opOffset, `Dialect \`${ns}' not found for custom op '${originalName}' ${tried}`)
        d.attachNote(
          `Registered dialects: ${ctx.registeredDialectNames.join(', ')} ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management`,
        )
        d.report()
        return null
      }
      this.emitErrorAt(opOffset, `custom op '${originalName}' is unknown${tried}`).report()
      return null
    }
    return this.parseCustomOperationNamed(opName, opOffset, originalName)
  }

  /**
   * Parses the rest of a custom-form op named `opName` (which has a parse hook), whose name
   * was spelled `originalName` at `opOffset`.
   */
  private parseCustomOperationNamed(opName: OperationName, opOffset: number, originalName: string = opName.name): Operation | null {
    const def = opName.def!
    const slot = this.acquireState(opOffset, opName)
    const state = slot.state
    // What the hook reads of its op. They are not restored when it returns (the next op
    // sets its own; only a hook reads them), except the default dialect, which the next
    // op's name is resolved in: a region the hook parses restores them all for the rest
    // of the hook (see `parseRegionInto`).
    const savedDialect = this.defaultDialect
    this.customOpErrorName = opName.name
    this.customOpNameOffset = opOffset
    this.customOpIsolated = (opName.traits & Trait.IsolatedFromAbove) !== 0
    this.defaultDialect = def.defaultDialect ?? ''
    const errorsBefore = this.hadError
    const ok = def.parse!(this, state)
    this.defaultDialect = savedDialect
    this.customOpErrorName = ''
    if (!ok || (this.hadError && !errorsBefore)) {
      if (!this.hadError) {
        this.emitErrorAt(opOffset, `custom op '${originalName}' failed to parse`).report()
      }
      return null
    }
    if (state.propDict !== null && !this.setProperties(state, state.propDict)) {
      return null
    }
    const op = Operation.create(state)
    this.releaseState(slot)
    const loc = this.parseTrailingLocation()
    if (loc === undefined) {
      return null
    }
    if (loc !== null) {
      op.location = loc
    }
    return op
  }

  /** `^bb` successor reference. */
  private parseSuccessorImpl(): Block | null {
    const l = this.lex
    if (l.kind !== Tok.caretIdentifier) {
      return this.wrongToken('expected block name')
    }
    const b = this.getBlockNamed(l.spelling, l.start)
    this.consume()
    return b
  }

  /**
   * A trailing `loc(...)`: null when absent, undefined after an error. An alias that
   * is not defined yet yields a marker resolved at the end of the parse.
   */
  parseTrailingLocation(): Location | null | undefined {
    const l = this.lex
    if (!l.is('loc')) {
      return null
    }
    this.consume()
    if (!this.expect(Tok.lParen, "expected '(' in location")) {
      return undefined
    }
    let loc: Location | null
    if (l.kind === Tok.hashIdentifier && !this.tokenContains(46)) {
      loc = this.parseLocationAlias()
    } else {
      loc = this.parseLocationInstance()
    }
    if (loc === null) {
      return undefined
    }
    if (!this.expect(Tok.rParen, "expected ')' in location")) {
      return undefined
    }
    return loc
  }

  /** True when the current token's text contains the character `code`. */
  private tokenContains(code: number): boolean {
    const src = this.src
    for (let p = this.lex.start; p < this.lex.end; p++) {
      if (src.charCodeAt(p) === code) {
        return true
      }
    }
    return false
  }

  private parseLocationAlias(): Location | null {
    const l = this.lex
    const offset = l.start
    const name = this.src.slice(l.start + 1, l.end)
    // The nesting at the alias, before the next token (maybe a closing bracket) is lexed.
    const depth = l.depth
    this.consume()
    const attr = this.attributeAliases.get(name)
    if (attr !== undefined) {
      if (!(attr instanceof Location)) {
        this.emitErrorAt(offset, `expected location, but found '${attrString(attr)}'`).report()
        return null
      }
      this.noteAliasNesting(name, depth)
      return attr
    }
    const info = new DeferredLoc(offset, name, depth)
    this.deferredLocs.push(info)
    return OpaqueLoc.get(UnknownLoc.get(this.context), info)
  }

  // ---- Top level ----------------------------------------------------------------------

  /** Parses the whole buffer into `block`; returns success. */
  parseTopLevel(block: Block): boolean {
    const l = this.lex
    this.blockScopes.push(new BlockScope())
    for (;;) {
      switch (l.kind) {
        case Tok.eof:
          return this.finalize(block)
        case Tok.error:
          return false
        case Tok.hashIdentifier:
          if (!this.parseAttributeAliasDef()) {
            return false
          }
          break
        case Tok.exclamationIdentifier:
          if (!this.parseTypeAliasDef()) {
            return false
          }
          break
        case Tok.fileMetadataBegin:
          if (!this.parseFileMetadata()) {
            return false
          }
          break
        default:
          if (!this.parseOperation(block)) {
            return false
          }
      }
    }
  }

  private parseAttributeAliasDef(): boolean {
    const l = this.lex
    const name = this.src.slice(l.start + 1, l.end)
    if (this.attributeAliases.has(name)) {
      this.errorHere(`redefinition of attribute alias id '${name}'`)
      return false
    }
    if (name.includes('.')) {
      this.errorHere("attribute names with a '.' are reserved for dialect-defined names")
      return false
    }
    // How deeply the value nests, with the aliases it uses, is counted at each use of this one.
    const base = l.depth
    l.beginNestingMeasure()
    this.consume()
    const attr = this.expect(Tok.equal, "expected '=' in attribute alias definition") ? this.parseAttributeImpl() : null
    const nesting = l.endNestingMeasure() - base
    if (attr === null) {
      return false
    }
    this.attributeAliases.set(name, attr)
    if (nesting > 0) {
      this.attributeAliasNesting.set(name, nesting)
    }
    return true
  }

  private parseTypeAliasDef(): boolean {
    const l = this.lex
    const name = this.src.slice(l.start + 1, l.end)
    if (this.typeAliases.has(name)) {
      this.errorHere(`redefinition of type alias id '${name}'`)
      return false
    }
    if (name.includes('.')) {
      this.errorHere("type names with a '.' are reserved for dialect-defined names")
      return false
    }
    // How deeply the value nests, with the aliases it uses, is counted at each use of this one.
    const base = l.depth
    l.beginNestingMeasure()
    this.consume()
    const t = this.expect(Tok.equal, "expected '=' in type alias definition") ? this.parseTypeImpl() : null
    const nesting = l.endNestingMeasure() - base
    if (t === null) {
      return false
    }
    this.typeAliases.set(name, t)
    if (nesting > 0) {
      this.typeAliasNesting.set(name, nesting)
    }
    return true
  }

  private parseFileMetadata(): boolean {
    this.consume()
    return this.parseCommaSeparatedListUntil(Tok.fileMetadataEnd, () => {
      const l = this.lex
      const keyOffset = l.start
      if (l.kind !== Tok.bareIdentifier) {
        this.errorHere('expected identifier key in file metadata dictionary')
        return false
      }
      const key = l.spelling
      this.consume()
      if (!this.expect(Tok.colon, "expected ':'")) {
        return false
      }
      let target: Map<string, Map<string, Attribute>>
      if (key === 'dialect_resources') {
        target = this.resources.dialectResources
      }
      else if (key === 'external_resources') {
        target = this.resources.externalResources
      }
      else {
        this.emitErrorAt(keyOffset, `unknown key '${key}' in file metadata dictionary`).report()
        return false
      }
      if (!this.expect(Tok.lBrace, "expected '{'")) {
        return false
      }
      return this.parseCommaSeparatedListUntil(Tok.rBrace, () => {
        if (l.kind !== Tok.bareIdentifier && l.kind !== Tok.inttype) {
          this.errorHere("expected identifier key for 'resource' entry")
          return false
        }
        const group = l.spelling
        if (target === this.resources.dialectResources && this.context.getOrLoadDialect(group) === undefined) {
          this.errorHere(`dialect '${group}' is unknown`)
          return false
        }
        this.consume()
        if (!this.expect(Tok.colon, "expected ':'") || !this.expect(Tok.lBrace, "expected '{'")) {
          return false
        }
        let entries = target.get(group)
        if (entries === undefined) {
          entries = new Map()
          target.set(group, entries)
        }
        const map = entries
        return this.parseCommaSeparatedListUntil(Tok.rBrace, () => {
          let name: string
          if (l.kind === Tok.string) {
            name = this.stringValue()
          }
          else if (l.kind === Tok.bareIdentifier || l.kind === Tok.inttype) {
            name = l.spelling
          }
          else {
            this.errorHere("expected identifier key for 'resource' entry")
            return false
          }
          this.consume()
          if (!this.expect(Tok.colon, "expected ':'")) {
            return false
          }
          const v = this.parseResourceValue(name)
          if (v === null) {
            return false
          }
          map.set(name, v)
          return true
        })
      })
    })
  }

  /** A resource entry value: `true`/`false`, a string, or a hex blob string `"0x..."` (kept as a string). */
  private parseResourceValue(key: string): Attribute | null {
    const l = this.lex
    if (l.is('true') || l.is('false')) {
      const v = BoolAttr.get(this.context, l.is('true'))
      this.consume()
      return v
    }
    if (l.kind !== Tok.string) {
      return this.errorHere(`expected string value for key '${key}'`)
    }
    const text = this.stringValue()
    if (text.startsWith('0x') && /^0x[0-9a-fA-F]*$/.test(text) && text.length < 10) {
      return this.errorHere(`expected hex string blob for key '${key}' to encode alignment in first 4 bytes`)
    }
    this.consume()
    return StringAttr.get(this.context, text)
  }

  /** Diagnoses undefined forward references and resolves deferred location aliases. */
  private finalize(topBlock: Block): boolean {
    if (this.blockScopes.length > 0) {
      const top = this.blockScopes[0] ?? null
      if (top !== null && top.forwardRefs.size > 0) {
        const offsets = [...top.forwardRefs.values()].sort((a, b) => a - b)
        for (const off of offsets) {
          this.emitErrorAt(off, 'reference to an undefined block').report()
        }
        return false
      }
    }
    if (this.forwardRefPlaceholders.size > 0) {
      const offsets = [...this.forwardRefPlaceholders.values()].sort((a, b) => a - b)
      for (const off of offsets) {
        this.emitErrorAt(off, 'use of undeclared SSA value name').report()
      }
      return false
    }
    if (this.deferredLocs.length > 0) {
      let ok = true
      const resolve = (loc: Location): Location | null => {
        if (!(loc instanceof OpaqueLoc) || !(loc.payload instanceof DeferredLoc)) {
          return loc
        }
        const info = loc.payload
        const attr = this.attributeAliases.get(info.name)
        if (attr === undefined) {
          this.emitErrorAt(info.offset, 'operation location alias was never defined').report()
          return null
        }
        this.noteAliasNesting(info.name, info.depth)
        if (!(attr instanceof Location)) {
          this.emitErrorAt(info.offset, `expected location, but found '${attrString(attr)}'`).report()
          return null
        }
        return attr
      }
      const stack: Block[] = [topBlock]
      while (ok && stack.length > 0) {
        const b = stack.pop()!
        for (const a of b.arguments) {
          const r = resolve(a.location)
          if (r === null) {
            ok = false
            break
          }
          a.location = r
        }
        for (let op = b.firstOp; ok && op !== null; op = op.nextOp) {
          const r = resolve(op.location)
          if (r === null) {
            ok = false
            break
          }
          op.location = r
          for (const region of op.regions) {
            for (let blk = region.firstBlock; blk !== null; blk = blk.nextBlock) {
              stack.push(blk)
            }
          }
        }
      }
      if (!ok) {
        return false
      }
    }
    return true
  }

  // ---- OpAsmParser ----------------------------------------------------------------------

  getNameLoc(): Location {
    return this.locAt(this.customOpNameOffset)
  }
  getNumResults(): number {
    const bindings = this.bindings
    const base = this.customOpBindingBase
    let n = 0
    for (let g = 0; g < this.customOpBindingCount; g++) {
      n += bindings[base + g * BINDING_SIZE + 2]!
    }
    return n
  }
  getResultName(index: number): [string, number] {
    const bindings = this.bindings
    const base = this.customOpBindingBase
    let i = index
    for (let g = 0; g < this.customOpBindingCount; g++) {
      const at = base + g * BINDING_SIZE
      const count = bindings[at + 2]!
      if (i < count) {
        return [this.src.slice(bindings[at]! + 1, bindings[at + 1]), i]
      }
      i -= count
    }
    return ['', -1]
  }
  getCurrentLocation(): Location {
    return this.locAt(this.lex.start)
  }
  getCurrentOffset(): number {
    return this.lex.start
  }
  getLocationAt(offset: number): Location {
    return this.locAt(offset)
  }
  emitError(loc: Location, message: string): InFlightDiagnostic {
    this.hadError = true
    const name = this.customOpErrorName
    const d = this.context.emitError(loc, name === '' ? message : `custom op '${name}' ${message}`)
    if (this.lex.kind === Tok.error) {
      d.abandon()
    }
    return d
  }

  parseKeyword(keyword: string, msg = ''): LogicalResult {
    const at = this.lex.start
    if (this.consumeKeyword(keyword)) {
      return true
    }
    this.emitError(this.locAt(at), `expected '${keyword}'${msg}`).report()
    return false
  }
  parseOptionalKeyword(keyword: string): boolean {
    return this.consumeKeyword(keyword)
  }
  private isKeywordToken(): boolean {
    const k = this.lex.kind
    return k === Tok.bareIdentifier || k === Tok.inttype
  }
  parseKeywordOrUndefined(): string | undefined {
    if (!this.isKeywordToken()) {
      this.emitError(this.locAt(this.lex.start), 'expected valid keyword').report()
      return undefined
    }
    const s = this.spelling
    this.consume()
    return s
  }
  parseOptionalKeywordAny(): string | undefined {
    if (!this.isKeywordToken()) {
      return undefined
    }
    const s = this.spelling
    this.consume()
    return s
  }
  parseOptionalKeywordOneOf(allowed: readonly string[]): string | undefined {
    if (!this.isKeywordToken()) {
      return undefined
    }
    // An indexed loop: a for-of makes an iterator per call while the code is cold.
    for (let i = 0; i < allowed.length; i++) {
      const a = allowed[i]!
      if (this.lex.is(a) || (this.lex.kind === Tok.inttype && this.spelling === a)) {
        this.consume()
        return a
      }
    }
    return undefined
  }
  parseString(): string | undefined {
    const s = this.parseOptionalString()
    if (s === undefined) {
      this.emitError(this.locAt(this.lex.start), 'expected string').report()
    }
    return s
  }
  parseOptionalString(): string | undefined {
    if (this.lex.kind !== Tok.string) {
      return undefined
    }
    const s = this.stringValue()
    this.consume()
    return s
  }
  parseInteger(): bigint | undefined {
    const at = this.lex.start
    const v = this.parseOptionalIntegerImpl()
    if (v === null) {
      return undefined
    }
    if (v === undefined) {
      this.emitError(this.locAt(at), 'expected integer value').report()
      return undefined
    }
    return v
  }
  parseOptionalInteger(): bigint | undefined {
    const v = this.parseOptionalIntegerImpl()
    return v === null ? undefined : v
  }
  private parseOptionalIntegerImpl(): bigint | null | undefined {
    const l = this.lex
    const negative = l.kind === Tok.minus
    if (negative) {
      // Only commit to the minus when an integer follows.
      const save = l.start
      const saveDepth = l.depth
      this.consume()
      if (l.kind !== Tok.integer) {
        // The token after the minus (maybe a bracket) is lexed again.
        l.resetPointer(save, saveDepth)
        this.consume()
        return undefined
      }
    } else if (l.kind !== Tok.integer) {
      return undefined
    }
    const v = this.parseIntegerSpelling(l.start, l.end)
    if (v === null) {
      this.errorHere('integer value too large')
      return null
    }
    this.consume()
    return negative ? -v : v
  }

  parseColon(): LogicalResult {
    return this.expect(Tok.colon, "expected ':'")
  }
  parseOptionalColon(): boolean {
    return this.consumeIf(Tok.colon)
  }
  parseComma(): LogicalResult {
    return this.expect(Tok.comma, "expected ','")
  }
  parseOptionalComma(): boolean {
    return this.consumeIf(Tok.comma)
  }
  parseEqual(): LogicalResult {
    return this.expect(Tok.equal, "expected '='")
  }
  parseOptionalEqual(): boolean {
    return this.consumeIf(Tok.equal)
  }
  parseArrow(): LogicalResult {
    return this.expect(Tok.arrow, "expected '->'")
  }
  parseOptionalArrow(): boolean {
    return this.consumeIf(Tok.arrow)
  }
  parseLParen(): LogicalResult {
    return this.expect(Tok.lParen, "expected '('")
  }
  parseOptionalLParen(): boolean {
    return this.consumeIf(Tok.lParen)
  }
  parseRParen(): LogicalResult {
    return this.expect(Tok.rParen, "expected ')'")
  }
  parseOptionalRParen(): boolean {
    return this.consumeIf(Tok.rParen)
  }
  parseLSquare(): LogicalResult {
    return this.expect(Tok.lSquare, "expected '['")
  }
  parseOptionalLSquare(): boolean {
    return this.consumeIf(Tok.lSquare)
  }
  parseRSquare(): LogicalResult {
    return this.expect(Tok.rSquare, "expected ']'")
  }
  parseOptionalRSquare(): boolean {
    return this.consumeIf(Tok.rSquare)
  }
  parseLBrace(): LogicalResult {
    return this.expect(Tok.lBrace, "expected '{'")
  }
  parseOptionalLBrace(): boolean {
    return this.consumeIf(Tok.lBrace)
  }
  parseRBrace(): LogicalResult {
    return this.expect(Tok.rBrace, "expected '}'")
  }
  parseOptionalRBrace(): boolean {
    return this.consumeIf(Tok.rBrace)
  }
  parseLess(): LogicalResult {
    return this.expect(Tok.less, "expected '<'")
  }
  parseOptionalLess(): boolean {
    return this.consumeIf(Tok.less)
  }
  parseGreater(): LogicalResult {
    return this.expect(Tok.greater, "expected '>'")
  }
  parseOptionalGreater(): boolean {
    return this.consumeIf(Tok.greater)
  }
  parseOptionalQuestion(): boolean {
    return this.consumeIf(Tok.question)
  }
  parseOptionalStar(): boolean {
    return this.consumeIf(Tok.star)
  }
  parseOptionalVerticalBar(): boolean {
    return this.consumeIf(Tok.verticalBar)
  }
  parseOptionalEllipsis(): boolean {
    return this.consumeIf(Tok.ellipsis)
  }
  parseOptionalPlus(): boolean {
    return this.consumeIf(Tok.plus)
  }

  parseDimensionList(dims: number[], allowDynamic: boolean, withTrailingX: boolean): LogicalResult {
    return this.parseDimensionListImpl(dims, allowDynamic, withTrailingX)
  }
  parseType(): Type | undefined {
    return this.parseTypeImpl() ?? undefined
  }
  parseOptionalType(): Type | undefined {
    return this.parseOptionalTypeImpl() ?? undefined
  }
  parseColonType(): Type | undefined {
    if (!this.parseColon()) {
      return undefined
    }
    return this.parseTypeImpl() ?? undefined
  }
  parseColonTypeList(): Type[] | undefined {
    if (!this.parseColon()) {
      return undefined
    }
    return this.parseTypeList()
  }
  parseTypeList(): Type[] | undefined {
    const out: Type[] = []
    return this.parseTypeListNoParens(out) ? out : undefined
  }
  parseArrowTypeList(): Type[] | undefined {
    if (!this.parseArrow()) {
      return undefined
    }
    return this.parseFunctionResultTypesImpl() ?? undefined
  }
  parseOptionalArrowTypeList(): Type[] | undefined {
    if (!this.consumeIf(Tok.arrow)) {
      return []
    }
    return this.parseFunctionResultTypesImpl() ?? undefined
  }
  parseFunctionResultTypes(): Type[] | undefined {
    return this.parseFunctionResultTypesImpl() ?? undefined
  }
  parseAttribute(type?: Type): Attribute | undefined {
    return this.parseAttributeImpl(type) ?? undefined
  }
  parseOptionalAttribute(type?: Type): Attribute | undefined {
    return this.parseOptionalAttributeImpl(type) ?? undefined
  }
  parseOptionalAttrDict(attrs: NamedAttribute[]): LogicalResult {
    if (this.lex.kind !== Tok.lBrace) {
      return true
    }
    return this.parseAttributeDict(attrs)
  }
  parseOptionalAttrDictWithKeyword(attrs: NamedAttribute[]): LogicalResult {
    if (!this.consumeKeyword('attributes')) {
      return true
    }
    return this.parseAttributeDict(attrs)
  }
  parseSymbolName(): string | undefined {
    const s = this.parseOptionalSymbolName()
    if (s === undefined) {
      this.emitError(this.locAt(this.lex.start), "expected valid '@'-identifier for symbol name").report()
    }
    return s
  }
  parseOptionalSymbolName(): string | undefined {
    if (this.lex.kind !== Tok.atIdentifier) {
      return undefined
    }
    const s = this.symbolName()
    this.consume()
    return s
  }
  parseOptionalLocationSpecifier(): Location | null | undefined {
    return this.parseTrailingLocation()
  }

  parseOperand(): UnresolvedOperand | undefined {
    return this.parseSSAUse(true) ?? undefined
  }
  parseAffineMapOfSSAIds(parseElement: (isSymbol: boolean) => boolean, delimiter: 'square' | 'paren' = 'square'): AffineMap | undefined {
    return parseAffineMapOfSSAIds(this, parseElement, delimiter) ?? undefined
  }
  parseAffineExprOfSSAIds(parseElement: (isSymbol: boolean) => boolean): AffineExpr | undefined {
    return parseAffineExprOfSSAIds(this, parseElement) ?? undefined
  }
  parseAffineMap(): AffineMap | undefined {
    const r = parseAffineMapOrSetBody(this)
    if (r === null) {
      return undefined
    }
    if (r.map === null) {
      this.errorHere('expected AffineMap, but got integer set')
      return undefined
    }
    return r.map
  }
  parseOptionalOperand(): UnresolvedOperand | null | undefined {
    if (this.lex.kind !== Tok.percentIdentifier) {
      return null
    }
    return this.parseSSAUse(true) ?? undefined
  }
  parseDelimitedCommaList(delimiter: 'paren' | 'square', parseElt: () => boolean, contextMessage: string): LogicalResult {
    return delimiter === 'paren'
      ? this.parseCommaSeparatedList(Tok.lParen, Tok.rParen, contextMessage, parseElt)
      : this.parseCommaSeparatedList(Tok.lSquare, Tok.rSquare, contextMessage, parseElt)
  }
  parseOperandList(delimiter: Delimiter = 'none', requiredCount = -1, allowResultNumber = true): UnresolvedOperand[] | undefined {
    const out: UnresolvedOperand[] = []
    const startOffset = this.lex.start
    let close: Tok = Tok.eof
    switch (delimiter) {
      case 'paren':
      case 'optionalParen':
        close = Tok.rParen
        break
      case 'square':
      case 'optionalSquare':
        close = Tok.rSquare
        break
      case 'lessgreater':
      case 'optionalLessGreater':
        close = Tok.greater
        break
      case 'braces':
      case 'optionalBraces':
        close = Tok.rBrace
        break
      default:
        break
    }
    if (close !== Tok.eof) {
      const open = close === Tok.rParen ? Tok.lParen : close === Tok.rSquare ? Tok.lSquare : close === Tok.greater ? Tok.less : Tok.lBrace
      const optional = delimiter.startsWith('optional')
      if (!this.consumeIf(open)) {
        if (optional) {
          return out
        }
        this.wrongToken(`expected '${open === Tok.lParen ? '(' : open === Tok.lSquare ? '[' : open === Tok.less ? '<' : '{'}'`)
        return undefined
      }
    }
    if (this.lex.kind === Tok.percentIdentifier) {
      do {
        const u = this.parseSSAUse(allowResultNumber)
        if (u === null) {
          return undefined
        }
        out.push(u)
      } while (this.consumeIf(Tok.comma))
    }
    if (close !== Tok.eof && !this.expect(close, `expected ')' in operand list`)) {
      return undefined
    }
    if (requiredCount >= 0 && out.length !== requiredCount) {
      this.emitError(this.locAt(startOffset), `expected ${requiredCount} operands`).report()
      return undefined
    }
    return out
  }
  resolveOperand(operand: UnresolvedOperand, type: Type, result: Value[]): LogicalResult {
    const v = this.resolveSSAUse(operand, type)
    if (v === null) {
      return false
    }
    result.push(v)
    return true
  }
  resolveOperands(operands: readonly UnresolvedOperand[], types: readonly Type[] | Type, loc: Location, result: Value[]): LogicalResult {
    if (Array.isArray(types)) {
      const ts = types as readonly Type[]
      if (ts.length !== operands.length) {
        this.emitError(loc, `number of operands and types do not match: got ${operands.length} operands and ${ts.length} types`).report()
        return false
      }
      for (let i = 0; i < operands.length; i++) {
        if (!this.resolveOperand(operands[i]!, ts[i]!, result)) {
          return false
        }
      }
      return true
    }
    for (let i = 0; i < operands.length; i++) {
      if (!this.resolveOperand(operands[i]!, types as Type, result)) {
        return false
      }
    }
    return true
  }

  parseArgument(allowType: boolean, allowAttrs: boolean): OpAsmArgument | undefined {
    const use = this.parseSSAUse(false)
    if (use === null) {
      return undefined
    }
    let type: Type | null = null
    if (allowType) {
      if (!this.parseColon()) {
        return undefined
      }
      type = this.parseTypeImpl()
      if (type === null) {
        return undefined
      }
    }
    let attrs: NamedAttribute[] | null = null
    if (allowAttrs && this.lex.kind === Tok.lBrace) {
      attrs = []
      if (!this.parseAttributeDict(attrs)) {
        return undefined
      }
    }
    const loc = this.parseTrailingLocation()
    if (loc === undefined) {
      return undefined
    }
    return { ssaName: use, type, attrs, sourceLoc: loc }
  }
  parseOptionalArgument(allowType: boolean, allowAttrs: boolean): OpAsmArgument | null | undefined {
    if (this.lex.kind !== Tok.percentIdentifier) {
      return null
    }
    return this.parseArgument(allowType, allowAttrs)
  }
  parseAssignmentList(args: OpAsmArgument[], operands: UnresolvedOperand[]): LogicalResult {
    if (!this.parseLParen()) {
      return false
    }
    if (this.parseOptionalRParen()) {
      return true
    }
    do {
      const a = this.parseArgument(false, false)
      if (a === undefined || !this.parseEqual()) {
        return false
      }
      const o = this.parseOperand()
      if (o === undefined) {
        return false
      }
      args.push(a)
      operands.push(o)
    } while (this.parseOptionalComma())
    return this.parseRParen()
  }
  parseArgumentList(delimiter: Delimiter, allowType: boolean, allowAttrs: boolean): OpAsmArgument[] | undefined {
    const out: OpAsmArgument[] = []
    let open: Tok = Tok.eof
    let close: Tok = Tok.eof
    if (delimiter === 'paren' || delimiter === 'optionalParen') {
      open = Tok.lParen
      close = Tok.rParen
    } else if (delimiter === 'square' || delimiter === 'optionalSquare') {
      open = Tok.lSquare
      close = Tok.rSquare
    } else if (delimiter === 'lessgreater' || delimiter === 'optionalLessGreater') {
      open = Tok.less
      close = Tok.greater
    } else if (delimiter === 'braces' || delimiter === 'optionalBraces') {
      open = Tok.lBrace
      close = Tok.rBrace
    }
    if (open !== Tok.eof) {
      if (!this.consumeIf(open)) {
        if (delimiter.startsWith('optional')) {
          return out
        }
        // MLIR's parseCommaSeparatedList names the delimiter and the context.
        this.wrongToken(`expected '${kDelimiterSpelling.get(open)}' in argument list`)
        return undefined
      }
      if (this.consumeIf(close)) {
        return out
      }
    } else if (this.lex.kind !== Tok.percentIdentifier) {
      return out
    }
    do {
      const a = this.parseArgument(allowType, allowAttrs)
      if (a === undefined) {
        return undefined
      }
      out.push(a)
    } while (this.consumeIf(Tok.comma))
    if (close !== Tok.eof && !this.expect(close, `expected '${kDelimiterSpelling.get(close)}' in argument list`)) {
      return undefined
    }
    return out
  }

  parseRegion(region: Region, entryArgs: readonly OpAsmArgument[] = [], _enableNameShadowing = false): LogicalResult {
    for (let i = 0; i < entryArgs.length; i++) {
      const a = entryArgs[i]!
      if (a.type === null && a.ssaName.name !== '') {
        this.errorHere('region argument is missing a type')
        return false
      }
    }
    return this.parseRegionInto(region, entryArgs, this.customOpIsolated)
  }
  parseOptionalRegion(region: Region, entryArgs: readonly OpAsmArgument[] = [], enableNameShadowing = false): LogicalResult | null {
    if (this.lex.kind !== Tok.lBrace) {
      return null
    }
    return this.parseRegion(region, entryArgs, enableNameShadowing)
  }
  parseSuccessor(): Block | undefined {
    return this.parseSuccessorImpl() ?? undefined
  }
  parseOptionalSuccessor(): Block | null | undefined {
    if (this.lex.kind !== Tok.caretIdentifier) {
      return null
    }
    return this.parseSuccessorImpl() ?? undefined
  }
  parseSuccessorAndUseList(operands: Value[]): Block | undefined {
    const b = this.parseSuccessorImpl()
    if (b === null) {
      return undefined
    }
    if (!this.consumeIf(Tok.lParen)) {
      return b
    }
    const uses: ParsedOperand[] = []
    if (!this.parseOptionalSSAUseList(uses)) {
      return undefined
    }
    if (uses.length > 0) {
      if (!this.expect(Tok.colon, "expected ':' in operand list")) {
        return undefined
      }
      const types: Type[] = []
      if (!this.parseTypeListNoParens(types)) {
        return undefined
      }
      if (types.length !== uses.length) {
        this.errorHere(`expected ${uses.length} types to match operand list`)
        return undefined
      }
      for (let i = 0; i < uses.length; i++) {
        const v = this.resolveSSAUse(uses[i]!, types[i]!)
        if (v === null) {
          return undefined
        }
        operands.push(v)
      }
    }
    if (!this.parseRParen()) {
      return undefined
    }
    return b
  }
}

function quoteType(t: Type): string {
  return `'${typeToString(t)}'`
}

function attrString(a: Attribute): string {
  return attrToString(a)
}

/** The spelling of each argument-list delimiter token, for diagnostics. */
const kDelimiterSpelling: ReadonlyMap<Tok, string> = new Map([
  [Tok.lParen, '('],
  [Tok.rParen, ')'],
  [Tok.lSquare, '['],
  [Tok.rSquare, ']'],
  [Tok.less, '<'],
  [Tok.greater, '>'],
  [Tok.lBrace, '{'],
  [Tok.rBrace, '}'],
])
