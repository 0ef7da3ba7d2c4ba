import type { CatalogTool } from '../catalog/catalog-tool.js'
import type { Profile } from '../profile/profile-schema.js'
import type { PermissionSubject, ToolCallContext } from '../tool/define-tool.js'
import type { Workspace } from '../workspace/workspace.js'
import { combineWithRule } from './hooks/combine-with-rule.js'
import type { HookConfig } from './hooks/hook-types.js'
import { runPreToolHooks } from './hooks/run-pre-tool-hooks.js'
import { evaluatePermission, type PermissionRules } from './rules/evaluate-permission.js'
import { askOnGitDirLinks } from './rules/git-dir.js'

/** The permission decision for one call before any person is asked. */
export type CallDecision =
  | {
      readonly behavior: 'allow'
      readonly input: Record<string, unknown>
      readonly reason: string
      readonly rule?: string
      readonly decidedBy: string
    }
  | { readonly behavior: 'deny'; readonly reason: string; readonly rule?: string; readonly decidedBy: string }
  | {
      readonly behavior: 'ask'
      readonly input: Record<string, unknown>
      readonly reason: string
      readonly rule?: string
      readonly decidedBy: string
    }

/** What deciding a call needs. */
export interface DecideCallRequest {
  readonly tool: CatalogTool
  readonly alias: string
  readonly input: Record<string, unknown>
  readonly profile: Profile
  readonly hooks: HookConfig
  readonly runId: string
  readonly ctx: ToolCallContext
}

/**
 * DESIGN §6 step 8 up to approval: the profile's rules, then the tool's own check, then pre-tool
 * hooks. Each step may only make the decision stricter, except that a hook may replace the input;
 * a hook's allow never lifts a deny or ask.
 */
export async function decideCall({
  tool,
  alias,
  input,
  profile,
  hooks,
  runId,
  ctx,
}: DecideCallRequest): Promise<CallDecision> {
  const subject = await withRealTargets(workspaceSubject(tool.permissionSubject?.(input), ctx.workspace), ctx.workspace)
  const rules = permissionRulesFor(tool, profile)
  const realPath = (path: string) =>
    ctx.workspace.resolve(path, 'write').then(
      (resolved) => resolved.realPath,
      () => undefined,
    )
  const verdict = await askOnGitDirLinks(
    evaluatePermission(rules, { toolId: tool.id, readOnly: tool.annotations.readOnly === true, subject }),
    subject,
    rules.mode,
    realPath,
  )
  const ruleInfo = { ...(verdict.rule !== undefined && { rule: verdict.rule }) }
  if (verdict.behavior === 'deny')
    return { behavior: 'deny', reason: verdict.reason, ...ruleInfo, decidedBy: verdict.decidedBy }

  let behavior: 'allow' | 'ask' = verdict.behavior
  let reason = verdict.reason
  let decidedBy: string = verdict.decidedBy
  let current = input
  if (tool.checkPermissions !== undefined) {
    const own = await tool.checkPermissions(current, ctx)
    if (own.behavior === 'deny') return { behavior: 'deny', reason: own.reason, decidedBy: 'tool' }
    if (own.behavior === 'ask') [behavior, reason, decidedBy] = ['ask', own.reason, 'tool']
    else if (own.updatedInput !== undefined) current = own.updatedInput
  }

  const hook = await runPreToolHooks(
    hooks,
    {
      event: 'pre_tool',
      toolId: tool.id,
      alias,
      callId: ctx.callId,
      input: current,
      runId,
      invocationId: ctx.invocationId,
    },
    ctx.signal,
  )
  if (hook.updatedInput !== undefined) {
    // A hook may rewrite the input, but the tool must still accept it.
    const checked = await tool.validate(hook.updatedInput)
    if (!checked.ok)
      return {
        behavior: 'deny',
        reason: `A pre-tool hook replaced the input with one the tool does not accept: ${checked.problems.map((p) => `${p.path} ${p.message}`).join('; ')}`,
        decidedBy: 'hook',
      }
    current = checked.value
  }
  const combined = combineWithRule(behavior, hook)
  if (combined !== behavior || (hook.decision !== 'none' && hook.decision !== 'allow')) {
    reason = hook.reason ?? reason
    decidedBy = 'hook'
  }
  if (combined === 'deny') return { behavior: 'deny', reason, decidedBy }
  return { behavior: combined, input: current, reason, ...ruleInfo, decidedBy }
}

/**
 * The permission rules a call of the tool is checked against: the profile's, with an allow rule
 * for the tool while a person allows it outside the profile (an MCP tool set to Allow). It goes
 * last, so the profile's deny and ask rules still decide first.
 */
export function permissionRulesFor(
  tool: Pick<CatalogTool, 'id' | 'allowedByPerson'>,
  profile: Profile,
): PermissionRules {
  if (tool.allowedByPerson?.() !== true) return profile.permissions
  return { ...profile.permissions, allow: [...profile.permissions.allow, tool.id] }
}

/**
 * A path subject with, beside each path, the workspace path of the file it leads to when a symlink
 * is on the way (`envlink` → `.env`): deny and ask rules judge the real file, and an allow rule must
 * cover both. Paths the workspace refuses are left as they are, for the rules and then the tool.
 */
export async function withRealTargets(
  subject: PermissionSubject | undefined,
  workspace: Workspace,
): Promise<PermissionSubject | undefined> {
  if (subject?.kind !== 'path') return subject
  const paths = new Set(subject.paths)
  for (const path of subject.paths) {
    const real = await workspace.resolve(path, 'read').then(
      (resolved) => resolved.realPath || '.',
      () => undefined,
    )
    if (real !== undefined) paths.add(real)
  }
  return paths.size === subject.paths.length ? subject : { ...subject, paths: [...paths] }
}

/**
 * Path subjects as the rules see them: workspace paths normalized the way the workspace reads them
 * (`/src/a.ts` is `src/a.ts`). Paths the workspace refuses are passed on as given, for the rules to
 * deny.
 */
export function workspaceSubject(
  subject: PermissionSubject | undefined,
  workspace: Workspace,
): PermissionSubject | undefined {
  if (subject?.kind !== 'path') return subject
  const paths = subject.paths.map((path) => {
    try {
      return workspace.normalize(path) || '.'
    } catch {
      return path
    }
  })
  return { ...subject, paths }
}
