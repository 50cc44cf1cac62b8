import type { Block, Context, Operation, Value } from '@tilepass/ir'

/**
 * The part of MLIR's `PatternRewriter` that the arith and scf canonicalization
 * patterns use. It names the methods the way the rewrite infrastructure will
 * (`replaceOp`, `eraseOp`, `modifyOpInPlace`, `inlineBlockBefore`, plus `OpBuilder`'s
 * `setInsertionPoint`/`insert`), so a `PatternRewriter` can be passed as is.
 */
export interface RewriterLike {
  readonly context: Context
  /** New ops are inserted before `op`. */
  setInsertionPoint(op: Operation): void
  /** Inserts a detached op at the insertion point and returns it. */
  insert(op: Operation): Operation
  /** Replaces every result of `op` with `values` and erases `op`. */
  replaceOp(op: Operation, values: readonly Value[]): void
  /** Makes every use of `from` use `to` instead. */
  replaceAllUsesWith(from: Value, to: Value): void
  /** Erases `op` (its results must be unused). */
  eraseOp(op: Operation): void
  /** Runs `fn`, which changes `op` in place (operands, attributes, regions). */
  modifyOpInPlace(op: Operation, fn: () => void): void
  /** Moves the ops of `source` to the end of `dest`, replacing its arguments by `args`; `source` is erased. */
  mergeBlocks(source: Block, dest: Block, args?: readonly Value[]): void
  /** Moves the ops of `source` before `op`, replacing its arguments by `args`; `source` is erased. */
  inlineBlockBefore(source: Block, op: Operation, args?: readonly Value[]): void
  /** The op whose patterns a pattern applicator is trying, when one is (`PatternRewriter.visitedOp`). */
  readonly visitedOp?: Operation | null
  /** The number of that visit (`PatternRewriter.visitNumber`). */
  readonly visitNumber?: number
}

/**
 * A canonicalization pattern in the shape of MLIR's `OpRewritePattern`:
 * `matchAndRewrite` returns true when it changed the IR through `rewriter`.
 */
export interface CanonicalizationPattern {
  /** The upstream pattern's C++ name (`AddIAddConstant`). */
  readonly name: string
  /**
   * MLIR's debug name of the pattern, which `enable-patterns`/`disable-patterns` match, when it
   * is not `(anonymous namespace)::<name>` (the pattern is defined outside an anonymous namespace).
   */
  readonly debugName?: string
  /** The root op name the pattern matches. */
  readonly rootName: string
  readonly benefit: number
  matchAndRewrite(op: Operation, rewriter: RewriterLike): boolean
}

/**
 * @internal Adds `list` to a pattern set handed to `getCanonicalizationPatterns`: a set
 * with an `add(pattern)` method, or a plain array.
 */
export function addPatterns(patterns: unknown, list: readonly CanonicalizationPattern[]): void {
  const set = patterns as { add?: (p: CanonicalizationPattern) => unknown } | CanonicalizationPattern[] | null
  if (Array.isArray(set)) {
    for (const p of list) {
      set.push(withDebugName(p))
    }
    return
  }
  if (set !== null && typeof set.add === 'function') {
    for (const p of list) {
      set.add(withDebugName(p))
    }
  }
}

/** Each pattern as a set sees it: named by its MLIR debug name. */
const debugNamed = new WeakMap<CanonicalizationPattern, CanonicalizationPattern>()

/**
 * `p` under its MLIR debug name (`llvm::getTypeName` of the pattern's C++ type): most
 * upstream patterns live in an anonymous namespace, so `disable-patterns` needs
 * `{(anonymous namespace)::AddIAddConstant}` and the bare name matches nothing, as in mlir-opt.
 */
function withDebugName(p: CanonicalizationPattern): CanonicalizationPattern {
  let named = debugNamed.get(p)
  if (named === undefined) {
    const debugName = p.debugName ?? `(anonymous namespace)::${p.name}`
    named = Object.create(p, { name: { value: debugName, enumerable: true } }) as CanonicalizationPattern
    debugNamed.set(p, named)
  }
  return named
}
