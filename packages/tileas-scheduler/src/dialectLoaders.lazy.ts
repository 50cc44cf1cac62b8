// A lazy table (see packages/cli/scripts/bundle.js): in the tools' bundle the dialect's
// modules are evaluated on its first load.
import type { DialectLoader } from '@tilepass/ir'
import { TileASDialect } from './tileas/TileASDialect.ts'

/** The dialects of this package by namespace (`tileas`), each made by its loader. */
export const TILEAS_DIALECT_LOADERS: Readonly<Record<string, DialectLoader>> = {
  tileas: () => TileASDialect,
}
