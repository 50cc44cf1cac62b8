import type { OpAsmParser } from '@tilepass/ir'

/**
 * @internal Parses the `<case>` parameter of an enum-valued dialect attribute (`#gpu.thread<x>`,
 * `#linalg.iterator_type<parallel>`) with the two diagnostics ODS-generated parsers emit:
 * `expected <enumCpp> to be one of: ...` and `failed to parse <attrCpp> parameter '<param>' ...`.
 * Returns the case, or undefined after the diagnostics.
 */
export function parseEnumParameter(parser: OpAsmParser, cases: readonly string[], enumCpp: string, attrCpp: string, param: string): string | undefined {
  if (!parser.parseLess()) {
    return undefined
  }
  const loc = parser.getCurrentLocation()
  const v = parser.parseOptionalKeywordAny() ?? parser.parseOptionalString()
  if (v === undefined || !cases.includes(v)) {
    parser.emitError(loc, v === undefined ? 'expected valid keyword or string' : `expected ${enumCpp} to be one of: ${cases.join(', ')}`).report()
    parser.emitError(parser.getCurrentLocation(), `failed to parse ${attrCpp} parameter '${param}' which is to be a \`${enumCpp}\``).report()
    return undefined
  }
  return parser.parseGreater() ? v : undefined
}
