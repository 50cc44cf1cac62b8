/** The `cf` dialect: op definitions and the dialect definition. */
export { CfDialect } from './CfDialect.ts'
export { AssertOp, BranchOp, CondBranchOp, SwitchOp, cfOps, verifyBranchSuccessorOperands } from './CfOps.ts'
export {
  EraseRedundantAssertions,
  SimplifyBrToBlockWithSinglePred,
  SimplifyPassThroughBr,
  SimplifyConstCondBranchPred,
  SimplifyPassThroughCondBranch,
  SimplifyCondBranchIdenticalSuccessors,
  SimplifyCondBranchFromCondBranchOnSameCondition,
  CondBranchTruthPropagation,
  DropUnreachableCondBranch,
  SimplifySwitchWithOnlyDefault,
  DropSwitchCasesThatMatchDefault,
  SimplifyConstSwitchValue,
  SimplifyPassThroughSwitch,
  SimplifySwitchFromSwitchOnSameCondition,
  SimplifySwitchFromDefaultSwitchOnSameCondition,
  cfCanonicalizationPatterns,
} from './CfCanonicalization.ts'
