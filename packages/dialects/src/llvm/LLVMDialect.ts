import {
  FloatAttr,
  IntegerAttr,
  DenseElementsAttr,
  SymbolRefAttr,
  ArrayAttr,
  DictionaryAttr,
  Operation,
  OperationState,
  TypeAttr,
  type Attribute,
  type Block,
  type DialectInlinerInterface,
  type Value,
  type DialectDefinition,
  type Location,
  type OpBuilder,
  type Type,
} from '@tilepass/ir'
import { LLVMPoisonAttr, LLVMUndefAttr, LLVMZeroAttr, parseLLVMAttribute, printLLVMAttribute } from './LLVMAttributes.ts'
import { LLVMLoopAttr } from './LLVMLoopAttributes.ts'
import { LLVMScopeAttr } from './LLVMScopeAttributes.ts'
import { LLVMAddressOfOp, LLVMConstantOp, LLVMPoisonOp, LLVMUndefOp, LLVMZeroOp, llvmCoreOps } from './LLVMOps.ts'
import { llvmFuncOps } from './LLVMFuncOps.ts'
import { llvmInlineAsmOps } from './LLVMInlineAsmOps.ts'
import { llvmAliasOps } from './LLVMAliasOps.ts'
import { llvmAtomicOps } from './LLVMAtomicOps.ts'
import { llvmIntrinsicOps } from './LLVMIntrinsicOps.ts'
import { llvmExceptionOps } from './LLVMExceptionOps.ts'
import { LLVMBlockAddressOp, llvmBlockAddressOps } from './LLVMBlockAddressOps.ts'
import { LLVMBlockAddressAttr } from './LLVMBlockAddressAttributes.ts'
import { llvmMathIntrinsicOps } from './LLVMMathIntrinsicOps.ts'
import { llvmModuleOps } from './LLVMModuleOps.ts'
import { verifyLLVMOperationAttribute } from './LLVMDataLayoutString.ts'
import { LLVMFunctionType, LLVMPointerType, isCompatibleType, parseLLVMType, printLLVMType } from './LLVMTypes.ts'

/** Creates `llvm.mlir.constant` for a folded integer/float/dense `value` of `type`, or null. */
export function materializeLLVMConstant(builder: OpBuilder, value: Attribute, type: Type, loc: Location): Operation | null {
  if (value instanceof SymbolRefAttr && type instanceof LLVMPointerType) {
    return LLVMAddressOfOp.build(builder, loc, { attributes: { global_name: value }, results: [type] })
  }
  if (value instanceof LLVMBlockAddressAttr && type instanceof LLVMPointerType) {
    return LLVMBlockAddressOp.build(builder, loc, { attributes: { block_addr: value }, results: [type] })
  }
  if (value instanceof LLVMUndefAttr) {
    return LLVMUndefOp.build(builder, loc, { results: [type] })
  }
  if (value instanceof LLVMPoisonAttr) {
    return LLVMPoisonOp.build(builder, loc, { results: [type] })
  }
  if (value instanceof LLVMZeroAttr) {
    return LLVMZeroOp.build(builder, loc, { results: [type] })
  }
  const typed = (value as { type?: Type | null }).type
  if (typed !== type || !isCompatibleType(type)) {
    return null
  }
  if (value instanceof IntegerAttr || value instanceof FloatAttr || value instanceof DenseElementsAttr) {
    return LLVMConstantOp.build(builder, loc, { attributes: { value }, results: [type] })
  }
  return null
}

/**
 * The `llvm` dialect's inliner interface (as upstream's `LLVMInlinerInterface`): calls
 * are not inlined into or from functions marked `no_inline`/`optimize_none`, vararg
 * functions, functions with a personality or garbage collector, or with `inalloca`
 * arguments; an inlined `llvm.return` becomes the results or an `llvm.br`.
 */
export const llvmInlinerInterface: DialectInlinerInterface = {
  isLegalToInlineCall(call: Operation, callable: Operation): boolean {
    if (call.name.name !== 'llvm.call' || callable.name.name !== 'llvm.func') {
      return false
    }
    if (call.getAttr('no_inline') !== undefined) {
      return false
    }
    for (const name of ['no_inline', 'optimize_none', 'personality', 'garbageCollector']) {
      if (callable.getAttr(name) !== undefined) {
        return false
      }
    }
    const ft = callable.getAttr('function_type')
    if (ft instanceof TypeAttr && ft.value instanceof LLVMFunctionType && ft.value.isVarArg) {
      return false
    }
    const argAttrs = callable.getAttr('arg_attrs')
    if (argAttrs instanceof ArrayAttr) {
      for (const d of argAttrs.elements) {
        if (d instanceof DictionaryAttr && d.entries.some((e) => e.name === 'llvm.inalloca')) {
          return false
        }
      }
    }
    return true
  },
  isLegalToInlineRegion: () => true,
  isLegalToInlineOp: () => true,
  handleTerminator(op: Operation, newDest: Block | null, valuesToReplace: readonly Value[]): void {
    if (op.name.name !== 'llvm.return') {
      return
    }
    if (newDest !== null) {
      const state = new OperationState(op.location, op.context.getOperationName('llvm.br'))
      state.addOperands(op.getOperands())
      state.addSuccessor(newDest)
      op.parentBlock!.insertBefore(Operation.create(state), op)
      op.erase()
      return
    }
    const n = Math.min(op.numOperands, valuesToReplace.length)
    for (let i = 0; i < n; i++) {
      valuesToReplace[i]!.replaceAllUsesWith(op.getOperand(i))
    }
  },
}

/** The `llvm` dialect: LLVM IR types, attributes and ops (the subset the standard lowerings produce). */
export const LLVMDialect: DialectDefinition = {
  namespace: 'llvm',
  ops: [...llvmFuncOps, ...llvmAliasOps, ...llvmCoreOps, ...llvmAtomicOps, ...llvmIntrinsicOps, ...llvmInlineAsmOps, ...llvmMathIntrinsicOps, ...llvmModuleOps,
    // Exception handling and block addresses.
    ...llvmExceptionOps, ...llvmBlockAddressOps],
  parseType: (parser) => parseLLVMType(parser),
  printType: (type, printer) => printLLVMType(type, printer),
  parseAttribute: (parser) => parseLLVMAttribute(parser),
  printAttribute: (attr, printer) => printLLVMAttribute(attr, printer),
  materializeConstant: materializeLLVMConstant,
  verifyOperationAttribute: verifyLLVMOperationAttribute,
  // Upstream's `LLVMOpAsmDialectInterface` aliases loop and alias-analysis metadata by
  // mnemonic (`#loop_unroll`, `#alias_scope`).
  getAlias: (x) => (x instanceof LLVMLoopAttr || x instanceof LLVMScopeAttr ? x.mnemonic : undefined),
  interfaces: { inliner: llvmInlinerInterface },
}
