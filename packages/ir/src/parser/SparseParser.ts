import type { Attribute, DenseElementsAttr } from '../Attributes.ts'
import { DenseIntOrFPElementsAttr, DenseStringElementsAttr } from '../Attributes.ts'
import { SparseElementsAttr, sparseIndicesType } from '../SparseElements.ts'
import {
  ComplexType,
  FloatType,
  IndexType,
  IntegerType,
  RankedTensorType,
  ShapedType,
  type Type,
} from '../Types.ts'
import { Tok } from './Lexer.ts'
import { TensorLiteral, type Parser } from './Parser.ts'

/**
 * @internal `sparse<indices, values> : type` or `sparse<> : type`, at the `sparse` keyword;
 * `type` is the expected type when the caller already knows it. Null after a diagnostic.
 */
export function parseSparseElementsAttr(p: Parser, type: Type | undefined): Attribute | null {
  const attrLoc = p.lex.start
  p.consume()
  if (!p.expect(Tok.less, "Expected '<' after 'sparse'")) {
    return null
  }
  if (p.consumeIf(Tok.greater)) {
    const t = parseLiteralType(p, type, attrLoc)
    if (t === null) {
      return null
    }
    const el = t.elementType
    const indices = DenseIntOrFPElementsAttr.get(sparseIndicesType(p.context, [0, t.rank]), [] as bigint[], false)
    const valuesType = RankedTensorType.get([0], el)
    const values: DenseElementsAttr = isNumeric(el)
      ? DenseIntOrFPElementsAttr.get(valuesType, [] as bigint[], false)
      : DenseStringElementsAttr.get(valuesType, [], false)
    return SparseElementsAttr.get(t, indices, values)
  }
  // Indices: a (nested) list or a single integer; hexadecimal strings are not accepted here.
  const indicesLoc = p.lex.start
  const indicesLit = new TensorLiteral()
  if (!p.parseTensorLiteral(indicesLit)) {
    return null
  }
  if (!p.expect(Tok.comma, "expected ','")) {
    return null
  }
  const valuesLoc = p.lex.start
  const valuesLit = new TensorLiteral()
  if (p.lex.kind === Tok.string && p.src.startsWith('"0x', p.lex.start)) {
    valuesLit.hexLoc = p.lex.start
    valuesLit.hex = p.stringValue()
    p.consume()
  } else if (!p.parseTensorLiteral(valuesLit)) {
    return null
  }
  if (!p.expect(Tok.greater, "expected '>'")) {
    return null
  }
  const t = parseLiteralType(p, type, attrLoc)
  if (t === null) {
    return null
  }
  const indicesShape = indicesLit.sawList ? indicesLit.shape : [1, t.rank]
  if (!rejectStrings(p, indicesLit)) {
    return null
  }
  const indices = p.buildDenseAttr(indicesLit, sparseIndicesType(p.context, indicesShape), indicesLoc)
  if (indices === null) {
    return null
  }
  const el = t.elementType
  const valuesShape = valuesLit.sawList ? valuesLit.shape : [indicesShape[0]!]
  const values = p.buildDenseAttr(valuesLit, RankedTensorType.get(valuesShape, el), valuesLoc)
  if (values === null) {
    return null
  }
  const error = SparseElementsAttr.verify(t, indices as DenseIntOrFPElementsAttr, values as DenseElementsAttr)
  if (error !== null) {
    p.emitErrorAt(attrLoc, error).report()
    return null
  }
  return SparseElementsAttr.get(t, indices as DenseIntOrFPElementsAttr, values as DenseElementsAttr)
}

function isNumeric(t: Type): boolean {
  return t instanceof IntegerType || t instanceof IndexType || t instanceof FloatType || t instanceof ComplexType
}

/** A string literal among the indices (where hexadecimal data is not accepted) is an out-of-range integer, as in MLIR. */
function rejectStrings(p: Parser, lit: TensorLiteral): boolean {
  if (lit.tokKinds[0] !== Tok.string) {
    return true
  }
  p.emitErrorAt(lit.tokStarts[0]!, 'integer constant out of range for type').report()
  return false
}

/** The `: type` after the literal (unless given), which must be a statically shaped tensor, vector or memref. */
function parseLiteralType(p: Parser, given: Type | undefined, attrLoc: number): ShapedType | null {
  let t: Type | null | undefined = given
  if (t === undefined) {
    if (!p.expect(Tok.colon, "expected ':'")) {
      return null
    }
    t = p.parseTypeImpl()
    if (t === null) {
      return null
    }
  }
  if (!(t instanceof ShapedType)) {
    p.emitErrorAt(attrLoc, 'elements literal must be a shaped type').report()
    return null
  }
  if (!t.hasStaticShape) {
    p.emitErrorAt(attrLoc, 'elements literal type must have static shape').report()
    return null
  }
  return t
}
