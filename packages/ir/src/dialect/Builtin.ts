import { AffineMapAttr, DistinctAttr, IntegerSetAttr, StringAttr, UnitAttr, type Attribute, type NamedAttribute } from '../Attributes.ts'
import { Block } from '../Block.ts'
import type { DialectDefinition } from '../Dialect.ts'
import { DIALECT_INLINER_INTERFACE, type DialectInlinerInterface } from '../Interfaces.ts'
import { Location } from '../Location.ts'
import { failure, success, type LogicalResult } from '../LogicalResult.ts'
import type { OpAsmParser, OpAsmPrinter, OperationState, UnresolvedOperand } from '../OpAsm.ts'
import type { Operation } from '../Operation.ts'
import { Trait, type OpDefinition, type OpFoldResult } from '../OperationName.ts'
import { TupleType, type Type } from '../Types.ts'

/** Name of the attribute holding a module's symbol name. */
const SYM_NAME = 'sym_name'
/** Name of the attribute holding a module's symbol visibility. */
const SYM_VISIBILITY = 'sym_visibility'

/**
 * `builtin.module`: a top-level container with one block and no terminator, custom
 * syntax `module @name attributes {...} { ... }`.
 */
export const ModuleOp: OpDefinition = {
  name: 'builtin.module',
  traits:
    Trait.IsolatedFromAbove |
    Trait.NoTerminator |
    Trait.SingleBlock |
    Trait.SymbolTable |
    Trait.Symbol |
    Trait.AffineScope |
    Trait.ZeroOperands |
    Trait.ZeroResults |
    Trait.ZeroSuccessors |
    // MLIR's ModuleOp is a graph region (GraphRegionNoTerminator): no dominance inside.
    Trait.GraphRegions,
  inherentAttributeNames: [SYM_NAME, SYM_VISIBILITY],
  defaultDialect: 'builtin',
  optionalSymbol: true,

  verify(op: Operation): LogicalResult {
    for (const name of [SYM_NAME, SYM_VISIBILITY]) {
      const a = op.properties.get(name)
      if (a !== undefined && !(a instanceof StringAttr)) {
        return op.emitOpError(`attribute '${name}' failed to satisfy constraint: string attribute`).fail()
      }
    }
    const region = op.regions[0]
    if (region === undefined || !region.hasOneBlock) {
      return op.emitOpError("region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks").fail()
    }
    for (const a of op.getAttrs()) {
      if (!a.name.includes('.') && a.name !== SYM_NAME && a.name !== SYM_VISIBILITY) {
        return op.emitOpError(`can only contain attributes with dialect-prefixed names, found: '${a.name}'`).fail()
      }
    }
    return success()
  },

  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const name = parser.parseOptionalSymbolName()
    if (name !== undefined) {
      state.addAttribute(SYM_NAME, StringAttr.get(parser.context, name))
    }
    const attrs: NamedAttribute[] = []
    if (!parser.parseOptionalAttrDictWithKeyword(attrs)) {
      return failure()
    }
    for (const a of attrs) {
      state.addAttribute(a.name, a.value)
    }
    const region = state.addRegion()
    if (!parser.parseRegion(region, [])) {
      return failure()
    }
    if (region.firstBlock === null) {
      region.push(new Block())
    }
    return success()
  },

  print(op: Operation, p: OpAsmPrinter): void {
    const name = op.properties.get(SYM_NAME)
    if (name instanceof StringAttr) {
      p.print(' ')
      p.printSymbolName(name.value)
    }
    p.printOptionalAttrDictWithKeyword(op.getAttrs(), [SYM_NAME])
    p.print(' ')
    p.printRegion(op.regions[0]!)
  },
}

/**
 * `builtin.unrealized_conversion_cast`: a placeholder conversion between type systems,
 * custom syntax `%r = builtin.unrealized_conversion_cast %a : i32 to i64`.
 */
export const UnrealizedConversionCastOp: OpDefinition = {
  name: 'builtin.unrealized_conversion_cast',
  traits: Trait.Pure | Trait.ZeroRegions | Trait.ZeroSuccessors,

  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const operands: UnresolvedOperand[] = []
    const first = parser.parseOptionalOperand()
    if (first === undefined) {
      return failure()
    }
    if (first !== null) {
      operands.push(first)
      while (parser.parseOptionalComma()) {
        const o = parser.parseOperand()
        if (o === undefined) {
          return failure()
        }
        operands.push(o)
      }
      if (!parser.parseColon()) {
        return failure()
      }
      const types = parser.parseTypeList()
      if (types === undefined) {
        return failure()
      }
      const loc = parser.getCurrentLocation()
      if (!parser.resolveOperands(operands, types, loc, state.operands)) {
        return failure()
      }
    }
    if (!parser.parseKeyword('to')) {
      return failure()
    }
    const results = parser.parseTypeList()
    if (results === undefined) {
      return failure()
    }
    state.addTypes(results)
    if (!parser.parseOptionalAttrDict(state.attributes)) {
      return failure()
    }
    return success()
  },

  print(op: Operation, p: OpAsmPrinter): void {
    if (op.operands.length > 0) {
      p.print(' ')
      p.printOperands(op.getOperands())
      p.print(' : ')
      p.printTypes(op.operandTypes)
    }
    p.print(' to ')
    p.printTypes(op.resultTypes)
    p.printOptionalAttrDict(op.getAttrs())
  },

  fold(op: Operation): readonly OpFoldResult[] | undefined {
    const operands = op.getOperands()
    const results = op.results
    if (operands.length === results.length && operands.every((v, i) => v.type === results[i]!.type)) {
      return operands
    }
    if (operands.length === 0) {
      return undefined
    }
    const input = operands[0]!.definingOp
    if (input === null || input.name !== op.name) {
      return undefined
    }
    if (input.results.length !== operands.length) {
      return undefined
    }
    for (let i = 0; i < operands.length; i++) {if (operands[i] !== input.results[i]) {return undefined}}
    const inTypes = input.operandTypes
    if (inTypes.length !== results.length) {
      return undefined
    }
    for (let i = 0; i < inTypes.length; i++) {if (inTypes[i] !== results[i]!.type) {return undefined}}
    return input.getOperands()
  },
}

/** Alias names of the builtin dialect's OpAsmDialectInterface: `map`, `set`, `loc`, `distinct`, `tuple`. */
function builtinAlias(x: Attribute | Type): string | undefined {
  if (x instanceof AffineMapAttr) {
    return 'map'
  }
  if (x instanceof IntegerSetAttr) {
    return 'set'
  }
  if (x instanceof Location) {
    return 'loc'
  }
  if (x instanceof DistinctAttr) {
    return x.referencedAttr instanceof UnitAttr ? undefined : 'distinct'
  }
  if (x instanceof TupleType && x.types.length > 16) {
    return 'tuple'
  }
  return undefined
}

/**
 * The builtin dialect's inliner interface: as in mlir-opt 22, `unrealized_conversion_cast`
 * may be inlined; no other builtin op (a nested `builtin.module`) may.
 */
const builtinInlinerInterface: DialectInlinerInterface = {
  isLegalToInlineOp: (op) => op.name.name === UnrealizedConversionCastOp.name,
}

/** The builtin dialect; every `Context` registers and loads it. */
export const BuiltinDialect: DialectDefinition = {
  namespace: 'builtin',
  ops: [ModuleOp, UnrealizedConversionCastOp],
  getAlias: builtinAlias,
  interfaces: { [DIALECT_INLINER_INTERFACE]: builtinInlinerInterface },
}
