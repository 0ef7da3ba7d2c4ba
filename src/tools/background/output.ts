import { z } from 'zod'
import { ToolError } from '../../core/tool-error.js'
import { fillText, loadText } from '../../text/model-text.js'
import { formatBytes } from '../../text/quantities.js'
import { defineTool, type ToolCallContext } from '../../tool/define-tool.js'
import { cleanShellOutput, SHELL_INLINE_CHAR_LIMIT, shellOutputText } from '../workspace/shell/shell-output.js'
import { backgroundCommandsOf, type BackgroundCommands } from './background-commands.js'
import { backgroundAliases, backgroundTexts, statusLine } from './background-texts.js'

/** The longest `wait_ms` a read may give. */
export const OUTPUT_MAX_WAIT_MS = 120_000

const inputSchema = z.object({
  task_id: z.string().min(1).max(100).describe('The id a background command was started with, e.g. bg_1.'),
  wait_ms: z
    .number()
    .int()
    .min(0)
    .max(OUTPUT_MAX_WAIT_MS)
    .optional()
    .describe(`Wait up to this long for new output or the end; default 0, at most ${OUTPUT_MAX_WAIT_MS}.`),
})

/**
 * `shell.output`: the new output of a background command (since the previous read) and its status.
 * Structured: `{ taskId, status, exitCode?, outputFile, from, to }`.
 */
export const shellOutputTool = defineTool({
  name: 'shell.output',
  description: loadText(import.meta.url, 'output.description.md'),
  inputSchema,
  annotations: { readOnly: true },
  // Reads move the task's read position, so reads of one task run in order.
  resources: ({ task_id }) => [{ kind: 'file', path: `tool-results/background/${task_id}.log`, access: 'write' }],
  call: async ({ task_id: id, wait_ms: waitMs = 0 }, ctx) => {
    const commands = commandsOf(ctx)
    const read = await commands.read(id, waitMs, ctx.signal)
    if (read === undefined) throw unknownTask(commands, id)
    const output = cleanShellOutput(read.text)
    const lines = [statusLine(read.entry)]
    if (output === '') lines.push(backgroundTexts.noNewOutput)
    else {
      lines.push(
        fillText(backgroundTexts.newOutput, { size: formatBytes(read.to - read.from), path: read.file.workspace }),
      )
      lines.push(shellOutputText(output, SHELL_INLINE_CHAR_LIMIT - 1_000, read.file.workspace))
    }
    if (read.more) lines.push(fillText(backgroundTexts.moreOutput, backgroundAliases(ctx)))
    return {
      content: lines.join('\n'),
      structured: {
        taskId: id,
        status: read.entry.status,
        ...(read.entry.exitCode !== undefined && { exitCode: read.entry.exitCode }),
        outputFile: read.file.workspace,
        from: read.from,
        to: read.to,
      },
    }
  },
  renderToolUseMessage: ({ task_id }) => `Output of ${task_id}`,
  renderToolResultMessage: (output) => String(output.structured?.status ?? ''),
})

/** The run's background commands. @throws ToolError outside a run */
export function commandsOf(ctx: ToolCallContext): BackgroundCommands {
  if (ctx.hostDirs === undefined) throw new ToolError('shell.background_unavailable', backgroundTexts.outsideRun)
  return backgroundCommandsOf(ctx.hostDirs.runDir)
}

/** The error for an id the run does not have, listing those it has. */
export function unknownTask(commands: BackgroundCommands, id: string): ToolError {
  const ids = commands.entries.map((entry) => entry.id)
  const known =
    ids.length === 0 ? backgroundTexts.noTasks : fillText(backgroundTexts.knownTasks, { ids: ids.join(', ') })
  return new ToolError('shell.unknown_task', fillText(backgroundTexts.unknownTask, { id, known }))
}
