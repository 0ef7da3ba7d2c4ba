import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { openWorkspaceChanges, summarizeChanges } from '../../../sandbox/changes/workspace-changes.js'
import type { ToolCallContext } from '../../../tool/define-tool.js'

/** What a command changed in the workspace: the model's summary and, for people, the diff. */
export interface ChangeReport {
  /** One paragraph naming the changed files with their counts; empty when nothing changed. */
  readonly summary: string
  readonly structured: Record<string, unknown>
}

/**
 * Takes a snapshot of the workspace root before a command; `finish()` compares it with one taken
 * after. Undefined when the call has no state directory or git is missing (nothing is said then).
 */
export async function trackChanges(
  ctx: ToolCallContext,
  root: string,
): Promise<{ finish(): Promise<ChangeReport | undefined> } | undefined> {
  if (ctx.hostDirs === undefined) return undefined
  const stateDir = join(ctx.hostDirs.stateDir, 'changes', createHash('sha256').update(root).digest('hex').slice(0, 16))
  const changes = await openWorkspaceChanges({ root, stateDir, exclude: ctx.workspace.hidden })
  if ('unavailable' in changes) return undefined
  let before: string
  try {
    before = await changes.snapshot()
  } catch {
    // The report is for people and says nothing when it cannot be made: a git that fails or times
    // out on a workspace must not fail the command.
    return undefined
  }
  return {
    finish: async () => {
      try {
        const diff = await changes.diff(before, await changes.snapshot())
        return {
          summary: diff.files.length === 0 ? '' : summarizeChanges(diff.files),
          structured: { files: diff.files, patch: diff.patch, patchTruncated: diff.truncated },
        }
      } catch {
        return undefined
      }
    },
  }
}
