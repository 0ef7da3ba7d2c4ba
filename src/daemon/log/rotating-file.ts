import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { join } from 'node:path'

/** Where and how large the log files are. */
export interface RotatingFileOptions {
  readonly directory: string
  /** The current file is `<name>.log`; older ones `<name>.1.log` (newest) to `<name>.<maxFiles - 1>.log`. */
  readonly name: string
  /** A file is rotated before a record would take it past this size; a larger record gets a file to itself. */
  readonly maxBytes: number
  /** Files kept, the current one included; the oldest is deleted beyond. */
  readonly maxFiles: number
}

/**
 * An append-only log file that rotates by size: the destination pino writes its JSON lines to.
 * Writes are synchronous, as `pino.destination`'s are by default, so a record is on disk when the
 * call returns and a crash loses nothing already logged; rotation happens between two records,
 * never inside one, and at the exact limit.
 */
export class RotatingFile {
  readonly #options: RotatingFileOptions
  #fd: number | undefined
  #size: number

  constructor(options: RotatingFileOptions) {
    if (!Number.isInteger(options.maxFiles) || options.maxFiles < 1) throw new RangeError('maxFiles must be at least 1')
    if (!(options.maxBytes > 0)) throw new RangeError('maxBytes must be positive')
    this.#options = options
    mkdirSync(options.directory, { recursive: true })
    this.#fd = openSync(this.path(0), 'a')
    this.#size = statSync(this.path(0)).size
  }

  /** The path of the current file (`age` 0) or of the `age`-th newest rotated one. */
  path(age: number): string {
    const { directory, name } = this.#options
    return join(directory, age === 0 ? `${name}.log` : `${name}.${age}.log`)
  }

  /** Appends one record (a whole line); ignored once closed. */
  write(line: string): boolean {
    if (this.#fd === undefined) return true
    const bytes = Buffer.from(line, 'utf8')
    if (this.#size > 0 && this.#size + bytes.length > this.#options.maxBytes) this.#rotate()
    let written = 0
    while (written < bytes.length) written += writeSync(this.#fd, bytes, written)
    this.#size += bytes.length
    return true
  }

  /** Closes the current file. Every record written is already on disk. */
  close(): void {
    if (this.#fd === undefined) return
    closeSync(this.#fd)
    this.#fd = undefined
  }

  #rotate(): void {
    this.close()
    const { maxFiles } = this.#options
    // Shift every file one older; the oldest beyond the limit is dropped.
    rmSync(this.path(maxFiles - 1), { force: true })
    for (let age = maxFiles - 2; age >= 0; age--) {
      if (existsSync(this.path(age))) renameSync(this.path(age), this.path(age + 1))
    }
    this.#fd = openSync(this.path(0), 'a')
    this.#size = 0
  }
}
