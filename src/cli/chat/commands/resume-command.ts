import { hostname } from 'node:os'
import type { SlashCommand, SlashContext } from '../../../chat/commands/slash-command.js'
import { transcriptItems } from '../../../chat/session/transcript-items.js'
import type { RunRecord, Store } from '../../../store/store.js'
import { fitColumns, oneLine } from '../../commands/audit-text.js'

/** How many runs `/resume` lists. */
const listed = 10

/**
 * `/resume [runId]`: lists the recent runs, or goes on with one: the screen shows its transcript
 * and the next message continues it. A run paused on approvals asks them on screen, then goes on.
 * @example await runSlash('/resume run_0123456789abcdef0123', ctx)
 */
export const resumeCommand: SlashCommand = {
  name: 'resume',
  usage: '/resume [runId]',
  summary: 'list recent chats, or go on with one',
  run(args, ctx) {
    if (args === '') listRuns(ctx)
    else resumeRun(args, ctx)
  },
}

function listRuns(ctx: SlashContext): void {
  const store = ctx.session.host.store()
  const runs = store.listRuns({ limit: listed })
  if (runs.length === 0) {
    ctx.dispatch({ type: 'notice', tone: 'info', text: 'No runs yet.' })
    return
  }
  const statusWidth = Math.max(...runs.map((run) => run.status.length))
  const lines = runs.map((run) => {
    const head = `${run.id}  ${run.status.padEnd(statusWidth)}  ${when(run.createdAt)}  `
    const prompt = firstPrompt(store, run.id)
    return `${head}${fitColumns(prompt, Math.max(ctx.width - head.length, 10))}`
  })
  ctx.dispatch({ type: 'notice', tone: 'info', text: [...lines, 'Go on with one: /resume <runId>'].join('\n') })
}

function resumeRun(runId: string, ctx: SlashContext): void {
  const { session } = ctx
  const store = session.host.store()
  const run = store.getRun(runId)
  if (run === undefined) throw new Error(`no run ${runId}; /resume lists the recent ones`)
  const started = store.runEvents(runId, { type: 'run_started' })[0]
  if (started === undefined)
    throw new Error(`run ${runId} was not started by the agent loop, so a chat cannot go on with it`)
  if (drivenElsewhere(store, run))
    throw new Error(`run ${runId} is running in another process; wait for it to end, or stop that process`)
  ctx.dispatch({ type: 'clear' })
  ctx.dispatch({ type: 'items', items: transcriptItems(store, runId) })
  session.switchTo(runId, String(started.data.model))
  if (run.status === 'paused') {
    const waiting = session.host.approvals.list({ status: 'pending' }).filter((request) => request.runId === runId)
    ctx.dispatch({
      type: 'notice',
      tone: 'warning',
      text:
        waiting.length === 0
          ? `Run ${runId} was paused for approval and the answers are in: it goes on now.`
          : `Run ${runId} waits for approval of ${waiting.map((request) => `${request.id} (${request.alias})`).join(', ')}: answer below, and it goes on.`,
    })
    // Asks what the run waits for on screen, then goes on with the turn. Not awaited: the run
    // reports on screen while the chat takes keys (messages wait until it is done).
    void session.resumeWork()
    return
  }
  ctx.dispatch({
    type: 'notice',
    tone: 'info',
    text: `Resumed run ${runId} (${run.status}): the next message goes on with it.`,
  })
}

/** True when a live process other than this one holds the run's lease. */
function drivenElsewhere(store: Store, run: RunRecord): boolean {
  if (run.status !== 'running') return false
  const lease = store.runLeases.get(run.id)
  if (lease === undefined || lease.expiresAt <= Date.now()) return false
  if (lease.host !== hostname()) return true
  if (lease.pid === process.pid) return false
  try {
    process.kill(lease.pid, 0)
    return true
  } catch (error) {
    // A process we may not signal is alive.
    return (error as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}

function firstPrompt(store: Store, runId: string): string {
  const prompt = store.runEvents(runId, { type: 'run_started' })[0]?.data.prompt
  return typeof prompt === 'string' ? oneLine(prompt.trim()) : '(no prompt)'
}

/** A run's start as `2026-12-02 05:58` (UTC). */
function when(at: number): string {
  return new Date(at).toISOString().slice(0, 16).replace('T', ' ')
}
