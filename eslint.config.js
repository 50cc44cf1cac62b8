// @ts-check
import { readFileSync } from 'node:fs'
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import tseslint from 'typescript-eslint'

/**
 * The package map (docs/ARCHITECTURE.md): for each package, the packages below it that it
 * may import. tools/check-deps reads the same table and also checks package.json and cycles.
 * @type {{ allowed: Record<string, string[]> }}
 */
const layers = JSON.parse(readFileSync(new URL('./tools/check-deps/layers.json', import.meta.url), 'utf8'))
const packageNames = Object.keys(layers.allowed)

const deepImport = {
  group: ['@tilepass/*/**'],
  message: "Import a @tilepass package through its index ('@tilepass/x'), never a path inside it.",
}

/**
 * The `no-restricted-imports` patterns for files of one package: no deep imports, no
 * package above or beside it in the map, no relative path into another package, and, in
 * src/ only, not its own name (tests may import the package they test by name).
 * @param {string} dir
 * @param {boolean} inSrc
 */
function restrictedImports(dir, inSrc) {
  const allowed = layers.allowed[dir] ?? []
  const forbidden = packageNames.filter((name) => name !== dir && !allowed.includes(name))
  const allowedText = allowed.length > 0 ? allowed.map((name) => `@tilepass/${name}`).join(', ') : 'no other @tilepass package'
  return [
    deepImport,
    {
      group: forbidden.map((name) => `@tilepass/${name}`),
      message: `@tilepass/${dir} may import only ${allowedText} (docs/ARCHITECTURE.md).`,
    },
    {
      group: packageNames.filter((name) => name !== dir).flatMap((name) => [`**/${name}/src/**`, `**/${name}/dist/**`]),
      message: 'Import another package by its name, never by a relative path into it.',
    },
    ...(inSrc ? [{ group: [`@tilepass/${dir}`], message: 'Inside src/, import the package’s own files relatively.' }] : []),
  ].filter((pattern) => pattern.group.length > 0)
}

export default defineConfig(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/.turbo/**', 'docs/api/**', '**/.snippets/**'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      curly: ['error', 'all'],
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-restricted-imports': ['error', { patterns: [deepImport] }],
    },
  },
  packageNames.flatMap((dir) => [
    {
      files: [`packages/${dir}/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: restrictedImports(dir, false) }] },
    },
    {
      files: [`packages/${dir}/src/**/*.ts`],
      rules: { 'no-restricted-imports': ['error', { patterns: restrictedImports(dir, true) }] },
    },
  ]),
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly' },
    },
  },
  {
    // The launchers are CommonJS (packages/cli/bin/package.json): no ES module loader at start-up.
    files: ['packages/cli/bin/**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', __filename: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
