/**
 * Hand-written parsers and printers of the cuda_tile ops whose syntax the assembly-format
 * language cannot express (`entry`, `for`, `loop`, the view ops, ...), by op name.
 */
import type { OpSpec } from '@tilepass/ir'

/** Custom assembly hooks by full op name. */
export const cudaTileCustomAssembly: Readonly<Record<string, Pick<OpSpec, 'parse' | 'print' | 'getAsmResultNames' | 'getAsmBlockArgumentNames'>>> = {}
