import ignore, { type Ignore } from 'ignore'

/** The rules of one `.gitignore` file and the workspace directory they are relative to. */
interface IgnoreLayer {
  readonly base: string
  readonly rules: Ignore
}

/**
 * The `.gitignore` files that apply inside a directory, outermost first. As in git, a deeper file
 * overrides an outer one, and within a file the last matching rule wins (so `!keep.log` re-includes).
 */
export type IgnoreChain = readonly IgnoreLayer[]

/** A chain with no rules. */
export const noIgnores: IgnoreChain = []

/** The chain with the rules of a `.gitignore` in directory `base` (a workspace path) added. */
export function withIgnoreFile(chain: IgnoreChain, base: string, text: string): IgnoreChain {
  const rules = ignore().add(text)
  return [...chain, { base, rules }]
}

/**
 * True when the chain ignores the workspace path `path`. Directories are tested with a trailing `/`
 * so that rules such as `build/` match them and not a file named `build`.
 */
export function isIgnored(chain: IgnoreChain, path: string, isDirectory: boolean): boolean {
  let ignored = false
  for (const { base, rules } of chain) {
    const relative = base === '' ? path : path.slice(base.length + 1)
    if (relative === '') continue
    let verdict
    try {
      verdict = rules.test(isDirectory ? `${relative}/` : relative)
    } catch {
      // The package refuses some unusual names; no rule can be meant for those.
      continue
    }
    if (verdict.ignored) ignored = true
    else if (verdict.unignored) ignored = false
  }
  return ignored
}
