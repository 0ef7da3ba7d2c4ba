import { ToolError } from '../core/tool-error.js'
import { fillText, loadText } from '../text/model-text.js'

/**
 * Sizes a workspace path may have. Past them the host refuses the path anyway (PATH_MAX, NAME_MAX
 * on Linux), and a path thousands of folders deep makes every check that walks it slow; refusing
 * it up front, before any file-system call, keeps both out of the tools.
 */
export const workspacePathLimits = {
  /** Bytes of the whole path, as given (UTF-8). */
  maxPathBytes: 4096,
  /** Bytes of one file or folder name. */
  maxNameBytes: 255,
  /** Folders a path may go down. */
  maxDepth: 256,
} as const

const text = loadText(import.meta.url, 'texts/path-too-long.txt')

/** The path cut short for a message: its start, with its size. */
function shortened(path: string): string {
  const start = JSON.stringify(path.slice(0, 60)).slice(1, -1)
  return path.length > 60 ? `${start}… (${path.length} characters)` : start
}

/**
 * Refuses a path past {@link workspacePathLimits}, looking only at the text.
 * @throws ToolError `workspace.path_too_long`
 */
export function checkPathSize(path: string): void {
  const tooLong = (problem: string) =>
    new ToolError('workspace.path_too_long', fillText(text, { path: shortened(path), problem }))
  const { maxPathBytes, maxNameBytes, maxDepth } = workspacePathLimits
  // Characters first: a path of more characters than the byte limit is over it, whatever they encode to.
  if (path.length > maxPathBytes || Buffer.byteLength(path) > maxPathBytes)
    throw tooLong(`it is longer than ${maxPathBytes} bytes`)
  let depth = 0
  for (const name of path.split('/')) {
    if (Buffer.byteLength(name) > maxNameBytes) throw tooLong(`a name in it is longer than ${maxNameBytes} bytes`)
    // Depth as the path resolves: `..` climbs back out of a folder.
    if (name === '..') depth = Math.max(0, depth - 1)
    else if (name !== '' && name !== '.') depth++
  }
  if (depth > maxDepth) throw tooLong(`it goes more than ${maxDepth} folders deep`)
}
