/**
 * Dialect conversion for Tilepass: `ConversionTarget`, `TypeConverter`,
 * `OpConversionPattern`, `applyPartialConversion`, `applyFullConversion` and the
 * conversion passes such as `convert-scf-to-cf`. Nothing is exported yet.
 *
 * @packageDocumentation
 */

export {}
