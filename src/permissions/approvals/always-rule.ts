import type { PermissionSubject } from '../../tool/define-tool.js'
import type { ToolId } from '../../tool/tool-id.js'

/**
 * The rule "allow always" adds: the tool with this call's exact subject (the command, the one path,
 * the domain), so that approving one command never approves others. A call with several paths or
 * no subject is approved for the tool as a whole.
 *
 * @example alwaysRule('builtin:workspace.shell', { kind: 'command', command: 'git status' }) // 'builtin:workspace.shell(git status)'
 */
export function alwaysRule(toolId: ToolId, subject: PermissionSubject | undefined): string {
  if (subject === undefined) return toolId
  if (subject.kind === 'command') return `${toolId}(${subject.command})`
  if (subject.kind === 'domain') return `${toolId}(domain:${subject.host})`
  return subject.paths.length === 1 ? `${toolId}(${subject.paths[0]})` : toolId
}
