import { DenseIntOrFPElementsAttr, type DialectDefinition, type OdsOp } from '@tilepass/ir'
import { DICompileUnitAttr, DIFileAttr, DILexicalBlockAttr, DISubprogramAttr, parseCudaTileAttribute, printCudaTileAttribute } from './CudaTileAttributes.ts'
import { cudaTileOps, cudaTileTestingOps } from './CudaTileOps.ts'
import { CUDA_TILE, TileType, parseCudaTileDialectType, printCudaTileDialectType } from './CudaTileTypes.ts'

/** What `CudaTileDialect` and `CudaTileTestingDialect` share: all but their ops. */
const cudaTileDialectBase: DialectDefinition = {
  namespace: CUDA_TILE,
  parseType: (parser) => parseCudaTileDialectType(parser),
  printType: (type, printer) => printCudaTileDialectType(type, printer),
  parseAttribute: (parser) => parseCudaTileAttribute(parser),
  printAttribute: (attr, printer) => printCudaTileAttribute(attr, printer),
  materializeConstant(builder, value, type, loc) {
    if (!(value instanceof DenseIntOrFPElementsAttr) || !(type instanceof TileType) || value.type !== type) {
      return null
    }
    return builder.create('cuda_tile.constant', loc, { results: [type], attributes: { value } })
  },
  // Debug-info attributes are aliased by their mnemonic (`#di_file`, `#di_subprogram1`, ...).
  getAlias(attrOrType) {
    if (attrOrType instanceof DIFileAttr) {
      return 'di_file'
    }
    if (attrOrType instanceof DICompileUnitAttr) {
      return 'di_compile_unit'
    }
    if (attrOrType instanceof DISubprogramAttr) {
      return 'di_subprogram'
    }
    if (attrOrType instanceof DILexicalBlockAttr) {
      return 'di_lexical_block'
    }
    return undefined
  },
}

/**
 * The `cuda_tile` dialect: NVIDIA's CUDA Tile IR. Its ops are defined when a context first
 * loads it (see `cudaTileOps`).
 */
export const CudaTileDialect: DialectDefinition = {
  ...cudaTileDialectBase,
  get ops(): readonly OdsOp[] {
    return cudaTileOps()
  },
}

/** The ops of `CudaTileTestingDialect`, listed on first use. */
let testingDialectOps: readonly OdsOp[] | null = null

/**
 * `CudaTileDialect` plus the test-only ops of NVIDIA's test suite (`testing$func`,
 * `testing$bytecode_test_evolution`, `testing$bytecode_test_new_attribute`), for tools that
 * run those tests: register it instead of `CudaTileDialect`, never both.
 */
export const CudaTileTestingDialect: DialectDefinition = {
  ...cudaTileDialectBase,
  get ops(): readonly OdsOp[] {
    return (testingDialectOps ??= [...cudaTileOps(), ...cudaTileTestingOps()])
  },
}
