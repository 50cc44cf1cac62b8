import { describe, expect, it } from 'vitest'
import {
  AnyAttr,
  AnyMemRef,
  AnyRegion,
  AnyType,
  BuiltinDialect,
  Context,
  F80,
  I32,
  I64,
  I64Attr,
  IntegerType,
  type Operation,
  type OperationState,
  StrAttr,
  StringAttr,
  SymbolNameAttr,
  SymbolRefAttrC,
  Trait,
  TupleType,
  TypeAttrC,
  TypedAttrConstraint,
  UnitAttrC,
  VariadicSuccessor,
  defaultValuedAttr,
  defaultValuedOptionalAttr,
  defineOp,
  BoolAttrC,
  ArrayAttr,
  ArrayAttrC,
  I32Attr,
  IntegerAttr,
  intEnumAttr,
  optional,
  optionalAttr,
  parseSourceString,
  printOperation,
  variadic,
  variadicRegion,
  verify,
  type Diagnostic,
  type DialectDefinition,
  type CustomDirective,
  type OpAsmParser,
  type OpAsmPrinter,
  CustomDirectiveArg,
  Region,
  AnySuccessor,
  type OdsOp,
  type Type,
} from '@tilepass/ir'

const SomeI64Enum = intEnumAttr(64, [
  { keyword: 'case5', value: 5 },
  { keyword: 'case10', value: 10 },
])

// Ops with the assembly formats of MLIR's test dialect (mlir/test/lib/Dialect/Test,
// TestOpsSyntax.td), so that their printed form can be compared with mlir-opt's.
const fmtOps: OdsOp[] = [
  defineOp({ name: 'test.return', operands: { operands: variadic(AnyType) }, traits: Trait.IsTerminator | Trait.ReturnLike }),
  defineOp({
    name: 'test.format_literal_op',
    assemblyFormat: '`keyword_$.` `->` `:` `,` `=` `<` `>` `(` `)` `[` `]` `` `(` ` ` `)` `?` `+` `*` `{` `\\n` `}` attr-dict',
  }),
  defineOp({ name: 'test.format_attr_op', attributes: { attr: I64Attr }, assemblyFormat: '$attr attr-dict' }),
  defineOp({ name: 'test.format_opt_attr_op_a', attributes: { opt_attr: optionalAttr(I64Attr) }, assemblyFormat: '(`(` $opt_attr^ `)` )? attr-dict' }),
  defineOp({ name: 'test.format_opt_attr_op_b', attributes: { opt_attr: optionalAttr(I64Attr) }, assemblyFormat: '($opt_attr^)? attr-dict' }),
  defineOp({ name: 'test.format_symbol_name_attr_op', attributes: { attr: SymbolNameAttr }, assemblyFormat: '$attr attr-dict' }),
  defineOp({ name: 'test.format_opt_symbol_name_attr_op', attributes: { opt_attr: optionalAttr(SymbolNameAttr) }, assemblyFormat: '($opt_attr^)? attr-dict' }),
  defineOp({ name: 'test.format_attr_dict_w_keyword', attributes: { attr: I64Attr, opt_attr: optionalAttr(I64Attr) }, assemblyFormat: 'attr-dict-with-keyword' }),
  defineOp({ name: 'test.format_buildable_type_op', operands: { buildable: I64 }, results: { buildable_res: I64 }, assemblyFormat: '$buildable attr-dict' }),
  defineOp({ name: 'test.format_region_a_op', regions: { region: AnyRegion }, assemblyFormat: 'regions attr-dict' }),
  defineOp({ name: 'test.format_region_b_op', regions: { region: AnyRegion }, assemblyFormat: '$region attr-dict' }),
  defineOp({ name: 'test.format_region_c_op', regions: { region: AnyRegion }, assemblyFormat: '(`region` $region^)? attr-dict' }),
  defineOp({ name: 'test.format_variadic_region_a_op', regions: { regions: variadicRegion(AnyRegion) }, assemblyFormat: '$regions attr-dict' }),
  defineOp({ name: 'test.format_variadic_region_b_op', regions: { regions: variadicRegion(AnyRegion) }, assemblyFormat: '($regions^ `found_regions`)? attr-dict' }),
  defineOp({
    name: 'test.format_implicit_terminator_region_a_op',
    regions: { region: AnyRegion },
    implicitTerminatorName: 'test.return',
    assemblyFormat: '$region attr-dict',
  }),
  ...(['a', 'b', 'c'] as const).map((s) =>
    defineOp({
      name: `test.format_result_${s}_op`,
      results: { buildable_res: I64, result: AnyMemRef },
      assemblyFormat: { a: 'type($result) attr-dict', b: 'type(results) attr-dict', c: 'functional-type($buildable_res, $result) attr-dict' }[s],
    }),
  ),
  defineOp({ name: 'test.format_variadic_result', results: { result: variadic(I64) }, assemblyFormat: '`:` type($result) attr-dict' }),
  defineOp({
    name: 'test.format_multiple_variadic_results',
    results: { result0: variadic(I64), result1: variadic(AnyType) },
    traits: Trait.AttrSizedResultSegments,
    assemblyFormat: '`:` `(` type($result0) `)` `,` `(` type($result1) `)` attr-dict',
  }),
  ...(['a', 'b', 'c', 'd', 'e'] as const).map((s) =>
    defineOp({
      name: `test.format_operand_${s}_op`,
      operands: { buildable: I64, operand: AnyMemRef },
      assemblyFormat: {
        a: 'operands `:` type(operands) attr-dict',
        b: 'operands `:` type($operand) attr-dict',
        c: '$buildable `,` $operand `:` type(operands) attr-dict',
        d: '$buildable `,` $operand `:` type($operand) attr-dict',
        e: '$buildable `,` $operand `:` type($buildable) `,` type($operand) attr-dict',
      }[s],
    }),
  ),
  defineOp({ name: 'test.format_successor_a_op', successors: { targets: VariadicSuccessor }, traits: Trait.IsTerminator, assemblyFormat: '$targets attr-dict' }),
  defineOp({ name: 'test.format_variadic_operand', operands: { operand: variadic(I64) }, assemblyFormat: '$operand `:` type($operand) attr-dict' }),
  defineOp({
    name: 'test.format_multiple_variadic_operands',
    operands: { operand0: variadic(I64), operand1: variadic(AnyType) },
    traits: Trait.AttrSizedOperandSegments,
    assemblyFormat: '` ` `(` $operand0 `)` `,` `(` $operand1 `:` type($operand1) `)` attr-dict',
  }),
  ...(['a', 'b'] as const).map((s) =>
    defineOp({
      name: `test.format_optional_operand_result_${s}_op`,
      operands: { optional: optional(I64), variadic: variadic(I64) },
      results: { optional_res: optional(I64) },
      traits: Trait.AttrSizedOperandSegments,
      assemblyFormat: {
        a: '`(` $optional `:` type($optional) `)` `:` type($optional_res) (`[` $variadic^ `]`)? attr-dict',
        b: '(`(` $optional^ `:` type($optional) `)`)? `:` type($optional_res) (`[` $variadic^ `]`)? attr-dict',
      }[s],
    }),
  ),
  ...(['a', 'b', 'c'] as const).map((s) =>
    defineOp({
      name: `test.format_optional_result_${s}_op`,
      results: { optional: optional(I64), variadic: variadic(I64) },
      traits: Trait.AttrSizedResultSegments,
      assemblyFormat: {
        a: '(`:` type($optional)^ `->` type($variadic))? attr-dict',
        b: '(`:` type($optional) `->` type($variadic)^)? attr-dict',
        c: '(`:` functional-type($optional, $variadic)^)? attr-dict',
      }[s],
    }),
  ),
  defineOp({ name: 'test.format_optional_result_d_op', results: { optional: optional(F80) }, assemblyFormat: '(`:` type($optional)^)? attr-dict' }),
  defineOp({
    name: 'test.format_two_variadic_operands_no_buildable_type_op',
    operands: { a: variadic(AnyType), b: variadic(AnyType) },
    traits: Trait.AttrSizedOperandSegments,
    assemblyFormat: '`(` $a `:` type($a) `)` `->` `(` $b `:` type($b) `)`  attr-dict',
  }),
  defineOp({
    name: 'test.format_infer_variadic_type_from_non_variadic',
    operands: { args: variadic(AnyType) },
    results: { result: AnyType },
    traits: Trait.SameOperandsAndResultType,
    assemblyFormat: 'operands attr-dict `:` type($result)',
  }),
  // DefaultValuedOptionalAttr, as upstream's memref_to_llvm_type_converter options.
  defineOp({
    name: 'test.default_valued_optional',
    attributes: { v: defaultValuedOptionalAttr(I64Attr, (c) => IntegerAttr.get(IntegerType.get(c, 64), 7)) },
    assemblyFormat: 'attr-dict',
  }),
  // transform.yield's format: with no operands, nothing to type and no `:` group.
  defineOp({ name: 'test.format_operands_optional_types', operands: { operands: variadic(AnyType) }, assemblyFormat: 'operands attr-dict (`:` type($operands)^)?' }),
  defineOp({ name: 'test.format_optional_unit_attribute', attributes: { is_optional: optionalAttr(UnitAttrC) }, assemblyFormat: '(`is_optional` $is_optional^)? attr-dict' }),
  defineOp({ name: 'test.format_optional_unit_attribute_no_elide', attributes: { is_optional: optionalAttr(UnitAttrC) }, assemblyFormat: '($is_optional^)? attr-dict' }),
  defineOp({ name: 'test.format_optional_else', attributes: { isFirstBranchPresent: optionalAttr(UnitAttrC) }, assemblyFormat: '(`then` $isFirstBranchPresent^):(`else`)? attr-dict' }),
  defineOp({
    name: 'test.ellipsis',
    operands: { operands: variadic(AnyType) },
    attributes: { variadic: optionalAttr(UnitAttrC) },
    assemblyFormat: '`(` $operands (`...` $variadic^)? `)` attr-dict `:` type($operands) `...`',
  }),
  defineOp({ name: 'test.else_anchor', operands: { a: optional(AnyType) }, assemblyFormat: '`(` (`?`) : (`` $a^ `:` type($a))? `)` attr-dict' }),
  defineOp({
    name: 'test.format_literal_following_optional_group',
    attributes: { type: TypeAttrC, value: optionalAttr(AnyAttr) },
    assemblyFormat: '(`(` $value^ `)`)? `:` $type attr-dict',
  }),
  defineOp({
    name: 'test.format_all_types_match_var',
    operands: { value1: AnyType, value2: AnyType },
    results: { result: AnyType },
    allTypesMatch: [['value1', 'value2', 'result']],
    assemblyFormat: 'attr-dict $value1 `,` $value2 `:` type($value1)',
  }),
  defineOp({
    name: 'test.format_all_types_match_attr',
    operands: { value2: AnyType },
    attributes: { value1: TypedAttrConstraint },
    results: { result: AnyType },
    allTypesMatch: [['value1', 'value2', 'result']],
    assemblyFormat: 'attr-dict $value1 `,` $value2',
  }),
  defineOp({
    name: 'test.format_types_match_var',
    operands: { value: AnyType },
    results: { result: AnyType },
    typesMatchWith: [{ from: 'value', to: 'result', transform: (t: Type) => t, summary: 'result type matches operand' }],
    assemblyFormat: 'attr-dict $value `:` type($value)',
  }),
  defineOp({
    name: 'test.format_types_match_attr',
    attributes: { value: TypedAttrConstraint },
    results: { result: AnyType },
    typesMatchWith: [{ from: 'value', to: 'result', transform: (t: Type) => t, summary: 'result type matches constant' }],
    assemblyFormat: 'attr-dict $value',
  }),
  defineOp({
    name: 'test.format_types_match_context',
    operands: { value: AnyType },
    results: { result: AnyType },
    typesMatchWith: [{ from: 'value', to: 'result', transform: (t: Type) => TupleType.get(t.context, [t]), summary: 'tuple result type matches operand type' }],
    assemblyFormat: 'attr-dict $value `:` type($value)',
  }),
  defineOp({
    name: 'test.format_infer_type',
    results: { '#0': AnyType },
    inferResultTypes: (state: OperationState) => [IntegerType.get(state.location.context, 16)],
    assemblyFormat: 'attr-dict',
  }),
  defineOp({
    name: 'test.format_infer_type_all_operands_and_types',
    operands: { args: variadic(AnyType) },
    results: { outs: variadic(AnyType) },
    inferResultTypes: (state: OperationState) => state.operands.map((v) => v.type),
    assemblyFormat: '`(` operands `)` attr-dict `:` type(operands)',
  }),
  defineOp({
    name: 'test.format_infer_type_variadic_operands',
    operands: { a: variadic(I32), b: variadic(I64) },
    results: { outs: variadic(AnyType) },
    traits: Trait.AttrSizedOperandSegments,
    inferResultTypes: (state: OperationState) => state.operands.map((v) => v.type),
    assemblyFormat: '`(` $a `:` type($a) `)` `(` $b `:` type($b) `)` attr-dict',
  }),
  defineOp({
    name: 'test.format_optional_default_attrs',
    attributes: {
      str: defaultValuedAttr(StrAttr, (c) => StringAttr.get(c, 'default')),
      sym: defaultValuedAttr(SymbolNameAttr, (c) => StringAttr.get(c, 'default')),
      e: defaultValuedAttr(SomeI64Enum, (c) => SomeI64Enum.get(c, 'case5')),
    },
    assemblyFormat: '($str^)? ($sym^)? ($e^)? attr-dict',
  }),
  defineOp({ name: 'test.format_opt_symbol_ref_attr_op', attributes: { opt_attr: optionalAttr(SymbolRefAttrC) }, assemblyFormat: '($opt_attr^)? attr-dict' }),
  defineOp({
    name: 'test.format_custom_directive_with_optional_operand_ref',
    operands: { optOperand: optional(I64) },
    assemblyFormat: '($optOperand^)? `:` custom<OptionalOperandRef>(ref($optOperand)) attr-dict',
    customDirectives: {
      // Upstream prints `1` when the operand is present and `0` otherwise.
      OptionalOperandRef: {
        parse(parser, args) {
          const v = parser.parseInteger()
          if (v === undefined) {
            return false
          }
          if ((v === 1n) !== (args[0]!.operands.length > 0)) {
            parser.emitError(parser.getNameLoc(), 'optOperand was not parsed correctly').report()
            return false
          }
          return true
        },
        print(printer, _op, args) {
          printer.print(args[0]!.values.length > 0 ? '1' : '0')
        },
      },
    },
  }),
]

/** Parses `: type[, type] -> (types)` into the three type slots (upstream `parseCustomDirectiveResults`). */
function parseResultsDirective(parser: OpAsmParser, args: readonly CustomDirectiveArg[], first: number): boolean {
  if (!parser.parseColon()) {
    return false
  }
  const t = parser.parseType()
  if (t === undefined) {
    return false
  }
  args[first]!.types = [t]
  if (parser.parseOptionalComma()) {
    const t2 = parser.parseType()
    if (t2 === undefined) {
      return false
    }
    args[first + 1]!.types = [t2]
  }
  if (!parser.parseArrow() || !parser.parseLParen()) {
    return false
  }
  const list = parser.parseTypeList()
  if (list === undefined) {
    return false
  }
  args[first + 2]!.types = list
  return parser.parseRParen()
}

function printResultsDirective(printer: OpAsmPrinter, args: readonly CustomDirectiveArg[], first: number): void {
  printer.print(' : ')
  printer.printType(args[first]!.types[0]!)
  const opt = args[first + 1]!.types[0]
  if (opt !== undefined) {
    printer.print(', ')
    printer.printType(opt)
  }
  printer.print(' -> (')
  printer.printTypes(args[first + 2]!.types)
  printer.print(')')
}

/** Upstream `parseCustomDirectiveOperands`: `%a[, %b] -> (%c, ...)`. */
const CustomDirectiveOperands: CustomDirective = {
  parse(parser, args) {
    const a = parser.parseOperand()
    if (a === undefined) {
      return false
    }
    args[0]!.operands = [a]
    if (parser.parseOptionalComma()) {
      const b = parser.parseOperand()
      if (b === undefined) {
        return false
      }
      args[1]!.operands = [b]
    }
    if (!parser.parseArrow() || !parser.parseLParen()) {
      return false
    }
    const list = parser.parseOperandList('none')
    if (list === undefined) {
      return false
    }
    args[2]!.operands = list
    return parser.parseRParen()
  },
  print(printer, _op, args) {
    printer.printOperand(args[0]!.values[0]!)
    const opt = args[1]!.values[0]
    if (opt !== undefined) {
      printer.print(', ')
      printer.printOperand(opt)
    }
    printer.print(' -> (')
    printer.printOperands(args[2]!.values)
    printer.print(')')
  },
}

const customDirectiveOps: OdsOp[] = [
  defineOp({
    name: 'test.format_custom_directive_operands',
    operands: { operand: I64, optOperand: optional(I64), varOperands: variadic(I64) },
    traits: Trait.AttrSizedOperandSegments,
    assemblyFormat: 'custom<CustomDirectiveOperands>($operand, $optOperand, $varOperands) attr-dict',
    customDirectives: { CustomDirectiveOperands },
  }),
  defineOp({
    name: 'test.format_custom_directive_operands_and_types',
    operands: { operand: AnyType, optOperand: optional(AnyType), varOperands: variadic(AnyType) },
    traits: Trait.AttrSizedOperandSegments,
    assemblyFormat:
      'custom<CustomDirectiveOperandsAndTypes>($operand, $optOperand, $varOperands, type($operand), type($optOperand), type($varOperands)) attr-dict',
    customDirectives: {
      CustomDirectiveOperandsAndTypes: {
        parse: (parser, args, state) => CustomDirectiveOperands.parse(parser, args, state) && parseResultsDirective(parser, args, 3),
        print(printer, op, args) {
          CustomDirectiveOperands.print(printer, op, args)
          printResultsDirective(printer, args, 3)
        },
      },
    },
  }),
  ...['test.format_custom_directive_results', 'test.format_custom_directive_results_with_type_refs'].map((name) =>
    defineOp({
      name,
      results: { result: AnyType, optResult: optional(AnyType), varResults: variadic(AnyType) },
      traits: Trait.AttrSizedResultSegments,
      assemblyFormat:
        'custom<CustomDirectiveResults>(type($result), type($optResult), type($varResults)) ' +
        (name.endsWith('refs') ? 'custom<CustomDirectiveWithTypeRefs>(ref(type($result)), ref(type($optResult)), ref(type($varResults))) ' : '') +
        'attr-dict',
      customDirectives: {
        CustomDirectiveResults: {
          parse: (parser, args) => parseResultsDirective(parser, args, 0),
          print: (printer, _op, args) => printResultsDirective(printer, args, 0),
        },
        CustomDirectiveWithTypeRefs: {
          parse(parser, args) {
            if (!parser.parseKeyword('type_refs_capture')) {
              return false
            }
            const mine = [0, 1, 2].map((i) => new CustomDirectiveArg('type', args[i]!.name, false, i > 0))
            if (!parseResultsDirective(parser, mine, 0)) {
              return false
            }
            return [0, 1, 2].every((i) => mine[i]!.types.length === args[i]!.types.length && mine[i]!.types.every((t, k) => t === args[i]!.types[k]))
          },
          print(printer, _op, args) {
            printer.print(' type_refs_capture ')
            printResultsDirective(printer, args, 0)
          },
        },
      },
    }),
  ),
  defineOp({
    name: 'test.format_custom_directive_regions',
    regions: { region: AnyRegion, other_regions: variadicRegion(AnyRegion) },
    assemblyFormat: 'custom<CustomDirectiveRegions>($region, $other_regions) attr-dict',
    customDirectives: {
      CustomDirectiveRegions: {
        parse(parser, args) {
          const r = new Region()
          if (!parser.parseRegion(r)) {
            return false
          }
          args[0]!.regions = [r]
          if (!parser.parseOptionalComma()) {
            return true
          }
          const r2 = new Region()
          if (!parser.parseRegion(r2)) {
            return false
          }
          args[1]!.regions = [r2]
          return true
        },
        print(printer, _op, args) {
          printer.printRegion(args[0]!.regions[0]!)
          if (args[1]!.regions.length > 0) {
            printer.print(', ')
            for (const r of args[1]!.regions) {
              printer.printRegion(r)
            }
          }
        },
      },
    },
  }),
  defineOp({
    name: 'test.format_custom_directive_successors',
    successors: { successor: AnySuccessor, successors: VariadicSuccessor },
    traits: Trait.IsTerminator,
    assemblyFormat: 'custom<CustomDirectiveSuccessors>($successor, $successors) attr-dict',
    customDirectives: {
      CustomDirectiveSuccessors: {
        parse(parser, args) {
          const b = parser.parseSuccessor()
          if (b === undefined) {
            return false
          }
          args[0]!.blocks = [b]
          if (!parser.parseOptionalComma()) {
            return true
          }
          const v = parser.parseSuccessor()
          if (v === undefined) {
            return false
          }
          args[1]!.blocks = [v, v]
          return true
        },
        print(printer, _op, args) {
          printer.printSuccessor(args[0]!.blocks[0]!)
          const v = args[1]!.blocks[0]
          if (v !== undefined) {
            printer.print(', ')
            printer.printSuccessor(v)
          }
        },
      },
    },
  }),
  defineOp({
    name: 'test.format_custom_directive_attributes',
    attributes: { attr: I64Attr, optAttr: optionalAttr(I64Attr) },
    assemblyFormat: 'custom<CustomDirectiveAttributes>($attr, $optAttr) attr-dict',
    customDirectives: {
      CustomDirectiveAttributes: {
        parse(parser, args) {
          const a = parser.parseAttribute()
          if (a === undefined) {
            return false
          }
          args[0]!.attr = a
          if (parser.parseOptionalComma()) {
            const b = parser.parseAttribute()
            if (b === undefined) {
              return false
            }
            args[1]!.attr = b
          }
          return true
        },
        print(printer, _op, args) {
          printer.printAttribute(args[0]!.attr!)
          if (args[1]!.attr !== null) {
            printer.print(', ')
            printer.printAttribute(args[1]!.attr)
          }
        },
      },
    },
  }),
  defineOp({
    name: 'test.format_custom_directive_attrdict',
    attributes: { attr: I64Attr, optAttr: optionalAttr(I64Attr) },
    assemblyFormat: 'custom<CustomDirectiveAttrDict>( attr-dict )',
    customDirectives: {
      CustomDirectiveAttrDict: {
        parse: (parser, args) => parser.parseOptionalAttrDict(args[0]!.attrs),
        print: (printer, _op, args) => printer.printOptionalAttrDict(args[0]!.attrs),
      },
    },
  }),
  defineOp({
    name: 'test.format_optional_prop_dict',
    attributes: {
      a: defaultValuedAttr(ArrayAttrC, (c) => ArrayAttr.get(c, [])),
      b: defaultValuedAttr(I32Attr, (c) => IntegerAttr.get(IntegerType.get(c, 32), 1)),
    },
    assemblyFormat: 'prop-dict attr-dict',
  }),
  defineOp({
    name: 'test.optional_custom_attr',
    attributes: { attr: optionalAttr(BoolAttrC) },
    assemblyFormat: 'attr-dict (custom<OptionalCustomParser>($attr)^) : (`bar`)?',
    customDirectives: {
      OptionalCustomParser: {
        parse: () => false,
        parseOptional(parser, args) {
          if (!parser.parseOptionalKeyword('foo')) {
            return null
          }
          const a = parser.parseAttribute()
          args[0]!.attr = a ?? null
          return a !== undefined
        },
        print(printer, _op, args) {
          printer.print('foo ')
          printer.printAttribute(args[0]!.attr!)
        },
      },
    },
  }),
  defineOp({ name: 'test.format_optional_enum_attr', attributes: { attr: optionalAttr(SomeI64Enum) }, assemblyFormat: '($attr^)? attr-dict' }),
]

const FormatTestDialect: DialectDefinition = { namespace: 'test', ops: [...fmtOps, ...customDirectiveOps], allowUnknownOperations: true }

/** A context with the builtin and format-test dialects and `moreDialects`, whose diagnostics' messages go to `diags`. */
function contextWithDiags(moreDialects: readonly DialectDefinition[] = []): { ctx: Context; diags: string[] } {
  const ctx = new Context({ dialects: [BuiltinDialect, FormatTestDialect, ...moreDialects] })
  const diags: string[] = []
  ctx.diagEngine.registerHandler((d: Diagnostic) => {
    diags.push(d.message)
    return true
  })
  return { ctx, diags }
}

function run(src: string, generic = false, moreDialects: readonly DialectDefinition[] = []): { out: string; diags: string[] } {
  const { ctx, diags } = contextWithDiags(moreDialects)
  const res = parseSourceString(src, ctx)
  if (res === null || !verify(res.op)) {
    ctx.diagEngine.flush()
    return { out: '', diags }
  }
  return { out: printOperation(res.op, { printGenericOpForm: generic }), diags }
}

const INPUT = `"test.holder"() ({
^bb0(%i64: i64, %mr: memref<1xf64>, %i32: i32):
  test.format_literal_op keyword_$. -> :, = <> () []( ) ? + * {
  } {foo.some_attr}
  test.format_attr_op 10
  test.format_opt_attr_op_a(10)
  test.format_opt_attr_op_a
  test.format_opt_attr_op_b 10
  test.format_opt_attr_op_b
  test.format_symbol_name_attr_op @name
  test.format_symbol_name_attr_op @"opt name"
  test.format_opt_symbol_name_attr_op @name
  test.format_opt_symbol_name_attr_op
  test.format_attr_dict_w_keyword attributes {attr = 10 : i64}
  test.format_attr_dict_w_keyword attributes {attr = 10 : i64, opt_attr = 10 : i64}
  %b = test.format_buildable_type_op %i64
  test.format_region_a_op {
    "test.return"() : () -> ()
  }
  test.format_region_b_op {
    "test.return"() : () -> ()
  }
  test.format_region_c_op region {
    "test.return"() : () -> ()
  }
  test.format_region_c_op
  test.format_variadic_region_a_op {
    "test.return"() : () -> ()
  }, {
    "test.return"() : () -> ()
  }
  test.format_variadic_region_b_op {
    "test.return"() : () -> ()
  }, {
    "test.return"() : () -> ()
  } found_regions
  test.format_variadic_region_b_op
  test.format_implicit_terminator_region_a_op {
  }
  test.format_implicit_terminator_region_a_op {
    "test.return"() {foo.attr} : () -> ()
  }
  test.format_implicit_terminator_region_a_op {
    "test.return"(%i64) : (i64) -> ()
  }
  %ba, %ra = test.format_result_a_op memref<1xf64>
  %bb, %rb = test.format_result_b_op i64, memref<1xf64>
  %bc, %rc = test.format_result_c_op (i64) -> memref<1xf64>
  %v:2 = test.format_variadic_result : i64, i64
  %m:5 = test.format_multiple_variadic_results : (i64, i64, i64), (i32, i32)
  test.format_operand_a_op %i64, %mr : i64, memref<1xf64>
  test.format_operand_b_op %i64, %mr : memref<1xf64>
  test.format_operand_c_op %i64, %mr : i64, memref<1xf64>
  test.format_operand_d_op %i64, %mr : memref<1xf64>
  test.format_operand_e_op %i64, %mr : i64, memref<1xf64>
  test.format_variadic_operand %i64, %i64, %i64 : i64, i64, i64
  test.format_multiple_variadic_operands (%i64, %i64, %i64), (%i64, %i32 : i64, i32)
  %o1 = test.format_optional_operand_result_a_op(%i64 : i64) : i64
  test.format_optional_operand_result_a_op( : ) :
  test.format_optional_operand_result_a_op(%i64 : i64) : [%i64, %i64]
  test.format_optional_operand_result_b_op(%i64 : i64) :
  test.format_optional_operand_result_b_op : [%i64, %i64]
  %ora:3 = test.format_optional_result_a_op : i64 -> i64, i64
  test.format_optional_result_a_op
  %orb:3 = test.format_optional_result_b_op : i64 -> i64, i64
  %orc:3 = test.format_optional_result_c_op : (i64) -> (i64, i64)
  %ord = test.format_optional_result_d_op : f80
  test.format_optional_result_d_op
  test.format_two_variadic_operands_no_buildable_type_op(%i64, %i32 : i64, i32) -> (%mr : memref<1xf64>)
  %t = test.format_infer_variadic_type_from_non_variadic %i64, %i64 : i64
  test.format_optional_unit_attribute is_optional
  test.format_optional_unit_attribute
  test.format_optional_unit_attribute_no_elide unit
  test.format_optional_else then
  test.format_optional_else else
  test.ellipsis(%i64, %i64 ...) : i64, i64 ...
  test.ellipsis(%i64) : i64 ...
  test.else_anchor(?)
  test.else_anchor(%i64 : i64)
  test.format_literal_following_optional_group(5 : i32) : i64
  test.format_literal_following_optional_group : i64
  %at = test.format_all_types_match_var %i64, %i64 : i64
  %aa = test.format_all_types_match_attr 1 : i64, %i64
  %tm = test.format_types_match_var %i64 : i64
  %tma = test.format_types_match_attr 1 : i64
  %tmc = test.format_types_match_context %i64 : i64
  %it = test.format_infer_type
  %ia:2 = test.format_infer_type_all_operands_and_types(%i64, %i32) : i64, i32
  %iv:3 = test.format_infer_type_variadic_operands(%i32, %i32 : i32, i32) (%i64 : i64)
  test.format_optional_default_attrs "foo" @foo case10
  test.format_optional_default_attrs "foo" @foo
  test.format_optional_default_attrs "default" @default
}) : () -> ()
"test.holder"() ({
  test.format_successor_a_op ^bb1, ^bb2 {attr}
^bb1:
  test.format_successor_a_op ^bb2
^bb2:
  test.format_successor_a_op
}) : () -> ()
`

// Output of mlir-opt (MLIR 22) on INPUT with its test dialect (without the final blank line).
const EXPECTED = `module {
  "test.holder"() ({
  ^bb0(%arg0: i64, %arg1: memref<1xf64>, %arg2: i32):
    test.format_literal_op keyword_$. -> :, = <> () []( ) ? + * {
    } {foo.some_attr}
    test.format_attr_op 10
    test.format_opt_attr_op_a(10)
    test.format_opt_attr_op_a
    test.format_opt_attr_op_b 10
    test.format_opt_attr_op_b
    test.format_symbol_name_attr_op @name
    test.format_symbol_name_attr_op @"opt name"
    test.format_opt_symbol_name_attr_op @name
    test.format_opt_symbol_name_attr_op
    test.format_attr_dict_w_keyword attributes {attr = 10 : i64}
    test.format_attr_dict_w_keyword attributes {attr = 10 : i64, opt_attr = 10 : i64}
    %0 = test.format_buildable_type_op %arg0
    test.format_region_a_op {
      "test.return"() : () -> ()
    }
    test.format_region_b_op {
      "test.return"() : () -> ()
    }
    test.format_region_c_op region {
      "test.return"() : () -> ()
    }
    test.format_region_c_op
    test.format_variadic_region_a_op {
      "test.return"() : () -> ()
    }, {
      "test.return"() : () -> ()
    }
    test.format_variadic_region_b_op {
      "test.return"() : () -> ()
    }, {
      "test.return"() : () -> ()
    } found_regions
    test.format_variadic_region_b_op
    test.format_implicit_terminator_region_a_op {
    }
    test.format_implicit_terminator_region_a_op {
      "test.return"() {foo.attr} : () -> ()
    }
    test.format_implicit_terminator_region_a_op {
      "test.return"(%arg0) : (i64) -> ()
    }
    %buildable_res, %result = test.format_result_a_op memref<1xf64>
    %buildable_res_0, %result_1 = test.format_result_b_op i64, memref<1xf64>
    %buildable_res_2, %result_3 = test.format_result_c_op (i64) -> memref<1xf64>
    %1:2 = test.format_variadic_result : i64, i64
    %result0:3, %result1:2 = test.format_multiple_variadic_results : (i64, i64, i64), (i32, i32)
    test.format_operand_a_op %arg0, %arg1 : i64, memref<1xf64>
    test.format_operand_b_op %arg0, %arg1 : memref<1xf64>
    test.format_operand_c_op %arg0, %arg1 : i64, memref<1xf64>
    test.format_operand_d_op %arg0, %arg1 : memref<1xf64>
    test.format_operand_e_op %arg0, %arg1 : i64, memref<1xf64>
    test.format_variadic_operand %arg0, %arg0, %arg0 : i64, i64, i64
    test.format_multiple_variadic_operands (%arg0, %arg0, %arg0), (%arg0, %arg2 : i64, i32)
    %2 = test.format_optional_operand_result_a_op(%arg0 : i64) : i64
    test.format_optional_operand_result_a_op( : ) : 
    test.format_optional_operand_result_a_op(%arg0 : i64) : [%arg0, %arg0]
    test.format_optional_operand_result_b_op(%arg0 : i64) : 
    test.format_optional_operand_result_b_op : [%arg0, %arg0]
    %optional, %variadic:2 = test.format_optional_result_a_op : i64 -> i64, i64
    test.format_optional_result_a_op
    %optional_4, %variadic_5:2 = test.format_optional_result_b_op : i64 -> i64, i64
    %optional_6, %variadic_7:2 = test.format_optional_result_c_op : (i64) -> (i64, i64)
    %3 = test.format_optional_result_d_op : f80
    test.format_optional_result_d_op
    test.format_two_variadic_operands_no_buildable_type_op(%arg0, %arg2 : i64, i32) -> (%arg1 : memref<1xf64>)
    %4 = test.format_infer_variadic_type_from_non_variadic %arg0, %arg0 : i64
    test.format_optional_unit_attribute is_optional
    test.format_optional_unit_attribute
    test.format_optional_unit_attribute_no_elide unit
    test.format_optional_else then
    test.format_optional_else else
    test.ellipsis(%arg0, %arg0 ...) : i64, i64 ...
    test.ellipsis(%arg0) : i64 ...
    test.else_anchor(?)
    test.else_anchor(%arg0 : i64)
    test.format_literal_following_optional_group(5 : i32) : i64
    test.format_literal_following_optional_group : i64
    %5 = test.format_all_types_match_var %arg0, %arg0 : i64
    %6 = test.format_all_types_match_attr 1 : i64, %arg0
    %7 = test.format_types_match_var %arg0 : i64
    %8 = test.format_types_match_attr 1 : i64
    %9 = test.format_types_match_context %arg0 : i64
    %10 = test.format_infer_type
    %11:2 = test.format_infer_type_all_operands_and_types(%arg0, %arg2) : i64, i32
    %12:3 = test.format_infer_type_variadic_operands(%arg2, %arg2 : i32, i32) (%arg0 : i64)
    test.format_optional_default_attrs "foo" @foo case10
    test.format_optional_default_attrs "foo" @foo
    test.format_optional_default_attrs
  }) : () -> ()
  "test.holder"() ({
    test.format_successor_a_op ^bb1, ^bb2 {attr}
  ^bb1:  // pred: ^bb0
    test.format_successor_a_op ^bb2
  ^bb2:  // 2 preds: ^bb0, ^bb1
    test.format_successor_a_op 
  }) : () -> ()
}
`

// Output of mlir-opt --mlir-print-op-generic on INPUT.
const EXPECTED_GENERIC = `"builtin.module"() ({
  "test.holder"() ({
  ^bb0(%arg0: i64, %arg1: memref<1xf64>, %arg2: i32):
    "test.format_literal_op"() {foo.some_attr} : () -> ()
    "test.format_attr_op"() <{attr = 10 : i64}> : () -> ()
    "test.format_opt_attr_op_a"() <{opt_attr = 10 : i64}> : () -> ()
    "test.format_opt_attr_op_a"() : () -> ()
    "test.format_opt_attr_op_b"() <{opt_attr = 10 : i64}> : () -> ()
    "test.format_opt_attr_op_b"() : () -> ()
    "test.format_symbol_name_attr_op"() <{attr = "name"}> : () -> ()
    "test.format_symbol_name_attr_op"() <{attr = "opt name"}> : () -> ()
    "test.format_opt_symbol_name_attr_op"() <{opt_attr = "name"}> : () -> ()
    "test.format_opt_symbol_name_attr_op"() : () -> ()
    "test.format_attr_dict_w_keyword"() <{attr = 10 : i64}> : () -> ()
    "test.format_attr_dict_w_keyword"() <{attr = 10 : i64, opt_attr = 10 : i64}> : () -> ()
    %0 = "test.format_buildable_type_op"(%arg0) : (i64) -> i64
    "test.format_region_a_op"() ({
      "test.return"() : () -> ()
    }) : () -> ()
    "test.format_region_b_op"() ({
      "test.return"() : () -> ()
    }) : () -> ()
    "test.format_region_c_op"() ({
      "test.return"() : () -> ()
    }) : () -> ()
    "test.format_region_c_op"() ({
    }) : () -> ()
    "test.format_variadic_region_a_op"() ({
      "test.return"() : () -> ()
    }, {
      "test.return"() : () -> ()
    }) : () -> ()
    "test.format_variadic_region_b_op"() ({
      "test.return"() : () -> ()
    }, {
      "test.return"() : () -> ()
    }) : () -> ()
    "test.format_variadic_region_b_op"() : () -> ()
    "test.format_implicit_terminator_region_a_op"() ({
      "test.return"() : () -> ()
    }) : () -> ()
    "test.format_implicit_terminator_region_a_op"() ({
      "test.return"() {foo.attr} : () -> ()
    }) : () -> ()
    "test.format_implicit_terminator_region_a_op"() ({
      "test.return"(%arg0) : (i64) -> ()
    }) : () -> ()
    %1:2 = "test.format_result_a_op"() : () -> (i64, memref<1xf64>)
    %2:2 = "test.format_result_b_op"() : () -> (i64, memref<1xf64>)
    %3:2 = "test.format_result_c_op"() : () -> (i64, memref<1xf64>)
    %4:2 = "test.format_variadic_result"() : () -> (i64, i64)
    %5:5 = "test.format_multiple_variadic_results"() <{resultSegmentSizes = array<i32: 3, 2>}> : () -> (i64, i64, i64, i32, i32)
    "test.format_operand_a_op"(%arg0, %arg1) : (i64, memref<1xf64>) -> ()
    "test.format_operand_b_op"(%arg0, %arg1) : (i64, memref<1xf64>) -> ()
    "test.format_operand_c_op"(%arg0, %arg1) : (i64, memref<1xf64>) -> ()
    "test.format_operand_d_op"(%arg0, %arg1) : (i64, memref<1xf64>) -> ()
    "test.format_operand_e_op"(%arg0, %arg1) : (i64, memref<1xf64>) -> ()
    "test.format_variadic_operand"(%arg0, %arg0, %arg0) : (i64, i64, i64) -> ()
    "test.format_multiple_variadic_operands"(%arg0, %arg0, %arg0, %arg0, %arg2) <{operandSegmentSizes = array<i32: 3, 2>}> : (i64, i64, i64, i64, i32) -> ()
    %6 = "test.format_optional_operand_result_a_op"(%arg0) <{operandSegmentSizes = array<i32: 1, 0>}> : (i64) -> i64
    "test.format_optional_operand_result_a_op"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> ()
    "test.format_optional_operand_result_a_op"(%arg0, %arg0, %arg0) <{operandSegmentSizes = array<i32: 1, 2>}> : (i64, i64, i64) -> ()
    "test.format_optional_operand_result_b_op"(%arg0) <{operandSegmentSizes = array<i32: 1, 0>}> : (i64) -> ()
    "test.format_optional_operand_result_b_op"(%arg0, %arg0) <{operandSegmentSizes = array<i32: 0, 2>}> : (i64, i64) -> ()
    %7:3 = "test.format_optional_result_a_op"() <{resultSegmentSizes = array<i32: 1, 2>}> : () -> (i64, i64, i64)
    "test.format_optional_result_a_op"() <{resultSegmentSizes = array<i32: 0, 0>}> : () -> ()
    %8:3 = "test.format_optional_result_b_op"() <{resultSegmentSizes = array<i32: 1, 2>}> : () -> (i64, i64, i64)
    %9:3 = "test.format_optional_result_c_op"() <{resultSegmentSizes = array<i32: 1, 2>}> : () -> (i64, i64, i64)
    %10 = "test.format_optional_result_d_op"() : () -> f80
    "test.format_optional_result_d_op"() : () -> ()
    "test.format_two_variadic_operands_no_buildable_type_op"(%arg0, %arg2, %arg1) <{operandSegmentSizes = array<i32: 2, 1>}> : (i64, i32, memref<1xf64>) -> ()
    %11 = "test.format_infer_variadic_type_from_non_variadic"(%arg0, %arg0) : (i64, i64) -> i64
    "test.format_optional_unit_attribute"() <{is_optional}> : () -> ()
    "test.format_optional_unit_attribute"() : () -> ()
    "test.format_optional_unit_attribute_no_elide"() <{is_optional}> : () -> ()
    "test.format_optional_else"() <{isFirstBranchPresent}> : () -> ()
    "test.format_optional_else"() : () -> ()
    "test.ellipsis"(%arg0, %arg0) <{variadic}> : (i64, i64) -> ()
    "test.ellipsis"(%arg0) : (i64) -> ()
    "test.else_anchor"() : () -> ()
    "test.else_anchor"(%arg0) : (i64) -> ()
    "test.format_literal_following_optional_group"() <{type = i64, value = 5 : i32}> : () -> ()
    "test.format_literal_following_optional_group"() <{type = i64}> : () -> ()
    %12 = "test.format_all_types_match_var"(%arg0, %arg0) : (i64, i64) -> i64
    %13 = "test.format_all_types_match_attr"(%arg0) <{value1 = 1 : i64}> : (i64) -> i64
    %14 = "test.format_types_match_var"(%arg0) : (i64) -> i64
    %15 = "test.format_types_match_attr"() <{value = 1 : i64}> : () -> i64
    %16 = "test.format_types_match_context"(%arg0) : (i64) -> tuple<i64>
    %17 = "test.format_infer_type"() : () -> i16
    %18:2 = "test.format_infer_type_all_operands_and_types"(%arg0, %arg2) : (i64, i32) -> (i64, i32)
    %19:3 = "test.format_infer_type_variadic_operands"(%arg2, %arg2, %arg0) <{operandSegmentSizes = array<i32: 2, 1>}> : (i32, i32, i64) -> (i32, i32, i64)
    "test.format_optional_default_attrs"() <{e = 10 : i64, str = "foo", sym = "foo"}> : () -> ()
    "test.format_optional_default_attrs"() <{e = 5 : i64, str = "foo", sym = "foo"}> : () -> ()
    "test.format_optional_default_attrs"() <{e = 5 : i64, str = "default", sym = "default"}> : () -> ()
  }) : () -> ()
  "test.holder"() ({
    "test.format_successor_a_op"()[^bb1, ^bb2] {attr} : () -> ()
  ^bb1:  // pred: ^bb0
    "test.format_successor_a_op"()[^bb2] : () -> ()
  ^bb2:  // 2 preds: ^bb0, ^bb1
    "test.format_successor_a_op"() : () -> ()
  }) : () -> ()
}) : () -> ()
`

/** Replaces numbered values (`%3`, `%arg7`) by `%_` (generic numbering differs between printers). */
function renumber(text: string): string {
  return text.replace(/%(arg)?[0-9]+/g, '%_')
}

const CUSTOM_INPUT = `"test.holder"() ({
^bb0(%i64: i64, %i32: i32):
  test.format_custom_directive_operands %i64, %i64 -> (%i64)
  test.format_custom_directive_operands %i64 -> (%i64, %i64)
  test.format_custom_directive_operands %i64 -> ()
  test.format_custom_directive_operands_and_types %i64, %i32 -> (%i64) : i64, i32 -> (i64)
  test.format_custom_directive_operands_and_types %i64 -> (%i32) : i64 -> (i32)
  %r:3 = test.format_custom_directive_results : i64, i32 -> (i32)
  %s:2 = test.format_custom_directive_results : i64 -> (i32) {foo.x}
  %t:3 = test.format_custom_directive_results_with_type_refs : i64, i32 -> (i32) type_refs_capture : i64, i32 -> (i32)
  test.format_custom_directive_regions {
    "test.return"() : () -> ()
  }
  test.format_custom_directive_regions {
    "test.return"() : () -> ()
  }, {
    "test.return"() : () -> ()
  }
  test.format_custom_directive_attributes 54 : i64
  test.format_custom_directive_attributes 54 : i64, 46 : i64
  test.format_custom_directive_attrdict {attr = 54 : i64, foo.x}
  test.format_custom_directive_attrdict {attr = 54 : i64, optAttr = 46 : i64}
  test.format_custom_directive_with_optional_operand_ref %i64 : 1
  test.format_custom_directive_with_optional_operand_ref : 0
  test.format_optional_enum_attr case5
  test.format_optional_enum_attr
  test.format_optional_enum_attr "case10"
  "test.return"() : () -> ()
}) : () -> ()
"test.holder"() ({
  test.format_custom_directive_successors ^bb1, ^bb2
^bb1:
  test.format_custom_directive_successors ^bb2
^bb2:
  "test.return"() : () -> ()
}) : () -> ()
`

// Output of mlir-opt (MLIR 22) on CUSTOM_INPUT.
const CUSTOM_EXPECTED = `module {
  "test.holder"() ({
  ^bb0(%arg0: i64, %arg1: i32):
    test.format_custom_directive_operands %arg0, %arg0 -> (%arg0)
    test.format_custom_directive_operands %arg0 -> (%arg0, %arg0)
    test.format_custom_directive_operands %arg0 -> ()
    test.format_custom_directive_operands_and_types %arg0, %arg1 -> (%arg0) : i64, i32 -> (i64)
    test.format_custom_directive_operands_and_types %arg0 -> (%arg1) : i64 -> (i32)
    %result, %optResult, %varResults = test.format_custom_directive_results  : i64, i32 -> (i32)
    %result_0, %varResults_1 = test.format_custom_directive_results  : i64 -> (i32) {foo.x}
    %result_2, %optResult_3, %varResults_4 = test.format_custom_directive_results_with_type_refs  : i64, i32 -> (i32)  type_refs_capture  : i64, i32 -> (i32)
    test.format_custom_directive_regions {
      "test.return"() : () -> ()
    }
    test.format_custom_directive_regions {
      "test.return"() : () -> ()
    }, {
      "test.return"() : () -> ()
    }
    test.format_custom_directive_attributes 54 : i64
    test.format_custom_directive_attributes 54 : i64, 46 : i64
    test.format_custom_directive_attrdict  {attr = 54 : i64, foo.x}
    test.format_custom_directive_attrdict  {attr = 54 : i64, optAttr = 46 : i64}
    test.format_custom_directive_with_optional_operand_ref %arg0 : 1
    test.format_custom_directive_with_optional_operand_ref : 0
    test.format_optional_enum_attr case5
    test.format_optional_enum_attr
    test.format_optional_enum_attr case10
    "test.return"() : () -> ()
  }) : () -> ()
  "test.holder"() ({
    test.format_custom_directive_successors ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    test.format_custom_directive_successors ^bb2
  ^bb2:  // 3 preds: ^bb0, ^bb0, ^bb1
    "test.return"() : () -> ()
  }) : () -> ()
}
`

// Output of mlir-opt --mlir-print-op-generic on CUSTOM_INPUT.
const CUSTOM_EXPECTED_GENERIC = `"builtin.module"() ({
  "test.holder"() ({
  ^bb0(%arg0: i64, %arg1: i32):
    "test.format_custom_directive_operands"(%arg0, %arg0, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, i64, i64) -> ()
    "test.format_custom_directive_operands"(%arg0, %arg0, %arg0) <{operandSegmentSizes = array<i32: 1, 0, 2>}> : (i64, i64, i64) -> ()
    "test.format_custom_directive_operands"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i64) -> ()
    "test.format_custom_directive_operands_and_types"(%arg0, %arg1, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (i64, i32, i64) -> ()
    "test.format_custom_directive_operands_and_types"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i64, i32) -> ()
    %0:3 = "test.format_custom_directive_results"() <{resultSegmentSizes = array<i32: 1, 1, 1>}> : () -> (i64, i32, i32)
    %1:2 = "test.format_custom_directive_results"() <{resultSegmentSizes = array<i32: 1, 0, 1>}> {foo.x} : () -> (i64, i32)
    %2:3 = "test.format_custom_directive_results_with_type_refs"() <{resultSegmentSizes = array<i32: 1, 1, 1>}> : () -> (i64, i32, i32)
    "test.format_custom_directive_regions"() ({
      "test.return"() : () -> ()
    }) : () -> ()
    "test.format_custom_directive_regions"() ({
      "test.return"() : () -> ()
    }, {
      "test.return"() : () -> ()
    }) : () -> ()
    "test.format_custom_directive_attributes"() <{attr = 54 : i64}> : () -> ()
    "test.format_custom_directive_attributes"() <{attr = 54 : i64, optAttr = 46 : i64}> : () -> ()
    "test.format_custom_directive_attrdict"() <{attr = 54 : i64}> {foo.x} : () -> ()
    "test.format_custom_directive_attrdict"() <{attr = 54 : i64, optAttr = 46 : i64}> : () -> ()
    "test.format_custom_directive_with_optional_operand_ref"(%arg0) : (i64) -> ()
    "test.format_custom_directive_with_optional_operand_ref"() : () -> ()
    "test.format_optional_enum_attr"() <{attr = 5 : i64}> : () -> ()
    "test.format_optional_enum_attr"() : () -> ()
    "test.format_optional_enum_attr"() <{attr = 10 : i64}> : () -> ()
    "test.return"() : () -> ()
  }) : () -> ()
  "test.holder"() ({
    "test.format_custom_directive_successors"()[^bb1, ^bb2, ^bb2] : () -> ()
  ^bb1:  // pred: ^bb0
    "test.format_custom_directive_successors"()[^bb2] : () -> ()
  ^bb2:  // 3 preds: ^bb0, ^bb0, ^bb1
    "test.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`

describe('custom directives against mlir-opt test-dialect ops', () => {
  it('parses and prints as mlir-opt', () => {
    const { out, diags } = run(CUSTOM_INPUT)
    expect(diags).toEqual([])
    expect(out).toBe(CUSTOM_EXPECTED)
  })
  it('builds the same operations (generic form)', () => {
    const { out, diags } = run(CUSTOM_INPUT, true)
    expect(diags).toEqual([])
    expect(renumber(out)).toBe(renumber(CUSTOM_EXPECTED_GENERIC))
  })
})

describe('assembly formats against mlir-opt test-dialect ops', () => {
  it('parses and prints every custom form as mlir-opt', () => {
    const { out, diags } = run(INPUT)
    expect(diags).toEqual([])
    expect(out).toBe(EXPECTED)
  })
  it('builds the same operations (generic form)', () => {
    const { out, diags } = run(INPUT, true)
    expect(diags).toEqual([])
    expect(renumber(out)).toBe(renumber(EXPECTED_GENERIC))
  })
  it('round-trips its own output', () => {
    expect(run(EXPECTED).out).toBe(EXPECTED)
  })
})

// Invalid ops and the first error mlir-opt (MLIR 22) reports for each (null: valid).
const VERIFY_CASES: [string, string | null][] = [
  ["\"test.format_attr_op\"() {attr = \"x\"} : () -> ()", "'test.format_attr_op' op attribute 'attr' failed to satisfy constraint: 64-bit signless integer attribute"],
  ["\"test.format_symbol_name_attr_op\"() {attr = 1} : () -> ()", "'test.format_symbol_name_attr_op' op attribute 'attr' failed to satisfy constraint: string attribute"],
  ["%0 = \"test.format_optional_result_d_op\"() : () -> (f32)", "'test.format_optional_result_d_op' op result #0 must be 80-bit float, but got 'f32'"],
  ["%0:2 = \"test.format_optional_result_d_op\"() : () -> (f80, f80)", "'test.format_optional_result_d_op' op result group starting at #0 requires 0 or 1 element, but found 2"],
  ["\"test.format_variadic_operand\"() : () -> ()", null],
  ["%a = \"test.x\"() : () -> i32\n\"test.format_variadic_operand\"(%a) : (i32) -> ()", "'test.format_variadic_operand' op operand #0 must be variadic of 64-bit signless integer, but got 'i32'"],
  ["%a = \"test.x\"() : () -> i64\n\"test.format_optional_operand_result_b_op\"(%a, %a) {operandSegmentSizes = array<i32: 2, 0>} : (i64, i64) -> ()", "'test.format_optional_operand_result_b_op' op operand group starting at #0 requires 0 or 1 element, but found 2"],
  ["%a = \"test.x\"() : () -> i64\n\"test.format_optional_operand_result_b_op\"(%a, %a) {operandSegmentSizes = array<i32: -1, 3>} : (i64, i64) -> ()", "'test.format_optional_operand_result_b_op' op 'operandSegmentSizes' attribute cannot have negative elements"],
  ["\"test.format_successor_a_op\"() : () -> ()", null],
  ["%a = \"test.x\"() : () -> i64\n%b = \"test.x\"() : () -> i32\n%0 = \"test.format_all_types_match_var\"(%a, %b) : (i64, i32) -> i64", "'test.format_all_types_match_var' op failed to verify that all of {value1, value2, result} have same type"],
  ["%a = \"test.x\"() : () -> i64\n%0 = \"test.format_types_match_var\"(%a) : (i64) -> i32", "'test.format_types_match_var' op failed to verify that result type matches operand"],
  ["\"test.format_opt_attr_op_a\"() {opt_attr = 1 : i32} : () -> ()", "'test.format_opt_attr_op_a' op attribute 'opt_attr' failed to satisfy constraint: 64-bit signless integer attribute"],
  ["%a = \"test.x\"() : () -> i64\n\"test.format_operand_a_op\"(%a) : (i64) -> ()", "'test.format_operand_a_op' op expected 2 operands, but found 1"],
  ["%a = \"test.x\"() : () -> i64\n\"test.format_custom_directive_operands\"(%a) : (i64) -> ()", "'test.format_custom_directive_operands' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'"],
]

describe('generated verifiers against mlir-opt', () => {
  for (const [src, expected] of VERIFY_CASES) {
    it(expected ?? `accepts ${src.split('\n').pop()!}`, () => {
      const { diags } = run(src)
      expect(diags[0] ?? null).toBe(expected)
    })
  }
})

describe('prop-dict against mlir-opt', () => {
  const input = `"test.h"() ({
  test.format_optional_prop_dict <{a = ["foo"]}>
  test.format_optional_prop_dict <{b = 2 : i32}>
  test.format_optional_prop_dict <{a = ["x"], b = 1 : i32}> {foo.x}
  test.format_optional_prop_dict
}) : () -> ()
`
  it('prints non-default properties in <{...}> as mlir-opt', () => {
    expect(run(input).out).toBe(`module {
  "test.h"() ({
    test.format_optional_prop_dict <{a = ["foo"]}>
    test.format_optional_prop_dict <{b = 2 : i32}>
    test.format_optional_prop_dict <{a = ["x"]}> {foo.x}
    test.format_optional_prop_dict 
  }) : () -> ()
}
`)
  })
  it('fills defaults like mlir-opt (generic form)', () => {
    expect(renumber(run(input, true).out)).toBe(renumber(`"builtin.module"() ({
  "test.h"() ({
    "test.format_optional_prop_dict"() <{a = ["foo"], b = 1 : i32}> : () -> ()
    "test.format_optional_prop_dict"() <{a = [], b = 2 : i32}> : () -> ()
    "test.format_optional_prop_dict"() <{a = ["x"], b = 1 : i32}> {foo.x} : () -> ()
    "test.format_optional_prop_dict"() <{a = [], b = 1 : i32}> : () -> ()
  }) : () -> ()
}) : () -> ()
`))
  })
})

describe('optional group anchored on a custom directive', () => {
  const input = '"test.h"() ({\n  test.optional_custom_attr foo false\n  test.optional_custom_attr bar\n}) : () -> ()\n'
  it('parses and prints as mlir-opt', () => {
    // Output of mlir-opt (MLIR 22) on `input`.
    expect(run(input).out).toBe('module {\n  "test.h"() ({\n    test.optional_custom_attr foo false\n    test.optional_custom_attr bar\n  }) : () -> ()\n}\n')
    expect(run(input, true).out).toContain('"test.optional_custom_attr"() <{attr = false}> : () -> ()\n    "test.optional_custom_attr"() : () -> ()')
  })
})

describe('parse states and print contexts reused from op to op', () => {
  const pair = defineOp({
    name: 'nest.pair',
    operands: { lhs: AnyType, rhs: AnyType },
    results: { result: AnyType },
    attributes: { tag: optionalAttr(I64Attr) },
    regions: { body: AnyRegion },
    traits: Trait.NoTerminator,
    allTypesMatch: [['lhs', 'rhs', 'result']],
    assemblyFormat: '$lhs `,` $rhs (`tag` $tag^)? $body attr-dict `:` type($lhs)',
  })
  const NestDialect: DialectDefinition = { namespace: 'nest', ops: [pair] }
  const parsePrint = (src: string, generic: boolean): { out: string; diags: string[] } => run(src, generic, [NestDialect])
  // Each op of the format is parsed while the one around it is not finished: their
  // operands, types and attributes must stay apart.
  const input = `"test.holder"() ({
^bb0(%a: i32, %b: i64):
  %0 = nest.pair %a, %a tag 1 {
    %1 = nest.pair %b, %b {
      %2 = nest.pair %a, %0 tag 3 {
      } : i32
    } : i64
  } : i32
  %3 = nest.pair %0, %a {
  } : i32
}) : () -> ()
`

  it('keeps the operands, types and attributes of nested ops of one format apart', () => {
    const generic = parsePrint(input, true)
    expect(generic.diags).toEqual([])
    const lines = generic.out.split('\n').filter((l) => l.includes('"nest.pair"'))
    expect(lines.map((l) => l.trim())).toEqual([
      '%0 = "nest.pair"(%arg0, %arg0) <{tag = 1 : i64}> ({',
      '%2 = "nest.pair"(%arg1, %arg1) ({',
      '%3 = "nest.pair"(%arg0, %0) <{tag = 3 : i64}> ({',
      '%1 = "nest.pair"(%0, %arg0) ({',
    ])
    expect(generic.out).toContain('}) : (i64, i64) -> i64')
  })

  it('prints nested ops of one format as parsed, and parses what it prints', () => {
    const custom = parsePrint(input, false)
    expect(custom.diags).toEqual([])
    expect(custom.out).toContain('%0 = nest.pair %arg0, %arg0 tag 1 {\n')
    expect(custom.out).toContain('nest.pair %arg1, %arg1 {\n')
    expect(custom.out).toContain('} : i64\n')
    expect(parsePrint(custom.out, false).out).toBe(custom.out)
  })

  it('parses correctly after an op of the format failed', () => {
    const bad = parsePrint('"test.holder"() ({\n^bb0(%a: i32, %b: i64):\n  %0 = nest.pair %a, %b {\n  } : i32\n}) : () -> ()\n', false)
    expect(bad.out).toBe('')
    expect(bad.diags).toEqual(["use of value '%b' expects different type than prior uses: 'i32' vs 'i64'"])
    expect(parsePrint(input, false).diags).toEqual([])
  })
})

describe('`operands` with an optional group of their types', () => {
  it('parses and prints no operands without types, as mlir-opt prints transform.yield', () => {
    const input = '"test.h"() ({\n^bb0(%x: i32):\n  test.format_operands_optional_types\n  test.format_operands_optional_types %x : i32\n}) : () -> ()\n'
    const r = run(input)
    expect(r.diags).toEqual([])
    expect(r.out).toBe('module {\n  "test.h"() ({\n  ^bb0(%arg0: i32):\n    test.format_operands_optional_types \n    test.format_operands_optional_types %arg0 : i32\n  }) : () -> ()\n}\n')
  })
})

describe('default-valued optional attributes', () => {
  it('elide the default when printing and are not added when absent', () => {
    const input = '"test.h"() ({\n  test.default_valued_optional {v = 7}\n  test.default_valued_optional {v = 8}\n  test.default_valued_optional\n}) : () -> ()\n'
    expect(run(input).out).toBe('module {\n  "test.h"() ({\n    test.default_valued_optional\n    test.default_valued_optional {v = 8 : i64}\n    test.default_valued_optional\n  }) : () -> ()\n}\n')
    expect(run(input, true).out).toContain('"test.default_valued_optional"() <{v = 7 : i64}> : () -> ()\n    "test.default_valued_optional"() <{v = 8 : i64}> : () -> ()\n    "test.default_valued_optional"() : () -> ()')
  })
})

describe('formats compiled to a parser and a printer', () => {
  const binary = defineOp({
    name: 'cf_test.add',
    operands: { lhs: AnyType, rhs: AnyType },
    results: { result: AnyType },
    attributes: { exact: optionalAttr(UnitAttrC) },
    traits: Trait.SameOperandsAndResultType,
    assemblyFormat: '$lhs `,` $rhs (`exact` $exact^)? attr-dict `:` type($result)',
  })
  // The operand's type comes from the result's through a transform (no type of the
  // operand in the format), and the checks of mlir-tblgen's parser run first.
  const widen = defineOp({
    name: 'cf_test.widen',
    operands: { value: AnyType },
    results: { result: I64 },
    typesMatchWith: [{ from: 'result', to: 'value', transform: (t: Type) => IntegerType.get(t.context, 32), summary: 'operand is i32' }],
    assemblyFormat: '$value attr-dict `:` type($result)',
  })
  const inferred = defineOp({
    name: 'cf_test.same',
    operands: { value: I32 },
    results: { result: AnyType },
    inferResultTypes: (state: OperationState) => (state.attributes.some((a) => a.name === 'fail') ? undefined : [state.operands[0]!.type]),
    assemblyFormat: '$value attr-dict',
  })
  const ret = defineOp({
    name: 'cf_test.ret',
    operands: { args: variadic(AnyType) },
    traits: Trait.IsTerminator,
    assemblyFormat: 'attr-dict ($args^ `:` type($args))?',
  })
  const dialect: DialectDefinition = { namespace: 'cf_test', ops: [binary, widen, inferred, ret] }
  const input = `"test.holder"() ({
^bb0(%a: i32, %b: i64):
  %0 = cf_test.add %a, %a exact : i32
  %1 = cf_test.add %b, %b : i64
  %2 = cf_test.widen %a : i64
  %3 = cf_test.same %a
  cf_test.ret %a, %b : i32, i64
}) : () -> ()
`

  it('compiles the format once, on first use, and keeps both on the format', () => {
    const fmt = binary.format!
    expect(fmt.parser).toBeNull()
    expect(fmt.printer).toBeNull()
    run(input, false, [dialect])
    const parser = fmt.parser
    const printer = fmt.printer
    expect(parser).toBeTypeOf('function')
    expect(printer).toBeTypeOf('function')
    run(input, false, [dialect])
    expect(fmt.parser).toBe(parser)
    expect(fmt.printer).toBe(printer)
  })

  it('parses and prints as the format says, types resolved from the format', () => {
    const { out, diags } = run(input, false, [dialect])
    expect(diags).toEqual([])
    expect(out).toContain('%0 = cf_test.add %arg0, %arg0 exact : i32\n')
    expect(out).toContain('%1 = cf_test.add %arg1, %arg1 : i64\n')
    expect(out).toContain('%2 = cf_test.widen %arg0 : i64\n')
    expect(out).toContain('%3 = cf_test.same %arg0\n')
    expect(out).toContain('cf_test.ret %arg0, %arg1 : i32, i64\n')
    const generic = run(input, true, [dialect]).out
    expect(generic).toContain('%0 = "cf_test.add"(%arg0, %arg0) <{exact}> : (i32, i32) -> i32')
    expect(generic).toContain('%2 = "cf_test.widen"(%arg0) : (i32) -> i64')
    expect(generic).toContain('%3 = "cf_test.same"(%arg0) : (i32) -> i32')
  })

  it('reports what the resolution finds wrong, as the interpreter did', () => {
    const wrap = (body: string): string => `"test.holder"() ({\n^bb0(%a: i32, %b: i64):\n${body}\n}) : () -> ()\n`
    expect(run(wrap('  %0 = cf_test.add %a, %b : i32'), false, [dialect]).diags).toEqual(["use of value '%b' expects different type than prior uses: 'i32' vs 'i64'"])
    expect(run(wrap('  %0 = cf_test.widen %b : i64'), false, [dialect]).diags).toEqual(["use of value '%b' expects different type than prior uses: 'i32' vs 'i64'"])
    expect(run(wrap('  %0 = cf_test.same %a {fail}'), false, [dialect]).diags).toEqual(["custom op 'cf_test.same' failed to infer returned types"])
    expect(run(wrap('  %0 = cf_test.add %a, %a exact'), false, [dialect]).diags).toEqual(["expected ':'"])
    expect(run(wrap('  cf_test.ret %a, %b : i32'), false, [dialect]).diags).toEqual(["custom op 'cf_test.ret' number of operands and types do not match: got 2 operands and 1 types"])
  })
})

describe('formats whose result type is an attribute\'s', () => {
  // The result takes the type of `init` when it is there, else that of `value`: the type
  // found from the attribute, or the fallback when the op has none.
  const pick = defineOp({
    name: 'pick_test.pick',
    operands: { value: AnyType },
    attributes: { init: optionalAttr(AnyAttr) },
    results: { result: AnyType },
    allTypesMatch: [['init', 'value', 'result']],
    assemblyFormat: '(`init` $init^)? $value attr-dict `:` type($value)',
  })
  const constant = defineOp({
    name: 'pick_test.constant',
    attributes: { value: TypedAttrConstraint },
    results: { result: AnyType },
    allTypesMatch: [['value', 'result']],
    assemblyFormat: 'attr-dict $value',
  })
  const dialect: DialectDefinition = { namespace: 'pick_test', ops: [pick, constant] }
  const input = `"test.holder"() ({
^bb0(%a: i32, %b: i64):
  %0 = pick_test.pick init 7 : i64 %b : i64
  %1 = pick_test.pick %a : i32
  %2 = pick_test.constant 5 : i16
  %3 = pick_test.pick %b : i64
  %4 = pick_test.constant 1.5 : f32
}) : () -> ()
`

  it('types each result from the attribute when the op has it, else from the other variables', () => {
    // Parsed and printed without verification (which wants `init` to match even when absent).
    const { ctx, diags } = contextWithDiags([dialect])
    const res = parseSourceString(input, ctx)
    expect(diags).toEqual([])
    const out = printOperation(res!.op, { printGenericOpForm: true })
    expect(out).toContain('%0 = "pick_test.pick"(%arg1) <{init = 7 : i64}> : (i64) -> i64')
    expect(out).toContain('%1 = "pick_test.pick"(%arg0) : (i32) -> i32')
    expect(out).toContain('%2 = "pick_test.constant"() <{value = 5 : i16}> : () -> i16')
    expect(out).toContain('%3 = "pick_test.pick"(%arg1) : (i64) -> i64')
    expect(out).toContain('%4 = "pick_test.constant"() <{value = 1.500000e+00 : f32}> : () -> f32')
  })
})

describe('compiled printers of ops with one variadic group', () => {
  // One variadic operand group between single ones (its segments are found from the count
  // of operands), an optional group anchored on it, a format-printed attribute (elided from
  // attr-dict) and functional-type of all operands and results.
  const call = defineOp({
    name: 'vg_test.call',
    operands: { first: AnyType, rest: variadic(AnyType), last: AnyType },
    results: { res: variadic(AnyType) },
    attributes: { callee: SymbolRefAttrC },
    assemblyFormat: '$callee `(` $first (`[` $rest^ `]`)? `,` $last `)` attr-dict `:` functional-type(operands, results)',
  })
  const dialect: DialectDefinition = { namespace: 'vg_test', ops: [call] }
  const input = `"test.holder"() ({
^bb0(%a: i32, %b: i64, %c: f32, %d: index):
  vg_test.call @f(%a, %d) : (i32, index) -> ()
  %0 = vg_test.call @g(%a[%b, %c], %d) : (i32, i64, f32, index) -> i32
  %1:2 = vg_test.call @h(%a[%b], %d) {note = 1 : i32} : (i32, i64, index) -> (i32, (i32) -> i32)
  %2 = vg_test.call @k(%a, %d) : (i32, index) -> ((i32) -> i32)
}) : () -> ()
`

  it('prints the groups, the optional group, the attributes and the functional type as parsed', () => {
    const { out, diags } = run(input, false, [dialect])
    expect(diags).toEqual([])
    expect(out).toContain('  vg_test.call @f(%arg0, %arg3) : (i32, index) -> ()\n')
    expect(out).toContain('  %0 = vg_test.call @g(%arg0[%arg1, %arg2], %arg3) : (i32, i64, f32, index) -> i32\n')
    expect(out).toContain('  %1:2 = vg_test.call @h(%arg0[%arg1], %arg3) {note = 1 : i32} : (i32, i64, index) -> (i32, (i32) -> i32)\n')
    expect(out).toContain('  %2 = vg_test.call @k(%arg0, %arg3) : (i32, index) -> ((i32) -> i32)\n')
    expect(run(out, false, [dialect]).out).toBe(out)
  })

  it('prints the generic form with every operand', () => {
    const { out } = run(input, true, [dialect])
    expect(out).toContain('"vg_test.call"(%arg0, %arg1, %arg2, %arg3) <{callee = @g}> : (i32, i64, f32, index) -> i32')
    expect(out).toContain('"vg_test.call"(%arg0, %arg1, %arg3) <{callee = @h}> {note = 1 : i32} : (i32, i64, index) -> (i32, (i32) -> i32)')
  })
})

describe('compiled printers that know the spacing state', () => {
  // The first optional group ends on `]` (punctuation) or on the value before it, so the
  // spacing of the `(` after it depends on the op printed; the second ends on a keyword or
  // on `)`; the spaces are `` ` ` `` and `` `` ``.
  const op = defineOp({
    name: 'sp_test.op',
    operands: { a: AnyType, b: optional(I64) },
    attributes: { flag: optionalAttr(UnitAttrC) },
    assemblyFormat: '$a (`[` $b^ `]`)? `(` $a `)` (`flag` $flag^)? `->` `` `:` ` ` type($a) attr-dict',
  })
  const dialect: DialectDefinition = { namespace: 'sp_test', ops: [op] }
  const input = `"test.holder"() ({
^bb0(%a: i32, %b: i64):
  sp_test.op %a [%b] (%a) flag ->:  i32
  sp_test.op %a(%a) ->: i32 {note}
}) : () -> ()
`

  it('prints literals after a group that ends in either state as mlir-tblgen spaces them', () => {
    const { out, diags } = run(input, false, [dialect])
    expect(diags).toEqual([])
    expect(out).toContain('  sp_test.op %arg0[%arg1] (%arg0) flag ->:  i32\n')
    expect(out).toContain('  sp_test.op %arg0(%arg0) ->:  i32 {note}\n')
    expect(run(out, false, [dialect]).out).toBe(out)
  })
})

describe('compiled printers of ops whose only operand or result group varies in size', () => {
  // As `func.call` and `func.return`: the group holds every value, and its bounds are known
  // without asking the definition for the op's segments.
  const call = defineOp({
    name: 'wg_test.call',
    operands: { args: variadic(AnyType) },
    results: { res: variadic(AnyType) },
    attributes: { callee: SymbolRefAttrC },
    assemblyFormat: '$callee `(` $args `)` attr-dict `:` functional-type($args, results)',
  })
  const ret = defineOp({
    name: 'wg_test.return',
    operands: { args: variadic(AnyType) },
    traits: Trait.IsTerminator,
    assemblyFormat: 'attr-dict ($args^ `:` type($args))?',
  })
  const opt = defineOp({ name: 'wg_test.opt', operands: { a: optional(I64) }, assemblyFormat: '($a^ `:` type($a))? attr-dict' })
  const dialect: DialectDefinition = { namespace: 'wg_test', ops: [call, ret, opt] }
  const input = `"test.holder"() ({
^bb0(%a: i32, %b: i64):
  wg_test.call @f() : () -> ()
  %0 = wg_test.call @g(%a) : (i32) -> i32
  %1:2 = wg_test.call @h(%a, %b, %a) {note} : (i32, i64, i32) -> (i32, i64)
  wg_test.call @k(%b) : (i64) -> ()
  %2 = wg_test.call @m() : () -> ((i32) -> i32)
  wg_test.opt %b : i64
  wg_test.opt
  wg_test.opt {note}
  wg_test.return %a, %1#1 : i32, i64
}) : () -> ()
`

  it('prints every count of values without asking for the segments', () => {
    const { ctx, diags } = contextWithDiags([dialect])
    const res = parseSourceString(input, ctx)
    ctx.diagEngine.flush()
    expect(diags).toEqual([])
    expect(verify(res!.op)).toBe(true)
    let asked = 0
    for (const d of [call, ret, opt]) {
      const own = d as unknown as { operandSegments: unknown; resultSegments: unknown }
      const operandSegments = d.operandSegments.bind(d)
      const resultSegments = d.resultSegments.bind(d)
      own.operandSegments = (op: Operation, scratch?: Int32Array) => (asked++, operandSegments(op, scratch))
      own.resultSegments = (op: Operation, scratch?: Int32Array) => (asked++, resultSegments(op, scratch))
    }
    const out = printOperation(res!.op)
    expect(asked).toBe(0)
    expect(out).toBe(`module {
  "test.holder"() ({
  ^bb0(%arg0: i32, %arg1: i64):
    wg_test.call @f() : () -> ()
    %0 = wg_test.call @g(%arg0) : (i32) -> i32
    %1:2 = wg_test.call @h(%arg0, %arg1, %arg0) {note} : (i32, i64, i32) -> (i32, i64)
    wg_test.call @k(%arg1) : (i64) -> ()
    %2 = wg_test.call @m() : () -> ((i32) -> i32)
    wg_test.opt %arg1 : i64
    wg_test.opt
    wg_test.opt {note}
    wg_test.return %arg0, %1#1 : i32, i64
  }) : () -> ()
}
`)
    expect(run(out, false, [dialect]).out).toBe(out)
  })
})
