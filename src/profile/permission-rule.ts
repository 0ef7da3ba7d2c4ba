import { toolPatternProblem } from '../core/tool-pattern.js'

/** A permission rule: `<ToolId glob>` or `<ToolId glob>(<specifier>)`, e.g. `builtin:workspace.shell(git status)`. */
export interface PermissionRule {
  readonly text: string
  readonly toolPattern: string
  /** The text inside the parentheses; `undefined` when the rule covers every call of the tool. */
  readonly specifier?: string
}

/** Parses a rule, or returns why it is malformed. */
export function parsePermissionRule(text: string): PermissionRule | { readonly problem: string } {
  const match = /^([^()\s]+)(?:\((.*)\))?$/s.exec(text)
  if (match === null) return { problem: 'must be <tool id or glob> or <tool id or glob>(<specifier>)' }
  const toolPattern = match[1] ?? ''
  const problem = toolPatternProblem(toolPattern)
  if (problem !== undefined) return { problem: `tool pattern "${toolPattern}" ${problem}` }
  const specifier = match[2]
  if (specifier !== undefined && specifier.trim() === '')
    return { problem: 'has empty parentheses; drop them to match every call' }
  return specifier === undefined ? { text, toolPattern } : { text, toolPattern, specifier }
}
