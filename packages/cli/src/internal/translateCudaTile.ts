/**
 * The cuda_tile translations of `tilepass-translate`, as `cuda-tile-translate` registers
 * them: `--mlir-to-cudatilebc`, `--cudatilebc-to-mlir`, `--test-cudatile-roundtrip`, and
 * the options `--bytecode-version` and `--list-versions`.
 */
import {
  CURRENT_VERSION,
  SUPPORTED_VERSIONS,
  parseBytecodeVersionOption,
  readCudaTileBytecode,
  writeCudaTileBytecode,
  type BytecodeVersion,
} from '@tilepass/cuda-tile'
import { printOperation, type Operation } from '@tilepass/ir'
import type { TranslateEnv, TranslationRegistry } from './translateRegistry.ts'
import { reportMessages } from './optInput.ts'

const GENERAL = 'General options'
const MODULE = 'cuda_tile.module'

/** The `--bytecode-version` of the command line (13.3 when not given; validated up front). */
function targetVersion(env: TranslateEnv): BytecodeVersion {
  const value = env.options.get('bytecode-version')
  if (typeof value !== 'string') {
    return CURRENT_VERSION
  }
  const v = parseBytecodeVersionOption(value)
  return typeof v === 'string' ? CURRENT_VERSION : v
}

/** The `cuda_tile.module` to write: the op itself, or the only op of an implicit `builtin.module`. */
function cudaTileModuleOf(op: Operation): Operation | null {
  if (op.name.name === MODULE) {
    return op
  }
  if (op.name.name === 'builtin.module') {
    const body = op.regions[0]?.firstBlock
    const ops = body?.operations ?? []
    if (ops.length !== 1 || ops[0]!.name.name !== MODULE) {
      op.emitError('expected a single CUDA Tile IR module in the MLIR module').report()
      return null
    }
    return ops[0]!
  }
  op.emitError(`expected a CUDA Tile IR module, but got a ${op.name.name}`).report()
  return null
}

/** Registers the cuda_tile bytecode translations and their options with `registry`. */
export function registerCudaTileTranslations(registry: TranslationRegistry): void {
  registry.registerOption({
    spec: { name: 'bytecode-version', valueName: 'value', description: 'Bytecode version to use for translation', category: GENERAL },
    validate: (value) => {
      const v = parseBytecodeVersionOption(value === true ? '' : value)
      return typeof v === 'string' ? v : null
    },
  })
  registry.registerOption({
    spec: { name: 'list-versions', kind: 'bool', description: 'List all supported bytecode versions and exit', category: GENERAL },
    immediate: (stdout) => {
      stdout(SUPPORTED_VERSIONS.map((v) => `${v.toString()}\n`).join(''))
      return 0
    },
  })
  registry.registerToMLIR('cudatilebc-to-mlir', 'Translate CUDA Tile IR bytecode to MLIR', (input, env) => {
    const result = readCudaTileBytecode(input.bytes, env.context)
    if (!result.ok) {
      reportMessages(env.context, result.messages)
      return null
    }
    return result.module
  })
  registry.registerFromMLIR('mlir-to-cudatilebc', 'Translate MLIR to CUDA Tile IR bytecode', (op, output, env) => {
    const module = cudaTileModuleOf(op)
    if (module === null) {
      return false
    }
    const bytes = writeCudaTileBytecode(module, targetVersion(env))
    if (bytes === null) {
      return false
    }
    output.writeBytes(bytes)
    return true
  })
  registry.registerFromMLIR('test-cudatile-roundtrip', 'Test bytecode serialization and deserialization round-trip', (op, output, env) => {
    if (op.name.name !== MODULE) {
      op.emitError(`expected a '${MODULE}' op, got '${op.name.name}'`).report()
      return false
    }
    const bytes = writeCudaTileBytecode(op, targetVersion(env))
    if (bytes === null) {
      return false
    }
    const result = readCudaTileBytecode(bytes, env.context)
    if (!result.ok) {
      reportMessages(env.context, result.messages)
      op.emitError('Failed to deserialize bytecode').report()
      return false
    }
    output.writeText(printOperation(result.module, env.printer))
    output.writeText('\n')
    return true
  })
}
