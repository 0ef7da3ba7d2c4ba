import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { tempDir } from '../temp-dir.js'

const run = promisify(execFile)

/** Options of {@link TmuxTerminal.start}. */
export interface TerminalOptions {
  readonly columns?: number
  readonly rows?: number
  readonly cwd?: string
  /** The program's whole environment (nothing is inherited but what is named here). */
  readonly env: Readonly<Record<string, string>>
}

/**
 * A real pseudo-terminal driven through tmux on a private socket: the program under test runs in
 * it as in a person's terminal; tests type keys and read the screen as it is drawn.
 */
export class TmuxTerminal {
  readonly #socket: string
  #closed = false

  private constructor(socket: string) {
    this.#socket = socket
  }

  /** Starts `command` in a detached tmux session of the given size. */
  static async start(command: readonly string[], options: TerminalOptions): Promise<TmuxTerminal> {
    const socket = join(tempDir('toolhost-tmux-'), 'tmux.sock')
    const terminal = new TmuxTerminal(socket)
    const env = Object.entries(options.env).map(([key, value]) => `${key}=${value}`)
    // After the program ends its last screen stays, with the exit status, for the test to read; a
    // Ctrl-C typed after the end is ignored, so it cannot end the session the test still reads.
    const shell = `${['env', '-i', ...env, ...command].map(quote).join(' ')}; code=$?; trap '' INT; echo "[exited $code]"; sleep 3600`
    await terminal.#tmux(
      'new-session',
      '-d',
      '-s',
      'test',
      '-x',
      String(options.columns ?? 100),
      '-y',
      String(options.rows ?? 40),
      ...(options.cwd === undefined ? [] : ['-c', options.cwd]),
      shell,
    )
    await terminal.#tmux('set-option', '-t', 'test', 'history-limit', '50000')
    return terminal
  }

  /** Types text as it is (no key names). */
  async type(text: string): Promise<void> {
    await this.#tmux('send-keys', '-t', 'test', '-l', text)
  }

  /** Pastes text as a terminal does (bracketed, when the program asked for it). */
  async paste(text: string): Promise<void> {
    const file = join(tempDir('toolhost-paste-'), 'paste.txt')
    writeFileSync(file, text)
    await this.#tmux('load-buffer', '-b', 'paste', file)
    await this.#tmux('paste-buffer', '-p', '-d', '-b', 'paste', '-t', 'test')
  }

  /** Presses keys by tmux name: `Enter`, `C-c`, `Escape`, `M-Enter`, `Up`… */
  async press(...keys: readonly string[]): Promise<void> {
    await this.#tmux('send-keys', '-t', 'test', ...keys)
  }

  /** The visible screen as text, one line per row, trailing spaces removed. */
  async screen(): Promise<string> {
    const { stdout } = await this.#tmux('capture-pane', '-p', '-t', 'test')
    return stdout
  }

  /** The screen and the scrollback above it. */
  async history(): Promise<string> {
    const { stdout } = await this.#tmux('capture-pane', '-p', '-t', 'test', '-S', '-50000')
    return stdout
  }

  /** The screen with its colours as escape sequences. */
  async screenWithColours(): Promise<string> {
    const { stdout } = await this.#tmux('capture-pane', '-p', '-e', '-t', 'test')
    return stdout
  }

  /**
   * Waits until the screen (or with `scrollback`, everything printed) matches, and returns it; a
   * test that waits in vain fails with the screen it saw.
   */
  async waitFor(
    expected: RegExp | ((screen: string) => boolean),
    options: { readonly timeoutMs?: number; readonly scrollback?: boolean } = {},
  ): Promise<string> {
    const matches = typeof expected === 'function' ? expected : (text: string) => expected.test(text)
    const deadline = Date.now() + (options.timeoutMs ?? 30_000)
    let seen: string
    for (;;) {
      seen = options.scrollback === true ? await this.history() : await this.screen()
      if (matches(seen)) return seen
      if (Date.now() > deadline) throw new Error(`the screen never showed ${String(expected)}; it showed:\n${seen}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  /** Stops tmux and the program in it. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    await this.#tmux('kill-server').catch(() => undefined)
  }

  #tmux(...args: readonly string[]): Promise<{ stdout: string }> {
    return run('tmux', ['-f', '/dev/null', '-S', this.#socket, ...args], { encoding: 'utf8' })
  }
}

function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`
}
