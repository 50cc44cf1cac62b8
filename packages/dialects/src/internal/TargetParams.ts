/**
 * What the GPU target attributes (`#nvvm.target`, `#xevm.target`) share: they keep only the
 * parameters that differ from their defaults, and print as `target<name = value, ...>` in
 * declaration order (just `target` when all parameters are defaults).
 */
import { IntegerAttr, StringAttr, type Attribute, type OpAsmPrinter } from '@tilepass/ir'

/**
 * The entries of `params` named in `names` (in that order) that `isDefault` does not
 * drop, and a uniquing key for them.
 */
export function nonDefaultTargetParams(
  names: readonly string[],
  params: ReadonlyMap<string, Attribute>,
  isDefault: (name: string, v: Attribute) => boolean,
): { kept: Map<string, Attribute>; key: string } {
  const kept = new Map<string, Attribute>()
  for (const name of names) {
    const v = params.get(name)
    if (v !== undefined && !isDefault(name, v)) {
      kept.set(name, v)
    }
  }
  return { kept, key: [...kept].map(([k, v]) => `${k}=${v.id}`).join(',') }
}

/** The string parameter `name` of `params`, or `dflt` when absent. */
export function targetString(params: ReadonlyMap<string, Attribute>, name: string, dflt: string): string {
  const v = params.get(name)
  return v instanceof StringAttr ? v.value : dflt
}

/** The optimization level `O` of `params` (2 when absent). */
export function targetOptLevel(params: ReadonlyMap<string, Attribute>): number {
  const o = params.get('O')
  return o instanceof IntegerAttr ? Number(o.value) : 2
}

/** Prints `target` and, when any parameter is kept, `<name = value, ...>` (`O` as a bare integer). */
export function printTargetParams(params: ReadonlyMap<string, Attribute>, printer: OpAsmPrinter): void {
  printer.print('target')
  if (params.size === 0) {
    return
  }
  printer.print('<')
  let first = true
  for (const [name, v] of params) {
    printer.print(first ? `${name} = ` : `, ${name} = `)
    first = false
    if (name === 'O' && v instanceof IntegerAttr) {
      printer.print(String(v.value))
    } else {
      printer.printAttribute(v)
    }
  }
  printer.print('>')
}
