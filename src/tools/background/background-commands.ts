import { createWriteStream, mkdirSync, openSync, readSync, closeSync, statSync } from 'node:fs'
import { dirname, sep } from 'node:path'
import type { Readable } from 'node:stream'
import { closeSharedNetworks } from '../../sandbox/shared-network.js'
import {
  backgroundOutputPath,
  readBackgroundList,
  writeBackgroundList,
  type BackgroundEntry,
} from './background-list.js'
import { completeUtf8 } from '../../text/complete-utf8.js'

/** A command started in the background, as the shell that runs it hands it over. */
export interface StartedCommand {
  /** Its output as it comes; absent for a shell that gives the output only at the end. */
  readonly output?: Readable
  /** Settles when it has ended: its exit code, or a note on why it has none; `output` when not streamed. */
  readonly exit: Promise<{ readonly exitCode?: number; readonly note?: string; readonly output?: string }>
  /** Stops it and everything it started. */
  kill(): void
}

/** What {@link BackgroundCommands.read} found. */
export interface BackgroundRead {
  readonly entry: BackgroundEntry
  /** Output since the previous read (bytes from `from` to `to` of the output file). */
  readonly text: string
  readonly from: number
  readonly to: number
  /** More output is waiting beyond `to`. */
  readonly more: boolean
  /** The output file, as host and workspace path. */
  readonly file: { readonly host: string; readonly workspace: string }
}

/** Output a background command may write before it is stopped. */
export const BACKGROUND_OUTPUT_LIMIT_BYTES = 64 * 1024 * 1024
/** Output one read returns at most; the rest stays for the next read. */
export const BACKGROUND_READ_BYTES = 256 * 1024

interface Live {
  readonly command: StartedCommand
  readonly ended: Promise<void>
  grew: () => void
}

/**
 * The background commands of one run (and the network namespace its real commands share): started by the shells with `run_in_background`, read with
 * `shell.output`, stopped with `shell.kill` or when the run ends. The list is kept in the run's
 * directory, so that it survives a pause and resume; commands that were running when their host
 * stopped are reported as lost, never started again. Output goes to a file in the run's tool results.
 */
export class BackgroundCommands {
  readonly #runDir: string
  readonly #entries: BackgroundEntry[]
  readonly #live = new Map<string, Live>()
  #changed = new Set<() => void>()

  constructor(runDir: string) {
    this.#runDir = runDir
    this.#entries = readBackgroundList(runDir)
    // This process has none running yet: those recorded as running belonged to a host that stopped.
    let lost = false
    for (const [index, entry] of this.#entries.entries()) {
      if (entry.status !== 'running') continue
      this.#entries[index] = { ...entry, status: 'lost', note: 'the host stopped while it ran', endedAt: Date.now() }
      lost = true
    }
    if (lost) this.#save()
  }

  /** Every command of the run, oldest first. */
  get entries(): readonly BackgroundEntry[] {
    return this.#entries
  }

  /** How many are running now. */
  get running(): number {
    return this.#live.size
  }

  /** Records and starts a command; `launch` starts it. */
  async start(tool: string, command: string, launch: () => Promise<StartedCommand>): Promise<BackgroundEntry> {
    const id = `bg_${this.#entries.length + 1}`
    const file = backgroundOutputPath(this.#runDir, id)
    mkdirSync(dirname(file.host), { recursive: true })
    const entry: BackgroundEntry = { id, tool, command, startedAt: Date.now(), status: 'running', readOffset: 0 }
    this.#entries.push(entry)
    this.#save()
    let started: StartedCommand
    try {
      started = await launch()
    } catch (error) {
      this.#end(id, { note: `it could not start: ${error instanceof Error ? error.message : String(error)}` })
      throw error
    }
    const sink = createWriteStream(file.host, { flags: 'a' })
    let written = 0
    let note: string | undefined
    const live: Live = { command: started, ended: Promise.resolve(), grew: () => this.#notify() }
    started.output?.on('data', (chunk: Buffer) => {
      if (written >= BACKGROUND_OUTPUT_LIMIT_BYTES) return
      const room = BACKGROUND_OUTPUT_LIMIT_BYTES - written
      sink.write(chunk.length > room ? chunk.subarray(0, room) : chunk, () => live.grew())
      written += Math.min(room, chunk.length)
      if (chunk.length > room) {
        note = `stopped: its output passed ${BACKGROUND_OUTPUT_LIMIT_BYTES / 1024 / 1024} MiB`
        started.kill()
      }
    })
    const ended = started.exit.then(async (exit) => {
      if (exit.output !== undefined && exit.output !== '') sink.write(exit.output)
      await new Promise<void>((resolve) => sink.end(resolve))
      this.#live.delete(id)
      const current = this.#find(id)
      if (current?.status === 'running')
        this.#end(id, {
          ...(exit.exitCode !== undefined && { exitCode: exit.exitCode }),
          ...((note ?? exit.note) !== undefined && { note: note ?? exit.note }),
        })
      else this.#notify()
    })
    this.#live.set(id, { ...live, ended })
    return entry
  }

  /**
   * The output of `id` since the previous read. While it runs and has nothing new, waits up to
   * `waitMs` for output or its end.
   */
  async read(id: string, waitMs: number, signal?: AbortSignal): Promise<BackgroundRead | undefined> {
    const entry = this.#find(id)
    if (entry === undefined) return undefined
    const file = backgroundOutputPath(this.#runDir, id)
    if (entry.status === 'running' && waitMs > 0 && sizeOf(file.host) <= entry.readOffset)
      await this.#waitForChange(waitMs, signal)
    const current = this.#find(id) ?? entry
    const from = current.readOffset
    const bytes = readRange(file.host, from, BACKGROUND_READ_BYTES)
    // A cut inside a UTF-8 sequence is left for the next read.
    const whole = bytes.length === BACKGROUND_READ_BYTES ? completeUtf8(bytes) : bytes
    const to = from + whole.length
    this.#replace(id, { ...current, readOffset: to })
    const more = sizeOf(file.host) > to
    return { entry: this.#find(id) ?? current, text: whole.toString('utf8'), from, to, more, file }
  }

  /** Stops `id` and waits for it to end; false when it was not running. */
  async kill(id: string, note: string): Promise<boolean> {
    const live = this.#live.get(id)
    if (live === undefined) return false
    this.#end(id, { note })
    live.command.kill()
    await live.ended
    return true
  }

  /** Stops every running command, e.g. when the run ends. */
  async stopAll(note: string): Promise<void> {
    await Promise.all([...this.#live.keys()].map((id) => this.kill(id, note)))
  }

  #find(id: string): BackgroundEntry | undefined {
    return this.#entries.find((entry) => entry.id === id)
  }

  #replace(id: string, entry: BackgroundEntry): void {
    const index = this.#entries.findIndex((each) => each.id === id)
    if (index >= 0) this.#entries[index] = entry
    this.#save()
  }

  #end(id: string, how: { readonly exitCode?: number; readonly note?: string }): void {
    const entry = this.#find(id)
    if (entry === undefined) return
    const status = how.exitCode !== undefined && how.note === undefined ? 'exited' : 'killed'
    this.#replace(id, { ...entry, status, ...how, endedAt: Date.now() })
    this.#notify()
  }

  #save(): void {
    writeBackgroundList(this.#runDir, this.#entries)
  }

  #notify(): void {
    for (const wake of this.#changed) wake()
  }

  #waitForChange(waitMs: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer)
        this.#changed.delete(done)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, waitMs)
      this.#changed.add(done)
      signal?.addEventListener('abort', done, { once: true })
    })
  }
}

const byRun = new Map<string, BackgroundCommands>()

/** Stops other long-lived processes of runs: given `${runDir}\n` for one run's, `${dataDir}/` for all below a data directory. */
export type RunProcessesStop = (prefix: string) => Promise<void>

const alsoStopping = new Set<RunProcessesStop>()

/** Makes a run's end and a host's close (the functions below) also call `stop`, e.g. for REPL processes. */
export function stopAlsoWithRuns(stop: RunProcessesStop): void {
  alsoStopping.add(stop)
}

/** The background commands of the run kept in `runDir`, read from its list on first use in this process. */
export function backgroundCommandsOf(runDir: string): BackgroundCommands {
  let commands = byRun.get(runDir)
  if (commands === undefined) {
    commands = new BackgroundCommands(runDir)
    byRun.set(runDir, commands)
  }
  return commands
}

/** Stops the background commands still running in the run kept in `runDir` (when it ends). */
export async function stopBackgroundCommands(runDir: string, note = 'the run ended'): Promise<void> {
  const commands = byRun.get(runDir)
  byRun.delete(runDir)
  await commands?.stopAll(note)
  await Promise.all([...alsoStopping].map((stop) => stop(`${runDir}\n`)))
  await closeSharedNetworks(`${runDir}\n`)
}

/** Stops the background commands of every run kept below `dataDir` (when its host closes). */
export async function stopBackgroundCommandsIn(dataDir: string, note = 'the host closed'): Promise<void> {
  const prefix = dataDir.endsWith(sep) ? dataDir : `${dataDir}${sep}`
  await Promise.all(
    [...byRun.keys()]
      .filter((runDir) => runDir.startsWith(prefix))
      .map((runDir) => stopBackgroundCommands(runDir, note)),
  )
  await Promise.all([...alsoStopping].map((stop) => stop(prefix)))
  await closeSharedNetworks(prefix)
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}

function readRange(file: string, from: number, max: number): Buffer {
  let fd: number
  try {
    fd = openSync(file, 'r')
  } catch {
    return Buffer.alloc(0)
  }
  try {
    const buffer = Buffer.alloc(max)
    const read = readSync(fd, buffer, 0, max, from)
    return buffer.subarray(0, read)
  } finally {
    closeSync(fd)
  }
}
