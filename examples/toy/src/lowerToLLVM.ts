/**
 * Chapter 6: the rest of the way down to the `llvm` dialect (MLIR's Toy `LowerToLLVM`).
 *
 * After chapter 5 the only toy op left is `toy.print` of a buffer. This pass turns it into
 * loops that call the C library's `printf` on every element (`%f ` for an element, `\n`
 * after each innermost row, the same text the interpreter prints), then runs the library's
 * own conversions in order: `lower-affine` (affine loops to `scf`), `convert-scf-to-cf`
 * (`scf.for` to blocks and branches), `finalize-memref-to-llvm` (buffers to `malloc`,
 * `free` and descriptor structs), `convert-arith-to-llvm`, `convert-cf-to-llvm`,
 * `convert-func-to-llvm` and `reconcile-unrealized-casts`. Anything not in the `llvm`
 * dialect afterwards is reported at its location.
 */
import {
  Block,
  DenseArrayAttr,
  IndexType,
  IntegerAttr,
  IntegerType,
  MemRefType,
  StringAttr,
  SymbolRefAttr,
  SymbolTable,
  TypeAttr,
  UnitAttr,
  failure,
  success,
  type Location,
  type LogicalResult,
  type Operation,
  type Value,
} from '@tilepass/ir'
import { LLVMArrayType, LLVMFunctionType, LLVMPointerType, LinkageAttr, buildLLVMFuncOp } from '@tilepass/dialects'
import {
  ConversionTarget,
  OpConversionPattern,
  applyPartialConversion,
  registerConversionPasses,
  type ConversionPatternRewriter,
  type OpAdaptor,
} from '@tilepass/conversion'
import { OperationPass, PassRegistry, parsePassPipeline, type OpPassManager } from '@tilepass/pass-manager'

/** The library passes the chapter 6 lowering runs after lowering `toy.print`, in order. */
export const kToLLVMPasses: readonly string[] = [
  'lower-affine',
  'convert-scf-to-cf',
  'finalize-memref-to-llvm',
  'convert-arith-to-llvm',
  'convert-cf-to-llvm',
  'convert-func-to-llvm',
  'reconcile-unrealized-casts',
]

/** The symbol of the `printf` declaration and of the two format strings. */
const kPrintf = 'printf'
const kElementFormat = 'frmt_spec'
const kNewline = 'nl'

/** The type of `printf`: `i32 (ptr, ...)`. */
function printfType(op: Operation): LLVMFunctionType {
  const ctx = op.context
  return LLVMFunctionType.get(IntegerType.get(ctx, 32), [LLVMPointerType.get(ctx)], true)
}

/** Runs `body` with the rewriter's insertion point at the start of `module`'s body. */
function atModuleStart<T>(rewriter: ConversionPatternRewriter, module: Operation, body: () => T): T {
  const ip = rewriter.saveInsertionPoint()
  rewriter.setInsertionPointToStart(module.regions[0]!.firstBlock!)
  const r = body()
  rewriter.restoreInsertionPoint(ip)
  return r
}

/**
 * A pointer to the first character of the NUL-terminated string `text`, held in the
 * internal constant global `name` (created at the start of `module` the first time).
 */
function globalString(rewriter: ConversionPatternRewriter, loc: Location, module: Operation, name: string, text: string): Value {
  const ctx = module.context
  const i8 = IntegerType.get(ctx, 8)
  const bytes = new TextEncoder().encode(text).length + 1
  const arrayType = LLVMArrayType.get(i8, bytes)
  if (SymbolTable.lookupSymbolIn(module, name) === undefined) {
    atModuleStart(rewriter, module, () =>
      rewriter.create('llvm.mlir.global', loc, {
        regions: 1,
        properties: {
          global_type: TypeAttr.get(arrayType),
          constant: UnitAttr.get(ctx),
          sym_name: StringAttr.get(ctx, name),
          linkage: LinkageAttr.get(ctx, 'internal'),
          value: StringAttr.get(ctx, `${text}\0`),
          addr_space: IntegerAttr.get(IntegerType.get(ctx, 32), 0),
        },
      }),
    )
  }
  const ptr = LLVMPointerType.get(ctx)
  const address = rewriter.create('llvm.mlir.addressof', loc, { results: [ptr], properties: { global_name: SymbolRefAttr.get(ctx, name) } }).results[0]!
  return rewriter.create('llvm.getelementptr', loc, {
    operands: [address],
    results: [ptr],
    properties: { rawConstantIndices: DenseArrayAttr.getI32(ctx, [0, 0]), elem_type: TypeAttr.get(arrayType) },
  }).results[0]!
}

/** `llvm.call @printf(args)` through the variadic type. */
function callPrintf(rewriter: ConversionPatternRewriter, loc: Location, op: Operation, args: readonly Value[]): void {
  const ctx = op.context
  rewriter.create('llvm.call', loc, {
    operands: [...args],
    results: [IntegerType.get(ctx, 32)],
    properties: {
      callee: SymbolRefAttr.get(ctx, kPrintf),
      var_callee_type: TypeAttr.get(printfType(op)),
      operandSegmentSizes: DenseArrayAttr.getI32(ctx, [args.length, 0]),
      op_bundle_sizes: DenseArrayAttr.getI32(ctx, []),
    },
  })
}

/** `scf.for %iv = 0 to upper step 1` with an empty body ending in `scf.yield`; the insertion point moves to the start of the body. */
function scfFor(rewriter: ConversionPatternRewriter, loc: Location, upper: number): Value {
  const index = IndexType.get(rewriter.context)
  const constant = (v: number): Value => rewriter.create('arith.constant', loc, { results: [index], attributes: { value: IntegerAttr.get(index, BigInt(v)) } }).results[0]!
  const lb = constant(0)
  const ub = constant(upper)
  const step = constant(1)
  const forOp = rewriter.create('scf.for', loc, { operands: [lb, ub, step], regions: 1 })
  const body = new Block()
  const iv = body.addArgument(index, loc)
  forOp.regions[0]!.push(body)
  rewriter.setInsertionPointToEnd(body)
  rewriter.create('scf.yield', loc, {})
  rewriter.setInsertionPointToStart(body)
  return iv
}

/**
 * `toy.print %buffer` to a loop nest over the buffer's shape calling `printf("%f ", x)`
 * on each element and `printf("\n")` after each innermost row (once for a rank-0 buffer,
 * and only once for a buffer without elements), so that the program prints what the
 * interpreter prints.
 */
class PrintOpLowering extends OpConversionPattern {
  constructor() {
    super('toy.print')
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const buffer = adaptor.getOperand(0)
    const type = buffer.type
    let module = op.parentOp
    while (module !== null && module.name.name !== 'builtin.module') {
      module = module.parentOp
    }
    if (!(type instanceof MemRefType) || module === null) {
      op.emitError('toy.print can only be lowered to printf once its operand is a buffer: run toy-lower-to-affine first').report()
      return failure()
    }
    const loc = op.location
    const existing = SymbolTable.lookupSymbolIn(module, kPrintf)
    if (existing === undefined) {
      atModuleStart(rewriter, module, () => buildLLVMFuncOp(rewriter, module.location, kPrintf, printfType(op)))
    } else if (existing.name.name !== 'llvm.func' || (existing.getAttr('function_type') as TypeAttr | undefined)?.value !== printfType(op)) {
      existing.emitError(`'${kPrintf}' is already defined with another type; toy.print needs the C library's printf`).report()
      return failure()
    }
    const elementFormat = globalString(rewriter, loc, module, kElementFormat, '%f ')
    const newline = globalString(rewriter, loc, module, kNewline, '\n')
    const shape = type.shape.map(Number)
    const after = rewriter.saveInsertionPoint()
    if (!shape.includes(0)) {
      const ivs: Value[] = []
      let rowLoopBody: Block | null = null
      for (let d = 0; d < shape.length; d++) {
        ivs.push(scfFor(rewriter, loc, shape[d]!))
        if (d === shape.length - 2) {
          rowLoopBody = rewriter.insertionBlock
        }
      }
      const element = rewriter.create('memref.load', loc, { operands: [buffer, ...ivs], results: [type.elementType] }).results[0]!
      callPrintf(rewriter, loc, op, [elementFormat, element])
      if (rowLoopBody !== null) {
        // The newline goes after the innermost loop, in the body of the loop around it.
        rewriter.setInsertionPoint(rowLoopBody.lastOp!)
        callPrintf(rewriter, loc, op, [newline])
      }
      rewriter.restoreInsertionPoint(after)
    }
    if (shape.length <= 1 || shape.includes(0)) {
      callPrintf(rewriter, loc, op, [newline])
    }
    rewriter.eraseOp(op)
    return success()
  }
}

/** The chapter 6 pipeline after the print lowering, built once per registry. */
function libraryPipeline(): OpPassManager {
  const registry = new PassRegistry()
  registerConversionPasses(registry)
  const parsed = parsePassPipeline(`builtin.module(${kToLLVMPasses.join(', ')})`, registry)
  if (parsed.pm === null) {
    throw new Error(`toy-lower-to-llvm: ${parsed.error}`)
  }
  return parsed.pm
}

/** True for the ops a fully lowered module may hold: the module and the `llvm` dialect. */
function isLowered(op: Operation): boolean {
  const name = op.name.name
  return name === 'builtin.module' || name.startsWith('llvm.')
}

/** `toy-lower-to-llvm`: the chapter 6 lowering (see the file comment). */
export class ToyToLLVMLoweringPass extends OperationPass {
  static override readonly argument = 'toy-lower-to-llvm'
  static override readonly summary = 'Lower toy.print to printf calls and the whole module to the llvm dialect'
  static override readonly opName = 'builtin.module'
  static override readonly dependentDialects: readonly string[] = ['llvm', 'scf', 'arith', 'memref', 'cf']

  override runOnOperation(): void {
    const module = this.getOperation()
    let early: Operation | null = null
    module.walk((op) => {
      if (early === null && op.name.name.startsWith('toy.') && op.name.name !== 'toy.print') {
        early = op
      }
    })
    if (early !== null) {
      const op: Operation = early
      op.emitError(`'${op.name.name}' must be lowered by toy-lower-to-affine first`).report()
      this.signalPassFailure()
      return
    }
    const target = new ConversionTarget(this.getContext())
    target.addLegalDialect('llvm', 'scf', 'arith', 'memref', 'affine', 'func', 'cf', 'builtin')
    target.addIllegalDialect('toy')
    if (!applyPartialConversion(module, target, [new PrintOpLowering()])) {
      this.signalPassFailure()
      return
    }
    if (!this.runPipeline(libraryPipeline(), module)) {
      this.signalPassFailure()
      return
    }
    let left: Operation | null = null
    module.walk((op) => {
      if (left === null && !isLowered(op)) {
        left = op
      }
    })
    if (left !== null) {
      const op: Operation = left
      op.emitError(`'${op.name.name}' was not lowered to the llvm dialect`).report()
      this.signalPassFailure()
    }
  }
}
