/**
 * A small command-line parser and help printer that accept and print what LLVM's
 * `llvm::cl` does (`-name` or `--name`, `--name=value` or `--name value`, `--` ending
 * the options), so `tilepass-opt` reads `mlir-opt` command lines unchanged.
 */

/** @internal One option a tool accepts. */
export interface OptionSpec {
  /** The name without dashes, as in `--name`. */
  readonly name: string
  /** Shown as `--name=<valueName>`; present exactly when the option takes a value. */
  readonly valueName?: string
  /** One line for `--help`. */
  readonly description: string
  /** The `--help` section the option is listed under, e.g. `General options`. */
  readonly category: string
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
}

/** @internal The options seen, by name (`true` for flags), and the positional arguments. */
export interface ParsedCommandLine {
  readonly options: ReadonlyMap<string, string | true>
  readonly positionals: readonly string[]
}

/** @internal Either the parsed command line or the message to print and fail with. */
export type ParseResult =
  | { readonly ok: true; readonly value: ParsedCommandLine }
  | { readonly ok: false; readonly message: string }

/** @internal The options every tool has, in LLVM's `Generic Options` category. */
export const GENERIC_OPTIONS: readonly OptionSpec[] = [
  { name: 'help', description: 'Display available options', category: 'Generic Options' },
  { name: 'version', description: 'Display the version of this program', category: 'Generic Options' },
]

/** @internal Parses `argv` (without the node and script paths) against `spec`. */
export function parseCommandLine(spec: ToolSpec, argv: readonly string[]): ParseResult {
  const options = new Map<string, string | true>()
  const positionals: string[] = []
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
      return fail(`Unknown command line argument '${arg}'.  Try: '${spec.name} --help'`)
    }
    const dashes = name.length === 1 ? '-' : '--'
    if (option.valueName === undefined) {
      if (eq !== -1) {
        return fail(`for the ${dashes}${name} option: does not allow a value! '${body.slice(eq + 1)}' specified.`)
      }
      options.set(name, true)
    } else if (eq !== -1) {
      options.set(name, body.slice(eq + 1))
    } else if (i + 1 < argv.length) {
      options.set(name, argv[++i] as string)
    } else {
      return fail(`for the ${dashes}${name} option: requires a value!`)
    }
  }
  if (positionals.length > spec.maxPositionals) {
    return fail(
      `Too many positional arguments specified!\n` +
        `Can specify at most ${spec.maxPositionals} positional arguments: See: ${spec.name} --help`,
    )
  }
  return { ok: true, value: { options, positionals } }
}

function optionLabel(option: OptionSpec): string {
  if (option.name.length === 1) {
    return option.valueName === undefined ? `-${option.name}` : `-${option.name} <${option.valueName}>`
  }
  return option.valueName === undefined ? `--${option.name}` : `--${option.name}=<${option.valueName}>`
}

/** @internal The `--help` text, laid out as `llvm::cl::PrintHelpMessage` lays it out. */
export function formatHelp(spec: ToolSpec): string {
  const width = Math.max(...spec.options.map((o) => optionLabel(o).length))
  const categories = [...new Set(spec.options.map((o) => o.category))].sort()
  let text = `OVERVIEW: ${spec.overview}\n\nUSAGE: ${spec.name} ${spec.usage}\n\nOPTIONS:\n`
  for (const category of categories) {
    text += `\n${category}:\n\n`
    const options = spec.options.filter((o) => o.category === category)
    options.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const option of options) {
      text += `  ${optionLabel(option).padEnd(width)} - ${option.description}\n`
    }
  }
  return text
}
