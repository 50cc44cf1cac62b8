import type { Block, Operation } from '@tilepass/ir'

/**
 * The `dialect-conversion` debug log (MLIR's `-debug-only=dialect-conversion`): an
 * indented tree of legalization attempts, pattern applications and rewrites, written
 * through `write` (stderr in `tilepass-opt`). Ops are named by a stable pseudo address
 * per op, as upstream prints pointers. The drivers check for a logger before building
 * any text, so a disabled log costs one null check per site.
 */
export class ConversionLogger {
  private indentLevel = 0
  private nextId = 0
  private readonly ids = new WeakMap<object, string>()

  constructor(private readonly write: (text: string) => void) {}

  /** Indents the following lines by one more level (two spaces). */
  indent(): void {
    this.indentLevel++
  }

  /** Indents the following lines by one level less. */
  unindent(): void {
    if (this.indentLevel > 0) {
      this.indentLevel--
    }
  }

  /** Writes `text` at the start of a line, after the current indentation. */
  startLine(text: string): void {
    this.write('  '.repeat(this.indentLevel) + text)
  }

  /** Writes `text` as is. */
  raw(text: string): void {
    this.write(text)
  }

  /** The pseudo address of `entity` (`0x...`), the same for the whole run. */
  address(entity: Operation | Block): string {
    let id = this.ids.get(entity)
    if (id === undefined) {
      id = '0x' + (0x600000001000 + this.nextId * 0x60).toString(16)
      this.nextId++
      this.ids.set(entity, id)
    }
    return id
  }

  /** `'name'(0x...)`, the way the log names an op. */
  opRef(op: Operation): string {
    return `'${op.name.name}'(${this.address(op)})`
  }

  /** Writes `} -> SUCCESS[ : reason]` one level out. */
  logSuccess(reason: string): void {
    this.unindent()
    this.startLine(reason === '' ? '} -> SUCCESS\n' : `} -> SUCCESS : ${reason}\n`)
  }

  /** Writes `} -> FAILURE : reason` one level out. */
  logFailure(reason: string): void {
    this.unindent()
    this.startLine(`} -> FAILURE : ${reason}\n`)
  }
}

const kDebugType = 'dialect-conversion'

let activeLogger: ConversionLogger | null = null

/** The logger of the `dialect-conversion` debug type, or null when that log is off. */
export function getDialectConversionLogger(): ConversionLogger | null {
  return activeLogger
}

/** Turns the `dialect-conversion` debug log on (with a logger) or off (null). */
export function setDialectConversionLogger(logger: ConversionLogger | null): void {
  activeLogger = logger
}

/**
 * Applies an LLVM-style `-debug-only=<types>` list: the `dialect-conversion` log is
 * written to `write` when `types` names it, and turned off otherwise.
 */
export function setDebugOnlyTypes(types: readonly string[], write: (text: string) => void): void {
  activeLogger = types.includes(kDebugType) ? new ConversionLogger(write) : null
}
