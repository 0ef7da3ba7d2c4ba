import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, realpath, rename, writeFile } from 'node:fs/promises'
import { isAbsolute, join, relative, resolve, sep } from 'node:path'
import { diffTrees, type WorkspaceDiff } from './diff-trees.js'
import { findGit } from './find-git.js'
import { gitEnvironment, shadowAttributes } from './git-env.js'
import { withSerialLock } from './serial-lock.js'
import { snapshotTree, type GitRun, type ShadowRepo } from './shadow-repo.js'

export { summarizeChanges } from './summarize-changes.js'
export type { ChangedFile, ChangeStatus } from './parse-tree-diff.js'
export type { WorkspaceDiff } from './diff-trees.js'

/** Where the workspace is, where its shadow repository lives, and the bounds of its git. */
export interface WorkspaceChangesOptions {
  /** The workspace root. */
  readonly root: string
  /**
   * A directory of toolhost's own state for the shadow repository: created when missing, never the
   * workspace's `.git`, used for nothing else; inside the workspace only within an `exclude`d directory.
   */
  readonly stateDir: string
  /** Directories in the workspace that snapshots leave out, e.g. toolhost's data directory there. */
  readonly exclude?: readonly string[]
  /** Stops opening (git's version check, the repository's creation). */
  readonly signal?: AbortSignal
  /** Where git is looked for; the host's PATH when omitted. */
  readonly searchPath?: string
  /** Files larger than this are left out of snapshots; 8 MiB when omitted. */
  readonly maxFileBytes?: number
  /** The patch of a diff is cut past this many bytes; 1 MiB when omitted. */
  readonly maxPatchBytes?: number
  /** Longest one snapshot or one diff may take; 60 seconds when omitted. */
  readonly timeoutMs?: number
}

/** The changes of one workspace, seen through its shadow repository. */
export interface WorkspaceChanges {
  /** The workspace root, as a real path. */
  readonly root: string
  /** The git that runs, and its version. */
  readonly git: { readonly path: string; readonly version: string }
  /**
   * Records the workspace as it is now and returns the id of that tree. Fast when little changed:
   * git rehashes only files whose size or mtime moved. Snapshots of one state directory in this
   * process run one at a time.
   * @throws Error when git fails or takes longer than the time limit; the signal's reason when aborted
   */
  snapshot(signal?: AbortSignal): Promise<string>
  /**
   * What changed from the snapshot `before` to the snapshot `after`.
   * @throws Error when an id is not a snapshot's, git fails or takes too long; the signal's reason when aborted
   */
  diff(before: string, after: string, signal?: AbortSignal): Promise<WorkspaceDiff>
}

const defaults = { maxFileBytes: 8 * 1024 * 1024, maxPatchBytes: 1024 * 1024, timeoutMs: 60_000 } as const

/**
 * Opens the shadow repository of a workspace, creating it on first use, so that a command's file
 * changes can be told: snapshot before, snapshot after, diff the two. The workspace itself is
 * only read; its own `.git`, if any, is never read or written.
 *
 * @returns `{ unavailable }` with the reason when the host has no usable git; changes are then not reported
 * @throws Error when the root does not exist, or the state directory is inside the workspace (or it inside that)
 * @example
 * const changes = await openWorkspaceChanges({ root: '/home/me/project', stateDir: '/home/me/.toolhost/changes/1f3a' })
 * if ('unavailable' in changes) return
 * const before = await changes.snapshot()
 * // … the command runs …
 * const { files, patch, truncated } = await changes.diff(before, await changes.snapshot())
 * summarizeChanges(files) // 'Changed 2 files: src/a.ts (+4 −1), b.txt (new, +2).'
 */
export async function openWorkspaceChanges(
  options: WorkspaceChangesOptions,
): Promise<WorkspaceChanges | { readonly unavailable: string }> {
  const root = await realpath(options.root)
  const excluded = (options.exclude ?? [])
    .map((dir) => resolve(dir))
    .filter((dir) => isWithin(root, dir) && dir !== root)
  assertApart(root, resolve(options.stateDir), excluded)
  const searchPath = options.searchPath ?? process.env.PATH ?? '/usr/bin:/bin'
  const found = await findGit(searchPath, gitEnvironment(resolve(options.stateDir), searchPath))
  if ('unavailable' in found) return found
  options.signal?.throwIfAborted()

  await mkdir(options.stateDir, { recursive: true, mode: 0o700 })
  const gitDir = await realpath(options.stateDir)
  assertApart(root, gitDir, excluded)
  const env = gitEnvironment(gitDir, searchPath)
  if (!existsSync(join(gitDir, 'HEAD'))) await initBare(found.git, gitDir, env, options.signal)
  await writeInfoFile(gitDir, 'attributes', shadowAttributes)
  await writeInfoFile(gitDir, 'exclude', excludePatterns(root, excluded))

  const repo: ShadowRepo = {
    git: found.git,
    gitDir,
    workTree: root,
    env,
    maxFileBytes: options.maxFileBytes ?? defaults.maxFileBytes,
  }
  const timeoutMs = options.timeoutMs ?? defaults.timeoutMs
  const maxPatchBytes = options.maxPatchBytes ?? defaults.maxPatchBytes
  const bounded = (signal: AbortSignal | undefined): GitRun => ({ deadline: Date.now() + timeoutMs, signal })
  return {
    root,
    git: { path: found.git, version: found.version },
    // The time limit starts once the snapshot holds the lock, not while it waits for another.
    snapshot: (signal) => withSerialLock(gitDir, () => snapshotTree(repo, bounded(signal))),
    diff: (before, after, signal) => diffTrees(repo, bounded(signal), before, after, maxPatchBytes),
  }
}

/** Whether `inner` is `outer` or inside it. */
function isWithin(outer: string, inner: string): boolean {
  const path = relative(outer, inner)
  return path === '' || (path !== '..' && !path.startsWith(`..${sep}`) && !isAbsolute(path))
}

/**
 * Refuses a state directory around the workspace, or inside it but outside every excluded
 * directory (git would record itself).
 */
function assertApart(root: string, stateDir: string, excluded: readonly string[]): void {
  const recorded = isWithin(root, stateDir) && !excluded.some((dir) => isWithin(dir, stateDir))
  if (recorded || isWithin(stateDir, root)) {
    throw new Error(
      `the changes state directory ${stateDir} must be outside the workspace ${root} (or in a directory it excludes), and not hold it`,
    )
  }
}

/** `info/exclude` lines leaving out `dirs`: anchored at the root, with git's pattern characters escaped. */
function excludePatterns(root: string, dirs: readonly string[]): string {
  return dirs
    .map(
      (dir) =>
        `/${relative(root, dir)
          .split(sep)
          .join('/')
          .replace(/[\\*?[\]!# ]/g, '\\$&')}/\n`,
    )
    .join('')
}

/** Writes a file of the shadow repository's `info/` when it differs: a snapshot running meanwhile never reads a half-written file. */
async function writeInfoFile(gitDir: string, name: string, content: string): Promise<void> {
  const file = join(gitDir, 'info', name)
  if ((await readFile(file, 'utf8').catch(() => '')) === content) return
  await mkdir(join(gitDir, 'info'), { recursive: true })
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
  await writeFile(temporary, content)
  await rename(temporary, file)
}

function initBare(
  git: string,
  gitDir: string,
  env: Readonly<Record<string, string>>,
  signal: AbortSignal | undefined,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    // No template: no sample hooks, no description file; only what git needs.
    execFile(
      git,
      ['init', '--bare', '--quiet', '--template=', gitDir],
      { env, timeout: 30_000, ...(signal === undefined ? {} : { signal }) },
      (error) => (error ? reject(error) : resolvePromise()),
    )
  })
}
