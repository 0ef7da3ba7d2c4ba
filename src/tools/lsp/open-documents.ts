import { createHash } from 'node:crypto'

/** A file the server has open, as it was last sent. */
export interface OpenDocument {
  readonly uri: string
  readonly version: number
  readonly text: string
  readonly hash: string
  readonly mtimeMs: number
  readonly size: number
  /** The {@link DocumentSync.sequence} value when its content was last sent. */
  readonly sentAt: number
}

/** The file as it is on disk now. */
export interface FileOnDisk {
  readonly mtimeMs: number
  readonly size: number
  /** Reads its text; called only when the stamp differs from what was sent. */
  read(): Promise<string>
}

/** Files kept open at most; the one unused longest is closed first. */
const maxOpenDocuments = 64

/**
 * Keeps the server's open documents in step with the files: a file is opened (`didOpen`) before
 * the first question about it and sent again (`didChange`, whole text) when its modification time
 * or size changed and its content hash did too. Calls for one file are serialized; `notify` sends a
 * notification to the server.
 */
export class DocumentSync {
  readonly #documents = new Map<string, OpenDocument>()
  readonly #pending = new Map<string, Promise<unknown>>()
  readonly #notify: (method: string, params: unknown) => Promise<void>
  readonly #next: () => number

  /** `next` hands out increasing sequence numbers shared with the diagnostics the server publishes. */
  constructor(notify: (method: string, params: unknown) => Promise<void>, next: () => number) {
    this.#notify = notify
    this.#next = next
  }

  /** The document as last sent, if it is open. */
  get(uri: string): OpenDocument | undefined {
    return this.#documents.get(uri)
  }

  /** Whether any document is open (some servers answer workspace questions only then). */
  get size(): number {
    return this.#documents.size
  }

  /** Opens `uri` or sends its new content when the file changed; resolves to the document as the server has it. */
  sync(uri: string, languageId: string, file: FileOnDisk): Promise<OpenDocument> {
    const previous = this.#pending.get(uri) ?? Promise.resolve()
    const next = previous.catch(() => undefined).then(() => this.#syncNow(uri, languageId, file))
    this.#pending.set(uri, next)
    void next
      .catch(() => undefined)
      .finally(() => {
        if (this.#pending.get(uri) === next) this.#pending.delete(uri)
      })
    return next
  }

  async #syncNow(uri: string, languageId: string, file: FileOnDisk): Promise<OpenDocument> {
    const known = this.#documents.get(uri)
    if (known !== undefined && known.mtimeMs === file.mtimeMs && known.size === file.size) {
      this.#touch(known)
      return known
    }
    const text = await file.read()
    const hash = createHash('sha256').update(text).digest('hex')
    if (known !== undefined && known.hash === hash) {
      const same = { ...known, mtimeMs: file.mtimeMs, size: file.size }
      this.#touch(same)
      return same
    }
    const stamp = { text, hash, mtimeMs: file.mtimeMs, size: file.size }
    if (known === undefined) {
      await this.#closeOldest()
      const opened: OpenDocument = { uri, version: 1, ...stamp, sentAt: this.#next() }
      this.#touch(opened)
      await this.#notify('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } })
      return opened
    }
    const changed: OpenDocument = { uri, version: known.version + 1, ...stamp, sentAt: this.#next() }
    this.#touch(changed)
    await this.#notify('textDocument/didChange', {
      textDocument: { uri, version: changed.version },
      contentChanges: [{ text }],
    })
    return changed
  }

  /** Marks a document most recently used (a Map keeps insertion order). */
  #touch(document: OpenDocument): void {
    this.#documents.delete(document.uri)
    this.#documents.set(document.uri, document)
  }

  async #closeOldest(): Promise<void> {
    while (this.#documents.size >= maxOpenDocuments) {
      const oldest = this.#documents.keys().next().value
      if (oldest === undefined || this.#pending.has(oldest)) return
      this.#documents.delete(oldest)
      await this.#notify('textDocument/didClose', { textDocument: { uri: oldest } })
    }
  }
}
