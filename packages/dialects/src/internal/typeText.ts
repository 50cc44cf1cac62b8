import { FloatType, IndexType, IntegerType, RankedTensorType, VectorType, kDynamic, typeToString, type Type } from '@tilepass/ir'

/** @internal The quoted spelling of `type` in a diagnostic, as MLIR streams a type: `'i32'`. */
export function typeText(type: Type): string {
  return `'${typeToString(type)}'`
}

/** @internal The unquoted spelling of `type`. */
export function spell(t: Type): string {
  if (t instanceof IntegerType) {
    return `${t.isSigned ? 'si' : t.isUnsigned ? 'ui' : 'i'}${t.width}`
  }
  if (t instanceof IndexType) {
    return 'index'
  }
  if (t instanceof FloatType) {
    return t.kind
  }
  if (t instanceof VectorType) {
    let s = ''
    for (let i = 0; i < t.shape.length; i++) {
      s += t.scalableDims[i] ? `[${t.shape[i]}]x` : `${t.shape[i]}x`
    }
    return `vector<${s}${spell(t.elementType)}>`
  }
  if (t instanceof RankedTensorType) {
    let s = ''
    for (const d of t.shape) {
      s += d === kDynamic ? '?x' : `${d}x`
    }
    return `tensor<${s}${spell(t.elementType)}>`
  }
  return '<type>'
}
