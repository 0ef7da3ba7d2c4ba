import { ToolError } from '../core/tool-error.js'
import { fillText, loadText } from '../text/model-text.js'
import type { Mount } from './mount.js'
import { checkPathSize } from './path-limits.js'

const texts = {
  outside: loadText(import.meta.url, 'texts/path-outside.txt'),
  hidden: loadText(import.meta.url, 'texts/host-path-hidden.txt'),
}

/** Shows a path in an error without letting control characters through. */
export function shownPath(path: string): string {
  return JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}…` : path).slice(1, -1)
}

/** A host directory a mount can be named by: its configured spelling, or its real path. */
export type HostSpelling = Pick<Mount, 'at' | 'hostDir'>

/**
 * Normalizes a workspace path: `/` separators, no `.` segments, `..` resolved — never above the
 * root. The one rule for absolute paths: one that starts with a mount's host directory (equal to
 * it, or followed by `/`) is a host path and names that file, its `..` never leaving the mount;
 * any other leading `/` means the workspace root. Refuses NUL bytes, escapes, drive letters and UNC
 * paths, and host paths of files a mount hides (a project folder where another mount appears).
 * @param hosts the mounts' host directories; a mount may appear under several spellings
 * @throws ToolError `workspace.path_outside`, `workspace.path_too_long` (see `checkPathSize`)
 */
export function normalizeWorkspacePath(path: string, hosts: readonly HostSpelling[]): string {
  checkPathSize(path)
  const outside = () => new ToolError('workspace.path_outside', fillText(texts.outside, { path: shownPath(path) }))
  if (path.includes('\0') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\')) throw outside()
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.')
  const host = path.startsWith('/') ? hostMountOf(segments, hosts) : undefined
  if (host === undefined) return resolveDots(segments, outside).join('/')
  const inner = resolveDots(segments.slice(host.depth), outside)
  const clean = [host.at, ...inner].filter((part) => part !== '').join('/')
  // A folder of the host directory where another mount appears is hidden by it: the workspace path
  // would name the other mount's file, not the one the host path names.
  const shown = mountFor(clean, hosts)?.at ?? ''
  if (shown !== host.at)
    throw new ToolError('workspace.path_outside', fillText(texts.hidden, { path: shownPath(path), at: shown }))
  return clean
}

/** The mount whose host directory starts the absolute path (the deepest one), and its depth in segments. */
function hostMountOf(
  segments: readonly string[],
  hosts: readonly HostSpelling[],
): { readonly at: string; readonly depth: number } | undefined {
  let best: { at: string; depth: number } | undefined
  for (const host of hosts) {
    const dir = host.hostDir.split('/').filter((segment) => segment !== '' && segment !== '.')
    if (dir.length > segments.length || dir.some((segment, i) => segments[i] !== segment)) continue
    if (best === undefined || dir.length > best.depth) best = { at: host.at, depth: dir.length }
  }
  return best
}

function resolveDots(segments: readonly string[], outside: () => ToolError): string[] {
  const parts: string[] = []
  for (const segment of segments) {
    if (segment !== '..') parts.push(segment)
    else if (parts.pop() === undefined) throw outside()
  }
  return parts
}

/** The mount a normalized path falls in: the one with the longest matching `at`. */
export function mountFor<M extends Pick<Mount, 'at'>>(path: string, mounts: readonly M[]): M | undefined {
  let best: M | undefined
  for (const mount of mounts) {
    const inside = mount.at === '' || path === mount.at || path.startsWith(`${mount.at}/`)
    if (inside && (best === undefined || mount.at.length > best.at.length)) best = mount
  }
  return best
}
