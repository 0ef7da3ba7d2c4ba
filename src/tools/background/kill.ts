import { z } from 'zod'
import { fillText, loadText } from '../../text/model-text.js'
import { defineTool } from '../../tool/define-tool.js'
import { commandsOf, unknownTask } from './output.js'
import { backgroundAliases, backgroundTexts, statusLine } from './background-texts.js'

const inputSchema = z.object({
  task_id: z.string().min(1).max(100).describe('The id a background command was started with, e.g. bg_1.'),
})

/** `shell.kill`: stops a background command and everything it started. Structured: `{ taskId, status }`. */
export const shellKillTool = defineTool({
  name: 'shell.kill',
  description: loadText(import.meta.url, 'kill.description.md'),
  inputSchema,
  annotations: { readOnly: false, destructive: false, idempotent: true },
  resources: ({ task_id }) => [{ kind: 'file', path: `tool-results/background/${task_id}.log`, access: 'write' }],
  call: async ({ task_id: id }, ctx) => {
    const commands = commandsOf(ctx)
    const entry = commands.entries.find((each) => each.id === id)
    if (entry === undefined) throw unknownTask(commands, id)
    const stopped = await commands.kill(id, `stopped by ${backgroundAliases(ctx).kill}`)
    const now = commands.entries.find((each) => each.id === id) ?? entry
    return {
      content: stopped
        ? fillText(backgroundTexts.killed, { id })
        : fillText(backgroundTexts.notRunning, { status: statusLine(now) }),
      structured: { taskId: id, status: now.status },
    }
  },
  renderToolUseMessage: ({ task_id }) => `Stop ${task_id}`,
  renderToolResultMessage: (output) => String(output.structured?.status ?? ''),
})
