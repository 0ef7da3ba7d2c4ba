import { FILE_HEADERS_ONLY, formatPatch, structuredPatch, type StructuredPatchHunk } from 'diff'

/** Reads a workspace file's current text; `undefined` when it does not exist or cannot be read. */
export type ReadCurrent = (path: string) => Promise<string | undefined>

interface Edit {
  readonly oldString: string
  readonly newString: string
  readonly replaceAll: boolean
}

const context = { context: 3 }

/**
 * The unified patch a file-changing call would make, for approval prompts and tool lines:
 * `workspace.edit` and `workspace.multi_edit` (their edits applied to the current text, or, when
 * the file or a text to replace is not found, each replaced text against its replacement),
 * `workspace.write_file` (the current text, empty for a new file, against the new one) and
 * `workspace.apply_patch` (the patch as given). `undefined` when the tool changes no files, the
 * input is malformed, or the call would change nothing. Never throws.
 * @example
 * await diffOfCall('builtin:workspace.write_file', { file_path: 'a.txt', content: 'hi\n' }, async () => undefined)
 * // '--- a.txt\n+++ a.txt\n@@ -0,0 +1,1 @@\n+hi\n'
 */
export async function diffOfCall(
  toolId: string,
  input: Record<string, unknown>,
  readCurrent: ReadCurrent,
): Promise<string | undefined> {
  try {
    switch (toolId.replace(/^builtin:/, '')) {
      case 'workspace.edit': {
        const edit = editOf(input)
        return edit === undefined ? undefined : await editsDiff(input, [edit], readCurrent)
      }
      case 'workspace.multi_edit': {
        const edits = field(input, 'edits', 'changes')
        if (!Array.isArray(edits) || edits.length === 0) return undefined
        const parsed = edits.map((edit: unknown) => (isRecord(edit) ? editOf(edit) : undefined))
        if (parsed.some((edit) => edit === undefined)) return undefined
        return await editsDiff(input, parsed as Edit[], readCurrent)
      }
      case 'workspace.write_file':
        return await writeDiff(input, readCurrent)
      case 'workspace.apply_patch': {
        const patch = field(input, 'patch', 'input', 'diff')
        return typeof patch === 'string' && patch.trim() !== '' ? patch : undefined
      }
      default:
        return undefined
    }
  } catch {
    return undefined
  }
}

/**
 * The diff a finished call reports it made: `structured.changes.patch` (what `system.shell`
 * found changed in the workspace) when it is a non-empty string.
 * @example diffOfResult({ structured: { changes: { patch: '--- a\n+++ a\n' } } }) // '--- a\n+++ a\n'
 */
export function diffOfResult(result: { readonly structured?: Record<string, unknown> }): string | undefined {
  const changes = result.structured?.['changes']
  if (!isRecord(changes)) return undefined
  const patch = changes['patch']
  return typeof patch === 'string' && patch !== '' ? patch : undefined
}

async function editsDiff(
  input: Record<string, unknown>,
  edits: readonly Edit[],
  readCurrent: ReadCurrent,
): Promise<string | undefined> {
  const path = pathOf(input)
  if (path === undefined) return undefined
  const current = await read(readCurrent, path)
  if (current !== undefined) {
    let text = current
    for (const edit of edits) {
      const next = applyEdit(text, edit)
      if (next === undefined) return snippetsDiff(path, edits)
      text = next
    }
    return patchOf(path, [structuredPatch(path, path, current, text, '', '', context).hunks])
  }
  return snippetsDiff(path, edits)
}

/** Each replaced text against its replacement, when the file's text cannot show where. */
function snippetsDiff(path: string, edits: readonly Edit[]): string | undefined {
  return patchOf(
    path,
    // Snippets are parts of lines: ended alike, so the diff shows no "No newline" markers for them.
    edits.map(
      (edit) =>
        structuredPatch(path, path, lineEnded(edit.oldString), lineEnded(edit.newString), '', '', context).hunks,
    ),
  )
}

async function writeDiff(input: Record<string, unknown>, readCurrent: ReadCurrent): Promise<string | undefined> {
  const path = pathOf(input)
  const content = field(input, 'content', 'contents', 'text')
  const mode = field(input, 'mode')
  if (path === undefined || typeof content !== 'string') return undefined
  if (mode !== undefined && mode !== 'replace' && mode !== 'append') return undefined
  const current = (await read(readCurrent, path)) ?? ''
  const next = mode === 'append' ? current + content : content
  return patchOf(path, [structuredPatch(path, path, current, next, '', '', context).hunks])
}

function lineEnded(text: string): string {
  return text === '' || text.endsWith('\n') ? text : `${text}\n`
}

function applyEdit(text: string, edit: Edit): string | undefined {
  if (edit.oldString === '') return undefined
  const at = text.indexOf(edit.oldString)
  if (at === -1) return undefined
  if (edit.replaceAll) return text.split(edit.oldString).join(edit.newString)
  return text.slice(0, at) + edit.newString + text.slice(at + edit.oldString.length)
}

function patchOf(path: string, hunks: readonly (readonly StructuredPatchHunk[])[]): string | undefined {
  const all = hunks.flat()
  if (all.length === 0) return undefined
  return formatPatch(
    { oldFileName: path, newFileName: path, oldHeader: '', newHeader: '', hunks: all },
    FILE_HEADERS_ONLY,
  )
}

async function read(readCurrent: ReadCurrent, path: string): Promise<string | undefined> {
  try {
    const text = await readCurrent(path)
    // The edit tools match `\n` in a CRLF file; the diff is shown with the same line breaks.
    return typeof text === 'string' ? text.replace(/\r\n/g, '\n') : undefined
  } catch {
    return undefined
  }
}

function editOf(input: Record<string, unknown>): Edit | undefined {
  const oldString = field(input, 'old_string', 'old_str', 'oldString')
  const newString = field(input, 'new_string', 'new_str', 'newString')
  const replaceAll = field(input, 'replace_all', 'replaceAll') ?? false
  if (typeof oldString !== 'string' || typeof newString !== 'string' || typeof replaceAll !== 'boolean')
    return undefined
  return { oldString, newString, replaceAll }
}

function pathOf(input: Record<string, unknown>): string | undefined {
  const path = field(input, 'file_path', 'path', 'filePath')
  return typeof path === 'string' && path !== '' ? path : undefined
}

/** The first of `names` present in the input: the tools accept a few renamed parameters. */
function field(input: Record<string, unknown>, ...names: string[]): unknown {
  for (const name of names) if (Object.hasOwn(input, name)) return input[name]
  return undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
