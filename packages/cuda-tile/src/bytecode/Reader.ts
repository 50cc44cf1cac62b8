/**
 * The Tile IR bytecode reader: bytes to a `cuda_tile.module @kernels`, for versions 13.1
 * to 13.3 (and the test versions 250.x), upgrading older forms as NVIDIA's reader does
 * (results and attributes newer than the file get their defaults). Malformed input ends
 * in diagnostics (`error at offset N: ...`, with NVIDIA's wording), never an exception.
 */
import {
  ArrayAttr,
  Block,
  CallSiteLoc,
  DenseArrayAttr,
  type DenseIntOrFPElementsAttr,
  DictionaryAttr,
  FloatType,
  FunctionType,
  IntegerAttr,
  IntegerType,
  Location,
  OperationState,
  Operation,
  Region,
  ShapedType,
  StringAttr,
  SymbolRefAttr,
  Trait,
  TypeAttr,
  UnitAttr,
  UnknownLoc,
  floatAttrFromBits,
  printType,
  verify,
  type Attribute,
  type Context,
  type NamedAttribute,
  type OperationName,
  type Type,
  type Value,
} from '@tilepass/ir'
import { ByteReader } from './Encoding.ts'
import {
  AttrTag,
  DEBUG_RESERVED,
  DebugTag,
  FunctionFlags,
  MAGIC,
  Section,
  TypeTag,
  denseFromRawData,
  scalarTypeByTag,
} from './Format.ts'
import { OpcodeLimits } from './Opcodes.ts'
import type { AttrSchema, CudaTileBytecodeHost, DebugInfoDesc, OpBytecodeSchema, TileAttrDesc, TileTypeDesc } from './Schema.ts'
import { schemaInfo } from './SchemaInfo.ts'
import { type BytecodeVersion, CURRENT_VERSION, MIN_SUPPORTED_VERSION, UNIFIED_BITFIELD_VERSION, VERSION_13_3, supportedVersion, versionOf } from './Version.ts'

const U32_LIMIT = 0xffffffff - 1
const MAX_NESTING = 10000

/** Collects the reader's messages in order; each becomes one error diagnostic. */
class Diags {
  readonly messages: string[] = []
  /** `error at offset N: message` (N relative to `r`'s data), then failure. */
  at(r: ByteReader, message: string): false {
    this.messages.push(`error at offset ${r.offset}: ${message}`)
    return false
  }
  /** A message without an offset, then failure. */
  plain(message: string): false {
    this.messages.push(message)
    return false
  }
}

/** The string table: offsets into UTF-8 data. */
class StringTable {
  constructor(
    private readonly data: Uint8Array,
    private readonly offsets: readonly number[],
  ) {}
  private readonly cache = new Map<number, string>()
  get size(): number {
    return this.offsets.length
  }
  get(index: number, diags: Diags): string | null {
    if (index < 0 || index >= this.offsets.length) {
      diags.plain(`string index ${index} out of bounds`)
      return null
    }
    const cached = this.cache.get(index)
    if (cached !== undefined) {
      return cached
    }
    const start = this.offsets[index]!
    const end = index + 1 < this.offsets.length ? this.offsets[index + 1]! : this.data.length
    const s = start <= end && end <= this.data.length ? new TextDecoder().decode(this.data.subarray(start, end)) : ''
    this.cache.set(index, s)
    return s
  }
  /** Reads a string index from `r` and returns the string. */
  read(r: ByteReader, diags: Diags): string | null {
    const i = r.readVarInt()
    if (i < 0) {
      return null
    }
    return this.get(i, diags)
  }
}

/** Reads a count and that many little-endian values of `width` bytes. */
function readLEArray(r: ByteReader, width: number, diags: Diags): bigint[] | null {
  const n = r.readVarInt()
  if (n < 0) {
    return null
  }
  if (n > U32_LIMIT) {
    diags.at(r, `array size in bytecode (${n}) exceeds maximum supported capacity`)
    return null
  }
  if (n * width > r.remaining) {
    return null
  }
  const out: bigint[] = new Array<bigint>(n)
  for (let i = 0; i < n; i++) {
    out[i] = r.readLE(width)!
  }
  return out
}

function signed(v: bigint, width: number): bigint {
  return BigInt.asIntN(width, v)
}

/** The whole reader state for one file. */
class ModuleReader {
  readonly diags = new Diags()
  strings = new StringTable(new Uint8Array(0), [])
  // Types: parsed lazily, with a cycle guard.
  private typeData: Uint8Array = new Uint8Array(0)
  private typeOffsets: number[] = []
  private typeCache: (Type | null)[] = []
  private readonly typesInProgress = new Set<number>()
  // Constants: raw entries, and dense attributes made from them by type.
  constants: Uint8Array[] = []
  // By constant entry, then by type (attributes are interned, so this only saves decoding).
  private readonly denseCache = new Map<Uint8Array, Map<Type, DenseIntOrFPElementsAttr>>()
  // Debug info.
  private diIndices: number[] = []
  private diIndexOffsets: number[] = []
  private diData: Uint8Array = new Uint8Array(0)
  private diOffsets: number[] = []
  private diCache: (Attribute | null)[] = []
  private readonly diInProgress = new Set<number>()
  private readonly opcodes: OpcodeLimits
  private depth = 0
  private readonly unknownLoc: Location
  private readonly opNames = new Map<OpBytecodeSchema, OperationName>()
  private readonly defaults = new Map<AttrSchema, Attribute>()
  /** Enum attributes by enum name and value (made once per read). */
  private readonly enumAttrs = new Map<string, (Attribute | undefined)[]>()

  constructor(
    readonly context: Context,
    readonly host: CudaTileBytecodeHost,
    readonly version: BytecodeVersion,
  ) {
    this.opcodes = OpcodeLimits.of(host)
    this.unknownLoc = UnknownLoc.get(context)
  }

  private defaultOf(a: AttrSchema): Attribute {
    let d = this.defaults.get(a)
    if (d === undefined) {
      d = a.defaultValue!(this.context)
      this.defaults.set(a, d)
    }
    return d
  }

  // ---- sections -----------------------------------------------------------------------

  /**
   * Reads the index of a string or type section: a count, padding to 4, then one 4-byte
   * start offset per entry; the entries' data follows. Null after a message or failure;
   * an empty table for a count of 0.
   */
  private readOffsetTable(payload: Uint8Array, what: string): { offsets: number[]; data: Uint8Array } | null {
    const r = new ByteReader(payload)
    const n = r.readVarInt()
    if (n < 0) {
      return null
    }
    if (n === 0) {
      return { offsets: [], data: new Uint8Array(0) }
    }
    const fit = Math.floor((payload.length - r.offset) / 4)
    if (n > fit) {
      this.diags.at(
        r,
        `number of ${what} (${n}) exceeds the maximum of ${fit} that can fit in the remaining payload of ${payload.length - r.offset} bytes.`,
      )
      return null
    }
    if (!r.skipPadding(4) || r.remaining < n * 4) {
      return null
    }
    const offsets: number[] = new Array<number>(n)
    for (let i = 0; i < n; i++) {
      offsets[i] = r.readU32()
    }
    return { offsets, data: payload.subarray(r.offset) }
  }

  parseStringSection(payload: Uint8Array): boolean {
    const table = this.readOffsetTable(payload, 'strings')
    if (table === null) {
      return false
    }
    this.strings = new StringTable(table.data, table.offsets)
    return true
  }

  parseTypeSection(payload: Uint8Array): boolean {
    const table = this.readOffsetTable(payload, 'types')
    if (table === null) {
      return false
    }
    this.typeData = table.data
    this.typeOffsets = table.offsets
    this.typeCache = new Array<Type | null>(table.offsets.length).fill(null)
    return true
  }

  parseConstantSection(payload: Uint8Array): boolean {
    const r = new ByteReader(payload)
    const n = r.readVarInt()
    if (n < 0 || n > U32_LIMIT) {
      return false
    }
    if (n === 0) {
      return true
    }
    if (!r.skipPadding(8)) {
      return false
    }
    if (Math.floor(r.remaining / 8) < n) {
      return this.diags.at(r, 'insufficient data for constant indices')
    }
    const starts: number[] = new Array<number>(n)
    for (let i = 0; i < n; i++) {
      starts[i] = r.readU64()
    }
    const data = payload.subarray(r.offset)
    for (let i = 0; i < n; i++) {
      const start = starts[i]!
      const end = i + 1 < n ? starts[i + 1]! : data.length
      if (end < start) {
        return this.diags.at(r, `invalid constant start indices: end (${end}) is less than start (${start}) for constant ${i}`)
      }
      const size = end - start
      if (size + start > data.length) {
        return this.diags.at(r, `constant ${i} extends beyond available data: size=${size}, start=${start}, total data size=${data.length}`)
      }
      this.constants.push(data.subarray(start, end))
    }
    return true
  }

  /**
   * A table of `count` little-endian entries of `width` bytes aligned to `width` (the debug
   * section's index offsets and indices); null after reporting which step failed.
   */
  private readPaddedTable(r: ByteReader, count: number, width: 4 | 8, messages: { padding: string; pointer: string; entries: string }): number[] | null {
    const d = this.diags
    if (!r.skipPadding(width)) {
      d.at(r, messages.padding)
      return null
    }
    if (r.remaining === 0) {
      d.at(r, messages.pointer)
      return null
    }
    if (r.remaining < count * width) {
      d.at(r, messages.entries)
      return null
    }
    const out = new Array<number>(count)
    for (let i = 0; i < count; i++) {
      out[i] = width === 4 ? r.readU32() : r.readU64()
    }
    return out
  }

  parseDebugSection(payload: Uint8Array): boolean {
    const r = new ByteReader(payload)
    const d = this.diags
    const numOps = r.readVarInt()
    if (numOps < 0) {
      return d.at(r, 'failed to read total number of operations with debug info')
    }
    const offsets = this.readPaddedTable(r, numOps, 4, {
      padding: 'failed to skip padding for debug info index offset pointer',
      pointer: 'failed to read debug info index offset pointer.',
      entries: 'failed to skip debug info index offsets',
    })
    if (offsets === null) {
      return false
    }
    this.diIndexOffsets = offsets
    const numIndices = r.readVarInt()
    if (numIndices < 0) {
      return d.at(r, 'failed to read total number of debug info indices')
    }
    const indices = this.readPaddedTable(r, numIndices, 8, {
      padding: 'failed to skip padding for debug info indices pointer',
      pointer: 'failed to read debug info indices pointer',
      entries: 'failed to skip debug info indices',
    })
    if (indices === null) {
      return false
    }
    this.diIndices = indices
    const numAttrs = r.readVarInt()
    if (numAttrs < 0) {
      return d.at(r, 'failed to read total number of debug info attributes')
    }
    const fit = Math.floor((payload.length - r.offset) / 4)
    if (numAttrs > fit) {
      return d.at(
        r,
        `number of debug info attributes (${numAttrs}) exceeds the maximum of ${fit} that can fit in the remaining payload of ${payload.length - r.offset} bytes.`,
      )
    }
    if (!r.skipPadding(4)) {
      return d.at(r, 'failed to skip padding for debug info offset pointer')
    }
    if (r.remaining === 0 && numAttrs > 0) {
      return d.at(r, 'failed to read debug info offset pointer')
    }
    if (r.remaining < numAttrs * 4) {
      return d.at(r, 'failed to skip debug info offsets')
    }
    this.diOffsets = new Array<number>(numAttrs)
    for (let i = 0; i < numAttrs; i++) {
      this.diOffsets[i] = r.readU32()
    }
    this.diData = payload.subarray(r.offset)
    this.diCache = new Array<Attribute | null>(numAttrs).fill(null)
    return true
  }

  // ---- types --------------------------------------------------------------------------

  get numTypes(): number {
    return this.typeOffsets.length
  }

  getType(index: number): Type | null {
    if (index < 0 || index >= this.typeCache.length) {
      return null
    }
    const cached = this.typeCache[index]
    if (cached !== null && cached !== undefined) {
      return cached
    }
    if (this.typesInProgress.has(index)) {
      return null
    }
    const start = this.typeOffsets[index]!
    const end = index + 1 < this.typeOffsets.length ? this.typeOffsets[index + 1]! : this.typeData.length
    if (end < start || end > this.typeData.length) {
      return null
    }
    this.typesInProgress.add(index)
    try {
      const r = new ByteReader(this.typeData.subarray(start, end))
      const tag = r.readVarInt()
      if (tag < 0) {
        return null
      }
      const t = this.parseType(tag, new ByteReader(r.data.subarray(r.offset)))
      if (t !== null) {
        this.typeCache[index] = t
      }
      return t
    } finally {
      this.typesInProgress.delete(index)
    }
  }

  readType(r: ByteReader): Type | null {
    const i = r.readVarInt()
    if (i < 0) {
      return null
    }
    return this.getType(i)
  }

  private typeVersionError(name: string, since: string): null {
    this.diags.plain(`type '${name}' requires bytecode version ${since}+, file version is ${this.version.toString()}`)
    return null
  }

  private parseType(tag: number, r: ByteReader): Type | null {
    const d = this.diags
    const v = this.version
    const scalar = scalarTypeByTag(tag)
    if (scalar !== undefined) {
      if (!v.atLeast(versionOf(scalar.since))) {
        return this.typeVersionError(scalar.name, scalar.since)
      }
      return scalar.make(this.context)
    }
    const readTypeParam = (what: string): Type | null => {
      const t = this.readType(r)
      if (t === null) {
        d.at(r, `failed to get ${what} type`)
      }
      return t
    }
    const readArray = (width: number, what: string): bigint[] | null => {
      const a = readLEArray(r, width, d)
      if (a === null) {
        d.at(r, `failed to read ${what}`)
      }
      return a
    }
    const readEnum = (): number | null => {
      const e = r.readVarInt()
      if (e < 0) {
        d.at(r, 'failed to read VarInt for enum attribute.')
        return null
      }
      return e
    }
    const readFlags = (): number | null => {
      const f = r.readVarInt()
      if (f < 0) {
        d.at(r, 'failed to read optional parameter flags')
        return null
      }
      return f
    }
    const build = (desc: TileTypeDesc): Type | null => {
      const t = this.host.buildType(this.context, desc)
      if (typeof t === 'string') {
        d.at(r, t)
        return null
      }
      return t
    }
    switch (tag) {
      case TypeTag.PointerType: {
        const pointee = readTypeParam('pointeeType')
        return pointee === null ? null : build({ kind: 'ptr', pointee })
      }
      case TypeTag.TileType: {
        const elementType = readTypeParam('elementType')
        if (elementType === null) {
          return null
        }
        const shape = readArray(8, 'shape')
        return shape === null ? null : build({ kind: 'tile', shape: shape.map((x) => Number(signed(x, 64))), elementType })
      }
      case TypeTag.TensorViewType: {
        const elementType = readTypeParam('elementType')
        if (elementType === null) {
          return null
        }
        const shape = readArray(8, 'shape')
        if (shape === null) {
          return null
        }
        const strides = readArray(8, 'strides')
        if (strides === null) {
          return null
        }
        return build({ kind: 'tensor_view', elementType, shape: shape.map((x) => signed(x, 64)), strides: strides.map((x) => signed(x, 64)) })
      }
      case TypeTag.PartitionViewType: {
        const unified = v.atLeast(UNIFIED_BITFIELD_VERSION)
        let flags = 0
        if (unified) {
          const f = readFlags()
          if (f === null) {
            return null
          }
          flags = f
        }
        const tileShape = readArray(4, 'tile_shape data')
        if (tileShape === null) {
          return null
        }
        const tensorView = readTypeParam('tensor_view')
        if (tensorView === null) {
          return null
        }
        const dimMap = readArray(4, 'dim_map')
        if (dimMap === null) {
          return null
        }
        let padding: number | null = null
        if (!unified) {
          const present = r.readByte()
          if (present > 0) {
            padding = readEnum()
            if (padding === null) {
              return null
            }
          }
        } else if (flags & 1) {
          padding = readEnum()
          if (padding === null) {
            return null
          }
        }
        return build({
          kind: 'partition_view',
          tileShape: tileShape.map((x) => Number(signed(x, 32))),
          tensorView,
          dimMap: dimMap.map((x) => Number(signed(x, 32))),
          padding,
        })
      }
      case TypeTag.StridedViewType:
      case TypeTag.GatherScatterViewType: {
        const isStrided = tag === TypeTag.StridedViewType
        const name = isStrided ? 'StridedViewType' : 'GatherScatterViewType'
        if (!v.atLeast(VERSION_13_3)) {
          return this.typeVersionError(name, '13.3')
        }
        const flags = readFlags()
        if (flags === null) {
          return null
        }
        const tileShape = readArray(4, 'tile_shape data')
        if (tileShape === null) {
          return null
        }
        let traversalStrides: bigint[] = []
        if (isStrided) {
          const t = readArray(4, 'traversal_strides data')
          if (t === null) {
            return null
          }
          traversalStrides = t
        }
        const tensorView = readTypeParam('tensor_view')
        if (tensorView === null) {
          return null
        }
        let dimMap: bigint[] = []
        let sparseDim = 0
        if (isStrided) {
          const m = readArray(4, 'dim_map')
          if (m === null) {
            return null
          }
          dimMap = m
        } else {
          const s = r.readVarInt()
          if (s < 0) {
            d.at(r, 'failed to read sparse_dim')
            return null
          }
          if (s > 0xffffffff) {
            d.at(r, `sparse_dim value ${s} exceeds uint32_t range`)
            return null
          }
          sparseDim = s
        }
        let padding: number | null = null
        if (flags & 1) {
          padding = readEnum()
          if (padding === null) {
            return null
          }
        }
        const ts = tileShape.map((x) => Number(signed(x, 32)))
        return isStrided
          ? build({
              kind: 'strided_view',
              tileShape: ts,
              traversalStrides: traversalStrides.map((x) => Number(signed(x, 32))),
              tensorView,
              dimMap: dimMap.map((x) => Number(signed(x, 32))),
              padding,
            })
          : build({ kind: 'gather_scatter_view', tileShape: ts, tensorView, sparseDim, padding })
      }
      case TypeTag.TokenType:
        return build({ kind: 'token' })
      case TypeTag.FunctionType: {
        const numParams = r.readVarInt()
        if (numParams < 0 || numParams > U32_LIMIT) {
          d.at(r, 'failed to read number of parameters')
          return null
        }
        const inputs: Type[] = []
        for (let i = 0; i < numParams; i++) {
          const t = this.readType(r)
          if (t === null) {
            d.at(r, 'failed to get parameter type')
            return null
          }
          inputs.push(t)
        }
        const numResults = r.readVarInt()
        if (numResults < 0 || numResults > U32_LIMIT) {
          d.at(r, 'failed to read number of results')
          return null
        }
        const results: Type[] = []
        for (let i = 0; i < numResults; i++) {
          const t = this.readType(r)
          if (t === null) {
            d.at(r, 'failed to get result type')
            return null
          }
          results.push(t)
        }
        return FunctionType.get(this.context, inputs, results)
      }
      case TypeTag.BytecodeTestEvolvedType: {
        if (!v.atLeast(versionOf('250.0'))) {
          return this.typeVersionError('BytecodeTestEvolvedType', '250.0')
        }
        const v2501 = v.atLeast(versionOf('250.1'))
        let flags = 0
        if (v2501) {
          const f = readFlags()
          if (f === null) {
            return null
          }
          flags = f
        }
        const baseType = readTypeParam('baseType')
        if (baseType === null) {
          return null
        }
        let newType: Type | null = null
        if (v2501) {
          newType = readTypeParam('newType')
          if (newType === null) {
            return null
          }
        }
        let optionalAttr: number | null = null
        if (flags & 1) {
          optionalAttr = readEnum()
          if (optionalAttr === null) {
            return null
          }
        }
        let optionalType: Type | null = null
        if (flags & 2) {
          optionalType = readTypeParam('optionalType')
          if (optionalType === null) {
            return null
          }
        }
        return build({ kind: 'test_evolved', baseType, newType, optionalAttr, optionalType })
      }
      default:
        d.plain(`unknown type tag: ${tag}`)
        return null
    }
  }

  // ---- constants ----------------------------------------------------------------------

  /** The dense attribute of constant `index` with `type`, or null after a message. */
  denseConstant(type: Type | null, data: Uint8Array): DenseIntOrFPElementsAttr | null {
    const d = this.diags
    const er = new ByteReader(data)
    if (type === null) {
      d.at(er, 'provided type is null')
      return null
    }
    const desc = this.host.describeType(type)
    const elementType = desc !== null && desc.kind === 'tile' ? desc.elementType : null
    if (!(type instanceof ShapedType) || elementType === null || !(elementType instanceof IntegerType || elementType instanceof FloatType)) {
      d.at(er, `expect Cuda Tile integer or float type but got: ${typeText(type)}`)
      return null
    }
    const size = er.readVarInt()
    if (size < 0) {
      d.at(er, 'failed to read the size of the data buffer')
      return null
    }
    const raw = er.readBytes(size)
    if (raw === null) {
      d.at(er, 'failed to read the raw byte data')
      return null
    }
    let byType = this.denseCache.get(data)
    const cached = byType?.get(type)
    if (cached !== undefined) {
      return cached
    }
    const attr = denseFromRawData(type, raw)
    if (attr === null) {
      d.at(er, 'failed to validate buffer size and format')
      return null
    }
    if (byType === undefined) {
      byType = new Map()
      this.denseCache.set(data, byType)
    }
    byType.set(type, attr)
    return attr
  }

  private readConstantIndex(r: ByteReader, type: Type | null): DenseIntOrFPElementsAttr | null {
    const i = r.readVarInt()
    if (i < 0) {
      this.diags.at(r, 'failed to read constant index')
      return null
    }
    if (i >= this.constants.length) {
      this.diags.at(r, `constant index ${i} out of bounds`)
      return null
    }
    return this.denseConstant(type, this.constants[i]!)
  }

  // ---- debug info ---------------------------------------------------------------------

  /** The debug-info attribute of index `i` (0 is the unknown location), or null. */
  getDebugInfo(i: number): Attribute | null {
    if (i === 0) {
      return UnknownLoc.get(this.context)
    }
    const idx = i - DEBUG_RESERVED
    if (idx < 0 || idx >= this.diCache.length) {
      return null
    }
    const cached = this.diCache[idx]
    if (cached !== null && cached !== undefined) {
      return cached
    }
    const start = this.diOffsets[idx]!
    const end = idx + 1 < this.diOffsets.length ? this.diOffsets[idx + 1]! : this.diData.length
    if (end < start || end > this.diData.length || this.diInProgress.has(idx)) {
      return null
    }
    this.diInProgress.add(idx)
    try {
      const r = new ByteReader(this.diData.subarray(start, end))
      const tag = r.readVarInt()
      if (tag < 0) {
        return null
      }
      const a = this.parseDebugInfo(tag, new ByteReader(r.data.subarray(r.offset)))
      if (a !== null) {
        this.diCache[idx] = a
      }
      return a
    } finally {
      this.diInProgress.delete(idx)
    }
  }

  private readDebugInfo(r: ByteReader, kind: DebugInfoDesc['kind'] | 'location' | 'scope' | 'local_scope'): Attribute | null {
    const i = r.readVarInt()
    if (i < 0) {
      return null
    }
    const a = this.getDebugInfo(i)
    if (a === null) {
      return null
    }
    if (kind === 'location') {
      return a instanceof Location ? a : null
    }
    if (kind === 'local_scope') {
      return this.host.isLocalScope(a) ? a : null
    }
    const desc = this.host.describeDebugInfo(a)
    return desc !== null && desc.kind === kind ? a : null
  }

  private parseDebugInfo(tag: number, r: ByteReader): Attribute | null {
    const d = this.diags
    const strings = this.strings
    const buildDI = (desc: DebugInfoDesc): Attribute | null => {
      const a = this.host.buildDebugInfo(this.context, desc)
      if (a === null) {
        d.at(r, `invalid debug info attribute`)
      }
      return a
    }
    const readNum = (message: string): number | null => {
      const n = r.readVarInt()
      if (n < 0) {
        d.at(r, message)
        return null
      }
      return n
    }
    switch (tag) {
      case DebugTag.DICompileUnit: {
        const file = this.readDebugInfo(r, 'file')
        if (file === null) {
          d.at(r, 'failed to read file attribute when parsing DICompileUnitAttr')
          return null
        }
        return buildDI({ kind: 'compile_unit', file })
      }
      case DebugTag.DIFile: {
        const name = strings.read(r, d)
        if (name === null) {
          d.at(r, 'failed to read file name attribute when parsing DIFileAttr')
          return null
        }
        const directory = strings.read(r, d)
        if (directory === null) {
          d.at(r, 'failed to read directory attribute when parsing DIFileAttr')
          return null
        }
        return buildDI({ kind: 'file', name, directory })
      }
      case DebugTag.DILexicalBlock: {
        const scope = this.readDebugInfo(r, 'local_scope')
        if (scope === null) {
          d.at(r, 'failed to read scope attribute when parsing DILexicalBlockAttr')
          return null
        }
        const file = this.readDebugInfo(r, 'file')
        if (file === null) {
          d.at(r, 'failed to read file attribute when parsing DILexicalBlockAttr')
          return null
        }
        const line = readNum('failed to read line number when parsing DILexicalBlockAttr')
        if (line === null) {
          return null
        }
        const column = readNum('failed to read column number when parsing DILexicalBlockAttr')
        if (column === null) {
          return null
        }
        return buildDI({ kind: 'lexical_block', scope, file, line, column })
      }
      case DebugTag.DILoc: {
        const scope = this.readDebugInfo(r, 'local_scope')
        if (scope === null) {
          d.at(r, 'failed to read scope attribute when parsing DILocAttr')
          return null
        }
        const filename = strings.read(r, d)
        if (filename === null) {
          d.at(r, 'failed to read file name attribute when parsing FileLineColLoc')
          return null
        }
        const line = readNum('failed to read line number when parsing FileLineColLoc')
        if (line === null) {
          return null
        }
        const column = readNum('failed to read column number when parsing FileLineColLoc')
        if (column === null) {
          return null
        }
        return buildDI({ kind: 'loc', scope, filename, line, column })
      }
      case DebugTag.DISubprogram: {
        const file = this.readDebugInfo(r, 'file')
        if (file === null) {
          d.at(r, 'failed to read file attribute when parsing DISubprogramAttr')
          return null
        }
        const line = readNum('failed to read line number when parsing DISubprogramAttr')
        if (line === null) {
          return null
        }
        const name = strings.read(r, d)
        if (name === null) {
          d.at(r, 'failed to read name attribute when parsing DISubprogramAttr')
          return null
        }
        const linkageName = strings.read(r, d)
        if (linkageName === null) {
          d.at(r, 'failed to read linkage name attribute when parsing DISubprogramAttr')
          return null
        }
        const compileUnit = this.readDebugInfo(r, 'compile_unit')
        if (compileUnit === null) {
          d.at(r, 'failed to read compile unit attribute when parsing DISubprogramAttr')
          return null
        }
        const scopeLine = readNum('failed to read scope line number when parsing DISubprogramAttr')
        if (scopeLine === null) {
          return null
        }
        return buildDI({ kind: 'subprogram', file, line, name, linkageName, compileUnit, scopeLine })
      }
      case DebugTag.CallSite: {
        const callee = this.readDebugInfo(r, 'location')
        if (callee === null) {
          d.at(r, 'failed to read callee attribute when parsing CallSiteLoc')
          return null
        }
        const caller = this.readDebugInfo(r, 'location')
        if (caller === null) {
          d.at(r, 'failed to read caller attribute when parsing CallSiteLoc')
          return null
        }
        return CallSiteLoc.get(callee, caller)
      }
      default:
        return UnknownLoc.get(this.context)
    }
  }

  /** The locations of one function: its own first, then one per op in read order. */
  debugIterator(funcIndex: number): () => Location | null {
    let counter = 0
    return () => {
      if (funcIndex === 0) {
        return this.unknownLoc
      }
      const slot = funcIndex - DEBUG_RESERVED
      if (slot < 0 || slot >= this.diIndexOffsets.length) {
        return null
      }
      const offset = this.diIndexOffsets[slot]! + counter++
      if (offset >= this.diIndices.length) {
        return null
      }
      const a = this.getDebugInfo(this.diIndices[offset]!)
      return a instanceof Location ? a : null
    }
  }

  // ---- attributes ---------------------------------------------------------------------

  /** Reads an attribute written with its tag. */
  readSelfContained(r: ByteReader): Attribute | null {
    const d = this.diags
    const tag = r.readVarInt()
    if (tag < 0) {
      d.at(r, 'failed to read AttributeTag for self-contained attribute.')
      return null
    }
    const ctx = this.context
    switch (tag) {
      case AttrTag.Integer: {
        const type = this.readType(r)
        if (!(type instanceof IntegerType)) {
          d.at(r, 'failed to read valid IntegerType for IntegerAttr')
          return null
        }
        return this.readInlineInteger(r, type)
      }
      case AttrTag.Float: {
        const type = this.readType(r)
        if (!(type instanceof FloatType)) {
          d.at(r, 'failed to read valid FloatType for FloatAttr')
          return null
        }
        return this.readInlineFloat(r, type)
      }
      case AttrTag.Bool: {
        const b = r.readByte()
        if (b < 0) {
          d.at(r, 'failed to read byte for inline bool (i1)')
          return null
        }
        return IntegerAttr.get(IntegerType.get(ctx, 1), b !== 0 ? 1n : 0n)
      }
      case AttrTag.Type: {
        const t = this.readType(r)
        if (t === null) {
          d.at(r, 'failed to get referenced type for TypeAttr')
          return null
        }
        return TypeAttr.get(t)
      }
      case AttrTag.String: {
        const s = this.strings.read(r, d)
        if (s === null) {
          d.at(r, 'failed to read StringAttr.')
          return null
        }
        return StringAttr.get(ctx, s)
      }
      case AttrTag.Array: {
        const n = r.readVarInt()
        if (n < 0 || n > U32_LIMIT) {
          d.at(r, 'failed to read size for ArrayAttr.')
          return null
        }
        const elements: Attribute[] = []
        for (let i = 0; i < n; i++) {
          const e = this.readSelfContained(r)
          if (e === null) {
            d.at(r, `failed to parse ArrayAttr element ${i}`)
            return null
          }
          elements.push(e)
        }
        return ArrayAttr.get(ctx, elements)
      }
      case AttrTag.DenseElements: {
        const t = this.readType(r)
        const desc = t === null ? null : this.host.describeType(t)
        if (t === null || desc === null || desc.kind !== 'tile') {
          d.at(r, 'failed to read valid MLIR Type for self-contained DenseElementsAttr')
          return null
        }
        return this.readConstantIndex(r, t)
      }
      case AttrTag.Dictionary:
        return this.readDictionary(r)
      case AttrTag.OptimizationHints: {
        const dict = this.readDictionary(r)
        if (dict === null) {
          return null
        }
        return this.buildAttr(r, { kind: 'optimization_hints', dict }, 'failed to parse OptimizationHintsAttr')
      }
      case AttrTag.DivBy:
        return this.readDivBy(r)
      case AttrTag.SameElements: {
        const values = readLEArray(r, 8, d)
        if (values === null) {
          d.at(r, 'failed to read DenseI64ArrayAttr values.')
          d.at(r, 'failed to read DenseI64ArrayAttr for SameElementsAttr')
          return null
        }
        return this.buildAttr(r, { kind: 'same_elements', values: values.map((x) => signed(x, 64)) })
      }
      case AttrTag.Bounded:
        return this.readBounded(r)
      case AttrTag.BytecodeTestValue: {
        const value = r.readSignedVarIntBig()
        if (value === null) {
          d.at(r, 'failed to read value for BytecodeTestValueAttr')
          return null
        }
        return this.buildAttr(r, { kind: 'test_value', value: signed(value, 64) })
      }
      default:
        d.at(r, `unsupported AttributeTag ${tag} for self-contained attribute`)
        return null
    }
  }

  private buildAttr(r: ByteReader, desc: TileAttrDesc, failure?: string): Attribute | null {
    const a = this.host.buildAttr(this.context, desc)
    if (typeof a === 'string') {
      this.diags.at(r, a)
      if (failure !== undefined) {
        this.diags.at(r, failure)
      }
      return null
    }
    return a
  }

  private readDictionary(r: ByteReader): DictionaryAttr | null {
    const d = this.diags
    const n = r.readVarInt()
    if (n < 0 || n > U32_LIMIT) {
      d.at(r, 'failed to read size for DictionaryAttr')
      return null
    }
    const entries: NamedAttribute[] = []
    const seen = new Set<string>()
    let duplicate: string | null = null
    for (let i = 0; i < n; i++) {
      const key = this.strings.read(r, d)
      if (key === null) {
        d.at(r, `failed to read key for DictionaryAttr element ${i}`)
        return null
      }
      if (key === '') {
        d.at(r, `invalid empty attribute name for DictionaryAttr element ${i}`)
        return null
      }
      const value = this.readSelfContained(r)
      if (value === null) {
        d.at(r, `failed to parse DictionaryAttr value for key ${key}`)
        return null
      }
      if (seen.has(key) && duplicate === null) {
        duplicate = key
      }
      seen.add(key)
      entries.push({ name: key, value })
    }
    if (duplicate !== null) {
      d.at(r, `failed to parse DictionaryAttr, duplicate key found: ${duplicate}`)
      return null
    }
    return DictionaryAttr.get(this.context, entries)
  }

  /**
   * Reads the flag-selected pair of DivBy (`every`, `along`) and Bounded (`lb`, `ub`): bit 0
   * and bit 1 of `flags` announce each zig-zag varint. Null after a message.
   */
  private readOptionalPair(r: ByteReader, flags: number, first: string, second: string): [bigint | null, bigint | null] | null {
    const out: [bigint | null, bigint | null] = [null, null]
    const messages = [first, second]
    for (let i = 0; i < 2; i++) {
      if ((flags & (1 << i)) !== 0) {
        const v = r.readSignedVarIntBig()
        if (v === null) {
          this.diags.at(r, messages[i]!)
          return null
        }
        out[i] = signed(v, 64)
      }
    }
    return out
  }

  private readDivBy(r: ByteReader): Attribute | null {
    const divisor = r.readVarIntBig()
    if (divisor === null) {
      this.diags.at(r, 'failed to read divisor for DivByAttr')
      return null
    }
    const flags = r.readByte()
    if (flags < 0) {
      this.diags.at(r, 'failed to read flags byte for DivByAttr')
      return null
    }
    const pair = this.readOptionalPair(r, flags, "failed to read value for 'every' in DivByAttr", "failed to read value for 'along' in DivByAttr")
    return pair === null ? null : this.buildAttr(r, { kind: 'div_by', divisor, every: pair[0], along: pair[1] })
  }

  private readBounded(r: ByteReader): Attribute | null {
    const flags = r.readByte()
    if (flags < 0) {
      this.diags.at(r, 'failed to read flags byte for BoundedAttr')
      return null
    }
    const pair = this.readOptionalPair(r, flags, 'failed to read lower bound for BoundedAttr', 'failed to read upper bound for BoundedAttr')
    return pair === null ? null : this.buildAttr(r, { kind: 'bounded', lb: pair[0], ub: pair[1] })
  }

  private readInlineInteger(r: ByteReader, type: IntegerType): IntegerAttr | null {
    const d = this.diags
    const width = type.width
    if (width === 0 || width > 64) {
      d.at(r, `unsupported width for inline integer attribute: ${width}`)
      return null
    }
    if (width === 1) {
      const b = r.readByte()
      if (b < 0) {
        d.at(r, 'failed to read byte for inline bool (i1)')
        return null
      }
      return IntegerAttr.get(type, b !== 0 ? 1n : 0n)
    }
    const v = r.readVarIntBig()
    if (v === null) {
      d.at(r, `failed to read VarInt for inline integer (width=${width})`)
      return null
    }
    if (BigInt.asUintN(width, v) !== v) {
      d.at(r, `value ${v} does not fit in ${width} bits`)
      return null
    }
    return IntegerAttr.get(type, v)
  }

  private readInlineFloat(r: ByteReader, type: FloatType): Attribute | null {
    const d = this.diags
    const width = type.width
    let bits: bigint
    if (width <= 8) {
      const b = r.readByte()
      if (b < 0) {
        d.at(r, 'failed to read byte for APInt (<= 8 bits).')
        return null
      }
      if (BigInt.asUintN(width, BigInt(b)) !== BigInt(b)) {
        d.at(r, `value ${b} does not fit in ${width} bits.`)
        return null
      }
      bits = BigInt(b)
    } else if (width <= 64) {
      const v = r.readSignedVarIntBig()
      if (v === null) {
        d.at(r, 'failed to read signed varint for APInt (<= 64 bits).')
        return null
      }
      if (BigInt.asUintN(width, v) !== v) {
        d.at(r, `value ${v} does not fit in ${width} bits`)
        return null
      }
      bits = v
    } else {
      const words = r.readVarInt()
      const max = Math.ceil(width / 64)
      if (words < 0) {
        d.at(r, 'failed to read numActiveWords for APInt (> 64 bits).')
        return null
      }
      if (words > max) {
        d.at(r, `numActiveWords ${words} exceeds maximum of ${max} for ${width} bit`)
        return null
      }
      if (words === 0) {
        d.at(r, 'numActiveWords cannot be zero for multi-word APInt')
        return null
      }
      bits = 0n
      for (let i = 0; i < words; i++) {
        const w = r.readSignedVarIntBig()
        if (w === null) {
          d.at(r, `failed to read word ${i} for multi-word APInt.`)
          return null
        }
        bits |= w << BigInt(64 * i)
      }
      bits = BigInt.asUintN(width, bits)
    }
    return floatAttrFromBits(type, bits)
  }

  /** Reads an inherent attribute of an op as its schema says. */
  private readOpAttribute(r: ByteReader, a: AttrSchema, resultTypes: readonly Type[]): Attribute | null {
    const d = this.diags
    const ctx = this.context
    const enc = a.encoding
    switch (enc.kind) {
      case 'unit':
        return UnitAttr.get(ctx)
      case 'enum': {
        if (!this.version.atLeast(a.since)) {
          d.at(r, `enum attribute type is not available in bytecode version ${this.version.toString()}`)
          return null
        }
        const raw = r.readVarInt()
        if (raw < 0) {
          d.at(r, 'failed to read VarInt for enum attribute.')
          return null
        }
        let byValue = this.enumAttrs.get(enc.enumName)
        if (byValue === undefined) {
          byValue = []
          this.enumAttrs.set(enc.enumName, byValue)
        }
        const known = raw < 64 ? byValue[raw] : undefined
        if (known !== undefined) {
          return known
        }
        const attr = this.host.buildAttr(ctx, { kind: 'enum', enumName: enc.enumName, value: raw })
        if (typeof attr === 'string') {
          d.at(r, `invalid integer value for enum type: ${raw}`)
          return null
        }
        if (raw < 64) {
          byValue[raw] = attr
        }
        return attr
      }
      case 'int':
        return this.readInlineInteger(r, IntegerType.get(ctx, enc.width))
      case 'bool':
        return this.readInlineInteger(r, IntegerType.get(ctx, 1))
      case 'string': {
        const s = this.strings.read(r, d)
        if (s === null) {
          d.at(r, 'failed to read StringAttr.')
          return null
        }
        return StringAttr.get(ctx, s)
      }
      case 'symbol': {
        const s = this.strings.read(r, d)
        if (s === null) {
          d.at(r, 'failed to read string for FlatSymbolRefAttr.')
          return null
        }
        if (s === '') {
          d.at(r, 'empty symbol reference is invalid')
          return null
        }
        return SymbolRefAttr.get(ctx, s)
      }
      case 'i32array':
      case 'i64array': {
        const is32 = enc.kind === 'i32array'
        const values = readLEArray(r, is32 ? 4 : 8, d)
        if (values === null) {
          d.at(r, `failed to read ${is32 ? 'DenseI32ArrayAttr' : 'DenseI64ArrayAttr'} values.`)
          return null
        }
        const width = is32 ? 32 : 64
        const sv = values.map((x) => signed(x, width))
        const max = (1n << BigInt(width - 1)) - 1n
        for (const x of sv) {
          if (x === max || x === -max - 1n) {
            d.at(r, `array contains unsupported value ${x}`)
            return null
          }
        }
        return DenseArrayAttr.get(IntegerType.get(ctx, width), sv)
      }
      case 'type': {
        const t = this.readType(r)
        if (t === null) {
          d.at(r, 'failed to get referenced type for TypeAttr')
          return null
        }
        return TypeAttr.get(t)
      }
      case 'dense': {
        let type: Type | null = resultTypes[0] ?? null
        if (type === null) {
          type = this.readType(r)
          const desc = type === null ? null : this.host.describeType(type)
          if (desc === null || desc.kind !== 'tile') {
            d.at(r, 'failed to read valid MLIR Type for self-contained DenseElementsAttr')
            return null
          }
        }
        return this.readConstantIndex(r, type)
      }
      case 'array': {
        const n = r.readVarInt()
        if (n < 0 || n > U32_LIMIT) {
          d.at(r, 'failed to read size for ArrayAttr.')
          return null
        }
        const elements: Attribute[] = []
        for (let i = 0; i < n; i++) {
          const e = this.readSelfContained(r)
          if (e === null) {
            d.at(r, `failed to parse ArrayAttr element ${i}`)
            return null
          }
          elements.push(e)
        }
        return ArrayAttr.get(ctx, elements)
      }
      case 'tileAttr': {
        if (enc.attrKind === 'test_value') {
          const value = r.readSignedVarIntBig()
          if (value === null) {
            d.at(r, 'failed to read value for BytecodeTestValueAttr')
            return null
          }
          return this.buildAttr(r, { kind: 'test_value', value: signed(value, 64) })
        }
        const dict = this.readDictionary(r)
        if (dict === null) {
          return null
        }
        return this.buildAttr(r, { kind: 'optimization_hints', dict }, 'failed to parse OptimizationHintsAttr')
      }
      case 'selfContained': {
        const attr = this.readSelfContained(r)
        if (attr === null) {
          d.at(r, `failed to parse self-contained attribute for ${a.name}`)
        }
        return attr
      }
    }
  }

  // ---- operations ---------------------------------------------------------------------

  private readOperands(r: ByteReader, values: readonly Value[], count: number | null, out: Value[]): boolean {
    const d = this.diags
    let n = count
    if (n === null) {
      n = r.readVarInt()
      if (n < 0 || n > U32_LIMIT) {
        return d.at(r, 'failed to read operand count')
      }
    }
    for (let i = 0; i < n; i++) {
      const idx = r.readVarInt()
      if (idx < 0) {
        return d.at(r, `failed to read operand index ${i}`)
      }
      if (idx >= values.length) {
        return d.at(r, `operand index ${idx} out of bounds (size=${values.length}) for operand ${i}`)
      }
      out.push(values[idx]!)
    }
    return true
  }

  /** Reads one op and appends it to `block`; its results go to `values`. */
  parseOperation(r: ByteReader, block: Block, values: Value[], nextLoc: () => Location | null): boolean {
    const d = this.diags
    const v = this.version
    const opcode = r.readVarInt()
    if (opcode < 0) {
      return d.at(r, 'failed to read operation opcode.')
    }
    if (!this.opcodes.isAvailable(opcode, v)) {
      return d.at(r, `unsupported opcode ${opcode} for bytecode version ${v.toString()}`)
    }
    const loc = nextLoc()
    if (loc === null) {
      return d.at(r, 'failed to read operation location.')
    }
    const schema = this.host.opSchemaByOpcode(opcode)
    if (schema === undefined) {
      return d.at(r, `unknown or unimplemented opcode: ${opcode}`)
    }
    if (++this.depth > MAX_NESTING) {
      this.depth--
      return d.at(r, 'regions nested too deeply')
    }
    try {
      return this.parseOpBody(r, schema, loc, block, values, nextLoc)
    } finally {
      this.depth--
    }
  }

  private parseOpBody(r: ByteReader, schema: OpBytecodeSchema, loc: Location, block: Block, values: Value[], nextLoc: () => Location | null): boolean {
    const d = this.diags
    const v = this.version
    const ctx = this.context
    const opName = schema.name
    const info = schemaInfo(schema)
    // NVIDIA's messages name the op's C++ class; only computed for a message.
    const cls = (): string => opClassName(opName)
    // Results. The count is written for ops with a variadic operand or result.
    const variadicResults = info.isVariadic
    const resultTypes: Type[] = []
    let numValueResults: number
    if (!info.versionedResults) {
      let n = schema.results.length
      if (variadicResults) {
        n = r.readVarInt()
        if (n < 0 || n > U32_LIMIT) {
          return d.at(r, `failed to read number of result types for ${cls()}`)
        }
      }
      for (let i = 0; i < n; i++) {
        const t = this.readType(r)
        if (t === null) {
          return d.at(r, `failed to get result type ${i} for ${cls()}`)
        }
        resultTypes.push(t)
      }
      numValueResults = resultTypes.length
    } else {
      let serialized = -1
      if (variadicResults) {
        serialized = r.readVarInt()
        if (serialized < 0 || serialized > U32_LIMIT) {
          return d.at(r, `failed to read number of result types for ${cls()}`)
        }
      }
      let expected = 0
      for (const rs of schema.results) {
        if (rs.since.compare(schema.since) === 0 || v.atLeast(rs.since)) {
          expected++
          const t = this.readType(r)
          if (t === null) {
            return d.at(r, `failed to get result type ${resultTypes.length} for ${cls()}`)
          }
          resultTypes.push(t)
        } else if (rs.defaultType !== null) {
          resultTypes.push(rs.defaultType(ctx))
        }
      }
      if (variadicResults && serialized !== expected) {
        return d.at(r, `result count mismatch for ${cls()}: expected ${expected} compatible results but got ${serialized}`)
      }
      numValueResults = expected
    }

    // Flags.
    let flags = 0
    if (info.flagOrder.length > 0 && (info.flagsSince.compare(schema.since) === 0 || v.atLeast(info.flagsSince))) {
      flags = r.readVarInt()
      if (flags < 0) {
        return d.at(r, 'failed to read flags field')
      }
    }

    // Attributes.
    const attributes: NamedAttribute[] = []
    const attrs = schema.attributes
    for (let ai = 0; ai < attrs.length; ai++) {
      const a = attrs[ai]!
      let value: Attribute | null = null
      if (v.atLeast(a.since)) {
        if (a.optional) {
          const bit = info.attrBit[ai]!
          if (bit >= 0 && (flags & (1 << bit)) !== 0) {
            value = this.readOpAttribute(r, a, resultTypes)
            if (value === null) {
              return d.at(r, `failed to parse optional attribute '${a.name}'`)
            }
          }
        } else {
          value = this.readOpAttribute(r, a, resultTypes)
          if (value === null) {
            return d.at(r, `failed to parse attribute '${a.name}'`)
          }
        }
      } else if (a.defaultValue !== null) {
        value = this.defaultOf(a)
      }
      if (value !== null) {
        attributes.push({ name: a.name, value })
      }
    }

    // Operands.
    const operands: Value[] = []
    if (schema.operands.length > 0) {
      if (schema.attrSizedOperands) {
        const sizes: number[] = []
        for (let i = 0; i < schema.operands.length; i++) {
          const os = schema.operands[i]!
          let len: number
          if (os.kind === 'optional') {
            const bit = info.operandBit[i]!
            const set = bit >= 0 && (flags & (1 << bit)) !== 0
            if (os.since.compare(schema.since) !== 0 && !v.atLeast(os.since)) {
              if (set) {
                return d.at(
                  r,
                  `malformed bytecode: flag set for operand '${os.name}' which requires ${os.since.toString()} but reading ${v.toString()} bytecode`,
                )
              }
              len = 0
            } else {
              len = set ? 1 : 0
            }
          } else if (os.kind === 'variadic') {
            len = r.readVarInt()
            if (len < 0) {
              return d.at(r, `failed to read actual size for variadic ODS segment '${os.name}' of op '${opName}'`)
            }
          } else {
            len = 1
          }
          if (operands.length + len > U32_LIMIT) {
            return d.at(r, `failed to read operands for ${os.name} segment, exceeds maximum supported capacity`)
          }
          sizes.push(len)
          for (let j = 0; j < len; j++) {
            const idx = r.readVarInt()
            if (idx < 0) {
              return d.at(r, `failed to read operand index for ${os.name} segment, element ${j}`)
            }
            if (idx >= values.length) {
              return d.at(r, `operand index ${idx} out of bounds (size=${values.length}) for ${os.name} segment, element ${j}`)
            }
            operands.push(values[idx]!)
          }
        }
        attributes.push({ name: 'operandSegmentSizes', value: DenseArrayAttr.getI32(ctx, sizes) })
      } else {
        if (!this.readOperands(r, values, info.operandCountWritten ? null : schema.operands.length, operands)) {
          return false
        }
      }
    }

    // Regions.
    const regions: Region[] = []
    if (schema.numRegions > 0) {
      const n = r.readVarInt()
      if (n < 0 || n > U32_LIMIT) {
        return d.at(r, 'failed to read number of regions to parse.')
      }
      if (n !== schema.numRegions) {
        return d.at(r, `${opName} op expected ${schema.numRegions} regions, got ${n}`)
      }
      for (let i = 0; i < n; i++) {
        const region = new Region()
        if (!this.parseRegion(r, region, values, loc, nextLoc)) {
          return d.at(r, `failed to parse region ${i}`)
        }
        regions.push(region)
      }
    }

    let name = this.opNames.get(schema)
    if (name === undefined) {
      name = ctx.getOperationName(opName)
      this.opNames.set(schema, name)
    }
    const state = new OperationState(loc, name)
    state.addOperands(operands)
    state.addTypes(resultTypes)
    for (const a of attributes) {
      state.addAttribute(a.name, a.value)
    }
    for (const region of regions) {
      state.addRegion(region)
    }
    const op = Operation.create(state)
    block.append(op)
    for (let i = 0; i < numValueResults; i++) {
      values.push(op.results[i]!)
    }
    return true
  }

  private parseRegion(r: ByteReader, region: Region, values: Value[], loc: Location, nextLoc: () => Location | null): boolean {
    const n = r.readVarInt()
    if (n < 0) {
      return this.diags.at(r, 'failed to read region block count')
    }
    for (let i = 0; i < n; i++) {
      const block = new Block()
      region.push(block)
      if (!this.parseBlock(r, block, values, loc, nextLoc)) {
        return this.diags.at(r, `failed to parse block ${i} in region.`)
      }
    }
    return true
  }

  private parseBlock(r: ByteReader, block: Block, values: Value[], loc: Location, nextLoc: () => Location | null): boolean {
    const d = this.diags
    const numArgs = r.readVarInt()
    if (numArgs < 0) {
      return d.at(r, 'failed to read block argument count.')
    }
    const saved = values.length
    for (let i = 0; i < numArgs; i++) {
      const t = this.readType(r)
      if (t === null) {
        return d.at(r, `failed to read block argument type: ${i}`)
      }
      values.push(block.addArgument(t, loc))
    }
    const numOps = r.readVarInt()
    if (numOps < 0) {
      return d.at(r, 'failed to read block operation count.')
    }
    for (let i = 0; i < numOps; i++) {
      if (!this.parseOperation(r, block, values, nextLoc)) {
        return d.at(r, `failed to parse operation ${i} in block.`)
      }
    }
    const last = block.lastOp
    if (last === null) {
      return d.at(r, 'invalid block structure: block is expected to have a terminator operation, but it is empty')
    }
    if (!last.hasTrait(Trait.IsTerminator)) {
      return d.at(
        r,
        `invalid block structure: block is expected to have a terminator operation, but the last operation '${last.name.name}' is not a terminator.`,
      )
    }
    values.length = saved
    return true
  }
}

/** NVIDIA's messages name ops by C++ class (`PrintTkoOp`); derived from the op name. */
function opClassName(opName: string): string {
  const base = opName.slice(opName.indexOf('.') + 1)
  return base.replace(/(^|_|\$)([a-z])/g, (_m, _p: string, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '') + 'Op'
}

function typeText(type: Type): string {
  try {
    return printType(type)
  } catch {
    return '<type>'
  }
}


/** One function-table entry. */
interface FunctionInfo {
  nameIndex: number
  signatureIndex: number
  flags: number
  locIndex: number
  body: Uint8Array
  hints: Attribute | null
}

/** One global-section entry. */
interface GlobalInfo {
  nameIndex: number
  typeIndex: number
  constantIndex: number
  alignment: bigint
  visibility: number
  constant: number
}

/** The result of reading bytecode: the module, or the messages explaining why not. */
export type ReadResult = { readonly ok: true; readonly module: Operation } | { readonly ok: false; readonly messages: readonly string[] }

/**
 * Reads Tile IR bytecode into a `cuda_tile.module @kernels` in `context`. Never throws
 * for malformed input: the messages (NVIDIA's wording, most as `error at offset N: ...`)
 * come back instead, in the order NVIDIA's reader reports them.
 */
export function readBytecode(bytes: Uint8Array, context: Context, host: CudaTileBytecodeHost): ReadResult {
  const diags = new Diags()
  const r = new ByteReader(bytes)
  const failWith = (message?: string): ReadResult => {
    if (message !== undefined) {
      diags.at(r, message)
    }
    return { ok: false, messages: diags.messages }
  }
  // Header.
  for (let i = 0; i < MAGIC.length; i++) {
    let b = r.readByte()
    if (b < 0) {
      b = 0
    }
    if (b !== MAGIC[i]) {
      diags.at(r, `invalid magic number at position ${i}, got ${b} expected ${MAGIC[i]}`)
      return failWith('failed to parse bytecode header')
    }
  }
  if (r.remaining < 4) {
    return failWith('failed to parse bytecode header')
  }
  const major = r.readByte()
  const minor = r.readByte()
  const tag = Number(r.readLE(2)!)
  const version = supportedVersion(major, minor, tag)
  if (version === null || version.compare(MIN_SUPPORTED_VERSION) < 0) {
    diags.at(
      r,
      `unsupported Tile version ${major}.${minor}.${tag}, this reader supports versions [${MIN_SUPPORTED_VERSION.toString()} - ${CURRENT_VERSION.toString()}]`,
    )
    return failWith('failed to parse bytecode header')
  }

  // Section directory.
  const payloads: (Uint8Array | undefined)[] = new Array<Uint8Array | undefined>(Section.NumSections).fill(undefined)
  for (;;) {
    if (r.remaining < 1) {
      diags.at(r, 'unexpected end of data while reading section header')
      return failWith('failed to parse section header')
    }
    const idByte = r.readByte()
    const id = idByte & 0x7f
    const hasAlignment = (idByte & 0x80) !== 0
    if (id === Section.EndOfBytecode) {
      if (hasAlignment) {
        diags.at(r, 'end section should not have alignment flag set')
        return failWith('failed to parse section header')
      }
      if (r.remaining !== 0) {
        return failWith('end section is not the last section')
      }
      break
    }
    if (id >= Section.NumSections) {
      diags.at(r, `unknown section ID: ${id}`)
      return failWith('failed to parse section header')
    }
    const length = r.readVarInt()
    if (length < 0) {
      diags.at(r, 'failed to read section length')
      return failWith('failed to parse section header')
    }
    if (length > r.remaining) {
      diags.at(r, `section length ${length} exceeds remaining data size ${r.remaining}`)
      return failWith('failed to parse section header')
    }
    let alignment = 1
    if (hasAlignment) {
      alignment = r.readVarInt()
      if (alignment < 0) {
        return failWith('failed to parse section header')
      }
      if (alignment === 0 || (alignment & (alignment - 1)) !== 0 || alignment > 0x40000000) {
        diags.at(r, `invalid alignment value: ${alignment}`)
        return failWith('failed to parse section header')
      }
      if (!r.skipPadding(alignment)) {
        return failWith('failed to parse section header')
      }
    }
    const required = id === Section.String || id === Section.Type ? 4 : id === Section.Constant || id === Section.Debug || id === Section.Func ? 8 : 1
    if (required > 1 && (!hasAlignment || alignment % required !== 0)) {
      return failWith(
        `section ${id} must have alignment that is a multiple of ${required} bytes, but ${hasAlignment ? `has alignment of ${alignment}` : 'has no alignment flag set'}`,
      )
    }
    if (length > r.remaining) {
      return failWith(`section length ${length} exceeds remaining bytecode data. ${r.remaining}`)
    }
    payloads[id] = r.readBytes(length)!
  }

  const mr = new ModuleReader(context, host, version)
  const md = mr.diags
  const done = (message: string): ReadResult => {
    md.at(r, message)
    return { ok: false, messages: [...diags.messages, ...md.messages] }
  }
  const strings = payloads[Section.String]
  if (strings === undefined) {
    return done('string section is mandatory')
  }
  if (!mr.parseStringSection(strings)) {
    return done('failed to parse string section')
  }
  let producer: string | null = null
  const producerPayload = payloads[Section.Producer]
  if (producerPayload !== undefined) {
    const pr = new ByteReader(producerPayload)
    const idx = pr.readVarInt()
    if (idx < 0) {
      md.at(pr, 'failed to read producer string index')
      return done('failed to parse producer section')
    }
    const s = mr.strings.get(idx, md)
    if (s === null) {
      md.at(pr, `failed to get producer string at index ${idx}`)
      return done('failed to parse producer section')
    }
    producer = s
  }
  const typePayload = payloads[Section.Type]
  if (typePayload !== undefined && !mr.parseTypeSection(typePayload)) {
    return done('failed to parse type section')
  }
  const constantPayload = payloads[Section.Constant]
  if (constantPayload !== undefined && !mr.parseConstantSection(constantPayload)) {
    return done('failed to parse constant section')
  }
  const globals: GlobalInfo[] = []
  const globalPayload = payloads[Section.Global]
  if (globalPayload !== undefined && !parseGlobalSection(globalPayload, mr, globals)) {
    return done('failed to parse global section')
  }
  const funcPayload = payloads[Section.Func]
  if (funcPayload === undefined) {
    return done('function section is mandatory')
  }
  const funcs: FunctionInfo[] = []
  if (!parseFunctionSection(funcPayload, mr, funcs)) {
    return done('failed to parse function section')
  }
  const debugPayload = payloads[Section.Debug]
  if (debugPayload !== undefined && !mr.parseDebugSection(debugPayload)) {
    return done('failed to parse debug section')
  }

  // Build the module.
  const unknown = UnknownLoc.get(context)
  const moduleState = new OperationState(unknown, context.getOperationName(host.moduleOpName))
  moduleState.addAttribute('sym_name', StringAttr.get(context, 'kernels'))
  if (producer !== null) {
    moduleState.addAttribute('producer', StringAttr.get(context, producer))
  }
  const moduleBody = new Region()
  const moduleBlock = new Block()
  moduleBody.push(moduleBlock)
  moduleState.addRegion(moduleBody)
  const module = Operation.create(moduleState)
  const body = module.regions[0]!.firstBlock!

  for (const g of globals) {
    if (!createGlobal(g, mr, body, r)) {
      return done('failed to create global from bytecode')
    }
  }
  for (const f of funcs) {
    if (!createFunction(f, mr, body, r)) {
      return done('failed to create function from bytecode')
    }
  }
  if (md.messages.length > 0) {
    return { ok: false, messages: [...diags.messages, ...md.messages] }
  }
  // Verification reports its own diagnostics; the reader adds NVIDIA's closing message.
  if (!verify(module)) {
    return { ok: false, messages: ['verification failed for deserialized cuda_tile::ModuleOp'] }
  }
  return { ok: true, module }
}

function parseGlobalSection(payload: Uint8Array, mr: ModuleReader, out: GlobalInfo[]): boolean {
  const r = new ByteReader(payload)
  const d = mr.diags
  const n = r.readVarInt()
  if (n < 0) {
    return d.at(r, 'failed to read number of global.')
  }
  const v133 = mr.version.atLeast(VERSION_13_3)
  const minSize = v133 ? 6 : 4
  const fit = Math.floor((payload.length - r.offset) / minSize)
  if (n > fit) {
    return d.at(r, `number of globals (${n}) exceeds the maximum of ${fit} that can fit in the remaining payload of ${payload.length - r.offset} bytes.`)
  }
  for (let i = 0; i < n; i++) {
    const nameIndex = r.readVarInt()
    if (nameIndex < 0) {
      return d.at(r, 'failed to read global symbol name string.')
    }
    const typeIndex = r.readVarInt()
    if (typeIndex < 0) {
      return d.at(r, 'failed to read global value type')
    }
    const constantIndex = r.readVarInt()
    if (constantIndex < 0) {
      return d.at(r, 'failed to read global value constant index')
    }
    const alignment = r.readVarIntBig()
    if (alignment === null) {
      return d.at(r, 'failed to read global alignment')
    }
    let visibility = 0
    let constant = 0
    if (v133) {
      visibility = r.readVarInt()
      if (visibility < 0) {
        return d.at(r, 'failed to read global symbol visibility')
      }
      constant = r.readVarInt()
      if (constant < 0) {
        return d.at(r, 'failed to read global constant flag')
      }
    }
    out.push({ nameIndex, typeIndex, constantIndex, alignment, visibility, constant })
  }
  return true
}

function parseFunctionSection(payload: Uint8Array, mr: ModuleReader, out: FunctionInfo[]): boolean {
  const r = new ByteReader(payload)
  const d = mr.diags
  const n = r.readVarInt()
  if (n < 0) {
    return false
  }
  if (n > payload.length) {
    return d.at(r, `number of functions (${n}) exceeds payload size (${payload.length})`)
  }
  for (let i = 0; i < n; i++) {
    const nameIndex = r.readVarInt()
    const signatureIndex = nameIndex < 0 ? -1 : r.readVarInt()
    const flags = signatureIndex < 0 ? -1 : r.readByte()
    const locIndex = flags < 0 ? -1 : r.readVarInt()
    if (locIndex < 0) {
      return false
    }
    let hints: Attribute | null = null
    if (flags & FunctionFlags.KindKernel && flags & FunctionFlags.HasOptimizationHints) {
      hints = mr.readSelfContained(r)
      if (hints === null) {
        return false
      }
    }
    const length = r.readVarInt()
    if (length < 0) {
      return false
    }
    if (length > r.remaining) {
      return d.at(r, `function body length ${length} exceeds remaining bytecode data (${r.remaining} bytes)`)
    }
    const body = r.readBytes(length)!
    out.push({ nameIndex, signatureIndex, flags, locIndex, body, hints })
  }
  return true
}

function createGlobal(g: GlobalInfo, mr: ModuleReader, body: Block, main: ByteReader): boolean {
  const d = mr.diags
  const ctx = mr.context
  if (g.constantIndex >= mr.constants.length) {
    return d.at(main, 'global value constant index out of bounds')
  }
  const name = mr.strings.get(g.nameIndex, d)
  if (name === null) {
    return d.at(main, `failed to get global symbol name string for index ${g.nameIndex}`)
  }
  if (name === '') {
    return d.at(main, `global symbol name at index ${g.nameIndex} is empty`)
  }
  const value = mr.denseConstant(mr.getType(g.typeIndex), mr.constants[g.constantIndex]!)
  if (value === null) {
    return false
  }
  const visibility = mr.host.buildAttr(ctx, { kind: 'enum', enumName: 'SymbolVisibility', value: g.visibility })
  if (typeof visibility === 'string') {
    return d.at(main, `invalid symbol visibility value: ${g.visibility}`)
  }
  const state = new OperationState(UnknownLoc.get(ctx), ctx.getOperationName(mr.host.globalOpName))
  state.addAttribute('sym_name', StringAttr.get(ctx, name))
  state.addAttribute('value', value)
  state.addAttribute('alignment', IntegerAttr.get(IntegerType.get(ctx, 64), g.alignment))
  if (g.constant !== 0) {
    state.addAttribute('constant', UnitAttr.get(ctx))
  }
  state.addAttribute('symbol_visibility', visibility)
  body.append(Operation.create(state))
  return true
}

function createFunction(f: FunctionInfo, mr: ModuleReader, body: Block, main: ByteReader): boolean {
  const d = mr.diags
  const ctx = mr.context
  const name = mr.strings.get(f.nameIndex, d)
  if (name === null) {
    return d.at(main, `failed to get function name string at index ${f.nameIndex}`)
  }
  if (name === '') {
    return d.at(main, `function name at index ${f.nameIndex} is empty`)
  }
  if (f.signatureIndex >= mr.numTypes) {
    return d.at(main, `function signature index ${f.signatureIndex} out of bounds for function '${name}'`)
  }
  const signature = mr.getType(f.signatureIndex)
  if (signature === null) {
    return d.at(main, `failed to parse type at index ${f.signatureIndex} for function '${name}`)
  }
  if (!(signature instanceof FunctionType)) {
    return d.at(main, `function signature index ${f.signatureIndex} does not refer to a function type for function '${name}', got type: ${typeText(signature)}`)
  }
  const nextLoc = mr.debugIterator(f.locIndex)
  const funcLoc = nextLoc()
  if (funcLoc === null) {
    return d.at(main, `failed to read function location for '${name}'`)
  }
  if ((f.flags & FunctionFlags.KindKernel) === 0) {
    return d.at(main, `un-expected non-entry function '${name}'`)
  }
  let hints = f.hints
  if (hints === null) {
    const empty = mr.host.buildAttr(ctx, { kind: 'optimization_hints', dict: DictionaryAttr.get(ctx, []) })
    hints = typeof empty === 'string' ? null : empty
  }
  if (hints === null || mr.host.describeAttr(hints)?.kind !== 'optimization_hints') {
    return d.at(main, `invalid optimization hints attribute for function '${name}'`)
  }
  const state = new OperationState(funcLoc, ctx.getOperationName(mr.host.entryOpName))
  state.addAttribute('sym_name', StringAttr.get(ctx, name))
  state.addAttribute('function_type', TypeAttr.get(signature))
  state.addAttribute('optimization_hints', hints)
  const region = new Region()
  const entry = new Block()
  region.push(entry)
  state.addRegion(region)
  const values: Value[] = []
  for (const t of signature.inputs) {
    values.push(entry.addArgument(t, funcLoc))
  }
  const fr = new ByteReader(f.body)
  while (fr.remaining > 0) {
    if (!mr.parseOperation(fr, entry, values, nextLoc)) {
      return d.at(main, `failed to parse function body for function '${name}'`)
    }
  }
  body.append(Operation.create(state))
  return true
}
