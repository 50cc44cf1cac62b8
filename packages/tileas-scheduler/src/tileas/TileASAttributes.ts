/**
 * Layout attributes of the `tileas` dialect (Triton's encodings): `#tileas.blocked<...>`,
 * `#tileas.mma<...>`, `#tileas.dot_op<...>`, `#tileas.slice<...>` for distributed tiles and
 * `#tileas.shared<...>` for swizzled shared-memory buffers. Every distributed layout gives
 * its linear layout for a shape (LinearLayout.ts), the one register order all lowerings use.
 */
import { DialectAttr, type Attribute, type Context, type OpAsmParser, type OpAsmPrinter } from '@tilepass/ir'
import { type LinearLayout, blockedToLinear, dotOperandToLinear, isPowerOf2, mmaToLinear, sliceLinear } from './LinearLayout.ts'

/** The dialect namespace, `tileas`. */
export const TILEAS = 'tileas'

/** A distributed layout: how the elements of a tile spread over registers, lanes and warps. */
export abstract class DistributedLayoutAttr extends DialectAttr {
  readonly dialectNamespace: string = TILEAS
  /** The linear layout of a tile of `shape` (power-of-2 dimensions). */
  abstract toLinear(shape: readonly number[]): LinearLayout
  /** Warps of the CTA the layout is made for. */
  abstract get numWarps(): number
  /** The rank of the tiles the layout applies to. */
  abstract get rank(): number
  /** A reason `shape` cannot use this layout, or null. */
  checkShape(shape: readonly number[]): string | null {
    if (shape.length !== this.rank) {
      return `layout of rank ${this.rank} for a tile of rank ${shape.length}`
    }
    return shape.every(isPowerOf2) ? null : 'tile dimensions must be powers of 2'
  }
}

const prod = (xs: readonly number[]): number => xs.reduce((a, b) => a * b, 1)

/** `#tileas.blocked<sizePerThread = [1, 4], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]>`. */
export class BlockedLayoutAttr extends DistributedLayoutAttr {
  /** @internal Use `BlockedLayoutAttr.get`. */
  constructor(
    context: Context,
    readonly sizePerThread: readonly number[],
    readonly threadsPerWarp: readonly number[],
    readonly warpsPerCTA: readonly number[],
    readonly order: readonly number[],
  ) {
    super(context)
  }
  static get(context: Context, sizePerThread: readonly number[], threadsPerWarp: readonly number[], warpsPerCTA: readonly number[], order: readonly number[]): BlockedLayoutAttr {
    const key = `tileas.blocked:${sizePerThread.join(',')}:${threadsPerWarp.join(',')}:${warpsPerCTA.join(',')}:${order.join(',')}`
    return context.uniquer.intern(key, () => new BlockedLayoutAttr(context, [...sizePerThread], [...threadsPerWarp], [...warpsPerCTA], [...order]))
  }
  get numWarps(): number {
    return prod(this.warpsPerCTA)
  }
  get rank(): number {
    return this.order.length
  }
  toLinear(shape: readonly number[]): LinearLayout {
    return blockedToLinear(shape, this.sizePerThread, this.threadsPerWarp, this.warpsPerCTA, this.order)
  }
  /** The parameters' own consistency (what the verifier reports). */
  check(): string | null {
    const r = this.order.length
    if (this.sizePerThread.length !== r || this.threadsPerWarp.length !== r || this.warpsPerCTA.length !== r) {
      return 'sizePerThread, threadsPerWarp, warpsPerCTA and order must have the same length'
    }
    if ([...this.order].sort().some((d, i) => d !== i)) {
      return 'order must be a permutation of the dimensions'
    }
    if (![...this.sizePerThread, ...this.threadsPerWarp, ...this.warpsPerCTA].every(isPowerOf2)) {
      return 'sizes must be powers of 2'
    }
    return prod(this.threadsPerWarp) === 32 ? null : 'threadsPerWarp must multiply to 32'
  }
}

/** `#tileas.mma<warpsPerCTA = [wm, wn]>`: the m16n8 accumulator of mma.sync. */
export class MmaLayoutAttr extends DistributedLayoutAttr {
  /** @internal Use `MmaLayoutAttr.get`. */
  constructor(
    context: Context,
    readonly warpsPerCTA: readonly number[],
  ) {
    super(context)
  }
  static get(context: Context, warpsPerCTA: readonly number[]): MmaLayoutAttr {
    return context.uniquer.intern(`tileas.mma:${warpsPerCTA.join(',')}`, () => new MmaLayoutAttr(context, [...warpsPerCTA]))
  }
  get numWarps(): number {
    return prod(this.warpsPerCTA)
  }
  get rank(): number {
    return 2
  }
  toLinear(shape: readonly number[]): LinearLayout {
    return mmaToLinear(shape, this.warpsPerCTA[0]!, this.warpsPerCTA[1]!)
  }
  override checkShape(shape: readonly number[]): string | null {
    const base = super.checkShape(shape)
    if (base !== null) {
      return base
    }
    const [wm, wn] = this.warpsPerCTA as [number, number]
    return shape[0]! >= 16 * wm && shape[1]! >= 8 * wn ? null : `mma layout needs at least ${16 * wm}x${8 * wn} elements`
  }
}

/** `#tileas.dot_op<opIdx = 0, parent = #tileas.mma<...>>`: an A (0) or B (1) operand of mma. */
export class DotOperandLayoutAttr extends DistributedLayoutAttr {
  /** @internal Use `DotOperandLayoutAttr.get`. */
  constructor(
    context: Context,
    readonly opIdx: number,
    readonly parent: MmaLayoutAttr,
  ) {
    super(context)
  }
  static get(context: Context, opIdx: number, parent: MmaLayoutAttr): DotOperandLayoutAttr {
    return context.uniquer.intern(`tileas.dot_op:${opIdx}:${parent.id}`, () => new DotOperandLayoutAttr(context, opIdx, parent))
  }
  get numWarps(): number {
    return this.parent.numWarps
  }
  get rank(): number {
    return 2
  }
  toLinear(shape: readonly number[]): LinearLayout {
    return dotOperandToLinear(shape, this.opIdx, this.parent.warpsPerCTA[0]!, this.parent.warpsPerCTA[1]!)
  }
  override checkShape(shape: readonly number[]): string | null {
    const base = super.checkShape(shape)
    if (base !== null) {
      return base
    }
    const [wm, wn] = this.parent.warpsPerCTA as [number, number]
    const ok = this.opIdx === 0 ? shape[0]! >= 16 * wm && shape[1]! >= 16 : shape[0]! >= 16 && shape[1]! >= 8 * wn
    return ok ? null : `dot_op layout ${this.opIdx} needs at least ${this.opIdx === 0 ? `${16 * wm}x16` : `16x${8 * wn}`} elements`
  }
}

/** `#tileas.slice<dim = 1, parent = ...>`: the parent layout with dimension `dim` removed (reduce results). */
export class SliceLayoutAttr extends DistributedLayoutAttr {
  /** @internal Use `SliceLayoutAttr.get`. */
  constructor(
    context: Context,
    readonly dim: number,
    readonly parent: DistributedLayoutAttr,
  ) {
    super(context)
  }
  static get(context: Context, dim: number, parent: DistributedLayoutAttr): SliceLayoutAttr {
    return context.uniquer.intern(`tileas.slice:${dim}:${parent.id}`, () => new SliceLayoutAttr(context, dim, parent))
  }
  get numWarps(): number {
    return this.parent.numWarps
  }
  get rank(): number {
    return this.parent.rank - 1
  }
  /** The parent's shape for a slice of `shape`: `dim` re-inserted with the smallest size the parent takes. */
  parentShape(shape: readonly number[]): number[] {
    const p = [...shape]
    let size = 1
    if (this.parent instanceof MmaLayoutAttr) {
      size = this.dim === 0 ? 16 * this.parent.warpsPerCTA[0]! : 8 * this.parent.warpsPerCTA[1]!
    } else if (this.parent instanceof DotOperandLayoutAttr) {
      size = 16
    }
    p.splice(this.dim, 0, size)
    return p
  }
  toLinear(shape: readonly number[]): LinearLayout {
    return sliceLinear(this.parent.toLinear(this.parentShape(shape)), this.dim)
  }
  override checkShape(shape: readonly number[]): string | null {
    const base = super.checkShape(shape)
    return base ?? this.parent.checkShape(this.parentShape(shape))
  }
}

/** `#tileas.shared<vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]>`: a swizzled shared buffer. */
export class SharedLayoutAttr extends DialectAttr {
  readonly dialectNamespace: string = TILEAS
  /** @internal Use `SharedLayoutAttr.get`. */
  constructor(
    context: Context,
    readonly vec: number,
    readonly perPhase: number,
    readonly maxPhase: number,
    readonly order: readonly number[],
  ) {
    super(context)
  }
  static get(context: Context, vec: number, perPhase: number, maxPhase: number, order: readonly number[]): SharedLayoutAttr {
    return context.uniquer.intern(`tileas.shared:${vec}:${perPhase}:${maxPhase}:${order.join(',')}`, () => new SharedLayoutAttr(context, vec, perPhase, maxPhase, [...order]))
  }
}

// ---- syntax -----------------------------------------------------------------------------

function parseIntList(parser: OpAsmParser): number[] | undefined {
  if (!parser.parseLSquare()) {
    return undefined
  }
  const out: number[] = []
  if (parser.parseOptionalRSquare()) {
    return out
  }
  do {
    const v = parser.parseInteger()
    if (v === undefined) {
      return undefined
    }
    out.push(Number(v))
  } while (parser.parseOptionalComma())
  return parser.parseRSquare() ? out : undefined
}

/** Parses `key = <value>` pairs separated by commas inside `<...>`, in the order of `keys`. */
function parseFields(parser: OpAsmParser, keys: readonly string[], value: (key: string) => unknown): unknown[] | undefined {
  if (!parser.parseLess()) {
    return undefined
  }
  const out: unknown[] = []
  for (let i = 0; i < keys.length; i++) {
    if (i > 0 && !parser.parseComma()) {
      return undefined
    }
    if (!parser.parseKeyword(keys[i]!) || !parser.parseEqual()) {
      return undefined
    }
    const v = value(keys[i]!)
    if (v === undefined) {
      return undefined
    }
    out.push(v)
  }
  return parser.parseGreater() ? out : undefined
}

function parseInt(parser: OpAsmParser): number | undefined {
  const v = parser.parseInteger()
  return v === undefined ? undefined : Number(v)
}

/** Parses the body of a `#tileas` attribute (after `#tileas.`). */
export function parseTileASAttribute(parser: OpAsmParser): Attribute | undefined {
  const loc = parser.getCurrentLocation()
  const mnemonic = parser.parseKeywordOrUndefined()
  const ctx = parser.context
  switch (mnemonic) {
    case 'blocked': {
      const f = parseFields(parser, ['sizePerThread', 'threadsPerWarp', 'warpsPerCTA', 'order'], () => parseIntList(parser)) as number[][] | undefined
      if (f === undefined) {
        return undefined
      }
      const attr = BlockedLayoutAttr.get(ctx, f[0]!, f[1]!, f[2]!, f[3]!)
      const bad = attr.check()
      if (bad !== null) {
        parser.emitError(loc, `invalid #tileas.blocked: ${bad}`).report()
        return undefined
      }
      return attr
    }
    case 'mma': {
      const f = parseFields(parser, ['warpsPerCTA'], () => parseIntList(parser)) as number[][] | undefined
      if (f === undefined) {
        return undefined
      }
      if (f[0]!.length !== 2 || !f[0]!.every(isPowerOf2)) {
        parser.emitError(loc, 'invalid #tileas.mma: warpsPerCTA must be two powers of 2').report()
        return undefined
      }
      return MmaLayoutAttr.get(ctx, f[0]!)
    }
    case 'dot_op': {
      const f = parseFields(parser, ['opIdx', 'parent'], (k) => (k === 'opIdx' ? parseInt(parser) : parser.parseAttribute()))
      if (f === undefined) {
        return undefined
      }
      if ((f[0] !== 0 && f[0] !== 1) || !(f[1] instanceof MmaLayoutAttr)) {
        parser.emitError(loc, 'invalid #tileas.dot_op: opIdx must be 0 or 1 and parent an #tileas.mma layout').report()
        return undefined
      }
      return DotOperandLayoutAttr.get(ctx, f[0], f[1])
    }
    case 'slice': {
      const f = parseFields(parser, ['dim', 'parent'], (k) => (k === 'dim' ? parseInt(parser) : parser.parseAttribute()))
      if (f === undefined) {
        return undefined
      }
      const parent = f[1]
      if (!(parent instanceof DistributedLayoutAttr) || (f[0] as number) < 0 || (f[0] as number) >= parent.rank || parent.rank < 2) {
        parser.emitError(loc, 'invalid #tileas.slice: parent must be a distributed layout of rank 2 and dim one of its dimensions').report()
        return undefined
      }
      return SliceLayoutAttr.get(ctx, f[0] as number, parent)
    }
    case 'shared': {
      const f = parseFields(parser, ['vec', 'perPhase', 'maxPhase', 'order'], (k) => (k === 'order' ? parseIntList(parser) : parseInt(parser)))
      if (f === undefined) {
        return undefined
      }
      const [vec, perPhase, maxPhase, order] = f as [number, number, number, number[]]
      if (![vec, perPhase, maxPhase].every(isPowerOf2)) {
        parser.emitError(loc, 'invalid #tileas.shared: vec, perPhase and maxPhase must be powers of 2').report()
        return undefined
      }
      return SharedLayoutAttr.get(ctx, vec, perPhase, maxPhase, order)
    }
    default:
      if (mnemonic !== undefined) {
        parser.emitError(loc, `unknown attribute \`${mnemonic}\` in dialect \`tileas\``).report()
      }
      return undefined
  }
}

const list = (xs: readonly number[]): string => `[${xs.join(', ')}]`

/** Prints the body of a `#tileas` attribute. */
export function printTileASAttribute(attr: Attribute, printer: OpAsmPrinter): void {
  if (attr instanceof BlockedLayoutAttr) {
    printer.print(
      `blocked<sizePerThread = ${list(attr.sizePerThread)}, threadsPerWarp = ${list(attr.threadsPerWarp)}, warpsPerCTA = ${list(attr.warpsPerCTA)}, order = ${list(attr.order)}>`,
    )
  } else if (attr instanceof MmaLayoutAttr) {
    printer.print(`mma<warpsPerCTA = ${list(attr.warpsPerCTA)}>`)
  } else if (attr instanceof DotOperandLayoutAttr) {
    printer.print(`dot_op<opIdx = ${attr.opIdx}, parent = `)
    printer.printAttribute(attr.parent)
    printer.print('>')
  } else if (attr instanceof SliceLayoutAttr) {
    printer.print(`slice<dim = ${attr.dim}, parent = `)
    printer.printAttribute(attr.parent)
    printer.print('>')
  } else if (attr instanceof SharedLayoutAttr) {
    printer.print(`shared<vec = ${attr.vec}, perPhase = ${attr.perPhase}, maxPhase = ${attr.maxPhase}, order = ${list(attr.order)}>`)
  }
}
