// Verifier and parser diagnostics of arith ops, compared with mlir-opt 22.1.8:
//   mlir-opt --allow-unregistered-dialect --split-input-file <INPUT>
// EXPECTED holds mlir-opt's `line:col: severity: message` lines (file name and the
// "see current operation" notes removed). Two upstream cases are left out because they
// are diagnosed by generic-form property conversion in the parser, not by the dialect:
// `<{predicate = 42 : i64}>` and `<{overflowFlags = 3 : i32}>` ("invalid properties ...").
import { describe, expect, it } from 'vitest'
import { diagnose } from './verifyHelpers.ts'

/** Parses `source` and prints it as mlir-opt does (custom or generic form), with a trailing newline. */
const INPUT = String.raw`"test.func"() ({
^bb0(%a: i32):
  %0 = arith.extsi %a : i32 to i8
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32):
  %0 = arith.trunci %a : i32 to i64
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: f32):
  %0 = arith.extf %a : f32 to f16
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: f32):
  %0 = arith.truncf %a : f32 to f64
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32):
  %0 = arith.extui %a : i32 to i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
  %0 = "arith.constant"() <{value = 42 : i32}> : () -> i64
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
  %0 = arith.constant 42 : si32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
  %0 = "arith.constant"() <{value = "foo"}> : () -> i64
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
  %0 = "arith.constant"() : () -> i64
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: f32):
  %0 = arith.addi %a, %a : f32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32):
  %0 = arith.addf %a, %a : i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32, %b: i64):
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32, %c: i32):
  %0 = "arith.select"(%c, %a, %a) : (i32, i32, i32) -> i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: vector<4xi32>, %c: vector<3xi1>):
  %0 = arith.select %c, %a, %a : vector<3xi1>, vector<4xi32>
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32):
  %0 = arith.cmpi foo, %a, %a : i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: f32):
  %0 = arith.cmpf foo, %a, %a : f32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32):
  %0 = "arith.cmpi"(%a, %a) <{predicate = 1 : i64}> : (i32, i32) -> i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32):
  %0 = arith.addi %a, %a overflow<foo> : i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: f32):
  %0 = arith.addf %a, %a fastmath<foo> : f32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32):
  %0 = arith.index_cast %a : i32 to i64
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32):
  %0 = arith.bitcast %a : i32 to f64
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32):
  %0 = arith.sitofp %a : i32 to i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: vector<4xi32>):
  %0 = arith.extsi %a : vector<4xi32> to vector<5xi64>
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32):
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
  %0 = arith.constant dense<[1, 2]> : vector<[2]xi32>
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
  %0 = arith.constant 1 : f32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: vector<4xi1>, %a: tensor<4xi32>):
  %0 = arith.select %c, %a, %a : vector<4xi1>, tensor<4xi32>
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32, %b: i64):
  %0 = "arith.cmpi"(%a, %b) <{predicate = 0 : i64}> : (i32, i64) -> i1
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: vector<4xi32>):
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (vector<4xi32>, vector<4xi32>) -> i1
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: tensor<?xi32>):
  %0 = arith.extsi %a : tensor<?xi32> to tensor<4xi64>
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: index):
  %0 = arith.index_cast %a : index to index
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32, %b: i64):
  %0:2 = "arith.addui_extended"(%a, %b) : (i32, i64) -> (i32, i1)
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: f16):
  %0 = arith.truncf %a : f16 to bf16
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
  %0 = arith.constant dense<1> : tensor<2xi64> loc("x")
  %1 = "arith.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi64>
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: vector<4xi32>):
  %0 = arith.uitofp %a : vector<4xi32> to vector<4xf32>
  %1 = arith.uitofp %a : vector<4xi32> to f32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: memref<4xf32>):
  %0 = arith.bitcast %a : memref<4xf32> to memref<4xi32>
  %1 = arith.bitcast %a : memref<4xf32> to memref<4xi64>
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: i32):
  %0 = arith.subi %a, %a overflow<> : i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: f32):
  %0 = arith.cmpf olt, %a, %a fastmath<fast> : i32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.x"() {c = #arith.cmpi<slt>} : () -> ()
// -----
"test.x"() {c = #arith.fastmath<bogus>} : () -> ()
// -----
"test.x"() {c = #arith.overflow<nsw nuw>} : () -> ()
// -----
"test.func"() ({
^bb0(%a: f32, %b: f8E8M0FNU, %c: f4E2M1FN):
  %0 = arith.scaling_extf %a, %b : f32, f8E8M0FNU to f16
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: f32, %b: f8E8M0FNU, %c: f4E2M1FN):
  %1 = arith.scaling_truncf %c, %b : f4E2M1FN, f8E8M0FNU to f32
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%a: vector<4xf32>, %b: vector<2xf8E8M0FNU>):
  %1 = arith.scaling_truncf %a, %b : vector<4xf32>, vector<2xf8E8M0FNU> to vector<4xf4E2M1FN>
  "test.return"() : () -> ()
}) : () -> ()
`
const EXPECTED: readonly string[] = [
  "3:8: error: 'arith.extsi' op operand type 'i32' and result type 'i8' are cast incompatible",
  "9:8: error: 'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible",
  "15:8: error: 'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible",
  "21:8: error: 'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible",
  "27:8: error: 'arith.extui' op operand type 'i32' and result type 'i32' are cast incompatible",
  "32:8: error: 'arith.constant' op failed to verify that all of {value, result} have same type",
  "37:8: error: 'arith.constant' op integer return type must be signless",
  "42:8: error: 'arith.constant' op failed to verify that all of {value, result} have same type",
  "47:8: error: 'arith.constant' op requires attribute 'value'",
  "53:8: error: 'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'",
  "59:8: error: 'arith.addf' op operand #0 must be floating-point-like, but got 'i32'",
  "65:8: error: 'arith.addi' op requires the same type for all operands and results",
  "71:8: error: 'arith.select' op operand #0 must be bool-like, but got 'i32'",
  "77:8: error: 'arith.select' op failed to verify that condition is signless i1 or has matching shape",
  "83:19: error: custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]",
  "89:19: error: custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]",
  "95:8: error: 'arith.cmpi' op result #0 must be bool-like, but got 'i32'",
  "101:35: error: custom op 'arith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw",
  "101:38: error: custom op 'arith.addi' failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`",
  "107:35: error: custom op 'arith.addf' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast",
  "107:38: error: custom op 'arith.addf' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`",
  "113:8: error: 'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible",
  "119:8: error: 'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible",
  "125:8: error: 'arith.sitofp' op result #0 must be floating-point-like, but got 'i32'",
  "131:8: error: 'arith.extsi' op requires the same shape for all operands and results",
  "137:8: error: 'arith.cmpi' op requires attribute 'predicate'",
  "142:8: error: 'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
  "147:23: error: unexpected decimal integer literal for a floating point value",
  "147:23: note: add a trailing dot to make the literal a float",
  "153:8: error: 'arith.select' op all non-scalar operands/results must have the same shape and base type",
  "159:8: error: 'arith.cmpi' op requires all operands to have the same type",
  "165:8: error: 'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands",
  "171:8: error: 'arith.extsi' op failed to verify that input and output have the same tensor dimensions",
  "177:8: error: 'arith.index_cast' op operand type 'index' and result type 'index' are cast incompatible",
  "183:10: error: 'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type",
  "189:8: error: 'arith.truncf' op operand type 'f16' and result type 'bf16' are cast incompatible",
  "195:8: error: 'arith.constant' op failed to verify that all of {value, result} have same type",
  "202:8: error: 'arith.uitofp' op requires the same shape for all operands and results",
  "209:8: error: 'arith.bitcast' op operand type 'memref<4xf32>' and result type 'memref<4xi64>' are cast incompatible",
  "215:35: error: custom op 'arith.subi' expected valid keyword or string",
  "215:35: error: custom op 'arith.subi' failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`",
  "221:8: error: custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i32'",
  "225:24: error: unknown attribute `cmpi` in dialect `arith`",
  "227:33: error: expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast",
  "227:38: error: failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`",
  "229:36: error: expected '>'",
  "233:8: error: 'arith.scaling_extf' op operand types 'f32', 'f8E8M0FNU' and result type 'f16' are cast incompatible",
  "239:8: error: 'arith.scaling_truncf' op operand types 'f4E2M1FN', 'f8E8M0FNU' and result type 'f32' are cast incompatible",
  "245:8: error: 'arith.scaling_truncf' op all non-scalar operands/results must have the same shape and base type"
]

describe('arith verifier and parser diagnostics', () => {
  it('match mlir-opt on every invalid case', () => {
    expect(diagnose(INPUT)).toEqual(EXPECTED)
  })
})

describe('arith cast verifiers: scalable dims and index bitcasts', () => {
  it('report the shape mismatch of scalable and fixed vectors, and index operands of bitcast, as mlir-opt does', () => {
    expect(diagnose(String.raw`"test.func"() ({
^bb0(%a: vector<[4]xi32>, %b: vector<4xf32>, %c: i64, %d: index):
  %0 = arith.trunci %a : vector<[4]xi32> to vector<4xi8>
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%b: vector<4xf32>):
  %0 = arith.bitcast %b : vector<4xf32> to vector<[4]xi32>
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%c: i64):
  %0 = arith.bitcast %c : i64 to index
  "test.return"() : () -> ()
}) : () -> ()
// -----
"test.func"() ({
^bb0(%d: vector<2xindex>):
  %0 = arith.bitcast %d : vector<2xindex> to vector<2xindex>
  "test.return"() : () -> ()
}) : () -> ()
`)).toEqual([
      "3:8: error: 'arith.trunci' op requires the same shape for all operands and results",
      "9:8: error: 'arith.bitcast' op requires the same shape for all operands and results",
      "15:8: error: 'arith.bitcast' op result #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'index'",
      "21:8: error: 'arith.bitcast' op operand #0 must be signless-integer-or-float-like or memref of signless-integer or float, but got 'vector<2xindex>'",
    ])
  })
})

