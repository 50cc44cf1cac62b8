import type { Attribute } from '../Attributes.ts'
import type { Operation } from '../Operation.ts'

/** The resources of a file, as `parseSourceString` returns them: group -> key -> value. */
export interface FileResources {
  readonly dialectResources: ReadonlyMap<string, ReadonlyMap<string, Attribute>>
  readonly externalResources: ReadonlyMap<string, ReadonlyMap<string, Attribute>>
}

/**
 * Flags of the textual printer, mirroring MLIR's `OpPrintingFlags` and the
 * `--mlir-print-*` options of mlir-opt.
 */
export interface AsmPrinterOptions {
  /** `--mlir-print-op-generic`: print every op in the generic form. */
  printGenericOpForm?: boolean
  /** `--mlir-print-debuginfo`: print `loc(...)` after ops and block arguments. */
  printDebugInfo?: boolean
  /** `--mlir-pretty-debuginfo`: print locations in the pretty (non-parsable) form. */
  prettyDebugInfo?: boolean
  /** `--mlir-print-local-scope`: no aliases; number values from the closest isolated ancestor. */
  printLocalScope?: boolean
  /** `--mlir-elide-elementsattrs-if-larger=N`: print non-splat elements attributes with more than N elements as `dense_resource<__elided__>`. */
  elideElementsAttrsIfLarger?: number
  /** `--mlir-print-elementsattrs-with-hex-if-larger=N`: hex form above N elements (default 100; -1 disables). */
  printElementsAttrsWithHexIfLarger?: number
  /** `--mlir-elide-resource-strings-if-larger=N`: drop resource entries longer than N characters. */
  elideResourceStringsIfLarger?: number
  /** `--mlir-print-skip-regions`: print regions as `{...}`. */
  skipRegions?: boolean
  /** `--mlir-print-unique-ssa-ids`: never reuse a value number in sibling regions. */
  printUniqueSSAIDs?: boolean
  /** `--mlir-print-value-users`: print the users of each value as comments. */
  printValueUsers?: boolean
  /** `--mlir-use-nameloc-as-prefix`: name values after the `NameLoc` of their definition. */
  useNameLocAsPrefix?: boolean
  /** `--mlir-print-assume-verified`: do not verify before using custom printers. */
  assumeVerified?: boolean
  /**
   * Verifier used before printing (unless generic or assume-verified): when it returns
   * false the op is printed in the generic form, as mlir-opt does for invalid IR.
   * Without it, the IR is assumed valid.
   */
  verifier?: (op: Operation) => boolean
  /**
   * Resources to print in the trailing `{-# ... #-}` dictionary of a top-level op (pass
   * the `ParseResult` of `parseSourceString`): builtin blobs referenced by the printed
   * IR, the other groups as they are.
   */
  resources?: FileResources
  /**
   * Refuse to print, with an `IndentationLimitError` thrown before any text, when the
   * indentation of the printed regions (as `printedIndentation` counts it) would pass this
   * many characters. Counted by the walk that numbers the values, so it costs no walk of
   * its own. Ignored with `skipRegions`, and for an op printed inside its parent's scope.
   */
  maxIndentation?: number
}
