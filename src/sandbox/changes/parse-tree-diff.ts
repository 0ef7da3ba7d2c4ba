/** What happened to one workspace file between two snapshots. */
export type ChangeStatus = 'added' | 'modified' | 'deleted' | 'renamed'

/** One changed file, with its line counts. */
export interface ChangedFile {
  /** The path relative to the workspace root, `/`-separated; the new path of a rename. */
  readonly path: string
  readonly status: ChangeStatus
  /** The old path of a rename. */
  readonly from?: string
  /** Lines added; 0 for a binary file. */
  readonly additions: number
  /** Lines removed; 0 for a binary file. */
  readonly deletions: number
  /** True when git found the content binary, so no lines are counted. */
  readonly binary: boolean
}

/**
 * Reads the output of `git diff-tree -r -z --raw --numstat`: first one raw record per file
 * (`:mode mode id id STATUS\0path\0`, a rename with two paths), then one numstat record per file
 * in the same order (`added\tremoved\tpath\0`, a rename as `added\tremoved\t\0from\0to\0`, `-` for
 * binary counts).
 * @throws Error when the output has another shape, so a format change is never read as no change
 * @example parseTreeDiff(':100644 100644 a b M\0x.ts\0' + '3\t1\tx.ts\0') // [{ path: 'x.ts', status: 'modified', additions: 3, deletions: 1, binary: false }]
 */
export function parseTreeDiff(output: string): ChangedFile[] {
  const fields = output.split('\0')
  let at = 0
  const next = (): string => {
    const field = fields[at++]
    if (field === undefined) throw new Error('git diff-tree output ends early')
    return field
  }
  const raw: { status: ChangeStatus; path: string; from?: string }[] = []
  while (at < fields.length && fields[at]?.startsWith(':') === true) {
    const letter = next().split(' ')[4]?.charAt(0)
    const status = statusOf(letter)
    if (status === 'renamed' || letter === 'C') {
      const from = next()
      const path = next()
      raw.push(status === 'renamed' ? { status, path, from } : { status, path })
    } else raw.push({ status, path: next() })
  }
  const files = raw.map((entry): ChangedFile => {
    // The path itself may hold tabs: only the first two separate fields.
    const record = next()
    const first = record.indexOf('\t')
    const second = first < 0 ? -1 : record.indexOf('\t', first + 1)
    const [added, removed, single] =
      second < 0 ? [] : [record.slice(0, first), record.slice(first + 1, second), record.slice(second + 1)]
    // A rename's counts come with an empty path, then its old and new paths.
    let path = single
    if (single === '') {
      next()
      path = next()
    }
    if (path !== entry.path || added === undefined || removed === undefined) {
      throw new Error(`git diff-tree numstat does not match its raw record for ${entry.path}`)
    }
    const binary = added === '-' && removed === '-'
    return {
      ...entry,
      additions: binary ? 0 : Number(added),
      deletions: binary ? 0 : Number(removed),
      binary,
    }
  })
  if (fields.slice(at).some((field) => field !== '')) throw new Error('git diff-tree output has unread records')
  return files
}

function statusOf(letter: string | undefined): ChangeStatus {
  switch (letter) {
    case 'A':
    case 'C':
      return 'added'
    case 'D':
      return 'deleted'
    case 'R':
      return 'renamed'
    case 'M':
    case 'T':
      return 'modified'
    default:
      throw new Error(`git diff-tree reported an unknown status ${letter ?? '(none)'}`)
  }
}
