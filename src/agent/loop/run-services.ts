import type { Store } from '../../store/store.js'
import type {
  ChatMessage,
  DelegationServices,
  Lorebook,
  RunServices,
  ScheduleService,
  TaskReturn,
} from '../../tool/run-services.js'
import { taskItemsOf } from '../../tool/task-items.js'
import type { AgentEvent } from './agent-events.js'
import type { RunFlags } from './run-flags.js'

/** What {@link createRunServices} needs from its invocation and run. */
export interface RunServicesInput {
  readonly runId: string
  /** The invocation the services belong to (known once it is created). */
  readonly invocationId: () => string
  readonly agentId: string
  readonly store: Store
  readonly flags: RunFlags
  /** The conversation before this run (chat scope), oldest first. */
  readonly conversation: readonly ChatMessage[]
  readonly lorebook?: Lorebook
  /** True for a delegated child: `task.return` completes it. */
  readonly returnMode: boolean
  readonly delegation?: DelegationServices
  readonly schedules?: ScheduleService
  readonly emit: (event: AgentEvent) => void
}

/**
 * The services the run tools of one invocation use: the conversation (with the replies published
 * so far), the lorebook, publishing, finishing, returning and delegation. Publishing is recorded
 * in the store before the tool's result, so a reply is never lost once the model was told it went out.
 */
export function createRunServices(input: RunServicesInput): RunServices {
  const { runId, invocationId, agentId, store, flags } = input
  return {
    runId,
    tasks: {
      read: () => {
        const latest = store
          .runEvents(runId, { type: 'tasks' })
          .findLast((event) => event.data.invocationId === invocationId())
        return latest === undefined ? [] : taskItemsOf(latest.data.items)
      },
      write: async (items) => {
        store.appendRunEvent(runId, 'tasks', {
          invocationId: invocationId(),
          items: items.map((item) => ({ ...item })),
        })
      },
    },
    conversation: () => [
      ...input.conversation,
      ...store.runEvents(runId, { type: 'reply' }).map((event): ChatMessage => ({
        role: 'assistant',
        name: agentId,
        text: String(event.data.text),
        at: event.at,
      })),
    ],
    lorebook: () => input.lorebook,
    publish: async (reply) => {
      store.appendRunEvent(runId, 'reply', { text: reply.text, path: reply.path, invocationId: invocationId() })
      flags.published.push(reply)
      input.emit({ type: 'reply', agentId, text: reply.text, path: reply.path })
      if (reply.finish) flags.finished = 'committed'
    },
    finish: (reason) => {
      flags.finished = reason
    },
    ...(input.returnMode && {
      returnTask: (result: TaskReturn) => {
        flags.returned = result
      },
    }),
    ...(input.delegation !== undefined && { delegation: input.delegation }),
    ...(input.schedules !== undefined && { schedules: input.schedules }),
  }
}
