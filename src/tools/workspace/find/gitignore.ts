import ignore, { type Ignore } from 'ignore'

/** The rules of one `.gitignore` file and the workspace directory they are relative to. */
interface IgnoreLayer {
  readonly base: string
  readonly rules: Ignore
  /**
   * True when every rule matches names, not paths (no `/` but a trailing one): an entry of a
   * directory the walk entered is then tested by its name alone, and the package's cache of
   * answers holds one per name instead of one per path.
   */
  readonly byName: boolean
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
  return [...chain, { base, rules, byName: text.split(/\r?\n/).every(matchesNameOnly) }]
}

/** True for a blank line, a comment, or a plain rule with no `/` inside (nor escapes, to be safe). */
function matchesNameOnly(line: string): boolean {
  if (line.trim() === '' || line.startsWith('#')) return true
  const body = line.replace(/^!/, '').replace(/\/$/, '')
  return !body.includes('/') && !body.includes('\\')
}

/**
 * True when the chain ignores `path`, an entry of a directory the chain does not ignore (as in a
 * walk, which does not enter ignored directories). Directories are tested with a trailing `/` so
 * that rules such as `build/` match them and not a file named `build`.
 */
export function isIgnored(chain: IgnoreChain, path: string, isDirectory: boolean): boolean {
  return test(chain, path, isDirectory, true)
}

/** True when the chain ignores the workspace path `path` or a directory above it. */
export function isIgnoredPath(chain: IgnoreChain, path: string, isDirectory: boolean): boolean {
  return test(chain, path, isDirectory, false)
}

function test(chain: IgnoreChain, path: string, isDirectory: boolean, inWalk: boolean): boolean {
  let ignored = false
  for (const { base, rules, byName } of chain) {
    let relative = base === '' ? path : path.slice(base.length + 1)
    if (relative === '') continue
    if (byName && inWalk) relative = relative.slice(relative.lastIndexOf('/') + 1)
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
