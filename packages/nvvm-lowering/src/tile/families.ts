/**
 * The op families of the tile code generator. Each file registers its lowerings with
 * `registerTileOpLowering` when imported; a new family is one file plus one import here.
 */
import './elementwise.ts'
import './loadStore.ts'
import './reduce.ts'
import './layoutConversion.ts'
import './controlFlow.ts'
import './arith.ts'
import './gemmOperands.ts'
import './dotFma.ts'
