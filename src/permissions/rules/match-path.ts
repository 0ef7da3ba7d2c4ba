import ignore, { type Ignore } from 'ignore'
import type { MatchPurpose } from './permission-part.js'

/**
 * Path specifiers: one gitignore-style pattern over workspace-relative paths, matched with the
 * `ignore` package. `*.md` matches at any depth, `/build` only at the root, `src/**` everything under
 * `src`, a leading `**` followed by a slash any directories, and a directory pattern covers everything
 * inside it.
 * Negation (`!x`) is not supported: such a rule matches nothing. A backslash makes the next
 * character literal: `/build/\*` names the file `build/*` at the root and nothing else (this is how
 * "allow always" writes paths); an allow rule holding a line break matches nothing.
 *
 * Paths are normalised first. Calls reach the rules with the paths the workspace normalised
 * (`workspaceSubject`): `/src/a.ts` and the host path `<root>/src/a.ts` both as `src/a.ts`, so one
 * rule covers every spelling. A path that leaves the workspace (`..` past the root), is absolute
 * (`/etc/passwd`, `C:\x`, `\\host\share`), starts at the home directory (`~`) or holds a NUL byte is
 * refused outright; real path safety (symlinks and so on) is the workspace's job later.
 */

/** A workspace path after normalisation, or why it is refused. */
export type NormalisedPath =
  { readonly ok: true; readonly path: string } | { readonly ok: false; readonly problem: string }

/** Normalises a workspace-relative path: `\` as `/`, `.` and `..` resolved, no trailing slash; `''` is the root. */
export function normaliseWorkspacePath(raw: string): NormalisedPath {
  if (raw.includes('\0')) return { ok: false, problem: 'contains a NUL byte' }
  // Backslashes separate directories on Windows; treating them so catches `..\..\x` everywhere.
  const path = raw.replace(/\\/g, '/')
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path))
    return { ok: false, problem: 'is an absolute path, not a path in the workspace' }
  if (path === '~' || path.startsWith('~/'))
    return { ok: false, problem: 'starts at the home directory, outside the workspace' }
  const segments: string[] = []
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment !== '..') segments.push(segment)
    else if (segments.pop() === undefined) return { ok: false, problem: 'leaves the workspace through ".."' }
  }
  return { ok: true, path: segments.join('/') }
}

const matchers = new Map<string, Ignore>()

function matcher(pattern: string, purpose: MatchPurpose): Ignore {
  const key = `${purpose}\0${pattern}`
  let found = matchers.get(key)
  if (found === undefined) {
    // Deny and ask rules ignore case, since case-insensitive file systems open `.ENV` for `.env`;
    // allow rules do not, so that nothing is allowed by a near miss.
    found = ignore({ ignorecase: purpose === 'restrict' }).add(pattern)
    if (matchers.size >= 1_000) matchers.clear()
    matchers.set(key, found)
  }
  return found
}

/** True when the specifier `pattern` covers the normalised workspace path `path` (`''` is the root). */
export function pathSpecifierMatches(pattern: string, path: string, purpose: MatchPurpose): boolean {
  // A space escaped with a backslash is part of the name (`/a\ ` names `a `); only unescaped ones are trimmed.
  const trimmed = pattern.replace(/^\s+/, '').replace(/(?<!\\)\s+$/, '')
  if (trimmed.startsWith('!')) return false
  // The matcher splits patterns at line breaks: as an allow rule, one would allow more than it says.
  if (purpose === 'allow' && /[\r\n]/.test(trimmed)) return false
  // `./src/**` means `src` at the root, as `/src/**` does.
  const anchored = trimmed.startsWith('./') ? trimmed.slice(1) : trimmed
  if (path === '') return ['*', '**', '/', '.', '/**'].includes(anchored)
  return matcher(anchored, purpose).ignores(path)
}
