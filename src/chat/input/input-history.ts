import { randomUUID } from 'node:crypto'
import { mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Entries kept by default. */
export const defaultHistoryLimit = 1000

/**
 * What was typed at the chat's prompt, kept across sessions in a JSON-lines file (one JSON string
 * per line, mode 0600), and a cursor walking it with Up and Down.
 *
 * Each new entry is appended with a single write, so processes sharing the file interleave whole
 * lines. When a load finds more than `limit` entries, the file is rewritten with the newest ones
 * through a temporary file and a rename, so a reader never sees half of it.
 *
 * @example
 * const history = await InputHistory.load(join(dataDir, 'chat-history.jsonl'))
 * await history.add('explain this repo')
 * history.previous('draft') // 'explain this repo'
 * history.next() // 'draft'
 */
export class InputHistory {
  readonly #file: string
  readonly #limit: number
  #entries: string[]
  /** Index of the entry shown; `entries.length` when none is (the draft). */
  #position: number
  #draft = ''

  private constructor(file: string, limit: number, entries: string[]) {
    this.#file = file
    this.#limit = limit
    this.#entries = entries
    this.#position = entries.length
  }

  /**
   * Reads the history in `file`: a missing file is an empty history, a line that is not a JSON
   * string is skipped, and only the newest `limit` entries are kept.
   *
   * @example
   * const history = await InputHistory.load('/data/chat-history.jsonl', 500)
   */
  static async load(file: string, limit = defaultHistoryLimit): Promise<InputHistory> {
    const text = await readFile(file, 'utf8').catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ''
      throw error
    })
    const entries = text.split('\n').flatMap((line) => parseEntry(line))
    if (entries.length <= limit) return new InputHistory(file, limit, entries)
    const kept = entries.slice(-limit)
    // Trimming only saves space: a file that cannot be rewritten still loads.
    await rewrite(file, kept).catch(() => undefined)
    return new InputHistory(file, limit, kept)
  }

  /** Oldest first. */
  get entries(): readonly string[] {
    return this.#entries
  }

  /**
   * Records `entry` unless it is blank or repeats the newest entry, and ends any walk.
   *
   * @example
   * await history.add('run the tests')
   */
  async add(entry: string): Promise<void> {
    this.reset()
    if (entry.trim() === '' || entry === this.#entries.at(-1)) return
    this.#entries = [...this.#entries, entry].slice(-this.#limit)
    this.#position = this.#entries.length
    await mkdir(dirname(this.#file), { recursive: true, mode: 0o700 })
    const handle = await open(this.#file, 'a', 0o600)
    try {
      await handle.write(`${JSON.stringify(entry)}\n`)
    } finally {
      await handle.close()
    }
  }

  /**
   * The entry before the one shown (Up), or `undefined` at the oldest. The first step remembers
   * `current`, the text being typed, so that {@link next} can give it back.
   *
   * @example
   * history.previous('half typed') // the newest entry
   */
  previous(current: string): string | undefined {
    if (this.#position === 0) return undefined
    if (this.#position === this.#entries.length) this.#draft = current
    this.#position--
    return this.#entries[this.#position]
  }

  /**
   * The entry after the one shown (Down); past the newest, the remembered draft; `undefined` when
   * no walk is under way.
   *
   * @example
   * history.next() // the draft given to the first previous()
   */
  next(): string | undefined {
    if (this.#position >= this.#entries.length) return undefined
    this.#position++
    return this.#position === this.#entries.length ? this.#draft : this.#entries[this.#position]
  }

  /** Ends a walk: the next {@link previous} starts again from the newest entry. */
  reset(): void {
    this.#position = this.#entries.length
    this.#draft = ''
  }
}

function parseEntry(line: string): string[] {
  if (line.trim() === '') return []
  try {
    const value: unknown = JSON.parse(line)
    return typeof value === 'string' && value.trim() !== '' ? [value] : []
  } catch {
    return []
  }
}

async function rewrite(file: string, entries: readonly string[]): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`
  try {
    await writeFile(temporary, entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''), { mode: 0o600 })
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
