import type { DescriptionContext } from '../../../tool/define-tool.js'
import type { ToolId } from '../../../core/tool-id.js'
import { fillText } from '../../../text/model-text.js'

/** Ids of the tools the file tools name in their texts. */
export const fileToolIds = {
  read: 'builtin:workspace.read_file',
  write: 'builtin:workspace.write_file',
  edit: 'builtin:workspace.edit',
  multiEdit: 'builtin:workspace.multi_edit',
  list: 'builtin:workspace.list_files',
  search: 'builtin:workspace.search_files',
  shell: 'builtin:workspace.shell',
} as const satisfies Record<string, ToolId>

/**
 * A sentence that names another tool, filled with `{tool}` = its alias, or `''` when the snapshot
 * does not offer that tool (a model should never be pointed at a tool it cannot call).
 */
export function ifOffered(
  ctx: DescriptionContext,
  toolId: ToolId,
  template: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  return ctx.has(toolId) ? fillText(template, { ...values, tool: ctx.alias(toolId) }) : ''
}
