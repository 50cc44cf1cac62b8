/**
 * Attributes of the `gpu` dialect: `#gpu<dim x>`, `#gpu<shuffle_mode xor>` and
 * `#gpu.address_space<workgroup>`, and the device mapping attributes (`#gpu.thread<x>`).
 */
import { DialectAttr, type Attribute, type Context, type OpAsmParser, type OpAsmPrinter } from '@tilepass/ir'
import { parseEnumParameter } from '../internal/EnumParameter.ts'

/** The cases of the enums printed as `#gpu<enum case>`. */
export const GPUEnumCases: Readonly<Record<string, readonly string[]>> = {
  dim: ['x', 'y', 'z'],
  shuffle_mode: ['xor', 'up', 'down', 'idx'],
}

/** The cases of `#gpu.address_space<...>`. */
export const GPUAddressSpaces: readonly string[] = ['global', 'workgroup', 'private']

/** `#gpu<dim x>` / `#gpu<shuffle_mode xor>`: a case of a `gpu` enum. */
export class GPUEnumAttr extends DialectAttr {
  readonly dialectNamespace: string = 'gpu'
  /** @internal Use `GPUEnumAttr.get`. */
  constructor(
    context: Context,
    readonly enumName: string,
    readonly value: string,
  ) {
    super(context)
  }
  /** The case `value` of `enumName` (a key of `GPUEnumCases`). */
  static get(context: Context, enumName: string, value: string): GPUEnumAttr {
    return context.uniquer.intern(`gpu.enum:${enumName}:${value}`, () => new GPUEnumAttr(context, enumName, value))
  }
}

/** `#gpu.address_space<workgroup>`: a memory space of memrefs in kernels. */
export class GPUAddressSpaceAttr extends DialectAttr {
  readonly dialectNamespace: string = 'gpu'
  /** @internal Use `GPUAddressSpaceAttr.get`. */
  constructor(
    context: Context,
    readonly value: string,
  ) {
    super(context)
  }
  /** The address space `value` (one of `GPUAddressSpaces`). */
  static get(context: Context, value: string): GPUAddressSpaceAttr {
    return context.uniquer.intern(`gpu.as:${value}`, () => new GPUAddressSpaceAttr(context, value))
  }
}

/** The cases of `::mlir::gpu::MappingId`, the parameter of the device mapping attributes. */
export const GPUMappingIds: readonly string[] = ['x', 'y', 'z', ...Array.from({ length: 10 }, (_, i) => `linear_dim_${i}`)]

/** The device mapping attributes (`#gpu.thread<x>`) by mnemonic: their C++ class and parameter names. */
const MAPPING_ATTRS: Readonly<Record<string, readonly [string, string]>> = {
  block: ['GPUBlockMappingAttr', 'block'],
  warpgroup: ['GPUWarpgroupMappingAttr', 'warpgroup'],
  warp: ['GPUWarpMappingAttr', 'warp'],
  thread: ['GPUThreadMappingAttr', 'thread'],
  lane: ['GPULaneMappingAttr', 'lane'],
  memory_space: ['GPUMemorySpaceMappingAttr', 'address_space'],
}

/**
 * `#gpu.thread<x>`, `#gpu.block<linear_dim_0>`, `#gpu.memory_space<workgroup>`, ...: the device
 * mapping attributes of `scf.forall` loops (MLIR's `DeviceMappingAttrInterface`).
 */
export class GPUMappingAttr extends DialectAttr {
  readonly dialectNamespace: string = 'gpu'
  /** @internal Use `GPUMappingAttr.get`. */
  constructor(
    context: Context,
    readonly mnemonic: string,
    readonly value: string,
  ) {
    super(context)
  }
  /** The mapping `mnemonic<value>` (`thread`, `x`). */
  static get(context: Context, mnemonic: string, value: string): GPUMappingAttr {
    return context.uniquer.intern(`gpu.mapping:${mnemonic}:${value}`, () => new GPUMappingAttr(context, mnemonic, value))
  }
}

function parseMappingAttr(parser: OpAsmParser, mnemonic: string, names: readonly [string, string]): Attribute | undefined {
  const memorySpace = mnemonic === 'memory_space'
  const cases = memorySpace ? GPUAddressSpaces : GPUMappingIds
  const v = parseEnumParameter(parser, cases, `::mlir::gpu::${memorySpace ? 'AddressSpace' : 'MappingId'}`, names[0], names[1])
  return v === undefined ? undefined : GPUMappingAttr.get(parser.context, mnemonic, v)
}

/** Parses a case keyword of the enum `enumName` (`x`, `xor`, ...); undefined after a diagnostic. */
export function parseGPUEnumCase(parser: OpAsmParser, enumName: string): GPUEnumAttr | undefined {
  const cases = GPUEnumCases[enumName] ?? []
  const loc = parser.getCurrentLocation()
  const v = parser.parseOptionalKeywordAny()
  if (v === undefined || !cases.includes(v)) {
    parser.emitError(loc, `expected one of [${cases.join(', ')}] for gpu ${enumName}`).report()
    return undefined
  }
  return GPUEnumAttr.get(parser.context, enumName, v)
}

/** Parses the body of a `#gpu` attribute. */
export function parseGPUAttribute(parser: OpAsmParser): Attribute | undefined {
  // `#ns<mnemonic ...>` (the opaque form of enum attributes) or `#ns.mnemonic<...>`.
  if (parser.parseOptionalLess()) {
    const attr = parseGPUAttributeBody(parser)
    return attr === undefined || !parser.parseGreater() ? undefined : attr
  }
  return parseGPUAttributeBody(parser)
}

function parseGPUAttributeBody(parser: OpAsmParser): Attribute | undefined {
  const loc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  if (mnemonic === undefined) {
    return undefined
  }
  if (GPUEnumCases[mnemonic] !== undefined) {
    return parseGPUEnumCase(parser, mnemonic)
  }
  if (mnemonic === 'address_space') {
    if (!parser.parseLess()) {
      return undefined
    }
    const vloc = parser.getCurrentLocation()
    const v = parser.parseOptionalKeywordAny()
    if (v === undefined || !GPUAddressSpaces.includes(v)) {
      parser.emitError(vloc, `expected one of [${GPUAddressSpaces.join(', ')}] for GPU address space`).report()
      return undefined
    }
    return parser.parseGreater() ? GPUAddressSpaceAttr.get(parser.context, v) : undefined
  }
  const mappingNames = MAPPING_ATTRS[mnemonic]
  if (mappingNames !== undefined) {
    return parseMappingAttr(parser, mnemonic, mappingNames)
  }
  parser.emitError(loc, `unknown attribute \`${mnemonic}\` in dialect \`gpu\``).report()
  return undefined
}

/** Prints the body of a `#gpu` attribute. */
export function printGPUAttribute(attr: Attribute, printer: OpAsmPrinter): void {
  if (attr instanceof GPUEnumAttr) {
    printer.print(`${attr.enumName} ${attr.value}`)
  } else if (attr instanceof GPUAddressSpaceAttr) {
    printer.print(`address_space<${attr.value}>`)
  } else if (attr instanceof GPUMappingAttr) {
    printer.print(`${attr.mnemonic}<${attr.value}>`)
  }
}
