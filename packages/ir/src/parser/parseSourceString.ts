import type { Attribute } from '../Attributes.ts'
import { Block } from '../Block.ts'
import type { Context } from '../Context.ts'
import { FileLineColLoc } from '../Location.ts'
import { OperationState } from '../OpAsm.ts'
import { Operation } from '../Operation.ts'
import type { Type } from '../Types.ts'
import { verify } from '../Verifier.ts'
import { Tok } from './Lexer.ts'
import { OperationParser } from './OperationParser.ts'

/** Options of `parseSourceString`. */
export interface ParserOptions {
  /** The buffer name used in locations and diagnostics (default `<stdin>`, as mlir-opt names standard input). */
  readonly filename?: string
  /** Do not wrap the top-level operations in a `builtin.module` (mlir-opt's `--no-implicit-module`). */
  readonly noImplicitModule?: boolean
  /**
   * Parse only `source.slice(bufferStart, bufferEnd)` while keeping line and column
   * numbers relative to the whole `source` (for `--split-input-file` chunks).
   */
  readonly bufferStart?: number
  readonly bufferEnd?: number
  /**
   * Verify the parsed IR before returning it, as `mlir-opt` does before it prints (default
   * false: the parser only checks syntax and types; call `verify` yourself, or set this).
   * When verification fails, the diagnostics are reported and the result is null.
   */
  readonly verify?: boolean
}

/** What `parseSourceString` returns: the top-level op and the file's resource metadata. */
export interface ParseResult {
  /** The top-level operation: the (possibly implicit) `builtin.module`, or the single op with `noImplicitModule`. */
  readonly op: Operation
  /** `{-# external_resources: { group: { key: value } } #-}`: e.g. `mlir_reproducer` with `pipeline`, `disable_threading`, `verify_each`. */
  readonly externalResources: Map<string, Map<string, Attribute>>
  /** `{-# dialect_resources: { dialect: { key: blob } } #-}`. */
  readonly dialectResources: Map<string, Map<string, Attribute>>
}

/**
 * Parses MLIR text into IR owned by `context`. Returns null after reporting every
 * problem through `context.diagEngine` with mlir-opt's messages and positions; never
 * throws on bad input. The IR is not verified unless `options.verify` is set.
 */
export function parseSourceString(source: string, context: Context, options?: ParserOptions): ParseResult | null {
  const filename = options?.filename ?? '<stdin>'
  const start = options?.bufferStart ?? 0
  const end = options?.bufferEnd ?? source.length
  const parser = new OperationParser(context, source, filename, start, end)
  const block = new Block()
  let ok: boolean
  try {
    ok = parser.parseTopLevel(block)
  } catch (e) {
    if (!(e instanceof RangeError)) {
      throw e
    }
    // Very deep nesting exhausts the JS stack; report it like any other parse error.
    context.emitError(parser.locAt(parser.lex.start), 'nesting too deep: exceeded the parser stack limit').report()
    ok = false
  }
  context.diagEngine.flush()
  if (!ok) {
    return null
  }
  // mlir-opt gives the implicit module the location of the buffer start, 0:0 for a whole file.
  const [line, col] = start === 0 ? [0, 0] : parser.lineCol(start)
  const moduleLoc = FileLineColLoc.get(context, filename, line, col)
  let count = 0
  for (let op = block.firstOp; op !== null; op = op.nextOp) {
    count++
  }
  let top: Operation
  if (options?.noImplicitModule) {
    if (count !== 1) {
      context.emitError(moduleLoc, `source must contain a single top-level operation, found: ${count}`).report()
      return null
    }
    top = block.firstOp!
    block.removeOp(top)
  } else if (count === 1 && block.firstOp!.name.name === 'builtin.module') {
    top = block.firstOp!
    block.removeOp(top)
  } else {
    const state = new OperationState(moduleLoc, context.getOperationName('builtin.module'))
    const region = state.addRegion()
    const body = new Block()
    region.push(body)
    top = Operation.create(state)
    for (let op = block.firstOp; op !== null; ) {
      const next = op.nextOp
      block.removeOp(op)
      top.regions[0]!.firstBlock!.append(op)
      op = next
    }
  }
  if (options?.verify === true && !verify(top)) {
    return null
  }
  return { op: top, externalResources: parser.resources.externalResources, dialectResources: parser.resources.dialectResources }
}

/**
 * Parses one attribute from `text` (the whole text must be consumed). Returns null
 * after reporting a diagnostic.
 */
export function parseAttribute(text: string, context: Context, type?: Type): Attribute | null {
  const parser = new OperationParser(context, text, '<string>', 0, text.length)
  let a: Attribute | null
  try {
    a = parser.parseAttributeImpl(type)
  } catch (e) {
    if (!(e instanceof RangeError)) {
      throw e
    }
    context.emitError(parser.locAt(parser.lex.start), 'nesting too deep: exceeded the parser stack limit').report()
    a = null
  }
  if (a !== null && parser.lex.kind !== Tok.eof) {
    parser.errorHere(`found trailing characters: '${text.slice(parser.lex.start)}'`)
    a = null
  }
  context.diagEngine.flush()
  return a
}

/**
 * Parses one type from `text` (the whole text must be consumed). Returns null after
 * reporting a diagnostic.
 */
export function parseType(text: string, context: Context): Type | null {
  const parser = new OperationParser(context, text, '<string>', 0, text.length)
  let t: Type | null
  try {
    t = parser.parseTypeImpl()
  } catch (e) {
    if (!(e instanceof RangeError)) {
      throw e
    }
    context.emitError(parser.locAt(parser.lex.start), 'nesting too deep: exceeded the parser stack limit').report()
    t = null
  }
  if (t !== null && parser.lex.kind !== Tok.eof) {
    parser.errorHere(`found trailing characters: '${text.slice(parser.lex.start)}'`)
    t = null
  }
  context.diagEngine.flush()
  return t
}
