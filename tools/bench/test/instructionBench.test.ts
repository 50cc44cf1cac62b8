// The instruction-count benchmark's reading of callgrind's summary and its derived columns.
import { describe, expect, it } from 'vitest'
import { deriveRow, fmtM, parseInstructionTotal, renderInstructions } from '../src/instructionBench.ts'

describe('instruction counts', () => {
  it("reads the total of callgrind's summary line", () => {
    const stderr = '==4242== Events    : Ir\n==4242== Collected : 1348168118\n==4242== \n==4242== I   refs:      1,348,168,118\n'
    expect(parseInstructionTotal(stderr)).toBe(1_348_168_118)
    expect(parseInstructionTotal('valgrind: failed to start tool')).toBe(-1)
  })

  it("measures Tilepass's own work against node -e 0 and each tool's work on the input against its empty run", () => {
    const row = deriveRow('chain', 1_336_000_000, 160_000_000, { node: 501_000_000, tilepassEmpty: 600_000_000, mlirEmpty: 64_000_000 })
    expect(row).toEqual({ label: 'chain', tilepass: 1_336_000_000, mlir: 160_000_000, tilepassOwn: 835_000_000, mlirBeyondEmpty: 96_000_000, tilepassBeyondEmpty: 736_000_000 })
  })

  it('writes millions, and a dash for a failed count', () => {
    expect(fmtM(501_234_567)).toBe('501.2M')
    expect(fmtM(-1)).toBe('—')
  })

  it('names the NODE_EXTRA_CA_CERTS share only where the machine sets the variable', () => {
    const header = { date: 'd', commit: 'c', version: 'v', valgrind: 'valgrind-3.19.0' }
    const row = deriveRow('`hello`', 632_000_000, 65_000_000, { node: 501_000_000, tilepassEmpty: 600_000_000, mlirEmpty: 64_000_000 })
    const withVar = renderInstructions({ node: 501_000_000, tilepassEmpty: 600_000_000, mlirEmpty: 64_000_000, bare: { node: 86_000_000, tilepassEmpty: 177_000_000 } }, [row], header)
    expect(withVar).toContain('That is 415.0M of the 501.0M of `node -e 0` here.')
    expect(withVar).toContain("| `tilepass-opt <empty>` without NODE_EXTRA_CA_CERTS | 177.0M (Tilepass's own: 91.0M) |")
    expect(withVar).toContain('| `hello` | 632.0M | 131.0M | 65.0M | 32.0M | 1.0M | 32.0x |')
    const without = renderInstructions({ node: 86_000_000, tilepassEmpty: 177_000_000, mlirEmpty: 64_000_000, bare: null }, [row], header)
    expect(without).not.toContain('NODE_EXTRA_CA_CERTS')
  })
})
