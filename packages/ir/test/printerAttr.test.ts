import { describe, expect, it } from 'vitest'
import {
  AffineBinaryOpExpr,
  AffineConstantExpr,
  AffineDimExpr,
  AffineExprKind,
  AffineMap,
  AffineMapAttr,
  AffineSymbolExpr,
  ArrayAttr,
  BoolAttr,
  ComplexType,
  Context,
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  DenseStringElementsAttr,
  DictionaryAttr,
  FloatAttr,
  FloatType,
  FunctionType,
  IndexType,
  IntegerAttr,
  IntegerSet,
  IntegerSetAttr,
  IntegerType,
  MemRefType,
  NoneType,
  OpaqueType,
  RankedTensorType,
  Signedness,
  StridedLayoutAttr,
  StringAttr,
  SymbolRefAttr,
  TupleType,
  UnitAttr,
  UnrankedMemRefType,
  VectorType,
  kDynamic,
  printAttribute,
  printType,
  type AffineExpr,
} from '@tilepass/ir'

// Expected strings are from mlir-opt 22 printing these attributes and types inside an op
// (`--mlir-print-local-scope --mlir-print-op-generic`), e.g. for
//   "test.a"() {b = [1, 2.5, 1 : i32, "s\n\"é"], t = 255 : ui8, ...} : () -> ()

describe('attribute printing', () => {
  const ctx = new Context()
  const i1 = IntegerType.get(ctx, 1)
  const i8 = IntegerType.get(ctx, 8)
  const i32 = IntegerType.get(ctx, 32)
  const i64 = IntegerType.get(ctx, 64)
  const f32 = FloatType.get(ctx, 'f32')
  const f64 = FloatType.get(ctx, 'f64')
  const index = IndexType.get(ctx)

  it('prints scalars, strings, arrays and symbols', () => {
    expect(printAttribute(FloatAttr.get(f64, 1))).toBe('1.000000e+00 : f64')
    expect(
      printAttribute(ArrayAttr.get(ctx, [IntegerAttr.get(i64, 1), FloatAttr.get(f64, 2.5), IntegerAttr.get(i32, 1), StringAttr.get(ctx, 's\n"é')])),
    ).toBe('[1, 2.500000e+00, 1 : i32, "s\\0A\\22\\C3\\A9"]')
    expect(printAttribute(IntegerAttr.get(IntegerType.get(ctx, 8, Signedness.Unsigned), 255))).toBe('255 : ui8')
    expect(printAttribute(IntegerAttr.get(i8, 255))).toBe('-1 : i8')
    expect(printAttribute(IntegerAttr.get(IntegerType.get(ctx, 8, Signedness.Signed), -5))).toBe('-5 : si8')
    expect(printAttribute(IntegerAttr.get(IntegerType.get(ctx, 64, Signedness.Unsigned), 5))).toBe('5 : ui64')
    expect(printAttribute(IntegerAttr.get(index, 7))).toBe('7 : index')
    expect(printAttribute(BoolAttr.get(ctx, true))).toBe('true')
    expect(printAttribute(UnitAttr.get(ctx))).toBe('unit')
    expect(printAttribute(SymbolRefAttr.get(ctx, 'a', ['b']))).toBe('@a::@b')
    expect(printAttribute(SymbolRefAttr.get(ctx, 'x y'))).toBe('@"x y"')
    expect(printAttribute(DictionaryAttr.get(ctx, [{ name: 'x', value: UnitAttr.get(ctx) }, { name: 'a b', value: IntegerAttr.get(i64, 1) }]))).toBe(
      '{"a b" = 1 : i64, x}',
    )
    expect(printAttribute(StringAttr.get(ctx, 'x', NoneType.get(ctx)))).toBe('"x"')
  })

  it('prints a symbol name bare only when it is a bare identifier, as mlir-opt does', () => {
    const sym = (name: string): string => printAttribute(SymbolRefAttr.get(ctx, name))
    // [a-zA-Z_] first, then [a-zA-Z0-9_$.]: everything else (a digit first, other
    // punctuation, characters past ASCII) is quoted.
    expect(sym('a$b.c_9')).toBe('@a$b.c_9')
    expect(sym('_x')).toBe('@_x')
    expect(sym('Z')).toBe('@Z')
    expect(sym('1a')).toBe('@"1a"')
    expect(sym('$a')).toBe('@"$a"')
    expect(sym('.a')).toBe('@".a"')
    expect(sym('a-b')).toBe('@"a-b"')
    expect(sym('Z~')).toBe('@"Z~"')
    expect(sym('a\x7f')).toBe('@"a\\7F"')
    expect(sym('été')).toBe('@"\\C3\\A9t\\C3\\A9"')
    expect(sym('aé')).toBe('@"a\\C3\\A9"')
  })

  it('prints dense elements, dense arrays and strided layouts', () => {
    const t22 = RankedTensorType.get([2, 2], i32)
    expect(printAttribute(DenseIntOrFPElementsAttr.get(t22, [1n, 2n, 3n, 4n], false))).toBe('dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>')
    expect(printAttribute(DenseIntOrFPElementsAttr.get(VectorType.get([4], f32), [1.5], true))).toBe('dense<1.500000e+00> : vector<4xf32>')
    expect(printAttribute(DenseIntOrFPElementsAttr.get(RankedTensorType.get([2], i1), [-1n, 0n], false))).toBe('dense<[true, false]> : tensor<2xi1>')
    expect(printAttribute(DenseIntOrFPElementsAttr.get(RankedTensorType.get([0], i32), [], false))).toBe('dense<> : tensor<0xi32>')
    expect(printAttribute(DenseIntOrFPElementsAttr.get(RankedTensorType.get([], i64), [7n], true))).toBe('dense<7> : tensor<i64>')
    const sType = RankedTensorType.get([2], OpaqueType.get(ctx, 'foo', 's'))
    expect(printAttribute(DenseStringElementsAttr.get(sType, ['a', 'b'], false))).toBe('dense<["a", "b"]> : tensor<2x!foo.s>')
    expect(printAttribute(DenseArrayAttr.getI32(ctx, [1, 2]))).toBe('array<i32: 1, 2>')
    expect(printAttribute(DenseArrayAttr.get(f32, []))).toBe('array<f32>')
    expect(printAttribute(DenseArrayAttr.get(i1, [1n, 0n]))).toBe('array<i1: true, false>')
    expect(printAttribute(DenseIntOrFPElementsAttr.get(RankedTensorType.get([], ComplexType.get(f32)), [1, 2], true))).toBe(
      'dense<(1.000000e+00,2.000000e+00)> : tensor<complex<f32>>',
    )
    expect(printAttribute(DenseIntOrFPElementsAttr.get(RankedTensorType.get([2], ComplexType.get(i32)), [1n, 2n, 3n, 4n], false))).toBe(
      'dense<[(1,2), (3,4)]> : tensor<2xcomplex<i32>>',
    )
    expect(printAttribute(StridedLayoutAttr.get(ctx, kDynamic, [kDynamic, 1]))).toBe('strided<[?, 1], offset: ?>')
    expect(printAttribute(StridedLayoutAttr.get(ctx, 0, [4, 1]))).toBe('strided<[4, 1]>')
    expect(printAttribute(StridedLayoutAttr.get(ctx, 3, []))).toBe('strided<[], offset: 3>')
  })

  it('prints elements that are all equal as a splat, as MLIR detects splats on construction', () => {
    // "test.a"() {a = dense<[5]> : tensor<1xi32>, b = dense<[[2, 2], [2, 2]]> : tensor<2x2xi8>, c = dense<["q", "q"]> : tensor<2x!foo.s>}
    expect(printAttribute(DenseIntOrFPElementsAttr.get(RankedTensorType.get([1], i32), [5n], false))).toBe('dense<5> : tensor<1xi32>')
    expect(printAttribute(DenseIntOrFPElementsAttr.get(RankedTensorType.get([2, 2], i8), [2n, 2n, 2n, 2n], false))).toBe('dense<2> : tensor<2x2xi8>')
    const sType = RankedTensorType.get([2], OpaqueType.get(ctx, 'foo', 's'))
    expect(printAttribute(DenseStringElementsAttr.get(sType, ['q', 'q'], false))).toBe('dense<"q"> : tensor<2x!foo.s>')
  })

  it('prints large dense elements in hex, i1 bit-packed', () => {
    // dense<[true, false, true, true, false, false, true, ..., true, false]> : tensor<101xi1>
    const bits: bigint[] = []
    for (let i = 0; i < 101; i++) {
      bits.push(i === 1 || i === 4 || i === 5 || i === 100 ? 0n : -1n)
    }
    expect(printAttribute(DenseIntOrFPElementsAttr.get(RankedTensorType.get([101], i1), bits, false))).toBe(
      'dense<"0xCDFFFFFFFFFFFFFFFFFFFFFF0F"> : tensor<101xi1>',
    )
    const vals: bigint[] = []
    for (let i = 0; i < 101; i++) {
      vals.push(BigInt(i - 1))
    }
    const hex = printAttribute(DenseIntOrFPElementsAttr.get(RankedTensorType.get([101], IntegerType.get(ctx, 16)), vals, false))
    expect(hex.startsWith('dense<"0xFFFF000001000200')).toBe(true)
    expect(hex.endsWith('6300"> : tensor<101xi16>')).toBe(true)
  })

  it('prints affine maps and integer sets with MLIR precedence and sugar', () => {
    const d0 = AffineDimExpr.get(ctx, 0)
    const d1 = AffineDimExpr.get(ctx, 1)
    const s0 = AffineSymbolExpr.get(ctx, 0)
    const c = (v: number): AffineExpr => AffineConstantExpr.get(ctx, v)
    const bin = (k: AffineExprKind, l: AffineExpr, r: AffineExpr): AffineExpr => AffineBinaryOpExpr.getRaw(k, l, r)
    const add = (l: AffineExpr, r: AffineExpr): AffineExpr => bin(AffineExprKind.Add, l, r)
    const mul = (l: AffineExpr, r: AffineExpr): AffineExpr => bin(AffineExprKind.Mul, l, r)
    // affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>
    const map = AffineMap.get(ctx, 2, 0, [
      add(add(mul(d0, c(2)), d1), c(-1)),
      mul(d0, c(-1)),
      bin(AffineExprKind.FloorDiv, d0, c(3)),
      bin(AffineExprKind.Mod, add(d0, d1), c(4)),
    ])
    expect(printAttribute(AffineMapAttr.get(map))).toBe('affine_map<(d0, d1) -> (d0 * 2 + d1 - 1, -d0, d0 floordiv 3, (d0 + d1) mod 4)>')
    // affine_map<(d0)[s0] -> (d0 - s0, d0 - s0 * 3, d0 ceildiv s0)>
    const map2 = AffineMap.get(ctx, 1, 1, [add(d0, mul(s0, c(-1))), add(d0, mul(s0, c(-3))), bin(AffineExprKind.CeilDiv, d0, s0)])
    expect(printAttribute(AffineMapAttr.get(map2))).toBe('affine_map<(d0)[s0] -> (d0 - s0, d0 - s0 * 3, d0 ceildiv s0)>')
    expect(printAttribute(AffineMapAttr.get(AffineMap.get(ctx, 0, 0, [])))).toBe('affine_map<() -> ()>')
    const set = IntegerSet.get(ctx, 1, 1, [add(d0, mul(s0, c(-1))), d0], [false, true])
    expect(printAttribute(IntegerSetAttr.get(set))).toBe('affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 == 0)>')
  })
})

describe('type printing', () => {
  const ctx = new Context()
  const i32 = IntegerType.get(ctx, 32)
  const f32 = FloatType.get(ctx, 'f32')

  it('prints builtin types as mlir-opt does', () => {
    const d0 = AffineDimExpr.get(ctx, 0)
    const layout = AffineMapAttr.get(AffineMap.get(ctx, 1, 0, [AffineBinaryOpExpr.getRaw(AffineExprKind.Add, d0, AffineConstantExpr.get(ctx, 1))]))
    const cases: [string, string][] = [
      [
        printType(MemRefType.get([4, kDynamic], f32, StridedLayoutAttr.get(ctx, 0, [kDynamic, 1]), IntegerAttr.get(IntegerType.get(ctx, 64), 3))),
        'memref<4x?xf32, strided<[?, 1]>, 3>',
      ],
      [printType(RankedTensorType.get([kDynamic, 4], f32, StringAttr.get(ctx, 'enc'))), 'tensor<?x4xf32, "enc">'],
      [printType(VectorType.get([4, 8], f32, [true, false])), 'vector<[4]x8xf32>'],
      [printType(UnrankedMemRefType.get(f32, IntegerAttr.get(IntegerType.get(ctx, 64), 1))), 'memref<*xf32, 1>'],
      [printType(TupleType.get(ctx, [])), 'tuple<>'],
      [printType(FunctionType.get(ctx, [], [])), '() -> ()'],
      [printType(FunctionType.get(ctx, [i32], [FunctionType.get(ctx, [], [])])), '(i32) -> (() -> ())'],
      [printType(ComplexType.get(f32)), 'complex<f32>'],
      [printType(OpaqueType.get(ctx, 'foo', 'foo<"x">')), '!foo.foo<"x">'],
      [printType(OpaqueType.get(ctx, 'foo', 'bar')), '!foo.bar'],
      [printType(OpaqueType.get(ctx, 'foo', '"qq"')), '!foo<"qq">'],
      [printType(MemRefType.get([2], f32, layout)), 'memref<2xf32, affine_map<(d0) -> (d0 + 1)>>'],
      [printType(IntegerType.get(ctx, 7, Signedness.Unsigned)), 'ui7'],
      [printType(FloatType.get(ctx, 'f8E4M3FN')), 'f8E4M3FN'],
    ]
    for (const [got, want] of cases) {
      expect(got).toBe(want)
    }
  })
})
