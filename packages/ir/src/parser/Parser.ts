import {
  AffineMapAttr,
  ArrayAttr,
  type Attribute,
  BoolAttr,
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  DenseResourceElementsAttr,
  DenseStringElementsAttr,
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
import type { Context } from '../Context.ts'
import type { InFlightDiagnostic } from '../Diagnostics.ts'
import { CallSiteLoc, FileLineColLoc, FusedLoc, Location, NameLoc, UnknownLoc } from '../Location.ts'
import type { OpAsmParser } from '../OpAsm.ts'
import {
  ComplexType,
  FloatType,
  FunctionType,
  IndexType,
  IntegerType,
  DialectType,
  MemRefType,
  NoneType,
  OpaqueType,
  RankedTensorType,
  ShapedType,
  Signedness,
  TupleType,
  type Type,
  UnrankedMemRefType,
  UnrankedTensorType,
  VectorType,
  isFloatKind,
  kDynamic,
} from '../Types.ts'
import { parseAffineMapOrSetBody } from './AffineParser.ts'
import { parseSparseElementsAttr } from './SparseParser.ts'
import { denseStoredFloat, floatAttrFromBits, floatExtraBits, isWideFloatKind, roundedNaNBits } from '../FloatFormats.ts'
import { floatBitWidth, floatFromBits, roundToFloatKind } from './FloatBits.ts'
import { Lexer, Tok, decodeStringLiteral } from './Lexer.ts'
import { SourceLocator } from './SourceLocator.ts'
import { attrToString, typeToString } from './diagText.ts'
import { sameElements } from '../internal/lists.ts'

const C_LF = 10
const C_CR = 13
const C_SPACE = 32
const C_TAB = 9
const C_DQUOTE = 34
const C_BACKSLASH = 92
const C_x = 120

/** Resources from the file metadata block `{-# ... #-}`: each entry is kept as an attribute. */
export interface FileResources {
  /** `dialect_resources: { dialect: { key: value } }`. */
  readonly dialectResources: Map<string, Map<string, Attribute>>
  /** `external_resources: { group: { key: value } }` (crash reproducers keep `mlir_reproducer` here). */
  readonly externalResources: Map<string, Map<string, Attribute>>
}

/**
 * @internal The recursive-descent parser for types, attributes and locations; the
 * operation parser extends it. All state (lexer, aliases, line table) is shared by
 * the nested parsers of one buffer.
 */
export abstract class Parser {
  readonly context: Context
  readonly lex: Lexer
  readonly src: string
  readonly filename: string
  readonly bufferStart: number
  /** Attribute aliases `#name = ...`. */
  readonly attributeAliases: Map<string, Attribute> = new Map()
  /** Type aliases `!name = ...`. */
  readonly typeAliases: Map<string, Type> = new Map()
  /**
   * How deeply the values of the attribute and type aliases nest (those that nest at all):
   * a use of an alias nests its value, which the lexer's bracket count does not see there.
   */
  readonly attributeAliasNesting: Map<string, number> = new Map()
  readonly typeAliasNesting: Map<string, number> = new Map()
  /** Set once any error was emitted. */
  hadError = false
  /**
   * The name of the op whose custom parse hook runs ('' when none, and inside dialect type
   * and attribute hooks): MLIR prefixes errors emitted through the op's asm parser with
   * `custom op '<name>' `, which is built only for an error.
   */
  customOpErrorName = ''
  /** Locations of offsets in `src`; parsed operations keep it to make theirs on first use. */
  readonly locator: SourceLocator
  private readonly i64Type: IntegerType
  private readonly intTypeCache: IntegerType[] = []
  /**
   * Integer attributes of short decimal literals parsed so far, by type and signed value, and
   * float attributes by type and spelling: a large module repeats its constants, and
   * interning one from scratch builds a BigInt and a string key.
   */
  private readonly intAttrCache = new Map<Type, Map<number, Attribute>>()
  private readonly floatAttrCache = new Map<Type, Map<string, Attribute>>()

  constructor(context: Context, src: string, filename: string, bufferStart: number, bufferEnd: number) {
    this.context = context
    this.src = src
    this.filename = filename
    this.bufferStart = bufferStart
    this.locator = new SourceLocator(context, src, filename)
    this.lex = new Lexer(src, (offset, message) => this.emitLexError(offset, message), bufferStart, bufferEnd)
    this.i64Type = IntegerType.get(context, 64)
    this.lex.lex()
  }

  /** The parser as the `OpAsmParser` that dialect hooks receive. */
  abstract asOpAsmParser(): OpAsmParser

  // ---- Locations and diagnostics ------------------------------------------------------

  /** The 1-based `[line, column]` of `offset`; columns count UTF-8 bytes, as LLVM's SourceMgr does. */
  lineCol(offset: number): [number, number] {
    return this.locator.lineCol(offset)
  }

  /** `FileLineColLoc` of `offset`. */
  locAt(offset: number): FileLineColLoc {
    return this.locator.locationAt(offset)
  }

  /** Emits an error at `loc` (an offset or a location); a no-op echo when the lexer already reported. */
  emitErrorAt(loc: number | Location, message: string): InFlightDiagnostic {
    const d = this.context.emitError(typeof loc === 'number' ? this.locAt(loc) : loc, message)
    // The lexer already reported the problem behind an error token.
    if (this.lex.kind === Tok.error) {
      d.abandon()
    }
    this.hadError = true
    return d
  }

  /** Emits an error at the current token and returns null. */
  errorHere(message: string): null {
    this.emitErrorAt(this.lex.start, message).report()
    return null
  }

  /**
   * Emits an "expected ..." error as MLIR does for an unexpected token: just after the
   * previous token, skipping back over blank lines and comments.
   */
  emitWrongTokenError(message: string): InFlightDiagnostic {
    const src = this.src
    let loc = this.lex.start
    if (this.lex.kind === Tok.eof) {
      loc = loc - 1
    }
    const original = loc
    let end = loc
    const begin = this.bufferStart
    for (;;) {
      while (end > begin && (src.charCodeAt(end - 1) === C_SPACE || src.charCodeAt(end - 1) === C_TAB)) {
        end--
      }
      if (end <= begin) {
        return this.emitErrorAt(original < begin ? begin : original, message)
      }
      const c = src.charCodeAt(end - 1)
      if (c !== C_LF && c !== C_CR) {
        return this.emitErrorAt(end, message)
      }
      end--
      let lineStart = end
      while (lineStart > begin && src.charCodeAt(lineStart - 1) !== C_LF && src.charCodeAt(lineStart - 1) !== C_CR) {
        lineStart--
      }
      const comment = src.indexOf('//', lineStart)
      if (comment >= 0 && comment < end) {
        end = comment
      }
    }
  }

  /** `emitWrongTokenError` that reports at once and returns null. */
  wrongToken(message: string): null {
    this.emitWrongTokenError(message).report()
    return null
  }

  private emitLexError(offset: number, message: string): void {
    this.hadError = true
    this.context.emitError(this.locAt(offset), message).report()
  }

  // ---- Tokens ---------------------------------------------------------------------------

  get kind(): Tok {
    return this.lex.kind
  }
  /** True when the current token is `kind` (a call, so TypeScript does not narrow across `consume()`). */
  at(kind: Tok): boolean {
    return this.lex.kind === kind
  }
  consume(): void {
    this.lex.lex()
  }
  consumeIf(kind: Tok): boolean {
    if (this.lex.kind !== kind) {
      return false
    }
    this.lex.lex()
    return true
  }
  /** Consumes `kind` or emits `message` as a wrong-token error; returns success. */
  expect(kind: Tok, message: string): boolean {
    if (this.lex.kind === kind) {
      this.lex.lex()
      return true
    }
    this.emitWrongTokenError(message).report()
    return false
  }
  isKeyword(kw: string): boolean {
    return this.lex.is(kw)
  }
  consumeKeyword(kw: string): boolean {
    if (!this.lex.is(kw)) {
      return false
    }
    this.lex.lex()
    return true
  }
  get spelling(): string {
    return this.lex.spelling
  }
  /** Decoded value of the current string token. */
  stringValue(): string {
    return decodeStringLiteral(this.src, this.lex.start, this.lex.end)
  }
  /** The symbol name of the current `@identifier` token. */
  symbolName(): string {
    const l = this.lex
    if (this.src.charCodeAt(l.start + 1) === C_DQUOTE) {
      return decodeStringLiteral(this.src, l.start + 1, l.end)
    }
    return this.src.slice(l.start + 1, l.end)
  }

  /**
   * Parses `elt (, elt)*` between `open` and `close` (MLIR's `parseCommaSeparatedList`
   * with a delimiter); `contextMessage` (e.g. ` in fused location`) ends the errors.
   */
  parseCommaSeparatedList(open: Tok, close: Tok, contextMessage: string, parseElt: () => boolean, allowEmpty = true): boolean {
    if (open !== Tok.eof && !this.expect(open, `expected '${tokSpell(open)}'${contextMessage}`)) {
      return false
    }
    if (allowEmpty && this.lex.kind === close) {
      this.consume()
      return true
    }
    do {
      if (!parseElt()) {
        return false
      }
    } while (this.consumeIf(Tok.comma))
    return this.expect(close, `expected '${tokSpell(close)}'${contextMessage}`)
  }

  /** Parses `elt (, elt)*` until the already-open list's `close` token. */
  parseCommaSeparatedListUntil(close: Tok, parseElt: () => boolean, allowEmpty = true): boolean {
    if (this.lex.kind === close) {
      if (allowEmpty) {
        this.consume()
        return true
      }
      if (!parseElt()) {
        return false
      }
    }
    do {
      if (!parseElt()) {
        return false
      }
    } while (this.consumeIf(Tok.comma))
    return this.expect(close, `expected ',' or '${tokSpell(close)}'`)
  }

  // ---- Types ----------------------------------------------------------------------------

  /** Parses any type; null after a diagnostic. */
  parseTypeImpl(): Type | null {
    if (this.lex.kind === Tok.lParen) {
      return this.parseFunctionType()
    }
    return this.parseNonFunctionType()
  }

  /** Parses a type if one starts here; undefined when none does (no diagnostic). */
  parseOptionalTypeImpl(): Type | null | undefined {
    switch (this.lex.kind) {
      case Tok.inttype:
      case Tok.exclamationIdentifier:
      case Tok.lParen:
        return this.parseTypeImpl()
      case Tok.bareIdentifier:
        if (this.isTypeKeyword()) {
          return this.parseTypeImpl()
        }
        return undefined
      default:
        return undefined
    }
  }

  private isTypeKeyword(): boolean {
    const l = this.lex
    const c = this.src.charCodeAt(l.start)
    switch (c) {
      case 98: // b
        return l.is('bf16')
      case 99: // c
        return l.is('complex')
      case 102: // f
        return isFloatKind(l.spelling)
      case 105: // i
        return l.is('index')
      case 109: // m
        return l.is('memref')
      case 110: // n
        return l.is('none')
      case 116: // t
        return l.is('tensor') || l.is('tuple') || l.is('tf32')
      case 118: // v
        return l.is('vector')
      default:
        return false
    }
  }

  /** `(inputs) -> results`. */
  parseFunctionType(): FunctionType | null {
    const inputs: Type[] = []
    if (!this.parseTypeListParens(inputs)) {
      return null
    }
    if (!this.expect(Tok.arrow, "expected '->' in function type")) {
      return null
    }
    const results = this.parseFunctionResultTypesImpl()
    if (results === null) {
      return null
    }
    return FunctionType.get(this.context, inputs, results)
  }

  /** `(t, t)` possibly empty, appended to `out`. */
  parseTypeListParens(out: Type[]): boolean {
    if (!this.expect(Tok.lParen, "expected '('")) {
      return false
    }
    if (this.consumeIf(Tok.rParen)) {
      return true
    }
    if (!this.parseTypeListNoParens(out)) {
      return false
    }
    return this.expect(Tok.rParen, "expected ')'")
  }

  /** `t, t, ...` (at least one). */
  parseTypeListNoParens(out: Type[]): boolean {
    do {
      const t = this.parseTypeImpl()
      if (t === null) {
        return false
      }
      out.push(t)
    } while (this.consumeIf(Tok.comma))
    return true
  }

  /** A parenthesized (possibly empty) list or a single non-function type. */
  parseFunctionResultTypesImpl(): Type[] | null {
    const out: Type[] = []
    if (this.lex.kind === Tok.lParen) {
      if (!this.parseTypeListParens(out)) {
        return null
      }
      return out
    }
    const t = this.parseNonFunctionType()
    if (t === null) {
      return null
    }
    out.push(t)
    return out
  }

  /** The signless integer type of `width` bits, cached. */
  intType(width: number): IntegerType {
    let t = this.intTypeCache[width]
    if (t === undefined) {
      t = IntegerType.get(this.context, width)
      if (width < 4096) {
        this.intTypeCache[width] = t
      }
    }
    return t
  }

  parseNonFunctionType(): Type | null {
    const l = this.lex
    switch (l.kind) {
      case Tok.inttype: {
        const src = this.src
        let p = l.start
        let signedness: Signedness = Signedness.Signless
        const c0 = src.charCodeAt(p)
        if (c0 === 115) {
          signedness = Signedness.Signed
          p += 2
        } else if (c0 === 117) {
          signedness = Signedness.Unsigned
          p += 2
        } else {
          p += 1
        }
        let width = 0
        for (; p < l.end; p++) {
          width = width * 10 + (src.charCodeAt(p) - 48)
        }
        // The width is read as an unsigned 32-bit number first, as MLIR's lexer does.
        if (width > 0xffffffff) {
          return this.errorHere('invalid integer width')
        }
        if (width > 16777215) {
          return this.errorHere('integer bitwidth is limited to 16777215 bits')
        }
        this.consume()
        return signedness === Signedness.Signless ? this.intType(width) : IntegerType.get(this.context, width, signedness)
      }
      case Tok.exclamationIdentifier:
        return this.parseExtendedType()
      case Tok.bareIdentifier:
        break
      default:
        return this.wrongToken('expected non-function type')
    }
    const ctx = this.context
    switch (this.src.charCodeAt(l.start)) {
      case 98: // b
        if (l.is('bf16')) {
          return this.consumeAnd(FloatType.get(ctx, 'bf16'))
        }
        break
      case 99: // c
        if (l.is('complex')) {
          return this.parseComplexType()
        }
        break
      case 102: {
        const s = l.spelling
        if (isFloatKind(s)) {
          return this.consumeAnd(FloatType.get(ctx, s))
        }
        break
      }
      case 105:
        if (l.is('index')) {
          return this.consumeAnd(IndexType.get(ctx))
        }
        break
      case 109:
        if (l.is('memref')) {
          return this.parseMemRefType()
        }
        break
      case 110:
        if (l.is('none')) {
          return this.consumeAnd(NoneType.get(ctx))
        }
        break
      case 116:
        if (l.is('tensor')) {
          return this.parseTensorType()
        }
        if (l.is('tuple')) {
          return this.parseTupleType()
        }
        if (l.is('tf32')) {
          return this.consumeAnd(FloatType.get(ctx, 'tf32'))
        }
        break
      case 118:
        if (l.is('vector')) {
          return this.parseVectorType()
        }
        break
    }
    return this.wrongToken('expected non-function type')
  }

  private consumeAnd<T>(t: T): T {
    this.consume()
    return t
  }

  private parseComplexType(): Type | null {
    this.consume()
    if (!this.expect(Tok.less, "expected '<' in complex type")) {
      return null
    }
    const loc = this.lex.start
    const el = this.parseTypeImpl()
    if (el === null || !this.expect(Tok.greater, "expected '>' in complex type")) {
      return null
    }
    if (!(el instanceof FloatType || el instanceof IntegerType)) {
      this.emitErrorAt(loc, 'invalid element type for complex').report()
      return null
    }
    return ComplexType.get(el)
  }

  private parseTupleType(): Type | null {
    this.consume()
    if (!this.expect(Tok.less, "expected '<' in tuple type")) {
      return null
    }
    const types: Type[] = []
    if (this.consumeIf(Tok.greater)) {
      return TupleType.get(this.context, types)
    }
    if (!this.parseTypeListNoParens(types) || !this.expect(Tok.greater, "expected '>' in tuple type")) {
      return null
    }
    return TupleType.get(this.context, types)
  }

  /** Consumes the `x` separator of a dimension list, splitting tokens like `xf32`. */
  parseXInDimensionList(): boolean {
    const l = this.lex
    if (l.kind !== Tok.bareIdentifier || this.src.charCodeAt(l.start) !== C_x) {
      this.emitWrongTokenError("expected 'x' in dimension list").report()
      return false
    }
    if (l.end - l.start !== 1) {
      l.resetPointer(l.start + 1)
    }
    this.consume()
    return true
  }

  /** A dimension size; a hex-looking `0x...` token is split into `0` and `x...`. */
  private parseIntegerInDimensionList(): bigint | null {
    const l = this.lex
    if (l.end - l.start > 1 && this.src.charCodeAt(l.start + 1) === C_x) {
      l.resetPointer(l.start + 1)
      this.consume()
      return 0n
    }
    const v = this.parseIntegerSpelling(l.start, l.end)
    if (v === null || v > 0x7fffffffffffffffn) {
      return this.errorHere('invalid dimension')
    }
    this.consume()
    return v
  }

  /**
   * `4x?x8x` (each dimension followed by `x`). Sizes beyond 2^53 are rounded in `dims`;
   * `exact`, when given, receives every dimension exactly (`?` as `kDynamic`).
   */
  parseDimensionListRanked(dims: number[], allowDynamic = true, exact: bigint[] | null = null): boolean {
    for (;;) {
      const r = this.parseOneDimension(dims, allowDynamic, exact)
      if (r !== true) {
        return r === null
      }
      if (!this.parseXInDimensionList()) {
        return false
      }
    }
  }

  /**
   * One dimension (`?` or an integer) into `dims` (and exactly into `exact`, when given):
   * true; null when none is there; false on error.
   */
  private parseOneDimension(dims: number[], allowDynamic: boolean, exact: bigint[] | null = null): boolean | null {
    const k = this.lex.kind
    if (k === Tok.question) {
      if (!allowDynamic) {
        this.errorHere('expected static shape')
        return false
      }
      this.consume()
      dims.push(kDynamic)
      exact?.push(BigInt(kDynamic))
      return true
    }
    if (k !== Tok.integer) {
      return null
    }
    const v = this.parseIntegerInDimensionList()
    if (v === null) {
      return false
    }
    dims.push(Number(v))
    exact?.push(v)
    return true
  }

  /**
   * MLIR's `parseDimensionList`: with `withTrailingX`, `4x?x8x` (stops before the element
   * type, as `parseDimensionListRanked`); without, `4x?x8` (dimensions joined by `x`).
   */
  parseDimensionListImpl(dims: number[], allowDynamic: boolean, withTrailingX: boolean): boolean {
    if (withTrailingX) {
      return this.parseDimensionListRanked(dims, allowDynamic)
    }
    for (;;) {
      const r = this.parseOneDimension(dims, allowDynamic)
      if (r === false) {
        return false
      }
      if (r === null) {
        // An empty list (`()`) is allowed; a list never ends with a separator.
        if (dims.length === 0) {
          return true
        }
        this.errorHere('expected dimension size')
        return false
      }
      const l = this.lex
      if (l.kind !== Tok.bareIdentifier || this.src.charCodeAt(l.start) !== C_x) {
        return true
      }
      if (!this.parseXInDimensionList()) {
        return false
      }
    }
  }

  private parseVectorType(): Type | null {
    const vectorLoc = this.lex.start
    this.consume()
    if (!this.expect(Tok.less, "expected '<' in vector type")) {
      return null
    }
    const dims: number[] = []
    const exact: bigint[] = []
    const scalable: boolean[] = []
    while (this.lex.kind === Tok.integer || this.lex.kind === Tok.lSquare) {
      const isScalable = this.consumeIf(Tok.lSquare)
      const v = this.parseIntegerInDimensionList()
      if (v === null) {
        return null
      }
      dims.push(Number(v))
      exact.push(v)
      if (isScalable && !this.consumeIf(Tok.rSquare)) {
        return this.wrongToken("missing ']' closing scalable dimension")
      }
      scalable.push(isScalable)
      if (!this.parseXInDimensionList()) {
        return null
      }
    }
    if (dims.some((d) => d <= 0)) {
      this.emitErrorAt(vectorLoc, `vector types must have positive constant sizes but got ${exact.join(', ')}`).report()
      return null
    }
    const el = this.parseTypeImpl()
    if (el === null || !this.expect(Tok.greater, "expected '>' in vector type")) {
      return null
    }
    if (!(el instanceof IntegerType || el instanceof IndexType || el instanceof FloatType || (el instanceof DialectType && el.isVectorElementType))) {
      this.emitErrorAt(vectorLoc, "failed to verify 'elementType': VectorElementTypeInterface instance").report()
      return null
    }
    return VectorType.get(dims, el, scalable, exactDims(dims, exact))
  }

  /**
   * Parses `tensor<` / `memref<` and the shape that follows: `*x` (unranked; returns true) or
   * `4x?x` into `dims` (ranked; returns false). Null after a diagnostic.
   */
  private parseShapedTypePrelude(kind: 'tensor' | 'memref', dims: number[], exact: bigint[]): boolean | null {
    this.consume()
    if (!this.expect(Tok.less, `expected '<' in ${kind} type`)) {
      return null
    }
    if (this.consumeIf(Tok.star)) {
      return this.parseXInDimensionList() ? true : null
    }
    return this.parseDimensionListRanked(dims, true, exact) ? false : null
  }

  private parseTensorType(): Type | null {
    const dims: number[] = []
    const exact: bigint[] = []
    const unranked = this.parseShapedTypePrelude('tensor', dims, exact)
    if (unranked === null) {
      return null
    }
    const elLoc = this.lex.start
    const el = this.parseTypeImpl()
    let encoding: Attribute | null = null
    if (this.consumeIf(Tok.comma)) {
      const enc = this.parseOptionalAttributeImpl()
      if (enc === null) {
        return null
      }
      if (enc !== undefined) {
        encoding = enc
      }
    }
    if (el === null || !this.expect(Tok.greater, "expected '>' in tensor type")) {
      return null
    }
    if (el instanceof FunctionType || el instanceof NoneType || el instanceof ShapedType && !(el instanceof VectorType)) {
      this.emitErrorAt(elLoc, 'invalid tensor element type').report()
      return null
    }
    if (unranked) {
      if (encoding !== null) {
        return this.errorHere('cannot apply encoding to unranked tensor')
      }
      return UnrankedTensorType.get(el)
    }
    return RankedTensorType.get(dims, el, encoding, exactDims(dims, exact))
  }

  private parseMemRefType(): Type | null {
    const memrefLoc = this.lex.start
    const dims: number[] = []
    const exact: bigint[] = []
    const unranked = this.parseShapedTypePrelude('memref', dims, exact)
    if (unranked === null) {
      return null
    }
    const typeLoc = this.lex.start
    const el = this.parseTypeImpl()
    if (el === null) {
      return null
    }
    if (el instanceof FunctionType || el instanceof NoneType || el instanceof TupleType || (el instanceof DialectType && !el.isMemRefElementType) || (el instanceof ShapedType && !(el instanceof VectorType || el instanceof MemRefType || el instanceof UnrankedMemRefType))) {
      this.emitErrorAt(typeLoc, 'invalid memref element type').report()
      return null
    }
    let layout: Attribute | null = null
    let memorySpace: Attribute | null = null
    if (!this.consumeIf(Tok.greater)) {
      if (!this.expect(Tok.comma, "expected ',' or '>' in memref type")) {
        return null
      }
      const ok = this.parseCommaSeparatedListUntil(
        Tok.greater,
        () => {
          const attr = this.parseAttributeImpl()
          if (attr === null) {
            return false
          }
          if (attr instanceof AffineMapAttr || attr instanceof StridedLayoutAttr) {
            layout = attr
          } else if (memorySpace !== null) {
            this.errorHere('multiple memory spaces specified in memref type')
            return false
          } else {
            memorySpace = attr
            return true
          }
          if (unranked) {
            this.errorHere('cannot have affine map for unranked memref type')
            return false
          }
          if (memorySpace !== null) {
            this.errorHere('expected memory space to be last in memref type')
            return false
          }
          return true
        },
        false,
      )
      if (!ok) {
        return null
      }
    }
    const ms = memorySpace as Attribute | null
    const space = ms instanceof IntegerAttr && ms.value === 0n ? null : ms
    if (unranked) {
      return UnrankedMemRefType.get(el, space)
    }
    const lay = layout as Attribute | null
    // MemRefType::verify: the layout must describe as many dimensions as the shape has.
    if (lay instanceof AffineMapAttr && lay.value.numDims !== dims.length) {
      this.emitErrorAt(memrefLoc, `memref layout mismatch between rank and affine map: ${dims.length} != ${lay.value.numDims}`).report()
      return null
    }
    if (lay instanceof StridedLayoutAttr && lay.strides.length !== dims.length) {
      this.emitErrorAt(memrefLoc, 'expected the number of strides to match the rank').report()
      return null
    }
    const canonicalLayout = lay instanceof AffineMapAttr && lay.value.isIdentity && lay.value.numDims === dims.length ? null : lay
    return MemRefType.get(dims, el, canonicalLayout, space, exactDims(dims, exact))
  }

  // ---- Dialect types and attributes, aliases -----------------------------------------

  /** `!alias`, `!dialect.name<...>` or `!dialect<...>`. */
  private parseExtendedType(): Type | null {
    const l = this.lex
    const tokStart = l.start
    const tokEnd = l.end
    const ident = this.src.slice(tokStart + 1, tokEnd)
    // The nesting at the alias, before the next token (maybe a closing bracket) is lexed.
    const depth = l.depth
    this.consume()
    const dot = ident.indexOf('.')
    if (l.kind !== Tok.less && dot < 0) {
      const t = this.typeAliases.get(ident)
      if (t === undefined) {
        return this.wrongToken(`undefined symbol alias id '${ident}'`)
      }
      const nesting = this.typeAliasNesting.get(ident)
      if (nesting !== undefined) {
        l.noteNesting(depth + nesting)
      }
      return t
    }
    const ns = dot < 0 ? ident : ident.slice(0, dot)
    const dialect = this.context.getOrLoadDialect(ns)
    if (dialect?.def.parseType !== undefined) {
      // The token after the name (its `<`, mostly) is lexed again: the nesting is that at the name.
      l.resetPointer(dot < 0 ? tokStart + 1 + ns.length : tokStart + 2 + ns.length, depth)
      this.consume()
      const savedName = this.customOpErrorName
      this.customOpErrorName = ''
      let t: Type | undefined
      try {
        t = dialect.def.parseType(this.asOpAsmParser())
      } finally {
        this.customOpErrorName = savedName
      }
      if (t === undefined) {
        if (!this.hadError) {
          this.emitErrorAt(tokStart, `failed to parse type of dialect '${ns}'`).report()
        }
        return null
      }
      return t
    }
    const body = this.parseDialectSymbolBody(dot < 0 ? '' : ident.slice(dot + 1), dot < 0)
    if (body === null) {
      return null
    }
    if (!this.context.allowUnregisteredDialects && dialect === undefined) {
      const at = dot < 0 ? tokStart : tokStart + ns.length + 2
      this.emitErrorAt(at, `\`!"${ns}"<"${body}">\` type created with unregistered dialect. ${UNREGISTERED_HINT}`).report()
      return null
    }
    return OpaqueType.get(this.context, ns, body)
  }

  /**
   * Reads the `<...>` body after a dialect symbol name (balanced brackets, strings
   * skipped). `prefix` is the identifier part after the dot; returns prefix + body.
   */
  private parseDialectSymbolBody(prefix: string, required: boolean): string | null {
    const l = this.lex
    if (l.kind !== Tok.less) {
      if (required) {
        return this.wrongToken("expected '<' in dialect type")
      }
      return prefix
    }
    const src = this.src
    const start = l.start
    const stack: number[] = []
    let p = start
    const end = l.bufferEnd
    do {
      if (p >= end || src.charCodeAt(p) === 0) {
        if (stack.length > 0) {
          this.emitErrorAt(start, `unbalanced '${String.fromCharCode(stack[stack.length - 1]!)}' character in pretty dialect name`).report()
        } else {
          this.emitErrorAt(p, 'unexpected nul or EOF in pretty dialect name').report()
        }
        return null
      }
      const c = src.charCodeAt(p++)
      switch (c) {
        case 60: // <
        case 91: // [
        case 40: // (
        case 123: // {
          stack.push(c)
          break
        case 45: // -
          if (src.charCodeAt(p) === 62) {
            p++
          }
          break
        case 62: // >
        case 93: // ]
        case 41: // )
        case 125: {
          // }
          const open = c === 62 ? 60 : c === 93 ? 91 : c === 41 ? 40 : 123
          if (stack[stack.length - 1] !== open) {
            const top = stack.length > 0 ? stack[stack.length - 1]! : c
            this.emitErrorAt(start, `unbalanced '${String.fromCharCode(top)}' character in pretty dialect name`).report()
            return null
          }
          stack.pop()
          break
        }
        case C_DQUOTE: {
          while (p < end) {
            const d = src.charCodeAt(p)
            if (d === C_DQUOTE || d === C_LF || d === C_CR || d === 0) {
              break
            }
            if (d === C_BACKSLASH) {
              p++
            }
            p++
          }
          if (p >= end || src.charCodeAt(p) !== C_DQUOTE) {
            this.emitErrorAt(p >= end ? end : p, `expected '"' in string literal`).report()
            return null
          }
          p++
          break
        }
        default:
          break
      }
    } while (stack.length > 0)
    // The body's closing `>` was skipped here, not lexed: its `<`, the current token, no
    // longer counts in the lexer's nesting.
    l.resetPointer(p, l.depth - 1)
    this.consume()
    const body = src.slice(start, p)
    // `#foo<bar>` is data `bar`; `#foo.bar<baz>` is data `bar<baz>`.
    return prefix === '' ? body.slice(1, -1) : prefix + body
  }

  /** Counts the nesting of the attribute alias `name` used at nesting `depth` (see `attributeAliasNesting`). */
  noteAliasNesting(name: string, depth: number): void {
    const nesting = this.attributeAliasNesting.get(name)
    if (nesting !== undefined) {
      this.lex.noteNesting(depth + nesting)
    }
  }

  /** `#alias`, `#dialect.name<...>` or `#dialect<...>`, optionally typed. */
  private parseExtendedAttr(type: Type | undefined): Attribute | null {
    const l = this.lex
    const tokStart = l.start
    const tokEnd = l.end
    const ident = this.src.slice(tokStart + 1, tokEnd)
    // The nesting at the alias, before the next token (maybe a closing bracket) is lexed.
    const depth = l.depth
    this.consume()
    const dot = ident.indexOf('.')
    if (l.kind !== Tok.less && dot < 0) {
      const a = this.attributeAliases.get(ident)
      if (a === undefined) {
        return this.wrongToken(`undefined symbol alias id '${ident}'`)
      }
      this.noteAliasNesting(ident, depth)
      return a
    }
    const ns = dot < 0 ? ident : ident.slice(0, dot)
    const dialect = this.context.getOrLoadDialect(ns)
    let attr: Attribute | null
    if (dialect?.def.parseAttribute !== undefined) {
      // The token after the name (its `<`, mostly) is lexed again: the nesting is that at the name.
      l.resetPointer(dot < 0 ? tokStart + 1 + ns.length : tokStart + 2 + ns.length, depth)
      this.consume()
      const savedName = this.customOpErrorName
      this.customOpErrorName = ''
      let a: Attribute | undefined
      try {
        a = dialect.def.parseAttribute(this.asOpAsmParser(), type)
      } finally {
        this.customOpErrorName = savedName
      }
      if (a === undefined) {
        if (!this.hadError) {
          this.emitErrorAt(tokStart, `failed to parse attribute of dialect '${ns}'`).report()
        }
        return null
      }
      attr = a
    } else {
      const body = this.parseDialectSymbolBody(dot < 0 ? '' : ident.slice(dot + 1), dot < 0)
      if (body === null) {
        return null
      }
      if (!this.context.allowUnregisteredDialects && dialect === undefined) {
        const at = dot < 0 ? tokStart : tokStart + ns.length + 2
        const typeText = type === undefined ? 'none' : typeToString(type)
        this.emitErrorAt(at, `#"${ns}"<"${body}"> : '${typeText}' attribute created with unregistered dialect. ${UNREGISTERED_HINT}`).report()
        return null
      }
      let t: Type | null = type ?? null
      if (type === undefined && this.consumeIf(Tok.colon)) {
        t = this.parseTypeImpl()
        if (t === null) {
          return null
        }
      }
      attr = OpaqueAttr.get(this.context, ns, body, t)
    }
    return attr
  }

  // ---- Attributes -----------------------------------------------------------------------

  /** Parses an attribute if one starts here: undefined when none does, null after an error. */
  parseOptionalAttributeImpl(type?: Type): Attribute | null | undefined {
    switch (this.lex.kind) {
      case Tok.atIdentifier:
      case Tok.float:
      case Tok.integer:
      case Tok.hashIdentifier:
      case Tok.lSquare:
      case Tok.lBrace:
      case Tok.minus:
      case Tok.string:
      case Tok.inttype:
      case Tok.exclamationIdentifier:
      case Tok.lParen:
        return this.parseAttributeImpl(type)
      case Tok.bareIdentifier:
        if (this.isAttributeKeyword() || this.isTypeKeyword()) {
          return this.parseAttributeImpl(type)
        }
        return undefined
      default:
        return undefined
    }
  }

  private isAttributeKeyword(): boolean {
    const l = this.lex
    return (
      l.is('true') ||
      l.is('false') ||
      l.is('unit') ||
      l.is('dense') ||
      l.is('dense_resource') ||
      l.is('array') ||
      l.is('affine_map') ||
      l.is('affine_set') ||
      l.is('strided') ||
      l.is('loc') ||
      l.is('distinct') ||
      l.is('sparse')
    )
  }

  /** Parses any attribute; `type` is the expected type of a literal. Null after a diagnostic. */
  parseAttributeImpl(type?: Type): Attribute | null {
    const l = this.lex
    const ctx = this.context
    switch (l.kind) {
      case Tok.integer:
      case Tok.float:
      case Tok.minus:
        return this.parseDecOrHexAttr(type)
      case Tok.string: {
        const v = this.stringValue()
        this.consume()
        if (type === undefined && this.consumeIf(Tok.colon)) {
          const t = this.parseTypeImpl()
          if (t === null) {
            return null
          }
          return StringAttr.get(ctx, v, t)
        }
        return StringAttr.get(ctx, v, type ?? null)
      }
      case Tok.atIdentifier: {
        const root = this.symbolName()
        this.consume()
        const nested: string[] = []
        while (this.at(Tok.colon) && this.src.charCodeAt(l.start + 1) === 58) {
          // `::` is lexed as two colons.
          this.consume()
          this.consume()
          if (!this.at(Tok.atIdentifier)) {
            return this.wrongToken('expected nested symbol reference identifier')
          }
          nested.push(this.symbolName())
          this.consume()
        }
        return SymbolRefAttr.get(ctx, root, nested)
      }
      case Tok.hashIdentifier:
        return this.parseExtendedAttr(type)
      case Tok.lSquare: {
        const elts: Attribute[] = []
        this.consume()
        const ok = this.parseCommaSeparatedListUntil(Tok.rSquare, () => {
          const a = this.parseAttributeImpl()
          if (a === null) {
            return false
          }
          elts.push(a)
          return true
        })
        if (!ok) {
          return null
        }
        return ArrayAttr.get(ctx, elts)
      }
      case Tok.lBrace: {
        const entries: NamedAttribute[] = []
        if (!this.parseAttributeDict(entries)) {
          return null
        }
        return DictionaryAttr.get(ctx, entries)
      }
      case Tok.bareIdentifier: {
        switch (this.src.charCodeAt(l.start)) {
          case 97: // a
            if (l.is('affine_map') || l.is('affine_set')) {
              return this.parseAffineAttr()
            }
            if (l.is('array')) {
              return this.parseDenseArrayAttr()
            }
            break
          case 100: // d
            if (l.is('dense')) {
              return this.parseDenseElementsAttr(type)
            }
            if (l.is('dense_resource')) {
              return this.parseDenseResourceAttr(type)
            }
            if (l.is('distinct')) {
              return this.parseDistinctAttr(type)
            }
            break
          case 102: // f
            if (l.is('false')) {
              return this.consumeAnd(BoolAttr.get(ctx, false))
            }
            break
          case 108: // l
            if (l.is('loc')) {
              return this.parseLocation()
            }
            break
          case 115: // s
            if (l.is('strided')) {
              return this.parseStridedLayoutAttr()
            }
            if (l.is('sparse')) {
              return parseSparseElementsAttr(this, type)
            }
            break
          case 116: // t
            if (l.is('true')) {
              return this.consumeAnd(BoolAttr.get(ctx, true))
            }
            break
          case 117: // u
            if (l.is('unit')) {
              return this.consumeAnd(UnitAttr.get(ctx))
            }
            break
        }
        break
      }
      default:
        break
    }
    const t = this.parseOptionalTypeImpl()
    if (t === null) {
      return null
    }
    if (t !== undefined) {
      return TypeAttr.get(t)
    }
    return this.wrongToken('expected attribute value')
  }

  /** `{name = attr, name, ...}` appended to `out`; duplicate names are an error. */
  parseAttributeDict(out: NamedAttribute[]): boolean {
    if (!this.expect(Tok.lBrace, "expected '{' in attribute dictionary")) {
      return false
    }
    const seen = new Set<string>()
    const parseElt = (): boolean => {
      const l = this.lex
      let name: string
      if (l.kind === Tok.string) {
        name = this.stringValue()
        if (name.length === 0) {
          this.errorHere('expected valid attribute name')
          return false
        }
      } else if (l.kind === Tok.bareIdentifier || l.kind === Tok.inttype) {
        name = l.spelling
      } else {
        this.emitWrongTokenError('expected attribute name').report()
        return false
      }
      if (seen.has(name)) {
        this.errorHere(`duplicate key '${name}' in dictionary attribute`)
        return false
      }
      seen.add(name)
      this.consume()
      // A possible dialect namespace is loaded lazily, as MLIR does, so that its
      // attribute verifiers run.
      const dot = name.indexOf('.')
      if (dot > 0 && dot < name.length - 1) {
        this.context.getOrLoadDialect(name.slice(0, dot))
      }
      if (!this.consumeIf(Tok.equal)) {
        out.push({ name, value: UnitAttr.get(this.context) })
        return true
      }
      const v = this.parseAttributeImpl()
      if (v === null) {
        return false
      }
      out.push({ name, value: v })
      return true
    }
    if (this.consumeIf(Tok.rBrace)) {
      return true
    }
    do {
      if (!parseElt()) {
        return false
      }
    } while (this.consumeIf(Tok.comma))
    return this.expect(Tok.rBrace, "expected '}' in attribute dictionary")
  }

  /** Parses the integer spelling at `start..end` (decimal or `0x` hex); null when not an integer. */
  parseIntegerSpelling(start: number, end: number): bigint | null {
    const src = this.src
    if (end - start <= 15 && src.charCodeAt(start + 1) !== C_x) {
      let v = 0
      for (let p = start; p < end; p++) {
        const d = src.charCodeAt(p) - 48
        if (d < 0 || d > 9) {
          return null
        }
        v = v * 10 + d
      }
      return BigInt(v)
    }
    try {
      return BigInt(src.slice(start, end))
    } catch {
      return null
    }
  }

  /** Integer or float literal, optionally negated and typed. */
  private parseDecOrHexAttr(type: Type | undefined): Attribute | null {
    const l = this.lex
    const negative = this.consumeIf(Tok.minus)
    const tokStart = l.start
    const tokEnd = l.end
    const isFloat = l.kind === Tok.float
    if (!isFloat && l.kind !== Tok.integer) {
      return this.wrongToken('expected constant integer or floating point value')
    }
    this.consume()
    let t: Type | undefined = type
    if (t === undefined && this.consumeIf(Tok.colon)) {
      const pt = this.parseTypeImpl()
      if (pt === null) {
        return null
      }
      t = pt
    }
    if (isFloat) {
      if (t === undefined) {
        t = FloatType.get(this.context, 'f64')
      }
      if (!(t instanceof FloatType)) {
        return this.errorHere('floating point value not valid for specified type')
      }
      const spelling = this.src.slice(tokStart, tokEnd)
      let bySpelling = this.floatAttrCache.get(t)
      const key = negative ? '-' + spelling : spelling
      if (bySpelling === undefined) {
        bySpelling = new Map()
        this.floatAttrCache.set(t, bySpelling)
      } else {
        const hit = bySpelling.get(key)
        if (hit !== undefined) {
          return hit
        }
      }
      const v = parseFloat(spelling)
      const r = roundToFloatKind(t.kind, negative ? -v : v)
      const attr = FloatAttr.get(t, r, r === r ? null : roundedNaNBits(t.kind, negative, r))
      bySpelling.set(key, attr)
      return attr
    }
    if (t === undefined) {
      t = this.i64Type
    }
    if (t instanceof FloatType) {
      const isHex = tokEnd - tokStart > 1 && this.src.charCodeAt(tokStart + 1) === C_x
      if (!isHex) {
        this.emitErrorAt(tokStart, 'unexpected decimal integer literal for a floating point value')
          .attachNote('add a trailing dot to make the literal a float')
          .report()
        return null
      }
      if (negative) {
        this.emitErrorAt(tokStart, 'hexadecimal float literal should not have a leading minus').report()
        return null
      }
      const bits = BigInt(this.src.slice(tokStart, tokEnd))
      if (bits >> BigInt(floatBitWidth(t.kind)) !== 0n) {
        this.emitErrorAt(tokStart, 'hexadecimal float constant out of range for type').report()
        return null
      }
      // A NaN other than the type's default one, or an f80/f128 value a double cannot hold, keeps its bits.
      return floatAttrFromBits(t, bits)
    }
    if (!(t instanceof IntegerType || t instanceof IndexType)) {
      this.emitErrorAt(tokStart, 'integer literal not valid for specified type').report()
      return null
    }
    // A short decimal literal seen before with this type is the same attribute.
    let small = -1
    let byValue: Map<number, Attribute> | undefined
    if (tokEnd - tokStart <= 15 && this.src.charCodeAt(tokStart + 1) !== C_x) {
      small = 0
      for (let p = tokStart; p < tokEnd; p++) {
        const d = this.src.charCodeAt(p) - 48
        if (d < 0 || d > 9) {
          small = -1
          break
        }
        small = small * 10 + d
      }
      // `-0` is out of range (reported below); it must not hit the cached `0`.
      if (small > 0 || (small === 0 && !negative)) {
        byValue = this.intAttrCache.get(t)
        if (byValue === undefined) {
          byValue = new Map()
          this.intAttrCache.set(t, byValue)
        } else {
          const hit = byValue.get(negative ? -small : small)
          if (hit !== undefined) {
            return hit
          }
        }
        // A value every reading of the type holds as itself (|v| < 2^(width-1), so also
        // within 2^53): in range, already normalized, and found by number.
        const width = t instanceof IntegerType ? (t.signedness === Signedness.Unsigned && negative ? 0 : t.width) : 64
        if (width >= 2 && small < 2 ** (Math.min(width, 53) - 1)) {
          const value = negative ? -small : small
          const attr = this.context.scalarAttrUniquer.getInteger(this.context, t, value, BigInt(value))
          byValue.set(value, attr)
          return attr
        }
      }
    }
    const mag = this.parseIntegerSpelling(tokStart, tokEnd)
    if (mag === null) {
      this.emitErrorAt(tokStart, 'integer constant out of range for attribute').report()
      return null
    }
    const v = this.checkIntegerRange(t, mag, negative, tokStart)
    if (v === null) {
      return null
    }
    const attr = IntegerAttr.get(t, v)
    if (byValue !== undefined) {
      byValue.set(negative ? -small : small, attr)
    }
    return attr
  }

  /** `±mag` when it fits integer type `t` (signless accepts both interpretations), else null. */
  integerInRange(t: Type, mag: bigint, negative: boolean): bigint | null {
    const width = t instanceof IntegerType ? t.width : 64
    // `index` is read as signed: a positive literal with the sign bit set is out of range, as in MLIR.
    const signed = t instanceof IntegerType ? t.signedness : Signedness.Signed
    // MLIR negates the literal and requires the sign bit to be set: `-0` is out of range.
    if (negative && mag === 0n) {
      return null
    }
    const v = negative ? -mag : mag
    const w = BigInt(width)
    if (width === 0) {
      return v === 0n ? v : null
    }
    if (signed === Signedness.Signed) {
      return v >= -(1n << (w - 1n)) && v < 1n << (w - 1n) ? v : null
    }
    if (signed === Signedness.Unsigned) {
      return !negative && v < 1n << w ? v : null
    }
    return v >= -(1n << (w - 1n)) && v < 1n << w ? v : null
  }

  /** Checks that `±mag` fits type `t` (MLIR's rules); reports at `at`. */
  checkIntegerRange(t: Type, mag: bigint, negative: boolean, at: number): bigint | null {
    const width = t instanceof IntegerType ? t.width : 64
    // `index` is read as signed: a positive literal with the sign bit set is out of range, as in MLIR.
    const signed = t instanceof IntegerType ? t.signedness : Signedness.Signed
    if (negative && signed === Signedness.Unsigned) {
      this.emitErrorAt(at, 'negative integer literal not valid for unsigned integer type').report()
      return null
    }
    const v = negative ? -mag : mag
    const w = BigInt(width)
    let ok: boolean
    if (negative && mag === 0n) {
      ok = false
    }
    else if (width === 0) {
      ok = v === 0n
    }
    else if (signed === Signedness.Signed) {
      ok = v >= -(1n << (w - 1n)) && v < 1n << (w - 1n)
    }
    else if (signed === Signedness.Unsigned) {
      ok = v < 1n << w
    }
    else {
      ok = negative ? v >= -(1n << (w - 1n)) || (width === 1 && v === -1n) : v < 1n << w
    }
    if (!ok) {
      this.emitErrorAt(at, 'integer constant out of range for attribute').report()
      return null
    }
    return v
  }

  private parseAffineAttr(): Attribute | null {
    const isSet = this.lex.is('affine_set')
    this.consume()
    if (!this.expect(Tok.less, `expected '<' in ${isSet ? 'integer set' : 'affine map'}`)) {
      return null
    }
    const r = parseAffineMapOrSetBody(this)
    if (r === null) {
      return null
    }
    if (!this.expect(Tok.greater, r.map !== null ? "expected '>' in affine map" : "expected '>' in integer set")) {
      return null
    }
    if (r.map !== null) {
      if (isSet) {
        return this.errorHere('expected integer set')
      }
      return AffineMapAttr.get(r.map)
    }
    if (!isSet) {
      return this.errorHere('expected AffineMap, but got integer set')
    }
    return IntegerSetAttr.get(r.set!)
  }

  /** `strided<[s0, s1], offset: o>`. */
  private parseStridedLayoutAttr(): Attribute | null {
    this.consume()
    if (!this.expect(Tok.less, "expected '<' after 'strided'")) {
      return null
    }
    // `?` as a value no literal can have (literals are within ±(2^63 - 1)).
    const DYNAMIC = -(1n << 63n)
    const strides: bigint[] = []
    const parseValue = (): bigint | null => {
      if (this.consumeIf(Tok.question)) {
        return DYNAMIC
      }
      // Reported where the value starts, before any `-`; the magnitude must fit int64's maximum.
      const valueLoc = this.lex.start
      const neg = this.consumeIf(Tok.minus)
      const v = this.lex.kind === Tok.integer ? this.parseIntegerSpelling(this.lex.start, this.lex.end) : null
      if (v === null || v > 0x7fffffffffffffffn) {
        this.emitErrorAt(valueLoc, "expected a 64-bit signed integer or '?'").report()
        return null
      }
      this.consume()
      return neg ? -v : v
    }
    if (!this.expect(Tok.lSquare, "expected '['")) {
      return null
    }
    const ok = this.parseCommaSeparatedListUntil(Tok.rSquare, () => {
      const v = parseValue()
      if (v === null) {
        return false
      }
      strides.push(v)
      return true
    })
    if (!ok) {
      return null
    }
    let offset = 0n
    if (this.consumeIf(Tok.comma)) {
      if (!this.consumeKeyword('offset')) {
        return this.wrongToken("expected 'offset' after comma")
      }
      if (!this.expect(Tok.colon, "expected ':' after 'offset'")) {
        return null
      }
      const v = parseValue()
      if (v === null) {
        return null
      }
      offset = v
    }
    if (!this.expect(Tok.greater, "expected '>'")) {
      return null
    }
    return StridedLayoutAttr.getExact(this.context, offset, strides, DYNAMIC)
  }

  /** `distinct[N]<attr>`: the same N within one parse yields the same attribute. */
  private parseDistinctAttr(type: Type | undefined): Attribute | null {
    const attrLoc = this.lex.start
    this.consume()
    if (!this.expect(Tok.lSquare, "expected '[' after 'distinct'")) {
      return null
    }
    if (this.lex.kind !== Tok.integer) {
      return this.wrongToken('expected distinct ID')
    }
    const idValue = this.parseIntegerSpelling(this.lex.start, this.lex.end)
    this.consume()
    if (idValue === null || idValue > 0xffffffffffffffffn) {
      return this.errorHere('expected an unsigned 64-bit integer')
    }
    // `distinct[1]` and `distinct[0x1]` name the same attribute.
    const id = idValue.toString()
    if (!this.expect(Tok.rSquare, "expected ']' to close distinct ID")) {
      return null
    }
    if (!this.expect(Tok.less, "expected '<' after distinct ID")) {
      return null
    }
    let referenced: Attribute | null
    if (this.at(Tok.greater)) {
      referenced = UnitAttr.get(this.context)
    }
    else {
      referenced = this.parseAttributeImpl(type)
    }
    if (referenced === null) {
      return null
    }
    if (!this.expect(Tok.greater, "expected '>' to close distinct attribute")) {
      return null
    }
    const prev = this.distinctAttrs.get(id)
    if (prev !== undefined) {
      if (prev.referencedAttr !== referenced) {
        this.emitErrorAt(attrLoc, 'referenced attribute does not match previous definition: ' + attrToString(prev.referencedAttr)).report()
        return null
      }
      return prev
    }
    const d = DistinctAttr.create(referenced)
    this.distinctAttrs.set(id, d)
    return d
  }
  private readonly distinctAttrs = new Map<string, DistinctAttr>()

  /** `array<i32: 1, 2>` / `array<f32>`. */
  private parseDenseArrayAttr(): Attribute | null {
    this.consume()
    if (!this.expect(Tok.less, "expected '<' after 'array'")) {
      return null
    }
    const typeLoc = this.lex.start
    const el = this.parseTypeImpl()
    if (el === null) {
      return null
    }
    const isInt = el instanceof IntegerType
    const isFloat = el instanceof FloatType
    if (!isInt && !isFloat) {
      this.emitErrorAt(typeLoc, `expected integer or float type, got: '${typeToString(el)}'`).report()
      return null
    }
    if (this.consumeIf(Tok.greater)) {
      return DenseArrayAttr.get(el, isInt ? ([] as bigint[]) : ([] as number[]))
    }
    if (!this.expect(Tok.colon, "expected ':' after dense array type")) {
      return null
    }
    const ints: bigint[] = []
    const floats: number[] = []
    const ok = this.parseCommaSeparatedListUntil(Tok.greater, () => {
      const a = this.parseDenseScalar(el)
      if (a === null) {
        return false
      }
      if (isInt) {
        ints.push(a as bigint)
      }
      else {
        floats.push(a as number)
      }
      return true
    }, false)
    if (!ok) {
      return null
    }
    return isInt ? DenseArrayAttr.get(el, ints) : DenseArrayAttr.get(el, floats)
  }

  /**
   * One scalar element of a dense literal for element type `el` (integer or float):
   * `true`/`false`, `-`? integer, float, or hex float bits.
   */
  private parseDenseScalar(el: Type): bigint | number | null {
    const l = this.lex
    if (l.is('true') || l.is('false')) {
      const v = l.is('true')
      if (!(el instanceof IntegerType && el.width === 1)) {
        return this.errorHere('expected i1 type for \'true\' or \'false\' values')
      }
      this.consume()
      return v ? 1n : 0n
    }
    const neg = this.consumeIf(Tok.minus)
    const start = l.start
    const end = l.end
    if (l.kind === Tok.float) {
      if (!(el instanceof FloatType)) {
        return this.errorHere('expected integer literal')
      }
      this.consume()
      const v = parseFloat(this.src.slice(start, end))
      return roundToFloatKind(el.kind, neg ? -v : v)
    }
    if (l.kind !== Tok.integer) {
      return this.wrongToken('expected integer or floating point literal')
    }
    this.consume()
    if (el instanceof FloatType) {
      const isHex = end - start > 1 && this.src.charCodeAt(start + 1) === C_x
      if (!isHex) {
        this.emitErrorAt(start, 'unexpected decimal integer literal for a floating point value').attachNote('add a trailing dot to make the literal a float').report()
        return null
      }
      return floatFromBits(el.kind, BigInt(this.src.slice(start, end)))
    }
    const mag = this.parseIntegerSpelling(start, end)
    const v = mag === null ? null : this.integerInRange(el, mag, neg)
    if (v === null) {
      return this.errorHere('integer constant out of range')
    }
    if (el instanceof IntegerType) {
      return el.signedness === Signedness.Unsigned ? BigInt.asUintN(el.width, v) : el.width === 0 ? 0n : BigInt.asIntN(el.width, v)
    }
    return BigInt.asIntN(64, v)
  }

  /** `dense_resource<key> : type`. */
  private parseDenseResourceAttr(type: Type | undefined): Attribute | null {
    this.consume()
    if (!this.expect(Tok.less, "expected '<' after 'dense_resource'")) {
      return null
    }
    const l = this.lex
    if (l.kind !== Tok.bareIdentifier && l.kind !== Tok.string && l.kind !== Tok.inttype) {
      return this.wrongToken('expected identifier key for \'resource\' entry')
    }
    const key = l.kind === Tok.string ? this.stringValue() : l.spelling
    this.consume()
    if (!this.expect(Tok.greater, "expected '>'")) {
      return null
    }
    let t: Type | null | undefined = type
    const typeLoc = this.lex.start
    if (t === undefined) {
      if (!this.expect(Tok.colon, "expected ':'")) {
        return null
      }
      t = this.parseTypeImpl()
      if (t === null) {
        return null
      }
    }
    if (!(t instanceof ShapedType)) {
      this.emitErrorAt(typeLoc, '`dense_resource` expected a shaped type').report()
      return null
    }
    return DenseResourceElementsAttr.get(t, key)
  }

  /** `dense<...> : type`. */
  private parseDenseElementsAttr(type: Type | undefined): Attribute | null {
    const attrLoc = this.lex.start
    this.consume()
    if (!this.expect(Tok.less, "expected '<' after 'dense'")) {
      return null
    }
    const lit = new TensorLiteral()
    const l = this.lex
    if (l.kind === Tok.string && this.src.startsWith('"0x', l.start)) {
      lit.hexLoc = l.start
      lit.hex = this.stringValue()
      this.consume()
    } else if (l.kind !== Tok.greater) {
      if (!this.parseTensorLiteral(lit)) {
        return null
      }
    } else {
      lit.empty = true
    }
    if (!this.expect(Tok.greater, "expected '>'")) {
      return null
    }
    let t: Type | null | undefined = type
    if (t === undefined) {
      if (!this.expect(Tok.colon, "expected ':'")) {
        return null
      }
      t = this.parseTypeImpl()
      if (t === null) {
        return null
      }
    }
    if (!(t instanceof ShapedType)) {
      this.emitErrorAt(attrLoc, 'elements literal must be a shaped type').report()
      return null
    }
    return this.buildDenseAttr(lit, t, attrLoc)
  }

  /** @internal A `dense<...>`-style literal (no hex string) into `lit`; also used by `sparse<...>`. */
  parseTensorLiteral(lit: TensorLiteral): boolean {
    // One element, or nested lists whose shape must be uniform.
    const l = this.lex
    if (l.kind !== Tok.lSquare) {
      lit.shape = []
      return this.parseTensorElement(lit)
    }
    lit.sawList = true
    const shape: number[] = []
    const ok = this.parseTensorList(lit, shape)
    lit.shape = shape
    return ok
  }

  /** `[e, e, ...]`; `shapeOut` receives this list's shape. */
  private parseTensorList(lit: TensorLiteral, shapeOut: number[]): boolean {
    this.consume()
    let count = 0
    let first = true
    let subShape: number[] = []
    const parseElt = (): boolean => {
      const s: number[] = []
      if (this.lex.kind === Tok.lSquare) {
        if (!this.parseTensorList(lit, s)) {
          return false
        }
      } else if (!this.parseTensorElement(lit)) {
        return false
      }
      count++
      if (first) {
        subShape = s
        first = false
      } else if (!sameElements(s, subShape)) {
        this.errorHere('tensor literal is invalid; ranks are not consistent between elements')
        return false
      }
      return true
    }
    if (!this.parseCommaSeparatedListUntil(Tok.rSquare, parseElt)) {
      return false
    }
    shapeOut.push(count)
    for (const d of subShape) {
      shapeOut.push(d)
    }
    return true
  }

  private parseTensorElement(lit: TensorLiteral): boolean {
    const l = this.lex
    if (l.kind === Tok.lParen) {
      // Complex element `(re, im)`.
      this.consume()
      if (!this.parseTensorScalarToken(lit)) {
        return false
      }
      if (!this.expect(Tok.comma, "expected ',' between complex elements")) {
        return false
      }
      if (!this.parseTensorScalarToken(lit)) {
        return false
      }
      if (!this.expect(Tok.rParen, "expected ')' after complex elements")) {
        return false
      }
      lit.complexCount++
      return true
    }
    return this.parseTensorScalarToken(lit)
  }

  private parseTensorScalarToken(lit: TensorLiteral): boolean {
    const l = this.lex
    const start = l.start
    let neg = false
    if (l.kind === Tok.minus) {
      neg = true
      this.consume()
    }
    const k = l.kind
    if (k === Tok.integer || k === Tok.float || (!neg && (l.is('true') || l.is('false') || k === Tok.string))) {
      lit.tokKinds.push(l.is('true') ? 100 : l.is('false') ? 101 : k)
      lit.tokStarts.push(l.start)
      lit.tokEnds.push(l.end)
      lit.negs.push(neg)
      lit.locs.push(start)
      this.consume()
      return true
    }
    this.emitWrongTokenError(neg ? 'expected integer or floating point literal' : 'expected element literal of primitive type').report()
    return false
  }

  /** @internal The dense attribute of type `type` from a parsed literal; errors are located at `attrLoc`. */
  buildDenseAttr(lit: TensorLiteral, type: ShapedType, attrLoc: number): Attribute | null {
    const el = type.elementType
    if (lit.hex !== null) {
      return this.buildDenseFromHex(lit, type, attrLoc)
    }
    const n = lit.tokKinds.length
    const numElements = type.hasStaticShape ? type.numElements : -1
    if (!type.hasStaticShape) {
      this.emitErrorAt(attrLoc, `elements literal type must have static shape`).report()
      return null
    }
    if (lit.empty) {
      // `dense<>` holds no elements: valid for any shape with a zero dimension.
      if (numElements !== 0) {
        this.emitErrorAt(attrLoc, `parsed zero elements, but type ('${typeToString(type)}') expected at least 1`).report()
        return null
      }
      const sel = type.elementType
      if (sel instanceof IntegerType || sel instanceof IndexType || sel instanceof FloatType || sel instanceof ComplexType) {
        return DenseIntOrFPElementsAttr.get(type, [] as number[], false)
      }
      return DenseStringElementsAttr.get(type, [], false)
    }
    if (lit.sawList) {
      const expected = type.shape!
      if (!sameElements(lit.shape, expected)) {
        this.emitErrorAt(attrLoc, `inferred shape of elements literal ([${lit.shape.join(', ')}]) does not match type ([${expected.join(', ')}])`).report()
        return null
      }
    }
    // Strings; a lone string for a numeric element type had to be hexadecimal data.
    const numericEl = el instanceof IntegerType || el instanceof IndexType || el instanceof FloatType || el instanceof ComplexType
    if (numericEl && n === 1 && !lit.sawList && lit.tokKinds[0] === Tok.string) {
      this.emitErrorAt(lit.tokStarts[0]!, 'expected string containing hex digits starting with `0x`').report()
      return null
    }
    if (n > 0 && lit.tokKinds[0] === Tok.string && !numericEl) {
      const values: string[] = []
      for (let i = 0; i < n; i++) {
        if (lit.tokKinds[i] !== Tok.string) {
          this.emitErrorAt(lit.locs[i]!, 'expected string token, got integer/float').report()
          return null
        }
        values.push(decodeStringLiteral(this.src, lit.tokStarts[i]!, lit.tokEnds[i]!))
      }
      return DenseStringElementsAttr.get(type, normalizeSplat(values, !lit.sawList || values.length === 1) ?? values, isAllSame(values) && (numElements > 1 || !lit.sawList || values.length === 1))
    }
    const isComplex = el instanceof ComplexType
    const scalarType = isComplex ? el.elementType : el
    if (!(scalarType instanceof IntegerType || scalarType instanceof IndexType || scalarType instanceof FloatType)) {
      this.emitErrorAt(attrLoc, 'expected integer or floating point element type').report()
      return null
    }
    if (isComplex && lit.complexCount === 0 && n > 0) {
      const shown = lit.sawList ? `parsed ${n} elements, but type ('${typeToString(type)}') expected ${numElements * 2}` : `parsed ${n} elements, but type ('${typeToString(el)}') expected 2`
      this.emitErrorAt(attrLoc, `${shown} elements`).report()
      return null
    }
    if (!isComplex && lit.complexCount > 0) {
      // mlir-opt keeps the real parts of complex literals given for a non-complex type.
      lit.dropImaginaryParts()
    }
    const values: (bigint | number)[] = []
    let nanBits: Map<number, bigint> | null = null
    const wideFloat = scalarType instanceof FloatType && isWideFloatKind(scalarType.kind)
    for (let i = 0; i < lit.tokKinds.length; i++) {
      const v = this.denseScalarFromToken(lit, i, scalarType)
      if (v === null) {
        return null
      }
      if (typeof v === 'number' && (v !== v || wideFloat) && scalarType instanceof FloatType) {
        // A NaN other than the type's default one, or an f80/f128 value a double cannot hold, keeps its bits.
        const kept =
          lit.tokKinds[i] === Tok.integer
            ? floatExtraBits(scalarType.kind, BigInt(this.src.slice(lit.tokStarts[i], lit.tokEnds[i])), v, false)
            : roundedNaNBits(scalarType.kind, lit.negs[i]!, v)
        if (kept !== null) {
          nanBits ??= new Map()
          nanBits.set(i, kept)
        }
      }
      values.push(v)
    }
    const perElement = isComplex ? 2 : 1
    const isSplat = !lit.sawList
    if (isSplat || numElements === 0) {
      return DenseIntOrFPElementsAttr.get(type, values as bigint[] | number[], isSplat && numElements !== 0, nanBits)
    }
    // A list whose elements are all equal (NaNs: with equal bits) is stored as a splat.
    let allSame = values.length >= perElement
    for (let i = perElement; allSame && i < values.length; i++) {
      allSame = sameScalar(values[i]!, values[i % perElement]!) && nanBits?.get(i) === nanBits?.get(i % perElement)
    }
    if (allSame) {
      let splatBits: Map<number, bigint> | null = null
      for (let i = 0; nanBits !== null && i < perElement; i++) {
        const b = nanBits.get(i)
        if (b !== undefined) {
          splatBits ??= new Map()
          splatBits.set(i, b)
        }
      }
      return DenseIntOrFPElementsAttr.get(type, values.slice(0, perElement) as bigint[] | number[], true, splatBits)
    }
    return DenseIntOrFPElementsAttr.get(type, values as bigint[] | number[], false, nanBits)
  }

  private denseScalarFromToken(lit: TensorLiteral, i: number, el: Type): bigint | number | null {
    const k = lit.tokKinds[i]!
    const start = lit.tokStarts[i]!
    const end = lit.tokEnds[i]!
    const neg = lit.negs[i]!
    if (k === 100 || k === 101) {
      if (!(el instanceof IntegerType && el.width === 1)) {
        this.emitErrorAt(start, "expected i1 type for 'true' or 'false' values").report()
        return null
      }
      return k === 100 ? 1n : 0n
    }
    if (k === Tok.string) {
      this.emitErrorAt(start, el instanceof FloatType ? 'expected floating point literal' : 'integer constant out of range for type').report()
      return null
    }
    if (el instanceof FloatType) {
      if (k === Tok.float) {
        const v = parseFloat(this.src.slice(start, end))
        return denseStoredFloat(el.kind, roundToFloatKind(el.kind, neg ? -v : v))
      }
      const isHex = end - start > 1 && this.src.charCodeAt(start + 1) === C_x
      if (!isHex) {
        this.emitErrorAt(start, 'unexpected decimal integer literal for a floating point value').attachNote('add a trailing dot to make the literal a float').report()
        return null
      }
      return floatFromBits(el.kind, BigInt(this.src.slice(start, end)))
    }
    if (k === Tok.float) {
      this.emitErrorAt(start, 'expected integer elements, but parsed floating-point').report()
      return null
    }
    const mag = this.parseIntegerSpelling(start, end)
    if (mag === null) {
      this.emitErrorAt(start, 'integer constant out of range for type').report()
      return null
    }
    if (el instanceof IntegerType && el.width === 1 && !neg && mag > 1n) {
      this.emitErrorAt(start, 'integer constant out of range for type').report()
      return null
    }
    const width = el instanceof IntegerType ? el.width : 64
    const w = BigInt(width)
    const v = neg ? -mag : mag
    const signedness = el instanceof IntegerType ? el.signedness : Signedness.Signless
    if (neg && signedness === Signedness.Unsigned) {
      this.emitErrorAt(start, 'expected unsigned integer elements, but parsed negative value').report()
      return null
    }
    if (neg && mag === 0n) {
      this.emitErrorAt(start, 'integer constant out of range for type').report()
      return null
    }
    const fits = neg ? v >= -(1n << (w - 1n)) || width === 1 : v < 1n << w
    if (!fits || (signedness === Signedness.Signed && !neg && v >= 1n << (w - 1n))) {
      this.emitErrorAt(start, 'integer constant out of range for type').report()
      return null
    }
    if (signedness === Signedness.Unsigned) {
      return BigInt.asUintN(width, v)
    }
    return width === 0 ? 0n : BigInt.asIntN(width, v)
  }

  private buildDenseFromHex(lit: TensorLiteral, type: ShapedType, attrLoc: number): Attribute | null {
    const hex = lit.hex!
    const el = type.elementType
    const isComplex = el instanceof ComplexType
    const scalar = isComplex ? el.elementType : el
    let width: number
    if (scalar instanceof IntegerType) {
      width = scalar.width
    }
    else if (scalar instanceof IndexType) {
      width = 64
    }
    else if (scalar instanceof FloatType) {
      // tf32 data holds 19 bits per element (3 bytes).
      width = floatBitWidth(scalar.kind)
    }
    else {
      this.emitErrorAt(attrLoc, 'expected integer or floating point element type').report()
      return null
    }
    const bytesPer = Math.ceil((width === 1 ? 8 : width) / 8)
    if (hex.length % 2 !== 0 || !/^0x[0-9a-fA-F]*$/.test(hex)) {
      this.emitErrorAt(lit.hexLoc, 'expected string containing hex digits starting with `0x`').report()
      return null
    }
    if (width === 1 && !isComplex) {
      return this.buildBoolDenseFromHex(hex.slice(2), type, attrLoc)
    }
    const data = hex.slice(2)
    const nbytes = data.length / 2
    const perElt = bytesPer * (isComplex ? 2 : 1)
    const numElements = type.hasStaticShape ? type.numElements : -1
    let count: number
    let splat = false
    if (nbytes === perElt && numElements !== 1) {
      count = 1
      splat = true
    } else if (nbytes === perElt * numElements) {
      count = numElements
    } else {
      this.emitErrorAt(attrLoc, `elements hex data size is invalid for provided type: '${typeToString(type)}'`).report()
      return null
    }
    const values: (bigint | number)[] = []
    const scalars = count * (isComplex ? 2 : 1)
    let nanBits: Map<number, bigint> | null = null
    for (let i = 0; i < scalars; i++) {
      let bits = 0n
      for (let b = bytesPer - 1; b >= 0; b--) {
        const off = (i * bytesPer + b) * 2
        bits = (bits << 8n) | BigInt(parseInt(data.slice(off, off + 2), 16))
      }
      if (scalar instanceof FloatType) {
        const v = floatFromBits(scalar.kind, bits)
        // NaN payloads and f80/f128 values a double cannot hold keep their bits.
        const kept = floatExtraBits(scalar.kind, bits, v, true)
        if (kept !== null) {
          nanBits ??= new Map()
          nanBits.set(i, kept)
        }
        values.push(v)
      }
      else if (scalar instanceof IntegerType) {
        values.push(scalar.signedness === Signedness.Unsigned ? BigInt.asUintN(width, bits) : BigInt.asIntN(width, bits))
      }
      else {
        values.push(BigInt.asIntN(64, bits))
      }
    }
    if (!splat && values.length > 0) {
      const per = isComplex ? 2 : 1
      let allSame = true
      for (let i = per; allSame && i < values.length; i++) {
        allSame = sameScalar(values[i]!, values[i % per]!) && nanBits?.get(i) === nanBits?.get(i % per)
      }
      if (allSame) {
        const splatBits = nanBits === null ? null : new Map([...nanBits].filter(([i]) => i < per))
        return DenseIntOrFPElementsAttr.get(type, values.slice(0, per) as bigint[] | number[], true, splatBits)
      }
    }
    return DenseIntOrFPElementsAttr.get(type, values as bigint[] | number[], splat || (count === 1 && numElements === 1), nanBits)
  }

  /** i1 elements in hex form are bit-packed; one 0x00 or 0xFF byte is a splat. */
  private buildBoolDenseFromHex(data: string, type: ShapedType, attrLoc: number): Attribute | null {
    const nbytes = data.length / 2
    const numElements = type.hasStaticShape ? type.numElements : -1
    const byteAt = (i: number): number => parseInt(data.slice(i * 2, i * 2 + 2), 16)
    if (nbytes === 1 && (byteAt(0) === 0 || byteAt(0) === 0xff)) {
      return DenseIntOrFPElementsAttr.get(type, [byteAt(0) === 0 ? 0n : 1n], true)
    }
    if (numElements < 0 || nbytes !== Math.ceil(numElements / 8)) {
      this.emitErrorAt(attrLoc, `elements hex data size is invalid for provided type: '${typeToString(type)}'`).report()
      return null
    }
    const values: bigint[] = []
    for (let i = 0; i < numElements; i++) {
      values.push((byteAt(i >> 3) >> (i & 7)) & 1 ? 1n : 0n)
    }
    let allSame = true
    for (let i = 1; allSame && i < values.length; i++) {
      allSame = values[i] === values[0]
    }
    if (allSame && values.length > 0) {
      return DenseIntOrFPElementsAttr.get(type, [values[0]!], true)
    }
    return DenseIntOrFPElementsAttr.get(type, values, false)
  }

  // ---- Locations ------------------------------------------------------------------------

  /** `loc(...)`. */
  parseLocation(): Location | null {
    this.consume()
    if (!this.expect(Tok.lParen, "expected '(' in location")) {
      return null
    }
    const loc = this.parseLocationInstance()
    if (loc === null) {
      return null
    }
    if (!this.expect(Tok.rParen, "expected ')' in location")) {
      return null
    }
    return loc
  }

  /** The body of a location: `unknown`, `"file":l:c`, `"name"(child)`, `callsite(...)`, `fused[...]`, `#alias`. */
  parseLocationInstance(): Location | null {
    const l = this.lex
    const ctx = this.context
    if (l.kind === Tok.hashIdentifier) {
      const a = this.parseExtendedAttr(undefined)
      if (a === null) {
        return null
      }
      if (!(a instanceof Location)) {
        return this.errorHere(`expected location attribute, but got${attrToString(a)}`)
      }
      return a
    }
    if (l.kind === Tok.string) {
      const str = this.stringValue()
      this.consume()
      if (this.at(Tok.colon)) {
        this.consume()
        if (!this.at(Tok.integer)) {
          return this.wrongToken('expected integer line number in FileLineColRange')
        }
        const line = Number(this.parseIntegerSpelling(l.start, l.end) ?? -1n)
        if (line < 0 || line > 0xffffffff) {
          return this.wrongToken('expected integer line number in FileLineColRange')
        }
        this.consume()
        if (!this.at(Tok.colon)) {
          return FileLineColLoc.get(ctx, str, line, 0)
        }
        this.consume()
        if (!this.at(Tok.integer)) {
          return this.wrongToken('expected integer column number in FileLineColRange')
        }
        const col = Number(this.parseIntegerSpelling(l.start, l.end) ?? -1n)
        this.consume()
        // MLIR's FileLineColLoc::get(StringRef) names an empty file "-"; the range forms keep "".
        if (!this.consumeKeyword('to')) {
          return FileLineColLoc.get(ctx, str === '' ? '-' : str, line, col)
        }
        let endLine = line
        if (this.at(Tok.integer)) {
          endLine = Number(this.parseIntegerSpelling(l.start, l.end) ?? 0n)
          this.consume()
        }
        if (!this.at(Tok.colon)) {
          return this.wrongToken('expected either integer or `:` post `to` in FileLineColRange')
        }
        this.consume()
        if (!this.at(Tok.integer)) {
          return this.wrongToken('expected integer column number in FileLineColRange')
        }
        const endCol = Number(this.parseIntegerSpelling(l.start, l.end) ?? 0n)
        this.consume()
        return FileLineColLoc.getRange(ctx, str, line, col, endLine, endCol)
      }
      if (this.at(Tok.lParen)) {
        this.consume()
        const child = this.parseLocationInstance()
        if (child === null) {
          return null
        }
        if (!this.expect(Tok.rParen, "expected ')' after child location of NameLoc")) {
          return null
        }
        return NameLoc.get(str, child)
      }
      return NameLoc.get(str, UnknownLoc.get(ctx))
    }
    if (l.is('unknown')) {
      this.consume()
      return UnknownLoc.get(ctx)
    }
    if (l.is('callsite')) {
      this.consume()
      if (!this.expect(Tok.lParen, "expected '(' in callsite location")) {
        return null
      }
      const callee = this.parseLocationInstance()
      if (callee === null) {
        return null
      }
      if (!this.consumeKeyword('at')) {
        return this.wrongToken("expected 'at' in callsite location")
      }
      const caller = this.parseLocationInstance()
      if (caller === null) {
        return null
      }
      if (!this.expect(Tok.rParen, "expected ')' in callsite location")) {
        return null
      }
      return CallSiteLoc.get(callee, caller)
    }
    if (l.is('fused')) {
      this.consume()
      let metadata: Attribute | null = null
      if (this.consumeIf(Tok.less)) {
        metadata = this.parseAttributeImpl()
        if (metadata === null) {
          return null
        }
        if (!this.expect(Tok.greater, "expected '>' after fused location metadata")) {
          return null
        }
      }
      const locs: Location[] = []
      const ok = this.parseCommaSeparatedList(Tok.lSquare, Tok.rSquare, ' in fused location', () => {
        const x = this.parseLocationInstance()
        if (x === null) {
          return false
        }
        locs.push(x)
        return true
      }, false)
      if (!ok) {
        return null
      }
      return FusedLoc.get(ctx, locs, metadata)
    }
    return this.wrongToken('expected location instance')
  }
}

const UNREGISTERED_HINT =
  'If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used'

/** @internal The tokens and shape of a parsed `dense<...>` literal. */
export class TensorLiteral {
  /** Keeps only the real part of each `(re, im)` element. */
  dropImaginaryParts(): void {
    const keep = (_: unknown, i: number): boolean => i % 2 === 0
    this.tokKinds = this.tokKinds.filter(keep)
    this.tokStarts = this.tokStarts.filter(keep)
    this.tokEnds = this.tokEnds.filter(keep)
    this.negs = this.negs.filter(keep)
    this.locs = this.locs.filter(keep)
    this.complexCount = 0
  }
  shape: number[] = []
  sawList = false
  /** `dense<>`: no literal at all. */
  empty = false
  hex: string | null = null
  hexLoc = 0
  complexCount = 0
  tokKinds: number[] = []
  tokStarts: number[] = []
  tokEnds: number[] = []
  negs: boolean[] = []
  locs: number[] = []
}

function sameScalar(a: bigint | number, b: bigint | number): boolean {
  return typeof a === 'number' && typeof b === 'number' ? Object.is(a, b) : a === b
}

function isAllSame(values: readonly string[]): boolean {
  for (let i = 1; i < values.length; i++) {
    if (values[i] !== values[0]) {
      return false
    }
  }
  return values.length > 0
}

function normalizeSplat(values: string[], single: boolean): string[] | null {
  if (single || isAllSame(values)) {
    return values.length > 0 ? [values[0]!] : values
  }
  return null
}

function tokSpell(k: Tok): string {
  switch (k) {
    case Tok.lParen:
      return '('
    case Tok.rParen:
      return ')'
    case Tok.lSquare:
      return '['
    case Tok.rSquare:
      return ']'
    case Tok.lBrace:
      return '{'
    case Tok.rBrace:
      return '}'
    case Tok.less:
      return '<'
    case Tok.greater:
      return '>'
    default:
      return '?'
  }
}

export { tokSpell }

/** The exact dimensions when some is beyond 2^53 (its number in `dims` is rounded); null when `dims` is exact. */
function exactDims(dims: readonly number[], exact: readonly bigint[]): bigint[] | null {
  for (let i = 0; i < dims.length; i++) {
    if (!Number.isSafeInteger(dims[i]!)) {
      return [...exact]
    }
  }
  return null
}
