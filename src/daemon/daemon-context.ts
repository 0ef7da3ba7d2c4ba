import type { EventEmitter } from 'node:events'
import type { ResolvedModel } from '../agent/providers/index.js'
import type { Channel, ChannelLog } from '../channels/channel.js'
import type { ToolHost } from '../host/create-tool-host.js'
import type { Profile } from '../profile/profile-schema.js'
import type { ProfileOverrides } from '../profile/load-profile.js'
import type { Store } from '../store/store.js'
import type { BusMessage } from './bus/bus-message.js'
import type { ConversationStore } from './conversations/conversation-store.js'
import type { DaemonLeases } from './conversations/daemon-leases.js'
import type { DaemonMetrics } from './serve/daemon-metrics.js'
import type { MessageQueue } from './queue/message-queue.js'
import type { TurnDispatch } from './consumers/turn-dispatch.js'
import type { RunStops } from './consumers/run-stops.js'

/** How replies are made: the agent's final text of each turn, or what `workspace_commit` publishes. */
export type ReplyMode = 'final-text' | 'publish'

/** A logger with fields; the daemon's is pino-backed, tests may pass their own. */
export interface DaemonLog extends ChannelLog {
  debug(message: string, fields?: Readonly<Record<string, unknown>>): void
  /** A logger that adds `fields` (a correlation id…) to every record. */
  child(fields: Readonly<Record<string, unknown>>): DaemonLog
}

/** What the consumers of one daemon process share. */
export interface DaemonContext {
  readonly host: ToolHost
  readonly store: Store
  readonly queue: MessageQueue
  readonly conversations: ConversationStore
  readonly leases: DaemonLeases
  /** This process among the daemons sharing the queue; its tool queue is `tool.<daemonId>`. */
  readonly daemonId: string
  readonly channels: ReadonlyMap<string, Channel>
  readonly model: () => ResolvedModel
  readonly profile?: string | Profile | ProfileOverrides
  readonly replyMode: ReplyMode
  readonly turns: TurnDispatch
  /** The runs this process drives, to stop one on request. */
  readonly runStops: RunStops
  /** Emits `decided:<approvalId>` when this process decides an approval a running call waits for. */
  readonly decisions: EventEmitter
  readonly metrics: DaemonMetrics
  readonly log: DaemonLog
  /** Publishes a message on the topic its kind is routed to. */
  publish(message: BusMessage): Promise<void>
  /** Waits between model retries; tests pass one that returns at once. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}
