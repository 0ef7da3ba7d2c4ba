import type { PermissionVerdict } from './permission-verdict.js'
import { parsePermissionRule } from '../../profile/permission-rule.js'
import type { PermissionMode } from '../../profile/profile-schema.js'
import { matchesToolPattern } from '../../core/tool-pattern.js'
import type { PermissionSubject } from '../../tool/define-tool.js'
import { decidePart, type ApplicableRule, type ApplicableRules, type PartDecision } from './decide-part.js'
import { subjectParts, wholeCallPart } from './subject-parts.js'

/**
 * The permission rule engine (DESIGN §7, rules and modes). Decisions on points the design leaves open:
 *
 * - A call is split into parts (see `permission-part.ts`); each part goes deny → ask → allow, first
 *   match wins, then the mode. The most restrictive part decides: deny over ask over allow.
 * - Deny and ask rules match leniently (with or without wrappers, assignments, a directory in the
 *   command name, upper case); allow rules match strictly (the command as it runs, with assignments
 *   other than harmless ones, with its writes). See `specifier.ts`.
 * - Writes: a command with an output redirection to a file is allowed only by a rule whose
 *   specifier has a redirection too (or by `*`). `2>&1`, `< file` and `> /dev/null` are no writes.
 * - What cannot be analysed (unparseable, over 10,000 characters, `eval "$x"`, `$cmd`, a shell
 *   reading standard input) needs approval in every mode but dontAsk, which denies it; only deny
 *   rules without specifier, or with `*`, can deny an unparseable command.
 * - Dangerous commands need approval even when allowed, in bypass mode too; dontAsk denies them.
 *   So do writes into `.git` (hooks, `config`), by file tools and by the shell (`git-dir.ts`).
 * - Ask rules still ask in bypass mode; dontAsk turns every ask into a denial.
 * - dontAsk allows read-only tools no rule covers, as default mode does; plan mode denies all else.
 * - Paths outside the workspace (`..` past the root, absolute, `~`, NUL) are denied in every mode;
 *   an invalid host name needs approval, since no domain rule can be checked against it.
 */

/** A profile's permission settings (DESIGN §7). */
export interface PermissionRules {
  readonly mode: PermissionMode
  readonly allow: readonly string[]
  readonly ask: readonly string[]
  readonly deny: readonly string[]
}

/** One call to check. */
export interface PermissionRequest {
  /** The tool's id, e.g. `builtin:workspace.shell`. */
  readonly toolId: string
  /** The tool only reads. */
  readonly readOnly: boolean
  /** What rules with a specifier are matched against; undefined when the tool names none. */
  readonly subject?: PermissionSubject | undefined
}

const severity = { allow: 0, ask: 1, deny: 2 } as const
/** Among parts with the same behavior, the one whose reason tells the most. */
const telling = { mode: 0, unparseable: 1, rule: 2, dangerous: 3 } as const

function outranks(decision: PartDecision, other: PartDecision): boolean {
  const bySeverity = severity[decision.behavior] - severity[other.behavior]
  return bySeverity > 0 || (bySeverity === 0 && telling[decision.decidedBy] > telling[other.decidedBy])
}

/**
 * Decides a call by the profile's rules and mode. The subject is split into parts (the simple
 * commands of a shell command, the paths of a file tool, the host of a fetch); each part goes
 * through deny → ask → allow rules (first match wins) and then the mode default. Any part denied
 * denies the call; any part needing approval makes the call need approval; the call is allowed
 * only when every part is. Dangerous commands need approval even when allowed, unparseable ones
 * need approval, and paths outside the workspace are denied. Deny rules apply in every mode.
 */
export function evaluatePermission(rules: PermissionRules, request: PermissionRequest): PermissionVerdict {
  const trace: string[] = [
    `Checking ${request.toolId} in ${rules.mode} mode; the tool ${request.readOnly ? 'only reads' : 'may change things'}.`,
  ]
  const applicable = applicableRules(rules, request.toolId, trace)
  const subject = subjectParts(request.subject)
  trace.push(subject.summary)
  const decisions = subject.parts.flatMap(
    (part) => decidePart(part, applicable, rules.mode, request.readOnly, trace) ?? [],
  )
  if (decisions.length === 0) {
    // Only `bash -c ''`-like containers with nothing inside: judge the call as a whole.
    const whole = decidePart(wholeCallPart('the command', true), applicable, rules.mode, request.readOnly, trace)
    if (whole !== undefined) decisions.push(whole)
  }
  const verdict = combine(decisions, subject.parts.length > 1)
  trace.push(`Verdict: ${verdict.behavior}. ${verdict.reason}`)
  return { ...verdict, trace }
}

/**
 * The verdict on a call with its trace as numbered lines, for `toolhost permissions explain`: the
 * rules that name the tool, how the subject was split, every rule tried on every part, and which
 * rule or mode default decided.
 */
export function explainPermission(rules: PermissionRules, request: PermissionRequest): string {
  return evaluatePermission(rules, request)
    .trace.map((line, index) => `${index + 1}. ${line}`)
    .join('\n')
}

function applicableRules(rules: PermissionRules, toolId: string, trace: string[]): ApplicableRules {
  const pick = (list: 'deny' | 'ask' | 'allow'): ApplicableRule[] => {
    const picked: ApplicableRule[] = []
    for (const text of rules[list]) {
      const rule = parsePermissionRule(text)
      if ('problem' in rule) trace.push(`Skipped the malformed ${list} rule "${text}": it ${rule.problem}.`)
      else if (matchesToolPattern(rule.toolPattern, toolId))
        picked.push(rule.specifier === undefined ? { text } : { text, specifier: rule.specifier })
    }
    const others = rules[list].length - picked.length
    const named = picked.length === 0 ? 'none' : picked.map((rule) => rule.text).join(', ')
    trace.push(
      `${list} rules for this tool: ${named}${others > 0 ? ` (${others} other ${others === 1 ? 'rule names other tools or is' : 'rules name other tools or are'} malformed)` : ''}.`,
    )
    return picked
  }
  return { deny: pick('deny'), ask: pick('ask'), allow: pick('allow') }
}

function reasonOf(decision: PartDecision, multiple: boolean): string {
  const via = decision.part.via === undefined ? '' : ` in ${decision.part.via}`
  const where = multiple ? ` for \`${decision.part.label}\`${via}` : ''
  return `${decision.head}${where}${decision.why === undefined ? '' : `: ${decision.why}`}.`
}

function combine(decisions: readonly PartDecision[], multiple: boolean): Omit<PermissionVerdict, 'trace'> {
  let worst = decisions[0]
  for (const decision of decisions) if (worst === undefined || outranks(decision, worst)) worst = decision
  if (worst === undefined)
    return { behavior: 'ask', decidedBy: 'unparseable', reason: 'Needs approval: nothing could be checked.' }
  if (worst.behavior !== 'allow' || !multiple) return verdictOf(worst, multiple)
  // Everything is allowed: name the rules, or the mode that allowed what no rule covered.
  const byMode = decisions.find((decision) => decision.decidedBy === 'mode')
  if (byMode !== undefined) return { behavior: 'allow', decidedBy: 'mode', reason: reasonOf(byMode, false) }
  const rules = [...new Set(decisions.flatMap((decision) => decision.rule ?? []))]
  const listed = rules.length === 1 ? `rule ${rules[0]}` : `rules ${rules.slice(0, -1).join(', ')} and ${rules.at(-1)}`
  return {
    behavior: 'allow',
    decidedBy: 'rule',
    ...(rules[0] === undefined ? {} : { rule: rules[0] }),
    reason: `Allowed by ${listed}.`,
  }
}

function verdictOf(decision: PartDecision, multiple: boolean): Omit<PermissionVerdict, 'trace'> {
  const base = { behavior: decision.behavior, decidedBy: decision.decidedBy, reason: reasonOf(decision, multiple) }
  return decision.rule === undefined ? base : { ...base, rule: decision.rule }
}
