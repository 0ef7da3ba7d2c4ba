import { readFileSync } from 'node:fs'

/**
 * The shell attack corpus (`shell-attacks.json`): commands that hide code from the permission
 * matcher, and programs that run programs or write files, each with the rules of the profile it is
 * tried under and the decision the matcher must reach.
 */

export interface ShellAttack {
  readonly class: 'hidden-code' | 'programs-that-run-programs'
  readonly command: string
  /** Allow rules of the profile, as `workspace.shell` specifiers. */
  readonly allow: readonly string[]
  readonly deny?: readonly string[]
  readonly expect: 'allow' | 'ask' | 'deny'
}

export const shellAttacks: readonly ShellAttack[] = JSON.parse(
  readFileSync(new URL('./shell-attacks.json', import.meta.url), 'utf8'),
) as ShellAttack[]
