/** True when `text` looks like a unified diff or an apply-patch text. */
export function looksLikeDiff(text: string): boolean {
  return /^(--- |\+\+\+ |@@ |\*\*\* (Begin Patch|Update File|Add File))/m.test(text) && /^[+-][^+-]/m.test(text)
}

/** The kind of one diff line, for its colour. */
export function diffLineKind(line: string): 'add' | 'del' | 'hunk' | 'file' | 'same' {
  if (line.startsWith('+++ ') || line.startsWith('--- ') || line.startsWith('*** ')) return 'file'
  if (line.startsWith('@@')) return 'hunk'
  if (line.startsWith('+')) return 'add'
  if (line.startsWith('-')) return 'del'
  return 'same'
}

/**
 * A diff with added lines green and removed ones red (and marked + / − for those who do not see
 * colour).
 *
 * @example
 * <DiffView text={'@@ -1 +1 @@\n-old\n+new'} />
 */
export function DiffView({ text }: { readonly text: string }) {
  return (
    <pre className="tl-diff">
      {text.split('\n').map((line, index) => (
        <span key={index} className={`tl-diff-${diffLineKind(line)}`}>
          {line}
          {'\n'}
        </span>
      ))}
    </pre>
  )
}

/** Text shown as a diff when it is one, else as it is. */
export function TextOrDiff({ text }: { readonly text: string }) {
  return looksLikeDiff(text) ? <DiffView text={text} /> : <pre className="tl-pre">{text}</pre>
}
