import { Uniquer } from './internal/storage.ts'
import { LocationUniquer } from './Location.ts'
import { DictionaryUniquer, NameAttrUniquer, ScalarAttrUniquer } from './Attributes.ts'
import { DiagnosticEngine, type InFlightDiagnostic } from './Diagnostics.ts'
import { Dialect, type DialectDefinition } from './Dialect.ts'
import { BuiltinDialect } from './dialect/Builtin.ts'
import { OperationName, type OpDefinition } from './OperationName.ts'
import type { Location } from './Location.ts'
import type { Action, ActionHandler } from './Action.ts'
import type { Operation } from './Operation.ts'
import type { FunctionType, IntegerType } from './Types.ts'

/** Makes a dialect's definition when the dialect is first loaded (see `Context.registerDialectLoader`). */
export type DialectLoader = () => DialectDefinition

/** Slots of `Context.functionTypeCache` (a power of two). */
const FUNCTION_TYPE_CACHE_SIZE = 64
import type { AsmPrinterOptions } from './printer/AsmPrinterOptions.ts'

/**
 * Owns everything that is interned (types, attributes, locations, operation names),
 * the registered and loaded dialects, the diagnostic engine and the action handler.
 * Objects from different contexts must not be mixed.
 */
export class Context {
  /** Interning table: dialect-defined types and attributes intern themselves here. */ readonly uniquer: Uniquer = new Uniquer()
  /** @internal */ readonly locationUniquer: LocationUniquer = new LocationUniquer()
  /** @internal */ readonly dictionaryUniquer: DictionaryUniquer = new DictionaryUniquer()
  /** @internal */ readonly scalarAttrUniquer: ScalarAttrUniquer = new ScalarAttrUniquer()
  /** @internal */ readonly nameAttrUniquer: NameAttrUniquer = new NameAttrUniquer()
  /** @internal Signless integer types by width (up to 128), filled from the uniquer. */
  readonly signlessIntegerTypes: (IntegerType | undefined)[] = []
  /**
   * @internal Function types made or found lately, one per slot by a hash of their types'
   * ids (see `FunctionType.get`): a module's functions and calls repeat a few signatures.
   */
  readonly functionTypeCache: (FunctionType | null)[] = new Array<FunctionType | null>(FUNCTION_TYPE_CACHE_SIZE).fill(null)
  /** Where diagnostics go. */
  readonly diagEngine: DiagnosticEngine = new DiagnosticEngine()
  /** Whether ops, types and attributes of unknown dialects are accepted. */
  allowUnregisteredDialects = false
  /** Whether passes may run on worker threads (always off today; accepted for compatibility). */
  multithreading = false
  /**
   * Whether a diagnostic emitted on an operation gets a `see current operation: <op>`
   * note, as in MLIR (on by default; mlir-opt turns it off under `--verify-diagnostics`).
   */
  printOpOnDiagnostic = true
  /**
   * Prints an operation for diagnostics (local scope, generic form when `generic`);
   * tools install the IR printer here. Null: diagnostics show only the op's name and
   * `printOpOnDiagnostic` notes are not attached.
   */
  diagnosticOpPrinter: ((op: Operation, generic: boolean) => string) | null = null
  /**
   * The printer flags of the tool's command line (`--mlir-elide-elementsattrs-if-larger`,
   * ...), which MLIR's default `OpPrintingFlags` read: passes that print on their own
   * (`view-op-graph`) use them. Null when no tool set them.
   */
  commandLinePrinterOptions: AsmPrinterOptions | null = null

  /** The registered dialects by namespace: a definition, or the loader that makes it on first load. */
  private readonly registry = new Map<string, DialectDefinition | DialectLoader>()
  private readonly loaded = new Map<string, Dialect>()
  private readonly opNames = new Map<string, OperationName>()
  private actionHandler: ActionHandler | null = null

  constructor(options?: { allowUnregisteredDialects?: boolean; dialects?: readonly DialectDefinition[] }) {
    if (options?.allowUnregisteredDialects) {
      this.allowUnregisteredDialects = true
    }
    // MLIR loads the builtin dialect into every context.
    this.registerDialect(BuiltinDialect)
    this.getOrLoadDialect(BuiltinDialect.namespace)
    for (const d of options?.dialects ?? []) {
      this.registerDialect(d)
    }
  }

  /** Makes a dialect available; it is loaded on first use or by `loadDialect`. */
  registerDialect(def: DialectDefinition): void {
    const prev = this.registry.get(def.namespace)
    if (prev !== undefined && prev !== def && (typeof prev !== 'function' || this.registeredDefinition(def.namespace) !== def)) {
      throw new Error(`dialect '${def.namespace}' is already registered`)
    }
    this.registry.set(def.namespace, def)
  }

  /**
   * Makes the dialect `namespace` available without its definition: `load` is called
   * when the dialect is first loaded (MLIR's `DialectRegistry` holds constructors too),
   * so that a tool registers every dialect it knows but evaluates only those a run uses.
   * The definition `load` returns must have this namespace.
   */
  registerDialectLoader(namespace: string, load: DialectLoader): void {
    const prev = this.registry.get(namespace)
    if (prev !== undefined && prev !== load) {
      throw new Error(`dialect '${namespace}' is already registered`)
    }
    this.registry.set(namespace, load)
  }

  /** The definition registered as `ns`, made by its loader when it was registered as one. */
  private registeredDefinition(ns: string): DialectDefinition | undefined {
    const entry = this.registry.get(ns)
    if (typeof entry !== 'function') {
      return entry
    }
    const def = entry()
    if (def.namespace !== ns) {
      throw new Error(`the loader of dialect '${ns}' made dialect '${def.namespace}'`)
    }
    this.registry.set(ns, def)
    return def
  }

  /** Namespaces of the registered dialects, sorted. */
  get registeredDialectNames(): string[] {
    return [...this.registry.keys()].sort()
  }

  /** True when a dialect named `ns` is registered (loaded or not). */
  isDialectRegistered(ns: string): boolean {
    return this.registry.has(ns)
  }

  /** The loaded dialect `ns`, if loaded. */
  getLoadedDialect(ns: string): Dialect | undefined {
    return this.loaded.get(ns)
  }

  /** The loaded dialects, in load order. */
  get loadedDialects(): Dialect[] {
    return [...this.loaded.values()]
  }

  /** Loads dialect `ns` (and its dependencies) if registered; undefined when it is not. */
  getOrLoadDialect(ns: string): Dialect | undefined {
    const d = this.loaded.get(ns)
    if (d !== undefined) {
      return d
    }
    const def = this.registeredDefinition(ns)
    if (def === undefined) {
      return undefined
    }
    const dialect = new Dialect(this, def)
    this.loaded.set(ns, dialect)
    for (const op of def.ops ?? []) {
      this.registerOp(dialect, op)
    }
    for (const dep of def.dependentDialects ?? []) {
      this.getOrLoadDialect(dep)
    }
    def.initialize?.(dialect)
    return dialect
  }

  /** Loads dialect `ns`; throws when it is not registered. */
  loadDialect(ns: string): Dialect {
    const d = this.getOrLoadDialect(ns)
    if (d === undefined) {
      throw new Error(`dialect '${ns}' is not registered`)
    }
    return d
  }

  /** Loads every registered dialect. */
  loadAllAvailableDialects(): void {
    for (const ns of this.registry.keys()) {
      this.getOrLoadDialect(ns)
    }
  }

  /**
   * The interned name `name`. When its dialect is registered it is loaded, and the
   * name is registered if the dialect defines the op; otherwise it is unregistered.
   */
  getOperationName(name: string): OperationName {
    let n = this.opNames.get(name)
    if (n !== undefined) {
      return n
    }
    const dot = name.indexOf('.')
    const ns = dot < 0 ? '' : name.slice(0, dot)
    const dialect = ns ? this.getOrLoadDialect(ns) : undefined
    n = this.opNames.get(name)
    if (n !== undefined) {
      return n
    }
    n = new OperationName(name, dialect ?? null, null)
    this.opNames.set(name, n)
    return n
  }

  /** The registered name `name`, or undefined. Loads its dialect when registered. */
  lookupRegisteredOperationName(name: string): OperationName | undefined {
    const n = this.getOperationName(name)
    return n.isRegistered ? n : undefined
  }

  /** Every registered op name of the loaded dialects, sorted. */
  get registeredOperationNames(): OperationName[] {
    return [...this.opNames.values()].filter((n) => n.isRegistered).sort((a, b) => (a.name < b.name ? -1 : 1))
  }

  private registerOp(dialect: Dialect, def: OpDefinition): void {
    this.opNames.set(def.name, new OperationName(def.name, dialect, def))
  }

  /** Emits an error at `loc` through the diagnostic engine. */
  emitError(loc: Location, message: string): InFlightDiagnostic {
    return this.diagEngine.emit('error', loc, message)
  }
  /** Emits a warning at `loc`. */
  emitWarning(loc: Location, message: string): InFlightDiagnostic {
    return this.diagEngine.emit('warning', loc, message)
  }
  /** Emits a remark at `loc`. */
  emitRemark(loc: Location, message: string): InFlightDiagnostic {
    return this.diagEngine.emit('remark', loc, message)
  }

  /**
   * Installs the action handler (null removes it) and returns the previous one. A
   * handler decides whether and how each action's transformation runs.
   */
  registerActionHandler(handler: ActionHandler | null): ActionHandler | null {
    const prev = this.actionHandler
    this.actionHandler = handler
    return prev
  }

  /** True when an action handler is installed. */
  get hasActionHandler(): boolean {
    return this.actionHandler !== null
  }

  /**
   * Runs `transform` as `action`: directly when no handler is installed, otherwise
   * through the handler, which may skip it. Returns whether it ran.
   */
  executeAction(action: Action | (() => Action), transform: () => void): boolean {
    const h = this.actionHandler
    if (h === null) {
      transform()
      return true
    }
    let ran = false
    h(
      () => {
        ran = true
        transform()
      },
      typeof action === 'function' ? action() : action,
    )
    return ran
  }
}
