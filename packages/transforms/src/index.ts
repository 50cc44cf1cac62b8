/**
 * General-purpose transformations for Tilepass: `cse`, `canonicalize`, `inline` and the
 * other passes of MLIR's `Transforms` library, registered with `registerTransformsPasses`.
 * Nothing is exported yet.
 *
 * @packageDocumentation
 */

export {}
