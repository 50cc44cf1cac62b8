import type { DialectDefinition } from '@tilepass/ir'
import { asyncOps } from './AsyncOps.ts'
import { parseAsyncType, printAsyncType } from './AsyncTypes.ts'

/**
 * The `async` dialect, as far as Tilepass models it: its types (`!async.token`,
 * `!async.value<T>`, `!async.group`, the coroutine types) and async functions
 * (`async.func`, `async.call`, `async.return`).
 */
export const AsyncDialect: DialectDefinition = {
  namespace: 'async',
  ops: asyncOps,
  parseType: (parser) => parseAsyncType(parser),
  printType: (type, printer) => printAsyncType(type, printer),
}
