/**
 * @tilepass/dialects: the upstream-compatible dialects (func, cf, arith, scf) as
 * `DialectDefinition`s with their op definitions. Importing has no side effects;
 * `registerAllDialects` registers them on a context.
 */
import type { Context } from '@tilepass/ir'
import { FuncDialect } from './func/index.ts'
export {
  FuncDialect,
  FuncOp,
  ReturnOp,
  CallOp,
  CallIndirectOp,
  FuncConstantOp,
  funcOps,
  getFunctionType,
  printFunctionOp,
  parseFunctionOp,
  verifyFunctionLike,
  buildFuncOp,
  buildCallOp,
} from './func/index.ts'
export type {
  BuildFuncOptions,
} from './func/index.ts'
import { CfDialect } from './cf/index.ts'
export {
  CfDialect,
  AssertOp,
  BranchOp,
  CondBranchOp,
  SwitchOp,
  cfOps,
  verifyBranchSuccessorOperands,
  EraseRedundantAssertions,
  SimplifyBrToBlockWithSinglePred,
  SimplifyPassThroughBr,
  SimplifyConstCondBranchPred,
  SimplifyPassThroughCondBranch,
  SimplifyCondBranchIdenticalSuccessors,
  SimplifyCondBranchFromCondBranchOnSameCondition,
  CondBranchTruthPropagation,
  SimplifySwitchWithOnlyDefault,
  DropSwitchCasesThatMatchDefault,
  SimplifyConstSwitchValue,
  SimplifyPassThroughSwitch,
  SimplifySwitchFromSwitchOnSameCondition,
  SimplifySwitchFromDefaultSwitchOnSameCondition,
  cfCanonicalizationPatterns,
} from './cf/index.ts'
import { ArithDialect } from './arith/index.ts'
export {
  ArithDialect,
  isBuildableConstant,
  materializeArithConstant,
  ConstantOp,
  AddIOp,
  SubIOp,
  MulIOp,
  DivUIOp,
  DivSIOp,
  CeilDivUIOp,
  CeilDivSIOp,
  FloorDivSIOp,
  RemUIOp,
  RemSIOp,
  AndIOp,
  OrIOp,
  XOrIOp,
  ShLIOp,
  ShRUIOp,
  ShRSIOp,
  MaxSIOp,
  MaxUIOp,
  MinSIOp,
  MinUIOp,
  AddUIExtendedOp,
  MulSIExtendedOp,
  MulUIExtendedOp,
  NegFOp,
  AddFOp,
  SubFOp,
  MulFOp,
  DivFOp,
  RemFOp,
  MaximumFOp,
  MinimumFOp,
  MaxNumFOp,
  MinNumFOp,
  ExtUIOp,
  ExtSIOp,
  UIToFPOp,
  SIToFPOp,
  FPToUIOp,
  FPToSIOp,
  IndexCastOp,
  IndexCastUIOp,
  BitcastOp,
  TruncIOp,
  ExtFOp,
  TruncFOp,
  ScalingExtFOp,
  ScalingTruncFOp,
  CmpIOp,
  CmpFOp,
  SelectOp,
  arithOps,
  FastMathAttrC,
  IntegerOverflowAttrC,
  CmpIPredicateAttrC,
  CmpFPredicateAttrC,
  RoundingModeAttrC,
  FastMathFlags,
  FastMathFlagsAttr,
  IntegerOverflowFlags,
  IntegerOverflowFlagsAttr,
  CmpIPredicate,
  CmpFPredicate,
  CmpIPredicateNames,
  CmpFPredicateNames,
  RoundingModeNames,
  stringifyFastMathFlags,
  stringifyOverflowFlags,
  parseFastMathFlagsBody,
  printFastMathFlagsBody,
  parseOverflowFlagsBody,
  printOverflowFlagsBody,
  getConstantAttr,
} from './arith/index.ts'
export type {
  FoldResult,
} from './arith/index.ts'
import { ScfDialect } from './scf/index.ts'
export {
  ScfDialect,
  ConditionOp,
  ExecuteRegionOp,
  ForOp,
  IfOp,
  IndexSwitchOp,
  WhileOp,
  YieldOp,
  ensureYieldTerminator,
  scfOps,
  ForallOp,
  InParallelOp,
  ParallelOp,
  ReduceOp,
  ReduceReturnOp,
  verifyLoopLike,
  verifyRegionBranchOp,
} from './scf/index.ts'
export type {
  LoopParts,
} from './scf/index.ts'
import { AffineDialect } from './affine/index.ts'
export {
  AffineDialect,
  AffineApplyOp,
  AffineForOp,
  AffineIfOp,
  AffineYieldOp,
  affineOps,
  getAffineScope,
  isTopLevelValue,
  isValidDim,
  isValidSymbol,
} from './affine/index.ts'
import { MemRefDialect } from './memref/index.ts'
export {
  MemRefDialect,
  LoadOp as MemRefLoadOp,
  StoreOp as MemRefStoreOp,
  memrefOps,
} from './memref/index.ts'

/** Registers every dialect of this package (func, cf, arith, scf, memref, affine) on `ctx`. */
export function registerAllDialects(ctx: Context): void {
  ctx.registerDialect(FuncDialect)
  ctx.registerDialect(CfDialect)
  ctx.registerDialect(ArithDialect)
  ctx.registerDialect(ScfDialect)
  ctx.registerDialect(MemRefDialect)
  ctx.registerDialect(AffineDialect)
}
