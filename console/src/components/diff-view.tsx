import type { ReactNode } from 'react'
import { diffLineKind } from './diff-lines.js'

/**
 * A diff with its added and removed lines coloured; the `+` and `-` stay, so it reads without colour.
 * @example
 * <DiffView text={patch} label="Changes" />
 */
export function DiffView({ text, label }: { readonly text: string; readonly label?: string }): ReactNode {
  return (
    <pre className="diff-view" tabIndex={0} {...(label !== undefined && { role: 'region', 'aria-label': label })}>
      {text.split('\n').map((line, i) => (
        <span key={i} className={`diff-line diff-${diffLineKind(line)}`}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  )
}
