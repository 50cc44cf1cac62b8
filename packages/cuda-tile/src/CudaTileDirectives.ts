/**
 * The `custom<...>` directives of cuda_tile's assembly formats: unprefixed types
 * (`custom<CudaTileType>`), rounding modes with per-op defaults, enum keywords, the
 * `<f32: [1.0, 2.0]> : tile<2xf32>` constants, regions and assume predicates.
 */
import {
  DenseIntOrFPElementsAttr,
  FloatAttr,
  FloatType,
  IntegerAttr,
  IntegerType,
  printAttribute,
  Region,
  type Attribute,
  type CustomDirective,
  type NamedAttribute,
  type OdsOp,
  type OpAsmArgument,
  type OpAsmParser,
  type OperationState,
  type UnresolvedOperand,
  type OpAsmPrinter,
  type Type,
} from '@tilepass/ir'
import { BoundedAttr, CudaTileEnumAttr, DivByAttr, SameElementsAttr, parseCudaTileAttributeAfterMnemonic, printCudaTileAttribute } from './CudaTileAttributes.ts'
import { ComparisonOrderingNames, ComparisonPredicateNames, RoundingModeNames, SignednessNames } from './CudaTileEnums.ts'
import { TileType, parseCudaTileType, parseCudaTileTypeAfterMnemonic, printCudaTileType, typeText } from './CudaTileTypes.ts'

/** `custom<CudaTileType>(type($x))`: one type, or a comma-separated list for variadic values. */
/** Whether the directive argument binds a list of types (a variadic value, not an optional one). */
function bindsList(state: OperationState, arg: { readonly name: string; readonly variableLength: boolean }): boolean {
  if (!arg.variableLength) {
    return false
  }
  const def = state.name.def as OdsOp | undefined
  const decl = def?.operands.find((d) => d.name === arg.name) ?? def?.results.find((d) => d.name === arg.name)
  return decl === undefined || !decl.optional
}

const CudaTileTypeDirective: CustomDirective = {
  parse(parser, args, state) {
    const a = args[0]!
    if (!bindsList(state, a)) {
      const t = parseCudaTileType(parser)
      if (t === undefined) {
        return false
      }
      a.types = [t]
      return true
    }
    const types: Type[] = []
    const first = parseCudaTileTypeOptional(parser)
    if (first === undefined) {
      return false
    }
    if (first !== null) {
      types.push(first)
      while (parser.parseOptionalComma()) {
        const t = parseCudaTileType(parser)
        if (t === undefined) {
          return false
        }
        types.push(t)
      }
    }
    a.types = types
    return true
  },
  parseOptional(parser, args, state) {
    const t = parseCudaTileTypeOptional(parser)
    if (t === null) {
      return null
    }
    if (t === undefined) {
      return false
    }
    const types = [t]
    while (bindsList(state, args[0]!) && parser.parseOptionalComma()) {
      const n = parseCudaTileType(parser)
      if (n === undefined) {
        return false
      }
      types.push(n)
    }
    args[0]!.types = types
    return true
  },
  print(printer, _op, args) {
    const types = args[0]!.types
    for (let i = 0; i < types.length; i++) {
      if (i > 0) {
        printer.print(', ')
      }
      printCudaTileType(printer, types[i]!)
    }
  },
}

/** A cuda_tile type if one starts here: null when none, undefined after a diagnostic. */
function parseCudaTileTypeOptional(parser: OpAsmParser): Type | null | undefined {
  const kw = parser.parseOptionalKeywordOneOf(['tile', 'ptr', 'tensor_view', 'partition_view', 'strided_view', 'gather_scatter_view', 'token'])
  if (kw !== undefined) {
    return parseCudaTileTypeAfterMnemonic(parser, kw, parser.getCurrentLocation())
  }
  const t = parser.parseOptionalType()
  return t ?? null
}


/** A rounding-mode directive: `rounding<mode>` or nothing for `defaultMode`; `allowed` lists the accepted modes. */
function roundingDirective(allowed: readonly string[], defaultMode: string, validate: boolean): CustomDirective {
  const defaultIndex = RoundingModeNames.indexOf(defaultMode)
  return {
    parse(parser, args) {
      let idx = defaultIndex
      if (parser.parseOptionalKeyword('rounding')) {
        if (!parser.parseLess()) {
          return false
        }
        const kw = parser.parseKeywordOrUndefined()
        if (kw === undefined || !parser.parseGreater()) {
          return false
        }
        idx = RoundingModeNames.indexOf(kw)
        if (idx < 0 || (validate && !allowed.includes(kw))) {
          const list = allowed.map((m) => `'${m}'`).join(', ')
          parser.emitError(parser.getCurrentLocation(), `expected rounding mode to be one of: ${list}${validate ? `, got: '${kw}'` : ''}`).report()
          return false
        }
      }
      args[0]!.attr = CudaTileEnumAttr.get(parser.context, 'rounding', idx)
      return true
    },
    print(printer, _op, args) {
      const a = args[0]!.attr
      if (a instanceof CudaTileEnumAttr && a.value !== defaultIndex) {
        printer.print(`rounding<${a.caseName}>`)
      }
    },
  }
}

/** A bare enum keyword (`signed`, `less_than`, `ordered`). */
function keywordEnumDirective(mnemonic: string, names: readonly string[], message: string): CustomDirective {
  return {
    parse(parser, args) {
      const loc = parser.getCurrentLocation()
      const kw = parser.parseOptionalKeywordAny()
      if (kw === undefined) {
        parser.emitError(loc, 'expected valid keyword').report()
      }
      const v = kw === undefined ? -1 : names.indexOf(kw)
      if (v < 0) {
        parser.emitError(loc, message).report()
        return false
      }
      args[0]!.attr = CudaTileEnumAttr.get(parser.context, mnemonic, v)
      return true
    },
    print(printer, _op, args) {
      printer.print((args[0]!.attr as CudaTileEnumAttr).caseName)
    },
  }
}

const NUMBER_SUMMARY = 'i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN'
const DENSE_FLOATS: ReadonlySet<string> = new Set(['f16', 'bf16', 'f32', 'f64', 'tf32', 'f8E4M3FN', 'f8E5M2', 'f8E8M0FNU', 'f4E2M1FN'])

function isDenseElementType(t: Type): boolean {
  if (t instanceof IntegerType) {
    return t.isSignless && [1, 8, 16, 32, 64].includes(t.width)
  }
  return t instanceof FloatType && DENSE_FLOATS.has(t.kind)
}

/** Parses `<elt: literal> : tile<...>`; returns [attr, tileType] or undefined after a diagnostic. */
function parseDenseTyped(parser: OpAsmParser): [Attribute, Type] | undefined {
  if (!parser.parseLess()) {
    return undefined
  }
  const eltLoc = parser.getCurrentLocation()
  const elt = parseCudaTileType(parser)
  if (elt === undefined) {
    parser.emitError(parser.getCurrentLocation(), `expect element type to be one of ${NUMBER_SUMMARY} values, but got '<<NULL TYPE>>'`).report()
    return undefined
  }
  if (!isDenseElementType(elt)) {
    parser.emitError(eltLoc, `expect element type to be one of ${NUMBER_SUMMARY} values, but got ${typeText(elt)}`).report()
    return undefined
  }
  if (!parser.parseColon()) {
    return undefined
  }
  const isInt = elt instanceof IntegerType
  const ints: bigint[] = []
  const floats: number[] = []
  // NaNs other than the type's default one keep their bits (by element index), as in `dense<...>`.
  const nanBits = new Map<number, bigint>()
  const parseScalar = (): boolean => {
    const loc = parser.getCurrentLocation()
    if (isInt) {
      const width = (elt).width
      if (parser.parseOptionalKeyword('true')) {
        if (width !== 1) {
          parser.emitError(loc, 'expected integer value').report()
          return false
        }
        ints.push(1n)
        return true
      }
      if (parser.parseOptionalKeyword('false')) {
        if (width !== 1) {
          parser.emitError(loc, 'expected integer value').report()
          return false
        }
        ints.push(0n)
        return true
      }
      const v = parser.parseOptionalInteger()
      if (v === undefined) {
        parser.emitError(loc, 'expected integer value').report()
        return false
      }
      const val = v
      // The union of the signed and unsigned ranges (i64 takes any 64-bit value).
      const min = -(1n << BigInt(width - 1))
      const max = (1n << BigInt(width)) - 1n
      if (val < min || val > max) {
        parser.emitError(loc, 'integer constant out of range for type').report()
        return false
      }
      ints.push(val)
      return true
    }
    const a = parser.parseAttribute(elt)
    if (a === undefined) {
      return false
    }
    if (a instanceof FloatAttr) {
      if (a.nanBits !== null) {
        nanBits.set(floats.length, a.nanBits)
      }
      floats.push(a.value)
    } else if (a instanceof IntegerAttr) {
      floats.push(Number(a.value))
    } else {
      parser.emitError(loc, 'expected floating point literal').report()
      return false
    }
    return true
  }
  const parseNested = (shape: number[]): boolean => {
    if (!parser.parseOptionalLSquare()) {
      return parseScalar()
    }
    let count = 0
    let elemShape: number[] | null = null
    do {
      count++
      const sub: number[] = []
      if (!parseNested(sub)) {
        return false
      }
      if (elemShape === null) {
        elemShape = sub
      } else if (elemShape.join(',') !== sub.join(',')) {
        parser.emitError(parser.getCurrentLocation(), 'tensor literal is invalid; ranks are not consistent between elements').report()
        return false
      }
    } while (parser.parseOptionalComma())
    if (!parser.parseRSquare()) {
      return false
    }
    shape.push(count, ...(elemShape ?? []))
    return true
  }
  const inferred: number[] = []
  if (!parseNested(inferred) || !parser.parseGreater() || !parser.parseColon()) {
    return undefined
  }
  const typeLoc = parser.getCurrentLocation()
  const resultType = parseCudaTileType(parser)
  if (resultType === undefined) {
    return undefined
  }
  if (!(resultType instanceof TileType)) {
    parser.emitError(typeLoc, `result #0 must be tile of ${NUMBER_SUMMARY} values, but got ${typeText(resultType)}`).report()
    return undefined
  }
  if (resultType.elementType !== elt) {
    parser.emitError(typeLoc, `mismatch between the element type: ${typeText(elt)} and the tile element type ${typeText(resultType.elementType)}`).report()
    return undefined
  }
  const expected = resultType.shape
  if (expected.length === 0) {
    if (inferred.length > 0) {
      parser.emitError(typeLoc, `inferred shape of elements literal ([${inferred.join(', ')}]) does not match type ([])`).report()
      return undefined
    }
  } else if (inferred.length > 0 && inferred.join(',') !== expected.join(',')) {
    parser.emitError(typeLoc, `inferred shape of elements literal ([${inferred.join(', ')}]) does not match type ([${expected.join(', ')}])`).report()
    return undefined
  }
  const values = isInt ? ints : floats
  if (values.length === 0) {
    parser.emitError(parser.getCurrentLocation(), 'dense attribute cannot be empty').report()
    return undefined
  }
  // As MLIR's DenseElementsAttr::get: bitwise-equal elements are stored as a splat.
  const first = values[0]!
  const firstBits = nanBits.get(0)
  const splat = (values as readonly (bigint | number)[]).every((v, i) => Object.is(v, first) && nanBits.get(i) === firstBits)
  const bits = splat ? (firstBits === undefined ? null : new Map([[0, firstBits]])) : nanBits.size > 0 ? nanBits : null
  const attr = DenseIntOrFPElementsAttr.get(resultType, (splat ? [first] : values) as bigint[] | number[], splat, bits)
  return [attr, resultType]
}

/** Prints `<elt: literal> : tile<...>` for a dense attribute of `type`. */
function printDenseTyped(printer: OpAsmPrinter, attr: Attribute, type: Type): void {
  const text = printAttribute(attr, true)
  const body = text.startsWith('dense<') ? text.slice(6) : text
  printer.print('<')
  const elt = type instanceof TileType ? type.elementType : type
  printCudaTileType(printer, elt)
  printer.print(`: ${body} : `)
  printCudaTileType(printer, type)
}

const DenseTypedElementsAttrDirective: CustomDirective = {
  parse(parser, args) {
    const r = parseDenseTyped(parser)
    if (r === undefined) {
      return false
    }
    args[0]!.attr = r[0]
    args[1]!.types = [r[1]]
    return true
  },
  print(printer, _op, args) {
    printDenseTyped(printer, args[0]!.attr!, args[1]!.types[0]!)
  },
}

const DenseTypedElementsAttrNoResultDirective: CustomDirective = {
  parse(parser, args) {
    const r = parseDenseTyped(parser)
    if (r === undefined) {
      return false
    }
    args[0]!.attr = r[0]
    return true
  },
  print(printer, _op, args) {
    const a = args[0]!.attr! as { type?: Type }
    printDenseTyped(printer, args[0]!.attr!, a.type!)
  },
}

/** Whether the region's terminator may be left out when printing (implicit `yield` with no operands). */
function printControlFlowRegion(printer: OpAsmPrinter, region: Region, implicitName: string): void {
  const term = region.empty ? null : region.front.terminator
  const printTerms = term === null || term.numOperands !== 0 || term.name.name !== implicitName
  printer.printRegion(region, false, printTerms)
}

const IfOpRegionDirective: CustomDirective = {
  parse(parser, args) {
    const region = new Region()
    if (!parser.parseRegion(region)) {
      return false
    }
    args[0]!.regions = [region]
    return true
  },
  parseOptional(parser, args, state) {
    return IfOpRegionDirective.parse(parser, args, state)
  },
  print(printer, _op, args) {
    printControlFlowRegion(printer, args[0]!.regions[0]!, 'cuda_tile.yield')
  },
}

const ArgumentRegionDirective: CustomDirective = {
  parse(parser, args) {
    const list: OpAsmArgument[] = []
    if (!parser.parseLParen()) {
      return false
    }
    if (!parser.parseOptionalRParen()) {
      do {
        const name = parser.parseOperand()
        const arg = name === undefined || !parser.parseColon() ? null : parseCudaTileArgumentTail(parser, name)
        if (arg === null) {
          return false
        }
        list.push(arg)
      } while (parser.parseOptionalComma())
      if (!parser.parseRParen()) {
        return false
      }
    }
    const region = new Region()
    if (!parser.parseRegion(region, list)) {
      return false
    }
    args[0]!.regions = [region]
    return true
  },
  print(printer, _op, args) {
    const region = args[0]!.regions[0]!
    printer.printNewline()
    printer.print('(')
    const entryArgs = region.empty ? [] : region.front.arguments
    for (let i = 0; i < entryArgs.length; i++) {
      if (i > 0) {
        printer.print(', ')
      }
      printer.printOperand(entryArgs[i]!)
      printer.print(': ')
      printCudaTileType(printer, entryArgs[i]!.type)
    }
    printer.print(') ')
    printer.printRegion(region, false, true)
  },
}

const SymbolVisibilityDirective: CustomDirective = {
  parse(parser, args) {
    const kw = parser.parseOptionalKeywordOneOf(['public', 'private'])
    args[0]!.attr = CudaTileEnumAttr.get(parser.context, 'symbol_visibility', kw === 'private' ? 1 : 0)
    return true
  },
  print(printer, _op, args) {
    const a = args[0]!.attr
    if (a instanceof CudaTileEnumAttr && a.value !== 0) {
      printer.print(`${a.caseName} `)
    }
  },
}

const AssumePredicateDirective: CustomDirective = {
  parse(parser, args) {
    const loc = parser.getCurrentLocation()
    const full = parser.parseOptionalAttribute()
    if (full !== undefined) {
      if (!(full instanceof DivByAttr || full instanceof SameElementsAttr || full instanceof BoundedAttr)) {
        parser.emitError(loc, 'expected assume predicate attribute').report()
        return false
      }
      args[0]!.attr = full
      return true
    }
    const kw = parser.parseOptionalKeywordOneOf(['div_by', 'same_elements', 'bounded'])
    if (kw === undefined) {
      const other = parser.parseOptionalKeywordAny()
      if (other === undefined) {
        parser.emitError(loc, 'expected attribute name').report()
      } else {
        parser.emitError(loc, `unknown assume predicate attribute: ${other} (expected 'div_by', 'same_elements', or 'bounded')`).report()
      }
      return false
    }
    const a = parseCudaTileAttributeAfterMnemonic(parser, kw, loc)
    if (a === undefined) {
      return false
    }
    args[0]!.attr = a
    return true
  },
  print(printer, _op, args) {
    printCudaTileAttribute(args[0]!.attr!, printer)
  },
}


/** The rest of a region argument after `%name :`: a cuda_tile type, attributes, a location. */
export function parseCudaTileArgumentTail(parser: OpAsmParser, ssaName: UnresolvedOperand): OpAsmArgument | null {
  const type = parseCudaTileType(parser)
  if (type === undefined) {
    return null
  }
  const attrs: NamedAttribute[] = []
  if (!parser.parseOptionalAttrDict(attrs)) {
    return null
  }
  const sourceLoc = parser.parseOptionalLocationSpecifier()
  return sourceLoc === undefined ? null : { ssaName, type, attrs, sourceLoc }
}

/** Every `custom<...>` directive of the op table. */
export const cudaTileDirectives: Readonly<Record<string, CustomDirective>> = {
  CudaTileType: CudaTileTypeDirective,
  IEEERoundingMode: roundingDirective(['nearest_even', 'zero', 'negative_inf', 'positive_inf'], 'nearest_even', true),
  DivFOpRoundingMode: roundingDirective(['nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx', 'full'], 'nearest_even', false),
  SqrtOpRoundingMode: roundingDirective(['nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx'], 'nearest_even', false),
  TanHOpRoundingMode: roundingDirective(['approx', 'full'], 'full', false),
  ExpOpRoundingMode: roundingDirective(['approx', 'full'], 'full', false),
  IntegerRoundingMode: roundingDirective(['nearest_int_to_zero'], 'nearest_int_to_zero', true),
  Signedness: keywordEnumDirective('signedness', SignednessNames, "expected signedness to be one of: {'signed', 'unsigned'}"),
  ComparisonPredicate: keywordEnumDirective(
    'comparison_predicate',
    ComparisonPredicateNames,
    "expected 'comparison_predicate' to be one of: {'equal', 'not_equal', 'less_than', 'less_than_or_equal', 'greater_than', 'greater_than_or_equal'}",
  ),
  ComparisonOrdering: keywordEnumDirective('comparison_ordering', ComparisonOrderingNames, "expected 'comparison_ordering' to be one of: {'ordered', 'unordered'}"),
  DenseTypedElementsAttr: DenseTypedElementsAttrDirective,
  DenseTypedElementsAttrNoResult: DenseTypedElementsAttrNoResultDirective,
  IfOpRegion: IfOpRegionDirective,
  ArgumentRegion: ArgumentRegionDirective,
  SymbolVisibility: SymbolVisibilityDirective,
  AssumePredicate: AssumePredicateDirective,
}

