import fc from 'fast-check'
import { tilepassCompileMain, tilepassOptMain, tilepassTranslateMain } from '@tilepass/cli'
import { MemoryIO, type RunResult } from './memoryIO.ts'
import { tileModuleArb, tileModuleArbOf, type TileModule } from './tileGrammar.ts'
import { mutate, tileMutationArb, type TileMutation } from './tileMutations.ts'

// Tile IR bytecode cases: a generated cuda_tile module, written as bytecode by
// `tilepass-translate --mlir-to-cudatilebc` (writeCudaTileBytecode), mutated, and read by one
// of the three tools that take bytecode. Where `--cudatilebc-to-mlir` accepts the bytes, its
// output must survive a round trip (written back and read again to the same text).

/** Which tool reads the bytes. */
export type TileTool = 'translate' | 'opt' | 'compile'

/** A bytecode case: plain data, so that it can be posted to the worker. */
export interface TileCase {
  readonly module: TileModule
  readonly mutations: readonly TileMutation[]
  readonly tool: TileTool
  /** Flags of the tool, before the input file. */
  readonly flags: readonly string[]
}

const TOOL_FLAGS: Readonly<Record<TileTool, readonly (readonly string[])[]>> = {
  translate: [[], [], ['--mlir-print-op-generic'], ['--mlir-print-debuginfo']],
  opt: [[], ['--canonicalize', '--cse'], ['--mlir-print-debuginfo'], ['--verify-each']],
  compile: [[], ['--opt-level=0'], ['--emit=tile-asm'], ['--emit=llvm-ir']],
}

/** A bytecode case: none to three mutations (mostly one), read by translate (half), opt or compile. */
export const tileCaseArb: fc.Arbitrary<TileCase> = fc.constantFrom<TileTool>('translate', 'translate', 'opt', 'compile').chain((tool) =>
  fc
    .record({
      // tilepass-compile does not take module-level globals yet (a clean diagnostic): none for it.
      module: tool === 'compile' ? tileModuleArbOf(0) : tileModuleArb,
      // Mostly one mutation, so that the reader gets past the parts left intact.
      mutations: fc.oneof(
        { weight: 1, arbitrary: fc.constant([]) },
        { weight: 6, arbitrary: fc.array(tileMutationArb, { minLength: 1, maxLength: 1 }) },
        { weight: 3, arbitrary: fc.array(tileMutationArb, { minLength: 2, maxLength: 3 }) },
      ),
      flagPick: fc.nat({ max: 3 }),
    })
    .map(({ module, mutations, flagPick }) => ({ module, mutations, tool, flags: TOOL_FLAGS[tool][flagPick]! })),
)

/** The command line of a case, as a user would type it (input `in.tilebc`). */
export function tileCommandLine(c: TileCase): string[] {
  switch (c.tool) {
    case 'translate':
      return ['tilepass-translate', '--cudatilebc-to-mlir', ...c.flags, 'in.tilebc']
    case 'opt':
      return ['tilepass-opt', ...c.flags, 'in.tilebc']
    case 'compile':
      return ['tilepass-compile', ...c.flags, 'in.tilebc', '-o', 'out.s']
  }
}

/** The module written as bytecode and mutated; a problem when the generated module does not write (a grammar bug). */
export function buildTileBytes(c: TileCase): { bytes: Uint8Array; problem: null } | { bytes: null; problem: string } {
  const files = new Map<string, string | Uint8Array>([['in.mlir', c.module.text]])
  const io = new MemoryIO(files)
  const { rc, problem } = io.run(tilepassTranslateMain, ['--mlir-to-cudatilebc', `--bytecode-version=${c.module.version}`, 'in.mlir', '-o', 'in.tilebc'])
  const bytes = files.get('in.tilebc')
  if (problem !== null || rc !== 0 || !(bytes instanceof Uint8Array)) {
    return { bytes: null, problem: `the generated module does not write as bytecode ${c.module.version}: ${problem ?? io.err.slice(0, 2000)}` }
  }
  return { bytes: mutate(bytes, c.mutations), problem: null }
}

/** Runs a bytecode case; `problem` is null when it ended cleanly. */
export function runTileCase(c: TileCase): RunResult {
  const built = buildTileBytes(c)
  if (built.bytes === null) {
    return { rc: -1, problem: built.problem, diag: null }
  }
  const files = new Map<string, string | Uint8Array>([['in.tilebc', built.bytes]])
  const io = new MemoryIO(files)
  const [, ...argv] = tileCommandLine(c)
  const main = c.tool === 'translate' ? tilepassTranslateMain : c.tool === 'opt' ? tilepassOptMain : tilepassCompileMain
  const result = io.run(main, argv)
  if (result.problem !== null || result.rc !== 0 || c.tool !== 'translate' || c.flags.length > 0) {
    return result
  }
  return { rc: 0, problem: roundTripProblem(io.out), diag: null }
}

/**
 * Whether the write-back failed on a line with `optimization_hints=<`: NVIDIA's printer
 * writes the hints' keys bare (`<sm 1 = {...}>`), so a file whose hint keys are not
 * identifiers reads (in cuda-tile-translate too) to text that does not parse, or parses to
 * other keys (a NUL byte is skipped). Tilepass prints the same bytes, so that is not a finding.
 */
function hintKeyQuirk(text: string, err: string): boolean {
  const line = /^read\.mlir:(\d+):\d+: error/.exec(err)
  return line !== null && (text.split('\n')[Number(line[1]) - 1] ?? '').includes('optimization_hints=<')
}

/** Whether the first line where `a` and `b` differ is one with optimization hints (a key with a NUL byte, say: see `hintKeyQuirk`). */
function changedOnHintLine(a: string, b: string): boolean {
  const la = a.split('\n')
  const lb = b.split('\n')
  const i = la.findIndex((l, k) => l !== lb[k])
  return i >= 0 && la[i]!.includes('optimization_hints=<')
}

/**
 * The reader's output written back as bytecode (13.3) and read again must give the same
 * text: a module the reader accepted that does not re-parse, does not write, or changes
 * is a finding.
 */
export function roundTripProblem(text: string): string | null {
  const files = new Map<string, string | Uint8Array>([['read.mlir', text]])
  const write = new MemoryIO(files)
  const w = write.run(tilepassTranslateMain, ['--mlir-to-cudatilebc', 'read.mlir', '-o', 'again.tilebc'])
  if (w.problem === null && w.rc !== 0 && hintKeyQuirk(text, write.err)) {
    return null
  }
  if (w.problem !== null || w.rc !== 0) {
    return `round trip: the reader's output does not write back: ${w.problem ?? write.err.slice(0, 2000)}\n--- reader output:\n${text.slice(0, 4000)}`
  }
  const read = new MemoryIO(files)
  const r = read.run(tilepassTranslateMain, ['--cudatilebc-to-mlir', 'again.tilebc'])
  if (r.problem !== null || r.rc !== 0) {
    return `round trip: the rewritten bytecode does not read: ${r.problem ?? read.err.slice(0, 2000)}\n--- reader output:\n${text.slice(0, 4000)}`
  }
  if (read.out !== text && !changedOnHintLine(text, read.out)) {
    return `round trip: the module changed\n--- first read:\n${text.slice(0, 4000)}\n--- after writing and reading again:\n${read.out.slice(0, 4000)}`
  }
  return null
}
