/**
 * Operand bundles of `llvm.call`, `llvm.call_intrinsic` and `llvm.intr.assume`:
 * `["tag1"(%a, %b : i32, i32), "tag2"()]`, stored as the `op_bundle_operands` segment with
 * `op_bundle_sizes` and `op_bundle_tags` (absent when there are no bundles), as upstream.
 */
import {
  ArrayAttr,
  DenseArrayAttr,
  StringAttr,
  type Location,
  type LogicalResult,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
  type Type,
  type UnresolvedOperand,
  type Value,
} from '@tilepass/ir'

/** Parsed operand bundles, before their operands are resolved. */
export class ParsedOpBundles {
  constructor(
    /** Where the list starts (its `[`): upstream reports operand/type count mismatches there. */
    readonly loc: Location,
  ) {}
  readonly tags: string[] = []
  readonly operands: UnresolvedOperand[][] = []
  readonly types: Type[][] = []
}

/**
 * Parses an optional `[bundle, ...]` list; null when there is no `[`, undefined on error
 * (diagnosed).
 */
export function parseOptionalOpBundles(parser: OpAsmParser): ParsedOpBundles | null | undefined {
  const loc = parser.getCurrentLocation()
  if (!parser.parseOptionalLSquare()) {
    return null
  }
  const bundles = new ParsedOpBundles(loc)
  if (parser.parseOptionalRSquare()) {
    return bundles
  }
  do {
    const tagLoc = parser.getCurrentLocation()
    // As upstream, a missing tag reports both the string parser's error and its own.
    const tag = parser.parseString()
    if (tag === undefined) {
      parser.emitError(tagLoc, 'expect operand bundle tag').report()
      return undefined
    }
    if (!parser.parseLParen()) {
      return undefined
    }
    let operands: UnresolvedOperand[] = []
    let types: Type[] = []
    if (!parser.parseOptionalRParen()) {
      const list = parser.parseOperandList('none')
      if (list === undefined || !parser.parseColon()) {
        return undefined
      }
      const typeList = parser.parseTypeList()
      if (typeList === undefined || !parser.parseRParen()) {
        return undefined
      }
      operands = list
      types = typeList
    }
    bundles.tags.push(tag)
    bundles.operands.push(operands)
    bundles.types.push(types)
  } while (parser.parseOptionalComma())
  return parser.parseRSquare() ? bundles : undefined
}

/**
 * Resolves the bundles' operands into `operands` and sets `op_bundle_sizes` (and
 * `op_bundle_tags` when there are bundles) on `state`; returns the number of operands added.
 */
export function resolveOpBundles(parser: OpAsmParser, bundles: ParsedOpBundles | null, state: OperationState, operands: Value[]): number | undefined {
  const ctx = parser.context
  const sizes: number[] = []
  let count = 0
  if (bundles !== null) {
    for (let i = 0; i < bundles.tags.length; i++) {
      const ops = bundles.operands[i]!
      const types = bundles.types[i]!
      if (ops.length !== types.length) {
        // Upstream names every bundle "#0" here (its index is never advanced).
        parser.emitError(bundles.loc, `expected ${ops.length} types for operand bundle operands for operand bundle #0, but actually got ${types.length}`).report()
        return undefined
      }
      if (!parser.resolveOperands(ops, types, parser.getNameLoc(), operands)) {
        return undefined
      }
      sizes.push(ops.length)
      count += ops.length
    }
    if (bundles.tags.length > 0) {
      state.addProperty(
        'op_bundle_tags',
        ArrayAttr.get(
          ctx,
          bundles.tags.map((t) => StringAttr.get(ctx, t)),
        ),
      )
    }
  }
  state.addProperty('op_bundle_sizes', DenseArrayAttr.getI32(ctx, sizes))
  return count
}

/** Prints ` [bundle, ...]` for the bundles of `op` (whose operands are `bundleOperands`), nothing when there are none. */
export function printOpBundles(op: Operation, p: OpAsmPrinter, bundleOperands: readonly Value[]): void {
  const sizes = op.getAttr('op_bundle_sizes')
  const tags = op.getAttr('op_bundle_tags')
  const counts = sizes instanceof DenseArrayAttr ? (sizes.values as readonly (number | bigint)[]).map(Number) : []
  if (counts.length === 0) {
    return
  }
  p.print(' [')
  let at = 0
  for (let i = 0; i < counts.length; i++) {
    const tag = tags instanceof ArrayAttr ? tags.elements[i] : undefined
    p.print(i > 0 ? ', ' : '')
    p.printString(tag instanceof StringAttr ? tag.value : '')
    p.print('(')
    const ops = bundleOperands.slice(at, at + counts[i]!)
    at += counts[i]!
    if (ops.length > 0) {
      p.printOperands(ops)
      p.print(' : ')
      ops.forEach((v, j) => {
        p.print(j > 0 ? ', ' : '')
        p.printType(v.type)
      })
    }
    p.print(')')
  }
  p.print(']')
}

/**
 * Upstream's `verifyOperandBundles`: every tag is a string and there is one tag per
 * bundle (per entry of `op_bundle_sizes`).
 */
export function verifyOpBundles(op: Operation): LogicalResult {
  const sizes = op.getAttr('op_bundle_sizes')
  const tags = op.getAttr('op_bundle_tags')
  const tagList = tags instanceof ArrayAttr ? tags.elements : []
  if (!tagList.every((t) => t instanceof StringAttr)) {
    return op.emitError('operand bundle tag must be a StringAttr').fail()
  }
  const numBundles = sizes instanceof DenseArrayAttr ? sizes.values.length : 0
  if (numBundles !== tagList.length) {
    return op.emitError(`expected ${numBundles} operand bundle tags, but actually got ${tagList.length}`).fail()
  }
  return true
}
