import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readCudaTileBytecode, writeCudaTileBytecode } from '../src/bytecode/index.ts'
import { BytecodeVersion, parseBytecodeVersionOption } from '../src/bytecode/Version.ts'
import { bytecodeContext, corpusBytes, corpusDir, corpusMlirFiles, parseModule, print } from './bytecodeHarness.ts'

const corpus = corpusDir()
const V13_1 = new BytecodeVersion(13, 1)

describe.skipIf(corpus === null)('NVIDIA bytecode fixtures (conformance corpus)', () => {
  const dir = corpus!

  it.each([
    ['negi-op-13.1', ['negi %', 'constant <i32: [1, 2]> : tile<2xi32>']],
    ['print-op-13.1', ['print_tko "Iteration result" -> token', 'mmaf ']],
  ])('reads the 13.1 file %s (upgrading old forms) and writes it back byte for byte', (name, expected) => {
    const bytes = corpusBytes(dir, `Bytecode/versioning/Inputs/13.1/${name}.tileirbc`)
    const { context, messages } = bytecodeContext()
    const result = readCudaTileBytecode(bytes, context)
    expect(messages).toEqual([])
    expect(result.ok).toBe(true)
    if (!result.ok) {
      return
    }
    const text = print(result.module)
    expect(text.startsWith('cuda_tile.module @kernels {')).toBe(true)
    for (const e of expected) {
      expect(text).toContain(e)
    }
    // The text reads back to the same module, and NVIDIA's writer gave exactly these bytes.
    const again = parseModule(text, context, messages)
    expect(print(again)).toBe(text)
    const rewritten = writeCudaTileBytecode(again, V13_1)
    expect(rewritten).not.toBeNull()
    expect(Buffer.from(rewritten!).equals(Buffer.from(bytes))).toBe(true)
  })

  it.each([
    ['versioning/Inputs/13.1/f4e2m1fn-in-13.1.tileirbc', "type 'Float4E2M1FN' requires bytecode version 13.3+, file version is 13.1"],
    ['invalid/invalid_magic_number.tileirbc', 'error at offset 1: invalid magic number at position 0, got 126 expected 127'],
    ['invalid/unsupported_version.tileirbc', 'error at offset 12: unsupported Tile version 18.0.0, this reader supports versions [13.1 - 13.3]'],
    ['invalid/invalid_section_id.tileirbc', 'unknown section ID: 127'],
    ['invalid/excessive_section_length.tileirbc', 'end section is not the last section'],
    ['invalid/invalid_dense_map_value.bc', 'array contains unsupported value -2147483648'],
    ['invalid/invalid_attribute_name.bc', 'invalid empty attribute name for DictionaryAttr element 0'],
  ])('rejects %s with NVIDIA\'s message', (rel, message) => {
    const { context } = bytecodeContext()
    const result = readCudaTileBytecode(corpusBytes(dir, `Bytecode/${rel}`), context)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.messages[0]).toContain(message)
    }
  })

  // Every round-trip test of the corpus: text -> bytecode -> text gives the text back.
  // The body of a skipped describe still runs to collect its tests: no corpus, no files.
  const roundTrip = (corpus === null ? [] : corpusMlirFiles(dir, 'Bytecode')).filter((f) => readFileSync(path.join(dir, f), 'utf8').includes('%round_trip_test'))
  it.each(roundTrip)('round-trips %s through bytecode', (rel) => {
    const { context, messages } = bytecodeContext()
    const text = readFileSync(path.join(dir, rel), 'utf8')
    let module
    try {
      module = parseModule(text, context, messages)
    } catch {
      // A file the dialect cannot parse yet is the parser's failure, reported by the
      // conformance run; there is nothing to write.
      return
    }
    const bytes = writeCudaTileBytecode(module)
    expect(messages).toEqual([])
    expect(bytes).not.toBeNull()
    const result = readCudaTileBytecode(bytes!, context)
    expect(result.ok ? [] : result.messages).toEqual([])
    if (result.ok) {
      expect(print(result.module)).toBe(print(module))
    }
  })
})

describe('bytecode versions', () => {
  it('accepts the supported versions and refuses others with cuda-tile-translate\'s messages', () => {
    expect(parseBytecodeVersionOption('13.2')).toEqual(new BytecodeVersion(13, 2))
    expect(parseBytecodeVersionOption('13.1.0')).toEqual(new BytecodeVersion(13, 1))
    expect(parseBytecodeVersionOption('250.1')).toEqual(new BytecodeVersion(250, 1))
    expect(parseBytecodeVersionOption('12.0')).toBe("Invalid argument '12.0': the supported versions are [13.1 - 13.3]")
    expect(parseBytecodeVersionOption('13')).toBe("Invalid argument '13'")
  })
})
