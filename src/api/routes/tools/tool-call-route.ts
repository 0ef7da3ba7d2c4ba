import { z } from 'zod'
import { scopes } from '../../../core/scope.js'
import { TurnPausedError } from '../../../execution/execute-turn.js'
import { snapshotIndex } from '../../../snapshot/snapshot-index.js'
import type { Snapshot } from '../../../snapshot/snapshot.js'
import type { SnapshotBinding } from '../../../snapshot/snapshot-binding.js'
import type { AgentToolResult } from '../../../tool/agent-tool-result.js'
import { ApiError, defineRoute } from '../../route.js'
import { profileIdSchema, profileRef, withProfile } from './profile-selection.js'
import { resultFileUrl } from './result-file-route.js'

const resultSchema = z.object({
  content: z.string().describe('The text a model would read'),
  isError: z.boolean(),
  errorCode: z.string().optional(),
  structured: z.record(z.string(), z.unknown()).optional(),
  images: z.array(
    z.object({
      path: z.string().describe('The workspace path, under tool-results/'),
      mimeType: z.string(),
      url: z.string().describe('Where the API serves the image: GET /api/results/:runId/…'),
    }),
  ),
})

/**
 * `POST /api/tools/:toolId/call`: one call through the whole gate as `toolhost tools call` makes
 * it, in a run of its own. A call the rules ask about waits durably for a person: 202 with the
 * approval's id (approving it runs the call).
 * @example apiMount(ctx, access, sessions, [toolCallRoute])
 */
export const toolCallRoute = defineRoute({
  method: 'POST',
  path: '/api/tools/:toolId/call',
  tag: 'tools',
  summary: 'Calls a tool through the gate and permissions; a call that asks waits for approval (202)',
  params: z.object({
    toolId: z.string().min(1).describe('A tool id (URL-encoded), a builtin name, or an alias of the profile'),
  }),
  body: z.strictObject({
    arguments: z.record(z.string(), z.unknown()).describe("The tool's input, a JSON object"),
    profile: profileIdSchema.optional().describe("The profile to call under; the daemon's (or default) when absent"),
    scope: z.enum(scopes).default('session'),
  }),
  response: z.object({
    status: z
      .enum(['completed', 'failed', 'paused'])
      .describe('"failed" when the result is an error; "paused" while the call waits for approval'),
    runId: z.string(),
    result: resultSchema.optional(),
    approvalId: z.string().optional().describe('The approval the call waits for (status "paused")'),
  }),
  handle: async ({ params, body, ctx }) => {
    const ref = profileRef(ctx, body.profile)
    const options = {
      ...(ref !== undefined && { profile: ref }),
      scope: body.scope,
      protocol: 'openai-responses' as const,
    }
    // The name is checked on a preview first: an invocation would open a run that no call ends.
    const preview = await withProfile(() => ctx.host.snapshot(options))
    if (findBinding(preview.snapshot, params.toolId) === undefined)
      throw new ApiError(
        404,
        `No tool "${params.toolId}" is offered by profile ${preview.snapshot.profileId} in scope ${body.scope}; GET /api/tools?scope=${body.scope} lists the tools and whether each is offered`,
      )
    // A person calling by hand sees files as they are: no earlier read needed for an edit.
    const invocation = await withProfile(() => ctx.host.createInvocation({ ...options, direct: true }))
    const binding = findBinding(invocation.snapshot, params.toolId)
    // Should the tools change in between, the gate refuses the name and the run ends with that result.
    const name = binding?.alias ?? params.toolId
    const wire = JSON.stringify(body.arguments)
    // A deferred tool is called as a model would call it without a search: through tools_call.
    const call =
      binding?.deferred === true
        ? { callId: 'api_1', name: 'tools_call', arguments: { tool: name, arguments: wire } }
        : { callId: 'api_1', name, arguments: wire }
    let results: AgentToolResult[]
    try {
      results = await invocation.executeTurn({ calls: [call] })
    } catch (error) {
      if (!(error instanceof TurnPausedError)) throw error
      const [approvalId] = error.approvalIds
      return {
        status: 202,
        body: { status: 'paused' as const, runId: invocation.runId, ...(approvalId !== undefined && { approvalId }) },
      }
    }
    const [result] = results
    if (result === undefined) throw new Error('the turn returned no result')
    return {
      body: {
        status: result.isError ? ('failed' as const) : ('completed' as const),
        runId: invocation.runId,
        result: {
          content: result.content,
          isError: result.isError,
          ...(result.errorCode !== undefined && { errorCode: result.errorCode }),
          ...(result.structured !== undefined && { structured: result.structured }),
          images: result.images.map((image) => ({ ...image, url: resultFileUrl(invocation.runId, image.path) })),
        },
      },
    }
  },
})

/** A stable id (or a builtin's native name) names its binding; anything else is taken as an alias. */
function findBinding(snapshot: Snapshot, target: string): SnapshotBinding | undefined {
  const index = snapshotIndex(snapshot)
  return index.byToolId(target) ?? index.byToolId(`builtin:${target}`) ?? index.byAlias(target)
}
