import fc from 'fast-check'
import { moduleArb } from './grammar.ts'

/** One generated run of tilepass-opt: arguments (before the input file) and input text. */
export interface GeneratedCase {
  readonly argv: readonly string[]
  readonly text: string
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

/**
 * Cases of three kinds, in equal parts: textual IR under a few driver modes, IR under a
 * generated pass pipeline, and IR under generated driver flags. Unregistered dialects are
 * allowed in most, so generic ops reach the verifier and the passes.
 */
export function caseArb(pipelineArgs: fc.Arbitrary<string[]>, flagArgs: fc.Arbitrary<string[]>): fc.Arbitrary<GeneratedCase> {
  const allow = fc.boolean().map((b) => (b ? ['--allow-unregistered-dialect'] : []))
  return fc.oneof(
    fc.tuple(moduleArb, fc.constantFrom(...IR_FLAGS), allow).map(([text, flags, a]) => ({ argv: [...a, ...flags], text })),
    fc.tuple(moduleArb, pipelineArgs, allow).map(([text, p, a]) => ({ argv: [...a, ...p], text })),
    fc.tuple(moduleArb, flagArgs, pipelineArgs, fc.boolean()).map(([text, flags, p, withPipeline]) => ({
      argv: ['--allow-unregistered-dialect', ...flags, ...(withPipeline ? p : [])],
      text,
    })),
  )
}
