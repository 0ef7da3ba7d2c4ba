/** The stream the indicator draws on: standard error, which says whether it is a terminal. */
export interface ActivityStream {
  readonly isTTY?: boolean
  write(text: string): unknown
}

/** What decides whether to show activity at all. */
export interface ActivityTerminal {
  readonly stdoutIsTTY: boolean | undefined
  readonly stderrIsTTY: boolean | undefined
  /** Machine-readable output was asked for. */
  readonly json: boolean
}

/**
 * Whether to show that something is happening: only to a person at a terminal, so never when
 * either output is piped or redirected (a log, another program) or JSON was asked for.
 */
export function showsActivity(terminal: ActivityTerminal): boolean {
  return terminal.stdoutIsTTY === true && terminal.stderrIsTTY === true && !terminal.json
}

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']
const clearLine = '\r\x1b[K'

/** Options of {@link ActivityIndicator}. */
export interface ActivityOptions {
  /** Milliseconds now; `Date.now` by default. */
  readonly now?: () => number
  /** Redraws every this many milliseconds; 0 draws only when told (tests). Default 100. */
  readonly intervalMs?: number
}

/**
 * One status line on standard error — a spinner, what is going on and for how long — redrawn in
 * place and cleared before anything else is printed.
 */
export class ActivityIndicator {
  readonly #stream: ActivityStream
  readonly #now: () => number
  readonly #intervalMs: number
  #label: string | undefined
  #since = 0
  #frame = 0
  #drawn = false
  #paused = false
  #timer: ReturnType<typeof setInterval> | undefined

  constructor(stream: ActivityStream, options: ActivityOptions = {}) {
    this.#stream = stream
    this.#now = options.now ?? Date.now
    this.#intervalMs = options.intervalMs ?? 100
  }

  /**
   * Shows `label` (timed from `elapsedMs` ago, unless it is already shown), or nothing when
   * `undefined`.
   */
  show(label: string | undefined, elapsedMs = 0): void {
    if (label === this.#label) return
    this.clear()
    this.#label = label
    this.#since = this.#now() - elapsedMs
    if (label === undefined) this.#stopTimer()
    else this.#startTimer()
    this.draw()
  }

  /** Draws the line as it stands now. */
  draw(): void {
    if (this.#label === undefined || this.#paused) return
    const seconds = Math.floor((this.#now() - this.#since) / 1000)
    const frame = frames[this.#frame % frames.length] ?? ''
    this.#frame += 1
    this.#stream.write(`${clearLine}${frame} ${this.#label} ${seconds}s`)
    this.#drawn = true
  }

  /** Removes the line (before other output); the next draw brings it back. */
  clear(): void {
    if (!this.#drawn) return
    this.#stream.write(clearLine)
    this.#drawn = false
  }

  /** Hides the line while something else talks to the person (an approval question). */
  pause(): void {
    this.clear()
    this.#paused = true
  }

  resume(): void {
    this.#paused = false
    this.draw()
  }

  /** Clears the line and stops redrawing. */
  stop(): void {
    this.show(undefined)
  }

  #startTimer(): void {
    if (this.#timer !== undefined || this.#intervalMs <= 0) return
    this.#timer = setInterval(() => this.draw(), this.#intervalMs)
    // The indicator never keeps the process alive.
    this.#timer.unref()
  }

  #stopTimer(): void {
    clearInterval(this.#timer)
    this.#timer = undefined
  }
}
