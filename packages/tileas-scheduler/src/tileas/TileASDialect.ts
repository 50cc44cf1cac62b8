import type { DialectDefinition } from '@tilepass/ir'
import { BlockedLayoutAttr, DotOperandLayoutAttr, MmaLayoutAttr, SharedLayoutAttr, SliceLayoutAttr, TILEAS, parseTileASAttribute, printTileASAttribute } from './TileASAttributes.ts'
import { tileasOps } from './TileASOps.ts'
import { parseTileASType, printTileASType } from './TileASTypes.ts'

/** The `tileas` dialect: tile assembly, distributed tiles with layouts (Triton's encodings). */
export const TileASDialect: DialectDefinition = {
  namespace: TILEAS,
  ops: tileasOps,
  parseType: (parser) => parseTileASType(parser),
  printType: (type, printer) => printTileASType(type, printer),
  parseAttribute: (parser) => parseTileASAttribute(parser),
  printAttribute: (attr, printer) => printTileASAttribute(attr, printer),
  // Layouts print as aliases, as Triton's do: `#blocked`, `#mma`, `#slice`, ...
  getAlias(attrOrType) {
    if (attrOrType instanceof BlockedLayoutAttr) {
      return 'blocked'
    }
    if (attrOrType instanceof MmaLayoutAttr) {
      return 'mma'
    }
    if (attrOrType instanceof DotOperandLayoutAttr) {
      return 'dot_op'
    }
    if (attrOrType instanceof SliceLayoutAttr) {
      return 'slice'
    }
    if (attrOrType instanceof SharedLayoutAttr) {
      return 'shared'
    }
    return undefined
  },
}
