// The esbuild plugin of the tools' bundle (scripts/bundle.js) that writes the members of
// the constant number tables in place: `Tok.colon` becomes `13`, `Trait.IsTerminator` 2.
//
// The tables are `as const` objects rather than enums, so that every way of running the
// sources emits the same thing; but in the bundle each is a variable of the bundle's
// scope, and until a function is optimized every `Tok.colon` is a load of it and a
// property load (an inline-cache call), for every token the parser compares and every
// trait it tests: a tool run is short and runs mostly such code. Written in place, the
// member is a constant in every tier.
//
// The plugin is strict: a table it cannot read, or a member it does not know, fails the
// build. A module's members of a table are replaced only where the module is the table's
// own or imports the table by its name (from its module or from its package's index) and
// declares nothing else by that name.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const PACKAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/** The tables: their name, the built module that declares them, and the package whose index re-exports them. */
const TABLES = [
  { name: 'Tok', module: 'ir/dist/parser/Lexer.js', index: '@tilepass/ir' },
  { name: 'Trait', module: 'ir/dist/OperationName.js', index: '@tilepass/ir' },
  { name: 'FormatKind', module: 'ir/dist/ods/Format.js', index: '@tilepass/ir' },
  { name: 'AffineExprKind', module: 'ir/dist/AffineMap.js', index: '@tilepass/ir' },
  { name: 'Signedness', module: 'ir/dist/Types.js', index: '@tilepass/ir' },
]

/** The built modules of the workspace's packages (dependencies' modules are left as they are). */
const PACKAGE_MODULE = /\/packages\/[\w-]+\/dist\/.+\.js$/

/** The members of the table `name` declared in the module text `text`: `export const name = { a: 1, ... }`. */
export function readTable(name, text, file) {
  const m = new RegExp(`^export const ${name} = \\{([^}]*)\\};$`, 'm').exec(text)
  if (m === null) {
    throw new Error(`${file}: no table \`export const ${name} = { ... };\``)
  }
  const values = new Map()
  const body = m[1].replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '')
  for (const part of body.split(',')) {
    if (part.trim() === '') {
      continue
    }
    const e = /^\s*(\w+)\s*:\s*(\d+)\s*$/.exec(part)
    if (e === null) {
      throw new Error(`${file}: '${part.trim()}' of ${name} is not \`member: integer\``)
    }
    values.set(e[1], e[2])
  }
  return values
}

/**
 * A table as the plugin uses it: its `name`, the path of its module (`file`), the package
 * whose index re-exports it (`index`) and its members' values (`values`, see `readTable`).
 * @typedef {{ name: string, file: string, index: string, values: Map<string, string> }} Table
 */

/**
 * Whether the module at `file` (text `text`) names the table `table` as its own: declares
 * it, or imports it by its name from its module or its package's index.
 */
function usesTable(table, file, text) {
  if (file === table.file) {
    return true
  }
  let imported = false
  for (const m of text.matchAll(/^import \{([^}]*)\} from (["'])([^"']+)\2;$/gm)) {
    if (!m[1].split(',').some((s) => s.trim() === table.name)) {
      continue
    }
    // A name imported from elsewhere is another module's: left as it is.
    const spec = m[3]
    if (spec === table.index || (spec.startsWith('.') && path.resolve(path.dirname(file), spec) === table.file)) {
      imported = true
    }
  }
  return imported
}

/** Whether `node` is the target of an assignment (`=`, `+=`, ...) or of `++`/`--`. */
function isAssigned(node) {
  const p = node.parent
  if (ts.isBinaryExpression(p)) {
    const k = p.operatorToken.kind
    return p.left === node && k >= ts.SyntaxKind.FirstAssignment && k <= ts.SyntaxKind.LastAssignment
  }
  return (ts.isPrefixUnaryExpression(p) || ts.isPostfixUnaryExpression(p)) && (p.operator === ts.SyntaxKind.PlusPlusToken || p.operator === ts.SyntaxKind.MinusMinusToken)
}

/**
 * The text of the module at `file` (text `text`) with each `Table.member` of the tables it
 * uses written as the member's value (`text` itself when it uses none). Throws on a member
 * the table lacks, an assignment to one, or another declaration of a table's name.
 */
export function inlineConstantsSource(file, text, tables) {
  const used = tables.filter((t) => text.includes(`${t.name}.`) && usesTable(t, file, text))
  if (used.length === 0) {
    return text
  }
  const byName = new Map(used.map((t) => [t.name, t]))
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS)
  const edits = []
  const visit = (node) => {
    const name = node.name
    if (name !== undefined && ts.isIdentifier(name) && byName.has(name.text) && !ts.isPropertyAccessExpression(node) && !ts.isImportSpecifier(node)) {
      // A declaration of the name: only the table's own, in its module.
      const own = ts.isVariableDeclaration(node) && file === byName.get(name.text).file && node.parent.parent.parent === source
      if (!own && !ts.isPropertyAssignment(node) && !ts.isMethodDeclaration(node) && !ts.isPropertyDeclaration(node) && !ts.isGetAccessor(node) && !ts.isSetAccessor(node)) {
        throw new Error(`${file}: declares another '${name.text}' beside the table`)
      }
    }
    if (ts.isPropertyAccessExpression(node) && node.questionDotToken === undefined && ts.isIdentifier(node.expression)) {
      const table = byName.get(node.expression.text)
      if (table !== undefined) {
        const member = node.name.text
        const v = table.values.get(member)
        if (v === undefined) {
          throw new Error(`${file}: '${table.name}.${member}' is not a member of the table`)
        }
        if (isAssigned(node)) {
          throw new Error(`${file}: assigns '${table.name}.${member}'`)
        }
        edits.push({ start: node.getStart(source), end: node.end, text: v })
        return
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  let out = text
  for (let i = edits.length - 1; i >= 0; i--) {
    const e = edits[i]
    out = `${out.slice(0, e.start)}${e.text}${out.slice(e.end)}`
  }
  return out
}

/** The plugin: built modules of the workspace's packages with the tables' members in place. */
export const inlineConstants = {
  name: 'inline-constants',
  setup(build) {
    const tables = TABLES.map((t) => {
      const file = path.join(PACKAGES, t.module)
      return { name: t.name, file, index: t.index, values: readTable(t.name, readFileSync(file, 'utf8'), file) }
    })
    build.onLoad({ filter: PACKAGE_MODULE }, (args) => {
      // Lazy tables are the lazy-table plugin's (they name no constant table).
      if (args.path.endsWith('.lazy.js')) {
        return undefined
      }
      const text = readFileSync(args.path, 'utf8')
      const contents = inlineConstantsSource(args.path, text, tables)
      return contents === text ? undefined : { contents, loader: 'js', resolveDir: path.dirname(args.path) }
    })
  },
}
