import { describe, expect, it } from 'vitest'
import { Context, parseSourceString } from '@tilepass/ir'
import { registerAllDialects } from '@tilepass/dialects'
import { translateModuleToLLVMIR } from '@tilepass/nvvm-lowering'

// LLVM's IRBuilder folds casts and fneg of constant vectors: no instruction is emitted
// (mlir-translate 22 prints nothing for the dead folded values below).
const MODULE = `module {
  llvm.func @f() -> vector<2xi64> {
    %0 = llvm.mlir.constant(dense<[1.0, -0.0]> : vector<2xf64>) : vector<2xf64>
    %1 = llvm.fneg %0 {fastmathFlags = #llvm.fastmath<reassoc>} : vector<2xf64>
    %2 = llvm.mlir.constant(dense<8> : vector<2xi64>) : vector<2xi64>
    %3 = llvm.sext %2 : vector<2xi64> to vector<2xi128>
    %4 = llvm.trunc %3 : vector<2xi128> to vector<2xi64>
    llvm.return %4 : vector<2xi64>
  }
}
`

describe('constant folding of vector casts and fneg', () => {
  it('emits no instruction for them', () => {
    const ctx = new Context()
    registerAllDialects(ctx)
    const ir = translateModuleToLLVMIR(parseSourceString(MODULE, ctx, { verify: true })!.op)!
    expect(ir).not.toContain('fneg')
    expect(ir).not.toContain('sext')
    expect(ir).toContain('ret <2 x i64> splat (i64 8)')
  })
})
