/**
 * The subset of MLIR's `test` dialect (mlir/test/lib/Dialect/Test) that the IR
 * conformance files use. It is opt-in: only tilepass-opt registers it, as mlir-opt
 * links its test dialect. Like upstream, unknown `test.*` ops are accepted as
 * unregistered ops and `!test.*` types are kept opaque.
 */
import {
  AnyTensor,
  Index as IndexC,
  type MemoryEffect,
  type TypeConstraint,
  AnySuccessor,
  BranchOpInterface,
  CallableOpInterface,
  CallOpInterface,
  DictArrayAttr,
  FunctionTypeAttr,
  FunctionTypeC,
  type OpBuilder,
  Signedness,
  SymbolNameAttr,
  SymbolRefAttrC,
  type TypeAttr,
  UnitAttr,
  optionalAttr,
  type DictionaryAttr,
  type Type,
  I32Attr,
  StrAttr,
  attrConstraint,
  AnyAttr,
  AnyInteger,
  AnyRegion,
  AnyType,
  ArrayAttr,
  Block,
  ConditionallySpeculatable,
  DialectLoc,
  FlatSymbolRefAttr,
  FunctionOpInterface,
  FunctionType,
  IndexType,
  IntegerType,
  LoopLikeOpInterface,
  Operation,
  OperationState,
  SizedRegion,
  StrArrayAttr,
  StringAttr,
  SymbolRefAttr,
  I32,
  SymbolTable,
  Trait,
  defineOp,
  printType,
  resolveOperandList,
  variadic,
  variadicRegion,
  type Attribute,
  type DialectDefinition,
  type DialectInlinerInterface,
  type Location,
  type LogicalResult,
  type OdsOp,
  type OpAsmArgument,
  type OpAsmParser,
  type OpAsmPrinter,
  type Region,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { testTransformOps, verifyTestDialectAttribute } from './TestTransformOps.ts'
import { TEST_DIALECTS_LIBRARY } from './dialectsLibrary.lazy.ts'

const parseFunctionOp = TEST_DIALECTS_LIBRARY.parseFunctionOp()
const printFunctionOp = TEST_DIALECTS_LIBRARY.printFunctionOp()

/** `test.return`: a generic terminator forwarding its operands. */
export const TestReturnOp: OdsOp = defineOp({
  name: 'test.return',
  operands: { operands: variadic(AnyType) },
  traits: Trait.Pure | Trait.ReturnLike | Trait.IsTerminator,
})

/** Parses the generic remainder `({...}, ...) {attrs} : (ins) -> outs` after already-parsed operands. */
function parseGenericRemainder(parser: OpAsmParser, state: OperationState, operands: readonly UnresolvedOperand[], operandsLoc: Location): LogicalResult {
  if (parser.parseOptionalLParen()) {
    do {
      if (!parser.parseRegion(state.addRegion())) {
        return false
      }
    } while (parser.parseOptionalComma())
    if (!parser.parseRParen()) {
      return false
    }
  }
  if (!parser.parseOptionalAttrDict(state.attributes) || !parser.parseColon()) {
    return false
  }
  const typeLoc = parser.getCurrentLocation()
  const t = parser.parseType()
  if (t === undefined) {
    return false
  }
  if (!(t instanceof FunctionType)) {
    parser.emitError(typeLoc, 'expected function type').report()
    return false
  }
  if (!resolveOperandList(parser, operands, [...t.inputs], operandsLoc, state.operands)) {
    return false
  }
  state.addTypes(t.results)
  return true
}

/**
 * `test.pretty_printed_region`: a region holding one binary op, printed as
 * `start <op name> end` when that op is `test.special.op`.
 */
export const PrettyPrintedRegionOp: OdsOp = defineOp({
  name: 'test.pretty_printed_region',
  operands: { input1: AnyType, input2: AnyType },
  results: { '#0': AnyType },
  regions: { region: SizedRegion(1) },
  implicitTerminatorName: 'test.return',
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const operandsLoc = parser.getCurrentLocation()
    const operands = parser.parseOperandList('none')
    if (operands === undefined) {
      return false
    }
    if (!parser.parseOptionalKeyword('start')) {
      return parseGenericRemainder(parser, state, operands, operandsLoc)
    }
    const innerName = parser.parseKeywordOrUndefined()
    if (innerName === undefined || !parser.parseKeyword('end') || !parser.parseColon()) {
      return false
    }
    const typeLoc = parser.getCurrentLocation()
    const fnType = parser.parseType()
    if (fnType === undefined) {
      return false
    }
    if (!(fnType instanceof FunctionType)) {
      parser.emitError(typeLoc, `invalid kind of type specified: expected builtin.function, but found '${printType(fnType)}'`).report()
      return false
    }
    const explicitLoc = parser.parseOptionalLocationSpecifier()
    if (explicitLoc === undefined) {
      return false
    }
    const opLoc = explicitLoc ?? operandsLoc
    if (!resolveOperandList(parser, operands, [...fnType.inputs], operandsLoc, state.operands)) {
      return false
    }
    // As upstream, the inner op is assumed binary with the type of the first input.
    const innerType = fnType.inputs[0]
    if (innerType === undefined) {
      parser.emitError(typeLoc, 'expected at least one input type').report()
      return false
    }
    const block = new Block()
    state.addRegion().push(block)
    const lhs = block.addArgument(innerType, opLoc)
    const rhs = block.addArgument(innerType, opLoc)
    const innerState = new OperationState(opLoc, parser.context.getOperationName(innerName))
    innerState.addOperands([lhs, rhs])
    innerState.addTypes([innerType])
    const inner = Operation.create(innerState)
    block.append(inner)
    const ret = new OperationState(opLoc, parser.context.getOperationName('test.return'))
    ret.addOperands(inner.results)
    block.append(Operation.create(ret))
    state.addTypes(fnType.results)
    state.location = opLoc
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperands(op.getOperands())
    const region = op.regions[0]!
    const inner = region.empty ? null : region.front.firstOp
    if (inner !== null && inner.name.name === 'test.special.op') {
      p.print(' start test.special.op end')
    } else {
      p.print(' (')
      p.printRegion(region)
      p.print(')')
    }
    p.print(' : ')
    p.printFunctionalType(op.operandTypes, op.resultTypes)
  },
})

/** `test.two_region_op`: exactly two regions. */
export const TwoRegionOp: OdsOp = defineOp({
  name: 'test.two_region_op',
  regions: { '#0': AnyRegion, '#1': AnyRegion },
})

/** `test.sized_region_op`: a two-block region named `my_region` and an unnamed one-block region. */
export const SizedRegionOp: OdsOp = defineOp({
  name: 'test.sized_region_op',
  regions: { my_region: SizedRegion(2), '#1': SizedRegion(1) },
})

/** `test.affine_scope`: a region that starts a new affine scope (upstream's `AffineScopeOp`). */
export const AffineScopeOp: OdsOp = defineOp({
  name: 'test.affine_scope',
  regions: { region: AnyRegion },
  traits: Trait.AffineScope,
  assemblyFormat: '$region attr-dict',
})

/** `test.single_no_terminator_op`: one single-block region without a terminator. */
export const SingleNoTerminatorOp: OdsOp = defineOp({
  name: 'test.single_no_terminator_op',
  regions: { my_region: SizedRegion(1) },
  traits: Trait.SingleBlock | Trait.NoTerminator,
  assemblyFormat: 'attr-dict `:` $my_region',
})

/** `test.variadic_no_terminator_op`: single-block regions without terminators. */
export const VariadicNoTerminatorOp: OdsOp = defineOp({
  name: 'test.variadic_no_terminator_op',
  regions: { my_regions: variadicRegion(SizedRegion(1)) },
  traits: Trait.SingleBlock | Trait.NoTerminator,
  assemblyFormat: 'attr-dict `:` $my_regions',
})

/** `test.single_no_terminator_custom_asm_op`: a bare region printed without its terminator. */
export const SingleNoTerminatorCustomAsmOp: OdsOp = defineOp({
  name: 'test.single_no_terminator_custom_asm_op',
  regions: { '#0': SizedRegion(1) },
  traits: Trait.SingleBlock | Trait.NoTerminator,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    return parser.parseRegion(state.addRegion())
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.printRegion(op.regions[0]!, false, false)
  },
})

/** `test.dummy_op_with_region_ref`: a region followed by a custom directive that only references it. */
export const DummyOpWithRegionRef: OdsOp = defineOp({
  name: 'test.dummy_op_with_region_ref',
  regions: { body: AnyRegion },
  traits: Trait.NoTerminator,
  assemblyFormat: '$body attr-dict custom<DummyRegionRef>(ref($body))',
  customDirectives: {
    DummyRegionRef: {
      parse: () => true,
      print: () => undefined,
    },
  },
})

/** `test.polyfor`: index induction variables named by the `arg_names` attribute. */
export const PolyForOp: OdsOp = defineOp({
  name: 'test.polyfor',
  regions: { region: SizedRegion(1) },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const ivs: OpAsmArgument[] | undefined = parser.parseArgumentList('none', false, false)
    if (ivs === undefined) {
      return false
    }
    const index = IndexType.get(parser.context)
    for (const iv of ivs) {
      iv.type = index
    }
    return parser.parseRegion(state.addRegion(), ivs)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    const region = op.regions[0]!
    const args = region.empty ? [] : region.front.arguments
    for (let i = 0; i < args.length; i++) {
      if (i > 0) {
        p.print(', ')
      }
      p.printRegionArgument(args[i]!, undefined, true)
    }
    p.print(' ')
    p.printRegion(region, false)
  },
  getAsmBlockArgumentNames(op: Operation, region: Region, setName: (value: Value, name: string) => void): void {
    const names = op.getAttr('arg_names')
    if (!(names instanceof ArrayAttr) || region.empty) {
      return
    }
    const args = region.front.arguments
    const n = Math.min(names.elements.length, args.length)
    for (let i = 0; i < n; i++) {
      const s = names.elements[i]
      if (s instanceof StringAttr) {
        setName(args[i]!, s.value)
      }
    }
  },
})

/** `test.block_names`: names the blocks of its region `^foo0`, `^foo1`, ... */
export const BlockNamesOp: OdsOp = defineOp({
  name: 'test.block_names',
  regions: { body: AnyRegion },
  assemblyFormat: 'regions attr-dict-with-keyword',
  getAsmBlockNames(op: Operation, setName: (block: Block, name: string) => void): void {
    let i = 0
    for (const b of op.regions[0]!.blockList) {
      setName(b, `foo${i++}`)
    }
  },
})

/** `test.custom_result_name`: results named by the `names` attribute. */
export const CustomResultsNameOp: OdsOp = defineOp({
  name: 'test.custom_result_name',
  operands: { optional: variadic(AnyInteger) },
  results: { r: variadic(AnyInteger) },
  attributes: { names: StrArrayAttr },
  getAsmResultNames(op: Operation, setName: (value: Value, name: string) => void): void {
    const names = op.getAttr('names')
    if (!(names instanceof ArrayAttr)) {
      return
    }
    const n = Math.min(names.elements.length, op.results.length)
    for (let i = 0; i < n; i++) {
      const s = names.elements[i]
      if (s instanceof StringAttr && s.value !== '') {
        setName(op.results[i]!, s.value)
      }
    }
  },
})

/** `test.string_attr_pretty_name`: i32 results named by the `names` attribute, which the parser fills from the SSA names written in the source. */
export const StringAttrPrettyNameOp: OdsOp = defineOp({
  name: 'test.string_attr_pretty_name',
  attributes: { names: StrArrayAttr },
  results: { r: variadic(I32) },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const numResults = parser.getNumResults()
    const i32 = IntegerType.get(parser.context, 32)
    for (let i = 0; i < numResults; i++) {
      state.addTypes([i32])
    }
    if (!parser.parseOptionalAttrDictWithKeyword(state.attributes)) {
      return false
    }
    if (numResults === 0 || state.attributes.some((a) => a.name === 'names')) {
      return true
    }
    const names: Attribute[] = []
    for (let i = 0; i < numResults; i++) {
      const written = parser.getResultName(i)[0]
      // Numbered names (`%0`) carry no meaning to keep.
      const first = written.charCodeAt(0)
      const keep = written !== '' && !(first >= 48 && first <= 57)
      names.push(StringAttr.get(parser.context, keep ? written : ''))
    }
    state.addAttribute('names', ArrayAttr.get(parser.context, names))
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    const names = op.getAttr('names')
    const elements = names instanceof ArrayAttr ? names.elements : []
    let disagree = elements.length !== op.results.length
    for (let i = 0; i < op.results.length && !disagree; i++) {
      const expected = elements[i]
      const text = p.getOperandText === undefined ? undefined : p.getOperandText(op.results[i]!)
      if (!(expected instanceof StringAttr) || (text !== undefined && text.slice(1) !== expected.value)) {
        disagree = true
      }
    }
    p.printOptionalAttrDictWithKeyword(op.getAttrs(), disagree ? [] : ['names'])
  },
  getAsmResultNames(op: Operation, setName: (value: Value, name: string) => void): void {
    const names = op.getAttr('names')
    if (!(names instanceof ArrayAttr)) {
      return
    }
    const n = Math.min(names.elements.length, op.results.length)
    for (let i = 0; i < n; i++) {
      const s = names.elements[i]
      if (s instanceof StringAttr && s.value !== '') {
        setName(op.results[i]!, s.value)
      }
    }
  },
})

/** `test.call`: a call-like op whose callee must name a function (SymbolUserOpInterface). */
export const TestCallOp: OdsOp = defineOp({
  name: 'test.call',
  attributes: { callee: FlatSymbolRefAttr },
  results: { '#0': variadic(AnyType) },
  assemblyFormat: '$callee attr-dict `:` functional-type(operands, results)',
  verifySymbolUses(op: Operation): LogicalResult {
    const callee = op.getAttr('callee')
    if (!(callee instanceof SymbolRefAttr) || !callee.isFlat) {
      return op.emitOpError("requires a 'callee' symbol reference attribute").fail()
    }
    const fn = SymbolTable.lookupNearestSymbolFrom(op, callee)
    if (fn === undefined || !FunctionOpInterface.implementedBy(fn)) {
      return op.emitOpError(`'${callee.rootReference}' does not reference a valid function`).fail()
    }
    return true
  },
})

/** `test.attr_with_loc`: an attribute followed by an optional location specifier kept as an attribute. */
export const TestAttrWithLoc: OdsOp = defineOp({
  name: 'test.attr_with_loc',
  attributes: { loc: AnyAttr, value: AnyAttr },
  assemblyFormat: '`(` $value `` custom<OptionalLoc>($loc) `)` attr-dict',
  customDirectives: {
    OptionalLoc: {
      parse(parser, args) {
        const here = parser.getCurrentLocation()
        const loc = parser.parseOptionalLocationSpecifier()
        if (loc === undefined) {
          return false
        }
        args[0]!.attr = loc ?? here
        return true
      },
      print(printer, _op, args) {
        printer.printOptionalLocationSpecifier(args[0]!.attr as Location)
      },
    },
  },
})

/** `test.any_attr_of_i32_str`: `attr` must be an i32 or a string (`AnyAttrOf<[I32Attr, StrAttr]>`); the invalid-IR test pass creates it without. */
export const AnyAttrOfI32StrOp: OdsOp = defineOp({
  name: 'test.any_attr_of_i32_str',
  attributes: {
    attr: attrConstraint('32-bit signless integer attribute or string attribute', (a) => I32Attr.check(a) || StrAttr.check(a)),
  },
})

/** `#test.custom_location<"file" * line>`: a location defined by the test dialect. */
export class TestCustomLocationAttr extends DialectLoc {
  readonly dialectNamespace = 'test'
  /** @internal */
  constructor(
    readonly file: StringAttr,
    readonly line: number,
  ) {
    super(file.context)
  }
  static get(file: StringAttr, line: number): TestCustomLocationAttr {
    return file.context.uniquer.intern(`test.custom_location:${file.id}:${line}`, () => new TestCustomLocationAttr(file, line))
  }
}

/** Parses the body of a `#test.` attribute (after `#test.`). */
function parseTestAttribute(parser: OpAsmParser): Attribute | undefined {
  const loc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  if (mnemonic === undefined) {
    return undefined
  }
  if (mnemonic !== 'custom_location') {
    parser.emitError(loc, `unknown attribute \`${mnemonic}\` in dialect \`test\``).report()
    return undefined
  }
  if (!parser.parseLess()) {
    return undefined
  }
  const fileLoc = parser.getCurrentLocation()
  const file = parser.parseAttribute()
  if (file === undefined) {
    return undefined
  }
  if (!(file instanceof StringAttr)) {
    parser.emitError(fileLoc, 'invalid kind of attribute specified').report()
    return undefined
  }
  if (!parser.parseOptionalStar()) {
    parser.emitError(parser.getCurrentLocation(), "expected '*'").report()
    return undefined
  }
  const line = parser.parseInteger()
  if (line === undefined || !parser.parseGreater()) {
    return undefined
  }
  return TestCustomLocationAttr.get(file, Number(line))
}

/** Prints the body of a `#test.` attribute. */
function printTestAttribute(attr: Attribute, p: OpAsmPrinter): void {
  if (attr instanceof TestCustomLocationAttr) {
    p.print('custom_location<')
    p.printAttribute(attr.file)
    p.print(` * ${attr.line}>`)
  }
}

/**
 * The test dialect's inliner interface, as upstream's: calls inline unless marked
 * `noinline`, every op and region is legal, and an inlined single-block `test.return`
 * forwards its operands to the call's results.
 */
const testInlinerInterface: DialectInlinerInterface = {
  isLegalToInlineCall: (call) => call.getAttr('noinline') === undefined,
  // Only i16 and i32 convert into each other, through `test.cast`.
  materializeCallConversion(builder: OpBuilder, input: Value, resultType: Type, loc: Location): Operation | null {
    if (!isI16OrI32(resultType) || !isI16OrI32(input.type)) {
      return null
    }
    return builder.create('test.cast', loc, { operands: [input], results: [resultType] })
  },
  handleArgument: (builder, call, _callable, argument, attrs) => typeChanger(builder, call, argument, attrs, 'test.handle_argument'),
  handleResult: (builder, call, _callable, result, attrs) => typeChanger(builder, call, result, attrs, 'test.handle_result'),
  // Every op inlined for a `test.conversion_call_op` is marked `inlined_conversion`.
  processInlinedCallBlocks(call: Operation, blocks: readonly Block[]): void {
    if (call.name.name !== 'test.conversion_call_op') {
      return
    }
    const unit = UnitAttr.get(call.context)
    for (const block of blocks) {
      for (let op = block.firstOp; op !== null; op = op.nextOp) {
        op.walk((nested: Operation) => {
          nested.setAttr('inlined_conversion', unit)
        })
      }
    }
  },
  isLegalToInlineRegion: () => true,
  isLegalToInlineOp: () => true,
  handleTerminator(op: Operation, newDest: Block | null, valuesToReplace: readonly Value[]): void {
    if (newDest !== null || op.name.name !== 'test.return') {
      return
    }
    const n = Math.min(op.numOperands, valuesToReplace.length)
    for (let i = 0; i < n; i++) {
      valuesToReplace[i]!.replaceAllUsesWith(op.getOperand(i))
    }
  },
}

function isI16OrI32(t: Type): boolean {
  return t instanceof IntegerType && t.signedness === Signedness.Signless && (t.width === 16 || t.width === 32)
}

/** `value` through a `test.type_changer` when `attrs` holds `marker`, else `value` itself. */
function typeChanger(builder: OpBuilder, call: Operation, value: Value, attrs: DictionaryAttr, marker: string): Value {
  if (attrs.get(marker) === undefined) {
    return value
  }
  return builder.create('test.type_changer', call.location, { operands: [value], results: [value.type] }).getResult(0)
}

/** `test.region_yield`: returns one value from a test region (`ReturnLike`). */
export const RegionYieldOp: OdsOp = defineOp({
  name: 'test.region_yield',
  operands: { result: AnyType },
  traits: Trait.Pure | Trait.ReturnLike | Trait.IsTerminator,
  assemblyFormat: '$result `:` type($result) attr-dict',
})

/**
 * `test.graph_loop`: a loop (LoopLikeOpInterface) whose single-block body is a graph
 * region; it has no memory effects of its own and is recursively speculatable, so
 * loop-invariant-code-motion hoists out of it and hoists it.
 */
export const GraphLoopOp: OdsOp = defineOp({
  name: 'test.graph_loop',
  operands: { args: variadic(AnyType) },
  results: { rets: variadic(AnyType) },
  regions: { body: SizedRegion(1) },
  traits: Trait.NoMemoryEffect | Trait.SingleBlock | Trait.GraphRegions,
  interfaces: [
    LoopLikeOpInterface.impl({ getLoopRegions: (op: Operation) => [op.regions[0]!] }),
    ConditionallySpeculatable.impl({ getSpeculatability: () => 'recursively-speculatable' }),
  ],
  assemblyFormat: '$args $body attr-dict `:` functional-type(operands, results)',
})

/** `test.producing_br`: a two-way branch that also defines an i32 result; each successor has its own operand group. */
export const TestProducingBranchOp: OdsOp = defineOp({
  name: 'test.producing_br',
  operands: { firstOperands: variadic(AnyType), secondOperands: variadic(AnyType) },
  results: { dummy: I32 },
  successors: { first: AnySuccessor, second: AnySuccessor },
  traits: Trait.IsTerminator | Trait.AttrSizedOperandSegments,
  interfaces: [
    BranchOpInterface.impl({
      getSuccessorOperands: (op: Operation, index: number) => TestProducingBranchOp.operandValues(op, index === 0 ? 'firstOperands' : 'secondOperands'),
    }),
  ],
})

/** `test.call_on_device`: a call whose last operand (the device) is not forwarded to the callee. */
export const TestCallOnDeviceOp: OdsOp = defineOp({
  name: 'test.call_on_device',
  operands: { forwardedOperands: variadic(AnyType), nonForwardedOperand: AnyType },
  results: { '#0': variadic(AnyType) },
  attributes: {
    callee: SymbolRefAttrC,
    arg_attrs: optionalAttr(DictArrayAttr),
    res_attrs: optionalAttr(DictArrayAttr),
  },
  interfaces: [
    CallOpInterface.impl({
      getCallee: (op: Operation) => op.getAttr('callee') as SymbolRefAttr,
      getArgOperands: (op: Operation) => op.getOperands().slice(0, op.numOperands - 1),
    }),
  ],
  assemblyFormat: '$callee `(` $forwardedOperands `)` `,` $nonForwardedOperand attr-dict `:` functional-type(operands, results)',
})

/**
 * `test.call_with_segments`: a call whose operands come in three segments (prefix, the
 * arguments forwarded to the callee, suffix), so removing an argument must shrink its
 * segment (upstream's test of remove-dead-values on segmented calls).
 */
export const TestCallWithSegmentsOp: OdsOp = defineOp({
  name: 'test.call_with_segments',
  operands: { prefix: variadic(AnyType), args: variadic(AnyType), suffix: variadic(AnyType) },
  attributes: {
    callee: SymbolRefAttrC,
    arg_attrs: optionalAttr(DictArrayAttr),
    res_attrs: optionalAttr(DictArrayAttr),
  },
  traits: Trait.AttrSizedOperandSegments,
  interfaces: [
    CallOpInterface.impl({
      getCallee: (op: Operation) => op.getAttr('callee') as SymbolRefAttr,
      getArgOperands: (op: Operation) => TestCallWithSegmentsOp.operandValues(op, 'args'),
    }),
  ],
  assemblyFormat: '$callee `(` $prefix `:` type($prefix) `)` `(` $args `:` type($args) `)` `(` $suffix `:` type($suffix) `)` attr-dict',
})

/** `test.always_speculatable_op`: an i32 with no memory effects that is always speculatable. */
export const AlwaysSpeculatableOp: OdsOp = defineOp({
  name: 'test.always_speculatable_op',
  results: { result: I32 },
  traits: Trait.NoMemoryEffect,
  interfaces: [ConditionallySpeculatable.impl({ getSpeculatability: () => 'speculatable' })],
})

/** `test.never_speculatable_op`: an i32 that is never speculatable; its effects are unknown (it is never dead). */
export const NeverSpeculatableOp: OdsOp = defineOp({
  name: 'test.never_speculatable_op',
  results: { result: I32 },
  interfaces: [ConditionallySpeculatable.impl({ getSpeculatability: () => 'not-speculatable' })],
})

/** `test.conditionally_speculatable_op`: speculatable only when its input is a constant. */
export const ConditionallySpeculatableOp: OdsOp = defineOp({
  name: 'test.conditionally_speculatable_op',
  operands: { input: I32 },
  results: { result: I32 },
  traits: Trait.NoMemoryEffect,
  interfaces: [
    ConditionallySpeculatable.impl({
      getSpeculatability: (op: Operation) => (op.getOperand(0).definingOp?.hasTrait(Trait.ConstantLike) === true ? 'speculatable' : 'not-speculatable'),
    }),
  ],
})

/** `test.recursively_speculatable_op`: speculatable when the ops of its region are; its effects are theirs. */
export const RecursivelySpeculatableOp: OdsOp = defineOp({
  name: 'test.recursively_speculatable_op',
  results: { result: I32 },
  regions: { body: SizedRegion(1) },
  traits: Trait.RecursiveMemoryEffects,
  interfaces: [ConditionallySpeculatable.impl({ getSpeculatability: () => 'recursively-speculatable' })],
})

/** An always speculatable op reading or writing (per `kind`) the default resource. */
function speculatableWithEffect(name: string, kind: 'read' | 'write', operands: Readonly<Record<string, TypeConstraint>>): OdsOp {
  return defineOp({
    name,
    operands,
    results: { result: I32 },
    memoryEffects: (): readonly MemoryEffect[] => [{ kind }],
    interfaces: [ConditionallySpeculatable.impl({ getSpeculatability: () => 'speculatable' })],
  })
}

/** `test.speculatable_op_with_memread`: speculatable, reads memory. */
export const SpeculatableOpWithMemRead: OdsOp = speculatableWithEffect('test.speculatable_op_with_memread', 'read', { tensor: AnyTensor, index: IndexC })
/** `test.speculatable_op_with_memwrite`: speculatable, writes memory. */
export const SpeculatableOpWithMemWrite: OdsOp = speculatableWithEffect('test.speculatable_op_with_memwrite', 'write', { tensor: AnyTensor })

/** `test.cast`: converts its operands to its result type (what the test inliner materializes). */
export const TestCastOp: OdsOp = defineOp({
  name: 'test.cast',
  operands: { '#0': variadic(AnyType) },
  results: { '#0': AnyType },
})

/** `test.type_changer`: a value of the same type as its operand (built by the test inliner's argument/result handlers). */
export const TestTypeChangerOp: OdsOp = defineOp({
  name: 'test.type_changer',
  operands: { '#0': AnyType },
  results: { '#0': AnyType },
})

/** `test.functional_region_op`: a region called through the function-typed value it defines (CallableOpInterface). */
export const FunctionalRegionOp: OdsOp = defineOp({
  name: 'test.functional_region_op',
  results: { '#0': FunctionTypeC },
  regions: { body: AnyRegion },
  interfaces: [
    CallableOpInterface.impl({
      getCallableRegion: (op: Operation) => op.regions[0]!,
      getArgumentTypes: (op: Operation) => (op.getResult(0).type as FunctionType).inputs,
      getResultTypes: (op: Operation) => (op.getResult(0).type as FunctionType).results,
    }),
  ],
})

/** `test.conversion_call_op`: a call whose operand and result types may differ from the callee's. */
export const ConversionCallOp: OdsOp = defineOp({
  name: 'test.conversion_call_op',
  operands: { arg_operands: variadic(AnyType) },
  results: { '#0': variadic(AnyType) },
  attributes: { callee: SymbolRefAttrC },
  interfaces: [
    CallOpInterface.impl({
      getCallee: (op: Operation) => op.getAttr('callee') as SymbolRefAttr,
      getArgOperands: (op: Operation) => op.getOperands(),
    }),
  ],
})

function conversionFuncType(op: Operation): FunctionType {
  return (op.getAttr('function_type') as TypeAttr).value as FunctionType
}

/** `test.conversion_func_op`: a function whose argument and result attributes the test inliner handles. */
export const ConversionFuncOp: OdsOp = defineOp({
  name: 'test.conversion_func_op',
  attributes: {
    sym_name: SymbolNameAttr,
    function_type: FunctionTypeAttr,
    arg_attrs: optionalAttr(DictArrayAttr),
    res_attrs: optionalAttr(DictArrayAttr),
    sym_visibility: optionalAttr(StrAttr),
  },
  regions: { body: AnyRegion },
  traits: Trait.Symbol,
  interfaces: [
    FunctionOpInterface.impl({
      getFunctionType: conversionFuncType,
      getFunctionBody: (op: Operation) => op.regions[0]!,
    }),
    CallableOpInterface.impl({
      getCallableRegion: (op: Operation) => (op.regions[0]!.empty ? null : op.regions[0]!),
      getArgumentTypes: (op: Operation) => conversionFuncType(op).inputs,
      getResultTypes: (op: Operation) => conversionFuncType(op).results,
      getArgAttrsAttr: (op: Operation) => op.getAttr('arg_attrs') as ArrayAttr | undefined,
      getResAttrsAttr: (op: Operation) => op.getAttr('res_attrs') as ArrayAttr | undefined,
    }),
  ],
  parse: (parser: OpAsmParser, state: OperationState) => parseFunctionOp(parser, state, 'function_type', 'arg_attrs', 'res_attrs'),
  print: (op: Operation, printer: OpAsmPrinter) => printFunctionOp(op, printer, 'function_type', 'arg_attrs', 'res_attrs'),
})

/** The `test` dialect subset (register it explicitly; it is not part of `@tilepass/dialects`). */
export const TestDialect: DialectDefinition = {
  namespace: 'test',
  allowUnknownOperations: true,
  interfaces: { inliner: testInlinerInterface },
  parseAttribute: (parser) => parseTestAttribute(parser),
  printAttribute: (attr, printer) => printTestAttribute(attr, printer),
  verifyOperationAttribute: verifyTestDialectAttribute,
  verifyRegionArgAttribute: (op, _region, _arg, attr) => verifyTestDialectAttribute(op, attr),
  verifyRegionResultAttribute: (op, _region, _result, attr) => verifyTestDialectAttribute(op, attr),
  ops: [
    ...testTransformOps,
    TestReturnOp,
    RegionYieldOp,
    GraphLoopOp,
    PrettyPrintedRegionOp,
    TwoRegionOp,
    AffineScopeOp,
    SizedRegionOp,
    SingleNoTerminatorOp,
    VariadicNoTerminatorOp,
    SingleNoTerminatorCustomAsmOp,
    DummyOpWithRegionRef,
    PolyForOp,
    BlockNamesOp,
    CustomResultsNameOp,
    TestCallOp,
    TestAttrWithLoc,
    AnyAttrOfI32StrOp,
    StringAttrPrettyNameOp,
    TestCastOp,
    TestTypeChangerOp,
    TestProducingBranchOp,
    TestCallOnDeviceOp,
    TestCallWithSegmentsOp,
    AlwaysSpeculatableOp,
    NeverSpeculatableOp,
    ConditionallySpeculatableOp,
    RecursivelySpeculatableOp,
    SpeculatableOpWithMemRead,
    SpeculatableOpWithMemWrite,
    FunctionalRegionOp,
    ConversionCallOp,
    ConversionFuncOp,
  ],
}
