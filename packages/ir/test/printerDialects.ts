/**
 * Minimal hand-written definitions of a few upstream ops (func.func, func.return,
 * arith.constant, cf.br, cf.cond_br, affine.apply), with the same custom syntax as
 * upstream, so printer tests can compare with mlir-opt output.
 */
import {
  type AffineMapAttr,
  ArrayAttr,
  type DictionaryAttr,
  FunctionType,
  IntegerAttr,
  IntegerType,
  StringAttr,
  Trait,
  type TypeAttr,
  printType,
  type DialectDefinition,
  type OpAsmPrinter,
  type Operation,
  type Value,
} from '@tilepass/ir'

const funcFunc = {
  name: 'func.func',
  traits: Trait.IsolatedFromAbove | Trait.Symbol | Trait.AutomaticAllocationScope | Trait.AffineScope,
  inherentAttributeNames: ['sym_name', 'function_type', 'sym_visibility', 'arg_attrs', 'res_attrs'],
  defaultDialect: 'func',
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    const vis = op.properties.get('sym_visibility')
    if (vis instanceof StringAttr) {
      p.print(vis.value + ' ')
    }
    p.printSymbolName((op.properties.get('sym_name') as StringAttr).value)
    const ft = (op.properties.get('function_type') as TypeAttr).value as FunctionType
    const argAttrs = op.properties.get('arg_attrs')
    const body = op.regions[0]!
    p.print('(')
    if (body.firstBlock !== null) {
      const args = body.firstBlock.arguments
      for (let i = 0; i < args.length; i++) {
        if (i > 0) {
          p.print(', ')
        }
        const d = argAttrs instanceof ArrayAttr ? (argAttrs.elements[i] as DictionaryAttr).entries : []
        p.printRegionArgument(args[i]!, d)
      }
    } else {
      p.printTypes(ft.inputs)
    }
    p.print(')')
    if (ft.results.length > 0) {
      p.print(' -> ')
      if (ft.results.length === 1 && !(ft.results[0] instanceof FunctionType)) {
        p.printType(ft.results[0]!)
      }
      else {
        p.print('(')
        p.printTypes(ft.results)
        p.print(')')
      }
    }
    p.printOptionalAttrDictWithKeyword(op.getAttrs(), ['sym_name', 'function_type', 'sym_visibility', 'arg_attrs', 'res_attrs'])
    if (body.firstBlock !== null) {
      p.print(' ')
      p.printRegion(body, false, true)
    }
  },
}

const funcReturn = {
  name: 'func.return',
  traits: Trait.IsTerminator | Trait.ReturnLike | Trait.Pure,
  print(op: Operation, p: OpAsmPrinter): void {
    p.printOptionalAttrDict(op.getAttrs())
    if (op.operands.length > 0) {
      p.print(' ')
      p.printOperands(op.getOperands())
      p.print(' : ')
      p.printTypes(op.operandTypes)
    }
  },
}

const arithConstant = {
  name: 'arith.constant',
  traits: Trait.ConstantLike | Trait.Pure,
  inherentAttributeNames: ['value'],
  print(op: Operation, p: OpAsmPrinter): void {
    p.printOptionalAttrDict(op.getAttrs(), ['value'])
    p.print(' ')
    p.printAttribute(op.properties.get('value')!)
  },
  getAsmResultNames(op: Operation, setName: (v: Value, n: string) => void): void {
    const v = op.properties.get('value')
    const t = op.results[0]!.type
    if (v instanceof IntegerAttr) {
      if (t instanceof IntegerType && t.width === 1) {
        setName(op.results[0]!, v.value !== 0n ? 'true' : 'false')
        return
      }
      setName(op.results[0]!, 'c' + v.value.toString() + (t instanceof IntegerType ? '_' + printType(t) : ''))
    } else {
      setName(op.results[0]!, 'cst')
    }
  },
}

const cfBr = {
  name: 'cf.br',
  traits: Trait.IsTerminator | Trait.Pure,
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printSuccessorAndUseList(op.successors[0]!.block, op.getOperands())
    p.printOptionalAttrDict(op.getAttrs())
  },
}

const cfCondBr = {
  name: 'cf.cond_br',
  traits: Trait.IsTerminator | Trait.Pure | Trait.AttrSizedOperandSegments,
  inherentAttributeNames: ['operandSegmentSizes'],
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printOperand(op.getOperand(0))
    p.print(', ')
    p.printSuccessor(op.successors[0]!.block)
    p.print(', ')
    p.printSuccessor(op.successors[1]!.block)
    p.printOptionalAttrDict(op.getAttrs(), ['operandSegmentSizes'])
  },
}

const affineApply = {
  name: 'affine.apply',
  traits: Trait.Pure,
  inherentAttributeNames: ['map'],
  print(op: Operation, p: OpAsmPrinter): void {
    p.print(' ')
    p.printAttribute(op.properties.get('map') as AffineMapAttr)
    p.print('(')
    p.printOperands(op.getOperands())
    p.print(')')
    p.printOptionalAttrDict(op.getAttrs(), ['map'])
  },
}

/** func, arith, cf and affine stand-ins. */
export const testDialects: DialectDefinition[] = [
  { namespace: 'func', ops: [funcFunc, funcReturn] },
  { namespace: 'arith', ops: [arithConstant] },
  { namespace: 'cf', ops: [cfBr, cfCondBr] },
  { namespace: 'affine', ops: [affineApply] },
]
