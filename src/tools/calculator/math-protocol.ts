/**
 * Messages between the calculator tool and its engine process. Type-only: the engine runs its
 * TypeScript source directly in tests, where only erased imports may cross between files.
 */

/** The argument the engine process is started with; the engine serves requests only when it sees it. */
export type EngineMarker = '--toolhost-calculator-engine'

/** One evaluation. */
export type EngineRequest = {
  readonly expression: string
  /** Significant digits for formatting the result. */
  readonly precision: number
}

/** The outcome of one evaluation. */
export type EngineReply =
  | { readonly ok: true; readonly result: string; readonly type: string }
  /** mathjs rejected the expression; `name` is the error's class, such as `SyntaxError`. */
  | { readonly ok: false; readonly kind: 'error'; readonly name: string; readonly message: string }
  /** The evaluation or its result went past the bound `limit`; `message` names it for the model. */
  | { readonly ok: false; readonly kind: 'limit'; readonly limit: EngineLimit; readonly message: string }

/** The bounds an evaluation can go past. */
export type EngineLimit = 'resultElements' | 'resultCharacters' | 'timeoutMs' | 'memoryMb'

/** Messages from the engine: once `ready` after loading, then one `reply` per request. */
export type EngineMessage = { readonly type: 'ready' } | { readonly type: 'reply'; readonly reply: EngineReply }
