// The esbuild plugin of the tools' bundle (scripts/bundle.js) that makes lazy tables lazy.
//
// A lazy table is a module named `*.lazy.ts` (built to `*.lazy.js`) whose exported tables
// map keys to loaders, `() => Name`, each Name imported by name (from a module of the same
// package, from another package's index, or from a dependency's entry module). Unbundled it
// is an ordinary eager table. In the bundle each loader becomes `() => require('<module>').Name`,
// where <module> is the module that declares Name (found through the re-exports of the index
// it was imported from; a dependency's module is required as it is), and
// the import goes: esbuild then wraps that module (and what only it imports) in an init
// function that runs on the loader's first call, so a run evaluates only the dialects,
// passes and tools it uses. The plugin is strict: a table that is not in this simple form,
// or a name whose declaring module it cannot find, fails the build.
import { readFileSync } from 'node:fs'
import path from 'node:path'

const LAZY_TABLE = /\.lazy\.js$/

/** A named value import of a lazy table: `import { A, B as C } from "./m.js";`. */
const NAMED_IMPORT = /^import \{([^}]*)\} from (["'])([^"']+)\2;$/gm

/** The `A` or `A as B` parts of an import or export list. */
function specifiers(list, file) {
  return list
    .split(',')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const m = /^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part)
      if (m === null) {
        throw new Error(`${file}: '${part.trim()}' is not a plain named import or export`)
      }
      return { name: m[1], as: m[2] ?? m[1] }
    })
}

/**
 * The lazy table at `file` (source `text`), with its loaders made lazy: `requireOf(spec,
 * name)` gives the `require(...).X` expression of the module that declares `name` imported
 * from `spec`. Throws when the table is not in the simple form (only named imports, each
 * imported name used only as a loader's whole body).
 */
export function lazyTableSource(file, text, requireOf) {
  const imports = new Map()
  let body = text.replace(NAMED_IMPORT, (_, list, _q, spec) => {
    for (const { name, as } of specifiers(list, file)) {
      imports.set(as, { spec, name })
    }
    return ''
  })
  if (/^\s*(import\b|export\s*\*|export\s*\{[^}]*\}\s*from\b)/m.test(body)) {
    throw new Error(`${file}: a lazy table may have only named imports and no re-exports`)
  }
  if (imports.size === 0) {
    throw new Error(`${file}: a lazy table without imports`)
  }
  const used = new Set()
  body = body.replace(/\(\)\s*=>\s*(\w+)\b(?!\s*[.([?!])/g, (whole, local) => {
    const target = imports.get(local)
    if (target === undefined) {
      return whole
    }
    used.add(local)
    return `() => ${requireOf(target.spec, target.name)}`
  })
  // The code without comments, the loaders' bodies and the keys of the loaders.
  const code = body
    .replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
    .replace(/require\("[^"]*"\)\.\w+/g, '')
    .replace(/\w+\s*:\s*(?=\(\)\s*=>)/g, '')
  for (const local of imports.keys()) {
    if (!used.has(local) || new RegExp(`\\b${local}\\b`).test(code)) {
      throw new Error(`${file}: '${local}' must be used only as a loader's whole body, \`() => ${local}\``)
    }
  }
  return body
}

/**
 * The module that declares the export `name` of the module `file` (`file` itself, or the
 * module a chain of `export { ... } from` / `export * from` leads to), or null when none does.
 */
export function declaringModule(file, name, read = (f) => readFileSync(f, 'utf8'), seen = new Set()) {
  if (seen.has(file)) {
    return null
  }
  seen.add(file)
  const text = read(file)
  if (new RegExp(`^export (?:const|let|var|class|abstract class|function|async function) ${name}\\b`, 'm').test(text)) {
    return { file, name }
  }
  for (const m of text.matchAll(/^export \{([^}]*)\} from (["'])([^"']+)\2;$/gm)) {
    const found = specifiers(m[1], file).find((s) => s.as === name)
    if (found !== undefined) {
      return declaringModule(path.resolve(path.dirname(file), m[3]), found.name, read, seen)
    }
  }
  for (const m of text.matchAll(/^export \* from (["'])([^"']+)\1;$/gm)) {
    const found = declaringModule(path.resolve(path.dirname(file), m[2]), name, read, seen)
    if (found !== null) {
      return found
    }
  }
  return null
}

/** Whether `file` (a resolved path) is a module of a dependency rather than of the workspace's packages. */
export function isDependency(file) {
  return file.split(path.sep).includes('node_modules')
}

/** The esbuild plugin that makes the lazy tables lazy. */
export const lazyTables = {
  name: 'tilepass-lazy-tables',
  setup(b) {
    b.onLoad({ filter: LAZY_TABLE }, async (args) => {
      const dir = path.dirname(args.path)
      const text = readFileSync(args.path, 'utf8')
      // The modules of the imports, resolved as esbuild resolves them.
      const entries = new Map()
      for (const m of text.matchAll(NAMED_IMPORT)) {
        const resolved = await b.resolve(m[3], { resolveDir: dir, kind: 'import-statement' })
        if (resolved.errors.length > 0 || resolved.path === '') {
          throw new Error(`${args.path}: cannot resolve '${m[3]}'`)
        }
        entries.set(m[3], resolved.path)
      }
      const contents = lazyTableSource(args.path, text, (spec, name) => {
        const entry = entries.get(spec)
        // A dependency (outside the workspace) is evaluated as a whole: its module itself.
        const found = isDependency(entry) ? { file: entry, name } : declaringModule(entry, name)
        if (found === null) {
          throw new Error(`${args.path}: no module that '${spec}' re-exports declares '${name}'`)
        }
        return `require(${JSON.stringify(found.file)}).${found.name}`
      })
      return { contents, loader: 'js', resolveDir: dir }
    })
  },
}
