/**
 * The enumerations of the `cuda_tile` dialect, as case-name tables in value order (the
 * value of a case is its index). The `*Attr` spellings (`#cuda_tile.signedness<signed>`)
 * live in CudaTileAttributes.ts; memory ordering, memory scope and atomic mode are stored
 * as plain `i32` integer attributes, as NVIDIA's I32EnumAttr does.
 */

/** `Signedness`: `#cuda_tile.signedness<...>`. */
export const SignednessNames: readonly string[] = ['unsigned', 'signed']
/** `IntegerOverflow`: `#cuda_tile.overflow<...>`. */
export const IntegerOverflowNames: readonly string[] = ['none', 'no_signed_wrap', 'no_unsigned_wrap', 'no_wrap']
/** `RoundingMode`: `#cuda_tile.rounding<...>`. */
export const RoundingModeNames: readonly string[] = ['nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx', 'full', 'nearest_int_to_zero']
/** `ComparisonOrdering`: `#cuda_tile.comparison_ordering<...>`. */
export const ComparisonOrderingNames: readonly string[] = ['unordered', 'ordered']
/** `ComparisonPredicate`: `#cuda_tile.comparison_predicate<...>`. */
export const ComparisonPredicateNames: readonly string[] = [
  'equal',
  'not_equal',
  'less_than',
  'less_than_or_equal',
  'greater_than',
  'greater_than_or_equal',
]
/** `AtomicRMWMode` (an `i32` attribute). */
export const AtomicRMWModeNames: readonly string[] = ['and', 'or', 'xor', 'add', 'addf', 'max', 'min', 'umax', 'umin', 'xchg']
/** `MemoryScope` (an `i32` attribute). */
export const MemoryScopeNames: readonly string[] = ['tl_blk', 'device', 'sys']
/** `MemoryOrderingSemantics` (an `i32` attribute). */
export const MemoryOrderingNames: readonly string[] = ['weak', 'relaxed', 'acquire', 'release', 'acq_rel']
/** `PaddingValue`: `#cuda_tile.padding_value<...>` and the views' `padding_value = ...`. */
export const PaddingValueNames: readonly string[] = ['zero', 'neg_zero', 'nan', 'pos_inf', 'neg_inf']
/** `SymbolVisibility`: `#cuda_tile.symbol_visibility<...>`. */
export const SymbolVisibilityNames: readonly string[] = ['public', 'private']

/** The enum attributes spelled `#cuda_tile.<mnemonic><case>`, by mnemonic. */
export const EnumAttrCases: Readonly<Record<string, readonly string[]>> = {
  signedness: SignednessNames,
  overflow: IntegerOverflowNames,
  rounding: RoundingModeNames,
  comparison_ordering: ComparisonOrderingNames,
  comparison_predicate: ComparisonPredicateNames,
  padding_value: PaddingValueNames,
  symbol_visibility: SymbolVisibilityNames,
}
