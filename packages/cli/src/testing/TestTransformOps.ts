/**
 * `test` dialect ops that upstream MLIR's transform tests (cse, sccp, symbol-dce, inline,
 * canonicalize) rely on, with the behaviour of mlir/test/lib/Dialect/Test: declared
 * memory effects, a graph region, a branch that produces a successor operand, a symbol
 * table, and ops whose canonicalization patterns erase them or turn them into calls.
 */
import type { ConstantIntRanges as IntRanges } from '@tilepass/dialects'
import {
  AnyAttr,
  AnyIntegerAttr,
  AnyRegion,
  AnySuccessor,
  AnyType,
  ArrayAttr,
  BranchOpInterface,
  DictionaryAttr,
  FlatSymbolRefAttr,
  I1,
  I32,
  type IntegerAttr,
  SizedRegion,
  StringAttr,
  Trait,
  UnitAttr,
  defineOp,
  variadic,
  type MemoryEffect,
  type MemoryEffectKind,
  type NamedAttribute,
  type OdsOp,
  type Operation,
  type Value,
} from '@tilepass/ir'
import { TEST_DIALECTS_LIBRARY } from './dialectsLibrary.lazy.ts'

const ConstantIntRanges = TEST_DIALECTS_LIBRARY.ConstantIntRanges()
const InferIntRangeInterface = TEST_DIALECTS_LIBRARY.InferIntRangeInterface()
const rangeBitWidth = TEST_DIALECTS_LIBRARY.rangeBitWidth()

/** `test.constant`: a constant-like op holding any attribute as `value`; it folds to it. */
export const TestConstantOp: OdsOp = defineOp({
  name: 'test.constant',
  attributes: { value: AnyAttr },
  results: { '#0': AnyType },
  traits: Trait.ConstantLike | Trait.NoMemoryEffect,
  fold: (op: Operation) => [op.getAttr('value')!],
})

/** `test.op_with_memread`: one result, reads the default resource. */
export const OpWithMemReadOp: OdsOp = defineOp({
  name: 'test.op_with_memread',
  results: { '#0': AnyType },
  memoryEffects: () => [{ kind: 'read' }],
})

/** `test.op_with_memwrite`: no results, writes the default resource. */
export const OpWithMemWriteOp: OdsOp = defineOp({
  name: 'test.op_with_memwrite',
  memoryEffects: () => [{ kind: 'write' }],
})

const kEffectKinds: ReadonlySet<string> = new Set(['read', 'write', 'allocate', 'free'])

/**
 * `test.side_effect_op`: one result; its effects come from the `effects` attribute, a list
 * of dictionaries `{effect = "read"|"write"|"allocate"|"free"}`, a unit `test_resource`
 * entry naming the test resource instead of the default one.
 */
export const SideEffectOp: OdsOp = defineOp({
  name: 'test.side_effect_op',
  operands: { operands: variadic(AnyType) },
  results: { '#0': AnyType },
  memoryEffects(op: Operation): readonly MemoryEffect[] {
    const list = op.getAttr('effects')
    if (!(list instanceof ArrayAttr)) {
      return []
    }
    const out: MemoryEffect[] = []
    for (const e of list.elements) {
      if (!(e instanceof DictionaryAttr)) {
        continue
      }
      const kind = e.get('effect')
      if (!(kind instanceof StringAttr) || !kEffectKinds.has(kind.value)) {
        continue
      }
      const onResult = e.get('on_result') instanceof UnitAttr ? op.results[0] : undefined
      const resource = e.get('test_resource') instanceof UnitAttr ? 'TestResource' : undefined
      out.push({ kind: kind.value as MemoryEffectKind, ...(onResult !== undefined ? { value: onResult } : {}), ...(resource !== undefined ? { resource } : {}) })
    }
    return out
  },
})

/** `test.graph_region`: one graph region (RegionKindInterface: graph). */
export const GraphRegionOp: OdsOp = defineOp({
  name: 'test.graph_region',
  regions: { region: AnyRegion },
  traits: Trait.GraphRegions,
  assemblyFormat: 'attr-dict-with-keyword $region',
})

/** `test.alloca_scope_region`: one region that is an automatic allocation scope. */
export const AllocaScopeRegionOp: OdsOp = defineOp({
  name: 'test.alloca_scope_region',
  regions: { region: AnyRegion },
  traits: Trait.AutomaticAllocationScope,
  assemblyFormat: 'attr-dict-with-keyword $region',
})

/** `test.cse_of_single_block_op`: a pure op with one single-block region ending in `test.region_yield`. */
export const CSEOfSingleBlockOp: OdsOp = defineOp({
  name: 'test.cse_of_single_block_op',
  operands: { inputs: variadic(AnyType) },
  results: { outputs: variadic(AnyType) },
  regions: { region: SizedRegion(1) },
  traits: Trait.Pure | Trait.SingleBlock,
  implicitTerminatorName: 'test.region_yield',
  assemblyFormat: '`inputs` `(` $inputs `)` $region attr-dict `:` type($inputs) `->` type($outputs)',
})

/** `test.finish`: a plain terminator. */
export const FinishOp: OdsOp = defineOp({
  name: 'test.finish',
  traits: Trait.IsTerminator,
})

/** `test.symbol_scope`: a symbol table with one block ending in `test.finish`. */
export const SymbolScopeOp: OdsOp = defineOp({
  name: 'test.symbol_scope',
  regions: { region: SizedRegion(1) },
  traits: Trait.SymbolTable | Trait.SingleBlock,
  implicitTerminatorName: 'test.finish',
})

function internalBrSuccessorOperands(op: Operation, index: number): Value[] {
  return InternalBranchOp.operandValues(op, index === 0 ? 'successOperands' : 'errorOperands')
}

/**
 * `test.internal_br`: a terminator with a success and an error successor; the error
 * successor's first argument is produced by the op itself, its success and error operands
 * feed the rest (BranchOpInterface with a produced operand).
 */
export const InternalBranchOp: OdsOp = defineOp({
  name: 'test.internal_br',
  operands: { successOperands: variadic(AnyType), errorOperands: variadic(AnyType) },
  results: { results: variadic(AnyType) },
  successors: { successPath: AnySuccessor, errorPath: AnySuccessor },
  traits: Trait.AttrSizedOperandSegments | Trait.IsTerminator,
  interfaces: [
    BranchOpInterface.impl({
      getSuccessorOperands: internalBrSuccessorOperands,
      getProducedOperandCount: (_op: Operation, index: number) => (index === 1 ? 1 : 0),
    }),
  ],
  verify(op: Operation): boolean {
    for (let s = 0; s < 2; s++) {
      const produced = s === 1 ? 1 : 0
      const operands = internalBrSuccessorOperands(op, s)
      const dest = op.successors[s]!.block
      if (operands.length + produced !== dest.numArguments) {
        return op.emitError(`branch has ${operands.length + produced} operands for successor #${s}, but target block has ${dest.numArguments}`).fail()
      }
      for (let i = 0; i < operands.length; i++) {
        if (operands[i]!.type !== dest.getArgument(produced + i).type) {
          return op.emitError(`type mismatch for bb argument #${produced + i} of successor #${s}`).fail()
        }
      }
    }
    return true
  },
})

/** `test.br`: an unconditional branch forwarding all its operands (BranchOpInterface). */
export const TestBranchOp: OdsOp = defineOp({
  name: 'test.br',
  operands: { targetOperands: variadic(AnyType) },
  successors: { target: AnySuccessor },
  traits: Trait.IsTerminator,
  interfaces: [
    BranchOpInterface.impl({
      getSuccessorOperands: (op: Operation) => op.getOperands(),
      eraseSuccessorOperand: (op: Operation, _index: number, operandIndex: number) => op.eraseOperand(operandIndex),
      appendSuccessorOperands: (op: Operation, _index: number, values: readonly Value[]) => op.insertOperands(op.numOperands, values),
    }),
  ],
})

/** `test.test_effects_result`: an i32 result it allocates and writes, and no other effect (dead when unused). */
export const TestEffectsResultOp: OdsOp = defineOp({
  name: 'test.test_effects_result',
  results: { result: I32 },
  memoryEffects: (op: Operation) => [
    { kind: 'allocate', value: op.results[0]! },
    { kind: 'write', value: op.results[0]! },
  ],
})

/** `test.op_in_place_fold_success`: i1 results; its folder always succeeds in place. */
export const OpInPlaceFoldSuccessOp: OdsOp = defineOp({
  name: 'test.op_in_place_fold_success',
  results: { '#0': variadic(I1) },
  fold: (op: Operation) => op,
})

/** `test.fold_to_call_op`: canonicalizes to `func.call @callee() : () -> ()` (pattern `FoldToCallOpPattern`). */
export const FoldToCallOp: OdsOp = defineOp({
  name: 'test.fold_to_call_op',
  attributes: { callee: FlatSymbolRefAttr },
  getCanonicalizationPatterns(patterns) {
    patterns.addFn(
      'test.fold_to_call_op',
      (op, rewriter) => {
        rewriter.setInsertionPoint(op)
        rewriter.create('func.call', op.location, { attributes: { callee: op.getAttr('callee')! } })
        rewriter.eraseOp(op)
        return true
      },
      { name: '(anonymous namespace)::FoldToCallOpPattern' },
    )
  },
})

/** `test.op_with_region_pattern`: one single-block region; canonicalization erases it (pattern `TestRemoveOpWithInnerOps`). */
export const OpWithRegionPatternOp: OdsOp = defineOp({
  name: 'test.op_with_region_pattern',
  regions: { region: SizedRegion(1) },
  getCanonicalizationPatterns(patterns) {
    patterns.addFn(
      'test.op_with_region_pattern',
      (op, rewriter) => {
        rewriter.eraseOp(op)
        return true
      },
      { name: 'TestRemoveOpWithInnerOps' },
    )
  },
})

/** The test dialect's attribute check: `test.invalid_attr` is rejected on ops, region arguments and results. */
export function verifyTestDialectAttribute(op: Operation, attr: NamedAttribute): boolean {
  if (attr.name === 'test.invalid_attr') {
    return op.emitError("invalid to use 'test.invalid_attr'").fail()
  }
  return true
}

/**
 * `test.with_bounds`: a value of unknown contents whose integer range is given by its
 * `umin`/`umax`/`smin`/`smax` attributes (InferIntRangeInterface), for range-based rewrites.
 */
export const WithBoundsOp: OdsOp = defineOp({
  name: 'test.with_bounds',
  attributes: { umin: AnyIntegerAttr, umax: AnyIntegerAttr, smin: AnyIntegerAttr, smax: AnyIntegerAttr },
  results: { fakeVal: AnyType },
  traits: Trait.NoMemoryEffect,
  interfaces: [
    InferIntRangeInterface.impl({
      inferResultRanges(op: Operation): readonly (IntRanges | null)[] {
        const width = rangeBitWidth(op.getResult(0).type)
        const bound = (name: string): bigint => (op.getAttr(name) as IntegerAttr).value
        if (width === null) {
          return [null]
        }
        const u = (v: bigint): bigint => BigInt.asUintN(width, v)
        const s = (v: bigint): bigint => BigInt.asIntN(width, v)
        return [new ConstantIntRanges(width, u(bound('umin')), u(bound('umax')), s(bound('smin')), s(bound('smax')))]
      },
    }),
  ],
  assemblyFormat: 'attr-dict `:` type($fakeVal)',
})

/** The ops of this file, for the test dialect's registration. */
export const testTransformOps: readonly OdsOp[] = [
  TestConstantOp,
  OpWithMemReadOp,
  OpWithMemWriteOp,
  SideEffectOp,
  GraphRegionOp,
  AllocaScopeRegionOp,
  CSEOfSingleBlockOp,
  FinishOp,
  SymbolScopeOp,
  InternalBranchOp,
  TestBranchOp,
  TestEffectsResultOp,
  OpInPlaceFoldSuccessOp,
  FoldToCallOp,
  OpWithRegionPatternOp,
  WithBoundsOp,
]
