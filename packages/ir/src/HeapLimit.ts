/**
 * Thrown when the JavaScript heap is nearly exhausted (by the check installed with
 * `setHeapLimitCheck`): a run that would otherwise end in V8's fatal out-of-memory abort
 * stops with this error, which the pass manager and the tools report as a diagnostic.
 */
export class HeapLimitError extends Error {
  constructor(
    /** The heap in use, in MiB. */
    readonly usedMiB: number,
    /** The heap's limit, in MiB. */
    readonly limitMiB: number,
  ) {
    super(`out of memory: the JavaScript heap reached ${usedMiB} MiB of its ${limitMiB} MiB limit`)
    this.name = 'HeapLimitError'
  }
}

/** Operations created between two calls of the heap check (a power of two). */
const CHECK_INTERVAL = 1 << 12

let heapCheck: (() => void) | null = null
let created = 0

/**
 * Installs `check` (null removes it), called once every 4,096 operations created: it
 * throws a `HeapLimitError` when the heap is nearly full. Every long run creates
 * operations, and the counter costs nothing measurable; the tools install a check that
 * reads V8's heap statistics.
 */
export function setHeapLimitCheck(check: (() => void) | null): void {
  heapCheck = check
}

/** @internal Counts one operation created; runs the heap check at every interval. */
export function noteOperationCreated(): void {
  if ((++created & (CHECK_INTERVAL - 1)) === 0 && heapCheck !== null) {
    heapCheck()
  }
}
