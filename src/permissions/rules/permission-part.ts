/**
 * A part of a call that rules are matched against one at a time: one simple command of a shell
 * command line, one path of a file tool, the host of a web fetch, or the whole call of a tool
 * without a subject. A call is allowed only when every part is; any denied part denies it.
 */

/**
 * Why a specifier is being matched. `restrict` (deny and ask rules) matches leniently, every way
 * the part could be read; `allow` matches strictly, so that nothing is allowed by a near miss.
 */
export type MatchPurpose = 'restrict' | 'allow'

/** One part of a call. */
export interface PermissionPart {
  /** The part for people: a command, a path, a host. */
  readonly label: string
  /** Where the part sits, when nested (e.g. `bash -c`). */
  readonly via?: string
  /** True when a rule with this specifier covers the part. */
  matches(specifier: string, purpose: MatchPurpose): boolean
  /** Only deny and ask rules apply (e.g. `bash -c '…'` itself, whose inner commands decide the rest). */
  readonly checkOnly?: boolean
  /** Why the part cannot be checked; it needs approval at least. */
  readonly opaque?: string
  /** Why the part is denied whatever the rules say but deny rules (a path outside the workspace). */
  readonly refused?: string
  /** Why the part is dangerous; it needs approval even when a rule allows it. */
  readonly dangers: readonly string[]
  /** What makes allow rules harder to match here (writes, assignments), for the trace. */
  readonly allowNotes?: readonly string[]
  /** The part writes a file through a file tool (acceptEdits mode allows it). */
  readonly fileEdit?: boolean
}

/** How traces name a part: `` `ls` (in bash -c) ``. */
export function partName(part: PermissionPart): string {
  return `\`${part.label}\`${part.via === undefined ? '' : ` (in ${part.via})`}`
}
