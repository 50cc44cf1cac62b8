// The launcher of the tools: loads the bundled CLI (see load-tools.js) and reports, instead
// of a raw stack trace, when it cannot be loaded (for example before `pnpm build` in a
// fresh checkout).
//
// The parser, verifier and printer recurse once per nested region, and the main thread's
// stack (about 1 MB) ends at a few hundred levels. A tool therefore runs on the main thread
// only while its arguments and input nest shallowly (runToolOnMainThread: the lexers count
// their bracket nesting as they read, and the first to pass the limit abandons the run
// before anything is written; a run that writes before the whole input is read scans it
// at its first write); deeper inputs, and bytecode,
// run in a worker thread whose stack is STACK_MB, enough for tens of thousands of nested
// regions. Starting the worker costs about 35 ms, which shallow inputs no longer pay.
// Output is written synchronously to fds 1 and 2 on either thread. The worker runs
// tool-worker.js, so that the main thread loads node:worker_threads (and the streams it
// needs, a millisecond or two of every start-up) only when it starts one.
'use strict'
const { Buffer } = require('node:buffer')
const { statSync, writeSync } = require('node:fs')
const path = require('node:path')
const { loadTools } = require('./load-tools.js')

const STACK_MB = 1024
/** Inputs larger than this run in the worker unscanned, as MAX_SCANNED_BYTES in src/internal/largeStack.ts. */
const MAX_SCANNED_BYTES = 8 << 20
const STACK_MESSAGE = 'Maximum call stack size exceeded'

/** Characters of a long string encoded and written at a time, so that no copy of the whole output is made. */
const WRITE_CHUNK = 1 << 20

/** Writes all of `text` (a string or bytes) to `fd`, retrying while a non-blocking descriptor is full. */
function writeAll(fd, text) {
  if (typeof text === 'string' && text.length > WRITE_CHUNK) {
    for (let start = 0; start < text.length; ) {
      let end = Math.min(start + WRITE_CHUNK, text.length)
      // Never split a surrogate pair between two chunks.
      const last = text.charCodeAt(end - 1)
      if (end < text.length && last >= 0xd800 && last <= 0xdbff) {
        end--
      }
      if (!writeBytes(fd, Buffer.from(text.slice(start, end), 'utf8'))) {
        return
      }
      start = end
    }
    return
  }
  writeBytes(fd, typeof text === 'string' ? Buffer.from(text, 'utf8') : Buffer.from(text.buffer, text.byteOffset, text.byteLength))
}

/** Writes all of `buf` to `fd`, retrying while a non-blocking descriptor is full; false once the reader is gone. */
function writeBytes(fd, buf) {
  let off = 0
  while (off < buf.length) {
    try {
      off += writeSync(fd, buf, off)
    } catch (error) {
      if (error.code === 'EAGAIN') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1)
        continue
      }
      if (error.code === 'EPIPE') {
        return false
      }
      throw error
    }
  }
  return true
}

/**
 * The tools, or exit 2 with a message when the built CLI cannot be loaded (`beforeExit`,
 * when given, is called with the exit code first: a worker's process.exit ends only the
 * worker, so it posts the code to the main thread). `argv`, when given, are the tool's
 * arguments: a run with few needs is compiled with a smaller code cache (see load-tools.js).
 */
function loadToolsOrExit(name, beforeExit, argv = null) {
  try {
    return loadTools(name, argv)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    writeAll(2, `${name}: cannot load the built CLI (${reason}); run \`pnpm build\` first\n`)
    beforeExit?.(2)
    process.exit(2)
  }
}

/**
 * The ToolIO of the process with synchronous output, reading `stdin` (when given) for `-`.
 * Made with the bundle's withToolIO, so that nodeToolIO's stderrIsTTY stays a getter:
 * process.stderr, and the stream modules it loads, are created only when a tool asks.
 */
function toolIO(tools, stdin) {
  const io = tools.nodeToolIO()
  return tools.withToolIO(io, {
    stdout: (text) => writeAll(1, text),
    stderr: (text) => writeAll(2, text),
    stdoutBytes: (bytes) => writeAll(1, bytes),
    ...(stdin === null
      ? {}
      : {
          readFileBytes: (path) => (path === '-' ? stdin : io.readFileBytes(path)),
          readFile: (path) => (path === '-' ? Buffer.from(stdin.buffer, stdin.byteOffset, stdin.byteLength).toString('utf8') : io.readFile(path)),
        }),
  })
}

/**
 * Runs the tool `name` (`tilepass-opt`, `tilepass-translate` or `tilepass-compile`) on the
 * process's arguments: on the main thread when its input nests shallowly, otherwise in a
 * worker thread with a large stack; the exit code becomes the process's.
 */
function launchTool(name) {
  const argv = process.argv.slice(2)
  // A large input file goes to the worker at once, without loading the tools or reading the
  // file on this thread (their memory would stay beside the worker's). An argument that is
  // an option's value and names a large file only costs the worker's start.
  if (argv.some((arg) => !arg.startsWith('-') && fileSize(arg) > MAX_SCANNED_BYTES)) {
    startWorker(name, argv, null)
    return
  }
  const tools = loadToolsOrExit(name, undefined, argv)
  const streams = watchStdioStreams()
  const result = tools.runToolOnMainThread(name, argv, toolIO(tools, null))
  if (typeof result === 'number') {
    if (streams.created) {
      // A write to process.stdout or process.stderr may still be pending (pipes are
      // asynchronous on some systems): the process ends when it is done.
      process.exitCode = result
      return
    }
    // All output went out through writeSync and nothing is pending: exiting now skips the
    // teardown of the heap that a natural exit does (a few milliseconds of every run).
    process.exit(result)
  }
  startWorker(name, argv, result.stdin)
}

/**
 * Watches whether anything creates process.stdout or process.stderr from now on: the
 * returned object's `created` becomes true on the first read of either (Node creates the
 * streams on first read). Where Node defines them otherwise, `created` is true at once.
 */
function watchStdioStreams() {
  const state = { created: false }
  for (const key of ['stdout', 'stderr']) {
    const descriptor = Object.getOwnPropertyDescriptor(process, key)
    if (descriptor === undefined || typeof descriptor.get !== 'function' || descriptor.configurable !== true) {
      state.created = true
      continue
    }
    const get = descriptor.get
    Object.defineProperty(process, key, {
      configurable: true,
      enumerable: descriptor.enumerable,
      get() {
        state.created = true
        return get.call(this)
      },
    })
  }
  return state
}

/** The size of the file at `path` in bytes, or -1 when there is none. */
function fileSize(path) {
  try {
    return statSync(path).size
  } catch {
    return -1
  }
}

/** Runs the tool in a worker thread with a large stack; `stdin` is the input it already read, or null. */
function startWorker(name, argv, stdin) {
  const { Worker } = require('node:worker_threads')
  const worker = new Worker(path.join(__dirname, 'tool-worker.js'), {
    argv,
    workerData: { tilepassTool: name, stdin },
    resourceLimits: { stackSizeMb: STACK_MB },
    stdin: false,
  })
  worker.on('message', (code) => {
    process.exitCode = code
  })
  worker.on('error', (error) => {
    if (error instanceof RangeError && error.message.includes(STACK_MESSAGE)) {
      writeAll(2, `${name}: nesting too deep: exceeded the stack limit\n`)
    } else {
      writeAll(2, `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    }
    process.exitCode = 1
  })
}

module.exports = { launchTool, loadToolsOrExit, toolIO, writeAll }
