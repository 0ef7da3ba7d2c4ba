import { mkdirSync, realpathSync } from 'node:fs'
import { basename, dirname, join, posix } from 'node:path'
import {
  EMPTY_BYTES,
  MountableFs,
  ReadWriteFs,
  type ByteString,
  type CpOptions,
  type FileContent,
  type FsStat,
  type IFileSystem,
  type MkdirOptions,
  type RmOptions,
} from 'just-bash'
import { isHiddenFrom } from '../../../workspace/hidden-dirs.js'
import { checkPathSize } from '../../../workspace/path-limits.js'
import { isInside, realTarget } from '../../../workspace/verified-open.js'
import type { EngineMount } from './shell-protocol.js'

/** Largest file a command may read at once (just-bash's default is 10 MiB). */
export const MAX_FILE_READ_BYTES = 64 * 1024 * 1024

type ReadOptions = Parameters<IFileSystem['readFile']>[1]
type WriteOptions = Parameters<IFileSystem['writeFile']>[2]
type DirentEntry = Awaited<ReturnType<NonNullable<IFileSystem['readdirWithFileTypes']>>>[number]

/** A mount with its host directory resolved, as the guard checks against it. */
interface RealMount {
  readonly at: string
  readonly realRoot: string
  readonly readOnly: boolean
  /** Real host directories that no command may reach or list through this mount, when they lie inside it. */
  readonly hidden: readonly string[]
}

/** How an operation uses a path: whether it changes it, and whether a symlink at the path itself is followed. */
interface Use {
  readonly write: boolean
  readonly follow: boolean
}

const read: Use = { write: false, follow: true }
const readLink: Use = { write: false, follow: false }
const write: Use = { write: true, follow: true }
const writeLink: Use = { write: true, follow: false }

const devNull = '/dev/null'
const devNullStat: FsStat = {
  isFile: true,
  isDirectory: false,
  isSymbolicLink: false,
  mode: 0o666,
  size: 0,
  mtime: new Date(0),
}

/**
 * The workspace mounts as one just-bash file tree: each mount a host-backed `ReadWriteFs` (symlinks
 * allowed, which just-bash keeps inside the mount) behind a {@link GuardedMountFs}. Creates missing
 * mount directories, as the workspace does. `hidden` real directories (toolhost's own state) are
 * refused and left out of listings, however a command spells them.
 * @throws Error when a mount directory cannot be created or mounts nest in a way just-bash refuses
 */
export function createShellFs(mounts: readonly EngineMount[], hidden: readonly string[] = []): IFileSystem {
  const real = mounts.map((mount) => {
    mkdirSync(mount.hostDir, { recursive: true })
    const realRoot = realpathSync(mount.hostDir)
    return { at: mount.at.replace(/^\/+|\/+$/g, ''), realRoot, readOnly: mount.access === 'read-only', hidden }
  })
  const guarded = (mount: RealMount) =>
    new GuardedMountFs(
      new ReadWriteFs({ root: mount.realRoot, allowSymlinks: true, maxFileReadSize: MAX_FILE_READ_BYTES }),
      mount,
      real,
    )
  const root = real.find((mount) => mount.at === '')
  if (root === undefined) throw new Error('the workspace has no root mount')
  const others = real.filter((mount) => mount !== root)
  return new MountableFs({
    base: guarded(root),
    mounts: others.map((mount) => ({ mountPoint: `/${mount.at}`, filesystem: guarded(mount) })),
  })
}

/**
 * One mount, checked before every operation reaches the host: the path's real target (symlinks
 * followed, or all but the last for operations on a link itself) must lie inside the mount's real
 * directory, and a change must not land in a read-only mount — this one, or one whose host directory
 * lies inside it, so a writable project cannot write into the run's `tool-results` when the data
 * directory sits in the project. just-bash's `ReadWriteFs` keeps paths and symlinks inside its root
 * too; this guard does not rely on it. In the root mount `/dev/null` reads empty and swallows writes.
 */
export class GuardedMountFs implements IFileSystem {
  readonly #inner: ReadWriteFs
  readonly #mount: RealMount
  readonly #all: readonly RealMount[]

  constructor(inner: ReadWriteFs, mount: RealMount, all: readonly RealMount[]) {
    this.#inner = inner
    this.#mount = mount
    this.#all = all
  }

  async readFile(path: string, options?: ReadOptions): Promise<string> {
    if (this.#isDevNull(path)) return ''
    await this.#check(path, read)
    return this.#inner.readFile(path, options)
  }

  async readFileBytes(path: string): Promise<ByteString> {
    if (this.#isDevNull(path)) return EMPTY_BYTES
    await this.#check(path, read)
    return this.#inner.readFileBytes(path)
  }

  async readFileBuffer(path: string): Promise<Uint8Array> {
    if (this.#isDevNull(path)) return new Uint8Array(0)
    await this.#check(path, read)
    return this.#inner.readFileBuffer(path)
  }

  async writeFile(path: string, content: FileContent, options?: WriteOptions): Promise<void> {
    if (this.#isDevNull(path)) return
    await this.#check(path, write)
    return this.#inner.writeFile(path, content, options)
  }

  async appendFile(path: string, content: FileContent, options?: WriteOptions): Promise<void> {
    if (this.#isDevNull(path)) return
    await this.#check(path, write)
    return this.#inner.appendFile(path, content, options)
  }

  async exists(path: string): Promise<boolean> {
    if (this.#isDevNull(path)) return true
    // A path that leads outside does not exist for the sandbox.
    return this.#check(path, read).then(
      () => this.#inner.exists(path),
      () => false,
    )
  }

  async stat(path: string): Promise<FsStat> {
    if (this.#isDevNull(path)) return devNullStat
    await this.#check(path, read)
    return this.#inner.stat(path)
  }

  async lstat(path: string): Promise<FsStat> {
    if (this.#isDevNull(path)) return devNullStat
    await this.#check(path, readLink)
    return this.#inner.lstat(path)
  }

  async mkdir(path: string, options?: MkdirOptions): Promise<void> {
    await this.#check(path, write)
    return this.#inner.mkdir(path, options)
  }

  async readdir(path: string): Promise<string[]> {
    const dir = await this.#check(path, read)
    const names = await this.#inner.readdir(path)
    return names.filter((name) => !this.#hides(join(dir, name)))
  }

  async readdirWithFileTypes(path: string): Promise<DirentEntry[]> {
    const dir = await this.#check(path, read)
    const entries = await this.#inner.readdirWithFileTypes(path)
    return entries.filter((entry) => !this.#hides(join(dir, entry.name)))
  }

  async rm(path: string, options?: RmOptions): Promise<void> {
    this.#refuseMountRoot(path, 'rm')
    await this.#check(path, writeLink)
    return this.#inner.rm(path, options)
  }

  async cp(src: string, dest: string, options?: CpOptions): Promise<void> {
    await this.#check(src, read)
    await this.#check(dest, write)
    return this.#inner.cp(src, dest, options)
  }

  async mv(src: string, dest: string): Promise<void> {
    this.#refuseMountRoot(src, 'mv')
    await this.#check(src, writeLink)
    await this.#check(dest, writeLink)
    return this.#inner.mv(src, dest)
  }

  resolvePath(base: string, path: string): string {
    return this.#inner.resolvePath(base, path)
  }

  getAllPaths(): string[] {
    return this.#inner.getAllPaths()
  }

  async chmod(path: string, mode: number): Promise<void> {
    await this.#check(path, write)
    return this.#inner.chmod(path, mode)
  }

  async symlink(target: string, linkPath: string): Promise<void> {
    await this.#check(linkPath, writeLink)
    return this.#inner.symlink(target, linkPath)
  }

  async link(existingPath: string, newPath: string): Promise<void> {
    // A hard link shares the file: linking one is changing what it may become.
    await this.#check(existingPath, write)
    await this.#check(newPath, writeLink)
    return this.#inner.link(existingPath, newPath)
  }

  async readlink(path: string): Promise<string> {
    await this.#check(path, readLink)
    return this.#inner.readlink(path)
  }

  async realpath(path: string): Promise<string> {
    await this.#check(path, read)
    return this.#inner.realpath(path)
  }

  async utimes(path: string, atime: Date, mtime: Date): Promise<void> {
    await this.#check(path, write)
    return this.#inner.utimes(path, atime, mtime)
  }

  /** Throws the error a command shows when `path` (relative to this mount) may not be used so; else the real host path it names. */
  async #check(path: string, use: Use): Promise<string> {
    const relative = posix.normalize(`/${path}`)
    const shown = this.#shown(relative)
    try {
      // The file tools' limits: a path thousands of folders deep makes every later call on it slow.
      checkPathSize(shown)
    } catch {
      throw new Error(`ENAMETOOLONG: file name too long, '${shown.slice(0, 100)}…'`)
    }
    if (use.write && this.#mount.readOnly) throw new Error(`EROFS: read-only file system, '${shown}'`)
    const hostPath = join(this.#mount.realRoot, relative)
    let target: string
    try {
      target =
        use.follow || relative === '/'
          ? await realTarget(hostPath)
          : join(await realTarget(dirname(hostPath)), basename(hostPath))
    } catch (error) {
      // Node's message names the host path; the sandbox sees only its own.
      throw new Error(`${(error as NodeJS.ErrnoException).code ?? 'EIO'}: cannot resolve '${shown}'`, { cause: error })
    }
    if (!isInside(this.#mount.realRoot, target))
      throw new Error(`EACCES: permission denied, '${shown}' leads outside the workspace`)
    // Commands report it in their own words (most as not found): it does not exist for the sandbox.
    if (this.#hides(target))
      throw new Error(`EACCES: permission denied, '${shown}' is toolhost's own state; tools cannot reach it`)
    if (use.write && this.#ownerOf(target).readOnly) throw new Error(`EROFS: read-only file system, '${shown}'`)
    return target
  }

  #hides(realPath: string): boolean {
    return isHiddenFrom(this.#mount.hidden, this.#mount.realRoot, realPath)
  }

  /** The mount a host path belongs to: the one with the deepest host directory holding it. */
  #ownerOf(hostPath: string): RealMount {
    let owner = this.#mount
    for (const mount of this.#all) {
      if (mount.realRoot.length > owner.realRoot.length && isInside(mount.realRoot, hostPath)) owner = mount
    }
    return owner
  }

  #refuseMountRoot(path: string, operation: string): void {
    if (posix.normalize(`/${path}`) === '/')
      throw new Error(`EPERM: operation not permitted, ${operation} '${this.#shown('/')}'`)
  }

  #isDevNull(path: string): boolean {
    return this.#mount.at === '' && posix.normalize(`/${path}`) === devNull
  }

  /** The path as the sandbox names it. */
  #shown(relative: string): string {
    if (this.#mount.at === '') return relative
    return relative === '/' ? `/${this.#mount.at}` : `/${this.#mount.at}${relative}`
  }
}
