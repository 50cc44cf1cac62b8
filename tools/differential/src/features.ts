/**
 * The switchable features of the module generator. Each one turns a family of constructs on or
 * off, so a construct that tilepass-opt does not support yet can be left out while the rest is
 * still compared.
 */
export const FEATURES = {
  arith: 'arith integer and float ops, cmpi/cmpf with every predicate, select',
  arithCasts: 'arith casts: ext/trunc, int<->float, index_cast, bitcast',
  arithFlags: 'overflow<nsw, nuw> and fastmath<...> flags on arith ops',
  floatStress: 'float constants that stress printing: 0.1, 1e-7, 1e30, -0.0, inf, nan, denormals, hex',
  hexFloatAttrs: 'hexadecimal float literals as attribute values (0x7FF0000000000000 : f64), not only in arith.constant',
  nanPayloads: 'hex float constants that are signaling NaNs, NaNs with payloads or negative NaNs',
  vectors: 'vector types (elementwise arith, dense constants)',
  tensors: 'tensor types (static and dynamic shapes)',
  memrefs: 'memref types (layouts, memory spaces) as arguments and unregistered results',
  memrefOps: 'memref dialect ops on fresh allocations: load/store, subview, cast, collapse/expand_shape, dim, rank, transpose, reinterpret_cast, copy, dealloc, atomic_rmw',
  exoticTypes: 'types only unregistered ops use: si/ui ints, f8, tf32, complex, tuple, none, 0-d, scalable, unranked, encodings',
  scfFor: 'scf.for (index and integer bounds, unsigned, iter_args)',
  scfIf: 'scf.if with and without results and else regions',
  scfWhile: 'scf.while with before/after regions',
  scfIndexSwitch: 'scf.index_switch',
  scfExecuteRegion: 'scf.execute_region, including several blocks',
  cf: 'multi-block functions with cf.br/cf.cond_br and block arguments',
  branchWeights: 'cf.cond_br weights([..]) (kept by the pass-through folds of canonicalize)',
  cfSwitch: 'cf.switch',
  negativeSwitchCases: 'negative case values in cf.switch',
  cfAssert: 'cf.assert with escaped messages',
  call: 'func.call between generated functions',
  callIndirect: 'func.constant and func.call_indirect',
  funcDecls: 'private function declarations, visibility, argument/result attributes, func attributes',
  nestedModules: 'named nested builtin.module ops and module attributes',
  unrealizedCast: 'builtin.unrealized_conversion_cast',
  unregistered: 'unregistered ops in generic form ("foo.bar"(...)), multi-result',
  unregisteredRegions: 'unregistered ops with regions, nested blocks and unregistered terminators',
  unregisteredSuccessors: 'unregistered terminators with successors',
  unregisteredProperties: 'unregistered ops with a <{...}> properties dictionary',
  emptyProperties: 'unregistered ops with an empty properties dictionary <{}>',
  attributes: 'attributes on unregistered ops: ints, floats, bools, strings, arrays, dicts, unit, type attrs, symbol refs',
  denseAttrs: 'dense<...> elements attributes, splat and not, including large ones printed in hex, and array<...>',
  sparseAttrs: 'sparse<indices, values> elements attributes: empty, splat indices/values, hex values, complex and string values',
  wideFloats: 'f80/f128 float attributes and dense elements: decimals, full-width hex (denormals, NaN payloads, 64/113-bit significands)',
  affineAttrs: 'affine_map<...> and affine_set<...> attributes, strided layouts',
  stringEscapes: 'strings with escapes (\\", \\\\, \\n, \\t, \\XX below 0x80) in attributes',
  highByteEscapes: 'string escapes of bytes 0x80-0xFF that are not valid UTF-8 (\\FF)',
  utf8Strings: 'strings holding non-ASCII UTF-8 text',
  dialectAttrs: 'opaque attributes and types of unregistered dialects (#foo.bar<...>, !foo.baz<...>)',
  aliases: 'attribute and type alias definitions in the input (#a = ..., !t = ...)',
  locations: 'op locations: file:line:col, names, fused, callsite, unknown',
  emptyFileNames: 'file locations with an empty file name (loc("":1:2))',
  locationRanges: 'file:line:col ranges (loc("f":1:2 to 3:4))',
  blockArgLocations: 'locations on function and block arguments',
} as const

/** A generator feature name. */
export type FeatureName = keyof typeof FEATURES

/** Which generator features are on. */
export type Features = Record<FeatureName, boolean>

/** Every feature name, in declaration order. */
export const FEATURE_NAMES: readonly FeatureName[] = Object.keys(FEATURES) as FeatureName[]

/** A feature set with every feature on. */
export function allFeatures(): Features {
  const features = {} as Features
  for (const name of FEATURE_NAMES) {
    features[name] = true
  }
  return features
}

/** Whether `name` is a feature name. */
export function isFeatureName(name: string): name is FeatureName {
  return Object.hasOwn(FEATURES, name)
}
