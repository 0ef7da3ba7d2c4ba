import type { CatalogTool } from '../catalog/catalog-tool.js'
import type { Profile } from '../profile/profile-schema.js'
import { permissionRulesFor, workspaceSubject } from '../permissions/decide-call.js'
import { evaluatePermission } from '../permissions/rules/evaluate-permission.js'
import { type PermissionVerdict } from '../permissions/rules/permission-verdict.js'
import type { Workspace } from '../workspace/workspace.js'
import type { PermissionSubject } from '../tool/define-tool.js'
import { parseToolArguments } from '../tool/tool-arguments.js'

/** Why a call would be allowed, asked or denied by a profile's rules and mode. */
export interface PermissionExplanation extends PermissionVerdict {
  readonly toolId: string
  /** What the rules matched the call against, when the tool has a subject. */
  readonly subject?: PermissionSubject
  /** Whether the profile offers the tool in the scope asked about (a tool it does not offer is never called). */
  readonly offered: boolean
}

/**
 * Explains the permission decision of a profile's rules and mode for one call (the tool's own
 * check, hooks and people come after these and can only make it stricter).
 * @throws TypeError when the arguments are not a JSON object the tool accepts
 */
export async function explainPermission(
  tool: CatalogTool,
  wireArguments: unknown,
  profile: Profile,
  workspace: Workspace,
  offered = true,
): Promise<PermissionExplanation> {
  const args = parseToolArguments(wireArguments)
  if (!args.ok) throw new TypeError(`The arguments are ${args.reason}.`)
  const checked = await tool.validate(args.value)
  if (!checked.ok)
    throw new TypeError(
      `The arguments do not fit ${tool.id}: ${checked.problems.map((p) => `${p.path || '(root)'} ${p.message}`).join('; ')}`,
    )
  const subject = workspaceSubject(tool.permissionSubject?.(checked.value), workspace)
  const byPerson = tool.allowedByPerson?.() === true
  const verdict = evaluatePermission(permissionRulesFor(tool, profile), {
    toolId: tool.id,
    readOnly: tool.annotations.readOnly === true,
    subject,
  })
  const trace = [
    ...(offered
      ? []
      : [
          `The profile ${profile.id} does not offer ${tool.id} (tools.allow and tools.deny); calls of it are refused as unknown tools.`,
        ]),
    ...(byPerson
      ? [`A person set ${tool.id} to Allow (toolhost mcp allow), which counts as the allow rule ${tool.id}.`]
      : []),
    ...verdict.trace,
  ]
  return { ...verdict, trace, toolId: tool.id, offered, ...(subject !== undefined && { subject }) }
}
