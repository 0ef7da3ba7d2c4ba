import { testCallContext } from '../../../../test/call-context.js'
import { builtinAlias } from '../../../snapshot/tool-alias.js'
import type { ToolCallContext, ToolDefinition } from '../../../tool/define-tool.js'
import type {
  ChatMessage,
  Lorebook,
  PublishedReply,
  RunServices,
  TaskItem,
  TaskListService,
} from '../../../tool/run-services.js'
import type { InferOutput, StandardSchemaWithJson } from '../../../tool/standard-schema.js'
import { parseToolId } from '../../../core/tool-id.js'

export { callTool, failure } from '../../../../test/tool-calls.js'

/** An in-memory run for tests: a fixed conversation and lorebook, recording publishes and finishes. */
export interface MemoryRun extends RunServices {
  readonly published: PublishedReply[]
  readonly finished: string[]
}

/** A plan kept in memory, as the agent loop keeps it in the store. */
export function memoryTaskList(): TaskListService {
  let items: readonly TaskItem[] = []
  return {
    read: () => items,
    write: async (next) => {
      items = next.map((item) => ({ ...item }))
    },
  }
}

export function memoryRun(
  options: { readonly messages?: readonly ChatMessage[]; readonly lorebook?: Lorebook } = {},
): MemoryRun {
  const published: PublishedReply[] = []
  const finished: string[] = []
  return {
    runId: 'run-1',
    tasks: memoryTaskList(),
    published,
    finished,
    conversation: () => options.messages ?? [],
    lorebook: () => options.lorebook,
    publish: async (reply) => {
      published.push(reply)
    },
    finish: (reason) => {
      finished.push(reason)
    },
  }
}

/** A call context in chat scope with `run`, where every builtin is offered under its builtin alias. */
export function chatContext(run: RunServices, overrides: Partial<ToolCallContext> = {}): ToolCallContext {
  return testCallContext({
    scope: 'chat',
    has: () => true,
    alias: (id) => builtinAlias(parseToolId(id).nativeName),
    run,
    ...overrides,
  })
}

/** Parses input with the tool's schema (defaults applied), as the gate does before a call. */
export function parsed<S extends StandardSchemaWithJson>(tool: ToolDefinition<S>, input: unknown): InferOutput<S> {
  const result = tool.inputSchema['~standard'].validate(input)
  if (result instanceof Promise || result.issues !== undefined)
    throw new Error(`invalid input for ${tool.name}: ${JSON.stringify(result)}`)
  return result.value as InferOutput<S>
}
