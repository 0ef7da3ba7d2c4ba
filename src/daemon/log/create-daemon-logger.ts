import { join } from 'node:path'
import type { Writable } from 'node:stream'
import { pino, type Logger as PinoLogger } from 'pino'
import { consoleLine } from './console-line.js'
import { RotatingFile } from './rotating-file.js'

/** The levels the daemon logs at, least severe first. */
export const logLevels = ['debug', 'info', 'warn', 'error'] as const
/** A log level. */
export type LogLevel = (typeof logLevels)[number]

/** Fields added to a record; `err` holding an Error is serialized with its type, message and stack. */
export type LogFields = Readonly<Record<string, unknown>>

/**
 * What the daemon's parts log through. A child carries its bindings (above all `correlationId`,
 * the id that ties a message's records in the console, the log file and the audit together) into
 * every record it writes.
 */
export interface Logger {
  debug(message: string, fields?: LogFields): void
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
  child(bindings: LogFields & { readonly correlationId?: string }): Logger
}

/** The root logger of a daemon, which owns its outputs. */
export interface DaemonLogger extends Logger {
  /** Waits until every record reached its outputs, then closes the log file; later records are dropped. */
  close(): Promise<void>
}

/** How the daemon logs. */
export interface DaemonLoggerOptions {
  /** The daemon's data directory: the files go to `<dataDir>/logs/`. */
  readonly dataDir: string
  readonly level: LogLevel
  /** Also write each record as one readable line to `consoleStream`. */
  readonly console: boolean
  /** Where console lines go; stderr by default. */
  readonly consoleStream?: Writable
  /** Size at which the file rotates (10 MB by default). */
  readonly maxFileBytes?: number
  /** Files kept, the current one included (5 by default). */
  readonly maxFiles?: number
}

/** The defaults of the log file: 10 MB × 5 files. */
export const logFileDefaults = { maxFileBytes: 10 * 1024 * 1024, maxFiles: 5 } as const

/**
 * The daemon's logger (DESIGN §14: logs three ways — console, rotating JSON file, audit in the
 * store — under one correlation id). Records are pino JSON lines in `<dataDir>/logs/daemon.log`,
 * rotated by size, and, with `console`, readable lines on stderr. The audit is the store's, written
 * by the gate and pipeline, not by this logger.
 */
export function createDaemonLogger(options: DaemonLoggerOptions): DaemonLogger {
  const file = new RotatingFile({
    directory: join(options.dataDir, 'logs'),
    name: 'daemon',
    maxBytes: options.maxFileBytes ?? logFileDefaults.maxFileBytes,
    maxFiles: options.maxFiles ?? logFileDefaults.maxFiles,
  })
  const consoleSink = options.console ? new ConsoleSink(options.consoleStream ?? process.stderr) : undefined
  const streams = [
    { level: options.level, stream: file },
    ...(consoleSink === undefined ? [] : [{ level: options.level, stream: consoleSink }]),
  ]
  const root = pino({ level: options.level, timestamp: pino.stdTimeFunctions.isoTime }, pino.multistream(streams))
  let closed = false
  const logger = wrap(root, () => closed)
  return {
    ...logger,
    async close() {
      if (closed) return
      closed = true
      file.close()
      await consoleSink?.drained()
    },
  }
}

function wrap(inner: PinoLogger, isClosed: () => boolean): Logger {
  const at =
    (level: LogLevel) =>
    (message: string, fields?: LogFields): void => {
      if (!isClosed()) inner[level](fields ?? {}, message)
    }
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: (bindings) => wrap(inner.child(bindings), isClosed),
  }
}

/** Turns pino's JSON lines into readable console lines, and knows when they have all been written. */
class ConsoleSink {
  readonly #out: Writable
  #pending = 0
  #waiters: (() => void)[] = []

  constructor(out: Writable) {
    this.#out = out
  }

  write(json: string): boolean {
    this.#pending += 1
    return this.#out.write(consoleLine(json), () => {
      this.#pending -= 1
      if (this.#pending === 0) for (const resolve of this.#waiters.splice(0)) resolve()
    })
  }

  /** Resolves once every line given so far has been handed to the output. */
  drained(): Promise<void> {
    if (this.#pending === 0) return Promise.resolve()
    return new Promise((resolve) => this.#waiters.push(resolve))
  }
}
