import { DILexicalBlockAttr, DILocAttr, DISubprogramAttr, type DILocalScopeAttr } from '@tilepass/cuda-tile'
import { ArrayAttr, DictionaryAttr, StringAttr, SymbolRefAttr, SymbolTable, Trait, type Attribute, type Location, type Operation } from '@tilepass/ir'
import { OperationPass, boolOption, stringOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'

type RenameOptionDecls = {
  readonly symbolToRename: ScalarOption<string>
  readonly scope: ScalarOption<string>
  readonly newName: ScalarOption<string>
  readonly updateUses: ScalarOption<boolean>
}

const renameOptions: RenameOptionDecls = {
  symbolToRename: stringOption('symbol-to-rename', '', 'The symbol op to rename. Accepts a nested symbol specifier like outer::middle::inner.'),
  scope: stringOption('scope', '', 'The scope for the rename. Accepts a nested symbol specifier like outer::middle::inner.'),
  newName: stringOption('new-name', '', 'New name for the symbol. For outer::middle::inner, this would only replace inner.'),
  updateUses: boolOption('update-uses', false, 'If the pass should also attempt to update uses of the symbol being renamed.'),
}

/** `outer::middle::inner` as a symbol reference. */
function parseNestedSpecifier(op: Operation, spec: string): SymbolRefAttr {
  const parts = spec.split('::')
  return SymbolRefAttr.get(op.context, parts[0]!, parts.slice(1))
}

/** Rebuilds `scope` with every `from` subprogram in its chain replaced by `to`. */
function replaceInScope(scope: DILocalScopeAttr, from: DISubprogramAttr, to: DISubprogramAttr): DILocalScopeAttr {
  if (scope === from) {
    return to
  }
  if (scope instanceof DILexicalBlockAttr) {
    const inner = replaceInScope(scope.scope, from, to)
    return inner === scope.scope ? scope : DILexicalBlockAttr.get(inner, scope.file, scope.line, scope.column)
  }
  return scope
}

function replaceInLocation(loc: Location, from: DISubprogramAttr, to: DISubprogramAttr): Location {
  if (loc instanceof DILocAttr) {
    const scope = replaceInScope(loc.scope, from, to)
    return scope === loc.scope ? loc : DILocAttr.get(loc.sourceLoc, scope)
  }
  return loc
}

/** Replaces references to the symbol `oldName` in the attributes of `op` (flat references only). */
function renameUses(attr: Attribute, oldName: string, newName: string): Attribute {
  if (attr instanceof SymbolRefAttr && attr.rootReference === oldName && attr.nestedReferences.length === 0) {
    return SymbolRefAttr.get(attr.context, newName)
  }
  if (attr instanceof ArrayAttr) {
    const elements = attr.elements.map((a) => renameUses(a, oldName, newName))
    return elements.some((a, i) => a !== attr.elements[i]) ? ArrayAttr.get(attr.context, elements) : attr
  }
  if (attr instanceof DictionaryAttr) {
    const entries = attr.entries.map((e) => ({ name: e.name, value: renameUses(e.value, oldName, newName) }))
    return entries.some((e, i) => e.value !== attr.entries[i]!.value) ? DictionaryAttr.get(attr.context, entries) : attr
  }
  return attr
}

/**
 * `test-debuginfo-update-symbol-name` (cuda_tile's test pass): renames a symbol and sets the
 * linkage name of its `di_subprogram`, everywhere in the given scope.
 */
export class TestDebugInfoUpdateSymbolName extends OperationPass<OptionValues<RenameOptionDecls>> {
  static override readonly argument = 'test-debuginfo-update-symbol-name'
  static override readonly summary = 'Test the debuginfo utilities to update symbol names'
  static override readonly opName = 'builtin.module'
  static override readonly options: RenameOptionDecls = renameOptions
  static readonly passName = '(anonymous namespace)::TestDebugInfoUpdateSymbolName'

  override runOnOperation(): void {
    const module = this.getOperation()
    const toRename = parseNestedSpecifier(module, this.options.symbolToRename)
    let scopeOp: Operation = module
    if (this.options.scope !== '') {
      const scopeRef = parseNestedSpecifier(module, this.options.scope)
      const found = SymbolTable.lookupSymbolIn(module, scopeRef)
      if (found === undefined) {
        module.emitError(`could not find symbol op with name '${this.options.scope}'`).report()
        this.signalPassFailure()
        return
      }
      scopeOp = found
    }
    const sym = SymbolTable.lookupSymbolIn(module, toRename)
    if (sym === undefined) {
      module.emitError(`could not find symbol op with name '${this.options.symbolToRename}'`).report()
      this.signalPassFailure()
      return
    }
    if (sym.parentOp !== null && !scopeOp.isAncestor(sym)) {
      sym.context
        .emitError(sym.location, 'attempted to update symbol names in a scope that did not enclose the symbol itself')
        .attachNote('scope defined here', scopeOp.location)
        .report()
      this.signalPassFailure()
      return
    }
    const oldName = (sym.getAttr('sym_name') as StringAttr).value
    const newName = this.options.newName
    if (this.options.updateUses) {
      let table: Operation | null = sym.parentOp
      while (table !== null && !table.hasTrait(Trait.SymbolTable)) {
        table = table.parentOp
      }
      table?.walk((op: Operation) => {
        for (const a of op.getAttrs()) {
          const renamed = renameUses(a.value, oldName, newName)
          if (renamed !== a.value) {
            op.setAttr(a.name, renamed)
          }
        }
      })
    }
    sym.setAttr('sym_name', StringAttr.get(sym.context, newName))
    const di = sym.location
    if (!(di instanceof DILocAttr) || !(di.scope instanceof DISubprogramAttr)) {
      return
    }
    const from = di.scope
    const to = from.withLinkageName(StringAttr.get(sym.context, newName))
    scopeOp.walk((op: Operation) => {
      op.location = replaceInLocation(op.location, from, to)
    })
  }
}
