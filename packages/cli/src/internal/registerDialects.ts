import { registerAllDialects } from '@tilepass/dialects'
import type { Context } from '@tilepass/ir'

/** @internal Registers every dialect `tilepass-opt` knows with `context`. */
export function registerToolDialects(context: Context): void {
  registerAllDialects(context)
}
