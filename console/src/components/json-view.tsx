import type { ReactNode } from 'react'

/** The kinds of token {@link jsonTokens} tells apart, for colour. */
export type JsonTokenKind = 'key' | 'string' | 'number' | 'literal' | 'plain'

const tokenPattern = /("(?:\\.|[^"\\])*")(\s*:)?|\b(true|false|null)\b|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g

/**
 * Splits JSON text into coloured tokens; joined back they are the text unchanged.
 * @example
 * jsonTokens('{"a": 1}') // [{ kind: 'plain', text: '{' }, { kind: 'key', text: '"a"' }, { kind: 'plain', text: ': ' }, { kind: 'number', text: '1' }, { kind: 'plain', text: '}' }]
 */
export function jsonTokens(text: string): { kind: JsonTokenKind; text: string }[] {
  const tokens: { kind: JsonTokenKind; text: string }[] = []
  let last = 0
  const plain = (end: number) => {
    if (end > last) tokens.push({ kind: 'plain', text: text.slice(last, end) })
  }
  for (const match of text.matchAll(tokenPattern)) {
    const index = match.index
    plain(index)
    const [whole, string, colon, literal] = match
    if (string !== undefined) {
      tokens.push({ kind: colon !== undefined ? 'key' : 'string', text: string })
      if (colon !== undefined) tokens.push({ kind: 'plain', text: colon })
    } else tokens.push({ kind: literal !== undefined ? 'literal' : 'number', text: whole })
    last = index + whole.length
  }
  plain(text.length)
  return tokens
}

/**
 * A JSON value, indented and coloured (keys, strings, numbers, literals), in a scrollable block.
 * @example
 * <JsonView value={{ ok: true }} label="Structured result" />
 */
export function JsonView({ value, label }: { readonly value: unknown; readonly label?: string }): ReactNode {
  const text = JSON.stringify(value, null, 2) ?? String(value)
  return (
    <pre className="json-view" tabIndex={0} {...(label !== undefined && { role: 'region', 'aria-label': label })}>
      {jsonTokens(text).map((token, i) =>
        token.kind === 'plain' ? (
          token.text
        ) : (
          <span key={i} className={`json-${token.kind}`}>
            {token.text}
          </span>
        ),
      )}
    </pre>
  )
}
