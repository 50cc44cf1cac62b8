import { describe, expect, it } from 'vitest'
import { AffineMapAttr, Context, flattenAffineExpr, parseAttribute, printAttribute, simplifyAffineMap } from '../src/index.ts'

// simplifyAffineExpr by flattening: each expected map is what mlir-opt 22.1.8's canonicalize
// printed for an affine.apply of the input map over two loop IVs (so that neither operand is
// promoted to a symbol), i.e. upstream's simplifyAffineMap output.
function simplified(text: string): string {
  const ctx = new Context()
  const attr = parseAttribute(text, ctx)
  if (!(attr instanceof AffineMapAttr)) {
    throw new Error('not an affine map')
  }
  return printAttribute(AffineMapAttr.get(simplifyAffineMap(attr.value)))
}

describe('simplifyAffineMap', () => {
  it('merges terms, cancels gcds in quotients and rewrites remainders with quotients', () => {
    expect(simplified('affine_map<(d0, d1) -> ((d0 * 4 + d1 * 8 - 4) floordiv 4 + (d1 mod 2) * 2)>')).toBe(
      'affine_map<(d0, d1) -> (d0 + d1 * 4 - (d1 floordiv 2) * 4 - 1)>',
    )
    expect(simplified('affine_map<(d0, d1) -> (d1 - (d0 + d1) mod 3 + d0 * 2 - d0)>')).toBe('affine_map<(d0, d1) -> (((d0 + d1) floordiv 3) * 3)>')
  })
  it('rewrites ceildiv by a divisor of every coefficient and orders dims, symbols, quotients, constant', () => {
    expect(simplified('affine_map<(d0, d1) -> ((d0 * 6 + 3) ceildiv 3 + (d1 * 2) mod 4 + (d0 floordiv 2) * 2)>')).toBe(
      'affine_map<(d0, d1) -> (d0 * 2 + d1 * 2 - (d1 floordiv 2) * 4 + (d0 floordiv 2) * 2 + 1)>',
    )
  })
  it('reuses the quotient of a remainder already seen', () => {
    expect(simplified('affine_map<(d0, d1) -> (((d0 + d1) mod 8) floordiv 2 + ((d0 + d1) mod 8) * 3)>')).toBe(
      'affine_map<(d0, d1) -> (d0 * 3 + d1 * 3 - ((d0 + d1) floordiv 8) * 24 + ((d0 + d1) mod 8) floordiv 2)>',
    )
  })
  it('leaves semi-affine expressions alone', () => {
    expect(simplified('affine_map<(d0)[s0] -> (d0 floordiv s0 + d0 * s0)>')).toBe('affine_map<(d0)[s0] -> (d0 floordiv s0 + d0 * s0)>')
  })
})

describe('simplifyAffineMap on semi-affine expressions (mlir-opt 22)', () => {
  it('folds (e - e mod q) mod q, and remainders and quotients by a symbol dividing the dividend', () => {
    expect(simplified('affine_map<()[s0, s1] -> ((s0 - s0 mod s1) mod s1)>')).toBe('affine_map<()[s0, s1] -> (0)>')
    expect(simplified('affine_map<()[s0, s1, s2] -> ((s0 - (s0 - s2) mod s1 - s2) mod s1)>')).toBe('affine_map<()[s0, s1, s2] -> (0)>')
    expect(simplified('affine_map<(d0, d1)[s0] -> ((d0 + d1 - (d0 + d1) mod s0) mod s0)>')).toBe('affine_map<(d0, d1)[s0] -> (0)>')
    expect(simplified('affine_map<(d0)[s0] -> ((d0 * s0) mod s0)>')).toBe('affine_map<(d0)[s0] -> (0)>')
    expect(simplified('affine_map<(d0)[s0] -> ((d0 * s0 + s0) floordiv s0)>')).toBe('affine_map<(d0)[s0] -> (d0 + 1)>')
    // Not a multiple: (d0 + 1) is not d0.
    expect(simplified('affine_map<(d0)[s0] -> ((d0 - (d0 + 1) mod s0) mod s0)>')).toBe('affine_map<(d0)[s0] -> ((d0 - (d0 + 1) mod s0) mod s0)>')
  })
  it('orders terms by dimension and symbol position, each dimension before its products', () => {
    expect(simplified('affine_map<(d0, d1)[s0, s1] -> (d0 * s0 + d0 + s0 + d1 * s1)>')).toBe('affine_map<(d0, d1)[s0, s1] -> (d0 + d0 * s0 + s0 + d1 * s1)>')
    expect(simplified('affine_map<(d0, d1)[s0] -> (d1 mod s0 + d0 mod s0 + d0)>')).toBe('affine_map<(d0, d1)[s0] -> (d0 + d0 mod s0 + d1 mod s0)>')
    expect(simplified('affine_map<(d0, d1)[s0, s1] -> ((d0 + d1) mod s0 + d0 * 2 + s1)>')).toBe('affine_map<(d0, d1)[s0, s1] -> (d0 * 2 + s1 + (d0 + d1) mod s0)>')
    expect(simplified('affine_map<(d0)[s0, s1] -> (s1 * 2 + s0 mod 3 + d0 floordiv s1)>')).toBe('affine_map<(d0)[s0, s1] -> (d0 floordiv s1 + s0 mod 3 + s1 * 2)>')
  })
  it('keeps the first term of two with the same (dimension, symbol) key, as upstream does', () => {
    // d0 mod s0 and d0 * s0 share upstream's sort key; its maps keep the first entry.
    expect(simplified('affine_map<(d0, d1)[s0] -> (d0 mod s0 + d1 + d0 * s0)>')).toBe('affine_map<(d0, d1)[s0] -> ((d0 mod s0) * 2 + d1)>')
  })
})

describe('flattenAffineExpr', () => {
  it('gives dim, symbol, local and constant coefficients', () => {
    const ctx = new Context()
    const attr = parseAttribute('affine_map<(d0)[s0] -> (d0 * 3 - s0 + (d0 floordiv 4) * 2 + 7)>', ctx) as AffineMapAttr
    expect(flattenAffineExpr(attr.value.results[0]!, 1, 1)).toEqual({ coefficients: [3, -1, 2, 7], numLocals: 1 })
  })
})
