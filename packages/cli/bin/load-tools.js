// Loads the tools from dist/bundle/tilepass-tools.cjs, the one-file bundle that `pnpm build`
// makes (scripts/bundle.js), compiled with the V8 code cache built beside it: a start-up
// reads two files instead of about 190 modules and skips most of the compiling. A cache
// that V8 rejects (another Node.js version or V8 flags), or one made for another bundle,
// costs only the compile it would have saved.
'use strict'
const { Buffer } = require('node:buffer')
const { closeSync, fstatSync, openSync, readSync } = require('node:fs')
const { createRequire } = require('node:module')
const path = require('node:path')
const vm = require('node:vm')

/** The bundle of the three tools (CommonJS, ASCII only). */
const BUNDLE = path.join(__dirname, '../dist/bundle/tilepass-tools.cjs')
/** The V8 code cache of BUNDLE, made after a warm-up run by scripts/bundle.js. */
const CODE_CACHE = `${BUNDLE}.v8cache`
/**
 * The light code cache of BUNDLE: made after only the warm-up runs that run no pass (parse,
 * verify and print, `--verify-diagnostics`), for the runs that `isLightRun` picks out. V8
 * deserializes the whole of a cache at start-up, so a run that needs a third less of the
 * compiled code saves that third of the deserializing (a few milliseconds); what such a run
 * needs beyond it is compiled lazily.
 */
const LIGHT_CODE_CACHE = `${BUNDLE}.light.v8cache`

/** The options of a light run (see `isLightRun`), with or without `=value`. */
const LIGHT_OPTION = /^--(?:verify-diagnostics|split-input-file|allow-unregistered-dialect|mlir-print-op-generic|remarks-filter(?:-[a-z]+)?)(?:=|$)/

/**
 * Whether a run of the tool `name` with the arguments `argv` is light: tilepass-opt with no
 * argument but input files and the options of LIGHT_OPTION, so no pass pipeline. Such a run
 * is compiled with LIGHT_CODE_CACHE.
 */
function isLightRun(name, argv) {
  return name === 'tilepass-opt' && argv.every((arg) => arg === '-' || !arg.startsWith('-') || LIGHT_OPTION.test(arg))
}

/**
 * The stamp that starts both the bundle and its code cache: the bundle's first line, a
 * comment with the SHA-256 of the rest (scripts/bundle.js writes it). V8 checks only the
 * length of the source a cache was made for, so a cache left from another bundle of the
 * same length would run stale code: the loader uses the cache only when its stamp matches.
 */
const STAMP_PREFIX = '// tilepass-tools sha256:'

/**
 * The V8 flags the tools run under (set by compileTools, before the bundle is compiled).
 * A run of the tools is short, and under V8's default tiering much of its CPU time goes to
 * TurboFan compiling, on a background thread, functions that the run ends before it gains
 * from. A four times larger interrupt budget optimizes only the functions that stay hot
 * (half the CPU time of `--sccp` or `--inline` on a chain of a thousand functions), and
 * inlining less makes each optimized compile cheaper (about 10% less CPU time for
 * parse + verify + print, `--cse` or `--canonicalize` on 100k ops); runs on 1M ops keep
 * their speed. The last flag lets `Regex` (@tilepass/ir) match with V8's linear-time regexp
 * engine (the `l` flag), which compiles a pattern in microseconds, rather than with RE2JS,
 * whose first pattern costs a few milliseconds of tables. V8 accepts a code cache only under
 * the flags it was made with, so scripts/bundle.js makes it under these.
 *
 * Measured here and left out (100k-op runs, the 1,000-function call chain): --always-sparkplug
 * changes nothing, as it acts only where a function is compiled and the cache's functions
 * arrive compiled (given on the command line, it makes V8 reject the cache); a smaller
 * interrupt budget, --ticks-before-optimization with a smaller budget, an earlier feedback
 * vector or --no-lazy-feedback-allocation, --no-baseline-batch-compilation or a smaller batch
 * are within noise or slower; a larger --bytecode-size-allowance-per-tick saves up to 3% at
 * 100k ops but costs the call chain 20% more CPU time; --concurrent-sparkplug crashes.
 * A larger --semi-space-growth-factor (4 or 16) makes the young generation reach its full
 * size sooner: 3-7% fewer instructions (fewer scavenges), but the extra young-generation
 * pages are faulted in, so CPU time is the same or higher (the flags that size the young
 * generation from the start act only when the heap is set up, before any JavaScript runs).
 * A start-up snapshot (`node --snapshot-blob` made by `--build-snapshot` after loading the
 * bundle, with or without a warm-up run) starts no faster than this code cache (0.050 s
 * against 0.048 s on an empty module, 0.144 s against 0.141 s for `--inline` on the call
 * chain): V8 does not keep compiled bytecode in it, and it would need a flag on node's
 * command line, which a bin script cannot pass.
 */
const V8_FLAGS = ['--interrupt-budget=270336', '--max-inlined-bytecode-size=230', '--max-inlined-bytecode-size-cumulative=460', '--enable-experimental-regexp-engine']

/**
 * The whole of the file at `path`, read into `buffer` when it fits there (from its start),
 * otherwise into a new buffer: the bytes read (a view of that buffer). Throws when the file
 * cannot be read.
 */
function readFileInto(path, buffer) {
  const fd = openSync(path, 'r')
  try {
    const size = fstatSync(fd).size
    const into = buffer !== undefined && buffer.length >= size ? buffer : Buffer.allocUnsafeSlow(size)
    let length = 0
    while (length < size) {
      const n = readSync(fd, into, length, size - length, null)
      if (n === 0) {
        break
      }
      length += n
    }
    return into.subarray(0, length)
  } finally {
    closeSync(fd)
  }
}

/** The bundle's source (from `bytes`, the bundle's bytes, when given). Throws when it cannot be read. */
function readBundle(bytes = readFileInto(BUNDLE)) {
  // esbuild writes ASCII only (non-ASCII characters become escapes), so latin1 is exact
  // and makes a one-byte string without a UTF-8 decoding pass.
  return bytes.toString('latin1')
}

/**
 * The stamp line (with its newline) of a bundle's `source`, or '' when it has none. The
 * code cache file is this line followed by V8's data.
 */
function stampOf(source) {
  const end = source.indexOf('\n')
  return source.startsWith(STAMP_PREFIX) && end > 0 ? source.slice(0, end + 1) : ''
}

/**
 * The code cache file starts with the stamp line of its bundle, padded with zero bytes to a
 * multiple of this, the pointer size: V8 copies cached data that is not so aligned before it
 * deserializes it (a copy of two megabytes, in fresh memory, on every start-up).
 */
const CODE_CACHE_ALIGNMENT = 8

/** The length of the header of the code cache file of a bundle whose stamp line is `stamp`. */
function codeCacheHeaderLength(stamp) {
  return Math.ceil(stamp.length / CODE_CACHE_ALIGNMENT) * CODE_CACHE_ALIGNMENT
}

/** The contents of the code cache file of the bundle `source` (stamped) with V8's `data`. */
function codeCacheFile(source, data) {
  const stamp = stampOf(source)
  const header = Buffer.alloc(codeCacheHeaderLength(stamp))
  header.write(stamp, 'latin1')
  return Buffer.concat([header, data])
}

/**
 * The V8 data of the code cache file (CODE_CACHE unless `cacheFile` is given) when it was
 * made for `source` (its stamp matches), otherwise undefined. The file is read into
 * `buffer` when given and large enough (the data is then a view of it).
 */
function readCodeCache(source, cacheFile = CODE_CACHE, buffer = undefined) {
  const stamp = stampOf(source)
  if (stamp === '') {
    return undefined
  }
  let file
  try {
    file = readFileInto(cacheFile, buffer)
  } catch {
    return undefined
  }
  const header = codeCacheHeaderLength(stamp)
  return file.length > header && file.toString('latin1', 0, stamp.length) === stamp ? file.subarray(header) : undefined
}

/**
 * The bundle's source and the V8 data of its code cache (CODE_CACHE unless `cacheFile` is
 * given; undefined when there is no cache made for the bundle). Both files are read through
 * one buffer: the source is copied out of it into a string, and the cache (the smaller file)
 * is then read into the same memory, which saves first touching a few megabytes of fresh
 * pages (about a millisecond of every start-up). Throws when the bundle cannot be read.
 */
function readTools(cacheFile = CODE_CACHE) {
  const bytes = readFileInto(BUNDLE)
  const source = readBundle(bytes)
  return { source, cachedData: readCodeCache(source, cacheFile, bytes) }
}

/**
 * The lines that wrap the bundle's code into a CommonJS module function (scripts/bundle.js
 * writes them into the file, after the stamp): the source is compiled as read, without a
 * copy of its 2.5 MB joined to a wrapper.
 */
const WRAPPER_START = '(function (exports, require, module, __filename, __dirname) {'
const WRAPPER_END = '\n})\n'

/**
 * V8's setFlagsFromString. Node's public one, in node:v8, loads Node's stream modules when
 * first required: about 1.5 ms of every start-up, which nothing else in a run needs. The
 * same function of process.binding('v8') costs a tenth of that; process.binding is
 * deprecated (DEP0111), so its warning is kept quiet for the call, and node:v8 serves
 * wherever the binding is missing or refused (a later Node.js, the permission model).
 */
function v8FlagSetter() {
  const quiet = process.noDeprecation
  process.noDeprecation = true
  try {
    const set = process.binding('v8').setFlagsFromString
    if (typeof set === 'function') {
      return (flags) => set(flags)
    }
  } catch {
    // The public API below.
  } finally {
    process.noDeprecation = quiet
  }
  return require('node:v8').setFlagsFromString
}

/**
 * Compiles the bundle's `source` (the stamp line, then the CommonJS module function), with
 * `cachedData` (V8's code cache data) when given.
 */
function compileTools(source, cachedData) {
  const setFlags = v8FlagSetter()
  for (const flag of V8_FLAGS) {
    setFlags(flag)
  }
  return new vm.Script(source, { filename: BUNDLE, cachedData })
}

/** Runs the compiled bundle and returns its exports (runTool, runToolOnMainThread, nodeToolIO). */
function instantiateTools(script) {
  const module = { exports: {} }
  script.runInThisContext()(module.exports, createRequire(BUNDLE), module, BUNDLE, path.dirname(BUNDLE))
  return module.exports
}

/**
 * The bundle's exports, compiled with a matching code cache where there is one: the light
 * cache for a light run of the tool `name` with the arguments `argv` (see `isLightRun`; when
 * there is no matching light cache, the full one), otherwise (or without `argv`) the full
 * one. Throws when the bundle cannot be read.
 */
function loadTools(name = '', argv = null) {
  // The bundle is read once; a light run without a matching light cache reads the full one
  // into the same buffer.
  const bytes = readFileInto(BUNDLE)
  const source = readBundle(bytes)
  const light = argv !== null && isLightRun(name, argv) ? readCodeCache(source, LIGHT_CODE_CACHE, bytes) : undefined
  return instantiateTools(compileTools(source, light ?? readCodeCache(source, CODE_CACHE, bytes)))
}

module.exports = { BUNDLE, CODE_CACHE, LIGHT_CODE_CACHE, STAMP_PREFIX, V8_FLAGS, WRAPPER_END, WRAPPER_START, codeCacheFile, compileTools, instantiateTools, isLightRun, loadTools, readBundle, readCodeCache, readTools, stampOf }
