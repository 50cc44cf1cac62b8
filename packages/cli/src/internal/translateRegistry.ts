/**
 * The translation registry of `tilepass-translate`, in the style of MLIR's
 * `TranslateRegistration`: each translation is a command-line flag (`--mlir-to-llvmir`)
 * of one of three shapes, as mlir-translate's:
 * - *to MLIR* (`TranslateToMLIRRegistration`): input bytes/text -> an operation, which the
 *   driver verifies and prints with the printer flags (`--cudatilebc-to-mlir`);
 * - *from MLIR* (`TranslateFromMLIRRegistration`): the driver parses and verifies the
 *   MLIR text input, the translation writes text or bytes (`--mlir-to-cudatilebc`);
 * - *raw* (`TranslateRegistration`): input -> output, the translation does everything.
 * Translations may also add options of their own (`--bytecode-version`).
 */
import type { AsmPrinterOptions, Context, Operation } from '@tilepass/ir'
import type { OptionSpec } from './CommandLine.ts'

/** What a translation reads: one input file (or one `--split-input-file` chunk). */
export interface TranslateInput {
  /** The raw bytes. */
  readonly bytes: Uint8Array
  /** The bytes as UTF-8 text. */
  readonly text: string
  /** The name diagnostics give the buffer (`<stdin>` for standard input). */
  readonly bufferName: string
}

/** Where a translation writes. Text and bytes may be mixed; the driver sends them on in order. */
export interface TranslateOutput {
  writeText(text: string): void
  writeBytes(bytes: Uint8Array): void
}

/** What the driver hands a translation besides its input. */
export interface TranslateEnv {
  /** The context of this input (chunk), with the tool's dialects registered. */
  readonly context: Context
  /** The parsed command line: every option by name (`true` for flags). */
  readonly options: ReadonlyMap<string, string | true>
  /** The printer flags given on the command line (`--mlir-print-debuginfo`, ...). */
  readonly printer: AsmPrinterOptions
}

/** One registered translation. */
export type Translation =
  | {
      readonly kind: 'to-mlir'
      readonly name: string
      readonly description: string
      /** Returns the translated op, or null after reporting diagnostics on `env.context`. */
      readonly translate: (input: TranslateInput, env: TranslateEnv) => Operation | null
    }
  | {
      readonly kind: 'from-mlir'
      readonly name: string
      readonly description: string
      /** Translates the parsed, verified input; false after reporting diagnostics. */
      readonly translate: (op: Operation, output: TranslateOutput, env: TranslateEnv) => boolean
    }
  | {
      readonly kind: 'raw'
      readonly name: string
      readonly description: string
      /** Translates the input; false after reporting diagnostics. */
      readonly translate: (input: TranslateInput, output: TranslateOutput, env: TranslateEnv) => boolean
    }

/**
 * An option a translation adds to the tool. `immediate`, when given, runs as soon as the
 * option is seen (as `--list-versions`): it gets the option's value and the stdout writer
 * and returns the exit code.
 */
export interface TranslationOption {
  readonly spec: OptionSpec
  /** Checks the value; returns the message `for the --name option: <message>` or null. */
  readonly validate?: (value: string | true) => string | null
  readonly immediate?: (stdout: (text: string) => void) => number
}

/** The translations and translation options of a tool, in registration order. */
export class TranslationRegistry {
  private readonly translations = new Map<string, Translation>()
  private readonly options: TranslationOption[] = []

  /** Registers a translation; its `name` becomes the `--name` flag. Names must be unique. */
  register(translation: Translation): void {
    if (this.translations.has(translation.name)) {
      throw new Error(`translation '${translation.name}' is already registered`)
    }
    this.translations.set(translation.name, translation)
  }
  /** Shorthand for a `to-mlir` translation. */
  registerToMLIR(name: string, description: string, translate: (input: TranslateInput, env: TranslateEnv) => Operation | null): void {
    this.register({ kind: 'to-mlir', name, description, translate })
  }
  /** Shorthand for a `from-mlir` translation. */
  registerFromMLIR(name: string, description: string, translate: (op: Operation, output: TranslateOutput, env: TranslateEnv) => boolean): void {
    this.register({ kind: 'from-mlir', name, description, translate })
  }
  /** Adds a tool option used by translations (`--bytecode-version`). */
  registerOption(option: TranslationOption): void {
    this.options.push(option)
  }
  get(name: string): Translation | undefined {
    return this.translations.get(name)
  }
  /** Every translation, in registration order. */
  all(): readonly Translation[] {
    return [...this.translations.values()]
  }
  /** Every translation option, in registration order. */
  allOptions(): readonly TranslationOption[] {
    return this.options
  }
}
