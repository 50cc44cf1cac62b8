import type { DialectDefinition } from '@tilepass/ir'
import { parseXeVMAttribute, printXeVMAttribute } from './XeVMAttributes.ts'
import { xevmOps } from './XeVMOps.ts'

/** The `xevm` dialect: Intel Xe GPU features (2D block loads/stores, prefetch, fences, subgroup mma) as ops. */
export const XeVMDialect: DialectDefinition = {
  namespace: 'xevm',
  ops: xevmOps,
  parseAttribute: (parser) => parseXeVMAttribute(parser),
  printAttribute: (attr, printer) => printXeVMAttribute(attr, printer),
}
