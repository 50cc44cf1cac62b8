/**
 * `convert-tileas-to-nvvm`: tile assembly to the llvm and nvvm dialects. Every kernel
 * (`func.func` with `tileas.num_warps` in a `gpu.module`) becomes a top-level `llvm.func`
 * with `nvvm.kernel` and `nvvm.reqntid = array<i32: 32 * warps, 1, 1>`; the gpu.module goes
 * away, so `translateModuleToLLVMIR`, `emitPTX` and mlir-translate see the kernels. The body
 * is produced by the registered op-family code generators (families.ts).
 */
import { Block, DenseArrayAttr, IntegerAttr, IntegerType, OpBuilder, StringAttr, TypeAttr, UnitAttr, type FunctionType, type Operation } from '@tilepass/ir'
import { LLVMArrayType, LLVMFunctionType, LLVMVoidType, LinkageAttr, buildLLVMFuncOp } from '@tilepass/dialects'
import { OperationPass, type OpPassManager } from '@tilepass/pass-manager'
import { NUM_WARPS_ATTR, type TilePipelineOptions } from '@tilepass/tileas-scheduler'
import { LLVMBuilder } from './LLVMBuilder.ts'
import { TileLoweringContext } from './TileLowering.ts'
import './families.ts'

/** The target triple the lowered module carries. */
export const NVPTX_TRIPLE = 'nvptx64-nvidia-cuda'

/** Lowers one kernel before `before`; false after a diagnostic (nothing is left behind). */
function lowerKernel(fn: Operation, before: Operation): boolean {
  const ctx = fn.context
  const b = new OpBuilder(ctx)
  b.setInsertionPoint(before)
  const loc = fn.location
  const name = (fn.getAttr('sym_name') as StringAttr).value
  const ft = (fn.getAttr('function_type') as TypeAttr).value as FunctionType
  const numWarps = Number((fn.getAttr(NUM_WARPS_ATTR) as IntegerAttr).value)
  const module = before.parentOp!
  if (module.regions[0]!.front.operations.some((o) => o.name.name === 'llvm.func' && (o.getAttr('sym_name') as StringAttr | undefined)?.value === name)) {
    fn.emitError(`a kernel named '${name}' already exists: kernels of all tile modules share one namespace`).report()
    return false
  }
  const kernel = buildLLVMFuncOp(b, loc, name, LLVMFunctionType.get(LLVMVoidType.get(ctx), ft.inputs), {
    attributes: [
      { name: 'nvvm.kernel', value: UnitAttr.get(ctx) },
      { name: 'nvvm.reqntid', value: DenseArrayAttr.getI32(ctx, [32 * numWarps, 1, 1]) },
    ],
  })
  const region = kernel.regions[0]!
  const entry = new Block()
  region.push(entry)
  const old = fn.regions[0]!.front
  for (const a of old.arguments) {
    entry.addArgument(a.type, a.location)
  }
  b.setInsertionPointToEnd(entry)
  const llvm = new LLVMBuilder(b, loc)
  llvm.startFunction(entry)
  const scratchName = `__tileas_scratch_${name}`
  const cx = new TileLoweringContext(llvm, region, numWarps, scratchName, entry)
  old.arguments.forEach((a, i) => cx.setRegs(a, [entry.getArgument(i)]))
  const body = cx.newBlock()
  cx.setBlock(body)
  let ok: boolean
  try {
    ok = cx.lowerBlock(old)
  } catch (e) {
    // A code generator meeting IR it does not expect: a diagnostic, not a crash.
    fn.emitError(`convert-tileas-to-nvvm could not lower this kernel: ${e instanceof Error ? e.message : String(e)}`).report()
    ok = false
  }
  if (!ok) {
    kernel.erase()
    return false
  }
  b.setInsertionPointToEnd(entry)
  llvm.br(body)
  if (cx.scratchBytes > 0) {
    b.setInsertionPoint(kernel)
    b.create('llvm.mlir.global', loc, {
      attributes: {
        global_type: TypeAttr.get(LLVMArrayType.get(IntegerType.get(ctx, 8), cx.scratchBytes)),
        sym_name: StringAttr.get(ctx, scratchName),
        linkage: LinkageAttr.get(ctx, 'internal'),
        addr_space: IntegerAttr.get(IntegerType.get(ctx, 32), 3),
        alignment: IntegerAttr.get(IntegerType.get(ctx, 64), 16),
      },
      regions: 1,
    })
  }
  return true
}


/** `convert-tileas-to-nvvm`: tile-assembly kernels to top-level llvm.func kernels with nvvm ops. */
export class ConvertTileASToNVVMPass extends OperationPass {
  static override readonly argument = 'convert-tileas-to-nvvm'
  static override readonly summary = 'Lower tile-assembly kernels (tileas) to llvm.func kernels with the llvm and nvvm dialects'
  static override readonly opName = 'builtin.module'
  static override readonly dependentDialects: readonly string[] = ['llvm', 'nvvm']
  static readonly passName: string = 'ConvertTileASToNVVMPass'
  /** A lowering the compile pipeline cannot do without: opt-bisect never skips it. */
  static readonly required: boolean = true

  override runOnOperation(): void {
    const module = this.getOperation()
    const ctx = module.context
    let ok = true
    for (const gpu of module.regions[0]!.front.operations.filter((o) => o.name.name === 'gpu.module')) {
      const kernels = gpu.regions[0]!.front.operations.filter((o) => o.name.name === 'func.func' && o.getAttr(NUM_WARPS_ATTR) !== undefined)
      if (kernels.length === 0) {
        continue
      }
      let all = true
      for (const k of kernels) {
        all = lowerKernel(k, gpu) && all
      }
      if (all) {
        gpu.erase()
      }
      ok = ok && all
    }
    if (!ok) {
      this.signalPassFailure()
      return
    }
    module.setAttr('llvm.target_triple', StringAttr.get(ctx, NVPTX_TRIPLE))
  }
}

/** Adds the tile assembly -> llvm + nvvm passes to `pm` (anchored on builtin.module). */
export function addNVVMLoweringPipeline(pm: OpPassManager, _options: TilePipelineOptions): void {
  pm.addPass(new ConvertTileASToNVVMPass())
}
