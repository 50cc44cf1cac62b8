import { CallSiteLoc, FileLineColLoc, FusedLoc, NameLoc, OpaqueLoc, StringAttr, type Location, type Operation } from '@tilepass/ir'
import { OperationPass } from '@tilepass/pass-manager'
import { DICompileUnitAttr, DIFileAttr, DILocAttr, DISubprogramAttr } from '../CudaTileAttributes.ts'
import { getDILoc } from '../CudaTileDebugInfo.ts'

/** The file location inside `loc`, or null. */
function extractFileLoc(loc: Location): FileLineColLoc | null {
  if (loc instanceof FileLineColLoc) {
    return loc
  }
  if (loc instanceof NameLoc) {
    return extractFileLoc(loc.childLoc)
  }
  if (loc instanceof OpaqueLoc) {
    return extractFileLoc(loc.fallback)
  }
  if (loc instanceof FusedLoc) {
    for (const l of loc.locations) {
      if (l instanceof FileLineColLoc) {
        return l
      }
    }
    return null
  }
  if (loc instanceof CallSiteLoc) {
    return extractFileLoc(loc.caller)
  }
  return null
}

/** `di_file<"name" in "dir">` of a file location (llvm::sys::path filename / parent_path). */
function fileFor(loc: FileLineColLoc): DIFileAttr {
  const path = loc.filename
  const slash = path.lastIndexOf('/')
  const name = slash < 0 ? path : path.slice(slash + 1)
  const dir = slash < 0 ? '' : slash === 0 ? '/' : path.slice(0, slash)
  return DIFileAttr.get(StringAttr.get(loc.context, name), StringAttr.get(loc.context, dir))
}

function synthesizeForFunction(func: Operation, compileUnit: DICompileUnitAttr): void {
  if (getDILoc(func.location) !== null) {
    return
  }
  const context = func.context
  let file = compileUnit.file
  let line = 1
  let fileLoc = extractFileLoc(func.location)
  if (fileLoc !== null) {
    file = fileFor(fileLoc)
    line = fileLoc.line
  } else {
    fileLoc = FileLineColLoc.get(context, file.name.value, 1, 1)
  }
  const name = func.getAttr('sym_name') as StringAttr
  const subprogram = DISubprogramAttr.get(file, line, name, name, compileUnit, line)
  const fallback = fileLoc
  func.walk((op: Operation) => {
    op.location = DILocAttr.get(extractFileLoc(op.location) ?? fallback, subprogram)
  })
}

/** `synthesize-debug-info-scopes`: gives every function of a `cuda_tile.module` a subprogram scope. */
export class SynthesizeDebugInfoScopesPass extends OperationPass {
  static override readonly argument = 'synthesize-debug-info-scopes'
  static override readonly summary = 'Synthesize debug info scope information for a module'
  static override readonly opName = 'cuda_tile.module'
  static readonly passName: string = 'SynthesizeDebugInfoScopesPass'

  override runOnOperation(): void {
    const module = this.getOperation()
    const moduleLoc = extractFileLoc(module.location)
    const file = moduleLoc !== null ? fileFor(moduleLoc) : DIFileAttr.get(StringAttr.get(module.context, '<unknown>'), StringAttr.get(module.context, ''))
    const compileUnit = DICompileUnitAttr.get(file)
    const body = module.regions[0]!.firstBlock
    for (const op of body === null ? [] : body.operations) {
      if (op.name.name === 'cuda_tile.entry' || op.name.name === 'cuda_tile.testing$func') {
        synthesizeForFunction(op, compileUnit)
      }
    }
  }
}
