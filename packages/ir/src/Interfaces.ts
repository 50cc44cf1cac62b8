import type { ArrayAttr, Attribute, DictionaryAttr, SymbolRefAttr } from './Attributes.ts'
import type { Block } from './Block.ts'
import type { OpBuilder } from './Builder.ts'
import type { Location } from './Location.ts'
import type { Operation } from './Operation.ts'
import { OpInterface } from './OperationName.ts'
import type { Region } from './Region.ts'
import type { FunctionType, Type } from './Types.ts'
import type { Value } from './Value.ts'

/** FunctionOpInterface: ops that look like functions (`func.func`, `llvm.func`). */
export interface FunctionOpInterfaceImpl {
  getFunctionType(op: Operation): FunctionType
  setFunctionType?(op: Operation, type: FunctionType): void
  /** The body region (may be empty for declarations). */
  getFunctionBody(op: Operation): Region
}
/** FunctionOpInterface: ops that look like functions (`func.func`, `llvm.func`). */
export const FunctionOpInterface: OpInterface<FunctionOpInterfaceImpl> = new OpInterface<FunctionOpInterfaceImpl>(
  'FunctionOpInterface',
)

/** CallOpInterface: call-like ops. */
export interface CallOpInterfaceImpl {
  /** The callee symbol, or the SSA value for indirect calls. */
  getCallee(op: Operation): SymbolRefAttr | Value
  getArgOperands(op: Operation): Value[]
}
/** CallOpInterface: call-like ops. */
export const CallOpInterface: OpInterface<CallOpInterfaceImpl> = new OpInterface<CallOpInterfaceImpl>('CallOpInterface')

/** CallableOpInterface: ops that can be called (their body and signature). */
export interface CallableOpInterfaceImpl {
  getCallableRegion(op: Operation): Region | null
  getArgumentTypes(op: Operation): readonly Type[]
  getResultTypes(op: Operation): readonly Type[]
  /** The per-argument attribute dictionaries (MLIR's `getArgAttrsAttr`); absent or undefined: none. */
  getArgAttrsAttr?(op: Operation): ArrayAttr | undefined
  /** The per-result attribute dictionaries (MLIR's `getResAttrsAttr`); absent or undefined: none. */
  getResAttrsAttr?(op: Operation): ArrayAttr | undefined
}
/** CallableOpInterface: ops that can be called (their body and signature). */
export const CallableOpInterface: OpInterface<CallableOpInterfaceImpl> = new OpInterface<CallableOpInterfaceImpl>(
  'CallableOpInterface',
)

/** BranchOpInterface: terminators that forward operands to successor block arguments. */
export interface BranchOpInterfaceImpl {
  /** The operands forwarded to successor `index`. */
  getSuccessorOperands(op: Operation, index: number): Value[]
  /**
   * How many leading arguments of successor `index` the op produces itself instead of
   * forwarding an operand (MLIR's `SuccessorOperands::getProducedOperandCount`); the
   * forwarded operands feed the arguments after them. Absent means 0.
   */
  getProducedOperandCount?(op: Operation, index: number): number
  /**
   * Erases the `operandIndex`-th operand forwarded to successor `index`, keeping any
   * segment-size properties consistent (MLIR's `getMutableSuccessorOperands(index).erase`).
   * Lets region simplification drop dead block arguments.
   */
  eraseSuccessorOperand?(op: Operation, index: number, operandIndex: number): void
  /**
   * Appends `values` to the operands forwarded to successor `index`, keeping segment sizes
   * consistent (MLIR's `getSuccessorOperands(index).append`). Lets block merging add arguments.
   */
  appendSuccessorOperands?(op: Operation, index: number, values: readonly Value[]): void
  /**
   * The successor taken when the operands have the given constant values (null where
   * unknown), or null when it cannot be decided (MLIR's `getSuccessorForOperands`).
   */
  getSuccessorForOperands?(op: Operation, operands: readonly (Attribute | null)[]): Block | null
}
/** The number of leading arguments of successor `index` that branch `op` produces itself (0 unless the op says otherwise). */
export function producedOperandCount(impl: BranchOpInterfaceImpl, op: Operation, index: number): number {
  return impl.getProducedOperandCount?.(op, index) ?? 0
}

/** BranchOpInterface: terminators that forward operands to successor block arguments. */
export const BranchOpInterface: OpInterface<BranchOpInterfaceImpl> = new OpInterface<BranchOpInterfaceImpl>(
  'BranchOpInterface',
)

/** Where control goes from a region-branch point: another region of the op, or back to the parent. */
export interface RegionSuccessor {
  /** The target region, or null for the parent op's results. */
  readonly region: Region | null
  /** The values that receive the forwarded operands (region args or op results). */
  readonly inputs: readonly Value[]
}

/**
 * A reusable list of region successors, filled by `collectSuccessorRegions` without an
 * object per successor: successor `i` goes to `region(i)`, and its inputs are the run of
 * `inputCount(i)` values of the array `inputArray(i)` from `inputStart(i)` (a block's
 * arguments after the induction variable, an op's results). Entries past `length` keep
 * stale references until overwritten; `clear` keeps the storage for the next op.
 */
export class RegionSuccessorList {
  /** The number of successors. */
  length = 0
  private readonly regions: (Region | null)[] = []
  private readonly arrays: (readonly Value[])[] = []
  private readonly starts: number[] = []
  private readonly counts: number[] = []

  /** Empties the list (keeping its storage). */
  clear(): void {
    this.length = 0
  }
  /** Appends the successor `region` (null: the parent op's results) whose inputs are `inputs[start..start + count)`. */
  add(region: Region | null, inputs: readonly Value[], start: number = 0, count: number = inputs.length - start): void {
    const n = this.length
    if (n < this.regions.length) {
      this.regions[n] = region
      this.arrays[n] = inputs
      this.starts[n] = start
      this.counts[n] = count < 0 ? 0 : count
    } else {
      this.regions.push(region)
      this.arrays.push(inputs)
      this.starts.push(start)
      this.counts.push(count < 0 ? 0 : count)
    }
    this.length = n + 1
  }
  /** The target region of successor `i`, or null for the parent op. */
  region(i: number): Region | null {
    return this.regions[i]!
  }
  /** The number of inputs of successor `i`. */
  inputCount(i: number): number {
    return this.counts[i]!
  }
  /** Input `j` of successor `i`. */
  input(i: number, j: number): Value {
    return this.arrays[i]![this.starts[i]! + j]!
  }
  /** Successor `i` as a `RegionSuccessor` (its inputs copied into a new array). */
  successor(i: number): RegionSuccessor {
    const array = this.arrays[i]!
    const start = this.starts[i]!
    const count = this.counts[i]!
    return { region: this.regions[i]!, inputs: start === 0 && count === array.length ? array : array.slice(start, start + count) }
  }
  /** Every successor as a `RegionSuccessor`. */
  toArray(): RegionSuccessor[] {
    const out: RegionSuccessor[] = []
    for (let i = 0; i < this.length; i++) {
      out.push(this.successor(i))
    }
    return out
  }
}

/** RegionBranchOpInterface: ops with structured control flow between their regions (`scf.if`, `scf.for`). */
export interface RegionBranchOpInterfaceImpl {
  /** Successors when entering from the parent (`point` null) or leaving `point`'s region. */
  getSuccessorRegions(op: Operation, point: Region | null): RegionSuccessor[]
  /**
   * Optional allocation-free form of `getSuccessorRegions`: appends the same successors,
   * in the same order, to `out` (not cleared first). Hot callers (the verifier, the
   * region-branch canonicalizations) use it when present; see `collectSuccessorRegions`.
   */
  collectSuccessorRegions?(op: Operation, point: Region | null, out: RegionSuccessorList): void
  /** Operands forwarded into the successor regions when entering from the parent. */
  getEntrySuccessorOperands?(op: Operation, successor: Region | null): Value[]
  /**
   * Optional allocation-free form of `getEntrySuccessorOperands`, for ops whose forwarded
   * operands are always a trailing run of their operands: the index of the run's first
   * operand (the operand count when none is forwarded).
   */
  entrySuccessorOperandsStart?(op: Operation, successor: Region | null): number
  /**
   * The successors when entering from the parent, given the constant values of the op's
   * operands (null where unknown); defaults to `getSuccessorRegions(op, null)` (MLIR's
   * `getEntrySuccessorRegions`).
   */
  getEntrySuccessorRegions?(op: Operation, operands: readonly (Attribute | null)[]): RegionSuccessor[]
}
/** RegionBranchOpInterface: ops with structured control flow between their regions. */
export const RegionBranchOpInterface: OpInterface<RegionBranchOpInterfaceImpl> =
  new OpInterface<RegionBranchOpInterfaceImpl>('RegionBranchOpInterface')

/** RegionBranchTerminatorOpInterface: terminators that forward operands out of a region (`scf.yield`). */
export interface RegionBranchTerminatorOpInterfaceImpl {
  getSuccessorOperands(op: Operation, successor: Region | null): Value[]
  /**
   * Optional allocation-free form of `getSuccessorOperands`, for terminators whose
   * forwarded operands are always a trailing run of their operands: the index of the
   * run's first operand.
   */
  successorOperandsStart?(op: Operation, successor: Region | null): number
  /**
   * The successors of this terminator given the constant values of its operands (null
   * where unknown); defaults to the parent's `getSuccessorRegions` from this region
   * (MLIR's `RegionBranchTerminatorOpInterface::getSuccessorRegions`).
   */
  getSuccessorRegions?(op: Operation, operands: readonly (Attribute | null)[]): RegionSuccessor[]
}
/**
 * Appends the successors of region-branch op `op` from `point` (null: the parent) to `out`
 * (not cleared first), through `collectSuccessorRegions` when `impl` has it, otherwise
 * from `getSuccessorRegions`.
 */
export function collectSuccessorRegions(impl: RegionBranchOpInterfaceImpl, op: Operation, point: Region | null, out: RegionSuccessorList): void {
  if (impl.collectSuccessorRegions !== undefined) {
    impl.collectSuccessorRegions(op, point, out)
    return
  }
  const successors = impl.getSuccessorRegions(op, point)
  for (let i = 0; i < successors.length; i++) {
    out.add(successors[i]!.region, successors[i]!.inputs)
  }
}

/**
 * A region-branch impl whose `getSuccessorRegions` is derived from its allocation-free
 * `collectSuccessorRegions`, so the two cannot disagree.
 */
export function regionBranchImplFromCollector(
  impl: Omit<RegionBranchOpInterfaceImpl, 'getSuccessorRegions' | 'collectSuccessorRegions'> & {
    collectSuccessorRegions(op: Operation, point: Region | null, out: RegionSuccessorList): void
  },
): RegionBranchOpInterfaceImpl {
  return {
    ...impl,
    getSuccessorRegions(op: Operation, point: Region | null): RegionSuccessor[] {
      const list = new RegionSuccessorList()
      impl.collectSuccessorRegions(op, point, list)
      return list.toArray()
    },
  }
}

/** RegionBranchTerminatorOpInterface: terminators that forward operands out of a region. */
export const RegionBranchTerminatorOpInterface: OpInterface<RegionBranchTerminatorOpInterfaceImpl> =
  new OpInterface<RegionBranchTerminatorOpInterfaceImpl>('RegionBranchTerminatorOpInterface')

/** LoopLikeOpInterface: loops whose invariant code can be hoisted. */
export interface LoopLikeOpInterfaceImpl {
  getLoopRegions(op: Operation): Region[]
  /** True when `value` is defined outside the loop. */
  isDefinedOutsideOfLoop?(op: Operation, value: Value): boolean
}
/** LoopLikeOpInterface: loops whose invariant code can be hoisted. */
export const LoopLikeOpInterface: OpInterface<LoopLikeOpInterfaceImpl> = new OpInterface<LoopLikeOpInterfaceImpl>(
  'LoopLikeOpInterface',
)

/**
 * Whether an op may be executed speculatively (MLIR's `Speculation::Speculatability`):
 * not at all, on its own, or when every op nested in its regions may be.
 */
export type Speculatability = 'not-speculatable' | 'speculatable' | 'recursively-speculatable'
/** ConditionallySpeculatable: ops whose speculatability depends on their operands or attributes. */
export interface ConditionallySpeculatableImpl {
  getSpeculatability(op: Operation): Speculatability
}
/** ConditionallySpeculatable (ops with the `AlwaysSpeculatable` trait need not implement it). */
export const ConditionallySpeculatable: OpInterface<ConditionallySpeculatableImpl> = new OpInterface<ConditionallySpeculatableImpl>(
  'ConditionallySpeculatable',
)

/** The name under which a dialect registers its `DialectInlinerInterface` (`DialectDefinition.interfaces`). */
export const DIALECT_INLINER_INTERFACE = 'inliner'

/**
 * The inliner's dialect interface (MLIR's `DialectInlinerInterface`): which ops and
 * regions of a dialect may be inlined, and how the dialect's terminators are rewritten.
 * A hook that is missing answers "not legal".
 */
export interface DialectInlinerInterface {
  /** True when `call` (an op of this dialect) may be inlined with the body of `callable`. */
  isLegalToInlineCall?(call: Operation, callable: Operation, wouldBeCloned: boolean): boolean
  /** True when `src` may be inlined into `dest` (whose parent op belongs to this dialect). */
  isLegalToInlineRegion?(dest: Region, src: Region, wouldBeCloned: boolean): boolean
  /** True when `op` (of this dialect) may be inlined into `dest`. */
  isLegalToInlineOp?(op: Operation, dest: Region, wouldBeCloned: boolean): boolean
  /**
   * Rewrites terminator `op` of an inlined callee. With `newDest` (a multi-block callee)
   * it must branch to `newDest` forwarding the results and erase `op`; without it, it
   * must replace the uses of `valuesToReplace` with the returned values (the inliner erases
   * `op`, whose location it does not remap to the call site).
   */
  handleTerminator?(op: Operation, newDest: Block | null, valuesToReplace: readonly Value[]): void
  /**
   * Builds an op converting `input` to `resultType` when a call operand or result does not
   * have the callee's type (asked of the call's dialect); null when no conversion exists.
   * The op must have `input` as its only operand and one result of `resultType`.
   */
  materializeCallConversion?(builder: OpBuilder, input: Value, resultType: Type, loc: Location): Operation | null
  /**
   * Rewrites `argument`, the value an inlined callee argument with attributes `argAttrs`
   * gets (asked of the callable's dialect); returns a value of the same type.
   */
  handleArgument?(builder: OpBuilder, call: Operation, callable: Operation, argument: Value, argAttrs: DictionaryAttr): Value
  /**
   * Rewrites `result`, a value an inlined callee returns for a result with attributes
   * `resAttrs` (asked of the callable's dialect); returns a value of the same type.
   */
  handleResult?(builder: OpBuilder, call: Operation, callable: Operation, result: Value, resAttrs: DictionaryAttr): Value
  /** Sees the blocks just inlined for `call` before their terminators are rewritten (asked of the call's dialect). */
  processInlinedCallBlocks?(call: Operation, blocks: readonly Block[]): void
}
