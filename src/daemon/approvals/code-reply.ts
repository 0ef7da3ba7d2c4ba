/** An answer to an approval request typed in a chat. */
export interface CodeReply {
  readonly behavior: 'allow' | 'deny'
  /** The six digits, spaces and dashes removed. */
  readonly code: string
  /** For a denial: what the model is told. */
  readonly reason?: string
}

// "123456", "123 456", "approve 123456", "deny 123456 not now" — nothing else is read as a code.
const pattern = /^\s*(?:(approve|allow|yes|deny|no)\s+)?(\d{3})[\s-]?(\d{3})(?:\s+([\s\S]*\S))?\s*$/i

/**
 * Reads a chat message as an answer to an approval request, or `undefined` when it is not one.
 * Text after the code is kept only for a denial (its reason); after an approval it makes the
 * message ordinary text, so "123456 apples" in a conversation is not taken for a code.
 */
export function parseCodeReply(text: string): CodeReply | undefined {
  const match = pattern.exec(text)
  if (match === null) return undefined
  const verb = match[1]?.toLowerCase()
  const deny = verb === 'deny' || verb === 'no'
  const rest = match[4]
  if (!deny && rest !== undefined) return undefined
  return {
    behavior: deny ? 'deny' : 'allow',
    code: `${match[2]}${match[3]}`,
    ...(deny && rest !== undefined && { reason: rest }),
  }
}

/** The answer as it is stored in the conversation: the code itself never is. */
export function maskedCodeReply(reply: CodeReply): string {
  return reply.behavior === 'deny' ? `deny ••••••${reply.reason === undefined ? '' : ` ${reply.reason}`}` : '••••••'
}
