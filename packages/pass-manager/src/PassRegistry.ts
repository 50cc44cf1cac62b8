import { failure, success, type Context, type LogicalResult } from '@tilepass/ir'
import type { Pass, PassClass } from './Pass.ts'
import { OpPassManager, PassManager } from './PassManager.ts'
import {
  PipelineErrors,
  compareArgs,
  defaultOptionValues,
  parseOptionsInto,
  trimMLIR,
  type OptionDecls,
  type OptionSpec,
  type OptionValues,
} from './PassOptions.ts'
import { formatPipelineError, parsePipelineText, type PipelineElement } from './internal/TextualPipeline.ts'

/** Receives one error message while a pipeline is built; always returns failure. */
export type PipelineErrorHandler = (message: string) => LogicalResult

/** A registered pass or pass pipeline, as the textual pipeline parser and the CLI see it. */
export interface PassRegistryEntry {
  /** `pass` or `pipeline`. */
  readonly kind: 'pass' | 'pipeline'
  /** The command-line/pipeline name. */
  readonly argument: string
  /** One-line description for help. */
  readonly description: string
  /** The option declarations. */
  readonly options: OptionDecls
  /** Adds the pass or pipeline, configured by `options` text, to `pm`. */
  addToPipeline(pm: OpPassManager, options: string, errorHandler: PipelineErrorHandler, errors: PipelineErrors): LogicalResult
}

/** A pass pipeline registration: a named builder with its own options (MLIR's `PassPipelineRegistration`). */
export interface PassPipelineDefinition<D extends OptionDecls = OptionDecls> {
  readonly argument: string
  readonly description: string
  readonly options?: D
  /** Adds the pipeline's passes to `pm`; may fail through `errorHandler`. */
  build(pm: OpPassManager, options: OptionValues<D>, errorHandler: PipelineErrorHandler): LogicalResult | void
}

/** Makes a pass class when its pass is first needed (see `PassRegistry.registerPassLoader`). */
export type PassLoader = () => PassClass

class PassEntry implements PassRegistryEntry {
  readonly kind = 'pass' as const
  private cls: PassClass | null
  constructor(
    readonly argument: string,
    cls: PassClass | null,
    readonly loader: PassLoader | null,
  ) {
    this.cls = cls
  }
  /** The pass class, made by the loader on first use. */
  get passClass(): PassClass {
    if (this.cls === null) {
      const cls = this.loader!()
      if (cls.argument !== this.argument) {
        throw new Error(`the loader of pass '${this.argument}' made pass '${cls.argument}'`)
      }
      this.cls = cls
    }
    return this.cls
  }
  get description(): string {
    return this.passClass.summary
  }
  get options(): OptionDecls {
    return this.passClass.options
  }
  addToPipeline(pm: OpPassManager, options: string, errorHandler: PipelineErrorHandler, errors: PipelineErrors): LogicalResult {
    const pass: Pass<object> = new this.passClass()
    const optionError = pass.initializeOptions(options, errors)
    let result = success()
    if (optionError !== null) {
      result = errorHandler(optionError)
    }
    const pmOp = pm.opName
    const passOp = pass.opName
    if (pm.nesting === 'explicit' && pmOp !== null && passOp !== null && pmOp !== passOp) {
      return errorHandler(
        `Can't add pass '${pass.name}' restricted to '${passOp}' on a PassManager intended to run on '${pm.opAnchorName}', did you intend to nest?`,
      )
    }
    pm.addPass(pass)
    return result
  }
}

class PipelineEntry implements PassRegistryEntry {
  readonly kind = 'pipeline' as const
  readonly options: OptionDecls
  constructor(readonly def: PassPipelineDefinition) {
    this.options = def.options ?? {}
  }
  get argument(): string {
    return this.def.argument
  }
  get description(): string {
    return this.def.description
  }
  addToPipeline(pm: OpPassManager, options: string, errorHandler: PipelineErrorHandler, errors: PipelineErrors): LogicalResult {
    if (this.def.options === undefined && options !== '') {
      // A pipeline registered without options rejects any, silently (MLIR's EmptyPipelineOptions).
      return failure()
    }
    const values = defaultOptionValues(this.options)
    const message = parseOptionsInto(this.options, values, options, errors)
    if (message !== null) {
      // Pipeline registrations parse their options with llvm::cl's default stream.
      errors.writeStderr(message)
      return failure()
    }
    const r = this.def.build(pm, values, errorHandler)
    return r === undefined ? success() : r
  }
}

/**
 * The registered passes and pass pipelines, by argument. Registration is explicit
 * (libraries export `registerXPasses(registry)`); nothing registers at import time.
 */
export class PassRegistry {
  private readonly passMap: Map<string, PassEntry> = new Map()
  private readonly pipelineMap: Map<string, PipelineEntry> = new Map()
  /** Registrations deferred by `registerLazily`, not yet run. */
  private pending: ((registry: PassRegistry) => void)[] = []

  /**
   * Registers a pass class under its static `argument`. Throws when the argument is
   * missing or already held by a different class.
   */
  register(cls: PassClass): void {
    const arg = cls.argument
    if (typeof arg !== 'string' || arg === '') {
      throw new Error(`Trying to register '${cls.passName ?? cls.name}' pass that does not define a static \`argument\``)
    }
    const prev = this.passMap.get(arg)
    if (prev !== undefined) {
      if (prev.passClass === cls) {
        return
      }
      throw new Error(`pass argument '${arg}' is already registered by '${prev.passClass.passName ?? prev.passClass.name}'`)
    }
    this.passMap.set(arg, new PassEntry(arg, cls, null))
  }

  /**
   * Registers the pass `argument` by a loader that makes its class when the pass is first
   * needed (to describe, configure or create it): a tool registers every pass it knows but
   * evaluates only those a run uses. The class must have this `argument`. Throws when the
   * argument is empty or already registered (by another loader).
   */
  registerPassLoader(argument: string, load: PassLoader): void {
    if (argument === '') {
      throw new Error('Trying to register a pass loader without an argument')
    }
    const prev = this.passMap.get(argument)
    if (prev !== undefined && prev.loader === load) {
      return
    }
    if (prev !== undefined) {
      throw new Error(`pass argument '${argument}' is already registered`)
    }
    this.passMap.set(argument, new PassEntry(argument, null, load))
  }

  /** Registers a pass pipeline; throws when the argument is missing or taken. */
  registerPipeline<D extends OptionDecls>(def: PassPipelineDefinition<D>): void {
    if (def.argument === '') {
      throw new Error('Trying to register a pass pipeline without an argument')
    }
    if (this.pipelineMap.has(def.argument)) {
      throw new Error(`Pass pipeline ${def.argument} registered multiple times`)
    }
    this.pipelineMap.set(def.argument, new PipelineEntry(def))
  }

  /**
   * Defers `register`, a registration of passes and pipelines whose arguments are not known
   * up front, until they are needed: until a lookup misses or the passes or pipelines are
   * listed. A tool that evaluates code only when a run needs it registers this way the
   * passes it has no loaders for (see `registerPassLoader`).
   */
  registerLazily(register: (registry: PassRegistry) => void): void {
    this.pending.push(register)
  }

  /** Runs the deferred registrations; true when there were any. */
  private runPending(): boolean {
    if (this.pending.length === 0) {
      return false
    }
    const pending = this.pending
    this.pending = []
    for (const register of pending) {
      register(this)
    }
    return true
  }

  /** The pass class registered as `argument`. */
  lookupPass(argument: string): PassClass | undefined {
    const entry = this.passMap.get(argument)
    if (entry === undefined && this.runPending()) {
      return this.lookupPass(argument)
    }
    return entry?.passClass
  }
  /** The entry (pipeline first, then pass) registered as `argument`, as the pipeline parser resolves names. */
  lookup(argument: string): PassRegistryEntry | undefined {
    const entry = this.pipelineMap.get(argument) ?? this.passMap.get(argument)
    if (entry === undefined && this.runPending()) {
      return this.lookup(argument)
    }
    return entry
  }
  /** A new instance of the pass registered as `argument` (its class is loaded when it was registered by loader). */
  createPass(argument: string): Pass<object> | undefined {
    const cls = this.lookupPass(argument)
    return cls === undefined ? undefined : new cls()
  }
  /** The pass entries, sorted by argument. */
  get passes(): PassRegistryEntry[] {
    this.runPending()
    return [...this.passMap.values()].sort((a, b) => compareArgs(a.argument, b.argument))
  }
  /** The registered pass classes, sorted by argument. */
  get passClasses(): PassClass[] {
    this.runPending()
    return [...this.passMap.values()].sort((a, b) => compareArgs(a.argument, b.argument)).map((e) => e.passClass)
  }
  /** The pipeline entries, sorted by argument. */
  get pipelines(): PassRegistryEntry[] {
    this.runPending()
    return [...this.pipelineMap.values()].sort((a, b) => compareArgs(a.argument, b.argument))
  }

  /** The text of `--list-passes`: `Passes:` and each pass with its options, aligned as mlir-opt. */
  printRegisteredPasses(): string {
    const entries = this.passes
    let maxWidth = 0
    for (const e of entries) {
      maxWidth = Math.max(maxWidth, entryOptionWidth(e) + 4)
    }
    let s = 'Passes:\n'
    for (const e of entries) {
      s += printEntryHelp(e, 2, maxWidth)
    }
    return s
  }
}

// ---- Help text, laid out as llvm::cl --------------------------------------------

/**
 * The width the pass list needs in `--help` (MLIR's `PassNameParser::getOptionWidth`
 * without the parser's own part): the widest entry's option width plus four. A tool
 * takes the maximum of this and its other options' widths as its global width.
 */
export function passRegistryHelpWidth(registry: PassRegistry): number {
  let max = 0
  for (const e of registry.passes) {
    max = Math.max(max, entryOptionWidth(e) + 4)
  }
  for (const e of registry.pipelines) {
    max = Math.max(max, entryOptionWidth(e) + 4)
  }
  return max
}

/**
 * The `--help` lines that list passes and pipelines under the pass-pipeline option, as
 * mlir-opt prints them after `  Compiler passes to run`: `    Passes:` and
 * `    Pass Pipelines:` headers, entries at indent 6, descriptions at `globalWidth`.
 */
export function printPassRegistryHelp(registry: PassRegistry, globalWidth: number): string {
  let s = '    Passes:\n'
  for (const e of registry.passes) {
    s += printEntryHelp(e, 6, globalWidth)
  }
  const pipelines = registry.pipelines
  if (pipelines.length > 0) {
    s += '    Pass Pipelines:\n'
    for (const e of pipelines) {
      s += printEntryHelp(e, 6, globalWidth)
    }
  }
  return s
}

function optionInfoWidth(spec: OptionSpec<unknown>): number {
  const arg = spec.argument
  let len = arg.length + (arg.length === 1 ? 6 : 7)
  const valueName = spec.valueName
  if (valueName !== '') {
    len += valueName.length + 3
  }
  for (const v of spec.enumHelp()) {
    len = Math.max(len, v.name.length + 8)
  }
  return len
}

/** The widest option line of an entry plus two (MLIR's `PassRegistryEntry::getOptionWidth`). */
export function entryOptionWidth(entry: PassRegistryEntry): number {
  let max = 0
  for (const key of Object.keys(entry.options)) {
    max = Math.max(max, optionInfoWidth(entry.options[key]!))
  }
  return max + 2
}

/**
 * The help lines of one entry: `--arg  -   description` at `indent`, then its options
 * sorted by name, descriptions aligned at column `descIndent`.
 */
export function printEntryHelp(entry: PassRegistryEntry, indent: number, descIndent: number): string {
  const pad = Math.max(0, descIndent - indent - 4 - entry.argument.length)
  let s = `${' '.repeat(indent)}--${entry.argument}${' '.repeat(pad)}-   ${entry.description}\n`
  const keys = Object.keys(entry.options).sort((a, b) => compareArgs(entry.options[a]!.argument, entry.options[b]!.argument))
  const globalWidth = descIndent - indent
  for (const key of keys) {
    const spec = entry.options[key]!
    const arg = spec.argument
    let line = `${' '.repeat(indent)}  ${arg.length === 1 ? '-' : '--'}${arg}`
    const valueName = spec.valueName
    let width = arg.length + (arg.length === 1 ? 6 : 7)
    if (valueName !== '') {
      line += arg.length === 1 ? ` <${valueName}>` : `=<${valueName}>`
      width += valueName.length + 3
    }
    s += `${line}${' '.repeat(Math.max(0, globalWidth - width))} - ${spec.description}\n`
    for (const v of spec.enumHelp()) {
      s += `    =${v.name}${' '.repeat(Math.max(0, globalWidth - v.name.length - 8))} -   ${v.description}\n`
    }
  }
  return s
}

// ---- Textual pipelines ------------------------------------------------------------

/**
 * Parses `text` (the inside of `anchor(...)`, e.g. `cse,func.func(canonicalize)`) and
 * appends it to `pm`, without implicit nesting. On failure returns the text of the
 * error (SourceMgr-style positions into `text`, or the "failed to add" chain), which
 * callers emit as a diagnostic.
 */
export function parsePassPipelineInto(text: string, pm: OpPassManager, registry: PassRegistry, errors: PipelineErrors = new PipelineErrors()): string | null {
  if (text.length === 0) {
    return null
  }
  const parsed = parsePipelineText(text)
  if (!Array.isArray(parsed)) {
    return formatPipelineError(text, parsed.offset, parsed.message)
  }
  const unresolved = resolveElements(parsed, registry)
  if (unresolved !== null) {
    return formatPipelineError(text, unresolved.nameOffset, `'${unresolved.name}' does not refer to a registered pass or pass pipeline`)
  }
  let stream = ''
  const errorHandler: PipelineErrorHandler = (message) => {
    stream += `${message}\n`
    return failure()
  }
  const nesting = pm.nesting
  pm.nesting = 'explicit'
  try {
    if (!addElements(parsed, pm, registry, errorHandler, errors)) {
      return stream
    }
  } finally {
    pm.nesting = nesting
  }
  return null
}

/**
 * Parses a full pipeline, `anchor(passes...)`, into a new pass manager. Returns the
 * manager, or the error text (see `parsePassPipelineInto`).
 */
export function parsePassPipeline(
  pipeline: string,
  registry: PassRegistry,
  errors: PipelineErrors = new PipelineErrors(),
): { pm: OpPassManager; error: null } | { pm: null; error: string } {
  const split = splitAnchor(pipeline)
  if (typeof split === 'string') {
    return { pm: null, error: split }
  }
  const pm = new OpPassManager(split.anchor)
  const error = parsePassPipelineInto(split.body, pm, registry, errors)
  return error === null ? { pm, error: null } : { pm: null, error }
}

/**
 * Appends a full pipeline, `anchor(passes...)` as `--pass-pipeline` takes it, to `pm`.
 * The anchor must be `pm`'s own (any anchor fits an op-agnostic manager): a pipeline for
 * another op is rejected with an error instead of being nested where it would run on
 * nothing. Returns null on success, else the error text.
 */
export function addPassPipeline(pm: OpPassManager, pipeline: string, registry: PassRegistry, errors: PipelineErrors = new PipelineErrors()): string | null {
  const split = splitAnchor(pipeline)
  if (typeof split === 'string') {
    return split
  }
  if (pm.opName !== null && split.anchor !== pm.opName) {
    return `can't add a pipeline that runs on '${split.anchor}' to a pass manager that runs on '${pm.opName}'`
  }
  return parsePassPipelineInto(split.body, pm, registry, errors)
}

/**
 * Builds a ready-to-run `PassManager` in `context` from a full textual pipeline, e.g.
 * `builtin.module(canonicalize,func.func(cse))`: the anchor names the op it runs on.
 * Returns the manager, or the error text (unknown pass, bad options, bad nesting).
 */
export function parsePassManager(
  context: Context,
  pipeline: string,
  registry: PassRegistry,
  errors: PipelineErrors = new PipelineErrors(),
): { pm: PassManager; error: null } | { pm: null; error: string } {
  const split = splitAnchor(pipeline)
  if (typeof split === 'string') {
    return { pm: null, error: split }
  }
  const pm = new PassManager(context, split.anchor)
  const error = parsePassPipelineInto(split.body, pm, registry, errors)
  return error === null ? { pm, error: null } : { pm: null, error }
}

function splitAnchor(pipeline: string): { anchor: string; body: string } | string {
  const text = trimMLIR(pipeline)
  const start = text.indexOf('(')
  if (start <= 0 || !text.endsWith(')')) {
    return "expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'"
  }
  return { anchor: trimMLIR(text.slice(0, start)), body: text.slice(start + 1, -1) }
}

function resolveElements(elements: readonly PipelineElement[], registry: PassRegistry): PipelineElement | null {
  for (const e of elements) {
    if (e.inner.length > 0) {
      const bad = resolveElements(e.inner, registry)
      if (bad !== null) {
        return bad
      }
    } else if (registry.lookup(e.name) === undefined) {
      return e
    }
  }
  return null
}

function addElements(
  elements: readonly PipelineElement[],
  pm: OpPassManager,
  registry: PassRegistry,
  errorHandler: PipelineErrorHandler,
  errors: PipelineErrors,
): boolean {
  for (const e of elements) {
    if (e.inner.length === 0) {
      const entry = registry.lookup(e.name)!
      if (!entry.addToPipeline(pm, e.options, errorHandler, errors)) {
        errorHandler(`failed to add \`${e.name}\` with options \`${e.options}\``)
        return false
      }
    } else if (!addElements(e.inner, pm.nest(e.name), registry, errorHandler, errors)) {
      errorHandler(`failed to add \`${e.name}\` with options \`${e.options}\` to inner pipeline`)
      return false
    }
  }
  return true
}
