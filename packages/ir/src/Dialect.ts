import type { Attribute, NamedAttribute } from './Attributes.ts'
import type { Context } from './Context.ts'
import type { Location } from './Location.ts'
import type { LogicalResult } from './LogicalResult.ts'
import type { OpAsmParser, OpAsmPrinter } from './OpAsm.ts'
import type { Operation } from './Operation.ts'
import type { OpDefinition } from './OperationName.ts'
import type { Type } from './Types.ts'
import type { OpBuilder } from './Builder.ts'

/**
 * What a dialect registers: its namespace, ops, the dialects it depends on, and the
 * hooks for its own types and attributes. Register with `Context.registerDialect`;
 * the context loads it on first use.
 */
export interface DialectDefinition {
  readonly namespace: string
  /** Dialects loaded together with this one. */
  readonly dependentDialects?: readonly string[]
  readonly ops?: readonly OpDefinition[]
  /** Accept unknown ops of this namespace as unregistered ops (like the `test` dialect). */
  readonly allowUnknownOperations?: boolean
  /** Parses the body of `!ns.<body>` (the parser is positioned after `!ns.`). */
  parseType?(parser: OpAsmParser): Type | undefined
  /** Prints the body of a type of this dialect (after `!ns.`). */
  printType?(type: Type, printer: OpAsmPrinter): void
  /** Parses the body of `#ns.<body>`. */
  parseAttribute?(parser: OpAsmParser, type: Type | undefined): Attribute | undefined
  /** Prints the body of an attribute of this dialect (after `#ns.`). */
  printAttribute?(attr: Attribute, printer: OpAsmPrinter): void
  /** Builds a constant op producing `value` of `type`, for folding; null when impossible. */
  materializeConstant?(builder: OpBuilder, value: Attribute, type: Type, loc: Location): Operation | null
  /** OpAsmDialectInterface: an alias name (`map`, `loc`) for an attribute or type, if any. */
  getAlias?(attrOrType: Attribute | Type): string | undefined
  /** Dialect interfaces (inliner, ...), keyed by interface name. */
  readonly interfaces?: Readonly<Record<string, unknown>>
  /** Checks a discardable attribute named in this dialect on `op` (MLIR's `verifyOperationAttribute`). */
  readonly verifyOperationAttribute?: (op: Operation, attr: NamedAttribute) => LogicalResult
  /** Checks an attribute of this dialect on argument `argIndex` of region `regionIndex` of `op`. */
  readonly verifyRegionArgAttribute?: (op: Operation, regionIndex: number, argIndex: number, attr: NamedAttribute) => LogicalResult
  /** Checks an attribute of this dialect on result `resultIndex` of region `regionIndex` of `op`. */
  readonly verifyRegionResultAttribute?: (op: Operation, regionIndex: number, resultIndex: number, attr: NamedAttribute) => LogicalResult
  /** Called once when the dialect is loaded into a context. */
  initialize?(dialect: Dialect): void
}

/** A dialect loaded into a `Context`. */
export class Dialect {
  /** @internal */
  constructor(
    readonly context: Context,
    readonly def: DialectDefinition,
  ) {}
  get namespace(): string {
    return this.def.namespace
  }
  /** The dialect interface registered under `name`, if any. */
  getInterface<T>(name: string): T | undefined {
    return this.def.interfaces?.[name] as T | undefined
  }
}

/** The loaded dialect an attribute name like `test.foo` belongs to (MLIR's `NamedAttribute::getNameDialect`), if any. */
export function attributeNameDialect(context: Context, name: string): Dialect | undefined {
  const dot = name.indexOf('.')
  return dot <= 0 ? undefined : context.getLoadedDialect(name.slice(0, dot))
}
