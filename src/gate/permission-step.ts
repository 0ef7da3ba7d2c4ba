import type { CatalogTool } from '../catalog/catalog-tool.js'
import type { ToolCallContext } from '../tool/define-tool.js'

/** The decision of the permission step of the gate (DESIGN §6 step 8). */
export type PermissionDecision =
  | { readonly behavior: 'allow'; readonly input?: Record<string, unknown> }
  | { readonly behavior: 'deny'; readonly reason: string; readonly rule?: string }

/**
 * The gate's permission step: decides whether an admitted call may run. The profile's rules,
 * hooks and approvals plug in here.
 */
export type PermissionStep = (
  request: { readonly tool: CatalogTool; readonly input: Record<string, unknown> },
  ctx: ToolCallContext,
) => Promise<PermissionDecision>

/**
 * The permission step when no rule engine is configured: the tool's own `checkPermissions` decides;
 * a call that asks for approval is refused, since nobody is there to approve it.
 */
export const toolOwnPermissionStep: PermissionStep = async ({ tool, input }, ctx) => {
  if (tool.checkPermissions === undefined) return { behavior: 'allow' }
  const check = await tool.checkPermissions(input, ctx)
  if (check.behavior === 'allow') return check.updatedInput === undefined ? { behavior: 'allow' } : { behavior: 'allow', input: check.updatedInput }
  if (check.behavior === 'deny') return { behavior: 'deny', reason: check.reason }
  return { behavior: 'deny', reason: `${check.reason} It needs approval, and no approver is configured.` }
}
