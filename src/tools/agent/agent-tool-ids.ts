import { builtinAlias } from '../../snapshot/tool-alias.js'
import type { ToolId } from '../../core/tool-id.js'

/** Ids of the sub-agent tools (DESIGN §13). */
export const agentToolIds = {
  delegate: 'builtin:agent.delegate',
  await: 'builtin:agent.await',
  handoff: 'builtin:agent.handoff',
  taskReturn: 'builtin:task.return',
} as const satisfies Record<string, ToolId>

/**
 * Their aliases. Builtin aliases are fixed (DESIGN §4), so code without a snapshot at hand (the
 * delegation manager's errors) may name the tools by these.
 */
export const agentToolAlias = {
  delegate: builtinAlias('agent.delegate'),
  await: builtinAlias('agent.await'),
  handoff: builtinAlias('agent.handoff'),
  taskReturn: builtinAlias('task.return'),
} as const
