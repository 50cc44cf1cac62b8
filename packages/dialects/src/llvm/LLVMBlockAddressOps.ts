/**
 * `llvm.blockaddress` and `llvm.blocktag`: the address of a block of a function, named by
 * the `llvm.blocktag` op that marks it (upstream's `BlockAddressOp` and `BlockTagOp`).
 */
import {
  SymbolTable,
  Trait,
  attrConstraint,
  defineOp,
  type Attribute,
  type LogicalResult,
  type OdsOp,
  type OpAsmParser,
  type OpAsmPrinter,
  type Operation,
  type OperationState,
} from '@tilepass/ir'
import { LLVMBlockAddressAttr, LLVMBlockTagAttr } from './LLVMBlockAddressAttributes.ts'
import { LLVMAnyPointer } from './LLVMConstraints.ts'

const BlockAddressAttrC = attrConstraint('', (a) => a instanceof LLVMBlockAddressAttr)
const BlockTagAttrC = attrConstraint('', (a) => a instanceof LLVMBlockTagAttr)

/**
 * The closest ancestor of `op` that is a symbol table isolated from above (upstream's
 * `parentLLVMModule`), or null.
 */
function parentLLVMModule(op: Operation): Operation | null {
  let module = op.parentOp
  while (module !== null && !(module.hasTrait(Trait.SymbolTable) && module.hasTrait(Trait.IsolatedFromAbove))) {
    module = module.parentOp
  }
  return module
}

function blockAddr(op: Operation): LLVMBlockAddressAttr {
  return op.getAttr('block_addr') as LLVMBlockAddressAttr
}

/** The `llvm.func` an `llvm.blockaddress` names, or null. */
export function getBlockAddressFunction(op: Operation): Operation | null {
  const module = parentLLVMModule(op)
  const fn = module === null ? undefined : SymbolTable.lookupNearestSymbolFrom(module, blockAddr(op).func)
  return fn !== undefined && fn.name.name === 'llvm.func' ? fn : null
}

/** The `llvm.blocktag` op an `llvm.blockaddress` refers to, or null when there is none. */
export function getBlockAddressTagOp(op: Operation): Operation | null {
  const fn = getBlockAddressFunction(op)
  if (fn === null) {
    return null
  }
  const tag = blockAddr(op).tag
  let found: Operation | null = null
  fn.walk((o) => {
    if (o.name.name === 'llvm.blocktag' && o.getAttr('tag') === tag) {
      found = o
      return 'interrupt'
    }
    return 'advance'
  })
  return found
}

/**
 * Parses an attribute written either bare (`<...>`, parsed by `parseBody`) or in full
 * (`#llvm.mnemonic<...>`), as ODS's `parseCustomAttributeWithFallback`.
 */
function parseBareOrFullAttr<T extends Attribute>(
  parser: OpAsmParser,
  parseBody: (parser: OpAsmParser) => T | undefined,
  isKind: (a: Attribute) => a is T,
): T | undefined {
  const loc = parser.getCurrentLocation()
  if (parser.parseOptionalLess()) {
    return parseBody(parser)
  }
  const start = parser.getCurrentOffset()
  const a = parser.parseOptionalAttribute()
  if (a === undefined) {
    // Nothing consumed: no attribute there, and the bare form's `<` is what is missing.
    if (parser.getCurrentOffset() === start) {
      parser.parseLess()
    }
    return undefined
  }
  if (!isKind(a)) {
    parser.emitError(loc, 'invalid kind of attribute specified').report()
    return undefined
  }
  return a
}

/** `%0 = llvm.blockaddress <function = @f, tag = <id = 1>> : !llvm.ptr`. */
export const LLVMBlockAddressOp: OdsOp = defineOp({
  name: 'llvm.blockaddress',
  summary: 'Creates a LLVM blockaddress ptr',
  results: { res: LLVMAnyPointer },
  attributes: { block_addr: BlockAddressAttrC },
  traits: Trait.Pure | Trait.ConstantLike,
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const attr = parseBareOrFullAttr(parser, (p) => LLVMBlockAddressAttr.parseBody(p), (a): a is LLVMBlockAddressAttr => a instanceof LLVMBlockAddressAttr)
    if (attr === undefined || !parser.parseOptionalAttrDict(state.attributes) || !parser.parseColon()) {
      return false
    }
    state.addProperty('block_addr', attr)
    const type = parser.parseType()
    if (type === undefined) {
      return false
    }
    state.addTypes([type])
    return true
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    blockAddr(op).printBody(p)
    p.printOptionalAttrDict(op.getAttrs(), ['block_addr'])
    p.print(' : ')
    p.printType(op.getResult(0).type)
  },
  verify(op: Operation): LogicalResult {
    if (getBlockAddressTagOp(op) === null) {
      return op.emitOpError('expects an existing block label target in the referenced function').fail()
    }
    return true
  },
  verifySymbolUses(op: Operation): LogicalResult {
    const module = parentLLVMModule(op)
    const fn = module === null ? undefined : SymbolTable.lookupSymbolIn(module, blockAddr(op).func)
    if (fn === undefined || fn.name.name !== 'llvm.func') {
      return op.emitOpError("must reference a function defined by 'llvm.func'").fail()
    }
    return true
  },
  fold(op: Operation): readonly Attribute[] {
    return [blockAddr(op)]
  },
})

/** `llvm.blocktag <id = 1>`: marks its block as the target of `llvm.blockaddress` with that tag. */
export const LLVMBlockTagOp: OdsOp = defineOp({
  name: 'llvm.blocktag',
  summary: 'A block tag',
  attributes: { tag: BlockTagAttrC },
  parse(parser: OpAsmParser, state: OperationState): LogicalResult {
    const tag = parseBareOrFullAttr(parser, (p) => LLVMBlockTagAttr.parseBody(p), (a): a is LLVMBlockTagAttr => a instanceof LLVMBlockTagAttr)
    if (tag === undefined) {
      return false
    }
    state.addProperty('tag', tag)
    return parser.parseOptionalAttrDict(state.attributes)
  },
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    ;(op.getAttr('tag') as LLVMBlockTagAttr).printBody(p)
    p.printOptionalAttrDict(op.getAttrs(), ['tag'])
  },
})

/** The block address ops. */
export const llvmBlockAddressOps: readonly OdsOp[] = [LLVMBlockAddressOp, LLVMBlockTagOp]
