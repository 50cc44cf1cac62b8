/**
 * The cuda_tile dialect's side of the bytecode (`CudaTileBytecodeHost`): op schemas
 * derived from the op table (the same rows that define the ops), and the conversions
 * between the dialect's types/attributes and the descriptions the reader and writer use.
 */
import {
  DictionaryAttr,
  FileLineColLoc,
  IntegerAttr,
  IntegerType,
  StringAttr,
  Trait,
  kDynamic,
  printAttribute,
  type Attribute,
  type Context,
  type Location,
  type Operation,
  type Type,
} from '@tilepass/ir'
import {
  BoundedAttr,
  CudaTileEnumAttr,
  DICompileUnitAttr,
  DIFileAttr,
  DILexicalBlockAttr,
  DILocAttr,
  DISubprogramAttr,
  DivByAttr,
  OptimizationHintsAttr,
  SameElementsAttr,
  isDILocalScope,
} from '../CudaTileAttributes.ts'
import { isAttrConstraintName } from '../CudaTileConstraints.ts'
import { EnumAttrCases } from '../CudaTileEnums.ts'
import { cudaTileOpTable, type CudaTileOpRow } from '../CudaTileOpTable.ts'
import { cudaTileOps, cudaTileTestingOps } from '../CudaTileOps.ts'
import {
  GatherScatterViewType,
  PartitionViewType,
  PointerType,
  StridedViewType,
  TensorViewType,
  TileType,
  TokenType,
  typeText,
  verifyGatherScatterViewType,
  verifyPartitionViewType,
  verifyPointerType,
  verifyTensorViewType,
  verifyTileType,
} from '../CudaTileTypes.ts'
import type { AttrEncoding, AttrSchema, CudaTileBytecodeHost, DebugInfoDesc, OpBytecodeSchema, OperandSchema, ResultSchema, TileAttrDesc, TileTypeDesc } from './Schema.ts'
import { versionOf } from './Version.ts'

const INT64_MIN = -(1n << 63n)

/** The enum attributes NVIDIA stores as `#cuda_tile.<mnemonic>` attributes, by enum name. */
const ENUM_MNEMONICS: Readonly<Record<string, string>> = {
  Signedness: 'signedness',
  IntegerOverflow: 'overflow',
  RoundingMode: 'rounding',
  ComparisonOrdering: 'comparison_ordering',
  ComparisonPredicate: 'comparison_predicate',
  PaddingValue: 'padding_value',
  SymbolVisibility: 'symbol_visibility',
}

/** Enums the dialect stores as `i32` integer attributes, with their number of cases. */
const INT_ENUMS: Readonly<Record<string, number>> = {
  MemoryOrderingSemantics: 5,
  MemoryScope: 3,
  AtomicRMWMode: 10,
  BytecodeTestPriority: 0x7fffffff,
}

/** Strips `OptionalAttr<...>` / `DefaultValuedAttr<..., "v">`. */
function baseAttrName(c: string): { base: string; optional: boolean; hasDefault: boolean } {
  let m = /^OptionalAttr<(.*)>$/.exec(c)
  if (m !== null) {
    return { base: m[1]!, optional: true, hasDefault: false }
  }
  m = /^DefaultValuedAttr<(.*), "(.*)">$/.exec(c)
  if (m !== null) {
    return { base: m[1]!, optional: false, hasDefault: true }
  }
  return { base: c, optional: c === 'UnitAttr', hasDefault: false }
}

/** How NVIDIA's generator stores an attribute of this ODS constraint. */
function attrEncoding(base: string): AttrEncoding {
  const enumMatch = /^CudaTile_(\w+)Attr$/.exec(base)
  if (enumMatch !== null) {
    const name = enumMatch[1]!
    if (name === 'MemoryOrderingSemantics' || name in ENUM_MNEMONICS || name in INT_ENUMS) {
      return { kind: 'enum', enumName: name }
    }
    if (name === 'OptimizationHints') {
      return { kind: 'tileAttr', attrKind: 'optimization_hints' }
    }
    if (name === 'BytecodeTestValue') {
      return { kind: 'tileAttr', attrKind: 'test_value' }
    }
  }
  const width = /^(?:ConfinedAttr<)?I(\d+)Attr/.exec(base)
  if (width !== null) {
    return { kind: 'int', width: Number(width[1]) }
  }
  switch (base) {
    case 'UnitAttr':
      return { kind: 'unit' }
    case 'BoolAttr':
      return { kind: 'bool' }
    case 'StrAttr':
    case 'SymbolNameAttr':
      return { kind: 'string' }
    case 'FlatSymbolRefAttr':
      return { kind: 'symbol' }
    case 'DenseI32ArrayAttr':
      return { kind: 'i32array' }
    case 'DenseI64ArrayAttr':
      return { kind: 'i64array' }
    case 'Builtin_DenseTypedElementsAttr':
      return { kind: 'dense' }
    case 'CudaTile_AssumePredicateAttrInterface':
      return { kind: 'selfContained' }
    case 'ArrayAttr':
    case 'DictArrayAttr':
      return { kind: 'array' }
    case 'TypeAttrOf<FunctionType>':
      return { kind: 'type' }
  }
  throw new Error(`cuda_tile bytecode: no encoding for attribute constraint ${base}`)
}

/** The bytecode schema of one op-table row. */
function schemaOf(row: CudaTileOpRow): OpBytecodeSchema {
  const def = cudaTileOps().find((d) => d.name === row.name) ?? cudaTileTestingOps().find((d) => d.name === row.name)
  const operands: OperandSchema[] = []
  const attributes: AttrSchema[] = []
  for (const [name, c, since] of row.args) {
    if (isAttrConstraintName(c)) {
      const { base, optional, hasDefault } = baseAttrName(c)
      const decl = def?.attributes.find((a) => a.name === name)
      attributes.push({
        name,
        encoding: attrEncoding(base),
        optional,
        since: versionOf(since),
        defaultValue: hasDefault ? (decl?.defaultValue ?? null) : null,
      })
    } else {
      const kind = c.startsWith('Optional<') ? 'optional' : c.startsWith('Variadic<') ? 'variadic' : 'single'
      operands.push({ name, kind, since: versionOf(since) })
    }
  }
  const results: ResultSchema[] = row.results.map(([name, c, since]) => ({
    name,
    variadic: c.startsWith('Variadic<'),
    since: versionOf(since),
    // Results newer than their op are tokens (print_tko's and the test op's).
    defaultType: c === 'CudaTile_TokenType' ? (context: Context) => TokenType.get(context) : null,
  }))
  return {
    name: row.name,
    opcode: row.opcode,
    since: versionOf(row.since),
    operands,
    attrSizedOperands: row.traits.includes('AttrSizedOperandSegments'),
    attributes,
    results,
    numRegions: row.regions.length,
  }
}

function enumValueOf(attr: Attribute): TileAttrDesc | null {
  if (attr instanceof CudaTileEnumAttr) {
    const name = Object.keys(ENUM_MNEMONICS).find((k) => ENUM_MNEMONICS[k] === attr.mnemonic)
    return name === undefined ? null : { kind: 'enum', enumName: name, value: attr.value }
  }
  if (attr instanceof IntegerAttr) {
    return { kind: 'enum', enumName: '', value: Number(BigInt.asUintN(32, attr.value)) }
  }
  return null
}

function attrText(attr: Attribute): string {
  try {
    return printAttribute(attr)
  } catch {
    return '<attribute>'
  }
}

function toI64(values: readonly number[]): bigint[] {
  return values.map((d) => (d === kDynamic ? INT64_MIN : BigInt(d)))
}

function fromI64(values: readonly bigint[]): number[] {
  return values.map((d) => (d === INT64_MIN ? kDynamic : Number(d)))
}

/** The cuda_tile dialect's bytecode host (one per process; it holds no IR). */
class Host implements CudaTileBytecodeHost {
  readonly moduleOpName = 'cuda_tile.module'
  readonly entryOpName = 'cuda_tile.entry'
  readonly globalOpName = 'cuda_tile.global'
  private readonly byName = new Map<string, OpBytecodeSchema>()
  private readonly byOpcode = new Map<number, OpBytecodeSchema>()
  private readonly all: OpBytecodeSchema[]

  constructor() {
    this.all = cudaTileOpTable.map(schemaOf)
    for (const s of this.all) {
      this.byName.set(s.name, s)
      this.byOpcode.set(s.opcode, s)
    }
  }
  opSchemaByName(name: string): OpBytecodeSchema | undefined {
    return this.byName.get(name)
  }
  opSchemaByOpcode(opcode: number): OpBytecodeSchema | undefined {
    return this.byOpcode.get(opcode)
  }
  allOpSchemas(): readonly OpBytecodeSchema[] {
    return this.all
  }
  isFunctionOp(name: string): boolean {
    return name === 'cuda_tile.entry' || name === 'cuda_tile.testing$func'
  }
  isPure(op: Operation): boolean {
    return op.hasTrait(Trait.Pure) || op.hasTrait(Trait.IsTerminator)
  }

  describeType(type: Type): TileTypeDesc | null {
    if (type instanceof TileType) {
      return { kind: 'tile', shape: type.shape, elementType: type.elementType }
    }
    if (type instanceof PointerType) {
      return { kind: 'ptr', pointee: type.pointeeType }
    }
    if (type instanceof TensorViewType) {
      return { kind: 'tensor_view', elementType: type.elementType, shape: toI64(type.shape), strides: toI64(type.strides) }
    }
    if (type instanceof PartitionViewType || type instanceof StridedViewType || type instanceof GatherScatterViewType) {
      const common = { tileShape: type.tileShape, tensorView: type.tensorView, padding: type.paddingValue < 0 ? null : type.paddingValue }
      if (type instanceof PartitionViewType) {
        return { kind: 'partition_view', ...common, dimMap: type.dimMap }
      }
      if (type instanceof StridedViewType) {
        return { kind: 'strided_view', ...common, traversalStrides: type.traversalStrides, dimMap: type.dimMap }
      }
      return { kind: 'gather_scatter_view', ...common, sparseDim: type.sparseDim }
    }
    if (type instanceof TokenType) {
      return { kind: 'token' }
    }
    return null
  }

  buildType(context: Context, desc: TileTypeDesc): Type | string {
    // As the generated readers' `getChecked`: the type's parameter constraints and verifier.
    switch (desc.kind) {
      case 'tile':
        return verifyTileType(desc.shape, desc.elementType) ?? TileType.get(desc.shape, desc.elementType)
      case 'ptr':
        return verifyPointerType(desc.pointee) ?? PointerType.get(desc.pointee)
      case 'tensor_view': {
        const shape = fromI64(desc.shape)
        const strides = fromI64(desc.strides)
        return verifyTensorViewType(desc.elementType, shape, strides) ?? TensorViewType.get(desc.elementType, shape, strides)
      }
      case 'partition_view':
      case 'strided_view':
      case 'gather_scatter_view': {
        const p = desc.padding ?? -1
        if (p >= EnumAttrCases['padding_value']!.length) {
          return `invalid integer value for enum type: ${p}`
        }
        const tv = desc.tensorView
        if (!(tv instanceof TensorViewType)) {
          return `expected ::mlir::cuda_tile::TensorViewType but got ${typeText(tv)}`
        }
        if (desc.kind === 'partition_view') {
          return verifyPartitionViewType(desc.tileShape, null, tv, desc.dimMap, p) ?? PartitionViewType.get(desc.tileShape, tv, desc.dimMap, p)
        }
        if (desc.kind === 'strided_view') {
          return (
            verifyPartitionViewType(desc.tileShape, desc.traversalStrides, tv, desc.dimMap, p) ??
            StridedViewType.get(desc.tileShape, desc.traversalStrides, tv, desc.dimMap, p)
          )
        }
        return verifyGatherScatterViewType(desc.tileShape, tv, desc.sparseDim, p) ?? GatherScatterViewType.get(desc.tileShape, tv, desc.sparseDim, p)
      }
      case 'token':
        return TokenType.get(context)
      case 'test_evolved':
        return 'type BytecodeTestEvolvedType is not supported'
    }
  }

  describeAttr(attr: Attribute): TileAttrDesc | null {
    if (attr instanceof DivByAttr) {
      return { kind: 'div_by', divisor: attr.divisor, every: attr.every, along: attr.along }
    }
    if (attr instanceof SameElementsAttr) {
      return { kind: 'same_elements', values: attr.values }
    }
    if (attr instanceof BoundedAttr) {
      return { kind: 'bounded', lb: attr.lb, ub: attr.ub }
    }
    if (attr instanceof OptimizationHintsAttr) {
      return { kind: 'optimization_hints', dict: attr.value }
    }
    return enumValueOf(attr)
  }

  buildAttr(context: Context, desc: TileAttrDesc): Attribute | string {
    switch (desc.kind) {
      case 'div_by':
        return DivByAttr.get(context, desc.divisor, desc.every, desc.along)
      case 'same_elements':
        return SameElementsAttr.get(context, desc.values)
      case 'bounded':
        return BoundedAttr.get(context, desc.lb, desc.ub)
      case 'optimization_hints':
        // As OptimizationHintsAttr::verify: one dictionary per architecture.
        for (const e of desc.dict.entries) {
          if (!(e.value instanceof DictionaryAttr)) {
            return `expected dictionary attribute for optimization_hints entry \`${e.name}\` got value=${attrText(e.value)}`
          }
        }
        return OptimizationHintsAttr.get(desc.dict)
      case 'test_value':
        return IntegerAttr.get(IntegerType.get(context, 64), desc.value)
      case 'enum': {
        const mnemonic = ENUM_MNEMONICS[desc.enumName]
        if (mnemonic !== undefined) {
          const cases = EnumAttrCases[mnemonic]!
          if (desc.value >= cases.length) {
            return `invalid integer value for enum type: ${desc.value}`
          }
          return CudaTileEnumAttr.get(context, mnemonic, desc.value)
        }
        const count = INT_ENUMS[desc.enumName]
        if (count === undefined || desc.value >= count) {
          return `invalid integer value for enum type: ${desc.value}`
        }
        return IntegerAttr.get(IntegerType.get(context, 32), desc.value)
      }
    }
  }

  describeDebugInfo(attr: Attribute): DebugInfoDesc | null {
    if (attr instanceof DIFileAttr) {
      return { kind: 'file', name: attr.name.value, directory: attr.directory.value }
    }
    if (attr instanceof DICompileUnitAttr) {
      return { kind: 'compile_unit', file: attr.file }
    }
    if (attr instanceof DILexicalBlockAttr) {
      return { kind: 'lexical_block', scope: attr.scope, file: attr.file, line: attr.line, column: attr.column ?? 0 }
    }
    if (attr instanceof DISubprogramAttr) {
      return {
        kind: 'subprogram',
        file: attr.file,
        line: attr.line,
        name: attr.name.value,
        linkageName: attr.linkageName.value,
        compileUnit: attr.compileUnit,
        scopeLine: attr.scopeLine ?? 0,
      }
    }
    if (attr instanceof DILocAttr) {
      return { kind: 'loc', scope: attr.scope, filename: attr.sourceLoc.filename, line: attr.sourceLoc.line, column: attr.sourceLoc.column }
    }
    return null
  }

  buildDebugInfo(context: Context, desc: DebugInfoDesc): Attribute | null {
    switch (desc.kind) {
      case 'file':
        return DIFileAttr.get(StringAttr.get(context, desc.name), StringAttr.get(context, desc.directory))
      case 'compile_unit':
        return desc.file instanceof DIFileAttr ? DICompileUnitAttr.get(desc.file) : null
      case 'lexical_block':
        return isDILocalScope(desc.scope) && desc.file instanceof DIFileAttr ? DILexicalBlockAttr.get(desc.scope, desc.file, desc.line, desc.column) : null
      case 'subprogram':
        return desc.file instanceof DIFileAttr && desc.compileUnit instanceof DICompileUnitAttr
          ? DISubprogramAttr.get(
              desc.file,
              desc.line,
              StringAttr.get(context, desc.name),
              StringAttr.get(context, desc.linkageName),
              desc.compileUnit,
              desc.scopeLine,
            )
          : null
      case 'loc':
        return isDILocalScope(desc.scope) ? DILocAttr.get(FileLineColLoc.get(context, desc.filename, desc.line, desc.column), desc.scope) : null
    }
  }

  isDILoc(loc: Location): boolean {
    return loc instanceof DILocAttr
  }
  isLocalScope(attr: Attribute): boolean {
    return isDILocalScope(attr)
  }
}

let host: Host | null = null

/** The bytecode host of the cuda_tile dialect. */
export function cudaTileBytecodeHost(): CudaTileBytecodeHost {
  host ??= new Host()
  return host
}
