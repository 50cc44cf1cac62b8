/**
 * `linalg.generic`, `linalg.yield`, `linalg.index` and the `#linalg.iterator_type<...>`
 * attribute (MLIR's `LinalgStructuredOps.td`, `LinalgOps.td`, `LinalgOps.cpp`).
 */
import {
  AffineMap,
  AffineMapAttr,
  AnyType,
  ArrayAttr,
  DialectAttr,
  DictionaryAttr,
  Index,
  IntegerAttr,
  IntegerType,
  type Operation,
  type OperationState,
  StringAttr,
  Trait,
  attrConstraint,
  defineOp,
  optionalAttr,
  variadic,
  type Attribute,
  type Context,
  type LogicalResult,
  type NamedAttribute,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'
import { parseEnumParameter } from '../internal/EnumParameter.ts'
import { addPatterns, type CanonicalizationPattern } from '../internal/RewriterLike.ts'
import { linalgDialectPatterns } from './LinalgCanonicalization.ts'
import { typeText } from '../internal/typeText.ts'
import { buildTensorCast } from '../tensor/TensorOps.ts'
import {
  dpsCounts,
  dpsInits,
  dpsInputs,
  elementTypeOrSelf,
  hasPureTensorSemantics,
  indexingMapsOf,
  numLoopsOf,
  parseCommonStructuredOpParts,
  printCommonStructuredOpParts,
  shapeOpIndexingMaps,
  structuredOpBase,
  verifyDestinationStyle,
  verifyStructuredOp,
} from './LinalgStructured.ts'

/** The cases of `utils::IteratorType`. */
export const IteratorTypes: readonly string[] = ['parallel', 'reduction']

/** `#linalg.iterator_type<parallel>`: the kind of one loop of a structured op. */
export class IteratorTypeAttr extends DialectAttr {
  readonly dialectNamespace: string = 'linalg'
  /** @internal Use `IteratorTypeAttr.get`. */
  constructor(
    context: Context,
    readonly value: string,
  ) {
    super(context)
  }
  /** The iterator type `value` (`parallel` or `reduction`). */
  static get(context: Context, value: string): IteratorTypeAttr {
    return context.uniquer.intern(`linalg.iterator_type:${value}`, () => new IteratorTypeAttr(context, value))
  }
}

/** Parses the body of a `#linalg` attribute (`iterator_type<parallel>`). */
export function parseLinalgAttribute(parser: OpAsmParser): Attribute | undefined {
  const loc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  if (mnemonic === undefined) {
    return undefined
  }
  if (mnemonic !== 'iterator_type') {
    parser.emitError(loc, `unknown attribute \`${mnemonic}\` in dialect \`linalg\``).report()
    return undefined
  }
  const v = parseEnumParameter(parser, IteratorTypes, '::mlir::utils::IteratorType', 'IteratorTypeEnum', 'value')
  return v === undefined ? undefined : IteratorTypeAttr.get(parser.context, v)
}

/** Prints the body of a `#linalg` attribute. */
export function printLinalgAttribute(attr: Attribute, printer: OpAsmPrinter): void {
  if (attr instanceof IteratorTypeAttr) {
    printer.print(`iterator_type<${attr.value}>`)
  }
}

const AffineMapArrayAttr = attrConstraint('AffineMap array attribute', (a) => a instanceof ArrayAttr && a.elements.every((e) => e instanceof AffineMapAttr))
const IteratorTypeArrayAttr = attrConstraint('Iterator type should be an enum.', (a) => a instanceof ArrayAttr && a.elements.every((e) => e instanceof IteratorTypeAttr))
const OptionalStrAttr = attrConstraint('string attribute', (a) => a instanceof StringAttr, { isStorageKind: (a) => a instanceof StringAttr })
const NonNegativeI64 = attrConstraint(
  '64-bit signless integer attribute whose minimum value is 0',
  (a) => a instanceof IntegerAttr && a.type instanceof IntegerType && a.type.width === 64 && a.value >= 0n,
  { valueType: (c) => IntegerType.get(c, 64), isStorageKind: (a) => a instanceof IntegerAttr },
)

/** The names `linalg.generic` keeps in its leading dictionary (MLIR's `linalgTraitAttrNames`). */
const GENERIC_TRAIT_ATTRS = ['doc', 'indexing_maps', 'library_call', 'iterator_types']

/**
 * MLIR's `EraseIdentityLinalgOp`: a structured op on tensors whose maps are all identities,
 * whose loops are all parallel and whose body yields its input arguments in order is
 * replaced by those inputs (cast where the result type differs, as upstream).
 */
export function eraseIdentityLinalgOp(rootName: string, cppName: string): CanonicalizationPattern {
  return {
    name: `EraseIdentityLinalgOp<mlir::linalg::${cppName}>`,
    rootName,
    benefit: 1,
    matchAndRewrite(op, rewriter) {
      const maps = structuredIndexingMaps(op)
      if (maps.length !== op.numOperands || !maps.every((m) => m.isIdentity)) {
        return false
      }
      // Ops without iterator types (`linalg.broadcast`) have only parallel loops.
      const iterators = op.getAttr('iterator_types')
      if (iterators !== undefined && !(iterators instanceof ArrayAttr && iterators.elements.every((e) => e instanceof IteratorTypeAttr && e.value === 'parallel'))) {
        return false
      }
      const block = op.getRegion(0).firstBlock
      const yieldOp = block?.lastOp ?? null
      if (block === null || yieldOp === null || block.firstOp !== yieldOp) {
        return false
      }
      if (!hasPureTensorSemantics(op)) {
        // On buffers, a copy of a buffer into itself is erased; anything else stays.
        const [n] = dpsCounts(op)
        const same = yieldOp.getOperands().every((v, i) => v === block.getArgument(i) && op.getOperand(i) === op.getOperand(n + i))
        if (!same || yieldOp.numOperands === 0) {
          return false
        }
        rewriter.eraseOp(op)
        return true
      }
      const replacements: Value[] = []
      const inputs = dpsInputs(op)
      const inits = dpsInits(op)
      const [n] = dpsCounts(op)
      for (let i = 0; i < yieldOp.numOperands; i++) {
        const v = yieldOp.getOperand(i)
        const arg = block.arguments.indexOf(v as (typeof block.arguments)[number])
        if (arg < 0) {
          return false
        }
        const source = arg < n ? inputs[arg]! : inits[arg - n]!
        const resultType = op.getResult(i).type
        if (source.type !== resultType) {
          if (source.type.constructor !== resultType.constructor) {
            return false
          }
          rewriter.setInsertionPoint(op)
          replacements.push(buildTensorCast(rewriter, op.location, source, resultType))
        } else {
          replacements.push(source)
        }
      }
      rewriter.replaceOp(op, replacements)
      return true
    },
  }
}

function genericParse(parser: OpAsmParser, state: OperationState): LogicalResult {
  const ctx = parser.context
  const loc = parser.getCurrentLocation()
  const dict = parser.parseAttribute()
  if (dict === undefined) {
    return false
  }
  if (!(dict instanceof DictionaryAttr)) {
    return parser.emitError(loc, 'invalid kind of attribute specified').fail()
  }
  const attrs: NamedAttribute[] = [...dict.entries]
  const iterIdx = attrs.findIndex((a) => a.name === 'iterator_types')
  const iterators = iterIdx < 0 ? undefined : attrs[iterIdx]!.value
  if (!(iterators instanceof ArrayAttr)) {
    return parser.emitError(loc, 'expected "iterator_types" array attribute').fail()
  }
  const converted: Attribute[] = []
  for (const e of iterators.elements) {
    const s = e instanceof StringAttr ? e.value : ''
    if (!IteratorTypes.includes(s)) {
      return parser.emitError(parser.getCurrentLocation(), `unexpected iterator_type (${s})`).fail()
    }
    converted.push(IteratorTypeAttr.get(ctx, s))
  }
  attrs[iterIdx] = { name: 'iterator_types', value: ArrayAttr.get(ctx, converted) }
  for (const a of attrs) {
    state.addAttribute(a.name, a.value)
  }
  const inputTypes: Type[] = []
  const outputTypes: Type[] = []
  if (!parseCommonStructuredOpParts(parser, state, inputTypes, outputTypes)) {
    return false
  }
  if (parser.parseOptionalKeyword('attrs')) {
    if (!parser.parseEqual() || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
  }
  if (!parser.parseRegion(state.addRegion(), [])) {
    return false
  }
  const results = parser.parseOptionalArrowTypeList()
  if (results === undefined) {
    return false
  }
  state.addTypes(results)
  return true
}

function genericPrint(op: Operation, p: OpAsmPrinter): void {
  const ctx = op.context
  p.print(' ')
  const traitAttrs: NamedAttribute[] = []
  for (const a of op.getAttrs()) {
    if (a.name === 'iterator_types' && a.value instanceof ArrayAttr) {
      const names = a.value.elements.map((e) => StringAttr.get(ctx, e instanceof IteratorTypeAttr ? e.value : ''))
      traitAttrs.push({ name: a.name, value: ArrayAttr.get(ctx, names) })
    } else if (GENERIC_TRAIT_ATTRS.includes(a.name)) {
      traitAttrs.push(a)
    }
  }
  if (traitAttrs.length !== 0) {
    p.printAttribute(DictionaryAttr.get(ctx, traitAttrs))
  }
  printCommonStructuredOpParts(p, dpsInputs(op), dpsInits(op))
  const elided = [...GENERIC_TRAIT_ATTRS, 'operandSegmentSizes']
  if (op.getAttrs().some((a) => !elided.includes(a.name))) {
    p.print(' attrs = ')
    p.printOptionalAttrDict(op.getAttrs(), elided)
  }
  if (op.getRegion(0).firstBlock !== null) {
    p.print(' ')
    p.printRegion(op.getRegion(0))
  }
  p.printArrowTypeList(op.resultTypes)
}

/** `linalg.generic`: a loop nest described by indexing maps and iterator types, with a scalar body. */
export const GenericOp: OdsOp = defineOp({
  name: 'linalg.generic',
  summary: 'Generic Linalg op form where the key properties of the computation are specified as attributes.',
  operands: { inputs: variadic(AnyType), outputs: variadic(AnyType) },
  results: { result_tensors: variadic(AnyType) },
  ...structuredOpBase,
  attributes: {
    indexing_maps: AffineMapArrayAttr,
    iterator_types: IteratorTypeArrayAttr,
    doc: optionalAttr(OptionalStrAttr),
    library_call: optionalAttr(OptionalStrAttr),
  },
  traits: Trait.AttrSizedOperandSegments | Trait.RecursiveMemoryEffects,
  parse: genericParse,
  print: genericPrint,
  getAsmBlockArgumentNames(op, region, setName) {
    const block = region.firstBlock
    if (block === null) {
      return
    }
    const [n] = dpsCounts(op)
    block.arguments.forEach((a, i) => setName(a, i < n ? 'in' : 'out'))
  },
  verify: verifyDestinationStyle,
  verifyRegions: verifyStructuredRegions,
  getCanonicalizationPatterns(patterns: unknown): void {
    addPatterns(patterns, [...linalgDialectPatterns('linalg.generic'), eraseIdentityLinalgOp('linalg.generic', 'GenericOp')])
  },
})

/** True for the structured ops of this dialect (MLIR's `isa<LinalgOp>`). */
export function isLinalgOp(op: Operation | null): op is Operation {
  return op !== null && op.name.dialectNamespace === 'linalg' && op.name.name !== 'linalg.yield' && op.name.name !== 'linalg.index'
}

/** `linalg.yield`: returns the values of one iteration from a structured op's body. */
export const YieldOp: OdsOp = defineOp({
  name: 'linalg.yield',
  summary: 'Linalg yield operation',
  operands: { values: variadic(AnyType) },
  traits: Trait.Pure | Trait.ReturnLike | Trait.IsTerminator,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const loc = parser.getCurrentLocation()
    const operands: UnresolvedOperand[] | undefined = parser.parseOperandList()
    if (operands === undefined || !parser.parseOptionalAttrDict(state.attributes)) {
      return false
    }
    let types: Type[] = []
    if (operands.length !== 0) {
      const t = parser.parseColonTypeList()
      if (t === undefined) {
        return false
      }
      types = t
    }
    return parser.resolveOperands(operands, types, loc, state.operands)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    if (op.numOperands > 0) {
      p.print(' ')
      p.printOperands(op.getOperands())
    }
    p.printOptionalAttrDict(op.getAttrs())
    if (op.numOperands > 0) {
      p.print(' : ')
      p.printTypes(op.operandTypes)
    }
  },
  verify(op: Operation): LogicalResult {
    const parent = op.parentOp
    if (parent === null || parent.numRegions !== 1 || parent.getRegion(0).firstBlock === null) {
      return op.emitOpError('expected single non-empty parent region').fail()
    }
    if (!isLinalgOp(parent)) {
      return op.emitOpError('expected parent op with LinalgOp interface').fail()
    }
    const inits = dpsInits(parent)
    if (op.numOperands !== inits.length) {
      return op.emitOpError(`expected number of yield values (${op.numOperands}) to match the number of inits / outs operands of the enclosing LinalgOp (${inits.length})`).fail()
    }
    for (let i = 0; i < op.numOperands; i++) {
      const elementType = elementTypeOrSelf(inits[i]!.type)
      const t = op.getOperand(i).type
      if (t !== elementType) {
        return op
          .emitOpError(`type of yield operand ${i + 1} (${typeText(t)}) doesn't match the element type of the enclosing linalg.generic op (${typeText(elementType)})`)
          .fail()
      }
    }
    return true
  },
})

/** `linalg.index <dim> : index`: the induction variable of loop `dim` of the enclosing structured op. */
export const IndexOp: OdsOp = defineOp({
  name: 'linalg.index',
  summary: 'linalg index operation',
  results: { result: Index },
  attributes: { dim: NonNegativeI64 },
  traits: Trait.Pure,
  assemblyFormat: '$dim attr-dict `:` type($result)',
  verify(op: Operation): LogicalResult {
    const parent = op.parentOp
    if (!isLinalgOp(parent)) {
      return op.emitOpError('expected parent op with LinalgOp interface').fail()
    }
    const dim = (op.getAttr('dim') as IntegerAttr).value
    const loops = numLoopsOf(parent, structuredIndexingMaps(parent))
    if (BigInt(loops) <= dim) {
      return op.emitOpError(`expected dim (${dim}) to be lower than the number of loops (${loops}) of the enclosing LinalgOp`).fail()
    }
    return true
  },
})

/**
 * The structured-op checks, which MLIR runs with the region invariants (`verifyWithRegions`):
 * after the op's own verifier and the ops nested in its body.
 */
export function verifyStructuredRegions(op: Operation): LogicalResult {
  return verifyStructuredOp(op, structuredIndexingMaps(op))
}

/** The indexing maps of any structured op: the attribute, or the named op's defaults. */
export function structuredIndexingMaps(op: Operation): AffineMap[] {
  return shapeOpIndexingMaps(op) ?? indexingMapsOf(op, namedDefaultMaps)
}

/** The default maps of the elementwise named ops: identity on the init's rank, scalars mapped to `()`. */
function namedDefaultMaps(op: Operation): AffineMap[] {
  const inits = dpsInits(op)
  const rank = inits.length === 0 ? 0 : (elementTypeOrSelf(inits[0]!.type) === inits[0]!.type ? 0 : rankOf(inits[0]!.type))
  return op.getOperands().map((v) => (rankOf(v.type) === 0 && elementTypeOrSelf(v.type) === v.type ? AffineMap.get(op.context, rank, 0, []) : AffineMap.identity(op.context, rank)))
}

function rankOf(t: Type): number {
  return 'shape' in t && Array.isArray((t as { shape: unknown }).shape) ? (t as { shape: readonly number[] }).shape.length : 0
}
