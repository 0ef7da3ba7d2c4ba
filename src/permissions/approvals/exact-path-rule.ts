import { normaliseWorkspacePath } from '../rules/match-path.js'

/**
 * The path specifier that names exactly one workspace path, for "allow always": normalised, anchored
 * at the workspace root with a leading `/` (so `config` never covers `.git/config`), and every
 * character the gitignore-style matcher reads as syntax escaped with a backslash: `*`, `?`, `[`,
 * `]`, `\`, a leading `!` or `#`, and spaces (trailing ones would be dropped). The root is `/`. As
 * with every path rule, a directory's rule also covers what is inside it; a path with a line break
 * cannot be named by a rule (the matcher splits patterns at line breaks), so its rule matches nothing.
 *
 * @example exactPathSpecifier('build/*') // '/build/\\*'
 */
export function exactPathSpecifier(raw: string): string {
  const normalised = normaliseWorkspacePath(raw)
  const path = normalised.ok ? normalised.path : raw
  return `/${path.replace(/[\\*?[\]!# ]/g, '\\$&')}`
}
