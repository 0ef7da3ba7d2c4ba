import { hostname } from 'node:os'
import { resumeAgentRun } from '../../../agent/loop/run-agent.js'
import { wakeUp } from '../../../daemon/channel-host.js'
import type { RunRecord, Store } from '../../../store/store.js'
import type { ApiContext } from '../../api-context.js'
import { ApiError } from '../../route.js'
import { conversationOfRun } from './run-views.js'

/** How a run went on or stopped: the daemon's conversation driver, a resume in this process, or the store alone. */
export type RunControlVia = 'conversation' | 'daemon' | 'store'

/** Who drives a run, if a live process does. */
export function liveDriver(
  ctx: ApiContext,
  runId: string,
): 'here' | { readonly host: string; readonly pid: number } | undefined {
  if (ctx.daemon.runStops.drives(runId)) return 'here'
  const lease = ctx.store.runLeases.get(runId)
  if (lease === undefined || lease.expiresAt <= Date.now()) return undefined
  if (lease.host === hostname()) {
    if (lease.pid === process.pid) return 'here'
    try {
      process.kill(lease.pid, 0)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return undefined
    }
  }
  return { host: lease.host, pid: lease.pid }
}

/**
 * Cancels a run: one this process drives is stopped (it ends `cancelled` at its next step); one no
 * live process drives is marked cancelled in the store, its pending approvals expired and its
 * conversation message failed, so no driver takes it up again.
 */
export async function cancelRun(ctx: ApiContext, run: RunRecord): Promise<RunControlVia> {
  if (run.status === 'completed' || run.status === 'failed')
    throw new ApiError(409, `Run ${run.id} has already ended (${run.status}); there is nothing to cancel`)
  const driver = liveDriver(ctx, run.id)
  if (driver === 'here') {
    if (!ctx.daemon.runStops.stop(run.id, 'cancelled through the API'))
      throw new ApiError(
        409,
        `Run ${run.id} is driven in this process by something the API cannot stop; try again when it pauses`,
      )
    await settled(ctx.store, run.id)
    return 'daemon'
  }
  if (driver !== undefined)
    throw new ApiError(
      409,
      `Run ${run.id} is driven by process ${driver.pid} on ${driver.host}; stop it there (Ctrl-C) or wait for it to pause`,
    )
  const { store } = ctx
  store.transaction(() => {
    for (const approval of store.approvals.list({ runId: run.id, status: 'pending' }))
      store.approvals.expire(approval.id)
    if (run.status !== 'cancelled') {
      store.appendRunEvent(run.id, 'finished', { status: 'cancelled', reason: 'cancelled through the API' })
      store.setRunStatus(run.id, 'cancelled')
    }
    const message = conversationOfRun(store, run.id)
    if (message !== undefined && ['pending', 'running', 'paused'].includes(message.state))
      ctx.daemon.conversations.setState(message.messageId, 'failed', { error: 'cancelled through the API' })
  })
  return 'store'
}

/**
 * Resumes a paused or cancelled run no live process drives: a conversation's run through the
 * daemon's driver of that conversation, any other with the daemon's model in this process.
 */
export async function resumeRun(ctx: ApiContext, run: RunRecord): Promise<RunControlVia> {
  if (run.status === 'completed' || run.status === 'failed')
    throw new ApiError(409, `Run ${run.id} has ended (${run.status}); only paused or cancelled runs can be resumed`)
  const driver = liveDriver(ctx, run.id)
  if (driver !== undefined)
    throw new ApiError(
      409,
      driver === 'here'
        ? `Run ${run.id} is already running in this daemon`
        : `Run ${run.id} is driven by process ${driver.pid} on ${driver.host}`,
    )
  const pending = ctx.store.approvals.list({ runId: run.id, status: 'pending' })
  if (pending.length > 0)
    throw new ApiError(
      409,
      `Run ${run.id} waits for ${pending.length} approval(s) (${pending.map((a) => a.id).join(', ')}); decide them with POST /api/approvals/:id/approve or /deny`,
    )
  if (ctx.store.runEvents(run.id, { type: 'run_started' }).length === 0)
    throw new ApiError(409, `Run ${run.id} was not started by the agent loop, so it cannot be resumed as a run`)
  const owner = conversationOfRun(ctx.store, run.id)
  if (owner !== undefined) {
    // The driver takes up the conversation's first unfinished message: this one, paused again.
    if (owner.state === 'failed' || owner.state === 'answered')
      ctx.daemon.conversations.setState(owner.messageId, 'paused', { runId: run.id })
    const message = ctx.daemon.conversations.message(owner.messageId)
    if (message !== undefined) await ctx.daemon.publish(wakeUp(message, `resume:${run.id}:${Date.now()}`))
    return 'conversation'
  }
  driveInBackground(ctx, run.id)
  return 'daemon'
}

/** Resumes a run in this process with the daemon's model; the outcome is in the store and the log. */
export function driveInBackground(ctx: ApiContext, runId: string): void {
  const stop = ctx.daemon.runStops.track()
  ctx.daemon.runStops.name(stop, runId)
  const log = ctx.daemon.log.child({ runId })
  void resumeAgentRun({ host: ctx.host, runId, model: ctx.daemon.model(), signal: stop.signal })
    .then((result) => log.info('run ended', { status: result.status, reason: result.reason }))
    .catch((error: unknown) =>
      log.warn('a run resumed through the API failed', {
        error: error instanceof Error ? error.message : String(error),
      }),
    )
    .finally(() => ctx.daemon.runStops.done(stop))
}

/** Waits (a few seconds at most) until a stopped run has recorded how it ended. */
async function settled(store: Store, runId: string): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (store.getRun(runId)?.status !== 'running') return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
