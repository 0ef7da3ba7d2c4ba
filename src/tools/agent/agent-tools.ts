import { z } from 'zod'
import { defineTool, type ToolCallContext } from '../../tool/define-tool.js'
import { fillText } from '../../text/model-text.js'
import type { DelegationServices, TaskReturn } from '../../tool/run-services.js'
import { ToolError } from '../../core/tool-error.js'
import { agentDescriptions, agentTexts } from './agent-texts.js'
import { agentToolIds } from './agent-tool-ids.js'
import { awaitTokenBudget, renderOutcomes } from './render-outcomes.js'

/** The delegation services of the call's run; `agent.not_available` without them. */
function delegationOf(ctx: ToolCallContext): DelegationServices {
  const delegation = ctx.run?.delegation
  if (delegation === undefined)
    throw new ToolError('agent.not_available', fillText(agentTexts.notAvailable, { tool: 'This tool' }))
  return delegation
}

const agentId = z.string().min(1).describe('The id of an agent listed in the system prompt.')

/** `agent.delegate`: starts a child agent on a task in the background (DESIGN §13). */
export const agentDelegateTool = defineTool({
  name: 'agent.delegate',
  description: (ctx) => fillText(agentDescriptions.delegate, { await: ctx.alias(agentToolIds.await) }),
  inputSchema: z.object({
    agentId,
    task: z
      .object({
        objective: z.string().min(1).describe('What the agent should achieve, in one or two sentences.'),
        context: z
          .string()
          .optional()
          .describe('Everything it needs to know: facts, constraints, file paths. It does not see this conversation.'),
        expected_output: z.string().optional().describe('What to return and in what form.'),
      })
      .describe('The task for the agent.'),
  }),
  requires: ['run', 'delegation'],
  renamedParameters: { agent: 'agentId', agent_id: 'agentId', objective: 'task', expectedOutput: 'expected_output' },
  call: async ({ agentId: target, task }, ctx) => {
    const { childId } = await delegationOf(ctx).delegate({
      agentId: target,
      task: {
        objective: task.objective,
        ...(task.context !== undefined && { context: task.context }),
        ...(task.expected_output !== undefined && { expectedOutput: task.expected_output }),
      },
      callId: ctx.callId,
    })
    return {
      content: fillText(agentTexts.delegateStarted, { childId, agentId: target, await: ctx.alias(agentToolIds.await) }),
      structured: { childId, agentId: target },
    }
  },
  renderToolUseMessage: ({ agentId: target, task }) => `Delegate to ${target}: ${oneLine(task.objective, 80)}`,
  renderToolResultMessage: (output) => `Started ${String(output.structured?.childId ?? '?')}`,
})

/** `agent.await`: waits for one or all children and reports their outcomes within the token budget. */
export const agentAwaitTool = defineTool({
  name: 'agent.await',
  description: (ctx) => fillText(agentDescriptions.await, { delegate: ctx.alias(agentToolIds.delegate) }),
  inputSchema: z.object({
    mode: z
      .enum(['one', 'all'])
      .optional()
      .describe('`all` (default): wait until every selected child ended; `one`: until the first one ends.'),
    child_ids: z
      .array(z.string().min(1))
      .optional()
      .describe('Children to wait for, as agent.delegate returned them; default all.'),
    timeout_ms: z
      .number()
      .int()
      .min(1_000)
      .max(600_000)
      .optional()
      .describe('Longest wait in milliseconds (1000-600000, default 300000).'),
  }),
  annotations: { readOnly: true },
  requires: ['run', 'delegation'],
  renamedParameters: { childIds: 'child_ids', ids: 'child_ids', timeoutMs: 'timeout_ms', timeout: 'timeout_ms' },
  timeoutMs: 610_000,
  call: async ({ mode = 'all', child_ids: childIds, timeout_ms: timeoutMs = 300_000 }, ctx) => {
    const outcomes = await delegationOf(ctx).await({
      mode,
      timeoutMs,
      signal: ctx.signal,
      ...(childIds !== undefined && { childIds }),
    })
    const { text, cut } = renderOutcomes(outcomes, ctx.alias(agentToolIds.await))
    return { content: text, structured: { outcomes, cut, tokenBudget: awaitTokenBudget } }
  },
  renderToolUseMessage: ({ mode = 'all', child_ids: childIds }) =>
    `Wait for ${mode === 'one' ? 'one of ' : ''}${childIds === undefined ? 'all children' : childIds.join(', ')}`,
  renderToolResultMessage: (output) => output.content.split('\n', 1)[0] ?? '',
})

/** `agent.handoff`: transfers the conversation to another agent after this turn (a completion tool). */
export const agentHandoffTool = defineTool({
  name: 'agent.handoff',
  description: (ctx) => fillText(agentDescriptions.handoff, { delegate: ctx.alias(agentToolIds.delegate) }),
  inputSchema: z.object({
    agentId,
    message: z.string().min(1).describe('What the agent should know and do: the request, what was done so far.'),
  }),
  completion: true,
  requires: ['run', 'delegation'],
  renamedParameters: { agent: 'agentId', agent_id: 'agentId' },
  call: async ({ agentId: target, message }, ctx) => {
    await delegationOf(ctx).handoff({ agentId: target, message })
    return { content: fillText(agentTexts.handoffAccepted, { agentId: target }), structured: { agentId: target } }
  },
  renderToolUseMessage: ({ agentId: target }) => `Hand off to ${target}`,
  renderToolResultMessage: () => 'Handed off',
})

/** `task.return`: completes a delegated child with its result (a completion tool). */
export const taskReturnTool = defineTool({
  name: 'task.return',
  description: agentDescriptions.taskReturn,
  inputSchema: z.object({
    summary: z.string().min(1).describe('What you found or did, complete enough to use without asking back.'),
    status: z.enum(['completed', 'partial', 'failed']).optional().describe('Default completed.'),
    artifacts: z
      .array(z.string().min(1))
      .max(100)
      .optional()
      .describe('Workspace paths of files you made, e.g. ["output/report.md"].'),
  }),
  completion: true,
  requires: ['run', 'return'],
  renamedParameters: { result: 'summary', files: 'artifacts' },
  call: async ({ summary, status = 'completed', artifacts = [] }, ctx) => {
    const returnTask = ctx.run?.returnTask
    if (returnTask === undefined)
      throw new ToolError('agent.not_available', fillText(agentTexts.notDelegated, { tool: 'This tool' }))
    const paths = [...new Set(artifacts.map((path) => ctx.workspace.normalize(path)))]
    const stats = await Promise.all(paths.map((path) => ctx.workspace.stat(path)))
    const missing = paths.filter((_path, index) => stats[index] === undefined)
    if (missing.length > 0) {
      throw new ToolError(
        'task.artifact_missing',
        fillText(agentTexts.artifactMissing, { missing: missing.map((path) => `"${path}"`).join(', ') }),
      )
    }
    const result: TaskReturn = { summary, status, artifacts: paths }
    returnTask(result)
    return { content: fillText(agentTexts.taskReturned, { status }), structured: { ...result } }
  },
  renderToolUseMessage: ({ status = 'completed' }) => `Return the task (${status})`,
  renderToolResultMessage: () => 'Returned',
})

function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}
