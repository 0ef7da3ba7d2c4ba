import { lookupModelFamily, parseModelSpec, providerRules } from '../../../agent/providers/index.js'
import type { SlashCommand } from '../../../chat/commands/slash-command.js'
import type { ChatSession } from '../../../chat/session/chat-session.js'
import { matchesToolPattern } from '../../../core/tool-pattern.js'
import { evaluatePermission } from '../../../permissions/rules/evaluate-permission.js'
import { parsePermissionRule } from '../../../profile/permission-rule.js'
import type { PermissionMode, Profile } from '../../../profile/profile-schema.js'
import type { Snapshot } from '../../../snapshot/snapshot.js'
import type { SnapshotBinding } from '../../../snapshot/snapshot-binding.js'
import { parseStoredSnapshot } from '../../../snapshot/stored-snapshot.js'
import type { McpToolPermission } from '../../../store/mcp-servers.js'
import { counted } from '../../../text/quantities.js'
import { formatTable } from '../../format-table.js'
import { chatProtocol } from './chat-protocol.js'

/**
 * `/tools`: the chat's tools by alias and id, with what the profile's rules and the mode decide
 * for a call of each (allow, ask, deny); deferred tools marked. A chat under way shows its run's
 * own snapshot; before the first message, the snapshot its run would get.
 * @example await runSlash('/tools', ctx)
 */
export const toolsCommand: SlashCommand = {
  name: 'tools',
  usage: '/tools',
  summary: 'the tools of this chat and their permission',
  whileBusy: true,
  async run(_args, ctx) {
    const { session } = ctx
    const { profile } = await session.host.resolveProfile(session.profile)
    const snapshot = runSnapshot(session) ?? (await previewSnapshot(session, profile))
    const mode = session.mode ?? profile.permissions.mode
    const rows = snapshot.bindings.map((binding) => {
      const { behavior, some } = toolPermission(binding, profile, mode, personPermission(session, binding.toolId))
      return [
        binding.alias,
        binding.toolId,
        `${behavior}${some ? '*' : ''}${binding.deferred === true ? '  [deferred]' : ''}`,
      ]
    })
    const lines = [
      `${counted(rows.length, 'tool')} · profile ${profile.id} · ${mode} mode · scope ${snapshot.scope} · ${snapshot.protocol}`,
      formatTable(['ALIAS', 'ID', 'PERMISSION'], rows),
    ]
    if (rows.some((row) => row[2]?.includes('*') === true))
      lines.push('* rules decide some calls by their arguments: /permissions explain <alias> <json>')
    if (snapshot.bindings.some((binding) => binding.deferred === true))
      lines.push('[deferred]: not sent to the model; found with tools_search and called with tools_call')
    ctx.dispatch({ type: 'notice', tone: 'info', text: lines.join('\n') })
  },
}

/**
 * What the rules and mode decide for a call of a tool whatever its arguments, and whether rules
 * with a specifier decide some of its calls otherwise. `person` is the Off / Ask / Allow a person
 * set for an MCP tool: Allow counts as an allow rule, Ask asks at least, Off denies.
 * @example toolPermission(binding, profile, 'plan').behavior // 'deny' for a tool that changes things
 */
export function toolPermission(
  binding: Pick<SnapshotBinding, 'toolId' | 'annotations'>,
  profile: Profile,
  mode: PermissionMode,
  person?: McpToolPermission,
): { readonly behavior: 'allow' | 'ask' | 'deny'; readonly some: boolean } {
  const { permissions } = profile
  const rules = {
    ...permissions,
    mode,
    allow: person === 'allow' ? [...permissions.allow, binding.toolId] : permissions.allow,
  }
  const verdict = evaluatePermission(rules, {
    toolId: binding.toolId,
    readOnly: binding.annotations.readOnly === true,
  })
  const some = [...rules.allow, ...rules.ask, ...rules.deny].some((text) => {
    const rule = parsePermissionRule(text)
    return !('problem' in rule) && rule.specifier !== undefined && matchesToolPattern(rule.toolPattern, binding.toolId)
  })
  // The tool's own check comes after the rules and only makes the answer stricter.
  const behavior =
    verdict.behavior === 'deny' || person === 'off' ? 'deny' : person === 'ask' ? 'ask' : verdict.behavior
  return { behavior, some }
}

/** The Off / Ask / Allow a person set for an MCP tool; `undefined` for other tools. */
function personPermission(session: ChatSession, toolId: string): McpToolPermission | undefined {
  const match = /^mcp\/([^:]+):(.+)$/.exec(toolId)
  if (match === null) return undefined
  const [, server = '', name] = match
  return (
    session.host
      .mcp()
      .tools(server)
      .find((tool) => tool.name === name)?.permission ?? 'off'
  )
}

/** The snapshot of the chat's run (its active agent's), when there is a run. */
function runSnapshot(session: ChatSession): Snapshot | undefined {
  if (session.runId === undefined) return undefined
  const store = session.host.store()
  const active = store
    .runEvents(session.runId, { type: 'invocation_started' })
    .findLast((event) => event.data.mode !== 'child')
  const invocationId = active === undefined ? undefined : String(active.data.invocationId)
  const record = invocationId === undefined ? undefined : store.getInvocation(invocationId)
  return record === undefined || invocationId === undefined
    ? undefined
    : parseStoredSnapshot(record.snapshot, invocationId)
}

/** The snapshot the chat's first message would start its run with. */
async function previewSnapshot(session: ChatSession, profile: Profile): Promise<Snapshot> {
  const { provider, modelId } = parseModelSpec(session.model)
  const family = lookupModelFamily(modelId)
  const { snapshot } = await session.host.snapshot({
    profile,
    scope: session.scope,
    protocol: chatProtocol(session.model),
    acceptsImages: family?.acceptsImages ?? providerRules[provider].imagesByDefault,
    ...(family !== undefined && { contextTokens: family.contextTokens }),
    features: ['run'],
  })
  return snapshot
}
