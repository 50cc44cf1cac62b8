import {
  AffineMapAttr,
  ArrayAttr,
  type Attribute,
  DenseArrayAttr,
  DenseElementsAttr,
  DialectAttr,
  DictionaryAttr,
  DistinctAttr,
  FloatAttr,
  IntegerAttr,
  IntegerSetAttr,
  OpaqueAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
  type NamedAttribute,
} from '../Attributes.ts'
import type { Block } from '../Block.ts'
import type { Context } from '../Context.ts'
import { CallSiteLoc, DialectLoc, FusedLoc, type Location, NameLoc, OpaqueLoc, UnknownLoc } from '../Location.ts'
import type { Operation } from '../Operation.ts'
import { Trait, type OpDefinition } from '../OperationName.ts'
import type { OpAsmPrinter } from '../OpAsm.ts'
import type { Region } from '../Region.ts'
import {
  ComplexType,
  isDialectType,
  FunctionType,
  MemRefType,
  NoneType,
  RankedTensorType,
  TupleType,
  Type,
  UnrankedMemRefType,
  UnrankedTensorType,
  VectorType,
} from '../Types.ts'
import type { BlockArgument, Value } from '../Value.ts'
import { sanitizeIdentifier } from './text.ts'
import { SparseElementsAttr } from '../SparseElements.ts'

/** Slots of `AliasCollector`'s cache of plain attributes and types (a power of two). */
const PLAIN_CACHE_SIZE = 256
const PLAIN_CACHE_MASK = PLAIN_CACHE_SIZE - 1

/** A dialect definition known to have `getAlias`. */
type AliasDialect = { getAlias(x: Attribute | Type): string | undefined }

/** @internal One attribute or type seen while collecting aliases. */
class AliasInfo {
  alias: string | null = null
  depth = 0
  isType = false
  canBeDeferred = false
  children: number[] = []
  constructor(readonly symbol: Attribute | Type) {}
}

/** @internal A chosen alias: `#map1`, `!tuple`. */
export class SymbolAlias {
  constructor(
    readonly symbol: Attribute | Type,
    /** Full printed name, with `#`/`!` and suffix. */
    readonly name: string,
    readonly isType: boolean,
    readonly canBeDeferred: boolean,
  ) {}
}

/** @internal The type of an attribute that MLIR treats as a `TypedAttr`, or null. */
export function typedAttrType(attr: Attribute): Type | null {
  if (attr instanceof IntegerAttr || attr instanceof FloatAttr) {
    return attr.type
  }
  if (attr instanceof DenseElementsAttr || attr instanceof SparseElementsAttr) {
    return attr.type
  }
  if (attr instanceof StringAttr || attr instanceof OpaqueAttr) {
    return attr.type
  }
  return null
}

/**
 * @internal Collects the attributes and types a print would emit, as MLIR's dummy
 * alias printers do, and picks aliases for them: ordered by nesting depth, types
 * before attributes, then by name; equal names are numbered in visit order.
 */
export class AliasCollector implements OpAsmPrinter {
  readonly context: Context
  private readonly infos: AliasInfo[] = []
  private readonly index: Map<Attribute | Type, number> = new Map()
  /** The loaded dialects that give aliases (the builtin one and a few more). */
  private readonly aliasDialects: AliasDialect[]
  /**
   * Those of them but the builtin dialect, which gives no integer, float, string or symbol
   * reference an alias: the ones `plainAttrs` asks about those (usually none).
   */
  private readonly scalarAliasDialects: AliasDialect[]
  private lastIndex = 0
  /** Number of the visited attributes and types a dialect gives an alias. */
  private numAliased = 0
  /**
   * Attributes and types found plain (see `isPlainSymbol`), each in the slot of its `id`
   * modulo the size: most ops repeat a few, which are then found without a map lookup.
   */
  private readonly plainCache: (Attribute | Type | null)[] = new Array<Attribute | Type | null>(PLAIN_CACHE_SIZE).fill(null)
  /** Whether an attribute or type visited alone yields no alias (see `isPlainSymbol`). */
  private readonly plainness: Map<Attribute | Type, boolean> = new Map()
  /** The collector `isPlainSymbol` visits a symbol with, made on first use. */
  private probe: AliasCollector | null = null
  // State of the nested (dialect-level) visit in progress; `children` is null at op level.
  private children: number[] | null = null
  private maxDepth = 0
  private deferrable = false

  constructor(
    context: Context,
    private readonly generic: boolean,
    private readonly debugInfo: boolean,
    private readonly skipRegions: boolean,
  ) {
    this.context = context
    this.aliasDialects = []
    this.scalarAliasDialects = []
    for (const d of context.loadedDialects) {
      const def = d.def
      if (def.getAlias) {
        this.aliasDialects.push(def as AliasDialect)
        if (def.namespace !== 'builtin') {
          this.scalarAliasDialects.push(def as AliasDialect)
        }
      }
    }
  }

  /** Visits `op` and everything it prints, then returns the chosen aliases in print order. */
  collect(op: Operation): SymbolAlias[] {
    this.printCustomOrGenericOp(op)
    const order: AliasInfo[] = []
    for (const info of this.infos) {if (info.alias !== null) {order.push(info)}}
    order.sort((a, b) => {
      if (a.depth !== b.depth) {
        return a.depth - b.depth
      }
      if (a.isType !== b.isType) {
        return a.isType ? -1 : 1
      }
      return a.alias! < b.alias! ? -1 : a.alias! > b.alias! ? 1 : 0
    })
    const counts = new Map<string, number>()
    const out: SymbolAlias[] = []
    for (const info of order) {
      const base = info.alias!
      const n = counts.get(base) ?? 0
      counts.set(base, n + 1)
      out.push(new SymbolAlias(info.symbol, (info.isType ? '!' : '#') + base + (n === 0 ? '' : String(n)), info.isType, info.canBeDeferred))
    }
    return out
  }

  /**
   * Whether some attribute or type visited so far has an alias. A collector made with
   * `skipRegions` that visited every op of a root (`printCustomOrGenericOp`) and the type
   * of every block argument in it has visited everything `collect(root)` would, and more:
   * when it found no alias, `collect(root)` would return none.
   */
  get foundAlias(): boolean {
    return this.numAliased !== 0
  }

  // ---- visiting ---------------------------------------------------------------------

  private visit(symbol: Attribute | Type, canBeDeferred: boolean, elideType: boolean): number {
    const existing = this.index.get(symbol)
    if (existing !== undefined) {
      if (!canBeDeferred) {
        this.markNonDeferrable(existing)
      }
      this.lastIndex = existing
      return this.infos[existing]!.depth
    }
    const idx = this.infos.length
    const info = new AliasInfo(symbol)
    this.infos.push(info)
    this.index.set(symbol, idx)
    this.generateAlias(symbol, info, canBeDeferred)

    const savedChildren = this.children
    const savedMax = this.maxDepth
    const savedDeferrable = this.deferrable
    const children: number[] = []
    this.children = children
    this.maxDepth = 0
    this.deferrable = canBeDeferred
    if (symbol instanceof Type) {
      this.visitTypeChildren(symbol)
    } else {
      this.visitAttrChildren(symbol, elideType)
    }
    const max = this.maxDepth
    this.children = savedChildren
    this.maxDepth = savedMax
    this.deferrable = savedDeferrable

    info.children = children
    if (max > 0) {
      info.depth = max + 1
    }
    this.lastIndex = idx
    return info.depth
  }

  private markNonDeferrable(idx: number): void {
    const info = this.infos[idx]!
    if (!info.canBeDeferred) {
      return
    }
    info.canBeDeferred = false
    for (const c of info.children) {
      this.markNonDeferrable(c)
    }
  }

  /** The alias a loaded dialect gives `symbol` (the last one that gives any), or undefined. */
  private dialectAlias(symbol: Attribute | Type): string | undefined {
    let name: string | undefined
    const dialects = this.aliasDialects
    for (let i = 0; i < dialects.length; i++) {
      const n = dialects[i]!.getAlias(symbol)
      if (n !== undefined && n.length > 0) {
        name = n
      }
    }
    return name
  }

  /** Whether a dialect gives `a`, an integer, float, string or symbol reference, an alias. */
  private scalarHasAlias(a: Attribute): boolean {
    const dialects = this.scalarAliasDialects
    for (let i = 0; i < dialects.length; i++) {
      const n = dialects[i]!.getAlias(a)
      if (n !== undefined && n.length > 0) {
        return true
      }
    }
    return false
  }

  private generateAlias(symbol: Attribute | Type, info: AliasInfo, canBeDeferred: boolean): void {
    const name = this.dialectAlias(symbol)
    if (name === undefined) {
      return
    }
    info.alias = sanitizeIdentifier(name, '$_-', false)
    this.numAliased++
    info.depth = 1
    info.isType = symbol instanceof Type
    info.canBeDeferred = canBeDeferred
  }

  /** Records a nested element at dialect level, or visits it at op level. */
  private element(symbol: Attribute | Type, elideType: boolean): void {
    const children = this.children
    if (children === null) {
      this.visit(symbol, false, elideType)
      return
    }
    const depth = this.visit(symbol, this.deferrable, elideType)
    children.push(this.lastIndex)
    if (depth > this.maxDepth) {
      this.maxDepth = depth
    }
  }

  private visitAttrChildren(attr: Attribute, elideType: boolean): void {
    if (attr instanceof DialectAttr || attr instanceof DialectLoc) {
      this.context.getLoadedDialect(attr.dialectNamespace)?.def.printAttribute?.(attr, this)
    } else if (
      attr instanceof AffineMapAttr ||
      attr instanceof DenseArrayAttr ||
      attr instanceof FloatAttr ||
      attr instanceof IntegerAttr ||
      attr instanceof IntegerSetAttr ||
      attr instanceof UnitAttr
    ) {
      return
    } else if (attr instanceof DistinctAttr) {
      this.element(attr.referencedAttr, false)
    } else if (attr instanceof SparseElementsAttr) {
      this.element(attr.type, false)
      this.element(attr.indices, false)
      this.element(attr.values, false)
    } else if (attr instanceof DictionaryAttr) {
      for (const e of attr.entries) {
        this.element(e.value, false)
      }
    } else if (attr instanceof ArrayAttr) {
      for (const e of attr.elements) {
        this.element(e, false)
      }
    } else if (attr instanceof TypeAttr) {
      this.element(attr.value, false)
    } else if (attr instanceof OpaqueLoc) {
      this.element(attr.fallback, false)
    } else if (attr instanceof NameLoc) {
      if (!(attr.childLoc instanceof UnknownLoc)) {
        this.element(attr.childLoc, false)
      }
    } else if (attr instanceof CallSiteLoc) {
      this.element(attr.callee, false)
      this.element(attr.caller, false)
    } else if (attr instanceof FusedLoc) {
      if (attr.metadata !== null) {
        this.element(attr.metadata, false)
      }
      for (const l of attr.locations) {
        this.element(l, false)
      }
    }
    if (!elideType) {
      const t = typedAttrType(attr)
      if (t !== null && !(t instanceof NoneType)) {
        this.element(t, false)
      }
    }
  }

  private visitTypeChildren(type: Type): void {
    if (isDialectType(type)) {
      this.context.getLoadedDialect(type.dialectNamespace)?.def.printType?.(type, this)
      return
    }
    if (type instanceof MemRefType) {
      this.element(type.elementType, false)
      if (type.layout !== null && !(type.layout instanceof AffineMapAttr && type.layout.value.isIdentity)) {
        this.element(type.layout, false)
      }
      if (type.memorySpace !== null) {
        this.element(type.memorySpace, false)
      }
      return
    }
    if (type instanceof FunctionType) {
      for (const t of type.inputs) {
        this.element(t, false)
      }
      for (const t of type.results) {
        this.element(t, false)
      }
    } else if (type instanceof VectorType || type instanceof UnrankedTensorType || type instanceof ComplexType) {
      this.element(type.elementType, false)
    } else if (type instanceof RankedTensorType) {
      this.element(type.elementType, false)
      if (type.encoding !== null) {
        this.element(type.encoding, false)
      }
    } else if (type instanceof UnrankedMemRefType) {
      this.element(type.elementType, false)
      if (type.memorySpace !== null) {
        this.element(type.memorySpace, false)
      }
    } else if (type instanceof TupleType) {
      for (const t of type.types) {
        this.element(t, false)
      }
    }
  }

  // ---- op-level dummy printing ------------------------------------------------------

  /** Visits an op as the real printer would print it. */
  printCustomOrGenericOp(op: Operation): void {
    if (this.debugInfo) {
      this.visit(op.location, true, false)
    }
    const def = op.name.def
    if (!this.generic && def !== null && def.print) {
      // An op that prints only its own elements, none of which can have an alias, adds
      // nothing: most ops of a large module are like that, and the dummy print is skipped.
      // With regions skipped (the probe), an op with regions is alike: its nested ops and
      // block argument types are shown to the probe one by one (see `SSANameState`).
      if ((op.regions.length === 0 || (this.skipRegions && !this.debugInfo)) && def.printsOnlyOwnElements === true && this.ownElementsPlain(op)) {
        return
      }
      def.print(op, this)
      return
    }
    this.printGenericOp(op)
  }

  /**
   * The probe's visit of `op`, whose definition `def` the numbering has read: what
   * `printCustomOrGenericOp` does in a collector made with `skipRegions` and without debug
   * info, as the probe is (see `SSANameState`), less the reads it would repeat.
   */
  probeOp(op: Operation, def: OpDefinition | null): void {
    if (!this.generic && def !== null && def.print) {
      if (def.printsOnlyOwnElements === true && this.ownElementsPlain(op)) {
        return
      }
      def.print(op, this)
      return
    }
    this.printGenericOp(op)
  }

  /** The probe's visit of a block argument's type: nothing to visit when it is plain. */
  probeType(t: Type): void {
    if (this.plainCache[t.id & PLAIN_CACHE_MASK] !== t && !this.isPlainType(t)) {
      this.element(t, false)
    }
  }

  /** Whether no operand or result type and no attribute of `op` can have an alias. */
  private ownElementsPlain(op: Operation): boolean {
    // The types found in their cache slot are decided without a call, and a type equal to
    // the one before it (the operands and results of most ops share one) without a lookup.
    const cache = this.plainCache
    let last: Type | null = null
    const results = op.results
    for (let i = 0, n = results.length; i < n; i++) {
      const t = results[i]!.type
      if (t !== last) {
        if (cache[t.id & PLAIN_CACHE_MASK] !== t && !this.isPlainType(t)) {
          return false
        }
        last = t
      }
    }
    const operands = op.operands
    for (let i = 0, n = operands.length; i < n; i++) {
      const t = operands[i]!.value.type
      if (t !== last) {
        if (cache[t.id & PLAIN_CACHE_MASK] !== t && !this.isPlainType(t)) {
          return false
        }
        last = t
      }
    }
    const props = op.properties.entries
    const attrs = op.extras.attributes.entries
    return (props.length === 0 || this.plainAttrs(props)) && (attrs.length === 0 || this.plainAttrs(attrs))
  }

  private plainAttrs(attrs: readonly NamedAttribute[]): boolean {
    const cache = this.plainCache
    const scalarsPlain = this.scalarAliasDialects.length === 0
    for (let i = 0, n = attrs.length; i < n; i++) {
      const a = attrs[i]!.value
      // Scalars, names and symbol references are many distinct objects (a constant, a
      // function name, a callee per op) with no nested attribute: decided from their type,
      // not remembered in the map.
      // The classes are told by their constructor first (none has subclasses): until this
      // code is optimized, an `instanceof` costs a few hundred instructions.
      const ctor = a.constructor
      if (scalarsPlain && (ctor === SymbolRefAttr || (ctor === StringAttr && (a as StringAttr).type === null))) {
        // No loaded dialect but the builtin one gives aliases, and it gives none to a
        // symbol reference or a string: plain, without a slot of the cache (a callee per
        // call op, a name per function).
        continue
      }
      const slot = a.id & PLAIN_CACHE_MASK
      if (cache[slot] === a) {
        continue
      }
      if (ctor === StringAttr || ctor === SymbolRefAttr) {
        if (this.scalarHasAlias(a)) {
          return false
        }
        const t = ctor === StringAttr ? (a as StringAttr).type : null
        if (t !== null && t.constructor !== NoneType && !this.isPlainType(t)) {
          return false
        }
      } else if (ctor === IntegerAttr || ctor === FloatAttr || a instanceof IntegerAttr || a instanceof FloatAttr) {
        if (this.scalarHasAlias(a) || !this.isPlainType((a as IntegerAttr | FloatAttr).type)) {
          return false
        }
      } else if (!this.isPlainSymbol(a)) {
        return false
      }
      cache[slot] = a
    }
    return true
  }

  private isPlainType(t: Type): boolean {
    const slot = t.id & PLAIN_CACHE_MASK
    if (this.plainCache[slot] === t) {
      return true
    }
    const plain = this.isPlainSymbol(t)
    if (plain) {
      this.plainCache[slot] = t
    }
    return plain
  }

  /**
   * Whether visiting `symbol` (with its type) finds no alias anywhere in it: then
   * visiting it or not changes no printed alias. Decided once per symbol by a separate
   * collector, so this one records nothing.
   */
  private isPlainSymbol(symbol: Attribute | Type): boolean {
    let plain = this.plainness.get(symbol)
    if (plain === undefined) {
      // One probe, emptied before each use: a collector is a few KB to make, and a module
      // has a distinct symbol per call site or constant.
      let probe = this.probe
      if (probe === null) {
        probe = new AliasCollector(this.context, this.generic, false, this.skipRegions)
        this.probe = probe
      } else {
        probe.forgetVisits()
      }
      probe.visit(symbol, false, false)
      plain = probe.numAliased === 0
      this.plainness.set(symbol, plain)
    }
    return plain
  }

  /** Forgets every visited attribute and type (what `isPlainSymbol` found stays). */
  private forgetVisits(): void {
    this.infos.length = 0
    this.index.clear()
    this.lastIndex = 0
    this.numAliased = 0
  }

  printGenericOp(op: Operation): void {
    if (!this.skipRegions) {
      for (const r of op.regions) {
        this.printRegion(r, true, true)
      }
    }
    for (const o of op.operands) {
      this.printType(o.value.type)
    }
    for (const r of op.results) {
      this.printType(r.type)
    }
    // An unregistered op keeps its properties as one opaque attribute that MLIR's alias
    // walk does not see; a registered op's inherent attributes are part of its attributes.
    const attrs = op.isRegistered ? op.getAttrs() : op.attributes.entries
    for (const a of attrs) {
      this.printAttribute(a.value)
    }
  }

  private printBlock(block: Block, printArgs: boolean, printTerminator: boolean): void {
    if (printArgs) {
      for (const arg of block.arguments) {
        this.printType(arg.type)
        if (this.debugInfo) {
          this.visit(arg.location, false, false)
        }
      }
    }
    let last = block.lastOp
    if (last !== null && (printTerminator || !last.hasTrait(Trait.IsTerminator))) {
      last = null
    }
    for (let o = block.firstOp; o !== null && o !== last; o = o.nextOp) {
      this.printCustomOrGenericOp(o)
    }
  }

  printRegion(region: Region, printEntryBlockArgs = true, printBlockTerminators = true): void {
    if (region.firstBlock === null || this.skipRegions) {
      return
    }
    this.printBlock(region.firstBlock, printEntryBlockArgs, printBlockTerminators)
    for (let b = region.firstBlock.nextBlock; b !== null; b = b.nextBlock) {
      this.printBlock(b, true, true)
    }
  }

  printRegionArgument(arg: BlockArgument): void {
    this.printType(arg.type)
    if (this.debugInfo) {
      this.visit(arg.location, false, false)
    }
  }

  printType(type: Type): void {
    this.element(type, false)
  }
  printTypes(types: Iterable<Type>): void {
    for (const t of types) {
      this.printType(t)
    }
  }
  printAttribute(attr: Attribute): void {
    this.element(attr, false)
  }
  printAttributeWithoutType(attr: Attribute): void {
    this.element(attr, true)
  }
  /** Records `attr` as a nested element, as MLIR's dummy printer does: its alias (if any) is printed. */
  printAlias(attr: Attribute): boolean {
    this.element(attr, false)
    return true
  }
  printOptionalLocationSpecifier(loc: Location): void {
    this.printAttribute(loc)
  }
  printOptionalAttrDict(attrs: readonly NamedAttribute[], elided?: readonly string[]): void {
    for (const a of attrs) {if (elided === undefined || !elided.includes(a.name)) {this.printAttribute(a.value)}}
  }
  printOptionalAttrDictWithKeyword(attrs: readonly NamedAttribute[], elided?: readonly string[]): void {
    this.printOptionalAttrDict(attrs, elided)
  }
  printFunctionalType(inputs: readonly Type[], results: readonly Type[]): void {
    this.printTypes(inputs)
    this.printTypes(results)
  }
  printArrowTypeList(types: readonly Type[]): void {
    this.printTypes(types)
  }
  printSuccessorAndUseList(_block: Block, operands: readonly Value[]): void {
    for (const v of operands) {
      this.printType(v.type)
    }
  }

  // Hooks with no attribute or type to visit.
  print(): void {}
  printNewline(): void {}
  increaseIndent(): void {}
  decreaseIndent(): void {}
  printOperand(): void {}
  printOperands(): void {}
  printSymbolName(): void {}
  printKeywordOrString(): void {}
  printString(): void {}
  printSuccessor(): void {}
  shadowRegionArgs(): void {}
  printFloat(): void {}
  printAffineMapOfSSAIds(): void {}
  printAffineExprOfSSAIds(): void {}
}
