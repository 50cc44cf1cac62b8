import { SymbolTable, type Operation } from '@tilepass/ir'
import { SymbolTableCollection } from './SymbolTableCollection.ts'

/**
 * The users of each symbol defined under an op (MLIR's `SymbolUserMap`): every op whose
 * attributes reference a symbol, resolved from the user with the nearest-symbol-table
 * rule. References that resolve to nothing are ignored. O(uses) to build; queries O(1).
 */
export class SymbolUserMap {
  private readonly users: Map<Operation, Operation[]> = new Map()

  constructor(readonly operation: Operation) {
    const tables = new SymbolTableCollection()
    for (const { user, ref } of SymbolTable.getSymbolUses(operation)) {
      const symbol = tables.lookupNearestSymbolFrom(user, ref)
      if (symbol === undefined) {
        continue
      }
      let list = this.users.get(symbol)
      if (list === undefined) {
        list = []
        this.users.set(symbol, list)
      }
      // Uses come in walk order, so a user's references are adjacent.
      if (list[list.length - 1] !== user) {
        list.push(user)
      }
    }
  }

  /** The ops that reference `symbol`, in walk order. */
  getUsers(symbol: Operation): readonly Operation[] {
    return this.users.get(symbol) ?? []
  }
  /** True when nothing references `symbol`. */
  useEmpty(symbol: Operation): boolean {
    return !this.users.has(symbol)
  }
}
