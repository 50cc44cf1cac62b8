import { FEATURE_NAMES, type Features, allFeatures, isFeatureName } from './features.ts'

/** One way of running both tools: the extra flags given to each. */
export interface Mode {
  readonly name: string
  readonly flags: readonly string[]
}

/** The four printing modes compared: custom or generic form, each with and without debug info. */
export const MODES: readonly Mode[] = [
  { name: 'custom', flags: [] },
  { name: 'custom+debuginfo', flags: ['--mlir-print-debuginfo'] },
  { name: 'generic', flags: ['--mlir-print-op-generic'] },
  { name: 'generic+debuginfo', flags: ['--mlir-print-op-generic', '--mlir-print-debuginfo'] },
]

/**
 * Applies a feature specification to `base`: comma-separated items, each `all`, `none`, a
 * feature name or `+name` (turn on), or `-name` (turn off), applied left to right.
 * Returns an error message for an unknown name.
 */
export function applyFeatureSpec(base: Features, spec: string): Features | string {
  const features = { ...base }
  for (const raw of spec.split(',')) {
    const item = raw.trim()
    if (item === '') {
      continue
    }
    if (item === 'all' || item === 'none') {
      for (const name of FEATURE_NAMES) {
        features[name] = item === 'all'
      }
      continue
    }
    const on = !item.startsWith('-')
    const name = item.startsWith('-') || item.startsWith('+') ? item.slice(1) : item
    if (!isFeatureName(name)) {
      return `unknown feature '${name}' (known: ${FEATURE_NAMES.join(', ')})`
    }
    features[name] = on
  }
  return features
}

/** The settings of one differential run. */
export interface RunOptions {
  count: number
  seed: number
  /** Modules per input file (joined with `// -----`, run with --split-input-file). */
  batch: number
  /** How many tool processes run at once. */
  jobs: number
  features: Features
  modes: Mode[]
  mlirOpt: string
  tilepassOpt: string
  /** Only check that mlir-opt accepts every generated module (validates the generator). */
  generatorOnly: boolean
  /** Replays one module index alone. */
  only: number | undefined
  /** How many differences to print in full. */
  maxReports: number
  /** Modes that are run and reported but do not make the run fail. */
  reportOnly: Set<string>
}

/** The shape of a JSON configuration file (tools/differential/ci.json). */
export interface ConfigFile {
  count?: number
  seed?: number
  batch?: number
  features?: string
  modes?: string[]
  /** Modes run for information only: their differences are reported but do not fail the run. */
  reportOnlyModes?: string[]
}

/** The default run: 300 modules, seed 1, every feature, every mode. */
export function defaultRunOptions(root: string): RunOptions {
  return {
    count: 300,
    seed: 1,
    batch: 50,
    jobs: 2,
    features: allFeatures(),
    modes: [...MODES],
    mlirOpt: process.env.MLIR_OPT ?? '/usr/lib/llvm-22/bin/mlir-opt',
    tilepassOpt: process.env.TILEPASS_OPT ?? `${root}/node_modules/.bin/tilepass-opt`,
    generatorOnly: false,
    only: undefined,
    maxReports: 5,
    reportOnly: new Set<string>(),
  }
}

/** Selects modes by name; returns an error message for an unknown one. */
export function selectModes(names: readonly string[]): Mode[] | string {
  const modes: Mode[] = []
  for (const name of names) {
    const mode = MODES.find((m) => m.name === name)
    if (mode === undefined) {
      return `unknown mode '${name}' (known: ${MODES.map((m) => m.name).join(', ')})`
    }
    modes.push(mode)
  }
  return modes
}
