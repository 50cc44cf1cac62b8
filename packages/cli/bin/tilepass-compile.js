#!/usr/bin/env node
// Thin launcher: loads the built CLI and reports, instead of a raw stack trace, when it
// cannot be loaded (for example before `pnpm build` in a fresh checkout).
let mod
let io
try {
  mod = await import('../dist/tilepass-compile.js')
  io = await import('../dist/ToolIO.js')
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error)
  process.stderr.write(`tilepass-compile: cannot load the built CLI (${reason}); run \`pnpm build\` first\n`)
  process.exit(2)
}
process.exitCode = mod.main(process.argv.slice(2), io.nodeToolIO())
