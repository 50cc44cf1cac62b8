import { type Attribute, BoolAttr, type Context, DialectAttr, FusedLoc, IntegerAttr, type OpAsmParser, type OpAsmPrinter } from '@tilepass/ir'

/** What a loop-metadata parameter holds: a bool, an integer, a nested loop attribute (by mnemonic) or a fused location. */
type ParamKind = 'bool' | 'int' | 'fused' | LoopAttrMnemonic

/** The mnemonics of the loop-metadata attributes (`#llvm.loop_annotation<...>` and its parts). */
export type LoopAttrMnemonic =
  | 'loop_annotation'
  | 'loop_vectorize'
  | 'loop_interleave'
  | 'loop_unroll'
  | 'loop_unroll_and_jam'
  | 'loop_licm'
  | 'loop_distribute'
  | 'loop_pipeline'
  | 'loop_peeled'
  | 'loop_unswitch'

/** @internal One loop attribute's parameters in declaration (print) order, as upstream's `LLVMAttrDefs.td`. */
class LoopAttrSpec {
  constructor(
    readonly className: string,
    readonly names: readonly string[],
    readonly kinds: readonly ParamKind[],
    /** Parameters that must be given (all others are optional). */
    readonly required: number,
  ) {}
}

function spec(className: string, params: readonly [string, ParamKind][], required = 0): LoopAttrSpec {
  return new LoopAttrSpec(
    className,
    params.map((p) => p[0]),
    params.map((p) => p[1]),
    required,
  )
}

const LA: ParamKind = 'loop_annotation'

const SPECS: Readonly<Record<LoopAttrMnemonic, LoopAttrSpec>> = {
  loop_vectorize: spec('LoopVectorizeAttr', [
    ['disable', 'bool'],
    ['predicateEnable', 'bool'],
    ['scalableEnable', 'bool'],
    ['width', 'int'],
    ['followupVectorized', LA],
    ['followupEpilogue', LA],
    ['followupAll', LA],
  ]),
  loop_interleave: spec('LoopInterleaveAttr', [['count', 'int']], 1),
  loop_unroll: spec('LoopUnrollAttr', [
    ['disable', 'bool'],
    ['count', 'int'],
    ['runtimeDisable', 'bool'],
    ['full', 'bool'],
    ['followupUnrolled', LA],
    ['followupRemainder', LA],
    ['followupAll', LA],
  ]),
  loop_unroll_and_jam: spec('LoopUnrollAndJamAttr', [
    ['disable', 'bool'],
    ['count', 'int'],
    ['followupOuter', LA],
    ['followupInner', LA],
    ['followupRemainderOuter', LA],
    ['followupRemainderInner', LA],
    ['followupAll', LA],
  ]),
  loop_licm: spec('LoopLICMAttr', [
    ['disable', 'bool'],
    ['versioningDisable', 'bool'],
  ]),
  loop_distribute: spec('LoopDistributeAttr', [
    ['disable', 'bool'],
    ['followupCoincident', LA],
    ['followupSequential', LA],
    ['followupFallback', LA],
    ['followupAll', LA],
  ]),
  loop_pipeline: spec('LoopPipelineAttr', [
    ['disable', 'bool'],
    ['initiationinterval', 'int'],
  ]),
  loop_peeled: spec('LoopPeeledAttr', [['count', 'int']]),
  loop_unswitch: spec('LoopUnswitchAttr', [['partialDisable', 'bool']]),
  loop_annotation: spec('LoopAnnotationAttr', [
    ['disableNonforced', 'bool'],
    ['vectorize', 'loop_vectorize'],
    ['interleave', 'loop_interleave'],
    ['unroll', 'loop_unroll'],
    ['unrollAndJam', 'loop_unroll_and_jam'],
    ['licm', 'loop_licm'],
    ['distribute', 'loop_distribute'],
    ['pipeline', 'loop_pipeline'],
    ['peeled', 'loop_peeled'],
    ['unswitch', 'loop_unswitch'],
    ['mustProgress', 'bool'],
    ['isVectorized', 'bool'],
    ['startLoc', 'fused'],
    ['endLoc', 'fused'],
  ]),
}

/** True when `mnemonic` names a loop-metadata attribute. */
export function isLoopAttrMnemonic(mnemonic: string): mnemonic is LoopAttrMnemonic {
  return Object.prototype.hasOwnProperty.call(SPECS, mnemonic)
}

/**
 * A loop-metadata attribute: `#llvm.loop_annotation<unroll = <disable = true>>` and the
 * attributes it nests (`#llvm.loop_unroll<...>`, `#llvm.loop_vectorize<...>`, ...), each a
 * struct of optional parameters printed in declaration order.
 */
export class LLVMLoopAttr extends DialectAttr {
  readonly dialectNamespace: string = 'llvm'
  /** @internal Use `LLVMLoopAttr.get`. */
  constructor(
    context: Context,
    readonly mnemonic: LoopAttrMnemonic,
    /** The parameters in declaration order; null where absent. */
    readonly params: readonly (Attribute | null)[],
  ) {
    super(context)
  }

  /** The attribute `mnemonic` with `params` (by parameter name; names not given are absent). */
  static get(context: Context, mnemonic: LoopAttrMnemonic, params: Readonly<Record<string, Attribute>>): LLVMLoopAttr {
    const s = SPECS[mnemonic]
    return LLVMLoopAttr.getOrdered(
      context,
      mnemonic,
      s.names.map((n) => params[n] ?? null),
    )
  }

  private static getOrdered(context: Context, mnemonic: LoopAttrMnemonic, params: readonly (Attribute | null)[]): LLVMLoopAttr {
    let key = `llvm.${mnemonic}`
    for (const p of params) {
      key += p === null ? ':' : `:${p.id}`
    }
    return context.uniquer.intern(key, () => new LLVMLoopAttr(context, mnemonic, params))
  }

  /** The parameter `name`, or undefined when absent. */
  getParam(name: string): Attribute | undefined {
    const i = SPECS[this.mnemonic].names.indexOf(name)
    return i < 0 ? undefined : (this.params[i] ?? undefined)
  }

  /** @internal Parses the struct body `name = value, ...>` of `mnemonic` (after its `<`). */
  static parseBody(parser: OpAsmParser, mnemonic: LoopAttrMnemonic): LLVMLoopAttr | undefined {
    const s = SPECS[mnemonic]
    const values: (Attribute | null)[] = s.names.map(() => null)
    const parseEntry = (key: string): boolean => {
      if (!parser.parseEqual()) {
        return false
      }
      const i = s.names.indexOf(key)
      if (i < 0 || values[i] !== null) {
        parser.emitError(parser.getCurrentLocation(), `duplicate or unknown struct parameter name: ${key}`).report()
        return false
      }
      const value = parseParam(parser, s.kinds[i]!)
      if (value === undefined) {
        parser.emitError(parser.getCurrentLocation(), `failed to parse ${s.className} parameter '${key}' which is to be a \`${kindClass(s.kinds[i]!)}\``).report()
        return false
      }
      values[i] = value
      return true
    }
    const requiredKey = (): boolean => {
      const key = parser.parseKeywordOrUndefined()
      if (key === undefined) {
        parser.emitError(parser.getCurrentLocation(), 'expected a parameter name in struct').report()
        return false
      }
      return parseEntry(key)
    }
    if (s.required > 0) {
      // Upstream's struct parser reads exactly the required parameters when there are
      // no optional ones (the only such attribute here is `loop_interleave<count = ..>`).
      for (let i = 0; i < s.required; i++) {
        if (!requiredKey() || (i !== s.required - 1 && !parser.parseComma())) {
          return undefined
        }
      }
    } else {
      const first = parser.parseOptionalKeywordAny()
      if (first !== undefined) {
        if (!parseEntry(first)) {
          return undefined
        }
        while (parser.parseOptionalComma()) {
          if (!requiredKey()) {
            return undefined
          }
        }
      }
    }
    if (!parser.parseGreater()) {
      return undefined
    }
    return LLVMLoopAttr.getOrdered(parser.context, mnemonic, values)
  }

  /** @internal Prints the struct body `<name = value, ...>`. */
  printBody(printer: OpAsmPrinter): void {
    const s = SPECS[this.mnemonic]
    printer.print('<')
    let first = true
    for (let i = 0; i < this.params.length; i++) {
      const p = this.params[i]
      if (p === null || p === undefined) {
        continue
      }
      printer.print(`${first ? '' : ', '}${s.names[i]!} = `)
      first = false
      if (p instanceof LLVMLoopAttr) {
        printStripped(p, printer)
      } else {
        printer.printAttribute(p)
      }
    }
    printer.print('>')
  }
}

/** A nested loop attribute in its stripped form: its alias when it has one, else `<...>`. */
function printStripped(attr: LLVMLoopAttr, printer: OpAsmPrinter): void {
  if (printer.printAlias?.(attr) !== true) {
    attr.printBody(printer)
  }
}

function kindClass(kind: ParamKind): string {
  switch (kind) {
    case 'bool':
      return 'BoolAttr'
    case 'int':
      return 'IntegerAttr'
    case 'fused':
      return 'FusedLoc'
    default:
      return SPECS[kind].className
  }
}

/** Parses one parameter value; undefined on error (diagnosed, except the caller's "failed to parse"). */
function parseParam(parser: OpAsmParser, kind: ParamKind): Attribute | undefined {
  const loc = parser.getCurrentLocation()
  if (kind !== 'bool' && kind !== 'int' && kind !== 'fused') {
    // A nested loop attribute is either spelled in full (`#llvm.loop_unroll<..>`, an alias)
    // or stripped to its body (`<disable = true>`).
    if (parser.parseOptionalLess()) {
      return LLVMLoopAttr.parseBody(parser, kind)
    }
  }
  const attr = parser.parseAttribute()
  if (attr === undefined) {
    return undefined
  }
  const ok =
    kind === 'bool'
      ? BoolAttr.isBool(attr)
      : kind === 'int'
        ? attr instanceof IntegerAttr
        : kind === 'fused'
          ? attr instanceof FusedLoc
          : attr instanceof LLVMLoopAttr && attr.mnemonic === kind
  if (!ok) {
    parser.emitError(loc, 'invalid kind of attribute specified').report()
    return undefined
  }
  return attr
}

/** Parses `#llvm.<mnemonic><...>` after the mnemonic. */
export function parseLoopAttr(parser: OpAsmParser, mnemonic: LoopAttrMnemonic): LLVMLoopAttr | undefined {
  return parser.parseLess() ? LLVMLoopAttr.parseBody(parser, mnemonic) : undefined
}

/** Prints `<mnemonic><...>` (the body of `#llvm.` for a loop attribute). */
export function printLoopAttr(attr: LLVMLoopAttr, printer: OpAsmPrinter): void {
  printer.print(attr.mnemonic)
  attr.printBody(printer)
}
