import { pathRestriction } from '../../../permissions/path-restrictions.js'
import { fillText, loadText } from '../../../text/model-text.js'
import type { ToolCallContext } from '../../../tool/define-tool.js'
import { ToolError } from '../../../core/tool-error.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import type { Workspace } from '../../../workspace/workspace.js'

const linkToDenied = loadText(import.meta.url, 'texts/link-to-denied.txt')

/**
 * The call's workspace with its tool's deny and ask rules on paths applied where the file is
 * used: walks (search, glob, listing) leave covered files out, and a path whose symlinks lead to a
 * denied file is refused when the tool resolves it, however it was spelled when the call was
 * checked. Paths the call names itself were judged by the rules before it ran (with their real
 * targets), so a file a person approved through an ask rule stays usable.
 */
export function restrictedWorkspace(ctx: Pick<ToolCallContext, 'workspace' | 'profile' | 'toolId'>): Workspace {
  const restricted = pathRestriction(ctx.profile.permissions, ctx.toolId)
  const base = ctx.workspace
  if (restricted === undefined) return base
  return {
    ...base,
    restricted,
    async resolve(path, intent) {
      const resolved = await base.resolve(path, intent)
      if (resolved.realPath !== resolved.path && restricted(resolved.realPath) === 'deny') {
        throw new ToolError(
          'permission.denied',
          fillText(linkToDenied, { path: shownPath(resolved.path), target: shownPath(resolved.realPath) }),
        )
      }
      return resolved
    },
  }
}
