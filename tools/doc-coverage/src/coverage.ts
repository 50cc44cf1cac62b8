import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** An exported name without a doc comment. */
export interface Undocumented {
  /** The package directory name (`ir`, `pass-manager`, ...). */
  readonly pkg: string
  /** The exported name. */
  readonly name: string
  /** Where it is declared, `file:line`, relative to the repository root. */
  readonly where: string
}

/** The package directories under `packages/` that have a `src/index.ts`. */
export function packageEntries(repoRoot: string): { pkg: string; index: string }[] {
  const dir = path.join(repoRoot, 'packages')
  return readdirSync(dir)
    .sort()
    .map((pkg) => ({ pkg, index: path.join(dir, pkg, 'src', 'index.ts') }))
    .filter((e) => existsSync(e.index))
}

function hasDocComment(decl: ts.Declaration): boolean {
  // A variable's comment sits on its statement; a declaration's on itself.
  let node: ts.Node = decl
  if (ts.isVariableDeclaration(node) && ts.isVariableDeclarationList(node.parent)) {
    node = node.parent.parent
  }
  const docs = ts.getJSDocCommentsAndTags(node)
  return docs.some((d) => (ts.isJSDoc(d) ? (d.comment !== undefined && d.comment !== '') || (d.tags?.length ?? 0) > 0 : true))
}

/**
 * Every name the packages' `src/index.ts` files export (values and types, re-exports
 * followed to their declarations) whose declaration has no doc comment. Names marked
 * `@internal` are not public and are skipped. A name counts as documented when any of
 * its declarations (e.g. a class and a same-named interface) has a comment.
 */
export function findUndocumented(repoRoot: string): Undocumented[] {
  const entries = packageEntries(repoRoot)
  const program = ts.createProgram(
    entries.map((e) => e.index),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      allowImportingTsExtensions: true,
      noEmit: true,
      customConditions: ['source'],
      skipLibCheck: true,
    },
  )
  const checker = program.getTypeChecker()
  const out: Undocumented[] = []
  for (const { pkg, index } of entries) {
    const source = program.getSourceFile(index)
    const moduleSymbol = source === undefined ? undefined : checker.getSymbolAtLocation(source)
    if (moduleSymbol === undefined) {
      continue
    }
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      const decls = symbol.getDeclarations() ?? []
      if (decls.length === 0) {
        continue
      }
      const internal = decls.some((d) => ts.getJSDocTags(d).some((t) => t.tagName.text === 'internal'))
      if (internal || decls.some(hasDocComment)) {
        continue
      }
      const first = decls[0]!
      const file = first.getSourceFile()
      const line = file.getLineAndCharacterOfPosition(first.getStart()).line + 1
      out.push({ pkg, name: exported.getName(), where: `${path.relative(repoRoot, file.fileName)}:${line}` })
    }
  }
  return out
}
