/**
 * Bounds of the builtin file tools (DESIGN §10). One read returns at most `maxLines` lines,
 * `maxChars` characters and `maxBytes` UTF-8 bytes of numbered output; characters are counted as
 * Unicode code points, so the byte bound matters for text made of 4-byte characters.
 */
export const fileToolLimits = {
  /** Lines one read returns. */
  maxLines: 1_200,
  /** Characters (code points) of numbered output one read returns. */
  maxChars: 80_000,
  /** UTF-8 bytes of numbered output one read returns. */
  maxBytes: 256 * 1024,
  /** Characters of one line shown before it is cut. */
  maxLineChars: 2_000,
  /** Bytes inspected to tell text from binary. */
  sniffBytes: 8 * 1024,
  /** Largest file the tools load; larger files are refused rather than read into memory whole. */
  maxFileBytes: 64 * 1024 * 1024,
  /** Unchanged lines shown around an edited region. */
  snippetContext: 3,
  /** Lines of an edit result's snippet. */
  maxSnippetLines: 40,
  /** Characters of one snippet line shown before it is cut (snippets of minified files stay small). */
  snippetLineChars: 500,
  /** Edits one multi-edit call may carry. */
  maxEdits: 100,
} as const
