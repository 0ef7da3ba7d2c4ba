import { constants } from 'node:fs'
import { chmod, copyFile, lstat, mkdir, readdir, realpath, rename, rmdir, stat, unlink } from 'node:fs/promises'
import { basename, dirname, join, sep } from 'node:path'
import { randomBytes } from 'node:crypto'
import { ToolError } from '../core/tool-error.js'
import { fillText, loadText } from '../text/model-text.js'
import type { Mount } from './mount.js'
import { hostSpellings } from './host-spellings.js'
import { isHiddenFrom, realHiddenDirs } from './hidden-dirs.js'
import { mountFor, normalizeWorkspacePath, shownPath } from './normalize-path.js'
import { sha256Hex } from './sha256.js'
import { isInside, openInside, realTarget } from './verified-open.js'
import type { Workspace } from './workspace.js'
import type { ResolvedPath, WorkspaceEntry, WorkspaceStat } from './workspace-types.js'

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

const outside = (path: string) =>
  new ToolError('workspace.path_outside', fillText(texts.outside, { path: shownPath(path) }))
const controlFiles = (path: string) =>
  new ToolError('workspace.control_files', fillText(texts.controlFiles, { path: shownPath(path) }))
const notFound = (path: string) =>
  new ToolError('workspace.not_found', fillText(texts.notFound, { path: shownPath(path) }))

/**
 * A workspace over host directories. Reads are proven inside their mount from the open descriptor;
 * writes go to a verified temporary file renamed into place. Paths whose real target lies in one of
 * `options.hidden` (toolhost's data directory) are refused with `workspace.control_files` and left
 * out of listings, however they are spelled (symlinks, `..`, host paths).
 *
 * @example
 * const ws = createWorkspace([{ at: '', hostDir: '/srv/project', access: 'read-write' }])
 * await ws.writeFile('notes/todo.md', '- ship\n')
 */
export function createWorkspace(
  mounts: readonly Mount[],
  options: { readonly hidden?: readonly string[] } = {},
): Workspace {
  if (!mounts.some((m) => m.at === '')) throw new TypeError('a workspace needs a mount at its root (at: "")')
  const normalized = mounts.map((m) => ({ ...m, at: m.at.replace(/^\/+|\/+$/g, '') }))
  const hosts = hostSpellings(normalized)
  const hidden = realHiddenDirs(options.hidden ?? [])
  const realRoots = new Map<Mount, Promise<string>>()
  const realRoot = (mount: Mount) => {
    let root = realRoots.get(mount)
    if (root === undefined) {
      root = mkdir(mount.hostDir, { recursive: true }).then(() => realpath(mount.hostDir))
      realRoots.set(mount, root)
    }
    return root
  }

  const resolve = async (path: string, intent: 'read' | 'write'): Promise<ResolvedPath> => {
    const clean = normalizeWorkspacePath(path, hosts)
    const mount = mountFor(clean, normalized)
    if (mount === undefined) throw outside(path)
    if (intent === 'write' && (mount.access === 'read-only' || (clean === mount.at && mount.at !== ''))) {
      throw new ToolError(
        'workspace.read_only',
        fillText(texts.readOnly, { path: shownPath(clean), mount: mount.at || '.' }),
      )
    }
    const inner = mount.at === '' ? clean : clean.slice(mount.at.length).replace(/^\//, '')
    const hostPath = inner === '' ? mount.hostDir : join(mount.hostDir, ...inner.split('/'))
    const root = await realRoot(mount)
    const real = await realTarget(hostPath)
    if (!isInside(root, real)) throw outside(path)
    if (isHiddenFrom(hidden, root, real)) throw controlFiles(clean)
    // The workspace path of what the path leads to, so that rules judge the real file.
    const realInner =
      real === root
        ? ''
        : real
            .slice(root.length)
            .split(sep)
            .filter((part) => part !== '')
            .join('/')
    const realPath = [mount.at, realInner].filter((part) => part !== '').join('/')
    return { path: clean, mount, hostPath, realPath }
  }

  const readFile = async (path: string): Promise<Buffer> => {
    const target = await resolve(path, 'read')
    let handle
    try {
      const root = await realRoot(target.mount)
      handle = await openInside(target.hostPath, root, constants.O_RDONLY, undefined, (opened) =>
        isHiddenFrom(hidden, root, opened),
      )
    } catch (error) {
      throw fileError(error, target.path)
    }
    if (handle === undefined) throw outside(path)
    try {
      if ((await handle.stat()).isDirectory())
        throw new ToolError('workspace.is_directory', fillText(texts.isDirectory, { path: shownPath(target.path) }))
      return await handle.readFile()
    } finally {
      await handle.close()
    }
  }

  const statOf = async (path: string): Promise<WorkspaceStat | undefined> => {
    const target = await resolve(path, 'read')
    try {
      const info = await stat(target.hostPath)
      return {
        path: target.path,
        kind: info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other',
        size: info.size,
        mtimeMs: info.mtimeMs,
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR')
        return undefined
      throw fileError(error, target.path)
    }
  }

  const writeFile = async (
    path: string,
    data: string | Uint8Array,
    options: { readonly expectedSha256?: string | null } = {},
  ): Promise<void> => {
    const target = await resolve(path, 'write')
    const root = await realRoot(target.mount)
    // Writing through a symlink inside the mount changes the file it points to, not the link.
    const hostPath = await realTarget(target.hostPath)
    const existing = await lstat(hostPath).catch(() => undefined)
    if (existing?.isDirectory() === true)
      throw new ToolError('workspace.is_directory', fillText(texts.isDirectory, { path: shownPath(target.path) }))
    if (options.expectedSha256 !== undefined) {
      const current = existing === undefined ? null : sha256Hex(await readFile(target.path))
      if (current !== options.expectedSha256)
        throw new ToolError('workspace.file_changed', fillText(texts.changed, { path: shownPath(target.path) }))
    }
    const parent = dirname(hostPath)
    await mkdir(parent, { recursive: true })
    const temp = join(parent, `.${basename(hostPath)}.${randomBytes(6).toString('hex')}.tmp`)
    if (isHiddenFrom(hidden, root, hostPath)) throw controlFiles(target.path)
    const handle = await openInside(
      temp,
      root,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o666,
      (opened) => isHiddenFrom(hidden, root, opened),
    )
    if (handle === undefined) {
      await unlink(temp).catch(() => undefined)
      throw outside(path)
    }
    try {
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    try {
      if (existing?.isFile() === true) await chmod(temp, existing.mode & 0o7777)
      await rename(temp, hostPath)
    } catch (error) {
      await unlink(temp).catch(() => undefined)
      throw fileError(error, target.path)
    }
  }

  const list = async (path: string): Promise<WorkspaceEntry[]> => {
    const target = await resolve(path, 'read')
    let dirents
    try {
      dirents = await readdir(target.hostPath, { withFileTypes: true })
    } catch (error) {
      throw fileError(error, target.path)
    }
    const entries: WorkspaceEntry[] = []
    const realDir = await realTarget(target.hostPath)
    const root = await realRoot(target.mount)
    for (const dirent of dirents) {
      if (isHiddenFrom(hidden, root, join(realDir, dirent.name))) continue
      const entryPath = target.path === '' ? dirent.name : `${target.path}/${dirent.name}`
      if (normalized.some((m) => m.at !== '' && m.at === entryPath && m !== target.mount)) continue
      const info = await lstat(join(target.hostPath, dirent.name)).catch(() => undefined)
      if (info === undefined) continue
      const kind = info.isSymbolicLink()
        ? 'symlink'
        : info.isDirectory()
          ? 'directory'
          : info.isFile()
            ? 'file'
            : 'other'
      entries.push({ path: entryPath, name: dirent.name, kind, size: info.size, mtimeMs: info.mtimeMs })
    }
    // Mount points below this directory appear in it, whether or not the host has such a folder.
    for (const mount of normalized) {
      if (mount.at === '' || dirname(`/${mount.at}`).slice(1) !== target.path) continue
      const info = await stat(mount.hostDir).catch(() => undefined)
      entries.push({
        path: mount.at,
        name: basename(mount.at),
        kind: 'directory',
        size: 0,
        mtimeMs: info?.mtimeMs ?? 0,
      })
    }
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }

  const remove = async (path: string): Promise<void> => {
    const target = await resolve(path, 'write')
    if (target.path === target.mount.at) throw outside(path)
    try {
      const info = await lstat(target.hostPath)
      // Unlinking a symlink removes the link itself, never what it points to.
      if (info.isDirectory()) await rmdir(target.hostPath)
      else await unlink(target.hostPath)
    } catch (error) {
      throw fileError(error, target.path)
    }
  }

  const move = async (from: string, to: string): Promise<void> => {
    const source = await resolve(from, 'write')
    const dest = await resolve(to, 'write')
    if (source.path === source.mount.at) throw outside(from)
    await mkdir(dirname(dest.hostPath), { recursive: true })
    try {
      await rename(source.hostPath, dest.hostPath)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw fileError(error, source.path)
      await copyFile(source.hostPath, dest.hostPath)
      await unlink(source.hostPath)
    }
  }

  // Whatever a file-system call throws reaches the model as a tool error naming the workspace path.
  const workspacePath = (path: string) => {
    try {
      return normalizeWorkspacePath(path, hosts)
    } catch {
      return path
    }
  }
  const mapped =
    <A extends [string, ...unknown[]], R>(operation: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await operation(...args)
      } catch (error) {
        throw fileError(error, workspacePath(args[0]))
      }
    }
  return {
    mounts: normalized,
    hidden,
    resolve: mapped(resolve),
    normalize: (path) => normalizeWorkspacePath(path, hosts),
    stat: mapped(statOf),
    readFile: mapped(readFile),
    list: mapped(list),
    writeFile: mapped(writeFile),
    remove: mapped(remove),
    move: mapped(move),
  }
}

/** Turns a file-system error into the tool error the model can act on. */
function fileError(error: unknown, path: string): unknown {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT' || code === 'ENOTDIR') return notFound(path)
  if (code === 'EISDIR')
    return new ToolError('workspace.is_directory', fillText(texts.isDirectory, { path: shownPath(path) }))
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
