/**
 * The translation of the llvm dialect's module-level ops to LLVM IR text as
 * `mlir-translate --mlir-to-llvmir` writes it: comdats (`$c = comdat any` and the
 * `comdat($c)` of globals and functions), `@llvm.global_ctors`/`@llvm.global_dtors`, and
 * `llvm.module_flags` as `!llvm.module.flags` metadata.
 */
import { ArrayAttr, FloatType, IntegerAttr, StringAttr, SymbolRefAttr, SymbolTable, type Attribute, type Operation } from '@tilepass/ir'
import { ComdatNames, LLVMCGProfileEntryAttr, LLVMModuleFlagAttr, LLVMProfileSummaryAttr, ModFlagBehaviorNames } from '@tilepass/dialects'
import { doubleBits, printFloat } from './IRConstants.ts'
import { quoteIdentifier } from './IRTypes.ts'

/** A module-level translation failure at `op` (the caller reports it as a diagnostic). */
export class ModuleLevelError extends Error {
  constructor(
    readonly op: Operation,
    message: string,
  ) {
    super(message)
  }
}

// ---- comdats -------------------------------------------------------------------------------

/** The `llvm.comdat_selector` a global's or function's `comdat` names, or null when it has none. */
function comdatSelector(op: Operation): Operation | null {
  const ref = op.getAttr('comdat')
  if (!(ref instanceof SymbolRefAttr)) {
    return null
  }
  const selector = SymbolTable.lookupNearestSymbolFrom(op, ref)
  if (selector === undefined || selector.name.name !== 'llvm.comdat_selector') {
    throw new ModuleLevelError(op, 'expected comdat symbol')
  }
  return selector
}

function selectorName(selector: Operation): string {
  return (selector.getAttr('sym_name') as StringAttr).value
}

/** The ` section "s" comdat($name) align N` that follows a function header's attribute group, each part when present. */
export function functionSectionComdatAlign(op: Operation): string {
  let s = ''
  const section = op.getAttr('section')
  if (section instanceof StringAttr) {
    s += ` section ${JSON.stringify(section.value)}`
  }
  const selector = comdatSelector(op)
  if (selector !== null) {
    s += ` comdat($${quoteIdentifier(selectorName(selector))})`
  }
  const align = op.getAttr('alignment')
  if (align instanceof IntegerAttr) {
    s += ` align ${align.value}`
  }
  return s
}

/** The `, comdat($name)` of a global variable, or ''. */
export function globalComdatSuffix(op: Operation): string {
  const selector = comdatSelector(op)
  return selector === null ? '' : `, comdat($${quoteIdentifier(selectorName(selector))})`
}

/**
 * The comdat section of the module (`\n$a = comdat any\n\n$b = ...\n`), or '': the comdats
 * used by functions and then by global variables, in module order, as LLVM's writer lists
 * them (an unused selector is not printed).
 */
export function comdatSection(ops: readonly Operation[]): string {
  const kinds = new Map<string, string>()
  for (const name of ['llvm.func', 'llvm.mlir.global']) {
    for (const op of ops) {
      if (op.name.name !== name) {
        continue
      }
      const selector = comdatSelector(op)
      if (selector !== null && !kinds.has(selectorName(selector))) {
        const kind = selector.getAttr('comdat')
        kinds.set(selectorName(selector), ComdatNames[kind instanceof IntegerAttr ? Number(kind.value) : 0] ?? 'any')
      }
    }
  }
  if (kinds.size === 0) {
    return ''
  }
  return '\n' + [...kinds].map(([name, kind]) => `$${quoteIdentifier(name)} = comdat ${kind}\n`).join('\n')
}

// ---- global_ctors / global_dtors ------------------------------------------------------------

/**
 * The `@llvm.global_ctors` / `@llvm.global_dtors` globals of the module's xtor ops, after the
 * other globals. Each entry is added as LLVM's `appendToGlobalCtors` does: the array named
 * `llvm.global_<kind>` is replaced by a longer one at the end of the globals. An op with no
 * entries creates an empty array under that name, or `llvm.global_<kind>.N` when it is taken
 * (N counting the module's renames; no dot for NVPTX triples). The `data` operands are not carried (null), as
 * upstream's translation passes none.
 */
export function xtorGlobalLines(ops: readonly Operation[], targetTriple: string): string[] {
  // LLVM's renaming separates the number with a dot except for NVPTX targets.
  const sep = /^nvptx/.test(targetTriple) ? '' : '.'
  const globals: { name: string; entries: string[] }[] = []
  let renames = 0
  for (const op of ops) {
    const n = op.name.name
    if (n !== 'llvm.mlir.global_ctors' && n !== 'llvm.mlir.global_dtors') {
      continue
    }
    const kind = n === 'llvm.mlir.global_ctors' ? 'ctors' : 'dtors'
    const base = `llvm.global_${kind}`
    const fns = op.getAttr(kind)
    const priorities = op.getAttr('priorities')
    if (!(fns instanceof ArrayAttr) || !(priorities instanceof ArrayAttr)) {
      continue
    }
    if (fns.elements.length === 0) {
      let name = base
      while (globals.some((g) => g.name === name)) {
        name = `${base}${sep}${++renames}`
      }
      globals.push({ name, entries: [] })
      continue
    }
    fns.elements.forEach((f, i) => {
      const prio = priorities.elements[i]
      const p = prio instanceof IntegerAttr ? BigInt.asIntN(32, prio.value) : 0n
      const at = globals.findIndex((g) => g.name === base)
      const entries = at < 0 ? [] : globals.splice(at, 1)[0]!.entries
      entries.push(`{ i32, ptr, ptr } { i32 ${p}, ptr @${quoteIdentifier((f as SymbolRefAttr).rootReference)}, ptr null }`)
      globals.push({ name: base, entries })
    })
  }
  return globals.map(
    (g) => `@${g.name} = appending global [${g.entries.length} x { i32, ptr, ptr }] ${g.entries.length === 0 ? 'zeroinitializer' : `[${g.entries.join(', ')}]`}`,
  )
}

// ---- module flags ---------------------------------------------------------------------------

/** A metadata tuple: strings and constants inline, nested tuples by reference. */
class MDTuple {
  constructor(
    readonly elements: readonly (string | MDTuple)[],
    readonly distinct: boolean,
  ) {}
  key(): string {
    return this.distinct ? '' : this.elements.map((e) => (typeof e === 'string' ? e : `<${e.key()}>`)).join('\u0000')
  }
}

const mdString = (s: string): string => `!${JSON.stringify(s)}`

function profileSummary(attr: LLVMProfileSummaryAttr): MDTuple {
  const field = (name: string, value: bigint): MDTuple => new MDTuple([mdString(name), `i64 ${value}`], false)
  const rows: MDTuple[] = [
    new MDTuple([mdString('ProfileFormat'), mdString(attr.format)], false),
    field('TotalCount', attr.counts.total_count),
    field('MaxCount', attr.counts.max_count),
    field('MaxInternalCount', attr.counts.max_internal_count),
    field('MaxFunctionCount', attr.counts.max_function_count),
    field('NumCounts', attr.counts.num_counts),
    field('NumFunctions', attr.counts.num_functions),
  ]
  if (attr.isPartialProfile !== null) {
    rows.push(field('IsPartialProfile', attr.isPartialProfile))
  }
  const ratio = attr.partialProfileRatio
  if (ratio !== null) {
    const f64 = FloatType.get(ratio.context, 'f64')
    rows.push(new MDTuple([mdString('PartialProfileRatio'), `double ${printFloat(f64, doubleBits(ratio.value))}`], false))
  }
  const detailed = attr.detailed.map((d) => new MDTuple([`i64 ${d.cutOff}`, `i64 ${d.minCount}`, `i64 ${d.numCounts}`], false))
  rows.push(new MDTuple([mdString('DetailedSummary'), new MDTuple(detailed, false)], false))
  return new MDTuple(rows, false)
}

function flagValue(op: Operation, value: Attribute): string | MDTuple {
  if (value instanceof IntegerAttr) {
    // Upstream writes every integer flag as an i32.
    return `i32 ${BigInt.asIntN(32, value.value)}`
  }
  if (value instanceof StringAttr) {
    return mdString(value.value)
  }
  if (value instanceof ArrayAttr && value.elements.every((e) => e instanceof LLVMCGProfileEntryAttr)) {
    // A symbol that names no llvm.func is written as null, as upstream's `lookupFunction` finds none.
    const fn = (ref: SymbolRefAttr | null): string => {
      const target = ref === null ? undefined : SymbolTable.lookupNearestSymbolFrom(op, ref)
      return target === undefined || target.name.name !== 'llvm.func' ? 'null' : `ptr @${quoteIdentifier(ref!.rootReference)}`
    }
    return new MDTuple(
      value.elements.map((e) => new MDTuple([fn(e.from), fn(e.to), `i64 ${e.count}`], false)),
      true,
    )
  }
  if (value instanceof LLVMProfileSummaryAttr) {
    return profileSummary(value)
  }
  throw new ModuleLevelError(op, 'unsupported module flag value')
}

/**
 * The `!llvm.module.flags` section: the flags of every `llvm.module_flags` op, then the
 * "Debug Info Version" flag the translation always adds, with nested tuples numbered in
 * LLVM's order (each node before its operands, depth first; equal tuples shared).
 */
export function moduleFlagsSection(ops: readonly Operation[]): string {
  const flags: MDTuple[] = []
  for (const op of ops) {
    if (op.name.name !== 'llvm.module_flags') {
      continue
    }
    const list = op.getAttr('flags')
    for (const f of list instanceof ArrayAttr ? list.elements : []) {
      if (f instanceof LLVMModuleFlagAttr) {
        const behavior = ModFlagBehaviorNames.indexOf(f.behavior) + 1
        flags.push(new MDTuple([`i32 ${behavior}`, mdString(f.key.value), flagValue(op, f.value)], false))
      }
    }
  }
  flags.push(new MDTuple(['i32 2', mdString('Debug Info Version'), 'i32 3'], false))
  const slots = new Map<MDTuple, number>()
  const byKey = new Map<string, MDTuple>()
  const order: MDTuple[] = []
  const canonical = (t: MDTuple): MDTuple => {
    if (t.distinct) {
      return t
    }
    const k = t.key()
    const seen = byKey.get(k)
    if (seen !== undefined) {
      return seen
    }
    byKey.set(k, t)
    return t
  }
  const visit = (t0: MDTuple): void => {
    const t = canonical(t0)
    if (slots.has(t)) {
      return
    }
    slots.set(t, order.length)
    order.push(t)
    for (const e of t.elements) {
      if (e instanceof MDTuple) {
        visit(e)
      }
    }
  }
  flags.forEach(visit)
  const ref = (t: MDTuple): string => `!${slots.get(canonical(t))}`
  let out = `\n!llvm.module.flags = !{${flags.map(ref).join(', ')}}\n\n`
  for (const t of order) {
    out += `${ref(t)} = ${t.distinct ? 'distinct ' : ''}!{${t.elements.map((e) => (typeof e === 'string' ? e : ref(e))).join(', ')}}\n`
  }
  return out
}

