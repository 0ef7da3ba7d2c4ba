import { fillText, loadTexts } from '../../text/model-text.js'
import { cutShort } from '../../text/model-text.js'
import type { ToolCallContext } from '../../tool/define-tool.js'
import type { ToolId } from '../../core/tool-id.js'
import type { BackgroundEntry } from './background-list.js'

export const backgroundTexts = loadTexts(import.meta.url, [
  'statusRunning',
  'statusExited',
  'statusKilled',
  'statusLost',
  'newOutput',
  'noNewOutput',
  'moreOutput',
  'unknownTask',
  'knownTasks',
  'noTasks',
  'outsideRun',
  'limit',
  'started',
  'killed',
  'notRunning',
] as const)

/** The tool ids of the background tools, for naming them by alias. */
export const backgroundToolIds = { output: 'builtin:shell.output' as ToolId, kill: 'builtin:shell.kill' as ToolId }

/** The aliases the model calls the background tools by in this snapshot. */
export function backgroundAliases(ctx: Pick<ToolCallContext, 'alias'>): { output: string; kill: string } {
  return { output: ctx.alias(backgroundToolIds.output), kill: ctx.alias(backgroundToolIds.kill) }
}

/** One sentence on where a background command stands. */
export function statusLine(entry: BackgroundEntry, now: number = Date.now()): string {
  const values = {
    id: entry.id,
    command: cutShort(entry.command, 80),
    elapsed: formatElapsed((entry.endedAt ?? now) - entry.startedAt),
    exitCode: entry.exitCode ?? '?',
    note: entry.note ?? 'stopped',
  }
  switch (entry.status) {
    case 'running':
      return fillText(backgroundTexts.statusRunning, values)
    case 'exited':
      return fillText(backgroundTexts.statusExited, values)
    case 'killed':
      return fillText(backgroundTexts.statusKilled, values)
    case 'lost':
      return fillText(backgroundTexts.statusLost, values)
  }
}

function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000))
  return seconds < 120 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}
