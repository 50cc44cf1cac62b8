/**
 * The module-level ops of the `llvm` dialect: `llvm.mlir.global_ctors`/`global_dtors`,
 * `llvm.comdat` with its `llvm.comdat_selector`s, and `llvm.module_flags`, with upstream's
 * syntax and checks; plus the `comdat(@c::@sel)` clause globals and functions share.
 */
import {
  ArrayAttr,
  ArrayAttrC,
  IntegerAttr,
  IntegerType,
  SizedRegion,
  SymbolNameAttr,
  SymbolRefAttr,
  SymbolTable,
  Trait,
  attrConstraint,
  defineOp,
  intEnumAttr,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
} from '@tilepass/ir'
import { LLVMZeroAttr } from './LLVMAttributes.ts'
import { LLVMModuleFlagAttr } from './LLVMModuleFlagAttributes.ts'

// ---- global_ctors / global_dtors -----------------------------------------------------

const FlatSymbolRefArrayAttr = attrConstraint(
  'flat symbol ref array attribute',
  (a) => a instanceof ArrayAttr && a.elements.every((e) => e instanceof SymbolRefAttr && e.nestedReferences.length === 0),
)
const I32ArrayAttr = attrConstraint(
  '32-bit integer array attribute',
  (a) => a instanceof ArrayAttr && a.elements.every((e) => e instanceof IntegerAttr && e.type instanceof IntegerType && e.type.isSignless && e.type.width === 32),
)

/** Each symbol must name an `llvm.func` with a body (upstream's `verifySymbolAttrUse`). */
function verifyXtorSymbols(op: Operation, attrName: string): LogicalResult {
  const symbols = op.getAttr(attrName)
  if (!(symbols instanceof ArrayAttr)) {
    return true
  }
  for (const s of symbols.elements) {
    if (!(s instanceof SymbolRefAttr)) {
      continue
    }
    const fn = SymbolTable.lookupNearestSymbolFrom(op, s)
    if (fn === undefined || fn.name.name !== 'llvm.func') {
      return op.emitOpError(`'${s.rootReference}' does not reference a valid LLVM function`).fail()
    }
    if (fn.regions[0]!.empty) {
      return op.emitOpError(`'${s.rootReference}' does not have a definition`).fail()
    }
  }
  return true
}

/** `data` holds symbols or `#llvm.zero`, and the three arrays have one element per function. */
function verifyXtor(op: Operation, attrName: 'ctors' | 'dtors'): LogicalResult {
  const data = op.getAttr('data')
  if (data instanceof ArrayAttr && data.elements.length > 0 && !data.elements.every((e) => (e instanceof SymbolRefAttr && e.nestedReferences.length === 0) || e instanceof LLVMZeroAttr)) {
    return op.emitError('data element must be symbol or #llvm.zero').fail()
  }
  const n = (name: string): number => {
    const a = op.getAttr(name)
    return a instanceof ArrayAttr ? a.elements.length : 0
  }
  if (n(attrName) !== n('priorities') || n(attrName) !== n('data')) {
    return op.emitError(`${attrName}, priorities, and data must have the same number of elements`).fail()
  }
  return true
}

function xtorOp(kind: 'ctors' | 'dtors'): OdsOp {
  return defineOp({
    name: `llvm.mlir.global_${kind}`,
    summary: kind === 'ctors' ? 'LLVM dialect global_ctors.' : 'LLVM dialect global_dtors.',
    attributes: { [kind]: FlatSymbolRefArrayAttr, priorities: I32ArrayAttr, data: ArrayAttrC },
    assemblyFormat: `\`${kind}\` \`=\` $${kind} \`,\` \`priorities\` \`=\` $priorities \`,\` \`data\` \`=\` $data attr-dict`,
    verify: (op) => verifyXtor(op, kind),
    verifySymbolUses: (op) => verifyXtorSymbols(op, kind),
  })
}

/** `llvm.mlir.global_ctors ctors = [@f], priorities = [0 : i32], data = [#llvm.zero]`. */
export const LLVMGlobalCtorsOp: OdsOp = xtorOp('ctors')
/** `llvm.mlir.global_dtors dtors = [@f], priorities = [0 : i32], data = [#llvm.zero]`. */
export const LLVMGlobalDtorsOp: OdsOp = xtorOp('dtors')

// ---- comdat ------------------------------------------------------------------------------

/** `LLVM::comdat::Comdat` in enum order. */
export const ComdatNames: readonly string[] = ['any', 'exactmatch', 'largest', 'nodeduplicate', 'samesize']

/** `llvm.comdat_selector @sym any`: a comdat and its selection kind. */
export const LLVMComdatSelectorOp: OdsOp = defineOp({
  name: 'llvm.comdat_selector',
  summary: 'LLVM dialect comdat selector declaration',
  attributes: {
    sym_name: SymbolNameAttr,
    comdat: intEnumAttr(
      64,
      ComdatNames.map((keyword, value) => ({ keyword, value })),
      'LLVM Comdat Types',
    ),
  },
  traits: Trait.Symbol,
  assemblyFormat: '$sym_name $comdat attr-dict',
})

/** `llvm.comdat @name { selectors }`: a symbol table of comdat selectors. */
export const LLVMComdatOp: OdsOp = defineOp({
  name: 'llvm.comdat',
  summary: 'LLVM dialect comdat region',
  attributes: { sym_name: SymbolNameAttr },
  regions: { body: SizedRegion(1) },
  traits: Trait.NoTerminator | Trait.SymbolTable | Trait.Symbol,
  assemblyFormat: '$sym_name $body attr-dict',
  verifyRegions(op: Operation): LogicalResult {
    const body = op.regions[0]!
    for (let b = body.firstBlock; b !== null; b = b.nextBlock) {
      for (let o = b.firstOp; o !== null; o = o.nextOp) {
        if (o.name.name !== 'llvm.comdat_selector') {
          return o.emitError('only comdat selector symbols can appear in a comdat region').fail()
        }
      }
    }
    return true
  },
})

/** Parses an optional `comdat(@c::@sel)` clause of a global or a function into `comdat`. */
export function parseOptionalComdat(parser: OpAsmParser, state: OperationState): LogicalResult {
  if (!parser.parseOptionalKeyword('comdat')) {
    return true
  }
  if (!parser.parseLParen()) {
    return false
  }
  const loc = parser.getCurrentLocation()
  const ref = parser.parseAttribute()
  if (ref === undefined) {
    return false
  }
  if (!(ref instanceof SymbolRefAttr)) {
    return parser.emitError(loc, 'invalid kind of attribute specified').fail()
  }
  if (!parser.parseRParen()) {
    return false
  }
  state.addProperty('comdat', ref)
  return true
}

/** Prints ` comdat(@c::@sel)` when the op has a comdat. */
export function printOptionalComdat(op: Operation, p: OpAsmPrinter): void {
  const comdat = op.getAttr('comdat')
  if (comdat !== undefined) {
    p.print(' comdat(')
    p.printAttribute(comdat)
    p.print(')')
  }
}

/** A global's or function's `comdat` must name an `llvm.comdat_selector` (upstream's `verifyComdat`). */
export function verifyComdatReference(op: Operation): LogicalResult {
  const comdat = op.getAttr('comdat')
  if (!(comdat instanceof SymbolRefAttr)) {
    return true
  }
  const selector = SymbolTable.lookupNearestSymbolFrom(op, comdat)
  if (selector === undefined || selector.name.name !== 'llvm.comdat_selector') {
    return op.emitError('expected comdat symbol').fail()
  }
  return true
}

// ---- module_flags --------------------------------------------------------------------------

/** `llvm.module_flags [#llvm.mlir.module_flag<...>, ...]`: module-level flags for LLVM IR. */
export const LLVMModuleFlagsOp: OdsOp = defineOp({
  name: 'llvm.module_flags',
  summary: 'Information about module properties',
  attributes: { flags: ArrayAttrC },
  assemblyFormat: '$flags attr-dict',
  verify(op: Operation): LogicalResult {
    const parent = op.parentOp
    if (parent !== null && !isLLVMModule(parent)) {
      return op.emitOpError('must appear at the module level').fail()
    }
    const flags = op.getAttr('flags')
    if (flags instanceof ArrayAttr && !flags.elements.every((f) => f instanceof LLVMModuleFlagAttr)) {
      return op.emitOpError('expected a module flag attribute').fail()
    }
    return true
  },
})

/** Upstream's `satisfiesLLVMModule`: a symbol table that may hold code. */
function isLLVMModule(op: Operation): boolean {
  return op.name.hasTrait(Trait.SymbolTable) && op.name.hasTrait(Trait.IsolatedFromAbove)
}

/** The ops of this file. */
export const llvmModuleOps: readonly OdsOp[] = [LLVMGlobalCtorsOp, LLVMGlobalDtorsOp, LLVMComdatOp, LLVMComdatSelectorOp, LLVMModuleFlagsOp]
