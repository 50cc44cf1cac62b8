import { readdirSync, readFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import type { ImportSite, LayerTable, PackageNode } from './checkDeps.ts'

interface Manifest {
  name?: string
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}

function scoped(deps: Record<string, string> | undefined): string[] {
  return Object.keys(deps ?? {}).filter((name) => name.startsWith('@tilepass/'))
}

function listTsFiles(dir: string): string[] {
  if (!existsSync(dir)) {
    return []
  }
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.[cm]?tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
}

/** Lists the module specifiers of one source file with the TypeScript scanner (no type checking). */
export function readImports(text: string, file: string): ImportSite[] {
  const { importedFiles } = ts.preProcessFile(text, true, true)
  // importedFiles come in source order, so one forward scan finds every line number.
  let line = 1
  let scanned = 0
  return importedFiles.map((ref) => {
    for (; scanned < ref.pos; scanned++) {
      if (text.charCodeAt(scanned) === 10) {
        line++
      }
    }
    return { file, line, specifier: ref.fileName }
  })
}

/** Reads every `packages/<dir>/package.json` and the imports of every `packages/<dir>/src/**` file. */
export function readWorkspace(root: string): PackageNode[] {
  const packagesDir = path.join(root, 'packages')
  return readdirSync(packagesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(packagesDir, entry.name, 'package.json')))
    .map((entry) => entry.name)
    .sort()
    .map((dir) => {
      const pkgDir = path.join(packagesDir, dir)
      const manifest = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as Manifest
      const imports = listTsFiles(path.join(pkgDir, 'src')).flatMap((file) =>
        readImports(readFileSync(file, 'utf8'), path.relative(pkgDir, file).split(path.sep).join('/')),
      )
      return {
        dir,
        name: manifest.name ?? '',
        dependencies: [
          ...scoped(manifest.dependencies),
          ...scoped(manifest.peerDependencies),
          ...scoped(manifest.optionalDependencies),
        ],
        devDependencies: scoped(manifest.devDependencies),
        imports,
      }
    })
}

/** Reads the layer table, `tools/check-deps/layers.json`. */
export function readLayerTable(file: string): LayerTable {
  const json = JSON.parse(readFileSync(file, 'utf8')) as { allowed: Record<string, string[]> }
  return new Map(Object.entries(json.allowed))
}
