/**
 * Declarations of the runtime functions the LLVM lowerings call (MLIR's
 * `LLVM::lookupOrCreate*Fn`): `malloc`, `aligned_alloc`, `free`, their generic
 * `_mlir_memref_to_llvm_*` forms, `puts`, ...
 */
import { SymbolTable, TypeAttr, printType, type Location, type Operation } from '@tilepass/ir'
import { buildLLVMFuncOp, type LLVMFunctionType } from '@tilepass/dialects'
import type { ConversionPatternRewriter } from '../DialectConversion.ts'

/**
 * The `llvm.func` named `name` in `module`, declared at its start when missing; null, with
 * upstream's error on the existing function, when that one has another type.
 */
export function lookupOrCreateFn(rewriter: ConversionPatternRewriter, module: Operation, name: string, type: LLVMFunctionType, loc: Location): Operation | null {
  const existing = SymbolTable.lookupSymbolIn(module, name)
  if (existing !== undefined && existing.name.name === 'llvm.func') {
    const t = existing.getAttr('function_type')
    if (!(t instanceof TypeAttr) || t.value !== type) {
      const text = t instanceof TypeAttr ? `'${printType(t.value)}'` : "'<unknown>'"
      existing.emitError(`redefinition of reserved function '${name}' of different type ${text} is prohibited`).report()
      return null
    }
    return existing
  }
  const ip = rewriter.saveInsertionPoint()
  rewriter.setInsertionPointToStart(module.regions[0]!.firstBlock!)
  const f = buildLLVMFuncOp(rewriter, loc, name, type)
  rewriter.restoreInsertionPoint(ip)
  return f
}

/** The `builtin.module` enclosing `op`, or null. */
export function enclosingModule(op: Operation): Operation | null {
  let m = op.parentOp
  while (m !== null && m.name.name !== 'builtin.module') {
    m = m.parentOp
  }
  return m
}
