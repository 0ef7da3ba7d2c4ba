/** What a tool read of a file in this invocation: its content hash and whether it read all of it. */
export interface ReadRecord {
  /** Hex SHA-256 of the file's bytes when read. */
  readonly sha256: string
  /** True when the whole file was read (not a window of it). */
  readonly full: boolean
  readonly readAtMs: number
}

/** Options of {@link ReadState.from}. */
export interface ReadStateOptions {
  /**
   * Whether writes and edits need an earlier read (default true). False for a person calling tools
   * by hand, who sees the file as it is now rather than as a model last read it.
   */
  readonly requireReads?: boolean
}

/**
 * Read-state of one invocation: which files were read and as what. Writes and edits require a
 * prior read and compare hashes, so a model never overwrites what it has not seen or what changed
 * since it looked.
 */
export class ReadState {
  readonly #records = new Map<string, ReadRecord>()
  /** Whether writes and edits need an earlier read of the file in this invocation. */
  readonly requireReads: boolean

  constructor(options: ReadStateOptions = {}) {
    this.requireReads = options.requireReads ?? true
  }

  /** Records a read of a normalized workspace path. A full read is never downgraded by a later partial one of the same content. */
  record(path: string, sha256: string, full: boolean): void {
    const previous = this.#records.get(path)
    const keepFull = previous !== undefined && previous.sha256 === sha256 && previous.full
    this.#records.set(path, { sha256, full: full || keepFull, readAtMs: Date.now() })
  }

  get(path: string): ReadRecord | undefined {
    return this.#records.get(path)
  }

  /** Forgets a path (after it was deleted or moved away). */
  forget(path: string): void {
    this.#records.delete(path)
  }

  /** Plain data for checkpoints. */
  toJSON(): Record<string, ReadRecord> {
    return Object.fromEntries(this.#records)
  }

  /** Restores from {@link toJSON}. */
  static from(data: Record<string, ReadRecord> | undefined, options: ReadStateOptions = {}): ReadState {
    const state = new ReadState(options)
    for (const [path, record] of Object.entries(data ?? {})) state.#records.set(path, record)
    return state
  }
}
