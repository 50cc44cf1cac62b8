import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const root = fileURLToPath(new URL('.', import.meta.url))

// Tests import @tilepass/* from TypeScript sources through the `source` export condition,
// so `pnpm test` needs no build. TEST_DIST=1 drops the condition: imports then resolve to
// the built dist/, the artifact that is published. Vitest's node environment resolves
// through vite's SSR environment, hence `ssr.resolve`; the rest are vite's defaults there.
const conditions = [...(process.env.TEST_DIST === '1' ? [] : ['source']), 'module', 'node', 'development|production']

/** One vitest project per workspace package (packages/* and tools/*), named after package.json. */
const projects = ['packages', 'tools', 'examples'].flatMap((group) =>
  readdirSync(path.join(root, group), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, group, entry.name, 'package.json')))
    .map((entry) => {
      const dir = path.join(root, group, entry.name)
      const { name } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string }
      return {
        extends: true as const,
        test: {
          name,
          root: dir,
          include: ['test/**/*.test.ts'],
          benchmark: { include: ['bench/**/*.bench.ts'] },
        },
      }
    }),
)

export default defineConfig({
  ssr: { resolve: { conditions } },
  test: {
    projects,
    passWithNoTests: true,
  },
})
