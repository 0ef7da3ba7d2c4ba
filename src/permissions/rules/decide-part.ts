import type { PermissionMode } from '../../profile/profile-schema.js'
import { modeDefault } from './mode-defaults.js'
import { partName, type MatchPurpose, type PermissionPart } from './permission-part.js'

/** A rule that names the tool being checked. */
export interface ApplicableRule {
  readonly text: string
  /** The text inside the parentheses; `undefined` when the rule covers every call. */
  readonly specifier?: string
}

/** The rules that name the tool being checked, by list. */
export interface ApplicableRules {
  readonly deny: readonly ApplicableRule[]
  readonly ask: readonly ApplicableRule[]
  readonly allow: readonly ApplicableRule[]
}

/** The decision for one part. */
export interface PartDecision {
  readonly behavior: 'allow' | 'ask' | 'deny'
  readonly decidedBy: 'rule' | 'mode' | 'dangerous' | 'unparseable'
  readonly rule?: string
  /** Start of the reason: `Denied by rule …`, `Needs approval`, `Allowed`. */
  readonly head: string
  /** Rest of the reason, after a colon, if any. */
  readonly why?: string
  readonly part: PermissionPart
}

const headOf = { allow: 'Allowed', ask: 'Needs approval', deny: 'Denied' } as const

function firstMatch(rules: readonly ApplicableRule[], part: PermissionPart, purpose: MatchPurpose): string | undefined {
  return rules.find((rule) => rule.specifier === undefined || part.matches(rule.specifier, purpose))?.text
}

/**
 * Decides one part: deny rules, then refusal (paths outside the workspace), ask rules, then for
 * parts that can be checked allow rules or the mode default, with dangerous parts asking at least.
 * Returns `undefined` for check-only parts no deny or ask rule matched: their inner parts decide.
 */
export function decidePart(
  part: PermissionPart,
  rules: ApplicableRules,
  mode: PermissionMode,
  readOnly: boolean,
  trace: string[],
): PartDecision | undefined {
  const name = partName(part)
  const finish = (decision: PartDecision): PartDecision => {
    // dontAsk never asks: whatever would need approval is denied.
    const final =
      mode === 'dontAsk' && decision.behavior === 'ask'
        ? { ...decision, behavior: 'deny' as const, head: 'Denied (dontAsk mode never asks)' }
        : decision
    trace.push(`${name}: ${final.behavior}.`)
    return final
  }
  const deny = firstMatch(rules.deny, part, 'restrict')
  if (deny !== undefined) {
    trace.push(`${name}: deny rule ${deny} matches.`)
    return finish({ behavior: 'deny', decidedBy: 'rule', rule: deny, head: `Denied by rule ${deny}`, part })
  }
  trace.push(`${name}: no deny rule matches.`)
  if (part.refused !== undefined) {
    trace.push(`${name}: refused, since ${part.refused}.`)
    return finish({ behavior: 'deny', decidedBy: 'dangerous', head: 'Denied', why: part.refused, part })
  }
  const ask = firstMatch(rules.ask, part, 'restrict')
  if (ask !== undefined) {
    trace.push(`${name}: ask rule ${ask} matches.`)
    return finish({
      behavior: 'ask',
      decidedBy: 'rule',
      rule: ask,
      head: headOf.ask,
      why: `rule ${ask} asks for it`,
      part,
    })
  }
  trace.push(`${name}: no ask rule matches.`)
  if (part.checkOnly === true) {
    trace.push(`${name}: the commands it runs decide the rest.`)
    return undefined
  }
  if (part.opaque !== undefined) {
    trace.push(`${name}: cannot be checked, since ${part.opaque}.`)
    if (part.dangers.length > 0) trace.push(`${name}: dangerous, since ${part.dangers.join('; ')}.`)
    const decidedBy = part.dangers.length > 0 ? 'dangerous' : 'unparseable'
    return finish({
      behavior: 'ask',
      decidedBy,
      head: headOf.ask,
      why: [...part.dangers, part.opaque].join('; '),
      part,
    })
  }
  const allow = firstMatch(rules.allow, part, 'allow')
  let decision: PartDecision
  if (allow !== undefined) {
    trace.push(`${name}: allow rule ${allow} matches.`)
    decision = { behavior: 'allow', decidedBy: 'rule', rule: allow, head: `Allowed by rule ${allow}`, part }
  } else {
    const outcome = modeDefault(mode, readOnly, part.fileEdit === true)
    if (rules.allow.length > 0) for (const note of part.allowNotes ?? []) trace.push(`${name}: ${note}.`)
    trace.push(`${name}: no allow rule matches; ${mode} mode gives ${outcome.behavior}, since ${outcome.why}.`)
    decision = { behavior: outcome.behavior, decidedBy: 'mode', head: headOf[outcome.behavior], why: outcome.why, part }
  }
  if (part.dangers.length === 0 || decision.behavior === 'deny') return finish(decision)
  const dangers = part.dangers.join('; ')
  trace.push(`${name}: dangerous, since ${dangers}.`)
  const why = allow === undefined ? dangers : `${dangers}, even though rule ${allow} allows it`
  return finish({ behavior: 'ask', decidedBy: 'dangerous', head: headOf.ask, why, part })
}
