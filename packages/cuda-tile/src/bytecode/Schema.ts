/**
 * What the bytecode reader and writer need to know about the cuda_tile dialect, stated
 * without depending on its classes: the per-op encoding schema (opcode, versioned
 * operands, attributes and results, as NVIDIA's generator derives it from Ops.td), and
 * descriptions of the dialect's types and attributes that the bytecode stores. The
 * dialect provides a `CudaTileBytecodeHost`; the reader and writer only talk to it.
 */
import type { Attribute, Context, DictionaryAttr, Location, Operation, Type } from '@tilepass/ir'
import type { BytecodeVersion } from './Version.ts'

/**
 * How an inherent attribute of an op is stored (the C++ storage type NVIDIA's generator
 * switches on):
 * - `enum`: varint of the enum's value (`enumName` names the enum for the host);
 * - `int`: inline varint without a type (`width` bits; `I64Attr` etc.);
 * - `bool`: one byte 0/1;
 * - `string`: string-table index (`StrAttr`); `symbol`: the same, non-empty (`FlatSymbolRefAttr`);
 * - `i32array` / `i64array`: count, then 4- or 8-byte little-endian elements;
 * - `type`: type-table index;
 * - `dense`: constant-pool index; its type is the op's first result type, or a type
 *   index written before it when the op has no result;
 * - `selfContained`: an attribute tag then its payload (attribute interfaces);
 * - `array`: count, then each element with its tag;
 * - `tileAttr`: a cuda_tile attribute's payload without its tag (`optimization_hints`:
 *   the dictionary; `test_value`: a signed varint);
 * - `unit`: no payload, carried by the op's flags field only.
 */
export type AttrEncoding =
  | { readonly kind: 'enum'; readonly enumName: string }
  | { readonly kind: 'int'; readonly width: number }
  | { readonly kind: 'bool' }
  | { readonly kind: 'string' }
  | { readonly kind: 'symbol' }
  | { readonly kind: 'i32array' }
  | { readonly kind: 'i64array' }
  | { readonly kind: 'type' }
  | { readonly kind: 'dense' }
  | { readonly kind: 'selfContained' }
  | { readonly kind: 'array' }
  | { readonly kind: 'tileAttr'; readonly attrKind: 'optimization_hints' | 'test_value' }
  | { readonly kind: 'unit' }

/** One inherent attribute of an op, in declaration order. */
export interface AttrSchema {
  readonly name: string
  readonly encoding: AttrEncoding
  /** `OptionalAttr`/`UnitAttr`: present or not, announced by a bit of the flags field. */
  readonly optional: boolean
  /** The version that introduced the attribute. */
  readonly since: BytecodeVersion
  /**
   * `DefaultValuedAttr`: the default, used when reading a file older than `since`; a
   * writer targeting such a version refuses any other value.
   */
  readonly defaultValue: ((context: Context) => Attribute) | null
}

/** One declared operand group of an op. */
export interface OperandSchema {
  readonly name: string
  readonly kind: 'single' | 'optional' | 'variadic'
  readonly since: BytecodeVersion
}

/** One declared result of an op. */
export interface ResultSchema {
  readonly name: string
  readonly variadic: boolean
  readonly since: BytecodeVersion
  /** For a result newer than its op: the type to give it when reading an older file. */
  readonly defaultType: ((context: Context) => Type) | null
}

/** The bytecode encoding of one op. */
export interface OpBytecodeSchema {
  /** Full op name, `cuda_tile.addi`. */
  readonly name: string
  readonly opcode: number
  /** The version that introduced the op. */
  readonly since: BytecodeVersion
  readonly operands: readonly OperandSchema[]
  /** `AttrSizedOperandSegments`: each group is written on its own. */
  readonly attrSizedOperands: boolean
  readonly attributes: readonly AttrSchema[]
  readonly results: readonly ResultSchema[]
  readonly numRegions: number
}

/** A cuda_tile type as the bytecode stores it. */
export type TileTypeDesc =
  | { readonly kind: 'ptr'; readonly pointee: Type }
  | { readonly kind: 'tile'; readonly shape: readonly number[]; readonly elementType: Type }
  | { readonly kind: 'tensor_view'; readonly elementType: Type; readonly shape: readonly bigint[]; readonly strides: readonly bigint[] }
  | {
      readonly kind: 'partition_view'
      readonly tileShape: readonly number[]
      readonly tensorView: Type
      readonly dimMap: readonly number[]
      readonly padding: number | null
    }
  | {
      readonly kind: 'strided_view'
      readonly tileShape: readonly number[]
      readonly traversalStrides: readonly number[]
      readonly tensorView: Type
      readonly dimMap: readonly number[]
      readonly padding: number | null
    }
  | {
      readonly kind: 'gather_scatter_view'
      readonly tileShape: readonly number[]
      readonly tensorView: Type
      readonly sparseDim: number
      readonly padding: number | null
    }
  | { readonly kind: 'token' }
  | {
      /** The test-only `testing$bytecode_test_evolved` type (250.0, parameters added in 250.1). */
      readonly kind: 'test_evolved'
      readonly baseType: Type
      /** Null means the default (i32). */
      readonly newType: Type | null
      readonly optionalAttr: number | null
      readonly optionalType: Type | null
    }

/** A cuda_tile attribute the bytecode stores with its own tag or in the debug section. */
export type TileAttrDesc =
  | { readonly kind: 'div_by'; readonly divisor: bigint; readonly every: bigint | null; readonly along: bigint | null }
  | { readonly kind: 'same_elements'; readonly values: readonly bigint[] }
  | { readonly kind: 'bounded'; readonly lb: bigint | null; readonly ub: bigint | null }
  | { readonly kind: 'optimization_hints'; readonly dict: DictionaryAttr }
  | { readonly kind: 'test_value'; readonly value: bigint }
  | { readonly kind: 'enum'; readonly enumName: string; readonly value: number }

/** A debug-info attribute or location of the cuda_tile dialect. */
export type DebugInfoDesc =
  | { readonly kind: 'file'; readonly name: string; readonly directory: string }
  | { readonly kind: 'compile_unit'; readonly file: Attribute }
  | { readonly kind: 'lexical_block'; readonly scope: Attribute; readonly file: Attribute; readonly line: number; readonly column: number }
  | {
      readonly kind: 'subprogram'
      readonly file: Attribute
      readonly line: number
      readonly name: string
      readonly linkageName: string
      readonly compileUnit: Attribute
      readonly scopeLine: number
    }
  | { readonly kind: 'loc'; readonly scope: Attribute; readonly filename: string; readonly line: number; readonly column: number }

/**
 * The dialect side of the bytecode: op schemas and conversions between the dialect's
 * types/attributes and their descriptions. `build*` returns null (or a message) when a
 * description does not make a valid type/attribute.
 */
export interface CudaTileBytecodeHost {
  /** The schema of a cuda_tile op by name, or undefined when it has no opcode. */
  opSchemaByName(name: string): OpBytecodeSchema | undefined
  /** The schema of the op with this opcode, or undefined. */
  opSchemaByOpcode(opcode: number): OpBytecodeSchema | undefined
  /** Every op schema (the version-to-maximum-opcode map is computed from them). */
  allOpSchemas(): readonly OpBytecodeSchema[]
  describeType(type: Type): TileTypeDesc | null
  buildType(context: Context, desc: TileTypeDesc): Type | string
  describeAttr(attr: Attribute): TileAttrDesc | null
  buildAttr(context: Context, desc: TileAttrDesc): Attribute | string
  describeDebugInfo(attr: Attribute): DebugInfoDesc | null
  buildDebugInfo(context: Context, desc: DebugInfoDesc): Attribute | null
  /** True for the dialect's `di_loc` location (a `Location` the writer stores). */
  isDILoc(loc: Location): boolean
  /** True for the dialect's local scopes (`di_subprogram`, `di_lexical_block`). */
  isLocalScope(attr: Attribute): boolean
  /** The name of the `cuda_tile` dialect namespace op that holds the module (`cuda_tile.module`). */
  readonly moduleOpName: string
  /** `cuda_tile.entry`. */
  readonly entryOpName: string
  /** `cuda_tile.global`. */
  readonly globalOpName: string
  /** Ops that may appear directly in a module body besides globals (functions: `entry`, `testing$func`). */
  isFunctionOp(name: string): boolean
  /** True for pure ops (allowed inside `reduce`/`scan` bodies). */
  isPure(op: Operation): boolean
}
