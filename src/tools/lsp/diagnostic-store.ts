/** Diagnostics of one file as the server last published them. */
interface Published {
  readonly items: readonly unknown[]
  /** The sequence number of the publication, comparable with a document's `sentAt`. */
  readonly sequence: number
  /** When it arrived (monotonic ms). */
  readonly at: number
}

/** How long the server must stay quiet about a file before its diagnostics count as complete. */
export const diagnosticsQuietMs = 750
const pollMs = 50

/**
 * Diagnostics servers push (`textDocument/publishDiagnostics`). A server may publish a file's
 * diagnostics in steps (syntax first, then types), so they count as complete once one arrived after
 * the file's content was last sent and the server then stayed quiet about it for
 * {@link diagnosticsQuietMs}.
 */
export class DiagnosticStore {
  readonly #published = new Map<string, Published>()
  readonly #next: () => number

  constructor(next: () => number) {
    this.#next = next
  }

  /** Records a publication. */
  publish(uri: string, items: readonly unknown[]): void {
    this.#published.set(uri, { items, sequence: this.#next(), at: performance.now() })
  }

  /** The last published diagnostics of `uri`, if any. */
  latest(uri: string): readonly unknown[] | undefined {
    return this.#published.get(uri)?.items
  }

  /**
   * Waits until the diagnostics of `uri` published after `sentAt` are complete and returns them;
   * undefined when `until` says to stop waiting first (a deadline, the server's exit).
   */
  async settled(uri: string, sentAt: number, until: () => boolean): Promise<readonly unknown[] | undefined> {
    for (;;) {
      const last = this.#published.get(uri)
      if (last !== undefined && last.sequence > sentAt && performance.now() - last.at >= diagnosticsQuietMs)
        return last.items
      if (until()) return undefined
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
  }

  /** Whether diagnostics of `uri` were published after `sentAt`. */
  publishedSince(uri: string, sentAt: number): boolean {
    const last = this.#published.get(uri)
    return last !== undefined && last.sequence > sentAt
  }
}

/** Checks `done` every 50 ms until it holds (true) or `stop` does (false). */
export async function pollUntil(done: () => boolean, stop: () => boolean): Promise<boolean> {
  for (;;) {
    if (done()) return true
    if (stop()) return false
    await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}
