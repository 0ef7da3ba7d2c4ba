import { fillText, loadText } from '../text/model-text.js'
import { writeFileAtomic } from './atomic-write.js'
import { hostResultPath, resultFileName } from './result-files.js'
import { previewOf, WRAP_WIDTH, wrapLongLines } from './wrap-lines.js'
import { formatCount } from '../text/quantities.js'

/** Characters of the text shown inline after the note when a result goes to a file. */
export const PREVIEW_CHARS = 3000

/** Default of the profile setting `tools.inlineCharLimit`. */
export const DEFAULT_INLINE_CHAR_LIMIT = 50_000

const texts = {
  note: loadText(import.meta.url, 'texts/externalized-note.txt'),
  readFile: loadText(import.meta.url, 'texts/externalized-read-file.txt'),
  searchFiles: loadText(import.meta.url, 'texts/externalized-search-files.txt'),
  shell: loadText(import.meta.url, 'texts/externalized-shell.txt'),
}

/** A tool result's text that may be too long to give the model inline. */
export interface ExternalizeRequest {
  /** Host directory of the run; files go under `<runDir>/tool-results/<invocationId>/`. */
  readonly runDir: string
  readonly invocationId: string
  /** 1-based model round. */
  readonly round: number
  readonly callId: string
  /** The full readable text of the result. */
  readonly text: string
  /** The raw value (e.g. structured content) for the `.json` beside it; default `{ content: text }`. */
  readonly raw?: unknown
  /** Inline limit in characters (UTF-16 code units), the profile's `tools.inlineCharLimit`. */
  readonly limit: number
  /** Snapshot aliases of the tools the model can use to read the file; absent or undefined when not offered. */
  readonly aliases: {
    readonly readFile?: string | undefined
    readonly searchFiles?: string | undefined
    readonly shell?: string | undefined
  }
}

/** What the model gets in place of the text. */
export interface ExternalizedResult {
  /** The text itself, or the note with a preview. */
  readonly content: string
  /** Workspace paths of the written files the content refers to: the `.txt`, or none. */
  readonly resourceRefs: readonly string[]
  readonly externalized: boolean
}

/**
 * Returns a text of at most `limit` characters unchanged. A longer one is written in full to
 * `tool-results/<invocationId>/round-NNN-call_<hex16>.txt` (long lines broken as
 * {@link wrapLongLines} describes) with the raw value as pretty JSON in the `.json` beside it, both
 * atomically; the model gets a note (size, path, that it sees only a preview, how to read the rest
 * with the tools it has) and the first {@link PREVIEW_CHARS} characters, or `limit` when smaller.
 * @throws the file system's error (storage failures end the run); TypeError when `raw` cannot be
 *   serialized as JSON; RangeError for a bad limit or round
 */
export async function externalizeIfLong(request: ExternalizeRequest): Promise<ExternalizedResult> {
  const { text, limit } = request
  if (!Number.isSafeInteger(limit) || limit < 0)
    throw new RangeError(`limit must be a non-negative integer, got ${limit}`)
  if (text.length <= limit) return { content: text, resourceRefs: [], externalized: false }

  const path = resultFileName(request.invocationId, request.round, request.callId)
  const jsonPath = path.replace(/\.txt$/, '.json')
  const json = JSON.stringify(request.raw === undefined ? { content: text } : request.raw, null, 2) as
    string | undefined
  if (json === undefined) throw new TypeError('the raw result has no JSON form')
  const wrapped = wrapLongLines(text)

  await writeFileAtomic(hostResultPath(request.runDir, jsonPath), json)
  await writeFileAtomic(hostResultPath(request.runDir, path), wrapped.pieces)

  const preview = previewOf(text, Math.min(PREVIEW_CHARS, limit))
  const content = fillText(texts.note, {
    characters: formatCount(text.length),
    lines: formatCount(wrapped.lineCount),
    path,
    wrapWidth: formatCount(WRAP_WIDTH),
    previewCharacters: formatCount(preview.length),
    guidance: guidance(request.aliases, path, jsonPath),
    preview,
    remainingCharacters: formatCount(text.length - preview.length),
  })
  return { content, resourceRefs: [path], externalized: true }
}

/** One sentence per tool the model has for the file, each led by a space; empty when it has none. */
function guidance(aliases: ExternalizeRequest['aliases'], path: string, jsonPath: string): string {
  const sentences: string[] = []
  if (aliases.readFile) sentences.push(fillText(texts.readFile, { readFile: aliases.readFile }))
  if (aliases.searchFiles) sentences.push(fillText(texts.searchFiles, { searchFiles: aliases.searchFiles, path }))
  if (aliases.shell) sentences.push(fillText(texts.shell, { shell: aliases.shell, jsonPath }))
  return sentences.map((sentence) => ` ${sentence}`).join('')
}
