import { readFileSync } from 'node:fs'

/** @internal The version of `@tilepass/cli`, from its package.json (one level above `src/` and `dist/`). */
export function cliVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  return manifest.version
}

/** @internal The `--version` text, laid out as LLVM's version printer lays out mlir-opt's. */
export function formatVersion(toolName: string): string {
  return `Tilepass version ${cliVersion()}\n  ${toolName} running on Node.js ${process.version}\n`
}
