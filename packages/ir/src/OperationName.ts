import type { Attribute, NamedAttribute } from './Attributes.ts'
import type { Context } from './Context.ts'
import type { Dialect } from './Dialect.ts'
import type { LogicalResult } from './LogicalResult.ts'
import type { Operation } from './Operation.ts'
import type { Block } from './Block.ts'
import type { Region } from './Region.ts'
import type { Value } from './Value.ts'
import type { OpAsmParser, OpAsmPrinter, OperationState } from './OpAsm.ts'
import type { RewritePatternSet } from './rewrite/PatternMatch.ts'
import { nextStorageId } from './internal/storage.ts'

/**
 * Operation traits as bits of `OperationName.traits`. Checking one is a mask test.
 * `Pure` is `NoMemoryEffect | AlwaysSpeculatable`, as in ODS.
 */
export const Trait = {
  IsolatedFromAbove: 1,
  IsTerminator: 2,
  NoTerminator: 4,
  SingleBlock: 8,
  SymbolTable: 16,
  Symbol: 32,
  ConstantLike: 64,
  Commutative: 128,
  NoMemoryEffect: 256,
  AlwaysSpeculatable: 512,
  RecursiveMemoryEffects: 1024,
  ReturnLike: 2048,
  AffineScope: 4096,
  AutomaticAllocationScope: 8192,
  AttrSizedOperandSegments: 16384,
  AttrSizedResultSegments: 32768,
  SameOperandsAndResultType: 65536,
  Idempotent: 131072,
  Involution: 262144,
  Elementwise: 524288,
  /** RegionKindInterface answering "graph" for every region. */
  GraphRegions: 1048576,
  /** The op has at most one region with at most one block and an implicit terminator. */
  SingleBlockImplicitTerminator: 2097152,
  HasParent: 4194304,
  ZeroResults: 8388608,
  ZeroOperands: 16777216,
  ZeroRegions: 33554432,
  ZeroSuccessors: 67108864,
  /** Memory effects come from an explicit `memoryEffects` hook on the definition. */
  HasMemoryEffects: 134217728,
  Pure: 768,
} as const

/** An identifier for an op interface; `get(op)` returns the op's implementation. */
export class OpInterface<T> {
  constructor(readonly name: string) {}
  /** The implementation of this interface for `op`, or undefined. */
  get(op: Operation): T | undefined {
    return op.name.interfaces.get(this) as T | undefined
  }
  /** True when `op` implements the interface. */
  implementedBy(op: Operation): boolean {
    return op.name.interfaces.has(this)
  }
  /** Pairs this interface with an implementation, for `OpDefinition.interfaces`. */
  impl(impl: T): InterfaceImpl {
    return { iface: this, impl }
  }
}

/** One interface implementation attached to an op definition. */
export interface InterfaceImpl {
  readonly iface: OpInterface<unknown>
  readonly impl: unknown
}

/** What an op folder produces for one result: a constant attribute or an existing value. */
export type OpFoldResult = Attribute | Value

/**
 * The registration record of an operation: its traits, interfaces and hooks. The
 * declarative op definitions build these; hand-written ones are also fine.
 */
export interface OpDefinition {
  /** Full name, `dialect.op`. */
  readonly name: string
  /** Bitwise OR of `Trait` values. */
  readonly traits?: number
  readonly interfaces?: readonly InterfaceImpl[]
  /** Names of the inherent attributes (stored as properties, printed `<{...}>` in generic form). */
  readonly inherentAttributeNames?: readonly string[]
  /** For `HasParent`: the names of allowed parent ops. */
  readonly parentOpNames?: readonly string[]
  /** For `SingleBlockImplicitTerminator`: the name of the implicit terminator op. */
  readonly implicitTerminatorName?: string
  /**
   * Other terminators a `SingleBlockImplicitTerminator` region may end with (a terminator
   * type whose `classof` accepts several ops, as cuda_tile's `if` and `loop` use).
   */
  readonly implicitTerminatorAlternatives?: readonly string[]
  /** Op-specific invariants (called after trait verification, before regions are verified). */
  verify?(op: Operation): LogicalResult
  /** Invariants that need the nested regions verified first. */
  verifyRegions?(op: Operation): LogicalResult
  /**
   * Checks the inherent attributes among `attributes` against their constraints (ODS
   * `verifyInherentAttrs`); the generic parser calls it for attributes given in the
   * discardable dictionary. Returns the message after `'name' op ` of the first failure, or
   * null.
   */
  verifyInherentAttrs?(attributes: readonly NamedAttribute[]): string | null
  /**
   * The first entry of a parsed `<{...}>` dictionary that cannot be stored as its property
   * (an attribute of another class than the property's storage, ODS
   * `setPropertiesFromAttr`), or null.
   */
  propertyConversionFailure?(properties: readonly NamedAttribute[]): NamedAttribute | null
  /**
   * Adds the default values of default-valued inherent attributes missing from
   * `properties` (ODS `populateDefaultProperties`); `Operation.create` calls it.
   */
  populateDefaultProperties?(properties: NamedAttribute[], context: Context): void
  /**
   * SymbolUserOpInterface: checks the symbols this op references. Called when the
   * enclosing symbol table op is verified, after everything nested in it.
   */
  verifySymbolUses?(op: Operation): LogicalResult
  /** For `Symbol` ops: the name may be absent (MLIR's `isOptionalSymbol`, as `builtin.module`). */
  readonly optionalSymbol?: boolean
  /**
   * Tries to fold `op`. `operands[i]` is the constant value of operand i when known.
   * Returns results to replace the op's results with (one per result), the op itself
   * to mean "folded in place", or undefined when it does not fold.
   */
  fold?(op: Operation, operands: readonly (Attribute | null)[]): readonly OpFoldResult[] | Operation | undefined
  /**
   * For a `ConstantLike` op: the one attribute `fold` returns for it, or null when it
   * would not fold, read without folding (`matchConstantOp` asks it, many times per op
   * in a canonicalization, instead of `fold`).
   */
  constantValue?(op: Operation): Attribute | null
  /** Adds this op's canonicalization patterns to `patterns`. */
  getCanonicalizationPatterns?(patterns: RewritePatternSet): void
  /** Parses the custom form after the op name into `state`. */
  parse?(parser: OpAsmParser, state: OperationState): LogicalResult
  /** Prints the custom form after the op name. */
  print?(op: Operation, printer: OpAsmPrinter): void
  /**
   * True when `print` prints nothing but keywords and the op's own operands, operand and
   * result types, attributes and regions (as an assembly format without custom
   * directives): the printer's alias pass may then skip an op none of whose types and
   * attributes can have an alias.
   */
  readonly printsOnlyOwnElements?: boolean
  /** OpAsmOpInterface: suggests names for results (`%c0`, `%cst`). */
  getAsmResultNames?(op: Operation, setName: (value: Value, name: string) => void): void
  /** OpAsmOpInterface: suggests names for the arguments of a region's blocks. */
  getAsmBlockArgumentNames?(op: Operation, region: Region, setName: (value: Value, name: string) => void): void
  /** OpAsmOpInterface: suggests names for blocks. */
  getAsmBlockNames?(op: Operation, setName: (block: Block, name: string) => void): void
  /** OpAsmOpInterface: the dialect whose prefix may be elided for ops nested in this op's regions. */
  readonly defaultDialect?: string
  /** MemoryEffectOpInterface: the effects of this op (when it is not `Pure`). */
  memoryEffects?(op: Operation): readonly MemoryEffect[]
}

/** Kinds of memory effect, as in MLIR's `MemoryEffects`. */
export type MemoryEffectKind = 'read' | 'write' | 'allocate' | 'free'

/** One memory effect of an op, optionally on a specific value. */
export interface MemoryEffect {
  readonly kind: MemoryEffectKind
  readonly value?: Value
  readonly resource?: string
}

/**
 * The interned name of an operation, with what registration says about it. Unregistered
 * names (allowed with `allowUnregisteredDialects`) have no definition, no traits and no
 * interfaces.
 */
export class OperationName {
  /** A process-unique number, for hashing (as `Type.id` and `Attribute.id`). */
  readonly id: number = nextStorageId()
  /** Bitwise OR of `Trait` values. */
  readonly traits: number
  readonly interfaces: ReadonlyMap<OpInterface<unknown>, unknown>
  readonly inherentAttributeNames: ReadonlySet<string>
  /** @internal Kept for `Operation`: the record shared by the ops of this name that need no other (null before the first). */
  sharedOpExtras: unknown = null
  /** @internal */
  constructor(
    /** Full name, `dialect.op`. */
    readonly name: string,
    /** The loaded dialect that owns the name, if any. */
    readonly dialect: Dialect | null,
    /** The registration record, or null when unregistered. */
    readonly def: OpDefinition | null,
  ) {
    this.traits = def?.traits ?? 0
    const m = new Map<OpInterface<unknown>, unknown>()
    for (const i of def?.interfaces ?? []) {
      m.set(i.iface, i.impl)
    }
    this.interfaces = m
    this.inherentAttributeNames = new Set(def?.inherentAttributeNames ?? [])
  }
  get isRegistered(): boolean {
    return this.def !== null
  }
  /** The namespace before the first dot (`arith` for `arith.addi`); empty when there is no dot. */
  get dialectNamespace(): string {
    const dot = this.name.indexOf('.')
    return dot < 0 ? '' : this.name.slice(0, dot)
  }
  /** The name after the dialect prefix. */
  get stripDialect(): string {
    const dot = this.name.indexOf('.')
    return dot < 0 ? this.name : this.name.slice(dot + 1)
  }
  /** True when every bit of `trait` is set. */
  hasTrait(trait: number): boolean {
    return (this.traits & trait) === trait
  }
  toString(): string {
    return this.name
  }
}
