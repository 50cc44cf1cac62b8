/**
 * A small command-line parser and help printer that accept and print what LLVM's
 * `llvm::cl` does (`-name` or `--name`, `--name=value` or `--name value`, `--` ending
 * the options), so `tilepass-opt` reads `mlir-opt` command lines unchanged.
 */

/** One option a tool accepts: its name, kind, value name, description and help category. */
export interface OptionSpec {
  /** The name without dashes, as in `--name`. */
  readonly name: string
  /** Shown as `--name=<valueName>`; present exactly when the option takes a value. */
  readonly valueName?: string
  /** One line for `--help`. */
  readonly description: string
  /** The `--help` section the option is listed under, e.g. `General options`. */
  readonly category: string
  /**
   * How the value is read and checked, as the `llvm::cl::opt` type: `bool` flags also
   * accept `=true`/`=false`/`=1`/`=0`; `uint`/`int` values must be numbers; `enum`
   * values must be one of `values`. Without it a flag takes no value and a valued
   * option takes any string.
   */
  readonly kind?: 'bool' | 'uint' | 'int' | 'enum'
  /** `llvm::cl::ValueOptional`: the value, if any, must follow `=` (`--split-input-file[=marker]`). */
  readonly valueOptional?: boolean
  /** For `kind: 'enum'`: the accepted values (`''` accepts the bare option). */
  readonly values?: readonly string[]
  /**
   * `llvm::cl::list` with comma separation: repeated occurrences add up, their values
   * joined with commas (`--x=a --x=b` reads as `a,b`).
   */
  readonly commaList?: boolean
  /** For `kind: 'enum'`: each value with its help line, listed under the option by `--help`. */
  readonly valueHelp?: readonly (readonly [string, string])[]
  /** `llvm::cl::Hidden`: listed by `--help-hidden` only. */
  readonly hidden?: boolean
}

/**
 * @internal The option that lists the registered passes in `--help` (mlir-opt's unnamed
 * `PassNameParser` list, "Compiler passes to run"), printed in the `General options`
 * category at the place `sortKey` sorts to.
 */
export interface PassListHelp {
  readonly description: string
  readonly sortKey: string
  /** The width the list needs, in `llvm::cl` units (the widest option label plus four). */
  width(): number
  /** The lines under the description, descriptions aligned for `descIndent`. */
  print(descIndent: number): string
}

/** @internal Everything `--help` prints and the parser needs. */
export interface ToolSpec {
  readonly name: string
  /** The text after `OVERVIEW:`; may span several lines. */
  readonly overview: string
  /** The text after `USAGE: <name> `. */
  readonly usage: string
  readonly options: readonly OptionSpec[]
  readonly maxPositionals: number
  /**
   * Options known only at run time (pass flags, `-p`): `'flag'` for one whose value, if
   * any, follows `=`; `'value'` for one that needs a value (after `=` or as the next
   * argument); undefined for an unknown option. Matching arguments (with a separate
   * value) are kept verbatim and in order in `extra`.
   */
  readonly extraOption?: (name: string) => 'flag' | 'value' | undefined
  /** Options read through `extraOption` that `--help` lists (`--pass-pipeline`, `-p`). */
  readonly extraOptionHelp?: readonly OptionSpec[]
  /** The names `extraOption` accepts, offered as "Did you mean" suggestions (pass arguments). */
  readonly extraOptionNames?: () => readonly string[]
  /** The pass list `--help` prints, when the tool has one. */
  readonly passListHelp?: PassListHelp
}

/** @internal The options seen, by name (`true` for flags), and the positional arguments. */
export interface ParsedCommandLine {
  readonly options: ReadonlyMap<string, string | true>
  readonly positionals: readonly string[]
  /** The arguments accepted by `ToolSpec.extraOption`, verbatim and in order. */
  readonly extra?: readonly string[]
}

/** @internal Either the parsed command line or the message to print and fail with. */
export type ParseResult =
  | { readonly ok: true; readonly value: ParsedCommandLine }
  | { readonly ok: false; readonly message: string }

/** @internal The options every tool has, in LLVM's `Generic Options` category. */
export const GENERIC_OPTIONS: readonly OptionSpec[] = [
  { name: 'help', description: 'Display available options', category: 'Generic Options' },
  { name: 'help-hidden', description: 'Display all available options', category: 'Generic Options', hidden: true },
  { name: 'version', description: 'Display the version of this program', category: 'Generic Options' },
]

/** @internal Parses `argv` (without the node and script paths) against `spec`. */
export function parseCommandLine(spec: ToolSpec, argv: readonly string[]): ParseResult {
  const options = new Map<string, string | true>()
  const positionals: string[] = []
  const extra: string[] = []
  const fail = (message: string): ParseResult => ({ ok: false, message: `${spec.name}: ${message}` })
  let onlyPositionals = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (onlyPositionals || arg === '-' || !arg.startsWith('-')) {
      positionals.push(arg)
      continue
    }
    if (arg === '--') {
      onlyPositionals = true
      continue
    }
    const body = arg.slice(arg.startsWith('--') ? 2 : 1)
    const eq = body.indexOf('=')
    const name = eq === -1 ? body : body.slice(0, eq)
    const option = spec.options.find((o) => o.name === name)
    if (option === undefined) {
      const extraKind = spec.extraOption?.(name)
      if (extraKind !== undefined) {
        extra.push(arg)
        if (extraKind === 'value' && eq === -1) {
          if (i + 1 >= argv.length) {
            return fail(`for the ${name.length === 1 ? '-' : '--'}${name} option: requires a value!`)
          }
          extra.push(argv[++i] as string)
        }
        continue
      }
      let message = `Unknown command line argument '${arg}'.  Try: '${spec.name} --help'`
      const nearest = nearestOption(spec, name)
      if (nearest !== null) {
        message += `\n${spec.name}: Did you mean '${nearest.name.length === 1 ? '-' : '--'}${nearest.name}'?`
      }
      return fail(message)
    }
    const dashes = name.length === 1 ? '-' : '--'
    let value: string | true
    if (option.valueName === undefined) {
      if (eq !== -1 && option.kind !== 'bool') {
        return fail(`for the ${dashes}${name} option: does not allow a value! '${body.slice(eq + 1)}' specified.`)
      }
      value = eq === -1 ? true : body.slice(eq + 1)
    } else if (eq !== -1) {
      value = body.slice(eq + 1)
    } else if (option.valueOptional === true) {
      value = true
    } else if (i + 1 < argv.length) {
      value = argv[++i] as string
    } else {
      return fail(`for the ${dashes}${name} option: requires a value!`)
    }
    const error = checkValue(option, value)
    if (error !== null) {
      return fail(`for the ${dashes}${name} option: ${error}`)
    }
    if (option.kind === 'bool' && typeof value === 'string') {
      // Explicitly false flags are kept as 'false' so that defaults of true can be told apart.
      value = value === 'false' || value === 'FALSE' || value === 'False' || value === '0' ? 'false' : true
    }
    const previous = options.get(name)
    if (option.commaList === true && typeof previous === 'string' && typeof value === 'string') {
      value = `${previous},${value}`
    }
    options.set(name, value)
  }
  if (positionals.length > spec.maxPositionals) {
    return fail(
      `Too many positional arguments specified!\n` +
        `Can specify at most ${spec.maxPositionals} positional arguments: See: ${spec.name} --help`,
    )
  }
  return { ok: true, value: { options, positionals, extra } }
}

// The messages of llvm::cl's value parsers.
function checkValue(option: OptionSpec, value: string | true): string | null {
  const text = value === true ? '' : value
  switch (option.kind) {
    case 'bool':
      if (value === true || ['true', 'TRUE', 'True', '1', 'false', 'FALSE', 'False', '0'].includes(text)) {
        return null
      }
      return `'${text}' is invalid value for boolean argument! Try 0 or 1`
    case 'uint':
      return /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(text) ? null : `'${text}' value invalid for uint argument!`
    case 'int':
      return /^-?(0x[0-9a-fA-F]+|[0-9]+)$/.test(text) ? null : `'${text}' value invalid for integer argument!`
    case 'enum':
      return (option.values ?? []).includes(text) ? null : `Cannot find option named '${text}'!`
    default:
      return null
  }
}

// LLVM's `LookupNearestOption`: the option with the smallest edit distance, among the
// tool's own options and those read through `extraOption` (each pass is an option name).
function nearestOption(spec: ToolSpec, name: string): { readonly name: string } | null {
  let best: { readonly name: string } | null = null
  let bestDistance = 0
  const consider = (option: { readonly name: string }): void => {
    const d = editDistance(option.name, name)
    if (best === null || d < bestDistance) {
      best = option
      bestDistance = d
    }
  }
  for (const option of spec.options) {
    consider(option)
  }
  for (const option of spec.extraOptionHelp ?? []) {
    consider(option)
  }
  for (const extra of spec.extraOptionNames?.() ?? []) {
    consider({ name: extra })
  }
  return best
}

function editDistance(a: string, b: string): number {
  let prev = new Array<number>(b.length + 1)
  for (let j = 0; j <= b.length; j++) {
    prev[j] = j
  }
  for (let i = 1; i <= a.length; i++) {
    const cur = new Array<number>(b.length + 1)
    cur[0] = i
    for (let j = 1; j <= b.length; j++) {
      const sub = (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1)
      cur[j] = Math.min(sub, (prev[j] as number) + 1, (cur[j - 1] as number) + 1)
    }
    prev = cur
  }
  return prev[b.length] as number
}

function optionLabel(option: OptionSpec): string {
  if (option.name.length === 1) {
    return option.valueName === undefined ? `-${option.name}` : `-${option.name} <${option.valueName}>`
  }
  if (option.valueName === undefined) {
    return `--${option.name}`
  }
  return option.valueOptional === true ? `--${option.name}[=<${option.valueName}>]` : `--${option.name}=<${option.valueName}>`
}

/**
 * @internal The `--help` text (`--help-hidden` with `showHidden`), laid out as
 * `llvm::cl::PrintHelpMessage` lays it out, with the tool's pass list when it has one.
 */
export function formatHelp(spec: ToolSpec, showHidden = false): string {
  const all = [...spec.options, ...(spec.extraOptionHelp ?? [])].filter((o) => showHidden || o.hidden !== true)
  const passList = spec.passListHelp
  let width = Math.max(...all.map((o) => optionLabel(o).length))
  if (passList !== undefined) {
    width = Math.max(width, passList.width() - 4)
  }
  const categories = [...new Set(all.map((o) => o.category))].sort()
  let text = `OVERVIEW: ${spec.overview}\n\nUSAGE: ${spec.name} ${spec.usage}\n\nOPTIONS:\n`
  for (const category of categories) {
    text += `\n${category}:\n\n`
    const options = all.filter((o) => o.category === category)
    options.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    let listed = passList === undefined || category !== 'General options'
    for (const option of options) {
      if (!listed && option.name > passList!.sortKey) {
        text += `  ${passList!.description}\n${passList!.print(width + 5)}`
        listed = true
      }
      text += `  ${optionLabel(option).padEnd(width)} - ${option.description}\n`
      for (const [value, help] of option.valueHelp ?? []) {
        text += `    ${`=${value}`.padEnd(width - 2)} -   ${help}\n`
      }
    }
    if (!listed) {
      text += `  ${passList!.description}\n${passList!.print(width + 5)}`
    }
  }
  return text
}
