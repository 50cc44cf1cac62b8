import type { Action, ActionHandler, Context } from '@tilepass/ir'

/** @internal Passes `action` on to `next`, or runs it when no handler follows. */
export function forwardAction(next: ActionHandler | null, execute: () => void, action: Action): void {
  if (next !== null) {
    next(execute, action)
  } else {
    execute()
  }
}

/** @internal A handler that drops the actions `allow` rejects and forwards the rest to `next`. */
export function filteringHandler(allow: (action: Action) => boolean, next: ActionHandler | null): ActionHandler {
  return (execute, action) => {
    if (allow(action)) {
      forwardAction(next, execute, action)
    }
  }
}

/** @internal Installs `make(previous)` in front of `context`'s current action handler; returns the previous one. */
export function installInFront(context: Context, make: (previous: ActionHandler | null) => ActionHandler): ActionHandler | null {
  const prev = context.registerActionHandler(null)
  context.registerActionHandler(make(prev))
  return prev
}
