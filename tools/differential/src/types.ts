import type { Random } from './Random.ts'

/** The kind of a generated type, a small integer. */
export const TypeKind = {
  Int: 0,
  Index: 1,
  Float: 2,
  Vector: 3,
  Tensor: 4,
  MemRef: 5,
  Other: 6,
} as const

/** A TypeKind value. */
export type TypeKindValue = (typeof TypeKind)[keyof typeof TypeKind]

/** A type the generator knows how to use: its text plus what the generator needs to reason about it. */
export interface Ty {
  readonly text: string
  readonly kind: TypeKindValue
  /** Bit width of an integer or float (or of the element of a shaped type); 0 for others. */
  readonly width: number
  /** The element type of vectors, tensors and memrefs; null for scalars. */
  readonly elem: Ty | null
  /** Dimensions of a shaped type; -1 is dynamic. */
  readonly shape: readonly number[]
}

const interned = new Map<string, Ty>()

function make(text: string, kind: TypeKindValue, width: number, elem: Ty | null, shape: readonly number[]): Ty {
  let ty = interned.get(text)
  if (ty === undefined) {
    ty = { text, kind, width, elem, shape }
    interned.set(text, ty)
  }
  return ty
}

/** The signless integer type of `width` bits. */
export function intTy(width: number): Ty {
  return make(`i${width}`, TypeKind.Int, width, null, [])
}

/** The index type. */
export const indexTy: Ty = make('index', TypeKind.Index, 64, null, [])

/** The float type named `name` (f16, bf16, f32, f64). */
export function floatTy(name: 'f16' | 'bf16' | 'f32' | 'f64'): Ty {
  const width = name === 'f64' ? 64 : name === 'f32' ? 32 : 16
  return make(name, TypeKind.Float, width, null, [])
}

/** A type the generator treats as opaque (used only by unregistered ops and attributes). */
export function otherTy(text: string): Ty {
  return make(text, TypeKind.Other, 0, null, [])
}

function shapeText(shape: readonly number[]): string {
  let text = ''
  for (const d of shape) {
    text += `${d < 0 ? '?' : String(d)}x`
  }
  return text
}

/** vector<shape x elem>. */
export function vectorTy(shape: readonly number[], elem: Ty): Ty {
  return make(`vector<${shapeText(shape)}${elem.text}>`, TypeKind.Vector, elem.width, elem, shape)
}

/** tensor<shape x elem>. */
export function tensorTy(shape: readonly number[], elem: Ty): Ty {
  return make(`tensor<${shapeText(shape)}${elem.text}>`, TypeKind.Tensor, elem.width, elem, shape)
}

/** memref<shape x elem[, suffix]>. */
export function memrefTy(shape: readonly number[], elem: Ty, suffix: string): Ty {
  return make(`memref<${shapeText(shape)}${elem.text}${suffix}>`, TypeKind.MemRef, elem.width, elem, shape)
}

/** The same shape as `ty` (vector or tensor) with `elem` as element type; `elem` itself for scalars. */
export function withElement(ty: Ty, elem: Ty): Ty {
  if (ty.kind === TypeKind.Vector) {
    return vectorTy(ty.shape, elem)
  }
  if (ty.kind === TypeKind.Tensor) {
    return tensorTy(ty.shape, elem)
  }
  return elem
}

/** The scalar element of `ty`: itself for scalars. */
export function scalarOf(ty: Ty): Ty {
  return ty.elem ?? ty
}

/** Whether `ty` is an integer, or a vector/tensor of integers. */
export function isIntLike(ty: Ty): boolean {
  return scalarOf(ty).kind === TypeKind.Int && ty.kind !== TypeKind.MemRef
}

/** Whether `ty` is a float, or a vector/tensor of floats. */
export function isFloatLike(ty: Ty): boolean {
  return scalarOf(ty).kind === TypeKind.Float && ty.kind !== TypeKind.MemRef
}

/** Whether `ty` has only static dimensions. */
export function isStatic(ty: Ty): boolean {
  for (const d of ty.shape) {
    if (d < 0) {
      return false
    }
  }
  return true
}

/** Number of elements of a static shape. */
export function numElements(ty: Ty): number {
  let n = 1
  for (const d of ty.shape) {
    n *= d
  }
  return n
}

const COMMON_INT_WIDTHS = [8, 16, 32, 64] as const
const RARE_INT_WIDTHS = [1, 3, 17, 128] as const
const FLOAT_NAMES = ['f16', 'bf16', 'f32', 'f64'] as const

/** A random signless integer type, mostly of a common width. */
export function randomIntTy(rng: Random): Ty {
  return intTy(rng.chance(0.8) ? rng.pick(COMMON_INT_WIDTHS) : rng.pick(RARE_INT_WIDTHS))
}

/** A random float type among f16, bf16, f32, f64. */
export function randomFloatTy(rng: Random): Ty {
  return floatTy(rng.pick(FLOAT_NAMES))
}

const VECTOR_SHAPES: readonly (readonly number[])[] = [[4], [2], [2, 3], [8], [1, 2, 2]]
const TENSOR_SHAPES: readonly (readonly number[])[] = [[4], [2, 2], [-1], [-1, 4], [3, -1, 2], [1]]
const MEMREF_SHAPES: readonly (readonly number[])[] = [[4], [-1], [4, 4], [2, -1], [8, 2]]

/** A random vector shape. */
export function randomVectorShape(rng: Random): readonly number[] {
  return rng.pick(VECTOR_SHAPES)
}

/** A random tensor shape, possibly dynamic. */
export function randomTensorShape(rng: Random): readonly number[] {
  return rng.pick(TENSOR_SHAPES)
}

/** A random memref type, sometimes with a layout or memory space. */
export function randomMemRefTy(rng: Random, elem: Ty, affine: boolean): Ty {
  const shape = rng.pick(MEMREF_SHAPES)
  const r = rng.int(0, 5)
  if (r === 1) {
    return memrefTy(shape, elem, ', 1')
  }
  if (r === 2 && shape.length === 2) {
    return memrefTy(shape, elem, rng.chance(0.5) ? ', strided<[?, 1], offset: ?>' : ', strided<[8, 1]>')
  }
  if (r === 3 && shape.length === 1) {
    return memrefTy(shape, elem, ', strided<[2], offset: 4>, 3')
  }
  if (r === 4 && affine && shape.length === 2) {
    return memrefTy(shape, elem, ', affine_map<(d0, d1) -> (d1, d0)>')
  }
  if (r === 5) {
    return memrefTy(shape, elem, ', 7')
  }
  return memrefTy(shape, elem, '')
}

const EXOTIC_TYPES: readonly string[] = [
  'si8',
  'ui16',
  'si64',
  'ui1',
  'f8E4M3FN',
  'f8E5M2',
  'tf32',
  'f80',
  'f128',
  'complex<f32>',
  'complex<i8>',
  'tuple<i32, f32>',
  'tuple<>',
  'none',
  'vector<f32>',
  'vector<[4]xf32>',
  'vector<2x[4]xi8>',
  'tensor<f64>',
  'tensor<*xf32>',
  'tensor<4xf32, "sparse">',
  'tensor<?x?xi8, #foo.enc<1>>',
  'memref<*xf32>',
  'memref<*xi8, 2>',
  'memref<f32>',
  'memref<0xi32>',
  'tensor<0x4xf32>',
  '(i32, f32) -> i64',
  '() -> ()',
  '(i8) -> (i8, i8)',
  '!foo.bar',
  '!foo.baz<"text", 1, [2]>',
  '!foo<"opaque body">',
  'vector<4xindex>',
  'i0',
  'i1024',
  'f4E2M1FN',
  'f8E8M0FNU',
]

/** A random type from a list of rarely used builtin and dialect types. */
export function randomExoticTy(rng: Random, dialect: boolean, affine: boolean): Ty {
  for (;;) {
    const text = rng.pick(EXOTIC_TYPES)
    if (!dialect && text.includes('foo')) {
      continue
    }
    if (!affine && text.includes('affine')) {
      continue
    }
    return otherTy(text)
  }
}
