import { Buffer } from 'node:buffer'
import { AffineBinaryOpExpr, AffineConstantExpr, type AffineDimExpr, AffineExprKind, type AffineSymbolExpr, type AffineExpr, type AffineMap, type IntegerSet } from '../AffineMap.ts'
import {
  AffineMapAttr,
  ArrayAttr,
  type Attribute,
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  DenseResourceElementsAttr,
  DenseStringElementsAttr,
  DialectAttr,
  DictionaryAttr,
  DistinctAttr,
  FloatAttr,
  IntegerAttr,
  IntegerSetAttr,
  OpaqueAttr,
  StridedLayoutAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
  type NamedAttribute,
} from '../Attributes.ts'
import type { Block } from '../Block.ts'
import type { Context } from '../Context.ts'
import { CallSiteLoc, DialectLoc, FileLineColLoc, FusedLoc, Location, NameLoc, OpaqueLoc, UnknownLoc } from '../Location.ts'
import type { Operation } from '../Operation.ts'
import { Trait, type OperationName } from '../OperationName.ts'
import type { OpAsmPrinter } from '../OpAsm.ts'
import type { Region } from '../Region.ts'
import {
  ComplexType,
  isDialectType,
  FloatType,
  FunctionType,
  IndexType,
  IntegerType,
  Signedness,
  kDynamic,
  MemRefType,
  NoneType,
  OpaqueType,
  RankedTensorType,
  type ShapedType,
  TupleType,
  type Type,
  UnrankedMemRefType,
  UnrankedTensorType,
  VectorType,
} from '../Types.ts'
import type { BlockArgument, Value } from '../Value.ts'
import { AliasCollector, typedAttrType, type SymbolAlias } from './AliasState.ts'
import { SparseElementsAttr } from '../SparseElements.ts'
import { formatFloatWithBits } from '../FloatFormats.ts'
import type { AsmPrinterOptions, FileResources } from './AsmPrinterOptions.ts'
import { floatBits, formatFloatValue, roundToKind } from './FloatFormat.ts'
import { MAX_PRINTED_STRING_LENGTH, PrintLimitError } from './limits.ts'
import { SSANameState, type BlockInfo } from './SSANameState.ts'
import { dialectSymbol, escapeString, keywordOrString, quoteString, symbolReference } from './text.ts'

/** How the type of an attribute may be elided when printing it. */
/** Slots of the printer's cache of custom-form op names (a power of two). */
const CUSTOM_NAME_SLOTS = 256

/**
 * Slots of the printer's caches of printed types and attributes (a power of two; each slot
 * takes three entries: the type or attribute, how its type is elided, and its text).
 */
const TEXT_SLOTS = 256

/** The name printed for a value when nothing was numbered. */
const UNKNOWN_SSA_VALUE = '<<UNKNOWN SSA VALUE>>'

const Elide = { Never: 0, May: 1, Must: 2 } as const
type Elide = (typeof Elide)[keyof typeof Elide]

/** Pending text is handed on (to the sink, or into a chunk) once this many characters are pending. */
const CHUNK_CHARS = 1 << 16
/** The byte buffer of a printer starts this small (most print one attribute or type) and grows to twice CHUNK_CHARS. */
const INITIAL_BYTES = 256
/**
 * Text at least this long is kept as it is, a string of its own, rather than copied into
 * the byte buffer; so is text that is not ASCII.
 */
const LONG_TEXT = 64
/** `mark` returns the number of pending strings times this plus the byte position. */
const MARK_SCALE = 2 ** 32
/** Pending strings are handed to a sink one by one rather than joined past this many characters. */
const MAX_JOINED_CHARS = 1 << 26

/** @internal Resolved printing flags. */
export class PrintFlags {
  readonly generic: boolean
  readonly debugInfo: boolean
  readonly pretty: boolean
  readonly localScope: boolean
  readonly elideLimit: number
  readonly hexLimit: number
  readonly skipRegions: boolean
  readonly uniqueSSAIDs: boolean
  readonly valueUsers: boolean
  readonly nameLocAsPrefix: boolean
  constructor(o: AsmPrinterOptions, generic: boolean) {
    this.generic = generic
    this.debugInfo = o.printDebugInfo === true
    this.pretty = o.prettyDebugInfo === true
    this.localScope = o.printLocalScope === true
    this.elideLimit = o.elideElementsAttrsIfLarger ?? -1
    this.hexLimit = o.printElementsAttrsWithHexIfLarger ?? 100
    this.skipRegions = o.skipRegions === true
    this.uniqueSSAIDs = o.printUniqueSSAIDs === true
    this.valueUsers = o.printValueUsers === true
    this.nameLocAsPrefix = o.useNameLocAsPrefix === true
  }
}

/** Dimension `i` of `shape` (`?` when dynamic), exact from `exact` when given. */
function shapeDim(shape: readonly number[], exact: readonly bigint[] | null, i: number): string {
  const d = shape[i]!
  return d === kDynamic ? '?' : exact !== null ? String(exact[i]) : String(d)
}

/**
 * The textual printer (MLIR's `OperationPrinter`): prints attributes, types,
 * locations and operations into a buffer that is flushed in chunks to a sink. It is
 * also the `OpAsmPrinter` that custom `print` hooks receive.
 */
export class AsmPrinterImpl implements OpAsmPrinter {
  readonly context: Context
  /**
   * The pending output: the strings of `pending` (long or non-ASCII text, and the bytes
   * before each such string), then `pos` ASCII bytes of `out`. Most text is short ASCII
   * (names, punctuation, types), which is copied into `out` and becomes one string per
   * chunk: cheaper than keeping and joining thousands of small strings.
   */
  private out: Buffer = Buffer.allocUnsafe(INITIAL_BYTES)
  private pos = 0
  private readonly pending: string[] = []
  /** Characters in `pending`. */
  private pendingChars = 0
  /** Marks taken and not yet given back (see `mark`): while any is, nothing is handed on. */
  private openMarks = 0
  /** Joined chunks not handed to a sink. */
  private readonly chunks: string[] = []
  /** Characters in `chunks`. */
  private chunkChars = 0
  private indent = 0
  /** The default dialect of the region being printed (ops print their names without its prefix). */
  private defaultDialect = 'builtin'
  private readonly aliases: Map<Attribute | Type, string> = new Map()
  /** Whether `aliases` has any entry (a field: `size` is a call per printed type and attribute until the code is optimized). */
  private anyAlias = false
  private aliasList: SymbolAlias[] = []
  private readonly distinctIDs: Map<DistinctAttr, number> = new Map()
  private names: SSANameState | null = null
  private aliasesReady = false
  /** The root that `initNames` found to print no alias, or null. */
  private aliasFreeRoot: Operation | null = null
  /**
   * Printed names of ops in custom form, each in the slot of its name's `id` modulo the
   * size, as `[name, default dialect it was printed under, text]`: no map lookup per
   * printed op.
   */
  private readonly customNames: (OperationName | string | null)[] = new Array<OperationName | string | null>(3 * CUSTOM_NAME_SLOTS).fill(null)
  /**
   * Types (and attributes) printed recently, each in the slot of its `id` modulo
   * TEXT_SLOTS, as `[symbol, elide, text]`: a module prints the same few types and
   * constants over and over, and their text is kept the second time one is printed (text
   * null: printed once). Made on first use (many printers print one attribute); dropped
   * when the aliases are chosen.
   */
  private typeTexts: (Type | number | string | null)[] | null = null
  private attrTexts: (Attribute | number | string | null)[] | null = null
  /** Quoted names of ops in generic form. */
  private readonly genericNames: Map<OperationName, string> = new Map()
  /** Keys of the `dense_resource` blobs printed so far, in first-use order. */
  private readonly referencedBlobs: Set<string> = new Set()
  /** Flags of `flags` read for every op, kept here: one property load each rather than two. */
  private readonly generic: boolean
  private readonly debugInfo: boolean
  private readonly valueUsers: boolean
  private readonly skipRegions: boolean

  constructor(
    context: Context,
    readonly flags: PrintFlags,
    private readonly sink: ((chunk: string) => void) | null,
  ) {
    this.context = context
    this.generic = flags.generic
    this.debugInfo = flags.debugInfo
    this.valueUsers = flags.valueUsers
    this.skipRegions = flags.skipRegions
  }

  /** Takes the printed text (everything not yet handed to the sink). */
  take(): string {
    this.openMarks = 0
    this.handOn()
    // Concatenating makes a rope over the chunks rather than a copy of them: with a large
    // output, a joined copy beside the chunks doubles the memory it takes, and whoever
    // writes the text out flattens it once more anyway.
    const chunks = this.chunks
    let s = ''
    for (let i = 0; i < chunks.length; i++) {
      s += chunks[i]!
    }
    chunks.length = 0
    this.chunkChars = 0
    return s
  }

  /**
   * @internal The current position in the pending text, for `takeFrom`; until then nothing
   * is handed on. Marks nest: each is given back by one `takeFrom`, the last taken first.
   */
  mark(): number {
    this.openMarks++
    return this.pending.length * MARK_SCALE + this.pos
  }

  /** @internal Removes and returns the text printed since `mark` (no sink involved). */
  takeFrom(mark: number): string {
    if (this.openMarks > 0) {
      this.openMarks--
    }
    const pending = this.pending
    const index = Math.floor(mark / MARK_SCALE)
    const at = mark - index * MARK_SCALE
    if (pending.length === index) {
      const s = this.out.toString('latin1', at, this.pos)
      this.pos = at
      return s
    }
    // Strings were added since the mark: the first of them is the bytes up to that point,
    // whose first `at` were printed before the mark and go back into the buffer.
    const first = pending[index]!
    let s = first.slice(at)
    for (let i = index + 1; i < pending.length; i++) {
      s += pending[i]!
    }
    s += this.out.toString('latin1', 0, this.pos)
    for (let i = index; i < pending.length; i++) {
      this.pendingChars -= pending[i]!.length
    }
    pending.length = index
    this.pos = this.out.write(first.slice(0, at), 0, 'latin1')
    return s
  }

  /**
   * Appends `text` to the pending output. Short ASCII text that fits is copied into the
   * buffer here, byte by byte (the printer's most frequent call: one call per piece).
   */
  print(text: string): void {
    const n = text.length
    let pos = this.pos
    const out = this.out
    if (n < LONG_TEXT && pos + n <= out.length) {
      for (let i = 0; i < n; i++) {
        const c = text.charCodeAt(i)
        if (c >= 0x80) {
          this.pos = pos
          this.addString(text.slice(i))
          return
        }
        out[pos++] = c
      }
      this.pos = pos
      return
    }
    this.printSlow(text)
  }

  /** `print` of text that is long or does not fit in the buffer. */
  private printSlow(text: string): void {
    if (text.length >= LONG_TEXT) {
      this.addString(text)
      return
    }
    this.reserve(text.length)
    this.print(text)
  }

  /** Appends the current indentation. */
  private pushIndent(): void {
    // One string of spaces from the table, copied by `print`: it is among the first
    // functions optimized, while this one would store the spaces one by one, unoptimized,
    // in a short run.
    const n = this.indent
    this.print(INDENTS[n] ?? indentString(n))
  }

  /** Makes room for `n` more bytes: grows the buffer up to its full size, then hands the text on (unless a mark is open). */
  private reserve(n: number): void {
    const out = this.out
    if (this.pos + n <= out.length) {
      return
    }
    if (out.length >= 2 * CHUNK_CHARS && this.openMarks === 0) {
      this.handOn()
      if (n <= out.length) {
        return
      }
    }
    const grown = Buffer.allocUnsafe(Math.max(2 * out.length, this.pos + n, INITIAL_BYTES))
    out.copy(grown, 0, 0, this.pos)
    this.out = grown
  }

  /** Appends `text` as a string of its own, after the bytes pending so far. */
  private addString(text: string): void {
    const pending = this.pending
    // With a mark open the bytes go in even when there are none (see `takeFrom`).
    if (this.pos > 0 || this.openMarks > 0) {
      pending.push(this.out.toString('latin1', 0, this.pos))
      this.pendingChars += this.pos
      this.pos = 0
    }
    pending.push(text)
    this.pendingChars += text.length
  }

  /** Hands all pending text on: to the sink when there is one, else into `chunks`. */
  private handOn(): void {
    const pending = this.pending
    if (pending.length === 0) {
      if (this.pos !== 0) {
        const s = this.out.toString('latin1', 0, this.pos)
        this.pos = 0
        this.deliver(s)
      }
      return
    }
    if (this.pos !== 0) {
      pending.push(this.out.toString('latin1', 0, this.pos))
      this.pendingChars += this.pos
      this.pos = 0
    }
    if (this.pendingChars <= MAX_JOINED_CHARS) {
      const s = pending.length === 1 ? pending[0]! : pending.join('')
      pending.length = 0
      this.pendingChars = 0
      this.deliver(s)
      return
    }
    // A single op printed more text than a chunk should hold: its pieces go one by one.
    const all = pending.slice()
    pending.length = 0
    this.pendingChars = 0
    for (let i = 0; i < all.length; i++) {
      this.deliver(all[i]!)
    }
  }

  /** Hands `s` to the sink, or keeps it as a chunk of the string `take` returns. */
  private deliver(s: string): void {
    if (s.length === 0) {
      return
    }
    if (this.sink !== null) {
      this.sink(s)
      return
    }
    this.chunkChars += s.length
    if (this.chunkChars > MAX_PRINTED_STRING_LENGTH) {
      throw this.tooLong()
    }
    this.chunks.push(s)
  }

  private tooLong(): PrintLimitError {
    this.pending.length = 0
    this.pendingChars = 0
    this.pos = 0
    this.chunks.length = 0
    this.chunkChars = 0
    return new PrintLimitError(`cannot print into a string: the text would be longer than the limit of ${MAX_PRINTED_STRING_LENGTH} characters`)
  }

  /** Hands the pending text on when it is large (between ops, with no mark open). */
  private maybeFlush(): void {
    if (this.pos + this.pendingChars >= CHUNK_CHARS && this.openMarks === 0) {
      this.handOn()
    }
  }

  /** Hands all pending text to the sink. */
  flush(): void {
    this.handOn()
  }

  // ---- setup ------------------------------------------------------------------------

  /**
   * @internal Numbers the values of everything nested in `root`. With `useVisitMarks` (a
   * print that ends with `dispose`), the numbering may keep numbers in the ops' visit marks.
   */
  initNames(root: Operation, useVisitMarks = false, probeAliases = false): void {
    // The walk that numbers also tells, without debug info (locations), whether `root`
    // prints any alias: most modules print none, and `initAliases(root)` then needs no
    // walk of its own.
    const probe = probeAliases && !this.flags.debugInfo ? new AliasCollector(this.context, this.flags.generic, false, true) : null
    this.names = new SSANameState(
      root,
      {
        generic: this.flags.generic,
        valueUsers: this.flags.valueUsers,
        // mlir-opt never reuses value numbers across regions in the generic form.
        uniqueSSAIDs: this.flags.uniqueSSAIDs || this.flags.generic,
        nameLocAsPrefix: this.flags.nameLocAsPrefix,
      },
      useVisitMarks,
      probe,
    )
    this.aliasFreeRoot = probe !== null && !probe.foundAlias ? root : null
  }

  /** @internal The indentation of the root's regions, counted while numbering (0 before `initNames`). */
  get namedIndentation(): number {
    return this.names === null ? 0 : this.names.indentation
  }

  /** @internal Ends a print started with `initNames(root, true)`: gives back the visit marks. */
  dispose(): void {
    this.names?.dispose()
  }

  /** @internal Chooses the aliases of everything `op` prints. */
  initAliases(op: Operation): void {
    this.aliasesReady = true
    this.typeTexts = null
    this.attrTexts = null
    if (op === this.aliasFreeRoot) {
      return
    }
    const collector = new AliasCollector(this.context, this.flags.generic, this.flags.debugInfo, this.flags.skipRegions)
    this.aliasList = collector.collect(op)
    for (const a of this.aliasList) {
      this.aliases.set(a.symbol, a.name)
    }
    this.anyAlias = this.aliases.size !== 0
  }

  /** @internal Prints `op` as the top-level operation: aliases, op, deferred aliases. */
  printTopLevel(op: Operation, resources: FileResources | undefined, resourceLimit: number): void {
    this.printAliasDefs(false)
    this.printFullOpWithIndentAndLoc(op)
    this.print('\n')
    this.printAliasDefs(true)
    if (resources !== undefined) {
      this.printFileMetadata(resources, resourceLimit)
    }
  }

  /**
   * Prints the `{-# dialect_resources: ..., external_resources: ... #-}` dictionary:
   * builtin blobs referenced by the printed IR, other dialects' and external entries
   * as parsed. Entries longer than `limit` characters (when >= 0) are left out.
   */
  private printFileMetadata(resources: FileResources, limit: number): void {
    const p = { push: (text: string): void => this.print(text) }
    let sawMetadata = false
    let hadSection = false
    const printSection = (section: string, groups: [string, [string, Attribute][]][], needComma: boolean): void => {
      let hadGroup = false
      for (const [group, entries] of groups) {
        let hadEntry = false
        for (const [key, value] of entries) {
          if (!sawMetadata) {
            sawMetadata = true
            p.push('\n{-#\n')
          }
          const text = resourceValueText(value)
          if (limit >= 0 && text.length > limit) {
            continue
          }
          if (!hadSection) {
            hadSection = true
            if (needComma) {
              p.push(',\n')
            }
            p.push('  ' + section + '_resources: {\n')
          }
          if (!hadEntry) {
            hadEntry = true
            if (hadGroup) {
              p.push(',\n')
            }
            p.push('    ' + group + ': {\n')
          } else {
            p.push(',\n')
          }
          p.push('      ' + key + ': ' + text)
        }
        if (hadEntry) {
          hadGroup = true
          p.push('\n    }')
        }
      }
    }
    const dialectGroups: [string, [string, Attribute][]][] = []
    const builtin = resources.dialectResources.get('builtin')
    if (builtin !== undefined) {
      const used: [string, Attribute][] = []
      for (const key of this.referencedBlobs) {
        const v = builtin.get(key)
        if (v !== undefined) {
          used.push([key, v])
        }
      }
      dialectGroups.push(['builtin', used])
    }
    for (const [group, entries] of resources.dialectResources) {
      if (group !== 'builtin') {
        dialectGroups.push([group, [...entries]])
      }
    }
    printSection('dialect', dialectGroups, false)
    const hadDialect = hadSection
    if (hadSection) {
      p.push('\n  }')
    }
    hadSection = false
    const externalGroups: [string, [string, Attribute][]][] = []
    for (const [group, entries] of resources.externalResources) {
      externalGroups.push([group, [...entries]])
    }
    printSection('external', externalGroups, hadDialect)
    if (hadSection) {
      p.push('\n  }')
    }
    if (sawMetadata) {
      p.push('\n#-}\n')
    }
  }

  private printAliasDefs(deferred: boolean): void {
    for (const a of this.aliasList) {
      if (a.canBeDeferred !== deferred) {
        continue
      }
      this.print(a.name + ' = ')
      if (a.isType) {
        this.printTypeImpl(a.symbol)
      } else {
        this.printAttributeImpl(a.symbol, Elide.Never)
      }
      this.print('\n')
    }
  }

  // ---- raw output -------------------------------------------------------------------

  printNewline(): void {
    this.print('\n')
    this.pushIndent()
  }
  increaseIndent(): void {
    this.indent += 2
  }
  decreaseIndent(): void {
    this.indent -= 2
  }

  // ---- types ------------------------------------------------------------------------

  printType(type: Type): void {
    // Most modules have no alias: no lookup per printed type then.
    if (this.anyAlias) {
      const alias = this.aliases.get(type)
      if (alias !== undefined) {
        this.print(alias)
        return
      }
    }
    const cache = this.typeTexts ?? (this.typeTexts = newTextCache())
    const at = 3 * (type.id & (TEXT_SLOTS - 1))
    if (cache[at] !== type) {
      cache[at] = type
      cache[at + 2] = null
      this.printTypeImpl(type)
      return
    }
    const text = cache[at + 2] as string | null
    if (text !== null) {
      this.print(text)
      return
    }
    const start = this.mark()
    this.printTypeImpl(type)
    this.keepText(cache, at, type, -1, this.takeFrom(start))
  }

  /**
   * Prints `text`, the text of `symbol` printed with `elide` (-1 for a type), and keeps it in
   * slot `at` of `cache` (again: printing it may have used the slot for a nested one).
   */
  private keepText(cache: unknown[], at: number, symbol: Type | Attribute, elide: number, text: string): void {
    // Text that spans lines would depend on the indentation it was printed at.
    if (text.indexOf('\n') < 0) {
      cache[at] = symbol
      cache[at + 1] = elide
      cache[at + 2] = text
    }
    this.print(text)
  }

  printTypes(types: Iterable<Type>): void {
    if (Array.isArray(types)) {
      // An indexed loop: a for-of makes an iterator per list while the code is cold.
      const list = types as readonly Type[]
      for (let i = 0; i < list.length; i++) {
        if (i > 0) {
          this.print(', ')
        }
        this.printType(list[i]!)
      }
      return
    }
    let first = true
    for (const t of types) {
      if (!first) {
        this.print(', ')
      }
      first = false
      this.printType(t)
    }
  }

  private printIntegerType(type: IntegerType): void {
    const width = type.width
    if (type.signedness === Signedness.Signless && width < SIGNLESS_SPELLINGS) {
      this.print(signlessSpellings[width] ?? signlessSpelling(width))
    } else {
      this.print((type.isSigned ? 'si' : type.isUnsigned ? 'ui' : 'i') + width)
    }
  }

  private printFunctionType(type: FunctionType): void {
    this.print('(')
    this.printTypes(type.inputs)
    this.print(') -> ')
    const results = type.results
    if (results.length === 1 && results[0]!.constructor !== FunctionType) {
      this.printType(results[0]!)
    } else {
      this.print('(')
      this.printTypes(results)
      this.print(')')
    }
  }

  /** Prints a type without considering its alias. */
  printTypeImpl(type: Type): void {
    // The commonest types are recognized by their constructor (see `printAttributeImpl`);
    // neither class has subclasses, so the chain below never sees them.
    const ctor = type.constructor
    if (ctor === IntegerType) {
      this.printIntegerType(type as IntegerType)
      return
    }
    if (ctor === FunctionType) {
      this.printFunctionType(type as FunctionType)
      return
    }
    if (type instanceof FloatType) {
      this.print(type.kind)
    } else if (type instanceof IndexType) {
      this.print('index')
    } else if (type instanceof VectorType) {
      this.print('vector<')
      const shape = type.shape
      for (let i = 0; i < shape.length; i++) {
        const d = shapeDim(shape, type.exactShape, i)
        this.print(type.scalableDims[i] === true ? '[' + d + ']x' : d + 'x')
      }
      this.printType(type.elementType)
      this.print('>')
    } else if (type instanceof RankedTensorType) {
      this.print('tensor<')
      for (let i = 0; i < type.shape.length; i++) {
        this.print(shapeDim(type.shape, type.exactShape, i) + 'x')
      }
      this.printType(type.elementType)
      if (type.encoding !== null) {
        this.print(', ')
        this.printAttribute(type.encoding)
      }
      this.print('>')
    } else if (type instanceof UnrankedTensorType) {
      this.print('tensor<*x')
      this.printType(type.elementType)
      this.print('>')
    } else if (type instanceof MemRefType) {
      this.print('memref<')
      for (let i = 0; i < type.shape.length; i++) {
        this.print(shapeDim(type.shape, type.exactShape, i) + 'x')
      }
      this.printType(type.elementType)
      const layout = type.layout
      if (layout !== null && !(layout instanceof AffineMapAttr && layout.value.isIdentity)) {
        this.print(', ')
        this.printAttributeWithElision(layout, Elide.May)
      }
      if (type.memorySpace !== null) {
        this.print(', ')
        this.printAttributeWithElision(type.memorySpace, Elide.May)
      }
      this.print('>')
    } else if (type instanceof UnrankedMemRefType) {
      this.print('memref<*x')
      this.printType(type.elementType)
      if (type.memorySpace !== null) {
        this.print(', ')
        this.printAttributeWithElision(type.memorySpace, Elide.May)
      }
      this.print('>')
    } else if (type instanceof ComplexType) {
      this.print('complex<')
      this.printType(type.elementType)
      this.print('>')
    } else if (type instanceof TupleType) {
      this.print('tuple<')
      this.printTypes(type.types)
      this.print('>')
    } else if (type instanceof NoneType) {
      this.print('none')
    } else if (type instanceof OpaqueType) {
      this.print(dialectSymbol('!', type.dialectNamespace, type.typeData))
    } else if (isDialectType(type)) {
      const def = this.context.getLoadedDialect(type.dialectNamespace)?.def
      const start = this.mark()
      if (def?.printType) {
        def.printType(type, this)
      } else {
        this.print('<<unprintable type>>')
      }
      const body = this.takeFrom(start)
      this.print(dialectSymbol('!', type.dialectNamespace, body))
    } else {
      this.print('<<NULL TYPE>>')
    }
  }

  // ---- attributes -------------------------------------------------------------------

  printAttribute(attr: Attribute): void {
    this.printAttributeWithElision(attr, Elide.Never)
  }

  printAttributeWithoutType(attr: Attribute): void {
    this.printAttributeWithElision(attr, Elide.Must)
  }

  printAlias(attr: Attribute): boolean {
    const alias = this.aliases.get(attr)
    if (alias === undefined) {
      return false
    }
    this.print(alias)
    return true
  }

  private printAttributeWithElision(attr: Attribute, elide: Elide): void {
    // Most modules have no alias: no lookup per printed attribute then.
    if (this.anyAlias) {
      const alias = this.aliases.get(attr)
      if (alias !== undefined) {
        this.print(alias)
        return
      }
    }
    // As `printType`: the text of an attribute printed twice with the same elision is kept.
    const cache = this.attrTexts ?? (this.attrTexts = newTextCache())
    const at = 3 * (attr.id & (TEXT_SLOTS - 1))
    if (cache[at] !== attr || cache[at + 1] !== elide) {
      cache[at] = attr
      cache[at + 1] = elide
      cache[at + 2] = null
      this.printAttributeImpl(attr, elide)
      return
    }
    const text = cache[at + 2] as string | null
    if (text !== null) {
      this.print(text)
      return
    }
    const start = this.mark()
    this.printAttributeImpl(attr, elide)
    this.keepText(cache, at, attr, elide, this.takeFrom(start))
  }

  /** Prints an attribute without considering its alias. */
  printAttributeImpl(attr: Attribute, elide: Elide): void {
    // Until this code is optimized, each `instanceof` below costs a few hundred instructions
    // (V8 looks `Symbol.hasInstance` up on the class every time), and a symbol reference
    // would pass more than a dozen of them: the classes without subclasses that ops print
    // most often (callees, names, types) are recognized by their constructor first, and
    // only here: the chain below never sees them.
    const ctor = attr.constructor
    if (ctor === SymbolRefAttr) {
      this.printSymbolRef(attr as SymbolRefAttr)
      return
    }
    if (ctor === StringAttr) {
      this.print(quoteString((attr as StringAttr).value))
      const t = (attr as StringAttr).type
      if (elide !== Elide.Must && t !== null && t.constructor !== NoneType) {
        this.print(' : ')
        this.printType(t)
      }
      return
    }
    if (ctor === TypeAttr) {
      this.printType((attr as TypeAttr).value)
      return
    }
    // Integers first: most printed attributes are constants' values.
    if (attr instanceof IntegerAttr) {
      const t = attr.type
      const signless = t instanceof IntegerType && t.signedness === Signedness.Signless
      if (signless && t.width === 1) {
        this.print(attr.value !== 0n ? 'true' : 'false')
        return
      }
      this.print(attr.value.toString())
      if (elide === Elide.Must || (elide === Elide.May && signless && t.width === 64) || t instanceof NoneType) {
        return
      }
      this.print(' : ')
      this.printType(t)
      return
    }
    if (attr instanceof DialectAttr || attr instanceof DialectLoc) {
      const def = this.context.getLoadedDialect(attr.dialectNamespace)?.def
      const start = this.mark()
      if (def?.printAttribute) {
        def.printAttribute(attr, this)
      } else {
        this.print('<<unprintable attribute>>')
      }
      const body = this.takeFrom(start)
      this.print(dialectSymbol('#', attr.dialectNamespace, body))
    } else if (attr instanceof OpaqueAttr) {
      this.print(dialectSymbol('#', attr.dialectNamespace, attr.attrData))
    } else if (attr instanceof UnitAttr) {
      this.print('unit')
      return
    } else if (attr instanceof DistinctAttr) {
      let id = this.distinctIDs.get(attr)
      if (id === undefined) {
        id = this.distinctIDs.size
        this.distinctIDs.set(attr, id)
      }
      this.print('distinct[' + id + ']<')
      if (!(attr.referencedAttr instanceof UnitAttr)) {
        this.printAttribute(attr.referencedAttr)
      }
      this.print('>')
      return
    } else if (attr instanceof DictionaryAttr) {
      this.print('{')
      const es = attr.entries
      for (let i = 0; i < es.length; i++) {
        if (i > 0) {
          this.print(', ')
        }
        this.printNamedAttribute(es[i]!)
      }
      this.print('}')
    } else if (attr instanceof FloatAttr) {
      const t = attr.type
      const text = formatFloatWithBits(t instanceof FloatType ? t.kind : 'f64', attr.value, attr.nanBits)
      this.print(text)
      // A hex literal without its type would read back as an integer, so f64 keeps it then.
      if (elide === Elide.May && t instanceof FloatType && t.kind === 'f64' && !text.startsWith('0x')) {
        return
      }
    } else if (attr instanceof ArrayAttr) {
      this.print('[')
      const es = attr.elements
      for (let i = 0; i < es.length; i++) {
        if (i > 0) {
          this.print(', ')
        }
        this.printAttributeWithElision(es[i]!, Elide.May)
      }
      this.print(']')
    } else if (attr instanceof AffineMapAttr) {
      this.print('affine_map<')
      this.printAffineMap(attr.value)
      this.print('>')
      return
    } else if (attr instanceof IntegerSetAttr) {
      this.print('affine_set<')
      this.printIntegerSet(attr.value)
      this.print('>')
      return
    } else if (attr instanceof DenseIntOrFPElementsAttr) {
      // Equal values with different NaN bit patterns are not a splat.
      const splat = isSplatValues(attr.isSplat, attr.values, attr.type.elementType instanceof ComplexType ? 2 : 1) && (attr.isSplat || attr.nanBits === null)
      if (this.shouldElide(attr.type, splat)) {
        this.print('dense_resource<__elided__>')
      } else {
        this.print('dense<')
        this.printDenseIntOrFP(attr)
        this.print('>')
      }
    } else if (attr instanceof DenseStringElementsAttr) {
      if (this.shouldElide(attr.type, isSplatValues(attr.isSplat, attr.values, 1))) {
        this.print('dense_resource<__elided__>')
      } else {
        this.print('dense<')
        const vals = attr.values
        this.printDenseElements(isSplatValues(attr.isSplat, attr.values, 1), attr.type, (i) => {
          this.print(quoteString(vals[i]!))
        })
        this.print('>')
      }
    } else if (attr instanceof SparseElementsAttr) {
      this.printSparseElements(attr)
    } else if (attr instanceof DenseResourceElementsAttr) {
      this.print('dense_resource<' + attr.resourceKey + '>')
      this.referencedBlobs.add(attr.resourceKey)
    } else if (attr instanceof StridedLayoutAttr) {
      this.print('strided<[')
      const s = attr.strides
      for (let i = 0; i < s.length; i++) {
        this.print((i > 0 ? ', ' : '') + shapeDim(s, attr.exactStrides, i))
      }
      this.print(']')
      if (attr.offset !== 0) {
        this.print(', offset: ' + (attr.offset === kDynamic ? '?' : String(attr.exactOffset ?? attr.offset)))
      }
      this.print('>')
    } else if (attr instanceof DenseArrayAttr) {
      this.print('array<')
      this.printType(attr.elementType)
      const vals = attr.values
      if (vals.length > 0) {
        this.print(': ')
        const et = attr.elementType
        for (let i = 0; i < vals.length; i++) {
          if (i > 0) {
            this.print(', ')
          }
          const v = vals[i]!
          if (et instanceof FloatType) {
            this.print(formatFloatValue(Number(v), et.kind))
          } else if (et instanceof IntegerType && et.width === 1) {
            this.print(BigInt(v) !== 0n ? 'true' : 'false')
          } else {
            this.print(String(v))
          }
        }
      }
      this.print('>')
      return
    } else if (attr instanceof Location) {
      this.printLocation(attr, false)
    } else {
      this.print('<<UNKNOWN ATTRIBUTE>>')
    }
    if (elide !== Elide.Must) {
      const t = typedAttrType(attr)
      if (t !== null && !(t instanceof NoneType)) {
        this.print(' : ')
        this.printType(t)
      }
    }
  }

  private printSymbolRef(attr: SymbolRefAttr): void {
    this.print(symbolReference(attr.rootReference))
    const nested = attr.nestedReferences
    for (let i = 0; i < nested.length; i++) {
      this.print('::' + symbolReference(nested[i]!))
    }
  }

  private printNamedAttribute(a: NamedAttribute): void {
    this.print(keywordOrString(a.name))
    if (a.value instanceof UnitAttr) {
      return
    }
    this.print(' = ')
    this.printAttribute(a.value)
  }

  private shouldElide(type: ShapedType, isSplat: boolean): boolean {
    const limit = this.flags.elideLimit
    return limit >= 0 && limit < type.numElements && !isSplat
  }

  private printDenseElements(isSplat: boolean, type: ShapedType, printElt: (i: number) => void): void {
    if (isSplat) {
      printElt(0)
      return
    }
    const n = type.numElements
    if (n === 0) {
      return
    }
    const shape = type.shape ?? []
    const rank = shape.length
    const counter = new Array<number>(rank).fill(0)
    let open = 0
    for (let idx = 0; idx < n; idx++) {
      if (idx !== 0) {
        this.print(', ')
      }
      while (open < rank) {
        this.print('[')
        open++
      }
      printElt(idx)
      if (rank > 0) {
        counter[rank - 1]!++
        for (let i = rank - 1; i > 0; i--) {
          if (counter[i]! >= shape[i]!) {
            counter[i] = 0
            counter[i - 1]!++
            open--
            this.print(']')
          }
        }
      }
    }
    while (open-- > 0) {
      this.print(']')
    }
  }

  /** `sparse<indices, values>` (the type is printed by the caller), or the elided form. */
  private printSparseElements(attr: SparseElementsAttr): void {
    const indices = attr.indices
    const values = attr.values
    const stride = values.type.elementType instanceof ComplexType ? 2 : 1
    const valuesSplat =
      values instanceof DenseIntOrFPElementsAttr
        ? isSplatValues(values.isSplat, values.values, stride) && (values.isSplat || values.nanBits === null)
        : values instanceof DenseStringElementsAttr
          ? isSplatValues(values.isSplat, values.values, stride)
          : values.isSplat
    if (this.shouldElide(indices.type, isSplatValues(indices.isSplat, indices.values, 1)) || this.shouldElide(values.type, valuesSplat)) {
      this.print('dense_resource<__elided__>')
      return
    }
    this.print('sparse<')
    if (indices.type.numElements !== 0) {
      this.printDenseIntOrFP(indices, false)
      this.print(', ')
      if (values instanceof DenseIntOrFPElementsAttr) {
        this.printDenseIntOrFP(values)
      } else if (values instanceof DenseStringElementsAttr) {
        const vals = values.values
        this.printDenseElements(isSplatValues(values.isSplat, vals, 1), values.type, (i) => {
          this.print(quoteString(vals[i]!))
        })
      }
    }
    this.print('>')
  }

  private printDenseIntOrFP(attr: DenseIntOrFPElementsAttr, allowHex = true): void {
    const type = attr.type
    const et = type.elementType
    const n = type.numElements
    const hexLimit = this.flags.hexLimit
    const vals = attr.values
    const nanBits = attr.nanBits
    const splat = isSplatValues(attr.isSplat, vals, et instanceof ComplexType ? 2 : 1) && (attr.isSplat || nanBits === null)
    if (allowHex && !splat && hexLimit !== -1 && n > hexLimit) {
      this.print('"0x' + denseHex(attr) + '"')
      return
    }
    if (et instanceof ComplexType) {
      const ct = et.elementType
      this.printDenseElements(splat, type, (i) => {
        this.print('(' + this.denseScalarAt(attr, 2 * i, ct) + ',' + this.denseScalarAt(attr, 2 * i + 1, ct) + ')')
      })
      return
    }
    this.printDenseElements(splat, type, (i) => {
      this.print(this.denseScalarAt(attr, i, et))
    })
  }

  private denseScalarAt(attr: DenseIntOrFPElementsAttr, i: number, et: Type): string {
    const bits = attr.nanBits?.get(i)
    if (bits !== undefined) {
      return et instanceof FloatType ? formatFloatWithBits(et.kind, 0, bits) : '0x' + bits.toString(16).toUpperCase()
    }
    return this.denseScalar(attr.values[i]!, et)
  }

  private denseScalar(v: bigint | number, et: Type): string {
    if (et instanceof FloatType) {
      return formatFloatValue(Number(v), et.kind)
    }
    if (et instanceof IntegerType && et.width === 1) {
      return BigInt(v) !== 0n ? 'true' : 'false'
    }
    return String(v)
  }

  // ---- locations --------------------------------------------------------------------

  /** Prints `loc(...)` (or the pretty form), using an alias when allowed. */
  printLocation(loc: Location, allowAlias: boolean): void {
    if (this.flags.pretty) {
      this.printLocationInternal(loc, true, true)
      return
    }
    this.print('loc(')
    const alias = allowAlias ? this.aliases.get(loc) : undefined
    if (alias !== undefined) {
      this.print(alias)
    } else {
      this.printLocationInternal(loc, false, true)
    }
    this.print(')')
  }

  private printTrailingLocation(loc: Location, allowAlias: boolean): void {
    if (!this.debugInfo) {
      return
    }
    this.print(' ')
    this.printLocation(loc, allowAlias)
  }

  private printLocationInternal(loc: Location, pretty: boolean, isTopLevel: boolean): void {
    if (!isTopLevel) {
      const alias = this.aliases.get(loc)
      if (alias !== undefined) {
        this.print(alias)
        return
      }
    }
    if (loc instanceof OpaqueLoc) {
      this.printLocationInternal(loc.fallback, pretty, false)
    } else if (loc instanceof DialectLoc) {
      this.printAttributeImpl(loc, Elide.Must)
    } else if (loc instanceof UnknownLoc) {
      this.print(pretty ? '[unknown]' : 'unknown')
    } else if (loc instanceof FileLineColLoc) {
      this.print(pretty ? loc.filename : quoteString(loc.filename))
      this.print(':' + loc.line + ':' + loc.column)
      if (loc.isRange) {
        if (loc.endLine === loc.line) {
          this.print(' to :' + loc.endColumn)
        } else {
          this.print(' to ' + loc.endLine + ':' + loc.endColumn)
        }
      }
    } else if (loc instanceof NameLoc) {
      this.print(quoteString(loc.name))
      if (!(loc.childLoc instanceof UnknownLoc)) {
        this.print('(')
        this.printLocationInternal(loc.childLoc, pretty, false)
        this.print(')')
      }
    } else if (loc instanceof CallSiteLoc) {
      if (!pretty) {
        this.print('callsite(')
      }
      this.printLocationInternal(loc.callee, pretty, false)
      if (pretty) {
        this.print(loc.callee instanceof NameLoc && loc.caller instanceof FileLineColLoc ? ' at ' : '\n at ')
      } else {
        this.print(' at ')
      }
      this.printLocationInternal(loc.caller, pretty, false)
      if (!pretty) {
        this.print(')')
      }
    } else if (loc instanceof FusedLoc) {
      if (!pretty) {
        this.print('fused')
      }
      if (loc.metadata !== null) {
        this.print('<')
        this.printAttribute(loc.metadata)
        this.print('>')
      }
      this.print('[')
      const ls = loc.locations
      for (let i = 0; i < ls.length; i++) {
        if (i > 0) {
          this.print(', ')
        }
        this.printLocationInternal(ls[i]!, pretty, false)
      }
      this.print(']')
    } else {
      this.print('unknown')
    }
  }

  printOptionalLocationSpecifier(loc: Location): void {
    this.printTrailingLocation(loc, true)
  }

  // ---- affine -----------------------------------------------------------------------

  /** Prints `(d0, d1)[s0] -> (...)`. */
  printAffineMap(map: AffineMap): void {
    this.print('(')
    for (let i = 0; i < map.numDims; i++) {
      this.print((i > 0 ? ', d' : 'd') + i)
    }
    this.print(')')
    if (map.numSymbols !== 0) {
      this.print('[')
      for (let i = 0; i < map.numSymbols; i++) {
        this.print((i > 0 ? ', s' : 's') + i)
      }
      this.print(']')
    }
    this.print(' -> (')
    const rs = map.results
    for (let i = 0; i < rs.length; i++) {
      if (i > 0) {
        this.print(', ')
      }
      this.printAffineExpr(rs[i]!, false, null, null)
    }
    this.print(')')
  }

  /** Prints `(d0)[s0] : (d0 - s0 >= 0, d0 == 0)`. */
  printIntegerSet(set: IntegerSet): void {
    this.print('(')
    for (let i = 0; i < set.numDims; i++) {
      this.print((i > 0 ? ', d' : 'd') + i)
    }
    this.print(')')
    if (set.numSymbols !== 0) {
      this.print('[')
      for (let i = 0; i < set.numSymbols; i++) {
        this.print((i > 0 ? ', s' : 's') + i)
      }
      this.print(']')
    }
    this.print(' : (')
    const cs = set.constraints
    for (let i = 0; i < cs.length; i++) {
      if (i > 0) {
        this.print(', ')
      }
      this.printAffineExpr(cs[i]!, false, null, null)
      this.print(set.eqFlags[i] === true ? ' == 0' : ' >= 0')
    }
    this.print(')')
  }

  /**
   * Prints an affine expression; `strong` is true inside a tightly binding operator.
   * With `dims`/`syms`, identifiers print as SSA values (`%a`, `symbol(%b)`).
   */
  printAffineExpr(expr: AffineExpr, strong: boolean, dims: readonly Value[] | null, syms: readonly Value[] | null): void {
    switch (expr.kind) {
      case AffineExprKind.SymbolId: {
        const pos = (expr as AffineSymbolExpr).position
        if (syms !== null) {
          this.print('symbol(' + this.valueID(syms[pos]!, true) + ')')
        } else {
          this.print('s' + pos)
        }
        return
      }
      case AffineExprKind.DimId: {
        const pos = (expr as AffineDimExpr).position
        if (dims !== null) {
          this.print(this.valueID(dims[pos]!, true))
        } else {
          this.print('d' + pos)
        }
        return
      }
      case AffineExprKind.Constant:
        this.print(String((expr as AffineConstantExpr).exactValue ?? (expr as AffineConstantExpr).value))
        return
      default:
        break
    }
    const bin = expr as AffineBinaryOpExpr
    const lhs = bin.lhs
    const rhs = bin.rhs
    if (bin.kind !== AffineExprKind.Add) {
      if (strong) {
        this.print('(')
      }
      if (bin.kind === AffineExprKind.Mul && rhs instanceof AffineConstantExpr && rhs.value === -1) {
        this.print('-')
        this.printAffineExpr(lhs, true, dims, syms)
        if (strong) {
          this.print(')')
        }
        return
      }
      this.printAffineExpr(lhs, true, dims, syms)
      this.print(bin.kind === AffineExprKind.Mul ? ' * ' : bin.kind === AffineExprKind.FloorDiv ? ' floordiv ' : bin.kind === AffineExprKind.CeilDiv ? ' ceildiv ' : ' mod ')
      this.printAffineExpr(rhs, true, dims, syms)
      if (strong) {
        this.print(')')
      }
      return
    }
    if (strong) {
      this.print('(')
    }
    if (rhs instanceof AffineBinaryOpExpr && rhs.kind === AffineExprKind.Mul && rhs.rhs instanceof AffineConstantExpr) {
      const c = rhs.rhs.value
      if (c === -1) {
        this.printAffineExpr(lhs, false, dims, syms)
        this.print(' - ')
        this.printAffineExpr(rhs.lhs, rhs.lhs.kind === AffineExprKind.Add, dims, syms)
        if (strong) {
          this.print(')')
        }
        return
      }
      if (c < -1) {
        this.printAffineExpr(lhs, false, dims, syms)
        this.print(' - ')
        this.printAffineExpr(rhs.lhs, true, dims, syms)
        this.print(' * ' + String(rhs.rhs.exactValue === null ? -c : BigInt.asIntN(64, -rhs.rhs.exactValue)))
        if (strong) {
          this.print(')')
        }
        return
      }
    }
    if (rhs instanceof AffineConstantExpr && rhs.value < 0) {
      this.printAffineExpr(lhs, false, dims, syms)
      // Negated as an int64: the minimum stays negative, as MLIR prints it.
      this.print(' - ' + String(rhs.exactValue === null ? -rhs.value : BigInt.asIntN(64, -rhs.exactValue)))
      if (strong) {
        this.print(')')
      }
      return
    }
    this.printAffineExpr(lhs, false, dims, syms)
    this.print(' + ')
    this.printAffineExpr(rhs, false, dims, syms)
    if (strong) {
      this.print(')')
    }
  }

  printAffineMapOfSSAIds(map: AffineMap, operands: readonly Value[]): void {
    const dims = operands.slice(0, map.numDims)
    const syms = operands.slice(map.numDims)
    const rs = map.results
    for (let i = 0; i < rs.length; i++) {
      if (i > 0) {
        this.print(', ')
      }
      this.printAffineExpr(rs[i]!, false, dims, syms)
    }
  }

  printAffineExprOfSSAIds(expr: AffineExpr, dimOperands: readonly Value[], symOperands: readonly Value[]): void {
    this.printAffineExpr(expr, false, dimOperands, symOperands)
  }

  printFloat(value: number, type: Type): void {
    const kind = type instanceof FloatType ? type.kind : 'f64'
    this.print(formatFloatValue(roundToKind(value, kind), kind))
  }

  // ---- strings and symbols ----------------------------------------------------------

  printSymbolName(name: string): void {
    this.print(symbolReference(name))
  }
  printKeywordOrString(name: string): void {
    this.print(keywordOrString(name))
  }
  printString(value: string): void {
    this.print('"' + escapeString(value) + '"')
  }

  // ---- attribute dictionaries -------------------------------------------------------

  printOptionalAttrDict(attrs: readonly NamedAttribute[], elided?: readonly string[]): void {
    this.printAttrDict(attrs, elided, false)
  }
  printOptionalAttrDictWithKeyword(attrs: readonly NamedAttribute[], elided?: readonly string[]): void {
    this.printAttrDict(attrs, elided, true)
  }

  private printAttrDict(attrs: readonly NamedAttribute[], elided: readonly string[] | undefined, withKeyword: boolean): void {
    if (attrs.length === 0) {
      return
    }
    let any = false
    for (let i = 0; i < attrs.length; i++) {
      const a = attrs[i]!
      if (elided !== undefined && elided.includes(a.name)) {
        continue
      }
      if (!any) {
        this.print(withKeyword ? ' attributes {' : ' {')
        any = true
      } else {
        this.print(', ')
      }
      this.printNamedAttribute(a)
    }
    if (any) {
      this.print('}')
    }
  }

  // ---- values and blocks ------------------------------------------------------------

  /** @internal The printed name of `value` (`%0`, `%x#1`) in the numbered scope. */
  valueName(value: Value): string {
    return this.valueID(value, true)
  }

  /** @internal The printed name of `block` (`^bb1`). */
  blockLabel(block: Block): string {
    return this.blockName(block)
  }

  /** @internal True once aliases were chosen. */
  get hasAliases(): boolean {
    return this.aliasesReady
  }

  private valueID(value: Value, printResultNo: boolean): string {
    const names = this.names
    return names === null ? UNKNOWN_SSA_VALUE : names.valueID(value, printResultNo)
  }

  printOperand(value: Value): void {
    const names = this.names
    this.print(names === null ? UNKNOWN_SSA_VALUE : names.valueID(value, true))
  }
  getOperandText(value: Value): string {
    return this.valueID(value, true)
  }
  printOperands(values: Iterable<Value>): void {
    if (Array.isArray(values)) {
      const list = values as readonly Value[]
      for (let i = 0; i < list.length; i++) {
        if (i > 0) {
          this.print(', ')
        }
        this.print(this.valueID(list[i]!, true))
      }
      return
    }
    let first = true
    for (const v of values) {
      if (!first) {
        this.print(', ')
      }
      first = false
      this.print(this.valueID(v, true))
    }
  }

  private blockName(block: Block): string {
    return this.names === null ? 'INVALIDBLOCK' : this.names.blockInfo(block).name
  }

  printSuccessor(block: Block): void {
    this.print(this.blockName(block))
  }

  printSuccessorAndUseList(block: Block, operands: readonly Value[]): void {
    this.print(this.blockName(block))
    if (operands.length === 0) {
      return
    }
    this.print('(')
    this.printOperands(operands)
    this.print(' : ')
    for (let i = 0; i < operands.length; i++) {
      if (i > 0) {
        this.print(', ')
      }
      this.printType(operands[i]!.type)
    }
    this.print(')')
  }

  printFunctionalType(inputs: readonly Type[], results: readonly Type[]): void {
    this.print('(')
    this.printTypes(inputs)
    this.print(') -> ')
    this.printResultTypes(results)
  }

  private printResultTypes(results: readonly Type[]): void {
    const wrapped = results.length !== 1 || results[0] instanceof FunctionType
    if (wrapped) {
      this.print('(')
    }
    this.printTypes(results)
    if (wrapped) {
      this.print(')')
    }
  }

  printArrowTypeList(types: readonly Type[]): void {
    if (types.length === 0) {
      return
    }
    this.print(' -> ')
    this.printResultTypes(types)
  }

  printRegionArgument(arg: BlockArgument, attrs?: readonly NamedAttribute[], omitType?: boolean): void {
    this.print(this.valueID(arg, true))
    if (omitType !== true) {
      this.print(': ')
      this.printType(arg.type)
    }
    if (attrs !== undefined) {
      this.printOptionalAttrDict(attrs)
    }
    // Without debug info the location is not printed: asking for it would make it.
    if (this.debugInfo) {
      this.printTrailingLocation(arg.location, false)
    }
  }

  shadowRegionArgs(region: Region, names: readonly Value[]): void {
    this.names?.shadowRegionArgs(region, names)
  }

  // ---- operations -------------------------------------------------------------------

  /** Prints `op` with its results, indentation, trailing location and users comment. */
  printFullOpWithIndentAndLoc(op: Operation): void {
    if (this.indent > 0) {
      this.pushIndent()
    }
    this.printFullOpAndLoc(op)
  }

  /** `printFullOpWithIndentAndLoc` after the indentation. */
  private printFullOpAndLoc(op: Operation): void {
    this.printFullOp(op)
    // Without debug info the location is not printed: asking for it would make it.
    if (this.debugInfo) {
      this.printTrailingLocation(op.location, true)
    }
    if (this.valueUsers) {
      this.printUsersComment(op)
    }
  }

  private printFullOp(op: Operation): void {
    const names = this.names
    // Most ops have one result, numbered in the op's visit slots: no need to reach it.
    const marked = names === null ? null : names.markedResultName(op)
    if (marked !== null) {
      this.print(marked)
      this.print(' = ')
      this.printCustomOrGenericOp(op)
      return
    }
    const n = op.results.length
    if (n > 0) {
      const groups = names === null || names.opResultGroups.size === 0 ? undefined : names.opResultGroups.get(op)
      if (groups !== undefined) {
        for (let i = 0; i < groups.length; i++) {
          if (i > 0) {
            this.print(', ')
          }
          const start = groups[i]!
          const count = (i + 1 < groups.length ? groups[i + 1]! : n) - start
          this.print(this.valueID(op.results[start]!, false))
          if (count > 1) {
            this.print(':' + count)
          }
        }
      } else {
        this.print(this.valueID(op.results[0]!, false))
        if (n > 1) {
          this.print(':' + n)
        }
      }
      this.print(' = ')
    }
    this.printCustomOrGenericOp(op)
  }

  /** Prints the part after `%results = `: the custom form when available, else generic. */
  printCustomOrGenericOp(op: Operation): void {
    const name = op.extras.name
    const def = name.def
    if (!this.generic && def !== null && def.print) {
      const names = this.customNames
      const at = 3 * (name.id & (CUSTOM_NAME_SLOTS - 1))
      const dd = this.defaultDialect
      this.print(names[at] === name && names[at + 1] === dd ? (names[at + 2] as string) : this.customOpName(name, dd, at))
      def.print(op, this)
      return
    }
    this.printGenericOp(op, true)
  }

  /**
   * The op name as the custom form starts it under the default dialect `dd` (without its
   * prefix when unambiguous), kept at `at` in `customNames`.
   */
  private customOpName(name: OperationName, dd: string, at: number): string {
    const full = name.name
    const elide = dd.length > 0 && full.length > dd.length && full.startsWith(dd) && full.charCodeAt(dd.length) === 46 && full.indexOf('.', dd.length + 1) < 0
    const printed = elide ? full.slice(dd.length + 1) : full
    const names = this.customNames
    names[at] = name
    names[at + 1] = dd
    names[at + 2] = printed
    return printed
  }

  printGenericOp(op: Operation, printOpName = true): void {
    if (printOpName) {
      let quoted = this.genericNames.get(op.name)
      if (quoted === undefined) {
        quoted = quoteString(op.name.name)
        this.genericNames.set(op.name, quoted)
      }
      this.print(quoted)
    }
    this.print('(')
    const operands = op.operands
    for (let i = 0; i < operands.length; i++) {
      if (i > 0) {
        this.print(', ')
      }
      this.print(this.valueID(operands[i]!.value, true))
    }
    this.print(')')
    const succs = op.successors
    if (succs.length > 0) {
      this.print('[')
      for (let i = 0; i < succs.length; i++) {
        if (i > 0) {
          this.print(', ')
        }
        this.print(this.blockName(succs[i]!.block))
      }
      this.print(']')
    }
    if (op.properties.size > 0) {
      this.print(' <')
      this.printAttribute(op.properties)
      this.print('>')
    } else if (op.rawProperties !== null) {
      this.print(' <')
      this.printAttribute(op.rawProperties)
      this.print('>')
    }
    const regions = op.regions
    if (regions.length > 0) {
      this.print(' (')
      for (let i = 0; i < regions.length; i++) {
        if (i > 0) {
          this.print(', ')
        }
        this.printRegion(regions[i]!, true, true, true)
      }
      this.print(')')
    }
    this.printAttrDict(op.attributes.entries, undefined, false)
    this.print(' : (')
    for (let i = 0; i < operands.length; i++) {
      if (i > 0) {
        this.print(', ')
      }
      this.printType(operands[i]!.value.type)
    }
    this.print(') -> ')
    const results = op.results
    const wrapped = results.length !== 1 || results[0]!.type instanceof FunctionType
    if (wrapped) {
      this.print('(')
    }
    for (let i = 0; i < results.length; i++) {
      if (i > 0) {
        this.print(', ')
      }
      this.printType(results[i]!.type)
    }
    if (wrapped) {
      this.print(')')
    }
  }

  printRegion(region: Region, printEntryBlockArgs = true, printBlockTerminators = true, printEmptyBlock = false): void {
    if (this.skipRegions) {
      this.print('{...}')
      return
    }
    this.print('{\n')
    const entry = region.firstBlock
    if (entry !== null) {
      const parent = region.parentOp
      const outerDialect = this.defaultDialect
      this.defaultDialect = parent === null ? '' : (parent.extras.name.def?.defaultDialect ?? '')
      const header = (printEmptyBlock && entry.firstOp === null) || (printEntryBlockArgs && entry.arguments.length !== 0)
      this.printBlock(entry, header, printBlockTerminators)
      for (let b = entry.nextBlock; b !== null; b = b.nextBlock) {
        this.printBlock(b, true, true)
      }
      this.defaultDialect = outerDialect
    }
    if (this.indent > 0) {
      this.pushIndent()
    }
    this.print('}')
  }

  private printBlock(block: Block, printHeader: boolean, printTerminator: boolean): void {
    if (printHeader) {
      if (this.indent > 0) {
        this.pushIndent()
      }
      this.print(this.names === null ? 'INVALIDBLOCK' : this.names.printedBlockInfo(block).name)
      const args = block.arguments
      if (args.length > 0) {
        this.print('(')
        for (let i = 0; i < args.length; i++) {
          if (i > 0) {
            this.print(', ')
          }
          const arg = args[i]!
          this.print(this.valueID(arg, true) + ': ')
          this.printType(arg.type)
          if (this.debugInfo) {
            this.printTrailingLocation(arg.location, false)
          }
        }
        this.print(')')
      }
      this.print(':')
      this.printPredecessors(block)
      this.print('\n')
    }
    this.indent += 2
    if (this.valueUsers) {
      for (const arg of block.arguments) {
        this.pushIndent()
        this.printArgUsersComment(arg)
      }
    }
    let stop = block.lastOp
    if (stop !== null && (printTerminator || !stop.hasTrait(Trait.IsTerminator))) {
      stop = null
    }
    let o = block.firstOp
    if (o !== null && o !== stop) {
      // The newline after an op and the indentation of the next are one piece of text.
      const indent = this.indent
      const between = newlineIndent(indent)
      this.print(INDENTS[indent] ?? indentString(indent))
      for (;;) {
        // Before each op (its regions may nest deep before the first flush after one), and
        // after the last.
        if (this.pos + this.pendingChars >= CHUNK_CHARS && this.openMarks === 0) {
          this.handOn()
        }
        this.printFullOpAndLoc(o)
        o = o.nextOp
        if (o === null || o === stop) {
          break
        }
        this.print(between)
      }
      this.print('\n')
    }
    this.maybeFlush()
    this.indent -= 2
  }

  private printPredecessors(block: Block): void {
    if (block.parent === null) {
      this.print('  // block is not in a region!')
      return
    }
    const first = block.firstPredecessorUse
    if (first === null) {
      if (block.parent.firstBlock !== block) {
        this.print('  // no predecessors')
      }
      return
    }
    if (first.nextUse === null) {
      const pred = first.owner.parentBlock
      this.print('  // pred: ' + (pred === null ? 'INVALIDBLOCK' : this.blockName(pred)))
      return
    }
    const infos: BlockInfo[] = []
    for (let u: typeof first | null = first; u !== null; u = u.nextUse) {
      const pred = u.owner.parentBlock
      if (pred !== null && this.names !== null) {
        infos.push(this.names.blockInfo(pred))
      }
    }
    infos.sort((a, b) => a.ordering - b.ordering)
    this.print('  // ' + infos.length + ' preds: ')
    for (let i = 0; i < infos.length; i++) {
      this.print((i > 0 ? ', ' : '') + infos[i]!.name)
    }
  }

  // ---- value users comments ---------------------------------------------------------

  private printUsersComment(op: Operation): void {
    const n = op.results.length
    if (n === 0) {
      if (op.operands.length > 0) {
        this.print(' // id: ' + this.operationID(op))
      }
      return
    }
    if (op.useEmpty) {
      this.print(' // unused')
      return
    }
    const seen = new Set<Operation>()
    let usedInResults = 0
    for (const r of op.results) {
      for (let u = r.firstUse; u !== null; u = u.nextUse) {
        if (!seen.has(u.owner)) {
          seen.add(u.owner)
          usedInResults += u.owner.results.length
        }
      }
    }
    const one = usedInResults <= 1 && seen.size <= 1 && n === 1
    this.print(one ? ' // user: ' : ' // users: ')
    for (let i = 0; i < n; i++) {
      if (i > 0) {
        this.print(', ')
      }
      if (n > 1) {
        this.print('(')
      }
      this.printValueUsers(op.results[i]!)
      if (n > 1) {
        this.print(')')
      }
    }
  }

  private printArgUsersComment(arg: BlockArgument): void {
    this.print('// ' + this.valueID(arg, true))
    if (arg.firstUse === null) {
      this.print(' is unused')
    } else {
      this.print(' is used by ')
      this.printValueUsers(arg)
    }
    this.print('\n')
  }

  private printValueUsers(value: Value): void {
    if (value.firstUse === null) {
      this.print('unused')
    }
    const seen = new Set<Operation>()
    let index = 0
    for (let u = value.firstUse; u !== null; u = u.nextUse, index++) {
      const user = u.owner
      if (seen.has(user)) {
        continue
      }
      seen.add(user)
      if (index > 0) {
        this.print(', ')
      }
      if (user.results.length === 0) {
        this.print(this.operationID(user))
      } else {
        for (let i = 0; i < user.results.length; i++) {
          if (i > 0) {
            this.print(', ')
          }
          this.print(this.valueID(user.results[i]!, true))
        }
      }
    }
  }

  private operationID(op: Operation): string {
    return this.names === null ? '<<UNKNOWN OPERATION>>' : this.names.operationID(op)
  }
}

/**
 * True when every element is the same (`stride` values per element), as MLIR's dense
 * attributes detect at construction; a single element is a splat too.
 */
function isSplatValues(isSplat: boolean, values: readonly (bigint | number | string)[], stride: number): boolean {
  if (isSplat) {
    return true
  }
  const n = values.length
  if (n === 0) {
    return false
  }
  for (let i = stride; i < n; i++) {
    if (!Object.is(values[i], values[i % stride])) {
      return false
    }
  }
  return true
}

/** An empty cache of printed texts (see `AsmPrinterImpl.typeTexts`). */
function newTextCache<T>(): (T | number | string | null)[] {
  return new Array<T | number | string | null>(3 * TEXT_SLOTS).fill(null)
}

const INDENTS: string[] = ['']
/** Indentations up to this depth are cached; caching every depth of deep IR would take memory quadratic in it. */
const MAX_CACHED_INDENT = 1024

/** `n` spaces, cached for common depths. */
/** Widths below this have their signless spelling (`i32`) kept in `signlessSpellings`. */
const SIGNLESS_SPELLINGS = 129
const signlessSpellings: string[] = []

/** `i<width>`, made once per width. */
function signlessSpelling(width: number): string {
  let s = signlessSpellings[width]
  if (s === undefined) {
    s = 'i' + width
    signlessSpellings[width] = s
  }
  return s
}

/** A newline and `n` spaces, cached as `indentString` caches the spaces. */
const NEWLINE_INDENTS: string[] = ['\n']

function newlineIndent(n: number): string {
  let s = NEWLINE_INDENTS[n]
  if (s === undefined) {
    s = '\n' + indentString(n)
    if (n <= MAX_CACHED_INDENT) {
      NEWLINE_INDENTS[n] = s
    }
  }
  return s
}

function indentString(n: number): string {
  if (n > MAX_CACHED_INDENT) {
    return ' '.repeat(n)
  }
  let s = INDENTS[n]
  if (s === undefined) {
    s = ' '.repeat(n)
    INDENTS[n] = s
  }
  return s
}

/** How a resource entry prints: `true`/`false`, a hex blob in upper case, or an escaped string. */
function resourceValueText(value: Attribute): string {
  if (value instanceof StringAttr) {
    const v = value.value
    if (v.length >= 2 && v.charCodeAt(0) === 48 && (v.charCodeAt(1) === 120 || v.charCodeAt(1) === 88) && isHex(v, 2)) {
      return '"0x' + v.slice(2).toUpperCase() + '"'
    }
    return quoteString(v)
  }
  if (value instanceof IntegerAttr) {
    return value.value !== 0n ? 'true' : 'false'
  }
  return quoteString(printAttributeText(value))
}

function isHex(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (!((c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102))) {
      return false
    }
  }
  return true
}

function printAttributeText(attr: Attribute): string {
  const p = new AsmPrinterImpl(attr.context, new PrintFlags({}, false), null)
  p.printAttribute(attr)
  return p.take()
}

/** Little-endian hex of the raw storage of a dense int/float attribute, as MLIR's `getRawData`. */
function denseHex(attr: DenseIntOrFPElementsAttr): string {
  const type = attr.type
  let et = type.elementType
  const vals = attr.values
  const complex = et instanceof ComplexType
  if (et instanceof ComplexType) {
    et = et.elementType
  }
  if (et instanceof IntegerType && et.width === 1 && !complex) {
    // i1 elements are bit-packed, least significant bit first.
    const n = type.numElements
    const bytes = new Uint8Array(Math.ceil(n / 8))
    for (let i = 0; i < n; i++) {if (BigInt(vals[i]!) !== 0n) {bytes[i >> 3]! |= 1 << (i & 7)}}
    let s = ''
    for (const b of bytes) {
      s += HEX2[b]!
    }
    return s
  }
  let width: number
  if (et instanceof IntegerType) {
    width = Math.ceil(et.width / 8) * 8
  } else if (et instanceof IndexType) {
    width = 64
  } else if (et instanceof FloatType) {
    // tf32 is stored in its 19 bits, rounded up to 3 bytes.
    width = Math.ceil((et.kind === 'tf32' ? 19 : et.width) / 8) * 8
  } else {
    width = 64
  }
  const bytesPer = width / 8
  let s = ''
  const mask = (1n << BigInt(width)) - 1n
  for (let i = 0; i < vals.length; i++) {
    const v = vals[i]!
    let bits: bigint
    if (et instanceof FloatType) {
      bits = attr.nanBits?.get(i) ?? floatBits(Number(v), et.kind)
    } else {
      bits = BigInt(v) & mask
    }
    for (let b = 0; b < bytesPer; b++) {
      s += HEX2[Number(bits & 0xffn)]!
      bits >>= 8n
    }
  }
  return s
}

const HEX2: string[] = []
for (let i = 0; i < 256; i++) {
  HEX2.push((i < 16 ? '0' : '') + i.toString(16).toUpperCase())
}
