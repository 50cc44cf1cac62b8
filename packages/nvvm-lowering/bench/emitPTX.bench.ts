import { bench, describe } from 'vitest'
import { BuiltinDialect, Context, parseSourceString, type Operation } from '@tilepass/ir'
import { LLVMDialect } from '@tilepass/dialects'
import { emitPTX } from '../src/index.ts'
import { tenThousandOpKernel } from './bigKernel.ts'

function parse(text: string): Operation {
  const ctx = new Context({ allowUnregisteredDialects: true, dialects: [BuiltinDialect, LLVMDialect] })
  return parseSourceString(text, ctx)!.op
}

describe('emitPTX', () => {
  const module = parse(tenThousandOpKernel())
  bench('10k-op kernel', () => {
    emitPTX(module, { gpuName: 'sm_90a' })
  })
})
