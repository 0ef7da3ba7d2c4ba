import { z } from 'zod'
import { defineTool } from '../../../tool/define-tool.js'
import { loadText } from '../../../text/model-text.js'
import { mentionTool } from '../../chat/texts.js'
import { runOf } from '../../chat/run-of.js'
import { publishTexts as texts } from './texts.js'

/** The reason recorded when the model gives none. */
export const defaultFinishReason = 'finished'

const inputSchema = z.object({
  reason: z.string().max(500).optional().describe('A few words on why the run ends; recorded, not shown to the user.'),
})

/**
 * `workspace.finish`: ends the run after this turn (`run.finish(reason)`). A completion tool: the
 * gate refuses calls after it in the same turn. Marked read-only: it changes neither the workspace
 * nor the world, so it needs no approval and is allowed in plan mode.
 */
export const finishTool = defineTool({
  name: 'workspace.finish',
  description: loadText(import.meta.url, 'finish.description.md'),
  inputSchema,
  annotations: { readOnly: true },
  scopes: ['chat', 'session'],
  requires: ['run'],
  completion: true,
  renamedParameters: { message: 'reason', summary: 'reason' },
  call: async ({ reason }, ctx) => {
    const given = reason?.trim() ?? ''
    runOf(ctx).finish(given === '' ? defaultFinishReason : given)
    const content =
      ctx.scope === 'chat'
        ? mentionTool(ctx, 'builtin:workspace.commit', texts.finishedChat) || texts.finished
        : texts.finished
    return { content, structured: { reason: given === '' ? defaultFinishReason : given } }
  },
  renderToolUseMessage: ({ reason }) => (reason === undefined || reason.trim() === '' ? 'Finish' : `Finish: ${reason}`),
  renderToolResultMessage: () => 'Run ends',
})
