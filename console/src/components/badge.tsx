import type { ReactNode } from 'react'

/** The colours a badge may take; each pairs with a word, never colour alone. */
export type BadgeTone = 'neutral' | 'good' | 'warn' | 'bad' | 'info'

/**
 * A small label: a state (allow, ask, deny), a source, a count.
 * @example
 * <Badge tone="warn">ask</Badge>
 */
export function Badge({
  tone = 'neutral',
  title,
  children,
}: {
  readonly tone?: BadgeTone
  readonly title?: string
  readonly children: ReactNode
}): ReactNode {
  return (
    <span className={`badge badge-${tone}`} {...(title !== undefined && { title })}>
      {children}
    </span>
  )
}

/** The tone for a permission state. */
export function permissionTone(permission: string): BadgeTone {
  return permission === 'allow' ? 'good' : permission === 'ask' ? 'warn' : permission === 'deny' ? 'bad' : 'neutral'
}
