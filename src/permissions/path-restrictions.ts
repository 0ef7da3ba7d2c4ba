import { parsePermissionRule } from '../profile/permission-rule.js'
import { matchesToolPattern } from '../core/tool-pattern.js'
import type { PermissionRules } from './rules/evaluate-permission.js'
import { pathSpecifierMatches } from './rules/match-path.js'

/** Which rules of a tool cover a workspace path: `deny`, `ask`, or none (`undefined`). */
export type PathRestriction = (path: string) => 'deny' | 'ask' | undefined

/**
 * The workspace paths a tool's deny and ask rules cover, as one test: what a call of the tool may
 * not read or change without a person, so that a search, glob or listing from a parent directory
 * leaves those files out, and a symlink cannot lead a call to them. `undefined` when no deny or ask
 * rule of the tool names a path (nothing to leave out).
 * @example pathRestriction({ mode: 'default', allow: [], ask: [], deny: ['builtin:workspace.*(.env)'] }, 'builtin:workspace.search_files')?.('app/.env') // 'deny'
 */
export function pathRestriction(rules: PermissionRules, toolId: string): PathRestriction | undefined {
  const deny = specifiersOf(rules.deny, toolId)
  const ask = specifiersOf(rules.ask, toolId)
  if (deny.length === 0 && ask.length === 0) return undefined
  const covers = (specifiers: readonly string[], path: string) =>
    specifiers.some((specifier) => pathSpecifierMatches(specifier, path, 'restrict'))
  return (path) => (covers(deny, path) ? 'deny' : covers(ask, path) ? 'ask' : undefined)
}

function specifiersOf(rules: readonly string[], toolId: string): string[] {
  const specifiers: string[] = []
  for (const text of rules) {
    const rule = parsePermissionRule(text)
    if (!('problem' in rule) && rule.specifier !== undefined && matchesToolPattern(rule.toolPattern, toolId))
      specifiers.push(rule.specifier)
  }
  return specifiers
}
