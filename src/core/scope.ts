/**
 * Where a run happens: `chat` (an agent answering in a conversation) or `session` (a task or
 * coding session). Tools state the scopes they serve.
 */
export const scopes = ['chat', 'session'] as const

/** A run's scope. */
export type Scope = (typeof scopes)[number]

/** True when `value` names a scope. */
export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (scopes as readonly string[]).includes(value)
}
