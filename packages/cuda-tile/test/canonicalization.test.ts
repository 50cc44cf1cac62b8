import { Context, FrozenRewritePatternSet, RewritePatternSet, applyPatternsGreedily, parseSourceString, printOperation, verify, type RewritePatternLike } from '@tilepass/ir'
import { describe, expect, it } from 'vitest'
import { CudaTileTestingDialect, cudaTileOps } from '../src/index.ts'
import { CombineIfs, ConvertToSelect, RemoveUnusedResults } from '../src/CudaTileIfCanonicalization.ts'

const allPatterns = (): RewritePatternLike[] => {
  const set = new RewritePatternSet(new Context())
  for (const def of cudaTileOps()) {
    def.getCanonicalizationPatterns?.(set)
  }
  return set.patterns
}

/** Canonicalizes `body` (the ops of `entry @k(<args>)`) and returns the printed, verified module. */
function canon(args: string, body: string, patterns: readonly RewritePatternLike[] = allPatterns()): string {
  const context = new Context({ dialects: [CudaTileTestingDialect] })
  const messages: string[] = []
  context.diagEngine.registerHandler((d) => {
    messages.push(d.message)
    return true
  })
  const src = `cuda_tile.module @m {\nentry @k(${args}) {\n${body}\n}\n}`
  const parsed = parseSourceString(src, context, { filename: 'canon.mlir', noImplicitModule: true })
  expect(parsed, messages.join('\n')).not.toBeNull()
  applyPatternsGreedily(parsed!.op, new FrozenRewritePatternSet([...patterns]))
  expect(verify(parsed!.op), messages.join('\n')).toBe(true)
  return printOperation(parsed!.op)
}

const P = '%p: tile<ptr<i32>>'

describe('cuda_tile.if canonicalization', () => {
  it('inlines the else region of an if on a constant false and drops an if without else', () => {
    const out = canon(
      '%x: tile<i32>',
      `%f = constant <i1: 0> : tile<i1>
      if %f {
        print_tko "then" -> token
      } else {
        print_tko "else" -> token
      }
      if %f {
        print_tko "never" -> token
      }
      return`,
    )
    expect(out).not.toMatch(/\bif\b/)
    expect(out).toContain('print_tko "else"')
    expect(out).not.toContain('"then"')
    expect(out).not.toContain('"never"')
  })

  it('inlining a branch that returns drops the rest of the block', () => {
    const out = canon(
      '',
      `%t = constant <i1: 1> : tile<i1>
      if %t {
        print_tko "a" -> token
        return
      }
      print_tko "b" -> token
      return`,
    )
    expect(out).toContain('print_tko "a"')
    expect(out).not.toContain('"b"')
    expect(out.match(/return/g)).toHaveLength(1)
  })

  it('an if yielding values defined outside becomes a select, through reshape and broadcast for ranked tiles', () => {
    const out = canon(
      `%c: tile<i1>, ${P}`,
      `%a = constant <i32: [1, 2]> : tile<2xi32>
      %b = constant <i32: [5, 7]> : tile<2xi32>
      %r = if %c -> (tile<2xi32>) {
        yield %a : tile<2xi32>
      } else {
        yield %b : tile<2xi32>
      }
      %q = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
      %v = broadcast %q : tile<1xptr<i32>> -> tile<2xptr<i32>>
      %i = iota : tile<2xi32>
      %o = offset %v, %i : tile<2xptr<i32>>, tile<2xi32> -> tile<2xptr<i32>>
      %s = store_ptr_tko weak %o, %r : tile<2xptr<i32>>, tile<2xi32> -> token
      return`,
    )
    expect(out).not.toMatch(/\bif\b/)
    expect(out).toMatch(/reshape %arg0 : tile<i1> -> tile<1xi1>/)
    expect(out).toMatch(/broadcast %\w+ : tile<1xi1> -> tile<2xi1>/)
    expect(out).toMatch(/select %\w+, %cst_i32, %cst_i32_0 : tile<2xi1>, tile<2xi32>/)
  })

  it('keeps results computed inside the if and converts the others', () => {
    const out = canon(
      `%c: tile<i1>, %x: tile<i32>, ${P}`,
      `%a = constant <i32: 4> : tile<i32>
      %r:2 = if %c -> (tile<i32>, tile<i32>) {
        %y = muli %x, %x : tile<i32>
        yield %y, %a : tile<i32>, tile<i32>
      } else {
        yield %x, %x : tile<i32>, tile<i32>
      }
      %s = addi %r#0, %r#1 : tile<i32>
      %t = store_ptr_tko weak %p, %s : tile<ptr<i32>>, tile<i32> -> token
      return`,
      [ConvertToSelect],
    )
    expect(out).toMatch(/select %arg0, %cst_4_i32, %arg1 : tile<i1>, tile<i32>/)
    expect(out).toMatch(/%\w+ = if %arg0 -> \(tile<i32>\)/)
    expect(out).toMatch(/yield %\w+ : tile<i32>\n\s*\} else \{\n\s*yield %arg1 : tile<i32>/)
  })

  it('leaves an if yielding tokens alone', () => {
    const out = canon(
      `%c: tile<i1>, ${P}`,
      `%z = constant <i32: 0> : tile<i32>
      %t0 = make_token : token
      %t1 = make_token : token
      %t = if %c -> (token) {
        yield %t0 : token
      } else {
        yield %t1 : token
      }
      %s = store_ptr_tko weak %p, %z token=%t : tile<ptr<i32>>, tile<i32> -> token
      return`,
    )
    expect(out).toMatch(/= if %arg0 -> \(token\)/)
    expect(out).not.toContain('select')
  })

  it('folds an if on a negated condition by swapping its branches', () => {
    const out = canon(
      '%c: tile<i1>',
      `%one = constant <i1: 1> : tile<i1>
      %n = xori %c, %one : tile<i1>
      if %n {
        print_tko "first" -> token
      } else {
        print_tko "second" -> token
      }
      return`,
    )
    expect(out).not.toContain('xori')
    expect(out).toMatch(/if %arg0 \{\n\s*%\w+ = print_tko "second" -> token\n\s*\} else \{\n\s*%\w+ = print_tko "first"/)
  })

  it('replaces results yielding true/false by the condition and false/true by its negation', () => {
    const out = canon(
      `%c: tile<i1>, %q: tile<ptr<i1>>`,
      `%t = constant <i1: 1> : tile<i1>
      %f = constant <i1: 0> : tile<i1>
      %r:2 = if %c -> (tile<i1>, tile<i1>) {
        print_tko "x" -> token
        yield %t, %f : tile<i1>, tile<i1>
      } else {
        yield %f, %t : tile<i1>, tile<i1>
      }
      %s0 = store_ptr_tko weak %q, %r#0 : tile<ptr<i1>>, tile<i1> -> token
      %s1 = store_ptr_tko weak %q, %r#1 : tile<ptr<i1>>, tile<i1> -> token
      return`,
    )
    expect(out).toMatch(/(%\w+) = xori %arg0, %true : tile<i1>/)
    expect(out).toMatch(/store_ptr_tko weak %arg1, %arg0 :/)
    expect(out).toMatch(/if %arg0 \{\n\s*%\w+ = print_tko "x" -> token\n\s*\}\n/)
  })

  it('drops unused results', () => {
    const out = canon(
      `%c: tile<i1>, %x: tile<i32>, ${P}`,
      `%r:2 = if %c -> (tile<i32>, tile<i32>) {
        %a = addi %x, %x : tile<i32>
        %b = muli %x, %x : tile<i32>
        yield %a, %b : tile<i32>, tile<i32>
      } else {
        %d = subi %x, %x : tile<i32>
        yield %d, %d : tile<i32>, tile<i32>
      }
      %s = store_ptr_tko weak %p, %r#1 : tile<ptr<i32>>, tile<i32> -> token
      return`,
      [RemoveUnusedResults],
    )
    expect(out).toMatch(/%\w+ = if %arg0 -> \(tile<i32>\)/)
    expect(out).toMatch(/%(\w+) = muli %arg1, %arg1 : tile<i32>\n\s*yield %\1 : tile<i32>/)
    expect(out).not.toContain('addi')
  })

  it('merges an if into the previous one on the negated condition, routing the first results into the second', () => {
    const out = canon(
      `%c: tile<i1>, %x: tile<i32>, ${P}`,
      `%one = constant <i1: 1> : tile<i1>
      %n = xori %c, %one : tile<i1>
      %r = if %c -> (tile<i32>) {
        %a = addi %x, %x : tile<i32>
        yield %a : tile<i32>
      } else {
        %b = muli %x, %x : tile<i32>
        yield %b : tile<i32>
      }
      if %n {
        %s = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
      }
      return`,
      [CombineIfs],
    )
    expect(out.match(/\bif\b/g)).toHaveLength(1)
    // The store runs when %c is false, so it stores the else branch's product.
    expect(out).toMatch(/else \{\n\s*%(\w+) = muli %arg1, %arg1 : tile<i32>\n\s*%\w+ = store_ptr_tko weak %arg2, %\1 :/)
  })

  it('combines nested ifs on the conjunction and selects values yielded from outside', () => {
    const out = canon(
      `%c: tile<i1>, %d: tile<i1>, %x: tile<i32>, ${P}`,
      `%z = constant <i32: 0> : tile<i32>
      %r = if %c -> (tile<i32>) {
        if %d {
          print_tko "in" -> token
        }
        yield %x : tile<i32>
      } else {
        yield %z : tile<i32>
      }
      %s = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token
      return`,
    )
    expect(out).toMatch(/(%\w+) = andi %arg0, %arg1 : tile<i1>/)
    expect(out).toMatch(/select %arg0, %arg2, %cst_0_i32 : tile<i1>, tile<i32>/)
    expect(out.match(/\bif\b/g)).toHaveLength(1)
  })

  it('moves the else branch after the if when both branches leave the loop body', () => {
    const out = canon(
      `%c: tile<i1>`,
      `%lb = constant <i32: 0> : tile<i32>
      %ub = constant <i32: 4> : tile<i32>
      %st = constant <i32: 1> : tile<i32>
      for %iv in (%lb to %ub, step %st) : tile<i32> {
        if %c {
          print_tko "a" -> token
          continue
        } else {
          print_tko "b" -> token
          continue
        }
        print_tko "dead" -> token
        continue
      }
      return`,
    )
    // The loop body's own `continue` is its implicit terminator and prints as nothing.
    expect(out).toMatch(/if %arg0 \{\n\s*%\w+ = print_tko "a" -> token\n\s*continue\n\s*\}\n\s*%\w+ = print_tko "b" -> token\n\s*\}/)
    expect(out).not.toContain('else')
    expect(out).not.toContain('dead')
  })
})

describe('cuda_tile.select canonicalization', () => {
  const store = (v: string, ty = 'i32'): string => `%s = store_ptr_tko weak %p, ${v} : tile<ptr<${ty}>>, tile<${ty}> -> token\nreturn`

  it('folds a select on a compare of its own operands, in either order', () => {
    const eq = canon(`%a: tile<i32>, %b: tile<i32>, ${P}`, `%c = cmpi equal %b, %a, signed : tile<i32> -> tile<i1>\n%r = select %c, %a, %b : tile<i1>, tile<i32>\n${store('%r')}`)
    expect(eq).toContain('store_ptr_tko weak %arg2, %arg1 :')
    const ne = canon(`%a: tile<i32>, %b: tile<i32>, ${P}`, `%c = cmpi not_equal %a, %b, signed : tile<i32> -> tile<i1>\n%r = select %c, %a, %b : tile<i1>, tile<i32>\n${store('%r')}`)
    expect(ne).toContain('store_ptr_tko weak %arg2, %arg0 :')
    const lt = canon(`%a: tile<i32>, %b: tile<i32>, ${P}`, `%c = cmpi less_than %a, %b, signed : tile<i32> -> tile<i1>\n%r = select %c, %a, %b : tile<i1>, tile<i32>\n${store('%r')}`)
    expect(lt).toContain('select')
  })

  it('folds select-of-select on the same condition and a negated condition in place', () => {
    const out = canon(
      `%c: tile<i1>, %a: tile<i32>, %b: tile<i32>, %d: tile<i32>, ${P}`,
      `%one = constant <i1: 1> : tile<i1>
      %n = xori %c, %one : tile<i1>
      %i = select %c, %a, %b : tile<i1>, tile<i32>
      %r = select %n, %d, %i : tile<i1>, tile<i32>
      ${store('%r')}`,
    )
    expect(out).toMatch(/%\w+ = select %arg0, %arg1, %arg3 : tile<i1>, tile<i32>/)
    expect(out.match(/select/g)).toHaveLength(1)
    expect(out).not.toContain('xori')
  })

  it('turns i1 selects of constants into the condition or its negation', () => {
    const out = canon(
      `%c0: tile<i1>`,
      `%r = reshape %c0 : tile<i1> -> tile<1xi1>
      %c = broadcast %r : tile<1xi1> -> tile<4xi1>
      %t = constant <i1: 1> : tile<4xi1>
      %f = constant <i1: 0> : tile<4xi1>
      %same = select %c, %t, %f : tile<4xi1>, tile<4xi1>
      %not = select %c, %f, %t : tile<4xi1>, tile<4xi1>
      %p0 = print_tko "%d %d", %same, %not : tile<4xi1>, tile<4xi1> -> token
      return`,
    )
    expect(out).not.toContain('select')
    expect(out).toMatch(/(%\w+) = xori (%\w+), %true : tile<4xi1>\n\s*%\w+ = print_tko "%d %d", \2, \1 :/)
  })

  it('selects element-wise between constants under a constant mask', () => {
    const out = canon(
      '',
      `%m = constant <i1: [0, 1, 1, 0]> : tile<4xi1>
      %a = constant <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>
      %b = constant <f32: [-1.0, -2.0, -3.0, -4.0]> : tile<4xf32>
      %r = select %m, %a, %b : tile<4xi1>, tile<4xf32>
      %same = select %m, %a, %a : tile<4xi1>, tile<4xf32>
      %p0 = print_tko "%f %f", %r, %same : tile<4xf32>, tile<4xf32> -> token
      return`,
    )
    expect(out).toMatch(/constant <f32: \[-1\.0+e\+00, 2\.0+e\+00, 3\.0+e\+00, -4\.0+e\+00\]> : tile<4xf32>/)
    expect(out).not.toContain('select')
  })

  it('turns selects of 1 and 0 into an unsigned exti of the condition (or of its negation)', () => {
    const out = canon(
      `%c: tile<i1>, %q: tile<ptr<i16>>`,
      `%one = constant <i16: 1> : tile<i16>
      %zero = constant <i16: 0> : tile<i16>
      %a = select %c, %one, %zero : tile<i1>, tile<i16>
      %b = select %c, %zero, %one : tile<i1>, tile<i16>
      %s0 = store_ptr_tko weak %q, %a : tile<ptr<i16>>, tile<i16> -> token
      %s1 = store_ptr_tko weak %q, %b : tile<ptr<i16>>, tile<i16> -> token
      return`,
    )
    expect(out).toMatch(/%\w+ = exti %arg0 unsigned : tile<i1> -> tile<i16>/)
    expect(out).toMatch(/(%\w+) = xori %arg0, %true : tile<i1>\n\s*%\w+ = exti \1 unsigned : tile<i1> -> tile<i16>/)
    expect(out).not.toContain('select')
  })

  it('leaves a select of 2 and 0 alone', () => {
    const out = canon(
      `%c: tile<i1>, ${P}`,
      `%two = constant <i32: 2> : tile<i32>
      %zero = constant <i32: 0> : tile<i32>
      %r = select %c, %two, %zero : tile<i1>, tile<i32>
      ${store('%r')}`,
    )
    expect(out).toContain('select %arg0, %cst_2_i32, %cst_0_i32')
  })
})
