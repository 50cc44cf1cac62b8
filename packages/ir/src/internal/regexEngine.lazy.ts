// A lazy table (see packages/cli/scripts/lazyTables.js): in the tools' bundle the RE2 engine
// (re2js, whose module builds its tables when evaluated) is evaluated on the first regex
// compiled, not at start-up: most runs compile none, and patterns that LLVM's syntax
// rejects are reported before the engine is needed.
import { RE2JS } from 're2js'

/** @internal The RE2 engine that `Regex` compiles patterns with, loaded on first use. */
export const REGEX_ENGINE = {
  RE2JS: () => RE2JS,
}
