/** Collects a stream's bytes up to a limit, dropping (but noting) the rest. */
export class BoundedOutput {
  private readonly chunks: Buffer[] = []
  private size = 0
  /** True once bytes beyond the limit were dropped. */
  truncated = false

  readonly limit: number

  constructor(limit: number) {
    this.limit = limit
  }

  push(chunk: Buffer): void {
    const room = this.limit - this.size
    if (chunk.length > room) this.truncated = true
    if (room <= 0) return
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk
    this.chunks.push(kept)
    this.size += kept.length
  }

  /** The kept bytes as UTF-8; a character cut at the limit becomes U+FFFD. */
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8')
  }
}
