import { EventEmitter } from 'node:events'
import { randomBytes } from 'node:crypto'
import { resolveModel, type ResolvedModel } from '../agent/providers/index.js'
import type { ModelOptions } from '../agent/loop/run-options.js'
import type { Channel } from '../channels/channel.js'
import type { ToolHost } from '../host/create-tool-host.js'
import type { Profile } from '../profile/profile-schema.js'
import type { ProfileOverrides } from '../profile/load-profile.js'
import { publishReply } from './approvals/code-approvals.js'
import { topicOf, topics, toolTopicOf, type BusMessage } from './bus/bus-message.js'
import { channelHost, wakeUp } from './channel-host.js'
import { LlmConsumer } from './consumers/llm-consumer.js'
import { sendConsumer } from './consumers/send-consumer.js'
import { toolConsumer } from './consumers/tool-consumer.js'
import { TurnDispatch } from './consumers/turn-dispatch.js'
import { RunStops } from './consumers/run-stops.js'
import { ConversationStore } from './conversations/conversation-store.js'
import { DaemonLeases, daemonOwner } from './conversations/daemon-leases.js'
import type { DaemonContext, DaemonLog, ReplyMode } from './daemon-context.js'
import { openQueue } from './queue/open-queue.js'
import { queueDefaults, type MessageQueue, type QueueSettings, type QueueWorker } from './queue/message-queue.js'
import { Scheduler } from './schedules/index.js'
import { DaemonMetrics } from './serve/daemon-metrics.js'

/** Options of {@link Daemon.start}. */
export interface DaemonOptions extends ModelOptions {
  readonly host: ToolHost
  /** The model of every conversation: `provider:model` or one resolved; runs fail with a clear notice without one. */
  readonly model?: string | ResolvedModel
  readonly profile?: string | Profile | ProfileOverrides
  /** `final-text` (default): the agent's final text is the reply; `publish`: what `workspace_commit` publishes. */
  readonly replyMode?: ReplyMode
  /** `sqlite` (default: the store's own queue), a `redis://…` URL (BullMQ), or a queue of one's own. */
  readonly queue?: string | MessageQueue
  readonly queueSettings?: QueueSettings
  /** The channels to receive from and deliver to. */
  readonly channels?: readonly Channel[]
  readonly log: DaemonLog
  /** Handlers at once per topic; default llm 8, tool 8, send 4. */
  readonly concurrency?: { readonly llm?: number; readonly tool?: number; readonly send?: number }
  /** How often lost work is re-queued (unfinished inbox messages, undelivered outbox messages); default 30 s. */
  readonly sweepIntervalMs?: number
  /** Waits between model retries; tests pass one that returns at once. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

/**
 * The always-on daemon (DESIGN §14): channels put people's messages in conversations and on the
 * bus; the LLM consumer runs the agent per conversation, its turns go to the tool consumer, its
 * replies to the send consumer, which delivers them through the channel. Schedules fire tasks into
 * conversations. Everything durable is in the store (SQLite) or the queue, so a daemon killed at
 * any point and started again goes on where it was, without a second reply or side effect.
 *
 * @example
 * const host = await createToolHost()
 * const daemon = await Daemon.start({ host, model: 'ollama:llama3.1:8b', channels: [httpChannel({ secret })], log })
 * // … on SIGTERM
 * await daemon.stop()
 */
export class Daemon {
  readonly context: DaemonContext
  readonly #workers: { llm?: QueueWorker; others: QueueWorker[] } = { others: [] }
  readonly #scheduler: Scheduler
  readonly #sweep: NodeJS.Timeout
  #stopped: Promise<void> | undefined

  private constructor(context: DaemonContext, sweepIntervalMs: number) {
    this.context = context
    this.#scheduler = new Scheduler({
      store: context.store,
      daemonId: context.daemonId,
      publish: (message) => context.publish(message),
      log: context.log.child({ part: 'scheduler' }),
    })
    this.#sweep = setInterval(() => void this.sweep(), sweepIntervalMs)
    this.#sweep.unref()
  }

  static async start(options: DaemonOptions): Promise<Daemon> {
    const store = options.host.store()
    const queue =
      typeof options.queue === 'object'
        ? options.queue
        : await openQueue(options.queue ?? 'sqlite', {
            store,
            ...options.queueSettings,
            onError: (error) =>
              options.log.warn('the queue had a problem it survived', {
                error: error instanceof Error ? error.message : String(error),
              }),
          })
    const daemonId = randomBytes(6).toString('hex')
    let resolved: ResolvedModel | undefined = typeof options.model === 'object' ? options.model : undefined
    const context: DaemonContext = {
      host: options.host,
      store,
      queue,
      conversations: new ConversationStore(store),
      leases: new DaemonLeases(store, daemonOwner(daemonId)),
      daemonId,
      channels: new Map((options.channels ?? []).map((channel) => [channel.name, channel])),
      model: () => {
        if (resolved !== undefined) return resolved
        if (typeof options.model !== 'string') throw new Error(noModelMessage)
        resolved = resolveModel(options.model, options)
        return resolved
      },
      ...(options.profile !== undefined && { profile: options.profile }),
      replyMode: options.replyMode ?? 'final-text',
      turns: new TurnDispatch(),
      runStops: new RunStops(),
      decisions: new EventEmitter().setMaxListeners(0),
      metrics: new DaemonMetrics(queue),
      log: options.log,
      publish: async (message: BusMessage) => {
        await queue.publish(topicOf(message, daemonId), message)
      },
      ...(options.sleep !== undefined && { sleep: options.sleep }),
    }
    const daemon = new Daemon(context, options.sweepIntervalMs ?? 30_000)
    const concurrency = { llm: 8, tool: 8, send: 4, ...options.concurrency }
    const maxAttempts = options.queueSettings?.maxAttempts ?? queueDefaults.maxAttempts
    const tools = toolConsumer(context)
    daemon.#workers.llm = queue.consume(topics.llm, new LlmConsumer(context).handle, { concurrency: concurrency.llm })
    daemon.#workers.others.push(
      queue.consume(toolTopicOf(daemonId), tools, { concurrency: concurrency.tool }),
      queue.consume(topics.tool, tools, { concurrency: concurrency.tool }),
      queue.consume(topics.send, sendConsumer(context, maxAttempts), { concurrency: concurrency.send }),
    )
    for (const channel of context.channels.values()) await channel.start(channelHost(context, channel.name))
    daemon.#scheduler.start()
    await daemon.sweep()
    context.log.info('daemon started', { daemonId, queue: queue.backend, channels: [...context.channels.keys()] })
    return daemon
  }

  /**
   * Queues again what a crash may have left without a queued message: inbox messages not answered
   * and outbox messages not delivered. Their keys make this a no-op for work already queued.
   */
  async sweep(): Promise<void> {
    const { conversations, log } = this.context
    const bucket = Math.floor(Date.now() / 10_000)
    try {
      for (const { conversationId, messageId } of conversations.unfinishedConversations()) {
        // A conversation a live daemon drives needs no wake-up: its driver works until the inbox is empty.
        if (this.context.leases.isHeld(`conversation:${conversationId}`)) continue
        const message = conversations.message(messageId)
        if (message !== undefined) await this.context.publish(wakeUp(message, `sweep:${messageId}:${bucket}`))
      }
      for (const message of conversations.undelivered())
        await publishReply(this.context, message.id, message.conversationId, message.correlationId)
    } catch (error) {
      log.warn('the sweep could not queue everything', {
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }

  /**
   * Stops gracefully: channels stop receiving, schedules stop firing, running agent runs are
   * cancelled at their next step (checkpointed, so the next start resumes them), then the queue
   * closes. Calling it again waits for the same stop.
   */
  stop(): Promise<void> {
    this.#stopped ??= this.#stop()
    return this.#stopped
  }

  async #stop(): Promise<void> {
    clearInterval(this.#sweep)
    for (const channel of this.context.channels.values()) await channel.stop()
    await this.#scheduler.stop()
    // Runs stop first (their turns in progress still finish through the tool consumer), then the rest.
    await this.#workers.llm?.stop()
    await Promise.all(this.#workers.others.map((worker) => worker.stop()))
    this.context.turns.abandon(new Error('the daemon stopped'))
    await this.context.queue.close()
    this.context.log.info('daemon stopped')
  }
}

const noModelMessage =
  'No model is configured: start the daemon with --model provider:model (e.g. ollama:llama3.1:8b, openai:gpt-4.1-mini) or set "model" in the profile.'
