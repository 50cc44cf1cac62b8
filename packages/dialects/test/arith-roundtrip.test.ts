// Round trips of arith ops: parse then print must equal mlir-opt 22.1.8's output,
//   mlir-opt --allow-unregistered-dialect <input>                        (custom)
//   mlir-opt --allow-unregistered-dialect --mlir-print-op-generic <input> (generic)
// Covers the custom forms (overflow<...>, fastmath<...>, exact, predicates, rounding
// modes, select masks, casts), result-name hints (%c42_i32, %c0, %cst, %true, %c-1_i8,
// %sum/%overflow, %low/%high) and the properties of the generic form (default-valued
// flags printed as #arith.overflow<none> / #arith.fastmath<none>).
import { describe, expect, it } from 'vitest'
import {
  BuiltinDialect,
  Context,
  parseSourceString,
  printOperation,
} from '@tilepass/ir'
import { ArithDialect } from '../src/arith/index.ts'
import { ScfDialect } from '../src/scf/index.ts'

function newContext(): Context {
  return new Context({ dialects: [BuiltinDialect, ArithDialect, ScfDialect], allowUnregisteredDialects: true })
}




/** Parses `source` and prints it as mlir-opt does (custom or generic form), with a trailing newline. */
function roundTrip(source: string, generic: boolean): string {
  const ctx = newContext()
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    errors.push(d.message)
    return true
  })
  const r = parseSourceString(source, ctx)
  if (r === null) {
    throw new Error(`parse failed: ${errors.join('; ')}`)
  }
  return printOperation(r.op, { printGenericOpForm: generic })
}
const CASES = [
  {
  name: 'arith-ops',
  input: String.raw`"test.func"() ({
^bb0(%a: i32, %b: f32, %i: index, %v: vector<4xi32>, %t: tensor<4xf32>, %h: f16, %c: i1, %vc: vector<4xi1>, %m: memref<4xi32>):
  %0 = arith.constant 42 : i32
  %1 = arith.constant 0 : index
  %2 = arith.constant 1.0 : f32
  %3 = arith.constant true
  %4 = arith.constant false
  %5 = arith.constant -1 : i32
  %6 = arith.constant dense<1> : vector<4xi32>
  %7 = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %8 = arith.constant -3 : index
  %9 = arith.constant 255 : i8
  %10 = arith.constant 0x7FC00000 : f32
  %11 = arith.constant -0.0 : f64
  %12 = arith.addi %a, %a overflow<nsw> : i32
  %13 = arith.subi %a, %a overflow<nuw, nsw> : i32
  %14 = arith.muli %a, %a : i32
  %15 = arith.divsi %a, %a exact : i32
  %16 = arith.divui %a, %a : i32
  %17 = arith.ceildivsi %a, %a : i32
  %18 = arith.ceildivui %a, %a : i32
  %19 = arith.floordivsi %a, %a : i32
  %20 = arith.remsi %a, %a : i32
  %21 = arith.remui %a, %a : i32
  %22 = arith.andi %a, %a : i32
  %23 = arith.ori %a, %a : i32
  %24 = arith.xori %a, %a : i32
  %25 = arith.shli %a, %a overflow<nsw> : i32
  %26 = arith.shrsi %a, %a : i32
  %27 = arith.shrui %a, %a exact : i32
  %28 = arith.maxsi %a, %a : i32
  %29 = arith.maxui %a, %a : i32
  %30 = arith.minsi %a, %a : i32
  %31 = arith.minui %a, %a : i32
  %32 = arith.addf %b, %b fastmath<fast> : f32
  %33 = arith.subf %b, %b fastmath<nnan,ninf> : f32
  %34 = arith.mulf %b, %b : f32
  %35 = arith.divf %b, %b fastmath<contract> : f32
  %36 = arith.remf %b, %b : f32
  %37 = arith.negf %b fastmath<afn> : f32
  %38 = arith.maximumf %b, %b : f32
  %39 = arith.minimumf %b, %b : f32
  %40 = arith.maxnumf %b, %b : f32
  %41 = arith.minnumf %b, %b : f32
  %42 = arith.cmpi sge, %a, %a : i32
  %43 = arith.cmpi ne, %v, %v : vector<4xi32>
  %44 = arith.cmpf une, %b, %b fastmath<nnan> : f32
  %45 = arith.cmpf false, %t, %t : tensor<4xf32>
  %46 = arith.select %c, %a, %a : i32
  %47 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xi32>
  %48 = arith.extsi %a : i32 to i64
  %49 = arith.extui %a : i32 to i64
  %50 = arith.trunci %a overflow<nuw> : i32 to i8
  %51 = arith.extf %h : f16 to f32
  %52 = arith.truncf %b downward : f32 to f16
  %53 = arith.sitofp %a : i32 to f32
  %54 = arith.uitofp %a : i32 to f32
  %55 = arith.fptosi %b : f32 to i32
  %56 = arith.fptoui %b : f32 to i32
  %57 = arith.index_cast %a : i32 to index
  %58 = arith.index_castui %i : index to i32
  %59 = arith.bitcast %a : i32 to f32
  %60 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  %61:2 = arith.addui_extended %a, %a : i32, i1
  %62:2 = arith.mulsi_extended %a, %a : i32
  %63:2 = arith.mului_extended %a, %a : i32
  %64 = arith.addi %a, %a {foo = 1 : i32} : i32
  %65 = arith.constant {bar} 7 : i64
  %66 = arith.truncf %b fastmath<fast> : f32 to bf16
  %67 = arith.constant 5.5 : bf16
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11) : (i32, index, f32, i1, i1, i32, vector<4xi32>, tensor<2xf32>, index, i8, f32, f64) -> ()
  "test.return"() : () -> ()
}) : () -> ()
`,
  custom: String.raw`module {
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: f32, %arg2: index, %arg3: vector<4xi32>, %arg4: tensor<4xf32>, %arg5: f16, %arg6: i1, %arg7: vector<4xi1>, %arg8: memref<4xi32>):
    %c42_i32 = arith.constant 42 : i32
    %c0 = arith.constant 0 : index
    %cst = arith.constant 1.000000e+00 : f32
    %true = arith.constant true
    %false = arith.constant false
    %c-1_i32 = arith.constant -1 : i32
    %cst_0 = arith.constant dense<1> : vector<4xi32>
    %cst_1 = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
    %c-3 = arith.constant -3 : index
    %c-1_i8 = arith.constant -1 : i8
    %cst_2 = arith.constant 0x7FC00000 : f32
    %cst_3 = arith.constant -0.000000e+00 : f64
    %0 = arith.addi %arg0, %arg0 overflow<nsw> : i32
    %1 = arith.subi %arg0, %arg0 overflow<nsw, nuw> : i32
    %2 = arith.muli %arg0, %arg0 : i32
    %3 = arith.divsi %arg0, %arg0 exact : i32
    %4 = arith.divui %arg0, %arg0 : i32
    %5 = arith.ceildivsi %arg0, %arg0 : i32
    %6 = arith.ceildivui %arg0, %arg0 : i32
    %7 = arith.floordivsi %arg0, %arg0 : i32
    %8 = arith.remsi %arg0, %arg0 : i32
    %9 = arith.remui %arg0, %arg0 : i32
    %10 = arith.andi %arg0, %arg0 : i32
    %11 = arith.ori %arg0, %arg0 : i32
    %12 = arith.xori %arg0, %arg0 : i32
    %13 = arith.shli %arg0, %arg0 overflow<nsw> : i32
    %14 = arith.shrsi %arg0, %arg0 : i32
    %15 = arith.shrui %arg0, %arg0 exact : i32
    %16 = arith.maxsi %arg0, %arg0 : i32
    %17 = arith.maxui %arg0, %arg0 : i32
    %18 = arith.minsi %arg0, %arg0 : i32
    %19 = arith.minui %arg0, %arg0 : i32
    %20 = arith.addf %arg1, %arg1 fastmath<fast> : f32
    %21 = arith.subf %arg1, %arg1 fastmath<nnan,ninf> : f32
    %22 = arith.mulf %arg1, %arg1 : f32
    %23 = arith.divf %arg1, %arg1 fastmath<contract> : f32
    %24 = arith.remf %arg1, %arg1 : f32
    %25 = arith.negf %arg1 fastmath<afn> : f32
    %26 = arith.maximumf %arg1, %arg1 : f32
    %27 = arith.minimumf %arg1, %arg1 : f32
    %28 = arith.maxnumf %arg1, %arg1 : f32
    %29 = arith.minnumf %arg1, %arg1 : f32
    %30 = arith.cmpi sge, %arg0, %arg0 : i32
    %31 = arith.cmpi ne, %arg3, %arg3 : vector<4xi32>
    %32 = arith.cmpf une, %arg1, %arg1 fastmath<nnan> : f32
    %33 = arith.cmpf false, %arg4, %arg4 : tensor<4xf32>
    %34 = arith.select %arg6, %arg0, %arg0 : i32
    %35 = arith.select %arg7, %arg3, %arg3 : vector<4xi1>, vector<4xi32>
    %36 = arith.extsi %arg0 : i32 to i64
    %37 = arith.extui %arg0 : i32 to i64
    %38 = arith.trunci %arg0 overflow<nuw> : i32 to i8
    %39 = arith.extf %arg5 : f16 to f32
    %40 = arith.truncf %arg1 downward : f32 to f16
    %41 = arith.sitofp %arg0 : i32 to f32
    %42 = arith.uitofp %arg0 : i32 to f32
    %43 = arith.fptosi %arg1 : f32 to i32
    %44 = arith.fptoui %arg1 : f32 to i32
    %45 = arith.index_cast %arg0 : i32 to index
    %46 = arith.index_castui %arg2 : index to i32
    %47 = arith.bitcast %arg0 : i32 to f32
    %48 = arith.index_cast %arg8 : memref<4xi32> to memref<4xindex>
    %sum, %overflow = arith.addui_extended %arg0, %arg0 : i32, i1
    %low, %high = arith.mulsi_extended %arg0, %arg0 : i32
    %low_4, %high_5 = arith.mului_extended %arg0, %arg0 : i32
    %49 = arith.addi %arg0, %arg0 {foo = 1 : i32} : i32
    %c7_i64 = arith.constant {bar} 7 : i64
    %50 = arith.truncf %arg1 fastmath<fast> : f32 to bf16
    %cst_6 = arith.constant 5.500000e+00 : bf16
    "test.use"(%c42_i32, %c0, %cst, %true, %false, %c-1_i32, %cst_0, %cst_1, %c-3, %c-1_i8, %cst_2, %cst_3) : (i32, index, f32, i1, i1, i32, vector<4xi32>, tensor<2xf32>, index, i8, f32, f64) -> ()
    "test.return"() : () -> ()
  }) : () -> ()
}
`,
  generic: String.raw`"builtin.module"() ({
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: f32, %arg2: index, %arg3: vector<4xi32>, %arg4: tensor<4xf32>, %arg5: f16, %arg6: i1, %arg7: vector<4xi1>, %arg8: memref<4xi32>):
    %0 = "arith.constant"() <{value = 42 : i32}> : () -> i32
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %3 = "arith.constant"() <{value = true}> : () -> i1
    %4 = "arith.constant"() <{value = false}> : () -> i1
    %5 = "arith.constant"() <{value = -1 : i32}> : () -> i32
    %6 = "arith.constant"() <{value = dense<1> : vector<4xi32>}> : () -> vector<4xi32>
    %7 = "arith.constant"() <{value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %8 = "arith.constant"() <{value = -3 : index}> : () -> index
    %9 = "arith.constant"() <{value = -1 : i8}> : () -> i8
    %10 = "arith.constant"() <{value = 0x7FC00000 : f32}> : () -> f32
    %11 = "arith.constant"() <{value = -0.000000e+00 : f64}> : () -> f64
    %12 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %13 = "arith.subi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
    %14 = "arith.muli"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %15 = "arith.divsi"(%arg0, %arg0) <{isExact}> : (i32, i32) -> i32
    %16 = "arith.divui"(%arg0, %arg0) : (i32, i32) -> i32
    %17 = "arith.ceildivsi"(%arg0, %arg0) : (i32, i32) -> i32
    %18 = "arith.ceildivui"(%arg0, %arg0) : (i32, i32) -> i32
    %19 = "arith.floordivsi"(%arg0, %arg0) : (i32, i32) -> i32
    %20 = "arith.remsi"(%arg0, %arg0) : (i32, i32) -> i32
    %21 = "arith.remui"(%arg0, %arg0) : (i32, i32) -> i32
    %22 = "arith.andi"(%arg0, %arg0) : (i32, i32) -> i32
    %23 = "arith.ori"(%arg0, %arg0) : (i32, i32) -> i32
    %24 = "arith.xori"(%arg0, %arg0) : (i32, i32) -> i32
    %25 = "arith.shli"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %26 = "arith.shrsi"(%arg0, %arg0) : (i32, i32) -> i32
    %27 = "arith.shrui"(%arg0, %arg0) <{isExact}> : (i32, i32) -> i32
    %28 = "arith.maxsi"(%arg0, %arg0) : (i32, i32) -> i32
    %29 = "arith.maxui"(%arg0, %arg0) : (i32, i32) -> i32
    %30 = "arith.minsi"(%arg0, %arg0) : (i32, i32) -> i32
    %31 = "arith.minui"(%arg0, %arg0) : (i32, i32) -> i32
    %32 = "arith.addf"(%arg1, %arg1) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    %33 = "arith.subf"(%arg1, %arg1) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
    %34 = "arith.mulf"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %35 = "arith.divf"(%arg1, %arg1) <{fastmath = #arith.fastmath<contract>}> : (f32, f32) -> f32
    %36 = "arith.remf"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %37 = "arith.negf"(%arg1) <{fastmath = #arith.fastmath<afn>}> : (f32) -> f32
    %38 = "arith.maximumf"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %39 = "arith.minimumf"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %40 = "arith.maxnumf"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %41 = "arith.minnumf"(%arg1, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %42 = "arith.cmpi"(%arg0, %arg0) <{predicate = 5 : i64}> : (i32, i32) -> i1
    %43 = "arith.cmpi"(%arg3, %arg3) <{predicate = 1 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
    %44 = "arith.cmpf"(%arg1, %arg1) <{fastmath = #arith.fastmath<nnan>, predicate = 13 : i64}> : (f32, f32) -> i1
    %45 = "arith.cmpf"(%arg4, %arg4) <{fastmath = #arith.fastmath<none>, predicate = 0 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %46 = "arith.select"(%arg6, %arg0, %arg0) : (i1, i32, i32) -> i32
    %47 = "arith.select"(%arg7, %arg3, %arg3) : (vector<4xi1>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
    %48 = "arith.extsi"(%arg0) : (i32) -> i64
    %49 = "arith.extui"(%arg0) : (i32) -> i64
    %50 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<nuw>}> : (i32) -> i8
    %51 = "arith.extf"(%arg5) : (f16) -> f32
    %52 = "arith.truncf"(%arg1) <{roundingmode = 1 : i32}> : (f32) -> f16
    %53 = "arith.sitofp"(%arg0) : (i32) -> f32
    %54 = "arith.uitofp"(%arg0) : (i32) -> f32
    %55 = "arith.fptosi"(%arg1) : (f32) -> i32
    %56 = "arith.fptoui"(%arg1) : (f32) -> i32
    %57 = "arith.index_cast"(%arg0) : (i32) -> index
    %58 = "arith.index_castui"(%arg2) : (index) -> i32
    %59 = "arith.bitcast"(%arg0) : (i32) -> f32
    %60 = "arith.index_cast"(%arg8) : (memref<4xi32>) -> memref<4xindex>
    %61:2 = "arith.addui_extended"(%arg0, %arg0) : (i32, i32) -> (i32, i1)
    %62:2 = "arith.mulsi_extended"(%arg0, %arg0) : (i32, i32) -> (i32, i32)
    %63:2 = "arith.mului_extended"(%arg0, %arg0) : (i32, i32) -> (i32, i32)
    %64 = "arith.addi"(%arg0, %arg0) <{overflowFlags = #arith.overflow<none>}> {foo = 1 : i32} : (i32, i32) -> i32
    %65 = "arith.constant"() <{value = 7 : i64}> {bar} : () -> i64
    %66 = "arith.truncf"(%arg1) <{fastmath = #arith.fastmath<fast>}> : (f32) -> bf16
    %67 = "arith.constant"() <{value = 5.500000e+00 : bf16}> : () -> bf16
    "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11) : (i32, index, f32, i1, i1, i32, vector<4xi32>, tensor<2xf32>, index, i8, f32, f64) -> ()
    "test.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`,
  },
  {
  name: 'constant-names',
  input: String.raw`"test.func"() ({
  %0 = arith.constant 0 : i1
  %1 = arith.constant dense<true> : vector<2xi1>
  %2 = arith.constant 9223372036854775807 : i64
  %3 = arith.constant -9223372036854775808 : index
  %4 = arith.constant 1 : i128
  %5 = arith.constant 170141183460469231731687303715884105727 : i128
  %6 = arith.constant dense<0> : tensor<2xindex>
  %7 = arith.constant 0x7F800000 : f32
  %8 = arith.constant 1.0e-10 : f64
  %9 = arith.constant 3 : index
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8) : (i1, vector<2xi1>, i64, index, i128, i128, tensor<2xindex>, f32, f64) -> ()
  "test.return"() : () -> ()
}) : () -> ()
`,
  custom: String.raw`module {
  "test.func"() ({
    %false = arith.constant false
    %cst = arith.constant dense<true> : vector<2xi1>
    %c9223372036854775807_i64 = arith.constant 9223372036854775807 : i64
    %c-9223372036854775808 = arith.constant -9223372036854775808 : index
    %c1_i128 = arith.constant 1 : i128
    %c170141183460469231731687303715884105727_i128 = arith.constant 170141183460469231731687303715884105727 : i128
    %cst_0 = arith.constant dense<0> : tensor<2xindex>
    %cst_1 = arith.constant 0x7F800000 : f32
    %cst_2 = arith.constant 1.000000e-10 : f64
    %c3 = arith.constant 3 : index
    "test.use"(%false, %cst, %c9223372036854775807_i64, %c-9223372036854775808, %c1_i128, %c170141183460469231731687303715884105727_i128, %cst_0, %cst_1, %cst_2) : (i1, vector<2xi1>, i64, index, i128, i128, tensor<2xindex>, f32, f64) -> ()
    "test.return"() : () -> ()
  }) : () -> ()
}
`,
  generic: String.raw`"builtin.module"() ({
  "test.func"() ({
    %0 = "arith.constant"() <{value = false}> : () -> i1
    %1 = "arith.constant"() <{value = dense<true> : vector<2xi1>}> : () -> vector<2xi1>
    %2 = "arith.constant"() <{value = 9223372036854775807 : i64}> : () -> i64
    %3 = "arith.constant"() <{value = -9223372036854775808 : index}> : () -> index
    %4 = "arith.constant"() <{value = 1 : i128}> : () -> i128
    %5 = "arith.constant"() <{value = 170141183460469231731687303715884105727 : i128}> : () -> i128
    %6 = "arith.constant"() <{value = dense<0> : tensor<2xindex>}> : () -> tensor<2xindex>
    %7 = "arith.constant"() <{value = 0x7F800000 : f32}> : () -> f32
    %8 = "arith.constant"() <{value = 1.000000e-10 : f64}> : () -> f64
    %9 = "arith.constant"() <{value = 3 : index}> : () -> index
    "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8) : (i1, vector<2xi1>, i64, index, i128, i128, tensor<2xindex>, f32, f64) -> ()
    "test.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`,
  },
  {
  name: 'dialect-attributes',
  input: String.raw`"test.x"() {a = #arith.fastmath<fast>, b = #arith.overflow<none>, c = #arith.fastmath<nnan,contract>, d = #arith.overflow<nuw, nsw>, e = #arith.fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn>, f = #arith.fastmath<"nnan">} : () -> ()
`,
  custom: String.raw`module {
  "test.x"() {a = #arith.fastmath<fast>, b = #arith.overflow<none>, c = #arith.fastmath<nnan,contract>, d = #arith.overflow<nsw, nuw>, e = #arith.fastmath<fast>, f = #arith.fastmath<nnan>} : () -> ()
}
`,
  generic: String.raw`"builtin.module"() ({
  "test.x"() {a = #arith.fastmath<fast>, b = #arith.overflow<none>, c = #arith.fastmath<nnan,contract>, d = #arith.overflow<nsw, nuw>, e = #arith.fastmath<fast>, f = #arith.fastmath<nnan>} : () -> ()
}) : () -> ()
`,
  },
  {
  name: 'scaling-casts',
  input: String.raw`"test.func"() ({
^bb0(%a: f32, %b: f8E8M0FNU, %c: f4E2M1FN, %h: f16, %bf: bf16):
  %0 = arith.scaling_extf %c, %b : f4E2M1FN, f8E8M0FNU to f32
  %1 = arith.scaling_truncf %a, %b : f32, f8E8M0FNU to f4E2M1FN
  "test.return"() : () -> ()
}) : () -> ()
`,
  custom: String.raw`module {
  "test.func"() ({
  ^bb0(%arg0: f32, %arg1: f8E8M0FNU, %arg2: f4E2M1FN, %arg3: f16, %arg4: bf16):
    %0 = arith.scaling_extf %arg2, %arg1 : f4E2M1FN, f8E8M0FNU to f32
    %1 = arith.scaling_truncf %arg0, %arg1 : f32, f8E8M0FNU to f4E2M1FN
    "test.return"() : () -> ()
  }) : () -> ()
}
`,
  generic: String.raw`"builtin.module"() ({
  "test.func"() ({
  ^bb0(%arg0: f32, %arg1: f8E8M0FNU, %arg2: f4E2M1FN, %arg3: f16, %arg4: bf16):
    %0 = "arith.scaling_extf"(%arg2, %arg1) : (f4E2M1FN, f8E8M0FNU) -> f32
    %1 = "arith.scaling_truncf"(%arg0, %arg1) : (f32, f8E8M0FNU) -> f4E2M1FN
    "test.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`,
  },
]

describe('arith round trips', () => {
  for (const c of CASES) {
    it(`${c.name}: custom form`, () => {
      expect(roundTrip(c.input, false)).toBe(c.custom)
    })
    it(`${c.name}: generic form`, () => {
      expect(roundTrip(c.input, true)).toBe(c.generic)
    })
    it(`${c.name}: the printed custom form parses back to the same text`, () => {
      expect(roundTrip(c.custom, false)).toBe(c.custom)
    })
  }
})

// The printer's alias pass skips format-printed ops whose types and attributes cannot have
// an alias; ops with aliased attributes between such ops keep mlir-opt's alias numbering.
describe('aliases on format-printed ops (mlir-opt 22.1.8)', () => {
  it('numbers the aliases of discardable attributes in visit order', () => {
    const source = `%a, %b = "test.src"() : () -> (i32, i32)
%v = "test.vec"() : () -> vector<4xf32>
%0 = arith.addi %a, %b {m = affine_map<(d0) -> (d0 + 1)>} : i32
%1 = arith.muli %0, %b : i32
%2 = arith.addf %v, %v {s = affine_set<(d0) : (d0 >= 0)>, n = [affine_map<(d0) -> (d0)>, 3 : i32]} : vector<4xf32>
%3 = arith.subi %1, %a {m = affine_map<(d0) -> (d0 + 1)>, k = affine_map<(d0, d1) -> (d1, d0)>} : i32
`
    expect(roundTrip(source, false)).toBe(`#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1) -> (d1, d0)>
#set = affine_set<(d0) : (d0 >= 0)>
module {
  %0:2 = "test.src"() : () -> (i32, i32)
  %1 = "test.vec"() : () -> vector<4xf32>
  %2 = arith.addi %0#0, %0#1 {m = #map} : i32
  %3 = arith.muli %2, %0#1 : i32
  %4 = arith.addf %1, %1 {n = [#map1, 3 : i32], s = #set} : vector<4xf32>
  %5 = arith.subi %3, %0#0 {k = #map2, m = #map} : i32
}
`)
  })
})
