import { z } from 'zod'
import { defineTool, type ResourceClaim } from '../../../tool/define-tool.js'
import { fillText, loadText } from '../../../text/model-text.js'
import { ToolError } from '../../../core/tool-error.js'
import { fileClaim } from '../files/file-claim.js'
import { parsePatch, patchPaths } from './parse-patch.js'
import { changesOf, describeChanges, summaryLine } from './patch-summary.js'

const appliedText = loadText(import.meta.url, 'texts/applied.txt')

const inputSchema = z.object({
  patch: z.string().describe('The patch, from "*** Begin Patch" to "*** End Patch".'),
})

/**
 * `workspace.apply_patch`: applies a `*** Begin Patch` patch (add, delete, update with `@@` hunks,
 * move) to workspace files. The whole patch is parsed, and every operation planned against the
 * current files, before anything is written; writes are compare-and-swap on what was read.
 * No prior read is required (the hunks' context proves what the model knows); written files are
 * recorded in the read-state. Errors: `patch.invalid`, `patch.context_not_found`,
 * `patch.file_not_found`, `patch.file_exists`, `patch.not_text`, and the workspace's
 * `workspace.path_outside`, `workspace.read_only`, `workspace.file_changed`. Structured output:
 * `{ files: FileChange[] }`.
 */
export const applyPatchTool = defineTool({
  name: 'workspace.apply_patch',
  description: loadText(import.meta.url, 'apply-patch.description.md'),
  inputSchema,
  annotations: { readOnly: false, destructive: true },
  renamedParameters: { input: 'patch', diff: 'patch' },
  resources: ({ patch }): ResourceClaim[] => {
    const paths = pathsOf(patch)
    if (paths === undefined) return [{ kind: 'workspace', access: 'write' }]
    return paths.map((path) => fileClaim(path, 'write'))
  },
  permissionSubject: ({ patch }) => ({ kind: 'path', paths: pathsOf(patch) ?? ['.'], access: 'write' }),
  call: async ({ patch }, ctx) => {
    // Reading, planning and writing load with the first patch; parsing is needed before (claims).
    const [{ readTargets }, { planPatch }, { writePlan }] = await Promise.all([
      import('./read-targets.js'),
      import('./plan-patch.js'),
      import('./write-plan.js'),
    ])
    const { operations, states } = await readTargets(parsePatch(patch), ctx.workspace)
    const plan = planPatch(operations, states)
    ctx.signal.throwIfAborted()
    await writePlan(plan, ctx.workspace, ctx.readState)
    const files = plan.entries.map((entry) => entry.change)
    return { content: fillText(appliedText, { summary: files.map(summaryLine).join('\n') }), structured: { files } }
  },
  renderToolUseMessage: ({ patch }) => {
    const paths = pathsOf(patch)
    if (paths === undefined) return 'Apply a patch'
    const shown = paths.slice(0, 3).join(', ') + (paths.length > 3 ? ` and ${paths.length - 3} more` : '')
    return `Patch ${shown}`
  },
  renderToolResultMessage: (output) => {
    const changes = changesOf(output.structured)
    return changes === undefined ? (output.content.split('\n')[0] ?? '') : describeChanges(changes)
  },
})

/** The paths a patch touches, or `undefined` when it does not parse (or names none). */
function pathsOf(patch: string): string[] | undefined {
  try {
    const paths = patchPaths(parsePatch(patch))
    return paths.length > 0 ? paths : undefined
  } catch (error) {
    if (error instanceof ToolError) return undefined
    throw error
  }
}
