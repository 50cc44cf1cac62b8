/**
 * Lowering of gpu and tileas IR to the nvvm and llvm dialects, LLVM IR text and PTX for
 * Tilepass. Nothing is exported yet.
 *
 * @packageDocumentation
 */

export {}
