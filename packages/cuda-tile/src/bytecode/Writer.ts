/**
 * The Tile IR bytecode writer: a `cuda_tile.module` to bytes at a chosen version, with
 * NVIDIA's section layout and order (global, func, constant, debug, type, producer,
 * string, end), its string/type/constant/debug-info tables and its diagnostics.
 */
import {
  ArrayAttr,
  CallSiteLoc,
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  DictionaryAttr,
  FileLineColLoc,
  FloatAttr,
  FloatType,
  FunctionType,
  FusedLoc,
  IntegerAttr,
  IntegerType,
  NameLoc,
  OpaqueLoc,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
  UnknownLoc,
  floatAttrBits,
  printAttribute,
  type Attribute,
  type Block,
  type Location,
  type Operation,
  type Region,
  type Type,
  type Value,
} from '@tilepass/ir'
import { ByteWriter } from './Encoding.ts'
import {
  AttrTag,
  DEBUG_RESERVED,
  DebugTag,
  FunctionFlags,
  MAGIC,
  Section,
  TypeTag,
  denseRawData,
  scalarTypeInfo,
} from './Format.ts'
import type { AttrSchema, CudaTileBytecodeHost, OpBytecodeSchema, TileTypeDesc } from './Schema.ts'
import { type BytecodeVersion, MIN_SUPPORTED_VERSION, CURRENT_VERSION, UNIFIED_BITFIELD_VERSION, VERSION_13_3, versionOf } from './Version.ts'
import { OpcodeLimits } from './Opcodes.ts'
import { schemaInfo } from './SchemaInfo.ts'

/** Thrown inside the writer after a diagnostic was reported; caught by `writeBytecode`. */
class WriteFailure extends Error {}
const FAILED = new WriteFailure('bytecode writer failed (diagnostics reported)')

/** Reports `message` at `loc` and aborts the write. */
function fail(op: Operation | null, loc: Location, message: string): never {
  if (op !== null) {
    op.emitError(message).report()
  } else {
    loc.context.emitError(loc, message).report()
  }
  throw FAILED
}

class StringTable {
  readonly index = new Map<string, number>()
  get(s: string): number {
    let i = this.index.get(s)
    if (i === undefined) {
      i = this.index.size
      this.index.set(s, i)
    }
    return i
  }
  write(out: ByteWriter): void {
    const w = new ByteWriter()
    w.writeVarInt(this.index.size)
    w.alignTo(4)
    const encoder = new TextEncoder()
    const encoded = [...this.index.keys()].map((s) => encoder.encode(s))
    let running = 0
    for (const e of encoded) {
      w.writeU32(running)
      running += e.length
    }
    for (const e of encoded) {
      w.writeBytes(e)
    }
    writeSection(out, Section.String, w)
  }
}

/**
 * Writes a table of variable-size entries: the count, padding to 4, one 4-byte start
 * offset per entry (relative to the first entry), then the entries as `serialize` writes them.
 */
function writeOffsetTable<T>(w: ByteWriter, entries: readonly T[], serialize: (entry: T) => void): void {
  w.writeVarInt(entries.length)
  w.alignTo(4)
  const offsetsAt = w.length
  for (let i = 0; i < entries.length; i++) {
    w.writeU32(0)
  }
  const start = w.length
  for (let i = 0; i < entries.length; i++) {
    w.patchU32(offsetsAt + 4 * i, w.length - start)
    serialize(entries[i]!)
  }
}

/** DivBy's (`every`, `along`) and Bounded's (`lb`, `ub`): a presence byte, then each present value zig-zag. */
function writeOptionalPair(w: ByteWriter, first: bigint | null, second: bigint | null): void {
  w.writeByte((first !== null ? 1 : 0) | (second !== null ? 2 : 0))
  if (first !== null) {
    w.writeSignedVarInt(first)
  }
  if (second !== null) {
    w.writeSignedVarInt(second)
  }
}

/** Writes a section header (id, length, alignment with padding) and the payload. */
function writeSection(out: ByteWriter, id: number, payload: ByteWriter): void {
  const alignment = payload.requiredAlignment
  out.writeByte(alignment > 1 ? id | 0x80 : id)
  out.writeVarInt(payload.length)
  if (alignment > 1) {
    out.writeVarInt(alignment)
    out.alignTo(alignment)
  }
  out.writeBytes(payload.bytes())
}

/** The writer's state for one module. */
class ModuleWriter {
  readonly strings = new StringTable()
  private readonly typeIndex = new Map<Type, number>()
  private readonly types: Type[] = []
  private readonly constantIndex = new Map<Attribute, number>()
  private readonly constants: Uint8Array[] = []
  // Debug info: the attributes (index = position + DEBUG_RESERVED) and, per function with
  // a stored location, the debug-info indices of its ops in write order.
  private readonly debugIndex = new Map<Attribute, number>()
  private readonly debugList: Attribute[] = []
  private readonly opDebugIndex = new Map<Operation, number>()
  private readonly opDebugLists: number[][] = []
  private readonly opcodes: OpcodeLimits
  private valueIndex = new Map<Value, number>()
  private nextValue = 0

  constructor(
    readonly host: CudaTileBytecodeHost,
    readonly version: BytecodeVersion,
  ) {
    this.opcodes = OpcodeLimits.of(host)
  }

  // ---- types ------------------------------------------------------------------------

  getTypeIndex(type: Type): number {
    const known = this.typeIndex.get(type)
    if (known !== undefined) {
      return known
    }
    // Types a type refers to get lower indices.
    if (type instanceof FunctionType) {
      for (const t of type.inputs) {
        this.getTypeIndex(t)
      }
      for (const t of type.results) {
        this.getTypeIndex(t)
      }
    } else {
      const desc = this.host.describeType(type)
      if (desc !== null) {
        for (const t of typeParams(desc)) {
          this.getTypeIndex(t)
        }
      }
    }
    const again = this.typeIndex.get(type)
    if (again !== undefined) {
      return again
    }
    const index = this.types.length
    this.typeIndex.set(type, index)
    this.types.push(type)
    return index
  }

  private requireVersion(since: string, name: string): void {
    if (this.version.compare(versionOf(since)) < 0) {
      throw this.typeError(`type '${name}' requires bytecode version ${since}+, targeting ${this.version.toString()}`)
    }
  }

  private typeErrorContext: Type | null = null
  private typeError(message: string): WriteFailure {
    const t = this.typeErrorContext!
    t.context.emitError(UnknownLoc.get(t.context), message).report()
    return FAILED
  }

  private serializeType(type: Type, w: ByteWriter): void {
    this.typeErrorContext = type
    const scalar = scalarTypeInfo(type)
    if (scalar !== undefined) {
      this.requireVersion(scalar.since, scalar.name)
      w.writeVarInt(scalar.tag)
      return
    }
    if (type instanceof FunctionType) {
      w.writeVarInt(TypeTag.FunctionType)
      w.writeVarInt(type.inputs.length)
      for (const t of type.inputs) {
        w.writeVarInt(this.getTypeIndex(t))
      }
      w.writeVarInt(type.results.length)
      for (const t of type.results) {
        w.writeVarInt(this.getTypeIndex(t))
      }
      return
    }
    const desc = this.host.describeType(type)
    if (desc === null) {
      throw this.typeError('unsupported type in bytecode writer')
    }
    const v = this.version
    const unified = v.atLeast(UNIFIED_BITFIELD_VERSION)
    // An optional enum of a type older than the unified bit field: a presence byte
    // before 13.3, nothing (the flags carry it) from 13.3 on.
    const writeOptionalEnum = (value: number | null, useUnified: boolean): void => {
      if (useUnified) {
        if (value !== null) {
          w.writeVarInt(value)
        }
      } else {
        w.writeByte(value !== null ? 1 : 0)
        if (value !== null) {
          w.writeVarInt(value)
        }
      }
    }
    switch (desc.kind) {
      case 'ptr':
        this.requireVersion('13.1', 'PointerType')
        w.writeVarInt(TypeTag.PointerType)
        w.writeVarInt(this.getTypeIndex(desc.pointee))
        return
      case 'tile':
        this.requireVersion('13.1', 'TileType')
        w.writeVarInt(TypeTag.TileType)
        // NVIDIA writes the tile's parameters in reverse: element type, then shape.
        w.writeVarInt(this.getTypeIndex(desc.elementType))
        w.writeLEArray(desc.shape, 8)
        return
      case 'tensor_view':
        this.requireVersion('13.1', 'TensorViewType')
        w.writeVarInt(TypeTag.TensorViewType)
        w.writeVarInt(this.getTypeIndex(desc.elementType))
        w.writeLEArray(desc.shape, 8)
        w.writeLEArray(desc.strides, 8)
        return
      case 'partition_view':
        this.requireVersion('13.1', 'PartitionViewType')
        w.writeVarInt(TypeTag.PartitionViewType)
        if (unified) {
          w.writeVarInt(desc.padding !== null ? 1 : 0)
        }
        w.writeLEArray(desc.tileShape, 4)
        w.writeVarInt(this.getTypeIndex(desc.tensorView))
        w.writeLEArray(desc.dimMap, 4)
        writeOptionalEnum(desc.padding, unified)
        return
      case 'strided_view':
      case 'gather_scatter_view': {
        // Types of 13.3: the optional padding is announced by the flags field only.
        const strided = desc.kind === 'strided_view'
        this.requireVersion('13.3', strided ? 'StridedViewType' : 'GatherScatterViewType')
        w.writeVarInt(strided ? TypeTag.StridedViewType : TypeTag.GatherScatterViewType)
        w.writeVarInt(desc.padding !== null ? 1 : 0)
        w.writeLEArray(desc.tileShape, 4)
        if (strided) {
          w.writeLEArray(desc.traversalStrides, 4)
        }
        w.writeVarInt(this.getTypeIndex(desc.tensorView))
        if (strided) {
          w.writeLEArray(desc.dimMap, 4)
        } else {
          w.writeVarInt(desc.sparseDim)
        }
        writeOptionalEnum(desc.padding, true)
        return
      }
      case 'token':
        this.requireVersion('13.1', 'TokenType')
        w.writeVarInt(TypeTag.TokenType)
        return
      case 'test_evolved': {
        this.requireVersion('250.0', 'BytecodeTestEvolvedType')
        w.writeVarInt(TypeTag.BytecodeTestEvolvedType)
        const v2501 = v.atLeast(versionOf('250.1'))
        if (v2501) {
          w.writeVarInt((desc.optionalAttr !== null ? 1 : 0) | (desc.optionalType !== null ? 2 : 0))
        }
        w.writeVarInt(this.getTypeIndex(desc.baseType))
        const paramError = (name: string): WriteFailure =>
          this.typeError(`parameter '${name}' requires bytecode version 250.1+, but targeting ${v.toString()}`)
        if (v2501) {
          w.writeVarInt(this.getTypeIndex(desc.newType ?? IntegerType.get(type.context, 32)))
        } else if (desc.newType !== null && desc.newType !== IntegerType.get(type.context, 32)) {
          throw paramError('newType')
        }
        if (v2501) {
          if (desc.optionalAttr !== null) {
            w.writeVarInt(desc.optionalAttr)
          }
        } else if (desc.optionalAttr !== null) {
          throw paramError('optionalAttr')
        }
        if (v2501) {
          if (desc.optionalType !== null) {
            w.writeVarInt(this.getTypeIndex(desc.optionalType))
          }
        } else if (desc.optionalType !== null) {
          throw paramError('optionalType')
        }
        return
      }
    }
  }

  writeTypeSection(out: ByteWriter): void {
    const w = new ByteWriter()
    // Serializing may not add types: every parameter was registered with its type.
    writeOffsetTable(w, this.types, (t) => this.serializeType(t, w))
    writeSection(out, Section.Type, w)
  }

  // ---- constants ----------------------------------------------------------------------

  getConstantIndex(attr: DenseIntOrFPElementsAttr): number {
    let i = this.constantIndex.get(attr)
    if (i === undefined) {
      const raw = denseRawData(attr)
      const w = new ByteWriter(raw.length + 8)
      w.writeVarInt(raw.length)
      w.writeBytes(raw)
      i = this.constants.length
      this.constants.push(w.bytes().slice())
      this.constantIndex.set(attr, i)
    }
    return i
  }

  writeConstantSection(out: ByteWriter): void {
    if (this.constants.length === 0) {
      return
    }
    const w = new ByteWriter()
    w.writeVarInt(this.constants.length)
    w.alignTo(8)
    let running = 0
    const offsetsAt = w.length
    for (let i = 0; i < this.constants.length; i++) {
      w.writeLE(0, 8)
    }
    for (let i = 0; i < this.constants.length; i++) {
      w.patchU64(offsetsAt + 8 * i, running)
      w.writeBytes(this.constants[i]!)
      running += this.constants[i]!.length
    }
    writeSection(out, Section.Constant, w)
  }

  // ---- debug info ---------------------------------------------------------------------

  private isReservedLoc(attr: Attribute): boolean {
    return attr instanceof FileLineColLoc || attr instanceof UnknownLoc
  }

  /** The debug-info slot of a function, or 0 when its location is not stored. */
  getOpDebugIndex(op: Operation): number {
    const known = this.opDebugIndex.get(op)
    if (known !== undefined) {
      return known
    }
    if (this.isReservedLoc(op.location)) {
      return 0
    }
    const index = this.opDebugIndex.size + DEBUG_RESERVED
    this.opDebugIndex.set(op, index)
    return index
  }

  addDebugInfo(opIndex: number, attr: Attribute): void {
    if (opIndex < DEBUG_RESERVED) {
      return
    }
    const slot = opIndex - DEBUG_RESERVED
    while (this.opDebugLists.length <= slot) {
      this.opDebugLists.push([])
    }
    this.opDebugLists[slot]!.push(this.getDebugIndex(attr))
  }

  private getDebugIndex(attr: Attribute): number {
    const known = this.debugIndex.get(attr)
    if (known !== undefined) {
      return known
    }
    if (this.isReservedLoc(attr)) {
      return 0
    }
    // Attributes an entry refers to get lower indices.
    const desc = this.host.describeDebugInfo(attr)
    if (desc !== null) {
      switch (desc.kind) {
        case 'compile_unit':
          this.getDebugIndex(desc.file)
          break
        case 'lexical_block':
          this.getDebugIndex(desc.scope)
          this.getDebugIndex(desc.file)
          break
        case 'loc':
          this.getDebugIndex(desc.scope)
          break
        case 'subprogram':
          this.getDebugIndex(desc.file)
          this.getDebugIndex(desc.compileUnit)
          break
        case 'file':
          break
      }
    } else if (attr instanceof CallSiteLoc) {
      this.getDebugIndex(attr.callee)
      this.getDebugIndex(attr.caller)
    }
    const again = this.debugIndex.get(attr)
    if (again !== undefined) {
      return again
    }
    const index = this.debugList.length + DEBUG_RESERVED
    this.debugIndex.set(attr, index)
    this.debugList.push(attr)
    return index
  }

  /** Checks that `loc` can be stored; reports NVIDIA's message on `op` otherwise. */
  validateLocation(op: Operation, loc: Location): void {
    if (this.host.isDILoc(loc) || loc instanceof FileLineColLoc || loc instanceof UnknownLoc) {
      return
    }
    if (loc instanceof CallSiteLoc) {
      this.validateLocation(op, loc.caller)
      this.validateLocation(op, loc.callee)
      return
    }
    const kind =
      loc instanceof OpaqueLoc ? 'OpaqueLoc' : loc instanceof NameLoc ? 'NameLoc' : loc instanceof FusedLoc ? 'FusedLoc' : 'Unknown Attribute'
    fail(op, op.location, `unsupported location, got ${kind}, expected DILocAttr or CallSiteLoc`)
  }

  private serializeDebugInfo(attr: Attribute, w: ByteWriter): void {
    const desc = this.host.describeDebugInfo(attr)
    if (desc !== null) {
      switch (desc.kind) {
        case 'compile_unit':
          w.writeVarInt(DebugTag.DICompileUnit)
          w.writeVarInt(this.getDebugIndex(desc.file))
          return
        case 'file':
          w.writeVarInt(DebugTag.DIFile)
          w.writeVarInt(this.strings.get(desc.name))
          w.writeVarInt(this.strings.get(desc.directory))
          return
        case 'lexical_block':
          w.writeVarInt(DebugTag.DILexicalBlock)
          w.writeVarInt(this.getDebugIndex(desc.scope))
          w.writeVarInt(this.getDebugIndex(desc.file))
          w.writeVarInt(desc.line)
          w.writeVarInt(desc.column)
          return
        case 'loc':
          w.writeVarInt(DebugTag.DILoc)
          w.writeVarInt(this.getDebugIndex(desc.scope))
          w.writeVarInt(this.strings.get(desc.filename))
          w.writeVarInt(desc.line)
          w.writeVarInt(desc.column)
          return
        case 'subprogram':
          w.writeVarInt(DebugTag.DISubprogram)
          w.writeVarInt(this.getDebugIndex(desc.file))
          w.writeVarInt(desc.line)
          w.writeVarInt(this.strings.get(desc.name))
          w.writeVarInt(this.strings.get(desc.linkageName))
          w.writeVarInt(this.getDebugIndex(desc.compileUnit))
          w.writeVarInt(desc.scopeLine)
          return
      }
    }
    if (attr instanceof CallSiteLoc) {
      w.writeVarInt(DebugTag.CallSite)
      w.writeVarInt(this.getDebugIndex(attr.callee))
      w.writeVarInt(this.getDebugIndex(attr.caller))
      return
    }
    attr.context.emitError(UnknownLoc.get(attr.context), 'failed to serialize debug info attribute').report()
    throw FAILED
  }

  writeDebugSection(out: ByteWriter): void {
    if (this.opDebugLists.length === 0 && this.debugList.length === 0) {
      return
    }
    const w = new ByteWriter()
    w.writeVarInt(this.opDebugLists.length)
    w.alignTo(4)
    let offset = 0
    for (const list of this.opDebugLists) {
      w.writeU32(offset)
      offset += list.length
    }
    w.writeVarInt(offset)
    w.alignTo(8)
    for (const list of this.opDebugLists) {
      for (const index of list) {
        w.writeLE(index, 8)
      }
    }
    // Serializing an entry may register the strings it names but no new entry: every
    // entry an entry refers to was registered with it.
    writeOffsetTable(w, this.debugList, (a) => this.serializeDebugInfo(a, w))
    writeSection(out, Section.Debug, w)
  }

  // ---- attributes ---------------------------------------------------------------------

  /** Writes an attribute with its tag (array elements, dictionary values, interfaces). */
  writeSelfContained(op: Operation, name: string, attr: Attribute, w: ByteWriter): void {
    this.writeAttrPayload(op, name, attr, w, true)
  }

  private writeTag(op: Operation, tag: number, tagName: string, w: ByteWriter, selfContained: boolean, since = '13.1'): void {
    if (!selfContained) {
      return
    }
    if (!this.version.atLeast(versionOf(since))) {
      fail(op, op.location, `attribute '${tagName}' is not available in bytecode version ${this.version.toString()}`)
    }
    w.writeVarInt(tag)
  }

  private writeAttrPayload(op: Operation, name: string, attr: Attribute, w: ByteWriter, selfContained: boolean): void {
    if (attr instanceof TypeAttr) {
      if (selfContained) {
        w.writeVarInt(AttrTag.Type)
      }
      w.writeVarInt(this.getTypeIndex(attr.value))
      return
    }
    if (attr instanceof StringAttr) {
      if (selfContained) {
        w.writeVarInt(AttrTag.String)
      }
      w.writeVarInt(this.strings.get(attr.value))
      return
    }
    if (attr instanceof IntegerAttr) {
      if (selfContained) {
        w.writeVarInt(AttrTag.Integer)
        w.writeVarInt(this.getTypeIndex(attr.type))
      }
      const width = attr.type instanceof IntegerType ? attr.type.width : 64
      w.writeVarInt(BigInt.asUintN(width, attr.value))
      return
    }
    if (attr instanceof FloatAttr) {
      if (selfContained) {
        w.writeVarInt(AttrTag.Float)
        w.writeVarInt(this.getTypeIndex(attr.type))
      }
      writeFloatBits(attr, w)
      return
    }
    if (attr instanceof DenseIntOrFPElementsAttr) {
      if (selfContained) {
        w.writeVarInt(AttrTag.DenseElements)
        w.writeVarInt(this.getTypeIndex(attr.type))
      }
      w.writeVarInt(this.getConstantIndex(attr))
      return
    }
    if (attr instanceof ArrayAttr) {
      if (selfContained) {
        w.writeVarInt(AttrTag.Array)
      }
      w.writeVarInt(attr.elements.length)
      for (const e of attr.elements) {
        this.writeSelfContained(op, 'arrayElement', e, w)
      }
      return
    }
    if (attr instanceof DictionaryAttr) {
      if (selfContained) {
        w.writeVarInt(AttrTag.Dictionary)
      }
      w.writeVarInt(attr.entries.length)
      for (const e of attr.entries) {
        w.writeVarInt(this.strings.get(e.name))
        this.writeSelfContained(op, e.name, e.value, w)
      }
      return
    }
    const desc = this.host.describeAttr(attr)
    if (desc !== null) {
      switch (desc.kind) {
        case 'div_by':
          this.writeTag(op, AttrTag.DivBy, 'DivBy', w, selfContained)
          w.writeVarInt(desc.divisor)
          writeOptionalPair(w, desc.every, desc.along)
          return
        case 'same_elements':
          this.writeTag(op, AttrTag.SameElements, 'SameElements', w, selfContained)
          w.writeLEArray(desc.values, 8)
          return
        case 'bounded':
          this.writeTag(op, AttrTag.Bounded, 'Bounded', w, selfContained)
          writeOptionalPair(w, desc.lb, desc.ub)
          return
        case 'optimization_hints':
          this.writeTag(op, AttrTag.OptimizationHints, 'OptimizationHints', w, selfContained)
          this.writeAttrPayload(op, name, desc.dict, w, false)
          return
        case 'test_value':
          this.writeTag(op, AttrTag.BytecodeTestValue, 'BytecodeTestValue', w, selfContained, '250.0')
          w.writeSignedVarInt(desc.value)
          return
        case 'enum':
          break
      }
    }
    fail(op, op.location, `unsupported attribute type encountered during serialization of attribute '${name}': ${attrText(attr)}`)
  }

  /** Writes an inherent attribute of an op as its schema says. */
  private writeOpAttribute(op: Operation, schema: AttrSchema, attr: Attribute, w: ByteWriter): void {
    const enc = schema.encoding
    switch (enc.kind) {
      case 'unit':
        return
      case 'enum': {
        const desc = this.host.describeAttr(attr)
        if (desc === null || desc.kind !== 'enum') {
          fail(op, op.location, `unsupported attribute type encountered during serialization of attribute '${schema.name}': ${attrText(attr)}`)
        }
        w.writeVarInt(desc.value)
        return
      }
      case 'int':
        if (!(attr instanceof IntegerAttr)) {
          break
        }
        w.writeVarInt(BigInt.asUintN(enc.width, attr.value))
        return
      case 'bool':
        if (!(attr instanceof IntegerAttr)) {
          break
        }
        w.writeByte(attr.value !== 0n ? 1 : 0)
        return
      case 'string':
        if (!(attr instanceof StringAttr)) {
          break
        }
        w.writeVarInt(this.strings.get(attr.value))
        return
      case 'symbol':
        if (!(attr instanceof SymbolRefAttr)) {
          break
        }
        w.writeVarInt(this.strings.get(attr.rootReference))
        return
      case 'i32array':
      case 'i64array':
        if (!(attr instanceof DenseArrayAttr)) {
          break
        }
        w.writeLEArray(attr.values, enc.kind === 'i32array' ? 4 : 8)
        return
      case 'type':
        if (!(attr instanceof TypeAttr)) {
          break
        }
        w.writeVarInt(this.getTypeIndex(attr.value))
        return
      case 'dense':
        if (!(attr instanceof DenseIntOrFPElementsAttr)) {
          break
        }
        if (op.results.length === 0) {
          w.writeVarInt(this.getTypeIndex(attr.type))
        }
        w.writeVarInt(this.getConstantIndex(attr))
        return
      case 'selfContained':
        this.writeSelfContained(op, schema.name, attr, w)
        return
      case 'array':
        if (!(attr instanceof ArrayAttr)) {
          break
        }
        this.writeAttrPayload(op, schema.name, attr, w, false)
        return
      case 'tileAttr':
        if (enc.attrKind === 'test_value') {
          if (!(attr instanceof IntegerAttr)) {
            break
          }
          w.writeSignedVarInt(attr.value)
          return
        }
        this.writeAttrPayload(op, schema.name, attr, w, false)
        return
    }
    fail(op, op.location, `unsupported attribute type encountered during serialization of attribute '${schema.name}': ${attrText(attr)}`)
  }

  // ---- operations ---------------------------------------------------------------------

  private writeOperands(values: readonly Value[], w: ByteWriter, encodeSize: boolean): void {
    if (encodeSize) {
      w.writeVarInt(values.length)
    }
    for (const v of values) {
      w.writeVarInt(this.valueIndex.get(v) ?? 0)
    }
  }

  private readonly defaults = new Map<AttrSchema, Attribute>()

  /** The default of a `DefaultValuedAttr` (made once per write), or undefined. */
  private defaultOf(a: AttrSchema, op: Operation): Attribute | undefined {
    if (a.defaultValue === null) {
      return undefined
    }
    let d = this.defaults.get(a)
    if (d === undefined) {
      d = a.defaultValue(op.context)
      this.defaults.set(a, d)
    }
    return d
  }

  writeOperation(op: Operation, funcDebugIndex: number, w: ByteWriter): void {
    const name = op.name.name
    const schema = this.host.opSchemaByName(name)
    if (schema === undefined) {
      fail(op, op.location, 'operation not supported in bytecode (missing from BytecodeOpcodes.td)')
    }
    if (!this.opcodes.isAvailable(schema.opcode, this.version)) {
      fail(op, op.location, `operation '${name}' is not available in bytecode version ${this.version.toString()}`)
    }
    w.writeVarInt(schema.opcode)
    this.validateLocation(op, op.location)
    this.addDebugInfo(funcDebugIndex, op.location)
    const numResults = this.writeOpBody(op, schema, funcDebugIndex, w)
    for (let i = 0; i < numResults; i++) {
      this.valueIndex.set(op.results[i]!, this.nextValue++)
    }
  }

  /** The encoding NVIDIA's generator gives each op; returns the number of results written. */
  private writeOpBody(op: Operation, schema: OpBytecodeSchema, funcDebugIndex: number, w: ByteWriter): number {
    const v = this.version
    const opSince = schema.since
    // Results: those newer than the target are left out when unused.
    // NVIDIA writes the result count of every op with a variadic operand or result
    // (ODS's `Operator::isVariadic`).
    const info = schemaInfo(schema)
    const resultTypes: Type[] = []
    if (!info.versionedResults) {
      for (const r of op.results) {
        resultTypes.push(r.type)
      }
    } else {
      for (let i = 0; i < schema.results.length && i < op.results.length; i++) {
        const rs = schema.results[i]!
        const result = op.results[i]!
        if (rs.since.compare(opSince) === 0 || v.atLeast(rs.since)) {
          resultTypes.push(result.type)
        } else if (!result.useEmpty) {
          fail(
            op,
            op.location,
            `result '${rs.name}' requires bytecode version ${rs.since.toString()} but is being used and targeting ${v.toString()}. Cannot serialize to older bytecode version when newer features are used.`,
          )
        }
      }
    }
    if (info.isVariadic) {
      w.writeVarInt(resultTypes.length)
    }
    for (const t of resultTypes) {
      w.writeVarInt(this.getTypeIndex(t))
    }

    // Flags: one bit per optional attribute and (with segments) optional operand, ordered
    // by the version that introduced them.
    const segments = schema.attrSizedOperands ? operandSegments(op, schema) : null
    const order = info.flagOrder
    if (order.length > 0) {
      let flags = 0
      for (let b = 0; b < order.length; b++) {
        const item = order[b]!
        let present: boolean
        if (item.attr !== null) {
          present = op.properties.get(item.attr.name) !== undefined
        } else {
          present = segments![item.operandIndex]!.length > 0
        }
        if (!present) {
          continue
        }
        if (item.since.compare(opSince) !== 0 && !v.atLeast(item.since)) {
          const what = item.attr !== null ? `optional attribute '${item.attr.name}'` : `optional operand '${schema.operands[item.operandIndex]!.name}'`
          fail(op, op.location, `${what} is provided but requires bytecode version ${item.since.toString()}, targeting ${v.toString()}`)
        }
        flags |= 1 << b
      }
      if (info.flagsSince.compare(opSince) === 0 || v.atLeast(info.flagsSince)) {
        w.writeVarInt(flags)
      }
    }

    // Attributes in declaration order.
    for (const a of schema.attributes) {
      if (a.encoding.kind === 'unit') {
        continue
      }
      const value = op.properties.get(a.name)
      if (a.optional) {
        if (value !== undefined) {
          this.writeOpAttribute(op, a, value, w)
        }
        continue
      }
      const actual = value ?? this.defaultOf(a, op)
      if (v.atLeast(a.since)) {
        if (actual === undefined) {
          fail(op, op.location, `missing attribute '${a.name}' in bytecode writer`)
        }
        this.writeOpAttribute(op, a, actual, w)
      } else if (a.defaultValue !== null && actual !== undefined && actual !== this.defaultOf(a, op)) {
        fail(op, op.location, `attribute '${a.name}' requires bytecode version ${a.since.toString()}+, but targeting ${v.toString()}`)
      }
    }

    // Operands.
    if (schema.operands.length > 0) {
      if (schema.attrSizedOperands) {
        for (let i = 0; i < schema.operands.length; i++) {
          const os = schema.operands[i]!
          const group = segments![i]!
          if (os.kind === 'optional') {
            if (group.length > 0) {
              this.writeOperands(group, w, false)
            }
          } else {
            this.writeOperands(group, w, os.kind === 'variadic')
          }
        }
      } else {
        this.writeOperands(op.getOperands(), w, info.operandCountWritten)
      }
    }

    // Regions.
    if (schema.numRegions > 0) {
      w.writeVarInt(op.regions.length)
      for (const r of op.regions) {
        this.writeRegion(r, funcDebugIndex, w)
      }
    }
    return resultTypes.length
  }

  private writeRegion(region: Region, funcDebugIndex: number, w: ByteWriter): void {
    w.writeVarInt(region.numBlocks)
    for (const b of region.blocks()) {
      this.writeBlock(b, funcDebugIndex, w)
    }
  }

  private writeBlock(block: Block, funcDebugIndex: number, w: ByteWriter): void {
    const saved = this.nextValue
    const added: Value[] = []
    w.writeVarInt(block.arguments.length)
    for (const arg of block.arguments) {
      w.writeVarInt(this.getTypeIndex(arg.type))
      this.valueIndex.set(arg, this.nextValue++)
      added.push(arg)
    }
    const ops = block.operations
    w.writeVarInt(ops.length)
    for (const op of ops) {
      const before = this.nextValue
      this.writeOperation(op, funcDebugIndex, w)
      for (let i = 0; i < this.nextValue - before; i++) {
        added.push(op.results[i]!)
      }
    }
    for (const v of added) {
      this.valueIndex.delete(v)
    }
    this.nextValue = saved
  }

  writeFunctionBody(func: Operation, funcDebugIndex: number): Uint8Array {
    const w = new ByteWriter()
    this.valueIndex = new Map()
    this.nextValue = 0
    const body = func.regions[0]
    if (body === undefined) {
      return w.bytes()
    }
    for (const arg of body.firstBlock?.arguments ?? []) {
      this.valueIndex.set(arg, this.nextValue++)
    }
    for (const block of body.blocks()) {
      for (const op of block.operations) {
        this.writeOperation(op, funcDebugIndex, w)
      }
    }
    return w.bytes()
  }
}

/** The values of each declared operand group of `op`. */
function operandSegments(op: Operation, schema: OpBytecodeSchema): Value[][] {
  const values = op.getOperands()
  const n = schema.operands.length
  const out: Value[][] = []
  if (schema.attrSizedOperands) {
    const sizes = op.properties.get('operandSegmentSizes') ?? op.properties.get('operand_segment_sizes')
    let start = 0
    for (let i = 0; i < n; i++) {
      const len = sizes instanceof DenseArrayAttr ? Number(sizes.values[i] ?? 0) : 0
      out.push(values.slice(start, start + len))
      start += len
    }
    return out
  }
  // Without segment sizes at most one group is variable: it takes what the others leave.
  const fixed = schema.operands.filter((o) => o.kind === 'single').length
  const variable = values.length - fixed
  let start = 0
  for (let i = 0; i < n; i++) {
    const len = schema.operands[i]!.kind === 'single' ? 1 : variable
    out.push(values.slice(start, start + len))
    start += len
  }
  return out
}

/** The types a cuda_tile type refers to, in parameter order. */
function typeParams(desc: TileTypeDesc): Type[] {
  switch (desc.kind) {
    case 'ptr':
      return [desc.pointee]
    case 'tile':
    case 'tensor_view':
      return [desc.elementType]
    case 'partition_view':
    case 'strided_view':
    case 'gather_scatter_view':
      return [desc.tensorView]
    case 'token':
      return []
    case 'test_evolved': {
      const out = [desc.baseType]
      if (desc.newType !== null) {
        out.push(desc.newType)
      }
      if (desc.optionalType !== null) {
        out.push(desc.optionalType)
      }
      return out
    }
  }
}

/** A float's bit pattern as NVIDIA writes an APInt: a byte up to 8 bits, else a zig-zag varint. */
function writeFloatBits(attr: FloatAttr, w: ByteWriter): void {
  const bits = floatAttrBits(attr)
  const width = attr.type instanceof FloatType ? attr.type.width : 64
  if (width <= 8) {
    w.writeByte(Number(bits & 0xffn))
  } else if (width <= 64) {
    w.writeSignedVarInt(bits)
  } else {
    // Multi-word values: the number of active 64-bit words, then each word.
    const words: bigint[] = []
    let rest = bits
    while (rest !== 0n) {
      words.push(rest & ((1n << 64n) - 1n))
      rest >>= 64n
    }
    if (words.length === 0) {
      words.push(0n)
    }
    w.writeVarInt(words.length)
    for (const word of words) {
      w.writeSignedVarInt(word)
    }
  }
}

function attrText(attr: Attribute): string {
  try {
    return printAttribute(attr)
  } catch {
    return '<attribute>'
  }
}

/**
 * Checks what NVIDIA's writer checks before writing: only functions and globals in the
 * module body, only cuda_tile ops, only pure ops inside `reduce`/`scan`.
 */
function verifySelfContained(module: Operation, host: CudaTileBytecodeHost): boolean {
  const body = module.regions[0]?.firstBlock ?? undefined
  if (body !== undefined) {
    for (const op of body.operations) {
      if (!host.isFunctionOp(op.name.name) && op.name.name !== host.globalOpName) {
        op.context.emitRemark(op.location, `invalid op: ${op.name.name}`).report()
        module.emitOpError('only function and global ops are allowed in the body').report()
        return false
      }
    }
  }
  let ok = true
  module.walk((op: Operation) => {
    if (op === module) {
      return 'advance'
    }
    if (op.name.dialectNamespace !== 'cuda_tile') {
      op.context.emitRemark(op.location, `invalid op: ${op.name.name}`).report()
      module.emitOpError("only ops from the 'cuda_tile' dialect are allowed").report()
      ok = false
      return 'interrupt'
    }
    const inBody = op.getParentOfType('cuda_tile.reduce') ?? op.getParentOfType('cuda_tile.scan')
    if (inBody !== null && !host.isPure(op)) {
      op.context.emitRemark(op.location, `invalid op: ${op.name.name}`).report()
      op.parentOp!.emitOpError('only pure operations allowed').report()
      ok = false
      return 'interrupt'
    }
    return 'advance'
  }, 'pre')
  return ok
}

/**
 * Writes `module` (a `cuda_tile.module`) as Tile IR bytecode of `version` (13.3 when
 * omitted). Returns the bytes, or null after reporting diagnostics on the module's
 * context. Never throws for invalid input.
 */
export function writeBytecode(module: Operation, host: CudaTileBytecodeHost, version: BytecodeVersion = CURRENT_VERSION): Uint8Array | null {
  if (!verifySelfContained(module, host)) {
    return null
  }
  if (version.compare(MIN_SUPPORTED_VERSION) < 0) {
    module
      .emitError(`unsupported version requested ${version.toString()}, must be in range [${MIN_SUPPORTED_VERSION.toString()}, ${CURRENT_VERSION.toString()}]`)
      .report()
    return null
  }
  const out = new ByteWriter(1024)
  for (const b of MAGIC) {
    out.writeByte(b)
  }
  out.writeByte(version.major)
  out.writeByte(version.minor)
  out.writeLE(version.tag, 2)
  const mw = new ModuleWriter(host, version)
  try {
    const body = module.regions[0]?.firstBlock ?? undefined
    const ops = body?.operations ?? []
    // Function table entries: names, signatures and locations are registered first.
    interface FuncMeta {
      op: Operation
      nameIndex: number
      signatureIndex: number
      debugIndex: number
      isEntry: boolean
      hints: Attribute | undefined
    }
    const funcs: FuncMeta[] = []
    for (const op of ops) {
      if (!host.isFunctionOp(op.name.name)) {
        continue
      }
      const sym = op.properties.get('sym_name')
      const fnType = op.properties.get('function_type')
      const nameIndex = mw.strings.get(sym instanceof StringAttr ? sym.value : '')
      const signatureIndex = mw.getTypeIndex(fnType instanceof TypeAttr ? fnType.value : FunctionType.get(op.context, [], []))
      const debugIndex = mw.getOpDebugIndex(op)
      mw.addDebugInfo(debugIndex, op.location)
      const isEntry = op.name.name === host.entryOpName
      funcs.push({ op, nameIndex, signatureIndex, debugIndex, isEntry, hints: isEntry ? op.properties.get('optimization_hints') : undefined })
    }

    // Globals.
    const globals = ops.filter((op) => op.name.name === host.globalOpName)
    if (globals.length > 0) {
      const w = new ByteWriter()
      w.writeVarInt(globals.length)
      for (const g of globals) {
        const sym = g.properties.get('sym_name')
        const symName = sym instanceof StringAttr ? sym.value : ''
        const visibility = g.properties.get('symbol_visibility')
        const visDesc = visibility === undefined ? null : host.describeAttr(visibility)
        const visValue = visDesc !== null && visDesc.kind === 'enum' ? visDesc.value : 0
        const isConstant = g.properties.get('constant') instanceof UnitAttr
        if (!version.atLeast(VERSION_13_3)) {
          if (visValue !== 0) {
            fail(
              g,
              g.location,
              `global \`${symName}\` uses non-public symbol visibility, which cannot be encoded in bytecode version ${version.toString()} (requires bytecode 13.3+)`,
            )
          }
          if (isConstant) {
            fail(
              g,
              g.location,
              `constant global \`${symName}\` cannot be encoded in bytecode version ${version.toString()} (the \`constant\` attribute requires bytecode 13.3+)`,
            )
          }
        }
        w.writeVarInt(mw.strings.get(symName))
        const value = g.properties.get('value')
        if (!(value instanceof DenseIntOrFPElementsAttr)) {
          fail(g, g.location, `failed to add global constant: '${symName}`)
        }
        w.writeVarInt(mw.getTypeIndex(value.type))
        w.writeVarInt(mw.getConstantIndex(value))
        const alignment = g.properties.get('alignment')
        w.writeVarInt(alignment instanceof IntegerAttr ? BigInt.asUintN(64, alignment.value) : 0)
        if (version.atLeast(VERSION_13_3)) {
          w.writeVarInt(visValue)
          w.writeVarInt(isConstant ? 1 : 0)
        }
      }
      writeSection(out, Section.Global, w)
    }

    // Functions.
    {
      const w = new ByteWriter()
      w.writeVarInt(funcs.length)
      for (const f of funcs) {
        w.writeVarInt(f.nameIndex)
        w.writeVarInt(f.signatureIndex)
        let flags = 0
        if (f.isEntry) {
          flags |= FunctionFlags.KindKernel
          if (f.hints !== undefined) {
            flags |= FunctionFlags.HasOptimizationHints
          }
        }
        w.writeByte(flags)
        w.writeVarInt(f.debugIndex)
        if (f.isEntry && f.hints !== undefined) {
          mw.writeSelfContained(f.op, 'optimization_hints', f.hints, w)
        }
        const bodyBytes = mw.writeFunctionBody(f.op, f.debugIndex)
        w.writeVarInt(bodyBytes.length)
        w.writeBytes(bodyBytes)
      }
      w.alignTo(8)
      writeSection(out, Section.Func, w)
    }
    mw.writeConstantSection(out)
    mw.writeDebugSection(out)
    mw.writeTypeSection(out)
    // Producer (13.3+).
    const producer = module.properties.get('producer')
    if (version.atLeast(VERSION_13_3) && producer instanceof StringAttr) {
      const w = new ByteWriter()
      w.writeVarInt(mw.strings.get(producer.value))
      writeSection(out, Section.Producer, w)
    }
    mw.strings.write(out)
    out.writeByte(Section.EndOfBytecode)
  } catch (error) {
    if (error === FAILED) {
      return null
    }
    throw error
  }
  return out.bytes().slice()
}
