// A lazy table (see packages/cli/scripts/bundle.js): each loader names a definition
// imported from the module that defines it. In the tools' bundle the imports become
// requires inside the loaders, so a dialect's modules are evaluated on its first load.
import type { DialectLoader } from '@tilepass/ir'
import { FuncDialect } from './func/FuncDialect.ts'
import { CfDialect } from './cf/CfDialect.ts'
import { ArithDialect } from './arith/ArithDialect.ts'
import { ScfDialect } from './scf/ScfDialect.ts'
import { MemRefDialect } from './memref/MemRefDialect.ts'
import { AffineDialect } from './affine/AffineDialect.ts'
import { VectorDialect } from './vector/VectorDialect.ts'
import { LLVMDialect } from './llvm/LLVMDialect.ts'
import { NVVMDialect } from './nvvm/NVVMDialect.ts'
import { XeVMDialect } from './xevm/XeVMDialect.ts'
import { GPUDialect } from './gpu/GPUDialect.ts'
import { IndexDialect } from './index-dialect/IndexDialect.ts'
import { UBDialect } from './ub/UBDialect.ts'
import { DLTIDialect } from './dlti/DLTIDialect.ts'
import { ComplexDialect } from './complex/ComplexDialect.ts'
import { MathDialect } from './math/MathDialect.ts'
import { AsyncDialect } from './async/AsyncDialect.ts'
import { TensorDialect } from './tensor/TensorDialect.ts'
import { BufferizationDialect } from './bufferization/BufferizationDialect.ts'
import { LinalgDialect } from './linalg/LinalgDialect.ts'
import { TransformDialect } from './transform/TransformDialect.ts'

/**
 * The dialects of this package by namespace, in registration order: each loader returns
 * the dialect's definition (see `registerAllDialects`).
 */
export const DIALECT_LOADERS: Readonly<Record<string, DialectLoader>> = {
  func: () => FuncDialect,
  cf: () => CfDialect,
  arith: () => ArithDialect,
  scf: () => ScfDialect,
  memref: () => MemRefDialect,
  affine: () => AffineDialect,
  vector: () => VectorDialect,
  llvm: () => LLVMDialect,
  nvvm: () => NVVMDialect,
  xevm: () => XeVMDialect,
  gpu: () => GPUDialect,
  index: () => IndexDialect,
  ub: () => UBDialect,
  dlti: () => DLTIDialect,
  complex: () => ComplexDialect,
  math: () => MathDialect,
  async: () => AsyncDialect,
  tensor: () => TensorDialect,
  bufferization: () => BufferizationDialect,
  linalg: () => LinalgDialect,
  transform: () => TransformDialect,
}
