import type { CatalogTool } from '../catalog/catalog-tool.js'
import type { Profile } from '../catalog/profile-schema.js'
import { workspaceSubject } from '../permissions/decide-call.js'
import { evaluatePermission, type PermissionVerdict } from '../permissions/rules/evaluate-permission.js'
import type { Workspace } from '../workspace/workspace.js'
import type { PermissionSubject } from '../tool/define-tool.js'
import { parseToolArguments } from '../tool/tool-arguments.js'

/** Why a call would be allowed, asked or denied by a profile's rules and mode. */
export interface PermissionExplanation extends PermissionVerdict {
  readonly toolId: string
  /** What the rules matched the call against, when the tool has a subject. */
  readonly subject?: PermissionSubject
}

/**
 * Explains the permission decision of a profile's rules and mode for one call (the tool's own
 * check, hooks and people come after these and can only make it stricter).
 * @throws TypeError when the arguments are not a JSON object the tool accepts
 */
export async function explainPermission(tool: CatalogTool, wireArguments: unknown, profile: Profile, workspace: Workspace): Promise<PermissionExplanation> {
  const args = parseToolArguments(wireArguments)
  if (!args.ok) throw new TypeError(`The arguments are ${args.reason}.`)
  const checked = await tool.validate(args.value)
  if (!checked.ok) throw new TypeError(`The arguments do not fit ${tool.id}: ${checked.problems.map((p) => `${p.path || '(root)'} ${p.message}`).join('; ')}`)
  const subject = workspaceSubject(tool.permissionSubject?.(checked.value), workspace)
  const verdict = evaluatePermission(profile.permissions, { toolId: tool.id, readOnly: tool.annotations.readOnly === true, subject })
  return { ...verdict, toolId: tool.id, ...(subject !== undefined && { subject }) }
}
