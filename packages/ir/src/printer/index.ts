import type { Attribute } from '../Attributes.ts'
import type { Context } from '../Context.ts'
import type { Location } from '../Location.ts'
import type { Block } from '../Block.ts'
import type { Operation } from '../Operation.ts'
import { BlockArgument, type Value } from '../Value.ts'
import { Trait } from '../OperationName.ts'
import { FloatType, IndexType, IntegerType, type FloatKind, type Type } from '../Types.ts'
import { AsmPrinterImpl, PrintFlags } from './AsmPrinter.ts'
import type { AsmPrinterOptions } from './AsmPrinterOptions.ts'
import { formatFloatValue } from './FloatFormat.ts'
import { IndentationLimitError, MAX_PRINTED_STRING_LENGTH, PrintLimitError, printedIndentation } from './limits.ts'

const NO_OPTIONS: AsmPrinterOptions = {}

/** The op whose scope numbers `op`'s values: the top-level ancestor, or with local scope the closest isolated one. */
function findParent(op: Operation, localScope: boolean): Operation {
  let cur = op
  for (;;) {
    if (localScope && cur.hasTrait(Trait.IsolatedFromAbove)) {
      return cur
    }
    const p = cur.parentOp
    if (p === null) {
      return cur
    }
    cur = p
  }
}

/** Runs `verifier` on `op` with its diagnostics swallowed, as MLIR's printer does. */
function verifyQuietly(op: Operation, verifier: (op: Operation) => boolean): boolean {
  const engine = op.context.diagEngine
  engine.flush()
  const id = engine.registerHandler(() => true)
  try {
    const ok = verifier(op)
    engine.flush()
    return ok
  } finally {
    engine.unregisterHandler(id)
  }
}

function runPrint(op: Operation, options: AsmPrinterOptions, sink: ((chunk: string) => void) | null): string {
  const root = findParent(op, options.printLocalScope === true)
  let generic = options.printGenericOpForm === true
  if (!generic && options.assumeVerified !== true && options.verifier !== undefined && !verifyQuietly(root, options.verifier)) {
    generic = true
  }
  if (sink === null && options.skipRegions !== true) {
    // Refused before anything is printed: nesting whose indentation alone passes the
    // longest string would otherwise fill memory with text that is then thrown away.
    if (printedIndentation(op, MAX_PRINTED_STRING_LENGTH).total > MAX_PRINTED_STRING_LENGTH) {
      throw new PrintLimitError(
        `cannot print '${op.name.name}' into a string: its nested regions would indent the text by more than the limit of ${MAX_PRINTED_STRING_LENGTH} characters`,
      )
    }
  }
  const printer = new AsmPrinterImpl(op.context, new PrintFlags(options, generic), sink)
  const topLevel = op.parentBlock === null && options.printLocalScope !== true
  printer.initNames(root, true, topLevel)
  try {
    const limit = options.maxIndentation
    // The numbering counted the indentation of the root's regions: that is the text's when
    // the root is the op printed.
    if (limit !== undefined && root === op && options.skipRegions !== true && printer.namedIndentation > limit) {
      throw new IndentationLimitError(printer.namedIndentation, limit)
    }
    if (topLevel) {
      printer.initAliases(op)
      printer.printTopLevel(op, options.resources, options.elideResourceStringsIfLarger ?? -1)
    } else {
      printer.printFullOpWithIndentAndLoc(op)
    }
  } finally {
    printer.dispose()
  }
  if (sink !== null) {
    printer.flush()
    return ''
  }
  return printer.take()
}

/**
 * Numbering and aliases of everything nested in a root op, computed once and reused
 * by several prints, as MLIR's `AsmState` (printing each op of a large module with
 * `printOperation` renumbers the module every time).
 */
export class AsmState {
  private readonly printer: AsmPrinterImpl
  private readonly options: AsmPrinterOptions

  /** Numbers `root` (the top-level op, or with local scope an isolated op) with `options`. */
  constructor(
    readonly root: Operation,
    options: AsmPrinterOptions = NO_OPTIONS,
  ) {
    let generic = options.printGenericOpForm === true
    if (!generic && options.assumeVerified !== true && options.verifier !== undefined && !verifyQuietly(root, options.verifier)) {
      generic = true
    }
    this.options = options
    this.printer = new AsmPrinterImpl(root.context, new PrintFlags(options, generic), null)
    this.printer.initNames(root)
  }

  /** Prints `op` (the root or an op nested in it) as `Operation::print(os, state)` does. */
  printOperation(op: Operation): string {
    const p = this.printer
    if (op.parentBlock === null && this.options.printLocalScope !== true) {
      if (!p.hasAliases) {
        p.initAliases(op)
      }
      p.printTopLevel(op, this.options.resources, this.options.elideResourceStringsIfLarger ?? -1)
    } else {
      p.printFullOpWithIndentAndLoc(op)
    }
    return p.take()
  }

  /** The printed name of a value defined in the root (`%0`, `%arg1`, `%r#2`). */
  valueName(value: Value): string {
    return this.printer.valueName(value)
  }

  /** The printed label of a block in the root (`^bb1`). */
  blockName(block: Block): string {
    return this.printer.blockLabel(block)
  }
}

/**
 * Prints `value` as an operand (`%0`, `%arg2`, `%5#1`), numbering from its top-level op
 * (or with `printLocalScope` its closest isolated ancestor), as `Value::printAsOperand`.
 */
export function printValueAsOperand(value: Value, options: AsmPrinterOptions = NO_OPTIONS): string {
  const owner = value instanceof BlockArgument ? value.owner.parentOp : value.definingOp
  if (owner === null) {
    return '<<UNKNOWN SSA VALUE>>'
  }
  return new AsmState(findParent(owner, options.printLocalScope === true), options).valueName(value)
}

/**
 * Prints `op` exactly as MLIR's `Operation::print` does. A detached (top-level) op is
 * printed with its alias definitions before it and its deferred (location) aliases
 * after it, and ends with a newline; mlir-opt writes one more `\n` after this text.
 * A nested op is printed alone, without aliases and without a trailing newline.
 */
export function printOperation(op: Operation, options: AsmPrinterOptions = NO_OPTIONS): string {
  return runPrint(op, options, null)
}

/** Like `printOperation`, but hands the text to `sink` in chunks of about 64 KiB. */
export function printOperationTo(op: Operation, sink: (chunk: string) => void, options: AsmPrinterOptions = NO_OPTIONS): void {
  runPrint(op, options, sink)
}

/** Standalone printers, one per context, reused because hooks print types often (result names). */
const standalone = new WeakMap<Context, AsmPrinterImpl>()

function standalonePrinter(ctx: Context): AsmPrinterImpl {
  let p = standalone.get(ctx)
  if (p === undefined) {
    p = new AsmPrinterImpl(ctx, new PrintFlags(NO_OPTIONS, false), null)
    standalone.set(ctx, p)
  }
  return p
}

/** Prints a type as MLIR's `Type::print` does (no aliases). */
export function printType(type: Type): string {
  if (type instanceof IntegerType || type instanceof FloatType || type instanceof IndexType) {
    // Scalar types print the same everywhere; name hooks (`%c0_i32`) ask for them a lot.
    let s = scalarTypeText.get(type)
    if (s === undefined) {
      s = printTypeUncached(type)
      scalarTypeText.set(type, s)
    }
    return s
  }
  return printTypeUncached(type)
}

const scalarTypeText = new WeakMap<Type, string>()

function printTypeUncached(type: Type): string {
  const p = standalonePrinter(type.context)
  // Re-entrant: a dialect hook may print a type while another print is in progress.
  const mark = p.mark()
  p.printType(type)
  return p.takeFrom(mark)
}

/**
 * Prints an attribute as MLIR's `Attribute::print` does (no aliases); `elideType` drops the
 * `: type` suffix; `options` are the printer flags (large elements attributes elided, ...).
 */
export function printAttribute(attr: Attribute, elideType = false, options: AsmPrinterOptions = NO_OPTIONS): string {
  const p = new AsmPrinterImpl(attr.context, new PrintFlags(options, false), null)
  if (elideType) {
    p.printAttributeWithoutType(attr)
  } else {
    p.printAttribute(attr)
  }
  return p.take()
}

/** Prints a location as `loc(...)`, or in the pretty form when `pretty` is set. */
export function printLocation(loc: Location, pretty = false): string {
  const p = new AsmPrinterImpl(loc.context, new PrintFlags(pretty ? { prettyDebugInfo: true } : NO_OPTIONS, false), null)
  p.printLocation(loc, false)
  return p.take()
}

/** Formats a float value of the given kind exactly as MLIR prints it (`1.000000e+00`, `0.33333333333333331`, `0x7FC00000`). */
export function printFloatValue(value: number, kind: FloatKind): string {
  return formatFloatValue(value, kind)
}
