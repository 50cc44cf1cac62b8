// The launcher of the worker-thread tools (tilepass-opt, tilepass-translate): loads the
// built CLI and reports, instead of a raw stack trace, when it cannot be loaded (for
// example before `pnpm build` in a fresh checkout).
//
// The parser, verifier and printer recurse once per nested region, and the main thread's
// stack (about 1 MB) ends at a few hundred levels. The tool therefore runs in a worker
// thread whose stack is STACK_MB, enough for tens of thousands of nested regions; output
// is written synchronously to fds 1 and 2, as the main thread does for files and pipes.
import { Buffer } from 'node:buffer'
import { writeSync } from 'node:fs'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'

const STACK_MB = 1024
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
 * Runs the tool `name` (its entry is `dist/<name>.js`, exporting `main(argv, io)`) in a
 * worker thread with a large stack; the exit code becomes the process's.
 */
export function launchTool(name) {
  if (!isMainThread) {
    return
  }
  const worker = new Worker(new URL(import.meta.url), {
    argv: process.argv.slice(2),
    workerData: { tilepassTool: name },
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

if (!isMainThread && typeof workerData?.tilepassTool === 'string') {
  const name = workerData.tilepassTool
  // A worker's process.stdout and process.stderr are forwarded to the main thread
  // asynchronously; code that writes to them directly must stay in order with the tool's
  // own output, so they write synchronously too.
  for (const [stream, fd] of [
    [process.stdout, 1],
    [process.stderr, 2],
  ]) {
    stream.write = (chunk, encoding, callback) => {
      writeAll(fd, typeof chunk === 'string' && typeof encoding === 'string' ? Buffer.from(chunk, encoding) : chunk)
      const done = typeof encoding === 'function' ? encoding : callback
      if (typeof done === 'function') {
        done()
      }
      return true
    }
  }
  let mod
  let io
  try {
    mod = await import(`../dist/${name}.js`)
    io = await import('../dist/ToolIO.js')
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    writeAll(2, `${name}: cannot load the built CLI (${reason}); run \`pnpm build\` first\n`)
    parentPort.postMessage(2)
    process.exit(2)
  }
  const toolIO = {
    ...io.nodeToolIO(),
    stdout: (text) => writeAll(1, text),
    stderr: (text) => writeAll(2, text),
    stdoutBytes: (bytes) => writeAll(1, bytes),
  }
  parentPort.postMessage(mod.main(process.argv.slice(2), toolIO))
}
