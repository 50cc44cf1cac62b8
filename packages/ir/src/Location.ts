import type { Context } from './Context.ts'
import { Attribute } from './Attributes.ts'
import { idList } from './Types.ts'

/**
 * A source location. Locations are attributes and are interned like them. Every
 * operation and block argument has one; diagnostics render it as `file:line:col`.
 */
export abstract class Location extends Attribute {}

/**
 * @internal The source of locations made on first use: the parser's view of its buffer,
 * which turns a byte offset into a `FileLineColLoc`. An operation parsed from text keeps
 * the source and the offset of its name until something asks for its location; most never
 * do, and a location per operation is the largest part of a parsed module after the
 * operation itself.
 */
export interface LocationSource {
  readonly context: Context
  /** The file location of `offset` in the source (interned, so equal offsets give one object). */
  locationAt(offset: number): FileLineColLoc
  /** @internal Kept for `Operation`: the records shared by the ops located in this source, by name (null before the first). */
  sharedOpExtras: unknown
}

/** `loc(unknown)`. */
export class UnknownLoc extends Location {
  static get(context: Context): UnknownLoc {
    // Kept by the location uniquer once made: the greedy driver and the constant folder ask
    // for it per folded op and per hoisted or deduplicated constant, and interning by key
    // would make a closure each time.
    const locs = context.locationUniquer
    return locs.unknown ?? (locs.unknown = context.uniquer.intern('loc:unknown', () => new UnknownLoc(context)))
  }
}

/**
 * `loc("file.mlir":3:7)`, or a range `loc("f":3:7 to 4:2)` / `loc("f":3:7 to :9)`.
 * Line and column are 1-based; `endLine`/`endColumn` equal the start for a point.
 */
export class FileLineColLoc extends Location {
  // Declared and assigned in the constructor, not defined as class fields: the parser makes
  // one per operation. A point (almost every location) stores no end; ranges are a subclass.
  declare readonly filename: string
  declare readonly line: number
  declare readonly column: number
  /** @internal */
  constructor(context: Context, filename: string, line: number, column: number) {
    super(context)
    this.filename = filename
    this.line = line
    this.column = column
  }
  /** The last line of a range; `line` for a point. */
  get endLine(): number {
    return this.line
  }
  /** The last column of a range; `column` for a point. */
  get endColumn(): number {
    return this.column
  }
  static get(context: Context, filename: string, line: number, column: number): FileLineColLoc {
    return context.locationUniquer.getFileLineCol(context, filename, line, column)
  }
  /** A range location; equal to `get` when the range is a single point. */
  static getRange(
    context: Context,
    filename: string,
    line: number,
    column: number,
    endLine: number,
    endColumn: number,
  ): FileLineColLoc {
    if (endLine === line && endColumn === column) {
      return FileLineColLoc.get(context, filename, line, column)
    }
    const key = `loc:flc:${filename.length}:${filename}:${line}:${column}:${endLine}:${endColumn}`
    return context.uniquer.intern(key, () => new FileLineColRangeLoc(context, filename, line, column, endLine, endColumn))
  }
  get isRange(): boolean {
    return this.endLine !== this.line || this.endColumn !== this.column
  }
}

/** A `FileLineColLoc` that spans a range (`loc("f":3:7 to 4:2)`). */
class FileLineColRangeLoc extends FileLineColLoc {
  declare private readonly rangeEndLine: number
  declare private readonly rangeEndColumn: number
  constructor(context: Context, filename: string, line: number, column: number, endLine: number, endColumn: number) {
    super(context, filename, line, column)
    this.rangeEndLine = endLine
    this.rangeEndColumn = endColumn
  }
  override get endLine(): number {
    return this.rangeEndLine
  }
  override get endColumn(): number {
    return this.rangeEndColumn
  }
}

/** `loc("name")` or `loc("name"(child))`: a named location wrapping a child. */
export class NameLoc extends Location {
  /** @internal */
  constructor(
    context: Context,
    readonly name: string,
    readonly childLoc: Location,
  ) {
    super(context)
  }
  static get(name: string, childLoc: Location): NameLoc {
    const context = childLoc.context
    return context.uniquer.intern(`loc:name:${childLoc.id}:${name}`, () => new NameLoc(context, name, childLoc))
  }
}

/** `loc(callsite(callee at caller))`. */
export class CallSiteLoc extends Location {
  /** @internal */
  constructor(
    context: Context,
    readonly callee: Location,
    readonly caller: Location,
  ) {
    super(context)
  }
  static get(callee: Location, caller: Location): CallSiteLoc {
    const context = callee.context
    return context.uniquer.internIdPair('loc:cs', callee.id, caller.id, () => new CallSiteLoc(context, callee, caller))
  }
}

/** `loc(fused<#meta>["a", "b"])`: several locations merged, with optional metadata. */
export class FusedLoc extends Location {
  /** @internal */
  constructor(
    context: Context,
    readonly locations: readonly Location[],
    readonly metadata: Attribute | null,
  ) {
    super(context)
  }
  /** The raw fused location, exactly as given (the parser uses this). */
  static getRaw(context: Context, locations: readonly Location[], metadata: Attribute | null = null): FusedLoc {
    const key = `loc:fused:${metadata?.id ?? ''}:${idList(locations)}`
    return context.uniquer.intern(key, () => new FusedLoc(context, [...locations], metadata))
  }
  /**
   * Fuses locations as MLIR's `FusedLoc::get` does: nested fused locations with the
   * same metadata are flattened, unknown locations and duplicates dropped; one
   * remaining location without metadata is returned as is.
   */
  static get(context: Context, locations: readonly Location[], metadata: Attribute | null = null): Location {
    const seen = new Set<Location>()
    const out: Location[] = []
    for (const loc of locations) {
      if (loc instanceof FusedLoc && loc.metadata === metadata) {
        for (const inner of loc.locations) {
          if (!seen.has(inner)) {
            seen.add(inner)
            out.push(inner)
          }
        }
      } else if (!(loc instanceof UnknownLoc) && !seen.has(loc)) {
        seen.add(loc)
        out.push(loc)
      }
    }
    if (out.length === 0) {
      return metadata ? FusedLoc.getRaw(context, [UnknownLoc.get(context)], metadata) : UnknownLoc.get(context)
    }
    if (out.length === 1 && metadata === null) {
      return out[0]!
    }
    return FusedLoc.getRaw(context, out, metadata)
  }
}

/** Base of locations defined by a loaded dialect (`#test.custom_location<...>`): printed and parsed by that dialect like a `DialectAttr`. */
export abstract class DialectLoc extends Location {
  abstract readonly dialectNamespace: string
}

/** `loc(#opaque)`-style location holding an opaque pointer-like payload (rare). */
export class OpaqueLoc extends Location {
  /** @internal */
  constructor(
    context: Context,
    readonly fallback: Location,
    readonly payload: unknown,
  ) {
    super(context)
  }
  static get(fallback: Location, payload: unknown): OpaqueLoc {
    return new OpaqueLoc(fallback.context, fallback, payload)
  }
}

/**
 * @internal Fast interning for file:line:col locations, keyed by number instead of a
 * built string (the parser makes one per operation).
 */
export class LocationUniquer {
  // Per file, a table indexed by line of the locations made on that line: the location
  // itself when there is one (most lines), else a short list searched by column. Array
  // indexing is much cheaper than hashing a built key. The table is split into chunks of
  // LINE_CHUNK lines, made when a line in them first gets a location: one array indexed by
  // line would grow, copy by copy, to the size of the whole file. Past LINE_LIST_MAX on one
  // line, the string-keyed uniquer takes over.
  private readonly byFile = new Map<string, LineTable>()
  private lastFile = ''
  /** `loc(unknown)` once made (see `UnknownLoc.get`). */
  unknown: UnknownLoc | null = null
  private lastTable: LineTable | null = null

  getFileLineCol(context: Context, filename: string, line: number, column: number): FileLineColLoc {
    if (column >= 0x100000 || line >= MAX_TABLE_LINE || line < 0 || column < 0) {
      return this.internByKey(context, filename, line, column)
    }
    let table = this.lastTable
    if (table === null || filename !== this.lastFile) {
      table = this.byFile.get(filename) ?? null
      if (table === null) {
        table = []
        this.byFile.set(filename, table)
      }
      this.lastFile = filename
      this.lastTable = table
    }
    const chunkIndex = line >> LINE_CHUNK_BITS
    while (table.length <= chunkIndex) {
      table.push(undefined)
    }
    let chunk = table[chunkIndex]
    if (chunk === undefined) {
      chunk = new Array<LineEntry>(LINE_CHUNK).fill(undefined)
      table[chunkIndex] = chunk
    }
    const slot = line & (LINE_CHUNK - 1)
    const entry = chunk[slot]
    if (entry === undefined) {
      const loc = new FileLineColLoc(context, filename, line, column)
      chunk[slot] = loc
      return loc
    }
    if (entry instanceof FileLineColLoc) {
      if (entry.column === column) {
        return entry
      }
      const loc = new FileLineColLoc(context, filename, line, column)
      chunk[slot] = [entry, loc]
      return loc
    }
    for (let i = 0; i < entry.length; i++) {
      const loc = entry[i]!
      if (loc.column === column) {
        return loc
      }
    }
    if (entry.length >= LINE_LIST_MAX) {
      return this.internByKey(context, filename, line, column)
    }
    const loc = new FileLineColLoc(context, filename, line, column)
    entry.push(loc)
    return loc
  }

  private internByKey(context: Context, filename: string, line: number, column: number): FileLineColLoc {
    const key = `loc:flc:${filename.length}:${filename}:${line}:${column}:${line}:${column}`
    return context.uniquer.intern(key, () => new FileLineColLoc(context, filename, line, column))
  }
}

/** Per line of a file: its one location, or a list of them, or nothing yet. */
type LineEntry = FileLineColLoc | FileLineColLoc[] | undefined

/** The lines of a file in chunks of LINE_CHUNK (undefined until a line in it has a location). */
type LineTable = (LineEntry[] | undefined)[]

/** Lines per chunk of a LineTable (a power of two). */
const LINE_CHUNK_BITS = 8
const LINE_CHUNK = 1 << LINE_CHUNK_BITS

/**
 * Lines from this one on are interned by key, never in a line table: a location written
 * with a huge line number (`loc("f":34338764:1)`) would otherwise make a huge sparse table.
 * The choice depends on the line alone, so each location is interned in one place.
 */
const MAX_TABLE_LINE = 1 << 22

/** Locations kept in one line's list before the string-keyed uniquer takes over. */
const LINE_LIST_MAX = 16
