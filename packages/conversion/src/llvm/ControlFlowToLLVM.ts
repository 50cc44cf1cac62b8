import {
  DenseArrayAttr,
  DenseIntOrFPElementsAttr,
  IntegerType,
  RankedTensorType,
  StringAttr,
  SymbolRefAttr,
  SymbolTable,
  TypeAttr,
  UnknownLoc,
  UnitAttr,
  success,
  type Block,
  type Context,
  type Location,
  type LogicalResult,
  type Operation,
  type Type,
  type Value,
} from '@tilepass/ir'
import {
  LLVMAddressOfOp,
  LLVMArrayType,
  LLVMBrOp,
  LLVMCallOp,
  LLVMCondBrOp,
  LLVMFunctionType,
  LLVMGEPOp,
  LLVMGlobalOp,
  LLVMPointerType,
  LLVMSwitchOp,
  LLVMUnreachableOp,
  LLVMVoidType,
  LinkageAttr,
  buildLLVMFuncOp,
} from '@tilepass/dialects'
import { OperationPass, intOption, type OptionValues, type ScalarOption } from '@tilepass/pass-manager'
import { OpConversionPattern, applyPartialConversionInPass, type ConversionPatternRewriter, type OpAdaptor } from '../DialectConversion.ts'
import { LLVMConversionTarget } from './LLVMConversionTarget.ts'
import { lookupOrCreateFn } from './FunctionCallUtils.ts'
import { LLVMTypeConverter, kDeriveIndexBitwidthFromDataLayout } from './LLVMTypeConverter.ts'

/**
 * The successor `block` of `branchOp` with its signature converted so that its
 * arguments have `expectedTypes` (the remapped operands passed to it), as upstream's
 * `getConvertedBlock`; null (after a match failure) when that is not possible.
 */
function getConvertedBlock(
  rewriter: ConversionPatternRewriter,
  converter: LLVMTypeConverter,
  branchOp: Operation,
  block: Block,
  expectedTypes: readonly Type[],
): Block | null {
  const argTypes = block.arguments.map((a) => a.type)
  if (sameTypes(argTypes, expectedTypes)) {
    return block
  }
  const conversion = converter.convertBlockSignature(argTypes)
  if (conversion === null) {
    rewriter.notifyMatchFailure(branchOp, 'could not compute block signature')
    return null
  }
  if (!sameTypes(conversion.convertedTypes, expectedTypes)) {
    rewriter.notifyMatchFailure(branchOp, 'mismatch between adaptor operand types and computed block signature')
    return null
  }
  return rewriter.applySignatureConversion(block, conversion, converter)
}

function sameTypes(a: readonly Type[], b: readonly Type[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i])
}

function typesOf(values: readonly Value[]): Type[] {
  return values.map((v) => v.type)
}

/** `cf.br` to `llvm.br`, converting the destination's signature (MLIR's `BranchOpLowering`). */
class BranchOpLowering extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('cf.br', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const operands = adaptor.operands
    const dest = getConvertedBlock(rewriter, this.converter, op, op.successors[0]!.block, typesOf(operands))
    if (dest === null) {
      return rewriter.notifyMatchFailure(op, 'could not convert the destination block')
    }
    const attrs = op.getAttrs()
    const newOp = LLVMBrOp.build(rewriter, op.location, { operands: { destOperands: [...operands] }, successors: { dest } })
    // As upstream, every attribute of the branch is forwarded.
    for (const a of attrs) {
      newOp.setAttr(a.name, a.value)
    }
    rewriter.replaceOp(op, newOp)
    return success()
  }
}

/** `cf.cond_br` to `llvm.cond_br` with its branch weights (MLIR's `CondBranchOpLowering`). */
class CondBranchOpLowering extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('cf.cond_br', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const seg = op.getAttr('operandSegmentSizes') as DenseArrayAttr
    const numTrue = Number(seg.values[1]!)
    const operands = adaptor.operands
    const cond = operands[0]!
    const trueOperands = operands.slice(1, 1 + numTrue)
    const falseOperands = operands.slice(1 + numTrue)
    const trueDest = getConvertedBlock(rewriter, this.converter, op, op.successors[0]!.block, typesOf(trueOperands))
    if (trueDest === null) {
      return rewriter.notifyMatchFailure(op, 'could not convert the true destination')
    }
    const falseDest = getConvertedBlock(rewriter, this.converter, op, op.successors[1]!.block, typesOf(falseOperands))
    if (falseDest === null) {
      return rewriter.notifyMatchFailure(op, 'could not convert the false destination')
    }
    const weights = op.getAttr('branch_weights')
    const newOp = LLVMCondBrOp.build(rewriter, op.location, {
      operands: { condition: cond, trueDestOperands: trueOperands, falseDestOperands: falseOperands },
      successors: { trueDest, falseDest },
      attributes: weights === undefined ? {} : { branch_weights: weights },
    })
    for (const a of op.attributes.entries) {
      newOp.setAttr(a.name, a.value)
    }
    rewriter.replaceOp(op, newOp)
    return success()
  }
}

/** `cf.switch` to `llvm.switch` (MLIR's `SwitchOpLowering`). */
class SwitchOpLowering extends OpConversionPattern {
  constructor(private readonly converter: LLVMTypeConverter) {
    super('cf.switch', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const seg = op.getAttr('operandSegmentSizes') as DenseArrayAttr
    const numDefault = Number(seg.values[1]!)
    const operands = adaptor.operands
    const flag = operands[0]!
    const defaultOperands = operands.slice(1, 1 + numDefault)
    const caseSegments = op.getAttr('case_operand_segments') as DenseArrayAttr
    const caseOperands: Value[][] = []
    let pos = 1 + numDefault
    for (const n of caseSegments.values) {
      caseOperands.push(operands.slice(pos, pos + Number(n)))
      pos += Number(n)
    }
    const defaultDest = getConvertedBlock(rewriter, this.converter, op, op.successors[0]!.block, typesOf(defaultOperands))
    if (defaultDest === null) {
      return rewriter.notifyMatchFailure(op, 'could not convert the default destination')
    }
    const caseDests: Block[] = []
    for (let i = 0; i < caseOperands.length; i++) {
      const d = getConvertedBlock(rewriter, this.converter, op, op.successors[i + 1]!.block, typesOf(caseOperands[i]!))
      if (d === null) {
        return rewriter.notifyMatchFailure(op, 'could not convert a case destination')
      }
      caseDests.push(d)
    }
    const caseValues = op.getAttr('case_values')
    const attributes: Record<string, DenseArrayAttr | NonNullable<typeof caseValues>> = {
      case_operand_segments: DenseArrayAttr.getI32(
        op.context,
        caseOperands.map((c) => c.length),
      ),
    }
    if (caseValues !== undefined) {
      attributes.case_values = caseValues
    }
    const newOp = LLVMSwitchOp.build(rewriter, op.location, {
      operands: { value: flag, defaultOperands, caseOperands: caseOperands.flat() },
      successors: { defaultDestination: defaultDest, caseDestinations: caseDests },
      attributes,
    })
    rewriter.replaceOp(op, newOp)
    return success()
  }
}

// Upstream keeps this counter in a function-local static: unique names continue from
// where the previous conversion in the process stopped.
let uniqueSymbolCounter = 0

/** `name`, or `name_<n>` with the next free counter value when `module` already has the symbol. */
function ensureSymbolNameIsUnique(module: Operation, name: string): string {
  let unique = name
  while (SymbolTable.lookupSymbolIn(module, unique) !== undefined) {
    unique = `${name}_${uniqueSymbolCounter++}`
  }
  return unique
}

/**
 * Prints `message` with `puts` at the insertion point: a private constant global holding
 * its bytes and a NUL, its address, and the call (MLIR's `LLVM::createPrintStrCall`).
 */
function createPrintStrCall(rewriter: ConversionPatternRewriter, loc: Location, module: Operation, symbolName: string, message: string): boolean {
  const ctx = module.context
  const bytes = [...new TextEncoder().encode(message), 0]
  const i8 = IntegerType.get(ctx, 8)
  const arrayType = LLVMArrayType.get(i8, bytes.length)
  const values = bytes.map((b) => BigInt(b))
  const data = DenseIntOrFPElementsAttr.get(
    RankedTensorType.get([bytes.length], i8),
    values,
    values.every((v) => v === values[0]),
  )
  const ip = rewriter.saveInsertionPoint()
  const body = module.regions[0]!.firstBlock!
  rewriter.setInsertionPointToStart(body)
  const name = ensureSymbolNameIsUnique(module, symbolName)
  LLVMGlobalOp.build(rewriter, loc, {
    attributes: {
      global_type: TypeAttr.get(arrayType),
      constant: UnitAttr.get(ctx),
      sym_name: StringAttr.get(ctx, name),
      linkage: LinkageAttr.get(ctx, 'private'),
      value: data,
    },
  })
  rewriter.restoreInsertionPoint(ip)
  const ptr = LLVMPointerType.get(ctx)
  const addr = LLVMAddressOfOp.build(rewriter, loc, { results: [ptr], attributes: { global_name: symbolRef(ctx, name) } })
  const gep = LLVMGEPOp.build(rewriter, loc, {
    operands: { base: addr.results[0]!, dynamicIndices: [] },
    results: [ptr],
    attributes: { rawConstantIndices: DenseArrayAttr.getI32(ctx, [0]), elem_type: TypeAttr.get(arrayType) },
  })
  const puts = lookupOrCreateFn(rewriter, module, 'puts', LLVMFunctionType.get(LLVMVoidType.get(ctx), [ptr]), module.location)
  if (puts === null) {
    return false
  }
  LLVMCallOp.build(rewriter, loc, {
    operands: { callee_operands: [gep.results[0]!], op_bundle_operands: [] },
    results: [],
    attributes: { callee: symbolRef(ctx, 'puts') },
  })
  return true
}

function symbolRef(ctx: Context, name: string): SymbolRefAttr {
  return SymbolRefAttr.get(ctx, name)
}

/**
 * `cf.assert` to a conditional branch to a block that prints the message with `puts`
 * and calls `abort` (MLIR's `AssertOpLowering`).
 */
class AssertOpLowering extends OpConversionPattern {
  constructor(converter: LLVMTypeConverter) {
    super('cf.assert', { typeConverter: converter })
  }
  override matchAndRewriteConverted(op: Operation, adaptor: OpAdaptor, rewriter: ConversionPatternRewriter): LogicalResult {
    const loc = op.location
    let module = op.parentOp
    while (module !== null && module.name.name !== 'builtin.module') {
      module = module.parentOp
    }
    if (module === null) {
      return rewriter.notifyMatchFailure(op, 'no enclosing module')
    }
    const opBlock = op.parentBlock!
    const continuation = rewriter.splitBlock(opBlock, op)
    const failureBlock = rewriter.createBlock(opBlock.parent!, null)
    const msg = (op.getAttr('msg') as StringAttr).value
    if (!createPrintStrCall(rewriter, loc, module, 'assert_msg', msg)) {
      return rewriter.notifyMatchFailure(op, 'could not create the print call')
    }
    const ctx = op.context
    let abort = SymbolTable.lookupSymbolIn(module, 'abort')
    if (abort === undefined || abort.name.name !== 'llvm.func') {
      const ip = rewriter.saveInsertionPoint()
      const body = module.regions[0]!.firstBlock!
      rewriter.setInsertionPointToStart(body)
      abort = buildLLVMFuncOp(rewriter, UnknownLoc.get(ctx), 'abort', LLVMFunctionType.get(LLVMVoidType.get(ctx), []))
      rewriter.restoreInsertionPoint(ip)
    }
    LLVMCallOp.build(rewriter, loc, {
      operands: { callee_operands: [], op_bundle_operands: [] },
      results: [],
      attributes: { callee: symbolRef(ctx, 'abort') },
    })
    LLVMUnreachableOp.build(rewriter, loc, {})
    rewriter.setInsertionPointToEnd(opBlock)
    const condBr = LLVMCondBrOp.build(rewriter, loc, {
      operands: { condition: adaptor.operands[0]!, trueDestOperands: [], falseDestOperands: [] },
      successors: { trueDest: continuation, falseDest: failureBlock },
    })
    rewriter.replaceOp(op, condBr)
    return success()
  }
}

/** The patterns lowering `cf.br`, `cf.cond_br` and `cf.switch` to `llvm` (MLIR's `populateControlFlowToLLVMConversionPatterns`). */
export function controlFlowToLLVMConversionPatterns(converter: LLVMTypeConverter): OpConversionPattern[] {
  return [new BranchOpLowering(converter), new CondBranchOpLowering(converter), new SwitchOpLowering(converter)]
}

/** The pattern lowering `cf.assert` to a `puts` of its message and `abort` (MLIR's `populateAssertToLLVMConversionPattern`). */
export function assertToLLVMConversionPattern(converter: LLVMTypeConverter): OpConversionPattern {
  return new AssertOpLowering(converter)
}

/** The option declarations of the pass (see `OptionDecls`). */
export type CFToLLVMOptionDecls = { readonly indexBitwidth: ScalarOption<number> }
const cfToLLVMOptions: CFToLLVMOptionDecls = {
  indexBitwidth: intOption('index-bitwidth', kDeriveIndexBitwidthFromDataLayout, 'Bitwidth of the index type, 0 to use size of machine word', 'uint'),
}

/** `convert-cf-to-llvm`: lowers `cf` branches, switches and asserts to the LLVM dialect. */
export class ConvertControlFlowToLLVMPass extends OperationPass<OptionValues<CFToLLVMOptionDecls>> {
  static override readonly argument = 'convert-cf-to-llvm'
  static override readonly summary = 'Convert ControlFlow operations to the LLVM dialect'
  static override readonly description = `Convert ControlFlow operations into LLVM IR dialect operations.

If other operations are present and their results are required by the LLVM
IR dialect operations, the pass will fail.  Any LLVM IR operations or types
already present in the IR will be kept as is.`
  static override readonly opName = 'builtin.module'
  static override readonly dependentDialects: readonly string[] = ['llvm']
  static override readonly options: CFToLLVMOptionDecls = cfToLLVMOptions
  static readonly passName: string = 'ConvertControlFlowToLLVMPass'

  override runOnOperation(): void {
    const ctx = this.getContext()
    const target = new LLVMConversionTarget(ctx)
    // Only cf ops are lowered here, but block signatures inside other ops change too;
    // those ops stay legal for the passes that lower them.
    target.markUnknownOpDynamicallyLegal((op) => op.name.dialectNamespace !== 'cf')
    const converter = new LLVMTypeConverter(ctx, { indexBitwidth: this.options.indexBitwidth })
    const patterns = [...controlFlowToLLVMConversionPatterns(converter), assertToLLVMConversionPattern(converter)]
    applyPartialConversionInPass(this, this.getOperation(), target, patterns)
  }
}
