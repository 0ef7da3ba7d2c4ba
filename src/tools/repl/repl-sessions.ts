import type { SandboxedProcess } from '../../sandbox/run-sandboxed.js'
import { stopAlsoWithRuns } from '../background/background-commands.js'
import { ReplSession, type EvaluateOptions, type ReplOutcome } from './repl-session.js'

/** The languages a REPL runs. */
export type ReplLanguage = 'javascript' | 'python'

/** Output one call keeps; the rest is dropped with a note. */
export const REPL_OUTPUT_LIMIT_BYTES = 1024 * 1024

const sessions = new Map<string, Promise<ReplSession>>()
/** Each key's calls in order: a call after a time-out must find the dead session gone. */
const turns = new Map<string, Promise<unknown>>()

/** The key of a run's REPL for `language`: the run's directory, a line break, the language. */
export function replKey(runDir: string, language: ReplLanguage): string {
  return `${runDir}\n${language}`
}

/**
 * Runs `code` in the REPL kept under `key`, started with `start` when there is none or the last one
 * ended. A call that ends the process (time-out, abort, memory, exit) leaves no session behind.
 */
export function evaluateIn(
  key: string,
  start: () => Promise<SandboxedProcess>,
  code: string,
  options: EvaluateOptions,
): Promise<ReplOutcome> {
  const turn = (turns.get(key) ?? Promise.resolve()).then(async () => {
    const session = await sessionFor(key, start)
    const outcome = await session.evaluate(code, options)
    // Killed or ended: wait until it is gone; the next call starts a new one.
    if (!session.alive) await session.stop()
    return outcome
  })
  const settled = turn.catch(() => undefined)
  turns.set(key, settled)
  void settled.then(() => {
    if (turns.get(key) === settled) turns.delete(key)
  })
  return turn
}

/** Stops the REPLs whose key starts with `prefix` (`replKey(runDir, language)` for one); true when one was running. */
export async function stopReplSessions(prefix: string): Promise<boolean> {
  const stopping: Promise<ReplSession>[] = []
  for (const [key, session] of sessions) {
    if (!key.startsWith(prefix)) continue
    sessions.delete(key)
    stopping.push(session)
  }
  const stopped = await Promise.all(
    stopping.map((session) =>
      session.then(
        async (started) => {
          const alive = started.alive
          await started.stop()
          return alive
        },
        () => false,
      ),
    ),
  )
  return stopped.some(Boolean)
}

stopAlsoWithRuns(async (prefix) => {
  await stopReplSessions(prefix)
})

async function sessionFor(key: string, start: () => Promise<SandboxedProcess>): Promise<ReplSession> {
  const existing = sessions.get(key)
  if (existing !== undefined) {
    const session = await existing.catch(() => undefined)
    if (session?.alive === true) return session
    if (sessions.get(key) === existing) sessions.delete(key)
  }
  const started = start().then((process) => new ReplSession(process, REPL_OUTPUT_LIMIT_BYTES))
  sessions.set(key, started)
  started.catch(() => {
    if (sessions.get(key) === started) sessions.delete(key)
  })
  return started
}
