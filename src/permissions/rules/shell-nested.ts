import type { ScriptNode } from 'just-bash'

/**
 * Finds the scripts nested in words, redirections and expressions: `$(…)`, backticks, `<(…)`,
 * `>(…)` and command substitutions inside arithmetic. The walk is generic over the AST so that a
 * substitution tucked into an unusual place (`${x:-$(…)}`, a here-document, an array element) is
 * still found.
 */

/** A script nested in a command: parsed, text the parser left unparsed, or `null` when unreadable. */
export interface NestedScript {
  readonly script: ScriptNode | string | null
  /** True for `<(…)`, whose output the enclosing command reads. */
  readonly feedsInput: boolean
}

/** The nested scripts in `node`, outermost first; does not descend into the nested scripts themselves. */
export function findNestedScripts(node: unknown): NestedScript[] {
  const found: NestedScript[] = []
  visit(node, found)
  return found
}

function visit(node: unknown, found: NestedScript[]): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, found)
    return
  }
  if (typeof node !== 'object' || node === null) return
  const record = node as Record<string, unknown>
  switch (record.type) {
    case 'CommandSubstitution':
      found.push({ script: isScript(record.body) ? record.body : null, feedsInput: false })
      return
    case 'ProcessSubstitution':
      found.push({ script: isScript(record.body) ? record.body : null, feedsInput: record.direction === 'input' })
      return
    case 'ArithCommandSubst':
      found.push({ script: typeof record.command === 'string' ? record.command : null, feedsInput: false })
      return
  }
  for (const value of Object.values(record)) visit(value, found)
}

function isScript(value: unknown): value is ScriptNode {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'Script'
}
