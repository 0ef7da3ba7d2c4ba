import { ToolError } from '../../core/tool-error.js'
import { fillText } from '../../text/model-text.js'
import type { ToolCallContext, ToolOutput } from '../../tool/define-tool.js'
import { backgroundCommandsOf, type StartedCommand } from './background-commands.js'
import { backgroundOutputPath } from './background-list.js'
import { backgroundAliases, backgroundTexts } from './background-texts.js'

/**
 * Starts a shell command in the background of the call's run and answers at once with its task id:
 * a pending result the model follows up with `shell.output` and `shell.kill`. The run's
 * `sandbox.maxBackground` bounds how many run at once.
 */
export async function startInBackground(
  ctx: ToolCallContext,
  command: string,
  launch: () => Promise<StartedCommand>,
): Promise<ToolOutput> {
  const aliases = backgroundAliases(ctx)
  if (ctx.hostDirs === undefined) throw new ToolError('shell.background_unavailable', backgroundTexts.outsideRun)
  const commands = backgroundCommandsOf(ctx.hostDirs.runDir)
  const max = ctx.profile.sandbox.maxBackground
  if (commands.running >= max)
    throw new ToolError('shell.background_limit', fillText(backgroundTexts.limit, { count: max, ...aliases }))
  const entry = await commands.start(ctx.toolId.replace(/^builtin:/, ''), command, launch)
  const file = backgroundOutputPath(ctx.hostDirs.runDir, entry.id)
  return {
    content: fillText(backgroundTexts.started, { id: entry.id, ...aliases }),
    structured: { taskId: entry.id, status: 'pending', outputFile: file.workspace },
  }
}
