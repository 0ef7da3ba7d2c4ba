import type { Bot } from 'grammy'
import type { ChannelLog } from '../channel.js'

/** How {@link pollUpdates} runs. */
export interface PollOptions {
  /** Stops the loop, including a long poll in progress. */
  readonly signal: AbortSignal
  /** Seconds each `getUpdates` may wait for updates. */
  readonly timeoutSeconds: number
  /** First wait after a failure, doubled up to 30 s while failures go on. */
  readonly retryDelayMs: number
  readonly log: ChannelLog
}

const maxRetryDelayMs = 30_000

/** grammY types signals with its polyfill's class; it accepts any with `addEventListener`, as Node's has. */
type GrammySignal = Parameters<Bot['api']['getUpdates']>[1]
const forGrammy = (signal: AbortSignal) => signal as unknown as GrammySignal

/**
 * Long-polls `getUpdates` and hands each update to `bot.handleUpdate`, one at a time, in order.
 * An update is confirmed (the next offset passes it) only once it was handled: when handling fails
 * (the daemon could not record the message), the loop waits and fetches it again, so no message is
 * lost; the channel host drops the repeats of one it did record. Unconfirmed updates of a stopped
 * loop come again at the next start.
 * @returns when `signal` aborts
 */
export async function pollUpdates(bot: Bot, options: PollOptions): Promise<void> {
  const { signal, log } = options
  let offset: number | undefined
  let failures = 0
  const backOff = async (what: string, error: unknown) => {
    failures += 1
    const delayMs = Math.min(options.retryDelayMs * 2 ** (failures - 1), maxRetryDelayMs)
    log.warn(`Telegram: ${what} failed; trying again in ${delayMs} ms`, { error: errorText(error), failures })
    await abortableDelay(delayMs, signal)
  }
  while (!signal.aborted) {
    let updates
    try {
      updates = await bot.api.getUpdates(
        { ...(offset !== undefined && { offset }), timeout: options.timeoutSeconds, allowed_updates: ['message'] },
        forGrammy(signal),
      )
    } catch (error) {
      if (signal.aborted) break
      await backOff('getUpdates', error)
      continue
    }
    failures = 0
    for (const update of updates) {
      try {
        await bot.handleUpdate(update)
      } catch (error) {
        await backOff(`handling update ${update.update_id}`, error)
        break
      }
      offset = update.update_id + 1
      failures = 0
    }
  }
  if (offset !== undefined) await confirm(bot, offset, log)
}

/** Tells Telegram the handled updates need not come again; best effort, bounded in time. */
async function confirm(bot: Bot, offset: number, log: ChannelLog): Promise<void> {
  try {
    await bot.api.getUpdates({ offset, limit: 1, timeout: 0 }, forGrammy(AbortSignal.timeout(5000)))
  } catch (error) {
    log.info('Telegram: could not confirm the last updates; they will come again and be skipped as duplicates', {
      error: errorText(error),
    })
  }
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve()
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}

/** An error's message, and its cause's when grammY wrapped one. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : ''
  return `${error.message}${cause}`
}
