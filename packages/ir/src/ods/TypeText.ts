import { FloatType, FunctionType, IndexType, IntegerType, NoneType, RankedTensorType, ComplexType, TupleType, UnrankedTensorType, VectorType, MemRefType, UnrankedMemRefType, OpaqueType, kDynamic, type Type } from '../Types.ts'

// FALLBACK(ods): the textual printer (packages/ir/src/printer) is being written
// concurrently; until it exports a type-to-string function, verifier messages spell
// builtin types with this minimal version. Remove once the printer exists.

/** The textual form of `type` for diagnostics (builtin types; others print as `<type>`). */
export function typeToString(type: Type): string {
  const hook = typeTextHook
  if (hook !== null) {
return hook(type)
}
  return fallbackTypeText(type)
}

let typeTextHook: ((type: Type) => string) | null = null

/** Installs the function used to spell types in ODS verifier messages (the printer's). */
export function setOdsTypePrinter(fn: ((type: Type) => string) | null): void {
  typeTextHook = fn
}

function dims(shape: readonly number[]): string {
  let s = ''
  for (const d of shape) {s += `${d === kDynamic ? '?' : String(d)}x`}
  return s
}

function fallbackTypeText(t: Type): string {
  if (t instanceof IntegerType) {return `${t.isSigned ? 'si' : t.isUnsigned ? 'ui' : 'i'}${t.width}`}
  if (t instanceof IndexType) {
return 'index'
}
  if (t instanceof FloatType) {
return t.kind
}
  if (t instanceof NoneType) {
return 'none'
}
  if (t instanceof ComplexType) {return `complex<${fallbackTypeText(t.elementType)}>`}
  if (t instanceof TupleType) {return `tuple<${t.types.map(fallbackTypeText).join(', ')}>`}
  if (t instanceof FunctionType) {
    const ins = `(${t.inputs.map(fallbackTypeText).join(', ')})`
    const r = t.results
    const outs = r.length === 1 && !(r[0] instanceof FunctionType) ? fallbackTypeText(r[0]!) : `(${r.map(fallbackTypeText).join(', ')})`
    return `${ins} -> ${outs}`
  }
  if (t instanceof VectorType) {
    let s = ''
    for (let i = 0; i < t.shape.length; i++) {s += t.scalableDims[i] ? `[${t.shape[i]}]x` : `${t.shape[i]}x`}
    return `vector<${s}${fallbackTypeText(t.elementType)}>`
  }
  if (t instanceof RankedTensorType) {return `tensor<${dims(t.shape)}${fallbackTypeText(t.elementType)}>`}
  if (t instanceof UnrankedTensorType) {return `tensor<*x${fallbackTypeText(t.elementType)}>`}
  if (t instanceof MemRefType) {return `memref<${dims(t.shape)}${fallbackTypeText(t.elementType)}>`}
  if (t instanceof UnrankedMemRefType) {return `memref<*x${fallbackTypeText(t.elementType)}>`}
  if (t instanceof OpaqueType) {return `!${t.dialectNamespace}.${t.typeData}`}
  return '<type>'
}
