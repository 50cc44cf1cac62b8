// The vector dialect and affine.vector_load/store: custom and generic forms, verifier messages,
// folders, canonicalizations and memory effects must equal mlir-opt 22's behaviour on the same
// input (the expected texts below were produced by mlir-opt 22.1.8).
import { describe, expect, it } from 'vitest'
import {
  BuiltinDialect,
  ConditionallySpeculatable,
  Context,
  FrozenRewritePatternSet,
  RewritePatternSet,
  applyPatternsGreedily,
  isMemoryEffectFree,
  parseSourceString,
  printOperation,
  verify,
  type Operation,
} from '@tilepass/ir'
import { AffineDialect } from '../src/affine/index.ts'
import { ArithDialect } from '../src/arith/index.ts'
import { FuncDialect } from '../src/func/index.ts'
import { MemRefDialect } from '../src/memref/index.ts'
import { UBDialect } from '../src/ub/index.ts'
import { VectorDialect } from '../src/vector/index.ts'

function context(): { ctx: Context; errors: string[] } {
  const ctx = new Context({ dialects: [BuiltinDialect, ArithDialect, FuncDialect, MemRefDialect, AffineDialect, UBDialect, VectorDialect], allowUnregisteredDialects: true })
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    errors.push(d.message)
    return true
  })
  return { ctx, errors }
}

function parse(source: string): { ctx: Context; op: Operation; errors: string[] } {
  const { ctx, errors } = context()
  const r = parseSourceString(source, ctx)
  if (r === null) {
    ctx.diagEngine.flush()
    throw new Error(errors[0] ?? 'parse failed')
  }
  return { ctx, op: r.op, errors }
}

/** Parses, verifies and prints `source` (generic form when asked); the first diagnostic on failure. */
function roundTrip(source: string, generic = false): string {
  const { ctx, errors } = context()
  const r = parseSourceString(source, ctx)
  const ok = r !== null && verify(r.op)
  ctx.diagEngine.flush()
  return ok ? `${printOperation(r.op, { printGenericOpForm: generic })}\n` : (errors[0] ?? 'error')
}

/** The first diagnostic's message for an invalid input. */
function firstError(source: string): string | undefined {
  const { ctx, errors } = context()
  const r = parseSourceString(source, ctx)
  if (r !== null) {
    verify(r.op)
  }
  ctx.diagEngine.flush()
  return errors[0]
}

/** `mlir-opt --canonicalize` with every loaded dialect's patterns. */
function canonicalize(source: string): string {
  const { ctx, op } = parse(source)
  const patterns = new RewritePatternSet(ctx)
  for (const name of ctx.registeredOperationNames) {
    name.def?.getCanonicalizationPatterns?.(patterns)
  }
  applyPatternsGreedily(op, new FrozenRewritePatternSet(patterns))
  return `${printOperation(op)}\n`
}

function firstOpNamed(root: Operation, name: string): Operation {
  let found: Operation | null = null
  root.walk((o) => {
    if (found === null && o.name.name === name) {
      found = o
    }
  })
  if (found === null) {
    throw new Error(`no ${name}`)
  }
  return found
}

const ops = String.raw`func.func @ops(%a: f32, %v: vector<[4]xf32>, %w: vector<2x4xf32>, %m: memref<8x8xf32>, %t: tensor<8x8xf32>, %i: index) -> vector<2x4xf32> {
  %b = vector.broadcast %a : f32 to vector<[4]xf32>
  %e = vector.extract %w[1, %i] : f32 from vector<2x4xf32>
  %n = vector.insert %e, %w [0, 3] : f32 into vector<2x4xf32>
  %s = vector.shape_cast %n : vector<2x4xf32> to vector<8xf32>
  %r = vector.reduction <maxnumf>, %s, %a fastmath<nnan> : vector<8xf32> into f32
  %k = vector.create_mask %i, %i : vector<2x4xi1>
  %x = vector.transfer_read %m[%i, %i], %a, %k {in_bounds = [true, false]} : memref<8x8xf32>, vector<2x4xf32>
  %y = vector.transfer_read %t[%i, %i], %a {permutation_map = affine_map<(d0, d1) -> (0, d0)>} : tensor<8x8xf32>, vector<2x4xf32>
  %z = vector.transfer_write %y, %t[%i, %i] : vector<2x4xf32>, tensor<8x8xf32>
  %l = vector.load %m[%i, %i] {nontemporal = true} : memref<8x8xf32>, vector<8xf32>
  vector.store %l, %m[%i, %i] : memref<8x8xf32>, vector<8xf32>
  %f = vector.fma %l, %l, %s : vector<8xf32>
  %av = affine.vector_load %m[%i + 1, symbol(%i)] : memref<8x8xf32>, vector<8xf32>
  affine.vector_store %av, %m[%i, %i * 2] : memref<8x8xf32>, vector<8xf32>
  return %x : vector<2x4xf32>
}
`

describe('vector ops: syntax', () => {
  it('print in their custom forms as mlir-opt does (default in_bounds and minor identity maps elided)', () => {
    expect(roundTrip(ops)).toBe(String.raw`#map = affine_map<(d0, d1) -> (0, d0)>
module {
  func.func @ops(%arg0: f32, %arg1: vector<[4]xf32>, %arg2: vector<2x4xf32>, %arg3: memref<8x8xf32>, %arg4: tensor<8x8xf32>, %arg5: index) -> vector<2x4xf32> {
    %0 = vector.broadcast %arg0 : f32 to vector<[4]xf32>
    %1 = vector.extract %arg2[1, %arg5] : f32 from vector<2x4xf32>
    %2 = vector.insert %1, %arg2 [0, 3] : f32 into vector<2x4xf32>
    %3 = vector.shape_cast %2 : vector<2x4xf32> to vector<8xf32>
    %4 = vector.reduction <maxnumf>, %3, %arg0 fastmath<nnan> : vector<8xf32> into f32
    %5 = vector.create_mask %arg5, %arg5 : vector<2x4xi1>
    %6 = vector.transfer_read %arg3[%arg5, %arg5], %arg0, %5 {in_bounds = [true, false]} : memref<8x8xf32>, vector<2x4xf32>
    %7 = vector.transfer_read %arg4[%arg5, %arg5], %arg0 {permutation_map = #map} : tensor<8x8xf32>, vector<2x4xf32>
    %8 = vector.transfer_write %7, %arg4[%arg5, %arg5] : vector<2x4xf32>, tensor<8x8xf32>
    %9 = vector.load %arg3[%arg5, %arg5] {nontemporal = true} : memref<8x8xf32>, vector<8xf32>
    vector.store %9, %arg3[%arg5, %arg5] : memref<8x8xf32>, vector<8xf32>
    %10 = vector.fma %9, %9, %3 : vector<8xf32>
    %11 = affine.vector_load %arg3[%arg5 + 1, %arg5] : memref<8x8xf32>, vector<8xf32>
    affine.vector_store %11, %arg3[%arg5, %arg5 * 2] : memref<8x8xf32>, vector<8xf32>
    return %6 : vector<2x4xf32>
  }
}

`)
  })

  it('print in the generic form with their properties filled in, and read it back', () => {
    const generic = roundTrip(ops, true)
    expect(generic).toContain(
      '%1 = "vector.extract"(%arg2, %arg5) <{static_position = array<i64: 1, -9223372036854775808>}> : (vector<2x4xf32>, index) -> f32',
    )
    expect(generic).toContain(
      '%4 = "vector.reduction"(%3, %arg0) <{fastmath = #arith.fastmath<nnan>, kind = #vector.kind<maxnumf>}> : (vector<8xf32>, f32) -> f32',
    )
    expect(generic).toContain(
      '%7 = "vector.transfer_read"(%arg4, %arg5, %arg5, %arg0) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 2, 1, 0>, permutation_map = #map1}> : (tensor<8x8xf32>, index, index, f32) -> vector<2x4xf32>',
    )
    expect(generic).toContain(
      '%8 = "vector.transfer_write"(%7, %arg4, %arg5, %arg5) <{in_bounds = [false, false], operandSegmentSizes = array<i32: 1, 1, 2, 0>, permutation_map = #map}> : (vector<2x4xf32>, tensor<8x8xf32>, index, index) -> tensor<8x8xf32>',
    )
    expect(generic).toContain('%11 = "affine.vector_load"(%arg3, %arg5) <{map = #map2}> : (memref<8x8xf32>, index) -> vector<8xf32>')
    expect(roundTrip(generic)).toBe(roundTrip(ops))
  })
})

describe('vector ops: verifiers and parser errors (upstream messages)', () => {
  const cases: [string, string][] = [
    ['func.func @f(%a: vector<7xf32>) {\n  %0 = vector.broadcast %a : vector<7xf32> to vector<3xf32>\n  return\n}', "'vector.broadcast' op dimension mismatch (7 vs. 3)"],
    ['func.func @f(%a: vector<[4]xf32>) {\n  %0 = vector.broadcast %a : vector<[4]xf32> to vector<2x4xf32>\n  return\n}', "'vector.broadcast' op dimension mismatch ([4] vs. 4)"],
    ['func.func @f(%a: memref<4xf32>) {\n  %0 = vector.broadcast %a : memref<4xf32> to vector<4xf32>\n  return\n}', "'vector.broadcast' op source type is not a vector"],
    ['func.func @f(%a: f32) {\n  %0 = vector.broadcast %a : f32 to f32\n  return\n}', "custom op 'vector.broadcast' invalid kind of type specified: expected builtin.vector, but found 'f32'"],
    ['func.func @f(%a: vector<4x8x16xf32>) {\n  %0 = vector.extract %a[0, 43, 0] : f32 from vector<4x8x16xf32>\n  return\n}', "'vector.extract' op expected position attribute #2 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)"],
    ['func.func @f(%a: vector<4x8x16xf32>) {\n  %0 = vector.extract %a[0, 0] : f32 from vector<4x8x16xf32>\n  return\n}', "'vector.extract' op inferred type(s) 'vector<16xf32>' are incompatible with return type(s) of operation 'f32'"],
    ['func.func @f(%a: f32, %b: vector<4x8xf32>) {\n  %0 = vector.insert %a, %b [3] : f32 into vector<4x8xf32>\n  return\n}', "'vector.insert' op expected position attribute rank to match the dest vector rank"],
    ['func.func @f(%a: vector<4x8xf32>) {\n  %0 = vector.shape_cast %a : vector<4x8xf32> to vector<33xf32>\n  return\n}', "'vector.shape_cast' op has different number of elements at source (32) and result (33)"],
    ['func.func @f(%v: vector<16xf32>) {\n  %0 = vector.reduction <and>, %v : vector<16xf32> into f32\n  return\n}', "'vector.reduction' op unsupported reduction type ''f32'' for kind 'and'"],
    ['func.func @f() {\n  %0 = vector.constant_mask [0, 2] : vector<4x3xi1>\n  return\n}', "'vector.constant_mask' op expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim"],
    ['func.func @f(%i: index) {\n  %0 = vector.create_mask %i : vector<4x3xi1>\n  return\n}', "'vector.create_mask' op must specify an operand for each result vector dimension"],
    ['func.func @f(%m: memref<?x?xf64>, %i: index) {\n  %0 = vector.load %m[%i, %i] : memref<?x?xf64>, vector<8xf32>\n  return\n}', "'vector.load' op base and result element types should match"],
    ['func.func @f(%m: memref<?x?xf32, strided<[1, ?]>>, %i: index, %v: vector<8xf32>) {\n  vector.store %v, %m[%i, %i] : memref<?x?xf32, strided<[1, ?]>>, vector<8xf32>\n  return\n}', "'vector.store' op most minor memref dim must have unit stride"],
    ['func.func @f(%m: memref<?x?xf32>, %c: f32, %i: index) {\n  %0 = vector.transfer_read %m[%i, %i], %c : memref<?x?xf32>, vector<2x3x128xf32>\n  return\n}', "custom op 'vector.transfer_read' expected a custom permutation_map when rank(source) != rank(destination)"],
    ['func.func @f(%m: memref<?x?x?xf32>, %c: f32, %i: index) {\n  %0 = vector.transfer_read %m[%i, %i, %i], %c {permutation_map = affine_map<(d0, d1, d2) -> (d0, d0)>} : memref<?x?x?xf32>, vector<3x7xf32>\n  return\n}', "'vector.transfer_read' op requires a permutation_map that is a permutation (found one dim used more than once)"],
    ['func.func @f(%m: memref<?xf32>, %v: vector<7xf32>, %i: index) {\n  vector.transfer_write %v, %m[%i] {permutation_map = affine_map<(d0) -> (0)>} : vector<7xf32>, memref<?xf32>\n  return\n}', "'vector.transfer_write' op should not have broadcast dimensions"],
    ['func.func @f(%m: memref<?x?xf32>, %c: f32, %i: index) {\n  %0 = vector.transfer_read %m[%i, %i], %c {in_bounds = [true, false]} : memref<?x?xf32>, vector<128xf32>\n  return\n}', "'vector.transfer_read' op expects the in_bounds attr of same rank as permutation_map results: affine_map<(d0, d1) -> (d1)> vs inBounds of size: 2"],
    [
      'func.func @f(%m: memref<*xf32>, %i: index, %p: f32) {\n  %0 = "vector.transfer_read"(%m, %i, %p) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (memref<*xf32>, index, f32) -> vector<4xf32>\n  return\n}',
      "'vector.transfer_read' op requires 0 indices",
    ],
    [
      'func.func @f(%v: vector<4xf32>, %m: memref<4xf32>, %i: index) {\n  %0 = "vector.transfer_write"(%v, %m, %i) <{in_bounds = [true], operandSegmentSizes = array<i32: 1, 1, 1, 0>, permutation_map = affine_map<(d0) -> (d0)>}> : (vector<4xf32>, memref<4xf32>, index) -> tensor<4xf32>\n  return\n}',
      "'vector.transfer_write' op expected the number of tensor results (1) to be equal to the number of output tensors (0)",
    ],
    ['func.func @f(%m: memref<100xf32>, %i: index) {\n  %0 = affine.vector_load %m[%i] : memref<100xf32>, vector<8xf64>\n  return\n}', "'affine.vector_load' op requires memref and vector types of the same elemental type"],
    ['func.func @f(%m: memref<4xf32>, %v: vector<4xf32>, %i: index) {\n  affine.vector_store %v, %m[%i] : memref<4xf32>, f32\n  return\n}', "custom op 'affine.vector_store' invalid kind of type specified: expected builtin.vector, but found 'f32'"],
    ['func.func @f(%m: tensor<4xf32>, %i: index) {\n  %0 = affine.load %m[%i] : tensor<4xf32>\n  return\n}', "custom op 'affine.load' invalid kind of type specified: expected builtin.memref, but found 'tensor<4xf32>'"],
  ]
  for (const [source, message] of cases) {
    it(message, () => {
      expect(firstError(source)).toBe(message)
    })
  }
})

describe('vector ops: folders and canonicalizations', () => {
  it('fold broadcasts, extracts, masks, single-element reductions and in_bounds as mlir-opt --canonicalize', () => {
    const input = String.raw`func.func @fold(%a: f32, %w: vector<2x4xf32>, %v: vector<1xf32>, %m: memref<8x8xf32>) -> (vector<4xf32>, vector<2x4xf32>, f32, f32, vector<2x3xi1>, f32, vector<4xf32>) {
  %c2 = arith.constant 2.0 : f32
  %0 = vector.broadcast %c2 : f32 to vector<4xf32>
  %1 = vector.broadcast %a : f32 to vector<4xf32>
  %2 = vector.broadcast %1 : vector<4xf32> to vector<2x4xf32>
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %3 = vector.extract %w[%c1, 2] : f32 from vector<2x4xf32>
  %4 = vector.extract %2[1, 3] : f32 from vector<2x4xf32>
  %5 = vector.create_mask %c1, %c9 : vector<2x3xi1>
  %6 = vector.reduction <mul>, %v, %a fastmath<fast> : vector<1xf32> into f32
  %c0 = arith.constant 0 : index
  %7 = vector.transfer_read %m[%c0, %c1], %a : memref<8x8xf32>, vector<4xf32>
  return %0, %2, %3, %4, %5, %6, %7 : vector<4xf32>, vector<2x4xf32>, f32, f32, vector<2x3xi1>, f32, vector<4xf32>
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @fold(%arg0: f32, %arg1: vector<2x4xf32>, %arg2: vector<1xf32>, %arg3: memref<8x8xf32>) -> (vector<4xf32>, vector<2x4xf32>, f32, f32, vector<2x3xi1>, f32, vector<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant dense<2.000000e+00> : vector<4xf32>
    %0 = vector.broadcast %arg0 : f32 to vector<2x4xf32>
    %1 = vector.extract %arg1[1, 2] : f32 from vector<2x4xf32>
    %2 = vector.constant_mask [1, 3] : vector<2x3xi1>
    %3 = vector.extract %arg2[0] : f32 from vector<1xf32>
    %4 = arith.mulf %3, %arg0 fastmath<fast> : f32
    %5 = vector.transfer_read %arg3[%c0, %c1], %arg0 {in_bounds = [true]} : memref<8x8xf32>, vector<4xf32>
    return %cst, %0, %1, %arg0, %2, %4, %5 : vector<4xf32>, vector<2x4xf32>, f32, f32, vector<2x3xi1>, f32, vector<4xf32>
  }
}

`)
  })

  it('fold poison positions, dense chunks, insert chains, from_elements, shape_casts and tensor read-after-write', () => {
    const input = String.raw`func.func @c(%arg0: vector<4x8x16xf32>, %idx: index, %a: f32, %b0: f32, %z: vector<f32>, %b: vector<16xf32>, %t: tensor<8x8xf32>, %m: memref<8x8xf32>, %w: vector<2x4xf32>) {
  %p = ub.poison : vector<4xf32>
  %0 = vector.extract %arg0[-1, 0] : vector<16xf32> from vector<4x8x16xf32>
  %1 = vector.insert %a, %b[-1] : f32 into vector<16xf32>
  %2 = vector.extract %z[] : f32 from vector<f32>
  %3 = vector.insert %a, %z[] : f32 into vector<f32>
  %fe = vector.from_elements %a, %b0 : vector<2xf32>
  %4 = vector.extract %fe[1] : f32 from vector<2xf32>
  %bc = vector.broadcast %a : f32 to vector<2x4xf32>
  %5 = vector.shape_cast %bc : vector<2x4xf32> to vector<8xf32>
  %6 = vector.extract %bc[1] : vector<4xf32> from vector<2x4xf32>
  %sc = vector.shape_cast %w : vector<2x4xf32> to vector<8xf32>
  %7 = vector.extract %sc[5] : f32 from vector<8xf32>
  %8 = vector.broadcast %p : vector<4xf32> to vector<2x4xf32>
  %9 = vector.insert %a, %bc [0, 1] : f32 into vector<2x4xf32>
  %10 = vector.broadcast %z : vector<f32> to vector<4xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %wr = vector.transfer_write %b, %t[%c0, %c0] {in_bounds = [true]} : vector<16xf32>, tensor<8x8xf32>
  %rd = vector.transfer_read %wr[%c0, %c0], %pad {in_bounds = [true]} : tensor<8x8xf32>, vector<16xf32>
  %11 = vector.transfer_read %m[%c0, %c0], %pad : memref<8x8xf32>, vector<2x8xf32>
  %12 = vector.transfer_read %m[%idx, %c0], %pad : memref<8x8xf32>, vector<2x8xf32>
  %ci = arith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi32>
  %13 = vector.extract %ci[1] : vector<2xi32> from vector<2x2xi32>
  %14 = vector.insert %b, %arg0 [0, 0] : vector<16xf32> into vector<4x8x16xf32>
  %15 = vector.extract %14[0, 0] : vector<16xf32> from vector<4x8x16xf32>
  %16 = vector.extract %14[1, 0] : vector<16xf32> from vector<4x8x16xf32>
  %cm = vector.constant_mask [2, 3] : vector<2x3xi1>
  %17 = vector.create_mask %idx, %c0 : vector<2x3xi1>
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %rd, %11, %12, %13, %15, %16, %cm, %17) : (vector<16xf32>, vector<16xf32>, f32, vector<f32>, f32, vector<8xf32>, vector<4xf32>, f32, vector<2x4xf32>, vector<2x4xf32>, vector<4xf32>, vector<16xf32>, vector<2x8xf32>, vector<2x8xf32>, vector<2xi32>, vector<16xf32>, vector<16xf32>, vector<2x3xi1>, vector<2x3xi1>) -> ()
  return
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @c(%arg0: vector<4x8x16xf32>, %arg1: index, %arg2: f32, %arg3: f32, %arg4: vector<f32>, %arg5: vector<16xf32>, %arg6: tensor<8x8xf32>, %arg7: memref<8x8xf32>, %arg8: vector<2x4xf32>) {
    %cst = arith.constant dense<true> : vector<2x3xi1>
    %cst_0 = arith.constant dense<[3, 4]> : vector<2xi32>
    %0 = ub.poison : vector<2x4xf32>
    %cst_1 = arith.constant 0.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %1 = ub.poison : vector<16xf32>
    %2 = vector.extract %arg4[] : f32 from vector<f32>
    %3 = vector.broadcast %arg2 : f32 to vector<f32>
    %4 = vector.broadcast %arg2 : f32 to vector<2x4xf32>
    %5 = vector.broadcast %arg2 : f32 to vector<8xf32>
    %6 = vector.broadcast %arg2 : f32 to vector<4xf32>
    %7 = vector.extract %arg8[1, 1] : f32 from vector<2x4xf32>
    %8 = vector.insert %arg2, %4 [0, 1] : f32 into vector<2x4xf32>
    %9 = vector.broadcast %arg4 : vector<f32> to vector<4xf32>
    %10 = vector.transfer_read %arg7[%c0, %c0], %cst_1 {in_bounds = [true, true]} : memref<8x8xf32>, vector<2x8xf32>
    %11 = vector.transfer_read %arg7[%arg1, %c0], %cst_1 {in_bounds = [false, true]} : memref<8x8xf32>, vector<2x8xf32>
    %12 = vector.extract %arg0[1, 0] : vector<16xf32> from vector<4x8x16xf32>
    %13 = vector.create_mask %arg1, %c0 : vector<2x3xi1>
    "test.use"(%1, %1, %2, %3, %arg3, %5, %6, %7, %0, %8, %9, %arg5, %10, %11, %cst_0, %arg5, %12, %cst, %13) : (vector<16xf32>, vector<16xf32>, f32, vector<f32>, f32, vector<8xf32>, vector<4xf32>, f32, vector<2x4xf32>, vector<2x4xf32>, vector<4xf32>, vector<16xf32>, vector<2x8xf32>, vector<2x8xf32>, vector<2xi32>, vector<16xf32>, vector<16xf32>, vector<2x3xi1>, vector<2x3xi1>) -> ()
    return
  }
}

`)
  })

  it('compose affine.apply into affine.vector_load/store subscripts', () => {
    const input = String.raw`func.func @compose(%A: memref<1024xf32>) {
  affine.for %i = 0 to 15 {
    %idx = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
    %0 = affine.vector_load %A[%idx] : memref<1024xf32>, vector<8xf32>
    affine.vector_store %0, %A[%idx] : memref<1024xf32>, vector<8xf32>
  }
  return
}
`
    expect(canonicalize(input)).toBe(String.raw`module {
  func.func @compose(%arg0: memref<1024xf32>) {
    affine.for %arg1 = 0 to 15 {
      %0 = affine.vector_load %arg0[%arg1 + 1] : memref<1024xf32>, vector<8xf32>
      affine.vector_store %0, %arg0[%arg1 + 1] : memref<1024xf32>, vector<8xf32>
    }
    return
  }
}

`)
  })
})

describe('vector ops: memory effects', () => {
  const input = String.raw`func.func @f(%m: memref<8x8xf32>, %t: tensor<8x8xf32>, %v: vector<4xf32>, %i: index, %p: f32) {
  %0 = vector.transfer_read %m[%i, %i], %p : memref<8x8xf32>, vector<4xf32>
  %1 = vector.transfer_read %t[%i, %i], %p : tensor<8x8xf32>, vector<4xf32>
  %2 = vector.transfer_write %v, %t[%i, %i] : vector<4xf32>, tensor<8x8xf32>
  vector.transfer_write %v, %m[%i, %i] : vector<4xf32>, memref<8x8xf32>
  %3 = vector.load %m[%i, %i] : memref<8x8xf32>, vector<4xf32>
  %4 = vector.broadcast %p : f32 to vector<4xf32>
  return
}
`
  it('transfers on tensors are pure and speculatable; on memrefs they read or write', () => {
    const { op } = parse(input)
    const reads: Operation[] = []
    const writes: Operation[] = []
    op.walk((o) => {
      if (o.name.name === 'vector.transfer_read') {
        reads.push(o)
      } else if (o.name.name === 'vector.transfer_write') {
        writes.push(o)
      }
    })
    expect(reads.map((o) => isMemoryEffectFree(o))).toEqual([false, true])
    expect(writes.map((o) => isMemoryEffectFree(o))).toEqual([true, false])
    expect(reads.map((o) => ConditionallySpeculatable.get(o)!.getSpeculatability(o))).toEqual(['not-speculatable', 'speculatable'])
    expect(isMemoryEffectFree(firstOpNamed(op, 'vector.load'))).toBe(false)
    expect(isMemoryEffectFree(firstOpNamed(op, 'vector.broadcast'))).toBe(true)
  })
})
