import { StringAttr, printOperation, type AsmPrinterOptions, type Operation } from '@tilepass/ir'
import { PassInstrumentation, type Pass, type PassManager } from '@tilepass/pass-manager'

/** Decides whether to print around `pass` running on `op`. */
export type PassPrintFilter = (pass: Pass<object>, op: Operation) => boolean

/** The settings of `enableIRPrinting` (MLIR's `IRPrinterConfig`). */
export interface IRPrintingConfig {
  /** Print before the passes it accepts (null: never). */
  readonly printBefore?: PassPrintFilter | null
  /** Print after the passes it accepts (null: never); also gates the `Failed` dumps. */
  readonly printAfter?: PassPrintFilter | null
  /** Print the top-level op instead of the pass's op (`--mlir-print-ir-module-scope`). */
  readonly printModuleScope?: boolean
  /** Print after a pass only when it changed the IR (`--mlir-print-ir-after-change`). */
  readonly printAfterOnlyOnChange?: boolean
  /** Print after a pass only when it failed (`--mlir-print-ir-after-failure`). */
  readonly printAfterOnlyOnFailure?: boolean
  /** The printer flags (the tool's `--mlir-print-*` flags). */
  readonly printerOptions?: AsmPrinterOptions
  /** Where dumps go (stderr in mlir-opt). Ignored when `treeDir` is set. */
  readonly output: (text: string) => void
  /**
   * `--mlir-print-ir-tree-dir`: write each dump to its own file under this directory,
   * in a tree of the op's ancestors, through `writeFile` (which creates directories).
   */
  readonly treeDir?: string
  /** Writes a file, creating its directories; required with `treeDir`. */
  readonly writeFile?: (path: string, text: string) => void
  /**
   * The banner style: `mlir` (default) is mlir-opt's `// -----// IR Dump Before CSE (cse) //----- //`;
   * `tileiras` is the tileiras chapter's `*** IR Dump Before cse ***` (the pass argument),
   * followed by the IR and one newline.
   */
  readonly bannerStyle?: 'mlir' | 'tileiras'
}

function isAdaptor(pass: Pass<object>): boolean {
  return pass.name.startsWith('Pipeline Collection') && Array.isArray((pass as { mgrs?: unknown }).mgrs)
}

/**
 * A fingerprint of `op` for `--mlir-print-ir-after-change`: its generic form with
 * locations, so any change to ops, attributes, types or locations shows.
 */
function fingerprint(op: Operation): string {
  return printOperation(op, { printGenericOpForm: true, printDebugInfo: true, assumeVerified: true })
}

/**
 * Prints the IR around passes with mlir-opt's banners:
 * `// -----// IR Dump Before CSE (cse) //----- //` and `... After X Failed (x) ...`.
 * Nested pass-manager adaptors are never printed.
 */
export class IRPrinterInstrumentation extends PassInstrumentation {
  private readonly fingerprints: Map<Pass<object>, string[]> = new Map()
  private readonly counters: Map<Operation, number> = new Map()

  constructor(private readonly config: IRPrintingConfig) {
    super()
  }

  override runBeforePass(pass: Pass<object>, op: Operation): void {
    if (isAdaptor(pass)) {
      return
    }
    const c = this.config
    if (c.treeDir !== undefined) {
      this.counters.set(op, (this.counters.get(op) ?? 0) + 1)
    }
    if (c.printAfterOnlyOnChange === true) {
      let stack = this.fingerprints.get(pass)
      if (stack === undefined) {
        stack = []
        this.fingerprints.set(pass, stack)
      }
      stack.push(fingerprint(op))
    }
    if (c.printBefore === null || c.printBefore === undefined || !c.printBefore(pass, op)) {
      return
    }
    this.emit(pass, op, 'Before', false)
  }

  override runAfterPass(pass: Pass<object>, op: Operation): void {
    if (isAdaptor(pass)) {
      return
    }
    const c = this.config
    const before = c.printAfterOnlyOnChange === true ? this.fingerprints.get(pass)?.pop() : undefined
    if (c.printAfter === null || c.printAfter === undefined || !c.printAfter(pass, op)) {
      return
    }
    if (c.printAfterOnlyOnFailure === true) {
      return
    }
    if (before !== undefined && before === fingerprint(op)) {
      return
    }
    this.emit(pass, op, 'After', false)
  }

  override runAfterPassFailed(pass: Pass<object>, op: Operation): void {
    if (isAdaptor(pass)) {
      return
    }
    const c = this.config
    if (c.printAfterOnlyOnChange === true) {
      this.fingerprints.get(pass)?.pop()
    }
    if (c.printAfter === null || c.printAfter === undefined || !c.printAfter(pass, op)) {
      return
    }
    this.emit(pass, op, 'After', true)
  }

  private emit(pass: Pass<object>, op: Operation, when: 'Before' | 'After', failed: boolean): void {
    const c = this.config
    const options = c.printerOptions ?? {}
    if (c.bannerStyle === 'tileiras') {
      let root = op
      if (c.printModuleScope === true) {
        while (root.parentOp !== null) {
          root = root.parentOp
        }
      }
      const ir = printOperation(root, options)
      c.output(`*** IR Dump ${when} ${pass.argument}${failed ? ' Failed' : ''} ***\n${ir}${ir.endsWith('\n') ? '' : '\n'}`)
      return
    }
    let text = `// -----// IR Dump ${when} ${pass.name}${failed ? ' Failed' : ''} (${pass.argument})`
    if (c.printModuleScope !== true) {
      const nested = op.parentBlock !== null
      // A top-level op prints with its trailing newline; a nested one without.
      text += ' //----- //\n' + printOperation(op, nested ? { ...options, printLocalScope: true } : options)
    } else {
      text += ` ('${op.name.name}' operation`
      const sym = op.getAttr('sym_name')
      if (sym instanceof StringAttr) {
        text += `: @${sym.value}`
      }
      text += ') //----- //\n'
      let top = op
      while (top.parentOp !== null) {
        top = top.parentOp
      }
      text += printOperation(top, options)
    }
    text += '\n\n'
    if (c.treeDir !== undefined && c.writeFile !== undefined) {
      c.writeFile(this.treePath(c.treeDir, pass, op), text)
    } else {
      c.output(text)
    }
  }

  /**
   * The file of a dump under `--mlir-print-ir-tree-dir`: one directory per ancestor
   * (`builtin_module_outer/func_func_symB`), then the pass index of each ancestor and
   * of the op, and the pass argument: `1_0_1_canonicalize.mlir`.
   */
  private treePath(dir: string, pass: Pass<object>, op: Operation): string {
    const chain: Operation[] = []
    for (let o: Operation | null = op; o !== null; o = o.parentOp) {
      chain.push(o)
    }
    chain.reverse()
    let path = dir
    const indices: number[] = []
    for (const o of chain) {
      let component = o.name.name.replaceAll('.', '_')
      const sym = o.getAttr('sym_name')
      if (sym instanceof StringAttr) {
        component += `_${sym.value}`
      }
      path += `/${component}`
      indices.push(Math.max((this.counters.get(o) ?? 0) - 1, 0))
    }
    return `${path}/${indices.join('_')}_${pass.argument}.mlir`
  }
}

/**
 * Adds IR printing to `pm` (MLIR's `PassManager::enableIRPrinting`). Add it after
 * timing and before anything that may reject the IR, so that the post-pass dump is
 * printed even when verification then fails.
 */
export function enableIRPrinting(pm: PassManager, config: IRPrintingConfig): void {
  pm.addInstrumentation(new IRPrinterInstrumentation(config))
}
