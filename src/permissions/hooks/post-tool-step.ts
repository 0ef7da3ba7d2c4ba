import type { AgentToolResult } from '../../tool/agent-tool-result.js'
import { fillText, loadText } from '../../text/model-text.js'
import type { HookConfig } from './hook-types.js'
import { runPostToolHooks } from './run-post-tool-hooks.js'

const postHookBlocked = loadText(import.meta.url, 'texts/post-hook-blocked.txt')

/** The call a post-tool step looks at, and where it ran. */
export interface PostToolStepRequest {
  readonly hooks: HookConfig
  readonly alias: string
  readonly input: Record<string, unknown>
  readonly runId: string
  readonly invocationId: string
  readonly signal: AbortSignal
}

/**
 * The post-tool hooks stage: hooks see the finished result (as the model will read it) and may add
 * context or block it; a block keeps the result and tells the model why after it, since the call
 * has already run.
 * @throws the signal's reason when the run is cancelled while hooks run
 */
export async function postToolStep(result: AgentToolResult, request: PostToolStepRequest): Promise<AgentToolResult> {
  if (result.toolId === null) return result
  const post = await runPostToolHooks(
    request.hooks,
    {
      event: 'post_tool',
      toolId: result.toolId,
      alias: request.alias,
      callId: result.callId,
      input: request.input,
      result: {
        content: result.content,
        isError: result.isError,
        ...(result.errorCode !== undefined && { errorCode: result.errorCode }),
      },
      runId: request.runId,
      invocationId: request.invocationId,
    },
    request.signal,
  )
  let { content } = result
  if (post.blocked !== undefined)
    content = `${content}\n\n${fillText(postHookBlocked, { reason: post.blocked.reason })}`
  if (post.additionalContext !== undefined && post.additionalContext !== '')
    content = `${content}\n\n${post.additionalContext}`
  return content === result.content ? result : { ...result, content }
}
