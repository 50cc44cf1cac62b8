import fc from 'fast-check'
import { moduleArb } from './grammar.ts'
import { tileCaseArb, type TileCase } from './tileCase.ts'

/**
 * One generated case: a run of tilepass-opt (arguments before the input file, and the
 * input text), or a Tile IR bytecode case (`tile`, whose module text is `text` too).
 */
export interface GeneratedCase {
  readonly kind: Exclude<CaseKind, 'all'>
  readonly argv: readonly string[]
  readonly text: string
  readonly tile: TileCase | null
}

/** Flags that make an IR-only case exercise more of the driver without changing its meaning much. */
const IR_FLAGS: readonly (readonly string[])[] = [
  [],
  ['--mlir-print-op-generic'],
  ['--mlir-print-debuginfo', '--mlir-print-local-scope'],
  ['--split-input-file'],
  ['--split-input-file', '--verify-diagnostics'],
  ['--verify-diagnostics=only-expected'],
  ['--canonicalize', '--cse'],
  ['--mlir-elide-elementsattrs-if-larger=2', '--mlir-print-elementsattrs-with-hex-if-larger=1'],
]

/** The case kinds (`--kind`); `all` draws the four in equal parts. */
export const CASE_KINDS = ['all', 'text', 'pipeline', 'flags', 'bytecode'] as const
export type CaseKind = (typeof CASE_KINDS)[number]

/**
 * Cases of four kinds, in equal parts: textual IR under a few driver modes, IR under a
 * generated pass pipeline, IR under generated driver flags, and mutated Tile IR bytecode.
 * Unregistered dialects are allowed in most, so generic ops reach the verifier and the passes.
 */
export function caseArb(pipelineArgs: fc.Arbitrary<string[]>, flagArgs: fc.Arbitrary<string[]>, kind: CaseKind = 'all'): fc.Arbitrary<GeneratedCase> {
  // Unregistered dialects allowed nine times in ten (generic ops reach the passes), else the parser's rejection.
  const allow = fc.nat({ max: 9 }).map((n) => (n !== 0 ? ['--allow-unregistered-dialect'] : []))
  const kinds: Record<Exclude<CaseKind, 'all'>, fc.Arbitrary<GeneratedCase>> = {
    text: fc.tuple(moduleArb, fc.constantFrom(...IR_FLAGS), allow).map(([text, flags, a]) => ({ kind: 'text' as const, argv: [...a, ...flags], text, tile: null })),
    pipeline: fc.tuple(moduleArb, pipelineArgs, allow).map(([text, p, a]) => ({ kind: 'pipeline' as const, argv: [...a, ...p], text, tile: null })),
    flags: fc.tuple(moduleArb, flagArgs, pipelineArgs, fc.boolean()).map(([text, flags, p, withPipeline]) => ({
      kind: 'flags' as const,
      argv: ['--allow-unregistered-dialect', ...flags, ...(withPipeline ? p : [])],
      text,
      tile: null,
    })),
    bytecode: tileCaseArb.map((tile) => ({ kind: 'bytecode' as const, argv: [], text: tile.module.text, tile })),
  }
  return kind === 'all' ? fc.oneof(kinds.text, kinds.pipeline, kinds.flags, kinds.bytecode) : kinds[kind]
}
