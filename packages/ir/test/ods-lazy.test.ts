import { describe, expect, it } from 'vitest'
import { AnyType, I64Attr, SignlessIntegerLike, Trait, defineOp, optionalAttr, variadic, type OperandConstraint } from '@tilepass/ir'

/** Operand declarations that count how often a declaration's constraint is read. */
function countingOperands(names: readonly string[]): { operands: Record<string, OperandConstraint>; reads: () => number } {
  let reads = 0
  const operands: Record<string, OperandConstraint> = {}
  for (const name of names) {
    Object.defineProperty(operands, name, {
      enumerable: true,
      get: () => {
        reads++
        return SignlessIntegerLike
      },
    })
  }
  return { operands, reads: () => reads }
}

describe('defineOp derives its declarations on first use', () => {
  it('reads no declaration when the op is defined, and each once when first used', () => {
    const { operands, reads } = countingOperands(['lhs', 'rhs'])
    const op = defineOp({ name: 'lazy.add', operands, results: { result: SignlessIntegerLike } })
    expect(reads()).toBe(0)
    expect(op.traits & Trait.ZeroOperands).toBe(0)
    expect(op.traits & Trait.ZeroResults).toBe(0)
    expect(reads()).toBe(0)
    expect(op.operands.map((d) => d.name)).toEqual(['lhs', 'rhs'])
    expect(reads()).toBe(2)
    expect(op.operands).toBe(op.operands)
    expect(op.results.map((d) => d.name)).toEqual(['result'])
    expect(reads()).toBe(2)
  })

  it('sets the zero-count traits from what the spec declares', () => {
    const op = defineOp({ name: 'lazy.none' })
    expect(op.traits & (Trait.ZeroOperands | Trait.ZeroResults | Trait.ZeroRegions | Trait.ZeroSuccessors)).toBe(
      Trait.ZeroOperands | Trait.ZeroResults | Trait.ZeroRegions | Trait.ZeroSuccessors,
    )
    expect(op.operands).toEqual([])
    expect(op.regions).toEqual([])
  })

  it('names the inherent attributes, segment sizes included, in declaration order', () => {
    const op = defineOp({
      name: 'lazy.segments',
      operands: { a: variadic(AnyType), b: variadic(AnyType) },
      attributes: { first: I64Attr, second: optionalAttr(I64Attr) },
      traits: Trait.AttrSizedOperandSegments,
    })
    expect(op.inherentAttributeNames).toEqual(['first', 'second', 'operandSegmentSizes'])
    expect(op.inherentAttributeNames).toBe(op.inherentAttributeNames)
    expect(op.attributes.map((a) => [a.name, a.optional])).toEqual([
      ['first', false],
      ['second', true],
    ])
  })

  it('gives ops with several named results their result-group names, and others none', () => {
    expect(defineOp({ name: 'lazy.two', results: { sum: AnyType, overflow: AnyType } }).getAsmResultNames).toBeTypeOf('function')
    expect(defineOp({ name: 'lazy.unnamed', results: { '#0': AnyType, '#1': AnyType } }).getAsmResultNames).toBeUndefined()
    expect(defineOp({ name: 'lazy.one', results: { sum: AnyType } }).getAsmResultNames).toBeUndefined()
  })
})
