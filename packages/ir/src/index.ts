/**
 * @tilepass/ir: the IR core. Context, types, attributes, locations, operations,
 * blocks, regions, values, traits, interfaces, builder, diagnostics and actions.
 */
export { Context, type DialectLoader } from './Context.ts'
export { success, failure, succeeded, failed } from './LogicalResult.ts'
export type { LogicalResult } from './LogicalResult.ts'
export {
  Type,
  IntegerType,
  IndexType,
  FloatType,
  NoneType,
  ComplexType,
  TupleType,
  FunctionType,
  ShapedType,
  VectorType,
  RankedTensorType,
  UnrankedTensorType,
  MemRefType,
  UnrankedMemRefType,
  OpaqueType,
  DialectType,
  DialectShapedType,
  isDialectType,
  Signedness,
  kDynamic,
  isFloatKind,
  isInteger,
  isSignlessInteger,
  isSignlessIntOrIndex,
  getElementTypeOrSelf,
} from './Types.ts'
export type { FloatKind } from './Types.ts'
export {
  Attribute,
  IntegerAttr,
  BoolAttr,
  FloatAttr,
  StringAttr,
  UnitAttr,
  ArrayAttr,
  DictionaryAttr,
  TypeAttr,
  SymbolRefAttr,
  DenseElementsAttr,
  DenseIntOrFPElementsAttr,
  DenseStringElementsAttr,
  DenseResourceElementsAttr,
  DenseArrayAttr,
  AffineMapAttr,
  IntegerSetAttr,
  StridedLayoutAttr,
  OpaqueAttr,
  DistinctAttr,
  DialectAttr,
  compareNames,
} from './Attributes.ts'
export type { NamedAttribute, TypedAttr } from './Attributes.ts'
/** `sparse<indices, values> : type`: an elements attribute that stores only its non-zero elements. */
export { SparseElementsAttr } from './SparseElements.ts'
/** One scalar of an elements attribute (integer, float or string), as `SparseElementsAttr.getValues` returns. */
export type { ElementScalar } from './SparseElements.ts'
/** Exact f80/f128 values: bit-level conversion, correctly rounded decimal parsing and MLIR's float printing. */
export {
  isWideFloatKind,
  wideBitsFromDouble,
  wideBitsToDouble,
  parseWideDecimal,
  formatWideFloat,
  floatAttrFromBits,
  floatAttrBits,
} from './FloatFormats.ts'
/** `f80` or `f128`: the float kinds whose values a double cannot always hold. */
export type { WideFloatKind } from './FloatFormats.ts'
export {
  AffineExpr,
  AffineExprKind,
  AffineDimExpr,
  AffineSymbolExpr,
  AffineConstantExpr,
  AffineBinaryOpExpr,
  AffineMap,
  IntegerSet,
} from './AffineMap.ts'
export { Location, UnknownLoc, FileLineColLoc, NameLoc, CallSiteLoc, FusedLoc, OpaqueLoc, DialectLoc } from './Location.ts'
export { Value, OpResult, BlockArgument, OpOperand, BlockOperand } from './Value.ts'
export { Operation, acquireVisitMarks, releaseVisitMarks } from './Operation.ts'
export { HeapLimitError, setHeapLimitCheck } from './HeapLimit.ts'
export { ValueNumbering } from './ValueNumbering.ts'
export type { WalkResult, WalkOrder } from './Operation.ts'
export { Block } from './Block.ts'
export { Region } from './Region.ts'
export { IRMapping } from './IRMapping.ts'
export { OperationName, OpInterface, Trait } from './OperationName.ts'
export type { OpDefinition, InterfaceImpl, OpFoldResult, MemoryEffect, MemoryEffectKind } from './OperationName.ts'
export { Dialect, attributeNameDialect } from './Dialect.ts'
export type { DialectDefinition } from './Dialect.ts'
export { OperationState } from './OpAsm.ts'
export type { OpAsmParser, OpAsmPrinter, UnresolvedOperand, OpAsmArgument, Delimiter } from './OpAsm.ts'
export { Diagnostic, DiagnosticEngine, InFlightDiagnostic } from './Diagnostics.ts'
export type { DiagnosticSeverity, DiagnosticHandler } from './Diagnostics.ts'
export { Action } from './Action.ts'
export type { ActionHandler, IRUnit } from './Action.ts'
export { Builder, OpBuilder } from './Builder.ts'
export type { InsertPoint, OpBuilderListener, CreateOptions } from './Builder.ts'
export {
  FunctionOpInterface,
  CallOpInterface,
  CallableOpInterface,
  BranchOpInterface,
  producedOperandCount,
  RegionBranchOpInterface,
  RegionBranchTerminatorOpInterface,
  RegionSuccessorList,
  collectSuccessorRegions,
  regionBranchImplFromCollector,
  LoopLikeOpInterface,
  ConditionallySpeculatable,
  DIALECT_INLINER_INTERFACE,
} from './Interfaces.ts'
export type {
  FunctionOpInterfaceImpl,
  CallOpInterfaceImpl,
  CallableOpInterfaceImpl,
  BranchOpInterfaceImpl,
  RegionBranchOpInterfaceImpl,
  RegionBranchTerminatorOpInterfaceImpl,
  RegionSuccessor,
  LoopLikeOpInterfaceImpl,
  ConditionallySpeculatableImpl,
  Speculatability,
  DialectInlinerInterface,
} from './Interfaces.ts'
export { SymbolTable } from './SymbolTable.ts'
export type { SymbolVisibility } from './SymbolTable.ts'
export {
  typeConstraint,
  variadic,
  variadicOfVariadic,
  optional,
  anyTypeOf,
  AnyType,
  NoneTypeC,
  I,
  SI,
  UI,
  AnyI,
  I1,
  I8,
  I16,
  I32,
  I64,
  Index,
  AnyInteger,
  AnySignlessInteger,
  AnySignedInteger,
  AnyUnsignedInteger,
  AnySignlessIntegerOrIndex,
  AnyFloat,
  F16,
  F32,
  F64,
  F80,
  F128,
  BF16,
  TF32,
  AnyComplex,
  FunctionTypeC,
  AnyTuple,
  shapedContainerOf,
  typeOrContainer,
  SignlessIntegerLike,
  SignlessIntegerOrIndexLike,
  BoolLike,
  FloatLike,
  SignlessIntegerOrFloatLike,
  vectorOf,
  vectorOfNonZeroRank,
  tensorOf,
  rankedTensorOf,
  memRefOf,
  rankedOrUnrankedMemRefOf,
  AnyVectorOfAnyRank,
  AnyVectorOfNonZeroRank,
  AnyTensor,
  AnyRankedTensor,
  AnyUnrankedTensor,
  AnyMemRef,
  AnyUnrankedMemRef,
  AnyRankedOrUnrankedMemRef,
  AnyShaped,
  AnyStaticShapeTensor,
  attrConstraint,
  optionalAttr,
  defaultValuedAttr,
  defaultValuedOptionalAttr,
  AnyAttr,
  TypedAttrConstraint,
  StrAttr,
  SymbolNameAttr,
  SymbolRefAttrC,
  FlatSymbolRefAttr,
  UnitAttrC,
  BoolAttrC,
  TypeAttrC,
  typeAttrOf,
  FunctionTypeAttr,
  I32Attr,
  I64Attr,
  I16Attr,
  I8Attr,
  I1Attr,
  IndexAttr,
  AnyIntegerAttr,
  F32Attr,
  F64Attr,
  ArrayAttrC,
  DictionaryAttrC,
  arrayAttrOf,
  DictArrayAttr,
  TypeArrayAttr,
  StrArrayAttr,
  I64ArrayAttr,
  DenseI32ArrayAttr,
  DenseI64ArrayAttr,
  DenseBoolArrayAttr,
  intEnumAttr,
  AnyRegion,
  SizedRegion,
  MaxSizedRegion,
  variadicRegion,
  AnySuccessor,
  VariadicSuccessor,
} from './ods/Constraints.ts'
export type {
  TypeConstraint,
  VariableLengthTypeConstraint,
  OperandConstraint,
  AttrConstraint,
  AttrModifier,
  AttrSpec,
  EnumCase,
  EnumAttrConstraint,
  RegionConstraint,
  SuccessorConstraint,
} from './ods/Constraints.ts'
export { defineOp, OdsOp, verifyElementwise } from './ods/defineOp.ts'
export type { OpSpec, OdsBuildArgs, DeclaredNames } from './ods/defineOp.ts'
export { Uniquer } from './internal/storage.ts'
export { CustomDirectiveArg, FormatElement, FormatKind, compileFormat, resolveOperandList } from './ods/Format.ts'
export type { CustomDirective, CompiledFormat, FormatOpInfo } from './ods/Format.ts'
export type { OdsValueDecl, OdsAttrDecl, OdsRegionDecl, OdsSuccessorDecl, TypesMatchWith } from './ods/OpInfo.ts'
export { typeToString, setOdsTypePrinter } from './ods/TypeText.ts'
export { SourceMgr, SourceBuffer } from './SourceMgr.ts'
export type { SourceRange } from './SourceMgr.ts'
export { SourceMgrDiagnosticHandler } from './diagnostics/SourceMgrDiagnosticHandler.ts'
export type { SourceMgrDiagnosticHandlerOptions } from './diagnostics/SourceMgrDiagnosticHandler.ts'
export { SourceMgrDiagnosticVerifierHandler } from './diagnostics/SourceMgrDiagnosticVerifierHandler.ts'
export type { DiagnosticVerifierLevel } from './diagnostics/SourceMgrDiagnosticVerifierHandler.ts'
export { Regex } from './Regex.ts'
export { splitInputBuffer, kDefaultSplitMarker } from './diagnostics/splitInputBuffer.ts'
export type { SourceChunk } from './diagnostics/splitInputBuffer.ts'
export { verify, verifySymbolTrait } from './Verifier.ts'
export { DominanceInfo, PostDominanceInfo, DominatorTree, hasSSADominance } from './Dominance.ts'
export {
  printOperation,
  printOperationTo,
  printType,
  printAttribute,
  printLocation,
  printFloatValue,
  printValueAsOperand,
  AsmState,
} from './printer/index.ts'
export { IndentationLimitError, MAX_PRINTED_STRING_LENGTH, PrintLimitError, printedIndentation } from './printer/limits.ts'
export type { PrintedIndentation } from './printer/limits.ts'
export type { AsmPrinterOptions, FileResources } from './printer/AsmPrinterOptions.ts'
export { BuiltinDialect, ModuleOp, UnrealizedConversionCastOp } from './dialect/Builtin.ts'
export { parseSourceString, parseAttribute, parseType } from './parser/parseSourceString.ts'
export type { ParseResult, ParserOptions } from './parser/parseSourceString.ts'
export { Lexer, Tok, setLexerNestingWatch } from './parser/Lexer.ts'
export type { LexErrorHandler, LexerNestingWatch } from './parser/Lexer.ts'
export {
  affineAdd,
  affineMul,
  affineSub,
  affineNeg,
  affineFloorDiv,
  affineCeilDiv,
  affineMod,
  isSymbolicOrConstant,
  isPureAffine,
  largestKnownDivisor,
  replaceDimsAndSymbols,
  affineBinary,
} from './parser/AffineExprBuilder.ts'
export {
  simplifyAffineExpr,
  simplifyAffineMap,
  flattenAffineExpr,
  replaceMapDimsAndSymbols,
  replaceAffineExpr,
  shiftDims,
  shiftSymbols,
} from './AffineSimplify.ts'
/** Pattern rewriting: patterns, rewriter, folder and the greedy driver. */
export {
  RewritePattern,
  OpRewritePattern,
  RewritePatternSet,
  FrozenRewritePatternSet,
  DefaultPatternOrder,
  PatternApplicator,
  PatternRewriter,
  IRRewriter,
  ApplyPatternAction,
  getPatternDebugName,
  OperationFolder,
  foldOperation,
  matchConstantOp,
  matchConstantValue,
  getConstantInsertionRegion,
  applyPatternsGreedily,
  applyOpPatternsGreedily,
  GreedyPatternRewriteIteration,
  kNoLimit,
  simplifyRegions,
  eraseUnreachableBlocks,
  runRegionDCE,
  postOrderFromEntry,
  isOpTriviallyDead,
  wouldOpBeTriviallyDead,
  isMemoryEffectFree,
  getMemoryEffects,
  getEffectsRecursively,
  onlyReadsMemory,
} from './rewrite/index.ts'
export type {
  PatternBenefit,
  RewritePatternLike,
  RewriterListener,
  GreedyRewriteConfig,
  GreedyRewriteResult,
  GreedyOpRewriteResult,
  GreedySimplifyRegionLevel,
  GreedyRewriteStrictness,
} from './rewrite/index.ts'
