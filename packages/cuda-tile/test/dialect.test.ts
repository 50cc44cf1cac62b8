import {
  Context,
  FloatType,
  FrozenRewritePatternSet,
  IntegerType,
  RewritePatternSet,
  applyPatternsGreedily,
  kDynamic,
  parseSourceString,
  printOperation,
  verify,
  type Operation,
} from '@tilepass/ir'
import { PassManager } from '@tilepass/pass-manager'
import { describe, expect, it } from 'vitest'
import {
  CudaTileDialect,
  CudaTileTestingDialect,
  FuseFMAPass,
  LoopSplitPass,
  PointerType,
  SynthesizeDebugInfoScopesPass,
  TensorViewType,
  TileType,
  TokenType,
  cudaTileOpRows,
  cudaTileOpTable,
  cudaTileOps,
  cudaTileTestingOps,
  setHintDiagnostics,
  verifyTileShape,
} from '../src/index.ts'

function setup(): { context: Context; messages: string[] } {
  const context = new Context({ dialects: [CudaTileTestingDialect] })
  const messages: string[] = []
  context.diagEngine.registerHandler((d) => {
    messages.push(d.message)
    return true
  })
  return { context, messages }
}

/** Parses one `cuda_tile.module`; null (with `messages` filled) when parsing or verification fails. */
function parse(text: string, context: Context): Operation | null {
  const r = parseSourceString(text, context, { filename: 'test.mlir', noImplicitModule: true })
  return r === null || !verify(r.op) ? null : r.op
}

/** Parses, prints, re-parses and prints again: both prints must agree. */
function roundTrip(body: string): string {
  const { context, messages } = setup()
  const op = parse(`cuda_tile.module @m {\n${body}\n}`, context)
  expect(messages, messages.join('\n')).toEqual([])
  const printed = printOperation(op!)
  const again = parse(printed, setup().context)
  expect(again).not.toBeNull()
  expect(printOperation(again!)).toBe(printed)
  return printed
}

/** The messages of the diagnostics of parsing and verifying `body` inside a module. */
function diagnostics(body: string): string[] {
  const { context, messages } = setup()
  expect(parse(`cuda_tile.module @m {\n${body}\n}`, context)).toBeNull()
  return messages
}

describe('op table', () => {
  it('has every op once, with the bytecode opcodes of NVIDIA 13.3', () => {
    expect(cudaTileOpTable.length).toBe(103)
    expect(new Set(cudaTileOpTable.map((r) => r.opcode)).size).toBe(cudaTileOpTable.length)
    expect(cudaTileOpRows.get('cuda_tile.absf')!.opcode).toBe(0x0)
    expect(cudaTileOpRows.get('cuda_tile.atomic_red_view_tko')!.opcode).toBe(0x75)
    expect(cudaTileOpRows.get('cuda_tile.testing$func')!.opcode).toBe(0x3001)
    expect(cudaTileOpRows.get('cuda_tile.alloca')!.since).toBe('13.3')
    expect(cudaTileOps().map((o) => o.name)).toContain('cuda_tile.mmaf_scaled')
  })

  it('defines each op once, on first use, for both dialects', () => {
    const ops = cudaTileOps()
    expect(cudaTileOps()).toBe(ops)
    expect(CudaTileDialect.ops).toBe(ops)
    expect(ops.length + cudaTileTestingOps().length).toBe(cudaTileOpTable.length)
    const testing = CudaTileTestingDialect.ops!
    expect(CudaTileTestingDialect.ops).toBe(testing)
    expect(testing).toEqual([...ops, ...cudaTileTestingOps()])
    expect(testing[0]).toBe(ops[0])
  })

  it('keeps the test-only ops out of the public dialect', () => {
    expect(cudaTileOps().some((o) => o.name.includes('testing$'))).toBe(false)
    expect(CudaTileTestingDialect.ops!.filter((o) => o.name.includes('testing$')).length).toBe(3)
    const context = new Context({ dialects: [CudaTileDialect] })
    const messages: string[] = []
    context.diagEngine.registerHandler((d) => {
      messages.push(d.message)
      return true
    })
    const text = 'cuda_tile.module @m {\n  testing$func @f() {\n    return\n  }\n}\n'
    expect(parseSourceString(text, context)).toBeNull()
    expect(messages.join('\n')).toMatch(/testing\$func/)
    expect(parseSourceString(text, new Context({ dialects: [CudaTileTestingDialect] }))).not.toBeNull()
  })
})

describe('types', () => {
  it('interns tiles, pointers, views and tokens', () => {
    const { context } = setup()
    const f32 = FloatType.get(context, 'f32')
    expect(TileType.get([2, 4], f32)).toBe(TileType.get([2, 4], f32))
    expect(TileType.get([], f32).rank).toBe(0)
    expect(PointerType.get(f32).pointeeType).toBe(f32)
    expect(TokenType.get(context)).toBe(TokenType.get(context))
    expect(TensorViewType.get(f32, [kDynamic, 16], [16, 1]).dynamicShapeAmount).toBe(1)
  })

  it('checks tile shapes as NVIDIA does', () => {
    const { context } = setup()
    const f32 = FloatType.get(context, 'f32')
    expect(verifyTileShape([4, 8], f32)).toBeNull()
    expect(verifyTileShape([3], f32)).toBe('all dimensions must be powers of two, got 3')
    expect(verifyTileShape([1, 0, 2], f32)).toBe('all dimensions must be positive constants, got 1, 0, 2')
    expect(verifyTileShape([3, 3], FloatType.get(context, 'f4E2M1FN'))).toBe('F4E2M1FN tiles must have an even number of elements')
    expect(verifyTileShape([8192, 8192], IntegerType.get(context, 8))).toBe('tile would exceed the maximum of 16777216 elements')
  })

  it('prints types without the dialect prefix inside ops and with it elsewhere', () => {
    const printed = roundTrip(
      [
        'entry @k(%p: !cuda_tile.tile<!cuda_tile.ptr<f16>>, %n: tile<i32>) {',
        '  %tv = make_tensor_view %p, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>',
        '  %pv = make_partition_view %tv : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>',
        '}',
      ].join('\n'),
    )
    expect(printed).toContain('entry @k(%arg0: tile<ptr<f16>>, %arg1: tile<i32>)')
    expect(printed).toContain('%tview = make_tensor_view %arg0, shape = [%arg1, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf16, strides=[64,1]>')
    expect(printed).toContain('%pview = make_partition_view %tview : partition_view<tile=(16x64), padding_value = zero, tensor_view<?x64xf16, strides=[64,1]>>')
  })

  it('reports bad views with NVIDIA messages', () => {
    expect(diagnostics('entry @k(%a: !cuda_tile.partition_view<tile=(3x4), tensor_view<8x8xf32, strides=[8,1]>>) {}')).toEqual([
      'tile shape dimensions must have power of two length but got [3, 4]',
    ])
    expect(diagnostics('entry @k(%a: !cuda_tile.tensor_view<8xf32, strides=[0]>) {}')).toEqual(['expected strictly positive integer, got 0'])
  })
})

describe('ops', () => {
  it('round-trips arithmetic with rounding, overflow and signedness modifiers', () => {
    const printed = roundTrip(
      [
        'entry @k() {',
        '  %a = constant <f32: [1.0, 2.0]> : tile<2xf32>',
        '  %b = addf %a, %a rounding<zero> flush_to_zero : tile<2xf32>',
        '  %c = constant <i32: 7> : tile<i32>',
        '  %d = addi %c, %c overflow<no_wrap> : tile<i32>',
        '  %e = cmpi less_than %c, %d, signed : tile<i32> -> tile<i1>',
        '  %f = divf %a, %b rounding<approx> : tile<2xf32>',
        '}',
      ].join('\n'),
    )
    expect(printed).toContain('%cst_f32 = constant <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>')
    expect(printed).toContain('addf %cst_f32, %cst_f32 rounding<zero> flush_to_zero : tile<2xf32>')
    expect(printed).toContain('%cst_7_i32 = constant <i32: 7> : tile<i32>')
    expect(printed).toContain('addi %cst_7_i32, %cst_7_i32 overflow<no_wrap> : tile<i32>')
    expect(printed).toContain('%2 = cmpi less_than %cst_7_i32, %1, signed : tile<i32> -> tile<i1>')
    expect(printed).toContain('%3 = divf %cst_f32, %0 rounding<approx> : tile<2xf32>')
  })

  it('round-trips control flow, views and tokens', () => {
    const printed = roundTrip(
      [
        'entry @k(%p: tile<ptr<f32>>) {',
        '  %c0 = constant <i32: 0> : tile<i32>',
        '  %c4 = constant <i32: 4> : tile<i32>',
        '  %tv = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>',
        '  %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>',
        '  %t = make_token : token',
        '  %r = for %i in (%c0 to %c4, step %c4) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {',
        '    %x, %t2 = load_view_tko weak %pv[%i] token = %t : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token',
        '    %s = addi %acc, %i : tile<i32>',
        '    continue %s : tile<i32>',
        '  }',
        '}',
      ].join('\n'),
    )
    expect(printed).toContain('%for = for %loopIdx in (%cst_0_i32 to %cst_4_i32, step %cst_4_i32) : tile<i32> iter_values(%iterArg0 = %cst_0_i32) -> (tile<i32>) {')
    expect(printed).toContain('load_view_tko weak %pview[%loopIdx] token = %0 : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token')
  })

  it('prints the generic form with properties and full type names', () => {
    const { context } = setup()
    const op = parse('cuda_tile.module @m {\nentry @k() {\n%c = constant <i32: 1> : tile<i32>\n%d = addi %c, %c : tile<i32>\n}\n}', context)!
    const generic = printOperation(op, { printGenericOpForm: true })
    expect(generic).toContain('"cuda_tile.addi"(%0, %0) <{overflow = #cuda_tile.overflow<none>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>')
    expect(printOperation(parse(generic, setup().context)!)).toBe(printOperation(op))
  })

  it('reports verifier errors with NVIDIA messages', () => {
    expect(diagnostics('entry @k() {\n%a = constant <f16: 1.0> : tile<f16>\n%b = addf %a, %a flush_to_zero : tile<f16>\n}')).toEqual([
      "'cuda_tile.addf' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'",
    ])
    expect(diagnostics('entry @k() {\n%a = constant <i32: 1> : tile<4xi32>\n%b = reshape %a : tile<4xi32> -> tile<2xi32>\n}')).toEqual([
      "'cuda_tile.reshape' op expected source tile and result tile to have the same number of elements",
    ])
    expect(diagnostics('entry @k() {\n%a = constant <i8: 300> : tile<i8>\n}')).toEqual(["custom op 'cuda_tile.constant' integer constant out of range for type"])
  })

  it('reports optimization hints only when asked to', () => {
    const body = 'entry @k() optimization_hints=<sm_100 = {num_cta_in_cga = 3}> {}'
    expect(roundTrip(body)).toContain('entry @k() optimization_hints=<sm_100 = {num_cta_in_cga = 3}> {')
    const { context, messages } = setup()
    setHintDiagnostics(context, { warnUnsupportedHints: true, errorOnHints: false })
    expect(parse(`cuda_tile.module @m {\n${body}\n}`, context)).not.toBeNull()
    expect(messages).toEqual(['expected power-of-two ≤ 16 for sm_100.num_cta_in_cga'])
    const strict = setup()
    setHintDiagnostics(strict.context, { warnUnsupportedHints: true, errorOnHints: true })
    expect(parse(`cuda_tile.module @m {\n${body}\n}`, strict.context)).toBeNull()
    expect(strict.messages).toContain("'cuda_tile.entry' op Optimization hints verification failed")
  })
})

describe('passes and folding', () => {
  function runPass(passClass: typeof FuseFMAPass | typeof LoopSplitPass, text: string): string {
    const { context } = setup()
    const module = parse(text, context)!
    const pm = new PassManager(context, 'cuda_tile.module')
    pm.nest('cuda_tile.entry').addPass(new passClass())
    expect(pm.run(module)).toBe(true)
    return printOperation(module)
  }

  it('fuse-fma turns addf of a single-use mulf into fma', () => {
    const out = runPass(
      FuseFMAPass,
      'cuda_tile.module @m {\nentry @k() {\n%a = constant <f32: 2.0> : tile<f32>\n%m = mulf %a, %a : tile<f32>\n%s = addf %a, %m : tile<f32>\nprint_tko "%f", %s : tile<f32> -> token\n}\n}',
    )
    expect(out).toContain('fma %cst_2_f32, %cst_2_f32, %cst_2_f32  : tile<f32>')
    expect(out).not.toContain('mulf')
  })

  it('loop-split splits a loop at an induction-variable compare', () => {
    const out = runPass(
      LoopSplitPass,
      [
        'cuda_tile.module @m {',
        'entry @k() {',
        '  %c0 = constant <i32: 0> : tile<i32>',
        '  %c1 = constant <i32: 1> : tile<i32>',
        '  %c8 = constant <i32: 8> : tile<i32>',
        '  %c3 = constant <i32: 3> : tile<i32>',
        '  %r = for %i in (%c0 to %c8, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {',
        '    %p = cmpi less_than %i, %c3, signed : tile<i32> -> tile<i1>',
        '    %v = if %p -> (tile<i32>) {',
        '      yield %i : tile<i32>',
        '    } else {',
        '      %m = muli %i, %c8 : tile<i32>',
        '      yield %m : tile<i32>',
        '    }',
        '    %s = addi %acc, %v : tile<i32>',
        '    continue %s : tile<i32>',
        '  }',
        '  print_tko "%d", %r : tile<i32> -> token',
        '}',
        '}',
      ].join('\n'),
    )
    expect(out.match(/ for /g)?.length).toBe(2)
    expect(out).toContain('mini %cst_3_i32, %cst_8_i32 signed : tile<i32>')
    expect(out).not.toContain('cmpi')
  })

  it('synthesize-debug-info-scopes gives functions a subprogram', () => {
    const { context } = setup()
    const r = parseSourceString('cuda_tile.module @m {\nentry @k() {\n}\n}', context, { filename: '/src/kernel.py', noImplicitModule: true })!
    const pm = new PassManager(context, 'cuda_tile.module')
    pm.addPass(new SynthesizeDebugInfoScopesPass())
    expect(pm.run(r.op)).toBe(true)
    const out = printOperation(r.op, { printDebugInfo: true })
    expect(out).toContain('#di_file = #cuda_tile.di_file<"kernel.py" in "/src">')
    expect(out).toContain('name = "k", linkageName = "k", compileUnit = #di_compile_unit, scopeLine = 2>')
  })

  it('folds select with equal operands and canonicalizes addf operand order', () => {
    const { context } = setup()
    const module = parse(
      'cuda_tile.module @m {\nentry @k() {\n%a = constant <f32: 2.0> : tile<f32>\n%c = constant <i1: true> : tile<i1>\n%s = select %c, %a, %a : tile<i1>, tile<f32>\n%m = mulf %a, %a : tile<f32>\n%x = addf %s, %m : tile<f32>\nprint_tko "%f", %x : tile<f32> -> token\n}\n}',
      context,
    )!
    const patterns = new RewritePatternSet(context)
    for (const def of cudaTileOps()) {
      def.getCanonicalizationPatterns?.(patterns)
    }
    applyPatternsGreedily(module, new FrozenRewritePatternSet(patterns))
    const out = printOperation(module)
    expect(out).not.toContain('select')
    expect(out).toContain('addf %0, %cst_2_f32')
  })
})
