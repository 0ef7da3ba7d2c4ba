import { ToolError } from '../tool/tool-error.js'
import { fillText, loadText } from '../text/model-text.js'
import type { Mount } from './mount.js'

const texts = {
  outside: loadText(import.meta.url, 'texts/path-outside.txt'),
  hostPath: loadText(import.meta.url, 'texts/host-path.txt'),
}

/** Shows a path in an error without letting control characters through. */
export function shownPath(path: string): string {
  return JSON.stringify(path.length > 200 ? `${path.slice(0, 200)}…` : path).slice(1, -1)
}

/**
 * Normalizes a workspace path: `/` separators, no `.` segments, `..` resolved — never above the
 * root. A leading `/` means the workspace root. Refuses NUL bytes, escapes above the root, drive
 * letters and UNC paths, and host paths of a mount (naming the workspace path to use instead).
 * @throws ToolError `workspace.path_outside`
 */
export function normalizeWorkspacePath(path: string, mounts: readonly Mount[]): string {
  const outside = () => new ToolError('workspace.path_outside', fillText(texts.outside, { path: shownPath(path) }))
  if (path.includes('\0') || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\')) throw outside()
  for (const mount of mounts) {
    const host = mount.hostDir.replace(/\/+$/, '')
    if (host !== '' && (path === host || path.startsWith(`${host}/`))) {
      const rest = path.slice(host.length).replace(/^\/+/, '')
      const suggestion = [mount.at, rest].filter((part) => part !== '').join('/') || '.'
      throw new ToolError('workspace.path_outside', fillText(texts.hostPath, { path: shownPath(path), suggestion }))
    }
  }
  const parts: string[] = []
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') {
      if (parts.length === 0) throw outside()
      parts.pop()
    } else {
      parts.push(segment)
    }
  }
  return parts.join('/')
}

/** The mount a normalized path falls in: the one with the longest matching `at`. */
export function mountFor(path: string, mounts: readonly Mount[]): Mount | undefined {
  let best: Mount | undefined
  for (const mount of mounts) {
    const inside = mount.at === '' || path === mount.at || path.startsWith(`${mount.at}/`)
    if (inside && (best === undefined || mount.at.length > best.at.length)) best = mount
  }
  return best
}
