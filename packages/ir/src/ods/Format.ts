/**
 * The assembly-format compiler: parses ODS's format language once per op into a list
 * of `FormatElement`s, then compiles it on first use into a parser and a printer (see
 * "formats compiled to closures" below; the element interpreter serves the rarer kinds)
 * that parse and print ops with mlir-tblgen's behaviour (spacing rules, optional groups
 * and anchors, type inference, elision of attributes the format prints, `custom<...>`
 * directives).
 */
import { DenseArrayAttr, UnitAttr, type Attribute, type NamedAttribute } from '../Attributes.ts'
import { Block } from '../Block.ts'
import type { Context } from '../Context.ts'
import type { Location } from '../Location.ts'
import { failure, success, type LogicalResult } from '../LogicalResult.ts'
import { OperationState, type OpAsmParser, type OpAsmPrinter, type UnresolvedOperand } from '../OpAsm.ts'
import { Operation } from '../Operation.ts'
import { Trait } from '../OperationName.ts'
import { Region } from '../Region.ts'
import { FunctionType, type Type } from '../Types.ts'
import type { Value } from '../Value.ts'
import { printType } from '../printer/index.ts'
import type { OdsAttrDecl, OdsRegionDecl, OdsSuccessorDecl, OdsValueDecl, TypesMatchWith } from './OpInfo.ts'
import { typeToString } from './TypeText.ts'
import { FreeList } from '../internal/FreeList.ts'

// ---- format elements ------------------------------------------------------------------

/** Kinds of assembly-format elements. */
export const FormatKind = {
  Literal: 0,
  Space: 1,
  Operand: 2,
  Result: 3,
  Attr: 4,
  Region: 5,
  Successor: 6,
  AttrDict: 7,
  PropDict: 8,
  Type: 9,
  FunctionalType: 10,
  Operands: 11,
  Results: 12,
  Regions: 13,
  Successors: 14,
  Custom: 15,
  Ref: 16,
  Optional: 17,
  String: 18,
  /** `oilist(...)`: `args` holds its clauses. */
  OIList: 19,
  /** One `oilist` clause: `text` is its keyword, `thenElements` the elements after it. */
  OIListClause: 20,
} as const

/** One element of a compiled assembly format (a directive, variable, literal or group). */
export class FormatElement {
  /** A `FormatKind`. */
  kind: number
  /** Literal text, custom directive name, string argument or variable name. */
  text: string
  /** Index of the variable in its declaration list (operands, results, regions, successors). */
  index: number
  /** Arguments: of `type`/`ref`/`qualified` (one), `functional-type` (two) or `custom<...>`. */
  args: FormatElement[]
  /** Optional group: the elements printed/parsed when the anchor is present. */
  thenElements: FormatElement[]
  /** Optional group: the elements used when the anchor is absent. */
  elseElements: FormatElement[]
  /** Optional group: the anchor element (`^`). */
  anchor: FormatElement | null
  /** Optional group: the anchor is in the else branch. */
  inverted: boolean
  /** `qualified(...)` or `attr-dict-with-keyword`. */
  flag: boolean
  /**
   * A literal's spacing as mlir-tblgen prints it, decided from its text once: bit 0, a
   * space before it after punctuation; bit 1, a space before it otherwise; bit 2, a space
   * may follow it; bit 3, it is punctuation.
   */
  literalSpacing: number
  /** A literal's text after a space (`' ' + text`), printed as one piece. */
  spacedText: string
  constructor(kind: number, text: string, index = -1) {
    this.kind = kind
    this.text = text
    this.index = index
    this.args = []
    this.thenElements = []
    this.elseElements = []
    this.anchor = null
    this.inverted = false
    this.flag = false
    this.literalSpacing = kind === FormatKind.Literal || kind === FormatKind.OIListClause ? literalSpacing(text) : 0
    this.spacedText = this.literalSpacing !== 0 ? ' ' + text : text
  }
}

const SPACE_AFTER_PUNCTUATION = 1
const SPACE_OTHERWISE = 2
const SPACE_MAY_FOLLOW = 4
const IS_PUNCTUATION = 8

/** The `literalSpacing` bits of a literal. */
function literalSpacing(value: string): number {
  let bits = 0
  if (shouldEmitSpaceBefore(value, true)) { bits |= SPACE_AFTER_PUNCTUATION }
  if (shouldEmitSpaceBefore(value, false)) { bits |= SPACE_OTHERWISE }
  if (value.length !== 1 || !'<({['.includes(value[0]!)) { bits |= SPACE_MAY_FOLLOW }
  const c = value.charCodeAt(0)
  if (value[0] !== '_' && !((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) { bits |= IS_PUNCTUATION }
  return bits
}

/** What the format compiler needs to know about the op. */
export interface FormatOpInfo {
  readonly name: string
  readonly operands: readonly OdsValueDecl[]
  readonly results: readonly OdsValueDecl[]
  readonly attributes: readonly OdsAttrDecl[]
  readonly regions: readonly OdsRegionDecl[]
  readonly successors: readonly OdsSuccessorDecl[]
  readonly traits: number
  readonly allTypesMatch: readonly (readonly string[])[]
  readonly typesMatchWith: readonly TypesMatchWith[]
  /** `SameTypeOperands`: all operands have one type (formats may give it once). */
  readonly sameTypeOperands: boolean
  readonly implicitTerminatorName: string | undefined
  readonly customDirectives: Readonly<Record<string, CustomDirective>>
  /** Infers result types once operands and attributes are in `state` (InferTypeOpInterface). */
  readonly inferResultTypes: ((state: OperationState) => Type[] | undefined) | null
  /**
   * Start/length pairs of the operand groups of `op`; written into `scratch` when it is
   * given and long enough (two entries per group), else into a new or shared array.
   */
  operandSegments(op: Operation, scratch?: Int32Array): Int32Array
  /** Start/length pairs of the result groups of `op` (`scratch` as for `operandSegments`). */
  resultSegments(op: Operation, scratch?: Int32Array): Int32Array
}

/**
 * One argument of a `custom<Name>(...)` directive. While parsing, the directive fills
 * the slot matching `kind` (`ref(...)` arguments arrive already filled); while
 * printing, the slots hold the op's values.
 */
export class CustomDirectiveArg {
  /** 'operand' | 'type' | 'attr' | 'region' | 'successor' | 'attr-dict' | 'string'. */
  readonly kind: string
  /** The variable name (or string text). */
  readonly name: string
  /** True for `ref(...)` arguments. */
  readonly isRef: boolean
  /** True when the referenced operand/result/region/successor is variadic or optional. */
  readonly variableLength: boolean
  operands: UnresolvedOperand[] = []
  values: Value[] = []
  types: Type[] = []
  attr: Attribute | null = null
  regions: Region[] = []
  blocks: Block[] = []
  attrs: NamedAttribute[] = []
  /**
   * For a variadic-of-variadic operand (or its `type(...)`): the attribute holding the
   * sub-group sizes; null otherwise.
   */
  segmentAttr: string | null = null
  /**
   * The sub-group sizes of a variadic-of-variadic operand, splitting `operands`/`values`/`types`:
   * filled when printing; a parsing directive sets it to record the groups it parsed.
   */
  groupSizes: number[] | null = null
  constructor(kind: string, name: string, isRef: boolean, variableLength: boolean) {
    this.kind = kind
    this.name = name
    this.isRef = isRef
    this.variableLength = variableLength
  }
}

/** Parse and print hooks of a `custom<Name>` directive. */
export interface CustomDirective {
  parse(parser: OpAsmParser, args: readonly CustomDirectiveArg[], state: OperationState): LogicalResult
  print(printer: OpAsmPrinter, op: Operation, args: readonly CustomDirectiveArg[]): void
  /**
   * For a directive that starts an optional group (ODS `OptionalParseResult`):
   * null when absent, otherwise whether parsing succeeded.
   */
  parseOptional?(parser: OpAsmParser, args: readonly CustomDirectiveArg[], state: OperationState): LogicalResult | null
}

// ---- format string parsing ------------------------------------------------------------

const TK_EOF = 0
const TK_LITERAL = 1
const TK_VARIABLE = 2
const TK_IDENT = 3
const TK_PUNCT = 4
const TK_STRING = 5

class FormatLexer {
  pos = 0
  kind = TK_EOF
  text = ''
  constructor(readonly src: string) {}
  next(): void {
    const s = this.src
    while (this.pos < s.length && (s[this.pos] === ' ' || s[this.pos] === '\n' || s[this.pos] === '\t' || s[this.pos] === '\r')) { this.pos++ }
    if (this.pos >= s.length) {
      this.kind = TK_EOF
      this.text = ''
      return
    }
    const c = s[this.pos]!
    if (c === '`') {
      const end = s.indexOf('`', this.pos + 1)
      if (end < 0) { throw new Error('unterminated literal in assembly format') }
      this.kind = TK_LITERAL
      this.text = s.slice(this.pos + 1, end)
      this.pos = end + 1
      return
    }
    if (c === '"') {
      const end = s.indexOf('"', this.pos + 1)
      if (end < 0) { throw new Error('unterminated string in assembly format') }
      this.kind = TK_STRING
      this.text = s.slice(this.pos + 1, end)
      this.pos = end + 1
      return
    }
    if (c === '$' || isIdentStart(c)) {
      let e = this.pos + 1
      while (e < s.length && (isIdentChar(s[e]!) || (c !== '$' && s[e] === '-'))) { e++ }
      this.kind = c === '$' ? TK_VARIABLE : TK_IDENT
      this.text = s.slice(c === '$' ? this.pos + 1 : this.pos, e)
      this.pos = e
      return
    }
    this.kind = TK_PUNCT
    this.text = c
    this.pos++
  }
}

function isPunct(lex: FormatLexer, p: string): boolean {
  return lex.kind === TK_PUNCT && lex.text === p
}

function isIdentStart(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_'
}
function isIdentChar(c: string): boolean {
  return isIdentStart(c) || (c >= '0' && c <= '9')
}

/** The compiled format: the element list plus facts precomputed for printing and parsing. */
export interface CompiledFormat {
  readonly elements: readonly FormatElement[]
  /** Attribute names the format prints itself (elided from `attr-dict`). */
  readonly usedAttributes: readonly string[]
  readonly hasOperandsDirective: boolean
  readonly hasResultTypesDirective: boolean
  /** With `prop-dict`, `attr-dict` holds only the discardable attributes. */
  readonly hasPropDict: boolean
  /**
   * @internal Parse states of this format not in use, reused by the next op parsed with it
   * (a nested op of the same kind takes another); null when the format has a custom
   * directive, which may keep the lists it is handed.
   */
  readonly parseStates: FreeList<ParseState> | null
  /** @internal What printing with this format reads from the op's definition, made on first print (see `printPlanOf`). */
  printPlan: PrintPlan | null
  /** @internal The parser this format compiled to (see `compileParser`), null until first parse. */
  parser: CompiledParser | null
  /** @internal The op definition `parser` was compiled for. */
  parserInfo: FormatOpInfo | null
  /** @internal The printer this format compiled to (see `compilePrinter`), null until first print. */
  printer: CompiledPrinter | null
  /** @internal The op definition `printer` was compiled for. */
  printerInfo: FormatOpInfo | null
}

/**
 * @internal Whether `fmt` prints through a `custom<...>` directive anywhere (such a
 * directive may print things other than the op's own operands, results and attributes).
 */
export function formatUsesCustomDirective(fmt: CompiledFormat): boolean {
  return elementsUseCustomDirective(fmt.elements)
}

function elementsUseCustomDirective(elements: readonly FormatElement[]): boolean {
  const pending: FormatElement[] = [...elements]
  while (pending.length > 0) {
    const el = pending.pop()!
    if (el.kind === FormatKind.Custom) {
      return true
    }
    for (const list of [el.args, el.thenElements, el.elseElements]) {
      for (const child of list) {
        pending.push(child)
      }
    }
  }
  return false
}

/**
 * Parses an ODS assembly format string for `info`; throws on malformed formats (a
 * definition bug). With `printOnly` (the op has a hand-written parser), operand and
 * result types need not be inferable from the format.
 */
export function compileFormat(format: string, info: FormatOpInfo, printOnly = false): CompiledFormat {
  const lex = new FormatLexer(format)
  lex.next()
  const used = new Set<string>()
  const flags = { operands: false, resultTypes: false, attrDict: false, propDict: false }
  const fail = (msg: string): never => {
    throw new Error(`invalid assembly format for '${info.name}': ${msg}`)
  }
  const expectPunct = (p: string): void => {
    if (lex.kind !== TK_PUNCT || lex.text !== p) {fail(`expected '${p}' at offset ${lex.pos}`)}
    lex.next()
  }
  const variable = (name: string, inType: boolean): FormatElement => {
    let i = info.operands.findIndex((d) => d.name === name)
    if (i >= 0) {
      // The sub-group sizes of a variadic-of-variadic operand are implied by the format.
      const segmentAttr = info.operands[i]!.segmentAttr
      if (segmentAttr !== undefined) { used.add(segmentAttr) }
      return new FormatElement(FormatKind.Operand, name, i)
    }
    i = info.results.findIndex((d) => d.name === name)
    if (i >= 0) {
      if (!inType) {fail(`result '${name}' may only be used within a type directive`)}
      return new FormatElement(FormatKind.Result, name, i)
    }
    i = info.attributes.findIndex((d) => d.name === name)
    if (i >= 0) {
      used.add(name)
      return new FormatElement(FormatKind.Attr, name, i)
    }
    i = info.regions.findIndex((d) => d.name === name)
    if (i >= 0) {
      return new FormatElement(FormatKind.Region, name, i)
    }
    i = info.successors.findIndex((d) => d.name === name)
    if (i >= 0) {
      return new FormatElement(FormatKind.Successor, name, i)
    }
    return fail(`unknown variable '$${name}'`)
  }
  const typeArg = (): FormatElement => {
    if (lex.kind === TK_VARIABLE) {
      const v = variable(lex.text, true)
      lex.next()
      if (v.kind !== FormatKind.Operand && v.kind !== FormatKind.Result) { fail('type directive expects an operand or result') }
      return v
    }
    if (lex.kind === TK_IDENT && (lex.text === 'operands' || lex.text === 'results')) {
      const e = new FormatElement(lex.text === 'operands' ? FormatKind.Operands : FormatKind.Results, lex.text)
      lex.next()
      return e
    }
    if (lex.kind === TK_IDENT && lex.text === 'ref') {
      lex.next()
      expectPunct('(')
      const e = typeArg()
      expectPunct(')')
      return e
    }
    return fail('expected a type directive argument')
  }
  const markTypes = (arg: FormatElement): void => {
    if (arg.kind === FormatKind.Results) { flags.resultTypes = true }
  }
  const element = (inCustom: boolean): FormatElement => {
    if (lex.kind === TK_LITERAL) {
      const t = lex.text
      lex.next()
      if (t === '' || t === ' ' || t === '\\n') {
        return new FormatElement(FormatKind.Space, t === '\\n' ? '\n' : t)
      }
      return new FormatElement(FormatKind.Literal, t)
    }
    if (lex.kind === TK_STRING && inCustom) {
      const e = new FormatElement(FormatKind.String, lex.text)
      lex.next()
      return e
    }
    if (lex.kind === TK_VARIABLE) {
      const e = variable(lex.text, false)
      lex.next()
      return e
    }
    if (isPunct(lex, '(')) {
      return optionalGroup()
    }
    if (lex.kind !== TK_IDENT) {return fail(`unexpected '${lex.text}' at offset ${lex.pos}`)}
    const id = lex.text
    lex.next()
    switch (id) {
      case 'attr-dict':
      case 'attr-dict-with-keyword': {
        flags.attrDict = true
        const e = new FormatElement(FormatKind.AttrDict, id)
        e.flag = id === 'attr-dict-with-keyword'
        return e
      }
      case 'prop-dict':
        flags.propDict = true
        return new FormatElement(FormatKind.PropDict, id)
      case 'operands':
        flags.operands = true
        return new FormatElement(FormatKind.Operands, id)
      case 'regions':
        return new FormatElement(FormatKind.Regions, id)
      case 'successors':
        return new FormatElement(FormatKind.Successors, id)
      case 'results':
        return fail("'results' may only be used within a type directive")
      case 'type': {
        expectPunct('(')
        const e = new FormatElement(FormatKind.Type, id)
        e.args.push(typeArg())
        markTypes(e.args[0]!)
        expectPunct(')')
        return e
      }
      case 'qualified': {
        expectPunct('(')
        const inner = element(inCustom)
        expectPunct(')')
        if (inner.kind !== FormatKind.Type && inner.kind !== FormatKind.Attr) { fail('qualified expects a type directive or an attribute') }
        inner.flag = true
        return inner
      }
      case 'functional-type': {
        expectPunct('(')
        const e = new FormatElement(FormatKind.FunctionalType, id)
        e.args.push(typeArg())
        expectPunct(',')
        e.args.push(typeArg())
        markTypes(e.args[1]!)
        expectPunct(')')
        return e
      }
      case 'ref': {
        expectPunct('(')
        const e = new FormatElement(FormatKind.Ref, id)
        e.args.push(element(true))
        expectPunct(')')
        return e
      }
      case 'oilist':
        return oilistDirective()
      case 'custom': {
        expectPunct('<')
        if (lex.kind !== TK_IDENT) { fail('expected custom directive name') }
        const name = lex.text
        lex.next()
        expectPunct('>')
        if (info.customDirectives[name] === undefined) {fail(`unknown custom directive '${name}'`)}
        const e = new FormatElement(FormatKind.Custom, name)
        expectPunct('(')
        while (!(isPunct(lex, ')'))) {
          e.args.push(element(true))
          if (isPunct(lex, ',')) { lex.next() }
        }
        expectPunct(')')
        return e
      }
      default:
        return fail(`unknown directive '${id}'`)
    }
  }
  const optionalGroup = (): FormatElement => {
    expectPunct('(')
    const g = new FormatElement(FormatKind.Optional, '')
    while (!(isPunct(lex, ')'))) {
      const e = element(false)
      g.thenElements.push(e)
      if (isPunct(lex, '^')) {
        lex.next()
        g.anchor = e
      }
    }
    expectPunct(')')
    if (isPunct(lex, ':')) {
      lex.next()
      expectPunct('(')
      while (!(isPunct(lex, ')'))) {
        const e = element(false)
        g.elseElements.push(e)
        if (isPunct(lex, '^')) {
          lex.next()
          g.anchor = e
          g.inverted = true
        }
      }
      expectPunct(')')
    }
    expectPunct('?')
    if (g.anchor === null) { fail('optional group has no anchor element') }
    if (g.thenElements.length === 0) { fail('optional group has no elements') }
    return g
  }
  // `oilist(`kw` elements | `kw2` elements ...)`: each clause starts with a literal.
  const oilistDirective = (): FormatElement => {
    expectPunct('(')
    const list = new FormatElement(FormatKind.OIList, 'oilist')
    for (;;) {
      if (lex.kind !== TK_LITERAL || lex.text === '' || lex.text === ' ' || lex.text === '\\n') { fail(`expected literal, but got '${lex.text}' at offset ${lex.pos}`) }
      const clause = new FormatElement(FormatKind.OIListClause, lex.text)
      lex.next()
      while (!isPunct(lex, '|') && !isPunct(lex, ')')) { clause.thenElements.push(element(false)) }
      list.args.push(clause)
      if (isPunct(lex, ')')) { break }
      lex.next()
    }
    expectPunct(')')
    return list
  }
  const elements: FormatElement[] = []
  while (lex.kind !== TK_EOF) { elements.push(element(false)) }
  if (!flags.attrDict) { fail("'attr-dict' directive not found in custom assembly format") }
  validateFormat(elements, info, printOnly, fail)
  const parseStates = elementsUseCustomDirective(elements) ? null : new FreeList<ParseState>()
  return { elements, usedAttributes: [...used], hasOperandsDirective: flags.operands, hasResultTypesDirective: flags.resultTypes, hasPropDict: flags.propDict, parseStates, printPlan: null, parser: null, parserInfo: null, printer: null, printerInfo: null }
}

/** Visits `el` and everything nested in it (group branches, directive arguments). */
function visitElements(els: readonly FormatElement[], fn: (el: FormatElement) => void): void {
  for (const el of els) {
    fn(el)
    visitElements(el.args, fn)
    visitElements(el.thenElements, fn)
    visitElements(el.elseElements, fn)
  }
}

/**
 * The checks mlir-tblgen makes on a format: every operand, region and successor is
 * in it, and the type of every operand and result is either in it or inferable.
 */
function validateFormat(elements: readonly FormatElement[], info: FormatOpInfo, printOnly: boolean, fail: (msg: string) => never): void {
  const operands = new Set<number>()
  const operandTypes = new Set<number>()
  const resultTypes = new Set<number>()
  const regions = new Set<number>()
  const successors = new Set<number>()
  let allOperands = false
  let allOperandTypes = false
  let allResultTypes = false
  let allRegions = false
  let allSuccessors = false
  const markType = (arg: FormatElement): void => {
    if (arg.kind === FormatKind.Operand) {
      operandTypes.add(arg.index)
    } else if (arg.kind === FormatKind.Result) {
      resultTypes.add(arg.index)
    } else if (arg.kind === FormatKind.Operands) {
      allOperandTypes = true
    } else if (arg.kind === FormatKind.Results) {
      allResultTypes = true
    }
  }
  visitElements(elements, (el) => {
    switch (el.kind) {
      case FormatKind.Operand:
        operands.add(el.index)
        break
      case FormatKind.Operands:
        allOperands = true
        break
      case FormatKind.Region:
        regions.add(el.index)
        break
      case FormatKind.Regions:
        allRegions = true
        break
      case FormatKind.Successor:
        successors.add(el.index)
        break
      case FormatKind.Successors:
        allSuccessors = true
        break
      case FormatKind.Type:
        markType(el.args[0]!)
        break
      case FormatKind.FunctionalType:
        markType(el.args[0]!)
        markType(el.args[1]!)
        break
      default:
        break
    }
  })
  const same = (info.traits & Trait.SameOperandsAndResultType) !== 0
  const anyOperandType = operandTypes.size > 0 || allOperandTypes
  const inferable = (name: string, c: { build?: unknown }): boolean =>
    c.build !== undefined ||
    (same && (anyOperandType || resultTypes.size > 0 || allResultTypes)) ||
    (info.sameTypeOperands && anyOperandType && info.operands.some((o) => o.name === name)) ||
    info.allTypesMatch.some((g) => g.includes(name)) ||
    info.typesMatchWith.some((m) => m.to === name)
  info.operands.forEach((d, i) => {
    if (!allOperands && !operands.has(i)) {
      fail(`operand #${i}, named '${d.name}', not found`)
    }
    if (!printOnly && !allOperandTypes && !operandTypes.has(i) && !inferable(d.name, d.constraint)) {
      fail(`type of operand #${i}, named '${d.name}', is not buildable and a buildable type cannot be inferred`)
    }
  })
  if (!printOnly && !allResultTypes && info.inferResultTypes === null) {
    info.results.forEach((d, i) => {
      if (!resultTypes.has(i) && !inferable(d.name, d.constraint)) {
        fail(`type of result #${i}, named '${d.name}', is not buildable and a buildable type cannot be inferred`)
      }
    })
  }
  info.regions.forEach((d, i) => {
    if (!allRegions && !regions.has(i)) {
      fail(`region #${i}, named '${d.name}', not found`)
    }
  })
  info.successors.forEach((d, i) => {
    if (!allSuccessors && !successors.has(i)) {
      fail(`successor #${i}, named '${d.name}', not found`)
    }
  })
}

// ---- parsing ----------------------------------------------------------------------------

/**
 * What the format parser knows of one op while it parses it. A state is reused for later ops
 * of the same format (see `CompiledFormat.parseStates`): the one-element lists of single
 * operands and types are its own, made once, so that nothing but what the op keeps is made
 * per op.
 */
class ParseState {
  declare readonly operands: (UnresolvedOperand[] | null)[]
  /** Byte offset where each operand group was parsed (-1: not parsed); made into a location only for a diagnostic. */
  declare readonly operandOffsets: number[]
  declare readonly operandTypes: (Type[] | null)[]
  declare readonly resultTypes: (Type[] | null)[]
  declare readonly regions: (Region[] | null)[]
  declare readonly successors: (Block[] | null)[]
  /** The one-element operand list of each operand group, for a group of one operand. */
  declare private readonly singleOperands: UnresolvedOperand[][]
  /** The one-element type list of each operand group, for a group of one. */
  declare private readonly singleOperandTypes: Type[][]
  /** The one-element type list of each result group, for a group of one. */
  declare private readonly singleResultTypes: Type[][]
  /** Names and values of the attributes parsed so far (`numAttrs` of them; most ops have none or one). */
  declare private readonly attrNames: string[]
  declare private readonly attrValues: Attribute[]
  declare private numAttrs: number
  declare allOperands: UnresolvedOperand[] | null
  declare allOperandsOffset: number
  declare allOperandTypes: Type[] | null
  declare allResultTypes: Type[] | null
  declare allRegions: Region[] | null
  declare allSuccessors: Block[] | null
  /** Whether one of the lists above was set (most formats have none of their directives). */
  declare wholeLists: boolean
  declare context: Context
  constructor(info: FormatOpInfo, context: Context) {
    this.operands = nulls(info.operands.length)
    this.operandOffsets = minusOnes(info.operands.length)
    this.operandTypes = nulls(info.operands.length)
    this.resultTypes = nulls(info.results.length)
    this.regions = nulls(info.regions.length)
    this.successors = nulls(info.successors.length)
    this.singleOperands = singletons(info.operands.length)
    this.singleOperandTypes = singletons(info.operands.length)
    this.singleResultTypes = singletons(info.results.length)
    this.attrNames = []
    this.attrValues = []
    this.numAttrs = 0
    this.clearWholeLists()
    this.context = context
  }
  /** Forgets the lists of the `operands`, `regions`, ... directives. */
  private clearWholeLists(): void {
    this.allOperands = null
    this.allOperandsOffset = -1
    this.allOperandTypes = null
    this.allResultTypes = null
    this.allRegions = null
    this.allSuccessors = null
    this.wholeLists = false
  }
  /** Takes a state of `fmt` not in use (or a new one) for an op of `info` in `context`. */
  static acquire(fmt: CompiledFormat, info: FormatOpInfo, context: Context): ParseState {
    const pool = fmt.parseStates
    const ps = pool === null ? undefined : pool.take()
    if (ps === undefined) {
      return new ParseState(info, context)
    }
    ps.context = context
    return ps
  }
  /** Gives the state back to `fmt`, emptied, once the op's state holds all it needs. */
  release(fmt: CompiledFormat): void {
    const pool = fmt.parseStates
    if (pool === null) {
      return
    }
    // One loop per declaration kind, over the few groups the op has; the lists are read
    // once (each read of a field is an inline-cache call until this code is optimized).
    const operands = this.operands
    const operandTypes = this.operandTypes
    const operandOffsets = this.operandOffsets
    const singleOperands = this.singleOperands
    for (let i = 0; i < operands.length; i++) {
      operands[i] = null
      operandTypes[i] = null
      operandOffsets[i] = -1
      // The lists keep nothing of the op once it is parsed (an operand refers to its parser).
      singleOperands[i]![0] = null as unknown as UnresolvedOperand
    }
    const resultTypes = this.resultTypes
    for (let i = 0; i < resultTypes.length; i++) {
      resultTypes[i] = null
    }
    const regions = this.regions
    for (let i = 0; i < regions.length; i++) {
      regions[i] = null
    }
    const successors = this.successors
    for (let i = 0; i < successors.length; i++) {
      successors[i] = null
    }
    const attrValues = this.attrValues
    const numAttrs = this.numAttrs
    for (let i = 0; i < numAttrs; i++) {
      attrValues[i] = null as unknown as Attribute
    }
    this.numAttrs = 0
    if (this.wholeLists) {
      this.clearWholeLists()
    }
    this.context = null as unknown as Context
    pool.give(this)
  }
  getAttr(name: string): Attribute | undefined {
    for (let i = 0; i < this.numAttrs; i++) {
      if (this.attrNames[i] === name) {
        return this.attrValues[i]
      }
    }
    return undefined
  }
  setAttr(name: string, value: Attribute): void {
    for (let i = 0; i < this.numAttrs; i++) {
      if (this.attrNames[i] === name) {
        this.attrValues[i] = value
        return
      }
    }
    this.attrNames[this.numAttrs] = name
    this.attrValues[this.numAttrs] = value
    this.numAttrs++
  }
  /** Records the one operand of group `index`. */
  setSingleOperand(index: number, operand: UnresolvedOperand): void {
    const list = this.singleOperands[index]!
    list[0] = operand
    this.operands[index] = list
  }
  /** The state's own one-element list holding `type`, for the type of a single operand (`isOperand`) or result of group `index`. */
  singleType(index: number, isOperand: boolean, type: Type): Type[] {
    const list = (isOperand ? this.singleOperandTypes : this.singleResultTypes)[index]!
    list[0] = type
    return list
  }
  /** Records `type` as the types of the single operand (`isOperand`) or result of group `index`. */
  setSingleType(index: number, isOperand: boolean, type: Type): void {
    if (isOperand) {
      const list = this.singleOperandTypes[index]!
      list[0] = type
      this.operandTypes[index] = list
    } else {
      const list = this.singleResultTypes[index]!
      list[0] = type
      this.resultTypes[index] = list
    }
  }
}

/** `n` one-element lists, each filled when used (see `ParseState.setSingleOperand`). */
function singletons<T>(n: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < n; i++) {
    out.push([null as unknown as T])
  }
  return out
}

// ParseState's per-group slots are made at their final length: filling an empty array by
// push reserves room for 16 per array, for each op parsed. No group: one shared empty array
// (nothing is ever stored at an index of it).
const NO_SLOTS: never[] = []

/** An array of `n` nulls (a literal for the usual small counts: cheaper than `fill`). */
function nulls<T>(n: number): (T | null)[] {
  switch (n) {
    case 0:
      return NO_SLOTS
    case 1:
      return [null]
    case 2:
      return [null, null]
    case 3:
      return [null, null, null]
    default:
      return new Array<T | null>(n).fill(null)
  }
}

/** An array of `n` entries of -1. */
function minusOnes(n: number): number[] {
  switch (n) {
    case 0:
      return NO_SLOTS
    case 1:
      return [-1]
    case 2:
      return [-1, -1]
    case 3:
      return [-1, -1, -1]
    default:
      return new Array<number>(n).fill(-1)
  }
}

function isPunctuationLiteral(t: string): boolean {
  const c = t.charCodeAt(0)
  return !((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95)
}

/** Parses a literal; `optional` returns false when absent without a diagnostic. */
function parseLiteral(parser: OpAsmParser, t: string, optional: boolean): boolean {
  if (!isPunctuationLiteral(t)) {
    return optional ? parser.parseOptionalKeyword(t) : parser.parseKeyword(t)
  }
  switch (t) {
    case ':':
      return optional ? parser.parseOptionalColon() : parser.parseColon()
    case ',':
      return optional ? parser.parseOptionalComma() : parser.parseComma()
    case '=':
      return optional ? parser.parseOptionalEqual() : parser.parseEqual()
    case '->':
      return optional ? parser.parseOptionalArrow() : parser.parseArrow()
    case '(':
      return optional ? parser.parseOptionalLParen() : parser.parseLParen()
    case ')':
      return optional ? parser.parseOptionalRParen() : parser.parseRParen()
    case '[':
      return optional ? parser.parseOptionalLSquare() : parser.parseLSquare()
    case ']':
      return optional ? parser.parseOptionalRSquare() : parser.parseRSquare()
    case '{':
      return optional ? parser.parseOptionalLBrace() : parser.parseLBrace()
    case '}':
      return optional ? parser.parseOptionalRBrace() : parser.parseRBrace()
    case '<':
      return optional ? parser.parseOptionalLess() : parser.parseLess()
    case '>':
      return optional ? parser.parseOptionalGreater() : parser.parseGreater()
    default: {
      let ok: boolean
      if (t === '?') { ok = parser.parseOptionalQuestion() }
      else if (t === '*') { ok = parser.parseOptionalStar() }
      else if (t === '+') { ok = parser.parseOptionalPlus() }
      else if (t === '|') { ok = parser.parseOptionalVerticalBar() }
      else if (t === '...') { ok = parser.parseOptionalEllipsis() }
      else {throw new Error(`unsupported literal '${t}' in assembly format`)}
      if (!ok && !optional) {parser.emitError(parser.getCurrentLocation(), `expected '${t}'`).report()}
      return ok
    }
  }
}

/** Parses a comma-separated type list that may be empty. */
function parseOptionalTypeList(parser: OpAsmParser): Type[] | undefined {
  const out: Type[] = []
  const first = parser.parseOptionalType()
  if (first === undefined) {
    return out
  }
  out.push(first)
  while (parser.parseOptionalComma()) {
    const t = parser.parseType()
    if (t === undefined) {
      return undefined
    }
    out.push(t)
  }
  return out
}

/** Adds the implicit terminator `region` lacks, at the location of `offset` (made only then). */
function ensureImplicitTerminator(region: Region, info: FormatOpInfo, parser: OpAsmParser, offset: number): void {
  const termName = info.implicitTerminatorName
  if (termName === undefined) {
    // mlir-tblgen: a `SingleBlock` op's region parsed empty gets its block.
    if ((info.traits & Trait.SingleBlock) !== 0 && region.firstBlock === null) {
      region.push(new Block())
    }
    return
  }
  let block = region.firstBlock
  if (block === null) {
    region.push(new Block())
    block = region.firstBlock!
  }
  const last = block.lastOp
  if (last !== null && last.hasTrait(Trait.IsTerminator)) {
    return
  }
  const st = new OperationState(parser.getLocationAt(offset), parser.context.getOperationName(termName))
  block.append(Operation.create(st))
}


/**
 * The parser of the custom form described by `fmt` for `info` (compiled on first use): the
 * generated `parse` hook of an op with an `assemblyFormat`.
 */
export function formatParser(fmt: CompiledFormat, info: FormatOpInfo): (parser: OpAsmParser, state: OperationState) => LogicalResult {
  const compiled = fmt.parser
  return compiled !== null && fmt.parserInfo === info ? compiled : compileParser(fmt, info)
}

function parseElements(
  els: readonly FormatElement[],
  info: FormatOpInfo,
  parser: OpAsmParser,
  state: OperationState,
  ps: ParseState,
): boolean {
  for (let i = 0; i < els.length; i++) {if (!parseElement(els[i]!, info, parser, state, ps, false)) {return false}}
  return true
}

/**
 * Parses one element. With `optional`, the element is the first of an optional group:
 * returns 'absent' (as null) when it is not there. The kinds that nearly every op has
 * (literals, single required operands and their types) are handled here, in a small
 * function that is quick to optimize; the others, and these inside optional groups, in
 * `parseOtherElement`.
 */
function parseElement(
  el: FormatElement,
  info: FormatOpInfo,
  parser: OpAsmParser,
  state: OperationState,
  ps: ParseState,
  optional: boolean,
): boolean | null {
  if (!optional) {
    const kind = el.kind
    if (kind === FormatKind.Literal) {
      return parseLiteral(parser, el.text, false)
    }
    if (kind === FormatKind.Operand) {
      const d = info.operands[el.index]!
      if (!d.variadic && !d.optional) {
        ps.operandOffsets[el.index] = parser.getCurrentOffset()
        const o = parser.parseOperand()
        if (o === undefined) {
          return false
        }
        ps.setSingleOperand(el.index, o)
        return true
      }
    } else if (kind === FormatKind.Type && !el.flag) {
      const arg = el.args[0]!
      const argKind = arg.kind
      if (argKind === FormatKind.Operand || argKind === FormatKind.Result) {
        const isOperand = argKind === FormatKind.Operand
        const d = isOperand ? info.operands[arg.index]! : info.results[arg.index]!
        if (!d.variadic && !d.optional && (!isOperand || d.segmentAttr === undefined)) {
          const c = d.constraint
          const t = c.parse !== undefined ? c.parse(parser) : parser.parseType()
          if (t === undefined) {
            return false
          }
          setTypes(arg, ps.singleType(arg.index, isOperand, t), ps)
          return true
        }
      }
    }
  }
  return parseOtherElement(el, info, parser, state, ps, optional)
}

/** `parseElement` of the kinds and cases it leaves out. */
function parseOtherElement(
  el: FormatElement,
  info: FormatOpInfo,
  parser: OpAsmParser,
  state: OperationState,
  ps: ParseState,
  optional: boolean,
): boolean | null {
  switch (el.kind) {
    case FormatKind.Literal: {
      const ok = parseLiteral(parser, el.text, optional)
      return ok ? true : optional ? null : false
    }
    case FormatKind.Space:
      return true
    case FormatKind.OIList:
      return parseOIList(el, info, parser, state, ps)
    case FormatKind.Operand:
      return parseOperandElement(el, info, parser, state, ps, optional)
    case FormatKind.Attr:
      return parseAttrElement(el, info, parser, state, ps, optional)
    case FormatKind.Region:
      return parseRegionElement(el, info, parser, ps, optional)
    case FormatKind.Successor:
      return parseSuccessorElement(el, info, parser, ps, optional)
    case FormatKind.AttrDict:
      return parseAttrDictElement(el, info, parser, state)
    case FormatKind.PropDict:
      return parsePropDictElement(parser, state)
    case FormatKind.Operands:
      return parseOperandsElement(parser, ps, optional)
    case FormatKind.Regions:
      return parseRegionsElement(info, parser, ps)
    case FormatKind.Successors:
      return parseSuccessorsElement(parser, ps)
    case FormatKind.Type:
      return parseTypeElement(el, info, parser, ps, optional)
    case FormatKind.FunctionalType:
      return parseFunctionalTypeElement(el, parser, ps, optional)
    case FormatKind.Custom:
      return parseCustomElement(el, info, parser, state, ps, optional)
    case FormatKind.Optional:
      return parseOptionalGroup(el, info, parser, state, ps)
    default:
      throw new Error(`format element kind ${el.kind} cannot be parsed here`)
  }
}

/** `parseOtherElement` of an operand variable. */
function parseOperandElement(el: FormatElement, info: FormatOpInfo, parser: OpAsmParser, state: OperationState, ps: ParseState, optional: boolean): boolean | null {
  const d = info.operands[el.index]!
  ps.operandOffsets[el.index] = parser.getCurrentOffset()
  if (d.variadic) {
    if (d.segmentAttr !== undefined) { return parseOperandGroups(d.segmentAttr, el.index, parser, state, ps, optional) }
    const list = parseOptionalOperandList(parser)
    if (list === undefined) {
      return false
    }
    ps.operands[el.index] = list
    return optional && list.length === 0 ? null : true
  }
  if (d.optional || optional) {
    const o = parser.parseOptionalOperand()
    if (o === undefined) {
      return false
    }
    if (o === null) {
      ps.operands[el.index] = []
    } else {
      ps.setSingleOperand(el.index, o)
    }
    return o === null ? (optional ? null : true) : true
  }
  const o = parser.parseOperand()
  if (o === undefined) {
    return false
  }
  ps.setSingleOperand(el.index, o)
  return true
}

/** `parseOtherElement` of an attribute variable. */
function parseAttrElement(el: FormatElement, info: FormatOpInfo, parser: OpAsmParser, state: OperationState, ps: ParseState, optional: boolean): boolean | null {
  const d = info.attributes[el.index]!
  const c = d.constraint
  const attrOffset = parser.getCurrentOffset()
  let a: Attribute | null | undefined
  let generic = false
  if (optional || d.optional) {
    if (c.parseOptional !== undefined && !el.flag) { a = c.parseOptional(parser, d.name) }
    else {
      generic = true
      a = parser.parseOptionalAttribute(c.valueType?.(parser.context)) ?? null
    }
  } else if (c.parse !== undefined && !el.flag) { a = c.parse(parser, d.name) }
  else {
    generic = true
    a = parser.parseAttribute(c.valueType?.(parser.context))
  }
  if (a === undefined) {
    return false
  }
  if (a === null) {
    return optional ? null : true
  }
  if (generic && c.isStorageKind !== undefined && !c.isStorageKind(a)) {
    parser.emitError(parser.getLocationAt(attrOffset), 'invalid kind of attribute specified').report()
    return false
  }
  ps.setAttr(d.name, a)
  state.addAttribute(d.name, a)
  return true
}

/** `parseOtherElement` of a region variable. */
function parseRegionElement(el: FormatElement, info: FormatOpInfo, parser: OpAsmParser, ps: ParseState, optional: boolean): boolean | null {
  const d = info.regions[el.index]!
  const offset = parser.getCurrentOffset()
  if (d.constraint.variadic) {
    const list = parseRegionList(info, parser, offset)
    if (list === undefined) {
      return false
    }
    ps.regions[el.index] = list
    return optional && list.length === 0 ? null : true
  }
  const r = new Region()
  if (optional) {
    const res = parser.parseOptionalRegion(r)
    if (res === null) {
      return null
    }
    if (!res) {
      return false
    }
  } else if (!parser.parseRegion(r)) {
    return false
  }
  ensureImplicitTerminator(r, info, parser, offset)
  ps.regions[el.index] = [r]
  return true
}

/** `parseOtherElement` of a successor variable. */
function parseSuccessorElement(el: FormatElement, info: FormatOpInfo, parser: OpAsmParser, ps: ParseState, optional: boolean): boolean | null {
  const d = info.successors[el.index]!
  if (d.constraint.variadic) {
    const list = parseSuccessorList(parser)
    if (list === undefined) {
      return false
    }
    ps.successors[el.index] = list
    return optional && list.length === 0 ? null : true
  }
  if (optional) {
    const b = parser.parseOptionalSuccessor()
    if (b === undefined) {
      return false
    }
    if (b === null) {
      return null
    }
    ps.successors[el.index] = [b]
    return true
  }
  const b = parser.parseSuccessor()
  if (b === undefined) {
    return false
  }
  ps.successors[el.index] = [b]
  return true
}

/** `parseOtherElement` of `attr-dict`. */
function parseAttrDictElement(el: FormatElement, info: FormatOpInfo, parser: OpAsmParser, state: OperationState): boolean | null {
  const offset = parser.getCurrentOffset()
  const before = state.attributes.length
  if (!(el.flag ? parser.parseOptionalAttrDictWithKeyword(state.attributes) : parser.parseOptionalAttrDict(state.attributes))) {
    return false
  }
  // ODS's `verifyInherentAttrs`: inherent attributes written in the dictionary are
  // checked against their constraints while parsing, at the dictionary.
  for (let i = before; i < state.attributes.length; i++) {
    const a = state.attributes[i]!
    const d = info.attributes.find((x) => x.name === a.name)
    if (d !== undefined && !d.constraint.check(a.value)) {
      parser.emitError(parser.getLocationAt(offset), `'${info.name}' op attribute '${d.name}' failed to satisfy constraint: ${d.constraint.summary}`).report()
      return false
    }
  }
  return true
}

/** `parseOtherElement` of `prop-dict`. */
function parsePropDictElement(parser: OpAsmParser, state: OperationState): boolean | null {
  if (!parser.parseOptionalLess()) {
    return true
  }
  const dict = parser.parseAttribute()
  if (dict === undefined) {
    return false
  }
  const entries = (dict as { entries?: readonly NamedAttribute[] }).entries
  if (entries === undefined) {
    parser.emitError(parser.getCurrentLocation(), 'expected a dictionary of properties').report()
    return false
  }
  // The op parser moves these into the properties once the op is read (MLIR's
  // property conversion, whose errors carry no `custom op` prefix).
  state.propDict = dict
  return parser.parseGreater()
}

/** `parseOtherElement` of the `operands` directive. */
function parseOperandsElement(parser: OpAsmParser, ps: ParseState, optional: boolean): boolean | null {
  ps.allOperandsOffset = parser.getCurrentOffset()
  const list = parser.parseOperandList('none')
  if (list === undefined) {
    return false
  }
  ps.allOperands = list
  ps.wholeLists = true
  return optional && list.length === 0 ? null : true
}

/** `parseOtherElement` of the `regions` directive. */
function parseRegionsElement(info: FormatOpInfo, parser: OpAsmParser, ps: ParseState): boolean | null {
  const list = parseRegionList(info, parser, parser.getCurrentOffset())
  if (list === undefined) {
    return false
  }
  ps.allRegions = list
  ps.wholeLists = true
  return true
}

/**
 * A comma-separated list of regions, possibly empty, each given its implicit terminator
 * (reported at `offset`); undefined after an error.
 */
function parseRegionList(info: FormatOpInfo, parser: OpAsmParser, offset: number): Region[] | undefined {
  const list: Region[] = []
  const r = new Region()
  const res = parser.parseOptionalRegion(r)
  if (res === false) {
    return undefined
  }
  if (res !== null) {
    ensureImplicitTerminator(r, info, parser, offset)
    list.push(r)
    while (parser.parseOptionalComma()) {
      const r2 = new Region()
      if (!parser.parseRegion(r2)) {
        return undefined
      }
      ensureImplicitTerminator(r2, info, parser, offset)
      list.push(r2)
    }
  }
  return list
}

/** `parseOtherElement` of the `successors` directive. */
function parseSuccessorsElement(parser: OpAsmParser, ps: ParseState): boolean | null {
  const list = parseSuccessorList(parser)
  if (list === undefined) {
    return false
  }
  ps.allSuccessors = list
  ps.wholeLists = true
  return true
}

/** A comma-separated list of successors, possibly empty; undefined after an error. */
function parseSuccessorList(parser: OpAsmParser): Block[] | undefined {
  const list: Block[] = []
  const first = parser.parseOptionalSuccessor()
  if (first === undefined) {
    return undefined
  }
  if (first !== null) {
    list.push(first)
    while (parser.parseOptionalComma()) {
      const b = parser.parseSuccessor()
      if (b === undefined) {
        return undefined
      }
      list.push(b)
    }
  }
  return list
}

/** `parseOtherElement` of a `type` directive. */
function parseTypeElement(el: FormatElement, info: FormatOpInfo, parser: OpAsmParser, ps: ParseState, optional: boolean): boolean | null {
  const arg = el.args[0]!
  if (arg.kind === FormatKind.Operand && info.operands[arg.index]!.segmentAttr !== undefined) { return parseTypeGroups(arg, parser, ps) }
  const single = isSingleTypeArg(arg, info)
  let types: Type[] | undefined
  if (single) {
    const c = arg.kind === FormatKind.Operand ? info.operands[arg.index]!.constraint : info.results[arg.index]!.constraint
    let t: Type | undefined
    if (optional) {
      t = parser.parseOptionalType()
      if (t === undefined) {
        return null
      }
    } else if (c.parse !== undefined && !el.flag) { t = c.parse(parser) }
    else { t = parser.parseType() }
    if (t === undefined) {
      return false
    }
    types = ps.singleType(arg.index, arg.kind === FormatKind.Operand, t)
  } else {
    types = parseOptionalTypeList(parser)
    if (types === undefined) {
      return false
    }
    if (optional && types.length === 0) {
      return null
    }
  }
  setTypes(arg, types, ps)
  return true
}

/** `parseOtherElement` of a `functional-type` directive. */
function parseFunctionalTypeElement(el: FormatElement, parser: OpAsmParser, ps: ParseState, optional: boolean): boolean | null {
  const offset = parser.getCurrentOffset()
  const t = optional ? parser.parseOptionalType() : parser.parseType()
  if (t === undefined) {
    return optional ? null : false
  }
  // Told by constructor (FunctionType has no subclasses): until this code is optimized, an
  // `instanceof` costs a few hundred instructions, and every `func.call` comes here.
  if (t.constructor !== FunctionType) {
    parser.emitError(parser.getLocationAt(offset), `invalid kind of type specified: expected builtin.function, but found '${printType(t)}'`).report()
    return false
  }
  const fn = t as FunctionType
  // The type's own lists: the parse reads the lists it is given, and copies them into the op.
  setTypes(el.args[0]!, fn.inputs as Type[], ps)
  setTypes(el.args[1]!, fn.results as Type[], ps)
  return true
}

/** `parseOtherElement` of a `custom` directive. */
function parseCustomElement(el: FormatElement, info: FormatOpInfo, parser: OpAsmParser, state: OperationState, ps: ParseState, optional: boolean): boolean | null {
  const args = customArgsForParse(el, info, ps)
  const dir = info.customDirectives[el.text]!
  if (optional && dir.parseOptional !== undefined) {
    const r = dir.parseOptional(parser, args, state)
    if (r !== true) {
      return r
    }
  } else if (!dir.parse(parser, args, state)) {
    return false
  }
  storeCustomArgs(el, args, state, ps)
  return true
}

/** `parseOtherElement` of an optional group. */
function parseOptionalGroup(el: FormatElement, info: FormatOpInfo, parser: OpAsmParser, state: OperationState, ps: ParseState): boolean | null {
  // The group is decided by its first element that is not whitespace (`` or ` `).
  let firstIndex = 0
  while (firstIndex < el.thenElements.length - 1 && el.thenElements[firstIndex]!.kind === FormatKind.Space) {
    firstIndex++
  }
  const first = el.thenElements[firstIndex]!
  const r = parseElement(first, info, parser, state, ps, true)
  if (r === false) {
    return false
  }
  if (r === null) {
    return parseElements(el.elseElements, info, parser, state, ps)
  }
  for (let i = firstIndex + 1; i < el.thenElements.length; i++) {
    const then = el.thenElements[i]!
    // A unit attribute inside a group has no spelling of its own: the group's
    // presence sets it (below), as in mlir-tblgen.
    if (then.kind === FormatKind.Attr && info.attributes[then.index]!.constraint.isUnit === true) {
      continue
    }
    if (!parseElement(then, info, parser, state, ps, false)) {
      return false
    }
  }
  const anchor = el.anchor!
  if (anchor.kind === FormatKind.Attr && anchor !== first && info.attributes[anchor.index]!.constraint.isUnit === true) {
    const name = info.attributes[anchor.index]!.name
    const u = UnitAttr.get(parser.context)
    ps.setAttr(name, u)
    state.addAttribute(name, u)
  }
  return true
}

function isSingleTypeArg(arg: FormatElement, info: FormatOpInfo): boolean {
  if (arg.kind === FormatKind.Operand) {
    const d = info.operands[arg.index]!
    return !d.variadic && !d.optional
  }
  if (arg.kind === FormatKind.Result) {
    const d = info.results[arg.index]!
    return !d.variadic && !d.optional
  }
  return false
}

function setTypes(arg: FormatElement, types: Type[], ps: ParseState): void {
  if (arg.kind === FormatKind.Operand) { ps.operandTypes[arg.index] = types }
  else if (arg.kind === FormatKind.Result) { ps.resultTypes[arg.index] = types }
  else if (arg.kind === FormatKind.Operands) {
    ps.allOperandTypes = types
    ps.wholeLists = true
  } else if (arg.kind === FormatKind.Results) {
    ps.allResultTypes = types
    ps.wholeLists = true
  }
}

function customArgKind(el: FormatElement): string {
  switch (el.kind) {
    case FormatKind.Operand:
      return 'operand'
    case FormatKind.Type:
      return 'type'
    case FormatKind.Attr:
      return 'attr'
    case FormatKind.Region:
      return 'region'
    case FormatKind.Successor:
      return 'successor'
    case FormatKind.AttrDict:
      return 'attr-dict'
    case FormatKind.String:
      return 'string'
    default:
      throw new Error('unsupported custom directive argument')
  }
}

function isVariableLength(el: FormatElement, info: FormatOpInfo): boolean {
  const target = el.kind === FormatKind.Type ? el.args[0]! : el
  switch (target.kind) {
    case FormatKind.Operand:
      return info.operands[target.index]!.variadic || info.operands[target.index]!.optional
    case FormatKind.Result:
      return info.results[target.index]!.variadic || info.results[target.index]!.optional
    case FormatKind.Region:
      return info.regions[target.index]!.constraint.variadic
    case FormatKind.Successor:
      return info.successors[target.index]!.constraint.variadic
    case FormatKind.Operands:
    case FormatKind.Results:
      return true
    default:
      return false
  }
}

function customArgsForParse(el: FormatElement, info: FormatOpInfo, ps: ParseState): CustomDirectiveArg[] {
  const out: CustomDirectiveArg[] = []
  for (const a0 of el.args) {
    const isRef = a0.kind === FormatKind.Ref
    const a = isRef ? a0.args[0]! : a0
    const arg = new CustomDirectiveArg(customArgKind(a), a.kind === FormatKind.Type ? a.args[0]!.text : a.text, isRef, isVariableLength(a, info))
    arg.segmentAttr = customArgSegmentAttr(a, info)
    if (isRef) {
      if (a.kind === FormatKind.Operand) { arg.operands = ps.operands[a.index] ?? [] }
      else if (a.kind === FormatKind.Type) {
        const t = a.args[0]!
        arg.types = (t.kind === FormatKind.Operand ? ps.operandTypes[t.index] : t.kind === FormatKind.Result ? ps.resultTypes[t.index] : null) ?? []
      } else if (a.kind === FormatKind.Attr) { arg.attr = ps.getAttr(a.text) ?? null }
      else if (a.kind === FormatKind.Region) { arg.regions = ps.regions[a.index] ?? [] }
      else if (a.kind === FormatKind.Successor) { arg.blocks = ps.successors[a.index] ?? [] }
    }
    out.push(arg)
  }
  return out
}

function storeCustomArgs(el: FormatElement, args: readonly CustomDirectiveArg[], state: OperationState, ps: ParseState): void {
  for (let i = 0; i < el.args.length; i++) {
    const a = el.args[i]!
    const arg = args[i]!
    if (a.kind === FormatKind.Ref) {
      continue
    }
    switch (a.kind) {
      case FormatKind.Operand:
        ps.operands[a.index] = arg.operands
        if (arg.segmentAttr !== null && arg.groupSizes !== null) {
          state.addAttribute(arg.segmentAttr, DenseArrayAttr.getI32(ps.context, arg.groupSizes))
        }
        break
      case FormatKind.Type:
        setTypes(a.args[0]!, arg.types, ps)
        break
      case FormatKind.Attr:
        if (arg.attr !== null) {
          ps.setAttr(a.text, arg.attr)
          state.addAttribute(a.text, arg.attr)
        }
        break
      case FormatKind.Region:
        ps.regions[a.index] = arg.regions
        break
      case FormatKind.Successor:
        ps.successors[a.index] = arg.blocks
        break
      case FormatKind.AttrDict:
        for (const na of arg.attrs) { state.attributes.push(na) }
        break
      default:
        break
    }
  }
}

/** The index of the declaration named `name` in `decls`, or -1 (a loop: no closure per call). */
function indexOfDecl(decls: readonly OdsValueDecl[], name: string): number {
  for (let i = 0; i < decls.length; i++) {
    if (decls[i]!.name === name) {
      return i
    }
  }
  return -1
}

/** Finds the first known type for the variable (operand, result or typed attribute) `name`. */
function knownType(name: string, info: FormatOpInfo, ps: ParseState, depth: number): Type | undefined {
  const oi = indexOfDecl(info.operands, name)
  if (oi >= 0) {
    const ts = ps.operandTypes[oi]
    if (ts != null && ts.length > 0) {
      return ts[0]
    }
    return depth > 0 ? inferType(name, oi, true, info, ps, depth - 1) : undefined
  }
  const ri = indexOfDecl(info.results, name)
  if (ri >= 0) {
    const ts = ps.resultTypes[ri]
    if (ts != null && ts.length > 0) {
      return ts[0]
    }
    return depth > 0 ? inferType(name, ri, false, info, ps, depth - 1) : undefined
  }
  return typeOfAttr(ps.getAttr(name))
}

/** Infers the type of an operand (`isOperand`) or result group from the op's type constraints. */
function inferType(name: string, index: number, isOperand: boolean, info: FormatOpInfo, ps: ParseState, depth: number): Type | undefined {
  // The lists are read once: each read of `info.operands` is a getter call, costly while cold.
  const numOperands = info.operands.length
  const same = (info.traits & Trait.SameOperandsAndResultType) !== 0
  if (same) {
    for (let i = 0; i < numOperands; i++) {
      const ts = ps.operandTypes[i]
      if (ts != null && ts.length > 0) {
        return ts[0]
      }
    }
    const numResults = info.results.length
    for (let i = 0; i < numResults; i++) {
      const ts = ps.resultTypes[i]
      if (ts != null && ts.length > 0) {
        return ts[0]
      }
    }
  }
  if (isOperand && info.sameTypeOperands) {
    for (let i = 0; i < numOperands; i++) {
      const ts = ps.operandTypes[i]
      if (ts != null && ts.length > 0) {
        return ts[0]
      }
    }
  }
  // Indexed loops: a `for...of` loop compiles to an iterator protocol in a try block, a much
  // larger optimized compile (and this function is compiled early in every run).
  const groups = info.allTypesMatch
  for (let gi = 0; gi < groups.length; gi++) {
    const group = groups[gi]!
    if (!group.includes(name)) {
      continue
    }
    for (let i = 0; i < group.length; i++) {
      const other = group[i]!
      if (other === name) {
        continue
      }
      const t = knownType(other, info, ps, depth)
      if (t !== undefined) {
        return t
      }
    }
  }
  const matches = info.typesMatchWith
  for (let mi = 0; mi < matches.length; mi++) {
    const m = matches[mi]!
    if (m.to !== name) {
      continue
    }
    const t = knownType(m.from, info, ps, depth)
    if (t !== undefined) {
      return m.transform(t)
    }
  }
  const c = isOperand ? info.operands[index]!.constraint : info.results[index]!.constraint
  return c.build?.(ps.context)
}

/**
 * As mlir-tblgen's parsers: a type the format leaves out and derives from another
 * variable through a `TypesMatchWith` transform is built only once that variable's parsed
 * types satisfy its constraint (else "'val' must be ..., but got ..." at the op name).
 * Results come first, then operands, each in declaration order.
 */
function verifyTransformSources(info: FormatOpInfo, parser: OpAsmParser, ps: ParseState): LogicalResult {
  if (info.typesMatchWith.length === 0 || (info.traits & Trait.SameOperandsAndResultType) !== 0) {
    return true
  }
  for (let pass = 0; pass < 2; pass++) {
    const decls = pass === 0 ? info.results : info.operands
    if ((pass === 0 ? ps.allResultTypes : ps.allOperandTypes) !== null) {
      continue
    }
    for (let i = 0; i < decls.length; i++) {
      const name = decls[i]!.name
      if ((pass === 0 ? ps.resultTypes[i] : ps.operandTypes[i]) != null || info.allTypesMatch.some((g) => g.includes(name))) {
        continue
      }
      const m = info.typesMatchWith.find((t) => t.to === name)
      if (m === undefined) {
        continue
      }
      const oi = indexOfDecl(info.operands, m.from)
      const ri = oi >= 0 ? -1 : indexOfDecl(info.results, m.from)
      const from = oi >= 0 ? info.operands[oi] : ri >= 0 ? info.results[ri] : undefined
      const types = oi >= 0 ? ps.operandTypes[oi] : ri >= 0 ? ps.resultTypes[ri] : null
      if (from === undefined || types == null) {
        continue
      }
      for (const t of types) {
        if (!from.constraint.check(t)) {
          return parser.emitError(parser.getNameLoc(), `'${m.from}' must be ${from.summary}, but got '${typeToString(t)}'`).fail()
        }
      }
    }
  }
  return true
}

function resolveParsed(info: FormatOpInfo, parser: OpAsmParser, state: OperationState, ps: ParseState): LogicalResult {
    if (!verifyTransformSources(info, parser, ps)) {
      return failure()
    }
    // Result types, in declaration order.
    if (ps.allResultTypes !== null) { state.addTypes(ps.allResultTypes) }
    else {
      let inferLater = false
      // The parsed groups' types are in ps.resultTypes; a single type inferred for a group
      // the format leaves out goes to `inferred` (made only then), so that inference of
      // later groups sees only parsed types.
      const parsed = ps.resultTypes
      // Read once: each read of `info.results` is a getter call, costly while cold.
      const results = info.results
      let inferred: (Type[] | null)[] | null = null
      for (let i = 0; i < results.length; i++) {
        const d = results[i]!
        if (parsed[i] == null) {
          // Without InferTypeOpInterface, a variable-length result the format does
          // not mention is empty; a single one takes the type of its type constraint.
          const t = d.variadic || d.optional ? undefined : inferType(d.name, i, false, info, ps, 3)
          if (t !== undefined) {
            inferred ??= nulls(results.length)
            inferred[i] = [t]
          } else if (info.inferResultTypes !== null) {
            inferLater = true
          } else if (!d.variadic && !d.optional) {
            parser.emitError(parser.getNameLoc(), `cannot infer the type of result '${d.name}'`).report()
            return failure()
          }
        }
      }
      if (!inferLater) {
        for (let i = 0; i < results.length; i++) {
          const ts = parsed[i] ?? inferred?.[i] ?? NO_SLOTS
          // Into the state's own list: the op parser reuses its states and their room.
          state.addTypes(ts)
        }
      }
      if ((info.traits & Trait.AttrSizedResultSegments) !== 0) {
        const sizes: number[] = []
        for (let i = 0; i < results.length; i++) {
          sizes.push((parsed[i] ?? inferred?.[i] ?? NO_SLOTS).length)
        }
        state.addAttribute('resultSegmentSizes', denseI32(parser, sizes))
      }
      if (inferLater) {
        if (!resolveOperandsParsed(info, parser, state, ps)) {
          return failure()
        }
        addRegionsAndSuccessors(info, state, ps)
        return addInferredResultTypes(info, parser, state)
      }
    }
    if (!resolveOperandsParsed(info, parser, state, ps)) {
      return failure()
    }
    addRegionsAndSuccessors(info, state, ps)
    return success()
}

/** Adds the result types InferTypeOpInterface gives for the op in `state` (operands resolved); reports when it gives none. */
function addInferredResultTypes(info: FormatOpInfo, parser: OpAsmParser, state: OperationState): LogicalResult {
  const types = info.inferResultTypes?.(state)
  if (types === undefined) {
    parser.emitError(parser.getNameLoc(), `failed to infer returned types`).report()
    return failure()
  }
  state.addTypes(types)
  return success()
}

function denseI32(parser: OpAsmParser, sizes: readonly number[]): Attribute {
  return DenseArrayAttr.getI32(parser.context, sizes)
}

function addRegionsAndSuccessors(info: FormatOpInfo, state: OperationState, ps: ParseState): void {
  // Indexed loops: a for-of makes an iterator per list, for each op parsed while the code is cold.
  const allRegions = ps.allRegions
  if (allRegions !== null) {for (let i = 0; i < allRegions.length; i++) {state.addRegion(allRegions[i])}}
  else
    {const regions = info.regions
    for (let i = 0; i < regions.length; i++) {
      const rs = ps.regions[i]
      if (rs == null) {
        if (!regions[i]!.constraint.variadic) { state.addRegion() }
        continue
      }
      for (let k = 0; k < rs.length; k++) { state.addRegion(rs[k]) }
    }}
  const allSuccessors = ps.allSuccessors
  if (allSuccessors !== null) {for (let i = 0; i < allSuccessors.length; i++) {state.addSuccessor(allSuccessors[i]!)}}
  else {
    const successors = ps.successors
    for (let i = 0; i < successors.length; i++) {
      const bs = successors[i]
      if (bs != null) {for (let k = 0; k < bs.length; k++) {state.addSuccessor(bs[k]!)}}
    }
  }
}

/**
 * `OpAsmParser.resolveOperands` with ODS's count check first: a type list whose
 * length differs from the operand list is reported as mlir-opt does.
 */
export function resolveOperandList(parser: OpAsmParser, operands: readonly UnresolvedOperand[], types: readonly Type[] | Type, loc: Location | number, out: Value[]): boolean {
  if (Array.isArray(types)) {
    const ts = types as readonly Type[]
    if (ts.length !== operands.length) {
      const at = typeof loc === 'number' ? locationAtOffset(parser, loc) : loc
      parser.emitError(at, `number of operands and types do not match: got ${operands.length} operands and ${ts.length} types`).report()
      return false
    }
    for (let i = 0; i < operands.length; i++) {
      if (!parser.resolveOperand(operands[i]!, ts[i]!, out)) {
        return false
      }
    }
    return true
  }
  for (let i = 0; i < operands.length; i++) {
    if (!parser.resolveOperand(operands[i]!, types as Type, out)) {
      return false
    }
  }
  return true
}

/** The location of `offset` (from `getCurrentOffset`), or of the op name when it is -1. */
function locationAtOffset(parser: OpAsmParser, offset: number): Location {
  return offset < 0 ? parser.getNameLoc() : parser.getLocationAt(offset)
}

function resolveOperandsParsed(info: FormatOpInfo, parser: OpAsmParser, state: OperationState, ps: ParseState): boolean {
  if (ps.allOperands !== null) {
    const n = info.operands.length
    const at = ps.allOperandsOffset
    if (ps.allOperandTypes !== null) {
      return resolveOperandList(parser, ps.allOperands, ps.allOperandTypes, at, state.operands)
    }
    if (ps.allOperands.length === 0) {
      // No operands: nothing to type (`operands ... (`:` type($operands)^)?` with none).
      return true
    }
    const loc = locationAtOffset(parser, at)
    // Without per-operand lists, every declared group must infer one type for all.
    const types: Type[] = []
    for (let i = 0; i < n; i++) {
      const t = ps.operandTypes[i]?.[0] ?? inferType(info.operands[i]!.name, i, true, info, ps, 3)
      if (t === undefined) {
        parser.emitError(loc, 'cannot infer operand types').report()
        return false
      }
      types.push(t)
    }
    const all: Type[] = []
    for (let k = 0; k < ps.allOperands.length; k++) { all.push(types[Math.min(k, types.length - 1)]!) }
    return parser.resolveOperands(ps.allOperands, all, loc, state.operands)
  }
  // Into the state's own list: the op parser reuses its states and their room.
  return resolveOperandGroups(info, parser, state, ps, state.operands)
}

function resolveOperandGroups(info: FormatOpInfo, parser: OpAsmParser, state: OperationState, ps: ParseState, out: Value[]): boolean {
  const operands = info.operands
  const n = operands.length
  let allTypesOffset = 0
  const sizes: number[] | null = (info.traits & Trait.AttrSizedOperandSegments) !== 0 ? [] : null
  for (let i = 0; i < n; i++) {
    const d = operands[i]!
    const list = ps.operands[i] ?? NO_SLOTS
    sizes?.push(list.length)
    const at = ps.operandOffsets[i]!
    let ts: Type[] | Type | undefined = ps.operandTypes[i] ?? undefined
    if (ts === undefined && ps.allOperandTypes !== null) {
      ts = ps.allOperandTypes.slice(allTypesOffset, allTypesOffset + list.length)
      allTypesOffset += list.length
    }
    if (ts === undefined && list.length === 0) {
      continue
    }
    if (ts === undefined) {
      const t = inferType(d.name, i, true, info, ps, 3)
      if (t === undefined) {
        parser.emitError(locationAtOffset(parser, at), `cannot infer the type of operand '${d.name}'`).report()
        return false
      }
      ts = t
    }
    // A type list whose length differs from the operands' is reported by resolveOperandList.
    if (!resolveOperandList(parser, list, ts, at, out)) {
      return false
    }
  }
  if (sizes !== null) { state.addAttribute('operandSegmentSizes', denseI32(parser, sizes)) }
  return true
}

// ---- printing ---------------------------------------------------------------------------

class PrintState {
  // Assigned in the constructor, not defined as class fields: one is made per printed op.
  declare shouldEmitSpace: boolean
  declare lastWasPunctuation: boolean
  constructor() {
    this.shouldEmitSpace = true
    this.lastWasPunctuation = false
  }
}

function shouldEmitSpaceBefore(value: string, lastWasPunctuation: boolean): boolean {
  if (value.length !== 1 && value !== '->') {
    return true
  }
  if (lastWasPunctuation) {return !'>)}],'.includes(value[0]!)}
  return !'<>(){}[],'.includes(value[0]!)
}

/**
 * The printer of the custom form described by `fmt` for `info` (the generated `print`
 * hook, with mlir-tblgen's spacing rules), compiled on first use and kept on the format.
 */
export function formatPrinter(fmt: CompiledFormat, info: FormatOpInfo): (op: Operation, printer: OpAsmPrinter) => void {
  const compiled = fmt.printer
  return compiled !== null && fmt.printerInfo === info ? compiled : compilePrinter(fmt, info)
}

/**
 * What printing with one format reads from its op's definition, read once: the declared
 * operands, results and attributes (getters on an op definition), and the attribute names
 * `attr-dict` elides.
 */
class PrintPlan {
  /** The attribute names `attr-dict` always elides: the format's own and the segment sizes. */
  readonly staticElided: string[]
  /** The indices of the declared attributes that have a default value (elided when they hold it). */
  readonly defaulted: number[]
  /** The full elided lists, by the bit set of defaulted attributes holding their default. */
  readonly elidedByMask: Map<number, string[]> = new Map()
  readonly operands: readonly OdsValueDecl[]
  readonly results: readonly OdsValueDecl[]
  readonly attributes: readonly OdsAttrDecl[]
  constructor(
    fmt: CompiledFormat,
    readonly info: FormatOpInfo,
  ) {
    this.operands = info.operands
    this.results = info.results
    this.attributes = info.attributes
    const base: string[] = []
    if (!fmt.hasOperandsDirective && (info.traits & Trait.AttrSizedOperandSegments) !== 0) { base.push('operandSegmentSizes') }
    if (!fmt.hasResultTypesDirective && (info.traits & Trait.AttrSizedResultSegments) !== 0) { base.push('resultSegmentSizes') }
    for (const n of fmt.usedAttributes) { base.push(n) }
    this.staticElided = base
    const defaulted: number[] = []
    for (let i = 0; i < this.attributes.length; i++) {
      if (this.attributes[i]!.defaultValue !== null) { defaulted.push(i) }
    }
    this.defaulted = defaulted
  }
}

/** The print plan of `fmt` for `info`, made (and kept on the format) when it has none for it. */
function printPlanOf(fmt: CompiledFormat, info: FormatOpInfo): PrintPlan {
  const kept = fmt.printPlan
  if (kept !== null && kept.info === info) {
    return kept
  }
  const plan = new PrintPlan(fmt, info)
  fmt.printPlan = plan
  return plan
}

/**
 * What printing one op with its format needs, and the spacing state (a `PrintState`). A
 * compiled printer keeps one for the ops it prints (an op printed inside one of the same
 * format, in a region, gets another) and sets it up for each op (see `compilePrinter`);
 * the spacing state is not reset per op: the steps that read it write it first (see
 * `StepCompiler`).
 */
class PrintCtx extends PrintState {
  declare readonly fmt: CompiledFormat
  declare readonly info: FormatOpInfo
  declare readonly plan: PrintPlan
  /** The plan's declarations (`info.operands`, `info.results`, `info.attributes`). */
  declare readonly operandDecls: readonly OdsValueDecl[]
  declare readonly resultDecls: readonly OdsValueDecl[]
  declare readonly attrDecls: readonly OdsAttrDecl[]
  declare op: Operation
  declare printer: OpAsmPrinter
  declare operandSegs: Int32Array
  declare resultSegs: Int32Array
  /** The context's own arrays that `operandSegs` and `resultSegs` are written into when the op's groups vary in size. */
  declare readonly operandScratch: Int32Array
  declare readonly resultScratch: Int32Array
  constructor(fmt: CompiledFormat, info: FormatOpInfo, plan: PrintPlan) {
    super()
    this.fmt = fmt
    this.info = info
    this.plan = plan
    this.operandDecls = plan.operands
    this.resultDecls = plan.results
    this.attrDecls = plan.attributes
    this.op = null as unknown as Operation
    this.printer = null as unknown as OpAsmPrinter
    this.operandSegs = NO_SEGMENTS
    this.resultSegs = NO_SEGMENTS
    this.operandScratch = new Int32Array(SCRATCH_SEGMENTS)
    this.resultScratch = new Int32Array(SCRATCH_SEGMENTS)
  }
}

const NO_SEGMENTS = new Int32Array(0)
/** Entries of a print context's segment arrays: room for 8 groups (an op with more gets new arrays). */
const SCRATCH_SEGMENTS = 16

function operandGroup(ctx: PrintCtx, i: number): Value[] {
  const start = ctx.operandSegs[2 * i]!
  const len = ctx.operandSegs[2 * i + 1]!
  const out: Value[] = []
  for (let k = 0; k < len; k++) {
    const o = ctx.op.operands[start + k]
    if (o !== undefined) { out.push(o.value) }
  }
  return out
}

/** The regions of declared region `i` (one, or the rest for a trailing variadic region). */
function regionGroup(ctx: PrintCtx, i: number): Region[] {
  const decls = ctx.info.regions
  if (!decls[i]!.constraint.variadic) {
    return ctx.op.regions[i] !== undefined ? [ctx.op.regions[i]] : []
  }
  const fixedAfter = decls.length - 1 - i
  return ctx.op.regions.slice(i, ctx.op.regions.length - fixedAfter)
}

function successorGroup(ctx: PrintCtx, i: number): Block[] {
  const decls = ctx.info.successors
  const all = ctx.op.successors.map((s) => s.block)
  if (!decls[i]!.constraint.variadic) {
    return all[i] !== undefined ? [all[i]] : []
  }
  const fixedAfter = decls.length - 1 - i
  return all.slice(i, all.length - fixedAfter)
}

function attrValue(ctx: PrintCtx, d: OdsAttrDecl): Attribute | undefined {
  return ctx.op.getAttr(d.name)
}

function anchorPresent(anchor: FormatElement, ctx: PrintCtx): boolean {
  switch (anchor.kind) {
    case FormatKind.Operand: {
      const start = ctx.operandSegs[2 * anchor.index]!
      const len = ctx.operandSegs[2 * anchor.index + 1]!
      for (let k = 0; k < len; k++) { if (ctx.op.operands[start + k] !== undefined) { return true } }
      return false
    }
    case FormatKind.Result: {
      const start = ctx.resultSegs[2 * anchor.index]!
      const len = ctx.resultSegs[2 * anchor.index + 1]!
      for (let k = 0; k < len; k++) { if (ctx.op.results[start + k] !== undefined) { return true } }
      return false
    }
    case FormatKind.Region: {
      const rs = regionGroup(ctx, anchor.index)
      return ctx.info.regions[anchor.index]!.constraint.variadic ? rs.length > 0 : rs.length > 0 && !rs[0]!.empty
    }
    case FormatKind.Successor:
      return successorGroup(ctx, anchor.index).length > 0
    case FormatKind.Type:
    case FormatKind.FunctionalType:
      return anchorPresent(anchor.args[0]!, ctx)
    case FormatKind.Operands:
      return ctx.op.operands.length > 0
    case FormatKind.Results:
      return ctx.op.results.length > 0
    case FormatKind.Attr: {
      const d = ctx.attrDecls[anchor.index]!
      const a = attrValue(ctx, d)
      if (a === undefined) {
        return false
      }
      if (d.defaultValue !== null && a === d.defaultValue(ctx.op.context)) {
        return false
      }
      return true
    }
    case FormatKind.Custom:
      for (const a of anchor.args) {if (anchorPresent(a.kind === FormatKind.Ref ? a.args[0]! : a, ctx)) {return true}}
      return false
    default:
      return true
  }
}

function printLiteral(el: FormatElement, printer: OpAsmPrinter, st: PrintState): void {
  const bits = el.literalSpacing
  printer.print(st.shouldEmitSpace && (bits & (st.lastWasPunctuation ? SPACE_AFTER_PUNCTUATION : SPACE_OTHERWISE)) !== 0 ? el.spacedText : el.text)
  st.shouldEmitSpace = (bits & SPACE_MAY_FOLLOW) !== 0
  st.lastWasPunctuation = (bits & IS_PUNCTUATION) !== 0
}

function printCommaList<T>(items: readonly T[], printer: OpAsmPrinter, fn: (item: T) => void): void {
  for (let i = 0; i < items.length; i++) {
    if (i > 0) { printer.print(', ') }
    fn(items[i]!)
  }
}

function printRegionOf(region: Region, ctx: PrintCtx): void {
  if (ctx.info.implicitTerminatorName !== undefined) {
    let printTerminator = true
    const b = region.firstBlock
    const term = b === null ? null : b.lastOp
    if (term !== null && term.hasTrait(Trait.IsTerminator)) {
      printTerminator = term.getAttrs().length !== 0 || term.operands.length !== 0 || term.results.length !== 0
    }
    ctx.printer.printRegion(region, true, printTerminator)
    return
  }
  ctx.printer.printRegion(region)
}

function typesOf(arg: FormatElement, ctx: PrintCtx): Type[] {
  switch (arg.kind) {
    case FormatKind.Operand:
      return groupTypes(ctx, arg.index, true)
    case FormatKind.Result:
      return groupTypes(ctx, arg.index, false)
    case FormatKind.Operands: {
      const operands = ctx.op.operands
      const out = new Array<Type>(operands.length)
      for (let k = 0; k < operands.length; k++) { out[k] = operands[k]!.value.type }
      return out
    }
    case FormatKind.Results: {
      const results = ctx.op.results
      const out = new Array<Type>(results.length)
      for (let k = 0; k < results.length; k++) { out[k] = results[k]!.type }
      return out
    }
    default:
      return []
  }
}

/** The types of operand (`isOperand`) or result group `index` of the op printed. */
function groupTypes(ctx: PrintCtx, index: number, isOperand: boolean): Type[] {
  const segs = isOperand ? ctx.operandSegs : ctx.resultSegs
  const start = segs[2 * index]!
  const len = segs[2 * index + 1]!
  const op = ctx.op
  const count = isOperand ? op.operands.length : op.results.length
  // Made at its final length: an empty array grown by push reserves room for 16.
  const out = new Array<Type>(len)
  let n = 0
  for (let k = start; k < start + len && k < count; k++) {
    out[n++] = isOperand ? op.operands[k]!.value.type : op.results[k]!.type
  }
  if (n !== len) { out.length = n }
  return out
}

/** Attribute names elided from `attr-dict` for `op`: the format's own, segment sizes, and defaults. */
function elidedAttrs(ctx: PrintCtx): string[] {
  const plan = ctx.plan
  const base = plan.staticElided
  const defaulted = plan.defaulted
  if (defaulted.length === 0) {
    return base
  }
  const decls = ctx.attrDecls
  const op = ctx.op
  if (decls.length > 30) {
    let out: string[] | null = null
    for (let k = 0; k < defaulted.length; k++) {
      const d = decls[defaulted[k]!]!
      const a = op.getAttr(d.name)
      if (a !== undefined && a === d.defaultValue!(op.context)) {
        if (out === null) { out = base.slice() }
        out.push(d.name)
      }
    }
    return out ?? base
  }
  // The attributes holding their default, as a bit set over the declarations; each set
  // seen gets one cached list.
  let mask = 0
  for (let k = 0; k < defaulted.length; k++) {
    const i = defaulted[k]!
    const d = decls[i]!
    const a = op.getAttr(d.name)
    if (a !== undefined && a === d.defaultValue!(op.context)) { mask |= 1 << i }
  }
  if (mask === 0) {
    return base
  }
  let out = plan.elidedByMask.get(mask)
  if (out === undefined) {
    out = base.slice()
    for (let i = 0; i < decls.length; i++) {
      if ((mask & (1 << i)) !== 0) { out.push(decls[i]!.name) }
    }
    plan.elidedByMask.set(mask, out)
  }
  return out
}

/** Prints the values of operand group `i`, comma-separated, without building an array. */
function printOperandGroup(ctx: PrintCtx, i: number): void {
  const start = ctx.operandSegs[2 * i]!
  const len = ctx.operandSegs[2 * i + 1]!
  const operands = ctx.op.operands
  const printer = ctx.printer
  let first = true
  for (let k = 0; k < len; k++) {
    const o = operands[start + k]
    if (o === undefined) { continue }
    if (!first) { printer.print(', ') }
    first = false
    printer.printOperand(o.value)
  }
}

/** The single type of a non-variadic operand or result group, if present. */
function singleTypeOf(arg: FormatElement, ctx: PrintCtx): Type | undefined {
  if (arg.kind === FormatKind.Operand) {
    if (ctx.operandSegs[2 * arg.index + 1]! < 1) { return undefined }
    return ctx.op.operands[ctx.operandSegs[2 * arg.index]!]?.value.type
  }
  if (arg.kind === FormatKind.Result) {
    if (ctx.resultSegs[2 * arg.index + 1]! < 1) { return undefined }
    return ctx.op.results[ctx.resultSegs[2 * arg.index]!]?.type
  }
  return typesOf(arg, ctx)[0]
}

/**
 * Prints one element of a format. The kinds that nearly every op prints (literals, single
 * operands and types, the attribute dictionary) are handled here, in a small function that
 * is quick to optimize; the others in `printOtherElement`.
 */
function printElement(el: FormatElement, ctx: PrintCtx, st: PrintState): void {
  const kind = el.kind
  if (kind === FormatKind.Literal) {
    printLiteral(el, ctx.printer, st)
    return
  }
  if (kind === FormatKind.Operand) {
    if (ctx.operandDecls[el.index]!.segmentAttr === undefined) {
      spaceBeforeValue(ctx.printer, st)
      printOperandGroup(ctx, el.index)
      return
    }
  } else if (kind === FormatKind.Type) {
    const arg = el.args[0]!
    if (arg.kind === FormatKind.Operand || arg.kind === FormatKind.Result) {
      const d = arg.kind === FormatKind.Operand ? ctx.operandDecls[arg.index]! : ctx.resultDecls[arg.index]!
      if ((arg.kind === FormatKind.Result || d.segmentAttr === undefined) && !d.variadic && !d.optional) {
        spaceBeforeValue(ctx.printer, st)
        printSingleType(el, arg, d, ctx)
        return
      }
    }
  } else if (kind === FormatKind.AttrDict) {
    const attrs = ctx.fmt.hasPropDict ? ctx.op.attributes.entries : ctx.op.getAttrs()
    // Nothing to print (nor to elide) without attributes.
    if (attrs.length !== 0) {
      if (el.flag) { ctx.printer.printOptionalAttrDictWithKeyword(attrs, elidedAttrs(ctx)) }
      else { ctx.printer.printOptionalAttrDict(attrs, elidedAttrs(ctx)) }
    }
    st.lastWasPunctuation = false
    return
  }
  printOtherElement(el, ctx, st)
}

/** The space before an element that is not a literal (mlir-tblgen's spacing), and the state after it. */
function spaceBeforeValue(printer: OpAsmPrinter, st: PrintState): void {
  if (st.shouldEmitSpace || !st.lastWasPunctuation) { printer.print(' ') }
  st.lastWasPunctuation = false
  st.shouldEmitSpace = true
}

/** `type($x)` of a single (neither variadic nor optional) operand or result, declared by `d`. */
function printSingleType(el: FormatElement, arg: FormatElement, d: OdsValueDecl, ctx: PrintCtx): void {
  const t = singleTypeOf(arg, ctx)
  if (t === undefined) {
    return
  }
  const c = d.constraint
  if (!el.flag && c.print !== undefined) { c.print(t, ctx.printer) }
  else { ctx.printer.printType(t) }
}

/** `printElement` of the kinds it leaves out. */
function printOtherElement(el: FormatElement, ctx: PrintCtx, st: PrintState): void {
  const printer = ctx.printer
  switch (el.kind) {
    case FormatKind.Space:
      if (el.text === '\n') {
        printer.printNewline()
        return
      }
      if (el.text === ' ') {
        printer.print(' ')
        st.lastWasPunctuation = false
      } else { st.lastWasPunctuation = true }
      st.shouldEmitSpace = false
      return
    case FormatKind.Optional: {
      const present = anchorPresent(el.anchor!, ctx)
      const anchor = el.anchor!
      let elided: FormatElement | null = null
      if (
        anchor.kind === FormatKind.Attr &&
        anchor !== el.thenElements[0] &&
        (el.elseElements.length === 0 || anchor !== el.elseElements[0]) &&
        ctx.attrDecls[anchor.index]!.constraint.isUnit === true
      )
        {elided = anchor}
      const list = present !== el.inverted ? el.thenElements : el.elseElements
      for (let i = 0; i < list.length; i++) {
        const child = list[i]!
        if (child !== elided) {printElement(child, ctx, st)}
      }
      return
    }
    case FormatKind.OIList:
      printOIList(el, ctx, st)
      return
    default:
      break
  }
  spaceBeforeValue(printer, st)
  switch (el.kind) {
    case FormatKind.PropDict: {
      // Like attr-dict, prop-dict leaves out what the format prints itself and
      // default-valued properties holding their default.
      const skip = new Set(elidedAttrs(ctx))
      const props = ctx.op.properties.entries.filter((e) => !skip.has(e.name))
      if (props.length > 0) {
        printer.print('<{')
        printCommaList(props, printer, (p) => {
          if (p.value instanceof UnitAttr) {
            printer.print(p.name)
            return
          }
          printer.print(`${p.name} = `)
          printer.printAttribute(p.value)
        })
        printer.print('}>')
      }
      return
    }
    case FormatKind.Operand:
      if (ctx.operandDecls[el.index]!.segmentAttr !== undefined) {
        printValueGroups(ctx, el.index, false)
        return
      }
      printOperandGroup(ctx, el.index)
      return
    case FormatKind.Attr: {
      const d = ctx.attrDecls[el.index]!
      const a = attrValue(ctx, d)
      if (a === undefined) {
        return
      }
      const c = d.constraint
      if (el.flag) { printer.printAttribute(a) }
      else if (c.print !== undefined) { c.print(a, printer) }
      else if (c.valueType !== undefined) { printer.printAttributeWithoutType(a) }
      else { printer.printAttribute(a) }
      return
    }
    case FormatKind.Region:
      printCommaList(regionGroup(ctx, el.index), printer, (r) => printRegionOf(r, ctx))
      return
    case FormatKind.Successor:
      printCommaList(successorGroup(ctx, el.index), printer, (b) => printer.printSuccessor(b))
      return
    case FormatKind.Operands: {
      const operands = ctx.op.operands
      for (let i = 0; i < operands.length; i++) {
        if (i > 0) { printer.print(', ') }
        printer.printOperand(operands[i]!.value)
      }
      return
    }
    case FormatKind.Regions:
      printCommaList(ctx.op.regions, printer, (r) => printRegionOf(r, ctx))
      return
    case FormatKind.Successors:
      printCommaList(
        ctx.op.successors.map((s) => s.block),
        printer,
        (b) => printer.printSuccessor(b),
      )
      return
    case FormatKind.Type: {
      const arg = el.args[0]!
      if (arg.kind === FormatKind.Operand && ctx.operandDecls[arg.index]!.segmentAttr !== undefined) {
        printValueGroups(ctx, arg.index, true)
        return
      }
      if (isSingleTypeArg(arg, ctx.info)) {
        printSingleType(el, arg, arg.kind === FormatKind.Operand ? ctx.operandDecls[arg.index]! : ctx.resultDecls[arg.index]!, ctx)
        return
      }
      const types = typesOf(arg, ctx)
      for (let i = 0; i < types.length; i++) {
        if (i > 0) { printer.print(', ') }
        printer.printType(types[i]!)
      }
      return
    }
    case FormatKind.FunctionalType:
      printer.printFunctionalType(typesOf(el.args[0]!, ctx), typesOf(el.args[1]!, ctx))
      return
    case FormatKind.Custom: {
      const args = customArgsForPrint(el, ctx)
      ctx.info.customDirectives[el.text]!.print(printer, ctx.op, args)
      return
    }
    default:
      throw new Error(`format element kind ${el.kind} cannot be printed here`)
  }
}

function customArgsForPrint(el: FormatElement, ctx: PrintCtx): CustomDirectiveArg[] {
  const out: CustomDirectiveArg[] = []
  for (const a0 of el.args) {
    const isRef = a0.kind === FormatKind.Ref
    const a = isRef ? a0.args[0]! : a0
    const arg = new CustomDirectiveArg(customArgKind(a), a.kind === FormatKind.Type ? a.args[0]!.text : a.text, isRef, isVariableLength(a, ctx.info))
    arg.segmentAttr = customArgSegmentAttr(a, ctx.info)
    if (arg.segmentAttr !== null) {
      const sizes = ctx.op.getAttr(arg.segmentAttr)
      arg.groupSizes = sizes instanceof DenseArrayAttr ? sizes.values.map(Number) : []
    }
    switch (a.kind) {
      case FormatKind.Operand:
        arg.values = operandGroup(ctx, a.index)
        break
      case FormatKind.Type:
        arg.types = typesOf(a.args[0]!, ctx)
        break
      case FormatKind.Attr:
        arg.attr = ctx.op.getAttr(a.text) ?? null
        break
      case FormatKind.Region:
        arg.regions = regionGroup(ctx, a.index)
        break
      case FormatKind.Successor:
        arg.blocks = successorGroup(ctx, a.index)
        break
      case FormatKind.AttrDict:
        arg.attrs = [...ctx.op.getAttrs()]
        break
      default:
        break
    }
    out.push(arg)
  }
  return out
}
/** A variadic-of-variadic operand the input left out (in an absent optional group) has no sub-groups. */
function addUnparsedGroupSizes(info: FormatOpInfo, state: OperationState, ps: ParseState): void {
  for (let i = 0; i < info.operands.length; i++) {
    const segmentAttr = info.operands[i]!.segmentAttr
    if (segmentAttr !== undefined && ps.operands[i] === null) {
      state.addAttribute(segmentAttr, DenseArrayAttr.getI32(ps.context, []))
    }
  }
}


// ---- oilist and variadic-of-variadic operands ----------------------------------------

/** The segment attribute of a custom directive argument naming a variadic-of-variadic operand (or its type). */
function customArgSegmentAttr(a: FormatElement, info: FormatOpInfo): string | null {
  const target = a.kind === FormatKind.Type ? a.args[0]! : a
  return target.kind === FormatKind.Operand ? (info.operands[target.index]!.segmentAttr ?? null) : null
}

/** The unit attribute a clause consists of (`\`nowait\` $nowait`), or null. */
function unitAttrOfClause(clause: FormatElement, info: FormatOpInfo): string | null {
  const els = clause.thenElements
  if (els.length !== 1 || els[0]!.kind !== FormatKind.Attr) {
    return null
  }
  const d = info.attributes[els[0]!.index]!
  return d.constraint.isUnit === true ? d.name : null
}

/**
 * `oilist(...)`: clauses in any order until no clause keyword follows; each at most once
 * (else mlir-tblgen's error at the op name). A unit-attribute clause sets its attribute.
 */
function parseOIList(el: FormatElement, info: FormatOpInfo, parser: OpAsmParser, state: OperationState, ps: ParseState): boolean {
  const seen = new Set<string>()
  for (;;) {
    let clause: FormatElement | null = null
    for (const c of el.args) {
      if (parseLiteral(parser, c.text, true)) {
        clause = c
        break
      }
    }
    if (clause === null) {
      return true
    }
    if (seen.has(clause.text)) {
      parser.emitError(parser.getNameLoc(), `\`${clause.text}\` clause can appear at most once in the expansion of the oilist directive`).report()
      return false
    }
    seen.add(clause.text)
    const unit = unitAttrOfClause(clause, info)
    if (unit !== null) {
      const a = UnitAttr.get(parser.context)
      ps.setAttr(unit, a)
      state.addAttribute(unit, a)
    } else if (!parseElements(clause.thenElements, info, parser, state, ps)) {
      return false
    }
  }
}

/** True when any value a clause prints is present (an attribute set, a non-empty group). */
function clausePresent(clause: FormatElement, ctx: PrintCtx): boolean {
  let present = false
  visitElements(clause.thenElements, (e) => {
    if (present) {
      return
    }
    switch (e.kind) {
      case FormatKind.Attr:
        present = ctx.op.getAttr(ctx.attrDecls[e.index]!.name) !== undefined
        break
      case FormatKind.Operand:
        present = ctx.operandSegs[2 * e.index + 1]! > 0
        break
      case FormatKind.Result:
        present = ctx.resultSegs[2 * e.index + 1]! > 0
        break
      case FormatKind.Region:
        present = regionGroup(ctx, e.index).some((r) => r.blockList.length > 0)
        break
      default:
        break
    }
  })
  return present
}

/** Prints the present clauses of an `oilist` in declaration order. */
function printOIList(el: FormatElement, ctx: PrintCtx, st: PrintState): void {
  for (const clause of el.args) {
    if (!clausePresent(clause, ctx)) {
      continue
    }
    printLiteral(clause, ctx.printer, st)
    if (unitAttrOfClause(clause, ctx.info) === null) {
      for (const child of clause.thenElements) { printElement(child, ctx, st) }
    }
  }
}

/**
 * `(%a, %b), (), (%c)`: a variadic-of-variadic operand; its sub-group sizes go to `segmentAttr`.
 * As the first element of an optional group (`optional`), no operands at all means absent (null).
 */
function parseOperandGroups(segmentAttr: string, index: number, parser: OpAsmParser, state: OperationState, ps: ParseState, optional: boolean): boolean | null {
  const list: UnresolvedOperand[] = []
  const sizes: number[] = []
  do {
    if (!parser.parseOptionalLParen()) {
      break
    }
    const group = parser.parseOperandList()
    if (group === undefined || !parser.parseRParen()) {
      return false
    }
    for (const o of group) { list.push(o) }
    sizes.push(group.length)
  } while (parser.parseOptionalComma())
  ps.operands[index] = list
  state.addAttribute(segmentAttr, DenseArrayAttr.getI32(parser.context, sizes))
  return optional && list.length === 0 ? null : true
}

/** `(i32, i32), (), (f32)`: the types of a variadic-of-variadic operand, flattened. */
function parseTypeGroups(arg: FormatElement, parser: OpAsmParser, ps: ParseState): boolean {
  const types: Type[] = []
  do {
    if (!parser.parseOptionalLParen()) {
      break
    }
    if (!parser.parseOptionalRParen()) {
      const group = parser.parseTypeList()
      if (group === undefined || !parser.parseRParen()) {
        return false
      }
      for (const t of group) { types.push(t) }
    }
  } while (parser.parseOptionalComma())
  setTypes(arg, types, ps)
  return true
}

/** Prints a variadic-of-variadic operand group (or its types) as parenthesized sub-groups. */
function printValueGroups(ctx: PrintCtx, index: number, types: boolean): void {
  const decl = ctx.operandDecls[index]!
  const attr = ctx.op.getAttr(decl.segmentAttr!)
  const sizes = attr instanceof DenseArrayAttr ? attr.values.map(Number) : []
  const printer = ctx.printer
  let at = ctx.operandSegs[2 * index]!
  for (let g = 0; g < sizes.length; g++) {
    printer.print(g > 0 ? ', (' : '(')
    for (let k = 0; k < sizes[g]!; k++) {
      const o = ctx.op.operands[at + k]
      if (o === undefined) {
        continue
      }
      if (k > 0) { printer.print(', ') }
      if (types) { printer.printType(o.value.type) }
      else { printer.printOperand(o.value) }
    }
    at += sizes[g]!
    printer.print(')')
  }
}

// ---- formats compiled to closures ---------------------------------------------------------
//
// As mlir-tblgen generates a parser and a printer per op from its format, a format is
// compiled, on first use, into a list of small step closures with the element's facts
// bound: a step per element, specialized for the kinds nearly every op has (literals,
// single operands and their types, `attr-dict`, optional groups led by a keyword), and a
// step calling the interpreter (`parseOtherElement`, `printOtherElement`) for the others.
// Closures rather than JavaScript generated with `new Function`: the steps of every op
// share their code and its type feedback, so that they warm up after a few ops of any
// kind (short runs run mostly unoptimized code), and no content security policy forbids
// them.

/** One step of a compiled parser: false when the op does not parse (reported). */
type ParseStep = (parser: OpAsmParser, state: OperationState, ps: ParseState) => boolean

/** The first step of an optional group: null when the group is absent. */
type OptionalParseStep = (parser: OpAsmParser, state: OperationState, ps: ParseState) => boolean | null

/** The parser a format compiles to (see `compileParser`). */
type CompiledParser = (parser: OpAsmParser, state: OperationState) => LogicalResult

/** Resolves the parsed operands and types into the op's state (`resolveParsed` or a plan of it). */
type ResolveStep = (info: FormatOpInfo, parser: OpAsmParser, state: OperationState, ps: ParseState) => LogicalResult

const parseColonStep: ParseStep = (parser) => parser.parseColon()
const parseCommaStep: ParseStep = (parser) => parser.parseComma()
const parseEqualStep: ParseStep = (parser) => parser.parseEqual()
const parseArrowStep: ParseStep = (parser) => parser.parseArrow()
const parseLParenStep: ParseStep = (parser) => parser.parseLParen()
const parseRParenStep: ParseStep = (parser) => parser.parseRParen()
const parseLSquareStep: ParseStep = (parser) => parser.parseLSquare()
const parseRSquareStep: ParseStep = (parser) => parser.parseRSquare()
const parseLessStep: ParseStep = (parser) => parser.parseLess()
const parseGreaterStep: ParseStep = (parser) => parser.parseGreater()

/** The step parsing the required literal `t`. */
function literalParseStep(t: string): ParseStep {
  if (!isPunctuationLiteral(t)) {
    return (parser) => parser.parseKeyword(t)
  }
  switch (t) {
    case ':':
      return parseColonStep
    case ',':
      return parseCommaStep
    case '=':
      return parseEqualStep
    case '->':
      return parseArrowStep
    case '(':
      return parseLParenStep
    case ')':
      return parseRParenStep
    case '[':
      return parseLSquareStep
    case ']':
      return parseRSquareStep
    case '<':
      return parseLessStep
    case '>':
      return parseGreaterStep
    default:
      return (parser) => parseLiteral(parser, t, false)
  }
}

/** Whether the operand or result declaration `d` holds exactly one value. */
function isSingle(d: OdsValueDecl): boolean {
  return !d.variadic && !d.optional
}

/**
 * Whether `el` is a `type(...)` of one single operand or result, parsed and printed
 * through the fast steps (the kinds `parseElement` and `printElement` handle themselves).
 */
function isSingleTypeDirective(el: FormatElement, info: FormatOpInfo): boolean {
  if (el.kind !== FormatKind.Type || el.flag) {
    return false
  }
  const arg = el.args[0]!
  if (arg.kind === FormatKind.Operand) {
    const d = info.operands[arg.index]!
    return isSingle(d) && d.segmentAttr === undefined
  }
  return arg.kind === FormatKind.Result && isSingle(info.results[arg.index]!)
}

/** Whether `type(arg)` is a list of types (of a variadic or optional group without sub-groups, or of `operands`/`results`). */
function isTypeListArg(arg: FormatElement, info: FormatOpInfo): boolean {
  switch (arg.kind) {
    case FormatKind.Operand: {
      const d = info.operands[arg.index]!
      return !isSingle(d) && d.segmentAttr === undefined
    }
    case FormatKind.Result:
      return !isSingle(info.results[arg.index]!)
    case FormatKind.Operands:
    case FormatKind.Results:
      return true
    default:
      return false
  }
}

/** The step parsing the required element `el`. */
function parseStepOf(el: FormatElement, info: FormatOpInfo): ParseStep {
  switch (el.kind) {
    case FormatKind.Literal:
      return literalParseStep(el.text)
    case FormatKind.Operand: {
      const d = info.operands[el.index]!
      const index = el.index
      if (d.variadic && d.segmentAttr === undefined) {
        return (parser, _state, ps) => {
          ps.operandOffsets[index] = parser.getCurrentOffset()
          const list = parseOptionalOperandList(parser)
          if (list === undefined) {
            return false
          }
          ps.operands[index] = list
          return true
        }
      }
      if (!isSingle(d)) {
        break
      }
      return (parser, _state, ps) => {
        ps.operandOffsets[index] = parser.getCurrentOffset()
        const o = parser.parseOperand()
        if (o === undefined) {
          return false
        }
        ps.setSingleOperand(index, o)
        return true
      }
    }
    case FormatKind.Type: {
      if (!isSingleTypeDirective(el, info)) {
        const arg = el.args[0]!
        if (isTypeListArg(arg, info)) {
          return (parser, _state, ps) => {
            const types = parseOptionalTypeList(parser)
            if (types === undefined) {
              return false
            }
            setTypes(arg, types, ps)
            return true
          }
        }
        break
      }
      const arg = el.args[0]!
      const index = arg.index
      const isOperand = arg.kind === FormatKind.Operand
      const c = isOperand ? info.operands[index]!.constraint : info.results[index]!.constraint
      if (c.parse !== undefined) {
        return (parser, _state, ps) => {
          const t = c.parse!(parser)
          if (t === undefined) {
            return false
          }
          ps.setSingleType(index, isOperand, t)
          return true
        }
      }
      return (parser, _state, ps) => {
        const t = parser.parseType()
        if (t === undefined) {
          return false
        }
        ps.setSingleType(index, isOperand, t)
        return true
      }
    }
    case FormatKind.AttrDict:
      return (parser, state) => parseAttrDictElement(el, info, parser, state) === true
    case FormatKind.Attr: {
      const d = info.attributes[el.index]!
      const c = d.constraint
      const name = d.name
      if (!d.optional && c.parse === undefined && !el.flag) {
        // A required attribute of the generic syntax (`arith.constant`'s value), as
        // `parseAttrElement` parses it.
        const typed = c.valueType !== undefined
        const checksKind = c.isStorageKind !== undefined
        return (parser, state, ps) => {
          const offset = parser.getCurrentOffset()
          const a = parser.parseAttribute(typed ? c.valueType!(parser.context) : undefined)
          if (a === undefined) {
            return false
          }
          if (checksKind && !c.isStorageKind!(a)) {
            parser.emitError(parser.getLocationAt(offset), 'invalid kind of attribute specified').report()
            return false
          }
          ps.setAttr(name, a)
          state.addAttribute(name, a)
          return true
        }
      }
      if (d.optional || c.parse === undefined || el.flag) {
        return (parser, state, ps) => parseAttrElement(el, info, parser, state, ps, false) === true
      }
      return (parser, state, ps) => {
        const a = c.parse!(parser, name)
        if (a === undefined) {
          return false
        }
        if (a !== null) {
          ps.setAttr(name, a)
          state.addAttribute(name, a)
        }
        return true
      }
    }
    case FormatKind.FunctionalType:
      return (parser, _state, ps) => parseFunctionalTypeElement(el, parser, ps, false) === true
    case FormatKind.Optional:
      return optionalGroupStep(el, info)
    default:
      break
  }
  return (parser, state, ps) => parseOtherElement(el, info, parser, state, ps, false) === true
}

/** The steps parsing `els` in order (whitespace elements parse nothing and have none). */
function parseStepsOf(els: readonly FormatElement[], info: FormatOpInfo): ParseStep[] {
  const steps: ParseStep[] = []
  for (let i = 0; i < els.length; i++) {
    const el = els[i]!
    if (el.kind !== FormatKind.Space) { steps.push(parseStepOf(el, info)) }
  }
  return steps
}

/** Runs `steps` in order; false at the first that fails. */
function runParseSteps(steps: readonly ParseStep[], parser: OpAsmParser, state: OperationState, ps: ParseState): boolean {
  for (let i = 0; i < steps.length; i++) {
    if (!steps[i]!(parser, state, ps)) {
      return false
    }
  }
  return true
}

/** The step parsing the optional group `el` (as `parseOptionalGroup`). */
function optionalGroupStep(el: FormatElement, info: FormatOpInfo): ParseStep {
  // The group is decided by its first element that is not whitespace (`` or ` `).
  let firstIndex = 0
  while (firstIndex < el.thenElements.length - 1 && el.thenElements[firstIndex]!.kind === FormatKind.Space) {
    firstIndex++
  }
  const first = el.thenElements[firstIndex]!
  let parseFirst: OptionalParseStep
  if (first.kind === FormatKind.Literal && !isPunctuationLiteral(first.text)) {
    const keyword = first.text
    parseFirst = (parser) => (parser.parseOptionalKeyword(keyword) ? true : null)
  } else if (first.kind === FormatKind.Operand && info.operands[first.index]!.variadic && info.operands[first.index]!.segmentAttr === undefined) {
    const index = first.index
    parseFirst = (parser, _state, ps) => {
      ps.operandOffsets[index] = parser.getCurrentOffset()
      const list = parseOptionalOperandList(parser)
      if (list === undefined) {
        return false
      }
      ps.operands[index] = list
      return list.length === 0 ? null : true
    }
  } else {
    parseFirst = (parser, state, ps) => parseElement(first, info, parser, state, ps, true)
  }
  // A unit attribute inside a group has no spelling of its own: the group's presence
  // sets it (below), as in mlir-tblgen.
  const rest = el.thenElements.slice(firstIndex + 1).filter((e) => !(e.kind === FormatKind.Attr && info.attributes[e.index]!.constraint.isUnit === true))
  const thenSteps = parseStepsOf(rest, info)
  const elseSteps = parseStepsOf(el.elseElements, info)
  const anchor = el.anchor!
  const unitName = anchor.kind === FormatKind.Attr && anchor !== first && info.attributes[anchor.index]!.constraint.isUnit === true ? info.attributes[anchor.index]!.name : null
  return (parser, state, ps) => {
    const r = parseFirst(parser, state, ps)
    if (r === false) {
      return false
    }
    if (r === null) {
      return runParseSteps(elseSteps, parser, state, ps)
    }
    if (!runParseSteps(thenSteps, parser, state, ps)) {
      return false
    }
    if (unitName !== null) {
      const u = UnitAttr.get(parser.context)
      ps.setAttr(unitName, u)
      state.addAttribute(unitName, u)
    }
    return true
  }
}

/**
 * The parser `fmt` compiles to for `info` (kept on the format): the generated `parse` hook
 * of an op with an `assemblyFormat`.
 */
function compileParser(fmt: CompiledFormat, info: FormatOpInfo): CompiledParser {
  const steps = parseStepsOf(fmt.elements, info)
  const resolve = resolvePlanOf(fmt, info) ?? resolveParsed
  let addGroupSizes = false
  if (fmt.usedAttributes.length > 0 && !fmt.hasOperandsDirective) {
    for (const d of info.operands) {
      if (d.segmentAttr !== undefined) { addGroupSizes = true }
    }
  }
  const parse: CompiledParser = (parser, state) => {
    const ps = ParseState.acquire(fmt, info, parser.context)
    if (addGroupSizes) { addUnparsedGroupSizes(info, state, ps) }
    if (!runParseSteps(steps, parser, state, ps)) {
      return failure()
    }
    const result = resolve(info, parser, state, ps)
    ps.release(fmt)
    return result
  }
  fmt.parser = parse
  fmt.parserInfo = info
  return parse
}

/** Where a type the format leaves out comes from, found from the format alone (see `staticTypeSource`). */
type TypeSource = (ps: ParseState) => Type | undefined

/** The answer of `staticTypeSource` when the source depends on what the op's text holds. */
const DEPENDS_ON_INPUT: TypeSource = () => undefined

/**
 * How `fmt` gives the types of its single operands and results: 1, always one parsed
 * type (a `type(...)` directive outside optional groups); 0, never one; -1, sometimes
 * or several (in a group, or through another directive).
 */
class TypeFacts {
  readonly operands: number[]
  readonly results: number[]
  constructor(fmt: CompiledFormat, info: FormatOpInfo) {
    this.operands = info.operands.map(() => 0)
    this.results = info.results.map(() => 0)
    const mark = (els: readonly FormatElement[], topLevel: boolean): void => {
      for (const el of els) {
        if (el.kind === FormatKind.Type) {
          const arg = el.args[0]!
          const always = topLevel && isSingleTypeDirective(el, info) ? 1 : -1
          if (arg.kind === FormatKind.Operand) { this.operands[arg.index] = this.operands[arg.index] === 0 ? always : -1 }
          else if (arg.kind === FormatKind.Result) { this.results[arg.index] = this.results[arg.index] === 0 ? always : -1 }
        }
        mark(el.thenElements, false)
        mark(el.elseElements, false)
      }
    }
    mark(fmt.elements, true)
  }
}

/**
 * `knownType` decided from the format alone: the source of the type of variable `name`,
 * undefined when there is none, `DEPENDS_ON_INPUT` when it depends on the op's text (beyond
 * the presence of an attribute).
 */
function staticKnownType(name: string, info: FormatOpInfo, facts: TypeFacts, depth: number): TypeSource | undefined {
  const oi = indexOfDecl(info.operands, name)
  if (oi >= 0) {
    const fact = facts.operands[oi]!
    if (fact === 1) {
      return (ps) => ps.operandTypes[oi]![0]
    }
    if (fact === -1) {
      return DEPENDS_ON_INPUT
    }
    return depth > 0 ? staticTypeSource(name, oi, true, info, facts, depth - 1) : undefined
  }
  const ri = indexOfDecl(info.results, name)
  if (ri >= 0) {
    const fact = facts.results[ri]!
    if (fact === 1) {
      return (ps) => ps.resultTypes[ri]![0]
    }
    if (fact === -1) {
      return DEPENDS_ON_INPUT
    }
    return depth > 0 ? staticTypeSource(name, ri, false, info, facts, depth - 1) : undefined
  }
  if (!info.attributes.some((d) => d.name === name)) {
    return undefined
  }
  // A typed attribute's type (`arith.constant`'s result is its value's): an op without the
  // attribute, or whose attribute has no type, is the general resolution's (the source gives
  // undefined), which then looks further as `inferType` does.
  return (ps) => typeOfAttr(ps.getAttr(name))
}

/** The type of a typed attribute `a` (as `knownType` reads it), else undefined. */
function typeOfAttr(a: Attribute | undefined): Type | undefined {
  return (a as { type?: Type | null } | undefined)?.type ?? undefined
}

/** The first group of `decls` whose type the format always gives, as `inferType` scans them. */
function staticFirstParsed(facts: readonly number[], isOperand: boolean): TypeSource | undefined {
  for (let i = 0; i < facts.length; i++) {
    if (facts[i] === 1) {
      return isOperand ? (ps) => ps.operandTypes[i]![0] : (ps) => ps.resultTypes[i]![0]
    }
    if (facts[i] === -1) {
      return DEPENDS_ON_INPUT
    }
  }
  return undefined
}

/** `inferType` decided from the format alone (see `staticKnownType`), in the same order. */
function staticTypeSource(name: string, index: number, isOperand: boolean, info: FormatOpInfo, facts: TypeFacts, depth: number): TypeSource | undefined {
  if ((info.traits & Trait.SameOperandsAndResultType) !== 0) {
    const s = staticFirstParsed(facts.operands, true) ?? staticFirstParsed(facts.results, false)
    if (s !== undefined) {
      return s
    }
  }
  if (isOperand && info.sameTypeOperands) {
    const s = staticFirstParsed(facts.operands, true)
    if (s !== undefined) {
      return s
    }
  }
  for (const group of info.allTypesMatch) {
    if (!group.includes(name)) {
      continue
    }
    for (const other of group) {
      if (other === name) {
        continue
      }
      const s = staticKnownType(other, info, facts, depth)
      if (s !== undefined) {
        return s
      }
    }
  }
  for (const m of info.typesMatchWith) {
    if (m.to !== name) {
      continue
    }
    const s = staticKnownType(m.from, info, facts, depth)
    if (s === DEPENDS_ON_INPUT) {
      return s
    }
    if (s !== undefined) {
      return (ps) => {
        const t = s(ps)
        return t === undefined ? undefined : m.transform(t)
      }
    }
  }
  const c = isOperand ? info.operands[index]!.constraint : info.results[index]!.constraint
  if (c.build === undefined) {
    return undefined
  }
  return (ps) => c.build!(ps.context)
}

/**
 * `resolveParsed` planned from the format, for a format whose operands and results are
 * all single and whose types are all given or inferred the same way for every op (the
 * arith ops, casts, comparisons, ...): null for other formats.
 */
function resolvePlanOf(fmt: CompiledFormat, info: FormatOpInfo): ResolveStep | null {
  if ((info.traits & (Trait.AttrSizedOperandSegments | Trait.AttrSizedResultSegments)) !== 0) {
    return null
  }
  let usesOther = false
  visitElements(fmt.elements, (el) => {
    if (el.kind === FormatKind.Operands || el.kind === FormatKind.Results || el.kind === FormatKind.FunctionalType || el.kind === FormatKind.Custom || el.kind === FormatKind.OIList) { usesOther = true }
  })
  const operands = info.operands
  const results = info.results
  if (usesOther || !results.every(isSingle) || operands.some((d) => d.segmentAttr !== undefined)) {
    return null
  }
  // Each operand group parsed by exactly one element; a single one, outside optional groups.
  const topLevel = new Set<number>()
  for (const el of fmt.elements) {
    if (el.kind === FormatKind.Operand) { topLevel.add(el.index) }
  }
  if (countOperandElements(fmt.elements) !== operands.length || operands.some((d, i) => isSingle(d) && !topLevel.has(i))) {
    return null
  }
  const facts = new TypeFacts(fmt, info)
  const resultTypes: TypeSource[] = []
  // Without a source for some result, InferTypeOpInterface gives them all, once the
  // operands are resolved (as `resolveParsed`).
  let inferLater = false
  for (let i = 0; i < results.length; i++) {
    const fact = facts.results[i]!
    const s = fact === 1 ? (ps: ParseState) => ps.resultTypes[i]![0] : fact === 0 ? staticTypeSource(results[i]!.name, i, false, info, facts, 3) : DEPENDS_ON_INPUT
    if (s === DEPENDS_ON_INPUT) {
      return null
    }
    if (s === undefined) {
      if (info.inferResultTypes === null) {
        return null
      }
      inferLater = true
    } else {
      resultTypes.push(s)
    }
  }
  // A single operand's type comes from its source; a variadic or optional group's types
  // from its own `type(...)` (null here), else, when it holds operands, from the general
  // resolution.
  const operandTypes: (TypeSource | null)[] = []
  for (let i = 0; i < operands.length; i++) {
    if (!isSingle(operands[i]!)) {
      operandTypes.push(null)
      continue
    }
    const fact = facts.operands[i]!
    const s = fact === 1 ? (ps: ParseState) => ps.operandTypes[i]![0] : fact === 0 ? staticTypeSource(operands[i]!.name, i, true, info, facts, 3) : undefined
    if (s === undefined || s === DEPENDS_ON_INPUT) {
      return null
    }
    operandTypes.push(s)
  }
  const checkSources = info.typesMatchWith.length !== 0 && (info.traits & Trait.SameOperandsAndResultType) === 0
  const hasRegionsOrSuccessors = info.regions.length !== 0 || info.successors.length !== 0
  const numResults = inferLater ? 0 : results.length
  const sources = inferLater ? operandTypes : [...resultTypes, ...operandTypes]
  // The types of one op's results then single operands (resolution parses nothing: one
  // list serves every op of the format).
  const found: (Type | undefined)[] = sources.map(() => undefined)
  return (opInfo, parser, state, ps) => {
    if (checkSources && !verifyTransformSources(opInfo, parser, ps)) {
      return failure()
    }
    // Every type first: a source that gives none (a constraint that builds nothing), or a
    // group of operands without types, is the general resolution's to report or infer,
    // before anything is added to the state.
    for (let i = 0; i < sources.length; i++) {
      const source = sources[i]!
      if (source === null) {
        const list = ps.operands[i - numResults]
        if (ps.operandTypes[i - numResults] == null && list != null && list.length !== 0) {
          return resolveParsed(opInfo, parser, state, ps)
        }
        continue
      }
      const t = source(ps)
      if (t === undefined) {
        return resolveParsed(opInfo, parser, state, ps)
      }
      found[i] = t
    }
    const types = state.types
    for (let i = 0; i < numResults; i++) { types.push(found[i]!) }
    const out = state.operands
    for (let i = numResults; i < sources.length; i++) {
      const g = i - numResults
      if (sources[i] !== null) {
        if (!parser.resolveOperand(ps.operands[g]![0]!, found[i]!, out)) {
          return failure()
        }
        continue
      }
      const list = ps.operands[g]
      const ts = ps.operandTypes[g]
      if (ts != null && !resolveOperandList(parser, list ?? NO_SLOTS, ts, ps.operandOffsets[g]!, out)) {
        return failure()
      }
    }
    if (hasRegionsOrSuccessors) { addRegionsAndSuccessors(opInfo, state, ps) }
    return inferLater ? addInferredResultTypes(opInfo, parser, state) : success()
  }
}

/** The operand elements of `els` and of the optional groups in it (not directive arguments). */
function countOperandElements(els: readonly FormatElement[]): number {
  let n = 0
  for (const el of els) {
    if (el.kind === FormatKind.Operand) { n++ }
    n += countOperandElements(el.thenElements) + countOperandElements(el.elseElements)
  }
  return n
}

/** One step of a compiled printer. */
type PrintStep = (ctx: PrintCtx) => void

/** The printer a format compiles to (see `compilePrinter`). */
type CompiledPrinter = (op: Operation, printer: OpAsmPrinter) => void

/** The segments of `n` groups of one value each (start `i`, length 1). */
function singleSegments(n: number): Int32Array {
  const segs = new Int32Array(2 * n)
  for (let i = 0; i < n; i++) {
    segs[2 * i] = i
    segs[2 * i + 1] = 1
  }
  return segs
}

/**
 * The spacing state (`PrintState`) where a compiled printer knows it before a step, as bits:
 * `STATE_EMIT_SPACE` (`shouldEmitSpace`) and `STATE_PUNCTUATION` (`lastWasPunctuation`);
 * `STATE_UNKNOWN` where it depends on the op printed (after an optional group whose
 * branches end differently, or an element printed by `printOtherElement`).
 */
const STATE_UNKNOWN = -1
const STATE_EMIT_SPACE = 1
const STATE_PUNCTUATION = 2
/** The state each op starts in (`PrintState`'s), and the state after a value (`spaceBeforeValue`'s). */
const STATE_START = STATE_EMIT_SPACE
const STATE_AFTER_VALUE = STATE_EMIT_SPACE

/**
 * The spacing a compiled printer knows while its steps are made, element by element. Where
 * the state is known, the text of each literal is known too: literals print nothing of
 * their own but are collected in `pending`, which the next step prints first (with the
 * space a value needs before it); and the steps neither read nor write the print
 * context's state. Where it is not, steps keep the state in the context as
 * `printElement` does.
 */
class StepCompiler {
  state: number = STATE_START
  pending = ''
  constructor(
    readonly info: FormatOpInfo,
    readonly fmt: CompiledFormat,
    /** Whether every operand and result group holds one value. */
    readonly fixed: boolean,
  ) {}

  /**
   * The text a value step prints before its value, where the state is known: the pending
   * literals and the space `spaceBeforeValue` would print; null where the step must ask
   * `spaceBeforeValue`. The state is then the one after a value. (A step tests the prefix
   * itself rather than through a shared helper: one call less per value printed.)
   */
  takeValuePrefix(): string | null {
    const s = this.state
    this.state = STATE_AFTER_VALUE
    if (s === STATE_UNKNOWN) {
      return null
    }
    const pre = this.pending + ((s & STATE_EMIT_SPACE) !== 0 || (s & STATE_PUNCTUATION) === 0 ? ' ' : '')
    this.pending = ''
    return pre
  }

  /** The pending literals, taken (printed by the step made next). */
  takePending(): string {
    const p = this.pending
    this.pending = ''
    return p
  }
}

/** Writes a known spacing state into the print context (before a step that reads it). */
function writeState(ctx: PrintCtx, state: number): void {
  ctx.shouldEmitSpace = (state & STATE_EMIT_SPACE) !== 0
  ctx.lastWasPunctuation = (state & STATE_PUNCTUATION) !== 0
}

/**
 * The step printing `el` (as `printElement`), or null when `el` is a literal that `sc` keeps
 * pending; `sc` follows the spacing state past `el`.
 */
function printStepOf(el: FormatElement, sc: StepCompiler): PrintStep | null {
  const info = sc.info
  const fixed = sc.fixed
  switch (el.kind) {
    case FormatKind.Literal: {
      const text = el.text
      const spacedText = el.spacedText
      const bits = el.literalSpacing
      const mayFollow = (bits & SPACE_MAY_FOLLOW) !== 0
      const isPunctuation = (bits & IS_PUNCTUATION) !== 0
      const s = sc.state
      sc.state = (mayFollow ? STATE_EMIT_SPACE : 0) | (isPunctuation ? STATE_PUNCTUATION : 0)
      if (s !== STATE_UNKNOWN) {
        const spaced = (s & STATE_EMIT_SPACE) !== 0 && (bits & ((s & STATE_PUNCTUATION) !== 0 ? SPACE_AFTER_PUNCTUATION : SPACE_OTHERWISE)) !== 0
        sc.pending += spaced ? spacedText : text
        return null
      }
      return (ctx) => {
        ctx.printer.print(ctx.shouldEmitSpace && (bits & (ctx.lastWasPunctuation ? SPACE_AFTER_PUNCTUATION : SPACE_OTHERWISE)) !== 0 ? spacedText : text)
        ctx.shouldEmitSpace = mayFollow
        ctx.lastWasPunctuation = isPunctuation
      }
    }
    case FormatKind.Space: {
      // As `printOtherElement`: a newline prints the indentation and leaves the state; a
      // space prints itself and ` `` ` nothing, and both leave no space to emit.
      if (el.text === '\n') {
        const pre = sc.takePending()
        return (ctx) => {
          if (pre.length !== 0) { ctx.printer.print(pre) }
          ctx.printer.printNewline()
        }
      }
      if (el.text === ' ') {
        sc.pending += ' '
        sc.state = 0
      } else {
        sc.state = STATE_PUNCTUATION
      }
      return null
    }
    case FormatKind.Operand: {
      if (info.operands[el.index]!.segmentAttr !== undefined) {
        break
      }
      const index = el.index
      const pre = sc.takeValuePrefix()
      const printsPre = pre !== null && pre.length !== 0
      if (fixed) {
        return (ctx) => {
          if (pre === null) { spaceBeforeValue(ctx.printer, ctx) } else if (printsPre) { ctx.printer.print(pre) }
          const o = ctx.op.operands[index]
          if (o !== undefined) { ctx.printer.printOperand(o.value) }
        }
      }
      return (ctx) => {
        if (pre === null) { spaceBeforeValue(ctx.printer, ctx) } else if (printsPre) { ctx.printer.print(pre) }
        printOperandGroup(ctx, index)
      }
    }
    case FormatKind.Type: {
      const arg = el.args[0]!
      const isOperand = arg.kind === FormatKind.Operand
      if (!isOperand && arg.kind !== FormatKind.Result) {
        break
      }
      const d = isOperand ? info.operands[arg.index]! : info.results[arg.index]!
      if (isTypeListArg(arg, info)) {
        const index = arg.index
        const pre = sc.takeValuePrefix()
        const printsPre = pre !== null && pre.length !== 0
        return (ctx) => {
          if (pre === null) { spaceBeforeValue(ctx.printer, ctx) } else if (printsPre) { ctx.printer.print(pre) }
          printGroupTypes(ctx, index, isOperand)
        }
      }
      if (!isSingle(d) || (isOperand && d.segmentAttr !== undefined)) {
        break
      }
      const pre = sc.takeValuePrefix()
      const printsPre = pre !== null && pre.length !== 0
      if (!fixed) {
        return (ctx) => {
          if (pre === null) { spaceBeforeValue(ctx.printer, ctx) } else if (printsPre) { ctx.printer.print(pre) }
          printSingleType(el, arg, d, ctx)
        }
      }
      const index = arg.index
      const c = d.constraint
      const printWithConstraint = !el.flag && c.print !== undefined
      return (ctx) => {
        if (pre === null) { spaceBeforeValue(ctx.printer, ctx) } else if (printsPre) { ctx.printer.print(pre) }
        const op = ctx.op
        let t: Type | undefined
        if (isOperand) { t = op.operands[index]?.value.type }
        else { t = op.results[index]?.type }
        if (t === undefined) {
          return
        }
        if (printWithConstraint) { c.print!(t, ctx.printer) }
        else { ctx.printer.printType(t) }
      }
    }
    case FormatKind.AttrDict: {
      const withKeyword = el.flag
      const propDict = sc.fmt.hasPropDict
      const staticElided = printPlanOf(sc.fmt, info).staticElided
      // The dictionary prints its own space; after it the last was no punctuation.
      const s = sc.state
      const known = s !== STATE_UNKNOWN
      const pre = sc.takePending()
      sc.state = known ? s & ~STATE_PUNCTUATION : STATE_UNKNOWN
      return (ctx) => {
        const op = ctx.op
        const printer = ctx.printer
        if (pre.length !== 0) { printer.print(pre) }
        const discardable = op.extras.attributes.entries
        // An op whose only attributes are ones the format prints itself (a callee) prints
        // no dictionary: told without merging its attributes or listing the elided ones
        // (and for an op without any, without a call).
        let prints = discardable.length !== 0
        if (!prints && !propDict) {
          const props = op.properties.entries
          prints = props.length !== 0 && !allNamedIn(props, staticElided)
        }
        if (prints) {
          const attrs = propDict ? discardable : op.getAttrs()
          // Nothing to print (nor to elide) without attributes.
          if (attrs.length !== 0) {
            if (withKeyword) { printer.printOptionalAttrDictWithKeyword(attrs, elidedAttrs(ctx)) }
            else { printer.printOptionalAttrDict(attrs, elidedAttrs(ctx)) }
          }
        }
        if (!known) { ctx.lastWasPunctuation = false }
      }
    }
    case FormatKind.Attr: {
      const d = info.attributes[el.index]!
      const name = d.name
      const c = d.constraint
      const pre = sc.takeValuePrefix()
      const printsPre = pre !== null && pre.length !== 0
      if (!el.flag && c.print !== undefined) {
        return (ctx) => {
          if (pre === null) { spaceBeforeValue(ctx.printer, ctx) } else if (printsPre) { ctx.printer.print(pre) }
          const a = ctx.op.getAttr(name)
          if (a !== undefined) { c.print!(a, ctx.printer) }
        }
      }
      const withoutType = !el.flag && c.valueType !== undefined
      return (ctx) => {
        if (pre === null) { spaceBeforeValue(ctx.printer, ctx) } else if (printsPre) { ctx.printer.print(pre) }
        const a = ctx.op.getAttr(name)
        if (a === undefined) {
          return
        }
        if (withoutType) { ctx.printer.printAttributeWithoutType(a) }
        else { ctx.printer.printAttribute(a) }
      }
    }
    case FormatKind.FunctionalType: {
      const inputs = el.args[0]!
      const outputs = el.args[1]!
      // `printFunctionalType` of the two lists, printed from the op's values without
      // making arrays of their types.
      const pre = sc.takeValuePrefix()
      const open = pre === null ? null : pre + '('
      // A list of every operand or result (`$operands`, `results`, the only group of a
      // `func.call`) is printed without finding its bounds.
      const allInputs = allValuesOf(inputs, info)
      const allOutputs = allValuesOf(outputs, info)
      return (ctx) => {
        const printer = ctx.printer
        if (open === null) {
          spaceBeforeValue(printer, ctx)
          printer.print('(')
        } else {
          printer.print(open)
        }
        const op = ctx.op
        if (allInputs === ALL_NONE) { printTypesOf(inputs, ctx, false) }
        else if (allInputs === ALL_OPERANDS) { printTypeRange(op, printer, true, 0, op.operands.length, false) }
        else { printTypeRange(op, printer, false, 0, op.results.length, false) }
        printer.print(') -> ')
        if (allOutputs === ALL_NONE) { printTypesOf(outputs, ctx, true) }
        else if (allOutputs === ALL_OPERANDS) { printTypeRange(op, printer, true, 0, op.operands.length, true) }
        else { printTypeRange(op, printer, false, 0, op.results.length, true) }
      }
    }
    case FormatKind.Optional:
      return optionalGroupPrintStep(el, sc)
    default:
      break
  }
  // Any other element: printed by `printOtherElement`, which reads and writes the state in
  // the print context (written there first where it is known here).
  const s = sc.state
  const pre = sc.takePending()
  sc.state = STATE_UNKNOWN
  if (s === STATE_UNKNOWN) {
    return (ctx) => printOtherElement(el, ctx, ctx)
  }
  return (ctx) => {
    if (pre.length !== 0) { ctx.printer.print(pre) }
    writeState(ctx, s)
    printOtherElement(el, ctx, ctx)
  }
}

/**
 * Prints the types `typesOf(arg, ctx)` lists, comma-separated, without making the list;
 * `asResults` wraps them in parentheses unless there is exactly one and it is not a
 * function type (as `printFunctionalType` prints its results).
 */
function printTypesOf(arg: FormatElement, ctx: PrintCtx, asResults: boolean): void {
  const op = ctx.op
  const kind = arg.kind
  const isOperand = kind === FormatKind.Operand || kind === FormatKind.Operands
  const count = isOperand ? op.operands.length : op.results.length
  let start = 0
  let end = count
  if (kind === FormatKind.Operand || kind === FormatKind.Result) {
    const segs = isOperand ? ctx.operandSegs : ctx.resultSegs
    const index = arg.index
    start = segs[2 * index]!
    const groupEnd = start + segs[2 * index + 1]!
    if (groupEnd < end) {
      end = groupEnd
    }
  } else if (kind !== FormatKind.Operands && kind !== FormatKind.Results) {
    end = 0
  }
  printTypeRange(op, ctx.printer, isOperand, start, end, asResults)
}

/**
 * Prints the types of operands (`isOperand`) or results `start` to `end` (exclusive) of
 * `op`, comma-separated; `asResults` as for `printTypesOf`.
 */
function printTypeRange(op: Operation, printer: OpAsmPrinter, isOperand: boolean, start: number, end: number, asResults: boolean): void {
  const operands = op.operands
  const results = op.results
  // Told by constructor (`FunctionType` has no subclasses): an `instanceof` costs a few
  // hundred instructions until this code is optimized.
  const wrapped = asResults && (end - start !== 1 || (isOperand ? operands[start]!.value.type : results[start]!.type).constructor === FunctionType)
  if (wrapped) { printer.print('(') }
  for (let k = start; k < end; k++) {
    if (k > start) { printer.print(', ') }
    printer.printType(isOperand ? operands[k]!.value.type : results[k]!.type)
  }
  if (wrapped) { printer.print(')') }
}

/** What `allValuesOf` finds a type list argument to be: every operand, every result, or neither. */
const ALL_NONE = 0
const ALL_OPERANDS = 1
const ALL_RESULTS = 2

/**
 * Whether the values `arg` (of a `type` or `functional-type` directive) names are all the
 * op's operands or all its results: the `operands`/`results` directives, or the only group
 * when it varies in size without a segment-sizes attribute (see `isWholeGroup`).
 */
function allValuesOf(arg: FormatElement, info: FormatOpInfo): number {
  switch (arg.kind) {
    case FormatKind.Operands:
      return ALL_OPERANDS
    case FormatKind.Results:
      return ALL_RESULTS
    case FormatKind.Operand:
      return isWholeGroup(info.operands, (info.traits & Trait.AttrSizedOperandSegments) !== 0) ? ALL_OPERANDS : ALL_NONE
    case FormatKind.Result:
      return isWholeGroup(info.results, (info.traits & Trait.AttrSizedResultSegments) !== 0) ? ALL_RESULTS : ALL_NONE
    default:
      return ALL_NONE
  }
}

/** Whether the name of every entry of `entries` is in `names`. */
function allNamedIn(entries: readonly NamedAttribute[], names: readonly string[]): boolean {
  for (let i = 0; i < entries.length; i++) {
    if (!names.includes(entries[i]!.name)) {
      return false
    }
  }
  return true
}

/**
 * The steps printing `els` in order, less `skip`, from the spacing state of `sc` (which
 * follows it past them). Literals left pending at the end are printed by a last step.
 */
function printStepsOf(els: readonly FormatElement[], sc: StepCompiler, skip: FormatElement | null): PrintStep[] {
  const steps: PrintStep[] = []
  for (let i = 0; i < els.length; i++) {
    if (els[i] === skip) {
      continue
    }
    const step = printStepOf(els[i]!, sc)
    if (step !== null) { steps.push(step) }
  }
  const rest = sc.takePending()
  if (rest.length !== 0) {
    steps.push((ctx) => ctx.printer.print(rest))
  }
  return steps
}

/** Whether the optional group with `anchor` is present on the op printed (as `anchorPresent`). */
type AnchorTest = (ctx: PrintCtx) => boolean

/** The step printing the optional group `el` (as `printOtherElement`); `sc` follows the spacing state past it. */
function optionalGroupPrintStep(el: FormatElement, sc: StepCompiler): PrintStep {
  const info = sc.info
  const anchor = el.anchor!
  const attrs = info.attributes
  // A unit attribute anchoring a group is printed by the group's presence alone.
  const elided =
    anchor.kind === FormatKind.Attr && anchor !== el.thenElements[0] && (el.elseElements.length === 0 || anchor !== el.elseElements[0]) && attrs[anchor.index]!.constraint.isUnit === true ? anchor : null
  // The literals pending before the group are printed whichever branch is; each branch
  // starts in the state before the group.
  const pre = sc.takePending()
  const before = sc.state
  const thenSteps = printStepsOf(el.thenElements, sc, elided)
  const thenState = sc.state
  sc.state = before
  const elseSteps = printStepsOf(el.elseElements, sc, elided)
  const elseState = sc.state
  // Where the branches end in different states, the state after the group is the print
  // context's: a branch that ends in a known state writes it there.
  const after = thenState === elseState ? thenState : STATE_UNKNOWN
  sc.state = after
  const thenWrites = after === STATE_UNKNOWN ? thenState : STATE_UNKNOWN
  const elseWrites = after === STATE_UNKNOWN ? elseState : STATE_UNKNOWN
  let present: AnchorTest = (ctx) => anchorPresent(anchor, ctx)
  if (anchor.kind === FormatKind.Attr) {
    const name = attrs[anchor.index]!.name
    const defaultValue = attrs[anchor.index]!.defaultValue
    present = (ctx) => {
      const a = ctx.op.getAttr(name)
      return a !== undefined && (defaultValue === null || a !== defaultValue(ctx.op.context))
    }
  }
  const inverted = el.inverted
  return (ctx) => {
    if (pre.length !== 0) { ctx.printer.print(pre) }
    const isThen = present(ctx) !== inverted
    const steps = isThen ? thenSteps : elseSteps
    for (let i = 0; i < steps.length; i++) { steps[i]!(ctx) }
    const writes = isThen ? thenWrites : elseWrites
    if (writes !== STATE_UNKNOWN) { writeState(ctx, writes) }
  }
}

/**
 * The printer `fmt` compiles to for `info` (kept on the format): the generated `print`
 * hook of an op with an `assemblyFormat`, with mlir-tblgen's spacing rules.
 */
function compilePrinter(fmt: CompiledFormat, info: FormatOpInfo): CompiledPrinter {
  const plan = printPlanOf(fmt, info)
  // The segments of operands (results) that are all single are known here, as are those of
  // the only group when it varies in size without a segment-sizes attribute (`func.call`,
  // `func.return`, `scf.yield`): the group is all of them, written without a call.
  const singleOperands = info.operands.every(isSingle)
  const singleResults = info.results.every(isSingle)
  const fixed = singleOperands && singleResults
  const operandSegs = singleOperands ? singleSegments(info.operands.length) : null
  const resultSegs = singleResults ? singleSegments(info.results.length) : null
  const allOperands = isWholeGroup(info.operands, (info.traits & Trait.AttrSizedOperandSegments) !== 0)
  const allResults = isWholeGroup(info.results, (info.traits & Trait.AttrSizedResultSegments) !== 0)
  const steps = printStepsOf(fmt.elements, new StepCompiler(info, fmt, fixed), null)
  // The printer's context while no op of the format is being printed (null meanwhile: an
  // op printed inside one of the same format, in a region, makes another).
  let idle: PrintCtx | null = new PrintCtx(fmt, info, plan)
  const print: CompiledPrinter = (op, printer) => {
    const ctx = idle ?? new PrintCtx(fmt, info, plan)
    idle = null
    // The context is set up here, field by field (a method would be one call more per op),
    // and dropped after, so that a context not in use keeps no IR alive.
    ctx.op = op
    ctx.printer = printer
    // A whole group's segments are `[0, count]` in the context's scratch array, whose start
    // stays 0: the array starts zeroed, and this printer writes no other segments there.
    if (operandSegs !== null) {
      ctx.operandSegs = operandSegs
    } else if (allOperands) {
      const segs = ctx.operandScratch
      segs[1] = op.operands.length
      ctx.operandSegs = segs
    } else {
      ctx.operandSegs = info.operandSegments(op, ctx.operandScratch)
    }
    if (resultSegs !== null) {
      ctx.resultSegs = resultSegs
    } else if (allResults) {
      const segs = ctx.resultScratch
      segs[1] = op.results.length
      ctx.resultSegs = segs
    } else {
      ctx.resultSegs = info.resultSegments(op, ctx.resultScratch)
    }
    for (let i = 0; i < steps.length; i++) { steps[i]!(ctx) }
    ctx.op = null as unknown as Operation
    ctx.printer = null as unknown as OpAsmPrinter
    idle = ctx
  }
  fmt.printer = print
  fmt.printerInfo = info
  return print
}

/** Whether `decls` is one variadic or optional group whose size no segment-sizes attribute gives. */
function isWholeGroup(decls: readonly OdsValueDecl[], attrSized: boolean): boolean {
  return decls.length === 1 && !isSingle(decls[0]!) && !attrSized
}

/** Parses a comma-separated operand list that may be empty (as `parseOperandElement` of a variadic operand). */
function parseOptionalOperandList(parser: OpAsmParser): UnresolvedOperand[] | undefined {
  const first = parser.parseOptionalOperand()
  if (first === undefined) {
    return undefined
  }
  const list: UnresolvedOperand[] = []
  if (first !== null) {
    list.push(first)
    while (parser.parseOptionalComma()) {
      const o = parser.parseOperand()
      if (o === undefined) {
        return undefined
      }
      list.push(o)
    }
  }
  return list
}

/** Prints the types of operand (`isOperand`) or result group `index`, comma-separated, without building an array. */
function printGroupTypes(ctx: PrintCtx, index: number, isOperand: boolean): void {
  const segs = isOperand ? ctx.operandSegs : ctx.resultSegs
  const start = segs[2 * index]!
  const end = start + segs[2 * index + 1]!
  const op = ctx.op
  const printer = ctx.printer
  const count = isOperand ? op.operands.length : op.results.length
  for (let k = start; k < end && k < count; k++) {
    if (k > start) { printer.print(', ') }
    printer.printType(isOperand ? op.operands[k]!.value.type : op.results[k]!.type)
  }
}
