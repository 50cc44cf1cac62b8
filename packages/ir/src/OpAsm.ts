import type { AffineExpr, AffineMap } from './AffineMap.ts'
import type { Attribute, NamedAttribute } from './Attributes.ts'
import type { Block } from './Block.ts'
import type { Context } from './Context.ts'
import type { InFlightDiagnostic } from './Diagnostics.ts'
import type { Location, LocationSource } from './Location.ts'
import type { LogicalResult } from './LogicalResult.ts'
import type { Operation } from './Operation.ts'
import type { OperationName } from './OperationName.ts'
import { Region } from './Region.ts'
import type { Type } from './Types.ts'
import type { Value, BlockArgument } from './Value.ts'

/**
 * Everything needed to create an operation: filled in by builders and custom parsers,
 * then turned into an `Operation` with `Operation.create(state)`.
 */
export class OperationState {
  // Declared and assigned in the constructor rather than defined as class fields: the
  // parser makes one state per operation.
  declare operands: Value[]
  declare types: Type[]
  /** Inherent attributes (properties) of a registered op. */
  declare properties: NamedAttribute[]
  /** Discardable attributes; for registered ops, names that are inherent are moved to properties. */
  declare attributes: NamedAttribute[]
  /**
   * @internal For an unregistered op: its `<...>` properties attribute when that is not a non-empty
   * dictionary (`<{}>`, `<1>`); becomes `Operation.rawProperties`.
   */
  declare rawProperties: Attribute | null
  /**
   * @internal The `<{...}>` that a custom format's `prop-dict` read, moved into `properties`
   * after the op's parser returns, with MLIR's property-conversion check.
   */
  declare propDict: Attribute | null
  declare successors: Block[]
  declare regions: Region[]
  declare name: OperationName
  /** @internal The source of a location made on first use (see `atOffset`), else null. */
  declare locationSource: LocationSource | null
  /** @internal The offset in `locationSource`. */
  declare locationOffset: number
  declare private loc: Location | null
  constructor(location: Location, name: OperationName) {
    this.operands = []
    this.types = []
    this.properties = []
    this.attributes = []
    this.rawProperties = null
    this.propDict = null
    this.successors = []
    this.regions = []
    this.name = name
    this.locationSource = null
    this.locationOffset = -1
    this.loc = location
  }
  /**
   * @internal A state whose location is that of `offset` in `source`, made only when
   * someone asks for it; the op created from the state inherits the laziness.
   */
  static atOffset(source: LocationSource, offset: number, name: OperationName): OperationState {
    const state = new OperationState(null as unknown as Location, name)
    state.locationSource = source
    state.locationOffset = offset
    return state
  }
  /**
   * @internal Makes this state, whose op has been created, as `atOffset(source, offset, name)`
   * would make a new one, but for its lists, which the caller empties (the parser reuses
   * its states, which saves making the state and its six lists per op; it checks that the
   * lists are still the state's own).
   */
  resetAtOffset(source: LocationSource, offset: number, name: OperationName): void {
    this.rawProperties = null
    this.propDict = null
    this.name = name
    this.locationSource = source
    this.locationOffset = offset
    this.loc = null
  }
  /** The location of the op to create. */
  get location(): Location {
    let loc = this.loc
    if (loc === null) {
      loc = this.locationSource!.locationAt(this.locationOffset)
      this.loc = loc
    }
    return loc
  }
  set location(loc: Location) {
    this.loc = loc
    this.locationSource = null
    this.locationOffset = -1
  }
  /** The context, from the location (or its source). */
  get context(): Context {
    return this.loc !== null ? this.loc.context : this.locationSource!.context
  }
  addOperands(values: readonly Value[]): void {
    // Indexed loops: `for...of` compiles to the iterator protocol in a try block, several
    // times the optimized code (and compile time) of these small, hot methods.
    const operands = this.operands
    for (let i = 0; i < values.length; i++) {
      operands.push(values[i]!)
    }
  }
  addTypes(types: readonly Type[]): void {
    const own = this.types
    for (let i = 0; i < types.length; i++) {
      own.push(types[i]!)
    }
  }
  /** Adds a discardable-or-inherent attribute; `Operation.create` routes it. */
  addAttribute(name: string, value: Attribute): void {
    this.attributes.push({ name, value })
  }
  /** Adds an inherent attribute (property). */
  addProperty(name: string, value: Attribute): void {
    this.properties.push({ name, value })
  }
  /** Adds an empty region owned by the state and returns it. */
  addRegion(region?: Region): Region {
    const r = region ?? new Region()
    this.regions.push(r)
    return r
  }
  addSuccessor(block: Block): void {
    this.successors.push(block)
  }
  /** Looks up an attribute added so far (properties first). */
  getAttr(name: string): Attribute | undefined {
    for (const p of this.properties) {
      if (p.name === name) {
        return p.value
      }
    }
    for (const a of this.attributes) {
      if (a.name === name) {
        return a.value
      }
    }
    return undefined
  }
}

/** A reference to an SSA value not yet resolved to a type: `%name#2` at `location`. */
export interface UnresolvedOperand {
  readonly name: string
  readonly number: number
  readonly location: Location
}

/** A region entry argument as written in custom syntax: `%arg0: i32 {attrs} loc(...)`. */
export interface OpAsmArgument {
  ssaName: UnresolvedOperand
  type: Type | null
  attrs: NamedAttribute[] | null
  sourceLoc: Location | null
}

/** The delimiters around a list of operands or types. */
export type Delimiter =
  | 'none'
  | 'paren'
  | 'square'
  | 'lessgreater'
  | 'braces'
  | 'optionalParen'
  | 'optionalSquare'
  | 'optionalLessGreater'
  | 'optionalBraces'

/**
 * The parser as seen by an op's custom `parse` hook. `parseX` emits a diagnostic and
 * returns failure (`false`/`undefined`) when X is not there; `parseOptionalX` returns
 * failure without a diagnostic.
 */
export interface OpAsmParser {
  readonly context: Context
  /** Location of the op name being parsed. */
  getNameLoc(): Location
  /** Location of the current token. */
  getCurrentLocation(): Location
  /**
   * Byte offset of the current token: cheaper than `getCurrentLocation` when a location is
   * needed only for a possible diagnostic; `getLocationAt` turns it into one.
   */
  getCurrentOffset(): number
  /** The location of a byte offset returned by `getCurrentOffset`. */
  getLocationAt(offset: number): Location
  /** Number of results the source binds to the op being parsed (`%a, %b:2 = ...` binds 3). */
  getNumResults(): number
  /** The name (without `%`) and the index within its group of result `index` as written; `['', -1]` when out of range. */
  getResultName(index: number): [string, number]
  emitError(loc: Location, message: string): InFlightDiagnostic

  /** Parses `keyword`; otherwise reports "expected 'keyword'" followed by `msg`. */
  parseKeyword(keyword: string, msg?: string): LogicalResult
  parseOptionalKeyword(keyword: string): boolean
  /** Parses any bare identifier/keyword; undefined on failure (with a diagnostic). */
  parseKeywordOrUndefined(): string | undefined
  /** Parses any keyword if present. */
  parseOptionalKeywordAny(): string | undefined
  parseOptionalKeywordOneOf(allowed: readonly string[]): string | undefined
  parseString(): string | undefined
  parseOptionalString(): string | undefined
  parseInteger(): bigint | undefined
  parseOptionalInteger(): bigint | undefined

  parseColon(): LogicalResult
  parseOptionalColon(): boolean
  parseComma(): LogicalResult
  parseOptionalComma(): boolean
  parseEqual(): LogicalResult
  parseOptionalEqual(): boolean
  parseArrow(): LogicalResult
  parseOptionalArrow(): boolean
  parseLParen(): LogicalResult
  parseOptionalLParen(): boolean
  parseRParen(): LogicalResult
  parseOptionalRParen(): boolean
  parseLSquare(): LogicalResult
  parseOptionalLSquare(): boolean
  parseRSquare(): LogicalResult
  parseOptionalRSquare(): boolean
  parseLBrace(): LogicalResult
  parseOptionalLBrace(): boolean
  parseRBrace(): LogicalResult
  parseOptionalRBrace(): boolean
  parseLess(): LogicalResult
  parseOptionalLess(): boolean
  parseGreater(): LogicalResult
  parseOptionalGreater(): boolean
  parseOptionalQuestion(): boolean
  parseOptionalStar(): boolean
  parseOptionalVerticalBar(): boolean
  parseOptionalEllipsis(): boolean
  parseOptionalPlus(): boolean

  /**
   * MLIR's `parseDimensionList`: `4x?x8` into `dims` (`?` is `kDynamic` when `allowDynamic`);
   * with `withTrailingX` every dimension is followed by `x` (`4x8xf32` stops before `f32`).
   */
  parseDimensionList(dims: number[], allowDynamic: boolean, withTrailingX: boolean): LogicalResult
  parseType(): Type | undefined
  parseOptionalType(): Type | undefined
  parseColonType(): Type | undefined
  parseColonTypeList(): Type[] | undefined
  parseTypeList(): Type[] | undefined
  /** `-> type` or `-> (type, ...)`. */
  parseArrowTypeList(): Type[] | undefined
  parseOptionalArrowTypeList(): Type[] | undefined
  /** `(type, ...)` possibly empty, or a single non-function type. */
  parseFunctionResultTypes(): Type[] | undefined

  parseAttribute(type?: Type): Attribute | undefined
  parseOptionalAttribute(type?: Type): Attribute | undefined
  /** Parses `{...}` if present and appends to `attrs`. */
  parseOptionalAttrDict(attrs: NamedAttribute[]): LogicalResult
  /** Parses `attributes {...}` if present and appends to `attrs`. */
  parseOptionalAttrDictWithKeyword(attrs: NamedAttribute[]): LogicalResult
  /** Parses `@name` (as a string). */
  parseSymbolName(): string | undefined
  parseOptionalSymbolName(): string | undefined
  /** Parses a trailing `loc(...)` if present. */
  parseOptionalLocationSpecifier(): Location | null | undefined

  parseOperand(): UnresolvedOperand | undefined
  parseOptionalOperand(): UnresolvedOperand | null | undefined
  /**
   * Parses `[expr, ...]` whose affine expressions name SSA values (`%x` a dimension,
   * `symbol(%x)` a symbol); `parseElement` parses each new value (the current token is its
   * `%name`). Returns the map over the dimensions, then the symbols, in order of appearance.
   * With `delimiter` 'paren' the list is `(expr, ...)`.
   */
  parseAffineMapOfSSAIds(parseElement: (isSymbol: boolean) => boolean, delimiter?: 'square' | 'paren'): AffineMap | undefined
  /** One affine expression over SSA values, numbered as `parseAffineMapOfSSAIds` numbers them. */
  parseAffineExprOfSSAIds(parseElement: (isSymbol: boolean) => boolean): AffineExpr | undefined
  /** Parses an inline affine map `(d0, d1)[s0] -> (...)` (MLIR's `OpAsmParser::parseAffineMap`). */
  parseAffineMap(): AffineMap | undefined
  /**
   * MLIR's `parseCommaSeparatedList(delimiter, parseElt, contextMessage)`: `elt (, elt)*`
   * between `(`/`)` or `[`/`]` (possibly empty); a missing delimiter reports
   * "expected ']'" followed by `contextMessage` (e.g. ` in dynamic index list`).
   */
  parseDelimitedCommaList(delimiter: 'paren' | 'square', parseElt: () => boolean, contextMessage: string): LogicalResult
  /** `allowResultNumber` false rejects `%x#1` as upstream's argument lists do (`cf.switch` cases). */
  parseOperandList(delimiter?: Delimiter, requiredCount?: number, allowResultNumber?: boolean): UnresolvedOperand[] | undefined
  resolveOperand(operand: UnresolvedOperand, type: Type, result: Value[]): LogicalResult
  resolveOperands(
    operands: readonly UnresolvedOperand[],
    types: readonly Type[] | Type,
    loc: Location,
    result: Value[],
  ): LogicalResult

  /** `%x` or `%x : type attrs loc(...)` when `allowType`. */
  parseArgument(allowType: boolean, allowAttrs: boolean): OpAsmArgument | undefined
  parseOptionalArgument(allowType: boolean, allowAttrs: boolean): OpAsmArgument | null | undefined
  parseArgumentList(delimiter: Delimiter, allowType: boolean, allowAttrs: boolean): OpAsmArgument[] | undefined
  /** `(%inner = %outer, ...)`, possibly empty: region arguments paired with the operands that initialize them. */
  parseAssignmentList(args: OpAsmArgument[], operands: UnresolvedOperand[]): LogicalResult

  /** Parses `{ ... }` into `region`, defining `entryArgs` in its entry block. */
  parseRegion(region: Region, entryArgs?: readonly OpAsmArgument[], enableNameShadowing?: boolean): LogicalResult
  parseOptionalRegion(
    region: Region,
    entryArgs?: readonly OpAsmArgument[],
    enableNameShadowing?: boolean,
  ): LogicalResult | null
  parseSuccessor(): Block | undefined
  parseOptionalSuccessor(): Block | null | undefined
  /** `^bb(%a, %b : i32, i32)` style successor with operands. */
  parseSuccessorAndUseList(operands: Value[]): Block | undefined
  /** Parses one whole operation (generic or custom) and returns it; used by wrappers. */
  parseGenericOperationAfterOpName?(state: OperationState): LogicalResult
}

/** The printer as seen by an op's custom `print` hook. */
export interface OpAsmPrinter {
  readonly context: Context
  /** Appends raw text. */
  print(text: string): void
  printNewline(): void
  increaseIndent(): void
  decreaseIndent(): void
  printOperand(value: Value): void
  /** The text `printOperand(value)` would print (`%x`, `%0#1`); absent on printers that do not number values. */
  getOperandText?(value: Value): string
  printOperands(values: Iterable<Value>): void
  printType(type: Type): void
  printTypes(types: Iterable<Type>): void
  printAttribute(attr: Attribute): void
  printAttributeWithoutType(attr: Attribute): void
  /**
   * Prints the alias of `attr` and returns true when it has one (MLIR's `printAlias`); a
   * dialect printing a nested attribute in its stripped form falls back to the body.
   */
  printAlias?(attr: Attribute): boolean
  /** Prints ` {a = 1}` for the attributes not in `elided`; nothing when empty. */
  printOptionalAttrDict(attrs: readonly NamedAttribute[], elided?: readonly string[]): void
  printOptionalAttrDictWithKeyword(attrs: readonly NamedAttribute[], elided?: readonly string[]): void
  printSymbolName(name: string): void
  printKeywordOrString(name: string): void
  printString(value: string): void
  printSuccessor(block: Block): void
  printSuccessorAndUseList(block: Block, operands: readonly Value[]): void
  /** `(i32, f32) -> i1`. */
  printFunctionalType(inputs: readonly Type[], results: readonly Type[]): void
  /** ` -> i32` / ` -> (i32, f32)`; nothing when empty. */
  printArrowTypeList(types: readonly Type[]): void
  /** `%arg0: i32 {attrs} loc(...)`. */
  printRegionArgument(arg: BlockArgument, attrs?: readonly NamedAttribute[], omitType?: boolean): void
  printRegion(
    region: Region,
    printEntryBlockArgs?: boolean,
    printBlockTerminators?: boolean,
    printEmptyBlock?: boolean,
  ): void
  printOptionalLocationSpecifier(loc: Location): void
  /** Makes the entry block arguments of `region` print as `names`. */
  shadowRegionArgs(region: Region, names: readonly Value[]): void
  /** Prints the op in generic form (used for ops without a custom form). */
  printGenericOp(op: Operation, printOpName?: boolean): void
  /** Prints a float (rounded to `type` first) as MLIR does (`1.000000e+00`, `0x7FC00000`). */
  printFloat?(value: number, type: Type): void
  /** Prints the results of `map` with dims and symbols replaced by `operands` (`%a + symbol(%b)`). */
  printAffineMapOfSSAIds?(map: AffineMap, operands: readonly Value[]): void
  /** Prints `map` inline, `(d0, d1) -> (d1, d0)` (MLIR's `AsmPrinter << AffineMap`). */
  printAffineMap?(map: AffineMap): void
  /** Prints `expr` with dims and symbols replaced by the given operands. */
  printAffineExprOfSSAIds?(expr: AffineExpr, dimOperands: readonly Value[], symOperands: readonly Value[]): void
}
