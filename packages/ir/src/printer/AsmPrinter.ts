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
import { CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc, OpaqueLoc, UnknownLoc } from '../Location.ts'
import type { Operation } from '../Operation.ts'
import { Trait } from '../OperationName.ts'
import type { OpAsmPrinter } from '../OpAsm.ts'
import type { Region } from '../Region.ts'
import {
  ComplexType,
  DialectType,
  FloatType,
  FunctionType,
  IndexType,
  IntegerType,
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
import type { AsmPrinterOptions } from './AsmPrinterOptions.ts'
import { floatBits, formatFloatValue } from './FloatFormat.ts'
import { SSANameState, type BlockInfo } from './SSANameState.ts'
import { dialectSymbol, escapeString, keywordOrString, quoteString, symbolReference } from './text.ts'

/** How the type of an attribute may be elided when printing it. */
const Elide = { Never: 0, May: 1, Must: 2 } as const
type Elide = (typeof Elide)[keyof typeof Elide]

/** Chunks are handed to the sink once the pending text grows past this many characters. */
const CHUNK_SIZE = 1 << 16

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

function shapeDim(d: number): string {
  return d === kDynamic ? '?' : String(d)
}

/**
 * The textual printer (MLIR's `OperationPrinter`): prints attributes, types,
 * locations and operations into a buffer that is flushed in chunks to a sink. It is
 * also the `OpAsmPrinter` that custom `print` hooks receive.
 */
export class AsmPrinterImpl implements OpAsmPrinter {
  readonly context: Context
  /** Pending output not yet handed to the sink. */
  private out = ''
  private indent = 0
  private readonly defaultDialectStack: string[] = ['builtin']
  private readonly aliases: Map<Attribute | Type, string> = new Map()
  private aliasList: SymbolAlias[] = []
  private readonly distinctIDs: Map<DistinctAttr, number> = new Map()
  private names: SSANameState | null = null

  constructor(
    context: Context,
    readonly flags: PrintFlags,
    private readonly sink: ((chunk: string) => void) | null,
  ) {
    this.context = context
  }

  /** Takes the printed text (everything not yet handed to the sink). */
  take(): string {
    const s = this.out
    this.out = ''
    return s
  }

  /** Hands the pending text to the sink when it is large. */
  private maybeFlush(): void {
    if (this.sink !== null && this.out.length >= CHUNK_SIZE) {
      this.sink(this.out)
      this.out = ''
    }
  }

  /** Hands all pending text to the sink. */
  flush(): void {
    if (this.sink !== null && this.out.length > 0) {
      this.sink(this.out)
      this.out = ''
    }
  }

  // ---- setup ------------------------------------------------------------------------

  /** @internal Numbers the values of everything nested in `root`. */
  initNames(root: Operation): void {
    this.names = new SSANameState(root, {
      generic: this.flags.generic,
      valueUsers: this.flags.valueUsers,
      uniqueSSAIDs: this.flags.uniqueSSAIDs,
      nameLocAsPrefix: this.flags.nameLocAsPrefix,
    })
  }

  /** @internal Chooses the aliases of everything `op` prints. */
  initAliases(op: Operation): void {
    const collector = new AliasCollector(this.context, this.flags.generic, this.flags.debugInfo, this.flags.skipRegions)
    this.aliasList = collector.collect(op)
    for (const a of this.aliasList) { this.aliases.set(a.symbol, a.name) }
  }

  /** @internal Prints `op` as the top-level operation: aliases, op, deferred aliases. */
  printTopLevel(op: Operation): void {
    this.printAliasDefs(false)
    this.printFullOpWithIndentAndLoc(op)
    this.out += '\n'
    this.printAliasDefs(true)
  }

  private printAliasDefs(deferred: boolean): void {
    for (const a of this.aliasList) {
      if (a.canBeDeferred !== deferred) { continue }
      this.out += a.name + ' = '
      if (a.isType) { this.printTypeImpl(a.symbol) }
      else { this.printAttributeImpl(a.symbol, Elide.Never) }
      this.out += '\n'
    }
  }

  // ---- raw output -------------------------------------------------------------------

  print(text: string): void {
    this.out += text
  }
  printNewline(): void {
    this.out += '\n' + ' '.repeat(this.indent)
  }
  increaseIndent(): void {
    this.indent += 2
  }
  decreaseIndent(): void {
    this.indent -= 2
  }

  // ---- types ------------------------------------------------------------------------

  printType(type: Type): void {
    const alias = this.aliases.get(type)
    if (alias !== undefined) {
      this.out += alias
      return
    }
    this.printTypeImpl(type)
  }

  printTypes(types: Iterable<Type>): void {
    let first = true
    for (const t of types) {
      if (!first) { this.out += ', ' }
      first = false
      this.printType(t)
    }
  }

  /** Prints a type without considering its alias. */
  printTypeImpl(type: Type): void {
    if (type instanceof IntegerType) {
      this.out += (type.isSigned ? 'si' : type.isUnsigned ? 'ui' : 'i') + type.width
    } else if (type instanceof FloatType) {
      this.out += type.kind
    } else if (type instanceof IndexType) {
      this.out += 'index'
    } else if (type instanceof FunctionType) {
      this.out += '('
      this.printTypes(type.inputs)
      this.out += ') -> '
      const results = type.results
      if (results.length === 1 && !(results[0] instanceof FunctionType)) {
        this.printType(results[0]!)
      } else {
        this.out += '('
        this.printTypes(results)
        this.out += ')'
      }
    } else if (type instanceof VectorType) {
      this.out += 'vector<'
      const shape = type.shape
      for (let i = 0; i < shape.length; i++) {
        this.out += type.scalableDims[i] === true ? '[' + shape[i] + ']x' : shape[i] + 'x'
      }
      this.printType(type.elementType)
      this.out += '>'
    } else if (type instanceof RankedTensorType) {
      this.out += 'tensor<'
      for (const d of type.shape) { this.out += shapeDim(d) + 'x' }
      this.printType(type.elementType)
      if (type.encoding !== null) {
        this.out += ', '
        this.printAttribute(type.encoding)
      }
      this.out += '>'
    } else if (type instanceof UnrankedTensorType) {
      this.out += 'tensor<*x'
      this.printType(type.elementType)
      this.out += '>'
    } else if (type instanceof MemRefType) {
      this.out += 'memref<'
      for (const d of type.shape) { this.out += shapeDim(d) + 'x' }
      this.printType(type.elementType)
      const layout = type.layout
      if (layout !== null && !(layout instanceof AffineMapAttr && layout.value.isIdentity)) {
        this.out += ', '
        this.printAttributeWithElision(layout, Elide.May)
      }
      if (type.memorySpace !== null) {
        this.out += ', '
        this.printAttributeWithElision(type.memorySpace, Elide.May)
      }
      this.out += '>'
    } else if (type instanceof UnrankedMemRefType) {
      this.out += 'memref<*x'
      this.printType(type.elementType)
      if (type.memorySpace !== null) {
        this.out += ', '
        this.printAttributeWithElision(type.memorySpace, Elide.May)
      }
      this.out += '>'
    } else if (type instanceof ComplexType) {
      this.out += 'complex<'
      this.printType(type.elementType)
      this.out += '>'
    } else if (type instanceof TupleType) {
      this.out += 'tuple<'
      this.printTypes(type.types)
      this.out += '>'
    } else if (type instanceof NoneType) {
      this.out += 'none'
    } else if (type instanceof OpaqueType) {
      this.out += dialectSymbol('!', type.dialectNamespace, type.typeData)
    } else if (type instanceof DialectType) {
      const def = this.context.getLoadedDialect(type.dialectNamespace)?.def
      const saved = this.out
      this.out = ''
      if (def?.printType) { def.printType(type, this) }
      else { this.out += '<<unprintable type>>' }
      const body = this.out
      this.out = saved + dialectSymbol('!', type.dialectNamespace, body)
    } else {
      this.out += '<<NULL TYPE>>'
    }
  }

  // ---- attributes -------------------------------------------------------------------

  printAttribute(attr: Attribute): void {
    this.printAttributeWithElision(attr, Elide.Never)
  }

  printAttributeWithoutType(attr: Attribute): void {
    this.printAttributeWithElision(attr, Elide.Must)
  }

  private printAttributeWithElision(attr: Attribute, elide: Elide): void {
    const alias = this.aliases.get(attr)
    if (alias !== undefined) {
      this.out += alias
      return
    }
    this.printAttributeImpl(attr, elide)
  }

  /** Prints an attribute without considering its alias. */
  printAttributeImpl(attr: Attribute, elide: Elide): void {
    if (attr instanceof DialectAttr) {
      const def = this.context.getLoadedDialect(attr.dialectNamespace)?.def
      const saved = this.out
      this.out = ''
      if (def?.printAttribute) { def.printAttribute(attr, this) }
      else { this.out += '<<unprintable attribute>>' }
      const body = this.out
      this.out = saved + dialectSymbol('#', attr.dialectNamespace, body)
    } else if (attr instanceof OpaqueAttr) {
      this.out += dialectSymbol('#', attr.dialectNamespace, attr.attrData)
    } else if (attr instanceof UnitAttr) {
      this.out += 'unit'
      return
    } else if (attr instanceof DistinctAttr) {
      let id = this.distinctIDs.get(attr)
      if (id === undefined) {
        id = this.distinctIDs.size
        this.distinctIDs.set(attr, id)
      }
      this.out += 'distinct[' + id + ']<'
      if (!(attr.referencedAttr instanceof UnitAttr)) { this.printAttribute(attr.referencedAttr) }
      this.out += '>'
      return
    } else if (attr instanceof DictionaryAttr) {
      this.out += '{'
      const es = attr.entries
      for (let i = 0; i < es.length; i++) {
        if (i > 0) { this.out += ', ' }
        this.printNamedAttribute(es[i]!)
      }
      this.out += '}'
    } else if (attr instanceof IntegerAttr) {
      const t = attr.type
      if (t instanceof IntegerType && t.width === 1 && t.isSignless) {
        this.out += attr.value !== 0n ? 'true' : 'false'
        return
      }
      this.out += attr.value.toString()
      if (elide === Elide.May && t instanceof IntegerType && t.width === 64 && t.isSignless) { return }
    } else if (attr instanceof FloatAttr) {
      const t = attr.type
      this.out += t instanceof FloatType ? formatFloatValue(attr.value, t.kind) : formatFloatValue(attr.value, 'f64')
      if (elide === Elide.May && t instanceof FloatType && t.kind === 'f64') { return }
    } else if (attr instanceof StringAttr) {
      this.out += quoteString(attr.value)
    } else if (attr instanceof ArrayAttr) {
      this.out += '['
      const es = attr.elements
      for (let i = 0; i < es.length; i++) {
        if (i > 0) { this.out += ', ' }
        this.printAttributeWithElision(es[i]!, Elide.May)
      }
      this.out += ']'
    } else if (attr instanceof AffineMapAttr) {
      this.out += 'affine_map<'
      this.printAffineMap(attr.value)
      this.out += '>'
      return
    } else if (attr instanceof IntegerSetAttr) {
      this.out += 'affine_set<'
      this.printIntegerSet(attr.value)
      this.out += '>'
      return
    } else if (attr instanceof TypeAttr) {
      this.printType(attr.value)
    } else if (attr instanceof SymbolRefAttr) {
      this.out += symbolReference(attr.rootReference)
      for (const n of attr.nestedReferences) { this.out += '::' + symbolReference(n) }
    } else if (attr instanceof DenseIntOrFPElementsAttr) {
      if (this.shouldElide(attr.type, attr.isSplat)) {
        this.out += 'dense_resource<__elided__>'
      } else {
        this.out += 'dense<'
        this.printDenseIntOrFP(attr)
        this.out += '>'
      }
    } else if (attr instanceof DenseStringElementsAttr) {
      if (this.shouldElide(attr.type, attr.isSplat)) {
        this.out += 'dense_resource<__elided__>'
      } else {
        this.out += 'dense<'
        const vals = attr.values
        this.printDenseElements(attr.isSplat, attr.type, (i) => {
          this.out += quoteString(vals[i]!)
        })
        this.out += '>'
      }
    } else if (attr instanceof DenseResourceElementsAttr) {
      this.out += 'dense_resource<' + attr.resourceKey + '>'
    } else if (attr instanceof StridedLayoutAttr) {
      this.out += 'strided<['
      const s = attr.strides
      for (let i = 0; i < s.length; i++) { this.out += (i > 0 ? ', ' : '') + shapeDim(s[i]!) }
      this.out += ']'
      if (attr.offset !== 0) { this.out += ', offset: ' + shapeDim(attr.offset) }
      this.out += '>'
    } else if (attr instanceof DenseArrayAttr) {
      this.out += 'array<'
      this.printType(attr.elementType)
      const vals = attr.values
      if (vals.length > 0) {
        this.out += ': '
        const et = attr.elementType
        for (let i = 0; i < vals.length; i++) {
          if (i > 0) { this.out += ', ' }
          const v = vals[i]!
          if (et instanceof FloatType) { this.out += formatFloatValue(Number(v), et.kind) }
          else if (et instanceof IntegerType && et.width === 1) { this.out += BigInt(v) !== 0n ? 'true' : 'false' }
          else { this.out += String(v) }
        }
      }
      this.out += '>'
      return
    } else if (attr instanceof Location) {
      this.printLocation(attr, false)
    } else {
      this.out += '<<UNKNOWN ATTRIBUTE>>'
    }
    if (elide !== Elide.Must) {
      const t = typedAttrType(attr)
      if (t !== null && !(t instanceof NoneType)) {
        this.out += ' : '
        this.printType(t)
      }
    }
  }

  private printNamedAttribute(a: NamedAttribute): void {
    this.out += keywordOrString(a.name)
    if (a.value instanceof UnitAttr) { return }
    this.out += ' = '
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
    if (n === 0) { return }
    const shape = type.shape ?? []
    const rank = shape.length
    const counter = new Array<number>(rank).fill(0)
    let open = 0
    for (let idx = 0; idx < n; idx++) {
      if (idx !== 0) { this.out += ', ' }
      while (open < rank) {
        this.out += '['
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
            this.out += ']'
          }
        }
      }
    }
    while (open-- > 0) { this.out += ']' }
  }

  private printDenseIntOrFP(attr: DenseIntOrFPElementsAttr): void {
    const type = attr.type
    const et = type.elementType
    const n = type.numElements
    const hexLimit = this.flags.hexLimit
    if (!attr.isSplat && hexLimit !== -1 && n > hexLimit) {
      this.out += '"0x' + denseHex(attr) + '"'
      return
    }
    const vals = attr.values
    if (et instanceof ComplexType) {
      const ct = et.elementType
      this.printDenseElements(attr.isSplat, type, (i) => {
        this.out += '(' + this.denseScalar(vals[2 * i]!, ct) + ',' + this.denseScalar(vals[2 * i + 1]!, ct) + ')'
      })
      return
    }
    this.printDenseElements(attr.isSplat, type, (i) => {
      this.out += this.denseScalar(vals[i]!, et)
    })
  }

  private denseScalar(v: bigint | number, et: Type): string {
    if (et instanceof FloatType) { return formatFloatValue(Number(v), et.kind) }
    if (et instanceof IntegerType && et.width === 1) { return BigInt(v) !== 0n ? 'true' : 'false' }
    return String(v)
  }

  // ---- locations --------------------------------------------------------------------

  /** Prints `loc(...)` (or the pretty form), using an alias when allowed. */
  printLocation(loc: Location, allowAlias: boolean): void {
    if (this.flags.pretty) {
      this.printLocationInternal(loc, true, true)
      return
    }
    this.out += 'loc('
    const alias = allowAlias ? this.aliases.get(loc) : undefined
    if (alias !== undefined) { this.out += alias }
    else { this.printLocationInternal(loc, false, true) }
    this.out += ')'
  }

  private printTrailingLocation(loc: Location, allowAlias: boolean): void {
    if (!this.flags.debugInfo) { return }
    this.out += ' '
    this.printLocation(loc, allowAlias)
  }

  private printLocationInternal(loc: Location, pretty: boolean, isTopLevel: boolean): void {
    if (!isTopLevel) {
      const alias = this.aliases.get(loc)
      if (alias !== undefined) {
        this.out += alias
        return
      }
    }
    if (loc instanceof OpaqueLoc) {
      this.printLocationInternal(loc.fallback, pretty, false)
    } else if (loc instanceof UnknownLoc) {
      this.out += pretty ? '[unknown]' : 'unknown'
    } else if (loc instanceof FileLineColLoc) {
      this.out += pretty ? loc.filename : quoteString(loc.filename)
      this.out += ':' + loc.line + ':' + loc.column
      if (loc.isRange) {
        if (loc.endLine === loc.line) { this.out += ' to :' + loc.endColumn }
        else { this.out += ' to ' + loc.endLine + ':' + loc.endColumn }
      }
    } else if (loc instanceof NameLoc) {
      this.out += quoteString(loc.name)
      if (!(loc.childLoc instanceof UnknownLoc)) {
        this.out += '('
        this.printLocationInternal(loc.childLoc, pretty, false)
        this.out += ')'
      }
    } else if (loc instanceof CallSiteLoc) {
      if (!pretty) { this.out += 'callsite(' }
      this.printLocationInternal(loc.callee, pretty, false)
      if (pretty) {
        this.out += loc.callee instanceof NameLoc && loc.caller instanceof FileLineColLoc ? ' at ' : '\n at '
      } else {
        this.out += ' at '
      }
      this.printLocationInternal(loc.caller, pretty, false)
      if (!pretty) { this.out += ')' }
    } else if (loc instanceof FusedLoc) {
      if (!pretty) { this.out += 'fused' }
      if (loc.metadata !== null) {
        this.out += '<'
        this.printAttribute(loc.metadata)
        this.out += '>'
      }
      this.out += '['
      const ls = loc.locations
      for (let i = 0; i < ls.length; i++) {
        if (i > 0) { this.out += ', ' }
        this.printLocationInternal(ls[i]!, pretty, false)
      }
      this.out += ']'
    } else {
      this.out += 'unknown'
    }
  }

  printOptionalLocationSpecifier(loc: Location): void {
    this.printTrailingLocation(loc, true)
  }

  // ---- affine -----------------------------------------------------------------------

  /** Prints `(d0, d1)[s0] -> (...)`. */
  printAffineMap(map: AffineMap): void {
    this.out += '('
    for (let i = 0; i < map.numDims; i++) { this.out += (i > 0 ? ', d' : 'd') + i }
    this.out += ')'
    if (map.numSymbols !== 0) {
      this.out += '['
      for (let i = 0; i < map.numSymbols; i++) { this.out += (i > 0 ? ', s' : 's') + i }
      this.out += ']'
    }
    this.out += ' -> ('
    const rs = map.results
    for (let i = 0; i < rs.length; i++) {
      if (i > 0) { this.out += ', ' }
      this.printAffineExpr(rs[i]!, false, null, null)
    }
    this.out += ')'
  }

  /** Prints `(d0)[s0] : (d0 - s0 >= 0, d0 == 0)`. */
  printIntegerSet(set: IntegerSet): void {
    this.out += '('
    for (let i = 0; i < set.numDims; i++) { this.out += (i > 0 ? ', d' : 'd') + i }
    this.out += ')'
    if (set.numSymbols !== 0) {
      this.out += '['
      for (let i = 0; i < set.numSymbols; i++) { this.out += (i > 0 ? ', s' : 's') + i }
      this.out += ']'
    }
    this.out += ' : ('
    const cs = set.constraints
    for (let i = 0; i < cs.length; i++) {
      if (i > 0) { this.out += ', ' }
      this.printAffineExpr(cs[i]!, false, null, null)
      this.out += set.eqFlags[i] === true ? ' == 0' : ' >= 0'
    }
    this.out += ')'
  }

  /**
   * Prints an affine expression; `strong` is true inside a tightly binding operator.
   * With `dims`/`syms`, identifiers print as SSA values (`%a`, `symbol(%b)`).
   */
  printAffineExpr(expr: AffineExpr, strong: boolean, dims: readonly Value[] | null, syms: readonly Value[] | null): void {
    switch (expr.kind) {
      case AffineExprKind.SymbolId: {
        const pos = (expr as AffineSymbolExpr).position
        if (syms !== null) { this.out += 'symbol(' + this.valueID(syms[pos]!, true) + ')' }
        else { this.out += 's' + pos }
        return
      }
      case AffineExprKind.DimId: {
        const pos = (expr as AffineDimExpr).position
        if (dims !== null) { this.out += this.valueID(dims[pos]!, true) }
        else { this.out += 'd' + pos }
        return
      }
      case AffineExprKind.Constant:
        this.out += String((expr as AffineConstantExpr).value)
        return
      default:
        break
    }
    const bin = expr as AffineBinaryOpExpr
    const lhs = bin.lhs
    const rhs = bin.rhs
    if (bin.kind !== AffineExprKind.Add) {
      if (strong) { this.out += '(' }
      if (bin.kind === AffineExprKind.Mul && rhs instanceof AffineConstantExpr && rhs.value === -1) {
        this.out += '-'
        this.printAffineExpr(lhs, true, dims, syms)
        if (strong) { this.out += ')' }
        return
      }
      this.printAffineExpr(lhs, true, dims, syms)
      this.out +=
        bin.kind === AffineExprKind.Mul ? ' * ' : bin.kind === AffineExprKind.FloorDiv ? ' floordiv ' : bin.kind === AffineExprKind.CeilDiv ? ' ceildiv ' : ' mod '
      this.printAffineExpr(rhs, true, dims, syms)
      if (strong) { this.out += ')' }
      return
    }
    if (strong) { this.out += '(' }
    if (rhs instanceof AffineBinaryOpExpr && rhs.kind === AffineExprKind.Mul && rhs.rhs instanceof AffineConstantExpr) {
      const c = rhs.rhs.value
      if (c === -1) {
        this.printAffineExpr(lhs, false, dims, syms)
        this.out += ' - '
        this.printAffineExpr(rhs.lhs, rhs.lhs.kind === AffineExprKind.Add, dims, syms)
        if (strong) { this.out += ')' }
        return
      }
      if (c < -1) {
        this.printAffineExpr(lhs, false, dims, syms)
        this.out += ' - '
        this.printAffineExpr(rhs.lhs, true, dims, syms)
        this.out += ' * ' + String(-c)
        if (strong) { this.out += ')' }
        return
      }
    }
    if (rhs instanceof AffineConstantExpr && rhs.value < 0) {
      this.printAffineExpr(lhs, false, dims, syms)
      this.out += ' - ' + String(-rhs.value)
      if (strong) { this.out += ')' }
      return
    }
    this.printAffineExpr(lhs, false, dims, syms)
    this.out += ' + '
    this.printAffineExpr(rhs, false, dims, syms)
    if (strong) { this.out += ')' }
  }

  printAffineMapOfSSAIds(map: AffineMap, operands: readonly Value[]): void {
    const dims = operands.slice(0, map.numDims)
    const syms = operands.slice(map.numDims)
    const rs = map.results
    for (let i = 0; i < rs.length; i++) {
      if (i > 0) { this.out += ', ' }
      this.printAffineExpr(rs[i]!, false, dims, syms)
    }
  }

  printAffineExprOfSSAIds(expr: AffineExpr, dimOperands: readonly Value[], symOperands: readonly Value[]): void {
    this.printAffineExpr(expr, false, dimOperands, symOperands)
  }

  printFloat(value: number, type: Type): void {
    this.out += formatFloatValue(value, type instanceof FloatType ? type.kind : 'f64')
  }

  // ---- strings and symbols ----------------------------------------------------------

  printSymbolName(name: string): void {
    this.out += symbolReference(name)
  }
  printKeywordOrString(name: string): void {
    this.out += keywordOrString(name)
  }
  printString(value: string): void {
    this.out += '"' + escapeString(value) + '"'
  }

  // ---- attribute dictionaries -------------------------------------------------------

  printOptionalAttrDict(attrs: readonly NamedAttribute[], elided?: readonly string[]): void {
    this.printAttrDict(attrs, elided, false)
  }
  printOptionalAttrDictWithKeyword(attrs: readonly NamedAttribute[], elided?: readonly string[]): void {
    this.printAttrDict(attrs, elided, true)
  }

  private printAttrDict(attrs: readonly NamedAttribute[], elided: readonly string[] | undefined, withKeyword: boolean): void {
    if (attrs.length === 0) { return }
    let any = false
    for (const a of attrs) {
      if (elided !== undefined && elided.includes(a.name)) { continue }
      if (!any) {
        this.out += withKeyword ? ' attributes {' : ' {'
        any = true
      } else {
        this.out += ', '
      }
      this.printNamedAttribute(a)
    }
    if (any) {this.out += '}'}
  }

  // ---- values and blocks ------------------------------------------------------------

  private valueID(value: Value, printResultNo: boolean): string {
    if (this.names === null) { return '<<UNKNOWN SSA VALUE>>' }
    return this.names.valueID(value, printResultNo)
  }

  printOperand(value: Value): void {
    this.out += this.valueID(value, true)
  }
  printOperands(values: Iterable<Value>): void {
    let first = true
    for (const v of values) {
      if (!first) { this.out += ', ' }
      first = false
      this.out += this.valueID(v, true)
    }
  }

  private blockName(block: Block): string {
    return this.names === null ? 'INVALIDBLOCK' : this.names.blockInfo(block).name
  }

  printSuccessor(block: Block): void {
    this.out += this.blockName(block)
  }

  printSuccessorAndUseList(block: Block, operands: readonly Value[]): void {
    this.out += this.blockName(block)
    if (operands.length === 0) { return }
    this.out += '('
    this.printOperands(operands)
    this.out += ' : '
    for (let i = 0; i < operands.length; i++) {
      if (i > 0) { this.out += ', ' }
      this.printType(operands[i]!.type)
    }
    this.out += ')'
  }

  printFunctionalType(inputs: readonly Type[], results: readonly Type[]): void {
    this.out += '('
    this.printTypes(inputs)
    this.out += ') -> '
    this.printResultTypes(results)
  }

  private printResultTypes(results: readonly Type[]): void {
    const wrapped = results.length !== 1 || results[0] instanceof FunctionType
    if (wrapped) { this.out += '(' }
    this.printTypes(results)
    if (wrapped) { this.out += ')' }
  }

  printArrowTypeList(types: readonly Type[]): void {
    if (types.length === 0) { return }
    this.out += ' -> '
    this.printResultTypes(types)
  }

  printRegionArgument(arg: BlockArgument, attrs?: readonly NamedAttribute[], omitType?: boolean): void {
    this.out += this.valueID(arg, true)
    if (omitType !== true) {
      this.out += ': '
      this.printType(arg.type)
    }
    if (attrs !== undefined) { this.printOptionalAttrDict(attrs) }
    this.printTrailingLocation(arg.location, false)
  }

  shadowRegionArgs(region: Region, names: readonly Value[]): void {
    this.names?.shadowRegionArgs(region, names)
  }

  // ---- operations -------------------------------------------------------------------

  /** Prints `op` with its results, indentation, trailing location and users comment. */
  printFullOpWithIndentAndLoc(op: Operation): void {
    if (this.indent > 0) { this.out += ' '.repeat(this.indent) }
    this.printFullOp(op)
    this.printTrailingLocation(op.location, true)
    if (this.flags.valueUsers) { this.printUsersComment(op) }
  }

  private printFullOp(op: Operation): void {
    const n = op.results.length
    if (n > 0) {
      const groups = this.names?.opResultGroups.get(op)
      if (groups !== undefined) {
        for (let i = 0; i < groups.length; i++) {
          if (i > 0) { this.out += ', ' }
          const start = groups[i]!
          const count = (i + 1 < groups.length ? groups[i + 1]! : n) - start
          this.out += this.valueID(op.results[start]!, false)
          if (count > 1) { this.out += ':' + count }
        }
      } else {
        this.out += this.valueID(op.results[0]!, false)
        if (n > 1) { this.out += ':' + n }
      }
      this.out += ' = '
    }
    this.printCustomOrGenericOp(op)
  }

  /** Prints the part after `%results = `: the custom form when available, else generic. */
  printCustomOrGenericOp(op: Operation): void {
    const def = op.name.def
    if (!this.flags.generic && def !== null && def.print) {
      const name = op.name.name
      const dd = this.defaultDialectStack[this.defaultDialectStack.length - 1]!
      if (dd.length > 0 && name.length > dd.length && name.startsWith(dd) && name.charCodeAt(dd.length) === 46 && name.indexOf('.', dd.length + 1) < 0) {
        this.out += name.slice(dd.length + 1)
      } else {
        this.out += name
      }
      def.print(op, this)
      return
    }
    this.printGenericOp(op, true)
  }

  printGenericOp(op: Operation, printOpName = true): void {
    if (printOpName) { this.out += quoteString(op.name.name) }
    this.out += '('
    const operands = op.operands
    for (let i = 0; i < operands.length; i++) {
      if (i > 0) { this.out += ', ' }
      this.out += this.valueID(operands[i]!.value, true)
    }
    this.out += ')'
    const succs = op.successors
    if (succs.length > 0) {
      this.out += '['
      for (let i = 0; i < succs.length; i++) {
        if (i > 0) { this.out += ', ' }
        this.out += this.blockName(succs[i]!.block)
      }
      this.out += ']'
    }
    if (op.properties.size > 0) {
      this.out += ' <'
      this.printAttribute(op.properties)
      this.out += '>'
    }
    const regions = op.regions
    if (regions.length > 0) {
      this.out += ' ('
      for (let i = 0; i < regions.length; i++) {
        if (i > 0) { this.out += ', ' }
        this.printRegion(regions[i]!, true, true, true)
      }
      this.out += ')'
    }
    this.printAttrDict(op.attributes.entries, undefined, false)
    this.out += ' : ('
    for (let i = 0; i < operands.length; i++) {
      if (i > 0) { this.out += ', ' }
      this.printType(operands[i]!.value.type)
    }
    this.out += ') -> '
    const results = op.results
    const wrapped = results.length !== 1 || results[0]!.type instanceof FunctionType
    if (wrapped) { this.out += '(' }
    for (let i = 0; i < results.length; i++) {
      if (i > 0) { this.out += ', ' }
      this.printType(results[i]!.type)
    }
    if (wrapped) { this.out += ')' }
  }

  printRegion(region: Region, printEntryBlockArgs = true, printBlockTerminators = true, printEmptyBlock = false): void {
    if (this.flags.skipRegions) {
      this.out += '{...}'
      return
    }
    this.out += '{\n'
    const entry = region.firstBlock
    if (entry !== null) {
      const parent = region.parentOp
      this.defaultDialectStack.push(parent?.name.def?.defaultDialect ?? '')
      const header = (printEmptyBlock && entry.firstOp === null) || (printEntryBlockArgs && entry.arguments.length !== 0)
      this.printBlock(entry, header, printBlockTerminators)
      for (let b = entry.nextBlock; b !== null; b = b.nextBlock) { this.printBlock(b, true, true) }
      this.defaultDialectStack.pop()
    }
    if (this.indent > 0) { this.out += ' '.repeat(this.indent) }
    this.out += '}'
  }

  private printBlock(block: Block, printHeader: boolean, printTerminator: boolean): void {
    if (printHeader) {
      if (this.indent > 0) { this.out += ' '.repeat(this.indent) }
      this.out += this.blockName(block)
      const args = block.arguments
      if (args.length > 0) {
        this.out += '('
        for (let i = 0; i < args.length; i++) {
          if (i > 0) { this.out += ', ' }
          const arg = args[i]!
          this.out += this.valueID(arg, true) + ': '
          this.printType(arg.type)
          this.printTrailingLocation(arg.location, false)
        }
        this.out += ')'
      }
      this.out += ':'
      this.printPredecessors(block)
      this.out += '\n'
    }
    this.indent += 2
    if (this.flags.valueUsers) {
      for (const arg of block.arguments) {
        this.out += ' '.repeat(this.indent)
        this.printArgUsersComment(arg)
      }
    }
    let stop = block.lastOp
    if (stop !== null && (printTerminator || !stop.hasTrait(Trait.IsTerminator))) { stop = null }
    for (let o = block.firstOp; o !== null && o !== stop; o = o.nextOp) {
      this.printFullOpWithIndentAndLoc(o)
      this.out += '\n'
      this.maybeFlush()
    }
    this.indent -= 2
  }

  private printPredecessors(block: Block): void {
    if (block.parent === null) {
      this.out += '  // block is not in a region!'
      return
    }
    const first = block.firstPredecessorUse
    if (first === null) {
      if (block.parent.firstBlock !== block) { this.out += '  // no predecessors' }
      return
    }
    if (first.nextUse === null) {
      const pred = first.owner.parentBlock
      this.out += '  // pred: ' + (pred === null ? 'INVALIDBLOCK' : this.blockName(pred))
      return
    }
    const infos: BlockInfo[] = []
    for (let u: typeof first | null = first; u !== null; u = u.nextUse) {
      const pred = u.owner.parentBlock
      if (pred !== null && this.names !== null) { infos.push(this.names.blockInfo(pred)) }
    }
    infos.sort((a, b) => a.ordering - b.ordering)
    this.out += '  // ' + infos.length + ' preds: '
    for (let i = 0; i < infos.length; i++) { this.out += (i > 0 ? ', ' : '') + infos[i]!.name }
  }

  // ---- value users comments ---------------------------------------------------------

  private printUsersComment(op: Operation): void {
    const n = op.results.length
    if (n === 0) {
      if (op.operands.length > 0) { this.out += ' // id: ' + this.operationID(op) }
      return
    }
    if (op.useEmpty) {
      this.out += ' // unused'
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
    this.out += one ? ' // user: ' : ' // users: '
    for (let i = 0; i < n; i++) {
      if (i > 0) { this.out += ', ' }
      if (n > 1) { this.out += '(' }
      this.printValueUsers(op.results[i]!)
      if (n > 1) { this.out += ')' }
    }
  }

  private printArgUsersComment(arg: BlockArgument): void {
    this.out += '// ' + this.valueID(arg, true)
    if (arg.firstUse === null) {
      this.out += ' is unused'
    } else {
      this.out += ' is used by '
      this.printValueUsers(arg)
    }
    this.out += '\n'
  }

  private printValueUsers(value: Value): void {
    if (value.firstUse === null) { this.out += 'unused' }
    const seen = new Set<Operation>()
    let index = 0
    for (let u = value.firstUse; u !== null; u = u.nextUse, index++) {
      const user = u.owner
      if (seen.has(user)) { continue }
      seen.add(user)
      if (index > 0) { this.out += ', ' }
      if (user.results.length === 0) {
        this.out += this.operationID(user)
      } else {
        for (let i = 0; i < user.results.length; i++) {
          if (i > 0) { this.out += ', ' }
          this.out += this.valueID(user.results[i]!, true)
        }
      }
    }
  }

  private operationID(op: Operation): string {
    return this.names === null ? '<<UNKNOWN OPERATION>>' : this.names.operationID(op)
  }
}

/** Little-endian hex of the raw storage of a dense int/float attribute, as MLIR's `getRawData`. */
function denseHex(attr: DenseIntOrFPElementsAttr): string {
  const type = attr.type
  let et = type.elementType
  const vals = attr.values
  const complex = et instanceof ComplexType
  if (et instanceof ComplexType) { et = et.elementType }
  if (et instanceof IntegerType && et.width === 1 && !complex) {
    // i1 elements are bit-packed, least significant bit first.
    const n = type.numElements
    const bytes = new Uint8Array(Math.ceil(n / 8))
    for (let i = 0; i < n; i++) {if (BigInt(vals[i]!) !== 0n) {bytes[i >> 3]! |= 1 << (i & 7)}}
    let s = ''
    for (const b of bytes) { s += HEX2[b]! }
    return s
  }
  let width: number
  if (et instanceof IntegerType) { width = Math.ceil(et.width / 8) * 8 }
  else if (et instanceof IndexType) { width = 64 }
  else if (et instanceof FloatType) { width = Math.ceil(et.width / 8) * 8 }
  else { width = 64 }
  const bytesPer = width / 8
  let s = ''
  const mask = (1n << BigInt(width)) - 1n
  for (let i = 0; i < vals.length; i++) {
    const v = vals[i]!
    let bits: bigint
    if (et instanceof FloatType) { bits = floatBits(Number(v), et.kind) }
    else { bits = BigInt(v) & mask }
    for (let b = 0; b < bytesPer; b++) {
      s += HEX2[Number(bits & 0xffn)]!
      bits >>= 8n
    }
  }
  return s
}

const HEX2: string[] = []
for (let i = 0; i < 256; i++) { HEX2.push((i < 16 ? '0' : '') + i.toString(16).toUpperCase()) }
