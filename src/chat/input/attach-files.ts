/** A file's text, or why it could not be read. */
export type ReadOutcome = { readonly text: string } | { readonly error: string }

/** The prompt to send and what happened to each `@path`. */
export interface Attachments {
  /** The typed text, unchanged, followed by one `<file>` block per attached file. */
  readonly prompt: string
  /** Paths attached, in the order they were first named. */
  readonly attached: readonly string[]
  /** One message per path that could not be read: `path: error`. */
  readonly errors: readonly string[]
}

/** One `@path` reference in typed text. */
export interface FileReference {
  readonly path: string
  /** Offset of the `@` in the text. */
  readonly start: number
  /** Offset just past the reference (past the closing quote of a quoted one). */
  readonly end: number
}

// Sentence punctuation right after a path ("see @notes.md, then") is not part of it.
const trailingPunctuation = /[.,;:!?)\]}'"]+$/

/**
 * The `@path` references in `text`: an `@` at the start or after whitespace, followed by the path
 * up to the next whitespace (sentence punctuation at its end left out), or by a quoted path
 * `@"a b.txt"`. An `@` inside a word (`a@b.c`) or escaped (`\@x`) is no reference.
 *
 * @example
 * fileReferences('see @src/a.ts and @"my notes.md".') // paths 'src/a.ts' and 'my notes.md'
 */
export function fileReferences(text: string): FileReference[] {
  const references: FileReference[] = []
  const pattern = /(?<=^|\s)@(?:"([^"\n]+)"|(\S+))/g
  for (const match of text.matchAll(pattern)) {
    const quoted = match[1]
    const start = match.index
    if (quoted !== undefined) {
      references.push({ path: quoted, start, end: start + match[0].length })
      continue
    }
    const path = (match[2] ?? '').replace(trailingPunctuation, '')
    // An unclosed quote is taken as typed, not as a quoted path.
    if (path === '' || path.startsWith('"')) continue
    references.push({ path, start, end: start + 1 + path.length })
  }
  return references
}

/**
 * Attaches the files named by `@path` in `text`. Each distinct path is read once through `read`
 * (the caller's workspace, so its sandbox rules apply); a file read appends
 * `\n\n<file path="PATH">\nCONTENT\n</file>` to the prompt (one final newline of the content is
 * left out, `"` and `&` in the path are escaped), a failure goes to `errors` and attaches nothing.
 * The typed text stays as written, so the model sees what was referred to.
 *
 * @example
 * const { prompt, attached, errors } = await attachFiles('fix @src/a.ts', (path) => workspace.readText(path))
 */
export async function attachFiles(text: string, read: (path: string) => Promise<ReadOutcome>): Promise<Attachments> {
  const paths = [...new Set(fileReferences(text).map((reference) => reference.path))]
  const outcomes = await Promise.all(
    paths.map(async (path): Promise<ReadOutcome> => {
      try {
        return await read(path)
      } catch (error) {
        return { error: error instanceof Error ? error.message : String(error) }
      }
    }),
  )
  const attached: string[] = []
  const errors: string[] = []
  let prompt = text
  outcomes.forEach((outcome, index) => {
    const path = paths[index] ?? ''
    if ('error' in outcome) {
      errors.push(`${path}: ${outcome.error}`)
      return
    }
    attached.push(path)
    const content = outcome.text.endsWith('\n') ? outcome.text.slice(0, -1) : outcome.text
    prompt += `\n\n<file path="${escapeAttribute(path)}">\n${content}\n</file>`
  })
  return { prompt, attached, errors }
}

/**
 * Completions for a partly typed `@path` (without the `@`): the entries of its folder starting
 * with its last part. `list(dir)` gives a folder's entry names (`''` is the workspace root),
 * folders ending in `/`; a folder that cannot be listed gives no completions.
 *
 * @example
 * await attachmentCandidates('src/ch', list) // ['src/chat/', 'src/channels/']
 */
export async function attachmentCandidates(
  prefix: string,
  list: (dir: string) => Promise<readonly string[]>,
): Promise<string[]> {
  const slash = prefix.lastIndexOf('/')
  const dir = prefix.slice(0, slash + 1)
  const start = prefix.slice(slash + 1)
  const names = await list(dir).catch((): readonly string[] => [])
  // Hidden entries only when asked for, as shells do.
  const shown = names.filter((name) => name.startsWith(start) && (start.startsWith('.') || !name.startsWith('.')))
  return shown.map((name) => dir + name).sort()
}

function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;')
}
