import { ToolError } from '../core/tool-error.js'
import { fillText, loadText } from '../text/model-text.js'
import { shownPath } from './normalize-path.js'

const texts = {
  outside: loadText(import.meta.url, 'texts/path-outside.txt'),
  readOnly: loadText(import.meta.url, 'texts/read-only.txt'),
  notFound: loadText(import.meta.url, 'texts/not-found.txt'),
  changed: loadText(import.meta.url, 'texts/file-changed.txt'),
  isDirectory: loadText(import.meta.url, 'texts/is-directory.txt'),
  permission: loadText(import.meta.url, 'texts/permission-denied.txt'),
  controlFiles: loadText(import.meta.url, 'texts/control-files.txt'),
  hostTooLong: loadText(import.meta.url, 'texts/host-path-too-long.txt'),
  hostError: loadText(import.meta.url, 'texts/host-error.txt'),
}

/** `workspace.path_outside`: the path leads out of the workspace. */
export function outside(path: string): ToolError {
  return new ToolError('workspace.path_outside', fillText(texts.outside, { path: shownPath(path) }))
}

/** `workspace.control_files`: the path leads into a hidden directory (toolhost's own state). */
export function controlFiles(path: string): ToolError {
  return new ToolError('workspace.control_files', fillText(texts.controlFiles, { path: shownPath(path) }))
}

/** `workspace.read_only`: a write to a read-only mount (`mountAt` `''` is the root). */
export function readOnly(path: string, mountAt: string): ToolError {
  return new ToolError(
    'workspace.read_only',
    fillText(texts.readOnly, { path: shownPath(path), mount: mountAt || '.' }),
  )
}

/** `workspace.is_directory`: a file operation was given a folder. */
export function isDirectory(path: string): ToolError {
  return new ToolError('workspace.is_directory', fillText(texts.isDirectory, { path: shownPath(path) }))
}

/** `workspace.file_changed`: the file's content is not what a compare-and-swap expected. */
export function fileChanged(path: string): ToolError {
  return new ToolError('workspace.file_changed', fillText(texts.changed, { path: shownPath(path) }))
}

/** Turns a file-system error into the tool error the model can act on. */
export function fileError(error: unknown, path: string): unknown {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return new ToolError('workspace.not_found', fillText(texts.notFound, { path: shownPath(path) }))
  if (code === 'EISDIR') return isDirectory(path)
  if (code === 'ELOOP') return outside(path)
  if (code === 'EACCES' || code === 'EPERM')
    return new ToolError('workspace.permission_denied', fillText(texts.permission, { path: shownPath(path) }))
  if (code === 'ENAMETOOLONG')
    return new ToolError('workspace.path_too_long', fillText(texts.hostTooLong, { path: shownPath(path) }))
  // Any other system error (EMFILE, EIO, ENOSPC …): its message would show host paths.
  if (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).errno === 'number' &&
    typeof code === 'string'
  ) {
    return new ToolError('workspace.host_error', fillText(texts.hostError, { path: shownPath(path), code }))
  }
  return error
}
