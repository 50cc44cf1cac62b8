export { TileASDialect } from './TileASDialect.ts'
export {
  TILEAS,
  DistributedLayoutAttr,
  BlockedLayoutAttr,
  MmaLayoutAttr,
  DotOperandLayoutAttr,
  SliceLayoutAttr,
  SharedLayoutAttr,
  parseTileASAttribute,
  printTileASAttribute,
} from './TileASAttributes.ts'
export { TileASTileType, SharedBufferType, AsyncTokenType, parseTileASType, printTileASType } from './TileASTypes.ts'
export { tileasOps, TILEAS_BINARY, TILEAS_UNARY, ICMP_PREDICATES, FCMP_PREDICATES, REDUCE_KINDS } from './TileASOps.ts'
export { LinearLayout, blockedToLinear, mmaToLinear, dotOperandToLinear, sliceLinear, swizzledOffset, isPowerOf2, log2 } from './LinearLayout.ts'
