/** Bounds of the chat tools. */
export const chatLimits = {
  /** Hits `chat.search` returns by default, and at most. */
  defaultHits: 8,
  maxHits: 20,
  /** Characters of one search snippet. */
  snippetChars: 300,
  /** Messages `chat.read_messages` renders by default, and at most. */
  defaultCount: 10,
  maxCount: 50,
  /** Lines one read returns by default, and at most. */
  defaultLines: 400,
  maxLines: 2_000,
  /** Characters one read returns at most (the tool pages itself, so its results are never externalized). */
  maxChars: 40_000,
  /** Rendered lines longer than this are wrapped into several lines. */
  wrapChars: 2_000,
} as const
