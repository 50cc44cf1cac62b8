/**
 * Pass instrumentation for Tilepass: pass timing, IR printing, verify-each, opt-bisect,
 * debug counters, action logs and Chrome traces, each switched on with a free function
 * such as `enableTiming(pm)`. Nothing is exported yet.
 *
 * @packageDocumentation
 */

export {}
