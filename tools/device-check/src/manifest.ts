/**
 * Case manifests: what the device check runs for one kernel. A manifest is JSON next to its
 * PTX (see README.md for the format); `parseManifest` validates one and reports the first
 * problem with the file name and the JSON path, never a stack trace.
 */

/** Element types of buffers. */
export type ElemType = 'f32' | 'f16' | 'bf16' | 'i32' | 'u32'
/** Types of scalar arguments (as the kernel's `.param` declares them). */
export type ScalarType = 'i32' | 'u32' | 'i64' | 'u64' | 'f32' | 'f64'

/** A device buffer argument, passed as a global pointer. */
export interface BufferArg {
  readonly kind: 'buffer'
  readonly name: string
  readonly type: ElemType
  readonly count: number
  /** `random`: uniform in `range`; `grid`: random multiples of `step` in `range` (exact sums); `fill`: `value`; `zero`. */
  readonly init: 'random' | 'grid' | 'fill' | 'zero'
  readonly range: readonly [number, number]
  readonly step: number
  readonly value: number
  /** Compared with the reference after the run. */
  readonly output: boolean
}

/** A scalar argument. */
export interface ScalarArg {
  readonly kind: 'scalar'
  readonly name: string
  readonly type: ScalarType
  readonly value: number
}

export type Arg = BufferArg | ScalarArg

/** How the expected outputs are computed (all in TypeScript, on the CPU). */
export type Reference =
  /** The same PTX on @tilepass/simt-emulator. */
  | { readonly kind: 'emulator' }
  /** cuda_tile source run by the reference interpreter of @tilepass/cuda-tile with the same arguments. */
  | { readonly kind: 'cuda-tile'; readonly source: string; readonly entry: string; readonly grid: readonly number[] }
  /** c[i] = a[i] + b[i] for i < n (argument indices). */
  | { readonly kind: 'vector-add'; readonly a: number; readonly b: number; readonly c: number; readonly n: number }
  /** y = softmax(x) along rows of an m x n row-major f32 matrix. */
  | { readonly kind: 'row-softmax'; readonly x: number; readonly y: number; readonly m: number; readonly n: number }
  /** c = a (m x k) * b (k x n), all row-major, summed in double, f32 result; `samples` > 0 checks that many entries. */
  | { readonly kind: 'gemm'; readonly a: number; readonly b: number; readonly c: number; readonly m: number; readonly n: number; readonly k: number; readonly samples: number }

/** The driver's own Tile IR compile of the kernel's cuda_tile source (CUDA 13.1 drivers or newer). */
export interface TileIRRun {
  /** cuda_tile text (written to bytecode by @tilepass/cuda-tile) or a `.tilebc` file. */
  readonly source: string
  readonly entry: string
  readonly grid: readonly [number, number, number]
  readonly block: readonly [number, number, number]
}

export interface Manifest {
  readonly name: string
  /** Where the manifest was read from (for messages and relative paths). */
  readonly file: string
  /** The PTX file (relative to the manifest). */
  readonly ptx: string
  readonly kernel: string
  readonly grid: readonly [number, number, number]
  readonly block: readonly [number, number, number]
  readonly sharedBytes: number
  readonly args: readonly Arg[]
  readonly reference: Reference
  /** Allowed |got - want| <= abs + rel * |want| (default exact). */
  readonly tolerance: { readonly rel: number; readonly abs: number }
  /** Timed launches after the checked one (0: no timing), and the flops of one launch for TFLOP/s. */
  readonly timing: { readonly reps: number; readonly flops: number }
  readonly tileIR: TileIRRun | null
}

/** A manifest that cannot be used: the message names the file and the JSON path. */
export class ManifestError extends Error {
  constructor(file: string, path: string, message: string) {
    super(`${file}: ${path === '' ? '' : `${path}: `}${message}`)
    this.name = 'ManifestError'
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

class Reader {
  constructor(readonly file: string) {}

  fail(path: string, message: string): never {
    throw new ManifestError(this.file, path, message)
  }

  object(v: Json | undefined, path: string): Record<string, Json> {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      this.fail(path, 'expected an object')
    }
    return v
  }

  string(o: Record<string, Json>, key: string, path: string, dflt?: string): string {
    const v = o[key]
    if (v === undefined && dflt !== undefined) {
      return dflt
    }
    if (typeof v !== 'string' || v === '') {
      this.fail(`${path}.${key}`, 'expected a non-empty string')
    }
    return v
  }

  number(o: Record<string, Json>, key: string, path: string, dflt?: number): number {
    const v = o[key]
    if (v === undefined && dflt !== undefined) {
      return dflt
    }
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      this.fail(`${path}.${key}`, 'expected a number')
    }
    return v
  }

  count(o: Record<string, Json>, key: string, path: string, dflt?: number): number {
    const v = this.number(o, key, path, dflt)
    if (!Number.isInteger(v) || v < 0) {
      this.fail(`${path}.${key}`, 'expected a non-negative integer')
    }
    return v
  }

  dim3(o: Record<string, Json>, key: string, path: string, dflt?: readonly [number, number, number]): [number, number, number] {
    const v = o[key]
    if (v === undefined && dflt !== undefined) {
      return [...dflt]
    }
    if (!Array.isArray(v) || v.length < 1 || v.length > 3 || v.some((x) => typeof x !== 'number' || !Number.isInteger(x) || x < 1)) {
      this.fail(`${path}.${key}`, 'expected 1 to 3 positive integers')
    }
    const d = v as number[]
    return [d[0]!, d[1] ?? 1, d[2] ?? 1]
  }

  oneOf<T extends string>(o: Record<string, Json>, key: string, path: string, values: readonly T[], dflt?: T): T {
    const v = this.string(o, key, path, dflt)
    if (!values.includes(v as T)) {
      this.fail(`${path}.${key}`, `expected one of ${values.join(', ')}`)
    }
    return v as T
  }
}

const ELEM_TYPES: readonly ElemType[] = ['f32', 'f16', 'bf16', 'i32', 'u32']
const SCALAR_TYPES: readonly ScalarType[] = ['i32', 'u32', 'i64', 'u64', 'f32', 'f64']

/** Validates the JSON text of a manifest read from `file`. */
export function parseManifest(text: string, file: string): Manifest {
  const r: Reader = new Reader(file)
  let json: Json = null
  try {
    json = JSON.parse(text) as Json
  } catch (e) {
    r.fail('', `not JSON (${(e as Error).message})`)
  }
  const o = r.object(json, '$')
  const argsJson: Json[] = Array.isArray(o.args) ? o.args : r.fail('$.args', 'expected an array')
  const args: Arg[] = argsJson.map((a: Json, i: number): Arg => {
    const p = `$.args[${i}]`
    const ao = r.object(a, p)
    const kind = r.oneOf(ao, 'kind', p, ['buffer', 'scalar'] as const)
    const name = r.string(ao, 'name', p, `arg${i}`)
    if (kind === 'scalar') {
      return { kind, name, type: r.oneOf(ao, 'type', p, SCALAR_TYPES), value: r.number(ao, 'value', p) }
    }
    const range = ao.range
    if (range !== undefined && (!Array.isArray(range) || range.length !== 2 || range.some((x) => typeof x !== 'number'))) {
      r.fail(`${p}.range`, 'expected [low, high]')
    }
    const output = ao.output
    if (output !== undefined && typeof output !== 'boolean') {
      r.fail(`${p}.output`, 'expected true or false')
    }
    return {
      kind,
      name,
      type: r.oneOf(ao, 'type', p, ELEM_TYPES),
      count: r.count(ao, 'count', p),
      init: r.oneOf(ao, 'init', p, ['random', 'grid', 'fill', 'zero'] as const, 'zero'),
      range: (range as [number, number] | undefined) ?? [-1, 1],
      step: r.number(ao, 'step', p, 0.25),
      value: r.number(ao, 'value', p, 0),
      output: output === true,
    }
  })
  const argIndex = (ro: Record<string, Json>, key: string, p: string, kind: Arg['kind']): number => {
    const i = r.count(ro, key, p)
    if (i >= args.length || args[i]!.kind !== kind) {
      r.fail(`${p}.${key}`, `expected the index of a ${kind} argument`)
    }
    return i
  }
  const ro = r.object(o.reference, '$.reference')
  const rp = '$.reference'
  const rkind = r.oneOf(ro, 'kind', rp, ['emulator', 'cuda-tile', 'vector-add', 'row-softmax', 'gemm'] as const)
  let reference: Reference
  switch (rkind) {
    case 'emulator':
      reference = { kind: rkind }
      break
    case 'cuda-tile': {
      const g = ro.grid
      if (!Array.isArray(g) || g.some((x) => typeof x !== 'number' || !Number.isInteger(x) || x < 1)) {
        r.fail(`${rp}.grid`, 'expected positive integers')
      }
      reference = { kind: rkind, source: r.string(ro, 'source', rp), entry: r.string(ro, 'entry', rp), grid: g as number[] }
      break
    }
    case 'vector-add':
      reference = { kind: rkind, a: argIndex(ro, 'a', rp, 'buffer'), b: argIndex(ro, 'b', rp, 'buffer'), c: argIndex(ro, 'c', rp, 'buffer'), n: r.count(ro, 'n', rp) }
      break
    case 'row-softmax':
      reference = { kind: rkind, x: argIndex(ro, 'x', rp, 'buffer'), y: argIndex(ro, 'y', rp, 'buffer'), m: r.count(ro, 'm', rp), n: r.count(ro, 'n', rp) }
      break
    default:
      reference = {
        kind: rkind,
        a: argIndex(ro, 'a', rp, 'buffer'),
        b: argIndex(ro, 'b', rp, 'buffer'),
        c: argIndex(ro, 'c', rp, 'buffer'),
        m: r.count(ro, 'm', rp),
        n: r.count(ro, 'n', rp),
        k: r.count(ro, 'k', rp),
        samples: r.count(ro, 'samples', rp, 0),
      }
  }
  const to = o.tolerance === undefined ? {} : r.object(o.tolerance, '$.tolerance')
  const ti = o.timing === undefined ? {} : r.object(o.timing, '$.timing')
  let tileIR: TileIRRun | null = null
  if (o.tileIR !== undefined) {
    const t = r.object(o.tileIR, '$.tileIR')
    tileIR = { source: r.string(t, 'source', '$.tileIR'), entry: r.string(t, 'entry', '$.tileIR'), grid: r.dim3(t, 'grid', '$.tileIR'), block: r.dim3(t, 'block', '$.tileIR', [1, 1, 1]) }
  }
  const kernel = r.string(o, 'kernel', '$')
  return {
    name: r.string(o, 'name', '$', kernel),
    file,
    ptx: r.string(o, 'ptx', '$'),
    kernel,
    grid: r.dim3(o, 'grid', '$', [1, 1, 1]),
    block: r.dim3(o, 'block', '$'),
    sharedBytes: r.count(o, 'sharedBytes', '$', 0),
    args,
    reference,
    tolerance: { rel: r.number(to, 'rel', '$.tolerance', 0), abs: r.number(to, 'abs', '$.tolerance', 0) },
    timing: { reps: r.count(ti, 'reps', '$.timing', 0), flops: r.number(ti, 'flops', '$.timing', 0) },
    tileIR,
  }
}
