/** The tone a status word is shown in. */
export function toneOf(status: string): 'ok' | 'warn' | 'error' | 'info' | 'muted' {
  if (['completed', 'succeeded', 'answered', 'sent', 'allow', 'done', 'approved', 'valid'].includes(status)) return 'ok'
  if (['paused', 'awaiting_approval', 'pending', 'ask', 'outcome_unknown', 'timed_out'].includes(status)) return 'warn'
  if (['failed', 'denied', 'rejected', 'error', 'deny', 'invalid'].includes(status)) return 'error'
  if (['running', 'active', 'scheduled', 'admitted', 'requested'].includes(status)) return 'info'
  return 'muted'
}

/**
 * A status word in a coloured badge (colour is never the only sign: the word is always written).
 *
 * @example
 * <StatusBadge status="paused" />
 */
export function StatusBadge({ status }: { readonly status: string }) {
  const tone = toneOf(status)
  return (
    <span className={`badge badge-${badgeTones[tone]} pg-badge pg-tone-${tone}`}>{status.replaceAll('_', ' ')}</span>
  )
}

/** The console's badge colours for each tone. */
const badgeTones = { ok: 'good', warn: 'warn', error: 'bad', info: 'info', muted: 'neutral' } as const
