/**
 * Tile IR bytecode versions: `major.minor[.tag]`, the versions this reader and writer
 * support (13.1 to 13.3, plus the test-only 250.0 and 250.1) and the command-line form
 * of `--bytecode-version`.
 */

/** One bytecode version. Compared component by component (major, minor, tag). */
export class BytecodeVersion {
  constructor(
    readonly major: number,
    readonly minor: number,
    readonly tag = 0,
  ) {}

  /** Negative, zero or positive as `this` is older than, equal to or newer than `other`. */
  compare(other: BytecodeVersion): number {
    if (this.major !== other.major) {
      return this.major - other.major
    }
    if (this.minor !== other.minor) {
      return this.minor - other.minor
    }
    return this.tag - other.tag
  }
  /** True when `this` is `other` or newer. */
  atLeast(other: BytecodeVersion): boolean {
    return this.compare(other) >= 0
  }
  /** `13.1`, or `13.1.2` when the tag is not zero (as NVIDIA's tools print it). */
  toString(): string {
    return this.tag !== 0 ? `${this.major}.${this.minor}.${this.tag}` : `${this.major}.${this.minor}`
  }
}

/** The oldest version the reader and writer support. */
export const MIN_SUPPORTED_VERSION: BytecodeVersion = new BytecodeVersion(13, 1)
/** The newest public version: the writer's default. */
export const CURRENT_VERSION: BytecodeVersion = new BytecodeVersion(13, 3)
/** From this version on, every optional type parameter is announced in one bit field. */
export const UNIFIED_BITFIELD_VERSION: BytecodeVersion = new BytecodeVersion(13, 3)
/** Globals carry visibility and `constant`, and the producer section exists, from this version on. */
export const VERSION_13_3: BytecodeVersion = new BytecodeVersion(13, 3)

/** Every version the tools accept, in order (`--list-versions`); 250.x are test-only. */
export const SUPPORTED_VERSIONS: readonly BytecodeVersion[] = [
  new BytecodeVersion(13, 1),
  new BytecodeVersion(13, 2),
  new BytecodeVersion(13, 3),
  new BytecodeVersion(250, 0),
  new BytecodeVersion(250, 1),
]

/** The supported version with this major and minor number (any tag), or null. */
export function supportedVersion(major: number, minor: number, tag = 0): BytecodeVersion | null {
  for (const v of SUPPORTED_VERSIONS) {
    if (v.major === major && v.minor === minor) {
      return tag === 0 ? v : new BytecodeVersion(major, minor, tag)
    }
  }
  return null
}

/** Parses `13.1` or `13.1.0` into a version: `{major, minor, tag}`, or null when malformed. */
function parseVersionText(text: string): { major: number; minor: number; tag: number } | null {
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?$/.exec(text)
  if (m === null) {
    return null
  }
  const major = Number(m[1])
  const minor = Number(m[2])
  const tag = m[3] === undefined ? 0 : Number(m[3])
  // The components are stored as a byte, a byte and a 16-bit word.
  if (major > 0xff || minor > 0xff || tag > 0xffff) {
    return null
  }
  return { major, minor, tag }
}

/**
 * Reads the value of `--bytecode-version`. Returns the version, or the message
 * `cuda-tile-translate` gives after `for the --bytecode-version option: `.
 */
export function parseBytecodeVersionOption(text: string): BytecodeVersion | string {
  const parsed = parseVersionText(text)
  if (parsed === null) {
    return `Invalid argument '${text}'`
  }
  const v = supportedVersion(parsed.major, parsed.minor, parsed.tag)
  if (v === null) {
    return `Invalid argument '${text}': the supported versions are [${MIN_SUPPORTED_VERSION.toString()} - ${CURRENT_VERSION.toString()}]`
  }
  return v
}

/** Parses a version written in an op table (`'13.2'`). */
export function versionOf(text: string): BytecodeVersion {
  const parsed = parseVersionText(text)
  if (parsed === null) {
    throw new Error(`malformed bytecode version '${text}'`)
  }
  return new BytecodeVersion(parsed.major, parsed.minor, parsed.tag)
}
