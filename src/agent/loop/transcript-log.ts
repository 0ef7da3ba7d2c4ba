import type { Store } from '../../store/store.js'
import type { StoredTranscriptEntry, TranscriptEntry } from '../../store/transcript.js'

/**
 * An invocation's transcript as the loop works on it: read from the store once, then every entry
 * is written through to the store and kept in memory, so a round never re-reads (and re-validates)
 * the whole history.
 */
export class TranscriptLog {
  readonly #store: Store
  readonly #invocationId: string
  readonly #entries: StoredTranscriptEntry[]

  constructor(store: Store, invocationId: string) {
    this.#store = store
    this.#invocationId = invocationId
    this.#entries = store.transcript(invocationId)
  }

  /** Every stored entry, oldest first. */
  get entries(): readonly StoredTranscriptEntry[] {
    return this.#entries
  }

  /** Stores an entry (durable when this returns) and keeps it. */
  append(entry: TranscriptEntry): StoredTranscriptEntry {
    const stored = this.#store.appendTranscript(this.#invocationId, entry)
    this.#entries.push(stored)
    return stored
  }
}
