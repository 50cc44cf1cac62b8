// The worker thread with a large stack that launch-tool.js starts for inputs that nest
// deeply (or bytecode, or large files): runs the tool named in workerData and posts its
// exit code to the main thread.
'use strict'
const { Buffer } = require('node:buffer')
const { isMainThread, parentPort, workerData } = require('node:worker_threads')
const { loadToolsOrExit, toolIO, writeAll } = require('./launch-tool.js')

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
  const tools = loadToolsOrExit(name, (code) => parentPort.postMessage(code), process.argv.slice(2))
  parentPort.postMessage(tools.runTool(name, process.argv.slice(2), toolIO(tools, workerData.stdin ?? null)))
}
