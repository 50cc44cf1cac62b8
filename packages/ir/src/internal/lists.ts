/**
 * @internal Empties `list` in place. Popping each element is several times faster than
 * `list.length = 0`, whose setter is a call into the runtime; either way V8 gives the
 * storage of a list emptied to length 0 back.
 */
export function emptyList(list: unknown[]): void {
  while (list.length !== 0) {
    list.pop()
  }
}

/** @internal Whether `a` and `b` hold the same elements (by `===`) in the same order. */
export function sameElements<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) {
    return false
  }
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) {
      return false
    }
  }
  return true
}
