import type { Dirent } from 'node:fs'
import { lstat, readFile, realpath, stat } from 'node:fs/promises'
import { join, sep } from 'node:path'
import { fillText, loadText } from '../../../text/model-text.js'
import { ToolError } from '../../../core/tool-error.js'
import type { Mount } from '../../../workspace/mount.js'
import { shownPath } from '../../../workspace/normalize-path.js'
import { isHiddenFrom } from '../../../workspace/hidden-dirs.js'
import { isInside } from '../../../workspace/verified-open.js'
import type { Workspace } from '../../../workspace/workspace.js'
import { FsPace } from './fs-pace.js'
import { isIgnored, isIgnoredPath, noIgnores, withIgnoreFile, type IgnoreChain } from './gitignore.js'

const texts = {
  notFound: loadText(import.meta.url, 'texts/not-found.txt'),
  outside: loadText(import.meta.url, 'texts/path-outside.txt'),
}

/**
 * The find tools walk host directories themselves, for speed, starting from paths the workspace
 * resolved. Every host path they touch is a real path (symlinks resolved) inside the mount it came
 * from; symlinks leading out of their mount, and those leading back into the walk, are not followed.
 */

/** A directory being walked. */
export interface WalkDir {
  /** Workspace path (`''` for the root). */
  readonly path: string
  /** Host path with symlinks resolved. */
  readonly realPath: string
  readonly mount: Mount
  /** Real host path of the mount's directory: nothing outside it is read. */
  readonly mountRoot: string
  /** The `.gitignore` rules that apply to this directory's entries. */
  readonly ignores: IgnoreChain
  /** Real paths of the walk's start and of every directory down to this one, for loop detection. */
  readonly trail: readonly string[]
}

/** A file or directory found by a walk. */
export interface WalkEntry {
  /** Workspace path. */
  readonly path: string
  readonly name: string
  readonly kind: 'file' | 'directory'
  /** Host path with symlinks resolved: what is opened or listed. */
  readonly realPath: string
  readonly mount: Mount
  readonly mountRoot: string
  /** True for the root of another mount appearing here (e.g. `tool-results`). */
  readonly isMount: boolean
}

/** A directory's entries (sorted by name, ignored ones left out), and the directory with its own `.gitignore` applied. */
export interface DirectoryListing {
  readonly dir: WalkDir
  readonly entries: readonly WalkEntry[]
}

/** One walk over a workspace: caches mount roots and counts what it passed over. */
export interface Walker {
  readonly workspace: Workspace
  /** Entries left out for safety or because they could not be read. */
  readonly passedOver: { outsideLinks: number; loops: number; unreadable: number }
  /** How file-system calls are made (synchronous while fast). */
  readonly pace: FsPace
  /**
   * Whether files an ask rule covers are walked: only when the call's own path is covered by one
   * (the person was asked about it); set by {@link openWalkStart}.
   */
  asked: boolean
  mountRoot(mount: Mount): Promise<string>
}

/** Starts a walk over `workspace`. */
export function createWalker(workspace: Workspace): Walker {
  const roots = new Map<Mount, Promise<string>>()
  return {
    workspace,
    passedOver: { outsideLinks: 0, loops: 0, unreadable: 0 },
    pace: new FsPace(),
    asked: false,
    mountRoot(mount) {
      let root = roots.get(mount)
      if (root === undefined) {
        // Resolving through the workspace creates a missing mount directory, as listing would.
        root = workspace.resolve(mount.at, 'read').then((resolved) => realpath(resolved.mount.hostDir))
        roots.set(mount, root)
      }
      return root
    },
  }
}

/** Where a walk starts: a directory, or a single file named by the call. */
export type WalkStart =
  { readonly kind: 'directory'; readonly dir: WalkDir } | { readonly kind: 'file'; readonly entry: WalkEntry }

/**
 * Resolves the workspace path a call names (escapes are refused by the workspace). The `.gitignore`
 * files of the directories above it apply, unless the path itself is ignored: what a call names
 * explicitly is searched.
 * @throws ToolError `workspace.path_outside`, `workspace.not_found`
 */
export async function openWalkStart(walker: Walker, path: string): Promise<WalkStart> {
  const info = await walker.workspace.stat(path)
  if (info === undefined || info.kind === 'other') {
    throw new ToolError(
      'workspace.not_found',
      fillText(texts.notFound, { path: shownPath(walker.workspace.normalize(path)) }),
    )
  }
  const resolved = await walker.workspace.resolve(path, 'read')
  const mountRoot = await walker.mountRoot(resolved.mount)
  const realPath = await realpath(resolved.hostPath)
  // The workspace checked the path; a symlink swapped in since then must not lead the walk out.
  if (!isInside(mountRoot, realPath) || isHiddenFrom(walker.workspace.hidden, mountRoot, realPath))
    throw new ToolError('workspace.path_outside', fillText(texts.outside, { path: shownPath(path) }))
  const restricted = walker.workspace.restricted
  walker.asked =
    restricted !== undefined && (restricted(resolved.path) === 'ask' || restricted(resolved.realPath) === 'ask')
  const isDirectory = info.kind === 'directory'
  let ignores = await ancestorIgnores(resolved.path, resolved.mount, mountRoot)
  if (isIgnoredPath(ignores, resolved.path, isDirectory)) ignores = noIgnores
  const name = resolved.path.slice(resolved.path.lastIndexOf('/') + 1)
  if (!isDirectory) {
    return {
      kind: 'file',
      entry: { path: resolved.path, name, kind: 'file', realPath, mount: resolved.mount, mountRoot, isMount: false },
    }
  }
  return {
    kind: 'directory',
    dir: { path: resolved.path, realPath, mount: resolved.mount, mountRoot, ignores, trail: [realPath] },
  }
}

/** The rules of `.git/info/exclude` and of the `.gitignore` files from the mount's root down to the parent of `path`. */
async function ancestorIgnores(path: string, mount: Mount, mountRoot: string): Promise<IgnoreChain> {
  let chain = noIgnores
  const exclude = await readRegularFile(join(mountRoot, '.git', 'info'), 'exclude', mountRoot)
  if (exclude !== undefined) chain = withIgnoreFile(chain, mount.at, exclude)
  const inner = path === mount.at ? [] : path.slice(mount.at === '' ? 0 : mount.at.length + 1).split('/')
  for (let depth = 0; depth < inner.length; depth++) {
    const segments = inner.slice(0, depth)
    const text = await readRegularFile(join(mountRoot, ...segments), '.gitignore', mountRoot)
    if (text !== undefined)
      chain = withIgnoreFile(chain, [mount.at, ...segments].filter((part) => part !== '').join('/'), text)
  }
  return chain
}

/** The text of file `name` in a host directory inside the mount, when it is a regular file (not a symlink). */
async function readRegularFile(hostDir: string, name: string, mountRoot: string): Promise<string | undefined> {
  const realDir = await realpath(hostDir).catch(() => undefined)
  if (realDir === undefined || !isInside(mountRoot, realDir)) return undefined
  const info = await lstat(join(realDir, name)).catch(() => undefined)
  if (info?.isFile() !== true) return undefined
  return readFile(join(realDir, name), 'utf8').catch(() => undefined)
}

/**
 * Lists a directory: `.git` left out, `.gitignore` applied (including the directory's own), other
 * mounts shown where they appear, symlinks followed only when they stay in their mount and do not
 * lead back into the walk, the data directory left out. An unreadable directory lists as empty and is counted.
 */
export async function readDirectory(walker: Walker, dir: WalkDir): Promise<DirectoryListing> {
  let dirents: Dirent[]
  try {
    dirents = await walker.pace.readdir(dir.realPath)
  } catch {
    walker.passedOver.unreadable++
    return { dir, entries: [] }
  }
  let ignores = dir.ignores
  if (dirents.some((dirent) => dirent.name === '.gitignore' && dirent.isFile())) {
    const text = await readFile(join(dir.realPath, '.gitignore'), 'utf8').catch(() => '')
    ignores = withIgnoreFile(ignores, dir.path, text)
  }
  const listed = { ...dir, ignores }
  const { mounts } = walker.workspace
  // The directory's real path is normalized, so a name appended to it is too (and cheaper than join).
  const hostDir = dir.realPath.endsWith(sep) ? dir.realPath : dir.realPath + sep
  const entries: WalkEntry[] = []
  for (const dirent of dirents) {
    if (dirent.name === '.git') continue
    const path = dir.path === '' ? dirent.name : `${dir.path}/${dirent.name}`
    if (mounts.some((mount) => mount.at === path && mount !== dir.mount)) continue
    // Plain files and directories, nearly every entry, need no further file-system call.
    const target = dirent.isFile()
      ? { kind: 'file' as const, realPath: hostDir + dirent.name }
      : dirent.isDirectory()
        ? { kind: 'directory' as const, realPath: hostDir + dirent.name }
        : await entryTarget(walker, dir, dirent)
    // toolhost's own state (the data directory) is never listed or searched, nor reached through a link.
    if (
      target === undefined ||
      isHiddenFrom(walker.workspace.hidden, dir.mountRoot, target.realPath) ||
      isIgnored(ignores, path, target.kind === 'directory')
    )
      continue
    if (isRestricted(walker, path, dir, target.realPath)) continue
    entries.push({
      path,
      name: dirent.name,
      kind: target.kind,
      realPath: target.realPath,
      mount: dir.mount,
      mountRoot: dir.mountRoot,
      isMount: false,
    })
  }
  for (const mount of mounts) {
    if (mount.at === '' || mount === dir.mount || parentOf(mount.at) !== dir.path) continue
    const mountRoot = await walker.mountRoot(mount)
    entries.push({
      path: mount.at,
      name: mount.at.slice(mount.at.lastIndexOf('/') + 1),
      kind: 'directory',
      realPath: mountRoot,
      mount,
      mountRoot,
      isMount: true,
    })
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  return { dir: listed, entries }
}

/** The directory to walk for a directory entry of `listing`. Another mount starts without the parent's ignore rules. */
export function enterDirectory(listing: DirectoryListing, entry: WalkEntry): WalkDir {
  return {
    path: entry.path,
    realPath: entry.realPath,
    mount: entry.mount,
    mountRoot: entry.mountRoot,
    ignores: entry.isMount ? noIgnores : listing.dir.ignores,
    trail: [...listing.dir.trail, entry.realPath],
  }
}

/** What a directory entry other than a file or directory is, following a symlink when that is safe; undefined to leave it out. */
async function entryTarget(
  walker: Walker,
  dir: WalkDir,
  dirent: Dirent,
): Promise<{ kind: 'file' | 'directory'; realPath: string } | undefined> {
  const hostPath = join(dir.realPath, dirent.name)
  if (!dirent.isSymbolicLink()) {
    // Some file systems do not report entry types; ask for them.
    const known = dirent.isFIFO() || dirent.isSocket() || dirent.isBlockDevice() || dirent.isCharacterDevice()
    const info = known ? undefined : await lstat(hostPath).catch(() => undefined)
    if (info?.isFile() === true) return { kind: 'file', realPath: hostPath }
    if (info?.isDirectory() === true) return { kind: 'directory', realPath: hostPath }
    return undefined
  }
  const realPath = await realpath(hostPath).catch(() => undefined)
  if (realPath === undefined) return undefined
  if (!isInside(dir.mountRoot, realPath)) {
    walker.passedOver.outsideLinks++
    return undefined
  }
  const info = await stat(realPath).catch(() => undefined)
  if (info?.isFile() === true) return { kind: 'file', realPath }
  if (info?.isDirectory() !== true) return undefined
  // A link to a directory above this one would loop; one to a directory inside the walk's start
  // would list its files twice.
  const [start = dir.realPath] = dir.trail
  if (isInside(start, realPath) || dir.trail.some((above) => isInside(realPath, above))) {
    walker.passedOver.loops++
    return undefined
  }
  return { kind: 'directory', realPath }
}

/**
 * True when the call's deny or ask rules cover the entry, by its own path or the file it leads to:
 * a walk from a parent directory never shows a file the rules keep from this call.
 */
function isRestricted(walker: Walker, path: string, dir: WalkDir, realPath: string): boolean {
  const restricted = walker.workspace.restricted
  if (restricted === undefined) return false
  const inner =
    realPath === dir.mountRoot
      ? ''
      : realPath
          .slice(dir.mountRoot.length + 1)
          .split(sep)
          .join('/')
  const real = [dir.mount.at, inner].filter((part) => part !== '').join('/')
  return [restricted(path), restricted(real)].some((rule) => rule === 'deny' || (rule === 'ask' && !walker.asked))
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash === -1 ? '' : path.slice(0, slash)
}
