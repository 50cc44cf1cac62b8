import { describe, expect, it } from 'vitest'
import { type ArrayAttr, FunctionType, type TypeAttr, printType, type Operation, type Type } from '@tilepass/ir'
import { LLVMConversionTarget, LLVMTypeConverter } from '../src/index.ts'
import { parse } from './helpers.ts'

/** The types listed in `types` (parsed as an array of type attributes), and the op holding them. */
function typesOf(types: string): { types: Type[]; op: Operation } {
  const m = parse(`"test.t"() {t = [${types}]} : () -> ()`)
  const op = m.regions[0]!.firstBlock!.lastOp!
  const arr = op.getAttr('t') as ArrayAttr
  return { types: arr.elements.map((a) => (a as TypeAttr).value), op }
}

function convert(tc: LLVMTypeConverter, t: Type): string {
  const r = tc.convertType(t)
  return r === null ? 'null' : printType(r)
}

describe('LLVMTypeConverter', () => {
  it('converts builtin types as upstream', () => {
    const { types, op } = typesOf(
      'index, si32, i1, f32, bf16, f8E4M3FN, tf32, vector<4xf32>, vector<2x3xi8>, vector<f16>, vector<[4]xf32>, complex<f64>, (i32) -> i64, !llvm.ptr, !llvm.struct<(index, i32)>, !llvm.array<2 x index>, memref<4x?xf32>, memref<f32>, memref<8xi32, 3>, memref<*xf32>, tensor<4xf32>',
    )
    const tc = new LLVMTypeConverter(op.context)
    expect(types.map((t) => convert(tc, t))).toEqual([
      'i64',
      'i32',
      'i1',
      'f32',
      'bf16',
      'i8',
      'null',
      'vector<4xf32>',
      '!llvm.array<2 x vector<3xi8>>',
      'vector<1xf16>',
      'vector<[4]xf32>',
      '!llvm.struct<(f64, f64)>',
      '!llvm.ptr',
      '!llvm.ptr',
      '!llvm.struct<(i64, i32)>',
      '!llvm.array<2 x i64>',
      '!llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>',
      '!llvm.struct<(ptr, ptr, i64)>',
      '!llvm.struct<(ptr<3>, ptr<3>, i64, array<1 x i64>, array<1 x i64>)>',
      '!llvm.struct<(i64, ptr)>',
      'null',
    ])
    const tc32 = new LLVMTypeConverter(op.context, { indexBitwidth: 32 })
    expect(convert(tc32, types[0]!)).toBe('i32')
    expect(tc32.getIndexTypeBitwidth()).toBe(32)
  })

  it('converts function signatures: void for no result, a struct for several', () => {
    const { types, op } = typesOf('index, i32, f32, memref<4xf32>')
    const [index, i32, f32, memref] = types as [Type, Type, Type, Type]
    const ctx = op.context
    const tc = new LLVMTypeConverter(ctx)
    const sig = (inputs: Type[], results: Type[], bare = false): string => {
      const r = tc.convertFunctionSignatureOf(FunctionType.get(ctx, inputs, results), false, bare)
      return r === null ? 'null' : printType(r.type)
    }
    expect(sig([index, i32], [index, f32])).toBe('!llvm.func<struct<(i64, f32)> (i64, i32)>')
    expect(sig([], [])).toBe('!llvm.func<void ()>')
    expect(sig([f32], [index])).toBe('!llvm.func<i64 (f32)>')
    expect(sig([memref], [], true)).toBe('!llvm.func<void (ptr)>')
    const r = tc.convertFunctionSignatureOf(FunctionType.get(ctx, [index, i32], []))!
    expect(r.conversion.inputMap).toEqual([
      { start: 0, size: 1 },
      { start: 1, size: 1 },
    ])
  })

  it('makes the llvm dialect and unrealized casts legal', () => {
    const m = parse(`%0 = llvm.mlir.constant(1 : i32) : i32
%1 = builtin.unrealized_conversion_cast %0 : i32 to index
%2 = arith.constant 1 : i32`)
    const target = new LLVMConversionTarget(m.context)
    const ops: Operation[] = []
    for (let o = m.regions[0]!.firstBlock!.firstOp; o !== null; o = o.nextOp) {
      ops.push(o)
    }
    expect(ops.map((o) => target.isLegal(o) !== null)).toEqual([true, true, false])
  })
})
