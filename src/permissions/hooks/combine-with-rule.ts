/**
 * Combines the behaviour the permission rules (or the mode's default, or the tool's own check)
 * arrived at with the pre-tool hooks' decision: the stricter one wins (deny > ask > allow). A hook
 * may tighten a decision but never loosen it, so its allow cannot lift a deny or an ask (DESIGN §7).
 *
 * @example combineWithRule('ask', { decision: 'allow' }) // 'ask'
 * @example combineWithRule('allow', { decision: 'ask' }) // 'ask'
 */
export function combineWithRule(
  ruleBehavior: 'allow' | 'ask' | 'deny',
  hook: { readonly decision: 'allow' | 'ask' | 'deny' | 'none' },
): 'allow' | 'ask' | 'deny' {
  if (ruleBehavior === 'deny' || hook.decision === 'deny') return 'deny'
  if (ruleBehavior === 'ask' || hook.decision === 'ask') return 'ask'
  return 'allow'
}
