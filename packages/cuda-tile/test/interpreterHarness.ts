import { Context, FileLineColLoc, parseSourceString, succeeded, verify, type DialectDefinition, type Operation } from '@tilepass/ir'
import { runKernel, TileMemory, type KernelArg } from '../src/interpreter/index.ts'

/**
 * Helpers for the interpreter tests: kernels written in cuda_tile's generic op form (so
 * they parse with or without the dialect), launched on a fresh memory, with the
 * diagnostics collected as `line:col: message`.
 */

/** `!cuda_tile.tile<body>`. */
export const T = (body: string): string => `!cuda_tile.tile<${body}>`
/** `!cuda_tile.tile<!cuda_tile.ptr<elem>>`. */
export const P = (elem: string): string => T(`!cuda_tile.ptr<${elem}>`)

let counter = 0

/** One generic op: `results = "cuda_tile.name"(operands) props : (ins) -> (outs)`. */
export function g(results: string, name: string, operands: string, ins: string, outs: string, props = ''): string {
  const lhs = results === '' ? '' : `${results} = `
  return `    ${lhs}"cuda_tile.${name}"(${operands}) ${props} : (${ins}) -> (${outs})\n`
}

/** A scalar constant `%name = constant <elem: value>` in generic form. */
export function scalar(name: string, elem: string, value: string): string {
  return g(name, 'constant', '', '', T(elem), `<{value = dense<${value}> : tensor<${elem}>}>`)
}

/** A tile constant of `shape` x `elem` from a dense literal. */
export function dense(name: string, shape: string, elem: string, literal: string): string {
  return g(name, 'constant', '', '', T(`${shape}x${elem}`), `<{value = dense<${literal}> : tensor<${shape}x${elem}>}>`)
}

/** Stores tile `%tile` (of static `shape`, e.g. `4x8`) at the start of row-major buffer `%ptr`. */
export function storeAll(tile: string, ptr: string, shape: readonly number[], elem: string): string {
  const id = counter++
  const dims = shape.join('x')
  const strides: number[] = []
  let s = 1
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = s
    s *= shape[i]!
  }
  const tv = `!cuda_tile.tensor_view<${dims}x${elem}, strides=[${strides.join(',')}]>`
  const pv = `!cuda_tile.partition_view<tile=(${dims}), ${tv.replace('!cuda_tile.', '')}>`
  const zeros = shape.map(() => `%z${id}`).join(', ')
  return (
    scalar(`%z${id}`, 'i32', '0') +
    g(`%tv${id}`, 'make_tensor_view', ptr, P(elem), tv, '<{operandSegmentSizes = array<i32: 1, 0, 0>}>') +
    g(`%pv${id}`, 'make_partition_view', `%tv${id}`, tv, pv) +
    g(
      `%tok${id}`,
      'store_view_tko',
      `${tile}, %pv${id}, ${zeros}`,
      [T(`${dims}x${elem}`), pv, ...shape.map(() => T('i32'))].join(', '),
      '!cuda_tile.token',
      `<{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, ${shape.length}, 0>}>`,
    )
  )
}

/** A module holding `prelude` (globals) and one entry `@k` with arguments `args` (`%name: type`) and `body`. */
export function kernel(args: readonly string[], body: string, prelude = ''): string {
  const types = args.map((a) => a.slice(a.indexOf(':') + 1).trim())
  return `"cuda_tile.module"() <{sym_name = "m"}> ({
${prelude}  "cuda_tile.entry"() <{sym_name = "k", function_type = (${types.join(', ')}) -> ()}> ({
  ^bb0(${args.join(', ')}):
${body}    "cuda_tile.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
`
}

/** What `launch` returns. */
export interface LaunchResult {
  readonly ok: boolean
  /** `line:col: message` of each diagnostic (notes appended after ` | `). */
  readonly errors: string[]
  /** What the kernel printed. */
  readonly printed: string
}

/** Parses `source` (and verifies it when `dialects` are given) and runs its kernel `launches` times; `dialects` empty means unregistered dialects. */
export function launch(
  source: string,
  args: readonly KernelArg[],
  grid: readonly number[],
  memory: TileMemory,
  dialects: readonly DialectDefinition[] = [],
  kernelName?: string,
  launches = 1,
): LaunchResult {
  const ctx = new Context(dialects.length === 0 ? { allowUnregisteredDialects: true } : { dialects })
  const errors: string[] = []
  ctx.diagEngine.registerHandler((d) => {
    const loc = d.location instanceof FileLineColLoc ? `${d.location.line}:${d.location.column}` : '?'
    errors.push(`${loc}: ${d.message}${d.notes.map((n) => ` | ${n.message}`).join('')}`)
    return true
  })
  const parsed = parseSourceString(source, ctx, { filename: 'test.mlir' })
  if (parsed === null) {
    return { ok: false, errors, printed: '' }
  }
  const root: Operation = parsed.op
  // With the dialect registered, the kernel must also pass NVIDIA's verifiers.
  if (dialects.length > 0 && !succeeded(verify(root))) {
    return { ok: false, errors, printed: '' }
  }
  let printed = ''
  const print = (text: string): void => {
    printed += text
  }
  let ok = true
  for (let i = 0; i < launches && ok; i++) {
    ok = succeeded(runKernel(root, { args, grid, memory, print, ...(kernelName === undefined ? {} : { kernel: kernelName }) }))
  }
  ctx.diagEngine.flush()
  return { ok, errors, printed }
}

/** A fresh memory. */
export function memory(): TileMemory {
  return new TileMemory()
}

/** A deterministic pseudo-random generator (mulberry32) giving floats in [lo, hi). */
export function random(seed: number, lo = -1, hi = 1): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return lo + (((t ^ (t >>> 14)) >>> 0) / 4294967296) * (hi - lo)
  }
}
