import {
  AnyType,
  Trait,
  attrConstraint,
  defaultValuedAttr,
  defineOp,
  type AttrConstraint,
  type Attribute,
  type Location,
  type OpAsmParser,
  type OdsOp,
  type OpFoldResult,
  type Operation,
} from '@tilepass/ir'
import { PoisonAttr, isPoisonAttr } from './UBAttributes.ts'

/** ODS `PoisonAttrInterface`: an attribute implementing the poison attribute interface. */
export const PoisonAttrInterfaceC: AttrConstraint = attrConstraint('PoisonAttrInterface instance', (a) => isPoisonAttr(a), {
  parse(parser: OpAsmParser): Attribute | undefined {
    const loc = parser.getCurrentLocation()
    return checkPoison(parser, loc, parser.parseAttribute())
  },
  parseOptional(parser: OpAsmParser): Attribute | null | undefined {
    const loc = parser.getCurrentLocation()
    const attr = parser.parseOptionalAttribute()
    return attr === undefined ? null : checkPoison(parser, loc, attr)
  },
})

/** `attr` when it is a poison attribute; otherwise undefined after MLIR's diagnostic at `loc`. */
function checkPoison(parser: OpAsmParser, loc: Location, attr: Attribute | undefined): Attribute | undefined {
  if (attr === undefined) {
    return undefined
  }
  if (!isPoisonAttr(attr)) {
    parser.emitError(loc, 'invalid kind of attribute specified').report()
    return undefined
  }
  return attr
}

/** `ub.poison`: a poisoned constant (`%0 = ub.poison : i32`); folds to its `value`. */
export const PoisonOp: OdsOp = defineOp({
  name: 'ub.poison',
  summary: 'Poisoned constant operation.',
  results: { result: AnyType },
  attributes: { value: defaultValuedAttr(PoisonAttrInterfaceC, (c) => PoisonAttr.get(c)) },
  traits: Trait.Pure | Trait.ConstantLike,
  assemblyFormat: 'attr-dict (`<` $value^ `>`)? `:` type($result)',
  fold(op: Operation): readonly OpFoldResult[] {
    return [op.getAttr('value') ?? PoisonAttr.get(op.context)]
  },
})

/** `ub.unreachable`: a terminator whose execution is undefined behaviour. */
export const UnreachableOp: OdsOp = defineOp({
  name: 'ub.unreachable',
  summary: 'Unreachable operation.',
  traits: Trait.IsTerminator,
  assemblyFormat: 'attr-dict',
})

/** The ops of the `ub` dialect. */
export const ubOps: readonly OdsOp[] = [PoisonOp, UnreachableOp]
