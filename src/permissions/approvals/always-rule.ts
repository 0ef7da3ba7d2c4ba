import { normaliseHost } from '../rules/match-domain.js'
import type { PermissionSubject } from '../../tool/define-tool.js'
import type { ToolId } from '../../core/tool-id.js'
import { exactCommandSpecifiers, quoteWord } from './exact-command-rule.js'
import { exactPathSpecifier } from './exact-path-rule.js'
import { exactNameSpecifier } from '../rules/match-name.js'

/**
 * The rule "allow always" adds: the tool with exactly this call's subject, every glob and special
 * character escaped, so that approving one call never approves another. A command gets one rule
 * per simple command it runs (see `exact-command-rule.ts`), a call on several paths one rule per
 * path (anchored at the workspace root, see `exact-path-rule.ts`), a fetch `domain:<host>` for that
 * host alone, a named subject (a database connection) that name alone. Several rules are written
 * as a JSON array of rule texts ({@link alwaysRulesIn} reads it back). Only a call without a subject
 * is approved for the tool as a whole.
 *
 * @example alwaysRule('builtin:workspace.shell', { kind: 'command', command: 'rm -f build/*' }) // "builtin:workspace.shell(rm -f 'build/*')"
 */
export function alwaysRule(toolId: ToolId, subject: PermissionSubject | undefined): string {
  const rules = exactSpecifiers(subject)?.map((specifier) => `${toolId}(${specifier})`) ?? [toolId]
  return rules.length === 1 && rules[0] !== undefined ? rules[0] : JSON.stringify(rules)
}

/** The rules an {@link alwaysRule} text stands for. */
export function alwaysRulesIn(text: string): string[] {
  if (!text.startsWith('[')) return [text]
  try {
    const parsed: unknown = JSON.parse(text)
    if (Array.isArray(parsed) && parsed.every((rule) => typeof rule === 'string')) return parsed
  } catch {
    // Not an array of rules: a rule text of its own.
  }
  return [text]
}

function exactSpecifiers(subject: PermissionSubject | undefined): string[] | undefined {
  if (subject === undefined) return undefined
  if (subject.kind === 'domain') return [`domain:${normaliseHost(subject.host) ?? unmatchableHost(subject.host)}`]
  if (subject.kind === 'name') return [exactNameSpecifier(subject.name)]
  if (subject.kind === 'path')
    return subject.paths.length === 0 ? undefined : [...new Set(subject.paths.map(exactPathSpecifier))]
  const specifiers = exactCommandSpecifiers(subject.command)
  // Nothing in it can be checked, so it asks whatever the rules say; the rule names it as one word.
  return specifiers.length > 0 ? specifiers : [quoteWord(subject.command)]
}

/** An invalid host written so that no domain rule reading can make it a wildcard (`*`) or a host. */
function unmatchableHost(host: string): string {
  return host.replace(/[^A-Za-z0-9.-]/g, (char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`)
}
